/*
** test_eval.c: the learned evaluation (meeple-weights(5)): a position's features, exactly; a weights
** file read, weighed and refused with its line and column; the weights shipped beside the rulesets
** trained for the rules as they are.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"

static int feature(const mp_game *g, const int *x, int seat, const char *name) {
    int n = mp_eval_n_features(g);
    for (int f = 0; f < n; f++) {
        char buf[MP_EVAL_NAME];
        mp_eval_feature_name(g, f, buf, sizeof buf);
        if (!strcmp(buf, name)) return x[seat * n + f];
    }
    cr_assert_fail("no feature %s", name);
    return 0;
}

/* RED (seat 0) holds a city of two tiles with a pennant open on one side (M south of the start
** tile's city) and a cloister with 3 of its 9 cells filled; BLUE a road of two tiles open at one
** end (the junction W east of the start tile). Seat 1 is to place the fourth tile. */
static mp_game *position(mp_ruleset *rs) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "M", 0, -1, 2);
    t_deploy(g, "S");
    t_place(g, 1, "W", 1, 0, 0);
    t_deploy(g, "W");
    t_place(g, 0, "B", 0, 1, 0);
    t_deploy(g, "cloister");
    return g;
}

Test(eval, features_of_a_built_position) {
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g = position(rs);
    const char *names[] = { "tiles", "followers", "open.city", "open.road", "open.cloister", "open.farm",
                            "finish.city.1", "finish.city.2", "finish.city.3", "finish.city.4", "finish.city.7",
                            "finish.road.1", "finish.road.2", "finish.road.3", "finish.road.4", "finish.road.7",
                            "finish.cloister.1", "finish.cloister.2", "finish.cloister.3", "finish.cloister.4",
                            "finish.cloister.7" };
    int n = mp_eval_n_features(g);
    cr_assert_eq(n, (int)(sizeof names / sizeof *names));
    for (int f = 0; f < n; f++) {
        char buf[MP_EVAL_NAME];
        cr_assert_eq(mp_eval_feature_name(g, f, buf, sizeof buf), 0);
        cr_assert_str_eq(buf, names[f]);
    }
    char buf[MP_EVAL_NAME];
    cr_assert_eq(mp_eval_feature_name(g, n, buf, sizeof buf), -1);
    /* 71 tiles in the bag at the start: 3 placed, the fourth drawn, 67 left: 64 x 67 / 71 rounds to 60. */
    cr_assert_eq(mp_game_tiles_left(g), 67);
    cr_assert_eq(mp_eval_phase(g), 60, "%d (drawn %d)", mp_eval_phase(g), mp_game_n_drawn(g));
    int x[2 * MP_EVAL_MAX], before[2];
    cr_assert_eq(mp_eval_features(g, x, before), 0);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_OVER, "the features end the game");
    cr_assert_eq(before[0], 0);
    cr_assert_eq(before[1], 0);
    cr_assert_eq(feature(g, x, 0, "tiles"), 1);
    cr_assert_eq(feature(g, x, 0, "followers"), 5);
    cr_assert_eq(feature(g, x, 1, "followers"), 6);
    /* Final scoring now: the city 2 tiles + 1 pennant, the cloister 3, the road 2. */
    cr_assert_eq(feature(g, x, 0, "open.city"), 3);
    cr_assert_eq(feature(g, x, 0, "open.cloister"), 3);
    cr_assert_eq(feature(g, x, 0, "open.road"), 0);
    cr_assert_eq(feature(g, x, 1, "open.road"), 2);
    cr_assert_eq(feature(g, x, 1, "open.city"), 0);
    cr_assert_eq(mp_game_score(g, 0), 6);
    cr_assert_eq(mp_game_score(g, 1), 2);
    /* Finished, the city would score 2 x 2 + 2 = 6, 3 more, lacking one side (3 ports); the
    ** cloister 9, 6 more, lacking 6 cells; the road the same 2 either way (c3). */
    cr_assert_eq(feature(g, x, 0, "finish.city.3"), 3);
    cr_assert_eq(feature(g, x, 0, "finish.cloister.4"), 6);
    cr_assert_eq(feature(g, x, 1, "finish.road.1"), 0);
    for (int f = 0; f < n; f++) {
        int total0 = 0;
        for (int s = 0; s < 2; s++) total0 += x[s * n + f];
        if (!strcmp(names[f], "tiles")) cr_assert_eq(total0, 2);
        else if (!strcmp(names[f], "followers")) cr_assert_eq(total0, 11);
        else if (!strcmp(names[f], "open.city") || !strcmp(names[f], "open.cloister") || !strcmp(names[f], "finish.city.3"))
            cr_assert_eq(total0, 3, "%s", names[f]);
        else if (!strcmp(names[f], "open.road")) cr_assert_eq(total0, 2);
        else if (!strcmp(names[f], "finish.cloister.4")) cr_assert_eq(total0, 6);
        else cr_assert_eq(total0, 0, "%s: %d", names[f], total0);
    }
    cr_assert_eq(mp_eval_features(g, x, before), -1, "only in a placement phase");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The ruleset's categories, kinds and modules name the features: Traders & Builders' goods are a
** category of their own (open.goods), and its modules' worth hooks are features (worth.goods,
** worth.builder); a field, which never finishes, has no finish feature. */
Test(eval, features_follow_the_ruleset) {
    mp_ruleset *rs = t_ruleset("c3-ic-tb");
    mp_game *g = t_game(rs, 2);
    int n = mp_eval_n_features(g);
    int found = 0;
    for (int f = 0; f < n; f++) {
        char buf[MP_EVAL_NAME];
        mp_eval_feature_name(g, f, buf, sizeof buf);
        found += !strcmp(buf, "open.goods") + !strcmp(buf, "worth.goods") + !strcmp(buf, "worth.builder") +
                 !strcmp(buf, "finish.city.7");
        cr_assert(strncmp(buf, "finish.field", 12), "a field never finishes: %s", buf);
    }
    cr_assert_eq(found, 4);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ weights files */

static char *write_weights(const char *text) {
    static char path[64];
    snprintf(path, sizeof path, "/tmp/meeple-test-weights-XXXXXX");
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

static char *weights_text(const mp_ruleset *rs, const char *features) {
    static char text[2048];
    snprintf(text, sizeof text, "ruleset: c3\nhash: \"%s\"\nfeatures:\n%s", mp_ruleset_hash(rs), features);
    return text;
}

/* With weights, a seat's prediction is its score now plus each feature times its weight at the
** phase: 60 of 64 of the way from the end weight to the start weight. */
Test(eval, the_evaluator_weighs_the_features) {
    mp_ruleset *rs = t_ruleset("c3");
    char *path = write_weights(weights_text(rs, "  tiles: {start: 64, end: 0}\n"
                                                "  open.city: {start: 1, end: 1}\n"
                                                "  finish.cloister.4: {start: 0.5, end: 0.25}\n"
                                                "  open.cloister: {start: 1, end: 1}\n"
                                                "  open.road: {start: 1, end: 1}\n"
                                                "  finish.inn.1: {start: 9, end: 9}\n"));
    mp_diag d = { 0 };
    cr_assert_eq(mp_ruleset_load_weights(rs, path, &d), 0, "%s", d.message);
    cr_assert_str_eq(mp_ruleset_weights(rs), path);
    mp_game *g = position(rs);
    mp_evaluator *e = mp_evaluator_new(g);
    cr_assert_not_null(e);
    double v[2];
    cr_assert_eq(mp_evaluate(e, g, v), 0);
    /* RED: 3 + 3 (open) + 60 (tiles: 64 x 60/64) + 6 x (0.5 x 60 + 0.25 x 4) / 64; BLUE: 2 + 60. */
    cr_assert_float_eq(v[0], 6 + 60 + 6 * (0.5 * 60 + 0.25 * 4) / 64, 1e-9, "%g", v[0]);
    cr_assert_float_eq(v[1], 2 + 60, 1e-9, "%g", v[1]);
    cr_assert_eq(mp_evaluate(e, g, v), -1, "the game is over");
    mp_evaluator_free(e);
    mp_game_free(g);
    unlink(path);
    mp_ruleset_free(rs);
}

static void refused(const char *features, const char *want) {
    mp_ruleset *rs = t_ruleset("c3");
    char *path = write_weights(weights_text(rs, features));
    mp_diag d = { 0 };
    const char *in_use = mp_ruleset_weights(rs);
    cr_assert_neq(mp_ruleset_load_weights(rs, path, &d), 0, "%s", features);
    char msg[1024];
    mp_diag_format(&d, msg, sizeof msg);
    cr_assert(strstr(msg, want), "got: %s\nwant: %s", msg, want);
    cr_assert(strstr(msg, path), "names the file: %s", msg);
    cr_assert_eq(mp_ruleset_weights(rs), in_use, "the weights in use stay");
    unlink(path);
    mp_ruleset_free(rs);
}

Test(eval, bad_weights_files_are_refused_where_they_go_wrong) {
    refused("  tiles: {start: ten, end: 0}\n", ":4:18: 'ten' is not a weight; expected a number");
    refused("  tiles: {start: 1e9, end: 0}\n", ":4:18: '1e9' is not a weight");
    refused("  tiles: {start: \"1\", end: 0}\n", ":4:18: '1' is not a weight");
    refused("  tiles: {start: 1}\n", ":4:10: feature 'tiles' lacks 'end'");
    refused("  tiles: {start: 1, end: 2, middle: 3}\n", ":4:29: unknown key 'middle'; expected one of start, end");
    refused("  tiles: {start: 1, end: 2}\n  tiles: {start: 1, end: 2}\n", ":5:3: duplicate key 'tiles'; expected each key once (first at line 4)");
    refused("  tiles: 3\n", ":4:10: ");
    refused("  - tiles\n", ":4:3: ");
}

Test(eval, weights_for_other_rules_are_refused) {
    mp_ruleset *rs = t_ruleset("c3");
    const char *in_use = mp_ruleset_weights(rs);
    char *path = write_weights("ruleset: c3\nhash: \"0000000000000000\"\nfeatures: {tiles: {start: 1, end: 1}}\n");
    mp_diag d = { 0 };
    cr_assert_neq(mp_ruleset_load_weights(rs, path, &d), 0);
    cr_assert(strstr(d.message, "hash 0000000000000000; expected this ruleset's hash"), "%s", d.message);
    unlink(path);
    path = write_weights("ruleset: c3\nfeatures: {}\n");
    cr_assert_neq(mp_ruleset_load_weights(rs, path, &d), 0);
    cr_assert(strstr(d.message, "no 'hash'"), "%s", d.message);
    unlink(path);
    path = write_weights("rules: c3\n");
    cr_assert_neq(mp_ruleset_load_weights(rs, path, &d), 0);
    cr_assert(strstr(d.message, "unknown key 'rules'"), "%s", d.message);
    unlink(path);
    cr_assert_eq(mp_ruleset_weights(rs), in_use, "the weights in use stay");
    mp_ruleset_free(rs);
}

/* Every weights file shipped beside a ruleset was trained for that ruleset as it is now: a ruleset
** changed since would leave its weights aside (and the bots would weigh without them). */
Test(eval, shipped_weights_match_their_rulesets) {
    const char *shipped[] = { "c3", "c1-2000", "c1-2001", "castle", "c3-ic-tb", "bcb" };
    for (size_t i = 0; i < sizeof shipped / sizeof *shipped; i++) {
        mp_ruleset *rs = t_ruleset(shipped[i]);
        cr_assert_not_null(mp_ruleset_weights(rs), "%s: no weights in use: retrain it (meeple-train(1))", shipped[i]);
        mp_ruleset_free(rs);
    }
}
