/*
** utf8.h: how long the valid UTF-8 sequence at a byte is; the JSON and SVG writers (tools/common/json.c,
** tools/pictures/svg.c) print text that is not UTF-8 (a player's or a file's name) as valid UTF-8 with it.
*/
#ifndef MP_TOOLS_UTF8_H
#define MP_TOOLS_UTF8_H

#include <stddef.h>

/* The length (1 to 4) of the valid UTF-8 sequence s begins with (RFC 3629: no overlong forms, no
** surrogates, nothing above U+10FFFF), or 0: *s begins none (a NUL ends s; 0 for it too). */
size_t utf8_length(const char *s);

/* The bytes of U+FFFD, the replacement character, which the writers print for each byte that
** begins no valid sequence. */
#define UTF8_REPLACEMENT "\xef\xbf\xbd"

#endif
