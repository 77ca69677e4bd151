/*
** jcz-replay.c: the messages of a JCloisterZone replay played as meeple actions.
**
** Each message becomes an action in meeple's notation, is applied to the game and written into
** the turn it belongs to (a turn runs from a placement to the next): PLACE_TILE a placement (with
** the bridge it implies when it fits only with one), DEPLOY_MEEPLE a deployment on the feature of
** the tile that covers the location named, PASS whatever the game asks to decline, PLACE_TOKEN a
** bridge or a castle, BAZAAR_BID and BAZAAR_BUY_OR_SELL the auction; COMMIT ends the turn. What
** the file leaves implied (no follower, no castle) is passed; a decision meeple skips because
** there was no choice takes no message. A message the game does not accept is reported at its
** place in the file.
**
** A module's decision is found by the words the module declares for JCloisterZone (its message
** type, token, value, the phase it is taken in: jcz-modules.h), and its action built from the
** decision, never spelt in notation: no module is named here.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jcz-impl.h"
#include "jcz-location.h"
#include "jcz-modules.h"

enum { MAX_LEGAL = 8192 };

/* The actions offered now, in one buffer (no caller keeps it across another call). */
static mp_action legal[MAX_LEGAL];

static int list_legal(const mp_game *g) {
    int n = mp_game_legal(g, legal, MAX_LEGAL);
    return n < MAX_LEGAL ? n : MAX_LEGAL;
}

static const char *module_now(const jcz_sim *s) {
    int v = mp_game_module_phase(s->g);
    return v >= 0 ? mp_ruleset_module_name(s->rs, v) : "";
}

static void push_turn(jcz_sim *s) {
    if (s->n_turns == s->cap_turns) {
        s->cap_turns = s->cap_turns ? 2 * s->cap_turns : 64;
        s->turns = realloc(s->turns, (size_t)s->cap_turns * sizeof *s->turns);
        s->turn_msg = realloc(s->turn_msg, (size_t)s->cap_turns * sizeof *s->turn_msg);
        if (!s->turns || !s->turn_msg) abort();
    }
    s->turns[s->n_turns] = s->turn.s;
    s->turn_msg[s->n_turns++] = s->turn_first;
    s->turn = (jcz_sbuf){ 0 };
    s->turn_first = -1;
    s->actors = 0;
}

/* Formats, applies and records one action of message i. */
static int apply(jcz_sim *s, int i, const char *type, const mp_action *a, const char *what, mp_diag *d) {
    char text[256], jp[32];
    snprintf(jp, sizeof jp, "replay[%d]", i);
    mp_notation_format(s->g, a, text, sizeof text);
    mp_diag e = { 0 };
    int player = mp_game_current_player(s->g);
    mp_game *before = mp_game_clone(s->g);
    if (mp_game_apply(s->g, a, &e)) {
        mp_game_free(before);
        return jcz_error(s->src, d, jp, type, "%s ('%s') is illegal: %s", what, text, e.message);
    }
    mp_game_free(s->before);
    s->before = before;
    s->actors |= 1u << player;
    if (s->turn_first < 0) s->turn_first = i;
    jcz_sb_add(&s->turn, "%s%s", s->turn.n ? " " : "", text);
    mp_phase ph = mp_game_phase(s->g);
    if (ph == MP_PHASE_PLACE || ph == MP_PHASE_OVER) push_turn(s);
    return 0;
}

/* The same for a module's decision of kind k, as choice c names it (NULL: no arguments). */
static int apply_decision(jcz_sim *s, int i, const char *type, jcz_kind k, const jcz_choice *c, const char *what,
                          mp_diag *d) {
    char jp[32];
    snprintf(jp, sizeof jp, "replay[%d]", i);
    if (!k.kind)
        return jcz_error(s->src, d, jp, type, "%s is not possible here: no module of ruleset '%s' takes it", what,
                         mp_ruleset_name(s->rs));
    static const jcz_choice none = { 0 };
    mp_action a = jcz_decision_action(s->g, k, c ? c : &none);
    return apply(s, i, type, &a, what, d);
}

/* The PASS of the decision under way (a town kept, no bid), as its module writes it. */
static jcz_kind pass_now(const jcz_sim *s) {
    return jcz_find_kind(s->rs, mp_game_module_phase(s->g), JCZ_ALIAS_NAMESPACE, "PASS", NULL, NULL);
}

/* The phase of JCloisterZone the decision under way is taken in. */
static jcz_phase deciding(const jcz_sim *s) { return jcz_deciding(s->g); }

/* The bazaar's decision now, from the actions offered: 's'elect, 'p'ick, 'b'id, 'd'ecide, 0 none. */
static char bazaar_stage(const jcz_sim *s, int *n_open) {
    if (deciding(s) != JCZ_BAZAAR_PHASE) return 0;
    int n = list_legal(s->g);
    char stage = 0;
    if (n_open) *n_open = 0;
    for (int k = 0; k < n; k++) {
        mp_decision dc;
        if (mp_game_decision(s->g, &legal[k], &dc)) continue;
        int slot = 0;   /* counted from 1, as the notation writes it */
        if (!strcmp(dc.name, "select")) stage = 's', slot = dc.args[0] + 1;
        else if (!strcmp(dc.name, "pick")) stage = 'p', slot = dc.args[0] + 1;
        else if (!strcmp(dc.name, "bid") || !strcmp(dc.name, "pass")) stage = 'b';
        else if (!strcmp(dc.name, "buy") || !strcmp(dc.name, "sell")) stage = 'd';
        if (n_open && slot > *n_open) *n_open = slot;
    }
    return stage;
}

/* After every action: a bazaar starting, or ending. When one ends, the tiles its players placed
** next (the file's placements) are the tiles it turned up, in the order of the players; put back
** in the order of its slots, they are what the bag gave. If the order played differs, it is
** corrected and the game played again (without drawOrder only: with it, the bag is the file's). */
static void watch_bazaar(jcz_sim *s) {
    jcz_bazaar *b = &s->bz;
    bool in = deciding(s) == JCZ_BAZAAR_PHASE;
    if (in && !b->on) {
        *b = (jcz_bazaar){ .on = true, .active = s->last_placer, .at = s->placements - 1 };
        for (int p = 0; p < MP_MAX_PLAYERS; p++) b->got[p] = -1;
        bazaar_stage(s, &b->n_open);
        b->first = mp_game_bag_taken(s->g, NULL, 0) - b->n_open;   /* its tiles are the last taken */
        if (b->first < 0) b->first = b->at + 1;
        return;
    }
    if (in || !b->on) return;
    b->on = false;
    int n = mp_game_n_players(s->g), without = -1, missing = 0;
    bool taken[MP_MAX_PLAYERS] = { false };
    for (int p = 0; p < n; p++) {
        if (b->got[p] >= 0 && b->got[p] < MP_MAX_PLAYERS) taken[b->got[p]] = true;
        else { without = p; missing++; }
    }
    for (int k = 0; k < b->n_open && missing == 1; k++)   /* the last tile went free */
        if (!taken[k]) { b->got[without] = k; break; }
    if (s->fixed && b->first + b->n_open <= s->n_fixed) return;   /* all of them drawOrder's */
    char want[MP_MAX_PLAYERS][64] = { { 0 } };
    int j = 0, got = 0;
    for (int k = 1; k <= n; k++) {
        int p = (b->active + k) % n;
        if (b->got[p] < 0 || b->got[p] >= b->n_open) continue;
        int at = b->at + 1 + j++;
        if (at >= s->n_placed || b->first + b->n_open > s->n_order) return;   /* the file ends first */
        snprintf(want[b->got[p]], sizeof want[0], "%s", mp_tileset_tile_id(s->ts, s->placed[at]));
        got++;
    }
    if (got != b->n_open) return;
    for (int k = 0; k < b->n_open; k++)
        if (!want[k][0]) return;                 /* two players with one tile: no order to learn */
    for (int k = 0; k < b->n_open; k++)
        if (b->first + k >= s->n_fixed && strcmp(s->order[b->first + k], want[k]) != 0) {   /* drawOrder's stay */
            snprintf(s->order[b->first + k], sizeof s->order[0], "%s", want[k]);
            s->restart = true;
        }
}

/* Decisions the file leaves implied before a placement or at a COMMIT: no follower, no castle. */
static int settle(jcz_sim *s, int i, const char *type, bool placing, mp_diag *d) {
    char jp[32];
    snprintf(jp, sizeof jp, "replay[%d]", i);
    for (int guard = 0; guard < 64; guard++) {
        mp_phase ph = mp_game_phase(s->g);
        if (ph == MP_PHASE_DEPLOY) {
            mp_action pass = { .kind = MP_ACT_PASS };
            if (apply(s, i, type, &pass, "no follower", d)) return 1;
        } else if (ph == MP_PHASE_MODULE && deciding(s) == JCZ_CASTLE_PHASE) {
            if (apply_decision(s, i, type, pass_now(s), NULL, "no castle", d)) return 1;
        } else if (ph == MP_PHASE_MODULE && placing) {
            return jcz_error(s->src, d, jp, type, "a %s decision is under way; expected its messages first",
                             module_now(s));
        } else {
            return 0;
        }
        watch_bazaar(s);
    }
    return 0;
}

static int read_position(const jcz_sim *s, const json_t *obj, const char *jp, const char *type, int *x, int *y,
                         mp_diag *d) {
    const json_t *pos;
    char here[128];
    snprintf(here, sizeof here, "%s.position", jp);
    if (jcz_member(s->src, obj, jp, "position", type, JSON_ARRAY, &pos, d)) return 1;
    const json_t *a = json_array_get(pos, 0), *b = json_array_get(pos, 1);
    if (json_array_size(pos) != 2 || !json_is_integer(a) || !json_is_integer(b) ||
        llabs(json_integer_value(a)) > 10000 || llabs(json_integer_value(b)) > 10000)
        return jcz_error(s->src, d, here, type, "not a position; expected [x, y], two whole numbers from -10000 to 10000");
    *x = (int)json_integer_value(a);
    *y = (int)json_integer_value(b);
    return 0;
}

int jcz_tile(const jcz_sim *s, const json_t *v, const char *here, const char *type, int *tile, mp_diag *d) {
    const char *id = json_string_value(v);
    *tile = jcz_find_tile(s->ts, id);
    if (*tile >= 0) return 0;
    char list[300] = "";
    size_t used = 0;
    for (int t = 0; t < mp_tileset_n_tiles(s->ts) && used < sizeof list - 20; t++)
        if (jcz_tile_id(s->ts, t)[0])
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", used ? " " : "", jcz_tile_id(s->ts, t));
    return jcz_error(s->src, d, here, type, "unknown tile id '%s'; expected one of ruleset '%s': %s", id,
                     mp_ruleset_name(s->rs), list);
}

static int on_place_tile(jcz_sim *s, int i, const json_t *pl, mp_diag *d) {
    const char *type = "PLACE_TILE";
    char jp[64], here[96];
    snprintf(jp, sizeof jp, "replay[%d].payload", i);
    const json_t *id, *rot;
    int tile, x, y;
    if (jcz_member(s->src, pl, jp, "tileId", type, JSON_STRING, &id, d)) return 1;
    snprintf(here, sizeof here, "%s.tileId", jp);
    if (jcz_tile(s, id, here, type, &tile, d)) return 1;
    if (jcz_member(s->src, pl, jp, "rotation", type, JSON_STRING, &rot, d)) return 1;
    static const char *const rots[] = { "R0", "R90", "R180", "R270" };
    int r = -1;
    for (int k = 0; k < 4; k++)
        if (!strcmp(json_string_value(rot), rots[k])) r = k;
    snprintf(here, sizeof here, "%s.rotation", jp);
    if (r < 0) return jcz_error(s->src, d, here, type, "rotation '%s'; expected R0, R90, R180 or R270", json_string_value(rot));
    if (read_position(s, pl, jp, type, &x, &y, d)) return 1;
    s->turn_open = false;
    if (settle(s, i, type, true, d)) return 1;
    snprintf(jp, sizeof jp, "replay[%d]", i);
    snprintf(here, sizeof here, "replay[%d].payload.tileId", i);
    const char *jid = json_string_value(id), *mid = mp_tileset_tile_id(s->ts, tile);
    if (mp_game_phase(s->g) == MP_PHASE_OVER)
        return jcz_error(s->src, d, jp, type, "the game is over (%s); expected no more tiles",
                         s->end_turn >= 0 && mp_game_n_drawn(s->g) >= s->end_turn ? "gameAnnotations.endTurn" : "no tile is left");
    if (s->end_turn >= 0 && mp_game_n_drawn(s->g) >= s->end_turn)
        return jcz_error(s->src, d, jp, type, "the game ends after %d draw%s (gameAnnotations.endTurn); expected no more tiles",
                         s->end_turn, s->end_turn == 1 ? "" : "s");
    for (;;) {
        int hand[16], n = mp_game_hand(s->g, mp_game_current_player(s->g), hand, 16);
        bool held = mp_game_drawn_tile(s->g) == tile;   /* a bazaar's tile is to be placed, not held */
        for (int k = 0; k < n && k < 16; k++) held |= hand[k] == tile;
        if (held) break;
        int drawn = mp_game_drawn_tile(s->g);
        const char *djcz = drawn >= 0 ? jcz_tile_id(s->ts, drawn) : "";
        /* The pack gave a tile that fits only with a bridge, and the player let it go. */
        int nl = list_legal(s->g);
        bool discard = false;
        for (int k = 0; k < nl; k++) discard |= legal[k].kind == MP_ACT_PASS;
        if (s->fixed && discard) {
            mp_action pass = { .kind = MP_ACT_PASS };
            if (apply(s, i, type, &pass, "letting the drawn tile go", d)) return 1;
            watch_bazaar(s);
            continue;
        }
        int copies = mp_tileset_tile_count(s->ts, tile), used = mp_tileset_tile_is_start(s->ts, tile) ? 1 : 0;
        for (int k = 0; k < mp_game_n_drawn(s->g); k++) used += mp_game_drawn_at(s->g, k, NULL) == tile;
        if (used >= copies)
            return jcz_error(s->src, d, here, type, "no tile '%s' (meeple %s) is left; expected at most %d of it, the "
                             "start tile included", jid, mid, copies);
        if (s->fixed && mp_game_bag_taken(s->g, NULL, 0) <= s->n_fixed)
            return jcz_error(s->src, d, here, type, "tile '%s' (meeple %s) is placed, but the pack "
                             "(gameAnnotations.drawOrder) gives '%s' here; expected the drawn tile", jid, mid, djcz);
        return jcz_error(s->src, d, here, type, "tile '%s' (meeple %s) is placed, but '%s' is the tile to place here; "
                         "expected the drawn tile", jid, mid, djcz);
    }
    char what[160];
    snprintf(what, sizeof what, "tile '%s' at [%d, %d] %s", jid, x, y, rots[r]);
    s->last_placer = mp_game_current_player(s->g);
    mp_action a = { .kind = MP_ACT_PLACE, .tile = (int16_t)tile, .x = (int16_t)x, .y = (int16_t)y, .rot = (uint8_t)r };
    mp_diag e = { 0 };
    mp_game *probe = mp_game_clone(s->g);
    int bad = mp_game_apply(probe, &a, &e);
    mp_game_free(probe);
    if (bad) {
        /* A placement legal only with a bridge implies the bridge: the module's placement of the
        ** same tile there, the bridge on the new tile rather than the neighbour when both fit. */
        int n = list_legal(s->g), best = -1;
        bool best_here = false;
        for (int k = 0; k < n; k++) {
            const mp_action *c = &legal[k];
            mp_decision dc;
            int32_t bx, by;
            if (c->tile != tile || c->x != x || c->y != y || c->rot != r || mp_game_decision(s->g, c, &dc))
                continue;
            const char *message = jcz_decision_word(&dc, JCZ_ALIAS_NAMESPACE);
            if (!message || strcmp(message, "PLACE_TILE") != 0) continue;   /* a module's placement */
            bool on_new = jcz_decision_arg(&dc, "bridge-x", &bx) && jcz_decision_arg(&dc, "bridge-y", &by) && bx == x &&
                          by == y;   /* the bridge on the new tile */
            if (best < 0 || (on_new && !best_here)) best = k, best_here = on_new;
        }
        if (best >= 0) a = legal[best];
    }
    if (apply(s, i, type, &a, what, d)) return 1;
    s->placements++;
    s->turn_open = true;
    s->deploy_open = true;
    return 0;
}

/* The feature of the tile at x,y that a pointer names: one feature covering every port of the
** location, of the kind the feature type names. */
static int pointer_feature(const jcz_sim *s, const json_t *ptr, const char *jp, const char *type, int x, int y, int *feature,
                           mp_diag *d) {
    const json_t *ft, *lt;
    char here[128];
    if (jcz_member(s->src, ptr, jp, "feature", type, JSON_STRING, &ft, d) ||
        jcz_member(s->src, ptr, jp, "location", type, JSON_STRING, &lt, d))
        return 1;
    const char *fname = json_string_value(ft), *loc = json_string_value(lt), *kind = jcz_feature_kind(fname);
    snprintf(here, sizeof here, "%s.feature", jp);
    if (!kind)
        return jcz_error(s->src, d, here, type, "feature '%s' is not one meeple imports; expected City, Road, Field or "
                         "Monastery", fname);
    snprintf(here, sizeof here, "%s.location", jp);
    int f = -1;
    unsigned ports;
    if (jcz_location_read(loc, &ports))
        return jcz_error(s->src, d, here, type, "location '%s' does not read; expected sides (N, NE, NWSE, _N...), "
                         "half-sides (NL.NR.EL...) or I", loc);
    if (!ports) {
        f = mp_game_feature_at(s->g, x, y, kind);
    } else {
        for (int p = 0; p < 12; p++) {
            if (!(ports >> p & 1)) continue;
            int at = mp_game_feature_at(s->g, x, y, jcz_port_name(p));
            if (at < 0 || (f >= 0 && at != f))
                return jcz_error(s->src, d, here, type, "location '%s' is not one feature of the tile at [%d, %d] (port "
                                 "%s); expected the sides a single feature covers", loc, x, y, jcz_port_name(p));
            f = at;
        }
    }
    int rot, tile = mp_game_tile_at(s->g, x, y, &rot), k = -1;
    if (f >= 0 && tile >= 0) {
        mp_feature_def def;
        int fk, n = mp_tileset_tile_n_features(s->ts, tile);
        if (f < n && !mp_tileset_feature(s->ts, tile, f, &def)) k = def.kind;
        else if (f == n && mp_game_overlay_at(s->g, x, y, &fk, &k)) (void)fk;
    }
    if (f < 0 || k < 0 || strcmp(mp_tileset_kind_name(s->ts, k), kind) != 0)
        return jcz_error(s->src, d, here, type, "no %s at '%s' on the tile at [%d, %d]; expected a location of one of "
                         "its %s features", fname, loc, x, y, fname);
    *feature = f;
    return 0;
}

/* The meeple types of the ruleset's pieces, "small or big" (jcz_piece_type), for a message. */
static void piece_types(const mp_ruleset *rs, char *out, size_t size) {
    int n = 0, last = -1;
    for (int k = 0; k < mp_ruleset_n_pieces(rs); k++)
        if (jcz_piece_type(rs, k)) n++, last = k;
    out[0] = 0;
    for (int k = 0, i = 0; k < mp_ruleset_n_pieces(rs); k++) {
        const char *t = jcz_piece_type(rs, k);
        if (!t) continue;
        size_t used = strlen(out);
        snprintf(out + used, size - used, "%s%s", i++ == 0 ? "" : k == last ? " or " : ", ", t);
    }
    if (!n) snprintf(out, size, "none (ruleset '%s' has no kind of piece JCloisterZone names)", mp_ruleset_name(rs));
}

/* The piece of a DEPLOY_MEEPLE's meepleId, SEAT.TYPE.N (at here), into *piece: the kind of piece
** whose meeple type TYPE is (jcz_piece_type), checked to be the seat's to act. */
static int meeple_piece(jcz_sim *s, const json_t *mid, const char *here, const char *type, int *piece, mp_diag *d) {
    int seat, num, used = 0;
    char kind[32];
    if (!json_is_string(mid) || sscanf(json_string_value(mid), "%d.%31[^.].%d%n", &seat, kind, &num, &used) != 3 ||
        json_string_value(mid)[used])
        return jcz_error(s->src, d, here, type, "meeple id does not read; expected SEAT.TYPE.NUMBER, as 0.small.1");
    if ((*piece = jcz_find_piece(s->rs, kind)) < 0) {
        char types[200];
        piece_types(s->rs, types, sizeof types);
        return jcz_error(s->src, d, here, type, "a meeple of type '%s' is not one ruleset '%s' has; expected %s", kind,
                         mp_ruleset_name(s->rs), types);
    }
    if (mp_game_phase(s->g) == MP_PHASE_DEPLOY && seat != mp_game_current_player(s->g))
        return jcz_error(s->src, d, here, type, "meeple '%s' is seat %d's, but it is seat %d's turn; expected "
                         "the player's own", json_string_value(mid), seat, mp_game_current_player(s->g));
    return 0;
}

static int on_deploy(jcz_sim *s, int i, const json_t *pl, mp_diag *d) {
    const char *type = "DEPLOY_MEEPLE";
    char jp[64], ptrp[96], here[128];
    snprintf(jp, sizeof jp, "replay[%d].payload", i);
    snprintf(ptrp, sizeof ptrp, "%s.pointer", jp);
    const json_t *ptr, *mid;
    int x, y, lx, ly, f = -1, piece = 0;
    if (jcz_member(s->src, pl, jp, "pointer", type, JSON_OBJECT, &ptr, d)) return 1;
    if (read_position(s, ptr, ptrp, type, &x, &y, d)) return 1;
    if ((mid = json_object_get(pl, "meepleId"))) {
        snprintf(here, sizeof here, "%s.meepleId", jp);
        if (meeple_piece(s, mid, here, type, &piece, d)) return 1;
    }
    snprintf(jp, sizeof jp, "replay[%d]", i);
    if (mp_game_phase(s->g) != MP_PHASE_DEPLOY)
        return jcz_error(s->src, d, jp, type, "no follower can be deployed now; expected %s",
                         mp_game_phase(s->g) == MP_PHASE_MODULE ? "the decision under way" : "a placement first");
    if (mp_game_last_placed(s->g, &lx, &ly) || lx != x || ly != y)
        return jcz_error(s->src, d, ptrp, type, "a follower at [%d, %d], but the tile just placed is at [%d, %d]; "
                         "expected that tile", x, y, lx, ly);
    if (pointer_feature(s, ptr, ptrp, type, x, y, &f, d)) return 1;
    int rot = 0, tile = mp_game_tile_at(s->g, x, y, &rot);
    mp_action a = { .kind = MP_ACT_DEPLOY, .feature = (uint8_t)f, .tile = (int16_t)tile, .x = (int16_t)x,
                    .y = (int16_t)y, .rot = (uint8_t)rot, .piece = (uint8_t)piece };
    mp_piece_info info;
    char what[160];
    snprintf(what, sizeof what, "a %s on the %s at %s",
             piece && !mp_ruleset_piece(s->rs, piece, &info) ? info.name : "follower",
             json_string_value(json_object_get(ptr, "feature")), json_string_value(json_object_get(ptr, "location")));
    s->deploy_open = false;
    return apply(s, i, type, &a, what, d);
}

/* Whether a castle decision of the file follows message i within its turn (a PLACE_TOKEN CASTLE or
** another PASS before the COMMIT): then a PASS at i declined something meeple did not ask (no
** follower could be deployed), not the castle. */
static bool castle_decision_follows(const jcz_sim *s, int i) {
    for (size_t k = (size_t)i + 1; k < json_array_size(s->replay); k++) {
        const char *t = json_string_value(json_object_get(json_array_get(s->replay, k), "type"));
        if (!t || !strcmp(t, "COMMIT") || !strcmp(t, "PLACE_TILE")) return false;
        if (!strcmp(t, "PASS")) return true;
        if (!strcmp(t, "PLACE_TOKEN")) {
            const char *tok = json_string_value(json_object_get(json_object_get(json_array_get(s->replay, k), "payload"), "token"));
            if (tok && !strcmp(tok, "CASTLE")) return true;
        }
    }
    return false;
}

/* After a bid or a pass in the bidding: when it closed the bidding and nobody is asked to buy or
** sell, nobody raised, and the selector took the tile for his own bid. */
static void bidding_over(jcz_sim *s) {
    char now = bazaar_stage(s, NULL);
    if (now != 'b' && now != 'd') s->bz.got[s->bz.selector] = s->bz.chosen;
}

static int on_pass(jcz_sim *s, int i, mp_diag *d) {
    const char *type = "PASS";
    char jp[32];
    snprintf(jp, sizeof jp, "replay[%d]", i);
    mp_phase ph = mp_game_phase(s->g);
    if (ph == MP_PHASE_DEPLOY) {
        mp_action pass = { .kind = MP_ACT_PASS };
        s->deploy_open = false;
        return apply(s, i, type, &pass, "no follower", d);
    }
    if (ph == MP_PHASE_MODULE && deciding(s) == JCZ_CASTLE_PHASE) {
        /* The file's pass for the follower meeple did not ask for (none could be deployed), when
        ** the castle's own decision comes after it. */
        if (s->turn_open && s->deploy_open && castle_decision_follows(s, i)) { s->deploy_open = false; return 0; }
        return apply_decision(s, i, type, pass_now(s), NULL, "no castle", d);
    }
    if (ph == MP_PHASE_MODULE && deciding(s) == JCZ_BAZAAR_PHASE) {
        char stage = bazaar_stage(s, NULL);
        if (stage == 'b') {
            if (apply_decision(s, i, type, pass_now(s), NULL, "no bid", d)) return 1;
            bidding_over(s);
            return 0;
        }
        if (s->turn_open) return 0;
        return jcz_error(s->src, d, jp, type, "a pass where a tile is to be %s; expected BAZAAR_%s",
                         stage == 'd' ? "bought or sold" : "selected", stage == 'd' ? "BUY_OR_SELL" : "BID");
    }
    if (ph == MP_PHASE_MODULE)
        return jcz_error(s->src, d, jp, type, "a %s decision is under way; expected another message", module_now(s));
    if (ph == MP_PHASE_PLACE && !s->turn_open) {
        /* A drawn tile that fits only with a bridge, let go. */
        int n = list_legal(s->g);
        for (int k = 0; k < n; k++)
            if (legal[k].kind == MP_ACT_PASS) {
                mp_action pass = legal[k];
                return apply(s, i, type, &pass, "letting the drawn tile go", d);
            }
    }
    return 0;   /* nothing left to decline: meeple skipped a decision it had no choice in */
}

static int on_token(jcz_sim *s, int i, const json_t *pl, mp_diag *d) {
    const char *type = "PLACE_TOKEN";
    char jp[64], ptrp[96], here[128];
    snprintf(jp, sizeof jp, "replay[%d].payload", i);
    snprintf(ptrp, sizeof ptrp, "%s.pointer", jp);
    const json_t *tok, *ptr, *loc;
    int x, y;
    if (jcz_member(s->src, pl, jp, "token", type, JSON_STRING, &tok, d) ||
        jcz_member(s->src, pl, jp, "pointer", type, JSON_OBJECT, &ptr, d) ||
        read_position(s, ptr, ptrp, type, &x, &y, d))
        return 1;
    const char *t = json_string_value(tok);
    snprintf(here, sizeof here, "%s.token", jp);
    if (!strcmp(t, "BRIDGE")) {
        if (jcz_member(s->src, ptr, ptrp, "location", type, JSON_STRING, &loc, d)) return 1;
        const char *l = json_string_value(loc);
        int axis = !strcmp(l, "NS") ? 0 : !strcmp(l, "WE") || !strcmp(l, "EW") ? 1 : -1;   /* meeple-ruleset(5) */
        snprintf(here, sizeof here, "%s.location", ptrp);
        if (axis < 0) return jcz_error(s->src, d, here, type, "bridge location '%s'; expected NS or WE", l);
        char what[96];
        snprintf(what, sizeof what, "a bridge %s on [%d, %d]", l, x, y);
        jcz_choice c = { .n = 1, .arg = { "axis" }, .value = { axis }, .at = true, .x = x, .y = y };
        return apply_decision(s, i, type, jcz_find_kind(s->rs, -1, JCZ_TOKEN_NAMESPACE, t, NULL, NULL), &c, what, d);
    }
    if (!strcmp(t, "CASTLE")) {
        snprintf(jp, sizeof jp, "replay[%d]", i);
        jcz_kind k = jcz_find_kind(s->rs, -1, JCZ_TOKEN_NAMESPACE, t, NULL, NULL);
        if (mp_game_phase(s->g) != MP_PHASE_MODULE || !k.kind || mp_game_module_phase(s->g) != k.module)
            return jcz_error(s->src, d, jp, type, "no town is waiting to become a castle; expected another message");
        int n = list_legal(s->g);
        for (int a = 0; a < n; a++) {   /* the town the decision is about: its two tiles */
            mp_decision dc;
            int32_t ox, oy;
            const mp_action *v = &legal[a];
            if (mp_game_decision(s->g, v, &dc) || !jcz_decision_arg(&dc, "other-x", &ox) ||
                !jcz_decision_arg(&dc, "other-y", &oy))
                continue;
            if ((v->x != x || v->y != y) && (ox != x || oy != y))
                return jcz_error(s->src, d, ptrp, type, "a castle on [%d, %d], but the town waiting is on [%d, %d] and "
                                 "[%d, %d]; expected one of its tiles", x, y, v->x, v->y, ox, oy);
            break;
        }
        return apply_decision(s, i, type, k, NULL, "a castle", d);
    }
    return jcz_error(s->src, d, here, type, "token '%s' is not one meeple imports; expected BRIDGE or CASTLE", t);
}

static int on_bid(jcz_sim *s, int i, const json_t *pl, mp_diag *d) {
    const char *type = "BAZAAR_BID";
    char jp[64];
    snprintf(jp, sizeof jp, "replay[%d].payload", i);
    const json_t *si, *pr;
    if (jcz_member(s->src, pl, jp, "supplyIndex", type, JSON_INTEGER, &si, d) ||
        jcz_member(s->src, pl, jp, "price", type, JSON_INTEGER, &pr, d))
        return 1;
    long long k = json_integer_value(si), price = json_integer_value(pr);
    snprintf(jp, sizeof jp, "replay[%d]", i);
    char stage = bazaar_stage(s, NULL);
    if (!stage || stage == 'd')
        return jcz_error(s->src, d, jp, type, "no bid can be made now; expected %s",
                         stage == 'd' ? "BAZAAR_BUY_OR_SELL" : "another message");
    if (k < 0 || k > 99 || price < 0 || price > 99999)
        return jcz_error(s->src, d, jp, type, "supplyIndex %lld, price %lld; expected a tile on offer and a bid of 0 or more",
                         k, price);
    jcz_bazaar *b = &s->bz;
    int cur = mp_game_current_player(s->g);
    char what[96];
    snprintf(what, sizeof what, "a bid of %lld for tile %lld of the bazaar", price, k);
    /* The decision the stage is (a selection, a pick or a raise, which JCloisterZone all writes
    ** so): the tile in its slot argument, the price in its bid, as far as it has them. */
    const char *name = stage == 's' ? "select" : stage == 'p' ? "pick" : "bid";
    jcz_choice c = { .n = 2, .arg = { "slot", "bid" }, .value = { (int32_t)k, (int32_t)price } };
    if (apply_decision(s, i, type, jcz_named_kind(s->rs, mp_game_module_phase(s->g), name), &c, what, d)) return 1;
    if (stage == 's') { b->chosen = (int)k; b->selector = b->high = cur; }
    else if (stage == 'p') b->got[cur] = (int)k;
    else b->high = cur;
    if (stage == 'b') bidding_over(s);
    watch_bazaar(s);
    return 0;
}

static int on_buy_sell(jcz_sim *s, int i, const json_t *pl, mp_diag *d) {
    const char *type = "BAZAAR_BUY_OR_SELL";
    char jp[64];
    snprintf(jp, sizeof jp, "replay[%d].payload", i);
    const json_t *v;
    if (jcz_member(s->src, pl, jp, "value", type, JSON_STRING, &v, d)) return 1;
    bool buy = !strcmp(json_string_value(v), "BUY");
    if (!buy && strcmp(json_string_value(v), "SELL") != 0) {
        snprintf(jp, sizeof jp, "replay[%d].payload.value", i);
        return jcz_error(s->src, d, jp, type, "'%s'; expected BUY or SELL", json_string_value(v));
    }
    jcz_kind kind = jcz_find_kind(s->rs, -1, JCZ_ALIAS_NAMESPACE, type, JCZ_VALUE_NAMESPACE, json_string_value(v));
    if (apply_decision(s, i, type, kind, NULL, buy ? "buying the tile" : "selling the tile", d)) return 1;
    s->bz.got[buy ? s->bz.selector : s->bz.high] = s->bz.chosen;
    watch_bazaar(s);
    return 0;
}

static int on_message(jcz_sim *s, int i, mp_diag *d) {
    char jp[32];
    snprintf(jp, sizeof jp, "replay[%d]", i);
    const json_t *m = json_array_get(s->replay, (size_t)i), *tv, *pl = NULL;
    if (!json_is_object(m)) return jcz_error(s->src, d, jp, NULL, "not an object; expected {type, payload}");
    if (jcz_member(s->src, m, jp, "type", NULL, JSON_STRING, &tv, d)) return 1;
    const char *type = json_string_value(tv);
    static const char *const known[] = { "PLACE_TILE", "DEPLOY_MEEPLE", "PASS", "PLACE_TOKEN", "BAZAAR_BID",
                                         "BAZAAR_BUY_OR_SELL", "COMMIT", NULL };
    int k = 0;
    while (known[k] && strcmp(known[k], type) != 0) k++;
    if (!known[k]) {
        snprintf(jp, sizeof jp, "replay[%d].type", i);
        return jcz_error(s->src, d, jp, NULL, "unknown message type '%s' (another expansion's?); expected PLACE_TILE, "
                         "DEPLOY_MEEPLE, PASS, PLACE_TOKEN, BAZAAR_BID, BAZAAR_BUY_OR_SELL or COMMIT", type);
    }
    if (k != 2 && k != 6 && jcz_member(s->src, m, jp, "payload", type, JSON_OBJECT, &pl, d)) return 1;
    if (mp_game_phase(s->g) == MP_PHASE_OVER && k != 0 && k != 2 && k != 6)
        return jcz_error(s->src, d, jp, type, "the game is over; expected no more moves");
    int rc = 0;
    switch (k) {
    case 0: rc = on_place_tile(s, i, pl, d); break;
    case 1: rc = on_deploy(s, i, pl, d); break;
    case 2: rc = on_pass(s, i, d); break;
    case 3: rc = on_token(s, i, pl, d); break;
    case 4: return on_bid(s, i, pl, d);
    case 5: return on_buy_sell(s, i, pl, d);
    case 6:
        if (s->turn_open && settle(s, i, type, false, d)) return 1;
        s->turn_open = false;
        return 0;
    }
    if (!rc) watch_bazaar(s);
    return rc;
}

void jcz_sim_clear(jcz_sim *s) {
    mp_game_free(s->g);
    mp_game_free(s->before);
    s->g = s->before = NULL;
    s->actors = 0;
    for (int t = 0; t < s->n_turns; t++) free(s->turns[t]);
    free(s->turns);
    free(s->turn_msg);
    free(s->turn.s);
    s->turns = NULL;
    s->turn_msg = NULL;
    s->n_turns = s->cap_turns = 0;
    s->turn = (jcz_sbuf){ 0 };
}

/* Plays the whole replay once, with the tiles in s->order. */
int jcz_play(jcz_sim *s, int n_players, mp_diag *d) {
    jcz_sim_clear(s);
    s->turn_first = -1;
    s->placements = 0;
    s->turn_open = s->deploy_open = false;
    s->restart = false;
    s->bz = (jcz_bazaar){ 0 };
    mp_game_options o = { .n_players = n_players, .seed = 0, .first_player = 0, .log_events = 1 };
    if (!(s->g = mp_game_new(s->rs, &o, d))) return 1;
    mp_game_start(s->g, d);
    if (s->n_order) {
        const char **ids = malloc((size_t)s->n_order * sizeof *ids);
        if (!ids) abort();
        for (int k = 0; k < s->n_order; k++) ids[k] = s->order[k];
        mp_diag e = { 0 };
        int bad = mp_game_set_draws(s->g, ids, s->n_order, &e);
        free(ids);
        if (bad) return jcz_error(s->src, d, s->fixed ? "gameAnnotations.drawOrder" : "replay", NULL, "%s", e.message);
    }
    for (int i = 0; i < (int)json_array_size(s->replay); i++) {
        if (on_message(s, i, d)) return 1;
        if (s->restart) return 0;
    }
    if (s->end_turn >= 0 && mp_game_phase(s->g) == MP_PHASE_PLACE && mp_game_n_drawn(s->g) >= s->end_turn) {
        mp_diag e = { 0 };
        if (mp_game_end_now(s->g, &e)) return jcz_error(s->src, d, "gameAnnotations.endTurn", NULL, "%s", e.message);
    }
    return 0;
}

