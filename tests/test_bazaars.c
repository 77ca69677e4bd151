/*
** test_bazaars.c: bazaars (Bridges, Castles and Bazaars digest, "Bazaars"), on
** tests/rulesets/bazaars.yaml (HiG) and bazaars-zmg.yaml.
*/
#include <stdio.h>
#include <string.h>

#include "helpers.h"

static mp_ruleset *load(const char *file) {
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(file, NULL, &d);
    cr_assert(rs, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    return rs;
}

/* Takes a bazaar action given in notation ("select-1-for-2", "bid-3", "pass", "buy", "sell") by
** the player who must decide. */
static int act(mp_game *g, int player, const char *what, mp_diag *d) {
    cr_assert_eq(mp_game_phase(g), MP_PHASE_MODULE, "a bazaar decision is pending before '%s'", what);
    char text[64];
    snprintf(text, sizeof text, "!bazaars:%s", what);
    return t_try(g, player, text, d);
}

static void ok(mp_game *g, int player, const char *what) {
    mp_diag d = { 0 };
    cr_assert_eq(act(g, player, what, &d), 0, "'%s': %s", what, d.message);
}

/* The digest's example, RED 0, BLUE 1, GREEN 2: "BLUE selects one and bids 2; GREEN passes; RED
** bids 3. BLUE keeps it and pays RED 3 ... GREEN selects a tile and bids 2; RED bids 3; BLUE may
** not bid ...; GREEN sells to RED and receives 3 ... the last tile goes free to GREEN. Then, from
** BLUE on, each places the received tile ... Net: BLUE -3, RED 0, GREEN +3." */
Test(bazaars, the_digest_example) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/bazaars.yaml");
    mp_game *g = t_game(rs, 3);
    mp_diag d = { 0 };
    const char *order[4] = { "BB-7", "U", "V", "E" };   /* the bazaar tile, then the three turned up */
    cr_assert_eq(mp_game_set_draws(g, order, 4, &d), 0, "%s", d.message);
    t_place(g, 0, "BB-7", 0, 1, 0);   /* RED places the bazaar tile (all field) south of D */
    t_deploy(g, "Nw");                /* and a follower */
    ok(g, 1, "select-1-for-2");       /* BLUE selects U, bids 2 */
    ok(g, 2, "pass");                 /* GREEN passes */
    ok(g, 0, "bid-3");                /* RED bids 3 */
    ok(g, 1, "buy");                  /* BLUE keeps it: pays RED 3 */
    ok(g, 2, "select-2-for-2");       /* GREEN selects V, bids 2 */
    ok(g, 0, "bid-3");                /* RED bids 3 (BLUE has a tile: not asked) */
    ok(g, 2, "sell");                 /* GREEN sells to RED for 3; E goes free to GREEN */
    cr_assert_eq(t_points(g, 1, "bazaar"), -3, "BLUE");
    cr_assert_eq(t_points(g, 0, "bazaar"), 0, "RED");
    cr_assert_eq(t_points(g, 2, "bazaar"), 3, "GREEN");
    /* From BLUE on, each places the tile received: BLUE U, GREEN E, RED V. */
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE);
    cr_assert_eq(mp_game_current_player(g), 1);
    cr_assert_str_eq(mp_tileset_tile_id(ts, mp_game_drawn_tile(g)), "U");
    mp_action v[256];
    cr_assert_gt(mp_game_legal(g, v, 256), 0);
    cr_assert_eq(mp_game_apply(g, &v[0], &d), 0, "%s", d.message);
    if (mp_game_phase(g) == MP_PHASE_DEPLOY) t_pass(g);
    cr_assert_eq(mp_game_current_player(g), 2);
    cr_assert_str_eq(mp_tileset_tile_id(ts, mp_game_drawn_tile(g)), "E");
    t_events(g, "1:-3 bazaar module 0; 0:+3 bazaar module 0; 0:-3 bazaar module 0; 2:+3 bazaar module 0");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "No chain reaction: a bazaar tile received in a bazaar triggers no bazaar." */
Test(bazaars, no_chain_reaction) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/bazaars.yaml");
    mp_game *g = t_game(rs, 2);
    mp_diag d = { 0 };
    const char *order[3] = { "BB-7", "BB-3", "U" };
    cr_assert_eq(mp_game_set_draws(g, order, 3, &d), 0, "%s", d.message);
    t_place(g, 0, "BB-7", 0, 1, 0);
    t_pass(g);
    ok(g, 1, "select-1-for-0");       /* the bazaar tile BB-3, nobody raises */
    ok(g, 0, "pass");
    /* U goes free to seat 0; seat 1 places BB-3 first. */
    cr_assert_eq(mp_game_current_player(g), 1);
    cr_assert_str_eq(mp_tileset_tile_id(mp_ruleset_tiles(rs), mp_game_drawn_tile(g)), "BB-3");
    mp_action v[256];
    cr_assert_gt(mp_game_legal(g, v, 256), 0);
    cr_assert_eq(mp_game_apply(g, &v[0], &d), 0, "%s", d.message);
    if (mp_game_phase(g) == MP_PHASE_DEPLOY) t_pass(g);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE, "no second bazaar");
    cr_assert_eq(mp_game_current_player(g), 0, "seat 0 places its U");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ZMG: "a player may not bid more points than he has." */
Test(bazaars, zmg_bid_above_score_refused) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/bazaars-zmg.yaml");
    mp_game *g = t_game(rs, 2);
    mp_diag d = { 0 };
    const char *order[3] = { "BB-7", "U", "V" };
    cr_assert_eq(mp_game_set_draws(g, order, 3, &d), 0, "%s", d.message);
    t_place(g, 0, "BB-7", 0, 1, 0);
    t_pass(g);
    cr_assert_neq(act(g, 1, "select-1-for-1", &d), 0, "seat 1 has 0 points");
    cr_assert(strstr(d.message, "a bid above one's score"), "%s", d.message);
    ok(g, 1, "select-1-for-0");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Every other player raises once or passes (bazaars.c): a raise is above the highest bid; one
** equal to it is neither offered nor accepted. Mutant bazaars-equal-raise. */
Test(bazaars, a_raise_is_above_the_highest_bid) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/bazaars.yaml");
    mp_game *g = t_game(rs, 2);
    mp_diag d = { 0 };
    const char *order[3] = { "BB-7", "U", "V" };
    cr_assert_eq(mp_game_set_draws(g, order, 3, &d), 0, "%s", d.message);
    t_place(g, 0, "BB-7", 0, 1, 0);
    t_pass(g);
    ok(g, 1, "select-1-for-2");
    t_refused(g, "!bazaars:bid-2", "a raise must be above the highest bid");
    ok(g, 0, "bid-3");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ZMG: nobody's score goes below 0, so a selector outbid beyond his score may only sell: seat 1
** (2 points) selects for 2, seat 0 (5 points) bids 3; buying would leave seat 1 at -1. He sells
** and receives 3. Mutant bazaars-zmg-buy-beyond-score. */
Test(bazaars, zmg_selector_outbid_beyond_his_score_sells) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/bazaars-zmg.yaml");
    mp_game *g = t_game(rs, 2);
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_set_score(g, 0, 5, &d), 0, "%s", d.message);
    cr_assert_eq(mp_game_set_score(g, 1, 2, &d), 0, "%s", d.message);
    const char *order[3] = { "BB-7", "U", "V" };
    cr_assert_eq(mp_game_set_draws(g, order, 3, &d), 0, "%s", d.message);
    t_place(g, 0, "BB-7", 0, 1, 0);
    t_pass(g);
    ok(g, 1, "select-1-for-2");
    ok(g, 0, "bid-3");
    t_refused(g, "!bazaars:buy", "buying would take the selector's score below 0");
    ok(g, 1, "sell");
    cr_assert_eq(mp_game_score(g, 0), 2);
    cr_assert_eq(mp_game_score(g, 1), 5);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The next player without a tile selects next, from the last selector on (bazaars.c): a player
** who sold has no tile, so he selects again. Seat 1 selects U, seat 2 bids 1, seat 0 passes, seat 1 sells to
** seat 2: seat 1 selects the next tile, not seat 0. Mutant bazaars-seller-not-first. */
Test(bazaars, a_seller_selects_again) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/bazaars.yaml");
    mp_game *g = t_game(rs, 3);
    mp_diag d = { 0 };
    const char *order[4] = { "BB-7", "U", "V", "E" };
    cr_assert_eq(mp_game_set_draws(g, order, 4, &d), 0, "%s", d.message);
    t_place(g, 0, "BB-7", 0, 1, 0);
    t_pass(g);
    ok(g, 1, "select-1-for-0");
    ok(g, 2, "bid-1");
    ok(g, 0, "pass");
    ok(g, 1, "sell");
    cr_assert_eq(mp_game_phase(g), MP_PHASE_MODULE);
    cr_assert_eq(mp_game_current_player(g), 1, "the seller selects again");
    ok(g, 1, "select-2-for-0");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The hole house rule is about the tile drawn: seat 1's tile bought at the bazaar fills the hole
** at 1,-1 and gives no other turn (tests/rulesets/bazaars-hole.yaml). After the bazaar's two
** turns (seat 1's B, seat 0's V) seat 1 plays his own turn, then seat 0. Mutant
** hole-rule-for-bazaar-tiles.
**        x=-1     0      1       2
**  y=-2           B      B
**  y=-1           E2     [hole]  B
**  y= 0    V2*    D      U       U     V2*: seat 0's tile from the bazaar
**  y= 1           BB-7
*/
Test(bazaars, a_bazaar_tile_in_a_hole_gives_no_other_turn) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/bazaars-hole.yaml");
    mp_game *g = t_game(rs, 2);
    mp_diag d = { 0 };
    t_place(g, 0, "U", 1, 0, 0); t_pass(g);
    t_place(g, 1, "E", 0, -1, 2); t_pass(g);
    t_place(g, 0, "B", 0, -2, 0); t_pass(g);
    t_place(g, 1, "B", 1, -2, 0); t_pass(g);
    t_place(g, 0, "U", 2, 0, 0); t_pass(g);
    t_place(g, 1, "B", 2, -1, 0); t_pass(g);
    const char *order[3] = { "BB-7", "B", "V" };
    cr_assert_eq(mp_game_set_player(g, 0, &d), 0, "%s", d.message);
    cr_assert_eq(mp_game_set_draws(g, order, 3, &d), 0, "%s", d.message);
    t_place(g, 0, "BB-7", 0, 1, 0);
    t_pass(g);
    ok(g, 1, "select-1-for-0");       /* B; V goes free to seat 0 */
    ok(g, 0, "pass");
    t_ok(g, 1, "B@1,-1r0");           /* fills the hole */
    t_pass(g);
    t_ok(g, 0, "V@-1,0r2");
    t_pass(g);
    cr_assert_eq(mp_game_current_player(g), 1, "seat 1's own turn");
    t_place(g, 1, "U", 3, 0, 0);
    t_pass(g);
    cr_assert_eq(mp_game_current_player(g), 0, "then seat 0: seat 1 had no other turn");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The bazaars facts now, each written "WHAT PLAYER VALUE TILE" (the tile's id, "-" none), joined by
** "; " into buf. */
static const char *bazaar_facts(const mp_game *g, char *buf, size_t size) {
    mp_fact f[64];
    int n = mp_game_facts(g, f, 64);
    cr_assert_leq(n, 64);
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        if (strcmp(f[i].module, "bazaars")) continue;
        int want = !strcmp(f[i].what, "offer") || !strcmp(f[i].what, "received") || !strcmp(f[i].what, "selected")
                       ? MP_FACT_TILE : !strcmp(f[i].what, "bazaar") ? MP_FACT_COUNT : MP_FACT_AMOUNT;
        cr_assert_eq(f[i].kind, want, "the kind of '%s'", f[i].what);
        used += (size_t)snprintf(buf + used, size - used, "%s%s %d %d %s", used ? "; " : "", f[i].what, f[i].player,
                                 f[i].value, f[i].tile >= 0 ? mp_tileset_tile_id(ts, f[i].tile) : "-");
    }
    return buf;
}

/* Every legal action's decision (mp_game_decision) says what its notation says. */
static void decisions_match_notation(const mp_game *g) {
    mp_action v[256];
    int n = mp_game_legal(g, v, 256);
    cr_assert_gt(n, 0);
    for (int i = 0; i < n; i++) {
        char text[64], want[64];
        mp_decision dec;
        mp_notation_format(g, &v[i], text, sizeof text);
        cr_assert_eq(mp_game_decision(g, &v[i], &dec), 0, "'%s' is a decision", text);
        cr_assert_str_eq(dec.module, "bazaars");
        if (!strcmp(dec.name, "select")) {
            cr_assert_eq(dec.n_args, 2);
            cr_assert_str_eq(dec.arg_names[0], "slot");
            cr_assert_str_eq(dec.arg_names[1], "bid");
            snprintf(want, sizeof want, "!bazaars:select-%d-for-%d", dec.args[0] + 1, dec.args[1]);
        } else if (!strcmp(dec.name, "bid")) {
            cr_assert_eq(dec.n_args, 1);
            cr_assert_str_eq(dec.arg_names[0], "bid");
            snprintf(want, sizeof want, "!bazaars:bid-%d", dec.args[0]);
        } else if (!strcmp(dec.name, "pick")) {
            cr_assert_eq(dec.n_args, 1);
            cr_assert_str_eq(dec.arg_names[0], "slot");
            snprintf(want, sizeof want, "!bazaars:pick-%d", dec.args[0] + 1);
        } else {
            cr_assert_eq(dec.n_args, 0, "'%s' has no arguments", dec.name);
            snprintf(want, sizeof want, "!bazaars:%s", dec.name);
        }
        cr_assert_str_eq(text, want);
    }
}

/* The digest's example again, as facts (meeple-ruleset(5), bazaars) and decisions as data. */
Test(bazaars, facts_and_decisions) {
    mp_ruleset *rs = load(TEST_SRCDIR "/tests/rulesets/bazaars.yaml");
    mp_game *g = t_game(rs, 3);
    mp_diag d = { 0 };
    char buf[1024];
    const char *order[4] = { "BB-7", "U", "V", "E" };
    cr_assert_eq(mp_game_set_draws(g, order, 4, &d), 0, "%s", d.message);
    cr_assert_str_eq(bazaar_facts(g, buf, sizeof buf), "", "no bazaar: no facts");
    t_place(g, 0, "BB-7", 0, 1, 0);
    t_deploy(g, "Nw");
    cr_assert_str_eq(bazaar_facts(g, buf, sizeof buf), "bazaar 0 3 -; offer -1 0 U; offer -1 1 V; offer -1 2 E");
    decisions_match_notation(g);
    ok(g, 1, "select-1-for-2");
    cr_assert_str_eq(bazaar_facts(g, buf, sizeof buf), "bazaar 0 3 -; offer -1 0 U; offer -1 1 V; offer -1 2 E; "
                     "selected 1 0 U; bid 1 2 U; asked 2 3 U");
    decisions_match_notation(g);
    ok(g, 2, "pass");
    ok(g, 0, "bid-3");
    cr_assert_str_eq(bazaar_facts(g, buf, sizeof buf), "bazaar 0 3 -; offer -1 0 U; offer -1 1 V; offer -1 2 E; "
                     "selected 1 0 U; bid 0 3 U");
    decisions_match_notation(g);
    ok(g, 1, "buy");
    cr_assert_str_eq(bazaar_facts(g, buf, sizeof buf), "bazaar 0 2 -; offer -1 1 V; offer -1 2 E; received 1 0 U");
    ok(g, 2, "select-2-for-2");
    ok(g, 0, "bid-3");
    ok(g, 2, "sell");
    cr_assert_str_eq(bazaar_facts(g, buf, sizeof buf), "", "the bazaar is over");
    mp_game_free(g);
    mp_ruleset_free(rs);
}
