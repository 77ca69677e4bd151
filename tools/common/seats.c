/*
** seats.c: a list of seats on the command line, each bot checked with the library (seats.h).
*/
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "seats.h"

/* A name cut to fit may end inside a UTF-8 character: the bytes of that character go too (a
** record holds UTF-8 text only). */
static void drop_split_character(char *s) {
    size_t n = strlen(s), k = n;
    while (k > 0 && ((unsigned char)s[k - 1] & 0xc0) == 0x80) k--;   /* continuation bytes */
    if (k == 0) return;
    unsigned char lead = (unsigned char)s[k - 1];
    size_t length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    if (n - (k - 1) < length) s[k - 1] = 0;
}

void seats_rename(seat_list *s, int p, const char *name) {
    snprintf(s->name[p], sizeof s->name[p], "%s", name);
    if (strlen(name) >= sizeof s->name[p]) drop_split_character(s->name[p]);
}

/* "human" or "human:NAME": whether the seat is a human's. */
static bool is_human(const char *seat) { return strncmp(seat, "human", 5) == 0 && (seat[5] == 0 || seat[5] == ':'); }

int seats_add(seat_list *s, const char *seat, seat_kinds kinds, char *why, size_t size) {
    if (s->n == MP_MAX_PLAYERS) { snprintf(why, size, "more than %d seats", MP_MAX_PLAYERS); return -1; }
    int p = s->n;
    bool humans = kinds == SEATS_BOTS_AND_HUMANS;
    char name[SEAT_CHARS];
    if (humans && is_human(seat)) {
        const char *given = seat[5] ? seat + 6 : "";
        s->human[p] = true;
        s->named[p] = *given != 0;
        snprintf(s->spec[p], sizeof s->spec[p], "human");
        if (!*given) snprintf(name, sizeof name, "human-%d", p + 1);
        seats_rename(s, p, *given ? given : name);
    } else {
        mp_diag d = { 0 };
        /* The bot's own message; one that finds no bot by that name (column 1) also names the
        ** seat a human takes, where one may. */
        if (mp_bot_check(seat, &d)) {
            snprintf(why, size, "bad seat '%s': %s%s", quoted(seat), d.message, humans && d.column <= 1 ? ", or human:NAME" : "");
            return -1;
        }
        s->human[p] = s->named[p] = false;
        snprintf(s->spec[p], sizeof s->spec[p], "%s", seat);   /* mp_bot_check: at most 47 characters */
        snprintf(name, sizeof name, "%s-%d", seat, p + 1);
        seats_rename(s, p, name);
    }
    s->specs[p] = s->spec[p];
    s->names[p] = s->name[p];
    s->n++;
    return 0;
}

int seats_parse(const char *list, seat_kinds kinds, seat_list *s, char *why, size_t size) {
    memset(s, 0, sizeof *s);
    size_t len = strlen(list);
    if (len > SEATS_LIST_MAX) {
        snprintf(why, size, "a list of %zu characters; expected at most %d", len, SEATS_LIST_MAX);
        return -1;
    }
    char copy[SEATS_LIST_MAX + 1];
    memcpy(copy, list, len + 1);
    char *save = NULL;
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (seats_add(s, tok, kinds, why, size)) return -1;
    if (s->n > 0) return 0;
    snprintf(why, size, "no seats; expected seats separated by commas: random, greedy, mcts[:N|:Ts] or mcts-rollout[:N|:Ts]%s",
             kinds == SEATS_BOTS_AND_HUMANS ? ", or human:NAME" : "");
    return -1;
}
