/*
** api-rulesets.c: the rulesets a game may be played under (meeple-serve(1), section API,
** /api/rulesets): those of the search directories, as `meeple rulesets` lists them.
*/
#include <stdlib.h>
#include <string.h>

#include "api-room.h"

static api_reply list(void) {
    char *names[256];
    int n = ruleset_names(names, 256);
    json j;
    jw_init(&j, NULL);
    jw_array(&j);
    for (int i = 0; i < n; i++) {
        mp_diag d = { 0 };
        mp_ruleset *rs = mp_ruleset_load(names[i], ruleset_dirs(), &d);
        if (rs) {   /* one that does not load is left out: meeple lint says why */
            jw_object(&j);
            jw_key(&j, "name"); jw_string(&j, mp_ruleset_name(rs));
            jw_key(&j, "description"); jw_string(&j, mp_ruleset_description(rs));
            jw_object_end(&j);
        }
        mp_ruleset_free(rs);
        free(names[i]);
    }
    jw_array_end(&j);
    return reply_json(200, jw_take(&j));
}

api_reply api_rulesets(const api_request *rq, const char *rest) {
    if (!*rest) return strcmp(rq->method, "GET") == 0 ? list() : reply_method(rq, "GET");
    return api_error(404, "no such path '%s'; expected /api/rulesets", quoted(rq->path));
}
