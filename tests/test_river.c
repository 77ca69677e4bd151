/*
** test_river.c: The River (the river module, variants/river/river.c; meeple-ruleset(5), THE
** RIVER): positions built tile by tile with exact lists of legal placements, and random games of
** every reading of the no-U-turn rule checked after every action.
**
** Coordinates: the spring lies at 0,0 and its river leaves east; y grows southward. The curve
** RI-8 turned 1 takes the river in from the west and out northward (a left turn); turned 0 it
** takes it in from the south and out westward (left); turned 3 in from the south, out east (right).
*/
#include <stdio.h>
#include <string.h>

#include "helpers.h"

enum { CAP = 4096 };
static mp_action acts[CAP];

/* The legal actions, in the notation, joined by spaces. */
static const char *legal(const mp_game *g) {
    static char buf[8192];
    int n = mp_game_legal(g, acts, CAP);
    cr_assert(n <= CAP);
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        char s[64];
        mp_notation_format(g, &acts[i], s, sizeof s);
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", i ? " " : "", s);
    }
    return buf;
}

static bool is_river(const mp_game *g, int tile) {
    const char *id = mp_tileset_tile_id(mp_ruleset_tiles(mp_game_ruleset(g)), tile);
    return !strncmp(id, "RI-", 3) || !strcmp(id, "lake") || !strcmp(id, "spring");
}

static int tile_id(const mp_game *g, const char *id) { return mp_tileset_find(mp_ruleset_tiles(mp_game_ruleset(g)), id); }

/* The spring is the start tile, the base game's start tile is in the box (3 D left of 4), and
** the first draw is a river piece. */
Test(river, spring_is_the_start_tile) {
    mp_ruleset *rs = t_ruleset("c3-river");
    mp_game *g = t_game(rs, 2);
    int rot = -1;
    cr_assert_eq(mp_game_tile_at(g, 0, 0, &rot), tile_id(g, "spring"));
    cr_assert_eq(rot, 0);
    cr_assert_eq(mp_game_tile_at(g, 1, 0, NULL), -1);
    cr_assert_eq(mp_game_side_letter(g, 0, 0, 1), 'I', "the river leaves east");
    cr_assert_eq(mp_game_bag_count(g, tile_id(g, "D")) + (mp_game_drawn_tile(g) == tile_id(g, "D")), 3);
    cr_assert_eq(mp_game_tiles_left(g) + 1, 71 + 11, "71 base tiles and 11 river tiles to draw");
    int d = mp_game_drawn_tile(g);
    cr_assert(is_river(g, d) && d != tile_id(g, "lake"), "first draw %s", mp_tileset_tile_id(mp_ruleset_tiles(rs), d));
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A river tile must continue the river: a straight fits by its edges north and south of the
** spring too (field against field), but only the open end at 1,0 is offered, and the same
** tile played elsewhere is refused. */
Test(river, river_continues_river) {
    mp_ruleset *rs = t_ruleset("c3-river");
    mp_game *g = t_game(rs, 2);
    t_draw(g, 0, "RI-5");
    cr_assert_str_eq(legal(g), "RI-5@1,0r0");
    t_refused(g, "RI-5@0,-1r0", "fits the edges, but a river tile must continue the river");
    t_draw(g, 0, "RI-8");
    cr_assert_str_eq(legal(g), "RI-8@1,0r0 RI-8@1,0r1");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Left, then the curve again: the printed rule and JCloisterZone's both offer only the right
** turn (JCloisterZone: the spring lies beside the cell a left turn would flow into); with
** U-turns allowed, both. */
static void second_curve(const char *ruleset, const char *want, const char *refused_why) {
    mp_ruleset *rs = t_ruleset(ruleset);
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "RI-8", 1, 0, 1);
    t_pass(g);
    t_draw(g, 1, "RI-8");
    cr_assert_str_eq(legal(g), want, "%s", ruleset);
    if (refused_why) t_refused(g, "RI-8@1,-1r0", refused_why);   /* the module says which rule */
    mp_game_free(g);
    mp_ruleset_free(rs);
}
Test(river, no_u_turn_printed) {
    second_curve("c3-river", "RI-8@1,-1r3", "fits the edges, but the river may not turn the same way twice in a row");
}
Test(river, no_u_turn_strict) {
    second_curve(TEST_SRCDIR "/tests/rulesets/river-strict.yaml", "RI-8@1,-1r3",
                 "fits the edges, but the river may not turn the same way as its last curve");
}
Test(river, no_u_turn_jcz) {
    second_curve(TEST_SRCDIR "/tests/rulesets/river-jcz.yaml", "RI-8@1,-1r3",
                 "fits the edges, but the river would run into tiles within two cells ahead");
}
Test(river, u_turn_allowed) {
    second_curve(TEST_SRCDIR "/tests/rulesets/river-allowed.yaml", "RI-8@1,-1r0 RI-8@1,-1r3", NULL);
}

/* JCloisterZone's test looks two cells ahead: a land tile two cells north of a left turn's
** outflow (reached round the west side) refuses that turn, though the cells beside both stay
** empty; the right turn is offered. Mutant river-jcz-looks-one-ahead.
**        x=-1    0       1
**  y=-3   B      E       E
**  y=-2   B      .       E1      two cells ahead of a left turn at 1,0
**  y=-1   B      .       .
**  y= 0   B      spring  (RI-8)
*/
Test(river, jcz_looks_two_cells_ahead) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/river-jcz.yaml");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "B", -1, 0, 0); t_pass(g);
    t_place(g, 1, "B", -1, -1, 0); t_pass(g);
    t_place(g, 0, "B", -1, -2, 0); t_pass(g);
    t_place(g, 1, "B", -1, -3, 0); t_pass(g);
    t_place(g, 0, "E", 0, -3, 0); t_pass(g);
    t_place(g, 1, "E", 1, -3, 0); t_pass(g);
    t_place(g, 0, "E", 1, -2, 1); t_pass(g);
    t_draw(g, 1, "RI-8");
    cr_assert_str_eq(legal(g), "RI-8@1,0r0");
    t_refused(g, "RI-8@1,0r1", "the river would run into tiles within two cells ahead");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The river's last turn, as a fact (meeple-ruleset(5), river): 0 before any curve, -1 after a left
** turn, 1 after a right one. Mutant river-left-and-right. */
static int last_turn(const mp_game *g) {
    mp_fact f[8];
    int n = mp_game_facts(g, f, 8);
    for (int i = 0; i < n && i < 8; i++)
        if (!strcmp(f[i].module, "river") && !strcmp(f[i].what, "last-turn")) return f[i].value;
    cr_assert_fail("no last-turn fact");
    return 0;
}

Test(river, the_last_turn_as_a_fact) {
    mp_ruleset *rs = t_ruleset("c3-river");
    mp_game *g = t_game(rs, 2);
    cr_assert_eq(last_turn(g), 0);
    t_place(g, 0, "RI-8", 1, 0, 1);   /* in from the west, out north: left */
    t_pass(g);
    cr_assert_eq(last_turn(g), -1);
    t_place(g, 1, "RI-8", 1, -1, 3);  /* in from the south, out east: right */
    t_pass(g);
    cr_assert_eq(last_turn(g), 1);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Left, straight, left: legal by the printed rule and by JCloisterZone's (room ahead), not by
** the strict reading. The refusal names the rule. */
static void turn_straight_turn(const char *ruleset, const char *want) {
    mp_ruleset *rs = t_ruleset(ruleset);
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "RI-8", 1, 0, 1);
    t_pass(g);
    t_place(g, 1, "RI-5", 1, -1, 1);
    t_pass(g);
    t_draw(g, 0, "RI-8");
    cr_assert_str_eq(legal(g), want, "%s", ruleset);
    mp_game_free(g);
    mp_ruleset_free(rs);
}
Test(river, turn_straight_turn_printed) { turn_straight_turn("c3-river", "RI-8@1,-2r0 RI-8@1,-2r3"); }
Test(river, turn_straight_turn_jcz) { turn_straight_turn(TEST_SRCDIR "/tests/rulesets/river-jcz.yaml", "RI-8@1,-2r0 RI-8@1,-2r3"); }
Test(river, turn_straight_turn_strict) {
    turn_straight_turn(TEST_SRCDIR "/tests/rulesets/river-strict.yaml", "RI-8@1,-2r3");
}

/* A river tile that cannot continue the river is discarded and the next river tile drawn. Printed
** rule: after a left turn the curve may only turn right, and a tile east of the open end blocks
** that. JCloisterZone: a straight whose outflow has a tile beside it; the printed rule places it. */
Test(river, unplaceable_river_tile_printed) {
    mp_ruleset *rs = t_ruleset("c3-river");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "RI-8", 1, 0, 1);
    t_pass(g);
    t_place(g, 1, "B", 2, 0, 0);
    t_pass(g);
    t_place(g, 0, "B", 2, -1, 0);
    t_pass(g);
    int before = mp_game_discarded(g);
    t_draw(g, 1, "RI-8");
    cr_assert_geq(mp_game_discarded(g), before + 1, "the curve is discarded");
    int d = mp_game_drawn_tile(g);
    cr_assert(is_river(g, d) && d != tile_id(g, "RI-8"), "then a river tile is drawn: %s",
              mp_tileset_tile_id(mp_ruleset_tiles(rs), d));
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The last B is drawn with RI-5 set to come next: the draw after B's placement meets it. */
static int blocked_straight(const char *ruleset) {
    mp_ruleset *rs = t_ruleset(ruleset);
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "RI-5", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "B", 1, 1, 0);
    t_pass(g);
    t_place(g, 0, "B", 2, 1, 0);
    t_pass(g);
    mp_diag d = { 0 };
    const char *ids[2] = { "B", "RI-5" };
    cr_assert_eq(mp_game_set_player(g, 1, &d), 0);
    cr_assert_eq(mp_game_set_draws(g, ids, 2, &d), 0, "%s", d.message);
    int from = mp_game_n_drawn(g) + 1;   /* after B's */
    t_act(g, "B@3,1r0");
    t_pass(g);
    bool discarded = false;
    for (int i = from, gone; i < mp_game_n_drawn(g); i++)
        discarded |= mp_game_drawn_at(g, i, &gone) == tile_id(g, "RI-5") && gone;
    if (!discarded) cr_assert_str_eq(legal(g), "RI-5@2,0r0");
    mp_game_free(g);
    mp_ruleset_free(rs);
    return discarded;
}
Test(river, unplaceable_river_tile_jcz) {
    cr_assert_eq(blocked_straight(TEST_SRCDIR "/tests/rulesets/river-jcz.yaml"), 1);
    cr_assert_eq(blocked_straight("c3-river"), 0);
}

/* Scores: a city closed on a river tile scores as usual, the river never; the river separates the
** fields of its banks. */
Test(river, scores) {
    mp_ruleset *rs = t_ruleset("c3-river");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "RI-2", 1, 0, 0);
    t_deploy(g, "N");
    t_place(g, 1, "E", 1, -1, 2);
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "city"), 4);
    cr_assert_neq(mp_game_feature_id(g, 1, 0, mp_game_feature_at(g, 1, 0, "Es")),
                  mp_game_feature_id(g, 1, 0, mp_game_feature_at(g, 1, 0, "Sw")), "the road divides the south bank");
    t_place(g, 0, "RI-5", 2, 0, 0);
    t_pass(g);
    cr_assert_neq(mp_game_feature_id(g, 2, 0, mp_game_feature_at(g, 2, 0, "Nw")),
                  mp_game_feature_id(g, 2, 0, mp_game_feature_at(g, 2, 0, "Sw")), "the banks are two fields");
    t_end(g);
    cr_assert_eq(t_points(g, 0, "river") + t_points(g, 1, "river"), 0);
    cr_assert_eq(mp_game_score(g, 0), 4);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Random games, mp_game_check after every action (the module's check follows the river from the
** spring: every tile continues it, no U-turn the option forbids, the state's last turns). The
** draws: the 10 river pieces first (placed or discarded), then the lake, then the base tiles. */
static void random_games(const char *ruleset, int games, int *river_discards) {
    mp_ruleset *rs = t_ruleset(ruleset);
    int lake = mp_tileset_find(mp_ruleset_tiles(rs), "lake");
    uint64_t x = 88172645463325252ull;
    for (int seed = 1; seed <= games; seed++) {
        mp_diag d = { 0 };
        mp_game_options o = { .n_players = 2 + seed % 4, .seed = (uint64_t)seed, .first_player = -1 };
        mp_game *g = mp_game_new(rs, &o, &d);
        cr_assert(g, "%s", d.message);
        cr_assert_eq(mp_game_start(g, &d), 0, "%s", d.message);
        for (int steps = 0; mp_game_phase(g) != MP_PHASE_OVER; steps++) {
            int n = mp_game_legal(g, acts, CAP);
            cr_assert(n > 0 && n <= CAP && steps < 1000);
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            cr_assert_eq(mp_game_apply(g, &acts[x % (uint64_t)n], &d), 0, "seed %d: %s", seed, d.message);
            cr_assert_eq(mp_game_check(g, &d), 0, "%s seed %d step %d: %s", ruleset, seed, steps, d.message);
        }
        cr_assert_eq(mp_game_n_drawn(g), 82);
        for (int i = 0; i < 82; i++) {
            int gone, t = mp_game_drawn_at(g, i, &gone);
            cr_assert_eq(is_river(g, t), i < 11, "seed %d draw %d", seed, i);
            cr_assert_eq(t == lake, i == 10, "seed %d: the lake is the last river tile (draw %d)", seed, i);
            *river_discards += gone && i < 11;
        }
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
}

Test(river, random_games_printed, .timeout = 600) {
    int discards = 0;
    random_games("c3-river", 1500, &discards);
    random_games(TEST_SRCDIR "/tests/rulesets/river-strict.yaml", 300, &discards);
}

Test(river, random_games_jcz, .timeout = 600) {
    int discards = 0;
    random_games(TEST_SRCDIR "/tests/rulesets/river-jcz.yaml", 1000, &discards);
    cr_assert_gt(discards, 0, "JCloisterZone's rule discards a river tile now and then");
}
