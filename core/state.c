/*
** state.c: where a game's state lives, and its copy.
**
** Everything a game can hold is sized at setup from the ruleset: every tile placed (and the
** board's fixed pieces), every feature of every tile, a bridge-like overlay on each tile when
** modules are on, every field-city link, every open cell there can be (four a tile), every
** follower, every tile drawn, the modules' state. All of it is one block after the mp_game
** header, so play never allocates; beside it only the grid's two arrays, the only part that grows
** (the window of an unbounded board). A copy takes only what is in use: the header, each array up
** to its count, the modules' states, the grid's rows around the tiles (a search copies a position
** thousands of times a decision, and early in a game most of the block is empty). Pointers into
** the block are rebased in a copy.
*/
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "yamlx.h"

enum { ALIGN = 16 };

static size_t round_up(size_t n) { return (n + ALIGN - 1) & ~(size_t)(ALIGN - 1); }

/* The capacities the ruleset needs (into g), and the block's size with the header. */
static size_t plan(mp_game *g) {
    const mp_ruleset *rs = g->rs;
    const mp_tileset *ts = g->ts;
    int tiles = rs->n_fixed, segs = 0, links = 0;
    for (int t = 0; t < ts->n_tiles; t++) {
        int copies = ts->tiles[t].count;
        for (int i = 0; i < rs->n_fixed; i++) copies += rs->fixed[i].tile == t;
        tiles += ts->tiles[t].count;
        segs += copies * ts->tiles[t].n_features;
        links += copies * (rs->link_first[t + 1] - rs->link_first[t]);
    }
    g->cap_placed = tiles + 1;
    g->cap_segs = segs + (rs->n_modules ? g->cap_placed : 0) + 1;   /* an overlay a tile at most */
    g->cap_links = links + 1;
    /* A tile laid at an open cell closes it and opens at most three (it touches a tile); the
    ** start tile and fixed pieces open at most four. The list reads eight past the last. */
    g->cap_open = 2 * tiles + 4 * (rs->n_fixed + 1) + 8;
    int pieces = 0;   /* a player's, of every kind: all may stand on the board at once */
    for (int k = 0; k < rs->n_pieces; k++) pieces += rs->pieces[k].count;
    g->cap_figures = g->n_players * pieces + 1;
    g->cap_log = ts->total + 1;
    size_t n = round_up(sizeof *g);
    n += round_up((size_t)g->cap_open * sizeof *g->open);
    n += round_up((size_t)g->cap_placed * sizeof *g->placed);
    n += round_up((size_t)g->cap_segs * sizeof *g->segs);
    n += round_up((size_t)g->cap_links * sizeof *g->links);
    n += 2 * round_up((size_t)g->cap_figures * sizeof *g->figures);   /* and as final scoring began */
    n += round_up((size_t)g->cap_log * sizeof *g->log);
    n += round_up((size_t)(ts->total + 1) * sizeof *g->bag);
    for (int i = 0; i < rs->n_modules; i++) n += round_up(rs->modules[i].v->state_size ? rs->modules[i].v->state_size : 1);
    return n;
}

/* Points the arrays into the block after the header. */
static void carve(mp_game *g) {
    char *p = (char *)g + round_up(sizeof *g);
#define TAKE(field, count) (g->field = (void *)p, p += round_up((size_t)(count) * sizeof *g->field))
    TAKE(open, g->cap_open);          /* right after the header: the list reads both */
    TAKE(placed, g->cap_placed);
    TAKE(segs, g->cap_segs);
    TAKE(links, g->cap_links);
    TAKE(figures, g->cap_figures);
    TAKE(final_figures, g->cap_figures);
    TAKE(log, g->cap_log);
    TAKE(bag, g->ts->total + 1);
#undef TAKE
    for (int i = 0; i < g->rs->n_modules; i++) {
        size_t size = g->rs->modules[i].v->state_size;
        g->mstate[i] = p;
        p += round_up(size ? size : 1);
    }
}

mp_game *mp_state_new(const mp_ruleset *rs, int n_players) {
    mp_game sizing = { .rs = rs, .ts = rs->tiles, .n_players = n_players };
    size_t bytes = plan(&sizing);
    /* Only the header, the open cells (the list reads up to eight past the last, which ask what no
    ** tile shows) and the modules' state (they start from zeros) need a value: every other entry
    ** is written before it is read. */
    mp_game *g = malloc(bytes);
    if (!g) abort();
    *g = sizing;
    g->open_hint = -1;
    g->n_completed = -1;
    g->block_bytes = bytes;
    carve(g);
    for (int i = 0; i < g->cap_open; i++) g->open[i] = (mp_open){ 0, MP_SIDE_NONE * 0x01010101u };
    for (int i = 0; i < rs->n_modules; i++) memset(g->mstate[i], 0, rs->modules[i].v->state_size);
    return g;
}

void mp_game_free(mp_game *g) {
    if (!g) return;
    free(g->cells);
    free(g->near);
    mp_events_free(g->events);
    free(g);
}

/* The part of src's block a game can read, into dst's block (carved the same way: the same
** ruleset and number of players). Every array is read only below its count (an entry past it is
** written before it is read), so only that prefix is copied, and the modules' states whole. Two
** exceptions. The bag is copied to n_bag, not from bag_pos: mp_game_bag_taken reads the tiles
** taken. The open cells: the list reads up to eight past the last (lanes it masks), and every
** entry past the last asks MP_SIDE_NONE of every side (mp_state_new, open_remove; mp_game_check
** sees to it); src's first `open` entries are copied, as far as either game has open cells, so
** that dst's keep that (past both, both games' entries ask it already). The header's last part,
** the points, is copied for src's players only. The grid and the scoring log are the caller's. */
static void copy_block(mp_game *dst, const mp_game *src, int open) {
    memcpy(dst, src, offsetof(mp_game, points) + (size_t)src->n_players * sizeof src->points[0]);
    /* The pointers into the block, moved to dst's (carve's layout, without working it out again). */
    ptrdiff_t to_dst = (char *)dst - (char *)src;
#define REBASE(p) ((p) = (void *)((char *)(p) + to_dst))
    REBASE(dst->open);
    REBASE(dst->placed);
    REBASE(dst->segs);
    REBASE(dst->links);
    REBASE(dst->figures);
    REBASE(dst->final_figures);
    REBASE(dst->log);
    REBASE(dst->bag);
    for (int i = 0; i < src->rs->n_modules; i++) REBASE(dst->mstate[i]);
#undef REBASE
#define COPY(field, count) memcpy(dst->field, src->field, (size_t)(count) * sizeof *src->field)
    COPY(open, open);
    COPY(placed, src->n_placed);
    COPY(segs, src->n_segs);
    COPY(links, src->n_links);
    COPY(figures, src->n_figures);
    COPY(final_figures, src->n_final);
    COPY(log, src->n_log);
    COPY(bag, src->n_bag);
#undef COPY
    for (int i = 0; i < src->rs->n_modules; i++) memcpy(dst->mstate[i], src->mstate[i], src->rs->modules[i].v->state_size);
}

mp_game *mp_game_clone(const mp_game *g) {
    mp_game *c = malloc(g->block_bytes);
    size_t cells = (size_t)g->gw * (size_t)g->gh;
    if (!c) abort();
    copy_block(c, g, g->cap_open);
    c->cells = malloc(cells * sizeof *c->cells);
    c->near = malloc(cells + MP_NEAR_SLACK);
    if (!c->cells || !c->near) abort();
    memcpy(c->cells, g->cells, cells * sizeof *c->cells);
    memcpy(c->near, g->near, cells + MP_NEAR_SLACK);
    c->events = mp_events_copy(g->events);
    return c;
}

/* What a copy keeps of the game dst was: its grid's window and the rows of its tiles. */
typedef struct window { int x0, y0, w, h, min_y, max_y; } window;

/* The grid of src into dst, whose arrays hold the window `had`. A cell differs from the window's
** first fill (all empty; a bounded board's map, the same in every game of a ruleset) only where a
** tile lies, and its count of tiles around (near) only in the 3x3 block of one: so two games with
** the same window differ only in the rows of their tiles and the row on either side, and only
** those rows are copied. A window of another size is reallocated and copied whole. */
static void copy_grid(mp_game *dst, const mp_game *src, const window *had) {
    size_t cells = (size_t)src->gw * (size_t)src->gh;
    if (had->x0 == src->gx0 && had->y0 == src->gy0 && had->w == src->gw && had->h == src->gh) {
        int lo = (src->min_y < had->min_y ? src->min_y : had->min_y) - 1 - src->gy0;
        int hi = (src->max_y > had->max_y ? src->max_y : had->max_y) + 1 - src->gy0;
        if (lo < 0) lo = 0;
        if (hi >= src->gh) hi = src->gh - 1;
        if (lo > hi) return;   /* no tile in either */
        size_t at = (size_t)lo * (size_t)src->gw, n = (size_t)(hi - lo + 1) * (size_t)src->gw;
        memcpy(dst->cells + at, src->cells + at, n * sizeof *dst->cells);
        memcpy(dst->near + at, src->near + at, n);
        return;
    }
    if ((size_t)had->w * (size_t)had->h != cells) {
        free(dst->cells);
        free(dst->near);
        dst->cells = malloc(cells * sizeof *dst->cells);
        dst->near = malloc(cells + MP_NEAR_SLACK);
        if (!dst->cells || !dst->near) abort();
    }
    memcpy(dst->cells, src->cells, cells * sizeof *dst->cells);
    memcpy(dst->near, src->near, cells + MP_NEAR_SLACK);
}

int mp_game_copy(mp_game *dst, const mp_game *src) {
    if (!dst || !src || dst == src) return dst == src ? 0 : 1;
    if (dst->rs != src->rs || dst->n_players != src->n_players || dst->block_bytes != src->block_bytes) return 1;
    /* What dst was: its grid arrays are kept (a search copies one position thousands of times a
    ** decision, and the window rarely grows). */
    window had = { dst->gx0, dst->gy0, dst->gw, dst->gh, dst->min_y, dst->max_y };
    int16_t *cells = dst->cells;
    uint8_t *near = dst->near;
    int open = src->n_open > dst->n_open ? src->n_open : dst->n_open;
    mp_events_free(dst->events);
    copy_block(dst, src, open);
    dst->cells = cells;
    dst->near = near;
    copy_grid(dst, src, &had);
    dst->events = mp_events_copy(src->events);
    return 0;
}

size_t mp_game_state_bytes(const mp_game *g) {
    return g->block_bytes + (size_t)g->gw * (size_t)g->gh * (sizeof *g->cells + sizeof *g->near);
}
