/*
** builder.c: the builder's double turn (Traders & Builders).
**
** The builder is a piece of the ruleset (`pieces: builder: {follower: false, on: [road, city]}`):
** the kernel deploys it, onto a road or city of the tile just placed where its owner already has
** a follower, and brings it home with the followers when the feature scores. What this module adds
** is the double turn: a tile the player places that extends a road or city holding his builder
** (a bridge the placement needs, laid with it, counts: the tile joins the feature) earns him a
** second tile once the first part of the turn is over (deployment and scoring included). The
** trigger is decided when the tile is placed: the second part follows even when the builder went
** home in the first. No chain: a second tile never earns a third, and one turn earns one extra
** tile however many builders it extends. The second part is a whole turn part (a tile, a
** deployment, scoring). In a bazaar's round (Bridges, Castles and Bazaars) the builder's tile comes
** right after the bazaar tile that earned it; a builder's tile earned in a turn that then holds a
** bazaar comes after the bazaar's round (list this module after bazaars). meeple-ruleset(5),
** BUILDER.
**
** Options: `piece` (the piece that is the builder, "builder"), `double_turn` (optional: the player
** chooses to take the second tile, as the printed rules' "may"; mandatory: always, as
** JCloisterZone), `lonely_returns` (a builder whose owner has no follower left on its feature goes
** home, as the 2nd edition says; only other expansions can take a follower away).
**
** Hooks: setup (find the piece), after_place (the trigger), end_turn (queue the second tile, or
** ask), legal/apply/format/parse/describe (take or decline, when optional), facts and status (the
** double turn), check, choose_simple (a simple bot takes the tile).
*/
#include <stdio.h>
#include <string.h>

#include "module.h"

enum { CODE_TAKE, CODE_DECLINE };
enum { MAX_FIGURES = 512 };

typedef struct builder_config {
    const char *piece;
    bool optional;                /* the player chooses (printed rules); else always (JCloisterZone) */
    bool lonely_returns;
} builder_config;

typedef struct builder_state {
    int8_t piece;                 /* the builder's index among the ruleset's pieces, -1 none */
    bool earned;                  /* this turn part's tile extended the player's builder's feature */
    bool asking;                  /* the player is deciding whether to take the second tile */
} builder_state;

/* Whether the turn being played is a builder's second tile (this module queued it). */
static bool second_tile(const mp_module_view *cx) { return mp_mod_turn_module(cx) == cx->index; }

static int builder_configure(mp_arena *a, const mp_ynode *options, void **config, mp_diag *d) {
    static const char *const keys[] = { "piece", "double_turn", "lonely_returns", NULL };
    static const char *const modes[] = { "optional", "mandatory", NULL };
    builder_config *c = mp_arena_alloc(a, sizeof *c);
    c->piece = "builder";
    c->optional = true;
    c->lonely_returns = true;
    *config = c;
    if (!options || mp_y_is_null(options)) return 0;
    if (mp_y_expect(options, MP_Y_MAP, "options", d) || mp_y_check_keys(options, keys, d)) return 1;
    mp_ynode *n;
    if ((n = mp_y_get(options, "piece")) && mp_y_string(n, &c->piece, d)) return 1;
    if ((n = mp_y_get(options, "double_turn"))) {
        int mode;
        if (mp_y_enum(n, modes, &mode, d)) return 1;
        c->optional = mode == 0;
    }
    if ((n = mp_y_get(options, "lonely_returns")) && mp_y_bool(n, &c->lonely_returns, d)) return 1;
    return 0;
}

static int builder_setup(mp_module_ctx *cx, mp_diag *d) {
    const builder_config *c = cx->view.config;
    builder_state *s = cx->state;
    int piece = mp_ruleset_find_piece(mp_mod_ruleset(&cx->view), c->piece);
    if (piece < 0)
        return mp_diag_set(d, mp_mod_ruleset_path(&cx->view), 0, 0, "the builder module's piece '%s' is not among the "
                           "ruleset's pieces; expected one declared under 'pieces:'", c->piece);
    s->piece = (int8_t)piece;
    return 0;
}

/* Whether the tile just placed joined a feature holding one of the turn player's builders. */
static bool extends_builder(const mp_module_view *cx, const builder_state *s, int placed) {
    mp_mod_figure fig[MAX_FIGURES];
    int n = mp_mod_figures_of(cx, s->piece, fig, MAX_FIGURES), player = mp_mod_turn_player(cx);
    if (n > MAX_FIGURES) n = MAX_FIGURES;
    int features = mp_mod_placed_features(cx, placed);
    for (int i = 0; i < n; i++) {
        if (fig[i].player != player || fig[i].part.placed == placed) continue;
        for (int f = 0; f < features; f++)
            if (mp_mod_feature_of(cx, placed, f) == fig[i].feature) return true;
    }
    return false;
}

static void builder_after_place(mp_module_ctx *cx, int placed) {
    builder_state *s = cx->state;
    s->earned = !second_tile(&cx->view) && extends_builder(&cx->view, s, placed);
}

/* The second tile: right after the turn that earned it, in front of the others waiting when that
** turn was an extra one itself (a bazaar's tile), else after them (the bazaar's round this turn
** started comes first). */
static void queue_second(mp_module_ctx *cx) {
    int player = mp_mod_turn_player(&cx->view);
    if (mp_mod_turn_module(&cx->view) >= 0) mp_mod_queue_turn_first(cx, player, -1);
    else mp_mod_queue_turn(cx, player, -1);
}

/* A builder whose owner has no follower left on its feature goes home. */
static void send_lonely_home(mp_module_ctx *cx, const builder_state *s) {
    mp_mod_figure fig[MAX_FIGURES];
    int n = mp_mod_figures_of(&cx->view, s->piece, fig, MAX_FIGURES);
    if (n > MAX_FIGURES) n = MAX_FIGURES;
    for (int i = n - 1; i >= 0; i--)   /* from the last: returning one keeps the earlier ones' places */
        if (!mp_mod_feature_strength(&cx->view, fig[i].feature, fig[i].player)) mp_mod_return_figure(cx, fig[i].index);
}

static void builder_end_turn(mp_module_ctx *cx) {
    const builder_config *c = cx->view.config;
    builder_state *s = cx->state;
    if (c->lonely_returns) send_lonely_home(cx, s);
    if (!s->earned) return;
    if (mp_mod_tiles_left(&cx->view) == 0) {   /* no tile for a second part: the game ends as usual */
        s->earned = false;
        return;
    }
    if (c->optional) {
        s->asking = true;
        mp_mod_request(cx, mp_mod_turn_player(&cx->view));
        return;
    }
    s->earned = false;
    queue_second(cx);
}

static int builder_legal(const mp_module_view *cx, mp_action *out, int cap) {
    const builder_state *s = cx->state;
    if (!s->asking) return 0;
    for (int i = 0; i < 2 && i < cap; i++)
        out[i] = (mp_action){ .kind = MP_ACT_MODULE, .module = (uint8_t)cx->index, .code = i == 0 ? CODE_TAKE : CODE_DECLINE,
                              .tile = -1 };
    return 2;
}

static int builder_apply(mp_module_ctx *cx, const mp_action *a, mp_diag *d) {
    builder_state *s = cx->state;
    if (!s->asking)
        return mp_diag_set(d, "<action>", 0, 0, "no builder's second tile is on offer; expected another action");
    if (a->code != CODE_TAKE && a->code != CODE_DECLINE)
        return mp_diag_set(d, "<action>", 0, 0, "builder decision %d; expected take or decline", a->code);
    s->asking = false;
    s->earned = false;
    if (a->code == CODE_TAKE) queue_second(cx);
    return 0;
}

static int builder_format(const mp_module_view *cx, const mp_action *a, char *buf, size_t size) {
    (void)cx;
    return snprintf(buf, size, "%s", a->code == CODE_TAKE ? "take" : "decline");
}

static int builder_parse(const mp_module_view *cx, const char *args, mp_action *out, mp_diag *d) {
    (void)cx;
    char q[MP_QUOTE_SIZE];
    if (!strcmp(args, "take")) out->code = CODE_TAKE;
    else if (!strcmp(args, "decline")) out->code = CODE_DECLINE;
    else return mp_diag_column(d, 1, "'%s' is not a builder decision; expected take or decline", mp_quote(args, q, sizeof q));
    out->tile = -1;
    return 0;
}

static int builder_describe(const mp_module_view *cx, const mp_action *a, char *buf, size_t size) {
    (void)cx;
    return snprintf(buf, size, "%s", a->code == CODE_TAKE ? "take the builder's second tile"
                                                          : "decline the builder's second tile");
}

/* The double turn, as the players see it: "double-turn" of the turn player, 1 while the first
** tile has earned the second, 2 while the second is played. */
static int builder_facts(const mp_module_view *cx, mp_fact *out, int cap) {
    const builder_state *s = cx->state;
    int value = second_tile(cx) ? 2 : s->earned ? 1 : 0;
    if (!value) return 0;
    if (cap > 0)
        out[0] = (mp_fact){ .kind = MP_FACT_COUNT, .what = "double-turn", .player = mp_mod_turn_player(cx), .value = value,
                            .tile = -1 };
    return 1;
}

static int builder_status(const mp_module_view *cx, int player, char *buf, size_t size) {
    const builder_state *s = cx->state;
    if (player < 0 || player != mp_mod_turn_player(cx)) return snprintf(buf, size, "%s", "");
    return snprintf(buf, size, "%s", second_tile(cx) ? "the builder's second tile" : s->earned ? "a second tile earned" : "");
}

static int builder_check(const mp_module_view *cx, mp_diag *d) {
    const builder_state *s = cx->state;
    if (s->asking && !s->earned)
        return mp_diag_set(d, "<game>", 0, 0, "the builder module asks about a second tile nobody earned");
    if (second_tile(cx) && s->earned) return mp_diag_set(d, "<game>", 0, 0, "a builder's second tile earned another");
    return 0;
}

/* For a simple bot: a second tile being played or earned is worth a turn's points (about 4), and a
** builder standing on an unfinished feature promises second tiles to come (2). */
static int builder_worth(const mp_module_view *cx, int player) {
    const builder_state *s = cx->state;
    int worth = 0;
    if (mp_mod_turn_player(cx) == player && (second_tile(cx) || s->earned)) worth += 4;
    mp_mod_figure fig[MAX_FIGURES];
    int n = mp_mod_figures_of(cx, s->piece, fig, MAX_FIGURES);
    for (int i = 0; i < n && i < MAX_FIGURES; i++)
        if (fig[i].player == player && !mp_mod_feature_complete(cx, fig[i].feature)) worth += 2;
    return worth;
}

/* A simple bot takes the tile: another tile is never worth less than none. */
static int builder_choose_simple(const mp_module_view *cx, const mp_action *legal, int n, const mp_simple_bot *bot) {
    (void)cx;
    (void)bot;
    for (int i = 0; i < n; i++)
        if (legal[i].kind == MP_ACT_MODULE && legal[i].code == CODE_TAKE) return i;
    return -1;
}

/* JCloisterZone always plays the second tile and has no such decision. */
static const mp_decision_kind builder_decisions[] = {
    { .code = CODE_TAKE, .name = "take",
      .forms = (const mp_decision_form[]){ { "take", "draw the second tile the builder has earned" }, { NULL, NULL } } },
    { .code = CODE_DECLINE, .name = "decline",
      .forms = (const mp_decision_form[]){ { "decline", "end the turn without the second tile" }, { NULL, NULL } } },
    { .name = NULL },
};

const mp_module mp_module_builder = {
    .name = "builder",
    .summary = "builder: a tile extending your builder's road or city earns a second tile (no chain)",
    .state_size = sizeof(builder_state),
    .decisions = builder_decisions,
    /* JCloisterZone's element (setup.elements "builder": builders per player) */
    .aliases = (const mp_alias[]){ { "jcz", "builder" }, { NULL, NULL } },
    .configure = builder_configure,
    .setup = builder_setup,
    .legal = builder_legal,
    .legal_phases = MP_LISTS_IN(MP_PHASE_MODULE),
    .apply = builder_apply,
    .after_place = builder_after_place,
    .end_turn = builder_end_turn,
    .format = builder_format,
    .parse = builder_parse,
    .describe = builder_describe,
    .facts = builder_facts,
    .status = builder_status,
    .check = builder_check,
    .choose_simple = builder_choose_simple,
    .worth = builder_worth,
};
