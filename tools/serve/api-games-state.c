/*
** api-games-state.c: a game's state as the page reads it (meeple-serve(1), GET /api/games/ID): the
** players with their supplies, tokens and modules' words, the bag, the turns so far, and every legal
** action twice: in notation (legal) and as data (choices: the cell, the rotation, the follower's
** spot as the board draws it, a module's decision with its arguments by name), so that the page
** never reads notation.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api-games.h"
#include "facts.h"
#include "render.h"

enum { LEGAL_ROOM = 512 };

static const char *phase_name(mp_phase ph) {
    switch (ph) {
    case MP_PHASE_PLACE: return "place";
    case MP_PHASE_DEPLOY: return "deploy";
    case MP_PHASE_MODULE: return "module";
    case MP_PHASE_OVER: return "over";
    default: return "setup";
    }
}

static void players_json(json *j, const game *gm) {
    const mp_game *g = gm->g;
    const char *rgb[MP_MAX_PLAYERS];
    render_player_colours(mp_game_ruleset(g), gm->name_of, gm->n, rgb);   /* as the board draws them */
    jw_key(j, "players"); jw_array(j);
    for (int p = 0; p < gm->n; p++) {
        jw_object(j);
        jw_key(j, "seat"); jw_int(j, p);
        jw_key(j, "name"); jw_string(j, gm->names[p]);
        jw_key(j, "kind"); jw_string(j, mp_record_player_kind(gm->rec, p));
        jw_key(j, "score"); jw_int(j, mp_game_score(g, p));
        jw_key(j, "supply"); jw_int(j, mp_game_supply(g, p));
        const mp_ruleset *rs = mp_game_ruleset(g);
        jw_key(j, "colour"); jw_string(j, mp_ruleset_colour(rs, p, NULL));
        jw_key(j, "rgb"); jw_string(j, p < MP_MAX_PLAYERS ? rgb[p] : "#8c8c8c");
        jw_key(j, "pieces"); jw_array(j);   /* each kind of piece, the ordinary follower first */
        for (int k = 0; k < mp_ruleset_n_pieces(rs); k++) {
            mp_piece_info piece;
            if (mp_ruleset_piece(rs, k, &piece)) continue;
            jw_object(j);
            jw_key(j, "name"); jw_string(j, piece.name);
            jw_key(j, "left"); jw_int(j, mp_game_piece_supply(g, p, k));
            jw_object_end(j);
        }
        jw_array_end(j);
        jw_key(j, "tokens"); jw_array(j);
        for (int i = 0; i < mp_game_n_tokens(g); i++) {
            jw_object(j);
            jw_key(j, "name"); jw_string(j, mp_game_token_name(g, i));
            jw_key(j, "left"); jw_int(j, mp_game_token_supply(g, i, p));
            jw_object_end(j);
        }
        jw_array_end(j);
        char words[512];
        jw_key(j, "status"); jw_string(j, mp_game_module_status(g, p, words, sizeof words));
        jw_key(j, "statuses");   /* the same words, a module each, so that the page can leave some out */
        jw_array(j);
        for (int m = 0; m < mp_ruleset_n_modules(mp_game_ruleset(g)); m++) {
            if (!mp_game_module_status_of(g, m, p, words, sizeof words)[0]) continue;
            jw_object(j);
            jw_key(j, "module"); jw_string(j, mp_ruleset_module_name(mp_game_ruleset(g), m));
            jw_key(j, "words"); jw_string(j, words);
            jw_object_end(j);
        }
        jw_array_end(j);
        jw_object_end(j);
    }
    jw_array_end(j);
}

/* The kind of feature `feature` of the tile at (x, y) now (a module may have changed it; a feature
** laid over the tile has the overlay's), -1 none. */
static int kind_at(const mp_game *g, int x, int y, int feature) {
    int k = mp_game_feature_kind(g, x, y, feature), of = -1, ok = -1;
    if (k < 0 && mp_game_overlay_at(g, x, y, &of, &ok) && of == feature) k = ok;
    return k;
}

static void cell_json(json *j, int x, int y) {
    jw_key(j, "x"); jw_int(j, x);
    jw_key(j, "y"); jw_int(j, y);
}

/* A cell of the whole feature `id` (mp_game_feature_id): the tile placed this turn when it is one
** of the feature's, else the first in reading order. 0, or -1 when no tile has a part of it. */
static int feature_cell(const mp_game *g, int id, int *x, int *y) {
    int lx, ly, x0, y0, x1, y1;
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    bool last = !mp_game_last_placed(g, &lx, &ly);
    if (mp_game_bounds(g, &x0, &y0, &x1, &y1)) return -1;
    for (int pass = last ? 0 : 1; pass < 2; pass++)
        for (int cy = pass ? y0 : ly; cy <= (pass ? y1 : ly); cy++)
            for (int cx = pass ? x0 : lx; cx <= (pass ? x1 : lx); cx++) {
                int tile = mp_game_tile_at(g, cx, cy, NULL);
                for (int f = 0; tile >= 0 && f <= mp_tileset_tile_n_features(ts, tile); f++)   /* (an overlay: one past) */
                    if (mp_game_feature_id(g, cx, cy, f) == id) { *x = cx, *y = cy; return 0; }
            }
    return -1;
}

/* A module's decision: its words, its kind and arguments by name, and the cell it concerns when it
** concerns one: the cell the action carries (a bridge's tile, a town's: the decision has an axis or
** another cell among its arguments), or a cell of the whole feature its argument "feature" names
** (The Castle's); a placement with more (a bridge) has its tile and rotation too. */
static void module_json(json *j, const mp_game *g, const mp_action *a) {
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    mp_decision d;
    bool known = mp_game_decision(g, a, &d) == 0, carries_cell = false;
    int feature = -1;
    jw_key(j, "decision");
    if (!known) jw_string(j, NULL);
    else {
        jw_object(j);
        jw_key(j, "module"); jw_string(j, d.module);
        jw_key(j, "name"); jw_string(j, d.name);
        jw_key(j, "args"); jw_object(j);
        for (int i = 0; i < d.n_args; i++) {
            size_t len = strlen(d.arg_names[i]);
            jw_key(j, d.arg_names[i]); jw_int(j, d.args[i]);
            if (!strcmp(d.arg_names[i], "feature")) feature = d.args[i];
            carries_cell |= !strcmp(d.arg_names[i], "axis") || (len > 2 && !strcmp(d.arg_names[i] + len - 2, "-x"));
        }
        jw_object_end(j);
        jw_object_end(j);
    }
    int fx, fy;
    if (carries_cell) cell_json(j, a->x, a->y);
    else if (feature >= 0 && !feature_cell(g, feature, &fx, &fy)) cell_json(j, fx, fy);
    if (mp_game_phase(g) == MP_PHASE_PLACE && a->tile >= 0 && a->tile == mp_game_drawn_tile(g)) {
        jw_key(j, "tile"); jw_string(j, mp_tileset_tile_id(ts, a->tile));
        jw_key(j, "rot"); jw_int(j, a->rot);
    }
}

/* One legal action as data (meeple-serve(1), "choices"). */
static void choice_json(json *j, const mp_game *g, const mp_action *a, const char *text) {
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    char words[256];
    jw_object(j);
    jw_key(j, "action"); jw_string(j, text);
    switch (a->kind) {
    case MP_ACT_PLACE:
        jw_key(j, "kind"); jw_string(j, "place");
        cell_json(j, a->x, a->y);
        jw_key(j, "rot"); jw_int(j, a->rot);
        break;
    case MP_ACT_DEPLOY: {
        jw_key(j, "kind"); jw_string(j, "deploy");
        cell_json(j, a->x, a->y);
        jw_key(j, "feature"); jw_int(j, a->feature);
        mp_piece_info piece;
        jw_key(j, "piece"); jw_string(j, mp_ruleset_piece(mp_game_ruleset(g), a->piece, &piece) ? "?" : piece.name);
        int k = kind_at(g, a->x, a->y, a->feature);
        jw_key(j, "role"); jw_string(j, k >= 0 ? mp_tileset_kind_follower(ts, k) : "");
        jw_key(j, "feature_kind"); jw_string(j, k >= 0 ? mp_tileset_kind_name(ts, k) : "");
        double fx = .5, fy = .5;
        render_follower_spot(g, a->x, a->y, a->feature, &fx, &fy);
        jw_key(j, "spot"); jw_object(j);
        jw_key(j, "x"); jw_double(j, fx);
        jw_key(j, "y"); jw_double(j, fy);
        jw_object_end(j);
        break;
    }
    case MP_ACT_PASS:
        jw_key(j, "kind"); jw_string(j, "pass");
        mp_action_describe(g, a, words, sizeof words);
        jw_key(j, "label"); jw_string(j, words);
        break;
    default:
        jw_key(j, "kind"); jw_string(j, "module");
        mp_action_describe(g, a, words, sizeof words);
        jw_key(j, "label"); jw_string(j, words);
        module_json(j, g, a);
        break;
    }
    jw_object_end(j);
}

/* The legal actions: in `room` (cap of them) when they fit, else in memory of their own (free it
** when it is not room). *n how many. */
static mp_action *legal_actions(const mp_game *g, mp_action *room, int cap, int *n) {
    *n = mp_game_legal(g, room, cap);
    if (*n <= cap) return room;
    mp_action *all = malloc((size_t)*n * sizeof *all);
    if (!all) { *n = cap; return room; }
    *n = mp_game_legal(g, all, *n);
    return all;
}

/* "legal" and "choices": every legal action, in notation and as data, in the same order. */
static void actions_json(json *j, const mp_game *g, const mp_action *legal, int n) {
    char (*text)[128] = n ? malloc((size_t)n * sizeof *text) : NULL;
    if (!text) n = 0;
    for (int i = 0; i < n; i++) mp_notation_format(g, &legal[i], text[i], sizeof text[i]);
    jw_key(j, "legal"); jw_array(j);
    for (int i = 0; i < n; i++) jw_string(j, text[i]);
    jw_array_end(j);
    jw_key(j, "choices"); jw_array(j);
    for (int i = 0; i < n; i++) choice_json(j, g, &legal[i], text[i]);
    jw_array_end(j);
    free(text);
}

/* The rotations of the drawn tile with a placement (a placement, or a module's placement with more:
** a bridge), in order. */
static void rotations_json(json *j, const mp_game *g, const mp_action *legal, int n) {
    bool rot[4] = { false };
    for (int i = 0; mp_game_phase(g) == MP_PHASE_PLACE && i < n; i++)
        if (legal[i].kind == MP_ACT_PLACE || (legal[i].kind == MP_ACT_MODULE && legal[i].tile == mp_game_drawn_tile(g)))
            rot[legal[i].rot & 3] = true;
    jw_key(j, "drawn_rotations"); jw_array(j);
    for (int r = 0; r < 4; r++)
        if (rot[r]) jw_int(j, r);
    jw_array_end(j);
}

api_reply game_state(const game *gm, int seat, int status) {
    const mp_game *g = gm->g;
    const mp_tileset *ts = mp_ruleset_tiles(gm->rs);
    bool over = mp_game_phase(g) == MP_PHASE_OVER;
    json j;
    jw_init(&j, NULL);
    jw_object(&j);
    jw_key(&j, "game"); jw_int(&j, gm->id);
    jw_key(&j, "ruleset"); jw_string(&j, mp_ruleset_name(gm->rs));
    jw_key(&j, "seed"); jw_uint(&j, (unsigned long long)mp_record_seed(gm->rec));
    jw_key(&j, "phase"); jw_string(&j, phase_name(mp_game_phase(g)));
    jw_key(&j, "turn"); jw_int(&j, mp_game_turn(g));
    jw_key(&j, "player");
    if (over) jw_string(&j, NULL); else jw_int(&j, mp_game_current_player(g));
    jw_key(&j, "tiles_left"); jw_int(&j, mp_game_tiles_left(g));
    int tile = mp_game_drawn_tile(g);
    jw_key(&j, "drawn"); jw_string(&j, tile >= 0 && !over ? mp_tileset_tile_id(ts, tile) : NULL);
    mp_action room[LEGAL_ROOM];   /* most lists fit: no allocation of 100 KiB a request */
    int n_legal = 0;
    mp_action *legal = legal_actions(g, room, LEGAL_ROOM, &n_legal);
    rotations_json(&j, g, legal, n_legal);
    players_json(&j, gm);
    facts_json(&j, g, gm->name_of);
    jw_key(&j, "icons"); jw_array(&j);   /* the tile set's icons: the page shows a player's count of one */
    for (int i = 0; i < mp_tileset_n_icons(ts); i++) jw_string(&j, mp_tileset_icon_name(ts, i));
    jw_array_end(&j);
    actions_json(&j, g, legal, n_legal);
    if (legal != room) free(legal);
    int lx, ly;
    jw_key(&j, "last");
    if (!over && !mp_game_last_placed(g, &lx, &ly)) {
        jw_object(&j);
        cell_json(&j, lx, ly);
        jw_object_end(&j);
    } else jw_string(&j, NULL);
    jw_key(&j, "bag"); jw_array(&j);
    for (int t = 0; t < mp_tileset_n_tiles(ts); t++) {
        int left = mp_game_bag_count(g, t);
        if (!left) continue;
        jw_object(&j);
        jw_key(&j, "tile"); jw_string(&j, mp_tileset_tile_id(ts, t));
        jw_key(&j, "left"); jw_int(&j, left);
        jw_object_end(&j);
    }
    jw_array_end(&j);
    jw_key(&j, "seat");
    if (seat >= 0) jw_int(&j, seat); else jw_string(&j, NULL);
    jw_key(&j, "can_undo"); jw_bool(&j, seat >= 0 && game_can_undo(gm, seat));
    jw_key(&j, "turns"); jw_array(&j);
    for (int t = 0; t < mp_record_n_turns(gm->rec); t++) jw_string(&j, mp_record_turn(gm->rec, t));
    jw_array_end(&j);
    jw_key(&j, "over"); jw_bool(&j, over);
    jw_key(&j, "winners"); jw_array(&j);
    for (int p = 0; over && p < gm->n; p++)
        if (mp_game_winners(g) & (1u << p)) jw_int(&j, p);
    jw_array_end(&j);
    jw_object_end(&j);
    return reply_json(status, jw_take(&j));
}
