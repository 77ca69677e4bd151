/*
** ascii.c: the board and the score breakdown as plain text.
*/
#include <stdbool.h>
#include <string.h>

#include "ascii.h"

/* Display character of a port: city '#', field '.', a road '|' or '-' by the side's direction. */
static char port_char(const mp_game *g, int x, int y, int port) {
    char c = mp_game_port_letter(g, x, y, port);
    switch (c) {
    case 'C': return '#';
    case 'F': return '.';
    case 'R': return (port / 3) % 2 == 0 ? '|' : '-';
    case ' ': return ' ';
    default: return (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
}

static char centre_char(const mp_game *g, int x, int y) {
    int feature;
    int who = mp_game_follower_at(g, x, y, &feature);
    if (who >= 0) return (char)('1' + who);
    char inner = mp_game_inner_letter(g, x, y);
    if (inner == 'L') return 'M';
    if (inner != ' ') return inner;
    int roads = 0, cities = 0;
    for (int s = 0; s < 4; s++) {
        char c = mp_game_port_letter(g, x, y, 3 * s + 1);
        roads += c == 'R';
        cities += c == 'C';
    }
    if (cities >= 3) return '#';
    if (roads >= 3) return '+';
    if (roads == 2) {
        bool ns = mp_game_port_letter(g, x, y, 1) == 'R' && mp_game_port_letter(g, x, y, 7) == 'R';
        bool ew = mp_game_port_letter(g, x, y, 4) == 'R' && mp_game_port_letter(g, x, y, 10) == 'R';
        return ns ? '|' : ew ? '-' : '+';
    }
    return cities ? '.' : '.';
}

/* A side's middle port, or its half when nothing crosses the middle (a field side). */
static char middle_char(const mp_game *g, int x, int y, int side) {
    char c = port_char(g, x, y, 3 * side + 1);
    return c == ' ' ? port_char(g, x, y, 3 * side) : c;
}

static void cell_row(FILE *f, const mp_game *g, int x, int y, int row) {
    int rot;
    if (mp_game_tile_at(g, x, y, &rot) < 0) { fputs("     ", f); return; }
    char r[6] = "     ";
    if (row == 0) {
        r[0] = port_char(g, x, y, 0); r[1] = port_char(g, x, y, 0); r[2] = middle_char(g, x, y, 0);
        r[3] = port_char(g, x, y, 2); r[4] = port_char(g, x, y, 2);
    } else if (row == 1) {
        char w = port_char(g, x, y, 10), e = port_char(g, x, y, 4);
        r[0] = w == ' ' ? port_char(g, x, y, 11) : w;
        r[2] = centre_char(g, x, y);
        r[1] = r[0];
        r[3] = e == ' ' ? port_char(g, x, y, 3) : e;
        r[4] = e == ' ' ? port_char(g, x, y, 3) : e;
    } else {
        r[0] = port_char(g, x, y, 8); r[1] = port_char(g, x, y, 8); r[2] = middle_char(g, x, y, 2);
        r[3] = port_char(g, x, y, 6); r[4] = port_char(g, x, y, 6);
    }
    fputs(r, f);
}

void ascii_board(FILE *f, const mp_game *g) {
    int x0, y0, x1, y1;
    if (mp_game_bounds(g, &x0, &y0, &x1, &y1)) { fputs("(empty board)\n", f); return; }
    fputs("     ", f);
    for (int x = x0; x <= x1; x++) fprintf(f, "%4d ", x);
    fputc('\n', f);
    for (int y = y0; y <= y1; y++)
        for (int row = 0; row < 3; row++) {
            if (row == 1) fprintf(f, "%4d ", y);
            else fputs("     ", f);
            for (int x = x0; x <= x1; x++) cell_row(f, g, x, y, row);
            fputc('\n', f);
        }
}

void ascii_scores(FILE *f, const mp_game *g, const char *const *names) {
    int n = mp_game_n_players(g), nc = mp_game_n_categories(g);
    unsigned winners = mp_game_winners(g);
    fprintf(f, "%-16s %6s", "player", "total");
    for (int c = 0; c < nc; c++)
        if (mp_game_category_scored(g, c)) fprintf(f, " %9s", mp_game_category_name(g, c));
    fputc('\n', f);
    for (int p = 0; p < n; p++) {
        fprintf(f, "%-16s %6d", names[p], mp_game_score(g, p));
        for (int c = 0; c < nc; c++)
            if (mp_game_category_scored(g, c)) fprintf(f, " %9d", mp_game_points(g, p, c));
        fputs(winners & (1u << p) ? "  winner\n" : "\n", f);
    }
}
