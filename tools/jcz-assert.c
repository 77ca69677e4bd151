/*
** jcz-assert.c: the test assertions of a JCloisterZone file, checked against the replayed game.
**
** Two forms are understood: "NAME has N point(s)" (the player's total) and "NAME scored FEATURE
** for N point(s)" (the player's points in that score category: city, road, cloister or monastery,
** farm or field, and any other category of the ruleset, such as castle or bazaar). Anything else,
** or a name that is no player's, is not understood: never counted as passed.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jcz.h"

const char *jcz_verdict_name(jcz_verdict v) {
    return v == JCZ_PASSED ? "passed" : v == JCZ_FAILED ? "failed" : "not understood";
}

/* "N point" or "N points" (the whole of s): the number. */
static bool points(const char *s, long *n) {
    char *end;
    if (!(isdigit((unsigned char)s[0]) || (s[0] == '-' && isdigit((unsigned char)s[1])))) return false;
    *n = strtol(s, &end, 10);
    return !strcmp(end, " point") || !strcmp(end, " points");
}

static int player(const char *const *names, int n, const char *name, size_t len) {
    for (int p = 0; p < n; p++)
        if (strlen(names[p]) == len && !strncmp(names[p], name, len)) return p;
    return -1;
}

/* The score category a feature word names, "" if none. */
static const char *category(const mp_game *g, const char *word, char *buf, size_t size) {
    snprintf(buf, size, "%s", word);
    for (char *c = buf; *c; c++) *c = (char)tolower((unsigned char)*c);
    static const struct { const char *word, *cat; } aliases[] = {
        { "monastery", "cloister" }, { "cloisters", "cloister" }, { "monasteries", "cloister" }, { "cities", "city" },
        { "roads", "road" }, { "field", "farm" }, { "fields", "farm" }, { "farms", "farm" }, { "castles", "castle" },
    };
    for (size_t k = 0; k < sizeof aliases / sizeof aliases[0]; k++)
        if (!strcmp(buf, aliases[k].word)) snprintf(buf, size, "%s", aliases[k].cat);
    if (!strcmp(buf, "farm")) snprintf(buf, size, "%s", mp_ruleset_farm_category(mp_game_ruleset(g)));
    for (int c = 0; c < mp_game_n_categories(g); c++)
        if (!strcmp(mp_game_category_name(g, c), buf)) return mp_game_category_name(g, c);
    return "";
}

/* The last occurrence of pat in s (a name may hold the words too: "Has Bean has 3 points"). */
static const char *last(const char *s, const char *pat) {
    const char *found = NULL;
    for (const char *at = strstr(s, pat); at; at = strstr(at + 1, pat)) found = at;
    return found;
}

jcz_verdict jcz_check_assertion(const mp_game *g, const char *const *names, int n, const char *text, char *detail,
                                size_t size) {
    const char *has = last(text, " has "), *scored = last(text, " scored "), *for_ = NULL;
    long want;
    detail[0] = 0;
    if (scored && (for_ = last(scored + 8, " for ")) && points(for_ + 5, &want)) {
        int p = player(names, n, text, (size_t)(scored - text));
        char word[64], buf[64];
        snprintf(word, sizeof word, "%.*s", (int)(for_ - scored - 8), scored + 8);
        const char *cat = category(g, word, buf, sizeof buf);
        if (p < 0) { snprintf(detail, size, "no player '%.*s'", (int)(scored - text), text); return JCZ_NOT_UNDERSTOOD; }
        if (!cat[0]) { snprintf(detail, size, "no score category '%s'", word); return JCZ_NOT_UNDERSTOOD; }
        int got = 0;
        for (int c = 0; c < mp_game_n_categories(g); c++)
            if (!strcmp(mp_game_category_name(g, c), cat)) got = mp_game_points(g, p, c);
        snprintf(detail, size, "%s scored %s for %d point%s", names[p], cat, got, got == 1 ? "" : "s");
        return got == want ? JCZ_PASSED : JCZ_FAILED;
    }
    if (has && points(has + 5, &want)) {
        int p = player(names, n, text, (size_t)(has - text));
        if (p < 0) { snprintf(detail, size, "no player '%.*s'", (int)(has - text), text); return JCZ_NOT_UNDERSTOOD; }
        int got = mp_game_score(g, p);
        snprintf(detail, size, "%s has %d point%s", names[p], got, got == 1 ? "" : "s");
        return got == want ? JCZ_PASSED : JCZ_FAILED;
    }
    snprintf(detail, size, "expected 'NAME has N points' or 'NAME scored FEATURE for N points'");
    return JCZ_NOT_UNDERSTOOD;
}
