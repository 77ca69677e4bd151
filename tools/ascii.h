/*
** ascii.h: the board and the scores as text, for the terminal.
*/
#ifndef MP_TOOLS_ASCII_H
#define MP_TOOLS_ASCII_H

#include <stdio.h>
#include "meeple.h"

/* Draws every placed tile as 5x3 characters, with x coordinates above and y on the left:
** '#' city, '.' field, '|' and '-' roads, 'M' a cloister, a digit the seat of a follower; a bridge
** laid over a tile 'H' (north-south) or '=' (east-west), a feature whose kind a module changed
** its new kind's letter in upper case (a castle 'K'). */
void ascii_board(FILE *f, const mp_game *g);
/* The tile in each rotation whose bit is set in `rotations`, side by side, labelled r0..r3. */
void ascii_tile_rotations(FILE *f, const mp_ruleset *rs, int tile, unsigned rotations);
/* One line per player: total, then points per category, then (after a bar, when modules give
** tokens) the tokens left of each kind; winners marked. */
void ascii_scores(FILE *f, const mp_game *g, const char *const *names);

#endif
