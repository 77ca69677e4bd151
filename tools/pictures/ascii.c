/*
** ascii.c: the board, a single tile and the score breakdown as plain text.
**
** A tile is drawn from its 12 port letters and its inner feature as 5x3 characters:
**   row 0: Nw Nw N Ne Ne     '#' city, '.' field, '|' and '-' roads, 'M' a cloister,
**   row 1: W  W  c  E  E     other kinds: their edge letter in lower case
**   row 2: Sw Sw S Se Se
** so a board and the drawn tile look the same. On the board the game may change what the tile
** data says: a bridge laid over the tile (mp_game_overlay_at) shows 'H' along a north-south deck
** and '=' along an east-west one, in place of the road characters, and a feature whose kind a
** module changed (a town turned into a castle) shows its new kind's letter in upper case ('K').
** A bounded board with fixed pieces (The Castle) stands in its wall: the cells off its map are
** '#' blocks, and a start space is wall showing its feature on the side towards the board.
**
** Over the picture go marks: a follower is its seat's digit in the centre with its role's letter
** to the right of it ("1k": seat 1's knight, "2f": seat 2's farmer), and a piece other than the
** ordinary follower (meeple-ruleset(5), PIECES) its letter to the left ("L1k": seat 1's large
** follower as a knight, "B1t": its builder on a road); an icon (a pennant '*', the goods wine
** 'w', grain 'g', cloth 'c') on a cell of its feature (in the centre for a road's or a path's,
** which show only at the sides' middles), a feature's marker (an inn 'i', a cathedral '^') the
** same way, a marker of the tile (a bazaar '$') in its centre. A feature that meets no side (a
** field enclosed between cities, Inns & Cathedrals' IC-3) is drawn in the centre with its kind's
** sign ('.' a field). A mark takes a cell that repeats a port (the inner one of a pair) before
** one that would hide a port, so every side still shows what it joins. A legend under the board
** names every character and mark that appears on it, and only those.
*/
#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#include "ascii.h"

enum { KINDS = 16, LINE_WIDTH = 78 };

/* What a character on the board stands for, for the legend: a code and its argument. */
enum {
    SAYS_NOTHING = 0,
    SAYS_KIND = 1 << 8,    /* a kind, by its letter */
    SAYS_BRIDGE = 2 << 8,
    SAYS_JUNCTION = 3 << 8,
    SAYS_WALL = 4 << 8,
    SAYS_SEAT = 5 << 8,    /* a follower's seat */
    SAYS_ROLE = 6 << 8,    /* a follower's role, by the kind it stands on */
    SAYS_ICON = 7 << 8,
    SAYS_MARKER = 8 << 8,
    SAYS_PIECE = 9 << 8,   /* a kind of piece, other than the ordinary follower */
    SAYS_CODE = 0xff00
};

typedef struct view {
    char port[12];     /* edge letter at each port, ' ' none */
    char inner;        /* letter of a feature inside the tile, ' ' none */
    int follower;      /* seat of a piece on it, -1 none */
    int piece;         /* which kind of piece (0: the ordinary follower) */
    unsigned bridge;   /* ports a bridge laid over the tile covers */
    const char *overlay_name;   /* what it is (mp_game_overlay_name: "bridge"), NULL none */
    unsigned changed;  /* ports of a feature whose kind a module changed: port[] has its letter */
    char mark[3][5];   /* a mark over a cell (a role, an icon, a marker), 0 none */
    int says[3][5];    /* what each mark stands for (SAYS_*) */
} view;

/* The characters and marks drawn so far, for the legend; and the role letters of the tile set. */
typedef struct legend {
    const mp_tileset *ts;
    char role[KINDS];        /* the letter of the role of a follower on each kind, 0 none */
    char kind[KINDS][8];     /* the characters that drew each kind, in the order met */
    char bridge[3];
    const char *overlay_name;  /* what the bridges drawn are */
    bool junction, wall;
    unsigned icons, markers, seats, roles;   /* roles: bit k, the role of kind k */
    const mp_ruleset *rs;                    /* a board's: the names of its pieces */
    unsigned pieces;                         /* bit k: piece k was drawn */
} legend;

/* Marks of icons and markers by name; a name not listed is drawn '&'; 0: not drawn (a junction:
** the roads that meet show it). */
static const struct { const char *name; char mark; } marks[] = {
    { "pennant", '*' }, { "bazaar", '$' }, { "inn", 'i' }, { "cathedral", '^' }, { "fountain", 'o' }, { "market", '%' },
    { "square", '&' }, { "wine", 'w' }, { "grain", 'g' }, { "cloth", 'c' }, { "junction", 0 },
};

static char mark_of(const char *name) {
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (!strcmp(marks[i].name, name)) return marks[i].mark;
    return '&';
}

/* The lower-case letters the board may show for kinds (of kinds some tile has, other than those
** drawn with signs: city, road, field, cloister) and marks: a role's letter is none of them. */
static void letters_in_use(const mp_tileset *ts, char *used, size_t size) {
    size_t n = 0;
    for (size_t i = 0; i < sizeof marks / sizeof marks[0] && n + 1 < size; i++)
        if (isalpha((unsigned char)marks[i].mark)) used[n++] = marks[i].mark;
    for (int t = 0; t < mp_tileset_n_tiles(ts); t++)
        for (int i = 0; i < mp_tileset_tile_n_features(ts, t); i++) {
            mp_feature_def d;
            if (mp_tileset_feature(ts, t, i, &d)) continue;
            char c = (char)tolower((unsigned char)mp_tileset_kind_letter(ts, d.kind));
            if (!strchr("cfrl", c) && !memchr(used, c, n) && n + 1 < size) used[n++] = c;
        }
    used[n] = 0;
}

/* Each kind's role letter: the first letter of its role's name that no earlier role took and the
** board does not show otherwise (the castle's court is 'm': its merchant is 'r'); kinds with the
** same role (a city's and a castle's knight) share it. */
static void legend_init(legend *l, const mp_tileset *ts) {
    memset(l, 0, sizeof *l);
    l->ts = ts;
    char taken[64];
    letters_in_use(ts, taken, sizeof taken);
    int n = mp_tileset_n_kinds(ts);
    for (int k = 0; k < n && k < KINDS; k++) {
        const char *role = mp_tileset_kind_follower(ts, k);
        if (!role[0]) continue;
        for (int j = 0; j < k && !l->role[k]; j++)
            if (!strcmp(mp_tileset_kind_follower(ts, j), role)) l->role[k] = l->role[j];
        for (const char *c = role; *c && !l->role[k]; c++) {
            char letter = (char)tolower((unsigned char)*c);
            if (isalpha((unsigned char)letter) && !strchr(taken, letter)) l->role[k] = letter;
        }
        for (char c = 'a'; c <= 'z' && !l->role[k]; c++)
            if (!strchr(taken, c)) l->role[k] = c;
        if (!l->role[k]) l->role[k] = '?';
        size_t used = strlen(taken);
        if (used + 1 < sizeof taken) taken[used] = l->role[k], taken[used + 1] = 0;
    }
}

/* The kind whose letter this is, -1 none. */
static int kind_of_letter(const mp_tileset *ts, char letter) {
    for (int k = 0; k < mp_tileset_n_kinds(ts); k++)
        if (toupper((unsigned char)mp_tileset_kind_letter(ts, k)) == toupper((unsigned char)letter)) return k;
    return -1;
}

/* Notes that character c, standing for `says`, was drawn. */
static void legend_note(legend *l, char c, int says) {
    if (!l || c == ' ') return;
    int arg = says & 0xff;
    switch (says & SAYS_CODE) {
    case SAYS_KIND: {
        int k = kind_of_letter(l->ts, (char)arg);
        if (k < 0 || k >= KINDS || strchr(l->kind[k], c)) return;
        size_t n = strlen(l->kind[k]);
        if (n + 1 < sizeof l->kind[k]) l->kind[k][n] = c;
        return;
    }
    case SAYS_BRIDGE:
        if (!strchr(l->bridge, c) && strlen(l->bridge) < 2) l->bridge[strlen(l->bridge)] = c;
        return;
    case SAYS_JUNCTION: l->junction = true; return;
    case SAYS_WALL: l->wall = true; return;
    case SAYS_SEAT: l->seats |= 1u << arg; return;
    case SAYS_ROLE: l->roles |= 1u << arg; return;
    case SAYS_ICON: l->icons |= 1u << arg; return;
    case SAYS_MARKER: l->markers |= 1u << arg; return;
    case SAYS_PIECE: l->pieces |= 1u << arg; return;
    default: return;
    }
}

static char port_char(const view *v, int port, int *says) {
    char c = v->port[port];
    *says = SAYS_KIND | (unsigned char)c;
    if (v->bridge >> port & 1) { *says = SAYS_BRIDGE; return (port / 3) % 2 == 0 ? 'H' : '='; }
    if (v->changed >> port & 1) return (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    switch (c) {
    case 'C': return '#';
    case 'F': return '.';
    case 'R': return (port / 3) % 2 == 0 ? '|' : '-';
    case ' ': *says = SAYS_NOTHING; return ' ';
    default: return (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
}

/* The port a cell of the picture shows: a side's middle, or its half when nothing crosses the
** middle (a field side); -1 for the centre. */
static int cell_port(const view *v, int row, int col) {
    static const int ports[3][5] = { { 0, 0, 1, 2, 2 }, { 10, 10, -1, 4, 4 }, { 8, 8, 7, 6, 6 } };
    int p = ports[row][col], says;
    if (p == 1 || p == 4 || p == 7 || p == 10) {
        static const int instead[4] = { 0, 3, 6, 11 };   /* N: Nw, E: En, S: Se, W: Wn */
        if (port_char(v, p, &says) == ' ') p = instead[p / 3];
    }
    return p;
}

static char centre_char(const view *v, int *says) {
    *says = SAYS_KIND | 'C';
    if (v->follower >= 0) { *says = SAYS_SEAT | v->follower; return (char)('1' + v->follower); }
    if (v->inner != ' ') {   /* a feature inside: a cloister 'M', an enclosed field or city as its sign */
        *says = SAYS_KIND | (unsigned char)v->inner;
        return v->inner == 'L' ? 'M' : v->inner == 'F' ? '.' : v->inner == 'C' ? '#' : v->inner;
    }
    if ((v->bridge >> 1 & 1) && (v->bridge >> 7 & 1)) { *says = SAYS_BRIDGE; return 'H'; }
    if ((v->bridge >> 4 & 1) && (v->bridge >> 10 & 1)) { *says = SAYS_BRIDGE; return '='; }
    int roads = 0, cities = 0, changed = 0;
    for (int s = 0; s < 4; s++) {
        bool other = v->changed >> (3 * s + 1) & 1;
        changed += other;
        roads += !other && v->port[3 * s + 1] == 'R';
        cities += !other && v->port[3 * s + 1] == 'C';
    }
    if (changed >= 3) return port_char(v, v->changed >> 1 & 1 ? 1 : 4, says);
    if (cities >= 3) return '#';
    *says = SAYS_KIND | 'R';
    if (roads >= 3) { *says = SAYS_JUNCTION; return '+'; }
    if (roads == 2) {
        if (v->port[1] == 'R' && v->port[7] == 'R') return '|';
        if (v->port[4] == 'R' && v->port[10] == 'R') return '-';
        *says = SAYS_JUNCTION;
        return '+';
    }
    *says = SAYS_KIND | 'F';
    return '.';
}

/* One cell of the picture, noted in the legend (when there is one). */
static char cell_char(const view *v, int row, int col, legend *l) {
    int says;
    char c;
    if (v->mark[row][col]) c = v->mark[row][col], says = v->says[row][col];
    else if (row == 1 && col == 2) c = centre_char(v, &says);
    else c = port_char(v, cell_port(v, row, col), &says);
    legend_note(l, c, says);
    if (l && (says & SAYS_CODE) == SAYS_BRIDGE) l->overlay_name = v->overlay_name;
    return c;
}

static void view_row(const view *v, int row, char r[6], legend *l) {
    for (int col = 0; col < 5; col++) r[col] = cell_char(v, row, col, l);
    r[5] = 0;
}

/* ------------------------------------------------------------------ marks */

/* The cells a mark may take, the inner cell of each pair that repeats a port first, then the
** sides' middles, then the outer cells. */
static const int mark_cells[14][2] = {
    { 1, 1 }, { 1, 3 }, { 0, 1 }, { 0, 3 }, { 2, 1 }, { 2, 3 }, { 0, 2 },
    { 2, 2 }, { 1, 0 }, { 1, 4 }, { 0, 0 }, { 0, 4 }, { 2, 0 }, { 2, 4 },
};

static bool centre_free(const view *v) { return v->follower < 0 && v->inner == ' ' && !v->mark[1][2]; }

/* Puts a mark on the first free cell showing one of the ports (the centre when ports is 0, or
** when centre is asked first); nothing when no cell is free. */
static void put_mark(view *v, unsigned ports, bool centre, char mark, int says) {
    if (!mark) return;
    if ((centre || !ports) && centre_free(v)) { v->mark[1][2] = mark, v->says[1][2] = says; return; }
    for (int i = 0; i < 14; i++) {
        int row = mark_cells[i][0], col = mark_cells[i][1], p = cell_port(v, row, col);
        if (v->mark[row][col] || (ports && !(p >= 0 && (ports >> p & 1)))) continue;
        v->mark[row][col] = mark, v->says[row][col] = says;
        return;
    }
}

/* The marks of a tile lying turned rot: its follower's role (of the kind it stands on; -1 none),
** the tile's markers, then each feature's icons and markers. */
static void add_marks(view *v, const legend *l, int tile, int rot, int role_kind) {
    const mp_tileset *ts = l->ts;
    if (v->follower >= 0 && role_kind >= 0 && role_kind < KINDS && l->role[role_kind])
        v->mark[1][3] = l->role[role_kind], v->says[1][3] = SAYS_ROLE | role_kind;
    mp_piece_info piece;
    if (v->follower >= 0 && v->piece > 0 && l->rs && !mp_ruleset_piece(l->rs, v->piece, &piece))
        v->mark[1][1] = piece.letter, v->says[1][1] = SAYS_PIECE | v->piece;
    unsigned tm = mp_tileset_tile_markers(ts, tile);
    for (int m = 0; m < mp_tileset_n_markers(ts); m++)
        if (tm >> m & 1) put_mark(v, 0xFFF, true, mark_of(mp_tileset_marker_name(ts, m)), SAYS_MARKER | m);
    for (int i = 0; i < mp_tileset_tile_n_features(ts, tile); i++) {
        mp_feature_def d;
        if (mp_tileset_feature(ts, tile, i, &d)) continue;
        int r = rot & 3;
        unsigned ports = ((d.ports << (3 * r)) | (d.ports >> (12 - 3 * r))) & 0xFFFu;
        /* A feature that meets the sides at their middles only (a road, a path) shows nowhere
        ** but there: its mark goes to the centre, where it runs, before it hides one. */
        bool middles = !(ports & ~0x492u);
        for (int k = 0; k < mp_tileset_n_icons(ts) && k < 8; k++)
            if (d.icons[k] > 0) put_mark(v, ports, middles, mark_of(mp_tileset_icon_name(ts, k)), SAYS_ICON | k);
        for (int m = 0; m < mp_tileset_n_markers(ts); m++)
            if (d.markers >> m & 1) put_mark(v, ports, middles, mark_of(mp_tileset_marker_name(ts, m)), SAYS_MARKER | m);
    }
}

/* ------------------------------------------------------------------ the legend */

typedef struct line_out { FILE *f; int column; const char *first, *indent; } line_out;

/* Writes one entry of the legend, starting a new line when it would pass the line width. */
static void entry(line_out *o, const char *text) {
    int n = (int)strlen(text);
    if (o->column == 0) o->column = fprintf(o->f, "%s", o->first);
    else if (o->column + 2 + n > LINE_WIDTH) o->column = fprintf(o->f, "\n%s", o->indent);
    else o->column += fprintf(o->f, "  ");
    o->column += fprintf(o->f, "%s", text);
}

/* The legend: every kind with the characters that drew it, roads that meet, bridges, the wall,
** then the marks (icons, markers), the seats and the roles of the followers; with marks_only,
** the marks alone. Nothing when nothing was drawn. */
static void legend_print(FILE *f, const legend *l, const char *const *names, bool marks_only, const char *first,
                         const char *indent) {
    line_out o = { f, 0, first, indent };
    char text[160];
    const mp_tileset *ts = l->ts;
    for (int k = 0; k < mp_tileset_n_kinds(ts) && k < KINDS && !marks_only; k++) {
        if (!l->kind[k][0]) continue;
        size_t n = 0;
        for (const char *c = l->kind[k]; *c; c++) n += (size_t)snprintf(text + n, sizeof text - n, "%c ", *c);
        snprintf(text + n, sizeof text - n, "%s", mp_tileset_kind_name(ts, k));
        entry(&o, text);
    }
    if (l->junction && !marks_only) entry(&o, "+ roads meet");
    if (l->bridge[0] && !marks_only) {
        snprintf(text, sizeof text, "%c%s%.1s %s", l->bridge[0], l->bridge[1] ? " " : "", l->bridge + 1,
                 l->overlay_name ? l->overlay_name : "overlay");
        entry(&o, text);
    }
    if (l->wall && !marks_only) entry(&o, "# wall");
    for (int i = 0; i < mp_tileset_n_icons(ts) && i < 8; i++)
        if (l->icons >> i & 1) {
            snprintf(text, sizeof text, "%c %s", mark_of(mp_tileset_icon_name(ts, i)), mp_tileset_icon_name(ts, i));
            entry(&o, text);
        }
    for (int m = 0; m < mp_tileset_n_markers(ts) && m < 32; m++)
        if (l->markers >> m & 1) {
            snprintf(text, sizeof text, "%c %s", mark_of(mp_tileset_marker_name(ts, m)), mp_tileset_marker_name(ts, m));
            entry(&o, text);
        }
    for (int p = 0; p < MP_MAX_PLAYERS && !marks_only; p++)
        if (l->seats >> p & 1) {
            if (names) snprintf(text, sizeof text, "%d %s", p + 1, names[p]);
            else snprintf(text, sizeof text, "%d seat %d", p + 1, p + 1);
            entry(&o, text);
        }
    char said[KINDS + 1] = "";
    for (int k = 0; k < KINDS && !marks_only; k++)
        if ((l->roles >> k & 1) && !strchr(said, l->role[k])) {
            said[strlen(said)] = l->role[k];
            snprintf(text, sizeof text, "%c %s", l->role[k], mp_tileset_kind_follower(ts, k));
            entry(&o, text);
        }
    for (int k = 1; l->rs && k < mp_ruleset_n_pieces(l->rs) && !marks_only; k++) {
        mp_piece_info piece;
        if (!(l->pieces >> k & 1) || mp_ruleset_piece(l->rs, k, &piece)) continue;
        snprintf(text, sizeof text, "%c %s", piece.letter, piece.name);
        entry(&o, text);
    }
    if (o.column) fputc('\n', f);
}

/* ------------------------------------------------------------------ the board */

static bool board_view(const mp_game *g, const legend *l, int x, int y, view *v) {
    int rot, tile = mp_game_tile_at(g, x, y, &rot);
    if (tile < 0) return false;
    const mp_tileset *ts = l->ts;
    memset(v, 0, sizeof *v);
    for (int p = 0; p < 12; p++) v->port[p] = mp_game_port_letter(g, x, y, p);
    v->inner = mp_game_inner_letter(g, x, y);
    int feature = -1, overlay = -1, overlay_kind = -1;
    mp_figure_info figure;   /* the first piece on the tile: one deployment a tile */
    v->follower = mp_game_figures_at(g, x, y, &figure, 1) ? figure.player : -1;
    if (v->follower >= 0) feature = figure.feature, v->piece = figure.piece;
    v->bridge = mp_game_overlay_at(g, x, y, &overlay, &overlay_kind);
    v->overlay_name = v->bridge ? mp_game_overlay_name(g, x, y) : NULL;
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
    int role_kind = v->follower < 0 ? -1 : v->bridge && feature == overlay ? overlay_kind : mp_game_feature_kind(g, x, y, feature);
    add_marks(v, l, tile, rot, role_kind);
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
static void wall_row(const mp_game *g, legend *l, int x, int y, int row, char r[6]) {
    memcpy(r, "#####", 6);
    legend_note(l, '#', SAYS_WALL);
    int side = alcove_side(g, x, y);
    view v;
    if (side < 0 || !board_view(g, l, x, y, &v)) return;
    for (int i = 0; i < 5; i++) {
        bool keep = side == 0 ? row == 0 : side == 2 ? row == 2 : side == 1 ? i >= 3 : i <= 1;
        if (keep && cell_char(&v, row, i, NULL) != ' ') r[i] = cell_char(&v, row, i, l);
    }
}

void ascii_board(FILE *f, const mp_game *g, const char *const *names) {
    int x0, y0, x1, y1;
    if (mp_game_bounds(g, &x0, &y0, &x1, &y1)) { fputs("(empty board)\n", f); return; }
    legend l;
    legend_init(&l, mp_ruleset_tiles(mp_game_ruleset(g)));
    l.rs = mp_game_ruleset(g);
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
                if (wall && (mp_game_tile_at(g, x, y, NULL) == -2 || alcove_side(g, x, y) >= 0)) wall_row(g, &l, x, y, row, r);
                else if (board_view(g, &l, x, y, &v)) view_row(&v, row, r, &l);
                fputs(r, f);
            }
            fputc('\n', f);
        }
    legend_print(f, &l, names, false, "legend: ", "        ");
}

/* A tile as the tile data draws it, turned rot, with its marks (no follower). */
static void tile_view(const legend *l, int tile, int rot, view *v) {
    memset(v, 0, sizeof *v);
    for (int p = 0; p < 12; p++) v->port[p] = mp_tileset_port_letter(l->ts, tile, rot, p);
    v->inner = mp_tileset_inner_letter(l->ts, tile);
    v->follower = -1;
    add_marks(v, l, tile, rot, -1);
}

void ascii_tile_rotations(FILE *f, const mp_ruleset *rs, int tile, unsigned rotations) {
    legend l;
    legend_init(&l, mp_ruleset_tiles(rs));
    view v[4];
    for (int r = 0; r < 4; r++) tile_view(&l, tile, r, &v[r]);
    for (int r = 0; r < 4; r++)
        if (rotations & (1u << r)) fprintf(f, "  r%d   ", r);
    fputc('\n', f);
    for (int row = 0; row < 3; row++) {
        for (int r = 0; r < 4; r++) {
            if (!(rotations & (1u << r))) continue;
            char s[6];
            view_row(&v[r], row, s, &l);
            fprintf(f, "%s  ", s);
        }
        fputc('\n', f);
    }
    legend_print(f, &l, NULL, true, "  ", "  ");
}

void ascii_tiles(FILE *f, const mp_ruleset *rs, const int *tiles, const int *counts, int n) {
    legend l;
    legend_init(&l, mp_ruleset_tiles(rs));
    /* Columns as wide as the longest label ("BB-10 x1"), as many as fit in a line. */
    int width = 5;
    char label[64];
    for (int i = 0; i < n; i++) {
        int w = snprintf(label, sizeof label, "%s x%d", mp_tileset_tile_id(l.ts, tiles[i]), counts[i]);
        if (w > width) width = w;
    }
    int per_row = LINE_WIDTH / (width + 3);
    for (int first = 0; first < n; first += per_row) {
        int last = first + per_row < n ? first + per_row : n;
        for (int i = first; i < last; i++) {
            snprintf(label, sizeof label, "%s x%d", mp_tileset_tile_id(l.ts, tiles[i]), counts[i]);
            fprintf(f, " %-*s  ", width, label);
        }
        fputc('\n', f);
        for (int row = 0; row < 3; row++) {
            for (int i = first; i < last; i++) {
                view v;
                char s[6];
                tile_view(&l, tiles[i], 0, &v);
                view_row(&v, row, s, &l);
                fprintf(f, " %-*s  ", width, s);
            }
            fputc('\n', f);
        }
    }
    legend_print(f, &l, NULL, true, "  ", "  ");
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
    for (int v = 0; v < mp_ruleset_n_modules(rs) && used + 1 < size; v++) {
        const char *name = mp_ruleset_module_name(rs, v);
        used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? ", " : "", name ? name : "?");
    }
}

void ascii_status(FILE *f, const mp_game *g, const char *const *names, const char *indent, bool players) {
    char words[512], modules[160], label[192];
    for (int p = 0; p < mp_game_n_players(g) && players; p++) {
        if (!mp_game_module_status(g, p, words, sizeof words)[0]) continue;
        snprintf(label, sizeof label, "%s:", names[p]);
        fprintf(f, "%s%-16s %s\n", indent, label, words);
    }
    if (!mp_game_module_status(g, -1, words, sizeof words)[0]) return;
    ascii_modules(g, modules, sizeof modules);
    snprintf(label, sizeof label, "%s:", modules);
    fprintf(f, "%s%-*s %s\n", indent, players ? 16 : 0, label, words);
}
