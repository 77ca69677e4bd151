/*
** common.c: helpers shared by the subcommands: finding rulesets, printing diagnostics, usage.
*/
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

#ifndef MP_DATADIR
#define MP_DATADIR "/usr/local/share/meeple"
#endif
#ifndef MP_SRCDIR
#define MP_SRCDIR "."
#endif

const char *const *ruleset_dirs(void) {
    static char env[4096];
    static const char *dirs[20];
    static bool done;
    if (done) return dirs;
    int n = 0;
    const char *e = getenv("MEEPLE_RULESETS");
    if (e && *e) {
        snprintf(env, sizeof env, "%s", e);
        for (char *tok = strtok(env, ":"); tok && n < 16; tok = strtok(NULL, ":")) dirs[n++] = tok;
    }
    dirs[n++] = MP_DATADIR "/rulesets";
    dirs[n++] = MP_SRCDIR "/rulesets";
    dirs[n] = NULL;
    done = true;
    return dirs;
}

void print_diag(const mp_diag *d) {
    char buf[1024];
    mp_diag_format(d, buf, sizeof buf);
    fprintf(stderr, "%s\n", buf);
}

mp_ruleset *load_ruleset(const char *name) {
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(name, ruleset_dirs(), &d);
    if (!rs) print_diag(&d);
    return rs;
}

int usage_error(const char *usage, const char *fmt, ...) {
    va_list ap;
    fputs("meeple: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n%s", usage);
    return EXIT_USAGE;
}

bool parse_u64(const char *s, uint64_t *out) {
    if (!s || !*s || *s == '-') return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || errno) return false;
    *out = (uint64_t)v;
    return true;
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
