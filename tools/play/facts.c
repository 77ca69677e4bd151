/*
** facts.c: the modules' facts in --json (facts.h).
*/
#include <stdlib.h>
#include <string.h>

#include "facts.h"

static const char *kind_name(mp_fact_kind k) {
    switch (k) {
    case MP_FACT_COUNT: return "count";
    case MP_FACT_POSITION: return "position";
    case MP_FACT_TILE: return "tile";
    case MP_FACT_AMOUNT: return "amount";
    case MP_FACT_TRACK: return "track";
    case MP_FACT_MARKED: return "marked";
    }
    return "?";
}

void facts_json(json *j, const mp_game *g, const char *const *names) {
    int n = mp_game_facts(g, NULL, 0);
    mp_fact *f = n > 0 ? calloc((size_t)n, sizeof *f) : NULL;
    if (n > 0 && !f) abort();   /* out of memory: the library's policy, meeple(3) */
    if (f) n = mp_game_facts(g, f, n);
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    json_key(j, "facts");
    json_array(j);
    for (int i = 0; i < n; i++) {
        json_object(j);
        json_key(j, "module"); json_string(j, f[i].module);
        json_key(j, "kind"); json_string(j, kind_name(f[i].kind));
        json_key(j, "what"); json_string(j, f[i].what);
        json_key(j, "player");
        json_string(j, f[i].player >= 0 && f[i].player < mp_game_n_players(g) ? names[f[i].player] : NULL);
        json_key(j, "value"); json_int(j, f[i].value);
        if (f[i].tile >= 0) { json_key(j, "tile"); json_string(j, mp_tileset_tile_id(ts, f[i].tile)); }
        json_key(j, "arg"); json_int(j, f[i].arg);
        json_object_end(j);
    }
    json_array_end(j);
    free(f);
}

int facts_value(const mp_game *g, const char *what, int player, const char **module) {
    int n = mp_game_facts(g, NULL, 0), value = 0;
    if (module) *module = NULL;
    mp_fact *f = n > 0 ? calloc((size_t)n, sizeof *f) : NULL;
    if (n > 0 && !f) abort();
    if (f) n = mp_game_facts(g, f, n);
    for (int i = 0; i < n; i++)
        if (f[i].what && !strcmp(f[i].what, what) && f[i].player == player) {
            value = f[i].value;
            if (module) *module = f[i].module;   /* the module's name: static, the ruleset's */
            break;
        }
    free(f);
    return value;
}
