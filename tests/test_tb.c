/*
** test_tb.c: Traders & Builders (rulesets/c3-tb.yaml and rulesets extending it): the expansion's
** worked examples, each a position built tile by tile with its exact scores and scoring events,
** a test per rule and option, and random games of c3-ic, c3-tb, c3-ic-tb and bigbox checked after
** every action.
**
** Test rulesets (tests/rulesets/): tb-mandatory (the second tile always played), tb-jcz-builder
** (the builder never joins a feature its tile completed), tb-pigs2 (two pigs each), tb-once (the
** 2001 farm-3-once farms with the pig), tb-city4 (the 2000 city-4 farms with the pig, 5 a city),
** tb-bridges (c3-tb with bridges).
**
** Geometry: the start tile D at 0,0 has its city N and its road E-W (field S); x grows east, y
** south; a tile turned r quarter turns clockwise takes its side s to side s+r. Seat 0 is RED,
** seat 1 BLUE, seat 2 GREEN. Tiles: TB-1 a corner city (N, W) with grain, TB-2 the same with
** wine, TB-3 a city across the tile (E-W) with cloth and a separate cap S, TB-11 a corner city
** with cloth and a road from the east ending at it, TB-15 a city across the tile with wine.
*/
#include <stdio.h>
#include <string.h>

#include "helpers.h"

static mp_ruleset *tb(void) { return t_ruleset("c3-tb"); }
static mp_ruleset *test_rs(const char *name) {
    char path[512];
    snprintf(path, sizeof path, "%s/tests/rulesets/%s.yaml", TEST_SRCDIR, name);
    return t_ruleset(path);
}

static void free_all(mp_game *g, mp_ruleset *rs) {
    mp_game_free(g);
    mp_ruleset_free(rs);
}

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

/* Whether the current player may put that piece on the feature at `where` of the tile just placed. */
static bool piece_offered(const mp_game *g, const char *where, const char *piece) {
    int x, y;
    cr_assert_eq(mp_game_last_placed(g, &x, &y), 0);
    int f = mp_game_feature_at(g, x, y, where), k = mp_ruleset_find_piece(mp_game_ruleset(g), piece);
    cr_assert(f >= 0 && k >= 0);
    mp_action v[2048];
    int n = mp_game_legal(g, v, 2048);
    for (int i = 0; i < n; i++)
        if (v[i].kind == MP_ACT_DEPLOY && v[i].feature == f && v[i].piece == k && v[i].x == x && v[i].y == y) return true;
    return false;
}

/* Tokens of a type of goods a player holds (the goods module's facts). */
static int tokens(const mp_game *g, int player, const char *type) {
    mp_fact f[256];
    int n = mp_game_facts(g, f, 256);
    for (int i = 0; i < n && i < 256; i++)
        if (!strcmp(f[i].module, "goods") && !strcmp(f[i].what, type) && f[i].player == player) return f[i].value;
    cr_assert_fail("no goods fact %s for seat %d", type, player);
    return -1;
}

static int piece_supply(const mp_game *g, int player, const char *piece) {
    return mp_game_piece_supply(g, player, mp_ruleset_find_piece(mp_game_ruleset(g), piece));
}

/* ------------------------------------------------------------------ goods */

/* Example 1: a 2x2 city of four corners (wine, grain, M with its pennant, N); RED's knight in it;
** BLUE closes it: RED scores 2 x (4 + 1) = 10, BLUE takes a wine and a grain (and at the end
** scores 10 for each type he alone holds).
**   x:  0      1
**       D      .       y=0
**       TB-2 2 TB-1 3  y=1
**       M1     N       y=2 */
Test(tb_examples, goods_go_to_the_completer) {
    mp_ruleset *rs = tb();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "TB-2", 0, 1, 2);   /* city E and S */
    t_deploy(g, "E");
    t_place(g, 1, "TB-1", 1, 1, 3);   /* city S and W */
    t_pass(g);
    t_place(g, 1, "M", 0, 2, 1);      /* city N and E */
    t_pass(g);
    cr_assert_eq(tokens(g, 1, "wine"), 0);
    t_place(g, 1, "N", 1, 2, 0);      /* city N and W: closed */
    t_pass(g);
    cr_assert_eq(mp_game_score(g, 0), 10);
    cr_assert_eq(mp_game_score(g, 1), 0);
    cr_assert_eq(mp_game_supply(g, 0), 7, "the knight came home");
    cr_assert_eq(tokens(g, 1, "wine"), 1);
    cr_assert_eq(tokens(g, 1, "grain"), 1);
    cr_assert_eq(tokens(g, 1, "cloth"), 0);
    cr_assert_eq(tokens(g, 0, "wine"), 0, "the knight's owner takes none");
    t_events(g, "0:+10 city completed 4");
    t_end(g);
    t_events(g, "0:+10 city completed 4; 1:+10 wine module 0; 1:+10 grain module 0");
    cr_assert_eq(t_points(g, 1, "goods"), 20);
    free_all(g, rs);
}

/* Example 2: a straight city cap, TB-15 (wine), TB-18 (wine, a road south), cap: 4 tiles, two
** wine symbols, nobody in it. GREEN closes it: nobody scores, GREEN takes 2 wine.
**   x: -1   0      1      2
**       .   D      .      .       y=0
**       E1  TB-15  TB-18  E3      y=1 */
Test(tb_examples, one_token_per_symbol_and_an_empty_city) {
    mp_ruleset *rs = tb();
    mp_game *g = t_game(rs, 3);
    t_place(g, 0, "TB-15", 0, 1, 0);
    t_pass(g);
    t_place(g, 1, "E", -1, 1, 1);
    t_pass(g);
    t_place(g, 0, "TB-18", 1, 1, 0);
    t_pass(g);
    t_place(g, 2, "E", 2, 1, 3);
    t_pass(g);
    cr_assert_eq(mp_game_n_events(g), 0, "an empty city scores for nobody");
    cr_assert_eq(tokens(g, 2, "wine"), 2);
    cr_assert_eq(tokens(g, 0, "wine"), 0);
    t_end(g);
    t_events(g, "2:+10 wine module 0");
    free_all(g, rs);
}

/* Example 3: the final majorities with ties. Holding all twenty tokens takes a whole game; the
** same rule with the same arithmetic in a smaller position: RED completes a wine city, BLUE one
** with wine and cloth, GREEN one with grain. Wine: RED and BLUE tie at 1, 10 each; grain GREEN
** 10; cloth BLUE 10. Bonus RED 10, BLUE 20, GREEN 10, as in the example.
**   x: -1   0       1      2       3
**       .   .       .      E2      .       y=-2
**       .   TB-2 2  E3     TB-1 1  E3      y=-1: D + TB-2 + E (RED); TB-1 + two caps (GREEN)
**       .   D       .      .       .       y=0
**       E1  TB-15   TB-3   E3      .       y=1: wine and cloth (BLUE) */
Test(tb_examples, goods_majorities_with_ties) {
    mp_ruleset *rs = tb();
    mp_game *g = t_game(rs, 3);
    t_place(g, 1, "TB-2", 0, -1, 2);  /* city E and S: joins D's */
    t_pass(g);
    t_place(g, 0, "E", 1, -1, 3);     /* RED closes: 1 wine */
    t_pass(g);
    t_place(g, 1, "TB-1", 2, -1, 1);  /* city N and E */
    t_pass(g);
    t_place(g, 1, "E", 2, -2, 2);
    t_pass(g);
    t_place(g, 2, "E", 3, -1, 3);     /* GREEN closes: 1 grain */
    t_pass(g);
    t_place(g, 1, "TB-15", 0, 1, 0);
    t_pass(g);
    t_place(g, 1, "E", -1, 1, 1);
    t_pass(g);
    t_place(g, 0, "TB-3", 1, 1, 0);   /* its city E-W joins; its cap S stays open */
    t_pass(g);
    t_place(g, 1, "E", 2, 1, 3);      /* BLUE closes: 1 wine, 1 cloth */
    t_pass(g);
    cr_assert_eq(tokens(g, 0, "wine"), 1);
    cr_assert_eq(tokens(g, 1, "wine"), 1);
    cr_assert_eq(tokens(g, 1, "cloth"), 1);
    cr_assert_eq(tokens(g, 2, "grain"), 1);
    t_end(g);
    t_events(g, "0,1:+10 wine module 0; 2:+10 grain module 0; 1:+10 cloth module 0");
    cr_assert_eq(mp_game_score(g, 0), 10);
    cr_assert_eq(mp_game_score(g, 1), 20);
    cr_assert_eq(mp_game_score(g, 2), 10);
    free_all(g, rs);
}

/* Example 4: two players, BLUE holds one wine, RED nothing: BLUE 10, nobody for grain or cloth. */
Test(tb_examples, a_lone_token_and_untouched_types) {
    mp_ruleset *rs = tb();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "TB-2", 0, -1, 2);
    t_pass(g);
    t_place(g, 1, "E", 1, -1, 3);
    t_pass(g);
    t_end(g);
    t_events(g, "1:+10 wine module 0");
    cr_assert_eq(mp_game_score(g, 0), 0);
    cr_assert_eq(mp_game_score(g, 1), 10);
    free_all(g, rs);
}

/* A city still open at the end gives no tokens. */
Test(tb_rules, an_open_city_gives_no_tokens) {
    mp_ruleset *rs = tb();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "TB-2", 0, -1, 2);
    t_deploy(g, "E");
    t_end(g);
    cr_assert_eq(tokens(g, 0, "wine"), 0);
    t_events(g, "0:+2 city incomplete 2");
    free_all(g, rs);
}

/* ------------------------------------------------------------------ the builder */

/* Example 5: RED's thief on the junction's south road, his builder on the straight after it (2
** tiles, open south). T1 extends it: a second tile; T2, a junction, closes it: 4, and no third.
**   x:  0   1
**       D   W       y=0: the junction's south road
**       .   U1      y=1: RED's builder
**       .   U1      y=2: T1, a farmer on it
**       .   W1      y=3: T2, a junction: its north road ends */
static mp_game *builder_road(const mp_ruleset *rs) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "W", 1, 0, 0);
    t_deploy(g, "S");
    t_place(g, 1, "U", -1, 0, 0);
    t_pass(g);
    t_place(g, 0, "U", 1, 1, 1);
    cr_assert(!piece_offered(g, "En", "builder"), "never on a field");
    deploy_piece(g, "N", "builder");
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE);
    cr_assert_eq(mp_game_current_player(g), 1, "placing the builder earns nothing yet");
    t_place(g, 1, "U", -2, 0, 0);
    t_pass(g);
    t_place(g, 0, "U", 1, 2, 1);      /* T1 extends the builder's road */
    t_deploy(g, "En");                /* a farmer east of it */
    return g;
}

Test(tb_examples, double_turn_without_a_chain) {
    mp_ruleset *rs = tb();
    mp_game *g = builder_road(rs);
    cr_assert(t_offered(g, "!builder:take") && t_offered(g, "!builder:decline"));
    t_act(g, "!builder:take");
    cr_assert_eq(mp_game_current_player(g), 0, "RED plays the second tile");
    t_place(g, 0, "W", 1, 3, 1);      /* T2 closes the road (scored after the deployment) */
    t_pass(g);
    cr_assert_eq(mp_game_score(g, 0), 4);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE, "no third tile is offered");
    cr_assert_eq(mp_game_current_player(g), 1);
    t_events(g, "0:+4 road completed 4");
    cr_assert_eq(piece_supply(g, 0, "builder"), 1, "the builder came home with the thief");
    cr_assert_eq(mp_game_supply(g, 0), 6, "7 followers, the farmer still out");
    free_all(g, rs);
}

/* The printed rules' "may": the player declines the second tile; the turn passes. */
Test(tb_rules, double_turn_declined) {
    mp_ruleset *rs = tb();
    mp_game *g = builder_road(rs);
    t_act(g, "!builder:decline");
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE);
    cr_assert_eq(mp_game_current_player(g), 1);
    free_all(g, rs);
}

/* JCloisterZone: the second tile always, no decision. */
Test(tb_rules, double_turn_mandatory) {
    mp_ruleset *rs = test_rs("tb-mandatory");
    mp_game *g = builder_road(rs);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE);
    cr_assert_eq(mp_game_current_player(g), 0, "RED places his second tile at once");
    cr_assert(!t_offered(g, "!builder:take"));
    t_place(g, 0, "W", 1, 3, 1);
    t_pass(g);
    cr_assert_eq(mp_game_current_player(g), 1, "no chain");
    t_events(g, "0:+4 road completed 4");
    free_all(g, rs);
}

/* The double turn recurs on a later turn that extends the builder's road again. */
Test(tb_rules, double_turn_recurs) {
    mp_ruleset *rs = test_rs("tb-mandatory");
    mp_game *g = builder_road(rs);
    t_place(g, 0, "U", -3, 0, 0);     /* the second tile elsewhere: the road stays open */
    t_pass(g);
    cr_assert_eq(mp_game_current_player(g), 1);
    t_place(g, 1, "B", 0, 1, 0);
    t_pass(g);
    t_place(g, 0, "U", 1, 3, 1);      /* extends it again: another second tile */
    t_pass(g);
    cr_assert_eq(mp_game_current_player(g), 0);
    free_all(g, rs);
}

/* Example 6: RED's knight (on M) and his builder (on TB-11) in a city of 3 tiles, a pennant and a
** cloth, open north of TB-11. T1, a plain cap, closes it: 2 x (4 + 1) = 10 and 1 cloth; knight and
** builder come home. The second part still follows: T2 extends the road of RED's thief and the
** builder goes onto it (earning nothing now).
**   x:  0    1      2
**       .    E2     .      y=-2: T1
**       M2   TB-11  .      y=-1
**       D    U      U      y=0: RED's thief on the first U; T2 the second */
Test(tb_examples, first_tile_completes_the_builders_city) {
    mp_ruleset *rs = tb();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "M", 0, -1, 2);
    t_deploy(g, "S");
    t_place(g, 0, "U", 1, 0, 0);
    t_deploy(g, "E");
    t_place(g, 0, "TB-11", 1, -1, 0);
    deploy_piece(g, "N", "builder");
    cr_assert_eq(mp_game_current_player(g), 1);
    t_place(g, 0, "E", 1, -2, 2);     /* T1 */
    t_pass(g);
    cr_assert_eq(mp_game_score(g, 0), 10);
    cr_assert_eq(tokens(g, 0, "cloth"), 1);
    cr_assert_eq(piece_supply(g, 0, "builder"), 1, "the builder came home");
    t_act(g, "!builder:take");
    t_place(g, 0, "U", 2, 0, 0);      /* T2 */
    cr_assert(piece_offered(g, "E", "builder"), "the builder freed by T1 may go onto T2");
    deploy_piece(g, "E", "builder");
    cr_assert_eq(mp_game_current_player(g), 1, "the second tile earns no third");
    cr_assert_eq(piece_supply(g, 0, "builder"), 0);
    t_events(g, "0:+10 city completed 4");
    free_all(g, rs);
}

/* The builder joins only a road or city where its owner has a follower. */
Test(tb_rules, builder_needs_its_owners_follower) {
    mp_ruleset *rs = tb();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    cr_assert(!piece_offered(g, "E", "builder"), "nobody of RED's on the road");
    t_deploy(g, "E");
    t_place(g, 1, "U", -1, 0, 0);
    cr_assert(!piece_offered(g, "W", "builder"), "RED's road, not BLUE's");
    t_pass(g);
    t_place(g, 0, "U", 2, 0, 0);
    cr_assert(piece_offered(g, "E", "builder"));
    free_all(g, rs);
}

/* joins_completed: by default the builder may join a road its tile has just completed (it comes
** straight home); JCloisterZone's builder may not. */
static mp_game *completing_tile(const mp_ruleset *rs) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "W", 1, 0, 0);
    t_deploy(g, "W");
    t_place(g, 0, "W", -1, 0, 0);     /* closes the road W, D, W */
    return g;
}

Test(tb_rules, builder_may_join_a_completed_feature_by_default) {
    mp_ruleset *rs = tb();
    mp_game *g = completing_tile(rs);
    cr_assert(piece_offered(g, "E", "builder"));
    free_all(g, rs);
}

Test(tb_rules, builder_never_joins_a_completed_feature_in_jcz) {
    mp_ruleset *rs = test_rs("tb-jcz-builder");
    mp_game *g = completing_tile(rs);
    cr_assert(!piece_offered(g, "E", "builder"));
    free_all(g, rs);
}

/* Example 10: RED's thief (on the cloister's road) and builder on a road of 2 tiles running
** south; RED's city cap E fits below it only with a bridge carrying the road on: the tile joins
** the road (3 tiles, open) and earns a second tile; the second, a junction, closes it: 4.
** (The example's road runs east; here it runs south, the same rule.)
**   x:  0
**       D       y=0
**       A       y=1: the cloister, its road south; RED's thief
**       U1      y=2: RED's builder
**       E1      y=3: city E, fields N and S: a north-south bridge
**       W1      y=4: the second tile */
Test(tb_examples, a_bridge_carrying_the_builders_road_earns_the_second_tile) {
    mp_ruleset *rs = test_rs("tb-bridges");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "A", 0, 1, 0);
    t_deploy(g, "S");
    t_place(g, 0, "U", 0, 2, 1);
    deploy_piece(g, "N", "builder");
    t_draw(g, 0, "E");
    t_act(g, "!bridges:E@0,3r1/ns@0,3");
    t_act(g, "-");
    cr_assert(t_offered(g, "!builder:take"), "the bridge tile extended the builder's road");
    t_act(g, "!builder:take");
    t_place(g, 0, "W", 0, 4, 1);
    t_pass(g);
    cr_assert_eq(mp_game_current_player(g), 1);
    t_events(g, "0:+4 road completed 4");
    free_all(g, rs);
}

/* ------------------------------------------------------------------ the pig */

/* Example 7: a farm borders completed cities A, B, C and an open city D. RED and BLUE hold 2
** each, GREEN 1; RED's and GREEN's pigs are in the farm. RED 3 x 4 = 12, BLUE 9, GREEN nothing.
** The example's two farmers each for RED and BLUE are their large followers here (c3-ic-tb),
** strength 2 each: five farmers would need five separate parts of the farm; the majorities and
** the arithmetic are the same.
**   x: -1   0      1    2
**       U   D      W    W       y=0: GREEN's farmer south of U, RED's large south-east of W
**                                    at 1,0, BLUE's south-east of W at 2,0 (three farm parts)
**       E2  E2     A2   A2      y=1: the cloisters (road north) join the parts; RED's pig on
**                                    the first, GREEN's on the second
**       E   IC-7   E2   E2      y=2: cities A (-1) and B (0) closed; D (1) open; C (2)
**       .   .      .    H       y=3: closes C */
Test(tb_examples, pig_under_farm_3_three_way) {
    mp_ruleset *rs = t_ruleset("c3-ic-tb");
    mp_game *g = t_game(rs, 3);
    t_place(g, 2, "U", -1, 0, 0);
    t_deploy(g, "Se");
    t_place(g, 0, "W", 1, 0, 0);
    deploy_piece(g, "Se", "large");
    t_place(g, 1, "W", 2, 0, 0);
    deploy_piece(g, "Se", "large");
    t_place(g, 1, "E", -1, 1, 2);
    t_pass(g);
    t_place(g, 1, "E", -1, 2, 0);     /* city A */
    t_pass(g);
    t_place(g, 1, "E", 0, 1, 2);
    cr_assert(!piece_offered(g, "Nw", "pig"), "BLUE has no farmer in this farm yet");
    t_pass(g);
    t_place(g, 1, "IC-7", 0, 2, 0);   /* city B */
    t_pass(g);
    t_place(g, 0, "A", 1, 1, 2);      /* joins GREEN's part and RED's */
    deploy_piece(g, "Se", "pig");
    t_place(g, 2, "A", 2, 1, 2);      /* joins BLUE's */
    deploy_piece(g, "Se", "pig");
    t_place(g, 1, "E", 2, 2, 2);
    t_pass(g);
    t_place(g, 1, "H", 2, 3, 0);      /* city C */
    t_pass(g);
    t_place(g, 1, "E", 1, 2, 2);      /* city D, open */
    t_pass(g);
    int first = mp_game_n_events(g);
    t_end(g);
    cr_assert_eq(t_points(g, 0, "farm"), 12);
    cr_assert_eq(t_points(g, 1, "farm"), 9);
    cr_assert_eq(t_points(g, 2, "farm"), 0);
    t_events_from(g, first, "0,1:+9 farm farm 11; 0:+3 pig farm 11");
    free_all(g, rs);
}

/* Example 8: RED wins farm F1 (the strip north of the road: borders A = D's city, and B; his pig
** is there) and F2 (the field of the cap closing D's city: borders A and C; no pig).
**   x: -1   0    1    2
**       .   E2   .    .      y=-3: closes C
**       .   E    .    E2     y=-2: C; closes B
**       .   E2   .    E      y=-1: closes A (RED's farmer: F2); B
**       U   D    U    U      y=0: RED's pig on the first U, his farmer on the second (F1) */
static mp_game *two_farms(const mp_ruleset *rs, bool city_c, bool join) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "E", 0, -1, 2);
    t_deploy(g, "Nw");
    t_place(g, 0, "U", 1, 0, 0);
    t_deploy(g, "Nw");
    t_place(g, 0, "U", -1, 0, 0);
    deploy_piece(g, "Nw", "pig");
    t_place(g, 1, "U", 2, 0, 0);
    t_pass(g);
    t_place(g, 1, "E", 2, -1, 0);
    t_pass(g);
    t_place(g, 1, "E", 2, -2, 2);     /* city B */
    t_pass(g);
    if (city_c) {
        t_place(g, 1, "E", 0, -2, 0);
        t_pass(g);
        t_place(g, 1, "E", 0, -3, 2);     /* city C */
        t_pass(g);
    }
    if (join) {
        t_place(g, 0, "B", 0, -2, 0);     /* a second pig in F2 */
        deploy_piece(g, "Nw", "pig");
        t_place(g, 1, "B", 1, -1, 0);     /* joins F1 and F2 */
        t_pass(g);
    }
    t_end(g);
    return g;
}

Test(tb_examples, pig_helps_only_its_own_farm) {
    mp_ruleset *rs = tb();
    mp_game *g = two_farms(rs, true, false);
    cr_assert_eq(t_points(g, 0, "farm"), 14, "F1 2 x 4, F2 2 x 3");
    t_events(g, "0:+6 farm farm 5; 0:+2 pig farm 5; 0:+6 farm farm 2");
    free_all(g, rs);
}

Test(tb_examples, pig_under_farm_3_once) {
    mp_ruleset *rs = test_rs("tb-once");
    mp_game *g = two_farms(rs, true, false);
    cr_assert_eq(t_points(g, 0, "farm"), 11, "B 4, C 3, A 4 (it borders the pig's farm)");
    t_events(g, "0:+3 farm farm 5; 0:+1 pig farm 5; 0:+3 farm farm 5; 0:+1 pig farm 5; 0:+3 farm farm 2");
    free_all(g, rs);
}

/* city-4 with the pig (a proposal): RED wins A, B and C; A and B border the pig's farm: 5 + 5 + 4. */
Test(tb_rules, pig_under_city_4) {
    mp_ruleset *rs = test_rs("tb-city4");
    mp_game *g = two_farms(rs, true, false);
    cr_assert_eq(t_points(g, 0, "farm"), 14);
    t_events(g, "0:+4 farm farm 2; 0:+1 pig farm 2; 0:+4 farm farm 2; 0:+1 pig farm 2; 0:+4 farm farm 2");
    free_all(g, rs);
}

/* Example 9: two pigs each (JCloisterZone's "pig": 2): RED's farmer and pig in F1 and in F2, a
** cloister joins them; the farm borders A and B: 2 x (3 + 1) = 8, the pigs do not stack. */
Test(tb_examples, pigs_do_not_stack) {
    mp_ruleset *rs = test_rs("tb-pigs2");
    mp_game *g = two_farms(rs, false, true);
    cr_assert_eq(t_points(g, 0, "farm"), 8);
    t_events(g, "0:+6 farm farm 8; 0:+2 pig farm 8");
    free_all(g, rs);
}

/* The pig goes only onto a field of the tile just placed whose farm holds its owner's farmer. */
Test(tb_rules, pig_needs_its_owners_farmer) {
    mp_ruleset *rs = tb();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    cr_assert(!piece_offered(g, "Nw", "pig"));
    t_deploy(g, "Nw");
    t_place(g, 1, "U", -1, 0, 0);
    cr_assert(!piece_offered(g, "Nw", "pig"), "RED's farm, not BLUE's");
    cr_assert(!piece_offered(g, "E", "pig"), "never on a road");
    t_pass(g);
    t_place(g, 0, "U", 2, 0, 0);
    cr_assert(piece_offered(g, "Nw", "pig"));
    cr_assert(!piece_offered(g, "Se", "pig"), "no farmer of RED's south of the road");
    free_all(g, rs);
}

/* ------------------------------------------------------------------ random games */

/* Plays `games` games of random bots (2 to max_players seats, seeds 1..games), checks the kernel's
** state from scratch after every action, and that the scoring log's events add up to every
** player's final score. Returns the module actions taken (builder decisions, bridges, bids...). */
static long random_games(const char *name, int games, int max_players) {
    mp_ruleset *rs = t_ruleset(name);
    long module_actions = 0;
    for (int seed = 1; seed <= games; seed++) {
        int n = 2 + seed % (max_players - 1);
        mp_diag d = { 0 };
        mp_game_options o = { .n_players = n, .seed = (uint64_t)seed, .first_player = -1, .log_events = 1 };
        mp_game *g = mp_game_new(rs, &o, &d);
        cr_assert(g, "%s: %s", name, d.message);
        cr_assert_eq(mp_game_start(g, &d), 0, "%s", d.message);
        mp_bot *bots[MP_MAX_PLAYERS];
        for (int p = 0; p < n; p++) {
            bots[p] = mp_bot_new("random", (uint64_t)seed, p, &d);
            cr_assert(bots[p], "%s", d.message);
        }
        int steps = 0;
        while (mp_game_phase(g) != MP_PHASE_OVER) {
            mp_action a;
            cr_assert_eq(mp_bot_choose(bots[mp_game_current_player(g)], g, &a), 0, "%s seed %d: no action", name, seed);
            if (a.kind == MP_ACT_MODULE) module_actions++;
            cr_assert_eq(mp_game_apply(g, &a, &d), 0, "%s seed %d: %s", name, seed, d.message);
            cr_assert_eq(mp_game_check(g, &d), 0, "%s seed %d step %d: %s", name, seed, steps, d.message);
            cr_assert(++steps < 20000, "%s seed %d: the game does not end", name, seed);
        }
        int sum[MP_MAX_PLAYERS] = { 0 };
        for (int i = 0; i < mp_game_n_events(g); i++) {
            mp_score_event e;
            cr_assert_eq(mp_game_event(g, i, &e), 0);
            for (int p = 0; p < n; p++)
                if (e.players & (1u << p)) sum[p] += e.points;
        }
        for (int p = 0; p < n; p++) {
            cr_assert_eq(sum[p], mp_game_score(g, p), "%s seed %d: the log gives seat %d %d, the score is %d", name, seed, p,
                         sum[p], mp_game_score(g, p));
            cr_assert_eq(mp_game_on_board(g, p), 0, "%s seed %d: every follower home at the end", name, seed);
            mp_bot_free(bots[p]);
        }
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
    return module_actions;
}

enum { GAMES = 200 };

Test(tb_props, c3_ic, .timeout = 120) { random_games("c3-ic", GAMES, 6); }
Test(tb_props, c3_tb, .timeout = 120) { cr_assert(random_games("c3-tb", GAMES, 6) > 0, "no builder decision was taken"); }
Test(tb_props, c3_ic_tb, .timeout = 120) { cr_assert(random_games("c3-ic-tb", GAMES, 6) > 0); }
Test(tb_props, bigbox, .timeout = 120) { cr_assert(random_games("bigbox", GAMES, 6) > 0); }

/* Big Box: a placement that fits only thanks to a bridge must still obey the river. The river
** runs from the spring east over RI-5 (1,0) and turns north on RI-8 (2,0); RI-3 (a river tile) at
** 1,-1 with a bridge across RI-5 would fit, but it does not continue the river (its river sides
** touch no tile): refused, as without the bridge. (Random game seed 3 found it.) */
Test(tb_rules, a_bridge_never_lets_a_river_tile_leave_the_river) {
    mp_ruleset *rs = t_ruleset("bigbox");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "RI-5", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "RI-8", 2, 0, 1);
    t_pass(g);
    t_draw(g, 0, "RI-3");
    t_refused(g, "!bridges:RI-3@1,-1r0/ns@1,0", "not a placement that fits only thanks to that bridge");
    free_all(g, rs);
}

/* A field inside its tile (TB-4's, between the city across the tile and the cap) is named by its
** kind, +field, and a farmer deployed so stands on it, not on the tile's other field (Nw Ne). */
Test(tb_rules, plus_field_names_the_field_inside_the_tile) {
    mp_ruleset *rs = t_ruleset("c3-tb");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "TB-4", 0, -1, 0);   /* its cap S meets the start tile's city */
    cr_assert(t_offered(g, "+field"), "the inner field is offered as +field");
    cr_assert(t_offered(g, "+Nw"), "the north field as +Nw");
    t_deploy(g, "field");
    int feature = -1;
    cr_assert_eq(mp_game_follower_at(g, 0, -1, &feature), 0);
    cr_assert_eq(feature, 3, "the farmer stands on feature 3, the inner field (got %d)", feature);
    mp_game_free(g);
    mp_ruleset_free(rs);
}
