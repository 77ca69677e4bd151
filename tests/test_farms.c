/*
** test_farms.c: the three farm methods and the farm examples of the base-game rules digest.
*/
#include <string.h>

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

/* Tiles of the farm covering port `where` of the tile at x,y: shows which fields were joined. */
static int farm_tiles(const mp_game *g, int x, int y, const char *where) {
    int f = mp_game_feature_at(g, x, y, where), tiles = -1;
    cr_assert(f >= 0 && mp_game_feature_info(g, x, y, f, NULL, &tiles, NULL) == 0);
    return tiles;
}

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
    cr_assert_eq(farm_tiles(g, 0, -1, "Nw"), 3, "E, U and A: one farm");
    cr_assert_eq(farm_tiles(g, 1, 0, "Nw"), 2, "D and U: the other farm");
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
    t_events(g, "0:+4 farm farm 2");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* farm-3-once (c1-2001): the farm north of D gives BLUE 3 for the city; the tied farm gives
** YELLOW 3, and BLUE nothing more, having scored that city already: BLUE 3, YELLOW 3. */
/* The log shows where each 3 came from: the tied farm (scored first) pays BLUE and YELLOW the
** city, so the farm north of D has nothing left to pay BLUE. */
Test(farms, three_methods_farm3_once) {
    mp_ruleset *rs = t_ruleset("c1-2001");
    mp_game *g = two_farms_one_city(rs);
    cr_assert_eq(t_points(g, 0, "farm"), 3);
    cr_assert_eq(t_points(g, 1, "farm"), 3);
    t_events(g, "0:+3 farm farm 3; 1:+3 farm farm 3");
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
    t_events(g, "0,1:+3 farm farm 3; 0:+3 farm farm 2");
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
    t_events(g, "0:+9 farm farm 3");
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
    t_events(g, "0:+6 farm farm 3; 1:+3 farm farm 1");
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
    cr_assert_eq(farm_tiles(g, 2, 0, "Es"), 8, "one farm over both E, D, both U, W and both A");
    t_end(g);
    cr_assert_eq(t_points(g, 0, "farm"), 6);
    cr_assert_eq(t_points(g, 1, "farm"), 6);
    t_events(g, "0,1:+6 farm farm 8");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/*
** Digest: "The three-farm example: farm 1 (BLUE) touches completed cities A, B: 6. Farm 2 (RED
** and BLUE tie) touches A, B, C: 9 each. Farm 3 (YELLOW 2 farmers against BLACK 1) touches four
** completed cities: YELLOW 12."  All three farms in one position, seats BLUE 0, RED 1, YELLOW 2,
** BLACK 3.
**
**   x: -2  -1   0   1
**       E2  .   E2  E2    y=-1: caps closing cities C, A, B (cell -1,-1 stays empty)
**       L   U   D   D     y=0:  junction, straight, start, D: the road row
**       V1  E1  H1  E3    y=1:  H turned once: cities W (closed by E1) and E (closed by E3)
**       .   .   I2  K3    y=2:  I turned twice: cities S and E; K turned 3 times closes I's E city
**       .   .   D   .     y=3:  D closes I's S city
**
** Cities, all complete, nobody in them: A = D(0,0)+E2, B = D(1,0)+E2, C = L+E2,
**   W = H+E1, E = H+E3, IE = I+K3, IS = I+D(0,3).
** Farm 1 = the two E2 fields above A and B: BLUE; borders A, B: 6.
** Farm 2 = the fields between the road and A, B, C (L {En Wn}, U north, both D {En Wn}):
**   BLUE (deployed on D(1,0)) and RED (on L, while U was not there yet); borders A, B, C: 9 each.
** Farm 3 = everything south of the road (D and U south, L {Es Se}, V's big field, E1, H, E3, I,
**   K3's field along its city): YELLOW on H, BLACK on K3 (joined by E3), YELLOW on E1 (joined
**   by U); borders W, E, IE, IS: YELLOW 12, BLACK 0.
** BLUE ends with 6 + 9 = 15.
*/
Test(farms, farm3_three_farm_example) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 4);
    t_place(g, 0, "E", 0, -1, 2);     /* city A complete */
    t_deploy(g, "Nw");                /* BLUE on farm 1 */
    t_place(g, 0, "D", 1, 0, 0);
    t_deploy(g, "Wn");                /* BLUE on farm 2 (east part) */
    t_place(g, 2, "H", 0, 1, 1);
    t_deploy(g, "Nw");                /* YELLOW on farm 3 (main part) */
    t_place(g, 1, "I", 0, 2, 2);
    t_pass(g);
    t_place(g, 3, "K", 1, 2, 3);      /* city IE complete; K's field still on its own */
    t_deploy(g, "Nw");                /* BLACK on farm 3 (K's part) */
    t_place(g, 1, "E", 1, 1, 3);      /* city E complete; joins K's field to the main part */
    t_pass(g);
    t_place(g, 1, "D", 0, 3, 0);      /* city IS complete */
    t_pass(g);
    t_place(g, 2, "E", -1, 1, 1);     /* city W complete; its field still on its own */
    t_deploy(g, "Nw");                /* YELLOW on farm 3 (west part) */
    t_place(g, 1, "V", -2, 1, 1);     /* road W-N; its big field joins E1's */
    t_pass(g);
    t_place(g, 1, "L", -2, 0, 0);     /* junction, city N */
    t_deploy(g, "Wn");                /* RED on farm 2 (west part) */
    t_place(g, 1, "E", -2, -1, 2);    /* city C complete */
    t_pass(g);
    t_place(g, 1, "E", 1, -1, 2);     /* city B complete; its field joins farm 1 */
    t_pass(g);
    t_place(g, 1, "U", -1, 0, 0);     /* joins both halves of farm 2 and of farm 3 */
    t_pass(g);
    cr_assert_eq(farm_tiles(g, 0, -1, "Nw"), 2, "farm 1: the two E2");
    cr_assert_eq(farm_tiles(g, -2, 0, "Wn"), 4, "farm 2: L, U, D, D");
    cr_assert_eq(farm_tiles(g, 1, 2, "Nw"), 10, "farm 3: L U D D V E1 H E3 I K");
    t_end(g);
    cr_assert_eq(t_points(g, 0, "farm"), 15, "BLUE: 6 (farm 1) + 9 (farm 2)");
    cr_assert_eq(t_points(g, 1, "farm"), 9, "RED: farm 2");
    cr_assert_eq(t_points(g, 2, "farm"), 12, "YELLOW: farm 3");
    cr_assert_eq(t_points(g, 3, "farm"), 0, "BLACK is outnumbered on farm 3");
    for (int p = 0; p < 4; p++) cr_assert_eq(t_points(g, p, "city"), 0, "no knight anywhere");
    t_events(g, "0,1:+9 farm farm 4; 2:+12 farm farm 10; 0:+6 farm farm 2");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ the small-city rule */

/*
** Digest, "The small-city rule": "A completed city of exactly two tiles scored 2 points (1 per
** tile) [...] instead of 2 per tile [...] (early 1st-edition printings only)". c1-2000 extends
** c1-2001, which turns it on; c3 has it off.
**
**   x:  0
**       E2     y=-1: E turned twice, city S: closes D's city, a knight deployed on it
**       D      y=0
*/
static int two_tile_city(const char *ruleset) {
    mp_ruleset *rs = t_ruleset(ruleset);
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "E", 0, -1, 2);
    t_deploy(g, "S");                 /* knight on the city the tile just completed */
    int pts = t_points(g, 0, "city");
    cr_assert_eq(mp_game_supply(g, 0), 7, "%s: the knight came back", ruleset);
    t_end(g);
    cr_assert_eq(t_points(g, 0, "city"), pts, "%s: nothing more at the end", ruleset);
    mp_game_free(g);
    mp_ruleset_free(rs);
    return pts;
}

Test(farms, small_city_two_tiles_complete) {
    cr_assert_eq(two_tile_city("c1-2000"), 2);
    cr_assert_eq(two_tile_city("c1-2001"), 2);
    cr_assert_eq(two_tile_city("c3"), 4);
}

/*
** A completed city of three tiles is not small: 2 per tile = 6 under c1-2000 as under c3.
**
**   x:  0
**       E2     y=-2: closes the city
**       G1     y=-1: G turned once: city N-S, no pennant
**       D      y=0
*/
static int three_tile_city(const char *ruleset) {
    mp_ruleset *rs = t_ruleset(ruleset);
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "G", 0, -1, 1);
    t_deploy(g, "N");                 /* knight in the open city */
    cr_assert_eq(t_points(g, 0, "city"), 0, "%s: still open", ruleset);
    t_place(g, 1, "E", 0, -2, 2);
    t_pass(g);
    int pts = t_points(g, 0, "city");
    cr_assert_eq(t_points(g, 1, "city"), 0);
    mp_game_free(g);
    mp_ruleset_free(rs);
    return pts;
}

Test(farms, small_city_rule_spares_three_tiles) {
    cr_assert_eq(three_tile_city("c1-2000"), 6);
    cr_assert_eq(three_tile_city("c3"), 6);
}

/*
** "Incomplete two-tile cities at the end score as any incomplete city": 1 per tile = 2 under
** c1-2000 (and under c3).
**
**   x:  0
**       G1     y=-1: city N-S, still open to the north at the end
**       D      y=0
*/
static int two_tile_city_incomplete(const char *ruleset) {
    mp_ruleset *rs = t_ruleset(ruleset);
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "G", 0, -1, 1);
    t_deploy(g, "N");
    t_end(g);
    int pts = t_points(g, 0, "city");
    mp_game_free(g);
    mp_ruleset_free(rs);
    return pts;
}

Test(farms, small_city_rule_incomplete_two_tiles) {
    cr_assert_eq(two_tile_city_incomplete("c1-2000"), 2);
    cr_assert_eq(two_tile_city_incomplete("c3"), 2);
}

/* Where the small formula differs from an unfinished city's (tests/rulesets/small-city-fixed.yaml:
** a completed two-tile city scores 3), an unfinished one of two tiles still scores 1 a tile at the
** end. Mutant small-city-rule-at-the-end. */
Test(farms, small_city_rule_is_for_completed_cities) {
    cr_assert_eq(two_tile_city(TEST_SRCDIR "/tests/rulesets/small-city-fixed.yaml"), 3);
    cr_assert_eq(two_tile_city_incomplete(TEST_SRCDIR "/tests/rulesets/small-city-fixed.yaml"), 2);
}

/* ------------------------------------------------------------------ c3-nofarmers */

/*
** c3-nofarmers: "fields take no followers, no farm scoring" (the C2/C3 rule-book option).
**
**   x:  0   1
**       E2  B      y=-1: E closes D's city; B (cloister, all field) joins E's field to U's
**       D   U      y=0
**
** After each tile with fields is placed, no legal deployment names a field of it (the road and
** the cloister still take followers), and a field deploy is refused. At the end, the farm around
** the completed city scores nothing.
*/
static void assert_no_field_deploy(mp_game *g, int x, int y) {
    static const char *const halves[] = { "Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn" };
    cr_assert_eq(mp_game_phase(g), MP_PHASE_DEPLOY);
    mp_action legal[64];
    int n = mp_game_legal(g, legal, 64);
    cr_assert(n > 0 && n <= 64);
    static const int ports[] = { 0, 2, 3, 5, 6, 8, 9, 11 };   /* mp_game_port_letter numbering */
    int fields = 0;
    for (int h = 0; h < 8; h++) {
        if (mp_game_port_letter(g, x, y, ports[h]) != 'F') continue;   /* half of a city side */
        int f = mp_game_feature_at(g, x, y, halves[h]);
        cr_assert(f >= 0);
        fields++;
        for (int i = 0; i < n; i++)
            cr_assert(!(legal[i].kind == MP_ACT_DEPLOY && legal[i].feature == f),
                      "a deployment on the field at %s of %d,%d is legal", halves[h], x, y);
        mp_diag d = { 0 };
        mp_action a = { .kind = MP_ACT_DEPLOY, .feature = (uint8_t)f, .x = (int16_t)x, .y = (int16_t)y };
        mp_game *c = mp_game_clone(g);
        cr_assert(mp_game_apply(c, &a, &d) != 0, "a farmer went on the field at %s", halves[h]);
        mp_game_free(c);
    }
    cr_assert(fields > 0, "the tile at %d,%d shows no field half", x, y);
}

static int deploys(const mp_game *g) {
    mp_action legal[64];
    int n = mp_game_legal(g, legal, 64), k = 0;
    for (int i = 0; i < n && i < 64; i++) k += legal[i].kind == MP_ACT_DEPLOY;
    return k;
}

Test(farms, nofarmers_no_field_deploy_no_farm_points) {
    mp_ruleset *rs = t_ruleset("c3-nofarmers");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    assert_no_field_deploy(g, 1, 0);
    cr_assert_eq(deploys(g), 1, "only the road takes a follower");
    t_pass(g);
    t_place(g, 1, "E", 0, -1, 2);     /* city complete: the knight is the only choice */
    assert_no_field_deploy(g, 0, -1);
    cr_assert_eq(deploys(g), 1, "only the city takes a follower");
    t_pass(g);
    t_place(g, 0, "B", 1, -1, 0);
    assert_no_field_deploy(g, 1, -1);
    cr_assert_eq(deploys(g), 1, "only the cloister takes a follower");
    t_deploy(g, "cloister");
    t_end(g);
    for (int c = 0; c < mp_game_n_categories(g); c++)
        if (strcmp(mp_game_category_name(g, c), "farm") == 0)
            for (int p = 0; p < 2; p++) cr_assert_eq(mp_game_points(g, p, c), 0);
    cr_assert_eq(mp_game_score(g, 0), 4, "only the cloister with 3 neighbours (D, E, U)");
    cr_assert_eq(mp_game_score(g, 1), 0);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ what a farm counts */

/*
** Digest, "End of the game": "Only completed cities count [...] a farm with no completed city
** scores 0." Under all three methods.
**
**   x:  0   1
**       .   .      y=-1: D's city stays open
**       D   U      y=0:  farmer on U's north field, which joins D {En Wn} along the open city
*/
static int farm_by_open_city(const char *ruleset) {
    mp_ruleset *rs = t_ruleset(ruleset);
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_deploy(g, "Nw");
    t_place(g, 1, "G", 0, -1, 1);     /* the city grows to 2 tiles, still open */
    t_pass(g);
    t_end(g);
    int pts = t_points(g, 0, "farm") + t_points(g, 1, "farm");
    mp_game_free(g);
    mp_ruleset_free(rs);
    return pts;
}

Test(farms, only_incomplete_city_scores_nothing) {
    cr_assert_eq(farm_by_open_city("c3"), 0);
    cr_assert_eq(farm_by_open_city("c1-2001"), 0);
    cr_assert_eq(farm_by_open_city("c1-2000"), 0);
}

/*
** farm-3 counts "3 per completed city it touches": distinct cities, however many tiles of a city
** the farm runs along.
**
**   x:  0   1
**       E2  B      y=-1: E closes D's city (2 tiles); B, all field, joins E's field (its W side)
**       D   U      y=0:  to U's north field (its S side), which joins D {En Wn}
**
** One farm borders the one city on both of its tiles (D's field and E's field): 3, not 6.
** (farm-3-once: 3 too; city-4: 4, the city's single supplier.)
*/
static int city_along_two_tiles(const char *ruleset) {
    mp_ruleset *rs = t_ruleset(ruleset);
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_deploy(g, "Nw");                /* farmer north of the road, by D's city */
    t_place(g, 1, "E", 0, -1, 2);     /* city complete; E's field is a second farm for now */
    t_pass(g);
    t_place(g, 1, "B", 1, -1, 0);     /* the two farms become one */
    t_pass(g);
    cr_assert_eq(farm_tiles(g, 0, -1, "Nw"), 4, "E's field joined D, U and B");
    t_end(g);
    cr_assert_eq(t_points(g, 1, "farm"), 0);
    int pts = t_points(g, 0, "farm");
    mp_game_free(g);
    mp_ruleset_free(rs);
    return pts;
}

Test(farms, city_counted_once_per_farm) {
    cr_assert_eq(city_along_two_tiles("c3"), 3);
    cr_assert_eq(city_along_two_tiles("c1-2001"), 3);
    cr_assert_eq(city_along_two_tiles("c1-2000"), 4);
}

/* What a human deciding on a follower is told (meeple-play(1)): a city the tile just placed closes
** is complete, with its points, before the turn's scoring runs; a farm is worth the farm points of
** the completed cities it borders, once each; a city is no farm, nor is a field without farms. */
Test(farms, worth_now_while_deploying) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "E", 0, -1, 2);     /* closes D's city: 2 tiles; the deployment is still to come */
    int city = mp_game_feature_at(g, 0, -1, "S"), field = mp_game_feature_at(g, 0, -1, "Nw");
    int complete = 0, tiles = 0, points = 0, farm = -1;
    cr_assert_eq(mp_game_feature_info(g, 0, -1, city, &complete, &tiles, &points), 0);
    cr_assert(complete && tiles == 2 && points == 4, "the closed city: complete %d, %d tiles, %d points", complete, tiles, points);
    cr_assert_eq(mp_game_farm_points(g, 0, -1, field, &farm), 0);
    cr_assert_eq(farm, 3, "E's field borders the completed city: 3, not %d", farm);
    cr_assert_neq(mp_game_farm_points(g, 0, -1, city, &farm), 0, "a city is no farm");
    t_pass(g);
    t_place(g, 1, "U", 0, -2, 0);     /* its south field joins E's field, which borders the city once */
    cr_assert_eq(mp_game_farm_points(g, 0, -2, mp_game_feature_at(g, 0, -2, "Sw"), &farm), 0);
    cr_assert_eq(farm, 3, "the joined farm still borders one city: 3, not %d", farm);
    cr_assert_eq(mp_game_farm_points(g, 0, -2, mp_game_feature_at(g, 0, -2, "Nw"), &farm), 0);
    cr_assert_eq(farm, 0, "U's north field borders no city");
    mp_game_free(g);
    mp_ruleset_free(rs);
    rs = t_ruleset("c3-nofarmers");
    g = t_game(rs, 2);
    t_place(g, 0, "E", 0, -1, 2);
    cr_assert_neq(mp_game_farm_points(g, 0, -1, mp_game_feature_at(g, 0, -1, "Nw"), &farm), 0, "no farms without farms");
    mp_game_free(g);
    mp_ruleset_free(rs);
}
