/*
** state.c: where a game's state lives, and its copy.
**
** Everything a game can hold is sized at setup from the ruleset: every tile placed (and the
** board's fixed pieces), every feature of every tile, a bridge-like overlay on each tile when
** modules are on, every field-city link, every open cell there can be (four a tile), every
** follower, every tile drawn, the modules' state. All of it is one block after the mp_game
** header, so play never allocates and a copy is one memcpy (and the grid's two arrays, the only
** part that grows: the window of an unbounded board). Pointers into the block are rebased in a
** copy.
*/
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../variants/variant.h"

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
    g->cap_segs = segs + (rs->n_variants ? g->cap_placed : 0) + 1;   /* an overlay a tile at most */
    g->cap_links = links + 1;
    /* A tile laid at an open cell closes it and opens at most three (it touches a tile); the
    ** start tile and fixed pieces open at most four. The list reads eight past the last. */
    g->cap_open = 2 * tiles + 4 * (rs->n_fixed + 1) + 8;
    g->cap_followers = g->n_players * rs->followers + 1;
    g->cap_log = ts->total + 1;
    size_t n = round_up(sizeof *g);
    n += round_up((size_t)g->cap_open * sizeof *g->open);
    n += round_up((size_t)g->cap_placed * sizeof *g->placed);
    n += round_up((size_t)g->cap_segs * sizeof *g->segs);
    n += round_up((size_t)g->cap_links * sizeof *g->links);
    n += 2 * round_up((size_t)g->cap_followers * sizeof *g->followers);   /* and as final scoring began */
    n += round_up((size_t)g->cap_log * sizeof *g->log);
    n += round_up((size_t)(ts->total + 1) * sizeof *g->bag);
    for (int i = 0; i < rs->n_variants; i++) n += round_up(rs->variants[i].v->state_size ? rs->variants[i].v->state_size : 1);
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
    TAKE(followers, g->cap_followers);
    TAKE(final_followers, g->cap_followers);
    TAKE(log, g->cap_log);
    TAKE(bag, g->ts->total + 1);
#undef TAKE
    for (int i = 0; i < g->rs->n_variants; i++) {
        size_t size = g->rs->variants[i].v->state_size;
        g->vstate[i] = p;
        p += round_up(size ? size : 1);
    }
}

mp_game *mp_state_new(const mp_ruleset *rs, int n_players) {
    mp_game sizing = { .rs = rs, .ts = rs->tiles, .n_players = n_players };
    size_t bytes = plan(&sizing);
    /* Only the header, the open cells (the list reads four past the last) and the modules' state
    ** (they start from zeros) need a value: every other entry is written before it is read. */
    mp_game *g = malloc(bytes);
    if (!g) abort();
    *g = sizing;
    g->open_hint = -1;
    g->n_completed = -1;
    g->block_bytes = bytes;
    carve(g);
    for (int i = 0; i < g->cap_open; i++) g->open[i] = (mp_open){ 0, MP_SIDE_NONE * 0x01010101u };
    for (int i = 0; i < rs->n_variants; i++) memset(g->vstate[i], 0, rs->variants[i].v->state_size);
    return g;
}

void mp_game_free(mp_game *g) {
    if (!g) return;
    free(g->cells);
    free(g->near);
    mp_events_free(g->events);
    free(g);
}

mp_game *mp_game_clone(const mp_game *g) {
    mp_game *c = malloc(g->block_bytes);
    size_t cells = (size_t)g->gw * (size_t)g->gh;
    if (!c) abort();
    memcpy(c, g, g->block_bytes);
    carve(c);
    c->cells = malloc(cells * sizeof *c->cells);
    c->near = malloc(cells + MP_NEAR_SLACK);
    if (!c->cells || !c->near) abort();
    memcpy(c->cells, g->cells, cells * sizeof *c->cells);
    memcpy(c->near, g->near, cells + MP_NEAR_SLACK);
    c->events = mp_events_copy(g->events);
    return c;
}

int mp_game_copy(mp_game *dst, const mp_game *src) {
    if (!dst || !src || dst == src) return dst == src ? 0 : 1;
    if (dst->rs != src->rs || dst->block_bytes != src->block_bytes) return 1;
    /* Keep dst's grid arrays when they are the size src's are: a bot copies the same position
    ** thousands of times, and the window rarely grows. */
    size_t cells = (size_t)src->gw * (size_t)src->gh, had = (size_t)dst->gw * (size_t)dst->gh;
    int16_t *keep_cells = dst->cells;
    uint8_t *keep_near = dst->near;
    mp_events_free(dst->events);
    memcpy(dst, src, src->block_bytes);
    carve(dst);
    if (had != cells) {
        free(keep_cells);
        free(keep_near);
        keep_cells = malloc(cells * sizeof *keep_cells);
        keep_near = malloc(cells + MP_NEAR_SLACK);
        if (!keep_cells || !keep_near) abort();
    }
    dst->cells = keep_cells;
    dst->near = keep_near;
    memcpy(dst->cells, src->cells, cells * sizeof *dst->cells);
    memcpy(dst->near, src->near, cells + MP_NEAR_SLACK);
    dst->events = mp_events_copy(src->events);
    return 0;
}

size_t mp_game_state_bytes(const mp_game *g) {
    return g->block_bytes + (size_t)g->gw * (size_t)g->gh * (sizeof *g->cells + sizeof *g->near);
}
