"""The Replay tab: a .jcz save (tests/jcz/assert-scored.jcz, the longest game there) loaded
through the file input, stepped with the slider to its last turn, whose scores must be those of
`meeple replay --json` of the same file; then rescored under another ruleset, whose table and
chart appear beside the first."""
import os

import lib
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def scores(d, n):
    return [int(lib.find(d, f"replay-score-{p}").text) for p in range(n)]


def test(d):
    path = os.path.join(lib.SRCDIR, "tests", "jcz", "assert-scored.jcz")
    expected = [p["score"] for p in lib.meeple_json("replay", "--json", path)["players"]]
    d.get(lib.URL + "#replay")
    lib.upload(d, "replay-file", path)
    slider = lib.wait_for(d, "replay-slider")
    lib.wait(d, "the replay's first turn", lambda drv: lib.find(drv, "replay-turn").text == "0"
             and lib.find(drv, "replay-board-image"))
    last = int(slider.get_attribute("max"))
    if last < 5:
        lib.fail(d, f"the slider goes to turn {last}; expected the file's 8 turns")
    if scores(d, len(expected)) != [0] * len(expected):
        lib.fail(d, f"scores before the first turn: {scores(d, len(expected))}; expected none")
    slider.send_keys(Keys.RIGHT)     # a step, then to the end
    lib.wait(d, "turn 1", lambda drv: lib.find(drv, "replay-turn").text == "1")
    slider.send_keys(Keys.END)
    lib.wait(d, f"turn {last}", lambda drv: lib.find(drv, "replay-turn").text == str(last))
    got = scores(d, len(expected))
    if got != expected:
        lib.fail(d, f"the last turn's scores are {got}; meeple replay --json says {expected}")
    lines = d.find_elements(By.CSS_SELECTOR, '[data-test="score-chart"] polyline')
    if len(lines) != len(expected):
        lib.fail(d, f"the score chart has {len(lines)} lines; expected one per player ({len(expected)})")
    select = lib.find(d, "replay-ruleset")
    select.find_element(By.CSS_SELECTOR, 'option[value="c1-2000"]').click()
    lib.find(d, "replay-rescore").click()
    lib.wait_for(d, "rescore-chart")
    if not lib.find(d, "rescore-differences").text.strip():
        lib.fail(d, "rescored under c1-2000 and no difference listed")
    lib.shot(d, "replay")


lib.main(test)
