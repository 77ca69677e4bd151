/*
** tile-lines.c: the lines of each tile's entry in a tile-set file (tile-lines.h), from libyaml's
** events: a stack of the collections open tells a key from a value, the top-level mapping's key
** `tiles:` opens the sequence of entries, each mapping in it one entry. An entry's last line is
** that of its last scalar (or flow collection's end): a block collection's end is marked where the
** next token starts, on a later line.
*/
#include <string.h>
#include <yaml.h>

#include "tile-lines.h"

enum { MAX_DEPTH = 64 };

typedef struct level {
    bool map, expect_key;     /* a mapping: whether its next node is a key */
    bool flow;
} level;

yaml_outline yaml_tile_lines(const char *text, size_t len, tile_lines *out, int cap) {
    yaml_outline o = { 0 };
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p)) return o;
    yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
    level st[MAX_DEPTH];
    int depth = 0;               /* collections open */
    int tiles_depth = -1;        /* the depth inside the top-level `tiles:` sequence, -1 outside */
    int entry = -1;              /* the entry being read, -1 none */
    bool entries_maps = false, first_item = true;
    char top_key[32] = "", entry_key[8] = "";
    bool has_kinds = false, has_tileset = false;
    for (bool done = false; !done;) {
        yaml_event_t e;
        if (!yaml_parser_parse(&p, &e)) break;
        yaml_event_type_t t = e.type;
        int line = (int)e.end_mark.line + 1;
        bool node = t == YAML_SCALAR_EVENT || t == YAML_ALIAS_EVENT || t == YAML_SEQUENCE_START_EVENT ||
                    t == YAML_MAPPING_START_EVENT;
        bool is_key = node && depth > 0 && st[depth - 1].map && st[depth - 1].expect_key;
        if (node && depth == 1 && is_key) {   /* a key of the top-level mapping */
            snprintf(top_key, sizeof top_key, "%s", t == YAML_SCALAR_EVENT ? (const char *)e.data.scalar.value : "");
            has_kinds |= !strcmp(top_key, "kinds");
            has_tileset |= !strcmp(top_key, "tileset");
        }
        if (entry >= 0 && depth >= tiles_depth + 1 && (t == YAML_SCALAR_EVENT || t == YAML_ALIAS_EVENT) && line > out[entry].last)
            out[entry].last = line;
        /* `extends: c3`, `tiles: [tiles/base.yaml]`: what a ruleset reads besides itself */
        bool named = t == YAML_SCALAR_EVENT && ((depth == 1 && !is_key && !strcmp(top_key, "extends")) ||
                                                 (depth == 2 && tiles_depth == 2));
        if (named && o.n_refs < YAML_MAX_REFS) {
            yaml_ref *r = &o.refs[o.n_refs++];
            snprintf(r->name, sizeof r->name, "%s", (const char *)e.data.scalar.value);
            r->line = (int)e.start_mark.line + 1;
            r->column = (int)e.start_mark.column + 1;
            r->extends = depth == 1;
        }
        if (t == YAML_SCALAR_EVENT && entry >= 0 && depth == tiles_depth + 1) {
            if (is_key) snprintf(entry_key, sizeof entry_key, "%s", (const char *)e.data.scalar.value);
            else if (!strcmp(entry_key, "id") && e.data.scalar.length < sizeof out[entry].id)
                memcpy(out[entry].id, e.data.scalar.value, e.data.scalar.length + 1);
        }
        if (node && depth == tiles_depth && first_item) {   /* the first item says how tiles are written */
            entries_maps = t == YAML_MAPPING_START_EVENT;
            first_item = false;
        }
        if (t == YAML_MAPPING_START_EVENT && depth == tiles_depth && o.n < cap) {
            entry = o.n++;
            out[entry] = (tile_lines){ (int)e.start_mark.line + 1, (int)e.start_mark.line + 1, (int)e.start_mark.column + 1, "" };
            entry_key[0] = 0;
        }
        if (t == YAML_SEQUENCE_START_EVENT && depth == 1 && !is_key && !strcmp(top_key, "tiles") && tiles_depth < 0) {
            tiles_depth = 2;
            o.tiles_block = e.data.sequence_start.style != YAML_FLOW_SEQUENCE_STYLE;
        }
        /* After a whole node in a mapping, the other of key and value comes. */
        if ((t == YAML_SCALAR_EVENT || t == YAML_ALIAS_EVENT) && depth > 0 && st[depth - 1].map)
            st[depth - 1].expect_key = !st[depth - 1].expect_key;
        if (t == YAML_SEQUENCE_START_EVENT || t == YAML_MAPPING_START_EVENT) {
            if (depth == MAX_DEPTH) { yaml_event_delete(&e); break; }
            bool flow = t == YAML_SEQUENCE_START_EVENT ? e.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
                                                       : e.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE;
            st[depth++] = (level){ t == YAML_MAPPING_START_EVENT, true, flow };
        }
        if (t == YAML_SEQUENCE_END_EVENT || t == YAML_MAPPING_END_EVENT) {
            if (depth == 0) { yaml_event_delete(&e); break; }
            depth--;
            if (st[depth].flow && entry >= 0 && depth >= tiles_depth + 1 && line > out[entry].last) out[entry].last = line;
            if (depth == tiles_depth) entry = -1;           /* the entry's mapping ended */
            if (depth == tiles_depth - 1) tiles_depth = -1; /* the sequence ended */
            if (depth > 0 && st[depth - 1].map) st[depth - 1].expect_key = !st[depth - 1].expect_key;
        }
        done = t == YAML_STREAM_END_EVENT || t == YAML_DOCUMENT_END_EVENT;
        yaml_event_delete(&e);
    }
    yaml_parser_delete(&p);
    o.tileset = has_kinds || has_tileset || entries_maps;
    return o;
}

int tile_at_line(const tile_lines *v, int n, int line) {
    for (int i = 0; i < n; i++)
        if (line >= v[i].first && line <= v[i].last) return i;
    return -1;
}
