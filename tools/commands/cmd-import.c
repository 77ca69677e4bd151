/*
** cmd-import.c: `meeple import GAME.jcz -o RECORD.yaml`, a JCloisterZone saved game as a meeple
** record (and, when no shipped ruleset fits its setup, RECORD.rules.yaml, the ruleset it names).
*/
#include <getopt.h>
#include <string.h>

#include "ascii.h"
#include "jcz.h"
#include "json.h"

static const char usage[] =
    "usage: meeple import --output RECORD.yaml [--force] [--json] GAME.jcz\n"
    "Turn a JCloisterZone saved game into a meeple game record.\n"
    "  -o, --output FILE  the record to write; a ruleset the game needs goes beside it (FILE.rules.yaml)\n"
    "  --force            let --output replace an existing FILE\n"
    "  --json             print what was imported as JSON\n"
    "  -h, --help         print this help\n";

/* RECORD.yaml -> RECORD.rules.yaml (any other name: NAME.rules.yaml). */
static void rules_path(const char *record, char *out, size_t size) {
    size_t n = strlen(record);
    if (n > 5 && !strcmp(record + n - 5, ".yaml")) n -= 5;
    snprintf(out, size, "%.*s.rules.yaml", (int)n, record);
}

static void report_json(const jcz_import *j, const char *record) {
    json o;
    json_init(&o, stdout);
    json_object(&o);
    json_key(&o, "jcz"); json_string(&o, j->path);
    json_key(&o, "record"); json_string(&o, record);
    json_key(&o, "ruleset"); json_string(&o, mp_ruleset_name(j->rs));
    json_key(&o, "base"); json_string(&o, j->base);
    json_key(&o, "setup"); json_string(&o, j->summary);
    if (j->rules_file[0]) { json_key(&o, "ruleset_file"); json_string(&o, j->rules_file); }
    json_key(&o, "players"); json_array(&o);
    for (int p = 0; p < j->n_players; p++) {
        json_object(&o);
        json_key(&o, "name"); json_string(&o, j->names[p]);
        json_key(&o, "seat"); json_int(&o, p);
        json_key(&o, "score"); json_int(&o, mp_game_score(j->g, p));
        json_object_end(&o);
    }
    json_array_end(&o);
    json_key(&o, "messages"); json_int(&o, j->n_messages);
    json_key(&o, "turns"); json_int(&o, mp_record_n_turns(j->rec));
    json_key(&o, "tiles_drawn"); json_int(&o, mp_game_n_drawn(j->g));
    if (j->end_turn >= 0) { json_key(&o, "end_turn"); json_int(&o, j->end_turn); }
    json_key(&o, "over"); json_bool(&o, mp_game_phase(j->g) == MP_PHASE_OVER);
    json_key(&o, "unfinished_turn_left_out"); json_bool(&o, j->unfinished);
    json_key(&o, "assertions"); json_int(&o, j->n_assertions);
    json_object_end(&o);
    json_done(&o);
}

static void report_text(const jcz_import *j, const char *record) {
    int n = mp_record_n_turns(j->rec);
    printf("%s: %d turn%s of", j->path, n, n == 1 ? "" : "s");
    for (int p = 0; p < j->n_players; p++) printf("%s %s", p ? "," : "", j->names[p]);
    printf(" imported into %s under %s", record, mp_ruleset_name(j->rs));
    if (strcmp(j->summary, mp_ruleset_name(j->rs)) != 0) printf(" (%s)", j->summary);
    if (j->rules_file[0]) printf("; ruleset written to %s", j->rules_file);
    printf("\n");
    if (j->unfinished) printf("%s: the file ends inside a turn, which the record leaves out\n", j->path);
    if (mp_game_phase(j->g) == MP_PHASE_OVER) {
        const char *names[MP_MAX_PLAYERS];
        for (int p = 0; p < j->n_players; p++) names[p] = j->names[p];
        ascii_scores(stdout, j->g, names);
    } else {
        printf("the game is not over (continue with: meeple play --resume %s)\n", record);
    }
}

int cmd_import(int argc, char **argv) {
    static const struct option opts[] = { { "output", required_argument, 0, 'o' }, { "json", no_argument, 0, 'j' },
                                          { "force", no_argument, 0, 'f' }, { "help", no_argument, 0, 'h' },
                                          { 0, 0, 0, 0 } };
    bool as_json = false, force = false;
    const char *out = NULL;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "ho:", opts, NULL)) != -1) {
        if (c == 'j') as_json = true;
        else if (c == 'f') force = true;
        else if (c == 'o') out = optarg;
        else if (c == 'h') { fputs(usage, stdout); return 0; }
        else return option_error(usage, "ho:", opts, argv);
    }
    if (optind + 1 != argc) return usage_error(usage, "expected one JCloisterZone file");
    if (!out || !out[0]) return usage_error(usage, "expected --output RECORD.yaml");
    mp_diag d = { 0 };
    if (out_refuse_existing(out, "--output", force, &d)) { print_diag(&d); return EXIT_BAD_INPUT; }
    if (out_check(out)) return EXIT_BAD_INPUT;   /* before the work (the ruleset goes beside it) */
    char rules[600];
    rules_path(out, rules, sizeof rules);
    jcz_import j;
    if (jcz_import_file(argv[optind], rules, &j, &d)) {
        print_diag(&d);
        jcz_import_free(&j);
        return EXIT_BAD_INPUT;
    }
    if (mp_record_save(j.rec, j.g, out, &d)) {
        print_diag(&d);
        jcz_import_free(&j);
        return EXIT_BAD_INPUT;
    }
    if (as_json) report_json(&j, out);
    else report_text(&j, out);
    jcz_import_free(&j);
    return 0;
}
