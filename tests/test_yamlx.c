/*
** test_yamlx.c: the YAML layer: positions are 1-based, hostile input is refused fast.
*/
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
