/*
** hidden.c: what a seat cannot see, dealt anew (mp_game_determinize).
**
** A search that weighs a decision by playing games to their end must not play them with the real
** bag: the order of the tiles is what nobody at the table knows. Each of its games starts from a
** copy of the position in which the hidden information is one sample of what it could be, given
** what the deciding seat has seen: the tiles still in the bag and in the other seats' hands (a
** `hand:` larger than one) shuffled together, the game's generator reseeded (it decides what is
** still to come: where a returned tile goes back into the bag), and what a module keeps face down
** dealt anew by its `redeal` hook. The pool is sorted before it is shuffled, so that the sample
** depends on what the seat knows (how many of each tile) and on the seed, never on the real order.
*/
#include <string.h>

#include "internal.h"
#include "yamlx.h"

/* Calls f on every place a hidden tile lies, in one fixed order: the bag from bag_pos on, then
** the other seats' hands in seat order. */
#define FOR_HIDDEN(g, player, t, body)                                                   \
    do {                                                                                 \
        for (int i_ = (g)->bag_pos; i_ < (g)->n_bag; i_++) { int16_t *t = &(g)->bag[i_]; body; } \
        for (int p_ = 0; p_ < (g)->n_players; p_++)                                      \
            if (p_ != (player))                                                          \
                for (int i_ = 0; i_ < (g)->hand_n[p_]; i_++) { int16_t *t = &(g)->hand[p_][i_]; body; } \
    } while (0)

void mp_game_determinize(mp_game *g, int player, uint64_t seed) {
    /* The pool in canonical order (how many of each tile), then shuffled. */
    int n_tiles = g->ts->n_tiles, count[n_tiles > 0 ? n_tiles : 1], n = 0;
    memset(count, 0, sizeof count);
    FOR_HIDDEN(g, player, t, (count[*t]++, n++));
    int16_t pool[n > 0 ? n : 1];
    int k = 0;
    for (int t = 0; t < n_tiles; t++)
        for (int c = 0; c < count[t]; c++) pool[k++] = (int16_t)t;
    mp_rng_seed(g->rng, seed);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)mp_rng_below(g->rng, (uint32_t)i + 1);
        int16_t t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    k = 0;
    FOR_HIDDEN(g, player, t, *t = pool[k++]);
    MP_EACH_MODULE_WITH(g, redeal, i, m) {
        mp_module_ctx c = mp_module_ctx_of(g, i);
        m->redeal(&c, player);
    }
}
