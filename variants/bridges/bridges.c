/*
** bridges.c: bridges (Bridges, Castles and Bazaars). Rules: meeple-ruleset(5), the bridges
** module.
**
** A bridge is a road segment laid straight across one tile, from the middle of one side to the
** middle of the opposite side (north-south or east-west). Both sides must be field sides (their
** middles free, their halves field), so a tile never carries two crossing bridges; each end must
** continue a road already there or face an empty cell. In the kernel a bridge is the tile's
** overlay (mp_mod_lay_overlay): it covers the two middle ports only, so the fields and cities
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
**
** A placement with a bridge is the kernel's "placement that fits once an overlay is laid"
** (mp_mod_fits_with_overlays); the kernel names the few placements worth that test
** (mp_mod_place_near_misses: those that miss only at the middles of one axis), and this module
** keeps only those its rule allows.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"

enum { MAX_BRIDGES = 64, AXIS_NS = 0, AXIS_EW = 1, CODE_BUILD = 0, CODE_PLACE = 1, NAME_SIZE = 32 };
enum { N = 0, E = 1, S = 2, W = 3 };

typedef struct bridges_config {
    int supply[MP_MAX_PLAYERS + 1];   /* bridges per player, by player count */
    char kind[NAME_SIZE];             /* the kind a bridge is (road) */
    char ends_on[NAME_SIZE];          /* the kind both of its sides must show (field) */
} bridges_config;

typedef struct bridge { int32_t placed; int8_t owner; } bridge;

typedef struct bridges_state {
    int kind, ends_on;                /* kind indexes in the tile set */
    int supply[MP_MAX_PLAYERS];
    int built_turn;                   /* mp_mod_turns of the turn a bridge was last built in */
    int n;
    bridge b[MAX_BRIDGES];
} bridges_state;

static const char *const axis_names[] = { "ns", "ew" };

/* Its actions as data (meeple-ruleset(5)): a build names the tile it crosses by the action's cell;
** a placement is the action's tile, cell and turn, and the bridge's axis and cell. JCloisterZone
** writes a build as PLACE_TOKEN of its token BRIDGE (offered as a Bridge action), a placement as
** PLACE_TILE (the bridge implied; meeple-modules(7), ALIASES). */
static const mp_decision_kind bridges_decisions[] = {
    { .code = CODE_BUILD, .name = "build", .args = { "axis" },
      .forms = (const mp_decision_form[]){
          { "ns@X,Y", "build a bridge north-south on the tile at X,Y, after the placement (ew@: east-west)" },
          { "ew@X,Y", NULL },
          { NULL, NULL } },
      .aliases = (const mp_alias[]){
          { "jcz", "PLACE_TOKEN" }, { "jcz-token", "BRIDGE" }, { "jcz-offer", "Bridge" }, { NULL, NULL } } },
    { .code = CODE_PLACE, .name = "place", .args = { "axis", "bridge-x", "bridge-y" },
      .forms = (const mp_decision_form[]){
          { "TILE@X,YrR/AXIS@BX,BY", "place TILE where only a bridge (AXIS: ns, ew) on the tile at BX,BY makes it fit" },
          { NULL, NULL } },
      .aliases = (const mp_alias[]){ { "jcz", "PLACE_TILE" }, { NULL, NULL } } },
    { .name = NULL },
};

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
        for (int i = 0; i < mp_y_count(n); i++) {
            long players, count;
            if (mp_y_int(mp_y_map_key(n, i), 1, MP_MAX_PLAYERS, &players, d) ||
                mp_y_int(mp_y_map_value(n, i), 0, 10, &count, d))
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


static int bridges_setup(mp_module_ctx *cx, mp_diag *d) {
    bridges_state *s = cx->state;
    const bridges_config *c = cx->view.config;
    s->kind = mp_mod_kind(&cx->view, c->kind);
    s->ends_on = mp_mod_kind(&cx->view, c->ends_on);
    const char *missing = s->kind < 0 ? c->kind : s->ends_on < 0 ? c->ends_on : NULL;
    if (missing)   /* said at the ruleset: the kernel points at the module's entry */
        return mp_diag_set(d, mp_mod_ruleset_path(&cx->view), 0, 0, "the bridges module needs a feature kind '%s' (%s) "
                           "in the tile sets; expected one declared under 'kinds:'", missing,
                           s->kind < 0 ? "what a bridge is" : "what a bridge's sides must show");
    int players = mp_mod_players(&cx->view);
    for (int p = 0; p < players; p++) s->supply[p] = c->supply[players];
    s->built_turn = -1;
    return 0;
}

/* ------------------------------------------------------------------ where a bridge may go */

static uint16_t axis_ports(int axis) {
    return (uint16_t)(1u << MP_MOD_MIDDLE(axis) | 1u << MP_MOD_MIDDLE(axis + 2));
}

static void neighbour(int x, int y, int side, int *nx, int *ny) {
    *nx = x + (side == E) - (side == W);
    *ny = y + (side == S) - (side == N);
}

/* A tile about to be placed at x,y (not on the board yet), whose ports a bridge's end may face. */
typedef struct incoming { int x, y; const uint8_t *kinds; } incoming;

/* A side a bridge may end on: its middle free, its two halves of the `ends_on` kind (ports as
** the tile lies: 1 + kind, 0 nothing). A tile carries one bridge at most: a second would cross it
** (one of its ends would lie on the first bridge's road, not on a field), or lie on it. */
static bool field_side(const bridges_state *s, const uint8_t *kinds, int side) {
    return !kinds[MP_MOD_MIDDLE(side)] && kinds[3 * side] == 1 + s->ends_on && kinds[3 * side + 2] == 1 + s->ends_on;
}

/* What faces the middle of side `side` of cell x,y: 1 + kind or 0 for a tile, -1 an empty cell,
** -2 off the board. */
static int facing_middle(const mp_module_view *cx, const incoming *in, int x, int y, int side) {
    int nx, ny;
    neighbour(x, y, side, &nx, &ny);
    int q = MP_MOD_MIDDLE((side + 2) & 3);   /* the middle of the opposite side faces this one */
    if (in && in->x == nx && in->y == ny) return in->kinds[q];
    int v = mp_mod_cell(cx, nx, ny);
    return v < 0 ? v : mp_mod_port_kind(cx, v, q);
}

/* Whether a bridge along `axis` may go on cell x,y whose ports hold `kinds`: both its sides field
** sides, each end continuing a road (or bridge) or facing an empty cell. */
static bool bridge_fits(const mp_module_view *cx, const bridges_state *s, const incoming *in, int x, int y,
                        const uint8_t *kinds, int axis) {
    if (!field_side(s, kinds, axis) || !field_side(s, kinds, axis + 2)) return false;
    for (int side = axis; side < 4; side += 2) {
        int f = facing_middle(cx, in, x, y, side);
        if (f != -1 && f != 1 + s->kind) return false;
    }
    return true;
}

/* The ports of a placed tile that may take a bridge (not set at setup, none on it yet: its ports
** are its tile's), or NULL. */
static const uint8_t *may_carry(const mp_module_view *cx, int placed, int x, int y) {
    if (mp_mod_placed_fixed(cx, placed) || mp_game_overlay_at(cx->game, x, y, NULL, NULL)) return NULL;
    int tile, rot;
    mp_mod_placed(cx, placed, NULL, NULL, &tile, &rot);
    return mp_mod_tile_ports(cx, tile, rot);
}

static bool may_build(const mp_module_view *cx, const bridges_state *s) {
    if (s->supply[mp_mod_player(cx)] <= 0) return false;
    mp_phase phase = mp_mod_phase(cx);
    if (phase == MP_PHASE_PLACE) return true;                                  /* a new turn */
    return phase == MP_PHASE_DEPLOY && s->built_turn != mp_mod_turns(cx);     /* one a turn */
}

/* ------------------------------------------------------------------ legal actions */

typedef struct lister { mp_action *out; int cap, n; } lister;

static void add(lister *l, const mp_action *a) {
    if (l->n < l->cap) l->out[l->n] = *a;
    l->n++;
}

/* DEPLOY phase: a bridge on the tile just placed or on one sharing a side with it. */
static void list_builds(const mp_module_view *cx, const bridges_state *s, lister *l) {
    int lx, ly;
    mp_mod_placed(cx, mp_mod_last_placed(cx), &lx, &ly, NULL, NULL);
    for (int i = 0; i < 5; i++) {
        int x = lx, y = ly;
        if (i) neighbour(lx, ly, i - 1, &x, &y);
        int at = mp_mod_cell(cx, x, y);
        const uint8_t *kinds = at < 0 ? NULL : may_carry(cx, at, x, y);   /* one bridge a tile */
        if (!kinds) continue;
        for (int axis = 0; axis < 2; axis++)
            if (bridge_fits(cx, s, NULL, x, y, kinds, axis))
                add(l, &(mp_action){ .kind = MP_ACT_MODULE, .module = (uint8_t)cx->index, .code = CODE_BUILD,
                                     .x = (int16_t)x, .y = (int16_t)y, .arg = { axis } });
    }
}

static mp_action place_action(int v, int tile, int x, int y, int rot, int bx, int by, int axis) {
    return (mp_action){ .kind = MP_ACT_MODULE, .module = (uint8_t)v, .code = CODE_PLACE, .tile = (int16_t)tile,
                        .x = (int16_t)x, .y = (int16_t)y, .rot = (uint8_t)rot, .arg = { axis, bx, by } };
}

/* The shapes a bridge covers: the middles of one axis. */
static const uint16_t bridge_shapes[2] = { 1u << MP_MOD_MIDDLE(N) | 1u << MP_MOD_MIDDLE(S),
                                           1u << MP_MOD_MIDDLE(E) | 1u << MP_MOD_MIDDLE(W) };

/* A placement that misses only at the middles of one axis (ports `bad`): it fits with a bridge
** across the new tile when those middles are free on it, or, when it misses at one middle where
** its road runs into a field side, with a bridge on the neighbour there. Whichever the rule
** allows, if the placement then fits, is listed. */
static void try_placement(const mp_module_view *cx, const bridges_state *s, const mp_action *place, unsigned bad,
                          lister *l) {
    int x = place->x, y = place->y;
    incoming in = { x, y, mp_mod_tile_ports(cx, place->tile, place->rot) };
    int port = __builtin_ctz(bad), side = port / 3, axis = side % 2;
    mp_overlay o = { .placed = MP_OVERLAY_NEW, .kind = s->kind, .ports = axis_ports(axis) };
    int bx = x, by = y;
    if (in.kinds[port]) {   /* on the neighbour: one middle where the tile's road meets its field side */
        if (bad & (bad - 1) || in.kinds[port] != 1 + s->kind) return;
        neighbour(x, y, side, &bx, &by);
        int at = mp_mod_cell(cx, bx, by);
        const uint8_t *theirs = at < 0 ? NULL : may_carry(cx, at, bx, by);
        if (!theirs || !bridge_fits(cx, s, &in, bx, by, theirs, axis)) return;
        o.placed = at;
    } else if (!bridge_fits(cx, s, NULL, x, y, in.kinds, axis)) {   /* across the new tile */
        return;
    }
    mp_action a = place_action(cx->index, place->tile, x, y, place->rot, bx, by, axis);
    if (mp_mod_fits_with_overlays(cx, place, &o, 1)) add(l, &a);
}

static mp_action plain_place(int tile, int x, int y, int rot) {
    return (mp_action){ .kind = MP_ACT_PLACE, .tile = (int16_t)tile, .x = (int16_t)x, .y = (int16_t)y,
                        .rot = (uint8_t)rot };
}

/* PLACE phase: the placements of `tile` that fit only with a bridge, in row order. */
static void list_placements(const mp_module_view *cx, const bridges_state *s, int tile, lister *l) {
    enum { ROOM = 256 };
    mp_near_miss room[ROOM], *m = room;
    int n = mp_mod_place_near_misses(cx, tile, bridge_shapes, 2, room, ROOM);
    if (n > ROOM) {   /* a board with more near misses than a turn usually has */
        if (!(m = malloc((size_t)n * sizeof *m))) abort();
        mp_mod_place_near_misses(cx, tile, bridge_shapes, 2, m, n);
    }
    for (int i = 0; i < n; i++) {
        mp_action place = plain_place(tile, m[i].x, m[i].y, m[i].rot);
        try_placement(cx, s, &place, m[i].bad, l);
    }
    if (m != room) free(m);
}

/* Whether `tile` is this turn's to place: the queued turn's tile, or one in the player's hand. */
static bool may_place(const mp_module_view *cx, int tile) {
    int forced = mp_mod_forced_tile(cx);
    if (forced >= 0) return tile == forced;
    int hand[16], n = mp_mod_hand(cx, mp_mod_player(cx), hand, 16);
    for (int i = 0; i < n && i < 16; i++)
        if (hand[i] == tile) return true;
    return false;
}

static int bridges_legal(const mp_module_view *cx, mp_action *out, int cap) {
    const bridges_state *s = cx->state;
    if (!may_build(cx, s)) return 0;
    lister l = { out, cap, 0 };
    int forced = mp_mod_forced_tile(cx);
    if (mp_mod_phase(cx) == MP_PHASE_DEPLOY) {
        list_builds(cx, s, &l);
    } else if (forced >= 0) {
        list_placements(cx, s, forced, &l);
    } else {
        int hand[16], n = mp_mod_hand(cx, mp_mod_player(cx), hand, 16);
        for (int i = 0; i < n && i < 16; i++) {
            bool seen = false;
            for (int j = 0; j < i; j++) seen |= hand[j] == hand[i];
            if (!seen) list_placements(cx, s, hand[i], &l);
        }
    }
    return l.n;
}

/* ------------------------------------------------------------------ building */

static void lay(mp_module_ctx *cx, bridges_state *s, int placed, int axis) {
    mp_overlay o = { .placed = placed, .kind = s->kind, .ports = axis_ports(axis) };
    if (mp_mod_lay_overlay(cx, &o) < 0) abort();
    int player = mp_mod_player(&cx->view);
    s->b[s->n++] = (bridge){ placed, (int8_t)player };
    s->supply[player]--;
    s->built_turn = mp_mod_turns(&cx->view);
}

static int bridges_apply(mp_module_ctx *cx, const mp_action *a, mp_diag *d) {
    bridges_state *s = cx->state;
    const mp_tileset *ts = mp_mod_tiles(&cx->view);
    int axis = a->arg[0];
    if ((a->code != CODE_BUILD && a->code != CODE_PLACE) || axis < 0 || axis > 1) {
        return mp_diag_set(d, "<action>", 0, 0, "not a bridge action; expected one of the legal actions");
    }
    if (s->n == MAX_BRIDGES) {
        return mp_diag_set(d, "<action>", 0, 0, "more than %d bridges in one game", MAX_BRIDGES);
    }
    if (!may_build(&cx->view, s)) {
        return mp_diag_set(d, "<action>", 0, 0, s->supply[mp_mod_player(&cx->view)] <= 0 ? "no bridge left in the supply"
                 : "no bridge can be built now (one a turn, before deployment); expected another action");
    }
    /* Legal when it is one of the legal actions: the list is the rule. A placement is looked for
    ** only as the one it is, and only for a tile the player may place. */
    enum { AT_MOST = 64 };
    mp_action list[AT_MOST];
    lister l = { list, AT_MOST, 0 };
    mp_phase phase = mp_mod_phase(&cx->view);
    if (a->code == CODE_BUILD) {
        if (phase == MP_PHASE_DEPLOY) list_builds(&cx->view, s, &l);
    } else if (phase == MP_PHASE_PLACE && a->tile >= 0 && a->tile < mp_tileset_n_tiles(ts) && may_place(&cx->view, a->tile)) {
        mp_action place = plain_place(a->tile, a->x, a->y, a->rot);
        unsigned bad = mp_mod_place_near_miss(&cx->view, &place, bridge_shapes, 2);
        if (bad) try_placement(&cx->view, s, &place, bad, &l);
    }
    bool found = false;
    for (int i = 0; i < l.n && i < AT_MOST && !found; i++)
        found = list[i].code == a->code && list[i].x == a->x && list[i].y == a->y && list[i].arg[0] == axis &&
                (a->code == CODE_BUILD || (list[i].tile == a->tile && list[i].rot == a->rot &&
                                           list[i].arg[1] == a->arg[1] && list[i].arg[2] == a->arg[2]));
    if (a->code == CODE_BUILD) {
        if (phase != MP_PHASE_DEPLOY)
            return mp_diag_set(d, "<action>", 0, 0, "a bridge %s@%d,%d is built after the tile is placed; expected a "
                               "placement first", axis_names[axis], a->x, a->y);
        if (!found)
            return mp_diag_set(d, "<action>", 0, 0, "no bridge %s can go on %d,%d (it must cross the tile just placed or a "
                               "tile beside it, from field side to field side, each end continuing a road or facing an "
                               "empty cell)", axis_names[axis], a->x, a->y);
        lay(cx, s, mp_mod_cell(&cx->view, a->x, a->y), axis);
        return 0;
    }
    if (!found) {
        return mp_diag_set(d, "<action>", 0, 0, "tile '%s' at %d,%d rotation %d with a bridge %s on %d,%d is not a "
                 "placement that fits only thanks to that bridge; expected one of the legal actions",
                 mp_tileset_tile_id(ts, a->tile), a->x, a->y, a->rot, axis_names[axis], a->arg[1], a->arg[2]);
    }
    mp_action place = plain_place(a->tile, a->x, a->y, a->rot);
    if (mp_mod_put_tile(cx, &place, d) < 0) return 1;
    lay(cx, s, mp_mod_cell(&cx->view, a->arg[1], a->arg[2]), axis);
    return 0;
}

/* ------------------------------------------------------------------ what it shows */

/* Each player's bridges left in the supply: the only state a player sees (the bridges built are
** on the board). */
static int bridges_facts(const mp_module_view *cx, mp_fact *out, int cap) {
    const bridges_state *s = cx->state;
    int players = mp_mod_players(cx);
    for (int p = 0; p < players && p < cap; p++)
        out[p] = (mp_fact){ .kind = MP_FACT_COUNT, .what = "bridges", .player = p, .value = s->supply[p], .tile = -1 };
    return players;
}

static int bridges_tokens(const mp_module_view *cx, int player) {
    return ((const bridges_state *)cx->state)->supply[player];
}

/* ------------------------------------------------------------------ invariants */

static int bridges_check(const mp_module_view *cx, mp_diag *d) {
    const bridges_state *s = cx->state;
    const bridges_config *c = cx->config;
    int players = mp_mod_players(cx);
    int on_board[MP_MAX_PLAYERS] = { 0 };
    for (int i = 0; i < s->n; i++) {
        int x, y, kind = -1;
        mp_mod_placed(cx, s->b[i].placed, &x, &y, NULL, NULL);
        if (!mp_game_overlay_at(cx->game, x, y, NULL, &kind) || kind != s->kind) {
            return mp_diag_set(d, "<check>", 0, 0, "bridge %d: its tile at %d,%d carries no bridge", i, x, y);
        }
        on_board[s->b[i].owner]++;
    }
    for (int p = 0; p < players; p++)
        if (s->supply[p] + on_board[p] != c->supply[players]) {
            return mp_diag_set(d, "<check>", 0, 0, "player %d: %d bridges in the supply + %d built differs from %d",
                     p, s->supply[p], on_board[p], c->supply[players]);
        }
    return 0;
}

/* ------------------------------------------------------------------ notation */

static int bridges_describe(const mp_module_view *cx, const mp_action *a, char *buf, size_t size) {
    const char *axis = (a->arg[0] & 1) == AXIS_NS ? "north-south" : "east-west";
    if (a->code == CODE_BUILD) return snprintf(buf, size, "build a bridge %s on %d,%d", axis, a->x, a->y);
    return snprintf(buf, size, "place %s at %d,%d rotation %d with a bridge %s on %d,%d",
                    mp_tileset_tile_id(mp_mod_tiles(cx), a->tile), a->x, a->y, a->rot, axis, a->arg[1], a->arg[2]);
}

/* "ns@X,Y" (build) and "TILE@X,YrR/ew@X,Y" (placement with a bridge). */
static int bridges_format(const mp_module_view *cx, const mp_action *a, char *buf, size_t size) {
    const char *axis = axis_names[a->arg[0] & 1];
    if (a->code == CODE_BUILD) return snprintf(buf, size, "%s@%d,%d", axis, a->x, a->y);
    return snprintf(buf, size, "%s@%d,%dr%d/%s@%d,%d", mp_tileset_tile_id(mp_mod_tiles(cx), a->tile), a->x, a->y,
                    a->rot, axis, a->arg[1], a->arg[2]);
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

static int bridges_parse(const mp_module_view *cx, const char *args, mp_action *out, mp_diag *d) {
    char q[MP_QUOTE_SIZE];   /* the arguments quoted in a message */
    int axis, x, y, used;
    if ((used = read_bridge(args, &axis, &x, &y)) && !args[used]) {
        *out = (mp_action){ .kind = MP_ACT_MODULE, .module = out->module, .code = CODE_BUILD,
                            .x = (int16_t)x, .y = (int16_t)y, .arg = { axis } };
        return 0;
    }
    const char *slash = strchr(args, '/');
    const char *at = strchr(args, '@');
    if (!*args) {
        return mp_diag_column(d, 1, "a bridge action needs arguments; expected ns@X,Y or ew@X,Y (build), "
                 "or TILE@X,YrR/ns@X,Y (a placement with a bridge)");
    }
    if (!slash || !at || at > slash) {
        return mp_diag_column(d, 1, "'%s' is not a bridge action; expected ns@X,Y or ew@X,Y (build), "
                 "or TILE@X,YrR/ns@X,Y (a placement with a bridge)", mp_quote(args, q, sizeof q));
    }
    char id[NAME_SIZE];
    size_t len = (size_t)(at - args);
    if (len >= sizeof id) len = sizeof id - 1;
    memcpy(id, args, len);
    id[len] = 0;
    int tile = mp_tileset_find(mp_mod_tiles(cx), id);
    if (tile < 0) {
        return mp_diag_column(d, 1, "unknown tile '%s'; expected a tile id of ruleset '%s'", mp_quote(id, q, sizeof q),
                 mp_ruleset_name(mp_mod_ruleset(cx)));
    }
    int px, py, rot = 0, n = 0;
    const char *p = at + 1;
    if (sscanf(p, "%6d,%6d%n", &px, &py, &n) != 2 || (p[n] != '/' && p[n] != 'r') ||
        (p[n] == 'r' && (p[n + 1] < '0' || p[n + 1] > '3' || p[n + 2] != '/'))) {
        return mp_diag_column(d, (int)(p - args) + 1, "'%s' is not a placement; expected X,Y or X,YrR (R 0 to 3) before '/'",
                 mp_quote(p, q, sizeof q));
    }
    if (p[n] == 'r') rot = p[n + 1] - '0';
    if (!(used = read_bridge(slash + 1, &axis, &x, &y)) || slash[1 + used]) {
        return mp_diag_column(d, (int)(slash - args) + 2, "'%s' is not a bridge; expected ns@X,Y or ew@X,Y", mp_quote(slash + 1, q, sizeof q));
    }
    *out = place_action(out->module, tile, px, py, rot, x, y, axis);
    return 0;
}

const mp_module mp_module_bridges = {
    .name = "bridges",
    .summary = "bridges: a road carried across a field side to field side, one a turn",
    .state_size = sizeof(bridges_state),
    .decisions = bridges_decisions,
    .aliases = (const mp_alias[]){ { "jcz", "bridge" }, { NULL, NULL } },   /* JCloisterZone's element */
    .configure = bridges_configure,
    .setup = bridges_setup,
    .legal = bridges_legal,
    .legal_phases = MP_LISTS_IN(MP_PHASE_PLACE) | MP_LISTS_IN(MP_PHASE_DEPLOY),
    .apply = bridges_apply,
    .format = bridges_format,
    .describe = bridges_describe,
    .parse = bridges_parse,
    .facts = bridges_facts,
    .overlay_name = "bridge",
    .tokens_name = "bridges",
    .tokens = bridges_tokens,
    .check = bridges_check,
};
