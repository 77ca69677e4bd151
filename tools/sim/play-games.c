/*
** play-games.c: `meeple play --games N`: game i is played with seed S+i between the bot seats of
** --players, and each seat's mean score, wins (a shared win counts for every winner) and mean
** points per score category are printed.
**
** The run is a sim_ops run (tools/sim/sim.h): the totals are whole-number sums and counts, so threads,
** shards and MPI ranks merge to the same output, and every mean is a sum over all the games
** divided once by their number. The categories are the ruleset's own, in its order, those that
** scored in some game: the same whichever games a part holds.
*/
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cmd.h"
#include "json.h"
#include "sim.h"

enum { MAX_CATS = 32 };

/* The run: what every thread reads, and what a part's parameters say. */
typedef struct run {
    sim_setup setup;                         /* the ruleset, seats, games and seed */
    int np;
    int nc;                                  /* the ruleset's categories, in its order */
    char cat[MAX_CATS][40];
    bool as_json;
} run;

typedef struct totals {
    long long score[MP_MAX_PLAYERS];         /* sums over the games */
    long long wins[MP_MAX_PLAYERS];
    long long points[MP_MAX_PLAYERS][MAX_CATS];
    bool scored[MAX_CATS];                   /* the categories that scored in some game */
} totals;

/* ------------------------------------------------------------------ the run's setup */

static void free_run(run *r) {
    sim_setup_free(&r->setup);
    free(r);
}

/* The ruleset and seats loaded, the categories listed: NULL with the error printed and *rc set. */
static run *new_run(const char *ruleset, long games, uint64_t seed, const char *players, int *rc) {
    run *r = calloc(1, sizeof *r);
    if (!r) { fprintf(stderr, "meeple: out of memory\n"); *rc = EXIT_BAD_INPUT; return NULL; }
    if ((*rc = sim_setup_load(&r->setup, "play", ruleset, players, games, seed))) { free_run(r); return NULL; }
    r->np = r->setup.seats.n;
    mp_diag d = { 0 };
    /* The categories, read off a new game of the ruleset. */
    mp_game_options o = { .n_players = r->np, .seed = seed, .first_player = -1 };
    mp_game *g = mp_game_new(r->setup.rs, &o, &d);
    if (!g) { print_diag(&d); *rc = EXIT_BAD_INPUT; free_run(r); return NULL; }
    for (int c = 0; c < mp_game_n_categories(g) && r->nc < MAX_CATS; c++)
        snprintf(r->cat[r->nc++], sizeof r->cat[0], "%s", mp_game_category_name(g, c));
    mp_game_free(g);
    return r;
}

static int cat_index(const run *r, const char *name) {
    for (int q = 0; q < r->nc; q++)
        if (!strcmp(r->cat[q], name)) return q;
    return -1;
}

/* ------------------------------------------------------------------ the totals */

static void *totals_new(void *ctx) {
    (void)ctx;
    return calloc(1, sizeof(totals));
}

static void totals_free(void *ctx, void *t) {
    (void)ctx;
    free(t);
}

static int play(void *ctx, void *p, long i, mp_diag *d) {
    const run *r = ctx;
    totals *t = p;
    mp_game *g = mp_bots_play(r->setup.rs, r->setup.seats.specs, r->np, r->setup.seed + (uint64_t)i, NULL, d);
    if (!g) return EXIT_BAD_INPUT;
    /* By name: a category is the same column in every game. */
    for (int c = 0; c < mp_game_n_categories(g); c++) {
        int q = cat_index(r, mp_game_category_name(g, c));
        if (q < 0 || !mp_game_category_scored(g, c)) continue;
        t->scored[q] = true;
        for (int pl = 0; pl < r->np; pl++) t->points[pl][q] += mp_game_points(g, pl, c);
    }
    for (int pl = 0; pl < r->np; pl++) {
        t->score[pl] += mp_game_score(g, pl);
        t->wins[pl] += (mp_game_winners(g) >> pl) & 1;
    }
    mp_game_free(g);
    return 0;
}

static int merge(void *ctx, void *a, const void *b) {
    const run *r = ctx;
    totals *into = a;
    const totals *from = b;
    for (int pl = 0; pl < r->np; pl++) {
        into->score[pl] += from->score[pl];
        into->wins[pl] += from->wins[pl];
        for (int q = 0; q < r->nc; q++) into->points[pl][q] += from->points[pl][q];
    }
    for (int q = 0; q < r->nc; q++) into->scored[q] |= from->scored[q];
    return 0;
}

/* ------------------------------------------------------------------ parts */

static void write_params(void *ctx, json *j) { sim_write_params(j, &((const run *)ctx)->setup); }

/* {"scored": [per category], "seats": [{"score": sum, "wins": count, "points": [sum per category]}]} */
static void write_totals(void *ctx, const void *tp, json *j) {
    const run *r = ctx;
    const totals *t = tp;
    json_object(j);
    json_key(j, "scored"); json_array(j);
    for (int q = 0; q < r->nc; q++) json_bool(j, t->scored[q]);
    json_array_end(j);
    json_key(j, "seats"); json_array(j);
    for (int pl = 0; pl < r->np; pl++) {
        json_object(j);
        json_key(j, "score"); json_int(j, (long)t->score[pl]);
        json_key(j, "wins"); json_int(j, (long)t->wins[pl]);
        json_key(j, "points"); json_array(j);
        for (int q = 0; q < r->nc; q++) json_int(j, (long)t->points[pl][q]);
        json_array_end(j);
        json_object_end(j);
    }
    json_array_end(j);
    json_object_end(j);
}

static int bad_totals(mp_diag *d, const char *what) {
    snprintf(d->message, sizeof d->message, "%s", what);
    return -1;
}

static int read_totals(void *ctx, void *p, const json_t *v, mp_diag *d) {
    const run *r = ctx;
    totals *t = p;
    json_t *scored = json_object_get(v, "scored"), *seats = json_object_get(v, "seats");
    if (json_array_size(scored) != (size_t)r->nc || json_array_size(seats) != (size_t)r->np)
        return bad_totals(d, "not the totals of this run; expected \"scored\" per category of the ruleset and \"seats\" per seat");
    for (int q = 0; q < r->nc; q++) t->scored[q] = json_is_true(json_array_get(scored, (size_t)q));
    for (int pl = 0; pl < r->np; pl++) {
        json_t *o = json_array_get(seats, (size_t)pl), *score = json_object_get(o, "score"), *wins = json_object_get(o, "wins");
        json_t *points = json_object_get(o, "points");
        if (!json_is_integer(score) || !json_is_integer(wins) || json_integer_value(wins) < 0 ||
            json_array_size(points) != (size_t)r->nc)
            return bad_totals(d, "a seat's totals without its score, wins (a whole number from 0) or points per category");
        t->score[pl] = json_integer_value(score);
        t->wins[pl] = json_integer_value(wins);
        for (int q = 0; q < r->nc; q++) {
            json_t *x = json_array_get(points, (size_t)q);
            if (!json_is_integer(x)) return bad_totals(d, "points that are not a whole number; expected a sum per category");
            t->points[pl][q] = json_integer_value(x);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ printing */

static double mean(long long sum, long games) { return (double)sum / (double)games; }

static int print(void *ctx, const void *p) {
    const run *r = ctx;
    const totals *t = p;
    const char *const *names = r->setup.seats.names;
    if (r->as_json) {
        json j;
        json_init(&j, stdout);
        json_object(&j);
        json_key(&j, "ruleset"); json_string(&j, mp_ruleset_name(r->setup.rs));
        json_key(&j, "seed"); json_uint(&j, (unsigned long long)r->setup.seed);
        json_key(&j, "games"); json_int(&j, r->setup.games);
        json_key(&j, "players"); json_array(&j);
        for (int pl = 0; pl < r->np; pl++) {
            json_object(&j);
            json_key(&j, "name"); json_string(&j, names[pl]);
            json_key(&j, "kind"); json_string(&j, r->setup.seats.specs[pl]);
            json_key(&j, "mean_score"); json_double(&j, mean(t->score[pl], r->setup.games));
            json_key(&j, "wins"); json_int(&j, (long)t->wins[pl]);
            json_key(&j, "mean_points"); json_object(&j);
            for (int q = 0; q < r->nc; q++)
                if (t->scored[q]) { json_key(&j, r->cat[q]); json_double(&j, mean(t->points[pl][q], r->setup.games)); }
            json_object_end(&j);
            json_object_end(&j);
        }
        json_array_end(&j);
        json_object_end(&j);
        json_done(&j);
        return 0;
    }
    printf("ruleset %s, seeds %llu..%llu, %ld game%s, %d player%s\n\n", mp_ruleset_name(r->setup.rs), (unsigned long long)r->setup.seed,
           (unsigned long long)(r->setup.seed + (uint64_t)r->setup.games - 1), r->setup.games, plural(r->setup.games), r->np, plural(r->np));
    printf("%-16s %8s %6s", "player", "mean", "wins");
    for (int q = 0; q < r->nc; q++)
        if (t->scored[q]) printf(" %9s", r->cat[q]);
    putchar('\n');
    for (int pl = 0; pl < r->np; pl++) {
        printf("%-16s %8.2f %6lld", names[pl], mean(t->score[pl], r->setup.games), t->wins[pl]);
        for (int q = 0; q < r->nc; q++)
            if (t->scored[q]) printf(" %9.2f", mean(t->points[pl][q], r->setup.games));
        putchar('\n');
    }
    return 0;
}

static const sim_ops ops = {
    .command = "play", .totals_new = totals_new, .totals_free = totals_free, .play = play, .merge = merge,
    .write_params = write_params, .write_totals = write_totals, .read_totals = read_totals, .print = print,
};

/* ------------------------------------------------------------------ entry points */

int play_games(const char *ruleset, const char *players, long games, uint64_t seed, bool as_json, const sim_opts *o) {
    int rc = 0;
    run *r = new_run(ruleset, games, seed, players, &rc);
    if (!r) return rc;
    r->as_json = as_json;
    rc = sim_run(&ops, r, games, o);
    free_run(r);
    return rc;
}

static void *ctx_from_params(const json_t *params, const merge_output *out, int *rc) {
    sim_params p;
    if ((*rc = sim_read_params(params, "play", &p))) return NULL;
    if ((*rc = sim_no_csv_or_svg(out, "play --games", "text or --json"))) return NULL;
    run *r = new_run(p.ruleset, p.games, p.seed, p.players, rc);
    if (!r) return NULL;
    if ((*rc = sim_same_ruleset(r->setup.rs, p.hash))) { free_run(r); return NULL; }
    r->as_json = out->json;
    return r;
}

static void ctx_free(void *ctx) { free_run(ctx); }

const sim_command play_sim = { "play", &ops, ctx_from_params, ctx_free };
