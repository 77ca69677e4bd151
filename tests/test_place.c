/*
** test_place.c: the fast placement list (open cells, packed port codes) against the reference
** (every cell of the board looked at, every port compared as the rules say), in 20,000 positions
** of seeded random games on each SIMD path the machine runs (scalar, SSE2, AVX2), under every kind
** of board: the base game, the expansion with bridges (overlays change ports after placement), and
** The Castle (a bounded board, start spaces, only paths matching). And the near misses modules
** test for placements with overlays (mp_mod_place_near_misses) are exact, so the bridges module
** misses no placement a bridge could make fit.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/hooks.h>

#include "helpers.h"
#include "../core/internal.h"

static uint64_t mix(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Compares both lists for `tile` in the game as it stands; returns 1 (a position checked). */
static int agree(const mp_game *g, int tile) {
    static mp_action fast[4096], slow[4096];
    int a = mp_place_list(g, tile, fast, 4096), b = mp_place_list_reference(g, tile, slow, 4096);
    cr_assert_eq(a, b, "tile %d: %d placements, the reference %d", tile, a, b);
    cr_assert(a <= 4096);
    cr_assert(!memcmp(fast, slow, (size_t)a * sizeof *fast), "tile %d: the same placements in the same order", tile);
    cr_assert_eq(mp_place_any(g, tile), a > 0);
    return 1;
}

/* Plays random games until `positions` placement decisions were checked, each for the drawn
** tile and for one other tile of the set. */
static void compare_lists(const char *ruleset, int players, int positions) {
    mp_ruleset *rs = t_ruleset(ruleset);
    int n_tiles = mp_tileset_n_tiles(mp_ruleset_tiles(rs)), checked = 0;
    uint64_t choice = 7;
    for (uint64_t seed = 1; checked < positions; seed++) {
        mp_diag d = { 0 };
        mp_game_options o = { .n_players = players, .seed = seed, .first_player = -1 };
        mp_game *g = mp_game_new(rs, &o, &d);
        cr_assert(g, "%s", d.message);
        mp_game_start(g, &d);
        mp_action v[1024];
        while (mp_game_phase(g) != MP_PHASE_OVER && checked < positions) {
            if (mp_game_phase(g) == MP_PHASE_PLACE) {
                checked += agree(g, mp_game_drawn_tile(g));
                agree(g, (int)(mix(&choice) % (uint64_t)n_tiles));
            }
            int n = mp_game_legal(g, v, 1024);
            cr_assert(n > 0 && n <= 1024);
            cr_assert_eq(mp_game_apply(g, &v[mix(&choice) % (uint64_t)n], &d), 0, "%s", d.message);
        }
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
}

/* The same on each SIMD path (list.c): a path this machine does not run is skipped, and counted. */
static void compare_lists_on(mp_simd path, const char *ruleset, int players, int positions) {
    if (!mp_simd_use(path)) cr_skip_test("this machine does not run the %s path", mp_simd_name(path));
    cr_assert_eq(mp_simd_path(), path);
    compare_lists(ruleset, players, positions);
}

#define LISTS_AGREE(path, PATH)                                                                                      \
    Test(place, path##_list_agrees_with_the_reference_c3, .timeout = 300) {                                          \
        compare_lists_on(MP_SIMD_##PATH, "c3", 2, 10000);                                                            \
    }                                                                                                                \
    Test(place, path##_list_agrees_with_the_reference_bcb, .timeout = 300) {                                         \
        compare_lists_on(MP_SIMD_##PATH, "bcb", 3, 5000);                                                            \
    }                                                                                                                \
    Test(place, path##_list_agrees_with_the_reference_castle, .timeout = 300) {                                      \
        compare_lists_on(MP_SIMD_##PATH, "castle", 2, 5000);                                                         \
    }
LISTS_AGREE(scalar, SCALAR)
LISTS_AGREE(sse2, SSE2)
LISTS_AGREE(avx2, AVX2)

/* Every path is named, and the best one this machine runs is the one used when none is asked. */
Test(place, simd_paths) {
    mp_simd best = MP_SIMD_SCALAR;
    for (int p = 0; p < MP_SIMD_PATHS; p++) {
        cr_assert(mp_simd_name((mp_simd)p)[0]);
        if (mp_simd_runs((mp_simd)p)) best = (mp_simd)p;
    }
    cr_assert(mp_simd_runs(MP_SIMD_SCALAR), "the scalar path runs everywhere");
    if (!getenv("MEEPLE_SIMD")) cr_assert_eq(mp_simd_path(), best, "%s", mp_simd_name(mp_simd_path()));
}

/* The bridges module looks for placements that fit only with a bridge among the near misses
** (mp_mod_place_near_misses) with the bridge's shapes: the middles of one axis. That list must be
** exact: in row order and rotation order, it holds every placement at an open cell (rotations
** that repeat a picture left out) that does not fit and whose ports that do not meet (worked out
** port by port, mp_place_mismatch) lie within a shape, with those ports, and nothing else.
** So it misses no placement a bridge could make fit: for every open cell and rotation it leaves
** out, neither laying the bridge's kind on the tile's middles along an axis whose two sides are
** free to take it (no middle, `on` at both ends), nor on the middle of one neighbour's facing
** side free to take it, makes the tile fit. Other shapes (a whole side; ports over a corner) are
** checked for exactness too. */
static bool free_side(const uint8_t ports[3], int on) { return !ports[1] && ports[0] == 1 + on && ports[2] == 1 + on; }

static const uint16_t bridge_shapes[2] = { 1u << MP_MIDDLE(MP_N) | 1u << MP_MIDDLE(MP_S),
                                           1u << MP_MIDDLE(MP_E) | 1u << MP_MIDDLE(MP_W) };

static bool within(uint16_t bad, const uint16_t *shapes, int n) {
    for (int i = 0; i < n; i++)
        if (!(bad & ~shapes[i])) return true;
    return false;
}

/* The near misses of `tile` with `shapes` against the reference; returns the list's length. */
static int near_misses_exact(const mp_game *g, int tile, const uint16_t *shapes, int n_shapes, mp_near_miss *list) {
    const mp_tile *t = &g->ts->tiles[tile];
    mp_module_view c = { .game = g };
    int n = mp_mod_place_near_misses(&c, tile, shapes, n_shapes, list, 1024), k = 0;
    cr_assert(n <= 1024);
    for (int i = 0; i < g->n_open; i++) {
        int x = mp_open_x(g->open[i].key), y = mp_open_y(g->open[i].key);
        for (int r = 0; r < 4; r++) {
            unsigned touch;
            uint16_t bad = mp_place_mismatch(g, tile, x, y, r, &touch);
            cr_assert(touch, "open cell %d,%d touches a tile", x, y);
            if (!(t->distinct_rot >> r & 1) || !bad || !within(bad, shapes, n_shapes)) continue;
            cr_assert(k < n, "tile %d at %d,%d r%d misses at %#x only, yet is not listed", tile, x, y, r, bad);
            cr_assert(list[k].x == x && list[k].y == y && list[k].rot == r, "tile %d: near miss %d is %d,%d r%d, "
                      "expected %d,%d r%d", tile, k, list[k].x, list[k].y, list[k].rot, x, y, r);
            cr_assert_eq(list[k].bad, bad, "tile %d at %d,%d r%d", tile, x, y, r);
            k++;
        }
    }
    cr_assert_eq(k, n, "tile %d: %d near misses listed, %d expected", tile, n, k);
    return n;
}

static int misses_nothing(const mp_game *g, int tile, int kind, int on) {
    static const uint16_t others[2] = { MP_SIDE_MASK(MP_N), 0x0f0 };
    const mp_tile *t = &g->ts->tiles[tile];
    static mp_near_miss list[1024];
    near_misses_exact(g, tile, others, 2, list);
    int n = near_misses_exact(g, tile, bridge_shapes, 2, list), k = 0;
    for (int i = 0; i < g->n_open; i++) {
        int x = mp_open_x(g->open[i].key), y = mp_open_y(g->open[i].key);
        uint8_t their[4][3];
        unsigned touch = mp_place_facing(g, x, y, their);
        for (int r = 0; r < 4; r++) {
            if (k < n && list[k].x == x && list[k].y == y && list[k].rot == r) {
                k++;
                continue;
            }
            if (!(t->distinct_rot >> r & 1) || mp_place_fits_facing(g, t->port_kind[r], touch, their)) continue;
            for (int axis = 0; axis < 2; axis++) {
                const uint8_t *p = t->port_kind[r];
                if (!free_side(&p[3 * axis], on) || !free_side(&p[3 * (axis + 2)], on)) continue;
                uint8_t with[MP_PORTS];
                memcpy(with, p, sizeof with);
                with[MP_MIDDLE(axis)] = with[MP_MIDDLE(axis + 2)] = (uint8_t)(1 + kind);
                cr_assert(!mp_place_fits_facing(g, with, touch, their), "tile %d at %d,%d r%d fits with a bridge %d on it",
                          tile, x, y, r, axis);
            }
            for (int side = 0; side < 4; side++) {
                if (!(touch >> side & 1) || !free_side(their[side], on)) continue;
                uint8_t changed[4][3];
                memcpy(changed, their, sizeof changed);
                changed[side][1] = (uint8_t)(1 + kind);
                cr_assert(!mp_place_fits_facing(g, t->port_kind[r], touch, (const uint8_t (*)[3])changed),
                          "tile %d at %d,%d r%d fits with a bridge on the neighbour across side %d", tile, x, y, r, side);
            }
        }
    }
    return 1;
}

Test(place, bridge_candidates_miss_no_placement, .timeout = 300) {
    mp_ruleset *rs = t_ruleset("bcb");
    int road = mp_tileset_kind(mp_ruleset_tiles(rs), "road"), field = mp_tileset_kind(mp_ruleset_tiles(rs), "field");
    int n_tiles = mp_tileset_n_tiles(mp_ruleset_tiles(rs));
    int checked = 0;
    uint64_t choice = 11;
    for (uint64_t seed = 1; checked < 3000; seed++) {
        mp_diag d = { 0 };
        mp_game_options o = { .n_players = 2, .seed = seed, .first_player = -1 };
        mp_game *g = mp_game_new(rs, &o, &d);
        cr_assert(g, "%s", d.message);
        mp_game_start(g, &d);
        mp_action v[1024];
        while (mp_game_phase(g) != MP_PHASE_OVER && checked < 3000) {
            if (mp_game_phase(g) == MP_PHASE_PLACE)
                for (int tile = 0; tile < n_tiles; tile++) checked += misses_nothing(g, tile, road, field);
            int n = mp_game_legal(g, v, 1024);
            cr_assert(n > 0 && n <= 1024);
            cr_assert_eq(mp_game_apply(g, &v[mix(&choice) % (uint64_t)n], &d), 0, "%s", d.message);
        }
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
}

/* Criterion counts a skipped test and still passes the program, and says nothing of it unless
** --verbose: a path this machine does not run makes the program say so and end as SKIP (automake's
** 77), so the skip is counted in make check's summary. Criterion's sandbox starts its workers
** through main found in the dynamic symbol table: main is exported (and linked -rdynamic). */
static size_t skipped;

ReportHook(POST_ALL)(struct criterion_global_stats *stats) {
    skipped = stats->tests_skipped;
    if (skipped) printf("place: %zu tests skipped (a SIMD path this machine does not run)\n", skipped);
}

__attribute__((visibility("default"))) int main(int argc, char *argv[]) {
    struct criterion_test_set *tests = criterion_initialize();
    int result = 0;
    if (criterion_handle_args(argc, argv, true)) result = !criterion_run_all_tests(tests);
    criterion_finalize(tests);
    return result ? result : skipped ? 77 : 0;
}
