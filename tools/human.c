/*
** human.c: a human seat: show the position, read actions and commands (see human.h).
*/
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ascii.h"
#include "human.h"

static const char help_text[] =
    "actions (meeple-notation(7)), several on a line if you like:\n"
    "  TILE@X,YrR   place the drawn tile at cell X,Y turned R quarter turns clockwise (r0 if left out)\n"
    "  +WHERE       deploy a follower on the tile just placed: a port (N E S W, Nw Ne En Es Se Sw Ws Wn)\n"
    "               or a kind (city, road, field, cloister)\n"
    "  -            pass (no follower)\n"
    "commands:\n"
    "  legal        list the legal actions now\n"
    "  undo         take back your action of this turn\n"
    "  save [FILE]  write the record now (to FILE, or the --record file)\n"
    "  quit         stop here (the record keeps every finished turn)\n"
    "  help         this text\n";

void human_init(human_io *h, FILE *in, FILE *out) {
    memset(h, 0, sizeof *h);
    h->in = in;
    h->out = out;
    h->pos = -1;
}

void human_free(human_io *h) { free(h->buf); }

static void show_position(human_io *h, const mp_game *g, const char *const *names) {
    FILE *f = h->out;
    int p = mp_game_current_player(g);
    const mp_ruleset *rs = mp_game_ruleset(g);
    if (mp_game_phase(g) == MP_PHASE_PLACE) {
        fputc('\n', f);
        ascii_board(f, g);
        fprintf(f, "\n");
        for (int i = 0; i < mp_game_n_players(g); i++) {
            fprintf(f, "%s %s: %d point%s, %d follower%s", i == p ? "*" : " ", names[i], mp_game_score(g, i),
                    mp_game_score(g, i) == 1 ? "" : "s", mp_game_supply(g, i), mp_game_supply(g, i) == 1 ? "" : "s");
            for (int k = 0; k < mp_game_n_tokens(g); k++)   /* a module's tokens: bridges, castles */
                fprintf(f, ", %d %s", mp_game_token_supply(g, k, i), mp_game_token_name(g, k));
            fprintf(f, " in supply");
            char words[512];   /* what the modules show of him: The Castle's track, keep, wall tiles */
            if (mp_game_variant_status(g, i, words, sizeof words)[0]) fprintf(f, "; %s", words);
            fputc('\n', f);
        }
        ascii_status(f, g, names, "  ", false);   /* and of the whole game: wall tiles on the track */
        mp_action v[1024];
        int n = mp_game_legal(g, v, 1024);
        /* The tile to place: the one drawn, or each tile of the hand (house rule `hand:`). */
        int hand[16], held = mp_game_hand(g, p, hand, 16);
        if (held <= 1 || mp_game_drawn_tile(g) != hand[0]) { hand[0] = mp_game_drawn_tile(g); held = 1; }
        fprintf(f, "%d tile%s left; %s %s%s (%d legal placements; 'legal' lists them):\n", mp_game_tiles_left(g),
                mp_game_tiles_left(g) == 1 ? "" : "s", names[p],
                held > 1 ? "holds" : "draws tile ", held > 1 ? "" : mp_tileset_tile_id(mp_ruleset_tiles(rs), hand[0]), n);
        for (int k = 0; k < held && k < 16; k++) {
            unsigned rots = 0;
            for (int i = 0; i < n && i < 1024; i++)
                if (v[i].kind == MP_ACT_PLACE && v[i].tile == hand[k]) rots |= 1u << v[i].rot;
            if (held > 1) fprintf(f, "tile %s:\n", mp_tileset_tile_id(mp_ruleset_tiles(rs), hand[k]));
            if (rots) ascii_tile_rotations(f, rs, hand[k], rots);
            else if (held > 1) fprintf(f, "  (fits nowhere now)\n");
        }
    } else if (mp_game_phase(g) == MP_PHASE_VARIANT) {
        /* A module's decision (a castle, a bazaar): each choice in notation and in words. */
        mp_action v[256];
        int n = mp_game_legal(g, v, 256);
        fprintf(f, "%s decides:\n", names[p]);
        for (int i = 0; i < n && i < 16; i++) {
            char t[64], words[160];
            mp_notation_format(g, &v[i], t, sizeof t);
            mp_action_describe(g, &v[i], words, sizeof words);
            fprintf(f, "  %-28s %s\n", t, words);
        }
        if (n > 16) fprintf(f, "  ... %d choices in all; 'legal' lists them\n", n);
    } else if (mp_game_phase(g) == MP_PHASE_DEPLOY) {
        mp_action v[64];
        int n = mp_game_legal(g, v, 64);
        fprintf(f, "%s may deploy a follower (%d in supply):", names[p], mp_game_supply(g, p));
        for (int i = 0; i < n && i < 64; i++) {
            char t[64];
            mp_notation_format(g, &v[i], t, sizeof t);
            fprintf(f, " %s", t);
        }
        fputc('\n', f);
    }
}

static void list_legal(human_io *h, const mp_game *g) {
    mp_action v[1024];
    int n = mp_game_legal(g, v, 1024);
    for (int i = 0; i < n && i < 1024; i++) {
        char t[64];
        mp_notation_format(g, &v[i], t, sizeof t);
        fprintf(h->out, "%s%s", t, (i + 1) % 8 == 0 || i + 1 == n ? "\n" : " ");
    }
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
        if (is_command(s, "help")) { fputs(help_text, h->out); h->pos = -1; continue; }
        if (is_command(s, "legal")) { list_legal(h, g); h->pos = -1; continue; }
        if (is_command(s, "undo")) { h->pos = -1; return HUMAN_UNDO; }
        if (is_command(s, "quit")) { h->pos = -1; end_prompt_line(h); return HUMAN_QUIT; }
        if (is_command(s, "save")) {
            char *arg = s + 4;
            arg += strspn(arg, " \t");
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
                    "help, legal, undo, save, quit\n", h->line, start + 1, mp_quote_n(s, word, q, sizeof q));
            h->pos = -1;
            shown = true;
            continue;
        }
        if (mp_notation_parse(g, s, a, &used, &d)) {
            fprintf(h->out, "<stdin>:%d:%d: %s\n", h->line, start + d.column, d.message);
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
    fprintf(h->out, "<stdin>:%d:%d: '%s' is not legal: %s\n", h->line, h->last_column, text, d->message);
    h->pos = -1;
}
