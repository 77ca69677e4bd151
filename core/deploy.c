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

/* The features of the tile just placed (a bridge on it too) that take pieces at all (a kind some
** piece may stand on), each looked at once for every kind of piece: those nobody occupies (free),
** those where the player has a follower (own), and each one's kind. */
typedef struct tile_features { uint32_t free, own; uint8_t kind[32]; } tile_features;

static uint32_t look(const mp_game *g, tile_features *t) {
    const mp_placed *p = &g->placed[g->last_placed];
    int features = mp_placed_n_features(g, p);
    uint32_t any = 0;
    t->free = t->own = 0;
    for (int f = 0; f < features; f++) {
        int32_t seg = mp_placed_feature_seg(g, p, f);
        if (seg < 0 || !(g->rs->deploy_kinds >> g->segs[seg].kind & 1)) continue;   /* a role, farmers on */
        const mp_seg *root = &g->segs[mp_seg_root(g, seg)];
        t->kind[f] = g->segs[seg].kind;
        any |= 1u << f;
        if (!occupied(root)) t->free |= 1u << f;
        else if (root->strength[g->player]) t->own |= 1u << f;
    }
    return any;
}

/* The options of every piece with some left in the supply (the deployments worth looking at);
** kept out of mp_deploy_prepare, so that its common quick exit has no frame to set up. */
static __attribute__((noinline)) void fill_options(mp_game *g) {
    const mp_ruleset *rs = g->rs;
    int n = rs->n_pieces;
    tile_features t;
    uint32_t any = look(g, &t);
    for (int k = 0; k < n; k++) {
        const mp_piece *piece = &rs->pieces[k];
        if (g->supply[g->player][k] <= 0) continue;
        /* A follower: a free feature; a piece that is none: one its owner holds; of its kinds. */
        uint32_t options = any & (piece->strength ? t.free : t.own);
        if ((piece->on & rs->deploy_kinds) != rs->deploy_kinds)   /* not every kind that takes pieces */
            for (uint32_t m = options; m; m &= m - 1)
                if (!(piece->on >> t.kind[__builtin_ctz(m)] & 1)) options &= ~(m & -m);
        if (piece->not_on_completed)   /* it would only come straight back */
            for (uint32_t m = options; m; m &= m - 1) {
                const mp_placed *p = &g->placed[g->last_placed];
                if (mp_score_complete_now(g, mp_seg_root(g, mp_placed_feature_seg(g, p, __builtin_ctz(m)))))
                    options &= ~(m & -m);
            }
        g->deploy_options[k] = options;
    }
}

void mp_deploy_prepare(mp_game *g) {
    memset(g->deploy_options, 0, sizeof g->deploy_options);   /* a constant size: a few stores, no call */
    if (g->last_placed < 0) return;
    const int16_t *supply = g->supply[g->player];
    bool some = supply[0] > 0;   /* a piece left: random play empties supplies early, the common exit */
    for (int k = 1; k < g->rs->n_pieces && !some; k++) some = supply[k] > 0;
    if (some) fill_options(g);
}

bool mp_deploy_allowed(const mp_game *g, int piece, int feature) {
    return piece >= 0 && piece < g->rs->n_pieces && feature >= 0 && feature < 32 &&
           (g->deploy_options[piece] >> feature & 1);
}

/* The deployments of piece k (its features, bits of m) from out[n] on, as room allows; the new count. */
static inline int list_piece(const mp_placed *p, int k, uint32_t m, mp_action *out, int n, int cap) {
    for (; m; m &= m - 1, n++)
        if (n < cap)
            out[n] = (mp_action){ .kind = MP_ACT_DEPLOY, .feature = (uint8_t)__builtin_ctz(m), .tile = p->tile, .x = p->x,
                                  .y = p->y, .rot = p->rot, .piece = (uint8_t)k };
    return n;
}

/* Deployments on the tile just placed, piece by piece (the ordinary follower's first, as the
** ruleset lists them), then "pass". Returns the count; writes at most cap. */
int mp_deploy_list(const mp_game *g, mp_action *out, int cap) {
    const mp_placed p = g->placed[g->last_placed];   /* a copy: the writes below may alias the game */
    int n = list_piece(&p, 0, g->deploy_options[0], out, 0, cap);
    for (int k = 1; k < g->rs->n_pieces; k++) n = list_piece(&p, k, g->deploy_options[k], out, n, cap);
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

/* The i-th piece on the board goes back to its owner's supply (the others keep their order). */
void mp_deploy_return_one(mp_game *g, int i) {
    mp_figure *f = &g->figures[i];
    int32_t root = mp_seg_find(g, f->seg);
    g->supply[f->player][f->piece]++;
    g->segs[root].strength[f->player] -= g->rs->pieces[f->piece].strength;
    /* Keep the others in deployment order: final scoring walks them in that order. */
    memmove(f, f + 1, (size_t)(g->n_figures - i - 1) * sizeof *f);
    g->n_figures--;
}

/* Every piece on the feature goes back to its owner's supply. */
void mp_deploy_return(mp_game *g, int32_t root) {
    for (int i = 0; i < g->n_figures;)
        if (mp_seg_find(g, g->figures[i].seg) != root) i++;
        else mp_deploy_return_one(g, i);
}
