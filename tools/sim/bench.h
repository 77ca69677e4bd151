/*
** bench.h: what meeple bench (tools/commands/cmd-bench.c) shares with its scaling measurement
** (tools/sim/bench-scaling.c): the bench's random game, and games/s on one thread and on N.
*/
#ifndef MP_TOOLS_BENCH_H
#define MP_TOOLS_BENCH_H

#include <stdbool.h>
#include <stddef.h>

#include "json.h"
#include "meeple.h"

enum { BENCH_LEGAL_CAP = 4096 };

/* What games played add up to. */
typedef struct bench_counts {
    long games, decisions, placements;
    size_t state_bytes;            /* mp_game_state_bytes of each game at its end */
    long long score_sum;           /* every final score: the same games give the same sum */
} bench_counts;

/* Called before each decision of a bench game, with the decisions counted so far. */
typedef void bench_hook(void *arg, const mp_game *g, long decisions);

/* One random two-player game of the bench, seed given: every decision a uniformly random legal
** action, drawn by a generator of the bench's own and listed into legal (BENCH_LEGAL_CAP actions),
** so the game is the same on every run and machine; added into *c. hook, when not NULL, is called
** before each decision. 0, or EXIT_BAD_INPUT with d filled. */
int bench_random_game(const mp_ruleset *rs, uint64_t seed, mp_action *legal, bench_counts *c, bench_hook *hook,
                      void *arg, mp_diag *d);

/* The scaling measurement: the same seeded games played on 1 thread, then on jobs threads. */
typedef struct bench_scaling {
    const char *players;           /* --players as given; NULL: the bench's random games */
    int jobs;
    long games;
    double secs_1, secs_n;         /* wall clock of the games on 1 thread, on jobs threads */
    double busy_1, busy_n;         /* the threads' wall clock in games, summed over threads */
    double cpu_1, cpu_n;           /* their CPU time in games, summed */
} bench_scaling;

/* The games of the scaling measurement when --scaling-games does not say: a few seconds' worth on
** one thread, by the slowest bot of players, jobs times over so that every thread has its share. */
long bench_scaling_games(const char *players, int jobs);
/* Plays the games (seeds seed..seed+games-1) on 1 and on s->jobs threads, and times both:
** 0, or the error printed and EXIT_BAD_INPUT (a game that fails; runs that do not end alike). */
int bench_scale(const mp_ruleset *rs, uint64_t seed, bool progress_forced, bench_scaling *s);
void bench_scaling_text(const bench_scaling *s, uint64_t seed);
/* "scaling": {...} as a key of the bench's object. */
void bench_scaling_json(json *j, const bench_scaling *s);

/* bench-signature.c: --signature, one number from a fixed set of seeded games (every legal list,
** every score): printed as text or JSON; 0, or EXIT_BAD_INPUT with the error printed. */
int bench_signature(bool as_json);

#endif
