/*
** river.c: The River (meeple-ruleset(5), THE RIVER).
**
** The ruleset lays the spring at 0,0 (`start:`) and makes a river side meet only a river side
** (`match:`); this module adds the rest. At setup the bag is arranged: the river pieces first (in
** their shuffled order), then the lake (a river tile whose river ends on it), then the other
** tiles; a search's deal keeps that order (redeal). A tile with a river must continue the river:
** one of its river sides touches a tile. Option u_turn: `printed`, no two successive river tiles
** turning the same way; `strict`, no curve turning as the river's previous curve did, whatever
** straights lie between; `jcz`, JCloisterZone's free-space test; `allowed`. A river tile that
** cannot be placed is the kernel's unplaceable tile (discarded: the next one is drawn).
** The state: the turn of the last river tile and of the last curve (-1 left, 0 none, 1 right).
*/
#include <stdio.h>
#include <stdlib.h>

#include "module.h"

enum { PRINTED, STRICT, JCZ, ALLOWED };
typedef struct river_config { int u_turn; } river_config;
typedef struct river_state { int kind; int8_t last_turn, last_curve; } river_state;

static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };   /* N E S W */

/* The sides (bit s) of tile turned rot where the river meets the middle. */
static unsigned river_sides(const mp_module_view *c, int tile, int rot) {
    const river_state *s = c->state;
    unsigned m = 0;
    for (int side = 0; side < 4; side++)
        if (mp_mod_tile_port_kind(c, tile, rot, MP_MOD_MIDDLE(side)) == 1 + s->kind) m |= 1u << side;
    return m;
}

static bool empty(const mp_module_view *c, int x, int y) { return mp_mod_cell(c, x, y) == -1; }

/* The turn of a river flowing in through side `in` and out through side `out` (-1: it ends):
** -1 left, 0 straight or none, 1 right. */
static int turn_of(int in, int out) {
    int t = out < 0 ? 0 : (out - ((in + 2) & 3)) & 3;   /* heading out less heading in */
    return t == 1 ? 1 : t == 3 ? -1 : 0;
}

/* The river side of tile turned rot at x,y that touches a tile (-1 none), its other river side
** (*exit, -1 none) and the turn the river makes on it. */
static int entry_of(const mp_module_view *c, int tile, int rot, int x, int y, int *turn, int *exit) {
    unsigned sides = river_sides(c, tile, rot);
    int in = -1;
    for (int side = 0; side < 4 && in < 0; side++)
        if (sides >> side & 1 && !empty(c, x + dx[side], y + dy[side])) in = side;
    unsigned out = in < 0 ? 0 : sides & ~(1u << in);
    *exit = out ? __builtin_ctz(out) : -1;
    *turn = turn_of(in, *exit);
    return in;
}

/* JCloisterZone: the cell the river flows into, the cells beside it, the one beyond it and the
** cells beside that one are all empty. */
static bool room_ahead(const mp_module_view *c, int x, int y, int exit) {
    int l = (exit + 3) & 3, r = (exit + 1) & 3, fx = x + dx[exit], fy = y + dy[exit], gx = fx + dx[exit], gy = fy + dy[exit];
    return empty(c, fx + dx[l], fy + dy[l]) && empty(c, fx + dx[r], fy + dy[r]) && empty(c, gx, gy) &&
           empty(c, gx + dx[l], gy + dy[l]) && empty(c, gx + dx[r], gy + dy[r]);
}

/* A placement refused, with the rule in words when they are asked for. */
static bool refuse(char *why, size_t size, const char *rule) {
    if (why) snprintf(why, size, "%s", rule);
    return false;
}

static bool river_allows_place(const mp_module_view *c, const mp_action *a, char *why, size_t size) {
    const river_state *s = c->state;
    int turn, exit, u = ((const river_config *)c->config)->u_turn;
    if (!river_sides(c, a->tile, a->rot)) return true;
    if (entry_of(c, a->tile, a->rot, a->x, a->y, &turn, &exit) < 0)
        return refuse(why, size, "a river tile must continue the river (its river side against the river's end)");
    if (u == JCZ && exit >= 0 && !room_ahead(c, a->x, a->y, exit))
        return refuse(why, size, "the river would run into tiles within two cells ahead (JCloisterZone's U-turn rule)");
    if (u == PRINTED && turn && turn == s->last_turn)
        return refuse(why, size, "the river may not turn the same way twice in a row (no U-turn)");
    if (u == STRICT && turn && turn == s->last_curve)
        return refuse(why, size, "the river may not turn the same way as its last curve (no U-turn)");
    return true;
}

static void river_after_place(mp_module_ctx *c, int placed) {
    river_state *s = c->state;
    int x, y, tile, rot, turn, exit;
    mp_mod_placed(&c->view, placed, &x, &y, &tile, &rot);
    if (!river_sides(&c->view, tile, rot) || entry_of(&c->view, tile, rot, x, y, &turn, &exit) < 0) return;
    s->last_turn = (int8_t)turn;
    if (turn) s->last_curve = (int8_t)turn;
}

/* The bag in the river's order: river pieces, lakes, then the rest, each in its order. */
static void arrange(mp_module_ctx *c) {
    int n = mp_mod_bag(&c->view, NULL, 0), k = 0;
    int *bag = malloc(((size_t)n + 1) * 2 * sizeof *bag), *out = bag + n;
    if (!bag) abort();
    mp_mod_bag(&c->view, bag, n);
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < n; i++) {
            int r = __builtin_popcount(river_sides(&c->view, bag[i], 0));
            if ((pass == 0 && r >= 2) || (pass == 1 && r == 1) || (pass == 2 && r == 0)) out[k++] = bag[i];
        }
    mp_mod_set_bag(c, out, n);
    free(bag);
}

static int river_setup(mp_module_ctx *c, mp_diag *d) {
    river_state *s = c->state;
    const mp_tileset *ts = mp_mod_tiles(&c->view);
    int start = -1;
    for (int t = 0; t < mp_tileset_n_tiles(ts); t++)
        if (mp_tileset_tile_is_start(ts, t)) start = t;
    const char *why = (s->kind = mp_mod_kind(&c->view, "river")) < 0 ? "a feature kind 'river' in the tile sets; expected "
                      "one declared under 'kinds:'" : start < 0 || !river_sides(&c->view, start, 0) ? "a river tile as the start "
                      "tile; expected 'start: {tile: spring}' in the ruleset" : NULL;
    if (why) {
        return mp_diag_set(d, mp_mod_ruleset_path(&c->view), 0, 0, "the river module needs %s", why);
    }
    arrange(c);
    return 0;
}

static void river_redeal(mp_module_ctx *c, int player) { (void)player; arrange(c); }

static int river_configure(mp_arena *a, const mp_ynode *options, void **config, mp_diag *d) {
    static const char *const keys[] = { "u_turn", NULL }, *const modes[] = { "printed", "strict", "jcz", "allowed", NULL };
    river_config *cf = mp_arena_alloc(a, sizeof *cf);
    *config = cf;
    if (!options || mp_y_is_null(options)) return 0;
    if (mp_y_expect(options, MP_Y_MAP, "options", d) || mp_y_check_keys(options, keys, d)) return 1;
    mp_ynode *n = mp_y_get(options, "u_turn");
    return n && mp_y_enum(n, modes, &cf->u_turn, d);
}

/* River tiles still to draw: they lead the bag. */
static int river_left(const mp_module_view *c) {
    int bag[32], n = mp_mod_bag(c, bag, 32), k = 0;
    while (k < n && k < 32 && river_sides(c, bag[k], 0)) k++;
    return k;
}

static int river_facts(const mp_module_view *c, mp_fact *out, int cap) {
    const river_state *s = c->state;
    mp_fact f[2] = { { .kind = MP_FACT_COUNT, .what = "river-left", .player = -1, .value = river_left(c), .tile = -1 },
                     { .kind = MP_FACT_AMOUNT, .what = "last-turn", .player = -1, .value = s->last_turn, .tile = -1 } };
    for (int i = 0; i < 2 && i < cap; i++) out[i] = f[i];
    return 2;
}

static int river_status(const mp_module_view *c, int player, char *buf, size_t size) {
    mp_fact f[2];
    river_facts(c, f, 2);
    if (player >= 0 || !f[0].value) return snprintf(buf, size, "%s", "");
    return snprintf(buf, size, "%d river tile%s to draw, last turn %s", f[0].value, f[0].value == 1 ? "" : "s",
                    f[1].value < 0 ? "left" : f[1].value > 0 ? "right" : "none");
}

/* The river followed from the spring: each tile continues it, the turns as the state says, and
** none the option forbids. */
static int river_check(const mp_module_view *c, mp_diag *d) {
    const river_state *s = c->state;
    int u = ((const river_config *)c->config)->u_turn, x = 0, y = 0, tile, rot, last = 0, curve = 0;
    const char *bad = NULL;
    mp_mod_placed(c, mp_mod_cell(c, 0, 0), NULL, NULL, &tile, &rot);
    int heading = __builtin_ctz(river_sides(c, tile, rot) | 16), p;
    for (int steps = 0; heading < 4 && steps < mp_mod_n_placed(c) && !bad; steps++) {
        if ((p = mp_mod_cell(c, x + dx[heading], y + dy[heading])) < 0) break;
        mp_mod_placed(c, p, &x, &y, &tile, &rot);
        int in = (heading + 2) & 3;
        unsigned sides = river_sides(c, tile, rot), out = sides & ~(1u << in);
        int turn = turn_of(in, out ? __builtin_ctz(out) : -1);
        if (!(sides >> in & 1)) bad = "a tile across the river's end does not continue it";
        else if (turn && ((u == PRINTED && turn == last) || (u == STRICT && turn == curve))) bad = "a forbidden U-turn";
        last = turn;
        if (turn) curve = turn;
        heading = out ? __builtin_ctz(out) : 4;
    }
    if (!bad && (last != s->last_turn || curve != s->last_curve)) bad = "its last turns differ from its course";
    if (bad && d) {
        mp_diag_set(d, "<check>", 0, 0, "river: %s", bad);
    }
    return bad != NULL;
}

const mp_module mp_module_river = {
    .name = "river",
    .aliases = (const mp_alias[]){ { "jcz", "river" }, { NULL, NULL } },   /* JCloisterZone's element */
    .summary = "the river: spring first, the river tiles before the others, the lake last, no U-turn",
    .state_size = sizeof(river_state),
    .configure = river_configure,
    .setup = river_setup,
    .allows_place = river_allows_place,
    .after_place = river_after_place,
    .facts = river_facts,
    .status = river_status,
    .redeal = river_redeal,
    .check = river_check,
};
