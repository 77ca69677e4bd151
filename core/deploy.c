/*
** deploy.c: follower deployment after a tile is placed, and followers coming home.
**
** A follower goes from the player's supply onto one feature of the tile just placed, if the
** kind takes followers (a `follower:` role in the tile set; a bridge laid over it counts as one
** of its features), the whole feature has no follower
** of anyone yet, and, for the farm kind, the ruleset plays with farmers. Rules: base-game digest,
** "A turn" 2.
*/
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static bool can_deploy(const mp_game *g, int placed_idx, int feature) {
    const mp_placed *p = &g->placed[placed_idx];
    int32_t seg = mp_placed_feature_seg(g, p, feature);
    if (seg < 0 || !(g->rs->deploy_kinds >> g->segs[seg].kind & 1)) return false;   /* a role, farmers on */
    const mp_seg *root = &g->segs[mp_seg_root(g, seg)];
    for (int i = 0; i < g->n_players; i++)
        if (root->followers[i]) return false;
    return true;
}

void mp_deploy_prepare(mp_game *g) {
    g->deploy_options = 0;
    if (g->last_placed < 0 || g->supply[g->player] <= 0) return;
    const mp_placed *p = &g->placed[g->last_placed];
    for (int f = 0; f < mp_placed_n_features(g, p); f++)   /* a bridge on it too */
        g->deploy_options |= (uint32_t)can_deploy(g, g->last_placed, f) << f;
}

bool mp_deploy_allowed(const mp_game *g, int feature) {
    return feature >= 0 && feature < 32 && (g->deploy_options >> feature & 1);
}

/* Deployments on the tile just placed, then "pass". Returns the count; writes at most cap. */
int mp_deploy_list(const mp_game *g, mp_action *out, int cap) {
    int n = 0;
    const mp_placed *p = &g->placed[g->last_placed];
    for (uint32_t m = g->deploy_options; m; m &= m - 1, n++)
        if (n < cap)
            out[n] = (mp_action){ .kind = MP_ACT_DEPLOY, .feature = (uint8_t)__builtin_ctz(m), .tile = p->tile,
                                  .x = p->x, .y = p->y, .rot = p->rot };
    if (n < cap) out[n] = (mp_action){ .kind = MP_ACT_PASS };
    return n + 1;
}

void mp_deploy_put(mp_game *g, int player, int32_t seg) {
    MP_ASSERT(g->supply[player] > 0);
    MP_ASSERT(g->n_followers < g->cap_followers);
    g->followers[g->n_followers++] = (mp_follower){ .player = (int8_t)player, .seg = seg };
    g->supply[player]--;
    g->segs[mp_seg_find(g, seg)].followers[player]++;
}

/* Every follower on the feature goes back to its owner's supply. */
void mp_deploy_return(mp_game *g, int32_t root) {
    for (int i = 0; i < g->n_followers;) {
        mp_follower *f = &g->followers[i];
        if (mp_seg_find(g, f->seg) != root) { i++; continue; }
        g->supply[f->player]++;
        g->segs[root].followers[f->player]--;
        /* Keep the others in deployment order: final scoring walks them in that order. */
        memmove(f, f + 1, (size_t)(g->n_followers - i - 1) * sizeof *f);
        g->n_followers--;
    }
}
