/*
** ruleset.c: load a ruleset (format: meeple-ruleset(5)), resolve its `extends:` chain, load
** its tile sets and turn on its variant modules.
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
#include "../variants/variant.h"

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

/* The name of a `variants:` item: the scalar itself, or its `name:`; NULL when neither. */
static const char *variant_item_name(const mp_ynode *item) {
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
        const char *name = variant_item_name(cv->items[i]);
        for (int j = 0; name && j < pv->n; j++) {
            const char *pname = variant_item_name(pv->items[j]);
            if (!pname || strcmp(name, pname) != 0) continue;
            if (cv->items[i]->type == MP_Y_SCALAR) cv->items[i] = pv->items[j];   /* just the name */
            else if (pv->items[j]->type == MP_Y_MAP) cv->items[i] = mp_y_merge(a, pv->items[j], cv->items[i]);
            break;
        }
    }
}

/* Loads path (its text, when not NULL) and everything it extends, merged, into one tree. */
static mp_ynode *load_tree(mp_arena *a, const char *path, const char *text, size_t len, const char *const *dirs,
                           chain *seen, mp_diag *d) {
    mp_ynode *root = text ? mp_y_load_string(a, path, text, len, d) : mp_y_load_file(a, path, d);
    if (!root) return NULL;
    if (mp_y_expect(root, MP_Y_MAP, "a ruleset", d)) return NULL;
    mp_ynode *ext = mp_y_get(root, "extends");
    if (!ext || mp_y_is_null(ext)) return root;
    const char *parent_name;
    if (mp_y_string(ext, &parent_name, d)) return NULL;
    char parent[512];
    if (!find_ruleset(parent_name, path, dirs, parent, sizeof parent)) {
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
    mp_ynode *base = load_tree(a, seen->paths[seen->n - 1], NULL, 0, dirs, seen, d);
    seen->n--;
    if (!base) return NULL;
    if (mp_y_expect(base, MP_Y_MAP, "a ruleset", d)) return NULL;
    merge_variants_by_name(a, base, root);
    return mp_y_merge(a, base, root);
}

/* ------------------------------------------------------------------ reading the merged tree */

static int read_points(const mp_tileset *ts, const mp_ynode *n, mp_points *p, mp_diag *d) {
    static const char *const keys[] = { "fixed", "per_tile", "per_icon", "multiply_if", NULL };
    memset(p, 0, sizeof *p);
    p->multiply_icon = -1;
    p->multiply_by = 1;
    if (mp_y_expect(n, MP_Y_MAP, "a scoring formula", d) || mp_y_check_keys(n, keys, d)) return 1;
    long v;
    mp_ynode *x;
    if ((x = mp_y_get(n, "fixed"))) { if (mp_y_int(x, -1000, 1000, &v, d)) return 1; p->fixed = (int)v; }
    if ((x = mp_y_get(n, "per_tile"))) { if (mp_y_int(x, -1000, 1000, &v, d)) return 1; p->per_tile = (int)v; }
    if ((x = mp_y_get(n, "per_icon"))) {
        if (mp_y_expect(x, MP_Y_MAP, "per_icon", d)) return 1;
        for (int i = 0; i < x->n; i++) {
            int ic = mp_tileset_icon(ts, x->items[2 * i]->value);
            if (ic < 0) return mp_y_error(d, x->items[2 * i], "unknown icon '%s'; expected an icon of the tile sets",
                                          x->items[2 * i]->value);
            if (mp_y_int(x->items[2 * i + 1], -1000, 1000, &v, d)) return 1;
            p->per_icon[ic] = (int)v;
        }
    }
    if ((x = mp_y_get(n, "multiply_if"))) {
        static const char *const mkeys[] = { "icon", "by", NULL };
        if (mp_y_expect(x, MP_Y_MAP, "multiply_if", d) || mp_y_check_keys(x, mkeys, d)) return 1;
        mp_ynode *icon = mp_y_get(x, "icon"), *by = mp_y_get(x, "by");
        if (!icon || !by) return mp_y_error(d, x, "multiply_if needs 'icon' and 'by'; expected both");
        if ((p->multiply_icon = mp_tileset_icon(ts, icon->value ? icon->value : "")) < 0)
            return mp_y_error(d, icon, "unknown icon '%s'; expected an icon of the tile sets", icon->value ? icon->value : "");
        if (mp_y_int(by, 0, 100, &v, d)) return 1;
        p->multiply_by = (int)v;
    }
    return 0;
}

static int read_scoring(mp_ruleset *rs, const mp_ynode *n, mp_diag *d) {
    static const char *const keys[] = { "complete", "incomplete", "small", NULL };
    if (mp_y_expect(n, MP_Y_MAP, "scoring", d)) return 1;
    for (int i = 0; i < n->n; i++) {
        int k;
        if (mp_tileset_kind_node(rs->tiles, n->items[2 * i], &k, d)) return 1;
        const mp_ynode *v = n->items[2 * i + 1];
        mp_kind_rules *kr = &rs->kind[k];
        if (mp_y_expect(v, MP_Y_MAP, "a kind's scoring", d) || mp_y_check_keys(v, keys, d)) return 1;
        mp_ynode *x;
        bool b;
        if ((x = mp_y_get(v, "complete"))) {
            if (x->type == MP_Y_SCALAR) { if (mp_y_bool(x, &b, d)) return 1; if (b) return mp_y_error(d, x, "complete: true has no points; expected a formula or false"); }
            else { if (read_points(rs->tiles, x, &kr->complete, d)) return 1; kr->scored_in_play = true; }
        }
        if ((x = mp_y_get(v, "incomplete"))) {
            if (x->type == MP_Y_SCALAR) { if (mp_y_bool(x, &b, d)) return 1; if (b) return mp_y_error(d, x, "incomplete: true has no points; expected a formula or false"); }
            else { if (read_points(rs->tiles, x, &kr->incomplete, d)) return 1; kr->scored_at_end = true; }
        }
        if ((x = mp_y_get(v, "small"))) {
            static const char *const skeys[] = { "tiles", "points", NULL };
            if (mp_y_expect(x, MP_Y_MAP, "small", d) || mp_y_check_keys(x, skeys, d)) return 1;
            long t = 0;
            mp_ynode *y;
            if ((y = mp_y_get(x, "tiles")) && mp_y_int(y, 0, 1000, &t, d)) return 1;
            kr->small_tiles = (int)t;
            if ((y = mp_y_get(x, "points"))) { if (read_points(rs->tiles, y, &kr->small, d)) return 1; }
            else if (t) return mp_y_error(d, x, "small has no 'points'; expected a formula for small features");
        }
    }
    return 0;
}

static int read_farms(mp_ruleset *rs, const mp_ynode *n, mp_diag *d) {
    static const char *const keys[] = { "enabled", "kind", "method", "points", "category", NULL };
    static const char *const methods[] = { "city-4", "farm-3-once", "farm-3", NULL };
    if (mp_y_expect(n, MP_Y_MAP, "farms", d) || mp_y_check_keys(n, keys, d)) return 1;
    mp_ynode *x;
    rs->farms = true;
    if ((x = mp_y_get(n, "enabled")) && mp_y_bool(x, &rs->farms, d)) return 1;
    if (!(x = mp_y_get(n, "kind"))) return mp_y_error(d, n, "farms has no 'kind'; expected the kind farmers stand on");
    if (mp_tileset_kind_node(rs->tiles, x, &rs->farm_kind, d)) return 1;
    if (!(x = mp_y_get(n, "method"))) return mp_y_error(d, n, "farms has no 'method'; expected city-4, farm-3-once or farm-3");
    if (mp_y_enum(x, methods, &rs->farm_method, d)) return 1;
    if (!(x = mp_y_get(n, "points"))) return mp_y_error(d, n, "farms has no 'points'; expected points per bordered feature kind");
    if (mp_y_expect(x, MP_Y_MAP, "points", d)) return 1;
    for (int i = 0; i < x->n; i++) {
        int k;
        long v;
        if (mp_tileset_kind_node(rs->tiles, x->items[2 * i], &k, d) || mp_y_int(x->items[2 * i + 1], 0, 1000, &v, d)) return 1;
        rs->farm_points[k] = (int)v;
    }
    snprintf(rs->farm_category, sizeof rs->farm_category, "farm");
    if ((x = mp_y_get(n, "category"))) {
        const char *s;
        if (mp_y_string(x, &s, d)) return 1;
        if (!*s || strlen(s) >= MP_NAME) return mp_y_error(d, x, "category '%s' is empty or too long; expected a short name", s);
        snprintf(rs->farm_category, sizeof rs->farm_category, "%s", s);
    }
    return 0;
}

static int read_xy(const mp_ynode *n, int *x, int *y, mp_diag *d) {
    long a, b;
    if (n->type != MP_Y_SEQ || n->n != 2)
        return mp_y_error(d, n, "a cell is written [x, y]; expected a list of two numbers");
    if (mp_y_int(n->items[0], -10000, 10000, &a, d) || mp_y_int(n->items[1], -10000, 10000, &b, d)) return 1;
    *x = (int)a;
    *y = (int)b;
    return 0;
}

static bool on_map(const mp_ruleset *rs, int x, int y) {
    int mx = x - rs->board_x0, my = y - rs->board_y0;
    return mx >= 0 && my >= 0 && mx < rs->board_w && my < rs->board_h && rs->board_cells[my * rs->board_w + mx];
}

/* A fixed piece stands on its own cell, off the start tile's, and on a bounded board within the
** map or the one-cell ring of wall around it (where start spaces are). */
static int check_fixed(const mp_ruleset *rs, int i, const mp_ynode *at, mp_diag *d) {
    const mp_fixed_piece *f = &rs->fixed[i];
    if (rs->bounded && (f->x < rs->board_x0 - 1 || f->y < rs->board_y0 - 1 || f->x > rs->board_x0 + rs->board_w ||
                        f->y > rs->board_y0 + rs->board_h))
        return mp_y_error(d, at, "fixed piece at %d,%d is beyond the map and its wall ring; expected a cell "
                          "from %d,%d to %d,%d", f->x, f->y, rs->board_x0 - 1, rs->board_y0 - 1,
                          rs->board_x0 + rs->board_w, rs->board_y0 + rs->board_h);
    if (rs->tiles->start_tile >= 0 && f->x == 0 && f->y == 0)
        return mp_y_error(d, at, "fixed piece at 0,0, where the start tile goes; expected another cell");
    for (int j = 0; j < i; j++)
        if (rs->fixed[j].x == f->x && rs->fixed[j].y == f->y)
            return mp_y_error(d, at, "a second fixed piece at %d,%d; expected one piece per cell", f->x, f->y);
    return 0;
}

static int read_board(mp_ruleset *rs, const mp_ynode *n, mp_diag *d) {
    static const char *const keys[] = { "map", "origin", "fixed", "note", NULL };
    if (mp_y_is_null(n)) return 0;
    if (mp_y_expect(n, MP_Y_MAP, "board", d) || mp_y_check_keys(n, keys, d)) return 1;
    mp_ynode *map = mp_y_get(n, "map"), *x;
    if (map) {
        if (mp_y_expect(map, MP_Y_SEQ, "map", d)) return 1;
        if (map->n < 1 || map->n > 512) return mp_y_error(d, map, "map has %d rows; expected 1 to 512", map->n);
        int w = 0;
        for (int i = 0; i < map->n; i++) {
            const char *row;
            if (mp_y_string(map->items[i], &row, d)) return 1;
            if ((int)strlen(row) > w) w = (int)strlen(row);
        }
        if (w < 1 || w > 512) return mp_y_error(d, map, "map is %d cells wide; expected 1 to 512", w);
        rs->bounded = true;
        rs->board_w = w;
        rs->board_h = map->n;
        rs->board_cells = mp_arena_alloc(rs->arena, (size_t)(w * map->n));
        for (int i = 0; i < map->n; i++) {
            const char *row = map->items[i]->value;
            for (int j = 0; row[j]; j++) {
                if (row[j] != '#' && row[j] != '.')
                    return mp_y_error(d, map->items[i], "map character '%c' at position %d; expected '#' (a cell) or '.' (none)",
                                      row[j], j + 1);
                rs->board_cells[i * w + j] = row[j] == '#';
            }
        }
        if ((x = mp_y_get(n, "origin"))) { if (read_xy(x, &rs->board_x0, &rs->board_y0, d)) return 1; }
    }
    if ((x = mp_y_get(n, "fixed"))) {
        if (mp_y_expect(x, MP_Y_SEQ, "fixed", d)) return 1;
        if (x->n > MP_MAX_FIXED) return mp_y_error(d, x, "%d fixed pieces; expected at most %d", x->n, MP_MAX_FIXED);
        rs->n_fixed = x->n;
        rs->fixed = mp_arena_alloc(rs->arena, (size_t)(x->n + 1) * sizeof *rs->fixed);
        for (int i = 0; i < x->n; i++) {
            static const char *const fkeys[] = { "tile", "at", "rotation", "note", NULL };
            const mp_ynode *f = x->items[i];
            if (mp_y_expect(f, MP_Y_MAP, "a fixed piece", d) || mp_y_check_keys(f, fkeys, d)) return 1;
            mp_ynode *t = mp_y_get(f, "tile"), *at = mp_y_get(f, "at"), *r = mp_y_get(f, "rotation");
            if (!t || !at) return mp_y_error(d, f, "a fixed piece needs 'tile' and 'at'; expected both");
            int tile = mp_tileset_find(rs->tiles, t->value ? t->value : "");
            if (tile < 0) return mp_y_error(d, t, "unknown tile '%s'; expected a tile of the tile sets", t->value ? t->value : "");
            if (!rs->tiles->tiles[tile].fixed)
                return mp_y_error(d, t, "tile '%s' is not marked 'fixed: true'; expected a fixed piece", t->value);
            long rot = 0;
            if (r && mp_y_int(r, 0, 3, &rot, d)) return 1;
            rs->fixed[i] = (mp_fixed_piece){ .tile = tile, .rot = (int)rot };
            if (read_xy(at, &rs->fixed[i].x, &rs->fixed[i].y, d)) return 1;
            if (check_fixed(rs, i, at, d)) return 1;
        }
    }
    if (rs->bounded && rs->tiles->start_tile >= 0 && !on_map(rs, 0, 0))
        return mp_y_error(d, map, "the start tile's cell 0,0 is not a cell of the map; expected '#' there "
                          "(the map's first character is cell %d,%d, see 'origin')", rs->board_x0, rs->board_y0);
    return 0;
}

static int read_variants(mp_ruleset *rs, const mp_ynode *n, mp_diag *d) {
    if (mp_y_expect(n, MP_Y_SEQ, "variants", d)) return 1;
    if (n->n > MP_MAX_VARIANTS) return mp_y_error(d, n, "%d variants; expected at most %d", n->n, MP_MAX_VARIANTS);
    for (int i = 0; i < n->n; i++) {
        static const char *const keys[] = { "name", "options", NULL };
        const mp_ynode *v = n->items[i], *name = v, *options = NULL;
        if (v->type == MP_Y_MAP) {
            if (mp_y_check_keys(v, keys, d)) return 1;
            name = mp_y_get(v, "name");
            options = mp_y_get(v, "options");
            if (!name) return mp_y_error(d, v, "variant has no 'name'; expected the name of a variant module");
        }
        const char *s;
        if (mp_y_string(name, &s, d)) return 1;
        const mp_variant *m = mp_variant_find(s);
        if (!m) {
            char list[200] = "";
            size_t used = 0;
            for (int j = 0; j < mp_variant_count(); j++)
                used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", j ? ", " : "", mp_variant_at(j)->name);
            return mp_y_error(d, name, "unknown variant '%s'; expected one of the compiled-in modules%s%s", s,
                              used ? ": " : " (none yet)", list);
        }
        rs->variants[i].v = m;
        rs->variants[i].options = options;
        rs->variants[i].node = v;
        if (m->configure && m->configure(rs->arena, options, &rs->variants[i].config, d)) return 1;
        if (!m->configure && options && !mp_y_is_null(options))
            return mp_y_error(d, options, "variant '%s' takes no options; expected none", s);
        rs->n_variants++;
    }
    return 0;
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

static int read_tiles(mp_ruleset *rs, const mp_ynode *n, const char *const *dirs, mp_diag *d) {
    if (mp_y_expect(n, MP_Y_SEQ, "tiles", d)) return 1;
    if (n->n == 0) return mp_y_error(d, n, "no tile sets; expected at least one file");
    for (int i = 0; i < n->n; i++) {
        const char *s;
        if (mp_y_string(n->items[i], &s, d)) return 1;
        char path[512];
        if (!find_tiles(s, n->items[i]->file, dirs, path, sizeof path))
            return mp_y_error(d, n->items[i], "tile set '%s' not found (looked for '%s' and in the ruleset "
                              "directories); expected a file next to the ruleset", s, path);
        if (mp_tileset_add_file(rs->tiles, path, d)) return 1;
    }
    return 0;
}

static int read_ruleset(mp_ruleset *rs, const mp_ynode *root, const char *const *dirs, mp_diag *d) {
    static const char *const keys[] = { "name", "description", "extends", "tiles", "players", "followers",
                                        "match", "ties", "scoring", "farms", "score_incomplete", "unplaceable",
                                        "hole_extra_turn", "hand", "board", "variants", "note", NULL };
    static const char *const ties[] = { "all", "none", NULL };
    static const char *const unplaceable[] = { "discard", "return", NULL };
    if (mp_y_check_keys(root, keys, d)) return 1;
    mp_ynode *x;
    const char *s;
    if (!(x = mp_y_get(root, "name"))) return mp_y_error(d, root, "ruleset has no 'name'; expected a short name");
    if (mp_y_string(x, &s, d)) return 1;
    snprintf(rs->name, sizeof rs->name, "%s", s);
    if ((x = mp_y_get(root, "description"))) {
        if (mp_y_string(x, &s, d)) return 1;
        snprintf(rs->description, sizeof rs->description, "%s", s);
    }
    if (!(x = mp_y_get(root, "tiles"))) return mp_y_error(d, root, "ruleset has no 'tiles'; expected a list of tile-set files");
    if (read_tiles(rs, x, dirs, d)) return 1;
    if (!(x = mp_y_get(root, "players"))) return mp_y_error(d, root, "ruleset has no 'players'; expected {min: N, max: N}");
    {
        static const char *const pkeys[] = { "min", "max", NULL };
        long lo = 0, hi = 0;
        if (mp_y_expect(x, MP_Y_MAP, "players", d) || mp_y_check_keys(x, pkeys, d)) return 1;
        mp_ynode *a = mp_y_get(x, "min"), *b = mp_y_get(x, "max");
        if (!a || !b) return mp_y_error(d, x, "players needs 'min' and 'max'; expected both");
        if (mp_y_int(a, 1, MP_MAX_PLAYERS, &lo, d) || mp_y_int(b, lo, MP_MAX_PLAYERS, &hi, d)) return 1;
        rs->min_players = (int)lo;
        rs->max_players = (int)hi;
    }
    long v = 7;
    if ((x = mp_y_get(root, "followers")) && mp_y_int(x, 0, 100, &v, d)) return 1;
    rs->followers = (int)v;
    if (!(x = mp_y_get(root, "match"))) return mp_y_error(d, root, "ruleset has no 'match'; expected the kinds that must meet their own kind across a side");
    if (mp_y_expect(x, MP_Y_SEQ, "match", d)) return 1;
    for (int i = 0; i < x->n; i++) {
        int k;
        if (mp_tileset_kind_node(rs->tiles, x->items[i], &k, d)) return 1;
        rs->match_kinds |= (uint16_t)(1u << k);
    }
    int e = MP_TIES_ALL;
    if ((x = mp_y_get(root, "ties")) && mp_y_enum(x, ties, &e, d)) return 1;
    rs->ties = e;
    if ((x = mp_y_get(root, "scoring")) && read_scoring(rs, x, d)) return 1;
    if ((x = mp_y_get(root, "farms")) && read_farms(rs, x, d)) return 1;
    rs->score_incomplete = true;
    if ((x = mp_y_get(root, "score_incomplete")) && mp_y_bool(x, &rs->score_incomplete, d)) return 1;
    e = MP_UNPLACEABLE_DISCARD;
    if ((x = mp_y_get(root, "unplaceable")) && mp_y_enum(x, unplaceable, &e, d)) return 1;
    rs->unplaceable = e;
    if ((x = mp_y_get(root, "hole_extra_turn")) && mp_y_bool(x, &rs->hole_extra_turn, d)) return 1;
    v = 1;
    if ((x = mp_y_get(root, "hand")) && mp_y_int(x, 1, MP_MAX_HAND, &v, d)) return 1;
    rs->hand = (int)v;
    if ((x = mp_y_get(root, "board")) && read_board(rs, x, d)) return 1;
    if (rs->tiles->start_tile < 0 && rs->n_fixed == 0)
        return mp_y_error(d, mp_y_get(root, "tiles"), "the tile sets have no start tile and the board no fixed pieces; "
                          "expected one tile marked 'start: true'");
    if ((x = mp_y_get(root, "variants")) && read_variants(rs, x, d)) return 1;
    return 0;
}

MP_INTERNAL mp_ruleset *mp_ruleset_load_lint(const char *path, const char *const *dirs, struct mp_lint *sink, mp_diag *d);
MP_INTERNAL mp_ruleset *mp_ruleset_parse_lint(const char *name, const char *text, size_t len, const char *const *dirs,
                                              struct mp_lint *sink, mp_diag *d);
static mp_ruleset *load(const char *name_or_path, const char *text, size_t len, const char *const *dirs,
                        struct mp_lint *sink, mp_diag *d);

mp_ruleset *mp_ruleset_load(const char *name_or_path, const char *const *dirs, mp_diag *d) {
    return load(name_or_path, NULL, 0, dirs, NULL, d);
}

mp_ruleset *mp_ruleset_parse(const char *name, const char *text, size_t len, const char *const *dirs, mp_diag *d) {
    return load(name, text ? text : "", len, dirs, NULL, d);
}

/* For lint: a tile of its tile sets with an error is reported to sink and skipped. */
mp_ruleset *mp_ruleset_load_lint(const char *path, const char *const *dirs, struct mp_lint *sink, mp_diag *d) {
    return load(path, NULL, 0, dirs, sink, d);
}

mp_ruleset *mp_ruleset_parse_lint(const char *name, const char *text, size_t len, const char *const *dirs,
                                  struct mp_lint *sink, mp_diag *d) {
    return load(name, text ? text : "", len, dirs, sink, d);
}

/* A ruleset by name or path, or from its text (not NULL) standing for the file `name_or_path`. */
static mp_ruleset *load(const char *name_or_path, const char *text, size_t len, const char *const *dirs,
                        struct mp_lint *sink, mp_diag *d) {
    char path[512];
    if (text) snprintf(path, sizeof path, "%s", name_or_path);
    else if (!find_ruleset(name_or_path, NULL, dirs, path, sizeof path)) {
        snprintf(d->file, sizeof d->file, "%s", name_or_path);
        d->line = d->column = 0;
        snprintf(d->message, sizeof d->message, "no ruleset '%s' found; expected a shipped ruleset name "
                 "(see 'meeple rulesets') or the path of a ruleset file", name_or_path);
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
    mp_ynode *root = load_tree(rs->arena, path, text, len, dirs, &seen, d);
    if (!root || read_ruleset(rs, root, dirs, d)) { mp_ruleset_free(rs); return NULL; }
    rs->tiles->sink = NULL;
    /* The record of a game names the rules by this hash: the merged tree (what every extends
    ** chain resolves to) and the tile sets, so an edit anywhere in the chain changes it. */
    uint64_t h = mp_y_hash(root, rs->tiles->hash);
    if (mp_place_prepare(rs, d)) { mp_ruleset_free(rs); return NULL; }
    mp_feature_prepare(rs);
    snprintf(rs->hash, sizeof rs->hash, "%016llx", (unsigned long long)h);
    return rs;
}

void mp_ruleset_free(mp_ruleset *rs) {
    if (!rs) return;
    mp_tileset_free(rs->tiles);
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
const char *mp_ruleset_farm_category(const mp_ruleset *rs) { return rs->farm_category[0] ? rs->farm_category : "farm"; }
int mp_ruleset_n_variants(const mp_ruleset *rs) { return rs->n_variants; }
const char *mp_ruleset_variant_name(const mp_ruleset *rs, int i) {
    return i >= 0 && i < rs->n_variants ? rs->variants[i].v->name : NULL;
}
const char *mp_ruleset_variant_summary(const mp_ruleset *rs, int i) {
    return i >= 0 && i < rs->n_variants ? rs->variants[i].v->summary : NULL;
}
