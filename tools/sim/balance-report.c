/*
** balance-report.c: the figures of meeple balance, computed from a run's totals (meeple-balance(1),
** THE BASE SET AND THE FLAGS).
**
** A tile kind's value per copy is the mean of its placed copies' values, with a 95% interval (the
** mean plus or minus 1.96 sample standard deviations over the square root of the copies; none
** below two copies). The base range runs from the lowest to the highest mean of a base tile kind.
** A tile mixed in is set against the base tile of the same sides in some rotation (the one with
** the most copies, the first on a tie), else the mean of every base copy, as a ratio of values, and
** flagged when its whole interval lies above or below the base range. With --against, each tile
** id of either run is paired with the same id in the other, and the pair's values set as a ratio
** (SIDE BY SIDE).
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "balance-report.h"

static bool is_base(const run *r, int t) { return mp_tileset_tile_file(r->ts, t) == 0; }

/* The mean and the 95% interval of a tile's copies (mean +- 1.96 sd / sqrt(n), sd the sample
** standard deviation; no interval below 2 copies). */
static void value_of(const tile_tot *x, tile_view *v) {
    if (x->placed < 1) return;
    long double n = (long double)x->placed, sum = (long double)x->milli, sq = (long double)x->milli_sq;
    v->has_value = true;
    v->mean = (double)(sum / n / 1000);
    if (x->placed < 2) return;
    long double var = (sq - sum * sum / n) / (n - 1);
    double half = 1.96 * sqrt((double)(var > 0 ? var : 0)) / 1000 / sqrt((double)n);
    v->has_interval = true;
    v->lo = v->mean - half;
    v->hi = v->mean + half;
}

/* Whether tile a turned some quarter turns has the sides of tile b. */
static bool same_sides(const run *r, int a, int b) {
    for (int rot = 0; rot < 4; rot++) {
        bool same = true;
        for (int side = 0; side < 4 && same; side++) same = r->sides[a][(side + rot) % 4] == r->sides[b][side];
        if (same) return true;
    }
    return false;
}

/* The base tile of the same sides with the most copies (the first of them), else AGAINST_MEAN. */
static int base_like(const run *r, int t) {
    int best = AGAINST_MEAN;
    for (int b = 0; b < r->n_tiles; b++)
        if (is_base(r, b) && same_sides(r, t, b) &&
            (best < 0 || mp_tileset_tile_count(r->ts, b) > mp_tileset_tile_count(r->ts, best)))
            best = b;
    return best;
}

/* The base range and the mean of every base copy. */
static void base_figures(const run *r, const totals *s, report *rp) {
    long long copies = 0, milli = 0;
    for (int t = 0; t < r->n_tiles; t++) {
        const tile_view *v = &rp->tile[t];
        if (!v->base || !v->has_value) continue;
        copies += s->tile[t].placed;
        milli += s->tile[t].milli;
        if (!rp->has_range || v->mean < rp->range_lo) rp->range_lo = v->mean;
        if (!rp->has_range || v->mean > rp->range_hi) rp->range_hi = v->mean;
        rp->has_range = true;
    }
    rp->has_base_mean = copies > 0;
    if (copies) rp->base_mean = (double)milli / (double)copies / 1000;
}

/* A tile mixed in: its ratio to the base tile like it (or to the base mean) and its flag. */
static void against_base(const run *r, report *rp, int t) {
    tile_view *v = &rp->tile[t];
    v->against = base_like(r, t);
    const tile_view *b = v->against >= 0 ? &rp->tile[v->against] : NULL;
    bool to = b ? b->has_value : rp->has_base_mean;
    double denominator = b ? b->mean : rp->base_mean;
    if (v->has_value && to && denominator > 0) {
        v->has_ratio = true;
        v->ratio = v->mean / denominator;
    }
    if (v->has_interval && rp->has_range) {
        v->flag = v->lo > rp->range_hi ? FLAG_ABOVE : v->hi < rp->range_lo ? FLAG_BELOW : FLAG_NONE;
        rp->n_flagged += v->flag != FLAG_NONE;
    }
}

/* The report of the totals: 0, or -1 when out of memory. */
int balance_report(const run *r, const totals *s, report *rp) {
    memset(rp, 0, sizeof *rp);
    if (!(rp->tile = calloc((size_t)r->n_tiles + 1, sizeof *rp->tile))) return -1;
    for (int t = 0; t < r->n_tiles; t++) {
        tile_view *v = &rp->tile[t];
        v->base = is_base(r, t);
        v->against = AGAINST_NONE;
        value_of(&s->tile[t], v);
    }
    base_figures(r, s, rp);
    for (int t = 0; t < r->n_tiles; t++)
        if (!rp->tile[t].base) against_base(r, rp, t);
    return 0;
}

/* The pairing of the two reports: 0, or -1 when out of memory. */
int balance_pairing(const run *r, const report *rp, const report *rv, pairing *pg) {
    pg->n = 0;
    if (!(pg->pair = calloc((size_t)r->n_tiles + (size_t)r->vs->n_tiles + 1, sizeof *pg->pair))) return -1;
    for (int t = 0; t < r->n_tiles; t++) pg->pair[pg->n++] = (pair){ t, mp_tileset_find(r->vs->ts, mp_tileset_tile_id(r->ts, t)), false, 0 };
    for (int t = 0; t < r->vs->n_tiles; t++)
        if (mp_tileset_find(r->ts, mp_tileset_tile_id(r->vs->ts, t)) < 0) pg->pair[pg->n++] = (pair){ -1, t, false, 0 };
    for (int k = 0; k < pg->n; k++) {
        pair *q = &pg->pair[k];
        const tile_view *a = q->a >= 0 ? &rp->tile[q->a] : NULL, *b = q->b >= 0 ? &rv->tile[q->b] : NULL;
        if (a && b && a->has_value && b->has_value && b->mean > 0) {
            q->has_ratio = true;
            q->ratio = a->mean / b->mean;
        }
    }
    return 0;
}
