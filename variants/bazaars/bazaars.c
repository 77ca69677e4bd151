/*
** bazaars.c: bazaars (Bridges, Castles and Bazaars). Rules: meeple-ruleset(5), the bazaars
** module.
**
** At the end of a turn in which a tile with the `bazaar` marker was drawn from the bag and placed,
** as many tiles as players are turned up. Starting with the next player, a player without a tile
** selects an open tile and opens the bidding (0 allowed); every other player without a tile, in
** order, raises once or passes; the selector then buys it (paying the highest bid to its bidder,
** or his own bid to nobody when nobody raised) or sells it to the highest bidder (receiving the
** bid). The next player without a tile selects next; the last tile goes free to the last player.
** Then each places his tile as a turn of his own, from the player after the active one. A tile
** received at a bazaar starts no bazaar. Options: negative scores (HiG) or no bid above one's
** score (ZMG), no bazaar when fewer tiles remain than players (RGG), and the variant without
** auction (each player in turn just picks a tile).
**
** Hooks: end_turn (start a bazaar), legal/apply (its decisions), format/parse (notation), facts
** (the tiles on offer, the bid, who is asked).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bazaars-bot.h"

enum { SELECT = 1, RAISE, PASS, BUY, SELL, PICK };       /* action codes */
enum { IDLE, SELECTING, BIDDING, DECIDING, PICKING };    /* where the bazaar stands */
enum { MAX_BID_CHOICES = 12 };                            /* bids the legal list offers */

typedef struct bazaars_config {
    bool negative;            /* bids may exceed one's score (HiG); otherwise not (ZMG) */
    bool need_tiles;          /* no bazaar when fewer tiles remain than players (RGG) */
    bool auction;             /* false: each player simply picks a tile */
} bazaars_config;

typedef struct bazaars_state {
    int marker;               /* the `bazaar` marker, -1 none in the tile sets */
    int category;             /* score category of bids ("bazaar") */
    int stage;
    int active;               /* whose bazaar tile started it */
    int n_open;
    int16_t open[MP_MAX_PLAYERS];   /* tiles turned up, -1 once taken */
    int16_t got[MP_MAX_PLAYERS];    /* the tile each player received, -1 none */
    int selector, chosen, bid, high;  /* the tile on offer, its highest bid and bidder */
    int asked;                /* the bidder being asked now */
} bazaars_state;

static int bazaars_configure(mp_arena *a, const mp_ynode *options, void **config, mp_diag *d) {
    static const char *const keys[] = { "negative_scores", "need_tiles", "auction", NULL };
    bazaars_config *c = mp_arena_alloc(a, sizeof *c);
    c->negative = true;
    c->need_tiles = false;
    c->auction = true;
    *config = c;
    if (!options || mp_y_is_null(options)) return 0;
    if (mp_y_expect(options, MP_Y_MAP, "options", d) || mp_y_check_keys(options, keys, d)) return 1;
    mp_ynode *n;
    if ((n = mp_y_get(options, "negative_scores")) && mp_y_bool(n, &c->negative, d)) return 1;
    if ((n = mp_y_get(options, "need_tiles")) && mp_y_bool(n, &c->need_tiles, d)) return 1;
    if ((n = mp_y_get(options, "auction")) && mp_y_bool(n, &c->auction, d)) return 1;
    return 0;
}

static int bazaars_setup(mp_module_ctx *cx, mp_diag *d) {
    bazaars_state *s = cx->state;
    s->marker = mp_mod_marker(&cx->view, "bazaar");
    s->category = mp_mod_add_category(cx, "bazaar");
    s->stage = IDLE;
    if (s->category < 0) {
        return mp_diag_set(d, mp_mod_ruleset_path(&cx->view), 0, 0, "the bazaars module finds no room for its score category 'bazaar'; "
                 "expected fewer feature kinds and modules' categories");
    }
    return 0;
}

/* The next player after p, in order, who has no tile yet; -1 when all have one. */
static int next_without(const mp_module_view *cx, const bazaars_state *s, int p) {
    int n = mp_mod_players(cx);
    for (int k = 1; k <= n; k++) {
        int q = (p + k) % n;
        if (s->got[q] < 0) return q;
    }
    return -1;
}

static int tiles_open(const bazaars_state *s) {
    int n = 0;
    for (int i = 0; i < s->n_open; i++) n += s->open[i] >= 0;
    return n;
}

/* Points to one player in the category "bazaar" (a bid paid or received). */
static void pay(mp_module_ctx *cx, const bazaars_state *s, int player, int points) {
    mp_mod_award(cx, 1u << player, points, s->category, -1, "bazaar");
}

/* Asks whoever decides next, or ends the bazaar: the last tile goes free, tiles are played. */
static void next_decision(mp_module_ctx *cx, bazaars_state *s, const bazaars_config *c) {
    int n = mp_mod_players(&cx->view);
    if (s->stage == BIDDING) {
        /* Each other player without a tile, in order after the selector, bids once. */
        for (int k = 1; k < n; k++) {
            int q = (s->asked + k) % n;
            if (q == s->selector) break;
            if (s->got[q] < 0) { s->asked = q; mp_mod_request(cx, q); return; }
        }
        if (s->high != s->selector) {   /* somebody raised: the selector buys or sells */
            s->stage = DECIDING;
            mp_mod_request(cx, s->selector);
            return;
        }
        /* Nobody raised: the selector pays his own bid to nobody. */
        pay(cx, s, s->selector, -s->bid);
        s->got[s->selector] = s->open[s->chosen];
        s->open[s->chosen] = -1;
        s->stage = SELECTING;
    }
    int without = 0, last = -1;
    for (int p = 0; p < n; p++)
        if (s->got[p] < 0) { without++; last = p; }
    if (without == 1 && tiles_open(s) >= 1) {   /* the last tile goes free */
        for (int i = 0; i < s->n_open && s->got[last] < 0; i++)
            if (s->open[i] >= 0) { s->got[last] = s->open[i]; s->open[i] = -1; }
        without = 0;
    }
    if (without == 0 || tiles_open(s) == 0) {
        /* Each places his tile as a turn of his own, from the player after the active one. */
        for (int k = 1; k <= n; k++) {
            int p = (s->active + k) % n;
            if (s->got[p] >= 0) mp_mod_queue_turn(cx, p, s->got[p]);
        }
        s->stage = IDLE;
        return;
    }
    /* The next player without a tile selects, from the last selector on (he again, if he sold). */
    s->selector = next_without(&cx->view, s, (s->selector + n - 1) % n);
    s->stage = c->auction ? SELECTING : PICKING;
    mp_mod_request(cx, s->selector);
}

static void bazaars_end_turn(mp_module_ctx *cx) {
    bazaars_state *s = cx->state;
    const bazaars_config *c = cx->view.config;
    int placed = mp_mod_last_placed(&cx->view), tile;
    if (s->marker < 0 || placed < 0 || !mp_mod_from_bag(&cx->view)) return;   /* no chain reaction */
    mp_mod_placed(&cx->view, placed, NULL, NULL, &tile, NULL);
    if (!(mp_tileset_tile_markers(mp_mod_tiles(&cx->view), tile) >> s->marker & 1)) return;
    int left = mp_mod_tiles_left(&cx->view), n = mp_mod_players(&cx->view);
    if (left < n && (c->need_tiles || left == 0)) return;
    int taken[MP_MAX_PLAYERS];
    s->active = mp_mod_turn_player(&cx->view);
    s->n_open = mp_mod_take_tiles(cx, n, taken);
    for (int i = 0; i < s->n_open; i++) s->open[i] = (int16_t)taken[i];
    for (int q = 0; q < n; q++) s->got[q] = -1;
    s->selector = next_without(&cx->view, s, s->active);
    s->stage = c->auction ? SELECTING : PICKING;
    mp_mod_request(cx, s->selector);
}

/* Lowest and highest bid the player may make now (ZMG: no more than his score). */
static void bid_range(const mp_module_view *cx, const bazaars_state *s, const bazaars_config *c, int p, int *lo,
                      int *hi) {
    *lo = s->stage == SELECTING ? 0 : s->bid + 1;
    *hi = *lo + MAX_BID_CHOICES - 1;
    if (!c->negative && *hi > mp_mod_score(cx, p)) *hi = mp_mod_score(cx, p);
}

/* Under ZMG rulings nobody's score goes below 0: the selector may buy only when he can pay. */
static bool may_buy(const mp_module_view *cx, const bazaars_state *s, const bazaars_config *c) {
    return c->negative || s->high == s->selector || s->bid <= mp_mod_score(cx, s->selector);
}

/* The tile an action is about, carried in its `tile` field for a front end to weigh it (a bot
** values the tiles): the open tile a selection or pick names, the tile on offer for a bid, pass,
** buy or sell; -1 none. The notation does not write it: legal and parse both fill it in, so an
** action read back is the action listed, and apply ignores it. */
static int16_t tile_about(const mp_module_view *cx, const bazaars_state *s, int code, int slot) {
    if (mp_mod_phase(cx) != MP_PHASE_MODULE || s->stage == IDLE) return -1;
    if (code == SELECT || code == PICK) return slot >= 0 && slot < s->n_open ? s->open[slot] : -1;
    return s->stage == BIDDING || s->stage == DECIDING ? s->open[s->chosen] : -1;
}

static int bazaars_legal(const mp_module_view *cx, mp_action *out, int cap) {
    const bazaars_state *s = cx->state;
    const bazaars_config *c = cx->config;
    if (s->stage == IDLE || mp_mod_phase(cx) != MP_PHASE_MODULE) return 0;   /* the state first: no call */
    int v = cx->index, n = 0, lo, hi;
#define PUT(code_, a0, a1) do { if (n < cap) out[n] = (mp_action){ .kind = MP_ACT_MODULE, .module = (uint8_t)v, \
    .code = (code_), .arg = { (a0), (a1), 0 }, .tile = tile_about(cx, s, (code_), (a0)) }; n++; } while (0)
    switch (s->stage) {
    case SELECTING:
        bid_range(cx, s, c, mp_mod_player(cx), &lo, &hi);
        for (int i = 0; i < s->n_open; i++)
            for (int b = lo; b <= hi && s->open[i] >= 0; b++) PUT(SELECT, i, b);
        break;
    case BIDDING:
        bid_range(cx, s, c, mp_mod_player(cx), &lo, &hi);
        PUT(PASS, 0, 0);
        for (int b = lo; b <= hi; b++) PUT(RAISE, b, 0);
        break;
    case DECIDING:
        if (may_buy(cx, s, c)) PUT(BUY, 0, 0);
        PUT(SELL, 0, 0);
        break;
    case PICKING:
        for (int i = 0; i < s->n_open; i++)
            if (s->open[i] >= 0) PUT(PICK, i, 0);
        break;
    }
#undef PUT
    return n;
}


static int bazaars_apply(mp_module_ctx *cx, const mp_action *a, mp_diag *d) {
    bazaars_state *s = cx->state;
    const bazaars_config *c = cx->view.config;
    int p = mp_mod_player(&cx->view), lo, hi;
    if (mp_mod_phase(&cx->view) != MP_PHASE_MODULE || s->stage == IDLE)
        return mp_diag_set(d, "<action>", 0, 0, "no bazaar is under way; expected another action");
    switch (a->code) {
    case SELECT:
    case PICK:
        if (s->stage != (a->code == SELECT ? SELECTING : PICKING)) return mp_diag_set(d, "<action>", 0, 0, "no tile is to be selected now");
        if (a->arg[0] < 0 || a->arg[0] >= s->n_open || s->open[a->arg[0]] < 0) return mp_diag_set(d, "<action>", 0, 0, "no such open tile; expected one still on offer");
        if (a->code == PICK) {
            s->got[p] = s->open[a->arg[0]];
            s->open[a->arg[0]] = -1;
            break;
        }
        bid_range(&cx->view, s, c, p, &lo, &hi);
        if (a->arg[1] < 0) return mp_diag_set(d, "<action>", 0, 0, "a bid cannot be negative; expected 0 or more");
        if (!c->negative && a->arg[1] > mp_mod_score(&cx->view, p)) return mp_diag_set(d, "<action>", 0, 0, "a bid above one's score; expected at most one's score (ZMG rules)");
        s->chosen = a->arg[0];
        s->bid = a->arg[1];
        s->high = p;
        s->asked = p;
        s->stage = BIDDING;
        break;
    case RAISE:
        if (s->stage != BIDDING) return mp_diag_set(d, "<action>", 0, 0, "no bidding is under way");
        if (a->arg[0] <= s->bid) return mp_diag_set(d, "<action>", 0, 0, "a raise must be above the highest bid");
        if (!c->negative && a->arg[0] > mp_mod_score(&cx->view, p)) return mp_diag_set(d, "<action>", 0, 0, "a bid above one's score; expected at most one's score (ZMG rules)");
        s->bid = a->arg[0];
        s->high = p;
        break;
    case PASS:
        if (s->stage != BIDDING) return mp_diag_set(d, "<action>", 0, 0, "no bidding is under way");
        break;
    case BUY:
    case SELL: {
        if (s->stage != DECIDING) return mp_diag_set(d, "<action>", 0, 0, "there is nothing to buy or sell now");
        if (a->code == BUY && !may_buy(&cx->view, s, c))
            return mp_diag_set(d, "<action>", 0, 0, "buying would take the selector's score below 0; expected sell (ZMG rules)");
        int buyer = a->code == BUY ? s->selector : s->high, payee = a->code == BUY ? s->high : s->selector;
        pay(cx, s, buyer, -s->bid);
        pay(cx, s, payee, s->bid);
        s->got[buyer] = s->open[s->chosen];
        s->open[s->chosen] = -1;
        s->stage = SELECTING;
        break;
    }
    default:
        return mp_diag_set(d, "<action>", 0, 0, "not a bazaar action");
    }
    next_decision(cx, s, c);
    return 0;
}

static int bazaars_describe(const mp_module_view *cx, const mp_action *a, char *buf, size_t size) {
    const bazaars_state *s = cx->state;
    const mp_tileset *ts = mp_mod_tiles(cx);
    int i = a->arg[0];
    const char *id = (a->code == SELECT || a->code == PICK) && i >= 0 && i < s->n_open && s->open[i] >= 0
                         ? mp_tileset_tile_id(ts, s->open[i]) : "?";
    switch (a->code) {
    case SELECT: return snprintf(buf, size, "select open tile %d (%s) and open the bidding at %d", i + 1, id, a->arg[1]);
    case RAISE: return snprintf(buf, size, "bid %d for tile %s (highest bid %d)", a->arg[0],
                                mp_tileset_tile_id(ts, s->open[s->chosen]), s->bid);
    case PASS: return snprintf(buf, size, "pass: no bid for tile %s", mp_tileset_tile_id(ts, s->open[s->chosen]));
    case BUY: return snprintf(buf, size, "buy tile %s, paying %d", mp_tileset_tile_id(ts, s->open[s->chosen]), s->bid);
    case SELL: return snprintf(buf, size, "sell tile %s for %d", mp_tileset_tile_id(ts, s->open[s->chosen]), s->bid);
    case PICK: return snprintf(buf, size, "take open tile %d (%s)", i + 1, id);
    default: return snprintf(buf, size, "?");
    }
}

/* ------------------------------------------------------------------ facts */

/* While a bazaar is under way: "bazaar" (the active player, tiles still on offer), an "offer" per
** tile still on offer (its slot), "received" per player who has his tile; while a tile is
** auctioned, "selected" (the selector, its slot), "bid" (the highest bidder, the bid) and, while
** a bidder is asked, "asked" (him, the lowest raise he may make). meeple-ruleset(5), bazaars. */
static int bazaars_facts(const mp_module_view *cx, mp_fact *out, int cap) {
    const bazaars_state *s = cx->state;
    if (s->stage == IDLE) return 0;
    int n = 0;
#define FACT(kind_, what_, player_, value_, tile_)                                                            \
    do {                                                                                                      \
        if (n < cap) out[n] = (mp_fact){ .kind = (kind_), .what = (what_), .player = (player_),              \
                                         .value = (value_), .tile = (tile_) };                                \
        n++;                                                                                                  \
    } while (0)
    FACT(MP_FACT_COUNT, "bazaar", s->active, tiles_open(s), -1);
    for (int i = 0; i < s->n_open; i++)
        if (s->open[i] >= 0) FACT(MP_FACT_TILE, "offer", -1, i, s->open[i]);
    for (int p = 0; p < mp_mod_players(cx); p++)
        if (s->got[p] >= 0) FACT(MP_FACT_TILE, "received", p, 0, s->got[p]);
    if (s->stage == BIDDING || s->stage == DECIDING) {
        int tile = s->open[s->chosen];
        FACT(MP_FACT_TILE, "selected", s->selector, s->chosen, tile);
        FACT(MP_FACT_AMOUNT, "bid", s->high, s->bid, tile);
        if (s->stage == BIDDING) FACT(MP_FACT_AMOUNT, "asked", s->asked, s->bid + 1, tile);
    }
#undef FACT
    return n;
}

/* ------------------------------------------------------------------ notation */

static int bazaars_format(const mp_module_view *cx, const mp_action *a, char *buf, size_t size) {
    (void)cx;
    switch (a->code) {
    case SELECT: return snprintf(buf, size, "select-%d-for-%d", a->arg[0] + 1, a->arg[1]);
    case RAISE: return snprintf(buf, size, "bid-%d", a->arg[0]);
    case PASS: return snprintf(buf, size, "pass");
    case BUY: return snprintf(buf, size, "buy");
    case SELL: return snprintf(buf, size, "sell");
    case PICK: return snprintf(buf, size, "pick-%d", a->arg[0] + 1);
    default: return snprintf(buf, size, "?");
    }
}

static int bazaars_parse(const mp_module_view *cx, const char *args, mp_action *out, mp_diag *d) {
    char q[MP_QUOTE_SIZE];   /* the arguments quoted in a message */
    int x, y, used = 0;
    /* At most 6 digits each: a bid is points, and sscanf's %d must never overflow. */
    if (sscanf(args, "select-%6d-for-%6d%n", &x, &y, &used) == 2 && !args[used]) { out->code = SELECT; out->arg[0] = x - 1; out->arg[1] = y; }
    else if (sscanf(args, "bid-%6d%n", &x, &used) == 1 && !args[used]) { out->code = RAISE; out->arg[0] = x; }
    else if (sscanf(args, "pick-%6d%n", &x, &used) == 1 && !args[used]) { out->code = PICK; out->arg[0] = x - 1; }
    else if (!strcmp(args, "pass")) out->code = PASS;
    else if (!strcmp(args, "buy")) out->code = BUY;
    else if (!strcmp(args, "sell")) out->code = SELL;
    else {
        return mp_diag_column(d, 1, "'%s' is not a bazaar action; expected select-N-for-BID, bid-BID, "
                 "pass, buy, sell or pick-N", mp_quote(args, q, sizeof q));
    }
    out->tile = tile_about(cx, cx->state, out->code, out->arg[0]);
    return 0;
}

/* A slot counts from 0 (the notation's N is slot + 1); the tile an action is about is its `tile`.
** JCloisterZone writes a selection, a pick and a raise as BAZAAR_BID, a pass as PASS, buying and
** selling as BAZAAR_BUY_OR_SELL with the value BUY or SELL; the actions it offers for them
** (meeple-modules(7), ALIASES). */
static const mp_decision_kind bazaars_decisions[] = {
    { .code = SELECT, .name = "select", .args = { "slot", "bid" },
      .forms = (const mp_decision_form[]){
          { "select-N-for-BID", "select open tile N and open the bidding at BID points" }, { NULL, NULL } },
      .aliases = (const mp_alias[]){ { "jcz", "BAZAAR_BID" }, { "jcz-offer", "BazaarSelectTile" }, { NULL, NULL } } },
    { .code = RAISE, .name = "bid", .args = { "bid" },
      .forms = (const mp_decision_form[]){
          { "bid-BID", "raise the bidding to BID, above the highest bid" }, { NULL, NULL } },
      .aliases = (const mp_alias[]){ { "jcz", "BAZAAR_BID" }, { "jcz-offer", "BazaarBid" }, { NULL, NULL } } },
    { .code = PASS, .name = "pass",
      .forms = (const mp_decision_form[]){ { "pass", "make no bid" }, { NULL, NULL } },
      .aliases = (const mp_alias[]){ { "jcz", "PASS" }, { "jcz-offer", "BazaarBid" }, { NULL, NULL } } },
    { .code = BUY, .name = "buy",
      .forms = (const mp_decision_form[]){ { "buy", "keep the tile, paying the highest bid to its bidder" }, { NULL, NULL } },
      .aliases = (const mp_alias[]){ { "jcz", "BAZAAR_BUY_OR_SELL" }, { "jcz-value", "BUY" },
                                     { "jcz-offer", "BazaarSelectBuyOrSell" }, { NULL, NULL } } },
    { .code = SELL, .name = "sell",
      .forms = (const mp_decision_form[]){ { "sell", "sell the tile to the highest bidder for the bid" }, { NULL, NULL } },
      .aliases = (const mp_alias[]){ { "jcz", "BAZAAR_BUY_OR_SELL" }, { "jcz-value", "SELL" },
                                     { "jcz-offer", "BazaarSelectBuyOrSell" }, { NULL, NULL } } },
    { .code = PICK, .name = "pick", .args = { "slot" },
      .forms = (const mp_decision_form[]){ { "pick-N", "take open tile N (bazaars without auction)" }, { NULL, NULL } },
      .aliases = (const mp_alias[]){ { "jcz", "BAZAAR_BID" }, { "jcz-offer", "BazaarSelectTile" }, { NULL, NULL } } },
    { .name = NULL },
};

const mp_module mp_module_bazaars = {
    .name = "bazaars",
    .summary = "bazaars: a bazaar tile starts an auction of as many tiles as players",
    .state_size = sizeof(bazaars_state),
    .decisions = bazaars_decisions,
    /* JCloisterZone's element, and the phase its decisions are taken in (after the turn's COMMIT) */
    .aliases = (const mp_alias[]){ { "jcz", "bazaar" }, { "jcz-phase", "BazaarPhase" }, { NULL, NULL } },
    .configure = bazaars_configure,
    .setup = bazaars_setup,
    .legal = bazaars_legal,
    .legal_phases = MP_LISTS_IN(MP_PHASE_MODULE),
    .apply = bazaars_apply,
    .end_turn = bazaars_end_turn,
    .format = bazaars_format,
    .describe = bazaars_describe,
    .parse = bazaars_parse,
    .facts = bazaars_facts,
    .choose_simple = bazaars_choose_simple,
};
