"""The Design tab's designs directory (meeple serve --designs, which tests/cli/browser.sh starts
with the empty directory MEEPLE_DESIGNS): the tile set given on the command line saved under a
name (the file holds its text), listed and opened again; saved again over itself after confirm()
(the old one kept as NAME.bak), not saved when confirm() says no; a save over a file changed on
disk since it was opened refused in the page's error line; the Download link's text."""
import os

import lib

DIR = os.environ["MEEPLE_DESIGNS"]
BASE = os.path.join(lib.SRCDIR, "rulesets", "tiles", "base.yaml")


def read(path):
    with open(path) as f:
        return f.read()


def save_as(d, name, confirm):
    """Save as NAME, confirm() answering confirm; the state line's text once it changes."""
    d.execute_script(f"window.confirm = () => {'true' if confirm else 'false'};")
    d.execute_script("document.querySelector('[data-test=\"design-save-state\"]').textContent = '';")
    box = lib.find(d, "design-save-name")
    box.clear()
    box.send_keys(name)
    lib.find(d, "design-save").click()
    lib.wait(d, "the save's end", lambda drv: lib.find(drv, "design-save-state").text or lib.error_text(drv))
    return lib.find(d, "design-save-state").text


def test(d):
    d.get(lib.URL + "#design")
    lib.wait(d, "the designs directory's line", lambda drv: "no files yet" in lib.find(drv, "design-saved").text)
    lib.wait_for(d, "design-open-0").click()
    lib.wait_for(d, "design-tile-A")
    state = save_as(d, "mine.yaml", True)
    if state != "saved mine.yaml" or read(os.path.join(DIR, "mine.yaml")) != read(BASE):
        lib.fail(d, f"the first save says {state!r}; expected 'saved mine.yaml' and the file base.yaml's text")

    lib.wait_for(d, "design-saved-mine.yaml").click()
    lib.wait(d, "mine.yaml opened", lambda drv: lib.find(drv, "design-title").text.startswith("mine.yaml"))
    if lib.find(d, "design-save-name").get_attribute("value") != "mine.yaml":
        lib.fail(d, "the Save as box does not hold the name of the file opened")
    state = save_as(d, "mine.yaml", False)
    if state != "not saved: mine.yaml exists" or os.path.exists(os.path.join(DIR, "mine.yaml.bak")):
        lib.fail(d, f"a replace refused by confirm() says {state!r}, or wrote a backup")
    state = save_as(d, "mine.yaml", True)
    if state != "saved mine.yaml (backup mine.yaml.bak)" or read(os.path.join(DIR, "mine.yaml.bak")) != read(BASE):
        lib.fail(d, f"a replace confirmed says {state!r}; expected the backup named, holding the old text")
    lib.shot(d, "design-saved")

    with open(os.path.join(DIR, "mine.yaml"), "a") as f:
        f.write("# changed on disk\n")
    save_as(d, "mine.yaml", True)
    if "changed on disk since it was opened" not in lib.error_text(d):
        lib.fail(d, f"a save over a file changed on disk: the error line says {lib.error_text(d)!r}")
    if not read(os.path.join(DIR, "mine.yaml")).endswith("# changed on disk\n"):
        lib.fail(d, "a save over a file changed on disk overwrote it")

    href = lib.find(d, "design-download").get_attribute("href")
    if not href.endswith("/text") or lib.fetch_text(d, href) != read(BASE):
        lib.fail(d, f"the Download link {href!r} does not give the design's text")


lib.main(test)
