/*
** yaml-json.c: a YAML text as JSON (yaml-json.h), read with libyaml's document loader.
*/
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "yaml-json.h"

enum { MAX_DEPTH = 64 };

/* A plain scalar as the loader reads it (meeple-ruleset(5), the YAML subset). */
static json_t *scalar(const yaml_node_t *n) {
    const char *s = (const char *)n->data.scalar.value;
    size_t len = n->data.scalar.length;
    if (n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE) return json_stringn(s, len);
    if (!len || !strcmp(s, "~") || !strcmp(s, "null")) return json_null();
    if (!strcmp(s, "true")) return json_true();
    if (!strcmp(s, "false")) return json_false();
    size_t i = s[0] == '-' || s[0] == '+';
    if (i < len && len - i <= 18 && strspn(s + i, "0123456789") == len - i) return json_integer(strtoll(s, NULL, 10));
    return json_stringn(s, len);
}

static json_t *node(yaml_document_t *doc, yaml_node_t *n, int depth) {
    if (!n || depth > MAX_DEPTH) return NULL;
    if (n->type == YAML_SCALAR_NODE) return scalar(n);
    if (n->type == YAML_SEQUENCE_NODE) {
        json_t *a = json_array();
        for (yaml_node_item_t *it = n->data.sequence.items.start; a && it < n->data.sequence.items.top; it++) {
            json_t *v = node(doc, yaml_document_get_node(doc, *it), depth + 1);
            if (!v || json_array_append_new(a, v)) { json_decref(a); return NULL; }
        }
        return a;
    }
    json_t *o = json_object();
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; o && p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(doc, p->key);
        json_t *v = node(doc, yaml_document_get_node(doc, p->value), depth + 1);
        if (!v) { json_decref(o); return NULL; }
        if (k && k->type == YAML_SCALAR_NODE && !memchr(k->data.scalar.value, 0, k->data.scalar.length) &&
            !json_object_get(o, (const char *)k->data.scalar.value))
            json_object_set_new(o, (const char *)k->data.scalar.value, v);
        else json_decref(v);
    }
    return o;
}

/* Whether the text holds an alias (*x), which the loader refuses, or nests deeper than MAX_DEPTH
** (libyaml's document loader recurses: a deep text would take the stack), read as events first. */
static bool refused(const char *text, size_t len) {
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p)) return true;
    yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
    bool alias = false;
    int depth = 0;
    for (bool done = false; !done && !alias;) {
        yaml_event_t e;
        if (!yaml_parser_parse(&p, &e)) break;
        if (e.type == YAML_SEQUENCE_START_EVENT || e.type == YAML_MAPPING_START_EVENT) depth++;
        if (e.type == YAML_SEQUENCE_END_EVENT || e.type == YAML_MAPPING_END_EVENT) depth--;
        alias = e.type == YAML_ALIAS_EVENT || depth > MAX_DEPTH;
        done = e.type == YAML_STREAM_END_EVENT || e.type == YAML_DOCUMENT_END_EVENT;
        yaml_event_delete(&e);
    }
    yaml_parser_delete(&p);
    return alias;
}

json_t *yaml_to_json(const char *text, size_t len) {
    if (refused(text, len)) return NULL;
    yaml_parser_t p;
    yaml_document_t doc;
    if (!yaml_parser_initialize(&p)) return NULL;
    yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
    json_t *v = NULL;
    if (yaml_parser_load(&p, &doc)) {
        v = node(&doc, yaml_document_get_root_node(&doc), 0);
        yaml_document_delete(&doc);
    }
    yaml_parser_delete(&p);
    return v;
}
