/*
** castle-bot.c: how a simple bot weighs The Castle's decisions (meeple-bots(7), castle): the
** choose_simple hook (module.h), with the bot's callbacks (simple-bot.h), reading the actions as
** the module's decisions (mp_game_decision) and the copies through the module's facts.
**
** Another turn (wall tile 1) is always worth taking; the order of simultaneous scorings is the one
** that ends with the most wall tiles won. Any other decision is left to the bot's ranking (the
** score decides: a doubling wall tile is played as soon as it pays).
*/
#include <string.h>

#include "castle-bot.h"

/* Wall tiles player p holds in game g: the copies this module's facts COUNT "wall-tile" give him
** (castle.c, castle_facts). */
static int wall_tiles_held(const mp_module_view *c, const mp_game *g, int p) {
    const char *me = mp_ruleset_module_name(mp_mod_ruleset(c), c->index);
    int n = mp_game_facts(g, NULL, 0), held = 0;
    mp_fact facts[n > 0 ? n : 1];
    mp_game_facts(g, facts, n);
    for (int i = 0; i < n; i++)
        if (facts[i].kind == MP_FACT_COUNT && facts[i].player == p && !strcmp(facts[i].module, me) &&
            !strcmp(facts[i].what, "wall-tile"))
            held += facts[i].value;
    return held;
}

int castle_choose_simple(const mp_module_view *c, const mp_action *v, int n, const mp_simple_bot *bot) {
    int me = mp_mod_player(c), best = -1, most = -1;
    for (int i = 0; i < n; i++) {
        mp_decision d;
        if (v[i].module != c->index || mp_game_decision(c->game, &v[i], &d) != 0) continue;
        if (!strcmp(d.name, "extra-turn")) return i;   /* another turn */
        if (strcmp(d.name, "first") != 0) continue;
        mp_game *after = bot->after(bot, &v[i]);
        if (!after) continue;
        int held = wall_tiles_held(c, after, me);
        if (held > most) { most = held; best = i; }
        mp_game_free(after);
    }
    return best;
}
