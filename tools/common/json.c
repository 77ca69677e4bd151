/*
** json.c: the streaming calls of tools/common/json.h building a jansson tree, which jansson prints.
*/
#define MP_JSON_WRITER
#include "json.h"
#include "utf8.h"

#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void jw_init(json *j, FILE *f) { *j = (json){ .f = f, .digits = 1 }; }

/* ------------------------------------------------------------------ text */

/* s as jansson takes text, valid UTF-8: each byte that begins no valid sequence replaced by
** U+FFFD. */
static json_t *text(const char *s) {
    if (!s) return json_null();
    size_t bad = 0, n;
    for (const char *p = s; *p; p += n ? n : 1)
        if (!(n = utf8_length(p))) bad++;
    if (!bad) return json_string(s);
    char *out = malloc(strlen(s) + 2 * bad + 1), *o = out;   /* a byte becomes three */
    if (!out) return NULL;
    for (const char *p = s; *p; p += n ? n : 1) {
        n = utf8_length(p);
        memcpy(o, n ? p : UTF8_REPLACEMENT, n ? n : 3);
        o += n ? n : 3;
    }
    *o = '\0';
    json_t *v = json_string(out);
    free(out);
    return v;
}

/* ------------------------------------------------------------------ the tree */

/* v (a new reference) under the pending key of the open object, at the end of the open array, or
** as the document. A container goes on the stack of open ones. */
static void put(json *j, json_t *v, bool container) {
    if (j->failed) { json_decref(v); return; }
    if (!v) { j->failed = true; return; }
    json_t *in = j->depth ? j->open[j->depth - 1] : NULL;
    int bad = 0;
    if (!in) {
        /* a second document to one writer would be a caller's mistake: the first stays */
        if (j->root) { json_decref(v); return; }
        j->root = v;
    } else if (json_is_object(in)) {
        if (!j->key) { json_decref(v); return; }   /* a value without its key: a caller's mistake */
        bad = json_object_set_new_nocheck(in, j->key, v);
        free(j->key);
        j->key = NULL;
    } else {
        bad = json_array_append_new(in, v);
    }
    if (bad) { j->failed = true; return; }
    if (!container) return;
    if (j->depth == j->cap) {
        int cap = j->cap ? 2 * j->cap : 16;
        json_t **o = realloc(j->open, (size_t)cap * sizeof *o);
        if (!o) { j->failed = true; return; }
        j->open = o;
        j->cap = cap;
    }
    j->open[j->depth++] = v;   /* borrowed: the tree holds it */
}

static void close_(json *j) {
    if (j->depth > 0) j->depth--;
}

void jw_object(json *j) { put(j, json_object(), true); }
void jw_object_end(json *j) { close_(j); }
void jw_array(json *j) { put(j, json_array(), true); }
void jw_array_end(json *j) { close_(j); }

void jw_key(json *j, const char *key) {
    if (j->failed) return;
    json_t *k = text(key ? key : "");   /* the key as valid UTF-8, as a value's text is made */
    free(j->key);
    j->key = k ? strdup(json_string_value(k)) : NULL;
    json_decref(k);
    if (!j->key) j->failed = true;
}

void jw_string(json *j, const char *s) { put(j, text(s), false); }
void jw_int(json *j, long v) { put(j, json_integer((json_int_t)v), false); }
void jw_bool(json *j, bool v) { put(j, json_boolean(v), false); }

void jw_uint(json *j, unsigned long long v) {
    if (v <= (unsigned long long)LLONG_MAX) { put(j, json_integer((json_int_t)v), false); return; }
    char digits[32];
    snprintf(digits, sizeof digits, "%llu", v);
    put(j, json_string(digits), false);
}

/* ------------------------------------------------------------------ numbers */

/* The fewest significant digits that print v so that it reads back as v. */
static int digits_of(double v) {
    char buf[40];
    for (int d = 1; d < 17; d++) {
        snprintf(buf, sizeof buf, "%.*g", d, v);
        if (strtod(buf, NULL) == v) return d;
    }
    return 17;
}

/* jansson prints every number of a document with one precision (JSON_REAL_PRECISION, %.Ng): the
** document's is the most any of its numbers needs (jw_done). A number printed with more digits than
** it needs prints the same while they are at most 15 (a double is 15.9 digits exact): so a report
** of six-digit numbers prints each as %.6g would, 0.1 as 0.1; a part, whose seconds need 17, prints
** each exact. (A document with both would print its six-digit numbers with 17 digits, exact but
** long: none has both, reports have jw_double's, parts jw_double_exact's.) */
static void real(json *j, double v) {
    if (!isfinite(v)) { put(j, json_null(), false); return; }
    int d = digits_of(v);
    if (d > j->digits) j->digits = d;
    put(j, json_real(v), false);
}

void jw_double(json *j, double v) {
    char buf[40];
    snprintf(buf, sizeof buf, "%.6g", v);
    real(j, isfinite(v) ? strtod(buf, NULL) : v);
}

void jw_double_exact(json *j, double v) { real(j, v); }

/* ------------------------------------------------------------------ the end */

static void clear(json *j) {
    free(j->open);
    free(j->key);
    jw_init(j, j->f);
}

json_t *jw_take(json *j) {
    json_t *root = j->failed ? NULL : j->root;
    if (j->failed) json_decref(j->root);
    clear(j);
    return root;
}

int jw_done(json *j) {
    FILE *f = j->f;
    bool failed = j->failed;
    size_t flags = JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(j->digits);
    json_t *root = jw_take(j);
    int rc = 0;
    if (failed) {
        fprintf(stderr, "meeple: out of memory making the JSON output; nothing printed\n");
        rc = -1;
    } else if (root) {
        rc = json_dumpf(root, f, flags) || fputc('\n', f) == EOF ? -1 : 0;
        if (rc) fprintf(stderr, "meeple: the JSON output could not be written\n");
    }
    json_decref(root);
    return rc;
}
