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

/* A relative tile set that is not beside the ruleset is found in the ruleset directories (a ruleset
** written elsewhere adds a shipped one); one found nowhere names where it was looked for. */
Test(ruleset, tile_set_from_the_ruleset_directories) {
    static const char *const dirs[] = { TEST_SRCDIR "/rulesets", NULL };
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(TEST_SRCDIR "/tests/rulesets/shipped-tile-set.yaml", dirs, &d);
    cr_assert_not_null(rs, "%s", d.message);
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    cr_assert_eq(mp_tileset_total(ts), 72);
    bool castle = false;
    for (int k = 0; k < mp_tileset_n_kinds(ts); k++) castle |= !strcmp(mp_tileset_kind_name(ts, k), "castle");
    cr_assert(castle, "the castle kind comes from tiles/castle-kind.yaml");
    mp_game_free(t_game(rs, 2));   /* the castles module finds its kind */
    mp_ruleset_free(rs);
    const char *e = t_ruleset_error(TEST_SRCDIR "/tests/rulesets/missing-tile-set.yaml");
    cr_assert(strstr(e, "missing-tile-set.yaml:4:26: tile set 'tiles/no-such-tiles.yaml' not found (looked for '") &&
              strstr(e, "/tests/rulesets/tiles/no-such-tiles.yaml' and in the ruleset directories); expected a file "
                        "next to the ruleset"), "%s", e);
}
