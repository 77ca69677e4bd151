/*
** place.c: where the drawn tile may go (the move generator for tile placement).
**
** A placement is legal when the cell is an empty cell of the board, at least one side touches a
** tile already there (corners do not count), and across every side that touches a tile each pair
** of facing ports obeys the ruleset's `match:` list: where either port holds a kind on that
** list, both must hold the same kind. The base game lists city, road and field (every side must
** continue its neighbour); The Castle lists only path. Rotations that give the same picture are
** generated once. Rules: base-game digest, "A turn" 1; The Castle digest, "A turn" 1.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "yamlx.h"

static int open_search(const mp_game *g, int x, int y, bool *found);
static bool code_fits(const mp_game *g, int tile, int rot, const mp_open *o);

/* 0 when the tile fits; otherwise a reason code, and the side at fault in *bad_side. */
enum { FIT_OK, FIT_TAKEN, FIT_OFF_BOARD, FIT_ALONE, FIT_SIDE };

static int fit(const mp_game *g, int tile, int x, int y, int rot, int *bad_side, int *bad_port) {
    int32_t here = mp_grid_get(g, x, y);
    if (here >= 0) return FIT_TAKEN;
    if (here == -2) return FIT_OFF_BOARD;
    const uint8_t *ours = g->ts->tiles[tile].port_kind[rot];
    uint16_t match = g->rs->match_kinds;
    uint8_t their[4][3];
    unsigned touch = mp_place_facing(g, x, y, their);
    for (int side = 0; side < 4; side++) {
        if (!(touch >> side & 1)) continue;
        for (int k = 0; k < 3; k++) {
            int p = 3 * side + k;
            int a = ours[p], b = their[side][k];
            if (a == b) continue;
            if ((a && (match >> (a - 1) & 1)) || (b && (match >> (b - 1) & 1))) {
                *bad_side = side;
                *bad_port = p;
                return FIT_SIDE;
            }
        }
    }
    return touch ? FIT_OK : FIT_ALONE;
}

bool mp_place_fits(const mp_game *g, int tile, int x, int y, int rot) {
    if (rot < 0 || rot > 3 || mp_grid_get(g, x, y) != -1) return false;
    bool found;
    int i = open_search(g, x, y, &found);
    return found && code_fits(g, tile, rot, &g->open[i]);
}

void mp_place_why(const mp_game *g, int tile, int x, int y, int rot, char *buf, size_t size) {
    static const char *const sides = "NESW";
    int side = 0, port = 0;
    switch (fit(g, tile, x, y, rot, &side, &port)) {
    case FIT_OK: snprintf(buf, size, "it fits"); break;
    case FIT_TAKEN: snprintf(buf, size, "cell %d,%d already holds a tile", x, y); break;
    case FIT_OFF_BOARD: snprintf(buf, size, "cell %d,%d is not on the board", x, y); break;
    case FIT_ALONE: snprintf(buf, size, "cell %d,%d touches no tile along a side", x, y); break;
    default: {
        const mp_tile *t = &g->ts->tiles[tile];
        int nx, ny;
        mp_grid_neighbour(x, y, side, &nx, &ny);
        const mp_placed *o = &g->placed[mp_grid_get(g, nx, ny)];
        int a = t->port_kind[rot][port], b = mp_placed_port_kind(g, o, MP_PORT_OPPOSITE(port));
        snprintf(buf, size, "side %c at port %s: %s meets %s", sides[side], mp_port_name(port),
                 a ? g->ts->kinds[a - 1].name : "nothing", b ? g->ts->kinds[b - 1].name : "nothing");
    }
    }
}

unsigned mp_place_facing(const mp_game *g, int x, int y, uint8_t their[4][3]) {
    unsigned touch = 0;
    for (int side = 0; side < 4; side++) {
        int nx, ny;
        mp_grid_neighbour(x, y, side, &nx, &ny);
        int32_t v = mp_grid_get(g, nx, ny);
        if (v < 0) continue;
        const mp_placed *o = &g->placed[v];
        for (int k = 0; k < 3; k++) their[side][k] = (uint8_t)mp_placed_port_kind(g, o, MP_PORT_OPPOSITE(3 * side + k));
        touch |= 1u << side;
    }
    return touch;
}

bool mp_place_fits_facing(const mp_game *g, const uint8_t kinds[MP_PORTS], unsigned touch, const uint8_t their[4][3]) {
    uint16_t match = g->rs->match_kinds;
    if (!touch) return false;
    for (int side = 0; side < 4; side++) {
        if (!(touch >> side & 1)) continue;
        for (int k = 0; k < 3; k++) {
            int a = kinds[3 * side + k], b = their[side][k];
            if (a != b && ((a && (match >> (a - 1) & 1)) || (b && (match >> (b - 1) & 1)))) return false;
        }
    }
    return true;
}

/* ------------------------------------------------------------------ the fast path: open cells */

void mp_place_prepare(mp_ruleset *rs) {
    const mp_tileset *ts = rs->tiles;
    for (int k = 0; k <= MP_MAX_KINDS; k++)
        rs->port_code[k] = (uint8_t)(k && (rs->match_kinds >> (k - 1) & 1) ? k : 0);
    rs->tile_code = mp_arena_alloc(rs->arena, (size_t)(ts->n_tiles ? ts->n_tiles : 1) * 4 * sizeof *rs->tile_code);
    for (int t = 0; t < ts->n_tiles; t++)
        for (int r = 0; r < 4; r++) {
            uint64_t c = 0;
            for (int p = 0; p < MP_PORTS; p++) c |= (uint64_t)rs->port_code[ts->tiles[t].port_kind[r][p]] << (5 * p);
            rs->tile_code[4 * t + r] = c;
        }
}

/* Where cell x,y is or would go in the sorted open list; *found when it is there. */
static int open_search(const mp_game *g, int x, int y, bool *found) {
    int lo = 0, hi = g->n_open;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        const mp_open *o = &g->open[mid];
        if (o->y < y || (o->y == y && o->x < x)) lo = mid + 1;
        else hi = mid;
    }
    *found = lo < g->n_open && g->open[lo].x == x && g->open[lo].y == y;
    return lo;
}

static mp_open *open_get(mp_game *g, int x, int y) {
    bool found;
    int i = open_search(g, x, y, &found);
    if (found) return &g->open[i];
    if (g->n_open == g->cap_open) {
        g->cap_open = g->cap_open ? 2 * g->cap_open : 64;
        mp_open *v = realloc(g->open, (size_t)g->cap_open * sizeof *v);
        if (!v) abort();
        g->open = v;
    }
    memmove(&g->open[i + 1], &g->open[i], (size_t)(g->n_open - i) * sizeof *g->open);
    g->n_open++;
    g->open[i] = (mp_open){ .x = (int16_t)x, .y = (int16_t)y };
    return &g->open[i];
}

/* The ports of placed tile p on `side` now constrain the open cell across it. */
static void constrain(const mp_game *g, const mp_placed *p, int side, mp_open *o) {
    for (int k = 0; k < 3; k++) {
        int port = 3 * side + k, q = MP_PORT_OPPOSITE(port);
        uint64_t code = g->rs->port_code[mp_placed_port_kind(g, p, port)];
        o->need = (o->need & ~(31ull << (5 * q))) | code << (5 * q);
        o->mask |= 31ull << (5 * q);
    }
}

void mp_place_open_tile(mp_game *g, int placed) {
    const mp_placed *p = &g->placed[placed];
    bool found;
    int i = open_search(g, p->x, p->y, &found);
    if (found) memmove(&g->open[i], &g->open[i + 1], (size_t)(--g->n_open - i) * sizeof *g->open);
    for (int side = 0; side < 4; side++) {
        int nx, ny;
        mp_grid_neighbour(p->x, p->y, side, &nx, &ny);
        if (mp_grid_get(g, nx, ny) == -1) constrain(g, &g->placed[placed], side, open_get(g, nx, ny));
    }
}

void mp_place_open_overlay(mp_game *g, int placed) {
    const mp_placed *p = &g->placed[placed];
    for (int side = 0; side < 4; side++) {
        if (!(p->overlay_ports & MP_SIDE_MASK(side))) continue;
        int nx, ny;
        mp_grid_neighbour(p->x, p->y, side, &nx, &ny);
        if (mp_grid_get(g, nx, ny) == -1) constrain(g, p, side, open_get(g, nx, ny));
    }
}

static bool code_fits(const mp_game *g, int tile, int rot, const mp_open *o) {
    return ((g->rs->tile_code[4 * tile + rot] ^ o->need) & o->mask) == 0;
}

/* The rotations (bit r) of the tile that fit the open cell: all four tested at once, with no
** branch (a loop the compiler can turn into vector operations). */
static inline unsigned fit_mask(const uint64_t code[4], const mp_open *o) {
    uint64_t need = o->need, mask = o->mask;
    return (unsigned)(((code[0] ^ need) & mask) == 0) | (unsigned)(((code[1] ^ need) & mask) == 0) << 1 |
           (unsigned)(((code[2] ^ need) & mask) == 0) << 2 | (unsigned)(((code[3] ^ need) & mask) == 0) << 3;
}

/* Lists the legal placements of the tile, row by row, west to east, rotations in order (the open
** cells are kept in that order). Writes at most cap of them (out may be NULL with cap 0); returns
** the number there are. */
int mp_place_list(const mp_game *g, int tile, mp_action *out, int cap) {
    const uint64_t *code = &g->rs->tile_code[4 * tile];
    unsigned distinct = g->ts->tiles[tile].distinct_rot;
    mp_action a = { .kind = MP_ACT_PLACE, .tile = (int16_t)tile };
    int n = 0;
    for (int i = 0; i < g->n_open; i++) {
        const mp_open *o = &g->open[i];
        unsigned m = fit_mask(code, o) & distinct;
        if (!m) continue;
        if (!out) { n += __builtin_popcount(m); continue; }
        a.x = o->x;
        a.y = o->y;
        for (; m; m &= m - 1) {
            a.rot = (uint8_t)__builtin_ctz(m);
            if (n < cap) out[n] = a;
            n++;
        }
    }
    return n;
}

bool mp_place_any(const mp_game *g, int tile) {
    const uint64_t *code = &g->rs->tile_code[4 * tile];
    for (int i = 0; i < g->n_open; i++)
        if (fit_mask(code, &g->open[i])) return true;   /* a turned copy fits if any rotation does */
    return false;
}

/* ------------------------------------------------------------------ the reference */

int mp_place_list_reference(const mp_game *g, int tile, mp_action *out, int cap) {
    const mp_tile *t = &g->ts->tiles[tile];
    int n = 0;
    for (int y = g->min_y - 1; y <= g->max_y + 1; y++)
        for (int x = g->min_x - 1; x <= g->max_x + 1; x++) {
            uint8_t their[4][3];
            unsigned touch;
            if (mp_grid_get(g, x, y) != -1 || !(touch = mp_place_facing(g, x, y, their))) continue;
            for (int r = 0; r < 4; r++) {
                if (!(t->distinct_rot & (1u << r)) || !mp_place_fits_facing(g, t->port_kind[r], touch, their)) continue;
                if (n < cap)
                    out[n] = (mp_action){ .kind = MP_ACT_PLACE, .tile = (int16_t)tile, .x = (int16_t)x,
                                          .y = (int16_t)y, .rot = (uint8_t)r };
                n++;
            }
        }
    return n;
}
