/*
** potential.c: what the features a seat holds may still bring it, for a bot's weighing of a
** position (meeple-bots(7)). Final scoring values an unfinished city at its incomplete points;
** finished, it would bring its complete points. mp_open_features lists each unfinished feature
** that someone holds with what finishing it would add (its gain), how far it is from finished (the
** ports, or a cloister's cells, it lacks) and who would score it; mp_game_potential counts a feature
** `missing` short as finished with a probability of base^missing, none when fewer tiles are left
** than are missing, and the learned evaluation (evaluation.c) weighs the gains by how far they are.
*/
#include <math.h>

#include "internal.h"

void mp_open_features(const mp_game *g, void (*visit)(void *ctx, const mp_open_feature *f), void *ctx) {
    int left = mp_game_tiles_left(g);
    int32_t seen[512];
    int n_seen = 0;
    for (int i = 0; i < g->n_figures; i++) {
        int32_t root = mp_seg_root(g, g->figures[i].seg);
        const mp_seg *r = &g->segs[root];
        if (r->complete || (g->rs->farms && r->kind == g->rs->farm_kind)) continue;
        bool again = false;
        for (int k = 0; k < n_seen && !again; k++) again = seen[k] == root;
        if (again) continue;
        if (n_seen < (int)(sizeof seen / sizeof *seen)) seen[n_seen++] = root;
        int missing, finished_tiles = -1;   /* a cloister finished has its 9 tiles */
        switch (g->ts->kinds[r->kind].completes) {
        case MP_COMPLETE_CLOSED: missing = r->open; break;
        case MP_COMPLETE_SURROUNDED: missing = 9 - mp_feature_surround(g, root); finished_tiles = 9; break;
        default: continue;
        }
        if (missing > left) continue;   /* it can no longer be finished */
        const mp_kind_rules *kr = &g->rs->kind[r->kind];
        int now = g->rs->score_incomplete && kr->scored_at_end ? mp_score_points(g, root, false) : 0;
        mp_open_feature f = { .kind = r->kind, .missing = missing, .gain = mp_score_points_of(g, root, true, finished_tiles) - now,
                              .holders = mp_score_majority(g, r->strength) };
        visit(ctx, &f);
    }
}

typedef struct potential { const mp_game *g; double base, *out; } potential;

static void add_potential(void *ctx, const mp_open_feature *f) {
    potential *p = ctx;
    double gain = f->gain * pow(p->base, f->missing);
    for (int s = 0; s < p->g->n_players; s++)
        if (f->holders >> s & 1) p->out[s] += gain;
}

void mp_game_potential(const mp_game *g, double base, double *out) {
    for (int p = 0; p < g->n_players; p++) out[p] = 0;
    potential p = { g, base, out };
    mp_open_features(g, add_potential, &p);
}
