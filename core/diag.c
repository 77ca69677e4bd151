/*
** diag.c: formatting of diagnostics, "file:line:column: message".
*/
#include <stdio.h>

#include "meeple.h"

void mp_diag_format(const mp_diag *d, char *buf, size_t size) {
    if (d->file[0] && d->line > 0 && d->column > 0)
        snprintf(buf, size, "%s:%d:%d: %s", d->file, d->line, d->column, d->message);
    else if (d->file[0] && d->line > 0)
        snprintf(buf, size, "%s:%d: %s", d->file, d->line, d->message);
    else if (d->file[0])
        snprintf(buf, size, "%s: %s", d->file, d->message);
    else
        snprintf(buf, size, "%s", d->message);
}
