/*
** test_place.c: the fast placement list (open cells, packed port codes) against the reference
** (every cell of the board looked at, every port compared as the rules say), in 10,000 positions
** of seeded random games under every kind of board: the base game, the expansion with bridges
** (overlays change ports after placement), and The Castle (a bounded board, start spaces, only
** paths matching).
*/
#include <string.h>

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

Test(place, fast_list_agrees_with_the_reference_c3, .timeout = 300) { compare_lists("c3", 2, 10000); }
Test(place, fast_list_agrees_with_the_reference_bcb, .timeout = 300) { compare_lists("bcb", 3, 5000); }
Test(place, fast_list_agrees_with_the_reference_castle, .timeout = 300) { compare_lists("castle", 2, 5000); }
