/*
** balance-print.c: the output of meeple balance, from the figures of tools/sim/balance-report.c
** (meeple-balance(1), OUTPUT): the table as text, its JSON, its CSV (one row per tile), and with
** --against each tile id's value under both rulesets side by side with their ratio; --svg draws
** the table as bars (tools/pictures/chart.c, meeple-balance(1), SVG chart), also from merged parts.
*/
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "balance-print.h"
#include "balance-report.h"
#include "chart.h"
#include "cmd.h"
#include "json.h"
#include "sim.h"

/* ------------------------------------------------------------------ the names printed */

static const char *pair_id(const run *r, const pair *q) {
    return q->a >= 0 ? mp_tileset_tile_id(r->ts, q->a) : mp_tileset_tile_id(r->vs->ts, q->b);
}

static const char *flag_words(int flag) {
    return flag == FLAG_ABOVE ? "above the base range" : flag == FLAG_BELOW ? "below the base range" : "";
}

static const char *set_of(const run *r, int t) {
    int f = mp_tileset_tile_file(r->ts, t);
    return f >= 0 && f < mp_tileset_n_files(r->ts) ? r->label[f] : "?";
}

/* The base name of --tiles FILE, for the header. */
static const char *tiles_name(const run *r) {
    const char *slash = strrchr(r->tiles, '/');
    return slash ? slash + 1 : r->tiles;
}

/* ------------------------------------------------------------------ text */

static void print_header(const run *r) {
    long games = r->setup.games;
    printf("ruleset %s", mp_ruleset_name(r->rs));
    if (r->tiles) printf(" with %s", tiles_name(r));
    printf(", %ld game%s, seeds %llu..%llu, players", games, plural(games), (unsigned long long)r->setup.seed,
           (unsigned long long)(r->setup.seed + (uint64_t)games - 1));
    for (int p = 0; p < r->setup.seats.n; p++) printf("%s %s", p ? "," : "", r->setup.seats.names[p]);
    printf("\n\n");
}

/* "1.42x base D", "0.80x base mean", or "-". */
static void against_text(const run *r, const tile_view *v, char *out, size_t size) {
    if (v->against == AGAINST_NONE || !v->has_ratio) snprintf(out, size, "-");
    else if (v->against == AGAINST_MEAN) snprintf(out, size, "%.2fx base mean", v->ratio);
    else snprintf(out, size, "%.2fx base %s", v->ratio, mp_tileset_tile_id(r->ts, v->against));
}

static int column_width(const run *r, bool sets) {
    int w = sets ? 3 : 4;   /* the headers "set" and "tile" */
    for (int t = 0; t < r->n_tiles; t++) {
        int l = (int)strlen(sets ? set_of(r, t) : mp_tileset_tile_id(r->ts, t));
        if (l > w) w = l;
    }
    return w;
}

static void print_text(const run *r, const totals *s, const report *rp) {
    print_header(r);
    int wt = column_width(r, false), ws = column_width(r, true);
    printf("%-*s %-*s %5s %8s %8s %9s %6s %15s  %-18s %s\n", wt, "tile", ws, "set", "count", "drawn", "placed", "discarded",
           "value", "95% interval", "against base", "flag");
    for (int t = 0; t < r->n_tiles; t++) {
        const tile_tot *x = &s->tile[t];
        const tile_view *v = &rp->tile[t];
        char value[32] = "-", interval[64] = "-", against[64];
        if (v->has_value) snprintf(value, sizeof value, "%.2f", v->mean);
        if (v->has_interval) snprintf(interval, sizeof interval, "%.2f..%.2f", v->lo, v->hi);
        against_text(r, v, against, sizeof against);
        char line[512];
        snprintf(line, sizeof line, "%-*s %-*s %5d %8lld %8lld %9lld %6s %15s  %-18s %s", wt, mp_tileset_tile_id(r->ts, t), ws,
                 set_of(r, t), mp_tileset_tile_count(r->ts, t), x->drawn, x->placed, x->discarded, value, interval, against,
                 flag_words(v->flag));
        size_t n = strlen(line);
        while (n > 0 && line[n - 1] == ' ') line[--n] = 0;   /* no blanks at the end of a row */
        printf("%s\n", line);
    }
    printf("\nflagged:");
    if (!rp->n_flagged) printf(" none");
    for (int t = 0, k = 0; t < r->n_tiles; t++)
        if (rp->tile[t].flag != FLAG_NONE) printf("%s %s (%s)", k++ ? "," : "", mp_tileset_tile_id(r->ts, t), flag_words(rp->tile[t].flag));
    printf("\n");
}

/* The name of a run in words: "ruleset c3 with strong.yaml". */
static void run_words(const run *r, char *out, size_t size) {
    if (r->tiles) snprintf(out, size, "ruleset %s with %s", mp_ruleset_name(r->rs), tiles_name(r));
    else snprintf(out, size, "ruleset %s", mp_ruleset_name(r->rs));
}

static void value_texts(const tile_view *v, char *value, size_t vsize, char *interval, size_t isize) {
    snprintf(value, vsize, "-");
    snprintf(interval, isize, "-");
    if (v && v->has_value) snprintf(value, vsize, "%.2f", v->mean);
    if (v && v->has_interval) snprintf(interval, isize, "%.2f..%.2f", v->lo, v->hi);
}

/* --against, after the first run's table: each tile id's value under both, and their ratio; then
** the tiles the other run flags. */
static void print_pairs_text(const run *r, const report *rp, const report *rv, const pairing *pg) {
    char words[SIM_RULESET_CHARS + 128];
    run_words(r->vs, words, sizeof words);
    printf("\nside by side against %s, the same seeds and players\n\n", words);
    int wt = 4;
    for (int k = 0; k < pg->n; k++) {
        int l = (int)strlen(pair_id(r, &pg->pair[k]));
        if (l > wt) wt = l;
    }
    printf("%-*s %6s %15s %8s %15s %6s\n", wt, "tile", "value", "95% interval", "against", "95% interval", "ratio");
    for (int k = 0; k < pg->n; k++) {
        const pair *q = &pg->pair[k];
        char va[32], ia[64], vb[32], ib[64], ratio[32] = "-";
        value_texts(q->a >= 0 ? &rp->tile[q->a] : NULL, va, sizeof va, ia, sizeof ia);
        value_texts(q->b >= 0 ? &rv->tile[q->b] : NULL, vb, sizeof vb, ib, sizeof ib);
        if (q->has_ratio) snprintf(ratio, sizeof ratio, "%.2f", q->ratio);
        printf("%-*s %6s %15s %8s %15s %6s\n", wt, pair_id(r, q), va, ia, vb, ib, ratio);
    }
    printf("\nflagged under %s:", words);
    if (!rv->n_flagged) printf(" none");
    for (int t = 0, k = 0; t < r->vs->n_tiles; t++)
        if (rv->tile[t].flag != FLAG_NONE) printf("%s %s (%s)", k++ ? "," : "", mp_tileset_tile_id(r->vs->ts, t), flag_words(rv->tile[t].flag));
    printf("\n");
}

/* ------------------------------------------------------------------ JSON */

static void json_number_or_null(json *j, bool has, double v) {
    if (has) json_double(j, v);
    else json_string(j, NULL);
}

static void print_json_tile(const run *r, const totals *s, const report *rp, int t, json *j) {
    const tile_tot *x = &s->tile[t];
    const tile_view *v = &rp->tile[t];
    json_object(j);
    json_key(j, "id"); json_string(j, mp_tileset_tile_id(r->ts, t));
    json_key(j, "set"); json_string(j, set_of(r, t));
    json_key(j, "count"); json_int(j, mp_tileset_tile_count(r->ts, t));
    json_key(j, "drawn"); json_int(j, (long)x->drawn);
    json_key(j, "placed"); json_int(j, (long)x->placed);
    json_key(j, "discarded"); json_int(j, (long)x->discarded);
    json_key(j, "value"); json_number_or_null(j, v->has_value, v->mean);
    json_key(j, "interval");
    if (v->has_interval) { json_array(j); json_double(j, v->lo); json_double(j, v->hi); json_array_end(j); }
    else json_string(j, NULL);
    json_key(j, "against");
    if (v->against == AGAINST_NONE) json_string(j, NULL);
    else {
        json_object(j);
        json_key(j, "base"); json_string(j, v->against == AGAINST_MEAN ? "mean" : mp_tileset_tile_id(r->ts, v->against));
        json_key(j, "ratio"); json_number_or_null(j, v->has_ratio, v->ratio);
        json_object_end(j);
    }
    json_key(j, "flag"); json_string(j, v->flag == FLAG_NONE ? NULL : flag_words(v->flag));
    json_object_end(j);
}

/* The keys of one run's result (meeple-balance(1), OUTPUT), into the object open in j. */
static void print_json_result(const run *r, const totals *s, const report *rp, json *j) {
    json_key(j, "ruleset"); json_string(j, mp_ruleset_name(r->rs));
    json_key(j, "tiles_file"); json_string(j, r->tiles);
    json_key(j, "games"); json_int(j, r->setup.games);
    json_key(j, "seed"); json_uint(j, (unsigned long long)r->setup.seed);
    json_key(j, "players"); json_array(j);
    for (int p = 0; p < r->setup.seats.n; p++) json_string(j, r->setup.seats.names[p]);
    json_array_end(j);
    json_key(j, "base_range");
    if (rp->has_range) { json_array(j); json_double(j, rp->range_lo); json_double(j, rp->range_hi); json_array_end(j); }
    else json_string(j, NULL);
    json_key(j, "base_mean"); json_number_or_null(j, rp->has_base_mean, rp->base_mean);
    json_key(j, "tiles"); json_array(j);
    for (int t = 0; t < r->n_tiles; t++) print_json_tile(r, s, rp, t, j);
    json_array_end(j);
    json_key(j, "flagged"); json_array(j);
    for (int t = 0; t < r->n_tiles; t++)
        if (rp->tile[t].flag != FLAG_NONE) json_string(j, mp_tileset_tile_id(r->ts, t));
    json_array_end(j);
}

/* A tile's value and interval under one side of a pairing, or nulls. */
static void json_value_pair(json *j, const char *value_key, const char *interval_key, const tile_view *v) {
    json_key(j, value_key); json_number_or_null(j, v && v->has_value, v ? v->mean : 0);
    json_key(j, interval_key);
    if (v && v->has_interval) { json_array(j); json_double(j, v->lo); json_double(j, v->hi); json_array_end(j); }
    else json_string(j, NULL);
}

static void print_json(const run *r, const totals *s, const report *rp, const report *rv, const pairing *pg) {
    json j;
    json_init(&j, stdout);
    json_object(&j);
    print_json_result(r, s, rp, &j);
    json_key(&j, "against");
    if (r->vs) { json_object(&j); print_json_result(r->vs, s->vs, rv, &j); json_object_end(&j); }
    else json_string(&j, NULL);
    json_key(&j, "pairs");
    if (r->vs) {
        json_array(&j);
        for (int k = 0; k < pg->n; k++) {
            const pair *q = &pg->pair[k];
            json_object(&j);
            json_key(&j, "id"); json_string(&j, pair_id(r, q));
            json_value_pair(&j, "value", "interval", q->a >= 0 ? &rp->tile[q->a] : NULL);
            json_value_pair(&j, "against_value", "against_interval", q->b >= 0 ? &rv->tile[q->b] : NULL);
            json_key(&j, "ratio"); json_number_or_null(&j, q->has_ratio, q->ratio);
            json_object_end(&j);
        }
        json_array_end(&j);
    } else json_string(&j, NULL);
    json_object_end(&j);
    json_done(&j);
}

/* ------------------------------------------------------------------ CSV */

/* One row per tile; a figure that is not there is an empty field. Tile ids and set names are
** plain words (no commas). */
static void print_csv(const run *r, const totals *s, const report *rp) {
    printf("id,set,count,drawn,placed,discarded,value,low,high,against,ratio,flag\n");
    for (int t = 0; t < r->n_tiles; t++) {
        const tile_tot *x = &s->tile[t];
        const tile_view *v = &rp->tile[t];
        printf("%s,%s,%d,%lld,%lld,%lld,", mp_tileset_tile_id(r->ts, t), set_of(r, t), mp_tileset_tile_count(r->ts, t), x->drawn,
               x->placed, x->discarded);
        if (v->has_value) printf("%.6g", v->mean);
        if (v->has_interval) printf(",%.6g,%.6g,", v->lo, v->hi);
        else printf(",,,");
        if (v->against != AGAINST_NONE) printf("%s", v->against == AGAINST_MEAN ? "mean" : mp_tileset_tile_id(r->ts, v->against));
        printf(",");
        if (v->has_ratio) printf("%.6g", v->ratio);
        printf(",%s\n", flag_words(v->flag));
    }
}

/* --against: one row per tile id, its figures under each run (meeple-balance(1), OUTPUT). */
static void print_pairs_csv(const run *r, const report *rp, const report *rv, const pairing *pg) {
    printf("id,set,value,low,high,against_set,against_value,against_low,against_high,ratio\n");
    for (int k = 0; k < pg->n; k++) {
        const pair *q = &pg->pair[k];
        printf("%s", pair_id(r, q));
        for (int side = 0; side < 2; side++) {
            const run *x = side ? r->vs : r;
            int t = side ? q->b : q->a;
            const tile_view *v = t >= 0 ? &(side ? rv : rp)->tile[t] : NULL;
            printf(",%s,", t >= 0 ? set_of(x, t) : "");
            if (v && v->has_value) printf("%.6g", v->mean);
            if (v && v->has_interval) printf(",%.6g,%.6g", v->lo, v->hi);
            else printf(",,");
        }
        printf(",");
        if (q->has_ratio) printf("%.6g", q->ratio);
        printf("\n");
    }
}

/* ------------------------------------------------------------------ the chart */

/* The chart (--svg): a bar per tile kind, its value per copy and interval, base tiles in one
** colour and the others in another, flagged ones outlined with their flag, over the base range;
** with --against a row per tile id and under each bar a thinner one, the tile's under the other
** ruleset (meeple-balance(1), SVG chart). 0, or the error printed and EXIT_BAD_INPUT. */
static int print_chart(run *r, const totals *s, const report *rp, const report *rv, const pairing *pg) {
    enum { DETAIL_CHARS = 160, NOTE_CHARS = 48, PAIR_COLOUR = 7 };
    int n = r->vs ? pg->n : r->n_tiles;
    chart_bar *bar = calloc((size_t)n + 1, sizeof *bar);
    char (*detail)[DETAIL_CHARS] = calloc((size_t)n + 1, sizeof *detail);
    char (*note)[NOTE_CHARS] = calloc((size_t)n + 1, sizeof *note);
    if (!bar || !detail || !note) {
        free(bar); free(detail); free(note);
        fprintf(stderr, "meeple: out of memory\n");
        return EXIT_BAD_INPUT;
    }
    char vs_words[SIM_RULESET_CHARS + 128] = "", against_words[SIM_RULESET_CHARS + 160] = "";
    if (r->vs) {
        run_words(r->vs, vs_words, sizeof vs_words);
        snprintf(against_words, sizeof against_words, "against %s", vs_words);
    }
    bool others = false;
    for (int k = 0; k < n; k++) {
        int t = r->vs ? pg->pair[k].a : k, u = r->vs ? pg->pair[k].b : -1;
        chart_bar *b = &bar[k];
        if (t >= 0) {
            const tile_view *v = &rp->tile[t];
            char against[64];
            against_text(r, v, against, sizeof against);
            snprintf(detail[k], DETAIL_CHARS, "set %s, %lld placed%s%s", set_of(r, t), s->tile[t].placed, v->base ? "" : ", ",
                     v->base ? "" : against);
            if (v->flag != FLAG_NONE)   /* a triangle pointing up (U+25B2) or down (U+25BC) */
                snprintf(note[k], NOTE_CHARS, "%s %s", v->flag == FLAG_ABOVE ? "\xe2\x96\xb2" : "\xe2\x96\xbc", flag_words(v->flag));
            *b = (chart_bar){ .label = mp_tileset_tile_id(r->ts, t), .has_value = v->has_value, .has_interval = v->has_interval,
                              .value = v->mean, .lo = v->lo, .hi = v->hi, .colour = v->base ? 0 : 3, .marked = v->flag != FLAG_NONE };
            others |= !v->base;
        } else {
            snprintf(detail[k], DETAIL_CHARS, "only %s (set %s, %lld placed)", against_words, set_of(r->vs, u), s->vs->tile[u].placed);
            snprintf(note[k], NOTE_CHARS, "only against");
            *b = (chart_bar){ .label = mp_tileset_tile_id(r->vs->ts, u) };
        }
        b->detail = detail[k];
        b->note = note[k][0] ? note[k] : NULL;
        if (u >= 0) {
            const tile_view *w = &rv->tile[u];
            b->has_pair_value = w->has_value;
            b->has_pair_interval = w->has_interval;
            b->pair_value = w->mean;
            b->pair_lo = w->lo;
            b->pair_hi = w->hi;
        }
    }
    char title[2 * SIM_RULESET_CHARS + 512], words[SIM_RULESET_CHARS + 128];
    run_words(r, words, sizeof words);
    snprintf(title, sizeof title, "Points per placed copy: %s%s%s", words, r->vs ? " " : "", against_words);
    char players[SIM_PLAYERS_CHARS + 128];
    int at = snprintf(players, sizeof players, "%ld game%s, seeds %llu..%llu, players", r->setup.games, plural(r->setup.games),
                      (unsigned long long)r->setup.seed, (unsigned long long)(r->setup.seed + (uint64_t)r->setup.games - 1));
    for (int p = 0; p < r->setup.seats.n && at >= 0 && (size_t)at < sizeof players; p++)
        at += snprintf(players + at, sizeof players - (size_t)at, "%s %s", p ? "," : "", r->setup.seats.names[p]);
    chart_bars c = { .title = title, .subtitle = players, .axis = "points per placed copy (the feature's points shared out by the kind's formula)",
                     .bar = bar, .n = n, .has_band = rp->has_range, .band_lo = rp->range_lo, .band_hi = rp->range_hi,
                     .band_label = "base range (lowest to highest base mean)", .marked_label = rp->n_flagged ? "flagged" : NULL,
                     .empty_note = "no copy placed", .pairs = r->vs != NULL, .pair_colour = PAIR_COLOUR };
    c.colour_label[0] = "base set";
    if (others) c.colour_label[3] = "other sets";
    if (r->vs) c.colour_label[PAIR_COLOUR] = against_words;
    int rc = 0;
    mp_diag d = { 0 };
    chart_bars_svg(r->svg->f, &c);   /* a write that failed shows in out_commit (ferror) */
    if (out_commit(r->svg, &d)) {
        print_diag(&d);
        rc = EXIT_BAD_INPUT;
    }
    free(bar);
    free(detail);
    free(note);
    return rc;
}

/* ------------------------------------------------------------------ the result */

int balance_print(run *r, const totals *s) {
    report rp, rv = { 0 };
    pairing pg = { 0 };
    int rc = 0;
    if (balance_report(r, s, &rp) || (r->vs && (balance_report(r->vs, s->vs, &rv) || balance_pairing(r, &rp, &rv, &pg)))) {
        fprintf(stderr, "meeple: out of memory\n");
        rc = EXIT_BAD_INPUT;
    } else {
        if (r->as_json) print_json(r, s, &rp, &rv, &pg);
        else if (r->as_csv && r->vs) print_pairs_csv(r, &rp, &rv, &pg);
        else if (r->as_csv) print_csv(r, s, &rp);
        else {
            print_text(r, s, &rp);
            if (r->vs) print_pairs_text(r, &rp, &rv, &pg);
        }
        if (r->svg) rc = print_chart(r, s, &rp, r->vs ? &rv : NULL, &pg);
    }
    free(rp.tile);
    free(rv.tile);
    free(pg.pair);
    return rc;
}
