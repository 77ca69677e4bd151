/*
** modules.c: the one list of compiled-in modules, sorted by name (as Lua's linit.c is its list of
** libraries): the kernel finds a ruleset's modules here by the names under its `variants:`.
**
** Adding a module is one line here (module.h, the checklist). The modules: bazaars, bridges and
** castles (Bridges, Castles and Bazaars); builder and goods (Traders & Builders); castle
** (Carcassonne: The Castle); river (The River). Inns & Cathedrals needs none: it is data.
**
** A test program that drives the hooks with a module of its own (tests/test_variants.c) includes
** this file with MP_MODULES_FOR_TESTS set to its modules: they are found by name like the
** shipped ones but not counted among them, and the library itself has no slot for them.
*/
#include <string.h>

#include "internal.h"

extern const mp_module mp_module_bazaars;
extern const mp_module mp_module_bridges;
extern const mp_module mp_module_builder;
extern const mp_module mp_module_castle;
extern const mp_module mp_module_castles;
extern const mp_module mp_module_goods;
extern const mp_module mp_module_river;

static const mp_module *const compiled[] = {   /* sorted by name */
    &mp_module_bazaars,
    &mp_module_bridges,
    &mp_module_builder,
    &mp_module_castle,
    &mp_module_castles,
    &mp_module_goods,
    &mp_module_river,
};

enum { N_COMPILED = sizeof compiled / sizeof compiled[0] };

int mp_module_count(void) { return N_COMPILED; }

const mp_module *mp_module_at(int i) { return i >= 0 && i < N_COMPILED ? compiled[i] : NULL; }

#ifdef MP_MODULES_FOR_TESTS
static const mp_module *const for_tests[] = { MP_MODULES_FOR_TESTS };
#endif

const mp_module *mp_module_find(const char *name) {
    for (int i = 0; i < N_COMPILED; i++)
        if (strcmp(compiled[i]->name, name) == 0) return compiled[i];
#ifdef MP_MODULES_FOR_TESTS
    for (size_t i = 0; i < sizeof for_tests / sizeof for_tests[0]; i++)
        if (strcmp(for_tests[i]->name, name) == 0) return for_tests[i];
#endif
    return NULL;
}
