/*
** bench-scaling.c: how meeple bench's games/s grows with threads (meeple-bench(1), SCALING): the
** same seeded games played on one thread, then on N (tools/sim.c's threads, each taking the next
** free game), both timed by the wall clock. The games are the bench's random two-player games or
** whole games between bots (mp_bots_play, --players). Both runs must end alike (the same games,
** decisions and scores): a check that threads play the very games one thread does.
*/
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "bots.h"
#include "cmd.h"
#include "sim.h"

typedef struct scaling_run {
    const mp_ruleset *rs;
    uint64_t seed;
    bot_seats seats;               /* --players; n = 0: the bench's random games */
} scaling_run;

/* A thread's totals, and its own list of legal actions. Aligned to a cache line: the threads'
** counters, written at every game, never share one. */
typedef struct lane {
    _Alignas(64) bench_counts c;
    mp_action legal[BENCH_LEGAL_CAP];
} lane;

static void *lane_new(void *ctx) {
    (void)ctx;
    lane *l = aligned_alloc(_Alignof(lane), sizeof(lane));
    if (l) memset(&l->c, 0, sizeof l->c);
    return l;
}

static void lane_free(void *ctx, void *l) {
    (void)ctx;
    free(l);
}

static int play(void *ctx, void *t, long i, mp_diag *d) {
    const scaling_run *r = ctx;
    lane *l = t;
    uint64_t seed = r->seed + (uint64_t)i;
    if (r->seats.n == 0) return bench_random_game(r->rs, seed, l->legal, &l->c, NULL, NULL, d);
    mp_bot_stats stats[MP_MAX_PLAYERS] = { { 0 } };
    mp_game *g = mp_bots_play(r->rs, r->seats.specs, r->seats.n, seed, stats, d);
    if (!g) return EXIT_BAD_INPUT;
    l->c.games++;
    for (int p = 0; p < r->seats.n; p++) {
        l->c.decisions += stats[p].decisions;
        l->c.score_sum += mp_game_score(g, p);
    }
    l->c.state_bytes += mp_game_state_bytes(g);
    mp_game_free(g);
    return 0;
}

static int merge(void *ctx, void *into, const void *from) {
    (void)ctx;
    bench_counts *a = &((lane *)into)->c;
    const bench_counts *b = &((const lane *)from)->c;
    a->games += b->games;
    a->decisions += b->decisions;
    a->placements += b->placements;
    a->state_bytes += b->state_bytes;
    a->score_sum += b->score_sum;
    return 0;
}

static const sim_ops ops = { .command = "bench", .totals_new = lane_new, .totals_free = lane_free, .play = play,
                             .merge = merge };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

long bench_scaling_games(const char *players, int jobs) {
    long per_thread = 5000;                        /* the bench's random games: about 0.4 s a thread */
    if (players) {
        per_thread = 1000;                         /* random bots */
        if (strstr(players, "greedy")) per_thread = 100;
        if (strstr(players, "mcts")) per_thread = 4;
    }
    return per_thread * (jobs > 0 ? jobs : 1);
}

/* The games on jobs threads, timed; their counts into *c. */
static int timed(scaling_run *r, long games, int jobs, bool progress_forced, double *secs, bench_counts *c) {
    char label[64];
    snprintf(label, sizeof label, "bench scaling (%d thread%s)", jobs, plural(jobs));
    void *t = NULL;
    double t0 = now();
    int rc = sim_play_all(&ops, r, games, jobs, label, progress_forced, &t);
    *secs = now() - t0;
    if (rc) return rc;
    *c = ((lane *)t)->c;
    lane_free(r, t);
    return 0;
}

int bench_scale(const mp_ruleset *rs, uint64_t seed, bool progress_forced, bench_scaling *s) {
    scaling_run r = { .rs = rs, .seed = seed };
    if (s->players) {
        const char *bad = NULL;
        mp_diag d = { 0 };
        if (bots_parse(s->players, &r.seats, &bad, &d) < 1) {   /* checked by the caller */
            fprintf(stderr, "meeple bench: internal error: --players '%s'\n", quoted(s->players));
            return EXIT_BAD_INPUT;
        }
    }
    bench_counts one, many;
    int rc = timed(&r, s->games, 1, progress_forced, &s->secs_1, &one);
    if (rc) return rc;
    if (s->jobs == 1) {   /* the run on one thread is the run on N */
        s->secs_n = s->secs_1;
        return 0;
    }
    if ((rc = timed(&r, s->games, s->jobs, progress_forced, &s->secs_n, &many))) return rc;
    if (one.games != many.games || one.decisions != many.decisions || one.score_sum != many.score_sum) {
        fprintf(stderr, "meeple bench: internal error: %ld games on %d threads ended otherwise than on one "
                        "(%ld games, %ld decisions, scores %lld; on one: %ld, %ld, %lld)\n", s->games, s->jobs,
                many.games, many.decisions, many.score_sum, one.games, one.decisions, one.score_sum);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

static double per(double n, double secs) { return secs > 0 ? n / secs : 0; }

void bench_scaling_text(const bench_scaling *s, uint64_t seed) {
    double g1 = per((double)s->games, s->secs_1), gn = per((double)s->games, s->secs_n);
    if (s->players) printf("scaling: %ld game%s of %s, seeds %llu..%llu\n", s->games, plural(s->games), s->players,
                           (unsigned long long)seed, (unsigned long long)(seed + (uint64_t)s->games - 1));
    else printf("scaling: %ld of the random two-player games above, seeds %llu..%llu\n", s->games,
                (unsigned long long)seed, (unsigned long long)(seed + (uint64_t)s->games - 1));
    printf("  %12.2f games/s on 1 thread (%.2f s)\n", g1, s->secs_1);
    printf("  %12.2f games/s on %d thread%s (%.2f s)%s\n", gn, s->jobs, plural(s->jobs), s->secs_n,
           s->jobs == 1 ? ": the same run" : "");
    printf("  %12.2f speed-up (ideal %d)\n", per(gn, g1), s->jobs);
}

void bench_scaling_json(json *j, const bench_scaling *s) {
    double g1 = per((double)s->games, s->secs_1), gn = per((double)s->games, s->secs_n);
    json_key(j, "scaling"); json_object(j);
    json_key(j, "driver"); json_string(j, s->players ? "bots" : "bench");
    json_key(j, "players"); json_string(j, s->players ? s->players : "random,random");
    json_key(j, "jobs"); json_int(j, s->jobs);
    json_key(j, "games"); json_int(j, s->games);
    json_key(j, "seconds_1"); json_double(j, s->secs_1);
    json_key(j, "seconds_n"); json_double(j, s->secs_n);
    json_key(j, "games_per_second_1"); json_double(j, g1);
    json_key(j, "games_per_second_n"); json_double(j, gn);
    json_key(j, "speedup"); json_double(j, per(gn, g1));
    json_object_end(j);
}
