/*
** yaml-json.h: a YAML text as JSON (jansson), for the tile editor of the Design page
** (meeple-serve(1), POST /api/design): the page edits a tile as the JSON of its entry, and the
** server writes it back as YAML (tile-yaml.h).
*/
#ifndef MP_TOOLS_YAML_JSON_H
#define MP_TOOLS_YAML_JSON_H

#include <jansson.h>
#include <stddef.h>

/* The first document of text as JSON: mappings as objects (a key that is not a scalar, or is
** repeated, keeps its first value), sequences as arrays, and scalars resolved as meeple's loader
** reads them: a plain true or false a boolean, a plain whole number an integer, a plain ~, null or
** nothing null, anything else (and anything quoted) a string. NULL when the text is not YAML, or
** holds an alias or nests deeper than 64. */
json_t *yaml_to_json(const char *text, size_t len);

#endif
