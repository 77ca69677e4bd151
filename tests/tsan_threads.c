/*
** tsan_threads.c: tests/test_threads.c's jobs (tests/thread_jobs.h) without criterion, for a
** build with -fsanitize=thread (.ci/run): criterion cannot start under ThreadSanitizer (its
** sandbox maps shared memory at random addresses in the range ThreadSanitizer keeps for itself).
** Exits 0 when every check passes, 1 at the first that fails; ThreadSanitizer's reports make it
** fail too (TSAN_OPTIONS=halt_on_error=1).
*/
#include <stdio.h>
#include <stdlib.h>

#include "thread_jobs.h"

#ifndef TEST_SRCDIR
#define TEST_SRCDIR "."
#endif

static mp_ruleset *load(const char *name) {
    static const char *const dirs[] = { TEST_SRCDIR "/rulesets", NULL };
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(name, dirs, &d);
    if (!rs) fprintf(stderr, "tsan_threads: ruleset %s: %s\n", name, d.message);
    return rs;
}

/* One check: prints its line, 0 when it passed. */
static int check(const char *what, const char *name, int rc, const char *why) {
    printf("%s: %s %s%s%s\n", rc ? "FAIL" : "PASS", what, name, rc ? ": " : "", rc ? why : "");
    return rc;
}

int main(int argc, char **argv) {
    int games = argc > 1 ? atoi(argv[1]) : 1;   /* bot games a thread plays: one is enough to race */
    char why[1024] = "";
    int failed = 0;
    mp_ruleset *rs = load("c3");
    if (!rs) return 1;
    failed |= check("first use", "c3", tj_first_use(rs, why, sizeof why), why);   /* first in the process */
    mp_ruleset_free(rs);
    static const char *const names[] = { "c3", "bcb", "castle" };
    for (int i = 0; i < 3; i++) {
        if (!(rs = load(names[i]))) return 1;
        failed |= check("shared ruleset", names[i], tj_shared_ruleset(rs, 2, games, why, sizeof why), why);
        mp_ruleset_free(rs);
    }
    return failed;
}
