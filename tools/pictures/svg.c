/*
** svg.c: the start and end of an SVG document and its text (see svg.h).
*/
#include "svg.h"

#include <string.h>

#include "utf8.h"

void svg_begin(FILE *f, double width, double height) {
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
               "font-family=\"sans-serif\" font-size=\"12\">\n", width, height, width, height);
}

void svg_background(FILE *f) { fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"); }

/* Whether XML 1.0 allows the character of the valid UTF-8 sequence of n bytes at s (its Char
** production): not the controls but tab, newline and carriage return; not U+FFFE or U+FFFF. */
static int xml_char(const char *s, size_t n) {
    unsigned char c = (unsigned char)s[0];
    if (n == 1) return c >= 0x20 || c == '\t' || c == '\n' || c == '\r';
    return !(n == 3 && !memcmp(s, "\xef\xbf", 2) && ((unsigned char)s[2] == 0xbe || (unsigned char)s[2] == 0xbf));
}

void svg_text(FILE *f, const char *s) {
    size_t n;
    for (; *s; s += n ? n : 1) {
        n = utf8_length(s);
        if (!n || !xml_char(s, n)) fputs(UTF8_REPLACEMENT, f);
        else if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else if (*s == '"') fputs("&quot;", f);
        else fwrite(s, 1, n, f);
    }
}

int svg_end(FILE *f) {
    fprintf(f, "</svg>\n");
    return ferror(f) ? -1 : 0;
}
