/*
** bots.h: a list of bot seats on the command line ("mcts:2000,greedy"), read into the specs the
** library's bots take (mp_bot_new in meeple.h; what each does: meeple-bots(7)).
*/
#ifndef MP_TOOLS_BOTS_H
#define MP_TOOLS_BOTS_H

#include "meeple.h"

typedef struct bot_seats {
    int n;
    const char *specs[MP_MAX_PLAYERS];    /* "random", "greedy", "mcts:4000", ... */
    const char *names[MP_MAX_PLAYERS];    /* "<spec>-<seat>" */
    char storage[MP_MAX_PLAYERS][64];
    char list[256];
} bot_seats;

/* Bot seats from "random,greedy,...". Returns the number of seats; -1 with *bad pointing at the
** seat that names no bot (inside s) and d saying why; -2 when there are more than MP_MAX_PLAYERS. */
int bots_parse(const char *list, bot_seats *s, const char **bad, mp_diag *d);

#endif
