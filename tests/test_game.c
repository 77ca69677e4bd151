/*
** test_game.c: a game from mp_game_new to mp_game_start. Built, it is in MP_PHASE_SETUP: nothing
** drawn, nothing legal, every action and position-building call refused, its state consistent and
** copyable; started, it is the game its seed always gave.
*/
#include <string.h>

#include "helpers.h"

static mp_ruleset *load(const char *path) {
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(path, NULL, &d);
    cr_assert(rs, "%s: %s", path, d.message);
    return rs;
}

static mp_game *built(const mp_ruleset *rs, int players, uint64_t seed, int first) {
    mp_diag d = { 0 };
    mp_game_options o = { .n_players = players, .seed = seed, .first_player = first };
    mp_game *g = mp_game_new(rs, &o, &d);
    cr_assert(g, "new game: %s", d.message);
    return g;
}

static void start(mp_game *g) {
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_start(g, &d), 0, "start: %s", d.message);
    cr_assert_neq(mp_game_phase(g), MP_PHASE_SETUP, "started");
}

static uint64_t fnv(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ULL; }

/* Plays g (started) to the end with actions picked by a generator seeded by seed; returns a hash
** of the first player and tile, every action, who decides after it and with what tile, the final
** scores and every tile that left the bag (discarded or not). */
static uint64_t fingerprint(mp_game *g, uint64_t seed) {
    uint64_t h = 1469598103934665603ULL, pick = seed ^ 0x9e3779b97f4a7c15ULL;
    h = fnv(h, (uint64_t)mp_game_current_player(g));
    h = fnv(h, (uint64_t)(uint32_t)mp_game_drawn_tile(g));
    mp_action v[1024];
    mp_diag d = { 0 };
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        int n = mp_game_legal(g, v, 1024);
        cr_assert(n > 0 && n <= 1024, "%d legal actions", n);
        pick = pick * 6364136223846793005ULL + 1442695040888963407ULL;
        const mp_action *a = &v[(pick >> 33) % (uint64_t)n];
        h = fnv(h, (uint64_t)a->kind << 56 ^ (uint64_t)a->rot << 48 ^ (uint64_t)a->feature << 40 ^ (uint64_t)a->module << 32 ^
                   (uint64_t)(uint16_t)a->tile << 16 ^ (uint64_t)(uint16_t)a->x);
        h = fnv(h, (uint64_t)(uint16_t)a->y << 32 ^ (uint32_t)a->code);
        h = fnv(h, (uint64_t)(uint32_t)a->arg[0] << 32 ^ (uint32_t)a->arg[1]);
        cr_assert_eq(mp_game_apply(g, a, &d), 0, "legal action refused: %s", d.message);
        h = fnv(h, (uint64_t)mp_game_current_player(g) << 32 ^ (uint32_t)mp_game_drawn_tile(g));
    }
    for (int p = 0; p < mp_game_n_players(g); p++) h = fnv(h, (uint64_t)(uint32_t)mp_game_score(g, p));
    for (int i = 0; i < mp_game_n_drawn(g); i++) {
        int discarded = 0, t = mp_game_drawn_at(g, i, &discarded);
        h = fnv(h, (uint64_t)t << 1 | (uint64_t)discarded);
    }
    return h;
}

/* What a game built and not started answers, and refuses. */
static void check_setup(mp_game *g) {
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_phase(g), MP_PHASE_SETUP);
    cr_assert_eq(mp_game_module_phase(g), -1);
    mp_action v[8];
    memset(v, 0xee, sizeof v);
    cr_assert_eq(mp_game_legal(g, NULL, 0), 0, "nothing legal before the start");
    cr_assert_eq(mp_game_legal(g, v, 8), 0);
    cr_assert_eq(v[0].kind, 0xee, "nothing written");
    cr_assert_eq(mp_game_drawn_tile(g), -1, "no tile drawn");
    int hand[8];
    for (int p = 0; p < mp_game_n_players(g); p++) cr_assert_eq(mp_game_hand(g, p, hand, 8), 0, "seat %d holds nothing", p);
    cr_assert_eq(mp_game_turn(g), 0);
    cr_assert_eq(mp_game_n_drawn(g), 0);
    cr_assert_eq(mp_game_discarded(g), 0);
    cr_assert_eq(mp_game_check(g, &d), 0, "check: %s", d.message);

    const char *not_started = "the game has not started; expected mp_game_start before any action";
    const mp_action tries[] = {
        { .kind = MP_ACT_PLACE, .tile = 0, .x = 0, .y = -1 },
        { .kind = MP_ACT_DEPLOY },
        { .kind = MP_ACT_PASS },
        { .kind = MP_ACT_MODULE, .module = 0 },
    };
    for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++) {
        d = (mp_diag){ 0 };
        cr_assert_neq(mp_game_apply(g, &tries[i], &d), 0, "action kind %d refused", tries[i].kind);
        cr_assert_str_eq(d.message, not_started);
    }
    const char *ids[1] = { mp_tileset_tile_id(mp_ruleset_tiles(mp_game_ruleset(g)), 0) };
    d = (mp_diag){ 0 };
    cr_assert_neq(mp_game_set_draws(g, ids, 1, &d), 0);
    cr_assert_str_eq(d.message, "draws can be set only once the game has started; expected mp_game_start first");
    cr_assert_neq(mp_game_set_player(g, 0, &d), 0);
    cr_assert(strstr(d.message, "expected mp_game_start first"), "%s", d.message);
    cr_assert_neq(mp_game_set_score(g, 0, 5, &d), 0);
    cr_assert(strstr(d.message, "expected mp_game_start first"), "%s", d.message);
    cr_assert_neq(mp_game_end_now(g, &d), 0);
    cr_assert(strstr(d.message, "expected mp_game_start first"), "%s", d.message);
    cr_assert_eq(mp_game_score(g, 0), 0, "nothing refused changed the game");
    cr_assert_eq(mp_game_phase(g), MP_PHASE_SETUP);
}

/* Every kind of ruleset (kernel only, a hand, each module): built, the game waits in SETUP and
** says who will move first; a clone and a copy of it are in SETUP too; started (each of them),
** it plays the same game; started twice, it refuses. */
Test(game, built_then_started) {
    static const struct { const char *path; int players; } cases[] = {
        { TEST_SRCDIR "/rulesets/c3.yaml", 2 },           { TEST_SRCDIR "/rulesets/castle.yaml", 2 },
        { TEST_SRCDIR "/rulesets/bcb.yaml", 3 },          { TEST_SRCDIR "/tests/rulesets/hand3.yaml", 2 },
        { TEST_SRCDIR "/tests/rulesets/bazaars.yaml", 3 }, { TEST_SRCDIR "/tests/rulesets/bridges.yaml", 2 },
        { TEST_SRCDIR "/tests/rulesets/castles.yaml", 4 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mp_ruleset *rs = load(cases[i].path);
        for (int first = -1; first < 2; first++) {
            uint64_t seed = 77 + i;
            mp_game *g = built(rs, cases[i].players, seed, first);
            check_setup(g);
            int who = mp_game_current_player(g);
            if (first >= 0) cr_assert_eq(who, first, "the seat named moves first");

            mp_game *c = mp_game_clone(g);
            check_setup(c);
            mp_game *w = mp_game_clone(g);   /* started and played a little, then made a copy of g */
            start(w);
            mp_action a;
            mp_diag d = { 0 };
            for (int k = 0; k < 5 && mp_game_legal(w, &a, 1) > 0; k++) cr_assert_eq(mp_game_apply(w, &a, &d), 0, "%s", d.message);
            cr_assert_eq(mp_game_copy(w, g), 0);
            check_setup(w);

            start(g);
            cr_assert_eq(mp_game_current_player(g), who, "%s: the seat said to move first does (first %d)", cases[i].path, first);
            cr_assert_geq(mp_game_drawn_tile(g), 0, "a tile is drawn");
            cr_assert_gt(mp_game_legal(g, NULL, 0), 0, "a decision waits");
            d = (mp_diag){ 0 };
            cr_assert_neq(mp_game_start(g, &d), 0);
            cr_assert_str_eq(d.message, "the game has started already; expected a game just built by mp_game_new");
            start(c);
            start(w);
            uint64_t want = fingerprint(g, seed);
            cr_assert_eq(fingerprint(c, seed), want, "%s: the clone started plays the same game", cases[i].path);
            cr_assert_eq(fingerprint(w, seed), want, "%s: the copy started plays the same game", cases[i].path);
            mp_game_free(g);
            mp_game_free(c);
            mp_game_free(w);
        }
        mp_ruleset_free(rs);
    }
}

/* Started, a game is the one mp_game_new alone gave when it ran the first turn itself: the same
** first player, tiles, discards, legal actions and scores. These fingerprints were taken from
** that version, on rulesets with no module (a module's rules may change; the kernel's turn, its
** draw and its house rules for unplaceable tiles and holes should not). */
Test(game, started_games_are_the_games_of_their_seeds) {
    static const struct { const char *path; int players; uint64_t seed, want; } cases[] = {
        { TEST_SRCDIR "/rulesets/c3.yaml", 2, 1000, 0x695f4499899dd32aULL },
        { TEST_SRCDIR "/rulesets/c3.yaml", 2, 2000, 0x3933f41c7b7ec365ULL },
        { TEST_SRCDIR "/rulesets/c1.yaml", 5, 1001, 0x2fb8461f463f8517ULL },
        { TEST_SRCDIR "/tests/rulesets/table-return.yaml", 3, 1004, 0xdbc343734e33e04bULL },
        { TEST_SRCDIR "/tests/rulesets/table-return.yaml", 3, 2004, 0x9a9fbac1e36dd369ULL },
        { TEST_SRCDIR "/tests/rulesets/hand3.yaml", 2, 1005, 0x2b6655e979640ad7ULL },
        { TEST_SRCDIR "/tests/rulesets/hole.yaml", 2, 1009, 0x3ac2622aafb5ae76ULL },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mp_ruleset *rs = load(cases[i].path);
        mp_game *g = built(rs, cases[i].players, cases[i].seed, -1);
        start(g);
        /* The seeds of the gold run: 1 for the first of each file, 2 for the second. */
        uint64_t got = fingerprint(g, cases[i].seed / 1000);
        cr_assert_eq(got, cases[i].want, "%s seed %llu: fingerprint %#llx", cases[i].path,
                     (unsigned long long)cases[i].seed, (unsigned long long)got);
        mp_game_free(g);
        mp_ruleset_free(rs);
    }
}
