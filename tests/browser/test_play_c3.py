"""A whole c3 game, a human against greedy, played by clicking: cells at a chosen rotation,
follower spots or passing. The record downloaded through the page's link replays with
`meeple replay --json` to the final scores the page shows, and so does the Replay tab."""
import os
import random

import lib
from selenium.webdriver.common.keys import Keys


def test(d):
    d.get(lib.URL)
    lib.wait_for(d, "ruleset-c3")
    lib.shot(d, "choose")
    game = lib.new_game(d, "c3", ["human", "greedy"], 11)
    rng = random.Random(11)
    turns = 0
    while lib.play_turn(d, rng):
        turns += 1
        if turns == 12:
            lib.shot(d, "play-mid-game")
    final = lib.final_scores(d)
    lib.shot(d, "play-over")
    if turns < 30:
        lib.fail(d, f"the game ended after {turns} decisions of the human's; expected a whole game")
    path = os.path.join(lib.SHOTS, f"c3-game-{game}.yaml")
    result = lib.check_record(d, path)
    if not result.get("legal") or not result.get("over"):
        lib.fail(d, f"meeple replay does not take the record as a legal finished game: {result}")
    scores = [p["score"] for p in result["players"]]
    if scores != final:
        lib.fail(d, f"the page's final scores {final} differ from meeple replay's {scores}")
    # The same record on the Replay tab, to its last turn.
    d.get(lib.URL + "#replay")
    lib.upload(d, "replay-file", path)
    slider = lib.wait_for(d, "replay-slider")
    lib.wait(d, "the replay", lambda drv: lib.find(drv, "replay-turn").text == "0" and slider.get_attribute("max") != "0")
    slider.send_keys(Keys.END)
    last = slider.get_attribute("max")
    lib.wait(d, f"turn {last}", lambda drv: lib.find(drv, "replay-turn").text == last)
    shown = [int(lib.find(d, f"replay-score-{p}").text) for p in range(len(final))]
    if shown != final:
        lib.fail(d, f"the Replay tab ends the game's record at {shown}; the game ended at {final}")


lib.main(test)
