/*
** common.c: what the subcommands share: finding rulesets, diagnostics, usage and option errors,
** values of the command line, output files, the progress of long runs.
*/
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"

/* The library's default search path (mp_ruleset_default_dirs: $MEEPLE_RULESETS, then the
** installed rulesets): the command adds nothing of its own. */
const char *const *ruleset_dirs(void) { return mp_ruleset_default_dirs(); }

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int ruleset_names(char **names, int cap) {
    int n = 0;
    for (const char *const *dir = ruleset_dirs(); *dir; dir++) {
        DIR *dp = opendir(*dir);
        if (!dp) continue;
        struct dirent *e;
        while ((e = readdir(dp)) && n < cap) {
            size_t len = strlen(e->d_name);
            if (len < 6 || strcmp(e->d_name + len - 5, ".yaml") != 0) continue;
            char name[256];
            snprintf(name, sizeof name, "%.*s", (int)(len - 5), e->d_name);
            bool seen = false;
            for (int i = 0; i < n; i++) seen |= strcmp(names[i], name) == 0;
            if (!seen && (names[n] = strdup(name))) n++;
        }
        closedir(dp);
    }
    qsort(names, (size_t)n, sizeof *names, by_name);
    return n;
}

void print_diag_to(FILE *f, const mp_diag *d) {
    char buf[1200];
    mp_diag_format(d, buf, sizeof buf);
    fprintf(f, "%s\n", buf);
}

void print_diag(const mp_diag *d) { print_diag_to(stderr, d); }

int check_players(const mp_ruleset *rs, int n) {
    int lo = mp_ruleset_min_players(rs), hi = mp_ruleset_max_players(rs);
    if (n >= lo && n <= hi) return 0;
    mp_diag d = { .file = "<options>" };
    if (lo == hi)
        snprintf(d.message, sizeof d.message, "--players: %d player%s; ruleset '%s' is for exactly %d", n, plural(n),
                 mp_ruleset_name(rs), lo);
    else
        snprintf(d.message, sizeof d.message, "--players: %d player%s; ruleset '%s' expects %d to %d", n, plural(n),
                 mp_ruleset_name(rs), lo, hi);
    print_diag(&d);
    return EXIT_BAD_INPUT;
}

bool ruleset_name_ok(const char *s) {
    if (!s || !*s || strlen(s) > 64) return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_') return false;
    return true;
}

mp_ruleset *load_ruleset(const char *name) {
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(name, ruleset_dirs(), &d);
    if (!rs) print_diag(&d);
    return rs;
}

const char *quoted(const char *s) {
    /* One ring per thread: meeple serve answers requests on many threads at once. */
    static _Thread_local char ring[4][MP_QUOTE_SIZE];
    static _Thread_local int next;
    next = (next + 1) % 4;
    return mp_quote(s ? s : "", ring[next], sizeof ring[next]);
}

/* The command a usage text is of: the word after "usage: meeple " (every usage starts so). */
static void command_of(const char *usage, char *out, size_t size) {
    const char *s = strncmp(usage, "usage: meeple ", 14) == 0 ? usage + 14 : "";
    snprintf(out, size, "%.*s", (int)strcspn(s, " \n"), s);
}

int usage_error(const char *usage, const char *fmt, ...) {
    char cmd[32];
    command_of(usage, cmd, sizeof cmd);
    fprintf(stderr, "meeple%s%s: ", cmd[0] ? " " : "", cmd);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n%s", usage);
    return EXIT_USAGE;
}

/* The long options as "--a, --b, ..." into list. */
static void long_names(const struct option *opts, char *list, size_t size) {
    size_t used = 0;
    list[0] = 0;
    for (const struct option *o = opts; o->name && used < size; o++)
        used += (size_t)snprintf(list + used, size - used, "%s--%s", used ? ", " : "", o->name);
}

static int unknown_option(const char *usage, const struct option *opts, const char *arg, size_t len) {
    char list[512];
    long_names(opts, list, sizeof list);
    char q[MP_QUOTE_SIZE];
    return usage_error(usage, "unknown option '%s'; expected one of %s", mp_quote_n(arg, len, q, sizeof q), list);
}

/* What is wrong with "--name[=value]": unknown, an ambiguous prefix (an exact name never is), a
** value missing or one the option does not take. 0 when nothing is. */
static int long_option_error(const char *usage, const struct option *opts, const char *arg) {
    const char *name = arg + 2, *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    const struct option *found = NULL;
    char list[512];
    size_t used = 0;
    int n = 0;
    for (const struct option *o = opts; o->name; o++) {
        if (strncmp(o->name, name, len) != 0) continue;
        if (strlen(o->name) == len) { found = o; n = 1; break; }
        found = o;
        if (used < sizeof list)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s--%s", n ? ", " : "", o->name);
        n++;
    }
    if (n == 0) return unknown_option(usage, opts, arg, len + 2);
    char q[MP_QUOTE_SIZE];
    if (n > 1) return usage_error(usage, "ambiguous option '%s': %s?", mp_quote_n(arg, len + 2, q, sizeof q), list);
    if (eq && found->has_arg == no_argument) return usage_error(usage, "option '--%s' takes no value", found->name);
    if (!eq && found->has_arg == required_argument) return usage_error(usage, "option '--%s' needs a value", found->name);
    return 0;
}

int option_error(const char *usage, const char *shorts, const struct option *opts, char **argv) {
    const char *arg = argv[optind - 1];
    if (strncmp(arg, "--", 2) == 0 && arg[2]) {
        int rc = long_option_error(usage, opts, arg);
        if (rc) return rc;
    }
    /* A short option: getopt names it in optopt (arg may be a cluster, "-jx"). */
    const char *known = optopt > 0 && optopt != ':' ? strchr(shorts, optopt) : NULL;
    if (known && known[1] == ':') return usage_error(usage, "option '-%c' needs a value", optopt);
    char c[3] = { '-', (char)optopt, 0 };
    return optopt ? unknown_option(usage, opts, c, 2) : unknown_option(usage, opts, arg, strlen(arg));
}

const char *parse_u64(const char *s, uint64_t *out) {
    if (!s || !*s || !strchr("0123456789", *s)) return "is not a whole number";
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end) return "is not a whole number";
    if (errno == ERANGE) return "is too large";
    *out = (uint64_t)v;
    return NULL;
}

int seed_option(const char *usage, const char *arg, uint64_t *seed) {
    const char *why = parse_u64(arg, seed);
    if (why) return usage_error(usage, "--seed: '%s' %s; expected 0 to %llu", quoted(arg), why, (unsigned long long)UINT64_MAX);
    return 0;
}

bool parse_int(const char *s, int lo, int hi, int *out) {
    if (!s || !*s) return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end || errno || v < lo || v > hi) return false;
    *out = (int)v;
    return true;
}

int int_option(const char *usage, const char *option, const char *arg, int lo, int hi, int *out) {
    if (parse_int(arg, lo, hi, out)) return 0;
    uint64_t v;
    const char *why = parse_u64(arg, &v) ? "is not a whole number" : "is out of range";
    return usage_error(usage, "%s: '%s' %s; expected %d to %d", option, quoted(arg), why, lo, hi);
}

/* "PATH: cannot write: REASON" into d. */
static int cannot_write(const char *path, int err, mp_diag *d) {
    snprintf(d->file, sizeof d->file, "%s", path);
    d->line = d->column = 0;
    snprintf(d->message, sizeof d->message, "cannot write: %s", strerror(err));
    return 1;
}

int out_open(out_file *o, const char *path, mp_diag *d) {
    memset(o, 0, sizeof *o);
    snprintf(o->path, sizeof o->path, "%s", path);
    snprintf(o->tmp, sizeof o->tmp, "%s.tmp.XXXXXX", o->path);
    int fd = mkstemp(o->tmp);
    if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
        int e = errno;
        if (fd >= 0) { close(fd); unlink(o->tmp); }
        return cannot_write(path, e, d);
    }
    fchmod(fd, 0644);   /* mkstemp's 0600 is for secrets; this is a document */
    return 0;
}

int out_commit(out_file *o, mp_diag *d) {
    int e = 0;
    if (ferror(o->f) || fflush(o->f) != 0 || fsync(fileno(o->f)) != 0) e = errno ? errno : EIO;
    if (fclose(o->f) != 0 && !e) e = errno;
    o->f = NULL;
    if (!e && rename(o->tmp, o->path) != 0) e = errno;
    if (e) {
        unlink(o->tmp);
        return cannot_write(o->path, e, d);
    }
    return 0;
}

void out_discard(out_file *o) {
    if (!o->f) return;
    fclose(o->f);
    unlink(o->tmp);
    o->f = NULL;
}

int out_refuse_existing(const char *path, const char *option, bool force, mp_diag *d) {
    struct stat st;
    if (force || lstat(path, &st) != 0) return 0;
    snprintf(d->file, sizeof d->file, "%s", path);
    d->line = d->column = 0;
    snprintf(d->message, sizeof d->message, "file exists; expected a new file for %s (--force replaces it)", option);
    return 1;
}

int out_check(const char *path) {
    out_file o;
    mp_diag d = { 0 };
    if (out_open(&o, path, &d)) { print_diag(&d); return EXIT_BAD_INPUT; }
    out_discard(&o);
    return 0;
}

/* ------------------------------------------------------------------ progress of long runs */

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A duration in words: "0.4 s", "12 s", "1 min 28 s", "2 h 5 min". */
static void duration(double secs, char *buf, size_t size) {
    long s = (long)(secs + 0.5);
    if (secs < 9.95) snprintf(buf, size, "%.1f s", secs);
    else if (s < 60) snprintf(buf, size, "%ld s", s);
    else if (s < 3600) snprintf(buf, size, "%ld min %ld s", s / 60, s % 60);
    else snprintf(buf, size, "%ld h %ld min", s / 3600, s % 3600 / 60);
}

void progress_start(progress *p, const char *cmd, long total, bool forced) {
    memset(p, 0, sizeof *p);
    p->cmd = cmd;
    p->total = total;
    p->terminal = isatty(2);
    p->on = forced || p->terminal;
    p->t0 = seconds_now();
}

/* "compare: 1200/10000 games, 12 s, about 1 min 28 s left" */
static void progress_show(progress *p, long done, double secs) {
    char spent[32], left[48] = "less than 0.1 s";
    duration(secs, spent, sizeof spent);
    double rest = secs * (double)(p->total - done) / (double)done;   /* at the pace so far */
    if (rest >= 0.1) {
        snprintf(left, sizeof left, "about ");
        duration(rest, left + 6, sizeof left - 6);
    }
    fprintf(stderr, "%s%s: %ld/%ld game%s, %s, %s left%s", p->terminal ? "\r" : "", p->cmd, done, p->total,
            plural(p->total), spent, left, p->terminal ? "\033[K" : "\n");
    fflush(stderr);
    p->shown = true;
}

void progress_update(progress *p, long done) {
    if (!p->on || done <= 0 || done >= p->total) return;
    double secs = seconds_now() - p->t0;
    if (p->terminal) {   /* redrawn in place, 5 times a second once a run lasts */
        if (secs > 1 && secs - p->last >= 0.2) { progress_show(p, done, secs); p->last = secs; }
        return;
    }
    /* A log: a line at each tenth of the run, and at least one a minute. */
    long tenth = done * 10 / p->total;
    if (tenth > p->tenths || secs - p->last >= 60) {
        progress_show(p, done, secs);
        p->tenths = tenth;
        p->last = secs;
    }
}

void progress_end(progress *p, long done) {
    if (!p->on) return;
    if (p->terminal) {
        if (p->shown) fputs("\r\033[K", stderr);   /* the line goes: the results follow */
        return;
    }
    char spent[32];
    duration(seconds_now() - p->t0, spent, sizeof spent);
    fprintf(stderr, "%s: %ld/%ld game%s in %s\n", p->cmd, done, p->total, plural(p->total), spent);
}
