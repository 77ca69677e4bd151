/*
** cmd-score.c: `meeple score FILE --ruleset OTHER`, the actions of a record replayed under another
** ruleset, and the scores that ruleset gives them.
*/
#include <getopt.h>
#include <string.h>

#include "ascii.h"
#include "cmd.h"
#include "json.h"
#include "replay.h"
#include "scorelog.h"

static const char usage[] =
    "usage: meeple score --ruleset NAME [--json] [--events] FILE\n"
    "Replay the actions of a game record (or a JCloisterZone game, FILE.jcz) under another ruleset and print\n"
    "the scores it gives.\n"
    "  --ruleset NAME   the ruleset to score under (name or path)\n"
    "  --json           print the result as JSON\n"
    "  --events         list every scoring event: who scored what, when, and why\n"
    "  -h, --help       print this help\n";

int cmd_score(int argc, char **argv) {
    static const struct option opts[] = { { "ruleset", required_argument, 0, 'r' }, { "json", no_argument, 0, 'j' },
                                          { "events", no_argument, 0, 'e' },
                                          { "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 } };
    bool as_json = false, events = false;
    const char *ruleset = NULL;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'j') as_json = true;
        else if (c == 'r') ruleset = optarg;
        else if (c == 'e') events = true;
        else if (c == 'h') { fputs(usage, stdout); return 0; }
        else return option_error(usage, "h", opts, argv);
    }
    if (optind + 1 != argc) return usage_error(usage, "expected one record file");
    if (!ruleset) return usage_error(usage, "expected --ruleset NAME");
    const char *path = argv[optind];
    replayed r;
    int rc = replay_record(path, ruleset, false, &r);
    r.events = events;
    /* The recorded game ended: so does this one, whatever tiles this ruleset has left. */
    if (!rc && r.over && mp_game_phase(r.g) != MP_PHASE_OVER) {
        mp_diag d = { 0 };
        if (mp_game_end_now(r.g, &d)) { print_diag(&d); rc = EXIT_BAD_INPUT; }
    }
    if (as_json) {
        print_replay_json(path, &r, rc, NULL);
    } else if (!rc) {
        printf("%s: %d turn%s scored under %s (recorded under %s)%s\n", path, mp_record_n_turns(r.rec),
               plural(mp_record_n_turns(r.rec)),
               mp_ruleset_name(r.rs), mp_record_ruleset(r.rec), r.over ? "" : "; the game is not over");
        const mp_replay_notes *n = &r.notes;
        if (n->passed || n->defaulted || n->dropped)   /* how far this is still the recorded game */
            printf("under these rules: %d decision%s the record did not make passed, %d module decision%s taken by "
                   "default, %d recorded action%s dropped\n", n->passed, n->passed == 1 ? "" : "s", n->defaulted,
                   n->defaulted == 1 ? "" : "s", n->dropped, n->dropped == 1 ? "" : "s");
        ascii_scores(stdout, r.g, r.names);
        if (events) scorelog_text(stdout, r.g, r.names);
    }
    replayed_free(&r);
    return rc;
}
