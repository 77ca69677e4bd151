/*
** bots.c: a list of bot seats on the command line, checked with the library (bots.h).
*/
#include <stdio.h>
#include <string.h>

#include "bots.h"

int bots_parse(const char *list, bot_seats *s, const char **bad, mp_diag *d) {
    s->n = 0;
    snprintf(s->list, sizeof s->list, "%s", list);
    char *save = NULL;
    for (char *tok = strtok_r(s->list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (mp_bot_check(tok, d)) { *bad = tok; return -1; }
        if (s->n == MP_MAX_PLAYERS) return -2;
        s->specs[s->n] = tok;
        snprintf(s->storage[s->n], sizeof s->storage[0], "%s-%d", tok, s->n + 1);
        s->names[s->n] = s->storage[s->n];
        s->n++;
    }
    return s->n;
}
