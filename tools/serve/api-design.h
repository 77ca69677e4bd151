/*
** api-design.h: what the design room (api-design.c) hands the jobs room (api-jobs.c): a copy of a
** design, for `meeple tilestats` or `meeple balance` to play it in a process of its own
** (POST /api/design/ID/tilestats, /balance); and what it shares with the tile editor
** (api-design-edit.c): a design's text, a new design.
*/
#ifndef MP_TOOLS_API_DESIGN_H
#define MP_TOOLS_API_DESIGN_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "api.h"

/* A design as a job needs it: its own copy, the design may leave the table while the job runs. */
typedef struct design_copy {
    int id;
    const char *file;     /* the file as given on the command line (api_cfg), NULL for an upload */
    bool ruleset;         /* a ruleset; else a tile set */
    bool has_start;       /* a tile set with a start tile: played alone */
    char *text;           /* the file's text, len bytes (malloc'ed, NUL-terminated) */
    size_t len;
    char file_name[64];   /* its name as a file's (design_download_name): what a job writes it as */
} design_copy;

/* A copy of design id (dc->text malloc'ed) and its name: false when the table has no such design. */
bool design_lookup(long id, design_copy *dc, char *name, size_t n);
/* A new design of text (malloc'ed, taken), as an upload called name: 201 with what POST
** /api/design replies, and extra's keys (taken; NULL none) added to it. */
api_reply design_add(const char *name, char *text, size_t len, json_t *extra);

/* The tile editor (api-design-edit.c): POST /api/design/ID/tile, and POST /api/design with
** {"blank": NAME, "ruleset": R} (body: that request's JSON). */
api_reply design_edit_tile(const api_request *rq, long id);
api_reply design_blank(const json_t *body);

/* The commands a job runs on a design. */
typedef enum job_command { JOB_TILESTATS, JOB_BALANCE } job_command;

/* POST /api/design/ID/tilestats or /balance for that design: 202 {job, ruleset_text}, or a 4xx. */
api_reply design_job(job_command command, const design_copy *dc, const api_request *rq);

#endif
