/*
** yamlx.c: libyaml's events to a node tree with positions; typed getters with diagnostics.
**
** libyaml's marks count lines and columns from 0; every node stores them from 1, as printed.
** Limits keep hostile files cheap to refuse: aliases are rejected outright (no expansion bombs),
** nesting, node count, scalar length and file size are capped.
*/
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "yamlx.h"

enum {
    MAX_DEPTH = 64,                 /* nesting of collections */
    MAX_NODES = 200000,             /* nodes in one document */
    MAX_SCALAR = 64 * 1024,         /* bytes in one scalar */
    MAX_FILE = 4 * 1024 * 1024      /* bytes in one file */
};

/* ------------------------------------------------------------------ arena */

struct mp_arena {
    struct block { struct block *next; size_t used, size; } *head;
};

mp_arena *mp_arena_new(void) {
    mp_arena *a = calloc(1, sizeof *a);
    return a;
}

void mp_arena_free(mp_arena *a) {
    if (!a) return;
    struct block *b = a->head;
    while (b) { struct block *next = b->next; free(b); b = next; }
    free(a);
}

void *mp_arena_alloc(mp_arena *a, size_t size) {
    size = (size + 15) & ~(size_t)15;
    struct block *b = a->head;
    if (!b || b->used + size > b->size) {
        size_t cap = size > 65536 ? size : 65536;
        b = malloc(sizeof *b + 16 + cap);
        if (!b) abort();
        b->next = a->head;
        b->used = 0;
        b->size = cap;
        a->head = b;
    }
    /* Blocks are 16-aligned by malloc; payload starts after a header rounded to 16. */
    char *base = (char *)b + ((sizeof *b + 15) & ~(size_t)15);
    void *p = base + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

char *mp_arena_strdup(mp_arena *a, const char *s) {
    size_t n = strlen(s);
    char *p = mp_arena_alloc(a, n + 1);
    memcpy(p, s, n + 1);
    return p;
}

/* ------------------------------------------------------------------ diagnostics */

int mp_y_error(mp_diag *d, const mp_ynode *n, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    mp_diag_vset(d, n ? n->file : "", n ? n->line : 0, n ? n->column : 0, fmt, ap);
    va_end(ap);
    return 1;
}

static int file_error(mp_diag *d, const char *file, int line, int column, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int file_error(mp_diag *d, const char *file, int line, int column, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    mp_diag_vset(d, file, line, column, fmt, ap);
    va_end(ap);
    return 1;
}

/* ------------------------------------------------------------------ building the tree */

typedef struct builder {
    mp_arena *arena;
    const char *file;
    int n_nodes;
    mp_diag *d;
} builder;

/* Growable list of child pointers while a collection is open. */
typedef struct kid_list { mp_ynode **v; int n, cap; } kid_list;

static void list_push(kid_list *l, mp_ynode *x) {
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        mp_ynode **v = realloc(l->v, (size_t)l->cap * sizeof *v);
        if (!v) abort();
        l->v = v;
    }
    l->v[l->n++] = x;
}

static mp_ynode *new_node(builder *b, mp_ytype type, yaml_mark_t m) {
    mp_ynode *n = mp_arena_alloc(b->arena, sizeof *n);
    n->type = type;
    n->file = b->file;
    n->line = (int)m.line + 1;
    n->column = (int)m.column + 1;
    b->n_nodes++;
    return n;
}

static int event_error(builder *b, yaml_parser_t *p) {
    const char *problem = p->problem ? p->problem : "malformed YAML";
    yaml_mark_t m = p->problem_mark;
    if (p->error == YAML_READER_ERROR)
        return file_error(b->d, b->file, 0, 0, "unreadable text: %s (at byte %zu); expected UTF-8",
                          problem, p->problem_offset);
    return file_error(b->d, b->file, (int)m.line + 1, (int)m.column + 1, "%s%s%s", problem,
                      p->context ? " " : "", p->context ? p->context : "");
}

/* Reads one node whose first event is ev (already taken); recursion bounded by MAX_DEPTH. */
static mp_ynode *read_node(builder *b, yaml_parser_t *p, yaml_event_t *ev, int depth) {
    yaml_mark_t m = ev->start_mark;
    if (b->n_nodes >= MAX_NODES) {
        file_error(b->d, b->file, (int)m.line + 1, (int)m.column + 1,
                   "too many nodes in one document; expected at most %d", MAX_NODES);
        return NULL;
    }
    switch (ev->type) {
    case YAML_ALIAS_EVENT:
        file_error(b->d, b->file, (int)m.line + 1, (int)m.column + 1,
                   "alias '*%s' is not supported; expected plain values", ev->data.alias.anchor);
        return NULL;
    case YAML_SCALAR_EVENT: {
        if (ev->data.scalar.anchor) {
            file_error(b->d, b->file, (int)m.line + 1, (int)m.column + 1,
                       "anchor '&%s' is not supported; expected plain values", ev->data.scalar.anchor);
            return NULL;
        }
        size_t len = ev->data.scalar.length;
        if (len > MAX_SCALAR) {
            file_error(b->d, b->file, (int)m.line + 1, (int)m.column + 1,
                       "scalar of %zu bytes is too long; expected at most %d", len, MAX_SCALAR);
            return NULL;
        }
        if (memchr(ev->data.scalar.value, 0, len)) {
            file_error(b->d, b->file, (int)m.line + 1, (int)m.column + 1,
                       "NUL character in a scalar; expected text");
            return NULL;
        }
        mp_ynode *n = new_node(b, MP_Y_SCALAR, m);
        char *v = mp_arena_alloc(b->arena, len + 1);
        memcpy(v, ev->data.scalar.value, len);
        v[len] = 0;
        n->value = v;
        n->quoted = ev->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
                    ev->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE ||
                    ev->data.scalar.style == YAML_LITERAL_SCALAR_STYLE ||
                    ev->data.scalar.style == YAML_FOLDED_SCALAR_STYLE;
        return n;
    }
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT: {
        bool is_map = ev->type == YAML_MAPPING_START_EVENT;
        const yaml_char_t *anchor = is_map ? ev->data.mapping_start.anchor : ev->data.sequence_start.anchor;
        if (anchor) {
            file_error(b->d, b->file, (int)m.line + 1, (int)m.column + 1,
                       "anchor '&%s' is not supported; expected plain values", anchor);
            return NULL;
        }
        if (depth >= MAX_DEPTH) {
            file_error(b->d, b->file, (int)m.line + 1, (int)m.column + 1,
                       "nesting deeper than %d levels; expected a flatter document", MAX_DEPTH);
            return NULL;
        }
        mp_ynode *n = new_node(b, is_map ? MP_Y_MAP : MP_Y_SEQ, m);
        kid_list kids = {0};
        for (;;) {
            yaml_event_t e;
            if (!yaml_parser_parse(p, &e)) { event_error(b, p); free(kids.v); return NULL; }
            if (e.type == YAML_SEQUENCE_END_EVENT || e.type == YAML_MAPPING_END_EVENT) {
                yaml_event_delete(&e);
                break;
            }
            mp_ynode *kid = read_node(b, p, &e, depth + 1);
            yaml_event_delete(&e);
            if (!kid) { free(kids.v); return NULL; }
            if (is_map && kids.n % 2 == 0) {
                if (kid->type != MP_Y_SCALAR) {
                    mp_y_error(b->d, kid, "mapping key is not a plain scalar; expected a name");
                    free(kids.v);
                    return NULL;
                }
                for (int i = 0; i < kids.n; i += 2)
                    if (strcmp(kids.v[i]->value, kid->value) == 0) {
                        char q[MP_QUOTE_SIZE];
                        mp_y_error(b->d, kid, "duplicate key '%s'; expected each key once (first at line %d)",
                                   mp_quote(kid->value, q, sizeof q), kids.v[i]->line);
                        free(kids.v);
                        return NULL;
                    }
            }
            list_push(&kids, kid);
        }
        n->n = is_map ? kids.n / 2 : kids.n;
        n->items = mp_arena_alloc(b->arena, (size_t)(kids.n ? kids.n : 1) * sizeof *n->items);
        if (kids.n) memcpy(n->items, kids.v, (size_t)kids.n * sizeof *n->items);
        free(kids.v);
        return n;
    }
    default:
        file_error(b->d, b->file, (int)m.line + 1, (int)m.column + 1, "unexpected YAML event");
        return NULL;
    }
}

static mp_ynode *load(mp_arena *a, const char *name, yaml_parser_t *p, mp_diag *d) {
    builder b = { .arena = a, .file = mp_arena_strdup(a, name), .d = d };
    mp_ynode *root = NULL;
    yaml_event_t e;
    for (;;) {
        if (!yaml_parser_parse(p, &e)) { event_error(&b, p); return NULL; }
        if (e.type == YAML_STREAM_END_EVENT) { yaml_event_delete(&e); break; }
        if (e.type == YAML_STREAM_START_EVENT || e.type == YAML_DOCUMENT_START_EVENT ||
            e.type == YAML_DOCUMENT_END_EVENT) {
            if (e.type == YAML_DOCUMENT_START_EVENT && root) {
                mp_diag dd;
                file_error(&dd, b.file, (int)e.start_mark.line + 1, (int)e.start_mark.column + 1, "x");
                yaml_event_delete(&e);
                file_error(d, b.file, dd.line, dd.column, "a second document; expected one document per file");
                return NULL;
            }
            yaml_event_delete(&e);
            continue;
        }
        root = read_node(&b, p, &e, 0);
        yaml_event_delete(&e);
        if (!root) return NULL;
    }
    if (!root) { file_error(d, b.file, 1, 1, "empty document; expected a mapping"); return NULL; }
    return root;
}

mp_ynode *mp_y_load_string(mp_arena *a, const char *name, const char *text, size_t len, mp_diag *d) {
    if (len > MAX_FILE) {
        file_error(d, name, 0, 0, "file of %zu bytes is too large; expected at most %d", len, MAX_FILE);
        return NULL;
    }
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p)) abort();
    yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
    mp_ynode *root = load(a, name, &p, d);
    yaml_parser_delete(&p);
    return root;
}

/* Reads at most max + 1 bytes of f into a buffer grown as the file goes (a rule set is a few
** kilobytes: the 4 MB a file may have are not taken for each). */
static char *read_all(FILE *f, size_t max, size_t *len) {
    size_t cap = 64 * 1024, n = 0;
    char *buf = malloc(cap);
    if (!buf) abort();
    for (;;) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap || n > max) break;   /* the end, an error, or more than max */
        cap = cap * 2 > max + 1 ? max + 1 : cap * 2;
        if (!(buf = realloc(buf, cap))) abort();
    }
    *len = n;
    return buf;
}

mp_ynode *mp_y_load_file(mp_arena *a, const char *path, mp_diag *d) {
    FILE *f = fopen(path, "rb");
    char why[MP_ERRNO_SIZE];
    if (!f) { file_error(d, path, 0, 0, "cannot open: %s", mp_errno_text(errno, why, sizeof why)); return NULL; }
    size_t len;
    char *buf = read_all(f, MAX_FILE, &len);
    int bad = ferror(f), err = errno;   /* before fclose, which may change errno */
    fclose(f);
    mp_ynode *root = NULL;
    if (bad) file_error(d, path, 0, 0, "cannot read: %s", mp_errno_text(err, why, sizeof why));
    else if (len > MAX_FILE) file_error(d, path, 0, 0, "file is too large; expected at most %d bytes", MAX_FILE);
    else root = mp_y_load_string(a, path, buf, len, d);
    free(buf);
    return root;
}

/* ------------------------------------------------------------------ getters */

mp_ynode *mp_y_key_node(const mp_ynode *map, const char *key) {
    if (!map || map->type != MP_Y_MAP) return NULL;
    for (int i = 0; i < map->n; i++)
        if (strcmp(map->items[2 * i]->value, key) == 0) return map->items[2 * i];
    return NULL;
}

mp_ynode *mp_y_get(const mp_ynode *map, const char *key) {
    if (!map || map->type != MP_Y_MAP) return NULL;
    for (int i = 0; i < map->n; i++)
        if (strcmp(map->items[2 * i]->value, key) == 0) return map->items[2 * i + 1];
    return NULL;
}

/* The edit distance of a and b: letters inserted, deleted, replaced, or two neighbours swapped
** ("tilest" is one from "tileset"), each counting one. Names are short: longer ones are cut. */
static int edit_distance(const char *a, const char *b) {
    enum { MAX = 32 };
    int n = 0, m = 0;
    while (n < MAX && a[n]) n++;
    while (m < MAX && b[m]) m++;
    int d[MAX + 1][MAX + 1];
    for (int i = 0; i <= n; i++) d[i][0] = i;
    for (int j = 0; j <= m; j++) d[0][j] = j;
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= m; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

/* Whether map has key, written in file (a key a parent ruleset wrote may still be overridden). */
static bool has_key_from(const mp_ynode *map, const char *key, const char *file) {
    const mp_ynode *k = mp_y_key_node(map, key);
    return k && !strcmp(k->file, file);
}

/* The name closest to word, skipping the keys map has from the word's own file (when map is
** given). */
static const char *nearest(const char *word, const char *const *names, const mp_ynode *map, const char *file) {
    const char *best = NULL;
    int best_d = 0;
    for (const char *const *s = names; *s; s++) {
        if (map && has_key_from(map, *s, file)) continue;
        /* Close: one edit in a short name, two in a longer one; a guess past that misleads. */
        int limit = strlen(*s) <= 4 ? 1 : 2, dist = edit_distance(word, *s);
        if (dist <= limit && (!best || dist < best_d)) { best = *s; best_d = dist; }
    }
    return best;
}

const char *mp_y_nearest(const char *word, const char *const *names) { return nearest(word, names, NULL, NULL); }

const char *mp_y_nearest_key(const mp_ynode *map, const mp_ynode *key, const char *const *allowed) {
    return nearest(key->value, allowed, map, key->file);
}

static bool allowed_key(const char *key, const char *const *allowed) {
    for (const char *const *a = allowed; *a; a++)
        if (strcmp(*a, key) == 0) return true;
    return false;
}

int mp_y_unknown_key(const mp_ynode *map, const char *const *allowed, int from, mp_diag *d) {
    for (int i = from < 0 ? 0 : from; i < map->n; i++) {
        const mp_ynode *k = map->items[2 * i];
        if (allowed_key(k->value, allowed)) continue;
        const char *near = mp_y_nearest_key(map, k, allowed);
        char q[MP_QUOTE_SIZE];
        if (near) {
            mp_y_error(d, k, "unknown key '%s'; expected '%s'", mp_quote(k->value, q, sizeof q), near);
            return i;
        }
        char list[400] = "";
        size_t used = 0;
        for (const char *const *a = allowed; *a && used < sizeof list - 40; a++)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", a == allowed ? "" : ", ", *a);
        mp_y_error(d, k, "unknown key '%s'; expected one of %s", mp_quote(k->value, q, sizeof q), list);
        return i;
    }
    return -1;
}

int mp_y_check_keys(const mp_ynode *map, const char *const *allowed, mp_diag *d) {
    return mp_y_unknown_key(map, allowed, 0, d) >= 0;
}

static const char *type_name(mp_ytype t) {
    return t == MP_Y_MAP ? "a mapping" : t == MP_Y_SEQ ? "a list" : "a scalar";
}

int mp_y_expect(const mp_ynode *n, mp_ytype type, const char *what, mp_diag *d) {
    if (n->type == type) return 0;
    return mp_y_error(d, n, "%s is %s; expected %s", what, type_name(n->type), type_name(type));
}

bool mp_y_is_null(const mp_ynode *n) {
    return n && n->type == MP_Y_SCALAR && !n->quoted &&
           (n->value[0] == 0 || strcmp(n->value, "~") == 0 || strcmp(n->value, "null") == 0);
}

int mp_y_int(const mp_ynode *n, long min, long max, long *out, mp_diag *d) {
    if (n->type != MP_Y_SCALAR)
        return mp_y_error(d, n, "%s where a number belongs; expected a whole number from %ld to %ld",
                          type_name(n->type), min, max);
    const char *s = n->value;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    char q[MP_QUOTE_SIZE];
    if (n->quoted || !*s || *end || errno == ERANGE)
        return mp_y_error(d, n, "'%s' is not a whole number; expected one from %ld to %ld", mp_quote(s, q, sizeof q),
                          min, max);
    if (v < min || v > max)
        return mp_y_error(d, n, "%ld is out of range; expected a whole number from %ld to %ld", v, min, max);
    *out = v;
    return 0;
}

int mp_y_bool(const mp_ynode *n, bool *out, mp_diag *d) {
    if (n->type == MP_Y_SCALAR && !n->quoted) {
        if (!strcmp(n->value, "true") || !strcmp(n->value, "yes")) { *out = true; return 0; }
        if (!strcmp(n->value, "false") || !strcmp(n->value, "no")) { *out = false; return 0; }
    }
    char q[MP_QUOTE_SIZE];
    return mp_y_error(d, n, "'%s' is not a boolean; expected true or false",
                      n->type == MP_Y_SCALAR ? mp_quote(n->value, q, sizeof q) : type_name(n->type));
}

int mp_y_string(const mp_ynode *n, const char **out, mp_diag *d) {
    if (n->type != MP_Y_SCALAR)
        return mp_y_error(d, n, "%s where text belongs; expected a string", type_name(n->type));
    *out = n->value;
    return 0;
}

int mp_y_enum(const mp_ynode *n, const char *const *names, int *out, mp_diag *d) {
    if (n->type == MP_Y_SCALAR)
        for (int i = 0; names[i]; i++)
            if (strcmp(names[i], n->value) == 0) { *out = i; return 0; }
    char list[300] = "";
    size_t used = 0;
    for (int i = 0; names[i] && used < sizeof list - 40; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", names[i]);
    char q[MP_QUOTE_SIZE];
    return mp_y_error(d, n, "'%s' is not valid here; expected one of %s",
                      n->type == MP_Y_SCALAR ? mp_quote(n->value, q, sizeof q) : type_name(n->type), list);
}

/* ------------------------------------------------------------------ merging (extends) */

mp_ynode *mp_y_merge(mp_arena *a, const mp_ynode *parent, const mp_ynode *child) {
    mp_ynode *m = mp_arena_alloc(a, sizeof *m);
    *m = *child;
    int cap = parent->n + child->n;
    m->items = mp_arena_alloc(a, (size_t)(cap ? 2 * cap : 1) * sizeof *m->items);
    int n = 0;
    for (int i = 0; i < parent->n; i++) {
        mp_ynode *k = parent->items[2 * i], *v = parent->items[2 * i + 1];
        mp_ynode *cv = mp_y_get(child, k->value);
        if (cv) {
            k = mp_y_key_node(child, k->value);
            v = (cv->type == MP_Y_MAP && v->type == MP_Y_MAP) ? mp_y_merge(a, v, cv) : cv;
        }
        m->items[2 * n] = k;
        m->items[2 * n + 1] = v;
        n++;
    }
    for (int i = 0; i < child->n; i++) {
        mp_ynode *k = child->items[2 * i];
        if (mp_y_get(parent, k->value)) continue;
        m->items[2 * n] = k;
        m->items[2 * n + 1] = child->items[2 * i + 1];
        n++;
    }
    m->n = n;
    return m;
}

/* ------------------------------------------------------------------ content hash */

static uint64_t mix(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ULL;
    return h;
}

uint64_t mp_y_hash_fold(const mp_ynode *n, uint64_t h, const char *fold) {
    char tag = n->type == MP_Y_MAP ? 'm' : n->type == MP_Y_SEQ ? 'l' : n->quoted ? 'q' : 's';
    h = mix(h, &tag, 1);
    if (n->type == MP_Y_SCALAR) return mix(h, n->value, strlen(n->value) + 1);
    uint32_t count = (uint32_t)n->n;
    h = mix(h, &count, sizeof count);
    if (n->type == MP_Y_SEQ) {
        for (int i = 0; i < n->n; i++) h = mp_y_hash_fold(n->items[i], h, fold);
        return h;
    }
    for (int i = 0; i < n->n; i++) {
        const mp_ynode *k = n->items[2 * i], *v = n->items[2 * i + 1];
        if (fold && k->type == MP_Y_SCALAR && !strcmp(k->value, fold) && v->type == MP_Y_MAP && v->n == 1)
            k = v->items[0], v = v->items[1];   /* `fold: {a: b}` hashes as `a: b` in its place */
        h = mp_y_hash_fold(k, h, fold);
        h = mp_y_hash_fold(v, h, fold);
    }
    return h;
}

uint64_t mp_y_hash(const mp_ynode *n, uint64_t h) { return mp_y_hash_fold(n, h, NULL); }
