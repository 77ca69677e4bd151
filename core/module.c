/*
** module.c: what a module may ask of the kernel and do to a game (module.h). What the modules
** declare, asked by everyone else (facts, decisions), is core/module-data.c.
**
** Each function is a thin, checked door onto the kernel's structures (internal.h), so that a
** change of the state layout stops here and never reaches a module.
*/
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "yamlx.h"

static const mp_game *G(const mp_module_view *v) { return v->game; }

/* ------------------------------------------------------------------ options */

mp_ytype mp_y_type(const mp_ynode *n) { return n->type; }
int mp_y_count(const mp_ynode *n) { return n->type == MP_Y_SCALAR ? 0 : n->n; }
mp_ynode *mp_y_item(const mp_ynode *seq, int i) {
    return seq->type == MP_Y_SEQ && i >= 0 && i < seq->n ? seq->items[i] : NULL;
}
mp_ynode *mp_y_map_key(const mp_ynode *map, int i) {
    return map->type == MP_Y_MAP && i >= 0 && i < map->n ? map->items[2 * i] : NULL;
}
mp_ynode *mp_y_map_value(const mp_ynode *map, int i) {
    return map->type == MP_Y_MAP && i >= 0 && i < map->n ? map->items[2 * i + 1] : NULL;
}
const char *mp_y_text(const mp_ynode *n) { return n->type == MP_Y_SCALAR && n->value ? n->value : ""; }

/* ------------------------------------------------------------------ the game, read */

const mp_ruleset *mp_mod_ruleset(const mp_module_view *c) { return G(c)->rs; }
const mp_tileset *mp_mod_tiles(const mp_module_view *c) { return G(c)->ts; }
const char *mp_mod_ruleset_path(const mp_module_view *c) { return G(c)->rs->path; }
int mp_mod_players(const mp_module_view *c) { return G(c)->n_players; }
mp_phase mp_mod_phase(const mp_module_view *c) { return G(c)->phase; }
int mp_mod_player(const mp_module_view *c) { return G(c)->player; }
int mp_mod_turn_player(const mp_module_view *c) { return G(c)->turn_player; }
int mp_mod_turns(const mp_module_view *c) { return G(c)->turns; }
int mp_mod_score(const mp_module_view *c, int player) {
    return player >= 0 && player < G(c)->n_players ? G(c)->score[player] : 0;
}
int mp_mod_forced_tile(const mp_module_view *c) { return G(c)->forced; }
int mp_mod_hand(const mp_module_view *c, int player, int *tiles, int cap) {
    const mp_game *g = G(c);
    if (player < 0 || player >= g->n_players) return 0;
    for (int i = 0; i < g->hand_n[player] && i < cap; i++) tiles[i] = g->hand[player][i];
    return g->hand_n[player];
}
bool mp_mod_from_bag(const mp_module_view *c) { return G(c)->from_bag; }
int mp_mod_tiles_left(const mp_module_view *c) { return G(c)->n_bag - G(c)->bag_pos; }
int mp_mod_kind(const mp_module_view *c, const char *name) { return mp_tileset_kind(G(c)->ts, name); }
int mp_mod_icon(const mp_module_view *c, const char *name) { return mp_tileset_icon(G(c)->ts, name); }
int mp_mod_marker(const mp_module_view *c, const char *name) { return mp_tileset_marker(G(c)->ts, name); }
int mp_mod_kind_completes(const mp_module_view *c, int kind) {
    const mp_tileset *ts = G(c)->ts;
    if (kind < 0 || kind >= ts->n_kinds) return MP_MOD_NEVER;
    switch (ts->kinds[kind].completes) {
    case MP_COMPLETE_CLOSED: return MP_MOD_CLOSED;
    case MP_COMPLETE_SURROUNDED: return MP_MOD_SURROUNDED;
    default: return MP_MOD_NEVER;
    }
}
static const mp_tile_feature *tile_feature(const mp_module_view *c, int tile, int f) {
    const mp_tileset *ts = G(c)->ts;
    if (tile < 0 || tile >= ts->n_tiles || f < 0 || f >= ts->tiles[tile].n_features) return NULL;
    return &ts->tiles[tile].f[f];
}
uint16_t mp_mod_tile_feature_ports(const mp_module_view *c, int tile, int f) {
    const mp_tile_feature *tf = tile_feature(c, tile, f);
    return tf ? tf->ports : 0;
}
int mp_mod_tile_feature_shape(const mp_module_view *c, int tile, int f) {
    const mp_tile_feature *tf = tile_feature(c, tile, f);
    return tf ? tf->shape : 0;
}
int mp_mod_tile_port_kind(const mp_module_view *c, int tile, int rot, int port) {
    const mp_tileset *ts = G(c)->ts;
    if (tile < 0 || tile >= ts->n_tiles || port < 0 || port >= MP_PORTS) return 0;
    return ts->tiles[tile].port_kind[rot & 3][port];
}

/* ------------------------------------------------------------------ the board */

int mp_mod_cell(const mp_module_view *c, int x, int y) { return mp_grid_get(G(c), x, y); }
void mp_mod_cells(const mp_module_view *c, int x0, int y0, int w, int h, int *out) {
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) out[y * w + x] = mp_grid_get(G(c), x0 + x, y0 + y);
}
int mp_mod_last_placed(const mp_module_view *c) { return G(c)->last_placed; }
int mp_mod_n_placed(const mp_module_view *c) { return G(c)->n_placed; }
void mp_mod_placed(const mp_module_view *c, int placed, int *x, int *y, int *tile, int *rot) {
    const mp_placed *p = &G(c)->placed[placed];
    if (x) *x = p->x;
    if (y) *y = p->y;
    if (tile) *tile = p->tile;
    if (rot) *rot = p->rot;
}
bool mp_mod_placed_fixed(const mp_module_view *c, int placed) { return G(c)->placed[placed].fixed; }
int mp_mod_placed_features(const mp_module_view *c, int placed) {
    return mp_placed_n_features(G(c), &G(c)->placed[placed]);
}
int mp_mod_port_kind(const mp_module_view *c, int placed, int port) {
    return mp_placed_port_kind(G(c), &G(c)->placed[placed], port);
}

/* ------------------------------------------------------------------ features */

mp_feature mp_mod_feature_of(const mp_module_view *c, int placed, int feature) {
    const mp_game *g = G(c);
    if (placed < 0 || placed >= g->n_placed) return -1;
    int32_t s = mp_placed_feature_seg(g, &g->placed[placed], feature);
    return s < 0 ? -1 : mp_seg_root(g, s);
}
static const mp_seg *root_of(const mp_module_view *c, mp_feature f) { return &G(c)->segs[mp_seg_root(G(c), f)]; }
void mp_mod_feature_state(const mp_module_view *c, mp_feature f, mp_feature_state *out) {
    const mp_game *g = G(c);
    int32_t root = mp_seg_root(g, f);
    const mp_seg *r = &g->segs[root];
    *out = (mp_feature_state){ .canonical = root, .kind = r->kind, .open = r->open, .parts = r->n_segs,
                               .complete = r->complete, .scored = r->scored, .first_follower = -1 };
    for (int p = 0; p < g->n_players; p++)
        if (r->strength[p]) { out->first_follower = p; break; }
}
int mp_mod_feature_kind(const mp_module_view *c, mp_feature f) { return root_of(c, f)->kind; }
bool mp_mod_feature_complete(const mp_module_view *c, mp_feature f) { return root_of(c, f)->complete; }
int mp_mod_feature_strength(const mp_module_view *c, mp_feature f, int player) {
    return player >= 0 && player < G(c)->n_players ? root_of(c, f)->strength[player] : 0;
}
int mp_mod_feature_icons(const mp_module_view *c, mp_feature f, int icon) {
    return icon >= 0 && icon < MP_MAX_ICONS ? root_of(c, f)->icons[icon] : 0;
}
int mp_mod_feature_tiles(const mp_module_view *c, mp_feature f) { return mp_feature_tiles(G(c), mp_seg_root(G(c), f)); }
int mp_mod_feature_parts(const mp_module_view *c, mp_feature f, mp_part *out, int cap) {
    const mp_game *g = G(c);
    int32_t root = mp_seg_root(g, f), x = root;
    int n = 0;
    do {
        const mp_seg *s = &g->segs[x];
        if (n < cap) {
            const mp_placed *p = &g->placed[s->placed];
            out[n] = (mp_part){ .placed = s->placed, .feature = s->feature, .x = p->x, .y = p->y, .tile = p->tile,
                                .rot = p->rot, .overlay = mp_seg_is_overlay(g, x) };
        }
        n++;
        x = s->next;
    } while (x != root);
    return n;
}
int mp_mod_feature_points(const mp_module_view *c, mp_feature f, bool complete) {
    return mp_score_points(G(c), mp_seg_root(G(c), f), complete);
}
unsigned mp_mod_feature_majority(const mp_module_view *c, mp_feature f) {
    return mp_score_majority(G(c), root_of(c, f)->strength);
}
int mp_mod_completed(mp_module_ctx *c, mp_feature *out, int cap) { return mp_score_list_completed(c->game, out, cap); }
static mp_mod_figure figure_at(const mp_game *g, int i) {
    const mp_figure *f = &g->figures[i];
    const mp_seg *s = &g->segs[f->seg];
    const mp_placed *p = &g->placed[s->placed];
    return (mp_mod_figure){ .player = f->player, .piece = f->piece, .feature = mp_seg_root(g, f->seg), .index = i,
                            .part = { .placed = s->placed, .feature = s->feature, .x = p->x, .y = p->y,
                                      .tile = p->tile, .rot = p->rot, .overlay = mp_seg_is_overlay(g, f->seg) } };
}

int mp_mod_figures(const mp_module_view *c, mp_mod_figure *out, int cap) {
    const mp_game *g = G(c);
    for (int i = 0; i < g->n_figures && i < cap; i++) out[i] = figure_at(g, i);
    return g->n_figures;
}

int mp_mod_figures_of(const mp_module_view *c, int piece, mp_mod_figure *out, int cap) {
    const mp_game *g = G(c);
    int n = 0;
    for (int i = 0; i < g->n_figures; i++)
        if (g->figures[i].piece == piece && n++ < cap) out[n - 1] = figure_at(g, i);
    return n;
}

/* ------------------------------------------------------------------ placement */

/* What the tiles around x,y show it (their[side][k] faces port 3*side+k), with overlays laid on
** them as asked; returns the sides that touch a tile. */
static unsigned facing(const mp_module_view *c, int x, int y, const mp_overlay *o, int n, uint8_t their[4][3]) {
    const mp_game *g = G(c);
    memset(their, 0, 12);
    unsigned touch = mp_place_facing(g, x, y, their);
    for (int i = 0; i < n; i++) {
        if (o[i].placed == MP_OVERLAY_NEW) continue;
        const mp_placed *p = &g->placed[o[i].placed];
        int dx = p->x - x, dy = p->y - y, side;
        if (dx == 0 && (dy == 1 || dy == -1)) side = dy < 0 ? MP_N : MP_S;
        else if (dy == 0 && (dx == 1 || dx == -1)) side = dx > 0 ? MP_E : MP_W;
        else continue;   /* not a neighbour: nothing it shows x,y changes */
        for (int k = 0; k < 3; k++)
            if (o[i].ports >> MP_PORT_OPPOSITE(3 * side + k) & 1) their[side][k] = (uint8_t)(1 + o[i].kind);
    }
    return touch;
}

static bool meets(const mp_game *g, int a, int b) {
    uint16_t match = g->rs->match_kinds;
    return a == b || !((a && (match >> (a - 1) & 1)) || (b && (match >> (b - 1) & 1)));
}

uint16_t mp_place_mismatch(const mp_game *g, int tile, int x, int y, int rot, unsigned *touching) {
    uint8_t their[4][3];
    mp_module_view v = { .game = g };
    unsigned touch = facing(&v, x, y, NULL, 0, their);
    if (touching) *touching = touch;
    const uint8_t *kinds = g->ts->tiles[tile].port_kind[rot & 3];
    uint16_t bad = 0;
    for (int side = 0; side < 4; side++)
        for (int k = 0; touch >> side & 1 && k < 3; k++)
            if (!meets(g, kinds[3 * side + k], their[side][k])) bad |= (uint16_t)(1u << (3 * side + k));
    return bad;
}

bool mp_mod_fits_with_overlays(const mp_module_view *c, const mp_action *place, const mp_overlay *o, int n) {
    const mp_game *g = G(c);
    if (place->tile < 0 || place->tile >= g->ts->n_tiles || mp_grid_get(g, place->x, place->y) != -1) return false;
    uint8_t kinds[MP_PORTS], their[4][3];
    memcpy(kinds, g->ts->tiles[place->tile].port_kind[place->rot & 3], sizeof kinds);
    for (int i = 0; i < n; i++) {
        if (o[i].placed != MP_OVERLAY_NEW && (o[i].placed < 0 || o[i].placed >= g->n_placed)) return false;
        for (unsigned ports = o[i].ports & 0xfff; ports; ports &= ports - 1) {
            int p = __builtin_ctz(ports);
            if (o[i].placed == MP_OVERLAY_NEW) {
                if (kinds[p]) return false;                  /* the port is not free */
                kinds[p] = (uint8_t)(1 + o[i].kind);
            } else if (g->placed[o[i].placed].overlay >= 0 || mp_placed_port_kind(g, &g->placed[o[i].placed], p)) {
                return false;
            }
        }
    }
    unsigned touch = facing(c, place->x, place->y, o, n, their);
    if (!mp_place_fits_facing(g, kinds, touch, (const uint8_t(*)[3])their)) return false;
    /* The modules' own rules of placement hold for it too (a bridge never lets a river tile
    ** leave the river: bigbox). */
    mp_action plain = { .kind = MP_ACT_PLACE, .tile = place->tile, .x = place->x, .y = place->y, .rot = place->rot };
    return !g->rs->filters_places || mp_place_allowed(g, &plain);
}

/* ------------------------------------------------------------------ the game, changed */

int mp_mod_add_category(mp_module_ctx *c, const char *name) { return mp_game_add_category(c->game, name); }
void mp_mod_award(mp_module_ctx *c, unsigned players, int points, int category, mp_feature f, const char *label) {
    mp_score_award_module(c->game, players, points, category, f < 0 ? -1 : mp_seg_root(c->game, f), label);
}
void mp_mod_request(mp_module_ctx *c, int player) { mp_game_request(c->game, c->view.index, player); }
int mp_mod_queue_turn(mp_module_ctx *c, int player, int tile) {
    return mp_game_queue_turn_by(c->game, player, tile, c->view.index, false);
}
int mp_mod_queue_turn_first(mp_module_ctx *c, int player, int tile) {
    return mp_game_queue_turn_by(c->game, player, tile, c->view.index, true);
}
int mp_mod_turn_module(const mp_module_view *c) { return G(c)->turn_module; }
int mp_mod_take_tiles(mp_module_ctx *c, int n, int *tiles) {
    int16_t got[64];
    if (n > 64) n = 64;
    int k = mp_game_take_tiles(c->game, n, got);
    for (int i = 0; i < k; i++) tiles[i] = got[i];
    return k;
}
int mp_mod_bag(const mp_module_view *c, int *tiles, int cap) {
    const mp_game *g = G(c);
    int n = g->n_bag - g->bag_pos;
    for (int i = 0; i < n && i < cap; i++) tiles[i] = g->bag[g->bag_pos + i];
    return n;
}
void mp_mod_set_bag(mp_module_ctx *c, const int *tiles, int n) {
    mp_game *g = c->game;
    MP_ASSERT(n == g->n_bag - g->bag_pos);   /* the same tiles, in another order */
    for (int i = 0; i < n; i++) g->bag[g->bag_pos + i] = (int16_t)tiles[i];
}
void mp_mod_feature_convert(mp_module_ctx *c, mp_feature f, int kind) {
    c->game->n_completed = -1;   /* what the placement completed is worked out again (score.c) */
    mp_seg *r = &c->game->segs[mp_seg_find(c->game, f)];
    r->kind = (uint8_t)kind;
    r->complete = 1;      /* complete and scored: the kernel will not score it as what it was */
    r->scored = 1;
}
void mp_mod_return_followers(mp_module_ctx *c, mp_feature f) { mp_deploy_return(c->game, mp_seg_find(c->game, f)); }
void mp_mod_return_figure(mp_module_ctx *c, int i) {
    if (i >= 0 && i < c->game->n_figures) mp_deploy_return_one(c->game, i);
}
int mp_mod_put_tile(mp_module_ctx *c, const mp_action *place, mp_diag *d) { return mp_game_put_tile(c->game, place, d); }
mp_feature mp_mod_lay_overlay(mp_module_ctx *c, const mp_overlay *o) {
    mp_game *g = c->game;
    int placed = o->placed == MP_OVERLAY_NEW ? g->last_placed : o->placed;
    if (placed < 0) return -1;
    int32_t s = mp_feature_add_overlay(g, placed, o->kind, o->ports);
    if (s < 0) return -1;
    g->placed[placed].overlay_module = (uint8_t)c->view.index;
    return mp_seg_find(g, s);
}
uint32_t mp_mod_random(mp_module_ctx *c, uint32_t n) { return mp_rng_below(c->game->rng, n); }

/* ------------------------------------------------------------------ more of the game, read: names, the board map, scoring */

int mp_mod_feature_name(const mp_module_view *c, int placed, int feature, char *buf, size_t size) {
    const mp_game *g = G(c);
    if (placed < 0 || placed >= g->n_placed) return snprintf(buf, size, "?");
    const mp_placed *p = &g->placed[placed];
    int32_t seg = mp_placed_feature_seg(g, p, feature);
    if (seg < 0) return snprintf(buf, size, "?");
    int first = -1;                        /* as notation.c names a deployment's feature */
    for (int q = 0; q < MP_PORTS; q++) {
        if (mp_placed_port_seg(g, p, q) != seg) continue;
        if (q % 3 == 1) { first = q; break; }
        if (first < 0) first = q;
    }
    return snprintf(buf, size, "%s", first >= 0 ? mp_port_name(first) : g->ts->kinds[g->segs[seg].kind].name);
}
bool mp_mod_is_feature(const mp_module_view *c, mp_feature f) { return f >= 0 && f < G(c)->n_segs; }
bool mp_mod_board(const mp_module_view *c, int *x0, int *y0, int *w, int *h) {
    const mp_ruleset *rs = G(c)->rs;
    if (!rs->bounded) return false;
    *x0 = rs->board_x0;
    *y0 = rs->board_y0;
    *w = rs->board_w;
    *h = rs->board_h;
    return true;
}
static const mp_kind_rules *kind_rules(const mp_module_view *c, int kind) {
    return kind >= 0 && kind < G(c)->ts->n_kinds ? &G(c)->rs->kind[kind] : NULL;
}
bool mp_mod_kind_scored_in_play(const mp_module_view *c, int kind) {
    const mp_kind_rules *k = kind_rules(c, kind);
    return k && k->scored_in_play;
}
int mp_mod_kind_icon_points(const mp_module_view *c, int kind, bool complete, int icon) {
    const mp_kind_rules *k = kind_rules(c, kind);
    if (!k || icon < 0 || icon >= MP_MAX_ICONS) return 0;
    return (complete ? &k->complete : &k->incomplete)->per_icon[icon];
}
int mp_mod_kind_multiplier(const mp_module_view *c, int kind, bool complete, int *icon) {
    const mp_kind_rules *k = kind_rules(c, kind);
    const mp_points *f = k ? (complete ? &k->complete : &k->incomplete) : NULL;
    if (icon) *icon = f ? f->multiply_icon : -1;
    return f && f->multiply_icon >= 0 ? f->multiply_by : 1;
}

/* ------------------------------------------------------------------ placements that nearly fit (for overlays) */
int mp_mod_place_near_misses(const mp_module_view *c, int tile, const uint16_t *shapes, int n_shapes,
                             mp_near_miss *out, int cap) {
    const mp_game *g = G(c);
    if (tile < 0 || tile >= g->ts->n_tiles || n_shapes < 0 || cap < 0) return 0;
    return mp_place_near_misses(g, tile, shapes, n_shapes, out, cap);
}
uint16_t mp_mod_place_near_miss(const mp_module_view *c, const mp_action *place, const uint16_t *shapes, int n_shapes) {
    const mp_game *g = G(c);
    if (place->tile < 0 || place->tile >= g->ts->n_tiles || n_shapes < 0) return 0;
    return (uint16_t)mp_place_near_miss(g, place->tile, place->x, place->y, place->rot, shapes, n_shapes);
}
const uint8_t *mp_mod_tile_ports(const mp_module_view *c, int tile, int rot) {
    const mp_tileset *ts = G(c)->ts;
    return tile >= 0 && tile < ts->n_tiles ? ts->tiles[tile].port_kind[rot & 3] : NULL;
}
