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
** legal/apply (decisions: the table `castle_decisions`), format/parse/describe (notation:
** !castle:...), facts (the track, the wall tiles on it and in hand, the keeps: meeple-ruleset(5)),
** status (those facts in words), check.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "castle-bot.h"

/* MAX_LIST: the features one placement can complete (the kernel's bound: 16 features, 12 ports and
** 8 cloisters fit in it); NAME_SIZE: bytes of a kind's or icon's name. */
enum { MAX_TOWERS = 32, MAX_WALL_KINDS = 16, MAX_LIST = 64, NAME_SIZE = 32 };

/* What a wall tile does (its `effect:` in the ruleset). */
enum { FX_EXTRA_TURN, FX_DOUBLE, FX_SCORE_INCOMPLETE, FX_MARKET_POINTS, FX_KEEP_BONUS, FX_POINTS };
static const char *const effect_names[] = { "extra-turn", "double", "score-incomplete", "market-points",
                                            "keep-bonus", "points", NULL };

typedef struct wall_kind {
    int effect;
    char kind[NAME_SIZE];      /* the feature kind it acts on (double, score-incomplete) */
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
    char keep_kind[NAME_SIZE];            /* the kind a keep stands on (house) */
    char court_kind[NAME_SIZE], market[NAME_SIZE];
} castle_config;

/* Decisions a turn may need, asked in this order before its scoring. */
enum { Q_NONE, Q_DOUBLE, Q_ORDER, Q_EXTRA };
/* The actions: a wall tile's arguments are its number (1-based, as in `wall_tiles:` and the
** notation) and the feature it is played on; "first" has the feature only. */
enum { CODE_HOLD = 0, CODE_USE_1, CODE_USE_2, CODE_FIRST, CODE_EXTRA_TURN };
static const mp_decision_kind castle_decisions[] = {
    { .code = CODE_FIRST, .name = "first", .args = { "feature" },
      .forms = (const mp_decision_form[]){
          { "first@X,Y,WHERE", "score this feature next, of several the tile just placed completed" }, { NULL, NULL } } },
    { .code = CODE_USE_1, .name = "use", .args = { "wall-tile", "feature" },
      .forms = (const mp_decision_form[]){
          { "use-K@X,Y,WHERE", "play doubling wall tile K on a feature just completed (use-Kx2@...: both copies)" },
          { NULL, NULL } } },
    { .code = CODE_USE_2, .name = "use-both", .args = { "wall-tile", "feature" },
      .forms = (const mp_decision_form[]){ { "use-Kx2@X,Y,WHERE", NULL }, { NULL, NULL } } },
    { .code = CODE_EXTRA_TURN, .name = "extra-turn", .args = { "wall-tile" },
      .forms = (const mp_decision_form[]){
          { "use-K", "play wall tile K at the end of the turn: another turn" }, { NULL, NULL } } },
    { .code = CODE_HOLD, .name = "hold", .args = { "wall-tile" },
      .forms = (const mp_decision_form[]){ { "hold-K", "keep wall tile K for later" }, { NULL, NULL } } },
    { .name = NULL },
};

typedef struct castle_state {
    int keep_kind, court_kind, market;            /* indexes in the tile set, -1 none */
    int8_t wall_on[MAX_WALL_KINDS];               /* the kind each wall tile acts on, -1 none */
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
        int towers = mp_y_count(x);
        if (towers > MAX_TOWERS) return mp_y_error(d, x, "%d towers; expected at most %d", towers, MAX_TOWERS);
        for (int i = 0; i < towers; i++) {
            const mp_ynode *t = mp_y_item(x, i);
            if (mp_y_type(t) != MP_Y_SEQ || mp_y_count(t) != 2)
                return mp_y_error(d, t, "a tower is its two track spaces; expected [A, B]");
            for (int k = 0; k < 2; k++) {
                if (mp_y_int(mp_y_item(t, k), 0, c->spaces - 1, &v, d)) return 1;
                c->tower[i][k] = (int)v;
            }
        }
        c->n_towers = towers;
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
        int n = mp_y_count(x);
        if (n > MAX_WALL_KINDS) return mp_y_error(d, x, "%d wall tiles; expected at most %d", n, MAX_WALL_KINDS);
        for (int i = 0; i < n; i++) {
            long number;
            if (mp_y_int(mp_y_map_key(x, i), 1, n, &number, d)) return 1;
            if (number != i + 1)
                return mp_y_error(d, mp_y_map_key(x, i), "wall tile %ld; expected %d (numbered from 1, in order)", number,
                                  i + 1);
            if (read_wall_kind(mp_y_map_value(x, i), &c->wall[i], d)) return 1;
        }
        c->n_kinds = n;
    }
    long v;
    if ((x = mp_y_get(options, "copies"))) {
        if (mp_y_int(x, 1, 8, &v, d)) return 1;
        c->copies = (int)v;
    }
    if ((x = mp_y_get(options, "deal")) && !(mp_y_type(x) == MP_Y_SCALAR && !strcmp(mp_y_text(x), "shuffled"))) {
        /* A known layout (a transcribed game, a test): the kinds on the towers in track order. */
        if (mp_y_type(x) != MP_Y_SEQ)
            return mp_y_error(d, x, "'deal' is 'shuffled' or a list of wall tile numbers, one per tower");
        int n = mp_y_count(x);
        if (n > MAX_TOWERS) return mp_y_error(d, x, "%d wall tiles dealt; expected at most %d", n, MAX_TOWERS);
        for (int i = 0; i < n; i++) {
            if (mp_y_int(mp_y_item(x, i), 1, c->n_kinds ? c->n_kinds : 1, &v, d)) return 1;
            c->deal[i] = (int)v;
            int same = 0;
            for (int j = 0; j <= i; j++) same += c->deal[j] == c->deal[i];
            if (same > c->copies)
                return mp_y_error(d, mp_y_item(x, i), "wall tile %ld dealt %d times; expected at most %d (copies)", v,
                                  same, c->copies);
        }
        c->n_deal = n;
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



static int castle_setup(mp_module_ctx *cx, mp_diag *d) {
    castle_state *s = cx->state;
    const castle_config *c = cx->view.config;
    s->keep_kind = mp_mod_kind(&cx->view, c->keep_kind);
    s->court_kind = mp_mod_kind(&cx->view, c->court_kind);
    s->market = mp_mod_icon(&cx->view, c->market);
    if (s->keep_kind < 0) return mp_diag_set(d, mp_mod_ruleset_path(&cx->view), 0, 0, "the castle module: the keep's kind is not in the tile sets; expected a kind named by 'keep'");
    for (int k = 0; k < c->n_kinds; k++) {
        s->wall_on[k] = (int8_t)(c->wall[k].kind[0] ? mp_mod_kind(&cx->view, c->wall[k].kind) : -1);
        if (c->wall[k].kind[0] && s->wall_on[k] < 0)
            return mp_diag_set(d, mp_mod_ruleset_path(&cx->view), 0, 0, "the castle module: a wall tile names a kind the tile sets do not declare; expected one under 'kinds:'");
    }
    s->category_keep = mp_mod_add_category(cx, "keep");
    s->category_wall = mp_mod_add_category(cx, "wall tiles");
    for (int p = 0; p < MP_MAX_PLAYERS; p++) s->keep_root[p] = -1;
    /* The wall tiles, face down: every copy shuffled with the game's RNG, one on each tower but
    ** the one that gets none; the rest go back to the box unseen. */
    int pile[MAX_WALL_KINDS * 8], n = 0;
    for (int k = 0; k < c->n_kinds; k++)
        for (int i = 0; i < c->copies; i++) pile[n++] = k + 1;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)mp_mod_random(cx, (uint32_t)i + 1), t = pile[i];
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
    castle_state *s = cx->state;
    const castle_config *c = cx->view.config;
    (void)player;   /* what a seat has seen is what everybody has: wall tiles are taken face up */
    if (c->n_deal) return;
    int pool[MAX_WALL_KINDS * 8], n = 0, players = mp_mod_players(&cx->view);
    for (int k = 0; k < c->n_kinds; k++) {
        int unseen = c->copies - s->used[k];
        for (int p = 0; p < players; p++) unseen -= s->held[p][k];
        for (int i = 0; i < unseen && n < (int)(sizeof pool / sizeof pool[0]); i++) pool[n++] = k + 1;
    }
    for (int i = n - 1; i > 0; i--) {
        int j = (int)mp_mod_random(cx, (uint32_t)i + 1), t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    for (int t = 0, next = 0; t < c->n_towers; t++)
        if (s->tower_tile[t] && next < n) s->tower_tile[t] = (int8_t)pool[next++];
}

/* ------------------------------------------------------------------ majorities and wall tiles */

/* The player with more followers on the feature than the other(s), -1 when tied or nobody. */
static int majority(const mp_module_view *cx, mp_feature f) {
    unsigned who = mp_mod_feature_majority(cx, f);
    if (!who || (who & (who - 1))) return -1;
    int p = 0;
    while (!(who >> p & 1)) p++;
    return p;
}

/* The wall tile kind (0-based) of the first of this effect, -1 none. */
static int wall_kind_for(const castle_config *c, int effect) {
    for (int k = 0; k < c->n_kinds; k++)
        if (c->wall[k].effect == effect) return k;
    return -1;
}

/* Where a score leaves a marker on the track. */
static int track_space(const castle_config *c, int score) { return ((score % c->spaces) + c->spaces) % c->spaces; }

/* A marker that stops on a tower's space takes the wall tile lying there. */
static void land(const mp_module_view *cx, castle_state *s, const castle_config *c, int p) {
    int score = mp_mod_score(cx, p);
    if (score == s->last_score[p]) return;
    s->last_score[p] = score;
    int at = track_space(c, score);
    for (int t = 0; t < c->n_towers; t++)
        if ((c->tower[t][0] == at || c->tower[t][1] == at) && s->tower_tile[t]) {
            s->held[p][s->tower_tile[t] - 1]++;
            s->tower_tile[t] = 0;
        }
}

/* ------------------------------------------------------------------ before scoring: decisions */

/* The feature's name for the notation: a cell of it (on the tile just placed when it reaches it)
** and its port there, or its kind ("3,4,N", "2,5,court"). The part on the tile just placed is the
** first found going round the feature from the part after its canonical one. */
static void feature_name(const mp_module_view *cx, mp_feature f, char *buf, size_t size) {
    mp_part some[64], *parts = some;
    int n = mp_mod_feature_parts(cx, f, some, 64);
    if (n > 64) {
        if (!(parts = malloc((size_t)n * sizeof *parts))) abort();
        mp_mod_feature_parts(cx, f, parts, n);
    }
    int last = mp_mod_last_placed(cx), pick = 0;
    for (int i = 1; i <= n; i++)
        if (parts[i % n].placed == last) { pick = i % n; break; }
    char where[NAME_SIZE];
    mp_mod_feature_name(cx, parts[pick].placed, parts[pick].feature, where, sizeof where);
    snprintf(buf, size, "%d,%d,%s", parts[pick].x, parts[pick].y, where);
    if (parts != some) free(parts);
}

/* Whether a wall tile lies on some tower still: only then can the order of scorings matter. */
static bool tiles_on_track(const castle_state *s, const castle_config *c) {
    for (int t = 0; t < c->n_towers; t++)
        if (s->tower_tile[t]) return true;
    return false;
}

/* Scoring groups, in the order they score: the placer's features, the other player's, nobody's. */
static int group_of(int placer, int winner) { return winner == placer ? 0 : winner >= 0 ? 1 : 2; }

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
static bool double_target(const mp_module_view *cx, const castle_state *s, int k, int p, int i) {
    if (s->winner[i] != p || s->factor[i] != 1) return false;
    int kind = mp_mod_feature_kind(cx, s->list[i]);
    return kind == s->wall_on[k] && mp_mod_kind_scored_in_play(cx, kind);
}

/* Finds the next decision of the placer before scoring and asks for it; Q_NONE when none is left
** (then list[] is in scoring order). */
static void next_question(mp_module_ctx *cx, castle_state *s, const castle_config *c) {
    int p = mp_mod_turn_player(&cx->view);
    s->question = Q_NONE;
    for (int k = 0; k < c->n_kinds; k++) {                /* wall tiles that double (2 and 3) */
        if (c->wall[k].effect != FX_DOUBLE || !s->held[p][k] || (s->declined >> k & 1)) continue;
        for (int i = 0; i < s->n_list; i++)
            if (double_target(&cx->view, s, k, p, i)) {
                s->question = Q_DOUBLE;
                s->asked_kind = k;
                mp_mod_request(cx, p);
                return;
            }
    }
    /* The order, group by group; within the placer's and the opponent's group the placer chooses
    ** when there is a choice and a wall tile still lies on the track (landings depend on it). */
    while (s->ordered < s->n_list) {
        int group = 2, members = 0;
        for (int i = s->ordered; i < s->n_list; i++)
            if (group_of(p, s->winner[i]) < group) group = group_of(p, s->winner[i]);
        for (int i = s->ordered; i < s->n_list; i++) members += group_of(p, s->winner[i]) == group;
        if (members > 1 && group < 2 && tiles_on_track(s, c)) {
            s->question = Q_ORDER;
            mp_mod_request(cx, p);
            return;
        }
        for (int i = s->ordered; i < s->n_list; i++)    /* no choice: as the kernel listed them */
            if (group_of(p, s->winner[i]) == group) move_to(s, i, s->ordered++);
    }
}

static void castle_before_score(mp_module_ctx *cx) {
    castle_state *s = cx->state;
    s->n_list = mp_mod_completed(cx, s->list, MAX_LIST);
    for (int i = 0; i < s->n_list; i++) {
        bool in_play = mp_mod_kind_scored_in_play(&cx->view, mp_mod_feature_kind(&cx->view, s->list[i]));
        s->winner[i] = (int8_t)(in_play ? majority(&cx->view, s->list[i]) : -1);
        s->factor[i] = 1;
    }
    s->ordered = 0;
    s->declined = 0;
    next_question(cx, s, cx->view.config);
}

/* The order decided: the kernel scores list[] as it now stands. */
static void castle_score_order(mp_module_ctx *cx, mp_feature *roots, int n) {
    const castle_state *s = cx->state;
    if (n != s->n_list) return;                         /* not the list we decided on */
    for (int i = 0; i < n; i++) roots[i] = s->list[i];
}

static void castle_score_feature(const mp_module_view *cx, mp_feature root, int *points) {
    const castle_state *s = cx->state;
    for (int i = 0; i < s->n_list; i++)
        if (s->list[i] == root) *points *= s->factor[i];
}

static void castle_feature_scored(mp_module_ctx *cx, mp_feature root, int points) {
    (void)points;
    castle_state *s = cx->state;
    const castle_config *c = cx->view.config;
    int w = mp_mod_feature_kind(&cx->view, root) == s->keep_kind ? majority(&cx->view, root) : -1;
    if (w >= 0) {   /* the keep goes onto a larger house */
        int size = mp_mod_feature_tiles(&cx->view, root);
        if (size > s->keep_tiles[w]) { s->keep_tiles[w] = size; s->keep_root[w] = root; }
    }
    if (!c->take_after_all)
        for (int p = 0, n = mp_mod_players(&cx->view); p < n; p++) land(&cx->view, s, c, p);
}

static void castle_end_turn(mp_module_ctx *cx) {
    castle_state *s = cx->state;
    const castle_config *c = cx->view.config;
    s->n_list = 0;
    for (int p = 0, n = mp_mod_players(&cx->view); p < n; p++) land(&cx->view, s, c, p);   /* the house rule, or nothing new */
    int k = wall_kind_for(c, FX_EXTRA_TURN), me = mp_mod_turn_player(&cx->view);
    if (k >= 0 && s->held[me][k] && mp_mod_tiles_left(&cx->view) > 0) {
        s->question = Q_EXTRA;
        s->asked_kind = k;
        mp_mod_request(cx, me);
    }
}

/* ------------------------------------------------------------------ decisions: legal and apply */

typedef struct lister { mp_action *out; int cap, n, v; } lister;

static void add(lister *l, int code, int32_t a0, int32_t a1) {
    if (l->n < l->cap)
        l->out[l->n] = (mp_action){ .kind = MP_ACT_MODULE, .module = (uint8_t)l->v, .code = code, .arg = { a0, a1, 0 } };
    l->n++;
}

static int castle_legal(const mp_module_view *cx, mp_action *out, int cap) {
    const castle_state *s = cx->state;
    if (s->question == Q_NONE || mp_mod_phase(cx) != MP_PHASE_MODULE) return 0;   /* the state first: no call */
    lister l = { out, cap, 0, cx->index };
    int p = mp_mod_player(cx), k = s->asked_kind;
    if (s->question == Q_DOUBLE) {
        for (int i = 0; i < s->n_list; i++)
            if (double_target(cx, s, k, p, i)) {
                add(&l, CODE_USE_1, k + 1, s->list[i]);
                if (s->held[p][k] > 1) add(&l, CODE_USE_2, k + 1, s->list[i]);
            }
        add(&l, CODE_HOLD, k + 1, -1);
    } else if (s->question == Q_ORDER) {
        int group = 2, placer = mp_mod_turn_player(cx);   /* the group being ordered: any of it first */
        for (int i = s->ordered; i < s->n_list; i++)
            if (group_of(placer, s->winner[i]) < group) group = group_of(placer, s->winner[i]);
        for (int i = s->ordered; i < s->n_list; i++)
            if (group_of(placer, s->winner[i]) == group) add(&l, CODE_FIRST, s->list[i], -1);
    } else if (s->question == Q_EXTRA) {
        add(&l, CODE_EXTRA_TURN, k + 1, -1);
        add(&l, CODE_HOLD, k + 1, -1);
    }
    return l.n;
}


static int castle_apply(mp_module_ctx *cx, const mp_action *a, mp_diag *d) {
    castle_state *s = cx->state;
    const castle_config *c = cx->view.config;
    int n = castle_legal(&cx->view, NULL, 0);
    mp_action list[n > 0 ? n : 1];
    castle_legal(&cx->view, list, n);
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        found = list[i].code == a->code && list[i].arg[0] == a->arg[0] && list[i].arg[1] == a->arg[1];
    if (!found) return mp_diag_set(d, "<action>", 0, 0, "not a decision the castle module offers now; expected one of the legal actions");
    int p = mp_mod_player(&cx->view);
    if (s->question == Q_DOUBLE) {
        int k = a->arg[0] - 1;
        if (a->code == CODE_HOLD) {
            s->declined |= 1u << k;
        } else {
            int copies = a->code == CODE_USE_2 ? 2 : 1;
            s->held[p][k] = (int8_t)(s->held[p][k] - copies);
            s->used[k] = (int8_t)(s->used[k] + copies);
            for (int i = 0; i < s->n_list; i++)
                if (s->list[i] == a->arg[1]) s->factor[i] = (int8_t)(copies == 2 ? c->wall[k].both : c->wall[k].value);
        }
        next_question(cx, s, c);
    } else if (s->question == Q_ORDER) {
        for (int i = s->ordered; i < s->n_list; i++)
            if (s->list[i] == a->arg[0]) { move_to(s, i, s->ordered++); break; }
        next_question(cx, s, c);
    } else {
        s->question = Q_NONE;
        if (a->code == CODE_EXTRA_TURN) {
            s->held[p][a->arg[0] - 1]--;
            s->used[a->arg[0] - 1]++;
            mp_mod_queue_turn(cx, p, -1);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ final scoring */

/* The largest connected area of empty board cells, each empty start space (a fixed piece whose
** cell faces an empty cell) counting as one more space of the area it faces. */
static int largest_empty_area(const mp_module_view *cx) {
    int x0, y0, w, h, best = 0;
    if (!mp_mod_board(cx, &x0, &y0, &w, &h)) return 0;
    /* The map and a ring of cells around it, read once: W x H cells, (x, y) at (y+1)*W + x+1. */
    int W = w + 2, H = h + 2;
    int *cell = malloc((size_t)W * (size_t)H * sizeof *cell), *stack = malloc((size_t)W * (size_t)H * sizeof *stack);
    char *seen = calloc((size_t)W * (size_t)H, 1);
    if (!cell || !stack || !seen) abort();
    mp_mod_cells(cx, x0 - 1, y0 - 1, W, H, cell);
    for (int i = 0; i < W * H; i++)   /* an empty start space: a fixed piece, -3 */
        if (cell[i] >= 0 && mp_mod_placed_fixed(cx, cell[i])) cell[i] = -3;
    const int step[4] = { -W, 1, W, -1 };   /* N E S W */
    for (int start = 0; start < W * H; start++) {
        if (seen[start] || cell[start] != -1) continue;   /* -1: empty, on the map */
        int top = 0, size = 0;
        stack[top++] = start;
        seen[start] = 1;
        while (top) {
            int at = stack[--top];
            size++;
            for (int side = 0; side < 4; side++) {
                int i = at + step[side];   /* inside the ring: an empty cell of the map is never on it */
                if (cell[i] == -3) { size++; continue; }
                if (cell[i] != -1 || seen[i]) continue;
                seen[i] = 1;
                stack[top++] = i;
            }
        }
        if (size > best) best = size;
    }
    free(cell);
    free(seen);
    free(stack);
    return best;
}

/* Calls fn for every feature of the board, as often as it has parts (fn sees a feature again). */
static void each_feature(const mp_module_view *cx, void (*fn)(const mp_module_view *, mp_feature, void *), void *arg) {
    for (int placed = 0, n = mp_mod_n_placed(cx); placed < n; placed++)
        for (int f = 0, nf = mp_mod_placed_features(cx, placed); f < nf; f++) {
            mp_feature r = mp_mod_feature_of(cx, placed, f);
            if (r >= 0) fn(cx, r, arg);
        }
}

/* The best incomplete feature of a kind a player wins (majority), by the ruleset's formula, with
** or without its multiplier: its points, 0 when none; the first (canonical name) of equal ones. */
typedef struct best_won { int kind, player, points; bool multiplier; mp_feature which; } best_won;
static void weigh_won(const mp_module_view *cx, mp_feature f, void *arg) {
    best_won *b = arg;
    if (mp_mod_feature_kind(cx, f) != b->kind || mp_mod_feature_complete(cx, f) || majority(cx, f) != b->player) return;
    int v = mp_mod_feature_points(cx, f, true), icon, by = mp_mod_kind_multiplier(cx, b->kind, true, &icon);
    if (!b->multiplier && icon >= 0 && mp_mod_feature_icons(cx, f, icon)) v /= by;
    if (v > b->points || (v == b->points && v > 0 && f < b->which)) { b->points = v; b->which = f; }
}

/* The most markets on one court a player wins. */
typedef struct most_markets { int kind, icon, player, markets; } most_markets;
static void count_markets(const mp_module_view *cx, mp_feature f, void *arg) {
    most_markets *m = arg;
    if (mp_mod_feature_kind(cx, f) != m->kind || majority(cx, f) != m->player) return;
    int n = mp_mod_feature_icons(cx, f, m->icon);
    if (n > m->markets) m->markets = n;
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
    castle_state *s = cx->state;
    const castle_config *c = cx->view.config;
    int players = mp_mod_players(&cx->view);
    clear_track(s, c);
    /* The keep: the larger house (wall tile 8 adds to it) scores the largest empty area. */
    int size[MP_MAX_PLAYERS] = { 0 };
    for (int p = 0; p < players; p++) {
        size[p] = s->keep_tiles[p];
        for (int k = 0; k < c->n_kinds && size[p]; k++)
            if (c->wall[k].effect == FX_KEEP_BONUS && s->held[p][k])
                size[p] += s->held[p][k] > 1 ? c->wall[k].both : c->wall[k].value;
    }
    int top = -1;
    bool tie = false;
    for (int p = 0; p < players; p++) {
        if (!size[p]) continue;
        if (top < 0 || size[p] > size[top]) { top = p; tie = false; }
        else if (size[p] == size[top]) tie = true;
    }
    if (top >= 0 && !tie) mp_mod_award(cx, 1u << top, largest_empty_area(&cx->view), s->category_keep, -1, "keep");
    /* Wall tiles 4-7 and 9 (the courts themselves score by the ruleset, after this). */
    for (int p = 0; p < players; p++)
        for (int k = 0; k < c->n_kinds; k++) {
            const wall_kind *w = &c->wall[k];
            int copies = s->held[p][k], points = 0;
            if (!copies) continue;
            mp_feature which = -1;
            switch (w->effect) {
            case FX_SCORE_INCOMPLETE: {  /* each copy the best incomplete feature won: both, it twice */
                best_won b = { s->wall_on[k], p, 0, w->multiplier, -1 };
                each_feature(&cx->view, weigh_won, &b);
                points = copies * b.points;
                which = b.which;
                break;
            }
            case FX_MARKET_POINTS:      /* one court, more per market than the ruleset's */
                if (s->court_kind >= 0 && s->market >= 0) {
                    int base = mp_mod_kind_icon_points(&cx->view, s->court_kind, false, s->market);
                    most_markets m = { s->court_kind, s->market, p, 0 };
                    each_feature(&cx->view, count_markets, &m);
                    points = ((copies > 1 ? w->both : w->value) - base) * m.markets;
                }
                break;
            case FX_POINTS: points = copies > 1 ? w->both : w->value; break;
            default: break;
            }
            char label[32];
            snprintf(label, sizeof label, "wall tile %d", k + 1);
            if (points) mp_mod_award(cx, 1u << p, points, s->category_wall, which, label);
        }
}

/* ------------------------------------------------------------------ notation */

/* The feature an action names: "first" has it in arg[0], a wall tile played in arg[1]; -1 none. */
static mp_feature action_feature(const mp_module_view *cx, const mp_action *a) {
    mp_feature f = a->code == CODE_FIRST ? a->arg[0] : a->code == CODE_USE_1 || a->code == CODE_USE_2 ? a->arg[1] : -1;
    return mp_mod_is_feature(cx, f) ? f : -1;
}

static int castle_format(const mp_module_view *cx, const mp_action *a, char *buf, size_t size) {
    char name[64] = "?";
    mp_feature f = action_feature(cx, a);
    if (f >= 0) feature_name(cx, f, name, sizeof name);
    switch (a->code) {
    case CODE_USE_1: return snprintf(buf, size, "use-%d@%s", a->arg[0], name);
    case CODE_USE_2: return snprintf(buf, size, "use-%dx2@%s", a->arg[0], name);
    case CODE_FIRST: return snprintf(buf, size, "first@%s", name);
    case CODE_EXTRA_TURN: return snprintf(buf, size, "use-%d", a->arg[0]);
    default: return snprintf(buf, size, "hold-%d", a->arg[0]);
    }
}

/* Reads "X,Y,WHERE" naming a feature (a port or a kind of the tile at X,Y): its canonical name. */
static mp_feature read_feature(const mp_module_view *cx, const char *s) {
    int x, y, used = 0;
    if (sscanf(s, "%6d,%6d,%n", &x, &y, &used) != 2 || !used) return -1;
    int f = mp_game_feature_at(cx->game, x, y, s + used);
    return f < 0 ? -1 : mp_mod_feature_of(cx, mp_mod_cell(cx, x, y), f);
}

static int castle_parse(const mp_module_view *cx, const char *args, mp_action *out, mp_diag *d) {
    char q[MP_QUOTE_SIZE];   /* the arguments quoted in a message */
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
        return mp_diag_column(d, 1, "'%s' is not a castle action; expected use-K (another turn), "
                 "use-K@X,Y,WHERE or use-Kx2@X,Y,WHERE (a wall tile on a feature), hold-K, or first@X,Y,WHERE",
                 mp_quote(args, q, sizeof q));
    }
    out->arg[0] = k;
    if (at) {
        mp_feature f = read_feature(cx, at + 1);
        if (f < 0) {
            return mp_diag_column(d, (int)(at - args) + 2, "'%s' names no feature; expected X,Y,WHERE: a placed tile's cell "
                     "and a port (N, Nw, ...) or kind of it", mp_quote(at + 1, q, sizeof q));
        }
        out->arg[out->code == CODE_FIRST ? 0 : 1] = f;
    }
    return 0;
}

static int castle_describe(const mp_module_view *cx, const mp_action *a, char *buf, size_t size) {
    char name[64] = "?";
    const char *kind = "?";
    mp_feature f = action_feature(cx, a);
    if (f >= 0) {
        feature_name(cx, f, name, sizeof name);
        kind = mp_tileset_kind_name(mp_mod_tiles(cx), mp_mod_feature_kind(cx, f));
    }
    switch (a->code) {
    case CODE_USE_1: return snprintf(buf, size, "play wall tile %d on the %s at %s", a->arg[0], kind, name);
    case CODE_USE_2: return snprintf(buf, size, "play both wall tiles %d on the %s at %s", a->arg[0], kind, name);
    case CODE_FIRST: return snprintf(buf, size, "score the %s at %s next", kind, name);
    case CODE_EXTRA_TURN: return snprintf(buf, size, "play wall tile %d: another turn", a->arg[0]);
    default: return snprintf(buf, size, "keep wall tile %d for later", a->arg[0]);
    }
}

/* ------------------------------------------------------------------ facts, display and invariants */

/* The module's state as facts (meeple-ruleset(5), THE CASTLE): for each player, in seat order,
**   POSITION "track"      value: his marker's space (his score modulo the track's length);
**   COUNT    "keep"       value: the tiles of the house under his keep (none: no keep yet);
**   COUNT    "wall-tile"  value: copies of wall tile number `arg` he holds (one fact a number);
** then the game's:
**   POSITION "wall-tile"  value, arg: the two spaces of a tower a wall tile lies on, face down;
**   COUNT    "wall-tiles-removed"  value: those taken off the track at the end of the game;
** and the track's geometry, which a picture draws (render.c reads only the kinds):
**   TRACK    "track"      value: its spaces;
**   MARKED   "tower"      value, arg: the two spaces of each corner tower, in the options' order. */
typedef struct fact_list { mp_fact *out; int cap, n; } fact_list;

static void fact(fact_list *l, mp_fact_kind kind, const char *what, int player, int value, int arg) {
    if (l->n < l->cap) l->out[l->n] = (mp_fact){ .kind = kind, .what = what, .player = player, .value = value,
                                                .tile = -1, .arg = arg };
    l->n++;
}

static int castle_facts(const mp_module_view *cx, mp_fact *out, int cap) {
    const castle_state *s = cx->state;
    const castle_config *c = cx->config;
    fact_list l = { out, cap, 0 };
    for (int p = 0, n = mp_mod_players(cx); p < n; p++) {
        fact(&l, MP_FACT_POSITION, "track", p, track_space(c, mp_mod_score(cx, p)), 0);
        if (s->keep_tiles[p]) fact(&l, MP_FACT_COUNT, "keep", p, s->keep_tiles[p], 0);
        for (int k = 0; k < c->n_kinds; k++)
            if (s->held[p][k]) fact(&l, MP_FACT_COUNT, "wall-tile", p, s->held[p][k], k + 1);
    }
    for (int t = 0; t < c->n_towers; t++)
        if (s->tower_tile[t]) fact(&l, MP_FACT_POSITION, "wall-tile", -1, c->tower[t][0], c->tower[t][1]);
    if (s->removed) fact(&l, MP_FACT_COUNT, "wall-tiles-removed", -1, s->removed, 0);
    fact(&l, MP_FACT_TRACK, "track", -1, c->spaces, 0);
    for (int t = 0; t < c->n_towers; t++) fact(&l, MP_FACT_MARKED, "tower", -1, c->tower[t][0], c->tower[t][1]);
    return l.n;
}

/* The facts in words: "track 33, keep on 3 tiles, wall tile 9" for a player; "wall tiles on the
** track at 12/13 ..." or "no wall tiles on the track" for the game. */
static int castle_status(const mp_module_view *cx, int player, char *buf, size_t size) {
    int n = castle_facts(cx, NULL, 0);
    mp_fact facts[n > 0 ? n : 1];
    castle_facts(cx, facts, n);
    size_t used = 0;
    int on_track = 0, removed = 0;
    buf[0] = 0;
    for (int i = 0; i < n && used < size; i++) {
        const mp_fact *f = &facts[i];
        if (f->player != player) continue;
        bool position = f->kind == MP_FACT_POSITION;
        if (position && !strcmp(f->what, "track")) {
            used += (size_t)snprintf(buf + used, size - used, "track %d", f->value);
        } else if (!strcmp(f->what, "keep")) {
            used += (size_t)snprintf(buf + used, size - used, ", keep on %d tile%s", f->value, f->value == 1 ? "" : "s");
        } else if (!position && !strcmp(f->what, "wall-tile")) {
            for (int k = 0; k < f->value && used < size; k++)
                used += (size_t)snprintf(buf + used, size - used, ", wall tile %d", f->arg);
        } else if (position && !strcmp(f->what, "wall-tile")) {
            used += (size_t)snprintf(buf + used, size - used, "%s %d/%d", on_track++ ? "" : "wall tiles on the track at",
                                     f->value, f->arg);
        } else if (!strcmp(f->what, "wall-tiles-removed")) {
            removed = f->value;
        }
    }
    if (player < 0 && !on_track) {
        if (removed) return snprintf(buf, size, "no wall tiles on the track (%d removed at the end of the game)", removed);
        return snprintf(buf, size, "no wall tiles on the track");
    }
    return (int)strlen(buf);
}

static int castle_check(const mp_module_view *cx, mp_diag *d) {
    const castle_state *s = cx->state;
    const castle_config *c = cx->config;
    if (mp_mod_phase(cx) == MP_PHASE_OVER && tiles_on_track(s, c)) {
        return mp_diag_set(d, "<check>", 0, 0, "a wall tile on the track after the end of the game; expected none "
                 "(they are removed before the final scoring)");
    }
    for (int k = 0; k < c->n_kinds; k++) {
        int n = 0;
        for (int t = 0; t < c->n_towers; t++) n += s->tower_tile[t] == k + 1;
        for (int p = 0, players = mp_mod_players(cx); p < players; p++) n += s->held[p][k];
        if (n > c->copies || n < 0) {
            return mp_diag_set(d, "<check>", 0, 0, "wall tile %d: %d copies on the track and in hand, more than %d",
                     k + 1, n, c->copies);
        }
    }
    return 0;
}

const mp_module mp_module_castle = {
    .name = "castle",
    .summary = "Carcassonne: The Castle: the score track and wall tiles, keeps, the placer's scoring order",
    .state_size = sizeof(castle_state),
    .decisions = castle_decisions,
    .configure = castle_configure,
    .setup = castle_setup,
    .legal = castle_legal,
    .legal_phases = MP_LISTS_IN(MP_PHASE_MODULE),
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
    .facts = castle_facts,
    .status = castle_status,
    .redeal = castle_redeal,
    .check = castle_check,
    .choose_simple = castle_choose_simple,
};
