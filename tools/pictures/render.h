/*
** render.h: tiles and boards as standalone SVG (no dependency; readable in any browser).
**
** Everything is drawn from the tile data, never from tile ids: a feature's kind says how it
** meets the sides (mp_tileset_kind_covers), its ports say where. Half-sides and whole sides are
** filled wedges from the tile's centre (fields, then cities), side middles are thick lines to the
** centre (roads, paths), a feature with no port is a building in the centre (a cloister). Icons
** sit on their feature, markers are labelled at the tile's bottom. meeple-render(1) has the
** conventions in full.
*/
#ifndef MP_TOOLS_RENDER_H
#define MP_TOOLS_RENDER_H

#include <stdio.h>

#include "meeple.h"

/* Every tile of ts at rotation 0, in a grid, with its id, its count ("x4") and "start" / "fixed"
** under it; a legend of the kinds and icons below. title heads the image. Returns 0, or non-zero
** when writing to f failed. */
int render_tiles_svg(FILE *f, const mp_tileset *ts, const char *title);

/* One tile of ts turned rot quarter turns clockwise, alone in a picture size pixels square (a
** margin of 2 included), without id or count: for a page showing one tile (the drawn tile, a tile
** of a design). Returns 0, or non-zero when writing to f failed. */
int render_tile_svg(FILE *f, const mp_tileset *ts, int tile, int rot, double size);

/* The board of g as it stands: every placed tile turned as it lies, the coordinates along the
** edges, the followers as circles in their players' colours on their features, a bridge laid
** over a tile as a raised deck (class "bridge"), a town turned into a castle in stone with
** battlements and a tower (class "castle"), and a table of the players (names, one per seat)
** with their scores, and the tokens they have left when modules give any, under it.
** The Castle: a bounded board with fixed pieces stands inside its wall (class "wall"), its start
** spaces (fixed pieces showing their features on one side) half-tile alcoves in the wall (class
** "start-space"); when a module reports a score track ("track N" in a player's status words),
** the track runs around it (class "track": numbered spaces, corner towers with the wall tiles
** still on them, the players' markers); the modules' status words are a column of the table and
** the game's a line under it. Returns 0, or non-zero when writing to f failed. */
int render_game_svg(FILE *f, const mp_game *g, const char *title, const char *const *names);

#endif
