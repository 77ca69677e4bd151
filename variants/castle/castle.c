/*
** castle.c: Carcassonne: The Castle (Reiner Knizia, 2003), as its rulebook plays it.
**
** The kernel already plays most of The Castle from data (rulesets/castle.yaml): the board inside
** the wall, the start spaces (fixed pieces in the wall), `match: [path]`, `ties: none`, paths,
** houses and towers, the fountain, courts scored at the end by their markets. This module adds
** what data cannot say:
**   - the score track: each player's marker is his score modulo the track's length; a marker that
**     stops on a corner tower's space after a scoring (or, house rule, after all of a turn's
**     scoring) takes the wall tile lying there;
**   - the order of simultaneous scorings: the placer's features first, then the opponent's, the
**     placer choosing the order within each (a decision, because it decides landings);
**   - wall tiles, each an effect written in the ruleset: another turn (1), a doubled tower or
**     house (2, 3), an incomplete path, tower or house scored at the end (4-6), more per market on
**     one court (7), a larger keep (8), points (9); 2-7 need the holder's majority on the feature;
**   - the keep: on the holder's largest house scored so far; at the end the larger keep scores
**     the largest connected empty area inside the wall.
**
** At the end of the game the wall tiles still on the track are removed (nobody takes them) before
** the final scoring.
**
** Hooks: setup (lay the wall tiles on the towers), before_score (decisions: doubling, order),
** score_order, score_feature (doubling), feature_scored (keep, landings), end_turn (house-rule
** landings, another turn), before_final_scoring (clear the track; keep, courts, wall tiles 4-9),
** legal/apply, format/parse/describe (notation: !castle:...), status (what the track and hands
** show), check.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "yamlx.h"   /* TRANSITIONAL: the kernel's insides, until the module asks through module.h only */

enum { MAX_TOWERS = 32, MAX_WALL_KINDS = 16, MAX_LIST = MP_MAX_COMPLETED };

/* What a wall tile does (its `effect:` in the ruleset). */
enum { FX_EXTRA_TURN, FX_DOUBLE, FX_SCORE_INCOMPLETE, FX_MARKET_POINTS, FX_KEEP_BONUS, FX_POINTS };
static const char *const effect_names[] = { "extra-turn", "double", "score-incomplete", "market-points",
                                            "keep-bonus", "points", NULL };

typedef struct wall_kind {
    int effect;
    char kind[MP_NAME];      /* the feature kind it acts on (double, score-incomplete) */
    int value, both;         /* factor or points for one copy, and for both copies together */
    bool multiplier;         /* score-incomplete: the kind's multiplier (fountain) applies */
} wall_kind;

typedef struct castle_config {
    int spaces;                         /* track length (100) */
    int n_towers;
    int tower[MAX_TOWERS][2];           /* the two track spaces of each corner tower */
    int no_tile;                        /* the tower that gets no wall tile (0/1), -1 none */
    int n_kinds, copies;                /* wall tile kinds (numbered 1..n_kinds), copies of each */
    wall_kind wall[MAX_WALL_KINDS];
    bool take_after_all;                /* house rule: a landing counts only after all scoring */
    int n_deal;                         /* wall tiles dealt as written (`deal:`), 0: shuffled */
    int deal[MAX_TOWERS];               /* kind (1-based) for each tower that gets one, in track order */
    char keep_kind[MP_NAME];            /* the kind a keep stands on (house) */
    char court_kind[MP_NAME], market[MP_NAME];
} castle_config;

/* Decisions a turn may need, asked in this order before its scoring. */
enum { Q_NONE, Q_DOUBLE, Q_ORDER, Q_EXTRA };
enum { CODE_HOLD = 0, CODE_USE_1, CODE_USE_2, CODE_FIRST, CODE_EXTRA_TURN };

typedef struct castle_state {
    int keep_kind, court_kind, market;            /* indexes in the tile set, -1 none */
    int category_keep, category_wall;             /* score categories */
    int8_t tower_tile[MAX_TOWERS];                /* wall tile kind (1-based) on each tower, 0 none */
    int8_t held[MP_MAX_PLAYERS][MAX_WALL_KINDS];  /* copies of each kind a player holds */
    int last_score[MP_MAX_PLAYERS];               /* where each marker stood at the last look */
    int keep_tiles[MP_MAX_PLAYERS];               /* size of the house under the keep, 0 none */
    int32_t keep_root[MP_MAX_PLAYERS];
    /* This turn's scoring, decided before it: */
    int n_list;
    int32_t list[MAX_LIST];                       /* completed features, in scoring order once decided */
    int8_t winner[MAX_LIST];                      /* the majority's player, -1 nobody */
    int8_t factor[MAX_LIST];                      /* a doubling wall tile's factor, 1 none */
    int ordered;                                  /* list[0..ordered-1] are in their final order */
    int asked_kind;                               /* the wall tile kind being decided (Q_DOUBLE) */
    int question;                                 /* Q_*: what is being decided */
    uint32_t declined;                            /* wall tile kinds (bit k) the placer holds back this turn */
    int removed;                                  /* wall tiles taken off the track at the end of the game */
    int8_t used[MAX_WALL_KINDS];                  /* copies of each kind played (out of the game, seen) */
} castle_state;

/* ------------------------------------------------------------------ configuration */

static int read_wall_kind(const mp_ynode *n, wall_kind *w, mp_diag *d) {
    static const char *const keys[] = { "effect", "kind", "factor", "points", "tiles", "both", "multiplier", NULL };
    if (mp_y_expect(n, MP_Y_MAP, "a wall tile", d) || mp_y_check_keys(n, keys, d)) return 1;
    mp_ynode *x = mp_y_get(n, "effect");
    if (!x) return mp_y_error(d, n, "wall tile without 'effect'; expected one of extra-turn, double, score-incomplete, "
                              "market-points, keep-bonus, points");
    if (mp_y_enum(x, effect_names, &w->effect, d)) return 1;
    const char *name;
    if ((x = mp_y_get(n, "kind"))) {
        if (mp_y_string(x, &name, d)) return 1;
        snprintf(w->kind, sizeof w->kind, "%s", name);
    } else if (w->effect == FX_DOUBLE || w->effect == FX_SCORE_INCOMPLETE) {
        return mp_y_error(d, n, "a '%s' wall tile needs 'kind'; expected the feature kind it acts on", effect_names[w->effect]);
    }
    long v;
    const char *value_key = w->effect == FX_DOUBLE ? "factor" : w->effect == FX_KEEP_BONUS ? "tiles" : "points";
    w->value = w->effect == FX_DOUBLE ? 2 : 0;
    if ((x = mp_y_get(n, value_key))) {
        if (mp_y_int(x, 0, 1000, &v, d)) return 1;
        w->value = (int)v;
    } else if (w->effect == FX_MARKET_POINTS || w->effect == FX_POINTS || w->effect == FX_KEEP_BONUS) {
        /* No default that means anything: 0 per market would take points from a court. */
        return mp_y_error(d, n, "a '%s' wall tile needs '%s'; expected its number", effect_names[w->effect], value_key);
    }
    w->both = w->effect == FX_DOUBLE ? w->value + 1 : 2 * w->value;   /* designer's rulings, unless said */
    if ((x = mp_y_get(n, "both"))) {
        if (mp_y_int(x, 0, 1000, &v, d)) return 1;
        w->both = (int)v;
    }
    w->multiplier = true;
    if ((x = mp_y_get(n, "multiplier")) && mp_y_bool(x, &w->multiplier, d)) return 1;
    return 0;
}

static int read_track(const mp_ynode *n, castle_config *c, mp_diag *d) {
    static const char *const keys[] = { "spaces", "towers", "no_tile", NULL };
    if (mp_y_expect(n, MP_Y_MAP, "track", d) || mp_y_check_keys(n, keys, d)) return 1;
    long v;
    mp_ynode *x;
    if ((x = mp_y_get(n, "spaces"))) {
        if (mp_y_int(x, 2, 10000, &v, d)) return 1;
        c->spaces = (int)v;
    }
    if ((x = mp_y_get(n, "towers"))) {
        if (mp_y_expect(x, MP_Y_SEQ, "towers", d)) return 1;
        if (x->n > MAX_TOWERS) return mp_y_error(d, x, "%d towers; expected at most %d", x->n, MAX_TOWERS);
        for (int i = 0; i < x->n; i++) {
            const mp_ynode *t = x->items[i];
            if (t->type != MP_Y_SEQ || t->n != 2)
                return mp_y_error(d, t, "a tower is its two track spaces; expected [A, B]");
            for (int k = 0; k < 2; k++) {
                if (mp_y_int(t->items[k], 0, c->spaces - 1, &v, d)) return 1;
                c->tower[i][k] = (int)v;
            }
        }
        c->n_towers = x->n;
    }
    if ((x = mp_y_get(n, "no_tile"))) {
        if (mp_y_int(x, 0, c->spaces - 1, &v, d)) return 1;
        c->no_tile = -1;
        for (int i = 0; i < c->n_towers; i++)
            if (c->tower[i][0] == v || c->tower[i][1] == v) c->no_tile = i;
        if (c->no_tile < 0) return mp_y_error(d, x, "space %ld is on no tower; expected a space of one of 'towers'", v);
    }
    return 0;
}

static int castle_configure(mp_arena *a, const mp_ynode *options, void **config, mp_diag *d) {
    static const char *const keys[] = { "track", "wall_tiles", "copies", "deal", "take_after_all_scoring", "keep", "courts",
                                        NULL };
    castle_config *c = mp_arena_alloc(a, sizeof *c);
    c->spaces = 100;
    c->no_tile = -1;
    c->copies = 2;
    snprintf(c->keep_kind, sizeof c->keep_kind, "house");
    snprintf(c->court_kind, sizeof c->court_kind, "court");
    snprintf(c->market, sizeof c->market, "market");
    *config = c;
    if (!options || mp_y_is_null(options)) return 0;
    if (mp_y_expect(options, MP_Y_MAP, "options", d) || mp_y_check_keys(options, keys, d)) return 1;
    mp_ynode *x;
    if ((x = mp_y_get(options, "track")) && read_track(x, c, d)) return 1;
    if ((x = mp_y_get(options, "wall_tiles"))) {
        if (mp_y_expect(x, MP_Y_MAP, "wall_tiles", d)) return 1;
        if (x->n > MAX_WALL_KINDS) return mp_y_error(d, x, "%d wall tiles; expected at most %d", x->n, MAX_WALL_KINDS);
        for (int i = 0; i < x->n; i++) {
            long number;
            if (mp_y_int(x->items[2 * i], 1, x->n, &number, d)) return 1;
            if (number != i + 1)
                return mp_y_error(d, x->items[2 * i], "wall tile %ld; expected %d (numbered from 1, in order)", number, i + 1);
            if (read_wall_kind(x->items[2 * i + 1], &c->wall[i], d)) return 1;
        }
        c->n_kinds = x->n;
    }
    long v;
    if ((x = mp_y_get(options, "copies"))) {
        if (mp_y_int(x, 1, 8, &v, d)) return 1;
        c->copies = (int)v;
    }
    if ((x = mp_y_get(options, "deal")) && !(x->type == MP_Y_SCALAR && !strcmp(x->value, "shuffled"))) {
        /* A known layout (a transcribed game, a test): the kinds on the towers in track order. */
        if (x->type != MP_Y_SEQ) return mp_y_error(d, x, "'deal' is 'shuffled' or a list of wall tile numbers, one per tower");
        if (x->n > MAX_TOWERS) return mp_y_error(d, x, "%d wall tiles dealt; expected at most %d", x->n, MAX_TOWERS);
        for (int i = 0; i < x->n; i++) {
            if (mp_y_int(x->items[i], 1, c->n_kinds ? c->n_kinds : 1, &v, d)) return 1;
            c->deal[i] = (int)v;
            int same = 0;
            for (int j = 0; j <= i; j++) same += c->deal[j] == c->deal[i];
            if (same > c->copies)
                return mp_y_error(d, x->items[i], "wall tile %ld dealt %d times; expected at most %d (copies)", v, same,
                                  c->copies);
        }
        c->n_deal = x->n;
    }
    if ((x = mp_y_get(options, "take_after_all_scoring")) && mp_y_bool(x, &c->take_after_all, d)) return 1;
    const char *name;
    if ((x = mp_y_get(options, "keep"))) {
        if (mp_y_string(x, &name, d)) return 1;
        snprintf(c->keep_kind, sizeof c->keep_kind, "%s", name);
    }
    if ((x = mp_y_get(options, "courts"))) {
        static const char *const court_keys[] = { "kind", "market", NULL };
        if (mp_y_expect(x, MP_Y_MAP, "courts", d) || mp_y_check_keys(x, court_keys, d)) return 1;
        mp_ynode *y;
        if ((y = mp_y_get(x, "kind"))) {
            if (mp_y_string(y, &name, d)) return 1;
            snprintf(c->court_kind, sizeof c->court_kind, "%s", name);
        }
        if ((y = mp_y_get(x, "market"))) {
            if (mp_y_string(y, &name, d)) return 1;
            snprintf(c->market, sizeof c->market, "%s", name);
        }
    }
    return 0;
}

static int setup_error(const mp_game *g, mp_diag *d, const char *what) {
    snprintf(d->file, sizeof d->file, "%s", g->rs->path);
    d->line = d->column = 0;
    snprintf(d->message, sizeof d->message, "the castle module: %s", what);
    return 1;
}

static int castle_setup(mp_module_ctx *cx, mp_diag *d) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    castle_state *s = st;
    const castle_config *c = config;
    s->keep_kind = mp_tileset_kind(g->ts, c->keep_kind);
    s->court_kind = mp_tileset_kind(g->ts, c->court_kind);
    s->market = mp_tileset_icon(g->ts, c->market);
    if (s->keep_kind < 0) return setup_error(g, d, "the keep's kind is not in the tile sets; expected a kind named by 'keep'");
    for (int k = 0; k < c->n_kinds; k++)
        if (c->wall[k].kind[0] && mp_tileset_kind(g->ts, c->wall[k].kind) < 0)
            return setup_error(g, d, "a wall tile names a kind the tile sets do not declare; expected one under 'kinds:'");
    s->category_keep = mp_game_add_category(g, "keep");
    s->category_wall = mp_game_add_category(g, "wall tiles");
    for (int p = 0; p < MP_MAX_PLAYERS; p++) s->keep_root[p] = -1;
    /* The wall tiles, face down: every copy shuffled with the game's RNG, one on each tower but
    ** the one that gets none; the rest go back to the box unseen. */
    int pile[MAX_WALL_KINDS * 8], n = 0;
    for (int k = 0; k < c->n_kinds; k++)
        for (int i = 0; i < c->copies; i++) pile[n++] = k + 1;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)mp_rng_below(g->rng, (uint32_t)i + 1), t = pile[i];
        pile[i] = pile[j];
        pile[j] = t;
    }
    for (int t = 0, next = 0; t < c->n_towers; t++) {
        if (t == c->no_tile) continue;
        if (c->n_deal) s->tower_tile[t] = (int8_t)(next < c->n_deal ? c->deal[next] : 0);
        else if (next < n) s->tower_tile[t] = (int8_t)pile[next];
        next++;
    }
    return 0;
}

/* For a search (mp_game_determinize): the wall tiles still face down on the track, dealt anew from
** the copies nobody has seen (not held, not played: on the track or back in the box). A deal the
** ruleset writes (`deal:`) is public and stays. */
static void castle_redeal(mp_module_ctx *cx, int player) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    castle_state *s = st;
    const castle_config *c = config;
    (void)player;   /* what a seat has seen is what everybody has: wall tiles are taken face up */
    if (c->n_deal) return;
    int pool[MAX_WALL_KINDS * 8], n = 0;
    for (int k = 0; k < c->n_kinds; k++) {
        int unseen = c->copies - s->used[k];
        for (int p = 0; p < g->n_players; p++) unseen -= s->held[p][k];
        for (int i = 0; i < unseen && n < (int)(sizeof pool / sizeof pool[0]); i++) pool[n++] = k + 1;
    }
    for (int i = n - 1; i > 0; i--) {
        int j = (int)mp_rng_below(g->rng, (uint32_t)i + 1), t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    for (int t = 0, next = 0; t < c->n_towers; t++)
        if (s->tower_tile[t] && next < n) s->tower_tile[t] = (int8_t)pool[next++];
}

extern const mp_module mp_module_castle;
static int variant_index(const mp_game *g) { return mp_game_variant_index(g, &mp_module_castle); }

/* ------------------------------------------------------------------ majorities and wall tiles */

/* The player with more followers on the feature than the other(s), -1 when tied or nobody. */
static int majority(const mp_game *g, int32_t root) {
    unsigned who = mp_score_majority(g, g->segs[root].followers);
    if (!who || (who & (who - 1))) return -1;
    int p = 0;
    while (!(who >> p & 1)) p++;
    return p;
}

/* The wall tile kind (0-based) of the first effect of this kind acting on `kind`, -1 none. */
static int wall_kind_for(const castle_config *c, int effect, const mp_game *g, int kind) {
    for (int k = 0; k < c->n_kinds; k++)
        if (c->wall[k].effect == effect && (kind < 0 || mp_tileset_kind(g->ts, c->wall[k].kind) == kind)) return k;
    return -1;
}

/* A marker that stops on a tower's space takes the wall tile lying there. */
static void land(mp_game *g, castle_state *s, const castle_config *c, int p) {
    if (g->score[p] == s->last_score[p]) return;
    s->last_score[p] = g->score[p];
    int at = ((g->score[p] % c->spaces) + c->spaces) % c->spaces;
    for (int t = 0; t < c->n_towers; t++)
        if ((c->tower[t][0] == at || c->tower[t][1] == at) && s->tower_tile[t]) {
            s->held[p][s->tower_tile[t] - 1]++;
            s->tower_tile[t] = 0;
        }
}

/* ------------------------------------------------------------------ before scoring: decisions */

/* The feature's name for the notation: a cell of it (on the tile just placed when it reaches it)
** and its port there, or its kind ("3,4,N", "2,5,court"). */
static void feature_name(const mp_game *g, int32_t root, char *buf, size_t size) {
    int32_t pick = root;
    for (int32_t m = g->segs[root].next;; m = g->segs[m].next) {
        if (g->segs[m].placed == g->last_placed) { pick = m; break; }
        if (m == root) break;
    }
    const mp_placed *p = &g->placed[g->segs[pick].placed];
    int first = -1;
    for (int q = 0; q < MP_PORTS; q++) {
        if (mp_placed_port_seg(g, p, q) != pick) continue;
        if (q % 3 == 1) { first = q; break; }
        if (first < 0) first = q;
    }
    snprintf(buf, size, "%d,%d,%s", p->x, p->y, first >= 0 ? mp_port_name(first) : g->ts->kinds[g->segs[pick].kind].name);
}

/* Whether a wall tile lies on some tower still: only then can the order of scorings matter. */
static bool tiles_on_track(const castle_state *s, const castle_config *c) {
    for (int t = 0; t < c->n_towers; t++)
        if (s->tower_tile[t]) return true;
    return false;
}

/* Scoring groups, in the order they score: the placer's features, the other player's, nobody's. */
static int group_of(const mp_game *g, int winner) { return winner == g->turn_player ? 0 : winner >= 0 ? 1 : 2; }

/* Moves list[i] to position `to`, shifting the others (keeps winner and factor along). */
static void move_to(castle_state *s, int i, int to) {
    int32_t r = s->list[i];
    int8_t w = s->winner[i], f = s->factor[i];
    for (int k = i; k > to; k--) {
        s->list[k] = s->list[k - 1];
        s->winner[k] = s->winner[k - 1];
        s->factor[k] = s->factor[k - 1];
    }
    s->list[to] = r;
    s->winner[to] = w;
    s->factor[to] = f;
}

/* Candidates of a doubling wall tile kind k for player p: completed features of its kind that p
** wins and no wall tile doubles yet. */
static bool double_target(const mp_game *g, const castle_state *s, const castle_config *c, int k, int p, int i) {
    return s->winner[i] == p && s->factor[i] == 1 && g->segs[s->list[i]].kind == mp_tileset_kind(g->ts, c->wall[k].kind) &&
           g->rs->kind[g->segs[s->list[i]].kind].scored_in_play;
}

/* Finds the next decision of the placer before scoring and asks for it; Q_NONE when none is left
** (then list[] is in scoring order). */
static void next_question(mp_game *g, castle_state *s, const castle_config *c) {
    int p = g->turn_player;
    s->question = Q_NONE;
    for (int k = 0; k < c->n_kinds; k++) {                /* wall tiles that double (2 and 3) */
        if (c->wall[k].effect != FX_DOUBLE || !s->held[p][k] || (s->declined >> k & 1)) continue;
        for (int i = 0; i < s->n_list; i++)
            if (double_target(g, s, c, k, p, i)) {
                s->question = Q_DOUBLE;
                s->asked_kind = k;
                mp_game_request(g, variant_index(g), p);
                return;
            }
    }
    /* The order, group by group; within the placer's and the opponent's group the placer chooses
    ** when there is a choice and a wall tile still lies on the track (landings depend on it). */
    while (s->ordered < s->n_list) {
        int group = 2, members = 0;
        for (int i = s->ordered; i < s->n_list; i++)
            if (group_of(g, s->winner[i]) < group) group = group_of(g, s->winner[i]);
        for (int i = s->ordered; i < s->n_list; i++) members += group_of(g, s->winner[i]) == group;
        if (members > 1 && group < 2 && tiles_on_track(s, c)) {
            s->question = Q_ORDER;
            mp_game_request(g, variant_index(g), p);
            return;
        }
        for (int i = s->ordered; i < s->n_list; i++)    /* no choice: as the kernel listed them */
            if (group_of(g, s->winner[i]) == group) move_to(s, i, s->ordered++);
    }
}

static void castle_before_score(mp_module_ctx *cx) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    castle_state *s = st;
    const castle_config *c = config;
    s->n_list = mp_score_list_completed(g, s->list, MAX_LIST);
    for (int i = 0; i < s->n_list; i++) {
        const mp_seg *r = &g->segs[s->list[i]];
        s->winner[i] = (int8_t)(g->rs->kind[r->kind].scored_in_play ? majority(g, s->list[i]) : -1);
        s->factor[i] = 1;
    }
    s->ordered = 0;
    s->declined = 0;
    next_question(g, s, c);
}

/* The order decided: the kernel scores list[] as it now stands. */
static void castle_score_order(mp_module_ctx *cx, int32_t *roots, int n) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)g; (void)config;
    const castle_state *s = st;
    if (n != s->n_list) return;                         /* not the list we decided on */
    for (int i = 0; i < n; i++) roots[i] = s->list[i];
}

static void castle_score_feature(const mp_module_ctx *cx, int32_t root, int *points) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)g; (void)config;
    const castle_state *s = st;
    for (int i = 0; i < s->n_list; i++)
        if (s->list[i] == root) *points *= s->factor[i];
}

static void castle_feature_scored(mp_module_ctx *cx, int32_t root, int points) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)points;
    castle_state *s = st;
    const castle_config *c = config;
    const mp_seg *r = &g->segs[root];
    int w = majority(g, root);
    if (w >= 0 && r->kind == s->keep_kind) {              /* the keep goes onto a larger house */
        int size = mp_feature_tiles(g, root);
        if (size > s->keep_tiles[w]) { s->keep_tiles[w] = size; s->keep_root[w] = root; }
    }
    if (!c->take_after_all)
        for (int p = 0; p < g->n_players; p++) land(g, s, c, p);
}

static void castle_end_turn(mp_module_ctx *cx) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    castle_state *s = st;
    const castle_config *c = config;
    s->n_list = 0;
    for (int p = 0; p < g->n_players; p++) land(g, s, c, p);   /* the house rule, or nothing new */
    int k = wall_kind_for(c, FX_EXTRA_TURN, g, -1);
    if (k >= 0 && s->held[g->turn_player][k] && mp_game_tiles_left(g) > 0) {
        s->question = Q_EXTRA;
        s->asked_kind = k;
        mp_game_request(g, variant_index(g), g->turn_player);
    }
}

/* ------------------------------------------------------------------ decisions: legal and apply */

typedef struct lister { mp_action *out; int cap, n, v; } lister;

static void add(lister *l, int code, int kind, int32_t root) {
    if (l->n < l->cap)
        l->out[l->n] = (mp_action){ .kind = MP_ACT_VARIANT, .variant = (uint8_t)l->v, .code = code,
                                    .arg = { kind, root, 0 } };
    l->n++;
}

static int castle_legal(const mp_module_ctx *cx, mp_action *out, int cap) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    const castle_state *s = st;
    const castle_config *c = config;
    if (g->phase != MP_PHASE_VARIANT) return 0;
    lister l = { out, cap, 0, variant_index(g) };
    int p = g->player, k = s->asked_kind;
    if (s->question == Q_DOUBLE) {
        for (int i = 0; i < s->n_list; i++)
            if (double_target(g, s, c, k, p, i)) {
                add(&l, CODE_USE_1, k, s->list[i]);
                if (s->held[p][k] > 1) add(&l, CODE_USE_2, k, s->list[i]);
            }
        add(&l, CODE_HOLD, k, -1);
    } else if (s->question == Q_ORDER) {
        int group = 2;                                  /* the group being ordered: any of it first */
        for (int i = s->ordered; i < s->n_list; i++)
            if (group_of(g, s->winner[i]) < group) group = group_of(g, s->winner[i]);
        for (int i = s->ordered; i < s->n_list; i++)
            if (group_of(g, s->winner[i]) == group) add(&l, CODE_FIRST, 0, s->list[i]);
    } else if (s->question == Q_EXTRA) {
        add(&l, CODE_EXTRA_TURN, k, -1);
        add(&l, CODE_HOLD, k, -1);
    }
    return l.n;
}

static int refuse(mp_diag *d, const char *msg) {
    snprintf(d->message, sizeof d->message, "%s", msg);
    return 1;
}

static int castle_apply(mp_module_ctx *cx, const mp_action *a, mp_diag *d) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    castle_state *s = st;
    const castle_config *c = config;
    int n = castle_legal(cx, NULL, 0);
    mp_action list[n > 0 ? n : 1];
    castle_legal(cx, list, n);
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        found = list[i].code == a->code && list[i].arg[0] == a->arg[0] && list[i].arg[1] == a->arg[1];
    if (!found) return refuse(d, "not a decision the castle module offers now; expected one of the legal actions");
    int p = g->player;
    if (s->question == Q_DOUBLE) {
        int k = a->arg[0];
        if (a->code == CODE_HOLD) {
            s->declined |= 1u << k;
        } else {
            int copies = a->code == CODE_USE_2 ? 2 : 1;
            s->held[p][k] = (int8_t)(s->held[p][k] - copies);
            s->used[k] = (int8_t)(s->used[k] + copies);
            for (int i = 0; i < s->n_list; i++)
                if (s->list[i] == a->arg[1]) s->factor[i] = (int8_t)(copies == 2 ? c->wall[k].both : c->wall[k].value);
        }
        next_question(g, s, c);
    } else if (s->question == Q_ORDER) {
        for (int i = s->ordered; i < s->n_list; i++)
            if (s->list[i] == a->arg[1]) { move_to(s, i, s->ordered++); break; }
        next_question(g, s, c);
    } else {
        s->question = Q_NONE;
        if (a->code == CODE_EXTRA_TURN) {
            s->held[p][a->arg[0]]--;
            s->used[a->arg[0]]++;
            mp_game_queue_turn(g, p, -1);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ final scoring */

/* The largest connected area of empty board cells, each empty start space (a fixed piece whose
** cell faces an empty cell) counting as one more space of the area it faces. */
static int largest_empty_area(const mp_game *g) {
    const mp_ruleset *rs = g->rs;
    if (!rs->bounded) return 0;
    int w = rs->board_w, h = rs->board_h, best = 0;
    int *seen = calloc((size_t)w * (size_t)h, sizeof *seen), *stack = malloc((size_t)w * (size_t)h * sizeof *stack);
    if (!seen || !stack) abort();
    for (int start = 0; start < w * h; start++) {
        int x0 = rs->board_x0 + start % w, y0 = rs->board_y0 + start / w;
        if (seen[start] || !rs->board_cells[start] || mp_grid_get(g, x0, y0) != -1) continue;
        int top = 0, size = 0;
        stack[top++] = start;
        seen[start] = 1;
        while (top) {
            int cell = stack[--top], x = rs->board_x0 + cell % w, y = rs->board_y0 + cell / w;
            size++;
            for (int side = 0; side < 4; side++) {
                int nx, ny;
                mp_grid_neighbour(x, y, side, &nx, &ny);
                int32_t v = mp_grid_get(g, nx, ny);
                if (v >= 0 && g->placed[v].fixed) { size++; continue; }   /* an empty start space */
                int i = (ny - rs->board_y0) * w + (nx - rs->board_x0);
                if (v != -1 || nx < rs->board_x0 || ny < rs->board_y0 || nx >= rs->board_x0 + w ||
                    ny >= rs->board_y0 + h || seen[i])
                    continue;
                seen[i] = 1;
                stack[top++] = i;
            }
        }
        if (size > best) best = size;
    }
    free(seen);
    free(stack);
    return best;
}

/* The best feature of `kind` the player wins (majority) by the ruleset's formula: its points,
** 0 when none. complete: the feature must be complete (else incomplete, not yet scored). */
static int best_won(const mp_game *g, int kind, int p, bool multiplier, int32_t *which) {
    int best = 0;
    *which = -1;
    for (int32_t sgi = 0; sgi < g->n_segs; sgi++) {
        if (g->segs[sgi].parent != sgi || g->segs[sgi].kind != kind || g->segs[sgi].complete) continue;
        if (majority(g, sgi) != p) continue;
        int v = mp_score_points(g, sgi, true);
        const mp_points *f = &g->rs->kind[kind].complete;
        if (!multiplier && f->multiply_icon >= 0 && g->segs[sgi].icons[f->multiply_icon]) v /= f->multiply_by;
        if (v > best) { best = v; *which = sgi; }
    }
    return best;
}

/* "The game ends ... Remove the wall tiles still on the track": nobody can take them any more, and
** only tiles in hand score. */
static void clear_track(castle_state *s, const castle_config *c) {
    for (int t = 0; t < c->n_towers; t++)
        if (s->tower_tile[t]) {
            s->tower_tile[t] = 0;
            s->removed++;
        }
}

static void castle_before_final_scoring(mp_module_ctx *cx) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    castle_state *s = st;
    const castle_config *c = config;
    clear_track(s, c);
    /* The keep: the larger house (wall tile 8 adds to it) scores the largest empty area. */
    int size[MP_MAX_PLAYERS] = { 0 };
    for (int p = 0; p < g->n_players; p++) {
        size[p] = s->keep_tiles[p];
        for (int k = 0; k < c->n_kinds && size[p]; k++)
            if (c->wall[k].effect == FX_KEEP_BONUS && s->held[p][k])
                size[p] += s->held[p][k] > 1 ? c->wall[k].both : c->wall[k].value;
    }
    int top = -1;
    bool tie = false;
    for (int p = 0; p < g->n_players; p++) {
        if (!size[p]) continue;
        if (top < 0 || size[p] > size[top]) { top = p; tie = false; }
        else if (size[p] == size[top]) tie = true;
    }
    if (top >= 0 && !tie) mp_score_award_module(g, 1u << top, largest_empty_area(g), s->category_keep, -1, "keep");
    /* Wall tiles 4-7 and 9 (the courts themselves score by the ruleset, after this). */
    for (int p = 0; p < g->n_players; p++)
        for (int k = 0; k < c->n_kinds; k++) {
            const wall_kind *w = &c->wall[k];
            int copies = s->held[p][k], points = 0;
            if (!copies) continue;
            int32_t which = -1;
            switch (w->effect) {
            case FX_SCORE_INCOMPLETE:   /* each copy the best incomplete feature won: both, it twice */
                points = copies * best_won(g, mp_tileset_kind(g->ts, w->kind), p, w->multiplier, &which);
                break;
            case FX_MARKET_POINTS:      /* one court, more per market than the ruleset's */
                if (s->court_kind >= 0 && s->market >= 0) {
                    int base = g->rs->kind[s->court_kind].incomplete.per_icon[s->market], markets = 0;
                    for (int32_t r = 0; r < g->n_segs; r++)
                        if (g->segs[r].parent == r && g->segs[r].kind == s->court_kind && majority(g, r) == p &&
                            g->segs[r].icons[s->market] > markets)
                            markets = g->segs[r].icons[s->market];
                    points = ((copies > 1 ? w->both : w->value) - base) * markets;
                }
                break;
            case FX_POINTS: points = copies > 1 ? w->both : w->value; break;
            default: break;
            }
            char label[32];
            snprintf(label, sizeof label, "wall tile %d", k + 1);
            if (points) mp_score_award_module(g, 1u << p, points, s->category_wall, which, label);
        }
}

/* ------------------------------------------------------------------ notation */

static int castle_format(const mp_module_ctx *cx, const mp_action *a, char *buf, size_t size) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)st; (void)config;
    char name[64] = "?";
    if (a->arg[1] >= 0 && a->arg[1] < g->n_segs) feature_name(g, a->arg[1], name, sizeof name);
    switch (a->code) {
    case CODE_USE_1: return snprintf(buf, size, "use-%d@%s", a->arg[0] + 1, name);
    case CODE_USE_2: return snprintf(buf, size, "use-%dx2@%s", a->arg[0] + 1, name);
    case CODE_FIRST: return snprintf(buf, size, "first@%s", name);
    case CODE_EXTRA_TURN: return snprintf(buf, size, "use-%d", a->arg[0] + 1);
    default: return snprintf(buf, size, "hold-%d", a->arg[0] + 1);
    }
}

/* Reads "X,Y,WHERE" naming a feature (a port or a kind of the tile at X,Y): its root. */
static int32_t read_feature(const mp_game *g, const char *s) {
    int x, y, used = 0;
    if (sscanf(s, "%6d,%6d,%n", &x, &y, &used) != 2 || !used) return -1;
    int f = mp_game_feature_at(g, x, y, s + used);
    if (f < 0) return -1;
    int32_t seg = mp_placed_feature_seg(g, &g->placed[mp_grid_get(g, x, y)], f);
    return seg < 0 ? -1 : mp_seg_root(g, seg);
}

static int castle_parse(const mp_module_ctx *cx, const char *args, mp_action *out, mp_diag *d) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    char q[MP_QUOTE_SIZE];   /* the arguments quoted in a message */
    (void)st; (void)config;
    int k = 0, used = 0;
    const char *at = strchr(args, '@');
    out->arg[1] = -1;
    if (!strncmp(args, "first@", 6)) {
        out->code = CODE_FIRST;
    } else if (sscanf(args, "use-%3d%n", &k, &used) == 1 && !strncmp(args + used, "x2@", 3)) {
        out->code = CODE_USE_2;
    } else if (sscanf(args, "use-%3d%n", &k, &used) == 1 && args[used] == '@') {
        out->code = CODE_USE_1;
    } else if (sscanf(args, "use-%3d%n", &k, &used) == 1 && !args[used]) {
        out->code = CODE_EXTRA_TURN;
        at = NULL;
    } else if (sscanf(args, "hold-%3d%n", &k, &used) == 1 && !args[used]) {
        out->code = CODE_HOLD;
        at = NULL;
    } else {
        d->column = 1;
        snprintf(d->message, sizeof d->message, "'%s' is not a castle action; expected use-K (another turn), "
                 "use-K@X,Y,WHERE or use-Kx2@X,Y,WHERE (a wall tile on a feature), hold-K, or first@X,Y,WHERE",
                 mp_quote(args, q, sizeof q));
        return 1;
    }
    out->arg[0] = out->code == CODE_FIRST ? 0 : k - 1;
    if (at) {
        out->arg[1] = read_feature(g, at + 1);
        if (out->arg[1] < 0) {
            d->column = (int)(at - args) + 2;
            snprintf(d->message, sizeof d->message, "'%s' names no feature; expected X,Y,WHERE: a placed tile's cell "
                     "and a port (N, Nw, ...) or kind of it", mp_quote(at + 1, q, sizeof q));
            return 1;
        }
    }
    return 0;
}

static int castle_describe(const mp_module_ctx *cx, const mp_action *a, char *buf, size_t size) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)st; (void)config;
    char name[64] = "?";
    if (a->arg[1] >= 0 && a->arg[1] < g->n_segs) feature_name(g, a->arg[1], name, sizeof name);
    switch (a->code) {
    case CODE_USE_1: return snprintf(buf, size, "play wall tile %d on the %s at %s", a->arg[0] + 1,
                                     g->ts->kinds[g->segs[a->arg[1]].kind].name, name);
    case CODE_USE_2: return snprintf(buf, size, "play both wall tiles %d on the %s at %s", a->arg[0] + 1,
                                     g->ts->kinds[g->segs[a->arg[1]].kind].name, name);
    case CODE_FIRST: return snprintf(buf, size, "score the %s at %s next", g->ts->kinds[g->segs[a->arg[1]].kind].name, name);
    case CODE_EXTRA_TURN: return snprintf(buf, size, "play wall tile %d: another turn", a->arg[0] + 1);
    default: return snprintf(buf, size, "keep wall tile %d for later", a->arg[0] + 1);
    }
}

/* ------------------------------------------------------------------ display and invariants */

static int castle_status(const mp_module_ctx *cx, int player, char *buf, size_t size) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    const castle_state *s = st;
    const castle_config *c = config;
    size_t n = 0;
    buf[0] = 0;
    if (player < 0) {                                   /* the track: towers still holding a tile */
        if (!tiles_on_track(s, c)) {
            if (s->removed)
                return snprintf(buf, size, "no wall tiles on the track (%d removed at the end of the game)", s->removed);
            return snprintf(buf, size, "no wall tiles on the track");
        }
        n += (size_t)snprintf(buf, size, "wall tiles on the track at");
        for (int t = 0; t < c->n_towers && n < size; t++)
            if (s->tower_tile[t]) n += (size_t)snprintf(buf + n, size - n, " %d/%d", c->tower[t][0], c->tower[t][1]);
        return (int)strlen(buf);
    }
    n += (size_t)snprintf(buf, size, "track %d", ((g->score[player] % c->spaces) + c->spaces) % c->spaces);
    if (s->keep_tiles[player] && n < size)
        n += (size_t)snprintf(buf + n, size - n, ", keep on %d tile%s", s->keep_tiles[player], s->keep_tiles[player] == 1 ? "" : "s");
    for (int k = 0; k < c->n_kinds && n < size; k++)
        for (int i = 0; i < s->held[player][k] && n < size; i++)
            n += (size_t)snprintf(buf + n, size - n, ", wall tile %d", k + 1);
    return (int)strlen(buf);
}

static int castle_check(const mp_module_ctx *cx, mp_diag *d) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    const castle_state *s = st;
    const castle_config *c = config;
    if (g->phase == MP_PHASE_OVER && tiles_on_track(s, c)) {
        snprintf(d->message, sizeof d->message, "a wall tile on the track after the end of the game; expected none "
                 "(they are removed before the final scoring)");
        return 1;
    }
    for (int k = 0; k < c->n_kinds; k++) {
        int n = 0;
        for (int t = 0; t < c->n_towers; t++) n += s->tower_tile[t] == k + 1;
        for (int p = 0; p < g->n_players; p++) n += s->held[p][k];
        if (n > c->copies || n < 0) {
            snprintf(d->message, sizeof d->message, "wall tile %d: %d copies on the track and in hand, more than %d",
                     k + 1, n, c->copies);
            return 1;
        }
    }
    return 0;
}

const mp_module mp_module_castle = {
    .name = "castle",
    .summary = "Carcassonne: The Castle: the score track and wall tiles, keeps, the placer's scoring order",
    .state_size = sizeof(castle_state),
    .configure = castle_configure,
    .setup = castle_setup,
    .legal = castle_legal,
    .apply = castle_apply,
    .before_score = castle_before_score,
    .score_order = castle_score_order,
    .score_feature = castle_score_feature,
    .feature_scored = castle_feature_scored,
    .end_turn = castle_end_turn,
    .before_final_scoring = castle_before_final_scoring,
    .format = castle_format,
    .parse = castle_parse,
    .describe = castle_describe,
    .status = castle_status,
    .redeal = castle_redeal,
    .check = castle_check,
};
