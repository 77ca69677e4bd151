/*
** jcz-locate.c: places in a .jcz file, for diagnostics.
**
** jansson gives the line and column of a syntax error but keeps no positions for the values it
** decodes. A problem found after decoding (a missing field, an unknown tile id, an illegal move) is
** named by its JSON path, "replay[12].payload.tileId", and this file walks the text (valid JSON:
** jansson has read it) along that path to find the line and column where the value starts.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jcz-impl.h"

typedef struct cursor { const char *s; size_t i, n; } cursor;

static void blanks(cursor *c) {
    while (c->i < c->n && strchr(" \t\r\n", c->s[c->i])) c->i++;
}

/* Skips a string (at its opening quote); copies its text, escapes kept as written, into key. */
static void skip_string(cursor *c, char *key, size_t size) {
    size_t k = 0;
    c->i++;
    while (c->i < c->n && c->s[c->i] != '"') {
        if (c->s[c->i] == '\\' && c->i + 1 < c->n) {
            if (key && k + 1 < size) key[k++] = c->s[c->i];
            c->i++;
        }
        if (key && k + 1 < size) key[k++] = c->s[c->i];
        c->i++;
    }
    if (key) key[k] = 0;
    if (c->i < c->n) c->i++;
}

/* Skips one value of any kind. */
static void skip_value(cursor *c) {
    blanks(c);
    if (c->i >= c->n) return;
    char ch = c->s[c->i];
    if (ch == '"') { skip_string(c, NULL, 0); return; }
    if (ch != '{' && ch != '[') {
        while (c->i < c->n && !strchr(",}] \t\r\n", c->s[c->i])) c->i++;
        return;
    }
    int depth = 0;
    while (c->i < c->n) {
        ch = c->s[c->i];
        if (ch == '"') { skip_string(c, NULL, 0); continue; }
        c->i++;
        if (ch == '{' || ch == '[') depth++;
        else if ((ch == '}' || ch == ']') && --depth == 0) return;
    }
}

/* Moves to the value of key in the object at the cursor; false when there is none. */
static bool enter_key(cursor *c, const char *key) {
    blanks(c);
    if (c->i >= c->n || c->s[c->i] != '{') return false;
    c->i++;
    for (;;) {
        blanks(c);
        if (c->i >= c->n || c->s[c->i] != '"') return false;
        char name[256];
        skip_string(c, name, sizeof name);
        blanks(c);
        if (c->i < c->n && c->s[c->i] == ':') c->i++;
        blanks(c);
        if (strcmp(name, key) == 0) return true;
        skip_value(c);
        blanks(c);
        if (c->i >= c->n || c->s[c->i] != ',') return false;
        c->i++;
    }
}

/* Moves to element k of the array at the cursor; false when there is none. */
static bool enter_index(cursor *c, long k) {
    blanks(c);
    if (c->i >= c->n || c->s[c->i] != '[') return false;
    c->i++;
    for (long at = 0;; at++) {
        blanks(c);
        if (c->i >= c->n || c->s[c->i] == ']') return false;
        if (at == k) return true;
        skip_value(c);
        blanks(c);
        if (c->i >= c->n || c->s[c->i] != ',') return false;
        c->i++;
    }
}

int jcz_locate(const char *text, size_t len, const char *jpath, int *line, int *column) {
    *line = *column = 0;
    cursor c = { text, 0, len };
    blanks(&c);
    size_t found = c.i;
    bool any = jpath[0] == 0;
    const char *p = jpath;
    while (*p) {
        cursor at = c;
        bool ok;
        if (*p == '[') {
            char *end;
            long k = strtol(p + 1, &end, 10);
            p = *end == ']' ? end + 1 : end;
            ok = enter_index(&at, k);
        } else {
            if (*p == '.') p++;
            char key[256];
            size_t n = strcspn(p, ".[");
            snprintf(key, sizeof key, "%.*s", (int)(n < sizeof key ? n : sizeof key - 1), p);
            p += n;
            ok = enter_key(&at, key);
        }
        if (!ok) break;
        blanks(&at);
        c = at;
        found = c.i;
        any = true;
    }
    if (!any) return 1;
    /* Lines from 1; columns from 1 in characters (UTF-8 continuation bytes do not count). */
    int l = 1, col = 1;
    for (size_t i = 0; i < found && i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch == '\n') { l++; col = 1; }
        else if ((ch & 0xC0) != 0x80) col++;
    }
    *line = l;
    *column = col;
    return 0;
}

int jcz_error(const jcz_src *src, mp_diag *d, const char *jpath, const char *type, const char *fmt, ...) {
    snprintf(d->file, sizeof d->file, "%s", src->path);
    d->line = d->column = 0;
    if (src->text && jpath[0]) jcz_locate(src->text, src->len, jpath, &d->line, &d->column);
    char msg[sizeof d->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* Paths and types are short; the message takes what is left of the 511 characters. */
    if (!jpath[0]) snprintf(d->message, sizeof d->message, "%s", msg);
    else if (type) snprintf(d->message, sizeof d->message, "%.100s (%.30s): %.370s", jpath, type, msg);
    else snprintf(d->message, sizeof d->message, "%.100s: %.400s", jpath, msg);
    return 1;
}
