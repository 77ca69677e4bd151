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
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jcz-modules.h"
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

/* The word in ns of the decision action a is, NULL when it is none or has no such word. */
static const char *word_of(const mp_game *g, const mp_action *a, const char *ns) {
    mp_decision d;
    return mp_game_decision(g, a, &d) ? NULL : jcz_decision_word(&d, ns);
}

/* Whether one of the legal actions is a pass (pass_decision false), or a module's decision
** JCloisterZone writes as PASS (true: a bid not made). */
static bool offers_pass(const mp_game *g, bool pass_decision) {
    int n;
    mp_action *a = legal_of(g, &n);
    bool found = false;
    for (int k = 0; k < n && !found; k++) {
        const char *type = word_of(g, &a[k], JCZ_ALIAS_NAMESPACE);
        found = pass_decision ? type && !strcmp(type, "PASS") : a[k].kind == MP_ACT_PASS;
    }
    free(a);
    return found;
}

/* Each kind of piece's class in JCloisterZone, from its meeple type (jcz_piece_type): small, a
** follower, is SmallFollower; a builder, no follower, Builder. */
static void piece_classes(const mp_ruleset *rs, jcz_view *v) {
    int n = mp_ruleset_n_pieces(rs);
    v->n_pieces = n < 8 ? n : 8;
    for (int k = 0; k < v->n_pieces; k++) {
        const char *type = jcz_piece_type(rs, k);
        mp_piece_info piece;
        v->piece_class[k][0] = 0;
        if (!type || mp_ruleset_piece(rs, k, &piece)) continue;
        snprintf(v->piece_class[k], sizeof v->piece_class[k], "%c%s%s", toupper((unsigned char)type[0]), type + 1,
                 piece.follower ? "Follower" : "");
    }
}

void jcz_view_of(const jcz_import *j, const char *const *names, jcz_view *v) {
    const mp_game *g = j->live;
    *v = (jcz_view){ .g = g, .scored = g, .ts = mp_ruleset_tiles(mp_game_ruleset(g)), .no_auction = j->no_auction,
                     .n_players = mp_game_n_players(g), .names = names };
    mp_phase ph = mp_game_phase(g);
    int vi = mp_game_module_phase(g);
    const char *module = vi >= 0 ? mp_ruleset_module_name(mp_game_ruleset(g), vi) : "";
    jcz_phase deciding = jcz_deciding(g);
    bool this_turn = ph == MP_PHASE_DEPLOY || deciding == JCZ_CASTLE_PHASE;   /* decisions before the turn's scoring */
    if (j->turn_open && !this_turn) {
        v->phase = JCZ_COMMIT_PHASE;
        v->scored = j->before ? j->before : g;
        v->player = v->turn_player = j->turn_player;
        v->undo = true;   /* the placement, at least, is his and of this turn */
        v->phase_name = phase_names[v->phase];
        return;
    }
    v->player = mp_game_current_player(g);
    switch (ph) {
    case MP_PHASE_PLACE:
        v->phase = JCZ_TILE_PHASE;
        v->can_pass = offers_pass(g, false);   /* a tile that fits only with a bridge may be let go */
        break;
    case MP_PHASE_DEPLOY:
        v->phase = JCZ_ACTION_PHASE;
        v->can_pass = true;
        break;
    case MP_PHASE_MODULE:
        v->phase = deciding;   /* the phase its module's decisions are taken in */
        if (deciding == JCZ_CASTLE_PHASE) v->can_pass = true;
        else if (deciding == JCZ_BAZAAR_PHASE) v->can_pass = offers_pass(g, true);   /* only a bid may be passed */
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
    v->turn_player = v->phase == JCZ_BAZAAR_PHASE ? j->turn_player : v->player;
    v->undo = v->player >= 0 && (j->actors >> v->player & 1);
    piece_classes(mp_game_ruleset(g), v);
}

int jcz_view_piece(const jcz_view *v, const char *name) {
    for (int k = 0; k < v->n_pieces; k++)
        if (v->piece_class[k][0] && !strcmp(v->piece_class[k], name)) return k;
    return -1;
}

/* An offer, once: a Meeple action once for each kind of piece, any other once for its type. */
static void add_offer(jcz_offer *out, int cap, int *n, const char *type, const char *about) {
    bool meeple = !strcmp(type, "Meeple");
    for (int k = 0; k < *n && k < cap; k++)
        if (!strcmp(out[k].type, type) && (!meeple || !strcmp(out[k].about, about))) return;
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
        /* A module's decision: the action JCloisterZone offers for it, with the token it places. */
        const char *offer = word_of(v->g, &a[k], JCZ_OFFER_NAMESPACE);
        if (a[k].kind == MP_ACT_DEPLOY) {
            if (a[k].piece < v->n_pieces && v->piece_class[a[k].piece][0])
                add_offer(out, cap, &n, "Meeple", v->piece_class[a[k].piece]);
        }
        else if (offer) add_offer(out, cap, &n, offer, word_of(v->g, &a[k], JCZ_TOKEN_NAMESPACE));
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
        const char *type = word_of(g, c, JCZ_ALIAS_NAMESPACE);   /* a module's placement (a bridge implied) */
        if ((c->kind != MP_ACT_PLACE && !(type && !strcmp(type, "PLACE_TILE"))) || c->tile != tile) continue;
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

int jcz_view_deployments(const jcz_view *v, int piece, jcz_deployment *out, int cap) {
    if (v->phase != JCZ_ACTION_PHASE) return 0;
    int nl, n = 0, x, y;
    if (mp_game_last_placed(v->g, &x, &y)) return 0;
    mp_action *a = legal_of(v->g, &nl);
    for (int k = 0; k < nl; k++) {
        if (a[k].kind != MP_ACT_DEPLOY || a[k].piece != piece) continue;
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
    /* A module's points are named by the kind of the feature they are for (a castle's fief: the
    ** castle), else by their category: none of the names below (a bazaar's price, a keep). */
    const char *kind = e->kind >= 0 ? mp_tileset_kind_name(mp_ruleset_tiles(rs), e->kind) : category;
    static const struct { const char *kind, *name; } names[] = {
        { "city", "city" }, { "road", "road" }, { "cloister", "monastery" }, { "castle", "castle" }, { "field", "field" },
    };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (!strcmp(names[k].kind, kind)) return names[k].name;
    return NULL;
}
