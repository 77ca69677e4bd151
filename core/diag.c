/*
** diag.c: formatting of diagnostics, "file:line:column: message", and of the input they quote.
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

int mp_diag_vset(mp_diag *d, const char *file, int line, int column, const char *fmt, va_list ap) {
    if (!d) return 1;
    snprintf(d->file, sizeof d->file, "%s", file ? file : "");
    d->line = line;
    d->column = column;
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    return 1;
}

int mp_diag_set(mp_diag *d, const char *file, int line, int column, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    mp_diag_vset(d, file, line, column, fmt, ap);
    va_end(ap);
    return 1;
}

int mp_diag_column(mp_diag *d, int column, const char *fmt, ...) {
    if (!d) return 1;
    d->column = column;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    va_end(ap);
    return 1;
}

/* POSIX's strerror_r, returning int: the build asks for POSIX (_POSIX_C_SOURCE), not GNU's
** variant, which returns a pointer. */
const char *mp_errno_text(int err, char *buf, size_t size) {
    if (strerror_r(err, buf, size) != 0) snprintf(buf, size, "error %d", err);
    return buf;
}

/* The length of the well-formed UTF-8 character (not a control character) at s, n bytes left;
** 0 when the bytes there are no such character. */
static size_t printable_char(const unsigned char *s, size_t n) {
    unsigned c = s[0];
    if (c >= 0x20 && c < 0x7f) return 1;
    size_t len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (len == 0 || len > n) return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (c == 0xe0 && s[1] < 0xa0) return 0;                   /* overlong */
    if (c == 0xed && s[1] >= 0xa0) return 0;                  /* a surrogate */
    if (c == 0xf0 && s[1] < 0x90) return 0;                   /* overlong */
    if (c == 0xf4 && s[1] >= 0x90) return 0;                  /* past U+10FFFF */
    if (c == 0xc2 && s[1] < 0xa0) return 0;                   /* U+0080..U+009F: control characters */
    return len;
}

/* One byte that cannot be shown as it is, escaped. */
static void escape(unsigned char c, char out[5]) {
    if (c == '\n') strcpy(out, "\\n");
    else if (c == '\t') strcpy(out, "\\t");
    else if (c == '\r') strcpy(out, "\\r");
    else snprintf(out, 5, "\\x%02x", c);
}

/* The len bytes at s into buf, each byte that cannot be shown as it is escaped; cut with "..."
** after `most` characters (an escape counts as one), never when most < 0. */
static const char *escape_into(const char *s, size_t len, char *buf, size_t size, int most) {
    const unsigned char *u = (const unsigned char *)s;
    size_t used = 0, at = 0;
    if (!size) return buf;
    for (int chars = 0; at < len; chars++) {
        if (chars == most) {
            if (used + 4 <= size) { memcpy(buf + used, "...", 3); used += 3; }
            break;
        }
        char piece[5];
        size_t n = printable_char(u + at, len - at), w = n;
        if (n) memcpy(piece, u + at, n);
        else { escape(u[at], piece); n = 1; w = strlen(piece); }
        if (used + w >= size) break;   /* a piece never goes in halfway */
        memcpy(buf + used, piece, w);
        used += w;
        at += n;
    }
    buf[used] = 0;
    return buf;
}

const char *mp_quote_n(const char *s, size_t len, char *buf, size_t size) {
    return escape_into(s, len, buf, size, MP_QUOTE_CHARS);
}

/* Every diagnostic is one readable line: whatever a message quotes without mp_quote (a name read
** from a file, a file name), its control characters and bytes that are not UTF-8 come out escaped. */
void mp_diag_format(const mp_diag *d, char *buf, size_t size) {
    char raw[sizeof d->file + sizeof d->message + 32];
    if (d->file[0] && d->line > 0 && d->column > 0)
        snprintf(raw, sizeof raw, "%s:%d:%d: %s", d->file, d->line, d->column, d->message);
    else if (d->file[0] && d->line > 0)
        snprintf(raw, sizeof raw, "%s:%d: %s", d->file, d->line, d->message);
    else if (d->file[0])
        snprintf(raw, sizeof raw, "%s: %s", d->file, d->message);
    else
        snprintf(raw, sizeof raw, "%s", d->message);
    escape_into(raw, strlen(raw), buf, size, -1);
}

const char *mp_quote(const char *s, char *buf, size_t size) { return mp_quote_n(s, strlen(s), buf, size); }
