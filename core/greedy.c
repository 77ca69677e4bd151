/*
** greedy.c: the greedy bot (meeple-bots(7)): the action with the best immediate score gain for
** the player deciding (a placement is worth the best deployment that can follow it); ties go to
** the feature worth most now, then to the bot's own seeded choice.
**
** The greedy bot weighs an action by taking it on a copy of the game. A decision a module asks
** for in the middle of the turn is settled on the copy with its first legal action (a castle
** declined, so the town's points show; a bazaar's tiles given for nothing), so that the copy's
** score says what the turn brings. When the decision to take is a module's own, the module may
** weigh it first (its choose_simple hook, module.h), with the bot's weighing as callbacks
** (simple-bot.h): the points an action brings, a copy to read, what a tile is worth to a player,
** the bot's tie-break. The bot names no module: meeple-bots(7) says how the shipped ones weigh.
** What a module's state is worth beyond the score (goods led, a second tile coming: its worth
** hook) counts in the rank as points do.
*/
#include <limits.h>
#include <stdlib.h>

#include "bot.h"

/* ------------------------------------------------------------------ weighing an action on a copy */

/* Takes the decisions modules ask for with their first legal action until the game waits for a
** placement or a deployment (see the top of the file). A bazaar takes a step per selection and
** bid; the bound only guards against a module that never lets go. */
static void settle(mp_game *c) {
    for (int step = 0; step < 64 && mp_game_phase(c) == MP_PHASE_MODULE; step++) {
        mp_action a;
        mp_diag d;
        if (mp_game_legal(c, &a, 1) < 1 || mp_game_apply(c, &a, &d)) return;
    }
}

/* A copy of g after action a; NULL when a is refused. */
static mp_game *copy_after(const mp_game *g, const mp_action *a) {
    mp_game *c = mp_game_clone(g);
    if (!c) abort();
    mp_diag d;
    if (!mp_game_apply(c, a, &d)) return c;
    mp_game_free(c);
    return NULL;
}

/* What a position is worth to the player who had `before` points. rank orders actions: the score
** gained times 16 (so it dominates) plus, after a deployment, what the feature the follower went
** on is worth now; gain is the points gained. Over several positions, the best of each. */
typedef struct worth {
    long rank;
    int gain;
} worth;

static const worth NOTHING = { LONG_MIN, INT_MIN };

static worth best_of(worth a, worth b) {
    return (worth){ a.rank > b.rank ? a.rank : b.rank, a.gain > b.gain ? a.gain : b.gain };
}

/* The position c (settled first) after action a (NULL: none to credit), for player me, who had
** `before` points and modules' worth `held` (mp_module_worth: goods he leads, a second tile). */
static worth worth_after(mp_game *c, int me, int before, int held, const mp_action *a) {
    settle(c);
    worth w = { 0, mp_game_score(c, me) - before };
    w.rank = 16L * (w.gain + mp_module_worth(c, me) - held);
    if (a && a->kind == MP_ACT_DEPLOY) {
        int complete = 0, tiles = 0, points = 0;
        if (!mp_game_feature_info(c, a->x, a->y, a->feature, &complete, &tiles, &points) && !complete)
            w.rank += points - 2;   /* a follower kept in the supply is worth a little */
    }
    return w;
}

/* The best player me can reach from c by its deployment decision (or none). */
static worth best_deploy(mp_game *c, int me, int before, int held) {
    if (mp_game_phase(c) != MP_PHASE_DEPLOY || mp_game_current_player(c) != me) return worth_after(c, me, before, held, NULL);
    int n;
    mp_action *v = mp_bot_legal(c, &n);
    worth best = NOTHING;
    for (int i = 0; i < n; i++) {
        mp_game *after = copy_after(c, &v[i]);
        if (!after) continue;
        best = best_of(best, worth_after(after, me, before, held, &v[i]));
        mp_game_free(after);
    }
    free(v);
    return best;
}

/* What action a in g is worth to player me, who has `before` points: a placement is worth the best
** deployment that can follow it. */
static worth action_worth(const mp_game *g, const mp_action *a, int me, int before, int held) {
    mp_game *c = copy_after(g, a);
    if (!c) return NOTHING;
    worth w = a->kind == MP_ACT_DEPLOY ? worth_after(c, me, before, held, a) : best_deploy(c, me, before, held);
    mp_game_free(c);
    return w;
}

/* The index of the action ranked best for the player deciding (ties: the bot's seeded choice). */
static int best_ranked(uint64_t *rng, const mp_game *g, const mp_action *v, int n) {
    int me = mp_game_current_player(g), before = mp_game_score(g, me), held = mp_module_worth(g, me);
    long best = LONG_MIN;
    int n_best = 0;
    int *ties = malloc((size_t)n * sizeof *ties);
    if (!ties) abort();
    for (int i = 0; i < n; i++) {
        long x = action_worth(g, &v[i], me, before, held).rank;
        if (x > best) { best = x; n_best = 0; }
        if (x == best) ties[n_best++] = i;
    }
    int k = ties[mp_bot_below(rng, n_best)];
    free(ties);
    return k;
}

/* ------------------------------------------------------------------ the callbacks a module weighs with */

static int max_int(int a, int b) { return a > b ? a : b; }

/* What tile kind `tile` is worth to player p: the most points placing it (and deploying) on the
** board as it stands would give now; 0 when it fits nowhere. */
static int tile_value(const mp_game *g, int p, int tile) {
    mp_game *w = mp_game_clone_to_place(g, p, tile);
    if (!w) return 0;
    int n, best = 0, before = mp_game_score(w, p), held = mp_module_worth(w, p);
    mp_action *v = mp_bot_legal(w, &n);
    for (int i = 0; i < n; i++) best = max_int(best, action_worth(w, &v[i], p, before, held).gain);
    free(v);
    mp_game_free(w);
    return best;
}

/* The game being decided and this decision's stream: the callbacks' arg. */
typedef struct deciding {
    const mp_game *g;
    uint64_t *rng;
} deciding;

static const deciding *deciding_of(const mp_simple_bot *b) { return b->arg; }

static mp_game *cb_after(const mp_simple_bot *b, const mp_action *a) {
    mp_game *c = copy_after(deciding_of(b)->g, a);
    if (c) settle(c);
    return c;
}

static int cb_gain(const mp_simple_bot *b, const mp_action *a) {
    const mp_game *g = deciding_of(b)->g;
    int me = mp_game_current_player(g);
    mp_game *c = cb_after(b, a);
    if (!c) return INT_MIN;
    int gain = mp_game_score(c, me) - mp_game_score(g, me);
    mp_game_free(c);
    return gain;
}

static int cb_tile_value(const mp_simple_bot *b, int player, int tile) {
    return tile_value(deciding_of(b)->g, player, tile);
}

static int cb_below(const mp_simple_bot *b, int n) { return mp_bot_below(deciding_of(b)->rng, n); }

/* A decision of a module, weighed by the module with this bot's callbacks; -1 to rank the actions
** as any others. */
static int choose_module(uint64_t *rng, const mp_game *g, const mp_action *v, int n) {
    deciding now = { g, rng };
    mp_simple_bot bot = { .arg = &now, .gain = cb_gain, .after = cb_after, .tile_value = cb_tile_value,
                          .below = cb_below };
    return mp_module_choose_simple(g, v, n, &bot);
}

int mp_greedy_choose(uint64_t *rng, const mp_game *g, mp_action *out) {
    int n;
    mp_action *v = mp_bot_legal(g, &n);
    if (!v) return 1;
    int k = mp_game_phase(g) == MP_PHASE_MODULE ? choose_module(rng, g, v, n) : -1;
    if (k < 0) k = best_ranked(rng, g, v, n);
    *out = v[k];
    free(v);
    return 0;
}

