/*
** list.c: the legal placements of a tile, fast (the reference is in place.c).
**
** Every open cell asks 4 bytes of a tile (place.c: a side number for each side that touches a
** tile), and a tile turned r shows 4. A list works in two passes over the open cells, which are
** kept in row order: first every cell is tested against the four rotations, into a bit set of the
** cells that take the tile and a byte of rotations for each; then only those cells are written, in
** row order and rotation order: two placements a cell whether the second rotation fits or not,
** the list moving on by the rotations that fit (a table's count). About half the cells take the
** tile, and one or two rotations, at random, so no branch depends on either: such a branch is
** mispredicted often, and how often depends on how well the machine's predictor happens to learn
** the positions, which changes with where the code lies. A third and a fourth rotation are rare:
** a branch writes them.
**
** The first pass has three paths, the same results: eight cells a step with AVX2, four with SSE2,
** one at a time in plain C. The path is chosen once per process (MEEPLE_SIMD, else the best this
** machine runs), so that each can be tested and timed on a machine that has them all.
*/
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#if defined(__SSE2__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define LIST_SSE2 1   /* the build's target has SSE2: it always runs */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define LIST_AVX2 1   /* built for one function; run only when the machine has it */
#endif
#endif

/* A placement written: place_head makes the part of a placement a cell decides, place_write
** writes it turned r. With SSE2 a placement is two 16-byte stores: the zeros of bytes 12..27,
** then the first 16 bytes (kind, rot, tile, x, y) over them. */
#ifdef LIST_SSE2
#include <emmintrin.h>
#include <stddef.h>
_Static_assert(offsetof(mp_action, rot) == 1 && offsetof(mp_action, tile) == 4 && offsetof(mp_action, x) == 6 &&
               offsetof(mp_action, y) == 8 && sizeof(mp_action) == 28, "mp_action's layout as the list writes it");

typedef __m128i place_kind_t;   /* the bytes every placement of the list shares: kind and tile */
typedef __m128i place_head_t;

static inline place_kind_t place_kind(int tile) { return _mm_set_epi32(0, 0, (uint16_t)tile, MP_ACT_PLACE); }
/* Kind and tile in bytes 0..5, x and y (the key, unbiased) shifted to bytes 6..9. */
static inline place_head_t place_head(place_kind_t kind, uint32_t key) {
    return _mm_or_si128(kind, _mm_slli_si128(_mm_cvtsi32_si128((int)(key ^ 0x80008000u)), 6));
}
static inline void place_write(mp_action *out, place_head_t head, unsigned rot) {
    _mm_storeu_si128((__m128i *)(void *)((char *)out + 12), _mm_setzero_si128());
    _mm_storeu_si128((__m128i *)(void *)out, _mm_or_si128(head, _mm_cvtsi32_si128((int)(rot << 8))));
}
#else
typedef int place_kind_t;
typedef mp_action place_head_t;

static inline place_kind_t place_kind(int tile) { return tile; }
static inline place_head_t place_head(place_kind_t tile, uint32_t key) {
    return (mp_action){ .kind = MP_ACT_PLACE, .tile = (int16_t)tile, .x = (int16_t)mp_open_x(key),
                        .y = (int16_t)mp_open_y(key) };
}
static inline void place_write(mp_action *out, place_head_t head, unsigned rot) {
    head.rot = (uint8_t)rot;
    *out = head;
}
#endif

/* Up to 64 open cells against the tile turned 0..3 (code[r]: the side numbers it shows): each
** cell's rotations that fit into rotations[] (bit r: rotation r), and the cells that take some
** rotation as the bits of the result. The SIMD paths read and write whole steps past `cells`
** (the open cells have room after them) and mask what lies beyond. */
static uint64_t fit_cells_scalar(const uint32_t code[4], const mp_open *open, int cells, uint8_t *rotations) {
    uint64_t takes = 0;
    for (int c = 0; c < cells; c++) {
        unsigned fits = 0;
        for (int r = 0; r < 4; r++) {
            bool ok = true;
            for (int s = 0; s < 4; s++) ok &= mp_side_ok(code[r] >> (8 * s) & 0xff, open[c].need >> (8 * s) & 0xff);
            fits |= (unsigned)ok << r;
        }
        rotations[c] = (uint8_t)fits;
        takes |= (uint64_t)(fits != 0) << c;
    }
    return takes;
}

#ifdef LIST_SSE2
typedef struct fit4 { __m128i code[4], any_side, ones, bit[4]; } fit4;

static inline fit4 fit4_make(const uint32_t code[4]) {
    fit4 f;
    for (int r = 0; r < 4; r++) {
        f.code[r] = _mm_set1_epi32((int)code[r]);
        f.bit[r] = _mm_set1_epi32(1 << r);
    }
    f.any_side = _mm_set1_epi8((char)MP_SIDE_ANY);
    f.ones = _mm_set1_epi32(-1);
    return f;
}

/* Four cells: a few compares. */
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

static uint64_t fit_cells_4(const uint32_t code[4], const mp_open *open, int cells, uint8_t *rotations) {
    fit4 f = fit4_make(code);
    uint64_t takes = 0;
    for (int k = 0; 4 * k < cells; k++) takes |= (uint64_t)fit_group(&f, &open[4 * k], &rotations[4 * k]) << (4 * k);
    return cells < 64 ? takes & ((1ull << cells) - 1) : takes;
}
#endif

#ifdef LIST_AVX2
#include <immintrin.h>
__attribute__((target("avx2"))) static uint64_t fit_cells_8(const uint32_t code32[4], const mp_open *open, int cells,
                                                            uint8_t *rotations) {
    __m256i any_side = _mm256_set1_epi8((char)MP_SIDE_ANY), ones = _mm256_set1_epi32(-1), zero = _mm256_setzero_si256();
    __m256i code[4], bit[4];
    for (int r = 0; r < 4; r++) {
        code[r] = _mm256_set1_epi32((int)code32[r]);
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
#endif

/* ------------------------------------------------------------------ the path */

static const char *const simd_names[MP_SIMD_PATHS] = { "scalar", "sse2", "avx2" };

const char *mp_simd_name(mp_simd path) { return path >= 0 && path < MP_SIMD_PATHS ? simd_names[path] : "?"; }

int mp_simd_runs(mp_simd path) {
    switch (path) {
    case MP_SIMD_SCALAR: return true;
#ifdef LIST_SSE2
    case MP_SIMD_SSE2: return true;
#endif
#ifdef LIST_AVX2
    case MP_SIMD_AVX2: return __builtin_cpu_supports("avx2");
#endif
    default: return false;
    }
}

/* The path chosen, -1 before the first list: process-wide, set once (meeple.h, section "threads";
** mp_simd_use sets it for tests and benchmarks). Threads that race to make the first choice all
** work it out (the environment and the machine are the same for all), but only the first to
** finish stores it, so a path mp_simd_use set in between is never overwritten. Nothing else is
** published through it: a relaxed atomic is enough. */
static _Atomic int simd_chosen = -1;

static mp_simd simd_choose(void) {
    const char *want = getenv("MEEPLE_SIMD");
    mp_simd best = MP_SIMD_SCALAR;
    for (int p = 0; p < MP_SIMD_PATHS; p++)
        if (mp_simd_runs((mp_simd)p)) best = (mp_simd)p;
    for (int p = 0; want && p < MP_SIMD_PATHS; p++)
        if (strcmp(want, simd_names[p]) == 0 && mp_simd_runs((mp_simd)p)) best = (mp_simd)p;
    int none = -1;
    if (atomic_compare_exchange_strong_explicit(&simd_chosen, &none, (int)best, memory_order_relaxed,
                                                memory_order_relaxed))
        return best;
    return (mp_simd)none;   /* another thread chose first: its choice stands */
}

static inline mp_simd simd_path(void) {
    int p = atomic_load_explicit(&simd_chosen, memory_order_relaxed);
    return p >= 0 ? (mp_simd)p : simd_choose();
}

mp_simd mp_simd_path(void) { return simd_path(); }

bool mp_simd_use(mp_simd path) {
    if (!mp_simd_runs(path)) return false;
    atomic_store_explicit(&simd_chosen, (int)path, memory_order_relaxed);
    return true;
}

static inline uint64_t fit_cells(mp_simd path, const uint32_t code[4], const mp_open *open, int cells, uint8_t *rotations) {
    switch (path) {
#ifdef LIST_AVX2
    case MP_SIMD_AVX2: return fit_cells_8(code, open, cells, rotations);
#endif
#ifdef LIST_SSE2
    case MP_SIMD_SSE2: return fit_cells_4(code, open, cells, rotations);
#endif
    default: return fit_cells_scalar(code, open, cells, rotations);
    }
}

/* ------------------------------------------------------------------ lists */

/* The rotations in a byte of fits (bit r: rotation r fits), in order; 0 past the last (a second
** written where only one fits is overwritten by the next cell's, or left past the list). */
static const uint8_t rotation_order[16][4] = {
    { 0 }, { 0 }, { 1 }, { 0, 1 }, { 2 }, { 0, 2 }, { 1, 2 }, { 0, 1, 2 },
    { 3 }, { 0, 3 }, { 1, 3 }, { 0, 1, 3 }, { 2, 3 }, { 0, 2, 3 }, { 1, 2, 3 }, { 0, 1, 2, 3 },
};
/* How many rotations fit, for each byte of fits: a nibble each, from the low end. */
#define ROTATIONS_FITTING 0x4332322132212110ull

/* Lists the legal placements of the tile, row by row, west to east, rotations in order (the open
** cells are kept in that order). Writes at most cap of them (out may be NULL with cap 0), and may
** leave scratch past them within cap; returns the number there are. The open cells are tested on
** the SIMD path into a bit set of the cells that take the tile; then only those are written. */
int mp_place_list(const mp_game *g, int tile, mp_action *out, int cap) {
    const uint32_t *code = &g->rs->list_code[4 * tile];
    mp_simd path = simd_path();
    place_kind_t kind = place_kind(tile);
    const mp_open *open = g->open;
    int n_open = g->n_open, n = 0;
    /* With room for four placements a cell (more than any cell can give) no write is checked. */
    bool room = out && cap >= 4 * n_open + 4;
    if (!out) cap = 0;
    for (int base = 0; base < n_open; base += 64) {          /* 64 cells at a time */
        int cells = n_open - base < 64 ? n_open - base : 64;
        uint8_t rotations[64];
        uint64_t takes = fit_cells(path, code, &open[base], cells, rotations);
        if (room) {
            mp_action *o = out + n;
            for (; takes; takes &= takes - 1) {
                int c = __builtin_ctzll(takes);
                unsigned m = rotations[c];
                place_head_t head = place_head(kind, open[base + c].key);
                /* Two are written whether the second rotation fits or not, and o moves on by the
                ** rotations that fit: no branch asks whether one or two do (at random: such a
                ** branch is mispredicted often). A third is rare. */
                const uint8_t *order = rotation_order[m];
                unsigned fit = ROTATIONS_FITTING >> (4 * m) & 0xf;
                place_write(o, head, order[0]);
                place_write(o + 1, head, order[1]);
                if (fit > 2) {
                    place_write(o + 2, head, order[2]);
                    place_write(o + 3, head, order[3]);
                }
                o += fit;
            }
            n = (int)(o - out);
            continue;
        }
        for (; takes; takes &= takes - 1) {   /* little room, or none (a count): one at a time */
            int c = __builtin_ctzll(takes);
            unsigned m = rotations[c], fit = ROTATIONS_FITTING >> (4 * m) & 0xf;
            if (n < cap) {
                place_head_t head = place_head(kind, open[base + c].key);
                for (unsigned k = 0; k < fit && n + (int)k < cap; k++) place_write(&out[n + (int)k], head, rotation_order[m][k]);
            }
            n += (int)fit;
        }
    }
    return n;
}

bool mp_place_any(const mp_game *g, int tile) {
    const uint32_t *code = &g->rs->list_code[4 * tile];
    mp_simd path = simd_path();
    for (int base = 0; base < g->n_open; base += 8) {   /* eight cells a step: one for AVX2, two for SSE2 */
        uint8_t rotations[8];
        int cells = g->n_open - base < 8 ? g->n_open - base : 8;
        if (fit_cells(path, code, &g->open[base], cells, rotations)) return true;   /* a turned copy fits if any rotation does */
    }
    return false;
}
