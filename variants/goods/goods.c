/*
** goods.c: trade goods (Traders & Builders): wine, grain and cloth.
**
** A goods symbol is an icon of a city segment (the tile set's `icons:`). When a city is completed
** during play, the player whose tile completed it (the turn's player, whoever occupies the city,
** and also when nobody does) takes one token of each type for every symbol in the whole city.
** Tokens are public. At the end, for each type, the players holding the most tokens of it (at
** least `least`, 1 by default) score `points` (10) each, ties all scoring. An incomplete city
** gives no tokens. meeple-ruleset(5), GOODS.
**
** Hooks: setup (the types' icons, the category), feature_scored (tokens to the completer),
** final_scoring (the majorities, an event per type), facts and status (tokens held), check.
*/
#include <stdio.h>
#include <string.h>

#include "module.h"

enum { MAX_GOODS = 4 };

typedef struct goods_config {
    int n;                             /* types of goods */
    const char *name[MAX_GOODS];       /* each an icon of the tile sets: "wine" */
    int points;                        /* to each majority holder of a type */
    int least;                         /* tokens a player needs to win a type */
} goods_config;

typedef struct goods_state {
    int8_t icon[MAX_GOODS];            /* each type's icon in the tile set */
    int8_t category;
    int16_t tokens[MP_MAX_PLAYERS][MAX_GOODS];
} goods_state;

static int goods_configure(mp_arena *a, const mp_ynode *options, void **config, mp_diag *d) {
    static const char *const keys[] = { "goods", "points", "least", NULL };
    static const char *const defaults[] = { "wine", "grain", "cloth" };
    goods_config *c = mp_arena_alloc(a, sizeof *c);
    c->n = 3;
    for (int i = 0; i < 3; i++) c->name[i] = defaults[i];
    c->points = 10;
    c->least = 1;
    *config = c;
    if (!options || mp_y_is_null(options)) return 0;
    if (mp_y_expect(options, MP_Y_MAP, "options", d) || mp_y_check_keys(options, keys, d)) return 1;
    mp_ynode *n;
    if ((n = mp_y_get(options, "goods"))) {
        if (mp_y_expect(n, MP_Y_SEQ, "goods", d)) return 1;
        if (mp_y_count(n) < 1 || mp_y_count(n) > MAX_GOODS)
            return mp_y_error(d, n, "%d types of goods; expected 1 to %d icons", mp_y_count(n), MAX_GOODS);
        c->n = mp_y_count(n);
        for (int i = 0; i < c->n; i++)
            if (mp_y_string(mp_y_item(n, i), &c->name[i], d)) return 1;
    }
    long v;
    if ((n = mp_y_get(options, "points"))) {
        if (mp_y_int(n, 0, 1000, &v, d)) return 1;
        c->points = (int)v;
    }
    if ((n = mp_y_get(options, "least"))) {
        if (mp_y_int(n, 1, 1000, &v, d)) return 1;
        c->least = (int)v;
    }
    return 0;
}

static int goods_setup(mp_module_ctx *cx, mp_diag *d) {
    const goods_config *c = cx->view.config;
    goods_state *s = cx->state;
    for (int i = 0; i < c->n; i++) {
        int icon = mp_mod_icon(&cx->view, c->name[i]);
        if (icon < 0)
            return mp_diag_set(d, mp_mod_ruleset_path(&cx->view), 0, 0, "the goods module's '%s' is no icon of the tile "
                               "sets; expected one declared under their 'icons:'", c->name[i]);
        s->icon[i] = (int8_t)icon;
    }
    int category = mp_mod_add_category(cx, "goods");
    if (category < 0)
        return mp_diag_set(d, mp_mod_ruleset_path(&cx->view), 0, 0, "the goods module finds no room for its score "
                           "category 'goods'; expected fewer categories");
    s->category = (int8_t)category;
    return 0;
}

/* A city completed in play: its symbols go to the player who placed the tile. */
static void goods_feature_scored(mp_module_ctx *cx, mp_feature f, int points) {
    (void)points;
    const goods_config *c = cx->view.config;
    goods_state *s = cx->state;
    int p = mp_mod_turn_player(&cx->view);
    for (int i = 0; i < c->n; i++) {
        int n = mp_mod_feature_icons(&cx->view, f, s->icon[i]);
        if (n > 0) s->tokens[p][i] = (int16_t)(s->tokens[p][i] + n);
    }
}

/* Each type: the most tokens (at least `least`) score `points`, every tied player in full. */
static void goods_final_scoring(mp_module_ctx *cx) {
    const goods_config *c = cx->view.config;
    goods_state *s = cx->state;
    int players = mp_mod_players(&cx->view);
    for (int i = 0; i < c->n; i++) {
        int best = c->least;
        unsigned who = 0;
        for (int p = 0; p < players; p++) {
            if (s->tokens[p][i] < best) continue;
            if (s->tokens[p][i] > best) { best = s->tokens[p][i]; who = 0; }
            who |= 1u << p;
        }
        if (who && c->points) mp_mod_award(cx, who, c->points, s->category, -1, c->name[i]);
    }
}

/* For a simple bot: the majorities the player would win if the game ended now (a tied one shared
** out), and a point a token, since more tokens keep a lead. */
static int goods_worth(const mp_module_view *cx, int player) {
    const goods_config *c = cx->config;
    const goods_state *s = cx->state;
    int players = mp_mod_players(cx), worth = 0;
    for (int i = 0; i < c->n; i++) {
        int best = 0, tied = 0;
        for (int p = 0; p < players; p++) {
            if (s->tokens[p][i] > best) { best = s->tokens[p][i]; tied = 0; }
            if (s->tokens[p][i] == best) tied++;
        }
        worth += s->tokens[player][i];
        if (best >= c->least && s->tokens[player][i] == best) worth += c->points / tied;
    }
    return worth;
}

static int goods_facts(const mp_module_view *cx, mp_fact *out, int cap) {
    const goods_config *c = cx->config;
    const goods_state *s = cx->state;
    int n = 0;
    for (int p = 0; p < mp_mod_players(cx); p++)
        for (int i = 0; i < c->n; i++, n++)
            if (n < cap) out[n] = (mp_fact){ .kind = MP_FACT_COUNT, .what = c->name[i], .player = p,
                                             .value = s->tokens[p][i], .tile = -1 };
    return n;
}

static int goods_status(const mp_module_view *cx, int player, char *buf, size_t size) {
    const goods_config *c = cx->config;
    const goods_state *s = cx->state;
    if (player < 0) return snprintf(buf, size, "%s", "");
    size_t used = 0;
    int n = 0;
    for (int i = 0; i < c->n; i++) {
        n = snprintf(buf + used, used < size ? size - used : 0, "%s%s %d", i ? ", " : "", c->name[i], s->tokens[player][i]);
        used += (size_t)(n > 0 ? n : 0);
    }
    return (int)used;
}

static int goods_check(const mp_module_view *cx, mp_diag *d) {
    const goods_config *c = cx->config;
    const goods_state *s = cx->state;
    for (int p = 0; p < mp_mod_players(cx); p++)
        for (int i = 0; i < c->n; i++)
            if (s->tokens[p][i] < 0)
                return mp_diag_set(d, "<game>", 0, 0, "player %d holds %d %s tokens; expected none below 0", p + 1,
                                   s->tokens[p][i], c->name[i]);
    return 0;
}

const mp_module mp_module_goods = {
    .name = "goods",
    .summary = "goods: a completed city's wine, grain and cloth to its completer; 10 a type's majority at the end",
    .state_size = sizeof(goods_state),
    /* JCloisterZone's element (setup.elements "traders") */
    .aliases = (const mp_alias[]){ { "jcz", "traders" }, { NULL, NULL } },
    .configure = goods_configure,
    .setup = goods_setup,
    .feature_scored = goods_feature_scored,
    .final_scoring = goods_final_scoring,
    .facts = goods_facts,
    .status = goods_status,
    .check = goods_check,
    .worth = goods_worth,
};
