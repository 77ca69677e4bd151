"""A whole c3 game, a human against greedy, played by clicking: cells at a chosen rotation,
follower spots or passing. The record downloaded through the page's link replays with
`meeple replay --json` to the final scores the page shows."""
import os
import random

import lib


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
    result = lib.check_record(d, os.path.join(lib.SHOTS, f"c3-game-{game}.yaml"))
    if not result.get("legal") or not result.get("over"):
        lib.fail(d, f"meeple replay does not take the record as a legal finished game: {result}")
    scores = [p["score"] for p in result["players"]]
    if scores != final:
        lib.fail(d, f"the page's final scores {final} differ from meeple replay's {scores}")


lib.main(test)
