/*
** api-jobs.c: /api/jobs (meeple-serve(1), section API). Not yet built: every request is 501.
*/
#include "api-room.h"

api_reply api_jobs(const api_request *rq, const char *rest) {
    (void)rest;
    return api_error(501, "%s is not built yet", quoted(rq->path));
}

void api_jobs_free(void) {}
