"""The tile editor of the Design tab: a new tile set drawn from a blank tile (a city cap with a
pennant, and a road), a diagnostic that appears while editing (the road's side taken out of its
segment) and goes away, saved into the designs directory (meeple serve --designs, set up by
tests/cli/browser.sh in MEEPLE_DESIGNS), then checked: meeple lint passes the file, and meeple
render tiles draws the picture the page showed. Then rulesets/examples/market-town.yaml opened,
one tile changed, undone, redone and saved under a new name, the rest of the file unchanged."""
import os
import subprocess

import lib
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

DESIGNS = os.environ.get("MEEPLE_DESIGNS", "")


def version(d):
    """The design shown: its id, which every edit changes."""
    return d.execute_script("return design.d ? design.d.design : 0")


def changes(d, what, action):
    """Does action and waits for the design it makes (a new id), the editor drawn again."""
    before = version(d)
    action()
    lib.wait(d, what, lambda drv: version(drv) != before and not drv.execute_script("return editor.busy") or lib.error_text(drv))
    if lib.error_text(d):
        lib.fail(d, f"{what}: the page's error line says {lib.error_text(d)!r}")


def type_into(box, text):
    """The input's text replaced, as a user selecting it all and typing, then leaving it (its change
    event: clear() would fire one of its own, an edit of an empty value)."""
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(text, Keys.TAB)


def valid(d):
    return lib.find(d, "editor-valid").get_attribute("data-valid")


def diagnostics(d):
    return [li.text for li in d.find_elements(By.CSS_SELECTOR, '[data-test="editor-diagnostics"] li')]


def side(d, s, kind):
    changes(d, f"side {s} made {kind}", lambda: Select(lib.find(d, f"editor-side-{s}")).select_by_value(kind))


def tile_model(d):
    return d.execute_script("return editor.tile()")


def save(d, name):
    box = lib.find(d, "design-save-name")
    box.clear()
    box.send_keys(name)
    lib.find(d, "design-save").click()
    lib.wait(d, f"{name} saved", lambda drv: name in lib.find(drv, "design-save-state").text or lib.error_text(drv))
    if lib.error_text(d):
        lib.fail(d, f"saving {name}: {lib.error_text(d)!r}")


def run(*args, cwd=None):
    return subprocess.run([lib.MEEPLE, *args], capture_output=True, text=True, timeout=120, cwd=cwd)


def test(d):
    d.get(lib.URL + "#design")
    name = lib.wait_for(d, "editor-set-name")
    name.clear()
    name.send_keys("cap.yaml")
    changes(d, "the new tile set", lambda: lib.find(d, "editor-new-set").click())
    lib.wait_for(d, "editor-pick-T1")
    if valid(d) != "true":
        lib.fail(d, f"the blank tile is not valid: {diagnostics(d)}")

    # A city cap to the north, a road to the south: the fields are drawn anew, either side of the road.
    side(d, "N", "city")
    side(d, "S", "road")
    t = tile_model(d)
    if t["edges"] != "CFRF" or [f["kind"] for f in t["features"]] != ["city", "road", "field", "field"]:
        lib.fail(d, f"after N city and S road the tile is {t}; expected edges CFRF, a city, a road and two fields")
    fields = [f for f in t["features"] if f["kind"] == "field"]
    if sorted(tuple(f["halves"]) for f in fields) != [("En", "Es", "Se"), ("Sw", "Ws", "Wn")] or any(f.get("touches") != ["N"] for f in fields):
        lib.fail(d, f"the fields are {fields}; expected En Es Se and Sw Ws Wn, each touching the city N")
    pennants = lib.find(d, "editor-feature-0-icon-pennant")
    changes(d, "a pennant on the city", lambda: type_into(pennants, "1"))
    if tile_model(d)["features"][0].get("icons") != {"pennant": 1}:
        lib.fail(d, f"the city's icons are {tile_model(d)['features'][0].get('icons')}; expected one pennant")
    if valid(d) != "true":
        lib.fail(d, f"the city cap with a road is not valid: {diagnostics(d)}")

    # The road's side S taken out of its segment: the side says road, nothing covers it.
    changes(d, "the road's S taken out", lambda: lib.find(d, "editor-feature-1-port-S").click())
    if valid(d) != "false" or not any("road" in g for g in diagnostics(d)):
        lib.fail(d, f"with no road on side S the editor says {lib.find(d, 'editor-valid').text!r}: {diagnostics(d)}; "
                    "expected an error about the road")
    lib.shot(d, "editor-diagnostic")
    changes(d, "the road's S put back", lambda: lib.find(d, "editor-feature-1-port-S").click())
    if valid(d) != "true" or diagnostics(d):
        lib.fail(d, f"with the road back the editor says {diagnostics(d)}; expected no diagnostic")
    lib.shot(d, "editor-new-tile")

    if not DESIGNS:
        lib.fail(d, "MEEPLE_DESIGNS is not set; expected tests/cli/browser.sh to start meeple serve --designs")
    save(d, "cap.yaml")
    path = os.path.join(DESIGNS, "cap.yaml")
    lint = run("lint", path)
    if lint.returncode != 0:
        lib.fail(d, f"meeple lint {path}: {lint.stdout} {lint.stderr}")
    render = run("render", "tiles", "cap.yaml", "-o", "-", cwd=DESIGNS)
    if render.returncode != 0 or render.stdout != d.execute_script("return design.d.sheet"):
        lib.fail(d, f"meeple render tiles cap.yaml does not draw the page's sheet: {render.stderr[:300]}")

    # market-town.yaml: MT-gate's count changed, undone, redone, saved under a new name.
    lib.upload(d, "design-file", os.path.join(lib.SRCDIR, "rulesets", "examples", "market-town.yaml"))
    lib.wait(d, "market-town.yaml", lambda drv: "market-town" in lib.find(drv, "design-title").text)
    lib.wait_for(d, "editor-pick-MT-gate").click()
    count = lib.wait_for(d, "editor-count")
    if count.get_attribute("value") != "2":
        lib.fail(d, f"MT-gate's count shows {count.get_attribute('value')!r}; expected 2")
    original = d.execute_script("return design.d.text")
    changes(d, "MT-gate's count made 3", lambda: type_into(count, "3"))
    changed = d.execute_script("return design.d.text")
    if "count: 3" not in changed or lib.find(d, "editor-layout").text.find("comments included") < 0:
        lib.fail(d, f"after the change the layout line says {lib.find(d, 'editor-layout').text!r}")
    changes(d, "undo", lambda: lib.find(d, "editor-undo").click())
    if d.execute_script("return design.d.text") != original or lib.find(d, "editor-count").get_attribute("value") != "2":
        lib.fail(d, "undo did not bring back the file as it was")
    changes(d, "redo", lambda: lib.find(d, "editor-redo").click())
    if d.execute_script("return design.d.text") != changed or lib.find(d, "editor-count").get_attribute("value") != "3":
        lib.fail(d, "redo did not bring back the change")
    lib.shot(d, "editor-market-town")
    save(d, "market-town-3.yaml")
    with open(os.path.join(DESIGNS, "market-town-3.yaml"), encoding="utf-8") as f:
        saved = f.read()
    with open(os.path.join(lib.SRCDIR, "rulesets", "examples", "market-town.yaml"), encoding="utf-8") as f:
        before = f.read().splitlines()
    after = saved.splitlines()
    differ = [i for i in range(max(len(before), len(after))) if i >= len(before) or i >= len(after) or before[i] != after[i]]
    if len(before) != len(after) or len(differ) != 1 or after[differ[0]].strip() != "count: 3":
        lib.fail(d, f"the saved market-town differs from the file in lines {differ[:10]}; expected only MT-gate's count")


lib.main(test)
