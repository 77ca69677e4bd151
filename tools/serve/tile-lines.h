/*
** tile-lines.h: where each tile of a tile-set file is written (the lines of its entry under the
** top-level `tiles:` sequence, and its id), read with libyaml's events, so that the Design page
** (meeple-serve(1), POST /api/design) sets every lint diagnostic beside the tile it is about.
*/
#ifndef MP_TOOLS_TILE_LINES_H
#define MP_TOOLS_TILE_LINES_H

#include <stdbool.h>
#include <stddef.h>

typedef struct tile_lines {
    int first, last;      /* 1-based, as diagnostics count lines: from "- id: ..." to its last value */
    int column;           /* 1-based column where its mapping starts (after "- ") */
    char id[64];          /* its `id:`, "" when it has none (or one longer than 63 bytes) */
} tile_lines;

/* A file a ruleset names: `extends:`'s ruleset, or one of the tile sets its `tiles:` lists. */
typedef struct yaml_ref {
    char name[256];
    int line, column;
    bool extends;
} yaml_ref;

enum { YAML_MAX_REFS = 32 };

typedef struct yaml_outline {
    yaml_ref refs[YAML_MAX_REFS];   /* the files named, at most YAML_MAX_REFS */
    int n_refs;
    bool tileset;         /* what the file holds: a tile set (`kinds:`, `tileset:`, or tiles written
                          ** out under `tiles:`), else a ruleset (tile-set files named under `tiles:`) */
    int n;                /* entries under `tiles:`, at most cap */
    bool tiles_block;     /* `tiles:` is a block sequence ("- id: ..." an entry), not a flow one */
} yaml_outline;

/* Reads the outline of a YAML text: the files a ruleset names, each mapping under the top-level `tiles:` into out (at most
** cap). Text that is not YAML gives what was read before the error (lint says what is wrong). */
yaml_outline yaml_tile_lines(const char *text, size_t len, tile_lines *out, int cap);
/* The entry of out[0..n) that holds line, or -1. */
int tile_at_line(const tile_lines *v, int n, int line);

#endif
