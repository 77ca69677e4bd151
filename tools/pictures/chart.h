/*
** chart.h: standalone SVG charts (no dependency; readable in any browser).
*/
#ifndef MP_TOOLS_CHART_H
#define MP_TOOLS_CHART_H

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

#endif
