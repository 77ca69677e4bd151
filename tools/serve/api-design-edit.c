/*
** api-design-edit.c: the tile editor of the Design page (meeple-serve(1), section API):
**
**   POST /api/design/ID/tile {"index": I, "tile": {...}}   tile I of design ID replaced by the
**        tile given (its entry as JSON, as the design's "model" holds it); "index": null, or the
**        number of tiles, adds it at the end; {"index": I, "delete": true} takes tile I out.
**   POST /api/design {"blank": "mine.yaml", "ruleset": "c3"}   a new tile set of one blank tile,
**        with the kinds, icons and markers the tile sets of that ruleset declare.
**
** Each makes a new design of the new text (api-design.c describes it: diagnostics, pictures), so
** that undo is the page showing an earlier design again. The edited entry is written by libyaml's
** emitter (tile-yaml.h) into the lines of the old one: the rest of the file, comments included,
** stays as it was ("layout": "kept"). A file whose tiles cannot be edited by their lines (a flow
** `tiles: [...]`) is written anew from its data, without its comments ("layout": "rewritten").
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api-design.h"
#include "api-room.h"
#include "tile-lines.h"
#include "tile-yaml.h"
#include "yaml-json.h"

enum { MAX_ENTRIES = 4096 };

static const char *const half_sides[] = { "Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn" };

/* ------------------------------------------------------------------ POST /api/design/ID/tile */

/* The whole set written anew with the edit made to its data: the fallback of splice_entry. */
static char *rewrite(const char *text, size_t len, long index, const json_t *tile, size_t *out_len, api_reply *err) {
    json_t *set = yaml_to_json(text, len);
    json_t *tiles = json_object_get(set, "tiles");
    if (!json_is_object(set) || (tiles && !json_is_array(tiles))) {
        json_decref(set);
        *err = api_error(409, "the design's text is not a tile set's YAML; expected a mapping with kinds: and tiles: (its diagnostics say what is wrong)");
        return NULL;
    }
    if (!tiles) json_object_set_new(set, "tiles", tiles = json_array());
    size_t n = json_array_size(tiles);
    if (index < 0 || (size_t)index > n || ((size_t)index == n && !tile)) {
        json_decref(set);
        *err = api_error(400, "\"index\": %ld is not a tile of the design; expected 0 to %zu", index, n);
        return NULL;
    }
    if (!tile) json_array_remove(tiles, (size_t)index);
    else if ((size_t)index == n) json_array_append(tiles, (json_t *)tile);
    else json_array_set(tiles, (size_t)index, (json_t *)tile);
    char why[256];
    char *out = tileset_yaml(set, "", out_len, why, sizeof why);
    json_decref(set);
    if (!out) *err = api_error(400, "the tile set cannot be written: %s", why);
    return out;
}

api_reply design_edit_tile(const api_request *rq, long id) {
    api_reply err;
    json_t *v = parse_body(rq, "{\"index\": 0, \"tile\": {\"id\": \"T1\", \"edges\": \"FFFF\", \"features\": [...]}} or {\"index\": 0, \"delete\": true}", &err);
    if (!v) return err;
    design_copy dc;
    char name[256];
    if (!design_lookup(id, &dc, name, sizeof name)) {
        json_decref(v);
        return api_error(404, "no design %ld; expected the id POST /api/design gave", id);
    }
    tile_lines *entries = malloc(MAX_ENTRIES * sizeof *entries);
    yaml_outline *o = malloc(sizeof *o);
    char *text = NULL, *entry = NULL;
    size_t len = 0;
    json_t *jindex = json_object_get(v, "index"), *tile = json_object_get(v, "tile");
    bool remove = json_is_true(json_object_get(v, "delete"));
    if (!dc.text || !entries || !o) { err = api_error(500, "out of memory"); goto done; }
    if (dc.ruleset) { err = api_error(409, "design %ld is a ruleset; expected a tile set (the editor edits the tiles of a tile set)", id); goto done; }
    if (remove == (tile != NULL) || (tile && !json_is_object(tile))) {
        err = api_error(400, "expected either \"tile\": {an entry of tiles:, as the design's model has it} or \"delete\": true");
        goto done;
    }
    if (jindex && !json_is_null(jindex) && !json_is_integer(jindex)) {
        err = api_error(400, "\"index\" is not a whole number; expected the tile's place in the set, from 0, or null to add one");
        goto done;
    }
    *o = yaml_tile_lines(dc.text, dc.len, entries, MAX_ENTRIES);
    long index = jindex && json_is_integer(jindex) ? (long)json_integer_value(jindex) : o->n;
    if (index < 0 || index > o->n || (index == o->n && remove)) {
        err = api_error(400, "\"index\": %ld is not a tile of the design; expected 0 to %d%s", index, o->n - 1, remove ? "" : ", or null to add one");
        goto done;
    }
    char why[256];
    if (tile && !(entry = tile_entry_yaml(tile, entry_indent(dc.text, dc.len, entries, o->n, (int)index),
                                                item_indent(dc.text, dc.len), why, sizeof why))) {
        err = api_error(400, "the tile cannot be written as YAML: %s", why);
        goto done;
    }
    const char *layout = "kept";
    if (!(text = splice_entry(dc.text, dc.len, o, entries, (int)index, entry, &len))) {
        layout = "rewritten";
        if (!(text = rewrite(dc.text, dc.len, index, remove ? NULL : tile, &len, &err))) goto done;
    }
    err = design_add(name, text, len, json_pack("{s:s, s:i, s:b}", "layout", layout, "edited", (int)index, "deleted", remove));
    text = NULL;   /* taken */
done:
    free(text);
    free(entry);
    free(o);
    free(entries);
    free(dc.text);
    json_decref(v);
    return err;
}

/* ------------------------------------------------------------------ a blank tile set */

/* The kinds, icons and markers of every tile-set file of ruleset rs, merged into set as a load
** merges them (meeple-tileset(5)): a kind's first declaration, its carries the union of all. */
static void merge_declarations(json_t *set, const mp_ruleset *rs) {
    const mp_tileset *ts = mp_ruleset_tiles(rs);
    json_t *kinds = json_object(), *icons = json_array(), *markers = json_array();
    for (int f = 0; f < mp_tileset_n_files(ts); f++) {
        FILE *in = fopen(mp_tileset_file(ts, f), "rb");
        if (!in) continue;
        char *buf = NULL;
        size_t cap = 0;
        FILE *mem = open_memstream(&buf, &cap);
        char chunk[8192];
        for (size_t got; mem && (got = fread(chunk, 1, sizeof chunk, in)) > 0;) fwrite(chunk, 1, got, mem);
        fclose(in);
        if (!mem || fclose(mem)) { free(buf); continue; }
        json_t *file = yaml_to_json(buf, cap);
        free(buf);
        const char *k;
        json_t *x;
        size_t i;
        json_object_foreach(json_object_get(file, "kinds"), k, x) {
            json_t *had = json_object_get(kinds, k);
            if (!had) { json_object_set(kinds, k, x); continue; }
            json_t *carries = json_object_get(had, "carries"), *more = json_object_get(x, "carries"), *c;
            if (!json_is_array(more)) continue;
            if (!json_is_array(carries)) json_object_set_new(had, "carries", carries = json_array());
            json_array_foreach(more, i, c) {
                bool in_it = false;
                for (size_t m = 0; m < json_array_size(carries) && !in_it; m++) in_it = json_equal(json_array_get(carries, m), c);
                if (!in_it) json_array_append(carries, c);
            }
        }
        for (int list = 0; list < 2; list++) {
            json_t *to = list ? markers : icons, *c;
            json_array_foreach(json_object_get(file, list ? "markers" : "icons"), i, c) {
                bool in_it = false;
                for (size_t m = 0; m < json_array_size(to) && !in_it; m++) in_it = json_equal(json_array_get(to, m), c);
                if (!in_it) json_array_append(to, c);
            }
        }
        json_decref(file);
    }
    json_object_set_new(set, "kinds", kinds);
    json_object_set_new(set, "icons", icons);
    json_object_set_new(set, "markers", markers);
}

/* Whether kind k (a declaration as JSON) lists `covers` value. */
static bool covers(const json_t *k, const char *what) {
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(k, "covers"), i, c) if (json_is_string(c) && !strcmp(json_string_value(c), what)) return true;
    return false;
}

/* A tile of one feature over every port: the first kind that covers half-sides (a field), else
** the first that covers whole sides. */
static json_t *blank_tile(const json_t *kinds) {
    const char *k, *pick = NULL;
    json_t *x;
    for (int pass = 0; pass < 2 && !pick; pass++)
        json_object_foreach((json_t *)kinds, k, x) if (!pick && covers(x, pass ? "side" : "halves")) pick = k;
    if (!pick) return NULL;
    const json_t *kind = json_object_get(kinds, pick);
    const char *letter = json_string_value(json_object_get(kind, "letter"));
    char edges[5] = { 0 };
    memset(edges, letter && letter[0] ? letter[0] : '?', 4);
    json_t *f = json_pack("{s:s}", "kind", pick);
    if (covers(kind, "halves")) {
        json_t *h = json_array();
        for (int i = 0; i < 8; i++) json_array_append_new(h, json_string(half_sides[i]));
        json_object_set_new(f, "halves", h);
    } else json_object_set_new(f, "sides", json_pack("[ssss]", "N", "E", "S", "W"));
    return json_pack("{s:s, s:i, s:s, s:[o]}", "id", "T1", "count", 2, "edges", edges, "features", f);
}

api_reply design_blank(const json_t *body) {
    const char *name = json_string_value(json_object_get(body, "blank"));
    json_t *jr = json_object_get(body, "ruleset");
    const char *ruleset = jr ? json_string_value(jr) : "c3";
    if (!name || !*name || strchr(name, '/'))
        return api_error(400, "\"blank\" is not a file's name; expected a name like \"mine.yaml\"");
    if (!ruleset || !ruleset_name_ok(ruleset))
        return api_error(400, "\"ruleset\" is not a ruleset's name; expected one of GET /api/rulesets, like \"c3\"");
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(ruleset, ruleset_dirs(), &d);
    if (!rs) return reply_diag(404, &d);
    char stem[200], comment[600], description[400];
    snprintf(stem, sizeof stem, "%.*s", (int)strcspn(name, "."), name);
    snprintf(comment, sizeof comment, "# %.200s: tiles drawn on the Design page of meeple serve, to mix into ruleset %.100s.\n"
             "# Format: meeple-tileset(5).\n", name, ruleset);
    snprintf(description, sizeof description, "tiles to mix into ruleset %.100s", ruleset);
    json_t *set = json_pack("{s:s, s:s, s:b}", "tileset", stem[0] ? stem : "mine", "description", description, "addon", 1);
    merge_declarations(set, rs);
    mp_ruleset_free(rs);
    json_t *tile = blank_tile(json_object_get(set, "kinds"));
    if (!tile) {
        json_decref(set);
        return api_error(409, "ruleset '%s' declares no kind that covers sides or half-sides; expected one to draw a tile of", ruleset);
    }
    json_object_set_new(set, "tiles", json_pack("[o]", tile));
    char why[256];
    size_t len = 0;
    char *text = tileset_yaml(set, comment, &len, why, sizeof why);
    json_decref(set);
    if (!text) return api_error(500, "the blank tile set cannot be written: %s", why);
    return design_add(name, text, len, json_pack("{s:s}", "layout", "new"));
}
