/*
** meeple-yaml.h: YAML written with libyaml's emitter, so that any text read back is the text
** written. Installed beside meeple.h for programs that write meeple's formats themselves (the
** rulesets `meeple import` generates); most programs need only meeple.h.
**
** Everything meeple writes as YAML (game records, the rulesets `meeple import` generates) goes
** through these calls: a document is built in memory as a stream of mappings, sequences and
** scalars, in block or flow style as the caller asks, and taken as text at the end. Double-quoted
** scalars are escaped by libyaml (control characters, line breaks, quotes, any Unicode), lines
** are never folded, and non-ASCII text is written as UTF-8, not as escapes. The first error (a
** string that is not UTF-8, a call out of order) sticks and is returned by mp_yw_finish.
*/
#ifndef MEEPLE_YAML_H
#define MEEPLE_YAML_H

#include <stdbool.h>
#include <stddef.h>
#include "meeple.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mp_yw mp_yw;

/* A writer of one document; `comment` ("" for none) is written first, as it is (each of its
** lines starting with '#'). */
MP_API mp_yw *mp_yw_new(const char *comment);
MP_API void mp_yw_free(mp_yw *w);

/* Collections: flow style ({a: 1}, [x, y]) or block style (a key or item a line). */
MP_API void mp_yw_map(mp_yw *w, bool flow);
MP_API void mp_yw_end_map(mp_yw *w);
MP_API void mp_yw_seq(mp_yw *w, bool flow);
MP_API void mp_yw_end_seq(mp_yw *w);

/* Scalars: plain (keys, numbers, names: libyaml quotes the text when plain would not read back
** the same), double-quoted (any text), a number. */
MP_API void mp_yw_plain(mp_yw *w, const char *s);
MP_API void mp_yw_quoted(mp_yw *w, const char *s);
MP_API void mp_yw_int(mp_yw *w, long long v);
MP_API void mp_yw_uint(mp_yw *w, unsigned long long v);

/* Ends the document. Returns its text (NUL-terminated, *len bytes; the caller frees it), or NULL
** with what went wrong in `error`. */
MP_API char *mp_yw_finish(mp_yw *w, size_t *len, char *error, size_t size);

#ifdef __cplusplus
}
#endif
#endif
