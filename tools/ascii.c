/*
** ascii.c: the board, a single tile and the score breakdown as plain text.
**
** A tile is drawn from its 12 port letters and its inner feature as 5x3 characters:
**   row 0: Nw Nw N Ne Ne     '#' city, '.' field, '|' and '-' roads, 'M' a cloister,
**   row 1: W  W  c  E  E     a digit: the seat of a follower on the tile,
**   row 2: Sw Sw S Se Se     other kinds: their edge letter in lower case
** so a board and the drawn tile look the same. On the board the game may change what the tile
** data says: a bridge laid over the tile (mp_game_overlay_at) shows 'H' along a north-south deck
** and '=' along an east-west one, in place of the road characters, and a feature whose kind a
** module changed (a town turned into a castle) shows its new kind's letter in upper case ('K').
*/
#include <stdbool.h>
#include <string.h>

#include "ascii.h"

typedef struct view {
    char port[12];     /* edge letter at each port, ' ' none */
    char inner;        /* letter of a feature inside the tile, ' ' none */
    int follower;      /* seat of a follower on it, -1 none */
    unsigned bridge;   /* ports a bridge laid over the tile covers */
    unsigned changed;  /* ports of a feature whose kind a module changed: port[] has its letter */
} view;

static char port_char(const view *v, int port) {
    char c = v->port[port];
    if (v->bridge >> port & 1) return (port / 3) % 2 == 0 ? 'H' : '=';
    if (v->changed >> port & 1) return (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    switch (c) {
    case 'C': return '#';
    case 'F': return '.';
    case 'R': return (port / 3) % 2 == 0 ? '|' : '-';
    case ' ': return ' ';
    default: return (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
}

/* A side's middle port, or its half when nothing crosses the middle (a field side). */
static char middle_char(const view *v, int side) {
    char c = port_char(v, 3 * side + 1);
    return c == ' ' ? port_char(v, 3 * side) : c;
}

static char centre_char(const view *v) {
    if (v->follower >= 0) return (char)('1' + v->follower);
    if (v->inner == 'L') return 'M';
    if (v->inner != ' ') return v->inner;
    if ((v->bridge >> 1 & 1) && (v->bridge >> 7 & 1)) return 'H';
    if ((v->bridge >> 4 & 1) && (v->bridge >> 10 & 1)) return '=';
    int roads = 0, cities = 0, changed = 0;
    for (int s = 0; s < 4; s++) {
        bool other = v->changed >> (3 * s + 1) & 1;
        changed += other;
        roads += !other && v->port[3 * s + 1] == 'R';
        cities += !other && v->port[3 * s + 1] == 'C';
    }
    if (changed >= 3) return port_char(v, v->changed >> 1 & 1 ? 1 : 4);
    if (cities >= 3) return '#';
    if (roads >= 3) return '+';
    if (roads == 2) {
        if (v->port[1] == 'R' && v->port[7] == 'R') return '|';
        if (v->port[4] == 'R' && v->port[10] == 'R') return '-';
        return '+';
    }
    return '.';
}

static void view_row(const view *v, int row, char r[6]) {
    if (row == 0) {
        r[0] = r[1] = port_char(v, 0);
        r[2] = middle_char(v, 0);
        r[3] = r[4] = port_char(v, 2);
    } else if (row == 1) {
        char w = port_char(v, 10), e = port_char(v, 4);
        r[0] = r[1] = w == ' ' ? port_char(v, 11) : w;
        r[2] = centre_char(v);
        r[3] = r[4] = e == ' ' ? port_char(v, 3) : e;
    } else {
        r[0] = r[1] = port_char(v, 8);
        r[2] = middle_char(v, 2);
        r[3] = r[4] = port_char(v, 6);
    }
    r[5] = 0;
}

static bool board_view(const mp_game *g, int x, int y, view *v) {
    int rot, tile = mp_game_tile_at(g, x, y, &rot);
    if (tile < 0) return false;
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    for (int p = 0; p < 12; p++) v->port[p] = mp_game_port_letter(g, x, y, p);
    v->inner = mp_game_inner_letter(g, x, y);
    int feature;
    v->follower = mp_game_follower_at(g, x, y, &feature);
    v->bridge = mp_game_overlay_at(g, x, y, NULL, NULL);
    v->changed = 0;
    /* The tile's features whose kind is not the tile data's any more (a castle). */
    for (int i = 0; i < mp_tileset_tile_n_features(ts, tile); i++) {
        mp_feature_def d;
        int now = mp_game_feature_kind(g, x, y, i);
        if (mp_tileset_feature(ts, tile, i, &d) || now < 0 || now == d.kind) continue;
        unsigned ports = ((d.ports << (3 * (rot & 3))) | (d.ports >> (12 - 3 * (rot & 3)))) & 0xFFFu & ~v->bridge;
        char letter = mp_tileset_kind_letter(ts, now);
        for (int p = 0; p < 12; p++)
            if ((ports >> p & 1) && letter && letter != ' ') v->port[p] = letter, v->changed |= 1u << p;
    }
    return true;
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
            for (int x = x0; x <= x1; x++) {
                view v;
                char r[6] = "     ";
                if (board_view(g, x, y, &v)) view_row(&v, row, r);
                fputs(r, f);
            }
            fputc('\n', f);
        }
}

void ascii_tile_rotations(FILE *f, const mp_ruleset *rs, int tile, unsigned rotations) {
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    view v[4];
    memset(v, 0, sizeof v);
    for (int r = 0; r < 4; r++) {
        for (int p = 0; p < 12; p++) v[r].port[p] = mp_tileset_port_letter(ts, tile, r, p);
        v[r].inner = mp_tileset_inner_letter(ts, tile);
        v[r].follower = -1;
    }
    for (int r = 0; r < 4; r++)
        if (rotations & (1u << r)) fprintf(f, "  r%d   ", r);
    fputc('\n', f);
    for (int row = 0; row < 3; row++) {
        for (int r = 0; r < 4; r++) {
            if (!(rotations & (1u << r))) continue;
            char s[6];
            view_row(&v[r], row, s);
            fprintf(f, "%s  ", s);
        }
        fputc('\n', f);
    }
}

void ascii_scores(FILE *f, const mp_game *g, const char *const *names) {
    int n = mp_game_n_players(g), nc = mp_game_n_categories(g), nt = mp_game_n_tokens(g);
    unsigned winners = mp_game_winners(g);
    fprintf(f, "%-16s %6s", "player", "total");
    for (int c = 0; c < nc; c++)
        if (mp_game_category_scored(g, c)) fprintf(f, " %9s", mp_game_category_name(g, c));
    /* Tokens the modules give (BCB bridges and castles), left in the supply: after a bar. */
    if (nt > 0) fputs("  |", f);
    for (int i = 0; i < nt; i++) fprintf(f, " %9s", mp_game_token_name(g, i) ? mp_game_token_name(g, i) : "?");
    fputc('\n', f);
    for (int p = 0; p < n; p++) {
        fprintf(f, "%-16s %6d", names[p], mp_game_score(g, p));
        for (int c = 0; c < nc; c++)
            if (mp_game_category_scored(g, c)) fprintf(f, " %9d", mp_game_points(g, p, c));
        if (nt > 0) fputs("  |", f);
        for (int i = 0; i < nt; i++) fprintf(f, " %9d", mp_game_token_supply(g, i, p));
        fputs(winners & (1u << p) ? "  winner\n" : "\n", f);
    }
}
