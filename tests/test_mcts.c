/*
** test_mcts.c: the computer players of the library (mp_bot_*, meeple-bots(7)) and what the mcts
** bot stands on: mp_game_determinize (core/hidden.c, The Castle's redeal) and mp_game_copy
** (core/state.c).
**
**   legality     seeded games under every shipped ruleset, seats a mix of mcts (small budget),
**                greedy and random: every action a bot chooses is one mp_game_legal lists and
**                mp_game_apply takes; the module decisions mcts seats weighed, counted by kind;
**   determinism  the same seed gives the same game, the same position the same decision;
**   hidden       determinize keeps what the seat knows and deals anew only what it does not;
**                two games that differ only in what is hidden give the same deals, and the
**                same mcts decision;
**   copy         a copy plays on as a clone does, whatever the sizes of the two grid windows;
**   specs        mp_bot_check on good and bad specs: the column and the message.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/internal.h"
#include "helpers.h"
#include "meeple.h"

/* ------------------------------------------------------------------ shared */

static bool same_action(const mp_action *a, const mp_action *b) {
    return a->kind == b->kind && a->rot == b->rot && a->feature == b->feature && a->module == b->module &&
           a->tile == b->tile && a->x == b->x && a->y == b->y && a->code == b->code && a->arg[0] == b->arg[0] &&
           a->arg[1] == b->arg[1] && a->arg[2] == b->arg[2];
}

static int count_legal(const mp_game *g) {
    mp_action none;
    return mp_game_legal(g, &none, 0);
}

/* The legal actions, malloc'd; their count in *n. */
static mp_action *legal(const mp_game *g, int *n) {
    *n = count_legal(g);
    mp_action *v = malloc(((size_t)*n + 1) * sizeof *v);
    cr_assert(v);
    cr_assert_eq(mp_game_legal(g, v, *n), *n);
    return v;
}

static void apply(mp_game *g, const mp_action *a) {
    mp_diag d = { 0 };
    char text[128];
    mp_notation_format(g, a, text, sizeof text);
    cr_assert_eq(mp_game_apply(g, a, &d), 0, "'%s' refused: %s", text, d.message);
}

static void check(const mp_game *g, const char *what) {
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_check(g, &d), 0, "%s: %s", what, d.message);
}

static mp_game *new_game(const mp_ruleset *rs, int n_players, uint64_t seed, int first, int log_events) {
    mp_diag d = { 0 };
    mp_game_options o = { .n_players = n_players, .seed = seed, .first_player = first, .log_events = log_events };
    mp_game *g = mp_game_new(rs, &o, &d);
    cr_assert(g, "new game: %s", d.message);
    mp_game_start(g, &d);
    return g;
}

static mp_bot *new_bot(const char *spec, uint64_t seed, int seat) {
    mp_diag d = { 0 };
    mp_bot *b = mp_bot_new(spec, seed, seat, &d);
    cr_assert(b, "'%s': %s", spec, d.message);
    return b;
}

/* Plays `decisions` random actions (fewer when the game ends), then on to the next placement. */
static void play_random(mp_game *g, int decisions, uint64_t seed) {
    mp_bot *b = new_bot("random", seed, 0);
    for (int i = 0; mp_game_phase(g) != MP_PHASE_OVER && (i < decisions || mp_game_phase(g) != MP_PHASE_PLACE); i++) {
        mp_action a;
        cr_assert_eq(mp_bot_choose(b, g, &a), 0);
        apply(g, &a);
    }
    mp_bot_free(b);
}

/* The next tile the bag gives g: on a copy, the first legal placement and passes until a tile is
** drawn (a module's decision on the way: its first action). */
static int next_draw(const mp_game *g) {
    mp_game *c = mp_game_clone(g);
    do {
        mp_action a;
        cr_assert_geq(mp_game_legal(c, &a, 1), 1);
        apply(c, &a);
    } while (mp_game_phase(c) != MP_PHASE_PLACE && mp_game_phase(c) != MP_PHASE_OVER);
    int t = mp_game_drawn_tile(c);
    mp_game_free(c);
    return t;
}

/* Plays a and b on together, the same random action in both, and requires them to stay the same
** game: the phase, the seat, the drawn tile, every legal action and every score, at every
** decision to the end, and the final board checks out. Returns the decisions played. */
static int play_alike(mp_game *a, mp_game *b, uint64_t seed, const char *what) {
    mp_bot *bot = new_bot("random", seed, 0);
    int decisions = 0;
    for (; mp_game_phase(a) != MP_PHASE_OVER; decisions++) {
        cr_assert_eq(mp_game_phase(b), mp_game_phase(a), "%s: decision %d: phase", what, decisions);
        cr_assert_eq(mp_game_current_player(b), mp_game_current_player(a), "%s: decision %d: seat", what, decisions);
        cr_assert_eq(mp_game_drawn_tile(b), mp_game_drawn_tile(a), "%s: decision %d: drawn tile", what, decisions);
        for (int p = 0; p < mp_game_n_players(a); p++)
            cr_assert_eq(mp_game_score(b, p), mp_game_score(a, p), "%s: decision %d: seat %d's score", what, decisions, p);
        int na, nb;
        mp_action *va = legal(a, &na), *vb = legal(b, &nb);
        cr_assert_eq(nb, na, "%s: decision %d: legal actions", what, decisions);
        for (int i = 0; i < na; i++) cr_assert(same_action(&va[i], &vb[i]), "%s: decision %d: legal action %d", what, decisions, i);
        mp_action x;
        cr_assert_eq(mp_bot_choose(bot, a, &x), 0);
        apply(a, &x);
        apply(b, &x);
        free(va);
        free(vb);
    }
    cr_assert_eq(mp_game_phase(b), MP_PHASE_OVER, "%s: one game ended, not the other", what);
    for (int p = 0; p < mp_game_n_players(a); p++)
        cr_assert_eq(mp_game_score(b, p), mp_game_score(a, p), "%s: seat %d's final score", what, p);
    cr_assert_eq(mp_game_winners(b), mp_game_winners(a));
    cr_assert_eq(mp_game_n_events(b), mp_game_n_events(a), "%s: scoring events", what);
    check(a, what);
    check(b, what);
    mp_bot_free(bot);
    return decisions;
}

/* The tiles that leave the bag from the one at `from` on, as the game draws them to its end. */
static int future_draws(const mp_game *g, int from, int *out, int cap) {
    int n = mp_game_bag_taken(g, NULL, 0);
    int all[512];
    cr_assert_leq(n, 512);
    mp_game_bag_taken(g, all, n);
    int k = 0;
    for (int i = from; i < n && k < cap; i++) out[k++] = all[i];
    return k;
}

/* ------------------------------------------------------------------ legality */

/* Module decisions by kind, "MODULE:WHAT": the chosen action's notation ("!bazaars:bid-3" is
** bazaars:bid), with names for the actions whose notation is not a word: The Castle's
** use-K@FEATURE (castle:double), use-K (castle:another-turn), first@FEATURE (castle:order); a
** bridge laid with its tile (bridges:place) or on its own (bridges:build). */
static void decision_kind(const mp_game *g, const mp_action *a, char *out, size_t size) {
    const mp_ruleset *rs = mp_game_ruleset(g);
    const char *module = mp_ruleset_module_name(rs, a->kind == MP_ACT_MODULE ? a->module : mp_game_module_phase(g));
    char text[128];
    mp_notation_format(g, a, text, sizeof text);
    const char *colon = strchr(text, ':'), *args = colon ? colon + 1 : text;
    char what[32];
    snprintf(what, sizeof what, "%.*s", (int)strspn(args, "abcdefghijklmnopqrstuvwxyz"), args);
    if (!strcmp(module, "bridges")) snprintf(what, sizeof what, "%s", strchr(args, '/') ? "place" : "build");
    if (!strcmp(module, "castle") && !strcmp(what, "use")) snprintf(what, sizeof what, "%s", strchr(args, '@') ? "double" : "another-turn");
    if (!strcmp(module, "castle") && !strcmp(what, "first")) snprintf(what, sizeof what, "order");
    snprintf(out, size, "%s:%s", module ? module : "?", what);
}

enum { MAX_KINDS = 32 };

typedef struct tally {
    long positions;             /* decisions checked */
    long module_phase;          /* of them, a module's decision (MP_PHASE_MODULE) */
    int n;
    char kind[MAX_KINDS][48];
    long chosen[MAX_KINDS];     /* module actions chosen, by any seat */
    long weighed[MAX_KINDS];    /* ... by an mcts seat, among two or more legal actions */
} tally;

static void count_kind(tally *t, const char *kind, bool weighed) {
    int i = 0;
    while (i < t->n && strcmp(t->kind[i], kind)) i++;
    if (i == t->n) {
        cr_assert_lt(t->n, MAX_KINDS);
        snprintf(t->kind[t->n++], sizeof t->kind[0], "%s", kind);
    }
    t->chosen[i]++;
    t->weighed[i] += weighed;
}

static long weighed(const tally *t, const char *kind) {
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->kind[i], kind)) return t->weighed[i];
    return 0;
}

/* One decision: the bot's action must be among the legal ones, leave the game as it was, and be
** accepted. */
static void decide_checked(mp_game *g, mp_bot *b, tally *t, const char *where) {
    int n;
    mp_action *v = legal(g, &n), a;
    cr_assert_gt(n, 0, "%s: no legal action", where);
    cr_assert_eq(mp_bot_choose(b, g, &a), 0, "%s: %s chose nothing", where, mp_bot_spec(b));
    char text[128];
    mp_notation_format(g, &a, text, sizeof text);
    int i = 0;
    while (i < n && !same_action(&a, &v[i])) i++;
    cr_assert_lt(i, n, "%s: %s chose '%s', not one of the %d legal actions", where, mp_bot_spec(b), text, n);
    cr_assert_eq(count_legal(g), n, "%s: %s changed the game it decided in", where, mp_bot_spec(b));
    t->positions++;
    t->module_phase += mp_game_phase(g) == MP_PHASE_MODULE;
    if (mp_game_phase(g) == MP_PHASE_MODULE || a.kind == MP_ACT_MODULE) {
        char kind[48];
        decision_kind(g, &a, kind, sizeof kind);
        count_kind(t, kind, !strncmp(mp_bot_kind(b), "mcts", 4) && n > 1);
    }
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_apply(g, &a, &d), 0, "%s: '%s' refused: %s", where, text, d.message);
    free(v);
}

static const char *MIX[3] = { "mcts:20", "greedy", "random" };   /* a test may seat another mcts */

/* Whether an mcts seat weighed a decision of each group of kinds in `need` (NULL-terminated;
** "a|b": either kind will do); the first group missing in *missing. */
static bool weighed_all(const tally *t, const char *const *need, const char **missing) {
    for (int i = 0; need && need[i]; i++) {
        char alternatives[128];
        snprintf(alternatives, sizeof alternatives, "%s", need[i]);
        long n = 0;
        for (char *save = NULL, *k = strtok_r(alternatives, "|", &save); k; k = strtok_r(NULL, "|", &save)) n += weighed(t, k);
        if (!n) { *missing = need[i]; return false; }
    }
    return true;
}

/* Seeded games of the ruleset, 2 to 4 seats (as it allows) of mcts:20, greedy and random mixed,
** at least one mcts seat; every decision checked. At least min_games, then until an mcts seat
** has weighed every kind of decision in `need`, at most max_games (the games are seeded: how many
** it takes changes only when the bots or the rules do). */
static tally legal_games(const char *ruleset, int min_games, int max_games, const char *const *need) {
    mp_ruleset *rs = t_ruleset(ruleset);
    int lo = mp_ruleset_min_players(rs), hi = mp_ruleset_max_players(rs);
    if (hi > 4) hi = 4;
    tally t = { 0 };
    const char *missing = NULL;
    int games = 0;
    while (games < max_games && (games < min_games || !weighed_all(&t, need, &missing))) {
        int i = games++, n = lo + i % (hi - lo + 1);
        uint64_t seed = 100 + (uint64_t)i;
        mp_bot *bots[MP_MAX_PLAYERS];
        for (int p = 0; p < n; p++) bots[p] = new_bot(p == i % n ? MIX[0] : MIX[(i + p) % 3], seed, p);
        mp_game *g = new_game(rs, n, seed, -1, 0);
        for (int step = 0; mp_game_phase(g) != MP_PHASE_OVER; step++) {
            char where[128];
            snprintf(where, sizeof where, "%s, seed %llu, decision %d", ruleset, (unsigned long long)seed, step);
            cr_assert_lt(step, 20000, "%s: the game does not end", where);
            decide_checked(g, bots[mp_game_current_player(g)], &t, where);
        }
        check(g, ruleset);
        mp_game_free(g);
        for (int p = 0; p < n; p++) mp_bot_free(bots[p]);
    }
    char line[1024];
    size_t used = (size_t)snprintf(line, sizeof line, "%s: %ld positions in %d games, %ld module decisions", ruleset,
                                   t.positions, games, t.module_phase);
    for (int i = 0; i < t.n && used < sizeof line; i++)
        used += (size_t)snprintf(line + used, sizeof line - used, "%s %s %ld (mcts weighed %ld)", i ? "," : ";",
                                 t.kind[i], t.chosen[i], t.weighed[i]);
    cr_log_info("%s", line);
    cr_assert(weighed_all(&t, need, &missing), "%s: no mcts seat weighed a decision %s in %d games", ruleset, missing, games);
    mp_ruleset_free(rs);
    return t;
}

/* Each ruleset's share of the positions: 11 rulesets, over 5,000 in all. */
enum { MIN_POSITIONS = 500 };

static void base_games(const char *ruleset) {
    tally t = legal_games(ruleset, 6, 6, NULL);
    cr_assert_geq(t.positions, MIN_POSITIONS, "%s", ruleset);
    cr_assert_eq(t.module_phase, 0, "%s: no module, no module decisions", ruleset);
}

Test(mcts_legal, c3, .timeout = 120) { base_games("c3"); }
Test(mcts_legal, c3_nofarmers, .timeout = 120) { base_games("c3-nofarmers"); }
Test(mcts_legal, c1, .timeout = 120) { base_games("c1"); }
Test(mcts_legal, c1_2001, .timeout = 120) { base_games("c1-2001"); }
Test(mcts_legal, c1_2000, .timeout = 120) { base_games("c1-2000"); }
Test(mcts_legal, market_town, .timeout = 120) { base_games(TEST_SRCDIR "/rulesets/examples/market-town-rules.yaml"); }

/* Bridges, castles and bazaars: every kind of their decisions weighed by an mcts seat (a bazaar's
** bid or pass, its buy or sell: ZMG leaves little room to bid). */
static const char *const BCB_DECISIONS[] = { "bridges:build|bridges:place", "castles:convert|castles:decline",
                                             "bazaars:select", "bazaars:bid|bazaars:pass", "bazaars:buy|bazaars:sell",
                                             NULL };

static void bcb_games(const char *ruleset) {
    tally t = legal_games(ruleset, 4, 30, BCB_DECISIONS);
    cr_assert_geq(t.positions, MIN_POSITIONS, "%s", ruleset);
}

Test(mcts_legal, bcb, .timeout = 120) { bcb_games("bcb"); }
Test(mcts_legal, bcb_rgg, .timeout = 120) { bcb_games("bcb-rgg"); }
Test(mcts_legal, bcb_zmg, .timeout = 120) { bcb_games("bcb-zmg"); }

/* The Castle: the order of simultaneous scorings, a doubling wall tile, another turn. */
static const char *const CASTLE_DECISIONS[] = { "castle:order", "castle:double", "castle:another-turn", NULL };

static void castle_games(const char *ruleset) {
    tally t = legal_games(ruleset, 8, 60, CASTLE_DECISIONS);
    cr_assert_geq(t.positions, MIN_POSITIONS, "%s", ruleset);
}

Test(mcts_legal, castle, .timeout = 120) { castle_games("castle"); }
Test(mcts_legal, castle_hig, .timeout = 120) { castle_games("castle-hig"); }

/* Inns & Cathedrals and Traders & Builders: the large follower, the builder and the pig are
** deployments as any other; the builder's second tile is taken or declined. The big box adds
** every decision of BCB to them. */
static const char *const TB_DECISIONS[] = { "builder:take|builder:decline", NULL };
static const char *const BIGBOX_DECISIONS[] = { "builder:take|builder:decline", "bridges:build|bridges:place",
                                                "castles:convert|castles:decline", "bazaars:bid|bazaars:pass", NULL };

Test(mcts_legal, c3_ic, .timeout = 120) { cr_assert_geq(legal_games("c3-ic", 4, 4, NULL).positions, MIN_POSITIONS); }
Test(mcts_legal, c3_tb, .timeout = 120) { cr_assert_geq(legal_games("c3-tb", 4, 30, TB_DECISIONS).positions, MIN_POSITIONS); }
Test(mcts_legal, c3_ic_tb, .timeout = 120) {
    cr_assert_geq(legal_games("c3-ic-tb", 4, 30, TB_DECISIONS).positions, MIN_POSITIONS);
}
Test(mcts_legal, bigbox, .timeout = 120) { cr_assert_geq(legal_games("bigbox", 4, 30, BIGBOX_DECISIONS).positions, MIN_POSITIONS); }

/* The rollout bot (playouts to the end) plays the rulesets with module decisions as well. */
Test(mcts_legal, rollout_bcb, .timeout = 120) {
    MIX[0] = "mcts-rollout:20";
    bcb_games("bcb");
}
Test(mcts_legal, rollout_c3_ic_tb, .timeout = 120) {
    MIX[0] = "mcts-rollout:20";
    cr_assert_geq(legal_games("c3-ic-tb", 3, 30, TB_DECISIONS).positions, MIN_POSITIONS);
}

/* ------------------------------------------------------------------ determinism */

/* The same seed gives the same game: two runs of mp_bots_play, and two runs recorded action by
** action, agree to the last action, the last score and the last search iteration. */
static void same_seed_same_game(const char *mcts);
Test(mcts_determinism, same_seed_same_game, .timeout = 120) { same_seed_same_game("mcts:200"); }
Test(mcts_determinism, same_seed_same_game_rollout, .timeout = 120) { same_seed_same_game("mcts-rollout:200"); }

static void same_seed_same_game(const char *mcts) {
    mp_ruleset *rs = t_ruleset("c3");
    const char *specs[3] = { mcts, "greedy", "random" };
    mp_game *g[2];
    mp_bot_stats stats[2][3];
    memset(stats, 0, sizeof stats);
    for (int run = 0; run < 2; run++) {
        mp_diag d = { 0 };
        g[run] = mp_bots_play(rs, specs, 3, 42, stats[run], &d);
        cr_assert(g[run], "%s", d.message);
        check(g[run], "c3");
    }
    cr_assert_gt(stats[0][0].iterations, 0, "the mcts seat searched");
    for (int p = 0; p < 3; p++) {
        cr_assert_eq(mp_game_score(g[1], p), mp_game_score(g[0], p), "seat %d's score", p);
        cr_assert_eq(stats[1][p].decisions, stats[0][p].decisions, "seat %d's decisions", p);
        cr_assert_eq(stats[1][p].iterations, stats[0][p].iterations, "seat %d's iterations", p);
    }
    cr_assert_eq(mp_game_n_drawn(g[1]), mp_game_n_drawn(g[0]));
    int x0, y0, x1, y1, bx0, by0, bx1, by1;
    mp_game_bounds(g[0], &x0, &y0, &x1, &y1);
    mp_game_bounds(g[1], &bx0, &by0, &bx1, &by1);
    cr_assert(x0 == bx0 && y0 == by0 && x1 == bx1 && y1 == by1, "the same board");
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            int r0 = 0, r1 = 0, f0 = -1, f1 = -1;
            cr_assert_eq(mp_game_tile_at(g[1], x, y, &r1), mp_game_tile_at(g[0], x, y, &r0), "the tile at %d,%d", x, y);
            cr_assert_eq(r1, r0, "the tile at %d,%d", x, y);
            cr_assert_eq(mp_game_follower_at(g[1], x, y, &f1), mp_game_follower_at(g[0], x, y, &f0), "the follower at %d,%d", x, y);
            cr_assert_eq(f1, f0, "the follower at %d,%d", x, y);
        }
    mp_game_free(g[0]);
    mp_game_free(g[1]);
    mp_ruleset_free(rs);
}

/* Every action of a game of mcts:200 against greedy under The Castle, in notation. */
static char *recorded_game(const mp_ruleset *rs, uint64_t seed) {
    size_t size = 1 << 16, used = 0;
    char *text = malloc(size);
    cr_assert(text);
    text[0] = 0;
    mp_bot *bots[2] = { new_bot("mcts:200", seed, 0), new_bot("greedy", seed, 1) };
    mp_game *g = new_game(rs, 2, seed, -1, 0);
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        mp_action a;
        cr_assert_eq(mp_bot_choose(bots[mp_game_current_player(g)], g, &a), 0);
        char one[128];
        mp_notation_format(g, &a, one, sizeof one);
        used += (size_t)snprintf(text + used, size - used, "%d:%s ", mp_game_current_player(g), one);
        cr_assert_lt(used, size);
        apply(g, &a);
    }
    snprintf(text + used, size - used, "= %d %d", mp_game_score(g, 0), mp_game_score(g, 1));
    mp_game_free(g);
    mp_bot_free(bots[0]);
    mp_bot_free(bots[1]);
    return text;
}

Test(mcts_determinism, same_seed_same_actions, .timeout = 120) {
    mp_ruleset *rs = t_ruleset("castle");
    char *a = recorded_game(rs, 5), *b = recorded_game(rs, 5);
    cr_assert_str_eq(b, a);
    cr_assert(strstr(a, "!castle:"), "module decisions were taken: %.200s...", a);
    free(a);
    free(b);
    mp_ruleset_free(rs);
}

/* The same position and bot seed: the same decision, from a new bot and from the same bot asked
** twice. The seed matters: another seed decides otherwise somewhere (else the test could not
** tell). */
Test(mcts_determinism, same_position_same_decision, .timeout = 120) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = new_game(rs, 3, 9, -1, 0);
    int positions = 0, other_seed_differs = 0;
    for (int step = 0; step < 12 && mp_game_phase(g) != MP_PHASE_OVER; step++) {
        play_random(g, 4, (uint64_t)step);
        if (mp_game_phase(g) == MP_PHASE_OVER) break;
        int seat = mp_game_current_player(g);
        mp_bot *b1 = new_bot("mcts:200", 77, seat), *b2 = new_bot("mcts:200", 77, seat), *other = new_bot("mcts:200", 78, seat);
        mp_action a1, a1_again, a2, a3;
        cr_assert_eq(mp_bot_choose(b1, g, &a1), 0);
        cr_assert_eq(mp_bot_choose(b1, g, &a1_again), 0);
        cr_assert_eq(mp_bot_choose(b2, g, &a2), 0);
        cr_assert_eq(mp_bot_choose(other, g, &a3), 0);
        cr_assert(same_action(&a1, &a2), "position %d: two bots of one seed decide alike", step);
        cr_assert(same_action(&a1, &a1_again), "position %d: a bot asked twice decides alike", step);
        other_seed_differs += !same_action(&a1, &a3);
        positions++;
        mp_bot_free(b1);
        mp_bot_free(b2);
        mp_bot_free(other);
    }
    cr_assert_geq(positions, 10);
    cr_assert_gt(other_seed_differs, 0, "another seed never decided otherwise in %d positions", positions);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A decision spread over threads (mp_bot_set_threads): with an iteration budget, the same position
** and seed give the same decision on the same number of threads, every time; the iterations are
** shared out (the budget in all); one thread decides as a bot never told of threads does. */
Test(mcts_determinism, threads_same_decision, .timeout = 120) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = new_game(rs, 2, 5, -1, 0);
    int positions = 0;
    for (int step = 0; step < 8 && mp_game_phase(g) != MP_PHASE_OVER; step++) {
        play_random(g, 5, (uint64_t)step);
        if (mp_game_phase(g) == MP_PHASE_OVER || count_legal(g) < 2) continue;
        int seat = mp_game_current_player(g);
        mp_bot *plain = new_bot("mcts:300", 5, seat), *one = new_bot("mcts:300", 5, seat);
        mp_bot *three = new_bot("mcts:300", 5, seat), *three_again = new_bot("mcts:300", 5, seat);
        mp_bot_set_threads(one, 1);
        mp_bot_set_threads(three, 3);
        mp_bot_set_threads(three_again, 3);
        mp_action a, b, c, d;
        cr_assert_eq(mp_bot_choose(plain, g, &a), 0);
        cr_assert_eq(mp_bot_choose(one, g, &b), 0);
        cr_assert_eq(mp_bot_choose(three, g, &c), 0);
        cr_assert_eq(mp_bot_choose(three_again, g, &d), 0);
        cr_assert(same_action(&a, &b), "position %d: one thread decides as no threads", step);
        cr_assert(same_action(&c, &d), "position %d: three threads decide alike twice", step);
        mp_bot_stats st;
        mp_bot_get_stats(three, &st);
        cr_assert_eq(st.iterations, 300, "the budget shared out: %ld", st.iterations);
        positions++;
        mp_bot_free(plain);
        mp_bot_free(one);
        mp_bot_free(three);
        mp_bot_free(three_again);
    }
    cr_assert_geq(positions, 4);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A budget of N iterations is N iterations a decision that weighs something, none otherwise. */
Test(mcts_determinism, iterations_as_the_spec_says) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = new_game(rs, 2, 3, -1, 0);
    mp_bot *b = new_bot("mcts:30", 1, 0);
    long weighed = 0, decisions = 0;
    for (int step = 0; step < 40 && mp_game_phase(g) != MP_PHASE_OVER; step++) {
        mp_action a;
        weighed += count_legal(g) > 1;
        decisions++;
        cr_assert_eq(mp_bot_choose(b, g, &a), 0);
        apply(g, &a);
    }
    mp_bot_stats st;
    mp_bot_get_stats(b, &st);
    cr_assert_eq(st.decisions, decisions);
    cr_assert_eq(st.iterations, 30 * weighed, "%ld iterations for %ld decisions weighed", st.iterations, weighed);
    cr_assert_gt(weighed, 10);
    mp_bot_free(b);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A time budget decides too (how many iterations it runs is the machine's: only that it ran some). */
Test(mcts_determinism, time_budget_decides) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = new_game(rs, 2, 3, -1, 0);
    play_random(g, 6, 1);
    mp_bot *b = new_bot("mcts:0.05s", 1, mp_game_current_player(g));
    cr_assert_str_eq(mp_bot_kind(b), "mcts");
    cr_assert_str_eq(mp_bot_spec(b), "mcts:0.05s");
    mp_action a;
    cr_assert_gt(count_legal(g), 1);
    cr_assert_eq(mp_bot_choose(b, g, &a), 0);
    apply(g, &a);
    mp_bot_stats st;
    mp_bot_get_stats(b, &st);
    cr_assert_eq(st.decisions, 1);
    cr_assert_gt(st.iterations, 0);
    cr_assert_gt(st.seconds, 0);
    mp_bot_free(b);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ what a seat cannot see */

static const char *status(const mp_game *g, int p, char *buf, size_t size) {
    return mp_game_module_status(g, p, buf, size);
}

/* The tiles in seat p's hand, by kind, added to count[]. */
static void add_hand(const mp_game *g, int p, int *count) {
    int hand[16], n = mp_game_hand(g, p, hand, 16);
    for (int i = 0; i < n; i++) count[hand[i]]++;
}

/* Everything seat `me` knows of g must be the same in c: the board and its followers, the scores,
** the supplies, its own hand, what the modules show, the tiles out of the bag, the legal actions;
** and the tiles it cannot see (the bag and the other hands) must be the same tiles. */
static void same_knowledge(const mp_game *g, const mp_game *c, int me, const char *where) {
    cr_assert_eq(mp_game_phase(c), mp_game_phase(g), "%s: phase", where);
    cr_assert_eq(mp_game_current_player(c), mp_game_current_player(g), "%s: seat", where);
    cr_assert_eq(mp_game_module_phase(c), mp_game_module_phase(g), "%s: module deciding", where);
    cr_assert_eq(mp_game_turn(c), mp_game_turn(g), "%s: turn", where);
    cr_assert_eq(mp_game_tiles_left(c), mp_game_tiles_left(g), "%s: tiles left", where);
    cr_assert_eq(mp_game_drawn_tile(c), mp_game_drawn_tile(g), "%s: drawn tile", where);
    int n = mp_game_n_drawn(g);
    cr_assert_eq(mp_game_n_drawn(c), n, "%s: tiles drawn", where);
    for (int i = 0; i < n; i++) {
        int dg = 0, dc = 0;
        cr_assert_eq(mp_game_drawn_at(c, i, &dc), mp_game_drawn_at(g, i, &dg), "%s: tile drawn %d", where, i);
        cr_assert_eq(dc, dg, "%s: tile drawn %d", where, i);
    }
    int hg[16], hc[16], nh = mp_game_hand(g, me, hg, 16);
    cr_assert_eq(mp_game_hand(c, me, hc, 16), nh, "%s: own hand", where);
    for (int i = 0; i < nh; i++) cr_assert_eq(hc[i], hg[i], "%s: own hand, tile %d", where, i);
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    int kinds = mp_tileset_n_tiles(ts), *unseen_g = calloc((size_t)kinds, sizeof *unseen_g), *unseen_c = calloc((size_t)kinds, sizeof *unseen_c);
    cr_assert(unseen_g && unseen_c);
    for (int p = 0; p < mp_game_n_players(g); p++) {
        cr_assert_eq(mp_game_score(c, p), mp_game_score(g, p), "%s: seat %d's score", where, p);
        cr_assert_eq(mp_game_supply(c, p), mp_game_supply(g, p), "%s: seat %d's supply", where, p);
        for (int k = 0; k < mp_game_n_categories(g); k++)
            cr_assert_eq(mp_game_points(c, p, k), mp_game_points(g, p, k), "%s: seat %d's points", where, p);
        for (int k = 0; k < mp_game_n_tokens(g); k++)
            cr_assert_eq(mp_game_token_supply(c, k, p), mp_game_token_supply(g, k, p), "%s: seat %d's tokens", where, p);
        char sg[512], sc[512];
        cr_assert_str_eq(status(c, p, sc, sizeof sc), status(g, p, sg, sizeof sg), "%s: seat %d's status", where, p);
        if (p != me) {
            add_hand(g, p, unseen_g);
            add_hand(c, p, unseen_c);
        }
    }
    char sg[512], sc[512];
    cr_assert_str_eq(status(c, -1, sc, sizeof sc), status(g, -1, sg, sizeof sg), "%s: the modules' status", where);
    for (int t = 0; t < kinds; t++) {
        unseen_g[t] += mp_game_bag_count(g, t);
        unseen_c[t] += mp_game_bag_count(c, t);
        cr_assert_eq(unseen_c[t], unseen_g[t], "%s: unseen copies of tile %s", where, mp_tileset_tile_id(ts, t));
    }
    free(unseen_g);
    free(unseen_c);
    int x0, y0, x1, y1, cx0, cy0, cx1, cy1;
    mp_game_bounds(g, &x0, &y0, &x1, &y1);
    mp_game_bounds(c, &cx0, &cy0, &cx1, &cy1);
    cr_assert(x0 == cx0 && y0 == cy0 && x1 == cx1 && y1 == cy1, "%s: the board's bounds", where);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            int rg = 0, rc = 0, fg = -1, fc = -1, t = mp_game_tile_at(g, x, y, &rg);
            cr_assert_eq(mp_game_tile_at(c, x, y, &rc), t, "%s: the tile at %d,%d", where, x, y);
            cr_assert_eq(rc, rg, "%s: the tile at %d,%d", where, x, y);
            cr_assert_eq(mp_game_follower_at(c, x, y, &fc), mp_game_follower_at(g, x, y, &fg), "%s: follower at %d,%d", where, x, y);
            cr_assert_eq(fc, fg, "%s: follower at %d,%d", where, x, y);
            int og = 0, oc = 0, kg = 0, kc = 0;
            cr_assert_eq(mp_game_overlay_at(c, x, y, &oc, &kc), mp_game_overlay_at(g, x, y, &og, &kg), "%s: overlay at %d,%d", where, x, y);
            for (int f = 0; t >= 0 && f < mp_tileset_tile_n_features(ts, t); f++)
                cr_assert_eq(mp_game_feature_kind(c, x, y, f), mp_game_feature_kind(g, x, y, f), "%s: feature kind at %d,%d", where, x, y);
        }
    int ng, nc;
    mp_action *vg = legal(g, &ng), *vc = legal(c, &nc);
    cr_assert_eq(nc, ng, "%s: legal actions", where);
    for (int i = 0; i < ng; i++) cr_assert(same_action(&vc[i], &vg[i]), "%s: legal action %d", where, i);
    free(vg);
    free(vc);
}

/* Through a random game, at every 3rd decision: determinized copies for the seat deciding keep
** what it knows and check out; and they are deals anew (the next tile differs from the real one
** somewhere). */
static void determinize_keeps(const char *ruleset, int n_players) {
    mp_ruleset *rs = t_ruleset(ruleset);
    mp_game *g = new_game(rs, n_players, 21, -1, 1);
    mp_bot *b = new_bot("random", 21, 0);
    int looked = 0, other_future = 0;
    for (int step = 0; mp_game_phase(g) != MP_PHASE_OVER; step++) {
        if (step % 3 == 0) {
            char where[96];
            snprintf(where, sizeof where, "%s, decision %d", ruleset, step);
            int me = mp_game_current_player(g);
            mp_game *c = mp_game_clone(g);
            mp_game_determinize(c, me, 1000 + (uint64_t)step);
            check(c, where);
            same_knowledge(g, c, me, where);
            if (mp_game_tiles_left(g) > 1) other_future += next_draw(c) != next_draw(g);
            looked++;
            mp_game_free(c);
        }
        mp_action a;
        cr_assert_eq(mp_bot_choose(b, g, &a), 0);
        apply(g, &a);
    }
    cr_log_info("%s: %d deals, %d with another next tile", ruleset, looked, other_future);
    cr_assert_geq(looked, 20, "%s", ruleset);
    cr_assert_gt(other_future, looked / 4, "%s: the determinized bag gave the real next tile %d times in %d", ruleset,
                 looked - other_future, looked);
    mp_bot_free(b);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

Test(mcts_hidden, determinize_keeps_what_the_seat_knows, .timeout = 120) {
    determinize_keeps("c3", 3);
    determinize_keeps("bcb", 4);
    determinize_keeps("castle", 2);
    determinize_keeps(TEST_SRCDIR "/tests/rulesets/hand3.yaml", 3);
}

/* ------------------------------------------------------------------ the bag's order */

/* mcts:300 decides alike in a and b for the seat deciding, with one bot seed. */
static void same_mcts_decision(const mp_game *a, const mp_game *b, const char *what) {
    int seat = mp_game_current_player(a);
    cr_assert_gt(count_legal(a), 1, "%s: a decision to weigh", what);
    mp_bot *ba = new_bot("mcts:300", 3, seat), *bb = new_bot("mcts:300", 3, seat);
    mp_action x, y;
    cr_assert_eq(mp_bot_choose(ba, a, &x), 0);
    cr_assert_eq(mp_bot_choose(bb, b, &y), 0);
    char tx[128], ty[128];
    mp_notation_format(a, &x, tx, sizeof tx);
    mp_notation_format(b, &y, ty, sizeof ty);
    cr_assert_str_eq(ty, tx, "%s: mcts decided otherwise when only the hidden tiles differ", what);
    mp_bot_free(ba);
    mp_bot_free(bb);
}

/* Determinized for `seat` with the same seeds, a and b (which differ only in what the seat cannot
** see) must be the same game: the same unseen tiles in the same order, the same game to its end. */
static void same_deals(const mp_game *a, const mp_game *b, int seat, const char *what) {
    for (uint64_t seed = 1; seed <= 4; seed++) {
        mp_game *da = mp_game_clone(a), *db = mp_game_clone(b);
        mp_game_determinize(da, seat, seed);
        mp_game_determinize(db, seat, seed);
        check(da, what);
        check(db, what);
        int from = mp_game_bag_taken(da, NULL, 0);
        play_alike(da, db, seed, what);
        int fa[512], fb[512], na = future_draws(da, from, fa, 512), nb = future_draws(db, from, fb, 512);
        cr_assert_eq(nb, na, "%s: tiles drawn after the deal", what);
        for (int i = 0; i < na; i++) cr_assert_eq(fb[i], fa[i], "%s, seed %d: draw %d after the deal", what, (int)seed, i);
        mp_game_free(da);
        mp_game_free(db);
    }
}

/* Two copies of a c3 position, the second with its bag in another order behind the drawn tile
** (mp_game_set_draws: the drawn tile again, then another first): the real futures differ, the
** deals and the mcts decision do not. */
Test(mcts_hidden, bag_order_unseen, .timeout = 120) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *a = new_game(rs, 2, 17, -1, 0);
    play_random(a, 30, 17);
    mp_game *b = mp_game_clone(a);
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    int next = next_draw(a), other = -1;
    for (int t = 0; t < mp_tileset_n_tiles(ts) && other < 0; t++)
        if (t != next && mp_game_bag_count(a, t) > 0) other = t;
    cr_assert_geq(other, 0);
    const char *ids[2] = { mp_tileset_tile_id(ts, mp_game_drawn_tile(a)), mp_tileset_tile_id(ts, other) };
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_set_draws(a, ids, 1, &d), 0, "%s", d.message);
    cr_assert_eq(mp_game_set_draws(b, ids, 2, &d), 0, "%s", d.message);
    cr_assert_eq(mp_game_drawn_tile(b), mp_game_drawn_tile(a), "the same tile in hand");
    cr_assert_eq(next_draw(a), next, "a's bag as it was");
    cr_assert_eq(next_draw(b), other, "b's bag in another order");
    same_knowledge(a, b, mp_game_current_player(a), "c3, bag reordered");
    same_deals(a, b, mp_game_current_player(a), "c3, bag reordered");
    same_mcts_decision(a, b, "c3, bag reordered");
    mp_game_free(a);
    mp_game_free(b);
    mp_ruleset_free(rs);
}

/* With a hand of three tiles (tests/rulesets/hand3.yaml) the other seat's hand is hidden too: two
** games whose seat 1 keeps V V in one and E B in the other, all else seen alike (seat 0 holds V E
** K), deal alike for seat 0. */
static mp_game *hand3_position(const mp_ruleset *rs, uint64_t seed, const char *kept1, const char *kept2) {
    mp_game *g = new_game(rs, 2, seed, 0, 0);
    mp_diag d = { 0 };
    const char *first[3] = { "U", "V", "E" }, *second[3] = { "U", kept1, kept2 }, *third[3] = { "V", "E", "K" };
    const char *const *hands[3] = { first, second, third };
    for (int turn = 0; turn < 3; turn++) {
        cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE);
        cr_assert_eq(mp_game_set_draws(g, hands[turn], 3, &d), 0, "%s", d.message);
        if (turn == 2) break;
        /* U at the first cell and rotation in row order, as both games list it. */
        int n;
        mp_action *v = legal(g, &n), *pick = NULL;
        int u = mp_tileset_find(mp_ruleset_tiles(rs), "U");
        for (int i = 0; i < n; i++)
            if (v[i].kind == MP_ACT_PLACE && v[i].tile == u &&
                (!pick || v[i].y < pick->y || (v[i].y == pick->y && (v[i].x < pick->x || (v[i].x == pick->x && v[i].rot < pick->rot)))))
                pick = &v[i];
        cr_assert(pick);
        apply(g, pick);
        free(v);
        if (mp_game_phase(g) == MP_PHASE_DEPLOY) t_pass(g);
    }
    return g;
}

Test(mcts_hidden, other_hands_unseen, .timeout = 120) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/hand3.yaml");
    mp_game *a = hand3_position(rs, 1, "V", "V"), *b = hand3_position(rs, 2, "E", "B");
    int ha[4], hb[4];
    cr_assert_eq(mp_game_hand(a, 1, ha, 4), 2);
    cr_assert_eq(mp_game_hand(b, 1, hb, 4), 2);
    cr_assert(ha[0] != hb[0] || ha[1] != hb[1], "seat 1's hands differ");
    same_knowledge(a, b, 0, "hand3");
    same_deals(a, b, 0, "hand3");
    mp_game *da = mp_game_clone(a), *db = mp_game_clone(b);
    mp_game_determinize(da, 0, 8);
    mp_game_determinize(db, 0, 8);
    cr_assert_eq(mp_game_hand(da, 1, ha, 4), 2);
    cr_assert_eq(mp_game_hand(db, 1, hb, 4), 2);
    cr_assert(ha[0] == hb[0] && ha[1] == hb[1], "seat 1's hands dealt alike");
    same_mcts_decision(a, b, "hand3");
    mp_game_free(da);
    mp_game_free(db);
    mp_game_free(a);
    mp_game_free(b);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ The Castle's wall tiles */

enum { MAX_WALL = 16, MAX_TOWERS = 32 };

typedef struct track {
    int spaces, n_towers;
    int space[MAX_TOWERS];      /* each tower's first track space */
    int copies;                 /* copies of each wall tile */
} track;

/* The castle module's track as its facts give it (TRACK, MARKED: meeple-ruleset(5)), and the
** copies of each wall tile as its options say (read here through the kernel's structures). */
static track castle_track(const mp_ruleset *rs) {
    track tr = { 0 };
    mp_diag d = { 0 };
    mp_game_options o = { .n_players = 2, .seed = 1, .first_player = 0 };
    mp_game *g = mp_game_new(rs, &o, &d);
    cr_assert(g, "%s", d.message);
    mp_fact f[256];
    int n = mp_game_facts(g, f, 256);
    for (int i = 0; i < n && i < 256; i++) {
        if (strcmp(f[i].module, "castle")) continue;
        if (f[i].kind == MP_FACT_TRACK) tr.spaces = f[i].value;
        if (f[i].kind == MP_FACT_MARKED && tr.n_towers < MAX_TOWERS) tr.space[tr.n_towers++] = f[i].value;
    }
    mp_game_free(g);
    for (int i = 0; i < rs->n_modules; i++) {
        if (strcmp(mp_ruleset_module_name(rs, i), "castle")) continue;
        long v;
        const mp_ynode *copies = mp_y_get(rs->modules[i].options, "copies");
        cr_assert(copies && !mp_y_int(copies, 1, 8, &v, &d), "the castle module's copies");
        tr.copies = (int)v;
    }
    cr_assert_gt(tr.n_towers, 0, "the castle module's track");
    cr_assert_gt(tr.spaces, 0, "the castle module's track");
    return tr;
}

/* The wall tiles seat p holds, by number, from the module's status ("track 33, wall tile 2"). */
static void held_tiles(const mp_game *g, int p, int *held) {
    char buf[512];
    memset(held, 0, MAX_WALL * sizeof *held);
    for (const char *s = status(g, p, buf, sizeof buf); (s = strstr(s, "wall tile ")); s++) {
        int k = atoi(s + strlen("wall tile "));
        cr_assert(k > 0 && k < MAX_WALL, "%s", buf);
        held[k]++;
    }
}

/* The wall tile on the tower at track space `space` (0: none), found as a player finds it: on a
** copy, the seat to move is put on that space (a lap further on, so that its marker moves) and
** plays a turn that scores nothing; its marker, looked at when the turn ends, takes what lies
** there. */
static int wall_tile_at(const mp_game *g, const track *tr, int space) {
    int me = mp_game_current_player(g), n, found = -1;
    mp_action *v = legal(g, &n);
    for (int i = 0; i < n && found < 0; i++) {
        if (v[i].kind != MP_ACT_PLACE) continue;
        mp_game *c = mp_game_clone(g);
        int score = space + tr->spaces * (1 + mp_game_score(c, me) / tr->spaces), before[MAX_WALL], after[MAX_WALL];
        mp_diag d = { 0 };
        cr_assert_eq(mp_game_set_score(c, me, score, &d), 0, "%s", d.message);
        held_tiles(c, me, before);
        apply(c, &v[i]);
        if (mp_game_phase(c) == MP_PHASE_DEPLOY) t_pass(c);
        /* The turn ended: the next placement, or wall tile 1's offer of another turn. */
        bool ended = mp_game_phase(c) == MP_PHASE_PLACE || mp_game_phase(c) == MP_PHASE_OVER;
        if (mp_game_phase(c) == MP_PHASE_MODULE) {
            int m;
            mp_action *w = legal(c, &m);
            for (int j = 0; j < m; j++) {
                char kind[48];
                decision_kind(c, &w[j], kind, sizeof kind);
                ended |= !strcmp(kind, "castle:another-turn");
            }
            free(w);
        }
        if (ended && mp_game_score(c, me) == score) {
            held_tiles(c, me, after);
            found = 0;
            for (int k = 1; k < MAX_WALL; k++)
                if (after[k] > before[k]) found = k;
        }
        mp_game_free(c);
    }
    free(v);
    cr_assert_geq(found, 0, "no placement that scores nothing, to look at space %d", space);
    return found;
}

static void wall_layout(const mp_game *g, const track *tr, int *kinds) {
    for (int t = 0; t < tr->n_towers; t++) kinds[t] = wall_tile_at(g, tr, tr->space[t]);
}

/* The probe reads a deal written in the ruleset (tests/rulesets/castle-dealt.yaml: from 12/13 on
** in track order 1 1 2 2 3 4 5 6 7 7 8 9 3, none on 0/1); a written deal is public, so
** determinizing keeps it. */
Test(mcts_hidden, castle_written_deal_kept, .timeout = 120) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/castle-dealt.yaml");
    track tr = castle_track(rs);
    static const int dealt[] = { 0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 7, 8, 9, 3 };
    cr_assert_eq(tr.n_towers, 14);
    mp_game *g = new_game(rs, 2, 1, 0, 0);
    int real[MAX_TOWERS], dealt_anew[MAX_TOWERS];
    wall_layout(g, &tr, real);
    for (int t = 0; t < tr.n_towers; t++) cr_assert_eq(real[t], dealt[t], "tower %d", t);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        mp_game *c = mp_game_clone(g);
        mp_game_determinize(c, 0, seed);
        wall_layout(c, &tr, dealt_anew);
        for (int t = 0; t < tr.n_towers; t++) cr_assert_eq(dealt_anew[t], dealt[t], "tower %d, seed %d", t, (int)seed);
        mp_game_free(c);
    }
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A castle position in which a seat holds a wall tile, none has been played, and several still lie
** on the track: greedy against greedy, seed after seed, stopped at the first placement so. */
static mp_game *castle_position(const mp_ruleset *rs) {
    for (uint64_t seed = 1; seed < 50; seed++) {
        mp_game *g = new_game(rs, 2, seed, -1, 0);
        mp_bot *bots[2] = { new_bot("greedy", seed, 0), new_bot("greedy", seed, 1) };
        bool played = false;
        while (mp_game_phase(g) != MP_PHASE_OVER && !played) {
            int h0[MAX_WALL], h1[MAX_WALL], held = 0, on_track = 0;
            char buf[512];
            held_tiles(g, 0, h0);
            held_tiles(g, 1, h1);
            for (int k = 0; k < MAX_WALL; k++) held += h0[k] + h1[k];
            for (const char *s = status(g, -1, buf, sizeof buf); (s = strchr(s, '/')); s++) on_track++;
            if (mp_game_phase(g) == MP_PHASE_PLACE && held > 0 && on_track >= 6) {
                mp_bot_free(bots[0]);
                mp_bot_free(bots[1]);
                return g;
            }
            mp_action a;
            cr_assert_eq(mp_bot_choose(bots[mp_game_current_player(g)], g, &a), 0);
            char kind[48] = "";
            if (a.kind == MP_ACT_MODULE) decision_kind(g, &a, kind, sizeof kind);
            played = !strcmp(kind, "castle:double") || !strcmp(kind, "castle:another-turn");
            apply(g, &a);
        }
        mp_bot_free(bots[0]);
        mp_bot_free(bots[1]);
        mp_game_free(g);
    }
    cr_assert_fail("no castle position with a wall tile held and none played");
    return NULL;
}

/* Determinized, the wall tiles still on the track are dealt anew from the copies nobody has seen
** (on the track or left in the box, not those held); the towers that hold one stay the same, the
** tiles held stay where they are. */
static void wall_tiles_redealt(const char *ruleset) {
    mp_ruleset *rs = t_ruleset(ruleset);
    track tr = castle_track(rs);
    mp_game *g = castle_position(rs);
    int me = mp_game_current_player(g), real[MAX_TOWERS], unseen[MAX_WALL], on_real[MAX_WALL] = { 0 };
    wall_layout(g, &tr, real);
    for (int k = 0; k < MAX_WALL; k++) unseen[k] = k ? tr.copies : 0;
    for (int p = 0; p < 2; p++) {
        int h[MAX_WALL];
        held_tiles(g, p, h);
        for (int k = 0; k < MAX_WALL; k++) unseen[k] -= h[k];
    }
    for (int t = 0; t < tr.n_towers; t++) on_real[real[t]]++;
    int other_layout = 0, from_the_box = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        char where[96];
        snprintf(where, sizeof where, "%s, deal %d", ruleset, (int)seed);
        mp_game *c = mp_game_clone(g);
        mp_game_determinize(c, me, seed);
        check(c, where);
        same_knowledge(g, c, me, where);
        int dealt[MAX_TOWERS], on[MAX_WALL] = { 0 };
        wall_layout(c, &tr, dealt);
        bool same = true;
        for (int t = 0; t < tr.n_towers; t++) {
            cr_assert_eq(dealt[t] != 0, real[t] != 0, "%s: tower %d holds a tile as it did", where, t);
            on[dealt[t]]++;
            same &= dealt[t] == real[t];
        }
        bool boxed = false;
        for (int k = 1; k < MAX_WALL; k++) {
            cr_assert_leq(on[k], unseen[k], "%s: wall tile %d dealt %d times, %d unseen", where, k, on[k], unseen[k]);
            boxed |= on[k] > on_real[k];
        }
        other_layout += !same;
        from_the_box += boxed;
        mp_game_free(c);
    }
    cr_assert_gt(other_layout, 0, "%s: the track as it really lies in every deal", ruleset);
    cr_assert_gt(from_the_box, 0, "%s: no tile from the box ever dealt onto the track", ruleset);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

Test(mcts_hidden, castle_wall_tiles_redealt, .timeout = 120) {
    wall_tiles_redealt("castle");
    wall_tiles_redealt("castle-hig");
}

/* Two castle games as they start, the same tile in hand, their bags and wall tiles shuffled by
** different seeds: seat 0 sees the same, and its deals and its mcts decision are the same. */
Test(mcts_hidden, castle_layout_unseen, .timeout = 120) {
    mp_ruleset *rs = t_ruleset("castle");
    track tr = castle_track(rs);
    mp_game *a = new_game(rs, 2, 1, 0, 0), *b = new_game(rs, 2, 2, 0, 0);
    mp_diag d = { 0 };
    const char *ids[1] = { "C16" };
    cr_assert_eq(mp_game_set_draws(a, ids, 1, &d), 0, "%s", d.message);
    cr_assert_eq(mp_game_set_draws(b, ids, 1, &d), 0, "%s", d.message);
    int la[MAX_TOWERS], lb[MAX_TOWERS], differ = 0;
    wall_layout(a, &tr, la);
    wall_layout(b, &tr, lb);
    for (int t = 0; t < tr.n_towers; t++) differ += la[t] != lb[t];
    cr_assert_gt(differ, 0, "the seeds lay the wall tiles otherwise");
    cr_assert_neq(next_draw(a), next_draw(b), "the seeds fill the bags otherwise");
    same_knowledge(a, b, 0, "castle, two seeds");
    same_deals(a, b, 0, "castle, two seeds");
    for (uint64_t seed = 1; seed <= 3; seed++) {
        mp_game *da = mp_game_clone(a), *db = mp_game_clone(b);
        mp_game_determinize(da, 0, seed);
        mp_game_determinize(db, 0, seed);
        wall_layout(da, &tr, la);
        wall_layout(db, &tr, lb);
        for (int t = 0; t < tr.n_towers; t++) cr_assert_eq(lb[t], la[t], "deal %d: tower %d", (int)seed, t);
        mp_game_free(da);
        mp_game_free(db);
    }
    same_mcts_decision(a, b, "castle, two seeds");
    mp_game_free(a);
    mp_game_free(b);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ mp_game_copy */

/* A copy of src made into dst, whatever dst held (its grid window larger or smaller than src's,
** told by the state's bytes), plays on as a clone of src does, to the end. */
static void copy_plays_like_a_clone(mp_game *dst, const mp_game *src, const char *what) {
    mp_game *clone = mp_game_clone(src);
    cr_assert_eq(mp_game_copy(dst, src), 0, "%s", what);
    cr_assert_eq(mp_game_state_bytes(dst), mp_game_state_bytes(src), "%s: the copy's size", what);
    check(dst, what);
    same_knowledge(src, dst, mp_game_current_player(src), what);
    play_alike(clone, dst, 5, what);
    mp_game_free(clone);
}

/* A position of a random game whose grid window has grown past a new game's (the window of an
** unbounded board grows when a tile comes near its edge: some games do), the game not over. */
static mp_game *grown_window(const mp_ruleset *rs, int n_players) {
    for (uint64_t seed = 1; seed < 300; seed++) {
        mp_game *g = new_game(rs, n_players, seed, -1, 1);
        size_t small = mp_game_state_bytes(g);
        mp_bot *b = new_bot("random", seed, 0);
        while (mp_game_phase(g) != MP_PHASE_OVER && mp_game_state_bytes(g) == small) {
            mp_action a;
            cr_assert_eq(mp_bot_choose(b, g, &a), 0);
            apply(g, &a);
        }
        mp_bot_free(b);
        if (mp_game_phase(g) != MP_PHASE_OVER) return g;
        mp_game_free(g);
    }
    cr_assert_fail("no random game grew its window");
    return NULL;
}

static void copies(const char *ruleset, int n_players, bool unbounded) {
    mp_ruleset *rs = t_ruleset(ruleset);
    char what[96];
    mp_game *fresh = new_game(rs, n_players, 32, -1, 0), *early = new_game(rs, n_players, 33, -1, 0), *big;
    play_random(early, 3, 33);
    if (unbounded) {
        big = grown_window(rs, n_players);
        cr_assert_lt(mp_game_state_bytes(fresh), mp_game_state_bytes(big), "%s: windows of two sizes", ruleset);
    } else {
        big = new_game(rs, n_players, 31, -1, 1);
        play_random(big, 60, 31);
    }
    /* Into a new game (a smaller window), as a search's first copy. */
    snprintf(what, sizeof what, "%s, copied into a new game", ruleset);
    copy_plays_like_a_clone(fresh, big, what);
    /* Into that game (now its window is the larger), from an early position. */
    snprintf(what, sizeof what, "%s, an early position copied into a larger window", ruleset);
    if (unbounded) cr_assert_gt(mp_game_state_bytes(fresh), mp_game_state_bytes(early), "%s: windows of two sizes", ruleset);
    copy_plays_like_a_clone(fresh, early, what);
    /* Again and again into one game, as a search does. */
    mp_game *work = mp_game_clone(early);
    for (int i = 0; i < 3; i++) {
        snprintf(what, sizeof what, "%s, copy %d into one game", ruleset, i + 1);
        copy_plays_like_a_clone(work, i % 2 ? early : big, what);
    }
    mp_game_free(work);
    mp_game_free(early);
    mp_game_free(fresh);
    mp_game_free(big);
    mp_ruleset_free(rs);
}

Test(mcts_copy, plays_on_like_a_clone, .timeout = 120) {
    copies("c3", 3, true);
    copies("bcb", 4, true);
    copies("castle", 2, false);
}

/* A copy needs the same ruleset and number of players; a game copied onto itself is left as it is. */
Test(mcts_copy, refused_between_different_games) {
    mp_ruleset *c3 = t_ruleset("c3"), *c1 = t_ruleset("c1");
    mp_game *two = new_game(c3, 2, 1, -1, 0), *three = new_game(c3, 3, 1, -1, 0), *other = new_game(c1, 2, 1, -1, 0);
    cr_assert_eq(mp_game_copy(three, two), 1, "two players into three");
    cr_assert_eq(mp_game_copy(other, two), 1, "another ruleset");
    cr_assert_eq(mp_game_copy(NULL, two), 1);
    cr_assert_eq(mp_game_copy(two, NULL), 1);
    cr_assert_eq(mp_game_copy(two, two), 0);
    check(two, "c3");
    check(three, "c3");
    check(other, "c1");
    mp_game_free(two);
    mp_game_free(three);
    mp_game_free(other);
    mp_ruleset_free(c3);
    mp_ruleset_free(c1);
}

/* ------------------------------------------------------------------ specs */

static void good_spec(const char *spec, const char *kind) {
    mp_diag d = { 0 };
    cr_assert_eq(mp_bot_check(spec, &d), 0, "'%s': %s", spec, d.message);
    mp_bot *b = new_bot(spec, 1, 0);
    cr_assert_str_eq(mp_bot_spec(b), spec);
    cr_assert_str_eq(mp_bot_kind(b), kind);
    mp_bot_free(b);
}

/* A bad spec: refused by mp_bot_check, mp_bot_new and mp_bots_play alike, at `column`, with a
** message that contains `why` and says what was expected. */
static void bad_spec(const char *spec, int column, const char *why) {
    mp_diag d = { 0 };
    cr_assert_eq(mp_bot_check(spec, &d), 1, "'%s' accepted", spec);
    cr_assert_eq(d.column, column, "'%s': column %d, expected %d (%s)", spec, d.column, column, d.message);
    cr_assert(strstr(d.message, why), "'%s': '%s' does not say '%s'", spec, d.message, why);
    cr_assert(strstr(d.message, "; expected "), "'%s': '%s' says nothing of what was expected", spec, d.message);
    mp_diag d2 = { 0 };
    cr_assert_null(mp_bot_new(spec, 1, 0, &d2), "'%s'", spec);
    cr_assert_str_eq(d2.message, d.message);
    mp_ruleset *rs = t_ruleset("c3");
    const char *specs[2] = { "random", spec };
    mp_diag d3 = { 0 };
    cr_assert_null(mp_bots_play(rs, specs, 2, 1, NULL, &d3), "'%s'", spec);
    cr_assert_str_eq(d3.message, d.message);
    mp_ruleset_free(rs);
}

Test(mcts_specs, good) {
    good_spec("random", "random");
    good_spec("greedy", "greedy");
    good_spec("mcts", "mcts");
    good_spec("mcts:1", "mcts");
    good_spec("mcts:4000", "mcts");
    good_spec("mcts:100000000", "mcts");
    good_spec("mcts:0.5s", "mcts");
    good_spec("mcts:2s", "mcts");
    good_spec("mcts:3600s", "mcts");
    good_spec("mcts-rollout", "mcts-rollout");
    good_spec("mcts-rollout:50", "mcts-rollout");
    good_spec("mcts-rollout:0.5s", "mcts-rollout");
}

Test(mcts_specs, bad) {
    bad_spec("mcts:0", 6, "an iteration budget from 1 to 100000000");
    bad_spec("mcts:100000001", 6, "an iteration budget from 1 to 100000000");
    bad_spec("mcts:abc", 6, "a budget after 'mcts:'");
    bad_spec("mcts:", 6, "a budget after 'mcts:'");
    bad_spec("mcts:-5", 6, "a budget after 'mcts:'");
    bad_spec("mcts:1.5", 7, "unexpected text after the budget");
    bad_spec("mcts:40x", 8, "unexpected text after the budget");
    bad_spec("mcts:0s", 6, "a time a decision above 0 and at most 3600 seconds");
    bad_spec("mcts:3601s", 6, "a time a decision above 0 and at most 3600 seconds");
    bad_spec("foo", 1, "no bot of that name");
    bad_spec("mctsx", 1, "no bot of that name");
    bad_spec("mcts-rolloutx", 1, "no bot of that name");
    bad_spec("mcts-roll", 1, "no bot of that name");
    bad_spec("mcts-rollout:0", 14, "an iteration budget from 1 to 100000000");
    bad_spec("mcts-rollout:1.5", 15, "unexpected text after the budget");
    bad_spec("Random", 1, "no bot of that name");
    bad_spec("", 1, "no bot of that name");
    bad_spec("mcts:4000mcts:4000mcts:4000mcts:4000mcts:4000mcts:4000", 1, "a bot spec of at most 47 characters");
}

/* No spec at all is refused as a bad one, not a crash. */
Test(mcts_specs, null_spec) {
    mp_diag d = { 0 };
    cr_assert_eq(mp_bot_check(NULL, &d), 1);
    cr_assert_eq(d.column, 1);
}
