/*
** run-options.h: the options of a run of many seeded games, taken alike by every command that
** plays one (compare --games, play --games, tilestats, arena, bench): one table of getopt_long
** entries, one parser, one set of limits and messages (meeple(1), MANY CORES, SHARDS AND
** CLUSTERS). A command's own options stay its own.
**
** A command puts RUN_OPTIONS among the entries of its option table (RUN_OPTIONS_UNSHARDED for a
** run that is never split in shards: bench), starts from its defaults with run_options_init, and
** hands each value of getopt_long it does not know to run_option:
**
**     default:
**         if ((rc = run_option(usage, ch, optarg, &ro)) == RUN_NOT_SHARED) return option_error(...);
**         if (rc) return rc;
**
** then checks the run with run_check and reads --players with run_seats.
*/
#ifndef MP_TOOLS_RUN_OPTIONS_H
#define MP_TOOLS_RUN_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>

#include "seats.h"
#include "sim.h"

/* The limits. --games: at most ten million, a run whose per-game output (compare --csv and --svg
** keep every game's scores) still fits in memory; a larger sample is a run again with other seeds.
** RUN_GAMES_TEXT is the same number for the usages' text. */
#define RUN_GAMES_DIGITS 10000000
#define RUN_TEXT(n) RUN_TEXT_(n)
#define RUN_TEXT_(n) #n
#define RUN_GAMES_TEXT RUN_TEXT(RUN_GAMES_DIGITS)
enum { RUN_GAMES_MAX = RUN_GAMES_DIGITS, RUN_JOBS_MAX = 1024, RUN_SHARDS_MAX = 1000000 };

/* getopt_long's values of the shared options: above every character a command's own may use. */
enum run_option_id {
    RUN_GAMES = 0x100, RUN_SEED, RUN_PLAYERS, RUN_JOBS, RUN_PROGRESS, RUN_SHARD, RUN_OUTPUT,
    RUN_NOT_SHARED = -1   /* run_option: not one of them */
};

/* The table's entries, to put among a command's own. */
#define RUN_OPTIONS_UNSHARDED                                                                  \
    { "games", required_argument, 0, RUN_GAMES }, { "seed", required_argument, 0, RUN_SEED },      \
    { "players", required_argument, 0, RUN_PLAYERS }, { "jobs", required_argument, 0, RUN_JOBS },  \
    { "progress", no_argument, 0, RUN_PROGRESS }
#define RUN_OPTIONS                                                                            \
    RUN_OPTIONS_UNSHARDED, { "shard", required_argument, 0, RUN_SHARD },                       \
    { "output", required_argument, 0, RUN_OUTPUT }

typedef struct run_options {
    long games;                /* --games N: 1 to RUN_GAMES_MAX; the command's default until given */
    uint64_t seed;             /* --seed S: the first game's (default 1) */
    const char *players;       /* --players LIST as given, or the command's default (may be NULL) */
    sim_opts sim;              /* --jobs N, --shard K/N, --output FILE, --progress */
    unsigned given;            /* the options on the command line: run_given */
} run_options;

/* The defaults: games, players (NULL: none), seed 1, no other option. */
void run_options_init(run_options *ro, long games, const char *players);
/* getopt_long's value ch with its argument: 0 when it was one of the shared options, read;
** EXIT_USAGE with the usage error printed ("--games: '0' is out of range; expected 1 to
** 10000000"); RUN_NOT_SHARED when ch is not one of them. */
int run_option(const char *usage, int ch, const char *arg, run_options *ro);
/* Whether the option (RUN_GAMES, ...) was on the command line. */
bool run_given(const run_options *ro, enum run_option_id id);
/* What the options exclude, checked once all are read: --output without --shard; --shard with an
** output only a merge makes (merge_only names it, e.g. "--svg"; NULL: none). 0, or the usage error
** printed and EXIT_USAGE. */
int run_check(const char *usage, const run_options *ro, const char *merge_only);
/* ro->players read into *s (seats.h): 0, or the usage error printed ("bad seat 'clever': ...") and
** EXIT_USAGE. */
int run_seats(const char *usage, const run_options *ro, seat_kinds kinds, seat_list *s);

#endif
