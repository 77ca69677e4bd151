/*
** rule-diff.h: the rules in which two rulesets differ (mp_ruleset_diff), written out the one way
** `meeple rulesets --diff` prints them and meeple serve answers GET /api/rulesets/diff.
*/
#ifndef MP_TOOLS_RULE_DIFF_H
#define MP_TOOLS_RULE_DIFF_H

#include <stdio.h>

#include "json.h"
#include "meeple.h"

enum { RULE_DIFF_MAX = 128 };   /* differences kept: more than any two shipped rulesets have */

/* The differences of a and b into v (at most RULE_DIFF_MAX): how many were kept. */
int rule_diffs(const mp_ruleset *a, const mp_ruleset *b, mp_rule_diff *v);
/* The text of `meeple rulesets --diff A B`: a heading line ("c3 vs c1: 4 rules differ") and one
** line per rule, or "A and B have the same rules". */
void rule_diff_text(FILE *f, const mp_ruleset *a, const mp_ruleset *b, const mp_rule_diff *v, int n);
/* An array of {rule, category, a, b}, as a value (after a key, or in an array). */
void rule_diff_json(json *j, const mp_rule_diff *v, int n);

#endif
