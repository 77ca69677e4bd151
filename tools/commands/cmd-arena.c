/*
** cmd-arena.c: `meeple arena`, bots against bots: N seeded games of a lineup ("mcts:2000,greedy")
** with the seats rotating, and per lineup entry its wins with a confidence interval, its mean score
** and margin, and what its decisions cost.
**
** Game i is played with seed S+i; seat p is played by entry (p + i) mod n of the lineup and seat 0
** moves first (mp_game_options.first_player), so over n consecutive games each entry moves first
** once and sits at every seat once: the tile order and the first move, which favour a seat, are
** shared out evenly. The bots are driven here one action at a time (mp_bots_play draws the first
** player from the seed); each is made for its seat and game with mp_bot_new, as play would make it.
**
** The run is a sim_ops run (tools/sim/sim.h): on threads (--jobs), in shards merged by meeple merge
** (--shard K/N) or over MPI ranks, with the same output but for what measures time: the seconds
** of the bots' choices (summed, and the longest), and the run's wall clock, which only a run that
** played every game itself knows (a merge prints the bots' summed seconds instead; meeple-arena(1)).
*/
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "cmd.h"
#include "json.h"
#include "run-options.h"
#include "sim.h"

static const char usage[] =
    "usage: meeple arena --players BOT,BOT[,...] [--games N] [--ruleset NAME] [--seed S] [--jobs N] [--shard K/N [--output FILE]] [--progress] [--json]\n"
    "Play N seeded games between bots, the seats rotating from game to game, and report per bot its\n"
    "wins with a 95% interval, its mean score and margin, and the time and iterations a decision took.\n"
    "  --players LIST   the lineup: random, greedy, mcts, mcts:N (iterations a decision),\n"
    "                   mcts:Ts (seconds a decision) or mcts-rollout[:N|:Ts] (whole random\n"
    "                   playouts), comma-separated; a bot may appear twice\n"
    "  --games N        the number of games, 1 to " RUN_GAMES_TEXT " (default 100); game i uses seed S+i\n"
    "  --ruleset NAME   the ruleset, a name or a path (default c3)\n"
    "  --seed S         seed of the first game (default 1)\n"
    "  --jobs N         threads playing the games (default: the cores available)\n"
    "  --shard K/N      play only the K-th of N interleaved parts of the seeds and write them as a\n"
    "                   part for 'meeple merge' (JSON)\n"
    "  --output FILE    with --shard: write the part to FILE (a whole part, or none); an existing\n"
    "                   part of the same shard is kept and not played again\n"
    "  --progress       show the progress on standard error, also when it is no terminal\n"
    "  --json           print the result as JSON\n"
    "  -h, --help       print this help\n";

/* What one lineup entry did, summed over games: counts and whole sums, so that totals merge to
** the same numbers in any order (tools/sim/sim.h); and the times its choices took, measurements,
** summed (seconds) and the longest kept (max_seconds). */
typedef struct entry {
    long long wins, shared;        /* games it won; of them, those it shared with a tied leader */
    long long first, wins_first;   /* games it moved first; of them, those it won */
    long long score, margin;       /* its final scores and its margins over the best other, summed */
    long long decisions, choices, iterations;
    double seconds, max_seconds;   /* the wall clock of its choices: summed; the longest */
} entry;

typedef struct totals {
    entry e[MP_MAX_PLAYERS];
    long long first_wins;          /* games won by seat 0, who moved first */
} totals;

/* The run: what every thread reads, and what a part's parameters say. */

typedef struct arena {
    sim_setup setup;               /* the ruleset, the lineup (its seats), games and seed */
    bool as_json;
    double t0;                     /* when the run started; -1 in a merge, which knows no wall clock */
} arena;

/* A share k of n with its 95% Wilson score interval: unlike the normal approximation it stays
** within 0..1 and is honest for few games and for rates near 0 or 1. */
typedef struct rate { double p, lo, hi; } rate;

static rate wilson(long long k, long n) {
    rate r = { 0, 0, 1 };
    if (n <= 0) return r;
    const double z = 1.959964;   /* the normal quantile of 97.5% */
    double N = (double)n, p = (double)k / N, z2 = z * z;
    double centre = (p + z2 / (2 * N)) / (1 + z2 / N);
    double half = z * sqrt(p * (1 - p) / N + z2 / (4 * N * N)) / (1 + z2 / N);
    r.p = p;
    r.lo = centre - half < 0 ? 0 : centre - half;
    r.hi = centre + half > 1 ? 1 : centre + half;
    return r;
}

static double per(double x, long long n) { return n > 0 ? x / (double)n : 0; }

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ------------------------------------------------------------------ the games */

static void *totals_new(void *ctx) {
    (void)ctx;
    return calloc(1, sizeof(totals));
}

static void totals_free(void *ctx, void *t) {
    (void)ctx;
    free(t);
}

/* Plays game i (seed S+i, seats rotated) and adds its outcome; 0, or EXIT_BAD_INPUT with d filled. */
static int play(void *ctx, void *tp, long i, mp_diag *d) {
    const arena *a = ctx;
    totals *t = tp;
    int n = a->setup.seats.n;
    uint64_t seed = a->setup.seed + (uint64_t)i;
    mp_game_options o = { .n_players = n, .seed = seed, .first_player = 0 };
    mp_game *g = mp_game_new(a->setup.rs, &o, d);
    if (!g) return EXIT_BAD_INPUT;
    mp_game_start(g, d);
    int who[MP_MAX_PLAYERS];         /* the lineup entry at each seat */
    mp_bot *bots[MP_MAX_PLAYERS] = { 0 };
    int rc = 0;
    for (int p = 0; p < n && !rc; p++) {
        who[p] = (int)((p + i) % n);
        if (!(bots[p] = mp_bot_new(a->setup.seats.specs[who[p]], seed, p, d))) rc = EXIT_BAD_INPUT;   /* out of memory: seats_parse checked the spec */
    }
    while (!rc && mp_game_phase(g) != MP_PHASE_OVER) {
        mp_action act;
        int p = mp_game_current_player(g);
        if (mp_bot_choose(bots[p], g, &act) || mp_game_apply(g, &act, d)) {
            snprintf(d->file, sizeof d->file, "%s", mp_ruleset_path(a->setup.rs));
            d->line = d->column = 0;
            snprintf(d->message, sizeof d->message, "internal error: seed %llu: seat %d (%s) found no legal action",
                     (unsigned long long)seed, p + 1, a->setup.seats.names[who[p]]);
            rc = EXIT_BAD_INPUT;
        }
    }
    if (!rc) {
        unsigned winners = mp_game_winners(g);
        bool tie = (winners & (winners - 1)) != 0;
        t->first_wins += winners & 1;
        for (int p = 0; p < n; p++) {
            entry *e = &t->e[who[p]];
            int score = mp_game_score(g, p), best_other = 0;
            bool other = false;
            for (int q = 0; q < n; q++)
                if (q != p && (!other || mp_game_score(g, q) > best_other)) { best_other = mp_game_score(g, q); other = true; }
            bool won = (winners >> p) & 1;
            e->wins += won;
            e->shared += won && tie;
            e->first += p == 0;
            e->wins_first += p == 0 && won;
            e->score += score;
            e->margin += other ? score - best_other : 0;
            mp_bot_stats s;
            mp_bot_get_stats(bots[p], &s);
            e->decisions += s.decisions;
            e->choices += s.choices;
            e->iterations += s.iterations;
            e->seconds += s.seconds;
            if (s.max_seconds > e->max_seconds) e->max_seconds = s.max_seconds;
        }
    }
    for (int p = 0; p < n; p++) mp_bot_free(bots[p]);
    mp_game_free(g);
    return rc;
}

static int merge(void *ctx, void *into_p, const void *from_p) {
    const arena *a = ctx;
    totals *into = into_p;
    const totals *from = from_p;
    into->first_wins += from->first_wins;
    for (int k = 0; k < a->setup.seats.n; k++) {
        entry *e = &into->e[k];
        const entry *f = &from->e[k];
        e->wins += f->wins;
        e->shared += f->shared;
        e->first += f->first;
        e->wins_first += f->wins_first;
        e->score += f->score;
        e->margin += f->margin;
        e->decisions += f->decisions;
        e->choices += f->choices;
        e->iterations += f->iterations;
        e->seconds += f->seconds;
        if (f->max_seconds > e->max_seconds) e->max_seconds = f->max_seconds;
    }
    return 0;
}

/* ------------------------------------------------------------------ parts */

static void write_params(void *ctx, json *j) { sim_write_params(j, &((const arena *)ctx)->setup); }

/* An entry's counts and sums, by name, in the order of a part. */
static const char *const count_keys[] = { "wins", "shared", "first", "wins_first", "score", "margin", "decisions",
                                          "choices", "iterations" };
enum { N_COUNTS = sizeof count_keys / sizeof count_keys[0] };

static long long *counts_of(entry *e, int c) {
    long long *v[N_COUNTS] = { &e->wins, &e->shared, &e->first, &e->wins_first, &e->score, &e->margin, &e->decisions,
                               &e->choices, &e->iterations };
    return v[c];
}

static void write_totals(void *ctx, const void *tp, json *j) {
    const arena *a = ctx;
    const totals *t = tp;
    json_object(j);
    json_key(j, "first_wins"); json_int(j, (long)t->first_wins);
    json_key(j, "players"); json_array(j);
    for (int k = 0; k < a->setup.seats.n; k++) {
        entry e = t->e[k];
        json_object(j);
        for (int c = 0; c < N_COUNTS; c++) { json_key(j, count_keys[c]); json_int(j, (long)*counts_of(&e, c)); }
        /* Every digit: merged parts add the very seconds each part measured. */
        json_key(j, "seconds"); json_double_exact(j, e.seconds);
        json_key(j, "max_seconds"); json_double_exact(j, e.max_seconds);
        json_object_end(j);
    }
    json_array_end(j);
    json_object_end(j);
}

static int bad_totals(mp_diag *d, const char *fmt, const char *key) {
    snprintf(d->message, sizeof d->message, fmt, key);
    return -1;
}

static int read_totals(void *ctx, void *tp, const json_t *v, mp_diag *d) {
    const arena *a = ctx;
    totals *t = tp;
    json_t *first = json_object_get(v, "first_wins"), *players = json_object_get(v, "players");
    if (!json_is_integer(first) || json_integer_value(first) < 0 || json_array_size(players) != (size_t)a->setup.seats.n)
        return bad_totals(d, "not the totals of this arena%s; expected \"first_wins\" (a count) and \"players\", an object per entry of the lineup", "");
    t->first_wins = json_integer_value(first);
    for (int k = 0; k < a->setup.seats.n; k++) {
        json_t *o = json_array_get(players, (size_t)k);
        entry *e = &t->e[k];
        for (int c = 0; c < N_COUNTS; c++) {
            json_t *x = json_object_get(o, count_keys[c]);
            bool signed_sum = !strcmp(count_keys[c], "margin") || !strcmp(count_keys[c], "score");
            if (!json_is_integer(x) || (!signed_sum && json_integer_value(x) < 0))
                return bad_totals(d, "an entry's \"%s\" is missing or not a whole number; expected the counts and sums a part of arena holds",
                                  count_keys[c]);
            *counts_of(e, c) = json_integer_value(x);
        }
        json_t *secs = json_object_get(o, "seconds"), *max = json_object_get(o, "max_seconds");
        if (!json_is_number(secs) || !json_is_number(max) || json_number_value(secs) < 0 || json_number_value(max) < 0)
            return bad_totals(d, "an entry's \"%s\" or \"max_seconds\" is missing or not a number of seconds; expected both", "seconds");
        e->seconds = json_number_value(secs);
        e->max_seconds = json_number_value(max);
    }
    return 0;
}

/* ------------------------------------------------------------------ printing */

static void json_rate(json *j, const char *key, rate r) {
    json_key(j, key); json_double(j, r.p);
    char ci[64];
    snprintf(ci, sizeof ci, "%s_ci95", key);
    json_key(j, ci); json_array(j); json_double(j, r.lo); json_double(j, r.hi); json_array_end(j);
}

/* The run's wall clock in seconds; -1 in a merge (tools/sim/sim.h: the parts ran apart). */
static double wall_clock(const arena *a) { return a->t0 >= 0 ? now() - a->t0 : -1; }

static void print_json(const arena *a, const totals *t) {
    const seat_list *l = &a->setup.seats;
    double wall = wall_clock(a);
    json j;
    json_init(&j, stdout);
    json_object(&j);
    json_key(&j, "ruleset"); json_string(&j, mp_ruleset_name(a->setup.rs));
    json_key(&j, "games"); json_int(&j, a->setup.games);
    json_key(&j, "seed"); json_uint(&j, (unsigned long long)a->setup.seed);
    json_key(&j, "seats"); json_int(&j, l->n);
    if (wall >= 0) { json_key(&j, "seconds"); json_double(&j, wall); }
    json_key(&j, "players"); json_array(&j);
    for (int k = 0; k < l->n; k++) {
        const entry *e = &t->e[k];
        mp_diag d;
        mp_bot *b = mp_bot_new(l->specs[k], 0, 0, &d);   /* for its kind */
        json_object(&j);
        json_key(&j, "name"); json_string(&j, l->names[k]);
        json_key(&j, "spec"); json_string(&j, l->specs[k]);
        json_key(&j, "kind"); json_string(&j, b ? mp_bot_kind(b) : "");
        json_key(&j, "games"); json_int(&j, a->setup.games);
        json_key(&j, "wins"); json_int(&j, (long)e->wins);
        json_key(&j, "shared_wins"); json_int(&j, (long)e->shared);
        json_rate(&j, "win_rate", wilson(e->wins, a->setup.games));
        json_key(&j, "mean_score"); json_double(&j, per((double)e->score, a->setup.games));
        json_key(&j, "mean_margin"); json_double(&j, per((double)e->margin, a->setup.games));
        json_key(&j, "games_first"); json_int(&j, (long)e->first);
        json_key(&j, "wins_first"); json_int(&j, (long)e->wins_first);
        json_key(&j, "decisions"); json_int(&j, (long)e->decisions);
        json_key(&j, "seconds"); json_double(&j, e->seconds);
        json_key(&j, "choices"); json_int(&j, (long)e->choices);
        json_key(&j, "seconds_per_choice"); json_double(&j, per(e->seconds, e->choices));
        json_key(&j, "max_seconds"); json_double(&j, e->max_seconds);
        json_key(&j, "iterations"); json_int(&j, (long)e->iterations);
        json_key(&j, "iterations_per_choice"); json_double(&j, per((double)e->iterations, e->choices));
        json_object_end(&j);
        mp_bot_free(b);
    }
    json_array_end(&j);
    json_key(&j, "first_player"); json_object(&j);
    json_key(&j, "games"); json_int(&j, a->setup.games);
    json_key(&j, "wins"); json_int(&j, (long)t->first_wins);
    json_rate(&j, "win_rate", wilson(t->first_wins, a->setup.games));
    json_object_end(&j);
    json_object_end(&j);
    json_done(&j);
}

/* "12 s", "1 min 28 s": a time in words. */
static void print_duration(double secs) {
    long s = (long)(secs + 0.5);
    if (secs < 10) printf("%.2f s", secs);
    else if (s < 3600) printf(s < 60 ? "%ld s" : "%ld min %ld s", s < 60 ? s : s / 60, s % 60);
    else printf("%ld h %ld min", s / 3600, s % 3600 / 60);
}

static void print_text(const arena *a, const totals *t) {
    const seat_list *l = &a->setup.seats;
    int n = l->n;
    double wall = wall_clock(a);
    printf("ruleset %s, %ld game%s, seeds %llu..%llu, %d seat%s rotating (seat 1 moves first)\n\n", mp_ruleset_name(a->setup.rs),
           a->setup.games, plural(a->setup.games), (unsigned long long)a->setup.seed, (unsigned long long)(a->setup.seed + (uint64_t)a->setup.games - 1),
           n, plural(n));
    int w = 6;
    for (int k = 0; k < n; k++)
        if ((int)strlen(l->names[k]) > w) w = (int)strlen(l->names[k]);
    printf("%-*s %6s %6s %6s %8s %15s %8s %8s %10s %10s %9s\n", w, "player", "games", "wins", "shared", "win rate",
           "95% interval", "score", "margin", "iter/choice", "ms/choice", "max ms");
    for (int k = 0; k < n; k++) {
        const entry *e = &t->e[k];
        rate r = wilson(e->wins, a->setup.games);
        char interval[32], iters[24], ms[24], max[24];
        snprintf(interval, sizeof interval, "%.1f%%..%.1f%%", 100 * r.lo, 100 * r.hi);
        if (e->iterations > 0) snprintf(iters, sizeof iters, "%.1f", per((double)e->iterations, e->choices));
        else snprintf(iters, sizeof iters, "-");
        snprintf(ms, sizeof ms, "%.3f", 1000 * per(e->seconds, e->choices));
        snprintf(max, sizeof max, "%.1f", 1000 * e->max_seconds);
        printf("%-*s %6ld %6lld %6lld %7.1f%% %15s %8.2f %+8.2f %11s %10s %9s\n", w, l->names[k], a->setup.games, e->wins, e->shared,
               100 * r.p, interval, per((double)e->score, a->setup.games), per((double)e->margin, a->setup.games), iters, ms, max);
    }
    printf("(a choice: a decision with more than one legal action; forced ones are taken at once and not timed)\n");
    rate f = wilson(t->first_wins, a->setup.games);
    printf("\nfirst player (seat 1): won %lld of %ld game%s (%.1f%%, 95%% interval %.1f%%..%.1f%%)\n", t->first_wins,
           a->setup.games, plural(a->setup.games), 100 * f.p, 100 * f.lo, 100 * f.hi);
    for (int k = 0; k < n; k++)
        printf("  %-*s moved first in %lld game%s, won %lld\n", w, l->names[k], t->e[k].first, plural(t->e[k].first),
               t->e[k].wins_first);
    printf("\n");
    if (wall >= 0) {
        printf("%ld game%s in ", a->setup.games, plural(a->setup.games));
        print_duration(wall);
    } else {
        /* A merge: the parts ran apart, at times and on machines it does not know. */
        double bots = 0;
        for (int k = 0; k < n; k++) bots += t->e[k].seconds;
        printf("%ld game%s merged from parts; the bots' choices took ", a->setup.games, plural(a->setup.games));
        print_duration(bots);
        printf(" in all");
    }
    printf("\n");
}

static int print(void *ctx, const void *t) {
    const arena *a = ctx;
    if (a->as_json) print_json(a, t);
    else print_text(a, t);
    return 0;
}

static const sim_ops ops = {
    .command = "arena", .totals_new = totals_new, .totals_free = totals_free, .play = play, .merge = merge,
    .write_params = write_params, .write_totals = write_totals, .read_totals = read_totals, .print = print,
};

/* ------------------------------------------------------------------ the run's setup */

static void free_arena(arena *a) {
    if (!a) return;
    sim_setup_free(&a->setup);
    free(a);
}

/* The ruleset loaded and the lineup read: NULL with the error printed and *rc set. The lineup is
** checked by the caller (usage errors) or, in a merge, here. */
static arena *new_arena(const char *ruleset, const char *players, long games, uint64_t seed, int *rc) {
    arena *a = calloc(1, sizeof *a);
    if (!a) { fprintf(stderr, "meeple: out of memory\n"); *rc = EXIT_BAD_INPUT; return NULL; }
    a->t0 = -1;
    if ((*rc = sim_setup_load(&a->setup, "arena", ruleset, players, games, seed))) { free_arena(a); return NULL; }
    return a;
}

static void *ctx_from_params(const json_t *params, const merge_output *out, int *rc) {
    sim_params p;
    if ((*rc = sim_read_params(params, "arena", &p))) return NULL;
    if (out->csv || out->svg) {
        fprintf(stderr, "meeple merge: arena prints text or JSON; expected no %s\n", out->csv ? "--csv" : "--svg");
        *rc = EXIT_USAGE;
        return NULL;
    }
    arena *a = new_arena(p.ruleset, p.players, p.games, p.seed, rc);
    if (!a) return NULL;
    if ((*rc = sim_same_ruleset(a->setup.rs, p.hash))) { free_arena(a); return NULL; }
    a->as_json = out->json;
    return a;
}

static void ctx_free(void *ctx) { free_arena(ctx); }

const sim_command arena_sim = { "arena", &ops, ctx_from_params, ctx_free };

/* ------------------------------------------------------------------ the command */

int cmd_arena(int argc, char **argv) {
    static const struct option opts[] = {
        RUN_OPTIONS,
        { "ruleset", required_argument, 0, 'r' }, { "json", no_argument, 0, 'j' },
        { "help", no_argument, 0, 'h' },          { 0, 0, 0, 0 }
    };
    const char *ruleset = "c3";
    bool as_json = false;
    run_options ro;
    run_options_init(&ro, 100, NULL);
    int ch, rc;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (ch) {
        case 'r': ruleset = optarg; break;
        case 'j': as_json = true; break;
        case 'h': fputs(usage, stdout); return 0;
        default:
            if ((rc = run_option(usage, ch, optarg, &ro)) == RUN_NOT_SHARED) return option_error(usage, "h", opts, argv);
            if (rc) return rc;
        }
    }
    if (optind < argc) return usage_error(usage, "unexpected argument '%s'", quoted(argv[optind]));
    if (!ro.players) return usage_error(usage, "expected --players BOT,BOT[,...], the lineup");
    if (strlen(ruleset) >= SIM_RULESET_CHARS)
        return usage_error(usage, "--ruleset: a name of %zu characters; expected at most %d", strlen(ruleset), SIM_RULESET_CHARS - 1);
    if (run_check(usage, &ro, NULL)) return EXIT_USAGE;
    seat_list lineup;
    if (run_seats(usage, &ro, SEATS_BOTS, &lineup)) return EXIT_USAGE;
    rc = 0;
    arena *a = new_arena(ruleset, ro.players, ro.games, ro.seed, &rc);
    if (!a) return rc;
    a->as_json = as_json;
    a->t0 = now();
    rc = sim_run(&ops, a, ro.games, &ro.sim);
    free_arena(a);
    return rc;
}
