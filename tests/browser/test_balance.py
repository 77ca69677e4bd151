"""The Design tab's Balance block: market-town.yaml (given on the command line by
tests/cli/browser.sh) opened, a short balance run of greedy bots started from the page and followed
to its end (the progress bar, data-state done), then its chart and its table: a row per tile kind
(24 of the base set, 8 of the design), MT-gate's with its picture and the value `meeple balance`
gives, the flagged rows highlighted."""
import os

import lib
from selenium.webdriver.common.by import By

GAMES = 6    # few: under the sanitizers each game is slow


def test(d):
    d.get(lib.URL + "#design")
    lib.wait_for(d, "design-open-1")
    buttons = [b for b in lib.find_all(d, "design-open-") if b.text.endswith("market-town.yaml")]
    if not buttons:
        lib.fail(d, f"market-town.yaml is not offered: {lib.find(d, 'design-given').text!r}")
    buttons[0].click()
    lib.wait_for(d, "design-tile-MT-gate")
    if not lib.find(d, "balance-run").is_displayed():
        lib.fail(d, "the Balance block is not shown for a tile set that loads")
    games = lib.find(d, "balance-games")
    games.clear()
    games.send_keys(str(GAMES))
    players = lib.find(d, "balance-players")
    players.clear()
    players.send_keys("greedy,greedy")
    lib.find(d, "balance-run").click()
    lib.wait(d, "the balance job's end", lambda drv: lib.find(drv, "balance-state").get_attribute("data-state") in ("done", "failed")
             or lib.error_text(drv), timeout=240)
    state = lib.find(d, "balance-state")
    if state.get_attribute("data-state") != "done":
        lib.fail(d, f"balance did not finish: {state.text}")
    bar = lib.find(d, "balance-progress")
    if bar.get_attribute("value") != bar.get_attribute("max") or bar.get_attribute("max") != str(GAMES):
        lib.fail(d, f"the progress bar ends at {bar.get_attribute('value')}/{bar.get_attribute('max')}; expected {GAMES}/{GAMES}")

    chart = lib.find(d, "balance-chart").find_elements(By.CSS_SELECTOR, "img")
    if not chart or not d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", chart[0]):
        lib.fail(d, "the balance chart is not shown as an image")
    rows = lib.find_all(d, "balance-row-")
    sets = [r.find_elements(By.CSS_SELECTOR, "td")[1].text for r in rows]
    if len(rows) != 32 or sets.count("base") != 24 or sets.count("market-town") != 8:
        lib.fail(d, f"{len(rows)} rows ({sets.count('base')} base, {sets.count('market-town')} market-town); expected 24 base and 8 market-town")
    gate = lib.find(d, "balance-row-MT-gate")
    if not gate.find_elements(By.CSS_SELECTOR, "img"):
        lib.fail(d, "MT-gate's row has no picture")
    if lib.find(d, "balance-row-A").find_elements(By.CSS_SELECTOR, "img"):
        lib.fail(d, "a base tile's row has a picture; expected none (the design has no base tiles)")

    # The same games by the command: MT-gate's value, and the flags.
    path = os.path.join(lib.SRCDIR, "rulesets", "examples", "market-town.yaml")
    res = lib.meeple_json("balance", "--tiles", path, "--games", str(GAMES), "--seed", "1", "--players", "greedy,greedy", "--json")
    want = next(t for t in res["tiles"] if t["id"] == "MT-gate")
    value = gate.find_elements(By.CSS_SELECTOR, "td")[6].text
    if value != f"{want['value']:.2f}":
        lib.fail(d, f"MT-gate's value is {value}; expected {want['value']:.2f} as meeple balance gives")
    flagged = sorted(r.get_attribute("data-test")[len("balance-row-"):] for r in rows if "flagged" in (r.get_attribute("class") or "").split())
    if flagged != sorted(res["flagged"]):
        lib.fail(d, f"the rows highlighted are {flagged}; expected the flagged tiles {res['flagged']}")

    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", gate)
    lib.shot(d, "balance")


lib.main(test)
