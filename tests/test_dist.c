/*
** test_dist.c: exact distributions (tools/sim/dist.h). A run split over threads, shards or MPI ranks
** merges its distributions in any order; what it prints must not depend on the split: the
** counts, the sum, the mean, the standard deviation and the JSON text are the same as when every
** value was added to one distribution (tools/sim/sim.h).
*/
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist.h"

/* The JSON text of d (dist_write), malloc'd. */
static char *text(const dist *d) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert(f);
    json j;
    json_init(&j, f);
    dist_write(&j, d);
    json_done(&j);
    fclose(f);
    return buf;
}

/* d read back from JSON text; the read's result, the message in *msg. */
static int read_text(dist *d, const char *s, char msg[static 512]) {
    json_error_t e;
    json_t *v = json_loads(s, 0, &e);
    cr_assert(v, "the test's JSON parses: %s", e.text);
    mp_diag diag = { 0 };
    int rc = dist_read(d, v, "margin", &diag);
    snprintf(msg, 512, "%s", diag.message);
    json_decref(v);
    return rc;
}

/* A fixed sequence of pseudo-random numbers (a linear congruential generator: the test needs
** the same values on every machine, not good randomness). */
static unsigned long long lcg = 12345;
static long next(long n) {
    lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    return (long)((lcg >> 33) % (unsigned long long)n);
}

static void same(const dist *a, const dist *b, const char *how) {
    cr_assert_eq(a->n, b->n, "%s: n", how);
    cr_assert_eq(dist_sum(a), dist_sum(b), "%s: sum", how);
    /* Not close: equal. The mean and sd come from the counts alone, value by value. */
    cr_assert(dist_mean(a) == dist_mean(b), "%s: mean %.17g vs %.17g", how, dist_mean(a), dist_mean(b));
    cr_assert(dist_sd(a) == dist_sd(b), "%s: sd %.17g vs %.17g", how, dist_sd(a), dist_sd(b));
    char *ta = text(a), *tb = text(b);
    cr_assert_str_eq(ta, tb, "%s: the JSON text", how);
    free(ta);
    free(tb);
    double *va = malloc((size_t)a->n * sizeof *va), *vb = malloc((size_t)b->n * sizeof *vb);
    cr_assert(va && vb);
    dist_values(a, va);
    dist_values(b, vb);
    cr_assert(!memcmp(va, vb, (size_t)a->n * sizeof *va), "%s: the values", how);
    free(va);
    free(vb);
}

Test(dist, any_order_any_split_merges_to_the_same) {
    enum { N = 3000, MAX_PARTS = 13 };
    static long v[N];
    for (int i = 0; i < N; i++) v[i] = next(151) - 40;   /* -40..110 */
    v[17] = -300;                                         /* far outliers, either side */
    v[N - 5] = 900;
    dist one = { 0 };
    for (int i = 0; i < N; i++) cr_assert(dist_add(&one, v[i]));
    cr_assert_eq(one.n, N);
    cr_assert_eq(one.lo, -300);
    for (int trial = 0; trial < 40; trial++) {
        /* Shuffled, cut into 1 to 13 parts at random (with 3 or more, one part stays empty, as a
        ** shard with no games), merged in a random order. */
        for (int i = N - 1; i > 0; i--) {
            long j = next(i + 1), t = v[i];
            v[i] = v[j];
            v[j] = t;
        }
        int parts = 1 + (int)next(MAX_PARTS), empty = parts > 2 ? (int)next(parts) : -1;
        dist part[MAX_PARTS] = { { 0 } };
        for (int i = 0; i < N; i++) {
            int p = (int)next(parts);
            if (p == empty) p = (p + 1) % parts;
            cr_assert(dist_add(&part[p], v[i]));
        }
        int order[MAX_PARTS];
        for (int p = 0; p < parts; p++) order[p] = p;
        for (int p = parts - 1; p > 0; p--) {
            int j = (int)next(p + 1), t = order[p];
            order[p] = order[j];
            order[j] = t;
        }
        /* Odd trials merge into the first part in that order, even ones into an empty one. */
        dist all = { 0 };
        int from = 0;
        if (trial % 2) {
            all = part[order[0]];
            memset(&part[order[0]], 0, sizeof part[0]);
            from = 1;
        }
        for (int p = from; p < parts; p++) cr_assert(dist_merge(&all, &part[order[p]]));
        char how[64];
        snprintf(how, sizeof how, "trial %d, %d parts", trial, parts);
        same(&one, &all, how);
        for (int p = 0; p < parts; p++) dist_free(&part[p]);
        dist_free(&all);
    }
    dist_free(&one);
}

Test(dist, counts_by_value) {
    dist d = { 0 };
    long v[] = { 7, 3, 5, 3, 7, 7 };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) cr_assert(dist_add(&d, v[i]));
    cr_assert_eq(d.lo, 3);
    cr_assert_eq(d.n_bins, 5);
    long long want[] = { 2, 0, 1, 0, 3 };
    for (int i = 0; i < 5; i++) cr_assert_eq(d.counts[i], want[i], "the count of %d", 3 + i);
    cr_assert_eq(d.n, 6);
    cr_assert_eq(dist_sum(&d), 32);
    double values[6], sorted[] = { 3, 3, 5, 7, 7, 7 };
    dist_values(&d, values);
    for (int i = 0; i < 6; i++) cr_assert(values[i] == sorted[i], "values in ascending order");
    dist_free(&d);
    cr_assert_eq(d.n, 0);
    cr_assert_null(d.counts);
}

Test(dist, negative_values) {
    dist d = { 0 };
    long v[] = { 2, -3, 0, -5, -3 };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) cr_assert(dist_add(&d, v[i]));
    cr_assert_eq(d.lo, -5);
    cr_assert_eq(dist_sum(&d), -9);
    cr_assert_float_eq(dist_mean(&d), -1.8, 1e-12);
    char *t = text(&d);
    cr_assert_str_eq(t, "{\"lo\":-5,\"counts\":[1,0,2,0,0,1,0,1]}\n");
    dist back;
    char msg[512];
    cr_assert_eq(read_text(&back, t, msg), 0, "%s", msg);
    same(&d, &back, "negative values read back");
    free(t);
    dist_free(&back);
    /* Merged with positive values on the other side: the range grows to cover both. */
    dist pos = { 0 };
    cr_assert(dist_add(&pos, 40));
    cr_assert(dist_merge(&pos, &d));
    cr_assert_eq(pos.lo, -5);
    cr_assert_eq(pos.n_bins, 46);
    cr_assert_eq(dist_sum(&pos), 31);
    dist_free(&pos);
    dist_free(&d);
}

Test(dist, sample_standard_deviation) {
    dist d = { 0 };
    long v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) cr_assert(dist_add(&d, v[i]));
    cr_assert_float_eq(dist_mean(&d), 5.0, 1e-12);
    /* sqrt(32 / 7): the sample sd (n - 1), not the population's 2. */
    cr_assert_float_eq(dist_sd(&d), 2.1380899352993950, 1e-12, "sd %.17g", dist_sd(&d));
    dist_free(&d);
    dist none = { 0 }, single = { 0 };
    cr_assert(dist_mean(&none) == 0 && dist_sd(&none) == 0, "no values: mean and sd 0");
    cr_assert(dist_add(&single, -4));
    cr_assert(dist_mean(&single) == -4 && dist_sd(&single) == 0, "one value: sd 0");
    dist_free(&single);
    /* Large values: the deviations are taken from the mean, so no precision is lost to their
    ** squares (1e9 + {2, 4, ..., 9} has the same sd). */
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) cr_assert(dist_add(&d, 1000000000L + v[i]));
    cr_assert_float_eq(dist_sd(&d), 2.1380899352993950, 1e-9, "sd %.17g", dist_sd(&d));
    dist_free(&d);
}

Test(dist, json_round_trip) {
    dist d = { 0 };
    for (int i = 0; i < 500; i++) cr_assert(dist_add(&d, next(90) - 20));
    cr_assert(dist_add(&d, 100000));                    /* a wide range: many empty bins */
    char *t = text(&d);
    dist back;
    char msg[512];
    cr_assert_eq(read_text(&back, t, msg), 0, "%s", msg);
    same(&d, &back, "read back");
    char *again = text(&back);
    cr_assert_str_eq(t, again, "written, read and written again");
    free(t);
    free(again);
    dist_free(&back);
    dist_free(&d);

    /* The empty distribution. */
    dist none = { 0 };
    t = text(&none);
    cr_assert_str_eq(t, "{\"lo\":0,\"counts\":[]}\n");
    cr_assert_eq(read_text(&back, t, msg), 0, "%s", msg);
    cr_assert_eq(back.n, 0);
    free(t);
    dist_free(&back);
}

Test(dist, empty_bins_at_the_ends_are_not_written) {
    /* A distribution read with zero counts at either end writes as one made value by value. */
    dist d, made = { 0 };
    char msg[512];
    cr_assert_eq(read_text(&d, "{\"lo\": 3, \"counts\": [0, 0, 1, 0, 2, 0]}", msg), 0, "%s", msg);
    cr_assert(dist_add(&made, 5) && dist_add(&made, 7) && dist_add(&made, 7));
    same(&d, &made, "zeros at the ends");
    char *t = text(&d);
    cr_assert_str_eq(t, "{\"lo\":5,\"counts\":[1,0,2]}\n");
    free(t);
    dist_free(&d);
    dist_free(&made);
}

Test(dist, bad_json_is_refused_with_its_path) {
    dist d;
    char msg[512];
    cr_assert_eq(read_text(&d, "[1, 2]", msg), -1);
    cr_assert_str_eq(msg, "margin: not a distribution; expected {\"lo\": a whole number, \"counts\": [counts]}");
    cr_assert_eq(read_text(&d, "{\"lo\": 1.5, \"counts\": [1]}", msg), -1);
    cr_assert_str_eq(msg, "margin: not a distribution; expected {\"lo\": a whole number, \"counts\": [counts]}");
    cr_assert_eq(read_text(&d, "{\"lo\": 1, \"counts\": {}}", msg), -1);
    cr_assert_eq(read_text(&d, "{\"lo\": 0, \"counts\": [1, -1]}", msg), -1);
    cr_assert_str_eq(msg, "margin: a count that is not a whole number from 0; expected counts of values");
    cr_assert_null(d.counts, "nothing left allocated");
    cr_assert_eq(read_text(&d, "{\"lo\": 0, \"counts\": [1, \"2\"]}", msg), -1);
    cr_assert_str_eq(msg, "margin: a count that is not a whole number from 0; expected counts of values");
}
