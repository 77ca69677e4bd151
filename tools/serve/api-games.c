/*
** api-games.c: the games in play (meeple-serve(1), section API, /api/games): made, seen, played
** and recorded. A game lives in the table below from POST /api/games until the server stops; each
** human seat acts with a token of its own (a secret link), the bots play on the server as soon as
** the decision is theirs. The table's lock is held only to find or add a game; each game has its
** own lock, held while a request reads or plays it, so that games go on at once. A game's state
** is written by api-games-state.c, its pictures drawn by api-games-pictures.c.
**
** The table holds --max-games games (api_cfg.max_games). When it is full, a new game takes the place of the game that
** has been over the longest (its record should have been downloaded by then); only when no game
** is over is a new one refused (503). A game retired while a request holds it is freed when the
** last such request ends (refs). Games of one ruleset share it, loaded once (meeple(3): any
** number of threads may start and play games of one ruleset at once).
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api-games.h"

enum { MAX_SHARED_RULESETS = 64 };

/* The table: its lock is held to find, add or retire a game, never while one is played. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static game *games[API_MAX_GAMES];
static int n_games, last_id;
static long over_seq;

/* The rulesets new games are played under, each loaded once, by the name asked for. */
static pthread_mutex_t rulesets_lock = PTHREAD_MUTEX_INITIALIZER;
static struct { char name[72]; mp_ruleset *rs; } shared[MAX_SHARED_RULESETS];
static int n_shared;

/* The ruleset of this name, loaded at its first game and shared (*owned false) or, once the table
** of shared ones is full, the game's own (*owned true); NULL with d filled when it does not load. */
static mp_ruleset *shared_ruleset(const char *name, bool *owned, mp_diag *d) {
    pthread_mutex_lock(&rulesets_lock);
    mp_ruleset *rs = NULL;
    for (int i = 0; i < n_shared && !rs; i++)
        if (strcmp(shared[i].name, name) == 0) rs = shared[i].rs;
    *owned = false;
    if (!rs && (rs = mp_ruleset_load(name, ruleset_dirs(), d))) {
        if (n_shared < MAX_SHARED_RULESETS) {
            snprintf(shared[n_shared].name, sizeof shared[n_shared].name, "%s", name);
            shared[n_shared++].rs = rs;
        } else {
            *owned = true;
        }
    }
    pthread_mutex_unlock(&rulesets_lock);
    return rs;
}

/* ------------------------------------------------------------------ playing */

int game_seat_of(const game *gm, const char *token) {
    for (int p = 0; token && p < gm->n; p++)
        if (!gm->bots[p] && strcmp(token, gm->tokens[p]) == 0) return p;
    return -1;
}

bool game_can_undo(const game *gm, int seat) {
    return gm->undo_game && gm->undo_seat == seat && mp_game_phase(gm->g) != MP_PHASE_OVER &&
           mp_game_current_player(gm->g) == seat && strcmp(gm->turn, gm->undo_turn) != 0;
}

static void forget_undo(game *gm) {
    mp_game_free(gm->undo_game);
    gm->undo_game = NULL;
    gm->undo_seat = -1;
}

/* Once the bots have played: when the decision has become a human seat's (its turn begins, or a
** decision of another's turn comes to it), the game as it stands is where an undo goes back to. */
static void note_undo_point(game *gm) {
    if (mp_game_phase(gm->g) == MP_PHASE_OVER) { forget_undo(gm); return; }
    int p = mp_game_current_player(gm->g);
    if (gm->bots[p] || (gm->undo_game && gm->undo_seat == p)) return;
    forget_undo(gm);
    gm->undo_game = mp_game_clone(gm->g);
    gm->undo_seat = p;
    snprintf(gm->undo_turn, sizeof gm->undo_turn, "%s", gm->turn);
}

/* Applies a, written `text` in notation before it was applied; a turn that ends goes into the
** record (and can no longer be undone). 0, or non-zero with d saying why the action is not legal. */
static int play(game *gm, const mp_action *a, const char *text, mp_diag *d) {
    if (mp_game_apply(gm->g, a, d)) return 1;
    size_t len = strlen(gm->turn);
    snprintf(gm->turn + len, sizeof gm->turn - len, "%s%s", len ? " " : "", text);
    mp_phase ph = mp_game_phase(gm->g);
    if (ph == MP_PHASE_PLACE || ph == MP_PHASE_OVER) {
        mp_record_add_turn(gm->rec, gm->turn);
        gm->turn[0] = 0;
        forget_undo(gm);
    }
    return 0;
}

/* The bots play until the decision is a human's or the game is over. */
static int run_bots(game *gm, mp_diag *d) {
    while (mp_game_phase(gm->g) != MP_PHASE_OVER) {
        mp_bot *b = gm->bots[mp_game_current_player(gm->g)];
        if (!b) break;
        mp_action a;
        char text[128];
        if (mp_bot_choose(b, gm->g, &a)) { snprintf(d->message, sizeof d->message, "a bot found no legal action"); return 1; }
        mp_notation_format(gm->g, &a, text, sizeof text);
        if (play(gm, &a, text, d)) return 1;
    }
    note_undo_point(gm);
    return 0;
}

static void game_free(game *gm) {
    if (!gm) return;
    for (int p = 0; p < gm->n; p++) mp_bot_free(gm->bots[p]);
    mp_game_free(gm->undo_game);
    mp_game_free(gm->g);
    mp_record_free(gm->rec);
    if (gm->rs_owned) mp_ruleset_free(gm->rs);
    pthread_mutex_destroy(&gm->lock);
    free(gm);
}

void api_games_free(void) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < n_games; i++) { game_free(games[i]); games[i] = NULL; }
    n_games = 0;
    pthread_mutex_unlock(&lock);
    pthread_mutex_lock(&rulesets_lock);
    for (int i = 0; i < n_shared; i++) mp_ruleset_free(shared[i].rs);
    n_shared = 0;
    pthread_mutex_unlock(&rulesets_lock);
}

/* Adds gm to the table (a new id), in the place of the game over the longest when it is full.
** Under the table's lock. 0, or 1 when the table is full of games in play. */
static int add_game(game *gm) {
    int max = api_cfg.max_games >= 1 && api_cfg.max_games <= API_MAX_GAMES ? api_cfg.max_games : 1000;
    if (n_games >= max) {
        int oldest = -1;
        for (int i = 0; i < n_games; i++)
            if (games[i]->over_seq && (oldest < 0 || games[i]->over_seq < games[oldest]->over_seq)) oldest = i;
        if (oldest < 0) return 1;
        game *old = games[oldest];
        games[oldest] = games[--n_games];
        old->retired = true;
        if (old->refs == 0) game_free(old);
    }
    gm->id = ++last_id;
    games[n_games++] = gm;
    if (mp_game_phase(gm->g) == MP_PHASE_OVER) gm->over_seq = ++over_seq;   /* bots only: over at once */
    return 0;
}

/* ------------------------------------------------------------------ a new game */

static const char game_body[] = "{\"ruleset\": \"c3\", \"seats\": [\"human\", \"random\"], \"seed\": 7}";

/* The spec a seat's bot plays by: an mcts seat thinks at most api_cfg.think_seconds a decision
** ("mcts" and "mcts:Ts" above it become "mcts:<think>s"; an iteration budget is kept). */
static void capped_spec(const char *spec, char *out, size_t size) {
    double think = api_cfg.think_seconds > 0 ? api_cfg.think_seconds : 2.0;
    char *end = NULL;
    double t = !strncmp(spec, "mcts:", 5) && isdigit((unsigned char)spec[5]) ? strtod(spec + 5, &end) : 0;
    if (!strcmp(spec, "mcts") || (end && end[0] == 's' && !end[1] && t > think)) snprintf(out, size, "mcts:%gs", think);
    else snprintf(out, size, "%s", spec);
}

/* The seats of the body, as the game's: a bot for each seat that is not "human" (seeded with the
** game's seed), a token for each that is. resumed: the players keep the record's names, and a seat
** that changes hands says so in the record (its kind). 0, or 1 with *err. */
static int make_seats(game *gm, json_t *js, uint64_t seed, bool resumed, const char **kinds, char (*specs)[48], api_reply *err) {
    mp_diag d = { 0 };
    for (int p = 0; p < gm->n; p++) {
        const char *spec = json_string_value(json_array_get(js, (size_t)p));
        if (!spec) { *err = api_error(400, "\"seats\"[%d] is not a string; expected \"human\" or a bot", p); return 1; }
        if (strlen(spec) > 40) { *err = api_error(400, "\"seats\"[%d]: too long; expected \"human\" or a bot (meeple-bots(7))", p); return 1; }
        capped_spec(spec, specs[p], sizeof specs[p]);
        if (strcmp(spec, "human") != 0) {
            if (!(gm->bots[p] = mp_bot_new(specs[p], seed, p, &d))) {
                *err = api_error(400, "\"seats\"[%d]: %s; expected \"human\" or a bot (meeple-bots(7))", p, d.message);
                return 1;
            }
            mp_bot_set_threads(gm->bots[p], api_cfg.bot_threads);
        } else if (new_token(gm->tokens[p])) { *err = api_error(500, "cannot read /dev/urandom for a seat's token"); return 1; }
        if (resumed) snprintf(gm->names[p], sizeof gm->names[p], "%s", mp_record_player_name(gm->rec, p));
        else snprintf(gm->names[p], sizeof gm->names[p], "%s-%d", spec, p + 1);
        gm->name_of[p] = gm->names[p];
        kinds[p] = specs[p];
        if (resumed && strcmp(mp_record_player_kind(gm->rec, p), specs[p]) != 0) mp_record_set_player(gm->rec, p, gm->names[p], specs[p]);
    }
    return 0;
}

/* 400: what is wrong with the record, at its line and column in the text of "record". */
static api_reply record_diag(const mp_diag *d) {
    if (d->line) return api_error(400, "\"record\" line %d column %d: %s", d->line, d->column, d->message);
    return api_error(400, "\"record\": %s", d->message);
}

/* A game from the record in the body (meeple-record(5)): its ruleset (by name, the same rules by
** hash), its seed and its turns replayed; the body's ruleset and seed, when given, must be the
** record's. 0, or 1 with *err. */
static int resume(game *gm, json_t *v, json_t *jrec, api_reply *err) {
    const char *text = json_string_value(jrec);
    mp_diag d = { 0 };
    if (!text) { *err = api_error(400, "\"record\" is not a string; expected the text of a record (meeple-record(5))"); return 1; }
    if (!(gm->rec = mp_record_parse("record", text, strlen(text), &d))) { *err = record_diag(&d); return 1; }
    const char *name = mp_record_ruleset(gm->rec);
    json_t *jr = json_object_get(v, "ruleset"), *jseed = json_object_get(v, "seed");
    if (!ruleset_name_ok(name)) {
        *err = api_error(400, "\"record\": ruleset '%s' is not a ruleset's name; expected a record of a ruleset of GET /api/rulesets",
                         quoted(name));
        return 1;
    }
    if (jr && (!json_is_string(jr) || strcmp(json_string_value(jr), name) != 0)) {
        *err = api_error(400, "\"ruleset\" is not the record's ('%s'); expected it left out or the same", name);
        return 1;
    }
    if (jseed && (!json_is_integer(jseed) || (uint64_t)json_integer_value(jseed) != mp_record_seed(gm->rec))) {
        *err = api_error(400, "\"seed\" is not the record's (%llu); expected it left out or the same",
                         (unsigned long long)mp_record_seed(gm->rec));
        return 1;
    }
    /* By name only: the server reads no file a request names. */
    mp_record_set_ruleset_file(gm->rec, "");
    gm->rs_owned = true;
    if (!(gm->rs = mp_record_load_ruleset(gm->rec, ruleset_dirs(), &d))) { *err = record_diag(&d); return 1; }
    if (strcmp(mp_ruleset_hash(gm->rs), mp_record_hash(gm->rec)) != 0) {
        *err = api_error(400, "\"record\": made under ruleset '%s' with hash %s, which hashes to %s here; expected the same rules",
                         name, mp_record_hash(gm->rec), mp_ruleset_hash(gm->rs));
        return 1;
    }
    if (!(gm->g = mp_record_replay(gm->rec, gm->rs, 1, -1, &d)) || mp_record_check_game(gm->rec, gm->g, &d)) {
        *err = record_diag(&d);
        return 1;
    }
    return 0;
}

static api_reply new_game(const api_request *rq) {
    api_reply err;
    json_t *v = parse_body(rq, game_body, &err);
    if (!v) return err;
    json_t *jr = json_object_get(v, "ruleset"), *js = json_object_get(v, "seats"), *jseed = json_object_get(v, "seed");
    json_t *jrec = json_object_get(v, "record");
    const char *name = jr ? json_string_value(jr) : "c3";
    uint64_t seed = 1;
    game *gm = NULL;
    mp_diag d = { 0 };
    if (!json_is_array(js) || json_array_size(js) == 0 || json_array_size(js) > MP_MAX_PLAYERS) {
        err = api_error(400, "\"seats\" is not an array of 1 to %d seats; expected \"human\" or a bot (\"random\", \"greedy\") for each", MP_MAX_PLAYERS);
        goto fail;
    }
    if (!(gm = calloc(1, sizeof *gm))) { err = api_error(500, "out of memory"); goto fail; }
    pthread_mutex_init(&gm->lock, NULL);
    gm->undo_seat = -1;
    if (jrec) {
        if (resume(gm, v, jrec, &err)) goto fail;
        seed = mp_record_seed(gm->rec);
        if ((int)json_array_size(js) != mp_record_n_players(gm->rec)) {
            err = api_error(400, "\"seats\": %d seat%s; the record has %d players", (int)json_array_size(js),
                            plural((int)json_array_size(js)), mp_record_n_players(gm->rec));
            goto fail;
        }
    } else {
        if (!name || !ruleset_name_ok(name)) { err = api_error(400, "\"ruleset\" is not a ruleset's name; expected one of GET /api/rulesets"); goto fail; }
        if (jseed && (!json_is_integer(jseed) || json_integer_value(jseed) < 0)) { err = api_error(400, "\"seed\" is not a whole number; expected 0 or more"); goto fail; }
        if (jseed) seed = (uint64_t)json_integer_value(jseed);
        if (!(gm->rs = shared_ruleset(name, &gm->rs_owned, &d))) { err = api_error(400, "\"ruleset\": no ruleset '%s'; expected one of GET /api/rulesets", name); goto fail; }
        int n = (int)json_array_size(js);
        if (n < mp_ruleset_min_players(gm->rs) || n > mp_ruleset_max_players(gm->rs)) {
            err = api_error(400, "\"seats\": %d seat%s; ruleset '%s' expects %d to %d", n, plural(n), name,
                            mp_ruleset_min_players(gm->rs), mp_ruleset_max_players(gm->rs));
            goto fail;
        }
    }
    gm->n = (int)json_array_size(js);
    const char *kinds[MP_MAX_PLAYERS];
    char specs[MP_MAX_PLAYERS][48];
    if (make_seats(gm, js, seed, jrec != NULL, kinds, specs, &err)) goto fail;
    if (!jrec) {
        mp_game_options o = { .n_players = gm->n, .seed = seed, .first_player = -1 };
        if (!(gm->g = mp_game_new(gm->rs, &o, &d)) || mp_game_start(gm->g, &d)) { err = reply_diag(400, &d); goto fail; }
        gm->rec = mp_record_new(mp_ruleset_name(gm->rs), mp_ruleset_hash(gm->rs), seed, mp_game_current_player(gm->g), gm->n,
                                gm->name_of, kinds);
    }
    if (run_bots(gm, &d)) { err = reply_diag(500, &d); goto fail; }
    json_decref(v);

    pthread_mutex_lock(&lock);
    if (add_game(gm)) {
        pthread_mutex_unlock(&lock);
        game_free(gm);
        return api_error(503, "the server holds %d games in play already; expected one of them over (--max-games)",
                         api_cfg.max_games);
    }
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

/* ------------------------------------------------------------------ a seat's requests */

/* The seat of the body's token: 0 with *seat, or 1 with *err (400 none, 403 no seat's). */
static int body_seat(const game *gm, json_t *v, int *seat, api_reply *err) {
    const char *token = json_string_value(json_object_get(v, "token"));
    if (!token) { *err = api_error(400, "no \"token\"; expected the token of a seat of game %d", gm->id); return 1; }
    if ((*seat = game_seat_of(gm, token)) < 0) {
        *err = api_error(403, "the token is no seat's of game %d; expected the token its creation gave", gm->id);
        return 1;
    }
    return 0;
}

static api_reply act(game *gm, const api_request *rq) {
    api_reply err;
    json_t *v = parse_body(rq, "{\"token\": \"...\", \"action\": \"D@1,0r0\"}", &err);
    if (!v) return err;
    const char *text = json_string_value(json_object_get(v, "action"));
    int seat = -1;
    mp_action a;
    mp_diag d = { 0 };
    int used = 0;
    if (body_seat(gm, v, &seat, &err)) ;
    else if (!text) err = api_error(400, "no \"action\"; expected an action in notation (meeple-notation(7)), like \"D@1,0r0\"");
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
        else err = game_state(gm, seat, 200);
    }
    json_decref(v);
    return err;
}

/* Back to where the seat's decision began (the start of its turn): the same tile drawn, the
** turn's text as it was then, so that the record goes on as if nothing had been undone. */
static api_reply undo(game *gm, const api_request *rq) {
    api_reply err;
    json_t *v = parse_body(rq, "{\"token\": \"...\"}", &err);
    if (!v) return err;
    int seat = -1;
    if (body_seat(gm, v, &seat, &err)) ;
    else if (!game_can_undo(gm, seat))
        err = api_error(409, "nothing to undo for seat %d; expected an action of its own in a turn that is still its own", seat);
    else {
        mp_game_free(gm->g);
        gm->g = mp_game_clone(gm->undo_game);
        snprintf(gm->turn, sizeof gm->turn, "%s", gm->undo_turn);
        err = game_state(gm, seat, 200);
    }
    json_decref(v);
    return err;
}

/* GET /api/games/ID[?token=T]: the state, as the token's seat sees it. */
static api_reply state(const game *gm, const api_request *rq) {
    const char *token = rq->arg ? rq->arg(rq->cls, "token") : NULL;
    int seat = game_seat_of(gm, token);
    if (token && seat < 0) return api_error(403, "the token is no seat's of game %d; expected the token its creation gave", gm->id);
    return game_state(gm, seat, 200);
}

/* The record as meeple replay reads it (meeple-record(5)), what mp_record_save would write. */
static api_reply record(const game *gm) {
    mp_diag d = { 0 };
    char *text = mp_record_text(gm->rec, gm->g, NULL, &d);
    if (!text) return reply_diag(500, &d);
    api_reply r = reply_text(200, "text/yaml; charset=utf-8", text);
    snprintf(r.filename, sizeof r.filename, "meeple-game-%d.yaml", gm->id);
    return r;
}

/* "/3..." of "/api/games/3...": the game, held (release_game), or NULL; *rest after the digits. */
static game *find_game(const char *s, const char **rest) {
    long id = parse_id(s, rest);
    game *gm = NULL;
    pthread_mutex_lock(&lock);
    for (int i = 0; id >= 1 && i < n_games && !gm; i++)
        if (games[i]->id == id) gm = games[i];
    if (gm) gm->refs++;
    pthread_mutex_unlock(&lock);
    return gm;
}

/* The request is done with gm: over is whether the game was over at its end. */
static void release_game(game *gm, bool over) {
    pthread_mutex_lock(&lock);
    if (over && !gm->over_seq) gm->over_seq = ++over_seq;
    if (--gm->refs == 0 && gm->retired) game_free(gm);
    pthread_mutex_unlock(&lock);
}

/* One game's request, under the game's lock. */
static api_reply game_request(game *gm, const api_request *rq, const char *rest) {
    bool get = strcmp(rq->method, "GET") == 0, post = strcmp(rq->method, "POST") == 0;
    if (!*rest) return get ? state(gm, rq) : reply_method(rq, "GET");
    if (!strcmp(rest, "/actions")) return post ? act(gm, rq) : reply_method(rq, "POST");
    if (!strcmp(rest, "/undo")) return post ? undo(gm, rq) : reply_method(rq, "POST");
    if (!strcmp(rest, "/record")) return get ? record(gm) : reply_method(rq, "GET");
    if (!strcmp(rest, "/board")) return get ? game_board(gm) : reply_method(rq, "GET");
    if (!strcmp(rest, "/drawn.svg")) return get ? game_drawn_svg(gm, rq) : reply_method(rq, "GET");
    if (!strncmp(rest, "/tiles/", 7)) return get ? game_tile_svg(gm, rq, rest + 7) : reply_method(rq, "GET");
    return api_error(404, "no such path '%s'; expected /api/games/ID, /actions, /undo, /record, /board, /drawn.svg or "
                     "/tiles/TILE.svg", quoted(rq->path));
}

api_reply api_games(const api_request *rq, const char *rest) {
    if (!*rest) return strcmp(rq->method, "POST") == 0 ? new_game(rq) : reply_method(rq, "POST");
    const char *after = "";
    game *gm = find_game(rest + 1, &after);
    if (!gm && parse_id(rest + 1, &after) < 0) return api_error(404, "no such path '%s'; expected /api/games/ID", quoted(rq->path));
    if (!gm) return api_error(404, "no game '%.*s'; expected the id POST /api/games gave", (int)(after - (rest + 1)), rest + 1);
    pthread_mutex_lock(&gm->lock);
    api_reply r = game_request(gm, rq, after);
    bool over = mp_game_phase(gm->g) == MP_PHASE_OVER;
    pthread_mutex_unlock(&gm->lock);
    release_game(gm, over);
    return r;
}
