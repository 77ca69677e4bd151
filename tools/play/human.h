/*
** human.h: a human seat at the terminal (or a script on standard input).
**
** On a human's decision the board, the scores and supplies and the drawn tile in its legal
** rotations are shown; after a placement the board again and each deployment in words (its
** feature and what it is worth now). The player answers with one or more actions in notation
** (meeple-notation(7)) or a command: help, legal, board, tiles, undo, save [--force] [FILE], quit. Input that
** does not parse is answered with "<stdin>:LINE:COLUMN: message" and the same prompt.
*/
#ifndef MP_TOOLS_HUMAN_H
#define MP_TOOLS_HUMAN_H

#include <stdio.h>
#include "meeple.h"

typedef enum { HUMAN_ACTION, HUMAN_UNDO, HUMAN_SAVE, HUMAN_QUIT } human_reply;

typedef struct human_io {
    FILE *in, *out;
    int line;             /* input lines read so far */
    char *buf;            /* the current line */
    size_t cap;
    int pos;              /* where the next action starts in buf; -1 when a new line is needed */
    int last_column;      /* column of the last action read, for a message if it is refused */
    char save_path[512];  /* argument of `save`, "" for the record's own path */
    bool save_force;      /* `save --force FILE`: an existing FILE may be replaced */
} human_io;

void human_init(human_io *h, FILE *in, FILE *out);
void human_free(human_io *h);
/* Shows the position (unless an action of the same line is still to come) and reads the next
** action or command of the current player. The action read is in *a and its text in text. */
human_reply human_ask(human_io *h, const mp_game *g, const char *const *names, mp_action *a, char *text, size_t size);
/* Reports an action that parsed but was refused; the rest of its line is dropped. */
void human_refused(human_io *h, const char *text, const mp_diag *d);

#endif
