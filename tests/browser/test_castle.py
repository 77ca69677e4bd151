"""A game of The Castle (ruleset castle), a human against greedy, played to its end by clicking:
placements, followers or passing, and the module's decisions (wall tiles, scoring order) through
the page's buttons. The record downloaded replays to the final scores the page shows."""
import os
import random

import lib


def test(d):
    game = lib.new_game(d, "castle", ["human", "greedy"], 5)
    rng = random.Random(5)
    turns = 0
    while lib.play_turn(d, rng):
        turns += 1
        if turns == 20:
            lib.shot(d, "castle")
    final = lib.final_scores(d)
    lib.shot(d, "castle-over")
    result = lib.check_record(d, os.path.join(lib.SHOTS, f"castle-game-{game}.yaml"))
    scores = [p["score"] for p in result.get("players", [])]
    if not result.get("legal") or scores != final:
        lib.fail(d, f"the page's final scores {final}; meeple replay of its record: {scores} ({result.get('error')})")


lib.main(test)
