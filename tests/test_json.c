/*
** test_json.c: the JSON writer behind every --json (tools/common/json.h) writes valid JSON whatever it is
** given: nesting of any depth, control characters, text that is not UTF-8, numbers that are not
** finite or above jansson's integers; and numbers readable (%.6g) or exact, as asked.
*/
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

/* What a writer printed, malloc'd; `write` makes the document. */
static char *printed(void (*write)(json *j)) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert(f);
    json j;
    json_init(&j, f);
    write(&j);
    cr_assert_eq(json_done(&j), 0);
    fclose(f);
    return buf;
}

/* The text parsed by jansson, which takes only valid JSON in valid UTF-8; the test fails if not. */
static json_t *parsed(const char *text) {
    json_error_t e;
    json_t *v = json_loads(text, JSON_DECODE_ANY, &e);
    cr_assert(v, "not valid JSON (%s at %d): %s", e.text, e.position, text);
    return v;
}

enum { DEEP = 1000 };

/* Arrays and objects in turn, DEEP levels: each holds its level, the next level, and its level
** again after it (so each level's commas and keys are its own). */
static void deep(json *j) {
    json_object(j);
    json_key(j, "outer");
    for (int i = 0; i < DEEP; i++) {
        if (i % 2) { json_object(j); json_key(j, "level"); json_int(j, i); json_key(j, "in"); }
        else { json_array(j); json_int(j, i); }
    }
    json_int(j, 7);
    for (int i = DEEP - 1; i >= 0; i--) {
        if (i % 2) { json_key(j, "again"); json_int(j, i); json_object_end(j); }
        else { json_int(j, i); json_array_end(j); }
    }
    json_key(j, "after"); json_bool(j, true);
    json_object_end(j);
}

Test(json, nesting_has_no_depth_limit) {
    char *text = printed(deep);
    json_t *v = parsed(text), *at = json_object_get(v, "outer");
    for (int i = 0; i < DEEP; i++) {
        if (i % 2) {
            cr_assert(json_is_object(at) && json_object_size(at) == 3, "level %d: an object of 3 keys", i);
            cr_assert(json_integer_value(json_object_get(at, "level")) == i && json_integer_value(json_object_get(at, "again")) == i);
            at = json_object_get(at, "in");
        } else {
            cr_assert(json_is_array(at) && json_array_size(at) == 3, "level %d: an array of 3", i);
            cr_assert(json_integer_value(json_array_get(at, 0)) == i && json_integer_value(json_array_get(at, 2)) == i);
            at = json_array_get(at, 1);
        }
    }
    cr_assert_eq(json_integer_value(at), 7);
    cr_assert(json_is_true(json_object_get(v, "after")), "the key after the deep value is in the outer object");
    json_decref(v);
    free(text);
}

static const char controls[] = "a\"b\\c\nd\te\rf\001g\037h\177i/j";

static void strings(json *j) {
    json_object(j);
    json_key(j, "controls"); json_string(j, controls);
    json_key(j, "name\001\n"); json_string(j, "key with controls");
    json_key(j, "latin1"); json_string(j, "Jos\xe9 M\xfcller");                  /* not UTF-8 */
    json_key(j, "cut"); json_string(j, "ab\xc3");                                 /* a sequence cut short */
    json_key(j, "overlong"); json_string(j, "\xc0\xaf");                          /* '/' in two bytes */
    json_key(j, "surrogate"); json_string(j, "\xed\xa0\x80");                     /* U+D800 */
    json_key(j, "utf8"); json_string(j, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb2");   /* café € 🎲 */
    json_key(j, "bad\xff key"); json_string(j, "v");
    json_key(j, "null"); json_string(j, NULL);
    json_object_end(j);
}

static const char *str(json_t *v, const char *key) {
    const char *s = json_string_value(json_object_get(v, key));
    cr_assert(s, "no string under %s", key);
    return s;
}

Test(json, text_is_always_valid_utf8_json) {
    char *text = printed(strings);
    json_t *v = parsed(text);
    cr_assert_str_eq(str(v, "controls"), controls, "control characters and quotes read back as written");
    cr_assert_str_eq(str(v, "name\001\n"), "key with controls");
    cr_assert_str_eq(str(v, "latin1"), "Jos\xef\xbf\xbd M\xef\xbf\xbdller", "a byte that is not UTF-8: U+FFFD");
    cr_assert_str_eq(str(v, "cut"), "ab\xef\xbf\xbd");
    cr_assert_str_eq(str(v, "overlong"), "\xef\xbf\xbd\xef\xbf\xbd");
    cr_assert_str_eq(str(v, "surrogate"), "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
    cr_assert_str_eq(str(v, "utf8"), "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb2", "valid UTF-8 unchanged");
    cr_assert_str_eq(str(v, "bad\xef\xbf\xbd key"), "v", "a key that is not UTF-8: U+FFFD");
    cr_assert(json_is_null(json_object_get(v, "null")));
    cr_assert(strstr(text, "caf\xc3\xa9"), "UTF-8 printed as is, not as \\u escapes: %s", text);
    json_decref(v);
    free(text);
}

static void numbers(json *j) {
    json_array(j);
    json_double(j, NAN);
    json_double(j, INFINITY);
    json_double_exact(j, -INFINITY);
    json_uint(j, UINT64_MAX);
    json_uint(j, (unsigned long long)INT64_MAX);
    json_int(j, -42);
    json_array_end(j);
}

Test(json, numbers_jansson_cannot_hold_are_still_json) {
    char *text = printed(numbers);
    json_t *v = parsed(text);
    cr_assert(json_is_null(json_array_get(v, 0)) && json_is_null(json_array_get(v, 1)) && json_is_null(json_array_get(v, 2)),
              "not finite: null: %s", text);
    cr_assert_str_eq(json_string_value(json_array_get(v, 3)), "18446744073709551615", "above 2^63-1: its digits");
    cr_assert_eq(json_integer_value(json_array_get(v, 4)), INT64_MAX);
    cr_assert_eq(json_integer_value(json_array_get(v, 5)), -42);
    json_decref(v);
    free(text);
}

static void readable(json *j) {
    json_array(j);
    json_double(j, 0.1);
    json_double(j, 1.0 / 3);
    json_double(j, 2.5e-7);
    json_double(j, 3);
    json_double(j, 1234567.0);
    json_array_end(j);
}

Test(json, readable_numbers_have_six_digits) {
    char *text = printed(readable);
    cr_assert_str_eq(text, "[0.1,0.333333,2.5e-7,3.0,1.23457e6]\n");
    free(text);
}

static const double exact_values[] = { 0.1, 1.0 / 3, 0.1 + 0.2, 1e-300, 123456.789012345678, 5 };

static void exact(json *j) {
    json_array(j);
    for (size_t i = 0; i < sizeof exact_values / sizeof *exact_values; i++) json_double_exact(j, exact_values[i]);
    json_array_end(j);
}

static void exact_short(json *j) {
    json_array(j);
    json_double_exact(j, 0.1);
    json_double_exact(j, 0.25);
    json_array_end(j);
}

Test(json, exact_numbers_read_back_the_same) {
    char *text = printed(exact);
    json_t *v = parsed(text);
    for (size_t i = 0; i < sizeof exact_values / sizeof *exact_values; i++)
        cr_assert(json_real_value(json_array_get(v, i)) == exact_values[i], "value %zu reads back other: %s", i, text);
    json_decref(v);
    free(text);
    text = printed(exact_short);
    cr_assert_str_eq(text, "[0.1,0.25]\n", "as few digits as read back the same");
    free(text);
}

static void in_order(json *j) {
    json_object(j);
    json_key(j, "z"); json_int(j, 1);
    json_key(j, "a"); json_array(j); json_array_end(j);
    json_key(j, "m"); json_object(j); json_object_end(j);
    json_key(j, "b"); json_string(j, "");
    json_object_end(j);
}

Test(json, keys_keep_their_order_compact) {
    char *text = printed(in_order);
    cr_assert_str_eq(text, "{\"z\":1,\"a\":[],\"m\":{},\"b\":\"\"}\n");
    free(text);
}

Test(json, take_gives_the_tree_and_prints_nothing) {
    json j;
    json_init(&j, NULL);
    in_order(&j);
    json_t *v = jw_take(&j);
    cr_assert(json_is_object(v) && json_object_size(v) == 4);
    json_decref(v);
    json_init(&j, NULL);
    cr_assert_null(jw_take(&j), "nothing written: no document");
}
