/*
** utf8.c: the length of a valid UTF-8 sequence (see utf8.h).
*/
#include "utf8.h"

size_t utf8_length(const char *str) {
    const unsigned char *s = (const unsigned char *)str;
    unsigned char c = s[0];
    size_t n;
    unsigned long cp;
    if (!c) return 0;
    if (c < 0x80) return 1;
    if (c >= 0xc2 && c <= 0xdf) { n = 2; cp = c & 0x1fu; }
    else if (c >= 0xe0 && c <= 0xef) { n = 3; cp = c & 0x0fu; }
    else if (c >= 0xf0 && c <= 0xf4) { n = 4; cp = c & 0x07u; }
    else return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;   /* a NUL too: the sequence is cut short */
        cp = cp << 6 | (s[i] & 0x3fu);
    }
    static const unsigned long least[5] = { 0, 0, 0x80, 0x800, 0x10000 };   /* below: overlong */
    if (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    return n;
}
