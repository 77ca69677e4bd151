/*
** jcz-view.h: the game as JCloisterZone shows it where a .jcz file ends (jcz-view.c), for
** reading the file's test assertions (jcz-assert.c).
**
** meeple runs a turn's scoring as soon as its last decision is taken; JCloisterZone waits for the
** COMMIT message first (CommitActionPhase). So a file that ends inside a turn shows in
** JCloisterZone a game meeple has already moved past: the view gives the phase, the player to act,
** what he may do, and the scores and scoring events as JCloisterZone has them then.
*/
#ifndef MP_TOOLS_JCZ_VIEW_H
#define MP_TOOLS_JCZ_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "jcz.h"
#include "jcz-location.h"

typedef enum jcz_phase {
    JCZ_TILE_PHASE,          /* TilePhase: place the tile */
    JCZ_ACTION_PHASE,        /* ActionPhase: a follower, a bridge, or pass */
    JCZ_CASTLE_PHASE,        /* CastlePhase: turn a town just completed into a castle, or pass */
    JCZ_BAZAAR_PHASE,        /* BazaarPhase: select, bid, buy or sell */
    JCZ_COMMIT_PHASE,        /* CommitActionPhase: the turn's decisions taken, waiting for COMMIT */
    JCZ_GAME_OVER,           /* GameOverPhase */
    JCZ_UNMAPPED             /* a decision of a module JCloisterZone has no phase for */
} jcz_phase;

typedef struct jcz_view {
    const mp_game *g;        /* the game as the file leaves it (the importer's, its open turn included) */
    const mp_game *scored;   /* whose scores and scoring events JCloisterZone shows: g, or in
                             ** CommitActionPhase the game before the turn's scoring */
    const mp_tileset *ts;
    jcz_phase phase;
    const char *phase_name;  /* JCloisterZone's class name ("TilePhase"); for JCZ_UNMAPPED the module's */
    int player;              /* the seat to act, -1 none (game over): JCloisterZone's active player */
    int turn_player;         /* the seat whose turn it is, -1 none (game over): the player to place
                             ** in TilePhase, the placer after it; in a bazaar's auction the player who
                             ** placed the bazaar (bidders act in his turn); a second tile's turn is the
                             ** same player's */
    bool can_pass;           /* JCloisterZone's canPass */
    bool undo;               /* whether undo would take back an action of that player this turn */
    bool no_auction;         /* the game's bazaars run without auction */
    int n_players;
    const char *const *names;
    /* Each kind of piece's class in JCloisterZone, which its Meeple actions name: the meeple type
    ** with a capital, Follower after it for a follower (SmallFollower, BigFollower); "" none. */
    int n_pieces;
    char piece_class[8][40];
} jcz_view;

/* The view of an import (names: the players, in seat order). */
void jcz_view_of(const jcz_import *j, const char *const *names, jcz_view *v);
/* The kind of piece whose JCloisterZone class is `name` ("BigFollower"), -1 none. */
int jcz_view_piece(const jcz_view *v, const char *name);
/* JCloisterZone's name of a phase: "TilePhase", ... */
const char *jcz_phase_name(jcz_phase p);

/* An action offered now, as JCloisterZone names its type, with what it is about (the tile id of a
** TilePlacement, the meeple type of a Meeple action, the token a Bridge or Castle action
** places), NULL when nothing (the bazaar's actions and Confirm carry none). */
typedef struct jcz_offer { const char *type; const char *about; } jcz_offer;
/* The actions offered now, at most cap written; returns how many. */
int jcz_view_offers(const jcz_view *v, jcz_offer *out, int cap);

/* One tile placement: a cell and a rotation in degrees. */
typedef struct jcz_placement { int x, y, degrees; } jcz_placement;
/* Where `tile` could be placed now, as JCloisterZone lists it: every rotation that fits (also
** those that repeat a picture), placements legal only with a bridge included, each once, grouped
** by cell in meeple's order. JCloisterZone's own draw decides the tile to place; meeple cannot know
** it, so the tile may be the one meeple drew or any still in the bag, placed by the player to
** act. Returns how many (at most cap written), or -1 with why filled when it cannot be placed now:
** no tile is to be placed, it is neither drawn nor in the bag, or it fits nowhere. */
int jcz_view_placements(const jcz_view *v, int tile, jcz_placement *out, int cap, char *why, size_t size);

/* One deployment of a follower: JCloisterZone's feature type, its location on the tile as placed,
** the tile's cell. */
typedef struct jcz_deployment { char feature[16]; char location[JCZ_LOCATION_MAX]; int x, y; } jcz_deployment;
/* The deployments of a kind of piece offered now (ActionPhase; piece 0: the small follower), at
** most cap written; returns how many (0 when none is offered). */
int jcz_view_deployments(const jcz_view *v, int piece, jcz_deployment *out, int cap);

/* JCloisterZone's name of a scoring event up to its first '.': road, city, field (farms),
** monastery (cloisters), castle (a castle's fief); NULL when it has none (a bazaar's price). */
const char *jcz_event_name(const mp_game *g, const mp_score_event *e);

#endif
