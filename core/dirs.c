/*
** dirs.c: the default ruleset search path (mp_ruleset_default_dirs): each directory of
** $MEEPLE_RULESETS (colon-separated), then the installed rulesets, pkgdatadir/rulesets.
**
** Read once per process (pthread_once), then only read: threads may ask for it at once. The
** library knows no source tree: an uninstalled build (the tests, `make bench`) names its
** rulesets with MEEPLE_RULESETS (Makefile.am, TESTS_ENVIRONMENT), so that no build path is
** compiled into the installed library.
*/
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#ifndef MP_DATADIR
#define MP_DATADIR "/usr/local/share/meeple"
#endif

enum { MAX_ENV_DIRS = 16 };

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char env[4096];
static const char *dirs[MAX_ENV_DIRS + 2];

static void find_dirs(void) {
    int n = 0;
    const char *e = getenv("MEEPLE_RULESETS");
    if (e && *e) {
        snprintf(env, sizeof env, "%s", e);
        /* Split by hand (no strtok: a caller may be in a strtok loop of its own); empty parts,
        ** as in "a::b", name no directory. */
        for (char *p = env; *p && n < MAX_ENV_DIRS;) {
            char *colon = strchr(p, ':');
            if (colon) *colon = 0;
            if (*p) dirs[n++] = p;
            if (!colon) break;
            p = colon + 1;
        }
    }
    dirs[n++] = MP_DATADIR "/rulesets";
    dirs[n] = NULL;
}

const char *const *mp_ruleset_default_dirs(void) {
    pthread_once(&once, find_dirs);
    return dirs;
}
