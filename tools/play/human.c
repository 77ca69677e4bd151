/*
** human.c: a human seat: show the position, read actions and commands (see human.h).
*/
#include <ctype.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ascii.h"
#include "cmd.h"
#include "facts.h"
#include "human.h"

static const char help_text[] =
    "actions (meeple-notation(7)), several on a line if you like:\n"
    "  TILE@X,YrR   place the drawn tile at cell X,Y turned R quarter turns clockwise (r0 if left out)\n"
    "  +WHERE       deploy a follower on the tile just placed: a port (N E S W, Nw Ne En Es Se Sw Ws Wn)\n"
    "               or a kind (city, road, field, cloister); +WHERE:PIECE another piece of the\n"
    "               ruleset's (+N:large)\n"
    "  -            pass (no follower)\n"
    "commands:\n"
    "  legal        list the legal actions now\n"
    "  board        show the board again\n"
    "  tiles        the tiles still in the bag, by kind, with how many of each\n"
    "  undo         take back your action of this turn\n"
    "  save [FILE]  write the record now (to FILE, a new file, or the --record file);\n"
    "               save --force FILE replaces an existing FILE\n"
    "  quit         stop here (the record keeps every finished turn)\n"
    "  help         this text\n";

void human_init(human_io *h, FILE *in, FILE *out) {
    memset(h, 0, sizeof *h);
    h->in = in;
    h->out = out;
    h->pos = -1;
}

void human_free(human_io *h) { free(h->buf); }

/* ------------------------------------------------------------------ choices in words */

/* One choice of a decision: the action in notation, and in words. */
typedef struct choice { char text[64], words[240]; } choice;

/* The choices a line each, the words in one column after the longest notation. */
static void print_choices(FILE *f, const choice *c, int n) {
    int width = 0;
    for (int i = 0; i < n; i++)
        if ((int)strlen(c[i].text) > width) width = (int)strlen(c[i].text);
    for (int i = 0; i < n; i++) fprintf(f, "  %-*s  %s\n", width, c[i].text, c[i].words);
}

/* A deployment in words: the kind of the feature, its tiles and what it is worth now ("city, 3
** tiles, 4 points so far"; "complete" when it is); for a farm, what it would score now. */
static void deploy_words(const mp_game *g, const mp_action *a, char *buf, size_t size) {
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    int complete, tiles, points, farm;
    int kind = mp_game_feature_kind(g, a->x, a->y, a->feature);
    if (kind < 0 || mp_game_feature_info(g, a->x, a->y, a->feature, &complete, &tiles, &points)) {
        mp_action_describe(g, a, buf, size);
        return;
    }
    const char *name = mp_tileset_kind_name(ts, kind);
    if (!mp_game_farm_points(g, a->x, a->y, a->feature, &farm))
        snprintf(buf, size, "%s, %d tile%s, a farm worth %d point%s now", name, tiles, plural(tiles), farm, plural(farm));
    else if (complete)
        snprintf(buf, size, "%s, %d tile%s, complete: %d point%s", name, tiles, plural(tiles), points, plural(points));
    else
        snprintf(buf, size, "%s, %d tile%s, %d point%s so far", name, tiles, plural(tiles), points, plural(points));
}

/* An action of the current decision in notation and in words. */
static void make_choice(const mp_game *g, const mp_action *a, choice *c) {
    mp_notation_format(g, a, c->text, sizeof c->text);
    if (a->kind == MP_ACT_DEPLOY) deploy_words(g, a, c->words, sizeof c->words);
    else if (a->kind == MP_ACT_PASS && mp_game_phase(g) == MP_PHASE_DEPLOY) snprintf(c->words, sizeof c->words, "pass: no follower");
    else mp_action_describe(g, a, c->words, sizeof c->words);
}

/* ---- choices of a number, one line for the range */

/* A text with one whole number in it: the text before it (`before` characters), the number, and
** the text after it (`after` characters). */
typedef struct numbered { size_t before, after; long value; } numbered;

/* Where two texts differ in one whole number alone (as "bid-4" and "bid-5"): that number in each;
** false when they differ otherwise, or not at all. */
static bool differ_in_number(const char *a, const char *b, numbered *na, numbered *nb) {
    size_t la = strlen(a), lb = strlen(b), p = 0, s = 0;
    while (a[p] && a[p] == b[p]) p++;
    while (p > 0 && isdigit((unsigned char)a[p - 1])) p--;
    while (s < la - p && s < lb - p && a[la - 1 - s] == b[lb - 1 - s]) s++;
    while (s > 0 && isdigit((unsigned char)a[la - s])) s--;
    size_t da = la - s - p, db = lb - s - p;
    if (da == 0 || db == 0 || da > 6 || db > 6) return false;
    for (size_t i = 0; i < da; i++)
        if (!isdigit((unsigned char)a[p + i])) return false;
    for (size_t i = 0; i < db; i++)
        if (!isdigit((unsigned char)b[p + i])) return false;
    *na = (numbered){ p, s, strtol(a + p, NULL, 10) };
    *nb = (numbered){ p, s, strtol(b + p, NULL, 10) };
    return true;
}

/* Whether text is the template t (its number at n) with the number v. */
static bool same_but(const char *t, const numbered *n, long v, const char *text) {
    char want[sizeof ((choice *)0)->words + 16];
    snprintf(want, sizeof want, "%.*s%ld%s", (int)n->before, t, v, t + strlen(t) - n->after);
    return !strcmp(want, text);
}

/* Whether the game takes the action the template t (its number at n) writes with the number v
** (tried on a copy). */
static bool takes(const mp_game *g, const char *t, const numbered *n, long v) {
    char text[96];
    snprintf(text, sizeof text, "%.*s%ld%s", (int)n->before, t, v, t + strlen(t) - n->after);
    mp_action a;
    mp_diag d = { 0 };
    int used = 0;
    if (mp_notation_parse(g, text, &a, &used, &d) || text[used]) return false;
    mp_game *copy = mp_game_clone(g);
    bool ok = copy && !mp_game_apply(copy, &a, &d);
    mp_game_free(copy);
    return ok;
}

/* The highest number the game takes in place of hi, which it takes; a module's legal list offers
** a few amounts of a bid, and the rules may allow any above (BCB) or up to the bidder's score
** (ZMG). Taken to be every number from hi up to a highest, if any; LONG_MAX when even the
** largest the notation reads (six digits) is taken. */
static long highest_taken(const mp_game *g, const char *t, const numbered *n, long hi) {
    long bad = 999999;
    if (!takes(g, t, n, hi + 1)) return hi;
    if (takes(g, t, n, bad)) return LONG_MAX;
    while (bad - hi > 1) {   /* takes(hi), not takes(bad) */
        long mid = hi + (bad - hi) / 2;
        if (takes(g, t, n, mid)) hi = mid;
        else bad = mid;
    }
    return hi;
}

/* Folds each run of three or more choices that differ in one number alone, counting up by one, in
** their notation and their words alike ("!bazaars:bid-4", "bid 4 for tile L"), into one choice
** that names the number N and its range ("N from 4 to 39"; "from 4 up" when any higher is taken).
** Returns how many choices are left. */
static int fold_ranges(const mp_game *g, choice *c, int n) {
    int out = 0;
    for (int i = 0; i < n;) {
        numbered ta, tb, wa, wb;
        int j = i + 1;
        if (i + 1 < n && differ_in_number(c[i].text, c[i + 1].text, &ta, &tb) && tb.value == ta.value + 1 &&
            differ_in_number(c[i].words, c[i + 1].words, &wa, &wb) && wb.value == wa.value + 1 && wa.value == ta.value)
            while (j < n && same_but(c[i].text, &ta, ta.value + (j - i), c[j].text) &&
                   same_but(c[i].words, &wa, ta.value + (j - i), c[j].words))
                j++;
        if (j - i < 3) { c[out++] = c[i++]; continue; }
        long lo = ta.value, hi = highest_taken(g, c[i].text, &ta, ta.value + (j - i - 1));
        choice r;
        const char *t = c[i].text, *w = c[i].words;
        snprintf(r.text, sizeof r.text, "%.*sN%s", (int)ta.before, t, t + strlen(t) - ta.after);
        int used = snprintf(r.words, sizeof r.words, "%.*sN%s; N from %ld", (int)wa.before, w, w + strlen(w) - wa.after, lo);
        if (used > 0 && (size_t)used < sizeof r.words) {
            if (hi == LONG_MAX) snprintf(r.words + used, sizeof r.words - (size_t)used, " up");
            else snprintf(r.words + used, sizeof r.words - (size_t)used, " to %ld", hi);
        }
        c[out++] = r;
        i = j;
    }
    return out;
}

/* The legal actions (those of the modules alone, with modules_only), a line each in words, runs
** of numbers folded; at most `most` lines, then how many there are in all. */
static void show_choices(FILE *f, const mp_game *g, bool modules_only, int most) {
    mp_action v[1024];
    int n = mp_game_legal(g, v, 1024), kept = 0;
    choice *c = malloc((size_t)(n > 0 ? n : 1) * sizeof *c);
    if (!c) abort();
    for (int i = 0; i < n && i < 1024; i++)
        if (!modules_only || v[i].kind == MP_ACT_MODULE) make_choice(g, &v[i], &c[kept++]);
    int all = fold_ranges(g, c, kept);
    print_choices(f, c, all < most ? all : most);
    if (all > most) fprintf(f, "  ... %d choices in all; 'legal' lists them\n", all);
    free(c);
}

/* ------------------------------------------------------------------ the position */

/* The pieces other than the ordinary follower (meeple-ruleset(5), PIECES) a player has left: ", 1 large". */
static void show_pieces(FILE *f, const mp_game *g, int player) {
    const mp_ruleset *rs = mp_game_ruleset(g);
    for (int k = 1; k < mp_ruleset_n_pieces(rs); k++) {
        mp_piece_info piece;
        if (!mp_ruleset_piece(rs, k, &piece)) fprintf(f, ", %d %s", mp_game_piece_supply(g, player, k), piece.name);
    }
}

static void show_players(FILE *f, const mp_game *g, const char *const *names) {
    int p = mp_game_current_player(g);
    for (int i = 0; i < mp_game_n_players(g); i++) {
        int followers = mp_game_piece_supply(g, i, 0);
        fprintf(f, "%s %s: %d point%s, %d follower%s", i == p ? "*" : " ", names[i], mp_game_score(g, i),
                plural(mp_game_score(g, i)), followers, plural(followers));
        show_pieces(f, g, i);
        for (int k = 0; k < mp_game_n_tokens(g); k++)   /* a module's tokens: bridges, castles */
            fprintf(f, ", %d %s", mp_game_token_supply(g, k, i), mp_game_token_name(g, k));
        fprintf(f, " in supply");
        char words[512];   /* what the modules show of him: The Castle's track, keep, wall tiles */
        if (mp_game_module_status(g, i, words, sizeof words)[0]) fprintf(f, "; %s", words);
        fputc('\n', f);
    }
    ascii_status(f, g, names, "  ", false);   /* and of the whole game: wall tiles on the track */
}

/* Before a placement: the board, the players, the tile (or the hand) in its legal rotations. */
static void show_placement(FILE *f, const mp_game *g, const char *const *names) {
    int p = mp_game_current_player(g);
    const mp_ruleset *rs = mp_game_ruleset(g);
    fputc('\n', f);
    ascii_board(f, g, names);
    fprintf(f, "\n");
    show_players(f, g, names);
    mp_action v[1024];
    int n = mp_game_legal(g, v, 1024);
    /* The tile to place: the one drawn, or each tile of the hand (house rule `hand:`). */
    int hand[16], held = mp_game_hand(g, p, hand, 16);
    if (held <= 1 || mp_game_drawn_tile(g) != hand[0]) { hand[0] = mp_game_drawn_tile(g); held = 1; }
    /* The second tile of a double turn (Traders & Builders' builder), as its module's fact says. */
    const char *doubled = NULL;
    char second[96] = "";
    if (facts_value(g, FACT_DOUBLE_TURN, p, &doubled) == 2)
        snprintf(second, sizeof second, ", the second tile (%s)", doubled ? doubled : "?");
    fprintf(f, "%d tile%s left; %s %s%s%s (%d legal placements; 'legal' lists them):\n", mp_game_tiles_left(g),
            plural(mp_game_tiles_left(g)), names[p], held > 1 ? "holds" : "draws tile ",
            held > 1 ? "" : mp_tileset_tile_id(mp_ruleset_tiles(rs), hand[0]), second, n);
    for (int k = 0; k < held && k < 16; k++) {
        unsigned rots = 0;
        for (int i = 0; i < n && i < 1024; i++)
            if (v[i].kind == MP_ACT_PLACE && v[i].tile == hand[k]) rots |= 1u << v[i].rot;
        if (held > 1) fprintf(f, "tile %s:\n", mp_tileset_tile_id(mp_ruleset_tiles(rs), hand[k]));
        if (rots) ascii_tile_rotations(f, rs, hand[k], rots);
        else if (held > 1) fprintf(f, "  (fits nowhere now)\n");
    }
}

/* When the tile just placed has earned a second (the double turn of Traders & Builders' builder, as
** its module's fact says): a line that says so, before the deployment or the module's decision. */
static void show_earned(FILE *f, const mp_game *g) {
    const char *doubled = NULL;
    if (facts_value(g, FACT_DOUBLE_TURN, mp_game_current_player(g), &doubled) == 1)
        fprintf(f, "(%s: this tile has earned a second tile)\n", doubled ? doubled : "?");
}

/* After a placement: the board with the new tile, then each choice in words. */
static void show_deployment(FILE *f, const mp_game *g, const char *const *names) {
    int p = mp_game_current_player(g), x = 0, y = 0;
    fputc('\n', f);
    ascii_board(f, g, names);
    fputc('\n', f);
    fprintf(f, "%s may deploy a follower", names[p]);
    if (!mp_game_last_placed(g, &x, &y))
        fprintf(f, " on %s at %d,%d", mp_tileset_tile_id(mp_ruleset_tiles(mp_game_ruleset(g)), mp_game_tile_at(g, x, y, NULL)), x, y);
    if (mp_ruleset_n_pieces(mp_game_ruleset(g)) == 1) {
        fprintf(f, " (%d in supply):\n", mp_game_supply(g, p));
    } else {   /* which pieces: "(7 followers, 1 large in supply)" */
        int followers = mp_game_piece_supply(g, p, 0);
        fprintf(f, " (%d follower%s", followers, plural(followers));
        show_pieces(f, g, p);
        fprintf(f, " in supply):\n");
    }
    show_earned(f, g);
    show_choices(f, g, false, 64);
}

static void show_position(human_io *h, const mp_game *g, const char *const *names) {
    FILE *f = h->out;
    switch (mp_game_phase(g)) {
    case MP_PHASE_PLACE: show_placement(f, g, names); break;
    case MP_PHASE_DEPLOY: show_deployment(f, g, names); break;
    case MP_PHASE_MODULE:   /* a module's decision (a castle, a bazaar): each choice in notation and in words */
        show_earned(f, g);
        fprintf(f, "%s decides:\n", names[mp_game_current_player(g)]);
        show_choices(f, g, false, 16);
        break;
    default: break;
    }
}

/* ------------------------------------------------------------------ commands */

static void list_legal(human_io *h, const mp_game *g) {
    mp_action v[1024];
    int n = mp_game_legal(g, v, 1024);
    for (int i = 0; i < n && i < 1024; i++) {
        char t[64];
        mp_notation_format(g, &v[i], t, sizeof t);
        fprintf(h->out, "%s%s", t, (i + 1) % 8 == 0 || i + 1 == n ? "\n" : " ");
    }
}

/* `tiles`: the tiles in the bag, by kind, each drawn with its count. */
static void list_bag(human_io *h, const mp_game *g) {
    const mp_ruleset *rs = mp_game_ruleset(g);
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    int n = mp_tileset_n_tiles(ts), kinds = 0;
    int *tiles = malloc((size_t)(n + 1) * sizeof *tiles), *counts = malloc((size_t)(n + 1) * sizeof *counts);
    if (!tiles || !counts) abort();
    for (int t = 0; t < n; t++)
        if (mp_game_bag_count(g, t) > 0) tiles[kinds] = t, counts[kinds++] = mp_game_bag_count(g, t);
    fprintf(h->out, "%d tile%s in the bag:\n", mp_game_tiles_left(g), plural(mp_game_tiles_left(g)));
    ascii_tiles(h->out, rs, tiles, counts, kinds);
    free(tiles);
    free(counts);
}

/* `help`: the actions and commands; under a ruleset with modules, their actions, and those the
** game offers now in words. */
static void show_help(human_io *h, const mp_game *g) {
    FILE *f = h->out;
    const mp_ruleset *rs = mp_game_ruleset(g);
    fputs(help_text, f);
    if (mp_ruleset_n_modules(rs) == 0) return;
    char modules[160];
    ascii_modules(g, modules, sizeof modules);
    fprintf(f, "actions of the modules (%s), when the game offers them:\n", modules);
    for (int v = 0; v < mp_ruleset_n_modules(rs); v++) {
        const char *name = mp_ruleset_module_name(rs, v);
        choice c[16];
        int n = 0;
        /* Each kind of its decisions as the module writes it, a line a form with help. */
        const mp_decision_kind *k;
        for (int i = 0; (k = mp_ruleset_module_decision(rs, v, i)); i++)
            for (const mp_decision_form *form = k->forms; form && form->form && n < 16; form++) {
                if (!form->help) continue;   /* told in another form's line */
                snprintf(c[n].text, sizeof c[n].text, "!%s:%s", name, form->form);
                snprintf(c[n++].words, sizeof c[0].words, "%s", form->help);
            }
        if (!n) {   /* a module that tells no notation: its notation, and where it is told */
            snprintf(c[0].text, sizeof c[0].text, "!%s:ARGS", name ? name : "?");
            snprintf(c[n++].words, sizeof c[0].words, "%s", "see meeple-notation(7)");
        }
        print_choices(f, c, n);
    }
    mp_action v[1024];
    int n = mp_game_legal(g, v, 1024), modules_now = 0;
    for (int i = 0; i < n && i < 1024; i++) modules_now += v[i].kind == MP_ACT_MODULE;
    if (!modules_now) return;
    fprintf(f, "the modules' actions now:\n");
    show_choices(f, g, true, 16);
}

/* What follows quit (where the game was saved, the JSON) starts on a line of its own: a terminal
** that echoes the answer has ended the prompt's line, but a script's answer is not echoed. */
static void end_prompt_line(human_io *h) {
    if (!(isatty(fileno(h->in)) && isatty(fileno(h->out)))) fputc('\n', h->out);
}

/* The next word of the current line, or NULL at its end. */
static char *next_word(human_io *h, int *start) {
    char *s = h->buf + h->pos;
    s += strspn(s, " \t");
    if (!*s || *s == '\n' || *s == '\r' || *s == '#') return NULL;
    *start = (int)(s - h->buf);
    return s;
}

static bool is_command(const char *s, const char *word) {
    size_t n = strlen(word);
    return strncmp(s, word, n) == 0 && (s[n] == 0 || strchr(" \t\r\n", s[n]));
}

human_reply human_ask(human_io *h, const mp_game *g, const char *const *names, mp_action *a, char *text, size_t size) {
    int p = mp_game_current_player(g);
    bool shown = false;
    for (;;) {
        int start;
        char *s = h->pos >= 0 ? next_word(h, &start) : NULL;
        if (!s) {
            if (!shown) show_position(h, g, names);
            shown = true;
            fprintf(h->out, "%s> ", names[p]);
            fflush(h->out);
            ssize_t got = getline(&h->buf, &h->cap, h->in);
            if (got < 0) { fputc('\n', h->out); return HUMAN_QUIT; }   /* end of input: as quit */
            h->line++;
            h->pos = 0;
            continue;
        }
        if (is_command(s, "help")) { show_help(h, g); h->pos = -1; continue; }
        if (is_command(s, "legal")) { list_legal(h, g); h->pos = -1; continue; }
        if (is_command(s, "board")) { ascii_board(h->out, g, names); h->pos = -1; continue; }
        if (is_command(s, "tiles")) { list_bag(h, g); h->pos = -1; continue; }
        if (is_command(s, "undo")) { h->pos = -1; return HUMAN_UNDO; }
        if (is_command(s, "quit")) { h->pos = -1; end_prompt_line(h); return HUMAN_QUIT; }
        if (is_command(s, "save")) {
            char *arg = s + 4;
            arg += strspn(arg, " \t");
            h->save_force = is_command(arg, "--force");
            if (h->save_force) arg += 7 + strspn(arg + 7, " \t");
            size_t n = strcspn(arg, " \t\r\n");
            snprintf(h->save_path, sizeof h->save_path, "%.*s", (int)n, arg);
            h->pos = -1;
            return HUMAN_SAVE;
        }
        mp_diag d = { 0 };
        int used = 0;
        size_t word = strcspn(s, " \t\r\n");
        if (!memchr(s, '@', word) && strchr("+-!", s[0]) == NULL && !(word == 4 && !strncmp(s, "pass", 4))) {
            char q[MP_QUOTE_SIZE];
            fprintf(h->out, "<stdin>:%d:%d: unknown command '%s'; expected an action in notation or one of "
                    "help, legal, board, tiles, undo, save, quit\n", h->line, start + 1, mp_quote_n(s, word, q, sizeof q));
            h->pos = -1;
            shown = true;
            continue;
        }
        if (mp_notation_parse(g, s, a, &used, &d)) {
            snprintf(d.file, sizeof d.file, "<stdin>");
            d.line = h->line;
            d.column = start + d.column;
            print_diag_to(h->out, &d);   /* escaped, as every diagnostic */
            h->pos = -1;
            shown = true;   /* the position is still on the screen */
            continue;
        }
        int skip = (int)strspn(s, " \t");
        snprintf(text, size, "%.*s", used - skip, s + skip);
        h->pos = start + used;
        h->last_column = start + 1;
        return HUMAN_ACTION;
    }
}

void human_refused(human_io *h, const char *text, const mp_diag *d) {
    mp_diag at = { .file = "<stdin>", .line = h->line, .column = h->last_column };
    snprintf(at.message, sizeof at.message, "'%.60s' is not legal: %.400s", text, d->message);
    print_diag_to(h->out, &at);
    h->pos = -1;
}
