/*
** test_from_memory.c: the loaders read a file's text from memory as they read the file itself
** (mp_ruleset_parse, mp_tileset_parse, mp_lint_text: what the fuzz target uses, so that it writes
** no file per input): the same rulesets and tile sets, the same diagnostics, for every shipped
** file, every test ruleset and every broken file of tests/bad. And mp_ruleset_resolve: every file
** a ruleset needs supplied by the program's resolver, and what it does not supply named.
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static const char *const dirs[] = { TEST_SRCDIR "/rulesets", NULL };

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    cr_assert(f, "%s", path);
    static char buf[1 << 20];
    *len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    char *text = malloc(*len + 1);
    memcpy(text, buf, *len);
    text[*len] = 0;
    return text;
}

/* Calls each(path) for every .yaml file of the directory, returns how many. */
static int each_yaml(const char *dir, void (*each)(const char *path)) {
    DIR *dp = opendir(dir);
    cr_assert(dp, "no directory %s", dir);
    int n = 0;
    for (struct dirent *e; (e = readdir(dp));) {
        size_t k = strlen(e->d_name);
        if (k < 5 || strcmp(e->d_name + k - 5, ".yaml") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        each(path);
        n++;
    }
    closedir(dp);
    return n;
}

static void same_diag(const mp_diag *a, const mp_diag *b, const char *path) {
    cr_assert_str_eq(a->file, b->file, "%s", path);
    cr_assert(a->line == b->line && a->column == b->column, "%s: %d:%d from the file, %d:%d from memory", path,
              a->line, a->column, b->line, b->column);
    cr_assert_str_eq(a->message, b->message, "%s", path);
}

/* A tile set: the same tiles, or the same error. */
static void same_tileset(const char *path) {
    size_t len;
    char *text = slurp(path, &len);
    mp_diag d1 = { 0 }, d2 = { 0 };
    mp_tileset *a = mp_tileset_load(path, &d1), *b = mp_tileset_parse(path, text, len, &d2);
    cr_assert_eq(!a, !b, "%s: loads from one and not the other: %s%s", path, d1.message, d2.message);
    if (!a) same_diag(&d1, &d2, path);
    else {
        cr_assert_eq(mp_tileset_n_tiles(a), mp_tileset_n_tiles(b), "%s", path);
        cr_assert_eq(mp_tileset_total(a), mp_tileset_total(b), "%s", path);
        for (int t = 0; t < mp_tileset_n_tiles(a); t++)
            cr_assert_str_eq(mp_tileset_tile_id(a, t), mp_tileset_tile_id(b, t), "%s", path);
    }
    mp_tileset_free(a);
    mp_tileset_free(b);
    free(text);
}

/* A ruleset (and the files it names): the same rules (the same hash), or the same error. */
static void same_ruleset(const char *path) {
    size_t len;
    char *text = slurp(path, &len);
    mp_diag d1 = { 0 }, d2 = { 0 };
    mp_ruleset *a = mp_ruleset_load(path, dirs, &d1), *b = mp_ruleset_parse(path, text, len, dirs, &d2);
    cr_assert_eq(!a, !b, "%s: loads from one and not the other: %s%s", path, d1.message, d2.message);
    if (!a) same_diag(&d1, &d2, path);
    else cr_assert_str_eq(mp_ruleset_hash(a), mp_ruleset_hash(b), "%s", path);
    mp_ruleset_free(a);
    mp_ruleset_free(b);
    free(text);
}

/* Lint: every diagnostic the same, in the same order. */
static void same_lint(const char *path) {
    size_t len;
    char *text = slurp(path, &len);
    mp_lint *a = mp_lint_new(), *b = mp_lint_new();
    int na = mp_lint_file(a, path, dirs), nb = mp_lint_text(b, path, text, len, dirs);
    cr_assert_eq(na, nb, "%s: %d diagnostics from the file, %d from memory", path, na, nb);
    cr_assert_eq(mp_lint_count(a), mp_lint_count(b));
    for (int i = 0; i < mp_lint_count(a); i++) {
        same_diag(&mp_lint_at(a, i)->d, &mp_lint_at(b, i)->d, path);
        cr_assert_eq(mp_lint_at(a, i)->warning, mp_lint_at(b, i)->warning, "%s", path);
    }
    mp_lint_free(a);
    mp_lint_free(b);
    free(text);
}

Test(from_memory, tile_sets) {
    cr_assert_geq(each_yaml(TEST_SRCDIR "/rulesets/tiles", same_tileset), 4);
    each_yaml(TEST_SRCDIR "/tests/rulesets/tiles", same_tileset);
}

Test(from_memory, rulesets, .timeout = 120) {
    cr_assert_geq(each_yaml(TEST_SRCDIR "/rulesets", same_ruleset), 10);
    cr_assert_geq(each_yaml(TEST_SRCDIR "/tests/rulesets", same_ruleset), 20);
}

Test(from_memory, lint, .timeout = 120) {
    cr_assert_geq(each_yaml(TEST_SRCDIR "/tests/bad", same_lint), 30);
    each_yaml(TEST_SRCDIR "/rulesets", same_lint);
    each_yaml(TEST_SRCDIR "/rulesets/tiles", same_lint);
    each_yaml(TEST_SRCDIR "/rulesets/examples", same_lint);
}

/* Text under a name no file has: diagnostics name it; what it extends and its tile sets are
** found in the ruleset directories. */
Test(from_memory, named_text) {
    static const char rules[] = "name: fuzz\nextends: c3\nfollowers: 5\n";
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_parse("<memory>", rules, sizeof rules - 1, dirs, &d);
    cr_assert(rs, "%s", d.message);
    cr_assert_str_eq(mp_ruleset_name(rs), "fuzz");
    mp_ruleset_free(rs);
    static const char broken[] = "name: fuzz\nextends: c3\nfollowers: many\n";
    cr_assert_null(mp_ruleset_parse("<memory>", broken, sizeof broken - 1, dirs, &d));
    cr_assert_str_eq(d.file, "<memory>");
    cr_assert_eq(d.line, 3);
    cr_assert_null(mp_tileset_parse("<memory>", "kinds: [", 8, &d));
    cr_assert_str_eq(d.file, "<memory>");
    mp_lint *l = mp_lint_new();
    cr_assert_eq(mp_lint_text(l, "<memory>", broken, sizeof broken - 1, dirs), 1);
    cr_assert_str_eq(mp_lint_at(l, 0)->d.file, "<memory>");
    mp_lint_free(l);
}

/* ------------------------------------------------------------------ a resolver (mp_ruleset_resolve) */

/* Files in memory by kind and name; every name asked for is noted, in order. */
typedef struct memfile { mp_file_kind what; const char *name; const char *text; } memfile;
typedef struct memfs {
    const memfile *files;
    int n;
    char asked[8][64];
    int n_asked;
} memfs;

static int from_memfs(void *arg, mp_file_kind what, const char *name, const char **text, size_t *len) {
    memfs *fs = arg;
    if (fs->n_asked < 8)
        snprintf(fs->asked[fs->n_asked++], sizeof fs->asked[0], "%s %s", what == MP_FILE_TILES ? "tiles" : "ruleset",
                 name);
    for (int i = 0; i < fs->n; i++)
        if (fs->files[i].what == what && strcmp(fs->files[i].name, name) == 0) {
            *text = fs->files[i].text;
            *len = strlen(fs->files[i].text);
            return 0;
        }
    return 1;
}

/* A house ruleset extending c3, c3 naming its tile set: all three from memory, under names no
** directory has. The rules are c3's with one change; c3 resolved so is c3 loaded from files. */
Test(from_memory, resolver) {
    size_t len;
    char *c3 = slurp(TEST_SRCDIR "/rulesets/c3.yaml", &len);
    char *base = slurp(TEST_SRCDIR "/rulesets/tiles/base.yaml", &len);
    const memfile files[] = {
        { MP_FILE_RULESET, "house", "name: house\nextends: the-rules\nfollowers: 5\n" },
        { MP_FILE_RULESET, "the-rules", c3 },
        { MP_FILE_TILES, "tiles/base.yaml", base },
    };
    memfs fs = { .files = files, .n = 3 };
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_resolve("house", from_memfs, &fs, &d);
    cr_assert(rs, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    cr_assert_str_eq(mp_ruleset_name(rs), "house");
    cr_assert_str_eq(mp_ruleset_path(rs), "house");
    cr_assert_eq(fs.n_asked, 3);
    cr_assert_str_eq(fs.asked[0], "ruleset house");
    cr_assert_str_eq(fs.asked[1], "ruleset the-rules");
    cr_assert_str_eq(fs.asked[2], "tiles tiles/base.yaml");
    cr_assert_eq(mp_tileset_total(mp_ruleset_tiles(rs)), 72);
    /* It plays: a whole game of bots. */
    const char *const specs[] = { "random", "greedy" };
    mp_game *g = mp_bots_play(rs, specs, 2, 7, NULL, &d);
    cr_assert(g, "%s", d.message);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_OVER);
    mp_game_free(g);
    mp_ruleset_free(rs);

    /* The same files resolved and loaded from the directory: the same rules. */
    fs.n_asked = 0;
    rs = mp_ruleset_resolve("the-rules", from_memfs, &fs, &d);
    cr_assert(rs, "%s", d.message);
    mp_ruleset *file = mp_ruleset_load("c3", dirs, &d);
    cr_assert(file, "%s", d.message);
    cr_assert_str_eq(mp_ruleset_hash(rs), mp_ruleset_hash(file));
    mp_ruleset_free(rs);
    mp_ruleset_free(file);
    free(c3);
    free(base);
}

/* What the resolver does not supply, or supplies broken: the error names the resolver's names. */
Test(from_memory, resolver_errors) {
    const memfile files[] = {
        { MP_FILE_RULESET, "child", "name: child\nextends: missing\n" },
        { MP_FILE_RULESET, "no-tiles", "name: no-tiles\ndescription: x\ntiles: [tiles/none.yaml]\n" },
        { MP_FILE_RULESET, "bad-tiles", "name: bad-tiles\ntiles: [tiles/broken.yaml]\n" },
        { MP_FILE_TILES, "tiles/broken.yaml", "kinds:\n  city: [\n" },
        { MP_FILE_RULESET, "a", "name: a\nextends: b\n" },
        { MP_FILE_RULESET, "b", "name: b\nextends: a\n" },
        /* A tile set is not a ruleset: the kinds are apart. */
        { MP_FILE_TILES, "c3", "kinds: {}\n" },
    };
    memfs fs = { .files = files, .n = 7 };
    mp_diag d = { 0 };

    cr_assert_null(mp_ruleset_resolve("nothing", from_memfs, &fs, &d));
    cr_assert_str_eq(d.file, "nothing");
    cr_assert_str_eq(d.message, "no ruleset 'nothing' supplied by the resolver; expected the name of a ruleset it has");

    cr_assert_null(mp_ruleset_resolve("c3", from_memfs, &fs, &d));
    cr_assert_str_eq(d.file, "c3");

    memset(&d, 0, sizeof d);
    cr_assert_null(mp_ruleset_resolve("child", from_memfs, &fs, &d));
    cr_assert_str_eq(d.file, "child");
    cr_assert(d.line == 2 && d.column == 10, "%d:%d", d.line, d.column);
    cr_assert_str_eq(d.message, "extends 'missing', which the resolver does not supply; expected the name of a "
                                "ruleset it has");

    memset(&d, 0, sizeof d);
    cr_assert_null(mp_ruleset_resolve("no-tiles", from_memfs, &fs, &d));
    cr_assert_str_eq(d.file, "no-tiles");
    cr_assert_eq(d.line, 3);
    cr_assert_str_eq(d.message, "tile set 'tiles/none.yaml' is not supplied by the resolver; expected the name of "
                                "a tile set it has");

    memset(&d, 0, sizeof d);
    cr_assert_null(mp_ruleset_resolve("bad-tiles", from_memfs, &fs, &d));
    cr_assert_str_eq(d.file, "tiles/broken.yaml", "%s: %s", d.file, d.message);
    cr_assert_gt(d.line, 0);

    memset(&d, 0, sizeof d);
    cr_assert_null(mp_ruleset_resolve("a", from_memfs, &fs, &d));
    cr_assert_str_eq(d.file, "b");
    cr_assert(strstr(d.message, "makes a cycle (a -> b -> a)"), "%s", d.message);
}
