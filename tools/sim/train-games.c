/*
** train-games.c: `meeple train` (meeple-train(1)): weights for the learned evaluation (meeple-weights(5)),
** fitted to seeded games between bots.
**
** Game i is played with seed S+i by the bots of --players. At every placement (each turn's
** position, before its tile is placed) each seat's features are read off a copy of the position
** (mp_eval_features); when the game is over, each of those samples is labelled with what the seat
** scored from there to the end. The weights are the least-squares fit of those labels: each
** feature x counts as x * phase and x * (64 - phase) (its weight at the start and at the end of a
** game, mp_eval_phase), with a small ridge that keeps a feature that never occurred at 0.
**
** The run is a sim_ops run (tools/sim/sim.h): its totals are the sums of the fit (X'X, X'y, y'y),
** whole numbers, as every feature and phase is one, so threads, shards and MPI ranks add up to
** the very same sums, and the same weights, to the last digit.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cmd.h"
#include "json.h"
#include "sim.h"

enum { MAX_TERMS = 2 * MP_EVAL_MAX };

typedef struct run {
    sim_setup setup;
    int np;
    int n_features, n_terms;              /* terms: two per feature, start and end */
    char names[MP_EVAL_MAX][MP_EVAL_NAME];
    const char *weights_path;             /* --weights FILE, NULL: standard output */
    bool as_json;
} run;

typedef struct totals {
    long long samples, games;
    long long xx[MAX_TERMS][MAX_TERMS];   /* the upper triangle is kept; the rest is 0 */
    long long xy[MAX_TERMS];
    long long yy, y;
} totals;

/* ------------------------------------------------------------------ the run's setup */

static void free_run(run *r) {
    sim_setup_free(&r->setup);
    free(r);
}

static run *new_run(const char *ruleset, long games, uint64_t seed, const char *players, int *rc) {
    run *r = calloc(1, sizeof *r);
    if (!r) { fprintf(stderr, "meeple: out of memory\n"); *rc = EXIT_BAD_INPUT; return NULL; }
    if ((*rc = sim_setup_load(&r->setup, "train", ruleset, players, games, seed))) { free_run(r); return NULL; }
    r->np = r->setup.seats.n;
    mp_diag d = { 0 };
    mp_game_options o = { .n_players = r->np, .seed = seed, .first_player = -1 };
    mp_game *g = mp_game_new(r->setup.rs, &o, &d);
    if (!g) { print_diag(&d); *rc = EXIT_BAD_INPUT; free_run(r); return NULL; }
    r->n_features = mp_eval_n_features(g);
    r->n_terms = 2 * r->n_features;
    for (int f = 0; f < r->n_features; f++) mp_eval_feature_name(g, f, r->names[f], sizeof r->names[f]);
    mp_game_free(g);
    return r;
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

/* One sample: a seat's terms at a position, and its score then. */
typedef struct sample { int seat, before; int u[MAX_TERMS]; } sample;

static int game_error(const run *r, mp_diag *d, uint64_t seed, int p) {
    snprintf(d->file, sizeof d->file, "%s", mp_ruleset_path(r->setup.rs));
    d->line = d->column = 0;
    snprintf(d->message, sizeof d->message, "internal error: seed %llu: seat %d (%s) found no legal action",
             (unsigned long long)seed, p + 1, r->setup.seats.names[p]);
    return EXIT_BAD_INPUT;
}

/* The samples of the position g is in, appended to *v (n of cap). */
static void take_samples(const run *r, const mp_game *g, sample **v, int *n, int *cap) {
    mp_game *c = mp_game_clone(g);
    int x[MP_MAX_PLAYERS * MP_EVAL_MAX], before[MP_MAX_PLAYERS], phase = mp_eval_phase(g);
    if (c && !mp_eval_features(c, x, before)) {
        for (int p = 0; p < r->np; p++) {
            if (*n == *cap) {
                *cap = *cap ? 2 * *cap : 256;
                if (!(*v = realloc(*v, (size_t)*cap * sizeof **v))) abort();
            }
            sample *s = &(*v)[(*n)++];
            s->seat = p;
            s->before = before[p];
            for (int f = 0; f < r->n_features; f++) {
                s->u[2 * f] = x[p * r->n_features + f] * phase;
                s->u[2 * f + 1] = x[p * r->n_features + f] * (MP_EVAL_PHASES - phase);
            }
        }
    }
    mp_game_free(c);
}

static int play(void *ctx, void *tp, long i, mp_diag *d) {
    const run *r = ctx;
    totals *t = tp;
    uint64_t seed = r->setup.seed + (uint64_t)i;
    mp_game_options o = { .n_players = r->np, .seed = seed, .first_player = -1 };
    mp_game *g = mp_game_new(r->setup.rs, &o, d);
    if (!g) return EXIT_BAD_INPUT;
    mp_game_start(g, d);
    mp_bot *bots[MP_MAX_PLAYERS] = { 0 };
    int rc = 0;
    for (int p = 0; p < r->np && !rc; p++)
        if (!(bots[p] = mp_bot_new(r->setup.seats.specs[p], seed, p, d))) rc = EXIT_BAD_INPUT;
    sample *v = NULL;
    int n = 0, cap = 0;
    while (!rc && mp_game_phase(g) != MP_PHASE_OVER) {
        if (mp_game_phase(g) == MP_PHASE_PLACE) take_samples(r, g, &v, &n, &cap);
        mp_action act;
        int p = mp_game_current_player(g);
        if (mp_bot_choose(bots[p], g, &act) || mp_game_apply(g, &act, d)) rc = game_error(r, d, seed, p);
    }
    for (int k = 0; !rc && k < n; k++) {
        const sample *s = &v[k];
        long long y = mp_game_score(g, s->seat) - s->before;
        for (int a = 0; a < r->n_terms; a++) {
            if (!s->u[a]) continue;
            for (int b = a; b < r->n_terms; b++) t->xx[a][b] += (long long)s->u[a] * s->u[b];
            t->xy[a] += s->u[a] * y;
        }
        t->yy += y * y;
        t->y += y;
    }
    if (!rc) { t->samples += n; t->games++; }
    free(v);
    for (int p = 0; p < r->np; p++) mp_bot_free(bots[p]);
    mp_game_free(g);
    return rc;
}

static int merge(void *ctx, void *into_p, const void *from_p) {
    const run *r = ctx;
    totals *into = into_p;
    const totals *from = from_p;
    into->samples += from->samples;
    into->games += from->games;
    into->yy += from->yy;
    into->y += from->y;
    for (int a = 0; a < r->n_terms; a++) {
        into->xy[a] += from->xy[a];
        for (int b = a; b < r->n_terms; b++) into->xx[a][b] += from->xx[a][b];
    }
    return 0;
}

/* ------------------------------------------------------------------ parts */

static void write_params(void *ctx, json *j) { sim_write_params(j, &((const run *)ctx)->setup); }

/* {"samples", "games", "yy", "y", "xy": [per term], "xx": [per term, from it on: [...]]} */
static void write_totals(void *ctx, const void *tp, json *j) {
    const run *r = ctx;
    const totals *t = tp;
    json_object(j);
    json_key(j, "samples"); json_int(j, (long)t->samples);
    json_key(j, "games"); json_int(j, (long)t->games);
    json_key(j, "yy"); json_int(j, (long)t->yy);
    json_key(j, "y"); json_int(j, (long)t->y);
    json_key(j, "xy"); json_array(j);
    for (int a = 0; a < r->n_terms; a++) json_int(j, (long)t->xy[a]);
    json_array_end(j);
    json_key(j, "xx"); json_array(j);
    for (int a = 0; a < r->n_terms; a++) {
        json_array(j);
        for (int b = a; b < r->n_terms; b++) json_int(j, (long)t->xx[a][b]);
        json_array_end(j);
    }
    json_array_end(j);
    json_object_end(j);
}

static int bad_totals(mp_diag *d) {
    snprintf(d->message, sizeof d->message, "not the totals of this training run; expected \"samples\", \"games\", \"yy\", "
             "\"y\", \"xy\" (a sum per term) and \"xx\" (per term, the sums from it on), whole numbers");
    return -1;
}

static bool whole(const json_t *v, long long *out) {
    if (!json_is_integer(v)) return false;
    *out = json_integer_value(v);
    return true;
}

static int read_totals(void *ctx, void *tp, const json_t *v, mp_diag *d) {
    const run *r = ctx;
    totals *t = tp;
    json_t *xy = json_object_get(v, "xy"), *xx = json_object_get(v, "xx");
    if (!whole(json_object_get(v, "samples"), &t->samples) || !whole(json_object_get(v, "games"), &t->games) ||
        !whole(json_object_get(v, "yy"), &t->yy) || !whole(json_object_get(v, "y"), &t->y) || t->samples < 0 ||
        t->games < 0 || json_array_size(xy) != (size_t)r->n_terms || json_array_size(xx) != (size_t)r->n_terms)
        return bad_totals(d);
    for (int a = 0; a < r->n_terms; a++) {
        json_t *row = json_array_get(xx, (size_t)a);
        if (!whole(json_array_get(xy, (size_t)a), &t->xy[a]) || json_array_size(row) != (size_t)(r->n_terms - a)) return bad_totals(d);
        for (int b = a; b < r->n_terms; b++)
            if (!whole(json_array_get(row, (size_t)(b - a)), &t->xx[a][b])) return bad_totals(d);
    }
    return 0;
}

/* ------------------------------------------------------------------ the fit */

/* Solves (X'X + ridge) c = X'y by Cholesky; weights[f] = {start, end}. The ridge: 1e-4 of the
** mean of the diagonal, the same on every term, so that a term that never occurred gets 0 and
** the others are all but unbiased. Returns the root mean square error of the fit, per sample. */
static double fit(const run *r, const totals *t, double (*weights)[2]) {
    int n = r->n_terms;
    double *A = calloc((size_t)n * (size_t)n, sizeof *A), *b = calloc((size_t)n, sizeof *b);
    if (!A || !b) abort();
    double trace = 0;
    for (int a = 0; a < n; a++) trace += (double)t->xx[a][a];
    double ridge = 1e-4 * (trace > 0 ? trace / n : 1);
    for (int a = 0; a < n; a++) {
        b[a] = (double)t->xy[a];
        for (int c = a; c < n; c++) A[a * n + c] = A[c * n + a] = (double)t->xx[a][c];
        A[a * n + a] += ridge;
    }
    /* A = L L' in place (lower triangle), then L z = b, L' c = z. */
    for (int j = 0; j < n; j++) {
        double s = A[j * n + j];
        for (int k = 0; k < j; k++) s -= A[j * n + k] * A[j * n + k];
        A[j * n + j] = sqrt(s > 0 ? s : ridge);
        for (int i = j + 1; i < n; i++) {
            double x = A[i * n + j];
            for (int k = 0; k < j; k++) x -= A[i * n + k] * A[j * n + k];
            A[i * n + j] = x / A[j * n + j];
        }
    }
    for (int i = 0; i < n; i++) {
        double x = b[i];
        for (int k = 0; k < i; k++) x -= A[i * n + k] * b[k];
        b[i] = x / A[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {
        double x = b[i];
        for (int k = i + 1; k < n; k++) x -= A[k * n + i] * b[k];
        b[i] = x / A[i * n + i];
    }
    /* The error: y'y - 2 c'X'y + c'X'X c, per sample. */
    double sse = (double)t->yy;
    for (int a = 0; a < n; a++) {
        sse -= 2 * b[a] * (double)t->xy[a];
        for (int c = 0; c < n; c++) sse += b[a] * b[c] * (double)(a <= c ? t->xx[a][c] : t->xx[c][a]);
    }
    for (int f = 0; f < r->n_features; f++) {
        weights[f][0] = MP_EVAL_PHASES * b[2 * f];
        weights[f][1] = MP_EVAL_PHASES * b[2 * f + 1];
    }
    free(A);
    free(b);
    return t->samples > 0 && sse > 0 ? sqrt(sse / (double)t->samples) : 0;
}

/* ------------------------------------------------------------------ printing */

/* A weight as written: six significant digits, and 0 for what rounds to nothing. */
static double tidy(double w) { return fabs(w) < 5e-7 ? 0 : w; }

static void write_weights(const run *r, const totals *t, double (*w)[2], double rms, double rms_none, FILE *f) {
    fprintf(f, "# The learned evaluation's weights for ruleset %s (meeple-weights(5)), written by meeple train.\n",
            mp_ruleset_name(r->setup.rs));
    fprintf(f, "# A seat's predicted final score: its score now plus, for each feature, the feature times its\n"
               "# weight at the start of the game and at its end, weighed by how far the game is (the phase).\n");
    fprintf(f, "ruleset: %s\nhash: \"%s\"\n", mp_ruleset_name(r->setup.rs), mp_ruleset_hash(r->setup.rs));
    fprintf(f, "training: {games: %ld, seed: %llu, players: \"%s\", positions: %lld, rms_error: %.4g, rms_error_unweighed: %.4g}\n",
            r->setup.games, (unsigned long long)r->setup.seed, r->setup.players, t->samples, rms, rms_none);
    fprintf(f, "features:\n");
    for (int k = 0; k < r->n_features; k++)
        fprintf(f, "  %s:%*s{start: %.6g, end: %.6g}\n", r->names[k], (int)(22 - strlen(r->names[k])), "", tidy(w[k][0]), tidy(w[k][1]));
}

static int print(void *ctx, const void *tp) {
    const run *r = ctx;
    const totals *t = tp;
    double (*w)[2] = calloc((size_t)r->n_features, sizeof *w);
    if (!w) abort();
    double rms = fit(r, t, w);
    /* The error of predicting nothing more (every seat keeps its score): what the weights explain. */
    double rms_none = t->samples > 0 ? sqrt((double)t->yy / (double)t->samples) : 0;
    int rc = 0;
    if (r->weights_path) {
        out_file o;
        mp_diag d = { 0 };
        if (out_open(&o, r->weights_path, &d)) { print_diag(&d); free(w); return EXIT_BAD_INPUT; }
        write_weights(r, t, w, rms, rms_none, o.f);
        if (out_commit(&o, &d)) { print_diag(&d); rc = EXIT_BAD_INPUT; }
    }
    if (r->as_json) {
        json j;
        json_init(&j, stdout);
        json_object(&j);
        json_key(&j, "ruleset"); json_string(&j, mp_ruleset_name(r->setup.rs));
        json_key(&j, "hash"); json_string(&j, mp_ruleset_hash(r->setup.rs));
        json_key(&j, "games"); json_int(&j, r->setup.games);
        json_key(&j, "seed"); json_uint(&j, (unsigned long long)r->setup.seed);
        json_key(&j, "players"); json_string(&j, r->setup.players);
        json_key(&j, "positions"); json_int(&j, (long)t->samples);
        json_key(&j, "rms_error"); json_double(&j, rms);
        json_key(&j, "rms_error_unweighed"); json_double(&j, rms_none);
        if (r->weights_path) { json_key(&j, "weights_file"); json_string(&j, r->weights_path); }
        json_key(&j, "features"); json_object(&j);
        for (int k = 0; k < r->n_features; k++) {
            json_key(&j, r->names[k]); json_object(&j);
            json_key(&j, "start"); json_double(&j, tidy(w[k][0]));
            json_key(&j, "end"); json_double(&j, tidy(w[k][1]));
            json_object_end(&j);
        }
        json_object_end(&j);
        json_object_end(&j);
        json_done(&j);
    } else if (r->weights_path) {
        printf("%s: weights for %s from %ld game%s, %lld positions; rms error %.2f points (%.2f with no weights)\n",
               r->weights_path, mp_ruleset_name(r->setup.rs), r->setup.games, plural(r->setup.games), t->samples, rms, rms_none);
    } else {
        write_weights(r, t, w, rms, rms_none, stdout);
    }
    free(w);
    return rc;
}

static const sim_ops ops = {
    .command = "train", .totals_new = totals_new, .totals_free = totals_free, .play = play, .merge = merge,
    .write_params = write_params, .write_totals = write_totals, .read_totals = read_totals, .print = print,
};

/* ------------------------------------------------------------------ entry points */

int train_games(const char *ruleset, const char *players, long games, uint64_t seed, const char *weights_path, bool as_json,
                const sim_opts *o) {
    int rc = 0;
    run *r = new_run(ruleset, games, seed, players, &rc);
    if (!r) return rc;
    r->weights_path = weights_path;
    r->as_json = as_json;
    if (weights_path && !o->shard.n && (rc = out_check(weights_path))) { free_run(r); return rc; }
    rc = sim_run(&ops, r, games, o);
    free_run(r);
    return rc;
}

static void *ctx_from_params(const json_t *params, const merge_output *out, int *rc) {
    sim_params p;
    if ((*rc = sim_read_params(params, "train", &p))) return NULL;
    if ((*rc = sim_no_csv_or_svg(out, "train", "the weights file or --json"))) return NULL;
    run *r = new_run(p.ruleset, p.games, p.seed, p.players, rc);
    if (!r) return NULL;
    if ((*rc = sim_same_ruleset(r->setup.rs, p.hash))) { free_run(r); return NULL; }
    r->as_json = out->json;
    return r;
}

static void ctx_free(void *ctx) { free_run(ctx); }

const sim_command train_sim = { "train", &ops, ctx_from_params, ctx_free };
