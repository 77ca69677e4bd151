/*
** test_ruleset.c: the shipped rulesets resolve their `extends:` chains into the rules the
** digest gives each edition.
*/
#include <string.h>

#include "helpers.h"

/* Every shipped ruleset loads and starts a game for its whole player range. */
Test(ruleset, shipped_rulesets_load) {
    static const char *const names[] = { "c1-2000", "c1-2001", "c1", "c3", "c3-nofarmers" };
    for (int i = 0; i < 5; i++) {
        mp_ruleset *rs = t_ruleset(names[i]);
        cr_assert_str_eq(mp_ruleset_name(rs), names[i]);
        cr_assert_eq(mp_ruleset_min_players(rs), 2);
        cr_assert_eq(mp_ruleset_max_players(rs), 5);
        cr_assert_eq(mp_tileset_total(mp_ruleset_tiles(rs)), 72);
        for (int n = 2; n <= 5; n++) mp_game_free(t_game(rs, n));
        mp_ruleset_free(rs);
    }
}

/* A player count outside the range is refused with a message. */
Test(ruleset, player_count_refused) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_diag d = { 0 };
    mp_game_options o = { .n_players = 6, .seed = 1, .first_player = -1 };
    cr_assert_null(mp_game_new(rs, &o, &d));
    cr_assert_str_eq(d.message, "6 players; ruleset 'c3' expects 2 to 5");
    mp_ruleset_free(rs);
}

/* A ruleset that is not there names itself. */
Test(ruleset, unknown_name) {
    const char *e = t_ruleset_error("c9");
    cr_assert(strstr(e, "no ruleset 'c9' found"), "%s", e);
}
