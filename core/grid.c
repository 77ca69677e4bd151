/*
** grid.c: the cells of the board and their neighbours.
**
** An unbounded board is a window of cells around the tiles placed so far, grown (doubled and
** re-centred) when a tile comes within two cells of its edge; outside the window every cell is
** empty. Keeping it small keeps a game cheap to copy for bots and search. A bounded board (The
** Castle, or the table-edge house rule) is the ruleset's map plus a one-cell ring of wall where
** fixed pieces (start spaces) stand; cells off the map read -2, the wall.
** Coordinates: x grows to the east, y to the south; the start tile lies at 0,0.
*/
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static int32_t *new_cells(int w, int h, int32_t fill) {
    int32_t *c = malloc((size_t)w * (size_t)h * sizeof *c);
    if (!c) abort();
    for (int i = 0; i < w * h; i++) c[i] = fill;
    return c;
}

int mp_grid_init(mp_game *g) {
    const mp_ruleset *rs = g->rs;
    if (rs->bounded) {
        g->gx0 = rs->board_x0 - 1;
        g->gy0 = rs->board_y0 - 1;
        g->gw = rs->board_w + 2;
        g->gh = rs->board_h + 2;
        g->cells = new_cells(g->gw, g->gh, -2);
        for (int y = 0; y < rs->board_h; y++)
            for (int x = 0; x < rs->board_w; x++)
                if (rs->board_cells[y * rs->board_w + x]) g->cells[(y + 1) * g->gw + x + 1] = -1;
    } else {
        g->gx0 = g->gy0 = -8;
        g->gw = g->gh = 17;
        g->cells = new_cells(g->gw, g->gh, -1);
    }
    return 0;
}

/* Grows an unbounded window so that cells x-2..x+2, y-2..y+2 lie inside it. */
static void grid_reach(mp_game *g, int x, int y) {
    if (x - 2 >= g->gx0 && y - 2 >= g->gy0 && x + 2 < g->gx0 + g->gw && y + 2 < g->gy0 + g->gh) return;
    int w = g->gw, h = g->gh, x0 = g->gx0, y0 = g->gy0;
    while (x - 2 < x0 || x + 2 >= x0 + w) { x0 -= w / 2; w *= 2; }
    while (y - 2 < y0 || y + 2 >= y0 + h) { y0 -= h / 2; h *= 2; }
    int32_t *c = new_cells(w, h, -1);
    for (int r = 0; r < g->gh; r++)
        memcpy(&c[(r + g->gy0 - y0) * w + (g->gx0 - x0)], &g->cells[r * g->gw], (size_t)g->gw * sizeof *c);
    free(g->cells);
    g->cells = c;
    g->gw = w;
    g->gh = h;
    g->gx0 = x0;
    g->gy0 = y0;
}

void mp_grid_set(mp_game *g, int x, int y, int32_t placed) {
    if (!g->rs->bounded) grid_reach(g, x, y);
    int gx = x - g->gx0, gy = y - g->gy0;
    MP_ASSERT(gx >= 0 && gy >= 0 && gx < g->gw && gy < g->gh);
    g->cells[gy * g->gw + gx] = placed;
}
