/*
** api-games-pictures.c: a game's pictures (meeple-serve(1), API): its board as the render code draws
** it (meeple-render(1)), with a ring of empty cells around the tiles for the page to show where the
** drawn tile may go, and where each cell lies in it; the drawn tile; any tile of its ruleset.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api-games.h"
#include "render.h"

/* A picture drawn by fn into memory: the text (malloc'ed), or NULL when drawing failed. */
typedef int (*draw_fn)(FILE *f, void *arg);

static char *draw_to_memory(draw_fn fn, void *arg) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return NULL;
    int rc = fn(f, arg);
    if (fclose(f) || rc) { free(text); return NULL; }
    return text;
}

typedef struct board_args { const game *gm; render_geometry geo; } board_args;

static int draw_board(FILE *f, void *arg) {
    board_args *b = arg;
    char title[96];
    snprintf(title, sizeof title, "game %d: %s", b->gm->id, mp_ruleset_name(b->gm->rs));
    render_view v = { .margin_cells = 1 };
    return render_game_view_svg(f, b->gm->g, title, b->gm->name_of, &v, &b->geo);
}

api_reply game_board(const game *gm) {
    board_args b;
    memset(&b, 0, sizeof b);
    b.gm = gm;
    char *svg = draw_to_memory(draw_board, &b);
    if (!svg) return api_error(500, "cannot draw the board of game %d", gm->id);
    json j;
    jw_init(&j, NULL);
    jw_object(&j);
    jw_key(&j, "svg"); jw_string(&j, svg);
    jw_key(&j, "geometry"); jw_object(&j);
    jw_key(&j, "size"); jw_double(&j, b.geo.size);
    jw_key(&j, "x0"); jw_double(&j, b.geo.x0);
    jw_key(&j, "y0"); jw_double(&j, b.geo.y0);
    jw_key(&j, "min_x"); jw_int(&j, b.geo.min_x);
    jw_key(&j, "min_y"); jw_int(&j, b.geo.min_y);
    jw_key(&j, "max_x"); jw_int(&j, b.geo.max_x);
    jw_key(&j, "max_y"); jw_int(&j, b.geo.max_y);
    jw_object_end(&j);
    jw_object_end(&j);
    free(svg);
    return reply_json(200, jw_take(&j));
}

typedef struct tile_args { const mp_tileset *ts; int tile, rot; } tile_args;

static int draw_tile_alone(FILE *f, void *arg) {
    const tile_args *t = arg;
    return render_tile_svg(f, t->ts, t->tile, t->rot, 96);
}

/* ?rot=R: 0 to 3, 0 when not given; -1 (and *err) when it is something else. */
static int rotation_arg(const api_request *rq, api_reply *err) {
    const char *s = rq->arg ? rq->arg(rq->cls, "rot") : NULL;
    long rot = s ? parse_id(s, NULL) : 0;
    if (rot < 0 || rot > 3) {
        *err = api_error(400, "rot '%s' is not a rotation; expected 0, 1, 2 or 3 (quarter turns clockwise)", quoted(s));
        return -1;
    }
    return (int)rot;
}

static api_reply tile_svg(const mp_tileset *ts, int tile, int rot) {
    tile_args t = { ts, tile, rot };
    char *svg = draw_to_memory(draw_tile_alone, &t);
    return svg ? reply_text(200, "image/svg+xml", svg) : api_error(500, "cannot draw tile %s", mp_tileset_tile_id(ts, tile));
}

api_reply game_drawn_svg(const game *gm, const api_request *rq) {
    api_reply err;
    int rot = rotation_arg(rq, &err), tile = mp_game_drawn_tile(gm->g);
    if (rot < 0) return err;
    if (tile < 0 || mp_game_phase(gm->g) == MP_PHASE_OVER)
        return api_error(404, "game %d has no tile drawn; expected a game waiting for a tile to be placed", gm->id);
    return tile_svg(mp_ruleset_tiles(gm->rs), tile, rot);
}

api_reply game_tile_svg(const game *gm, const api_request *rq, const char *name) {
    api_reply err;
    int rot = rotation_arg(rq, &err);
    if (rot < 0) return err;
    size_t len = strlen(name);
    const mp_tileset *ts = mp_ruleset_tiles(gm->rs);
    char id[128];
    int tile = -1;
    if (len > 4 && len - 4 < sizeof id && !strcmp(name + len - 4, ".svg")) {
        memcpy(id, name, len - 4);
        id[len - 4] = 0;
        tile = mp_tileset_find(ts, id);
    }
    if (tile < 0)
        return api_error(404, "no tile '%s' in ruleset '%s'; expected a tile id of the ruleset and .svg, as tiles/D.svg",
                         quoted(name), mp_ruleset_name(gm->rs));
    return tile_svg(ts, tile, rot);
}
