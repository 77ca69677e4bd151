/*
** test_farms.c: the three farm methods and the farm examples of the base-game rules digest.
*/
#include "helpers.h"

/* A farm with no completed city scores nothing (digest: "a farm with no completed city scores 0"). */
Test(farms, no_completed_city_scores_nothing) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_deploy(g, "Nw");
    t_end(g);
    cr_assert_eq(t_points(g, 0, "farm"), 0);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/*
** Geometry: the start tile D sits at 0,0 (city N, road E-W, field {En Wn} north of the road
** bordering the city, field {Es Se Sw Ws} south of it); x grows east, y grows south. Maps show
** one cell per tile, the rotation after the letter when it is not 0, "." for an empty cell,
** rows from north (top) to south.
*/

/* ------------------------------------------------------------------ the three methods */

/*
** Digest, "Farm scoring methods": "Example from the rules (a city touched by two farms; BLUE has
** a farmer on each, YELLOW one farmer on one of them): city-4 - BLUE alone scores (2 farmers
** supply the city, YELLOW has 1); farm-3-once - both score, BLUE once; farm-3 - BLUE scores
** twice."
**
**   x:  0   1
**       U   A1     y=-2: U (road W-E), A turned once (its road W ends at the cloister)
**       E2  .      y=-1: E turned twice: city S, closing D's city (2 tiles, complete)
**       D   U      y=0:  start D, U (road W-E)
**
** The city D+E is the only city. Farm "south-of-E" = E's field + U(0,-2) south field + A's field
** + U(0,-2) north field (joined round the road end at the cloister): BLUE (on E) and YELLOW (on
** U's north field, deployed while it was separate), 1-1. Farm "north-of-D" = D {En Wn} + U(1,0)
** north field: BLUE alone. Both farms border the city; cell 1,-1 stays empty so they never meet.
** Seat 0 = BLUE, seat 1 = YELLOW.
*/
static mp_game *two_farms_one_city(const mp_ruleset *rs) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "E", 0, -1, 2);     /* closes D's city: 2 tiles, nobody in it */
    t_deploy(g, "Nw");                /* BLUE farmer on E's field */
    t_place(g, 1, "U", 0, -2, 0);     /* south field joins E's field; north field is new */
    t_deploy(g, "Nw");                /* YELLOW farmer on U's north field, still separate */
    t_place(g, 0, "U", 1, 0, 0);      /* north field joins D {En Wn} */
    t_deploy(g, "Nw");                /* BLUE farmer on the farm north of D */
    t_place(g, 1, "A", 1, -2, 1);     /* road end: U(0,-2)'s north and south fields meet */
    t_pass(g);
    t_end(g);
    return g;
}

/* city-4 (c1-2000): the city is supplied by BLUE's 2 farmers (one on each farm touching it)
** against YELLOW's 1: BLUE 4, YELLOW 0. */
Test(farms, three_methods_city4) {
    mp_ruleset *rs = t_ruleset("c1-2000");
    mp_game *g = two_farms_one_city(rs);
    cr_assert_eq(t_points(g, 0, "farm"), 4);
    cr_assert_eq(t_points(g, 1, "farm"), 0);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* farm-3-once (c1-2001): the farm north of D gives BLUE 3 for the city; the tied farm gives
** YELLOW 3, and BLUE nothing more, having scored that city already: BLUE 3, YELLOW 3. */
Test(farms, three_methods_farm3_once) {
    mp_ruleset *rs = t_ruleset("c1-2001");
    mp_game *g = two_farms_one_city(rs);
    cr_assert_eq(t_points(g, 0, "farm"), 3);
    cr_assert_eq(t_points(g, 1, "farm"), 3);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* farm-3 (c3): each farm scores 3 for the city to its majority holders: BLUE 3 + 3 = 6,
** YELLOW 3 (tied on one farm). */
Test(farms, three_methods_farm3) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = two_farms_one_city(rs);
    cr_assert_eq(t_points(g, 0, "farm"), 6);
    cr_assert_eq(t_points(g, 1, "farm"), 3);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ farm-3 worked examples */

/*
** Digest, worked examples (1st-edition page): "Farms (farm-3): a farm touching 3 completed
** cities scores 9".
**
**   x: -1   0   1
**       .   D   .      y=0
**       E1  H1  E3     y=1: H turned once: cities E and W, field {Nw Ne Se Sw} between them
**       .   E2  .      y=2: E turned twice: city S, field on W N E
**       .   E   .      y=3: E: city N, closes E2's city
**
** The farm D-south + H's field + E2's field borders three 2-tile cities: W (E1+H), E (H+E3) and
** S (E2+E), all complete. RED's farmer on H: 3 x 3 = 9.
*/
Test(farms, farm3_three_completed_cities) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "H", 0, 1, 1);
    t_deploy(g, "Nw");                /* RED farmer on H's field, joined to D's south field */
    t_place(g, 1, "E", 1, 1, 3);      /* closes H's east city */
    t_pass(g);
    t_place(g, 1, "E", -1, 1, 1);     /* closes H's west city */
    t_pass(g);
    t_place(g, 1, "E", 0, 2, 2);      /* city S, its field joins H's */
    t_pass(g);
    t_place(g, 1, "E", 0, 3, 0);      /* closes it */
    t_pass(g);
    t_end(g);
    cr_assert_eq(t_points(g, 0, "farm"), 9);
    cr_assert_eq(t_points(g, 1, "farm"), 0);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/*
** Digest: "RED owns a farm touching 2 completed cities (6) while BLUE owns a small farm touching
** one of them (3); an incomplete city gives nothing."
**
**   x: -1   0   1
**       .   D   .      y=0
**       E1  H1  E3     y=1
**       .   E2  .      y=2: its city S stays open
**
** RED's farm (D-south + H + E2's field) borders W (E1+H, complete), E (H+E3, complete) and the
** open city of E2: 2 x 3 = 6. BLUE's farm is E3's own field (cells around it are empty): it
** borders the east city only: 3.
*/
Test(farms, farm3_two_cities_small_farm_and_incomplete_city) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "H", 0, 1, 1);
    t_deploy(g, "Nw");                /* RED on the big farm */
    t_place(g, 1, "E", 1, 1, 3);      /* closes the east city */
    t_deploy(g, "Es");                /* BLUE on E3's field */
    t_place(g, 1, "E", -1, 1, 1);     /* closes the west city */
    t_pass(g);
    t_place(g, 1, "E", 0, 2, 2);      /* a city left open, bordering RED's farm */
    t_pass(g);
    t_end(g);
    cr_assert_eq(t_points(g, 0, "farm"), 6);
    cr_assert_eq(t_points(g, 1, "farm"), 3);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/*
** Digest: "RED and YELLOW tie 2-2 on a farm touching cities A and B: both score 6."
**
**   x: -2  -1   0   1   2   3
**       .   .   .   E2  .   .     y=-2: closes city B
**       .   .   E2  E   .   .     y=-1: E2 closes city A (D's); E (city N = city B)
**       A3  U   D   U   W   A1    y=0:  cloister - road - D - road - junction - cloister
**
** Four fields are occupied while separate, then joined:
**   RED on E2(0,-1)'s field; YELLOW on the field north of the road (D {En Wn} + U(1,0));
**   RED on the field south of the road (D + both U); YELLOW on the junction's {Es Se} corner.
**   A3 joins north and south round the west road end, A1 joins the junction's corner to the
**   north field round the east road end, E(1,-1) joins E2's field to the north field.
** The farm borders city A (D+E2) and city B (E+E2), both complete: RED 2 - YELLOW 2, 6 each.
*/
Test(farms, farm3_tie_two_against_two) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "E", 0, -1, 2);     /* city A complete (D+E), nobody in it */
    t_deploy(g, "Nw");                /* RED 1 */
    t_place(g, 1, "U", 1, 0, 0);
    t_deploy(g, "Nw");                /* YELLOW 1: north of the road */
    t_place(g, 0, "U", -1, 0, 0);
    t_deploy(g, "Sw");                /* RED 2: south of the road */
    t_place(g, 1, "W", 2, 0, 0);
    t_deploy(g, "Se");                /* YELLOW 2: the junction's south-east corner */
    t_place(g, 0, "A", -2, 0, 3);     /* west road end: north and south fields join */
    t_pass(g);
    t_place(g, 1, "A", 3, 0, 1);      /* east road end: the corner joins the north field */
    t_pass(g);
    t_place(g, 0, "E", 1, -1, 0);     /* city B opened; its field joins E2's and the north field */
    t_pass(g);
    t_place(g, 1, "E", 1, -2, 2);     /* city B complete */
    t_pass(g);
    t_end(g);
    cr_assert_eq(t_points(g, 0, "farm"), 6);
    cr_assert_eq(t_points(g, 1, "farm"), 6);
    mp_game_free(g);
    mp_ruleset_free(rs);
}
