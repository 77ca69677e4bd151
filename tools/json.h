/*
** json.h: a small streaming JSON writer, used by every --json output.
*/
#ifndef MP_TOOLS_JSON_H
#define MP_TOOLS_JSON_H

#include <stdbool.h>
#include <stdio.h>

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
void json_double(json *j, double v);
void json_done(json *j);   /* final newline */

#endif
