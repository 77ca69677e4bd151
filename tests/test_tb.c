/*
** test_tb.c: Traders & Builders (rulesets/c3-tb.yaml and rulesets extending it).
*/
#include "helpers.h"
Test(tb, loads) { mp_ruleset_free(t_ruleset("c3-tb")); }
