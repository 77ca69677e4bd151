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
** edges, the followers as circles in their players' colours (the ruleset's) on their features,
** other kinds of piece by their own marks (a supply column and a legend line for each kind), a bridge laid
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

/* The colour ("#rrggbb") the board draws each of n players in under rs, out[p] for seat p (names
** as for render_game_svg): his seat's by the ruleset (mp_ruleset_colour, meeple-ruleset(5),
** COLOURS), or the colour he is named after (BLUE), as meeple-render(1) says. */
void render_player_colours(const mp_ruleset *rs, const char *const *names, int n, const char **out);

/* What a page asks of the board beyond render_game_svg: margin_cells empty cells all around the
** placed tiles of an unbounded board (a bounded one shows its whole map anyway), so that the cells
** where a tile may go lie inside the picture. */
typedef struct render_view { int margin_cells; } render_view;
/* Where the board lies in the picture (user units, the viewBox's, which starts at 0,0): board cell
** (x, y) is the square [x0 + x * size, x0 + (x + 1) * size] x [y0 + y * size, y0 + (y + 1) * size];
** the cells drawn are min_x..max_x by min_y..max_y; the picture is width x height. */
typedef struct render_geometry {
    double size, x0, y0, width, height;
    int min_x, min_y, max_x, max_y;
} render_geometry;
/* render_game_svg with v (NULL: none, which is render_game_svg), *out the geometry (when not NULL). */
int render_game_view_svg(FILE *f, const mp_game *g, const char *title, const char *const *names, const render_view *v,
                         render_geometry *out);

/* Where the board draws a follower standing on feature `feature` of the tile at (x, y) of g (as it
** lies, with what the game added to it: a bridge, a town turned castle): *fx, *fy in 0..1 of the
** tile, 0,0 its north-west corner. 0, or -1 when the cell has no tile or the tile no such feature. */
int render_follower_spot(const mp_game *g, int x, int y, int feature, double *fx, double *fy);

#endif
