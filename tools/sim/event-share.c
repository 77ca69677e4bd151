/*
** event-share.c: a scoring event's points shared out among its feature's tiles by the formula of
** the feature's kind (meeple-balance(1), HOW A COPY IS VALUED).
**
** A formula gives a feature per_tile points for each of its tiles and per_icon[i] for each icon i
** on it (c3's completed city: 2 a tile, 2 a pennant), so what one tile adds is per_tile plus its
** own icons' worth: that is its weight, and the event's points go to the tiles in proportion to
** their weights. A fixed part and a multiplier (The Castle's fountain) belong to no one tile;
** sharing the whole total by the weights spreads them as the rest.
**
** Which of a tile's features are the event's feature is read from the finished game: the feature
** ids (mp_game_feature_id) the cells have in common. A feature completed in play no longer grows,
** so its id at the end is the one it had when it scored. Only the public API (meeple.h).
*/
#include <stdbool.h>
#include <string.h>

#include "event-share.h"

enum { ICONS = sizeof ((mp_kind_points *)0)->per_icon / sizeof(int) };

/* Whether the tile at (x, y) has a feature of its own (not a bridge laid over it) with this id. */
static bool holds(const mp_game *g, int x, int y, int id) {
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    int t = mp_game_tile_at(g, x, y, NULL);
    if (t < 0) return false;
    for (int f = 0; f < mp_tileset_tile_n_features(ts, t); f++)
        if (mp_game_feature_id(g, x, y, f) == id) return true;
    return false;
}

/* The id of the event's feature: among the features of its kind on the first cell's tile (a
** cloister's own tile, which comes first), the one whose id the most cells hold, the first of
** them on a tie; -1 when the first cell has none of that kind. */
static int feature_of(const mp_game *g, const mp_score_event *e) {
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    int x = e->cells[0], y = e->cells[1];
    int t = mp_game_tile_at(g, x, y, NULL);
    int best = -1, best_cells = 0;
    for (int f = 0; t >= 0 && f < mp_tileset_tile_n_features(ts, t); f++) {
        if (mp_game_feature_kind(g, x, y, f) != e->kind) continue;
        int id = mp_game_feature_id(g, x, y, f);
        if (id < 0 || id == best) continue;
        int cells = 0;
        for (int c = 0; c < e->n_tiles; c++) cells += holds(g, e->cells[2 * c], e->cells[2 * c + 1], id);
        if (cells > best_cells) best = id, best_cells = cells;
    }
    return best;
}

/* What the tile at (x, y) adds to feature id under formula p: per_tile, and per_icon for each
** icon of its features with that id (a tile may hold two parts of one city). A cell whose tile
** holds no part of it (a cloister's neighbour) adds a tile, no icons. */
static long weight(const mp_game *g, int x, int y, int id, const mp_kind_points *p, int n_icons) {
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    long w = p->per_tile;
    int t = mp_game_tile_at(g, x, y, NULL);
    for (int f = 0; t >= 0 && id >= 0 && f < mp_tileset_tile_n_features(ts, t); f++) {
        mp_feature_def def;
        if (mp_game_feature_id(g, x, y, f) != id || mp_tileset_feature(ts, t, f, &def)) continue;
        for (int i = 0; i < n_icons; i++) w += (long)p->per_icon[i] * def.icons[i];
    }
    return w;
}

void event_share(const mp_game *g, const mp_score_event *e, double *share) {
    int n = e->n_tiles;
    if (n <= 0) return;
    double total = (double)e->points * __builtin_popcount(e->players);
    for (int c = 0; c < n; c++) share[c] = total / n;   /* equally, unless the formula says otherwise */
    if (e->why != MP_WHY_COMPLETED && e->why != MP_WHY_INCOMPLETE) return;
    const mp_ruleset *rs = mp_game_ruleset(g);
    mp_kind_points p;
    if (mp_ruleset_kind_points(rs, e->kind, e->why == MP_WHY_COMPLETED, &p)) return;
    int n_icons = mp_tileset_n_icons(mp_ruleset_tiles(rs));
    if (n_icons > ICONS) n_icons = ICONS;
    int id = feature_of(g, e);
    long sum = 0;
    for (int c = 0; c < n; c++) sum += weight(g, e->cells[2 * c], e->cells[2 * c + 1], id, &p, n_icons);
    if (sum == 0) return;
    for (int c = 0; c < n; c++) share[c] = total * (double)weight(g, e->cells[2 * c], e->cells[2 * c + 1], id, &p, n_icons) / (double)sum;
}
