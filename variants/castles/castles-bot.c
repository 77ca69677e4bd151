/*
** castles-bot.c: how a simple bot weighs the castles' decision (meeple-bots(7), castles): the
** choose_simple hook (module.h), with the bot's callbacks (simple-bot.h).
**
** Convert the town when its fief promises more than the town gives now. The promise is the highest
** value now (mp_game_feature_info) of an incomplete feature with a segment on the fief's six tiles,
** on the board as it stands after this turn's scoring (what completes this turn does not count
** for the castle); the town's worth is what declining scores for the bot more than converting
** does. Only while the bag holds two more tiles per player, for the fief to have a chance to
** complete something.
*/
#include "castles.h"

static int min_int(int a, int b) { return a < b ? a : b; }
static int max_int(int a, int b) { return a > b ? a : b; }

/* The highest value now of an incomplete feature with a segment on the fief of the town a castle
** decision names (x, y and arg[1], arg[2]: the town's two tiles, castles.c's town_context): the
** 3x2 block of those tiles and their neighbours along the side they share. */
static int fief_promise(const mp_game *g, const mp_action *a) {
    int x0 = min_int(a->x, a->arg[1]), x1 = max_int(a->x, a->arg[1]);
    int y0 = min_int(a->y, a->arg[2]), y1 = max_int(a->y, a->arg[2]);
    if (x0 == x1) { x0--; x1++; }   /* one above the other: the fief spreads east and west */
    else { y0--; y1++; }
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    int best = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            int rot, t = mp_game_tile_at(g, x, y, &rot);
            if (t < 0) continue;
            /* The tile's own features and one laid over it (a bridge), which comes last. */
            for (int f = 0; f <= mp_tileset_tile_n_features(ts, t); f++) {
                int complete, points;
                if (!mp_game_feature_info(g, x, y, f, &complete, NULL, &points) && !complete && points > best) best = points;
            }
        }
    return best;
}

int castles_choose_simple(const mp_module_view *c, const mp_action *v, int n, const mp_simple_bot *bot) {
    int keep = -1, convert = -1;
    for (int i = 0; i < n; i++) {
        if (v[i].kind != MP_ACT_MODULE || v[i].module != c->index) continue;
        if (v[i].code == CODE_DECLINE) keep = i;
        if (v[i].code == CODE_CONVERT) convert = i;
    }
    if (keep < 0 || convert < 0) return keep >= 0 ? keep : convert;
    int me = mp_mod_player(c), choice = keep;
    if (mp_mod_tiles_left(c) < 2 * mp_mod_players(c)) return choice;
    mp_game *kept = bot->after(bot, &v[keep]), *built = bot->after(bot, &v[convert]);
    if (kept && built) {
        int town = mp_game_score(kept, me) - mp_game_score(built, me);
        if (fief_promise(built, &v[convert]) > town) choice = convert;
    }
    mp_game_free(kept);
    mp_game_free(built);
    return choice;
}
