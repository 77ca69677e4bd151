/*
** compare-games.c: `meeple compare --games N`: game i is played with seed S+i under every ruleset
** (same tile order, same bot policy; the bots judge moves by each ruleset's own scoring, so their
** play may differ), and the scores are set side by side: per ruleset the farm share, how often
** the winner differs from the first ruleset's, how often the first player won, the winning
** margin, and per seat the mean score and points per category with their spread.
**
** The run is a sim_ops run (tools/sim/sim.h): the totals are exact distributions of every score,
** category and margin (tools/sim/dist.h) and counts, so threads, shards and MPI ranks merge to the same
** output. --csv keeps one row per game (in the totals, sorted by game when printed).
*/
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "chart.h"
#include "cmd.h"
#include "dist.h"
#include "json.h"
#include "sim.h"

enum { MAX_RULESETS = 8, MAX_CATS = 24 };

/* The run: what every thread reads, and what a part's parameters say. */
typedef struct run {
    char list[1024];                         /* --rulesets as given */
    int nr;
    mp_ruleset *rs[MAX_RULESETS];
    long games;
    uint64_t seed;
    char players[SEATS_LIST_MAX + 1];        /* --players as given */
    seat_list seats;
    int np;
    /* The score categories of every ruleset, in ruleset order then each ruleset's own order;
    ** cat_of[k][q]: category q's index in ruleset k (-1: it has none of that name). */
    int nc;
    char cat[MAX_CATS][40];
    int cat_of[MAX_RULESETS][MAX_CATS];
    bool keep_rows;                          /* a row per game kept (--csv, or a part for one) */
    bool as_json, as_csv;
    out_file chart;                          /* --svg: the chart's file, opened before the games */
    out_file *svg;                           /* &chart, or NULL */
} run;

/* One game under one ruleset, as a CSV row shows it. */
typedef struct sample {
    int score[MP_MAX_PLAYERS];
    int points[MP_MAX_PLAYERS][MAX_CATS];
    unsigned winners;
    int first;                               /* the seat that moved first */
} sample;

typedef struct row { long game; sample s[MAX_RULESETS]; } row;

typedef struct side {                        /* one ruleset's totals */
    dist score[MP_MAX_PLAYERS];
    dist points[MP_MAX_PLAYERS][MAX_CATS];
    dist margin;                             /* the winner's lead over the next score */
    long long differs;                       /* games whose winners differ from the first ruleset's */
    long long first_wins;                    /* games the first player won (a shared win counts) */
} side;

typedef struct totals {
    side k[MAX_RULESETS];
    bool scored[MAX_CATS];                   /* the categories that scored in some game */
    row *rows;                               /* --csv */
    long n_rows, cap_rows;
} totals;

/* ------------------------------------------------------------------ the run's setup */

static int cat_index(run *r, const char *name) {
    for (int q = 0; q < r->nc; q++)
        if (!strcmp(r->cat[q], name)) return q;
    if (r->nc == MAX_CATS) return -1;
    snprintf(r->cat[r->nc], sizeof r->cat[0], "%s", name);
    return r->nc++;
}

static void free_run(run *r) {
    out_discard(&r->chart);   /* when the games did not get as far as the chart */
    for (int k = 0; k < r->nr; k++) mp_ruleset_free(r->rs[k]);
    free(r);
}

/* The rulesets and seats loaded, the categories listed: NULL with the error printed and *rc set. */
static run *new_run(const char *list, long games, uint64_t seed, const char *players, int *rc) {
    run *r = calloc(1, sizeof *r);
    if (!r) { fprintf(stderr, "meeple: out of memory\n"); *rc = EXIT_BAD_INPUT; return NULL; }
    snprintf(r->list, sizeof r->list, "%s", list);
    snprintf(r->players, sizeof r->players, "%s", players);
    r->games = games;
    r->seed = seed;
    char buf[1024], *save = NULL;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (r->nr == MAX_RULESETS) {
            fprintf(stderr, "meeple compare: more than %d rulesets\n", MAX_RULESETS);
            *rc = EXIT_USAGE;
            free_run(r);
            return NULL;
        }
        if (!(r->rs[r->nr] = load_ruleset(tok))) { *rc = EXIT_BAD_INPUT; free_run(r); return NULL; }
        r->nr++;
    }
    mp_diag d = { 0 };
    char why[600];
    int bad = seats_parse(players, SEATS_BOTS, &r->seats, why, sizeof why);   /* checked before: the usage, a part */
    r->np = r->seats.n;
    if (r->nr == 0 || bad) {
        fprintf(stderr, "meeple compare: %s%s\n", r->nr ? "--players: " : "--rulesets names no ruleset", r->nr ? why : "");
        *rc = EXIT_USAGE;
        free_run(r);
        return NULL;
    }
    for (int k = 0; k < r->nr; k++)
        if ((*rc = check_players(r->rs[k], r->np))) { free_run(r); return NULL; }
    /* Each ruleset's categories, read off a new game of it. */
    for (int k = 0; k < r->nr; k++) {
        for (int q = 0; q < MAX_CATS; q++) r->cat_of[k][q] = -1;
        mp_game_options o = { .n_players = r->np, .seed = seed, .first_player = -1 };
        mp_game *g = mp_game_new(r->rs[k], &o, &d);
        if (!g) { print_diag(&d); *rc = EXIT_BAD_INPUT; free_run(r); return NULL; }
        for (int c = 0; c < mp_game_n_categories(g); c++) {
            int q = cat_index(r, mp_game_category_name(g, c));
            if (q >= 0) r->cat_of[k][q] = c;
        }
        mp_game_free(g);
    }
    return r;
}

/* ------------------------------------------------------------------ the totals */

static void *totals_new(void *ctx) {
    (void)ctx;
    return calloc(1, sizeof(totals));
}

static void totals_free(void *ctx, void *tp) {
    run *r = ctx;
    totals *t = tp;
    for (int k = 0; k < r->nr; k++) {
        side *s = &t->k[k];
        dist_free(&s->margin);
        for (int p = 0; p < MP_MAX_PLAYERS; p++) {
            dist_free(&s->score[p]);
            for (int q = 0; q < MAX_CATS; q++) dist_free(&s->points[p][q]);
        }
    }
    free(t->rows);
    free(t);
}

static bool add_row(totals *t, const row *w) {
    if (t->n_rows == t->cap_rows) {
        long cap = t->cap_rows ? 2 * t->cap_rows : 64;
        row *rows = realloc(t->rows, (size_t)cap * sizeof *rows);
        if (!rows) return false;
        t->rows = rows;
        t->cap_rows = cap;
    }
    t->rows[t->n_rows++] = *w;
    return true;
}

/* The seat the seed makes move first under the ruleset (mp_bots_play draws it as a new game does). */
static int first_player(const mp_ruleset *rs, int np, uint64_t seed) {
    mp_game_options o = { .n_players = np, .seed = seed, .first_player = -1 };
    mp_diag d;
    mp_game *g = mp_game_new(rs, &o, &d);
    if (g) mp_game_start(g, &d);
    int p = g ? mp_game_current_player(g) : -1;
    mp_game_free(g);
    return p;
}

/* The winner's lead over the best other score (0 in a shared win). */
static int winning_margin(const sample *s, int np) {
    int top = INT_MIN, second = INT_MIN;
    for (int p = 0; p < np; p++) {
        if (s->score[p] > top) { second = top; top = s->score[p]; }
        else if (s->score[p] > second) second = s->score[p];
    }
    return np > 1 ? top - second : 0;
}

static int no_memory(mp_diag *d) {
    snprintf(d->message, sizeof d->message, "out of memory");
    return EXIT_BAD_INPUT;
}

static int play(void *ctx, void *p, long i, mp_diag *d) {
    run *r = ctx;
    totals *t = p;
    row w = { .game = i };
    uint64_t seed = r->seed + (uint64_t)i;
    for (int k = 0; k < r->nr; k++) {
        mp_game *g = mp_bots_play(r->rs[k], r->seats.specs, r->np, seed, NULL, d);
        if (!g) return EXIT_BAD_INPUT;
        sample *s = &w.s[k];
        for (int q = 0; q < r->nc; q++) {
            int c = r->cat_of[k][q];
            if (c >= 0 && mp_game_category_scored(g, c)) t->scored[q] = true;
        }
        for (int pl = 0; pl < r->np; pl++) {
            s->score[pl] = mp_game_score(g, pl);
            for (int q = 0; q < r->nc; q++) s->points[pl][q] = r->cat_of[k][q] >= 0 ? mp_game_points(g, pl, r->cat_of[k][q]) : 0;
        }
        s->winners = mp_game_winners(g);
        s->first = first_player(r->rs[k], r->np, seed);
        mp_game_free(g);
        side *sd = &t->k[k];
        sd->differs += s->winners != w.s[0].winners;
        sd->first_wins += s->first >= 0 && (s->winners >> s->first & 1);
        bool ok = dist_add(&sd->margin, winning_margin(s, r->np));
        for (int pl = 0; pl < r->np; pl++) {
            ok &= dist_add(&sd->score[pl], s->score[pl]);
            for (int q = 0; q < r->nc; q++) ok &= dist_add(&sd->points[pl][q], s->points[pl][q]);
        }
        if (!ok) return no_memory(d);
    }
    if (r->keep_rows && !add_row(t, &w)) return no_memory(d);
    return 0;
}

static int merge(void *ctx, void *a, const void *b) {
    run *r = ctx;
    totals *into = a;
    const totals *from = b;
    bool ok = true;
    for (int k = 0; k < r->nr; k++) {
        side *s = &into->k[k];
        const side *f = &from->k[k];
        s->differs += f->differs;
        s->first_wins += f->first_wins;
        ok &= dist_merge(&s->margin, &f->margin);
        for (int p = 0; p < r->np; p++) {
            ok &= dist_merge(&s->score[p], &f->score[p]);
            for (int q = 0; q < r->nc; q++) ok &= dist_merge(&s->points[p][q], &f->points[p][q]);
        }
    }
    for (int q = 0; q < r->nc; q++) into->scored[q] |= from->scored[q];
    for (long i = 0; i < from->n_rows && ok; i++) ok = add_row(into, &from->rows[i]);
    return ok ? 0 : -1;
}

/* ------------------------------------------------------------------ parts */

static void write_params(void *ctx, json *j) {
    run *r = ctx;
    json_key(j, "rulesets"); json_string(j, r->list);
    json_key(j, "hashes"); json_array(j);
    for (int k = 0; k < r->nr; k++) json_string(j, mp_ruleset_hash(r->rs[k]));
    json_array_end(j);
    json_key(j, "games"); json_int(j, r->games);
    json_key(j, "seed"); json_uint(j, (unsigned long long)r->seed);
    json_key(j, "players"); json_string(j, r->players);
    json_key(j, "rows"); json_bool(j, r->keep_rows);
}

static void write_totals(void *ctx, const void *tp, json *j) {
    const run *r = ctx;
    const totals *t = tp;
    json_object(j);
    json_key(j, "scored"); json_array(j);
    for (int q = 0; q < r->nc; q++) json_bool(j, t->scored[q]);
    json_array_end(j);
    json_key(j, "rulesets"); json_array(j);
    for (int k = 0; k < r->nr; k++) {
        const side *s = &t->k[k];
        json_object(j);
        json_key(j, "differs"); json_int(j, (long)s->differs);
        json_key(j, "first_wins"); json_int(j, (long)s->first_wins);
        json_key(j, "margin"); dist_write(j, &s->margin);
        json_key(j, "score"); json_array(j);
        for (int p = 0; p < r->np; p++) dist_write(j, &s->score[p]);
        json_array_end(j);
        json_key(j, "points"); json_array(j);
        for (int p = 0; p < r->np; p++) {
            json_array(j);
            for (int q = 0; q < r->nc; q++) dist_write(j, &s->points[p][q]);
            json_array_end(j);
        }
        json_array_end(j);
        json_object_end(j);
    }
    json_array_end(j);
    /* A row: the game, then per ruleset the scores, the points (seat by seat, category by
    ** category), the winners (a bit per seat) and the first player. */
    json_key(j, "rows"); json_array(j);
    for (long i = 0; i < t->n_rows; i++) {
        const row *w = &t->rows[i];
        json_array(j);
        json_int(j, w->game);
        for (int k = 0; k < r->nr; k++) {
            const sample *s = &w->s[k];
            for (int p = 0; p < r->np; p++) json_int(j, s->score[p]);
            for (int p = 0; p < r->np; p++)
                for (int q = 0; q < r->nc; q++) json_int(j, s->points[p][q]);
            json_int(j, (long)s->winners);
            json_int(j, s->first);
        }
        json_array_end(j);
    }
    json_array_end(j);
    json_object_end(j);
}

static int bad_totals(mp_diag *d, const char *what) {
    snprintf(d->message, sizeof d->message, "%s", what);
    return -1;
}

static int read_dist(dist *out, json_t *v, const char *path, mp_diag *d) { return dist_read(out, v, path, d); }

static int read_totals(void *ctx, void *p, const json_t *v, mp_diag *d) {
    const run *r = ctx;
    totals *t = p;
    json_t *scored = json_object_get(v, "scored"), *sides = json_object_get(v, "rulesets"), *rows = json_object_get(v, "rows");
    if (json_array_size(scored) != (size_t)r->nc || json_array_size(sides) != (size_t)r->nr || !json_is_array(rows))
        return bad_totals(d, "not the totals of this comparison; expected \"scored\" per category, \"rulesets\" per ruleset and \"rows\"");
    for (int q = 0; q < r->nc; q++) t->scored[q] = json_is_true(json_array_get(scored, (size_t)q));
    for (int k = 0; k < r->nr; k++) {
        json_t *o = json_array_get(sides, (size_t)k);
        side *s = &t->k[k];
        json_t *score = json_object_get(o, "score"), *points = json_object_get(o, "points");
        if (!json_is_integer(json_object_get(o, "differs")) || !json_is_integer(json_object_get(o, "first_wins")) ||
            json_array_size(score) != (size_t)r->np || json_array_size(points) != (size_t)r->np)
            return bad_totals(d, "a ruleset's totals without differs, first_wins, or a score and points per seat");
        s->differs = json_integer_value(json_object_get(o, "differs"));
        s->first_wins = json_integer_value(json_object_get(o, "first_wins"));
        if (read_dist(&s->margin, json_object_get(o, "margin"), "margin", d)) return -1;
        for (int pl = 0; pl < r->np; pl++) {
            json_t *pp = json_array_get(points, (size_t)pl);
            if (read_dist(&s->score[pl], json_array_get(score, (size_t)pl), "score", d)) return -1;
            if (json_array_size(pp) != (size_t)r->nc) return bad_totals(d, "points without a distribution per category");
            for (int q = 0; q < r->nc; q++)
                if (read_dist(&s->points[pl][q], json_array_get(pp, (size_t)q), "points", d)) return -1;
        }
    }
    size_t width = 1 + (size_t)r->nr * ((size_t)r->np * (1 + (size_t)r->nc) + 2);
    for (size_t i = 0; i < json_array_size(rows); i++) {
        json_t *a = json_array_get(rows, i);
        if (json_array_size(a) != width) return bad_totals(d, "a row of another width; expected the game, then per ruleset scores, points, winners and first player");
        row w;
        memset(&w, 0, sizeof w);
        size_t x = 0;
        w.game = (long)json_integer_value(json_array_get(a, x++));
        for (int k = 0; k < r->nr; k++) {
            sample *s = &w.s[k];
            for (int pl = 0; pl < r->np; pl++) s->score[pl] = (int)json_integer_value(json_array_get(a, x++));
            for (int pl = 0; pl < r->np; pl++)
                for (int q = 0; q < r->nc; q++) s->points[pl][q] = (int)json_integer_value(json_array_get(a, x++));
            s->winners = (unsigned)json_integer_value(json_array_get(a, x++));
            s->first = (int)json_integer_value(json_array_get(a, x++));
        }
        if (!add_row(t, &w)) return bad_totals(d, "out of memory");
    }
    return 0;
}

/* ------------------------------------------------------------------ printing */

typedef struct stat { double mean, sd, ci; } stat;

static stat stats(const dist *v) {
    stat s = { dist_mean(v), dist_sd(v), 0 };
    if (v->n > 1) s.ci = 1.96 * s.sd / sqrt((double)v->n);   /* 95%, normal approximation */
    return s;
}

static int by_game(const void *a, const void *b) {
    long x = ((const row *)a)->game, y = ((const row *)b)->game;
    return (x > y) - (x < y);
}

static void print_csv(const run *r, totals *t) {
    const char *const *names = r->seats.names;
    printf("game,seed,ruleset");
    for (int p = 0; p < r->np; p++) printf(",%s", names[p]);
    for (int p = 0; p < r->np; p++)
        for (int q = 0; q < r->nc; q++)
            if (t->scored[q]) printf(",%s_%s", names[p], r->cat[q]);
    printf(",winners,first\n");
    qsort(t->rows, (size_t)t->n_rows, sizeof *t->rows, by_game);
    for (long i = 0; i < t->n_rows; i++)
        for (int k = 0; k < r->nr; k++) {
            const sample *s = &t->rows[i].s[k];
            long game = t->rows[i].game;
            printf("%ld,%llu,%s", game + 1, (unsigned long long)(r->seed + (uint64_t)game), mp_ruleset_name(r->rs[k]));
            for (int p = 0; p < r->np; p++) printf(",%d", s->score[p]);
            for (int p = 0; p < r->np; p++)
                for (int q = 0; q < r->nc; q++)
                    if (t->scored[q]) printf(",%d", s->points[p][q]);
            printf(",");
            for (int p = 0, w = 0; p < r->np; p++)
                if (s->winners & (1u << p)) printf("%s%s", w++ ? ";" : "", names[p]);
            printf(",%s\n", s->first >= 0 ? names[s->first] : "");
        }
}

static void json_stat(json *j, stat s) {
    json_object(j);
    json_key(j, "mean"); json_double(j, s.mean);
    json_key(j, "sd"); json_double(j, s.sd);
    json_key(j, "ci95"); json_array(j); json_double(j, s.mean - s.ci); json_double(j, s.mean + s.ci); json_array_end(j);
    json_object_end(j);
}

static void print_summary(const run *r, const totals *t) {
    const char *const *names = r->seats.names;
    long games = r->games;
    bool as_json = r->as_json;
    json j;
    json_init(&j, stdout);
    if (as_json) {
        json_object(&j);
        json_key(&j, "games"); json_int(&j, games);
        json_key(&j, "seed"); json_uint(&j, (unsigned long long)r->seed);
        json_key(&j, "rulesets"); json_array(&j);
    } else {
        printf("%ld game%s, seeds %llu..%llu, players", games, plural(games), (unsigned long long)r->seed,
               (unsigned long long)(r->seed + (uint64_t)games - 1));
        for (int p = 0; p < r->np; p++) printf("%s %s", p ? "," : "", names[p]);
        printf("\n");
    }
    for (int k = 0; k < r->nr; k++) {
        const side *s = &t->k[k];
        long long farm = 0, all = 0;
        int fc = -1;
        for (int q = 0; q < r->nc; q++)
            if (t->scored[q] && !strcmp(r->cat[q], mp_ruleset_farm_category(r->rs[k]))) fc = q;
        for (int p = 0; p < r->np; p++) {
            all += dist_sum(&s->score[p]);
            if (fc >= 0) farm += dist_sum(&s->points[p][fc]);
        }
        double farm_share = all > 0 ? (double)farm / (double)all : 0;
        stat margin = stats(&s->margin);
        double first_rate = (double)s->first_wins / (double)games;
        double differs = (double)s->differs / (double)games;
        if (as_json) {
            json_object(&j);
            json_key(&j, "name"); json_string(&j, mp_ruleset_name(r->rs[k]));
            json_key(&j, "farm_share"); json_double(&j, farm_share);
            json_key(&j, "winner_differs"); json_double(&j, differs);
            json_key(&j, "first_player_wins"); json_int(&j, (long)s->first_wins);
            json_key(&j, "first_player_win_rate"); json_double(&j, first_rate);
            json_key(&j, "winning_margin"); json_stat(&j, margin);
            json_key(&j, "players"); json_array(&j);
        } else {
            printf("\n%s: farm share %.1f%%, winner differs from %s in %.1f%% of games\n", mp_ruleset_name(r->rs[k]),
                   100 * farm_share, mp_ruleset_name(r->rs[0]), 100.0 * differs);
            printf("  first player won %.1f%% of games (a shared win counts); winning margin %.2f (sd %.2f, 95%% interval "
                   "%.2f..%.2f)\n", 100 * first_rate, margin.mean, margin.sd, margin.mean - margin.ci, margin.mean + margin.ci);
            printf("  %-14s %-9s %9s %8s %16s\n", "player", "category", "mean", "sd", "95% interval");
        }
        for (int p = 0; p < r->np; p++) {
            stat st = stats(&s->score[p]);
            if (as_json) {
                json_object(&j);
                json_key(&j, "name"); json_string(&j, names[p]);
                json_key(&j, "score"); json_stat(&j, st);
                json_key(&j, "points"); json_object(&j);
            } else {
                printf("  %-14s %-9s %9.2f %8.2f %7.2f..%-7.2f\n", names[p], "total", st.mean, st.sd, st.mean - st.ci, st.mean + st.ci);
            }
            for (int q = 0; q < r->nc; q++) {
                if (!t->scored[q]) continue;
                stat sq = stats(&s->points[p][q]);
                if (as_json) {
                    json_key(&j, r->cat[q]);
                    json_stat(&j, sq);
                } else {
                    printf("  %-14s %-9s %9.2f %8.2f %7.2f..%-7.2f\n", "", r->cat[q], sq.mean, sq.sd, sq.mean - sq.ci, sq.mean + sq.ci);
                }
            }
            if (as_json) { json_object_end(&j); json_object_end(&j); }
        }
        if (as_json) { json_array_end(&j); json_object_end(&j); }
    }
    if (as_json) { json_array_end(&j); json_object_end(&j); json_done(&j); }
}

/* The chart: every ruleset's scores per seat, from their distributions. */
static int print_chart(const run *r, const totals *t) {
    chart_series series[MAX_RULESETS * MP_MAX_PLAYERS];
    int ns = 0;
    double *data = malloc((size_t)r->games * (size_t)r->nr * (size_t)r->np * sizeof *data);
    if (!data) { fprintf(stderr, "meeple: out of memory\n"); return EXIT_BAD_INPUT; }
    for (int k = 0; k < r->nr; k++)
        for (int p = 0; p < r->np; p++, ns++) {
            double *col = data + (size_t)ns * (size_t)r->games;
            dist_values(&t->k[k].score[p], col);
            series[ns] = (chart_series){ .group = mp_ruleset_name(r->rs[k]), .label = r->seats.names[p], .values = col,
                                         .n = (long)t->k[k].score[p].n, .colour = p };
        }
    char title[200];
    snprintf(title, sizeof title, "Scores of %ld seeded games (seeds %llu..%llu) by ruleset and player", r->games,
             (unsigned long long)r->seed, (unsigned long long)(r->seed + (uint64_t)r->games - 1));
    mp_diag d = { 0 };
    chart_boxplot_svg(r->svg->f, title, series, ns);
    int rc = 0;
    if (out_commit(r->svg, &d)) { print_diag(&d); rc = EXIT_BAD_INPUT; }
    free(data);
    return rc;
}

static int print(void *ctx, const void *p) {
    run *r = ctx;
    totals *t = (totals *)p;   /* the rows are sorted in place */
    if (r->as_csv) print_csv(r, t);
    else print_summary(r, t);
    return r->svg ? print_chart(r, t) : 0;
}

static const sim_ops ops = {
    .command = "compare", .totals_new = totals_new, .totals_free = totals_free, .play = play, .merge = merge,
    .write_params = write_params, .write_totals = write_totals, .read_totals = read_totals, .print = print,
};

/* ------------------------------------------------------------------ entry points */

int compare_games(const char *list, long games, uint64_t seed, const char *players, bool as_json, bool as_csv,
                  const char *svg, const sim_opts *o) {
    int rc = 0;
    mp_diag d = { 0 };
    out_file chart = { 0 };
    if (svg && out_open(&chart, svg, &d)) { print_diag(&d); return EXIT_BAD_INPUT; }
    run *r = new_run(list, games, seed, players, &rc);
    if (!r) { out_discard(&chart); return rc; }
    r->as_json = as_json;
    r->as_csv = r->keep_rows = as_csv;
    if (svg) { r->chart = chart; r->svg = &r->chart; }
    rc = sim_run(&ops, r, games, o);
    free_run(r);
    return rc;
}

static void *ctx_from_params(const json_t *params, const merge_output *out, int *rc) {
    const char *list = json_string_value(json_object_get(params, "rulesets"));
    const char *players = json_string_value(json_object_get(params, "players"));
    json_t *hashes = json_object_get(params, "hashes"), *seed = json_object_get(params, "seed");
    json_t *games = json_object_get(params, "games");
    *rc = EXIT_BAD_INPUT;
    if (!list || !players || !json_is_array(hashes) || !json_is_integer(seed) || !json_is_integer(games)) {
        fprintf(stderr, "meeple merge: a compare part without its rulesets, hashes, games, seed or players\n");
        return NULL;
    }
    bool rows = json_is_true(json_object_get(params, "rows"));
    if (out->csv && !rows) {
        fprintf(stderr, "meeple merge: --csv needs a row per game; expected parts written with --csv "
                        "(compare --games N --shard K/N --csv)\n");
        return NULL;
    }
    run *r = new_run(list, (long)json_integer_value(games), (uint64_t)json_integer_value(seed), players, rc);
    if (!r) return NULL;
    r->as_json = out->json;
    r->as_csv = out->csv;
    r->keep_rows = rows;
    for (int k = 0; k < r->nr; k++)
        if ((*rc = sim_same_ruleset(r->rs[k], json_string_value(json_array_get(hashes, (size_t)k))))) {
            free_run(r);
            return NULL;
        }
    mp_diag d = { 0 };
    if (out->svg) {
        if (out_open(&r->chart, out->svg, &d)) { print_diag(&d); free_run(r); return NULL; }
        r->svg = &r->chart;
    }
    *rc = 0;
    return r;
}

static void ctx_free(void *ctx) { free_run(ctx); }

const sim_command compare_sim = { "compare", &ops, ctx_from_params, ctx_free };
