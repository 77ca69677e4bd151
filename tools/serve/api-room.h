/*
** api-room.h: what the rooms of the API share (api.c routes a request to the room its path
** names): replies, the request's body as JSON, and each room's entry point.
*/
#ifndef MP_TOOLS_API_ROOM_H
#define MP_TOOLS_API_ROOM_H

#define MP_JSON_WRITER   /* jansson's json_* names, the writer's as jw_* (json.h) */
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "api.h"
#include "cmd.h"
#include "json.h"

extern api_config api_cfg;

/* v as the reply (compact JSON), v's reference taken. */
api_reply reply_json(int status, json_t *v);
/* The diagnostic as {"error": "line:column: message"}. */
api_reply reply_diag(int status, const mp_diag *d);
/* A reply of another type (image/svg+xml, text/yaml), the body taken (malloc'ed). */
api_reply reply_text(int status, const char *type, char *body);
/* 405: the path takes only `allowed` ("GET", "POST", "GET or POST"). */
api_reply reply_method(const api_request *rq, const char *allowed);
/* The body as a JSON object, or NULL with *err the reply (400) saying why; expected: an example. */
json_t *parse_body(const api_request *rq, const char *expected, api_reply *err);
/* A whole number >= 0 from "123" (an id in a path, a query argument); -1 when it is not one. *rest,
** when not NULL, is set after the digits (and then trailing text is allowed). */
long parse_id(const char *s, const char **rest);
/* The whole of a file, NUL-terminated, shorter than max bytes (64 KiB times a power of two): a
** design given on the command line, a job's chart. 0, or non-zero with errno set (EFBIG: longer). */
int read_text_file(const char *path, size_t max, char **text, size_t *len);
/* A secret of 16 random bytes in hex (33 bytes with the NUL): 0, or 1 when /dev/urandom failed. */
int new_token(char *out);

/* The rooms. rest is the path after the room's prefix ("" or "/3/actions"). */
api_reply api_rulesets(const api_request *rq, const char *rest);   /* /api/rulesets  api-rulesets.c */
api_reply api_games(const api_request *rq, const char *rest);      /* /api/games     api-games.c */
api_reply api_replays(const api_request *rq, const char *rest);    /* /api/replays   api-replays.c */
api_reply api_design(const api_request *rq, const char *rest);     /* /api/design    api-design.c */
api_reply api_jobs(const api_request *rq, const char *rest);       /* /api/jobs      api-jobs.c */
void api_games_free(void);
void api_replays_free(void);
void api_design_free(void);
void api_jobs_free(void);

#endif
