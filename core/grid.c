/*
** grid.c: the cells of the board and their neighbours.
**
** An unbounded board is a window of cells around the tiles placed so far, grown (doubled and
** re-centred) when a tile comes within two cells of its edge; outside the window every cell is
** empty. Keeping it small keeps a game cheap to copy for bots and search. A bounded board (The
** Castle, or the table-edge house rule) is the ruleset's map plus a two-cell ring of wall (fixed
** pieces, start spaces, stand in the first); cells off the map read -2, the wall.
** Beside each cell, how many tiles its 3x3 block holds (`near`, for cloisters) and whether its own
** tile has a feature completed by that block (MP_NEAR_SURROUNDED).
** Coordinates: x grows to the east, y to the south; the start tile lies at 0,0.
*/
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void new_window(mp_game *g, int w, int h, int16_t fill) {
    g->cells = malloc((size_t)w * (size_t)h * sizeof *g->cells);
    g->near = calloc((size_t)w * (size_t)h + MP_NEAR_SLACK, 1);
    if (!g->cells || !g->near) abort();
    if (fill == -1) memset(g->cells, 0xff, (size_t)w * (size_t)h * sizeof *g->cells);   /* all bits set: -1 */
    else for (int i = 0; i < w * h; i++) g->cells[i] = fill;
    g->gw = w;
    g->gh = h;
}

int mp_grid_init(mp_game *g) {
    const mp_ruleset *rs = g->rs;
    if (rs->bounded) {
        g->gx0 = rs->board_x0 - 2;
        g->gy0 = rs->board_y0 - 2;
        new_window(g, rs->board_w + 4, rs->board_h + 4, -2);
        for (int y = 0; y < rs->board_h; y++)
            for (int x = 0; x < rs->board_w; x++)
                if (rs->board_cells[y * rs->board_w + x]) g->cells[(y + 2) * g->gw + x + 2] = -1;
    } else {
        g->gx0 = g->gy0 = -12;             /* most games of 72 tiles never grow it */
        new_window(g, 25, 25, -1);
    }
    return 0;
}

/* Grows an unbounded window so that cells x-2..x+2, y-2..y+2 lie inside it. */
static void grid_reach(mp_game *g, int x, int y) {
    if (x - 2 >= g->gx0 && y - 2 >= g->gy0 && x + 2 < g->gx0 + g->gw && y + 2 < g->gy0 + g->gh) return;
    int w = g->gw, h = g->gh, x0 = g->gx0, y0 = g->gy0;
    while (x - 2 < x0 || x + 2 >= x0 + w) { x0 -= w / 2; w *= 2; }
    while (y - 2 < y0 || y + 2 >= y0 + h) { y0 -= h / 2; h *= 2; }
    int16_t *cells = g->cells;
    uint8_t *near = g->near;
    int ow = g->gw, oh = g->gh, ox = g->gx0 - x0, oy = g->gy0 - y0;
    new_window(g, w, h, -1);
    for (int r = 0; r < oh; r++) {
        memcpy(&g->cells[(r + oy) * w + ox], &cells[r * ow], (size_t)ow * sizeof *cells);
        memcpy(&g->near[(r + oy) * w + ox], &near[r * ow], (size_t)ow);
    }
    free(cells);
    free(near);
    g->gx0 = x0;
    g->gy0 = y0;
}

void mp_grid_set(mp_game *g, int x, int y, int32_t placed) {
    if (!g->rs->bounded) grid_reach(g, x, y);
    int gx = x - g->gx0, gy = y - g->gy0;
    MP_ASSERT(gx >= 1 && gy >= 1 && gx + 1 < g->gw && gy + 1 < g->gh);
    g->cells[gy * g->gw + gx] = (int16_t)placed;
}

/* On a little-endian machine a row of the block is three counts in the low bytes of 32 bits:
** each goes up by one (no count passes 9 | MP_NEAR_SURROUNDED, so no carry crosses a byte, and the
** fourth byte, the next cell or the slack after the last, is written back as it was); a count
** that reached 9 | MP_NEAR_SURROUNDED is a zero byte of the row xor that value. */
bool mp_grid_count_near(mp_game *g, int x, int y, bool surrounded) {
    int gw = g->gw;
    uint8_t *n = &g->near[(y - 1 - g->gy0) * gw + (x - 1 - g->gx0)];
    if (surrounded) n[gw + 1] |= MP_NEAR_SURROUNDED;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t full = 0;
    for (int dy = 0; dy < 3; dy++) {
        uint32_t row;
        memcpy(&row, &n[dy * gw], 4);
        row += 0x010101u;
        memcpy(&n[dy * gw], &row, 4);
        uint32_t t = row ^ (MP_NEAR_SURROUNDED | 9) * 0x010101u;
        full |= (t - 0x010101u) & ~t & 0x808080u;
    }
    return full != 0;
#else
    bool done = false;
    for (int dy = 0; dy < 3; dy++)
        for (int dx = 0; dx < 3; dx++) done |= ++n[dy * gw + dx] == (MP_NEAR_SURROUNDED | 9);
    return done;
#endif
}
