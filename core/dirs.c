/*
** dirs.c: the default ruleset search path (mp_ruleset_default_dirs): each directory of
** $MEEPLE_RULESETS (colon-separated), then the installed rulesets, pkgdatadir/rulesets, then
** the rulesets of the source tree the library was built from.
**
** Read once per process (pthread_once), then only read: threads may ask for it at once. The
** source tree comes last, so an installed ruleset of the same name always wins; it is there so
** that a build that is not installed plays its shipped rulesets (the README's first command runs
** ./meeple play in the build tree). The tests name theirs with MEEPLE_RULESETS all the same.
*/
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#ifndef MP_DATADIR
#define MP_DATADIR "/usr/local/share/meeple"
#endif
#ifndef MP_SRCDIR
#define MP_SRCDIR "."
#endif

enum { MAX_ENV_DIRS = 16 };

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char env[4096];
static const char *dirs[MAX_ENV_DIRS + 3];

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
    dirs[n++] = MP_SRCDIR "/rulesets";
    dirs[n] = NULL;
}

const char *const *mp_ruleset_default_dirs(void) {
    pthread_once(&once, find_dirs);
    return dirs;
}
