/*
** sim.h: a run of many seeded games, on every core, in shards, or over MPI ranks, with results
** that do not depend on how the run was split (meeple-merge(1)).
**
** Game i of a run (0-based) is played with seed S+i, whoever plays it. A command that plays many
** games describes its run with a sim_ops table: its totals (what its results are computed from),
** how one game adds to them, how two totals merge, how totals are written to and read from a
** part, and how they are printed. Totals hold only counts, sums and exact distributions
** (tools/sim/dist.h), so merging in any order gives the same totals, and the output is byte-identical
** for any --jobs, any --shard split merged and any number of MPI ranks.
**
** sim_run plays the share of the games this process owns:
**   --shard K/N   the games i with i mod N = K-1 (interleaved, so every shard has early and late
**                 seeds alike and a lost shard loses no particular seeds);
**   MPI rank r of R  that share split again the same way among the ranks;
**   --jobs T      threads taking the games of the share one at a time (the next free game).
** Then: one rank and no --shard: print. --shard: write a part (JSON: the command, its
** parameters, which shard, the totals) to stdout or --output. Several ranks: every rank's part is
** gathered on rank 0 (tools/sim/mpi-world.h), merged and printed (or written as the shard's part).
*/
#ifndef MP_TOOLS_SIM_H
#define MP_TOOLS_SIM_H

#include <stdbool.h>

#include "seats.h"
#include "cmd.h"
#include "json.h"

/* jansson's parsed JSON (a reader includes <jansson.h> before json.h: json.h renames its writer's
** functions, which jansson also has). */
typedef struct json_t json_t;

/* Game i belongs to the share when i mod n = k. {0, 1}: every game. */
typedef struct share { long k, n; } share;

/* How a run is played and where its results go (tools/sim/run-options.h reads them). */
typedef struct sim_opts {
    int jobs;                  /* threads; 0: the default (sim_default_jobs) */
    share shard;               /* --shard K/N as {K-1, N}; n = 0: none */
    const char *output;        /* --output FILE for a shard's part (NULL: stdout) */
    bool progress_forced;      /* --progress */
} sim_opts;

typedef struct sim_ops {
    const char *command;       /* "compare": written in parts, how merge finds the command */
    /* Zeroed totals; NULL when out of memory. */
    void *(*totals_new)(void *ctx);
    void (*totals_free)(void *ctx, void *t);
    /* Plays game i (seed S+i) and adds it to t: 0, or EXIT_BAD_INPUT with d filled. Called on any
    ** thread, each thread with totals of its own; ctx is shared and only read. */
    int (*play)(void *ctx, void *t, long i, mp_diag *d);
    /* Adds from to into: 0, or -1 when out of memory. */
    int (*merge)(void *ctx, void *into, const void *from);
    /* The run's parameters, as an object's keys: what every part of one run has alike, and what
    ** merge needs to print (ruleset names, seats, seed, games, what to keep). */
    void (*write_params)(void *ctx, json *j);
    /* The totals, as one JSON value, and back (0, or -1 with d filled). */
    void (*write_totals)(void *ctx, const void *t, json *j);
    int (*read_totals)(void *ctx, void *t, const json_t *v, mp_diag *d);
    /* Prints the results of the whole run: 0, or an exit code with the error printed. */
    int (*print)(void *ctx, const void *t);
} sim_ops;

/* The threads a run uses by default: the cores this process may run on, shared among the MPI
** ranks on this machine; at least 1. */
int sim_default_jobs(void);
/* How many of games 0..games-1 a share holds. */
long sim_share_count(long games, share s);

/* Plays the games 0..games-1 that this process owns and prints, writes or gathers the results
** (above). Returns the exit code. On a failed game: its diagnostic, with the rank under MPI (and
** then every rank stops), and EXIT_BAD_INPUT. */
int sim_run(const sim_ops *ops, void *ctx, long games, const sim_opts *o);

/* Plays games 0..games-1 on jobs threads as sim_run does (each thread the next free game, with
** totals of its own), with their progress under label, and hands back their totals merged, with
** nothing printed or written: for a command that times the playing itself (meeple-bench(1)). Uses
** only ops' totals_new, totals_free, play and merge. 0 with *totals set (the caller frees it with
** ops->totals_free), or the error printed and EXIT_BAD_INPUT. */
int sim_play_all(const sim_ops *ops, void *ctx, long games, int jobs, const char *label, bool progress_forced,
                 void **totals);

/* ------------------------------------------------------------------ parts (meeple-merge(1)) */

/* How merge makes a command's run again from a part's parameters: the context, with the output
** options of the merge (--json, --csv, --svg FILE), which the command checks as its own options.
** NULL with an exit code in *rc and the error printed. */
typedef struct merge_output {
    bool json, csv;
    const char *svg;
} merge_output;

typedef struct sim_command {
    const char *name;
    const sim_ops *ops;
    void *(*ctx_from_params)(const json_t *params, const merge_output *out, int *rc);
    void (*ctx_free)(void *ctx);
} sim_command;

/* The commands whose runs merge (each file defines its sim_command). */
extern const sim_command compare_sim, play_sim, tilestats_sim, arena_sim, train_sim, balance_sim;

/* A run of one ruleset (play --games, tilestats, arena): the ruleset and --players as given (a
** part keeps them so: merge loads them again), loaded and read. */
enum { SIM_RULESET_CHARS = 512, SIM_PLAYERS_CHARS = SEATS_LIST_MAX + 1 };
typedef struct sim_setup {
    char ruleset[SIM_RULESET_CHARS];
    char players[SIM_PLAYERS_CHARS];
    long games;
    uint64_t seed;
    mp_ruleset *rs;
    seat_list seats;
} sim_setup;
/* Loads the ruleset, reads the seats (checked before: the command's usage, or a part's
** parameters) and checks that the ruleset allows them: 0, or the error printed and the exit code. */
int sim_setup_load(sim_setup *s, const char *command, const char *ruleset, const char *players, long games, uint64_t seed);
void sim_setup_free(sim_setup *s);
/* Its parameters in a part: ruleset, hash, games, seed, players. */
void sim_write_params(json *j, const sim_setup *s);

/* The parameters read back from a part (the strings point into params). */
typedef struct sim_params {
    const char *ruleset, *hash, *players;
    long games;
    uint64_t seed;
} sim_params;
/* Read back for a merge (the strings point into params): 0, or the error printed and
** EXIT_BAD_INPUT. command names the part's command in the message. */
int sim_read_params(const json_t *params, const char *command, sim_params *p);
/* Whether the ruleset a merge loaded is the one the parts were played with (by content hash):
** 0, or the error printed and EXIT_BAD_INPUT. */
int sim_same_ruleset(const mp_ruleset *rs, const char *hash);
/* A row of a part's totals, n whole numbers, into *out[0..n-1]: 0, or -1 with d->message saying
** what is wrong ("a WHAT's totals ..."). Each must be a count (from 0) but the one at signed_at
** (-1: none), which may be below 0 (points). */
int sim_read_counts(const json_t *row, int n, long long *out[], int signed_at, const char *what, mp_diag *d);
/* For a command whose merge prints no CSV and no chart: 0 when the merge asks for neither, else the
** error printed ("meeple merge: --csv: train prints no CSV; expected ...", what the command prints
** instead) and EXIT_USAGE. */
int sim_no_csv_or_svg(const merge_output *out, const char *command, const char *expected);

/* ------------------------------------------------------------------ the runs */

/* compare --games (tools/sim/compare-games.c): the rulesets list and the --players list as given. */
int compare_games(const char *rulesets, long games, uint64_t seed, const char *players, bool as_json, bool as_csv,
                  const char *svg, const sim_opts *o);
/* play --games (tools/sim/play-games.c): the ruleset and the --players list as given (bots only). */
int play_games(const char *ruleset, const char *players, long games, uint64_t seed, bool as_json, const sim_opts *o);
/* meeple train (tools/sim/train-games.c): the weights written to weights_path, or printed (NULL). */
int train_games(const char *ruleset, const char *players, long games, uint64_t seed, const char *weights_path, bool as_json,
                const sim_opts *o);

#endif
