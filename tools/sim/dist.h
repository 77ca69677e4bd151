/*
** dist.h: an exact distribution of whole numbers (a score, a margin): how many times each value
** was seen. Two distributions merge by adding counts, so a run split over threads, shards or MPI
** ranks gives the same distribution in any order, and the mean, the standard deviation and every
** quantile come from it exactly as from one run: never an average of averages.
*/
#ifndef MP_TOOLS_DIST_H
#define MP_TOOLS_DIST_H

#include <stdbool.h>

#include "json.h"

/* jansson's parsed JSON (a reader includes <jansson.h> before json.h: json.h renames its writer's
** functions, which jansson also has). */
typedef struct json_t json_t;
#include "meeple.h"

typedef struct dist {
    long lo;              /* the value of counts[0] */
    long n_bins;
    long long *counts;    /* counts[v - lo]: how many times v was seen */
    long long n;          /* all counts */
} dist;

/* Adds one value; false when out of memory. */
bool dist_add(dist *d, long v);
/* Adds every count of from to into; false when out of memory. */
bool dist_merge(dist *into, const dist *from);
void dist_free(dist *d);

long long dist_sum(const dist *d);
double dist_mean(const dist *d);
/* The sample standard deviation (n - 1), 0 below two values. */
double dist_sd(const dist *d);
/* The values in ascending order, each as often as seen, into v (dist->n of them). */
void dist_values(const dist *d, double *v);

/* As JSON: {"lo":L,"counts":[c0,c1,...]}; read back exactly by dist_read (0, or -1 with d filled:
** what is wrong and what was expected, at the path given). */
void dist_write(json *j, const dist *d);
int dist_read(dist *out, const json_t *v, const char *path, mp_diag *d);

#endif
