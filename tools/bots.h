/*
** bots.h: the computer players, one seat kind each.
**   random  picks uniformly among the legal actions;
**   greedy  picks the action with the best immediate score gain for itself (a placement is
**           worth the best deployment that can follow it); ties go to the feature worth most
**           now, then to the bot's own seeded choice. The decisions of two BCB modules look
**           further: castles (turn a town into a castle when an incomplete feature on its fief
**           is worth more now than the town) and bazaars (a tile is worth what placing it now
**           would give; see bots.c for how it selects, bids, buys and sells).
** A bot's randomness comes from its own generator, seeded from the game seed, its seat and the
** point of the game it decides at (tiles placed, tiles drawn, phase): the same seed gives the same
** game, a game resumed from its record goes on as it would have, and bots never disturb the draw
** order.
*/
#ifndef MP_TOOLS_BOTS_H
#define MP_TOOLS_BOTS_H

#include <stdint.h>
#include "meeple.h"

typedef enum { BOT_RANDOM, BOT_GREEDY } bot_kind;

typedef struct bot {
    bot_kind kind;
    uint64_t rng;          /* splitmix64 state */
} bot;

/* Parses "random" or "greedy"; -1 if unknown. */
int bot_kind_from_name(const char *name);
const char *bot_kind_name(bot_kind k);
void bot_init(bot *b, bot_kind kind, uint64_t seed, int seat);
/* Chooses one of the legal actions of the current phase. Returns 0, or 1 when there is none. */
int bot_choose(bot *b, const mp_game *g, mp_action *out);
/* Bot seats from "random,greedy,...": kinds, and names "<kind>-<seat>" (names[i] points into
** storage). Returns the number of seats, or -1 with *bad pointing at the unknown kind (inside
** storage), or -2 when there are more than max. */
typedef struct bot_seats {
    int n;
    bot_kind kinds[MP_MAX_PLAYERS];
    char storage[MP_MAX_PLAYERS][40];
    const char *names[MP_MAX_PLAYERS];
    char list[256];
} bot_seats;
int bots_parse(const char *list, bot_seats *s, const char **bad);

/* Plays a whole game between bots of these kinds (seat order) with this seed; NULL with d filled
** when it cannot start. */
mp_game *bots_play(const mp_ruleset *rs, const bot_kind *kinds, int n, uint64_t seed, mp_diag *d);

#endif
