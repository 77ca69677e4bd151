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
                snprintf(d->file, sizeof d->file, "%s", ts->path);
                d->line = d->column = 0;
                snprintf(d->message, sizeof d->message, "the tiles show more than %d different sides to the match "
                         "rule; expected at most %d", MP_SIDE_NONE, MP_SIDE_NONE);
                return 1;
            }
            rs->side_index[key] = (uint8_t)n++;
        }
    size_t codes = (size_t)(ts->n_tiles ? ts->n_tiles : 1) * 4;
    rs->tile_code = mp_arena_alloc(rs->arena, codes * sizeof *rs->tile_code);
    rs->face_code = mp_arena_alloc(rs->arena, codes * sizeof *rs->face_code);
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
        }
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
    g->open[i] = (mp_open){ .key = mp_open_key(x, y), .need = 0xffffffffu };
    return &g->open[i];
}

/* Placed tile p now constrains the open cell across its side `side`. */
static void constrain(const mp_game *g, const mp_placed *p, int side, mp_open *o) {
    int at = 8 * ((side + 2) & 3);
    o->need = (o->need & ~(0xffu << at)) | face(g, p, side) << at;
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

/* Whether side number `have` meets what an open cell asks there, byte by byte. */
static inline bool side_ok(unsigned have, unsigned need) { return have == need || need == MP_SIDE_ANY; }

static bool code_fits(const mp_game *g, int tile, int rot, const mp_open *o) {
    uint32_t c = g->rs->tile_code[4 * tile + rot];
    for (int s = 0; s < 4; s++)
        if (!side_ok(c >> (8 * s) & 0xff, o->need >> (8 * s) & 0xff)) return false;
    return true;
}

/* The rotations (bit r) of a tile that fit an open cell: the four codes tested at once. */
#if defined(__SSE2__)
#include <emmintrin.h>
typedef __m128i codes4;
static inline codes4 codes_load(const uint32_t *c) { return _mm_loadu_si128((const __m128i *)c); }
static inline unsigned fit_mask(codes4 code, const mp_open *o) {
    __m128i need = _mm_set1_epi32((int)o->need);
    __m128i ok = _mm_or_si128(_mm_cmpeq_epi8(code, need), _mm_cmpeq_epi8(need, _mm_set1_epi8((char)MP_SIDE_ANY)));
    return (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(ok, _mm_set1_epi32(-1))));
}
#else
typedef const uint32_t *codes4;
static inline codes4 codes_load(const uint32_t *c) { return c; }
static inline unsigned fit_mask(codes4 code, const mp_open *o) {
    unsigned m = 0;
    for (int r = 0; r < 4; r++) {
        bool ok = true;
        for (int s = 0; s < 4; s++) ok &= side_ok(code[r] >> (8 * s) & 0xff, o->need >> (8 * s) & 0xff);
        m |= (unsigned)ok << r;
    }
    return m;
}
#endif

/* One placement written as the bytes of an mp_action (a plain copy of a struct on the stack costs
** more than the list's fit tests): kind, rot, feature, variant, tile, x in the first 8 bytes, y
** and the zeros after it. Little-endian hosts; others copy the struct. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#include <stddef.h>
_Static_assert(offsetof(mp_action, rot) == 1 && offsetof(mp_action, tile) == 4 && offsetof(mp_action, x) == 6 &&
               offsetof(mp_action, y) == 8 && offsetof(mp_action, code) == 12 && sizeof(mp_action) == 28,
               "mp_action's layout as place_write expects");
typedef struct { uint64_t lo, hi; } place_bytes;
static inline place_bytes place_cell(int tile, const mp_open *o) {
    return (place_bytes){ MP_ACT_PLACE | (uint64_t)(uint16_t)tile << 32 | (uint64_t)((o->key & 0xffff) ^ 0x8000) << 48,
                          (o->key >> 16) ^ 0x8000 };
}
static inline void place_write(mp_action *out, place_bytes b, unsigned rot) {
    uint64_t lo = b.lo | (uint64_t)rot << 8, zero = 0;
    uint32_t zero4 = 0;
    memcpy((char *)out, &lo, 8);
    memcpy((char *)out + 8, &b.hi, 8);
    memcpy((char *)out + 16, &zero, 8);
    memcpy((char *)out + 24, &zero4, 4);
}
#else
typedef mp_action place_bytes;
static inline place_bytes place_cell(int tile, const mp_open *o) {
    return (mp_action){ .kind = MP_ACT_PLACE, .tile = (int16_t)tile, .x = (int16_t)mp_open_x(o), .y = (int16_t)mp_open_y(o) };
}
static inline void place_write(mp_action *out, place_bytes b, unsigned rot) {
    b.rot = (uint8_t)rot;
    *out = b;
}
#endif

/* Lists the legal placements of the tile, row by row, west to east, rotations in order (the open
** cells are kept in that order). Writes at most cap of them (out may be NULL with cap 0); returns
** the number there are. */
int mp_place_list(const mp_game *g, int tile, mp_action *out, int cap) {
    codes4 code = codes_load(&g->rs->tile_code[4 * tile]);
    unsigned distinct = g->ts->tiles[tile].distinct_rot;
    int n = 0;
    const mp_open *o = g->open, *end = g->open + g->n_open;
    if (!out) cap = 0;
    /* While four more always fit, no bound checks. About half the cells take the tile, at random:
    ** a branch on it would be mispredicted half the time, so the first rotation is written
    ** whether it fits or not and counted only when it does. */
    for (; o < end && n + 4 <= cap; o++) {
        unsigned m = fit_mask(code, o) & distinct;
        place_bytes b = place_cell(tile, o);
        place_write(&out[n], b, (unsigned)__builtin_ctz(m | 16));
        n += m != 0;
        for (m &= m - 1; m; m &= m - 1) place_write(&out[n++], b, (unsigned)__builtin_ctz(m));
    }
    for (; o < end; o++) {
        unsigned m = fit_mask(code, o) & distinct;
        for (; m; m &= m - 1, n++)
            if (n < cap) place_write(&out[n], place_cell(tile, o), (unsigned)__builtin_ctz(m));
    }
    return n;
}

bool mp_place_any(const mp_game *g, int tile) {
    codes4 code = codes_load(&g->rs->tile_code[4 * tile]);
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
