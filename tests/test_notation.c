/*
** test_notation.c: move notation (meeple-notation(7)): every action the engine produces prints
** and parses back to the same action, and bad input is answered with the column where it stops
** making sense and what was expected there.
*/
#include <string.h>

#include "helpers.h"

static bool same_action(const mp_action *a, const mp_action *b) {
    return a->kind == b->kind && a->rot == b->rot && a->feature == b->feature && a->module == b->module &&
           a->tile == b->tile && a->x == b->x && a->y == b->y && a->code == b->code &&
           !memcmp(a->arg, b->arg, sizeof a->arg);
}

/* Random games: each legal action taken is printed, parsed back, compared and applied. */
static void round_trip(const char *ruleset, uint64_t games) {
    mp_ruleset *rs = t_ruleset(ruleset);
    for (uint64_t seed = 1; seed <= games; seed++) {
        mp_diag d = { 0 };
        mp_game_options o = { .n_players = 2 + (int)(seed % 4), .seed = seed, .first_player = -1 };
        mp_game *g = mp_game_new(rs, &o, &d);
        mp_game_start(g, &d);
        uint64_t pick = seed;
        while (mp_game_phase(g) != MP_PHASE_OVER) {
            mp_action v[512], back;
            int n = mp_game_legal(g, v, 512);
            pick = pick * 6364136223846793005ULL + 1442695040888963407ULL;
            mp_action *a = &v[(pick >> 33) % (uint64_t)n];
            char text[128];
            mp_notation_format(g, a, text, sizeof text);
            int used = 0;
            cr_assert_eq(mp_notation_parse(g, text, &back, &used, &d), 0, "seed %llu: '%s': %d: %s",
                         (unsigned long long)seed, text, d.column, d.message);
            cr_assert_eq(used, (int)strlen(text), "'%s' read whole", text);
            cr_assert(same_action(a, &back), "seed %llu: '%s' parsed back differently", (unsigned long long)seed, text);
            cr_assert_eq(mp_game_apply(g, &back, &d), 0, "%s", d.message);
        }
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
}

Test(notation, round_trip_over_random_games, .timeout = 300) { round_trip("c3", 1000); }
/* Module actions too: castle decisions and every step of a bazaar. */
Test(notation, round_trip_with_castles, .timeout = 300) { round_trip(TEST_SRCDIR "/tests/rulesets/castles.yaml", 200); }
Test(notation, round_trip_with_bazaars, .timeout = 300) { round_trip(TEST_SRCDIR "/tests/rulesets/bazaars.yaml", 200); }

static mp_game *after_placing_u(const mp_ruleset *rs) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    return g;
}

static void expect_error(const mp_game *g, const char *text, int column, const char *message) {
    mp_action a;
    mp_diag d = { 0 };
    cr_assert_neq(mp_notation_parse(g, text, &a, NULL, &d), 0, "'%s' parsed", text);
    cr_expect_eq(d.column, column, "'%s': column %d, expected %d (%s)", text, d.column, column, d.message);
    cr_expect_str_eq(d.message, message, "'%s'", text);
}

Test(notation, parses_each_kind_of_action) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    mp_action a;
    mp_diag d = { 0 };
    int used;
    cr_assert_eq(mp_notation_parse(g, "  E@0,-1r2 +N", &a, &used, &d), 0, "%s", d.message);
    cr_assert_eq(a.kind, MP_ACT_PLACE);
    cr_assert_str_eq(mp_tileset_tile_id(mp_ruleset_tiles(rs), a.tile), "E");
    cr_assert_eq(a.x, 0);
    cr_assert_eq(a.y, -1);
    cr_assert_eq(a.rot, 2);
    cr_assert_eq(used, 10);
    cr_assert_eq(mp_notation_parse(g, "V@3,4", &a, &used, &d), 0, "%s", d.message);
    cr_assert_eq(a.rot, 0, "rotation 0 when left out");
    cr_assert_eq(mp_notation_parse(g, "pass", &a, NULL, &d), 0);
    cr_assert_eq(a.kind, MP_ACT_PASS);
    cr_assert_eq(mp_notation_parse(g, "-", &a, NULL, &d), 0);
    cr_assert_eq(a.kind, MP_ACT_PASS);
    mp_game_free(g);
    g = after_placing_u(rs);
    cr_assert_eq(mp_notation_parse(g, "+E", &a, NULL, &d), 0, "%s", d.message);
    cr_assert_eq(a.kind, MP_ACT_DEPLOY);
    cr_assert_eq(a.feature, mp_game_feature_at(g, 1, 0, "E"));
    cr_assert_eq(mp_notation_parse(g, "+road", &a, NULL, &d), 0, "%s", d.message);
    cr_assert_eq(a.feature, mp_game_feature_at(g, 1, 0, "E"), "a kind names its first feature");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

Test(notation, errors_point_at_the_column) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    expect_error(g, "E@1,x", 5, "'x' does not fit here; expected the y coordinate, a whole number");
    expect_error(g, "E@1,2r5", 7, "'5' does not fit here; expected a rotation: 0, 1, 2 or 3");
    expect_error(g, "E@1", 4, "the action ends too soon; expected ',' and the y coordinate");
    expect_error(g, "E", 2, "the action ends too soon; expected '@' and the cell X,Y after the tile id");
    expect_error(g, "E#1,2", 2, "'#1,2' does not fit here; expected '@' and the cell X,Y after the tile id");
    expect_error(g, "", 1, "the action ends too soon; expected an action: TILE@X,Y[rR] to place a tile, "
                           "+WHERE to deploy, '-' to pass, or !MODULE:ARGS");
    expect_error(g, "  Z@1,2", 3, "unknown tile 'Z'; expected a tile id of ruleset 'c3'");
    expect_error(g, "E@99999,0", 3, "x 99999 is out of range; expected -10000 to 10000");
    /* Six digits and more are out of range too, not a syntax error. */
    expect_error(g, "E@123456,0", 3, "x 123456 is out of range; expected -10000 to 10000");
    expect_error(g, "E@0,-1000000r1", 5, "y -1000000 is out of range; expected -10000 to 10000");
    {   /* what counts is the number: leading zeros are no digits too many */
        mp_action a;
        mp_diag d = { 0 };
        cr_assert_eq(mp_notation_parse(g, "E@0,-00000000000000000000001", &a, NULL, &d), 0, "leading zeros: %s", d.message);
        cr_assert_eq(a.y, -1);
    }
    expect_error(g, "E@99999999999999999999999,0", 3, "x 99999999999999999999999 is out of range; expected -10000 to 10000");
    expect_error(g, "E@1,2r1x", 8, "'x' does not fit here; expected the end of the action (a space or the end of the line)");
    expect_error(g, "+N", 2, "no follower can be deployed now (a deployment follows a placement, when the rules "
                             "offer one); expected a placement before '+N'");
    expect_error(g, "!bridge:NS", 1, "unknown module 'bridge'; expected one the ruleset 'c3' uses");
    mp_game_free(g);
    g = after_placing_u(rs);
    expect_error(g, "+Q", 2, "'Q' names no feature of the tile at 1,0; expected one of +E, +Nw, +Es");
    expect_error(g, "+", 2, "the action ends too soon; expected a port (Nw N Ne En E Es Se S Sw Ws W Wn) or a feature kind after '+'");
    mp_game_free(g);
    mp_ruleset_free(rs);
}
