/*
** test_record.c: game records (meeple-record(5)) written and read back: every text a player's
** name can be round-trips, the file stays one turn a line, the hand-made records still load.
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"

/* A new empty directory under /tmp, for the files a test writes. */
static void scratch(char *dir, size_t size) {
    snprintf(dir, size, "/tmp/meeple-test-record-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

static void remove_tree(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    char path[1024];
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) remove_tree(path);
        else unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *s = malloc((size_t)n + 1);
    cr_assert_eq(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = 0;
    fclose(f);
    return s;
}

/* Writes a record of n players with these names, reads it back, and compares every name. */
static void round_trip_names(const char *dir, const char *const *names, int n) {
    const char *kinds[MP_MAX_PLAYERS];
    for (int p = 0; p < n; p++) kinds[p] = "human";
    mp_record *r = mp_record_new("c3", "0123456789abcdef", 7, 0, n, names, kinds);
    char path[600];
    snprintf(path, sizeof path, "%s/names.yaml", dir);
    mp_diag d = { 0 };
    cr_assert_eq(mp_record_save(r, NULL, path, &d), 0, "save: %s", d.message);
    mp_record *back = mp_record_load(path, &d);
    cr_assert_not_null(back, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    cr_assert_eq(mp_record_n_players(back), n);
    for (int p = 0; p < n; p++)
        cr_assert_str_eq(mp_record_player_name(back, p), names[p], "name %d read back as '%s'", p + 1,
                         mp_record_player_name(back, p));
    mp_record_free(back);
    mp_record_free(r);
}

Test(record, names_with_any_text_round_trip) {
    char dir[64];
    scratch(dir, sizeof dir);
    static const char *const control[] = {
        "al\nice", "tab\there", "bell\x01 and unit\x1f and del\x7f", "cr\r\nlf", "esc\x1b[31mred",
        "quote \" and back\\slash", "'single' quotes", "trailing space ",
    };
    round_trip_names(dir, control, 8);
    static const char *const yaml_words[] = {
        " leading space", "", "null", "123", "- dash", "# hash", "key: value", "{flow, [seq]}",
    };
    round_trip_names(dir, yaml_words, 8);
    static const char *const unicode[] = {
        "Zo\xc3\xab", "\xe6\xbc\xa2\xe5\xad\x97", "smile \xf0\x9f\x99\x82", "nel\xc2\x85" "end",
        "line\xe2\x80\xa8sep", "\xef\xbb\xbf" "bom", "nbsp\xc2\xa0", "true",
    };
    round_trip_names(dir, unicode, 8);
    /* 1,000 characters: 500 of two bytes and 500 of one. */
    char *long_name = malloc(1501);
    for (int i = 0; i < 500; i++) memcpy(long_name + 2 * i, "\xc3\xa9", 2);
    memset(long_name + 1000, 'a', 500);
    long_name[1500] = 0;
    const char *const long_names[] = { long_name, "bob" };
    round_trip_names(dir, long_names, 2);
    free(long_name);
    remove_tree(dir);
}

/* The first legal action, in notation, until the game ends: a whole game to record. */
static mp_record *play_first_legal(const mp_ruleset *rs, mp_game **out) {
    mp_game_options o = { .n_players = 2, .seed = 11, .first_player = 0 };
    mp_diag d = { 0 };
    mp_game *g = mp_game_new(rs, &o, &d);
    cr_assert_not_null(g, "%s", d.message);
    mp_game_start(g, &d);
    const char *names[] = { "ann \"the first\"", "b\xc3\xa9" "a\ntrice" };
    const char *kinds[] = { "human", "greedy" };
    mp_record *r = mp_record_new(mp_ruleset_name(rs), mp_ruleset_hash(rs), 11, 0, 2, names, kinds);
    char turn[512] = "";
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        mp_action a;
        cr_assert_geq(mp_game_legal(g, &a, 1), 1);
        t_apply_recorded(g, r, &a, turn, sizeof turn);
    }
    *out = g;
    return r;
}

Test(record, a_whole_game_round_trips_one_turn_a_line) {
    char dir[64], path[600];
    scratch(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/game.yaml", dir);
    mp_ruleset *rs = t_ruleset("c3");
    mp_game *g;
    mp_record *r = play_first_legal(rs, &g);
    mp_diag d = { 0 };
    cr_assert_eq(mp_record_save(r, g, path, &d), 0, "%s", d.message);
    mp_record *back = mp_record_load(path, &d);
    cr_assert_not_null(back, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    cr_assert_str_eq(mp_record_player_name(back, 0), "ann \"the first\"");
    cr_assert_str_eq(mp_record_player_name(back, 1), "b\xc3\xa9" "a\ntrice");
    cr_assert_str_eq(mp_record_player_kind(back, 1), "greedy");
    cr_assert_eq(mp_record_n_turns(back), mp_record_n_turns(r));
    for (int i = 0; i < mp_record_n_turns(r); i++) cr_assert_str_eq(mp_record_turn(back, i), mp_record_turn(r, i));
    cr_assert(mp_record_over(back));
    mp_game *again = mp_record_replay(back, rs, 1, -1, &d);
    cr_assert_not_null(again, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    for (int p = 0; p < 2; p++) {
        cr_assert_eq(mp_game_score(again, p), mp_game_score(g, p));
        cr_assert_eq(mp_record_final_score(back, p), mp_game_score(g, p));
    }
    /* Readable as before: block style, one turn a line, each player on a line of his own. */
    char *text = slurp(path);
    cr_assert(strstr(text, "# meeple game record (format: meeple-record(5))\nformat: 1\nruleset: \"c3\"\n"), "%s", text);
    cr_assert(strstr(text, "\nplayers:\n- {name: \"ann \\\"the first\\\"\", kind: \"human\"}\n"
                           "- {name: \"b\xc3\xa9" "a\\ntrice\", kind: \"greedy\"}\nstatus: over\n"), "%s", text);
    int lines = 0;
    for (const char *s = strstr(text, "\nturns:\n"); s && (s = strstr(s + 1, "\n- \"")); ) lines++;
    cr_assert_eq(lines, mp_record_n_turns(r), "%d turn lines for %d turns:\n%s", lines, mp_record_n_turns(r), text);
    cr_assert(strstr(text, "\nfinal:\n  scores: ["), "%s", text);
    free(text);
    mp_game_free(again);
    mp_record_free(back);
    mp_record_free(r);
    mp_game_free(g);
    mp_ruleset_free(rs);
    remove_tree(dir);
}

Test(record, a_long_ruleset_file_round_trips) {
    char dir[64], path[600];
    scratch(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/file.yaml", dir);
    char file[901] = "/";
    for (int i = 1; i < 900; i++) file[i] = i % 50 == 0 ? '/' : 'd';
    file[900] = 0;
    const char *names[] = { "a", "b" }, *kinds[] = { "random", "random" };
    mp_record *r = mp_record_new("c3", "0123456789abcdef", 1, 0, 2, names, kinds);
    mp_record_set_ruleset_file(r, file);
    mp_diag d = { 0 };
    cr_assert_eq(mp_record_save(r, NULL, path, &d), 0, "%s", d.message);
    mp_record *back = mp_record_load(path, &d);
    cr_assert_not_null(back, "%s", d.message);
    cr_assert_str_eq(mp_record_ruleset_file(back), file);
    mp_record_free(back);
    mp_record_free(r);
    remove_tree(dir);
}

/* tests/records/ are written by hand, in the layout of earlier versions: they load and replay. */
Test(record, hand_made_records_still_load) {
    static const char *const files[] = { "bcb-bridge-castle", "farm-example", "small-city" };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[600];
        snprintf(path, sizeof path, "%s/tests/records/%s.yaml", TEST_SRCDIR, files[i]);
        mp_diag d = { 0 };
        mp_record *r = mp_record_load(path, &d);
        cr_assert_not_null(r, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
        mp_ruleset *rs = t_ruleset(mp_record_ruleset(r));
        mp_game *g = mp_record_replay(r, rs, 0, -1, &d);
        cr_assert_not_null(g, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
        mp_game_free(g);
        mp_ruleset_free(rs);
        mp_record_free(r);
    }
}

static void touch(const char *dir, const char *name) {
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "cannot create %s", path);
    fputs("format: 1\nruleset: \"c3\"\n", f);   /* the start of a record cut short by a kill */
    fclose(f);
}

static bool exists(const char *dir, const char *name) {
    char path[600];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return lstat(path, &st) == 0;
}

/* A kill during a write leaves the record's temporary file (RECORD.tmp.XXXXXX): the next write
** removes those of its own name, and nothing else. */
Test(record, the_next_write_removes_stale_temporary_files) {
    char dir[64], path[600];
    scratch(dir, sizeof dir);
    static const char *const stale[] = { "rec.yaml.tmp.AbC123", "rec.yaml.tmp.zzzzzz", "rec.yaml.tmp.000000" };
    static const char *const others[] = {
        "rec.yaml.tmp.ABC12", "rec.yaml.tmp.ABC1234", "rec.yaml.tmp.AB-123", "rec.yaml.tmp.", "other.yaml.tmp.QWE123",
        "xrec.yaml.tmp.QWE123", "rec.yaml.tmpAbC123", "rec.yaml.TMP.AbC123", "rec.yaml",
    };
    for (size_t i = 0; i < 3; i++) touch(dir, stale[i]);
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) touch(dir, others[i]);
    char sub[600], link[600], target[600];
    snprintf(sub, sizeof sub, "%s/rec.yaml.tmp.DIR123", dir);
    cr_assert_eq(mkdir(sub, 0700), 0);
    snprintf(target, sizeof target, "%s/other.yaml", dir);
    snprintf(link, sizeof link, "%s/rec.yaml.tmp.LNK123", dir);
    touch(dir, "other.yaml");
    cr_assert_eq(symlink(target, link), 0);
    const char *names[] = { "a", "b" }, *kinds[] = { "random", "random" };
    mp_record *r = mp_record_new("c3", "0123456789abcdef", 1, 0, 2, names, kinds);
    snprintf(path, sizeof path, "%s/rec.yaml", dir);
    mp_diag d = { 0 };
    cr_assert_eq(mp_record_save(r, NULL, path, &d), 0, "%s", d.message);
    for (size_t i = 0; i < 3; i++) cr_assert(!exists(dir, stale[i]), "%s is still there", stale[i]);
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) cr_assert(exists(dir, others[i]), "%s was removed", others[i]);
    cr_assert(exists(dir, "rec.yaml.tmp.DIR123"), "a directory was removed");
    cr_assert(exists(dir, "rec.yaml.tmp.LNK123") && exists(dir, "other.yaml"), "a symbolic link or its target was removed");
    mp_record_free(r);
    remove_tree(dir);
}

/* Another user's file of that name is not ours to remove (only root can make one to test it). */
Test(record, stale_temporary_files_of_another_user_stay) {
    if (geteuid() != 0) cr_skip_test("only root can give a file to another user");
    char dir[64], path[600];
    scratch(dir, sizeof dir);
    touch(dir, "rec.yaml.tmp.Other1");
    snprintf(path, sizeof path, "%s/rec.yaml.tmp.Other1", dir);
    cr_assert_eq(chown(path, 12345, 12345), 0);
    const char *names[] = { "a", "b" }, *kinds[] = { "random", "random" };
    mp_record *r = mp_record_new("c3", "0123456789abcdef", 1, 0, 2, names, kinds);
    snprintf(path, sizeof path, "%s/rec.yaml", dir);
    mp_diag d = { 0 };
    cr_assert_eq(mp_record_save(r, NULL, path, &d), 0, "%s", d.message);
    cr_assert(exists(dir, "rec.yaml.tmp.Other1"), "another user's file was removed");
    mp_record_free(r);
    remove_tree(dir);
}

/* A new record gets the mode any new file gets (0666 less the umask), a rewritten one keeps its
** own; and saving leaves the umask as it was (learning it by setting it would change it, for a
** moment, for every thread of the process). */
Test(record, a_new_record_gets_the_mode_of_a_new_file) {
    char dir[64], path[600];
    scratch(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/rec.yaml", dir);
    const char *names[] = { "a", "b" }, *kinds[] = { "random", "random" };
    mp_record *r = mp_record_new("c3", "0123456789abcdef", 1, 0, 2, names, kinds);
    mp_diag d = { 0 };
    umask(027);
    cr_assert_eq(mp_record_save(r, NULL, path, &d), 0, "%s", d.message);
    cr_assert_eq(umask(022), 027, "the umask changed");
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0640, "a new record under umask 027: mode %o, expected 640", st.st_mode & 0777);
    cr_assert_eq(chmod(path, 0604), 0);
    cr_assert_eq(mp_record_save(r, NULL, path, &d), 0, "%s", d.message);
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0604, "a rewritten record: mode %o, expected its own 604", st.st_mode & 0777);
    DIR *dd = opendir(dir);
    cr_assert_not_null(dd);
    int files = 0;
    for (struct dirent *e; (e = readdir(dd));) files += e->d_name[0] != '.';
    closedir(dd);
    cr_assert_eq(files, 1, "%d files beside the record, expected none (no temporary file left)", files - 1);
    mp_record_free(r);
    remove_tree(dir);
}
