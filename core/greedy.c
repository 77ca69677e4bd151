/*
** greedy.c: the greedy bot (meeple-bots(7)): the action with the best immediate score gain for
** the player deciding (a placement is worth the best deployment that can follow it); ties go to
** the feature worth most now, then to the bot's own seeded choice.
**
** The greedy bot weighs an action by taking it on a copy of the game. A decision a module asks
** for in the middle of the turn is settled on the copy with its first legal action (a castle
** declined, so the town's points show; a bazaar's tiles given for nothing), so that the copy's
** score says what the turn brings. Two modules' own decisions are weighed further:
**
**   castles  Convert the town when its fief promises more than the town gives now. The promise is
**            the highest value now (mp_game_feature_info) of an incomplete feature with a segment
**            on the fief's 6 tiles, on the board as it stands after this turn's scoring (what
**            completes this turn does not count for the castle); the town's worth is what
**            declining scores for the bot more than converting does. Only while the bag holds two
**            more tiles per player, for the fief to have a chance to complete something.
**   bazaars  A tile is worth, to a player, the most points placing it (and deploying) on the
**            board as it stands would give now (mp_game_clone_to_place). Its worth to "the
**            others" is the most it is worth to another seat. The selector takes the tile worth
**            most to it (ties: the one worth most to the others, who may then bid) at the lowest
**            bid, since a bid nobody raises is paid to nobody. The selector buys when the tile's
**            worth minus the bid beats the bid that selling brings, and sells otherwise. A bidder
**            expects the selector to decide so, and picks the raise that brings it most: +bid if
**            the selector then buys, worth - bid if he sells; never above the tile's worth to
**            itself, so that either way the raise cannot lose points.
*/
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The position c (settled first) after action a (NULL: none to credit), for player me. */
static worth worth_after(mp_game *c, int me, int before, const mp_action *a) {
    settle(c);
    worth w = { 0, mp_game_score(c, me) - before };
    w.rank = 16L * w.gain;
    if (a && a->kind == MP_ACT_DEPLOY) {
        int complete = 0, tiles = 0, points = 0;
        if (!mp_game_feature_info(c, a->x, a->y, a->feature, &complete, &tiles, &points) && !complete)
            w.rank += points - 2;   /* a follower kept in the supply is worth a little */
    }
    return w;
}

/* The best player me can reach from c by its deployment decision (or none). */
static worth best_deploy(mp_game *c, int me, int before) {
    if (mp_game_phase(c) != MP_PHASE_DEPLOY || mp_game_current_player(c) != me) return worth_after(c, me, before, NULL);
    int n;
    mp_action *v = mp_bot_legal(c, &n);
    worth best = NOTHING;
    for (int i = 0; i < n; i++) {
        mp_game *after = copy_after(c, &v[i]);
        if (!after) continue;
        best = best_of(best, worth_after(after, me, before, &v[i]));
        mp_game_free(after);
    }
    free(v);
    return best;
}

/* What action a in g is worth to player me, who has `before` points: a placement is worth the best
** deployment that can follow it. */
static worth action_worth(const mp_game *g, const mp_action *a, int me, int before) {
    mp_game *c = copy_after(g, a);
    if (!c) return NOTHING;
    worth w = a->kind == MP_ACT_DEPLOY ? worth_after(c, me, before, a) : best_deploy(c, me, before);
    mp_game_free(c);
    return w;
}

/* The index of the action ranked best for the player deciding (ties: the bot's seeded choice). */
static int best_ranked(uint64_t *rng, const mp_game *g, const mp_action *v, int n) {
    int me = mp_game_current_player(g), before = mp_game_score(g, me);
    long best = LONG_MIN;
    int n_best = 0;
    int *ties = malloc((size_t)n * sizeof *ties);
    if (!ties) abort();
    for (int i = 0; i < n; i++) {
        long x = action_worth(g, &v[i], me, before).rank;
        if (x > best) { best = x; n_best = 0; }
        if (x == best) ties[n_best++] = i;
    }
    int k = ties[mp_bot_below(rng, n_best)];
    free(ties);
    return k;
}

/* ------------------------------------------------------------------ module decisions */

/* The kind of decision action a is when it is one of module `module` ("convert" of "castles"),
** NULL when it is not: read as data (mp_game_decision), never from the notation. */
static const char *decision_of(const mp_game *g, const mp_action *a, const char *module) {
    mp_decision d;
    if (mp_game_decision(g, a, &d) || strcmp(d.module, module) != 0) return NULL;
    return d.name;
}

static int min_int(int a, int b) { return a < b ? a : b; }
static int max_int(int a, int b) { return a > b ? a : b; }

/* The highest value now of an incomplete feature with a segment on the fief of the town a castle
** decision names (x, y and arg[1], arg[2]: the town's two tiles): the 3x2 block of those tiles and
** their neighbours along the side they share. */
static int fief_promise(const mp_game *g, const mp_action *a) {
    int x0 = min_int(a->x, a->arg[1]), x1 = max_int(a->x, a->arg[1]);
    int y0 = min_int(a->y, a->arg[2]), y1 = max_int(a->y, a->arg[2]);
    if (x0 == x1) { x0--; x1++; }   /* one above the other: the fief spreads east and west */
    else { y0--; y1++; }
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    int best = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            int rot, t = mp_game_tile_at(g, x, y, &rot);
            if (t < 0) continue;
            /* The tile's own features and one laid over it (a bridge), which comes last. */
            for (int f = 0; f <= mp_tileset_tile_n_features(ts, t); f++) {
                int complete, points;
                if (!mp_game_feature_info(g, x, y, f, &complete, NULL, &points) && !complete && points > best) best = points;
            }
        }
    return best;
}

/* Castles: convert or decline (see the top of the file); -1 when these are not its actions. */
static int choose_castle(const mp_game *g, const mp_action *v, int n) {
    int keep = -1, convert = -1;
    for (int i = 0; i < n; i++) {
        const char *what = decision_of(g, &v[i], "castles");
        if (what && !strcmp(what, "decline")) keep = i;
        if (what && !strcmp(what, "convert")) convert = i;
    }
    if (keep < 0 || convert < 0) return keep >= 0 ? keep : convert;
    int me = mp_game_current_player(g), choice = keep;
    mp_game *kept = copy_after(g, &v[keep]), *built = copy_after(g, &v[convert]);
    if (kept && built && mp_game_tiles_left(g) >= 2 * mp_game_n_players(g)) {
        settle(kept);
        settle(built);
        int town = mp_game_score(kept, me) - mp_game_score(built, me);
        if (fief_promise(built, &v[convert]) > town) choice = convert;
    }
    mp_game_free(kept);
    mp_game_free(built);
    return choice;
}

/* What tile kind `tile` is worth to player p: the most points placing it (and deploying) on the
** board as it stands would give now; 0 when it fits nowhere. */
static int tile_value(const mp_game *g, int p, int tile) {
    mp_game *w = mp_game_clone_to_place(g, p, tile);
    if (!w) return 0;
    int n, best = 0, before = mp_game_score(w, p);
    mp_action *v = mp_bot_legal(w, &n);
    for (int i = 0; i < n; i++) best = max_int(best, action_worth(w, &v[i], p, before).gain);
    free(v);
    mp_game_free(w);
    return best;
}

/* The most the tile is worth to another seat (who still takes part is not public: all count). */
static int others_value(const mp_game *g, int me, int tile) {
    int best = 0;
    for (int p = 0; p < mp_game_n_players(g); p++)
        if (p != me) best = max_int(best, tile_value(g, p, tile));
    return best;
}

enum { BZ_NONE, BZ_SELECT, BZ_PICK, BZ_RAISE, BZ_PASS, BZ_BUY, BZ_SELL };

/* What a bazaar action is, as the bazaars module's decision (mp_game_decision; its kinds and
** arguments: meeple-ruleset(5), bazaars), and the bid it names (select, bid). The tile it is
** about is in its `tile` field (bazaars.c, tile_about). */
static int bazaar_step(const mp_game *g, const mp_action *a, int *bid) {
    static const char *const steps[] = { [BZ_SELECT] = "select", [BZ_PICK] = "pick", [BZ_RAISE] = "bid",
                                         [BZ_PASS] = "pass", [BZ_BUY] = "buy", [BZ_SELL] = "sell" };
    mp_decision d;
    *bid = 0;
    if (mp_game_decision(g, a, &d) || strcmp(d.module, "bazaars")) return BZ_NONE;
    for (int i = 0; i < d.n_args; i++)
        if (!strcmp(d.arg_names[i], "bid")) *bid = d.args[i];
    for (int k = BZ_SELECT; k <= BZ_SELL; k++)
        if (!strcmp(d.name, steps[k])) return k;
    return BZ_NONE;
}

/* Selecting (or picking, without auction): per open tile kind the action with the lowest bid, then
** the tile worth most to me; ties: worth most to the others, then the bot's seeded choice. */
static int choose_tile(uint64_t *rng, const mp_game *g, const mp_action *v, int n, int me) {
    int cand[MP_MAX_PLAYERS * 2], low[MP_MAX_PLAYERS * 2], nc = 0;
    for (int i = 0; i < n; i++) {
        int bid, step = bazaar_step(g, &v[i], &bid), k = 0;
        if ((step != BZ_SELECT && step != BZ_PICK) || v[i].tile < 0) continue;
        while (k < nc && v[cand[k]].tile != v[i].tile) k++;
        if (k == nc) {
            if (nc == (int)(sizeof cand / sizeof cand[0])) continue;
            cand[nc] = i; low[nc++] = bid;
        } else if (bid < low[k]) {
            cand[k] = i; low[k] = bid;
        }
    }
    if (!nc) return -1;
    int mine[MP_MAX_PLAYERS * 2], best = INT_MIN, n_tied = 0;
    for (int k = 0; k < nc; k++) best = max_int(best, mine[k] = tile_value(g, me, v[cand[k]].tile));
    for (int k = 0; k < nc; k++)
        if (mine[k] == best) cand[n_tied++] = cand[k];
    if (n_tied > 1) {   /* worth the same to me: the one worth most to the others */
        int theirs[MP_MAX_PLAYERS * 2], top = INT_MIN, m = 0;
        for (int k = 0; k < n_tied; k++) top = max_int(top, theirs[k] = others_value(g, me, v[cand[k]].tile));
        for (int k = 0; k < n_tied; k++)
            if (theirs[k] == top) cand[m++] = cand[k];
        n_tied = m;
    }
    return cand[mp_bot_below(rng, n_tied)];
}

/* The raise to make, within lo..hi, on a tile worth `mine` to me and `theirs` to the selector, who
** sells from the bid sells_at on (2 * bid >= theirs: selling brings him the bid, buying his worth
** minus the bid) and buys below it. A raise to b then brings me b (he buys) or mine - b (he
** sells); never above mine. Returns the raise that brings most, -1 for none (pass). */
static int bid_for(int mine, int theirs, int lo, int hi) {
    int sells_at = (theirs + 1) / 2, best = -1, gain = 0;
    hi = min_int(hi, mine);
    int b = min_int(sells_at - 1, hi);           /* the highest bid at which he still buys */
    if (b >= lo && b > gain) { best = b; gain = b; }
    b = max_int(sells_at, lo);                   /* the lowest at which he sells */
    if (b <= hi && mine - b > gain) best = b;
    return best;
}

/* Bidding: pass, or the raise bid_for gives. */
static int choose_raise(const mp_game *g, const mp_action *v, int n, int me) {
    int pass = -1, lo = INT_MAX, hi = INT_MIN, tile = -1;
    for (int i = 0; i < n; i++) {
        int bid, step = bazaar_step(g, &v[i], &bid);
        if (step == BZ_PASS) pass = i;
        if (step != BZ_RAISE) continue;
        lo = min_int(lo, bid);
        hi = max_int(hi, bid);
        tile = v[i].tile;
    }
    if (pass < 0) return -1;
    if (tile < 0) return pass;
    int want = bid_for(tile_value(g, me, tile), others_value(g, me, tile), lo, hi);
    for (int i = 0; i < n && want >= 0; i++) {
        int bid;
        if (bazaar_step(g, &v[i], &bid) == BZ_RAISE && bid == want) return i;
    }
    return pass;
}

/* Buying or selling: buy when the tile's worth minus the bid beats the bid that selling brings. */
static int choose_deal(const mp_game *g, const mp_action *v, int n, int me) {
    int buy = -1, sell = -1;
    for (int i = 0; i < n; i++) {
        int bid, step = bazaar_step(g, &v[i], &bid);
        if (step == BZ_BUY) buy = i;
        if (step == BZ_SELL) sell = i;
    }
    if (buy < 0 || sell < 0) return buy >= 0 ? buy : sell;
    mp_game *sold = copy_after(g, &v[sell]);   /* the bid, as the points selling brings */
    int bid = sold ? mp_game_score(sold, me) - mp_game_score(g, me) : 0;
    mp_game_free(sold);
    return tile_value(g, me, v[buy].tile) - bid > bid ? buy : sell;
}

/* A decision of a module the greedy bot knows; -1 to rank the actions as any others. */
/* Wall tiles a player holds in The Castle: the copies its facts COUNT "wall-tile" give him. */
static int wall_tiles_held(const mp_game *g, int p) {
    int n = mp_game_facts(g, NULL, 0), held = 0;
    mp_fact facts[n > 0 ? n : 1];
    mp_game_facts(g, facts, n);
    for (int i = 0; i < n; i++)
        if (facts[i].kind == MP_FACT_COUNT && facts[i].player == p && !strcmp(facts[i].module, "castle") &&
            !strcmp(facts[i].what, "wall-tile"))
            held += facts[i].value;
    return held;
}

/* The Castle's decisions: another turn is always worth taking (wall tile 1); the order of
** simultaneous scorings is the one that ends with the most wall tiles won. Others: -1 (the
** score decides: a doubling wall tile is played as soon as it pays). */
static int choose_castle_game(const mp_game *g, const mp_action *v, int n, int me) {
    int best = -1, most = -1;
    for (int i = 0; i < n; i++) {
        mp_decision d;
        if (mp_game_decision(g, &v[i], &d) != 0 || strcmp(d.module, "castle") != 0) continue;
        if (!strcmp(d.name, "extra-turn")) return i;   /* another turn */
        if (strcmp(d.name, "first") != 0) continue;
        mp_game *c = copy_after(g, &v[i]);
        if (!c) continue;
        settle(c);
        int held = wall_tiles_held(c, me);
        if (held > most) { most = held; best = i; }
        mp_game_free(c);
    }
    return best;
}

static int choose_module(uint64_t *rng, const mp_game *g, const mp_action *v, int n) {
    int me = mp_game_current_player(g), bid, k = choose_castle(g, v, n);
    if (k >= 0) return k;
    if ((k = choose_castle_game(g, v, n, me)) >= 0) return k;
    switch (bazaar_step(g, &v[0], &bid)) {
    case BZ_SELECT:
    case BZ_PICK: return choose_tile(rng, g, v, n, me);
    case BZ_RAISE:
    case BZ_PASS: return choose_raise(g, v, n, me);
    case BZ_BUY:
    case BZ_SELL: return choose_deal(g, v, n, me);
    default: return -1;
    }
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

