/*
** chart.c: box plots as standalone SVG (see chart.h).
*/
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "svg.h"

static const char *const palette[] = { "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f" };

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* An axis from *lo to *hi widened to a round step of about 8 ticks: the step. */
static double round_axis(double *lo, double *hi) {
    double span = *hi - *lo > 0 ? *hi - *lo : 1, step = pow(10, floor(log10(span / 8)));
    if (span / step > 40) step *= 5;
    else if (span / step > 16) step *= 2;
    *lo = floor(*lo / step) * step;
    *hi = ceil(*hi / step) * step;
    if (*hi <= *lo) *hi = *lo + step;
    return step;
}

static double quantile(const double *sorted, long n, double q) {
    if (n == 1) return sorted[0];
    double at = q * (double)(n - 1);
    long i = (long)at;
    double f = at - (double)i;
    return i + 1 < n ? sorted[i] * (1 - f) + sorted[i + 1] * f : sorted[n - 1];
}

int chart_boxplot_svg(FILE *f, const char *title, const chart_series *s, int n) {
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < n; i++)
        for (long k = 0; k < s[i].n; k++) {
            if (s[i].values[k] < lo) lo = s[i].values[k];
            if (s[i].values[k] > hi) hi = s[i].values[k];
        }
    if (!(lo <= hi)) lo = 0, hi = 1;
    double step = round_axis(&lo, &hi);
    int groups = 0;
    for (int i = 0; i < n; i++)
        if (i == 0 || strcmp(s[i].group, s[i - 1].group) != 0) groups++;
    const int box = 36, gap = 12, group_gap = 40, left = 70, top = 60, plot_h = 360;
    int width = left + 30 + n * (box + gap) + groups * group_gap, height = top + plot_h + 110;
    if (width < 680) width = 680;   /* room for the title and the note under the legend */
    svg_begin(f, width, height);
    svg_background(f);
    fprintf(f, "<text x=\"%d\" y=\"28\" font-size=\"15\" font-weight=\"bold\">", left);
    svg_text(f, title);
    fprintf(f, "</text>\n");
#define Y(v) (top + plot_h - ((v) - lo) / (hi - lo) * plot_h)
    for (double t = lo; t <= hi + step / 2; t += step) {
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", left, width - 20, Y(t), Y(t));
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", left - 6, Y(t) + 4, t);
    }
    fprintf(f, "<text transform=\"translate(18,%d) rotate(-90)\" text-anchor=\"middle\">score</text>\n", top + plot_h / 2);
    int x = left + 20, group_start = x;
    for (int i = 0; i < n; i++) {
        if (i > 0 && strcmp(s[i].group, s[i - 1].group) != 0) {
            fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-weight=\"bold\">", (group_start + x - gap) / 2, top + plot_h + 22);
            svg_text(f, s[i - 1].group);
            fprintf(f, "</text>\n");
            x += group_gap;
            group_start = x;
        }
        double *v = malloc((size_t)(s[i].n ? s[i].n : 1) * sizeof *v);
        memcpy(v, s[i].values, (size_t)s[i].n * sizeof *v);
        qsort(v, (size_t)s[i].n, sizeof *v, cmp);
        double mean = 0;
        for (long k = 0; k < s[i].n; k++) mean += v[k];
        mean = s[i].n ? mean / (double)s[i].n : 0;
        double q1 = s[i].n ? quantile(v, s[i].n, 0.25) : 0, med = s[i].n ? quantile(v, s[i].n, 0.5) : 0;
        double q3 = s[i].n ? quantile(v, s[i].n, 0.75) : 0, mn = s[i].n ? v[0] : 0, mx = s[i].n ? v[s[i].n - 1] : 0;
        const char *c = palette[s[i].colour % 8];
        int cx = x + box / 2;
        fprintf(f, "<g><title>");
        svg_text(f, s[i].group);
        fprintf(f, ", ");
        svg_text(f, s[i].label);
        fprintf(f, ": min %g, quartiles %g / %g / %g, max %g, mean %.2f</title>\n", mn, q1, med, q3, mx, mean);
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", cx, cx, Y(mx), Y(q3), c);
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", cx, cx, Y(q1), Y(mn), c);
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x + 8, x + box - 8, Y(mx), Y(mx), c);
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x + 8, x + box - 8, Y(mn), Y(mn), c);
        fprintf(f, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"0.35\" stroke=\"%s\"/>\n",
                x, Y(q3), box, Y(q1) - Y(q3), c, c);
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2.5\"/>\n", x, x + box, Y(med), Y(med), c);
        fprintf(f, "<path d=\"M%d %.1f l5 5 l-5 5 l-5 -5 z\" fill=\"%s\"/>\n</g>\n", cx, Y(mean) - 5, c);
        free(v);
        x += box + gap;
    }
    if (n > 0) {
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-weight=\"bold\">", (group_start + x - gap) / 2, top + plot_h + 22);
        svg_text(f, s[n - 1].group);
        fprintf(f, "</text>\n");
    }
    /* Legend: one swatch per label, in first-seen order. */
    int lx = left, ly = top + plot_h + 50;
    for (int i = 0; i < n; i++) {
        bool seen = false;
        for (int k = 0; k < i; k++) seen |= strcmp(s[k].label, s[i].label) == 0;
        if (seen) continue;
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\" fill-opacity=\"0.5\" stroke=\"%s\"/>\n",
                lx, ly, palette[s[i].colour % 8], palette[s[i].colour % 8]);
        fprintf(f, "<text x=\"%d\" y=\"%d\">", lx + 20, ly + 12);
        svg_text(f, s[i].label);
        fprintf(f, "</text>\n");
        lx += 30 + 8 * (int)strlen(s[i].label);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555\">box: quartiles; thick line: median; diamond: mean; "
               "whiskers: lowest and highest score</text>\n", left, ly + 36);
#undef Y
    return svg_end(f);
}

/* ------------------------------------------------------------------ values with intervals */

enum { BAR_ROW = 20, BAR_HEIGHT = 12, PAIR_ROW = 28, PAIR_HEIGHT = 7, BAR_PLOT = 520, BAR_NOTE = 190, BAR_TOP = 64, CHAR_PX = 7 };

static void widen(double *lo, double *hi, double v) {
    if (v < *lo) *lo = v;
    if (v > *hi) *hi = v;
}

/* The legend's swatch and words at x, y; the x where the next one goes. */
static int legend_entry(FILE *f, int x, int y, const char *fill, double opacity, const char *stroke, double stroke_w,
                        const char *words) {
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\" fill-opacity=\"%g\" stroke=\"%s\" stroke-width=\"%g\"/>\n",
            x, y, fill, opacity, stroke, stroke_w);
    fprintf(f, "<text x=\"%d\" y=\"%d\">", x + 20, y + 12);
    svg_text(f, words);
    fprintf(f, "</text>\n");
    return x + 36 + CHAR_PX * (int)strlen(words);
}

/* A bar from x0 to x1 at y, h high, and its whisker from wlo to whi when has_interval. */
static void one_bar(FILE *f, double x0, double x1, int y, int h, const char *colour, bool marked, bool has_interval, double wlo,
                    double whi) {
    fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" fill-opacity=\"0.75\" stroke=\"%s\" stroke-width=\"%s\"/>\n",
            x0 < x1 ? x0 : x1, y, fabs(x1 - x0), h, colour, marked ? "#000" : colour, marked ? "2" : "1");
    if (has_interval) {
        int mid = y + h / 2, cap = h > 8 ? 4 : 3;
        fprintf(f, "<path d=\"M%.1f %d v%d M%.1f %d H%.1f M%.1f %d v%d\" stroke=\"#222\" stroke-width=\"1.5\" fill=\"none\"/>\n", wlo,
                mid - cap, 2 * cap, wlo, mid, whi, whi, mid - cap, 2 * cap);
    }
}

static void bar_row(FILE *f, const chart_bars *c, int i, int left, double lo, double hi) {
    const chart_bar *b = &c->bar[i];
#define X(v) (left + ((v) - lo) / (hi - lo) * BAR_PLOT)
    int row = c->pairs ? PAIR_ROW : BAR_ROW, y = BAR_TOP + i * row;
    fprintf(f, "<g class=\"bar%s\"><title>", b->marked ? " marked" : "");
    svg_text(f, b->label);
    if (b->has_value) fprintf(f, ": %.2f", b->value);
    else fprintf(f, ": -");
    if (b->has_interval) fprintf(f, " (95%%: %.2f..%.2f)", b->lo, b->hi);
    if (c->pairs) {
        if (b->has_pair_value) fprintf(f, "; against %.2f", b->pair_value);
        else fprintf(f, "; against -");
        if (b->has_pair_interval) fprintf(f, " (95%%: %.2f..%.2f)", b->pair_lo, b->pair_hi);
    }
    if (b->detail) { fprintf(f, "; "); svg_text(f, b->detail); }
    if (b->note) { fprintf(f, "; "); svg_text(f, b->note); }
    fprintf(f, "</title>\n<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", left - 8, y + row / 2 + 4);
    svg_text(f, b->label);
    fprintf(f, "</text>\n");
    int top = y + (row - BAR_HEIGHT - (c->pairs ? PAIR_HEIGHT + 2 : 0)) / 2;
    if (b->has_value)
        one_bar(f, X(0), X(b->value), top, BAR_HEIGHT, palette[b->colour % 8], b->marked, b->has_interval, X(b->lo), X(b->hi));
    if (c->pairs && b->has_pair_value)
        one_bar(f, X(0), X(b->pair_value), top + BAR_HEIGHT + 2, PAIR_HEIGHT, palette[c->pair_colour % 8], false, b->has_pair_interval,
                X(b->pair_lo), X(b->pair_hi));
    const char *note = b->note ? b->note : b->has_value ? NULL : c->empty_note;
    if (note) {
        double end = 0;
        if (b->has_value && b->value > end) end = b->value;
        if (b->has_interval && b->hi > end) end = b->hi;
        if (c->pairs && b->has_pair_value && b->pair_value > end) end = b->pair_value;
        if (c->pairs && b->has_pair_interval && b->pair_hi > end) end = b->pair_hi;
        fprintf(f, "<text x=\"%.1f\" y=\"%d\"%s>", X(end) + 8, y + row / 2 + 4,
                b->marked ? " font-weight=\"bold\" fill=\"#b00000\"" : " fill=\"#555\"");
        svg_text(f, note);
        fprintf(f, "</text>\n");
    }
    fprintf(f, "</g>\n");
#undef X
}

int chart_bars_svg(FILE *f, const chart_bars *c) {
    double lo = 0, hi = 0;
    int label_px = 4 * CHAR_PX;
    for (int i = 0; i < c->n; i++) {
        const chart_bar *b = &c->bar[i];
        if (b->has_value) widen(&lo, &hi, b->value);
        if (b->has_interval) { widen(&lo, &hi, b->lo); widen(&lo, &hi, b->hi); }
        if (c->pairs && b->has_pair_value) widen(&lo, &hi, b->pair_value);
        if (c->pairs && b->has_pair_interval) { widen(&lo, &hi, b->pair_lo); widen(&lo, &hi, b->pair_hi); }
        int w = CHAR_PX * (int)strlen(b->label);
        if (w > label_px) label_px = w;
    }
    if (c->has_band) { widen(&lo, &hi, c->band_lo); widen(&lo, &hi, c->band_hi); }
    double step = round_axis(&lo, &hi);
    int left = 20 + label_px + 10, bottom = BAR_TOP + c->n * (c->pairs ? PAIR_ROW : BAR_ROW);
    int width = left + BAR_PLOT + BAR_NOTE, height = bottom + 96;
    /* Room for the title (bold 15 px: about 9 px a character) and the legend's one line. */
    int title_px = 40 + 9 * (int)strlen(c->title), legend_px = 40;
    for (int k = 0; k < 8; k++)
        if (c->colour_label[k]) legend_px += 36 + CHAR_PX * (int)strlen(c->colour_label[k]);
    if (c->has_band && c->band_label) legend_px += 36 + CHAR_PX * (int)strlen(c->band_label);
    if (c->marked_label) legend_px += 36 + CHAR_PX * (int)strlen(c->marked_label);
    if (title_px > width) width = title_px;
    if (legend_px > width) width = legend_px;
    svg_begin(f, width, height);
    svg_background(f);
    fprintf(f, "<text x=\"20\" y=\"28\" font-size=\"15\" font-weight=\"bold\">");
    svg_text(f, c->title);
    fprintf(f, "</text>\n");
    if (c->subtitle) {
        fprintf(f, "<text x=\"20\" y=\"46\" fill=\"#555\">");
        svg_text(f, c->subtitle);
        fprintf(f, "</text>\n");
    }
#define X(v) (left + ((v) - lo) / (hi - lo) * BAR_PLOT)
    if (c->has_band) {
        double x0 = X(c->band_lo), x1 = X(c->band_hi);
        fprintf(f, "<rect class=\"band\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#f2c14e\" fill-opacity=\"0.3\" "
                   "stroke=\"#d9a21b\" stroke-dasharray=\"4 3\"/>\n",
                x0, BAR_TOP - 6, x1 - x0 > 1 ? x1 - x0 : 1, bottom - BAR_TOP + 12);
    }
    for (double t = lo; t <= hi + step / 2; t += step) {
        double v = fabs(t) < step / 1e6 ? 0 : t;   /* no "-0" from the sums of steps */
        fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"%s\"/>\n", X(v), X(v), BAR_TOP - 6, bottom + 6,
                v == 0 ? "#888" : "#ddd");
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n", X(v), bottom + 20, v);
    }
#undef X
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", left + BAR_PLOT / 2, bottom + 40);
    svg_text(f, c->axis);
    fprintf(f, "</text>\n");
    for (int i = 0; i < c->n; i++) bar_row(f, c, i, left, lo, hi);
    int lx = 20, ly = bottom + 60;
    for (int k = 0; k < 8; k++)
        if (c->colour_label[k]) lx = legend_entry(f, lx, ly, palette[k], 0.75, palette[k], 1, c->colour_label[k]);
    if (c->has_band && c->band_label) lx = legend_entry(f, lx, ly, "#f2c14e", 0.3, "#d9a21b", 1, c->band_label);
    if (c->marked_label) lx = legend_entry(f, lx, ly, "#fff", 1, "#000", 2, c->marked_label);
    fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555\">bar: the mean; whisker: its 95%% interval%s</text>\n", 20, ly + 30,
            c->pairs ? "; the thin bar under it: the same tile against the other ruleset" : "");
    return svg_end(f);
}
