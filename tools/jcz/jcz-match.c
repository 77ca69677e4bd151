/*
** jcz-match.c: which JCloisterZone setup a ruleset is, for `meeple export`.
**
** Not by name: every setup meeple import maps (sets, elements, rules: jcz-setup.c's one table) is
** turned into the ruleset meeple import would make of it, and the one whose content hash is the
** ruleset's is the setup. A ruleset none of them gives cannot be written for JCloisterZone; the
** message names the rules in which it differs from the nearest setup (core/rulediff.c), in words.
** The setups likely from the ruleset's modules and tiles are tried first, and a match is kept by
** hash: the others are loaded only to explain a refusal.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jcz-impl.h"

enum { MAX_CANDIDATES = 512, CACHE = 16, SHOW_DIFFS = 4, MAX_DIFFS = 64 };

/* The modules the ruleset turns on, as elements (each module's word for JCloisterZone); *other:
** it turns on some other module too. */
static unsigned ruleset_modules(const mp_ruleset *rs, bool *other) {
    unsigned m = 0;
    *other = false;
    for (int i = 0; i < mp_ruleset_n_modules(rs); i++) {
        unsigned bit = jcz_element_bit(mp_ruleset_module_alias(rs, i, JCZ_ALIAS_NAMESPACE));
        if (bit) m |= bit;
        else *other = true;
    }
    return m;
}

/* Whether the ruleset's tiles include those of a set, by the start of their JCloisterZone ids
** (BB/ Bridges, Castles and Bazaars, IC/ Inns & Cathedrals, TB/ Traders & Builders). Only to try
** the likely setups first. */
static bool has_tiles(const mp_ruleset *rs, const char *prefix) {
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    for (int t = 0; t < mp_tileset_n_tiles(ts); t++)
        if (!strncmp(jcz_tile_id(ts, t), prefix, strlen(prefix))) return true;
    return false;
}

/* How many big followers each player has: the pieces of JCloisterZone's meeple type big. */
static int ruleset_count(const mp_ruleset *rs, const char *type) {
    mp_piece_info piece;
    int k = jcz_find_piece(rs, type);
    return k > 0 && !mp_ruleset_piece(rs, k, &piece) ? piece.count : 0;
}

/* Inns & Cathedrals' elements inn and cathedral and the rule "ignore", as tried: all of them. */
static const struct { bool inn, cathedral, ignore; } ic_parts[] = {
    { true, true, false }, { true, true, true }, { true, false, false }, { true, false, true },
    { false, true, false }, { false, true, true }, { false, false, false },
};

/* Every setup meeple import maps, for this many followers and players (and the ruleset's big
** followers), the likely ones first. */
static int candidates(const mp_ruleset *rs, int followers, bool solo, jcz_options *out) {
    bool other;
    unsigned want = ruleset_modules(rs, &other);
    bool bb = has_tiles(rs, "BB/"), ic = has_tiles(rs, "IC/"), tb = has_tiles(rs, "TB/");
    bool river = other && mp_ruleset_module_find_alias(rs, JCZ_ALIAS_NAMESPACE, JCZ_RIVER_ELEMENT) >= 0;
    int n = 0, big = ruleset_count(rs, JCZ_BIG_FOLLOWER);
    int builder = tb ? ruleset_count(rs, JCZ_BUILDER_ELEMENT) : 0, pig = tb ? ruleset_count(rs, JCZ_PIG_ELEMENT) : 0;
    unsigned tb_modules = tb ? want & JCZ_TB_MODULES : 0;
    for (int pass = 0; pass < 2; pass++)
        for (int bcb = 0; bcb < 2; bcb++)
            for (unsigned m = 0; m < 8; m++)
                for (int farmers = 1; farmers >= 0; farmers--)
                    for (int small = 0; small < 2; small++)
                        for (int auction = 1; auction >= ((m & JCZ_BAZAAR) ? 0 : 1); auction--)
                            for (int p = 0; p < (ic ? (int)(sizeof ic_parts / sizeof ic_parts[0]) : 1); p++) {
                            bool likely = (m | tb_modules) == want && bcb == bb;
                            if (likely != (pass == 0) || n == MAX_CANDIDATES || (!likely && p > 0)) continue;
                            jcz_options_default(&out[n]);
                            out[n].ic_tiles = ic;
                            out[n].inn = ic && ic_parts[p].inn;
                            out[n].cathedral = ic && ic_parts[p].cathedral;
                            out[n].ic_ignore = ic && ic_parts[p].ignore && (out[n].inn || out[n].cathedral);
                            if (ic && ic_parts[p].ignore && !out[n].ic_ignore) continue;
                            out[n].tb_tiles = tb;
                            out[n].builder = builder;
                            out[n].pig = pig;
                            out[n].bcb_tiles = bcb;
                            out[n].modules = m | tb_modules;
                            out[n].farmers = farmers;
                            out[n].small_city = small;
                            out[n].auction = auction;
                            out[n].followers = followers;
                            out[n].solo = solo;
                            out[n].river = river;   /* tried only with the river module */
                            out[n].big = big;
                            n++;
                        }
    return n;
}

static struct { char hash[24]; int followers; bool solo; jcz_options o; } cache[CACHE];
static int n_cache;

/* How far apart two rulesets are: a difference in what the game has at all (its tiles, its
** modules, farms, the players) counts ten, any other one. */
static int distance(const mp_rule_diff *diffs, int n) {
    static const char *const heavy[] = { "tile sets", "modules", "farms", "players", NULL };
    int sum = 0;
    for (int k = 0; k < n; k++) {
        int w = 1;
        for (int h = 0; heavy[h]; h++)
            if (!strcmp(diffs[k].rule, heavy[h])) w = 10;
        sum += w;
    }
    return sum;
}

/* The refusal: the rules in which rs differs from the nearest setup's ruleset. */
static int refuse(const mp_ruleset *rs, const jcz_options *cands, int n, mp_diag *d) {
    mp_rule_diff diffs[MAX_DIFFS], best_diffs[SHOW_DIFFS];
    int best = -1, best_n = 0, best_dist = 0;
    char best_name[64] = "";
    for (int k = 0; k < n; k++) {
        jcz_setup st;
        mp_ruleset *c;
        mp_diag e = { 0 };
        jcz_options_ruleset(&cands[k], &st);
        if (jcz_setup_load(&st, &c, &e)) continue;
        int nd = mp_ruleset_diff(rs, c, diffs, MAX_DIFFS), dist = distance(diffs, nd < MAX_DIFFS ? nd : MAX_DIFFS);
        if (best < 0 || dist < best_dist) {
            best = k;
            best_n = nd;
            best_dist = dist;
            memcpy(best_diffs, diffs, sizeof best_diffs);
            snprintf(best_name, sizeof best_name, "%s", st.name);
        }
        mp_ruleset_free(c);
    }
    d->line = d->column = 0;
    if (best < 0) {
        snprintf(d->message, sizeof d->message, "ruleset '%s' cannot be written for JCloisterZone: no ruleset of a "
                 "JCloisterZone setup loads here; expected the shipped rulesets c3, c3-nofarmers, bcb, c3-ic, c3-ic-ignore, "
                 "c3-tb and c3-ic-tb",
                 mp_ruleset_name(rs));
        return 1;
    }
    if (best_n == 0) {
        snprintf(d->message, sizeof d->message, "ruleset '%s' cannot be written for JCloisterZone: it has the rules "
                 "of '%s' under another name or description; expected '%s' itself, as meeple import writes it",
                 mp_ruleset_name(rs), best_name, best_name);
        return 1;
    }
    char list[400] = "";
    size_t used = 0;
    for (int k = 0; k < best_n && k < SHOW_DIFFS && used < sizeof list; k++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s: %s (JCloisterZone: %s)", k ? ", " : "",
                                 best_diffs[k].rule, best_diffs[k].a, best_diffs[k].b);
    if (best_n > SHOW_DIFFS && used < sizeof list)
        snprintf(list + used, sizeof list - used, " and %d more", best_n - SHOW_DIFFS);
    snprintf(d->message, sizeof d->message, "ruleset '%s' cannot be written for JCloisterZone: %.380s; expected the "
             "rules of a JCloisterZone setup (nearest: %s)", mp_ruleset_name(rs), list, best_name);
    return 1;
}

int jcz_match_ruleset(const mp_ruleset *rs, int n_players, int followers, jcz_options *o, mp_diag *d) {
    const char *hash = mp_ruleset_hash(rs);
    bool solo = n_players == 1;
    if (followers < 1 || followers > 100) followers = 7;   /* JCloisterZone's range: the diff says why */
    for (int k = 0; k < n_cache; k++)
        if (!strcmp(cache[k].hash, hash) && cache[k].followers == followers && cache[k].solo == solo) {
            *o = cache[k].o;
            return 0;
        }
    jcz_options *cands = calloc(MAX_CANDIDATES, sizeof *cands);
    if (!cands) abort();
    int n = candidates(rs, followers, solo, cands), found = -1;
    bool other;
    ruleset_modules(rs, &other);
    for (int k = 0; k < n && found < 0 && !other; k++) {
        jcz_setup st;
        mp_ruleset *c;
        mp_diag e = { 0 };
        jcz_options_ruleset(&cands[k], &st);
        if (jcz_setup_load(&st, &c, &e)) continue;
        if (!strcmp(mp_ruleset_hash(c), hash)) found = k;
        mp_ruleset_free(c);
    }
    if (found < 0) {
        int rc = refuse(rs, cands, n, d);
        free(cands);
        return rc;
    }
    *o = cands[found];
    free(cands);
    if (n_cache < CACHE) {
        snprintf(cache[n_cache].hash, sizeof cache[0].hash, "%s", hash);
        cache[n_cache].followers = followers;
        cache[n_cache].solo = solo;
        cache[n_cache++].o = *o;
    }
    return 0;
}
