/*
** bench-scaling.c: how meeple bench's games/s grows with threads (meeple-bench(1), SCALING): the
** same seeded games played on one thread, then on N (tools/sim/sim.c's threads, each taking the next
** free game), both timed by the wall clock. The games are the bench's random two-player games or
** whole games between bots (mp_bots_play, --players). Both runs must end alike (the same games,
** decisions and scores): a check that threads play the very games one thread does.
*/
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "cmd.h"
#include "sim.h"

typedef struct scaling_run {
    const mp_ruleset *rs;
    uint64_t seed;
    seat_list seats;               /* --players; n = 0: the bench's random games */
} scaling_run;

/* A thread's totals, and its own list of legal actions. Aligned to a cache line: the threads'
** counters, written at every game, never share one. */
typedef struct lane {
    _Alignas(64) bench_counts c;
    double busy, cpu;              /* wall clock spent in games; the thread's CPU time in them */
    mp_action legal[BENCH_LEGAL_CAP];
} lane;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The CPU time of the calling thread: less than its wall clock when the machine's other work
** takes its core. */
static double cpu_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void *lane_new(void *ctx) {
    (void)ctx;
    lane *l = aligned_alloc(_Alignof(lane), sizeof(lane));
    if (l) { memset(&l->c, 0, sizeof l->c); l->busy = l->cpu = 0; }
    return l;
}

static void lane_free(void *ctx, void *l) {
    (void)ctx;
    free(l);
}

/* One game, its counts added. */
static int play_game(const scaling_run *r, lane *l, uint64_t seed, mp_diag *d) {
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

/* The game timed, by the wall clock and by the thread's CPU time: what tells a thread waiting for
** the last games, a game played slower, and a core taken by other work apart (bench.h). */
static int play(void *ctx, void *t, long i, mp_diag *d) {
    lane *l = t;
    double t0 = now(), c0 = cpu_now();
    int rc = play_game(ctx, l, ((const scaling_run *)ctx)->seed + (uint64_t)i, d);
    l->busy += now() - t0;
    l->cpu += cpu_now() - c0;
    return rc;
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
    ((lane *)into)->busy += ((const lane *)from)->busy;
    ((lane *)into)->cpu += ((const lane *)from)->cpu;
    return 0;
}

static const sim_ops ops = { .command = "bench", .totals_new = lane_new, .totals_free = lane_free, .play = play,
                             .merge = merge };

long bench_scaling_games(const char *players, int jobs) {
    long per_thread = 5000;                        /* the bench's random games: about 0.4 s a thread */
    if (players) {
        per_thread = 4000;                         /* random bots: about 0.4 s a thread */
        if (strstr(players, "greedy")) per_thread = 100;
        if (strstr(players, "mcts")) per_thread = 4;
    }
    return per_thread * (jobs > 0 ? jobs : 1);
}

/* The games on jobs threads, timed; their counts into *c, the threads' time in games into *busy
** (wall clock) and *cpu. */
static int timed(scaling_run *r, long games, int jobs, bool progress_forced, double *secs, bench_counts *c, double *busy,
                 double *cpu) {
    char label[64];
    snprintf(label, sizeof label, "bench scaling (%d thread%s)", jobs, plural(jobs));
    void *t = NULL;
    double t0 = now();
    int rc = sim_play_all(&ops, r, games, jobs, label, progress_forced, &t);
    *secs = now() - t0;
    if (rc) return rc;
    *c = ((lane *)t)->c;
    *busy = ((lane *)t)->busy;
    *cpu = ((lane *)t)->cpu;
    lane_free(r, t);
    return 0;
}

int bench_scale(const mp_ruleset *rs, uint64_t seed, bool progress_forced, bench_scaling *s) {
    scaling_run r = { .rs = rs, .seed = seed };
    if (s->players) {
        char why[600];
        if (seats_parse(s->players, SEATS_BOTS, &r.seats, why, sizeof why)) {   /* checked by the caller */
            fprintf(stderr, "meeple bench: internal error: --players '%s'\n", quoted(s->players));
            return EXIT_BAD_INPUT;
        }
    }
    bench_counts one, many;
    int rc = timed(&r, s->games, 1, progress_forced, &s->secs_1, &one, &s->busy_1, &s->cpu_1);
    if (rc) return rc;
    if (s->jobs == 1) {   /* the run on one thread is the run on N */
        s->secs_n = s->secs_1;
        s->busy_n = s->busy_1;
        s->cpu_n = s->cpu_1;
        return 0;
    }
    if ((rc = timed(&r, s->games, s->jobs, progress_forced, &s->secs_n, &many, &s->busy_n, &s->cpu_n))) return rc;
    if (one.games != many.games || one.decisions != many.decisions || one.score_sum != many.score_sum) {
        fprintf(stderr, "meeple bench: internal error: %ld games on %d threads ended otherwise than on one "
                        "(%ld games, %ld decisions, scores %lld; on one: %ld, %ld, %lld)\n", s->games, s->jobs,
                many.games, many.decisions, many.score_sum, one.games, one.decisions, one.score_sum);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

static double per(double n, double secs) { return secs > 0 ? n / secs : 0; }

/* The share of the run on N threads they spent in games, and how much longer a game took there
** than on one thread, by the wall clock and in CPU time: the speed-up is N x busy / slowdown (less
** the threads' start and join). A wall clock slowdown with none in CPU time is the machine's other
** work taking the cores; one in CPU time too, the threads slowing each other (caches, memory,
** locks that spin, cores that share a clock or a physical core). */
static double busy(const bench_scaling *s) { return per(s->busy_n, s->secs_n * s->jobs); }
static double slowdown(const bench_scaling *s) { return per(s->busy_n, s->busy_1); }
static double cpu_slowdown(const bench_scaling *s) { return per(s->cpu_n, s->cpu_1); }

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
    if (s->jobs == 1) return;
    printf("  %11.1f%% of the run on %d threads in games (the rest: waiting for the last ones)\n", 100 * busy(s), s->jobs);
    printf("  %12.2f times the wall clock a game took on 1 thread, %.2f times its CPU time\n", slowdown(s),
           cpu_slowdown(s));
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
    json_key(j, "busy"); json_double(j, busy(s));
    json_key(j, "slowdown"); json_double(j, slowdown(s));
    json_key(j, "cpu_slowdown"); json_double(j, cpu_slowdown(s));
    json_object_end(j);
}
