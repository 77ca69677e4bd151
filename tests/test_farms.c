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
