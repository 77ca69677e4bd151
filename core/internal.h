/*
** internal.h: the structures behind the public handles, shared inside core/ and variants/.
**
** The tile model in one paragraph: every tile has 12 edge ports, three per side, numbered
** clockwise from the north-west corner: Nw N Ne | En E Es | Se S Sw | Ws W Wn (0..11). A side
** letter's middle port (N, E, S, W) is where roads and paths cross; the two halves are where
** fields, and in The Castle houses, towers and courts, meet their neighbours. A feature covers a
** set of ports; a city side covers all three ports of that side. Turning a tile a quarter turn
** clockwise moves port p to p+3 (mod 12). Port p of one tile faces port opposite(p) of its
** neighbour on that side (Nw faces Sw, N faces S, Ne faces Se, ...).
*/
#ifndef MP_INTERNAL_H
#define MP_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include "meeple.h"
#include "module.h"

#if defined(__GNUC__)
#define MP_INTERNAL __attribute__((visibility("hidden")))
#else
#define MP_INTERNAL
#endif

#ifdef NDEBUG
#define MP_ASSERT(x) ((void)0)
#else
#include <assert.h>
#define MP_ASSERT(x) assert(x)
#endif

/* diag.c: mp_diag_set (meeple.h) with the message's arguments as a va_list. */
MP_INTERNAL int mp_diag_vset(mp_diag *d, const char *file, int line, int column, const char *fmt, va_list ap);
/* diag.c: the system's words for errno value err ("No such file or directory"), written into buf
** by strerror_r (strerror may hand every thread the same buffer). Returns buf. */
enum { MP_ERRNO_SIZE = 128 };
MP_INTERNAL const char *mp_errno_text(int err, char *buf, size_t size);

enum {
    MP_PORTS = 12,          /* edge ports per tile */
    MP_MAX_KINDS = 16,      /* feature kinds in one ruleset */
    MP_MAX_ICONS = 8,       /* icon kinds (pennant, market, fountain, ...) */
    MP_MAX_MARKERS = 16,    /* marker kinds (inn, bazaar, square, ...) */
    MP_MAX_FEATURES = 16,   /* features on one tile */
    MP_MAX_MODULES = 8,    /* modules in one ruleset */
    MP_MAX_EXTRA_CATS = 8,  /* score categories beyond the kinds and "farm" */
    MP_MAX_HAND = 8,        /* tiles a player may hold (house rule `hand:`) */
    MP_NAME = 32,           /* bytes for a short name */
    MP_MAX_TILES = 30000,   /* tiles in all the tile sets of a ruleset (a game counts them in 16 bits) */
    MP_MAX_FIXED = 2000,    /* fixed pieces on a ruleset's board */
    MP_MAX_ALIAS_NS = 4,    /* alias namespaces (other programs) in a ruleset's tile sets */
    MP_MAX_PIECES = 8,      /* kinds of piece a player has (the ordinary follower, a large one, ...) */
    MP_MAX_PIECE_ALIASES = 2 /* other programs' names of one kind of piece */
};

enum { MP_N, MP_E, MP_S, MP_W };                     /* sides, clockwise */
enum { MP_LOG_DISCARDED = 0x4000 };                  /* flag in mp_game.log */
#define MP_PORT_SIDE(p) ((p) / 3)
#define MP_PORT_OPPOSITE(p) ((((p) / 3 + 2) % 4) * 3 + 2 - (p) % 3)
#define MP_PORT_ROTATE(p, r) (((p) + 3 * (r)) % MP_PORTS)
#define MP_SIDE_MASK(s) (7u << (3 * (s)))
#define MP_MIDDLE(s) (3 * (s) + 1)

/* ------------------------------------------------------------------ tile sets */

enum { MP_COVER_SIDE = 1, MP_COVER_MIDDLE = 2, MP_COVER_HALVES = 4, MP_COVER_NONE = 8 };
enum { MP_COMPLETE_CLOSED, MP_COMPLETE_SURROUNDED, MP_COMPLETE_NEVER };
enum { MP_SHAPE_NONE, MP_SHAPE_CAP, MP_SHAPE_TRIANGLE, MP_SHAPE_IRREGULAR };

typedef struct mp_kind {
    char name[MP_NAME];     /* "city", "road", "field", "cloister", "path", ... */
    char letter;            /* edge letter of a side this kind covers ('C', 'R', 'F') */
    uint8_t covers;         /* MP_COVER_* bits: how a feature of this kind may meet sides */
    uint8_t completes;      /* MP_COMPLETE_*: when a feature of this kind is complete */
    char follower[MP_NAME]; /* role of a follower on it ("knight"); empty: no followers */
    uint32_t carries_icons;   /* bit i: a feature of this kind may show icon i (`carries:`) */
    uint32_t carries_markers; /* bit m: ... may carry marker m */
} mp_kind;

typedef struct mp_tile_feature {
    uint8_t kind;                 /* index into the tile set's kinds */
    uint8_t shape;                /* MP_SHAPE_* of a one-side city segment */
    uint16_t ports;               /* bit p: covers port p, at rotation 0 */
    uint16_t touches;             /* bit f: borders feature f of this tile (a field's cities) */
    uint32_t markers;             /* bit m: carries marker m */
    uint8_t icons[MP_MAX_ICONS];  /* count of each icon (pennants, markets, fountains) */
    int line, column;             /* where the feature was written */
} mp_tile_feature;

typedef struct mp_tile {
    char id[MP_NAME];             /* "D", "BB-1", ... */
    char alias[MP_MAX_ALIAS_NS][MP_NAME]; /* per alias namespace: another program's id, "" if none */
    int count;                    /* copies, the start copy included */
    bool start;                   /* one copy is the start tile */
    bool fixed;                   /* a piece of a board (a start space), never drawn */
    uint32_t markers;             /* bit m: the tile carries marker m */
    int n_features;
    mp_tile_feature f[MP_MAX_FEATURES];
    int line, column;             /* where the tile was written */
    int file;                     /* index into the tile set's files */
    /* Derived when loading: */
    int8_t port_feature[4][MP_PORTS]; /* per rotation: feature covering each port, -1 none */
    uint8_t port_kind[4][MP_PORTS];   /* per rotation: 1 + kind at each port, 0 none */
    uint8_t distinct_rot;             /* bit r: rotation r differs from every smaller one */
} mp_tile;

struct mp_tileset {
    char path[256];               /* first file loaded, for messages */
    int n_kinds;
    mp_kind kinds[MP_MAX_KINDS];
    int n_icons;
    char icons[MP_MAX_ICONS][MP_NAME];
    int n_markers;
    char markers[MP_MAX_MARKERS][MP_NAME];
    int n_alias_ns;               /* namespaces of tile aliases (`aliases:`), in order of first use */
    char alias_ns[MP_MAX_ALIAS_NS][MP_NAME];
    int n_tiles;
    mp_tile *tiles;
    int start_tile;               /* tile kind with the start copy, -1 if none */
    /* Where things were written, for `meeple lint`: */
    int n_files;
    char files[16][256];          /* the files loaded, in order */
    struct mp_where { int file, line, column; } kind_at[MP_MAX_KINDS];
    struct mp_lint *sink;         /* set by lint: a tile with an error is reported here and skipped */
    uint64_t hash;                /* content hash of the files loaded, in order */
    bool addon;                   /* a set to mix into another (`addon: true`): no start tile needed */
    bool lost_start;              /* lint: a tile marked `start: true` had an error and was skipped */
    int total;                    /* sum of counts */
};

typedef struct mp_ynode mp_ynode;
typedef struct mp_arena mp_arena;

/* lint.c: a list of diagnostics, errors and warnings. */
MP_INTERNAL void mp_lint_add(struct mp_lint *l, const mp_diag *d, int warning);

/* Loads a tile-set file and adds it to ts (kinds of the same name must agree). With ts->sink set
** (lint), every problem is recorded there, a bad tile skipped, and 1 means the file could not be
** read to its end; without, 1 is the first problem, in d. */
MP_INTERNAL mp_tileset *mp_tileset_empty(void);
MP_INTERNAL int mp_tileset_add_file(mp_tileset *ts, const char *path, mp_diag *d);
/* The top-level keys of a tile set and of a ruleset, NULL-terminated (lint tells a file's format
** by them). */
MP_INTERNAL extern const char *const mp_tileset_keys[];
MP_INTERNAL extern const char *const mp_ruleset_keys[];
/* ruleset.c, for lint: a ruleset read with every problem recorded in sink, read on past each
** problem but for what depends on it; *bad says which parts had one (MP_RULES_BAD_*), and lint
** skips its checks of those. NULL when not even its `extends:` chain could be read. A ruleset
** with a problem is not ready to play: only lint may look at it. text: the file's text in memory
** (path standing for it), NULL to read path. */
enum { MP_RULES_BAD_TILES = 1, MP_RULES_BAD_MATCH = 2, MP_RULES_BAD_SCORING = 4, MP_RULES_BAD_BOARD = 8,
       MP_RULES_BAD_OTHER = 16 };
MP_INTERNAL mp_ruleset *mp_ruleset_load_lint(const char *path, const char *text, size_t len, const char *const *dirs,
                                             struct mp_lint *sink, unsigned *bad);
/* The same from the file's text in memory, `name` standing for the file. */
MP_INTERNAL int mp_tileset_add_text(mp_tileset *ts, const char *name, const char *text, size_t len, mp_diag *d);
MP_INTERNAL int mp_tileset_kind(const mp_tileset *ts, const char *name);
MP_INTERNAL int mp_tileset_icon(const mp_tileset *ts, const char *name);
/* The kind a YAML scalar names, or an error at the node listing the kinds there are. */
MP_INTERNAL int mp_tileset_kind_node(const mp_tileset *ts, const mp_ynode *n, int *out, mp_diag *d);
MP_INTERNAL int mp_tileset_marker(const mp_tileset *ts, const char *name);
/* Tile ids: what the notation can write (a letter or digit first). Checked with PCRE2. */
#define MP_TILE_ID_PATTERN "^[A-Za-z0-9][A-Za-z0-9_.+-]{0,30}$"
MP_INTERNAL bool mp_tile_id_valid(const char *id);
/* Whether tile a turned ra is the same picture as tile b turned rb. */
MP_INTERNAL bool mp_tile_same_picture(const mp_tile *a, int ra, const mp_tile *b, int rb);
/* Port index of a name ("Nw", "N", ...), -1 if none. */
MP_INTERNAL int mp_port_from_name(const char *name);
MP_INTERNAL const char *mp_port_name(int port);

/* ------------------------------------------------------------------ rulesets */

/* A scoring formula: fixed + per_tile*tiles + sum(per_icon*icons), times multiply_by when the
** feature carries at least one multiply_icon. */
typedef struct mp_points {
    int fixed;
    int per_tile;
    int per_icon[MP_MAX_ICONS];
    int multiply_icon;            /* icon index, -1 none */
    int multiply_by;
} mp_points;

/* A feature holding a marker scores by formulas of its own (`with:` under the kind's scoring: an inn
** on a road, a cathedral in a city): for the states it gives, in place of the kind's. */
typedef struct mp_marker_points {
    int marker;                   /* the tile sets' marker index */
    bool has_complete, has_incomplete;
    mp_points complete, incomplete;
} mp_marker_points;
enum { MP_MAX_WITH = 4 };         /* marker formulas of one kind */

typedef struct mp_kind_rules {
    bool scored_in_play;          /* completed features of this kind score during play */
    bool scored_at_end;           /* incomplete ones score at the end */
    mp_points complete, incomplete;
    int small_tiles;              /* small-city rule: 0 off, else completed size that uses `small` */
    mp_points small;
    int n_with;                   /* `with:`, in the order written: the first marker the feature holds wins */
    mp_marker_points with[MP_MAX_WITH];
    uint16_t with_markers;        /* bit m: some entry of `with` is for marker m */
} mp_kind_rules;

enum { MP_CLOSED_ONE = 1, MP_FILLED_BLOCK = 2 };
enum { MP_SIDE_KEYS = 1 << 15, MP_SIDE_NONE = 254, MP_SIDE_ANY = 255 };
enum { MP_FARM_CITY4, MP_FARM_3_ONCE, MP_FARM_3 };
enum { MP_TIES_ALL, MP_TIES_NONE };
enum { MP_UNPLACEABLE_DISCARD, MP_UNPLACEABLE_RETURN };

typedef struct mp_fixed_piece { int tile, x, y, rot; } mp_fixed_piece;

/* A kind of piece each player has (the ruleset's `followers:` and `pieces:`, meeple-ruleset(5),
** PIECES; pieces.c). Piece 0 is the ordinary follower. A follower (strength 1 or more) stands
** only on a feature nobody occupies and counts its strength in the majority; a piece that is no
** follower (strength 0: Traders & Builders' builder, pig) joins a feature where its owner already
** has a follower, occupies nothing and never counts. Either may stand only on the kinds of `on`
** that take followers (deploy_kinds). */
typedef struct mp_piece {
    char name[MP_NAME];           /* "follower", "large", "builder" */
    char letter;                  /* its mark on the text board and in pictures; the ordinary follower: 0 */
    int count;                    /* each player's */
    uint8_t strength;             /* what it counts in a majority; 0: not a follower */
    uint16_t on;                  /* bit k: it may stand on kind k (within deploy_kinds: feature.c) */
    bool not_on_completed;        /* `joins_completed: false`: never onto a feature the tile has just
                                  ** completed (JCloisterZone's builder) */
    struct mp_piece_alias { char ns[MP_NAME], id[MP_NAME]; } alias[MP_MAX_PIECE_ALIASES];   /* "jcz" "big" */
} mp_piece;
enum { MP_MAX_COLOURS = MP_MAX_PLAYERS };

typedef struct mp_module_use {
    const mp_module *v;           /* the compiled-in module */
    void *config;                 /* what its configure hook read from `options:` */
    const mp_ynode *options;      /* `options:` as written (NULL none), for rulediff */
    const mp_ynode *node;         /* its item under `variants:`, for messages */
} mp_module_use;

/* A weights file read (weights.c, meeple-weights(5)): the learned evaluation's weights by
** feature name, each at the start and at the end of a game (evaluation.c). */
typedef struct mp_weights {
    char path[512];
    char ruleset[64], hash[20];   /* what they were trained for */
    int n;
    char (*names)[MP_EVAL_NAME];
    double *start, *end;
} mp_weights;
MP_INTERNAL mp_weights *mp_weights_load(const char *path, mp_diag *d);
MP_INTERNAL void mp_weights_free(mp_weights *w);
/* The weights beside the ruleset's file (NAME.weights for NAME.yaml), when there are any and they
** were trained for its hash: 0 (found or not), or 1 with d filled when the file does not read. */
MP_INTERNAL int mp_ruleset_find_weights(mp_ruleset *rs, mp_diag *d);

struct mp_ruleset {
    mp_arena *arena;              /* owns the YAML trees and module configs */
    char name[64];
    char description[256];
    char path[512];
    char hash[20];                /* content hash of the resolved ruleset and its tile sets, hex */
    mp_weights *weights;          /* the learned evaluation's, NULL: none (weights.c) */
    char stale_weights[528];      /* a weights file beside it trained for another hash, "" none */
    mp_tileset *tiles;            /* all tile files of the ruleset, merged */
    int min_players, max_players;
    int followers;                /* the ordinary follower's supply per player (pieces[0].count) */
    int n_pieces;                 /* kinds of piece: 1 + those of `pieces:` */
    mp_piece pieces[MP_MAX_PIECES];
    char colours[MP_MAX_COLOURS][MP_NAME]; /* each seat's colour (`colours:`, pieces.c's defaults) */
    uint16_t match_kinds;         /* bit k: kind k must meet the same kind across a side */
    mp_kind_rules kind[MP_MAX_KINDS];
    int ties;                     /* MP_TIES_*: who scores a tied majority */
    /* Farms (final scoring of a kind that never completes, by the completed features it borders). */
    bool farms;
    int farm_kind;
    int farm_method;              /* MP_FARM_* */
    int farm_points[MP_MAX_KINDS];/* per bordered completed feature of each kind; 0: not counted */
    /* `farms: with:` a majority holder whose piece of one of these kinds stands in the farm scores
    ** at its rates instead (Traders & Builders' pig: 4 a city instead of 3); the first listed wins. */
    int n_farm_with;
    struct mp_farm_with { int piece; int points[MP_MAX_KINDS]; } farm_with[MP_MAX_PIECES];
    char farm_category[MP_NAME];
    bool score_incomplete;        /* house rule off: incomplete features score nothing */
    int unplaceable;              /* MP_UNPLACEABLE_* */
    bool hole_extra_turn;         /* house rule: filling a hole gives another turn */
    int hand;                     /* tiles a player holds and chooses from (house rule: 3) */
    /* Board: unbounded, or a fixed set of cells. */
    bool bounded;
    int board_x0, board_y0;       /* cell coordinates of the map's top-left character */
    int board_w, board_h;
    uint8_t *board_cells;         /* w*h: 1 where a tile may lie */
    int n_fixed;
    mp_fixed_piece *fixed;        /* pieces set on the board at setup (start spaces) */
    int n_modules;
    mp_module_use modules[MP_MAX_MODULES];
    bool filters_places;          /* some module has an allows_place hook (place.c asks it) */
    /* Placement test, precomputed (place.c): each port's matching code (0 when the kind at the
    ** port need not match: two ports fit when their codes are equal); every side a tile shows
    ** (three codes) numbered (MP_SIDE_NONE: no tile shows it); per tile and rotation the
    ** numbers of its four sides (a byte each, N E S W) and what it asks of a tile across each. */
    uint8_t port_code[1 + MP_MAX_KINDS];
    uint8_t *side_index;          /* MP_SIDE_KEYS: side number of three port codes (5 bits each) */
    uint16_t side_key[MP_SIDE_NONE]; /* and back: the three port codes of a side number */
    uint32_t *tile_code;          /* n_tiles * 4 */
    uint32_t *face_code;          /* n_tiles * 4: byte s, the side a neighbour across s must show */
    uint32_t *list_code;          /* tile_code, MP_SIDE_NONE where a rotation repeats an earlier picture */
    uint8_t *surrounded_tiles;    /* bit t: tile t has a feature completed by its 3x3 block */
    /* Features, precomputed (feature.c): each tile's segments as they start (seg_first[t] is the
    ** first of tile t's in seg_template), its field-city links (link_first[t] .. link_first[t+1]
    ** in `link`: feature a | b << 8), the kinds completed by closing (closed_kinds), and the kinds
    ** a follower may go on (deploy_kinds: a role, and farms on for the farm kind). */
    struct mp_seg *seg_template;
    int *seg_first;
    uint16_t *link;
    int *link_first;
    uint16_t closed_kinds, deploy_kinds;
};

/* pieces.c: the ruleset's pieces and colours. mp_pieces_defaults sets the ordinary follower (piece
** 0, rs->followers of it) and the default colours; the readers read `pieces:` and `colours:`,
** reporting each problem through `problem` (ruleset.c's reader, which lint follows) with r->d
** filled, and return 1 when there was one. */
typedef struct mp_pieces_reader {
    mp_ruleset *rs;
    mp_diag *d;
    int (*problem)(void *arg);
    void *arg;
} mp_pieces_reader;
MP_INTERNAL void mp_pieces_defaults(mp_ruleset *rs);
MP_INTERNAL int mp_pieces_read(mp_pieces_reader *r, const mp_ynode *x);
MP_INTERNAL int mp_colours_read(mp_pieces_reader *r, const mp_ynode *x);

/* ------------------------------------------------------------------ games */

typedef struct mp_placed {
    int16_t x, y;                 /* cell */
    int16_t tile;                 /* tile kind */
    uint8_t rot;                  /* clockwise quarter turns */
    uint8_t fixed;                /* set at setup, not drawn */
    int32_t seg0;                 /* its features are segments seg0 .. seg0 + n_features - 1 */
    /* An overlay: one feature laid over the tile after it was placed (a BCB bridge), covering
    ** ports the tile leaves free. It is feature number n_features of the tile. */
    int32_t overlay;              /* its segment, -1 none */
    uint16_t overlay_ports;       /* the ports it covers, board orientation */
    uint8_t overlay_module;       /* the module that laid it (its word: mp_game_overlay_name) */
} mp_placed;

/* A feature of a placed tile. Segments joined across sides form one feature, a union-find set
** whose root carries the totals, so nothing ever rescans the board. */
typedef struct mp_seg {
    int32_t parent;               /* union-find parent; itself at a root */
    int32_t next;                 /* circular list of the set's members */
    int16_t placed;               /* index of its tile in g->placed */
    /* Valid at a root: */
    int16_t open;                 /* ports facing an empty cell of the board */
    int16_t n_segs;               /* members */
    uint8_t feature;              /* feature index on that tile */
    uint8_t kind;
    uint8_t complete;             /* completion seen (scored or not) */
    uint8_t scored;               /* already scored (never twice) */
    uint8_t icons[MP_MAX_ICONS];  /* icon totals */
    uint8_t strength[MP_MAX_PLAYERS]; /* per player, the strengths of its followers on it, summed */
    uint16_t markers;             /* bit m: a member carries marker m (an inn, a cathedral) */
} mp_seg;

/* A piece standing on the board (a figure): whose, which kind (rs->pieces) and where. */
typedef struct mp_figure {
    int8_t player;
    uint8_t piece;
    int32_t seg;                  /* the segment it stands on */
} mp_figure;

typedef struct mp_link { int32_t field, city; } mp_link;  /* a field segment borders a city segment */

/* An open cell: empty, on the board, touching a placed tile along a side. Its cell as a key that
** sorts by row then column (the order the placement list has always had), and what its
** neighbours ask of a tile's sides (its `need`: a side number a byte, N E S W; MP_SIDE_ANY where
** no tile touches): a tile turned r fits when every byte of its tile_code meets it. */
typedef struct mp_open { uint32_t key, need; } mp_open;
static inline uint32_t mp_open_key(int x, int y) {
    return (uint32_t)(uint16_t)(y ^ 0x8000) << 16 | (uint16_t)(x ^ 0x8000);
}
/* Whether side number `have` meets what an open cell asks at that side (a side number, or any). */
static inline bool mp_side_ok(unsigned have, unsigned need) { return have == need || need == MP_SIDE_ANY; }
static inline int mp_open_x(uint32_t key) { return (int)(key & 0xffff) - 0x8000; }
static inline int mp_open_y(uint32_t key) { return (int)(key >> 16) - 0x8000; }

enum { MP_MAX_COMPLETED = 64 };   /* more than one tile can complete: 16 features + 12 ports + 8 cloisters */
enum { MP_KEPT_COMPLETED = 12 };  /* the game keeps a list that short (score.c); a longer one is worked out again */

struct mp_game {
    /* What the legal list reads first, together: a list of placements touches this line and the
    ** open cells (which follow the header in the state block, state.c). */
    const mp_ruleset *rs;
    const mp_tileset *ts;
    mp_open *open;                /* the open cells (place.c), sorted by y then x */
    int n_open, cap_open;
    int open_hint;                /* the index of the cell being placed on, when known (place.c) */
    mp_phase phase;
    int player;                   /* whose decision it is */
    int forced;                   /* the tile this (queued) turn must place, -1: from the hand */
    int last_placed;              /* placed index of this turn's tile, -1 none */
    int n_players;
    uint32_t deploy_options[MP_MAX_PIECES]; /* in DEPLOY: bit f, piece k may go on feature f (deploy.c) */
    bool may_discard;             /* the tile fits only through a module's action (a bridge): the
                                  ** player may place it so, or pass and discard it */
    bool from_bag;                /* this turn's tile was drawn from the bag (not a queued tile) */
    bool pending;                 /* a hook asked for a decision (mp_game_request) */
    uint8_t maybe_completed;      /* this turn's placement (or bridge) may have completed a feature:
                                  ** MP_CLOSED_ONE, MP_FILLED_BLOCK (a cloister's) */
    int8_t n_completed;           /* the features it completed, as listed for a module's
                                  ** before_score hook and kept for scoring (score.c); -1: not
                                  ** kept (not listed since a tile or bridge was laid, scoring
                                  ** ended, or longer than MP_KEPT_COMPLETED) */
    int8_t hand_n[MP_MAX_PLAYERS];
    int16_t hand[MP_MAX_PLAYERS][MP_MAX_HAND]; /* tiles each player holds (1 unless `hand:`) */
    /* The grid: cells[(y - gy0) * gw + (x - gx0)] = placed index, -1 empty, -2 off the board;
    ** near[...] the tiles in the cell's 3x3 block (low bits), MP_NEAR_SURROUNDED (grid.c). */
    int gx0, gy0, gw, gh;
    int16_t *cells;
    uint8_t *near;
    int n_placed, cap_placed;
    mp_placed *placed;
    int n_segs, cap_segs;
    mp_seg *segs;
    int n_links, cap_links;
    mp_link *links;
    int n_figures, cap_figures;
    mp_figure *figures;           /* in the order they were deployed */
    int n_final;                  /* the figures as they stood when final scoring began, for display */
    mp_figure *final_figures;     /* (cap_figures) */
    int cap_log;                  /* capacities sized at setup (state.c) */
    size_t block_bytes;           /* the header and every array after it (state.c) */
    int min_x, min_y, max_x, max_y;  /* bounding box of placed tiles */
    uint64_t rng[4];              /* xoshiro256** state */
    /* The bag: bag[bag_pos .. n_bag-1] are still to draw. */
    int n_bag, bag_pos;
    int16_t *bag;
    /* Turn state. */
    int32_t completed[MP_KEPT_COMPLETED];  /* (n_completed) */
    int turn_player;              /* whose turn it is */
    int base_player;              /* whose turn it is in the normal order (extra turns aside) */
    int turns;                    /* tiles placed from the bag */
    int stage;                    /* where the turn goes on after a decision (game.c) */
    int stage_hook;               /* next module whose hook of this stage has to run */
    int n_queued;                 /* extra turns waiting, before the next player in order */
    /* Each with the module that queued it (-1: the kernel's own rule, a hole filled). */
    struct mp_queued_turn { int8_t player, module; int16_t tile; } queued[MP_MAX_PLAYERS * 2];
    int turn_module;              /* the module that queued the turn being played, -1: none */
    int8_t pending_module, pending_player;
    int discarded;                /* tiles drawn unplaceable and discarded */
    int n_log;                    /* tiles that left the bag for good, in order: placed or discarded */
    int16_t *log;                 /* tile kind, + MP_LOG_DISCARDED when it fitted nowhere */
    /* Scores. */
    int16_t supply[MP_MAX_PLAYERS][MP_MAX_PIECES];   /* pieces of each kind in each player's supply */
    int score[MP_MAX_PLAYERS];
    int n_categories;
    const char *categories[MP_MAX_KINDS + 1 + MP_MAX_EXTRA_CATS];
    int farm_category;
    uint32_t module_categories;  /* bit c: a module scores in category c */
    /* Module state: one block per active module, copied with the game. */
    void *mstate[MP_MAX_MODULES];
    int module_phase;            /* in MP_PHASE_MODULE: index of the module that asked */
    /* The scoring log (events.c), outside the state block: NULL unless asked for, so that bots
    ** and benchmarks neither keep nor copy it. */
    struct mp_events *events;
    /* Points by player and category, last: a copy takes the rows of the game's players only
    ** (state.c), and nothing reads a row past them. */
    int points[MP_MAX_PLAYERS][MP_MAX_KINDS + 1 + MP_MAX_EXTRA_CATS];
};

/* What lies at port `port` (board orientation) of a placed tile: the tile's own feature, or the
** overlay laid over it. Every lookup of a placed tile's ports goes through these two. */
static inline int mp_placed_port_kind(const mp_game *g, const mp_placed *p, int port) {
    if (p->overlay >= 0 && (p->overlay_ports >> port & 1)) return 1 + g->segs[p->overlay].kind;
    return g->ts->tiles[p->tile].port_kind[p->rot][port];
}
static inline int32_t mp_placed_port_seg(const mp_game *g, const mp_placed *p, int port) {
    if (p->overlay >= 0 && (p->overlay_ports >> port & 1)) return p->overlay;
    int f = g->ts->tiles[p->tile].port_feature[p->rot][port];
    return f < 0 ? -1 : p->seg0 + f;
}
/* Features of a placed tile, the overlay included (it comes last), and the segment of each. */
static inline int mp_placed_n_features(const mp_game *g, const mp_placed *p) {
    return g->ts->tiles[p->tile].n_features + (p->overlay >= 0);
}
static inline int32_t mp_placed_feature_seg(const mp_game *g, const mp_placed *p, int feature) {
    int n = g->ts->tiles[p->tile].n_features;
    if (feature >= 0 && feature < n) return p->seg0 + feature;
    return feature == n && p->overlay >= 0 ? p->overlay : -1;
}
/* The kind of a segment's feature, and whether it is an overlay (no tile feature behind it). */
static inline bool mp_seg_is_overlay(const mp_game *g, int32_t s) {
    return g->placed[g->segs[s].placed].overlay == s;
}

/* state.c: a game's arrays in one block after its header, sized for everything the ruleset can
** hold (zeroed); the grid is the caller's. */
MP_INTERNAL mp_game *mp_state_new(const mp_ruleset *rs, int n_players);

/* grid.c */
MP_INTERNAL int mp_grid_init(mp_game *g);
/* What lies at a cell: a placed index, -1 empty, -2 off the board. Inline: the hottest lookup. */
static inline int32_t mp_grid_get(const mp_game *g, int x, int y) {
    unsigned gx = (unsigned)(x - g->gx0), gy = (unsigned)(y - g->gy0);
    if (gx >= (unsigned)g->gw || gy >= (unsigned)g->gh) return g->rs->bounded ? -2 : -1;
    return g->cells[gy * (unsigned)g->gw + gx];
}
MP_INTERNAL void mp_grid_set(mp_game *g, int x, int y, int32_t placed);
/* A tile was set at x,y (with a feature completed by its 3x3 block: `surrounded`): the cells of
** its block count it. True when that filled the block of such a tile (a cloister is complete). */
enum { MP_NEAR_SURROUNDED = 0x80, MP_NEAR_COUNT = 0x0f };
enum { MP_NEAR_SLACK = 4 };   /* bytes after the last cell's count: a block's row is counted 4 bytes at a time */
MP_INTERNAL bool mp_grid_count_near(mp_game *g, int x, int y, bool surrounded);
static inline int mp_grid_near(const mp_game *g, int x, int y) {
    return g->near[(y - g->gy0) * g->gw + (x - g->gx0)] & MP_NEAR_COUNT;
}
/* What lies across the four sides (N E S W) of cell x,y, which must be a placed tile's (the window
** keeps two cells around every tile, and a bounded board two of wall): no bounds to check. */
static inline void mp_grid_around(const mp_game *g, int x, int y, int32_t nb[4]) {
    const int16_t *c = &g->cells[(y - g->gy0) * g->gw + (x - g->gx0)];
    nb[0] = c[-g->gw];
    nb[1] = c[1];
    nb[2] = c[g->gw];
    nb[3] = c[-1];
}
/* The cell across `side` (N E S W) of cell x,y. */
static inline void mp_grid_neighbour(int x, int y, int side, int *nx, int *ny) {
    *nx = x + (side == MP_E) - (side == MP_W);
    *ny = y + (side == MP_S) - (side == MP_N);
}

/* feature.c */
MP_INTERNAL int32_t mp_seg_find(mp_game *g, int32_t s);
/* The root of a segment's set, without path compression (for const games); inline: modules ask
** it of nearly every feature they look at (module.c). */
static inline int32_t mp_seg_root(const mp_game *g, int32_t s) {
    while (g->segs[s].parent != s) s = g->segs[s].parent;
    return s;
}
MP_INTERNAL void mp_feature_prepare(mp_ruleset *rs);   /* segment templates, links, kind masks: at load */
MP_INTERNAL int mp_feature_add_tile(mp_game *g, int tile, int x, int y, int rot, bool fixed);
MP_INTERNAL int mp_feature_tiles(const mp_game *g, int32_t root);
/* Lays an overlay feature of `kind` over placed tile `placed`, covering `ports` (board
** orientation, ports no feature of the tile covers): its segment joins what its ports meet, as a
** placed tile's would. Returns the segment, -1 when the tile already has one or memory fails. */
MP_INTERNAL int32_t mp_feature_add_overlay(mp_game *g, int placed, int kind, uint16_t ports);
MP_INTERNAL int mp_feature_surround(const mp_game *g, int32_t seg);  /* cells of the 3x3 that hold tiles */
MP_INTERNAL int mp_feature_surround_count(const mp_game *g, int placed); /* the same, counted on the board */
/* An unfinished feature that someone holds, as potential.c lists them: its kind, the ports (a
** cloister: cells) it lacks, what finishing it would add to its final-scoring points, and the seats
** (bits) that would score it. */
typedef struct mp_open_feature { int kind, missing, gain; unsigned holders; } mp_open_feature;
/* Calls visit for each such feature that may still be finished (no more missing than tiles left). */
MP_INTERNAL void mp_open_features(const mp_game *g, void (*visit)(void *ctx, const mp_open_feature *f), void *ctx);

/* place.c */
MP_INTERNAL int mp_place_prepare(mp_ruleset *rs, mp_diag *d);  /* side numbers and tile codes, at load */
/* What the tiles around cell x,y ask of a tile placed there (a need, as an open cell's); returns the
** sides that touch a tile. */
MP_INTERNAL unsigned mp_place_need(const mp_game *g, int x, int y, uint32_t *need);
/* A tile was placed: the open cells around it. nb: what lies across its sides N E S W (placed
** index, -1 empty, -2 the wall). */
MP_INTERNAL void mp_place_open_tile(mp_game *g, int placed, const int32_t nb[4]);
MP_INTERNAL void mp_place_open_overlay(mp_game *g, int placed); /* an overlay changed its ports */
/* The legal placements recomputed from the board alone, with no open-cell bookkeeping: the
** reference the fast list is tested against. */
MP_INTERNAL int mp_place_list_reference(const mp_game *g, int tile, mp_action *out, int cap);
MP_INTERNAL bool mp_place_fits(const mp_game *g, int tile, int x, int y, int rot);
/* The same, returning the cell's index among the open cells (-1: it does not fit). */
MP_INTERNAL int mp_place_fits_at(const mp_game *g, int tile, int x, int y, int rot);
MP_INTERNAL int mp_place_list(const mp_game *g, int tile, mp_action *out, int cap);
MP_INTERNAL bool mp_place_any(const mp_game *g, int tile);
/* The same as the game plays them: less what a module's allows_place hook forbids (the river's
** no U-turn). With no such module, the lists above, at their speed. */
MP_INTERNAL bool mp_place_allowed(const mp_game *g, const mp_action *place);
/* The same, the refusing module's rule in words into why (when not NULL). */
MP_INTERNAL bool mp_place_allowed_why(const mp_game *g, const mp_action *place, char *why, size_t size);
MP_INTERNAL int mp_place_list_filtered(const mp_game *g, int tile, mp_action *out, int cap);
static inline int mp_place_list_allowed(const mp_game *g, int tile, mp_action *out, int cap) {
    return g->rs->filters_places ? mp_place_list_filtered(g, tile, out, cap) : mp_place_list(g, tile, out, cap);
}
static inline bool mp_place_any_allowed(const mp_game *g, int tile) {
    return mp_place_any(g, tile) && (!g->rs->filters_places || mp_place_list_filtered(g, tile, NULL, 0) > 0);
}
/* The SIMD path the list tests open cells with (list.c; mp_simd_path, mp_simd_name and
** mp_simd_runs in meeple.h): once chosen it is only read, so lists may run on many threads.
** For tests, on one thread: lists take this path from now on. False (no change) when it does not
** run here. */
MP_INTERNAL bool mp_simd_use(mp_simd path);
/* mp_mod_place_near_misses and mp_mod_place_near_miss (module.h) for tile `tile`, unchecked. */
MP_INTERNAL int mp_place_near_misses(const mp_game *g, int tile, const uint16_t *shapes, int n_shapes,
                                     mp_near_miss *out, int cap);
MP_INTERNAL unsigned mp_place_near_miss(const mp_game *g, int tile, int x, int y, int rot, const uint16_t *shapes,
                                        int n_shapes);
/* The fit test on its parts, for the module doors that change them (a placement with an
** overlay, module.c) and for mp_game_check: the kinds of the ports facing cell x,y
** (their[side][k] is what faces port 3*side+k, 0 nothing) and the sides that touch a tile
** (returned as a mask, 0: none); then whether a tile whose ports hold `kinds` (1 + kind, 0
** nothing) fits against them. */
MP_INTERNAL unsigned mp_place_facing(const mp_game *g, int x, int y, uint8_t their[4][3]);
MP_INTERNAL bool mp_place_fits_facing(const mp_game *g, const uint8_t kinds[MP_PORTS], unsigned touch,
                                      const uint8_t their[4][3]);
/* module.c: the ports of tile `tile` turned rot at cell x,y that do not meet what the tiles around
** show (bit p; 0 when it fits by the edges alone), and the sides that touch a tile (bit s), worked
** out port by port: the reference tests/test_place.c holds the near misses against. */
MP_INTERNAL uint16_t mp_place_mismatch(const mp_game *g, int tile, int x, int y, int rot, unsigned *touching);
/* Why a placement is illegal, in words ("side E at port E: road meets city"). */
MP_INTERNAL void mp_place_why(const mp_game *g, int tile, int x, int y, int rot, char *buf, size_t size);

/* deploy.c */
/* The deployments the tile just placed offers (deploy_options), worked out once as DEPLOY begins
** (and again after a module's action in it); the list and the check read them. */
MP_INTERNAL void mp_deploy_prepare(mp_game *g);
MP_INTERNAL int mp_deploy_list(const mp_game *g, mp_action *out, int cap);
MP_INTERNAL bool mp_deploy_allowed(const mp_game *g, int piece, int feature);
MP_INTERNAL void mp_deploy_put(mp_game *g, int player, int piece, int32_t seg);
MP_INTERNAL void mp_deploy_return(mp_game *g, int32_t root);
MP_INTERNAL void mp_deploy_return_one(mp_game *g, int i);

/* score.c */
MP_INTERNAL int mp_score_points(const mp_game *g, int32_t root, bool complete);
/* The same as if the feature had `tiles` tiles (-1: its own): a cloister's points once surrounded. */
MP_INTERNAL int mp_score_points_of(const mp_game *g, int32_t root, bool complete, int tiles);
/* Whether the feature (a root) is complete: scored as such, or closed now by the tile just placed,
** before the scoring of its turn has run (for queries made during deployment). */
MP_INTERNAL bool mp_score_complete_now(const mp_game *g, int32_t root);
MP_INTERNAL unsigned mp_score_majority(const mp_game *g, const uint8_t *strength);
/* Gives points to players (a bit set) in a category, and logs it (a module's event, labelled with
** the category's name); mp_score_award_why says why, and of which feature (a root, -1 none). */
MP_INTERNAL void mp_score_award(mp_game *g, unsigned players, int points, int category);
MP_INTERNAL void mp_score_award_why(mp_game *g, unsigned players, int points, int category, int why, int32_t root);
/* A module's points, logged with its word for what scored ("castle", "wall tile 4") and the feature
** that earned them (a root, -1 none). */
/* The same with a word for what scored (a pig's farm bonus: "pig"). */
MP_INTERNAL void mp_score_award_labelled(mp_game *g, unsigned players, int points, int category, int why, int32_t root,
                                         const char *label);
MP_INTERNAL void mp_score_award_module(mp_game *g, unsigned players, int points, int category, int32_t root,
                                       const char *label);
MP_INTERNAL void mp_score_completed(mp_game *g);
/* The features the tile just placed completed and that are not scored yet (roots), in the
** kernel's order; at most cap written; returns how many. For a module deciding before scoring. */
MP_INTERNAL int mp_score_list_completed(mp_game *g, int32_t *out, int cap);
MP_INTERNAL void mp_score_final(mp_game *g);

/* events.c: the scoring log. */
MP_INTERNAL struct mp_events *mp_events_new(void);
MP_INTERNAL struct mp_events *mp_events_copy(const struct mp_events *e);
MP_INTERNAL void mp_events_free(struct mp_events *e);
/* Logs points given (nothing when g keeps no log, nobody is paid or the points are 0); label:
** a module's word for what scored, "" for a feature. */
MP_INTERNAL void mp_events_add(mp_game *g, unsigned players, int points, int category, int why, int32_t root,
                               const char *label);
/* From now on the events are the final scoring's. */
MP_INTERNAL void mp_events_final(mp_game *g);

/* farm.c */
MP_INTERNAL void mp_farm_score(mp_game *g);

/* game.c, for modules. */
/* A score category for a module's points ("castle": a string that outlives the game); returns
** its index, -1 when full. */
MP_INTERNAL int mp_game_add_category(mp_game *g, const char *name);
/* From inside a hook: the turn stops for a decision of `player` that module `module` (its
** index in the ruleset) will list (legal hook) and take (apply hook); when the apply hook
** returns without asking again, the turn goes on from where it stopped. */
MP_INTERNAL void mp_game_request(mp_game *g, int module, int player);
/* Queues an extra turn for `player`, played before the next player in order, with `tile`
** (a tile kind, not taken from the bag) or, with tile -1, a tile drawn from the bag.
** Returns 1 when the queue is full. */
MP_INTERNAL int mp_game_queue_turn(mp_game *g, int player, int tile);
/* The same, queued by module `module` (-1: the kernel), at the end of the queue or, first, in front
** of the turns already waiting (a builder's second tile in a bazaar's round). */
MP_INTERNAL int mp_game_queue_turn_by(mp_game *g, int player, int tile, int module, bool first);
/* Takes the next n tiles out of the bag (a bazaar turns them up); returns how many it took. */
MP_INTERNAL int mp_game_take_tiles(mp_game *g, int n, int16_t *out);
/* For a module's own placement action (a tile with a bridge), in the PLACE phase: checks that the
** tile is the one to place, places it with no fit test (the module has made its own) and leaves
** the turn just after placement; when the module's apply returns, the turn goes on (after_place
** hooks, deployment, ...) as after a PLACE action. Returns the placed index, -1 with d filled. */
MP_INTERNAL int mp_game_put_tile(mp_game *g, const mp_action *a, mp_diag *d);

/* game.c: the index of module v among the ruleset's modules, -1 when the ruleset does not use it. */
MP_INTERNAL int mp_game_module_index(const mp_game *g, const mp_module *v);

/* modules.c: the compiled-in modules (the kernel finds a ruleset's modules by name). */
MP_INTERNAL const mp_module *mp_module_find(const char *name);
MP_INTERNAL int mp_module_count(void);
MP_INTERNAL const mp_module *mp_module_at(int i);

/* What a hook of module i gets (module.h): a view for a hook that reads, a context for one that
** changes the game. */
static inline mp_module_view mp_module_view_of(const mp_game *g, int i) {
    return (mp_module_view){ g, g->mstate[i], g->rs->modules[i].config, i };
}
static inline mp_module_ctx mp_module_ctx_of(mp_game *g, int i) {
    return (mp_module_ctx){ mp_module_view_of(g, i), g, g->mstate[i] };
}
/* The loop every caller of a hook shares: for each module of g's ruleset that has `hook`, in the
** ruleset's order (the hook order), i its index and m its table:
**     MP_EACH_MODULE_WITH(g, end_turn, i, m) { mp_module_ctx c = mp_module_ctx_of(g, i); m->end_turn(&c); } */
#define MP_EACH_MODULE_WITH(g, hook, i, m)                                                                  \
    for (int i = 0; i < (g)->rs->n_modules; i++)                                                            \
        for (const mp_module *m = (g)->rs->modules[i].v; m && m->hook; m = NULL)

/* rng.c */
MP_INTERNAL void mp_rng_seed(uint64_t s[4], uint64_t seed);
MP_INTERNAL uint64_t mp_rng_next(uint64_t s[4]);
MP_INTERNAL uint32_t mp_rng_below(uint64_t s[4], uint32_t n);

#endif
