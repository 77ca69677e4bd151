/*
** tileset.c: load and check a tile-set YAML file (format: meeple-tileset(5)).
**
** A tile set declares the feature kinds its tiles use (with the edge letter, how the kind meets a
** side, when it is complete), the icons and markers it knows, and the tiles. Everything that can
** be checked is checked here, with the position of the node at fault: the edge letters against
** the features, every port covered once, every half-side covered, field-to-city links naming a
** feature of the same tile, counts, at most one start tile.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "yamlx.h"

/* The tile id pattern, the same the notation reads (core/notation.c). */
bool mp_tile_id_valid(const char *id) {
    int err;
    PCRE2_SIZE at;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)MP_TILE_ID_PATTERN, PCRE2_ZERO_TERMINATED, 0, &err, &at, NULL);
    MP_ASSERT(re);
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
    int rc = pcre2_match(re, (PCRE2_SPTR)id, PCRE2_ZERO_TERMINATED, 0, 0, md, NULL);
    pcre2_match_data_free(md);
    pcre2_code_free(re);
    return rc >= 0;
}

static const char *const port_names[MP_PORTS] = {
    "Nw", "N", "Ne", "En", "E", "Es", "Se", "S", "Sw", "Ws", "W", "Wn"
};
static const char side_letters[4] = { 'N', 'E', 'S', 'W' };

int mp_port_from_name(const char *name) {
    for (int p = 0; p < MP_PORTS; p++)
        if (strcmp(port_names[p], name) == 0) return p;
    return -1;
}

const char *mp_port_name(int port) { return port >= 0 && port < MP_PORTS ? port_names[port] : "?"; }

static int side_from_name(const char *s) {
    for (int i = 0; i < 4; i++)
        if (s[0] == side_letters[i] && s[1] == 0) return i;
    return -1;
}

int mp_tileset_kind(const mp_tileset *ts, const char *name) {
    for (int i = 0; i < ts->n_kinds; i++)
        if (strcmp(ts->kinds[i].name, name) == 0) return i;
    return -1;
}

int mp_tileset_kind_node(const mp_tileset *ts, const mp_ynode *n, int *out, mp_diag *d) {
    const char *s;
    if (mp_y_string(n, &s, d)) return 1;
    int k = mp_tileset_kind(ts, s);
    if (k < 0) {
        char list[200] = "";
        size_t used = 0;
        for (int i = 0; i < ts->n_kinds; i++)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", ts->kinds[i].name);
        return mp_y_error(d, n, "unknown feature kind '%s'; expected one of %s", s, list);
    }
    *out = k;
    return 0;
}

int mp_tileset_icon(const mp_tileset *ts, const char *name) {
    for (int i = 0; i < ts->n_icons; i++)
        if (strcmp(ts->icons[i], name) == 0) return i;
    return -1;
}

int mp_tileset_marker(const mp_tileset *ts, const char *name) {
    for (int i = 0; i < ts->n_markers; i++)
        if (strcmp(ts->markers[i], name) == 0) return i;
    return -1;
}

/* ------------------------------------------------------------------ kinds, icons, markers */

static int copy_name(char *dst, const mp_ynode *n, const char *what, mp_diag *d) {
    const char *s;
    if (mp_y_string(n, &s, d)) return 1;
    if (!*s || strlen(s) >= MP_NAME)
        return mp_y_error(d, n, "%s name '%s' is empty or too long; expected 1 to %d characters",
                          what, s, MP_NAME - 1);
    strcpy(dst, s);
    return 0;
}

static int read_kind(const mp_tileset *ts, mp_ynode *key, mp_ynode *val, mp_kind *k, mp_diag *d) {
    static const char *const keys[] = { "letter", "covers", "completes", "follower", "carries", NULL };
    static const char *const covers[] = { "side", "middle", "halves", "none", NULL };
    static const char *const completes[] = { "closed", "surrounded", "never", NULL };
    memset(k, 0, sizeof *k);
    if (copy_name(k->name, key, "kind", d)) return 1;
    /* Kinds are written in notation (+cloister) and rulesets: a lowercase word. */
    for (const char *c = k->name; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (c > k->name && ((*c >= '0' && *c <= '9') || *c == '-' || *c == '_'))))
            return mp_y_error(d, key, "kind name '%s' has the character '%c'; expected a lowercase word "
                              "(a-z first, then a-z, 0-9, '-', '_')", k->name, *c);
    if (mp_y_expect(val, MP_Y_MAP, "a kind", d) || mp_y_check_keys(val, keys, d)) return 1;
    mp_ynode *n = mp_y_get(val, "letter");
    if (!n) return mp_y_error(d, val, "kind '%s' has no 'letter'; expected a one-letter edge code", k->name);
    if (n->type != MP_Y_SCALAR || strlen(n->value) != 1)
        return mp_y_error(d, n, "letter must be one character; expected for example C, R or F");
    k->letter = n->value[0];
    n = mp_y_get(val, "covers");
    if (!n) return mp_y_error(d, val, "kind '%s' has no 'covers'; expected a list of side, middle, halves, none", k->name);
    if (mp_y_expect(n, MP_Y_SEQ, "covers", d)) return 1;
    for (int i = 0; i < n->n; i++) {
        int c;
        if (mp_y_enum(n->items[i], covers, &c, d)) return 1;
        k->covers |= (uint8_t)(1u << c);
    }
    n = mp_y_get(val, "completes");
    int c = MP_COMPLETE_CLOSED;
    if (n && mp_y_enum(n, completes, &c, d)) return 1;
    k->completes = (uint8_t)c;
    n = mp_y_get(val, "follower");
    if (n && !mp_y_is_null(n) && copy_name(k->follower, n, "follower", d)) return 1;
    /* The icons and markers its features may show (`meeple lint` checks the tiles against it). */
    if ((n = mp_y_get(val, "carries"))) {
        if (mp_y_expect(n, MP_Y_SEQ, "carries", d)) return 1;
        for (int i = 0; i < n->n; i++) {
            const char *s;
            if (mp_y_string(n->items[i], &s, d)) return 1;
            int ic = mp_tileset_icon(ts, s), m = mp_tileset_marker(ts, s);
            if (ic < 0 && m < 0)
                return mp_y_error(d, n->items[i], "'%s' is neither an icon nor a marker; expected one declared under "
                                  "'icons:' or 'markers:'", s);
            if (ic >= 0) k->carries_icons |= 1u << ic;
            if (m >= 0) k->carries_markers |= 1u << m;
        }
    }
    return 0;
}

static int add_kinds(mp_tileset *ts, const mp_ynode *kinds, mp_diag *d) {
    if (mp_y_expect(kinds, MP_Y_MAP, "kinds", d)) return 1;
    for (int i = 0; i < kinds->n; i++) {
        mp_kind k;
        if (read_kind(ts, kinds->items[2 * i], kinds->items[2 * i + 1], &k, d)) return 1;
        int old = mp_tileset_kind(ts, k.name);
        if (old >= 0) {
            /* The same kind in every tile set; what it may carry, a set may add to (an expansion's
            ** cathedral in a city): the icons and markers of every set's `carries:` together. */
            mp_kind same = ts->kinds[old];
            same.carries_icons = k.carries_icons;
            same.carries_markers = k.carries_markers;
            if (memcmp(&same, &k, sizeof k) != 0)
                return mp_y_error(d, kinds->items[2 * i], "kind '%s' differs from its earlier definition; "
                                  "expected the same letter, covers, completes and follower", k.name);
            ts->kinds[old].carries_icons |= k.carries_icons;
            ts->kinds[old].carries_markers |= k.carries_markers;
            continue;
        }
        for (int j = 0; j < ts->n_kinds; j++)
            if (ts->kinds[j].letter == k.letter)
                return mp_y_error(d, kinds->items[2 * i], "kind '%s' has the letter '%c' of kind '%s'; "
                                  "expected a letter of its own", k.name, k.letter, ts->kinds[j].name);
        if (ts->n_kinds == MP_MAX_KINDS)
            return mp_y_error(d, kinds->items[2 * i], "too many kinds; expected at most %d", MP_MAX_KINDS);
        ts->kind_at[ts->n_kinds] = (struct mp_where){ ts->n_files - 1, kinds->items[2 * i]->line, kinds->items[2 * i]->column };
        ts->kinds[ts->n_kinds++] = k;
    }
    return 0;
}

static int add_names(char (*names)[MP_NAME], int *n, int max, const mp_ynode *list, const char *what,
                     mp_diag *d) {
    if (mp_y_expect(list, MP_Y_SEQ, what, d)) return 1;
    for (int i = 0; i < list->n; i++) {
        char name[MP_NAME];
        if (copy_name(name, list->items[i], what, d)) return 1;
        bool seen = false;
        for (int j = 0; j < *n; j++) seen |= strcmp(names[j], name) == 0;
        if (seen) continue;
        if (*n == max) return mp_y_error(d, list->items[i], "too many %s; expected at most %d", what, max);
        strcpy(names[(*n)++], name);
    }
    return 0;
}

/* ------------------------------------------------------------------ tiles */

static int read_markers(const mp_tileset *ts, const mp_ynode *n, uint32_t *out, mp_diag *d) {
    if (mp_y_expect(n, MP_Y_SEQ, "markers", d)) return 1;
    for (int i = 0; i < n->n; i++) {
        const char *s;
        if (mp_y_string(n->items[i], &s, d)) return 1;
        int m = mp_tileset_marker(ts, s);
        if (m < 0) return mp_y_error(d, n->items[i], "unknown marker '%s'; expected one declared under 'markers:'", s);
        *out |= 1u << m;
    }
    return 0;
}

/* Reads `sides:` (whole sides or middles, by the kind) and `halves:` into a port mask. */
static int read_ports(const mp_tileset *ts, const mp_ynode *feat, mp_tile_feature *f, mp_diag *d) {
    const mp_kind *k = &ts->kinds[f->kind];
    mp_ynode *sides = mp_y_get(feat, "sides"), *halves = mp_y_get(feat, "halves");
    if ((sides || halves) && k->covers == MP_COVER_NONE)
        return mp_y_error(d, mp_y_key_node(feat, sides ? "sides" : "halves"),
                          "a %s lies inside its tile; expected no 'sides:' or 'halves:'", k->name);
    if (sides) {
        if (!(k->covers & (MP_COVER_SIDE | MP_COVER_MIDDLE)))
            return mp_y_error(d, mp_y_key_node(feat, "sides"),
                              "a %s does not cover sides; expected 'halves:'", k->name);
        if (mp_y_expect(sides, MP_Y_SEQ, "sides", d)) return 1;
        for (int i = 0; i < sides->n; i++) {
            const mp_ynode *s = sides->items[i];
            int side = s->type == MP_Y_SCALAR ? side_from_name(s->value) : -1;
            if (side < 0)
                return mp_y_error(d, s, "'%s' is not a side; expected N, E, S or W",
                                  s->type == MP_Y_SCALAR ? s->value : "a collection");
            uint16_t add = (k->covers & MP_COVER_SIDE) ? (uint16_t)MP_SIDE_MASK(side)
                                                        : (uint16_t)(1u << MP_MIDDLE(side));
            if (f->ports & add) return mp_y_error(d, s, "side '%s' is listed twice; expected each side once", s->value);
            f->ports |= add;
        }
    }
    if (halves) {
        if (!(k->covers & MP_COVER_HALVES))
            return mp_y_error(d, mp_y_key_node(feat, "halves"),
                              "a %s does not cover half-sides; expected 'sides:'", k->name);
        if (mp_y_expect(halves, MP_Y_SEQ, "halves", d)) return 1;
        for (int i = 0; i < halves->n; i++) {
            const mp_ynode *s = halves->items[i];
            int p = s->type == MP_Y_SCALAR ? mp_port_from_name(s->value) : -1;
            if (p < 0 || p % 3 == 1)
                return mp_y_error(d, s, "'%s' is not a half-side; expected one of Nw Ne En Es Se Sw Ws Wn",
                                  s->type == MP_Y_SCALAR ? s->value : "a collection");
            if (f->ports & (1u << p)) return mp_y_error(d, s, "half-side '%s' is listed twice; expected each once", s->value);
            f->ports |= (uint16_t)(1u << p);
        }
    }
    mp_ynode *inner = mp_y_get(feat, "inner");
    bool enclosed = false;
    if (inner && mp_y_bool(inner, &enclosed, d)) return 1;
    if (enclosed && (sides || halves))
        return mp_y_error(d, mp_y_key_node(feat, "inner"), "an inner %s meets no side; expected 'inner: true' "
                          "without 'sides:' or 'halves:'", k->name);
    if (enclosed && !(k->covers & MP_COVER_HALVES))
        return mp_y_error(d, mp_y_key_node(feat, "inner"), "only a kind that covers half-sides (a field) may lie "
                          "enclosed inside its tile; expected no 'inner:' on a %s", k->name);
    /* An inner field (enclosed between city walls on its tile) meets no side: it never grows. */
    if (!f->ports && !enclosed && !(k->covers & MP_COVER_NONE))
        return mp_y_error(d, feat, "a %s must meet at least one side; expected 'sides:' or 'halves:' (or 'inner: "
                          "true' for one enclosed inside the tile)", k->name);
    return 0;
}

static int read_feature(const mp_tileset *ts, const mp_ynode *n, mp_tile_feature *f, mp_diag *d) {
    static const char *const keys[] = { "kind", "sides", "halves", "inner", "touches", "icons", "shape", "markers", NULL };
    static const char *const shapes[] = { "none", "cap", "triangle", "irregular", NULL };
    memset(f, 0, sizeof *f);
    f->line = n->line;
    f->column = n->column;
    if (mp_y_expect(n, MP_Y_MAP, "a feature", d) || mp_y_check_keys(n, keys, d)) return 1;
    mp_ynode *kn = mp_y_get(n, "kind");
    if (!kn) return mp_y_error(d, n, "feature has no 'kind'; expected one of the kinds declared under 'kinds:'");
    int k;
    if (mp_tileset_kind_node(ts, kn, &k, d)) return 1;
    f->kind = (uint8_t)k;
    if (read_ports(ts, n, f, d)) return 1;
    mp_ynode *icons = mp_y_get(n, "icons");
    if (icons) {
        if (mp_y_expect(icons, MP_Y_MAP, "icons", d)) return 1;
        for (int i = 0; i < icons->n; i++) {
            int ic = mp_tileset_icon(ts, icons->items[2 * i]->value);
            if (ic < 0) return mp_y_error(d, icons->items[2 * i], "unknown icon '%s'; expected one declared under 'icons:'",
                                          icons->items[2 * i]->value);
            long v;
            if (mp_y_int(icons->items[2 * i + 1], 0, 20, &v, d)) return 1;
            f->icons[ic] = (uint8_t)v;
        }
    }
    mp_ynode *shape = mp_y_get(n, "shape");
    if (shape) {
        int s;
        if (mp_y_enum(shape, shapes, &s, d)) return 1;
        f->shape = (uint8_t)s;
    } else if (ts->kinds[k].covers & MP_COVER_SIDE) {
        int sides = 0;
        for (int s = 0; s < 4; s++) sides += (f->ports & MP_SIDE_MASK(s)) == MP_SIDE_MASK(s);
        if (sides == 1) f->shape = MP_SHAPE_CAP;   /* a one-side segment is a cap unless told */
    }
    mp_ynode *markers = mp_y_get(n, "markers");
    if (markers && read_markers(ts, markers, &f->markers, d)) return 1;
    return 0;
}

/* The letter a side shows: the kind at its middle, else the kind of both halves. */
static char side_letter(const mp_tileset *ts, const mp_tile *t, int side) {
    int m = t->port_feature[0][MP_MIDDLE(side)];
    if (m >= 0) return ts->kinds[t->f[m].kind].letter;
    int a = t->port_feature[0][3 * side], b = t->port_feature[0][3 * side + 2];
    if (a >= 0 && b >= 0 && t->f[a].kind == t->f[b].kind) return ts->kinds[t->f[a].kind].letter;
    return '?';
}

/* Links `touches:` sides to the features covering them, once every feature's ports are known. */
static int read_touches(const mp_tile *t, const mp_ynode *feats, mp_tile_feature *f, int self, mp_diag *d) {
    const mp_ynode *n = mp_y_get(feats->items[self], "touches");
    if (!n) return 0;
    if (mp_y_expect(n, MP_Y_SEQ, "touches", d)) return 1;
    for (int i = 0; i < n->n; i++) {
        const mp_ynode *s = n->items[i];
        int side = s->type == MP_Y_SCALAR ? side_from_name(s->value) : -1;
        if (side < 0)
            return mp_y_error(d, s, "'%s' is not a side; expected N, E, S or W, a side a city of this tile covers",
                              s->type == MP_Y_SCALAR ? s->value : "a collection");
        int other = -1;
        for (int j = 0; j < t->n_features; j++)
            if (j != self && (t->f[j].ports & MP_SIDE_MASK(side)) == MP_SIDE_MASK(side)) other = j;
        if (other < 0)
            return mp_y_error(d, s, "touches '%s', but no feature of this tile covers side %s; "
                              "expected a side that a city (or other whole-side feature) of this tile covers",
                              s->value, s->value);
        f->touches |= (uint16_t)(1u << other);
    }
    return 0;
}

static void derive_rotations(mp_tile *t) {
    for (int r = 0; r < 4; r++) {
        for (int p = 0; p < MP_PORTS; p++) { t->port_feature[r][p] = -1; t->port_kind[r][p] = 0; }
        for (int i = 0; i < t->n_features; i++)
            for (int p = 0; p < MP_PORTS; p++)
                if (t->f[i].ports & (1u << p)) {
                    int q = MP_PORT_ROTATE(p, r);
                    t->port_feature[r][q] = (int8_t)i;
                    t->port_kind[r][q] = (uint8_t)(1 + t->f[i].kind);
                }
    }
    /* Rotation r duplicates r' < r when the rotated tile is the same picture. */
    t->distinct_rot = 0;
    for (int r = 0; r < 4; r++) {
        bool dup = false;
        for (int r2 = 0; r2 < r && !dup; r2++) dup = mp_tile_same_picture(t, r, t, r2);
        if (!dup) t->distinct_rot |= (uint8_t)(1u << r);
    }
}

/* Whether tile a turned ra looks exactly like tile b turned rb: relabel features by first
** appearance around the edge, then compare labels and each feature's attributes (kind, shape,
** markers, icons, the features it touches); features inside the tile are compared in order. */
bool mp_tile_same_picture(const mp_tile *a, int ra, const mp_tile *b, int rb) {
    if (a->n_features != b->n_features || a->markers != b->markers) return false;
    int map[MP_MAX_FEATURES];
    for (int i = 0; i < MP_MAX_FEATURES; i++) map[i] = -1;
    for (int p = 0; p < MP_PORTS; p++) {
        int x = a->port_feature[ra][p], y = b->port_feature[rb][p];
        if ((x < 0) != (y < 0)) return false;
        if (x < 0) continue;
        if (map[x] < 0) map[x] = y;
        else if (map[x] != y) return false;
    }
    for (int i = 0, inner = 0; i < a->n_features; i++)
        if (map[i] < 0) {   /* inside the tile: pair with b's inner features in order */
            while (inner < b->n_features && b->f[inner].ports) inner++;
            if (inner == b->n_features) return false;
            map[i] = inner++;
        }
    for (int i = 0; i < a->n_features; i++) {
        const mp_tile_feature *x = &a->f[i], *y = &b->f[map[i]];
        if (x->kind != y->kind || x->shape != y->shape || x->markers != y->markers ||
            memcmp(x->icons, y->icons, sizeof x->icons) != 0)
            return false;
        for (int k = 0; k < a->n_features; k++)
            if ((x->touches >> k & 1) != (y->touches >> map[k] & 1)) return false;
    }
    return true;
}

/* ------------------------------------------------------------------ aliases */

/* The one key a tile set could write an alias with before `aliases:` (meeple-tileset(5)): a tile's
** `KEY: ID` still loads, as `aliases: {KEY: ID}`, so tile sets written then keep working; lint
** tells the new spelling. The loader knows the key as a spelling of the format, nothing more. */
#define OLD_ALIAS_KEY "jcz"

/* The index of alias namespace name (the key node), declared on its first use. */
static int alias_namespace(mp_tileset *ts, const mp_ynode *key, mp_diag *d, int *ns) {
    char name[MP_NAME];
    if (copy_name(name, key, "alias namespace", d)) return 1;
    /* A program's name as a key: a lowercase word, as kind names are. */
    for (const char *c = name; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (c > name && ((*c >= '0' && *c <= '9') || *c == '-' || *c == '_'))))
            return mp_y_error(d, key, "alias namespace '%s' has the character '%c'; expected a lowercase word "
                              "(a-z first, then a-z, 0-9, '-', '_')", name, *c);
    for (*ns = 0; *ns < ts->n_alias_ns; (*ns)++)
        if (!strcmp(ts->alias_ns[*ns], name)) return 0;
    if (ts->n_alias_ns == MP_MAX_ALIAS_NS) {
        char list[MP_MAX_ALIAS_NS * (MP_NAME + 2)] = "";
        size_t used = 0;
        for (int k = 0; k < ts->n_alias_ns; k++)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", k ? ", " : "", ts->alias_ns[k]);
        return mp_y_error(d, key, "alias namespace '%s' is one too many; expected at most %d namespaces in a "
                          "ruleset's tile sets (%s so far)", name, MP_MAX_ALIAS_NS, list);
    }
    strcpy(ts->alias_ns[ts->n_alias_ns++], name);
    return 0;
}

/* Tile t's alias in namespace ns, from the scalar v: an id of 1 to 31 characters, the tile's only
** one in the namespace, and no other tile's there (a program's id names one tile of the ruleset). */
static int read_alias(mp_tileset *ts, mp_tile *t, int ns, const mp_ynode *v, mp_diag *d) {
    const char *id;
    const char *space = ts->alias_ns[ns];
    if (v->type != MP_Y_SCALAR)
        return mp_y_error(d, v, "the %s alias of tile '%s' is %s; expected one id, a string", space, t->id,
                          v->type == MP_Y_MAP ? "a mapping" : "a list");
    id = v->value;
    if (!*id || strlen(id) >= MP_NAME)
        return mp_y_error(d, v, "%s alias '%s' is empty or too long; expected 1 to %d characters", space, id, MP_NAME - 1);
    if (t->alias[ns][0])   /* the old key and `aliases:` both */
        return mp_y_error(d, v, "tile '%s' has a second %s alias, '%s' (the first is '%s', under the key '%s'); "
                          "expected one alias in a namespace", t->id, space, id, t->alias[ns], OLD_ALIAS_KEY);
    for (int i = 0; i < ts->n_tiles; i++) {
        const mp_tile *o = &ts->tiles[i];
        if (strcmp(o->alias[ns], id) != 0) continue;
        if (o->file == ts->n_files - 1)
            return mp_y_error(d, v, "%s alias '%s' is used twice; expected each id once in a namespace (first by "
                              "tile '%s' at line %d)", space, id, o->id, o->line);
        return mp_y_error(d, v, "%s alias '%s' is used twice; expected each id once in a namespace (first by tile "
                          "'%s' at line %d of %s)", space, id, o->id, o->line, ts->files[o->file]);
    }
    strcpy(t->alias[ns], id);
    return 0;
}

/* A tile's `aliases:` (a map from namespace to id), and its old-spelt alias if any. */
static int read_aliases(mp_tileset *ts, const mp_ynode *n, mp_tile *t, mp_diag *d) {
    mp_ynode *x;
    int ns;
    if ((x = mp_y_get(n, OLD_ALIAS_KEY))) {
        mp_ynode *key = mp_y_key_node(n, OLD_ALIAS_KEY);
        if (alias_namespace(ts, key, d, &ns) || read_alias(ts, t, ns, x, d)) return 1;
        if (ts->sink) {
            mp_diag w = { 0 };
            mp_y_error(&w, key, "key '%s' is the old spelling of an alias; expected 'aliases: {%s: %s}'",
                       OLD_ALIAS_KEY, OLD_ALIAS_KEY, t->alias[ns]);
            mp_lint_add(ts->sink, &w, 1);
        }
    }
    if (!(x = mp_y_get(n, "aliases"))) return 0;
    if (x->type != MP_Y_MAP)
        return mp_y_error(d, x, "aliases of tile '%s' are %s; expected a mapping from "
                          "namespace to id ({program: ID, ...})", t->id, x->type == MP_Y_SEQ ? "a list" : "a scalar");
    for (int i = 0; i < x->n; i++)
        if (alias_namespace(ts, x->items[2 * i], d, &ns) || read_alias(ts, t, ns, x->items[2 * i + 1], d)) return 1;
    return 0;
}

static int read_tile(mp_tileset *ts, const mp_ynode *n, mp_tile *t, mp_diag *d) {
    static const char *const keys[] = { "id", "count", "start", "fixed", "edges", "aliases", "markers",
                                        "features", "note", NULL };
    memset(t, 0, sizeof *t);
    t->line = n->line;
    t->column = n->column;
    if (mp_y_expect(n, MP_Y_MAP, "a tile", d)) return 1;
    /* The old alias key is not among the keys an unknown key's message offers. */
    for (int i = mp_y_unknown_key(n, keys, 0, d); i >= 0; i = mp_y_unknown_key(n, keys, i + 1, d))
        if (strcmp(n->items[2 * i]->value, OLD_ALIAS_KEY) != 0) return 1;
    mp_ynode *x = mp_y_get(n, "id");
    if (!x) return mp_y_error(d, n, "tile has no 'id'; expected a short name such as 'D'");
    if (copy_name(t->id, x, "tile", d)) return 1;
    /* The notation writes tile ids as they are (meeple-notation(7)): a letter or digit first. */
    if (!mp_tile_id_valid(t->id)) {
        static const char alnum[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        if (!strchr(alnum, t->id[0]))
            return mp_y_error(d, x, "tile id '%s' starts with '%c'; expected a letter or a digit first", t->id, t->id[0]);
        size_t bad = strspn(t->id, alnum) ;
        while (t->id[bad] && (strchr(alnum, t->id[bad]) || strchr("_.+-", t->id[bad]))) bad++;
        return mp_y_error(d, x, "tile id '%s' has the character '%c'; expected letters, digits, '_', '.', '+' or '-'",
                          t->id, t->id[bad]);
    }
    for (int i = 0; i < ts->n_tiles; i++)
        if (strcmp(ts->tiles[i].id, t->id) == 0)
            return mp_y_error(d, x, "tile id '%s' is used twice; expected each id once (first at line %d)",
                              t->id, ts->tiles[i].line);
    long v = 1;
    if ((x = mp_y_get(n, "count")) && mp_y_int(x, 0, 1000, &v, d)) return 1;
    t->count = (int)v;
    if ((x = mp_y_get(n, "start")) && mp_y_bool(x, &t->start, d)) return 1;
    if ((x = mp_y_get(n, "fixed")) && mp_y_bool(x, &t->fixed, d)) return 1;
    if (t->start && t->fixed)
        return mp_y_error(d, mp_y_key_node(n, "start"), "tile '%s' is both the start tile and a fixed piece; "
                          "expected one or the other", t->id);
    if (t->start && t->count < 1)
        return mp_y_error(d, mp_y_key_node(n, "start"), "start tile '%s' has count 0; expected at least 1", t->id);
    if (t->fixed && (x = mp_y_get(n, "count")) && v != 0)
        return mp_y_error(d, x, "fixed piece '%s' has a count; expected none (it is never drawn)", t->id);
    if (t->fixed) t->count = 0;
    if (read_aliases(ts, n, t, d)) return 1;
    if ((x = mp_y_get(n, "markers")) && read_markers(ts, x, &t->markers, d)) return 1;
    mp_ynode *feats = mp_y_get(n, "features");
    if (!feats) return mp_y_error(d, n, "tile '%s' has no 'features'; expected a list of features", t->id);
    if (mp_y_expect(feats, MP_Y_SEQ, "features", d)) return 1;
    if (feats->n > MP_MAX_FEATURES)
        return mp_y_error(d, feats, "%d features on one tile; expected at most %d", feats->n, MP_MAX_FEATURES);
    t->n_features = feats->n;
    uint16_t covered = 0;
    for (int i = 0; i < feats->n; i++) {
        mp_tile_feature *f = &t->f[i];
        if (read_feature(ts, feats->items[i], f, d)) return 1;
        uint16_t twice = covered & f->ports;
        if (twice) {
            int p = __builtin_ctz(twice);
            int by = 0;
            while (!(t->f[by].ports & (1u << p))) by++;
            return mp_y_error(d, feats->items[i], "port '%s' is covered twice (also by the %s at line %d); "
                              "expected each port covered once", mp_port_name(p),
                              ts->kinds[t->f[by].kind].name, t->f[by].line);
        }
        covered |= f->ports;
    }
    if (!t->fixed)
        for (int p = 0; p < MP_PORTS; p++)
            if (p % 3 != 1 && !(covered & (1u << p)))
                return mp_y_error(d, feats, "half-side '%s' of tile '%s' is not covered by any feature; "
                                  "expected every half-side covered once", mp_port_name(p), t->id);
    derive_rotations(t);
    for (int i = 0; i < feats->n; i++)
        if (read_touches(t, feats, &t->f[i], i, d)) return 1;
    derive_rotations(t);   /* again: touches take part in telling rotations apart */
    if ((x = mp_y_get(n, "edges"))) {
        const char *e;
        if (mp_y_string(x, &e, d)) return 1;
        if (strlen(e) != 4)
            return mp_y_error(d, x, "edges '%s' has %zu letter%s; expected 4, for N E S W", e, strlen(e),
                              strlen(e) == 1 ? "" : "s");
        for (int s = 0; s < 4; s++) {
            char want = side_letter(ts, t, s);
            bool known = false;
            for (int k = 0; k < ts->n_kinds; k++) known |= ts->kinds[k].letter == e[s];
            if (!known)
                return mp_y_error(d, x, "unknown edge letter '%c' for side %c; expected a letter of a declared kind",
                                  e[s], side_letters[s]);
            if (want != e[s])
                return mp_y_error(d, x, "edge letter '%c' for side %c does not agree with the features, "
                                  "which make it '%c'; expected '%c'", e[s], side_letters[s], want, want);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ files */

const char *const mp_tileset_keys[] = { "tileset", "description", "note", "addon", "kinds_only", "kinds", "icons",
                                        "markers", "tiles", NULL };

/* The top-level keys a tile set has not: the first ends a load. Lint records each and reads on
** (the value of an unknown key is not read, so nothing depends on it), but stops when a misspelt
** key is one the file lacks and needs, `kinds:` or `tiles:` (*told: all said, no "no 'kinds:'"). */
static int unknown_top_keys(mp_tileset *ts, const mp_ynode *root, mp_diag *d, bool *told) {
    if (!ts->sink) return mp_y_check_keys(root, mp_tileset_keys, d);
    for (int i = mp_y_unknown_key(root, mp_tileset_keys, 0, d); i >= 0;
         i = mp_y_unknown_key(root, mp_tileset_keys, i + 1, d)) {
        mp_lint_add(ts->sink, d, 0);
        const char *near = mp_y_nearest_key(root, root->items[2 * i], mp_tileset_keys);
        if (near && (!strcmp(near, "kinds") || !strcmp(near, "tiles"))) *told = true;
    }
    return *told;
}

/* Whether a tile entry claims to be the start tile, read as well as it can be (for lint, when the
** entry had an error: the set then has its start tile, only not readable). */
static bool claims_start(const mp_ynode *tile) {
    const mp_ynode *s = tile->type == MP_Y_MAP ? mp_y_get(tile, "start") : NULL;
    mp_diag ignored;
    bool b = false;
    return s && (mp_y_bool(s, &b, &ignored) || b);
}

/* A tile set has tiles, unless it says it declares only kinds (`kinds_only: true`: a kind a
** module needs, for tile sets that lack it); an empty list is otherwise a mistake. */
static int check_tile_count(const mp_ynode *root, const mp_ynode *tiles, bool kinds_only, mp_diag *d) {
    if (tiles->n == 0 && !kinds_only)
        return mp_y_error(d, tiles, "no tile in the tile set; expected at least one tile, or 'kinds_only: true' "
                          "for a set that only declares kinds");
    if (tiles->n > 0 && kinds_only)
        return mp_y_error(d, mp_y_get(root, "kinds_only"), "a tile set with 'kinds_only: true' has %d tile%s; "
                          "expected no tile ('tiles: []'), or no 'kinds_only'", tiles->n, tiles->n == 1 ? "" : "s");
    return 0;
}

/* Whether the problem in d ends the file: a load stops at it; lint records it and reads on. */
static bool stops(mp_tileset *ts, const mp_diag *d) {
    if (!ts->sink) return true;
    mp_lint_add(ts->sink, d, 0);
    return false;
}

/* A file, read from path, or its text when text is not NULL. */
static int add_file(mp_tileset *ts, const char *path, const char *text, size_t len, mp_diag *d) {
    mp_arena *a = mp_arena_new();
    int rc = 1;
    bool told = false;   /* the problem that ends the file is already recorded (lint) */
    mp_ynode *root = text ? mp_y_load_string(a, path, text, len, d) : mp_y_load_file(a, path, d);
    if (!root) goto out;
    if (mp_y_expect(root, MP_Y_MAP, "a tile set", d) || unknown_top_keys(ts, root, d, &told)) goto out;
    if (!ts->path[0]) snprintf(ts->path, sizeof ts->path, "%s", path);
    ts->hash = mp_y_hash_fold(root, ts->hash ? ts->hash : MP_HASH_INIT, "aliases");
    mp_ynode *n;
    if (ts->n_files == (int)(sizeof ts->files / sizeof ts->files[0])) {
        mp_y_error(d, root, "more than %d tile-set files in one ruleset; expected fewer", ts->n_files);
        goto out;
    }
    snprintf(ts->files[ts->n_files++], sizeof ts->files[0], "%s", path);
    bool addon = false, kinds_only = false;
    if ((n = mp_y_get(root, "addon")) && mp_y_bool(n, &addon, d)) goto out;
    ts->addon |= addon;
    if ((n = mp_y_get(root, "kinds_only")) && mp_y_bool(n, &kinds_only, d)) goto out;
    if ((n = mp_y_get(root, "icons")) && add_names(ts->icons, &ts->n_icons, MP_MAX_ICONS, n, "icons", d)) goto out;
    if ((n = mp_y_get(root, "markers")) && add_names(ts->markers, &ts->n_markers, MP_MAX_MARKERS, n, "markers", d)) goto out;
    if (!(n = mp_y_get(root, "kinds"))) { mp_y_error(d, root, "no 'kinds:'; expected the feature kinds the tiles use"); goto out; }
    if (add_kinds(ts, n, d)) goto out;
    mp_ynode *tiles = mp_y_get(root, "tiles");
    if (!tiles) { mp_y_error(d, root, "no 'tiles:'; expected a list of tiles"); goto out; }
    if (mp_y_expect(tiles, MP_Y_SEQ, "tiles", d)) goto out;
    if (tiles->n > 4096) { mp_y_error(d, tiles, "%d tiles; expected at most 4096", tiles->n); goto out; }
    if (check_tile_count(root, tiles, kinds_only, d) && stops(ts, d)) goto out;
    mp_tile *grown = realloc(ts->tiles, (size_t)(ts->n_tiles + tiles->n + 1) * sizeof *grown);
    if (!grown) abort();
    ts->tiles = grown;
    for (int i = 0; i < tiles->n; i++) {
        mp_tile *t = &ts->tiles[ts->n_tiles];
        if (read_tile(ts, tiles->items[i], t, d)) {
            if (stops(ts, d)) goto out;   /* lint: reported; skip the tile, go on */
            ts->lost_start |= claims_start(tiles->items[i]);
            continue;
        }
        t->file = ts->n_files - 1;
        if (t->start) {
            if (ts->start_tile >= 0) {
                mp_y_error(d, mp_y_key_node(tiles->items[i], "start"), "a second start tile '%s'; expected exactly one "
                           "(the first is '%s')", t->id, ts->tiles[ts->start_tile].id);
                if (stops(ts, d)) goto out;
                continue;
            }
            ts->start_tile = ts->n_tiles;
        }
        if (ts->total + t->count > MP_MAX_TILES) {   /* a game's placed tiles are counted in 16 bits */
            mp_y_error(d, mp_y_get(tiles->items[i], "count"), "more than %d tiles in all; expected fewer", MP_MAX_TILES);
            goto out;
        }
        ts->total += t->count;
        ts->n_tiles++;
    }
    rc = 0;
out:
    if (rc && ts->sink && !told) mp_lint_add(ts->sink, d, 0);
    mp_arena_free(a);
    return rc;
}

static mp_tileset *tileset_new(void) {
    mp_tileset *ts = calloc(1, sizeof *ts);
    if (!ts) abort();
    ts->start_tile = -1;
    return ts;
}

int mp_tileset_add_file(mp_tileset *ts, const char *path, mp_diag *d) { return add_file(ts, path, NULL, 0, d); }

int mp_tileset_add_text(mp_tileset *ts, const char *name, const char *text, size_t len, mp_diag *d) {
    return add_file(ts, name, text ? text : "", len, d);
}

mp_tileset *mp_tileset_parse(const char *name, const char *text, size_t len, mp_diag *d) {
    mp_tileset *ts = tileset_new();
    if (mp_tileset_add_text(ts, name, text, len, d)) { mp_tileset_free(ts); return NULL; }
    return ts;
}

mp_tileset *mp_tileset_load(const char *path, mp_diag *d) {
    mp_tileset *ts = tileset_new();
    if (mp_tileset_add_file(ts, path, d)) { mp_tileset_free(ts); return NULL; }
    return ts;
}

mp_tileset *mp_tileset_empty(void) { return tileset_new(); }

void mp_tileset_free(mp_tileset *ts) {
    if (!ts) return;
    free(ts->tiles);
    free(ts);
}

int mp_tileset_n_tiles(const mp_tileset *ts) { return ts->n_tiles; }
int mp_tileset_total(const mp_tileset *ts) { return ts->total; }
const char *mp_tileset_tile_id(const mp_tileset *ts, int tile) {
    return tile >= 0 && tile < ts->n_tiles ? ts->tiles[tile].id : "?";
}
int mp_tileset_tile_count(const mp_tileset *ts, int tile) {
    return tile >= 0 && tile < ts->n_tiles ? ts->tiles[tile].count : 0;
}
int mp_tileset_n_kinds(const mp_tileset *ts) { return ts->n_kinds; }
const char *mp_tileset_kind_name(const mp_tileset *ts, int k) { return k >= 0 && k < ts->n_kinds ? ts->kinds[k].name : "?"; }
char mp_tileset_kind_letter(const mp_tileset *ts, int k) { return k >= 0 && k < ts->n_kinds ? ts->kinds[k].letter : '?'; }
const char *mp_tileset_kind_follower(const mp_tileset *ts, int k) { return k >= 0 && k < ts->n_kinds ? ts->kinds[k].follower : ""; }
int mp_tileset_kind_covers(const mp_tileset *ts, int k) { return k >= 0 && k < ts->n_kinds ? ts->kinds[k].covers : 0; }
int mp_tileset_n_icons(const mp_tileset *ts) { return ts->n_icons; }
const char *mp_tileset_icon_name(const mp_tileset *ts, int i) { return i >= 0 && i < ts->n_icons ? ts->icons[i] : "?"; }
int mp_tileset_n_markers(const mp_tileset *ts) { return ts->n_markers; }
const char *mp_tileset_marker_name(const mp_tileset *ts, int m) { return m >= 0 && m < ts->n_markers ? ts->markers[m] : "?"; }
unsigned mp_tileset_tile_markers(const mp_tileset *ts, int t) { return t >= 0 && t < ts->n_tiles ? ts->tiles[t].markers : 0; }
int mp_tileset_tile_is_start(const mp_tileset *ts, int t) { return t >= 0 && t < ts->n_tiles && ts->tiles[t].start; }
int mp_tileset_tile_is_fixed(const mp_tileset *ts, int t) { return t >= 0 && t < ts->n_tiles && ts->tiles[t].fixed; }

/* The files a tile set was read from, in the order they were loaded (a ruleset's `tiles:`), and
** which of them wrote a tile: meeple-balance(1) tells the base set from the sets mixed into it. */
int mp_tileset_n_files(const mp_tileset *ts) { return ts->n_files; }
const char *mp_tileset_file(const mp_tileset *ts, int i) { return i >= 0 && i < ts->n_files ? ts->files[i] : NULL; }
int mp_tileset_tile_file(const mp_tileset *ts, int t) { return t >= 0 && t < ts->n_tiles ? ts->tiles[t].file : -1; }

/* The pictures of a tile's rotations repeat with a period of 1, 2 or 4 quarter turns (turning by
** a period gives the same picture, so those that do form the subgroup {0}, {0, 2} or {0..3}):
** rotations that differ from every smaller one are exactly 0 .. period-1. */
int mp_tileset_tile_rotations(const mp_tileset *ts, int t) {
    return t >= 0 && t < ts->n_tiles ? __builtin_popcount(ts->tiles[t].distinct_rot) : 0;
}
int mp_tileset_tile_n_features(const mp_tileset *ts, int t) { return t >= 0 && t < ts->n_tiles ? ts->tiles[t].n_features : 0; }

int mp_tileset_feature(const mp_tileset *ts, int t, int f, mp_feature_def *out) {
    if (t < 0 || t >= ts->n_tiles || f < 0 || f >= ts->tiles[t].n_features) return 1;
    const mp_tile_feature *x = &ts->tiles[t].f[f];
    memset(out, 0, sizeof *out);
    out->kind = x->kind;
    out->ports = x->ports;
    out->touches = x->touches;
    out->markers = x->markers;
    out->shape = x->shape;
    for (int i = 0; i < MP_MAX_ICONS && i < 8; i++) out->icons[i] = x->icons[i];
    return 0;
}

char mp_tileset_port_letter(const mp_tileset *ts, int tile, int rot, int port) {
    if (tile < 0 || tile >= ts->n_tiles || port < 0 || port >= MP_PORTS) return ' ';
    int k = ts->tiles[tile].port_kind[rot & 3][port];
    return k ? ts->kinds[k - 1].letter : ' ';
}

char mp_tileset_inner_letter(const mp_tileset *ts, int tile) {
    if (tile < 0 || tile >= ts->n_tiles) return ' ';
    const mp_tile *t = &ts->tiles[tile];
    for (int f = 0; f < t->n_features; f++)
        if (!t->f[f].ports) return ts->kinds[t->f[f].kind].letter;
    return ' ';
}

int mp_tileset_find(const mp_tileset *ts, const char *id) {
    for (int i = 0; i < ts->n_tiles; i++)
        if (strcmp(ts->tiles[i].id, id) == 0) return i;
    return -1;
}

const char *mp_tileset_tile_alias(const mp_tileset *ts, int tile, const char *ns) {
    if (tile < 0 || tile >= ts->n_tiles || !ns) return "";
    for (int k = 0; k < ts->n_alias_ns; k++)
        if (!strcmp(ts->alias_ns[k], ns)) return ts->tiles[tile].alias[k];
    return "";
}

int mp_tileset_find_alias(const mp_tileset *ts, const char *ns, const char *id) {
    if (!ns || !id || !*id) return -1;
    for (int k = 0; k < ts->n_alias_ns; k++)
        if (!strcmp(ts->alias_ns[k], ns)) {
            for (int i = 0; i < ts->n_tiles; i++)
                if (!strcmp(ts->tiles[i].alias[k], id)) return i;
            return -1;
        }
    return -1;
}
