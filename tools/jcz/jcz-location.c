/*
** jcz-location.c: JCloisterZone's names for the parts of a tile, both ways (jcz-location.h).
**
** A side's middle port is where a road or a city meets it, its two half ports where fields do, so
** a location of sides reads as middles and a location of half-sides as halves. Writing one back,
** a feature that covers any middle is named by its sides (a city covers the halves of its sides
** too; a road only the middles), a field by its halves.
*/
#include <stdio.h>
#include <string.h>

#include "jcz-location.h"

enum { PORTS = 12 };

static const char sides[] = "NESW";
static const char *const port_names[PORTS] = { "Nw", "N", "Ne", "En", "E", "Es", "Se", "S", "Sw", "Ws", "W", "Wn" };
/* The half-sides in JCloisterZone's order, with meeple's port for each. */
static const struct { const char *name; int port; } halves[] = {
    { "NL", 0 }, { "NR", 2 }, { "EL", 3 }, { "ER", 5 }, { "SL", 6 }, { "SR", 8 }, { "WL", 9 }, { "WR", 11 },
};
/* Two sides, by the mask of their numbers (N 1, E 2, S 4, W 8). */
static const struct { unsigned sides; const char *name; } pairs[] = {
    { 1 | 2, "NE" }, { 1 | 8, "NW" }, { 4 | 2, "SE" }, { 4 | 8, "SW" }, { 1 | 4, "NS" }, { 8 | 2, "WE" },
};

static unsigned middle(int side) { return 1u << (3 * side + 1); }

int jcz_location_read(const char *loc, unsigned *ports) {
    *ports = 0;
    if (!strcmp(loc, "I")) return 0;
    const char *p = loc;
    do {
        size_t len = strcspn(p, ".");
        const char *side;
        if (len == 0) return -1;
        if (len == 2 && p[0] && (side = strchr(sides, p[0])) && (p[1] == 'L' || p[1] == 'R')) {
            *ports |= 1u << halves[2 * (side - sides) + (p[1] == 'R')].port;
        } else if (len == 2 && p[0] == '_' && p[1] && (side = strchr(sides, p[1]))) {
            for (int s = 0; s < 4; s++)
                if (s != side - sides) *ports |= middle(s);
        } else {
            for (size_t k = 0; k < len; k++) {
                if (!p[k] || !(side = strchr(sides, p[k]))) return -1;
                *ports |= middle((int)(side - sides));
            }
        }
        p += len;
    } while (*p == '.' && *++p);
    return *p || p[-1] == '.' ? -1 : 0;
}

const char *jcz_location_name(unsigned ports, char *buf, size_t size) {
    unsigned on = 0;   /* the sides whose middle is covered: bit s for side s */
    int n = 0;
    for (int s = 0; s < 4; s++)
        if (ports & middle(s)) { on |= 1u << s; n++; }
    if (n == 1) {
        for (int s = 0; s < 4; s++)
            if (on >> s & 1) snprintf(buf, size, "%c", sides[s]);
    } else if (n == 2) {
        for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++)
            if (pairs[k].sides == on) snprintf(buf, size, "%s", pairs[k].name);
    } else if (n == 3) {
        for (int s = 0; s < 4; s++)
            if (!(on >> s & 1)) snprintf(buf, size, "_%c", sides[s]);
    } else if (n == 4) {
        snprintf(buf, size, "NWSE");
    } else if (ports) {
        size_t used = 0;
        buf[0] = 0;
        for (size_t k = 0; k < sizeof halves / sizeof halves[0]; k++)
            if (ports >> halves[k].port & 1 && used < size)
                used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? "." : "", halves[k].name);
    } else {
        snprintf(buf, size, "I");
    }
    return buf;
}

const char *jcz_port_name(int port) { return port >= 0 && port < PORTS ? port_names[port] : ""; }

/* The feature types, both ways; the first name of a kind is the one written. */
static const struct { const char *type, *kind; } types[] = {
    { "City", "city" }, { "Road", "road" }, { "Field", "field" }, { "Monastery", "cloister" },
    { "Farm", "field" }, { "Cloister", "cloister" },
};

const char *jcz_feature_type(const char *kind) {
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++)
        if (!strcmp(types[k].kind, kind)) return types[k].type;
    return NULL;
}

const char *jcz_feature_kind(const char *type) {
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++)
        if (!strcmp(types[k].type, type)) return types[k].kind;
    return NULL;
}

int jcz_feature_ports(const mp_game *g, int x, int y, int f, unsigned *ports, int *kind) {
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    int rot, tile = mp_game_tile_at(g, x, y, &rot), overlay;
    *ports = 0;
    *kind = -1;
    if (tile < 0 || f < 0) return -1;
    mp_feature_def def;
    if (f < mp_tileset_tile_n_features(ts, tile)) {
        if (mp_tileset_feature(ts, tile, f, &def)) return -1;
        *kind = def.kind;
        for (int p = 0; p < PORTS; p++)
            if (def.ports >> p & 1) *ports |= 1u << (p + 3 * rot) % PORTS;
        return 0;
    }
    *ports = mp_game_overlay_at(g, x, y, &overlay, kind);
    return *ports && overlay == f ? 0 : -1;
}
