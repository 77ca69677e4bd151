/*
** jcz.c: a JCloisterZone saved game (.jcz) turned into a meeple record.
**
** The file is read with jansson (a syntax error is reported at jansson's line and column). Its
** setup gives the ruleset (jcz-setup.c: a shipped one, or a generated one loaded from a temporary
** file and, for `meeple import`, written beside the record), its players the seats (index 0 moves
** first). The tiles come in the order the file gives: gameAnnotations.drawOrder when there is one,
** otherwise the order of the placements (jcz-replay.c puts a bazaar's tiles back in the order they
** were turned up). The replay is played (jcz-replay.c) into turns of notation, and the record made
** of them, with tile_order and end_after (gameAnnotations.endTurn), is replayed under its ruleset:
** it must give the same game.
*/
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jcz-impl.h"
#include "meeple-yaml.h"

enum { MAX_FILE = 64 << 20, MAX_RESTARTS = 32 };

/* ------------------------------------------------------------------ text buffers */

void jcz_sb_add(jcz_sbuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (need < 0) return;
    if (b->n + (size_t)need + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + (size_t)need + 1) cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) abort();
        b->s = s;
        b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
    va_end(ap);
    b->n += (size_t)need;
}

/* ------------------------------------------------------------------ members */

static const char *type_name(json_type t) {
    switch (t) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "a whole number";
    case JSON_REAL: return "a number";
    case JSON_TRUE: case JSON_FALSE: return "true or false";
    default: return "null";
    }
}

int jcz_member(const jcz_src *src, const json_t *obj, const char *jpath, const char *key, const char *type,
               json_type want, const json_t **out, mp_diag *d) {
    char here[512];
    snprintf(here, sizeof here, "%s%s%s", jpath, jpath[0] ? "." : "", key);
    *out = obj && json_is_object(obj) ? json_object_get(obj, key) : NULL;
    if (!*out)
        return jcz_error(src, d, jpath[0] ? jpath : "", type, "no '%s'; expected %s here", key, type_name(want));
    if (json_typeof(*out) != want && !(want == JSON_TRUE && json_is_boolean(*out)))
        return jcz_error(src, d, here, type, "%s; expected %s", type_name(json_typeof(*out)), type_name(want));
    return 0;
}

/* ------------------------------------------------------------------ the file */

static int read_file(const char *path, char **text, size_t *len, mp_diag *d) {
    FILE *f = fopen(path, "rb");
    snprintf(d->file, sizeof d->file, "%s", path);
    d->line = d->column = 0;
    if (!f) { snprintf(d->message, sizeof d->message, "cannot open: %s", strerror(errno)); return 1; }
    jcz_sbuf b = { 0 };
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (b.n + n > MAX_FILE) {
            fclose(f);
            free(b.s);
            snprintf(d->message, sizeof d->message, "larger than %d MiB; expected a saved game", MAX_FILE >> 20);
            return 1;
        }
        jcz_sb_add(&b, "%.*s", (int)n, chunk);
        if (memchr(chunk, 0, n)) {   /* %.*s stops at a NUL: JSON text has none */
            fclose(f);
            free(b.s);
            snprintf(d->message, sizeof d->message, "not JSON: a NUL byte; expected a JCloisterZone saved game (.jcz)");
            return 1;
        }
    }
    bool err = ferror(f);
    fclose(f);
    if (err) { free(b.s); snprintf(d->message, sizeof d->message, "cannot read: %s", strerror(errno)); return 1; }
    *text = b.s ? b.s : strdup("");
    if (!*text) abort();
    *len = b.n;
    return 0;
}

/* The two tests of jcz_sniff: the name, and the JSON object (NULL: none, or not JSON). */
static bool named_jcz(const char *name) {
    size_t n = strlen(name);
    return n > 4 && !strcasecmp(name + n - 4, ".jcz");
}

static bool holds_jcz(json_t *root) {
    bool yes = root && json_is_object(root) && json_object_get(root, "setup") && json_object_get(root, "replay");
    json_decref(root);
    return yes;
}

bool jcz_sniff(const char *path) {
    if (named_jcz(path)) return true;
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    int c;
    while ((c = fgetc(f)) != EOF && strchr(" \t\r\n", c)) {}
    fclose(f);
    json_error_t e;
    return c == '{' && holds_jcz(json_load_file(path, 0, &e));
}

bool jcz_sniff_text(const char *name, const char *text, size_t len) {
    if (named_jcz(name)) return true;
    size_t i = strspn(text, " \t\r\n");
    json_error_t e;
    return i < len && text[i] == '{' && holds_jcz(json_loadb(text, len, 0, &e));
}

/* Writes the generated ruleset: beside the record (kept), or in a new temporary directory. */
static int write_rules(const char *path, const char *yaml, mp_diag *d) {
    char tmp[640];   /* the longest path given (600) and ".tmp.XXXXXX" */
    snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path);
    mp_record_remove_temporaries(path);   /* those a killed write left */
    int fd = mkstemp(tmp);
    snprintf(d->file, sizeof d->file, "%s", path);
    d->line = d->column = 0;
    if (fd < 0) { snprintf(d->message, sizeof d->message, "cannot write the ruleset: %s", strerror(errno)); return 1; }
    FILE *f = fdopen(fd, "w");
    if (!f) { close(fd); unlink(tmp); snprintf(d->message, sizeof d->message, "cannot write the ruleset: %s", strerror(errno)); return 1; }
    fchmod(fd, 0644);
    bool bad = fputs(yaml, f) < 0;
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        snprintf(d->message, sizeof d->message, "cannot write the ruleset: %s", strerror(e));
        return 1;
    }
    return 0;
}

int jcz_setup_load(const jcz_setup *st, mp_ruleset **rs, mp_diag *d) {
    *rs = NULL;
    if (!st->yaml[0]) {
        *rs = mp_ruleset_load(st->name, ruleset_dirs(), d);
        return *rs == NULL;
    }
    const char *tmpdir = getenv("TMPDIR");
    char dir[512], file[600];
    snprintf(dir, sizeof dir, "%s/meeple-jcz-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    if (!mkdtemp(dir)) {
        snprintf(d->file, sizeof d->file, "%s", dir);
        d->line = d->column = 0;
        snprintf(d->message, sizeof d->message, "cannot make a temporary directory for the ruleset: %s", strerror(errno));
        return 1;
    }
    snprintf(file, sizeof file, "%s/%s.yaml", dir, st->name);
    int rc = write_rules(file, st->yaml, d);
    if (!rc) *rs = mp_ruleset_load(file, ruleset_dirs(), d);
    unlink(file);
    rmdir(dir);
    return rc || *rs == NULL;
}

/* Loads the ruleset, keeping the generated one's text for writing it beside the record. */
static int load_rules(const jcz_setup *st, jcz_import *j, mp_diag *d) {
    if (st->yaml[0] && !(j->rules_yaml = strdup(st->yaml))) abort();
    return jcz_setup_load(st, &j->rs, d);
}

/* The absolute form of path (which need not exist yet). */
static void absolute(const char *path, char *out, size_t size) {
    char cwd[4096] = "";
    if (path[0] != '/' && getcwd(cwd, sizeof cwd)) strcat(cwd, "/");
    else cwd[0] = 0;
    size_t n = strlen(cwd);
    snprintf(out, size, "%.*s%s", (int)(n < size ? n : 0), cwd, path);
}

/* Writes the generated ruleset where the record will name it, and checks that it loads there as
** the same rules (a file it extends could be found beside it instead of the shipped one). */
static int keep_rules(jcz_import *j, mp_diag *d) {
    if (write_rules(j->rules_file, j->rules_yaml, d)) return 1;
    mp_ruleset *rs = mp_ruleset_load(j->rules_file, ruleset_dirs(), d);
    if (!rs) return 1;
    bool same = !strcmp(mp_ruleset_hash(rs), mp_ruleset_hash(j->rs));
    mp_ruleset_free(rs);
    if (same) return 0;
    snprintf(d->file, sizeof d->file, "%s", j->rules_file);
    d->line = d->column = 0;
    snprintf(d->message, sizeof d->message, "the ruleset written here extends another '%s' than the shipped one (a "
             "file of that name beside it?); expected the shipped rules", j->base);
    return 1;
}

/* The order of the tiles: drawOrder, or the placements of the file (as far as they read). */
static int tile_order(const jcz_src *src, const json_t *root, jcz_sim *s, int *placed, mp_diag *d) {
    const mp_tileset *ts = s->ts;
    int n_tiles = mp_tileset_n_tiles(ts);
    int *left = calloc((size_t)n_tiles + 1, sizeof *left);
    if (!left) abort();
    for (int t = 0; t < n_tiles; t++) left[t] = mp_tileset_tile_count(ts, t) - (mp_tileset_tile_is_start(ts, t) ? 1 : 0);
    const json_t *ann = json_object_get(root, "gameAnnotations");
    const json_t *draw = ann ? json_object_get(ann, "drawOrder") : NULL;
    for (size_t i = 0; i < json_array_size(s->replay); i++) {
        const json_t *m = json_array_get(s->replay, i);
        const char *type = json_string_value(json_object_get(m, "type"));
        if (!type) break;
        if (strcmp(type, "PLACE_TILE") != 0) continue;
        int t = jcz_find_tile(ts, json_string_value(json_object_get(json_object_get(m, "payload"), "tileId")));
        if (t < 0) break;
        placed[s->n_placed++] = t;
    }
    if (draw) {
        s->fixed = true;
        if (!json_is_array(draw))
            { free(left); return jcz_error(src, d, "gameAnnotations.drawOrder", NULL, "not an array; expected tile ids"); }
        for (size_t i = 0; i < json_array_size(draw); i++) {
            char jp[64];
            snprintf(jp, sizeof jp, "gameAnnotations.drawOrder[%zu]", i);
            const json_t *v = json_array_get(draw, i);
            if (!json_is_string(v)) { free(left); return jcz_error(src, d, jp, NULL, "not a string; expected a tile id"); }
            int t;
            if (jcz_tile(s, v, jp, NULL, &t, d)) { free(left); return 1; }
            if (left[t]-- <= 0) {
                free(left);
                return jcz_error(src, d, jp, NULL, "one tile '%s' too many; expected at most %d of it, the start tile "
                                 "included", json_string_value(v), mp_tileset_tile_count(ts, t));
            }
            snprintf(s->order[s->n_order++], sizeof s->order[0], "%s", mp_tileset_tile_id(ts, t));
        }
        /* After drawOrder, JCloisterZone drew with its own generator: those tiles are the ones placed
        ** beyond drawOrder's (each placement takes one of drawOrder's tiles while any is left), in
        ** the order of their placements; a bazaar's are put in its order while playing. */
        s->n_fixed = s->n_order;
        int *pending = calloc((size_t)n_tiles + 1, sizeof *pending);
        if (!pending) abort();
        for (int k = 0; k < s->n_fixed; k++) pending[mp_tileset_find(ts, s->order[k])]++;
        for (int i = 0; i < s->n_placed; i++) {
            if (pending[placed[i]] > 0) { pending[placed[i]]--; continue; }
            if (left[placed[i]]-- <= 0) break;   /* reported where the file places it */
            snprintf(s->order[s->n_order++], sizeof s->order[0], "%s", mp_tileset_tile_id(ts, placed[i]));
        }
        free(pending);
    } else {
        for (int i = 0; i < s->n_placed; i++) {
            if (left[placed[i]]-- <= 0) break;   /* reported where the file places it */
            snprintf(s->order[s->n_order++], sizeof s->order[0], "%s", mp_tileset_tile_id(ts, placed[i]));
        }
    }
    free(left);
    return 0;
}

static int read_annotations(const jcz_src *src, const json_t *root, jcz_import *j, mp_diag *d) {
    j->end_turn = -1;
    const json_t *ann = json_object_get(root, "gameAnnotations"), *x;
    if (ann && !json_is_object(ann)) return jcz_error(src, d, "gameAnnotations", NULL, "not an object; expected annotations");
    if (ann && (x = json_object_get(ann, "endTurn")) && !json_is_null(x)) {
        if (!json_is_integer(x) || json_integer_value(x) < 1 || json_integer_value(x) > 100000)
            return jcz_error(src, d, "gameAnnotations.endTurn", NULL, "not a number of draws; expected 1 to 100000");
        j->end_turn = (int)json_integer_value(x);
    }
    const json_t *test = json_object_get(root, "test"), *as;
    if (test && json_is_object(test) && (as = json_object_get(test, "assertions"))) {
        if (!json_is_array(as)) return jcz_error(src, d, "test.assertions", NULL, "not an array; expected strings");
        j->assertions = calloc(json_array_size(as) + 1, sizeof *j->assertions);
        if (!j->assertions) abort();
        for (size_t i = 0; i < json_array_size(as); i++) {
            char jp[64];
            snprintf(jp, sizeof jp, "test.assertions[%zu]", i);
            if (!json_is_string(json_array_get(as, i))) return jcz_error(src, d, jp, NULL, "not a string; expected an assertion");
            if (!(j->assertions[j->n_assertions++] = strdup(json_string_value(json_array_get(as, i))))) abort();
        }
    }
    return 0;
}

/* The record as text (through libyaml's emitter, core/yamlw.h), parsed back as a record. */
static int make_record(const jcz_import *j, const jcz_sim *s, uint64_t seed, mp_record **out, mp_diag *d) {
    mp_yw *w = mp_yw_new("");
    mp_yw_map(w, false);
    mp_yw_plain(w, "format"); mp_yw_int(w, 1);
    mp_yw_plain(w, "ruleset"); mp_yw_quoted(w, mp_ruleset_name(j->rs));
    if (j->rules_file[0]) { mp_yw_plain(w, "ruleset_file"); mp_yw_quoted(w, j->rules_file); }
    mp_yw_plain(w, "ruleset_hash"); mp_yw_quoted(w, mp_ruleset_hash(j->rs));
    mp_yw_plain(w, "seed"); mp_yw_uint(w, (unsigned long long)seed);
    mp_yw_plain(w, "first_player"); mp_yw_int(w, 0);
    mp_yw_plain(w, "players");
    mp_yw_seq(w, false);
    for (int p = 0; p < j->n_players; p++) {
        mp_yw_map(w, true);
        mp_yw_plain(w, "name"); mp_yw_quoted(w, j->names[p]);
        mp_yw_plain(w, "kind"); mp_yw_quoted(w, "human");
        mp_yw_end_map(w);
    }
    mp_yw_end_seq(w);
    bool over = mp_game_phase(s->g) == MP_PHASE_OVER;
    mp_yw_plain(w, "status"); mp_yw_plain(w, over ? "over" : "playing");
    mp_yw_plain(w, "tile_order");
    mp_yw_seq(w, true);
    for (int k = 0; k < s->n_order; k++) mp_yw_quoted(w, s->order[k]);
    mp_yw_end_seq(w);
    if (j->end_turn >= 0) { mp_yw_plain(w, "end_after"); mp_yw_int(w, j->end_turn); }
    mp_yw_plain(w, "n_turns"); mp_yw_int(w, s->n_turns);
    mp_yw_plain(w, "turns");
    mp_yw_seq(w, false);
    for (int t = 0; t < s->n_turns; t++) mp_yw_quoted(w, s->turns[t]);
    mp_yw_end_seq(w);
    if (over) {
        mp_yw_plain(w, "final");
        mp_yw_map(w, false);
        mp_yw_plain(w, "scores");
        mp_yw_seq(w, true);
        for (int p = 0; p < j->n_players; p++) mp_yw_int(w, mp_game_score(s->g, p));
        mp_yw_end_seq(w);
        mp_yw_end_map(w);
    }
    mp_yw_end_map(w);
    size_t len = 0;
    char why[256];
    char *text = mp_yw_finish(w, &len, why, sizeof why);
    mp_yw_free(w);
    if (!text) {
        snprintf(d->file, sizeof d->file, "%s", j->path);
        d->line = d->column = 0;
        snprintf(d->message, sizeof d->message, "cannot make the record: %s", why);
        return 1;
    }
    *out = mp_record_parse(j->path, text, len, d);
    free(text);
    return *out == NULL;
}

int jcz_import_file(const char *path, const char *rules_path, jcz_import *j, mp_diag *d) {
    char *text = NULL;
    size_t len = 0;
    if (read_file(path, &text, &len, d)) {
        memset(j, 0, sizeof *j);
        return 1;
    }
    return jcz_import_text(path, text, len, rules_path, j, d);
}

int jcz_import_text(const char *path, char *text, size_t len, const char *rules_path, jcz_import *j, mp_diag *d) {
    memset(j, 0, sizeof *j);
    j->end_turn = -1;
    snprintf(j->path, sizeof j->path, "%s", path);
    j->text = text;
    j->len = len;
    jcz_src src = { j->path, j->text, j->len };
    json_error_t je;
    json_t *root = json_loadb(j->text, j->len, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        snprintf(d->file, sizeof d->file, "%s", path);
        d->line = je.line > 0 ? je.line : 0;
        d->column = je.column > 0 ? je.column : 0;
        snprintf(d->message, sizeof d->message, "not JSON: %s; expected a JCloisterZone saved game (.jcz)", je.text);
        return 1;
    }
    int rc = 1;
    jcz_sim s = { .src = &src };
    int *placed = NULL;
    jcz_setup st;
    jcz_options opts;
    const json_t *replay;
    if (!json_is_object(root)) {
        jcz_error(&src, d, "", NULL, "not an object; expected a JCloisterZone saved game (.jcz)");
        goto out;
    }
    if (jcz_read_setup(&src, root, &opts, d)) goto out;
    jcz_options_ruleset(&opts, &st);
    if (load_rules(&st, j, d)) goto out;
    if (rules_path && j->rules_yaml) absolute(rules_path, j->rules_file, sizeof j->rules_file);
    snprintf(j->ruleset, sizeof j->ruleset, "%s", st.name);
    snprintf(j->base, sizeof j->base, "%s", st.base);
    snprintf(j->summary, sizeof j->summary, "%s", st.summary);
    j->no_auction = st.no_auction;
    if (jcz_read_players(&src, root, j->rs, j, d) || jcz_check_start(&src, root, j->rs, d) ||
        read_annotations(&src, root, j, d) || jcz_member(&src, root, "", "replay", NULL, JSON_ARRAY, &replay, d))
        goto out;
    j->n_messages = (int)json_array_size(replay);
    s.replay = replay;
    s.rs = j->rs;
    s.ts = mp_ruleset_tiles(j->rs);
    s.end_turn = j->end_turn;
    const json_t *ann = json_object_get(root, "gameAnnotations");
    size_t cap = json_array_size(replay) + json_array_size(ann ? json_object_get(ann, "drawOrder") : NULL) + 1;
    placed = calloc(cap, sizeof *placed);
    s.order = calloc(cap, sizeof *s.order);
    if (!placed || !s.order) abort();
    s.placed = placed;
    if (tile_order(&src, root, &s, placed, d)) goto out;
    for (int restarts = 0;; restarts++) {
        if (restarts == MAX_RESTARTS) {
            jcz_error(&src, d, "replay", NULL, "the tiles of its bazaars do not settle into one order; expected "
                      "gameAnnotations.drawOrder");
            goto out;
        }
        if (jcz_play(&s, j->n_players, d)) goto out;
        if (!s.restart) break;
    }
    j->unfinished = s.turn.n > 0;
    j->n_turns = s.n_turns;
    j->turn_msg = s.turn_msg;
    s.turn_msg = NULL;
    /* The seed decides only the tiles after the file's: from JCloisterZone's own random number. */
    const json_t *ir = json_object_get(root, "initialRandom");
    uint64_t seed = json_is_number(ir) && json_number_value(ir) >= 0 && json_number_value(ir) < 1
                        ? (uint64_t)(json_number_value(ir) * 9007199254740992.0) : 0;
    if (make_record(j, &s, seed, &j->rec, d)) goto out;
    /* The record must replay to the game just played: same end, same scores. */
    if (!(j->g = mp_record_replay(j->rec, j->rs, 1, -1, d))) { jcz_locate_turn(j, d); goto out; }
    bool same = mp_game_phase(j->g) == mp_game_phase(s.g) || j->unfinished;
    for (int p = 0; p < j->n_players && !j->unfinished; p++) same &= mp_game_score(j->g, p) == mp_game_score(s.g, p);
    if (!same) {
        jcz_error(&src, d, "", NULL, "the imported record does not replay to the game imported (a bug of meeple import)");
        goto out;
    }
    if (j->rules_file[0] && keep_rules(j, d)) goto out;
    /* The game as played, for the assertions: the file's last turn may be open. */
    j->live = s.g;
    j->before = s.before;
    s.g = s.before = NULL;
    j->turn_open = s.turn_open;
    j->turn_player = s.last_placer;
    j->actors = s.actors;
    rc = 0;
out:
    jcz_sim_clear(&s);
    free(s.order);
    free(placed);
    json_decref(root);
    return rc;
}

void jcz_import_free(jcz_import *j) {
    free(j->text);
    free(j->rules_yaml);
    mp_ruleset_free(j->rs);
    mp_record_free(j->rec);
    mp_game_free(j->g);
    mp_game_free(j->live);
    mp_game_free(j->before);
    free(j->turn_msg);
    for (int i = 0; i < j->n_assertions; i++) free(j->assertions[i]);
    free(j->assertions);
    memset(j, 0, sizeof *j);
}

void jcz_where(const jcz_import *j, const char *jpath, int *line, int *column) {
    *line = *column = 0;
    if (j->text) jcz_locate(j->text, j->len, jpath, line, column);
}

void jcz_locate_turn(const jcz_import *j, mp_diag *d) {
    int turn = 0, used = 0;
    snprintf(d->file, sizeof d->file, "%s", j->path);
    d->line = d->column = 0;
    if (sscanf(d->message, "turn %d: %n", &turn, &used) != 1 || !used || turn < 1 || !j->turn_msg) return;
    int n = j->n_turns ? j->n_turns : mp_record_n_turns(j->rec);
    if (turn > n) return;
    char jp[32], rest[sizeof d->message];
    snprintf(jp, sizeof jp, "replay[%d]", j->turn_msg[turn - 1]);
    snprintf(rest, sizeof rest, "%s", d->message + used);
    jcz_locate(j->text, j->len, jp, &d->line, &d->column);
    snprintf(d->message, sizeof d->message, "%s (turn %d): %.460s", jp, turn, rest);
}
