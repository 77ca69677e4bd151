/*
** helpers.h: building positions tile by tile through the public API, for the criterion tests.
**
** A test loads a shipped ruleset, starts a game (seat 0 first, seed 1), then lays tiles where it
** wants them: t_place names the tile, the cell and the rotation and makes that tile the next
** draw; t_deploy puts the current player's follower on the feature of the tile just placed that
** covers a port ("N", "Es", ...) or is of a kind ("cloister"); t_pass declines. Every step
** asserts it was legal and re-checks the kernel's incremental state from scratch.
*/
#ifndef MP_TEST_HELPERS_H
#define MP_TEST_HELPERS_H

#include <criterion/criterion.h>
#include "meeple.h"

#ifndef TEST_SRCDIR
#define TEST_SRCDIR "."
#endif

mp_ruleset *t_ruleset(const char *name);
/* A game with n players, seat 0 moving first, seed 1. */
mp_game *t_game(const mp_ruleset *rs, int n_players);
/* Seat `player` places tile `id` at x,y with `rot` clockwise quarter turns. */
void t_place(mp_game *g, int player, const char *id, int x, int y, int rot);
/* The current player deploys on the tile just placed, on the feature at `where`. */
void t_deploy(mp_game *g, const char *where);
void t_pass(mp_game *g);
/* Ends the game now: final scoring. */
void t_end(mp_game *g);
/* Points of a category ("road", "city", "cloister", "farm") for a player. */
int t_points(const mp_game *g, int player, const char *category);
/* Applies a (which must be legal) and writes it into the turn being recorded (`turn`, size bytes,
** "" at a turn's start); when a new turn begins or the game ends, the turn goes into r. */
void t_apply_recorded(mp_game *g, mp_record *r, const mp_action *a, char *turn, size_t size);
/* The game's scoring log (from event `first` on), each event written "SEATS:+POINTS WHAT WHY
** TILES" ("0,1:+10 city completed 3": seats 0 and 1 got 10 each for a completed city of 3
** tiles; WHAT is the kind, "farm", a farm piece's label ("pig"), or a module's label), joined by "; ", must read `want`. */
void t_events(const mp_game *g, const char *want);
void t_events_from(const mp_game *g, int first, const char *want);
/* Loads a file under tests/ and returns the formatted diagnostic ("" when it loads). */
const char *t_ruleset_error(const char *path);
const char *t_tileset_error(const char *path);

/* Actions by their notation: parse, apply and check (and read back as written); whether one is
** among the legal actions; one the game refuses with a message containing `why`, leaving it as
** it was. t_draw makes `player` draw tile `id` next. */
void t_act(mp_game *g, const char *text);
bool t_offered(const mp_game *g, const char *text);
void t_refused(mp_game *g, const char *text, const char *why);
void t_draw(mp_game *g, int player, const char *id);
/* Seat `player`, whose decision it must be, takes the action written `text`: 0 when the game
** accepts it (and its state checks out), non-zero with d filled when it refuses; t_ok: it must
** be accepted. */
int t_try(mp_game *g, int player, const char *text, mp_diag *d);
void t_ok(mp_game *g, int player, const char *text);

#endif
