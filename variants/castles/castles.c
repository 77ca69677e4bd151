/*
** castles.c: castle tokens (Bridges, Castles and Bazaars, the rulebook's "Castles").
**
** When a tile completes a town (a city of exactly two one-side segments, each of a shape the
** ruleset lets become a castle: caps, and triangles under ZMG), its occupier decides: keep it as a
** town (it scores now, as usual) or turn it into a castle. A castle is the city's feature turned
** into the tile set's `castle` kind: complete, never scored as a city, bordering farms for the
** ruleset's castle farm points, its knight staying in it. Its fief is the 3x2 block of the town's
** two tiles and their neighbours along the shared side. The first feature with a segment on the
** fief that completes in a later scoring round gives the castle's owner its points (the highest,
** when several complete at once, scored or not), and the knight comes home; a castle that scores
** this way counts as such a feature for a neighbouring castle. An unfinished castle scores nothing.
** A castle takes one of its owner's tokens: a player whose placement completes several towns is
** asked about each in turn only while he has a token left.
**
** Hooks: before_score (find towns, ask their occupiers), legal/apply (convert or decline),
** feature_scored (watch fiefs), end_turn (pay castles, chain), format/parse (notation).
*/
#include <stdio.h>
#include <string.h>

#include "castles.h"

/* ------------------------------------------------------------------ configuration */

static int castles_configure(mp_arena *a, const mp_ynode *options, void **config, mp_diag *d) {
    static const char *const keys[] = { "tokens", "shapes", NULL };
    static const char *const shapes[] = { "none", "cap", "triangle", "irregular", NULL };
    castles_config *c = mp_arena_alloc(a, sizeof *c);
    for (int n = 0; n <= MP_MAX_PLAYERS; n++) c->tokens[n] = 3;
    c->shapes = 1u << MP_SHAPE_CAP;
    *config = c;
    if (!options || mp_y_is_null(options)) return 0;
    if (mp_y_expect(options, MP_Y_MAP, "options", d) || mp_y_check_keys(options, keys, d)) return 1;
    mp_ynode *n;
    if ((n = mp_y_get(options, "tokens"))) {
        if (mp_y_expect(n, MP_Y_MAP, "tokens", d)) return 1;
        for (int i = 0; i < n->n; i++) {
            long players, count;
            if (mp_y_int(n->items[2 * i], 1, MP_MAX_PLAYERS, &players, d) ||
                mp_y_int(n->items[2 * i + 1], 0, 100, &count, d))
                return 1;
            c->tokens[players] = (int)count;
        }
    }
    if ((n = mp_y_get(options, "shapes"))) {
        if (mp_y_expect(n, MP_Y_SEQ, "shapes", d)) return 1;
        c->shapes = 0;
        for (int i = 0; i < n->n; i++) {
            int s;
            if (mp_y_enum(n->items[i], shapes, &s, d)) return 1;
            c->shapes |= 1u << s;
        }
    }
    return 0;
}

static int castles_setup(mp_module_ctx *cx, mp_diag *d) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    castles_state *s = st;
    const castles_config *c = config;
    s->kind = mp_tileset_kind(g->ts, "castle");
    if (s->kind < 0) {
        snprintf(d->file, sizeof d->file, "%s", g->rs->path);
        d->line = d->column = 0;
        snprintf(d->message, sizeof d->message, "the castles module needs a feature kind 'castle' in the tile sets; "
                 "expected one declared under 'kinds:' (as rulesets/tiles/bcb.yaml does)");
        return 1;
    }
    mp_game_add_category(g, "castle");   /* castles score in their kind's category */
    for (int p = 0; p < g->n_players; p++) s->supply[p] = c->tokens[g->n_players];
    return 0;
}

static int variant_index(const mp_game *g) { return mp_game_variant_index(g, &mp_module_castles); }

/* ------------------------------------------------------------------ towns */

static int occupier(const mp_game *g, int32_t root) {
    for (int p = 0; p < g->n_players; p++)
        if (g->segs[root].followers[p]) return p;
    return -1;
}

/* A town that may become a castle: a completed city of two one-side segments on two tiles, each of
** an allowed shape, not scored yet, with an occupier who has a castle token. */
static bool is_town(const mp_game *g, const castles_state *s, const castles_config *c, int32_t root) {
    const mp_seg *r = &g->segs[root];
    if (r->complete || r->open != 0 || r->n_segs != 2 || r->kind == s->kind) return false;
    if (g->ts->kinds[r->kind].completes != MP_COMPLETE_CLOSED) return false;
    int32_t a = root, b = r->next;
    if (g->segs[a].placed == g->segs[b].placed) return false;
    for (int32_t x = a;; x = b) {
        if (mp_seg_is_overlay(g, x)) return false;        /* a bridge: no city segment */
        const mp_placed *p = &g->placed[g->segs[x].placed];
        const mp_tile_feature *f = &g->ts->tiles[p->tile].f[g->segs[x].feature];
        int sides = 0;
        for (int side = 0; side < 4; side++) sides += (f->ports & MP_SIDE_MASK(side)) == MP_SIDE_MASK(side);
        if (sides != 1 || !(f->ports == MP_SIDE_MASK(0) || f->ports == MP_SIDE_MASK(1) || f->ports == MP_SIDE_MASK(2) ||
                            f->ports == MP_SIDE_MASK(3)))
            return false;
        if (!(c->shapes >> f->shape & 1)) return false;
        if (x == b) break;
    }
    int who = occupier(g, root);
    return who >= 0 && s->supply[who] > 0;
}

/* Asks the occupier of the first waiting town that may still become a castle. Each decision looks
** again: a town whose occupier has meanwhile put his last token on another town of the same
** placement is no longer offered, and scores as a town with the others. */
static void ask_next(mp_game *g, castles_state *s, const castles_config *c) {
    while (s->n_pending && !is_town(g, s, c, s->pending[0]))
        memmove(&s->pending[0], &s->pending[1], (size_t)--s->n_pending * sizeof s->pending[0]);
    if (s->n_pending) mp_game_request(g, variant_index(g), occupier(g, s->pending[0]));
}

static void castles_before_score(mp_module_ctx *cx) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    castles_state *s = st;
    const castles_config *c = config;
    s->n_pending = 0;
    if (g->last_placed < 0) return;
    const mp_placed *p = &g->placed[g->last_placed];
    const mp_tile *t = &g->ts->tiles[p->tile];
    for (int f = 0; f < t->n_features && s->n_pending < MAX_PENDING; f++) {
        int32_t root = mp_seg_find(g, p->seg0 + f);
        bool seen = false;
        for (int i = 0; i < s->n_pending; i++) seen |= s->pending[i] == root;
        if (!seen && is_town(g, s, c, root)) s->pending[s->n_pending++] = root;
    }
    ask_next(g, s, c);
}

/* The town a decision is about, carried by the action for a front end to weigh it (a bot looks at
** the fief): the cell of one of its tiles in x, y, its feature there in arg[0], the cell of the
** other tile in arg[1], arg[2]. The notation does not write it: legal and parse both fill it in
** from the town waiting, so an action read back is the action listed, and apply ignores it. */
static void town_context(const mp_game *g, const castles_state *s, mp_action *a) {
    if (g->phase != MP_PHASE_VARIANT || !s->n_pending) return;
    const mp_seg *r = &g->segs[s->pending[0]];
    const mp_placed *t = &g->placed[r->placed], *u = &g->placed[g->segs[r->next].placed];
    a->x = t->x;
    a->y = t->y;
    a->arg[0] = r->feature;
    a->arg[1] = u->x;
    a->arg[2] = u->y;
}

static int castles_legal(const mp_module_ctx *cx, mp_action *out, int cap) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)config;
    const castles_state *s = st;
    if (g->phase != MP_PHASE_VARIANT || !s->n_pending) return 0;
    int v = variant_index(g);
    for (int i = 0; i < 2 && i < cap; i++) {
        out[i] = (mp_action){ .kind = MP_ACT_VARIANT, .variant = (uint8_t)v, .code = i ? CODE_CONVERT : CODE_DECLINE };
        town_context(g, s, &out[i]);
    }
    return 2;
}

/* Turns the town into a castle with its fief. */
static void convert(mp_game *g, castles_state *s, int32_t root) {
    int owner = occupier(g, root);
    mp_seg *r = &g->segs[root];
    r->kind = (uint8_t)s->kind;
    r->complete = 1;            /* complete: the kernel will not score it as a city */
    r->scored = 1;
    s->supply[owner]--;
    const mp_placed *a = &g->placed[g->segs[root].placed], *b = &g->placed[g->segs[r->next].placed];
    castle *c = &s->c[s->n++];
    *c = (castle){ .root = root, .owner = (int8_t)owner, .built_turn = (int16_t)g->turns };
    int x0 = a->x < b->x ? a->x : b->x, x1 = a->x > b->x ? a->x : b->x;
    int y0 = a->y < b->y ? a->y : b->y, y1 = a->y > b->y ? a->y : b->y;
    if (a->x == b->x) { x0--; x1++; }   /* one above the other: the fief spreads east and west */
    else { y0--; y1++; }
    c->x0 = (int16_t)x0; c->y0 = (int16_t)y0; c->x1 = (int16_t)x1; c->y1 = (int16_t)y1;
}

static int castles_apply(mp_module_ctx *cx, const mp_action *a, mp_diag *d) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    castles_state *s = st;
    if (g->phase != MP_PHASE_VARIANT || !s->n_pending || (a->code != CODE_CONVERT && a->code != CODE_DECLINE)) {
        snprintf(d->message, sizeof d->message, "no town is waiting to become a castle; expected another action");
        return 1;
    }
    if (a->code == CODE_CONVERT) {
        int who = occupier(g, s->pending[0]);
        if (who < 0 || s->supply[who] <= 0) {    /* never asked so (ask_next), but a token is a token */
            snprintf(d->message, sizeof d->message, "player %d has no castle token left; expected !castles:decline", who);
            return 1;
        }
        if (s->n == MAX_CASTLES) {
            snprintf(d->message, sizeof d->message, "more than %d castles in one game", MAX_CASTLES);
            return 1;
        }
        convert(g, s, s->pending[0]);
    }
    memmove(&s->pending[0], &s->pending[1], (size_t)--s->n_pending * sizeof s->pending[0]);
    ask_next(g, s, config);
    return 0;
}

/* ------------------------------------------------------------------ fiefs */

static bool in_fief(const castle *c, int x, int y) { return x >= c->x0 && x <= c->x1 && y >= c->y0 && y <= c->y1; }

/* Whether some tile of the feature lies in the castle's fief. */
static bool touches_fief(const mp_game *g, const castle *c, int32_t root) {
    int32_t x = root;
    do {
        const mp_placed *p = &g->placed[g->segs[x].placed];
        if (in_fief(c, p->x, p->y)) return true;
        x = g->segs[x].next;
    } while (x != root);
    return false;
}

static void castles_feature_scored(mp_module_ctx *cx, int32_t root, int points) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)config;
    castles_state *s = st;
    for (int i = 0; i < s->n; i++) {
        castle *c = &s->c[i];
        if (c->scored || c->built_turn >= g->turns || c->root == root) continue;
        if (touches_fief(g, c, root) && points > c->best) c->best = points;
    }
}

static void castles_end_turn(mp_module_ctx *cx) {
    mp_game *g = cx->game;
    void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)config;
    castles_state *s = st;
    /* Pay every castle that saw a completion; a castle paid counts as one for its neighbours. */
    for (bool again = true; again;) {
        again = false;
        for (int i = 0; i < s->n; i++) {
            castle *c = &s->c[i];
            if (c->scored || !c->best) continue;
            mp_score_award_module(g, 1u << c->owner, c->best, s->kind, c->root, "castle");
            mp_deploy_return(g, c->root);
            c->scored = 1;
            for (int j = 0; j < s->n; j++) {
                castle *o = &s->c[j];
                if (o->scored || o->built_turn >= g->turns || !touches_fief(g, o, c->root)) continue;
                if (c->best > o->best) o->best = c->best;
                again = true;
            }
        }
    }
    for (int i = 0; i < s->n; i++) s->c[i].best = 0;
}

static int castles_describe(const mp_module_ctx *cx, const mp_action *a, char *buf, size_t size) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)g; (void)st; (void)config;
    return snprintf(buf, size, "%s", a->code == CODE_CONVERT ? "turn the town into a castle (it scores with its fief later)"
                                                             : "keep the town (it scores now)");
}

static int castles_tokens(const mp_module_ctx *cx, int player) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)g; (void)config;
    return ((const castles_state *)st)->supply[player];
}

static int castles_check(const mp_module_ctx *cx, mp_diag *d) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    const castles_state *s = st;
    const castles_config *c = config;
    for (int p = 0; p < g->n_players; p++) {
        /* First on its own: a token spent twice leaves the sum below intact. */
        if (s->supply[p] < 0) {
            snprintf(d->message, sizeof d->message, "player %d: %d castle tokens in the supply; expected 0 or more",
                     p, s->supply[p]);
            return 1;
        }
        int built = 0;
        for (int i = 0; i < s->n; i++) built += s->c[i].owner == p;
        if (s->supply[p] + built != c->tokens[g->n_players]) {
            snprintf(d->message, sizeof d->message, "player %d: castle tokens not conserved", p);
            return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ notation: !castles:convert */

static int castles_format(const mp_module_ctx *cx, const mp_action *a, char *buf, size_t size) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    (void)g; (void)st; (void)config;
    return snprintf(buf, size, "%s", a->code == CODE_CONVERT ? "convert" : "decline");
}

static int castles_parse(const mp_module_ctx *cx, const char *args, mp_action *out, mp_diag *d) {
    const mp_game *g = cx->game;
    const void *st = cx->state;
    const void *config = cx->config;
    (void)g, (void)st, (void)config;
    char q[MP_QUOTE_SIZE];   /* the arguments quoted in a message */
    (void)config;
    if (!strcmp(args, "convert")) out->code = CODE_CONVERT;
    else if (!strcmp(args, "decline")) out->code = CODE_DECLINE;
    else {
        d->column = 1;
        snprintf(d->message, sizeof d->message, "'%s' is not a castle decision; expected convert or decline",
                 mp_quote(args, q, sizeof q));
        return 1;
    }
    town_context(g, st, out);
    return 0;
}

const mp_module mp_module_castles = {
    .name = "castles",
    .summary = "castle tokens: a completed two-cap town may become a castle that scores its fief",
    .state_size = sizeof(castles_state),
    .configure = castles_configure,
    .setup = castles_setup,
    .legal = castles_legal,
    .apply = castles_apply,
    .before_score = castles_before_score,
    .feature_scored = castles_feature_scored,
    .end_turn = castles_end_turn,
    .format = castles_format,
    .parse = castles_parse,
    .describe = castles_describe,
    .tokens_name = "castles",
    .tokens = castles_tokens,
    .check = castles_check,
};
