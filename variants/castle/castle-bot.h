/*
** castle-bot.h: what castle.c and castle-bot.c share: a simple bot's choice in The Castle's
** decisions (the choose_simple hook, module.h).
*/
#ifndef MP_CASTLE_BOT_H
#define MP_CASTLE_BOT_H

#include "module.h"

int castle_choose_simple(const mp_module_view *c, const mp_action *legal, int n, const mp_simple_bot *bot);

#endif
