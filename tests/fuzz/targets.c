/*
** targets.c: the bodies of the fuzz targets (see targets.h). Any crash, sanitizer report or
** failed check here is a bug in the library, never in the input.
*/
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "meeple.h"
#include "targets.h"

#ifndef TEST_SRCDIR
#define TEST_SRCDIR "."
#endif

/* Shipped rulesets, loaded once per process: the fuzzers call the targets millions of times. */
static const mp_ruleset *shipped(const char *name, mp_ruleset **cache) {
    if (!*cache) {
        static const char *const dirs[] = { TEST_SRCDIR "/rulesets", NULL };
        mp_diag d = { 0 };
        *cache = mp_ruleset_load(name, dirs, &d);
        if (!*cache) abort();
    }
    return *cache;
}

static const mp_ruleset *c3(void) {
    static mp_ruleset *rs;
    return shipped("c3", &rs);
}

/* Bridges, Castles and Bazaars: its modules parse their own actions (!bridges:..., !castles:...). */
static const mp_ruleset *bcb(void) {
    static mp_ruleset *rs;
    return shipped("bcb", &rs);
}

/* The Castle: a bounded board, start spaces, and the castle module's actions (!castle:...). */
static const mp_ruleset *castle(void) {
    static mp_ruleset *rs;
    return shipped("castle", &rs);
}

static bool same(const mp_action *a, const mp_action *b) {
    return a->kind == b->kind && a->rot == b->rot && a->feature == b->feature && a->module == b->module &&
           a->tile == b->tile && a->x == b->x && a->y == b->y && a->code == b->code &&
           !memcmp(a->arg, b->arg, sizeof a->arg);
}

static void parse_in(mp_game *g, const char *text) {
    mp_action a, back;
    mp_diag d = { 0 };
    int used = 0;
    if (mp_notation_parse(g, text, &a, &used, &d)) {
        if (d.column < 1 || d.column > (int)strlen(text) + 1) abort();   /* a column inside the input */
        return;
    }
    if (used < 1 || used > (int)strlen(text)) abort();
    char buf[256];
    mp_notation_format(g, &a, buf, sizeof buf);
    if (mp_notation_parse(g, buf, &back, NULL, &d) || !same(&a, &back)) abort();
    mp_game_apply(g, &a, &d);   /* legal or not: must not crash */
}

int fuzz_notation(const uint8_t *data, size_t size) {
    if (size > 4096) return 0;
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    mp_game_options o = { .n_players = 2, .seed = 7, .first_player = 0 };
    mp_diag d = { 0 };
    const mp_ruleset *rulesets[3] = { c3(), bcb(), castle() };
    for (int i = 0; i < 3; i++) {
        mp_game *g = mp_game_new(rulesets[i], &o, &d);
        mp_game_start(g, &d);
        parse_in(g, text);
        /* Again just after a placement, where deployments name features of the tile. */
        mp_action v[256];
        mp_game *h = mp_game_new(rulesets[i], &o, &d);
        mp_game_start(h, &d);
        if (mp_game_legal(h, v, 256) > 0 && !mp_game_apply(h, &v[0], &d)) parse_in(h, text);
        mp_game_free(h);
        mp_game_free(g);
    }
    free(text);
    return 0;
}

int fuzz_record(const uint8_t *data, size_t size) {
    if (size > 1 << 20) return 0;
    mp_diag d = { 0 };
    mp_record *r = mp_record_parse("<fuzz>", (const char *)data, size, &d);
    if (!r) return 0;
    mp_game *g = mp_record_replay(r, c3(), 1, -1, &d);
    mp_game_free(g);
    g = mp_record_replay(r, c3(), 0, -1, &d);
    mp_game_free(g);
    g = mp_record_replay(r, bcb(), 0, -1, &d);
    mp_game_free(g);
    g = mp_record_replay(r, castle(), 0, -1, &d);
    mp_game_free(g);
    mp_record_free(r);
    return 0;
}

int fuzz_loaders(const uint8_t *data, size_t size) {
    if (size > 1 << 20) return 0;
    /* Read from memory, no file written: the input stands for a file beside the shipped rulesets
    ** (a file that is not there), so that what it extends and the tile sets it names (tiles/...)
    ** are the shipped ones. */
    static const char name[] = TEST_SRCDIR "/rulesets/fuzz-input.yaml";
    const char *text = (const char *)data;
    static const char *const dirs[] = { TEST_SRCDIR "/rulesets", NULL };
    mp_lint *l = mp_lint_new();
    mp_lint_text(l, name, text, size, dirs);
    for (int i = 0; i < mp_lint_count(l); i++) {
        const mp_lint_item *it = mp_lint_at(l, i);
        if (!it->d.message[0]) abort();   /* every diagnostic says something */
    }
    mp_lint_free(l);
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_parse(name, text, size, dirs, &d);
    if (rs) {   /* a ruleset that loads must start a game for its smallest player count */
        mp_game_options o = { .n_players = mp_ruleset_min_players(rs), .seed = 1, .first_player = 0 };
        mp_game *g = mp_game_new(rs, &o, &d);
        if (g) {
            mp_game_start(g, &d);
            mp_action v[64];
            for (int k = 0; k < 20 && mp_game_phase(g) != MP_PHASE_OVER; k++) {
                int n = mp_game_legal(g, v, 64);
                if (n <= 0 || mp_game_apply(g, &v[0], &d)) break;
            }
            mp_game_free(g);
        }
        mp_ruleset_free(rs);
    }
    mp_tileset *ts = mp_tileset_parse(name, text, size, &d);
    mp_tileset_free(ts);
    return 0;
}
