/*
** bot.h: what the computer players share inside the library (meeple-bots(7)). The public face is
** mp_bot_* in meeple.h; bots.c parses a spec and dispatches, greedy.c and mcts.c decide. Bots
** see a game only through meeple.h, as any program linking the library would.
*/
#ifndef MP_BOT_H
#define MP_BOT_H

#include <stdbool.h>
#include <stdint.h>
#include "meeple.h"
#include "simple-bot.h"

#if defined(__GNUC__)
#define MP_BOT_INTERNAL __attribute__((visibility("hidden")))
#else
#define MP_BOT_INTERNAL
#endif

enum { MP_BOT_RANDOM, MP_BOT_GREEDY, MP_BOT_MCTS, MP_BOT_MCTS_ROLLOUT };   /* both mcts kinds: mcts.c */
enum { MP_MCTS_MAX_THREADS = 64 };

/* How an mcts bot searches: its budget (iterations, or seconds when seconds > 0) and its knobs. */
typedef struct mp_mcts_params {
    long iterations;        /* a decision's iterations (when seconds is 0) */
    double seconds;         /* a decision's time, wall clock; 0: count iterations */
    double explore;         /* UCT's exploration constant, for rewards in 0..1 */
    double margin_weight;   /* reward = (1 - w) * win + w * margin term */
    int playout_tiles;      /* a playout stops after this many placements and weighs the position; 0: to the end */
    double potential_base;  /* the weighing: final scoring now, plus mp_game_potential(base); 0: final scoring alone */
    bool learned;           /* weigh by the ruleset's learned evaluation where it has weights (meeple-weights(5)) */
    int learned_tiles;      /* then a playout's placements before it weighs (0: it weighs the leaf) */
    int threads;            /* trees searched side by side for one decision (root parallelism); 0, 1: one */
} mp_mcts_params;

struct mp_bot {
    int kind;               /* MP_BOT_* */
    char spec[48];
    uint64_t rng;           /* from the game seed and the seat; mixed with the position each decision */
    mp_mcts_params mcts;
    mp_bot_stats stats;
    bool timed;             /* choices timed into stats (mp_bots_play without stats: not) */
};

/* splitmix64, and a number below n from it (no modulo bias). */
MP_BOT_INTERNAL uint64_t mp_bot_next(uint64_t *s);
MP_BOT_INTERNAL int mp_bot_below(uint64_t *s, int n);
/* The wall clock in seconds (CLOCK_MONOTONIC): what a choice took, a time budget's deadline. */
MP_BOT_INTERNAL double mp_bot_seconds(void);
/* The legal actions, malloc'd (NULL when none), their count in *n. */
MP_BOT_INTERNAL mp_action *mp_bot_legal(const mp_game *g, int *n);

/* The decision a module asked for, weighed by that module for a simple bot (its choose_simple
** hook, module.h): the index in legal (n actions: the whole list) of the action to take, or -1 when
** the phase is no module's decision or the module leaves it to the bot. core/module.c. */
MP_BOT_INTERNAL int mp_module_choose_simple(const mp_game *g, const mp_action *legal, int n, const mp_simple_bot *b);
/* What the modules' states are worth to the player beyond his score (their worth hooks, summed). */
MP_BOT_INTERNAL int mp_module_worth(const mp_game *g, int player);

/* The deciders: rng is this decision's stream. 0, or 1 when there is no legal action. */
MP_BOT_INTERNAL int mp_greedy_choose(uint64_t *rng, const mp_game *g, mp_action *out);
/* *iterations receives the iterations the search ran. */
MP_BOT_INTERNAL int mp_mcts_choose(const mp_mcts_params *p, uint64_t *rng, const mp_game *g, mp_action *out,
                                   long *iterations);

#endif
