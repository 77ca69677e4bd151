/*
** cmd-rulesets.c: `meeple rulesets`, the shipped rulesets with a one-line description each.
*/
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "json.h"
#include "rule-diff.h"

static const char usage[] =
    "usage: meeple rulesets [--diff A B] [--json]\n"
    "List the rulesets found in the search directories, with a one-line description each,\n"
    "or every rule in which two rulesets differ once their extends chains are resolved.\n"
    "  --diff A B  the rules in which rulesets A and B differ, in words\n"
    "  --json      print as JSON: an array of {name, description, path, players, modules}, or of\n"
    "              {rule, category, a, b} with --diff\n"
    "  -h, --help  print this help\n";

/* `--diff A B`: one line per rule that differs (rule-diff.h, which meeple serve shares). */
static int diff(const char *na, const char *nb, bool as_json) {
    mp_ruleset *a = load_ruleset(na), *b = a ? load_ruleset(nb) : NULL;
    if (!a || !b) { mp_ruleset_free(a); return EXIT_BAD_INPUT; }
    mp_rule_diff v[RULE_DIFF_MAX];
    int n = rule_diffs(a, b, v);
    if (as_json) {
        json j;
        json_init(&j, stdout);
        json_object(&j);
        json_key(&j, "a"); json_string(&j, mp_ruleset_name(a));
        json_key(&j, "b"); json_string(&j, mp_ruleset_name(b));
        json_key(&j, "differences"); rule_diff_json(&j, v, n);
        json_object_end(&j);
        json_done(&j);
    } else {
        rule_diff_text(stdout, a, b, v, n);
    }
    mp_ruleset_free(a);
    mp_ruleset_free(b);
    return 0;
}

int cmd_rulesets(int argc, char **argv) {
    static const struct option opts[] = { { "json", no_argument, 0, 'j' }, { "diff", no_argument, 0, 'd' },
                                          { "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 } };
    bool as_json = false, differ = false;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'j') as_json = true;
        else if (c == 'd') differ = true;
        else if (c == 'h') { fputs(usage, stdout); return 0; }
        else return option_error(usage, "h", opts, argv);
    }
    if (differ) {
        if (argc - optind != 2) return usage_error(usage, "--diff takes two rulesets, A and B");
        return diff(argv[optind], argv[optind + 1], as_json);
    }
    if (optind < argc) return usage_error(usage, "unexpected argument '%s'", quoted(argv[optind]));
    char *names[256];
    int n = ruleset_names(names, 256);
    json j;
    json_init(&j, stdout);
    if (as_json) json_array(&j);
    int rc = 0;
    for (int i = 0; i < n; i++) {
        mp_ruleset *rs = load_ruleset(names[i]);
        if (!rs) { rc = EXIT_BAD_INPUT; free(names[i]); continue; }
        if (as_json) {
            json_object(&j);
            json_key(&j, "name"); json_string(&j, mp_ruleset_name(rs));
            json_key(&j, "description"); json_string(&j, mp_ruleset_description(rs));
            json_key(&j, "path"); json_string(&j, mp_ruleset_path(rs));
            json_key(&j, "hash"); json_string(&j, mp_ruleset_hash(rs));
            /* The learned evaluation's weights in use (meeple-weights(5)), null: none. */
            json_key(&j, "weights"); json_string(&j, mp_ruleset_weights(rs));
            json_key(&j, "players"); json_array(&j);
            json_int(&j, mp_ruleset_min_players(rs)); json_int(&j, mp_ruleset_max_players(rs));
            json_array_end(&j);
            json_key(&j, "modules"); json_array(&j);
            for (int v = 0; v < mp_ruleset_n_modules(rs); v++) json_string(&j, mp_ruleset_module_name(rs, v));
            json_array_end(&j);
            json_object_end(&j);
        } else {
            printf("%-14s %s\n", mp_ruleset_name(rs), mp_ruleset_description(rs));
            for (int v = 0; v < mp_ruleset_n_modules(rs); v++)   /* the modules it turns on */
                printf("%-14s   + %s\n", "", mp_ruleset_module_summary(rs, v));
        }
        mp_ruleset_free(rs);
        free(names[i]);
    }
    if (as_json) { json_array_end(&j); json_done(&j); }
    return rc;
}
