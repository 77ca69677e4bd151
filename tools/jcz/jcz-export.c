/*
** jcz-export.c: a meeple record written as a JCloisterZone saved game (.jcz), the inverse of the
** importer's translation (jcz-replay.c); meeple-export(1).
**
** The ruleset must be one a JCloisterZone setup maps to (jcz-match.c). The record is replayed
** action by action; each action, read in the game as it stands, becomes the message
** JCloisterZone writes for it: a placement PLACE_TILE (a placement legal only with a bridge implies
** it), a deployment DEPLOY_MEEPLE with the feature's location in JCloisterZone's names, a pass
** PASS, a bridge or a castle PLACE_TOKEN, a bazaar's decisions BAZAAR_BID and BAZAAR_BUY_OR_SELL.
** A turn's own decisions end with COMMIT, before a bazaar's auction when one follows. Where meeple
** skipped a follower decision that had no choice, JCloisterZone still asks: a PASS stands for it.
** The players are listed from the first to move (JCloisterZone's seat 0); the tiles the bag gave,
** in that order, are gameAnnotations.drawOrder, and the record's end_after its endTurn.
**
** A module's action is written from its decision and the words its module declares for
** JCloisterZone (the message type, the token, the value; the phase that says whether it comes
** after COMMIT: jcz-modules.h), with its arguments by name: no module is named here.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jcz-impl.h"
#include "jcz-location.h"
#include "jcz-modules.h"

enum { MAX_FOLLOWERS = 100, MAX_KINDS = 8 };

/* Where each player's pieces stand, to name them as JCloisterZone does: SEAT.TYPE.N, TYPE the
** kind's meeple type (jcz_piece_type: small, big), N from 1 for each seat and type, the lowest
** free number. */
typedef struct follower { bool on; int x, y; } follower;

typedef struct exporter {
    const mp_record *rec;
    const mp_ruleset *rs;
    const mp_tileset *ts;
    mp_game *g;
    json_t *replay;
    int first, n;                       /* the record's first player and its number of players */
    bool open;                          /* a PLACE_TILE written, its COMMIT not yet */
    int chosen;                         /* the bazaar tile up for auction (supplyIndex) */
    int commits;
    follower (*men)[MAX_KINDS][MAX_FOLLOWERS];
    int kinds;                          /* kinds of piece (at most MAX_KINDS) */
    int count[MAX_KINDS];               /* how many of each a player has (at most MAX_FOLLOWERS) */
    const char *path;
    int turn;                           /* the record's turn being written, from 1 */
} exporter;

static int fail(exporter *x, mp_diag *d, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(exporter *x, mp_diag *d, const char *fmt, ...) {
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(d->file, sizeof d->file, "%s", x->path);
    d->line = d->column = 0;
    snprintf(d->message, sizeof d->message, "turn %d: %s", x->turn, msg);
    return 1;
}

/* JCloisterZone's seat of a meeple seat: the first player is its seat 0. */
static int jcz_seat(const exporter *x, int seat) { return (seat - x->first + x->n) % x->n; }

static void message(exporter *x, const char *type, json_t *payload) {
    json_t *m = json_object();
    json_object_set_new(m, "type", json_string(type));
    json_object_set_new(m, "payload", payload ? payload : json_object());
    json_array_append_new(x->replay, m);
}

/* COMMIT {random}: JCloisterZone's random number, here one of the seed and the commit's count
** (a multiple of 2^-53 in [0, 1): written and read back exactly). */
static void commit(exporter *x) {
    uint64_t z = mp_record_seed(x->rec) + 0x9e3779b97f4a7c15ULL * (uint64_t)(++x->commits);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    json_t *p = json_object();
    json_object_set_new(p, "random", json_real((double)(z >> 11) / 9007199254740992.0));
    message(x, "COMMIT", p);
    x->open = false;
}

static json_t *position(int px, int py) {
    json_t *a = json_array();
    json_array_append_new(a, json_integer(px));
    json_array_append_new(a, json_integer(py));
    return a;
}

static json_t *pointer(int px, int py, const char *feature, const char *location) {
    json_t *p = json_object();
    json_object_set_new(p, "position", position(px, py));
    json_object_set_new(p, "feature", json_string(feature));
    json_object_set_new(p, "location", json_string(location));
    return p;
}

static void place_tile(exporter *x, int tile, int rot, int px, int py) {
    static const char *const rots[] = { "R0", "R90", "R180", "R270" };
    json_t *p = json_object();
    json_object_set_new(p, "tileId", json_string(jcz_tile_id(x->ts, tile)));
    json_object_set_new(p, "rotation", json_string(rots[rot & 3]));
    json_object_set_new(p, "position", position(px, py));
    message(x, "PLACE_TILE", p);
    x->open = true;
}

/* ------------------------------------------------------------------ locations */

/* The pointer of feature f of the tile at px,py: its JCloisterZone feature type and location. */
static int feature_pointer(exporter *x, int px, int py, int f, json_t **out, mp_diag *d) {
    unsigned ports;
    int kind;
    if (jcz_feature_ports(x->g, px, py, f, &ports, &kind))
        return fail(x, d, "no feature %d on the tile at %d,%d (a bug of meeple export)", f, px, py);
    const char *kname = mp_tileset_kind_name(x->ts, kind), *fname = jcz_feature_type(kname);
    if (!fname) return fail(x, d, "a follower on a %s, which JCloisterZone has no name for; expected a city, road, "
                            "field or cloister", kname);
    char loc[JCZ_LOCATION_MAX];
    *out = pointer(px, py, fname, jcz_location_name(ports, loc, sizeof loc));
    return 0;
}

/* ------------------------------------------------------------------ actions */

static int deploy(exporter *x, const mp_action *a, mp_diag *d) {
    int px, py, p = mp_game_current_player(x->g), kind = a->piece;
    if (mp_game_last_placed(x->g, &px, &py)) return fail(x, d, "a follower before any placement");
    const char *type = jcz_piece_type(x->rs, kind);
    if (!type || kind >= x->kinds) return fail(x, d, "piece %d has no JCloisterZone meeple type (a bug of meeple export)", kind);
    json_t *ptr = NULL;
    if (feature_pointer(x, px, py, a->feature, &ptr, d)) return 1;
    follower *men = x->men[p][kind];
    int k = 0;
    while (k < x->count[kind] && men[k].on) k++;
    if (k == x->count[kind]) k = x->count[kind] - 1;   /* (the kernel allows no more) */
    men[k] = (follower){ true, px, py };
    char id[64];
    snprintf(id, sizeof id, "%d.%s.%d", jcz_seat(x, p), type, k + 1);
    json_t *pl = json_object();
    json_object_set_new(pl, "pointer", ptr);
    json_object_set_new(pl, "meepleId", json_string(id));
    message(x, "DEPLOY_MEEPLE", pl);
    return 0;
}

/* Whether a piece of that kind of the player's stands on the tile at (px, py). */
static bool stands(const exporter *x, int p, int kind, int px, int py) {
    mp_figure_info figs[8];
    int n = mp_game_figures_at(x->g, px, py, figs, 8);
    for (int i = 0; i < n && i < 8; i++)
        if (figs[i].player == p && figs[i].piece == kind) return true;
    return false;
}

/* Pieces that went home are free again. */
static void followers_home(exporter *x) {
    for (int p = 0; p < x->n; p++)
        for (int kind = 0; kind < x->kinds; kind++)
            for (int k = 0; k < x->count[kind]; k++) {
                follower *m = &x->men[p][kind][k];
                if (m->on && !stands(x, p, kind, m->x, m->y)) m->on = false;
            }
}

/* The argument `name` of a decision, 0 when it has none. */
static int32_t arg_of(const mp_decision *dec, const char *name) {
    int32_t v = 0;
    jcz_decision_arg(dec, name, &v);
    return v;
}

/* PLACE_TOKEN: a bridge on the action's tile along its axis (0 north-south, meeple-ruleset(5)), or
** a castle on the town of the action's tile and the other one (other-x, other-y): the pointer
** names the first, on the side facing the second. */
static int token(exporter *x, const mp_decision *dec, const mp_action *a, const char *text, mp_diag *d) {
    const char *t = jcz_decision_word(dec, JCZ_TOKEN_NAMESPACE);
    json_t *ptr;
    if (t && !strcmp(t, "BRIDGE")) {
        ptr = pointer(a->x, a->y, "Road", arg_of(dec, "axis") == 0 ? "NS" : "WE");
    } else if (t && !strcmp(t, "CASTLE")) {
        int dx = arg_of(dec, "other-x") - a->x, dy = arg_of(dec, "other-y") - a->y;
        int side = dy < 0 ? 0 : dx > 0 ? 1 : dy > 0 ? 2 : 3;
        char loc[JCZ_LOCATION_MAX];
        ptr = pointer(a->x, a->y, "City", jcz_location_name(1u << (3 * side + 1), loc, sizeof loc));
    } else {
        return fail(x, d, "'%s' places a token JCloisterZone has no pointer for (a bug of meeple export)", text);
    }
    json_t *pl = json_object();
    json_object_set_new(pl, "token", json_string(t));
    json_object_set_new(pl, "pointer", ptr);
    message(x, "PLACE_TOKEN", pl);
    return 0;
}

/* BAZAAR_BID: the tile (a slot argument: a selection opens the bidding on it; else the tile up
** for auction) and the price (a bid argument, else 0). */
static void bazaar_bid(exporter *x, const mp_decision *dec) {
    int32_t slot, bid;
    bool has_slot = jcz_decision_arg(dec, "slot", &slot), has_bid = jcz_decision_arg(dec, "bid", &bid);
    if (has_slot && has_bid) x->chosen = slot;
    json_t *pl = json_object();
    json_object_set_new(pl, "supplyIndex", json_integer(has_slot ? slot : x->chosen));
    json_object_set_new(pl, "price", json_integer(has_bid ? bid : 0));
    message(x, "BAZAAR_BID", pl);
}

/* The messages of one action, a, in the game as it stands before it; *placed: a tile was placed. */
static int action_messages(exporter *x, const mp_action *a, bool *placed, mp_diag *d) {
    char text[128];
    mp_notation_format(x->g, a, text, sizeof text);
    *placed = false;
    switch (a->kind) {
    case MP_ACT_PLACE:
        place_tile(x, a->tile, a->rot, a->x, a->y);
        *placed = true;
        return 0;
    case MP_ACT_DEPLOY:
        return deploy(x, a, d);
    case MP_ACT_PASS:
        message(x, "PASS", NULL);   /* no follower; or a tile that fits only with a bridge, let go */
        return 0;
    default:
        break;
    }
    const char *module = mp_ruleset_module_name(x->rs, a->module);
    mp_decision dec;
    if (mp_game_decision(x->g, a, &dec))
        return fail(x, d, "'%s' is no decision its module names (a bug of meeple export)", text);
    const char *type = jcz_decision_word(&dec, JCZ_ALIAS_NAMESPACE);
    if (!type)
        return fail(x, d, "'%s': module '%s' has no JCloisterZone message; expected a module JCloisterZone plays", text,
                    module);
    /* A decision of a phase after the turn's (a bazaar's): the turn's own decisions end first. */
    if (jcz_module_phase(x->rs, a->module) == JCZ_BAZAAR_PHASE && x->open) commit(x);
    if (!strcmp(type, "PLACE_TILE")) {   /* a placement legal only with what it implies (a bridge) */
        place_tile(x, a->tile, a->rot, a->x, a->y);
        *placed = true;
        return 0;
    }
    if (!strcmp(type, "PLACE_TOKEN")) {
        *placed = mp_game_phase(x->g) == MP_PHASE_DEPLOY;   /* a bridge: the follower is asked again after it */
        return token(x, &dec, a, text, d);
    }
    if (!strcmp(type, "BAZAAR_BID")) {
        bazaar_bid(x, &dec);
        return 0;
    }
    if (!strcmp(type, "BAZAAR_BUY_OR_SELL")) {
        const char *value = jcz_decision_word(&dec, JCZ_VALUE_NAMESPACE);
        json_t *pl = json_object();
        json_object_set_new(pl, "value", json_string(value ? value : ""));
        message(x, type, pl);
        return 0;
    }
    if (!strcmp(type, "PASS")) {
        message(x, "PASS", NULL);
        return 0;
    }
    return fail(x, d, "'%s' has no JCloisterZone message (a bug of meeple export)", text);
}

/* The record's end_after, as its replay does: the game ends once that many tiles were drawn. */
static int end_if_due(exporter *x, mp_diag *d) {
    long end = mp_record_end_after(x->rec);
    if (end < 0 || mp_game_phase(x->g) != MP_PHASE_PLACE || mp_game_n_drawn(x->g) < end) return 0;
    mp_diag e = { 0 };
    if (mp_game_end_now(x->g, &e)) return fail(x, d, "end_after: %s", e.message);
    return 0;
}

static int write_turn(exporter *x, const char *s, mp_diag *d) {
    int offset = 0;
    while (s[offset] && strspn(s + offset, " \t") < strlen(s + offset)) {
        mp_action a;
        int used = 0;
        mp_diag e = { 0 };
        if (mp_notation_parse(x->g, s + offset, &a, &used, &e)) return fail(x, d, "%s", e.message);
        bool placed;
        if (action_messages(x, &a, &placed, d)) return 1;
        if (mp_game_apply(x->g, &a, &e)) return fail(x, d, "'%.*s' is illegal: %s", used, s + offset, e.message);
        /* A follower decision meeple skipped (nothing but a pass): JCloisterZone asks it all the same. */
        if (placed && mp_game_phase(x->g) != MP_PHASE_DEPLOY) message(x, "PASS", NULL);
        followers_home(x);
        offset += used;
    }
    if (x->open) commit(x);
    return 0;
}

static json_t *players_json(const exporter *x) {
    json_t *a = json_array();
    for (int k = 0; k < x->n; k++) {
        int seat = (x->first + k) % x->n;
        json_t *p = json_object();
        json_object_set_new(p, "name", json_string(mp_record_player_name(x->rec, seat)));
        json_object_set_new(p, "slot", json_integer(seat));   /* a colour: the seat in the record */
        json_array_append_new(a, p);
    }
    return a;
}

static json_t *start_json(const mp_tileset *ts) {
    json_t *s = json_object(), *a = json_array();
    for (int t = 0; t < mp_tileset_n_tiles(ts); t++)
        if (mp_tileset_tile_is_start(ts, t)) json_object_set_new(s, "tile", json_string(jcz_tile_id(ts, t)));
    json_object_set_new(s, "x", json_integer(0));
    json_object_set_new(s, "y", json_integer(0));
    json_object_set_new(s, "rotation", json_integer(0));
    json_array_append_new(a, s);
    return a;
}

/* The tiles the bag gave, in order: drawOrder. */
static json_t *draw_order(const exporter *x) {
    int n = mp_game_bag_taken(x->g, NULL, 0);
    int *tiles = malloc(((size_t)n + 1) * sizeof *tiles);
    if (!tiles) abort();
    mp_game_bag_taken(x->g, tiles, n);
    json_t *a = json_array();
    for (int k = 0; k < n; k++) json_array_append_new(a, json_string(jcz_tile_id(x->ts, tiles[k])));
    free(tiles);
    return a;
}

/* How many of each kind of piece a player has, at the start; 1 with d filled when a kind has no
** JCloisterZone meeple type (a piece without `aliases: {jcz: TYPE}`). */
static int piece_counts(exporter *x, const char *path, mp_diag *d) {
    x->kinds = mp_ruleset_n_pieces(x->rs) < MAX_KINDS ? mp_ruleset_n_pieces(x->rs) : MAX_KINDS;
    for (int k = 0; k < mp_ruleset_n_pieces(x->rs); k++) {
        mp_piece_info piece;
        if (!mp_ruleset_piece(x->rs, k, &piece) && !jcz_piece_type(x->rs, k)) {
            snprintf(d->file, sizeof d->file, "%s", path);
            d->line = d->column = 0;
            snprintf(d->message, sizeof d->message, "ruleset '%s' cannot be written for JCloisterZone: piece '%s' has "
                     "no JCloisterZone meeple type; expected every kind of piece with one (aliases: {%s: TYPE}, as big "
                     "for a large follower)", mp_ruleset_name(x->rs), piece.name, JCZ_ALIAS_NAMESPACE);
            return 1;
        }
        if (k >= MAX_KINDS) continue;
        int n = mp_game_piece_supply(x->g, 0, k);
        x->count[k] = n > MAX_FOLLOWERS ? MAX_FOLLOWERS : n < 1 ? 1 : n;
    }
    return 0;
}

int jcz_export_record(const char *path, const mp_record *rec, const mp_ruleset *rs, jcz_export *out, mp_diag *d) {
    memset(out, 0, sizeof *out);
    exporter x = { .rec = rec, .rs = rs, .ts = mp_ruleset_tiles(rs), .path = path, .chosen = 0,
                   .first = mp_record_first_player(rec), .n = mp_record_n_players(rec) };
    if (!(x.g = mp_record_replay(rec, rs, 1, 0, d))) return 1;
    if (piece_counts(&x, path, d)) {
        mp_game_free(x.g);
        return 1;
    }
    jcz_options o;
    if (jcz_match_ruleset(rs, x.n, mp_game_piece_supply(x.g, 0, 0), &o, d)) {
        snprintf(d->file, sizeof d->file, "%s", path);
        mp_game_free(x.g);
        return 1;
    }
    for (int t = 0; t < mp_tileset_n_tiles(x.ts); t++)
        if (mp_tileset_tile_count(x.ts, t) && !jcz_tile_id(x.ts, t)[0]) {
            mp_game_free(x.g);
            snprintf(d->file, sizeof d->file, "%s", path);
            d->line = d->column = 0;
            snprintf(d->message, sizeof d->message, "tile '%s' of ruleset '%s' has no JCloisterZone id; expected "
                     "every tile with one (aliases: {%s: ID})", mp_tileset_tile_id(x.ts, t), mp_ruleset_name(rs),
                     JCZ_ALIAS_NAMESPACE);
            return 1;
        }
    x.men = calloc((size_t)x.n, sizeof *x.men);
    x.replay = json_array();
    if (!x.men || !x.replay) abort();
    int rc = 0;
    for (int t = 0; t < mp_record_n_turns(rec) && !rc; t++) {
        x.turn = t + 1;
        rc = end_if_due(&x, d) || write_turn(&x, mp_record_turn(rec, t), d);
    }
    if (!rc) rc = end_if_due(&x, d);
    if (rc) {
        json_decref(x.replay);
        free(x.men);
        mp_game_free(x.g);
        return 1;
    }
    jcz_setup st;
    jcz_options_ruleset(&o, &st);
    json_t *root = json_object();
    json_object_set_new(root, "appVersion", json_string(JCZ_APP_VERSION));
    char id[64];
    snprintf(id, sizeof id, "meeple-%s-%llu", mp_ruleset_hash(rs), (unsigned long long)mp_record_seed(rec));
    json_object_set_new(root, "gameId", json_string(id));
    /* The seed as initialRandom (the importer's inverse: times 2^53), exact below 2^53. */
    uint64_t seed = mp_record_seed(rec);
    json_object_set_new(root, "initialRandom", json_real((double)(seed & ((1ULL << 53) - 1)) / 9007199254740992.0));
    json_t *clock = json_array();
    for (int k = 0; k < x.n; k++) json_array_append_new(clock, json_integer(0));
    json_object_set_new(root, "clock", clock);
    json_t *setup = jcz_options_json(&o);
    json_object_set_new(setup, "start", start_json(x.ts));
    json_object_set_new(root, "setup", setup);
    json_object_set_new(root, "players", players_json(&x));
    out->n_messages = (int)json_array_size(x.replay);
    json_object_set_new(root, "replay", x.replay);
    json_t *ann = json_object();
    json_object_set_new(ann, "drawOrder", draw_order(&x));
    if (mp_record_end_after(rec) >= 0) json_object_set_new(ann, "endTurn", json_integer(mp_record_end_after(rec)));
    json_object_set_new(root, "gameAnnotations", ann);
    out->text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    if (!out->text) abort();
    out->len = strlen(out->text);
    json_decref(root);
    snprintf(out->ruleset, sizeof out->ruleset, "%s", mp_ruleset_name(rs));
    snprintf(out->setup, sizeof out->setup, "%s", st.summary);
    out->n_turns = mp_record_n_turns(rec);
    out->n_drawn = mp_game_n_drawn(x.g);
    out->end_turn = (int)mp_record_end_after(rec);
    out->over = mp_game_phase(x.g) == MP_PHASE_OVER;
    free(x.men);
    mp_game_free(x.g);
    return 0;
}

void jcz_export_free(jcz_export *x) {
    free(x->text);
    memset(x, 0, sizeof *x);
}
