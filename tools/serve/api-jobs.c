/*
** api-jobs.c: long runs started by a request and polled (meeple-serve(1), section API,
** /api/jobs): `meeple tilestats` (POST /api/design/ID/tilestats) or `meeple balance` (POST
** /api/design/ID/balance) on a design. What differs between the two is a line of the table
** `commands` below; the rest is one code.
**
** A job is the program itself run again as a child process (/proc/self/exe tilestats ... --json
** --progress): a crash stays in the child, the simulator uses its own threads, and a job still
** running when the server stops is killed. What it reads and writes (the ruleset with the
** design's text, the design itself, balance's chart) is in a directory of its own (mkdtemp),
** removed when the run ends. A thread per job reads the child's standard error (the progress
** lines, meeple-tilestats(1) and meeple-balance(1): "balance: 1200/10000 games, 12 s, about
** 1 min 28 s left") into done/total and the time left, and its standard output (the JSON) into
** the result, with balance's chart as its "svg".
**
** The table keeps the last MAX_JOBS jobs; one lock guards it and every job's fields.
*/
#include <dirent.h>
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

/* What each command of a job takes and gives (meeple-serve(1), API). */
typedef struct command_kind {
    const char *name;              /* the subcommand, and the label of its progress lines */
    const char *players;           /* the default seats: the command's own */
    bool tiles;                    /* takes --tiles FILE: a tile set without a start tile is mixed by it */
    bool chart;                    /* --svg FILE: the chart's text goes into the result as "svg" */
} command_kind;

static const command_kind commands[] = {
    [JOB_TILESTATS] = { "tilestats", "greedy,greedy", false, false },
    [JOB_BALANCE] = { "balance", "mcts:1000,mcts:1000", true, true },
};

typedef enum job_state { RUNNING, DONE, FAILED } job_state;

/* The files of a job's directory. */
enum { RULESET_FILE, DESIGN_FILE, CHART_FILE, N_FILES };
static const char *const file_names[N_FILES] = { "ruleset.yaml", "design.yaml", "chart.svg" };

typedef struct job {
    int id;
    const command_kind *cmd;
    pid_t pid;
    pthread_t reader;
    int out, err;                  /* the child's stdout and stderr, read by the reader */
    job_state state;
    long done, total;
    char left[64];                 /* the time left its last progress line gave ("about 12 s"), or "" */
    char error[1024];              /* FAILED: why (the child's last line on stderr) */
    json_t *result;                /* DONE: the JSON the command printed (with "svg", balance's chart) */
    char dir[400];                 /* its directory ($TMPDIR or /tmp), "" none */
    char files[N_FILES][440];      /* what is written in it, "" none */
} job;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static job *table[MAX_JOBS];       /* job id sits at (id - 1) % MAX_JOBS */
static int last_id;

/* ------------------------------------------------------------------ the child's output */

/* The time left in what follows "N/M games" on a progress line (", 12 s, about 1 min 28 s left"):
** "about 1 min 28 s", or "" (the last line, " in 12 s", has none). */
static void time_left(const char *rest, char *out, size_t size) {
    const char *end = strstr(rest, " left"), *from = NULL;
    for (const char *s = rest; end && (s = strstr(s, ", ")) && s < end; s += 2) from = s + 2;
    if (from && end > from) snprintf(out, size, "%.*s", (int)(end - from), from);
    else out[0] = 0;
}

/* One line of the child's standard error: progress ("balance: 1200/10000 games, ..."), or what
** it says went wrong. */
static void stderr_line(job *jb, const char *line) {
    long done, total;
    int n = 0;
    size_t label = strlen(jb->cmd->name);
    pthread_mutex_lock(&lock);
    if (!strncmp(line, jb->cmd->name, label) && sscanf(line + label, ": %ld/%ld game%n", &done, &total, &n) == 2 && n > 0) {
        jb->done = done;
        jb->total = total;
        time_left(line + label + n, jb->left, sizeof jb->left);
    } else if (*line) {
        snprintf(jb->error, sizeof jb->error, "%s", line);
    }
    pthread_mutex_unlock(&lock);
}

/* jb's directory and its files; also a temporary file beside one ("chart.svg.tmp.XXXXXX": a
** command writes its --svg safely, meeple-balance(1)), left by a child killed before its end. */
static void remove_files(job *jb) {
    if (!jb->dir[0]) return;
    for (int i = 0; i < N_FILES; i++)
        if (jb->files[i][0]) unlink(jb->files[i]);
    DIR *dp = opendir(jb->dir);
    for (struct dirent *e; dp && (e = readdir(dp));) {
        char path[sizeof jb->dir + 300];
        for (int i = 0; i < N_FILES; i++) {
            size_t n = strlen(file_names[i]);
            if (strncmp(e->d_name, file_names[i], n) || strncmp(e->d_name + n, ".tmp.", 5)) continue;
            snprintf(path, sizeof path, "%s/%.256s", jb->dir, e->d_name);
            unlink(path);
        }
    }
    if (dp) closedir(dp);
    rmdir(jb->dir);
    jb->dir[0] = 0;
}

/* The chart the child wrote (--svg FILE) into the result as "svg": 0, or non-zero with why in error. */
static int add_chart(const job *jb, json_t *result, char *error, size_t size) {
    char *svg = NULL;
    size_t len = 0;
    if (read_text_file(jb->files[CHART_FILE], MAX_OUTPUT, &svg, &len)) {
        snprintf(error, size, "meeple %s's chart cannot be read: %s; expected the SVG it wrote (--svg)", jb->cmd->name, strerror(errno));
        return 1;
    }
    json_t *text = json_stringn(svg, len);
    free(svg);
    if (!text || json_object_set_new(result, "svg", text)) {
        snprintf(error, size, "meeple %s's chart is not UTF-8 text or its result no object; expected an SVG image and a JSON object",
                 jb->cmd->name);
        return 1;
    }
    return 0;
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
    char chart_error[600] = "";
    if (ok && jb->cmd->chart) ok = !add_chart(jb, result, chart_error, sizeof chart_error);
    remove_files(jb);
    const char *name = jb->cmd->name;
    pthread_mutex_lock(&lock);
    if (ok) {
        jb->state = DONE;
        jb->result = result;
        jb->done = jb->total;
    } else {
        jb->state = FAILED;
        json_decref(result);
        if (WIFSIGNALED(status))
            snprintf(jb->error, sizeof jb->error, "meeple %s was killed by signal %d", name, WTERMSIG(status));
        else if (too_much)
            snprintf(jb->error, sizeof jb->error, "meeple %s printed more than %d MiB", name, MAX_OUTPUT >> 20);
        else if (chart_error[0])
            snprintf(jb->error, sizeof jb->error, "%s", chart_error);
        else if (!jb->error[0])
            snprintf(jb->error, sizeof jb->error, "meeple %s ended with status %d and no result", name, WEXITSTATUS(status));
    }
    jb->left[0] = 0;
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

/* jb's directory, and the path of each file it may hold: 0, or non-zero with errno set. */
static int make_dir(job *jb) {
    const char *tmp = getenv("TMPDIR");
    snprintf(jb->dir, sizeof jb->dir, "%.300s/meeple-job.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(jb->dir)) { jb->dir[0] = 0; return 1; }
    for (int i = 0; i < N_FILES; i++) snprintf(jb->files[i], sizeof jb->files[i], "%s/%s", jb->dir, file_names[i]);
    return 0;
}

/* Where a design is played, in jb's directory: the path for --ruleset into ruleset, the one for
** --tiles into tiles ("" none), and the text of the ruleset played into *text (malloc'ed).
** A ruleset design is itself (its file when it is one of the command line's, so that what it
** names beside it is found); a tile set with a start tile is played alone under c3's rules; one
** without, mixed into c3's base tiles: by a ruleset written for it (tilestats), or by --ruleset c3
** --tiles (balance, so that its tiles are measured against the base set; *text is then the
** ruleset that makes, not written). 0, or non-zero with errno set. */
static int where_played(job *jb, const design_copy *dc, char *ruleset, char *tiles, size_t size, char **text) {
    tiles[0] = 0;
    if (dc->ruleset && dc->file && !jb->cmd->chart) {   /* nothing to write: no directory */
        snprintf(ruleset, size, "%s", dc->file);
        return !(*text = strdup(dc->text));
    }
    if (make_dir(jb)) return 1;
    snprintf(ruleset, size, "%s", dc->ruleset && dc->file ? dc->file : jb->files[RULESET_FILE]);
    if (dc->ruleset) {
        if (!(*text = strdup(dc->text))) return 1;
        return dc->file ? 0 : write_file(ruleset, dc->text, dc->len);
    }
    bool mixed_by_command = !dc->has_start && jb->cmd->tiles;
    /* balance labels a mixed-in set by its file's name: the design's own, unless it is one of the
    ** directory's other files (or names none) */
    bool own_name = mixed_by_command && dc->file_name[0] && strcmp(dc->file_name, file_names[RULESET_FILE]) &&
                    strcmp(dc->file_name, file_names[CHART_FILE]);
    if (own_name) snprintf(jb->files[DESIGN_FILE], sizeof jb->files[DESIGN_FILE], "%.370s/%.63s", jb->dir, dc->file_name);
    const char *design_name = strrchr(jb->files[DESIGN_FILE], '/') + 1;
    if (write_file(jb->files[DESIGN_FILE], dc->text, dc->len)) return 1;
    char buf[700];
    if (dc->has_start)
        snprintf(buf, sizeof buf,
                 "# design %d, a tile set with a start tile: played alone under c3's rules\n"
                 "name: design-%d\ndescription: design %d alone under c3's rules\nextends: c3\ntiles: [design.yaml]\n",
                 dc->id, dc->id, dc->id);
    else
        snprintf(buf, sizeof buf,
                 "# design %d, a tile set without a start tile: mixed into c3's base tiles%s%.80s%s\n"
                 "name: design-%d\ndescription: c3 with design %d mixed into the base tiles\nextends: c3\n"
                 "tiles: [tiles/base.yaml, %.80s]\n",
                 dc->id, mixed_by_command ? " (meeple balance --ruleset c3 --tiles " : "", mixed_by_command ? design_name : "",
                 mixed_by_command ? ")" : "", dc->id, dc->id, design_name);
    if (!(*text = strdup(buf))) return 1;
    if (!mixed_by_command) return write_file(ruleset, buf, strlen(buf));
    snprintf(ruleset, size, "c3");
    snprintf(tiles, size, "%s", jb->files[DESIGN_FILE]);
    return 0;
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

/* Starts the child (argv: meeple CMD ...), its stdout and stderr to the reader's pipes: 0, or an errno. */
static int spawn_locked(job *jb, char *const argv[]) {
    int po[2], pe[2], e;
    if ((e = pipe_cloexec(po))) return e;
    if ((e = pipe_cloexec(pe))) { close(po[0]); close(po[1]); return e; }
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

/* meeple CMD --ruleset R [--tiles T] --games N --seed S --players P --json --progress [--svg F]
** started: 0, or an errno. */
static int spawn(job *jb, const char *ruleset, const char *tiles, int games, long long seed, const char *players) {
    char s_games[16], s_seed[32];
    snprintf(s_games, sizeof s_games, "%d", games);
    snprintf(s_seed, sizeof s_seed, "%lld", seed);
    char *argv[20];
    int n = 0;
    argv[n++] = "meeple";
    argv[n++] = (char *)jb->cmd->name;
    argv[n++] = "--ruleset"; argv[n++] = (char *)ruleset;
    if (*tiles) { argv[n++] = "--tiles"; argv[n++] = (char *)tiles; }
    argv[n++] = "--games"; argv[n++] = s_games;
    argv[n++] = "--seed"; argv[n++] = s_seed;
    argv[n++] = "--players"; argv[n++] = (char *)players;
    argv[n++] = "--json";
    argv[n++] = "--progress";
    if (jb->cmd->chart) { argv[n++] = "--svg"; argv[n++] = jb->files[CHART_FILE]; }
    argv[n] = NULL;
    pthread_mutex_lock(&spawn_lock);
    int rc = spawn_locked(jb, argv);
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

api_reply design_job(job_command command, const design_copy *dc, const api_request *rq) {
    const command_kind *cmd = &commands[command];
    char expected[200];
    snprintf(expected, sizeof expected, "{\"games\": 200, \"seed\": 1, \"players\": \"%s\"}", cmd->players);
    api_reply err;
    json_t *v = parse_body(rq, expected, &err);
    if (!v) return err;
    long long games, seed;
    json_t *jp = json_object_get(v, "players");
    const char *players = jp ? json_string_value(jp) : cmd->players;
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
    jb->cmd = cmd;
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

    char ruleset[600], tiles[600];
    char *text = NULL;
    errno = 0;
    int rc = where_played(jb, dc, ruleset, tiles, sizeof ruleset, &text) ? (errno ? errno : EIO)
                                                                         : spawn(jb, ruleset, tiles, (int)games, seed, players);
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
        return api_error(404, "no job %ld; expected the id POST /api/design/ID/tilestats or /balance gave (the server keeps the last %d)",
                         id, MAX_JOBS);
    }
    json_t *v = json_pack("{s:i, s:s, s:s, s:I, s:I}", "job", jb->id, "command", jb->cmd->name, "state", state_name(jb->state),
                          "done", (json_int_t)jb->done, "total", (json_int_t)jb->total);
    if (v) json_object_set_new(v, "left", jb->left[0] ? json_string(jb->left) : json_null());
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
