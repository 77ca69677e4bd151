/*
** test_examples_base.c: the worked examples of the base game's rule pages (1st edition and
** 2nd/3rd edition), each a position built tile by tile, with its exact score and scoring events.
*/
#include "helpers.h"

/* 1st-edition page: "a road of 3 tiles scores 3". Start tile D at 0,0 has a road E-W. */
Test(examples_c1, completed_road_of_three) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "W", 1, 0, 0);      /* junction east of the start tile: FRRR, road W ends */
    t_deploy(g, "W");
    t_place(g, 1, "L", -1, 0, 0);     /* junction west: CRRR, road E ends there: road complete */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "road"), 3);
    cr_assert_eq(mp_game_supply(g, 0), 7, "the thief came back");
    t_events(g, "0:+3 road completed 3");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/*
** Geometry used below: the start tile D sits at 0,0 with its city on N and its road E-W;
** x grows east, y grows south. Maps show one cell per tile letter, "." for an empty cell,
** with rows from north (top) to south; the rotation follows the letter when it is not 0.
*/

/* 1st-edition page: "Completed roads: a road of 4 tiles scores 4".
**   x: -2 -1  0  1
**       L  U  D  W      y=0: junction L, straight U, start D, junction W
*/
Test(examples_c1, completed_road_of_four) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "W", 1, 0, 0);      /* junction: its W road ends on the tile */
    t_deploy(g, "W");
    t_place(g, 1, "U", -1, 0, 0);     /* straight road, still open to the west */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "road"), 0, "the road is still open");
    cr_assert_eq(mp_game_supply(g, 0), 6);
    t_place(g, 1, "L", -2, 0, 0);     /* junction: road E ends, the road of 4 is complete */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "road"), 4);
    cr_assert_eq(mp_game_score(g, 0), 4);
    cr_assert_eq(t_points(g, 1, "road"), 0, "RED has no thief on it");
    cr_assert_eq(mp_game_supply(g, 0), 7, "the thief came back");
    t_events(g, "0:+4 road completed 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 1st-edition page: "A completed city of three tiles with one pennant scores 8".
**   x:  0   1
**       M2  E3     y=-1: M turned twice (city S+E, pennant), E turned 3 times (city W)
**       D   .      y=0
*/
Test(examples_c1, completed_city_of_three_with_pennant) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "M", 0, -1, 2);     /* city S (joins D) and E, pennant */
    t_deploy(g, "S");
    cr_assert_eq(t_points(g, 0, "city"), 0, "still open to the east");
    t_place(g, 1, "E", 1, -1, 3);     /* city cap on W closes it: 3 tiles + 1 pennant */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "city"), 8);
    cr_assert_eq(mp_game_score(g, 0), 8);
    cr_assert_eq(mp_game_score(g, 1), 0);
    cr_assert_eq(mp_game_supply(g, 0), 7, "the knight came back");
    t_events(g, "0:+8 city completed 3");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 1st-edition page: "A completed city of four tiles, no pennant, where one tile holds two
** segments of that same city (they count as one tile), scores 8".
**   x:  0   1
**       D   .      y=0
**       N2  N3     y=1: N turned twice (city E+S), N turned 3 times (city S+W)
**       N1  I      y=2: N turned once (city N+E); I has two caps, N and W, both in this city
*/
Test(examples_c1, completed_city_of_four_with_two_segments_on_one_tile) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "N", 0, 1, 2);      /* field N against D's field; city E and S */
    t_deploy(g, "E");
    t_place(g, 1, "N", 1, 1, 3);      /* city W (joins) and S */
    t_pass(g);
    t_place(g, 1, "N", 0, 2, 1);      /* city N (joins) and E */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "city"), 0, "still open at 1,2");
    t_place(g, 1, "I", 1, 2, 0);      /* caps N and W: the ring closes, I counts once */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "city"), 8, "4 tiles x 2, I counted once");
    cr_assert_eq(mp_game_score(g, 0), 8);
    cr_assert_eq(mp_game_supply(g, 0), 7, "the knight came back");
    t_events(g, "0:+8 city completed 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 1st-edition page: "A tile joins two separately occupied city parts (BLUE one knight, RED one
** knight) into one completed city worth 10: both score 10".
**   x:  0   1   2
**       N2  F   E3     y=-1: BLUE on N (city S+E), F (city W-E, pennant) joins, RED on E (cap W)
**       D   W   U      y=0
*/
Test(examples_c1, tie_in_a_joined_city) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);       /* seat 0 BLUE, seat 1 RED */
    t_place(g, 0, "N", 0, -1, 2);     /* city S (joins D) and E */
    t_deploy(g, "S");
    t_place(g, 1, "W", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 2, 0, 0);
    t_pass(g);
    t_place(g, 1, "E", 2, -1, 3);     /* a separate city: cap on W */
    t_deploy(g, "W");
    cr_assert_eq(mp_game_supply(g, 0), 6);
    cr_assert_eq(mp_game_supply(g, 1), 6);
    t_place(g, 0, "F", 1, -1, 0);     /* joins both parts: D, N, F, E = 4 tiles + 1 pennant */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "city"), 10);
    cr_assert_eq(t_points(g, 1, "city"), 10);
    cr_assert_eq(mp_game_score(g, 0), 10);
    cr_assert_eq(mp_game_score(g, 1), 10);
    cr_assert_eq(mp_game_supply(g, 0), 7);
    cr_assert_eq(mp_game_supply(g, 1), 7);
    t_events(g, "0,1:+10 city completed 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 1st-edition page: "A completed cloister scores 9".
**   x: -1   0   1
**       U   D   U      y=0
**       B   B*  B      y=1: the monk is on the middle cloister
**       E2  E2  E2     y=2: city caps turned to the south, fields to the north
*/
Test(examples_c1, completed_cloister) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "B", 0, 1, 0);
    t_deploy(g, "cloister");
    t_place(g, 1, "U", -1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "B", -1, 1, 0);
    t_pass(g);
    t_place(g, 1, "B", 1, 1, 0);
    t_pass(g);
    t_place(g, 1, "E", -1, 2, 2);
    t_pass(g);
    t_place(g, 1, "E", 1, 2, 2);
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "cloister"), 0, "7 of 8 neighbours");
    cr_assert_eq(mp_game_supply(g, 0), 6);
    t_place(g, 1, "E", 0, 2, 2);      /* the 8th neighbour */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "cloister"), 9);
    cr_assert_eq(mp_game_score(g, 0), 9);
    cr_assert_eq(mp_game_score(g, 1), 0);
    cr_assert_eq(mp_game_supply(g, 0), 7, "the monk came back");
    t_events(g, "0:+9 cloister completed 9");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 1st-edition page: "A follower deployed onto the feature its tile just completed: road of 4
** scores 4 and the follower comes back the same turn".
**   x: -2  -1   0   1
**       L*  U   D   W      y=0: the thief goes on L's road E, which L has just completed
*/
Test(examples_c1, deploy_on_completed_road_of_four) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "W", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", -1, 0, 0);
    t_pass(g);
    t_place(g, 0, "L", -2, 0, 0);     /* completes the road of 4 */
    t_deploy(g, "E");                 /* onto the road just completed */
    cr_assert_eq(t_points(g, 0, "road"), 4);
    cr_assert_eq(mp_game_score(g, 0), 4);
    cr_assert_eq(mp_game_score(g, 1), 0);
    cr_assert_eq(mp_game_supply(g, 0), 7, "the thief is back the same turn");
    cr_assert_eq(mp_game_on_board(g, 0), 0);
    t_events(g, "0:+4 road completed 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 1st-edition page: "... road of 3 scores 3" (deployed onto the road its tile completed).
**   x: -1   0   1
**       L*  D   W      y=0
*/
Test(examples_c1, deploy_on_completed_road_of_three) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "W", 1, 0, 0);
    t_pass(g);
    t_place(g, 0, "L", -1, 0, 0);     /* completes the road of 3 */
    t_deploy(g, "E");
    cr_assert_eq(t_points(g, 0, "road"), 3);
    cr_assert_eq(mp_game_score(g, 0), 3);
    cr_assert_eq(mp_game_supply(g, 0), 7, "the thief is back the same turn");
    t_events(g, "0:+3 road completed 3");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 1st-edition page: "A small two-segment city completed while the placer also has a follower
** free: he may deploy to the other city segment on that tile; the small city scores 4 and its
** knight returns".
**   x:  0
**       D      y=0
**       E2     y=1: knight on the cap turned south
**       H*     y=2: H's N cap closes the small city, the new knight goes on its S cap
*/
Test(examples_c1, two_segment_tile_completes_small_city) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "E", 0, 1, 2);      /* field N against D, city cap S */
    t_deploy(g, "S");
    t_place(g, 1, "U", 1, 0, 0);      /* a turn of the other player in between */
    t_pass(g);
    cr_assert_eq(mp_game_supply(g, 0), 6);
    t_place(g, 0, "H", 0, 2, 0);      /* N cap closes E's city (2 tiles); S cap is a new city */
    t_deploy(g, "S");                 /* the other segment: not complete, not occupied */
    cr_assert_eq(t_points(g, 0, "city"), 4);
    cr_assert_eq(mp_game_score(g, 0), 4);
    cr_assert_eq(mp_game_supply(g, 0), 6, "one back from the small city, one new on the board");
    cr_assert_eq(mp_game_on_board(g, 0), 1);
    int f = -1;
    cr_assert_eq(mp_game_follower_at(g, 0, 1, &f), -1, "the small city's knight left");
    cr_assert_eq(mp_game_follower_at(g, 0, 2, &f), 0, "the new knight stays on H");
    cr_assert_eq(f, mp_game_feature_at(g, 0, 2, "S"));
    t_events(g, "0:+4 city completed 2");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 1st-edition page, final scoring: "an incomplete road of 3 tiles scores 3".
**   x: -1   0   1
**       U   D   U*     y=0: both ends open
*/
Test(examples_c1, final_incomplete_road_of_three) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_deploy(g, "E");
    t_place(g, 1, "U", -1, 0, 0);
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "road"), 0);
    t_end(g);
    cr_assert_eq(t_points(g, 0, "road"), 3);
    cr_assert_eq(mp_game_score(g, 0), 3);
    cr_assert_eq(mp_game_score(g, 1), 0);
    t_events(g, "0:+3 road incomplete 3");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 1st-edition page, final scoring: "an incomplete cloister with 4 neighbours scores 5".
**   x: -1   0   1
**       U   D   U      y=0
**       E2  B*  .      y=1: 4 neighbours: U, D, U, E
*/
Test(examples_c1, final_cloister_with_four_neighbours) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "B", 0, 1, 0);
    t_deploy(g, "cloister");
    t_place(g, 1, "U", -1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "E", -1, 1, 2);
    t_pass(g);
    t_end(g);
    cr_assert_eq(t_points(g, 0, "cloister"), 5);
    cr_assert_eq(mp_game_score(g, 0), 5);
    t_events(g, "0:+5 cloister incomplete 5");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 1st-edition page, final scoring: "an incomplete city of 3 tiles scores 3".
**   x:  0   1
**       N2* N      y=-1: N turned twice (city S+E), then N (city N+W, open to the north)
**       D   .      y=0
*/
Test(examples_c1, final_incomplete_city_of_three) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "N", 0, -1, 2);
    t_deploy(g, "S");
    t_place(g, 1, "N", 1, -1, 0);     /* city W joins, city N stays open */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "city"), 0);
    t_end(g);
    cr_assert_eq(t_points(g, 0, "city"), 3);
    cr_assert_eq(mp_game_score(g, 0), 3);
    t_events(g, "0:+3 city incomplete 3");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 1st-edition page, final scoring: "a large incomplete city (GREEN 2 knights, BLACK 1) scores
** GREEN 8, BLACK 0": 6 tiles + 2 pennants, half value.
**   x: -2  -1   0   1   2
**       E1b F   R2g F   Ng     y=-1: E cap E (BLACK); F pennants; R city S+E+W (GREEN);
**       U   U   D   W   U      y=0   N city W+N (GREEN), open to the north
*/
Test(examples_c1, final_large_incomplete_city_majority) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);       /* seat 0 GREEN, seat 1 BLACK */
    t_place(g, 0, "W", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 2, 0, 0);
    t_pass(g);
    t_place(g, 0, "U", -1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", -2, 0, 0);
    t_pass(g);
    t_place(g, 0, "R", 0, -1, 2);     /* city S (joins D), E, W */
    t_deploy(g, "S");
    t_place(g, 0, "N", 2, -1, 0);     /* a separate city W+N */
    t_deploy(g, "W");
    t_place(g, 1, "E", -2, -1, 1);    /* a separate cap on E */
    t_deploy(g, "E");
    t_place(g, 0, "F", 1, -1, 0);     /* joins GREEN's two parts */
    t_pass(g);
    t_place(g, 1, "F", -1, -1, 0);    /* joins BLACK's part too: GREEN 2 knights, BLACK 1 */
    t_pass(g);
    cr_assert_eq(mp_game_on_board(g, 0), 2);
    cr_assert_eq(mp_game_on_board(g, 1), 1);
    cr_assert_eq(t_points(g, 0, "city"), 0, "open to the north at 2,-2");
    t_end(g);
    cr_assert_eq(t_points(g, 0, "city"), 8, "6 tiles + 2 pennants");
    cr_assert_eq(t_points(g, 1, "city"), 0);
    cr_assert_eq(mp_game_score(g, 0), 8);
    cr_assert_eq(mp_game_score(g, 1), 0);
    t_events(g, "0:+8 city incomplete 6");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 1st-edition page, final scoring: "an incomplete road of 4 tiles scores 4".
**   x: -1   0   1   2
**       U   D   U*  U      y=0: both ends open
*/
Test(examples_c1, final_incomplete_road_of_four) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_deploy(g, "E");
    t_place(g, 1, "U", -1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 2, 0, 0);
    t_pass(g);
    t_end(g);
    cr_assert_eq(t_points(g, 0, "road"), 4);
    cr_assert_eq(mp_game_score(g, 0), 4);
    cr_assert_eq(mp_game_score(g, 1), 0);
    t_events(g, "0:+4 road incomplete 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 1st-edition page, final scoring: "an incomplete cloister with 5 neighbours scores 6".
**   x: -1   0   1
**       U   D   U      y=0
**       E2  B*  E2     y=1: 5 neighbours
*/
Test(examples_c1, final_cloister_with_five_neighbours) {
    mp_ruleset *rs = t_ruleset("c1");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "B", 0, 1, 0);
    t_deploy(g, "cloister");
    t_place(g, 1, "U", -1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "E", -1, 1, 2);
    t_pass(g);
    t_place(g, 1, "E", 1, 1, 2);
    t_pass(g);
    t_end(g);
    cr_assert_eq(t_points(g, 0, "cloister"), 6);
    cr_assert_eq(mp_game_score(g, 0), 6);
    t_events(g, "0:+6 cloister incomplete 6");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 2nd/3rd-edition page: "Two highwaymen, one each, on a road joined into a completed 4-tile
** road: both score 4, both return".
**   x: -1   0   1
**       V3  D   W      y=0: seat 0 on W's road W; V turned 3 times (road E+S) joins
**       W1* B   .      y=1: seat 1 on the road N of the junction W turned once
*/
Test(examples_c3, two_highwaymen_joined_road) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "W", 1, 0, 0);
    t_deploy(g, "W");
    t_place(g, 1, "B", 0, 1, 0);
    t_pass(g);
    t_place(g, 1, "W", -1, 1, 1);     /* junction, roads N, S, W; field E against B */
    t_deploy(g, "N");
    t_place(g, 0, "V", -1, 0, 3);     /* curve E-S joins both roads: W, D, V, W = 4 tiles */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "road"), 4);
    cr_assert_eq(t_points(g, 1, "road"), 4);
    cr_assert_eq(mp_game_score(g, 0), 4);
    cr_assert_eq(mp_game_score(g, 1), 4);
    cr_assert_eq(mp_game_supply(g, 0), 7);
    cr_assert_eq(mp_game_supply(g, 1), 7);
    t_events(g, "0,1:+4 road completed 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 2nd/3rd-edition page: "RED 2 knights, YELLOW 1 in a completed city worth 10: RED scores 10,
** YELLOW 0". Q (city N+E+W, pennant) turned twice joins three caps: 4 tiles + 1 pennant.
**   x: -1   0   1
**       U   D   U      y=0
**       E1r Q2  E3r    y=1: RED on both side caps
**       B   Ey  .      y=2: YELLOW on the cap facing north
*/
Test(examples_c3, majority_in_completed_city) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);       /* seat 0 RED, seat 1 YELLOW */
    t_place(g, 0, "U", -1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 0, "E", -1, 1, 1);     /* cap E */
    t_deploy(g, "E");
    t_place(g, 0, "E", 1, 1, 3);      /* cap W */
    t_deploy(g, "W");
    t_place(g, 1, "B", -1, 2, 0);
    t_pass(g);
    t_place(g, 1, "E", 0, 2, 0);      /* cap N */
    t_deploy(g, "N");
    cr_assert_eq(mp_game_on_board(g, 0), 2);
    cr_assert_eq(mp_game_on_board(g, 1), 1);
    /* Seat 0 places Q: mp_game_set_player leaves the tile drawn for the seat whose turn it was
    ** in that seat's hand, and with seed 1 that tile can be the only Q (see the report). */
    t_place(g, 0, "Q", 0, 1, 2);      /* city S, W, E: joins the three caps, complete */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "city"), 10);
    cr_assert_eq(t_points(g, 1, "city"), 0);
    cr_assert_eq(mp_game_score(g, 0), 10);
    cr_assert_eq(mp_game_score(g, 1), 0);
    cr_assert_eq(mp_game_supply(g, 0), 7);
    cr_assert_eq(mp_game_supply(g, 1), 7, "the minority knight returns too");
    t_events(g, "0:+10 city completed 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The same city with the seats the other way round: the minority sits in the earlier seat (0) and
** must not score beside the majority (a majority is the strongest alone, in any seat order).
** Mutant majority-keeps-weaker-seats (tests/mutants/list).
**   x: -1   0   1
**       U   D   U      y=0
**       E1r Q2  E3r    y=1: RED (seat 1) on both side caps
**       B   Ey  .      y=2: YELLOW (seat 0) on the cap facing north
*/
Test(examples_c3, majority_in_a_later_seat) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);       /* seat 0 YELLOW, seat 1 RED */
    t_place(g, 0, "U", -1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "E", -1, 1, 1);     /* cap E */
    t_deploy(g, "E");
    t_place(g, 1, "E", 1, 1, 3);      /* cap W */
    t_deploy(g, "W");
    t_place(g, 0, "B", -1, 2, 0);
    t_pass(g);
    t_place(g, 0, "E", 0, 2, 0);      /* cap N */
    t_deploy(g, "N");
    t_place(g, 0, "Q", 0, 1, 2);      /* joins the three caps: 4 tiles + 1 pennant, complete */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "city"), 0, "one knight against two scores nothing");
    cr_assert_eq(t_points(g, 1, "city"), 10);
    cr_assert_eq(mp_game_supply(g, 0), 7);
    cr_assert_eq(mp_game_supply(g, 1), 7);
    t_events(g, "1:+10 city completed 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 2nd/3rd-edition page, final: "an incomplete city of 5 tiles with 3 pennants, GREEN 2 knights
** against BLACK 1: GREEN 8, BLACK 0". Seats alternate 0,1,0,1 as in a real game.
**   x: -1   0   1   2
**       U   D   U   .      y=0
**       E1b Q2  Fg  E3     y=1: Q (pennant) joins; F (W-E, pennant) GREEN; E caps
**       B   M1g .   .      y=2: M turned once (city N+E, pennant) GREEN, open to the east
*/
Test(examples_c3, final_incomplete_city_majority) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);       /* seat 0 GREEN, seat 1 BLACK */
    t_place(g, 0, "U", -1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 0, "F", 1, 1, 0);      /* city W-E, pennant */
    t_deploy(g, "W");
    t_place(g, 1, "E", -1, 1, 1);     /* cap E */
    t_deploy(g, "E");
    t_place(g, 0, "E", 2, 1, 3);      /* cap W closes F's east end */
    t_pass(g);
    t_place(g, 1, "B", -1, 2, 0);
    t_pass(g);
    t_place(g, 0, "M", 0, 2, 1);      /* city N and E (open at 1,2), pennant */
    t_deploy(g, "N");
    t_place(g, 1, "Q", 0, 1, 2);      /* city S, W, E: joins all three parts */
    t_pass(g);
    cr_assert_eq(mp_game_on_board(g, 0), 2);
    cr_assert_eq(mp_game_on_board(g, 1), 1);
    cr_assert_eq(t_points(g, 0, "city"), 0, "still open at 1,2");
    t_end(g);
    cr_assert_eq(t_points(g, 0, "city"), 8, "5 tiles + 3 pennants");
    cr_assert_eq(t_points(g, 1, "city"), 0);
    cr_assert_eq(mp_game_score(g, 0), 8);
    cr_assert_eq(mp_game_score(g, 1), 0);
    t_events(g, "0:+8 city incomplete 5");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 2nd/3rd-edition page, final: "An incomplete cloister with 3 neighbours: 4".
**   x: -1   0   1
**       U   D   U      y=0
**       .   B*  .      y=1
*/
Test(examples_c3, final_cloister_with_three_neighbours) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", -1, 0, 0);
    t_pass(g);
    t_place(g, 1, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 0, "B", 0, 1, 0);
    t_deploy(g, "cloister");
    t_end(g);
    cr_assert_eq(t_points(g, 0, "cloister"), 4);
    cr_assert_eq(mp_game_score(g, 0), 4);
    t_events(g, "0:+4 cloister incomplete 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 2nd/3rd-edition page, final: "An incomplete city of 2 tiles and 1 pennant: 3".
**   x:  0
**       M2*    y=-1: M turned twice (city S+E, pennant), open to the east
**       D      y=0
*/
Test(examples_c3, final_incomplete_city_of_two_with_pennant) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "M", 0, -1, 2);
    t_deploy(g, "S");
    t_end(g);
    cr_assert_eq(t_points(g, 0, "city"), 3);
    cr_assert_eq(mp_game_score(g, 0), 3);
    t_events(g, "0:+3 city incomplete 2");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* 2nd/3rd-edition page, final: "An incomplete road of 3 tiles: 3".
**   x: -1   0   1
**       V2* D   U      y=0: V turned twice (road N+E), open to the north and the east
*/
Test(examples_c3, final_incomplete_road_of_three) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "V", -1, 0, 2);
    t_deploy(g, "E");
    t_end(g);
    cr_assert_eq(t_points(g, 1, "road"), 3);
    cr_assert_eq(mp_game_score(g, 1), 3);
    cr_assert_eq(mp_game_score(g, 0), 0);
    t_events(g, "1:+3 road incomplete 3");
    mp_game_free(g);
    mp_ruleset_free(rs);
}
