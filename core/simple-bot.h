/*
** simple-bot.h: what a simple bot offers a module that weighs its own decision (the choose_simple
** hook of module.h; meeple-bots(7), meeple-modules(7)). module.h includes it for the modules, bot.h
** for the greedy bot (core/greedy.c), which fills the table; neither sees the other's side.
**
** A module knows what its decisions mean; the bot knows how it weighs a position. The table is the
** bot's side: each callback weighs the game the hook was asked about, for the player deciding.
*/
#ifndef MP_SIMPLE_BOT_H
#define MP_SIMPLE_BOT_H

#include "meeple.h"

typedef struct mp_simple_bot mp_simple_bot;
struct mp_simple_bot {
    void *arg;              /* the bot's own data, for its callbacks */
    /* The points the player deciding gains by action a, on a copy of the game in which the
    ** decisions modules ask for after a are settled as the bot settles them (each by its first
    ** legal action, until a placement or a deployment waits); INT_MIN when the game refuses a. */
    int (*gain)(const mp_simple_bot *b, const mp_action *a);
    /* That copy itself, to read (its score, its facts, its features); NULL when the game refuses
    ** a. The caller frees it (mp_game_free). */
    mp_game *(*after)(const mp_simple_bot *b, const mp_action *a);
    /* What tile kind `tile` is worth to `player` placed now: the most points placing it (and
    ** deploying) on the board as it stands would give him (mp_game_clone_to_place); 0 when it
    ** fits nowhere. */
    int (*tile_value)(const mp_simple_bot *b, int player, int tile);
    /* The bot's seeded tie-break: a number below n (n >= 1), from the bot's own generator. */
    int (*below)(const mp_simple_bot *b, int n);
};

#endif
