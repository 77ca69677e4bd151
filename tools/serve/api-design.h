/*
** api-design.h: what the design room (api-design.c) hands the jobs room (api-jobs.c): a copy of a
** design, for `meeple tilestats` to play it in a process of its own (POST /api/design/ID/tilestats).
*/
#ifndef MP_TOOLS_API_DESIGN_H
#define MP_TOOLS_API_DESIGN_H

#include <stdbool.h>
#include <stddef.h>

#include "api.h"

/* A design as a job needs it: its own copy, the design may leave the table while the job runs. */
typedef struct design_copy {
    int id;
    const char *file;     /* the file as given on the command line (api_cfg), NULL for an upload */
    bool ruleset;         /* a ruleset; else a tile set */
    bool has_start;       /* a tile set with a start tile: played alone */
    char *text;           /* the file's text, len bytes (malloc'ed, NUL-terminated) */
    size_t len;
} design_copy;

/* POST /api/design/ID/tilestats for that design: 202 {job, ruleset_text}, or a 4xx. */
api_reply tilestats_job(const design_copy *dc, const api_request *rq);

#endif
