/*
** test_bots.c: the greedy bot in the decisions of the BCB modules (core/greedy.c): castle tokens
** (convert a town when its fief promises more than the town's points) and bazaars (bids weighed
** by what the tile would bring), and whole greedy games under tests/rulesets/castles.yaml and
** bazaars.yaml.
*/
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "meeple.h"

static mp_ruleset *load(const char *file) {
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(file, NULL, &d);
    cr_assert(rs, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    return rs;
}

/* What the greedy bot of the seat deciding now chooses, in notation, after checking it is legal;
** the action is then taken. */
static void greedy_decides(mp_game *g, char *text, size_t size) {
    mp_diag d = { 0 };
    mp_bot *b = mp_bot_new("greedy", 1, mp_game_current_player(g), &d);
    mp_action a;
    cr_assert_eq(mp_bot_choose(b, g, &a), 0, "the bot found an action");
    mp_bot_free(b);
    mp_notation_format(g, &a, text, size);
    cr_assert_eq(mp_game_apply(g, &a, &d), 0, "'%s': %s", text, d.message);
    cr_assert_eq(mp_game_check(g, &d), 0, "%s", d.message);
}

/* ------------------------------------------------------------------ castles */

/* The town of tests/test_castles.c: the start tile D's cap (north) and E turned twice at 0,-1,
** completed by seat 0, who puts a knight in it. Its fief is x -1..1, y -1..0. */
static void complete_the_town(mp_game *g) {
    t_place(g, 0, "E", 0, -1, 2);
    t_deploy(g, "S");
    cr_assert_eq(mp_game_phase(g), MP_PHASE_MODULE, "a castle decision is pending");
    cr_assert_eq(mp_game_current_player(g), 0);
}

/* A road through D, tiles U west and east of it: n_west + 1 + n_east tiles, open at both ends. */
static void road_through_d(mp_game *g, int n_west, int n_east) {
    for (int i = 1; i <= n_east; i++) { t_place(g, 1, "U", i, 0, 0); t_pass(g); }
    for (int i = 1; i <= n_west; i++) { t_place(g, 1, "U", -i, 0, 0); t_pass(g); }
}

/* An incomplete road of 5 tiles through D (5 points now) is worth more than the town's 4. */
Test(bots, castle_for_a_road_worth_more_than_the_town) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/castles.yaml");
    mp_game *g = t_game(rs, 2);
    road_through_d(g, 2, 2);
    complete_the_town(g);
    char text[64];
    greedy_decides(g, text, sizeof text);
    cr_assert_str_eq(text, "!castles:convert");
    cr_assert_eq(t_points(g, 0, "city"), 0, "the town did not score");
    cr_assert_eq(mp_game_on_board(g, 0), 1, "the knight stays in the castle");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* An incomplete city on the fief's east column: K's cap at 1,0 (its road joins D's), then F, F, G
** stacked north of it (4 tiles and 2 pennants: 6 points now), open to the north. */
Test(bots, castle_for_a_city_worth_more_than_the_town) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/castles.yaml");
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "K", 1, 0, 0); t_pass(g);
    t_place(g, 1, "F", 1, -1, 1); t_pass(g);
    t_place(g, 1, "F", 1, -2, 1); t_pass(g);
    t_place(g, 1, "G", 1, -3, 1); t_pass(g);
    complete_the_town(g);
    char text[64];
    greedy_decides(g, text, sizeof text);
    cr_assert_str_eq(text, "!castles:convert");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A road of 4 tiles (4 points) promises no more than the town gives now; nor does D's own road. */
Test(bots, no_castle_when_the_fief_promises_no_more) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/castles.yaml");
    for (int east = 0; east <= 2; east += 2) {
        mp_game *g = t_game(rs, 2);
        road_through_d(g, 1, east);
        complete_the_town(g);
        char text[64];
        greedy_decides(g, text, sizeof text);
        cr_assert_str_eq(text, "!castles:decline", "a road of %d tiles", 2 + east);
        cr_assert_eq(t_points(g, 0, "city"), 4, "the town scored");
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ bazaars */

/* Seat 0's city north of D, open at the south side of 2,-1: D, N at 0,-1, F (a pennant) at 1,-1,
** N at 2,-1, a knight of seat 0 in it. E at 2,0 completes it: 5 tiles and a pennant, 12 points.
** Then seat 0 places the bazaar tile BB-7 south of D; E and U are turned up, and seat 1 selects
** E with `opening`: seat 0, the greedy bot, bids or passes. */
enum { CITY_POINTS = 12 };

static mp_game *bazaar_for_the_last_city_tile(const mp_ruleset *rs, int opening) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "N", 0, -1, 2);
    t_deploy(g, "S");
    t_place(g, 0, "F", 1, -1, 0); t_pass(g);
    t_place(g, 0, "N", 2, -1, 3); t_pass(g);
    mp_diag d = { 0 };
    const char *order[3] = { "BB-7", "E", "U" };
    cr_assert_eq(mp_game_set_draws(g, order, 3, &d), 0, "%s", d.message);
    t_place(g, 0, "BB-7", 0, 1, 0);
    t_pass(g);
    char text[64];
    snprintf(text, sizeof text, "!bazaars:select-1-for-%d", opening);
    mp_action a;
    cr_assert_eq(mp_game_current_player(g), 1, "seat 1 selects");
    cr_assert_eq(mp_notation_parse(g, text, &a, NULL, &d), 0, "%s", d.message);
    cr_assert_str_eq(mp_tileset_tile_id(mp_ruleset_tiles(rs), a.tile), "E", "the action names the tile on offer");
    cr_assert_eq(mp_game_apply(g, &a, &d), 0, "%s", d.message);
    cr_assert_eq(mp_game_current_player(g), 0, "seat 0 bids");
    return g;
}

/* The bid in "!bazaars:bid-N", -1 for a pass. */
static int bid_of(const char *text) {
    int bid;
    if (!strcmp(text, "!bazaars:pass")) return -1;
    cr_assert_eq(sscanf(text, "!bazaars:bid-%d", &bid), 1, "a bid or a pass: '%s'", text);
    return bid;
}

/* The tile is worth 12 to seat 0 and nothing much to seat 1: worth a bid, never above 12. */
Test(bots, bids_for_the_tile_that_completes_its_city) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/bazaars.yaml");
    mp_game *g = bazaar_for_the_last_city_tile(rs, 0);
    char text[64];
    greedy_decides(g, text, sizeof text);
    int bid = bid_of(text);
    cr_assert(bid > 0 && bid <= CITY_POINTS, "'%s'", text);
    mp_game_free(g);
    /* Opened at 8, a raise (9 or more) still leaves something; opened at 12, none does. */
    g = bazaar_for_the_last_city_tile(rs, 8);
    greedy_decides(g, text, sizeof text);
    bid = bid_of(text);
    cr_assert(bid > 8 && bid < CITY_POINTS, "'%s'", text);
    mp_game_free(g);
    g = bazaar_for_the_last_city_tile(rs, CITY_POINTS);
    greedy_decides(g, text, sizeof text);
    cr_assert_str_eq(text, "!bazaars:pass");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ZMG: no bid above one's score; with 0 points the only legal choice is to pass. */
Test(bots, zmg_bids_within_its_score) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/bazaars-zmg.yaml");
    mp_game *g = bazaar_for_the_last_city_tile(rs, 0);
    cr_assert_eq(mp_game_score(g, 0), 0);
    char text[64];
    greedy_decides(g, text, sizeof text);
    cr_assert_str_eq(text, "!bazaars:pass");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Seat 1 sells or buys after seat 0's bid: with E worth nothing to it, it sells. */
Test(bots, sells_a_tile_worth_less_than_twice_the_bid) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/bazaars.yaml");
    mp_game *g = bazaar_for_the_last_city_tile(rs, 0);
    char text[64];
    greedy_decides(g, text, sizeof text);
    int bid = bid_of(text);
    cr_assert_gt(bid, 0);
    cr_assert_eq(mp_game_current_player(g), 1, "the selector decides");
    greedy_decides(g, text, sizeof text);
    cr_assert_str_eq(text, "!bazaars:sell");
    cr_assert_eq(t_points(g, 1, "bazaar"), bid);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ whole games */

/* Castles on the board at the end: distinct features of the `castle` kind. */
static int castles_built(const mp_game *g) {
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    int castle = -1, n = 0, ids[64];
    for (int k = 0; k < mp_tileset_n_kinds(ts); k++)
        if (!strcmp(mp_tileset_kind_name(ts, k), "castle")) castle = k;
    cr_assert_geq(castle, 0);
    int x0, y0, x1, y1;
    mp_game_bounds(g, &x0, &y0, &x1, &y1);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            int rot, t = mp_game_tile_at(g, x, y, &rot);
            for (int f = 0; t >= 0 && f < mp_tileset_tile_n_features(ts, t); f++) {
                if (mp_game_feature_kind(g, x, y, f) != castle) continue;
                int id = mp_game_feature_id(g, x, y, f), seen = 0;
                for (int i = 0; i < n; i++) seen |= ids[i] == id;
                if (!seen && n < 64) ids[n++] = id;
            }
        }
    return n;
}

/* Seeded greedy games with 2 to 4 players; returns the castles built over all of them. */
static int greedy_games(const char *ruleset, int games) {
    mp_ruleset *rs = load(ruleset);
    int castles = 0;
    for (int seed = 1; seed <= games; seed++) {
        const char *kinds[4] = { "greedy", "greedy", "greedy", "greedy" };
        mp_diag d = { 0 };
        mp_game *g = mp_bots_play(rs, kinds, 2 + seed % 3, (uint64_t)seed, NULL, &d);
        cr_assert(g, "%s seed %d: %s", ruleset, seed, d.message);
        cr_assert_eq(mp_game_phase(g), MP_PHASE_OVER);
        cr_assert_eq(mp_game_check(g, &d), 0, "%s seed %d: %s", ruleset, seed, d.message);
        castles += castles_built(g);
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
    return castles;
}

Test(bots, greedy_games_with_castles, .timeout = 120) {
    cr_assert_gt(greedy_games(TEST_SRCDIR "/tests/rulesets/castles.yaml", 20), 0, "the greedy bot built castles");
}

Test(bots, greedy_games_with_bazaars, .timeout = 120) {
    greedy_games(TEST_SRCDIR "/tests/rulesets/bazaars.yaml", 10);
    greedy_games(TEST_SRCDIR "/tests/rulesets/bazaars-zmg.yaml", 10);
}

/* ------------------------------------------------------------------ The Castle */

/* Wall tile 1 won (BLACK 11 + 2 lands on 13 in tests/rulesets/castle-dealt.yaml): the greedy bot
** takes its other turn at once. */
Test(bots, castle_greedy_takes_another_turn) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/castle-dealt.yaml");
    mp_game *g = t_game(rs, 2);
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_set_score(g, 0, 11, &d), 0, "%s", d.message);
    t_place(g, 0, "C16", 2, 0, 2);
    t_deploy(g, "N");
    char text[96];
    greedy_decides(g, text, sizeof text);
    cr_assert_str_eq(text, "!castle:use-1");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The order of two scorings that decides a landing (see tests/test_castle.c, "the placer orders"):
** from 29, the path (3) first lands on 32 and wins wall tile 2; the greedy bot orders it so. */
Test(bots, castle_greedy_orders_scorings_for_a_wall_tile) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/castle-dealt.yaml");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "C24", 2, 0, 0);
    t_deploy(g, "N");
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_set_score(g, 0, 29, &d), 0, "%s", d.message);
    t_place(g, 0, "C58", 2, 1, 0);
    t_deploy(g, "Wn");
    char text[96];
    greedy_decides(g, text, sizeof text);
    cr_assert_str_eq(text, "!castle:first@2,1,N");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Greedy against greedy on The Castle: games finish consistent, wall tiles are won and played. */
Test(bots, greedy_games_on_the_castle, .timeout = 120) {
    mp_ruleset *rs = load(TEST_SRCDIR "/rulesets/castle.yaml");
    int wall = 0;
    for (int seed = 1; seed <= 10; seed++) {
        const char *kinds[2] = { "greedy", "greedy" };
        mp_diag d = { 0 };
        mp_game *g = mp_bots_play(rs, kinds, 2, (uint64_t)seed, NULL, &d);
        cr_assert(g, "seed %d: %s", seed, d.message);
        cr_assert_eq(mp_game_check(g, &d), 0, "seed %d: %s", seed, d.message);
        wall += t_points(g, 0, "wall tiles") + t_points(g, 1, "wall tiles");
        mp_game_free(g);
    }
    cr_assert_gt(wall, 0, "wall tiles scored in 10 greedy games");
    mp_ruleset_free(rs);
}
