/*
** test_examples_base.c: the worked examples of the base-game rules digest
** (../shared/rules/base-game.md, "Worked examples"), each a position built tile by tile.
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
    mp_game_free(g);
    mp_ruleset_free(rs);
}
