/*
** test_kernel.c: the kernel's mechanisms on small positions: placement legality, deployment
** rules, completion, majorities and ties.
*/
#include <string.h>

#include "helpers.h"

/* Base digest, "A turn" 1: every side that touches a tile must continue its feature. */
Test(kernel, placement_must_match_every_side) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    const char *ids[1] = { "E" };
    mp_diag d = { 0 };
    cr_assert(mp_game_set_draws(g, ids, 1, &d) == 0);
    /* E (city N, fields elsewhere) east of the start tile D: D's east side is a road. */
    mp_action a = { .kind = MP_ACT_PLACE, .tile = (int16_t)mp_game_drawn_tile(g), .x = 1, .y = 0, .rot = 0 };
    cr_assert_neq(mp_game_apply(g, &a, &d), 0);
    cr_assert(strstr(d.message, "road meets") || strstr(d.message, "meets road"), "%s", d.message);
    /* Corner contact only. */
    a.x = 1; a.y = 1;
    cr_assert_neq(mp_game_apply(g, &a, &d), 0);
    cr_assert(strstr(d.message, "touches no tile"), "%s", d.message);
    /* North of D, rotated so its city faces D's city. */
    a.x = 0; a.y = -1; a.rot = 2;
    cr_assert_eq(mp_game_apply(g, &a, &d), 0, "%s", d.message);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Every legal placement the generator lists is accepted, and only distinct rotations are listed. */
Test(kernel, symmetric_tiles_list_each_picture_once) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    const char *ids[1] = { "C" };   /* CCCC: one picture in four rotations */
    mp_diag d = { 0 };
    cr_assert(mp_game_set_draws(g, ids, 1, &d) == 0);
    mp_action v[64];
    int n = mp_game_legal(g, v, 64);
    cr_assert_eq(n, 1, "only north of the start tile's city, once");
    cr_assert_eq(v[0].x, 0);
    cr_assert_eq(v[0].y, -1);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Base digest, "A turn" 2: no follower on a feature that already has one, even one's own. */
Test(kernel, no_deploy_on_occupied_feature) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_deploy(g, "E");                       /* thief on the road through D */
    t_place(g, 0, "U", 2, 0, 0);
    mp_action v[16];
    int n = mp_game_legal(g, v, 16);
    int road = mp_game_feature_at(g, 2, 0, "E");
    for (int i = 0; i < n; i++)
        cr_assert(!(v[i].kind == MP_ACT_DEPLOY && v[i].feature == road), "road already occupied");
    cr_assert_eq(n, 3, "two fields and pass");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Base digest, "Scoring during the game": completing an unoccupied feature scores nobody. */
Test(kernel, unoccupied_completion_scores_nobody) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "E", 0, -1, 2);           /* closes D's one-side city: 2 tiles */
    t_pass(g);
    cr_assert_eq(mp_game_score(g, 0) + mp_game_score(g, 1), 0);
    int complete = 0, tiles = 0, points = 0;
    cr_assert_eq(mp_game_feature_info(g, 0, 0, mp_game_feature_at(g, 0, 0, "N"), &complete, &tiles, &points), 0);
    cr_assert(complete);
    cr_assert_eq(tiles, 2);
    cr_assert_eq(points, 4);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Base digest, "Completion": a cloister is complete when its 8 neighbours are there; with 7 it
** is not, though its tile closes a road at the same time (the completed list looks at the tile's
** cloister then). The 8th neighbour completes it: 9. Mutant cloister-complete-at-eight.
**   x: -1   0   1
**       U   D   U      y=0
**       B   A*  B      y=1: A* (the cloister, its road south) placed last, a monk on it
**       B   A2  .      y=2: A turned twice (road north): the road A*-A2 closes; 1,2 stays empty
*/
Test(kernel, cloister_with_seven_neighbours_is_not_complete) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", -1, 0, 0); t_pass(g);
    t_place(g, 0, "U", 1, 0, 0); t_pass(g);
    t_place(g, 0, "B", -1, 1, 0); t_pass(g);
    t_place(g, 0, "B", 1, 1, 0); t_pass(g);
    t_place(g, 0, "B", -1, 2, 0); t_pass(g);
    t_place(g, 0, "A", 0, 2, 2); t_pass(g);
    t_place(g, 0, "A", 0, 1, 0);          /* 7 neighbours; its road meets A2's: closed, nobody on it */
    t_deploy(g, "cloister");
    cr_assert_eq(t_points(g, 0, "cloister"), 0, "8 tiles in its block: not complete");
    cr_assert_eq(mp_game_on_board(g, 0), 1, "the monk stays");
    t_events(g, "");
    t_place(g, 0, "B", 1, 2, 0);          /* the 8th neighbour */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "cloister"), 9);
    t_events(g, "0:+9 cloister completed 9");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* c3-nofarmers: fields take no followers. */
Test(kernel, no_farmers_without_farms) {
    mp_ruleset *rs = t_ruleset("c3-nofarmers");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    mp_action v[16];
    int n = mp_game_legal(g, v, 16);
    cr_assert_eq(n, 2, "the road, and pass");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Ending the game with a tile drawn puts it back; final scoring returns every follower. */
Test(kernel, end_now_runs_final_scoring) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_deploy(g, "E");
    t_end(g);
    cr_assert_eq(mp_game_score(g, 0), 2, "incomplete road of 2 tiles");
    cr_assert_eq(mp_game_supply(g, 0), 7);
    cr_assert_eq(mp_game_winners(g), 1u);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The final scoring walks the pieces left in the order they were deployed (score.c), so the log
** lists the unfinished features in that order, though the first piece deployed came home during
** the game. Mutant figures-reordered-on-return.
**   x: -1   0   1
**       .   .   E2     y=-2: closes seat 1's city (2 tiles: 4); the knight comes home
**       .   .   E      y=-1: seat 1's knight in the cap, the first piece deployed
**       U   D   U      y=0:  seat 0's thief on the road U-D-U, the last (U at 1,0 first, empty)
**       .   B   B      y=1:  seat 0's monk, then seat 1's (second and third)
*/
Test(kernel, final_scoring_in_deployment_order) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "E", 1, -1, 0);
    t_deploy(g, "N");
    t_place(g, 0, "B", 0, 1, 0);
    t_deploy(g, "cloister");
    t_place(g, 1, "B", 1, 1, 0);
    t_deploy(g, "cloister");
    t_place(g, 0, "U", -1, 0, 0);
    t_deploy(g, "W");
    t_place(g, 0, "E", 1, -2, 2);
    t_pass(g);
    t_end(g);
    t_events(g, "1:+4 city completed 2; 0:+5 cloister incomplete 5; 1:+4 cloister incomplete 4; "
                "0:+3 road incomplete 3");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Building positions: switching seats before placing hands the drawn tile back to the bag, so the
** new seat can draw it (found while writing the worked examples: it used to stay in the old
** seat's hand, out of the bag). */
Test(kernel, set_player_returns_the_drawn_tile) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    int first = mp_game_drawn_tile(g), left = mp_game_tiles_left(g), hand[4];
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_set_player(g, 1, &d), 0, "%s", d.message);
    cr_assert_eq(mp_game_hand(g, 0, hand, 4), 0, "seat 0 holds nothing");
    cr_assert_eq(mp_game_drawn_tile(g), first, "seat 1 drew the same tile");
    cr_assert_eq(mp_game_tiles_left(g), left);
    const char *ids[1] = { mp_tileset_tile_id(mp_ruleset_tiles(rs), first) };
    cr_assert_eq(mp_game_set_draws(g, ids, 1, &d), 0, "%s", d.message);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* How many pictures a tile's rotations give, and the rotations the placement list uses: a
** cloister with fields all round, the all-city C and the crossroads X look alike every way up; a
** straight road U and the two-city H every half turn; D and the curve V never. */
Test(kernel, rotations_repeat_with_the_tiles_symmetry) {
    mp_ruleset *rs = t_ruleset("c3");
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    static const struct { const char *id; int period; } want[] = {
        { "B", 1 }, { "C", 1 }, { "X", 1 }, { "U", 2 }, { "H", 2 }, { "F", 2 }, { "D", 4 }, { "V", 4 }, { "E", 4 },
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++)
        cr_assert_eq(mp_tileset_tile_rotations(ts, mp_tileset_find(ts, want[k].id)), want[k].period, "%s", want[k].id);
    cr_assert_eq(mp_tileset_tile_rotations(ts, -1), 0);
    /* Rotation r and r + period show the same edges, for every tile. */
    for (int t = 0; t < mp_tileset_n_tiles(ts); t++) {
        int period = mp_tileset_tile_rotations(ts, t);
        cr_assert(period == 1 || period == 2 || period == 4);
        for (int r = 0; r < 4; r++)
            for (int p = 0; p < 12; p++)
                cr_assert_eq(mp_tileset_port_letter(ts, t, r, p), mp_tileset_port_letter(ts, t, r % period, p));
    }
    /* The list gives U east of the start tile once (r0), not also as r2. */
    mp_game *g = t_game(rs, 2);
    const char *ids[1] = { "U" };
    mp_diag d = { 0 };
    cr_assert(mp_game_set_draws(g, ids, 1, &d) == 0);
    mp_action v[64];
    int n = mp_game_legal(g, v, 64), east = 0;
    for (int i = 0; i < n && i < 64; i++) {
        east += v[i].x == 1 && v[i].y == 0;
        cr_assert_lt(v[i].rot, 2);
    }
    cr_assert_eq(east, 1);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The bag by tile kind: every copy is in the bag, drawn, or the start tile. */
Test(kernel, bag_count_by_tile) {
    mp_ruleset *rs = t_ruleset("c3");
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    mp_game *g = t_game(rs, 2);
    int sum = 0;
    for (int t = 0; t < mp_tileset_n_tiles(ts); t++) {
        int n = mp_game_bag_count(g, t);
        sum += n;
        cr_assert_eq(n + (mp_game_drawn_tile(g) == t) + mp_tileset_tile_is_start(ts, t), mp_tileset_tile_count(ts, t),
                     "%s", mp_tileset_tile_id(ts, t));
    }
    cr_assert_eq(sum, mp_game_tiles_left(g));
    t_place(g, 0, "C", 0, -1, 0);   /* the only C leaves the bag */
    cr_assert_eq(mp_game_bag_count(g, mp_tileset_find(ts, "C")), 0);
    cr_assert_eq(mp_game_bag_count(g, -1), 0);
    mp_game_free(g);
    mp_ruleset_free(rs);
}
