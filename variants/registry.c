/*
** registry.c: the compiled-in modules, sorted by name.
**
** A ruleset names a module under `variants:`; mp_module_find looks it up here. Modules: bazaars,
** bridges and castles (Bridges, Castles and Bazaars); castle (Carcassonne: The Castle); river
** (The River).
*/
#include <string.h>

#include "internal.h"

extern const mp_module mp_module_bazaars;
extern const mp_module mp_module_bridges;
extern const mp_module mp_module_castle;
extern const mp_module mp_module_castles;
extern const mp_module mp_module_river;

static const mp_module *const registry[] = {   /* sorted by name */
    &mp_module_bazaars,
    &mp_module_bridges,
    &mp_module_castle,
    &mp_module_castles,
    &mp_module_river,
    NULL    /* sentinel */
};

/* Modules a test program adds to exercise the hooks (tests/test_variants.c); never set by the
** library or the command. Not guarded: a test registers its modules on one thread, before any
** ruleset is loaded. */
static const mp_module *extra[4];

int mp_module_count(void) { return (int)(sizeof registry / sizeof registry[0]) - 1; }

const mp_module *mp_module_at(int i) { return i >= 0 && i < mp_module_count() ? registry[i] : NULL; }

const mp_module *mp_module_find(const char *name) {
    for (int i = 0; i < mp_module_count(); i++)
        if (strcmp(registry[i]->name, name) == 0) return registry[i];
    for (int i = 0; i < 4; i++)
        if (extra[i] && strcmp(extra[i]->name, name) == 0) return extra[i];
    return NULL;
}

int mp_module_register_for_tests(const mp_module *v) {
    for (int i = 0; i < 4; i++)
        if (!extra[i] || extra[i] == v) { extra[i] = v; return 0; }
    return 1;
}
