/*
** module.h: the contract between the kernel and a module (meeple-modules(7),
** ARCHITECTURE.md "The module API").
**
** A ruleset turns a module on by name under `variants:`, with an `options:` block the module reads
** once, at load time (configure). During a game the kernel calls the module's hooks at fixed points
** of the turn, each with a context: the game, the module's own state block, its configuration and
** its index among the ruleset's modules. A NULL hook means "nothing to add".
**
** A module includes this header and meeple.h, nothing else of the kernel. It never sees the
** kernel's structures: it asks through the functions below (mp_mod_*) for what it needs (a
** feature's parts, followers and kind; the cells and ports of the board), and changes the game
** only through them (award points, convert a completed feature, queue a turn, ask a player for a
** decision, lay an overlay). All of its per-game state lives in its block of state_size bytes,
** which the kernel keeps with the game (copied when the game is), and all its chance comes from
** the game's generator (mp_mod_random). So games stay deterministic and cheap to copy.
**
** A hook that only reads gets a `const mp_module_view *`; the functions that change the game take
** a `mp_module_ctx *`, so the compiler keeps a reading hook from changing anything.
**
** What a module shows is data, not words: its facts (mp_fact, meeple.h: a player's tokens, a
** position on a track, the track itself, a tile offered, a bid) and its decisions (mp_decision: a
** kind and numbered arguments; the kinds, mp_decision_kind, with their notation and aliases). The
** renderer, the bots, the JCloisterZone tools and --json read those; the words for people are made
** from them by the module's `status` and `describe` hooks, in one place each.
**
** Adding a module (the checklist): a ruleset in YAML, the module's own folder, and one line in the
** kernel's list of modules (with one line of the build naming its files):
**   1. variants/<name>/<name>.c defining `const mp_module mp_module_<name>`, hooks as statics,
**      including only "module.h" (and the C library);
**   2. a line in core/modules.c, the kernel's list of modules (kept sorted by name), and its
**      files on a line of their own among the modules' in Makefile.am;
**   3. nothing else in the kernel, the tools or the bots: they know modules only through the
**      hook table, the facts, the decisions and the aliases below;
**   4. a ruleset in rulesets/ that uses it (tests/test_variants.c checks every module is used);
**   5. tests of its rules, and its options, facts and decisions in meeple-ruleset(5);
**   6. its decisions' forms and help (the terminal's `help`), its aliases for the programs it
**      should be known to (mp_alias: JCloisterZone's words, meeple-modules(7)), and, when a simple
**      bot should weigh its decisions otherwise than by their points, choose_simple.
** Nothing outside variants/ but core/modules.c names a module: a tool or a bot asks it through
** these (tests/cli/boundaries.sh).
*/
#ifndef MP_MODULE_H
#define MP_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "meeple.h"
#include "simple-bot.h"

#if defined(__GNUC__)
#define MP_MODULE_API __attribute__((visibility("hidden")))
#else
#define MP_MODULE_API
#endif

/* ------------------------------------------------------------------ the context */

/* What a hook gets. A hook that only reads (listing actions, notation, words, facts, checks, a
** feature's points) gets a view: the game, its own state and its configuration, all const, so the
** compiler refuses any change (nothing in a view leads to a writable game or state). A hook that
** changes the game gets a context: the same view, and the game and state it may change through
** the mp_mod_* doors that take a context. Reading doors take the view: in a changing hook, pass
** &c->view. */
typedef struct mp_module_view {
    const mp_game *game;    /* opaque: ask through mp_mod_* and meeple.h */
    const void *state;      /* the module's block (state_size bytes, zeroed at setup) */
    const void *config;     /* what its configure hook read from `options:` */
    int index;              /* its index among the ruleset's modules: an action's `module` */
} mp_module_view;

typedef struct mp_module_ctx {
    mp_module_view view;    /* first: what the hook reads */
    mp_game *game;          /* the same game, to change through the doors that take a context */
    void *state;            /* the same block, to write */
} mp_module_ctx;

/* A feature of the board (a city, a road, a castle...), named by any of its segments: the kernel
** finds the whole feature. mp_mod_feature_of gives the canonical one (its root), the same for every
** part of one feature, so two features are the same when their canonical names are equal. */
typedef int32_t mp_feature;

/* One part of a feature: a feature of one placed tile (or the overlay laid over it). */
typedef struct mp_part {
    int placed;             /* the placed tile (mp_mod_placed) */
    int feature;            /* its feature index on the tile; the overlay is number n_features */
    int x, y;               /* the tile's cell */
    int tile, rot;          /* its tile kind and clockwise quarter turns */
    bool overlay;           /* laid over the tile (a bridge), not printed on it */
} mp_part;

/* An overlay: one feature laid over a placed tile after it was placed (a BCB bridge), covering
** ports the tile leaves free. */
enum { MP_OVERLAY_NEW = -1 };   /* `placed` of an overlay on the tile being placed */
typedef struct mp_overlay {
    int placed;             /* the placed tile it lies on, or MP_OVERLAY_NEW */
    int kind;               /* the kind of feature it is (road) */
    uint16_t ports;         /* the ports it covers, board orientation (bit p: port p) */
} mp_overlay;

/* Ports: 12 per tile, three per side clockwise from the north-west corner (Nw N Ne En E Es Se S
** Sw Ws W Wn, 0..11); meeple-tileset(5). */
enum { MP_MOD_PORTS = 12 };
#define MP_MOD_SIDE_PORTS(side) (7u << (3 * (side)))     /* the three ports of side N E S W (0..3) */
#define MP_MOD_MIDDLE(side) (3 * (side) + 1)             /* its middle port */

/* ------------------------------------------------------------------ the hook table */

typedef struct mp_ynode mp_ynode;     /* a node of the ruleset's YAML, read with mp_opt_* below */
typedef struct mp_arena mp_arena;     /* memory that lives as long as the ruleset */

/* A module's decisions are a table of mp_decision_kind (meeple.h: public data, which
** mp_game_decision and mp_ruleset_module_decision read), ended by a NULL name: each kind's action
** code, its name ("select", "bid", "convert"), its arguments' names, and how it is written after
** "!name:" with a line of help each (the terminal's `help` prints them in the table's order). */

typedef struct mp_module {
    const char *name;             /* key in a ruleset's `variants:` list */
    const char *summary;          /* one line, for `meeple rulesets` */
    size_t state_size;            /* per-game bytes, zeroed at setup, copied with the game */
    const mp_decision_kind *decisions; /* what its actions are, as data (NULL: none) */
    const mp_alias *aliases;      /* its words in other programs (meeple-modules(7), ALIASES) */

    /* Load time: read `options:` (may be NULL) into *config, allocated in arena a. */
    int (*configure)(mp_arena *a, const mp_ynode *options, void **config, mp_diag *d);
    /* Setup: supplies of tokens, the bag's order, score categories (mp_mod_add_category). */
    int (*setup)(mp_module_ctx *c, mp_diag *d);
    /* Extra legal actions in the current phase (for MP_PHASE_PLACE: placements that exist only
    ** with the module, such as a tile plus a bridge). Returns how many it has, writes up to cap. */
    int (*legal)(const mp_module_view *c, mp_action *out, int cap);
    /* The phases its legal hook may list actions in (MP_LISTS_IN(MP_PHASE_...) bits): it is not
    ** asked in the others, so a module that only answers its own decisions costs nothing while
    ** tiles are placed. 0: every phase. */
    unsigned legal_phases;
    /* Whether the kernel's placement `place` (an MP_ACT_PLACE that fits) is allowed: a rule
    ** that forbids placements the edges allow (the river's no U-turn). NULL: all are. Asked for
    ** every placement listed or played, so it must be cheap. When it refuses and `why` is not
    ** NULL (a player's placement being refused, not a list), it writes there the rule it applies,
    ** in words ("the river must go on from its last tile"), for the kernel's message. */
    bool (*allows_place)(const mp_module_view *c, const mp_action *place, char *why, size_t size);
    /* Applies an action whose `module` is this module; 0, or non-zero with d filled. */
    int (*apply)(mp_module_ctx *c, const mp_action *a, mp_diag *d);
    /* After the tile is placed and before deployment. */
    void (*after_place)(mp_module_ctx *c, int placed);
    /* After deployment and before scoring; may ask for a decision (mp_mod_request). */
    void (*before_score)(mp_module_ctx *c);
    /* The features a placement completed are about to score, in this order: may reorder them
    ** (The Castle: the placer's features first, in the order the placer chose). */
    void (*score_order)(mp_module_ctx *c, mp_feature *features, int n);
    /* A completed feature is about to score: may change its points. */
    void (*score_feature)(const mp_module_view *c, mp_feature f, int *points);
    /* A completed feature has been scored (or completed unoccupied): castles watch their fiefs. */
    void (*feature_scored)(mp_module_ctx *c, mp_feature f, int points);
    /* End of a turn, after scoring; may queue decisions or extra turns (bazaar). */
    void (*end_turn)(mp_module_ctx *c);
    /* Final scoring, before the kernel's, while every follower still stands (majorities). */
    void (*before_final_scoring)(mp_module_ctx *c);
    /* Final scoring, for each feature that still holds a piece when the game ends (farms aside,
    ** which score after), in the order the pieces were deployed, as completion has score_feature:
    ** *points is what the kernel would give its majority (an incomplete feature by its kind's
    ** `incomplete:`), or MP_NOT_SCORED when it gives nothing (a complete feature such as a castle
    ** still waiting for its fief, a kind not scored at the end). The module may change it (the
    ** castle: 0) and name what scored (*label, a string that outlives the game: "castle"). A
    ** feature left at MP_NOT_SCORED is not scored; any other value is, for its majority, 0 points
    ** included, and logged (with the label, as the module's event). */
    void (*final_feature)(const mp_module_view *c, mp_feature f, int *points, const char **label);
    /* Final scoring, after the kernel's incomplete features and farms. */
    void (*final_scoring)(mp_module_ctx *c);
    /* Notation of its actions after "!name:" (meeple-notation(7)): write the arguments (snprintf's
    ** return), and read them back, setting d->column on error counting from 1 at the first
    ** character of args. NULL: the generic "CODE[,A[,B[,C]]]" whole numbers. */
    int (*format)(const mp_module_view *c, const mp_action *a, char *buf, size_t size);
    int (*parse)(const mp_module_view *c, const char *args, mp_action *out, mp_diag *d);
    /* Its action in words, for a human deciding ("select open tile 2 (BB-3), bidding 0"); snprintf's
    ** return. NULL: "module action CODE". */
    int (*describe)(const mp_module_view *c, const mp_action *a, char *buf, size_t size);
    /* What its state is, as facts (meeple.h, mp_fact): writes up to cap, returns how many it has.
    ** `module` of each is filled in by the kernel. */
    int (*facts)(const mp_module_view *c, mp_fact *out, int cap);
    /* Its facts in a line of words, for a player (player >= 0: "track 33, wall tile 9") or the
    ** whole game (-1: "wall tiles on the track at 12/13 ..."); "" nothing. */
    int (*status)(const mp_module_view *c, int player, char *buf, size_t size);
    /* What the overlays it lays are (mp_mod_lay_overlay), in a word for pictures and words
    ** ("bridge": the SVG's class and title of the deck, mp_game_overlay_name). NULL: "overlay". */
    const char *overlay_name;
    /* Tokens the module gives each player (bridges, castle tokens): what they are called, and how
    ** many a player still has in the supply (mp_game_token_supply). */
    const char *tokens_name;
    int (*tokens)(const mp_module_view *c, int player);
    /* What the module keeps face down, dealt anew for a search (mp_game_determinize): one sample
    ** consistent with what `player` has seen, drawn with mp_mod_random (already reseeded), and
    ** independent of the real deal (put the pool in a canonical order before shuffling). */
    void (*redeal)(mp_module_ctx *c, int player);
    /* Invariants, for mp_game_check: 0 when consistent. */
    int (*check)(const mp_module_view *c, mp_diag *d);
    /* A simple bot's choice in the decision this module asked for (MP_PHASE_MODULE; legal: the
    ** whole legal list, n >= 1), weighed with the callbacks the bot gives (simple-bot.h): the index
    ** of the action to take, or -1 to let the bot rank the actions as it ranks any (the points
    ** each brings). Only the bot's callbacks and its tie-break may decide between equal actions,
    ** so a seeded bot stays reproducible. NULL: -1. The greedy bot asks it (meeple-bots(7)). */
    int (*choose_simple)(const mp_module_view *c, const mp_action *legal, int n, const mp_simple_bot *bot);
    /* A simple bot's estimate of what the module's state is worth to `player` beyond his score:
    ** points he may still get from it (the goods types he leads, a second tile being played). The
    ** greedy bot ranks an action by the points it brings plus the change it makes to this, so a
    ** module's state that pays later counts now. NULL: 0. */
    int (*worth)(const mp_module_view *c, int player);
} mp_module;

#define MP_LISTS_IN(phase) (1u << (phase))
enum { MP_NOT_SCORED = -1000000 };   /* final_feature: the feature gives no points, no event */
/* Whether module m's legal hook is asked in phase p. */
static inline bool mp_module_lists_in(const mp_module *m, mp_phase p) {
    return !m->legal_phases || (m->legal_phases >> p & 1);
}

/* ------------------------------------------------------------------ reading options */

/* configure reads its `options:` through these; every error is "file:line:column: ..." at the
** node (meeple-ruleset(5)). Each returns 0, or 1 with d filled. */
typedef enum { MP_Y_SCALAR, MP_Y_SEQ, MP_Y_MAP } mp_ytype;
MP_MODULE_API void *mp_arena_alloc(mp_arena *a, size_t size);        /* zeroed; aborts when memory is out */
MP_MODULE_API mp_ytype mp_y_type(const mp_ynode *n);
MP_MODULE_API int mp_y_count(const mp_ynode *n);                     /* items of a sequence, pairs of a map */
MP_MODULE_API mp_ynode *mp_y_item(const mp_ynode *seq, int i);
MP_MODULE_API mp_ynode *mp_y_map_key(const mp_ynode *map, int i);
MP_MODULE_API mp_ynode *mp_y_map_value(const mp_ynode *map, int i);
MP_MODULE_API const char *mp_y_text(const mp_ynode *scalar);        /* a scalar's text, "" otherwise */
MP_MODULE_API int mp_y_error(mp_diag *d, const mp_ynode *n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
MP_MODULE_API mp_ynode *mp_y_get(const mp_ynode *map, const char *key);
MP_MODULE_API int mp_y_check_keys(const mp_ynode *map, const char *const *allowed, mp_diag *d);
MP_MODULE_API int mp_y_expect(const mp_ynode *n, mp_ytype type, const char *what, mp_diag *d);
MP_MODULE_API int mp_y_int(const mp_ynode *n, long min, long max, long *out, mp_diag *d);
MP_MODULE_API int mp_y_bool(const mp_ynode *n, bool *out, mp_diag *d);
MP_MODULE_API int mp_y_string(const mp_ynode *n, const char **out, mp_diag *d);
MP_MODULE_API int mp_y_enum(const mp_ynode *n, const char *const *names, int *out, mp_diag *d);
MP_MODULE_API bool mp_y_is_null(const mp_ynode *n);

/* ------------------------------------------------------------------ the game, read */

MP_MODULE_API const mp_ruleset *mp_mod_ruleset(const mp_module_view *c);
MP_MODULE_API const mp_tileset *mp_mod_tiles(const mp_module_view *c);   /* the ruleset's tiles */
MP_MODULE_API const char *mp_mod_ruleset_path(const mp_module_view *c);   /* for messages */
MP_MODULE_API int mp_mod_players(const mp_module_view *c);
MP_MODULE_API mp_phase mp_mod_phase(const mp_module_view *c);
MP_MODULE_API int mp_mod_player(const mp_module_view *c);        /* whose decision it is */
MP_MODULE_API int mp_mod_turn_player(const mp_module_view *c);   /* whose turn it is */
MP_MODULE_API int mp_mod_turns(const mp_module_view *c);         /* tiles placed from the bag so far */
MP_MODULE_API int mp_mod_score(const mp_module_view *c, int player);
/* The tile this turn places: the queued turn's (a bazaar's), else the player's hand's first. */
MP_MODULE_API int mp_mod_forced_tile(const mp_module_view *c);   /* -1: from the hand */
MP_MODULE_API int mp_mod_hand(const mp_module_view *c, int player, int *tiles, int cap);
MP_MODULE_API bool mp_mod_from_bag(const mp_module_view *c);     /* this turn's tile came from the bag */
MP_MODULE_API int mp_mod_tiles_left(const mp_module_view *c);    /* in the bag */
/* Kinds, icons and markers by name, -1 when the tile set has none. */
MP_MODULE_API int mp_mod_kind(const mp_module_view *c, const char *name);
MP_MODULE_API int mp_mod_icon(const mp_module_view *c, const char *name);
MP_MODULE_API int mp_mod_marker(const mp_module_view *c, const char *name);
/* How a kind completes: MP_MOD_CLOSED (no open port), MP_MOD_SURROUNDED (3x3 block), MP_MOD_NEVER. */
enum { MP_MOD_CLOSED, MP_MOD_SURROUNDED, MP_MOD_NEVER };
MP_MODULE_API int mp_mod_kind_completes(const mp_module_view *c, int kind);
/* A tile kind's feature f at rotation 0: its ports, kind and shape (the tile set's `shape:`,
** 0 none, 1 cap, 2 triangle, 3 irregular). */
MP_MODULE_API uint16_t mp_mod_tile_feature_ports(const mp_module_view *c, int tile, int f);
MP_MODULE_API int mp_mod_tile_feature_shape(const mp_module_view *c, int tile, int f);
/* What lies at port `port` of tile kind `tile` turned rot: 1 + kind, 0 nothing. */
MP_MODULE_API int mp_mod_tile_port_kind(const mp_module_view *c, int tile, int rot, int port);

/* The board. */
MP_MODULE_API int mp_mod_cell(const mp_module_view *c, int x, int y);   /* placed index, -1 empty, -2 off */
/* The same for a rectangle of w x h cells from x0, y0, in one call: out[(y - y0) * w + x - x0]. */
MP_MODULE_API void mp_mod_cells(const mp_module_view *c, int x0, int y0, int w, int h, int *out);
MP_MODULE_API int mp_mod_last_placed(const mp_module_view *c);          /* this turn's tile, -1 none */
MP_MODULE_API int mp_mod_n_placed(const mp_module_view *c);
/* A placed tile: cell, tile kind, rotation, whether it was set at setup; its feature count. */
MP_MODULE_API void mp_mod_placed(const mp_module_view *c, int placed, int *x, int *y, int *tile, int *rot);
MP_MODULE_API bool mp_mod_placed_fixed(const mp_module_view *c, int placed);
MP_MODULE_API int mp_mod_placed_features(const mp_module_view *c, int placed);  /* the overlay included */
/* What lies at port `port` (board orientation) of a placed tile, its overlay included: 1 + kind,
** 0 nothing. */
MP_MODULE_API int mp_mod_port_kind(const mp_module_view *c, int placed, int port);

/* Features. */
MP_MODULE_API mp_feature mp_mod_feature_of(const mp_module_view *c, int placed, int feature); /* -1 none */
/* What a feature is now, in one call (for hooks that look at every feature of every tile placed):
** its canonical name, kind, open ports, parts, whether completion was seen and whether it scored,
** and the first player with a follower on it. */
typedef struct mp_feature_state {
    mp_feature canonical;
    int kind, open, parts;
    bool complete, scored;
    int first_follower;     /* the lowest-numbered player with a follower on it, -1 none */
} mp_feature_state;
MP_MODULE_API void mp_mod_feature_state(const mp_module_view *c, mp_feature f, mp_feature_state *out);
MP_MODULE_API int mp_mod_feature_kind(const mp_module_view *c, mp_feature f);
MP_MODULE_API bool mp_mod_feature_complete(const mp_module_view *c, mp_feature f); /* completion seen */
/* The strength of a player's followers on a feature (each counts its piece's strength: a large
** follower 2; pieces that are no followers nothing): 0 when the player has none there. */
MP_MODULE_API int mp_mod_feature_strength(const mp_module_view *c, mp_feature f, int player);
MP_MODULE_API int mp_mod_feature_icons(const mp_module_view *c, mp_feature f, int icon);
MP_MODULE_API int mp_mod_feature_tiles(const mp_module_view *c, mp_feature f);    /* distinct tiles */
/* Its parts (segments), in the kernel's order from the canonical one; returns how many it has. */
MP_MODULE_API int mp_mod_feature_parts(const mp_module_view *c, mp_feature f, mp_part *out, int cap);
/* Its points by the ruleset's scoring (complete or not), and who holds the majority (bit p). */
MP_MODULE_API int mp_mod_feature_points(const mp_module_view *c, mp_feature f, bool complete);
MP_MODULE_API unsigned mp_mod_feature_majority(const mp_module_view *c, mp_feature f);
/* The pieces on the board, in the order they were deployed: whose, which kind (the ruleset's
** pieces, mp_ruleset_piece), and on which feature (the part it stands on, and the feature's
** canonical name now). Writes up to cap; returns how many there are.
** `index` is the figure's place in that order (what mp_mod_return_figure takes). */
typedef struct mp_mod_figure { int player, piece; mp_part part; mp_feature feature; int index; } mp_mod_figure;
MP_MODULE_API int mp_mod_figures(const mp_module_view *c, mp_mod_figure *out, int cap);
/* Only the pieces of one kind (piece, an index of the ruleset's pieces), as above: a module that
** follows its own piece (the builder) looks at a few figures, not all, every turn. */
MP_MODULE_API int mp_mod_figures_of(const mp_module_view *c, int piece, mp_mod_figure *out, int cap);
/* The features this turn's placement completed that are not scored yet, in the kernel's order. */
MP_MODULE_API int mp_mod_completed(mp_module_ctx *c, mp_feature *out, int cap);

/* Placement. */
/* Whether placement `place` (tile, x, y, rot) fits once the overlays are laid (on the tile placed,
** MP_OVERLAY_NEW, or on tiles already placed): the kernel's one meaning of "a placement that fits
** with an overlay". The overlays' ports must be free on their tiles, and every module's
** allows_place must allow the placement (the river's). */
MP_MODULE_API bool mp_mod_fits_with_overlays(const mp_module_view *c, const mp_action *place,
                                             const mp_overlay *o, int n);

/* ------------------------------------------------------------------ the game, changed */

MP_MODULE_API int mp_mod_add_category(mp_module_ctx *c, const char *name);   /* -1 when full */
/* Points to players (bit set) in a category, logged with the module's word for what scored and
** the feature that earned them (-1 none). */
MP_MODULE_API void mp_mod_award(mp_module_ctx *c, unsigned players, int points, int category, mp_feature f,
                                const char *label);
/* The turn stops for a decision of `player`, which this module lists (legal) and takes (apply). */
MP_MODULE_API void mp_mod_request(mp_module_ctx *c, int player);
/* An extra turn for `player` before the next in order, with `tile` (-1: drawn from the bag), after
** the extra turns already waiting; 1 when the queue is full. */
MP_MODULE_API int mp_mod_queue_turn(mp_module_ctx *c, int player, int tile);
/* The same, in front of the extra turns already waiting (a builder's second tile comes right after
** the bazaar turn that earned it). */
MP_MODULE_API int mp_mod_queue_turn_first(mp_module_ctx *c, int player, int tile);
/* Which module queued the turn being played (its index, as c->index), -1 for a turn in the normal
** order or one the kernel gave: a module tells its own extra turns so (no builder's chain). */
MP_MODULE_API int mp_mod_turn_module(const mp_module_view *c);
/* The next n tiles out of the bag (a bazaar turns them up); returns how many it took. */
MP_MODULE_API int mp_mod_take_tiles(mp_module_ctx *c, int n, int *tiles);
/* The bag, still to draw in order (the first is drawn next), read and set (a river first). */
MP_MODULE_API int mp_mod_bag(const mp_module_view *c, int *tiles, int cap);
MP_MODULE_API void mp_mod_set_bag(mp_module_ctx *c, const int *tiles, int n);
/* A completed feature becomes a feature of another kind, scored by the module, not the kernel
** (a town becomes a castle). */
MP_MODULE_API void mp_mod_feature_convert(mp_module_ctx *c, mp_feature f, int kind);
/* Followers on a feature go back to their players. */
MP_MODULE_API void mp_mod_return_followers(mp_module_ctx *c, mp_feature f);
/* One piece goes back to its owner's supply: the i-th of mp_mod_figures (a builder whose owner has
** no follower left on its feature). */
MP_MODULE_API void mp_mod_return_figure(mp_module_ctx *c, int i);
/* Places a module's placement action (a tile with a bridge) with no fit test: the module has made
** its own. The turn then goes on as after a placement. The placed index, or -1 with d filled. */
MP_MODULE_API int mp_mod_put_tile(mp_module_ctx *c, const mp_action *place, mp_diag *d);
/* Lays an overlay (its ports free on the tile): it joins what its ports meet; returns the feature
** it is part of, -1 when the tile has one already. */
MP_MODULE_API mp_feature mp_mod_lay_overlay(mp_module_ctx *c, const mp_overlay *o);
/* A number below n from the game's generator. */
MP_MODULE_API uint32_t mp_mod_random(mp_module_ctx *c, uint32_t n);

/* ------------------------------------------------------------------ more of the game, read: names, the board map, scoring */
/* The name the notation gives feature `feature` of a placed tile (meeple-notation(7)): its middle
** port if it crosses one, else its first port clockwise from Nw, else its kind ("N", "Es",
** "cloister"); snprintf's return. */
MP_MODULE_API int mp_mod_feature_name(const mp_module_view *c, int placed, int feature, char *buf, size_t size);
/* Whether f names a feature of this game (any part of one): for an action's argument. */
MP_MODULE_API bool mp_mod_is_feature(const mp_module_view *c, mp_feature f);
/* The map of a bounded board (the ruleset's `board:`): its top-left cell and its size in cells;
** false when the board is unbounded. An empty cell of the map is one mp_mod_cell gives -1. */
MP_MODULE_API bool mp_mod_board(const mp_module_view *c, int *x0, int *y0, int *w, int *h);
/* A kind's scoring by the ruleset (meeple-ruleset(5), `scoring:`): whether its completed features
** score during play; the points each icon adds by its formula for complete or incomplete
** features; the formula's multiplier (1: none) and the icon that brings it (*icon, -1 none). */
MP_MODULE_API bool mp_mod_kind_scored_in_play(const mp_module_view *c, int kind);
MP_MODULE_API int mp_mod_kind_icon_points(const mp_module_view *c, int kind, bool complete, int icon);
MP_MODULE_API int mp_mod_kind_multiplier(const mp_module_view *c, int kind, bool complete, int *icon);

/* ------------------------------------------------------------------ placements that nearly fit (for overlays) */
/* A placement that does not fit as it is: its cell and turn, and the ports that do not meet what
** the tiles around show (bit p, board orientation). */
typedef struct mp_near_miss { int x, y, rot; uint16_t bad; } mp_near_miss;
/* The pre-filter for placements that fit with overlays (mp_mod_fits_with_overlays): the
** placements of `tile` at the open cells (in row order, rotations that repeat an earlier picture
** left out, as in the kernel's list) that do not fit as they are and whose ports that do not meet
** all lie within one of the shapes (port sets, board orientation) an overlay may cover. Every
** placement that fits once overlays of those shapes are laid, on the new tile or on its
** neighbours' facing ports, and not without, is among them. Writes up to cap, returns how many
** there are. */
MP_MODULE_API int mp_mod_place_near_misses(const mp_module_view *c, int tile, const uint16_t *shapes, int n_shapes,
                                           mp_near_miss *out, int cap);
/* The same for one placement (tile, x, y, rot): its ports that do not meet when it is in that
** list, else 0. For checking an action without listing them all. */
MP_MODULE_API uint16_t mp_mod_place_near_miss(const mp_module_view *c, const mp_action *place, const uint16_t *shapes,
                                              int n_shapes);
/* The ports of tile kind `tile` turned rot (1 + kind, 0 nothing; MP_MOD_PORTS of them, board
** orientation), for as long as the ruleset lives: mp_mod_tile_port_kind's, read in a loop
** without a call a port. NULL for a tile out of range. */
MP_MODULE_API const uint8_t *mp_mod_tile_ports(const mp_module_view *c, int tile, int rot);

#endif
