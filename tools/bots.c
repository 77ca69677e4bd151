/*
** bots.c: the random and greedy seat kinds (see bots.h for what each does).
*/
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots.h"

static uint64_t next(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int below(uint64_t *s, int n) {
    if (n <= 1) return 0;
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n;
    for (;;) {
        uint64_t x = next(s);
        if (x < limit) return (int)(x % (uint64_t)n);
    }
}

int bot_kind_from_name(const char *name) {
    if (!strcmp(name, "random")) return BOT_RANDOM;
    if (!strcmp(name, "greedy")) return BOT_GREEDY;
    return -1;
}

const char *bot_kind_name(bot_kind k) { return k == BOT_GREEDY ? "greedy" : "random"; }

void bot_init(bot *b, bot_kind kind, uint64_t seed, int seat) {
    b->kind = kind;
    b->rng = seed * 0x2545f4914f6cdd1dULL + (uint64_t)seat * 0x9e3779b97f4a7c15ULL + 1;
}

static mp_action *legal_actions(const mp_game *g, int *n) {
    *n = mp_game_legal(g, NULL, 0);
    if (*n <= 0) return NULL;
    mp_action *v = malloc((size_t)*n * sizeof *v);
    if (!v) abort();
    mp_game_legal(g, v, *n);
    return v;
}

/* Value of the position after an action, for the player who took it: the score gained (times
** 16, so it always dominates) plus what the feature a follower was just put on is worth now. */
static long value_after(const mp_game *after, int me, int before, const mp_action *a) {
    long v = 16L * (mp_game_score(after, me) - before);
    if (a && a->kind == MP_ACT_DEPLOY) {
        int complete = 0, tiles = 0, points = 0;
        if (!mp_game_feature_info(after, a->x, a->y, a->feature, &complete, &tiles, &points) && !complete)
            v += points - 2;   /* a follower kept in the supply is worth a little */
    }
    return v;
}

/* Best value reachable from g by the current player's deployment decision (or none). */
static long best_deploy(const mp_game *g, int me, int before) {
    if (mp_game_phase(g) != MP_PHASE_DEPLOY || mp_game_current_player(g) != me)
        return value_after(g, me, before, NULL);
    int n;
    mp_action *v = legal_actions(g, &n);
    long best = LONG_MIN;
    for (int i = 0; i < n; i++) {
        mp_game *c = mp_game_clone(g);
        mp_diag d;
        if (!mp_game_apply(c, &v[i], &d)) {
            long x = value_after(c, me, before, &v[i]);
            if (x > best) best = x;
        }
        mp_game_free(c);
    }
    free(v);
    return best;
}

static int choose_greedy(bot *b, const mp_game *g, mp_action *out) {
    int n;
    mp_action *v = legal_actions(g, &n);
    if (!v) return 1;
    int me = mp_game_current_player(g), before = mp_game_score(g, me);
    long best = LONG_MIN;
    int n_best = 0;
    int *ties = malloc((size_t)n * sizeof *ties);
    if (!ties) abort();
    for (int i = 0; i < n; i++) {
        mp_game *c = mp_game_clone(g);
        mp_diag d;
        long x = LONG_MIN;
        if (!mp_game_apply(c, &v[i], &d))
            x = v[i].kind == MP_ACT_PLACE ? best_deploy(c, me, before) : value_after(c, me, before, &v[i]);
        mp_game_free(c);
        if (x > best) { best = x; n_best = 0; }
        if (x == best) ties[n_best++] = i;
    }
    *out = v[ties[below(&b->rng, n_best)]];
    free(ties);
    free(v);
    return 0;
}

int bot_choose(bot *b, const mp_game *g, mp_action *out) {
    bot now = *b;   /* the stream for this decision: the bot's seed and where the game stands */
    now.rng ^= (uint64_t)mp_game_turn(g) * 0xd1b54a32d192ed03ULL ^ (uint64_t)mp_game_n_drawn(g) * 0x8cb92ba72f3d8dd7ULL ^
               (uint64_t)mp_game_phase(g) * 0xabc98388fb8fac03ULL;
    next(&now.rng);
    b = &now;
    if (b->kind == BOT_GREEDY) return choose_greedy(b, g, out);
    int n;
    mp_action *v = legal_actions(g, &n);
    if (!v) return 1;
    *out = v[below(&b->rng, n)];
    free(v);
    return 0;
}

mp_game *bots_play(const mp_ruleset *rs, const bot_kind *kinds, int n, uint64_t seed, mp_diag *d) {
    mp_game_options o = { .n_players = n, .seed = seed, .first_player = -1 };
    mp_game *g = mp_game_new(rs, &o, d);
    if (!g) return NULL;
    bot seats[MP_MAX_PLAYERS];
    for (int p = 0; p < n; p++) bot_init(&seats[p], kinds[p], seed, p);
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        mp_action a;
        int p = mp_game_current_player(g);
        if (bot_choose(&seats[p], g, &a) || mp_game_apply(g, &a, d)) {
            snprintf(d->message, sizeof d->message, "internal error: seat %d found no legal action", p + 1);
            mp_game_free(g);
            return NULL;
        }
    }
    return g;
}

int bots_parse(const char *list, bot_seats *s, const char **bad) {
    s->n = 0;
    snprintf(s->list, sizeof s->list, "%s", list);
    for (char *tok = strtok(s->list, ","); tok; tok = strtok(NULL, ",")) {
        int k = bot_kind_from_name(tok);
        if (k < 0) { *bad = tok; return -1; }
        if (s->n == MP_MAX_PLAYERS) return -2;
        s->kinds[s->n] = (bot_kind)k;
        snprintf(s->storage[s->n], sizeof s->storage[0], "%s-%d", tok, s->n + 1);
        s->names[s->n] = s->storage[s->n];
        s->n++;
    }
    return s->n;
}
