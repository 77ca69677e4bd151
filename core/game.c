/*
** game.c: a game from setup to final scoring, one action at a time.
**
** mp_game_new builds the game and leaves it in MP_PHASE_SETUP (nothing drawn, nothing legal);
** mp_game_start runs the first turn's draw.
**
** The turn: draw (a tile that fits nowhere is discarded or returned, as the ruleset says, and
** another drawn), PLACE (a decision), the modules' after_place hooks, DEPLOY (a decision; skipped
** when "pass" is the only choice), before_score hooks, scoring of completed features, end_turn
** hooks, the next player (or the same one again for an extra turn). With an empty bag: final
** scoring, then OVER. Only PLACE, DEPLOY and module decisions wait for an action; everything in
** between runs inside mp_game_apply, so a bot, a human and a replay drive the game the same way.
*/
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "yamlx.h"


static int fail(mp_diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(mp_diag *d, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    mp_diag_vset(d, "<action>", 0, 0, fmt, ap);
    va_end(ap);
    return 1;
}

/* The stages between decisions. Each runs, then moves to the next; a stage whose hooks ask for a
** decision stops the run and is resumed after it, at the next hook. */
enum { ST_AFTER_PLACE, ST_DEPLOY, ST_BEFORE_SCORE, ST_SCORE, ST_END_TURN, ST_NEXT, ST_DRAW };

static void run(mp_game *g);
static void game_over(mp_game *g);
static void draw(mp_game *g);

static void log_draw(mp_game *g, int entry) {
    MP_ASSERT(g->n_log < g->cap_log);   /* every tile leaves the bag once */
    g->log[g->n_log++] = (int16_t)entry;
}

/* The player's hand goes back to the front of the bag, in order. */
static void hand_to_bag(mp_game *g, int p) {
    while (g->hand_n[p]) g->bag[--g->bag_pos] = g->hand[p][--g->hand_n[p]];
}

/* ------------------------------------------------------------------ setup */

/* A category's name is the kind's, the ruleset's or a module's string: they outlive the game. */
static void add_category(mp_game *g, const char *name) {
    g->categories[g->n_categories++] = name;
}

int mp_game_add_category(mp_game *g, const char *name) {
    for (int i = 0; i < g->n_categories; i++)
        if (strcmp(g->categories[i], name) == 0) {
            g->module_categories |= 1u << i;   /* a kind's category a module scores in (castle) */
            return i;
        }
    if (g->n_categories == (int)(sizeof g->categories / sizeof g->categories[0])) return -1;
    add_category(g, name);
    return g->n_categories - 1;
}


mp_game *mp_game_new(const mp_ruleset *rs, const mp_game_options *opt, mp_diag *d) {
    if (opt->n_players < rs->min_players || opt->n_players > rs->max_players) {
        if (rs->min_players == rs->max_players)
            mp_diag_set(d, rs->path, 0, 0, "%d player%s; ruleset '%s' is for exactly %d", opt->n_players,
                        opt->n_players == 1 ? "" : "s", rs->name, rs->min_players);
        else
            mp_diag_set(d, rs->path, 0, 0, "%d player%s; ruleset '%s' expects %d to %d", opt->n_players,
                        opt->n_players == 1 ? "" : "s", rs->name, rs->min_players, rs->max_players);
        return NULL;
    }
    mp_game *g = mp_state_new(rs, opt->n_players);
    if (opt->log_events) g->events = mp_events_new();
    mp_rng_seed(g->rng, opt->seed);
    g->min_x = g->min_y = INT16_MAX;
    g->max_x = g->max_y = INT16_MIN;
    g->last_placed = -1;
    g->forced = -1;
    g->turn_module = -1;
    if (mp_grid_init(g)) abort();
    for (int k = 0; k < g->ts->n_kinds; k++) add_category(g, g->ts->kinds[k].name);
    g->farm_category = g->n_categories;
    add_category(g, rs->farm_category[0] ? rs->farm_category : "farm");
    for (int p = 0; p < g->n_players; p++)
        for (int k = 0; k < rs->n_pieces; k++) g->supply[p][k] = (int16_t)rs->pieces[k].count;

    /* The board: fixed pieces, then the start tile at 0,0. */
    for (int i = 0; i < rs->n_fixed; i++)
        if (mp_feature_add_tile(g, rs->fixed[i].tile, rs->fixed[i].x, rs->fixed[i].y, rs->fixed[i].rot, true) < 0) abort();
    /* The bag: every copy, the start copy left out; shuffled with the game's RNG. */
    for (int t = 0; t < g->ts->n_tiles; t++)
        for (int c = 0; c < g->ts->tiles[t].count - (t == g->ts->start_tile); c++) g->bag[g->n_bag++] = (int16_t)t;
    for (int i = g->n_bag - 1; i > 0; i--) {
        int j = (int)mp_rng_below(g->rng, (uint32_t)i + 1);
        int16_t tmp = g->bag[i];
        g->bag[i] = g->bag[j];
        g->bag[j] = tmp;
    }
    if (g->ts->start_tile >= 0 && mp_feature_add_tile(g, g->ts->start_tile, 0, 0, 0, true) < 0) abort();
    /* The first player is drawn even when the options name one (a replay, a position being
    ** built), so that what the RNG gives afterwards (a module's setup, tiles returned to the bag)
    ** is the same in the game played and in its replay. */
    int drawn = (int)mp_rng_below(g->rng, (uint32_t)g->n_players);
    g->turn_player = g->base_player = opt->first_player >= 0 && opt->first_player < g->n_players ? opt->first_player : drawn;
    MP_EACH_MODULE_WITH(g, setup, i, m) {
        mp_module_ctx c = mp_module_ctx_of(g, i);
        if (m->setup(&c, d)) {
            const mp_ynode *at = rs->modules[i].node;
            if (d->line == 0 && at) {    /* point at the module in the ruleset */
                char message[sizeof d->message];
                memcpy(message, d->message, sizeof message);
                mp_diag_set(d, at->file, at->line, at->column, "%s", message);
            }
            mp_game_free(g);
            return NULL;
        }
    }
    /* Built, not started: mp_game_start draws the first tile. Until then nobody decides; the
    ** seat that will move first is the one the queries name. */
    g->player = g->turn_player;
    g->phase = MP_PHASE_SETUP;
    g->stage = ST_DRAW;
    return g;
}

int mp_game_start(mp_game *g, mp_diag *d) {
    if (g->phase != MP_PHASE_SETUP) return fail(d, "the game has started already; expected a game just built by mp_game_new");
    run(g);   /* from ST_DRAW: the first tile is drawn, as at the start of any turn */
    return 0;
}

/* Why a position-building call (only in MP_PHASE_PLACE) is refused now. */
static int not_place(const mp_game *g, mp_diag *d, const char *what) {
    if (g->phase == MP_PHASE_SETUP) return fail(d, "%s only once the game has started; expected mp_game_start first", what);
    return fail(d, "%s only before a tile is placed", what);
}

int mp_game_set_draws(mp_game *g, const char *const *ids, int n, mp_diag *d) {
    if (g->phase != MP_PHASE_PLACE) return not_place(g, d, "draws can be set");
    /* Put the hand back at the front of what is left, then move each named tile forward. */
    hand_to_bag(g, g->player);
    for (int i = 0; i < n; i++) {
        int t = mp_tileset_find(g->ts, ids[i]);
        if (t < 0) return fail(d, "unknown tile '%s'; expected a tile id of ruleset '%s'", ids[i], g->rs->name);
        int at = -1;
        for (int j = g->bag_pos + i; j < g->n_bag && at < 0; j++)
            if (g->bag[j] == t) at = j;
        if (at < 0) return fail(d, "no tile '%s' left in the bag", ids[i]);
        memmove(&g->bag[g->bag_pos + i + 1], &g->bag[g->bag_pos + i], (size_t)(at - g->bag_pos - i) * sizeof *g->bag);
        g->bag[g->bag_pos + i] = (int16_t)t;
    }
    draw(g);   /* as a real draw: a tile that fits nowhere is discarded or returned */
    return 0;
}

int mp_game_set_player(mp_game *g, int p, mp_diag *d) {
    if (g->phase != MP_PHASE_PLACE) return not_place(g, d, "the player can be set");
    if (p < 0 || p >= g->n_players) return fail(d, "seat %d; expected 0 to %d", p, g->n_players - 1);
    if (p == g->player) return 0;
    hand_to_bag(g, g->player);   /* the tile drawn for the other seat goes back, and p draws */
    g->turn_player = g->base_player = g->player = p;
    g->turn_module = -1;
    draw(g);
    return 0;
}

int mp_game_set_score(mp_game *g, int p, int score, mp_diag *d) {
    if (g->phase != MP_PHASE_PLACE) return not_place(g, d, "a score can be set");
    if (p < 0 || p >= g->n_players) return fail(d, "seat %d; expected 0 to %d", p, g->n_players - 1);
    g->score[p] = score;
    return 0;
}

int mp_game_end_now(mp_game *g, mp_diag *d) {
    if (g->phase != MP_PHASE_PLACE) return not_place(g, d, "the game can be ended");
    hand_to_bag(g, g->player);
    game_over(g);
    return 0;
}

/* ------------------------------------------------------------------ the turn */



static void game_over(mp_game *g) {
    g->forced = -1;
    g->last_placed = -1;
    g->n_final = g->n_figures;
    memcpy(g->final_figures, g->figures, (size_t)g->n_figures * sizeof *g->figures);
    mp_score_final(g);
    g->phase = MP_PHASE_OVER;
}

void mp_game_request(mp_game *g, int module, int player) {
    g->pending = true;
    g->pending_module = (int8_t)module;
    g->pending_player = (int8_t)player;
}

int mp_game_module_index(const mp_game *g, const mp_module *v) {
    for (int i = 0; i < g->rs->n_modules; i++)
        if (g->rs->modules[i].v == v) return i;
    return -1;
}

int mp_game_take_tiles(mp_game *g, int n, int16_t *out) {
    int k = 0;
    while (k < n && g->bag_pos < g->n_bag) out[k++] = g->bag[g->bag_pos++];
    return k;
}

int mp_game_queue_turn_by(mp_game *g, int player, int tile, int module, bool first) {
    if (g->n_queued == (int)(sizeof g->queued / sizeof g->queued[0])) return 1;
    struct mp_queued_turn q = { (int8_t)player, (int8_t)module, (int16_t)tile };
    if (first) {
        memmove(&g->queued[1], &g->queued[0], (size_t)g->n_queued * sizeof q);
        g->queued[0] = q;
        g->n_queued++;
    } else {
        g->queued[g->n_queued++] = q;
    }
    return 0;
}

int mp_game_queue_turn(mp_game *g, int player, int tile) { return mp_game_queue_turn_by(g, player, tile, -1, false); }

/* Whether some tile of the player's hand fits somewhere. */
static bool hand_fits(const mp_game *g, int p) {
    for (int i = 0; i < g->hand_n[p]; i++)
        if (mp_place_any_allowed(g, g->hand[p][i])) return true;
    return false;
}

static bool any_hand(const mp_game *g) {
    for (int p = 0; p < g->n_players; p++)
        if (g->hand_n[p]) return true;
    return false;
}

/* Whether a module offers a placement of the tile(s) to place when none fits by the kernel's own
** rule (a tile that fits only with a bridge): asked with the game in the PLACE phase. */
static bool module_places(mp_game *g) {
    mp_phase was = g->phase;
    g->phase = MP_PHASE_PLACE;
    int n = 0;
    MP_EACH_MODULE_WITH(g, legal, i, m)
        if (!n && mp_module_lists_in(m, MP_PHASE_PLACE)) {
            mp_module_view v = mp_module_view_of(g, i);
            n = m->legal(&v, NULL, 0);
        }
    g->phase = was;
    return n > 0;
}

/* The first tile of the player's hand leaves it, fitting nowhere (or passed over): discarded, or
** (house rule "return") put back into the bag at a random place unless every tile left has come
** back unplaceable already (*returned counts those). */
static void drop_first(mp_game *g, int p, int *returned) {
    int16_t t = g->hand[p][0];
    memmove(&g->hand[p][0], &g->hand[p][1], (size_t)--g->hand_n[p] * sizeof t);
    int left = g->n_bag - g->bag_pos;
    if (g->rs->unplaceable == MP_UNPLACEABLE_RETURN && left > 0 && *returned <= left) {
        ++*returned;
        int k = (int)mp_rng_below(g->rng, (uint32_t)left + 1);
        g->bag_pos--;
        memmove(&g->bag[g->bag_pos], &g->bag[g->bag_pos + 1], (size_t)k * sizeof t);
        g->bag[g->bag_pos + k] = t;
        return;
    }
    g->discarded++;
    log_draw(g, t | MP_LOG_DISCARDED);
}

/* The queued turn's tile fits nowhere, or its player passed: it leaves the game, and the turn
** goes on to the next one. */
static void discard_forced(mp_game *g) {
    g->discarded++;
    log_draw(g, g->forced | MP_LOG_DISCARDED);
    g->forced = -1;
    g->may_discard = false;
    g->stage = ST_NEXT;
}

/* Fills the turn player's hand from the bag until a tile in it fits somewhere. A hand where
** nothing fits loses its first tile (drop_first). A tile that fits only through a module's action
** stops here too: the player chooses (may_discard). A player with nothing left to place is passed
** over; when nobody has a tile, the game ends. */
static void draw(mp_game *g) {
    g->last_placed = -1;
    g->forced = -1;
    g->from_bag = true;
    g->may_discard = false;
    for (int skips = 0; skips <= g->n_players; skips++) {
        int p = g->player = g->turn_player;
        int returned = 0;
        for (;;) {
            while (g->hand_n[p] < g->rs->hand && g->bag_pos < g->n_bag) g->hand[p][g->hand_n[p]++] = g->bag[g->bag_pos++];
            if (hand_fits(g, p)) { g->phase = MP_PHASE_PLACE; return; }
            if (g->hand_n[p] && module_places(g)) { g->phase = MP_PHASE_PLACE; g->may_discard = true; return; }
            if (!g->hand_n[p]) break;
            drop_first(g, p, &returned);
        }
        if (!any_hand(g)) break;
        g->turn_player = g->base_player = (g->turn_player + 1) % g->n_players;
        g->turn_module = -1;   /* a queued turn with nothing to place is over */
    }
    game_over(g);
}

/* The stages' hooks: which hook of a module a stage runs (NULL: it has none), and calling it. The
** context is made only for a module that has the hook. */
typedef enum { STAGE_AFTER_PLACE, STAGE_BEFORE_SCORE, STAGE_END_TURN } stage_hook;
static inline bool has_hook(const mp_module *m, stage_hook h) {
    return h == STAGE_AFTER_PLACE ? m->after_place != NULL : h == STAGE_BEFORE_SCORE ? m->before_score != NULL
                                                                                     : m->end_turn != NULL;
}
static inline void call_hook(mp_game *g, int i, stage_hook h) {
    const mp_module *m = g->rs->modules[i].v;
    mp_module_ctx c = mp_module_ctx_of(g, i);
    if (h == STAGE_AFTER_PLACE) m->after_place(&c, g->last_placed);
    else if (h == STAGE_BEFORE_SCORE) m->before_score(&c);
    else m->end_turn(&c);
}

/* Runs one hook of every module, from g->stage_hook on; true when one asked for a decision
** (the game is then in MP_PHASE_MODULE, and stage_hook says where to go on). */
static inline bool run_module_hooks(mp_game *g, stage_hook h) {
    const mp_ruleset *rs = g->rs;
    while (g->stage_hook < rs->n_modules) {
        int i = g->stage_hook++;
        if (!has_hook(rs->modules[i].v, h)) continue;
        call_hook(g, i, h);
        if (g->pending) {
            g->pending = false;
            g->phase = MP_PHASE_MODULE;
            g->module_phase = g->pending_module;
            g->player = g->pending_player;
            return true;
        }
    }
    g->stage_hook = 0;
    return false;
}

/* The same, with nothing to call when the ruleset has no module (most games: kept inline). */
static inline bool run_hooks(mp_game *g, stage_hook h) { return g->rs->n_modules && run_module_hooks(g, h); }

static bool fills_hole(const mp_game *g, int x, int y) {
    for (int side = 0; side < 4; side++) {
        int nx, ny;
        mp_grid_neighbour(x, y, side, &nx, &ny);
        if (mp_grid_get(g, nx, ny) < 0) return false;
    }
    return true;
}

/* Runs the turn from g->stage until somebody must decide or the game is over. */
static void run(mp_game *g) {
    for (;;) {
        switch (g->stage) {
        case ST_AFTER_PLACE:
            if (run_hooks(g, STAGE_AFTER_PLACE)) return;
            g->stage = ST_DEPLOY;
            break;
        case ST_DEPLOY:
            g->phase = MP_PHASE_DEPLOY;
            g->player = g->turn_player;
            mp_deploy_prepare(g);
            if (mp_game_legal(g, NULL, 0) > 1) return;   /* more than "pass": a decision */
            g->stage = ST_BEFORE_SCORE;
            break;
        case ST_BEFORE_SCORE:
            if (run_hooks(g, STAGE_BEFORE_SCORE)) return;
            g->stage = ST_SCORE;
            break;
        case ST_SCORE:
            mp_score_completed(g);
            g->stage = ST_END_TURN;
            break;
        case ST_END_TURN:
            if (run_hooks(g, STAGE_END_TURN)) return;
            g->stage = ST_NEXT;
            break;
        case ST_NEXT:
            g->stage = ST_DRAW;
            if (g->n_queued) {
                struct mp_queued_turn q = g->queued[0];
                memmove(&g->queued[0], &g->queued[1], (size_t)(--g->n_queued) * sizeof q);
                g->turn_player = q.player;
                g->turn_module = q.module;
                if (q.tile >= 0) {
                    g->last_placed = -1;
                    g->player = q.player;
                    g->forced = q.tile;
                    g->from_bag = false;
                    g->may_discard = false;
                    g->phase = MP_PHASE_PLACE;
                    if (mp_place_any_allowed(g, q.tile)) return;
                    if (module_places(g)) { g->may_discard = true; return; }
                    discard_forced(g);    /* a queued tile that fits nowhere leaves the game */
                    break;
                }
            } else {
                g->turn_player = g->base_player = (g->base_player + 1) % g->n_players;
                g->turn_module = -1;
            }
            break;
        case ST_DRAW:
            draw(g);
            return;
        }
    }
}

/* The tile goes onto the board (the checks are made): out of the hand, into the log, and the
** turn moves on to the stage after placement. Returns the placed index. */
static int put_tile(mp_game *g, const mp_action *a, int in_hand) {
    int idx = mp_feature_add_tile(g, a->tile, a->x, a->y, a->rot, false);
    if (idx < 0) abort();
    g->last_placed = idx;
    g->may_discard = false;
    if (g->forced >= 0) {
        g->forced = -1;
    } else {
        int16_t *h = g->hand[g->player];
        memmove(&h[in_hand], &h[in_hand + 1], (size_t)(--g->hand_n[g->player] - in_hand) * sizeof *h);
    }
    log_draw(g, a->tile);
    g->turns++;
    /* House rule: filling a hole gives another turn (and filling one in that turn, another). A
    ** tile given by a module (a bazaar's) does not count: the rule is about the drawn tile. */
    if (g->rs->hole_extra_turn && g->from_bag && fills_hole(g, a->x, a->y)) mp_game_queue_turn(g, g->turn_player, -1);
    g->stage = ST_AFTER_PLACE;
    g->stage_hook = 0;
    return idx;
}

/* The hand slot of the tile an action places (0 for a queued turn's tile), -1 with d filled when
** it is not the tile to place or the rotation is out of range. */
static int tile_to_place(const mp_game *g, const mp_action *a, mp_diag *d) {
    int in_hand = g->forced >= 0 && a->tile == g->forced ? 0 : -1;
    for (int i = 0; g->forced < 0 && i < g->hand_n[g->player]; i++)
        if (g->hand[g->player][i] == a->tile) { in_hand = i; break; }
    if (in_hand < 0)
        return fail(d, "tile '%s' is not the drawn tile; expected '%s'", mp_tileset_tile_id(g->ts, a->tile),
                    mp_tileset_tile_id(g->ts, mp_game_drawn_tile(g))), -1;
    if (a->rot > 3) return fail(d, "rotation %d; expected 0 to 3", a->rot), -1;
    return in_hand;
}

static int apply_place(mp_game *g, const mp_action *a, mp_diag *d) {
    int in_hand = tile_to_place(g, a, d);
    if (in_hand < 0) return 1;
    int at = mp_place_fits_at(g, a->tile, a->x, a->y, a->rot);
    if (at < 0) {
        char why[200];
        mp_place_why(g, a->tile, a->x, a->y, a->rot, why, sizeof why);
        return fail(d, "tile '%s' does not fit at %d,%d rotation %d: %s", mp_tileset_tile_id(g->ts, a->tile),
                    a->x, a->y, a->rot, why);
    }
    char why[200] = "";
    if (g->rs->filters_places && !mp_place_allowed_why(g, a, why, sizeof why))
        return fail(d, "tile '%s' at %d,%d rotation %d fits the edges, but %s; expected one of the legal placements",
                    mp_tileset_tile_id(g->ts, a->tile), a->x, a->y, a->rot,
                    why[0] ? why : "a rule of the ruleset's modules forbids it");
    g->open_hint = at;
    put_tile(g, a, in_hand);
    run(g);
    return 0;
}

int mp_game_put_tile(mp_game *g, const mp_action *a, mp_diag *d) {
    if (g->phase != MP_PHASE_PLACE || g->last_placed >= 0) return fail(d, "a tile can be placed only in the PLACE phase"), -1;
    int in_hand = tile_to_place(g, a, d);
    if (in_hand < 0) return -1;
    if (mp_grid_get(g, a->x, a->y) != -1) return fail(d, "cell %d,%d is not an empty cell of the board", a->x, a->y), -1;
    return put_tile(g, a, in_hand);
}

static int apply_deploy(mp_game *g, const mp_action *a, mp_diag *d) {
    const mp_placed *p = &g->placed[g->last_placed];
    if (!mp_deploy_allowed(g, a->piece, a->feature)) {
        if (a->piece >= g->rs->n_pieces) return fail(d, "piece %d; expected one of the ruleset's %d", a->piece, g->rs->n_pieces);
        const mp_piece *piece = &g->rs->pieces[a->piece];
        if (g->supply[g->player][a->piece] <= 0)
            return fail(d, a->piece ? "no '%s' left in the supply; expected another piece or 'pass'"
                                    : "no %s left in the supply; expected another piece or 'pass'", piece->name);
        char name[64] = "?";
        mp_action named = { .kind = MP_ACT_DEPLOY, .feature = a->feature, .x = p->x, .y = p->y, .piece = a->piece };
        if (a->feature < mp_placed_n_features(g, p)) mp_notation_format(g, &named, name, sizeof name);
        if (!piece->strength)
            return fail(d, "'%s' cannot take the %s (it joins only a feature of its kinds where you have a follower); "
                        "expected one of the legal deployments", name, piece->name);
        return fail(d, "'%s' cannot take a follower (the feature is occupied, or no follower goes there); "
                    "expected one of the legal deployments", name);
    }
    mp_deploy_put(g, g->player, a->piece, mp_placed_feature_seg(g, p, a->feature));
    g->stage = ST_BEFORE_SCORE;
    run(g);
    return 0;
}

int mp_game_apply(mp_game *g, const mp_action *a, mp_diag *d) {
    const mp_ruleset *rs = g->rs;
    if (g->phase == MP_PHASE_OVER) return fail(d, "the game is over; expected no more actions");
    if (g->phase == MP_PHASE_SETUP) return fail(d, "the game has not started; expected mp_game_start before any action");
    if (a->kind == MP_ACT_MODULE) {
        if (a->module >= rs->n_modules || !rs->modules[a->module].v->apply)
            return fail(d, "module action for a module this ruleset does not use");
        if (g->phase == MP_PHASE_MODULE && a->module != g->module_phase)
            return fail(d, "a decision of module '%s' is pending; expected one of its actions",
                        rs->modules[g->module_phase].v->name);
        const mp_module_use *u = &rs->modules[a->module];
        bool deciding = g->phase == MP_PHASE_MODULE;
        mp_module_ctx c = mp_module_ctx_of(g, a->module);
        if (u->v->apply(&c, a, d)) return 1;
        if (g->pending) {                     /* it asks for another decision */
            g->pending = false;
            g->phase = MP_PHASE_MODULE;
            g->module_phase = g->pending_module;
            g->player = g->pending_player;
        } else if (deciding || g->phase == MP_PHASE_DEPLOY || (g->phase == MP_PHASE_PLACE && g->last_placed >= 0)) {
            /* The turn goes on where it stopped: after a decision; after an action the module
            ** added to deployment (a bridge: deployment is offered again, or skipped when only
            ** "pass" is left); after its own placement (mp_game_put_tile). */
            run(g);
        }
        return 0;
    }
    switch (g->phase) {
    case MP_PHASE_PLACE:
        if (a->kind == MP_ACT_PASS && g->may_discard) {   /* the tile fits only with a module's help */
            if (g->forced >= 0) {
                discard_forced(g);
                run(g);
            } else {
                int returned = 0;
                drop_first(g, g->player, &returned);
                draw(g);
            }
            return 0;
        }
        if (a->kind != MP_ACT_PLACE) return fail(d, "a tile must be placed now; expected a placement");
        return apply_place(g, a, d);
    case MP_PHASE_DEPLOY:
        if (a->kind == MP_ACT_PASS) { g->stage = ST_BEFORE_SCORE; run(g); return 0; }
        if (a->kind != MP_ACT_DEPLOY) return fail(d, "a follower may be deployed now; expected a deployment or 'pass'");
        return apply_deploy(g, a, d);
    case MP_PHASE_MODULE:
        return fail(d, "a decision of module '%s' is pending; expected one of its actions ('legal' lists them)",
                    rs->modules[g->module_phase].v->name);
    default:
        return fail(d, "no decision of this kind is pending");
    }
}

int mp_game_legal(const mp_game *g, mp_action *out, int cap) {
    int n = 0;
    if (g->phase == MP_PHASE_SETUP) return 0;   /* nobody decides before mp_game_start */
    switch (g->phase) {
    case MP_PHASE_PLACE:
        if (g->forced >= 0) { n = mp_place_list_allowed(g, g->forced, out, cap); break; }
        for (int i = 0; i < g->hand_n[g->player]; i++) {
            int t = g->hand[g->player][i];
            bool seen = false;
            for (int j = 0; j < i; j++) seen |= g->hand[g->player][j] == t;
            if (!seen) n += mp_place_list_allowed(g, t, cap > n ? out + n : NULL, cap > n ? cap - n : 0);
        }
        break;
    case MP_PHASE_DEPLOY: n = mp_deploy_list(g, out, cap); break;
    default: break;
    }
    if (g->phase == MP_PHASE_PLACE && g->may_discard) {   /* discard rather than use the module */
        if (n < cap) out[n] = (mp_action){ .kind = MP_ACT_PASS };
        n++;
    }
    MP_EACH_MODULE_WITH(g, legal, i, m)
        if ((g->phase != MP_PHASE_MODULE || i == g->module_phase) && mp_module_lists_in(m, g->phase)) {
            int room = cap > n ? cap - n : 0;
            mp_module_view v = mp_module_view_of(g, i);
            n += m->legal(&v, room ? out + n : NULL, room);
        }
    return n;
}

/* ------------------------------------------------------------------ queries */

mp_phase mp_game_phase(const mp_game *g) { return g->phase; }
int mp_game_module_phase(const mp_game *g) { return g->phase == MP_PHASE_MODULE ? g->module_phase : -1; }
int mp_game_n_players(const mp_game *g) { return g->n_players; }
int mp_game_current_player(const mp_game *g) { return g->player; }
int mp_game_drawn_tile(const mp_game *g) {
    if (g->phase != MP_PHASE_PLACE) return -1;
    if (g->forced >= 0) return g->forced;
    return g->hand_n[g->player] ? g->hand[g->player][0] : -1;
}

int mp_game_hand(const mp_game *g, int player, int *out, int cap) {
    if (player < 0 || player >= g->n_players) return 0;
    for (int i = 0; i < g->hand_n[player] && i < cap; i++) out[i] = g->hand[player][i];
    return g->hand_n[player];
}
int mp_game_tiles_left(const mp_game *g) { return g->n_bag - g->bag_pos; }
int mp_game_bag_count(const mp_game *g, int tile) {
    int n = 0;
    for (int i = g->bag_pos; i < g->n_bag; i++) n += g->bag[i] == tile;
    return n;
}
int mp_game_turn(const mp_game *g) { return g->turns; }
int mp_game_turn_module(const mp_game *g) { return g->turn_module; }
int mp_game_discarded(const mp_game *g) { return g->discarded; }

int mp_game_n_drawn(const mp_game *g) { return g->n_log; }

int mp_game_drawn_at(const mp_game *g, int i, int *discarded) {
    if (i < 0 || i >= g->n_log) return -1;
    if (discarded) *discarded = (g->log[i] & MP_LOG_DISCARDED) != 0;
    return g->log[i] & ~MP_LOG_DISCARDED;
}

int mp_game_bag_taken(const mp_game *g, int *out, int cap) {
    for (int i = 0; i < g->bag_pos && i < cap; i++) out[i] = g->bag[i];
    return g->bag_pos;
}

int mp_game_last_placed(const mp_game *g, int *x, int *y) {
    if (g->last_placed < 0) return 1;
    *x = g->placed[g->last_placed].x;
    *y = g->placed[g->last_placed].y;
    return 0;
}
const mp_ruleset *mp_game_ruleset(const mp_game *g) { return g->rs; }
int mp_game_score(const mp_game *g, int p) { return p >= 0 && p < g->n_players ? g->score[p] : 0; }
int mp_game_supply(const mp_game *g, int p) {
    int n = 0;
    for (int k = 0; p >= 0 && p < g->n_players && k < g->rs->n_pieces; k++)
        if (g->rs->pieces[k].strength) n += g->supply[p][k];
    return n;
}
int mp_game_n_categories(const mp_game *g) { return g->n_categories; }
const char *mp_game_category_name(const mp_game *g, int c) {
    return c >= 0 && c < g->n_categories ? g->categories[c] : "?";
}
int mp_game_points(const mp_game *g, int p, int c) {
    return p >= 0 && p < g->n_players && c >= 0 && c < g->n_categories ? g->points[p][c] : 0;
}

int mp_game_category_scored(const mp_game *g, int c) {
    if (c < 0 || c >= g->n_categories) return 0;
    if (c == g->farm_category) return g->rs->farms;
    if (c >= g->ts->n_kinds || (g->module_categories >> c & 1)) return 1;
    return g->rs->kind[c].scored_in_play || g->rs->kind[c].scored_at_end;
}

int mp_game_final_piece_supply(const mp_game *g, int p, int piece) {
    if (p < 0 || p >= g->n_players || piece < 0 || piece >= g->rs->n_pieces) return 0;
    if (g->phase != MP_PHASE_OVER) return g->supply[p][piece];
    int home = 0;   /* the pieces final scoring found on the board, all of them sent home */
    for (int i = 0; i < g->n_final; i++) home += g->final_figures[i].player == p && g->final_figures[i].piece == piece;
    return g->supply[p][piece] - home;
}

int mp_game_final_supply(const mp_game *g, int p) {
    int n = 0;
    for (int k = 0; k < g->rs->n_pieces; k++)
        if (g->rs->pieces[k].strength) n += mp_game_final_piece_supply(g, p, k);
    return n;
}

int mp_game_on_board(const mp_game *g, int p) {
    int n = 0;
    for (int i = 0; i < g->n_figures; i++) n += g->figures[i].player == p && g->rs->pieces[g->figures[i].piece].strength;
    return n;
}

unsigned mp_game_winners(const mp_game *g) {
    if (g->phase != MP_PHASE_OVER) return 0;
    int best = INT_MIN;
    unsigned who = 0;
    for (int p = 0; p < g->n_players; p++) {
        if (g->score[p] > best) { best = g->score[p]; who = 0; }
        if (g->score[p] == best) who |= 1u << p;
    }
    return who;
}

int mp_game_feature_at(const mp_game *g, int x, int y, const char *where) {
    int32_t v = mp_grid_get(g, x, y);
    if (v < 0) return -1;
    const mp_placed *p = &g->placed[v];
    const mp_tile *t = &g->ts->tiles[p->tile];
    int port = mp_port_from_name(where);
    if (port >= 0) {
        if (p->overlay >= 0 && (p->overlay_ports >> port & 1)) return t->n_features;
        return t->port_feature[p->rot][port];
    }
    /* A kind's name names the feature of that kind inside the tile (a cloister, an inner field:
    ** the notation's name for a feature that meets no side); else the first of that kind. */
    int k = mp_tileset_kind(g->ts, where), first = -1;
    for (int f = 0; f < t->n_features && k >= 0; f++)
        if (t->f[f].kind == k) {
            if (!t->f[f].ports) return f;
            if (first < 0) first = f;
        }
    return first;
}

int mp_game_bounds(const mp_game *g, int *min_x, int *min_y, int *max_x, int *max_y) {
    if (!g->n_placed) return 1;
    *min_x = g->min_x;
    *min_y = g->min_y;
    *max_x = g->max_x;
    *max_y = g->max_y;
    return 0;
}

int mp_game_tile_at(const mp_game *g, int x, int y, int *rot) {
    int32_t v = mp_grid_get(g, x, y);
    if (v < 0) return v == -2 ? -2 : -1;
    if (rot) *rot = g->placed[v].rot;
    return g->placed[v].tile;
}

char mp_game_side_letter(const mp_game *g, int x, int y, int side) {
    int32_t v = mp_grid_get(g, x, y);
    if (v < 0) return ' ';
    const mp_placed *p = &g->placed[v];
    int k = mp_placed_port_kind(g, p, MP_MIDDLE(side));
    if (!k) k = mp_placed_port_kind(g, p, 3 * side);
    return k ? g->ts->kinds[k - 1].letter : ' ';
}

char mp_game_port_letter(const mp_game *g, int x, int y, int port) {
    int32_t v = mp_grid_get(g, x, y);
    if (v < 0 || port < 0 || port >= MP_PORTS) return ' ';
    const mp_placed *p = &g->placed[v];
    int k = mp_placed_port_kind(g, p, port);
    return k ? g->ts->kinds[k - 1].letter : ' ';
}

char mp_game_inner_letter(const mp_game *g, int x, int y) {
    int32_t v = mp_grid_get(g, x, y);
    if (v < 0) return ' ';
    const mp_tile *t = &g->ts->tiles[g->placed[v].tile];
    for (int f = 0; f < t->n_features; f++)
        if (!t->f[f].ports) return g->ts->kinds[t->f[f].kind].letter;
    return ' ';
}

int mp_game_figures_at(const mp_game *g, int x, int y, mp_figure_info *out, int cap) {
    int32_t v = mp_grid_get(g, x, y);
    if (v < 0) return 0;
    const mp_placed *p = &g->placed[v];
    int n = g->ts->tiles[p->tile].n_features, found = 0;
    /* Once the game is over, the figures as they stood when final scoring began. */
    const mp_figure *list = g->phase == MP_PHASE_OVER ? g->final_figures : g->figures;
    int count = g->phase == MP_PHASE_OVER ? g->n_final : g->n_figures;
    for (int i = 0; i < count; i++) {
        int32_t s = list[i].seg;
        if (!((s >= p->seg0 && s < p->seg0 + n) || s == p->overlay)) continue;
        if (found < cap) out[found] = (mp_figure_info){ list[i].player, list[i].piece, s == p->overlay ? n : s - p->seg0 };
        found++;
    }
    return found;
}

int mp_game_follower_at(const mp_game *g, int x, int y, int *feature) {
    mp_figure_info f;
    if (mp_game_figures_at(g, x, y, &f, 1) < 1) return -1;
    if (feature) *feature = f.feature;
    return f.player;
}

int mp_game_feature_id(const mp_game *g, int x, int y, int feature) {
    int32_t v = mp_grid_get(g, x, y);
    int32_t s = v < 0 ? -1 : mp_placed_feature_seg(g, &g->placed[v], feature);
    return s < 0 ? -1 : mp_seg_root(g, s);
}

/* The i-th module with tokens, -1 when none. */
static int token_module(const mp_game *g, int i) {
    for (int v = 0; v < g->rs->n_modules; v++)
        if (g->rs->modules[v].v->tokens && i-- == 0) return v;
    return -1;
}

int mp_game_n_tokens(const mp_game *g) {
    int n = 0;
    while (token_module(g, n) >= 0) n++;
    return n;
}

const char *mp_game_token_name(const mp_game *g, int i) {
    int v = token_module(g, i);
    return v < 0 ? NULL : g->rs->modules[v].v->tokens_name;
}

int mp_game_token_supply(const mp_game *g, int i, int p) {
    int v = token_module(g, i);
    if (v < 0 || p < 0 || p >= g->n_players) return -1;
    mp_module_view view = mp_module_view_of(g, v);
    return g->rs->modules[v].v->tokens(&view, p);
}

const char *mp_game_module_status_of(const mp_game *g, int m, int player, char *buf, size_t size) {
    if (size) buf[0] = 0;
    if (!size || m < 0 || m >= g->rs->n_modules || !g->rs->modules[m].v->status) return buf;
    mp_module_view v = mp_module_view_of(g, m);
    if (g->rs->modules[m].v->status(&v, player, buf, size) <= 0) buf[0] = 0;
    return buf;
}

const char *mp_game_module_status(const mp_game *g, int player, char *buf, size_t size) {
    size_t n = 0;
    if (size) buf[0] = 0;
    for (int i = 0; i < g->rs->n_modules && n + 1 < size; i++) {   /* each module's words, joined */
        char one[256];
        if (!mp_game_module_status_of(g, i, player, one, sizeof one)[0]) continue;
        n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? "; " : "", one);
    }
    return buf;
}

int mp_game_feature_kind(const mp_game *g, int x, int y, int feature) {
    int32_t v = mp_grid_get(g, x, y);
    int32_t s = v < 0 ? -1 : mp_placed_feature_seg(g, &g->placed[v], feature);
    return s < 0 ? -1 : g->segs[mp_seg_root(g, s)].kind;
}

unsigned mp_game_overlay_at(const mp_game *g, int x, int y, int *feature, int *kind) {
    int32_t v = mp_grid_get(g, x, y);
    if (v < 0 || g->placed[v].overlay < 0) return 0;
    const mp_placed *p = &g->placed[v];
    if (feature) *feature = g->ts->tiles[p->tile].n_features;
    if (kind) *kind = g->segs[p->overlay].kind;
    return p->overlay_ports;
}

const char *mp_game_overlay_name(const mp_game *g, int x, int y) {
    int32_t v = mp_grid_get(g, x, y);
    if (v < 0 || g->placed[v].overlay < 0) return NULL;
    const char *name = g->rs->modules[g->placed[v].overlay_module].v->overlay_name;
    return name ? name : "overlay";
}

int mp_game_feature_info(const mp_game *g, int x, int y, int feature, int *complete, int *tiles, int *points) {
    int32_t v = mp_grid_get(g, x, y);
    int32_t s = v < 0 ? -1 : mp_placed_feature_seg(g, &g->placed[v], feature);
    if (s < 0) return 1;
    int32_t root = mp_seg_root(g, s);
    const mp_seg *r = &g->segs[root];
    bool done = mp_score_complete_now(g, root);   /* closed by the tile just placed counts, before its scoring */
    if (complete) *complete = done;
    if (tiles)
        *tiles = g->ts->kinds[r->kind].completes == MP_COMPLETE_SURROUNDED ? mp_feature_surround(g, root)
                                                                          : mp_feature_tiles(g, root);
    if (points) *points = mp_score_points(g, root, done);
    return 0;
}

void mp_action_describe(const mp_game *g, const mp_action *a, char *buf, size_t size) {
    switch (a->kind) {
    case MP_ACT_PLACE:
        snprintf(buf, size, "place %s at %d,%d rotation %d", mp_tileset_tile_id(g->ts, a->tile), a->x, a->y, a->rot);
        break;
    case MP_ACT_DEPLOY: {
        int32_t v = mp_grid_get(g, a->x, a->y);
        const char *kind = "?", *role = "follower";
        int32_t s = v < 0 ? -1 : mp_placed_feature_seg(g, &g->placed[v], a->feature);
        if (s >= 0) {
            const mp_kind *k = &g->ts->kinds[g->segs[s].kind];
            kind = k->name;
            if (k->follower[0]) role = k->follower;
        }
        const mp_piece *piece = a->piece < g->rs->n_pieces ? &g->rs->pieces[a->piece] : NULL;
        if (!a->piece || !piece) snprintf(buf, size, "deploy a %s on the %s (feature %d)", role, kind, a->feature);
        else if (piece->strength) snprintf(buf, size, "deploy your %s as a %s on the %s (feature %d)", piece->name, role, kind, a->feature);
        else snprintf(buf, size, "deploy your %s on the %s (feature %d)", piece->name, kind, a->feature);
        break;
    }
    case MP_ACT_PASS: snprintf(buf, size, "pass"); break;
    default: {
        const mp_module_use *u = a->module < g->rs->n_modules ? &g->rs->modules[a->module] : NULL;
        mp_module_view v = u ? mp_module_view_of(g, a->module) : (mp_module_view){ 0 };
        if (u && u->v->describe) u->v->describe(&v, a, buf, size);
        else snprintf(buf, size, "module action %d", a->code);
        break;
    }
    }
}
