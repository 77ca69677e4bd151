/*
** api-games.h: what the files of the games room (/api/games, meeple-serve(1), section API) share:
** a game in play and the replies made of it. api-games.c keeps the table and plays; api-games-state.c
** writes a game's state with its choices; api-games-pictures.c draws its board and its tiles.
*/
#ifndef MP_TOOLS_API_GAMES_H
#define MP_TOOLS_API_GAMES_H

#include <pthread.h>

#include "api-room.h"

enum { GAME_TURN_TEXT = 4096 };

typedef struct game {
    pthread_mutex_t lock;                   /* held while a request reads or plays the game */
    int id;
    mp_ruleset *rs;
    mp_game *g;
    mp_record *rec;
    int n;
    char names[MP_MAX_PLAYERS][64];
    const char *name_of[MP_MAX_PLAYERS];
    mp_bot *bots[MP_MAX_PLAYERS];           /* NULL for a human seat */
    char tokens[MP_MAX_PLAYERS][33];
    char turn[GAME_TURN_TEXT];              /* this turn's actions so far, in notation */
    /* Undo within a turn: the game and the turn's text when the decision became seat undo_seat's
    ** (the start of its turn, after the bots and the draw); NULL when the decision is no human's. */
    mp_game *undo_game;
    int undo_seat;
    char undo_turn[GAME_TURN_TEXT];
} game;

/* The seat whose token this is in gm (a human seat), or -1 (no token, or no seat's). */
int game_seat_of(const game *gm, const char *token);
/* Whether the human seat may undo now: the decision is still its own and it has acted since. */
bool game_can_undo(const game *gm, int seat);

/* The state (meeple-serve(1), GET /api/games/ID) as seen by `seat` (-1: by nobody's token). */
api_reply game_state(const game *gm, int seat, int status);

/* GET /api/games/ID/board, /drawn.svg?rot=R and /tiles/TILE.svg?rot=R. */
api_reply game_board(const game *gm);
api_reply game_drawn_svg(const game *gm, const api_request *rq);
api_reply game_tile_svg(const game *gm, const api_request *rq, const char *name);

#endif
