/*
** test_yamlx.c: the YAML layer: positions are 1-based, hostile input is refused fast.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "../core/yamlx.h"

static mp_ynode *load(mp_arena *a, const char *text, mp_diag *d) {
    return mp_y_load_string(a, "t.yaml", text, strlen(text), d);
}

Test(yamlx, positions_count_from_one) {
    mp_arena *a = mp_arena_new();
    mp_diag d = { 0 };
    mp_ynode *n = load(a, "a: 1\nb:\n  - x\n", &d);
    cr_assert(n);
    cr_assert_eq(n->line, 1);
    cr_assert_eq(n->column, 1);
    mp_ynode *b = mp_y_get(n, "b");
    cr_assert_eq(b->items[0]->line, 3);
    cr_assert_eq(b->items[0]->column, 5);
    mp_arena_free(a);
}

Test(yamlx, duplicate_key_refused) {
    mp_arena *a = mp_arena_new();
    mp_diag d = { 0 };
    cr_assert_null(load(a, "a: 1\na: 2\n", &d));
    cr_assert_eq(d.line, 2);
    cr_assert_str_eq(d.message, "duplicate key 'a'; expected each key once (first at line 1)");
    mp_arena_free(a);
}

/* An unknown key is named with the known key it is close to, and only with a close one. */
Test(yamlx, unknown_key_names_the_nearest) {
    static const char *const keys[] = { "tileset", "kinds", "tiles", "id", "seed", "final", NULL };
    cr_assert_str_eq(mp_y_nearest("tilest", keys), "tileset");   /* one left out */
    cr_assert_str_eq(mp_y_nearest("kind", keys), "kinds");
    cr_assert_str_eq(mp_y_nearest("tlies", keys), "tiles");      /* two swapped: one edit */
    cr_assert_str_eq(mp_y_nearest("sed", keys), "seed");
    cr_assert_str_eq(mp_y_nearest("ib", keys), "id");            /* one edit in a short key */
    cr_assert_null(mp_y_nearest("xy", keys));                    /* two in a short key: no guess */
    cr_assert_null(mp_y_nearest("winner", keys));
    cr_assert_null(mp_y_nearest("colour", keys));
    mp_arena *a = mp_arena_new();
    mp_diag d = { 0 };
    mp_ynode *n = load(a, "tiles: 1\ntilest: 2\nwinner: 3\n", &d);
    cr_assert(n);
    int i = mp_y_unknown_key(n, keys, 0, &d);
    cr_assert_eq(i, 1);
    cr_assert_str_eq(d.message, "unknown key 'tilest'; expected 'tileset'");
    i = mp_y_unknown_key(n, keys, i + 1, &d);
    cr_assert_eq(i, 2);
    cr_assert_str_eq(d.message, "unknown key 'winner'; expected one of tileset, kinds, tiles, id, seed, final");
    cr_assert_eq(mp_y_unknown_key(n, keys, i + 1, &d), -1);
    /* A key the mapping has already is no guess: 'mix' beside 'min' is 'max' misspelt. */
    static const char *const range[] = { "min", "max", NULL };
    n = load(a, "min: 1\nmix: 2\n", &d);
    cr_assert_eq(mp_y_unknown_key(n, range, 0, &d), 1);
    cr_assert_str_eq(d.message, "unknown key 'mix'; expected 'max'");
    n = load(a, "min: 1\nmax: 2\nmix: 3\n", &d);
    cr_assert_eq(mp_y_unknown_key(n, range, 0, &d), 2);
    cr_assert_str_eq(d.message, "unknown key 'mix'; expected one of min, max");
    mp_arena_free(a);
}

Test(yamlx, deep_nesting_refused) {
    size_t n = 10000;
    char *s = malloc(2 * n + 1);
    memset(s, '[', n);
    memset(s + n, ']', n);
    s[2 * n] = 0;
    mp_arena *a = mp_arena_new();
    mp_diag d = { 0 };
    cr_assert_null(load(a, s, &d));
    cr_assert(strstr(d.message, "nesting deeper than"), "%s", d.message);
    mp_arena_free(a);
    free(s);
}

Test(yamlx, invalid_utf8_refused) {
    mp_arena *a = mp_arena_new();
    mp_diag d = { 0 };
    cr_assert_null(load(a, "a: \xff\xfe\n", &d));
    cr_assert(strstr(d.message, "UTF-8") || strstr(d.message, "invalid"), "%s", d.message);
    mp_arena_free(a);
}

Test(yamlx, merge_overrides_and_keeps) {
    mp_arena *a = mp_arena_new();
    mp_diag d = { 0 };
    mp_ynode *p = load(a, "x: 1\nm: {a: 1, b: 2}\n", &d), *c = load(a, "m: {b: 3}\ny: 4\n", &d);
    mp_ynode *m = mp_y_merge(a, p, c);
    cr_assert_str_eq(mp_y_get(m, "x")->value, "1");
    cr_assert_str_eq(mp_y_get(m, "y")->value, "4");
    cr_assert_str_eq(mp_y_get(mp_y_get(m, "m"), "a")->value, "1");
    cr_assert_str_eq(mp_y_get(mp_y_get(m, "m"), "b")->value, "3");
    mp_arena_free(a);
}

/* Hostile input (issue: lint and loaders): refused fast, with bounded memory. Each test has a
** criterion timeout; the loaders never read more than their file limit. */
#include <sys/resource.h>
#include <unistd.h>

static long max_rss_kb(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

Test(hostile, alias_bomb_refused_at_the_first_anchor, .timeout = 2) {
    /* The "billion laughs": each level names the one before it ten times. */
    const char *bomb =
        "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
        "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
        "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n";
    mp_arena *a = mp_arena_new();
    mp_diag d = { 0 };
    cr_assert_null(load(a, bomb, &d));
    cr_assert_str_eq(d.message, "anchor '&a' is not supported; expected plain values");
    cr_assert_eq(d.line, 1);
    mp_arena_free(a);
}

Test(hostile, hundred_megabyte_string_refused, .timeout = 5) {
    char path[] = "/tmp/meeple-hostile-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("tiles: \"", f);
    static char chunk[1 << 16];
    memset(chunk, 'x', sizeof chunk);
    for (int i = 0; i < 100 * 16; i++) fwrite(chunk, 1, sizeof chunk, f);   /* 100 MiB */
    fputs("\"\n", f);
    fclose(f);
    long before = max_rss_kb();
    mp_diag d = { 0 };
    mp_tileset *ts = mp_tileset_load(path, &d);
    long grown = max_rss_kb() - before;
    unlink(path);
    cr_assert_null(ts);
    cr_assert(strstr(d.message, "file is too large; expected at most"), "%s", d.message);
    cr_assert_lt(grown, 64 * 1024, "memory grew by %ld KiB reading a 100 MiB file", grown);
}

Test(hostile, huge_count_refused) {
    mp_arena *a = mp_arena_new();
    mp_diag d = { 0 };
    mp_ynode *n = load(a, "count: 1000000000000\n", &d);
    long v;
    cr_assert_neq(mp_y_int(mp_y_get(n, "count"), 0, 1000, &v, &d), 0);
    cr_assert_str_eq(d.message, "1000000000000 is out of range; expected a whole number from 0 to 1000");
    mp_arena_free(a);
}
