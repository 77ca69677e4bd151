/*
** variant.h: the hook table through which a compiled-in variant module joins a game.
**
** A ruleset turns a module on by name under `variants:`, with an `options:` block the module
** reads once, at load time (configure). During a game the kernel calls the module's hooks at
** fixed points of the turn (see ARCHITECTURE.md, "A turn"). A NULL hook means "nothing to add".
** All of a module's per-game state lives in the block of state_size bytes the kernel keeps with
** the game (copied when the game is cloned); all its randomness comes from the game's RNG. So
** games stay deterministic and cheap to copy.
**
** Adding a variant (the checklist):
**   1. variants/<name>/<name>.c defining `const mp_variant mp_variant_<name>`, hooks as statics;
**   2. a line in variants/registry.c (kept sorted by name);
**   3. its sources in Makefile.am (libmeeple_core_la_SOURCES);
**   4. a ruleset in rulesets/ that uses it (tests/test_variants.c checks every module is used);
**   5. tests of its worked examples, and its options in meeple-ruleset(5).
*/
#ifndef MP_VARIANT_H
#define MP_VARIANT_H

#include <stddef.h>
#include "../core/internal.h"
#include "../core/yamlx.h"

struct mp_variant {
    const char *name;             /* key in a ruleset's `variants:` list */
    const char *summary;          /* one line, for `meeple rulesets` */
    size_t state_size;            /* per-game bytes, zeroed at setup, copied with the game */

    /* Load time: read `options:` (may be NULL) into *config, allocated in the ruleset arena. */
    int (*configure)(mp_arena *a, const mp_ynode *options, void **config, mp_diag *d);
    /* Setup: supplies of tokens, tiles to add, score categories (mp_game_add_category). */
    int (*setup)(mp_game *g, void *st, const void *config, mp_diag *d);
    /* Extra legal actions in the current phase (for MP_PHASE_PLACE: placements that exist only
    ** with the module, such as a tile plus a bridge). Returns how many it has, writes up to cap. */
    int (*legal)(const mp_game *g, const void *st, const void *config, mp_action *out, int cap);
    /* Applies an action whose `variant` is this module; 0 or non-zero with d filled. */
    int (*apply)(mp_game *g, void *st, const void *config, const mp_action *a, mp_diag *d);
    /* After the tile is placed and before deployment. */
    void (*after_place)(mp_game *g, void *st, const void *config, int placed);
    /* After deployment and before scoring; may ask for a decision (mp_game_request). */
    void (*before_score)(mp_game *g, void *st, const void *config);
    /* The features a placement completed are about to score, in this order: may reorder roots[]
    ** (The Castle: the placer's features first, in the order the placer chose). */
    void (*score_order)(mp_game *g, void *st, const void *config, int32_t *roots, int n);
    /* A completed feature is about to score: may change its points. */
    void (*score_feature)(const mp_game *g, const void *st, const void *config, int32_t root, int *points);
    /* A completed feature has been scored (or completed unoccupied): castles watch their fiefs. */
    void (*feature_scored)(mp_game *g, void *st, const void *config, int32_t root, int points);
    /* End of a turn, after scoring; may queue decisions or extra turns (bazaar). */
    void (*end_turn)(mp_game *g, void *st, const void *config);
    /* Final scoring, before the kernel's, while every follower still stands (majorities). */
    void (*before_final_scoring)(mp_game *g, void *st, const void *config);
    /* Final scoring, after the kernel's incomplete features and farms. */
    void (*final_scoring)(mp_game *g, void *st, const void *config);
    /* Notation of its actions after "!name:" (meeple-notation(7)): write the arguments (snprintf's
    ** return), and read them back, setting d->column on error counting from 1 at the first
    ** character of args. NULL: the generic "CODE[,A[,B[,C]]]" whole numbers. */
    int (*format)(const mp_game *g, const void *st, const void *config, const mp_action *a, char *buf, size_t size);
    int (*parse)(const mp_game *g, const void *st, const void *config, const char *args, mp_action *out, mp_diag *d);
    /* Its action in words, for a human deciding ("select open tile 2 (BB-3), bidding 0"); snprintf's
    ** return. NULL: "variant action CODE". */
    int (*describe)(const mp_game *g, const void *st, const void *config, const mp_action *a, char *buf, size_t size);
    /* What the module's state shows, in a line of words: for a player (player >= 0: "track 33,
    ** wall tile 9") or the whole game (-1: "wall tiles on the track at 12/13 ..."); "" nothing. */
    int (*status)(const mp_game *g, const void *st, const void *config, int player, char *buf, size_t size);
    /* Tokens the module gives each player (bridges, castle tokens): what they are called, and how
    ** many a player still has in the supply (mp_game_token_supply; for display and tests). */
    const char *tokens_name;
    int (*tokens)(const mp_game *g, const void *st, const void *config, int player);
    /* What the module keeps face down, dealt anew for a search (mp_game_determinize): one sample
    ** consistent with what `player` has seen, drawn from the game's generator (already reseeded),
    ** and independent of the real deal (put the pool in a canonical order before shuffling). */
    void (*redeal)(mp_game *g, void *st, const void *config, int player);
    /* Invariants, for mp_game_check: 0 when consistent. */
    int (*check)(const mp_game *g, const void *st, const void *config, mp_diag *d);
};

/* game.c: the index of module v among the ruleset's variants (what mp_game_request and an
** action's `variant` field take), -1 when the ruleset does not use it. */
MP_INTERNAL int mp_game_variant_index(const mp_game *g, const mp_variant *v);

/* variants/registry.c */
MP_INTERNAL const mp_variant *mp_variant_find(const char *name);
MP_INTERNAL int mp_variant_count(void);
MP_INTERNAL const mp_variant *mp_variant_at(int i);
/* Lets a test program add a module of its own, found by name like the compiled-in ones. */
MP_INTERNAL int mp_variant_register_for_tests(const mp_variant *v);

#endif
