/*
** farm.c: final scoring of farms by the ruleset's method (one function each).
**
** A farm is a feature of the ruleset's farm kind (fields) with farmers on it; it borders the
** completed features its segments' `touches:` links name (cities; castles with Bridges, Castles
** and Bazaars). The links are recorded as tiles are placed, so scoring reads them once, as
** (farm, bordered feature) pairs, without looking at the board.
**   city-4       (2000): each completed city once: the majority of the farmers on all farms
**                bordering it scores its farm points (4).
**   farm-3-once  (2001): each farm: its majority scores farm points (3) per completed city it
**                borders, but a player scores a given city only once in the whole game.
**   farm-3       (current): each farm scores for itself; a city bordering two farms scores twice.
** `farms: with:` (Traders & Builders' pig): a majority holder whose piece of such a kind stands in
** the farm scores at that piece's rates instead. The difference is its own event, labelled with
** the piece's name, after the farm's: under farm-3 for that farm; under farm-3-once for a city when
** any farm he wins around it holds his piece; under city-4 for a city he wins when one of the farms
** bordering it holds his piece. meeple-ruleset(5), FARMS.
*/
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct pair { int32_t farm, city; } pair;

static int pair_cmp(const void *a, const void *b) {
    const pair *x = a, *y = b;
    if (x->farm != y->farm) return x->farm < y->farm ? -1 : 1;
    return (x->city > y->city) - (x->city < y->city);
}

static int city_cmp(const void *a, const void *b) {
    const pair *x = a, *y = b;
    if (x->city != y->city) return x->city < y->city ? -1 : 1;
    return (x->farm > y->farm) - (x->farm < y->farm);
}

static bool has_farmers(const mp_seg *r, int n_players) {
    for (int p = 0; p < n_players; p++)
        if (r->strength[p]) return true;
    return false;
}

/* Distinct (occupied farm, completed bordered feature worth points) pairs, sorted by farm. */
static int collect_pairs(mp_game *g, pair **out) {
    const mp_ruleset *rs = g->rs;
    pair *v = malloc((size_t)(g->n_links + 1) * sizeof *v);
    if (!v) abort();
    int n = 0;
    for (int i = 0; i < g->n_links; i++) {
        int32_t farm = mp_seg_find(g, g->links[i].field), city = mp_seg_find(g, g->links[i].city);
        const mp_seg *f = &g->segs[farm], *c = &g->segs[city];
        if (f->kind != rs->farm_kind || !c->complete || !rs->farm_points[c->kind]) continue;
        if (!has_farmers(f, g->n_players)) continue;
        v[n++] = (pair){ farm, city };
    }
    qsort(v, (size_t)n, sizeof *v, pair_cmp);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!m || pair_cmp(&v[m - 1], &v[i]) != 0) v[m++] = v[i];
    *out = v;
    return m;
}

/* The `farms: with:` entry whose piece player p has standing in the farm (a root), -1 none. */
static int with_entry(mp_game *g, int32_t farm, int p) {
    for (int w = 0; w < g->rs->n_farm_with; w++)
        for (int i = 0; i < g->n_figures; i++) {
            const mp_figure *f = &g->figures[i];
            if (f->player == p && f->piece == g->rs->farm_with[w].piece && mp_seg_find(g, f->seg) == farm) return w;
        }
    return -1;
}

/* What entry w's rates add to the farm points of a bordered feature. */
static int extra(const mp_game *g, int w, int32_t city) {
    int k = g->segs[city].kind;
    return g->rs->farm_with[w].points[k] - g->rs->farm_points[k];
}

static void award_extra(mp_game *g, int p, int w, int points, int32_t root) {
    if (points)
        mp_score_award_labelled(g, 1u << p, points, g->farm_category, MP_WHY_FARM, root,
                                g->rs->pieces[g->rs->farm_with[w].piece].name);
}

static void farm_3(mp_game *g, const pair *v, int n) {
    for (int i = 0; i < n;) {
        int32_t farm = v[i].farm;
        int points = 0, first = i;
        for (; i < n && v[i].farm == farm; i++) points += g->rs->farm_points[g->segs[v[i].city].kind];
        unsigned who = mp_score_majority(g, g->segs[farm].strength);
        mp_score_award_why(g, who, points, g->farm_category, MP_WHY_FARM, farm);
        for (int p = 0; g->rs->n_farm_with && p < g->n_players; p++) {
            int w = (who >> p & 1) ? with_entry(g, farm, p) : -1;
            if (w < 0) continue;
            int more = 0;
            for (int j = first; j < i; j++) more += extra(g, w, v[j].city);
            award_extra(g, p, w, more, farm);
        }
    }
}

/* farm-3-once: the entry whose rates player p scores a city at: that of the first farm around
** it that he wins and that holds a piece of such a kind, -1 none. */
static int city_entry(mp_game *g, const pair *v, int n, int32_t city, int p) {
    for (int i = 0; i < n; i++) {
        if (v[i].city != city || !(mp_score_majority(g, g->segs[v[i].farm].strength) >> p & 1)) continue;
        int w = with_entry(g, v[i].farm, p);
        if (w >= 0) return w;
    }
    return -1;
}

static void farm_3_once(mp_game *g, const pair *v, int n) {
    /* scored[p * n_segs + city]: player p has already scored that city. */
    uint8_t *scored = calloc((size_t)g->n_players * (size_t)g->n_segs + 1, 1);
    if (!scored) abort();
    for (int i = 0; i < n; i++) {
        unsigned who = mp_score_majority(g, g->segs[v[i].farm].strength);
        for (int p = 0; p < g->n_players; p++) {
            uint8_t *seen = &scored[(size_t)p * (size_t)g->n_segs + (size_t)v[i].city];
            if (!(who & (1u << p)) || *seen) continue;
            *seen = 1;
            mp_score_award_why(g, 1u << p, g->rs->farm_points[g->segs[v[i].city].kind], g->farm_category, MP_WHY_FARM,
                               v[i].farm);
            int w = g->rs->n_farm_with ? city_entry(g, v, n, v[i].city, p) : -1;
            if (w >= 0) award_extra(g, p, w, extra(g, w, v[i].city), v[i].farm);
        }
    }
    free(scored);
}

static void city_4(mp_game *g, pair *v, int n) {
    qsort(v, (size_t)n, sizeof *v, city_cmp);
    for (int i = 0; i < n;) {
        int32_t city = v[i].city;
        int first = i;
        uint8_t supply[MP_MAX_PLAYERS] = { 0 };   /* the strength of the farmers on all farms bordering the city */
        for (; i < n && v[i].city == city; i++)
            for (int p = 0; p < g->n_players; p++) {
                int s = supply[p] + g->segs[v[i].farm].strength[p];
                supply[p] = (uint8_t)(s > 255 ? 255 : s);
            }
        unsigned who = mp_score_majority(g, supply);
        mp_score_award_why(g, who, g->rs->farm_points[g->segs[city].kind], g->farm_category, MP_WHY_FARM, city);
        for (int p = 0; g->rs->n_farm_with && p < g->n_players; p++) {
            int w = -1;
            for (int j = first; j < i && w < 0 && (who >> p & 1); j++) w = with_entry(g, v[j].farm, p);
            if (w >= 0) award_extra(g, p, w, extra(g, w, city), city);
        }
    }
}

void mp_farm_score(mp_game *g) {
    pair *v;
    int n = collect_pairs(g, &v);
    switch (g->rs->farm_method) {
    case MP_FARM_CITY4: city_4(g, v, n); break;
    case MP_FARM_3_ONCE: farm_3_once(g, v, n); break;
    default: farm_3(g, v, n); break;
    }
    free(v);
}

/* Whether a link's field lies in the farm and its bordered feature gives farm points now; the
** bordered feature's root in *city. */
static bool scores_for(const mp_game *g, const mp_link *l, int32_t farm, int32_t *city) {
    *city = mp_seg_root(g, l->city);
    const mp_seg *c = &g->segs[*city];
    return mp_seg_root(g, l->field) == farm && mp_score_complete_now(g, *city) && g->rs->farm_points[c->kind];
}

int mp_game_farm_points(const mp_game *g, int x, int y, int feature, int *points) {
    int32_t v = mp_grid_get(g, x, y);
    int32_t s = v < 0 ? -1 : mp_placed_feature_seg(g, &g->placed[v], feature);
    if (s < 0 || !g->rs->farms) return 1;
    int32_t farm = mp_seg_root(g, s);
    if (g->segs[farm].kind != g->rs->farm_kind) return 1;
    int sum = 0;
    for (int i = 0; i < g->n_links; i++) {
        int32_t city, other;
        if (!scores_for(g, &g->links[i], farm, &city)) continue;
        bool again = false;   /* the same feature through an earlier link (a display query: no memory taken) */
        for (int j = 0; j < i && !again; j++) again = scores_for(g, &g->links[j], farm, &other) && other == city;
        if (!again) sum += g->rs->farm_points[g->segs[city].kind];
    }
    if (points) *points = sum;
    return 0;
}
