/*
** tile-yaml.h: tiles edited on the Design page written back as YAML (meeple-serve(1), POST
** /api/design/ID/tile): a tile's JSON (its entry as yaml-json.h reads it) through libyaml's
** emitter, set into the text of its tile set in place of its old entry, so that every other line
** of a hand-written file (its comments, its layout) stays as it was.
*/
#ifndef MP_TOOLS_TILE_YAML_H
#define MP_TOOLS_TILE_YAML_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "tile-lines.h"

/* The entry of tile (a JSON object) as an item of a block sequence, "- id: X\n  count: 2\n...",
** each line after `indent` spaces, each feature a flow mapping on a line of its own, `items` spaces
** further in than its key features: (libyaml writes a sequence under a key at the key's own
** indentation; item_indent says how the file at hand does). Keys in the order the object has
** them; a key whose value is null is left out. NULL with why in err (a string that is not UTF-8,
** a tile that is no object). */
char *tile_entry_yaml(const json_t *tile, int indent, int items, char *err, size_t n);
/* How much further in than `features:` a text writes its items (the first such list: 2 in the
** shipped tile sets), 0 as libyaml does. */
int item_indent(const char *text, size_t len);

/* The tile set text (len bytes; o and v its outline) with entry `index` replaced by `entry` (a
** text of tile_entry_yaml at v[index]'s indentation), or appended after the last entry when index
** is o->n, or removed when entry is NULL. NULL when the text cannot be edited by its lines (a flow
** `tiles: [...]`, an entry sharing a line with another, none to append after): the caller then
** writes the whole set anew (tileset_yaml). *out_len: the new text's length. */
char *splice_entry(const char *text, size_t len, const yaml_outline *o, const tile_lines *v, int index, const char *entry,
                   size_t *out_len);

/* The indentation an entry at index is written with in that text ("- " at that column): that of
** the entry there, or of the last one; 0 when there is none. */
int entry_indent(const char *text, size_t len, const tile_lines *v, int n, int index);

/* A whole tile set (a JSON object as yaml-json.h reads one) written anew: its keys in the order of
** meeple-tileset(5), each kind a flow mapping on a line of its own, each tile as tile_entry_yaml
** writes it; `comment` ("" none) first. What the text had beyond its data (comments, layout) is
** not in the JSON and so not written. NULL with why in err. */
char *tileset_yaml(const json_t *set, const char *comment, size_t *len, char *err, size_t n);

#endif
