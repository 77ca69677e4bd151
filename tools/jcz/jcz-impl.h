/*
** jcz-impl.h: what the files of the JCloisterZone importer share (jcz-locate.c, jcz-setup.c,
** jcz.c); the rest of the command sees jcz.h only.
*/
#ifndef MP_TOOLS_JCZ_IMPL_H
#define MP_TOOLS_JCZ_IMPL_H

#include <jansson.h>

#include "jcz.h"

/* The file being imported, for diagnostics. */
typedef struct jcz_src {
    const char *path;
    const char *text;
    size_t len;
} jcz_src;

/* jcz-locate.c */
/* The line and column (from 1; the column in characters, as jansson counts them) where the value
** at a JSON path ("replay[12].payload.tileId") starts in text, which is valid JSON; when the path
** goes further than the file, the place of the deepest value it reaches (the object that lacks a
** key). Returns 0, or 1 when not even the first step is there (line and column left 0). */
int jcz_locate(const char *text, size_t len, const char *jpath, int *line, int *column);
/* Fills d with the file, the place of jpath and "JPATH (TYPE): message" (" (TYPE)" when type is
** not NULL: the message type of a replay message). Returns 1. */
int jcz_error(const jcz_src *src, mp_diag *d, const char *jpath, const char *type, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* jcz-setup.c */
enum { JCZ_BRIDGE = 1, JCZ_CASTLE = 2, JCZ_BAZAAR = 4, JCZ_TRADERS = 8, JCZ_BUILDER = 16 };
enum { JCZ_BCB_MODULES = JCZ_BRIDGE | JCZ_CASTLE | JCZ_BAZAAR, JCZ_TB_MODULES = JCZ_TRADERS | JCZ_BUILDER };
/* Traders & Builders' elements that count figures (a player's builders, pigs); the builder's is
** also the builder module's word for JCloisterZone, and the pieces' meeple types are the same words
** (their aliases in c3-tb). */
#define JCZ_BUILDER_ELEMENT "builder"
#define JCZ_PIG_ELEMENT "pig"
/* The element of The River, which the client writes beside its set river/1:1; the river module's
** word for JCloisterZone (mp_module_find_alias). */
#define JCZ_RIVER_ELEMENT "river"
/* The bit of a JCloisterZone element that turns a module on (JCZ_BRIDGE...), 0 for any other word. */
unsigned jcz_element_bit(const char *key);
/* What a JCloisterZone setup turns on, as meeple reads it (and `meeple export` writes it). */
typedef struct jcz_options {
    bool bcb_tiles;           /* the set bridges-castles-and-bazaars:1 */
    bool farmers;             /* the element farmers */
    bool small_city;          /* the rule tiny-city-scoring "2" */
    unsigned modules;         /* the elements bridge, castle, bazaar (JCZ_BRIDGE...) */
    bool auction;             /* false: the rule bazaar-no-auction */
    int followers;            /* the element small-follower */
    int big;                  /* the element big-follower: large followers each (strength 2), 0 none */
    bool solo;                /* one player (the file's players) */
    bool river;               /* the set river/1:1: The River, as JCloisterZone plays it */
    bool ic_tiles;            /* the set inns-and-cathedrals:1 */
    bool tb_tiles;            /* the set traders-and-builders:1 */
    bool inn, cathedral;      /* the elements inn and cathedral (with inns-and-cathedrals:1 only) */
    bool ic_ignore;           /* the rule inn-and-cathedral-final-scoring "ignore" (with inn or cathedral) */
    int builder, pig;         /* the elements builder and pig: figures each (with traders-and-builders:1);
                              ** builder > 0 sets JCZ_BUILDER in modules, the element traders JCZ_TRADERS */
} jcz_options;
typedef struct jcz_setup {
    char base[32];            /* the shipped ruleset: c3, c3-nofarmers, bcb, c3-ic, c3-ic-ignore, c3-tb or c3-ic-tb */
    char name[64];            /* the ruleset's name: base itself, or the generated one's */
    char summary[256];        /* in words */
    char yaml[8192];          /* the generated ruleset; "" when base fits as it is */
    bool no_auction;          /* bazaar-no-auction: bazaars without auction */
} jcz_setup;
/* The options of a setup with nothing on: 7 followers, the auction on. */
void jcz_options_default(jcz_options *o);
/* Reads setup (sets, elements, rules) and the number of players; refuses by name what it cannot
** map. */
int jcz_read_setup(const jcz_src *src, const json_t *root, jcz_options *o, mp_diag *d);
/* The ruleset the options map to (the one table of both directions). */
void jcz_options_ruleset(const jcz_options *o, jcz_setup *s);
/* jcz.c: loads the ruleset of a setup: a shipped one by name, or the generated one from a file in
** a new temporary directory (removed at once: the ruleset stays loaded). */
int jcz_setup_load(const jcz_setup *st, mp_ruleset **rs, mp_diag *d);
/* setup {sets, elements, rules} as JCloisterZone writes them (a new reference). */
json_t *jcz_options_json(const jcz_options *o);
/* Checks setup.start against the ruleset's start tile (BA/RCr at 0,0, rotation 0). */
int jcz_check_start(const jcz_src *src, const json_t *root, const mp_ruleset *rs, mp_diag *d);
/* The players, in seat order (index 0 moves first). */
int jcz_read_players(const jcz_src *src, const json_t *root, const mp_ruleset *rs, jcz_import *j, mp_diag *d);

/* jcz.c */
/* A typed member, with a located diagnostic when it is missing or of another type. */
int jcz_member(const jcz_src *src, const json_t *obj, const char *jpath, const char *key, const char *type,
               json_type want, const json_t **out, mp_diag *d);
/* A growing string. */
typedef struct jcz_sbuf { char *s; size_t n, cap; } jcz_sbuf;
void jcz_sb_add(jcz_sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* jcz-match.c */
/* The setup whose ruleset (as meeple import maps it) has rs's content hash, for a game of n_players
** with this many followers each: 0 with *o set, or 1 with d's message saying in which rules rs
** differs from the nearest setup (d's file and place left to the caller). */
int jcz_match_ruleset(const mp_ruleset *rs, int n_players, int followers, jcz_options *o, mp_diag *d);

/* jcz-same.c: whether b (imported, played to gb under rb) is the same record as a (played to ga);
** 1 with d saying the first difference. */
int jcz_same_record(const char *path, const mp_record *a, const mp_game *ga, const mp_record *b, const mp_game *gb,
                    const mp_ruleset *rb, mp_diag *d);

/* jcz-replay.c */
typedef struct jcz_bazaar {           /* a bazaar under way, followed to learn who got which tile */
    bool on;
    int active, n_open, at;       /* its player, tiles turned up, placement index of its tile */
    int first;                    /* the index in the order of the first tile it turned up */
    int got[MP_MAX_PLAYERS];      /* the index of the tile each player got, -1 none */
    int chosen, selector, high;
} jcz_bazaar;

/* The replay being played (jcz-replay.c). */
typedef struct jcz_sim {
    const jcz_src *src;
    const json_t *replay;
    const mp_ruleset *rs;
    const mp_tileset *ts;
    mp_game *g;
    bool fixed;                   /* the order begins with the file's drawOrder: a tile not drawn is an error */
    int n_fixed;                  /* the entries of order that are drawOrder's; those after it (JCloisterZone
                                  ** drew them with its own generator) are learnt from the placements */
    int end_turn;
    char (*order)[64];            /* the tiles in the order the bag gives them (meeple ids) */
    int n_order;
    const int *placed;            /* the tile of each PLACE_TILE of the file, in order */
    int n_placed;
    int placements;               /* PLACE_TILE messages applied */
    int last_placer;
    bool turn_open;               /* a PLACE_TILE seen, its COMMIT not yet */
    bool deploy_open;             /* a PLACE_TILE seen, no DEPLOY_MEEPLE or pass for a follower yet */
    mp_game *before;              /* the game before the last action applied: when that action ran the
                                  ** scoring of a turn the file leaves open, the game JCloisterZone shows */
    unsigned actors;              /* seats that took an action in meeple's turn in progress (bit p) */
    jcz_bazaar bz;
    bool restart;                 /* the order was corrected: play again from the start */
    jcz_sbuf turn;
    int turn_first;               /* the message the turn in progress began with, -1 none */
    char **turns;
    int *turn_msg;
    int n_turns, cap_turns;
} jcz_sim;

/* Plays the whole replay once, with the tiles in s->order, into s->turns. Returns 0 (s->restart
** set when the tiles of a bazaar were found in another order: play again), or 1 with d filled. */
int jcz_play(jcz_sim *s, int n_players, mp_diag *d);
void jcz_sim_clear(jcz_sim *s);
/* The tile a JCloisterZone id names (v, a string at jpath). */
int jcz_tile(const jcz_sim *s, const json_t *v, const char *jpath, const char *type, int *tile, mp_diag *d);

#endif
