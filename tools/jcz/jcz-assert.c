/*
** jcz-assert.c: the test assertions of a JCloisterZone file, read as JCloisterZone's own test
** runner reads them (meeple-replay(1), --check-assertions).
**
** The runner tries its rules in a fixed order; the first whose pattern matches the assertion
** decides, and an assertion that none matches is unknown (never passed). The patterns are
** JavaScript regular expressions, unanchored unless they say ^...$; PCRE2 reads them the same way
** here: \w and \d are ASCII (no PCRE2_UCP), '$' is the very end (PCRE2_DOLLAR_ENDONLY, as
** JavaScript's), '.' stops at a line break. Each rule answers from the game as JCloisterZone shows
** it where the file ends (jcz-view.c): passed, failed (with what the game shows), or not
** understood (a player, phase or action type the rule cannot be applied to).
*/
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "jcz-view.h"

enum { MAX_OFFERS = 16 };

const char *jcz_verdict_name(jcz_verdict v) {
    return v == JCZ_PASSED ? "passed" : v == JCZ_FAILED ? "failed" : "not understood";
}

/* ------------------------------------------------------------------ matching */

/* One match: the subject, where each group lies, and how many pairs pcre2_match set (a group past
** them, or PCRE2_UNSET, took no part). */
typedef struct match { const char *s; const PCRE2_SIZE *ov; int n; } match;

/* Group k as text (at most size - 1 bytes); "" when it took no part. */
static const char *group(const match *m, int k, char *buf, size_t size) {
    buf[0] = 0;
    if (k < m->n && m->ov[2 * k] != PCRE2_UNSET)
        snprintf(buf, size, "%.*s", (int)(m->ov[2 * k + 1] - m->ov[2 * k]), m->s + m->ov[2 * k]);
    return buf;
}

/* Group k, which -?\d+ matched, as a number, read where it stands (so a long run of digits is read
** whole, as JavaScript's parseInt reads it); one too large for long long is clamped, and so stays
** apart from every score. */
static long long number(const match *m, int k) { return strtoll(m->s + m->ov[2 * k], NULL, 10); }

/* Group k as a new string (the caller frees it). */
static char *group_dup(const match *m, int k) {
    size_t len = m->ov[2 * k + 1] - m->ov[2 * k];
    char *s = malloc(len + 1);
    if (!s) abort();
    memcpy(s, m->s + m->ov[2 * k], len);
    s[len] = 0;
    return s;
}

typedef struct rules rules;
typedef jcz_verdict rule_fn(const rules *rx, const jcz_view *v, const match *m, char *detail, size_t size);

static rule_fn has_points, scored, turn_player, active_player, can_pass, phase_is, available, placement_options, undo, meeple_options, no_auction;

/* The runner's rules, in its order. */
static const struct rule_def { const char *pattern; uint32_t options; rule_fn *fn; } defs[] = {
    { "(\\w+) has (-?\\d+) points?", 0, has_points },
    { "(\\w+) scored ([\\w-]+) for (-?\\d+) points?", 0, scored },
    { "^(Player can't pass|Player can pass)$", 0, can_pass },
    { "phase is (\\w+)", PCRE2_CASELESS, phase_is },
    { "^Available action\\s+(\\S+)(?:\\s+for\\s+(\\S+))?$", 0, available },
    { "^TilePlacement (\\S+) options: (.*)$", 0, placement_options },
    { "^(Undo is allowed|Undo is not allowed)$", 0, undo },
    { "^Meeple (\\w+) options: (.*)$", 0, meeple_options },
    { "^Bazaar noAuction: (true|false)$", 0, no_auction },
    { "^Turn player is (\\w+)$", 0, turn_player },
    { "^Active player is (\\w+)$", 0, active_player },
};
enum { N_RULES = sizeof defs / sizeof defs[0] };
/* The entries of an options list, matched one after the other (the runner's global patterns). */
static const char placement_entry[] = "\\[\\s*(-?\\d+)\\s*,\\s*(-?\\d+)\\s*\\]\\s*-\\s*\\[\\s*([-\\d,\\s]+?)\\s*\\]";
static const char meeple_entry[] = "\\{([^,]+),([^,]+),\\[\\s*([^\\]]*?)\\s*\\]\\}";

/* The patterns, compiled once for a file's assertions. */
struct rules {
    pcre2_code *rule[N_RULES];
    pcre2_code *placement, *meeple;
    pcre2_match_data *md, *entry;
};

static pcre2_code *compile(const char *pattern, uint32_t options, pcre2_compile_context *cc) {
    int err;
    PCRE2_SIZE at;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
                                   options | PCRE2_UTF | PCRE2_DOLLAR_ENDONLY, &err, &at, cc);
    if (!re) {   /* the patterns are this file's: a failure is a bug */
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(err, msg, sizeof msg);
        fprintf(stderr, "meeple: internal error: pattern '%s' at %zu: %s\n", pattern, (size_t)at, (const char *)msg);
        abort();
    }
    return re;
}

static rules *rules_new(void) {
    rules *rx = calloc(1, sizeof *rx);
    pcre2_compile_context *cc = pcre2_compile_context_create(NULL);
    if (!rx || !cc) abort();
    pcre2_set_newline(cc, PCRE2_NEWLINE_ANYCRLF);   /* '.' stops at \n and \r, as in JavaScript */
    for (int k = 0; k < N_RULES; k++) rx->rule[k] = compile(defs[k].pattern, defs[k].options, cc);
    rx->placement = compile(placement_entry, 0, cc);
    rx->meeple = compile(meeple_entry, 0, cc);
    pcre2_compile_context_free(cc);
    rx->md = pcre2_match_data_create(8, NULL);
    rx->entry = pcre2_match_data_create(8, NULL);
    if (!rx->md || !rx->entry) abort();
    return rx;
}

static void rules_free(rules *rx) {
    for (int k = 0; k < N_RULES; k++) pcre2_code_free(rx->rule[k]);
    pcre2_code_free(rx->placement);
    pcre2_code_free(rx->meeple);
    pcre2_match_data_free(rx->md);
    pcre2_match_data_free(rx->entry);
    free(rx);
}

/* The next match of re in s from *at on (moving *at past it), as a global JavaScript pattern
** walks a string; false when there is none. */
static bool next_entry(pcre2_code *re, pcre2_match_data *md, const char *s, size_t *at, match *m) {
    size_t len = strlen(s);
    int rc;
    if (*at > len || (rc = pcre2_match(re, (PCRE2_SPTR)s, len, *at, 0, md, NULL)) <= 0) return false;
    const PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    *m = (match){ s, ov, rc };
    *at = ov[1] > ov[0] ? ov[1] : ov[1] + 1;
    return true;
}

/* ------------------------------------------------------------------ details */

/* Appends to a detail, with "..." when it is full. */
static void say(char *detail, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *detail, size_t size, const char *fmt, ...) {
    size_t n = strlen(detail);
    if (n + 4 >= size) return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(detail + n, size - n, fmt, ap);
    va_end(ap);
    if (w >= 0 && n + (size_t)w >= size) snprintf(detail + size - 4, 4, "...");
}

static int player_named(const jcz_view *v, const char *name) {
    for (int p = 0; p < v->n_players; p++)
        if (!strcmp(v->names[p], name)) return p;
    return -1;
}

/* ------------------------------------------------------------------ the rules */

/* NAME has N point(s): the player's total. JCloisterZone's runner stops on a name that is no
** player's: not understood. */
static jcz_verdict has_points(const rules *rx, const jcz_view *v, const match *m, char *detail, size_t size) {
    (void)rx;
    char name[128];   /* longer than any player's name: then no player's */
    int p = player_named(v, group(m, 1, name, sizeof name));
    long long want = number(m, 2);
    if (p < 0) {
        say(detail, size, "no player '%s' (JCloisterZone's runner stops there)", name);
        return JCZ_NOT_UNDERSTOOD;
    }
    int got = mp_game_score(v->scored, p);
    say(detail, size, "%s has %d point%s", v->names[p], got, plural(got));
    return got == want ? JCZ_PASSED : JCZ_FAILED;
}

/* NAME scored WHAT for N point(s): one scoring event gave the player exactly N, under that name. */
static jcz_verdict scored(const rules *rx, const jcz_view *v, const match *m, char *detail, size_t size) {
    (void)rx;
    char name[128], what[64];   /* longer than any player's name or event's: then none */
    int p = player_named(v, group(m, 1, name, sizeof name));
    group(m, 2, what, sizeof what);
    long long want = number(m, 3);
    if (p < 0) {
        say(detail, size, "no player '%s', so no scoring event of theirs", name);
        return JCZ_FAILED;
    }
    const mp_game *g = v->scored;
    char events[300] = "";   /* the player's events, for a failure: "road +3, bazaar -1" */
    for (int i = 0; i < mp_game_n_events(g); i++) {
        mp_score_event e;
        if (mp_game_event(g, i, &e) || !(e.players >> p & 1)) continue;
        const char *ev = jcz_event_name(g, &e);
        if (ev && !strcmp(ev, what) && e.points == want) {
            say(detail, size, "%s scored %s for %d point%s (%s)", v->names[p], ev, e.points, plural(e.points),
                e.final ? "final scoring" : "in play");
            return JCZ_PASSED;
        }
        /* An event JCloisterZone does not have (a bazaar's price) shows meeple's category in (). */
        say(events, sizeof events, "%s%s%s%s %+d", events[0] ? ", " : "", ev ? "" : "(", ev ? ev : mp_game_category_name(g, e.category),
            ev ? "" : ")", e.points);
    }
    if (events[0]) say(detail, size, "no single %s event of %lld for %s; the player's events: %s", what, want, v->names[p], events);
    else say(detail, size, "%s has no scoring event", v->names[p]);
    return JCZ_FAILED;
}

/* Turn player is NAME / Active player is NAME: the seat whose turn it is, the seat to act (they
** differ in a bazaar's auction). A name that is no player's fails; at the game's end neither is
** anybody: not understood. */
static jcz_verdict player_is(const jcz_view *v, const match *m, int seat, const char *what, char *detail, size_t size) {
    char name[128];
    group(m, 1, name, sizeof name);
    if (seat < 0) {
        say(detail, size, "no player is the %s: the game is over (%s)", what, v->phase_name);
        return JCZ_NOT_UNDERSTOOD;
    }
    say(detail, size, "the %s is %s (%s)", what, v->names[seat], v->phase_name);
    return player_named(v, name) == seat ? JCZ_PASSED : JCZ_FAILED;
}

static jcz_verdict turn_player(const rules *rx, const jcz_view *v, const match *m, char *detail, size_t size) {
    (void)rx;
    return player_is(v, m, v->turn_player, "turn player", detail, size);
}

static jcz_verdict active_player(const rules *rx, const jcz_view *v, const match *m, char *detail, size_t size) {
    (void)rx;
    return player_is(v, m, v->player, "active player", detail, size);
}

/* Player can('t) pass: JCloisterZone's canPass, for the player to act. */
static jcz_verdict can_pass(const rules *rx, const jcz_view *v, const match *m, char *detail, size_t size) {
    (void)rx;
    char text[32];
    bool says = !strcmp(group(m, 1, text, sizeof text), "Player can pass");
    if (v->player < 0) {
        say(detail, size, "no player is to act: the game is over (%s)", v->phase_name);
        return JCZ_NOT_UNDERSTOOD;
    }
    say(detail, size, "%s %s pass (%s)", v->names[v->player], v->can_pass ? "can" : "cannot", v->phase_name);
    return says == v->can_pass ? JCZ_PASSED : JCZ_FAILED;
}

/* phase is NAME: JCloisterZone's phase, by the name of its class. */
static jcz_verdict phase_is(const rules *rx, const jcz_view *v, const match *m, char *detail, size_t size) {
    (void)rx;
    char name[64];
    group(m, 1, name, sizeof name);
    if (v->phase == JCZ_UNMAPPED) {
        say(detail, size, "the game waits for a %s decision, which has no JCloisterZone phase", v->phase_name);
        return JCZ_NOT_UNDERSTOOD;
    }
    for (int p = JCZ_TILE_PHASE; p <= JCZ_GAME_OVER; p++) {
        const char *known = jcz_phase_name((jcz_phase)p);
        if (!strcmp(name, known)) {
            say(detail, size, "the phase is %s", v->phase_name);
            return p == (int)v->phase ? JCZ_PASSED : JCZ_FAILED;
        }
        if (!strcasecmp(name, known)) {
            say(detail, size, "the phase is %s (phase names are compared exactly: %s)", v->phase_name, known);
            return JCZ_FAILED;
        }
    }
    say(detail, size, "phase '%s' is not one meeple maps (TilePhase, ActionPhase, CastlePhase, BazaarPhase, "
        "CommitActionPhase, GameOverPhase); the phase is %s", name, v->phase_name);
    return JCZ_NOT_UNDERSTOOD;
}

/* Available action TYPE [for X]: an action of that type is offered now, with X its tile id, token
** or meeple type. */
static jcz_verdict available(const rules *rx, const jcz_view *v, const match *m, char *detail, size_t size) {
    (void)rx;
    static const char *const types[] = { "TilePlacement", "Meeple", "Bridge", "Castle", "BazaarSelectTile", "BazaarBid",
                                         "BazaarSelectBuyOrSell", "Confirm" };
    char type[64], about[64];
    group(m, 1, type, sizeof type);
    bool any = group(m, 2, about, sizeof about)[0] == 0;
    bool known = false;
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) known |= !strcmp(types[k], type);
    if (!known) {
        say(detail, size, "action type '%s' is not one meeple maps (TilePlacement, Meeple, Bridge, Castle, "
            "BazaarSelectTile, BazaarBid, BazaarSelectBuyOrSell, Confirm)", type);
        return JCZ_NOT_UNDERSTOOD;
    }
    jcz_offer offers[MAX_OFFERS];
    int n = jcz_view_offers(v, offers, MAX_OFFERS);
    bool found = false;
    for (int k = 0; k < n && k < MAX_OFFERS && !found; k++) {
        if (strcmp(offers[k].type, type) != 0) continue;
        if (any) found = true;
        else if (!strcmp(type, "TilePlacement")) {   /* the tile JCloisterZone drew: see jcz_view_placements */
            char why[160];
            int tile = jcz_find_tile(v->ts, about);
            found = tile >= 0 && jcz_view_placements(v, tile, NULL, 0, why, sizeof why) > 0;
        } else {
            found = offers[k].about && !strcmp(offers[k].about, about);
        }
    }
    say(detail, size, "%s: ", v->phase_name);
    for (int k = 0; k < n && k < MAX_OFFERS; k++) {
        say(detail, size, "%s%s%s%s", k ? ", " : "", offers[k].type, offers[k].about ? " for " : "",
            offers[k].about ? offers[k].about : "");
        if (!strcmp(offers[k].type, "TilePlacement")) say(detail, size, " (meeple's draw) or a tile left in the bag");
    }
    if (!n) say(detail, size, "no action is offered");
    return found ? JCZ_PASSED : JCZ_FAILED;
}

/* The rotations of an entry, "0, 90,180": each piece between commas read as parseInt reads it;
** a piece that is no number is kept as one no rotation equals (INT_MIN). */
static int read_rotations(const char *s, int *out, int cap) {
    int n = 0;
    for (const char *p = s;; p++) {
        char *end;
        while (isspace((unsigned char)*p)) p++;
        long r = strtol(p, &end, 10);
        if (n < cap) out[n] = end == p || r < INT_MIN + 1 || r > INT_MAX ? INT_MIN : (int)r;
        n++;
        if (!(p = strchr(p, ','))) break;
    }
    return n < cap ? n : cap;
}

static int cmp_int(const void *a, const void *b) { return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b); }

/* TilePlacement TILE options: [x,y] - [r,...]; ...: the cells where the tile can go are exactly
** those listed, and at each the rotations, as a multiset. */
static jcz_verdict placement_options(const rules *rx, const jcz_view *v, const match *m, char *detail, size_t size) {
    char id[64], why[200];
    group(m, 1, id, sizeof id);
    int tile = jcz_find_tile(v->ts, id);
    if (tile < 0) {
        say(detail, size, "no tile '%s' in the game's tile set", id);
        return JCZ_FAILED;
    }
    int n = jcz_view_placements(v, tile, NULL, 0, why, sizeof why);
    if (n < 0) {
        say(detail, size, "no TilePlacement of %s: %s", id, why);
        return JCZ_FAILED;
    }
    jcz_placement *got = malloc(((size_t)n + 1) * sizeof *got);
    if (!got) abort();
    jcz_view_placements(v, tile, got, n, why, sizeof why);
    /* The listed cells, each with its rotations (a cell listed twice: both lists together). A cell
    ** never offers more than 4, so a list cut at 16 still differs from what it offers. */
    struct want { int x, y, n; int rot[16]; } *want = NULL;
    int nw = 0, cap = 0;
    size_t at = m->ov[4];   /* the entries: group 2, which runs to the end */
    match e;
    while (next_entry(rx->placement, rx->entry, m->s, &at, &e)) {
        int x = (int)number(&e, 1), y = (int)number(&e, 2), i = 0;
        while (i < nw && !(want[i].x == x && want[i].y == y)) i++;
        if (i == nw) {
            if (nw == cap && !(want = realloc(want, (size_t)(cap = cap ? 2 * cap : 16) * sizeof *want))) abort();
            want[nw++] = (struct want){ .x = x, .y = y };
        }
        char *rots = group_dup(&e, 3);
        want[i].n += read_rotations(rots, want[i].rot + want[i].n, 16 - want[i].n);
        free(rots);
    }
    /* Cell by cell: missing (listed, not offered), different rotations, extra (offered, not listed). */
    bool ok = true;
    for (int i = 0; i < nw; i++) {
        int r[4], nr = 0;
        for (int k = 0; k < n; k++)
            if (got[k].x == want[i].x && got[k].y == want[i].y && nr < 4) r[nr++] = got[k].degrees;
        qsort(want[i].rot, (size_t)want[i].n, sizeof *want[i].rot, cmp_int);
        bool same = nr == want[i].n;
        for (int k = 0; k < nr && same; k++) same = r[k] == want[i].rot[k];
        if (same) continue;
        ok = false;
        if (!nr) { say(detail, size, "%smissing [%d,%d]: not offered", detail[0] ? "; " : "", want[i].x, want[i].y); continue; }
        say(detail, size, "%sat [%d,%d] offered [", detail[0] ? "; " : "", want[i].x, want[i].y);
        for (int k = 0; k < nr; k++) say(detail, size, "%s%d", k ? "," : "", r[k]);
        say(detail, size, "], listed [");
        for (int k = 0; k < want[i].n; k++) {
            if (want[i].rot[k] == INT_MIN) say(detail, size, "%s?", k ? "," : "");   /* not a number */
            else say(detail, size, "%s%d", k ? "," : "", want[i].rot[k]);
        }
        say(detail, size, "]");
    }
    for (int k = 0; k < n; k++) {
        bool listed = false, first = true;
        for (int i = 0; i < nw && !listed; i++) listed = want[i].x == got[k].x && want[i].y == got[k].y;
        for (int j = 0; j < k && first; j++) first = !(got[j].x == got[k].x && got[j].y == got[k].y);
        if (listed || !first) continue;
        ok = false;
        say(detail, size, "%sextra [%d,%d] - [", detail[0] ? "; " : "", got[k].x, got[k].y);   /* offered, not listed */
        for (int j = k; j < n; j++)
            if (got[j].x == got[k].x && got[j].y == got[k].y) say(detail, size, "%s%d", j > k ? "," : "", got[j].degrees);
        say(detail, size, "]");
    }
    free(want);
    free(got);
    if (!ok) return JCZ_FAILED;
    say(detail, size, "%s: %d placement%s in all", id, n, plural(n));
    return JCZ_PASSED;
}

/* Undo is (not) allowed: the player to act has an action of this turn that undo would take back. */
static jcz_verdict undo(const rules *rx, const jcz_view *v, const match *m, char *detail, size_t size) {
    (void)rx;
    char text[32];
    bool says = !strcmp(group(m, 1, text, sizeof text), "Undo is allowed");
    if (v->player < 0) say(detail, size, "undo is not allowed: the game is over");
    else say(detail, size, "undo is %sallowed: %s has %s action in this turn (%s)", v->undo ? "" : "not ",
             v->names[v->player], v->undo ? "an" : "no", v->phase_name);
    return says == v->undo ? JCZ_PASSED : JCZ_FAILED;
}

/* Trims blanks at both ends, in place. */
static char *trim(char *s) {
    while (isspace((unsigned char)*s)) s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) s[--n] = 0;
    return s;
}

/* A deployment as an assertion lists it (its strings trimmed, as they stand in the text). */
typedef struct listed { char *feature_s, *location_s; const char *feature, *location; int x, y; } listed;

static void say_deployment(char *detail, size_t size, const char *how, const char *feature, const char *location, int x,
                           int y) {
    say(detail, size, "%s%s {%s,%s,[%d,%d]}", detail[0] ? "; " : "", how, feature, location, x, y);
}

/* The classes of the game's pieces, for a Meeple action of another: ": meeple's followers are
** SmallFollower" (", BigFollower" with big followers). */
static void say_classes(const jcz_view *v, char *detail, size_t size) {
    say(detail, size, ": meeple's %s are ", v->n_pieces > 1 ? "pieces" : "followers");
    for (int k = 0, i = 0; k < v->n_pieces; k++)
        if (v->piece_class[k][0]) say(detail, size, "%s%s", i++ ? ", " : "", v->piece_class[k]);
}

/* Meeple TYPE options: {Feature,LOCATION,[x,y]}; ...: the deployments offered now, as a multiset. */
static jcz_verdict meeple_options(const rules *rx, const jcz_view *v, const match *m, char *detail, size_t size) {
    char type[64];
    group(m, 1, type, sizeof type);
    int piece = jcz_view_piece(v, type), n = piece < 0 ? 0 : jcz_view_deployments(v, piece, NULL, 0);
    if (n <= 0) {
        say(detail, size, "no Meeple action for %s now (%s)", type, v->phase_name);
        if (piece < 0) say_classes(v, detail, size);
        return JCZ_FAILED;
    }
    jcz_deployment *got = malloc((size_t)n * sizeof *got);
    bool *used = calloc((size_t)n, sizeof *used), ok = true;
    if (!got || !used) abort();
    jcz_view_deployments(v, piece, got, n);
    listed *want = NULL;
    int nw = 0, cap = 0;
    size_t at = m->ov[4];   /* the entries: group 2, which runs to the end */
    match e;
    while (next_entry(rx->meeple, rx->entry, m->s, &at, &e)) {
        if (nw == cap && !(want = realloc(want, (size_t)(cap = cap ? 2 * cap : 16) * sizeof *want))) abort();
        listed *d = &want[nw++];
        d->feature_s = group_dup(&e, 1);
        d->location_s = group_dup(&e, 2);
        d->feature = trim(d->feature_s);
        d->location = trim(d->location_s);
        char *pos = group_dup(&e, 3), *comma = strchr(pos, ',');
        d->x = (int)strtol(pos, NULL, 10);
        d->y = comma ? (int)strtol(comma + 1, NULL, 10) : INT_MIN;   /* no second number: matches no cell */
        free(pos);
    }
    /* Pair each listed deployment with an offered one; what is left over on either side differs. */
    for (int i = 0; i < nw; i++) {
        int k = 0;
        while (k < n && (used[k] || strcmp(got[k].feature, want[i].feature) || strcmp(got[k].location, want[i].location) ||
                         got[k].x != want[i].x || got[k].y != want[i].y))
            k++;
        if (k < n) { used[k] = true; continue; }
        ok = false;
        say_deployment(detail, size, "missing (not offered)", want[i].feature, want[i].location, want[i].x, want[i].y);
    }
    for (int k = 0; k < n; k++)
        if (!used[k]) {
            ok = false;
            say_deployment(detail, size, "extra (offered, not listed)", got[k].feature, got[k].location, got[k].x, got[k].y);
        }
    if (ok) say(detail, size, "%d deployment%s offered", n, plural(n));
    for (int i = 0; i < nw; i++) { free(want[i].feature_s); free(want[i].location_s); }
    free(want);
    free(used);
    free(got);
    return ok ? JCZ_PASSED : JCZ_FAILED;
}

/* Bazaar noAuction: true|false: the game's bazaar-no-auction rule. */
static jcz_verdict no_auction(const rules *rx, const jcz_view *v, const match *m, char *detail, size_t size) {
    (void)rx;
    char text[8];
    bool says = !strcmp(group(m, 1, text, sizeof text), "true");
    say(detail, size, "bazaars run %s an auction", v->no_auction ? "without" : "with");
    return says == v->no_auction ? JCZ_PASSED : JCZ_FAILED;
}

/* ------------------------------------------------------------------ checking */

static jcz_verdict check_one(const rules *rx, const jcz_view *v, const char *text, char *detail, size_t size) {
    detail[0] = 0;
    size_t len = strlen(text);
    for (int k = 0; k < N_RULES; k++) {
        int rc = pcre2_match(rx->rule[k], (PCRE2_SPTR)text, len, 0, 0, rx->md, NULL);
        if (rc <= 0) continue;
        match m = { text, pcre2_get_ovector_pointer(rx->md), rc };
        return defs[k].fn(rx, v, &m, detail, size);
    }
    say(detail, size, "unknown assertion: no rule of JCloisterZone's test runner reads it");
    return JCZ_NOT_UNDERSTOOD;
}

void jcz_check_assertions(const jcz_import *j, const char *const *names, jcz_check *checks) {
    jcz_view v;
    jcz_view_of(j, names, &v);
    rules *rx = rules_new();
    for (int k = 0; k < j->n_assertions; k++) {
        checks[k].text = j->assertions[k];
        checks[k].verdict = check_one(rx, &v, checks[k].text, checks[k].detail, sizeof checks[k].detail);
    }
    rules_free(rx);
}
