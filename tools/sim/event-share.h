/*
** event-share.h: the points of one scoring event shared out among the tiles of its feature, each
** tile's share in proportion to what it adds under the scoring formula of the feature's kind (a
** tile and its pennants), for meeple balance (meeple-balance(1), HOW A COPY IS VALUED).
*/
#ifndef MP_TOOLS_EVENT_SHARE_H
#define MP_TOOLS_EVENT_SHARE_H

#include "meeple.h"

/* Event e of game g, read once g is over (the cells' tiles and feature ids as they ended up):
** share[c] for each of its e->n_tiles cells (cells x, y at e->cells[2c], [2c+1]) receives that
** tile's part of what the event gave in all, e->points times the number of players paid. The
** parts add up to that total. A completed or incomplete feature is shared by the weights of its
** kind's formula for that state (per tile, plus per icon on the tile's part of the feature); a
** farm, a module's points, or a formula whose weights add up to 0 over the cells: equally.
** Does nothing for an event of no tiles. */
void event_share(const mp_game *g, const mp_score_event *e, double *share);

#endif
