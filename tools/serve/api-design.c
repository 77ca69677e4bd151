/*
** api-design.c: tile sets and rulesets being designed (meeple-serve(1), section API,
** /api/design): a file named on the command line (`meeple serve FILE...`), or one uploaded,
** linted as `meeple lint` lints it, loaded, and drawn: the sheet of its tiles, each tile alone
** with the diagnostics about it (tile-lines.h finds the lines of each tile's entry), the rest
** apart. POST /api/design/ID/tilestats and /balance play it (api-jobs.c); POST
** /api/design/ID/tile edits one of its tiles and makes a new design of the result
** (api-design-edit.c); the designs directory (--designs DIR: {"saved": NAME}, /api/design/files,
** /api/design/ID/save) is api-design-files.c's.
**
** Only the files of the command line are read by their name: a request names one of them
** exactly, never a path of its own (or a plain name of the designs directory, read through its
** descriptor only). The table keeps the last MAX_DESIGNS designs' texts (what a job needs); a
** new one takes the place of the oldest.
*/
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api-design-files.h"
#include "api-design.h"
#include "api-room.h"
#include "render.h"
#include "tile-lines.h"
#include "yaml-json.h"

enum { MAX_DESIGNS = 50, MAX_ENTRIES = 4096 };

typedef struct design {
    int id;
    const char *file;       /* the command line's, or NULL */
    char name[256];         /* what the page calls it: the file, or the upload's name (a download's name) */
    bool ruleset, has_start, loaded;
    char *text;
    size_t len;
    int errors;             /* as describe counts them: a design with errors is not saved */
} design;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static design *table[MAX_DESIGNS];    /* design id sits at (id - 1) % MAX_DESIGNS */
static int last_id;

static void design_free(design *dz) {
    if (!dz) return;
    free(dz->text);
    free(dz);
}

void api_design_free(void) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < MAX_DESIGNS; i++) { design_free(table[i]); table[i] = NULL; }
    last_id = 0;
    pthread_mutex_unlock(&lock);
}

/* ------------------------------------------------------------------ GET /api/design */

static api_reply list(void) {
    json j;
    jw_init(&j, NULL);
    jw_array(&j);
    for (int i = 0; i < api_cfg.n_design_files; i++) {
        jw_object(&j);
        jw_key(&j, "file"); jw_string(&j, api_cfg.design_files[i]);
        jw_object_end(&j);
    }
    jw_array_end(&j);
    return reply_json(200, jw_take(&j));
}

/* ------------------------------------------------------------------ a design read */

/* One diagnostic as {file, line, column, message, warning, tile}: tile the id of the tile whose
** entry holds it, null for one about no tile (or one of a file other than the design's). The
** design's file (read as `where`) is called by its name. */
static void diag_json(json *j, const mp_lint_item *it, const char *tile, const char *where, const char *name) {
    jw_object(j);
    jw_key(j, "file"); jw_string(j, strcmp(it->d.file, where) ? it->d.file : name);
    jw_key(j, "line"); jw_int(j, it->d.line);
    jw_key(j, "column"); jw_int(j, it->d.column);
    jw_key(j, "message"); jw_string(j, it->d.message);
    jw_key(j, "warning"); jw_bool(j, it->warning != 0);
    jw_key(j, "tile"); jw_string(j, tile);
    jw_object_end(j);
}

/* A picture written to memory by draw: the text, or NULL. */
static char *svg_of_tile(const mp_tileset *ts, int tile) {
    char *svg = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&svg, &len);
    if (!f) return NULL;
    int bad = render_tile_svg(f, ts, tile, 0, 96);
    if (fclose(f) || bad) { free(svg); return NULL; }
    return svg;
}

static char *svg_of_sheet(const mp_tileset *ts, const char *title) {
    char *svg = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&svg, &len);
    if (!f) return NULL;
    int bad = render_tiles_svg(f, ts, title);
    if (fclose(f) || bad) { free(svg); return NULL; }
    return svg;
}

/* Whether a file an uploaded ruleset names is one of the search directories' (ruleset_dirs):
** `extends:` by a ruleset's name, a tile set by a path under a ruleset directory
** ("tiles/base.yaml"); never a path of the upload's choosing ("/etc/...", "../..."). */
static bool ref_ok(const yaml_ref *r) {
    if (r->extends) return ruleset_name_ok(r->name);
    if (!r->name[0] || r->name[0] == '/') return false;
    for (const char *s = r->name; *s; s = strchr(s, '/') ? strchr(s, '/') + 1 : s + strlen(s))
        if (!strncmp(s, "..", 2) && (s[2] == '/' || !s[2])) return false;
    return true;
}

/* The design dz, its text read (name standing for it), linted, loaded and drawn: 201 with it all.
** where: the path it is read as (the file of the command line; for an upload, its name in an
** empty directory of its own, so that nothing beside it is found but in the search directories). */
static api_reply describe(design *dz, const char *name, const char *where) {
    tile_lines *entries = malloc(MAX_ENTRIES * sizeof *entries);
    if (!entries) return api_error(500, "out of memory");
    yaml_outline *o = malloc(sizeof *o);
    if (!o) { free(entries); return api_error(500, "out of memory"); }
    *o = yaml_tile_lines(dz->text, dz->len, entries, MAX_ENTRIES);
    dz->ruleset = !o->tileset;
    mp_lint *l = mp_lint_new();
    mp_diag d = { 0 };
    mp_tileset *own = NULL;
    mp_ruleset *rs = NULL;
    const yaml_ref *bad = NULL;
    for (int i = 0; dz->ruleset && !dz->file && i < o->n_refs; i++)
        if (!bad && !ref_ok(&o->refs[i])) bad = &o->refs[i];
    if (bad) {   /* not read: said as the loader would say a file it cannot find */
        snprintf(d.file, sizeof d.file, "%s", where);
        d.line = bad->line;
        d.column = bad->column;
        snprintf(d.message, sizeof d.message, "%s '%.200s' is not for an upload to name; expected %s", bad->extends ? "extends" : "tile set",
                 bad->name, bad->extends ? "a ruleset's name (extends: c3)" : "a tile set of the ruleset directories (tiles/base.yaml)");
    } else {
        mp_lint_text(l, where, dz->text, dz->len, ruleset_dirs());
        if (dz->ruleset) rs = mp_ruleset_parse(where, dz->text, dz->len, ruleset_dirs(), &d);
        else own = mp_tileset_parse(where, dz->text, dz->len, &d);
    }
    const mp_tileset *ts = rs ? mp_ruleset_tiles(rs) : own;
    dz->loaded = ts != NULL;
    for (int t = 0; ts && t < mp_tileset_n_tiles(ts); t++) dz->has_start |= mp_tileset_tile_is_start(ts, t) != 0;
    /* Which lint item goes beside which tile: by the entry of the design's own file holding its line. */
    int n_items = mp_lint_count(l);
    int *tile_of = calloc((size_t)n_items + 1, sizeof *tile_of);
    if (!tile_of) { free(o); free(entries); mp_lint_free(l); mp_ruleset_free(rs); mp_tileset_free(own); return api_error(500, "out of memory"); }
    for (int i = 0; i < n_items; i++) {
        const mp_lint_item *it = mp_lint_at(l, i);
        int e = strcmp(it->d.file, where) == 0 ? tile_at_line(entries, o->n, it->d.line) : -1;
        tile_of[i] = e >= 0 && entries[e].id[0] ? e : -1;
    }
    json j;
    jw_init(&j, NULL);
    jw_object(&j);
    jw_key(&j, "design"); jw_int(&j, dz->id);
    jw_key(&j, "name"); jw_string(&j, name);
    char hash[17];   /* which version of a file this is (api-design-files.h) */
    design_hash(dz->text, dz->len, hash);
    jw_key(&j, "hash"); jw_string(&j, hash);
    jw_key(&j, "kind"); jw_string(&j, dz->ruleset ? "ruleset" : "tiles");
    if (ts) {
        char title[400];   /* as `meeple render tiles NAME` titles it */
        if (rs) snprintf(title, sizeof title, "the tiles of ruleset %s", mp_ruleset_name(rs));
        else snprintf(title, sizeof title, "tile set %s", name);
        char *sheet = svg_of_sheet(ts, title);
        jw_key(&j, "sheet"); jw_string(&j, sheet);
        free(sheet);
    }
    jw_key(&j, "tiles"); jw_array(&j);
    bool *placed = calloc((size_t)n_items + 1, sizeof *placed);   /* items set beside a tile */
    for (int t = 0; ts && placed && t < mp_tileset_n_tiles(ts); t++) {
        const char *id = mp_tileset_tile_id(ts, t);
        jw_object(&j);
        jw_key(&j, "id"); jw_string(&j, id);
        jw_key(&j, "count"); jw_int(&j, mp_tileset_tile_count(ts, t));
        jw_key(&j, "start"); jw_bool(&j, mp_tileset_tile_is_start(ts, t) != 0);
        char *svg = svg_of_tile(ts, t);
        jw_key(&j, "svg"); jw_string(&j, svg);
        free(svg);
        jw_key(&j, "diagnostics"); jw_array(&j);
        for (int i = 0; !dz->ruleset && i < n_items; i++)
            if (tile_of[i] >= 0 && !placed[i] && !strcmp(entries[tile_of[i]].id, id)) {
                diag_json(&j, mp_lint_at(l, i), id, where, name);
                placed[i] = true;
            }
        jw_array_end(&j);
        jw_object_end(&j);
    }
    jw_array_end(&j);
    jw_key(&j, "diagnostics"); jw_array(&j);
    for (int i = 0; i < n_items; i++)
        if (!placed || !placed[i]) diag_json(&j, mp_lint_at(l, i), tile_of[i] >= 0 ? entries[tile_of[i]].id : NULL, where, name);
    /* A file that does not load though lint found no error in it: the loader's word. */
    if (!ts && mp_lint_errors(l) == 0) {
        mp_lint_item it = { d, 0 };
        diag_json(&j, &it, NULL, where, name);
    }
    jw_array_end(&j);
    int errors = mp_lint_errors(l) + (!ts && mp_lint_errors(l) == 0);
    dz->errors = errors;
    jw_key(&j, "errors"); jw_int(&j, errors);
    jw_key(&j, "warnings"); jw_int(&j, n_items - mp_lint_errors(l));
    jw_key(&j, "loaded"); jw_bool(&j, ts != NULL);
    jw_key(&j, "start"); jw_bool(&j, dz->has_start);
    jw_key(&j, "text"); jw_string(&j, dz->text);
    jw_object_end(&j);
    json_t *reply = jw_take(&j);
    /* A tile set's data as JSON, for the tile editor (api-design-edit.c); null when it is no YAML. */
    json_t *model = dz->ruleset ? NULL : yaml_to_json(dz->text, dz->len);
    if (reply) json_object_set_new(reply, "model", model ? model : json_null());
    free(placed);
    free(tile_of);
    free(entries);
    free(o);
    mp_lint_free(l);
    mp_ruleset_free(rs);
    mp_tileset_free(own);
    return reply_json(201, reply);
}

/* ------------------------------------------------------------------ POST /api/design */

/* dz (its text set, id not yet) numbered, described and put in the table; freed when it fails.
** where: its path (the command line's file), or NULL for an upload, read in a directory of its own. */
static api_reply add(design *dz, const char *name, const char *where) {
    pthread_mutex_lock(&lock);
    dz->id = ++last_id;
    pthread_mutex_unlock(&lock);
    snprintf(dz->name, sizeof dz->name, "%s", name);
    api_reply r;
    if (where) r = describe(dz, name, where);
    else {
        const char *tmp = getenv("TMPDIR");
        char dir[400], path[620];
        snprintf(dir, sizeof dir, "%.300s/meeple-design.XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(dir)) { design_free(dz); return api_error(500, "cannot make a directory in %s: %s", quoted(dir), strerror(errno)); }
        snprintf(path, sizeof path, "%s/%.200s", dir, name);
        r = describe(dz, name, path);
        rmdir(dir);
    }
    if (r.status != 201) { design_free(dz); return r; }
    pthread_mutex_lock(&lock);
    design **slot = &table[(dz->id - 1) % MAX_DESIGNS];
    if (*slot && (*slot)->id > dz->id) design_free(dz);   /* a later one made at once keeps its place */
    else {
        design_free(*slot);
        *slot = dz;
    }
    pthread_mutex_unlock(&lock);
    return r;
}

/* A name for diagnostics, never a path: what follows its last '/'. */
static const char *base_name(const char *name) {
    const char *slash = strrchr(name, '/');
    return slash && slash[1] ? slash + 1 : name;
}

api_reply design_add(const char *name, char *text, size_t len, json_t *extra) {
    design *dz = calloc(1, sizeof *dz);
    if (!dz) { free(text); json_decref(extra); return api_error(500, "out of memory"); }
    dz->text = text;
    dz->len = len;
    api_reply r = add(dz, base_name(name), NULL);
    if (r.status == 201 && extra) {   /* the extra keys set into the reply's text */
        json_t *v = json_loads(r.body, 0, NULL);
        char *body = v && !json_object_update(v, extra) ? json_dumps(v, JSON_COMPACT) : NULL;
        if (body) { free(r.body); r.body = body; }
        json_decref(v);
    }
    json_decref(extra);
    return r;
}

bool design_lookup(long id, design_copy *dc, char *name, size_t n) {
    bool found = false;
    pthread_mutex_lock(&lock);
    design *dz = id >= 1 ? table[(id - 1) % MAX_DESIGNS] : NULL;
    if (dz && dz->id == id) {
        found = true;
        *dc = (design_copy){ dz->id, dz->file, dz->ruleset, dz->has_start, malloc(dz->len + 1), dz->len, "" };
        if (dc->text) memcpy(dc->text, dz->text, dz->len + 1);
        snprintf(name, n, "%s", dz->name);
    }
    pthread_mutex_unlock(&lock);
    return found;
}

static api_reply new_design(const api_request *rq) {
    api_reply err;
    json_t *v = parse_body(rq, "{\"file\": \"<a FILE of meeple serve's command line>\"}, {\"saved\": \"<a file of GET /api/design/files>\"}, "
                               "{\"name\": \"mine.yaml\", \"text\": \"<YAML>\"} or {\"blank\": \"mine.yaml\", \"ruleset\": \"c3\"}", &err);
    if (!v) return err;
    json_t *jsaved = json_object_get(v, "saved");
    json_t *jfile = json_object_get(v, "file"), *jname = json_object_get(v, "name"), *jtext = json_object_get(v, "text");
    if (json_object_get(v, "blank")) { err = design_blank(v); json_decref(v); return err; }
    design *dz = calloc(1, sizeof *dz);
    const char *name = NULL;
    if (!dz) { err = api_error(500, "out of memory"); goto fail; }
    if (jfile) {
        const char *file = json_string_value(jfile);
        for (int i = 0; file && i < api_cfg.n_design_files; i++)
            if (!strcmp(file, api_cfg.design_files[i])) dz->file = api_cfg.design_files[i];
        if (!dz->file) {
            err = api_error(404, "no design file '%s'; expected one of GET /api/design (the files given to meeple serve)",
                            file ? quoted(file) : "(not a string)");
            goto fail;
        }
        if (read_text_file(dz->file, 64u << 20, &dz->text, &dz->len)) {
            err = api_error(500, "%s: cannot read: %s", quoted(dz->file), strerror(errno));
            goto fail;
        }
        name = dz->file;
    } else if (jsaved) {   /* a file of the designs directory, read as an upload of that name */
        name = json_string_value(jsaved);
        if (design_files_read(name, &dz->text, &dz->len, &err)) goto fail;
    } else {
        name = jname ? json_string_value(jname) : "design.yaml";
        if (!name || !*name) { err = api_error(400, "\"name\" is not a file's name; expected a string like \"mine.yaml\""); goto fail; }
        name = base_name(name);
        if (!json_is_string(jtext)) {
            err = api_error(400, "no \"text\"; expected {\"file\": \"<a file of GET /api/design>\"} or {\"name\": \"mine.yaml\", "
                                 "\"text\": \"<a tile set or a ruleset>\"}");
            goto fail;
        }
        dz->len = json_string_length(jtext);
        if (!(dz->text = malloc(dz->len + 1))) { err = api_error(500, "out of memory"); goto fail; }
        memcpy(dz->text, json_string_value(jtext), dz->len + 1);
    }
    err = add(dz, name, dz->file);
    json_decref(v);
    return err;
fail:
    json_decref(v);
    design_free(dz);
    return err;
}

/* POST /api/design/ID/tilestats or /balance: the design copied under the table's lock, played by
** a job (api-jobs.c). */
static api_reply job(const api_request *rq, long id, job_command command) {
    design_copy dc = { 0 };
    bool found = false, loaded = false;
    pthread_mutex_lock(&lock);
    design *dz = id >= 1 ? table[(id - 1) % MAX_DESIGNS] : NULL;
    if (dz && dz->id == id) {
        found = true;
        loaded = dz->loaded;
        dc = (design_copy){ dz->id, dz->file, dz->ruleset, dz->has_start, malloc(dz->len + 1), dz->len, "" };
        if (dc.text) memcpy(dc.text, dz->text, dz->len + 1);
        design_download_name(dz->name, dz->id, dc.file_name, sizeof dc.file_name);
    }
    pthread_mutex_unlock(&lock);
    if (!found) return api_error(404, "no design %ld; expected the id POST /api/design gave (the server keeps the last %d)", id, MAX_DESIGNS);
    if (!dc.text) return api_error(500, "out of memory");
    api_reply r = loaded ? design_job(command, &dc, rq)
                         : api_error(409, "design %ld does not load; expected a design without errors (its diagnostics say what is wrong)", id);
    free(dc.text);
    return r;
}

/* Design id's text, name and errors copied under the table's lock: false when there is no such
** design; *text NULL when memory ran out. name may be NULL. */
static bool copy_design(long id, char **text, size_t *len, int *errors, char *name, size_t name_size) {
    bool found = false;
    pthread_mutex_lock(&lock);
    design *dz = id >= 1 ? table[(id - 1) % MAX_DESIGNS] : NULL;
    if (dz && dz->id == id) {
        found = true;
        *len = dz->len;
        *errors = dz->errors;
        if ((*text = malloc(dz->len + 1))) memcpy(*text, dz->text, dz->len + 1);
        if (name) snprintf(name, name_size, "%s", dz->name);
    }
    pthread_mutex_unlock(&lock);
    return found;
}

static api_reply no_design(long id) {
    return api_error(404, "no design %ld; expected the id POST /api/design gave (the server keeps the last %d)", id, MAX_DESIGNS);
}

/* POST /api/design/ID/save: written into the designs directory (api-design-files.c). */
static api_reply save(const api_request *rq, long id) {
    if (!design_dir_on()) return design_files_save(rq, id, NULL, 0, 0);   /* 403: nothing is written */
    char *text = NULL;
    size_t len = 0;
    int errors = 0;
    if (!copy_design(id, &text, &len, &errors, NULL, 0)) return no_design(id);
    if (!text) return api_error(500, "out of memory");
    api_reply r = design_files_save(rq, id, text, len, errors);
    free(text);
    return r;
}

/* GET /api/design/ID/text: the design's text as it was read, a download of its name. */
static api_reply text_of(long id) {
    char *text = NULL, name[400];
    size_t len = 0;
    int errors = 0;
    if (!copy_design(id, &text, &len, &errors, name, sizeof name)) return no_design(id);
    api_reply r = reply_text(200, "application/yaml", text);
    if (r.status == 200) design_download_name(name, id, r.filename, sizeof r.filename);
    return r;
}

api_reply api_design(const api_request *rq, const char *rest) {
    bool get = strcmp(rq->method, "GET") == 0, post = strcmp(rq->method, "POST") == 0;
    if (!*rest) return get ? list() : post ? new_design(rq) : reply_method(rq, "GET or POST");
    if (!strcmp(rest, "/files")) return get ? design_files_list() : reply_method(rq, "GET");
    const char *after = "";
    long id = parse_id(rest + 1, &after);
    bool tilestats = !strcmp(after, "/tilestats"), balance = !strcmp(after, "/balance");
    if (id >= 0 && (tilestats || balance)) return post ? job(rq, id, balance ? JOB_BALANCE : JOB_TILESTATS) : reply_method(rq, "POST");
    if (id >= 0 && !strcmp(after, "/tile")) return post ? design_edit_tile(rq, id) : reply_method(rq, "POST");
    if (id >= 0 && !strcmp(after, "/save")) return post ? save(rq, id) : reply_method(rq, "POST");
    if (id >= 0 && !strcmp(after, "/text")) return get ? text_of(id) : reply_method(rq, "GET");
    return api_error(404, "no such path '%s'; expected /api/design, /api/design/files, /api/design/ID/tilestats, /ID/balance, /ID/tile, /ID/save or /ID/text",
                     quoted(rq->path));
}
