/*
** test_props.c: properties of seeded random games, for every shipped ruleset.
**
** 1,000 games per ruleset with uniformly random choices among the legal actions. After every
** action mp_game_check recomputes the board from scratch: every placed tile matches all its
** neighbours, every feature's totals are right, and every player's supply plus followers on the
** board is the follower count. Every game ends with each tile of the bag placed or discarded,
** and the same seed plays the same game, whether it keeps its scoring log or not; the log's
** events add up to every player's score and points per category.
*/
#include <string.h>

#include "helpers.h"

enum { GAMES = 1000 };
/* Module actions taken in the games of one props_n run, by module index: each module of a
** ruleset must have been used, or its part of the test proves nothing. */
static long module_actions[8];
/* Hash of every action and final score of the random game with seed 42 under c3, two players. */
#define SIGNATURE_C3_SEED_42 0x3b466c2f350af842ULL

static uint64_t mix(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The scoring log explains every point: its events add up to each player's points in each
** category, and every feature's event names its tiles. */
static void check_log(const mp_game *g, uint64_t seed) {
    int sum[MP_MAX_PLAYERS][64] = { { 0 } };
    for (int i = 0; i < mp_game_n_events(g); i++) {
        mp_score_event e;
        cr_assert_eq(mp_game_event(g, i, &e), 0);
        /* A feature scored for 0 points is an event (an empty court); points for no feature are not 0. */
        cr_assert(e.players && (e.points || e.n_tiles > 0), "seed %llu: event %d pays nothing", (unsigned long long)seed, i);
        cr_assert(e.category >= 0 && e.category < 64);
        if (e.why != MP_WHY_MODULE) cr_assert(e.n_tiles > 0 && e.cells, "seed %llu: event %d has no tiles", (unsigned long long)seed, i);
        for (int p = 0; p < mp_game_n_players(g); p++)
            if (e.players & (1u << p)) sum[p][e.category] += e.points;
    }
    cr_assert_eq(mp_game_event(g, mp_game_n_events(g), &(mp_score_event){ 0 }), -1, "no event past the last");
    for (int p = 0; p < mp_game_n_players(g); p++)
        for (int c = 0; c < mp_game_n_categories(g); c++)
            cr_assert_eq(sum[p][c], mp_game_points(g, p, c), "seed %llu: the log gives seat %d %d %s points, the score %d",
                         (unsigned long long)seed, p, sum[p][c], mp_game_category_name(g, c), mp_game_points(g, p, c));
}

/* Plays one game; returns a hash of every action taken and the final scores. */
static uint64_t play(const mp_ruleset *rs, int n_players, uint64_t seed, bool check_each) {
    mp_diag d = { 0 };
    mp_game_options o = { .n_players = n_players, .seed = seed, .first_player = -1, .log_events = check_each };
    mp_game *g = mp_game_new(rs, &o, &d);
    cr_assert(g, "%s", d.message);
    mp_game_start(g, &d);
    uint64_t choice = seed ^ 0x5eed, hash = 1469598103934665603ULL;
    mp_action legal[512];
    int steps = 0;
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        int n = mp_game_legal(g, legal, 512);
        cr_assert(n > 0 && n <= 512, "seed %llu: %d legal actions", (unsigned long long)seed, n);
        mp_action a = legal[mix(&choice) % (uint64_t)n];
        if (a.kind == MP_ACT_MODULE && a.module < 8) module_actions[a.module]++;
        hash = (hash ^ ((uint64_t)a.kind << 48 ^ (uint64_t)(uint16_t)a.x << 32 ^ (uint64_t)(uint16_t)a.y << 16 ^
                        (uint64_t)a.rot << 8 ^ a.feature)) * 1099511628211ULL;
        cr_assert(mp_game_apply(g, &a, &d) == 0, "seed %llu: legal action refused: %s", (unsigned long long)seed, d.message);
        if (check_each) cr_assert(mp_game_check(g, &d) == 0, "seed %llu step %d: %s", (unsigned long long)seed, steps, d.message);
        for (int p = 0; p < n_players; p++)
            cr_assert_eq(mp_game_supply(g, p) + mp_game_on_board(g, p), 7, "followers conserved");
        cr_assert(++steps < 10000, "game does not end");
    }
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    int bag = mp_tileset_total(ts);   /* every copy, but the start tile's (The Castle has none) */
    for (int t = 0; t < mp_tileset_n_tiles(ts); t++) bag -= mp_tileset_tile_is_start(ts, t);
    cr_assert_eq(mp_game_turn(g) + mp_game_discarded(g), bag, "seed %llu: %d placed + %d discarded, expected %d",
                 (unsigned long long)seed, mp_game_turn(g), mp_game_discarded(g), bag);
    cr_assert_eq(mp_game_tiles_left(g), 0);
    for (int p = 0; p < n_players; p++) {
        cr_assert_eq(mp_game_on_board(g, p), 0, "all followers home after final scoring");
        hash = (hash ^ (uint64_t)(uint32_t)mp_game_score(g, p)) * 1099511628211ULL;
        int sum = 0;
        for (int c = 0; c < mp_game_n_categories(g); c++) sum += mp_game_points(g, p, c);
        cr_assert_eq(sum, mp_game_score(g, p), "categories add up to the score");
    }
    if (check_each) check_log(g, seed);
    mp_game_free(g);
    return hash;
}

static void props_n(const char *name, uint64_t games) {
    mp_ruleset *rs = t_ruleset(name);
    memset(module_actions, 0, sizeof module_actions);
    for (uint64_t seed = 1; seed <= games; seed++) {
        int n = 2 + (int)(seed % 4);   /* 2 to 5 players */
        uint64_t h = play(rs, n, seed, true);
        if (seed % 100 == 0) cr_assert_eq(play(rs, n, seed, false), h, "seed %llu: same seed, same game", (unsigned long long)seed);
    }
    for (int i = 0; i < mp_ruleset_n_modules(rs); i++)
        cr_assert(module_actions[i] > 0, "%s: module %d never acted in %llu games", name, i, (unsigned long long)games);
    mp_ruleset_free(rs);
}

static void props(const char *name) { props_n(name, GAMES); }

Test(props, c1_2000, .timeout = 600) { props("c1-2000"); }
Test(props, c1_2001, .timeout = 600) { props("c1-2001"); }
Test(props, c1, .timeout = 600) { props("c1"); }
Test(props, c3, .timeout = 600) { props("c3"); }
Test(props, c3_nofarmers, .timeout = 600) { props("c3-nofarmers"); }
/* The castles module (its decisions taken at random too; tokens conserved by its check hook). */
Test(props, castles_module, .timeout = 600) { props_n(TEST_SRCDIR "/tests/rulesets/castles.yaml", 300); }
/* The bazaars module: auctions at random; tiles turned up and placed by others still account for
** every tile of the bag (placed or discarded). */
Test(props, bazaars_module, .timeout = 600) { props_n(TEST_SRCDIR "/tests/rulesets/bazaars.yaml", 300); }

/* Bridges, Castles and Bazaars, three rulings: bridges (their supply and the tiles carrying them)
** and castle tokens conserved by the modules' check hooks after every action. */
Test(props, bcb, .timeout = 600) { props("bcb"); }
Test(props, bcb_rgg, .timeout = 600) { props("bcb-rgg"); }
Test(props, bcb_zmg, .timeout = 600) { props("bcb-zmg"); }

/* Carcassonne: The Castle, two players only (props_n plays 2 to 5: this plays 2). */
static void props_two(const char *name) {
    mp_ruleset *rs = t_ruleset(name);
    memset(module_actions, 0, sizeof module_actions);
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        uint64_t h = play(rs, 2, seed, true);
        if (seed % 100 == 0) cr_assert_eq(play(rs, 2, seed, false), h, "seed %llu: same seed, same game", (unsigned long long)seed);
    }
    cr_assert(module_actions[0] > 0, "%s: the castle module never asked for a decision", name);
    mp_ruleset_free(rs);
}
Test(props, castle, .timeout = 600) { props_two("castle"); }
Test(props, castle_hig, .timeout = 600) { props_two("castle-hig"); }

/* The draw order and so the whole game depend only on the seed: a fixed signature guards it
** across machines (update only when a change of the rules or of the RNG is intended). */
Test(props, seeded_game_is_stable) {
    mp_ruleset *rs = t_ruleset("c3");
    uint64_t a = play(rs, 2, 42, false), b = play(rs, 2, 42, false);
    cr_assert_eq(a, b);
    cr_assert_eq(a, SIGNATURE_C3_SEED_42, "signature %#llx", (unsigned long long)a);
    cr_assert_neq(play(rs, 2, 43, false), a, "another seed, another game");
    mp_ruleset_free(rs);
}
