/*
** thread_jobs.h: games played on several threads from one loaded ruleset, compared with the same
** games played on one thread (meeple.h, section "threads"). No criterion here: tests/test_threads.c
** runs these in `make check`, and tests/tsan_threads.c under ThreadSanitizer, where criterion
** cannot start (.ci/run says why).
*/
#ifndef MP_THREAD_JOBS_H
#define MP_THREAD_JOBS_H

#include <stddef.h>
#include "meeple.h"

enum { TJ_THREADS = 4, TJ_MAX_GAMES = 8 };

/* Runs every job on this thread, then all of them again on TJ_THREADS threads at once, from the
** same ruleset: a thread's jobs are `games` whole games between bots (mp_bots_play: random, greedy
** and mcts:50 in turn at the seats) and one game played a decision at a time in which every legal
** action is written in notation and read back (mp_game_legal, mp_notation_format,
** mp_notation_parse), a line that does not parse is read for its message, and a random bot's
** choice is applied as read. 0 when every
** job's outcome on a thread (final scores, tiles placed, each seat's decisions and search
** iterations, a hash of every action listed and every message) is what it was on one thread;
** otherwise 1, with why saying the first that differs or went wrong. */
int tj_shared_ruleset(const mp_ruleset *rs, int players, int games, char *why, size_t size);

/* Call it first in a process: TJ_THREADS threads that start together make the library's first
** placement list and first parse at once (the SIMD path is chosen and the notation's patterns are
** compiled then). 0 when each read what one thread reads afterwards; otherwise 1, with why. */
int tj_first_use(const mp_ruleset *rs, char *why, size_t size);

#endif
