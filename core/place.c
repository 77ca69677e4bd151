/*
** place.c: where the drawn tile may go: the rule, the open cells, and the reference list.
**
** A placement is legal when the cell is an empty cell of the board, at least one side touches a
** tile already there (corners do not count), and across every side that touches a tile each pair
** of facing ports obeys the ruleset's `match:` list: where either port holds a kind on that
** list, both must hold the same kind. The base game lists city, road and field (every side must
** continue its neighbour); The Castle lists only path. Rotations that give the same picture are
** generated once. Rules: base-game digest, "A turn" 1; The Castle digest, "A turn" 1.
**
** Here: that rule port by port (for messages, modules and the reference list); the side numbers
** every tile's sides get at load; the open cells (empty, touching a tile), kept sorted in row
** order with what each asks of a tile, updated as tiles are placed; and the placements that miss
** only at ports an overlay could mend (module.h, mp_mod_place_near_misses). The fast list is in
** list.c.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "yamlx.h"

static int open_search(const mp_game *g, int x, int y, bool *found);
static bool code_fits(const mp_game *g, int tile, int rot, uint32_t need);
static unsigned face(const mp_game *g, const mp_placed *p, int side);

/* The first port (side by side, clockwise) where a tile whose ports hold `kinds` (1 + kind, 0
** nothing) breaks the match rule against what faces it on the touching sides; -1 when none does. */
static int first_mismatch(const mp_game *g, const uint8_t kinds[MP_PORTS], unsigned touch, const uint8_t their[4][3]) {
    uint16_t match = g->rs->match_kinds;
    for (int side = 0; side < 4; side++) {
        if (!(touch >> side & 1)) continue;
        for (int k = 0; k < 3; k++) {
            int a = kinds[3 * side + k], b = their[side][k];
            if (a != b && ((a && (match >> (a - 1) & 1)) || (b && (match >> (b - 1) & 1)))) return 3 * side + k;
        }
    }
    return -1;
}

/* 0 when the tile fits; otherwise a reason code, and the side at fault in *bad_side. */
enum { FIT_OK, FIT_TAKEN, FIT_OFF_BOARD, FIT_ALONE, FIT_SIDE };

static int fit(const mp_game *g, int tile, int x, int y, int rot, int *bad_side, int *bad_port) {
    int32_t here = mp_grid_get(g, x, y);
    if (here >= 0) return FIT_TAKEN;
    if (here == -2) return FIT_OFF_BOARD;
    uint8_t their[4][3];
    unsigned touch = mp_place_facing(g, x, y, their);
    int p = first_mismatch(g, g->ts->tiles[tile].port_kind[rot], touch, their);
    if (p >= 0) {
        *bad_side = MP_PORT_SIDE(p);
        *bad_port = p;
        return FIT_SIDE;
    }
    return touch ? FIT_OK : FIT_ALONE;
}

/* Whether the tile fits there: the cell must be an open cell, and the tile turned so meet what it
** asks. */
bool mp_place_fits(const mp_game *g, int tile, int x, int y, int rot) {
    return mp_place_fits_at(g, tile, x, y, rot) >= 0;
}

int mp_place_fits_at(const mp_game *g, int tile, int x, int y, int rot) {
    if (rot < 0 || rot > 3) return -1;
    bool found;
    int i = open_search(g, x, y, &found);
    return found && code_fits(g, tile, rot, g->open[i].need) ? i : -1;
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
    return touch && first_mismatch(g, kinds, touch, their) < 0;
}

/* ------------------------------------------------------------------ side numbers and open cells */

/* A side of a tile, as the match rule sees it: the matching codes of its three ports, clockwise
** (5 bits each). Two sides fit when one's triple equals the other's read backwards (Nw faces Sw,
** N faces S, Ne faces Se). Every triple that occurs on a tile of the set gets a small number
** (`side_index`), so a tile turned r is 4 bytes, one per side (N E S W), and what an open cell asks
** of a tile is 4 bytes too: the side number each neighbour asks for, MP_SIDE_ANY where no tile
** touches, MP_SIDE_NONE where a neighbour shows a side no tile could meet. A fit is a byte-wise
** compare of 32 bits, and the four rotations of a tile are tested together. */
static unsigned side_key(const mp_ruleset *rs, const uint8_t *kinds, int side) {
    return rs->port_code[kinds[3 * side]] | rs->port_code[kinds[3 * side + 1]] << 5 |
           rs->port_code[kinds[3 * side + 2]] << 10;
}
static unsigned key_reversed(unsigned key) { return (key & 31) << 10 | (key & (31 << 5)) | key >> 10; }

int mp_place_prepare(mp_ruleset *rs, mp_diag *d) {
    const mp_tileset *ts = rs->tiles;
    for (int k = 0; k <= MP_MAX_KINDS; k++)
        rs->port_code[k] = (uint8_t)(k && (rs->match_kinds >> (k - 1) & 1) ? k : 0);
    rs->side_index = mp_arena_alloc(rs->arena, MP_SIDE_KEYS);
    memset(rs->side_index, MP_SIDE_NONE, MP_SIDE_KEYS);
    int n = 0;
    for (int t = 0; t < ts->n_tiles; t++)
        for (int s = 0; s < 4; s++) {
            unsigned key = side_key(rs, ts->tiles[t].port_kind[0], s);
            if (rs->side_index[key] != MP_SIDE_NONE) continue;
            if (n == MP_SIDE_NONE) {
                return mp_diag_set(d, ts->path, 0, 0, "the tiles show more than %d different sides to the match "
                                   "rule; expected at most %d", MP_SIDE_NONE, MP_SIDE_NONE);
            }
            rs->side_key[n] = (uint16_t)key;
            rs->side_index[key] = (uint8_t)n++;
        }
    size_t codes = (size_t)(ts->n_tiles ? ts->n_tiles : 1) * 4;
    rs->tile_code = mp_arena_alloc(rs->arena, codes * sizeof *rs->tile_code);
    rs->face_code = mp_arena_alloc(rs->arena, codes * sizeof *rs->face_code);
    rs->list_code = mp_arena_alloc(rs->arena, codes * sizeof *rs->list_code);
    for (int t = 0; t < ts->n_tiles; t++)
        for (int r = 0; r < 4; r++) {
            uint32_t c = 0, f = 0;
            for (int s = 0; s < 4; s++) {
                unsigned key = side_key(rs, ts->tiles[t].port_kind[r], s);
                c |= (uint32_t)rs->side_index[key] << (8 * s);
                f |= (uint32_t)rs->side_index[key_reversed(key)] << (8 * s);
            }
            rs->tile_code[4 * t + r] = c;
            rs->face_code[4 * t + r] = f;
            /* For the list: a rotation that repeats an earlier picture never fits. */
            rs->list_code[4 * t + r] = ts->tiles[t].distinct_rot >> r & 1 ? c : MP_SIDE_NONE * 0x01010101u;
        }
    rs->surrounded_tiles = mp_arena_alloc(rs->arena, (size_t)ts->n_tiles / 8 + 1);
    memset(rs->surrounded_tiles, 0, (size_t)ts->n_tiles / 8 + 1);
    for (int t = 0; t < ts->n_tiles; t++)
        for (int f = 0; f < ts->tiles[t].n_features; f++)
            if (ts->kinds[ts->tiles[t].f[f].kind].completes == MP_COMPLETE_SURROUNDED)
                rs->surrounded_tiles[t >> 3] |= (uint8_t)(1u << (t & 7));
    return 0;
}

/* What placed tile p asks, across its side `side`, of the cell there (at that cell's opposite
** side): precomputed per tile and rotation, worked out from the ports when a bridge lies on it. */
static unsigned face_from_ports(const mp_game *g, const mp_placed *p, int side) {
    uint8_t kinds[MP_PORTS];
    for (int q = 0; q < MP_PORTS; q++) kinds[q] = (uint8_t)mp_placed_port_kind(g, p, q);
    return g->rs->side_index[key_reversed(side_key(g->rs, kinds, side))];
}
static unsigned face(const mp_game *g, const mp_placed *p, int side) {
    if (p->overlay < 0) return g->rs->face_code[4 * p->tile + p->rot] >> (8 * side) & 0xff;
    return face_from_ports(g, p, side);
}

/* Worked out from the ports of the tiles around, not from the precomputed codes: what
** mp_game_check compares the open cells with. */
unsigned mp_place_need(const mp_game *g, int x, int y, uint32_t *need) {
    unsigned touch = 0;
    *need = 0xffffffffu;   /* MP_SIDE_ANY on every side */
    for (int side = 0; side < 4; side++) {
        int nx, ny;
        mp_grid_neighbour(x, y, side, &nx, &ny);
        int32_t v = mp_grid_get(g, nx, ny);
        if (v < 0) continue;
        int here = (side + 2) & 3;   /* the neighbour's side that touches this cell */
        *need = (*need & ~(0xffu << (8 * side))) | face_from_ports(g, &g->placed[v], here) << (8 * side);
        touch |= 1u << side;
    }
    return touch;
}

/* Where cell x,y is or would go in the sorted open list; *found when it is there. No branch on
** the comparisons: they go either way at random. */
static int open_search(const mp_game *g, int x, int y, bool *found) {
    uint32_t key = mp_open_key(x, y);
    const mp_open *base = g->open;
    int n = g->n_open;
    while (n > 1) {
        int half = n / 2;
        base = base[half - 1].key < key ? base + half : base;
        n -= half;
    }
    int i = (int)(base - g->open) + (n == 1 && base->key < key);
    *found = i < g->n_open && g->open[i].key == key;
    return i;
}

/* A new open cell, asking nothing yet, at index i of the sorted array. */
static void open_insert(mp_game *g, int i, uint32_t key) {
    MP_ASSERT(g->n_open + 8 < g->cap_open);   /* sized for every cell there can be (state.c) */
    memmove(&g->open[i + 1], &g->open[i], (size_t)(g->n_open - i) * sizeof *g->open);
    g->n_open++;
    g->open[i] = (mp_open){ key, 0xffffffffu };   /* MP_SIDE_ANY on every side */
}

/* The index of open cell x,y, added when it is not there. */
static int open_get(mp_game *g, int x, int y) {
    bool found;
    int i = open_search(g, x, y, &found);
    if (!found) open_insert(g, i, mp_open_key(x, y));
    return i;
}

static void open_remove(mp_game *g, int i) {
    memmove(&g->open[i], &g->open[i + 1], (size_t)(g->n_open - i - 1) * sizeof *g->open);
    g->n_open--;
    g->open[g->n_open].need = MP_SIDE_NONE * 0x01010101u;
}

/* Placed tile p now constrains the open cell across its side `side`. */
static void constrain(mp_game *g, const mp_placed *p, int side, int i) {
    int at = 8 * ((side + 2) & 3);
    g->open[i].need = (g->open[i].need & ~(0xffu << at)) | face(g, p, side) << at;
}

/* A tile was placed: its cell is no longer open, and the empty cells beside it are (or were)
** open and now ask of a tile what it shows them. One search finds the tile's cell; its
** neighbours lie close to it in row order: west just before, east just after, north a little
** before (the rest of the row above and the start of this one), south a little after. They are
** visited from the last index to the first, so inserting one does not move the next. */
void mp_place_open_tile(mp_game *g, int placed, const int32_t nb[4]) {
    const mp_placed *p = &g->placed[placed];
    int x = p->x, y = p->y;
    bool found;
    int i = g->open_hint;   /* where the fit check found the cell, when a placement just made it */
    g->open_hint = -1;
    if (i >= 0 && i < g->n_open && g->open[i].key == mp_open_key(x, y)) found = true;
    else i = open_search(g, x, y, &found);
    int after = i + found;                   /* the first cell after the tile's own */
    if (nb[MP_S] == -1) {
        uint32_t key = mp_open_key(x, y + 1);
        int j = after;
        while (j < g->n_open && g->open[j].key < key) j++;
        if (j == g->n_open || g->open[j].key != key) open_insert(g, j, key);
        constrain(g, p, MP_S, j);
    }
    if (nb[MP_E] == -1) {
        uint32_t key = mp_open_key(x + 1, y);
        if (after == g->n_open || g->open[after].key != key) open_insert(g, after, key);
        constrain(g, p, MP_E, after);
    }
    if (found) open_remove(g, i);
    if (nb[MP_W] == -1) {
        uint32_t key = mp_open_key(x - 1, y);
        if (i > 0 && g->open[i - 1].key == key) constrain(g, p, MP_W, i - 1);
        else open_insert(g, i, key), constrain(g, p, MP_W, i);
    }
    if (nb[MP_N] == -1) {
        uint32_t key = mp_open_key(x, y - 1);
        int j = i;
        while (j > 0 && g->open[j - 1].key > key) j--;
        if (j > 0 && g->open[j - 1].key == key) constrain(g, p, MP_N, j - 1);
        else open_insert(g, j, key), constrain(g, p, MP_N, j);
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


static bool code_fits(const mp_game *g, int tile, int rot, uint32_t need) {
    uint32_t c = g->rs->tile_code[4 * tile + rot];
    bool ok = true;
    for (int s = 0; s < 4; s++) ok &= mp_side_ok(c >> (8 * s) & 0xff, need >> (8 * s) & 0xff);
    return ok;
}

/* The sides (bit 4r + s) where the tile turned r meets what an open cell asks: the four rotations
** compared at once with SSE2. */
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
static unsigned sides_that_fit(const mp_ruleset *rs, int tile, uint32_t need) {
#if defined(__SSE2__)
    __m128i code = _mm_loadu_si128((const __m128i *)(const void *)&rs->tile_code[4 * tile]), want = _mm_set1_epi32((int)need);
    __m128i ok = _mm_or_si128(_mm_cmpeq_epi8(code, want), _mm_cmpeq_epi8(want, _mm_set1_epi8((char)MP_SIDE_ANY)));
    return (unsigned)_mm_movemask_epi8(ok);
#else
    unsigned ok = 0;
    for (int r = 0; r < 4; r++)
        for (int side = 0; side < 4; side++)
            ok |= (unsigned)mp_side_ok(rs->tile_code[4 * tile + r] >> (8 * side) & 0xff, need >> (8 * side) & 0xff) << (4 * r + side);
    return ok;
#endif
}

/* The ports of side `side` where a tile whose ports hold `kinds` does not meet the tile across
** it, worked out from the ports (where that tile shows a side no tile has: a bridge on it). */
static unsigned side_mismatch(const mp_game *g, const uint8_t *kinds, int x, int y, int side) {
    int nx, ny;
    mp_grid_neighbour(x, y, side, &nx, &ny);
    const mp_placed *o = &g->placed[mp_grid_get(g, nx, ny)];
    unsigned bad = 0;
    for (int p = 3 * side; p < 3 * side + 3; p++)
        if (g->rs->port_code[kinds[p]] != g->rs->port_code[mp_placed_port_kind(g, o, MP_PORT_OPPOSITE(p))])
            bad |= 1u << p;
    return bad;
}

/* What a set of overlay shapes can mend, worked out once a call: the sets of sides (bit s-set)
** some shape reaches (any part of the sides it touches), and per side the bits of a side key
** (5 a port) where a difference may lie. */
typedef struct reach { unsigned side_sets; unsigned key_ok[4]; uint16_t ports; } reach;

static void reach_of(const uint16_t *shapes, int n_shapes, reach *out) {
    *out = (reach){ 0 };
    for (int i = 0; i < n_shapes; i++) {
        unsigned sides = 0;
        for (int s = 0; s < 4; s++) sides |= (unsigned)!!(shapes[i] & MP_SIDE_MASK(s)) << s;
        for (unsigned sub = sides; sub; sub = (sub - 1) & sides) out->side_sets |= 1u << sub;
        out->ports |= shapes[i];
    }
    for (int s = 0; s < 4; s++)
        for (int k = 0; k < 3; k++)
            if (out->ports >> (3 * s + k) & 1) out->key_ok[s] |= 31u << (5 * k);
}

/* The ports where tile turned r misses open cell i (on the sides bad_sides, a set some shape
** reaches), when they all lie within one shape; 0 when it misses elsewhere. */
static unsigned near_miss(const mp_game *g, const reach *re, const uint16_t *shapes, int n_shapes, int tile, int r,
                          int i, unsigned bad_sides) {
    const mp_ruleset *rs = g->rs;
    uint32_t need = g->open[i].need, sides = rs->tile_code[4 * tile + r];
    unsigned bad = 0;
    for (unsigned m = bad_sides; m; m &= m - 1) {
        int side = __builtin_ctz(m);
        unsigned want = need >> (8 * side) & 0xff;
        if (want == MP_SIDE_NONE) {
            unsigned b = side_mismatch(g, g->ts->tiles[tile].port_kind[r], mp_open_x(g->open[i].key),
                                       mp_open_y(g->open[i].key), side);
            if (b & ~(unsigned)re->ports) return 0;
            bad |= b;
            continue;
        }
        /* The ports whose matching codes differ, read from the side numbers (the codes of a side
        ** number are its key, 5 bits a port in the tile's port order). */
        unsigned diff = rs->side_key[sides >> (8 * side) & 0xff] ^ rs->side_key[want];
        if (diff & ~re->key_ok[side]) return 0;
        unsigned any = diff | diff >> 1 | diff >> 2 | diff >> 3 | diff >> 4;
        bad |= ((any & 1) | (any >> 4 & 2) | (any >> 8 & 4)) << (3 * side);
    }
    for (int j = 0; j < n_shapes; j++)
        if (!(bad & ~(unsigned)shapes[j])) return bad;
    return 0;
}

int mp_place_near_misses(const mp_game *g, int tile, const uint16_t *shapes, int n_shapes, mp_near_miss *out, int cap) {
    reach re;
    reach_of(shapes, n_shapes, &re);
    unsigned distinct = g->ts->tiles[tile].distinct_rot & 0xf;
    int n = 0;
    for (int i = 0; i < g->n_open && re.side_sets; i++) {
        unsigned miss = ~sides_that_fit(g->rs, tile, g->open[i].need);
        for (unsigned rots = distinct; rots; rots &= rots - 1) {   /* a picture that repeats is left out */
            int r = __builtin_ctz(rots);
            /* Fits as it is (no set: bit 0 is never on), or is out of reach. */
            unsigned bad_sides = miss >> (4 * r) & 0xf;
            if (!(re.side_sets >> bad_sides & 1)) continue;
            unsigned bad = near_miss(g, &re, shapes, n_shapes, tile, r, i, bad_sides);
            if (!bad) continue;
            if (n < cap)
                out[n] = (mp_near_miss){ .x = mp_open_x(g->open[i].key), .y = mp_open_y(g->open[i].key), .rot = r,
                                         .bad = (uint16_t)bad };
            n++;
        }
    }
    return n;
}

unsigned mp_place_near_miss(const mp_game *g, int tile, int x, int y, int rot, const uint16_t *shapes, int n_shapes) {
    bool found;
    int i = open_search(g, x, y, &found);
    if (!found || rot < 0 || rot > 3) return 0;
    reach re;
    reach_of(shapes, n_shapes, &re);
    unsigned bad_sides = ~sides_that_fit(g->rs, tile, g->open[i].need) >> (4 * rot) & 0xf;
    if (!(re.side_sets >> bad_sides & 1) || !(g->ts->tiles[tile].distinct_rot >> rot & 1)) return 0;
    return near_miss(g, &re, shapes, n_shapes, tile, rot, i, bad_sides);
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

/* ------------------------------------------------------------------ placements a module forbids */

bool mp_place_allowed(const mp_game *g, const mp_action *place) {
    return mp_place_allowed_why(g, place, NULL, 0);
}

bool mp_place_allowed_why(const mp_game *g, const mp_action *place, char *why, size_t size) {
    MP_EACH_MODULE_WITH(g, allows_place, i, m) {
        mp_module_view v = mp_module_view_of(g, i);
        if (!m->allows_place(&v, place, why, size)) return false;
    }
    return true;
}

/* The fast list into room for every placement there can be, then only the allowed ones kept. */
int mp_place_list_filtered(const mp_game *g, int tile, mp_action *out, int cap) {
    int room = 4 * g->n_open + 4, n = 0;
    mp_action local[1024], *all = room <= 1024 ? local : malloc((size_t)room * sizeof *all);
    if (!all) abort();
    int k = mp_place_list(g, tile, all, room);
    for (int i = 0; i < k; i++)
        if (mp_place_allowed(g, &all[i])) {
            if (n < cap) out[n] = all[i];
            n++;
        }
    if (all != local) free(all);
    return n;
}
