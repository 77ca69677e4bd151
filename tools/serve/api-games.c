/*
** api-games.c: the games in play (meeple-serve(1), section API, /api/games): made, seen, played
** and recorded. A game lives in the table below from POST /api/games until the server stops; each
** human seat acts with a token of its own (a secret link), the bots play on the server as soon as
** the decision is theirs. The table's lock is held only to find or add a game; each game has its
** own lock, held while a request reads or plays it, so that games go on at once.
*/
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api-room.h"
#include "facts.h"

enum { MAX_GAMES = 1000, MAX_LEGAL = 4096 };

typedef struct game {
    pthread_mutex_t lock;                   /* held while a request reads or plays the game */
    int id;
    mp_ruleset *rs;
    mp_game *g;
    mp_record *rec;
    int n;
    char names[MP_MAX_PLAYERS][64];
    const char *name_of[MP_MAX_PLAYERS];
    mp_bot *bots[MP_MAX_PLAYERS];           /* NULL for a human seat */
    char tokens[MP_MAX_PLAYERS][33];
    char turn[4096];                        /* this turn's actions so far, in notation */
} game;

/* The table: its lock is held to find or add a game, never while one is played. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static game *games[MAX_GAMES];
static int n_games;

/* ------------------------------------------------------------------ a game's state */

static const char *phase_name(mp_phase ph) {
    switch (ph) {
    case MP_PHASE_PLACE: return "place";
    case MP_PHASE_DEPLOY: return "deploy";
    case MP_PHASE_VARIANT: return "variant";
    case MP_PHASE_OVER: return "over";
    default: return "setup";
    }
}

static api_reply state(const game *gm, int status) {
    const mp_game *g = gm->g;
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
    jw_key(&j, "drawn"); jw_string(&j, tile >= 0 && !over ? mp_tileset_tile_id(mp_ruleset_tiles(gm->rs), tile) : NULL);
    jw_key(&j, "players"); jw_array(&j);
    for (int p = 0; p < gm->n; p++) {
        jw_object(&j);
        jw_key(&j, "seat"); jw_int(&j, p);
        jw_key(&j, "name"); jw_string(&j, gm->names[p]);
        jw_key(&j, "kind"); jw_string(&j, mp_record_player_kind(gm->rec, p));
        jw_key(&j, "score"); jw_int(&j, mp_game_score(g, p));
        jw_object_end(&j);
    }
    jw_array_end(&j);
    facts_json(&j, g, gm->name_of);
    jw_key(&j, "legal"); jw_array(&j);
    mp_action *legal = malloc(MAX_LEGAL * sizeof *legal);
    int n = legal ? mp_game_legal(g, legal, MAX_LEGAL) : 0;
    for (int i = 0; i < n && i < MAX_LEGAL; i++) {
        char text[128];
        mp_notation_format(g, &legal[i], text, sizeof text);
        jw_string(&j, text);
    }
    free(legal);
    jw_array_end(&j);
    jw_key(&j, "over"); jw_bool(&j, over);
    jw_key(&j, "winners"); jw_array(&j);
    for (int p = 0; over && p < gm->n; p++)
        if (mp_game_winners(g) & (1u << p)) jw_int(&j, p);
    jw_array_end(&j);
    jw_object_end(&j);
    return reply_json(status, jw_take(&j));
}

/* ------------------------------------------------------------------ playing */

/* Applies a, written `text` in notation before it was applied; a turn that ends goes into the
** record. 0, or non-zero with d saying why the action is not legal. */
static int play(game *gm, const mp_action *a, const char *text, mp_diag *d) {
    if (mp_game_apply(gm->g, a, d)) return 1;
    size_t len = strlen(gm->turn);
    snprintf(gm->turn + len, sizeof gm->turn - len, "%s%s", len ? " " : "", text);
    mp_phase ph = mp_game_phase(gm->g);
    if (ph == MP_PHASE_PLACE || ph == MP_PHASE_OVER) {
        mp_record_add_turn(gm->rec, gm->turn);
        gm->turn[0] = 0;
    }
    return 0;
}

/* The bots play until the decision is a human's or the game is over. */
static int run_bots(game *gm, mp_diag *d) {
    while (mp_game_phase(gm->g) != MP_PHASE_OVER) {
        mp_bot *b = gm->bots[mp_game_current_player(gm->g)];
        if (!b) return 0;
        mp_action a;
        char text[128];
        if (mp_bot_choose(b, gm->g, &a)) { snprintf(d->message, sizeof d->message, "a bot found no legal action"); return 1; }
        mp_notation_format(gm->g, &a, text, sizeof text);
        if (play(gm, &a, text, d)) return 1;
    }
    return 0;
}

static void game_free(game *gm) {
    if (!gm) return;
    for (int p = 0; p < gm->n; p++) mp_bot_free(gm->bots[p]);
    mp_game_free(gm->g);
    mp_record_free(gm->rec);
    mp_ruleset_free(gm->rs);
    pthread_mutex_destroy(&gm->lock);
    free(gm);
}

void api_games_free(void) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < n_games; i++) { game_free(games[i]); games[i] = NULL; }
    n_games = 0;
    pthread_mutex_unlock(&lock);
}

/* ------------------------------------------------------------------ requests */

static const char game_body[] = "{\"ruleset\": \"c3\", \"seats\": [\"human\", \"random\"], \"seed\": 7}";

static api_reply new_game(const api_request *rq) {
    api_reply err;
    json_t *v = parse_body(rq, game_body, &err);
    if (!v) return err;
    json_t *jr = json_object_get(v, "ruleset"), *js = json_object_get(v, "seats"), *jseed = json_object_get(v, "seed");
    const char *name = jr ? json_string_value(jr) : "c3";
    uint64_t seed = 1;
    game *gm = NULL;
    if (!name || !ruleset_name_ok(name)) { err = api_error(400, "\"ruleset\" is not a ruleset's name; expected one of GET /api/rulesets"); goto fail; }
    if (!json_is_array(js) || json_array_size(js) == 0 || json_array_size(js) > MP_MAX_PLAYERS) {
        err = api_error(400, "\"seats\" is not an array of 1 to %d seats; expected \"human\" or a bot (\"random\", \"greedy\") for each", MP_MAX_PLAYERS);
        goto fail;
    }
    if (jseed && (!json_is_integer(jseed) || json_integer_value(jseed) < 0)) { err = api_error(400, "\"seed\" is not a whole number; expected 0 or more"); goto fail; }
    if (jseed) seed = (uint64_t)json_integer_value(jseed);
    if (!(gm = calloc(1, sizeof *gm))) { err = api_error(500, "out of memory"); goto fail; }
    pthread_mutex_init(&gm->lock, NULL);
    mp_diag d = { 0 };
    if (!(gm->rs = mp_ruleset_load(name, ruleset_dirs(), &d))) { err = api_error(400, "\"ruleset\": no ruleset '%s'; expected one of GET /api/rulesets", name); goto fail; }
    gm->n = (int)json_array_size(js);
    if (gm->n < mp_ruleset_min_players(gm->rs) || gm->n > mp_ruleset_max_players(gm->rs)) {
        err = api_error(400, "\"seats\": %d seat%s; ruleset '%s' expects %d to %d", gm->n, plural(gm->n), name,
                        mp_ruleset_min_players(gm->rs), mp_ruleset_max_players(gm->rs));
        gm->n = 0;
        goto fail;
    }
    const char *kinds[MP_MAX_PLAYERS];
    for (int p = 0; p < gm->n; p++) {
        const char *spec = json_string_value(json_array_get(js, (size_t)p));
        if (!spec) { err = api_error(400, "\"seats\"[%d] is not a string; expected \"human\" or a bot", p); goto fail; }
        if (strcmp(spec, "human") != 0) {
            if (strlen(spec) > 40 || !(gm->bots[p] = mp_bot_new(spec, seed, p, &d))) {
                err = api_error(400, "\"seats\"[%d]: %s; expected \"human\" or a bot (meeple-bots(7))", p,
                                strlen(spec) > 40 ? "too long" : d.message);
                goto fail;
            }
        } else if (new_token(gm->tokens[p])) { err = api_error(500, "cannot read /dev/urandom for a seat's token"); goto fail; }
        snprintf(gm->names[p], sizeof gm->names[p], "%s-%d", spec, p + 1);
        gm->name_of[p] = gm->names[p];
        kinds[p] = spec;
    }
    mp_game_options o = { .n_players = gm->n, .seed = seed, .first_player = -1 };
    if (!(gm->g = mp_game_new(gm->rs, &o, &d)) || mp_game_start(gm->g, &d)) { err = reply_diag(400, &d); goto fail; }
    gm->rec = mp_record_new(mp_ruleset_name(gm->rs), mp_ruleset_hash(gm->rs), seed, mp_game_current_player(gm->g), gm->n,
                            gm->name_of, kinds);
    if (run_bots(gm, &d)) { err = reply_diag(500, &d); goto fail; }
    json_decref(v);

    pthread_mutex_lock(&lock);
    if (n_games == MAX_GAMES) {
        pthread_mutex_unlock(&lock);
        game_free(gm);
        return api_error(503, "the server holds %d games already; expected a server restarted", MAX_GAMES);
    }
    gm->id = n_games + 1;
    games[n_games++] = gm;
    pthread_mutex_unlock(&lock);

    json_t *seats = json_array();
    for (int p = 0; p < gm->n; p++)
        if (!gm->bots[p]) json_array_append_new(seats, json_pack("{s:i, s:s}", "seat", p, "token", gm->tokens[p]));
    return reply_json(201, json_pack("{s:i, s:o}", "game", gm->id, "seats", seats));
fail:
    json_decref(v);
    game_free(gm);
    return err;
}

static api_reply act(game *gm, const api_request *rq) {
    api_reply err;
    json_t *v = parse_body(rq, "{\"token\": \"...\", \"action\": \"D@1,0r0\"}", &err);
    if (!v) return err;
    const char *token = json_string_value(json_object_get(v, "token"));
    const char *text = json_string_value(json_object_get(v, "action"));
    int seat = -1;
    for (int p = 0; token && p < gm->n; p++)
        if (!gm->bots[p] && strcmp(token, gm->tokens[p]) == 0) seat = p;
    mp_action a;
    mp_diag d = { 0 };
    int used = 0;
    if (!token) err = api_error(400, "no \"token\"; expected the token of a seat of game %d", gm->id);
    else if (!text) err = api_error(400, "no \"action\"; expected an action in notation (meeple-notation(7)), like \"D@1,0r0\"");
    else if (seat < 0) err = api_error(403, "the token is no seat's of game %d; expected the token its creation gave", gm->id);
    else if (mp_game_phase(gm->g) == MP_PHASE_OVER) err = api_error(409, "game %d is over; expected no more actions", gm->id);
    else if (mp_game_current_player(gm->g) != seat)
        err = api_error(403, "it is seat %d's decision, not seat %d's: a seat's link cannot act for another",
                        mp_game_current_player(gm->g), seat);
    else if (mp_notation_parse(gm->g, text, &a, &used, &d)) err = reply_diag(400, &d);
    else if (text[used + strspn(text + used, " \t")])
        err = api_error(400, "column %d: more after the action; expected one action", used + 1 + (int)strspn(text + used, " \t"));
    else {
        char canon[128];
        mp_notation_format(gm->g, &a, canon, sizeof canon);
        if (play(gm, &a, canon, &d)) err = reply_diag(422, &d);
        else if (run_bots(gm, &d)) err = reply_diag(500, &d);
        else err = state(gm, 200);
    }
    json_decref(v);
    return err;
}

/* The record as meeple replay reads it (meeple-record(5)): written by mp_record_save to a file
** of a directory of its own, read back, removed. */
static api_reply record(const game *gm) {
    char dir[] = "/tmp/meeple-serve.XXXXXX", path[64];
    if (!mkdtemp(dir)) return api_error(500, "cannot make a directory for the record in /tmp");
    snprintf(path, sizeof path, "%s/game.yaml", dir);
    mp_diag d = { 0 };
    api_reply r = { 200, "text/yaml; charset=utf-8", NULL, "" };
    if (mp_record_save(gm->rec, gm->g, path, &d)) r = reply_diag(500, &d);
    else {
        FILE *f = fopen(path, "rb");
        long size = -1;
        if (f && fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
            (r.body = malloc((size_t)size + 1)) && fread(r.body, 1, (size_t)size, f) == (size_t)size)
            r.body[size] = 0;
        else { free(r.body); r = api_error(500, "cannot read back the record written"); }
        if (f) fclose(f);
    }
    unlink(path);
    rmdir(dir);
    if (r.status == 200) snprintf(r.filename, sizeof r.filename, "meeple-game-%d.yaml", gm->id);
    return r;
}

/* "/3..." of "/api/games/3...": the game, or NULL; *rest after the digits. */
static game *find_game(const char *s, const char **rest) {
    long id = parse_id(s, rest);
    pthread_mutex_lock(&lock);
    game *gm = id >= 1 && id <= n_games ? games[id - 1] : NULL;
    pthread_mutex_unlock(&lock);
    return gm;
}

/* One game's request, under the game's lock. */
static api_reply game_request(game *gm, const api_request *rq, const char *rest) {
    bool get = strcmp(rq->method, "GET") == 0, post = strcmp(rq->method, "POST") == 0;
    if (!*rest) return get ? state(gm, 200) : reply_method(rq, "GET");
    if (!strcmp(rest, "/actions")) return post ? act(gm, rq) : reply_method(rq, "POST");
    if (!strcmp(rest, "/record")) return get ? record(gm) : reply_method(rq, "GET");
    return api_error(404, "no such path '%s'; expected /api/games/ID, /actions or /record", quoted(rq->path));
}

api_reply api_games(const api_request *rq, const char *rest) {
    if (!*rest) return strcmp(rq->method, "POST") == 0 ? new_game(rq) : reply_method(rq, "POST");
    const char *after = "";
    game *gm = find_game(rest + 1, &after);
    if (!gm && parse_id(rest + 1, &after) < 0) return api_error(404, "no such path '%s'; expected /api/games/ID", quoted(rq->path));
    if (!gm) return api_error(404, "no game '%.*s'; expected the id POST /api/games gave", (int)(after - (rest + 1)), rest + 1);
    pthread_mutex_lock(&gm->lock);
    api_reply r = game_request(gm, rq, after);
    pthread_mutex_unlock(&gm->lock);
    return r;
}
