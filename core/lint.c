/*
** lint.c: every problem of a tile set or a ruleset, not just the first (`meeple lint`).
**
** A file is a tile set or a ruleset by the keys it holds. Loading reports errors; with a lint
** list attached the tile-set loader reports a bad tile and goes on with the next, and the ruleset
** loader reports a bad key and goes on with the keys that do not depend on it. Then come the
** checks loading does not make: tiles that are the same picture as another tile turned
** (warning), icons and markers on a kind that does not carry them (error), a tile that no tile of
** the set can meet on any side under the matching rule (error), a kind followers can stand on
** that the ruleset never scores (warning), a tile set without a start tile (warning); each only
** where the load had no problem it depends on.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yamlx.h"

struct mp_lint {
    mp_lint_item *v;
    int n, cap;
};

mp_lint *mp_lint_new(void) {
    mp_lint *l = calloc(1, sizeof *l);
    if (!l) abort();
    return l;
}

void mp_lint_free(mp_lint *l) {
    if (!l) return;
    free(l->v);
    free(l);
}

int mp_lint_count(const mp_lint *l) { return l->n; }
const mp_lint_item *mp_lint_at(const mp_lint *l, int i) { return i >= 0 && i < l->n ? &l->v[i] : NULL; }

int mp_lint_errors(const mp_lint *l) {
    int n = 0;
    for (int i = 0; i < l->n; i++) n += !l->v[i].warning;
    return n;
}

void mp_lint_add(mp_lint *l, const mp_diag *d, int warning) {
    for (int i = 0; i < l->n; i++)   /* a tile set checked alone and again through a ruleset */
        if (l->v[i].warning == warning && l->v[i].d.line == d->line && l->v[i].d.column == d->column &&
            !strcmp(l->v[i].d.file, d->file) && !strcmp(l->v[i].d.message, d->message))
            return;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        mp_lint_item *v = realloc(l->v, (size_t)l->cap * sizeof *v);
        if (!v) abort();
        l->v = v;
    }
    l->v[l->n].d = *d;
    l->v[l->n].warning = warning;
    l->n++;
}

static void report(mp_lint *l, int warning, const mp_tileset *ts, int file, int line, int column, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));
static void report(mp_lint *l, int warning, const mp_tileset *ts, int file, int line, int column, const char *fmt, ...) {
    mp_diag d = { 0 };
    snprintf(d.file, sizeof d.file, "%s", file >= 0 && file < ts->n_files ? ts->files[file] : "");
    d.line = line;
    d.column = column;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d.message, sizeof d.message, fmt, ap);
    va_end(ap);
    mp_lint_add(l, &d, warning);
}

/* ------------------------------------------------------------------ the checks */

static void same_pictures(mp_lint *l, const mp_tileset *ts) {
    for (int u = 0; u < ts->n_tiles; u++) {
        const mp_tile *x = &ts->tiles[u];
        bool told = x->fixed;   /* once per tile, against the first it repeats; fixed pieces are
                                ** board spaces, never drawn: alike is no mistake (The Castle's
                                ** three path start spaces) */
        for (int t = 0; t < u && !told; t++)
            for (int r = 0; r < 4 && !told; r++) {
                if (!mp_tile_same_picture(x, r, &ts->tiles[t], 0)) continue;
                int turns = (4 - r) % 4;
                if (turns)
                    report(l, 1, ts, x->file, x->line, x->column, "tile '%s' is tile '%s' turned %d quarter turn%s; "
                           "expected different tiles (or one with a larger count)", x->id, ts->tiles[t].id, turns,
                           turns == 1 ? "" : "s");
                else
                    report(l, 1, ts, x->file, x->line, x->column, "tile '%s' is the same as tile '%s'; expected "
                           "different tiles (or one with a larger count)", x->id, ts->tiles[t].id);
                told = true;
            }
    }
}

static void carries(mp_lint *l, const mp_tileset *ts) {
    for (int t = 0; t < ts->n_tiles; t++) {
        const mp_tile *x = &ts->tiles[t];
        for (int f = 0; f < x->n_features; f++) {
            const mp_tile_feature *fe = &x->f[f];
            const mp_kind *k = &ts->kinds[fe->kind];
            for (int i = 0; i < ts->n_icons; i++)
                if (fe->icons[i] && !(k->carries_icons >> i & 1))
                    report(l, 0, ts, x->file, fe->line, fe->column, "a %s of tile '%s' shows the icon '%s', which a %s "
                           "cannot carry; expected only what kind '%s' lists under 'carries:'", k->name, x->id,
                           ts->icons[i], k->name, k->name);
            for (int m = 0; m < ts->n_markers; m++)
                if ((fe->markers >> m & 1) && !(k->carries_markers >> m & 1))
                    report(l, 0, ts, x->file, fe->line, fe->column, "a %s of tile '%s' carries the marker '%s', which a "
                           "%s cannot carry; expected only what kind '%s' lists under 'carries:'", k->name, x->id,
                           ts->markers[m], k->name, k->name);
        }
    }
}

/* Whether tile a turned ra can have tile b turned rb as its neighbour on side s. */
static bool side_fits(uint16_t match, const mp_tile *a, int ra, const mp_tile *b, int rb, int s) {
    for (int k = 0; k < 3; k++) {
        int p = 3 * s + k;
        int x = a->port_kind[ra][p], y = b->port_kind[rb][MP_PORT_OPPOSITE(p)];
        if (x != y && ((x && (match >> (x - 1) & 1)) || (y && (match >> (y - 1) & 1)))) return false;
    }
    return true;
}

static void placeable(mp_lint *l, const mp_tileset *ts, uint16_t match, const char *rule) {
    for (int t = 0; t < ts->n_tiles; t++) {
        const mp_tile *a = &ts->tiles[t];
        if (a->fixed || a->count == 0) continue;
        bool ok = false;
        for (int u = 0; u < ts->n_tiles && !ok; u++) {
            const mp_tile *b = &ts->tiles[u];
            if (u == t && a->count < 2 && !a->start) continue;   /* a single copy cannot meet itself */
            if (b->count == 0 && !b->fixed) continue;
            for (int ra = 0; ra < 4 && !ok; ra++)
                for (int rb = 0; rb < 4 && !ok; rb++)
                    for (int s = 0; s < 4 && !ok; s++) ok = side_fits(match, a, ra, b, rb, s);
        }
        if (!ok)
            report(l, 0, ts, a->file, a->line, a->column, "tile '%s' meets no tile of the set on any side (%s); expected "
                   "a side some tile can continue, or the tile can never be placed", a->id, rule);
    }
}

static void no_start(mp_lint *l, const mp_tileset *ts) {
    bool fixed = false;   /* pieces of a board: the game starts against them */
    for (int t = 0; t < ts->n_tiles; t++) fixed |= ts->tiles[t].fixed;
    /* A start tile skipped for an error of its own is there, only unreadable: no second report. */
    if (ts->start_tile < 0 && ts->n_tiles > 0 && !fixed && !ts->addon && !ts->lost_start)
        report(l, 1, ts, 0, 1, 1, "no tile is marked 'start: true'; expected one, or 'addon: true' for a set mixed into "
               "another");
}

static void unscored(mp_lint *l, const mp_ruleset *rs) {
    const mp_tileset *ts = rs->tiles;
    for (int k = 0; k < ts->n_kinds; k++) {
        bool used = false;
        for (int t = 0; t < ts->n_tiles && !used; t++)
            for (int f = 0; f < ts->tiles[t].n_features; f++) used |= ts->tiles[t].f[f].kind == k;
        const mp_kind_rules *kr = &rs->kind[k];
        /* A kind nobody can stand on may go unscored (decoration; fields without farmers). */
        bool takes_followers = ts->kinds[k].follower[0] && !(rs->farm_kind == k && !rs->farms);
        if (!used || !takes_followers || kr->scored_in_play || kr->scored_at_end || (rs->farms && rs->farm_kind == k)) continue;
        const struct mp_where *w = &ts->kind_at[k];
        report(l, 1, ts, w->file, w->line, w->column, "kind '%s' is never scored by ruleset '%s'; expected an entry "
               "under 'scoring:' (or 'farms:')", ts->kinds[k].name, rs->name);
    }
}

/* ------------------------------------------------------------------ files */

static bool listed(const char *key, const char *const *keys) {
    for (const char *const *k = keys; *k; k++)
        if (!strcmp(*k, key)) return true;
    return false;
}

/* +1 when key is a key only a tile set has, -1 only a ruleset, 0 both or neither; an unknown key
** counts as the key it is misspelt from. */
static int format_of_key(const char *key) {
    if (!listed(key, mp_tileset_keys) && !listed(key, mp_ruleset_keys)) {
        const char *t = mp_y_nearest(key, mp_tileset_keys), *r = mp_y_nearest(key, mp_ruleset_keys);
        if (t && r && strcmp(t, r)) return 0;   /* close to one of each: no telling */
        if (!(key = t ? t : r)) return 0;
    }
    return listed(key, mp_tileset_keys) - listed(key, mp_ruleset_keys);
}

/* Whether a file is a tile set, from what it holds: the keys only a tile set has (`kinds:`,
** `tileset:`, ...) and tiles written out under `tiles:`, against the keys only a ruleset has
** (`extends:`, `scoring:`, ...) and tile-set files named under `tiles:`. A misspelt key still
** counts, so a tile set with a misspelt key is reported against a tile set's keys. A tie goes to
** the file with `kinds:`. */
static bool holds_a_tileset(const mp_ynode *root) {
    if (root->type != MP_Y_MAP) return false;
    int score = 0;   /* > 0: a tile set */
    for (int i = 0; i < root->n; i++) score += format_of_key(root->items[2 * i]->value);
    const mp_ynode *tiles = mp_y_get(root, "tiles");
    if (tiles && tiles->type == MP_Y_SEQ && tiles->n > 0) score += tiles->items[0]->type == MP_Y_MAP ? 1 : -1;
    return score > 0 || (score == 0 && mp_y_get(root, "kinds"));
}

static int by_position(const void *a, const void *b) {
    const mp_lint_item *x = a, *y = b;
    int c = strcmp(x->d.file, y->d.file);
    if (c) return c;
    if (x->d.line != y->d.line) return x->d.line < y->d.line ? -1 : 1;
    return (x->d.column > y->d.column) - (x->d.column < y->d.column);
}

static void lint_tileset(mp_lint *l, const char *path, const char *text, size_t len) {
    mp_tileset *ts = mp_tileset_empty();
    ts->sink = l;
    mp_diag d = { 0 };
    int bad = text ? mp_tileset_add_text(ts, path, text, len, &d) : mp_tileset_add_file(ts, path, &d);
    if (!bad) {   /* else every problem is recorded */
        same_pictures(l, ts);
        carries(l, ts);
        placeable(l, ts, (uint16_t)((1u << ts->n_kinds) - 1), "every kind taken to meet its own kind");
        no_start(l, ts);
    }
    mp_tileset_free(ts);
}

/* lint's checks of a ruleset, each only where the ruleset read had no problem it depends on (a
** check of what a problem left half read would only repeat it). */
static void lint_ruleset(mp_lint *l, const char *path, const char *text, size_t len, const char *const *dirs) {
    unsigned bad = 0;
    mp_ruleset *rs = mp_ruleset_load_lint(path, text, len, dirs, l, &bad);
    if (!rs) return;
    same_pictures(l, rs->tiles);
    carries(l, rs->tiles);
    if (!(bad & (MP_RULES_BAD_TILES | MP_RULES_BAD_MATCH))) {
        char rule[200] = "match:";
        size_t n = strlen(rule);
        for (int k = 0; k < rs->tiles->n_kinds && n < sizeof rule - 40; k++)
            if (rs->match_kinds >> k & 1) n += (size_t)snprintf(rule + n, sizeof rule - n, " %s", rs->tiles->kinds[k].name);
        placeable(l, rs->tiles, rs->match_kinds, rule);
    }
    if (!(bad & (MP_RULES_BAD_TILES | MP_RULES_BAD_SCORING))) unscored(l, rs);
    /* What only a game's setup finds: a module missing a kind it needs (castles without a
    ** `castle` kind). Only a ruleset read whole can be set up. */
    if (!bad) {
        mp_game_options o = { .n_players = rs->min_players, .seed = 1, .first_player = 0 };
        mp_diag e = { 0 };
        mp_game *g = mp_game_new(rs, &o, &e);
        if (g) mp_game_free(g);
        else mp_lint_add(l, &e, 0);
    }
    mp_ruleset_free(rs);
}

/* The file at path, or its text when text is not NULL (path standing for it). */
static int lint_file(mp_lint *l, const char *path, const char *text, size_t len, const char *const *dirs) {
    int before = l->n;
    mp_diag d = { 0 };
    mp_arena *a = mp_arena_new();
    mp_ynode *root = text ? mp_y_load_string(a, path, text, len, &d) : mp_y_load_file(a, path, &d);
    bool is_tileset = root && holds_a_tileset(root);
    mp_arena_free(a);
    if (!root) mp_lint_add(l, &d, 0);
    else if (is_tileset) lint_tileset(l, path, text, len);
    else lint_ruleset(l, path, text, len, dirs);
    /* Nothing found: nothing to sort (and no array yet: qsort must not see a null pointer). */
    if (l->n > before) qsort(l->v + before, (size_t)(l->n - before), sizeof *l->v, by_position);
    return l->n - before;
}

int mp_lint_file(mp_lint *l, const char *path, const char *const *dirs) { return lint_file(l, path, NULL, 0, dirs); }

int mp_lint_text(mp_lint *l, const char *name, const char *text, size_t len, const char *const *dirs) {
    return lint_file(l, name, text ? text : "", len, dirs);
}
