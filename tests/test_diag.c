/*
** test_diag.c: input quoted in messages (mp_quote): control characters and bytes that are not
** UTF-8 escaped, long input cut, so that a message stays one readable line.
*/
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "meeple.h"

static const char *quoted(const char *s, size_t len) {
    static char buf[MP_QUOTE_SIZE];
    return mp_quote_n(s, len, buf, sizeof buf);
}

#define Q(lit) quoted(lit, sizeof lit - 1)

Test(quote, plain_text_as_it_is) {
    cr_assert_str_eq(Q("E@0,1r2"), "E@0,1r2");
    cr_assert_str_eq(Q(""), "");
    cr_assert_str_eq(Q("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb2"), "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb2", "UTF-8 is shown");
}

Test(quote, control_characters_escaped) {
    cr_assert_str_eq(Q("a\nb\tc\rd"), "a\\nb\\tc\\rd");
    cr_assert_str_eq(Q("\x01\x1b[2J\x7f"), "\\x01\\x1b[2J\\x7f");
    cr_assert_str_eq(Q("x\0y"), "x\\x00y", "a NUL byte inside the input");
    cr_assert_str_eq(Q("\xc2\x85\xc2\x9b"), "\\xc2\\x85\\xc2\\x9b", "C1 control characters");
}

Test(quote, bytes_that_are_not_utf8_escaped) {
    cr_assert_str_eq(Q("\xff"), "\\xff");
    cr_assert_str_eq(Q("a\xc3"), "a\\xc3", "a sequence cut short by the end");
    cr_assert_str_eq(Q("\xc3(x"), "\\xc3(x", "a lead byte without its continuation");
    cr_assert_str_eq(Q("\xc0\xaf"), "\\xc0\\xaf", "overlong");
    cr_assert_str_eq(Q("\xe0\x80\xaf"), "\\xe0\\x80\\xaf", "overlong, three bytes");
    cr_assert_str_eq(Q("\xed\xa0\x80"), "\\xed\\xa0\\x80", "a surrogate");
    cr_assert_str_eq(Q("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80", "past U+10FFFF");
    cr_assert_str_eq(Q("\x80z"), "\\x80z", "a lone continuation byte");
}

Test(quote, long_input_cut_with_dots) {
    char exact[MP_QUOTE_CHARS + 1];
    memset(exact, 'a', MP_QUOTE_CHARS);
    exact[MP_QUOTE_CHARS] = 0;
    cr_assert_str_eq(quoted(exact, MP_QUOTE_CHARS), exact, "%d characters: whole", MP_QUOTE_CHARS);
    size_t big = 200 * 1024;
    char *word = malloc(big);
    cr_assert(word);
    memset(word, 'w', big);
    const char *q = quoted(word, big);
    cr_assert_eq(strlen(q), MP_QUOTE_CHARS + 3);
    cr_assert_str_eq(q + MP_QUOTE_CHARS, "...");
    memset(word, 1, big);   /* the worst case: every character an escape */
    q = quoted(word, big);
    cr_assert_eq(strlen(q), 4 * MP_QUOTE_CHARS + 3);
    cr_assert_str_eq(q + 4 * MP_QUOTE_CHARS, "...");
    free(word);
    /* A character of several bytes counts once. */
    char euros[3 * (MP_QUOTE_CHARS + 1) + 1] = "";
    for (int i = 0; i <= MP_QUOTE_CHARS; i++) strcat(euros, "\xe2\x82\xac");
    q = quoted(euros, strlen(euros));
    cr_assert_eq(strlen(q), 3 * MP_QUOTE_CHARS + 3);
}

Test(quote, a_small_buffer_holds_whole_pieces) {
    char buf[6];
    cr_assert_str_eq(mp_quote_n("ab\x01", 3, buf, sizeof buf), "ab", "an escape goes in whole or not at all");
    cr_assert_str_eq(mp_quote("abc", buf, 1), "");
}
