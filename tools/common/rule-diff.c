/*
** rule-diff.c: two rulesets' differences in words and as JSON (rule-diff.h), for meeple rulesets
** --diff and meeple serve.
*/
#include "rule-diff.h"

int rule_diffs(const mp_ruleset *a, const mp_ruleset *b, mp_rule_diff *v) {
    int n = mp_ruleset_diff(a, b, v, RULE_DIFF_MAX);
    return n > RULE_DIFF_MAX ? RULE_DIFF_MAX : n;
}

void rule_diff_text(FILE *f, const mp_ruleset *a, const mp_ruleset *b, const mp_rule_diff *v, int n) {
    const char *na = mp_ruleset_name(a), *nb = mp_ruleset_name(b);
    if (n == 0) {
        fprintf(f, "%s and %s have the same rules\n", na, nb);
        return;
    }
    fprintf(f, "%s vs %s: %d %s\n", na, nb, n, n == 1 ? "rule differs" : "rules differ");
    for (int i = 0; i < n; i++) fprintf(f, "  %s: %s (%s) vs %s (%s)\n", v[i].rule, v[i].a, na, v[i].b, nb);
}

void rule_diff_json(json *j, const mp_rule_diff *v, int n) {
    jw_array(j);
    for (int i = 0; i < n; i++) {
        jw_object(j);
        jw_key(j, "rule"); jw_string(j, v[i].rule);
        jw_key(j, "category"); jw_string(j, v[i].category);
        jw_key(j, "a"); jw_string(j, v[i].a);
        jw_key(j, "b"); jw_string(j, v[i].b);
        jw_object_end(j);
    }
    jw_array_end(j);
}
