/*
** potential.c: what the features a seat holds may still bring it, for a bot's evaluation of a
** position (meeple-bots(7)). Final scoring values an unfinished city at its incomplete points;
** finished, it would bring its complete points. A feature `missing` ports (or, for a cloister,
** cells) short of completion is counted as finished with a probability that falls with what is
** missing: base^missing, none when fewer tiles are left than are missing. The difference goes to
** the feature's majority holders, as its points would.
*/
#include <math.h>

#include "internal.h"

void mp_game_potential(const mp_game *g, double base, double *out) {
    for (int p = 0; p < g->n_players; p++) out[p] = 0;
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
        int missing;
        switch (g->ts->kinds[r->kind].completes) {
        case MP_COMPLETE_CLOSED: missing = r->open; break;
        case MP_COMPLETE_SURROUNDED: missing = 9 - mp_feature_surround(g, root); break;
        default: continue;
        }
        if (missing > left) continue;
        const mp_kind_rules *kr = &g->rs->kind[r->kind];
        int now = g->rs->score_incomplete && kr->scored_at_end ? mp_score_points(g, root, false) : 0;
        double gain = (mp_score_points(g, root, true) - now) * pow(base, missing);
        unsigned who = mp_score_majority(g, r->strength);
        for (int p = 0; p < g->n_players; p++)
            if (who >> p & 1) out[p] += gain;
    }
}
