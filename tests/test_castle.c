/*
** test_castle.c: Carcassonne: The Castle (the rules' worked examples and each of their rules) on
** the reconstructed wall and tiles (rulesets/castle.yaml, rulesets/tiles/castle.yaml).
**
** The board: cells x 0..9, y 0..8 inside the wall (notches: x 0-1 y 0-1, x 8-9 y 0, x 4-5 y 7-8,
** x 8-9 y 7-8). Start spaces (fixed pieces in the wall): S1 at 2,-1 (a path, facing cell 2,0),
** S2 at 6,-1 (a court with a market, facing 6,0), S3 at 10,3 (a house, facing 9,3), S4 at 10,6
** (a path, facing 9,6), S5 at 6,9 (a tower, facing 6,8), S6 at 2,9 (a path), S7 at -1,5 (a court).
** Tiles used (rotation 0; a turn r takes side s to s+r): C04 house on N and E halves, court on S
** and W; C15 tower N, house E, tower S, court W; C16 a path S ending at a house that fills the
** rest; C21, C22 a path N-S with a fountain, towers/houses beside; C24 a path N-S, houses beside;
** C41, C42, C44, C55 a tower along the north side and its corners, paths E, S, W (C55: a square);
** C47 paths N-E and S-W; C57 a square, paths N and S; C58 a path N ending, a path E-S, a house in
** the NW corner; C59 a path E ending, house east, court west; C01 a court with a market; C02 a
** house, C03 a tower filling the tile.
** Seat 0 is BLACK, seat 1 WHITE. tests/rulesets/castle-dealt.yaml deals the wall tiles in a known
** order: towers 12/13 and 18/19 get tile 1, 25/26 and 32/33 tile 2, 39/40 tile 3, 45/46 4, 52/53
** 5, 58/59 6, 64/65 and 73/74 7, 80/81 8, 86/87 9, 94/95 3.
*/
#include <stdio.h>
#include <string.h>

#include "helpers.h"

#define DEALT TEST_SRCDIR "/tests/rulesets/castle-dealt.yaml"

static void set_score(mp_game *g, int player, int score) {
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_set_score(g, player, score, &d), 0, "%s", d.message);
}

/* The module's words for a player ("track 33, keep on 2 tiles, wall tile 2") or the track (-1). */
static const char *status(const mp_game *g, int player) {
    static char buf[512];
    return mp_game_module_status(g, player, buf, sizeof buf);
}

/* The legal action whose notation starts with `prefix`, and how many there are. */
static int find_action(const mp_game *g, const char *prefix, char *out, size_t size) {
    mp_action v[256];
    int n = mp_game_legal(g, v, 256), found = 0;
    for (int i = 0; i < n; i++) {
        char s[96];
        mp_notation_format(g, &v[i], s, sizeof s);
        if (strncmp(s, prefix, strlen(prefix)) != 0) continue;
        if (!found++) snprintf(out, size, "%s", s);
    }
    return found;
}

/* Takes the one legal action starting with `prefix`. */
static void act_prefix(mp_game *g, const char *prefix) {
    char text[96];
    cr_assert_eq(find_action(g, prefix, text, sizeof text), 1, "one action '%s...' offered", prefix);
    t_act(g, text);
}

/* ------------------------------------------------------------------ the worked examples */

/* "A path of 2 tiles ended by a square and the wall: 2 points." C24 at 3,0 runs its path north into
** the wall; C57's square at 3,1 ends it. (C16 at 2,0 is the first tile, against S1.) */
Test(castle, path_between_the_wall_and_a_square) {
    mp_ruleset *rs = t_ruleset("castle");
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "C16", 2, 0, 2);
    t_pass(g);
    t_place(g, 0, "C24", 3, 0, 0);
    t_deploy(g, "N");
    t_place(g, 1, "C57", 3, 1, 0);
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "path"), 2);
    cr_assert_eq(mp_game_score(g, 0), 2);
    cr_assert_eq(mp_game_on_board(g, 0), 0, "the herald came home");
    t_events(g, "0:+2 path completed 2");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "A path of 3 castle tiles plus a start space with a path segment, with a fountain: (3+1)x2 = 8."
** S1, C21 (the fountain), C24, and C16 turned twice ending it at its house. Two fountains (C22 in
** place of C24) still score 2 per tile, not 4. */
Test(castle, fountain_path_with_a_start_space) {
    mp_ruleset *rs = t_ruleset("castle");
    for (int fountains = 1; fountains <= 2; fountains++) {
        mp_game *g = t_game(rs, 2);
        t_place(g, 0, "C21", 2, 0, 0);
        t_deploy(g, "N");
        t_place(g, 1, fountains == 2 ? "C22" : "C24", 2, 1, 0);
        t_pass(g);
        t_place(g, 1, "C16", 2, 2, 2);
        t_pass(g);
        cr_assert_eq(t_points(g, 0, "path"), 8, "%d fountain(s): (3 tiles + the start space) x 2", fountains);
        t_events(g, "0:+8 path completed 4");
    mp_game_free(g);
    }
    mp_ruleset_free(rs);
}

/* The tower along the north wall: C41, C42, C44, C55 (one tower across their north sides and
** corners), closed at the ends by C47 (2,0) and C59 (7,0). Returns the game before its last tile;
** knights: BLACK on C41 (and WHITE on C44 when `two_knights`). */
static mp_game *north_tower(const mp_ruleset *rs, bool two_knights) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "C47", 2, 0, 0);
    t_pass(g);
    t_place(g, 0, "C41", 3, 0, 0);
    t_deploy(g, "Nw");
    t_place(g, 1, "C55", 6, 0, 0);
    t_pass(g);
    t_place(g, 1, "C44", 5, 0, 0);
    if (two_knights) t_deploy(g, "Nw");
    else t_pass(g);
    t_place(g, 0, "C59", 7, 0, 2);
    t_pass(g);
    return g;
}

/* "A tower of 4 tiles: 8." */
Test(castle, tower_of_four_tiles) {
    mp_ruleset *rs = t_ruleset("castle");
    mp_game *g = north_tower(rs, false);
    cr_assert_eq(t_points(g, 0, "tower"), 0, "still open at 4,0");
    t_place(g, 0, "C42", 4, 0, 0);
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "tower"), 8);
    t_events(g, "0:+8 tower completed 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "Two towers with one knight each joined and completed by one tile: 1-1 tie, nobody scores." */
Test(castle, tie_on_a_tower_scores_nobody) {
    mp_ruleset *rs = t_ruleset("castle");
    mp_game *g = north_tower(rs, true);
    t_place(g, 0, "C42", 4, 0, 0);
    t_pass(g);
    cr_assert_eq(mp_game_score(g, 0), 0);
    cr_assert_eq(mp_game_score(g, 1), 0);
    cr_assert_eq(mp_game_on_board(g, 0) + mp_game_on_board(g, 1), 0, "both knights came home");
    t_events(g, "");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "A house of 1 tile: 1 (diagonal contact joins nothing)." C04 at 9,1 has its house on the north
** and east halves, against the wall; C16's house at 8,2 touches it only at a corner. */
Test(castle, house_of_one_tile) {
    mp_ruleset *rs = t_ruleset("castle");
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "C02", 9, 3, 0);
    t_pass(g);
    t_place(g, 1, "C03", 9, 2, 0);
    t_pass(g);
    t_place(g, 1, "C16", 8, 2, 0);
    t_pass(g);
    t_place(g, 0, "C04", 9, 1, 0);
    t_deploy(g, "Nw");
    cr_assert_eq(t_points(g, 0, "house"), 1);
    int a = mp_game_feature_id(g, 9, 1, mp_game_feature_at(g, 9, 1, "Nw"));
    int b = mp_game_feature_id(g, 8, 2, mp_game_feature_at(g, 8, 2, "Ne"));
    cr_assert_neq(a, b, "a corner joins nothing");
    t_events(g, "0:+1 house completed 1");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "Place-and-score in one turn: a path on the tile just placed completed by it: 1 point; a tower
** completed on placement: 4 points." C57 at 3,0: its path runs into the wall and ends at its
** square. C15 at 6,8: its south tower meets S5's tower (the start space counts as a tile). */
Test(castle, place_and_score_in_one_turn) {
    mp_ruleset *rs = t_ruleset("castle");
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "C16", 2, 0, 2);
    t_pass(g);
    t_place(g, 0, "C57", 3, 0, 0);
    t_deploy(g, "N");
    cr_assert_eq(t_points(g, 0, "path"), 1);
    t_place(g, 0, "C15", 6, 8, 0);
    t_deploy(g, "Se");
    cr_assert_eq(t_points(g, 0, "tower"), 4);
    cr_assert_eq(mp_game_on_board(g, 0), 0);
    t_events(g, "0:+1 path completed 1; 0:+4 tower completed 2");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "BLACK scores 2, moves to track space 33 which is a corner-tower space, and takes the wall tile
** there." The path of S1 and C16 is worth 2. */
Test(castle, landing_on_a_tower_takes_its_wall_tile) {
    mp_ruleset *rs = t_ruleset("castle");
    mp_game *g = t_game(rs, 2);
    cr_assert(strstr(status(g, -1), " 32/33"), "%s", status(g, -1));
    set_score(g, 0, 31);
    t_place(g, 0, "C16", 2, 0, 2);
    t_deploy(g, "N");
    cr_assert_eq(mp_game_score(g, 0), 33);
    cr_assert(strstr(status(g, 0), "track 33, wall tile "), "%s", status(g, 0));
    cr_assert(!strstr(status(g, -1), " 32/33"), "the tile left the track: %s", status(g, -1));
    t_events(g, "0:+2 path completed 2");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ the track */

/* Passing over a tower space gives nothing: 31 + 3 = 34 passes 32/33 (S1, C24, C16: a path of 3). */
Test(castle, passing_a_tower_gives_nothing) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = t_game(rs, 2);
    set_score(g, 0, 31);
    t_place(g, 0, "C24", 2, 0, 0);
    t_deploy(g, "N");
    t_place(g, 1, "C16", 2, 1, 2);
    t_pass(g);
    cr_assert_eq(mp_game_score(g, 0), 34);
    cr_assert_str_eq(status(g, 0), "track 34");
    cr_assert(strstr(status(g, -1), " 32/33"), "still there: %s", status(g, -1));
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "After lapping 100, landing on a still-present wall tile takes it": 111 + 2 lands on 13. */
Test(castle, landing_after_a_lap) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = t_game(rs, 2);
    set_score(g, 0, 111);
    t_place(g, 0, "C16", 2, 0, 2);
    t_deploy(g, "N");
    cr_assert_str_eq(status(g, 0), "track 13, wall tile 1");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The placer orders simultaneous scorings, and the order decides landings. C58 at 2,1 completes
** BLACK's path (S1, C24, C58: 3) and BLACK's house (C24's west house and C58's corner: 2) at once.
** From 29: the path first lands on 32 (tile 2), then 34; the house first goes 31, then 34. */
Test(castle, the_placer_orders_simultaneous_scorings) {
    mp_ruleset *rs = t_ruleset(DEALT);
    for (int path_first = 0; path_first < 2; path_first++) {
        mp_game *g = t_game(rs, 2);
        t_place(g, 0, "C24", 2, 0, 0);
        t_deploy(g, "N");
        set_score(g, 0, 29);
        t_place(g, 0, "C58", 2, 1, 0);
        t_deploy(g, "Wn");
        cr_assert_eq(mp_game_phase(g), MP_PHASE_MODULE, "BLACK chooses which scores first");
        char text[96];
        cr_assert_eq(find_action(g, "!castle:first@", text, sizeof text), 2, "the path and the house");
        t_act(g, path_first ? "!castle:first@2,1,N" : "!castle:first@2,1,Nw");
        cr_assert_eq(mp_game_score(g, 0), 34);
        cr_assert_eq(t_points(g, 0, "path"), 3);
        cr_assert_eq(t_points(g, 0, "house"), 2);
        cr_assert_str_eq(status(g, 0), path_first ? "track 34, keep on 2 tiles, wall tile 2" : "track 34, keep on 2 tiles");
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
}

/* The placer's features score first, then the opponent's (castle.c), and the order decides who
** takes a wall tile both markers reach. WHITE's squire holds C24's west house; BLACK's
** C58 at 2,1 completes BLACK's path (S1, C24, C58: 3, from 29 to 32) and WHITE's house (C24 and
** C58's corner: 2, from 31 to 33). BLACK's path scores first and takes tile 2 on 32/33; WHITE
** lands on 33 after it. Mutant castle-opponent-scores-first. */
Test(castle, the_placers_features_score_first) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "C24", 2, 0, 0);
    t_deploy(g, "Wn");
    set_score(g, 0, 29);
    set_score(g, 1, 31);
    t_place(g, 0, "C58", 2, 1, 0);
    t_deploy(g, "N");                      /* BLACK's herald on the path C58 completes */
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE, "one feature each: no order to choose");
    cr_assert_str_eq(status(g, 0), "track 32, wall tile 2");
    cr_assert_str_eq(status(g, 1), "track 33, keep on 2 tiles");
    t_events(g, "0:+3 path completed 3; 1:+2 house completed 2");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* House rule: a wall tile is taken only where the marker ends after all of the turn's scoring:
** the path-first order that takes tile 2 above takes nothing. */
Test(castle, house_rule_takes_only_where_the_marker_ends) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/castle-after-all.yaml");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "C24", 2, 0, 0);
    t_deploy(g, "N");
    set_score(g, 0, 29);
    t_place(g, 0, "C58", 2, 1, 0);
    t_deploy(g, "Wn");
    t_act(g, "!castle:first@2,1,N");
    cr_assert_str_eq(status(g, 0), "track 34, keep on 2 tiles");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ wall tiles */

/* Wall tile 1, "another complete turn", may be used the turn it was won, after its scoring. */
Test(castle, wall_tile_1_the_turn_it_was_won) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = t_game(rs, 2);
    set_score(g, 0, 11);
    t_place(g, 0, "C16", 2, 0, 2);
    t_deploy(g, "N");                      /* 13: wall tile 1 */
    cr_assert_eq(mp_game_phase(g), MP_PHASE_MODULE);
    cr_assert(t_offered(g, "!castle:use-1") && t_offered(g, "!castle:hold-1"));
    t_act(g, "!castle:use-1");
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE);
    cr_assert_eq(mp_game_current_player(g), 0, "BLACK plays again");
    cr_assert_str_eq(status(g, 0), "track 13");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Wall tile 2 doubles one completed tower its holder wins, from a later turn: not the tower
** whose scoring won it. BLACK's C15 tower at 6,8 (4) takes BLACK from 21 to 25: tile 2, and no
** decision then; the north tower later (8) is doubled to 16. */
Test(castle, wall_tile_2_not_on_the_tower_that_won_it) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = north_tower(rs, false);
    set_score(g, 0, 21);
    t_place(g, 0, "C15", 6, 8, 0);
    t_deploy(g, "Se");
    cr_assert_eq(mp_game_score(g, 0), 25);
    cr_assert_str_eq(status(g, 0), "track 25, wall tile 2");
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE, "no decision on the tower that won it");
    t_place(g, 0, "C42", 4, 0, 0);
    t_pass(g);
    char text[96];
    cr_assert_eq(find_action(g, "!castle:use-2@", text, sizeof text), 1);
    cr_assert(t_offered(g, "!castle:hold-2"));
    t_act(g, text);
    cr_assert_eq(t_points(g, 0, "tower"), 4 + 16);
    cr_assert_str_eq(status(g, 0), "track 41", "the tile is spent (41 passes 39/40)");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "Two of 2 or 3 triple (not quadruple) one feature." BLACK takes both tile 2s (25/26 with C15's
** tower, 32/33 with S4's path and C16 turned three times), then the north tower: 8 x 3 = 24. */
Test(castle, both_copies_of_tile_2_triple) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = north_tower(rs, false);
    set_score(g, 0, 21);
    t_place(g, 0, "C15", 6, 8, 0);
    t_deploy(g, "Se");                     /* 25 */
    set_score(g, 0, 30);
    t_place(g, 0, "C16", 9, 6, 3);
    t_deploy(g, "E");                      /* 32 */
    cr_assert_str_eq(status(g, 0), "track 32, wall tile 2, wall tile 2");
    t_place(g, 0, "C42", 4, 0, 0);
    t_pass(g);
    act_prefix(g, "!castle:use-2x2@");
    cr_assert_eq(t_points(g, 0, "tower"), 4 + 24);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Wall tiles 2-7 need the holder's majority on the feature: WHITE's tower is not BLACK's to double. */
Test(castle, wall_tile_needs_the_majority) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = t_game(rs, 2);
    set_score(g, 0, 21);
    t_place(g, 0, "C15", 6, 8, 0);
    t_deploy(g, "Se");                     /* BLACK: 25, tile 2 */
    t_place(g, 1, "C47", 2, 0, 0);
    t_pass(g);
    t_place(g, 1, "C41", 3, 0, 0);
    t_deploy(g, "Nw");                     /* WHITE's knight on the north tower */
    t_place(g, 1, "C55", 6, 0, 0);
    t_pass(g);
    t_place(g, 1, "C44", 5, 0, 0);
    t_pass(g);
    t_place(g, 1, "C59", 7, 0, 2);
    t_pass(g);
    t_place(g, 0, "C42", 4, 0, 0);         /* BLACK completes WHITE's tower */
    t_pass(g);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE, "no wall tile decision");
    cr_assert_eq(t_points(g, 1, "tower"), 8);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ keeps and the end */

/* "When he later scores a larger house, he moves the keep there." C04 at 7,0 (beside C01 at 6,0):
** a house of 1; then C15 at 9,3 with S3: a house of 2. */
Test(castle, keep_moves_to_a_larger_house) {
    mp_ruleset *rs = t_ruleset("castle");
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "C01", 6, 0, 0);
    t_pass(g);
    t_place(g, 0, "C04", 7, 0, 0);
    t_deploy(g, "Nw");
    cr_assert(strstr(status(g, 0), "keep on 1 tile"), "%s", status(g, 0));
    t_place(g, 0, "C15", 9, 3, 0);
    t_deploy(g, "En");
    cr_assert_eq(t_points(g, 0, "house"), 3);
    cr_assert(strstr(status(g, 0), "keep on 2 tiles"), "%s", status(g, 0));
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* WHITE's keep: C13 at 0,2 (a house in its north-west corner, against the wall), reached from S7
** by C06, C07, C08 down the west edge. */
static void white_keep_of_one(mp_game *g) {
    t_place(g, 1, "C06", 0, 5, 0);
    t_pass(g);
    t_place(g, 1, "C07", 0, 4, 0);
    t_pass(g);
    t_place(g, 1, "C08", 0, 3, 0);
    t_pass(g);
    t_place(g, 1, "C13", 0, 2, 0);
    t_deploy(g, "Wn");
    cr_assert(strstr(status(g, 1), "keep on 1 tile"), "%s", status(g, 1));
}

/* "If the keeps are equal, neither scores"; with wall tile 8 (80/81) BLACK's keep counts 2 more
** and scores the largest empty area. */
Test(castle, equal_keeps_score_nobody_unless_wall_tile_8) {
    mp_ruleset *rs = t_ruleset(DEALT);
    for (int tile8 = 0; tile8 < 2; tile8++) {
        mp_game *g = t_game(rs, 2);
        t_place(g, 1, "C01", 6, 0, 0);
        t_pass(g);
        if (tile8) set_score(g, 0, 79);
        t_place(g, 0, "C04", 7, 0, 0);
        t_deploy(g, "Nw");                 /* a house of 1: 80 with the tile-8 start */
        white_keep_of_one(g);
        t_end(g);
        cr_assert_eq(t_points(g, 1, "keep"), 0);
        /* 76 cells less 6 placed, all connected, and the start spaces facing empty cells: S1, S3,
        ** S4, S5, S6 (S2's and S7's cells are taken): 70 + 5. */
        cr_assert_eq(t_points(g, 0, "keep"), tile8 ? 75 : 0, "tile 8: %d", tile8);
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
}

/* Wall tile 8 adds to a keep, and gives none: BLACK holds it (77 + the path S1, C24, C16: 80)
** but scored no house; WHITE's keep of 1 is the only one and scores the largest empty area.
** Mutant castle-keep-bonus-without-keep. */
Test(castle, wall_tile_8_without_a_keep_adds_nothing) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = t_game(rs, 2);
    set_score(g, 0, 77);
    t_place(g, 0, "C24", 2, 0, 0);
    t_deploy(g, "N");
    t_place(g, 1, "C16", 2, 1, 2);
    t_pass(g);
    cr_assert_str_eq(status(g, 0), "track 80, wall tile 8");
    white_keep_of_one(g);
    t_end(g);
    cr_assert_eq(t_points(g, 0, "keep"), 0);
    /* 76 cells less 6 placed, all connected, and the empty start spaces S2 to S6 facing them. */
    cr_assert_eq(t_points(g, 1, "keep"), 70 + 5);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The largest connected empty area, counting the empty start spaces: BLACK's keep alone after two
** tiles at 6,0 and 7,0 scores 74 cells + S1, S3, S4, S5, S6, S7 = 80. */
Test(castle, keep_scores_the_largest_empty_area_with_start_spaces) {
    mp_ruleset *rs = t_ruleset("castle");
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "C01", 6, 0, 0);
    t_pass(g);
    t_place(g, 0, "C04", 7, 0, 0);
    t_deploy(g, "Nw");
    t_end(g);
    cr_assert_eq(t_points(g, 0, "keep"), 80);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Courts: "3 per market (4 with wall tile 7) for the majority", a market on a start space counting.
** C01 at 6,0 joins S2's court: 2 markets, WHITE's merchant: 6. With wall tile 7 (WHITE lands on
** 64 with S1's path and C16): 4 per market, 8; with both copies (73 too, with S4's path and C59):
** 8 per market, 16. */
Test(castle, court_with_a_market_on_a_start_space) {
    mp_ruleset *rs = t_ruleset(DEALT);
    for (int sevens = 0; sevens <= 2; sevens++) {
        mp_game *g = t_game(rs, 2);
        t_place(g, 1, "C01", 6, 0, 0);
        t_deploy(g, "Nw");
        if (sevens >= 1) {
            set_score(g, 1, 62);
            t_place(g, 1, "C16", 2, 0, 2);
            t_deploy(g, "N");
        }
        if (sevens == 2) {
            set_score(g, 1, 71);
            t_place(g, 1, "C59", 9, 6, 0);
            t_deploy(g, "E");
        }
        t_end(g);
        static const int court[] = { 6, 8, 16 };
        cr_assert_eq(t_points(g, 1, "court") + t_points(g, 1, "wall tiles"), court[sevens], "%d wall tile 7s", sevens);
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
}

/* Wall tiles at the end: 4 scores an incomplete path (RGG: 2 per tile with a fountain; HiG: 1 per
** tile), 9 is 5 points. BLACK lands on 45 (tile 4) with S4's path and C16, then leaves a herald on
** the unfinished fountain path of S1 and C21. */
Test(castle, wall_tile_4_by_ruling) {
    const char *rulesets[2] = { DEALT, TEST_SRCDIR "/tests/rulesets/castle-hig-dealt.yaml" };
    for (int hig = 0; hig < 2; hig++) {
        mp_ruleset *rs = t_ruleset(rulesets[hig]);
        mp_game *g = t_game(rs, 2);
        set_score(g, 0, 43);
        t_place(g, 0, "C16", 9, 6, 3);
        t_deploy(g, "E");                  /* 45: tile 4 */
        t_place(g, 0, "C21", 2, 0, 0);
        t_deploy(g, "N");
        t_end(g);
        cr_assert_eq(t_points(g, 0, "wall tiles"), hig ? 2 : 4, "S1 and C21, %s", hig ? "HiG" : "RGG");
        mp_game_free(g);
        mp_ruleset_free(rs);
    }
}

/* Both copies of a score-incomplete wall tile score its feature twice: BLACK takes both tile 4s (tests/rulesets/
** castle-dealt-4s.yaml: 45 with S4's path and C16, 52 with C15's tower and S5) and leaves a
** herald on the unfinished fountain path of S1 and C21 (RGG: 4): 8. Mutant
** castle-score-incomplete-once. */
Test(castle, both_copies_of_tile_4_score_the_path_twice) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/castle-dealt-4s.yaml");
    mp_game *g = t_game(rs, 2);
    set_score(g, 0, 43);
    t_place(g, 0, "C16", 9, 6, 3);
    t_deploy(g, "E");                      /* 45: tile 4 */
    set_score(g, 0, 48);
    t_place(g, 0, "C15", 6, 8, 0);
    t_deploy(g, "Se");                     /* 52: tile 4 again */
    cr_assert_str_eq(status(g, 0), "track 52, wall tile 4, wall tile 4");
    t_place(g, 0, "C21", 2, 0, 0);
    t_deploy(g, "N");
    t_end(g);
    cr_assert_eq(t_points(g, 0, "wall tiles"), 8);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Wall tile 5 scores the best unfinished tower, not a feature of another kind: BLACK takes it (52
** with S4's path and C16), leaves a knight on C03's unfinished tower (2) and a herald on the
** unfinished fountain path of S1 and C21 (4): 2. Mutant castle-score-incomplete-any-kind. */
Test(castle, wall_tile_5_scores_a_tower) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = t_game(rs, 2);
    set_score(g, 0, 50);
    t_place(g, 0, "C16", 9, 6, 3);
    t_deploy(g, "E");                      /* 52: tile 5 */
    cr_assert_str_eq(status(g, 0), "track 52, wall tile 5");
    t_place(g, 0, "C21", 2, 0, 0);
    t_deploy(g, "N");
    t_place(g, 0, "C03", 3, 0, 0);         /* closed by the wall and C21's house, open east and south */
    t_deploy(g, "En");
    t_end(g);
    cr_assert_eq(t_points(g, 0, "wall tiles"), 2);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Wall tile 7 counts a court its holder wins: BLACK holds it (62 + S1's path and C16: 64), WHITE's
** merchant wins the court of C01 and S2 (2 markets: 6); BLACK's tile adds nothing. Mutant
** castle-markets-any-court. */
Test(castle, wall_tile_7_needs_the_court) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = t_game(rs, 2);
    t_place(g, 1, "C01", 6, 0, 0);
    t_deploy(g, "Nw");
    set_score(g, 0, 62);
    t_place(g, 0, "C16", 2, 0, 2);
    t_deploy(g, "N");
    cr_assert_str_eq(status(g, 0), "track 64, wall tile 7");
    t_end(g);
    cr_assert_eq(t_points(g, 1, "court"), 6);
    cr_assert_eq(t_points(g, 0, "wall tiles"), 0);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Wall tile 1 won with the last tile of the game gives no other turn: there is no tile to draw
** (tests/rulesets/mini-castle-extra.yaml: two tiles; the path S1, PHT, PHT with a fountain scores
** 6 and lands on 6, wall tile 1). The game is over. Mutant castle-extra-turn-without-tiles. */
Test(castle, no_extra_turn_without_tiles) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/mini-castle-extra.yaml");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "PHT", 1, 0, 0);
    t_deploy(g, "N");
    t_place(g, 0, "PHT", 1, 1, 0);         /* the path into the wall: complete */
    t_pass(g);
    cr_assert_eq(mp_game_score(g, 0), 6);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_OVER, "no decision: the game is over");
    cr_assert(strstr(status(g, 0), "wall tile 1"), "%s", status(g, 0));
    mp_game_free(g);
    mp_ruleset_free(rs);
}

Test(castle, wall_tile_9_is_five_points) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = t_game(rs, 2);
    set_score(g, 0, 84);
    t_place(g, 0, "C16", 9, 6, 3);
    t_deploy(g, "E");                      /* 86: tile 9 */
    t_end(g);
    cr_assert_eq(t_points(g, 0, "wall tiles"), 5);
    cr_assert_eq(mp_game_score(g, 0), 91);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "The game ends ... Remove the wall tiles still on the track. Final scoring": the 12 tiles still
** on the towers (13 dealt, BLACK took tile 9 at 86) leave the track before the final scoring, so
** the track's words no longer list them; a tile in hand stays there and scores (9: 5 points). */
Test(castle, wall_tiles_left_on_the_track_are_removed_at_the_end) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = t_game(rs, 2);
    set_score(g, 0, 84);
    t_place(g, 0, "C16", 9, 6, 3);
    t_deploy(g, "E");                      /* 86: tile 9 */
    cr_assert_str_eq(status(g, -1), "wall tiles on the track at 12/13 18/19 25/26 32/33 39/40 45/46 52/53 58/59 "
                                    "64/65 73/74 80/81 94/95");
    t_end(g);
    cr_assert_str_eq(status(g, -1), "no wall tiles on the track (12 removed at the end of the game)");
    cr_assert_str_eq(status(g, 0), "track 91, wall tile 9");
    cr_assert_eq(t_points(g, 0, "wall tiles"), 5);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The same at the end of a whole game, played to its last tile by taking the first legal action
** every time: no wall tile is left on the track. */
Test(castle, a_finished_game_has_no_wall_tiles_on_the_track) {
    mp_ruleset *rs = t_ruleset("castle");
    mp_game *g = t_game(rs, 2);
    mp_action v[1024];
    mp_diag d = { 0 };
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        cr_assert(mp_game_legal(g, v, 1024) > 0);
        cr_assert_eq(mp_game_apply(g, &v[0], &d), 0, "%s", d.message);
    }
    cr_assert_eq(mp_game_check(g, &d), 0, "%s", d.message);
    cr_assert(!strstr(status(g, -1), "on the track at"), "%s", status(g, -1));
    cr_assert(!strncmp(status(g, -1), "no wall tiles on the track", 26), "%s", status(g, -1));
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ facts and decisions as data */

/* The castle's fact `what` of `kind` for `player` (-1 the game's) whose value (POSITION: the
** first space) is `value`, or whose arg is `arg` (COUNT "wall-tile": the number); -1 any. */
static const mp_fact *find_fact(const mp_game *g, mp_fact_kind kind, const char *what, int player, int value,
                                int arg) {
    static mp_fact f[256];
    int n = mp_game_facts(g, f, 256);
    cr_assert_leq(n, 256);
    for (int i = 0; i < n; i++)
        if (!strcmp(f[i].module, "castle") && f[i].kind == kind && !strcmp(f[i].what, what) && f[i].player == player &&
            (value < 0 || f[i].value == value) && (arg < 0 || f[i].arg == arg))
            return &f[i];
    return NULL;
}

static int count_facts(const mp_game *g, mp_fact_kind kind, const char *what, int player) {
    mp_fact f[256];
    int n = mp_game_facts(g, f, 256), k = 0;
    for (int i = 0; i < n; i++) k += f[i].kind == kind && !strcmp(f[i].what, what) && f[i].player == player;
    return k;
}

/* The facts say what the words say: the markers' spaces, the towers still holding a wall tile
** (their two spaces), the tiles in hand by number, the keep. BLACK lands on 32 (tile 2) with the
** path first, as in the_placer_orders_simultaneous_scorings, and his keep goes onto the house. */
Test(castle, facts_of_the_track_the_hands_and_the_keep) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = t_game(rs, 2);
    cr_assert_eq(count_facts(g, MP_FACT_POSITION, "wall-tile", -1), 13, "%s", status(g, -1));
    const mp_fact *f = find_fact(g, MP_FACT_POSITION, "wall-tile", -1, 32, -1);
    cr_assert(f && f->arg == 33, "tower 32/33 holds a tile");
    t_place(g, 0, "C24", 2, 0, 0);
    t_deploy(g, "N");
    set_score(g, 0, 29);
    t_place(g, 0, "C58", 2, 1, 0);
    t_deploy(g, "Wn");
    t_act(g, "!castle:first@2,1,N");
    cr_assert_str_eq(status(g, 0), "track 34, keep on 2 tiles, wall tile 2");
    cr_assert(find_fact(g, MP_FACT_POSITION, "track", 0, 34, -1));
    cr_assert(find_fact(g, MP_FACT_POSITION, "track", 1, 0, -1));
    cr_assert(find_fact(g, MP_FACT_COUNT, "keep", 0, 2, -1));
    cr_assert_null(find_fact(g, MP_FACT_COUNT, "keep", 1, -1, -1), "WHITE has no keep");
    f = find_fact(g, MP_FACT_COUNT, "wall-tile", 0, -1, 2);
    cr_assert(f && f->value == 1, "BLACK holds one wall tile 2");
    cr_assert_eq(count_facts(g, MP_FACT_COUNT, "wall-tile", 0), 1);
    cr_assert_null(find_fact(g, MP_FACT_POSITION, "wall-tile", -1, 32, -1), "the tile left 32/33");
    cr_assert_eq(count_facts(g, MP_FACT_POSITION, "wall-tile", -1), 12);
    t_end(g);
    cr_assert_eq(count_facts(g, MP_FACT_POSITION, "wall-tile", -1), 0);
    f = find_fact(g, MP_FACT_COUNT, "wall-tiles-removed", -1, -1, -1);
    cr_assert(f && f->value == 12, "12 removed at the end");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The track's geometry is facts too, which a picture draws by their kinds (render.c): the track of
** 100 spaces and a tower on two of them at each of the wall's 14 corners, in track order, from the
** options (rulesets/castle.yaml: 0/1, 12/13, ... 94/95). */
Test(castle, facts_of_the_track_geometry) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = t_game(rs, 2);
    const mp_fact *f = find_fact(g, MP_FACT_TRACK, "track", -1, -1, -1);
    cr_assert(f && f->value == 100, "a track of 100 spaces");
    cr_assert_eq(count_facts(g, MP_FACT_MARKED, "tower", -1), 14);
    f = find_fact(g, MP_FACT_MARKED, "tower", -1, 12, -1);
    cr_assert(f && f->arg == 13, "a tower on 12/13");
    cr_assert(find_fact(g, MP_FACT_MARKED, "tower", -1, 0, 1), "a tower on 0/1, which holds no wall tile");
    cr_assert_null(find_fact(g, MP_FACT_POSITION, "wall-tile", -1, 0, -1));
    t_end(g);
    cr_assert_eq(count_facts(g, MP_FACT_MARKED, "tower", -1), 14, "the towers stay when the tiles are gone");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Each legal castle action is a decision of the module's table, its arguments named: the order's
** "first" names a feature (two different ones here), the end of turn offers "extra-turn" and
** "hold" with wall tile 1. */
Test(castle, decisions_name_their_arguments) {
    mp_ruleset *rs = t_ruleset(DEALT);
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "C24", 2, 0, 0);
    t_deploy(g, "N");
    set_score(g, 0, 29);
    t_place(g, 0, "C58", 2, 1, 0);
    t_deploy(g, "Wn");
    mp_action v[16];
    mp_decision d[2];
    cr_assert_eq(mp_game_legal(g, v, 16), 2);
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(mp_game_decision(g, &v[i], &d[i]), 0);
        cr_assert_str_eq(d[i].module, "castle");
        cr_assert_str_eq(d[i].name, "first");
        cr_assert_eq(d[i].n_args, 1);
        cr_assert_str_eq(d[i].arg_names[0], "feature");
    }
    cr_assert_neq(d[0].args[0], d[1].args[0], "two features");
    mp_game_free(g);

    g = t_game(rs, 2);
    set_score(g, 0, 11);
    t_place(g, 0, "C16", 2, 0, 2);
    t_deploy(g, "N");                      /* 13: wall tile 1 */
    int n = mp_game_legal(g, v, 16);
    cr_assert_eq(n, 2);
    const char *names[2] = { "extra-turn", "hold" };
    for (int i = 0; i < n; i++) {
        cr_assert_eq(mp_game_decision(g, &v[i], &d[0]), 0);
        cr_assert_str_eq(d[0].name, names[i]);
        cr_assert_eq(d[0].n_args, 1);
        cr_assert_str_eq(d[0].arg_names[0], "wall-tile");
        cr_assert_eq(d[0].args[0], 1, "wall tile 1, numbered as in the ruleset");
    }
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ the greedy bot */

/* What the greedy bot (seeded `seed`) of the seat deciding chooses now, in notation. */
static void greedy_choice(const mp_game *g, uint64_t seed, char *text, size_t size) {
    mp_diag d = { 0 };
    mp_bot *b = mp_bot_new("greedy", seed, mp_game_current_player(g), &d);
    cr_assert(b, "%s", d.message);
    mp_action a;
    cr_assert_eq(mp_bot_choose(b, g, &a), 0);
    mp_bot_free(b);
    mp_notation_format(g, &a, text, size);
}

/* meeple-bots(7): the greedy bot takes another turn (wall tile 1) whenever it can, and orders
** simultaneous scorings to win the most wall tiles (the path first lands on 32: tile 2), though
** either choice scores the same now. Whatever its seed. */
Test(castle, greedy_takes_another_turn_and_orders_for_wall_tiles) {
    mp_ruleset *rs = t_ruleset(DEALT);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        char text[96];
        mp_game *g = t_game(rs, 2);
        set_score(g, 0, 11);
        t_place(g, 0, "C16", 2, 0, 2);
        t_deploy(g, "N");                  /* 13: wall tile 1 */
        greedy_choice(g, seed, text, sizeof text);
        cr_assert_str_eq(text, "!castle:use-1", "seed %d", (int)seed);
        mp_game_free(g);

        g = t_game(rs, 2);
        t_place(g, 0, "C24", 2, 0, 0);
        t_deploy(g, "N");
        set_score(g, 0, 29);
        t_place(g, 0, "C58", 2, 1, 0);
        t_deploy(g, "Wn");
        greedy_choice(g, seed, text, sizeof text);
        cr_assert_str_eq(text, "!castle:first@2,1,N", "seed %d", (int)seed);
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
}

/* "Exactly 2 players": any other count is refused, saying so. */
Test(castle, two_players_only) {
    mp_ruleset *rs = t_ruleset("castle");
    for (int n = 1; n <= 5; n += 2) {
        mp_diag d = { 0 };
        mp_game_options o = { .n_players = n, .seed = 1, .first_player = 0 };
        cr_assert_null(mp_game_new(rs, &o, &d));
        cr_assert(strstr(d.message, "is for exactly 2"), "%s", d.message);
    }
    mp_ruleset_free(rs);
}

/* A replay names the first player instead of drawing it; what the RNG gives afterwards (the wall
** tiles dealt on the track) must be the same, or a replayed game takes other wall tiles. Thirty
** random games replayed action by action, first player given: the same final scores. */
Test(castle, replay_with_the_first_player_given_is_the_same_game) {
    mp_ruleset *rs = t_ruleset("castle");
    for (uint64_t seed = 1; seed <= 30; seed++) {
        mp_diag d = { 0 };
        mp_game_options o = { .n_players = 2, .seed = seed, .first_player = -1 };
        mp_game *g = mp_game_new(rs, &o, &d), *h = NULL;
        cr_assert(g, "%s", d.message);
        mp_game_start(g, &d);
        o.first_player = mp_game_current_player(g);
        h = mp_game_new(rs, &o, &d);
        cr_assert(h, "%s", d.message);
        mp_game_start(h, &d);
        uint64_t choice = seed;
        mp_action v[1024];
        while (mp_game_phase(g) != MP_PHASE_OVER) {
            int n = mp_game_legal(g, v, 1024);
            cr_assert(n > 0);
            choice = choice * 6364136223846793005ULL + 1442695040888963407ULL;
            mp_action a = v[(choice >> 33) % (uint64_t)n];
            char text[96];
            mp_notation_format(g, &a, text, sizeof text);
            cr_assert_eq(mp_game_apply(g, &a, &d), 0, "%s", d.message);
            mp_action b;
            cr_assert_eq(mp_notation_parse(h, text, &b, NULL, &d), 0, "seed %llu: '%s': %s", (unsigned long long)seed, text, d.message);
            cr_assert_eq(mp_game_apply(h, &b, &d), 0, "seed %llu: '%s': %s", (unsigned long long)seed, text, d.message);
        }
        for (int p = 0; p < 2; p++) cr_assert_eq(mp_game_score(h, p), mp_game_score(g, p), "seed %llu", (unsigned long long)seed);
        mp_game_free(g);
        mp_game_free(h);
    }
    mp_ruleset_free(rs);
}
