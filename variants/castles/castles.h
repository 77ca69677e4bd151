/*
** castles.h: the castles module's configuration and per-game state (variants/castles/castles.c).
**
** Only the module (castles.c, castles-bot.c) and its tests include it: tests/test_castles.c sets a
** state no game reaches (a token spent twice) to see that the module's check hook refuses it.
*/
#ifndef MP_CASTLES_H
#define MP_CASTLES_H

#include "module.h"

enum { MAX_CASTLES = 64, MAX_PENDING = 8, CODE_DECLINE = 0, CODE_CONVERT = 1 };
enum { SHAPE_CAP = 1 };               /* a feature's `shape: cap` (mp_mod_tile_feature_shape) */

typedef struct castles_config {
    int tokens[MP_MAX_PLAYERS + 1];   /* castle tokens per player, by player count */
    unsigned shapes;                  /* bit s: a one-side city segment of shape s may become a castle */
} castles_config;

typedef struct castle {
    mp_feature root;                  /* the castle's feature (canonical) */
    int8_t owner;
    uint8_t scored;
    int16_t built_turn;               /* mp_mod_turns when built: scorings of that turn do not count */
    int16_t x0, y0, x1, y1;           /* the fief, inclusive */
    int best;                         /* the best completion seen this turn, 0 none */
} castle;

typedef struct castles_state {
    int kind;                         /* the tile set's `castle` kind */
    int category;                     /* its score category ("castle") */
    int supply[MP_MAX_PLAYERS];
    int n;
    castle c[MAX_CASTLES];
    int n_pending;                    /* towns completed this turn awaiting their occupier */
    mp_feature pending[MAX_PENDING];
} castles_state;

extern const mp_module mp_module_castles;

/* A simple bot's choice: convert or decline (castles-bot.c; the choose_simple hook, module.h). */
int castles_choose_simple(const mp_module_view *c, const mp_action *legal, int n, const mp_simple_bot *bot);

#endif
