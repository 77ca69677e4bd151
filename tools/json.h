/*
** json.h: a small streaming JSON writer, used by every --json output.
*/
#ifndef MP_TOOLS_JSON_H
#define MP_TOOLS_JSON_H

#include <stdbool.h>
#include <stdio.h>

/* In the object code the writer's functions are jw_*: jansson, which reads and writes
** JCloisterZone's files (tools/jcz*.c), has functions named json_object, json_array and
** json_string too, and the program's own would take their place. A file uses one or the other. */
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

typedef struct json {
    FILE *f;
    int depth;
    bool first[64];       /* per open level: nothing written in it yet */
    bool after_key;       /* a key was written; the value follows without a comma */
} json;

void json_init(json *j, FILE *f);
void json_object(json *j);
void json_object_end(json *j);
void json_array(json *j);
void json_array_end(json *j);
void json_key(json *j, const char *key);
void json_string(json *j, const char *s);
void json_int(json *j, long v);
void json_uint(json *j, unsigned long long v);
void json_bool(json *j, bool v);
void json_double(json *j, double v);          /* six significant digits, for reading */
/* Every digit a double needs to read back as the same double (%.17g): for numbers a program reads
** back and adds up (the seconds in a part of a sharded run, meeple-merge(1)). */
void json_double_exact(json *j, double v);
void json_done(json *j);   /* final newline */

#endif
