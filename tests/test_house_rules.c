/*
** test_house_rules.c: the house rules the base-game digest names, each a ruleset switch
** (the files in tests/rulesets): a bounded table, unplaceable tiles returned to the bag, incomplete
** features scoring nothing. (Filling a hole: tests/test_variants.c.)
*/
#include <string.h>

#include "helpers.h"

static mp_ruleset *house(const char *file) {
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(file, NULL, &d);
    cr_assert(rs, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    return rs;
}

/* "The table edge limits the play area": no tile beyond the map. */
Test(house_rules, table_edge_limits_the_board) {
    mp_ruleset *rs = house(TEST_SRCDIR "/tests/rulesets/table.yaml");
    mp_game *g = t_game(rs, 2);
    const char *ids[1] = { "U" };
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_set_draws(g, ids, 1, &d), 0, "%s", d.message);
    mp_action v[16];
    int n = mp_game_legal(g, v, 16);
    cr_assert_eq(n, 2, "west and east of the start tile only (U is symmetric)");
    mp_action a = { .kind = MP_ACT_PLACE, .tile = (int16_t)mp_game_drawn_tile(g), .x = 0, .y = 1, .rot = 1 };
    cr_assert_neq(mp_game_apply(g, &a, &d), 0);
    cr_assert(strstr(d.message, "not on the board"), "%s", d.message);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Digest, "A turn" 1: a tile that fits nowhere leaves the game and another is drawn. */
Test(house_rules, unplaceable_tile_is_discarded) {
    mp_ruleset *rs = house(TEST_SRCDIR "/tests/rulesets/table.yaml");
    mp_game *g = t_game(rs, 2);
    int left = mp_game_tiles_left(g), gone = mp_game_discarded(g);
    const char *ids[2] = { "B", "U" };      /* B has no road: nothing on this table takes it */
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_set_draws(g, ids, 2, &d), 0, "%s", d.message);
    cr_assert_str_eq(mp_tileset_tile_id(mp_ruleset_tiles(rs), mp_game_drawn_tile(g)), "U");
    cr_assert_eq(mp_game_discarded(g), gone + 1);
    cr_assert_eq(mp_game_tiles_left(g), left - 1);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* House rule: unplaceable tiles go back into the bag instead. */
Test(house_rules, unplaceable_tile_goes_back_to_the_bag) {
    mp_ruleset *rs = house(TEST_SRCDIR "/tests/rulesets/table-return.yaml");
    mp_game *g = t_game(rs, 2);
    int left = mp_game_tiles_left(g);
    const char *ids[2] = { "B", "U" };
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_set_draws(g, ids, 2, &d), 0, "%s", d.message);
    cr_assert_str_eq(mp_tileset_tile_id(mp_ruleset_tiles(rs), mp_game_drawn_tile(g)), "U");
    cr_assert_eq(mp_game_discarded(g), 0);
    cr_assert_eq(mp_game_tiles_left(g), left, "B is back in the bag");
    /* The table fills after two tiles; every tile left is then unplaceable, and the game ends. */
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        mp_action v[16];
        cr_assert_gt(mp_game_legal(g, v, 16), 0);
        cr_assert_eq(mp_game_apply(g, &v[0], &d), 0, "%s", d.message);
    }
    cr_assert_eq(mp_game_turn(g), 2);
    cr_assert_eq(mp_game_discarded(g), 69);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* House rule: incomplete features score nothing at the end (c3 would give the road 2). */
Test(house_rules, incomplete_features_score_nothing) {
    mp_ruleset *rs = house(TEST_SRCDIR "/tests/rulesets/noincomplete.yaml");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_deploy(g, "E");
    t_end(g);
    cr_assert_eq(mp_game_score(g, 0), 0);
    cr_assert_eq(mp_game_supply(g, 0), 7, "the thief still comes home");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* House rule: play with a hand of three tiles; place any of them, then draw back up to three.
** Random games end with every tile placed or discarded and every hand empty. */
Test(house_rules, hand_of_three) {
    mp_ruleset *rs = house(TEST_SRCDIR "/tests/rulesets/hand3.yaml");
    for (uint64_t seed = 1; seed <= 50; seed++) {
        mp_diag d = { 0 };
        mp_game_options o = { .n_players = 3, .seed = seed, .first_player = 0 };
        mp_game *g = mp_game_new(rs, &o, &d);
        cr_assert(g, "%s", d.message);
        mp_game_start(g, &d);
        int hand[8];
        cr_assert_eq(mp_game_hand(g, 0, hand, 8), 3, "three tiles in hand");
        uint64_t pick = seed;
        while (mp_game_phase(g) != MP_PHASE_OVER) {
            mp_action v[512];
            int n = mp_game_legal(g, v, 512);
            cr_assert(n > 0 && n <= 512);
            if (mp_game_phase(g) == MP_PHASE_PLACE) {
                int held = mp_game_hand(g, mp_game_current_player(g), hand, 8);
                for (int i = 0; i < n; i++) {
                    bool mine = false;
                    for (int j = 0; j < held; j++) mine |= v[i].tile == hand[j];
                    cr_assert(mine, "a placement of a tile not in the hand");
                }
            }
            pick = pick * 6364136223846793005ULL + 1442695040888963407ULL;
            cr_assert_eq(mp_game_apply(g, &v[(pick >> 33) % (uint64_t)n], &d), 0, "%s", d.message);
            cr_assert_eq(mp_game_check(g, &d), 0, "%s", d.message);
        }
        cr_assert_eq(mp_game_turn(g) + mp_game_discarded(g), 71);
        for (int p = 0; p < 3; p++) cr_assert_eq(mp_game_hand(g, p, hand, 8), 0);
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
}
