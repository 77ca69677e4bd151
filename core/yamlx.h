/*
** yamlx.h: YAML documents as a small node tree that keeps every node's position.
**
** libyaml's event stream is turned into nodes allocated in an arena; each node remembers its
** file, line and column so that errors found long after parsing (a port covered twice, an
** `extends` cycle) still point at the node that caused them. Typed getters report errors in
** the one diagnostic format. Hostile input is bounded: no aliases, limited depth, node count and
** scalar size.
*/
#ifndef MP_YAMLX_H
#define MP_YAMLX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "meeple.h"
#include "internal.h"
/* The node-reading calls a module's configure hook uses (mp_y_get, mp_y_int, ...) and mp_ytype
** are declared in module.h; the loaders' own are here. */
#include "module.h"

struct mp_ynode {
    mp_ytype type;
    const char *file;      /* arena copy of the path the node was read from */
    int line, column;      /* 1-based start of the node */
    const char *value;     /* scalar text (NUL-terminated), NULL for collections */
    bool quoted;           /* scalar was quoted: never a number, bool or null */
    int n;                 /* items in a sequence; key/value pairs in a mapping */
    mp_ynode **items;      /* sequence: n items; mapping: 2n nodes, key then value */
};

MP_INTERNAL mp_arena *mp_arena_new(void);
MP_INTERNAL void mp_arena_free(mp_arena *a);
MP_INTERNAL char *mp_arena_strdup(mp_arena *a, const char *s);

/* Parses the first document of a file. NULL with d filled on error (an empty file is an error). */
MP_INTERNAL mp_ynode *mp_y_load_file(mp_arena *a, const char *path, mp_diag *d);
MP_INTERNAL mp_ynode *mp_y_load_string(mp_arena *a, const char *name, const char *text, size_t len,
                                       mp_diag *d);

/* mp_y_error (module.h) fills d with "message" located at node n and always returns 1. */

/* Mappings. */
MP_INTERNAL mp_ynode *mp_y_key_node(const mp_ynode *map, const char *key);
/* Reports the first key not in the NULL-terminated list allowed: "unknown key 'x'; expected 'y'"
** when a key of the list that map lacks is close to it (mp_y_nearest_key), else every key of the
** list. */
/* (mp_y_check_keys, module.h) */
/* The same from pair `from` on: the index of the unknown key reported, -1 when there is none (a
** loop over every unknown key, for lint). */
MP_INTERNAL int mp_y_unknown_key(const mp_ynode *map, const char *const *allowed, int from, mp_diag *d);
/* The name of the NULL-terminated list names closest to word, when one is close (one edit in a
** name of up to 4 letters, two in a longer one, a swap of two neighbours one edit); else NULL. */
MP_INTERNAL const char *mp_y_nearest(const char *word, const char *const *names);
/* The same for key, a key of map, among the keys allowed but those map has from key's own file:
** what key may be misspelt from (a key the same file wrote is no better guess; one a parent
** ruleset wrote may be, as the file may mean to override it). */
MP_INTERNAL const char *mp_y_nearest_key(const mp_ynode *map, const mp_ynode *key, const char *const *allowed);
/* mp_y_expect, and the scalars mp_y_int, mp_y_bool, mp_y_string, mp_y_enum (the index of the
** scalar in a NULL-terminated list), mp_y_is_null: module.h. Each returns 0 on success or 1 with d
** filled ("... ; expected ..."). */

/* Mixes the node's content (types, scalars, order) into a 64-bit FNV-1a hash; positions and file
** names do not count, so the same content hashes the same wherever it was read from. */
MP_INTERNAL uint64_t mp_y_hash(const mp_ynode *n, uint64_t h);
/* The same, but a map's pair `fold: {a: b}` (the map under key `fold` holding one pair) hashes as
** `a: b` would in its place: a tile's `aliases: {jcz: X}` as the `jcz: X` that came before it, so
** that records made before aliases existed still name the same rules (tileset.c). */
MP_INTERNAL uint64_t mp_y_hash_fold(const mp_ynode *n, uint64_t h, const char *fold);
#define MP_HASH_INIT 14695981039346656037ULL

/* A new mapping: parent's keys, with child's keys replacing them; maps under the same key are
** merged the same way, recursively. Other values (scalars, sequences) are replaced whole. */
MP_INTERNAL mp_ynode *mp_y_merge(mp_arena *a, const mp_ynode *parent, const mp_ynode *child);

#endif
