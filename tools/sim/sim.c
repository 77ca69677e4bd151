/*
** sim.c: a run of many seeded games on threads, in shards and over MPI ranks (tools/sim/sim.h).
*/
#define _GNU_SOURCE   /* sched_getaffinity, CPU_COUNT */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "fault.h"
#include "mpi-world.h"
#include "ranks.h"
#include "run-options.h"
#include "sim.h"

/* ------------------------------------------------------------------ options */

int sim_default_jobs(void) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0 && CPU_COUNT(&set) < cores)
        cores = CPU_COUNT(&set);          /* bound to fewer cores (taskset, a launcher) */
    else if (mpi_local_size() > 1)
        cores /= mpi_local_size();        /* the machine's cores shared among its ranks */
    return cores < 1 ? 1 : cores > RUN_JOBS_MAX ? RUN_JOBS_MAX : (int)cores;
}

long sim_share_count(long games, share s) {
    if (s.n <= 0) return games;
    return games > s.k ? (games - s.k + s.n - 1) / s.n : 0;
}

int sim_setup_load(sim_setup *s, const char *command, const char *ruleset, const char *players, long games, uint64_t seed) {
    memset(s, 0, sizeof *s);
    snprintf(s->ruleset, sizeof s->ruleset, "%s", ruleset);
    snprintf(s->players, sizeof s->players, "%s", players);
    s->games = games;
    s->seed = seed;
    char why[600];
    if (seats_parse(s->players, SEATS_BOTS, &s->seats, why, sizeof why)) {   /* checked before: a slip of ours */
        fprintf(stderr, "meeple %s: --players: %s\n", command, why);
        return EXIT_BAD_INPUT;
    }
    if (!(s->rs = load_ruleset(ruleset))) return EXIT_BAD_INPUT;
    return check_players(s->rs, s->seats.n);
}

void sim_setup_free(sim_setup *s) {
    mp_ruleset_free(s->rs);
    s->rs = NULL;
}

void sim_write_params(json *j, const sim_setup *s) {
    json_key(j, "ruleset"); json_string(j, s->ruleset);
    json_key(j, "hash"); json_string(j, mp_ruleset_hash(s->rs));
    json_key(j, "games"); json_int(j, s->games);
    json_key(j, "seed"); json_uint(j, (unsigned long long)s->seed);
    json_key(j, "players"); json_string(j, s->players);
}

int sim_read_params(const json_t *params, const char *command, sim_params *p) {
    json_t *games = json_object_get(params, "games"), *seed = json_object_get(params, "seed");
    p->ruleset = json_string_value(json_object_get(params, "ruleset"));
    p->hash = json_string_value(json_object_get(params, "hash"));
    p->players = json_string_value(json_object_get(params, "players"));
    /* a seed above 2^63-1 is written as its digits (tools/common/json.h) */
    bool seed_ok = json_is_integer(seed) || (json_is_string(seed) && !parse_u64(json_string_value(seed), &p->seed));
    if (!p->ruleset || !p->hash || !p->players || !json_is_integer(games) || json_integer_value(games) < 1 || !seed_ok) {
        fprintf(stderr, "meeple merge: a%s %s part without its ruleset, hash, games, seed or players\n",
                strchr("aeiou", command[0]) ? "n" : "", command);
        return EXIT_BAD_INPUT;
    }
    p->games = (long)json_integer_value(games);
    if (json_is_integer(seed)) p->seed = (uint64_t)json_integer_value(seed);
    seat_list seats;
    char why[600];
    if (seats_parse(p->players, SEATS_BOTS, &seats, why, sizeof why)) {
        fprintf(stderr, "meeple merge: a%s %s part whose players '%s' are not bot seats; expected the parts as the run wrote them\n",
                strchr("aeiou", command[0]) ? "n" : "", command, quoted(p->players));
        return EXIT_BAD_INPUT;
    }
    return 0;
}

int sim_no_csv_or_svg(const merge_output *out, const char *command, const char *expected) {
    if (!out->csv && !out->svg) return 0;
    fprintf(stderr, "meeple merge: %s: %s prints no %s; expected %s\n", out->csv ? "--csv" : "--svg", command,
            out->csv ? "CSV" : "chart", expected);
    return EXIT_USAGE;
}

int sim_read_counts(const json_t *row, int n, long long *out[], int signed_at, const char *what, mp_diag *d) {
    if (json_array_size(row) != (size_t)n) {
        snprintf(d->message, sizeof d->message, "a %s's totals of another length; expected %d whole numbers", what, n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        json_t *v = json_array_get(row, (size_t)i);
        if (!json_is_integer(v) || (i != signed_at && json_integer_value(v) < 0)) {
            snprintf(d->message, sizeof d->message, "a %s's totals with a value that is not a count; expected whole numbers from 0", what);
            return -1;
        }
        *out[i] = json_integer_value(v);
    }
    return 0;
}

int sim_same_ruleset(const mp_ruleset *rs, const char *hash) {
    if (hash && !strcmp(hash, mp_ruleset_hash(rs))) return 0;
    fprintf(stderr, "meeple merge: ruleset '%s' is not the one the parts were played with (its content hash differs); "
                    "expected the same ruleset file\n", mp_ruleset_name(rs));
    return EXIT_BAD_INPUT;
}

/* ------------------------------------------------------------------ threads */

typedef struct pool {
    const sim_ops *ops;
    void *ctx;
    share s;                   /* this process's share of the games */
    long count;                /* how many games it holds */
    atomic_long next;          /* the next of them to take (0..count-1) */
    atomic_long done;          /* games played */
    atomic_int stop;           /* a game failed: take no more */
    progress *pr;              /* shown by the thread that finished a game, under the lock */
    pthread_mutex_t lock;      /* guards what follows */
    long failed;               /* the lowest game that failed (-1: none) */
    mp_diag error;             /* its diagnostic */
} pool;

typedef struct worker {
    pool *p;
    void *totals;
} worker;

static void *work(void *arg) {
    worker *w = arg;
    pool *p = w->p;
    for (;;) {
        long j = atomic_fetch_add(&p->next, 1);
        if (j >= p->count || atomic_load(&p->stop)) break;
        long i = p->s.k + j * p->s.n;
        mp_diag d = { 0 };
        int rc = sim_fault(i, p->ops->command, &d) ? -1 : p->ops->play(p->ctx, w->totals, i, &d);   /* fault.h */
        if (rc) {
            pthread_mutex_lock(&p->lock);
            if (p->failed < 0 || i < p->failed) { p->failed = i; p->error = d; }
            pthread_mutex_unlock(&p->lock);
            atomic_store(&p->stop, 1);
            break;
        }
        atomic_fetch_add(&p->done, 1);
        if (p->pr->on) {
            pthread_mutex_lock(&p->lock);
            progress_update(p->pr, atomic_load(&p->done));
            pthread_mutex_unlock(&p->lock);
        }
    }
    return NULL;
}

static int out_of_memory(void) {
    fprintf(stderr, "meeple: out of memory\n");
    return EXIT_BAD_INPUT;
}

/* Plays the share on jobs threads; the totals of every thread merged into *out. 0, or
** EXIT_BAD_INPUT with p->error filled (p->failed >= 0), or the error printed. */
static int play_share(pool *p, int jobs, void **out) {
    worker *w = calloc((size_t)jobs, sizeof *w);
    pthread_t *th = calloc((size_t)jobs, sizeof *th);
    int rc = 0, started = 0;
    if (!w || !th) { free(w); free(th); return out_of_memory(); }
    for (int t = 0; t < jobs && !rc; t++) {
        w[t].p = p;
        if (!(w[t].totals = p->ops->totals_new(p->ctx))) rc = out_of_memory();
    }
    for (int t = 0; t < jobs && !rc; t++) {
        int e = pthread_create(&th[t], NULL, work, &w[t]);
        if (e) {
            if (!started) { fprintf(stderr, "meeple: cannot start a thread: %s\n", strerror(e)); rc = EXIT_BAD_INPUT; }
            break;   /* fewer threads than asked: the ones running take every game */
        }
        started++;
    }
    for (int t = 0; t < started; t++) pthread_join(th[t], NULL);
    progress_end(p->pr, atomic_load(&p->done));
    if (!rc && p->failed >= 0) rc = EXIT_BAD_INPUT;
    /* Thread order; the totals do not depend on it (tools/sim/sim.h). */
    for (int t = 1; t < jobs && !rc; t++)
        if (p->ops->merge(p->ctx, w[0].totals, w[t].totals)) rc = out_of_memory();
    for (int t = rc ? 0 : 1; t < jobs; t++)
        if (w[t].totals) p->ops->totals_free(p->ctx, w[t].totals);
    *out = rc ? NULL : w[0].totals;
    free(w);
    free(th);
    return rc;
}

int sim_play_all(const sim_ops *ops, void *ctx, long games, int jobs, const char *label, bool progress_forced,
                 void **totals) {
    pool p = { .ops = ops, .ctx = ctx, .s = { 0, 1 }, .count = games, .failed = -1 };
    if (jobs > games) jobs = games > 0 ? (int)games : 1;
    if (jobs < 1) jobs = 1;
    progress pr;
    progress_start(&pr, label, games, progress_forced);
    p.pr = &pr;
    pthread_mutex_init(&p.lock, NULL);
    int rc = play_share(&p, jobs, totals);
    pthread_mutex_destroy(&p.lock);
    if (rc && p.failed >= 0) print_diag(&p.error);
    return rc;
}

/* ------------------------------------------------------------------ parts */

/* 0, or -1 when it could not be made or written (said on stderr). */
static int write_part(const sim_ops *ops, void *ctx, const void *t, long games, share whole, long played, FILE *f) {
    json j;
    json_init(&j, f);
    json_object(&j);
    json_key(&j, "meeple_part"); json_int(&j, 1);
    json_key(&j, "command"); json_string(&j, ops->command);
    json_key(&j, "games"); json_int(&j, games);
    json_key(&j, "shard"); json_array(&j); json_int(&j, whole.k + 1); json_int(&j, whole.n); json_array_end(&j);
    json_key(&j, "played"); json_int(&j, played);
    json_key(&j, "params"); json_object(&j);
    ops->write_params(ctx, &j);
    json_object_end(&j);
    json_key(&j, "totals");
    ops->write_totals(ctx, t, &j);
    json_object_end(&j);
    return json_done(&j);
}

/* The part, to --output (written beside and renamed: a part on disk is always whole) or stdout. */
static int emit_part(const sim_ops *ops, void *ctx, const void *t, long games, share whole, const sim_opts *o) {
    long played = sim_share_count(games, whole);
    if (!o->output) return write_part(ops, ctx, t, games, whole, played, stdout) ? EXIT_BAD_INPUT : 0;
    out_file f;
    mp_diag d = { 0 };
    if (out_open(&f, o->output, &d)) { print_diag(&d); return EXIT_BAD_INPUT; }
    if (write_part(ops, ctx, t, games, whole, played, f.f)) { out_discard(&f); return EXIT_BAD_INPUT; }
    if (out_commit(&f, &d)) { print_diag(&d); return EXIT_BAD_INPUT; }
    return 0;
}

/* Rank 0 of several: every rank's part (gathered) merged into one totals. */
static int merge_ranks(const sim_ops *ops, void *ctx, char **parts, void **out) {
    void *all = ops->totals_new(ctx);
    if (!all) return out_of_memory();
    for (int r = 0; r < mpi_size(); r++) {
        json_error_t e;
        json_t *doc = json_loads(parts[r], 0, &e);
        void *t = ops->totals_new(ctx);
        mp_diag d = { 0 };
        int bad = !doc || !t || ops->read_totals(ctx, t, json_object_get(doc, "totals"), &d) ||
                  ops->merge(ctx, all, t);
        if (bad) fprintf(stderr, "meeple: rank %d: its results do not read back: %s\n", r, doc ? d.message : e.text);
        if (t) ops->totals_free(ctx, t);
        json_decref(doc);
        if (bad) { ops->totals_free(ctx, all); return EXIT_BAD_INPUT; }
    }
    *out = all;
    return 0;
}

/* Whether --output already holds this very shard of this run (a resumed run: the shards done are
** not played again). Parts are written whole or not at all (emit_part), so one that reads is done. */
static bool part_done(const sim_ops *ops, void *ctx, long games, share whole, const char *path) {
    json_error_t e;
    json_t *doc = json_load_file(path, 0, &e);
    if (!doc) return false;
    json j;
    json_init(&j, NULL);
    json_object(&j);
    ops->write_params(ctx, &j);
    json_object_end(&j);
    json_t *params = jw_take(&j);   /* the parameters as this run would write them */
    json_t *shard = json_object_get(doc, "shard");
    const char *command = json_string_value(json_object_get(doc, "command"));
    bool same = params && json_equal(params, json_object_get(doc, "params")) && command && !strcmp(ops->command, command) &&
                json_integer_value(json_object_get(doc, "games")) == games &&
                json_integer_value(json_array_get(shard, 0)) == whole.k + 1 && json_integer_value(json_array_get(shard, 1)) == whole.n &&
                json_object_get(doc, "totals");
    json_decref(params);
    json_decref(doc);
    return same;
}

int sim_run(const sim_ops *ops, void *ctx, long games, const sim_opts *o) {
    int ranks = mpi_size(), rank = mpi_rank();
    share whole = o->shard.n ? o->shard : (share){ 0, 1 };
    if (o->shard.n && o->output && part_done(ops, ctx, games, whole, o->output)) {
        if (rank == 0)
            fprintf(stderr, "meeple %s: %s holds shard %ld/%ld of this run already; not played again\n", ops->command,
                    o->output, whole.k + 1, whole.n);
        return 0;
    }
    pool p = { .ops = ops, .ctx = ctx, .failed = -1 };
    p.s = (share){ whole.k + whole.n * rank, whole.n * ranks };   /* this rank's part of the shard */
    p.count = sim_share_count(games, p.s);
    pthread_mutex_init(&p.lock, NULL);
    int jobs = o->jobs > 0 ? o->jobs : sim_default_jobs();
    if (jobs > p.count) jobs = p.count > 0 ? (int)p.count : 1;
    /* The progress on rank 0 only, of its own games: the ranks' shares are alike, so its time
    ** left is the run's. */
    char label[64];
    if (ranks > 1) snprintf(label, sizeof label, "%s (rank 0 of %d)", ops->command, ranks);
    else snprintf(label, sizeof label, "%s", ops->command);
    progress pr;
    progress_start(&pr, label, p.count, o->progress_forced && rank == 0);
    if (rank != 0) pr.on = false;
    p.pr = &pr;
    void *t = NULL;
    int rc = play_share(&p, jobs, &t);
    pthread_mutex_destroy(&p.lock);
    if (rc) {
        if (ranks > 1) {
            char msg[1400];
            mp_diag_format(&p.error, msg, sizeof msg);
            fprintf(ranks_stderr(), "meeple: rank %d of %d: %s\n", rank, ranks, p.failed >= 0 ? msg : "stopped");
            fflush(ranks_stderr());
            mpi_abort(rc);
        }
        if (p.failed >= 0) print_diag(&p.error);
        return rc;
    }
    if (ranks > 1) {
        char *buf = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&buf, &len);
        if (!mem) { fprintf(ranks_stderr(), "meeple: rank %d of %d: out of memory\n", rank, ranks); mpi_abort(EXIT_BAD_INPUT); }
        if (write_part(ops, ctx, t, games, p.s, p.count, mem)) mpi_abort(EXIT_BAD_INPUT);
        fclose(mem);
        ops->totals_free(ctx, t);
        t = NULL;
        char **parts = NULL;
        size_t *lens = NULL;
        if (mpi_gather(buf, len, &parts, &lens)) mpi_abort(EXIT_BAD_INPUT);
        free(buf);
        if (rank != 0) return 0;   /* rank 0 prints */
        rc = merge_ranks(ops, ctx, parts, &t);
        mpi_free_gathered(parts, lens);
        if (rc) mpi_abort(rc);
    }
    rc = o->shard.n ? emit_part(ops, ctx, t, games, whole, o) : ops->print(ctx, t);
    ops->totals_free(ctx, t);
    return rc;
}
