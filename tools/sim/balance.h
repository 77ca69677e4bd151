/*
** balance.h: what the three files of meeple balance share (meeple-balance(1)): the run and the
** totals of its games. tools/commands/cmd-balance.c is the command, its run and its games, and
** the totals in parts; tools/sim/balance-report.c the figures computed from the totals;
** tools/sim/balance-print.c their output.
*/
#ifndef MP_TOOLS_BALANCE_H
#define MP_TOOLS_BALANCE_H

#include <stdbool.h>
#include <stddef.h>

#include "cmd.h"
#include "meeple.h"
#include "sim.h"

enum { LABEL_CHARS = 64 };

/* Totals over all games, per tile kind. A copy's value is counted in milli-points, rounded, so
** that sums merge exactly (meeple-balance(1), HOW A COPY IS VALUED). */
typedef struct tile_tot {
    long long drawn;       /* left the bag (draw log entries) */
    long long discarded;   /* of those, fitted nowhere */
    long long placed;      /* copies on the board at the end of a game: the samples */
    long long milli;       /* the sum of their values, in milli-points */
    long long milli_sq;    /* the sum of the squares of those milli-points */
} tile_tot;

/* The run: what every thread reads, and what a part's parameters say. */
typedef struct run run;
struct run {
    sim_setup setup;       /* the ruleset (with --tiles: the mixed one), seats, games and seed */
    char *tiles;           /* --tiles FILE as an absolute path; NULL: none */
    const mp_ruleset *rs;
    const mp_tileset *ts;
    int n_tiles;
    char (*label)[LABEL_CHARS];   /* per tile-set file: "base", or its base name without .yaml */
    char (*sides)[5];             /* per tile: its four side kinds, N E S W, at rotation 0 */
    bool as_json, as_csv;
    out_file chart;               /* --svg: the chart's file, opened before the games */
    out_file *svg;                /* &chart, or NULL */
    run *vs;                      /* --against: the same seeds under that ruleset, measured alike; NULL none */
};

/* The totals of the games a thread (or a part) played, and the thread's own buffer of the board's
** cells, which no merge and no part sees. */
typedef struct totals {
    tile_tot *tile;
    double *value;         /* per cell of the board's bounds: the points shared out to it */
    size_t cap_value;
    double *share;         /* per cell of one event: its part of the event's points */
    size_t cap_share;
    struct totals *vs;     /* --against: the totals of its games (run.vs) */
} totals;

#endif
