/*
** ascii.h: the board and the scores as text, for the terminal.
*/
#ifndef MP_TOOLS_ASCII_H
#define MP_TOOLS_ASCII_H

#include <stdbool.h>
#include <stdio.h>
#include "meeple.h"

/* Draws every placed tile as 5x3 characters, with x coordinates above and y on the left:
** '#' city, '.' field, '|' and '-' roads, 'M' a cloister, other kinds their letter in lower case;
** a bridge laid over a tile 'H' (north-south) or '=' (east-west), a feature whose kind a module
** changed its new kind's letter in upper case (a castle 'K'). A bounded board with fixed pieces
** (The Castle) stands in its wall: cells off the board are '#' blocks, a start space (a fixed
** piece showing its features on one side) is wall with its feature on the side towards the board.
** Marks: a follower is its seat's digit in the centre with its role's letter beside it ("1k"), an
** icon (pennant '*') lies on its feature, a tile's marker (bazaar '$') in its centre. Under the
** board a legend names every character and mark drawn, and the seats by names (NULL: "seat N"). */
void ascii_board(FILE *f, const mp_game *g, const char *const *names);
/* The tile in each rotation whose bit is set in `rotations`, side by side, labelled r0..r3; under
** them the marks drawn (a pennant), when any. */
void ascii_tile_rotations(FILE *f, const mp_ruleset *rs, int tile, unsigned rotations);
/* n tiles at rotation 0, side by side in rows, each labelled with its id and counts[i] ("E x4");
** under them the marks drawn, when any. */
void ascii_tiles(FILE *f, const mp_ruleset *rs, const int *tiles, const int *counts, int n);
/* One line per player: total, then points per category, then (after a bar, when modules give
** tokens) the tokens left of each kind; winners marked. Under it the modules' status words
** (ascii_status, with the players). */
void ascii_scores(FILE *f, const mp_game *g, const char *const *names);
/* What the modules' states show, in words (mp_game_module_status), a line each after indent:
** with players, one per player whose modules say something ("NAME:  track 33, wall tile 9"),
** then the whole game's when not empty, labelled with the modules' names ("castle: wall tiles
** on the track at 12/13 ..."); with players the words start in one column, under the table's. */
void ascii_status(FILE *f, const mp_game *g, const char *const *names, const char *indent, bool players);
/* The names of the ruleset's modules, separated by ", " ("" none). */
void ascii_modules(const mp_game *g, char *buf, size_t size);

#endif
