/*
** ruleset.c: load a ruleset (format: meeple-ruleset(5)), resolve its `extends:` chain, load
** its tile sets and turn on its modules.
**
** A ruleset may be a small diff of another: `extends: c3` loads c3 first and lays this file's
** keys over it (mappings merge key by key, everything else is replaced). Every node keeps the
** file it came from, so an error in an inherited key still points at the file that wrote it.
** Everything that differs between editions is read here into struct mp_ruleset: the kernel has
** no rule numbers of its own.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yamlx.h"

enum { MAX_EXTENDS = 16 };

static bool file_exists(const char *p) {
    FILE *f = fopen(p, "rb");
    if (f) fclose(f);
    return f != NULL;
}

static bool looks_like_path(const char *s) {
    size_t n = strlen(s);
    return strchr(s, '/') || (n > 5 && strcmp(s + n - 5, ".yaml") == 0);
}

/* Directory part of path, with a trailing '/', or "" for a bare file name. */
static void dir_of(const char *path, char *out, size_t size) {
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path + 1) : 0;
    if (n >= size) n = size - 1;
    memcpy(out, path, n);
    out[n] = 0;
}

/* Finds a ruleset by name: next to the file that names it, then in each search directory. */
static bool find_ruleset(const char *name, const char *near, const char *const *dirs, char *out, size_t size) {
    if (looks_like_path(name)) {
        if (near && name[0] != '/') {
            char dir[256];
            dir_of(near, dir, sizeof dir);
            snprintf(out, size, "%s%s", dir, name);
            if (file_exists(out)) return true;
        }
        snprintf(out, size, "%s", name);
        return file_exists(out);
    }
    if (near) {
        char dir[256];
        dir_of(near, dir, sizeof dir);
        snprintf(out, size, "%s%s.yaml", dir, name);
        if (file_exists(out)) return true;
    }
    for (int i = 0; dirs && dirs[i]; i++) {
        snprintf(out, size, "%s/%s.yaml", dirs[i], name);
        if (file_exists(out)) return true;
    }
    return false;
}

typedef struct chain { const char *paths[MAX_EXTENDS]; int n; } chain;

/* Where the files a ruleset names come from: the directories searched (and beside the file that
** names them), or a program's resolver (mp_ruleset_resolve), which supplies every one by name. */
typedef struct source {
    const char *const *dirs;
    mp_resolver resolve;
    void *arg;
} source;

/* Asks the resolver for a file: its text in *text (never NULL), *len bytes. False when it has none. */
static bool resolve(const source *src, mp_file_kind what, const char *name, const char **text, size_t *len) {
    *text = NULL;
    *len = 0;
    if (src->resolve(src->arg, what, name, text, len)) return false;
    if (!*text) { *text = ""; *len = 0; }
    return true;
}

/* The name of a `variants:` item: the scalar itself, or its `name:`; NULL when neither. */
static const char *module_item_name(const mp_ynode *item) {
    if (item->type == MP_Y_SCALAR) return item->value;
    const mp_ynode *n = item->type == MP_Y_MAP ? mp_y_get(item, "name") : NULL;
    return n && n->type == MP_Y_SCALAR ? n->value : NULL;
}

/* A child's `variants:` list replaces the parent's, in its own order; but an item naming a module
** the parent lists is merged with the parent's item first, so the child writes only the options it
** changes (castle-hig: one wall tile's option). */
static void merge_variants_by_name(mp_arena *a, const mp_ynode *base, mp_ynode *root) {
    const mp_ynode *pv = mp_y_get(base, "variants");
    mp_ynode *cv = mp_y_get(root, "variants");
    if (!pv || !cv || pv->type != MP_Y_SEQ || cv->type != MP_Y_SEQ) return;
    for (int i = 0; i < cv->n; i++) {
        const char *name = module_item_name(cv->items[i]);
        for (int j = 0; name && j < pv->n; j++) {
            const char *pname = module_item_name(pv->items[j]);
            if (!pname || strcmp(name, pname) != 0) continue;
            if (cv->items[i]->type == MP_Y_SCALAR) cv->items[i] = pv->items[j];   /* just the name */
            else if (pv->items[j]->type == MP_Y_MAP) cv->items[i] = mp_y_merge(a, pv->items[j], cv->items[i]);
            break;
        }
    }
}

/* Loads path (its text, when not NULL) and everything it extends, merged, into one tree. */
static mp_ynode *load_tree(mp_arena *a, const char *path, const char *text, size_t len, const source *src,
                           chain *seen, mp_diag *d) {
    mp_ynode *root = text ? mp_y_load_string(a, path, text, len, d) : mp_y_load_file(a, path, d);
    if (!root) return NULL;
    if (mp_y_expect(root, MP_Y_MAP, "a ruleset", d)) return NULL;
    mp_ynode *ext = mp_y_get(root, "extends");
    if (!ext || mp_y_is_null(ext)) return root;
    const char *parent_name;
    if (mp_y_string(ext, &parent_name, d)) return NULL;
    char parent[512];
    const char *parent_text = NULL;   /* NULL: the file parent */
    size_t parent_len = 0;
    if (src->resolve) {
        if (!resolve(src, MP_FILE_RULESET, parent_name, &parent_text, &parent_len)) {
            mp_y_error(d, ext, "extends '%s', which the resolver does not supply; expected the name of a ruleset "
                       "it has", parent_name);
            return NULL;
        }
        snprintf(parent, sizeof parent, "%s", parent_name);
    } else if (!find_ruleset(parent_name, path, src->dirs, parent, sizeof parent)) {
        mp_y_error(d, ext, "extends '%s', which is not a ruleset here; expected the name or path of a ruleset",
                   parent_name);
        return NULL;
    }
    for (int i = 0; i < seen->n; i++) {
        if (strcmp(seen->paths[i], parent) != 0) continue;
        char loop[400] = "";
        size_t used = 0;
        for (int j = i; j < seen->n && used < sizeof loop - 64; j++)
            used += (size_t)snprintf(loop + used, sizeof loop - used, "%s -> ", seen->paths[j]);
        snprintf(loop + used, sizeof loop - used, "%s", parent);
        mp_y_error(d, ext, "extends '%s' makes a cycle (%s); expected a chain that ends", parent_name, loop);
        return NULL;
    }
    if (seen->n == MAX_EXTENDS) {
        mp_y_error(d, ext, "extends chain longer than %d; expected a shorter chain", MAX_EXTENDS);
        return NULL;
    }
    seen->paths[seen->n++] = mp_arena_strdup(a, parent);
    mp_ynode *base = load_tree(a, seen->paths[seen->n - 1], parent_text, parent_len, src, seen, d);
    seen->n--;
    if (!base) return NULL;
    if (mp_y_expect(base, MP_Y_MAP, "a ruleset", d)) return NULL;
    merge_variants_by_name(a, base, root);
    return mp_y_merge(a, base, root);
}

/* ------------------------------------------------------------------ reading the merged tree */

const char *const mp_ruleset_keys[] = { "name", "description", "extends", "tiles", "players", "followers", "match",
                                        "ties", "scoring", "farms", "score_incomplete", "unplaceable",
                                        "hole_extra_turn", "hand", "board", "variants", "start", "note", "pieces",
                                        "colours", NULL };

/* Reading the merged tree. A problem never stops the reading: the node at fault is skipped with
** what depends on it (the kinds of a tile set that did not load, the cells of a map that did
** not), and the next independent node is read. A load reports the first problem found; lint
** (sink set) records every one. */
typedef struct reader {
    mp_ruleset *rs;
    const source *src;
    struct mp_lint *sink;
    mp_diag *first;        /* the first problem found: what a load reports */
    mp_diag d;             /* the problem at hand */
    unsigned part;         /* the part of the ruleset being read (MP_RULES_BAD_*) */
    unsigned bad;          /* the parts with a problem */
    int problems;
} reader;

/* The problem in r->d: counted, kept if first, recorded for lint. Returns 1 (something is bad). */
static int problem(reader *r) {
    if (!r->problems++) *r->first = r->d;
    r->bad |= r->part;
    if (r->sink) mp_lint_add(r->sink, &r->d, 0);
    return 1;
}

static int reader_problem(void *r) { return problem(r); }

/* Every key of map not in allowed, each a problem; 1 when there was one. The known keys are read
** all the same: nothing depends on an unknown key. */
static int unknown_keys(reader *r, const mp_ynode *map, const char *const *allowed) {
    int bad = 0;
    for (int i = mp_y_unknown_key(map, allowed, 0, &r->d); i >= 0; i = mp_y_unknown_key(map, allowed, i + 1, &r->d))
        bad = problem(r);
    return bad;
}

/* Whether map lacks key but has an unknown key that is key misspelt (already reported: the key's
** absence is no second problem). */
static bool misspelt(const mp_ynode *map, const char *const *allowed, const char *key) {
    if (mp_y_get(map, key)) return false;
    for (int i = 0; i < map->n; i++) {
        const char *k = map->items[2 * i]->value, *near = mp_y_nearest_key(map, map->items[2 * i], allowed);
        bool known = false;
        for (const char *const *a = allowed; *a && !known; a++) known = !strcmp(*a, k);
        if (!known && near && !strcmp(near, key)) return true;
    }
    return false;
}

/* The value of a key map must have; NULL, with the problem `missing` at map, when it is not there
** (and no problem when the key is only misspelt). */
static const mp_ynode *required(reader *r, const mp_ynode *map, const char *const *allowed, const char *key,
                                const char *missing) {
    const mp_ynode *x = mp_y_get(map, key);
    if (!x && !misspelt(map, allowed, key)) {
        mp_y_error(&r->d, map, "%s", missing);
        problem(r);
    }
    return x;
}

/* Typed values, each a problem when n is not one; *out is set only when it is. */
static int int_at(reader *r, const mp_ynode *n, long min, long max, int *out) {
    long v;
    if (mp_y_int(n, min, max, &v, &r->d)) return problem(r);
    *out = (int)v;
    return 0;
}

static int bool_at(reader *r, const mp_ynode *n, bool *out) {
    return mp_y_bool(n, out, &r->d) ? problem(r) : 0;
}

static int enum_at(reader *r, const mp_ynode *n, const char *const *names, int *out) {
    return mp_y_enum(n, names, out, &r->d) ? problem(r) : 0;
}

static int kind_at(reader *r, const mp_ynode *n, int *out) {
    return mp_tileset_kind_node(r->rs->tiles, n, out, &r->d) ? problem(r) : 0;
}

static int type_at(reader *r, const mp_ynode *n, mp_ytype type, const char *what) {
    return mp_y_expect(n, type, what, &r->d) ? problem(r) : 0;
}

static int icon_at(reader *r, const mp_ynode *n, int *out) {
    const char *name;
    if (mp_y_string(n, &name, &r->d)) return problem(r);
    if ((*out = mp_tileset_icon(r->rs->tiles, name)) >= 0) return 0;
    mp_y_error(&r->d, n, "unknown icon '%s'; expected an icon of the tile sets", name);
    return problem(r);
}

static int read_per_icon(reader *r, const mp_ynode *x, mp_points *p) {
    if (type_at(r, x, MP_Y_MAP, "per_icon")) return 1;
    int bad = 0;
    for (int i = 0; i < x->n; i++) {
        int ic;
        if (icon_at(r, x->items[2 * i], &ic)) bad = 1;
        else bad |= int_at(r, x->items[2 * i + 1], -1000, 1000, &p->per_icon[ic]);
    }
    return bad;
}

static int read_multiply_if(reader *r, const mp_ynode *x, mp_points *p) {
    static const char *const keys[] = { "icon", "by", NULL };
    if (type_at(r, x, MP_Y_MAP, "multiply_if")) return 1;
    int bad = unknown_keys(r, x, keys);
    const mp_ynode *icon = mp_y_get(x, "icon"), *by = mp_y_get(x, "by");
    if ((!icon && !misspelt(x, keys, "icon")) || (!by && !misspelt(x, keys, "by"))) {
        mp_y_error(&r->d, x, "multiply_if needs 'icon' and 'by'; expected both");
        bad = problem(r);
    }
    if (icon) bad |= icon_at(r, icon, &p->multiply_icon);
    if (by) bad |= int_at(r, by, 0, 100, &p->multiply_by);
    return bad;
}

static int read_points(reader *r, const mp_ynode *n, mp_points *p) {
    static const char *const keys[] = { "fixed", "per_tile", "per_icon", "multiply_if", NULL };
    memset(p, 0, sizeof *p);
    p->multiply_icon = -1;
    p->multiply_by = 1;
    if (type_at(r, n, MP_Y_MAP, "a scoring formula")) return 1;
    int bad = unknown_keys(r, n, keys);
    const mp_ynode *x;
    if ((x = mp_y_get(n, "fixed"))) bad |= int_at(r, x, -1000, 1000, &p->fixed);
    if ((x = mp_y_get(n, "per_tile"))) bad |= int_at(r, x, -1000, 1000, &p->per_tile);
    if ((x = mp_y_get(n, "per_icon"))) bad |= read_per_icon(r, x, p);
    if ((x = mp_y_get(n, "multiply_if"))) bad |= read_multiply_if(r, x, p);
    return bad;
}

/* `complete:` or `incomplete:`: a formula, or false (true has no points). *scored: a formula. */
static int read_points_or_off(reader *r, const mp_ynode *x, const char *key, mp_points *p, bool *scored) {
    if (x->type != MP_Y_SCALAR) {
        if (read_points(r, x, p)) return 1;
        *scored = true;
        return 0;
    }
    bool b;
    if (bool_at(r, x, &b)) return 1;
    if (!b) return 0;
    mp_y_error(&r->d, x, "%s: true has no points; expected a formula or false", key);
    return problem(r);
}

static int read_small(reader *r, const mp_ynode *x, mp_kind_rules *kr) {
    static const char *const keys[] = { "tiles", "points", NULL };
    if (type_at(r, x, MP_Y_MAP, "small")) return 1;
    int bad = unknown_keys(r, x, keys);
    const mp_ynode *y;
    if ((y = mp_y_get(x, "tiles"))) bad |= int_at(r, y, 0, 1000, &kr->small_tiles);
    if ((y = mp_y_get(x, "points"))) bad |= read_points(r, y, &kr->small);
    else if (kr->small_tiles && !misspelt(x, keys, "points")) {
        mp_y_error(&r->d, x, "small has no 'points'; expected a formula for small features");
        bad = problem(r);
    }
    return bad;
}

/* A formula of a `with:` entry: a formula (false has no meaning there: a feature that holds the
** marker and scores nothing is written {per_tile: 0}, and scores 0 for its majority). */
static int read_with_formula(reader *r, const mp_ynode *x, mp_points *p, bool *has) {
    if (x->type == MP_Y_SCALAR) {
        mp_y_error(&r->d, x, "'%s' is not a scoring formula; expected one such as {per_tile: 2} ({per_tile: 0} for "
                   "nothing)", mp_y_text(x));
        return problem(r);
    }
    if (read_points(r, x, p)) return 1;
    *has = true;
    return 0;
}

/* `with: {MARKER: {complete: F, incomplete: F}, ...}`: a feature holding the marker scores by
** these formulas in those states (meeple-ruleset(5), SCORING). */
static int read_with(reader *r, const mp_ynode *x, mp_kind_rules *kr) {
    static const char *const keys[] = { "complete", "incomplete", "note", NULL };
    if (type_at(r, x, MP_Y_MAP, "with")) return 1;
    if (x->n > MP_MAX_WITH) {
        mp_y_error(&r->d, x, "%d markers under 'with'; expected at most %d", x->n, MP_MAX_WITH);
        return problem(r);
    }
    int bad = 0;
    for (int i = 0; i < x->n; i++) {
        const mp_ynode *key = x->items[2 * i], *v = x->items[2 * i + 1];
        const char *name = mp_y_text(key);
        int m = mp_tileset_marker(r->rs->tiles, name);
        if (m < 0) {
            mp_y_error(&r->d, key, "unknown marker '%s'; expected a marker the tile sets declare under 'markers:'", name);
            bad = problem(r);
            continue;
        }
        if (mp_y_is_null(v)) continue;   /* `inn: null` in a ruleset that extends: the marker scores as its kind */
        if (type_at(r, v, MP_Y_MAP, "a marker's scoring")) { bad = 1; continue; }
        bad |= unknown_keys(r, v, keys);
        mp_marker_points *w = &kr->with[kr->n_with];
        memset(w, 0, sizeof *w);
        w->marker = m;
        /* A state written null (a ruleset that extends another taking a formula back) has none. */
        const mp_ynode *f, *fc = mp_y_get(v, "complete"), *fi = mp_y_get(v, "incomplete");
        if ((f = fc) && !mp_y_is_null(f)) bad |= read_with_formula(r, f, &w->complete, &w->has_complete);
        if ((f = fi) && !mp_y_is_null(f)) bad |= read_with_formula(r, f, &w->incomplete, &w->has_incomplete);
        if (!fc && !fi) {
            mp_y_error(&r->d, v, "marker '%s' has no formula; expected 'complete', 'incomplete' or both", name);
            bad = problem(r);
            continue;
        }
        if (!w->has_complete && !w->has_incomplete) continue;
        kr->with_markers |= (uint16_t)(1u << m);
        kr->n_with++;
    }
    return bad;
}

static int read_kind_scoring(reader *r, const mp_ynode *key, const mp_ynode *v) {
    static const char *const keys[] = { "complete", "incomplete", "small", "with", NULL };
    int k;
    if (kind_at(r, key, &k) || type_at(r, v, MP_Y_MAP, "a kind's scoring")) return 1;
    mp_kind_rules *kr = &r->rs->kind[k];
    int bad = unknown_keys(r, v, keys);
    const mp_ynode *x;
    if ((x = mp_y_get(v, "complete"))) bad |= read_points_or_off(r, x, "complete", &kr->complete, &kr->scored_in_play);
    if ((x = mp_y_get(v, "incomplete")))
        bad |= read_points_or_off(r, x, "incomplete", &kr->incomplete, &kr->scored_at_end);
    if ((x = mp_y_get(v, "small"))) bad |= read_small(r, x, kr);
    if ((x = mp_y_get(v, "with"))) bad |= read_with(r, x, kr);
    return bad;
}

static int read_scoring(reader *r, const mp_ynode *n) {
    if (type_at(r, n, MP_Y_MAP, "scoring")) return 1;
    int bad = 0;
    for (int i = 0; i < n->n; i++) bad |= read_kind_scoring(r, n->items[2 * i], n->items[2 * i + 1]);
    return bad;
}

/* `farms: with: {PIECE: {KIND: N, ...}}`: a majority holder whose piece of that kind stands in the
** farm scores these points per bordered feature instead (a kind not named keeps its `points:`). */
static int read_farm_with(reader *r, const mp_ynode *x) {
    mp_ruleset *rs = r->rs;
    if (type_at(r, x, MP_Y_MAP, "with")) return 1;
    if (x->n > MP_MAX_PIECES) {
        mp_y_error(&r->d, x, "%d pieces under 'with'; expected at most %d", x->n, MP_MAX_PIECES);
        return problem(r);
    }
    int bad = 0;
    for (int i = 0; i < x->n; i++) {
        const mp_ynode *key = x->items[2 * i], *v = x->items[2 * i + 1];
        int piece = mp_ruleset_find_piece(rs, mp_y_text(key));
        if (piece < 0) {
            mp_y_error(&r->d, key, "unknown piece '%s'; expected one the ruleset's 'pieces:' declares", mp_y_text(key));
            bad = problem(r);
            continue;
        }
        if (type_at(r, v, MP_Y_MAP, "a piece's farm points")) { bad = 1; continue; }
        struct mp_farm_with *w = &rs->farm_with[rs->n_farm_with];
        w->piece = piece;
        memcpy(w->points, rs->farm_points, sizeof w->points);
        for (int j = 0; j < v->n; j++) {
            int k;
            if (kind_at(r, v->items[2 * j], &k)) bad = 1;
            else bad |= int_at(r, v->items[2 * j + 1], 0, 1000, &w->points[k]);
        }
        rs->n_farm_with++;
    }
    return bad;
}

static int read_farms(reader *r, const mp_ynode *n) {
    static const char *const keys[] = { "enabled", "kind", "method", "points", "with", "category", NULL };
    static const char *const methods[] = { "city-4", "farm-3-once", "farm-3", NULL };
    mp_ruleset *rs = r->rs;
    if (type_at(r, n, MP_Y_MAP, "farms")) return 1;
    int bad = unknown_keys(r, n, keys);
    const mp_ynode *x;
    rs->farms = true;
    if ((x = mp_y_get(n, "enabled"))) bad |= bool_at(r, x, &rs->farms);
    if ((x = required(r, n, keys, "kind", "farms has no 'kind'; expected the kind farmers stand on")))
        bad |= kind_at(r, x, &rs->farm_kind);
    if ((x = required(r, n, keys, "method", "farms has no 'method'; expected city-4, farm-3-once or farm-3")))
        bad |= enum_at(r, x, methods, &rs->farm_method);
    if ((x = required(r, n, keys, "points", "farms has no 'points'; expected points per bordered feature kind")) &&
        !type_at(r, x, MP_Y_MAP, "points"))
        for (int i = 0; i < x->n; i++) {
            int k;
            if (kind_at(r, x->items[2 * i], &k)) bad = 1;
            else bad |= int_at(r, x->items[2 * i + 1], 0, 1000, &rs->farm_points[k]);
        }
    rs->n_farm_with = 0;
    if ((x = mp_y_get(n, "with"))) bad |= read_farm_with(r, x);
    snprintf(rs->farm_category, sizeof rs->farm_category, "farm");
    if ((x = mp_y_get(n, "category"))) {
        const char *s;
        if (mp_y_string(x, &s, &r->d)) bad = problem(r);
        else if (!*s || strlen(s) >= MP_NAME) {
            mp_y_error(&r->d, x, "category '%s' is empty or too long; expected a short name", s);
            bad = problem(r);
        } else snprintf(rs->farm_category, sizeof rs->farm_category, "%s", s);
    }
    return bad;
}

static int read_xy(reader *r, const mp_ynode *n, int *x, int *y) {
    if (n->type != MP_Y_SEQ || n->n != 2) {
        mp_y_error(&r->d, n, "a cell is written [x, y]; expected a list of two numbers");
        return problem(r);
    }
    int a = 0, b = 0;
    int bad = int_at(r, n->items[0], -10000, 10000, &a);
    bad |= int_at(r, n->items[1], -10000, 10000, &b);
    if (bad) return 1;
    *x = a;
    *y = b;
    return 0;
}

static bool on_map(const mp_ruleset *rs, int x, int y) {
    int mx = x - rs->board_x0, my = y - rs->board_y0;
    return mx >= 0 && my >= 0 && mx < rs->board_w && my < rs->board_h && rs->board_cells[my * rs->board_w + mx];
}

/* A fixed piece stands on its own cell, off the start tile's, and on a bounded board within the
** map or the one-cell ring of wall around it (where start spaces are). f is the next piece. */
static int check_fixed(reader *r, const mp_fixed_piece *f, const mp_ynode *at) {
    const mp_ruleset *rs = r->rs;
    if (rs->bounded && (f->x < rs->board_x0 - 1 || f->y < rs->board_y0 - 1 || f->x > rs->board_x0 + rs->board_w ||
                        f->y > rs->board_y0 + rs->board_h))
        mp_y_error(&r->d, at, "fixed piece at %d,%d is beyond the map and its wall ring; expected a cell "
                   "from %d,%d to %d,%d", f->x, f->y, rs->board_x0 - 1, rs->board_y0 - 1,
                   rs->board_x0 + rs->board_w, rs->board_y0 + rs->board_h);
    else if (rs->tiles->start_tile >= 0 && f->x == 0 && f->y == 0)
        mp_y_error(&r->d, at, "fixed piece at 0,0, where the start tile goes; expected another cell");
    else {
        for (int j = 0; j < rs->n_fixed; j++)
            if (rs->fixed[j].x == f->x && rs->fixed[j].y == f->y) {
                mp_y_error(&r->d, at, "a second fixed piece at %d,%d; expected one piece per cell", f->x, f->y);
                return problem(r);
            }
        return 0;
    }
    return problem(r);
}

/* The rows of `map:`, '#' a cell and '.' none; the board is bounded only when every row is right. */
static int read_map(reader *r, const mp_ynode *map) {
    mp_ruleset *rs = r->rs;
    if (type_at(r, map, MP_Y_SEQ, "map")) return 1;
    if (map->n < 1 || map->n > 512) {
        mp_y_error(&r->d, map, "map has %d rows; expected 1 to 512", map->n);
        return problem(r);
    }
    int w = 0, bad = 0;
    for (int i = 0; i < map->n; i++) {
        const char *row;
        if (mp_y_string(map->items[i], &row, &r->d)) bad = problem(r);
        else if ((int)strlen(row) > w) w = (int)strlen(row);
    }
    if (bad) return 1;
    if (w < 1 || w > 512) {
        mp_y_error(&r->d, map, "map is %d cells wide; expected 1 to 512", w);
        return problem(r);
    }
    uint8_t *cells = mp_arena_alloc(rs->arena, (size_t)(w * map->n));
    memset(cells, 0, (size_t)(w * map->n));
    for (int i = 0; i < map->n; i++) {
        const char *row = map->items[i]->value;
        for (int j = 0; row[j]; j++) {
            if (row[j] != '#' && row[j] != '.') {   /* one problem a row */
                mp_y_error(&r->d, map->items[i], "map character '%c' at position %d; expected '#' (a cell) or "
                           "'.' (none)", row[j], j + 1);
                bad = problem(r);
                break;
            }
            cells[i * w + j] = row[j] == '#';
        }
    }
    if (bad) return 1;
    rs->bounded = true;
    rs->board_w = w;
    rs->board_h = map->n;
    rs->board_cells = cells;
    return 0;
}

/* `fixed:`, the pieces set at setup: each one read on its own, a bad one left out. */
static int read_fixed(reader *r, const mp_ynode *x) {
    static const char *const keys[] = { "tile", "at", "rotation", "note", NULL };
    mp_ruleset *rs = r->rs;
    if (type_at(r, x, MP_Y_SEQ, "fixed")) return 1;
    if (x->n > MP_MAX_FIXED) {
        mp_y_error(&r->d, x, "%d fixed pieces; expected at most %d", x->n, MP_MAX_FIXED);
        return problem(r);
    }
    rs->fixed = mp_arena_alloc(rs->arena, (size_t)(x->n + 1) * sizeof *rs->fixed);
    int bad = 0;
    for (int i = 0; i < x->n; i++) {
        const mp_ynode *f = x->items[i];
        if (type_at(r, f, MP_Y_MAP, "a fixed piece")) { bad = 1; continue; }
        int piece_bad = unknown_keys(r, f, keys);
        const mp_ynode *t = mp_y_get(f, "tile"), *at = mp_y_get(f, "at"), *rot = mp_y_get(f, "rotation");
        if ((!t && !misspelt(f, keys, "tile")) || (!at && !misspelt(f, keys, "at"))) {
            mp_y_error(&r->d, f, "a fixed piece needs 'tile' and 'at'; expected both");
            piece_bad = problem(r);
        }
        mp_fixed_piece p = { .tile = -1 };
        if (t) {
            const char *id = t->type == MP_Y_SCALAR ? t->value : "";
            if ((p.tile = mp_tileset_find(rs->tiles, id)) < 0) {
                mp_y_error(&r->d, t, "unknown tile '%s'; expected a tile of the tile sets", id);
                piece_bad = problem(r);
            } else if (!rs->tiles->tiles[p.tile].fixed) {
                mp_y_error(&r->d, t, "tile '%s' is not marked 'fixed: true'; expected a fixed piece", id);
                piece_bad = problem(r);
            }
        }
        if (rot) piece_bad |= int_at(r, rot, 0, 3, &p.rot);
        bool placed = at && !read_xy(r, at, &p.x, &p.y);
        if (!placed) piece_bad = 1;
        else if (!piece_bad) piece_bad = check_fixed(r, &p, at);
        if (!piece_bad) rs->fixed[rs->n_fixed++] = p;
        bad |= piece_bad;
    }
    return bad;
}

/* `board:`: its map (with `origin:`) and its fixed pieces, which need the tiles (tiles_ok). */
static int read_board(reader *r, const mp_ynode *n, bool tiles_ok) {
    static const char *const keys[] = { "map", "origin", "fixed", "note", NULL };
    mp_ruleset *rs = r->rs;
    if (mp_y_is_null(n)) return 0;
    if (type_at(r, n, MP_Y_MAP, "board")) return 1;
    int bad = unknown_keys(r, n, keys);
    const mp_ynode *map = mp_y_get(n, "map"), *x;
    if (map) {
        bad |= read_map(r, map);
        if ((x = mp_y_get(n, "origin"))) bad |= read_xy(r, x, &rs->board_x0, &rs->board_y0);
    }
    if (!tiles_ok) return 1;   /* the fixed pieces name tiles */
    if ((x = mp_y_get(n, "fixed"))) bad |= read_fixed(r, x);
    if (!bad && rs->bounded && rs->tiles->start_tile >= 0 && !on_map(rs, 0, 0)) {
        mp_y_error(&r->d, map, "the start tile's cell 0,0 is not a cell of the map; expected '#' there "
                   "(the map's first character is cell %d,%d, see 'origin')", rs->board_x0, rs->board_y0);
        bad = problem(r);
    }
    return bad;
}

static int read_variant(reader *r, const mp_ynode *v) {
    static const char *const keys[] = { "name", "options", NULL };
    mp_ruleset *rs = r->rs;
    const mp_ynode *name = v, *options = NULL;
    int bad = 0;
    if (v->type == MP_Y_MAP) {
        bad = unknown_keys(r, v, keys);
        options = mp_y_get(v, "options");
        if (!(name = required(r, v, keys, "name", "module has no 'name'; expected the name of a module")))
            return 1;
    }
    const char *s;
    if (mp_y_string(name, &s, &r->d)) return problem(r);
    const mp_module *m = mp_module_find(s);
    if (!m) {
        char list[200] = "";
        size_t used = 0;
        for (int j = 0; j < mp_module_count(); j++)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", j ? ", " : "", mp_module_at(j)->name);
        mp_y_error(&r->d, name, "unknown module '%s'; expected one of the compiled-in modules%s%s", s,
                   used ? ": " : " (none yet)", list);
        return problem(r);
    }
    mp_module_use *u = &rs->modules[rs->n_modules];
    u->v = m;
    u->options = options;
    u->node = v;
    if (m->configure && m->configure(rs->arena, options, &u->config, &r->d)) return problem(r);
    if (!m->configure && options && !mp_y_is_null(options)) {
        mp_y_error(&r->d, options, "module '%s' takes no options; expected none", s);
        return problem(r);
    }
    if (!bad) rs->n_modules++;
    if (!bad && m->allows_place) rs->filters_places = true;
    return bad;
}

static int read_variants(reader *r, const mp_ynode *n) {
    if (type_at(r, n, MP_Y_SEQ, "variants")) return 1;
    if (n->n > MP_MAX_MODULES) {
        mp_y_error(&r->d, n, "%d modules; expected at most %d", n->n, MP_MAX_MODULES);
        return problem(r);
    }
    int bad = 0;
    for (int i = 0; i < n->n; i++) bad |= read_variant(r, n->items[i]);
    return bad;
}

/* A tile set named by a relative path: next to the file that names it, else (a ruleset written
** elsewhere that adds a shipped tile set: `meeple import`'s) in each ruleset directory. */
static bool find_tiles(const char *s, const char *near, const char *const *dirs, char *out, size_t size) {
    char dir[256];
    dir_of(near, dir, sizeof dir);
    snprintf(out, size, "%s%s", s[0] == '/' ? "" : dir, s);
    if (file_exists(out) || s[0] == '/') return file_exists(out);
    char beside[512];
    snprintf(beside, sizeof beside, "%s", out);
    for (int i = 0; dirs && dirs[i]; i++) {
        snprintf(out, size, "%s/%s", dirs[i], s);
        if (file_exists(out)) return true;
    }
    snprintf(out, size, "%s", beside);
    return false;
}

/* The tile-set files, in order: one that does not load ends the list (a later one may use its
** kinds). With lint, the tile sets record their own problems. */
static int read_tiles(reader *r, const mp_ynode *n) {
    if (type_at(r, n, MP_Y_SEQ, "tiles")) return 1;
    if (n->n == 0) {
        mp_y_error(&r->d, n, "no tile sets; expected at least one file");
        return problem(r);
    }
    for (int i = 0; i < n->n; i++) {
        const char *s;
        if (mp_y_string(n->items[i], &s, &r->d)) return problem(r);
        char path[512];
        const char *text = NULL;   /* NULL: the file path */
        size_t len = 0;
        if (r->src->resolve) {
            if (!resolve(r->src, MP_FILE_TILES, s, &text, &len)) {
                mp_y_error(&r->d, n->items[i], "tile set '%s' is not supplied by the resolver; expected the name "
                           "of a tile set it has", s);
                return problem(r);
            }
        } else if (!find_tiles(s, n->items[i]->file, r->src->dirs, path, sizeof path)) {
            mp_y_error(&r->d, n->items[i], "tile set '%s' not found (looked for '%s' and in the ruleset "
                       "directories); expected a file next to the ruleset", s, path);
            return problem(r);
        }
        if (text ? mp_tileset_add_text(r->rs->tiles, s, text, len, &r->d)
                 : mp_tileset_add_file(r->rs->tiles, path, &r->d)) {
            if (!r->sink) return problem(r);
            r->bad |= r->part;   /* recorded by the tile set */
            r->problems++;
            return 1;
        }
    }
    return 0;
}

static void read_players(reader *r, const mp_ynode *x) {
    static const char *const keys[] = { "min", "max", NULL };
    if (type_at(r, x, MP_Y_MAP, "players")) return;
    unknown_keys(r, x, keys);
    const mp_ynode *a = mp_y_get(x, "min"), *b = mp_y_get(x, "max");
    if ((!a && !misspelt(x, keys, "min")) || (!b && !misspelt(x, keys, "max"))) {
        mp_y_error(&r->d, x, "players needs 'min' and 'max'; expected both");
        problem(r);
    }
    int lo = 1;   /* a bad min: max is checked against the whole range */
    if (a && !int_at(r, a, 1, MP_MAX_PLAYERS, &lo)) r->rs->min_players = lo;
    if (b) int_at(r, b, lo, MP_MAX_PLAYERS, &r->rs->max_players);
}

static void read_match(reader *r, const mp_ynode *x) {
    if (type_at(r, x, MP_Y_SEQ, "match")) return;
    for (int i = 0; i < x->n; i++) {
        int k;
        if (!kind_at(r, x->items[i], &k)) r->rs->match_kinds |= (uint16_t)(1u << k);
    }
}

/* `start: {tile: ID, replaced: box | bag}`: the tile laid at 0,0 instead of the one the tile sets
** mark (an expansion's own start tile: the River's spring). The start copy of the tile it replaces
** goes back in the box (box) or into the bag with the other copies (bag). */
static void read_start(reader *r, const mp_ynode *x) {
    static const char *const keys[] = { "tile", "replaced", "note", NULL };
    static const char *const replaced[] = { "box", "bag", NULL };
    if (type_at(r, x, MP_Y_MAP, "start")) return;
    unknown_keys(r, x, keys);
    const mp_ynode *t = required(r, x, keys, "tile", "start has no 'tile'; expected the id of the start tile");
    const mp_ynode *h = mp_y_get(x, "replaced");
    int how = 0;
    const char *id;
    if ((h && enum_at(r, h, replaced, &how)) || !t) return;
    if (mp_y_string(t, &id, &r->d)) { problem(r); return; }
    mp_tileset *ts = r->rs->tiles;
    int tile = mp_tileset_find(ts, id);
    if (tile < 0 || ts->tiles[tile].fixed || ts->tiles[tile].count < 1) {
        mp_y_error(&r->d, t, "%s tile '%s'; expected the id of a tile of the tile sets with a copy to lay",
                   tile < 0 ? "unknown" : "no copy of", id);
        problem(r);
        return;
    }
    int old = ts->start_tile;
    if (old == tile) return;
    if (old >= 0) {
        ts->tiles[old].start = false;
        if (how == 0) ts->tiles[old].count--, ts->total--;
    }
    ts->tiles[tile].start = true;
    ts->start_tile = tile;
}

static void read_text(reader *r, const mp_ynode *x, char *out, size_t size) {
    const char *s;
    if (mp_y_string(x, &s, &r->d)) problem(r);
    else snprintf(out, size, "%s", s);
}

static void read_ruleset(reader *r, const mp_ynode *root) {
    static const char *const ties[] = { "all", "none", NULL };
    static const char *const unplaceable[] = { "discard", "return", NULL };
    const char *const *keys = mp_ruleset_keys;
    mp_ruleset *rs = r->rs;
    const mp_ynode *x;
    r->part = MP_RULES_BAD_OTHER;
    unknown_keys(r, root, keys);
    if (misspelt(root, keys, "extends")) return;   /* the rest is in the ruleset it meant to extend */
    if ((x = required(r, root, keys, "name", "ruleset has no 'name'; expected a short name")))
        read_text(r, x, rs->name, sizeof rs->name);
    if ((x = mp_y_get(root, "description"))) read_text(r, x, rs->description, sizeof rs->description);
    r->part = MP_RULES_BAD_TILES;
    if ((x = required(r, root, keys, "tiles", "ruleset has no 'tiles'; expected a list of tile-set files")))
        read_tiles(r, x);
    /* Everything that names kinds, icons or tiles depends on the tile sets. */
    bool tiles_ok = !(r->bad & MP_RULES_BAD_TILES) && x;
    r->part = MP_RULES_BAD_OTHER;
    if ((x = required(r, root, keys, "players", "ruleset has no 'players'; expected {min: N, max: N}")))
        read_players(r, x);
    rs->followers = 7;
    if ((x = mp_y_get(root, "followers"))) int_at(r, x, 0, 100, &rs->followers);
    mp_pieces_defaults(rs);
    mp_pieces_reader pr = { .rs = rs, .d = &r->d, .problem = reader_problem, .arg = r };
    if (tiles_ok && (x = mp_y_get(root, "pieces"))) mp_pieces_read(&pr, x);
    if ((x = mp_y_get(root, "colours"))) mp_colours_read(&pr, x);
    r->part = MP_RULES_BAD_MATCH;
    if (!tiles_ok) r->bad |= MP_RULES_BAD_MATCH;
    else if ((x = required(r, root, keys, "match", "ruleset has no 'match'; expected the kinds that must meet "
                           "their own kind across a side")))
        read_match(r, x);
    r->part = MP_RULES_BAD_OTHER;
    rs->ties = MP_TIES_ALL;
    if ((x = mp_y_get(root, "ties"))) enum_at(r, x, ties, &rs->ties);
    r->part = MP_RULES_BAD_SCORING;
    if (!tiles_ok) r->bad |= MP_RULES_BAD_SCORING;
    else {
        if ((x = mp_y_get(root, "scoring"))) read_scoring(r, x);
        if ((x = mp_y_get(root, "farms"))) read_farms(r, x);
    }
    r->part = MP_RULES_BAD_OTHER;
    rs->score_incomplete = true;
    if ((x = mp_y_get(root, "score_incomplete"))) bool_at(r, x, &rs->score_incomplete);
    rs->unplaceable = MP_UNPLACEABLE_DISCARD;
    if ((x = mp_y_get(root, "unplaceable"))) enum_at(r, x, unplaceable, &rs->unplaceable);
    if ((x = mp_y_get(root, "hole_extra_turn"))) bool_at(r, x, &rs->hole_extra_turn);
    rs->hand = 1;
    if ((x = mp_y_get(root, "hand"))) int_at(r, x, 1, MP_MAX_HAND, &rs->hand);
    if (tiles_ok && (x = mp_y_get(root, "start"))) read_start(r, x);
    r->part = MP_RULES_BAD_BOARD;
    if (!tiles_ok) r->bad |= MP_RULES_BAD_BOARD;
    if ((x = mp_y_get(root, "board"))) read_board(r, x, tiles_ok);
    /* A start tile skipped by lint for an error of its own is there, only unreadable. */
    if (!(r->bad & (MP_RULES_BAD_TILES | MP_RULES_BAD_BOARD)) && !rs->tiles->lost_start &&
        rs->tiles->start_tile < 0 && rs->n_fixed == 0) {
        mp_y_error(&r->d, mp_y_get(root, "tiles"), "the tile sets have no start tile and the board no fixed pieces; "
                   "expected one tile marked 'start: true'");
        problem(r);
    }
    r->part = MP_RULES_BAD_OTHER;
    if ((x = mp_y_get(root, "variants"))) read_variants(r, x);
}

/* A ruleset read by name or path (or from its text, when not NULL), or (sink set: lint) read as far
** as it can be, every problem recorded in sink, *bad the parts with one. NULL with the first
** problem in d. */
static mp_ruleset *load(const char *name_or_path, const char *text, size_t len, const source *src,
                        struct mp_lint *sink, unsigned *bad, mp_diag *d) {
    char path[512];
    if (!text && src->resolve && !resolve(src, MP_FILE_RULESET, name_or_path, &text, &len)) {
        char q[MP_QUOTE_SIZE];   /* the name as given, escaped */
        mp_quote(name_or_path, q, sizeof q);
        mp_diag_set(d, q, 0, 0, "no ruleset '%s' supplied by the resolver; expected the name of a ruleset it has", q);
        return NULL;
    }
    if (text) snprintf(path, sizeof path, "%s", name_or_path);   /* its text in memory, standing for that file */
    else if (!find_ruleset(name_or_path, NULL, src->dirs, path, sizeof path)) {
        char q[MP_QUOTE_SIZE];   /* the name as typed, escaped */
        mp_quote(name_or_path, q, sizeof q);
        mp_diag_set(d, q, 0, 0, "no ruleset '%s' found; expected a shipped ruleset name (see 'meeple rulesets') "
                    "or the path of a ruleset file", q);
        return NULL;
    }
    mp_ruleset *rs = calloc(1, sizeof *rs);
    if (!rs) abort();
    rs->arena = mp_arena_new();
    rs->tiles = mp_tileset_empty();
    rs->tiles->sink = sink;
    rs->farm_kind = -1;   /* no `farms:`: no kind is a farm */
    snprintf(rs->path, sizeof rs->path, "%s", path);
    chain seen = { .paths = { mp_arena_strdup(rs->arena, path) }, .n = 1 };
    mp_ynode *root = load_tree(rs->arena, path, text, len, src, &seen, d);
    if (!root) { mp_ruleset_free(rs); return NULL; }
    reader r = { .rs = rs, .src = src, .sink = sink, .first = d };
    read_ruleset(&r, root);
    rs->tiles->sink = NULL;
    if (rs->tiles->lost_start) r.bad |= MP_RULES_BAD_OTHER;   /* no start tile to set a game up with */
    if (bad) *bad = r.bad;
    if (r.bad) {
        if (sink) return rs;   /* for lint to look at, never to play */
        mp_ruleset_free(rs);
        return NULL;
    }
    /* The record of a game names the rules by this hash: the merged tree (what every extends
    ** chain resolves to) and the tile sets, so an edit anywhere in the chain changes it. */
    uint64_t h = mp_y_hash(root, rs->tiles->hash);
    if (mp_place_prepare(rs, d)) {
        if (bad) *bad |= MP_RULES_BAD_OTHER;
        if (sink) { mp_lint_add(sink, d, 0); return rs; }
        mp_ruleset_free(rs);
        return NULL;
    }
    mp_feature_prepare(rs);
    snprintf(rs->hash, sizeof rs->hash, "%016llx", (unsigned long long)h);
    /* The learned evaluation's weights beside a ruleset file (not one read from memory). */
    if (!text && !src->resolve && mp_ruleset_find_weights(rs, d)) {
        if (bad) *bad |= MP_RULES_BAD_OTHER;
        if (sink) { mp_lint_add(sink, d, 0); return rs; }
        mp_ruleset_free(rs);
        return NULL;
    }
    if (sink && rs->stale_weights[0]) {   /* left aside: the bots weigh without them, lint says why */
        mp_diag w = { 0 };
        mp_weights *old = mp_weights_load(rs->stale_weights, &w);
        mp_diag_set(&w, rs->stale_weights, 0, 0, "weights trained for ruleset %s with hash %s, not for this ruleset's %s: "
                    "left aside; expected weights trained again (meeple train --ruleset %s --weights %s)",
                    old ? old->ruleset : "?", old ? old->hash : "?", rs->hash, path, rs->stale_weights);
        mp_weights_free(old);
        mp_lint_add(sink, &w, 1);
    }
    return rs;
}

mp_ruleset *mp_ruleset_load(const char *name_or_path, const char *const *dirs, mp_diag *d) {
    source src = { .dirs = dirs };
    return load(name_or_path, NULL, 0, &src, NULL, NULL, d);
}

mp_ruleset *mp_ruleset_parse(const char *name, const char *text, size_t len, const char *const *dirs, mp_diag *d) {
    source src = { .dirs = dirs };
    return load(name, text ? text : "", len, &src, NULL, NULL, d);
}

mp_ruleset *mp_ruleset_resolve(const char *name, mp_resolver resolver, void *arg, mp_diag *d) {
    source src = { .resolve = resolver, .arg = arg };
    return load(name, NULL, 0, &src, NULL, NULL, d);
}

mp_ruleset *mp_ruleset_load_lint(const char *path, const char *text, size_t len, const char *const *dirs,
                                 struct mp_lint *sink, unsigned *bad) {
    mp_diag d = { 0 };
    source src = { .dirs = dirs };
    mp_ruleset *rs = load(path, text, len, &src, sink, bad, &d);
    if (!rs) mp_lint_add(sink, &d, 0);   /* a problem before its keys: the one to tell */
    return rs;
}

void mp_ruleset_free(mp_ruleset *rs) {
    if (!rs) return;
    mp_tileset_free(rs->tiles);
    mp_weights_free(rs->weights);
    mp_arena_free(rs->arena);
    free(rs);
}

const char *mp_ruleset_name(const mp_ruleset *rs) { return rs->name; }
const char *mp_ruleset_description(const mp_ruleset *rs) { return rs->description; }
const char *mp_ruleset_path(const mp_ruleset *rs) { return rs->path; }
const char *mp_ruleset_hash(const mp_ruleset *rs) { return rs->hash; }
int mp_ruleset_min_players(const mp_ruleset *rs) { return rs->min_players; }
int mp_ruleset_max_players(const mp_ruleset *rs) { return rs->max_players; }
const mp_tileset *mp_ruleset_tiles(const mp_ruleset *rs) { return rs->tiles; }
/* The formulas a kind's features score by (read_points above), for a program that weighs what
** each tile adds to a feature: meeple-balance(1), HOW A COPY IS VALUED. */
int mp_ruleset_kind_points(const mp_ruleset *rs, int kind, int complete, mp_kind_points *out) {
    if (!rs || !out || kind < 0 || kind >= rs->tiles->n_kinds || kind >= MP_MAX_KINDS) return -1;
    const mp_points *p = complete ? &rs->kind[kind].complete : &rs->kind[kind].incomplete;
    memset(out, 0, sizeof *out);
    out->fixed = p->fixed;
    out->per_tile = p->per_tile;
    for (int i = 0; i < MP_MAX_ICONS && i < (int)(sizeof out->per_icon / sizeof out->per_icon[0]); i++) out->per_icon[i] = p->per_icon[i];
    out->multiply_icon = p->multiply_icon;
    out->multiply_by = p->multiply_by;
    return 0;
}
const char *mp_ruleset_farm_category(const mp_ruleset *rs) { return rs->farm_category[0] ? rs->farm_category : "farm"; }
int mp_ruleset_n_modules(const mp_ruleset *rs) { return rs->n_modules; }
const char *mp_ruleset_module_name(const mp_ruleset *rs, int i) {
    return i >= 0 && i < rs->n_modules ? rs->modules[i].v->name : NULL;
}
const char *mp_ruleset_module_summary(const mp_ruleset *rs, int i) {
    return i >= 0 && i < rs->n_modules ? rs->modules[i].v->summary : NULL;
}
