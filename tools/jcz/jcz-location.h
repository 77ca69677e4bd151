/*
** jcz-location.h: JCloisterZone's names for the parts of a tile, both ways (jcz-location.c).
**
** JCloisterZone names a feature of a placed tile by its type (City, Road, Field, Monastery) and
** its location: the parts of the tile it covers as the tile lies on the board. meeple names the
** same parts by ports (meeple-ruleset(5)), here as a mask: bit p for port p, clockwise from the
** north-west corner, 0 Nw, 1 N, 2 Ne, 3 En, 4 E, 5 Es, 6 Se, 7 S, 8 Sw, 9 Ws, 10 W, 11 Wn. The
** importer reads locations (a follower's pointer); the assertions and the exporter write them.
*/
#ifndef MP_TOOLS_JCZ_LOCATION_H
#define MP_TOOLS_JCZ_LOCATION_H

#include <stddef.h>

#include "meeple.h"

/* Room for the longest location meeple writes ("NL.NR.EL.ER.SL.SR.WL.WR") and its NUL. */
enum { JCZ_LOCATION_MAX = 32 };

/* The ports a location covers. Sides N E S W stand for their middles, and may be run together
** (NE, WE, NWSE); _N _E _S _W are every side but that one; the half-sides NL NR EL ER SL SR WL
** WR (NL: the north side's west half, NR its east half, EL the east side's north half, ER its
** south half, SL the south side's east half, SR its west half, WL the west side's south half, WR
** its north half) are meeple's Nw Ne En Es Se Sw Ws Wn; parts are joined by '.'. "I", the inside
** of the tile (a cloister), covers no port. Returns 0 with *ports set, or -1 when loc does not
** read. */
int jcz_location_read(const char *loc, unsigned *ports);

/* The location JCloisterZone gives a feature covering these ports: its sides when it covers a
** side's middle (N, NE, NS, WE, _N, NWSE...: the two-side names are NE NW SE SW NS WE), otherwise
** its half-sides joined by '.' in the order NL NR EL ER SL SR WL WR; "I" when it covers none.
** Writes it into buf (JCZ_LOCATION_MAX bytes suffice) and returns buf. */
const char *jcz_location_name(unsigned ports, char *buf, size_t size);

/* The ports feature f of the tile at x,y covers as the tile lies (a tile's own feature turned with
** it, or the one laid over it after it was placed, a bridge: feature number n_features), and its
** kind. Returns 0, or -1 when the tile has no such feature. */
int jcz_feature_ports(const mp_game *g, int x, int y, int f, unsigned *ports, int *kind);

/* meeple's name of port p ("Nw", "N", ... "Wn"), "" out of range: what mp_game_feature_at takes. */
const char *jcz_port_name(int port);

/* JCloisterZone's feature type of a meeple kind ("city" -> "City", "road" -> "Road", "field" ->
** "Field", "cloister" -> "Monastery"), NULL for a kind it has no name for. */
const char *jcz_feature_type(const char *kind);
/* The meeple kind of a JCloisterZone feature type (City, Road, Field or Farm, Monastery or
** Cloister), NULL for any other. */
const char *jcz_feature_kind(const char *type);

#endif
