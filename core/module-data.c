/*
** module-data.c: what the modules declare and know, asked by everyone else (module.h,
** meeple-modules(7)): their state as facts (mp_game_facts), an action as a decision
** (mp_game_decision), the kinds of their decisions and how each is written
** (mp_ruleset_module_decision), the words other programs have for them (aliases), and a simple
** bot's choice in a decision a module asked for (the choose_simple hook). A tool or a bot learns
** about a module only through these, never by its name.
*/
#include <stdio.h>
#include <string.h>

#include "bot.h"
#include "internal.h"

/* ------------------------------------------------------------------ facts and decisions */

int mp_game_facts(const mp_game *g, mp_fact *out, int cap) {
    int n = 0;
    for (int i = 0; i < g->rs->n_modules; i++) {
        const mp_module *m = g->rs->modules[i].v;
        if (!m->facts) continue;
        mp_module_view v = mp_module_view_of(g, i);
        int room = cap > n ? cap - n : 0;
        int k = m->facts(&v, room ? out + n : NULL, room);
        for (int j = 0; j < k && j < room; j++) out[n + j].module = m->name;
        n += k;
    }
    return n;
}

int mp_game_decision(const mp_game *g, const mp_action *a, mp_decision *out) {
    if (a->kind != MP_ACT_MODULE || a->module >= g->rs->n_modules) return -1;
    const mp_module *m = g->rs->modules[a->module].v;
    for (const mp_decision_kind *k = m->decisions; k && k->name; k++) {
        if (k->code != a->code) continue;
        *out = (mp_decision){ .module = m->name, .name = k->name, .kind = k };
        for (int i = 0; i < 3 && k->args[i]; i++) {
            out->arg_names[i] = k->args[i];
            out->args[i] = a->arg[i];
            out->n_args = i + 1;
        }
        return 0;
    }
    return -1;
}

const mp_decision_kind *mp_ruleset_module_decision(const mp_ruleset *rs, int m, int i) {
    if (!rs || m < 0 || m >= rs->n_modules || i < 0) return NULL;
    const mp_decision_kind *k = rs->modules[m].v->decisions;
    for (int j = 0; k && k[j].name; j++)
        if (j == i) return &k[j];
    return NULL;
}

/* ------------------------------------------------------------------ words of other programs */

const char *mp_alias_word(const mp_alias *table, const char *ns) {
    for (const mp_alias *a = table; a && a->ns && ns; a++)
        if (!strcmp(a->ns, ns)) return a->word;
    return NULL;
}

const char *mp_ruleset_module_alias(const mp_ruleset *rs, int i, const char *ns) {
    return rs && i >= 0 && i < rs->n_modules ? mp_alias_word(rs->modules[i].v->aliases, ns) : NULL;
}

/* Whether module m's word in ns is `word`. */
static bool has_alias(const mp_module *m, const char *ns, const char *word) {
    const char *w = mp_alias_word(m->aliases, ns);
    return w && word && !strcmp(w, word);
}

int mp_ruleset_module_find_alias(const mp_ruleset *rs, const char *ns, const char *word) {
    for (int i = 0; rs && i < rs->n_modules; i++)
        if (has_alias(rs->modules[i].v, ns, word)) return i;
    return -1;
}

const char *mp_module_find_alias(const char *ns, const char *word) {
    for (int i = 0; i < mp_module_count(); i++)
        if (has_alias(mp_module_at(i), ns, word)) return mp_module_at(i)->name;
    return NULL;
}

/* ------------------------------------------------------------------ a simple bot's choice */

int mp_module_worth(const mp_game *g, int player) {
    int sum = 0;
    MP_EACH_MODULE_WITH(g, worth, i, m) {
        mp_module_view v = mp_module_view_of(g, i);
        sum += m->worth(&v, player);
    }
    return sum;
}

int mp_module_choose_simple(const mp_game *g, const mp_action *legal, int n, const mp_simple_bot *b) {
    int i = mp_game_module_phase(g);
    const mp_module *m = i >= 0 ? g->rs->modules[i].v : NULL;
    if (!m || !m->choose_simple || n < 1) return -1;
    mp_module_view v = mp_module_view_of(g, i);
    int k = m->choose_simple(&v, legal, n, b);
    return k >= 0 && k < n ? k : -1;
}
