/*
** balance-report.h: the figures of meeple balance, computed from a run's totals (tools/sim/balance.h):
** per tile kind its value per copy and 95% interval, the base range, each tile mixed in against
** the base tile like it and its flag (meeple-balance(1), THE BASE SET AND THE FLAGS); with
** --against, the tile ids of both runs side by side (SIDE BY SIDE).
*/
#ifndef MP_TOOLS_BALANCE_REPORT_H
#define MP_TOOLS_BALANCE_REPORT_H

#include <stdbool.h>

#include "balance.h"

enum { AGAINST_NONE = -1, AGAINST_MEAN = -2 };   /* else a base tile's index */
enum { FLAG_NONE = 0, FLAG_ABOVE = 1, FLAG_BELOW = -1 };

/* What is printed of one tile, from its totals (meeple-balance(1), THE BASE SET AND THE FLAGS). */
typedef struct tile_view {
    bool base;
    bool has_value, has_interval, has_ratio;
    double mean, lo, hi;   /* points per copy, and its 95% interval */
    int against;           /* AGAINST_NONE (a base tile), AGAINST_MEAN or the base tile compared with */
    double ratio;
    int flag;
} tile_view;

/* The figures of the whole table. */
typedef struct report {
    tile_view *tile;
    bool has_range;        /* some base tile kind has a copy placed */
    double range_lo, range_hi;   /* the lowest and highest per-copy mean of a base tile kind */
    bool has_base_mean;
    double base_mean;      /* the mean value of every base copy */
    int n_flagged;
} report;

/* --against: the tile ids of either run, side by side (meeple-balance(1), SIDE BY SIDE): the first
** run's tiles in its order, then those only the other has. */
typedef struct pair {
    int a, b;              /* the tile in each run, -1 where that run has none of that id */
    bool has_ratio;
    double ratio;          /* a's value per copy over b's */
} pair;
typedef struct pairing { pair *pair; int n; } pairing;

/* The report of the totals (rp->tile malloc'ed, one per tile of r): 0, or -1 when out of memory. */
int balance_report(const run *r, const totals *s, report *rp);
/* The pairing of the two reports, rp of r and rv of r->vs (pg->pair malloc'ed): 0, or -1 when out
** of memory. */
int balance_pairing(const run *r, const report *rp, const report *rv, pairing *pg);

#endif
