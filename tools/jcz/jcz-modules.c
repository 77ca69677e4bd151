/*
** jcz-modules.c: JCloisterZone's words for meeple's modules and their decisions (jcz-modules.h).
*/
#include <stdlib.h>
#include <string.h>

#include "jcz-modules.h"

jcz_phase jcz_module_phase(const mp_ruleset *rs, int m) {
    const char *word = mp_ruleset_module_alias(rs, m, JCZ_PHASE_NAMESPACE);
    for (int p = 0; word && p < JCZ_UNMAPPED; p++)
        if (!strcmp(jcz_phase_name((jcz_phase)p), word)) return (jcz_phase)p;
    return JCZ_UNMAPPED;
}

jcz_phase jcz_deciding(const mp_game *g) {
    int m = mp_game_module_phase(g);
    return m >= 0 ? jcz_module_phase(mp_game_ruleset(g), m) : JCZ_UNMAPPED;
}

static bool says(const mp_alias *aliases, const char *ns, const char *word) {
    const char *w = mp_alias_word(aliases, ns);
    return w && !strcmp(w, word);
}

jcz_kind jcz_find_kind(const mp_ruleset *rs, int m, const char *ns, const char *word, const char *ns2,
                       const char *word2) {
    for (int i = 0; i < mp_ruleset_n_modules(rs); i++) {
        if (m >= 0 && i != m) continue;
        const mp_decision_kind *k;
        for (int j = 0; (k = mp_ruleset_module_decision(rs, i, j)); j++)
            if (says(k->aliases, ns, word) && (!ns2 || says(k->aliases, ns2, word2))) return (jcz_kind){ i, k };
    }
    return (jcz_kind){ -1, NULL };
}

/* The legal actions of g, in a buffer the caller frees. */
static mp_action *legal_of(const mp_game *g, int *n) {
    *n = mp_game_legal(g, NULL, 0);
    mp_action *a = malloc(((size_t)*n + 1) * sizeof *a);
    if (!a) abort();
    mp_game_legal(g, a, *n);
    return a;
}

jcz_kind jcz_named_kind(const mp_ruleset *rs, int m, const char *name) {
    const mp_decision_kind *k;
    for (int j = 0; (k = mp_ruleset_module_decision(rs, m, j)); j++)
        if (!strcmp(k->name, name)) return (jcz_kind){ m, k };
    return (jcz_kind){ -1, NULL };
}

const char *jcz_decision_word(const mp_decision *d, const char *ns) { return mp_alias_word(d->kind->aliases, ns); }

bool jcz_decision_arg(const mp_decision *d, const char *name, int32_t *value) {
    for (int i = 0; i < d->n_args; i++)
        if (!strcmp(d->arg_names[i], name)) {
            *value = d->args[i];
            return true;
        }
    return false;
}

/* The value the choice gives argument `name`, 0 when it gives none; *given whether it does. */
static int32_t chosen(const jcz_choice *c, const char *name, bool *given) {
    for (int i = 0; i < c->n; i++)
        if (!strcmp(c->arg[i], name)) {
            *given = true;
            return c->value[i];
        }
    *given = false;
    return 0;
}

/* Whether action a is choice c of kind k. */
static bool is_choice(const mp_game *g, const mp_action *a, jcz_kind k, const jcz_choice *c) {
    mp_decision d;
    if (a->kind != MP_ACT_MODULE || a->module != k.module || mp_game_decision(g, a, &d) || d.kind != k.kind) return false;
    if (c->at && (a->x != c->x || a->y != c->y)) return false;
    for (int i = 0; i < d.n_args; i++) {
        bool given;
        int32_t v = chosen(c, d.arg_names[i], &given);
        if (given && d.args[i] != v) return false;
    }
    return true;
}

mp_action jcz_decision_action(const mp_game *g, jcz_kind k, const jcz_choice *c) {
    int n;
    mp_action *a = legal_of(g, &n), out = { .kind = MP_ACT_MODULE, .module = (uint8_t)k.module, .code = k.kind->code };
    for (int i = 0; i < n; i++)
        if (is_choice(g, &a[i], k, c)) {
            out = a[i];
            free(a);
            return out;
        }
    free(a);
    for (int i = 0; i < 3 && k.kind->args[i]; i++) {
        bool given;
        out.arg[i] = chosen(c, k.kind->args[i], &given);
    }
    if (c->at) {
        out.x = (int16_t)c->x;
        out.y = (int16_t)c->y;
    }
    return out;
}
