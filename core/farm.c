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
** Rules: base-game digest, "Farm scoring methods".
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

static void farm_3(mp_game *g, const pair *v, int n) {
    for (int i = 0; i < n;) {
        int32_t farm = v[i].farm;
        int points = 0;
        for (; i < n && v[i].farm == farm; i++) points += g->rs->farm_points[g->segs[v[i].city].kind];
        mp_score_award_why(g, mp_score_majority(g, g->segs[farm].strength), points, g->farm_category, MP_WHY_FARM, farm);
    }
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
        }
    }
    free(scored);
}

static void city_4(mp_game *g, pair *v, int n) {
    qsort(v, (size_t)n, sizeof *v, city_cmp);
    for (int i = 0; i < n;) {
        int32_t city = v[i].city;
        uint8_t supply[MP_MAX_PLAYERS] = { 0 };   /* the strength of the farmers on all farms bordering the city */
        for (; i < n && v[i].city == city; i++)
            for (int p = 0; p < g->n_players; p++) {
                int s = supply[p] + g->segs[v[i].farm].strength[p];
                supply[p] = (uint8_t)(s > 255 ? 255 : s);
            }
        mp_score_award_why(g, mp_score_majority(g, supply), g->rs->farm_points[g->segs[city].kind], g->farm_category,
                           MP_WHY_FARM, city);
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
