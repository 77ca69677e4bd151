/*
** api-rulesets.c: the rulesets a game may be played under (meeple-serve(1), section API,
** /api/rulesets): those of the search directories, as `meeple rulesets` lists them, and the rules
** in which two of them differ, as `meeple rulesets --diff` says it (rule-diff.h).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api-room.h"
#include "rule-diff.h"

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
            jw_key(&j, "min_players"); jw_int(&j, mp_ruleset_min_players(rs));
            jw_key(&j, "max_players"); jw_int(&j, mp_ruleset_max_players(rs));
            jw_key(&j, "modules"); jw_array(&j);
            for (int v = 0; v < mp_ruleset_n_modules(rs); v++) jw_string(&j, mp_ruleset_module_name(rs, v));
            jw_array_end(&j);
            jw_object_end(&j);
        }
        mp_ruleset_free(rs);
        free(names[i]);
    }
    jw_array_end(&j);
    return reply_json(200, jw_take(&j));
}

/* A ruleset named by query argument `which` ("a" or "b"): loaded, or NULL with *err the reply. */
static mp_ruleset *named(const api_request *rq, const char *which, api_reply *err) {
    const char *name = rq->arg ? rq->arg(rq->cls, which) : NULL;
    if (!name) {
        *err = api_error(400, "no query argument '%s'; expected /api/rulesets/diff?a=A&b=B, two names of GET /api/rulesets", which);
        return NULL;
    }
    if (!ruleset_name_ok(name)) {
        *err = api_error(400, "'%s': '%s' is not a ruleset's name; expected letters, digits, '-' and '_' (one of GET /api/rulesets)",
                         which, quoted(name));
        return NULL;
    }
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(name, ruleset_dirs(), &d);
    if (!rs) *err = api_error(404, "'%s': no ruleset '%s'; expected one of GET /api/rulesets", which, quoted(name));
    return rs;
}

static api_reply diff(const api_request *rq) {
    api_reply err;
    mp_ruleset *a = named(rq, "a", &err), *b = a ? named(rq, "b", &err) : NULL;
    if (!a || !b) { mp_ruleset_free(a); return err; }
    mp_rule_diff v[RULE_DIFF_MAX];
    int n = rule_diffs(a, b, v);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f) {
        rule_diff_text(f, a, b, v, n);
        fclose(f);
    }
    json j;
    jw_init(&j, NULL);
    jw_object(&j);
    jw_key(&j, "a"); jw_string(&j, mp_ruleset_name(a));
    jw_key(&j, "b"); jw_string(&j, mp_ruleset_name(b));
    jw_key(&j, "text"); jw_string(&j, text ? text : "");
    jw_key(&j, "differences"); rule_diff_json(&j, v, n);
    jw_object_end(&j);
    free(text);
    mp_ruleset_free(a);
    mp_ruleset_free(b);
    return f ? reply_json(200, jw_take(&j)) : (json_decref(jw_take(&j)), api_error(500, "out of memory"));
}

api_reply api_rulesets(const api_request *rq, const char *rest) {
    bool get = strcmp(rq->method, "GET") == 0;
    if (!*rest) return get ? list() : reply_method(rq, "GET");
    if (!strcmp(rest, "/diff")) return get ? diff(rq) : reply_method(rq, "GET");
    return api_error(404, "no such path '%s'; expected /api/rulesets or /api/rulesets/diff?a=A&b=B", quoted(rq->path));
}
