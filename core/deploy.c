/*
** deploy.c: deploying a piece after a tile is placed, and pieces coming home.
**
** A piece goes from the player's supply onto one feature of the tile just placed (a bridge laid
** over it counts as one of its features), of a kind the piece may stand on (its `on:`, within
** the kinds with a `follower:` role in the tile set, and the farm kind only when the ruleset plays
** with farmers). A follower needs a feature nobody occupies yet; a piece that is no follower (a
** builder, a pig: strength 0) needs one where its owner already has a follower. Rules: base-game
** digest, "A turn" 2; meeple-ruleset(5), PIECES.
*/
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Whether the feature (a root) holds a follower of anyone. */
static bool occupied(const mp_seg *root) {
    uint64_t any;   /* eight players' strengths at once */
    _Static_assert(sizeof root->strength == sizeof any, "strengths read eight bytes at once");
    memcpy(&any, root->strength, sizeof any);
    return any != 0;
}

static bool can_deploy(const mp_game *g, const mp_piece *piece, int placed_idx, int feature) {
    const mp_placed *p = &g->placed[placed_idx];
    int32_t seg = mp_placed_feature_seg(g, p, feature);
    if (seg < 0 || !(piece->on >> g->segs[seg].kind & 1)) return false;   /* its kinds, farmers on */
    const mp_seg *root = &g->segs[mp_seg_root(g, seg)];
    return piece->strength ? !occupied(root) : root->strength[g->player] != 0;
}

void mp_deploy_prepare(mp_game *g) {
    const mp_ruleset *rs = g->rs;
    memset(g->deploy_options, 0, (size_t)rs->n_pieces * sizeof g->deploy_options[0]);
    if (g->last_placed < 0) return;
    const mp_placed *p = &g->placed[g->last_placed];
    int features = mp_placed_n_features(g, p);   /* a bridge on it too */
    for (int k = 0; k < rs->n_pieces; k++) {
        if (g->supply[g->player][k] <= 0) continue;
        for (int f = 0; f < features; f++)
            g->deploy_options[k] |= (uint32_t)can_deploy(g, &rs->pieces[k], g->last_placed, f) << f;
    }
}

bool mp_deploy_allowed(const mp_game *g, int piece, int feature) {
    return piece >= 0 && piece < g->rs->n_pieces && feature >= 0 && feature < 32 &&
           (g->deploy_options[piece] >> feature & 1);
}

/* Deployments on the tile just placed, piece by piece (the ordinary follower's first, as the
** ruleset lists them), then "pass". Returns the count; writes at most cap. */
int mp_deploy_list(const mp_game *g, mp_action *out, int cap) {
    int n = 0;
    const mp_placed *p = &g->placed[g->last_placed];
    for (int k = 0; k < g->rs->n_pieces; k++)
        for (uint32_t m = g->deploy_options[k]; m; m &= m - 1, n++)
            if (n < cap)
                out[n] = (mp_action){ .kind = MP_ACT_DEPLOY, .feature = (uint8_t)__builtin_ctz(m), .tile = p->tile,
                                      .x = p->x, .y = p->y, .rot = p->rot, .piece = (uint8_t)k };
    if (n < cap) out[n] = (mp_action){ .kind = MP_ACT_PASS };
    return n + 1;
}

void mp_deploy_put(mp_game *g, int player, int piece, int32_t seg) {
    MP_ASSERT(g->supply[player][piece] > 0);
    MP_ASSERT(g->n_figures < g->cap_figures);
    g->figures[g->n_figures++] = (mp_figure){ .player = (int8_t)player, .piece = (uint8_t)piece, .seg = seg };
    g->supply[player][piece]--;
    g->segs[mp_seg_find(g, seg)].strength[player] += g->rs->pieces[piece].strength;
}

/* Every piece on the feature goes back to its owner's supply. */
void mp_deploy_return(mp_game *g, int32_t root) {
    for (int i = 0; i < g->n_figures;) {
        mp_figure *f = &g->figures[i];
        if (mp_seg_find(g, f->seg) != root) { i++; continue; }
        g->supply[f->player][f->piece]++;
        g->segs[root].strength[f->player] -= g->rs->pieces[f->piece].strength;
        /* Keep the others in deployment order: final scoring walks them in that order. */
        memmove(f, f + 1, (size_t)(g->n_figures - i - 1) * sizeof *f);
        g->n_figures--;
    }
}
