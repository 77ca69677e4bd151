/*
** facts.h: the modules' state as data in --json (mp_game_facts: a track, wall tiles, a
** bazaar's offer and bids, each player's tokens), the same numbers the pictures and bots read.
*/
#ifndef MP_TOOLS_FACTS_H
#define MP_TOOLS_FACTS_H

#include "json.h"
#include "meeple.h"

/* Writes key "facts": an array of {module, kind, what, player, value, tile, arg}, player and tile
** by name (null for the game's, none), in the ruleset's order of modules; [] with no module. */
void facts_json(json *j, const mp_game *g, const char *const *names);

/* The value of the first fact named `what` of a player (-1: the game's), the module that states it
** in *module (when not NULL); 0 and *module NULL when no module states it. The double turn of
** Traders & Builders: FACT_DOUBLE_TURN, 1 while the first tile has earned a second, 2 while the
** second is played (meeple-modules(7)). */
int facts_value(const mp_game *g, const char *what, int player, const char **module);
#define FACT_DOUBLE_TURN "double-turn"

#endif
