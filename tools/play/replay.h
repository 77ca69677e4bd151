/*
** replay.h: a game's file (a record or a .jcz game, tools/common/game-file.h) replayed under its
** ruleset or another, for replay, score and export, and the JSON of replay and score.
*/
#ifndef MP_TOOLS_REPLAY_H
#define MP_TOOLS_REPLAY_H

#include <stdbool.h>

#include "game-file.h"

typedef struct replayed {
    game_file file;                   /* the record and its ruleset, as read (a .jcz's import too) */
    mp_record *rec;                   /* file.rec, file.rs: the file's, for short */
    mp_ruleset *rs;
    mp_game *g;                       /* NULL when the replay failed */
    int n;
    const char *names[MP_MAX_PLAYERS];
    bool over;                        /* the record says the game ended */
    mp_diag error;                    /* why it failed */
    bool mismatched;                  /* the file says otherwise of the replayed game (drawn, winners) */
    mp_diag mismatch;                 /* where and what */
    mp_replay_notes notes;            /* what a replay under other rules passed, defaulted, dropped */
    bool events;                      /* print the scoring log too (--events) */
} replayed;

/* Reads the game at path with its ruleset (its own, the same content by hash, or `ruleset`, any),
** and replays every turn (strict: the drawn tiles must match; always so under the record's own
** rules), printing the diagnostic on failure. Returns 0 or EXIT_BAD_INPUT; r is freed by
** replayed_free either way. */
int replay_record(const char *path, const char *ruleset, bool strict, replayed *r);
void replayed_free(replayed *r);

/* The JSON of replay and score: the record, the ruleset, whether every action was legal, the
** error if not, per player the score, the recorded score and the points by category, and the
** scoring log when r->events. */
void print_replay_json(const char *path, const replayed *r, int rc, const bool *matches);
/* The same with the checked test assertions of a .jcz game (n < 0: none were asked for). */
void print_replay_json_checks(const char *path, const replayed *r, int rc, const bool *matches,
                              const jcz_check *checks, int n);

#endif
