/*
** jcz-modules.h: JCloisterZone's words for meeple's modules and their decisions, asked of the
** kernel (the aliases each module declares, meeple-modules(7)), and the actions JCloisterZone's
** messages name, built from decisions (jcz-modules.c). The importer, the exporter and the view
** name no module: they ask here.
*/
#ifndef MP_TOOLS_JCZ_MODULES_H
#define MP_TOOLS_JCZ_MODULES_H

#include <stdbool.h>

#include "jcz-view.h"

/* The phase of JCloisterZone in which module m's decisions are taken (its "jcz-phase" word):
** JCZ_CASTLE_PHASE, JCZ_BAZAAR_PHASE, or JCZ_UNMAPPED. */
jcz_phase jcz_module_phase(const mp_ruleset *rs, int m);
/* The same for the module whose decision g waits for; JCZ_UNMAPPED when none does. */
jcz_phase jcz_deciding(const mp_game *g);

/* A kind of decision: its module's index in the ruleset and its entry; kind NULL: none. */
typedef struct jcz_kind { int module; const mp_decision_kind *kind; } jcz_kind;
/* The kind of decision of module m (-1: any of the ruleset's) whose word in ns is `word` and, when
** ns2 is not NULL, whose word in ns2 is word2; the first in the ruleset's and the table's order. */
jcz_kind jcz_find_kind(const mp_ruleset *rs, int m, const char *ns, const char *word, const char *ns2,
                       const char *word2);
/* Module m's kind of decision named `name` (mp_decision_kind's name: meeple-ruleset(5)). */
jcz_kind jcz_named_kind(const mp_ruleset *rs, int m, const char *name);

/* The decision's word in ns, NULL none; its argument `name` into *value (false: it has none). */
const char *jcz_decision_word(const mp_decision *d, const char *ns);
bool jcz_decision_arg(const mp_decision *d, const char *name, int32_t *value);

/* What a message says of a decision: some of its arguments by name (those the kind lacks are left
** aside) and, when `at`, the action's cell. */
typedef struct jcz_choice {
    int n;
    const char *arg[3];
    int32_t value[3];
    bool at;
    int x, y;
} jcz_choice;
/* The action that choice of kind k is: the legal action of that kind with those arguments (and
** cell), as the game lists it; else one made of the kind's code, the arguments (0 for those not
** given) and the cell, for the module's apply to judge, as a parse of its notation would be. */
mp_action jcz_decision_action(const mp_game *g, jcz_kind k, const jcz_choice *c);

#endif
