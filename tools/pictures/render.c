/*
** render.c: tiles and boards as standalone SVG (see render.h and meeple-render(1)).
**
** A tile is a square in its own coordinates (0..S, y down). Its 12 ports (core/internal.h) map
** onto the square's border: the half-side ports Nw Ne En Es Se Sw Ws Wn are the eight half-edges
** clockwise from the north-west corner, the middles N E S W the middles of the sides. A feature
** turned as it lies (port p of the definition at (p + 3 rot) % 12) is drawn
**   - over half-sides (fields, houses, cities): the union of the wedges (centre, half-edge),
**     one closed polygon per run of adjacent half-edges, so a whole side is the triangle (its two
**     corners, the centre) and no seam shows inside a feature;
**   - over side middles that are not part of a whole side (roads, paths): a thick line from each
**     middle to the centre; a line with one middle ends in a junction mark when the tile has the
**     `junction` marker, else in a dot;
**   - over no port (cloisters): a building in the centre.
** Layers, bottom to top: areas of kinds that do not cover whole sides (fields), areas of kinds
** that do (cities), lines, buildings, a feature laid over the tile (a bridge), icons, marker
** labels, the follower (or another kind of piece: its letter on a larger circle for a follower
** that counts 2 or more, on a diamond for a piece that is no follower; meeple-render(1)).
**
** On the board the game may change what the tile data says: a feature whose kind a module changed
** (a town turned into a castle) is drawn in its new kind's colours with a crenellated outline and
** a tower among its icons; a feature laid over the tile after it was placed (mp_game_overlay_at, a
** BCB bridge) is a raised deck across the tile, with parapets and a shadow, named by the word of
** the module that laid it (mp_game_overlay_name).
**
** The Castle: a bounded board with fixed pieces is drawn inside its wall, a stroke along the
** outline of the board's cells (the cells drawn over its inner half); a fixed piece whose
** features all meet one side is a start space, the half of its cell next to the board cut into
** the wall. A module that reports a track (a fact TRACK, mp_game_facts) gets it drawn along the top
** of the wall (around the board on a rectangle when there is no wall), from its facts read by kind
** alone: the track's spaces, its corner towers (MARKED), what lies on a tower (the game's
** POSITION facts: a wall tile) and the players' markers (their POSITION facts). The towers stand
** on the wall's corners, found by tracing the outline of the board's map, one a corner clockwise
** from the north-west one, when there are as many as corners.
*/
#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "svg.h"

enum { COVER_SIDE = 1, COVER_MIDDLE = 2, COVER_HALVES = 4, COVER_NONE = 8 };
enum { MAX_FEATURES = 16, MAX_KINDS = 16, MAX_ICONS = 8, MAX_PIECES = 16, MARK_BASE = 100 };

typedef struct pt { double x, y; } pt;

/* ------------------------------------------------------------------ colours */

typedef struct kstyle { const char *fill, *stroke, *roof; } kstyle;

static const struct { const char *name; kstyle s; } known_kinds[] = {
    { "field",    { "#93c572", "#5f9440", NULL } },
    { "city",     { "#d9b27a", "#7a4b1e", NULL } },
    { "road",     { "#ffffff", "#7d7d7d", NULL } },
    { "cloister", { "#f3e9d2", "#5e4630", "#c0392b" } },
    { "path",     { "#d9d9d9", "#8e8e8e", NULL } },
    { "house",    { "#f39c3d", "#a55f14", NULL } },
    { "tower",    { "#6b7f96", "#36475a", NULL } },
    { "court",    { "#9b6cc4", "#5c3a80", NULL } },
    { "castle",   { "#b3ada3", "#3f3a34", NULL } },
};

/* Kinds the table does not know, in the order declared: a light fill with a dark outline. */
static const kstyle palette[] = {
    { "#7fb3d5", "#2a6590", "#2a6590" }, { "#f1948a", "#a93226", "#a93226" },
    { "#76d7c4", "#148f77", "#148f77" }, { "#f7dc6f", "#9a7d0a", "#9a7d0a" },
    { "#8fd3e8", "#1f6f87", "#1f6f87" }, { "#d5a6bd", "#873c5e", "#873c5e" },
    { "#b9c97a", "#5f6b1f", "#5f6b1f" }, { "#c8b39c", "#6e5843", "#6e5843" },
};

/* Roughly how wide a text of n characters is at a font size (for layout only). */
static double text_width(const char *s, double size) { return 0.6 * size * (double)strlen(s); }

/* ------------------------------------------------------------------ geometry */

/* The eight corners and side middles of the unit square, clockwise from the north-west corner:
** half-edge h (0 = Nw ... 7 = Wn) runs from border(h) to border(h + 1). */
static pt border(int i) {
    static const pt b[8] = { { 0, 0 }, { .5, 0 }, { 1, 0 }, { 1, .5 }, { 1, 1 }, { .5, 1 }, { 0, 1 }, { 0, .5 } };
    return b[((i % 8) + 8) % 8];
}
static pt side_middle(int side) { return border(2 * side + 1); }

static unsigned rotate_ports(unsigned ports, int rot) {
    rot &= 3;
    if (!rot) return ports & 0xFFFu;
    return ((ports << (3 * rot)) | (ports >> (12 - 3 * rot))) & 0xFFFu;
}

/* One feature of a tile as it lies. */
typedef struct feat {
    int kind;
    unsigned ports;     /* turned */
    unsigned halves;    /* bit h: half-edge h (0 = Nw, 1 = Ne, 2 = En, ... 7 = Wn) */
    unsigned middles;   /* bit s: side s's middle, drawn as a line (not part of a whole side) */
    int icons[MAX_ICONS];
    unsigned markers;
} feat;

static int load_features(const mp_tileset *ts, int tile, int rot, feat *out) {
    int n = mp_tileset_tile_n_features(ts, tile);
    if (n > MAX_FEATURES) n = MAX_FEATURES;
    for (int i = 0; i < n; i++) {
        mp_feature_def d;
        memset(&d, 0, sizeof d);
        mp_tileset_feature(ts, tile, i, &d);
        feat *o = &out[i];
        memset(o, 0, sizeof *o);
        o->kind = d.kind;
        o->ports = rotate_ports(d.ports, rot);
        o->markers = d.markers;
        memcpy(o->icons, d.icons, sizeof o->icons);
        for (int s = 0; s < 4; s++) {
            bool a = o->ports >> (3 * s) & 1, m = o->ports >> (3 * s + 1) & 1, b = o->ports >> (3 * s + 2) & 1;
            if (a) o->halves |= 1u << (2 * s);
            if (b) o->halves |= 1u << (2 * s + 1);
            if (m && !(a && b)) o->middles |= 1u << s;
        }
    }
    return n;
}

static int popcount(unsigned v) {
    int n = 0;
    for (; v; v &= v - 1) n++;
    return n;
}

/* The runs of adjacent half-edges of an area, clockwise: start and length of each. */
static int area_runs(unsigned halves, int *start, int *len) {
    int n = 0;
    for (int h = 0; h < 8; h++) {
        if (!(halves >> h & 1) || (halves >> ((h + 7) % 8) & 1)) continue;   /* not a run's start */
        int k = 0;
        while (k < 8 && (halves >> ((h + k) % 8) & 1)) k++;
        start[n] = h;
        len[n++] = k;
    }
    return n;
}

/* A point at distance dist from the centre towards the middle of half-edges from..from+count-1. */
static pt towards(int from, int count, double dist) {
    pt c = { 0, 0 };
    for (int k = 0; k < count; k++) {
        pt a = border(from + k), b = border(from + k + 1);
        c.x += (a.x + b.x) / 2 - .5;
        c.y += (a.y + b.y) / 2 - .5;
    }
    double l = sqrt(c.x * c.x + c.y * c.y);
    pt p = { .5, .5 };
    if (l > 1e-9) p.x += c.x / l * dist, p.y += c.y / l * dist;
    return p;
}

/* The unit direction from the centre to where an area is widest: the middle of its longest run
** of adjacent half-edges (the first of equal ones). (0, 0) when the area goes all around. */
static pt area_direction(unsigned halves) {
    pt none = { 0, 0 };
    if ((halves & 0xFFu) == 0xFFu || !halves) return none;
    int start[8], len[8], n = area_runs(halves, start, len), best = 0;
    for (int i = 1; i < n; i++)
        if (len[i] > len[best]) best = i;
    pt p = towards(start[best], len[best], 1);
    p.x -= .5;
    p.y -= .5;
    return p;
}

/* Where something stands on a feature, in unit coordinates: at distance `dist` from the centre
** towards the widest part of its area, or along the line to its first middle (a follower: its
** last, so that it keeps clear of the icons); the centre for a feature inside the tile. An area
** all around the tile: the centre, or when the centre is taken (a road, a cloister) or this is a
** follower, towards `fallback`. *dir receives the direction. */
static pt anchor(const feat *ft, double dist, pt fallback, bool centre_taken, bool follower, pt *dir) {
    pt c = { .5, .5 }, d = { 0, 0 };
    if (ft->halves) {
        d = area_direction(ft->halves);
        if (d.x == 0 && d.y == 0 && (centre_taken || follower)) d = fallback;
    } else if (ft->middles) {
        int s = follower ? 3 : 0;
        while (!(ft->middles >> s & 1)) s += follower ? -1 : 1;
        pt m = side_middle(s);
        d.x = (m.x - .5) * 2;
        d.y = (m.y - .5) * 2;
    }
    if (dir) *dir = d;
    c.x += d.x * dist;
    c.y += d.y * dist;
    return c;
}

/* ------------------------------------------------------------------ drawing one tile */

typedef struct ctx {
    FILE *f;
    const mp_tileset *ts;
    double S;                   /* tile size in pixels */
    kstyle ks[MAX_KINDS];
    int junction;               /* index of the marker "junction", -1 if none */
} ctx;

static void ctx_init(ctx *c, FILE *f, const mp_tileset *ts, double S) {
    memset(c, 0, sizeof *c);
    c->f = f;
    c->ts = ts;
    c->S = S;
    int n = mp_tileset_n_kinds(ts), unknown = 0;
    for (int k = 0; k < n && k < MAX_KINDS; k++) {
        const char *name = mp_tileset_kind_name(ts, k);
        bool known = false;
        for (size_t i = 0; i < sizeof known_kinds / sizeof known_kinds[0]; i++)
            if (strcmp(known_kinds[i].name, name) == 0) c->ks[k] = known_kinds[i].s, known = true;
        if (!known) c->ks[k] = palette[unknown++ % 8];
        if (!c->ks[k].roof) c->ks[k].roof = c->ks[k].stroke;
    }
    c->junction = -1;
    for (int m = 0; m < mp_tileset_n_markers(ts); m++)
        if (strcmp(mp_tileset_marker_name(ts, m), "junction") == 0) c->junction = m;
}

static const kstyle *kind_style(const ctx *c, int kind) {
    static const kstyle unknown = { "#cccccc", "#555555", "#555555" };
    return kind >= 0 && kind < MAX_KINDS && kind < mp_tileset_n_kinds(c->ts) ? &c->ks[kind] : &unknown;
}

/* The area of a feature, in tile coordinates (0..S). Each run of adjacent half-edges is a wedge
** from the centre. For kinds that cover whole sides (cities): a run of one whole side stops short
** of the centre (so two cities of one tile do not meet), and the runs of one feature that are
** not adjacent (a city from west to east) are one polygon, joined through a waist around the
** centre. */
static void area_path(FILE *f, unsigned halves, bool side_kind, double S) {
    if ((halves & 0xFFu) == 0xFFu) { fprintf(f, "M0 0H%.1fV%.1fH0Z", S, S); return; }
    int start[8], len[8], n = area_runs(halves, start, len);
    if (side_kind && n >= 2) {
        for (int i = 0; i < n; i++) {
            for (int k = 0; k <= len[i]; k++) {
                pt p = border(start[i] + k);
                fprintf(f, "%c%.1f %.1f", i == 0 && k == 0 ? 'M' : 'L', p.x * S, p.y * S);
            }
            int gap_from = start[i] + len[i], gap = (start[(i + 1) % n] - gap_from + 8) % 8;
            pt w = towards(gap_from, gap, 0.12);
            fprintf(f, "L%.1f %.1f", w.x * S, w.y * S);
        }
        fputc('Z', f);
        return;
    }
    for (int i = 0; i < n; i++) {
        pt apex = { .5, .5 };
        if (side_kind && len[i] == 2 && start[i] % 2 == 0) apex = towards(start[i], 2, 0.13);
        fprintf(f, "M%.1f %.1f", apex.x * S, apex.y * S);
        for (int k = 0; k <= len[i]; k++) {
            pt p = border(start[i] + k);
            fprintf(f, "L%.1f %.1f", p.x * S, p.y * S);
        }
        fputc('Z', f);
    }
}

/* The line of a feature: through the centre when it joins two middles, else a spoke per middle. */
static void line_path(FILE *f, unsigned middles, double S) {
    int s1 = -1;
    for (int s = 0; s < 4; s++) {
        if (!(middles >> s & 1)) continue;
        pt m = side_middle(s);
        if (popcount(middles) == 2 && s1 >= 0) {
            fprintf(f, "L%.1f %.1f", m.x * S, m.y * S);
        } else {
            fprintf(f, "M%.1f %.1fL%.1f %.1f", m.x * S, m.y * S, S / 2, S / 2);
        }
        if (s1 < 0) s1 = s;
    }
}

/* A building (a cloister) centred at (x, y), w wide. */
static void building(FILE *f, double x, double y, double w, const kstyle *k) {
    double h = w * 0.62, roof = w * 0.45, sw = w * 0.05;
    double top = y - (h + roof) / 2 + roof;
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.1f\"/>",
            x - w / 2, top, w, h, k->fill, k->stroke, sw);
    fprintf(f, "<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fZ\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.1f\" stroke-linejoin=\"round\"/>",
            x - w / 2 - w * 0.1, top, x, top - roof, x + w / 2 + w * 0.1, top, k->roof, k->stroke, sw);
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
            x - w * 0.1, top + h * 0.4, w * 0.2, h * 0.6, k->stroke);
}

/* An icon centred at (x, y): a shield (pennant), a circle (fountain), a square (market), the goods
** of Traders & Builders (wine a purple bunch of grapes, grain a yellow sheaf, cloth a blue bolt), or
** a circle with the icon's initial. */
static void icon(FILE *f, const char *name, double x, double y, double S) {
    fprintf(f, "<g><title>");
    svg_text(f, name);
    fprintf(f, "</title>");
    if (strcmp(name, "pennant") == 0) {
        double w = S * 0.15, h = S * 0.17;
        fprintf(f, "<path d=\"M%.1f %.1fH%.1fV%.1fQ%.1f %.1f %.1f %.1fQ%.1f %.1f %.1f %.1fZ\" fill=\"#2459b8\" "
                   "stroke=\"#ffffff\" stroke-width=\"%.1f\" stroke-linejoin=\"round\"/>",
                x - w / 2, y - h / 2, x + w / 2, y, x + w / 2, y + h * 0.32, x, y + h / 2, x - w / 2, y + h * 0.32,
                x - w / 2, y, S * 0.015);
    } else if (strcmp(name, "fountain") == 0) {
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#3d8fe0\" stroke=\"#1b4f86\" stroke-width=\"%.1f\"/>",
                x, y, S * 0.065, S * 0.015);
    } else if (strcmp(name, "market") == 0) {
        double w = S * 0.13;
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#f4d03f\" stroke=\"#8a6d05\" "
                   "stroke-width=\"%.1f\"/>", x - w / 2, y - w / 2, w, w, S * 0.015);
    } else if (strcmp(name, "wine") == 0) {
        static const double grapes[6][2] = { { -1, -1 }, { 0, -1 }, { 1, -1 }, { -.5, 0 }, { .5, 0 }, { 0, 1 } };
        double r = S * 0.026;
        fprintf(f, "<path d=\"M%.1f %.1fl%.1f %.1f\" stroke=\"#3f6b1e\" stroke-width=\"%.1f\"/>", x, y - 2.2 * r,
                r, -1.3 * r, S * 0.012);
        for (int i = 0; i < 6; i++)
            fprintf(f, "<circle class=\"wine\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#7b2d8e\" stroke=\"#3c1046\" "
                       "stroke-width=\"%.1f\"/>", x + grapes[i][0] * 1.7 * r, y + grapes[i][1] * 1.6 * r, r, S * 0.008);
    } else if (strcmp(name, "grain") == 0) {
        double w = S * 0.05, h = S * 0.075;
        fprintf(f, "<path d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" "
                   "stroke=\"#8a6d05\" stroke-width=\"%.1f\" stroke-linecap=\"round\"/>",
                x, y, x, y + h * 1.1, x, y + h * 0.5, x - w, y + h * 1.1, x, y + h * 0.5, x + w, y + h * 1.1, S * 0.014);
        fprintf(f, "<ellipse class=\"grain\" cx=\"%.1f\" cy=\"%.1f\" rx=\"%.1f\" ry=\"%.1f\" fill=\"#f2c230\" stroke=\"#8a6d05\" "
                   "stroke-width=\"%.1f\"/>", x, y - h * 0.25, w * 0.75, h * 0.75, S * 0.012);
    } else if (strcmp(name, "cloth") == 0) {
        double w = S * 0.13, h = S * 0.09;
        fprintf(f, "<rect class=\"cloth\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"%.1f\" fill=\"#2f6fd0\" "
                   "stroke=\"#123a78\" stroke-width=\"%.1f\"/>", x - w / 2, y - h / 2, w, h, h * 0.2, S * 0.012);
        fprintf(f, "<path d=\"M%.1f %.1fL%.1f %.1f\" stroke=\"#a9c8f5\" stroke-width=\"%.1f\"/>", x - w * 0.2, y - h / 2,
                x - w * 0.2, y + h / 2, S * 0.012);
    } else {
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#ffffff\" stroke=\"#333333\" stroke-width=\"%.1f\"/>",
                x, y, S * 0.07, S * 0.012);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"middle\" fill=\"#333333\">%c</text>",
                x, y + S * 0.035, S * 0.1, name[0] ? name[0] : '?');
    }
    fprintf(f, "</g>\n");
}

/* Whether a marker of a feature is drawn as a mark on it (marker_mark) rather than named in the
** tile's label: an inn, a cathedral. */
static bool marker_has_mark(const char *name) { return !strcmp(name, "inn") || !strcmp(name, "cathedral"); }

/* A marker's mark centred at (x, y): an inn a small house with a sign (a brown roof, a yellow
** door), a cathedral a grey church with a spire and a cross. */
static void marker_mark(FILE *f, const char *name, double x, double y, double S) {
    fprintf(f, "<g class=\"mark-");
    svg_text(f, name);
    fprintf(f, "\"><title>");
    svg_text(f, name);
    fprintf(f, "</title>");
    double sw = S * 0.012;
    if (strcmp(name, "inn") == 0) {
        double w = S * 0.14, h = S * 0.08, roof = S * 0.06, top = y - (h + roof) / 2 + roof;
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#f3e3c3\" stroke=\"#5a3a1a\" "
                   "stroke-width=\"%.1f\"/>", x - w / 2, top, w, h, sw);
        fprintf(f, "<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fZ\" fill=\"#8b4a1c\" stroke=\"#5a3a1a\" stroke-width=\"%.1f\" "
                   "stroke-linejoin=\"round\"/>", x - w * 0.62, top, x, top - roof, x + w * 0.62, top, sw);
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#e0a800\"/>", x - w * 0.12,
                top + h * 0.35, w * 0.24, h * 0.65);
    } else {
        double w = S * 0.13, h = S * 0.1, spire = S * 0.1, base = y + (h + spire) / 2, top = base - h;
        fprintf(f, "<path d=\"M%.1f %.1fV%.1fH%.1fL%.1f %.1fL%.1f %.1fH%.1fV%.1fZ\" fill=\"#d9d9e3\" stroke=\"#3a3a55\" "
                   "stroke-width=\"%.1f\" stroke-linejoin=\"round\"/>", x - w / 2, base, top, x - w * 0.15, x, top - spire,
                x + w * 0.15, top, x + w / 2, base, sw);
        fprintf(f, "<path d=\"M%.1f %.1fv%.1fM%.1f %.1fh%.1f\" stroke=\"#3a3a55\" stroke-width=\"%.1f\"/>", x,
                top - spire - S * 0.045, S * 0.045, x - S * 0.015, top - spire - S * 0.03, S * 0.03, sw);
        fprintf(f, "<path d=\"M%.1f %.1fv%.1fa%.1f %.1f 0 0 1 %.1f 0v%.1fZ\" fill=\"#3a3a55\"/>", x - w * 0.12, base,
                -h * 0.45, w * 0.12, w * 0.12, w * 0.24, h * 0.45);
    }
    fprintf(f, "</g>\n");
}

/* A feature inside the tile that is no building (a field enclosed between cities: it meets no
** side): a small patch of its kind in the centre. */
static void inner_patch(FILE *f, double x, double y, double S, const kstyle *k, const char *name) {
    fprintf(f, "<ellipse class=\"inner\" cx=\"%.1f\" cy=\"%.1f\" rx=\"%.1f\" ry=\"%.1f\" fill=\"%s\" stroke=\"%s\" "
               "stroke-width=\"%.1f\"><title>", x, y, S * 0.14, S * 0.105, k->fill, k->stroke, S * 0.015);
    svg_text(f, name);
    fprintf(f, " inside the tile</title></ellipse>\n");
}

static void follower(FILE *f, double x, double y, double S, const char *colour, const char *who) {
    fprintf(f, "<circle class=\"follower\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#111111\" "
               "stroke-width=\"%.1f\"><title>", x, y, S * 0.095, colour, S * 0.022);
    svg_text(f, who);
    fprintf(f, "</title></circle>\n");
}

/* How a kind of piece other than the ordinary follower is drawn (meeple-ruleset(5), PIECES): a
** follower as a circle with its letter, larger when it counts 2 or more in a majority; a piece that
** is no follower as its letter on a diamond. */
typedef struct piece_look { const char *name; char letter; int strength; } piece_look;

static double piece_size(const piece_look *k, double S) {
    return S * (k->strength >= 2 ? 0.135 : k->strength ? 0.095 : 0.14);
}

/* Its mark centred at (x, y) in a player's colour, at the scale of tiles S pixels wide. */
static void piece_mark(FILE *f, const piece_look *k, double x, double y, double S, const char *colour) {
    double r = piece_size(k, S), fs = r * (k->strength ? 1.15 : 1.0);
    if (k->strength)
        fprintf(f, "<circle class=\"follower\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#111111\" "
                   "stroke-width=\"%.1f\"/>", x, y, r, colour, S * 0.022);
    else
        fprintf(f, "<path class=\"no-follower\" d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fL%.1f %.1fZ\" fill=\"%s\" "
                   "stroke=\"#111111\" stroke-width=\"%.1f\" stroke-linejoin=\"round\"/>",
                x, y - r, x + r, y, x, y + r, x - r, y, colour, S * 0.022);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" text-anchor=\"middle\" "
               "fill=\"#ffffff\" stroke=\"#111111\" stroke-width=\"%.1f\" paint-order=\"stroke\">%c</text>",
            x, y + fs * 0.36, fs, S * 0.025, k->letter ? k->letter : '?');
}

/* A piece standing on the board: the ordinary follower (k NULL) or another kind, who's and where
** in its tooltip. */
static void figure(FILE *f, const piece_look *k, double x, double y, double S, const char *colour, const char *who) {
    if (!k) { follower(f, x, y, S, colour, who); return; }
    fprintf(f, "<g class=\"piece piece-");
    svg_text(f, k->name);
    fprintf(f, "\"><title>");
    svg_text(f, who);
    fprintf(f, "</title>");
    piece_mark(f, k, x, y, S, colour);
    fprintf(f, "</g>\n");
}

/* A tower with battlements centred at (x, y): the mark of a castle. */
static void tower(FILE *f, double x, double y, double S, const kstyle *k) {
    double w = S * 0.15, h = S * 0.12, m = S * 0.04, step = w / 5, top = y - h / 2 + m / 2, bottom = y + h / 2 + m / 2;
    fprintf(f, "<g class=\"tower\"><title>castle</title><path d=\"M%.1f %.1fV%.1f", x - w / 2, bottom, top - m);
    for (int i = 0; i < 5; i++) fprintf(f, "h%.1fv%.1f", step, i % 2 == 0 ? m : -m);
    fprintf(f, "V%.1fZ\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.1f\" stroke-linejoin=\"round\"/>", bottom,
            k->fill, k->stroke, S * 0.015);
    double dw = w * 0.3, dh = h * 0.55;
    fprintf(f, "<path d=\"M%.1f %.1fV%.1fA%.1f %.1f 0 0 1 %.1f %.1fV%.1fZ\" fill=\"%s\"/></g>\n", x - dw / 2, bottom,
            bottom - dh + dw / 2, dw / 2, dw / 2, x + dw / 2, bottom - dh + dw / 2, bottom, k->stroke);
}

/* A feature laid over the tile (a bridge) across the side middles it covers: a shadow, then the
** deck in its kind's colour between two dark parapets; its class and title the overlay's name. */
static void overlay_deck(FILE *f, unsigned middles, const kstyle *k, const char *name, double S) {
    double w = S * 0.21, parapet = S * 0.035, off = S * 0.035;
    fprintf(f, "<g class=\"");
    svg_text(f, name);
    fprintf(f, "\"><title>");
    svg_text(f, name);
    fprintf(f, "</title>");
    fprintf(f, "<path transform=\"translate(%.1f %.1f)\" d=\"", off, off);
    line_path(f, middles, S);
    fprintf(f, "\" fill=\"none\" stroke=\"#000000\" stroke-opacity=\"0.35\" stroke-width=\"%.1f\"/>", w);
    fprintf(f, "<path d=\"");
    line_path(f, middles, S);
    fprintf(f, "\" fill=\"none\" stroke=\"#5a4632\" stroke-width=\"%.1f\" stroke-linejoin=\"round\"/>", w);
    fprintf(f, "<path d=\"");
    line_path(f, middles, S);
    fprintf(f, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" stroke-linejoin=\"round\"/>", k->fill, w - 2 * parapet);
    /* The parapets' joints, across the deck near each end. */
    for (int s = 0; s < 4; s++) {
        if (!(middles >> s & 1)) continue;
        pt m = side_middle(s), d = { (m.x - .5) * 2, (m.y - .5) * 2 }, a = { -d.y, d.x };
        double at = 0.36;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#5a4632\" stroke-width=\"%.1f\"/>",
                (.5 + d.x * at) * S + a.x * w / 2, (.5 + d.y * at) * S + a.y * w / 2, (.5 + d.x * at) * S - a.x * w / 2,
                (.5 + d.y * at) * S - a.y * w / 2, S * 0.015);
    }
    fprintf(f, "</g>\n");
}

/* What the game adds to a tile on the board (the tile sheet has none of it). */
typedef struct tile_state {
    int kind[MAX_FEATURES];     /* the kind each feature has now, -1 as the tile data says */
    unsigned overlay;           /* ports covered by a feature laid over the tile, 0 none */
    int overlay_kind;
    const char *overlay_name;   /* what it is (mp_game_overlay_name: "bridge") */
    int ffeat;                  /* the follower's feature, -1 none (or on the overlay) */
    bool fon_overlay;           /* the follower stands on the overlay */
    const char *fcolour, *fwho;
    const piece_look *fpiece;   /* its kind, NULL for the ordinary follower */
} tile_state;

/* Where a follower stands on feature ft of a tile as it lies, in unit coordinates: changed, its
** kind changed by a module (a tower stands on it); over, the feature laid over the tile (its
** middles 0 when none); centre_taken, a line or a building in the tile's centre. With over NULL,
** ft is the feature laid over the tile itself: the follower stands on its deck, a little off the
** centre, where a road under it may cross. */
static pt follower_point(const feat *ft, bool changed, const feat *over, bool centre_taken) {
    pt d, nw = { -.7071, -.7071 };
    if (!over) return anchor(ft, 0.2, nw, true, true, NULL);
    pt p = anchor(ft, ft->halves ? 0.38 : 0.34, nw, centre_taken, true, &d);
    if (!ft->ports) p.x = p.y = .5;
    if (changed && ft->halves) p.x -= d.y * 0.2, p.y += d.x * 0.2;   /* beside the tower */
    /* Not on a bridge's deck when it stands under it: beside the deck, on the side where its
    ** area is larger (half-edges 1-4 lie east of a north-south bridge, 7-2 north of an
    ** east-west one). */
    bool ns = (over->middles & 5u) == 5u, ew = (over->middles & 10u) == 10u;
    if ((ns && fabs(p.x - .5) < 0.2) || (ew && fabs(p.y - .5) < 0.2)) {
        unsigned plus = ns ? 0x1Eu : 0x87u;
        bool more = popcount(ft->halves & plus) >= popcount(ft->halves & ~plus & 0xFFu);
        double to = ns ? (more ? .75 : .25) : (more ? .25 : .75);
        if (ns) p.x = to;
        else p.y = to;
    }
    return p;
}

/* One tile at (x, y), turned rot quarter turns, with what the game added to it (st, or NULL).
** tip: the tooltip, or NULL. */
static void draw_tile(const ctx *c, int tile, int rot, double x, double y, const tile_state *st, const char *tip) {
    FILE *f = c->f;
    const mp_tileset *ts = c->ts;
    double S = c->S;
    feat fs[MAX_FEATURES];
    int n = load_features(ts, tile, rot, fs);
    bool changed[MAX_FEATURES] = { false };
    for (int i = 0; st && i < n; i++)
        if (st->kind[i] >= 0 && st->kind[i] != fs[i].kind) fs[i].kind = st->kind[i], changed[i] = true;
    int ffeat = st ? st->ffeat : -1;
    fprintf(f, "<g class=\"tile\" transform=\"translate(%.1f %.1f)\">", x, y);
    if (tip) {
        fprintf(f, "<title>");
        svg_text(f, tip);
        fprintf(f, "</title>");
    }
    fprintf(f, "\n<g clip-path=\"url(#tile-clip)\">\n");
    /* The ground: the largest area of a kind that meets half-sides only (the field), so that what
    ** cities leave between them reads as it. */
    bool centre_taken = false;
    unsigned markers = mp_tileset_tile_markers(ts, tile), labelled = markers;
    const char *ground = "#efe9dc";
    int ground_size = 0;
    for (int i = 0; i < n; i++) {
        centre_taken |= fs[i].middles || !fs[i].ports;
        markers |= fs[i].markers;
        for (int m = 0; m < mp_tileset_n_markers(ts) && m < 32; m++)
            if ((fs[i].markers >> m & 1) && !marker_has_mark(mp_tileset_marker_name(ts, m))) labelled |= 1u << m;
        if (!(mp_tileset_kind_covers(ts, fs[i].kind) & COVER_SIDE) && popcount(fs[i].halves) > ground_size)
            ground = kind_style(c, fs[i].kind)->fill, ground_size = popcount(fs[i].halves);
    }
    fprintf(f, "<rect width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", S, S, ground);
    /* Areas: first the kinds that meet half-sides only (fields), then those of whole sides. */
    for (int layer = 0; layer < 2; layer++)
        for (int i = 0; i < n; i++) {
            if (!fs[i].halves) continue;
            bool side = mp_tileset_kind_covers(ts, fs[i].kind) & COVER_SIDE;
            if (side != (layer == 1)) continue;
            const kstyle *k = kind_style(c, fs[i].kind);
            fprintf(f, "<path d=\"");
            area_path(f, fs[i].halves, side, S);
            fprintf(f, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.1f\" stroke-linejoin=\"round\"/>\n",
                    k->fill, side ? k->stroke : k->fill, side ? S * 0.02 : S * 0.01);
            if (changed[i]) {
                /* A kind a module gave the feature (a castle): its outline crenellated. */
                const char *name = mp_tileset_kind_name(ts, fs[i].kind);
                fprintf(f, "<path class=\"%s\" d=\"", name && strcmp(name, "castle") == 0 ? "castle" : "changed-kind");
                area_path(f, fs[i].halves, side, S);
                fprintf(f, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" stroke-dasharray=\"%.1f %.1f\"><title>",
                        k->stroke, S * 0.06, S * 0.05, S * 0.04);
                svg_text(f, name ? name : "?");
                fprintf(f, "</title></path>\n");
            }
        }
    /* Lines: every outline, then every fill, so that lines meeting in the centre join. */
    double lw = S * 0.11, ow = S * 0.05;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            if (!fs[i].middles) continue;
            const kstyle *k = kind_style(c, fs[i].kind);
            fprintf(f, "<path d=\"");
            line_path(f, fs[i].middles, S);
            fprintf(f, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" stroke-linejoin=\"round\"/>\n",
                    pass ? k->fill : k->stroke, pass ? lw : lw + ow);
        }
    bool junction_drawn = false;
    for (int i = 0; i < n; i++) {
        if (popcount(fs[i].middles) != 1) continue;
        const kstyle *k = kind_style(c, fs[i].kind);
        if (c->junction >= 0 && (markers >> c->junction & 1)) {
            if (junction_drawn) continue;
            double w = S * 0.16;
            fprintf(f, "<rect class=\"junction\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#8d7762\" "
                       "stroke=\"#3b2f24\" stroke-width=\"%.1f\"/>\n", S / 2 - w / 2, S / 2 - w / 2, w, w, S * 0.02);
            junction_drawn = true;
        } else {
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>\n", S / 2, S / 2, S * 0.055, k->stroke);
        }
    }
    for (int i = 0; i < n; i++) {
        if (fs[i].ports) continue;
        if (mp_tileset_kind_covers(ts, fs[i].kind) & COVER_NONE) building(f, S / 2, S / 2, S * 0.34, kind_style(c, fs[i].kind));
        else inner_patch(f, S / 2, S / 2, S, kind_style(c, fs[i].kind), mp_tileset_kind_name(ts, fs[i].kind));
    }
    /* The feature laid over the tile: across the side middles it covers. */
    feat over;
    memset(&over, 0, sizeof over);
    if (st && st->overlay) {
        over.kind = st->overlay_kind;
        over.ports = st->overlay;
        for (int s = 0; s < 4; s++)
            if (st->overlay >> (3 * s + 1) & 1) over.middles |= 1u << s;
        if (over.middles) overlay_deck(f, over.middles, kind_style(c, over.kind), st->overlay_name, S);
    }
    /* Icons on their features, then the marks of their markers (MARK_BASE + the marker); several
    ** on one feature stand side by side; a tower (-1) first on a feature whose kind a module
    ** changed. */
    pt se = { .7071, .7071 };
    for (int i = 0; i < n; i++) {
        int count = 0, which[12];
        if (changed[i]) which[count++] = -1;
        for (int k = 0; k < MAX_ICONS && k < mp_tileset_n_icons(ts); k++)
            for (int j = 0; j < fs[i].icons[k] && count < 12; j++) which[count++] = k;
        for (int m = 0; m < mp_tileset_n_markers(ts) && m < 32 && count < 12; m++)
            if ((fs[i].markers >> m & 1) && marker_has_mark(mp_tileset_marker_name(ts, m))) which[count++] = MARK_BASE + m;
        if (!count) continue;
        pt d;
        /* (A tower stands a little further out, where a one-side town is wide enough for it.) */
        double dist = fs[i].halves ? (changed[i] ? 0.27 : 0.2) : popcount(fs[i].middles) == 1 ? 0.16 : 0.22;
        pt p = anchor(&fs[i], dist, se, centre_taken, false, &d);
        pt across = { -d.y, d.x };
        if (across.x == 0 && across.y == 0) across.x = 1;
        for (int j = 0; j < count; j++) {
            double off = ((double)j - (count - 1) / 2.0) * 0.17;
            double ix = (p.x + across.x * off) * S, iy = (p.y + across.y * off) * S;
            if (which[j] < 0) tower(f, ix, iy, S, kind_style(c, fs[i].kind));
            else if (which[j] >= MARK_BASE) marker_mark(f, mp_tileset_marker_name(ts, which[j] - MARK_BASE), ix, iy, S);
            else icon(f, mp_tileset_icon_name(ts, which[j]), ix, iy, S);
        }
    }
    /* Markers (but the junction, drawn as its mark): a label at the bottom. */
    char label[256] = "";
    for (int m = 0; m < mp_tileset_n_markers(ts); m++) {
        if (!(labelled >> m & 1) || m == c->junction) continue;
        size_t used = strlen(label);
        snprintf(label + used, sizeof label - used, "%s%s", used ? ", " : "", mp_tileset_marker_name(ts, m));
    }
    if (label[0]) {
        double fsz = S * 0.12, w = text_width(label, fsz) + 6;
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"2\" fill=\"#ffffff\" fill-opacity=\"0.85\" "
                   "stroke=\"#444444\" stroke-width=\"0.6\"/>", S / 2 - w / 2, S - fsz - 5, w, fsz + 3);
        fprintf(f, "<text class=\"marker\" x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"middle\">", S / 2,
                S - 5 - fsz * 0.2, fsz);
        svg_text(f, label);
        fprintf(f, "</text>\n");
    }
    /* The follower last, over a marker label it may stand on. */
    if (ffeat >= 0 && ffeat < n) {
        pt p = follower_point(&fs[ffeat], changed[ffeat], &over, centre_taken);
        figure(f, st->fpiece, p.x * S, p.y * S, S, st->fcolour, st->fwho ? st->fwho : "");
    } else if (st && st->fon_overlay && over.middles) {
        pt p = follower_point(&over, false, NULL, true);
        figure(f, st->fpiece, p.x * S, p.y * S, S, st->fcolour, st->fwho ? st->fwho : "");
    }
    fprintf(f, "</g>\n<rect width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#333333\" stroke-width=\"1\"/>\n</g>\n", S, S);
}

static void header(FILE *f, double width, double height, double S) {
    svg_begin(f, width, height);
    fprintf(f, "<defs><clipPath id=\"tile-clip\"><rect width=\"%.1f\" height=\"%.1f\"/></clipPath></defs>\n", S, S);
    svg_background(f);
}

/* ------------------------------------------------------------------ the legend */

enum { LEGEND_KIND, LEGEND_ICON, LEGEND_JUNCTION, LEGEND_END, LEGEND_MARKERS, LEGEND_MARK, LEGEND_INNER };
typedef struct legend_entry { int what, index; char label[160]; } legend_entry;

static int legend_entries(const ctx *c, legend_entry *out, int cap) {
    const mp_tileset *ts = c->ts;
    int n = 0;
    bool lines = false;
    for (int k = 0; k < mp_tileset_n_kinds(ts) && n < cap; k++) {
        int cov = mp_tileset_kind_covers(ts, k);
        char how[96] = "";
        static const char *const words[] = { "whole sides", "side middles", "half-sides", "inside" };
        for (int b = 0; b < 4; b++)
            if (cov >> b & 1) {
                size_t used = strlen(how);
                snprintf(how + used, sizeof how - used, "%s%s", used ? ", " : "", words[b]);
            }
        lines |= (cov & COVER_MIDDLE) && !(cov & (COVER_SIDE | COVER_HALVES));
        char letter = mp_tileset_kind_letter(ts, k);
        out[n].what = LEGEND_KIND;
        out[n].index = k;
        if (letter && letter != ' ')
            snprintf(out[n].label, sizeof out[n].label, "%s (%c): %s", mp_tileset_kind_name(ts, k), letter, how);
        else
            snprintf(out[n].label, sizeof out[n].label, "%s: %s", mp_tileset_kind_name(ts, k), how);
        n++;
    }
    for (int i = 0; i < mp_tileset_n_icons(ts) && n < cap; i++) {
        out[n].what = LEGEND_ICON;
        out[n].index = i;
        snprintf(out[n].label, sizeof out[n].label, "%s", mp_tileset_icon_name(ts, i));
        n++;
    }
    /* The marks the tiles use: line ends, junctions, features inside a tile that are no building
    ** (by kind), marks of markers, marker labels. */
    bool ends = false, junctions = false;
    unsigned markers = 0, marks = 0, inner = 0;
    for (int t = 0; t < mp_tileset_n_tiles(ts); t++) {
        feat fs[MAX_FEATURES];
        int nf = load_features(ts, t, 0, fs);
        unsigned tm = mp_tileset_tile_markers(ts, t);
        for (int i = 0; i < nf; i++) {
            if (!fs[i].ports && !(mp_tileset_kind_covers(ts, fs[i].kind) & COVER_NONE) && fs[i].kind < 32)
                inner |= 1u << fs[i].kind;
            for (int m = 0; m < mp_tileset_n_markers(ts) && m < 32; m++)
                if (fs[i].markers >> m & 1) {
                    if (marker_has_mark(mp_tileset_marker_name(ts, m))) marks |= 1u << m;
                    else tm |= 1u << m;
                }
        }
        bool junction = c->junction >= 0 && (tm >> c->junction & 1);
        for (int i = 0; i < nf; i++)
            if (popcount(fs[i].middles) == 1) junctions |= junction, ends |= !junction;
        if (c->junction >= 0) tm &= ~(1u << c->junction);
        markers |= tm;
    }
    if (ends && lines && n < cap) {
        out[n].what = LEGEND_END;
        out[n].index = 0;
        snprintf(out[n].label, sizeof out[n].label, "a line ends on the tile");
        n++;
    }
    if (junctions && n < cap) {
        out[n].what = LEGEND_JUNCTION;
        out[n].index = 0;
        snprintf(out[n].label, sizeof out[n].label, "junction: lines end here");
        n++;
    }
    for (int k = 0; k < mp_tileset_n_kinds(ts) && k < 32 && n < cap; k++)
        if (inner >> k & 1) {
            out[n].what = LEGEND_INNER;
            out[n].index = k;
            snprintf(out[n].label, sizeof out[n].label, "%s inside the tile (it meets no side)", mp_tileset_kind_name(ts, k));
            n++;
        }
    for (int m = 0; m < mp_tileset_n_markers(ts) && m < 32 && n < cap; m++)
        if (marks >> m & 1) {
            out[n].what = LEGEND_MARK;
            out[n].index = m;
            snprintf(out[n].label, sizeof out[n].label, "%s", mp_tileset_marker_name(ts, m));
            n++;
        }
    if (markers && n < cap) {
        out[n].what = LEGEND_MARKERS;
        out[n].index = 0;
        while (!(markers >> out[n].index & 1)) out[n].index++;
        snprintf(out[n].label, sizeof out[n].label, "markers, labelled at the tile's bottom: ");
        for (int m = 0; m < mp_tileset_n_markers(ts); m++)
            if (markers >> m & 1) {
                size_t used = strlen(out[n].label);
                snprintf(out[n].label + used, sizeof out[n].label - used, "%s%s", mp_tileset_marker_name(ts, m),
                         markers >> (m + 1) ? ", " : "");
            }
        n++;
    }
    return n;
}

static double legend_entry_width(const legend_entry *e) { return 34 + text_width(e->label, 12) + 18; }

/* The height the legend takes within width w (entries flow left to right, then wrap). */
static double legend_height(const legend_entry *e, int n, double w) {
    double x = 0, rows = 1;
    for (int i = 0; i < n; i++) {
        double ew = legend_entry_width(&e[i]);
        if (x > 0 && x + ew > w) rows++, x = 0;
        x += ew;
    }
    return 22 + rows * 28;
}

static void draw_legend(const ctx *c, const legend_entry *e, int n, double left, double top, double w) {
    FILE *f = c->f;
    fprintf(f, "<g class=\"legend\">\n<text x=\"%.1f\" y=\"%.1f\" font-weight=\"bold\">legend</text>\n", left, top + 12);
    double x = 0, y = top + 22;
    for (int i = 0; i < n; i++) {
        double ew = legend_entry_width(&e[i]);
        if (x > 0 && x + ew > w) x = 0, y += 28;
        double sx = left + x, sy = y;
        const int sw = 22;
        if (e[i].what == LEGEND_KIND) {
            const kstyle *k = kind_style(c, e[i].index);
            int cov = mp_tileset_kind_covers(c->ts, e[i].index);
            if (cov & (COVER_SIDE | COVER_HALVES)) {
                fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.1f\"/>\n",
                        sx, sy, sw, sw, k->fill, k->stroke, cov & COVER_SIDE ? 2.0 : 1.0);
            } else if (cov & COVER_MIDDLE) {
                fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"#efe9dc\" stroke=\"#999999\"/>\n",
                        sx, sy, sw, sw);
                fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"9\"/>", sx,
                        sy + sw / 2.0, sx + sw, sy + sw / 2.0, k->stroke);
                fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"6\"/>\n", sx,
                        sy + sw / 2.0, sx + sw, sy + sw / 2.0, k->fill);
            } else {
                fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"#efe9dc\" stroke=\"#999999\"/>\n",
                        sx, sy, sw, sw);
                building(f, sx + sw / 2.0, sy + sw / 2.0, 14, k);
            }
        } else if (e[i].what == LEGEND_ICON) {
            icon(f, mp_tileset_icon_name(c->ts, e[i].index), sx + sw / 2.0, sy + sw / 2.0, 96);
        } else if (e[i].what == LEGEND_JUNCTION) {
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"14\" fill=\"#8d7762\" stroke=\"#3b2f24\" stroke-width=\"2\"/>\n",
                    sx + 4, sy + 4);
        } else if (e[i].what == LEGEND_MARK) {
            marker_mark(f, mp_tileset_marker_name(c->ts, e[i].index), sx + sw / 2.0, sy + sw / 2.0, 150);
        } else if (e[i].what == LEGEND_INNER) {
            const kstyle *k = kind_style(c, e[i].index);
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"#efe9dc\" stroke=\"#999999\"/>\n", sx, sy,
                    sw, sw);
            inner_patch(f, sx + sw / 2.0, sy + sw / 2.0, 80, k, mp_tileset_kind_name(c->ts, e[i].index));
        } else if (e[i].what == LEGEND_END) {
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#7d7d7d\"/>\n", sx + sw / 2.0, sy + sw / 2.0);
        } else {
            char sample[6];
            snprintf(sample, sizeof sample, "%s", mp_tileset_marker_name(c->ts, e[i].index));
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"12\" rx=\"2\" fill=\"#ffffff\" stroke=\"#444444\" "
                       "stroke-width=\"0.6\"/><text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" text-anchor=\"middle\">",
                    sx - 2, sy + 5, sw + 4, sx + sw / 2.0, sy + 14.5);
            svg_text(f, sample);
            fprintf(f, "</text>\n");
        }
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", sx + 30, sy + 15);
        svg_text(f, e[i].label);
        fprintf(f, "</text>\n");
        x += ew;
    }
    fprintf(f, "</g>\n");
}

/* ------------------------------------------------------------------ the tile sheet */

int render_tiles_svg(FILE *f, const mp_tileset *ts, const char *title) {
    const double S = 96, cell_w = S + 28, cell_h = S + 50, margin = 20, top = 64;
    int n = mp_tileset_n_tiles(ts), cols = n < 8 ? (n > 0 ? n : 1) : 8, rows = (n + cols - 1) / cols;
    ctx c;
    ctx_init(&c, f, ts, S);
    legend_entry le[64];
    int nl = legend_entries(&c, le, 64);
    double width = margin * 2 + cols * cell_w;
    if (width < 640) width = 640;
    if (width < text_width(title, 16) * 1.1 + 2 * margin) width = text_width(title, 16) * 1.1 + 2 * margin;
    double legend_top = top + rows * cell_h + 8;
    double height = legend_top + legend_height(le, nl, width - 2 * margin) + margin;
    header(f, width, height, S);
    fprintf(f, "<text x=\"%.1f\" y=\"28\" font-size=\"16\" font-weight=\"bold\">", margin);
    svg_text(f, title);
    fprintf(f, "</text>\n");
    fprintf(f, "<text x=\"%.1f\" y=\"48\" fill=\"#555555\">%d tile%s, %d in all; each at rotation 0 (north up)</text>\n",
            margin, n, n == 1 ? "" : "s", mp_tileset_total(ts));
    for (int t = 0; t < n; t++) {
        double x = margin + (t % cols) * cell_w + (cell_w - S) / 2, y = top + (t / cols) * cell_h;
        const char *id = mp_tileset_tile_id(ts, t);
        draw_tile(&c, t, 0, x, y, NULL, id);
        fprintf(f, "<text class=\"id\" x=\"%.1f\" y=\"%.1f\" font-size=\"14\" font-weight=\"bold\" text-anchor=\"end\">",
                x + S / 2 - 3, y + S + 18);
        svg_text(f, id);
        fprintf(f, "</text>\n<text class=\"count\" x=\"%.1f\" y=\"%.1f\" font-size=\"13\">x%d</text>\n", x + S / 2 + 3,
                y + S + 18, mp_tileset_tile_count(ts, t));
        bool start = mp_tileset_tile_is_start(ts, t), fixed = mp_tileset_tile_is_fixed(ts, t);
        if (start || fixed)
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"#a33a1f\" text-anchor=\"middle\">%s%s%s</text>\n",
                    x + S / 2, y + S + 34, start ? "start" : "", start && fixed ? ", " : "", fixed ? "fixed" : "");
    }
    draw_legend(&c, le, nl, margin, legend_top, width - 2 * margin);
    return svg_end(f);
}

/* One tile alone: a picture of size x size pixels (margin included) for a page to show. */
int render_tile_svg(FILE *f, const mp_tileset *ts, int tile, int rot, double size) {
    const double margin = 2, S = size - 2 * margin;
    ctx c;
    ctx_init(&c, f, ts, S);
    header(f, size, size, S);
    draw_tile(&c, tile, rot & 3, margin, margin, NULL, mp_tileset_tile_id(ts, tile));
    return svg_end(f);
}

/* ------------------------------------------------------------------ the board of a game */

/* A colour's "#rrggbb" by its name in any case ("Red"), NULL for a name that is none. */
static const char *named_rgb(const char *name) {
    char lower[16];
    size_t n = name ? strlen(name) : sizeof lower;
    if (n >= sizeof lower) return NULL;
    for (size_t i = 0; i <= n; i++) lower[i] = (char)tolower((unsigned char)name[i]);
    return mp_colour_rgb(lower);
}

/* Each player's colour: his seat's by the ruleset (mp_ruleset_colour, meeple-ruleset(5),
** COLOURS); a player called by a colour's name gets that colour, and a seat whose colour such a
** player took gets the next one nobody has. */
static void player_colours(const mp_ruleset *rs, const char *const *names, int n, const char **out) {
    enum { K = MP_MAX_PLAYERS };
    const char *seat[K];
    bool used[K] = { false };
    for (int i = 0; i < K; i++) {
        mp_ruleset_colour(rs, i, &seat[i]);
        if (!seat[i]) seat[i] = "#8c8c8c";
    }
    for (int p = 0; p < n; p++) {
        out[p] = names && names[p] ? named_rgb(names[p]) : NULL;
        for (int q = 0; q < p && out[p]; q++)
            if (!strcmp(out[q], out[p])) out[p] = NULL;   /* two players of one colour: the later one by seat */
        for (int i = 0; out[p] && i < K; i++)
            if (!strcmp(seat[i], out[p])) used[i] = true;
    }
    for (int p = 0; p < n; p++) {
        if (out[p]) continue;
        for (int i = 0; i < K; i++)
            if (!used[(p + i) % K]) { out[p] = seat[(p + i) % K]; used[(p + i) % K] = true; break; }
        if (!out[p]) out[p] = seat[p % K];
    }
}

/* ------------------------------------------------------------------ the castle wall and the score track */

/* Sizes, in tiles: the wall's thickness beyond the board's edge (a start space's alcove is half a
** tile deep), its merlons, the middle of the score track's spaces, their largest size. */
static const double WALL = 0.6, MERLON = 0.07, TRACK = 0.85, SPACE = 0.28;
static const char *const stone = "#bdb3a2", *const stone_dark = "#4d463d", *const mortar = "#8f8474",
                         *const outside = "#e4e9d9";

/* The side (0..3 = N E S W) on which a fixed piece shows all of its features: it is a start
** space, an alcove in the wall facing the board across that side. -1 for any other tile. */
static int alcove_side(const mp_tileset *ts, int tile, int rot) {
    if (tile < 0 || !mp_tileset_tile_is_fixed(ts, tile)) return -1;
    unsigned all = 0;
    for (int i = 0; i < mp_tileset_tile_n_features(ts, tile); i++) {
        mp_feature_def d;
        memset(&d, 0, sizeof d);
        if (!mp_tileset_feature(ts, tile, i, &d)) all |= rotate_ports(d.ports, rot);
    }
    for (int s = 0; s < 4; s++)
        if (all && !(all & ~(7u << (3 * s)))) return s;
    return -1;
}

/* Whether a cell is one of the board's: empty, or holding a tile that is not a start space. */
static bool board_cell(const mp_game *g, const mp_tileset *ts, int x, int y) {
    int rot = 0, t = mp_game_tile_at(g, x, y, &rot);
    return t == -1 || (t >= 0 && alcove_side(ts, t, rot) < 0);
}

/* Where the board is drawn. */
typedef struct layout {
    double S, left, top;
    int min_x, min_y, max_x, max_y;     /* the cells drawn */
    int cols, rows;
    bool walled;                        /* a bounded board with start spaces: inside its wall */
    unsigned char *on;                  /* walled: cols * rows, 1 for a cell of the board */
    int bx0, by0, bx1, by1;             /* the cells the wall and the score track go around */
} layout;

static double cell_x(const layout *L, int x) { return L->left + (x - L->min_x) * L->S; }
static double cell_y(const layout *L, int y) { return L->top + (y - L->min_y) * L->S; }
static bool on_board(const layout *L, int x, int y) {
    return x >= L->min_x && y >= L->min_y && x <= L->max_x && y <= L->max_y &&
           L->on[(y - L->min_y) * L->cols + (x - L->min_x)];
}

/* A point of the board's grid: the north-west corner of cell x,y. */
typedef struct gridpt { int x, y; } gridpt;

/* The outline of the board's cells: the sides of board cells that face cells off the board, joined
** end to end into loops, each clockwise around the board (the board on its right; a hole in the
** board goes the other way round), a corner only where the outline turns. *corners receives the
** corners of every loop, one loop after the other, *ends where each loop's end (one past its last
** corner); both allocated, for the caller to free. The first loop is the outer one, from the
** north-west corner of the first cell in reading order (the top row's leftmost). Returns the
** number of loops (0 when out of memory). */
static int trace_outline(const layout *L, gridpt **corners, int **ends) {
    typedef struct edge { int x0, y0, x1, y1; bool used; } edge;
    int n = 0, cap = 4 * (L->bx1 - L->bx0 + 1) * (L->by1 - L->by0 + 1), loops = 0, k = 0;
    edge *e = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *e);
    *corners = malloc((size_t)(cap > 0 ? cap : 1) * sizeof **corners);
    *ends = malloc((size_t)(cap > 0 ? cap : 1) * sizeof **ends);
    if (!e || !*corners || !*ends) {
        free(e); free(*corners); free(*ends);
        *corners = NULL, *ends = NULL;
        return 0;
    }
    for (int y = L->by0; y <= L->by1; y++)
        for (int x = L->bx0; x <= L->bx1; x++) {
            if (!on_board(L, x, y)) continue;
            if (!on_board(L, x, y - 1)) e[n++] = (edge){ x, y, x + 1, y, false };
            if (!on_board(L, x + 1, y)) e[n++] = (edge){ x + 1, y, x + 1, y + 1, false };
            if (!on_board(L, x, y + 1)) e[n++] = (edge){ x + 1, y + 1, x, y + 1, false };
            if (!on_board(L, x - 1, y)) e[n++] = (edge){ x, y + 1, x, y, false };
        }
    for (int first = 0; first < n; first++) {
        if (e[first].used) continue;
        /* Follow the loop from this edge; where two edges leave a corner (cells touching at a
        ** corner), the one turning right, keeping each cell's outline apart. */
        int cur = first, dx = e[cur].x1 - e[cur].x0, dy = e[cur].y1 - e[cur].y0;
        e[cur].used = true;
        (*corners)[k++] = (gridpt){ e[cur].x0, e[cur].y0 };
        for (;;) {
            int next = -1;
            for (int i = 0; i < n; i++) {
                if (e[i].used || e[i].x0 != e[cur].x1 || e[i].y0 != e[cur].y1) continue;
                int ndx = e[i].x1 - e[i].x0, ndy = e[i].y1 - e[i].y0;
                if (next < 0 || (ndx == -dy && ndy == dx)) next = i;   /* (dx, dy) turned right: (-dy, dx) */
            }
            if (next < 0) break;
            int ndx = e[next].x1 - e[next].x0, ndy = e[next].y1 - e[next].y0;
            if (ndx != dx || ndy != dy) (*corners)[k++] = (gridpt){ e[cur].x1, e[cur].y1 };
            e[next].used = true;
            cur = next, dx = ndx, dy = ndy;
        }
        (*ends)[loops++] = k;
    }
    free(e);
    return loops;
}

/* The outline as SVG path data. sides: each straight run of the loops as a path of its own (so
** that a dash pattern starts again at each corner); else each loop one closed path. */
static void outline_path(FILE *f, const layout *L, bool sides) {
    gridpt *v;
    int *ends, loops = trace_outline(L, &v, &ends);
    for (int l = 0, i = 0; l < loops; l++) {
        int start = i;
        fprintf(f, "M%.1f %.1f", cell_x(L, v[start].x), cell_y(L, v[start].y));
        for (i = start + 1; i < ends[l]; i++) {
            fprintf(f, "L%.1f %.1f", cell_x(L, v[i].x), cell_y(L, v[i].y));
            if (sides) fprintf(f, "M%.1f %.1f", cell_x(L, v[i].x), cell_y(L, v[i].y));
        }
        fprintf(f, "L%.1f %.1f%s", cell_x(L, v[start].x), cell_y(L, v[start].y), sides ? "" : "Z");
    }
    free(v);
    free(ends);
}

/* One stroke along the outline, width w, mitred at the corners; dashed along each side when dash
** is not NULL. */
static void outline_stroke(FILE *f, const layout *L, const char *paint, double w, const char *dash, double offset) {
    fprintf(f, "<path d=\"");
    outline_path(f, L, dash != NULL);
    fprintf(f, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" stroke-linejoin=\"miter\"", paint, w);
    if (dash) fprintf(f, " stroke-dasharray=\"%s\" stroke-dashoffset=\"%.1f\"", dash, offset);
    fprintf(f, "/>\n");
}

/* The wall: a band of stone WALL tiles thick on the off-board side of the outline, with merlons on
** its outer face every quarter tile. A stroke along the outline is as wide on the board's side,
** which the cells drawn after it cover. */
static void draw_wall(FILE *f, const layout *L) {
    double S = L->S, w = 2 * WALL * S, m = 2 * MERLON * S, q = S / 4, b = S / 8;
    char merlon[64], outline[64];
    snprintf(merlon, sizeof merlon, "%.1f %.1f", q / 2, q / 2);
    snprintf(outline, sizeof outline, "%.1f %.1f", q / 2 + 2, q / 2 - 2);
    /* The stones: blocks of a quarter by an eighth of a tile in staggered courses. */
    fprintf(f, "<defs><pattern id=\"wall-stones\" patternUnits=\"userSpaceOnUse\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
               "height=\"%.1f\"><rect width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/><path d=\"M0 0H%.1fM0 %.1fH%.1fM0 0V%.1fM%.1f "
               "%.1fV%.1f\" stroke=\"%s\" stroke-width=\"1.2\" fill=\"none\"/></pattern></defs>\n",
            L->left, L->top, q, 2 * b, q, 2 * b, stone, q, b, q, b, q / 2, b, 2 * b, mortar);
    fprintf(f, "<g class=\"wall\"><title>the castle wall</title>\n");
    outline_stroke(f, L, stone_dark, w + m + 2, outline, q * 0.75 + 1);   /* merlons in the middle of each quarter */
    outline_stroke(f, L, stone, w + m, merlon, q * 0.75);
    outline_stroke(f, L, stone_dark, w + 3, NULL, 0);
    outline_stroke(f, L, "url(#wall-stones)", w, NULL, 0);
    fprintf(f, "</g>\n");
}

/* A start space: the half of its cell next to the board, cut into the wall, showing its feature. */
static void draw_alcove(const ctx *c, int tile, int rot, int side, int x, int y, double px, double py) {
    FILE *f = c->f;
    const mp_tileset *ts = c->ts;
    double S = c->S;
    static const char *const names[4] = { "n", "e", "s", "w" };
    static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
    char shows[256] = "";
    for (int i = 0; i < mp_tileset_tile_n_features(ts, tile); i++) {
        mp_feature_def d;
        memset(&d, 0, sizeof d);
        if (mp_tileset_feature(ts, tile, i, &d)) continue;
        size_t used = strlen(shows);
        snprintf(shows + used, sizeof shows - used, "%s%s", used ? ", " : "", mp_tileset_kind_name(ts, d.kind));
        for (int k = 0; k < MAX_ICONS && k < mp_tileset_n_icons(ts); k++)
            if (d.icons[k]) {
                used = strlen(shows);
                snprintf(shows + used, sizeof shows - used, " with %d %s", d.icons[k], mp_tileset_icon_name(ts, k));
            }
    }
    fprintf(f, "<g class=\"start-space\" transform=\"translate(%.1f %.1f)\"><title>start space ", px, py);
    svg_text(f, mp_tileset_tile_id(ts, tile));
    fprintf(f, " at %d,%d in the wall, against cell %d,%d: ", x, y, x + dx[side], y + dy[side]);
    svg_text(f, shows);
    fprintf(f, "</title>\n<g clip-path=\"url(#half-%s)\">\n", names[side]);
    draw_tile(c, tile, rot, 0, 0, NULL, NULL);
    double hx = side == 1 ? S / 2 : 0, hy = side == 2 ? S / 2 : 0, hw = side % 2 ? S / 2 : S, hh = side % 2 ? S : S / 2;
    fprintf(f, "</g><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>"
               "</g>\n", hx + 1, hy + 1, hw - 2, hh - 2, stone_dark);
}

enum { MAX_TOWERS = 64 };

/* The score track a module reports: its spaces, corner towers and markers. */
typedef struct track {
    int spaces, n_towers;
    int tower[MAX_TOWERS][2];
    bool holds[MAX_TOWERS];             /* a wall tile lies on it */
    int at[MP_MAX_PLAYERS];             /* each marker's space, -1 none */
} track;

static int find_tower(const track *t, int a, int b) {
    for (int i = 0; i < t->n_towers; i++)
        if (t->tower[i][0] == a && t->tower[i][1] == b) return i;
    return -1;
}

/* Whether a module reports a track (a fact TRACK, meeple.h), and then the track, from that
** module's facts alone, by their kinds: its spaces (the TRACK's value), its corner towers (each
** MARKED stretch: the spaces value and arg), the towers where something lies (the game's
** POSITION facts, on a tower's two spaces: a wall tile), each player's marker on the space his
** POSITION fact gives. */
static bool read_track(const mp_game *g, track *t) {
    memset(t, 0, sizeof *t);
    for (int p = 0; p < MP_MAX_PLAYERS; p++) t->at[p] = -1;
    int n_facts = mp_game_facts(g, NULL, 0);
    mp_fact *facts = malloc((size_t)(n_facts > 0 ? n_facts : 1) * sizeof *facts);
    if (!facts) abort();
    mp_game_facts(g, facts, n_facts);
    const char *module = NULL;   /* the module whose track it is */
    for (int i = 0; i < n_facts && !module; i++)
        if (facts[i].kind == MP_FACT_TRACK) {
            module = facts[i].module;
            t->spaces = facts[i].value >= 2 && facts[i].value <= 10000 ? facts[i].value : 100;
        }
    for (int i = 0; i < n_facts && module; i++) {
        const mp_fact *f = &facts[i];
        if (strcmp(f->module, module) != 0) continue;
        if (f->kind == MP_FACT_MARKED && t->n_towers < MAX_TOWERS) {
            t->tower[t->n_towers][0] = f->value;
            t->tower[t->n_towers][1] = f->arg;
            t->n_towers++;
        }
        bool marker = f->player >= 0 && f->player < mp_game_n_players(g) && f->player < MP_MAX_PLAYERS;
        if (f->kind == MP_FACT_POSITION && marker && f->value >= 0) t->at[f->player] = f->value;
    }
    for (int k = 0; k < n_facts && module; k++) {   /* what lies on the towers, once every tower is known */
        const mp_fact *f = &facts[k];
        if (strcmp(f->module, module) != 0 || f->kind != MP_FACT_POSITION || f->player >= 0) continue;
        int a = f->value, b = f->arg, i = find_tower(t, a, b);
        if (i < 0 && t->n_towers < MAX_TOWERS) {
            i = t->n_towers++;
            t->tower[i][0] = a;
            t->tower[i][1] = b;
        }
        if (i >= 0) t->holds[i] = true;
    }
    free(facts);
    if (!module) return false;
    for (int i = 0; i < t->n_towers; i++)       /* a tower off the track is not drawn */
        if (t->tower[i][0] < 0 || t->tower[i][1] < 0 || t->tower[i][0] >= t->spaces || t->tower[i][1] >= t->spaces)
            t->tower[i][0] = -1;
    for (int p = 0; p < MP_MAX_PLAYERS; p++)
        if (t->at[p] >= 0) t->at[p] %= t->spaces;
    return true;
}

/* ---- Where the track runs: along the wall, a tower on each of the wall's corners. */

/* A corner of the track: a corner of the wall (of the rectangle around the board when there is no
** wall) moved outwards, square to both sides, by the track's distance from the wall; the
** directions the track comes in and goes out (unit vectors), and the point of the board's grid it
** stands for. */
typedef struct track_corner { pt at, in, out; gridpt grid; } track_corner;

/* A space of the track: its middle and size. */
typedef struct track_space { pt at; double q; } track_space;

static pt unit(pt a, pt b) {
    double dx = b.x - a.x, dy = b.y - a.y, d = hypot(dx, dy);
    return d > 0 ? (pt){ dx / d, dy / d } : (pt){ 0, 0 };
}

/* Outwards from a track going in direction d clockwise around the board: its left. */
static pt outwards(pt d) { return (pt){ d.y, -d.x }; }

/* The corners of the track, clockwise from the wall's first corner (the north-west corner of the
** top row's leftmost cell), `off` pixels outside the wall's outer loop (the outline of the board's
** map), or of the rectangle of cells bx0..bx1, by0..by1 when the board has no wall. Returns how
** many (0 when out of memory), *out allocated. */
static int track_corners(const layout *L, double off, track_corner **out) {
    gridpt rect[4] = { { L->bx0, L->by0 }, { L->bx1 + 1, L->by0 }, { L->bx1 + 1, L->by1 + 1 }, { L->bx0, L->by1 + 1 } };
    gridpt *v = rect;
    int *ends = NULL, n = 4;
    if (L->walled) {
        if (!trace_outline(L, &v, &ends)) return 0;
        n = ends[0];
    }
    *out = malloc((size_t)(n > 0 ? n : 1) * sizeof **out);
    for (int i = 0; *out && i < n; i++) {
        const gridpt *prev = &v[(i + n - 1) % n], *here = &v[i], *next = &v[(i + 1) % n];
        pt p = { cell_x(L, here->x), cell_y(L, here->y) };
        pt in = unit((pt){ cell_x(L, prev->x), cell_y(L, prev->y) }, p);
        pt outgoing = unit(p, (pt){ cell_x(L, next->x), cell_y(L, next->y) });
        pt o1 = outwards(in), o2 = outwards(outgoing);
        (*out)[i] = (track_corner){ { p.x + off * (o1.x + o2.x), p.y + off * (o1.y + o2.y) }, in, outgoing, *here };
    }
    if (v != rect) free(v);
    free(ends);
    return *out ? n : 0;
}

/* Whether the towers go on the track's corners: as many towers as corners, in track order, each on
** two spaces that follow each other. */
static bool towers_fit_corners(const track *t, int n_corners) {
    if (t->n_towers != n_corners || n_corners < 2) return false;
    for (int i = 0; i < t->n_towers; i++) {
        if (t->tower[i][0] < 0 || t->tower[i][1] != (t->tower[i][0] + 1) % t->spaces) return false;
        if (i && t->tower[i][0] <= t->tower[i - 1][0]) return false;
    }
    return true;
}

/* Tower i on corner i: its first space just before the corner, its second just after, with the
** diagonal between them through the corner; the spaces between two towers evenly spread along the
** side from one to the next. A side too short for its spaces gets smaller ones: the largest that
** leave a gap between them, the towers at its ends taking the smaller size of their two sides. */
static void spaces_on_corners(const track *t, const track_corner *c, int nc, double Q, track_space *sp) {
    int n = t->spaces;
    double *side_q = malloc((size_t)(nc > 0 ? nc : 1) * sizeof *side_q);
    if (!side_q) return;
    for (int i = 0; i < nc; i++) {
        int next = (i + 1) % nc, between = (t->tower[next][0] - t->tower[i][1] - 1 + n) % n;
        double len = hypot(c[next].at.x - c[i].at.x, c[next].at.y - c[i].at.y);
        side_q[i] = fmin(Q, len / ((between + 1) * 1.15 + 2));   /* a tower's space lies one size off its corner */
    }
    for (int i = 0; i < nc; i++) {
        double q = fmin(side_q[(i + nc - 1) % nc], side_q[i]);
        sp[t->tower[i][0]] = (track_space){ { c[i].at.x - c[i].in.x * q, c[i].at.y - c[i].in.y * q }, q };
        sp[t->tower[i][1]] = (track_space){ { c[i].at.x + c[i].out.x * q, c[i].at.y + c[i].out.y * q }, q };
    }
    for (int i = 0; i < nc; i++) {
        int next = (i + 1) % nc, from = t->tower[i][1], between = (t->tower[next][0] - from - 1 + n) % n;
        pt a = sp[from].at, b = sp[t->tower[next][0]].at;
        for (int j = 1; j <= between; j++) {
            double u = (double)j / (between + 1);
            sp[(from + j) % n] = (track_space){ { a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u }, side_q[i] };
        }
    }
    free(side_q);
}

/* Any other track: n spaces clockwise from the first corner, each side getting spaces in proportion
** to its length (the first on its corner), evenly spread along it, all of one size. */
static void spaces_by_length(const track_corner *c, int nc, int n, double Q, track_space *sp) {
    double per = 0;
    for (int i = 0; i < nc; i++) per += hypot(c[(i + 1) % nc].at.x - c[i].at.x, c[(i + 1) % nc].at.y - c[i].at.y);
    double q = fmin(Q, per / n * 0.7), *rem = malloc((size_t)(nc > 0 ? nc : 1) * sizeof *rem);
    int *count = malloc((size_t)(nc > 0 ? nc : 1) * sizeof *count), sum = 0;
    if (!rem || !count) { free(rem); free(count); return; }
    for (int i = 0; i < nc; i++) {
        double len = hypot(c[(i + 1) % nc].at.x - c[i].at.x, c[(i + 1) % nc].at.y - c[i].at.y);
        double exact = per > 0 ? n * len / per : (double)n / nc;
        count[i] = (int)floor(exact);
        rem[i] = exact - count[i];
        sum += count[i];
    }
    for (; sum < n; sum++) {   /* the spaces left over: to the sides that lost most in rounding */
        int best = 0;
        for (int i = 1; i < nc; i++)
            if (rem[i] > rem[best]) best = i;
        count[best]++;
        rem[best] = -1;
    }
    for (int i = 0, k = 0; i < nc; i++)
        for (int j = 0; j < count[i] && k < n; j++) {
            pt a = c[i].at, b = c[(i + 1) % nc].at;
            double u = (double)j / count[i];
            sp[k++] = (track_space){ { a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u }, q };
        }
    free(rem);
    free(count);
}

/* A corner tower: a battlemented frame around its two spaces, the diagonal between them, and when
** it still holds one, a face-down wall tile on the frame's outer side. On a corner of the track
** (c not NULL) the diagonal runs through the corner and the tile lies on the frame's outer corner;
** elsewhere the diagonal crosses between the two spaces and the tile lies away from the middle of
** the box of the track's corners (x0, y0, x1, y1). */
static void draw_tower(FILE *f, const layout *L, const track *t, int i, const track_space *sp, const track_corner *c,
                       double spacing, const double box_of_track[4]) {
    int a = t->tower[i][0], b = t->tower[i][1];
    pt pa = sp[a].at, pb = sp[b].at;
    double q = fmax(sp[a].q, sp[b].q), pad = 3;
    fprintf(f, "<g class=\"corner-tower\"><title>corner tower %d/%d", a, b);
    if (c && L->walled) fprintf(f, ", at the corner %d,%d of the wall", c->grid.x, c->grid.y);
    fprintf(f, "%s</title>", t->holds[i] ? ": a wall tile lies on it, face down" : "");
    double fx0 = fmin(pa.x, pb.x) - q / 2 - pad, fy0 = fmin(pa.y, pb.y) - q / 2 - pad;
    double fx1 = fmax(pa.x, pb.x) + q / 2 + pad, fy1 = fmax(pa.y, pb.y) + q / 2 + pad;
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"3\" fill=\"none\" stroke=\"%s\" "
               "stroke-width=\"2.5\"/>", fx0, fy0, fx1 - fx0, fy1 - fy0, stone_dark);
    pt from, to, tile;   /* the diagonal, and where the wall tile lies */
    if (c) {
        /* Through the corner, square to the bisector of the turn, to the frame's edges. */
        pt u = unit(c->in, c->out), o1 = outwards(c->in), o2 = outwards(c->out);
        double lo = -1e9, hi = 1e9, box[2][2] = { { fx0, fx1 }, { fy0, fy1 } }, at[2] = { c->at.x, c->at.y }, d[2] = { u.x, u.y };
        for (int k = 0; k < 2; k++) {
            if (fabs(d[k]) < 1e-9) continue;
            double t1 = (box[k][0] - at[k]) / d[k], t2 = (box[k][1] - at[k]) / d[k];
            lo = fmax(lo, fmin(t1, t2));
            hi = fmin(hi, fmax(t1, t2));
        }
        from = (pt){ c->at.x + lo * u.x, c->at.y + lo * u.y };
        to = (pt){ c->at.x + hi * u.x, c->at.y + hi * u.y };
        tile = (pt){ o1.x + o2.x < 0 ? fx0 : fx1, o1.y + o2.y < 0 ? fy0 : fy1 };
    } else {
        /* Two spaces side by side or one above the other: a slanted line between them. */
        pt mid = { (pa.x + pb.x) / 2, (pa.y + pb.y) / 2 };
        bool across = fabs(pb.x - pa.x) >= fabs(pb.y - pa.y);
        double h = q / 2 + pad, slant = fmin(spacing - q, q) * 0.5;
        from = across ? (pt){ mid.x + slant, mid.y - h } : (pt){ mid.x - h, mid.y - slant };
        to = across ? (pt){ mid.x - slant, mid.y + h } : (pt){ mid.x + h, mid.y + slant };
        const double *box = box_of_track;
        double cx = (box[0] + box[2]) / 2, cy = (box[1] + box[3]) / 2, ox = 0, oy = 0;
        if (fabs(mid.x - box[0]) < 1 || fabs(mid.x - box[2]) < 1) ox = mid.x < cx ? 1 : -1;
        if (fabs(mid.y - box[1]) < 1 || fabs(mid.y - box[3]) < 1) oy = mid.y < cy ? 1 : -1;
        if (ox == 0 && oy == 0) oy = 1;
        tile = (pt){ mid.x - ox * (q / 2 + pad), mid.y - oy * (q / 2 + pad) };
        if (across && oy == 0) tile.x = mid.x;
        if (!across && ox == 0) tile.y = mid.y;
    }
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\"/>", from.x, from.y,
            to.x, to.y, stone_dark);
    if (t->holds[i]) {
        double w = q * 0.55;
        fprintf(f, "<rect class=\"wall-tile\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"1.5\" "
                   "fill=\"#7a4f2a\" stroke=\"#f1e2c6\" stroke-width=\"1.2\"/>", tile.x - w / 2, tile.y - w / 2, w, w);
    }
    fprintf(f, "</g>\n");
}

/* The score track: numbered spaces clockwise, along the wall when the board has one (on its outer
** part, clear of the start spaces' alcoves) or around the board in a ring, the corner towers on
** their two spaces, each player's marker on his space. The towers stand on the wall's corners when
** the track has one for each corner (the first on the north-west one); else the spaces are spread
** along the track by length and each tower stands where its spaces fall. */
static void draw_track(FILE *f, const layout *L, const track *t, const char *const *names, const char **colour, int np) {
    double S = L->S, Q = SPACE * S, off = L->walled ? S / 2 + Q / 2 + 2 : TRACK * S;
    int n = t->spaces;
    track_corner *c = NULL;
    int nc = track_corners(L, off, &c);
    track_space *sp = calloc((size_t)n, sizeof *sp);
    bool *tower = calloc((size_t)n, sizeof *tower);
    if (!nc || !sp || !tower) { free(c); free(sp); free(tower); return; }
    bool on_corners = towers_fit_corners(t, nc);
    double box[4] = { c[0].at.x, c[0].at.y, c[0].at.x, c[0].at.y }, per = 0;
    for (int i = 0; i < nc; i++) {
        box[0] = fmin(box[0], c[i].at.x), box[1] = fmin(box[1], c[i].at.y);
        box[2] = fmax(box[2], c[i].at.x), box[3] = fmax(box[3], c[i].at.y);
        per += hypot(c[(i + 1) % nc].at.x - c[i].at.x, c[(i + 1) % nc].at.y - c[i].at.y);
    }
    if (on_corners) spaces_on_corners(t, c, nc, Q, sp);
    else spaces_by_length(c, nc, n, Q, sp);
    for (int i = 0; i < t->n_towers; i++)
        if (t->tower[i][0] >= 0) tower[t->tower[i][0]] = tower[t->tower[i][1]] = true;
    fprintf(f, "<g class=\"track\"><title>the score track: spaces 0 to %d, clockwise; a marker stands on its "
               "player's score, less %d for each lap</title>\n", n - 1, n);
    for (int i = 0; i < n; i++) {
        double q = sp[i].q, fs = q * 0.46;
        fprintf(f, "<rect class=\"space\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"2\" fill=\"%s\" "
                   "stroke=\"#7d6c55\" stroke-width=\"1\"/>", sp[i].at.x - q / 2, sp[i].at.y - q / 2, q, q,
                tower[i] ? "#d7cfbf" : "#fbf6e8");
        if (fs >= 5)
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"middle\" fill=\"#3a3128\">%d</text>",
                    sp[i].at.x, sp[i].at.y + fs * 0.36, fs, i);
        fputc('\n', f);
    }
    for (int i = 0; i < t->n_towers; i++)
        if (t->tower[i][0] >= 0) draw_tower(f, L, t, i, sp, on_corners ? &c[i] : NULL, per / n, box);
    /* The markers: several on one space side by side. */
    for (int p = 0; p < np; p++) {
        if (t->at[p] < 0) continue;
        int same = 0, before = 0;
        for (int o = 0; o < np; o++)
            if (t->at[o] == t->at[p]) same++, before += o < p;
        pt m = sp[t->at[p]].at;
        double q = sp[t->at[p]].q, fs = q * 0.46;
        double r = q * (same > 1 ? 0.34 : 0.42), dx = (before - (same - 1) / 2.0) * r * 1.1;
        fprintf(f, "<circle class=\"track-marker\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#111111\" "
                   "stroke-width=\"1.5\"><title>", m.x + dx, m.y - dx * 0.4, r, colour[p]);
        svg_text(f, names && names[p] ? names[p] : "?");
        fprintf(f, ": marker on space %d</title></circle>", t->at[p]);
        if (same == 1 && fs >= 5)   /* the space's number on it, readable on the player's colour */
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" text-anchor=\"middle\" "
                       "fill=\"#ffffff\" stroke=\"#111111\" stroke-width=\"1.6\" paint-order=\"stroke\">%d</text>",
                    m.x, m.y + fs * 0.36, fs, t->at[p]);
        fputc('\n', f);
    }
    fprintf(f, "</g>\n");
    free(c);
    free(sp);
    free(tower);
}

/* The looks of the ruleset's kinds of piece, piece k at looks[k] (piece 0, the ordinary
** follower, is drawn as it always was); returns how many kinds there are. */
static int piece_looks(const mp_ruleset *rs, piece_look *looks, int cap) {
    int n = 0;
    for (int k = 0; k < mp_ruleset_n_pieces(rs) && n < cap; k++) {
        mp_piece_info piece;
        if (mp_ruleset_piece(rs, k, &piece)) break;
        looks[n++] = (piece_look){ piece.name, piece.letter, piece.strength };
    }
    return n;
}

/* The piece on the tile at (x, y), into st (one deployment a tile: the first, mp_game_figures_at):
** where it stands (ofeat: the feature laid over the tile, its overlay), in which colour, its kind
** and its tooltip, written into who: "BLUE on the city", "BLUE's large on the city". */
static void tile_figure(const mp_game *g, int x, int y, int ofeat, const char *const *names, const char **colour,
                        const piece_look *looks, tile_state *st, char *who, size_t size) {
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    mp_figure_info fig;
    st->ffeat = -1;
    if (mp_game_figures_at(g, x, y, &fig, 1) < 1 || fig.player < 0 || fig.player >= mp_game_n_players(g)) return;
    int kind = mp_game_feature_kind(g, x, y, fig.feature);
    st->fon_overlay = st->overlay && fig.feature == ofeat;
    const char *on = st->fon_overlay ? st->overlay_name : kind >= 0 ? mp_tileset_kind_name(ts, kind) : "?";
    const char *name = names && names[fig.player] ? names[fig.player] : "?";
    st->fpiece = fig.piece > 0 && fig.piece < MAX_PIECES ? &looks[fig.piece] : NULL;
    if (st->fpiece) snprintf(who, size, "%s's %s on the %s", name, st->fpiece->name, on);
    else snprintf(who, size, "%s on the %s", name, on);
    st->ffeat = st->fon_overlay ? -1 : fig.feature;
    st->fcolour = colour[fig.player];
    st->fwho = who;
}

/* ---- The score table's supplies, by kind of piece when the ruleset has several. */

/* What a kind is, in the pieces' legend: "follower", "large, counts 2", "helper, no follower". */
static void piece_words(const piece_look *k, char *out, size_t size) {
    if (k->strength >= 2) snprintf(out, size, "%s, counts %d", k->name, k->strength);
    else if (!k->strength) snprintf(out, size, "%s, no follower", k->name);
    else snprintf(out, size, "%s", k->name);
}

static const char *const pieces_lead = "pieces left, by kind:";

/* The width of the legend of the kinds of piece: its lead, then a mark and words for each. */
static double pieces_legend_width(const piece_look *looks, int n) {
    double w = text_width(pieces_lead, 12);
    for (int k = 0; k < n; k++) {
        char words[96];
        piece_words(&looks[k], words, sizeof words);
        w += 36 + text_width(words, 12);
    }
    return w;
}

/* What the tiles on the board carry that needs a word: their icons (bit k: icon k), the markers
** drawn as marks (inns, cathedrals) and the kinds of the features inside a tile that are no
** building (an enclosed field), for the line of the marks under the table. */
typedef struct board_marks { unsigned icons, marks, inner; } board_marks;

static const char *const marks_lead = "on the tiles:";

static void find_board_marks(const mp_game *g, const mp_tileset *ts, int x0, int y0, int x1, int y1, board_marks *m) {
    memset(m, 0, sizeof *m);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            int t = mp_game_tile_at(g, x, y, NULL);
            if (t < 0) continue;
            feat fs[MAX_FEATURES];
            int n = load_features(ts, t, 0, fs);
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < MAX_ICONS && k < mp_tileset_n_icons(ts); k++)
                    if (fs[i].icons[k] > 0) m->icons |= 1u << k;
                for (int k = 0; k < mp_tileset_n_markers(ts) && k < 32; k++)
                    if ((fs[i].markers >> k & 1) && marker_has_mark(mp_tileset_marker_name(ts, k))) m->marks |= 1u << k;
                if (!fs[i].ports && !(mp_tileset_kind_covers(ts, fs[i].kind) & COVER_NONE) && fs[i].kind < 32)
                    m->inner |= 1u << fs[i].kind;
            }
        }
}

/* The line of the marks, from (x, y) when f is not NULL: each mark and its name. Its width. */
static double marks_legend(FILE *f, const ctx *c, const board_marks *m, double x, double y) {
    const mp_tileset *ts = c->ts;
    if (!m->icons && !m->marks && !m->inner) return 0;
    double x0 = x;
    if (f) fprintf(f, "<g class=\"marks-legend\"><text x=\"%.1f\" y=\"%.1f\" fill=\"#555555\">%s</text>", x, y, marks_lead);
    x += text_width(marks_lead, 12);
    char words[96];
    for (int k = 0; k < 3 * 32; k++) {
        int i = k % 32, what = k / 32;
        if (!((what == 0 ? m->icons : what == 1 ? m->marks : m->inner) >> i & 1)) continue;
        if (what == 0) snprintf(words, sizeof words, "%s", mp_tileset_icon_name(ts, i));
        else if (what == 1) snprintf(words, sizeof words, "%s", mp_tileset_marker_name(ts, i));
        else snprintf(words, sizeof words, "%s inside the tile", mp_tileset_kind_name(ts, i));
        if (f) {
            if (what == 0) icon(f, words, x + 20, y - 4, 90);
            else if (what == 1) marker_mark(f, words, x + 20, y - 5, 100);
            else inner_patch(f, x + 20, y - 4, 70, kind_style(c, i), mp_tileset_kind_name(ts, i));
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", x + 32, y);
            svg_text(f, words);
            fprintf(f, "</text>");
        }
        x += 36 + text_width(words, 12);
    }
    if (f) fprintf(f, "</g>\n");
    return x - x0;
}

/* The legend of the kinds of piece, a line from (x, y): each kind's mark, in grey, and its words. */
static void pieces_legend(FILE *f, const piece_look *looks, int n, double x, double y) {
    fprintf(f, "<g class=\"pieces-legend\"><text x=\"%.1f\" y=\"%.1f\" fill=\"#555555\">%s</text>", x, y, pieces_lead);
    x += text_width(pieces_lead, 12);
    for (int k = 0; k < n; k++) {
        char words[96];
        piece_words(&looks[k], words, sizeof words);
        if (k == 0)
            fprintf(f, "<circle class=\"follower\" cx=\"%.1f\" cy=\"%.1f\" r=\"5.7\" fill=\"#9a9a9a\" stroke=\"#111111\" "
                       "stroke-width=\"1.3\"/>", x + 20, y - 4);
        else
            piece_mark(f, &looks[k], x + 20, y - 4, 60, "#9a9a9a");
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", x + 32, y);
        svg_text(f, words);
        fprintf(f, "</text>");
        x += 36 + text_width(words, 12);
    }
    fprintf(f, "</g>\n");
}

/* The headings of the supply columns, the first one's right edge at x: "supply" for one kind of
** piece, else each kind's name. */
static void supply_headings(FILE *f, const piece_look *looks, int n, double x, double col_w, double y) {
    if (n <= 1) {
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555555\" text-anchor=\"end\">supply</text>\n", x, y);
        return;
    }
    for (int k = 0; k < n; k++) {
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555555\" text-anchor=\"end\">", x + col_w * k, y);
        svg_text(f, looks[k].name);
        fprintf(f, "</text>");
    }
    fputc('\n', f);
}

/* A player's supplies under them: his followers, or each kind's pieces (once the game is over, as
** final scoring began, with the pieces drawn). */
static void supply_cells(FILE *f, const mp_game *g, int p, const piece_look *looks, int n, double x, double col_w,
                         double y) {
    if (n <= 1) {
        fprintf(f, "<text class=\"supply\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%d</text>", x, y,
                mp_game_final_supply(g, p));
        return;
    }
    for (int k = 0; k < n; k++) {
        fprintf(f, "<text class=\"supply piece-");
        svg_text(f, looks[k].name);
        fprintf(f, "\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%d</text>", x + col_w * k, y,
                mp_game_final_piece_supply(g, p, k));
    }
}

/* The board of g (render_game_svg), with view's empty cells around an unbounded board's tiles, the
** geometry in *out when not NULL. */
static int draw_game(FILE *f, const mp_game *g, const char *title, const char *const *names, const render_view *view,
                     render_geometry *out) {
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    const double S = 80, margin = 20, top = 84, left = margin + 34;
    int min_x = 0, min_y = 0, max_x = 0, max_y = 0;
    if (mp_game_bounds(g, &min_x, &min_y, &max_x, &max_y)) min_x = min_y = max_x = max_y = 0;
    layout L;
    memset(&L, 0, sizeof L);
    /* A bounded board (cells far away are off the map): show all of its map. With start spaces
    ** (fixed pieces in the ring around the map) it is drawn inside its wall: the board's cells
    ** and a ring of one cell around them for the wall and the score track. */
    bool bounded = mp_game_tile_at(g, min_x - 100000, min_y - 100000, NULL) == -2;
    if (!bounded && view && view->margin_cells > 0) {
        min_x -= view->margin_cells, min_y -= view->margin_cells;
        max_x += view->margin_cells, max_y += view->margin_cells;
    }
    if (bounded) {
        int x0 = min_x, y0 = min_y, x1 = max_x, y1 = max_y, bx0 = x1 + 1, by0 = y1 + 1, bx1 = x0 - 1, by1 = y0 - 1;
        bool fixed = false;
        for (int y = y0 - 64; y <= y1 + 64; y++)
            for (int x = x0 - 64; x <= x1 + 64; x++) {
                int t = mp_game_tile_at(g, x, y, NULL);
                if (t == -1) {
                    if (x < min_x) min_x = x;
                    if (x > max_x) max_x = x;
                    if (y < min_y) min_y = y;
                    if (y > max_y) max_y = y;
                }
                fixed |= t >= 0 && mp_tileset_tile_is_fixed(ts, t);
                if (t != -2 && board_cell(g, ts, x, y)) {
                    if (x < bx0) bx0 = x;
                    if (x > bx1) bx1 = x;
                    if (y < by0) by0 = y;
                    if (y > by1) by1 = y;
                }
            }
        if (fixed && bx0 <= bx1) {
            L.walled = true;
            L.bx0 = bx0, L.by0 = by0, L.bx1 = bx1, L.by1 = by1;
            if (bx0 - 1 < min_x) min_x = bx0 - 1;
            if (by0 - 1 < min_y) min_y = by0 - 1;
            if (bx1 + 1 > max_x) max_x = bx1 + 1;
            if (by1 + 1 > max_y) max_y = by1 + 1;
        }
    }
    /* A score track (The Castle's) runs around the board: around a board without a wall, in a ring
    ** of one more cell. */
    track tr;
    bool has_track = read_track(g, &tr);
    if (has_track && !L.walled) {
        L.bx0 = min_x, L.by0 = min_y, L.bx1 = max_x, L.by1 = max_y;
        min_x--, min_y--, max_x++, max_y++;
    }
    int cols = max_x - min_x + 1, rows = max_y - min_y + 1, np = mp_game_n_players(g);
    L.S = S, L.left = left, L.top = top;
    L.min_x = min_x, L.min_y = min_y, L.max_x = max_x, L.max_y = max_y, L.cols = cols, L.rows = rows;
    if (L.walled) {
        L.on = calloc((size_t)cols * (size_t)rows, 1);
        if (!L.on) return 1;
        for (int y = min_y; y <= max_y; y++)
            for (int x = min_x; x <= max_x; x++) L.on[(y - min_y) * cols + (x - min_x)] = board_cell(g, ts, x, y);
    }
    const char *colour[MP_MAX_PLAYERS];
    player_colours(mp_game_ruleset(g), names, np, colour);
    piece_look looks[MAX_PIECES];
    int n_pieces = piece_looks(mp_game_ruleset(g), looks, MAX_PIECES);
    int cats[64], nc = 0;
    for (int k = 0; k < mp_game_n_categories(g) && nc < 64; k++)
        if (mp_game_category_scored(g, k)) cats[nc++] = k;
    bool over = mp_game_phase(g) == MP_PHASE_OVER;
    unsigned winners = over ? mp_game_winners(g) : 0;
    /* The score table: player, score, points per category, followers in the supply. */
    double name_w = 90;
    for (int p = 0; p < np; p++) {
        double w = text_width(names && names[p] ? names[p] : "", 12) + 30;
        if (w > name_w) name_w = w;
    }
    const double col_w = 66, row_h = 20;
    /* Tokens the modules give (BCB bridges and castles): what each player has left, in words. */
    char tokens[MP_MAX_PLAYERS][160];
    double tokens_w = 0;
    int nt = mp_game_n_tokens(g);
    for (int p = 0; p < np && nt > 0; p++) {
        tokens[p][0] = 0;
        for (int i = 0; i < nt; i++) {
            size_t used = strlen(tokens[p]);
            const char *name = mp_game_token_name(g, i);
            snprintf(tokens[p] + used, sizeof tokens[p] - used, "%s%s %d", i ? " \xc2\xb7 " : "", name ? name : "?",
                     mp_game_token_supply(g, i, p));
        }
        double w = text_width(tokens[p], 12) + 16;
        if (w > tokens_w) tokens_w = w;
    }
    if (nt > 0 && tokens_w < 90) tokens_w = 90;
    /* What the modules' states show (The Castle: the track, the keep, wall tiles in hand), under
    ** the modules' names; the whole game's in a line under the table. */
    char status[MP_MAX_PLAYERS][512], game_status[700] = "", modules[160] = "";
    double status_w = 0;
    for (int v = 0; v < mp_ruleset_n_modules(mp_game_ruleset(g)); v++) {
        size_t used = strlen(modules);
        const char *name = mp_ruleset_module_name(mp_game_ruleset(g), v);
        snprintf(modules + used, sizeof modules - used, "%s%s", used ? ", " : "", name ? name : "?");
    }
    for (int p = 0; p < np && p < MP_MAX_PLAYERS; p++) {
        mp_game_module_status(g, p, status[p], sizeof status[p]);
        double w = status[p][0] ? text_width(status[p], 12) + 16 : 0;
        if (w > status_w) status_w = w;
    }
    if (status_w > 0 && status_w < text_width(modules, 12) + 16) status_w = text_width(modules, 12) + 16;
    {
        char words[512];
        if (mp_game_module_status(g, -1, words, sizeof words)[0])
            snprintf(game_status, sizeof game_status, "%s: %s", modules, words);
    }
    /* The supplies: a column for each kind of piece when there are several, and their legend. */
    int ns = n_pieces > 1 ? n_pieces : 1;
    double legend_w = n_pieces > 1 ? 24 + pieces_legend_width(looks, n_pieces) : 0;
    double table_w = 24 + name_w + col_w * (nc + 1 + ns) + tokens_w + status_w + (over ? 60 : 0);
    double board_w = cols * S, board_h = rows * S;
    double width = left + board_w + margin;
    if (width < table_w + 2 * margin) width = table_w + 2 * margin;
    if (width < 480) width = 480;
    /* Once the game is over the board shows the followers, and the table the supplies, as final
    ** scoring found them (it sends every follower home): the line under the title says so. */
    const char *over_line = "game over, final scores; followers and supplies as they stood when final scoring began";
    if (width < text_width(title, 16) * 1.1 + 2 * margin) width = text_width(title, 16) * 1.1 + 2 * margin;
    if (over && width < text_width(over_line, 12) + 2 * margin) width = text_width(over_line, 12) + 2 * margin;
    if (game_status[0] && width < text_width(game_status, 12) + 2 * margin) width = text_width(game_status, 12) + 2 * margin;
    if (width < legend_w + 2 * margin) width = legend_w + 2 * margin;
    ctx c;
    ctx_init(&c, f, ts, S);
    board_marks bm;
    find_board_marks(g, ts, min_x, min_y, max_x, max_y, &bm);
    double marks_w = marks_legend(NULL, &c, &bm, 0, 0);
    if (marks_w > 0 && width < marks_w + 24 + 2 * margin) width = marks_w + 24 + 2 * margin;
    double table_top = top + board_h + 36;
    double height = table_top + row_h * (np + 1) + 16 + margin + (game_status[0] ? row_h : 0) + (n_pieces > 1 ? row_h : 0) +
                    (marks_w > 0 ? row_h : 0);
    header(f, width, height, S);
    if (L.walled)   /* the half of a start space's cell next to the board, by the side it shows */
        fprintf(f, "<defs><clipPath id=\"half-n\"><rect width=\"%.1f\" height=\"%.1f\"/></clipPath>"
                   "<clipPath id=\"half-e\"><rect x=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/></clipPath>"
                   "<clipPath id=\"half-s\"><rect y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/></clipPath>"
                   "<clipPath id=\"half-w\"><rect width=\"%.1f\" height=\"%.1f\"/></clipPath></defs>\n",
                S, S / 2, S / 2, S / 2, S, S / 2, S, S / 2, S / 2, S);
    fprintf(f, "<text x=\"%.1f\" y=\"28\" font-size=\"16\" font-weight=\"bold\">", margin);
    svg_text(f, title);
    fprintf(f, "</text>\n<text x=\"%.1f\" y=\"48\" fill=\"#555555\">", margin);
    if (over) {
        svg_text(f, over_line);
    } else {
        int cur = mp_game_current_player(g), drawn = mp_game_drawn_tile(g);
        fprintf(f, "%d tile%s placed, %d in the bag", mp_game_turn(g), mp_game_turn(g) == 1 ? "" : "s", mp_game_tiles_left(g));
        if (cur >= 0 && cur < np) {
            fprintf(f, "; next: ");
            svg_text(f, names && names[cur] ? names[cur] : "?");
            if (drawn >= 0 && mp_game_phase(g) == MP_PHASE_PLACE) {
                fprintf(f, " to place ");
                svg_text(f, mp_tileset_tile_id(ts, drawn));
            }
        }
    }
    fprintf(f, "</text>\n");
    /* The board: empty cells light, cells off a bounded board's map grey, coordinates around. */
    fprintf(f, "<g class=\"board\">\n");
    double gap = has_track ? 14 : 8;   /* (clear of the wall tiles on the track's towers) */
    for (int x = min_x; x <= max_x; x++)
        fprintf(f, "<text class=\"coord\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#555555\">%d</text>\n",
                left + (x - min_x) * S + S / 2, top - gap, x);
    for (int y = min_y; y <= max_y; y++)
        fprintf(f, "<text class=\"coord\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" fill=\"#555555\">%d</text>\n",
                left - gap, top + (y - min_y) * S + S / 2 + 4, y);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"#888888\" text-anchor=\"end\">y\\x</text>\n", left - gap,
            top - gap);
    /* Inside a wall: the ground outside the castle, then the wall, on which the board's cells lie. */
    if (L.walled) {
        fprintf(f, "<rect class=\"outside\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", left, top,
                board_w, board_h, outside);
        draw_wall(f, &L);
    } else if (has_track) {
        fprintf(f, "<rect class=\"outside\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", left, top,
                board_w, board_h, outside);
    }
    for (int y = min_y; y <= max_y; y++)
        for (int x = min_x; x <= max_x; x++) {
            double px = left + (x - min_x) * S, py = top + (y - min_y) * S;
            int rot = 0, t = mp_game_tile_at(g, x, y, &rot);
            if (L.walled && !on_board(&L, x, y) && (t < 0 || alcove_side(ts, t, rot) >= 0)) continue;   /* the wall's */
            if (t < 0) {
                if (has_track && !L.walled && (x < L.bx0 || y < L.by0 || x > L.bx1 || y > L.by1)) continue;
                fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"#dddddd\"/>\n",
                        px, py, S, S, t == -2 ? "#c9c9c9" : "#f7f7f4");
                continue;
            }
            tile_state st;
            memset(&st, 0, sizeof st);
            int nf = mp_tileset_tile_n_features(ts, t), ofeat = -1;
            for (int i = 0; i < MAX_FEATURES; i++) st.kind[i] = i < nf ? mp_game_feature_kind(g, x, y, i) : -1;
            st.overlay = mp_game_overlay_at(g, x, y, &ofeat, &st.overlay_kind);
            st.overlay_name = st.overlay ? mp_game_overlay_name(g, x, y) : NULL;
            char tip[160], fwho[96] = "";
            snprintf(tip, sizeof tip, "%s at %d,%d turned %d%s%s", mp_tileset_tile_id(ts, t), x, y, rot,
                     st.overlay ? ", with a " : "", st.overlay ? st.overlay_name : "");
            tile_figure(g, x, y, ofeat, names, colour, looks, &st, fwho, sizeof fwho);
            draw_tile(&c, t, rot, px, py, &st, tip);
        }
    if (L.walled) {
        /* The wall's inner face along the board, then the start spaces cut into the wall. */
        fprintf(f, "<path class=\"wall-face\" d=\"");
        outline_path(f, &L, false);
        fprintf(f, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n", stone_dark);
        for (int y = min_y; y <= max_y; y++)
            for (int x = min_x; x <= max_x; x++) {
                int rot = 0, t = mp_game_tile_at(g, x, y, &rot), side = t >= 0 ? alcove_side(ts, t, rot) : -1;
                if (side >= 0 && !on_board(&L, x, y))
                    draw_alcove(&c, t, rot, side, x, y, left + (x - min_x) * S, top + (y - min_y) * S);
            }
    }
    if (has_track) draw_track(f, &L, &tr, names, colour, np);
    fprintf(f, "</g>\n");
    /* The players. */
    double y = table_top, x0 = margin;
    fprintf(f, "<g class=\"scores\">\n<text x=\"%.1f\" y=\"%.1f\" font-weight=\"bold\">player</text>", x0 + 24, y);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-weight=\"bold\" text-anchor=\"end\">score</text>", x0 + 24 + name_w + col_w - 10, y);
    for (int k = 0; k < nc; k++) {
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555555\" text-anchor=\"end\">", x0 + 24 + name_w + col_w * (k + 2) - 10, y);
        svg_text(f, mp_game_category_name(g, cats[k]));
        fprintf(f, "</text>");
    }
    supply_headings(f, looks, n_pieces, x0 + 24 + name_w + col_w * (nc + 2) - 10, col_w, y);
    if (nt > 0)
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555555\">tokens left</text>\n", x0 + 24 + name_w + col_w * (nc + 1 + ns) + 6, y);
    if (status_w > 0) {
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555555\">", x0 + 24 + name_w + col_w * (nc + 1 + ns) + tokens_w + 6, y);
        svg_text(f, modules);
        fprintf(f, "</text>\n");
    }
    fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#999999\"/>\n", x0, x0 + table_w, y + 6, y + 6);
    for (int p = 0; p < np; p++) {
        y += row_h;
        bool won = winners >> p & 1;
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"%s\" stroke=\"#111111\" stroke-width=\"1.5\"/>", x0 + 9, y - 4,
                colour[p]);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\"%s>", x0 + 24, y, won ? " font-weight=\"bold\"" : "");
        svg_text(f, names && names[p] ? names[p] : "?");
        fprintf(f, "</text><text class=\"score\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-weight=\"bold\">%d</text>",
                x0 + 24 + name_w + col_w - 10, y, mp_game_score(g, p));
        for (int k = 0; k < nc; k++)
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%d</text>", x0 + 24 + name_w + col_w * (k + 2) - 10, y,
                    mp_game_points(g, p, cats[k]));
        supply_cells(f, g, p, looks, n_pieces, x0 + 24 + name_w + col_w * (nc + 2) - 10, col_w, y);
        if (nt > 0) {
            fprintf(f, "<text class=\"tokens\" x=\"%.1f\" y=\"%.1f\">", x0 + 24 + name_w + col_w * (nc + 1 + ns) + 6, y);
            svg_text(f, tokens[p]);
            fprintf(f, "</text>");
        }
        if (status_w > 0 && p < MP_MAX_PLAYERS && status[p][0]) {
            fprintf(f, "<text class=\"status\" x=\"%.1f\" y=\"%.1f\">", x0 + 24 + name_w + col_w * (nc + 1 + ns) + tokens_w + 6, y);
            svg_text(f, status[p]);
            fprintf(f, "</text>");
        }
        if (won)
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#a33a1f\">winner</text>",
                    x0 + 24 + name_w + col_w * (nc + 1 + ns) + tokens_w + status_w, y);
        fprintf(f, "\n");
    }
    if (n_pieces > 1) {
        y += row_h;
        pieces_legend(f, looks, n_pieces, x0 + 24, y + 6);
    }
    if (marks_w > 0) {
        y += row_h;
        marks_legend(f, &c, &bm, x0 + 24, y + 6);
    }
    if (game_status[0]) {
        fprintf(f, "<text class=\"game-status\" x=\"%.1f\" y=\"%.1f\" fill=\"#555555\">", x0 + 24, y + row_h + 6);
        svg_text(f, game_status);
        fprintf(f, "</text>\n");
    }
    fprintf(f, "</g>\n");
    free(L.on);
    if (out) {
        out->size = S;
        out->x0 = left - min_x * S, out->y0 = top - min_y * S;
        out->width = width, out->height = height;
        out->min_x = min_x, out->min_y = min_y, out->max_x = max_x, out->max_y = max_y;
    }
    return svg_end(f);
}

/* ------------------------------------------------------------------ for pages (meeple serve) */

int render_game_svg(FILE *f, const mp_game *g, const char *title, const char *const *names) {
    return draw_game(f, g, title, names, NULL, NULL);
}

int render_game_view_svg(FILE *f, const mp_game *g, const char *title, const char *const *names, const render_view *v,
                         render_geometry *out) {
    return draw_game(f, g, title, names, v, out);
}

void render_player_colours(const mp_ruleset *rs, const char *const *names, int n, const char **out) {
    player_colours(rs, names, n < MP_MAX_PLAYERS ? n : MP_MAX_PLAYERS, out);
}

int render_follower_spot(const mp_game *g, int x, int y, int feature, double *fx, double *fy) {
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    int rot = 0, tile = mp_game_tile_at(g, x, y, &rot);
    if (tile < 0 || feature < 0) return -1;
    feat fs[MAX_FEATURES], over;
    int n = load_features(ts, tile, rot, fs), ofeat = -1;
    bool centre_taken = false;
    for (int i = 0; i < n; i++) centre_taken |= fs[i].middles || !fs[i].ports;
    /* The feature laid over the tile, as draw_tile draws it. */
    memset(&over, 0, sizeof over);
    over.ports = mp_game_overlay_at(g, x, y, &ofeat, &over.kind);
    for (int s = 0; s < 4; s++)
        if (over.ports >> (3 * s + 1) & 1) over.middles |= 1u << s;
    pt p;
    if (over.ports && feature == ofeat) p = follower_point(&over, false, NULL, true);
    else if (feature < n) {
        int kind = mp_game_feature_kind(g, x, y, feature);
        bool changed = kind >= 0 && kind != fs[feature].kind;
        p = follower_point(&fs[feature], changed, &over, centre_taken);
    } else return -1;
    *fx = p.x, *fy = p.y;
    return 0;
}
