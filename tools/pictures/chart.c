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
    /* A round step of about 8 ticks. */
    double span = hi - lo > 0 ? hi - lo : 1, step = pow(10, floor(log10(span / 8)));
    if (span / step > 40) step *= 5;
    else if (span / step > 16) step *= 2;
    lo = floor(lo / step) * step;
    hi = ceil(hi / step) * step;
    if (hi <= lo) hi = lo + step;
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
