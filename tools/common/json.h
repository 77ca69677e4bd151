/*
** json.h: the JSON behind every --json and every part of a sharded run. Callers make it in the
** order it is printed (object, key, value, ..., end), as a stream; the writer builds it as a
** jansson tree (a stack of the containers still open, no limit to their depth) and jansson prints
** it, compact, at json_done. What jansson cannot hold is made so that the output is always valid
** JSON (meeple(1), section JSON):
**   - text that is not UTF-8 (a player's or a file's name): each byte that begins no valid UTF-8
**     sequence becomes U+FFFD, the replacement character; control characters are escaped (\n,
**     \u0001);
**   - a number that is not finite (nan, inf): null;
**   - a whole number above 2^63-1 (jansson's integers are signed 64-bit: a --seed that large):
**     the string of its decimal digits.
** Keys keep the order they were written in. A key written twice in an object keeps its first
** place and its last value (jansson's objects hold a key once).
*/
#ifndef MP_TOOLS_JSON_H
#define MP_TOOLS_JSON_H

#include <stdbool.h>
#include <stdio.h>

struct json_t;   /* jansson's */

typedef struct json {
    FILE *f;
    struct json_t *root;     /* the document so far; NULL until its first value */
    struct json_t **open;    /* the containers open, outermost first */
    int depth, cap;
    char *key;               /* a key written whose value has not come yet */
    int digits;              /* significant digits the document's numbers need to print exact (1..17) */
    bool failed;             /* out of memory: json_done says so, prints nothing */
} json;

/* In the object code the writer's functions are jw_*: jansson, which reads and writes
** JCloisterZone's files (tools/jcz/jcz*.c) and which this writer is built on, has functions named
** json_object, json_array and json_string, and the program's own would take their place. A caller
** of the writer uses the json_* names below; tools/common/json.c, which calls jansson's, defines
** MP_JSON_WRITER to do without them. */
void jw_init(json *j, FILE *f);
void jw_object(json *j);
void jw_object_end(json *j);
void jw_array(json *j);
void jw_array_end(json *j);
void jw_key(json *j, const char *key);
void jw_string(json *j, const char *s);     /* NULL: null */
void jw_int(json *j, long v);
void jw_uint(json *j, unsigned long long v);
void jw_bool(json *j, bool v);
/* Six significant digits, for reading (0.1, 12.3457, 1e-7): the value rounded as %.6g rounds it. */
void jw_double(json *j, double v);
/* Every digit a double needs to read back as the same double: for numbers a program reads back and
** adds up (the seconds in a part of a sharded run, meeple-merge(1)). The shortest that reads back:
** 0.1 stays 0.1. */
void jw_double_exact(json *j, double v);
/* Prints the document and a newline to the FILE of json_init and frees it: 0; or -1 when it could
** not be built or printed (out of memory, a write error), said on stderr. */
int jw_done(json *j);
/* The document built, for the caller to read (and json_decref): no printing; j is freed. NULL when
** nothing was written or memory ran out. */
struct json_t *jw_take(json *j);

#ifndef MP_JSON_WRITER
#define json_init jw_init
#define json_object jw_object
#define json_object_end jw_object_end
#define json_array jw_array
#define json_array_end jw_array_end
#define json_key jw_key
#define json_string jw_string
#define json_int jw_int
#define json_uint jw_uint
#define json_bool jw_bool
#define json_double jw_double
#define json_double_exact jw_double_exact
#define json_done jw_done
#endif

#endif
