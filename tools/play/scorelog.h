/*
** scorelog.h: the scoring log (mp_game_event) in words and in JSON, for replay --events,
** score --events and compare, which sets a game's events under several rulesets side by side.
*/
#ifndef MP_TOOLS_SCORELOG_H
#define MP_TOOLS_SCORELOG_H

#include <stdbool.h>
#include <stdio.h>

#include "json.h"
#include "meeple.h"

/* What an event scored, in a word: the feature's kind ("city", "cloister"), the farm category for
** a farm, or the module's label ("castle", "bazaar"). */
const char *scorelog_what(const mp_game *g, const mp_score_event *e);

/* Every event, a line each: "turn 12  alice       +4  city      completed   4 tiles: 0,0 1,0 ...". */
void scorelog_text(FILE *f, const mp_game *g, const char *const *names);
/* The events as a JSON array (the value of a key the caller wrote). */
void scorelog_json(json *j, const mp_game *g, const char *const *names);

/* The same game under several rulesets (NULL where not comparable): the events whose points differ
** from the first game's, grouped by what they scored (turn, what, why, the tiles). */
void scorelog_diff_text(FILE *f, mp_game *const *games, const char *const *rulesets, int n,
                      const char *const *names);
void scorelog_diff_json(json *j, mp_game *const *games, const char *const *rulesets, int n,
                      const char *const *names);

#endif
