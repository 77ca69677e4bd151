"""The Design tab: the tile set given on the command line (rulesets/tiles/base.yaml) with each
tile's picture, a short tilestats run followed to its end (the progress bar, then the charts);
then a bad tile set uploaded (tests/bad/lint-pennant-on-road.yaml), its error shown beside the
tile it is about."""
import os

import lib
from selenium.webdriver.common.by import By


def test(d):
    d.get(lib.URL + "#design")
    given = lib.wait_for(d, "design-open-0")
    if "base.yaml" not in given.text:
        lib.fail(d, f"the file given to meeple serve is not offered: {given.text!r}")
    given.click()
    lib.wait_for(d, "design-tile-A")
    n = len(lib.find_all(d, "design-tile-"))
    if n != 24:
        lib.fail(d, f"{n} tiles shown for base.yaml; expected its 24 kinds")
    games = lib.find(d, "tilestats-games")
    games.clear()
    games.send_keys("12")
    lib.find(d, "tilestats-run").click()
    lib.wait(d, "the tilestats job's end", lambda drv: lib.find(drv, "tilestats-state").get_attribute("data-state") in ("done", "failed")
             or lib.error_text(drv))
    state = lib.find(d, "tilestats-state")
    if state.get_attribute("data-state") != "done":
        lib.fail(d, f"tilestats did not finish: {state.text}")
    bar = lib.find(d, "tilestats-progress")
    if bar.get_attribute("value") != bar.get_attribute("max") or bar.get_attribute("max") != "12":
        lib.fail(d, f"the progress bar ends at {bar.get_attribute('value')}/{bar.get_attribute('max')}; expected 12/12")
    bars = d.find_elements(By.CSS_SELECTOR, '[data-test="chart-drawn"] rect')
    if len(bars) != 2 * 24:
        lib.fail(d, f"the chart of drawn and unplaceable tiles has {len(bars)} bars; expected 2 per kind of tile")
    d.execute_script("arguments[0].scrollIntoView()", lib.wait_for(d, "tilestats-progress"))
    lib.wait_for(d, "chart-kinds")
    lib.shot(d, "design")

    lib.upload(d, "design-file", os.path.join(lib.SRCDIR, "tests", "bad", "lint-pennant-on-road.yaml"))
    lib.wait(d, "the bad tile set", lambda drv: "lint-pennant-on-road" in lib.find(drv, "design-title").text)
    diag = lib.wait_for(d, "design-diag-U")
    if "pennant" not in diag.text:
        lib.fail(d, f"beside tile U: {diag.text!r}; expected its error about the pennant on a road")
    if "1 error" not in lib.find(d, "design-summary").text:
        lib.fail(d, f"the summary says {lib.find(d, 'design-summary').text!r}; expected 1 error")
    lib.shot(d, "design-bad")


lib.main(test)
