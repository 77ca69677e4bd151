/*
** game-file.h: a game's file, read once for every command that takes one (replay, score, export,
** compare, render, play --resume) and for meeple serve's uploads: a meeple record
** (meeple-record(5)) or a JCloisterZone game (.jcz, imported on the fly as meeple-import(1)
** imports it), which of the two it is, the record and the ruleset that goes with it, or a
** diagnostic file:line:column.
*/
#ifndef MP_TOOLS_GAME_FILE_H
#define MP_TOOLS_GAME_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "jcz.h"

typedef enum game_format { GAME_RECORD, GAME_JCZ } game_format;

/* The ruleset that comes with the record. A .jcz game's own is the one its setup maps to. */
typedef enum game_rules {
    GAME_OWN_RULES,     /* the record's, with the content it was played under (the same hash) */
    GAME_NAMED_RULES,   /* the record's, whatever its content (render: a hand-made record) */
    GAME_NO_RULES,      /* none: the caller brings its own (compare); rs stays NULL */
} game_rules;

typedef struct game_load {
    game_rules rules;
    /* Another ruleset instead of the record's own (score --ruleset, play --resume --ruleset), a
    ** name or a path; under GAME_OWN_RULES it too must hash as the record says. NULL: none. */
    const char *ruleset;
    bool records_only;  /* a .jcz is refused (play --resume writes the game back to its file) */
    /* meeple serve's upload: the record's ruleset by its name only (ruleset_name_ok), never a
    ** file the record names, and no file of this machine in a message. */
    bool upload;
} game_load;

typedef struct game_file {
    game_format format;
    mp_record *rec;
    mp_ruleset *rs;     /* NULL under GAME_NO_RULES */
    /* GAME_JCZ: the import (jcz.h), for the places of errors in the file (game_file_locate) and
    ** its test assertions; jcz.path is "" for a record. */
    jcz_import jcz;
} game_file;

/* Reads the game at path into *f: 0, or 1 with d filled, what was read kept for the caller to show
** (the record, when its ruleset does not load or does not match); game_file_free frees it either
** way. Any thread may call it (an import holds a lock: the importer works one at a time). */
int game_file_load(const char *path, const game_load *how, game_file *f, mp_diag *d);
/* The same of a file's text already read (len bytes); name stands for the file in messages. */
int game_file_parse(const char *name, const char *text, size_t len, const game_load *how, game_file *f, mp_diag *d);
void game_file_free(game_file *f);

/* A diagnostic of replaying f's record ("turn N: ...") put at its place in the .jcz file (the
** first message of that turn); a record's is at its place already. */
void game_file_locate(const game_file *f, mp_diag *d);

#endif
