/*
** api.h: the JSON API of meeple serve (meeple-serve(1), section API), as server.c calls it: one
** request in, one reply out. Knows nothing of HTTP's connections; every room of the API
** (api-*.c) keeps its own table behind its own lock, so that requests of different games, on
** different threads, go on at once.
*/
#ifndef MP_TOOLS_API_H
#define MP_TOOLS_API_H

#include <stddef.h>

typedef struct api_request {
    const char *method;        /* "GET", "POST", ... */
    const char *path;          /* decoded, without the query: "/api/games/3" */
    const char *body;          /* len bytes, not terminated; NULL when none */
    size_t len;
    /* A query argument's value ("?turn=4": arg(cls, "turn") is "4"), NULL when not given. */
    const char *(*arg)(void *cls, const char *name);
    void *cls;
} api_request;

typedef struct api_reply {
    int status;                /* the HTTP status: 200, 201, 202, 4xx, 500 */
    const char *type;          /* its content type */
    char *body;                /* malloc'ed; NULL only when memory ran out */
    char filename[64];         /* not empty: download it as this file (Content-Disposition) */
} api_reply;

enum { API_MAX_GAMES = 100000 };

/* What the command line sets for every request. */
typedef struct api_config {
    double think_seconds;              /* the longest an mcts seat thinks a decision (--think) */
    int bot_threads;                   /* threads a bot's decision searches with (--bot-threads) */
    int max_games;                     /* games held at once, 1 to API_MAX_GAMES (--max-games) */
    const char *const *design_files;   /* files given on the command line, for the Design page */
    int n_design_files;
} api_config;

/* Before the first request. The config's strings must outlive the server. */
void api_init(const api_config *cfg);
/* Answers one request under /api/. Every error is a 4xx (or 500) with {"error": "..."}.
** Thread-safe: any number of threads may call it at once. */
api_reply api_handle(const api_request *rq);
/* The largest body a request to this path may have (bytes): bigger ones are refused with 413. */
size_t api_body_limit(const char *method, const char *path);
/* {"error": "..."} with the status. */
api_reply api_error(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same with "flag": true beside the error ({"error": "...", "exists": true}), for a page to
** tell one refusal of a status from another. */
api_reply api_error_flag(int status, const char *flag, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Frees every game, replay, design and job (at the server's end, no request in flight). */
void api_free_all(void);

#endif
