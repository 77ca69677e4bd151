/*
** json.c: a small streaming JSON writer (commas, nesting and string escapes handled here).
*/
#include "json.h"

void json_init(json *j, FILE *f) {
    j->f = f;
    j->depth = 0;
    j->first[0] = true;
    j->after_key = false;
}

static void sep(json *j) {
    if (j->after_key) { j->after_key = false; return; }
    if (!j->first[j->depth]) fputc(',', j->f);
    j->first[j->depth] = false;
}

static void open(json *j, char c) {
    sep(j);
    fputc(c, j->f);
    if (j->depth < 63) j->depth++;
    j->first[j->depth] = true;
}

static void close_(json *j, char c) {
    fputc(c, j->f);
    if (j->depth > 0) j->depth--;
}

void json_object(json *j) { open(j, '{'); }
void json_object_end(json *j) { close_(j, '}'); }
void json_array(json *j) { open(j, '['); }
void json_array_end(json *j) { close_(j, ']'); }

static void quoted(FILE *f, const char *s) {
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\t': fputs("\\t", f); break;
        case '\r': fputs("\\r", f); break;
        default:
            if (*p < 0x20) fprintf(f, "\\u%04x", *p);
            else fputc(*p, f);
        }
    }
    fputc('"', f);
}

void json_key(json *j, const char *key) {
    sep(j);
    quoted(j->f, key);
    fputc(':', j->f);
    j->after_key = true;
}

void json_string(json *j, const char *s) { sep(j); quoted(j->f, s); }
void json_int(json *j, long v) { sep(j); fprintf(j->f, "%ld", v); }
void json_uint(json *j, unsigned long long v) { sep(j); fprintf(j->f, "%llu", v); }
void json_bool(json *j, bool v) { sep(j); fputs(v ? "true" : "false", j->f); }
void json_double(json *j, double v) { sep(j); fprintf(j->f, "%.6g", v); }
void json_double_exact(json *j, double v) { sep(j); fprintf(j->f, "%.17g", v); }
void json_done(json *j) { fputc('\n', j->f); }
