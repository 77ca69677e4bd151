/*
** cmd-replay.c: `meeple replay FILE`, re-run a record under its own ruleset and check it: every
** action legal, every placed tile the one the bag gives, the final scores the same. A
** JCloisterZone game is imported on the fly; --check-assertions checks its test assertions.
*/
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "cmd.h"
#include "json.h"
#include "replay.h"
#include "scorelog.h"

static const char usage[] =
    "usage: meeple replay [--json] [--events] [--check-assertions] FILE\n"
    "Replay a game record (or a JCloisterZone game, FILE.jcz) under its ruleset and check every action\n"
    "and the final scores.\n"
    "  --json              print the result as JSON\n"
    "  --events            list every scoring event: who scored what, when, and why\n"
    "  --check-assertions  check the test assertions of a JCloisterZone game\n"
    "  -h, --help          print this help\n";

/* Checks a .jcz file's assertions against the game as it ends (the record's replay has no open
** turn: the import's own game has), into checks. Reports each, also on standard error at its place
** in the file when it did not pass, then the count (quiet: nothing, for --json). Returns how many
** did not pass; a file without assertions tests nothing, and counts as one that did not. */
static int check_assertions(const char *path, const replayed *r, const jcz_import *j, jcz_check *checks, bool quiet) {
    int count[3] = { 0 };
    if (j->n_assertions) jcz_check_assertions(j, r->names, checks);
    for (int k = 0; k < j->n_assertions; k++) {
        const jcz_check *c = &checks[k];
        count[c->verdict]++;
        if (quiet) continue;
        if (c->verdict == JCZ_PASSED) { printf("passed: %s\n", c->text); continue; }
        printf("%s: %s (%s)\n", jcz_verdict_name(c->verdict), c->text, c->detail);
        mp_diag d = { 0 };
        char jp[64];
        snprintf(jp, sizeof jp, "test.assertions[%d]", k);
        jcz_where(j, jp, &d.line, &d.column);
        snprintf(d.file, sizeof d.file, "%s", path);
        snprintf(d.message, sizeof d.message, "%s: '%.200s' %s: %s", jp, c->text, jcz_verdict_name(c->verdict), c->detail);
        print_diag(&d);
    }
    if (!quiet && !j->n_assertions)
        fprintf(stderr, "%s: no test assertions to check; expected test.assertions in a JCloisterZone game (a file "
                "without them tests nothing)\n", path);
    else if (!quiet)
        printf("%s: %d assertion%s: %d passed, %d failed, %d not understood; %s\n", path, j->n_assertions,
               j->n_assertions == 1 ? "" : "s", count[JCZ_PASSED], count[JCZ_FAILED], count[JCZ_NOT_UNDERSTOOD],
               count[JCZ_PASSED] == j->n_assertions ? "all hold" : "not all hold");
    return j->n_assertions ? j->n_assertions - count[JCZ_PASSED] : 1;
}

int cmd_replay(int argc, char **argv) {
    static const struct option opts[] = { { "json", no_argument, 0, 'j' }, { "check-assertions", no_argument, 0, 'a' },
                                          { "events", no_argument, 0, 'e' },
                                          { "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 } };
    bool as_json = false, assertions = false, events = false;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'j') as_json = true;
        else if (c == 'a') assertions = true;
        else if (c == 'e') events = true;
        else if (c == 'h') { fputs(usage, stdout); return 0; }
        else return option_error(usage, "h", opts, argv);
    }
    if (optind + 1 != argc) return usage_error(usage, "expected one record file");
    const char *path = argv[optind];
    replayed r;
    int rc = replay_record(path, NULL, true, &r);
    const jcz_import *j = &r.file.jcz;   /* a .jcz game's import: its assertions */
    r.events = events;
    /* The record and the replay must agree on whether the game ended, and then on the scores. */
    bool matches = true;
    const char *problem = NULL;
    if (!rc) {
        bool ended = mp_game_phase(r.g) == MP_PHASE_OVER;
        if (r.over && !ended) problem = "the record says the game is over, but after its turns it goes on";
        else if (!r.over && ended) problem = "the record says the game goes on, but its turns end it";
        else if (r.over)
            for (int p = 0; p < r.n; p++) matches &= mp_game_score(r.g, p) == mp_record_final_score(r.rec, p);
        if (problem) matches = false;
        /* And on what else the file says of the game: the tiles drawn, the winners. */
        if (!problem) r.mismatched = mp_record_check_game(r.rec, r.g, &r.mismatch) != 0;
    }
    /* The assertions are about the game as the file leaves it: checked once the replay went through. */
    jcz_check *checks = NULL;
    int unheld = 0;
    if (assertions && !rc) {
        checks = calloc((size_t)j->n_assertions + 1, sizeof *checks);
        if (!checks) abort();
    }
    if (as_json) {
        if (checks) unheld = check_assertions(path, &r, j, checks, true);
        print_replay_json_checks(path, &r, rc, &matches, checks, checks ? j->n_assertions : -1);
    } else if (!rc) {
        int n = mp_record_n_turns(r.rec);
        printf("%s: %d turn%s replayed under %s, every action legal", path, n, n == 1 ? "" : "s", mp_ruleset_name(r.rs));
        if (!r.over && !problem && r.file.format == GAME_JCZ)
            printf("; the game is not over (continue with: meeple import %s -o RECORD.yaml, then meeple play "
                   "--resume RECORD.yaml)\n", path);
        else if (!r.over && !problem) printf("; the game is not over (continue with: meeple play --resume %s)\n", path);
        else if (matches && !r.mismatched) printf("; final scores match the record\n");
        else if (matches) printf("; final scores match the record, but not all it says (below)\n");
        else printf("\n");
        if (r.over && mp_game_phase(r.g) == MP_PHASE_OVER) ascii_scores(stdout, r.g, r.names);
        if (events) scorelog_text(stdout, r.g, r.names);
        if (problem) {
            fprintf(stderr, "%s: %s\n", path, problem);
        } else if (!matches) {
            fprintf(stderr, "%s: final scores differ from the record:", path);
            for (int p = 0; p < r.n; p++)
                fprintf(stderr, " %s %d (record %d)", r.names[p], mp_game_score(r.g, p), mp_record_final_score(r.rec, p));
            fprintf(stderr, "\n");
        }
        if (r.mismatched) print_diag(&r.mismatch);
        if (checks) unheld = check_assertions(path, &r, j, checks, false);
    }
    free(checks);
    replayed_free(&r);
    return rc ? rc : matches && !unheld && !r.mismatched ? 0 : EXIT_BAD_INPUT;
}
