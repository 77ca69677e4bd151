/*
** weights.c: a weights file (meeple-weights(5)): the learned evaluation's weights for one ruleset,
** read into an mp_weights and attached to the ruleset. A ruleset file NAME.yaml finds its weights
** beside it, in NAME.weights, when it is loaded: a file trained for another version of the rules
** (another hash) is left aside, and the bots weigh positions without it (meeple-bots(7)); a file that
** does not read is an error, with its line and column, as a ruleset's own would be.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "yamlx.h"

void mp_weights_free(mp_weights *w) {
    if (!w) return;
    free(w->names);
    free(w->start);
    free(w->end);
    free(w);
}

/* A weight: a plain number, finite, at most a million in size. */
static int read_number(const mp_ynode *n, double *out, mp_diag *d) {
    if (mp_y_expect(n, MP_Y_SCALAR, "a number", d)) return 1;
    char *end;
    double x = n->quoted ? NAN : strtod(n->value, &end);
    if (n->quoted || end == n->value || *end || !isfinite(x) || fabs(x) > 1e6)
        return mp_y_error(d, n, "'%s' is not a weight; expected a number from -1000000 to 1000000", n->value);
    *out = x;
    return 0;
}

static int read_features(mp_weights *w, const mp_ynode *map, mp_diag *d) {
    if (mp_y_expect(map, MP_Y_MAP, "a mapping of feature names to {start: W, end: W}", d)) return 1;
    if (map->n > MP_EVAL_MAX) return mp_y_error(d, map, "%d features; expected at most %d", map->n, MP_EVAL_MAX);
    w->names = calloc((size_t)map->n + 1, sizeof *w->names);
    w->start = calloc((size_t)map->n + 1, sizeof *w->start);
    w->end = calloc((size_t)map->n + 1, sizeof *w->end);
    if (!w->names || !w->start || !w->end) abort();
    static const char *const keys[] = { "start", "end", NULL };
    for (int i = 0; i < map->n; i++) {
        const mp_ynode *key = map->items[2 * i], *value = map->items[2 * i + 1];
        if (strlen(key->value) >= MP_EVAL_NAME)
            return mp_y_error(d, key, "a feature name of %zu characters; expected at most %d", strlen(key->value), MP_EVAL_NAME - 1);
        if (mp_y_expect(value, MP_Y_MAP, "a mapping {start: W, end: W}", d) || mp_y_check_keys(value, keys, d)) return 1;
        const mp_ynode *s = mp_y_get(value, "start"), *e = mp_y_get(value, "end");
        if (!s || !e) return mp_y_error(d, value, "feature '%s' lacks '%s'; expected {start: W, end: W}", key->value, s ? "end" : "start");
        if (read_number(s, &w->start[w->n], d) || read_number(e, &w->end[w->n], d)) return 1;
        snprintf(w->names[w->n++], MP_EVAL_NAME, "%s", key->value);
    }
    return 0;
}

static int read_name(const mp_ynode *root, const char *key, char *out, size_t size, mp_diag *d) {
    const mp_ynode *n = mp_y_get(root, key);
    const char *s;
    if (!n) return mp_y_error(d, root, "no '%s'; expected the %s the weights were trained for", key,
                              strcmp(key, "hash") ? "ruleset's name" : "ruleset's hash (meeple rulesets --json)");
    if (mp_y_string(n, &s, d)) return 1;
    if (strlen(s) >= size) return mp_y_error(d, n, "a %s of %zu characters; expected at most %zu", key, strlen(s), size - 1);
    snprintf(out, size, "%s", s);
    return 0;
}

mp_weights *mp_weights_load(const char *path, mp_diag *d) {
    mp_arena *a = mp_arena_new();
    mp_ynode *root = mp_y_load_file(a, path, d);
    mp_weights *w = calloc(1, sizeof *w);
    if (!w) abort();
    snprintf(w->path, sizeof w->path, "%s", path);
    static const char *const keys[] = { "ruleset", "hash", "training", "features", NULL };
    int bad = !root || mp_y_expect(root, MP_Y_MAP, "a mapping with ruleset, hash and features", d) ||
              mp_y_check_keys(root, keys, d) || read_name(root, "ruleset", w->ruleset, sizeof w->ruleset, d) ||
              read_name(root, "hash", w->hash, sizeof w->hash, d);
    if (!bad) {
        const mp_ynode *f = mp_y_get(root, "features"), *t = mp_y_get(root, "training");
        if (!f) bad = mp_y_error(d, root, "no 'features'; expected a mapping of feature names to {start: W, end: W}");
        else bad = read_features(w, f, d) || (t && mp_y_expect(t, MP_Y_MAP, "a mapping that says how the weights were trained", d));
    }
    mp_arena_free(a);
    if (bad) { mp_weights_free(w); return NULL; }
    return w;
}

int mp_ruleset_load_weights(mp_ruleset *rs, const char *path, mp_diag *d) {
    mp_weights *w = mp_weights_load(path, d);
    if (!w) return 1;
    if (strcmp(w->hash, rs->hash)) {
        mp_diag_set(d, path, 0, 0, "weights trained for ruleset %s with hash %s; expected this ruleset's hash %s "
                    "(the rules changed since: train again, meeple-train(1))", w->ruleset, w->hash, rs->hash);
        mp_weights_free(w);
        return 1;
    }
    mp_weights_free(rs->weights);
    rs->weights = w;
    return 0;
}

int mp_ruleset_find_weights(mp_ruleset *rs, mp_diag *d) {
    size_t n = strlen(rs->path);
    if (n < 5 || strcmp(rs->path + n - 5, ".yaml")) return 0;
    char path[sizeof rs->path + 8];
    snprintf(path, sizeof path, "%.*s.weights", (int)(n - 5), rs->path);
    if (access(path, F_OK)) return 0;   /* none: the bots weigh positions without */
    mp_weights *w = mp_weights_load(path, d);
    if (!w) return 1;
    if (strcmp(w->hash, rs->hash)) {   /* trained for other rules: left aside (lint says so) */
        snprintf(rs->stale_weights, sizeof rs->stale_weights, "%s", path);
        mp_weights_free(w);
        return 0;
    }
    rs->weights = w;
    return 0;
}

const char *mp_ruleset_weights(const mp_ruleset *rs) { return rs->weights ? rs->weights->path : NULL; }
