/*
** svg.h: what every SVG meeple writes shares (the charts, tools/pictures/chart.c; tiles and boards,
** tools/pictures/render.c): the document's start and end, and text made safe to stand in it.
*/
#ifndef MP_TOOLS_SVG_H
#define MP_TOOLS_SVG_H

#include <stdio.h>

/* The XML declaration and the <svg> element's start: width x height pixels (whole: rounded), the
** same viewBox, sans-serif at 12 px unless an element says otherwise. */
void svg_begin(FILE *f, double width, double height);
/* A white rectangle over the whole picture, under what follows (a viewer's own background may be
** dark or a checkerboard). */
void svg_background(FILE *f);
/* s as an element's text or an attribute's value (in double quotes): <, >, & and " escaped; and
** always well-formed XML in UTF-8: a byte that begins no valid UTF-8 sequence (a name that is not
** UTF-8), and a character XML 1.0 forbids (control characters but tab, newline and carriage
** return), are each written as U+FFFD, the replacement character. */
void svg_text(FILE *f, const char *s);
/* The </svg> that ends the document: 0, or -1 if anything could not be written to f. */
int svg_end(FILE *f);

#endif
