/*
** test_event_share.c: a scoring event's points shared out among its tiles by the formula of the
** feature's kind (tools/sim/event-share.c, meeple-balance(1), HOW A COPY IS VALUED), and the
** kind's formula as the public API gives it (mp_ruleset_kind_points).
*/
#include <math.h>
#include <string.h>

#include "event-share.h"
#include "helpers.h"

static int kind_of(const mp_ruleset *rs, const char *name) {
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    for (int k = 0; k < mp_tileset_n_kinds(ts); k++)
        if (!strcmp(mp_tileset_kind_name(ts, k), name)) return k;
    cr_assert_fail("no kind '%s'", name);
    return -1;
}

static int pennant(const mp_ruleset *rs) {
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    for (int i = 0; i < mp_tileset_n_icons(ts); i++)
        if (!strcmp(mp_tileset_icon_name(ts, i), "pennant")) return i;
    cr_assert_fail("no icon 'pennant'");
    return -1;
}

/* c3's formulas (rulesets/c3.yaml): a completed city 2 a tile and 2 a pennant, an incomplete one
** 1 and 1; a road 1 a tile either way; a bad kind or no place to write: -1. */
Test(event_share, kind_points_of_c3) {
    mp_ruleset *rs = t_ruleset("c3");
    int city = kind_of(rs, "city"), road = kind_of(rs, "road"), pen = pennant(rs);
    mp_kind_points p;
    cr_assert_eq(mp_ruleset_kind_points(rs, city, 1, &p), 0);
    cr_assert(p.fixed == 0 && p.per_tile == 2 && p.per_icon[pen] == 2 && p.multiply_icon == -1 && p.multiply_by == 1,
              "complete city: fixed %d per_tile %d pennant %d multiply %d by %d", p.fixed, p.per_tile, p.per_icon[pen],
              p.multiply_icon, p.multiply_by);
    cr_assert_eq(mp_ruleset_kind_points(rs, city, 0, &p), 0);
    cr_assert(p.per_tile == 1 && p.per_icon[pen] == 1, "incomplete city: per_tile %d pennant %d", p.per_tile, p.per_icon[pen]);
    cr_assert_eq(mp_ruleset_kind_points(rs, road, 1, &p), 0);
    cr_assert(p.per_tile == 1 && p.per_icon[pen] == 0);
    cr_assert_eq(mp_ruleset_kind_points(rs, -1, 1, &p), -1);
    cr_assert_eq(mp_ruleset_kind_points(rs, mp_tileset_n_kinds(mp_ruleset_tiles(rs)), 1, &p), -1);
    cr_assert_eq(mp_ruleset_kind_points(rs, city, 1, NULL), -1);
    mp_ruleset_free(rs);
}

/* The shares of event i, checked against want (n numbers) and against the event's total. */
static void assert_shares(const mp_game *g, int i, const char *what, const double *want, int n) {
    mp_score_event e;
    cr_assert_eq(mp_game_event(g, i, &e), 0, "%s: no event %d", what, i);
    cr_assert_eq(e.n_tiles, n, "%s: %d tiles", what, e.n_tiles);
    double share[16], sum = 0;
    event_share(g, &e, share);
    for (int c = 0; c < n; c++) {
        cr_assert(fabs(share[c] - want[c]) < 1e-9, "%s: tile %d at %d,%d gets %g, expected %g", what, c, e.cells[2 * c],
                  e.cells[2 * c + 1], share[c], want[c]);
        sum += share[c];
    }
    cr_assert(fabs(sum - (double)e.points * __builtin_popcount(e.players)) < 1e-9, "%s: the shares add up to %g", what, sum);
}

/* The start tile D's city cap (0,0), F's city with a pennant turned north-south above it (0,-1),
** a knight in it, and E's cap (0,-2) closing it: 3 tiles and a pennant, 8 points. By c3's formula
** D and E add 2 each, F 2 and its pennant 2: 2, 4, 2 (the old equal split gave 8/3 each). */
Test(event_share, completed_city_by_its_formula) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "F", 0, -1, 1);
    t_deploy(g, "N");
    t_place(g, 1, "E", 0, -2, 2);
    t_pass(g);
    t_end(g);
    t_events(g, "0:+8 city completed 3");
    assert_shares(g, 0, "the completed city", (const double[]){ 2, 4, 2 }, 3);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The same city left open (no E): at the end it scores 1 a tile and 1 a pennant, 3 points: D
** adds 1, F 2. */
Test(event_share, incomplete_city_by_its_formula) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "F", 0, -1, 1);
    t_deploy(g, "N");
    t_end(g);
    t_events(g, "0:+3 city incomplete 2");
    assert_shares(g, 0, "the open city", (const double[]){ 1, 2 }, 2);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A cloister's block: the cloister's tile and its neighbours each add a tile (the neighbour
** holds no part of the cloister), so the points go equally. B, a cloister, south of D (0,1), a
** monk on it. */
Test(event_share, a_cloister_shares_equally) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "B", 0, 1, 0);
    t_deploy(g, "cloister");
    t_end(g);
    t_events(g, "0:+2 cloister incomplete 2");
    assert_shares(g, 0, "the open cloister", (const double[]){ 1, 1 }, 2);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Whole games between random bots: every event's shares add up to what it gave, and in c3 (no
** module: every point is a feature's or a farm's) all the shares of a game add up to the players'
** scores. */
Test(event_share, shares_add_up_to_the_scores) {
    mp_ruleset *rs = t_ruleset("c3");
    for (uint64_t seed = 1; seed <= 5; seed++) {
        mp_diag d = { 0 };
        mp_game_options o = { .n_players = 3, .seed = seed, .first_player = -1, .log_events = 1 };
        mp_game *g = mp_game_new(rs, &o, &d);
        cr_assert(g && mp_game_start(g, &d) == 0, "%s", d.message);
        mp_bot *bots[3];
        for (int p = 0; p < 3; p++) cr_assert((bots[p] = mp_bot_new("random", seed, p, &d)), "%s", d.message);
        while (mp_game_phase(g) != MP_PHASE_OVER) {
            mp_action a;
            cr_assert_eq(mp_bot_choose(bots[mp_game_current_player(g)], g, &a), 0);
            cr_assert_eq(mp_game_apply(g, &a, &d), 0, "%s", d.message);
        }
        double all = 0;
        long scores = 0;
        for (int i = 0; i < mp_game_n_events(g); i++) {
            mp_score_event e;
            cr_assert_eq(mp_game_event(g, i, &e), 0);
            cr_assert(e.n_tiles > 0, "seed %llu: event %d has no tiles", (unsigned long long)seed, i);
            double share[200], sum = 0;
            cr_assert(e.n_tiles <= 200);
            event_share(g, &e, share);
            for (int c = 0; c < e.n_tiles; c++) sum += share[c];
            cr_assert(fabs(sum - (double)e.points * __builtin_popcount(e.players)) < 1e-6, "seed %llu event %d", (unsigned long long)seed, i);
            all += sum;
        }
        for (int p = 0; p < 3; p++) scores += mp_game_score(g, p);
        cr_assert(fabs(all - (double)scores) < 1e-6, "seed %llu: shares %g, scores %ld", (unsigned long long)seed, all, scores);
        for (int p = 0; p < 3; p++) mp_bot_free(bots[p]);
        mp_game_free(g);
    }
    mp_ruleset_free(rs);
}
