/*
** test_bridges.c: bridges (Bridges, Castles and Bazaars digest, "Bridges"), on
** tests/rulesets/bridges.yaml (c3, the BCB tiles, the bridges module alone).
**
** Every position grows from the start tile D at 0,0 (city N, road E-W, field S). Tiles used:
** A (cloister, a road leaving it to the south), B (cloister in a field), E (a city cap to the
** north), G (a city from east to west, fields north and south), L (a city north, three road ends at
** a junction). Turning a tile r quarter turns clockwise takes its side s to side s+r.
*/
#include <stdio.h>
#include <string.h>

#include "helpers.h"

static mp_ruleset *bridges(void) { return t_ruleset(TEST_SRCDIR "/tests/rulesets/bridges.yaml"); }

static int bridges_left(const mp_game *g, int player) {
    for (int i = 0; i < mp_game_n_tokens(g); i++)
        if (!strcmp(mp_game_token_name(g, i), "bridges")) return mp_game_token_supply(g, i, player);
    cr_assert_fail("no bridges in this game");
    return -1;
}

/* Digest: "RED places a city tile with no road and builds a bridge on it, carrying a road over
** the new city segment. Next turn BLUE completes that road: 3 points (the bridge tile counts 1
** like any road tile)." RED is seat 0, BLUE seat 1. A at 0,1 leaves a road running south into the
** cell where RED's G (its city east-west) fits only with a bridge north-south. */
Test(bridges, digest_bridge_over_a_new_city) {
    mp_ruleset *rs = bridges();
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "A", 0, 1, 0);
    t_pass(g);
    t_draw(g, 0, "G");
    mp_diag d = { 0 };
    mp_action plain = { .kind = MP_ACT_PLACE, .tile = (int16_t)mp_game_drawn_tile(g), .x = 0, .y = 2, .rot = 0 };
    cr_assert_neq(mp_game_apply(g, &plain, &d), 0, "G at 0,2 does not fit without the bridge");
    cr_assert(t_offered(g, "!bridges:G@0,2r0/ns@0,2"));
    /* The module's placements are checked at their own cell: the wrong turn, a tile not drawn, a
    ** cell that is not open, a bridge on a tile that is not there. */
    t_refused(g, "!bridges:G@0,2r1/ns@0,2", "not a placement that fits only thanks to that bridge");
    t_refused(g, "!bridges:B@0,2r0/ns@0,2", "not a placement that fits only thanks to that bridge");
    t_refused(g, "!bridges:G@0,1r0/ns@0,1", "not a placement that fits only thanks to that bridge");
    t_refused(g, "!bridges:G@0,2r0/ns@5,5", "not a placement that fits only thanks to that bridge");
    t_act(g, "!bridges:G@0,2r0/ns@0,2");
    cr_assert_eq(bridges_left(g, 0), 2);
    t_act(g, "-");
    t_place(g, 1, "A", 0, 3, 2);      /* the road comes north from this cloister: complete */
    t_deploy(g, "N");
    cr_assert_eq(t_points(g, 1, "road"), 3, "A, the bridge tile, A: 3 tiles");
    cr_assert_eq(mp_game_score(g, 1), 3);
    cr_assert_eq(mp_game_score(g, 0), 0);
    int complete = 0, tiles = 0;
    int city = mp_game_feature_at(g, 0, 2, "E");
    cr_assert_eq(mp_game_feature_info(g, 0, 2, city, &complete, &tiles, NULL), 0);
    cr_assert(!complete && tiles == 1, "the city under the bridge is whole and still open east and west");
    t_events(g, "1:+3 road completed 3");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Digest: "RED places a tile, occupies its road, and builds a bridge on the adjacent tile to carry
** the road over that tile's city segment." G turned once at 1,-1 has its city north-south and
** fields east and west; RED's A turned once at 2,-1 sends its road west into G's field side: legal
** only with a bridge east-west on G. L then closes the road from the west: RED's thief scores
** 3 (L, G, A). */
Test(bridges, digest_bridge_on_the_neighbour) {
    mp_ruleset *rs = bridges();
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "D", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "G", 1, -1, 1);
    t_pass(g);
    t_draw(g, 0, "A");
    mp_diag d = { 0 };
    mp_action plain = { .kind = MP_ACT_PLACE, .tile = (int16_t)mp_game_drawn_tile(g), .x = 2, .y = -1, .rot = 1 };
    cr_assert_neq(mp_game_apply(g, &plain, &d), 0);
    cr_assert(strstr(d.message, "road meets"), "%s", d.message);
    t_act(g, "!bridges:A@2,-1r1/ew@1,-1");
    t_act(g, "+W");                       /* a thief on the road that runs over the bridge */
    cr_assert_eq(mp_game_on_board(g, 0), 1);
    t_place(g, 1, "L", 0, -1, 2);       /* its east road end meets the bridge */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "road"), 3);
    cr_assert_eq(mp_game_on_board(g, 0), 0, "the thief came home");
    t_events(g, "0:+3 road completed 3");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A bridge goes on a tile in play, the tile just placed or one beside it, never on the start tile
** (a fixed piece of the board): D takes none either way, though it is beside the tile just placed
** (its east and west sides are road sides besides, its north a city side: that rule is
** bridge_ends_on_field_sides_only's, on a tile in play). E turned twice at 0,-1, a field on three
** sides, takes a bridge east-west (the control). */
Test(bridges, no_bridge_on_the_start_tile) {
    mp_ruleset *rs = bridges();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "E", 0, -1, 2);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_DEPLOY);
    t_refused(g, "!bridges:ew@0,0", "no bridge ew can go on 0,0");
    t_refused(g, "!bridges:ns@0,0", "field side");
    cr_assert(t_offered(g, "!bridges:ew@0,-1"));
    t_act(g, "!bridges:ew@0,-1");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "Both ends must lie on field edges", on a tile placed in play (the start tile takes no bridge
** at all): U at 1,0 has road sides east and west, fields north and south; E turned three times at
** 0,1 has its city west. Neither takes a bridge east-west; U takes one north-south (the control).
** Mutants bridges-over-a-road-side, bridges-far-side-unchecked. */
Test(bridges, bridge_ends_on_field_sides_only) {
    mp_ruleset *rs = bridges();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_refused(g, "!bridges:ew@1,0", "no bridge ew can go on 1,0");
    cr_assert(t_offered(g, "!bridges:ns@1,0"));
    t_pass(g);
    t_place(g, 1, "E", 0, 1, 3);
    t_refused(g, "!bridges:ew@0,1", "no bridge ew can go on 0,1");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Two players have 3 bridges each (the supply by player count): three built, one a turn, leave
** none for a fourth, which is refused with its reason. Mutant bridges-from-empty-supply.
**   x:  0
**       D      y=0
**       B      y=1..4: a bridge east-west on each of the first three */
Test(bridges, no_bridge_beyond_the_supply) {
    mp_ruleset *rs = bridges();
    mp_game *g = t_game(rs, 2);
    for (int y = 1; y <= 3; y++) {
        char build[32];
        snprintf(build, sizeof build, "!bridges:ew@0,%d", y);
        t_place(g, 0, "B", 0, y, 0);
        t_act(g, build);
        t_pass(g);
    }
    cr_assert_eq(bridges_left(g, 0), 0);
    t_place(g, 0, "B", 0, 4, 0);
    cr_assert(!t_offered(g, "!bridges:ew@0,4"));
    t_refused(g, "!bridges:ew@0,4", "no bridge left in the supply");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "A tile cannot carry two crossing bridges." B at 1,0 takes the road from D east-west on a
** bridge; next turn nothing may cross it north-south, neither built during deployment nor with a
** placement that would need it, though both its north and south sides are free field sides. */
Test(bridges, crossing_bridges_refused) {
    mp_ruleset *rs = bridges();
    mp_game *g = t_game(rs, 2);
    t_draw(g, 0, "B");
    t_act(g, "!bridges:B@1,0r0/ew@1,0");
    t_act(g, "-");
    t_place(g, 1, "A", 2, 0, 1);        /* continues the bridge's east end */
    cr_assert(t_offered(g, "!bridges:ns@2,0"), "the control: a bridge on the tile just placed");
    t_refused(g, "!bridges:ns@1,0", "no bridge ns can go on 1,0");
    t_pass(g);
    t_draw(g, 0, "A");                    /* its road south would need a bridge north-south on B */
    cr_assert(!t_offered(g, "!bridges:A@1,-1r0/ns@1,0"));
    mp_diag d = { 0 };
    mp_action a;
    cr_assert_eq(mp_notation_parse(g, "!bridges:A@1,-1r0/ns@1,0", &a, NULL, &d), 0, "%s", d.message);
    cr_assert_neq(mp_game_apply(g, &a, &d), 0);
    cr_assert(strstr(d.message, "fits only thanks to that bridge"), "%s", d.message);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "A follower may be deployed on the bridge (as a thief on that road) when the bridge is on the
** tile just placed": the bridge is the tile's last feature and the notation names it by its
** middle port. */
Test(bridges, follower_on_a_bridge_with_the_placement) {
    mp_ruleset *rs = bridges();
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "A", 0, 1, 0);
    t_pass(g);
    t_draw(g, 0, "G");
    t_act(g, "!bridges:G@0,2r0/ns@0,2");
    cr_assert(t_offered(g, "+N"), "the bridge (its middle port N) takes a thief");
    t_act(g, "+N");
    int feature = -1;
    cr_assert_eq(mp_game_follower_at(g, 0, 2, &feature), 0);
    cr_assert_eq(feature, 3, "G has city and two fields; the bridge is feature 3");
    t_place(g, 1, "A", 0, 3, 2);        /* completes the road RED holds */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "road"), 3);
    cr_assert_eq(t_points(g, 1, "road"), 0);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "During his turn, besides placing a tile and deploying a follower, a player may build one
** bridge": built during deployment, before the follower, who may then stand on it; a second
** bridge the same turn is refused; the next turn may build again. */
Test(bridges, one_bridge_a_turn_built_before_deployment) {
    mp_ruleset *rs = bridges();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "B", 0, 1, 0);
    cr_assert(t_offered(g, "!bridges:ew@0,1"));
    cr_assert(!t_offered(g, "!bridges:ns@0,1"), "its north end would face D's field side");
    t_act(g, "!bridges:ew@0,1");
    cr_assert_eq(mp_game_phase(g), MP_PHASE_DEPLOY, "deployment is still to come");
    cr_assert_eq(bridges_left(g, 0), 2);
    cr_assert_eq(bridges_left(g, 1), 3);
    t_refused(g, "!bridges:ew@0,-1", "no bridge can be built now");
    t_act(g, "+E");                       /* a thief on the bridge */
    int feature = -1;
    cr_assert_eq(mp_game_follower_at(g, 0, 1, &feature), 0);
    cr_assert_eq(feature, 2, "B has cloister and field; the bridge is feature 2");
    t_place(g, 0, "E", 0, -1, 2);
    cr_assert(t_offered(g, "!bridges:ew@0,-1"), "a new turn, a new bridge");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "A road that includes a bridge and a printed road segment on the same tile still counts that
** tile once": A at 0,1 carries a bridge east-west; three curves V lead the bridge's east end round
** to A's own road leaving south, and A at -1,1 closes its west end. The road is complete on 5
** tiles, the bridge's tile counted once: 5 points (6 if it counted twice). */
Test(bridges, a_tile_with_bridge_and_road_counts_once) {
    mp_ruleset *rs = bridges();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "A", 0, 1, 0);
    t_act(g, "!bridges:ew@0,1");
    t_act(g, "+E");                       /* RED's thief on the bridge */
    t_place(g, 1, "V", 1, 1, 0);        /* west and south */
    t_pass(g);
    t_place(g, 1, "V", 1, 2, 1);        /* north and west */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "road"), 0, "not closed yet");
    t_place(g, 1, "A", -1, 1, 3);       /* its road east closes the bridge's west end */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "road"), 0, "not closed yet");
    t_place(g, 1, "V", 0, 2, 2);        /* north (A's printed road) and east: the road is closed */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "road"), 5, "A, A (bridge and printed road), V, V, V: got %d", t_points(g, 0, "road"));
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Supply by player count: 3 each with 2 to 4 players, 2 each with 5. */
Test(bridges, supply_by_player_count) {
    mp_ruleset *rs = bridges();
    for (int n = 2; n <= 5; n++) {
        mp_game *g = t_game(rs, n);
        for (int p = 0; p < n; p++) cr_assert_eq(bridges_left(g, p), n == 5 ? 2 : 3, "%d players", n);
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
}

/* The notation's mistakes are reported with a column and what was expected. */
Test(bridges, notation_errors) {
    mp_ruleset *rs = bridges();
    mp_game *g = t_game(rs, 2);
    static const struct { const char *text, *message; } bad[] = {
        { "!bridges:nw@0,1", "is not a bridge action" },
        { "!bridges:Z9@0,1r0/ns@0,1", "unknown tile 'Z9'" },
        { "!bridges:G@0,1r7/ns@0,1", "is not a placement" },
        { "!bridges:G@0,1r0/up@0,1", "is not a bridge" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mp_diag d = { 0 };
        mp_action a;
        cr_assert_neq(mp_notation_parse(g, bad[i].text, &a, NULL, &d), 0, "%s", bad[i].text);
        cr_assert(strstr(d.message, bad[i].message), "%s: %s", bad[i].text, d.message);
        cr_assert(d.column >= 1, "%s: a column", bad[i].text);
    }
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "A player is not required to use a bridge to place a tile, even if that tile would otherwise have
** to be discarded. The player has the choice" (FAQ, 10/2014). On a strip of three cells, B can go
** only east of the start tile, where its field side meets D's road: with a bridge east-west, or
** not at all. The player is asked: the bridge placement, or pass (the tile is discarded). */
Test(bridges, a_tile_that_fits_only_with_a_bridge_may_be_discarded) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/bridges-strip.yaml");
    for (int choice = 0; choice < 2; choice++) {
        mp_game *g = t_game(rs, 2);
        t_draw(g, 0, "B");
        cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE, "B is not discarded at once");
        mp_action v[8];
        int n = mp_game_legal(g, v, 8);
        cr_assert_eq(n, 2, "pass, or B with its bridge");
        cr_assert(t_offered(g, "-") && t_offered(g, "!bridges:B@1,0r0/ew@1,0"));
        int discarded = mp_game_discarded(g);
        if (choice == 0) {
            t_act(g, "-");
            cr_assert_eq(mp_game_discarded(g), discarded + 1, "B left the game");
            cr_assert_eq(mp_game_tile_at(g, 1, 0, NULL), -1);
            cr_assert_eq(bridges_left(g, 0), 3);
        } else {
            t_act(g, "!bridges:B@1,0r0/ew@1,0");
            cr_assert_eq(mp_game_discarded(g), discarded);
            cr_assert(mp_game_tile_at(g, 1, 0, NULL) >= 0);
        }
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
}

/* The module's state and actions as data: each player's bridges left as a fact, and its two kinds
** of decision with their arguments (meeple-ruleset(5)). */
Test(bridges, facts_and_decisions) {
    mp_ruleset *rs = bridges();
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "A", 0, 1, 0);
    t_pass(g);
    t_draw(g, 0, "G");
    mp_diag d = { 0 };
    mp_action a;
    cr_assert_eq(mp_notation_parse(g, "!bridges:G@0,2r0/ns@0,2", &a, NULL, &d), 0, "%s", d.message);
    mp_decision dec;
    cr_assert_eq(mp_game_decision(g, &a, &dec), 0);
    cr_assert_str_eq(dec.module, "bridges");
    cr_assert_str_eq(dec.name, "place");
    cr_assert_eq(dec.n_args, 3);
    cr_assert_str_eq(dec.arg_names[0], "axis");
    cr_assert_str_eq(dec.arg_names[1], "bridge-x");
    cr_assert_str_eq(dec.arg_names[2], "bridge-y");
    cr_assert(dec.args[0] == 0 && dec.args[1] == 0 && dec.args[2] == 2);
    t_act(g, "!bridges:G@0,2r0/ns@0,2");
    mp_fact f[8];
    int n = mp_game_facts(g, f, 8);
    cr_assert_eq(n, 2, "one fact a player");
    for (int p = 0; p < 2; p++) {
        cr_assert_str_eq(f[p].module, "bridges");
        cr_assert_str_eq(f[p].what, "bridges");
        cr_assert(f[p].kind == MP_FACT_COUNT && f[p].player == p);
        cr_assert_eq(f[p].value, p == 0 ? 2 : 3, "player %d", p);
    }
    cr_assert_eq(mp_notation_parse(g, "!bridges:ew@0,2", &a, NULL, &d), 0, "%s", d.message);
    cr_assert_eq(mp_game_decision(g, &a, &dec), 0);
    cr_assert_str_eq(dec.name, "build");
    cr_assert(dec.n_args == 1 && !strcmp(dec.arg_names[0], "axis") && dec.args[0] == 1);
    mp_game_free(g);
    mp_ruleset_free(rs);
}
