/*
** api.c: the door of the API (meeple-serve(1), section API): routes a request by its path to the
** room that answers it (api-*.c), and the replies (and the file reader) the rooms share. Holds no
** state of its own.
*/
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api-room.h"

api_config api_cfg = { .think_seconds = 2.0, .max_games = 1000 };

void api_init(const api_config *cfg) { api_cfg = *cfg; }

/* ------------------------------------------------------------------ replies */

api_reply reply_json(int status, json_t *v) {
    api_reply r = { status, "application/json", NULL, "" };
    r.body = v ? json_dumps(v, JSON_COMPACT) : NULL;
    json_decref(v);
    if (!r.body) { r.status = 500; r.body = strdup("{\"error\":\"out of memory\"}"); }
    return r;
}

api_reply reply_text(int status, const char *type, char *body) {
    api_reply r = { status, type, body, "" };
    if (!body) r = api_error(500, "out of memory");
    return r;
}

/* {"error": message} with flag (when not NULL) set true beside it. */
static api_reply error_reply(int status, const char *flag, const char *fmt, va_list ap) {
    char msg[1200];
    vsnprintf(msg, sizeof msg, fmt, ap);
    /* Through the writer: text that is not UTF-8 (a path quoted) still makes valid JSON. */
    json j;
    jw_init(&j, NULL);
    jw_object(&j);
    jw_key(&j, "error"); jw_string(&j, msg);
    if (flag) { jw_key(&j, flag); jw_bool(&j, true); }
    jw_object_end(&j);
    return reply_json(status, jw_take(&j));
}

api_reply api_error(int status, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    api_reply r = error_reply(status, NULL, fmt, ap);
    va_end(ap);
    return r;
}

api_reply api_error_flag(int status, const char *flag, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    api_reply r = error_reply(status, flag, fmt, ap);
    va_end(ap);
    return r;
}

api_reply reply_diag(int status, const mp_diag *d) {
    if (d->line) return api_error(status, "%d:%d: %s", d->line, d->column, d->message);
    return d->column ? api_error(status, "column %d: %s", d->column, d->message) : api_error(status, "%s", d->message);
}

api_reply reply_method(const api_request *rq, const char *allowed) {
    return api_error(405, "%s %s; expected %s", quoted(rq->method), quoted(rq->path), allowed);
}

json_t *parse_body(const api_request *rq, const char *expected, api_reply *err) {
    json_error_t je;
    json_t *v = json_loadb(rq->body ? rq->body : "", rq->len, 0, &je);
    if (!v) {
        *err = api_error(400, "malformed JSON: %s at line %d column %d; expected %s", je.text, je.line, je.column, expected);
        return NULL;
    }
    if (!json_is_object(v)) {
        json_decref(v);
        *err = api_error(400, "the body is not a JSON object; expected %s", expected);
        return NULL;
    }
    return v;
}

long parse_id(const char *s, const char **rest) {
    if (!s || !isdigit((unsigned char)*s)) return -1;
    long v = 0;
    for (; isdigit((unsigned char)*s); s++) {
        if (v > 100000000) return -1;
        v = v * 10 + (*s - '0');
    }
    if (rest) *rest = s;
    else if (*s) return -1;
    return v;
}

int new_token(char *out) {
    unsigned char b[16];
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 1;
    ssize_t got = read(fd, b, sizeof b);
    close(fd);
    if (got != (ssize_t)sizeof b) return 1;
    for (size_t i = 0; i < sizeof b; i++) sprintf(out + 2 * i, "%02x", b[i]);
    return 0;
}

/* ------------------------------------------------------------------ files */

int read_text_file(const char *path, size_t max, char **text, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return 1;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (size_t got = 1; buf && got;) {
        if (cap - n < 2) {
            char *more = cap < max ? realloc(buf, cap * 2) : NULL;
            if (!more) { free(buf); buf = NULL; errno = EFBIG; break; }
            buf = more;
            cap *= 2;
        }
        got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
    }
    bool bad = ferror(f);
    fclose(f);
    if (!buf || bad) { free(buf); if (bad) errno = EIO; return 1; }
    buf[n] = 0;
    *text = buf;
    *len = n;
    return 0;
}

/* ------------------------------------------------------------------ routing */

static const struct room {
    const char *prefix;
    api_reply (*answer)(const api_request *rq, const char *rest);
} rooms[] = {
    { "/api/rulesets", api_rulesets },
    { "/api/games", api_games },
    { "/api/replays", api_replays },
    { "/api/design", api_design },
    { "/api/jobs", api_jobs },
};

api_reply api_handle(const api_request *rq) {
    /* A path with ".." is refused before anything: no path may climb out of what is served. */
    if (strstr(rq->path, "..")) return api_error(404, "no such path '%s'; expected /api/...", quoted(rq->path));
    for (size_t i = 0; i < sizeof rooms / sizeof rooms[0]; i++) {
        size_t n = strlen(rooms[i].prefix);
        if (strncmp(rq->path, rooms[i].prefix, n) == 0 && (rq->path[n] == 0 || rq->path[n] == '/'))
            return rooms[i].answer(rq, rq->path + n);
    }
    return api_error(404, "no such path '%s'; expected /api/rulesets, /api/games, /api/replays, /api/design or /api/jobs",
                     quoted(rq->path));
}

size_t api_body_limit(const char *method, const char *path) {
    (void)method;
    /* A record, a .jcz file or a tile set travels in the body of these; actions are small. */
    static const char *const big[] = { "/api/games", "/api/replays", "/api/design" };
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
        if (strcmp(path, big[i]) == 0) return 4u << 20;
    return 64u << 10;
}

void api_free_all(void) {
    api_jobs_free();
    api_design_free();
    api_replays_free();
    api_games_free();
}
