/*
** test_ic.c: Inns & Cathedrals (rulesets/c3-ic.yaml and the rulesets extending it): the
** expansion's worked examples, each a position built tile by tile with its exact scores and its
** scoring events, and a test per rule and per option (FanCloisterZone's `ignore` end scoring:
** c3-ic-ignore; inns or cathedrals switched off: tests/rulesets/ic-noinn.yaml,
** ic-nocathedral.yaml; the 1st edition's city-4 farms: ic-city4.yaml).
**
** Geometry: the start tile D at 0,0 has its city N and its road E-W (field S); x grows east, y
** south; a tile turned r quarter turns clockwise takes its side s to side s+r. Seat 0 is RED,
** seat 1 BLUE, seat 2 GREEN. Tiles: IC-1 the cathedral (city on four sides), IC-14 a junction
** with an inn beside its east road only, IC-15 a straight road with an inn (as base U), IC-16 a
** curve with an inn (as base V), IC-17 two curves (N-W and S-E) passing each other.
*/
#include <string.h>

#include "helpers.h"

static mp_ruleset *ic(void) { return t_ruleset("c3-ic"); }
static mp_ruleset *ignore(void) { return t_ruleset("c3-ic-ignore"); }
static mp_ruleset *noinn(void) { return t_ruleset(TEST_SRCDIR "/tests/rulesets/ic-noinn.yaml"); }
static mp_ruleset *nocathedral(void) { return t_ruleset(TEST_SRCDIR "/tests/rulesets/ic-nocathedral.yaml"); }

/* The current player puts a piece of the named kind on the feature at `where` of the tile just
** placed. */
static void deploy_piece(mp_game *g, const char *where, const char *piece) {
    mp_diag d = { 0 };
    int x, y;
    cr_assert_eq(mp_game_last_placed(g, &x, &y), 0);
    int f = mp_game_feature_at(g, x, y, where);
    cr_assert(f >= 0, "no feature at %s on %d,%d", where, x, y);
    int k = mp_ruleset_find_piece(mp_game_ruleset(g), piece);
    cr_assert(k >= 0, "no piece %s", piece);
    mp_action a = { .kind = MP_ACT_DEPLOY, .feature = (uint8_t)f, .x = (int16_t)x, .y = (int16_t)y, .piece = (uint8_t)k };
    cr_assert_eq(mp_game_apply(g, &a, &d), 0, "deploy %s at %s: %s", piece, where, d.message);
    cr_assert_eq(mp_game_check(g, &d), 0, "%s", d.message);
}

static void free_all(mp_game *g, mp_ruleset *rs) {
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ inns */

/* Example 1: RED's thief on the inn straight east of the start tile; junctions at both ends.
**   x: -1   0   1      2
**       W   D   IC-15  W      y=0: a road of 4 tiles with an inn, closed at both junctions */
static mp_game *inn_road(const mp_ruleset *rs, bool close_west) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "IC-15", 1, 0, 0);
    t_deploy(g, "E");
    t_place(g, 1, "W", 2, 0, 0);
    t_pass(g);
    if (close_west) {
        t_place(g, 1, "W", -1, 0, 0);
        t_pass(g);
    }
    return g;
}

Test(ic_examples, inn_road_completed_scores_2_a_tile) {
    mp_ruleset *rs = ic();
    mp_game *g = inn_road(rs, true);
    cr_assert_eq(t_points(g, 0, "road"), 8, "4 tiles x 2");
    cr_assert_eq(mp_game_score(g, 0), 8);
    cr_assert_eq(mp_game_supply(g, 0), 8, "the thief came home (7 and the large follower)");
    t_events(g, "0:+8 road completed 4");
    free_all(g, rs);
}

Test(ic_examples, inn_road_completed_without_inns_scores_1_a_tile) {
    mp_ruleset *rs = noinn();
    mp_game *g = inn_road(rs, true);
    t_events(g, "0:+4 road completed 4");
    free_all(g, rs);
}

/* Example 2: the same road left open to the west: nothing at the end (the thief's 0 is logged);
** FanCloisterZone's `ignore`: 1 a tile; without inns 1 a tile. */
Test(ic_examples, inn_road_open_at_the_end_scores_zero) {
    mp_ruleset *rs = ic();
    mp_game *g = inn_road(rs, false);
    t_end(g);
    cr_assert_eq(mp_game_score(g, 0), 0);
    t_events(g, "0:+0 road incomplete 3");
    free_all(g, rs);
}

Test(ic_examples, inn_road_open_at_the_end_under_ignore_scores_plain) {
    mp_ruleset *rs = ignore();
    mp_game *g = inn_road(rs, false);
    t_end(g);
    cr_assert_eq(mp_game_score(g, 0), 3);
    t_events(g, "0:+3 road incomplete 3");
    free_all(g, rs);
}

Test(ic_examples, inn_road_open_at_the_end_without_inns_scores_plain) {
    mp_ruleset *rs = noinn();
    mp_game *g = inn_road(rs, false);
    t_end(g);
    t_events(g, "0:+3 road incomplete 3");
    free_all(g, rs);
}

/* Example 3: two inns on one completed road of 5 tiles: 2 a tile, not more.
**   x: -1   0   1      2
**       W   D   IC-15  IC-16     y=0: IC-16 (its curve W-S) turns the road south
**                      W1        y=1: a junction, its north road ends there */
Test(ic_examples, two_inns_on_one_road_count_once) {
    mp_ruleset *rs = ic();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "IC-15", 1, 0, 0);
    t_deploy(g, "E");
    t_place(g, 1, "W", -1, 0, 0);
    t_pass(g);
    t_place(g, 1, "IC-16", 2, 0, 0);
    t_pass(g);
    t_place(g, 1, "W", 2, 1, 1);
    t_pass(g);
    cr_assert_eq(mp_game_score(g, 0), 10, "5 tiles x 2, not 20");
    t_events(g, "0:+10 road completed 5");
    free_all(g, rs);
}

/* Example 4: the junction inn tile IC-14 at -1,0: its east branch (with the inn) runs through D to
** a junction (3 tiles, 6), its west branch ends at a junction (2 tiles, 2), its south branch runs
** on over three straights and is open at the end (4 tiles, no inn: 4).
**   x: -2   -1     0   1
**       W   IC-14  D   W      y=0
**           U1                y=1..3: straights turned once (road N-S) */
Test(ic_examples, junction_inn_affects_only_its_branch) {
    mp_ruleset *rs = ic();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "IC-14", -1, 0, 0);
    t_deploy(g, "E");                 /* RED's thief on the inn branch */
    t_place(g, 1, "W", 1, 0, 0);      /* closes it: IC-14, D, W */
    t_pass(g);
    cr_assert_eq(mp_game_score(g, 0), 6, "3 tiles x 2");
    t_place(g, 0, "W", -2, 0, 0);
    t_deploy(g, "E");                 /* the west branch, closed by this junction: 2 tiles */
    cr_assert_eq(mp_game_score(g, 0), 8, "and 2 for the plain branch");
    t_place(g, 1, "U", -1, 1, 1);
    t_deploy(g, "N");                 /* BLUE's thief on the south branch */
    t_place(g, 0, "U", -1, 2, 1);
    t_pass(g);
    t_place(g, 0, "U", -1, 3, 1);
    t_pass(g);
    t_end(g);
    cr_assert_eq(mp_game_score(g, 1), 4, "4 tiles, no inn on that branch");
    t_events(g, "0:+6 road completed 3; 0:+2 road completed 2; 1:+4 road incomplete 4");
    free_all(g, rs);
}

/* Example 5: a loop of four curves, one of them the inn curve IC-16: complete, 2 a tile.
**   x:  0   1
**       D   .       y=0
**       V3  IC-16   y=1
**       V2  V1      y=2 */
Test(ic_examples, inn_road_loop_scores_2_a_tile) {
    mp_ruleset *rs = ic();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "V", 0, 1, 3);      /* road E and S */
    t_deploy(g, "E");
    t_place(g, 1, "IC-16", 1, 1, 0);  /* road W and S */
    t_pass(g);
    t_place(g, 1, "V", 0, 2, 2);      /* road N and E */
    t_pass(g);
    t_place(g, 1, "V", 1, 2, 1);      /* road N and W: the loop closes */
    t_pass(g);
    t_events(g, "0:+8 road completed 4");
    free_all(g, rs);
}

/* Example 5, second part: a loop that runs through both curves of IC-17 counts that tile once.
**   x:  0   1      2
**       D   .      .       y=0
**       B   V3     V       y=1: a cloister (no monk) connects the loop to the start tile
**       V3  IC-17  V1      y=2
**       V2  V1     .       y=3
** The loop: V3(1,1), V(2,1), V1(2,2), IC-17's S-E curve... 7 tiles, IC-17 once. */
Test(ic_examples, loop_through_both_curves_of_a_tile_counts_it_once) {
    mp_ruleset *rs = ic();
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "B", 0, 1, 0);
    t_pass(g);
    t_place(g, 0, "V", 1, 1, 3);      /* road E and S */
    t_deploy(g, "E");
    t_place(g, 1, "V", 2, 1, 0);      /* road W and S */
    t_pass(g);
    t_place(g, 1, "IC-17", 1, 2, 0);
    t_pass(g);
    t_place(g, 1, "V", 2, 2, 1);      /* road N and W */
    t_pass(g);
    t_place(g, 1, "V", 0, 2, 3);      /* road E and S */
    t_pass(g);
    t_place(g, 1, "V", 0, 3, 2);      /* road N and E */
    t_pass(g);
    cr_assert_eq(mp_game_score(g, 0), 0, "still open at 1,3");
    t_place(g, 1, "V", 1, 3, 1);      /* road N and W: closes the loop */
    t_pass(g);
    t_events(g, "0:+7 road completed 7");
    free_all(g, rs);
}

/* ------------------------------------------------------------------ cathedrals */

/* Example 6: the cathedral on the start tile's city, RED's knight in it, four caps around.
**   x: -1   0     1
**       .   M2    E3     y=-2: M (pennant) turned twice: city S and E
**       E1  IC-1  E3     y=-1
**       .   D     .      y=0 */
static mp_game *cathedral_city(const mp_ruleset *rs, bool close) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "IC-1", 0, -1, 0);
    t_deploy(g, "N");
    t_place(g, 1, "E", -1, -1, 1);
    t_pass(g);
    t_place(g, 1, "E", 1, -1, 3);
    t_pass(g);
    t_place(g, 1, "M", 0, -2, 2);
    t_pass(g);
    if (close) {
        t_place(g, 1, "E", 1, -2, 3);
        t_pass(g);
    }
    return g;
}

Test(ic_examples, cathedral_city_completed_scores_3_a_tile_and_pennant) {
    mp_ruleset *rs = ic();
    mp_game *g = cathedral_city(rs, true);
    cr_assert_eq(t_points(g, 0, "city"), 21, "3 x (6 tiles + 1 pennant)");
    cr_assert_eq(mp_game_supply(g, 0), 8);
    t_events(g, "0:+21 city completed 6");
    free_all(g, rs);
}

Test(ic_examples, cathedral_city_completed_without_cathedrals_scores_plain) {
    mp_ruleset *rs = nocathedral();
    mp_game *g = cathedral_city(rs, true);
    t_events(g, "0:+14 city completed 6");
    free_all(g, rs);
}

/* Example 7: the same city without its last tile, open at the end. */
Test(ic_examples, cathedral_city_open_at_the_end_scores_zero) {
    mp_ruleset *rs = ic();
    mp_game *g = cathedral_city(rs, false);
    t_end(g);
    cr_assert_eq(mp_game_score(g, 0), 0);
    t_events(g, "0:+0 city incomplete 5");
    free_all(g, rs);
}

Test(ic_examples, cathedral_city_open_at_the_end_under_ignore_scores_plain) {
    mp_ruleset *rs = ignore();
    mp_game *g = cathedral_city(rs, false);
    t_end(g);
    t_events(g, "0:+6 city incomplete 5");
    free_all(g, rs);
}

Test(ic_examples, cathedral_city_open_at_the_end_without_cathedrals_scores_plain) {
    mp_ruleset *rs = nocathedral();
    mp_game *g = cathedral_city(rs, false);
    t_end(g);
    t_events(g, "0:+6 city incomplete 5");
    free_all(g, rs);
}

/* Example 8: both cathedrals side by side, closed by six one-side caps (the start tile one of
** them, another D south of the second): 8 tiles, 3 each, not more.
**   x: -1   0     1     2
**       .   E2    E2    .      y=-2
**       E1  IC-1  IC-1  E3     y=-1
**       .   D     D     .      y=0 */
static mp_game *two_cathedrals(const mp_ruleset *rs) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "IC-1", 0, -1, 0);
    t_deploy(g, "N");
    t_place(g, 1, "IC-1", 1, -1, 0);
    t_pass(g);
    t_place(g, 1, "E", 0, -2, 2);
    t_pass(g);
    t_place(g, 1, "E", -1, -1, 1);
    t_pass(g);
    t_place(g, 1, "E", 1, -2, 2);
    t_pass(g);
    t_place(g, 1, "E", 2, -1, 3);
    t_pass(g);
    cr_assert_eq(mp_game_score(g, 0), 0);
    t_place(g, 1, "D", 1, 0, 0);
    t_pass(g);
    return g;
}

Test(ic_examples, two_cathedrals_in_one_city_count_once) {
    mp_ruleset *rs = ic();
    mp_game *g = two_cathedrals(rs);
    t_events(g, "0:+24 city completed 8");
    free_all(g, rs);
}

Test(ic_examples, two_cathedrals_without_cathedrals_score_plain) {
    mp_ruleset *rs = nocathedral();
    mp_game *g = two_cathedrals(rs);
    t_events(g, "0:+16 city completed 8");
    free_all(g, rs);
}

/* ------------------------------------------------------------------ the large follower */

/* Example 9: a city of 8 tiles and 2 pennants joined by its last tile from three occupied parts:
** RED's large follower (2) in the west part, BLUE's two knights (2) in the east part (joined
** before), GREEN's knight (1) in the south part. RED and BLUE tie: 2 x (8 + 2) = 20 each.
**   x: -2   -1   0    1    2    3
**       .   U    D    U    U    U      y=0: roads, nobody on them
**       E1  G    R2   F    F    E3     y=1: R (three-side city) turned twice joins the parts
**       .   E1   N    .    .    .      y=2 */
Test(ic_examples, large_follower_ties_two_knights) {
    mp_ruleset *rs = ic();
    mp_game *g = t_game(rs, 3);
    t_place(g, 1, "U", -1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 2, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 3, 0, 0);
    t_pass(g);
    t_place(g, 0, "G", -1, 1, 0);
    deploy_piece(g, "E", "large");
    t_place(g, 0, "E", -2, 1, 1);
    t_pass(g);
    t_place(g, 1, "F", 1, 1, 0);
    t_deploy(g, "E");
    t_place(g, 1, "E", 3, 1, 3);
    t_deploy(g, "W");
    t_place(g, 1, "F", 2, 1, 0);      /* joins BLUE's two knights */
    t_pass(g);
    t_place(g, 2, "E", -1, 2, 1);
    t_deploy(g, "E");
    t_place(g, 2, "N", 0, 2, 0);
    t_pass(g);
    cr_assert_eq(mp_game_n_events(g), 0);
    t_place(g, 2, "R", 0, 1, 2);      /* joins the three parts: closed */
    t_pass(g);
    cr_assert_eq(mp_game_score(g, 0), 20);
    cr_assert_eq(mp_game_score(g, 1), 20);
    cr_assert_eq(mp_game_score(g, 2), 0, "strength 1 against 2");
    t_events(g, "0,1:+20 city completed 8");
    for (int p = 0; p < 3; p++) cr_assert_eq(mp_game_supply(g, p), 8, "seat %d: every figure came home", p);
    cr_assert_eq(mp_game_piece_supply(g, 0, 1), 1, "RED's large follower came home");
    free_all(g, rs);
}

/* Example 10: RED's large follower against one BLUE thief on a completed road of 5 tiles: RED
** alone scores, 5 (not doubled).
**   x: -1   0   1   2
**       V3  D   U   W      y=0
**       W1  B   .   .      y=1: BLUE's thief on the junction's north road; a cloister for contact */
static mp_game *large_on_a_road(const mp_ruleset *rs, const char *first, bool close) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "B", 0, 1, 0);
    t_pass(g);
    t_place(g, 0, first, 1, 0, 0);
    deploy_piece(g, "E", "large");
    t_place(g, 1, "W", -1, 1, 1);
    t_deploy(g, "N");
    if (close) {
        t_place(g, 1, "W", 2, 0, 0);
        t_pass(g);
    } else {
        t_place(g, 1, "U", 2, 0, 0);
        t_pass(g);
        t_place(g, 1, "U", 3, 0, 0);
        t_pass(g);
    }
    t_place(g, 1, "V", -1, 0, 3);     /* joins the two parts */
    t_pass(g);
    return g;
}

Test(ic_examples, large_follower_beats_one_thief_and_scores_once) {
    mp_ruleset *rs = ic();
    mp_game *g = large_on_a_road(rs, "U", true);
    cr_assert_eq(mp_game_score(g, 0), 5);
    cr_assert_eq(mp_game_score(g, 1), 0);
    t_events(g, "0:+5 road completed 5");
    free_all(g, rs);
}

/* Example 13: the same, the road open to the east over 6 tiles, with the inn straight in it: RED
** holds the majority and scores 0 (his 0 is logged); under `ignore` 6. */
Test(ic_examples, large_follower_on_an_open_inn_road_scores_zero) {
    mp_ruleset *rs = ic();
    mp_game *g = large_on_a_road(rs, "IC-15", false);
    t_end(g);
    cr_assert_eq(mp_game_score(g, 0), 0);
    cr_assert_eq(mp_game_score(g, 1), 0);
    t_events(g, "0:+0 road incomplete 6");
    free_all(g, rs);
}

Test(ic_examples, large_follower_on_an_open_inn_road_under_ignore) {
    mp_ruleset *rs = ignore();
    mp_game *g = large_on_a_road(rs, "IC-15", false);
    t_end(g);
    cr_assert_eq(mp_game_score(g, 0), 6);
    cr_assert_eq(mp_game_score(g, 1), 0);
    t_events(g, "0:+6 road incomplete 6");
    free_all(g, rs);
}

/* Example 11: a farm borders three completed cities, one of them the cathedral city (an ordinary
** city for the farm: 3). RED's large farmer in it; BLUE with one farmer, then with two.
**   x: -1   0     1
**       H   .     H      y=-3: caps N and S, the south caps close the two small cities
**       E   E2    E      y=-2: the outer caps face north (cities A and B), the middle one south
**       E1  IC-1  E3     y=-1
**       .   D     .      y=0
** The farm: the fields of the five caps E, which the middle cap at 0,-2 and the caps at -1,-2
** and 1,-2 join. (The example's three BLUE farmers need a fourth separate part of the farm, which
** this layout has not: two BLUE farmers against the large one test the tie instead.) */
static mp_game *large_farmer(const mp_ruleset *rs, int blue_farmers) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "IC-1", 0, -1, 0);
    t_pass(g);
    t_place(g, 0, "E", -1, -1, 1);
    deploy_piece(g, "Nw", "large");
    t_place(g, 1, "E", 1, -1, 3);
    t_deploy(g, "Ne");
    t_place(g, 1, "E", 0, -2, 2);     /* closes the cathedral city */
    if (blue_farmers >= 2) t_deploy(g, "Nw");
    else t_pass(g);
    t_place(g, 1, "E", -1, -2, 0);
    t_pass(g);
    t_place(g, 1, "E", 1, -2, 0);
    t_pass(g);
    t_place(g, 1, "H", -1, -3, 0);
    t_pass(g);
    t_place(g, 1, "H", 1, -3, 0);
    t_pass(g);
    t_end(g);
    return g;
}

Test(ic_examples, large_farmer_beats_one_farmer) {
    mp_ruleset *rs = ic();
    mp_game *g = large_farmer(rs, 1);
    cr_assert_eq(t_points(g, 0, "farm"), 9, "3 cities x 3, the cathedral city as any");
    cr_assert_eq(t_points(g, 1, "farm"), 0);
    t_events(g, "0:+9 farm farm 5");
    free_all(g, rs);
}

Test(ic_examples, large_farmer_ties_two_farmers) {
    mp_ruleset *rs = ic();
    mp_game *g = large_farmer(rs, 2);
    cr_assert_eq(t_points(g, 0, "farm"), 9);
    cr_assert_eq(t_points(g, 1, "farm"), 9);
    t_events(g, "0,1:+9 farm farm 5");
    free_all(g, rs);
}

/* Example 12: city-4 (1st edition, 2000): the city D+E borders E's field (RED's large farmer, 2)
** and the field north of the road (BLUE's farmer, 1): RED 4, BLUE 0.
**   x:  0   1
**       E2  .      y=-1
**       D   U      y=0 */
Test(ic_examples, large_farmer_under_city_4) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/ic-city4.yaml");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "E", 0, -1, 2);
    deploy_piece(g, "Nw", "large");
    t_place(g, 1, "U", 1, 0, 0);
    t_deploy(g, "Nw");
    t_end(g);
    cr_assert_eq(t_points(g, 0, "farm"), 4);
    cr_assert_eq(t_points(g, 1, "farm"), 0);
    t_events(g, "0:+4 farm farm 2");
    free_all(g, rs);
}

/* Example 14: RED's large follower and BLUE's knight in an open city of 4 tiles and a pennant
** (no cathedral): RED 4 + 1 = 5 at the end, BLUE 0.
**   x:  0   1   2
**       M2  G   N      y=-1: M turned twice (city S+E, pennant); N's city W and N, open north
**       D   U   U      y=0 */
Test(ic_examples, large_follower_in_a_plain_open_city) {
    mp_ruleset *rs = ic();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "M", 0, -1, 2);
    deploy_piece(g, "S", "large");
    t_place(g, 1, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 2, 0, 0);
    t_pass(g);
    t_place(g, 1, "N", 2, -1, 0);
    t_deploy(g, "N");
    t_place(g, 1, "G", 1, -1, 0);     /* joins the parts; still open north of 2,-1 */
    t_pass(g);
    t_end(g);
    cr_assert_eq(mp_game_score(g, 0), 5);
    cr_assert_eq(mp_game_score(g, 1), 0);
    t_events(g, "0:+5 city incomplete 4");
    free_all(g, rs);
}

/* ------------------------------------------------------------------ rules of the tiles */

/* A cathedral city left open holds RED's large follower and BLUE's knight: 0 for the majority
** (logged), nothing for the minority. */
Test(ic_rules, open_cathedral_city_logs_only_the_majority) {
    mp_ruleset *rs = ic();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "IC-1", 0, -1, 0);
    deploy_piece(g, "N", "large");
    t_place(g, 1, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "N", 1, -1, 0);     /* city W (joins the cathedral) and N, open */
    t_pass(g);
    t_end(g);
    cr_assert_eq(mp_game_score(g, 0), 0);
    t_events(g, "0:+0 city incomplete 3");
    free_all(g, rs);
}

/* IC-2: the cloister cuts the west-east road into two roads, each ending at the cloister: the
** start tile's road closes at it (W, D and IC-2: 3 tiles) while its other road stays apart.
**   x: -1   0   1
**       W   D   IC-2    y=0 */
Test(ic_rules, cloister_on_a_road_cuts_it) {
    mp_ruleset *rs = ic();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "W", -1, 0, 0);
    t_deploy(g, "E");
    t_place(g, 1, "IC-2", 1, 0, 0);
    t_deploy(g, "E");                 /* BLUE's thief on the other road of the tile */
    cr_assert_eq(mp_game_score(g, 0), 3, "W, D, IC-2: the road ends at the cloister");
    t_events(g, "0:+3 road completed 3");
    t_end(g);
    t_events(g, "0:+3 road completed 3; 1:+1 road incomplete 1");
    free_all(g, rs);
}

/* IC-5: the crossing between two caps splits the road: D's road, closed at a junction west and at
** the crossing east, is 3 tiles; the crossing's east road is another. */
Test(ic_rules, crossing_between_two_cities_splits_the_road) {
    mp_ruleset *rs = ic();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "W", -1, 0, 0);
    t_deploy(g, "E");
    t_place(g, 1, "IC-5", 1, 0, 0);
    t_pass(g);
    t_events(g, "0:+3 road completed 3");
    free_all(g, rs);
}

/* The large follower is one piece a player, in the supply beside the 7. */
Test(ic_rules, one_large_follower_each) {
    mp_ruleset *rs = ic();
    mp_game *g = t_game(rs, 6);
    for (int p = 0; p < 6; p++) {
        cr_assert_eq(mp_game_supply(g, p), 8);
        cr_assert_eq(mp_game_piece_supply(g, p, mp_ruleset_find_piece(rs, "large")), 1);
    }
    t_place(g, 0, "U", 1, 0, 0);
    deploy_piece(g, "E", "large");
    t_place(g, 0, "U", -1, 0, 0);
    cr_assert(!t_offered(g, "+Nw:large"), "RED's only large follower is on the road");
    free_all(g, rs);
}

/* What an unfinished feature may still bring, for the mcts bot's weighing (mp_game_potential):
** the inn road of example 2 left open at one port scores 0 now and 2 a tile finished, so its
** holder's potential is 3 x 2 x base^1; the other seat has none. Without inns the road scores 1
** a tile either way: no potential. A completed feature has none. */
Test(ic_rules, potential_of_an_open_inn_road) {
    mp_ruleset *rs = ic();
    mp_game *g = inn_road(rs, false);
    double v[MP_MAX_PLAYERS];
    mp_game_potential(g, 0.9, v);
    cr_assert_float_eq(v[0], 6 * 0.9, 1e-9, "%g", v[0]);
    cr_assert_float_eq(v[1], 0, 1e-9);
    mp_game_potential(g, 0.5, v);
    cr_assert_float_eq(v[0], 3.0, 1e-9, "%g", v[0]);
    free_all(g, rs);
    rs = noinn();
    g = inn_road(rs, false);
    mp_game_potential(g, 0.9, v);
    cr_assert_float_eq(v[0], 0, 1e-9, "%g", v[0]);
    free_all(g, rs);
    rs = ic();
    g = inn_road(rs, true);
    mp_game_potential(g, 0.9, v);
    cr_assert_float_eq(v[0], 0, 1e-9, "the completed road: %g", v[0]);
    free_all(g, rs);
}
