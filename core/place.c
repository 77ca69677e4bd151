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
static bool code_fits(const mp_game *g, int tile, int rot, uint32_t need);
static unsigned face(const mp_game *g, const mp_placed *p, int side);

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

/* Whether side number `have` meets what an open cell asks there, byte by byte. */
static inline bool side_ok(unsigned have, unsigned need) { return have == need || need == MP_SIDE_ANY; }

static bool code_fits(const mp_game *g, int tile, int rot, uint32_t need) {
    uint32_t c = g->rs->tile_code[4 * tile + rot];
    bool ok = true;
    for (int s = 0; s < 4; s++) ok &= side_ok(c >> (8 * s) & 0xff, need >> (8 * s) & 0xff);
    return ok;
}

/* Four open cells against the four rotations, and a placement written. fit_group writes each
** cell's rotations that fit (bit r: rotation r) as a byte, and returns the cells that take some
** rotation (bit c); place_head makes the part of a placement a cell decides, place_write writes
** it turned r. With SSE2 a group is a few compares, and a placement two 16-byte stores: the zeros
** of bytes 12..27, then the first 16 bytes (kind, rot, tile, x, y) over them. */
#if defined(__SSE2__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#include <emmintrin.h>
#include <stddef.h>
_Static_assert(offsetof(mp_action, rot) == 1 && offsetof(mp_action, tile) == 4 && offsetof(mp_action, x) == 6 &&
               offsetof(mp_action, y) == 8 && sizeof(mp_action) == 28, "mp_action's layout as the list writes it");

typedef struct fit4 { __m128i code[4], any_side, ones, bit[4], kind_tile; } fit4;
typedef __m128i place_head_t;

static inline fit4 fit4_make(const uint32_t code[4], int tile) {
    fit4 f;
    for (int r = 0; r < 4; r++) {
        f.code[r] = _mm_set1_epi32((int)code[r]);
        f.bit[r] = _mm_set1_epi32(1 << r);
    }
    f.any_side = _mm_set1_epi8((char)MP_SIDE_ANY);
    f.ones = _mm_set1_epi32(-1);
    f.kind_tile = _mm_set_epi32(0, 0, (uint16_t)tile, MP_ACT_PLACE);
    return f;
}

static inline unsigned fit_group(const fit4 *f, const mp_open *cells, uint8_t rotations[4]) {
    __m128 lo = _mm_loadu_ps((const float *)(const void *)cells), hi = _mm_loadu_ps((const float *)(const void *)(cells + 2));
    __m128i need = _mm_castps_si128(_mm_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1)));   /* the four needs */
    __m128i any = _mm_cmpeq_epi8(need, f->any_side);
#define FITS(r) _mm_and_si128(_mm_cmpeq_epi32(_mm_or_si128(_mm_cmpeq_epi8(need, f->code[r]), any), f->ones), f->bit[r])
    __m128i m = _mm_or_si128(_mm_or_si128(FITS(0), FITS(1)), _mm_or_si128(FITS(2), FITS(3)));
#undef FITS
    __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(m, m), _mm_setzero_si128());
    int four = _mm_cvtsi128_si32(bytes);
    memcpy(rotations, &four, 4);
    return (unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(bytes, _mm_setzero_si128())) & 0xf;
}

/* Kind and tile in bytes 0..5, x and y (the key, unbiased) shifted to bytes 6..9. */
static inline place_head_t place_head(const fit4 *f, uint32_t key) {
    return _mm_or_si128(f->kind_tile, _mm_slli_si128(_mm_cvtsi32_si128((int)(key ^ 0x80008000u)), 6));
}
static inline void place_write(mp_action *out, place_head_t head, unsigned rot) {
    _mm_storeu_si128((__m128i *)(void *)((char *)out + 12), _mm_setzero_si128());
    _mm_storeu_si128((__m128i *)(void *)out, _mm_or_si128(head, _mm_cvtsi32_si128((int)(rot << 8))));
}

#else
typedef struct fit4 { uint32_t code[4]; int tile; } fit4;
typedef mp_action place_head_t;

static inline fit4 fit4_make(const uint32_t code[4], int tile) {
    fit4 f = { .tile = tile };
    memcpy(f.code, code, sizeof f.code);
    return f;
}
static inline unsigned fit_group(const fit4 *f, const mp_open *cells, uint8_t rotations[4]) {
    unsigned takes = 0;
    for (int c = 0; c < 4; c++) {
        rotations[c] = 0;
        for (int r = 0; r < 4; r++) {
            bool ok = true;
            for (int s = 0; s < 4; s++) ok &= side_ok(f->code[r] >> (8 * s) & 0xff, cells[c].need >> (8 * s) & 0xff);
            rotations[c] |= (uint8_t)(ok << r);
        }
        takes |= (unsigned)(rotations[c] != 0) << c;
    }
    return takes;
}
static inline place_head_t place_head(const fit4 *f, uint32_t key) {
    return (mp_action){ .kind = MP_ACT_PLACE, .tile = (int16_t)f->tile, .x = (int16_t)mp_open_x(key),
                        .y = (int16_t)mp_open_y(key) };
}
static inline void place_write(mp_action *out, place_head_t head, unsigned rot) {
    head.rot = (uint8_t)rot;
    *out = head;
}
#endif

/* Up to 64 open cells against the tile: each cell's rotations that fit into rotations[], and the
** cells that take some rotation as the bits of the result. With AVX2 (found at run time: the same
** results, eight cells a step), else four cells a step. */
static uint64_t fit_cells_4(const fit4 *f, const mp_open *open, int cells, uint8_t *rotations) {
    uint64_t takes = 0;
    for (int k = 0; 4 * k < cells; k++) takes |= (uint64_t)fit_group(f, &open[4 * k], &rotations[4 * k]) << (4 * k);
    return cells < 64 ? takes & ((1ull << cells) - 1) : takes;
}

#if defined(__SSE2__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
    (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
__attribute__((target("avx2"))) static uint64_t fit_cells_8(const fit4 *f, const mp_open *open, int cells,
                                                            uint8_t *rotations) {
    __m256i any_side = _mm256_set1_epi8((char)MP_SIDE_ANY), ones = _mm256_set1_epi32(-1), zero = _mm256_setzero_si256();
    __m256i code[4], bit[4];
    for (int r = 0; r < 4; r++) {
        code[r] = _mm256_broadcastsi128_si256(f->code[r]);
        bit[r] = _mm256_set1_epi32(1 << r);
    }
    uint64_t takes = 0;
    for (int k = 0; 8 * k < cells; k++) {
        const float *at = (const float *)(const void *)&open[8 * k];
        /* The needs of cells 0 1 4 5 | 2 3 6 7, then put in order. */
        __m256 lo = _mm256_loadu_ps(at), hi = _mm256_loadu_ps(at + 8);
        __m256i need = _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1))),
                                                _MM_SHUFFLE(3, 1, 2, 0));
        __m256i any = _mm256_cmpeq_epi8(need, any_side);
#define FITS(r) _mm256_and_si256(_mm256_cmpeq_epi32(_mm256_or_si256(_mm256_cmpeq_epi8(need, code[r]), any), ones), bit[r])
        __m256i m = _mm256_or_si256(_mm256_or_si256(FITS(0), FITS(1)), _mm256_or_si256(FITS(2), FITS(3)));
#undef FITS
        __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(m, zero), zero);   /* per half: 4 cells' bytes */
        int lo4 = _mm256_extract_epi32(bytes, 0), hi4 = _mm256_extract_epi32(bytes, 4);
        memcpy(&rotations[8 * k], &lo4, 4);
        memcpy(&rotations[8 * k + 4], &hi4, 4);
        takes |= (uint64_t)(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(m, zero))) << (8 * k);
    }
    return cells < 64 ? takes & ((1ull << cells) - 1) : takes;
}

static uint64_t fit_cells(const fit4 *f, const mp_open *open, int cells, uint8_t *rotations) {
    return __builtin_cpu_supports("avx2") ? fit_cells_8(f, open, cells, rotations) : fit_cells_4(f, open, cells, rotations);
}
#else
static uint64_t fit_cells(const fit4 *f, const mp_open *open, int cells, uint8_t *rotations) {
    return fit_cells_4(f, open, cells, rotations);
}
#endif

/* Lists the legal placements of the tile, row by row, west to east, rotations in order (the open
** cells are kept in that order). Writes at most cap of them (out may be NULL with cap 0); returns
** the number there are. The open cells are tested four at a time into a bit set of the cells that
** take the tile; then only those are written. About half the cells take it, at random, so no
** branch depends on which. */
int mp_place_list(const mp_game *g, int tile, mp_action *out, int cap) {
    fit4 f = fit4_make(&g->rs->list_code[4 * tile], tile);
    const mp_open *open = g->open;
    int n_open = g->n_open, n = 0;
    /* With room for four placements a cell (more than any cell can give) no write is checked. */
    bool room = out && cap >= 4 * n_open + 4;
    if (!out) cap = 0;
    for (int base = 0; base < n_open; base += 64) {          /* 64 cells at a time */
        int cells = n_open - base < 64 ? n_open - base : 64;
        uint8_t rotations[64];
        uint64_t takes = fit_cells(&f, &open[base], cells, rotations);
        if (room) {
            mp_action *o = out + n;
            for (; takes; takes &= takes - 1) {
                int c = __builtin_ctzll(takes);
                unsigned m = rotations[c];
                place_head_t head = place_head(&f, open[base + c].key);
                /* Two are written whether the second rotation fits or not; a third is rare. */
                place_write(o, head, (unsigned)__builtin_ctz(m));
                m &= m - 1;
                place_write(o + 1, head, (unsigned)__builtin_ctz(m | 16));
                o += 1 + (m != 0);
                for (m &= m - 1; m; m &= m - 1) place_write(o++, head, (unsigned)__builtin_ctz(m));
            }
            n = (int)(o - out);
            continue;
        }
        for (; takes; takes &= takes - 1) {
            int c = __builtin_ctzll(takes);
            place_head_t head = place_head(&f, open[base + c].key);
            for (unsigned m = rotations[c]; m; m &= m - 1, n++)
                if (n < cap) place_write(&out[n], head, (unsigned)__builtin_ctz(m));
        }
    }
    return n;
}

/* Whether a set of sides is one side or two opposite ones. */
static bool one_or_opposite(unsigned sides) {
    return (sides && (sides & (sides - 1)) == 0) || sides == 0x5 || sides == 0xa;
}

/* The sides (bit 4r + s) where the tile turned r meets what an open cell asks: the four rotations
** compared at once with SSE2. */
static unsigned sides_that_fit(const mp_ruleset *rs, int tile, uint32_t need) {
#if defined(__SSE2__)
    __m128i code = _mm_loadu_si128((const __m128i *)(const void *)&rs->tile_code[4 * tile]), want = _mm_set1_epi32((int)need);
    __m128i ok = _mm_or_si128(_mm_cmpeq_epi8(code, want), _mm_cmpeq_epi8(want, _mm_set1_epi8((char)MP_SIDE_ANY)));
    return (unsigned)_mm_movemask_epi8(ok);
#else
    unsigned ok = 0;
    for (int r = 0; r < 4; r++)
        for (int side = 0; side < 4; side++)
            ok |= (unsigned)side_ok(rs->tile_code[4 * tile + r] >> (8 * side) & 0xff, need >> (8 * side) & 0xff) << (4 * r + side);
    return ok;
#endif
}

unsigned mp_place_fits_with_middles(const mp_game *g, int tile, int open_index, int kind) {
    const mp_ruleset *rs = g->rs;
    uint32_t need = g->open[open_index].need;
    unsigned code = rs->port_code[1 + kind], found = 0, fit = sides_that_fit(rs, tile, need);
    unsigned distinct = g->ts->tiles[tile].distinct_rot;
    for (int r = 0; r < 4; r++) {
        unsigned bad = ~fit >> (4 * r) & 0xf;
        /* Fits as it is, repeats an earlier picture, or more than one bridge could mend. */
        if (!bad || !(distinct >> r & 1) || !one_or_opposite(bad)) continue;
        uint32_t sides = rs->tile_code[4 * tile + r];
        /* Sides that do not fit: a middle to lay `kind` on, on the tile (ours) or on the
        ** neighbour (theirs), or either when the neighbour shows a side no tile has. */
        unsigned ours = 0, theirs = 0, either = 0;
        bool ok = true;
        for (unsigned m = bad; m && ok; m &= m - 1) {
            int side = __builtin_ctz(m);
            unsigned have = sides >> (8 * side) & 0xff, want = need >> (8 * side) & 0xff;
            if (want == MP_SIDE_NONE) { either |= 1u << side; continue; }
            unsigned kh = rs->side_key[have], kw = rs->side_key[want];
            unsigned mh = kh >> 5 & 31, mw = kw >> 5 & 31;
            ok = ((kh ^ kw) & ~(31u << 5)) == 0 && ((mh == 0 && mw == code) || (mh == code && mw == 0));
            if (mh == 0) ours |= 1u << side;
            else theirs |= 1u << side;
        }
        if (!ok) continue;
        /* One bridge: across the tile (one side, or two opposite ones), or on one neighbour. */
        if (!theirs && one_or_opposite(ours | either)) found |= 1u << r;
        if (!ours && (theirs | either) && ((theirs | either) & ((theirs | either) - 1)) == 0) found |= 16u << r;
    }
    return found;
}

bool mp_place_any(const mp_game *g, int tile) {
    fit4 f = fit4_make(&g->rs->list_code[4 * tile], tile);
    for (int base = 0; base < g->n_open; base += 4) {
        uint8_t rotations[4];
        unsigned takes = fit_group(&f, &g->open[base], rotations);
        int cells = g->n_open - base < 4 ? g->n_open - base : 4;
        if (takes & ((1u << cells) - 1)) return true;   /* a turned copy fits if any rotation does */
    }
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
