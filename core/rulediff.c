/*
** rulediff.c: the rules in which two rulesets differ, in words (`meeple rulesets --diff`, and the
** reasons `meeple compare` gives for each score that differs).
**
** Each difference names the rule, each side's value in words, and the score category it can
** change ("farm", a kind's name, or "" for rules that can change any score, such as ties).
*/
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "yamlx.h"

typedef struct differ {
    mp_rule_diff *out;
    int cap, n;
} differ;

static void add(differ *df, const char *category, const char *rule, const char *a, const char *b) {
    if (strcmp(a, b) == 0) return;
    if (df->n < df->cap) {
        mp_rule_diff *x = &df->out[df->n];
        snprintf(x->category, sizeof x->category, "%s", category);
        snprintf(x->rule, sizeof x->rule, "%s", rule);
        snprintf(x->a, sizeof x->a, "%s", a);
        snprintf(x->b, sizeof x->b, "%s", b);
    }
    df->n++;
}

/* A module's options as written, flattened to "path: value" leaves ("tokens.5": "2",
** "shapes": "cap, triangle"), so two rulesets' options compare without knowing what they mean. */
typedef struct option_leaf { char path[64], value[96]; } option_leaf;

static void flatten(const mp_ynode *n, const char *path, option_leaf *out, int *count, int cap) {
    if (!n || *count >= cap) return;
    if (n->type == MP_Y_MAP) {
        for (int i = 0; i < n->n; i++) {
            char sub[64];
            snprintf(sub, sizeof sub, "%.31s%s%.31s", path, *path ? "." : "", n->items[2 * i]->value ? n->items[2 * i]->value : "?");
            flatten(n->items[2 * i + 1], sub, out, count, cap);
        }
        return;
    }
    option_leaf *l = &out[(*count)++];
    snprintf(l->path, sizeof l->path, "%s", path);
    l->value[0] = 0;
    if (n->type != MP_Y_SEQ) { snprintf(l->value, sizeof l->value, "%s", n->value ? n->value : ""); return; }
    size_t used = 0;
    for (int i = 0; i < n->n && used < sizeof l->value; i++)
        used += (size_t)snprintf(l->value + used, sizeof l->value - used, "%s%s", i ? ", " : "",
                                 n->items[i]->value ? n->items[i]->value : "...");
}

static const char *leaf_value(const option_leaf *v, int n, const char *path) {
    for (int i = 0; i < n; i++)
        if (!strcmp(v[i].path, path)) return v[i].value;
    return "the module's default";
}

/* Every option of one module that the two rulesets set differently. */
static void diff_options(differ *df, const mp_module_use *a, const mp_module_use *b) {
    enum { MAX_LEAVES = 48 };
    option_leaf la[MAX_LEAVES], lb[MAX_LEAVES];
    int na = 0, nb = 0;
    flatten(a->options, "", la, &na, MAX_LEAVES);
    flatten(b->options, "", lb, &nb, MAX_LEAVES);
    char rule[128];
    for (int i = 0; i < na + nb; i++) {
        const char *path = i < na ? la[i].path : lb[i - na].path;
        if (i >= na && strcmp(leaf_value(la, na, path), "the module's default") != 0) continue;   /* seen */
        snprintf(rule, sizeof rule, "%.40s option %.63s", a->v->name, path);
        add(df, "", rule, leaf_value(la, na, path), leaf_value(lb, nb, path));
    }
}

/* "2 per tile + 2 per pennant", "9", "1 per tile, doubled with a fountain", "nothing". */
static void formula_words(const mp_tileset *ts, const mp_points *p, bool on, char *buf, size_t size) {
    if (!on) { snprintf(buf, size, "nothing"); return; }
    size_t n = 0;
    buf[0] = 0;
    if (p->fixed) n += (size_t)snprintf(buf + n, size - n, "%d", p->fixed);
    if (p->per_tile && n < size) n += (size_t)snprintf(buf + n, size - n, "%s%d per tile", n ? " + " : "", p->per_tile);
    for (int i = 0; i < ts->n_icons && n < size; i++)
        if (p->per_icon[i]) n += (size_t)snprintf(buf + n, size - n, "%s%d per %s", n ? " + " : "", p->per_icon[i], ts->icons[i]);
    if (!n) n += (size_t)snprintf(buf, size, "0");
    if (p->multiply_icon >= 0 && n < size)
        snprintf(buf + n, size - n, ", times %d with a %s", p->multiply_by, ts->icons[p->multiply_icon]);
}

static int kind_of(const mp_ruleset *rs, const char *name) { return mp_tileset_kind(rs->tiles, name); }

/* A kind's formula for features holding marker `marker` (by name), complete or not, in words: the
** kind's own when its `with:` says nothing of that marker and state. */
static void with_words(const mp_ruleset *rs, const mp_kind_rules *kr, const char *marker, bool complete, char *buf,
                       size_t size) {
    for (int i = 0; i < kr->n_with; i++) {
        const mp_marker_points *w = &kr->with[i];
        if (strcmp(rs->tiles->markers[w->marker], marker) != 0) continue;
        if (complete && w->has_complete) { formula_words(rs->tiles, &w->complete, true, buf, size); return; }
        if (!complete && w->has_incomplete) { formula_words(rs->tiles, &w->incomplete, rs->score_incomplete, buf, size); return; }
    }
    if (complete) formula_words(rs->tiles, &kr->complete, kr->scored_in_play, buf, size);
    else formula_words(rs->tiles, &kr->incomplete, kr->scored_at_end && rs->score_incomplete, buf, size);
}

/* The `with:` formulas of a kind both rulesets know, for every marker either names. */
static void diff_with(differ *df, const mp_ruleset *a, const mp_kind_rules *ra, const mp_ruleset *b,
                      const mp_kind_rules *rb, const char *kind) {
    for (int side = 0; side < 2; side++) {
        const mp_ruleset *p = side ? b : a;
        const mp_kind_rules *pr = side ? rb : ra, *qr = side ? ra : rb;
        for (int i = 0; i < pr->n_with; i++) {
            const char *marker = p->tiles->markers[pr->with[i].marker];
            bool seen = false;   /* both name it: done from a's side */
            for (int j = 0; side && j < qr->n_with; j++) seen |= !strcmp(a->tiles->markers[qr->with[j].marker], marker);
            if (seen) continue;
            for (int complete = 1; complete >= 0; complete--) {
                char x[128], y[128], rule[128];
                with_words(a, ra, marker, complete, x, sizeof x);
                with_words(b, rb, marker, complete, y, sizeof y);
                snprintf(rule, sizeof rule, "%s %.20s with %s %.20s%s", complete ? "completed" : "incomplete", kind,
                         strchr("aeiou", marker[0]) ? "an" : "a", marker, complete ? "" : " at the end");
                add(df, kind, rule, x, y);
            }
        }
    }
}

/* A farm's rates for a majority holder with a piece in it (`farms: with:`), in words:
** "pig: 4 per city, 5 per castle"; "none". */
static void farm_with_words(const mp_ruleset *rs, char *buf, size_t size) {
    size_t n = 0;
    buf[0] = 0;
    for (int w = 0; w < rs->n_farm_with && n < size; w++) {
        n += (size_t)snprintf(buf + n, size - n, "%s%s:", w ? "; " : "", rs->pieces[rs->farm_with[w].piece].name);
        bool first = true;
        for (int k = 0; k < rs->tiles->n_kinds && n < size; k++)
            if (rs->farm_points[k] || rs->farm_with[w].points[k]) {
                n += (size_t)snprintf(buf + n, size - n, "%s %d per %s", first ? "" : ",", rs->farm_with[w].points[k],
                                      rs->tiles->kinds[k].name);
                first = false;
            }
    }
    if (!buf[0]) snprintf(buf, size, "none");
}

/* Each player's pieces in words: "7 followers", "7 followers, 1 large (strength 2)". */
static void pieces_words(const mp_ruleset *rs, char *buf, size_t size) {
    size_t n = (size_t)snprintf(buf, size, "%d follower%s", rs->pieces[0].count, rs->pieces[0].count == 1 ? "" : "s");
    for (int k = 1; k < rs->n_pieces && n < size; k++) {
        const mp_piece *p = &rs->pieces[k];
        n += (size_t)snprintf(buf + n, size - n, ", %d %s (%s)", p->count, p->name,
                              p->strength ? (p->strength == 1 ? "a follower" : p->strength == 2 ? "strength 2" : "strong")
                                          : "no follower");
    }
}

static const char *yes_no(bool v, const char *yes, const char *no) { return v ? yes : no; }

/* "72 tiles in 24 kinds" */
static void tile_count(const mp_ruleset *r, char *buf, size_t size) {
    int n = r->tiles->total, k = r->tiles->n_tiles;
    snprintf(buf, size, "%d tile%s in %d kind%s", n, n == 1 ? "" : "s", k, k == 1 ? "" : "s");
}

int mp_ruleset_diff(const mp_ruleset *a, const mp_ruleset *b, mp_rule_diff *out, int cap) {
    differ df = { out, cap, 0 };
    char x[128], y[128];
    if (a->tiles->hash != b->tiles->hash) {
        tile_count(a, x, sizeof x);
        tile_count(b, y, sizeof y);
        add(&df, "", "tile sets", x, strcmp(x, y) ? y : "the same number, other tiles");
    }
    snprintf(x, sizeof x, "%d to %d", a->min_players, a->max_players);
    snprintf(y, sizeof y, "%d to %d", b->min_players, b->max_players);
    add(&df, "", "players", x, y);
    snprintf(x, sizeof x, "%d", a->followers);
    snprintf(y, sizeof y, "%d", b->followers);
    add(&df, "", "followers per player", x, y);
    if (a->n_pieces > 1 || b->n_pieces > 1) {
        pieces_words(a, x, sizeof x);
        pieces_words(b, y, sizeof y);
        add(&df, "", "pieces per player", x, y);
    }
    add(&df, "", "tied majorities", yes_no(a->ties == MP_TIES_ALL, "every tied player scores", "nobody scores"),
        yes_no(b->ties == MP_TIES_ALL, "every tied player scores", "nobody scores"));
    /* Kinds, by name: what each ruleset does with a kind the other also knows. */
    for (int k = 0; k < a->tiles->n_kinds; k++) {
        const char *name = a->tiles->kinds[k].name;
        int kb = kind_of(b, name);
        if (kb < 0) { add(&df, name, "feature kind", name, "absent"); continue; }
        const mp_kind_rules *ra = &a->kind[k], *rb = &b->kind[kb];
        char rule[64];
        formula_words(a->tiles, &ra->complete, ra->scored_in_play, x, sizeof x);
        formula_words(b->tiles, &rb->complete, rb->scored_in_play, y, sizeof y);
        snprintf(rule, sizeof rule, "completed %s", name);
        add(&df, name, rule, x, y);
        formula_words(a->tiles, &ra->incomplete, ra->scored_at_end && a->score_incomplete, x, sizeof x);
        formula_words(b->tiles, &rb->incomplete, rb->scored_at_end && b->score_incomplete, y, sizeof y);
        snprintf(rule, sizeof rule, "incomplete %s at the end", name);
        add(&df, name, rule, x, y);
        if (ra->small_tiles) {
            char f[96];
            formula_words(a->tiles, &ra->small, true, f, sizeof f);
            snprintf(x, sizeof x, "a completed %d-tile %s scores %s", ra->small_tiles, name, f);
        } else snprintf(x, sizeof x, "off");
        if (rb->small_tiles) {
            char f[96];
            formula_words(b->tiles, &rb->small, true, f, sizeof f);
            snprintf(y, sizeof y, "a completed %d-tile %s scores %s", rb->small_tiles, name, f);
        } else snprintf(y, sizeof y, "off");
        snprintf(rule, sizeof rule, "small-%s rule", name);
        add(&df, name, rule, x, y);
        diff_with(&df, a, ra, b, rb, name);
        bool ma = a->match_kinds >> k & 1, mb = b->match_kinds >> kb & 1;
        snprintf(rule, sizeof rule, "%s sides", name);
        add(&df, "", rule, ma ? "must meet their own kind" : "may meet any kind",
            mb ? "must meet their own kind" : "may meet any kind");
    }
    for (int k = 0; k < b->tiles->n_kinds; k++)
        if (kind_of(a, b->tiles->kinds[k].name) < 0) add(&df, b->tiles->kinds[k].name, "feature kind", "absent", b->tiles->kinds[k].name);
    /* Farms. */
    static const char *const methods[] = { "city-4", "farm-3-once", "farm-3" };
    const char *fc = mp_ruleset_farm_category(a);
    add(&df, fc, "farms", a->farms ? "scored (farmers on)" : "off (no farmers)", b->farms ? "scored (farmers on)" : "off (no farmers)");
    if (a->farms && b->farms) {
        add(&df, fc, "farm score category", fc, mp_ruleset_farm_category(b));
        add(&df, fc, "farm kind", a->tiles->kinds[a->farm_kind].name, b->tiles->kinds[b->farm_kind].name);
        add(&df, fc, "farm method", methods[a->farm_method], methods[b->farm_method]);
        /* Points per bordered kind, for every kind either ruleset knows. */
        for (int side = 0; side < 2; side++) {
            const mp_ruleset *p = side ? b : a, *q = side ? a : b;
            for (int k = 0; k < p->tiles->n_kinds; k++) {
                int kq = kind_of(q, p->tiles->kinds[k].name);
                if (side && kq >= 0) continue;   /* both know it: done from a's side */
                int pa = side ? 0 : a->farm_points[k], pb = side ? b->farm_points[k] : (kq >= 0 ? b->farm_points[kq] : 0);
                if (pa == pb) continue;
                char rule[64];
                snprintf(rule, sizeof rule, "farm points per completed %s", p->tiles->kinds[k].name);
                snprintf(x, sizeof x, "%d", pa);
                snprintf(y, sizeof y, "%d", pb);
                add(&df, fc, rule, x, y);
            }
        }
        char wx[160], wy[160];
        farm_with_words(a, wx, sizeof wx);
        farm_with_words(b, wy, sizeof wy);
        add(&df, fc, "farm points for a majority holder with his piece in the farm", wx, wy);
    }
    add(&df, "", "incomplete features at the end", a->score_incomplete ? "score" : "score nothing",
        b->score_incomplete ? "score" : "score nothing");
    add(&df, "", "a tile that fits nowhere", a->unplaceable == MP_UNPLACEABLE_RETURN ? "goes back into the bag" : "leaves the game",
        b->unplaceable == MP_UNPLACEABLE_RETURN ? "goes back into the bag" : "leaves the game");
    add(&df, "", "filling a hole", a->hole_extra_turn ? "gives another turn" : "gives nothing",
        b->hole_extra_turn ? "gives another turn" : "gives nothing");
    snprintf(x, sizeof x, "%d tile%s", a->hand, a->hand == 1 ? "" : "s");
    snprintf(y, sizeof y, "%d tile%s", b->hand, b->hand == 1 ? "" : "s");
    add(&df, "", "hand", x, y);
    snprintf(x, sizeof x, "%s", a->bounded ? "" : "unbounded");
    if (a->bounded) snprintf(x, sizeof x, "%d x %d cells", a->board_w, a->board_h);
    snprintf(y, sizeof y, "%s", b->bounded ? "" : "unbounded");
    if (b->bounded) snprintf(y, sizeof y, "%d x %d cells", b->board_w, b->board_h);
    add(&df, "", "board", x, y);
    if (a->bounded && b->bounded && a->board_w == b->board_w && a->board_h == b->board_h &&
        (a->board_x0 != b->board_x0 || a->board_y0 != b->board_y0 ||
         memcmp(a->board_cells, b->board_cells, (size_t)(a->board_w * a->board_h)) != 0))
        add(&df, "", "board cells", "one map", "another map of the same size");
    snprintf(x, sizeof x, "%d", a->n_fixed);
    snprintf(y, sizeof y, "%d", b->n_fixed);
    add(&df, "", "fixed pieces on the board", x, y);
    size_t nx = 0, ny = 0;
    x[0] = y[0] = 0;
    for (int i = 0; i < a->n_modules && nx < sizeof x; i++)
        nx += (size_t)snprintf(x + nx, sizeof x - nx, "%s%s", i ? ", " : "", a->modules[i].v->name);
    for (int i = 0; i < b->n_modules && ny < sizeof y; i++)
        ny += (size_t)snprintf(y + ny, sizeof y - ny, "%s%s", i ? ", " : "", b->modules[i].v->name);
    add(&df, "", "modules", nx ? x : "none", ny ? y : "none");
    for (int i = 0; i < a->n_modules; i++)
        for (int k = 0; k < b->n_modules; k++)
            if (a->modules[i].v == b->modules[k].v) diff_options(&df, &a->modules[i], &b->modules[k]);
    return df.n;
}
