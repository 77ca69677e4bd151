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
** Hooks: before_score (towns among what the placement completed; ask their occupiers),
** legal/apply (convert or decline),
** feature_scored (watch fiefs), end_turn (pay castles, chain), final_feature (a castle left
** waiting: 0 points, logged), format/parse (notation), facts (tokens, castles built and waiting).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "castles.h"

/* ------------------------------------------------------------------ configuration */

static int castles_configure(mp_arena *a, const mp_ynode *options, void **config, mp_diag *d) {
    static const char *const keys[] = { "tokens", "shapes", NULL };
    static const char *const shapes[] = { "none", "cap", "triangle", "irregular", NULL };
    castles_config *c = mp_arena_alloc(a, sizeof *c);
    for (int n = 0; n <= MP_MAX_PLAYERS; n++) c->tokens[n] = 3;
    c->shapes = 1u << SHAPE_CAP;
    *config = c;
    if (!options || mp_y_is_null(options)) return 0;
    if (mp_y_expect(options, MP_Y_MAP, "options", d) || mp_y_check_keys(options, keys, d)) return 1;
    mp_ynode *n;
    if ((n = mp_y_get(options, "tokens"))) {
        if (mp_y_expect(n, MP_Y_MAP, "tokens", d)) return 1;
        for (int i = 0; i < mp_y_count(n); i++) {
            long players, count;
            if (mp_y_int(mp_y_map_key(n, i), 1, MP_MAX_PLAYERS, &players, d) ||
                mp_y_int(mp_y_map_value(n, i), 0, 100, &count, d))
                return 1;
            c->tokens[players] = (int)count;
        }
    }
    if ((n = mp_y_get(options, "shapes"))) {
        if (mp_y_expect(n, MP_Y_SEQ, "shapes", d)) return 1;
        c->shapes = 0;
        for (int i = 0; i < mp_y_count(n); i++) {
            int s;
            if (mp_y_enum(mp_y_item(n, i), shapes, &s, d)) return 1;
            c->shapes |= 1u << s;
        }
    }
    return 0;
}

static int castles_setup(mp_module_ctx *cx, mp_diag *d) {
    castles_state *s = cx->state;
    const castles_config *c = cx->view.config;
    s->kind = mp_mod_kind(&cx->view, "castle");
    if (s->kind < 0) {
        return mp_diag_set(d, mp_mod_ruleset_path(&cx->view), 0, 0, "the castles module needs a feature kind 'castle' in the tile sets; "
                 "expected one declared under 'kinds:' (as rulesets/tiles/bcb.yaml does)");
    }
    s->category = mp_mod_add_category(cx, "castle");   /* the kind's own category: never full */
    for (int p = 0; p < mp_mod_players(&cx->view); p++) s->supply[p] = c->tokens[mp_mod_players(&cx->view)];
    return 0;
}

/* ------------------------------------------------------------------ towns */

static int occupier(const mp_module_view *cx, mp_feature f) {
    for (int p = 0; p < mp_mod_players(cx); p++)
        if (mp_mod_feature_strength(cx, f, p)) return p;
    return -1;
}

/* Whether a part of a city is a town's: printed on its tile (not a bridge), covering exactly one
** whole side, of a shape the ruleset allows. */
static bool town_part(const mp_module_view *cx, const castles_config *c, const mp_part *part) {
    if (part->overlay) return false;
    uint16_t ports = mp_mod_tile_feature_ports(cx, part->tile, part->feature);
    bool one_side = false;
    for (int side = 0; side < 4; side++) one_side |= ports == MP_MOD_SIDE_PORTS(side);
    return one_side && (c->shapes >> mp_mod_tile_feature_shape(cx, part->tile, part->feature) & 1);
}

/* A town that may become a castle: a completed city of two one-side segments on two tiles, each of
** an allowed shape, not scored yet, with an occupier who has a castle token. The cheap tests
** first: this runs on every feature of every tile placed. */
static bool is_town(const mp_module_view *cx, const castles_state *s, const castles_config *c, mp_feature f) {
    mp_feature_state st;
    mp_mod_feature_state(cx, f, &st);
    if (st.complete || st.open != 0 || st.parts != 2 || st.kind == s->kind) return false;
    if (st.first_follower < 0 || s->supply[st.first_follower] <= 0) return false;
    if (mp_mod_kind_completes(cx, st.kind) != MP_MOD_CLOSED) return false;
    mp_part part[2];
    if (mp_mod_feature_parts(cx, f, part, 2) != 2 || part[0].placed == part[1].placed) return false;
    return town_part(cx, c, &part[0]) && town_part(cx, c, &part[1]);
}

/* Asks the occupier of the first waiting town that may still become a castle. Each decision looks
** again: a town whose occupier has meanwhile put his last token on another town of the same
** placement is no longer offered, and scores as a town with the others. */
static void ask_next(mp_module_ctx *cx, castles_state *s, const castles_config *c) {
    while (s->n_pending && !is_town(&cx->view, s, c, s->pending[0]))
        memmove(&s->pending[0], &s->pending[1], (size_t)--s->n_pending * sizeof s->pending[0]);
    if (s->n_pending) mp_mod_request(cx, occupier(&cx->view, s->pending[0]));
}

static void castles_before_score(mp_module_ctx *cx) {
    castles_state *s = cx->state;
    s->n_pending = 0;
    /* A town just completed is among what the placement completed (the kernel's list, its own
    ** features first in their order, kept for the scoring that follows). */
    mp_feature done[64];
    int n = mp_mod_completed(cx, done, 64);
    for (int i = 0; i < n && s->n_pending < MAX_PENDING; i++)
        if (is_town(&cx->view, s, cx->view.config, done[i])) s->pending[s->n_pending++] = done[i];
    ask_next(cx, s, cx->view.config);
}

/* The town a decision is about, carried by the action for a front end to weigh it (a bot looks at
** the fief): the cell of one of its tiles in x, y, its feature there in arg[0], the cell of the
** other tile in arg[1], arg[2]. The notation does not write it: legal and parse both fill it in
** from the town waiting, so an action read back is the action listed, and apply ignores it. */
static void town_context(const mp_module_view *cx, const castles_state *s, mp_action *a) {
    if (mp_mod_phase(cx) != MP_PHASE_MODULE || !s->n_pending) return;
    mp_part part[2];
    mp_mod_feature_parts(cx, s->pending[0], part, 2);   /* a town: two parts (is_town) */
    a->x = (int16_t)part[0].x;
    a->y = (int16_t)part[0].y;
    a->arg[0] = part[0].feature;
    a->arg[1] = part[1].x;
    a->arg[2] = part[1].y;
}

static int castles_legal(const mp_module_view *cx, mp_action *out, int cap) {
    const castles_state *s = cx->state;
    if (!s->n_pending || mp_mod_phase(cx) != MP_PHASE_MODULE) return 0;   /* the state first: no call */
    for (int i = 0; i < 2 && i < cap; i++) {
        out[i] = (mp_action){ .kind = MP_ACT_MODULE, .module = (uint8_t)cx->index,
                              .code = i ? CODE_CONVERT : CODE_DECLINE };
        town_context(cx, s, &out[i]);
    }
    return 2;
}

static int min_int(int a, int b) { return a < b ? a : b; }
static int max_int(int a, int b) { return a > b ? a : b; }

/* Turns the town into a castle with its fief: the 3x2 block of its two tiles and their neighbours
** along the side they share. */
static void convert(mp_module_ctx *cx, castles_state *s, mp_feature town) {
    int owner = occupier(&cx->view, town);
    mp_part part[2];
    mp_mod_feature_parts(&cx->view, town, part, 2);
    mp_mod_feature_convert(cx, town, s->kind);   /* complete: the kernel will not score it as a city */
    s->supply[owner]--;
    castle *c = &s->c[s->n++];
    *c = (castle){ .root = town, .owner = (int8_t)owner, .built_turn = (int16_t)mp_mod_turns(&cx->view) };
    int x0 = min_int(part[0].x, part[1].x), x1 = max_int(part[0].x, part[1].x);
    int y0 = min_int(part[0].y, part[1].y), y1 = max_int(part[0].y, part[1].y);
    if (x0 == x1) { x0--; x1++; }   /* one above the other: the fief spreads east and west */
    else { y0--; y1++; }
    c->x0 = (int16_t)x0; c->y0 = (int16_t)y0; c->x1 = (int16_t)x1; c->y1 = (int16_t)y1;
}

static int castles_apply(mp_module_ctx *cx, const mp_action *a, mp_diag *d) {
    castles_state *s = cx->state;
    if (mp_mod_phase(&cx->view) != MP_PHASE_MODULE || !s->n_pending || (a->code != CODE_CONVERT && a->code != CODE_DECLINE)) {
        return mp_diag_set(d, "<action>", 0, 0, "no town is waiting to become a castle; expected another action");
    }
    if (a->code == CODE_CONVERT) {
        int who = occupier(&cx->view, s->pending[0]);
        if (who < 0 || s->supply[who] <= 0) {    /* never asked so (ask_next), but a token is a token */
            return mp_diag_set(d, "<action>", 0, 0, "player %d has no castle token left; expected !castles:decline", who);
        }
        if (s->n == MAX_CASTLES) {
            return mp_diag_set(d, "<action>", 0, 0, "more than %d castles in one game", MAX_CASTLES);
        }
        convert(cx, s, s->pending[0]);
    }
    memmove(&s->pending[0], &s->pending[1], (size_t)--s->n_pending * sizeof s->pending[0]);
    ask_next(cx, s, cx->view.config);
    return 0;
}

/* ------------------------------------------------------------------ fiefs */

enum { FEATURE_PARTS = 64 };   /* parts read on the stack; a larger feature's go to the heap */

static bool in_fief(const castle *c, int x, int y) { return x >= c->x0 && x <= c->x1 && y >= c->y0 && y <= c->y1; }

/* Whether some tile of a feature (its n parts) lies in the castle's fief. */
static bool touches_fief(const castle *c, const mp_part *part, int n) {
    for (int i = 0; i < n; i++)
        if (in_fief(c, part[i].x, part[i].y)) return true;
    return false;
}

static void castles_feature_scored(mp_module_ctx *cx, mp_feature f, int points) {
    castles_state *s = cx->state;
    int turns = mp_mod_turns(&cx->view), n = -1;
    mp_part buf[FEATURE_PARTS], *part = buf;
    for (int i = 0; i < s->n; i++) {
        castle *c = &s->c[i];
        if (c->scored || c->built_turn >= turns || c->root == f || points <= c->best) continue;
        if (n < 0) {   /* the feature's parts, read once and only when a castle may want them */
            n = mp_mod_feature_parts(&cx->view, f, buf, FEATURE_PARTS);
            if (n > FEATURE_PARTS) {
                if (!(part = malloc((size_t)n * sizeof *part))) abort();
                mp_mod_feature_parts(&cx->view, f, part, n);
            }
        }
        if (touches_fief(c, part, n)) c->best = points;
    }
    if (part != buf) free(part);
}

static void castles_end_turn(mp_module_ctx *cx) {
    castles_state *s = cx->state;
    int turns = mp_mod_turns(&cx->view);
    /* Pay every castle that saw a completion; a castle paid counts as one for its neighbours. */
    for (bool again = true; again;) {
        again = false;
        for (int i = 0; i < s->n; i++) {
            castle *c = &s->c[i];
            if (c->scored || !c->best) continue;
            mp_mod_award(cx, 1u << c->owner, c->best, s->category, c->root, "castle");
            mp_mod_return_followers(cx, c->root);
            c->scored = 1;
            mp_part part[2];   /* a castle: the town's two parts */
            int n = min_int(mp_mod_feature_parts(&cx->view, c->root, part, 2), 2);
            for (int j = 0; j < s->n; j++) {
                castle *o = &s->c[j];
                if (o->scored || o->built_turn >= turns || !touches_fief(o, part, n)) continue;
                if (c->best > o->best) o->best = c->best;
                again = true;
            }
        }
    }
    for (int i = 0; i < s->n; i++) s->c[i].best = 0;
}

/* A castle still waiting for its fief when the game ends scores nothing: its owner's event of 0
** points, as JCloisterZone logs it ("scored castle for 0 points"). */
static void castles_final_feature(const mp_module_view *cx, mp_feature f, int *points, const char **label) {
    const castles_state *s = cx->state;
    for (int i = 0; i < s->n; i++)
        if (!s->c[i].scored && s->c[i].root == f) {
            *points = 0;
            *label = "castle";
            return;
        }
}

/* ------------------------------------------------------------------ facts */

/* Per player: "castles" (tokens left in the supply), "castles-built", "castles-waiting" (built
** and not scored yet); of the game: "towns-pending" (towns of this placement still to be decided,
** the one asked about included). meeple-ruleset(5), castles. */
static int castles_facts(const mp_module_view *cx, mp_fact *out, int cap) {
    const castles_state *s = cx->state;
    int n = 0;
#define FACT(what_, player_, value_)                                                                          \
    do {                                                                                                      \
        if (n < cap) out[n] = (mp_fact){ .kind = MP_FACT_COUNT, .what = (what_), .player = (player_),        \
                                         .value = (value_), .tile = -1 };                                     \
        n++;                                                                                                  \
    } while (0)
    for (int p = 0; p < mp_mod_players(cx); p++) {
        int built = 0, waiting = 0;
        for (int i = 0; i < s->n; i++)
            if (s->c[i].owner == p) {
                built++;
                waiting += !s->c[i].scored;
            }
        FACT("castles", p, s->supply[p]);
        FACT("castles-built", p, built);
        FACT("castles-waiting", p, waiting);
    }
    FACT("towns-pending", -1, s->n_pending);
#undef FACT
    return n;
}

static int castles_describe(const mp_module_view *cx, const mp_action *a, char *buf, size_t size) {
    (void)cx;
    return snprintf(buf, size, "%s", a->code == CODE_CONVERT ? "turn the town into a castle (it scores with its fief later)"
                                                             : "keep the town (it scores now)");
}

static int castles_tokens(const mp_module_view *cx, int player) {
    return ((const castles_state *)cx->state)->supply[player];
}

static int castles_check(const mp_module_view *cx, mp_diag *d) {
    const castles_state *s = cx->state;
    const castles_config *c = cx->config;
    int players = mp_mod_players(cx);
    for (int p = 0; p < players; p++) {
        /* First on its own: a token spent twice leaves the sum below intact. */
        if (s->supply[p] < 0) {
            return mp_diag_set(d, "<check>", 0, 0, "player %d: %d castle tokens in the supply; expected 0 or more",
                     p, s->supply[p]);
        }
        int built = 0;
        for (int i = 0; i < s->n; i++) built += s->c[i].owner == p;
        if (s->supply[p] + built != c->tokens[players]) {
            return mp_diag_set(d, "<check>", 0, 0, "player %d: castle tokens not conserved", p);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ notation: !castles:convert */

static int castles_format(const mp_module_view *cx, const mp_action *a, char *buf, size_t size) {
    (void)cx;
    return snprintf(buf, size, "%s", a->code == CODE_CONVERT ? "convert" : "decline");
}

static int castles_parse(const mp_module_view *cx, const char *args, mp_action *out, mp_diag *d) {
    char q[MP_QUOTE_SIZE];   /* the arguments quoted in a message */
    if (!strcmp(args, "convert")) out->code = CODE_CONVERT;
    else if (!strcmp(args, "decline")) out->code = CODE_DECLINE;
    else {
        return mp_diag_column(d, 1, "'%s' is not a castle decision; expected convert or decline",
                 mp_quote(args, q, sizeof q));
    }
    town_context(cx, cx->state, out);
    return 0;
}

/* The town (town_context) rides in the arguments: its feature on the tile at the action's x, y,
** and the cell of its other tile. JCloisterZone writes a conversion as PLACE_TOKEN of its token
** CASTLE, a town kept as PASS (meeple-modules(7), ALIASES). */
static const mp_decision_kind castles_decisions[] = {
    { .code = CODE_CONVERT, .name = "convert", .args = { "feature", "other-x", "other-y" },
      .forms = (const mp_decision_form[]){
          { "convert", "turn the town just completed into a castle (it scores with its fief later)" },
          { NULL, NULL } },
      .aliases = (const mp_alias[]){
          { "jcz", "PLACE_TOKEN" }, { "jcz-token", "CASTLE" }, { "jcz-offer", "Castle" }, { NULL, NULL } } },
    { .code = CODE_DECLINE, .name = "decline", .args = { "feature", "other-x", "other-y" },
      .forms = (const mp_decision_form[]){ { "decline", "keep the town (it scores now)" }, { NULL, NULL } },
      .aliases = (const mp_alias[]){ { "jcz", "PASS" }, { NULL, NULL } } },
    { .name = NULL },
};

const mp_module mp_module_castles = {
    .name = "castles",
    .summary = "castle tokens: a completed two-cap town may become a castle that scores its fief",
    .state_size = sizeof(castles_state),
    .decisions = castles_decisions,
    /* JCloisterZone's element, and the phase its decision is taken in (before the turn's COMMIT) */
    .aliases = (const mp_alias[]){ { "jcz", "castle" }, { "jcz-phase", "CastlePhase" }, { NULL, NULL } },
    .configure = castles_configure,
    .setup = castles_setup,
    .legal = castles_legal,
    .legal_phases = MP_LISTS_IN(MP_PHASE_MODULE),
    .apply = castles_apply,
    .before_score = castles_before_score,
    .feature_scored = castles_feature_scored,
    .final_feature = castles_final_feature,
    .end_turn = castles_end_turn,
    .format = castles_format,
    .parse = castles_parse,
    .describe = castles_describe,
    .facts = castles_facts,
    .tokens_name = "castles",
    .tokens = castles_tokens,
    .check = castles_check,
    .choose_simple = castles_choose_simple,
};
