/*
** bridges.c: bridges (Bridges, Castles and Bazaars). Rules: meeple-ruleset(5), the bridges
** module.
**
** A bridge is a road segment laid straight across one tile, from the middle of one side to the
** middle of the opposite side (north-south or east-west). Both sides must be field sides (their
** middles free, their halves field), so a tile never carries two crossing bridges; each end must
** continue a road already there or face an empty cell. In the kernel a bridge is the tile's
** overlay (mp_feature_add_overlay): it covers the two middle ports only, so the fields and cities
** under it stay whole, and it joins the roads it meets like any road segment (a tile holding a
** bridge and a printed segment of one road counts once).
**
** A player may build one bridge a turn, on the tile just placed or on a tile sharing a side with
** it, from a supply that depends on the player count:
**   - in the DEPLOY phase, before deploying: "!bridges:ns@X,Y" (then a follower may go onto a
**     bridge on the tile just placed, as a thief);
**   - with the placement itself, when the tile fits only thanks to the bridge (a road running
**     into a field side, carried on by a bridge on the new tile or on the neighbour):
**     "!bridges:TILE@X,YrR/ew@X,Y", one action.
** A bridge is never required: a tile that fits nowhere without one is discarded as usual.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "yamlx.h"   /* TRANSITIONAL: the kernel's insides, until the module asks through module.h only */

enum { MAX_BRIDGES = 64, AXIS_NS = 0, AXIS_EW = 1, CODE_BUILD = 0, CODE_PLACE = 1 };

typedef struct bridges_config {
    int supply[MP_MAX_PLAYERS + 1];   /* bridges per player, by player count */
    char kind[MP_NAME];               /* the kind a bridge is (road) */
    char ends_on[MP_NAME];            /* the kind both of its sides must show (field) */
} bridges_config;

typedef struct bridge { int32_t placed; int8_t owner; } bridge;

typedef struct bridges_state {
    int kind, ends_on;                /* kind indexes in the tile set */
    int supply[MP_MAX_PLAYERS];
    int built_turn;                   /* g->turns of the turn a bridge was last built in */
    int n;
    bridge b[MAX_BRIDGES];
} bridges_state;

static const char *const axis_names[] = { "ns", "ew" };

/* ------------------------------------------------------------------ configuration */

static int bridges_configure(mp_arena *a, const mp_ynode *options, void **config, mp_diag *d) {
    static const char *const keys[] = { "supply", "kind", "ends_on", NULL };
    bridges_config *c = mp_arena_alloc(a, sizeof *c);
    for (int n = 0; n <= MP_MAX_PLAYERS; n++) c->supply[n] = 3;
    snprintf(c->kind, sizeof c->kind, "road");
    snprintf(c->ends_on, sizeof c->ends_on, "field");
    *config = c;
    if (!options || mp_y_is_null(options)) return 0;
    if (mp_y_expect(options, MP_Y_MAP, "options", d) || mp_y_check_keys(options, keys, d)) return 1;
    mp_ynode *n;
    if ((n = mp_y_get(options, "supply"))) {
        if (mp_y_expect(n, MP_Y_MAP, "supply", d)) return 1;
        for (int i = 0; i < n->n; i++) {
            long players, count;
            if (mp_y_int(n->items[2 * i], 1, MP_MAX_PLAYERS, &players, d) ||
                mp_y_int(n->items[2 * i + 1], 0, 10, &count, d))
                return 1;
            c->supply[players] = (int)count;
        }
    }
    const char *name;
    if ((n = mp_y_get(options, "kind"))) {
        if (mp_y_string(n, &name, d)) return 1;
        snprintf(c->kind, sizeof c->kind, "%s", name);
    }
    if ((n = mp_y_get(options, "ends_on"))) {
        if (mp_y_string(n, &name, d)) return 1;
        snprintf(c->ends_on, sizeof c->ends_on, "%s", name);
    }
    return 0;
}

static int setup_error(mp_game *g, mp_diag *d, const char *what, const char *name) {
    snprintf(d->file, sizeof d->file, "%s", g->rs->path);
    d->line = d->column = 0;
    snprintf(d->message, sizeof d->message, "the bridges module needs a feature kind '%s' (%s) in the tile sets; "
             "expected one declared under 'kinds:'", name, what);
    return 1;
}

static int bridges_setup(mp_module_ctx *cx, mp_diag *d) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    bridges_state *s = st;
    const bridges_config *c = config;
    s->kind = mp_tileset_kind(g->ts, c->kind);
    s->ends_on = mp_tileset_kind(g->ts, c->ends_on);
    if (s->kind < 0) return setup_error(g, d, "what a bridge is", c->kind);
    if (s->ends_on < 0) return setup_error(g, d, "what a bridge's sides must show", c->ends_on);
    for (int p = 0; p < g->n_players; p++) s->supply[p] = c->supply[g->n_players];
    s->built_turn = -1;
    return 0;
}

extern const mp_module mp_module_bridges;
static int variant_index(const mp_game *g) { return mp_game_variant_index(g, &mp_module_bridges); }

/* ------------------------------------------------------------------ where a bridge may go */

/* A tile about to be placed (not on the board yet), whose ports a bridge's end may face. */
typedef struct incoming { int x, y; const uint8_t *kinds; } incoming;

static uint16_t axis_ports(int axis) {
    return (uint16_t)(axis == AXIS_NS ? (1u << MP_MIDDLE(MP_N) | 1u << MP_MIDDLE(MP_S))
                                      : (1u << MP_MIDDLE(MP_E) | 1u << MP_MIDDLE(MP_W)));
}

/* The ports of a placed tile as it lies, its overlay included (1 + kind, 0 nothing). */
static void placed_kinds(const mp_game *g, int32_t placed, uint8_t kinds[MP_PORTS]) {
    for (int p = 0; p < MP_PORTS; p++) kinds[p] = (uint8_t)mp_placed_port_kind(g, &g->placed[placed], p);
}

/* A side a bridge may end on: its middle free, its two halves of the `ends_on` kind. A tile
** carries one bridge at most: a second would cross it (one of its ends would lie on the first
** bridge's road, not on a field), or lie on it. */
static bool field_side(const bridges_state *s, const uint8_t kinds[MP_PORTS], int side) {
    return !kinds[MP_MIDDLE(side)] && kinds[3 * side] == 1 + s->ends_on && kinds[3 * side + 2] == 1 + s->ends_on;
}

/* What faces the middle of side `side` of cell x,y: 1 + kind or 0 for a tile, -1 an empty cell,
** -2 off the board. */
static int facing_middle(const mp_game *g, const incoming *in, int x, int y, int side) {
    int nx, ny;
    mp_grid_neighbour(x, y, side, &nx, &ny);
    int q = MP_PORT_OPPOSITE(MP_MIDDLE(side));
    if (in && in->x == nx && in->y == ny) return in->kinds[q];
    int32_t v = mp_grid_get(g, nx, ny);
    return v < 0 ? v : mp_placed_port_kind(g, &g->placed[v], q);
}

/* Whether a bridge along `axis` may go on cell x,y whose ports hold `kinds`: both its sides field
** sides, each end continuing a road (or bridge) or facing an empty cell. */
static bool bridge_fits(const mp_game *g, const bridges_state *s, const incoming *in, int x, int y,
                        const uint8_t kinds[MP_PORTS], int axis) {
    for (int side = axis; side < 4; side += 2) {
        if (!field_side(s, kinds, side)) return false;
        int f = facing_middle(g, in, x, y, side);
        if (f != -1 && f != 1 + s->kind) return false;
    }
    return true;
}

static bool may_build(const mp_game *g, const bridges_state *s) {
    if (s->supply[g->player] <= 0) return false;
    if (g->phase == MP_PHASE_PLACE) return true;                       /* a new turn */
    return g->phase == MP_PHASE_DEPLOY && s->built_turn != g->turns;   /* one a turn */
}

/* ------------------------------------------------------------------ legal actions */

typedef struct lister { mp_action *out; int cap, n; } lister;

static void add(lister *l, const mp_action *a) {
    if (l->n < l->cap) l->out[l->n] = *a;
    l->n++;
}

/* DEPLOY phase: a bridge on the tile just placed or on one sharing a side with it. */
static void list_builds(const mp_game *g, const bridges_state *s, int v, lister *l) {
    const mp_placed *last = &g->placed[g->last_placed];
    for (int i = 0; i < 5; i++) {
        int x = last->x, y = last->y;
        if (i) mp_grid_neighbour(last->x, last->y, i - 1, &x, &y);
        int32_t at = mp_grid_get(g, x, y);
        if (at < 0 || g->placed[at].fixed || g->placed[at].overlay >= 0) continue;   /* one bridge a tile */
        uint8_t kinds[MP_PORTS];
        placed_kinds(g, at, kinds);
        for (int axis = 0; axis < 2; axis++)
            if (bridge_fits(g, s, NULL, x, y, kinds, axis))
                add(l, &(mp_action){ .kind = MP_ACT_VARIANT, .variant = (uint8_t)v, .code = CODE_BUILD,
                                     .x = (int16_t)x, .y = (int16_t)y, .arg = { axis } });
    }
}

static mp_action place_action(int v, int tile, int x, int y, int rot, int bx, int by, int axis) {
    return (mp_action){ .kind = MP_ACT_VARIANT, .variant = (uint8_t)v, .code = CODE_PLACE, .tile = (int16_t)tile,
                        .x = (int16_t)x, .y = (int16_t)y, .rot = (uint8_t)rot, .arg = { axis, bx, by } };
}

/* What the tiles around a cell show it (mp_place_facing), gathered on first need. */
typedef struct facing { uint8_t their[4][3]; unsigned touch; bool gathered; } facing;

static void gather(const mp_game *g, int x, int y, facing *f) {
    if (!f->gathered) f->touch = mp_place_facing(g, x, y, f->their);
    f->gathered = true;
}

/* PLACE phase: the placements of `tile` on open cell i that fit only with a bridge, on the new
** tile or on the neighbour its road runs into. */
static void list_placements_at(const mp_game *g, const bridges_state *s, int v, int tile, int i, lister *l) {
    const mp_tile *t = &g->ts->tiles[tile];
    /* Only where the side numbers say a bridge could make the tile fit (the tile does not fit as
    ** it is there): across it (bits 0-3), or on a neighbour (bits 4-7). */
    unsigned maybe = mp_place_fits_with_middles(g, tile, i, s->kind, s->ends_on);
    if (!maybe) return;
    int x = mp_open_x(g->open[i].key), y = mp_open_y(g->open[i].key);
    /* What the neighbours show is gathered once a bridge is found to fit (most do not). */
    facing f = { .touch = 0, .gathered = false };
    for (int r = 0; r < 4; r++) {
        const uint8_t *kinds = t->port_kind[r];
        for (int axis = 0; axis < 2 && (maybe >> r & 1); axis++) {   /* a bridge on the new tile */
            if (!bridge_fits(g, s, NULL, x, y, kinds, axis)) continue;
            gather(g, x, y, &f);
            uint8_t with[MP_PORTS];
            memcpy(with, kinds, sizeof with);
            with[MP_MIDDLE(axis)] = with[MP_MIDDLE(axis + 2)] = (uint8_t)(1 + s->kind);
            mp_action a = place_action(v, tile, x, y, r, x, y, axis);
            if (mp_place_fits_facing(g, with, f.touch, f.their)) add(l, &a);
        }
        for (int side = 0; side < 4 && (maybe >> (4 + r) & 1); side++) {   /* a bridge on a neighbour */
            if (kinds[MP_MIDDLE(side)] != 1 + s->kind) continue;
            int nx, ny;
            mp_grid_neighbour(x, y, side, &nx, &ny);
            int32_t at = mp_grid_get(g, nx, ny);
            if (at < 0 || g->placed[at].fixed || g->placed[at].overlay >= 0) continue;   /* no tile there */
            uint8_t theirs[MP_PORTS];
            placed_kinds(g, at, theirs);
            incoming in = { x, y, kinds };
            if (!bridge_fits(g, s, &in, nx, ny, theirs, side % 2)) continue;
            gather(g, x, y, &f);
            uint8_t changed[4][3];
            memcpy(changed, f.their, sizeof changed);
            changed[side][1] = (uint8_t)(1 + s->kind);
            mp_action a = place_action(v, tile, x, y, r, nx, ny, side % 2);
            if (mp_place_fits_facing(g, kinds, f.touch, (const uint8_t (*)[3])changed)) add(l, &a);
        }
    }
}

/* The same at every open cell, in row order. */
static void list_placements(const mp_game *g, const bridges_state *s, int v, int tile, lister *l) {
    for (int i = 0; i < g->n_open; i++) list_placements_at(g, s, v, tile, i, l);
}

/* Whether `tile` is this turn's to place: the queued turn's tile, or one in the player's hand. */
static bool may_place(const mp_game *g, int tile) {
    if (g->forced >= 0) return tile == g->forced;
    for (int i = 0; i < g->hand_n[g->player]; i++)
        if (g->hand[g->player][i] == tile) return true;
    return false;
}

static int bridges_legal(const mp_module_ctx *cx, mp_action *out, int cap) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)config;
    const bridges_state *s = st;
    if (!may_build(g, s)) return 0;
    lister l = { out, cap, 0 };
    int v = variant_index(g);
    if (g->phase == MP_PHASE_DEPLOY) {
        list_builds(g, s, v, &l);
    } else if (g->forced >= 0) {
        list_placements(g, s, v, g->forced, &l);
    } else {
        for (int i = 0; i < g->hand_n[g->player]; i++) {
            bool seen = false;
            for (int j = 0; j < i; j++) seen |= g->hand[g->player][j] == g->hand[g->player][i];
            if (!seen) list_placements(g, s, v, g->hand[g->player][i], &l);
        }
    }
    return l.n;
}

/* ------------------------------------------------------------------ building */

static int refuse(mp_diag *d, const char *fmt, int x, int y, const char *axis) {
    snprintf(d->message, sizeof d->message, fmt, axis, x, y);
    return 1;
}

static void lay(mp_game *g, bridges_state *s, int32_t placed, int axis) {
    if (mp_feature_add_overlay(g, placed, s->kind, axis_ports(axis)) < 0) abort();
    s->b[s->n++] = (bridge){ placed, (int8_t)g->player };
    s->supply[g->player]--;
    s->built_turn = g->turns;
}

static int bridges_apply(mp_module_ctx *cx, const mp_action *a, mp_diag *d) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)config;
    bridges_state *s = st;
    int axis = a->arg[0];
    if ((a->code != CODE_BUILD && a->code != CODE_PLACE) || axis < 0 || axis > 1) {
        snprintf(d->message, sizeof d->message, "not a bridge action; expected one of the legal actions");
        return 1;
    }
    if (s->n == MAX_BRIDGES) {
        snprintf(d->message, sizeof d->message, "more than %d bridges in one game", MAX_BRIDGES);
        return 1;
    }
    if (!may_build(g, s)) {
        snprintf(d->message, sizeof d->message, s->supply[g->player] <= 0 ? "no bridge left in the supply"
                 : "no bridge can be built now (one a turn, before deployment); expected another action");
        return 1;
    }
    /* Legal when it is one of the legal actions: the list is the rule. A placement is looked for
    ** only among those at its own cell, and only for a tile the player may place. */
    enum { AT_MOST = 64 };   /* at one cell: 4 rotations, a bridge across or on one of 4 neighbours */
    mp_action list[AT_MOST];
    lister l = { list, AT_MOST, 0 };
    if (a->code == CODE_BUILD) {
        if (g->phase == MP_PHASE_DEPLOY) list_builds(g, s, variant_index(g), &l);
    } else if (g->phase == MP_PHASE_PLACE && a->tile >= 0 && a->tile < g->ts->n_tiles && may_place(g, a->tile)) {
        int i = mp_place_open_index(g, a->x, a->y);
        if (i >= 0) list_placements_at(g, s, variant_index(g), a->tile, i, &l);
    }
    bool found = false;
    for (int i = 0; i < l.n && i < AT_MOST && !found; i++)
        found = list[i].code == a->code && list[i].x == a->x && list[i].y == a->y && list[i].arg[0] == axis &&
                (a->code == CODE_BUILD || (list[i].tile == a->tile && list[i].rot == a->rot &&
                                           list[i].arg[1] == a->arg[1] && list[i].arg[2] == a->arg[2]));
    if (a->code == CODE_BUILD) {
        if (g->phase != MP_PHASE_DEPLOY)
            return refuse(d, "a bridge %s@%d,%d is built after the tile is placed; expected a placement first",
                          a->x, a->y, axis_names[axis]);
        if (!found)
            return refuse(d, "no bridge %s can go on %d,%d (it must cross the tile just placed or a tile beside it, "
                          "from field side to field side, each end continuing a road or facing an empty cell)",
                          a->x, a->y, axis_names[axis]);
        lay(g, s, mp_grid_get(g, a->x, a->y), axis);
        return 0;
    }
    if (!found) {
        snprintf(d->message, sizeof d->message, "tile '%s' at %d,%d rotation %d with a bridge %s on %d,%d is not a "
                 "placement that fits only thanks to that bridge; expected one of the legal actions",
                 mp_tileset_tile_id(g->ts, a->tile), a->x, a->y, a->rot, axis_names[axis], a->arg[1], a->arg[2]);
        return 1;
    }
    mp_action place = { .kind = MP_ACT_PLACE, .tile = a->tile, .x = a->x, .y = a->y, .rot = a->rot };
    if (mp_game_put_tile(g, &place, d) < 0) return 1;
    lay(g, s, mp_grid_get(g, a->arg[1], a->arg[2]), axis);
    return 0;
}

static int bridges_tokens(const mp_module_ctx *cx, int player) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)g; (void)config;
    return ((const bridges_state *)st)->supply[player];
}

/* ------------------------------------------------------------------ invariants */

static int bridges_check(const mp_module_ctx *cx, mp_diag *d) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    const bridges_state *s = st;
    const bridges_config *c = config;
    int on_board[MP_MAX_PLAYERS] = { 0 };
    for (int i = 0; i < s->n; i++) {
        const mp_placed *p = &g->placed[s->b[i].placed];
        if (p->overlay < 0 || g->segs[p->overlay].kind != s->kind) {
            snprintf(d->message, sizeof d->message, "bridge %d: its tile at %d,%d carries no bridge", i, p->x, p->y);
            return 1;
        }
        on_board[s->b[i].owner]++;
    }
    for (int p = 0; p < g->n_players; p++)
        if (s->supply[p] + on_board[p] != c->supply[g->n_players]) {
            snprintf(d->message, sizeof d->message, "player %d: %d bridges in the supply + %d built differs from %d",
                     p, s->supply[p], on_board[p], c->supply[g->n_players]);
            return 1;
        }
    return 0;
}

/* ------------------------------------------------------------------ notation */

static int bridges_describe(const mp_module_ctx *cx, const mp_action *a, char *buf, size_t size) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)st; (void)config;
    const char *axis = (a->arg[0] & 1) == AXIS_NS ? "north-south" : "east-west";
    if (a->code == CODE_BUILD) return snprintf(buf, size, "build a bridge %s on %d,%d", axis, a->x, a->y);
    return snprintf(buf, size, "place %s at %d,%d rotation %d with a bridge %s on %d,%d", mp_tileset_tile_id(g->ts, a->tile),
                    a->x, a->y, a->rot, axis, a->arg[1], a->arg[2]);
}

/* "ns@X,Y" (build) and "TILE@X,YrR/ew@X,Y" (placement with a bridge). */
static int bridges_format(const mp_module_ctx *cx, const mp_action *a, char *buf, size_t size) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)st; (void)config;
    const char *axis = axis_names[a->arg[0] & 1];
    if (a->code == CODE_BUILD) return snprintf(buf, size, "%s@%d,%d", axis, a->x, a->y);
    return snprintf(buf, size, "%s@%d,%dr%d/%s@%d,%d", mp_tileset_tile_id(g->ts, a->tile), a->x, a->y, a->rot, axis,
                    a->arg[1], a->arg[2]);
}

/* Reads "ns@X,Y" or "ew@X,Y" at s; the count of characters read, 0 when it is not one. */
static int read_bridge(const char *s, int *axis, int *x, int *y) {
    int used = 0;
    char ax[3];
    if (sscanf(s, "%2[nsew]@%6d,%6d%n", ax, x, y, &used) != 3) return 0;
    if (!strcmp(ax, "ns")) *axis = AXIS_NS;
    else if (!strcmp(ax, "ew")) *axis = AXIS_EW;
    else return 0;
    return used;
}

static int bridges_parse(const mp_module_ctx *cx, const char *args, mp_action *out, mp_diag *d) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    char q[MP_QUOTE_SIZE];   /* the arguments quoted in a message */
    (void)st; (void)config;
    int axis, x, y, used;
    if ((used = read_bridge(args, &axis, &x, &y)) && !args[used]) {
        *out = (mp_action){ .kind = MP_ACT_VARIANT, .variant = out->variant, .code = CODE_BUILD,
                            .x = (int16_t)x, .y = (int16_t)y, .arg = { axis } };
        return 0;
    }
    const char *slash = strchr(args, '/');
    const char *at = strchr(args, '@');
    if (!*args) {
        d->column = 1;
        snprintf(d->message, sizeof d->message, "a bridge action needs arguments; expected ns@X,Y or ew@X,Y (build), "
                 "or TILE@X,YrR/ns@X,Y (a placement with a bridge)");
        return 1;
    }
    if (!slash || !at || at > slash) {
        d->column = 1;
        snprintf(d->message, sizeof d->message, "'%s' is not a bridge action; expected ns@X,Y or ew@X,Y (build), "
                 "or TILE@X,YrR/ns@X,Y (a placement with a bridge)", mp_quote(args, q, sizeof q));
        return 1;
    }
    char id[MP_NAME];
    size_t len = (size_t)(at - args);
    if (len >= sizeof id) len = sizeof id - 1;
    memcpy(id, args, len);
    id[len] = 0;
    int tile = mp_tileset_find(g->ts, id);
    if (tile < 0) {
        d->column = 1;
        snprintf(d->message, sizeof d->message, "unknown tile '%s'; expected a tile id of ruleset '%s'", mp_quote(id, q, sizeof q),
                 g->rs->name);
        return 1;
    }
    int px, py, rot = 0, n = 0;
    const char *p = at + 1;
    if (sscanf(p, "%6d,%6d%n", &px, &py, &n) != 2 || (p[n] != '/' && p[n] != 'r') ||
        (p[n] == 'r' && (p[n + 1] < '0' || p[n + 1] > '3' || p[n + 2] != '/'))) {
        d->column = (int)(p - args) + 1;
        snprintf(d->message, sizeof d->message, "'%s' is not a placement; expected X,Y or X,YrR (R 0 to 3) before '/'",
                 mp_quote(p, q, sizeof q));
        return 1;
    }
    if (p[n] == 'r') rot = p[n + 1] - '0';
    if (!(used = read_bridge(slash + 1, &axis, &x, &y)) || slash[1 + used]) {
        d->column = (int)(slash - args) + 2;
        snprintf(d->message, sizeof d->message, "'%s' is not a bridge; expected ns@X,Y or ew@X,Y", mp_quote(slash + 1, q, sizeof q));
        return 1;
    }
    *out = place_action(out->variant, tile, px, py, rot, x, y, axis);
    return 0;
}

const mp_module mp_module_bridges = {
    .name = "bridges",
    .summary = "bridges: a road carried across a field side to field side, one a turn",
    .state_size = sizeof(bridges_state),
    .configure = bridges_configure,
    .setup = bridges_setup,
    .legal = bridges_legal,
    .apply = bridges_apply,
    .format = bridges_format,
    .describe = bridges_describe,
    .parse = bridges_parse,
    .tokens_name = "bridges",
    .tokens = bridges_tokens,
    .check = bridges_check,
};
