"""Kinds of piece on the page (tests/rulesets/pieces.yaml with the seats green and pink, written
by tests/cli/browser.sh as pieces-colours), a human against greedy: when several kinds may be
deployed, a button for each chooses whose spots the board shows, each labelled with the piece's
name. The human deploys his large follower by its button and a spot (and his helper when it is
offered); the players' table then shows each kind's supply (large 0), the board's picture the
large follower (and the helper) by their own marks, the swatches the ruleset's colours as the
board draws them; the record downloaded through the page replays with the large follower's
deployment in it."""
import json
import os
import random

import lib
from selenium.webdriver.common.by import By


def board_svg(d, game):
    return json.loads(lib.fetch_text(d, f"/api/games/{game}/board"))["svg"]


def test(d):
    game = lib.new_game(d, "pieces-colours", ["human", "greedy"], 5)
    rng = random.Random(5)
    # The seats in the ruleset's colours, as the board draws them: green and pink.
    for seat, rgb in ((0, "44, 160, 44"), (1, "236, 127, 192")):
        got = lib.find(d, f"swatch-{seat}").value_of_css_property("background-color")
        if got not in (f"rgb({rgb})", f"rgba({rgb}, 1)"):
            lib.fail(d, f"seat {seat}'s swatch is {got}; expected {rgb}, the ruleset's colour")
    heads = [h.text for h in d.find_elements(By.CSS_SELECTOR, '[data-test="players"] th')]
    if heads[3:6] != ["follower", "large", "helper"]:
        lib.fail(d, f"the players' table is headed {heads}; expected a supply column for each kind of piece")
    deployed = {"large": 0, "helper": 0}

    def prefer(drv):
        """The button of a kind of piece not yet deployed, clicked; then one of its spots."""
        for piece in ("large", "helper"):
            buttons = drv.find_elements(By.CSS_SELECTOR, f'button[data-test="piece-{piece}"]')
            if buttons and not deployed[piece]:
                buttons[0].click()
                spots = lib.wait(drv, f"the spots of the {piece}", lambda x: x.find_elements(
                    By.CSS_SELECTOR, f'circle.spot[data-piece="{piece}"]'))
                labels = [t.text for t in drv.find_elements(By.CSS_SELECTOR, "text.spot-label")]
                if len(labels) != len(spots) or set(labels) != {piece}:
                    lib.fail(drv, f"the {piece}'s {len(spots)} spots are labelled {labels}")
                if "chosen" not in lib.find(drv, f"piece-{piece}").get_attribute("class"):
                    lib.fail(drv, f"the {piece}'s button is not marked as chosen")
                lib.shot(drv, f"pieces-{piece}-offered")
                deployed[piece] += 1
                return rng.choice(spots)
        return None

    for _ in range(150):
        if not lib.play_turn(d, rng, prefer):
            break
        if deployed["large"] == 1:
            deployed["large"] = 2
            left = lib.find(d, "supply-0-large").text
            if left != "0":
                lib.fail(d, f"the human's large follower is deployed, and the table says {left} left")
            if 'class="piece piece-large"' not in board_svg(d, game):
                lib.fail(d, "the board's picture shows no large follower after it was deployed")
            lib.shot(d, "pieces-large-deployed")
        if deployed["helper"] == 1:
            deployed["helper"] = 2
            svg = board_svg(d, game)
            if 'class="piece piece-helper"' not in svg or 'class="no-follower"' not in svg:
                lib.fail(d, "the board's picture shows no helper after it was deployed")
            lib.shot(d, "pieces-helper-deployed")
        if deployed["large"] and deployed["helper"]:
            break
    if not deployed["large"]:
        lib.fail(d, "the game went by without a large follower's tag for the human")
    path = os.path.join(lib.SHOTS, f"pieces-game-{game}.yaml")
    result = lib.check_record(d, path)
    if not result.get("legal"):
        lib.fail(d, f"meeple replay does not take the record as legal: {result}")
    with open(path) as f:
        if ":large" not in f.read():
            lib.fail(d, "the record has no deployment of a large follower (+WHERE:large)")


lib.main(test)
