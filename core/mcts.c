/*
** mcts.c: the mcts bots (meeple-bots(7)): information-set Monte Carlo tree search.
**
** One decision runs a number of iterations (or as many as a time allows). Each iteration:
**   1. deal: a copy of the position in which what the deciding seat cannot see (the bag's order,
**      other seats' hands, a module's face-down pieces) is dealt anew (mp_game_determinize);
**   2. select: from the root, while every legal action of the copy has a node, follow the child
**      with the best UCT value among those legal in this deal; a node's "availability" counts the
**      iterations in which it could have been chosen, and takes the place of the parent's visits
**      in the formula (single-observer ISMCTS: Cowling, Powley and Whitehouse, 2012);
**   3. expand: one legal action without a node gets one, chosen at random;
**   4. play out: random placements and deployments, a module's decisions by its default (play_out
**      says why); to the end of the game (the mcts-rollout bot), or, for the mcts bot, for a few
**      tiles only, and then the position is weighed: by the learned evaluation where the ruleset
**      has weights (mp_evaluate, after learned_tiles), else (after playout_tiles) the game ended
**      there (final scoring: what each seat's unfinished features, farms and modules' states would
**      score now), plus what those unfinished features would add if finished, by how near they are
**      (mp_game_potential). Random play over a whole game buries the move searched under the noise
**      of fifty random turns and values a tile gained (a builder's second) at what a random
**      placement scores; a short playout and a weighing keep the signal, at a fraction of the
**      cost (meeple-bots(7) gives the measurements);
**   5. back up: each node on the way adds the reward of the seat whose action it is.
** The reward of a seat is its margin over the best other seat squashed into 0..1, optionally
** mixed with a win (1, shared among tied leaders, 0 otherwise); the margin alone plays much better
** (meeple-bots(7) gives the measurements), so it is the default. The tree knows actions only as
** the kernel lists them (mp_game_legal): placements, deployments and every module's decisions
** alike, each its own level, with no ruleset-specific code. The decision is the root's most
** visited child. A decision may search several trees side by side on threads (root parallelism,
** mp_mcts_params.threads), their root children summed by action.
*/
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"

typedef struct node {
    uint64_t key;           /* the action that leads here, hashed (actions_key) */
    int32_t parent, child, sibling;   /* first child, next sibling; -1 none */
    int32_t player;         /* the seat that takes the action */
    uint32_t visits, avail;
    double reward;          /* the sum of that seat's rewards over the visits */
} node;

typedef struct tree {
    node *v;
    int n, cap;
    mp_action *acts;        /* the legal actions at the level being searched */
    uint64_t *keys;
    int32_t *match;         /* per legal action, its child, -1 none */
    int cap_acts;
    int32_t *slot;          /* an open-addressing table of the legal actions by key: index, -1 empty */
    int cap_slots;          /* a power of two, at least twice the legal actions */
    const mp_evaluator *eval;   /* the learned evaluation (the mcts bot, a ruleset with weights), or NULL */
} tree;

/* An action's identity as a number: every field that tells two actions apart, mixed. Two legal
** actions of one position never share a key in practice; if they did, only statistics would
** merge: the action applied is always one the copy lists. */
static uint64_t action_key(const mp_action *a) {
    uint64_t h = (uint64_t)a->kind | (uint64_t)a->rot << 8 | (uint64_t)a->feature << 16 | (uint64_t)a->module << 24 |
                 (uint64_t)(uint16_t)a->tile << 32 | (uint64_t)(uint16_t)a->x << 48;
    h ^= (uint64_t)a->piece << 40;   /* the piece deployed: 0 (the ordinary follower) leaves the key as it was */
    uint64_t k = (uint64_t)(uint16_t)a->y | (uint64_t)(uint32_t)a->code << 16;
    uint64_t m = (uint64_t)(uint32_t)a->arg[0] | (uint64_t)(uint32_t)a->arg[1] << 32;
    uint64_t s = h * 0x9e3779b97f4a7c15ULL;
    s = (s ^ (s >> 29) ^ k) * 0xbf58476d1ce4e5b9ULL;
    s = (s ^ (s >> 31) ^ m) * 0x94d049bb133111ebULL;
    s = (s ^ (s >> 30) ^ (uint64_t)(uint32_t)a->arg[2]) * 0x9e3779b97f4a7c15ULL;
    return s ^ (s >> 32);
}

static int new_node(tree *t, int parent, uint64_t key, int player) {
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 1024;
        node *v = realloc(t->v, (size_t)t->cap * sizeof *v);
        if (!v) abort();
        t->v = v;
    }
    int i = t->n++;
    t->v[i] = (node){ key, parent, -1, -1, player, 0, 0, 0.0 };
    if (parent >= 0) {
        t->v[i].sibling = t->v[parent].child;
        t->v[parent].child = i;
    }
    return i;
}

/* The legal actions of g into t->acts (and their keys); returns how many. */
static int list_legal(tree *t, const mp_game *g) {
    int n = mp_game_legal(g, t->acts, t->cap_acts);
    if (n > t->cap_acts) {
        t->cap_acts = n + 64;
        t->acts = realloc(t->acts, (size_t)t->cap_acts * sizeof *t->acts);
        t->keys = realloc(t->keys, (size_t)t->cap_acts * sizeof *t->keys);
        t->match = realloc(t->match, (size_t)t->cap_acts * sizeof *t->match);
        if (!t->acts || !t->keys || !t->match) abort();
        n = mp_game_legal(g, t->acts, t->cap_acts);
    }
    for (int i = 0; i < n; i++) t->keys[i] = action_key(&t->acts[i]);
    return n;
}

/* Fills t->match for the n legal actions listed: each child of node `at` finds its action through
** a hash table of their keys (a bazaar's bids make hundreds of actions and children: comparing all
** pairs would cost more than the playout), and counts one more availability. */
static void match_children(tree *t, int at, int n) {
    int size = 64;
    while (size < 2 * n) size *= 2;
    if (t->cap_slots < size) {
        t->cap_slots = size;
        t->slot = realloc(t->slot, (size_t)size * sizeof *t->slot);
        if (!t->slot) abort();
    }
    unsigned mask = (unsigned)size - 1;
    for (int i = 0; i < size; i++) t->slot[i] = -1;
    for (int i = 0; i < n; i++) {
        t->match[i] = -1;
        unsigned h = (unsigned)t->keys[i] & mask;
        while (t->slot[h] >= 0 && t->keys[t->slot[h]] != t->keys[i]) h = (h + 1) & mask;
        if (t->slot[h] < 0) t->slot[h] = i;   /* a repeated key keeps its first action */
    }
    for (int c = t->v[at].child; c >= 0; c = t->v[c].sibling) {
        unsigned h = (unsigned)t->v[c].key & mask;
        while (t->slot[h] >= 0 && t->keys[t->slot[h]] != t->v[c].key) h = (h + 1) & mask;
        int i = t->slot[h];
        if (i >= 0 && t->match[i] >= 0)   /* the key repeats: the next unmatched action with it */
            for (i = 0; i < n && (t->match[i] >= 0 || t->keys[i] != t->v[c].key); i++) {}
        if (i >= 0 && i < n) { t->match[i] = c; t->v[c].avail++; }
    }
}

/* Each seat's reward for a finished game, in 0..1: by its score and the bonus a cut playout adds
** (0 for a playout to the end: the arithmetic is then that of whole scores). */
static void rewards(const mp_game *g, const mp_mcts_params *p, const double *bonus, double *r) {
    int n = mp_game_n_players(g), tied = 0;
    double score[MP_MAX_PLAYERS], top = -HUGE_VAL;
    for (int s = 0; s < n; s++) score[s] = mp_game_score(g, s) + bonus[s];
    for (int s = 0; s < n; s++) {
        double x = score[s];
        if (x > top) { top = x; tied = 0; }
        if (x == top) tied++;
    }
    for (int s = 0; s < n; s++) {
        double mine = score[s], best_other = -HUGE_VAL;
        for (int o = 0; o < n; o++)
            if (o != s && score[o] > best_other) best_other = score[o];
        double win = mine == top ? 1.0 / tied : 0.0;
        double margin = n > 1 ? 0.5 + 0.5 * tanh((mine - best_other) / 20.0) : 0.5;
        r[s] = (1 - p->margin_weight) * win + p->margin_weight * margin;
    }
}

/* Plays on, to the end of the game or for p->playout_tiles placements (then the game is ended there
** and *bonus gets each seat's potential): random placements and deployments; a module's decision by its
** default, the first action it lists (decline, hold, pass, a selection for the lowest bid), as a
** replay under other rules takes it. Random module decisions made playouts useless where a module
** offers many: a random bidder pays a random share of its score for a tile, and the noise of
** three such bidders drowned every difference between the moves searched (the mcts bot then lost
** 97% of BCB games against greedy bots). */
static void play_out(tree *t, mp_game *g, const mp_mcts_params *p, uint64_t *rng, double *bonus) {
    mp_diag d;
    int placed = 0, cut = t->eval ? p->learned_tiles : p->playout_tiles;
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        if ((cut > 0 || t->eval) && placed >= cut && mp_game_phase(g) == MP_PHASE_PLACE) {
            /* cut short: the position weighed (the top of the file) */
            if (t->eval) {
                double predicted[MP_MAX_PLAYERS];
                mp_evaluate(t->eval, g, predicted);
                for (int s = 0; s < mp_game_n_players(g); s++) bonus[s] = predicted[s] - mp_game_score(g, s);
                return;
            }
            if (p->potential_base > 0) mp_game_potential(g, p->potential_base, bonus);
            mp_game_end_now(g, &d);
            return;
        }
        int n = mp_game_legal(g, t->acts, t->cap_acts);
        if (n > t->cap_acts) n = list_legal(t, g);
        if (n <= 0) return;
        int k = mp_game_phase(g) == MP_PHASE_MODULE ? 0 : mp_bot_below(rng, n);
        placed += t->acts[k].kind == MP_ACT_PLACE;
        if (mp_game_apply(g, &t->acts[k], &d)) return;
    }
}

/* One iteration on `work`, a copy of the root position already dealt. */
static void iterate(tree *t, mp_game *work, const mp_mcts_params *p, uint64_t *rng) {
    mp_diag d;
    int at = 0;
    while (mp_game_phase(work) != MP_PHASE_OVER) {
        int n = list_legal(t, work), who = mp_game_current_player(work), n_untried = 0;
        if (n <= 0) break;
        match_children(t, at, n);
        for (int i = 0; i < n; i++) n_untried += t->match[i] < 0;
        int pick = -1;
        if (n_untried) {
            int k = mp_bot_below(rng, n_untried);
            for (int i = 0; i < n && pick < 0; i++)
                if (t->match[i] < 0 && k-- == 0) pick = i;
            int c = new_node(t, at, t->keys[pick], who);
            t->v[c].avail = 1;
            if (mp_game_apply(work, &t->acts[pick], &d)) return;
            at = c;
            break;
        }
        double best = -1;
        for (int i = 0; i < n; i++) {
            const node *c = &t->v[t->match[i]];
            double u = c->visits ? c->reward / c->visits + p->explore * sqrt(log((double)c->avail) / c->visits) : 1e9;
            if (u > best) { best = u; pick = i; }
        }
        at = t->match[pick];
        if (mp_game_apply(work, &t->acts[pick], &d)) return;
    }
    double bonus[MP_MAX_PLAYERS] = { 0 }, r[MP_MAX_PLAYERS];
    play_out(t, work, p, rng, bonus);
    rewards(work, p, bonus, r);
    for (int i = at; i >= 0; i = t->v[i].parent) {
        t->v[i].visits++;
        if (t->v[i].parent >= 0) t->v[i].reward += r[t->v[i].player];
    }
}

static void tree_free(tree *t) {
    free(t->v);
    free(t->acts);
    free(t->keys);
    free(t->match);
    free(t->slot);
}

/* One tree's search: the iterations (or the time) it is given, from its own stream. */
typedef struct search {
    const mp_mcts_params *p;
    const mp_game *g;
    const mp_evaluator *eval;
    uint64_t rng;
    long budget;            /* iterations, when there is no deadline */
    double deadline;        /* wall clock; 0: none */
    long done;
    tree t;
} search;

static void *run_search(void *arg) {
    search *s = arg;
    int me = mp_game_current_player(s->g);
    s->t.eval = s->eval;
    new_node(&s->t, -1, 0, me);
    mp_game *work = mp_game_clone(s->g);
    long i = 0;
    for (;; i++) {
        if (s->deadline > 0 ? (i % 16 == 0 && i > 0 && mp_bot_seconds() >= s->deadline) : i >= s->budget) break;
        mp_game_copy(work, s->g);
        mp_game_determinize(work, me, mp_bot_next(&s->rng));
        iterate(&s->t, work, s->p, &s->rng);
    }
    mp_game_free(work);
    s->done = i;
    return NULL;
}

int mp_mcts_choose(const mp_mcts_params *p, uint64_t *rng, const mp_game *g, mp_action *out, long *iterations) {
    *iterations = 0;
    tree top = { 0 };
    int n = list_legal(&top, g);
    if (n <= 1) {   /* nothing to weigh */
        if (n == 1) *out = top.acts[0];
        tree_free(&top);
        return n < 1;
    }
    /* Root parallelism: each thread its own tree, its own stream and its share of the iterations;
    ** the root's children are summed by action afterwards. One thread searches with the decision's
    ** own stream, as the bot always did; several give other (but again reproducible) choices. */
    int threads = p->threads > 1 ? (p->threads > MP_MCTS_MAX_THREADS ? MP_MCTS_MAX_THREADS : p->threads) : 1;
    mp_evaluator *eval = p->learned ? mp_evaluator_new(g) : NULL;
    double deadline = p->seconds > 0 ? mp_bot_seconds() + p->seconds : 0;
    search s[MP_MCTS_MAX_THREADS];
    pthread_t tid[MP_MCTS_MAX_THREADS];
    bool started[MP_MCTS_MAX_THREADS] = { false };
    for (int k = 0; k < threads; k++) {
        uint64_t r = threads == 1 ? *rng : *rng ^ (uint64_t)(k + 1) * 0xd6e8feb86659fd93ULL;
        if (threads > 1) mp_bot_next(&r);
        s[k] = (search){ .p = p, .g = g, .eval = eval, .rng = r, .deadline = deadline,
                         .budget = p->iterations / threads + (k < p->iterations % threads) };
    }
    for (int k = 1; k < threads; k++) started[k] = pthread_create(&tid[k], NULL, run_search, &s[k]) == 0;
    run_search(&s[0]);
    for (int k = 1; k < threads; k++) {
        if (started[k]) pthread_join(tid[k], NULL);
        else run_search(&s[k]);   /* no thread to be had: searched here, after the first */
    }
    if (threads == 1) *rng = s[0].rng;
    /* The root's most visited action over every tree (ties: the better mean), taken in the order of
    ** the first tree's children (the one tree's order: the choice it always made), then the actions
    ** only other trees tried; as the position lists it. */
    n = list_legal(&top, g);
    uint64_t best_key = 0;
    bool found = false;
    double best_visits = -1, best_mean = -1;
    for (int k0 = 0; k0 < threads; k0++)
        for (int c0 = s[k0].t.v[0].child; c0 >= 0; c0 = s[k0].t.v[c0].sibling) {
            uint64_t key = s[k0].t.v[c0].key;
            double v = 0, reward = 0;
            bool earlier = false;   /* a child of an earlier tree already weighed it */
            for (int k = 0; k < threads && !earlier; k++)
                for (int c = s[k].t.v[0].child; c >= 0; c = s[k].t.v[c].sibling)
                    if (s[k].t.v[c].key == key) {
                        if (k < k0) earlier = true;
                        v += s[k].t.v[c].visits;
                        reward += s[k].t.v[c].reward;
                        break;
                    }
            if (earlier) continue;
            double mean = v ? reward / v : 0;
            if (v > best_visits || (v == best_visits && mean > best_mean)) { best_visits = v; best_mean = mean; best_key = key; found = true; }
        }
    int pick = 0;
    for (int j = 0; found && j < n; j++)
        if (top.keys[j] == best_key) { pick = j; break; }
    *out = top.acts[pick];
    for (int k = 0; k < threads; k++) {
        *iterations += s[k].done;
        tree_free(&s[k].t);
    }
    mp_evaluator_free(eval);
    tree_free(&top);
    return 0;
}
