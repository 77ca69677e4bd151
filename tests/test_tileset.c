/*
** test_tileset.c: the shipped tile sets load and add up; every malformed file in tests/bad
** gives exactly the diagnostic its first line expects ("# expect: LINE:COLUMN: message").
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

#define BAD_DIR TEST_SRCDIR "/tests/bad"

/* base-tiles.md: 72 tiles in 24 kinds, one start tile (a D). */
Test(tileset, base_set_adds_up) {
    mp_diag d = { 0 };
    mp_tileset *ts = mp_tileset_load(TEST_SRCDIR "/rulesets/tiles/base.yaml", &d);
    cr_assert(ts, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    cr_assert_eq(mp_tileset_n_tiles(ts), 24);
    cr_assert_eq(mp_tileset_total(ts), 72);
    static const int counts[24] = { 2, 4, 1, 4, 5, 2, 1, 3, 2, 3, 3, 3, 2, 3, 2, 3, 1, 3, 2, 1, 8, 9, 4, 1 };
    for (int i = 0; i < 24; i++) {
        char id[2] = { (char)('A' + i), 0 };
        int t = mp_tileset_find(ts, id);
        cr_assert(t >= 0, "tile %s", id);
        cr_assert_eq(mp_tileset_tile_count(ts, t), counts[i], "count of %s", id);
    }
    mp_tileset_free(ts);
}

/* bcb-tiles.md: 12 tiles, 8 with a bazaar, 2 inns (on roads), 2 cloisters, no pennant; the
** triangular and irregular city segments are marked so, every other one-side city is a cap. */
Test(tileset, bcb_set_adds_up) {
    mp_diag d = { 0 };
    mp_tileset *ts = mp_tileset_load(TEST_SRCDIR "/rulesets/tiles/bcb.yaml", &d);
    cr_assert(ts, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    cr_assert_eq(mp_tileset_total(ts), 12);
    int bazaar = -1, inn = -1;
    for (int m = 0; m < mp_tileset_n_markers(ts); m++) {
        if (!strcmp(mp_tileset_marker_name(ts, m), "bazaar")) bazaar = m;
        if (!strcmp(mp_tileset_marker_name(ts, m), "inn")) inn = m;
    }
    int bazaars = 0, inns = 0, cloisters = 0, pennants = 0, triangle = 0, irregular = 0, caps = 0;
    for (int t = 0; t < mp_tileset_n_tiles(ts); t++) {
        int copies = mp_tileset_tile_count(ts, t);
        if (mp_tileset_tile_markers(ts, t) >> bazaar & 1) bazaars += copies;
        for (int f = 0; f < mp_tileset_tile_n_features(ts, t); f++) {
            mp_feature_def fd;
            mp_tileset_feature(ts, t, f, &fd);
            const char *kind = mp_tileset_kind_name(ts, fd.kind);
            if (fd.markers >> inn & 1) { inns += copies; cr_assert_str_eq(kind, "road"); }
            if (!strcmp(kind, "cloister")) cloisters += copies;
            pennants += fd.icons[0] * copies;
            if (!strcmp(kind, "city") && __builtin_popcount(fd.ports) == 3) {
                caps += fd.shape == 1;
                triangle += fd.shape == 2;
                irregular += fd.shape == 3;
            }
        }
    }
    cr_assert_eq(bazaars, 8);
    cr_assert_eq(inns, 2);
    cr_assert_eq(cloisters, 2);
    cr_assert_eq(pennants, 0);
    cr_assert_eq(triangle, 1, "tile BB-5");
    cr_assert_eq(irregular, 1, "tile BB-6");
    cr_assert_eq(caps, 3, "the three caps of BB-2");
    mp_tileset_free(ts);
}

/* Aliases: every base tile has its JCloisterZone id, found both ways; a namespace or an id no tile
** has gives "" and -1. */
Test(tileset, base_aliases_both_ways) {
    mp_diag d = { 0 };
    mp_tileset *ts = mp_tileset_load(TEST_SRCDIR "/rulesets/tiles/base.yaml", &d);
    cr_assert(ts, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    cr_assert_str_eq(mp_tileset_tile_alias(ts, mp_tileset_find(ts, "D"), "jcz"), "BA/RCr");
    cr_assert_eq(mp_tileset_find_alias(ts, "jcz", "BA/RCr"), mp_tileset_find(ts, "D"));
    for (int t = 0; t < mp_tileset_n_tiles(ts); t++) {
        const char *id = mp_tileset_tile_alias(ts, t, "jcz");
        cr_assert(!strncmp(id, "BA/", 3), "tile %s: jcz alias '%s'", mp_tileset_tile_id(ts, t), id);
        cr_assert_eq(mp_tileset_find_alias(ts, "jcz", id), t, "tile %s", mp_tileset_tile_id(ts, t));
        cr_assert_str_eq(mp_tileset_tile_alias(ts, t, "other-program"), "");
    }
    cr_assert_eq(mp_tileset_find_alias(ts, "jcz", "BA/XYZ"), -1);
    cr_assert_eq(mp_tileset_find_alias(ts, "jcz", ""), -1);
    cr_assert_eq(mp_tileset_find_alias(ts, "other-program", "BA/RCr"), -1);
    cr_assert_eq(mp_tileset_find_alias(ts, NULL, "BA/RCr"), -1);
    cr_assert_eq(mp_tileset_find_alias(ts, "jcz", NULL), -1);
    cr_assert_str_eq(mp_tileset_tile_alias(ts, -1, "jcz"), "");
    cr_assert_str_eq(mp_tileset_tile_alias(ts, mp_tileset_n_tiles(ts), "jcz"), "");
    cr_assert_str_eq(mp_tileset_tile_alias(ts, 0, NULL), "");
    mp_tileset_free(ts);
}

/* The files a ruleset's tiles came from (mp_tileset_n_files, _file, _tile_file): Market Town's
** rules list the base set, then the fan set; each tile names the file that wrote it; a bad index
** gives NULL or -1. A tile set loaded on its own has one file. */
Test(tileset, files_of_a_mixed_ruleset) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/rulesets/examples/market-town-rules.yaml");
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    cr_assert_eq(mp_tileset_n_files(ts), 2);
    const char *base = mp_tileset_file(ts, 0), *fan = mp_tileset_file(ts, 1);
    cr_assert(base && strstr(base, "base.yaml"), "file 0: %s", base ? base : "(null)");
    cr_assert(fan && strstr(fan, "market-town.yaml"), "file 1: %s", fan ? fan : "(null)");
    cr_assert_null(mp_tileset_file(ts, 2));
    cr_assert_null(mp_tileset_file(ts, -1));
    cr_assert_eq(mp_tileset_tile_file(ts, mp_tileset_find(ts, "D")), 0);
    cr_assert_eq(mp_tileset_tile_file(ts, mp_tileset_find(ts, "MT-gate")), 1);
    int in_fan = 0;
    for (int t = 0; t < mp_tileset_n_tiles(ts); t++) in_fan += mp_tileset_tile_file(ts, t) == 1 ? mp_tileset_tile_count(ts, t) : 0;
    cr_assert_eq(in_fan, 13, "the fan set's 13 tiles");
    cr_assert_eq(mp_tileset_tile_file(ts, -1), -1);
    cr_assert_eq(mp_tileset_tile_file(ts, mp_tileset_n_tiles(ts)), -1);
    mp_ruleset_free(rs);
    mp_diag d = { 0 };
    mp_tileset *one = mp_tileset_load(TEST_SRCDIR "/rulesets/tiles/base.yaml", &d);
    cr_assert(one, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    cr_assert_eq(mp_tileset_n_files(one), 1);
    cr_assert_eq(mp_tileset_tile_file(one, 0), 0);
    mp_tileset_free(one);
}

/* Namespaces are apart (one id may name a tile in each), and the old key `jcz: ID` is the alias
** {jcz: ID}. */
Test(tileset, aliases_by_namespace_and_the_old_key) {
    static const char text[] =
        "kinds:\n"
        "  road: {letter: R, covers: [middle]}\n"
        "  field: {letter: F, covers: [halves]}\n"
        "tiles:\n"
        "  - id: U\n"
        "    start: true\n"
        "    aliases: {jcz: X1, other-program: X2}\n"
        "    features: [{kind: road, sides: [N, S]}, {kind: field, halves: [Nw, Sw, Ws, Wn]},\n"
        "               {kind: field, halves: [Ne, En, Es, Se]}]\n"
        "  - id: V\n"
        "    jcz: X2\n"
        "    aliases: {other-program: X1}\n"
        "    features: [{kind: road, sides: [E, W]}, {kind: field, halves: [Nw, Ne, En, Wn]},\n"
        "               {kind: field, halves: [Es, Se, Sw, Ws]}]\n";
    mp_diag d = { 0 };
    mp_tileset *ts = mp_tileset_parse("aliases.yaml", text, sizeof text - 1, &d);
    cr_assert(ts, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    int u = mp_tileset_find(ts, "U"), v = mp_tileset_find(ts, "V");
    cr_assert_str_eq(mp_tileset_tile_alias(ts, u, "jcz"), "X1");
    cr_assert_str_eq(mp_tileset_tile_alias(ts, u, "other-program"), "X2");
    cr_assert_str_eq(mp_tileset_tile_alias(ts, v, "jcz"), "X2");
    cr_assert_str_eq(mp_tileset_tile_alias(ts, v, "other-program"), "X1");
    cr_assert_eq(mp_tileset_find_alias(ts, "jcz", "X1"), u);
    cr_assert_eq(mp_tileset_find_alias(ts, "jcz", "X2"), v);
    cr_assert_eq(mp_tileset_find_alias(ts, "other-program", "X1"), v);
    cr_assert_eq(mp_tileset_find_alias(ts, "other-program", "X2"), u);
    mp_tileset_free(ts);
}

/* Reads the expectation on line 1 of a bad file. */
static void expectation(const char *path, char *out, size_t size) {
    FILE *f = fopen(path, "r");
    cr_assert(f, "cannot open %s", path);
    char line[1024] = "";
    cr_assert(fgets(line, sizeof line, f));
    fclose(f);
    cr_assert(strncmp(line, "# expect: ", 10) == 0, "%s: line 1 is not '# expect: ...'", path);
    line[strcspn(line, "\n")] = 0;
    /* TESTDIR stands for the directory of the bad files, for messages that name other files. */
    char *body = line + 10, *at;
    out[0] = 0;
    while ((at = strstr(body, "TESTDIR"))) {
        strncat(out, body, (size_t)(at - body));
        strncat(out, BAD_DIR, size - strlen(out) - 1);
        body = at + 7;
    }
    strncat(out, body, size - strlen(out) - 1);
}

static void check_bad(const char *prefix, const char *(*load)(const char *)) {
    DIR *dp = opendir(BAD_DIR);
    cr_assert(dp, "no %s", BAD_DIR);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(dp))) {
        if (strncmp(e->d_name, prefix, strlen(prefix)) != 0) continue;
        char path[1024], want[1200], full[2400];
        snprintf(path, sizeof path, "%s/%s", BAD_DIR, e->d_name);
        expectation(path, want, sizeof want);
        /* An error found in another file (an extends cycle) names that file first. */
        const char *colon = strchr(want, ':');
        if (colon && colon - want > 5 && strncmp(colon - 5, ".yaml", 5) == 0)
            snprintf(full, sizeof full, "%s/%s", BAD_DIR, want);
        else
            snprintf(full, sizeof full, "%s:%s", path, want);
        const char *got = load(path);
        cr_expect_str_eq(got, full, "%s:\n   got: %s\n  want: %s", e->d_name, got, full);
        n++;
    }
    closedir(dp);
    cr_assert_geq(n, 5, "too few bad files with prefix %s", prefix);
}

Test(tileset, malformed_files_give_one_exact_diagnostic) { check_bad("tiles-", t_tileset_error); }
Test(ruleset, malformed_files_give_one_exact_diagnostic) { check_bad("rules-", t_ruleset_error); }
