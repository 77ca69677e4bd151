/*
** dist.c: exact distributions of whole numbers (dist.h): a count per value between the lowest
** and the highest value seen, grown as values arrive.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "dist.h"

/* Makes room for the values lo..hi; false when out of memory. */
static bool cover(dist *d, long lo, long hi) {
    if (d->n_bins && lo >= d->lo && hi < d->lo + d->n_bins) return true;
    long new_lo = d->n_bins && d->lo < lo ? d->lo : lo;
    long new_hi = d->n_bins && d->lo + d->n_bins - 1 > hi ? d->lo + d->n_bins - 1 : hi;
    long n = new_hi - new_lo + 1;
    long long *c = calloc((size_t)n, sizeof *c);
    if (!c) return false;
    if (d->n_bins) memcpy(c + (d->lo - new_lo), d->counts, (size_t)d->n_bins * sizeof *c);
    free(d->counts);
    d->counts = c;
    d->lo = new_lo;
    d->n_bins = n;
    return true;
}

bool dist_add(dist *d, long v) {
    if (!cover(d, v, v)) return false;
    d->counts[v - d->lo]++;
    d->n++;
    return true;
}

bool dist_merge(dist *into, const dist *from) {
    if (!from->n_bins) return true;
    if (!cover(into, from->lo, from->lo + from->n_bins - 1)) return false;
    for (long i = 0; i < from->n_bins; i++) into->counts[from->lo + i - into->lo] += from->counts[i];
    into->n += from->n;
    return true;
}

void dist_free(dist *d) {
    free(d->counts);
    memset(d, 0, sizeof *d);
}

long long dist_sum(const dist *d) {
    long long s = 0;
    for (long i = 0; i < d->n_bins; i++) s += (d->lo + i) * d->counts[i];
    return s;
}

double dist_mean(const dist *d) { return d->n ? (double)dist_sum(d) / (double)d->n : 0; }

double dist_sd(const dist *d) {
    if (d->n < 2) return 0;
    /* Squared deviations from the mean, value by value: the same numbers in the same order
    ** whatever order the games came in. */
    double mean = dist_mean(d), ss = 0;
    for (long i = 0; i < d->n_bins; i++) {
        double x = (double)(d->lo + i) - mean;
        ss += x * x * (double)d->counts[i];
    }
    return sqrt(ss / (double)(d->n - 1));
}

void dist_values(const dist *d, double *v) {
    long long k = 0;
    for (long i = 0; i < d->n_bins; i++)
        for (long long c = 0; c < d->counts[i]; c++) v[k++] = (double)(d->lo + i);
}

void dist_write(json *j, const dist *d) {
    /* Without the empty bins at either end (none are made, but a merge may leave some). */
    long a = 0, b = d->n_bins;
    while (a < b && !d->counts[a]) a++;
    while (b > a && !d->counts[b - 1]) b--;
    json_object(j);
    json_key(j, "lo"); json_int(j, a < b ? d->lo + a : 0);
    json_key(j, "counts"); json_array(j);
    for (long i = a; i < b; i++) json_int(j, (long)d->counts[i]);
    json_array_end(j);
    json_object_end(j);
}

static int bad(mp_diag *d, const char *path, const char *what) {
    snprintf(d->message, sizeof d->message, "%s: %s", path, what);
    return -1;
}

int dist_read(dist *out, const json_t *v, const char *path, mp_diag *d) {
    memset(out, 0, sizeof *out);
    json_t *lo = json_object_get(v, "lo"), *counts = json_object_get(v, "counts");
    if (!json_is_object(v) || !json_is_integer(lo) || !json_is_array(counts))
        return bad(d, path, "not a distribution; expected {\"lo\": a whole number, \"counts\": [counts]}");
    size_t n = json_array_size(counts);
    if (n == 0) return 0;
    out->lo = (long)json_integer_value(lo);
    if (!cover(out, out->lo, out->lo + (long)n - 1)) return bad(d, path, "out of memory");
    for (size_t i = 0; i < n; i++) {
        json_t *c = json_array_get(counts, i);
        if (!json_is_integer(c) || json_integer_value(c) < 0) {
            dist_free(out);
            return bad(d, path, "a count that is not a whole number from 0; expected counts of values");
        }
        out->counts[i] = json_integer_value(c);
        out->n += out->counts[i];
    }
    return 0;
}
