/*
** score.c: the points of a feature, majorities, scoring during play and the final scoring.
**
** A feature's points come from the ruleset's formula for its kind (per tile, per icon, fixed,
** a multiplier for an icon such as The Castle's fountain) and, for completed features of the
** size the small-city rule names, the small formula instead. Tiles are counted once however many
** segments of the feature a tile holds; a "surrounded" kind (the cloister) counts the tiles of
** its 3x3 block. Rules: base-game digest, "Scoring during the game", "End of the game".
*/
#include <string.h>

#include "internal.h"
#include "yamlx.h"

static int formula(const mp_points *p, int tiles, const uint8_t *icons) {
    int v = p->fixed + p->per_tile * tiles;
    for (int i = 0; i < MP_MAX_ICONS; i++) v += p->per_icon[i] * icons[i];
    if (p->multiply_icon >= 0 && icons[p->multiply_icon]) v *= p->multiply_by;
    return v;
}

/* The formula of a `with:` entry for a marker the feature holds and for its state, NULL when none
** (the kind's own formulas apply). */
static const mp_points *marker_formula(const mp_kind_rules *kr, uint16_t markers, bool complete) {
    for (int i = 0; i < kr->n_with; i++) {
        const mp_marker_points *w = &kr->with[i];
        if (!(markers >> w->marker & 1)) continue;
        if (complete ? w->has_complete : w->has_incomplete) return complete ? &w->complete : &w->incomplete;
    }
    return NULL;
}

int mp_score_points(const mp_game *g, int32_t root, bool complete) { return mp_score_points_of(g, root, complete, -1); }

int mp_score_points_of(const mp_game *g, int32_t root, bool complete, int tiles) {
    const mp_seg *r = &g->segs[root];
    const mp_kind_rules *kr = &g->rs->kind[r->kind];
    if (tiles < 0)
        tiles = g->ts->kinds[r->kind].completes == MP_COMPLETE_SURROUNDED ? mp_feature_surround(g, root) : mp_feature_tiles(g, root);
    if (r->markers & kr->with_markers) {   /* an inn on the road, a cathedral in the city */
        const mp_points *f = marker_formula(kr, r->markers, complete);
        if (f) return formula(f, tiles, r->icons);
    }
    if (!complete) return formula(&kr->incomplete, tiles, r->icons);
    if (kr->small_tiles && tiles == kr->small_tiles) return formula(&kr->small, tiles, r->icons);
    return formula(&kr->complete, tiles, r->icons);
}

/* Players who score a feature with these strengths (each player's followers on it, a large
** follower counting 2): the strongest, and on a tie every tied player or nobody, as the ruleset's
** `ties:` says. */
unsigned mp_score_majority(const mp_game *g, const uint8_t *strength) {
    int best = 0;
    unsigned who = 0;
    for (int p = 0; p < g->n_players; p++) {
        if (!strength[p] || strength[p] < best) continue;
        if (strength[p] > best) { best = strength[p]; who = 0; }
        who |= 1u << p;
    }
    if (g->rs->ties == MP_TIES_NONE && (who & (who - 1))) return 0;
    return who;
}

static void award(mp_game *g, unsigned players, int points, int category) {
    for (int p = 0; p < g->n_players; p++)
        if (players & (1u << p)) {
            g->score[p] += points;
            g->points[p][category] += points;
        }
}

void mp_score_award_why(mp_game *g, unsigned players, int points, int category, int why, int32_t root) {
    award(g, players, points, category);
    if (g->events) mp_events_add(g, players, points, category, why, root, why == MP_WHY_MODULE ? g->categories[category] : "");
}

void mp_score_award_labelled(mp_game *g, unsigned players, int points, int category, int why, int32_t root,
                             const char *label) {
    award(g, players, points, category);
    if (g->events) mp_events_add(g, players, points, category, why, root, label);
}

void mp_score_award_module(mp_game *g, unsigned players, int points, int category, int32_t root, const char *label) {
    award(g, players, points, category);
    if (g->events) mp_events_add(g, players, points, category, MP_WHY_MODULE, root, label);
}

void mp_score_award(mp_game *g, unsigned players, int points, int category) {
    mp_score_award_why(g, players, points, category, MP_WHY_MODULE, -1);
}

bool mp_score_complete_now(const mp_game *g, int32_t root) {
    const mp_seg *r = &g->segs[root];
    if (r->complete) return true;
    switch (g->ts->kinds[r->kind].completes) {
    case MP_COMPLETE_CLOSED: return r->open == 0;
    case MP_COMPLETE_SURROUNDED: return mp_feature_surround(g, root) == 9;
    default: return false;
    }
}

static bool is_complete(mp_game *g, int32_t seg) {
    const mp_kind *k = &g->ts->kinds[g->segs[seg].kind];
    if (k->completes == MP_COMPLETE_CLOSED) return g->segs[mp_seg_find(g, seg)].open == 0;
    if (k->completes == MP_COMPLETE_SURROUNDED) return mp_feature_surround(g, seg) == 9;
    return false;
}

static void score_one(mp_game *g, int32_t root) {
    mp_seg *r = &g->segs[root];
    r->complete = 1;
    if (!g->rs->kind[r->kind].scored_in_play) return;
    int points = mp_score_points(g, root, true);
    MP_EACH_MODULE_WITH(g, score_feature, i, m) {
        mp_module_view v = mp_module_view_of(g, i);
        m->score_feature(&v, root, &points);
    }
    mp_score_award_why(g, mp_score_majority(g, r->strength), points, r->kind, MP_WHY_COMPLETED, root);
    r->scored = 1;
    MP_EACH_MODULE_WITH(g, feature_scored, i, m) {
        mp_module_ctx c = mp_module_ctx_of(g, i);
        m->feature_scored(&c, root, points);
    }
    mp_deploy_return(g, root);
}

/* Adds the feature of seg to the list when the placement just completed it (once). */
static void collect(mp_game *g, int32_t seg, int32_t *out, int *n, int cap) {
    int32_t root = mp_seg_find(g, seg);
    if (g->segs[root].complete || !is_complete(g, root)) return;
    for (int i = 0; i < *n; i++)
        if (out[i] == root) return;
    if (*n < cap) out[(*n)++] = root;
}

/* The features the tile just placed completed, not scored yet: its own features (and a bridge on
** it), the neighbours' features that face it (in The Castle a house meeting a tower is closed
** without joining it), a bridge built on a neighbour this turn, and the surrounded kinds
** (cloisters) of the 3x3 block around it. In that order; returns how many. */
static int list_completed(mp_game *g, int32_t *out, int cap) {
    int n = 0;
    const mp_placed *p = &g->placed[g->last_placed];
    const mp_tile *t = &g->ts->tiles[p->tile];
    for (int f = 0; f < t->n_features; f++) collect(g, p->seg0 + f, out, &n, cap);
    if (p->overlay >= 0) collect(g, p->overlay, out, &n, cap);
    if (g->maybe_completed & MP_CLOSED_ONE)
        for (int side = 0; side < 4; side++) {
            int nx, ny;
            mp_grid_neighbour(p->x, p->y, side, &nx, &ny);
            int32_t v = mp_grid_get(g, nx, ny);
            if (v < 0) continue;
            const mp_placed *q = &g->placed[v];
            if (q->overlay >= 0) collect(g, q->overlay, out, &n, cap);
            for (int k = 0; k < 3; k++) {
                int32_t s = mp_placed_port_seg(g, q, MP_PORT_OPPOSITE(3 * side + k));
                if (s >= 0) collect(g, s, out, &n, cap);
            }
        }
    if (g->maybe_completed & MP_FILLED_BLOCK)       /* only tiles with a cloister whose block is full */
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                if (g->near[(p->y + dy - g->gy0) * g->gw + (p->x + dx - g->gx0)] != (MP_NEAR_SURROUNDED | 9)) continue;
                int32_t v = mp_grid_get(g, p->x + dx, p->y + dy);
                if (v < 0 || v == g->last_placed) continue;
                const mp_placed *q = &g->placed[v];
                const mp_tile *qt = &g->ts->tiles[q->tile];
                for (int f = 0; f < qt->n_features; f++)
                    if (g->ts->kinds[qt->f[f].kind].completes == MP_COMPLETE_SURROUNDED)
                        collect(g, q->seg0 + f, out, &n, cap);
            }
    return n;
}

/* The features the tile just placed completed, into out (room for MP_MAX_COMPLETED). The list
** is kept (when `keep`, and short) until the board changes or scoring ends, so that a module's
** before_score hook (The Castle's) and scoring, which both ask, do not both work it out. */
static int completed(mp_game *g, int32_t *out, bool keep) {
    if (g->last_placed < 0 || !g->maybe_completed) return 0;   /* nothing closed, no block filled */
    if (g->n_completed >= 0) {
        memcpy(out, g->completed, (size_t)g->n_completed * sizeof *out);
        return g->n_completed;
    }
    int n = list_completed(g, out, MP_MAX_COMPLETED);
    if (keep && n <= MP_KEPT_COMPLETED) {   /* kept when short, as nearly every list is */
        memcpy(g->completed, out, (size_t)n * sizeof *out);
        g->n_completed = (int8_t)n;
    }
    return n;
}

int mp_score_list_completed(mp_game *g, int32_t *out, int cap) {
    int32_t list[MP_MAX_COMPLETED];
    int n = completed(g, list, true);
    if (n > cap) n = cap;
    memcpy(out, list, (size_t)n * sizeof *out);
    return n;
}

/* Scores every feature the tile just placed completed, in the order the modules' score_order
** hooks leave them in (The Castle: the placer's first, in the order he chose). */
void mp_score_completed(mp_game *g) {
    int32_t list[MP_MAX_COMPLETED];
    int n = completed(g, list, false);
    g->n_completed = -1;   /* scored from here on: not completed by this turn any more */
    MP_EACH_MODULE_WITH(g, score_order, i, m) {
        mp_module_ctx c = mp_module_ctx_of(g, i);
        m->score_order(&c, list, n);
    }
    for (int i = 0; i < n; i++) score_one(g, list[i]);
}

/* Final scoring: what the modules score while the followers stand (The Castle's keeps, courts,
** wall tiles), incomplete features with followers (in deployment order), then farms, then what
** the modules add; every follower goes home. */
void mp_score_final(mp_game *g) {
    const mp_ruleset *rs = g->rs;
    mp_events_final(g);
    MP_EACH_MODULE_WITH(g, before_final_scoring, i, m) {   /* while every follower still stands */
        mp_module_ctx c = mp_module_ctx_of(g, i);
        m->before_final_scoring(&c);
    }
    for (int i = 0; i < g->n_figures;) {
        int32_t root = mp_seg_find(g, g->figures[i].seg);
        mp_seg *r = &g->segs[root];
        if (rs->farms && r->kind == rs->farm_kind) { i++; continue; }
        bool scored = rs->score_incomplete && !r->complete && rs->kind[r->kind].scored_at_end;
        int points = scored ? mp_score_points(g, root, false) : MP_NOT_SCORED;
        const char *label = NULL;
        MP_EACH_MODULE_WITH(g, final_feature, k, m) {   /* a module's rule of an unfinished feature */
            mp_module_view v = mp_module_view_of(g, k);
            m->final_feature(&v, root, &points, &label);
        }
        if (points != MP_NOT_SCORED) {
            unsigned who = mp_score_majority(g, r->strength);
            if (label) mp_score_award_module(g, who, points, r->kind, root, label);
            else mp_score_award_why(g, who, points, r->kind, MP_WHY_INCOMPLETE, root);
        }
        mp_deploy_return(g, root);
    }
    if (rs->farms) mp_farm_score(g);
    MP_EACH_MODULE_WITH(g, final_scoring, i, m) {
        mp_module_ctx c = mp_module_ctx_of(g, i);
        m->final_scoring(&c);
    }
    while (g->n_figures) mp_deploy_return(g, mp_seg_find(g, g->figures[0].seg));
}
