/*
** jcz-setup.c: a JCloisterZone game's setup as a meeple ruleset, its start tile and its players.
**
** The setup is read into jcz_options (what the sets, elements and rules turn on), and the options
** are mapped to a ruleset by one table that `meeple export` uses the other way round: the tile
** sets come from the sets (basic:1, bridges-castles-and-bazaars:1), the modules from the elements
** alone (bridge, castle and bazaar are independent of the tile set that brings their tiles).
** basic:1 with farmers is c3, without them c3-nofarmers: shipped rulesets, named as they are.
** Anything more (the small-city rule, another number of followers, big followers, one player, the BCB tiles,
** bridges, castle tokens or bazaars with JCloisterZone's own mix of rulings) is a small ruleset
** that extends one of c3, c3-nofarmers or bcb, generated here as YAML. Every set, element or rule
** that cannot be mapped is refused by name.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jcz-impl.h"
#include "meeple-yaml.h"

/* A module's supply of tokens by the number of players, {2: 3, 3: 3, 4: 3, 5: 2, 6: 2}: the BCB
** rulesets' (3 a player, 2 with 5 or 6 players; 3 for one player, the modules' default). */
static void write_supply(mp_yw *w, const char *key) {
    static const int players[] = { 2, 3, 4, 5, 6 }, tokens[] = { 3, 3, 3, 2, 2 };
    mp_yw_plain(w, key);
    mp_yw_map(w, true);
    for (int i = 0; i < 5; i++) { mp_yw_int(w, players[i]); mp_yw_int(w, tokens[i]); }
    mp_yw_end_map(w);
}

static void write_bridges(mp_yw *w, const jcz_options *o) {
    (void)o;
    write_supply(w, "supply");
    mp_yw_plain(w, "kind"); mp_yw_plain(w, "road");
    mp_yw_plain(w, "ends_on"); mp_yw_plain(w, "field");
}

static void write_castles(mp_yw *w, const jcz_options *o) {
    (void)o;
    write_supply(w, "tokens");
    mp_yw_plain(w, "shapes");
    mp_yw_seq(w, true);
    mp_yw_plain(w, "cap");
    mp_yw_plain(w, "triangle");
    mp_yw_end_seq(w);
}

static void write_bazaars(mp_yw *w, const jcz_options *o) {
    mp_yw_plain(w, "negative_scores"); mp_yw_plain(w, "true");
    mp_yw_plain(w, "need_tiles"); mp_yw_plain(w, "true");
    mp_yw_plain(w, "auction"); mp_yw_plain(w, o->auction ? "true" : "false");
}

/* Goods: the module as c3-tb has it. */
static void write_goods(mp_yw *w, const jcz_options *o) { (void)w; (void)o; }

/* The builder: JCloisterZone always plays the second tile. */
static void write_builder(mp_yw *w, const jcz_options *o) {
    (void)o;
    mp_yw_plain(w, "double_turn"); mp_yw_plain(w, "mandatory");
}

/* The elements that turn a module on, in the order the ruleset lists the modules (bcb's, then
** bigbox's goods and builder: a second tile after the bazaar's round). The
** options are JCloisterZone's mix of rulings: castles from caps and triangles (as ZMG), bids below
** 0 (as HiG), no bazaar when fewer tiles are left than players (as RGG). The module an element
** turns on is the one that declares it as its word for JCloisterZone (element_module). */
static const struct element {
    const char *key;            /* in setup.elements */
    unsigned bit;
    bool tb;                    /* a module of Traders & Builders (on with its set), else of BCB */
    void (*options)(mp_yw *w, const jcz_options *o);   /* its options: under variants: */
} elements[] = {
    { "bridge", JCZ_BRIDGE, false, write_bridges },
    { "castle", JCZ_CASTLE, false, write_castles },
    { "bazaar", JCZ_BAZAAR, false, write_bazaars },
    { "traders", JCZ_TRADERS, true, write_goods },
    { JCZ_BUILDER_ELEMENT, JCZ_BUILDER, true, write_builder },
};
enum { N_ELEMENTS = sizeof elements / sizeof elements[0] };

/* The name of the module JCloisterZone's element turns on: the one whose alias "jcz" it is. */
static const char *element_module(const char *key) {
    const char *name = mp_module_find_alias(JCZ_ALIAS_NAMESPACE, key);
    if (!name) abort();   /* every element above is a compiled-in module's word: never */
    return name;
}

unsigned jcz_element_bit(const char *key) {
    for (int e = 0; key && e < N_ELEMENTS; e++)
        if (!strcmp(elements[e].key, key)) return elements[e].bit;
    return 0;
}

static const char ACCEPTED_SETS[] = "basic:1, with or without bridges-castles-and-bazaars:1, "
                                    "inns-and-cathedrals:1, traders-and-builders:1 and river/1:1";
static const char ACCEPTED_ELEMENTS[] = "small-follower, big-follower, farmers, river, bridge, castle, bazaar, inn, "
                                        "cathedral, traders, builder or pig";
enum { MAX_BIG = 50 };   /* with 100 small followers, a player's pieces still count at most 255 (PIECES) */

/* Whether a setup value turns something on: true, a number other than 0, a string other than
** "" and "0"; false, 0 and null leave it off. */
static bool on(const json_t *v) {
    if (!v || json_is_null(v) || json_is_false(v)) return false;
    if (json_is_integer(v)) return json_integer_value(v) != 0;
    if (json_is_real(v)) return json_real_value(v) != 0;
    if (json_is_string(v)) return json_string_value(v)[0] && strcmp(json_string_value(v), "0") != 0;
    return true;
}

static int read_sets(const jcz_src *src, const json_t *sets, jcz_options *o, mp_diag *d) {
    bool basic = false;
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)sets, key, v) {
        char jp[300];
        snprintf(jp, sizeof jp, "setup.sets.%s", key);
        if (!on(v)) continue;
        if (!json_is_integer(v) || json_integer_value(v) != 1)
            return jcz_error(src, d, jp, NULL, "set '%s' counted %s; expected 1 (one copy)", key,
                             json_is_integer(v) ? "more than once" : "by something other than a number");
        if (!strcmp(key, "basic:1")) basic = true;
        else if (!strcmp(key, "bridges-castles-and-bazaars:1")) o->bcb_tiles = true;
        else if (!strcmp(key, "river/1:1")) o->river = true;
        else if (!strcmp(key, "inns-and-cathedrals:1")) o->ic_tiles = true;
        else if (!strcmp(key, "traders-and-builders:1")) o->tb_tiles = true;
        else if (!strcmp(key, "basic:2") || !strcmp(key, "inns-and-cathedrals:2") ||
                 !strcmp(key, "traders-and-builders:2")) {
            /* the garden editions: two tiles with an abbot's garden, and meeple has no abbot */
            char want[64];
            snprintf(want, sizeof want, "%.*s1", (int)(strchr(key, ':') - key + 1), key);
            return jcz_error(src, d, jp, NULL, "set '%s' (the edition with gardens, for the abbot) is not one meeple "
                             "imports; expected %s", key, want);
        }
        else
            return jcz_error(src, d, jp, NULL, "set '%s' is not one meeple imports; expected %s", key, ACCEPTED_SETS);
    }
    if (!basic) return jcz_error(src, d, "setup.sets", NULL, "no set 'basic:1'; expected the base game");
    return 0;
}

static int read_elements(const jcz_src *src, const json_t *elements_in, jcz_options *o, mp_diag *d) {
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)elements_in, key, v) {
        char jp[300];
        snprintf(jp, sizeof jp, "setup.elements.%s", key);
        if (!strcmp(key, "farmers")) { o->farmers = on(v); continue; }
        if (!strcmp(key, JCZ_RIVER_ELEMENT)) continue;   /* the client's mark of the set river/1:1, which turns it on */
        if (!strcmp(key, "small-follower")) {
            if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 100)
                return jcz_error(src, d, jp, NULL, "small-follower is not a number of followers; expected 1 to 100");
            o->followers = (int)json_integer_value(v);
            continue;
        }
        if (!strcmp(key, "big-follower")) {   /* large followers each (Inns & Cathedrals): 0, false or null none */
            if (!on(v)) { o->big = 0; continue; }
            if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > MAX_BIG)
                return jcz_error(src, d, jp, NULL, "big-follower is not a number of big followers; expected 0 to %d",
                                 MAX_BIG);
            o->big = (int)json_integer_value(v);
            continue;
        }
        if (!strcmp(key, JCZ_BUILDER_ELEMENT) || !strcmp(key, JCZ_PIG_ELEMENT)) {   /* figures each */
            int *n = !strcmp(key, JCZ_PIG_ELEMENT) ? &o->pig : &o->builder;
            if (!on(v)) { *n = 0; continue; }
            if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > MAX_BIG)
                return jcz_error(src, d, jp, NULL, "%s is not a number of figures; expected 0 to %d", key, MAX_BIG);
            *n = (int)json_integer_value(v);
            continue;
        }
        /* The engine asks only whether these keys are there: any value but false and null turns them on. */
        if (!strcmp(key, "inn") || !strcmp(key, "cathedral")) {
            if (v && !json_is_null(v) && !json_is_false(v)) *(key[0] == 'i' ? &o->inn : &o->cathedral) = true;
            continue;
        }
        if (!strcmp(key, "pig-herd")) continue;   /* the client's mark in Traders & Builders games: no tile has a herd */
        if (!on(v)) continue;
        int e = 0;
        while (e < N_ELEMENTS && strcmp(elements[e].key, key) != 0) e++;
        if (e == N_ELEMENTS)
            return jcz_error(src, d, jp, NULL, "element '%s' is not one meeple imports; expected %s", key,
                             ACCEPTED_ELEMENTS);
        o->modules |= elements[e].bit;
    }
    if (o->builder) o->modules |= JCZ_BUILDER;
    return 0;
}

/* What needs which set: the figures and goods Traders & Builders', inns and cathedrals Inns &
** Cathedrals' (their tiles; JCloisterZone's inns on other sets' tiles are not mapped). */
static int check_sets(const jcz_src *src, const jcz_options *o, mp_diag *d) {
    const char *tb = (o->modules & JCZ_TRADERS) ? "traders" : o->builder ? JCZ_BUILDER_ELEMENT : o->pig ? JCZ_PIG_ELEMENT : NULL;
    if (tb && !o->tb_tiles)
        return jcz_error(src, d, "setup.elements", NULL, "element '%s' without the set traders-and-builders:1; expected "
                         "that set with it", tb);
    const char *ic = o->inn ? "inn" : o->cathedral ? "cathedral" : NULL;
    if (ic && !o->ic_tiles)
        return jcz_error(src, d, "setup.elements", NULL, "element '%s' without the set inns-and-cathedrals:1; expected "
                         "that set with it", ic);
    return 0;
}

static int read_rules(const jcz_src *src, const json_t *rules, jcz_options *o, mp_diag *d) {
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)rules, key, v) {
        char jp[300];
        snprintf(jp, sizeof jp, "setup.rules.%s", key);
        if (!strcmp(key, "tiny-city-scoring")) {
            const char *s = json_is_string(v) ? json_string_value(v) : "";
            if (json_is_integer(v)) s = json_integer_value(v) == 2 ? "2" : json_integer_value(v) == 4 ? "4" : "";
            if (!strcmp(s, "2")) o->small_city = true;
            else if (strcmp(s, "4") != 0 && !json_is_null(v))
                return jcz_error(src, d, jp, NULL, "tiny-city-scoring is not \"2\" or \"4\"; expected \"2\" (the "
                                 "small-city rule) or \"4\" (the current rule)");
            continue;
        }
        if (!strcmp(key, "inn-and-cathedral-final-scoring")) {   /* FanCloisterZone's; absent: zero */
            const char *s = json_is_string(v) ? json_string_value(v) : "";
            if (!strcmp(s, "ignore")) o->ic_ignore = true;
            else if (strcmp(s, "zero") != 0 && !json_is_null(v))
                return jcz_error(src, d, jp, NULL, "inn-and-cathedral-final-scoring is not \"zero\" or \"ignore\"; "
                                 "expected \"zero\" (open inn roads and cathedral cities score nothing at the end) or "
                                 "\"ignore\" (they score as plain ones)");
            continue;
        }
        if (!on(v)) continue;
        if (!strcmp(key, "bazaar-no-auction")) {
            if (!(o->modules & JCZ_BAZAAR))
                return jcz_error(src, d, jp, NULL, "rule 'bazaar-no-auction' without bazaars; expected the element "
                                 "bazaar with it");
            o->auction = false;
            continue;
        }
        return jcz_error(src, d, jp, NULL, "rule '%s' is not one meeple imports; expected tiny-city-scoring, "
                         "inn-and-cathedral-final-scoring%s", key, o->modules & JCZ_BAZAAR ? " or bazaar-no-auction" : "");
    }
    return 0;
}

void jcz_options_default(jcz_options *o) {
    *o = (jcz_options){ .followers = 7, .auction = true };
}

int jcz_read_setup(const jcz_src *src, const json_t *root, jcz_options *o, mp_diag *d) {
    jcz_options_default(o);
    const json_t *setup, *sets, *x;
    if (jcz_member(src, root, "", "setup", NULL, JSON_OBJECT, &setup, d)) return 1;
    if (jcz_member(src, setup, "setup", "sets", NULL, JSON_OBJECT, &sets, d)) return 1;
    if (read_sets(src, sets, o, d)) return 1;
    if ((x = json_object_get(setup, "elements"))) {
        if (!json_is_object(x)) return jcz_error(src, d, "setup.elements", NULL, "not an object; expected the elements");
        if (read_elements(src, x, o, d)) return 1;
    }
    if ((x = json_object_get(setup, "rules"))) {
        if (!json_is_object(x)) return jcz_error(src, d, "setup.rules", NULL, "not an object; expected the rules");
        if (read_rules(src, x, o, d)) return 1;
    }
    if (check_sets(src, o, d)) return 1;
    if (!o->inn && !o->cathedral) o->ic_ignore = false;   /* nothing for it to change */
    /* One player: the rulesets are for two or more, so the game gets one of its own. */
    const json_t *players = json_object_get(root, "players");
    o->solo = json_is_array(players) && json_array_size(players) == 1;
    return 0;
}

static void add(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void add(char *buf, size_t size, const char *fmt, ...) {
    size_t n = strlen(buf);
    if (n + 1 >= size) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, size - n, fmt, ap);
    va_end(ap);
}

/* A map key with a mapping in flow style, {k: N} of one entry. */
static void write_count(mp_yw *w, const char *piece, int count, bool not_on_completed) {
    mp_yw_plain(w, piece);
    mp_yw_map(w, true);
    mp_yw_plain(w, "count"); mp_yw_int(w, count);
    if (not_on_completed) { mp_yw_plain(w, "joins_completed"); mp_yw_plain(w, "false"); }
    mp_yw_end_map(w);
}

/* The pieces beside the followers (meeple-ruleset(5), PIECES). JCloisterZone's big followers on
** the base game: {large: {count: N, strength: 2, aliases: {jcz: big}}}; with Inns & Cathedrals the
** large follower is c3-ic's, only its count changed. Traders & Builders' builder and pig are
** c3-tb's, counted; JCloisterZone's builder never joins a feature the tile has just completed. */
static void write_pieces(mp_yw *w, const jcz_options *o) {
    bool big = o->ic_tiles ? o->big != 1 : o->big != 0;
    if (!big && !o->tb_tiles) return;
    mp_yw_plain(w, "pieces");
    mp_yw_map(w, false);
    if (big && o->ic_tiles) write_count(w, "large", o->big, false);
    else if (big) {
        mp_yw_plain(w, "large");
        mp_yw_map(w, true);
        mp_yw_plain(w, "count"); mp_yw_int(w, o->big);
        mp_yw_plain(w, "strength"); mp_yw_int(w, 2);
        mp_yw_plain(w, "aliases");
        mp_yw_map(w, true);
        mp_yw_plain(w, JCZ_ALIAS_NAMESPACE); mp_yw_plain(w, JCZ_BIG_FOLLOWER);
        mp_yw_end_map(w);
        mp_yw_end_map(w);
    }
    if (o->tb_tiles) {
        write_count(w, JCZ_BUILDER_ELEMENT, o->builder, true);
        if (o->pig != 1) write_count(w, JCZ_PIG_ELEMENT, o->pig, false);
    }
    mp_yw_end_map(w);
}

/* with: {MARKER: null} (the marker taken back) or {MARKER: {incomplete: null}} (its end-of-game
** formula taken back: the kind's own applies, FanCloisterZone's "ignore"). */
static void write_with(mp_yw *w, const char *marker, bool on) {
    mp_yw_plain(w, "with");
    mp_yw_map(w, false);
    mp_yw_plain(w, marker);
    if (!on) mp_yw_plain(w, "null");
    else {
        mp_yw_map(w, true);
        mp_yw_plain(w, "incomplete"); mp_yw_plain(w, "null");
        mp_yw_end_map(w);
    }
    mp_yw_end_map(w);
}

/* scoring: the small-city rule, inns and cathedrals switched off or scored as plain at the end. */
static void write_scoring(mp_yw *w, const jcz_options *o, const char *base) {
    bool ignore = o->ic_ignore && strcmp(base, "c3-ic-ignore") != 0;   /* c3-ic-ignore has it already */
    bool road = o->ic_tiles && (!o->inn || ignore), city_ic = o->ic_tiles && (!o->cathedral || ignore);
    if (!o->small_city && !road && !city_ic) return;
    mp_yw_plain(w, "scoring");
    mp_yw_map(w, false);
    if (road) {
        mp_yw_plain(w, "road");
        mp_yw_map(w, false);
        write_with(w, "inn", o->inn);
        mp_yw_end_map(w);
    }
    if (o->small_city || city_ic) {
        mp_yw_plain(w, "city");
        mp_yw_map(w, false);
        if (o->small_city) {   /* small: {tiles: 2, points: {per_tile: 1, per_icon: {pennant: 1}}} */
            mp_yw_plain(w, "small");
            mp_yw_map(w, true);
            mp_yw_plain(w, "tiles"); mp_yw_int(w, 2);
            mp_yw_plain(w, "points");
            mp_yw_map(w, true);
            mp_yw_plain(w, "per_tile"); mp_yw_int(w, 1);
            mp_yw_plain(w, "per_icon");
            mp_yw_map(w, true);
            mp_yw_plain(w, "pennant"); mp_yw_int(w, 1);
            mp_yw_end_map(w);
            mp_yw_end_map(w);
            mp_yw_end_map(w);
        }
        if (city_ic) write_with(w, "cathedral", o->cathedral);
        mp_yw_end_map(w);
    }
    mp_yw_end_map(w);
}

/* The generated ruleset, through libyaml's emitter (core/yamlw.h): what the options change from
** the shipped ruleset it extends. */
static void write_ruleset(const jcz_options *o, jcz_setup *s) {
    bool bcb = o->bcb_tiles, ictb = o->ic_tiles || o->tb_tiles, bcb_on_ictb = bcb && ictb;
    mp_yw *w = mp_yw_new("# The rules of a JCloisterZone game, written by meeple import (meeple-import(1)).\n");
    char description[300];
    snprintf(description, sizeof description, "JCloisterZone game: %s", s->summary);
    mp_yw_map(w, false);
    mp_yw_plain(w, "name"); mp_yw_plain(w, s->name);
    mp_yw_plain(w, "description"); mp_yw_quoted(w, description);
    mp_yw_plain(w, "extends"); mp_yw_plain(w, s->base);
    if (o->solo) {
        mp_yw_plain(w, "players");
        mp_yw_map(w, true);
        mp_yw_plain(w, "min"); mp_yw_int(w, 1);
        mp_yw_end_map(w);
    }
    if (o->followers != 7) { mp_yw_plain(w, "followers"); mp_yw_int(w, o->followers); }
    write_pieces(w, o);
    write_scoring(w, o, s->base);
    /* Castle tokens on the base tiles alone: the castle kind comes with a tile set of its own, and
    ** a castle borders a farm for 4, as in bcb. The River: its tiles, its kind matched, the spring
    ** at the start and the base start tile in the bag (JCloisterZone keeps all four). BCB's tiles
    ** with Inns & Cathedrals or Traders & Builders: bcb's tiles and castles on c3-ic, c3-tb or
    ** c3-ic-tb (as bigbox has them). */
    bool castle_kind = !bcb && (o->modules & JCZ_CASTLE);
    if (castle_kind || o->river || bcb_on_ictb) {
        mp_yw_plain(w, "tiles");
        mp_yw_seq(w, true);
        mp_yw_plain(w, "tiles/base.yaml");
        if (o->ic_tiles) mp_yw_plain(w, "tiles/ic.yaml");
        if (o->tb_tiles) mp_yw_plain(w, "tiles/tb.yaml");
        if (bcb) mp_yw_plain(w, "tiles/bcb.yaml");
        if (castle_kind) mp_yw_plain(w, "tiles/castle-kind.yaml");
        if (o->river) mp_yw_plain(w, "tiles/river.yaml");
        mp_yw_end_seq(w);
    }
    if (o->river) {
        mp_yw_plain(w, "match");
        mp_yw_seq(w, true);
        mp_yw_plain(w, "city"); mp_yw_plain(w, "road"); mp_yw_plain(w, "field"); mp_yw_plain(w, "river");
        mp_yw_end_seq(w);
        mp_yw_plain(w, "start");
        mp_yw_map(w, true);
        mp_yw_plain(w, "tile"); mp_yw_plain(w, "spring");
        mp_yw_plain(w, "replaced"); mp_yw_plain(w, "bag");
        mp_yw_end_map(w);
    }
    bool castle_points = o->farmers && (castle_kind || bcb_on_ictb);
    if ((bcb || ictb) && !o->farmers) {
        mp_yw_plain(w, "farms");
        mp_yw_map(w, false);
        mp_yw_plain(w, "enabled"); mp_yw_plain(w, "false");
        mp_yw_end_map(w);
    } else if (castle_points) {   /* a castle borders a farm for 4 (5 for a majority holder with his pig) */
        mp_yw_plain(w, "farms");
        mp_yw_map(w, false);
        mp_yw_plain(w, "points");
        mp_yw_map(w, true);
        mp_yw_plain(w, "city"); mp_yw_int(w, 3);
        mp_yw_plain(w, "castle"); mp_yw_int(w, 4);
        mp_yw_end_map(w);
        if (o->tb_tiles) {
            mp_yw_plain(w, "with");
            mp_yw_map(w, false);
            mp_yw_plain(w, JCZ_PIG_ELEMENT);
            mp_yw_map(w, true);
            mp_yw_plain(w, "city"); mp_yw_int(w, 4);
            mp_yw_plain(w, "castle"); mp_yw_int(w, 5);
            mp_yw_end_map(w);
            mp_yw_end_map(w);
        }
        mp_yw_end_map(w);
    }
    if (bcb || o->modules || o->river || o->tb_tiles) {
        mp_yw_plain(w, "variants");
        mp_yw_seq(w, false);   /* [] when empty */
        for (int e = 0; e < N_ELEMENTS; e++) {
            if (!(o->modules & elements[e].bit)) continue;
            mp_yw_map(w, false);
            mp_yw_plain(w, "name"); mp_yw_plain(w, element_module(elements[e].key));
            mp_yw_plain(w, "options");
            mp_yw_map(w, true);
            elements[e].options(w, o);
            mp_yw_end_map(w);
            mp_yw_end_map(w);
        }
        if (o->river) {   /* JCloisterZone's free-space test for U-turns (meeple-ruleset(5)) */
            mp_yw_map(w, false);
            mp_yw_plain(w, "name"); mp_yw_plain(w, element_module(JCZ_RIVER_ELEMENT));
            mp_yw_plain(w, "options");
            mp_yw_map(w, true);
            mp_yw_plain(w, "u_turn"); mp_yw_plain(w, "jcz");
            mp_yw_end_map(w);
            mp_yw_end_map(w);
        }
        mp_yw_end_seq(w);
    }
    mp_yw_end_map(w);
    size_t len;
    char why[256];
    char *text = mp_yw_finish(w, &len, why, sizeof why);
    mp_yw_free(w);
    if (!text || len >= sizeof s->yaml) abort();   /* the text is made of the words above: never */
    memcpy(s->yaml, text, len + 1);
    free(text);
}

/* The ruleset the options map to: its name, its YAML (none when a shipped ruleset fits as it
** is), the shipped ruleset it extends, and the setup in words. */
void jcz_options_ruleset(const jcz_options *o, jcz_setup *s) {
    memset(s, 0, sizeof *s);
    bool bcb = o->bcb_tiles, ic = o->ic_tiles, tb = o->tb_tiles;
    const char *base = ic && tb ? "c3-ic-tb" : ic ? (o->ic_ignore ? "c3-ic-ignore" : "c3-ic") : tb ? "c3-tb"
                       : bcb ? "bcb" : o->farmers ? "c3" : "c3-nofarmers";
    snprintf(s->base, sizeof s->base, "%s", base);
    char name[64] = "", words[200] = "";
    snprintf(name, sizeof name, "jcz-%s", s->base);
    bool changed = false;
#define WORDS(...) (add(words, sizeof words, "%s", words[0] ? ", " : ""), add(words, sizeof words, __VA_ARGS__))
    if (o->solo) {
        add(name, sizeof name, "-solo");
        WORDS("one player");
        changed = true;
    }
    if (o->followers != 7) {
        add(name, sizeof name, "-followers-%d", o->followers);
        WORDS("%d followers each", o->followers);
        changed = true;
    }
    if (o->big != (ic ? 1 : 0)) {
        add(name, sizeof name, "-big-followers-%d", o->big);
        WORDS("%d big follower%s each", o->big, o->big == 1 ? "" : "s");
        changed = true;
    }
    if ((bcb || ic || tb) && !o->farmers) {
        add(name, sizeof name, "-nofarmers");
        WORDS("no farmers");
        changed = changed || ic || tb;
    }
    if (o->small_city) {
        add(name, sizeof name, "-small-city");
        WORDS("the small-city rule");
        changed = true;
    }
    if (ic && !o->inn) { add(name, sizeof name, "-no-inns"); WORDS("no inns"); changed = true; }
    if (ic && !o->cathedral) { add(name, sizeof name, "-no-cathedrals"); WORDS("no cathedrals"); changed = true; }
    if (o->ic_ignore && strcmp(base, "c3-ic-ignore") != 0) {
        add(name, sizeof name, "-ignore");
        WORDS("open inn roads and cathedral cities scored as plain ones at the end");
        changed = true;
    }
    if (tb) {
        if (o->builder != 1) {
            add(name, sizeof name, "-builders-%d", o->builder);
            WORDS("%d builder%s each", o->builder, o->builder == 1 ? "" : "s");
        }
        if (o->builder) WORDS("JCloisterZone's builder (a second tile always, never onto a feature just completed)");
        if (o->pig != 1) {
            add(name, sizeof name, "-pigs-%d", o->pig);
            WORDS("%d pig%s each", o->pig, o->pig == 1 ? "" : "s");
        }
        changed = true;
    }
    if (bcb && (ic || tb)) add(name, sizeof name, "-bcb");
    if (bcb || o->modules) {
        for (int e = 0; e < N_ELEMENTS; e++) {
            bool standard = elements[e].tb ? tb : bcb;   /* on with its set */
            if (elements[e].bit == JCZ_BUILDER) continue;   /* said by the count */
            if (o->modules & elements[e].bit) {
                if (!standard) {
                    add(name, sizeof name, "-%s", element_module(elements[e].key));
                    WORDS("%s", element_module(elements[e].key));
                }
            } else if (standard) {
                add(name, sizeof name, "-no-%s", element_module(elements[e].key));
                WORDS("no %s", element_module(elements[e].key));
            }
        }
        if (!o->auction) {
            add(name, sizeof name, "-no-auction");
            WORDS("bazaars without auction");
        }
        char rulings[160] = "";
        if (o->modules & JCZ_CASTLE) add(rulings, sizeof rulings, "castles from caps and triangles");
        if (o->modules & JCZ_BAZAAR)
            add(rulings, sizeof rulings, "%sbids below 0, no bazaar when fewer tiles are left than players",
                rulings[0] ? ", " : "");
        if (rulings[0]) WORDS("JCloisterZone's rulings (%s)", rulings);
        changed = changed || bcb || (o->modules & JCZ_BCB_MODULES);
    }
    if (o->river) {
        add(name, sizeof name, "-river");
        WORDS("the River (JCloisterZone's U-turn test, the base start tile kept)");
        changed = true;
    }
#undef WORDS
    snprintf(s->summary, sizeof s->summary, "%s%s%s", s->base, words[0] ? " with " : "", words);
    s->no_auction = (o->modules & JCZ_BAZAAR) && !o->auction;
    if (!changed) {
        snprintf(s->name, sizeof s->name, "%s", s->base);
        return;
    }
    snprintf(s->name, sizeof s->name, "%s", name);
    write_ruleset(o, s);
}

json_t *jcz_options_json(const jcz_options *o) {
    json_t *sets = json_object(), *els = json_object(), *rules = json_object();
    json_object_set_new(sets, "basic:1", json_integer(1));
    if (o->bcb_tiles) json_object_set_new(sets, "bridges-castles-and-bazaars:1", json_integer(1));
    if (o->ic_tiles) json_object_set_new(sets, "inns-and-cathedrals:1", json_integer(1));
    if (o->tb_tiles) json_object_set_new(sets, "traders-and-builders:1", json_integer(1));
    if (o->river) json_object_set_new(sets, "river/1:1", json_integer(1));
    json_object_set_new(els, "small-follower", json_integer(o->followers));
    if (o->big) json_object_set_new(els, "big-follower", json_integer(o->big));
    json_object_set_new(els, "farmers", json_boolean(o->farmers));
    if (o->inn) json_object_set_new(els, "inn", json_true());
    if (o->cathedral) json_object_set_new(els, "cathedral", json_true());
    for (int e = 0; e < N_ELEMENTS; e++)
        if ((o->modules & elements[e].bit) && elements[e].bit != JCZ_BUILDER)
            json_object_set_new(els, elements[e].key, elements[e].bit & (JCZ_BAZAAR | JCZ_TRADERS) ? json_true()
                                                                                                 : json_integer(1));
    if (o->builder) json_object_set_new(els, JCZ_BUILDER_ELEMENT, json_integer(o->builder));
    if (o->pig) json_object_set_new(els, JCZ_PIG_ELEMENT, json_integer(o->pig));
    if (o->small_city) json_object_set_new(rules, "tiny-city-scoring", json_string("2"));
    if (o->ic_ignore) json_object_set_new(rules, "inn-and-cathedral-final-scoring", json_string("ignore"));
    if ((o->modules & JCZ_BAZAAR) && !o->auction) json_object_set_new(rules, "bazaar-no-auction", json_true());
    json_t *setup = json_object();
    json_object_set_new(setup, "sets", sets);
    json_object_set_new(setup, "elements", els);
    json_object_set_new(setup, "rules", rules);
    return setup;
}
int jcz_check_start(const jcz_src *src, const json_t *root, const mp_ruleset *rs, mp_diag *d) {
    const json_t *setup = json_object_get(root, "setup"), *start, *x, *y, *rot, *tile;
    if (jcz_member(src, setup, "setup", "start", NULL, JSON_ARRAY, &start, d)) return 1;
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    int want = -1;
    for (int t = 0; t < mp_tileset_n_tiles(ts); t++)
        if (mp_tileset_tile_is_start(ts, t)) want = t;
    const char *want_id = want >= 0 ? jcz_tile_id(ts, want) : "";
    if (json_array_size(start) != 1)
        return jcz_error(src, d, "setup.start", NULL, "%zu start tiles; expected one, %s at 0,0 rotation 0",
                         json_array_size(start), want_id);
    const json_t *s0 = json_array_get(start, 0);
    const char *jp = "setup.start[0]";
    if (!json_is_object(s0)) return jcz_error(src, d, jp, NULL, "not an object; expected {tile, x, y, rotation}");
    if (jcz_member(src, s0, jp, "tile", NULL, JSON_STRING, &tile, d) || jcz_member(src, s0, jp, "x", NULL, JSON_INTEGER, &x, d) ||
        jcz_member(src, s0, jp, "y", NULL, JSON_INTEGER, &y, d))
        return 1;
    if (strcmp(json_string_value(tile), want_id) != 0)
        return jcz_error(src, d, "setup.start[0].tile", NULL, "start tile '%s'; expected %s, the start tile of ruleset '%s'",
                         json_string_value(tile), want_id, mp_ruleset_name(rs));
    if (json_integer_value(x) != 0 || json_integer_value(y) != 0)
        return jcz_error(src, d, "setup.start[0].x", NULL, "start tile at %lld,%lld; expected 0,0",
                         (long long)json_integer_value(x), (long long)json_integer_value(y));
    rot = json_object_get(s0, "rotation");
    bool zero = !rot || (json_is_integer(rot) && json_integer_value(rot) == 0) ||
                (json_is_string(rot) && (!strcmp(json_string_value(rot), "R0") || !strcmp(json_string_value(rot), "0")));
    if (!zero) return jcz_error(src, d, "setup.start[0].rotation", NULL, "start tile turned; expected rotation 0");
    return 0;
}

int jcz_read_players(const jcz_src *src, const json_t *root, const mp_ruleset *rs, jcz_import *j, mp_diag *d) {
    const json_t *players;
    if (jcz_member(src, root, "", "players", NULL, JSON_ARRAY, &players, d)) return 1;
    size_t n = json_array_size(players);
    if ((int)n < mp_ruleset_min_players(rs) || (int)n > mp_ruleset_max_players(rs))
        return jcz_error(src, d, "players", NULL, "%zu players; ruleset '%s' is for %d to %d", n, mp_ruleset_name(rs),
                         mp_ruleset_min_players(rs), mp_ruleset_max_players(rs));
    for (size_t p = 0; p < n; p++) {
        char jp[64];
        snprintf(jp, sizeof jp, "players[%zu]", p);
        const json_t *pl = json_array_get(players, p), *name;
        if (!json_is_object(pl)) return jcz_error(src, d, jp, NULL, "not an object; expected {name, slot}");
        if (jcz_member(src, pl, jp, "name", NULL, JSON_STRING, &name, d)) return 1;
        const char *s = json_string_value(name);
        snprintf(jp, sizeof jp, "players[%zu].name", p);
        if (!s[0] || strlen(s) >= sizeof j->names[0])
            return jcz_error(src, d, jp, NULL, "name '%s' is empty or too long; expected 1 to %zu characters", s,
                             sizeof j->names[0] - 1);
        for (const unsigned char *c = (const unsigned char *)s; *c; c++)
            if (*c < 0x20 || *c == 0x7f)
                return jcz_error(src, d, jp, NULL, "name has a control character; expected printable text");
        snprintf(j->names[p], sizeof j->names[p], "%s", s);
    }
    j->n_players = (int)n;
    return 0;
}
