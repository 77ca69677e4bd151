/*
** feature.c: features as union-find sets of segments (the features of placed tiles).
**
** Invariant: every feature of every placed tile is one segment, in exactly one set, and the
** set's root holds its totals: ports facing an empty cell (open), icons, the markers its members
** carry, the strength of each player's followers on it, members. Placing a tile creates its segments, then for each port that meets a neighbour closes
** the neighbour's open port and joins the two segments when their kinds are the same. So
** completion ("no open port"), pennants and occupancy are known at once, with no board scan.
** Rules: base-game digest, "Completion"; The Castle digest, "Connected features and completion".
*/
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "yamlx.h"

int32_t mp_seg_find(mp_game *g, int32_t s) {
    while (g->segs[s].parent != s) {
        g->segs[s].parent = g->segs[g->segs[s].parent].parent;   /* path halving */
        s = g->segs[s].parent;
    }
    return s;
}

/* The set bits of a 12-bit port mask (inline: without a popcnt instruction the builtin is a call). */
static inline int popcount12(unsigned v) {
    v = v - (v >> 1 & 0x555u);
    v = (v & 0x333u) + (v >> 2 & 0x333u);
    v = (v + (v >> 4)) & 0x70fu;
    return (int)((v + (v >> 8)) & 0x1fu);
}

/* Adds byte counts eight at a time (no count reaches 256: a carry never crosses bytes; a ruleset's
** pieces add up to at most 255 strength a player, pieces.c). */
static inline void add_bytes8(uint8_t *to, const uint8_t *from) {
    uint64_t a, b;
    memcpy(&a, to, 8);
    memcpy(&b, from, 8);
    a += b;
    memcpy(to, &a, 8);
}
_Static_assert(MP_MAX_ICONS == 8 && MP_MAX_PLAYERS == 8, "icons and strengths are added eight bytes at once");

/* Joins two sets by their roots; returns the new root. */
static int32_t root_union(mp_game *g, int32_t a, int32_t b) {
    if (a == b) return a;
    if (g->segs[a].n_segs < g->segs[b].n_segs) { int32_t t = a; a = b; b = t; }
    mp_seg *ra = &g->segs[a], *rb = &g->segs[b];
    rb->parent = a;
    ra->open += rb->open;
    ra->n_segs += rb->n_segs;
    add_bytes8(ra->icons, rb->icons);
    add_bytes8(ra->strength, rb->strength);
    ra->markers |= rb->markers;
    int32_t na = ra->next;                 /* splice the two circular member lists */
    ra->next = rb->next;
    rb->next = na;
    return a;
}

static void seg_union(mp_game *g, int32_t a, int32_t b) { root_union(g, mp_seg_find(g, a), mp_seg_find(g, b)); }

void mp_feature_prepare(mp_ruleset *rs) {
    const mp_tileset *ts = rs->tiles;
    int segs = 0, links = 0;
    for (int t = 0; t < ts->n_tiles; t++) {
        segs += ts->tiles[t].n_features;
        for (int i = 0; i < ts->tiles[t].n_features; i++) links += __builtin_popcount(ts->tiles[t].f[i].touches);
    }
    rs->seg_template = mp_arena_alloc(rs->arena, (size_t)(segs + 1) * sizeof *rs->seg_template);
    rs->seg_first = mp_arena_alloc(rs->arena, (size_t)(ts->n_tiles + 1) * sizeof *rs->seg_first);
    rs->link = mp_arena_alloc(rs->arena, (size_t)(links + 1) * sizeof *rs->link);
    rs->link_first = mp_arena_alloc(rs->arena, (size_t)(ts->n_tiles + 1) * sizeof *rs->link_first);
    segs = links = 0;
    for (int t = 0; t < ts->n_tiles; t++) {
        const mp_tile *tile = &ts->tiles[t];
        rs->seg_first[t] = segs;
        rs->link_first[t] = links;
        for (int i = 0; i < tile->n_features; i++) {
            mp_seg *s = &rs->seg_template[segs++];
            memset(s, 0, sizeof *s);
            s->feature = (uint8_t)i;
            s->kind = tile->f[i].kind;
            s->n_segs = 1;
            memcpy(s->icons, tile->f[i].icons, sizeof s->icons);
            s->markers = (uint16_t)tile->f[i].markers;
            for (int j = 0; j < tile->n_features; j++)
                if (tile->f[i].touches & (1u << j)) rs->link[links++] = (uint16_t)(i | j << 8);
        }
    }
    rs->seg_first[ts->n_tiles] = segs;
    rs->link_first[ts->n_tiles] = links;
    rs->closed_kinds = rs->deploy_kinds = 0;
    for (int k = 0; k < ts->n_kinds; k++) {
        if (ts->kinds[k].completes == MP_COMPLETE_CLOSED) rs->closed_kinds |= (uint16_t)(1u << k);
        if (ts->kinds[k].follower[0] && (k != rs->farm_kind || rs->farms)) rs->deploy_kinds |= (uint16_t)(1u << k);
    }
    for (int p = 0; p < rs->n_pieces; p++) rs->pieces[p].on &= rs->deploy_kinds;   /* a role, farmers on */
}

/* Adds a tile's features to the board. Its segments start from the tile's templates; then ports
** facing an empty cell stay open (counted for each feature, the port that belongs to none in a
** spare slot, so that no branch depends on the board), and each port meeting a tile closes the
** neighbour's port and joins same-kind segments. Whether this completed something is noted for
** scoring (maybe_completed): a feature of a closed kind with no port left open, or a cloister's
** block filled. */
int mp_feature_add_tile(mp_game *g, int tile, int x, int y, int rot, bool fixed) {
    const mp_ruleset *rs = g->rs;
    const mp_tile *t = &g->ts->tiles[tile];
    int nf = t->n_features, nl = rs->link_first[tile + 1] - rs->link_first[tile];
    if (g->n_placed == g->cap_placed || g->n_segs + nf > g->cap_segs || g->n_links + nl > g->cap_links)
        return -1;   /* never: sized for every tile (state.c) */
    int idx = g->n_placed++;
    int32_t seg0 = g->n_segs;
    g->placed[idx] = (mp_placed){ .x = (int16_t)x, .y = (int16_t)y, .tile = (int16_t)tile,
                                  .rot = (uint8_t)rot, .fixed = fixed, .seg0 = seg0,
                                  .overlay = -1 };
    mp_grid_set(g, x, y, idx);
    if (x < g->min_x) g->min_x = x;     /* fixed pieces too: tiles are laid against them */
    if (y < g->min_y) g->min_y = y;
    if (x > g->max_x) g->max_x = x;
    if (y > g->max_y) g->max_y = y;
    mp_seg *segs = g->segs;
    const mp_seg *template = &rs->seg_template[rs->seg_first[tile]];
    for (int i = 0; i < nf; i++) {   /* a segment at a time: a copy of known size, no call */
        segs[seg0 + i] = template[i];
        segs[seg0 + i].parent = segs[seg0 + i].next = seg0 + i;
        segs[seg0 + i].placed = (int16_t)idx;
    }
    g->n_segs += nf;
    for (const uint16_t *l = &rs->link[rs->link_first[tile]], *end = l + nl; l < end; l++)
        g->links[g->n_links++] = (mp_link){ seg0 + (*l & 0xff), seg0 + (*l >> 8) };

    const int8_t *port_feature = t->port_feature[rot];
    int32_t nb[4];
    mp_grid_around(g, x, y, nb);
    unsigned empty = 0;                             /* the ports facing an empty cell */
    for (int side = 0; side < 4; side++) empty |= (nb[side] == -1 ? 7u : 0u) << (3 * side);
    for (int i = 0; i < nf; i++) {                  /* the tile's ports, turned: p moves to p + 3 rot */
        unsigned ports = t->f[i].ports;
        ports = (ports << (3 * rot) | ports >> (MP_PORTS - 3 * rot)) & 0xfff;
        segs[seg0 + i].open = (int16_t)popcount12(ports & empty);
    }
    unsigned closed = 0;                            /* bit k: a feature of kind k closed */
    for (int side = 0; side < 4; side++) {
        if (nb[side] < 0) continue;                 /* empty, or the wall (which closes the port) */
        const mp_placed *q = &g->placed[nb[side]];
        for (int k = 0; k < 3; k++) {
            int p = 3 * side + k;
            int32_t oseg = mp_placed_port_seg(g, q, MP_PORT_OPPOSITE(p));
            if (oseg < 0) continue;
            int32_t r = mp_seg_find(g, oseg);
            closed |= (unsigned)(--segs[r].open == 0) << segs[r].kind;   /* its port faced our cell */
            int f = port_feature[p];
            if (f >= 0 && segs[oseg].kind == segs[seg0 + f].kind) root_union(g, mp_seg_find(g, seg0 + f), r);
        }
    }
    for (int i = 0; i < nf; i++) {
        const mp_seg *root = &segs[mp_seg_find(g, seg0 + i)];
        closed |= (unsigned)(root->open == 0) << root->kind;
    }
    bool surrounded = rs->surrounded_tiles[tile >> 3] >> (tile & 7) & 1;
    g->maybe_completed = (uint8_t)((mp_grid_count_near(g, x, y, surrounded) ? MP_FILLED_BLOCK : 0) |
                                   ((closed & rs->closed_kinds) ? MP_CLOSED_ONE : 0));
    g->n_completed = -1;
    mp_place_open_tile(g, idx, nb);
    return idx;
}

int32_t mp_feature_add_overlay(mp_game *g, int placed, int kind, uint16_t ports) {
    if (g->placed[placed].overlay >= 0 || g->n_segs == g->cap_segs) return -1;
    mp_placed *pl = &g->placed[placed];
    int32_t seg = g->n_segs++;
    mp_seg *s = &g->segs[seg];
    memset(s, 0, sizeof *s);
    s->parent = s->next = seg;
    s->placed = (int16_t)placed;
    s->feature = (uint8_t)g->ts->tiles[pl->tile].n_features;
    s->kind = (uint8_t)kind;
    s->n_segs = 1;
    pl->overlay = seg;
    g->maybe_completed |= MP_CLOSED_ONE;   /* its joins may close a road */
    g->n_completed = -1;
    pl->overlay_ports = ports;
    for (int p = 0; p < MP_PORTS; p++) {
        if (!(ports >> p & 1)) continue;
        int nx, ny;
        mp_grid_neighbour(pl->x, pl->y, MP_PORT_SIDE(p), &nx, &ny);
        int32_t v = mp_grid_get(g, nx, ny);
        if (v == -1) { g->segs[mp_seg_find(g, seg)].open++; continue; }
        if (v < 0) continue;
        /* The neighbour's port was closed when the two tiles met; only the join is new. */
        int32_t oseg = mp_placed_port_seg(g, &g->placed[v], MP_PORT_OPPOSITE(p));
        if (oseg >= 0 && g->segs[oseg].kind == kind) seg_union(g, seg, oseg);
    }
    mp_place_open_overlay(g, placed);
    return seg;
}

int mp_feature_tiles(const mp_game *g, int32_t root) {
    /* Distinct tiles among the members: a tile holding two segments of one feature counts once. */
    int n = 0;
    int32_t s = root;
    do {
        int32_t p = g->segs[s].placed;
        bool seen = false;
        for (int32_t u = root; u != s; u = g->segs[u].next)
            if (g->segs[u].placed == p) { seen = true; break; }
        n += !seen;
        s = g->segs[s].next;
    } while (s != root);
    return n;
}

int mp_feature_surround(const mp_game *g, int32_t seg) {
    const mp_placed *p = &g->placed[g->segs[seg].placed];
    return mp_grid_near(g, p->x, p->y);
}

int mp_feature_surround_count(const mp_game *g, int placed) {
    const mp_placed *p = &g->placed[placed];
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            n += mp_grid_get(g, p->x + dx, p->y + dy) >= 0;
    return n;
}
