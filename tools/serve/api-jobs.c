/*
** api-jobs.c: long runs started by a request and polled (meeple-serve(1), section API,
** /api/jobs): `meeple tilestats` on a design (POST /api/design/ID/tilestats).
**
** A job is the program itself run again as a child process (/proc/self/exe tilestats ... --json
** --progress): a crash stays in the child, the simulator uses its own threads, and a job still
** running when the server stops is killed. The ruleset it plays is written, with the design's
** text, into a directory of its own (mkdtemp), removed when the run ends. A thread per job reads
** the child's standard error (the progress lines, meeple-tilestats(1): "tilestats: 1200/10000
** games, ...") into done/total and its standard output (the JSON) into the result.
**
** The table keeps the last MAX_JOBS jobs; one lock guards it and every job's fields.
*/
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "api-design.h"
#include "api-room.h"
#include "seats.h"

extern char **environ;

enum { MAX_JOBS = 50, MAX_RUNNING = 4, MAX_GAMES = 5000, MAX_OUTPUT = 16 << 20 };

typedef enum job_state { RUNNING, DONE, FAILED } job_state;

typedef struct job {
    int id;
    pid_t pid;
    pthread_t reader;
    int out, err;                  /* the child's stdout and stderr, read by the reader */
    job_state state;
    long done, total;
    char error[1024];              /* FAILED: why (the child's last line on stderr) */
    json_t *result;                /* DONE: the JSON `meeple tilestats --json` printed */
    char dir[400];                 /* the directory of its ruleset ($TMPDIR or /tmp), "" none */
    char files[2][440];            /* what was written in it */
} job;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static job *table[MAX_JOBS];       /* job id sits at (id - 1) % MAX_JOBS */
static int last_id;

/* ------------------------------------------------------------------ the child's output */

/* One line of the child's standard error: progress, or what it says went wrong. */
static void stderr_line(job *jb, const char *line) {
    long done, total;
    pthread_mutex_lock(&lock);
    if (sscanf(line, "tilestats: %ld/%ld game", &done, &total) == 2) {
        jb->done = done;
        jb->total = total;
    } else if (*line) {
        snprintf(jb->error, sizeof jb->error, "%s", line);
    }
    pthread_mutex_unlock(&lock);
}

static void remove_files(job *jb) {
    if (!jb->dir[0]) return;
    for (int i = 0; i < 2; i++)
        if (jb->files[i][0]) unlink(jb->files[i]);
    rmdir(jb->dir);
    jb->dir[0] = 0;
}

/* The reader: both pipes until their end, then the child's exit, then the job's state. */
static void *reader(void *arg) {
    job *jb = arg;
    char *out = NULL, line[2048];
    size_t n_out = 0, cap = 0, n_line = 0;
    bool too_much = false;
    struct pollfd fds[2] = { { jb->out, POLLIN, 0 }, { jb->err, POLLIN, 0 } };
    while (fds[0].fd >= 0 || fds[1].fd >= 0) {
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        char buf[4096];
        for (int i = 0; i < 2; i++) {
            if (fds[i].fd < 0 || !fds[i].revents) continue;
            ssize_t got = read(fds[i].fd, buf, sizeof buf);
            if (got < 0 && errno == EINTR) continue;
            if (got <= 0) { close(fds[i].fd); fds[i].fd = -1; continue; }
            if (i == 0) {
                if (n_out + (size_t)got + 1 > cap && !too_much) {
                    size_t more = cap ? cap * 2 : 1 << 16;
                    while (more < n_out + (size_t)got + 1) more *= 2;
                    char *p = more <= MAX_OUTPUT ? realloc(out, more) : NULL;
                    if (p) { out = p; cap = more; } else too_much = true;
                }
                if (!too_much) { memcpy(out + n_out, buf, (size_t)got); n_out += (size_t)got; }
            } else {
                for (ssize_t k = 0; k < got; k++) {
                    if (buf[k] == '\n' || buf[k] == '\r') {
                        line[n_line] = 0;
                        stderr_line(jb, line);
                        n_line = 0;
                    } else if (n_line < sizeof line - 1) line[n_line++] = buf[k];
                }
            }
        }
    }
    line[n_line] = 0;
    stderr_line(jb, line);
    /* The child's end, seen before it is reaped: until then its pid is not another process's,
    ** so that api_jobs_free, which kills a job's pid while it runs, cannot hit a stranger. */
    siginfo_t info;
    while (waitid(P_PID, (id_t)jb->pid, &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {}
    pthread_mutex_lock(&lock);
    pid_t pid = jb->pid;
    jb->pid = 0;
    pthread_mutex_unlock(&lock);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    json_t *result = NULL;
    json_error_t je;
    if (out) out[n_out] = 0;
    bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && !too_much && out &&
              (result = json_loadb(out, n_out, 0, &je)) != NULL;
    free(out);
    remove_files(jb);
    pthread_mutex_lock(&lock);
    if (ok) {
        jb->state = DONE;
        jb->result = result;
        jb->done = jb->total;
    } else {
        jb->state = FAILED;
        json_decref(result);
        if (WIFSIGNALED(status))
            snprintf(jb->error, sizeof jb->error, "meeple tilestats was killed by signal %d", WTERMSIG(status));
        else if (too_much)
            snprintf(jb->error, sizeof jb->error, "meeple tilestats printed more than %d MiB", MAX_OUTPUT >> 20);
        else if (!jb->error[0])
            snprintf(jb->error, sizeof jb->error, "meeple tilestats ended with status %d and no result", WEXITSTATUS(status));
    }
    pthread_mutex_unlock(&lock);
    return NULL;
}

/* ------------------------------------------------------------------ starting a job */

/* Writes text to path: 0, or non-zero. */
static int write_file(const char *path, const char *text, size_t len) {
    FILE *f = fopen(path, "wb");
    if (!f) return 1;
    bool bad = fwrite(text, 1, len, f) != len;
    return fclose(f) || bad;
}

/* The ruleset a design is played under, written into jb->dir: its path into path and its text
** into *text (malloc'ed). A ruleset design is itself (its file when it is one of the command
** line's, so that what it names beside it is found); a tile set with a start tile is played alone
** under c3's rules; one without, mixed into c3's base tiles. 0, or non-zero with errno set. */
static int ruleset_of(job *jb, const design_copy *dc, char *path, size_t size, char **text) {
    if (dc->ruleset && dc->file) {
        snprintf(path, size, "%s", dc->file);
        return !(*text = strdup(dc->text));
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(jb->dir, sizeof jb->dir, "%.300s/meeple-job.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(jb->dir)) { jb->dir[0] = 0; return 1; }
    snprintf(jb->files[0], sizeof jb->files[0], "%s/ruleset.yaml", jb->dir);
    snprintf(path, size, "%s", jb->files[0]);
    if (dc->ruleset) {
        if (!(*text = strdup(dc->text))) return 1;
        return write_file(path, dc->text, dc->len);
    }
    snprintf(jb->files[1], sizeof jb->files[1], "%s/design.yaml", jb->dir);
    if (write_file(jb->files[1], dc->text, dc->len)) return 1;
    char buf[512];
    if (dc->has_start)
        snprintf(buf, sizeof buf,
                 "# design %d, a tile set with a start tile: played alone under c3's rules\n"
                 "name: design-%d\ndescription: design %d alone under c3's rules\nextends: c3\ntiles: [design.yaml]\n",
                 dc->id, dc->id, dc->id);
    else
        snprintf(buf, sizeof buf,
                 "# design %d, a tile set without a start tile: mixed into c3's base tiles\n"
                 "name: design-%d\ndescription: c3 with design %d mixed into the base tiles\nextends: c3\n"
                 "tiles: [tiles/base.yaml, design.yaml]\n",
                 dc->id, dc->id, dc->id);
    if (!(*text = strdup(buf))) return 1;
    return write_file(path, buf, strlen(buf));
}

/* A pipe whose ends close in a child at its exec: 0, or an errno. Made and used under
** spawn_lock, so that no other job's child inherits one (its end would not come with the child). */
static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;
static int pipe_cloexec(int fd[2]) {
    if (pipe(fd)) return errno;
    if (fcntl(fd[0], F_SETFD, FD_CLOEXEC) || fcntl(fd[1], F_SETFD, FD_CLOEXEC)) {
        int e = errno;
        close(fd[0]);
        close(fd[1]);
        return e;
    }
    return 0;
}

/* Starts the child, its stdout and stderr to the reader's pipes: 0, or an errno. */
static int spawn_locked(job *jb, const char *ruleset, int games, long long seed, const char *players) {
    int po[2], pe[2], e;
    if ((e = pipe_cloexec(po))) return e;
    if ((e = pipe_cloexec(pe))) { close(po[0]); close(po[1]); return e; }
    char s_games[16], s_seed[32];
    snprintf(s_games, sizeof s_games, "%d", games);
    snprintf(s_seed, sizeof s_seed, "%lld", seed);
    char *argv[] = { "meeple", "tilestats", "--ruleset", (char *)ruleset, "--games", s_games, "--seed", s_seed,
                     "--players", (char *)players, "--json", "--progress", NULL };
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, po[1], 1);
    posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
    /* The server waits for its signals with them blocked (sigwait): the child starts with none
    ** blocked and every signal at its default, so that it can be stopped. */
    posix_spawnattr_init(&at);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&at, &none);
    posix_spawnattr_setsigdefault(&at, &all);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    int rc = posix_spawn(&jb->pid, "/proc/self/exe", &fa, &at, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    close(po[1]);
    close(pe[1]);
    if (rc) { close(po[0]); close(pe[0]); jb->pid = 0; return rc; }
    jb->out = po[0];
    jb->err = pe[0];
    return 0;
}

static int spawn(job *jb, const char *ruleset, int games, long long seed, const char *players) {
    pthread_mutex_lock(&spawn_lock);
    int rc = spawn_locked(jb, ruleset, games, seed, players);
    pthread_mutex_unlock(&spawn_lock);
    return rc;
}

static void job_free(job *jb) {
    if (!jb) return;
    json_decref(jb->result);
    free(jb);
}

/* An integer of the body, or its default: 0, or non-zero with *err the reply. */
static int body_int(json_t *v, const char *key, long long lo, long long hi, long long dflt, long long *out, api_reply *err) {
    json_t *x = json_object_get(v, key);
    *out = dflt;
    if (!x) return 0;
    if (!json_is_integer(x) || json_integer_value(x) < lo || json_integer_value(x) > hi) {
        *err = api_error(400, "\"%s\" is not a whole number from %lld to %lld", key, lo, hi);
        return 1;
    }
    *out = json_integer_value(x);
    return 0;
}

api_reply tilestats_job(const design_copy *dc, const api_request *rq) {
    api_reply err;
    json_t *v = parse_body(rq, "{\"games\": 200, \"seed\": 1, \"players\": \"greedy,greedy\"}", &err);
    if (!v) return err;
    long long games, seed;
    json_t *jp = json_object_get(v, "players");
    const char *players = jp ? json_string_value(jp) : "greedy,greedy";
    seat_list seats;
    char why[600];
    if (body_int(v, "games", 1, MAX_GAMES, 200, &games, &err) || body_int(v, "seed", 0, (long long)1 << 53, 1, &seed, &err)) {
        json_decref(v);
        return err;
    }
    if (!players || seats_parse(players, SEATS_BOTS, &seats, why, sizeof why)) {
        /* the message of --players (seats.h) */
        if (!players) err = api_error(400, "\"players\" is not a string; expected bots separated by commas, like \"greedy,greedy\" (meeple-bots(7))");
        else err = api_error(400, "\"players\": %s", why);
        json_decref(v);
        return err;
    }
    job *jb = calloc(1, sizeof *jb);
    if (!jb) { json_decref(v); return api_error(500, "out of memory"); }
    jb->total = games;
    pthread_mutex_lock(&lock);
    int running = 0;
    for (int i = 0; i < MAX_JOBS; i++) running += table[i] && table[i]->state == RUNNING;
    job *old = table[last_id % MAX_JOBS];
    if (running >= MAX_RUNNING || (old && old->state == RUNNING)) {
        pthread_mutex_unlock(&lock);
        free(jb);
        json_decref(v);
        return api_error(503, "%d jobs are running; expected one of them done first (GET /api/jobs/ID)", running);
    }
    int id = jb->id = ++last_id;
    table[(id - 1) % MAX_JOBS] = jb;
    pthread_mutex_unlock(&lock);
    if (old) { pthread_join(old->reader, NULL); job_free(old); }

    char path[600];
    char *text = NULL;
    int rc = ruleset_of(jb, dc, path, sizeof path, &text) ? (errno ? errno : EIO) : spawn(jb, path, (int)games, seed, players);
    if (!rc && (rc = pthread_create(&jb->reader, NULL, reader, jb)) != 0) {
        kill(jb->pid, SIGKILL);
        waitpid(jb->pid, NULL, 0);
        close(jb->out);
        close(jb->err);
    }
    if (rc) {
        remove_files(jb);
        pthread_mutex_lock(&lock);
        table[(id - 1) % MAX_JOBS] = NULL;
        pthread_mutex_unlock(&lock);
        free(text);
        json_decref(v);
        job_free(jb);
        return api_error(500, "cannot start job %d: %s", id, strerror(rc));
    }
    json_decref(v);
    json j;   /* the writer: a file's text that is not UTF-8 still makes valid JSON */
    jw_init(&j, NULL);
    jw_object(&j);
    jw_key(&j, "job"); jw_int(&j, id);
    jw_key(&j, "ruleset_text"); jw_string(&j, text);
    jw_object_end(&j);
    free(text);
    return reply_json(202, jw_take(&j));
}

/* ------------------------------------------------------------------ GET /api/jobs/ID */

static const char *state_name(job_state s) { return s == RUNNING ? "running" : s == DONE ? "done" : "failed"; }

api_reply api_jobs(const api_request *rq, const char *rest) {
    long id = *rest ? parse_id(rest + 1, NULL) : -1;
    if (id < 0) return api_error(404, "no such path '%s'; expected /api/jobs/ID", quoted(rq->path));
    if (strcmp(rq->method, "GET") != 0) return reply_method(rq, "GET");
    pthread_mutex_lock(&lock);
    job *jb = id >= 1 ? table[(id - 1) % MAX_JOBS] : NULL;
    if (!jb || jb->id != id) {
        pthread_mutex_unlock(&lock);
        return api_error(404, "no job %ld; expected the id POST /api/design/ID/tilestats gave (the server keeps the last %d)", id, MAX_JOBS);
    }
    json_t *v = json_pack("{s:i, s:s, s:I, s:I}", "job", jb->id, "state", state_name(jb->state), "done", (json_int_t)jb->done,
                          "total", (json_int_t)jb->total);
    if (v && jb->state == FAILED) json_object_set_new(v, "error", json_string(jb->error));
    /* A copy: jansson's trees are not to be shared between threads. */
    if (v && jb->state == DONE) json_object_set_new(v, "result", json_deep_copy(jb->result));
    pthread_mutex_unlock(&lock);
    return reply_json(200, v);
}

void api_jobs_free(void) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < MAX_JOBS; i++)
        if (table[i] && table[i]->state == RUNNING && table[i]->pid > 0) kill(table[i]->pid, SIGKILL);
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < MAX_JOBS; i++) {
        if (!table[i]) continue;
        pthread_join(table[i]->reader, NULL);
        job_free(table[i]);
        table[i] = NULL;
    }
    last_id = 0;
}
