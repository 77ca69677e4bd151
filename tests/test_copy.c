/*
** test_copy.c: a copied game is the game (mp_game_copy, mp_game_clone: core/state.c).
**
** A copy takes only what a game can read: the header, each array up to its count (the open cells
** as far as either game has them), the modules' states, the grid's rows around the tiles of
** either game (a window of another size whole). What it leaves is stale
** data of whatever game dst was, so the games copied into here are full of other games: one
** reused at every decision and left where its last play ended (as a search leaves its work game),
** one brought back to the end of a game of another seed before each copy, one brought back to a
** game whose grid window is another size (on an unbounded board), and fresh clones. For random
** games of every shipped ruleset, at every decision and at the end: the position is copied, and
** the copy and the same position reached with no copy at all (the game replayed from its start)
** play on with the same random actions to the end, at every third decision after both have been
** dealt anew alike (mp_game_determinize, as a search does: a copy that shared a part with the
** game would change the game, and the next copy). Their legal actions must be the same at every
** step; at the end their scores, points, followers, draws, the bag's order, the board and the
** scoring log; and the copy's state must check clean (mp_game_check) after the copy and at the
** end.
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include "helpers.h"
#include "internal.h"

enum { GAMES = 4, CAP = 1 << 14 };

typedef struct ruleset_param { char path[512]; } ruleset_param;

static mp_action acts_a[CAP], acts_b[CAP];

static uint64_t next(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static mp_game *new_game(const mp_ruleset *rs, int players, uint64_t seed, int log_events) {
    mp_diag d = { 0 };
    mp_game_options o = { .n_players = players, .seed = seed, .first_player = -1, .log_events = log_events };
    mp_game *g = mp_game_new(rs, &o, &d);
    cr_assert(g, "new game: %s", d.message);
    mp_game_start(g, &d);
    return g;
}

static int legal(const mp_game *g, mp_action *out) {
    int n = mp_game_legal(g, out, CAP);
    cr_assert(n > 0 && n <= CAP, "%d legal actions", n);
    return n;
}

static void apply(mp_game *g, const mp_action *a) {
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_apply(g, a, &d), 0, "apply: %s", d.message);
}

static void check(const mp_game *g, const char *what, int step) {
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_check(g, &d), 0, "%s, step %d: %s", what, step, d.message);
}

/* Random actions to the end; *n_acts of them kept in acts. */
static void play_random(mp_game *g, uint64_t *rng, mp_action *acts, int *n_acts, int cap) {
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        int n = legal(g, acts_a);
        const mp_action *a = &acts_a[next(rng) % (uint64_t)n];
        if (acts) {
            cr_assert(*n_acts < cap);
            acts[(*n_acts)++] = *a;
        }
        apply(g, a);
    }
}

static bool same_action(const mp_action *a, const mp_action *b) {
    return a->kind == b->kind && a->rot == b->rot && a->feature == b->feature && a->module == b->module &&
           a->tile == b->tile && a->x == b->x && a->y == b->y && a->code == b->code && a->arg[0] == b->arg[0] &&
           a->arg[1] == b->arg[1] && a->arg[2] == b->arg[2];
}

/* Everything a finished game shows, the same in both. */
static void same_end(const mp_game *a, const mp_game *b, const char *what) {
    int n = mp_game_n_players(a);
    cr_assert_eq(mp_game_turn(a), mp_game_turn(b), "%s: turns", what);
    cr_assert_eq(mp_game_discarded(a), mp_game_discarded(b), "%s: discarded", what);
    for (int p = 0; p < n; p++) {
        cr_assert_eq(mp_game_score(a, p), mp_game_score(b, p), "%s: score of seat %d", what, p);
        cr_assert_eq(mp_game_supply(a, p), mp_game_supply(b, p), "%s: supply of seat %d", what, p);
        cr_assert_eq(mp_game_on_board(a, p), mp_game_on_board(b, p), "%s: on board, seat %d", what, p);
        cr_assert_eq(mp_game_final_supply(a, p), mp_game_final_supply(b, p), "%s: final supply, seat %d", what, p);
        for (int c = 0; c < mp_game_n_categories(a); c++)
            cr_assert_eq(mp_game_points(a, p, c), mp_game_points(b, p, c), "%s: points of seat %d in %s", what, p,
                         mp_game_category_name(a, c));
    }
    cr_assert_eq(mp_game_n_drawn(a), mp_game_n_drawn(b), "%s: tiles drawn", what);
    for (int i = 0; i < mp_game_n_drawn(a); i++) {
        int da, db;
        cr_assert_eq(mp_game_drawn_at(a, i, &da), mp_game_drawn_at(b, i, &db), "%s: draw %d", what, i);
        cr_assert_eq(da, db, "%s: draw %d discarded", what, i);
    }
    static int taken_a[MP_MAX_TILES], taken_b[MP_MAX_TILES];
    int na = mp_game_bag_taken(a, taken_a, MP_MAX_TILES), nb = mp_game_bag_taken(b, taken_b, MP_MAX_TILES);
    cr_assert_eq(na, nb, "%s: tiles taken from the bag", what);
    cr_assert(memcmp(taken_a, taken_b, (size_t)na * sizeof *taken_a) == 0, "%s: the bag's order", what);
    int x0, y0, x1, y1, bx0, by0, bx1, by1;
    cr_assert_eq(mp_game_bounds(a, &x0, &y0, &x1, &y1), mp_game_bounds(b, &bx0, &by0, &bx1, &by1));
    cr_assert(x0 == bx0 && y0 == by0 && x1 == bx1 && y1 == by1, "%s: the board's bounds", what);
    for (int y = y0 - 1; y <= y1 + 1; y++)
        for (int x = x0 - 1; x <= x1 + 1; x++) {
            int ra = -1, rb = -1, fa = -1, fb = -1;
            cr_assert_eq(mp_game_tile_at(a, x, y, &ra), mp_game_tile_at(b, x, y, &rb), "%s: tile at %d,%d", what, x, y);
            cr_assert_eq(ra, rb, "%s: rotation at %d,%d", what, x, y);
            cr_assert_eq(mp_game_follower_at(a, x, y, &fa), mp_game_follower_at(b, x, y, &fb), "%s: follower at %d,%d",
                         what, x, y);
            cr_assert_eq(fa, fb, "%s: follower's feature at %d,%d", what, x, y);
        }
    cr_assert_eq(mp_game_n_events(a), mp_game_n_events(b), "%s: scoring events", what);
    for (int i = 0; i < mp_game_n_events(a); i++) {
        mp_score_event ea, eb;
        cr_assert(mp_game_event(a, i, &ea) == 0 && mp_game_event(b, i, &eb) == 0);
        cr_assert(ea.players == eb.players && ea.points == eb.points && ea.category == eb.category && ea.why == eb.why &&
                  ea.n_tiles == eb.n_tiles, "%s: scoring event %d", what, i);
    }
}

/* The copy and the game with no copy behind it play on with the same random actions: the same
** choices at every step, the same end. */
static void play_on_together(mp_game *copy, mp_game *ref, uint64_t *rng, const char *what) {
    check(copy, what, 0);
    for (int step = 1; mp_game_phase(ref) != MP_PHASE_OVER; step++) {
        cr_assert_eq(mp_game_phase(copy), mp_game_phase(ref), "%s, step %d: phase", what, step);
        cr_assert_eq(mp_game_current_player(copy), mp_game_current_player(ref), "%s, step %d: player", what, step);
        int n = legal(ref, acts_a), m = legal(copy, acts_b);
        cr_assert_eq(m, n, "%s, step %d: %d legal actions in the copy, %d in the game", what, step, m, n);
        for (int i = 0; i < n; i++)
            cr_assert(same_action(&acts_a[i], &acts_b[i]), "%s, step %d: legal action %d differs", what, step, i);
        const mp_action a = acts_a[next(rng) % (uint64_t)n];
        apply(ref, &a);
        apply(copy, &a);
    }
    cr_assert_eq(mp_game_phase(copy), MP_PHASE_OVER, "%s: the copy's game is not over", what);
    check(copy, what, -1);
    same_end(copy, ref, what);
}

/* A game of the same ruleset played to its end whose grid window grew along one axis only (0: x,
** 1: y) from the first one (unbounded boards: random games that wander far enough), or NULL when
** the board is bounded. */
static mp_game *wide_game(const mp_ruleset *rs, int players, int axis) {
    mp_game *first = new_game(rs, players, 1, 0);
    int w = first->gw, h = first->gh;
    bool bounded = rs->bounded;
    mp_game_free(first);
    if (bounded) return NULL;
    for (uint64_t seed = 1; seed <= 2000; seed++) {
        mp_game *g = new_game(rs, players, 1000 + seed, 0);
        uint64_t rng = seed;
        play_random(g, &rng, NULL, NULL, 0);
        if (axis == 0 ? g->gw != w && g->gh == h : g->gh != h && g->gw == w) return g;
        mp_game_free(g);
    }
    cr_assert_fail("%s: no random game of 2000 grew its board's window along %c only", mp_ruleset_name(rs), "xy"[axis]);
    return NULL;
}

enum { SLOT_WORK, SLOT_OTHER, SLOT_WIDE, SLOT_CLONE, SLOTS };
static const char *const slot_names[SLOTS] = { "the reused game", "a game of another seed", "a wider window",
                                               "a clone" };

static void copies_of_one_game(const mp_ruleset *rs, int players, uint64_t seed, int log_events) {
    enum { MAX_ACTS = 1 << 16 };
    static mp_action played[MAX_ACTS];
    int n_played = 0;
    mp_game *g = new_game(rs, players, seed, log_events);
    mp_game *work = mp_game_clone(g);
    mp_game *other = new_game(rs, players, seed + 7777, log_events), *other_slot = mp_game_clone(g);
    uint64_t rng = seed * 31;
    play_random(other, &rng, NULL, NULL, 0);
    mp_game *wide_x = wide_game(rs, players, 0), *wide_y = wide_game(rs, players, 1), *wide_slot = mp_game_clone(g);
    int across = 0;   /* copies from one window size to another */
    for (int step = 0;; step++) {
        bool over = mp_game_phase(g) == MP_PHASE_OVER;
        int slot = step % SLOTS;
        if (slot == SLOT_WIDE && !wide_x) slot = SLOT_OTHER;
        mp_game *dst = slot == SLOT_WORK ? work : slot == SLOT_OTHER ? other_slot : slot == SLOT_WIDE ? wide_slot : NULL;
        if (slot == SLOT_OTHER) cr_assert_eq(mp_game_copy(dst, other), 0);
        if (slot == SLOT_WIDE) {   /* to a window of another shape, then of as many cells and another shape */
            const mp_game *wide[2] = { step & 1 ? wide_x : wide_y, step & 1 ? wide_y : wide_x };
            for (int k = 0; k < 2; k++) {
                across += dst->gw != wide[k]->gw || dst->gh != wide[k]->gh;
                cr_assert_eq(mp_game_copy(dst, wide[k]), 0);
                check(dst, "a game whose window grew, copied", step);
                same_end(dst, wide[k], "a game whose window grew, copied");
            }
            across += dst->gw != g->gw || dst->gh != g->gh;
        }
        if (slot == SLOT_CLONE) dst = mp_game_clone(g);
        else cr_assert_eq(mp_game_copy(dst, g), 0, "copy at step %d", step);
        char what[200];
        snprintf(what, sizeof what, "%s, seed %llu, copy at step %d into %s", mp_ruleset_name(rs), (unsigned long long)seed,
                 step, slot_names[slot]);
        /* The same position with no copy behind it. */
        mp_game *ref = new_game(rs, players, seed, log_events);
        for (int i = 0; i < n_played; i++) apply(ref, &played[i]);
        uint64_t play_rng = seed ^ (uint64_t)step << 32;
        if (step % 3 == 1 && !over) {   /* as a search deals what a seat cannot see: it writes the bag, the hands */
            mp_game_determinize(dst, mp_game_current_player(g), play_rng);
            mp_game_determinize(ref, mp_game_current_player(g), play_rng);
        }
        play_on_together(dst, ref, &play_rng, what);
        mp_game_free(ref);
        if (slot == SLOT_CLONE) mp_game_free(dst);
        if (over) break;
        int n = legal(g, acts_a);
        cr_assert(n_played < MAX_ACTS);
        played[n_played] = acts_a[next(&rng) % (uint64_t)n];
        apply(g, &played[n_played++]);
    }
    cr_assert(!wide_x || across > 0, "%s: no copy across window shapes", mp_ruleset_name(rs));
    mp_game_free(g);
    mp_game_free(work);
    mp_game_free(other);
    mp_game_free(other_slot);
    mp_game_free(wide_x);
    mp_game_free(wide_y);
    mp_game_free(wide_slot);
}

static void free_params(struct criterion_test_params *crp) { cr_free(crp->params); }

/* Every shipped ruleset: the .yaml files of rulesets/, and the example's. */
ParameterizedTestParameters(copy, every_ruleset) {
    enum { MAX = 64 };
    ruleset_param *p = cr_malloc(MAX * sizeof *p);
    int n = 0;
    DIR *dp = opendir(TEST_SRCDIR "/rulesets");
    for (struct dirent *e; dp && (e = readdir(dp));) {
        size_t k = strlen(e->d_name);
        if (k < 5 || strcmp(e->d_name + k - 5, ".yaml") != 0 || n == MAX - 1) continue;
        snprintf(p[n++].path, sizeof p->path, "%s/rulesets/%s", TEST_SRCDIR, e->d_name);
    }
    if (dp) closedir(dp);
    else snprintf(p[n++].path, sizeof p->path, "%s/rulesets", TEST_SRCDIR);   /* fails to load: said so */
    snprintf(p[n++].path, sizeof p->path, "%s/rulesets/examples/market-town-rules.yaml", TEST_SRCDIR);
    return cr_make_param_array(ruleset_param, p, (size_t)n, free_params);
}

ParameterizedTest(ruleset_param *p, copy, every_ruleset) {
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(p->path, NULL, &d);
    cr_assert(rs, "%s: %s", p->path, d.message);
    int lo = mp_ruleset_min_players(rs), hi = mp_ruleset_max_players(rs);
    for (int i = 0; i < GAMES; i++) copies_of_one_game(rs, lo + i % (hi - lo + 1), 100 + (uint64_t)i, i & 1);
    mp_ruleset_free(rs);
}

/* What mp_game_copy refuses: a game of another ruleset or another number of players. */
Test(copy, refuses_another_game) {
    mp_ruleset *c3 = t_ruleset("c3"), *c1 = t_ruleset("c1");
    mp_game *a = new_game(c3, 2, 1, 0), *b = new_game(c3, 3, 1, 0), *c = new_game(c1, 2, 1, 0);
    mp_game *a2 = new_game(c3, 2, 2, 0);
    cr_assert_eq(mp_game_copy(a, b), 1, "another number of players");
    cr_assert_eq(mp_game_copy(a, c), 1, "another ruleset");
    cr_assert_eq(mp_game_copy(a, NULL), 1);
    cr_assert_eq(mp_game_copy(a, a), 0);
    cr_assert_eq(mp_game_copy(a2, a), 0);
    cr_assert_eq(mp_game_score(a2, 0), mp_game_score(a, 0));
    mp_game_free(a);
    mp_game_free(a2);
    mp_game_free(b);
    mp_game_free(c);
    mp_ruleset_free(c3);
    mp_ruleset_free(c1);
}
