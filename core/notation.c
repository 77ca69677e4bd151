/*
** notation.c: move notation, one action per token (grammar: meeple-notation(7)).
**
**   E@0,-1r2      place tile E at cell 0,-1 turned twice clockwise (r0 when left out)
**   +N  +Nw  +cloister   deploy on the feature of the tile just placed at that port, or of that kind
**   +N:large      the same with another piece than the ordinary follower, by its name
**   -  or  pass   decline (no follower, no optional action)
**   !bridge:NS    an action of a module, its arguments after ':' (the module reads them)
**
** Parsing is one PCRE2 pattern with named groups. When the input does not match, the pattern is
** asked for the longest prefix that could still begin an action (partial matching): the column
** after it is where the input stops making sense, and the shape of that prefix tells what was
** expected there. Names are then checked against the game: the tile id, the feature.
**
** The patterns are compiled once per process, by the first parse on any thread (pthread_once), and
** kept to the end: PCRE2's compiled code is only read while matching, so threads share it; the
** match data a match writes is each call's own.
*/
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "internal.h"
#include "yamlx.h"

static const char action_pattern[] =
    "(?:(?<tile>[A-Za-z0-9][A-Za-z0-9_.+-]{0,30})@(?<x>-?[0-9]+),(?<y>-?[0-9]+)(?:r(?<rot>[0-3]))?"
    "|\\+(?<where>[A-Za-z][A-Za-z0-9_-]{0,30})(?::(?<piece>[a-z][a-z0-9-]{0,30}))?"
    "|(?<pass>-|pass)"
    "|!(?<module>[a-z][a-z0-9-]{0,30})(?::(?<args>[^\\s]{1,200}))?"
    ")(?=\\s|$)";

/* What may come next after a valid prefix of this shape; the first that matches wins. */
static const struct { const char *prefix; const char *expected; } expectations[] = {
    { "^$", "an action: TILE@X,Y[rR] to place a tile, +WHERE to deploy, '-' to pass, or !MODULE:ARGS" },
    { "^[A-Za-z0-9][A-Za-z0-9_.+-]*$", "'@' and the cell X,Y after the tile id" },
    { "^[^@]+@-?$", "the x coordinate, a whole number" },
    { "^[^@]+@-?[0-9]+$", "',' and the y coordinate" },
    { "^[^@]+@-?[0-9]+,-?$", "the y coordinate, a whole number" },
    { "^[^@]+@-?[0-9]+,-?[0-9]+$", "'r' and a rotation 0 to 3, or the end of the action" },
    { "^[^@]+@.*r$", "a rotation: 0, 1, 2 or 3" },
    { "^\\+$", "a port (Nw N Ne En E Es Se S Sw Ws W Wn) or a feature kind after '+'" },
    { "^\\+[A-Za-z][A-Za-z0-9_-]*:$", "the name of a piece after ':' (the ruleset's pieces: +N:large)" },
    { "^!$", "the name of a module after '!'" },
    { "^![a-z0-9-]+:$", "the module's arguments after ':'" },
    { "^![a-z0-9-]+$", "':' and the module's arguments, or the end of the action" },
    { "", "the end of the action (a space or the end of the line)" },
};

enum { N_EXPECTATIONS = sizeof expectations / sizeof expectations[0] };

static pcre2_code *compile(const char *pattern) {
    int err;
    PCRE2_SIZE at;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, PCRE2_ANCHORED, &err, &at, NULL);
    if (!re) abort();   /* the patterns are ours: a failure here is our bug */
    return re;
}

/* Written once, under compiled_once, then only read. The last expectation has no pattern: it is
** what is left when no other prefix matches. */
static pthread_once_t compiled_once = PTHREAD_ONCE_INIT;
static pcre2_code *action_re;
static pcre2_code *expectation_re[N_EXPECTATIONS - 1];

/* Each thread's match data for action_re, made at its first parse and kept (freed when the
** thread ends): a match's backtracking frames live in it, and allocating them anew for every
** parse was most of a parse's time on a server parsing actions on many threads. */
static pthread_key_t match_key;

static void free_match_data(void *md) { pcre2_match_data_free(md); }

static void compile_all(void) {
    action_re = compile(action_pattern);
    for (int i = 0; i < N_EXPECTATIONS - 1; i++) expectation_re[i] = compile(expectations[i].prefix);
    if (pthread_key_create(&match_key, free_match_data)) abort();
}

/* This thread's match data (NULL: out of memory). */
static pcre2_match_data *thread_match_data(void) {
    pcre2_match_data *md = pthread_getspecific(match_key);
    if (!md && (md = pcre2_match_data_create_from_pattern(action_re, NULL)) && pthread_setspecific(match_key, md)) {
        pcre2_match_data_free(md);
        md = NULL;
    }
    return md;
}

static const pcre2_code *action_code(void) {
    pthread_once(&compiled_once, compile_all);
    return action_re;
}

/* The input does not parse: finds where it stops making sense and what was expected there. */
static int syntax_error(const pcre2_code *re, const char *s, size_t len, int col0, mp_diag *d) {
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
    size_t k = len;
    for (;; k--) {
        int rc = pcre2_match(re, (PCRE2_SPTR)s, k, 0, PCRE2_PARTIAL_HARD, md, NULL);
        if (rc >= 0 || rc == PCRE2_ERROR_PARTIAL || k == 0) break;
    }
    pcre2_match_data_free(md);
    const char *expected = expectations[N_EXPECTATIONS - 1].expected;
    for (int i = 0; i < N_EXPECTATIONS - 1; i++) {   /* compiled by action_code, which came first */
        pcre2_match_data *m = pcre2_match_data_create_from_pattern(expectation_re[i], NULL);
        int rc = pcre2_match(expectation_re[i], (PCRE2_SPTR)s, k, 0, 0, m, NULL);
        pcre2_match_data_free(m);
        if (rc >= 0) { expected = expectations[i].expected; break; }
    }
    size_t bad = k < len ? k : len;
    size_t tok = bad;
    while (tok < len && s[tok] != ' ' && s[tok] != '\t') tok++;
    if (k >= len)
        return mp_diag_column(d, col0 + (int)k + 1, "the action ends too soon; expected %s", expected);
    char q[MP_QUOTE_SIZE];
    return mp_diag_column(d, col0 + (int)k + 1, "'%s' does not fit here; expected %s", mp_quote_n(s + bad, tok - bad, q, sizeof q),
                    expected);
}

static int group_text(pcre2_match_data *md, const pcre2_code *re, const char *name, const char *s, char *out,
                      size_t size, int *col) {
    int n = pcre2_substring_number_from_name(re, (PCRE2_SPTR)name);
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    if (n < 0 || ov[2 * n] == PCRE2_UNSET) return 0;
    size_t len = ov[2 * n + 1] - ov[2 * n];
    if (len >= size) len = size - 1;
    memcpy(out, s + ov[2 * n], len);
    out[len] = 0;
    *col = (int)ov[2 * n];
    return 1;
}

/* The name notation gives a feature of a placed tile: its middle port if it crosses one, else its
** first port clockwise from Nw, else (a cloister) its kind. */
static void feature_name(const mp_game *g, int32_t placed, int feature, char *buf, size_t size) {
    const mp_placed *p = &g->placed[placed];
    int32_t seg = mp_placed_feature_seg(g, p, feature);
    int first = -1;
    for (int q = 0; q < MP_PORTS; q++) {
        if (seg < 0 || mp_placed_port_seg(g, p, q) != seg) continue;
        if (q % 3 == 1) { first = q; break; }
        if (first < 0) first = q;
    }
    if (first >= 0) snprintf(buf, size, "%s", mp_port_name(first));
    else snprintf(buf, size, "%s", seg < 0 ? "?" : g->ts->kinds[g->segs[seg].kind].name);
}

int mp_notation_format(const mp_game *g, const mp_action *a, char *buf, size_t size) {
    switch (a->kind) {
    case MP_ACT_PLACE:
        return snprintf(buf, size, "%s@%d,%dr%d", mp_tileset_tile_id(g->ts, a->tile), a->x, a->y, a->rot);
    case MP_ACT_DEPLOY: {
        int32_t v = mp_grid_get(g, a->x, a->y);
        char name[MP_NAME] = "?";
        if (v >= 0 && a->feature < mp_placed_n_features(g, &g->placed[v])) feature_name(g, v, a->feature, name, sizeof name);
        if (a->piece && a->piece < g->rs->n_pieces) return snprintf(buf, size, "+%s:%s", name, g->rs->pieces[a->piece].name);
        return snprintf(buf, size, "+%s", name);
    }
    case MP_ACT_PASS:
        return snprintf(buf, size, "-");
    case MP_ACT_MODULE: {
        if (a->module >= g->rs->n_modules) return snprintf(buf, size, "!?");
        const mp_module_use *u = &g->rs->modules[a->module];
        int n = snprintf(buf, size, "!%s:", u->v->name);
        if (n < 0 || (size_t)n >= size) return n;
        mp_module_view v = mp_module_view_of(g, a->module);
        if (u->v->format) return n + u->v->format(&v, a, buf + n, size - (size_t)n);
        return n + snprintf(buf + n, size - (size_t)n, "%d,%d,%d,%d", a->code, a->arg[0], a->arg[1], a->arg[2]);
    }
    default:
        return snprintf(buf, size, "?");
    }
}

static int parse_deploy(const mp_game *g, const char *where, int col, const char *piece, int piece_col, mp_action *out,
                        mp_diag *d) {
    int k = 0;
    if (piece && (k = mp_ruleset_find_piece(g->rs, piece)) < 0) {
        char list[256] = "";
        size_t used = 0;
        for (int i = 1; i < g->rs->n_pieces && used < sizeof list - 40; i++)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s'%s'", i > 1 ? ", " : "", g->rs->pieces[i].name);
        if (g->rs->n_pieces == 1)
            return mp_diag_column(d, piece_col, "unknown piece '%s'; ruleset '%s' has only the ordinary follower (+WHERE)",
                            piece, g->rs->name);
        return mp_diag_column(d, piece_col, "unknown piece '%s'; expected one of ruleset '%s''s pieces: %s", piece, g->rs->name,
                        list);
    }
    int x, y;
    if (mp_game_last_placed(g, &x, &y))
        return mp_diag_column(d, col, "no follower can be deployed now (a deployment follows a placement, when the "
                        "rules offer one); expected a placement before '+%s'", where);   /* where: a word of the grammar */
    int f = mp_game_feature_at(g, x, y, where);
    if (f < 0) {
        char list[256] = "";
        size_t used = 0;
        int32_t v = mp_grid_get(g, x, y);
        for (int i = 0; i < mp_placed_n_features(g, &g->placed[v]) && used < sizeof list - 40; i++) {
            char name[MP_NAME];
            feature_name(g, v, i, name, sizeof name);
            used += (size_t)snprintf(list + used, sizeof list - used, "%s+%s", i ? ", " : "", name);
        }
        return mp_diag_column(d, col, "'%s' names no feature of the tile at %d,%d; expected one of %s", where, x, y, list);
    }
    const mp_placed *p = &g->placed[mp_grid_get(g, x, y)];
    *out = (mp_action){ .kind = MP_ACT_DEPLOY, .feature = (uint8_t)f, .tile = p->tile, .x = (int16_t)x,
                        .y = (int16_t)y, .rot = p->rot, .piece = (uint8_t)k };
    return 0;
}

static int parse_module(const mp_game *g, const char *name, const char *args, int col, int args_col,
                         mp_action *out, mp_diag *d) {
    for (int i = 0; i < g->rs->n_modules; i++) {
        const mp_module_use *u = &g->rs->modules[i];
        if (strcmp(u->v->name, name) != 0) continue;
        *out = (mp_action){ .kind = MP_ACT_MODULE, .module = (uint8_t)i };
        if (u->v->parse) {
            mp_module_view v = mp_module_view_of(g, i);
            int rc = u->v->parse(&v, args, out, d);
            if (rc && d) d->column += args_col - 1;   /* the module counts from 1 at its arguments */
            return rc;
        }
        long v[4] = { 0 };
        const char *at = args;
        char q[MP_QUOTE_SIZE];
        for (int k = 0; k < 4 && *at; k++) {
            char *end;
            v[k] = strtol(at, &end, 10);
            if (end == at || (*end && *end != ',') || (*end == ',' && !end[1]) || v[k] < INT32_MIN || v[k] > INT32_MAX)
                return mp_diag_column(d, args_col + (int)(at - args), "'%s' is not a list of whole numbers; expected CODE[,A[,B[,C]]]",
                                mp_quote(args, q, sizeof q));
            at = *end ? end + 1 : end;
        }
        if (*at)
            return mp_diag_column(d, args_col + (int)(at - args), "'%s' has more than four numbers; expected CODE[,A[,B[,C]]]",
                            mp_quote(args, q, sizeof q));
        out->code = (int32_t)v[0];
        for (int k = 0; k < 3; k++) out->arg[k] = (int32_t)v[k + 1];
        return 0;
    }
    return mp_diag_column(d, col, "unknown module '%s'; expected one the ruleset '%s' uses", name, g->rs->name);
}

enum { COORD_MAX = 10000 };   /* a cell's coordinates lie within -COORD_MAX..COORD_MAX */

/* A coordinate as the pattern matched it ("-?[0-9]+", any number of digits): false when it is out
** of range, however many digits it has (leading zeros count for nothing). */
static bool coordinate(const char *text, long *out) {
    const char *digits = text + (text[0] == '-');
    digits += strspn(digits, "0");
    if (strlen(digits) > 5) return false;
    *out = strtol(text, NULL, 10);
    return *out >= -COORD_MAX && *out <= COORD_MAX;
}

int mp_notation_parse(const mp_game *g, const char *text, mp_action *out, int *used, mp_diag *d) {
    size_t skip = strspn(text, " \t");
    const char *s = text + skip;
    size_t len = strcspn(s, "\r\n");
    const pcre2_code *re = action_code();
    pcre2_match_data *md = thread_match_data();
    if (!md) return mp_diag_column(d, (int)skip + 1, "out of memory");
    int rc = pcre2_match(re, (PCRE2_SPTR)s, len, 0, 0, md, NULL);
    int result = 1;
    if (rc < 0) {
        syntax_error(re, s, len, (int)skip, d);
        goto out;
    }
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    if (used) *used = (int)(skip + ov[1]);
    char a[256], b[256];
    int ca, cb;
    if (group_text(md, re, "tile", s, a, sizeof a, &ca)) {
        int tile = mp_tileset_find(g->ts, a);
        if (tile < 0) {
            mp_diag_column(d, (int)skip + ca + 1, "unknown tile '%s'; expected a tile id of ruleset '%s'", a, g->rs->name);
            goto out;
        }
        long x, y, rot = 0;
        group_text(md, re, "x", s, b, sizeof b, &cb);
        char q[MP_QUOTE_SIZE];   /* a number of any length: cut */
        if (!coordinate(b, &x)) {
            mp_diag_column(d, (int)skip + cb + 1, "x %s is out of range; expected -10000 to 10000", mp_quote(b, q, sizeof q));
            goto out;
        }
        group_text(md, re, "y", s, b, sizeof b, &cb);
        if (!coordinate(b, &y)) {
            mp_diag_column(d, (int)skip + cb + 1, "y %s is out of range; expected -10000 to 10000", mp_quote(b, q, sizeof q));
            goto out;
        }
        if (group_text(md, re, "rot", s, b, sizeof b, &cb)) rot = b[0] - '0';
        *out = (mp_action){ .kind = MP_ACT_PLACE, .tile = (int16_t)tile, .x = (int16_t)x, .y = (int16_t)y,
                            .rot = (uint8_t)rot };
        result = 0;
    } else if (group_text(md, re, "where", s, a, sizeof a, &ca)) {
        bool named = group_text(md, re, "piece", s, b, sizeof b, &cb);
        result = parse_deploy(g, a, (int)skip + ca + 1, named ? b : NULL, (int)skip + cb + 1, out, d);
    } else if (group_text(md, re, "pass", s, a, sizeof a, &ca)) {
        *out = (mp_action){ .kind = MP_ACT_PASS };
        result = 0;
    } else if (group_text(md, re, "module", s, a, sizeof a, &ca)) {
        b[0] = 0;
        cb = ca + (int)strlen(a);   /* no arguments: a module's complaint points just after the name */
        group_text(md, re, "args", s, b, sizeof b, &cb);
        result = parse_module(g, a, b, (int)skip + ca, (int)skip + cb + 1, out, d);
    }
out:
    return result;
}
