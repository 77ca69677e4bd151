/*
** tile-yaml.c: tiles and tile sets from the Design page's JSON back to YAML (tile-yaml.h), through
** libyaml's emitter (meeple-yaml.h), and an edited entry set into its file's lines.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "meeple-yaml.h"
#include "tile-yaml.h"

/* The top-level keys of meeple-tileset(5) in the order its pages and shipped files write them (a
** tile's and a feature's keys are written in the order they come). */
static const char *const set_keys[] = { "tileset", "description", "addon", "kinds_only", "kinds", "icons", "markers", "tiles", "note", NULL };

/* Whether a string written plain would read back as something else (meeple's loader takes a plain
** true, false, ~, null, nothing or whole number as such): then it is quoted. */
static bool needs_quotes(const char *s) {
    if (!*s || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "true") || !strcmp(s, "false")) return true;
    size_t i = s[0] == '-' || s[0] == '+';
    return s[i] && strspn(s + i, "0123456789") == strlen(s + i);
}

static void scalar(mp_yw *w, const json_t *v) {
    char num[64];
    switch (json_typeof(v)) {
    case JSON_STRING: (needs_quotes(json_string_value(v)) ? mp_yw_quoted : mp_yw_plain)(w, json_string_value(v)); break;
    case JSON_INTEGER: mp_yw_int(w, json_integer_value(v)); break;
    case JSON_REAL: snprintf(num, sizeof num, "%.17g", json_real_value(v)); mp_yw_plain(w, num); break;
    case JSON_TRUE: mp_yw_plain(w, "true"); break;
    case JSON_FALSE: mp_yw_plain(w, "false"); break;
    default: mp_yw_plain(w, "~"); break;
    }
}

/* Any value, its collections in flow style. */
static void value(mp_yw *w, const json_t *v) {
    const char *k;
    json_t *x;
    size_t i;
    if (json_is_array(v)) {
        mp_yw_seq(w, true);
        json_array_foreach(v, i, x) value(w, x);
        mp_yw_end_seq(w);
    } else if (json_is_object(v)) {
        mp_yw_map(w, true);
        json_object_foreach((json_t *)v, k, x) { mp_yw_plain(w, k); value(w, x); }
        mp_yw_end_map(w);
    } else scalar(w, v);
}

typedef void (*write_fn)(mp_yw *w, const char *key, const json_t *v);

/* The pairs of map: the keys of `order` first, in that order, then the others as they come; a
** null value left out. With no order (NULL), as they come: the order of the file they were read
** from, which jansson keeps, so that an entry written back has its keys where its author put them. */
static void pairs(mp_yw *w, const json_t *map, const char *const *order, write_fn put) {
    for (int i = 0; order && order[i]; i++) {
        json_t *v = json_object_get(map, order[i]);
        if (v && !json_is_null(v)) put(w, order[i], v);
    }
    const char *k;
    json_t *v;
    json_object_foreach((json_t *)map, k, v) {
        bool known = false;
        for (int i = 0; order && order[i] && !known; i++) known = !strcmp(k, order[i]);
        if (!known && !json_is_null(v)) put(w, k, v);
    }
}

static void plain_pair(mp_yw *w, const char *key, const json_t *v) { mp_yw_plain(w, key); value(w, v); }

static void tile_pair(mp_yw *w, const char *key, const json_t *v) {
    mp_yw_plain(w, key);
    if (strcmp(key, "features") || !json_is_array(v)) { value(w, v); return; }
    size_t i;
    json_t *f;
    mp_yw_seq(w, false);   /* a feature a line */
    json_array_foreach(v, i, f) {
        if (!json_is_object(f)) { value(w, f); continue; }
        mp_yw_map(w, true);
        pairs(w, f, NULL, plain_pair);
        mp_yw_end_map(w);
    }
    mp_yw_end_seq(w);
}

static void tile(mp_yw *w, const json_t *t) {
    if (!json_is_object(t)) { value(w, t); return; }
    mp_yw_map(w, false);
    pairs(w, t, NULL, tile_pair);
    mp_yw_end_map(w);
}

static void set_pair(mp_yw *w, const char *key, const json_t *v) {
    mp_yw_plain(w, key);
    const char *k;
    json_t *x;
    size_t i;
    if (!strcmp(key, "kinds") && json_is_object(v)) {   /* a kind a line */
        mp_yw_map(w, false);
        json_object_foreach((json_t *)v, k, x) { mp_yw_plain(w, k); value(w, x); }
        mp_yw_end_map(w);
    } else if (!strcmp(key, "tiles") && json_is_array(v) && json_array_size(v)) {
        mp_yw_seq(w, false);
        json_array_foreach(v, i, x) tile(w, x);
        mp_yw_end_seq(w);
    } else value(w, v);
}

/* text with `indent` spaces before each of its lines, and `items` more before each item of a
** sequence under a key (a line after the first that starts with "- " once its spaces are skipped:
** in an entry, only the features are such a sequence). */
static char *indented(const char *text, size_t len, int indent, int items) {
    size_t lines = 0;
    for (size_t i = 0; i < len; i++) lines += text[i] == '\n';
    char *out = malloc(len + (lines + 1) * (size_t)(indent + items) + 1), *o = out;
    if (!out) return NULL;
    for (size_t i = 0; i < len; i++) {
        if (i == 0 || text[i - 1] == '\n') {
            size_t sp = strspn(text + i, " ");
            int more = i > 0 && i + sp + 1 < len && text[i + sp] == '-' && text[i + sp + 1] == ' ' ? items : 0;
            memset(o, ' ', (size_t)(indent + more));
            o += indent + more;
        }
        *o++ = text[i];
    }
    *o = 0;
    return out;
}

char *tile_entry_yaml(const json_t *t, int indent, int items, char *err, size_t n) {
    if (!json_is_object(t)) { snprintf(err, n, "the tile is not an object; expected {\"id\": ..., \"features\": [...]}"); return NULL; }
    mp_yw *w = mp_yw_new("");
    if (!w) { snprintf(err, n, "out of memory"); return NULL; }
    mp_yw_seq(w, false);
    tile(w, t);
    mp_yw_end_seq(w);
    size_t len = 0;
    char *text = mp_yw_finish(w, &len, err, n);
    mp_yw_free(w);
    if (!text) return NULL;
    char *out = indented(text, len, indent, items);
    free(text);
    if (!out) snprintf(err, n, "out of memory");
    return out;
}

char *tileset_yaml(const json_t *set, const char *comment, size_t *len, char *err, size_t n) {
    if (!json_is_object(set)) { snprintf(err, n, "the tile set is not a mapping; expected tileset:, kinds:, tiles:"); return NULL; }
    mp_yw *w = mp_yw_new(comment);
    if (!w) { snprintf(err, n, "out of memory"); return NULL; }
    mp_yw_map(w, false);
    pairs(w, set, set_keys, set_pair);
    mp_yw_end_map(w);
    char *text = mp_yw_finish(w, len, err, n);
    mp_yw_free(w);
    return text;
}

/* ------------------------------------------------------------------ lines */

/* The offset where 1-based line `line` starts (len past the last). */
static size_t line_start(const char *text, size_t len, int line) {
    size_t i = 0;
    for (int l = 1; l < line && i < len; i++)
        if (text[i] == '\n') l++;
    return i;
}

/* The column of the "- " before entry e, 0-based; -1 when its line has more than spaces and the
** dash before it. */
static int dash_column(const char *text, size_t len, const tile_lines *e) {
    size_t at = line_start(text, len, e->first);
    int dash = -1;
    for (int c = 0; c < e->column - 1; c++) {
        char ch = at + (size_t)c < len ? text[at + (size_t)c] : '\n';
        if (ch == '-' && dash < 0) dash = c;
        else if (ch != ' ') return -1;
    }
    return dash;
}

int item_indent(const char *text, size_t len) {
    for (size_t i = 0; i < len; i = strchr(text + i, '\n') ? (size_t)(strchr(text + i, '\n') - text) + 1 : len) {
        size_t sp = strspn(text + i, " ");
        if (strncmp(text + i + sp, "features:", 9)) continue;
        const char *rest = text + i + sp + 9, *next = strchr(rest, '\n');
        if (!next || rest[strspn(rest, " ")] != '\n') continue;   /* features: [...] on its line */
        size_t sp2 = strspn(next + 1, " ");
        return next[1 + sp2] == '-' && sp2 > sp ? (int)(sp2 - sp) : 0;
    }
    return 0;
}

int entry_indent(const char *text, size_t len, const tile_lines *v, int n, int index) {
    if (n <= 0) return 0;
    int d = dash_column(text, len, &v[index < n ? index : n - 1]);
    return d < 0 ? 0 : d;
}

char *splice_entry(const char *text, size_t len, const yaml_outline *o, const tile_lines *v, int index, const char *entry,
                   size_t *out_len) {
    int n = o->n;
    if (!o->tiles_block || n <= 0 || index < 0 || index > n || (index == n && !entry)) return NULL;
    const tile_lines *e = &v[index < n ? index : n - 1];
    if (dash_column(text, len, e) < 0) return NULL;
    if ((index > 0 && index < n && v[index - 1].last >= e->first) || (index + 1 < n && v[index + 1].first <= e->last)) return NULL;
    /* [cut, resume): the lines taken out; an append takes none, after the last entry. */
    size_t cut = index == n ? line_start(text, len, e->last + 1) : line_start(text, len, e->first);
    size_t resume = line_start(text, len, e->last + 1);
    bool newline = cut > 0 && text[cut - 1] != '\n';   /* the last line had no line break */
    size_t add = entry ? strlen(entry) : 0;
    char *out = malloc(len - (resume - cut) + add + 2);
    if (!out) return NULL;
    size_t k = 0;
    memcpy(out, text, cut);
    k = cut;
    if (newline && entry) out[k++] = '\n';
    memcpy(out + k, entry ? entry : "", add);
    k += add;
    memcpy(out + k, text + resume, len - resume);
    k += len - resume;
    out[k] = 0;
    *out_len = k;
    return out;
}
