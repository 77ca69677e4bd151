"""Two human seats in one browser (hot seat: the page that made the game acts for both), Undo
within a turn, a seat's secret link opened in another tab (it holds that seat only and waits,
asking every second, until the other seat has played), and a record resumed from the Choose tab
going on from its last turn."""
import os
import random

import lib
from selenium.webdriver.common.by import By


def drawn(d):
    return lib.find(d, "drawn").text


def log_length(d):
    return len(d.find_elements(By.CSS_SELECTOR, '[data-test="turn-log"] li'))


def finish_turn(d, rng):
    """Places the drawn tile, then passes or takes a spot until the seat's turn is over."""
    lib.place_tile(d, rng)
    while lib.status(d)["phase"] != "place" and lib.status(d)["over"] != "true":
        options = lib.find_all(d, "pass") or lib.find_all(d, "spot-") or lib.find_all(d, "choice-")
        lib.act(d, options[0])


def test(d):
    rng = random.Random(2)
    lib.new_game(d, "c3", ["human", "human"], 2)
    lib.wait_turn(d)
    tile = drawn(d)
    if not lib.find(d, "undo").get_attribute("disabled"):
        lib.fail(d, "Undo is offered before anything was done this turn")
    lib.place_tile(d, rng)
    if lib.status(d)["phase"] == "place":
        lib.fail(d, "still placing after the tile was placed")
    lib.act(d, lib.find(d, "undo"))
    if lib.status(d)["phase"] != "place" or drawn(d) != tile:
        lib.fail(d, f"after Undo: phase {lib.status(d)['phase']}, {drawn(d)!r}; expected to place {tile!r} again")
    finish_turn(d, rng)
    if "human-2" not in lib.find(d, "play-status").text or lib.status(d)["mine"] != "true":
        lib.fail(d, f"hot seat: after seat 1's turn the page does not act for seat 2: {lib.find(d, 'play-status').text!r}")

    # Seat 1's link in a tab of its own: it waits while seat 2 plays in the first tab.
    link = lib.find(d, "seat-link-0").get_attribute("href")
    first = d.current_window_handle
    d.switch_to.new_window("tab")
    d.get(link)
    lib.wait(d, "the link's page", lambda drv: lib.status(drv)["version"] not in (None, "", "0"))
    if lib.status(d)["mine"] != "false":
        lib.fail(d, "the link of seat 1 acts for seat 2")
    if len(lib.find_all(d, "seat-link-")) != 1:
        lib.fail(d, "a page opened from a seat's link holds other seats' links too")
    second = d.current_window_handle
    d.switch_to.window(first)
    finish_turn(d, rng)
    d.switch_to.window(second)
    lib.wait(d, "seat 1's turn seen by polling", lambda drv: lib.status(drv)["mine"] == "true")
    finish_turn(d, rng)
    turns = log_length(d)
    lib.shot(d, "play-seat-link")
    d.switch_to.window(first)
    lib.wait(d, "the first tab seeing seat 1's turn", lambda drv: log_length(drv) == turns)

    # The record resumed: the new game starts where it ended.
    path = os.path.join(lib.SHOTS, "seats-record.yaml")
    with open(path, "w") as f:
        f.write(lib.fetch_text(d, lib.find(d, "download-record").get_attribute("href")))
    game = d.current_url.split("#play/")[1].split("/")[0]
    d.get(lib.URL + "#choose")
    lib.upload(d, "resume-file", path)
    lib.wait(d, "the resumed game", lambda drv: "#play/" in drv.current_url and drv.current_url.split("#play/")[1] != game
             and log_length(drv) == turns or lib.error_text(drv))
    if lib.error_text(d):
        lib.fail(d, "the record was not resumed")
    lib.wait_turn(d)


lib.main(test)
