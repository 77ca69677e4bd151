/*
** cmd-lint.c: `meeple lint FILE...`, every problem of tile sets and rulesets, each as
** "file:line:column: error|warning: message", then a summary; exit 0 only without errors.
*/
#include <getopt.h>
#include <string.h>

#include "cmd.h"
#include "json.h"

static const char usage[] =
    "usage: meeple lint [--json] FILE...\n"
    "Check tile sets and rulesets (which a file is, its keys tell) and report every problem\n"
    "found, errors and warnings, in file order; exit 0 only when there is no error.\n"
    "  --json      print {files, errors, warnings, diagnostics: [{file, line, column, severity, message}]}\n"
    "  -h, --help  print this help\n";

int cmd_lint(int argc, char **argv) {
    static const struct option opts[] = { { "json", no_argument, 0, 'j' }, { "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 } };
    bool as_json = false;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'j') as_json = true;
        else if (c == 'h') { fputs(usage, stdout); return 0; }
        else return option_error(usage, "h", opts, argv);
    }
    if (optind == argc) return usage_error(usage, "expected at least one file");
    mp_lint *l = mp_lint_new();
    for (int i = optind; i < argc; i++) mp_lint_file(l, argv[i], ruleset_dirs());
    int errors = mp_lint_errors(l), warnings = mp_lint_count(l) - errors, files = argc - optind;
    if (as_json) {
        json j;
        json_init(&j, stdout);
        json_object(&j);
        json_key(&j, "files"); json_array(&j);
        for (int i = optind; i < argc; i++) json_string(&j, argv[i]);
        json_array_end(&j);
        json_key(&j, "errors"); json_int(&j, errors);
        json_key(&j, "warnings"); json_int(&j, warnings);
        json_key(&j, "diagnostics"); json_array(&j);
        for (int i = 0; i < mp_lint_count(l); i++) {
            const mp_lint_item *it = mp_lint_at(l, i);
            json_object(&j);
            json_key(&j, "file"); json_string(&j, it->d.file);
            json_key(&j, "line"); json_int(&j, it->d.line);
            json_key(&j, "column"); json_int(&j, it->d.column);
            json_key(&j, "severity"); json_string(&j, it->warning ? "warning" : "error");
            json_key(&j, "message"); json_string(&j, it->d.message);
            json_object_end(&j);
        }
        json_array_end(&j);
        json_object_end(&j);
        json_done(&j);
    } else {
        for (int i = 0; i < mp_lint_count(l); i++) {
            const mp_lint_item *it = mp_lint_at(l, i);
            /* "file:line:column: " then the severity, then the message (escaped, as every diagnostic). */
            mp_diag said = it->d;
            snprintf(said.message, sizeof said.message, "%s: %.500s", it->warning ? "warning" : "error", it->d.message);
            print_diag_to(stdout, &said);
        }
        if (errors || warnings)
            printf("%d error%s, %d warning%s in %d file%s\n", errors, errors == 1 ? "" : "s", warnings,
                   warnings == 1 ? "" : "s", files, files == 1 ? "" : "s");
        else
            printf("no problems in %d file%s\n", files, files == 1 ? "" : "s");
    }
    mp_lint_free(l);
    return errors ? EXIT_BAD_INPUT : 0;
}
