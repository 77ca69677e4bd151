/*
** api.h: the JSON API of meeple serve (meeple-serve(1)): the rulesets, the games in play on the
** server and their records, each request answered whole from its method, path and body. Knows
** nothing of HTTP's connections (server.c); holds the table of games behind a mutex.
*/
#ifndef MP_TOOLS_API_H
#define MP_TOOLS_API_H

#include <stddef.h>

typedef struct api_reply {
    int status;                /* the HTTP status: 200, 201, 4xx, 500 */
    const char *type;          /* its content type */
    char *body;                /* malloc'ed; NULL only when memory ran out */
} api_reply;

/* Answers one request: method ("GET", "POST"), path (decoded, no query), body (len bytes, not
** terminated). Every error is a 4xx (or 500) with {"error": "..."}. Thread-safe. */
api_reply api_handle(const char *method, const char *path, const char *body, size_t len);
/* The reply of a body larger than the server takes (413). */
api_reply api_error(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Frees every game in the table (at the server's end). */
void api_free_games(void);

#endif
