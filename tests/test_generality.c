/*
** test_generality.c: the kernel serves The Castle's kind of game from data alone.
**
** tests/rulesets/mini-castle.yaml: a bounded board with a start space in its wall, kinds path,
** house and tower, `match: [path]` (different kinds may meet, which closes both), `ties: none`,
** a fountain doubling a path. Rules: The Castle's turn, connected features and completion, and
** scoring (meeple-ruleset(5), the castle module). (Not the real tiles: those come with the Castle module.)
**
**        x=0    1      2
**  y=-1  wall   S1     wall       S1: start space, path on its south side
**  y= 0  .      PHT    HH
**  y= 1  .      PHT    HH         PHT: path N-S (fountain), house west, tower east
*/
#include <string.h>

#include "helpers.h"

static mp_ruleset *mini(void) {
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(TEST_SRCDIR "/tests/rulesets/mini-castle.yaml", NULL, &d);
    cr_assert(rs, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    return rs;
}

/* The first tile goes against the start space, continuing its path; a tile that cannot (no
** path on any side) fits nowhere and is discarded, as the base game discards it. */
Test(generality, first_tile_against_a_start_space) {
    mp_ruleset *rs = mini();
    mp_game *g = t_game(rs, 2);
    mp_diag d = { 0 };
    int gone = mp_game_discarded(g);
    const char *ids[2] = { "HH", "PHT" };
    cr_assert_eq(mp_game_set_draws(g, ids, 2, &d), 0, "%s", d.message);
    cr_assert_eq(mp_game_discarded(g), gone + 1, "HH fits nowhere");
    cr_assert_str_eq(mp_tileset_tile_id(mp_ruleset_tiles(rs), mp_game_drawn_tile(g)), "PHT");
    mp_action v[16];
    int n = mp_game_legal(g, v, 16);
    cr_assert_eq(n, 2, "below the start space, path north-south, house west or east");
    for (int i = 0; i < n; i++) cr_assert(v[i].x == 1 && v[i].y == 0 && v[i].rot % 2 == 0);
    mp_action a = { .kind = MP_ACT_PLACE, .tile = (int16_t)mp_game_drawn_tile(g), .x = 0, .y = 0 };
    cr_assert_neq(mp_game_apply(g, &a, &d), 0);
    cr_assert(strstr(d.message, "touches no tile"), "%s", d.message);
    a.x = 1; a.y = 2;
    cr_assert_neq(mp_game_apply(g, &a, &d), 0);
    cr_assert(strstr(d.message, "not on the board"), "%s", d.message);
    a.y = 0; a.rot = 1;
    cr_assert_neq(mp_game_apply(g, &a, &d), 0);
    cr_assert(strstr(d.message, "nothing meets path"), "%s", d.message);
    a.rot = 0;
    cr_assert_eq(mp_game_apply(g, &a, &d), 0, "%s", d.message);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Only paths must match: a house may meet a tower (and each is closed there). */
Test(generality, house_meets_tower_and_both_close) {
    mp_ruleset *rs = mini();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "PHT", 1, 0, 0);
    t_deploy(g, "En");                  /* knight on the tower */
    t_place(g, 1, "HH", 2, 0, 0);       /* house against the tower: legal */
    t_deploy(g, "Nw");                  /* squire on the house */
    mp_diag d = { 0 };
    const char *tt[1] = { "TT" };
    cr_assert_eq(mp_game_set_draws(g, tt, 1, &d), 0, "%s", d.message);
    mp_action a = { .kind = MP_ACT_PLACE, .tile = (int16_t)mp_game_drawn_tile(g), .x = 1, .y = 1 };
    cr_assert_neq(mp_game_apply(g, &a, &d), 0, "a tower side against a path is refused");
    cr_assert(strstr(d.message, "nothing meets path"), "%s", d.message);
    t_place(g, 0, "PHT", 1, 1, 0);      /* path into the wall: start space, 2 tiles */
    t_pass(g);
    /* The path: start space + 2 tiles = 3, doubled by its fountains (still 2 per tile). */
    int complete = 0, tiles = 0, points = 0;
    cr_assert_eq(mp_game_feature_info(g, 1, 1, mp_game_feature_at(g, 1, 1, "N"), &complete, &tiles, &points), 0);
    cr_assert(complete);
    cr_assert_eq(tiles, 3, "the start space counts as a tile");
    cr_assert_eq(points, 6);
    t_place(g, 1, "HH", 2, 1, 0);       /* closes the tower (wall, house) and the house (wall, tower) */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "tower"), 4, "tower of 2 tiles");
    cr_assert_eq(t_points(g, 1, "house"), 2, "house of 2 tiles");
    cr_assert_eq(mp_game_supply(g, 0), 7);
    cr_assert_eq(mp_game_supply(g, 1), 7);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Ties score nobody (`ties: none`): two heralds of different players on paths that one tile
** joins into a completed path of 5 (start space, 4 tiles): 1-1, nobody scores.
**        x=0    1        2
**  y=-1  wall   S1       wall
**  y= 0  .      PHT 0    PC 1        PC at 2,0: path from the wall (east) to the south
**  y= 1  .      PC(r3)   PC(r2)      the last tile joins the two paths
*/
Test(generality, tie_scores_nobody) {
    mp_ruleset *rs = mini();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "PHT", 1, 0, 0);
    t_deploy(g, "N");                   /* seat 0: herald on the path from the start space */
    t_place(g, 1, "PC", 2, 0, 0);       /* house against tower: legal; path ends at the wall */
    t_deploy(g, "S");                   /* seat 1: herald on that separate path */
    t_place(g, 0, "PC", 1, 1, 3);       /* path north and east */
    t_pass(g);
    t_place(g, 1, "PC", 2, 1, 2);       /* path north and west: the two paths are one, complete */
    t_pass(g);
    int complete = 0, tiles = 0, points = 0;
    cr_assert_eq(mp_game_feature_info(g, 2, 1, mp_game_feature_at(g, 2, 1, "W"), &complete, &tiles, &points), 0);
    cr_assert(complete);
    cr_assert_eq(tiles, 5);
    cr_assert_eq(points, 10, "5 tiles, doubled by the fountain of the tile at 1,0");
    cr_assert_eq(t_points(g, 0, "path") + t_points(g, 1, "path"), 0, "a tie scores nobody");
    cr_assert_eq(mp_game_supply(g, 0), 7, "followers still come home");
    cr_assert_eq(mp_game_supply(g, 1), 7);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* `incomplete: false`: a path left unfinished scores nothing at the end, and the log has no event
** for it (a kind not scored at the end is not scored for 0 either). Mutant
** incomplete-kind-scored-regardless. */
Test(generality, an_unfinished_path_is_not_scored) {
    mp_ruleset *rs = mini();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "PHT", 1, 0, 0);
    t_deploy(g, "N");                   /* a herald on the path from the start space, open south */
    t_end(g);
    cr_assert_eq(t_points(g, 0, "path"), 0);
    t_events(g, "");
    cr_assert_eq(mp_game_supply(g, 0), 7, "the herald comes home");
    mp_game_free(g);
    mp_ruleset_free(rs);
}
