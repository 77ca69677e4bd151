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

#endif
