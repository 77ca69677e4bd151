/*
** test_export.c: meeple export's round trip on bot games (meeple-export(1)): for each ruleset a
** JCloisterZone setup maps to, 1,000 seeded games of 2 to 5 seats, one greedy and the others random
** (the greedy bot weighs a bazaar's tiles by playing them: slow), are recorded, written as JCloisterZone games, imported back and compared (the fields of
** tools/jcz/jcz-same.c: ruleset hash, players in turn order, every turn's notation, the tiles drawn,
** the end, the scores). The command's own code does it (tools/jcz/jcz*.c), in this one
** process per ruleset: spawning `meeple export` and `meeple import` for 6,000 games would take
** minutes. Each game's failure names its seed, to replay with `meeple play --seed`.
*/
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "jcz-impl.h"

enum { GAMES = 1000 };

/* The ruleset of a JCloisterZone setup, as meeple import makes it. */
static mp_ruleset *setup_ruleset(const jcz_options *o, jcz_setup *st) {
    jcz_options_ruleset(o, st);
    mp_ruleset *rs;
    mp_diag d = { 0 };
    cr_assert(!jcz_setup_load(st, &rs, &d), "%s: %s", st->name, d.message);
    return rs;
}

/* A bot game between n seats, recorded turn by turn as `meeple play` records it. */
static mp_record *bot_game(const mp_ruleset *rs, const char *rules_file, int n, uint64_t seed, mp_game **out) {
    mp_game_options opt = { .n_players = n, .seed = seed, .first_player = -1 };
    mp_diag d = { 0 };
    mp_game *g = mp_game_new(rs, &opt, &d);
    cr_assert_not_null(g, "%s", d.message);
    mp_game_start(g, &d);
    mp_bot *seats[MP_MAX_PLAYERS];
    char names[MP_MAX_PLAYERS][32];
    const char *np[MP_MAX_PLAYERS], *kinds[MP_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        const char *k = p == (int)(seed / 4 % (uint64_t)n) ? "greedy" : "random";   /* one greedy seat, anywhere */
        seats[p] = mp_bot_new(k, seed, p, &d);
        snprintf(names[p], sizeof names[p], "%s-%d", k, p + 1);
        np[p] = names[p];
        kinds[p] = k;
    }
    mp_record *rec = mp_record_new(mp_ruleset_name(rs), mp_ruleset_hash(rs), seed, mp_game_current_player(g), n, np, kinds);
    if (rules_file) mp_record_set_ruleset_file(rec, rules_file);
    char turn[4096] = "";
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        mp_action a;
        cr_assert(!mp_bot_choose(seats[mp_game_current_player(g)], g, &a), "seed %llu: no legal action",
                  (unsigned long long)seed);
        t_apply_recorded(g, rec, &a, turn, sizeof turn);
    }
    for (int p = 0; p < n; p++) mp_bot_free(seats[p]);
    *out = g;
    return rec;
}

/* GAMES games under the ruleset: written, read back, the same record. */
static void round_trip(const mp_ruleset *rs, const char *rules_file, uint64_t seed0) {
    int failed = 0;
    char first_failure[1200] = "";
    for (int i = 0; i < GAMES; i++) {
        uint64_t seed = seed0 + (uint64_t)i;
        int n = 2 + (int)(seed % 4);
        mp_game *g;
        mp_record *rec = bot_game(rs, rules_file, n, seed, &g);
        char where[64];
        snprintf(where, sizeof where, "%s seed %llu", mp_ruleset_name(rs), (unsigned long long)seed);
        jcz_export x;
        mp_diag d = { 0 };
        if (jcz_export_record(where, rec, rs, &x, &d) || jcz_export_check(where, &x, rec, g, &d)) {
            if (!failed++) mp_diag_format(&d, first_failure, sizeof first_failure);
        }
        jcz_export_free(&x);
        mp_record_free(rec);
        mp_game_free(g);
    }
    cr_assert_eq(failed, 0, "%d of %d games do not come back the same; the first: %s", failed, GAMES, first_failure);
}

/* A generated ruleset is written where records can name it (as meeple import writes it). */
static void generated(const jcz_options *o, uint64_t seed0) {
    jcz_setup st;
    mp_ruleset *rs = setup_ruleset(o, &st);
    char dir[] = "/tmp/meeple-test-export-XXXXXX", file[128];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(file, sizeof file, "%s/%s.yaml", dir, st.name);
    FILE *f = fopen(file, "w");
    cr_assert_not_null(f);
    fputs(st.yaml, f);
    fclose(f);
    round_trip(rs, file, seed0);
    unlink(file);
    rmdir(dir);
    mp_ruleset_free(rs);
}

static jcz_options base(void) {
    jcz_options o;
    jcz_options_default(&o);
    o.farmers = true;
    return o;
}

Test(export, c3) {
    mp_ruleset *rs = t_ruleset("c3");
    round_trip(rs, NULL, 1);
    mp_ruleset_free(rs);
}

Test(export, c3_nofarmers) {
    mp_ruleset *rs = t_ruleset("c3-nofarmers");
    round_trip(rs, NULL, 10001);
    mp_ruleset_free(rs);
}

Test(export, small_city) {
    jcz_options o = base();
    o.small_city = true;
    generated(&o, 20001);
}

/* Bridges, castles and bazaars, JCloisterZone's mix, on the expansion's tiles. */
Test(export, bcb) {
    jcz_options o = base();
    o.bcb_tiles = true;
    o.modules = JCZ_BRIDGE | JCZ_CASTLE | JCZ_BAZAAR;
    generated(&o, 30001);
}

Test(export, bcb_no_auction) {
    jcz_options o = base();
    o.bcb_tiles = true;
    o.modules = JCZ_BRIDGE | JCZ_CASTLE | JCZ_BAZAAR;
    o.auction = false;
    generated(&o, 40001);
}

/* A big follower each (the setup's big-follower): a second kind of piece, written by its meeple type. */
Test(export, big_followers) {
    jcz_options o = base();
    o.big = 1;
    generated(&o, 60001);
}

/* Castle tokens on the base tiles alone. */
Test(export, castles_base_tiles) {
    jcz_options o = base();
    o.modules = JCZ_CASTLE;
    generated(&o, 50001);
}

/* Inns & Cathedrals as shipped (all three elements, a big follower each): c3-ic itself, and with
** FanCloisterZone's "ignore" c3-ic-ignore. */
static jcz_options ic(void) {
    jcz_options o = base();
    o.ic_tiles = o.inn = o.cathedral = true;
    o.big = 1;
    return o;
}

Test(export, c3_ic) {
    mp_ruleset *rs = t_ruleset("c3-ic");
    round_trip(rs, NULL, 70001);
    mp_ruleset_free(rs);
}

Test(export, c3_ic_ignore) {
    mp_ruleset *rs = t_ruleset("c3-ic-ignore");
    round_trip(rs, NULL, 80001);
    mp_ruleset_free(rs);
}

/* Inns off, no big followers: c3-ic with parts taken back. */
Test(export, ic_parts_off) {
    jcz_options o = ic();
    o.inn = false;
    o.big = 0;
    generated(&o, 90001);
}

/* Traders & Builders as JCloisterZone plays it: the second tile always, goods, a pig each. */
static jcz_options tb(void) {
    jcz_options o = base();
    o.tb_tiles = true;
    o.builder = o.pig = 1;
    o.modules = JCZ_TRADERS | JCZ_BUILDER;
    return o;
}

Test(export, tb) {
    jcz_options o = tb();
    generated(&o, 100001);
}

/* Without goods and pigs: the builder alone. */
Test(export, tb_builder_only) {
    jcz_options o = tb();
    o.pig = 0;
    o.modules = JCZ_BUILDER;
    generated(&o, 110001);
}

/* Both, as the Big Box has them, under JCloisterZone's builder. */
Test(export, ic_tb) {
    jcz_options o = tb();
    o.ic_tiles = o.inn = o.cathedral = true;
    o.big = 1;
    generated(&o, 120001);
}

/* Both with Bridges, Castles and Bazaars: BCB's tiles and modules (JCloisterZone's mix) on
** c3-ic-tb, the builder after the bazaars. */
Test(export, ic_tb_bcb) {
    jcz_options o = tb();
    o.ic_tiles = o.inn = o.cathedral = true;
    o.big = 1;
    o.bcb_tiles = true;
    o.modules |= JCZ_BRIDGE | JCZ_CASTLE | JCZ_BAZAAR;
    generated(&o, 130001);
}
