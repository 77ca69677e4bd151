/*
** run-options.c: the options of a run of many seeded games, read alike for every command
** (run-options.h).
*/
#include <string.h>

#include "run-options.h"

void run_options_init(run_options *ro, long games, const char *players) {
    memset(ro, 0, sizeof *ro);
    ro->games = games;
    ro->seed = 1;
    ro->players = players;
}

bool run_given(const run_options *ro, enum run_option_id id) { return ro->given >> (id - RUN_GAMES) & 1; }

/* --shard K/N as {K-1, N}: 0, or the usage error printed and EXIT_USAGE. */
static int shard_option(const char *usage, const char *arg, share *s) {
    const char *slash = strchr(arg, '/');
    int k = 0, n = 0;
    char left[32];
    bool fits = slash && (size_t)(slash - arg) < sizeof left;
    if (fits) {
        memcpy(left, arg, (size_t)(slash - arg));
        left[slash - arg] = 0;
    }
    if (!fits || !parse_int(left, 1, RUN_SHARDS_MAX, &k) || !parse_int(slash + 1, 1, RUN_SHARDS_MAX, &n))
        return usage_error(usage, "--shard: '%s' is not a shard; expected K/N, the K-th of N parts (1 <= K <= N <= %d), as 2/8",
                           quoted(arg), RUN_SHARDS_MAX);
    if (k > n) return usage_error(usage, "--shard: '%s' names part %d of %d; expected K from 1 to %d", quoted(arg), k, n, n);
    s->k = k - 1;
    s->n = n;
    return 0;
}

int run_option(const char *usage, int ch, const char *arg, run_options *ro) {
    int games, rc = 0;
    switch (ch) {
    case RUN_GAMES:
        if (!(rc = int_option(usage, "--games", arg, 1, RUN_GAMES_MAX, &games))) ro->games = games;
        break;
    case RUN_SEED: rc = seed_option(usage, arg, &ro->seed); break;
    case RUN_PLAYERS: ro->players = arg; break;
    case RUN_JOBS: rc = int_option(usage, "--jobs", arg, 1, RUN_JOBS_MAX, &ro->sim.jobs); break;
    case RUN_PROGRESS: ro->sim.progress_forced = true; break;
    case RUN_SHARD: rc = shard_option(usage, arg, &ro->sim.shard); break;
    case RUN_OUTPUT: ro->sim.output = arg; break;
    default: return RUN_NOT_SHARED;
    }
    ro->given |= 1u << (ch - RUN_GAMES);
    return rc;
}

int run_check(const char *usage, const run_options *ro, const char *merge_only) {
    if (ro->sim.output && !ro->sim.shard.n) return usage_error(usage, "--output writes a shard's part; expected --shard K/N with it");
    if (ro->sim.shard.n && merge_only)
        return usage_error(usage, "%s is made by 'meeple merge' from the parts; a shard writes its part (JSON)", merge_only);
    return 0;
}

int run_seats(const char *usage, const run_options *ro, seat_kinds kinds, seat_list *s) {
    char why[600];
    if (seats_parse(ro->players ? ro->players : "", kinds, s, why, sizeof why)) return usage_error(usage, "--players: %s", why);
    return 0;
}
