/*
** test_threads.c: one loaded ruleset shared by threads, each with games and bots of its own
** (meeple.h, section "threads"; the jobs: tests/thread_jobs.h).
**
**   shared_ruleset  c3, bcb and The Castle, each loaded once: games between bots and games in
**                   notation on TJ_THREADS threads at once end as they end on one thread;
**   first_use       threads that start together in a fresh process (criterion runs each test in a
**                   process of its own) make the library's first list and first parse at once,
**                   and read what one thread reads.
**
** .ci/run runs the same jobs under ThreadSanitizer (tests/tsan_threads.c).
*/
#include "helpers.h"
#include "thread_jobs.h"

static void shared_ruleset(const char *name, int players) {
    mp_ruleset *rs = t_ruleset(name);
    char why[1024] = "";
    cr_assert_eq(tj_shared_ruleset(rs, players, 2, why, sizeof why), 0, "%s: %s", name, why);
    mp_ruleset_free(rs);
}

Test(threads, shared_ruleset_c3, .timeout = 300) { shared_ruleset("c3", 2); }
Test(threads, shared_ruleset_bcb, .timeout = 300) { shared_ruleset("bcb", 2); }
Test(threads, shared_ruleset_castle, .timeout = 300) { shared_ruleset("castle", 2); }

Test(threads, first_use) {
    mp_ruleset *rs = t_ruleset("c3");
    char why[1024] = "";
    cr_assert_eq(tj_first_use(rs, why, sizeof why), 0, "%s", why);
    mp_ruleset_free(rs);
}
