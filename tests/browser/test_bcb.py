"""A BCB game (bcb: bridges, castles, bazaars), a human against greedy, played by clicking until
the human has built a bridge and taken part in a bazaar through the page's buttons, then a few
turns more (or to the end). Each button said what it decides (its module) and was shown with its
cell highlighted when it has one."""
import random

import lib
from selenium.webdriver.common.by import By


def test(d):
    lib.new_game(d, "bcb", ["human", "greedy"], 3)
    rng = random.Random(3)
    done = {"bridges": 0, "bazaars": 0}
    after = 0

    def prefer(drv):
        for module in ("bazaars", "bridges"):
            buttons = drv.find_elements(By.CSS_SELECTOR, f'button[data-test^="choice-"][data-module="{module}"]')
            if buttons and (module == "bazaars" or not done[module]):
                if module == "bazaars" and not done[module]:
                    lib.shot(drv, "bcb-bazaar")
                b = rng.choice(buttons)
                if module == "bridges":
                    cells = drv.find_elements(By.CSS_SELECTOR, "rect.module-cell")
                    if not cells:
                        lib.fail(drv, f"a bridge's choice ({b.get_attribute('title')}) and no cell highlighted for it")
                done[module] += 1
                return b
        return None

    for _ in range(200):
        if not lib.play_turn(d, rng, prefer):
            break
        if done["bridges"] == 1 and not after:
            lib.shot(d, "bcb-bridge")
        if done["bridges"] and done["bazaars"]:
            after += 1
            if after > 6:
                break
    if not done["bridges"] or not done["bazaars"]:
        lib.fail(d, f"the game went by without both a bridge and a bazaar for the human: {done}")
    bridges = [t for t in d.find_elements(By.CSS_SELECTOR, '[data-test="turn-log"] li')
               if "bridges" in t.get_attribute("textContent")]
    if not bridges:
        lib.fail(d, "the turn log shows no bridge built")


lib.main(test)
