/*
** events.c: the scoring log, every time points were given, in order.
**
** Points reach players only through mp_score_award_why (score.c), which logs them here: a
** feature completed in play, one incomplete at the end, a farm, or a module's rule (a castle's
** fief, a bazaar's price, The Castle's keep and wall tiles). Each event keeps who was paid, how
** much, the category, the feature's kind and its tiles, so that a score can be explained event by
** event (`meeple replay --events`) and compared between rulesets (`meeple compare`).
**
** The log lives outside the game's state block and is kept only when asked for
** (mp_game_options.log_events, and every replayed record): play, bots and benchmarks neither fill
** nor copy it.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct mp_event_rec {
    mp_score_event e;             /* cells and figures left NULL: filled in from `first` when read */
    int first;                    /* its cells: cells[2 * first ...] */
    int first_figure;             /* its figures: figures[first_figure ...] */
} mp_event_rec;

struct mp_events {
    bool final;                   /* the final scoring has begun */
    int n, cap;
    mp_event_rec *ev;
    int n_cells, cap_cells;       /* cells, counted in tiles (two numbers each) */
    int16_t *cells;
    int n_figures, cap_figures;
    mp_figure_info *figures;
};

static void *grow(void *p, int *cap, int need, size_t size) {
    if (need <= *cap) return p;
    int c = *cap ? *cap : 16;
    while (c < need) c *= 2;
    p = realloc(p, (size_t)c * size);
    if (!p) abort();
    *cap = c;
    return p;
}

struct mp_events *mp_events_new(void) {
    struct mp_events *e = calloc(1, sizeof *e);
    if (!e) abort();
    return e;
}

void mp_events_free(struct mp_events *e) {
    if (!e) return;
    free(e->ev);
    free(e->cells);
    free(e->figures);
    free(e);
}

struct mp_events *mp_events_copy(const struct mp_events *e) {
    if (!e) return NULL;
    struct mp_events *c = mp_events_new();
    c->final = e->final;
    c->ev = grow(NULL, &c->cap, e->n, sizeof *c->ev);
    c->cells = grow(NULL, &c->cap_cells, e->n_cells, 2 * sizeof *c->cells);
    /* An empty log has no arrays yet: memcpy must not be given NULL, even for 0 bytes. */
    if (e->n) memcpy(c->ev, e->ev, (size_t)e->n * sizeof *c->ev);
    if (e->n_cells) memcpy(c->cells, e->cells, (size_t)e->n_cells * 2 * sizeof *c->cells);
    c->figures = grow(NULL, &c->cap_figures, e->n_figures, sizeof *c->figures);
    if (e->n_figures) memcpy(c->figures, e->figures, (size_t)e->n_figures * sizeof *c->figures);
    c->n = e->n;
    c->n_cells = e->n_cells;
    c->n_figures = e->n_figures;
    return c;
}

void mp_events_final(mp_game *g) {
    if (g->events) g->events->final = true;
}

static void add_cell(struct mp_events *e, const mp_placed *p) {
    e->cells = grow(e->cells, &e->cap_cells, e->n_cells + 1, 2 * sizeof *e->cells);
    e->cells[2 * e->n_cells] = p->x;
    e->cells[2 * e->n_cells + 1] = p->y;
    e->n_cells++;
}

static int by_placed(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* The tiles of the feature at root, in the order they were placed, each once; a surrounded kind
** (a cloister) its own tile, then the others of its 3x3 block. Returns how many were added. */
static int add_tiles(mp_game *g, struct mp_events *e, int32_t root) {
    const mp_seg *r = &g->segs[root];
    if (g->ts->kinds[r->kind].completes == MP_COMPLETE_SURROUNDED) {
        const mp_placed *own = &g->placed[r->placed];
        add_cell(e, own);
        int n = 1;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int32_t v = mp_grid_get(g, own->x + dx, own->y + dy);
                if (v >= 0 && v != r->placed) { add_cell(e, &g->placed[v]); n++; }
            }
        return n;
    }
    int members = r->n_segs > 0 ? r->n_segs : 1, n = 0;
    int32_t *tiles = malloc((size_t)members * sizeof *tiles);
    if (!tiles) abort();
    int32_t s = root;
    do {
        if (n < members) tiles[n++] = g->segs[s].placed;
        s = g->segs[s].next;
    } while (s != root);
    qsort(tiles, (size_t)n, sizeof *tiles, by_placed);
    int added = 0;
    for (int i = 0; i < n; i++)
        if (!i || tiles[i] != tiles[i - 1]) { add_cell(e, &g->placed[tiles[i]]); added++; }
    free(tiles);
    return added;
}

/* The pieces standing on the feature at root, in deployment order; returns how many were added. */
static int add_figures(mp_game *g, struct mp_events *e, int32_t root) {
    int added = 0;
    for (int i = 0; i < g->n_figures; i++) {
        const mp_figure *f = &g->figures[i];
        if (mp_seg_root(g, f->seg) != root) continue;
        e->figures = grow(e->figures, &e->cap_figures, e->n_figures + 1, sizeof *e->figures);
        e->figures[e->n_figures++] = (mp_figure_info){ f->player, f->piece, g->segs[f->seg].feature };
        added++;
    }
    return added;
}

static int placed_in_play(const mp_game *g) {
    int fixed = g->rs->n_fixed + (g->ts->start_tile >= 0);
    return g->n_placed > fixed ? g->n_placed - fixed : 0;
}

void mp_events_add(mp_game *g, unsigned players, int points, int category, int why, int32_t root,
                   const char *label) {
    struct mp_events *e = g->events;
    if (!e || !players || (!points && root < 0)) return;   /* a feature scored for 0 is an event */
    e->ev = grow(e->ev, &e->cap, e->n + 1, sizeof *e->ev);
    mp_event_rec *rec = &e->ev[e->n++];
    memset(rec, 0, sizeof *rec);
    rec->e.turn = placed_in_play(g);
    rec->e.final = e->final;
    rec->e.players = players;
    rec->e.points = points;
    rec->e.category = category;
    rec->e.why = why;
    rec->e.kind = root >= 0 ? g->segs[root].kind : category < g->ts->n_kinds ? category : -1;
    snprintf(rec->e.label, sizeof rec->e.label, "%s", label ? label : "");
    rec->first = e->n_cells;
    rec->e.n_tiles = root >= 0 ? add_tiles(g, e, root) : 0;
    rec->first_figure = e->n_figures;
    rec->e.n_figures = root >= 0 ? add_figures(g, e, root) : 0;
}

int mp_game_n_events(const mp_game *g) { return g->events ? g->events->n : 0; }

int mp_game_event(const mp_game *g, int i, mp_score_event *out) {
    if (!g->events || i < 0 || i >= g->events->n) return -1;
    const mp_event_rec *rec = &g->events->ev[i];
    *out = rec->e;
    out->cells = rec->e.n_tiles ? &g->events->cells[2 * rec->first] : NULL;
    out->figures = rec->e.n_figures ? &g->events->figures[rec->first_figure] : NULL;
    return 0;
}

const char *mp_event_why_name(int why) {
    static const char *const names[] = { "completed", "incomplete", "farm", "module" };
    return why >= 0 && why <= MP_WHY_MODULE ? names[why] : "?";
}
