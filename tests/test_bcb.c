/*
** test_bcb.c: the shipped Bridges, Castles and Bazaars rulesets (rulesets/bcb.yaml, bcb-rgg.yaml,
** bcb-zmg.yaml), all three modules together, on real positions: where the editions differ (the
** triangle town, too few tiles for a bazaar, bids above one's score), the tokens per player count,
** and the castle examples of the rules (meeple-ruleset(5), the castles module) not in
** tests/test_castles.c. tests/rulesets/bcb-few.yaml and bcb-rgg-few.yaml are bcb and bcb-rgg on a
** bag of four tiles (tests/rulesets/tiles/bcb-few.yaml).
**
** The castle used throughout: the start tile D's city cap (north) and E turned twice at 0,-1 (a cap
** facing south), seat 0's knight in it. Its fief is x -1..1, y -1..0.
*/
#include <stdio.h>
#include <string.h>

#include "helpers.h"

enum { MAX_LEGAL = 1024 };

static const char *const editions[3] = { "bcb", "bcb-rgg", "bcb-zmg" };

/* The legal actions now, in notation, into texts (each up to 63 characters); returns how many. */
static int legal_texts(const mp_game *g, char texts[][64], int cap) {
    static mp_action v[MAX_LEGAL];
    int n = mp_game_legal(g, v, MAX_LEGAL);
    cr_assert_leq(n, MAX_LEGAL);
    for (int i = 0; i < n && i < cap; i++) mp_notation_format(g, &v[i], texts[i], 64);
    return n;
}

static char texts[MAX_LEGAL][64];

static bool is_legal(const mp_game *g, const char *text) {
    int n = legal_texts(g, texts, MAX_LEGAL);
    for (int i = 0; i < n; i++)
        if (!strcmp(texts[i], text)) return true;
    return false;
}

/* Whether every legal action starts with prefix; *n receives how many there are. */
static bool all_legal_start_with(const mp_game *g, const char *prefix, int *n) {
    *n = legal_texts(g, texts, MAX_LEGAL);
    for (int i = 0; i < *n; i++)
        if (strncmp(texts[i], prefix, strlen(prefix))) return false;
    return true;
}

/* A castle decision is pending for player: exactly convert and decline are offered. */
static void assert_castle_decision(const mp_game *g, int player) {
    cr_assert_eq(mp_game_phase(g), MP_PHASE_MODULE, "a castle decision is pending");
    cr_assert_eq(mp_game_current_player(g), player, "the occupier decides");
    int n = legal_texts(g, texts, MAX_LEGAL);
    cr_assert_eq(n, 2, "convert and decline, nothing else (%d actions, the first '%s')", n, n ? texts[0] : "");
    bool convert = !strcmp(texts[0], "!castles:convert") || !strcmp(texts[1], "!castles:convert");
    bool decline = !strcmp(texts[0], "!castles:decline") || !strcmp(texts[1], "!castles:decline");
    cr_assert(convert && decline, "offered '%s' and '%s'", texts[0], texts[1]);
}

static void decide(mp_game *g, int player, int convert) {
    assert_castle_decision(g, player);
    t_ok(g, player, convert ? "!castles:convert" : "!castles:decline");
}

/* Tokens of the named kind player p has left. */
static int tokens(const mp_game *g, const char *name, int p) {
    for (int i = 0; i < mp_game_n_tokens(g); i++)
        if (!strcmp(mp_game_token_name(g, i), name)) return mp_game_token_supply(g, i, p);
    cr_assert_fail("no token kind '%s'", name);
    return -1;
}

static const char *drawn_id(const mp_game *g) {
    int t = mp_game_drawn_tile(g);
    cr_assert_geq(t, 0, "a tile is drawn");
    return mp_tileset_tile_id(mp_ruleset_tiles(mp_game_ruleset(g)), t);
}

static mp_game *town_with_castle(const mp_ruleset *rs) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "E", 0, -1, 2);
    t_deploy(g, "S");                 /* a knight in the town it completes */
    decide(g, 0, 1);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE);
    return g;
}

/* ------------------------------------------------------------------ the triangle town */

/* BB-5 turned twice at 0,-1: its triangular city segment faces D's cap, a town of two one-side
** segments; its road points north, away from D. */
static mp_game *triangle_town(const mp_ruleset *rs) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "BB-5", 0, -1, 2);
    t_deploy(g, "S");
    return g;
}

/* ZMG: "any town of two city end segments qualifies, triangular included". Converting gives no
** city points now; then the bazaar on BB-5 opens (seat 1 selects; ZMG, score 0: bids of 0 only). */
Test(bcb, triangle_town_converts_under_zmg) {
    mp_ruleset *rs = t_ruleset("bcb-zmg");
    mp_game *g = triangle_town(rs);
    decide(g, 0, 1);
    cr_assert_eq(t_points(g, 0, "city"), 0, "a castle scores nothing when built");
    cr_assert_eq(mp_game_score(g, 0), 0);
    cr_assert_eq(mp_game_on_board(g, 0), 1, "the knight stays in the castle");
    cr_assert_eq(tokens(g, "castles", 0), 2, "one castle token used");
    int kind = mp_game_feature_kind(g, 0, -1, mp_game_feature_at(g, 0, -1, "S"));
    cr_assert_geq(kind, 0);
    cr_assert_str_eq(mp_tileset_kind_name(mp_ruleset_tiles(rs), kind), "castle", "the town is a castle now");
    /* The bazaar of BB-5. */
    cr_assert_eq(mp_game_phase(g), MP_PHASE_MODULE);
    cr_assert_eq(mp_game_current_player(g), 1, "the next player selects");
    int n = 0;
    cr_assert(all_legal_start_with(g, "!bazaars:select-", &n), "bazaar selections only, not '%s'", texts[0]);
    cr_assert_eq(n, 2, "two tiles turned up, bids of 0 only (ZMG, score 0)");
    cr_assert(is_legal(g, "!bazaars:select-1-for-0") && is_legal(g, "!bazaars:select-2-for-0"));
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* HiG (bcb) and RGG: the triangle is not a cap, so no castle: the town scores 4 for the knight at
** once and the knight comes home; then the bazaar on BB-5 opens. */
Test(bcb, triangle_town_does_not_convert_under_hig) {
    for (int e = 0; e < 2; e++) {
        mp_ruleset *rs = t_ruleset(editions[e]);
        mp_game *g = triangle_town(rs);
        cr_assert_eq(t_points(g, 0, "city"), 4, "%s: the town scored as a city", editions[e]);
        cr_assert_eq(mp_game_score(g, 0), 4, "%s", editions[e]);
        cr_assert_eq(mp_game_supply(g, 0), 7, "%s: the knight came home", editions[e]);
        cr_assert_eq(tokens(g, "castles", 0), 3, "%s: no castle token used", editions[e]);
        cr_assert_eq(mp_game_phase(g), MP_PHASE_MODULE, "%s: the bazaar", editions[e]);
        cr_assert_eq(mp_game_current_player(g), 1, "%s", editions[e]);
        int n = 0;
        cr_assert(all_legal_start_with(g, "!bazaars:select-", &n), "%s: bazaar selections only, not '%s'",
                  editions[e], texts[0]);
        cr_assert(is_legal(g, "!bazaars:select-1-for-0") && is_legal(g, "!bazaars:select-2-for-0") &&
                  is_legal(g, "!bazaars:select-2-for-5"), "%s: HiG bids above one's score", editions[e]);
        cr_assert(!is_legal(g, "!bazaars:select-3-for-0"), "%s: two tiles for two players", editions[e]);
        mp_game_free(g);
        mp_ruleset_free(rs);
    }
}

/* Control: a town of two caps is offered under bcb (and the others), and E has no bazaar. */
Test(bcb, two_cap_town_is_offered) {
    for (int e = 0; e < 3; e++) {
        mp_ruleset *rs = t_ruleset(editions[e]);
        mp_game *g = t_game(rs, 2);
        t_place(g, 0, "E", 0, -1, 2);
        t_deploy(g, "S");
        assert_castle_decision(g, 0);
        t_ok(g, 0, "!castles:decline");
        cr_assert_eq(t_points(g, 0, "city"), 4, "%s: declined, scored as a town", editions[e]);
        cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE, "%s: no bazaar after E", editions[e]);
        cr_assert_eq(mp_game_current_player(g), 1, "%s", editions[e]);
        mp_game_free(g);
        mp_ruleset_free(rs);
    }
}

/* ------------------------------------------------------------------ tokens */

/* "3 bridges and 3 castles each with 2-4 players, 2 and 2 with 5-6 players" (c3 allows 2-5). */
Test(bcb, tokens_by_player_count) {
    static const int counts[4][2] = { { 2, 3 }, { 3, 3 }, { 4, 3 }, { 5, 2 } };
    for (int e = 0; e < 3; e++) {
        mp_ruleset *rs = t_ruleset(editions[e]);
        for (int k = 0; k < 4; k++) {
            mp_game *g = t_game(rs, counts[k][0]);
            cr_assert_eq(mp_game_n_tokens(g), 2, "%s: bridges and castles", editions[e]);
            for (int p = 0; p < counts[k][0]; p++) {
                cr_assert_eq(tokens(g, "bridges", p), counts[k][1], "%s, %d players, seat %d: bridges",
                             editions[e], counts[k][0], p);
                cr_assert_eq(tokens(g, "castles", p), counts[k][1], "%s, %d players, seat %d: castles",
                             editions[e], counts[k][0], p);
            }
            cr_assert_eq(mp_game_token_supply(g, 2, 0), -1, "no third kind");
            mp_game_free(g);
        }
        mp_ruleset_free(rs);
    }
}

/* ------------------------------------------------------------------ too few tiles (RGG) */

/* tests/rulesets/tiles/bcb-few.yaml: D (start), U x3, BB-7. Two plain turns, then BB-7 south of D
** with one tile (U) left in the bag for two players. */
static mp_game *bazaar_with_one_tile_left(const mp_ruleset *rs) {
    mp_game *g = t_game(rs, 2);
    cr_assert_eq(mp_game_tiles_left(g), 3, "4 tiles, one drawn");
    t_place(g, 0, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 2, 0, 0);
    t_pass(g);
    t_place(g, 0, "BB-7", 0, 1, 0);
    cr_assert_eq(mp_game_tiles_left(g), 1, "fewer tiles left than players");
    t_pass(g);
    return g;
}

/* RGG: "if fewer face-down tiles remain than there are players, no bazaar happens". */
Test(bcb, rgg_no_bazaar_with_too_few_tiles) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/bcb-rgg-few.yaml");
    mp_game *g = bazaar_with_one_tile_left(rs);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE, "no auction");
    cr_assert_eq(mp_game_current_player(g), 1, "the next player's normal turn");
    cr_assert_str_eq(drawn_id(g), "U");
    cr_assert_eq(mp_game_tiles_left(g), 0, "the last tile was drawn normally, not turned up");
    for (int p = 0; p < 2; p++) {
        cr_assert_eq(mp_game_score(g, p), 0);
        cr_assert_eq(t_points(g, p, "bazaar"), 0);
    }
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Control for RGG, at the boundary: with as many tiles left as players (2) the same bazaar tile
** starts an auction. */
Test(bcb, rgg_bazaar_with_enough_tiles) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/bcb-rgg-few.yaml");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "BB-7", 0, 1, 0);
    cr_assert_eq(mp_game_tiles_left(g), 2);
    t_pass(g);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_MODULE, "an auction");
    cr_assert_eq(mp_game_current_player(g), 0, "the player after seat 1 selects");
    int n = 0;
    cr_assert(all_legal_start_with(g, "!bazaars:select-", &n), "bazaar selections only, not '%s'", texts[0]);
    cr_assert(is_legal(g, "!bazaars:select-2-for-0") && !is_legal(g, "!bazaars:select-3-for-0"), "two tiles up");
    cr_assert_eq(mp_game_tiles_left(g), 0, "both turned up");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* HiG (bcb): "a bazaar is held however few tiles are left": the one tile left is turned up; seat 1
** selects it for 0, seat 0 passes; seat 1 places it as a turn of his own, seat 0 gets nothing. */
Test(bcb, hig_bazaar_with_too_few_tiles) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/bcb-few.yaml");
    mp_game *g = bazaar_with_one_tile_left(rs);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_MODULE, "an auction");
    cr_assert_eq(mp_game_current_player(g), 1, "the next player selects");
    int n = 0;
    cr_assert(all_legal_start_with(g, "!bazaars:select-1-for-", &n), "one tile up, not '%s'", texts[0]);
    cr_assert_gt(n, 1, "bids 0 and up");
    cr_assert(is_legal(g, "!bazaars:select-1-for-0"));
    cr_assert_eq(mp_game_tiles_left(g), 0, "the last tile was turned up");
    t_ok(g, 1, "!bazaars:select-1-for-0");
    t_ok(g, 0, "!bazaars:pass");
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE);
    cr_assert_eq(mp_game_current_player(g), 1, "seat 1 places the tile it got");
    cr_assert_str_eq(drawn_id(g), "U");
    for (int p = 0; p < 2; p++) cr_assert_eq(t_points(g, p, "bazaar"), 0);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* HiG holds a bazaar however few tiles are left, but not with none: the bazaar tile drawn last
** turns nothing up, and the game ends. Mutant bazaars-with-no-tiles. */
Test(bcb, hig_no_bazaar_without_tiles) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/bcb-few.yaml");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 2, 0, 0);
    t_pass(g);
    t_place(g, 0, "U", -1, 0, 0);
    t_pass(g);
    cr_assert_eq(mp_game_tiles_left(g), 0, "the bazaar tile is the last");
    t_place(g, 1, "BB-7", 0, 1, 0);
    t_pass(g);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_OVER, "no auction: the game is over");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ bazaars on the shipped rules */

/* "No chain reaction: a bazaar tile received in a bazaar triggers no bazaar" (bcb). */
Test(bcb, bazaar_tile_bought_starts_no_bazaar) {
    mp_ruleset *rs = t_ruleset("bcb");
    mp_game *g = t_game(rs, 2);
    mp_diag d = { 0 };
    const char *order[3] = { "BB-7", "BB-3", "U" };
    cr_assert_eq(mp_game_set_draws(g, order, 3, &d), 0, "%s", d.message);
    t_place(g, 0, "BB-7", 0, 1, 0);
    t_pass(g);
    t_ok(g, 1, "!bazaars:select-1-for-0");   /* BB-3, nobody raises */
    t_ok(g, 0, "!bazaars:pass");
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE);
    cr_assert_eq(mp_game_current_player(g), 1);
    cr_assert_str_eq(drawn_id(g), "BB-3");
    t_ok(g, 1, "BB-3@0,2r0");               /* its city east-west, fields north and south */
    t_pass(g);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE, "no second bazaar");
    cr_assert_eq(mp_game_current_player(g), 0, "seat 0 places its U");
    cr_assert_str_eq(drawn_id(g), "U");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ZMG (bcb-zmg): "a player may not bid more points than he has"; bcb allows it. */
Test(bcb, zmg_bid_above_score_refused) {
    for (int e = 0; e < 3; e += 2) {
        mp_ruleset *rs = t_ruleset(editions[e]);
        mp_game *g = t_game(rs, 2);
        mp_diag d = { 0 };
        const char *order[3] = { "BB-7", "U", "V" };
        cr_assert_eq(mp_game_set_draws(g, order, 3, &d), 0, "%s", d.message);
        t_place(g, 0, "BB-7", 0, 1, 0);
        t_pass(g);
        cr_assert_eq(mp_game_phase(g), MP_PHASE_MODULE);
        int rc = t_try(g, 1, "!bazaars:select-1-for-1", &d);
        if (e == 2) {
            cr_assert_neq(rc, 0, "bcb-zmg: seat 1 has 0 points");
            cr_assert(strstr(d.message, "a bid above one's score"), "%s", d.message);
            t_ok(g, 1, "!bazaars:select-1-for-0");
        } else {
            cr_assert_eq(rc, 0, "bcb: %s", d.message);
            t_ok(g, 0, "!bazaars:pass");
            cr_assert_eq(t_points(g, 1, "bazaar"), -1, "bcb: seat 1 paid its own bid, below 0");
            cr_assert_eq(mp_game_score(g, 1), -1);
        }
        mp_game_free(g);
        mp_ruleset_free(rs);
    }
}

/* ------------------------------------------------------------------ castle examples (bcb) */

/* "A cloister counts only if the cloister tile itself is one of the 6 tiles": cloister C1 at 0,-2,
** just north of the fief, with fief tiles in its ring, completes first and pays the castle nothing;
** cloister C2 at 1,-1, a fief tile, completes later and pays the castle its 9.
**        x=-1   0     1     2
**  y=-3   U     U     U     .
**  y=-2   E3    C1    E1    N*       N* at the end completes C2
**  y=-1   E3    E2    C2    E1
**  y= 0   .     D     U     U
*/
Test(bcb, cloister_counts_only_on_a_fief_tile) {
    mp_ruleset *rs = t_ruleset("bcb");
    mp_game *g = town_with_castle(rs);
    t_place(g, 1, "U", 1, 0, 0); t_pass(g);
    t_place(g, 1, "B", 1, -1, 0); t_deploy(g, "cloister");   /* C2, in the fief */
    t_place(g, 1, "B", 0, -2, 0); t_deploy(g, "cloister");   /* C1, outside */
    t_place(g, 1, "E", -1, -1, 3); t_pass(g);
    t_place(g, 1, "E", -1, -2, 3); t_pass(g);
    t_place(g, 1, "U", -1, -3, 0); t_pass(g);
    t_place(g, 1, "U", 0, -3, 0); t_pass(g);
    t_place(g, 1, "U", 1, -3, 0); t_pass(g);
    cr_assert_eq(t_points(g, 1, "cloister"), 0);
    t_place(g, 1, "E", 1, -2, 1); t_pass(g);                /* surrounds C1 */
    cr_assert_eq(t_points(g, 1, "cloister"), 9, "C1 complete");
    cr_assert_eq(t_points(g, 0, "castle"), 0, "C1's tile is not in the fief");
    cr_assert_eq(mp_game_on_board(g, 0), 1, "the castle still holds its knight");
    t_place(g, 1, "E", 2, -1, 1); t_pass(g);
    t_place(g, 1, "U", 2, 0, 0); t_pass(g);
    cr_assert_eq(t_points(g, 0, "castle"), 0);
    t_place(g, 1, "N", 2, -2, 0); t_pass(g);                /* surrounds C2 */
    cr_assert_eq(t_points(g, 1, "cloister"), 18, "C2 complete");
    cr_assert_eq(t_points(g, 0, "castle"), 9, "C2's tile is in the fief");
    cr_assert_eq(mp_game_score(g, 0), 9);
    cr_assert_eq(mp_game_supply(g, 0), 7, "the castle's knight came home");
    cr_assert_eq(mp_game_supply(g, 1), 7, "both monks came home");
    t_events(g, "1:+9 cloister completed 9; 1:+9 cloister completed 9; 0:+9 castle module 2");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "BLUE completes a city worth 20; a segment of it lies on a tile of RED's castle vicinity, and it
** is the first completed since the castle was built: RED also scores 20; both followers return."
** RED seat 0 (the castle), BLUE seat 1. BLUE's city: 7 tiles, 3 pennants (C, F, F): 2*7 + 2*3.
**        x=0    1     2     3     4
**  y=-3   .     .     E2    .     .
**  y=-2   .     .     F1    .     .
**  y=-1   E2    E1    C     F     E3      E1 at 1,-1: in the fief, BLUE's knight
**  y= 0   D     .     E*    .     .       E* completes the city
*/
Test(bcb, city_worth_20_pays_the_castle_20) {
    mp_ruleset *rs = t_ruleset("bcb");
    mp_game *g = town_with_castle(rs);
    t_place(g, 1, "E", 1, -1, 1); t_deploy(g, "E");
    t_place(g, 1, "C", 2, -1, 0); t_pass(g);
    t_place(g, 1, "F", 3, -1, 0); t_pass(g);
    t_place(g, 1, "E", 4, -1, 3); t_pass(g);
    t_place(g, 1, "F", 2, -2, 1); t_pass(g);
    t_place(g, 1, "E", 2, -3, 2); t_pass(g);
    cr_assert_eq(mp_game_score(g, 0) + mp_game_score(g, 1), 0, "nothing complete yet");
    t_place(g, 1, "E", 2, 0, 0); t_pass(g);
    cr_assert_eq(t_points(g, 1, "city"), 20, "BLUE's city");
    cr_assert_eq(t_points(g, 0, "castle"), 20, "RED's castle: the same 20");
    cr_assert_eq(mp_game_score(g, 0), 20);
    cr_assert_eq(mp_game_score(g, 1), 20);
    cr_assert_eq(mp_game_supply(g, 0), 7, "RED's knight left the castle");
    cr_assert_eq(mp_game_supply(g, 1), 7, "BLUE's knight came home");
    t_events(g, "1:+20 city completed 7; 0:+20 castle module 2");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "An incomplete castle scores nothing; its follower is removed": not as an incomplete city (c3
** would give 1 per tile), not as a farm. */
Test(bcb, unfinished_castle_scores_nothing_at_the_end) {
    mp_ruleset *rs = t_ruleset("bcb");
    mp_game *g = town_with_castle(rs);
    t_place(g, 1, "U", 1, 0, 0); t_pass(g);
    cr_assert_eq(mp_game_on_board(g, 0), 1);
    t_end(g);
    cr_assert_eq(t_points(g, 0, "castle"), 0);
    cr_assert_eq(t_points(g, 0, "city"), 0, "the castle is not an incomplete city");
    cr_assert_eq(mp_game_score(g, 0), 0);
    cr_assert_eq(mp_game_score(g, 1), 0);
    cr_assert_eq(mp_game_on_board(g, 0), 0, "the knight is off the board");
    cr_assert_eq(tokens(g, "castles", 0), 2, "the token stays on the board");
    t_events(g, "0:+0 castle module 2");   /* scored, for nothing: the owner's event of 0 points */
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "A small city on tiles 3 and 6 scored before the castle was built gives nothing": a town of
** two caps at 1,-1 and 2,-1 (in and beside the fief) completes, unoccupied, before the castle;
** the castle then waits for the road L-D-W (3).
**        x=-1   0     1     2
**  y=-1   .    E2    E1    E3
**  y= 0   L*   D     W     U
*/
Test(bcb, city_scored_before_the_castle_gives_nothing) {
    mp_ruleset *rs = t_ruleset("bcb");
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "W", 1, 0, 0); t_pass(g);
    t_place(g, 1, "E", 1, -1, 1); t_pass(g);
    t_place(g, 1, "E", 2, -1, 3); t_pass(g);             /* the town completes, nobody in it */
    cr_assert_eq(mp_game_score(g, 0) + mp_game_score(g, 1), 0);
    t_place(g, 0, "E", 0, -1, 2);
    t_deploy(g, "S");
    decide(g, 0, 1);
    t_place(g, 1, "U", 2, 0, 0); t_pass(g);
    cr_assert_eq(t_points(g, 0, "castle"), 0, "the town completed before gives nothing");
    cr_assert_eq(mp_game_on_board(g, 0), 1);
    t_place(g, 1, "L", -1, 0, 0); t_pass(g);
    cr_assert_eq(t_points(g, 0, "castle"), 3, "the road");
    cr_assert_eq(mp_game_supply(g, 0), 7);
    t_events(g, "0:+3 castle module 2");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The occupier decides, not the player who completes the town: seat 0's knight waits in a cap,
** seat 1 closes it; seat 0 converts, and play goes on with seat 0 (after seat 1).
**        x=0    1
**  y=-2   .    E2*
**  y=-1   .    E      seat 0's knight
**  y= 0   D    U
*/
Test(bcb, occupier_decides_when_another_completes) {
    mp_ruleset *rs = t_ruleset("bcb");
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "U", 1, 0, 0); t_pass(g);
    t_place(g, 0, "E", 1, -1, 0); t_deploy(g, "N");
    t_place(g, 1, "E", 1, -2, 2);
    t_pass(g);
    decide(g, 0, 1);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE);
    cr_assert_eq(mp_game_current_player(g), 0, "seat 1's turn is over");
    cr_assert_eq(tokens(g, "castles", 0), 2);
    cr_assert_eq(tokens(g, "castles", 1), 3);
    cr_assert_eq(mp_game_score(g, 0) + mp_game_score(g, 1), 0, "a castle scores nothing when built");
    cr_assert_eq(mp_game_on_board(g, 0), 1);
    mp_game_free(g);
    mp_ruleset_free(rs);
}
