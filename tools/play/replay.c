/*
** replay.c: a game's file read with its ruleset (tools/common/game-file.h) and replayed, shared by
** replay, score and export (replay.h).
*/
#include <string.h>

#include "cmd.h"
#include "facts.h"
#include "json.h"
#include "replay.h"
#include "scorelog.h"

int replay_record(const char *path, const char *ruleset, bool strict, replayed *r) {
    memset(r, 0, sizeof *r);
    game_load how = { .rules = ruleset ? GAME_NAMED_RULES : GAME_OWN_RULES, .ruleset = ruleset };
    int bad = game_file_load(path, &how, &r->file, &r->error);
    r->rec = r->file.rec;
    r->rs = r->file.rs;
    if (r->rec) {
        r->n = mp_record_n_players(r->rec);
        for (int p = 0; p < r->n; p++) r->names[p] = mp_record_player_name(r->rec, p);
        r->over = mp_record_over(r->rec);
    }
    if (!bad) {
        /* Under the record's own rules (the same hash) the replay is strict whoever asks: the relaxed
        ** replay meant for other rules drops a recorded pass in the placement phase, and under these
        ** rules such a pass is an action (a tile that fits only with a bridge, discarded). */
        if (!strict && strcmp(mp_ruleset_hash(r->rs), mp_record_hash(r->rec)) == 0) strict = true;
        r->g = mp_record_replay_noted(r->rec, r->rs, strict, -1, &r->notes, &r->error);
        if (!r->g) game_file_locate(&r->file, &r->error);   /* a .jcz's turn: at its place in the file */
    }
    if (r->g) return 0;
    print_diag(&r->error);
    return EXIT_BAD_INPUT;
}

void replayed_free(replayed *r) {
    mp_game_free(r->g);
    game_file_free(&r->file);
    r->g = NULL;
    r->rec = NULL;
    r->rs = NULL;
}

void print_replay_json(const char *path, const replayed *r, int rc, const bool *matches) {
    print_replay_json_checks(path, r, rc, matches, NULL, -1);
}

/* A diagnostic as a JSON object under key: its parts, and the whole line as printed. */
static void diag_json(json *j, const char *key, const mp_diag *d) {
    char buf[1200];
    mp_diag_format(d, buf, sizeof buf);
    json_key(j, key); json_object(j);
    json_key(j, "file"); json_string(j, d->file);
    json_key(j, "line"); json_int(j, d->line);
    json_key(j, "column"); json_int(j, d->column);
    json_key(j, "message"); json_string(j, d->message);
    json_key(j, "text"); json_string(j, buf);
    json_object_end(j);
}

void print_replay_json_checks(const char *path, const replayed *r, int rc, const bool *matches,
                              const jcz_check *checks, int n_checks) {
    json j;
    json_init(&j, stdout);
    json_object(&j);
    json_key(&j, "record"); json_string(&j, path);
    if (r->rec) { json_key(&j, "recorded_ruleset"); json_string(&j, mp_record_ruleset(r->rec)); }
    if (r->rs) { json_key(&j, "ruleset"); json_string(&j, mp_ruleset_name(r->rs)); }
    json_key(&j, "legal"); json_bool(&j, rc == 0);
    if (rc) diag_json(&j, "error", &r->error);
    if (r->g) {
        json_key(&j, "turns"); json_int(&j, mp_record_n_turns(r->rec));
        json_key(&j, "adjusted"); json_object(&j);
        json_key(&j, "passed"); json_int(&j, r->notes.passed);
        json_key(&j, "defaulted"); json_int(&j, r->notes.defaulted);
        json_key(&j, "dropped"); json_int(&j, r->notes.dropped);
        json_object_end(&j);
        json_key(&j, "over"); json_bool(&j, mp_game_phase(r->g) == MP_PHASE_OVER);
        if (matches) { json_key(&j, "scores_match"); json_bool(&j, *matches); }
        json_key(&j, "players"); json_array(&j);
        for (int p = 0; p < r->n; p++) {
            json_object(&j);
            json_key(&j, "name"); json_string(&j, r->names[p]);
            json_key(&j, "score"); json_int(&j, mp_game_score(r->g, p));
            if (r->over) { json_key(&j, "recorded_score"); json_int(&j, mp_record_final_score(r->rec, p)); }
            json_key(&j, "points"); json_object(&j);
            for (int c = 0; c < mp_game_n_categories(r->g); c++)
                if (mp_game_category_scored(r->g, c)) {
                    json_key(&j, mp_game_category_name(r->g, c));
                    json_int(&j, mp_game_points(r->g, p, c));
                }
            json_object_end(&j);
            json_object_end(&j);
        }
        json_array_end(&j);
        json_key(&j, "winners"); json_array(&j);
        for (int p = 0; p < r->n; p++)
            if (mp_game_winners(r->g) & (1u << p)) json_string(&j, r->names[p]);
        json_array_end(&j);
        facts_json(&j, r->g, r->names);
        /* what the file says of the game that its replay does not bear out */
        if (r->mismatched) diag_json(&j, "record_error", &r->mismatch);
        if (r->events) { json_key(&j, "events"); scorelog_json(&j, r->g, r->names); }
        if (n_checks >= 0) {
            int count[3] = { 0 };
            json_key(&j, "assertions"); json_array(&j);
            for (int k = 0; k < n_checks; k++) {
                json_object(&j);
                json_key(&j, "text"); json_string(&j, checks[k].text);
                json_key(&j, "result"); json_string(&j, jcz_verdict_name(checks[k].verdict));
                json_key(&j, "detail"); json_string(&j, checks[k].detail);
                json_object_end(&j);
                count[checks[k].verdict]++;
            }
            json_array_end(&j);
            json_key(&j, "assertions_passed"); json_int(&j, count[JCZ_PASSED]);
            json_key(&j, "assertions_failed"); json_int(&j, count[JCZ_FAILED]);
            json_key(&j, "assertions_not_understood"); json_int(&j, count[JCZ_NOT_UNDERSTOOD]);
            /* Held: there were assertions, and every one passed (one not understood is no pass). */
            json_key(&j, "assertions_hold"); json_bool(&j, n_checks > 0 && count[JCZ_PASSED] == n_checks);
        }
    }
    json_object_end(&j);
    json_done(&j);
}
