/*
** pieces.c: the pieces each player has and the seats' colours, as the ruleset declares them
** (meeple-ruleset(5), PIECES and COLOURS).
**
** Piece 0 is the ordinary follower, `followers:` of them. `pieces:` adds others by name, in the
** order written: a large follower (`strength: 2`, Inns & Cathedrals), a builder or a pig
** (`follower: false`, Traders & Builders: they join a feature their owner holds and never
** count). Each may be limited to some kinds (`on:`), drawn with a letter of its own (`letter:`)
** and known to other programs by other names (`aliases: {jcz: big}`). A ruleset that declares
** no pieces plays as it always has: one kind of follower. `colours:` names each seat's colour,
** so that a sixth player can be grey (Inns & Cathedrals, 1st edition) or pink (2nd).
*/
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "yamlx.h"

/* The colours a seat may have, by name, with what pictures draw them in: the default seats take
** the first eight in order. */
static const struct { const char *name, *rgb; } known_colours[] = {
    { "blue", "#2b63c9" },  { "red", "#d62728" },    { "yellow", "#f5d21f" }, { "green", "#2ca02c" },
    { "black", "#222222" }, { "purple", "#8e44ad" }, { "orange", "#ff8c1a" }, { "pink", "#ec7fc0" },
    { "grey", "#8c8c8c" },  { "gray", "#8c8c8c" },   { "white", "#fafafa" },  { "brown", "#8b5a2b" },
};
enum { N_KNOWN = sizeof known_colours / sizeof known_colours[0] };

static int colour_index(const char *name) {
    for (int i = 0; i < N_KNOWN; i++)
        if (!strcmp(known_colours[i].name, name)) return i;
    return -1;
}

void mp_pieces_defaults(mp_ruleset *rs) {
    mp_piece *p = &rs->pieces[0];
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "follower");
    p->count = rs->followers;
    p->strength = 1;
    p->on = 0xffff;   /* every kind that takes followers (feature.c narrows it to deploy_kinds) */
    rs->n_pieces = 1;
    for (int s = 0; s < MP_MAX_COLOURS; s++) snprintf(rs->colours[s], sizeof rs->colours[s], "%s", known_colours[s].name);
}

/* A name the notation can write after ':' (meeple-notation(7)): a lowercase letter, then
** lowercase letters, digits and '-'. */
static bool piece_name_ok(const char *s) {
    if (!islower((unsigned char)s[0]) || strlen(s) >= MP_NAME) return false;
    for (const char *c = s; *c; c++)
        if (!islower((unsigned char)*c) && !isdigit((unsigned char)*c) && *c != '-') return false;
    return true;
}

static int read_on(mp_pieces_reader *r, const mp_ynode *x, mp_piece *p) {
    if (mp_y_expect(x, MP_Y_SEQ, "on", r->d)) return r->problem(r->arg);
    int bad = 0;
    p->on = 0;
    for (int i = 0; i < x->n; i++) {
        int k;
        if (mp_tileset_kind_node(r->rs->tiles, x->items[i], &k, r->d)) bad = r->problem(r->arg);
        else if (!r->rs->tiles->kinds[k].follower[0]) {
            mp_y_error(r->d, x->items[i], "kind '%s' takes no followers (it has no 'follower:' role); expected a "
                       "kind a follower may stand on", r->rs->tiles->kinds[k].name);
            bad = r->problem(r->arg);
        } else p->on |= (uint16_t)(1u << k);
    }
    return bad;
}

static int read_aliases(mp_pieces_reader *r, const mp_ynode *x, mp_piece *p) {
    if (mp_y_expect(x, MP_Y_MAP, "aliases", r->d)) return r->problem(r->arg);
    if (x->n > MP_MAX_PIECE_ALIASES) {
        mp_y_error(r->d, x, "%d aliases; expected at most %d", x->n, MP_MAX_PIECE_ALIASES);
        return r->problem(r->arg);
    }
    int bad = 0;
    for (int i = 0; i < x->n; i++) {
        const char *ns = mp_y_text(x->items[2 * i]), *id;
        if (mp_y_string(x->items[2 * i + 1], &id, r->d)) { bad = r->problem(r->arg); continue; }
        if (!*ns || strlen(ns) >= MP_NAME || !*id || strlen(id) >= MP_NAME) {
            mp_y_error(r->d, x->items[2 * i], "alias '%s: %s' is empty or too long; expected a short namespace and "
                       "name", ns, id);
            bad = r->problem(r->arg);
            continue;
        }
        snprintf(p->alias[i].ns, sizeof p->alias[i].ns, "%s", ns);
        snprintf(p->alias[i].id, sizeof p->alias[i].id, "%s", id);
    }
    return bad;
}

/* One entry of `pieces:`, NAME: {count, strength, follower, on, letter, aliases, note}. */
static int read_piece(mp_pieces_reader *r, const mp_ynode *key, const mp_ynode *v, mp_piece *p) {
    static const char *const keys[] = { "count", "strength", "follower", "on", "joins_completed", "letter", "aliases",
                                        "note", NULL };
    const char *name = mp_y_text(key);
    memset(p, 0, sizeof *p);
    if (!piece_name_ok(name)) {
        mp_y_error(r->d, key, "piece name '%s'; expected a lowercase letter, then lowercase letters, digits or '-' "
                   "(at most %d)", name, MP_NAME - 1);
        return r->problem(r->arg);
    }
    snprintf(p->name, sizeof p->name, "%s", name);
    p->letter = (char)toupper((unsigned char)name[0]);
    p->on = 0xffff;
    if (mp_y_expect(v, MP_Y_MAP, "a piece", r->d)) return r->problem(r->arg);
    int bad = 0;
    for (int i = mp_y_unknown_key(v, keys, 0, r->d); i >= 0; i = mp_y_unknown_key(v, keys, i + 1, r->d))
        bad = r->problem(r->arg);
    const mp_ynode *x;
    long n = 0;
    if (!(x = mp_y_get(v, "count"))) {
        mp_y_error(r->d, v, "piece '%s' has no 'count'; expected how many each player has", name);
        bad = r->problem(r->arg);
    } else if (mp_y_int(x, 0, 100, &n, r->d)) bad = r->problem(r->arg);
    p->count = (int)n;
    bool follower = true;
    if ((x = mp_y_get(v, "follower")) && mp_y_bool(x, &follower, r->d)) bad = r->problem(r->arg);
    long strength = follower ? 1 : 0;
    if ((x = mp_y_get(v, "strength"))) {
        if (mp_y_int(x, follower ? 1 : 0, follower ? 9 : 0, &strength, r->d)) bad = r->problem(r->arg);
    }
    p->strength = (uint8_t)strength;
    if ((x = mp_y_get(v, "on"))) bad |= read_on(r, x, p);
    bool joins_completed = true;
    if ((x = mp_y_get(v, "joins_completed")) && mp_y_bool(x, &joins_completed, r->d)) bad = r->problem(r->arg);
    p->not_on_completed = !joins_completed;
    if ((x = mp_y_get(v, "letter"))) {
        const char *s;
        if (mp_y_string(x, &s, r->d)) bad = r->problem(r->arg);
        else if (strlen(s) != 1 || !isalnum((unsigned char)s[0])) {
            mp_y_error(r->d, x, "letter '%s'; expected one letter or digit", s);
            bad = r->problem(r->arg);
        } else p->letter = s[0];
    }
    if ((x = mp_y_get(v, "aliases"))) bad |= read_aliases(r, x, p);
    return bad;
}

int mp_pieces_read(mp_pieces_reader *r, const mp_ynode *x) {
    mp_ruleset *rs = r->rs;
    if (mp_y_expect(x, MP_Y_MAP, "pieces", r->d)) return r->problem(r->arg);
    if (x->n > MP_MAX_PIECES - 1) {
        mp_y_error(r->d, x, "%d kinds of piece; expected at most %d beside the ordinary follower", x->n, MP_MAX_PIECES - 1);
        return r->problem(r->arg);
    }
    int bad = 0;
    for (int i = 0; i < x->n; i++) {
        const mp_ynode *key = x->items[2 * i];
        mp_piece p;
        if (read_piece(r, key, x->items[2 * i + 1], &p)) { bad = 1; continue; }
        bool taken = false;
        for (int j = 0; j < rs->n_pieces && !taken; j++) taken = !strcmp(rs->pieces[j].name, p.name);
        if (taken) {
            mp_y_error(r->d, key, "piece '%s' is declared twice (or is the ordinary follower's name); expected another "
                       "name", p.name);
            bad = r->problem(r->arg);
            continue;
        }
        rs->pieces[rs->n_pieces++] = p;
    }
    int strength = 0;   /* a feature sums a player's strengths in a byte (feature.c) */
    for (int j = 0; j < rs->n_pieces; j++) strength += rs->pieces[j].count * rs->pieces[j].strength;
    if (strength > 255) {
        mp_y_error(r->d, x, "a player's pieces count %d in majorities together; expected at most 255", strength);
        bad = r->problem(r->arg);
    }
    return bad;
}

int mp_colours_read(mp_pieces_reader *r, const mp_ynode *x) {
    mp_ruleset *rs = r->rs;
    if (mp_y_expect(x, MP_Y_SEQ, "colours", r->d)) return r->problem(r->arg);
    if (x->n < rs->max_players || x->n > MP_MAX_COLOURS) {
        mp_y_error(r->d, x, "%d colours; expected one for each of the %d seats the ruleset allows (at most %d)", x->n,
                   rs->max_players, MP_MAX_COLOURS);
        return r->problem(r->arg);
    }
    int bad = 0;
    for (int i = 0; i < x->n; i++) {
        const char *name;
        if (mp_y_string(x->items[i], &name, r->d)) { bad = r->problem(r->arg); continue; }
        if (colour_index(name) < 0) {
            char list[256] = "";
            size_t used = 0;
            for (int c = 0; c < N_KNOWN; c++)
                used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", c ? ", " : "", known_colours[c].name);
            mp_y_error(r->d, x->items[i], "unknown colour '%s'; expected one of %s", name, list);
            bad = r->problem(r->arg);
            continue;
        }
        for (int j = 0; j < i; j++)
            if (!strcmp(rs->colours[j], name)) {
                mp_y_error(r->d, x->items[i], "colour '%s' is given to seats %d and %d; expected one colour a seat", name,
                           j + 1, i + 1);
                bad = r->problem(r->arg);
            }
        snprintf(rs->colours[i], sizeof rs->colours[i], "%s", name);
    }
    return bad;
}

/* ------------------------------------------------------------------ the public API */

int mp_ruleset_n_pieces(const mp_ruleset *rs) { return rs->n_pieces; }

int mp_ruleset_piece(const mp_ruleset *rs, int piece, mp_piece_info *out) {
    if (piece < 0 || piece >= rs->n_pieces) return -1;
    const mp_piece *p = &rs->pieces[piece];
    *out = (mp_piece_info){ .name = p->name, .letter = p->letter, .count = p->count, .strength = p->strength,
                            .follower = p->strength > 0, .kinds = p->on };
    return 0;
}

int mp_ruleset_find_piece(const mp_ruleset *rs, const char *name) {
    for (int i = 0; i < rs->n_pieces; i++)
        if (!strcmp(rs->pieces[i].name, name)) return i;
    return -1;
}

const char *mp_ruleset_piece_alias(const mp_ruleset *rs, int piece, const char *ns) {
    if (piece < 0 || piece >= rs->n_pieces) return "";
    for (int a = 0; a < MP_MAX_PIECE_ALIASES; a++)
        if (!strcmp(rs->pieces[piece].alias[a].ns, ns)) return rs->pieces[piece].alias[a].id;
    return "";
}

int mp_ruleset_find_piece_alias(const mp_ruleset *rs, const char *ns, const char *id) {
    for (int i = 0; i < rs->n_pieces; i++)
        if (*id && !strcmp(mp_ruleset_piece_alias(rs, i, ns), id)) return i;
    return -1;
}

const char *mp_ruleset_colour(const mp_ruleset *rs, int seat, const char **rgb) {
    const char *name = seat >= 0 && seat < MP_MAX_COLOURS ? rs->colours[seat] : "grey";
    if (rgb) *rgb = mp_colour_rgb(name);
    return name;
}

const char *mp_colour_rgb(const char *name) {
    int i = name ? colour_index(name) : -1;
    return i >= 0 ? known_colours[i].rgb : NULL;
}

int mp_game_piece_supply(const mp_game *g, int player, int piece) {
    if (player < 0 || player >= g->n_players || piece < 0 || piece >= g->rs->n_pieces) return 0;
    return g->supply[player][piece];
}
