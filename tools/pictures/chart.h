/*
** chart.h: standalone SVG charts (no dependency; readable in any browser).
*/
#ifndef MP_TOOLS_CHART_H
#define MP_TOOLS_CHART_H

#include <stdbool.h>
#include <stdio.h>

typedef struct chart_series {
    const char *group;      /* boxes of one group stand together, labelled below (a ruleset) */
    const char *label;      /* what a colour means, in the legend (a player) */
    const double *values;
    long n;
    int colour;             /* index into the palette, one per label */
} chart_series;

/* Box plots, one per series, grouped: the box spans the quartiles, the line is the median, the
** diamond the mean, the whiskers reach the lowest and highest values; written to f. 0 on success. */
int chart_boxplot_svg(FILE *f, const char *title, const chart_series *s, int n);

/* One row of a chart of values with intervals: a horizontal bar from 0 to the value, and the 95%
** interval as a whisker over it. */
typedef struct chart_bar {
    const char *label;      /* left of the row (a tile's id) */
    const char *detail;     /* in the row's tooltip after its figures ("strong, 118 copies"); NULL none */
    const char *note;       /* right of the row ("above the base range"); NULL none */
    bool has_value, has_interval;
    double value, lo, hi;
    int colour;             /* index into the palette */
    bool marked;            /* outlined, its note in bold (a flagged tile) */
    /* A second, thinner bar under the first (the same tile under another ruleset), drawn when the
    ** chart has pairs; its colour is the chart's pair_colour. */
    bool has_pair_value, has_pair_interval;
    double pair_value, pair_lo, pair_hi;
} chart_bar;

typedef struct chart_bars {
    const char *title;
    const char *subtitle;            /* under the title (who played), NULL none */
    const char *axis;                /* what the values are, under the axis */
    const chart_bar *bar;
    int n;
    bool has_band;                   /* a shaded band under every row, from band_lo to band_hi */
    double band_lo, band_hi;
    const char *band_label;          /* the band's legend */
    const char *colour_label[8];     /* each colour's legend, NULL: that colour is not used */
    const char *marked_label;        /* the legend of a marked row, NULL none */
    const char *empty_note;          /* right of a row without a value ("no copy placed") */
    bool pairs;                      /* each row has room for a second bar (chart_bar.pair_*) */
    int pair_colour;                 /* its colour, in the legend as colour_label[pair_colour] */
} chart_bars;

/* The rows, top to bottom, on one value axis that holds 0, every value and interval and the band,
** written to f: 0 on success, -1 when f could not be written. */
int chart_bars_svg(FILE *f, const chart_bars *c);

#endif
