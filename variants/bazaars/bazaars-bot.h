/*
** bazaars-bot.h: what bazaars.c and bazaars-bot.c share: a simple bot's choice in a bazaar's
** decisions (the choose_simple hook, module.h).
*/
#ifndef MP_BAZAARS_BOT_H
#define MP_BAZAARS_BOT_H

#include "module.h"

int bazaars_choose_simple(const mp_module_view *c, const mp_action *legal, int n, const mp_simple_bot *bot);

#endif
