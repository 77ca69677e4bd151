/*
** evaluation.c: the learned evaluation of a position (meeple-weights(5), meeple-bots(7)): what
** each seat will have scored at the end of the game, predicted from a few numbers about the
** position (its features) and weights fitted to self-play games (meeple-train(1)).
**
** The features of a seat, the same for every ruleset (named by the ruleset's own kinds and score
** categories, so nothing here knows a rule):
**   tiles            1: what any seat still gains from the tiles to come;
**   followers        its followers in the supply;
**   open.CATEGORY    what final scoring would add in the category if the game ended now
**                    (unfinished features, farms, a module's majorities);
**   finish.KIND.M    what finishing its unfinished features of the kind would add, for those
**                    lacking M ports (a cloister: cells): M = 1, 2, 3; 4 for 4 to 6; 7 for 7 or
**                    more (a tile's side has three ports: a city open on one side lacks 3);
**   worth.MODULE     what the module's state is worth to the seat beyond its score, as the module
**                    says (its worth hook, which the greedy bot weighs too: goods it leads, a
**                    builder standing on an open feature).
** Each feature has two weights, at the start of the game and at its end; a position between weighs
** it by its phase, 64 with the bag full and 0 with it empty (a tapered evaluation, as chess
** engines weigh the middle game and the endgame). The prediction is the seat's score now plus the
** sum over its features of feature x weight.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

enum { FEATURE_TILES, FEATURE_FOLLOWERS, FEATURE_OPEN, FEATURE_FINISH, FEATURE_WORTH };
enum { FINISH_BUCKETS = 5 };
/* The least of what the features of bucket b lack (b = 1 .. FINISH_BUCKETS), and the bucket of m. */
static const int bucket_least[FINISH_BUCKETS + 1] = { 0, 1, 2, 3, 4, 7 };
static int bucket_of(int missing) { return missing >= 7 ? 5 : missing >= 4 ? 4 : missing < 1 ? 1 : missing; }

typedef struct feature { int what, index, bucket; } feature;

typedef struct layout {
    int n;
    feature f[MP_EVAL_MAX];
} layout;

static bool finishes(const mp_game *g, int kind) {
    int c = g->ts->kinds[kind].completes;
    const mp_kind_rules *kr = &g->rs->kind[kind];
    return (c == MP_COMPLETE_CLOSED || c == MP_COMPLETE_SURROUNDED) && (kr->scored_in_play || kr->scored_at_end);
}

static void layout_of(const mp_game *g, layout *l) {
    l->n = 0;
    l->f[l->n++] = (feature){ FEATURE_TILES, 0, 0 };
    l->f[l->n++] = (feature){ FEATURE_FOLLOWERS, 0, 0 };
    for (int c = 0; c < g->n_categories && l->n < MP_EVAL_MAX; c++)
        if (mp_game_category_scored(g, c)) l->f[l->n++] = (feature){ FEATURE_OPEN, c, 0 };
    for (int k = 0; k < g->ts->n_kinds; k++)
        for (int b = 1; finishes(g, k) && b <= FINISH_BUCKETS && l->n < MP_EVAL_MAX; b++)
            l->f[l->n++] = (feature){ FEATURE_FINISH, k, b };
    MP_EACH_MODULE_WITH(g, worth, i, m)
        if (l->n < MP_EVAL_MAX) l->f[l->n++] = (feature){ FEATURE_WORTH, i, 0 };
}

int mp_eval_n_features(const mp_game *g) {
    layout l;
    layout_of(g, &l);
    return l.n;
}

int mp_eval_feature_name(const mp_game *g, int f, char *buf, size_t size) {
    layout l;
    layout_of(g, &l);
    if (f < 0 || f >= l.n) return -1;
    const feature *x = &l.f[f];
    switch (x->what) {
    case FEATURE_TILES: snprintf(buf, size, "tiles"); break;
    case FEATURE_FOLLOWERS: snprintf(buf, size, "followers"); break;
    case FEATURE_OPEN: snprintf(buf, size, "open.%s", g->categories[x->index]); break;
    case FEATURE_WORTH: snprintf(buf, size, "worth.%s", mp_ruleset_module_name(g->rs, x->index)); break;
    default: snprintf(buf, size, "finish.%s.%d", g->ts->kinds[x->index].name, bucket_least[x->bucket]); break;
    }
    return 0;
}

int mp_eval_phase(const mp_game *g) {
    int left = mp_game_tiles_left(g), all = g->n_bag;   /* the bag as the game began */
    return all > 0 ? (MP_EVAL_PHASES * left + all / 2) / all : 0;
}

/* The finish.KIND.M features: each open feature's gain to its holders, by kind and bucket. */
typedef struct finish_sums { int n_players; int (*gain)[MP_MAX_KINDS][FINISH_BUCKETS + 1]; } finish_sums;

static void add_finish(void *ctx, const mp_open_feature *f) {
    finish_sums *s = ctx;
    int b = bucket_of(f->missing);
    for (int p = 0; p < s->n_players; p++)
        if (f->holders >> p & 1) s->gain[p][f->kind][b] += f->gain;
}

int mp_eval_features(mp_game *g, int *x, int *before) {
    if (!g || g->phase != MP_PHASE_PLACE) return -1;
    layout l;
    layout_of(g, &l);
    int n = g->n_players;
    int gain[MP_MAX_PLAYERS][MP_MAX_KINDS][FINISH_BUCKETS + 1];
    memset(gain, 0, sizeof gain);
    finish_sums sums = { n, gain };
    mp_open_features(g, add_finish, &sums);
    int supply[MP_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        supply[p] = mp_game_supply(g, p);
        before[p] = mp_game_score(g, p);
        for (int f = 0; f < l.n; f++) {
            const feature *e = &l.f[f];
            if (e->what == FEATURE_OPEN) x[p * l.n + f] = -mp_game_points(g, p, e->index);
            if (e->what == FEATURE_WORTH) {   /* read before final scoring changes the module's state */
                mp_module_view v = mp_module_view_of(g, e->index);
                x[p * l.n + f] = g->rs->modules[e->index].v->worth(&v, p);
            }
        }
    }
    mp_diag d;
    if (mp_game_end_now(g, &d)) return -1;
    for (int p = 0; p < n; p++)
        for (int f = 0; f < l.n; f++) {
            const feature *e = &l.f[f];
            int *v = &x[p * l.n + f];
            switch (e->what) {
            case FEATURE_TILES: *v = 1; break;
            case FEATURE_FOLLOWERS: *v = supply[p]; break;
            case FEATURE_OPEN: *v += mp_game_points(g, p, e->index); break;
            case FEATURE_WORTH: break;
            default: *v = gain[p][e->index][e->bucket]; break;
            }
        }
    return 0;
}

/* ------------------------------------------------------------------ the evaluator */

struct mp_evaluator {
    int n;
    double start[MP_EVAL_MAX], end[MP_EVAL_MAX];   /* per feature of the game's layout */
};

mp_evaluator *mp_evaluator_new(const mp_game *g) {
    const mp_weights *w = g ? g->rs->weights : NULL;
    if (!w) return NULL;
    mp_evaluator *e = calloc(1, sizeof *e);
    if (!e) abort();
    e->n = mp_eval_n_features(g);
    for (int f = 0; f < e->n; f++) {
        char name[MP_EVAL_NAME];
        mp_eval_feature_name(g, f, name, sizeof name);
        for (int k = 0; k < w->n; k++)   /* a name the game does not have is left out: weight 0 */
            if (!strcmp(w->names[k], name)) { e->start[f] = w->start[k]; e->end[f] = w->end[k]; break; }
    }
    return e;
}

void mp_evaluator_free(mp_evaluator *e) { free(e); }

int mp_evaluate(const mp_evaluator *e, mp_game *g, double *out) {
    int x[MP_MAX_PLAYERS * MP_EVAL_MAX], before[MP_MAX_PLAYERS];
    int phase = g ? mp_eval_phase(g) : 0;
    if (!e || mp_eval_features(g, x, before)) return -1;
    double late = MP_EVAL_PHASES - phase;
    for (int p = 0; p < g->n_players; p++) {
        double v = 0;
        for (int f = 0; f < e->n; f++) v += x[p * e->n + f] * (e->start[f] * phase + e->end[f] * late);
        out[p] = before[p] + v / MP_EVAL_PHASES;
    }
    return 0;
}
