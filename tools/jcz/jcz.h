/*
** jcz.h: JCloisterZone saved games (.jcz) as meeple records (meeple-import(1)).
**
** jcz_import_file reads a .jcz file (JSON, read with jansson), maps its setup to a ruleset,
** translates every message of its replay into meeple's notation while playing it, and gives back
** the game as a record, checked by replaying it. replay, score and compare take a .jcz file
** where they take a record: they import it on the fly (jcz_sniff says which files are games of
** JCloisterZone).
*/
#ifndef MP_TOOLS_JCZ_H
#define MP_TOOLS_JCZ_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "cmd.h"

/* JCloisterZone's id of a tile is the tile's alias in the namespace "jcz" (`aliases: {jcz: BA/RCr}`,
** meeple-tileset(5)): the one place the importer and the exporter name the namespace. jcz_tile_id
** gives "" for a tile without one, jcz_find_tile -1 for an id no tile has. */
#define JCZ_ALIAS_NAMESPACE "jcz"
/* The modules' words for JCloisterZone (mp_alias, meeple-modules(7), ALIASES): in "jcz" a module's
** setup element and a decision's message type; the token a decision places, the value of its
** message, the action JCloisterZone offers for it, the phase a module's decisions are taken in. */
#define JCZ_TOKEN_NAMESPACE "jcz-token"
#define JCZ_VALUE_NAMESPACE "jcz-value"
#define JCZ_OFFER_NAMESPACE "jcz-offer"
#define JCZ_PHASE_NAMESPACE "jcz-phase"
static inline const char *jcz_tile_id(const mp_tileset *ts, int tile) {
    return mp_tileset_tile_alias(ts, tile, JCZ_ALIAS_NAMESPACE);
}
static inline int jcz_find_tile(const mp_tileset *ts, const char *id) {
    return mp_tileset_find_alias(ts, JCZ_ALIAS_NAMESPACE, id);
}

/* JCloisterZone's meeple type of a kind of piece, the TYPE of its meeple ids SEAT.TYPE.N
** (meeple-ruleset(5), PIECES): the piece's alias in "jcz" (`aliases: {jcz: big}`), and for the
** ordinary follower "small" unless another piece has that alias. jcz_find_piece: the piece of a
** type, -1 none; jcz_piece_type: the type of a piece, NULL when JCloisterZone has no name for it
** (or two pieces share it). */
#define JCZ_SMALL_FOLLOWER "small"
#define JCZ_BIG_FOLLOWER "big"       /* the large follower of the setup's big-follower (jcz-setup.c) */
static inline int jcz_find_piece(const mp_ruleset *rs, const char *type) {
    int k = mp_ruleset_find_piece_alias(rs, JCZ_ALIAS_NAMESPACE, type);
    return k >= 0 ? k : strcmp(type, JCZ_SMALL_FOLLOWER) ? -1 : 0;
}
static inline const char *jcz_piece_type(const mp_ruleset *rs, int piece) {
    const char *t = piece == 0 ? JCZ_SMALL_FOLLOWER : mp_ruleset_piece_alias(rs, piece, JCZ_ALIAS_NAMESPACE);
    return t && t[0] && jcz_find_piece(rs, t) == piece ? t : NULL;
}

typedef struct jcz_import {
    char path[512];                   /* the .jcz file */
    char *text;                       /* its content, for positions in diagnostics */
    size_t len;
    char ruleset[64];                 /* the ruleset's name: a shipped one, or the generated one's */
    char base[32];                    /* the shipped ruleset it is or extends */
    char summary[256];                /* the setup in words */
    char *rules_yaml;                 /* the generated ruleset; NULL when a shipped ruleset fits */
    char rules_file[512];             /* where the generated ruleset was written ("" if not kept) */
    mp_ruleset *rs;                   /* the ruleset, loaded */
    mp_record *rec;                   /* the game as a record */
    mp_game *g;                       /* the record replayed: the game as the file leaves it */
    int n_players;
    char names[MP_MAX_PLAYERS][64];
    int n_messages;                   /* messages in replay[] */
    int n_turns;
    int *turn_msg;                    /* per turn of the record: the index of its first message */
    int end_turn;                     /* gameAnnotations.endTurn, -1 none */
    bool unfinished;                  /* the file ends inside a turn, which the record leaves out */
    /* The game as the importer played it, the file's unfinished turn included: what the test
    ** assertions see (jcz-view.c). */
    mp_game *live;
    mp_game *before;                  /* live before its last action, NULL none (see turn_open) */
    bool turn_open;                   /* the file ends after a PLACE_TILE, before its COMMIT */
    int turn_player;                  /* the seat that placed the file's last tile */
    unsigned actors;                  /* seats that acted in meeple's turn in progress (bit p) */
    bool no_auction;                  /* setup.rules.bazaar-no-auction */
    int n_assertions;                 /* test.assertions */
    char **assertions;
} jcz_import;

/* Whether path is a JCloisterZone game: its name ends in .jcz (in any case), or it holds a JSON
** object with "setup" and "replay". jcz_sniff_text: the same of a file's text already read (len
** bytes), name standing for the file. */
bool jcz_sniff(const char *path);
bool jcz_sniff_text(const char *name, const char *text, size_t len);

/* Imports path. rules_path: where to write the generated ruleset, which the record then names by
** its absolute path; NULL to load it from a temporary file that is removed at once. Returns 0, or
** 1 with d filled ("file:line:column: replay[12].payload.tileId (PLACE_TILE): ..."). */
int jcz_import_file(const char *path, const char *rules_path, jcz_import *out, mp_diag *d);
/* The same for a file's text already read (NUL-terminated, len bytes before the NUL; the import
** takes it over and frees it); path names it in diagnostics. */
int jcz_import_text(const char *path, char *text, size_t len, const char *rules_path, jcz_import *j, mp_diag *d);
void jcz_import_free(jcz_import *j);

/* A record written as a JCloisterZone game (meeple-export(1)). */
#define JCZ_APP_VERSION "5.10.0"      /* the JCloisterZone version whose format is written */
typedef struct jcz_export {
    char *text;                       /* the .jcz file's content (JSON) */
    size_t len;
    char ruleset[64];                 /* the record's ruleset */
    char setup[256];                  /* the JCloisterZone setup it is, in words */
    int n_messages, n_turns, n_drawn; /* messages in replay[], the record's turns, tiles drawn */
    int end_turn;                     /* gameAnnotations.endTurn, -1 none */
    bool over;
} jcz_export;
/* Writes the record as a JCloisterZone game, its ruleset rs the record's own (hash checked by the
** caller); path names the record in diagnostics. Returns 0, or 1 with d filled: a ruleset that
** cannot be written, with the rules in which it differs from every JCloisterZone setup. */
int jcz_export_record(const char *path, const mp_record *rec, const mp_ruleset *rs, jcz_export *x, mp_diag *d);
/* Imports x's text back and checks that it gives the same record as rec, replayed to g (the
** fields that must agree: jcz-same.c). Returns 0, or 1 with d saying what differs. */
int jcz_export_check(const char *path, const jcz_export *x, const mp_record *rec, const mp_game *g, mp_diag *d);
void jcz_export_free(jcz_export *x);

/* The line and column of a JSON path in the imported file ("test.assertions[2]"), 0 unknown. */
void jcz_where(const jcz_import *j, const char *jpath, int *line, int *column);
/* Puts a diagnostic of replaying the imported record ("turn N: ...") at its place in the .jcz
** file: the first message of that turn. */
void jcz_locate_turn(const jcz_import *j, mp_diag *d);

/* test.assertions, read as JCloisterZone's test runner reads them (jcz-assert.c). */
typedef enum jcz_verdict { JCZ_PASSED, JCZ_FAILED, JCZ_NOT_UNDERSTOOD } jcz_verdict;
typedef struct jcz_check {
    const char *text;                 /* the assertion */
    jcz_verdict verdict;
    char detail[400];                 /* what the game shows, or why the assertion is not understood */
} jcz_check;
/* Checks every assertion of the import against the game as JCloisterZone shows it where the file
** ends (jcz-view.h), checks[k] for j->assertions[k] (names: the players, in seat order). */
void jcz_check_assertions(const jcz_import *j, const char *const *names, jcz_check *checks);
const char *jcz_verdict_name(jcz_verdict v);

#endif
