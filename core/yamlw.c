/*
** yamlw.c: YAML written through libyaml's emitter (see yamlw.h).
**
** The emitter writes into a growing buffer. Its settings: UTF-8 written as it is (unicode on),
** no line width (a long name or turn stays on its line), implicit document start and end (no
** "---" or "..."). A block sequence under a mapping key comes out at the key's indentation
** ("turns:\n- ..."), which is libyaml's way and reads the same.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "meeple-yaml.h"

struct mp_yw {
    yaml_emitter_t emitter;
    char *text;
    size_t len, cap;
    char error[256];     /* the first error; "" while there is none */
};

static void append(mp_yw *w, const void *bytes, size_t n) {
    if (w->len + n + 1 > w->cap) {
        size_t cap = w->cap ? w->cap : 4096;
        while (cap < w->len + n + 1) cap *= 2;
        char *t = realloc(w->text, cap);
        if (!t) abort();
        w->text = t;
        w->cap = cap;
    }
    memcpy(w->text + w->len, bytes, n);
    w->len += n;
    w->text[w->len] = 0;
}

static int to_buffer(void *data, unsigned char *bytes, size_t n) {
    append(data, bytes, n);
    return 1;
}

/* Emits one event, noting the first failure (later events are skipped). ok: the event was made. */
static void emit(mp_yw *w, yaml_event_t *ev, int ok, const char *what) {
    if (w->error[0]) {
        if (ok) yaml_event_delete(ev);
        return;
    }
    if (!ok) { snprintf(w->error, sizeof w->error, "%s", what); return; }
    if (!yaml_emitter_emit(&w->emitter, ev))
        snprintf(w->error, sizeof w->error, "%s", w->emitter.problem ? w->emitter.problem : "the YAML emitter failed");
}

mp_yw *mp_yw_new(const char *comment) {
    mp_yw *w = calloc(1, sizeof *w);
    if (!w) abort();
    if (comment && *comment) append(w, comment, strlen(comment));
    if (!yaml_emitter_initialize(&w->emitter)) abort();
    yaml_emitter_set_output(&w->emitter, to_buffer, w);
    yaml_emitter_set_unicode(&w->emitter, 1);
    yaml_emitter_set_width(&w->emitter, -1);
    yaml_event_t ev;
    emit(w, &ev, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING), "cannot start a YAML stream");
    emit(w, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1), "cannot start a YAML document");
    return w;
}

void mp_yw_free(mp_yw *w) {
    if (!w) return;
    yaml_emitter_delete(&w->emitter);
    free(w->text);
    free(w);
}

void mp_yw_map(mp_yw *w, bool flow) {
    yaml_event_t ev;
    emit(w, &ev, yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
                                                     flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE),
         "cannot start a mapping");
}

void mp_yw_end_map(mp_yw *w) {
    yaml_event_t ev;
    emit(w, &ev, yaml_mapping_end_event_initialize(&ev), "cannot end a mapping");
}

void mp_yw_seq(mp_yw *w, bool flow) {
    yaml_event_t ev;
    emit(w, &ev, yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
                                                      flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE),
         "cannot start a sequence");
}

void mp_yw_end_seq(mp_yw *w) {
    yaml_event_t ev;
    emit(w, &ev, yaml_sequence_end_event_initialize(&ev), "cannot end a sequence");
}

static void scalar(mp_yw *w, const char *s, yaml_scalar_style_t style) {
    yaml_event_t ev;
    size_t n = strlen(s);
    if (n <= 0x7fffffff && yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, (int)n, 1, 1, style)) {
        emit(w, &ev, 1, NULL);
        return;
    }
    /* libyaml refuses text that is not UTF-8 (no YAML reader would take it back either). Its
    ** beginning is named with every byte that is not printable ASCII shown as '?'. */
    char start[41];
    size_t k = 0;
    for (; k < n && k < 40; k++) start[k] = s[k] >= 0x20 && s[k] < 0x7f ? s[k] : '?';
    start[k] = 0;
    char what[128];
    snprintf(what, sizeof what, "'%s%s' is not UTF-8 text; expected UTF-8", start, n > 40 ? "..." : "");
    emit(w, &ev, 0, what);
}

void mp_yw_plain(mp_yw *w, const char *s) { scalar(w, s, YAML_PLAIN_SCALAR_STYLE); }
void mp_yw_quoted(mp_yw *w, const char *s) { scalar(w, s, YAML_DOUBLE_QUOTED_SCALAR_STYLE); }

void mp_yw_int(mp_yw *w, long long v) {
    char s[32];
    snprintf(s, sizeof s, "%lld", v);
    mp_yw_plain(w, s);
}

void mp_yw_uint(mp_yw *w, unsigned long long v) {
    char s[32];
    snprintf(s, sizeof s, "%llu", v);
    mp_yw_plain(w, s);
}

char *mp_yw_finish(mp_yw *w, size_t *len, char *error, size_t size) {
    yaml_event_t ev;
    emit(w, &ev, yaml_document_end_event_initialize(&ev, 1), "cannot end the YAML document");
    emit(w, &ev, yaml_stream_end_event_initialize(&ev), "cannot end the YAML stream");
    if (!w->error[0] && !yaml_emitter_flush(&w->emitter)) snprintf(w->error, sizeof w->error, "cannot flush the YAML emitter");
    if (w->error[0]) {
        snprintf(error, size, "%s", w->error);
        return NULL;
    }
    char *text = w->text ? w->text : calloc(1, 1);
    if (!text) abort();
    *len = w->len;
    w->text = NULL;
    w->len = w->cap = 0;
    return text;
}
