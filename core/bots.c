/*
** bots.c: the computer players' public face (mp_bot_* in meeple.h): a spec read into a kind and
** a budget, the stream of randomness each decision gets, the random bot itself, and whole games
** between bots. How the others decide: greedy.c, mcts.c; what each does: meeple-bots(7).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot.h"

/* A bare "mcts-rollout": 2000 iterations a choice, which beat the greedy bot in 9 c3 games of 10 at
** well under a quarter of a second a choice on one core; exploration 0.3; the margin alone as reward;
** playouts to the end of the game. A bare "mcts": the same search with short playouts and the
** position weighed (mcts.c): 2 tiles and the learned evaluation where the ruleset has weights
** (meeple-weights(5)), else 10 tiles, final scoring and potential; and ITERATIONS_MCTS iterations,
** which cost less than the rollout bot's 2000. The measurements behind each: meeple-bots(7),
** STRENGTH, "The mcts bot" and "The learned evaluation". */
enum { ITERATIONS_MCTS = 8000 };
static const mp_mcts_params ROLLOUT_DEFAULTS = { .iterations = 2000, .seconds = 0, .explore = 0.3, .margin_weight = 1.0 };
static const mp_mcts_params MCTS_DEFAULTS = { .iterations = ITERATIONS_MCTS, .seconds = 0, .explore = 0.3, .margin_weight = 1.0,
                                              .playout_tiles = 10, .potential_base = 0.9, .learned = true,
                                              .learned_tiles = 2 };

uint64_t mp_bot_next(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int mp_bot_below(uint64_t *s, int n) {
    if (n <= 1) return 0;
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n;
    for (;;) {
        uint64_t x = mp_bot_next(s);
        if (x < limit) return (int)(x % (uint64_t)n);
    }
}

/* The legal actions, listed once in the common case (a list is the costliest call of a turn):
** into room for 256, and only when there are more, again into room for all. */
mp_action *mp_bot_legal(const mp_game *g, int *n) {
    int cap = 256;
    mp_action *v = malloc((size_t)cap * sizeof *v);
    if (!v) abort();
    *n = mp_game_legal(g, v, cap);
    if (*n > cap) {
        mp_action *w = realloc(v, (size_t)*n * sizeof *v);
        if (!w) abort();
        v = w;
        mp_game_legal(g, v, *n);
    }
    if (*n <= 0) { free(v); return NULL; }
    return v;
}

/* ------------------------------------------------------------------ specs */

static int spec_error(mp_diag *d, int column, const char *message) {
    if (d) {
        d->line = 0;
        d->column = column;
        snprintf(d->message, sizeof d->message, "%s", message);
    }
    return 1;
}

/* Reads a spec into *b's kind and budget; 0, or 1 with d filled. */
static int parse_spec(const char *spec, struct mp_bot *b, mp_diag *d) {
    static const char expected[] = "; expected random, greedy, mcts, mcts:N (iterations a decision), mcts:Ts "
                                   "(seconds a decision) or mcts-rollout[:N|:Ts]";
    memset(b, 0, sizeof *b);
    char msg[256];
    if (!spec || strlen(spec) >= sizeof b->spec) {
        snprintf(msg, sizeof msg, "a bot spec of at most %zu characters%s", sizeof b->spec - 1, expected);
        return spec_error(d, 1, msg);
    }
    snprintf(b->spec, sizeof b->spec, "%s", spec);
    if (!strcmp(spec, "random")) { b->kind = MP_BOT_RANDOM; return 0; }
    if (!strcmp(spec, "greedy")) { b->kind = MP_BOT_GREEDY; return 0; }
    size_t name = !strncmp(spec, "mcts-rollout", 12) ? 12 : !strncmp(spec, "mcts", 4) ? 4 : 0;
    if (!name || (spec[name] && spec[name] != ':')) {
        snprintf(msg, sizeof msg, "no bot of that name%s", expected);
        return spec_error(d, 1, msg);
    }
    b->kind = name == 4 ? MP_BOT_MCTS : MP_BOT_MCTS_ROLLOUT;
    b->mcts = name == 4 ? MCTS_DEFAULTS : ROLLOUT_DEFAULTS;
    if (!spec[name]) return 0;
    const char *arg = spec + name + 1;
    int col = (int)name + 2;   /* the budget's column */
    char *end;
    if (arg[0] >= '0' && arg[0] <= '9') {
        double x = strtod(arg, &end);
        if (end[0] == 's' && !end[1] && end != arg) {
            if (!(x > 0 && x <= 3600)) return spec_error(d, col, "a time a decision above 0 and at most 3600 seconds; expected mcts:Ts as 0.5s");
            b->mcts.seconds = x;
            return 0;
        }
        long n = strtol(arg, &end, 10);
        if (!*end && n >= 1 && n <= 100000000) { b->mcts.iterations = n; return 0; }
        if (!*end) return spec_error(d, col, "an iteration budget from 1 to 100000000; expected mcts:N as mcts:4000");
        return spec_error(d, col + (int)(end - arg), "unexpected text after the budget; expected mcts:N (as 4000) or mcts:Ts (as 0.5s)");
    }
    return spec_error(d, col, "a budget after 'mcts:'; expected iterations (mcts:4000) or seconds (mcts:0.5s)");
}

int mp_bot_check(const char *spec, mp_diag *d) {
    struct mp_bot b;
    return parse_spec(spec, &b, d);
}

/* A bot of the spec for the seat, in *b; 0, or 1 with d filled. Timed: what its choices take is
** measured for mp_bot_get_stats. */
static int bot_init(struct mp_bot *b, const char *spec, uint64_t seed, int seat, mp_diag *d) {
    if (parse_spec(spec, b, d)) return 1;
    b->rng = seed * 0x2545f4914f6cdd1dULL + (uint64_t)seat * 0x9e3779b97f4a7c15ULL + 1;
    b->timed = true;
    return 0;
}

mp_bot *mp_bot_new(const char *spec, uint64_t seed, int seat, mp_diag *d) {
    mp_bot *b = malloc(sizeof *b);
    if (!b) abort();
    if (bot_init(b, spec, seed, seat, d)) { free(b); return NULL; }
    return b;
}

void mp_bot_free(mp_bot *b) { free(b); }
void mp_bot_set_threads(mp_bot *b, int threads) {
    b->mcts.threads = threads < 1 ? 1 : threads > MP_MCTS_MAX_THREADS ? MP_MCTS_MAX_THREADS : threads;
}
const char *mp_bot_spec(const mp_bot *b) { return b->spec; }
const char *mp_bot_kind(const mp_bot *b) {
    return b->kind == MP_BOT_MCTS ? "mcts" : b->kind == MP_BOT_MCTS_ROLLOUT ? "mcts-rollout"
         : b->kind == MP_BOT_GREEDY ? "greedy" : "random";
}
void mp_bot_get_stats(const mp_bot *b, mp_bot_stats *out) { *out = b->stats; }

/* ------------------------------------------------------------------ deciding */

double mp_bot_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The random bot: one list (the costliest call of its turn) into room for LEGAL_ROOM on the stack,
** and only when there are more, again into room for all. A choice draws from rng; with one
** action there is none. 0, or 1 when there is no legal action. */
enum { LEGAL_ROOM = 256 };
static int random_choose(uint64_t rng, const mp_game *g, mp_action *out, bool *chose) {
    mp_action room[LEGAL_ROOM];
    mp_action *v = room;
    int n = mp_game_legal(g, room, LEGAL_ROOM);
    if (n > LEGAL_ROOM) {
        if (!(v = malloc((size_t)n * sizeof *v))) abort();
        mp_game_legal(g, v, n);
    }
    *chose = n > 1;
    if (n >= 1) *out = v[*chose ? mp_bot_below(&rng, n) : 0];
    if (v != room) free(v);
    return n < 1;
}

/* The stream for this decision: the bot's seed and where the game stands. */
static uint64_t decision_rng(const mp_bot *b, const mp_game *g) {
    uint64_t rng = b->rng ^ (uint64_t)mp_game_turn(g) * 0xd1b54a32d192ed03ULL ^
                   (uint64_t)mp_game_n_drawn(g) * 0x8cb92ba72f3d8dd7ULL ^ (uint64_t)mp_game_phase(g) * 0xabc98388fb8fac03ULL;
    mp_bot_next(&rng);
    return rng;
}

/* The greedy or the mcts bot: a choice only when there are two actions or more (a count first),
** else the one action there is. 0, or 1 when there is no legal action. */
static int search_choose(mp_bot *b, uint64_t *rng, const mp_game *g, mp_action *out, bool *chose) {
    int n = mp_game_legal(g, out, 1);
    *chose = n > 1;
    if (!*chose) return n < 1;
    if (b->kind == MP_BOT_GREEDY) return mp_greedy_choose(rng, g, out);
    long iterations = 0;
    int rc = mp_mcts_choose(&b->mcts, rng, g, out, &iterations);
    b->stats.iterations += iterations;
    return rc;
}

int mp_bot_choose(mp_bot *b, const mp_game *g, mp_action *out) {
    b->stats.decisions++;
    uint64_t rng = decision_rng(b, g);
    double t0 = b->timed ? mp_bot_seconds() : 0;
    bool chose;
    int rc = b->kind == MP_BOT_RANDOM ? random_choose(rng, g, out, &chose) : search_choose(b, &rng, g, out, &chose);
    if (!chose) return rc;   /* one action: no choice, no time */
    b->stats.choices++;
    if (b->timed) {
        double took = mp_bot_seconds() - t0;
        b->stats.seconds += took;
        if (took > b->stats.max_seconds) b->stats.max_seconds = took;
    }
    return rc;
}

mp_game *mp_bots_play(const mp_ruleset *rs, const char *const *specs, int n, uint64_t seed, mp_bot_stats *stats,
                      mp_diag *d) {
    struct mp_bot seats[MP_MAX_PLAYERS];
    if (n < 1 || n > MP_MAX_PLAYERS) {
        snprintf(d->message, sizeof d->message, "%d players; expected 1 to %d", n, MP_MAX_PLAYERS);
        return NULL;
    }
    for (int p = 0; p < n; p++) {
        if (bot_init(&seats[p], specs[p], seed, p, d)) return NULL;
        seats[p].timed = stats != NULL;   /* nobody reads the times otherwise */
    }
    mp_game_options o = { .n_players = n, .seed = seed, .first_player = -1 };
    mp_game *g = mp_game_new(rs, &o, d);
    if (g) mp_game_start(g, d);
    while (g && mp_game_phase(g) != MP_PHASE_OVER) {
        mp_action a;
        int p = mp_game_current_player(g);
        if (mp_bot_choose(&seats[p], g, &a) || mp_game_apply(g, &a, d)) {
            snprintf(d->message, sizeof d->message, "internal error: seat %d found no legal action", p + 1);
            mp_game_free(g);
            g = NULL;
        }
    }
    for (int p = 0; p < n && g && stats; p++) {
        const mp_bot_stats *s = &seats[p].stats;
        stats[p].decisions += s->decisions;
        stats[p].choices += s->choices;
        stats[p].seconds += s->seconds;
        if (s->max_seconds > stats[p].max_seconds) stats[p].max_seconds = s->max_seconds;
        stats[p].iterations += s->iterations;
    }
    return g;
}
