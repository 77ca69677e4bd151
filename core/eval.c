/*
** eval.c: positions a front end builds to weigh a choice, without changing the game.
**
** mp_game_clone_to_place answers "what would this tile give that player, here and now?" (a bot
** bidding for a bazaar's tile): a copy of the game in which the player is to place the tile, as
** an extra turn with a given tile. The copy then plays as any game does (mp_game_legal lists the
** placements, mp_game_apply runs deployment and scoring), so the bot weighs it with the code it
** weighs its own turns with.
*/
#include "internal.h"

mp_game *mp_game_clone_to_place(const mp_game *g, int player, int tile) {
    if (!g || g->phase == MP_PHASE_OVER || player < 0 || player >= g->n_players) return NULL;
    if (tile < 0 || tile >= g->ts->n_tiles || g->ts->tiles[tile].fixed) return NULL;
    if (!mp_place_any_allowed(g, tile)) return NULL;
    mp_game *c = mp_game_clone(g);
    if (!c) return NULL;
    /* The state of a queued turn about to be played (game.c, ST_NEXT): the tile is forced, not
    ** from the bag (so it starts no bazaar and earns no hole-rule turn), nothing placed yet. A
    ** decision the game was waiting for is left aside: the copy only ever plays this turn on. */
    c->phase = MP_PHASE_PLACE;
    c->player = c->turn_player = player;
    c->forced = tile;
    c->last_placed = -1;
    c->from_bag = false;
    c->pending = false;
    return c;
}
