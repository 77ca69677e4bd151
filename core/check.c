/*
** check.c: mp_game_check, every incremental structure recomputed from scratch and compared.
**
** The kernel keeps feature totals at union-find roots and the board in a grid; this file
** re-derives them the slow, obvious way (every port of every placed tile, every follower) so a
** test can run it after every action (Stockfish's pos_is_ok). Checked: each placed tile matches
** its neighbours by the ruleset's match rule, each root's open-port count, icon totals, markers and
** each player's strength, and that every player's pieces of each kind add up to the supply size.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "yamlx.h"

static int bad(mp_diag *d, const char *fmt, int a, int b, int c) __attribute__((format(printf, 2, 0)));
static int bad(mp_diag *d, const char *fmt, int a, int b, int c) {
    char message[sizeof d->message];
    snprintf(message, sizeof message, fmt, a, b, c);
    return mp_diag_set(d, "<check>", 0, 0, "%s", message);
}

/* The open cells (place.c): exactly the empty cells touching a tile, in row order, each asking of
** its ports what its neighbours show, and every entry after them asking what no tile shows. */
static int check_open(const mp_game *g, mp_diag *d) {
    int expected = 0;
    for (int y = g->min_y - 1; y <= g->max_y + 1; y++)
        for (int x = g->min_x - 1; x <= g->max_x + 1; x++) {
            uint8_t their[4][3];
            if (mp_grid_get(g, x, y) == -1 && mp_place_facing(g, x, y, their)) expected++;
        }
    if (expected != g->n_open) return bad(d, "%d open cells kept; recomputed %d", g->n_open, expected, 0);
    for (int i = 0; i < g->n_open; i++) {
        int x = mp_open_x(g->open[i].key), y = mp_open_y(g->open[i].key);
        if (i && g->open[i].key <= g->open[i - 1].key) return bad(d, "open cell %d,%d out of order (entry %d)", x, y, i);
        uint32_t need;
        mp_place_need(g, x, y, &need);
        if (mp_grid_get(g, x, y) != -1 || need != g->open[i].need)
            return bad(d, "open cell %d,%d: what it asks of a tile differs from its neighbours (entry %d)", x, y, i);
    }
    /* Past the last, nothing fits: the list reads up to eight entries there (list.c). */
    for (int i = g->n_open; i < g->cap_open; i++)
        if (g->open[i].need != MP_SIDE_NONE * 0x01010101u) return bad(d, "entry %d past the %d open cells asks for a tile", i, g->n_open, 0);
    return 0;
}

int mp_game_check(const mp_game *g, mp_diag *d) {
    const mp_tileset *ts = g->ts;
    int n = g->n_segs;
    int *open = calloc((size_t)n + 1, sizeof *open);
    int *icons = calloc((size_t)(n + 1) * MP_MAX_ICONS, sizeof *icons);
    int *fol = calloc((size_t)(n + 1) * MP_MAX_PLAYERS, sizeof *fol);
    uint16_t *markers = calloc((size_t)n + 1, sizeof *markers);
    int rc = 0;
    if (!open || !icons || !fol || !markers) abort();
    for (int i = 0; i < g->n_placed && !rc; i++) {
        const mp_placed *p = &g->placed[i];
        const mp_tile *t = &ts->tiles[p->tile];
        if (mp_grid_get(g, p->x, p->y) != i) rc = bad(d, "tile %d is not in the grid at %d,%d", i, p->x, p->y);
        if (!rc && mp_grid_near(g, p->x, p->y) != mp_feature_surround_count(g, i))
            rc = bad(d, "tile at %d,%d: tiles around it counted %d; recomputed differently", p->x, p->y,
                     mp_grid_near(g, p->x, p->y));
        for (int side = 0; side < 4 && !rc; side++) {
            int nx, ny;
            mp_grid_neighbour(p->x, p->y, side, &nx, &ny);
            int32_t v = mp_grid_get(g, nx, ny);
            for (int k = 0; k < 3 && !rc; k++) {
                int port = 3 * side + k;
                int32_t f = mp_placed_port_seg(g, p, port);
                if (v == -1 && f >= 0) open[mp_seg_root(g, f)]++;
                if (v < 0 || p->fixed) continue;
                const mp_placed *o = &g->placed[v];
                int a = mp_placed_port_kind(g, p, port), b = mp_placed_port_kind(g, o, MP_PORT_OPPOSITE(port));
                bool must = (a && (g->rs->match_kinds >> (a - 1) & 1)) || (b && (g->rs->match_kinds >> (b - 1) & 1));
                if (a != b && must) rc = bad(d, "tile at %d,%d does not match its neighbour on side %d", p->x, p->y, side);
                int32_t of = mp_placed_port_seg(g, o, MP_PORT_OPPOSITE(port));
                if (!rc && f >= 0 && of >= 0 && a == b && mp_seg_root(g, f) != mp_seg_root(g, of))
                    rc = bad(d, "features of tiles at %d,%d and side %d meet but are not joined", p->x, p->y, side);
            }
        }
        for (int f = 0; f < t->n_features; f++) {
            for (int ic = 0; ic < MP_MAX_ICONS; ic++)
                icons[mp_seg_root(g, p->seg0 + f) * MP_MAX_ICONS + ic] += t->f[f].icons[ic];
            markers[mp_seg_root(g, p->seg0 + f)] |= (uint16_t)t->f[f].markers;
        }
    }
    int on_board[MP_MAX_PLAYERS][MP_MAX_PIECES] = { { 0 } };
    for (int i = 0; i < g->n_figures; i++) {
        const mp_figure *f = &g->figures[i];
        fol[mp_seg_root(g, f->seg) * MP_MAX_PLAYERS + f->player] += g->rs->pieces[f->piece].strength;
        on_board[f->player][f->piece]++;
    }
    for (int s = 0; s < n && !rc; s++) {
        if (g->segs[s].parent != s) continue;
        const mp_seg *r = &g->segs[s];
        if (r->open != open[s]) rc = bad(d, "feature %d: open ports %d; recomputed %d", s, r->open, open[s]);
        /* Between turns every completed feature has been seen (scoring's shortcut, maybe_completed,
        ** missed none). */
        const mp_kind *k = &ts->kinds[r->kind];
        bool done = k->completes == MP_COMPLETE_CLOSED ? open[s] == 0
                  : k->completes == MP_COMPLETE_SURROUNDED && mp_feature_surround_count(g, r->placed) == 9;
        if (!rc && done && !r->complete && g->phase == MP_PHASE_PLACE && g->last_placed < 0 && g->turns > 0)
            rc = bad(d, "feature %d is complete but was never scored", s, 0, 0);
        for (int ic = 0; ic < MP_MAX_ICONS && !rc; ic++)
            if (r->icons[ic] != icons[s * MP_MAX_ICONS + ic]) rc = bad(d, "feature %d icon %d count wrong (%d)", s, ic, r->icons[ic]);
        if (!rc && r->markers != markers[s]) rc = bad(d, "feature %d: markers %#x; recomputed %#x", s, r->markers, markers[s]);
        for (int p = 0; p < g->n_players && !rc; p++)
            if (r->strength[p] != fol[s * MP_MAX_PLAYERS + p])
                rc = bad(d, "feature %d: strength of player %d %d; recomputed differently", s, p, r->strength[p]);
    }
    for (int p = 0; p < g->n_players && !rc; p++)
        for (int k = 0; k < g->rs->n_pieces && !rc; k++)
            if (g->supply[p][k] + on_board[p][k] != g->rs->pieces[k].count)
                rc = mp_diag_set(d, "<check>", 0, 0, "player %d: %d '%s' in the supply + %d on the board differs from "
                                 "the %d a player has", p, g->supply[p][k], g->rs->pieces[k].name, on_board[p][k],
                                 g->rs->pieces[k].count);
    rc = rc ? rc : check_open(g, d);
    MP_EACH_MODULE_WITH(g, check, i, m) {
        mp_module_view v = mp_module_view_of(g, i);
        if (!rc) rc = m->check(&v, d);
    }
    free(open);
    free(icons);
    free(fol);
    free(markers);
    return rc;
}
