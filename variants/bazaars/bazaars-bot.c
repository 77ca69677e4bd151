/*
** bazaars-bot.c: how a simple bot weighs a bazaar's decisions (meeple-bots(7), bazaars): the
** choose_simple hook (module.h), with the bot's callbacks (simple-bot.h), reading the actions as
** the module's decisions (mp_game_decision; its kinds and arguments: meeple-ruleset(5), bazaars).
**
** A tile is worth, to a player, the most points placing it (and deploying) on the board as it
** stands would give now (the bot's tile_value). Its worth to "the others" is the most it is worth
** to another seat. The selector takes the tile worth most to it (ties: the one worth most to the
** others, who may then bid) at the lowest bid, since a bid nobody raises is paid to nobody. The
** selector buys when the tile's worth minus the bid beats the bid that selling brings, and sells
** otherwise. A bidder expects the selector to decide so, and picks the raise that brings it most:
** +bid if the selector then buys, worth - bid if he sells; never above the tile's worth to itself,
** so that either way the raise cannot lose points.
*/
#include <limits.h>
#include <string.h>

#include "bazaars-bot.h"

static int min_int(int a, int b) { return a < b ? a : b; }
static int max_int(int a, int b) { return a > b ? a : b; }

enum { BZ_NONE, BZ_SELECT, BZ_PICK, BZ_RAISE, BZ_PASS, BZ_BUY, BZ_SELL };

/* What a bazaar action is, as this module's decision, and the bid it names (select, bid). The
** tile it is about is in its `tile` field (bazaars.c, tile_about). */
static int bazaar_step(const mp_module_view *c, const mp_action *a, int *bid) {
    static const char *const steps[] = { [BZ_SELECT] = "select", [BZ_PICK] = "pick", [BZ_RAISE] = "bid",
                                         [BZ_PASS] = "pass", [BZ_BUY] = "buy", [BZ_SELL] = "sell" };
    mp_decision d;
    *bid = 0;
    if (a->module != c->index || mp_game_decision(c->game, a, &d)) return BZ_NONE;
    for (int i = 0; i < d.n_args; i++)
        if (!strcmp(d.arg_names[i], "bid")) *bid = d.args[i];
    for (int k = BZ_SELECT; k <= BZ_SELL; k++)
        if (!strcmp(d.name, steps[k])) return k;
    return BZ_NONE;
}

/* The most the tile is worth to another seat (who still takes part is not public: all count). */
static int others_value(const mp_module_view *c, const mp_simple_bot *bot, int me, int tile) {
    int best = 0;
    for (int p = 0; p < mp_mod_players(c); p++)
        if (p != me) best = max_int(best, bot->tile_value(bot, p, tile));
    return best;
}

/* Selecting (or picking, without auction): per open tile kind the action with the lowest bid, then
** the tile worth most to me; ties: worth most to the others, then the bot's seeded choice. */
static int choose_tile(const mp_module_view *c, const mp_action *v, int n, const mp_simple_bot *bot, int me) {
    int cand[MP_MAX_PLAYERS * 2], low[MP_MAX_PLAYERS * 2], nc = 0;
    for (int i = 0; i < n; i++) {
        int bid, step = bazaar_step(c, &v[i], &bid), k = 0;
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
    for (int k = 0; k < nc; k++) best = max_int(best, mine[k] = bot->tile_value(bot, me, v[cand[k]].tile));
    for (int k = 0; k < nc; k++)
        if (mine[k] == best) cand[n_tied++] = cand[k];
    if (n_tied > 1) {   /* worth the same to me: the one worth most to the others */
        int theirs[MP_MAX_PLAYERS * 2], top = INT_MIN, m = 0;
        for (int k = 0; k < n_tied; k++) top = max_int(top, theirs[k] = others_value(c, bot, me, v[cand[k]].tile));
        for (int k = 0; k < n_tied; k++)
            if (theirs[k] == top) cand[m++] = cand[k];
        n_tied = m;
    }
    return cand[bot->below(bot, n_tied)];
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
static int choose_raise(const mp_module_view *c, const mp_action *v, int n, const mp_simple_bot *bot, int me) {
    int pass = -1, lo = INT_MAX, hi = INT_MIN, tile = -1;
    for (int i = 0; i < n; i++) {
        int bid, step = bazaar_step(c, &v[i], &bid);
        if (step == BZ_PASS) pass = i;
        if (step != BZ_RAISE) continue;
        lo = min_int(lo, bid);
        hi = max_int(hi, bid);
        tile = v[i].tile;
    }
    if (pass < 0) return -1;
    if (tile < 0) return pass;
    int want = bid_for(bot->tile_value(bot, me, tile), others_value(c, bot, me, tile), lo, hi);
    for (int i = 0; i < n && want >= 0; i++) {
        int bid;
        if (bazaar_step(c, &v[i], &bid) == BZ_RAISE && bid == want) return i;
    }
    return pass;
}

/* Buying or selling: buy when the tile's worth minus the bid beats the bid that selling brings. */
static int choose_deal(const mp_module_view *c, const mp_action *v, int n, const mp_simple_bot *bot, int me) {
    int buy = -1, sell = -1;
    for (int i = 0; i < n; i++) {
        int bid, step = bazaar_step(c, &v[i], &bid);
        if (step == BZ_BUY) buy = i;
        if (step == BZ_SELL) sell = i;
    }
    if (buy < 0 || sell < 0) return buy >= 0 ? buy : sell;
    int bid = bot->gain(bot, &v[sell]);   /* the bid, as the points selling brings */
    if (bid == INT_MIN) bid = 0;
    return bot->tile_value(bot, me, v[buy].tile) - bid > bid ? buy : sell;
}

int bazaars_choose_simple(const mp_module_view *c, const mp_action *v, int n, const mp_simple_bot *bot) {
    int me = mp_mod_player(c), bid;
    switch (bazaar_step(c, &v[0], &bid)) {
    case BZ_SELECT:
    case BZ_PICK: return choose_tile(c, v, n, bot, me);
    case BZ_RAISE:
    case BZ_PASS: return choose_raise(c, v, n, bot, me);
    case BZ_BUY:
    case BZ_SELL: return choose_deal(c, v, n, bot, me);
    default: return -1;
    }
}
