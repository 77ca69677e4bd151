/*
** seats.h: a list of seats on the command line ("mcts:2000,greedy", "human:ann,greedy"): the
** one reader of --players (every command that takes it, meeple serve's tilestats jobs), with one
** set of messages. A bot seat is the spec the library's bots take (mp_bot_check in meeple.h; what
** each does: meeple-bots(7)); a human seat (meeple play only) is human or human:NAME.
*/
#ifndef MP_TOOLS_SEATS_H
#define MP_TOOLS_SEATS_H

#include <stdbool.h>
#include <stddef.h>

#include "meeple.h"

enum {
    /* The longest list --players takes, in bytes: room for every seat of the longest kind (a bot's
    ** spec is at most 47 bytes, meeple-bots(7); a human's name 63 kept, a longer one cut). */
    SEATS_LIST_MAX = 1023,
    SEAT_CHARS = 64         /* a seat's spec and name, with the NUL */
};

typedef struct seat_list {
    int n;
    bool human[MP_MAX_PLAYERS];           /* a human seat (human, human:NAME) */
    bool named[MP_MAX_PLAYERS];           /* a human seat given its NAME */
    const char *specs[MP_MAX_PLAYERS];    /* a bot's spec ("random", "mcts:4000"); "human" for a human */
    const char *names[MP_MAX_PLAYERS];    /* "<spec>-<seat>", "human-<seat>" or the human's NAME */
    char spec[MP_MAX_PLAYERS][SEAT_CHARS];
    char name[MP_MAX_PLAYERS][SEAT_CHARS];
} seat_list;

/* Whether a list may hold human seats. */
typedef enum seat_kinds { SEATS_BOTS, SEATS_BOTS_AND_HUMANS } seat_kinds;

/* The seats of "random,greedy,..." into *s (emptied first). 0, or -1 with why saying what is wrong,
** for the caller to put after the option's name or its key (a message of meeple(1)'s kind, the
** offending seat quoted):
**   "bad seat 'clever': no bot of that name; expected random, greedy, mcts, mcts:N (iterations a
**    decision), mcts:Ts (seconds a decision) or mcts-rollout[:N|:Ts]" (", or human:NAME" where
**    humans may sit)
**   "more than 8 seats"
**   "no seats; expected seats separated by commas: random, greedy, mcts[:N|:Ts] or mcts-rollout[:N|:Ts]"
**   "a list of 1100 characters; expected at most 1023" */
int seats_parse(const char *list, seat_kinds kinds, seat_list *s, char *why, size_t size);

/* One seat more, as in a list (a resumed game's seats, from its record's kinds): 0, or -1 with why. */
int seats_add(seat_list *s, const char *seat, seat_kinds kinds, char *why, size_t size);

/* Seat p named name (a resumed game's players keep the record's names). */
void seats_rename(seat_list *s, int p, const char *name);

#endif
