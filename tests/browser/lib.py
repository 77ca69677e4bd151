"""lib.py: what the browser tests share (tests/cli/browser.sh runs each test_*.py with the server
already up): headless Chromium through chromedriver, finding the page's elements by their
data-test names (tools/serve/page/index.html), playing a turn by clicking, screenshots.

Environment: MEEPLE_URL (the server, "http://127.0.0.1:PORT/"), MEEPLE (the program),
MEEPLE_SRCDIR (the source tree), MEEPLE_SHOTS (where screenshots go)."""
import json
import os
import subprocess
import sys

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

URL = os.environ["MEEPLE_URL"]
MEEPLE = os.environ["MEEPLE"]
SRCDIR = os.environ["MEEPLE_SRCDIR"]
SHOTS = os.environ.get("MEEPLE_SHOTS", "screenshots")
WAIT = 60          # seconds before a wait fails (a bot's turn under the sanitizers is slow)


def browser():
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1400,1000", "--disable-extensions", "--no-first-run"):
        opts.add_argument(a)
    d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
    d.set_script_timeout(WAIT)
    return d


def sel(name):
    return f'[data-test="{name}"]'


def find(d, name):
    return d.find_element(By.CSS_SELECTOR, sel(name))


def find_all(d, prefix):
    return d.find_elements(By.CSS_SELECTOR, f'[data-test^="{prefix}"]')


def wait(d, what, test, timeout=WAIT):
    """Waits until test(d) is true-ish; fails naming what was waited for, with the page's error line."""
    def ok(drv):
        try:
            return test(drv)
        except (StaleElementReferenceException, WebDriverException):
            return False
    try:
        return WebDriverWait(d, timeout, poll_frequency=0.05).until(ok)
    except Exception:
        fail(d, f"waited {timeout} s for {what}")


def fail(d, message):
    try:
        err = find(d, "error").text
    except WebDriverException:
        err = ""
    shot(d, "failure")
    raise AssertionError(f"{message}{'; the page says: ' + err if err else ''}")


def wait_for(d, name, timeout=WAIT):
    return wait(d, f'[data-test="{name}"]', lambda drv: drv.find_element(By.CSS_SELECTOR, sel(name)), timeout)


def error_text(d):
    e = find(d, "error")
    return e.text if e.is_displayed() else ""


def shot(d, name):
    os.makedirs(SHOTS, exist_ok=True)
    d.save_screenshot(os.path.join(SHOTS, f"{name}.png"))


def upload(d, name, path):
    """A file input given a file, as a user choosing it."""
    find(d, name).send_keys(os.path.abspath(path))


def fetch_text(d, href):
    """The text at a URL, fetched by the page itself (as a download would be)."""
    return d.execute_async_script(
        "const done = arguments[1]; fetch(arguments[0]).then(r => r.text()).then(done, e => done('ERROR ' + e));", href)


def meeple_json(*args):
    out = subprocess.run([MEEPLE, *args], capture_output=True, text=True, timeout=120)
    try:
        return json.loads(out.stdout)
    except ValueError:
        raise AssertionError(f"meeple {' '.join(args)} printed no JSON: {out.stdout[:300]} {out.stderr[:300]}")


# ------------------------------------------------------------------ a game

def new_game(d, ruleset, seats, seed):
    """The Choose tab: the ruleset, the seats' kinds, the seed; Start. Returns the game's id."""
    d.get(URL + "#choose")
    wait_for(d, f"ruleset-{ruleset}").click()
    def n_seats():
        return len(d.find_elements(By.CSS_SELECTOR, 'select[data-test^="seat-"][data-test$="-kind"]'))
    while n_seats() < len(seats):
        find(d, "add-seat").click()
    while n_seats() > len(seats):
        find(d, "remove-seat").click()
    for i, kind in enumerate(seats):
        select = find(d, f"seat-{i}-kind")
        select.find_element(By.CSS_SELECTOR, f'option[value="{kind}"]').click()
    seed_box = find(d, "seed")
    seed_box.clear()
    seed_box.send_keys(str(seed))
    find(d, "start-game").click()
    wait(d, "the game's page", lambda drv: drv.current_url.split("#")[-1].startswith("play/")
         and find(drv, "play-status").get_attribute("data-version") not in (None, "", "0"))
    return d.current_url.split("#play/")[1].split("/")[0]


def status(d):
    s = find(d, "play-status")
    return {k: s.get_attribute(f"data-{k}") for k in ("phase", "mine", "over", "version")}


def wait_turn(d):
    """Until this page is to act, or the game is over. The status line's data-*."""
    return wait(d, "the human's turn or the game's end",
                lambda drv: (lambda s: s if s["mine"] == "true" or s["over"] == "true" else None)(status(drv)))


def act(d, element):
    """Clicks what makes an action and waits for the state that follows."""
    before = status(d)["version"]
    element.click()
    wait(d, "the state after an action", lambda drv: status(drv)["version"] != before or error_text(drv))
    err = error_text(d)
    if err:
        fail(d, f"the action was refused: {err}")


def place_tile(d, rng):
    """A rotation, then a cell where it fits (bright), clicked."""
    rotations = find_all(d, "rotation-")
    if rotations:
        rng.choice(rotations).click()
    cells = d.find_elements(By.CSS_SELECTOR, 'rect.place.fits[data-test^="cell-"]')
    if not cells:
        fail(d, "no cell is highlighted for the chosen rotation")
    act(d, rng.choice(cells))


def play_turn(d, rng, prefer=None):
    """One decision of the human's, chosen at random among what the page offers: a placement, a
    follower spot or passing, a module's choice. prefer(d) may return an element to click instead.
    A page redrawn between finding an element and clicking it (a state polled) is tried again."""
    for _ in range(5):
        try:
            return decide(d, rng, prefer)
        except StaleElementReferenceException:
            continue
    fail(d, "the page kept changing under the clicks")


def decide(d, rng, prefer):
    s = wait_turn(d)
    if s["over"] == "true":
        return False
    if prefer:
        e = prefer(d)
        if e is not None:
            act(d, e)
            return True
    options = find_all(d, "spot-") + find_all(d, "choice-") + find_all(d, "pass")
    cells = find_all(d, "cell-")
    if s["phase"] == "place" and cells and not [o for o in options if o.get_attribute("data-test").startswith("choice-")]:
        place_tile(d, rng)
    elif s["phase"] == "place" and cells and rng.random() < 0.7:
        place_tile(d, rng)
    elif options:
        act(d, rng.choice(options))
    else:
        fail(d, f"nothing to click in phase {s['phase']}")
    return True


def final_scores(d):
    wait_for(d, "game-over")
    return [int(e.text) for e in sorted(find_all(d, "final-"), key=lambda e: int(e.get_attribute("data-test")[6:]))]


def check_record(d, path):
    """The record downloaded through the page's link, kept in path; `meeple replay --json` of it."""
    href = find(d, "download-record").get_attribute("href")
    text = fetch_text(d, href)
    with open(path, "w") as f:
        f.write(text)
    return meeple_json("replay", "--json", path)


def main(test):
    d = browser()
    try:
        test(d)
    except AssertionError as e:
        print(f"FAIL: {os.path.basename(sys.argv[0])}: {e}")
        sys.exit(1)
    finally:
        d.quit()
    print(f"ok: {os.path.basename(sys.argv[0])}")

