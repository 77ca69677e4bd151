/*
** thread_jobs.c: see thread_jobs.h.
**
** A game two threads shared, or state of the library (in the ruleset, or hidden in a static) that
** one thread wrote while another read, changes outcomes or crashes; ThreadSanitizer reports such an
** access even when the outcomes come out the same. The threads never stop the test: each writes
** its outcome, and the outcomes are compared once the threads have joined.
*/
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "thread_jobs.h"

enum {
    MAX_JOBS = TJ_MAX_GAMES + 1,    /* a thread's jobs at most: its bot games and one in notation */
    CAP = 1 << 14                   /* legal actions listed at most (more than any position has) */
};

typedef struct outcome {
    int scores[MP_MAX_PLAYERS];
    int turns;
    long decisions[MP_MAX_PLAYERS];
    long iterations[MP_MAX_PLAYERS];
    uint64_t hash;          /* the notation game: every action listed and every message, in order */
    char error[640];        /* what went wrong, "" nothing */
} outcome;

typedef struct plan {
    const mp_ruleset *rs;
    int players;
    int games;                      /* bot games a thread plays */
    outcome out[TJ_THREADS * MAX_JOBS];
} plan;

static int say(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int say(char *why, size_t size, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return 1;
}

static void fail(outcome *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(outcome *o, const char *fmt, ...) {   /* the first problem is kept */
    if (o->error[0]) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->error, sizeof o->error, fmt, ap);
    va_end(ap);
}

static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    for (size_t i = 0; i < n; i++) h = (h ^ ((const unsigned char *)p)[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t fnv_action(uint64_t h, const mp_action *a) {   /* field by field: padding is no part */
    int v[] = { a->kind, a->rot, a->feature, a->module, a->tile, a->x, a->y, a->code, a->arg[0], a->arg[1], a->arg[2] };
    return fnv(h, v, sizeof v);
}

static bool same_action(const mp_action *a, const mp_action *b) {
    return a->kind == b->kind && a->rot == b->rot && a->feature == b->feature && a->module == b->module &&
           a->tile == b->tile && a->x == b->x && a->y == b->y && a->code == b->code &&
           !memcmp(a->arg, b->arg, sizeof a->arg);
}

static void final(const mp_game *g, int players, outcome *o) {
    for (int p = 0; p < players; p++) o->scores[p] = mp_game_score(g, p);
    o->turns = mp_game_turn(g);
}

/* ------------------------------------------------------------------ the jobs */

/* Job j: the seats' bots in turn from random, greedy and mcts:50; the seed from j. */
static void bot_game(const plan *pl, int j, outcome *o) {
    static const char *const kinds[3] = { "random", "greedy", "mcts:50" };
    const char *specs[MP_MAX_PLAYERS];
    for (int s = 0; s < pl->players; s++) specs[s] = kinds[(j + s) % 3];
    mp_bot_stats stats[MP_MAX_PLAYERS] = { { 0 } };
    mp_diag d = { 0 };
    mp_game *g = mp_bots_play(pl->rs, specs, pl->players, 1000 + (uint64_t)j, stats, &d);
    if (!g) { fail(o, "bots: %s", d.message); return; }
    final(g, pl->players, o);
    for (int s = 0; s < pl->players; s++) {
        o->decisions[s] = stats[s].decisions;
        o->iterations[s] = stats[s].iterations;
    }
    mp_game_free(g);
}

/* Job j in notation: every legal action written and read back; a line that does not parse (a
** tile id cut short, a coordinate missing) read for its message; the bot's choice applied as read. */
static void notation_game(const plan *pl, int j, mp_action *acts, outcome *o) {
    mp_diag d = { 0 };
    mp_game_options opt = { .n_players = pl->players, .seed = 2000 + (uint64_t)j, .first_player = -1 };
    mp_game *g = mp_game_new(pl->rs, &opt, &d);
    if (!g) { fail(o, "new game: %s", d.message); return; }
    mp_game_start(g, &d);
    mp_bot *bots[MP_MAX_PLAYERS];
    for (int s = 0; s < pl->players; s++) bots[s] = mp_bot_new("random", opt.seed, s, &d);
    uint64_t h = 0xcbf29ce484222325ull;
    while (mp_game_phase(g) != MP_PHASE_OVER && !o->error[0]) {
        int n = mp_game_legal(g, acts, CAP);
        if (n > CAP) { fail(o, "%d legal actions; expected at most %d", n, CAP); break; }
        char text[128];
        mp_action back;
        for (int i = 0; i < n; i++) {
            mp_notation_format(g, &acts[i], text, sizeof text);
            h = fnv(h, text, strlen(text) + 1);
            int used = 0;
            if (mp_notation_parse(g, text, &back, &used, &d) || used != (int)strlen(text) || !same_action(&acts[i], &back))
                fail(o, "'%s' does not read back as written: %s", text, d.message);
        }
        static const char *const bad[] = { "D@", "E@0,", "+", "!" };
        const char *line = bad[mp_game_turn(g) % 4];
        if (mp_notation_parse(g, line, &back, NULL, &d) == 0) fail(o, "'%s' parsed", line);
        h = fnv(h, d.message, strlen(d.message) + 1);
        h = fnv(h, &d.column, sizeof d.column);
        mp_action a;
        if (mp_bot_choose(bots[mp_game_current_player(g)], g, &a)) { fail(o, "no choice at turn %d", mp_game_turn(g)); break; }
        mp_notation_format(g, &a, text, sizeof text);
        if (mp_notation_parse(g, text, &back, NULL, &d) || mp_game_apply(g, &back, &d))
            fail(o, "'%s' refused: %s", text, d.message);
    }
    final(g, pl->players, o);
    o->hash = h;
    for (int s = 0; s < pl->players; s++) mp_bot_free(bots[s]);
    mp_game_free(g);
}

/* Job j: the first TJ_THREADS * games are bot games, the last TJ_THREADS in notation. */
static void run_job(const plan *pl, int j, mp_action *acts, outcome *o) {
    memset(o, 0, sizeof *o);
    if (j >= TJ_THREADS * pl->games) notation_game(pl, j, acts, o);
    else bot_game(pl, j, o);
}

/* ------------------------------------------------------------------ threads */

typedef struct worker {
    plan *pl;
    int thread;
    pthread_barrier_t *start;
} worker;

/* A thread's jobs, TJ_THREADS apart, so that every thread has games of every kind. */
static void *work(void *arg) {
    worker *w = arg;
    mp_action *acts = malloc(CAP * sizeof *acts);
    pthread_barrier_wait(w->start);   /* all at once */
    for (int k = 0; k <= w->pl->games; k++) {
        int j = w->thread + TJ_THREADS * k;
        outcome *o = &w->pl->out[j];
        if (acts) run_job(w->pl, j, acts, o);
        else snprintf(o->error, sizeof o->error, "out of memory");
    }
    free(acts);
    return NULL;
}

/* Runs fn on TJ_THREADS threads, thread i with the i-th of args (each arg_size bytes). A thread
** that cannot start ends the process: the others would wait at their barrier for ever. */
static void on_threads(void *(*fn)(void *), void *args, size_t arg_size) {
    pthread_t t[TJ_THREADS];
    for (int i = 0; i < TJ_THREADS; i++) {
        int rc = pthread_create(&t[i], NULL, fn, (char *)args + (size_t)i * arg_size);
        if (rc) {
            fprintf(stderr, "thread_jobs: cannot start thread %d (error %d)\n", i, rc);
            abort();
        }
    }
    for (int i = 0; i < TJ_THREADS; i++) pthread_join(t[i], NULL);
}

int tj_shared_ruleset(const mp_ruleset *rs, int players, int games, char *why, size_t size) {
    static plan alone, threaded;   /* static: too big for a stack */
    if (games < 0 || games > TJ_MAX_GAMES) return say(why, size, "%d games a thread; expected 0 to %d", games, TJ_MAX_GAMES);
    alone = (plan){ .rs = rs, .players = players, .games = games };
    int all = TJ_THREADS * (games + 1);
    threaded = alone;
    mp_action *acts = malloc(CAP * sizeof *acts);
    if (!acts) return say(why, size, "out of memory");
    for (int j = 0; j < all; j++) run_job(&alone, j, acts, &alone.out[j]);
    free(acts);
    for (int j = 0; j < all; j++) {
        if (alone.out[j].error[0]) return say(why, size, "job %d on one thread: %s", j, alone.out[j].error);
        if (alone.out[j].turns <= 0) return say(why, size, "job %d on one thread: no tile placed", j);
    }

    pthread_barrier_t start;
    if (pthread_barrier_init(&start, NULL, TJ_THREADS)) return say(why, size, "no barrier");
    worker w[TJ_THREADS];
    for (int i = 0; i < TJ_THREADS; i++) w[i] = (worker){ .pl = &threaded, .thread = i, .start = &start };
    on_threads(work, w, sizeof w[0]);
    pthread_barrier_destroy(&start);

    for (int j = 0; j < all; j++) {
        const outcome *a = &alone.out[j], *t = &threaded.out[j];
        int th = j % TJ_THREADS;
        if (t->error[0]) return say(why, size, "job %d on thread %d: %s", j, th, t->error);
        for (int p = 0; p < players; p++) {
            if (t->scores[p] != a->scores[p])
                return say(why, size, "job %d, seat %d: score %d on thread %d, %d on one thread", j, p, t->scores[p], th,
                           a->scores[p]);
            if (t->decisions[p] != a->decisions[p] || t->iterations[p] != a->iterations[p])
                return say(why, size, "job %d, seat %d: %ld decisions and %ld iterations on thread %d, %ld and %ld on one"
                           " thread", j, p, t->decisions[p], t->iterations[p], th, a->decisions[p], a->iterations[p]);
        }
        if (t->turns != a->turns)
            return say(why, size, "job %d: %d tiles placed on thread %d, %d on one thread", j, t->turns, th, a->turns);
        if (t->hash != a->hash)
            return say(why, size, "job %d: the actions listed or the messages on thread %d differ from one thread's", j, th);
    }
    return 0;
}

/* ------------------------------------------------------------------ first use */

typedef struct first {
    const mp_ruleset *rs;
    pthread_barrier_t *start;
    int n_legal;
    uint64_t hash;
    char error[640];
} first;

/* A new game (its setup asks whether the drawn tile fits: the first list), its placements listed,
** then lines parsed, good and bad. */
static void first_steps(first *f) {
    mp_diag d = { 0 };
    mp_game_options opt = { .n_players = 2, .seed = 7, .first_player = 0 };
    mp_game *g = mp_game_new(f->rs, &opt, &d);
    if (!g) { snprintf(f->error, sizeof f->error, "new game: %s", d.message); return; }
    mp_game_start(g, &d);
    mp_action acts[512];
    f->n_legal = mp_game_legal(g, acts, 512);
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < f->n_legal && i < 512; i++) h = fnv_action(h, &acts[i]);
    static const char *const lines[] = { "-", "pass", "+N", "D@1,0r1", "D@", "Q@0,", "E@0,-1r9", "!", "!x:", "@" };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        mp_action a = { 0 };
        d = (mp_diag){ 0 };
        int rc = mp_notation_parse(g, lines[i], &a, NULL, &d);
        h = fnv(h, &rc, sizeof rc);
        h = fnv_action(h, &a);
        h = fnv(h, d.message, strlen(d.message));
        h = fnv(h, &d.column, sizeof d.column);
    }
    f->hash = h;
    mp_game_free(g);
}

static void *first_work(void *arg) {
    first *f = arg;
    pthread_barrier_wait(f->start);
    first_steps(f);
    return NULL;
}

int tj_first_use(const mp_ruleset *rs, char *why, size_t size) {
    pthread_barrier_t start;
    if (pthread_barrier_init(&start, NULL, TJ_THREADS)) return say(why, size, "no barrier");
    first f[TJ_THREADS];
    for (int i = 0; i < TJ_THREADS; i++) f[i] = (first){ .rs = rs, .start = &start };
    on_threads(first_work, f, sizeof f[0]);
    pthread_barrier_destroy(&start);
    first alone = { .rs = rs };
    first_steps(&alone);
    if (alone.error[0]) return say(why, size, "one thread: %s", alone.error);
    if (alone.n_legal <= 0) return say(why, size, "one thread: no placement listed");
    for (int i = 0; i < TJ_THREADS; i++) {
        if (f[i].error[0]) return say(why, size, "thread %d: %s", i, f[i].error);
        if (f[i].n_legal != alone.n_legal || f[i].hash != alone.hash)
            return say(why, size, "thread %d: %d placements, and lines read otherwise than on one thread (%d placements)",
                       i, f[i].n_legal, alone.n_legal);
    }
    return 0;
}
