/*
** test_pieces.c: kinds of piece and scoring by markers, as data (meeple-ruleset(5), PIECES and
** SCORING): positions built tile by tile with their exact scores and scoring events.
**
** tests/rulesets/pieces.yaml gives each player a large follower (strength 2) and a helper that is
** no follower (it joins a road or city its owner holds, and never counts). The fan example
** rulesets/examples/harbour-town-rules.yaml gives each a harbour master (strength 2, cities only)
** and scores harbour cities and toll roads by `with:` formulas. Geometry: the start tile D at 0,0
** has its city N and its road E-W; x grows east, y south.
*/
#include <stdio.h>
#include <string.h>

#include "helpers.h"

static mp_ruleset *pieces(void) { return t_ruleset(TEST_SRCDIR "/tests/rulesets/pieces.yaml"); }
static mp_ruleset *harbour(void) { return t_ruleset(TEST_SRCDIR "/rulesets/examples/harbour-town-rules.yaml"); }

/* The pieces of the last event: "0:large 1:follower". */
static const char *event_figures(const mp_game *g, int i) {
    static char buf[256];
    mp_score_event e;
    size_t n = 0;
    buf[0] = 0;
    cr_assert_eq(mp_game_event(g, i, &e), 0, "event %d", i);
    for (int k = 0; k < e.n_figures && n < sizeof buf; k++) {
        mp_piece_info info;
        cr_assert_eq(mp_ruleset_piece(mp_game_ruleset(g), e.figures[k].piece, &info), 0);
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%d:%s", k ? " " : "", e.figures[k].player, info.name);
    }
    return buf;
}

/* ------------------------------------------------------------------ what a ruleset declares */

Test(pieces, a_ruleset_that_declares_none_has_the_ordinary_follower) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_piece_info p;
    cr_assert_eq(mp_ruleset_n_pieces(rs), 1);
    cr_assert_eq(mp_ruleset_piece(rs, 0, &p), 0);
    cr_assert(!strcmp(p.name, "follower") && p.count == 7 && p.strength == 1 && p.follower);
    cr_assert_eq(mp_ruleset_piece(rs, 1, &p), -1);
    cr_assert_str_eq(mp_ruleset_colour(rs, 4, NULL), "black");
    const char *rgb;
    cr_assert_str_eq(mp_ruleset_colour(rs, 5, &rgb), "purple");
    cr_assert_str_eq(rgb, "#8e44ad");
    mp_ruleset_free(rs);
}

Test(pieces, declared_pieces_in_order_with_their_aliases) {
    mp_ruleset *rs = pieces();
    mp_piece_info p;
    cr_assert_eq(mp_ruleset_n_pieces(rs), 3);
    cr_assert_eq(mp_ruleset_piece(rs, 1, &p), 0);
    cr_assert(!strcmp(p.name, "large") && p.count == 1 && p.strength == 2 && p.follower && p.letter == 'L');
    cr_assert_eq(mp_ruleset_piece(rs, 2, &p), 0);
    cr_assert(!strcmp(p.name, "helper") && p.strength == 0 && !p.follower && p.letter == 'H');
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    unsigned want = 0;
    for (int k = 0; k < mp_tileset_n_kinds(ts); k++)
        if (!strcmp(mp_tileset_kind_name(ts, k), "road") || !strcmp(mp_tileset_kind_name(ts, k), "city")) want |= 1u << k;
    cr_assert_eq(p.kinds, want, "a helper goes on roads and cities only: %#x", p.kinds);
    cr_assert_eq(mp_ruleset_find_piece(rs, "helper"), 2);
    cr_assert_eq(mp_ruleset_find_piece(rs, "mayor"), -1);
    cr_assert_str_eq(mp_ruleset_piece_alias(rs, 1, "jcz"), "big");
    cr_assert_str_eq(mp_ruleset_piece_alias(rs, 0, "jcz"), "");
    cr_assert_eq(mp_ruleset_find_piece_alias(rs, "jcz", "big"), 1);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ majorities by strength */

/* A large follower against one knight: 2 beats 1, and the city scores its usual points once.
**   x:  0   1   2
**       N2  F   E3     y=-1: N turned twice (city S+E), F (city E-W, pennant), E turned 3 (city W)
**       D   U   U      y=0
** RED's large follower on N; BLUE's knight on E, a part of its own until F joins them. */
static mp_game *city_of_two_parts(const mp_ruleset *rs, const char *red_piece) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "N", 0, -1, 2);
    t_act(g, red_piece);   /* on the city, named by its first middle clockwise: E */
    t_place(g, 1, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 0, "U", 2, 0, 0);
    t_pass(g);
    t_place(g, 1, "E", 2, -1, 3);
    t_deploy(g, "W");
    return g;
}

Test(pieces, large_follower_beats_one) {
    mp_ruleset *rs = pieces();
    mp_game *g = city_of_two_parts(rs, "+E:large");
    cr_assert_eq(mp_game_piece_supply(g, 0, 1), 0, "the large follower left the supply");
    cr_assert_eq(mp_game_supply(g, 0), 7, "7 ordinary followers left");
    t_place(g, 0, "F", 1, -1, 0);     /* joins both parts: a city of 4 tiles and a pennant, closed */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "city"), 10, "2 x (4 + 1), not doubled");
    cr_assert_eq(t_points(g, 1, "city"), 0, "strength 1 against 2");
    t_events(g, "0:+10 city completed 4");
    cr_assert_str_eq(event_figures(g, 0), "0:large 1:follower");
    cr_assert_eq(mp_game_piece_supply(g, 0, 1), 1, "the large follower came home");
    cr_assert_eq(mp_game_supply(g, 1), 8, "BLUE's knight came home: 7 and his large follower");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The same city with an ordinary knight for RED: 1 against 1, both score. */
Test(pieces, ordinary_knights_tie) {
    mp_ruleset *rs = pieces();
    mp_game *g = city_of_two_parts(rs, "+E");
    t_place(g, 0, "F", 1, -1, 0);
    t_pass(g);
    t_events(g, "0,1:+10 city completed 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A large follower where a follower may not go: every kind follows the kind's role and farmers;
** one large follower a player, so the second is refused with its reason. */
Test(pieces, a_piece_the_supply_has_not_is_refused) {
    mp_ruleset *rs = pieces();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    cr_assert(t_offered(g, "+E:large") && t_offered(g, "+E") && t_offered(g, "+Nw:large"));
    cr_assert(!t_offered(g, "+E:helper"), "a helper needs its owner's follower on the road");
    t_act(g, "+E:large");
    t_place(g, 0, "U", -1, 0, 0);
    cr_assert(!t_offered(g, "+Nw:large"), "RED's only large follower stands on the road");
    t_refused(g, "+Nw:large", "no 'large' left in the supply");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A helper (no follower) joins only a feature of its kinds where its owner has a follower, never
** counts in the majority, and comes home with the followers.
**   x: -1   0   1
**       V3  D   W      y=0: V turned 3 (road E and S), start, junction W
**       V2  U   V1     y=1: V turned 2 (road N and E), U (road E-W), V turned 1 (road N and W)
** RED's thief on the junction's west road, BLUE's on its south road (another road, through
** V1 and U); RED's helper on V3; V2 joins the two roads into one complete road of 6 tiles. */
Test(pieces, a_helper_joins_its_owners_road_and_never_counts) {
    mp_ruleset *rs = pieces();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "W", 1, 0, 0);
    t_deploy(g, "W");                 /* RED's thief: the road D-W, open west of D */
    t_place(g, 1, "V", 1, 1, 1);
    cr_assert(!t_offered(g, "+N:helper"), "BLUE has no follower on the junction's south road yet");
    t_deploy(g, "N");                 /* BLUE's thief: the junction's south road, open west of V1 */
    t_place(g, 0, "V", -1, 0, 3);
    t_refused(g, "+Nw:helper", "it joins only a feature of its kinds where you have a follower");
    t_act(g, "+E:helper");            /* RED extends his road and sends his helper onto it */
    cr_assert_eq(mp_game_piece_supply(g, 0, 2), 0);
    t_place(g, 1, "U", 0, 1, 0);
    cr_assert(t_offered(g, "+E:helper"), "BLUE's own road: his helper may join it");
    t_pass(g);
    t_place(g, 0, "V", -1, 1, 2);     /* joins the two roads: closed at the junction at both ends */
    t_pass(g);
    t_events(g, "0,1:+6 road completed 6");   /* thief and helper 1, thief 1: a tie */
    cr_assert_str_eq(event_figures(g, 0), "0:follower 1:follower 0:helper");
    cr_assert_eq(mp_game_piece_supply(g, 0, 2), 1, "the helper came home with the thieves");
    cr_assert_eq(mp_game_supply(g, 0), 8, "7 followers and the large one: the helper is no follower");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A helper never joins a feature another player holds, though it is occupied: BLUE extends the
** road RED's thief stands on, and his helper is not offered there. Mutant helper-joins-anyones-feature.
**   x: -1   0   1
**       U   D   U      y=0: RED's thief on U at 1,0; BLUE's U at -1,0 extends the road */
Test(pieces, a_helper_never_joins_another_players_feature) {
    mp_ruleset *rs = pieces();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_deploy(g, "E");
    t_place(g, 1, "U", -1, 0, 0);
    cr_assert(!t_offered(g, "+W:helper"), "RED's road, not BLUE's");
    t_refused(g, "+W:helper", "it joins only a feature of its kinds where you have a follower");
    cr_assert_eq(mp_game_piece_supply(g, 1, 2), 1);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Farms decide by strength too (farm-3): RED's large farmer on E's field, BLUE's farmer on the
** field north of the road, B joining them; the farm borders the completed city D+E once.
**   x:  0   1
**       E2  B      y=-1
**       D   U      y=0 */
Test(pieces, large_farmer_wins_the_farm) {
    mp_ruleset *rs = pieces();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "E", 0, -1, 2);     /* closes D's city (nobody in it) */
    t_act(g, "+Nw:large");
    t_place(g, 1, "U", 1, 0, 0);
    t_deploy(g, "Nw");
    t_place(g, 0, "B", 1, -1, 0);
    t_pass(g);
    t_end(g);
    cr_assert_eq(t_points(g, 0, "farm"), 3);
    cr_assert_eq(t_points(g, 1, "farm"), 0);
    t_events(g, "0:+3 farm farm 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* City-4 (1st edition, 2000): the farmers of every farm bordering the city count their strength.
** City D+E borders E's field (RED's large farmer, 2) and the field north of the road (BLUE's
** farmer, 1): RED 4, BLUE 0.
**   x:  0   1
**       E2  .      y=-1
**       D   U      y=0 */
Test(pieces, city_4_counts_a_large_farmer_twice) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/pieces-city4.yaml");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "E", 0, -1, 2);
    t_act(g, "+Nw:large");
    t_place(g, 1, "U", 1, 0, 0);
    t_deploy(g, "Nw");
    t_end(g);
    cr_assert_eq(t_points(g, 0, "farm"), 4);
    cr_assert_eq(t_points(g, 1, "farm"), 0);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Notation: +WHERE:PIECE names a piece, read back as written; an unknown one says which there are. */
Test(pieces, notation_names_the_piece) {
    mp_ruleset *rs = pieces();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    mp_action a;
    mp_diag d = { 0 };
    cr_assert_eq(mp_notation_parse(g, "+E:large", &a, NULL, &d), 0, "%s", d.message);
    cr_assert_eq(a.piece, 1);
    char text[64];
    mp_notation_format(g, &a, text, sizeof text);
    cr_assert_str_eq(text, "+E:large");
    cr_assert_neq(mp_notation_parse(g, "+E:mayor", &a, NULL, &d), 0);
    cr_assert_eq(d.column, 4);
    cr_assert_str_eq(d.message, "unknown piece 'mayor'; expected one of ruleset 'pieces''s pieces: 'large', 'helper'");
    cr_assert_neq(mp_notation_parse(g, "+E:", &a, NULL, &d), 0);
    cr_assert(strstr(d.message, "the name of a piece after ':'"), "%s", d.message);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ the fan example: Harbour Town */

/* A completed harbour city: 2 + 2 a tile + 3 a pennant (the `with: harbour` formula), not 2 a tile. */
Test(harbour_town, completed_harbour_city) {
    mp_ruleset *rs = harbour();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "HT-harbour", 0, -1, 2);   /* closes D's city: 2 tiles, no pennant */
    t_act(g, "+S:master");
    cr_assert_eq(t_points(g, 0, "city"), 6, "2 + 2 x 2");
    t_events(g, "0:+6 city completed 2");
    cr_assert_str_eq(event_figures(g, 0), "0:master");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* With a pennant: the quay's city (N and E, a pennant) turned once lies E and S, joining D's city;
** a cap closes it: 3 tiles, 1 pennant, 2 + 2 x 3 + 3 x 1.
**   x:  0     1
**       Q1    E3     y=-1: the quay turned once, a cap turned 3 times (city W)
**       D     .      y=0 */
Test(harbour_town, completed_harbour_city_with_a_pennant) {
    mp_ruleset *rs = harbour();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "HT-quay", 0, -1, 1);      /* turned once: city E and S; S joins D's city */
    t_deploy(g, "S");
    t_place(g, 1, "E", 1, -1, 3);            /* a cap, city W: closes it: 3 tiles, 1 pennant */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "city"), 2 + 2 * 3 + 3 * 1);
    t_events(g, "0:+11 city completed 3");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A harbour city left open scores as any city at the end: the formula says nothing of it. */
Test(harbour_town, open_harbour_city_scores_as_a_city) {
    mp_ruleset *rs = harbour();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "HT-quay", 0, -1, 1);
    t_deploy(g, "S");
    t_end(g);
    cr_assert_eq(t_points(g, 0, "city"), 3, "2 tiles + 1 pennant");
    t_events(g, "0:+3 city incomplete 2");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A completed toll road: 3 a tile. W (junction) east, the toll road west, L (junction) beyond. */
Test(harbour_town, completed_toll_road) {
    mp_ruleset *rs = harbour();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "W", 1, 0, 0);
    t_deploy(g, "W");
    t_place(g, 1, "HT-toll", -1, 0, 0);
    t_pass(g);
    t_place(g, 1, "L", -2, 0, 0);
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "road"), 12, "4 tiles x 3");
    t_events(g, "0:+12 road completed 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A kind with two marker formulas (tests/rulesets/two-markers.yaml: roads with an inn 2 a tile,
** written first, with a toll 3 a tile): the toll road of completed_toll_road scores by the toll's
** formula, the marker it holds. Mutant with-formula-ignores-marker. */
Test(harbour_town, a_feature_scores_by_the_marker_it_holds) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/two-markers.yaml");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "W", 1, 0, 0);
    t_deploy(g, "W");
    t_place(g, 1, "HT-toll", -1, 0, 0);
    t_pass(g);
    t_place(g, 1, "L", -2, 0, 0);
    t_pass(g);
    t_events(g, "0:+12 road completed 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A toll road left open at the end scores nothing, and the log says so: its thief's 0 points. */
Test(harbour_town, open_toll_road_scores_zero_and_is_logged) {
    mp_ruleset *rs = harbour();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "W", 1, 0, 0);
    t_deploy(g, "W");
    t_place(g, 1, "HT-toll", -1, 0, 0);
    t_pass(g);
    t_end(g);
    cr_assert_eq(t_points(g, 0, "road"), 0);
    t_events(g, "0:+0 road incomplete 3");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The harbour master goes only into cities. */
Test(harbour_town, the_master_stands_only_in_cities) {
    mp_ruleset *rs = harbour();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    cr_assert(!t_offered(g, "+E:master") && !t_offered(g, "+Nw:master"));
    t_refused(g, "+E:master", "cannot take a follower");
    mp_game_free(g);
    mp_ruleset_free(rs);
}
