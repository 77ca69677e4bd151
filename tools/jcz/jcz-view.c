/*
** jcz-view.c: the game as JCloisterZone shows it where a .jcz file ends (jcz-view.h).
**
** JCloisterZone's turn runs TilePhase (place the tile), ActionPhase (a follower or a bridge, or
** pass; skipped when nothing can be done), CastlePhase (turn a town just completed into a castle),
** CommitActionPhase (wait for COMMIT), then scores and, after a bazaar tile, runs BazaarPhase.
** meeple has the same decisions (PLACE, DEPLOY, the castles and bazaars modules' decisions) but
** scores right after the last one. The importer keeps its game as it played the file, the open
** turn included, and the game before that turn's last action: when the file ends after the turn's
** decisions but before its COMMIT, meeple has scored the turn (and may be in the bazaar it
** starts, or past the game's end) while JCloisterZone waits in CommitActionPhase with nothing of
** the turn scored. The view then takes its scores from the game before that action.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jcz-view.h"

static const char *const phase_names[] = { "TilePhase", "ActionPhase", "CastlePhase", "BazaarPhase",
                                           "CommitActionPhase", "GameOverPhase", "" };

const char *jcz_phase_name(jcz_phase p) { return phase_names[p]; }

/* The legal actions of g, in a buffer the caller frees. */
static mp_action *legal_of(const mp_game *g, int *n) {
    *n = mp_game_legal(g, NULL, 0);
    mp_action *a = malloc(((size_t)*n + 1) * sizeof *a);
    if (!a) abort();
    mp_game_legal(g, a, *n);
    return a;
}

static const char *module_of(const mp_game *g, const mp_action *a) {
    return a->kind == MP_ACT_MODULE ? mp_ruleset_module_name(mp_game_ruleset(g), a->module) : "";
}

/* Whether one of the legal actions is decision `name` of a module (mp_game_decision: "pass" of
** the bazaars), or is a pass when name is NULL. */
static bool offers(const mp_game *g, const char *module, const char *name) {
    int n;
    mp_action *a = legal_of(g, &n);
    bool found = false;
    for (int k = 0; k < n && !found; k++) {
        mp_decision d;
        if (!name) { found = a[k].kind == MP_ACT_PASS; continue; }
        found = !mp_game_decision(g, &a[k], &d) && !strcmp(d.module, module) && !strcmp(d.name, name);
    }
    free(a);
    return found;
}

void jcz_view_of(const jcz_import *j, const char *const *names, jcz_view *v) {
    const mp_game *g = j->live;
    *v = (jcz_view){ .g = g, .scored = g, .ts = mp_ruleset_tiles(mp_game_ruleset(g)), .no_auction = j->no_auction,
                     .n_players = mp_game_n_players(g), .names = names };
    mp_phase ph = mp_game_phase(g);
    int vi = mp_game_module_phase(g);
    const char *module = vi >= 0 ? mp_ruleset_module_name(mp_game_ruleset(g), vi) : "";
    bool this_turn = ph == MP_PHASE_DEPLOY || !strcmp(module, "castles");   /* decisions before the turn's scoring */
    if (j->turn_open && !this_turn) {
        v->phase = JCZ_COMMIT_PHASE;
        v->scored = j->before ? j->before : g;
        v->player = j->turn_player;
        v->undo = true;   /* the placement, at least, is his and of this turn */
        v->phase_name = phase_names[v->phase];
        return;
    }
    v->player = mp_game_current_player(g);
    switch (ph) {
    case MP_PHASE_PLACE:
        v->phase = JCZ_TILE_PHASE;
        v->can_pass = offers(g, NULL, NULL);   /* a tile that fits only with a bridge may be let go */
        break;
    case MP_PHASE_DEPLOY:
        v->phase = JCZ_ACTION_PHASE;
        v->can_pass = true;
        break;
    case MP_PHASE_MODULE:
        if (!strcmp(module, "castles")) {
            v->phase = JCZ_CASTLE_PHASE;
            v->can_pass = true;
        } else if (!strcmp(module, "bazaars")) {
            v->phase = JCZ_BAZAAR_PHASE;
            v->can_pass = offers(g, "bazaars", "pass");   /* only a bid may be passed */
        } else {
            v->phase = JCZ_UNMAPPED;
        }
        break;
    case MP_PHASE_OVER:
        v->phase = JCZ_GAME_OVER;
        v->player = -1;
        break;
    case MP_PHASE_SETUP:   /* not seen: an imported game is started as it is built (jcz-replay.c) */
        v->phase = JCZ_UNMAPPED;
        v->player = -1;
        break;
    }
    v->phase_name = v->phase == JCZ_UNMAPPED ? module : phase_names[v->phase];
    v->undo = v->player >= 0 && (j->actors >> v->player & 1);
}

/* The bazaar's actions by the stage the legal list shows (mp_game_decision's kinds); NULL when a
** is not the bazaars'. */
static const char *bazaar_type(const mp_game *g, const mp_action *a) {
    mp_decision d;
    if (mp_game_decision(g, a, &d) || strcmp(d.module, "bazaars") != 0) return NULL;
    if (!strcmp(d.name, "select") || !strcmp(d.name, "pick")) return "BazaarSelectTile";
    if (!strcmp(d.name, "bid") || !strcmp(d.name, "pass")) return "BazaarBid";
    if (!strcmp(d.name, "buy") || !strcmp(d.name, "sell")) return "BazaarSelectBuyOrSell";
    return NULL;
}

static void add_offer(jcz_offer *out, int cap, int *n, const char *type, const char *about) {
    for (int k = 0; k < *n && k < cap; k++)
        if (!strcmp(out[k].type, type)) return;
    if (*n < cap) out[*n] = (jcz_offer){ type, about };
    ++*n;
}

int jcz_view_offers(const jcz_view *v, jcz_offer *out, int cap) {
    int n = 0, nl;
    switch (v->phase) {
    case JCZ_TILE_PHASE:
        add_offer(out, cap, &n, "TilePlacement", jcz_tile_id(v->ts, mp_game_drawn_tile(v->g)));
        return n;
    case JCZ_CASTLE_PHASE: add_offer(out, cap, &n, "Castle", "CASTLE"); return n;
    case JCZ_COMMIT_PHASE: add_offer(out, cap, &n, "Confirm", NULL); return n;
    case JCZ_GAME_OVER: case JCZ_UNMAPPED: return 0;
    default: break;
    }
    mp_action *a = legal_of(v->g, &nl);
    for (int k = 0; k < nl; k++) {
        if (a[k].kind == MP_ACT_DEPLOY) add_offer(out, cap, &n, "Meeple", "SmallFollower");
        else if (!strcmp(module_of(v->g, &a[k]), "bridges")) add_offer(out, cap, &n, "Bridge", "BRIDGE");
        else if (bazaar_type(v->g, &a[k])) add_offer(out, cap, &n, bazaar_type(v->g, &a[k]), NULL);
    }
    free(a);
    return n;
}

int jcz_view_placements(const jcz_view *v, int tile, jcz_placement *out, int cap, char *why, size_t size) {
    const char *id = jcz_tile_id(v->ts, tile);
    if (v->phase != JCZ_TILE_PHASE) {
        snprintf(why, size, "no tile is to be placed now (%s)", v->phase_name);
        return -1;
    }
    const mp_game *g = v->g;
    mp_game *copy = NULL;
    int drawn = mp_game_drawn_tile(g);
    if (tile != drawn) {
        if (mp_game_bag_count(g, tile) == 0) {
            snprintf(why, size, "tile %s is neither the tile to place (%s) nor left in the bag", id,
                     jcz_tile_id(v->ts, drawn));
            return -1;
        }
        if (!(copy = mp_game_clone_to_place(g, v->player, tile))) {
            snprintf(why, size, "tile %s fits nowhere now", id);
            return -1;
        }
        g = copy;
    }
    int nl, n = 0, nc = 0, period = mp_tileset_tile_rotations(v->ts, tile);
    mp_action *a = legal_of(g, &nl);
    /* The cells in the order the list first names them, each with the rotations listed there:
    ** the list names only the first rotation of each picture (those below the period). */
    struct cell { int x, y; unsigned rots; } *cells = malloc(((size_t)nl + 1) * sizeof *cells);
    if (!cells) abort();
    for (int k = 0; k < nl; k++) {
        const mp_action *c = &a[k];
        if ((c->kind != MP_ACT_PLACE && strcmp(module_of(g, c), "bridges") != 0) || c->tile != tile) continue;
        int i = 0;
        while (i < nc && !(cells[i].x == c->x && cells[i].y == c->y)) i++;
        if (i == nc) cells[nc++] = (struct cell){ c->x, c->y, 0 };
        cells[i].rots |= 1u << c->rot;   /* with a bridge or without: JCloisterZone lists it once */
    }
    for (int i = 0; i < nc; i++)
        for (int r = 0; r < 4; r++)
            if (cells[i].rots >> r % period & 1) {
                if (n < cap) out[n] = (jcz_placement){ cells[i].x, cells[i].y, 90 * r };
                n++;
            }
    free(cells);
    free(a);
    mp_game_free(copy);
    return n;
}

int jcz_view_deployments(const jcz_view *v, jcz_deployment *out, int cap) {
    if (v->phase != JCZ_ACTION_PHASE) return 0;
    int nl, n = 0, x, y;
    if (mp_game_last_placed(v->g, &x, &y)) return 0;
    mp_action *a = legal_of(v->g, &nl);
    for (int k = 0; k < nl; k++) {
        if (a[k].kind != MP_ACT_DEPLOY) continue;
        unsigned ports;
        int kind;
        jcz_feature_ports(v->g, x, y, a[k].feature, &ports, &kind);
        if (n < cap) {
            const char *kname = kind >= 0 ? mp_tileset_kind_name(v->ts, kind) : "?";
            const char *type = jcz_feature_type(kname);
            jcz_deployment *d = &out[n];
            snprintf(d->feature, sizeof d->feature, "%s", type ? type : kname);
            jcz_location_name(ports, d->location, sizeof d->location);
            d->x = x;
            d->y = y;
        }
        n++;
    }
    free(a);
    return n;
}

const char *jcz_event_name(const mp_game *g, const mp_score_event *e) {
    const mp_ruleset *rs = mp_game_ruleset(g);
    const char *category = mp_game_category_name(g, e->category);
    if (e->why == MP_WHY_FARM || !strcmp(category, mp_ruleset_farm_category(rs))) return "field";
    if (e->why == MP_WHY_MODULE) return !strcmp(e->label, "castle") ? "castle" : NULL;
    const char *kind = e->kind >= 0 ? mp_tileset_kind_name(mp_ruleset_tiles(rs), e->kind) : category;
    static const struct { const char *kind, *name; } names[] = {
        { "city", "city" }, { "road", "road" }, { "cloister", "monastery" }, { "castle", "castle" }, { "field", "field" },
    };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (!strcmp(names[k].kind, kind)) return names[k].name;
    return NULL;
}
