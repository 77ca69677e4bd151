/*
** cmd-replay.c: `meeple replay FILE`, re-run a record under its own ruleset and check it: every
** action legal, every placed tile the one the bag gives, the final scores the same.
*/
#include <getopt.h>
#include <string.h>

#include "cmd.h"
#include "json.h"
#include "ascii.h"

static const char usage[] =
    "usage: meeple replay [--json] FILE\n"
    "Replay a game record under its ruleset and check every action and the final scores.\n"
    "  --json    print the result as JSON\n"
    "  --help    print this help\n";

int cmd_replay(int argc, char **argv) {
    static const struct option opts[] = { { "json", no_argument, 0, 'j' }, { "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 } };
    bool as_json = false;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        if (c == 'j') as_json = true;
        else if (c == 'h') { fputs(usage, stdout); return 0; }
        else return usage_error(usage, "replay: unknown option '%s'", argv[optind - 1]);
    }
    if (optind + 1 != argc) return usage_error(usage, "replay: expected one record file");
    const char *path = argv[optind];
    replayed r;
    int rc = replay_record(path, NULL, true, &r);
    if (rc == EXIT_USAGE) return rc;
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
    }
    if (as_json) {
        print_replay_json(path, &r, rc, &matches);
    } else if (!rc) {
        int n = mp_record_n_turns(r.rec);
        printf("%s: %d turn%s replayed under %s, every action legal", path, n, n == 1 ? "" : "s", mp_ruleset_name(r.rs));
        if (!r.over && !problem) printf("; the game is not over (continue with: meeple play --resume %s)\n", path);
        else if (matches) printf("; final scores match the record\n");
        else printf("\n");
        if (r.over && mp_game_phase(r.g) == MP_PHASE_OVER) ascii_scores(stdout, r.g, r.names);
        if (problem) {
            fprintf(stderr, "%s: %s\n", path, problem);
        } else if (!matches) {
            fprintf(stderr, "%s: final scores differ from the record:", path);
            for (int p = 0; p < r.n; p++)
                fprintf(stderr, " %s %d (record %d)", r.names[p], mp_game_score(r.g, p), mp_record_final_score(r.rec, p));
            fprintf(stderr, "\n");
        }
    }
    replayed_free(&r);
    return rc ? rc : matches ? 0 : EXIT_BAD_INPUT;
}
