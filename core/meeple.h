/*
** meeple.h: the public API of libmeeple, a kernel for the rules of Carcassonne and its variants.
**
** Everything a front end (the meeple command, a bot, a test) needs: load a ruleset, start a
** game, ask for the legal actions of the current phase, apply one action at a time, read the
** scores. The structures behind the handles are private (core/internal.h). The core never
** prints: failing functions return non-zero and fill an mp_diag. meeple(3) describes the library
** as a whole, with an example program; build with `pkg-config --cflags --libs meeple`.
**
** Out of memory: the library calls abort() when an allocation fails (malloc, calloc, realloc,
** anywhere: loading, setting up, copying, searching, recording). No function returns NULL or an
** error for lack of memory, so a NULL from a constructor (mp_ruleset_load, mp_game_new,
** mp_bot_new, ...) always means bad input, with the mp_diag saying what. A game in play allocates
** nothing but its scoring log (mp_game_options.log_events): playing cannot run out; bots (the
** mcts search tree), records and loads do allocate.
*/
#ifndef MEEPLE_H
#define MEEPLE_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define MP_API __attribute__((visibility("default")))
#else
#define MP_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ version
**
** The version of meeple.h a program is compiled against (configure.ac's AC_INIT version: the build
** of the library stops when they differ, core/version.c), and mp_version(), the version of the
** library it runs with ("0.1.0"). */
#define MP_VERSION_MAJOR 0
#define MP_VERSION_MINOR 1
#define MP_VERSION_PATCH 0
#define MP_VERSION_STRING "0.1.0"
MP_API const char *mp_version(void);

/* ------------------------------------------------------------------ threads
**
** Shared: a loaded mp_ruleset, and the mp_tileset it gives (mp_ruleset_tiles), are read-only once
** mp_ruleset_load returns: any number of threads may start games from one at once (mp_game_new,
** mp_bots_play, mp_record_replay), with bots of their own, and list, parse and format actions.
** Free it (mp_ruleset_free) only once no thread uses it or a game of it.
** Not shared: an mp_game, an mp_bot, an mp_record, an mp_lint are each used by one thread at a
** time (a function that takes one const only reads it, but another thread may be changing it);
** different ones on different threads at once are fine. Hand one to another thread with the
** usual synchronisation (pthread_join, a mutex).
** Nothing hidden breaks this: each game and each bot has its own random generator, no call keeps
** a static buffer or changes the locale or the umask, and each reports its problems in the mp_diag
** it is given (one for each thread). The only state of the process the library sets is set once
** and then only read: the placement list's SIMD path (an atomic, at the first list: MEEPLE_SIMD
** in meeple(1)) and the notation's compiled patterns (pthread_once, at the first parse). Records
** may be saved by several threads at once, each to a file of its own. Build threaded programs
** with -pthread. tests/test_threads.c checks all this; meeple-bots(7), "Threads".
*/

/* ------------------------------------------------------------------ diagnostics */

/* One diagnostic: "file:line:column: message". Lines and columns count from 1; 0 = unknown. */
typedef struct mp_diag {
    char file[512];     /* the file (or "<stdin>", "<options>") the problem is in */
    int line;           /* 1-based line, 0 when not known */
    int column;         /* 1-based column, 0 when not known */
    char message[512];  /* lowercase, no full stop: the problem first, then "; expected ..." */
} mp_diag;

/* Writes "file:line:column: message" (parts that are unknown left out) into buf. */
MP_API void mp_diag_format(const mp_diag *d, char *buf, size_t size);

/* The one way to fill a diagnostic: its file (NULL: ""), line and column (0: unknown) and the
** message from fmt. mp_diag_column sets only the column and the message, leaving the file and the
** line as the caller set them (a token in a line the caller is reading: notation, a module's
** arguments). Both do nothing with a NULL d, and return 1, for `return mp_diag_set(...);` where a
** failure returns 1. */
#if defined(__GNUC__)
#define MP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define MP_PRINTF(f, a)
#endif
MP_API int mp_diag_set(mp_diag *d, const char *file, int line, int column, const char *fmt, ...) MP_PRINTF(5, 6);
MP_API int mp_diag_column(mp_diag *d, int column, const char *fmt, ...) MP_PRINTF(3, 4);

/* Input quoted in a message: control characters and bytes that are not UTF-8 escaped (\n, \t,
** \r, else \xNN), and cut after MP_QUOTE_CHARS characters (an escape counts as one) with "...",
** so that a message stays one readable line whatever it quotes. Writes the len bytes at s (or the
** string s) into buf, which MP_QUOTE_SIZE bytes always hold, and returns buf. */
#define MP_QUOTE_CHARS 60
#define MP_QUOTE_SIZE (4 * MP_QUOTE_CHARS + 4)
MP_API const char *mp_quote_n(const char *s, size_t len, char *buf, size_t size);
MP_API const char *mp_quote(const char *s, char *buf, size_t size);

/* ------------------------------------------------------------------ rulesets and tile sets */

typedef struct mp_ruleset mp_ruleset;
typedef struct mp_tileset mp_tileset;

/* Loads a ruleset by path (contains '/' or ends in .yaml) or by name, searched in each directory
** of the NULL-terminated list dirs (NAME.yaml). Resolves `extends:` and loads the tile sets it
** names. Returns NULL and fills d on any error. */
MP_API mp_ruleset *mp_ruleset_load(const char *name_or_path, const char *const *dirs, mp_diag *d);
/* The same from the text of a ruleset file in memory: `name` stands for the file in diagnostics
** and is where what it names (extends:, tiles:) is looked for first, then in dirs. */
MP_API mp_ruleset *mp_ruleset_parse(const char *name, const char *text, size_t len, const char *const *dirs,
                                    mp_diag *d);
/* The default search path, NULL-terminated, for dirs above: each directory of the environment
** variable MEEPLE_RULESETS (colon-separated), then the installed rulesets (pkgdatadir/rulesets,
** "/usr/local/share/meeple/rulesets" with the default prefix), then the rulesets of the source
** tree the library was built from (so that a build not installed plays). Read once per process, at the first
** call; valid until the process ends; threads may call it at once. */
MP_API const char *const *mp_ruleset_default_dirs(void);

/* Rulesets from anywhere: a resolver supplies the text of every file a load needs, the ruleset
** named first, every ruleset of its `extends:` chain and every tile set of `tiles:`; no file is
** read and no directory searched. what says which is asked for (a ruleset or a tile set), name
** is the name as written (the name given to mp_ruleset_resolve, `extends: c3`'s "c3",
** `tiles: [tiles/base.yaml]`'s "tiles/base.yaml"). It returns 0 with *text and *len set, or
** non-zero when it has no such file. The text stays the resolver's: it must stay valid until the
** load returns (the library copies what it keeps). Diagnostics name the file by that name
** ("c3:12:5: ..."), and mp_ruleset_path gives the first one's. A ruleset resolved so has the
** same mp_ruleset_hash as the same files loaded from a directory. */
typedef enum mp_file_kind { MP_FILE_RULESET = 0, MP_FILE_TILES } mp_file_kind;
typedef int (*mp_resolver)(void *arg, mp_file_kind what, const char *name, const char **text, size_t *len);
MP_API mp_ruleset *mp_ruleset_resolve(const char *name, mp_resolver resolve, void *arg, mp_diag *d);
MP_API void mp_ruleset_free(mp_ruleset *rs);
MP_API const char *mp_ruleset_name(const mp_ruleset *rs);
MP_API const char *mp_ruleset_description(const mp_ruleset *rs);
MP_API const char *mp_ruleset_path(const mp_ruleset *rs);
/* Content hash (16 hex digits) of the resolved ruleset and its tile sets: records carry it. */
MP_API const char *mp_ruleset_hash(const mp_ruleset *rs);
/* The weights file of the learned evaluation in use (meeple-weights(5)), NULL when none: the one
** beside the ruleset's file (NAME.weights) trained for its hash, or one given by
** mp_ruleset_load_weights, which fails (1, d filled) on a file that does not read or was trained
** for another hash. */
MP_API const char *mp_ruleset_weights(const mp_ruleset *rs);
MP_API int mp_ruleset_load_weights(mp_ruleset *rs, const char *path, mp_diag *d);
MP_API int mp_ruleset_min_players(const mp_ruleset *rs);
MP_API int mp_ruleset_max_players(const mp_ruleset *rs);
MP_API const mp_tileset *mp_ruleset_tiles(const mp_ruleset *rs);
/* A kind's scoring formula as the ruleset gives it (meeple-ruleset(5), SCORING): fixed + per_tile
** * tiles + the sum of per_icon[i] * (icons i on the feature), times multiply_by when the feature
** carries an icon multiply_icon (-1: none). complete non-zero: the formula of a completed feature,
** else that of a feature still incomplete at the end. The small-city rule's formula and a marker's
** `with:` formulas are not asked for here. 0 with *out filled, -1 for a bad kind (or NULL out). */
typedef struct mp_kind_points {
    int fixed;
    int per_tile;
    int per_icon[8];          /* by the tile set's icon index (mp_tileset_icon_name) */
    int multiply_icon;
    int multiply_by;
} mp_kind_points;
MP_API int mp_ruleset_kind_points(const mp_ruleset *rs, int kind, int complete, mp_kind_points *out);
/* The score category farms score in ("farm" in the shipped rulesets). */
MP_API const char *mp_ruleset_farm_category(const mp_ruleset *rs);
/* The modules the ruleset turns on, in hook order: how many, and the i-th one's name and
** one-line summary (NULL when i is out of range). */
MP_API int mp_ruleset_n_modules(const mp_ruleset *rs);
MP_API const char *mp_ruleset_module_name(const mp_ruleset *rs, int i);
MP_API const char *mp_ruleset_module_summary(const mp_ruleset *rs, int i);
/* A word another program has for a module or a kind of its decisions, in a namespace ("jcz":
** JCloisterZone's setup element, message type, token...), declared with the module as tile
** aliases are with tiles (meeple-tileset(5)); the namespaces and words: meeple-modules(7). A table
** of them ends with a NULL ns. */
typedef struct mp_alias { const char *ns, *word; } mp_alias;
/* The word of namespace ns in a table of aliases (NULL: an empty one); NULL when it has none. */
MP_API const char *mp_alias_word(const mp_alias *table, const char *ns);
/* The i-th module's word in namespace ns, NULL when it has none (or i is out of range); the index
** of the module whose word in ns is `word`, -1 none. */
MP_API const char *mp_ruleset_module_alias(const mp_ruleset *rs, int i, const char *ns);
MP_API int mp_ruleset_module_find_alias(const mp_ruleset *rs, const char *ns, const char *word);
/* The name of the compiled-in module whose word in ns is `word` (for a program writing a ruleset:
** the module JCloisterZone's element turns on), NULL none. */
MP_API const char *mp_module_find_alias(const char *ns, const char *word);

/* The kinds of piece each player has (meeple-ruleset(5), PIECES): piece 0 is the ordinary
** follower (`followers:`), then those of `pieces:` in the order written (a large follower, a
** builder, a pig). A follower (strength at least 1) goes only on a feature nobody occupies and
** counts its strength in majorities; a piece that is no follower (strength 0) joins a feature
** where its owner has a follower and never counts. kinds: bit k, the kinds it may stand on. */
typedef struct mp_piece_info {
    const char *name;       /* "follower", "large", "builder": in notation +N:large (piece 0: +N) */
    char letter;            /* its mark on the text board and in pictures (piece 0: 0, the seat's mark) */
    int count;              /* how many each player has */
    int strength;           /* what it counts in a majority; 0 for a piece that is no follower */
    int follower;           /* strength > 0 */
    unsigned kinds;
} mp_piece_info;
MP_API int mp_ruleset_n_pieces(const mp_ruleset *rs);
/* 0 with *out filled, -1 for a bad index. */
MP_API int mp_ruleset_piece(const mp_ruleset *rs, int piece, mp_piece_info *out);
MP_API int mp_ruleset_find_piece(const mp_ruleset *rs, const char *name);   /* -1 if none */
/* A piece's name in another program (namespace ns: "jcz" gives JCloisterZone's meeple type, "big"),
** "" if none; and the piece with that alias, -1 if none. */
MP_API const char *mp_ruleset_piece_alias(const mp_ruleset *rs, int piece, const char *ns);
MP_API int mp_ruleset_find_piece_alias(const mp_ruleset *rs, const char *ns, const char *id);
/* Seat `seat`'s colour by the ruleset (`colours:`, meeple-ruleset(5), COLOURS: blue, red, yellow,
** green, black, purple, orange, pink by default), and in *rgb (when not NULL) how pictures draw it
** ("#2b63c9"). mp_colour_rgb: a colour's "#rrggbb" by its name, NULL for a name it does not know. */
MP_API const char *mp_ruleset_colour(const mp_ruleset *rs, int seat, const char **rgb);
MP_API const char *mp_colour_rgb(const char *name);

/* One rule in which two rulesets differ, in words: "farm method: city-4 vs farm-3". */
typedef struct mp_rule_diff {
    char rule[64];          /* what the rule is about */
    char a[160], b[160];    /* its value in each ruleset */
    char category[32];      /* the score category it can change ("farm", "city", ...), "" any */
} mp_rule_diff;
/* Writes at most cap differences between a and b; returns how many there are. */
MP_API int mp_ruleset_diff(const mp_ruleset *a, const mp_ruleset *b, mp_rule_diff *out, int cap);

/* ------------------------------------------------------------------ lint */

/* Every problem found in tile sets and rulesets: errors and warnings, each a diagnostic. */
typedef struct mp_lint mp_lint;
typedef struct mp_lint_item { mp_diag d; int warning; } mp_lint_item;
MP_API mp_lint *mp_lint_new(void);
MP_API void mp_lint_free(mp_lint *l);
/* Checks one file, a tile set (it has `kinds:`) or a ruleset (found with dirs for `extends:`),
** adding what it finds, sorted by position; returns how many it added. */
MP_API int mp_lint_file(mp_lint *l, const char *path, const char *const *dirs);
/* The same from the text of a file in memory, `name` standing for the file. */
MP_API int mp_lint_text(mp_lint *l, const char *name, const char *text, size_t len, const char *const *dirs);
MP_API int mp_lint_count(const mp_lint *l);
MP_API int mp_lint_errors(const mp_lint *l);
MP_API const mp_lint_item *mp_lint_at(const mp_lint *l, int i);

/* Loads one tile-set file on its own (for checking it). */
MP_API mp_tileset *mp_tileset_load(const char *path, mp_diag *d);
/* The same from the text of a tile-set file in memory, `name` standing for the file. */
MP_API mp_tileset *mp_tileset_parse(const char *name, const char *text, size_t len, mp_diag *d);
MP_API void mp_tileset_free(mp_tileset *ts);
MP_API int mp_tileset_n_tiles(const mp_tileset *ts);          /* distinct tile kinds */
MP_API int mp_tileset_total(const mp_tileset *ts);            /* tiles counting copies */
MP_API const char *mp_tileset_tile_id(const mp_tileset *ts, int tile);
MP_API int mp_tileset_tile_count(const mp_tileset *ts, int tile);
MP_API int mp_tileset_find(const mp_tileset *ts, const char *id); /* -1 if none */
/* A tile's alias in namespace ns: another program's id for it (`aliases:`, meeple-tileset(5); each
** namespace and id once in a ruleset's tile sets), "" if none; and the tile with that alias, -1 if none. */
MP_API const char *mp_tileset_tile_alias(const mp_tileset *ts, int tile, const char *ns);
MP_API int mp_tileset_find_alias(const mp_tileset *ts, const char *ns, const char *id);
/* What a tile set declares, for drawing and statistics. */
MP_API int mp_tileset_n_kinds(const mp_tileset *ts);
MP_API const char *mp_tileset_kind_name(const mp_tileset *ts, int kind);
MP_API char mp_tileset_kind_letter(const mp_tileset *ts, int kind);
/* The role of a follower on the kind (its `follower:`: "knight", "farmer"), "" when none may stand on it. */
MP_API const char *mp_tileset_kind_follower(const mp_tileset *ts, int kind);
/* How a kind meets sides: bit 1 whole sides, 2 side middles, 4 half-sides, 8 none (inside). */
MP_API int mp_tileset_kind_covers(const mp_tileset *ts, int kind);
MP_API int mp_tileset_n_icons(const mp_tileset *ts);
MP_API const char *mp_tileset_icon_name(const mp_tileset *ts, int icon);
MP_API int mp_tileset_n_markers(const mp_tileset *ts);
MP_API const char *mp_tileset_marker_name(const mp_tileset *ts, int marker);
/* A tile's markers (bit m: marker m), whether one copy is the start tile, whether it is a fixed
** piece of a board. */
MP_API unsigned mp_tileset_tile_markers(const mp_tileset *ts, int tile);
MP_API int mp_tileset_tile_is_start(const mp_tileset *ts, int tile);
MP_API int mp_tileset_tile_is_fixed(const mp_tileset *ts, int tile);
/* The tile-set files the tiles were read from, in the order they were loaded (a ruleset's
** `tiles:` list; one file for mp_tileset_load): how many, the i-th as it was found (the path
** beside the ruleset or in a search directory; a resolver's name for a ruleset resolved so), NULL
** for a bad index; and the index of the file that wrote a tile, -1 for a bad tile. */
MP_API int mp_tileset_n_files(const mp_tileset *ts);
MP_API const char *mp_tileset_file(const mp_tileset *ts, int i);
MP_API int mp_tileset_tile_file(const mp_tileset *ts, int tile);
/* How many different pictures the four rotations of a tile give: 1 (every rotation looks alike,
** as a cloister with fields all round), 2 (a straight road) or 4; rotation r looks like rotation
** r mod that number, and mp_game_legal lists only rotations below it. 0 for a bad index. */
MP_API int mp_tileset_tile_rotations(const mp_tileset *ts, int tile);

/* One feature of a tile as defined (rotation 0). */
typedef struct mp_feature_def {
    int kind;                 /* kind index */
    unsigned ports;           /* bit p: covers port p (0 = Nw ... 11 = Wn), at rotation 0 */
    unsigned touches;         /* bit f: borders feature f of the tile (a field's cities) */
    unsigned markers;         /* bit m: carries marker m */
    int icons[8];             /* count of each icon */
    int shape;                /* 0 none, 1 cap, 2 triangle, 3 irregular */
} mp_feature_def;
MP_API int mp_tileset_tile_n_features(const mp_tileset *ts, int tile);
MP_API int mp_tileset_feature(const mp_tileset *ts, int tile, int feature, mp_feature_def *out);

/* Edge letter at a port (0 = Nw ... 11 = Wn) of a tile turned rot quarter turns, ' ' if none;
** the letter of a feature inside the tile (a cloister), ' ' if none. For drawing. */
MP_API char mp_tileset_port_letter(const mp_tileset *ts, int tile, int rot, int port);
MP_API char mp_tileset_inner_letter(const mp_tileset *ts, int tile);

/* ------------------------------------------------------------------ games */

typedef struct mp_game mp_game;

#define MP_MAX_PLAYERS 8

typedef struct mp_game_options {
    int n_players;      /* within the ruleset's range */
    uint64_t seed;      /* decides the draw order and the first player */
    int first_player;   /* seat that moves first; -1: drawn from the seed */
    int log_events;     /* keep the scoring log (mp_game_event); off, nothing is kept or copied */
} mp_game_options;

/* Phases in which somebody must decide, and the two in which nobody does (SETUP, OVER). Drawing,
** scoring and the end of a turn run by themselves between decisions (ARCHITECTURE.md, "A turn"). */
typedef enum mp_phase {
    MP_PHASE_PLACE = 0,   /* place the drawn tile */
    MP_PHASE_DEPLOY,      /* deploy a follower on the tile just placed, or pass */
    MP_PHASE_MODULE,     /* a decision a module asked for (see mp_game_module_phase) */
    MP_PHASE_OVER,        /* final scoring done */
    MP_PHASE_SETUP        /* built by mp_game_new, not started: nobody decides until mp_game_start
                          ** (last, so that the other phases keep their numbers) */
} mp_phase;

typedef enum mp_action_kind {
    MP_ACT_PLACE = 1,     /* tile, x, y, rot */
    MP_ACT_DEPLOY,        /* piece, feature: which piece goes on which feature of the tile just placed */
    MP_ACT_PASS,          /* decline the optional action of this phase */
    MP_ACT_MODULE        /* module, code, arg[]: defined by the module */
} mp_action_kind;

typedef struct mp_action {
    uint8_t kind;        /* mp_action_kind */
    uint8_t rot;         /* clockwise quarter turns, 0..3 */
    uint8_t feature;     /* feature index on the tile (deploy), or a module's choice */
    uint8_t module;      /* index of the module in the ruleset (MP_ACT_MODULE, or extras) */
    int16_t tile;        /* tile kind index in the ruleset's tile set */
    int16_t x, y;        /* cell; x grows east, y grows south; the start tile is at 0,0 */
    uint8_t piece;       /* deploy: the kind of piece (mp_ruleset_piece; 0, the ordinary follower) */
    int32_t code;        /* module-defined action code */
    int32_t arg[3];      /* module-defined arguments */
} mp_action;

/* Builds a game: the ruleset's fixed pieces and start tile on the board, the bag shuffled, the
** first player drawn, each module's setup run. NULL, with d filled, on a bad number of players or
** a module that refuses its setup. The game is left in MP_PHASE_SETUP: nothing is drawn yet,
** mp_game_legal lists nothing, mp_game_apply and the position-building calls below refuse, while
** the queries (the board, the bag, the scores, mp_game_current_player: the first player),
** mp_game_check, mp_game_clone and mp_game_copy work as at any time. */
MP_API mp_game *mp_game_new(const mp_ruleset *rs, const mp_game_options *opt, mp_diag *d);
/* Begins play in a game in MP_PHASE_SETUP: the first tile is drawn (one that fits nowhere is
** discarded or returned, as the ruleset says) and the game waits for the first decision, or is
** over if nothing can be placed. Nothing in between (queries, copies, checks) changes the game:
** a seed gives one game.
** 0, or 1 with d filled when the game has started already. */
MP_API int mp_game_start(mp_game *g, mp_diag *d);
MP_API mp_game *mp_game_clone(const mp_game *g);
/* Makes dst a copy of src, reusing dst's memory: dst must be a game of the same ruleset and
** number of players (a clone of src, or of a game it was cloned from). 0, or 1 when they differ.
** A search copies one position thousands of times a decision: this is its inner loop, and it
** moves only what src and dst use (early in a game, a third of the state). */
MP_API int mp_game_copy(mp_game *dst, const mp_game *src);
/* What seat `player` does not know, dealt anew: one sample of the hidden information consistent
** with what the seat has seen. The tiles still in the bag and in the other seats' hands (with the
** ruleset's `hand:`) are pooled, put in a canonical order (by tile) and shuffled with a generator
** seeded by `seed`, and go back into the same places; the game's own generator is reseeded from
** `seed` (the future it would decide is hidden too); each module deals anew what it keeps face down
** (The Castle's wall tiles on the track). The result depends only on what the seat can see and on
** seed, never on the real order: a search that plays on such a copy (meeple-bots(7)) cannot peek. */
MP_API void mp_game_determinize(mp_game *g, int player, uint64_t seed);
MP_API void mp_game_free(mp_game *g);

/* Makes the next draws come in this order (tile ids), ahead of the seeded order. Only in
** MP_PHASE_PLACE: the drawn tile goes back to the bag, the named tiles move to the front of it,
** and the first is drawn as a real draw (a tile that fits nowhere is discarded, or returned,
** as the ruleset says, and the next one drawn). For building positions and replaying records.
** Fails on an unknown id or a tile no longer in the bag. */
MP_API int mp_game_set_draws(mp_game *g, const char *const *ids, int n, mp_diag *d);

/* Makes seat p the one whose turn it is (only in MP_PHASE_PLACE): the tile drawn for the other
** seat goes back to the bag and p draws. For building positions. */
MP_API int mp_game_set_player(mp_game *g, int p, mp_diag *d);
/* Sets seat p's score (only in MP_PHASE_PLACE), as if earlier turns had scored it, in no
** category. For building positions (a marker just short of a tower space on The Castle's track). */
MP_API int mp_game_set_score(mp_game *g, int p, int score, mp_diag *d);
/* Ends the game now, as if the bag were empty: the drawn tile goes back, final scoring runs
** (only in MP_PHASE_PLACE). For building positions and for records that end early. */
MP_API int mp_game_end_now(mp_game *g, mp_diag *d);

/* The legal actions of the current phase, at most cap of them written to out; returns how many
** there are (call with cap 0 to count). */
MP_API int mp_game_legal(const mp_game *g, mp_action *out, int cap);
/* Applies one action; returns 0, or non-zero with d filled when the action is not legal. */
MP_API int mp_game_apply(mp_game *g, const mp_action *a, mp_diag *d);

MP_API mp_phase mp_game_phase(const mp_game *g);
/* In MP_PHASE_MODULE: the index (in the ruleset's modules) of the module whose decision it is;
** -1 in any other phase. */
MP_API int mp_game_module_phase(const mp_game *g);
MP_API int mp_game_n_players(const mp_game *g);
MP_API int mp_game_current_player(const mp_game *g);
MP_API int mp_game_drawn_tile(const mp_game *g);     /* tile kind to place (the first of the hand), -1 none */
/* The tiles a player holds (one, unless the ruleset's `hand:` says more); returns how many. */
MP_API int mp_game_hand(const mp_game *g, int player, int *out, int cap);
MP_API int mp_game_tiles_left(const mp_game *g);     /* in the bag, not counting the drawn one */
/* What the unfinished features each seat holds may still bring it beyond their final-scoring
** points, for weighing a position: each feature's complete less incomplete points, times
** base^missing (the ports, or a cloister's cells, it lacks), to its majority holders; out[p] per seat. */
MP_API void mp_game_potential(const mp_game *g, double base, double *out);
/* The learned evaluation (meeple-weights(5)): each seat's features of a position (its followers,
** what its unfinished features would score now and would add if finished, ...), named by the
** ruleset's own kinds and categories; at most MP_EVAL_MAX of them, names under MP_EVAL_NAME bytes. */
enum { MP_EVAL_MAX = 96, MP_EVAL_NAME = 48, MP_EVAL_PHASES = 64 };
MP_API int mp_eval_n_features(const mp_game *g);
/* Feature f's name ("open.city", "finish.road.2") into buf; 0, or -1 for a bad index. */
MP_API int mp_eval_feature_name(const mp_game *g, int f, char *buf, size_t size);
/* How far the game is from its end: MP_EVAL_PHASES with the bag full, 0 with it empty. */
MP_API int mp_eval_phase(const mp_game *g);
/* Each seat p's features of the position g is in, into x[p * n + f] (n: mp_eval_n_features), and
** its score into before[p]; then ends g as mp_game_end_now does (their open.* features are what
** that final scoring adds). Only in MP_PHASE_PLACE: 0, or -1 (g unchanged). */
MP_API int mp_eval_features(mp_game *g, int *x, int *before);
/* The evaluation with the weights of the game's ruleset: NULL when it has none. Only read once made
** (threads may share one). mp_evaluate ends g and gives each seat's predicted final score in
** out[p]; 0, or -1 when g is not in MP_PHASE_PLACE. */
typedef struct mp_evaluator mp_evaluator;
MP_API mp_evaluator *mp_evaluator_new(const mp_game *g);
MP_API void mp_evaluator_free(mp_evaluator *e);
MP_API int mp_evaluate(const mp_evaluator *e, mp_game *g, double *out);
/* Copies of tile kind `tile` in the bag (not counting the drawn one), 0 for a bad index. */
MP_API int mp_game_bag_count(const mp_game *g, int tile);
MP_API int mp_game_turn(const mp_game *g);           /* number of tiles placed since setup */
/* The module (its index in the ruleset's modules, mp_ruleset_module_name) that gave the turn being
** played as an extra one (a bazaar's tile, a builder's second tile); -1 for a turn in the normal
** order, or an extra one the kernel gives (a hole filled). */
MP_API int mp_game_turn_module(const mp_game *g);
MP_API int mp_game_discarded(const mp_game *g);      /* tiles drawn that fitted nowhere */
/* Tiles that left the bag for good, in order (placed, or discarded as fitting nowhere): how many,
** and the i-th (its tile kind; *discarded set when it fitted nowhere). A tile a module took out
** of the bag (a bazaar's) comes in when it is placed or found to fit nowhere. */
MP_API int mp_game_n_drawn(const mp_game *g);
MP_API int mp_game_drawn_at(const mp_game *g, int i, int *discarded);
/* The tiles taken out of the bag so far in the order the bag gave them (drawn into a hand, or
** turned up by a module: a bazaar's, in the order of its open tiles), the tile in hand included:
** returns how many, writing at most cap tile kinds to out. A game whose bag gives these first
** (mp_game_set_draws) draws the same tiles. For writing the draw order of a game (meeple export). */
MP_API int mp_game_bag_taken(const mp_game *g, int *out, int cap);
/* The cell of the tile placed this turn; non-zero when none has been placed yet. */
MP_API int mp_game_last_placed(const mp_game *g, int *x, int *y);
MP_API const mp_ruleset *mp_game_ruleset(const mp_game *g);

MP_API int mp_game_score(const mp_game *g, int player);
/* Followers in the supply: of every kind of piece that is a follower (piece 0 alone, unless the
** ruleset declares more), and pieces of one kind. */
MP_API int mp_game_supply(const mp_game *g, int player);
MP_API int mp_game_piece_supply(const mp_game *g, int player, int piece);
MP_API int mp_game_on_board(const mp_game *g, int player);    /* followers on the board */
/* Followers in the supply when final scoring began, once the game is over (final scoring sends
** every follower home); before, the supply now. The supplies of the board mp_game_follower_at
** shows once the game is over. */
MP_API int mp_game_final_supply(const mp_game *g, int player);
MP_API int mp_game_final_piece_supply(const mp_game *g, int player, int piece);
/* Points by category: each feature kind, then "farm", then what modules add. */
MP_API int mp_game_n_categories(const mp_game *g);
MP_API const char *mp_game_category_name(const mp_game *g, int category);
MP_API int mp_game_points(const mp_game *g, int player, int category);
/* Whether the ruleset can ever give points in the category (a kind with no scoring cannot). */
MP_API int mp_game_category_scored(const mp_game *g, int category);
/* Winners as a bit set of seats (all tied leaders), once the game is over. */
MP_API unsigned mp_game_winners(const mp_game *g);

/* The feature of the tile at (x, y) that covers the named port ("N", "Nw", "Es", ...), or the
** feature of the named kind inside the tile (a "cloister", an inner "field": one covering no
** port), else the first of that kind; -1 if none. For building positions. */
MP_API int mp_game_feature_at(const mp_game *g, int x, int y, const char *where);

/* The board, for display. */
MP_API int mp_game_bounds(const mp_game *g, int *min_x, int *min_y, int *max_x, int *max_y);
/* Tile kind at a cell and its rotation; -1 for an empty cell, -2 for a cell off a bounded board. */
MP_API int mp_game_tile_at(const mp_game *g, int x, int y, int *rot);
/* Character of the tile's side (0..3 = N E S W) as the kind letters give it, for drawing. */
MP_API char mp_game_side_letter(const mp_game *g, int x, int y, int side);
/* Edge letter of the feature at a port of the tile at (x, y) as it lies (0 = Nw, 1 = N, ... 11 = Wn,
** clockwise), ' ' if none; and the letter of a feature inside the tile (a cloister), or ' '. */
MP_API char mp_game_port_letter(const mp_game *g, int x, int y, int port);
MP_API char mp_game_inner_letter(const mp_game *g, int x, int y);
/* Owner of the first piece deployed on the tile at (x, y) (in rulesets of one kind of piece, its
** follower), or -1; *feature receives its feature index. Once the game is over: the pieces as they
** stood when final scoring began. */
MP_API int mp_game_follower_at(const mp_game *g, int x, int y, int *feature);
/* Every piece on the tile at (x, y) (figures: followers and pieces that are none), in the order
** they were deployed, as the board shows them (once the game is over, as they stood when final
** scoring began): whose, which kind of piece, on which feature. Writes up to cap; returns how many. */
typedef struct mp_figure_info { int player, piece, feature; } mp_figure_info;
MP_API int mp_game_figures_at(const mp_game *g, int x, int y, mp_figure_info *out, int cap);
/* An id of the whole feature the feature of the tile at (x, y) belongs to, the same for every
** tile of that feature (until more tiles join it); -1 if none. */
MP_API int mp_game_feature_id(const mp_game *g, int x, int y, int feature);
/* Whether the feature (tile at x,y, feature index) is complete (closed by the tile just placed
** counts, before the turn's scoring), its tile count and points now (by the ruleset's formula: a
** module's score_feature hook is not applied). */
MP_API int mp_game_feature_info(const mp_game *g, int x, int y, int feature, int *complete,
                                int *tiles, int *points);
/* When the feature (tile at x,y, feature index) belongs to a farm (a feature of the ruleset's farm
** kind, farms on): in *points, what the farm's majority would score if the game ended now, the farm
** points of each completed feature it borders, once each (farm-3; city-4's sharing of a city among
** its farms and farm-3-once's once per player are left aside). Non-zero when the feature is no
** farm. For a human deciding where to put a farmer. */
MP_API int mp_game_farm_points(const mp_game *g, int x, int y, int feature, int *points);

/* The kind (index in the tile set) of the whole feature the feature of the tile at (x, y) belongs
** to now: a module may change it (a town turned into a castle); -1 if none. */
MP_API int mp_game_feature_kind(const mp_game *g, int x, int y, int feature);
/* A feature laid over the tile at (x, y) after it was placed (a BCB bridge): the ports it covers
** as the tile lies (bit p: port p, 0 = Nw ... 11 = Wn), 0 if none; *feature receives its feature
** index on the tile (one past the tile's own), *kind its kind. */
MP_API unsigned mp_game_overlay_at(const mp_game *g, int x, int y, int *feature, int *kind);
/* What that overlay is, in the word of the module that laid it ("bridge"; "overlay" when the
** module has none), for a picture or a line of words; NULL when the tile has no overlay. */
MP_API const char *mp_game_overlay_name(const mp_game *g, int x, int y);
/* A copy of g in which seat `player` is to place tile kind `tile` now, as an extra turn with a
** given tile (like a bazaar's: not from the bag); the copy's legal actions are its placements and
** the turn then runs as usual. For weighing a tile a player might get. NULL when the tile fits
** nowhere, the game is over or an argument is out of range. Free it with mp_game_free. */
MP_API mp_game *mp_game_clone_to_place(const mp_game *g, int player, int tile);

/* Tokens that modules give players (BCB: "bridges", "castles"): how many kinds, the i-th
** one's name, and how many player p has left in the supply (-1 for a bad index). */
MP_API int mp_game_n_tokens(const mp_game *g);
MP_API const char *mp_game_token_name(const mp_game *g, int i);
MP_API int mp_game_token_supply(const mp_game *g, int i, int player);

/* What the modules' states show, in words, for display: of player p, or of the whole game
** with p = -1 ("track 33, keep on 3 tiles, wall tile 9"); "" when nothing. Returns buf. */
MP_API const char *mp_game_module_status(const mp_game *g, int player, char *buf, size_t size);
/* The words of the ruleset's module m alone (mp_ruleset_module_name names it), as above: a page that
** shows a module's state otherwise (the goods as columns) leaves its words out. */
MP_API const char *mp_game_module_status_of(const mp_game *g, int m, int player, char *buf, size_t size);

/* What the modules' states are, as data: the facts a renderer, a bot or a page reads
** (the words above are made from them). Each module documents its facts in meeple-ruleset(5),
** under its options: `what` is a stable name there, never display text. */
typedef enum mp_fact_kind {
    MP_FACT_COUNT,        /* how many `what` a player (or the game) has: value */
    MP_FACT_POSITION,     /* where a `what` stands on the module's track: space value (arg: a
                          ** second number; the game's: the other space of a marked stretch) */
    MP_FACT_TILE,         /* a tile `what` in slot value (a bazaar's tiles on offer) */
    MP_FACT_AMOUNT,       /* an amount `what` (a bid): value */
    MP_FACT_TRACK,        /* the module's track `what` (the game's): value spaces, 0 to value - 1,
                          ** which its POSITION facts stand on (a score track) */
    MP_FACT_MARKED        /* a marked stretch `what` of that track (a tower): spaces value to arg */
} mp_fact_kind;
typedef struct mp_fact {
    const char *module;   /* the module's name ("castle") */
    mp_fact_kind kind;
    const char *what;     /* "track", "wall-tile", "bridges", "offer", "bid", ... */
    int player;           /* whose it is, -1 the game's */
    int value;
    int tile;             /* a tile kind, -1 none */
    int arg;              /* a second number where the fact has one (a wall tile's points), else 0 */
} mp_fact;
/* Writes up to cap facts of every module, in the ruleset's order of modules; returns how many
** there are. */
MP_API int mp_game_facts(const mp_game *g, mp_fact *out, int cap);

/* How a kind of decision is written after "!module:" (meeple-notation(7)), as a human reads it:
** its form ("select-N-for-BID") and a line of help; help NULL: a form another form's line tells
** ("ew@X,Y" beside "ns@X,Y"). A table of them ends with a NULL form. */
typedef struct mp_decision_form { const char *form, *help; } mp_decision_form;
/* A kind of decision a module offers, as the module's table declares it (meeple-modules(7)): the
** code of its actions, its name, the names of its arguments (an action's arg[0..2]; NULL where
** unused), how it is written (NULL: not told) and the words other programs have for it (NULL:
** none; mp_alias_word). */
typedef struct mp_decision_kind {
    int32_t code;
    const char *name;
    const char *args[3];
    const mp_decision_form *forms;
    const mp_alias *aliases;
} mp_decision_kind;
/* The i-th kind of decision the ruleset's m-th module offers, in its table's order (the order its
** notation is told in); NULL past the last, or for a bad m. */
MP_API const mp_decision_kind *mp_ruleset_module_decision(const mp_ruleset *rs, int m, int i);

/* A module's action as data: its kind of decision and arguments (meeple-ruleset(5) lists each
** module's); the notation is only how it is spelt. */
typedef struct mp_decision {
    const char *module;   /* the module's name ("bazaars") */
    const char *name;     /* the kind of decision ("select", "bid", "convert", "use") */
    int n_args;
    const char *arg_names[3];
    int32_t args[3];      /* the action's arg[0..n_args-1] */
    const mp_decision_kind *kind;   /* the kind, as the module declares it */
} mp_decision;
/* 0 with *out filled, or -1 when a is not a module's action or its module names no such kind. */
MP_API int mp_game_decision(const mp_game *g, const mp_action *a, mp_decision *out);

/* ------------------------------------------------------------------ computer players (meeple-bots(7)) */

/* A computer player for one seat, named by a spec:
**   "random"       uniformly among the legal actions;
**   "greedy"       the best immediate score gain (meeple-bots(7) says how it weighs modules' decisions);
**   "mcts"         information-set Monte Carlo tree search with the default budget;
**   "mcts:N"       ... N iterations a decision (the same seed gives the same game);
**   "mcts:Ts"      ... T seconds a decision (decimal; how far it gets depends on the machine: not
**                  reproducible).
** Its randomness comes from its own generator, seeded from seed (the game's), its seat and the
** point of the game it decides at: the same seed gives the same game, a game resumed from its
** record goes on as it would have, and bots never disturb the draw order. */
typedef struct mp_bot mp_bot;
MP_API mp_bot *mp_bot_new(const char *spec, uint64_t seed, int seat, mp_diag *d);
MP_API void mp_bot_free(mp_bot *b);
/* 0 when spec names a bot; otherwise 1 with d->message saying what is wrong and what was expected
** (d->column: where in spec, from 1). */
MP_API int mp_bot_check(const char *spec, mp_diag *d);
/* Chooses one of the legal actions of the current phase (never changes g). 0, or 1 when there is
** none. */
MP_API int mp_bot_choose(mp_bot *b, const mp_game *g, mp_action *out);
/* Spreads each decision of an mcts bot over `threads` trees searched side by side (root
** parallelism; 1, the default, one tree; at most 64; other bots ignore it). With an iteration
** budget the iterations are shared out and the choices are again the same for the same number
** of threads, but not those of one thread; with a time budget each thread searches for the time. */
MP_API void mp_bot_set_threads(mp_bot *b, int threads);
/* The bot's spec as given ("mcts:4000") and its kind ("mcts"). */
MP_API const char *mp_bot_spec(const mp_bot *b);
MP_API const char *mp_bot_kind(const mp_bot *b);
/* What the bot's decisions took so far: decisions made; choices, those of them with more than one
** legal action (a decision with one is taken at once, costs nothing and is not timed); seconds spent
** on the choices (wall clock) and the longest one; search iterations (mcts; 0 others). */
typedef struct mp_bot_stats {
    long decisions;
    long choices;
    double seconds;
    double max_seconds;
    long iterations;
} mp_bot_stats;
MP_API void mp_bot_get_stats(const mp_bot *b, mp_bot_stats *out);
/* Plays a whole game between bots of these specs (seat order) with this seed; NULL with d filled
** when it cannot start (a spec that names no bot, a player count the ruleset refuses). When stats
** is not NULL, each seat's mp_bot_stats are added to stats[seat]. */
MP_API mp_game *mp_bots_play(const mp_ruleset *rs, const char *const *specs, int n, uint64_t seed,
                             mp_bot_stats *stats, mp_diag *d);

/* ------------------------------------------------------------------ the placement list's SIMD path
**
** Lists of legal placements test open cells with SIMD instructions where the machine has them;
** every path gives the same lists. The path is chosen once per process, at the first list, by the
** environment variable MEEPLE_SIMD (auto, avx2, sse2, scalar: meeple(1)); unset, auto, an
** unknown name or a path this machine does not run take the best one it runs. For benchmarks
** and reports (meeple-bench(1)). */
typedef enum mp_simd { MP_SIMD_SCALAR = 0, MP_SIMD_SSE2, MP_SIMD_AVX2, MP_SIMD_PATHS } mp_simd;
/* The path lists take (choosing it now when no list was made yet). */
MP_API mp_simd mp_simd_path(void);
/* A path's name ("scalar", "sse2", "avx2"), "?" for a bad one. */
MP_API const char *mp_simd_name(mp_simd path);
/* Whether the library was built with the path and this machine runs it (scalar: always). */
MP_API int mp_simd_runs(mp_simd path);

/* ------------------------------------------------------------------ the scoring log */

/* Why points were given. */
typedef enum mp_event_why {
    MP_WHY_COMPLETED = 0,   /* a feature completed in play */
    MP_WHY_INCOMPLETE,      /* a feature still incomplete when the game ended */
    MP_WHY_FARM,            /* a farm in the final scoring, for the completed features it borders */
    MP_WHY_MODULE           /* a module's rule: a castle's fief, a keep, a wall tile, a bazaar's price */
} mp_event_why;

/* One scoring event: the same points given to one player, or to each of several tied ones. */
typedef struct mp_score_event {
    int turn;               /* tiles placed in play when it happened: the turn of the N-th tile */
    int final;              /* 1 in the final scoring */
    unsigned players;       /* the seats paid: bit p for seat p */
    int points;             /* to each of them; negative when a player pays (a bazaar's price) */
    int category;           /* the score category (mp_game_category_name) */
    int kind;               /* the kind of the feature scored (mp_tileset_kind_name), -1 none */
    int why;                /* mp_event_why */
    char label[32];         /* a module's event: what it scored ("castle", "keep", "bazaar"); else "" */
    int n_tiles;            /* the feature's tiles (a cloister: the tiles of its 3x3 block, its own first);
                            ** for city-4 farm scoring, the city's; 0 when no feature */
    const int16_t *cells;   /* their cells, x then y (2 * n_tiles numbers), in the order they were placed;
                            ** valid until the game changes or is freed */
    int n_figures;          /* the pieces that stood on the feature as it scored, in the order they were */
    const mp_figure_info *figures;   /* deployed (feature: its index on its tile); valid as cells are */
} mp_score_event;

/* The scoring log of a game started with options.log_events (and of every replayed record):
** every time points were given, in order. A feature scored for players is an event also when it
** gives them 0 points (a road with an inn left open at the end, a castle still waiting for its
** fief); points a module gives for no feature are events only when they are not 0. Returns how many events there are; mp_game_event fills
** *out with the i-th (0 on success, -1 for a bad index or no log). */
MP_API int mp_game_n_events(const mp_game *g);
MP_API int mp_game_event(const mp_game *g, int i, mp_score_event *out);
/* The name of an mp_event_why ("completed", "incomplete", "farm", "module"). */
MP_API const char *mp_event_why_name(int why);

/* Bytes the game's state takes (the structure and every array it owns, sized for a whole game): what a
** clone allocates. A copy moves only the part in use (mp_game_copy). */
MP_API size_t mp_game_state_bytes(const mp_game *g);

/* Describes an action in words for display ("place E at 1,0 rot 2"). */
MP_API void mp_action_describe(const mp_game *g, const mp_action *a, char *buf, size_t size);

/* ------------------------------------------------------------------ notation (meeple-notation(7)) */

/* Parses one action at the start of text (blanks skipped): "E@0,-1r2", "+N", "-", "!module:args".
** *used receives the characters consumed. On error returns non-zero and sets d->column (1-based,
** in text) and d->message, leaving d->file and d->line as the caller set them. Parsing checks
** names (tile ids, features of the tile just placed); mp_game_apply checks legality. */
MP_API int mp_notation_parse(const mp_game *g, const char *text, mp_action *out, int *used, mp_diag *d);
/* Writes the action in notation; returns what snprintf returns. Parsing it back gives the same
** action in the same position. */
MP_API int mp_notation_format(const mp_game *g, const mp_action *a, char *buf, size_t size);

/* ------------------------------------------------------------------ records (meeple-record(5)) */

typedef struct mp_record mp_record;

/* A new record of a game about to start; names and kinds per seat ("alice" "human"). */
MP_API mp_record *mp_record_new(const char *ruleset, const char *hash, uint64_t seed, int first_player,
                                int n_players, const char *const *names, const char *const *kinds);
MP_API mp_record *mp_record_load(const char *path, mp_diag *d);
/* The same from text in memory; `name` stands for the file in diagnostics. */
MP_API mp_record *mp_record_parse(const char *name, const char *text, size_t len, mp_diag *d);
MP_API void mp_record_free(mp_record *r);
/* Appends one turn: its actions in notation, separated by spaces. */
MP_API void mp_record_add_turn(mp_record *r, const char *text);
/* Who sits at seat p from now on (a resumed game where someone takes over a seat). */
MP_API void mp_record_set_player(mp_record *r, int p, const char *name, const char *kind);
/* Drops the turns after the first n. */
MP_API void mp_record_truncate(mp_record *r, int n_turns);
/* Writes the record, with the game's drawn tiles and, once it is over, its final scores, to a
** temporary file beside path that is flushed to disk and renamed over path. Threads may save
** records at once, each to a path of its own (a save first removes what a killed save of the same
** path left). */
MP_API int mp_record_save(const mp_record *r, const mp_game *g, const char *path, mp_diag *d);
/* The same record as text in memory, what mp_record_save writes (a server sending it, say):
** malloc'ed and NUL-terminated, *len its length (when len is not NULL); NULL with d filled when
** memory ran out. */
MP_API char *mp_record_text(const mp_record *r, const mp_game *g, size_t *len, mp_diag *d);
/* Removes the temporary files a write of path that was killed left beside it: regular files of
** this user named path.tmp.XXXXXX (six letters or digits, as mp_record_save makes them), nothing else.
** mp_record_save does it first. Returns how many went, or -1 when the directory cannot be read. */
MP_API int mp_record_remove_temporaries(const char *path);
/* Plays the first n_turns turns (all when n_turns < 0) under rs. strict: every placement must be
** of the tile the bag gives (a replay under the ruleset of the record); otherwise the named tile
** is drawn (rescoring under another ruleset). The first action that does not parse or is not
** legal fails the replay: d names the file, the turn's line and the action's column. */
MP_API mp_game *mp_record_replay(const mp_record *r, const mp_ruleset *rs, int strict, int n_turns, mp_diag *d);
/* What a replay under other rules (not strict) changed to go on, so that a rescored game says
** how far it is the recorded one: decisions the rules offered that the record did not make,
** passed; module decisions taken by their default; recorded actions the rules did not ask for,
** dropped. All 0 for a strict replay. */
typedef struct mp_replay_notes { int passed, defaulted, dropped; } mp_replay_notes;
MP_API mp_game *mp_record_replay_noted(const mp_record *r, const mp_ruleset *rs, int strict, int n_turns,
                                       mp_replay_notes *notes, mp_diag *d);
/* Checks what the file says of the game besides its turns, against g, the game its turns replay
** to under the record's own ruleset: `drawn`, the tiles the game drew (a game not over may list
** more, drawn in the turn in progress); `winners`, when over, the players with the highest total,
** in seat order. 0, or 1 with d at the value in the file that differs. A record the file does not
** say these of (mp_record_new, or keys left out) passes. */
MP_API int mp_record_check_game(const mp_record *r, const mp_game *g, mp_diag *d);
/* Loads the ruleset the record names: from its ruleset_file when it has one, otherwise by its name
** in dirs (as mp_ruleset_load). A ruleset that is not there is reported at the record's value (its
** line and column), with the places searched; a ruleset that is there but does not load, as
** mp_ruleset_load reports it. The hash is not compared. */
MP_API mp_ruleset *mp_record_load_ruleset(const mp_record *r, const char *const *dirs, mp_diag *d);
MP_API const char *mp_record_ruleset(const mp_record *r);
MP_API const char *mp_record_hash(const mp_record *r);
/* The file the ruleset was read from, for a ruleset not found by its name ("" if none). */
MP_API const char *mp_record_ruleset_file(const mp_record *r);
MP_API void mp_record_set_ruleset_file(mp_record *r, const char *path);
MP_API uint64_t mp_record_seed(const mp_record *r);
MP_API int mp_record_first_player(const mp_record *r);
/* end_after: the game ends once this many tiles were drawn; -1 when the record does not say. */
MP_API long mp_record_end_after(const mp_record *r);
MP_API int mp_record_n_players(const mp_record *r);
MP_API const char *mp_record_player_name(const mp_record *r, int p);
MP_API const char *mp_record_player_kind(const mp_record *r, int p);
MP_API int mp_record_n_turns(const mp_record *r);
MP_API const char *mp_record_turn(const mp_record *r, int i);
/* Whether the file says the game is over, and the final scores it gives then. */
MP_API int mp_record_over(const mp_record *r);
MP_API int mp_record_final_score(const mp_record *r, int p);

/* Checks every incremental structure against a recomputation from scratch; 0 when consistent. */
MP_API int mp_game_check(const mp_game *g, mp_diag *d);

#ifdef __cplusplus
}
#endif
#endif
