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
** A bounded board with fixed pieces (The Castle) stands in its wall: the cells off its map are
** '#' blocks, and a start space is wall showing its feature on the side towards the board.
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

/* On a bounded board with fixed pieces (The Castle's wall with its start spaces): the side (0..3 =
** N E S W) on which a fixed piece shows all of its features, a start space in the wall facing the
** board across it; -1 for any other tile. */
static int alcove_side(const mp_game *g, int x, int y) {
    int rot, tile = mp_game_tile_at(g, x, y, &rot);
    if (tile < 0 || !mp_tileset_tile_is_fixed(mp_ruleset_tiles(mp_game_ruleset(g)), tile)) return -1;
    unsigned ports = 0;
    for (int p = 0; p < 12; p++)
        if (mp_game_port_letter(g, x, y, p) != ' ') ports |= 1u << p;
    for (int s = 0; s < 4; s++)
        if (ports && !(ports & ~(7u << (3 * s)))) return s;
    return -1;
}

/* Whether the board is bounded and holds fixed pieces: then drawn inside its wall. */
static bool walled(const mp_game *g, int x0, int y0, int x1, int y1) {
    if (mp_game_tile_at(g, x0 - 100000, y0 - 100000, NULL) != -2) return false;
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            int t = mp_game_tile_at(g, x, y, NULL);
            if (t >= 0 && mp_tileset_tile_is_fixed(ts, t)) return true;
        }
    return false;
}

/* A cell of the wall, one row of it: stone ('#'), or a start space's feature on the side towards
** the board. */
static void wall_row(const mp_game *g, int x, int y, int row, char r[6]) {
    memcpy(r, "#####", 6);
    int side = alcove_side(g, x, y);
    view v;
    char shown[6];
    if (side < 0 || !board_view(g, x, y, &v)) return;
    view_row(&v, row, shown);
    for (int i = 0; i < 5; i++) {
        bool keep = side == 0 ? row == 0 : side == 2 ? row == 2 : side == 1 ? i >= 3 : i <= 1;
        if (keep && shown[i] != ' ') r[i] = shown[i];
    }
}

void ascii_board(FILE *f, const mp_game *g) {
    int x0, y0, x1, y1;
    if (mp_game_bounds(g, &x0, &y0, &x1, &y1)) { fputs("(empty board)\n", f); return; }
    bool wall = walled(g, x0, y0, x1, y1);
    /* In its wall: the board's cells (empty, or holding a tile that is not a start space) and a
    ** ring of wall around them. */
    int sx0 = x0, sy0 = y0, sx1 = x1, sy1 = y1;
    for (int y = sy0 - 64; wall && y <= sy1 + 64; y++)
        for (int x = sx0 - 64; x <= sx1 + 64; x++) {
            int t = mp_game_tile_at(g, x, y, NULL);
            if (t == -2 || (t >= 0 && alcove_side(g, x, y) >= 0)) continue;
            if (x - 1 < x0) x0 = x - 1;
            if (y - 1 < y0) y0 = y - 1;
            if (x + 1 > x1) x1 = x + 1;
            if (y + 1 > y1) y1 = y + 1;
        }
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
                if (wall && (mp_game_tile_at(g, x, y, NULL) == -2 || alcove_side(g, x, y) >= 0)) wall_row(g, x, y, row, r);
                else if (board_view(g, x, y, &v)) view_row(&v, row, r);
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
    ascii_status(f, g, names, "", true);
}

void ascii_modules(const mp_game *g, char *buf, size_t size) {
    const mp_ruleset *rs = mp_game_ruleset(g);
    size_t used = 0;
    if (size) buf[0] = 0;
    for (int v = 0; v < mp_ruleset_n_variants(rs) && used + 1 < size; v++) {
        const char *name = mp_ruleset_variant_name(rs, v);
        used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? ", " : "", name ? name : "?");
    }
}

void ascii_status(FILE *f, const mp_game *g, const char *const *names, const char *indent, bool players) {
    char words[512], modules[160], label[192];
    for (int p = 0; p < mp_game_n_players(g) && players; p++) {
        if (!mp_game_variant_status(g, p, words, sizeof words)[0]) continue;
        snprintf(label, sizeof label, "%s:", names[p]);
        fprintf(f, "%s%-16s %s\n", indent, label, words);
    }
    if (!mp_game_variant_status(g, -1, words, sizeof words)[0]) return;
    ascii_modules(g, modules, sizeof modules);
    snprintf(label, sizeof label, "%s:", modules);
    fprintf(f, "%s%-*s %s\n", indent, players ? 16 : 0, label, words);
}
