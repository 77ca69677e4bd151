/*
** assets.h: the files of the page (tools/serve/page/), compiled into meeple serve by
** tools/serve/embed.sh, which writes assets.c in the build directory (Makefile.am).
*/
#ifndef MP_TOOLS_ASSETS_H
#define MP_TOOLS_ASSETS_H

#include <stddef.h>

typedef struct asset {
    const char *path;            /* as served: "/index.html", "/app.js" */
    const char *type;            /* its content type */
    const unsigned char *data;
    size_t len;
} asset;

/* The asset served at this path ("/" is "/index.html"), NULL when none. */
const asset *asset_find(const char *path);

#endif
