/*
** api-replays.c: games replayed (meeple-serve(1), section API, /api/replays): a record
** (meeple-record(5)) or a JCloisterZone game (.jcz, imported as `meeple replay` imports it)
** uploaded, replayed under its own rules to any turn, and rescored under another ruleset as
** `meeple score --ruleset` rescores it.
**
** The scores after each turn come from replaying the record's first k turns for every k (the
** library replays a record from its start only): a whole game of 72 turns is some 2600 turns
** played, a few milliseconds. A replay keeps its record and ruleset, never a game: a turn asked
** for is replayed again.
**
** The table holds the last MAX_REPLAYS replays; a new one takes the place of the oldest. A replay
** is counted while a request uses it, so that one taken out of the table is freed by the last
** request done with it; its own lock is held while a request replays it.
*/
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api-room.h"
#include "facts.h"
#include "game-file.h"
#include "render.h"
#include "rule-diff.h"

enum { MAX_REPLAYS = 200 };

typedef struct replay {
    pthread_mutex_t lock;               /* held while a request replays it */
    int id;
    int refs;                           /* the table's, and one per request using it (under the table's lock) */
    mp_record *rec;
    mp_ruleset *rs;                     /* the record's own ruleset */
    int n, n_turns;
    const char *names[MP_MAX_PLAYERS];  /* the record's */
    char name[256];                     /* the upload's */
} replay;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static replay *table[MAX_REPLAYS];      /* replay id sits at (id - 1) % MAX_REPLAYS */
static int last_id;

static void replay_free(replay *r) {
    if (!r) return;
    mp_record_free(r->rec);
    mp_ruleset_free(r->rs);
    pthread_mutex_destroy(&r->lock);
    free(r);
}

/* One reference less; the last frees it. */
static void release(replay *r) {
    pthread_mutex_lock(&lock);
    bool last = --r->refs == 0;
    pthread_mutex_unlock(&lock);
    if (last) replay_free(r);
}

void api_replays_free(void) {
    for (int i = 0; i < MAX_REPLAYS; i++)
        if (table[i]) { release(table[i]); table[i] = NULL; }
    last_id = 0;
}

/* ------------------------------------------------------------------ replaying */

/* The scores after each turn k = 0..n_turns, scores[k * n + p], each from the record's first k
** turns replayed under rs (strict: the drawn tiles must be the recorded ones). end: the recorded
** game ended, so the last one ends too whatever tiles rs has left (as meeple score does). notes:
** what the whole replay passed, defaulted, dropped. NULL with d filled when a turn fails. */
static int *scores_per_turn(const replay *r, const mp_ruleset *rs, bool strict, bool end, mp_replay_notes *notes, mp_diag *d) {
    int *scores = malloc(sizeof *scores * (size_t)(r->n_turns + 1) * (size_t)r->n);
    if (!scores) { snprintf(d->message, sizeof d->message, "out of memory"); return NULL; }
    for (int k = 0; k <= r->n_turns; k++) {
        mp_replay_notes kn;
        mp_game *g = mp_record_replay_noted(r->rec, rs, strict, k, &kn, d);
        if (g && k == r->n_turns && end && mp_game_phase(g) != MP_PHASE_OVER && mp_game_end_now(g, d)) {
            mp_game_free(g);
            g = NULL;
        }
        if (!g) { free(scores); return NULL; }
        for (int p = 0; p < r->n; p++) scores[k * r->n + p] = mp_game_score(g, p);
        if (k == r->n_turns && notes) *notes = kn;
        mp_game_free(g);
    }
    return scores;
}

/* Writes key "scores" (one array a turn, 0..n_turns) and key "final" (the last). */
static void scores_json(json *j, const replay *r, const int *scores) {
    jw_key(j, "scores"); jw_array(j);
    for (int k = 0; k <= r->n_turns; k++) {
        jw_array(j);
        for (int p = 0; p < r->n; p++) jw_int(j, scores[k * r->n + p]);
        jw_array_end(j);
    }
    jw_array_end(j);
    jw_key(j, "final"); jw_array(j);
    for (int p = 0; p < r->n; p++) jw_int(j, scores[r->n_turns * r->n + p]);
    jw_array_end(j);
}

/* A diagnostic's line as text: "game.yaml:12:5: message". */
static void diag_string(json *j, const mp_diag *d) {
    char buf[1200];
    mp_diag_format(d, buf, sizeof buf);
    jw_string(j, buf);
}

/* ------------------------------------------------------------------ a new replay */

/* The upload read (tools/common/game-file.h, as meeple replay reads a file): a record with its
** ruleset by name, never a file it names, and the same rules by hash; or a .jcz game with the
** ruleset its setup maps to. */
static api_reply read_upload(replay *r, const char *name, const char *text, size_t len) {
    const game_load how = { .rules = GAME_OWN_RULES, .upload = true };
    game_file f;
    mp_diag d = { 0 };
    api_reply err = { 0 };
    if (game_file_parse(name, text, len, &how, &f, &d)) err = reply_diag(400, &d);
    else {
        r->rec = f.rec;   /* the replay's now */
        r->rs = f.rs;
        f.rec = NULL;
        f.rs = NULL;
    }
    game_file_free(&f);
    return err;
}

/* What the file says of the game that its replay does not bear out, as `meeple replay` checks
** it: written as key "notes" (strings; [] when all agrees). */
static void record_notes(json *j, const replay *r, const int *scores) {
    jw_key(j, "notes"); jw_array(j);
    mp_diag d = { 0 };
    mp_game *g = mp_record_replay(r->rec, r->rs, 1, -1, &d);
    bool ended = g && mp_game_phase(g) == MP_PHASE_OVER, over = mp_record_over(r->rec);
    if (over && !ended) jw_string(j, "the record says the game is over, but after its turns it goes on");
    else if (!over && ended) jw_string(j, "the record says the game goes on, but its turns end it");
    else if (over) {
        for (int p = 0; p < r->n; p++) {
            int got = scores[r->n_turns * r->n + p], said = mp_record_final_score(r->rec, p);
            if (got != said) {
                char buf[200];
                snprintf(buf, sizeof buf, "%s scores %d, the record says %d", r->names[p], got, said);
                jw_string(j, buf);
            }
        }
    }
    if (g && !(over && !ended) && !(!over && ended) && mp_record_check_game(r->rec, g, &d)) diag_string(j, &d);
    mp_game_free(g);
    jw_array_end(j);
}

static api_reply new_replay(const api_request *rq) {
    api_reply err;
    json_t *v = parse_body(rq, "{\"name\": \"game.yaml\", \"text\": \"<a record or a .jcz file>\"}", &err);
    if (!v) return err;
    json_t *jname = json_object_get(v, "name"), *jtext = json_object_get(v, "text");
    const char *name = jname ? json_string_value(jname) : "game.yaml";
    replay *r = NULL;
    int *scores = NULL;
    if (!name || !*name) { err = api_error(400, "\"name\" is not a file's name; expected a string like \"game.yaml\" or \"x.jcz\""); goto fail; }
    if (!json_is_string(jtext)) { err = api_error(400, "no \"text\"; expected the text of a record (meeple-record(5)) or of a .jcz file"); goto fail; }
    const char *slash = strrchr(name, '/');   /* a name, for diagnostics: never a path */
    if (slash && slash[1]) name = slash + 1;
    if (!(r = calloc(1, sizeof *r))) { err = api_error(500, "out of memory"); goto fail; }
    pthread_mutex_init(&r->lock, NULL);
    r->refs = 1;
    const char *text = json_string_value(jtext);
    size_t len = json_string_length(jtext);
    err = read_upload(r, name, text, len);
    if (err.body) goto fail;
    snprintf(r->name, sizeof r->name, "%s", name);
    r->n = mp_record_n_players(r->rec);
    r->n_turns = mp_record_n_turns(r->rec);
    for (int p = 0; p < r->n; p++) r->names[p] = mp_record_player_name(r->rec, p);
    mp_diag d = { 0 };
    if (!(scores = scores_per_turn(r, r->rs, true, false, NULL, &d))) { err = reply_diag(400, &d); goto fail; }

    /* The reply is made before the replay is in the table: from then on its record is read by
    ** other requests, under the replay's lock (a record is used by one thread at a time). */
    pthread_mutex_lock(&lock);
    r->id = ++last_id;
    pthread_mutex_unlock(&lock);
    json j;
    jw_init(&j, NULL);
    jw_object(&j);
    jw_key(&j, "replay"); jw_int(&j, r->id);
    jw_key(&j, "name"); jw_string(&j, name);
    jw_key(&j, "ruleset"); jw_string(&j, mp_ruleset_name(r->rs));
    jw_key(&j, "players"); jw_array(&j);
    for (int p = 0; p < r->n; p++) jw_string(&j, r->names[p]);
    jw_array_end(&j);
    const char *rgb[MP_MAX_PLAYERS];
    render_player_colours(r->rs, r->names, r->n, rgb);   /* as the boards draw them */
    jw_key(&j, "colours"); jw_array(&j);
    for (int p = 0; p < r->n && p < MP_MAX_PLAYERS; p++) jw_string(&j, rgb[p]);
    jw_array_end(&j);
    jw_key(&j, "turns"); jw_int(&j, r->n_turns);
    jw_key(&j, "turn_texts"); jw_array(&j);
    for (int k = 0; k < r->n_turns; k++) jw_string(&j, mp_record_turn(r->rec, k));
    jw_array_end(&j);
    scores_json(&j, r, scores);
    jw_key(&j, "over"); jw_bool(&j, mp_record_over(r->rec));
    record_notes(&j, r, scores);
    jw_object_end(&j);
    free(scores);
    json_decref(v);

    pthread_mutex_lock(&lock);
    replay **slot = &table[(r->id - 1) % MAX_REPLAYS], *old = *slot;
    /* Replays made at once may come in out of order: a later one keeps its place (this one is
    ** then already among the forgotten, and goes). */
    if (old && old->id > r->id) old = r;
    else *slot = r;
    pthread_mutex_unlock(&lock);
    if (old) release(old);
    return reply_json(201, jw_take(&j));
fail:
    json_decref(v);
    if (r) release(r);
    return err;
}

/* ------------------------------------------------------------------ one replay's requests */

/* GET /api/replays/ID?turn=K: the game after turn K (the last when not given). */
static api_reply at_turn(const replay *r, const api_request *rq) {
    const char *arg = rq->arg ? rq->arg(rq->cls, "turn") : NULL;
    long k = arg ? parse_id(arg, NULL) : r->n_turns;
    if (k < 0 || k > r->n_turns)
        return api_error(400, "turn %s is not a turn of replay %d; expected 0 to %d", quoted(arg), r->id, r->n_turns);
    mp_diag d = { 0 };
    mp_game *g = mp_record_replay(r->rec, r->rs, 1, (int)k, &d);
    if (g && k == r->n_turns && mp_record_over(r->rec) && mp_game_phase(g) != MP_PHASE_OVER && mp_game_end_now(g, &d)) {
        mp_game_free(g);
        g = NULL;
    }
    if (!g) return reply_diag(500, &d);
    /* The picture `meeple render game NAME --turn K` draws, title and all. */
    char title[400];
    if (k == r->n_turns)
        snprintf(title, sizeof title, "%s: ruleset %s, after its last turn (%d)", r->name, mp_ruleset_name(r->rs), r->n_turns);
    else
        snprintf(title, sizeof title, "%s: ruleset %s, after turn %ld of %d", r->name, mp_ruleset_name(r->rs), k, r->n_turns);
    char *svg = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&svg, &len);
    render_geometry geom;
    int bad = !f || render_game_view_svg(f, g, title, r->names, NULL, &geom);
    if (f && fclose(f)) bad = 1;
    if (bad) { free(svg); mp_game_free(g); return api_error(500, "cannot draw the board of turn %ld", k); }
    json j;
    jw_init(&j, NULL);
    jw_object(&j);
    jw_key(&j, "replay"); jw_int(&j, r->id);
    jw_key(&j, "turn"); jw_int(&j, k);
    jw_key(&j, "board"); jw_object(&j);
    jw_key(&j, "svg"); jw_string(&j, svg);
    jw_key(&j, "geometry"); jw_object(&j);
    jw_key(&j, "size"); jw_double(&j, geom.size);
    jw_key(&j, "x0"); jw_double(&j, geom.x0);
    jw_key(&j, "y0"); jw_double(&j, geom.y0);
    jw_object_end(&j);
    jw_object_end(&j);
    jw_key(&j, "scores"); jw_array(&j);
    for (int p = 0; p < r->n; p++) jw_int(&j, mp_game_score(g, p));
    jw_array_end(&j);
    jw_key(&j, "text"); jw_string(&j, k > 0 ? mp_record_turn(r->rec, (int)k - 1) : NULL);
    jw_key(&j, "over"); jw_bool(&j, mp_game_phase(g) == MP_PHASE_OVER);
    facts_json(&j, g, r->names);
    jw_object_end(&j);
    free(svg);
    mp_game_free(g);
    return reply_json(200, jw_take(&j));
}

/* POST /api/replays/ID/rescore {ruleset}: the same game under another ruleset, relaxed. */
static api_reply rescore(const replay *r, const api_request *rq) {
    api_reply err;
    json_t *v = parse_body(rq, "{\"ruleset\": \"c1-2000\"}", &err);
    if (!v) return err;
    const char *name = json_string_value(json_object_get(v, "ruleset"));
    mp_ruleset *rs = NULL;
    int *scores = NULL;
    mp_diag d = { 0 };
    if (!json_object_get(v, "ruleset")) err = api_error(400, "no \"ruleset\"; expected {\"ruleset\": \"c1-2000\"}, a name of GET /api/rulesets");
    else if (!ruleset_name_ok(name)) err = api_error(400, "\"ruleset\" is not a ruleset's name; expected one of GET /api/rulesets");
    else if (!(rs = mp_ruleset_load(name, ruleset_dirs(), &d)))
        err = api_error(404, "\"ruleset\": no ruleset '%s'; expected one of GET /api/rulesets", quoted(name));
    else {
        /* Under the record's own rules (the same hash) the replay is strict, as meeple score's. */
        bool strict = strcmp(mp_ruleset_hash(rs), mp_record_hash(r->rec)) == 0;
        mp_replay_notes notes = { 0 };
        if (!(scores = scores_per_turn(r, rs, strict, mp_record_over(r->rec), &notes, &d))) err = reply_diag(422, &d);
        else {
            mp_rule_diff diffs[RULE_DIFF_MAX];
            int n = rule_diffs(r->rs, rs, diffs);
            json j;
            jw_init(&j, NULL);
            jw_object(&j);
            jw_key(&j, "replay"); jw_int(&j, r->id);
            jw_key(&j, "ruleset"); jw_string(&j, mp_ruleset_name(rs));
            scores_json(&j, r, scores);
            jw_key(&j, "adjusted"); jw_object(&j);
            jw_key(&j, "passed"); jw_int(&j, notes.passed);
            jw_key(&j, "defaulted"); jw_int(&j, notes.defaulted);
            jw_key(&j, "dropped"); jw_int(&j, notes.dropped);
            jw_object_end(&j);
            jw_key(&j, "notes"); jw_array(&j);
            char buf[200];
            if (notes.passed) {
                snprintf(buf, sizeof buf, "%d decision%s the record did not make passed", notes.passed, plural(notes.passed));
                jw_string(&j, buf);
            }
            if (notes.defaulted) {
                snprintf(buf, sizeof buf, "%d module decision%s taken by default", notes.defaulted, plural(notes.defaulted));
                jw_string(&j, buf);
            }
            if (notes.dropped) {
                snprintf(buf, sizeof buf, "%d recorded action%s dropped", notes.dropped, plural(notes.dropped));
                jw_string(&j, buf);
            }
            jw_array_end(&j);
            jw_key(&j, "differences"); rule_diff_json(&j, diffs, n);
            jw_object_end(&j);
            err = reply_json(200, jw_take(&j));
        }
    }
    free(scores);
    mp_ruleset_free(rs);
    json_decref(v);
    return err;
}

static api_reply replay_request(const replay *r, const api_request *rq, const char *rest) {
    bool get = strcmp(rq->method, "GET") == 0, post = strcmp(rq->method, "POST") == 0;
    if (!*rest) return get ? at_turn(r, rq) : reply_method(rq, "GET");
    if (!strcmp(rest, "/rescore")) return post ? rescore(r, rq) : reply_method(rq, "POST");
    return api_error(404, "no such path '%s'; expected /api/replays/ID or /api/replays/ID/rescore", quoted(rq->path));
}

api_reply api_replays(const api_request *rq, const char *rest) {
    if (!*rest) return strcmp(rq->method, "POST") == 0 ? new_replay(rq) : reply_method(rq, "POST");
    const char *after = "";
    long id = parse_id(rest + 1, &after);
    if (id < 0) return api_error(404, "no such path '%s'; expected /api/replays/ID", quoted(rq->path));
    pthread_mutex_lock(&lock);
    replay *r = id >= 1 ? table[(id - 1) % MAX_REPLAYS] : NULL;
    if (r && r->id != id) r = NULL;
    if (r) r->refs++;
    pthread_mutex_unlock(&lock);
    if (!r)
        return api_error(404, "no replay %ld; expected the id POST /api/replays gave (the server keeps the last %d)", id, MAX_REPLAYS);
    pthread_mutex_lock(&r->lock);
    api_reply reply = replay_request(r, rq, after);
    pthread_mutex_unlock(&r->lock);
    release(r);
    return reply;
}
