/*
** test_variants.c: the module hook interface, exercised by a module defined here.
**
** 'test-bonus' reads an option, adds a score category at setup, and at the end of every turn
** asks the next player to choose 1 or 2 bonus points (a module decision); choosing 2 also
** queues an extra turn for that player. The kernel must stop the turn for the decision, list
** only that module's actions, refuse others, and go on afterwards.
*/
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "yamlx.h"

typedef struct bonus_config { long every; } bonus_config;
typedef struct bonus_state { int category; int asked; } bonus_state;

static int bonus_configure(mp_arena *a, const mp_ynode *options, void **config, mp_diag *d) {
    static const char *const keys[] = { "every", NULL };
    bonus_config *c = mp_arena_alloc(a, sizeof *c);
    c->every = 1;
    if (options) {
        if (mp_y_expect(options, MP_Y_MAP, "options", d) || mp_y_check_keys(options, keys, d)) return 1;
        mp_ynode *n = mp_y_get(options, "every");
        if (n && mp_y_int(n, 1, 100, &c->every, d)) return 1;
    }
    *config = c;
    return 0;
}

/* Written as a module is (module.h): it reads through its view and changes the game only through
** the doors that take its context. */
static int bonus_setup(mp_module_ctx *cx, mp_diag *d) {
    bonus_state *s = cx->state;
    s->category = mp_mod_add_category(cx, "bonus");
    if (s->category < 0) return mp_diag_set(d, mp_mod_ruleset_path(&cx->view), 0, 0, "no room for category 'bonus'");
    return 0;
}

static int bonus_legal(const mp_module_view *cx, mp_action *out, int cap) {
    if (mp_mod_phase(cx) != MP_PHASE_MODULE) return 0;
    for (int i = 0; i < 2 && i < cap; i++)
        out[i] = (mp_action){ .kind = MP_ACT_MODULE, .module = (uint8_t)cx->index, .code = i };
    return 2;
}

static int bonus_apply(mp_module_ctx *cx, const mp_action *a, mp_diag *d) {
    const bonus_state *s = cx->state;
    int p = mp_mod_player(&cx->view);
    if (mp_mod_phase(&cx->view) != MP_PHASE_MODULE || a->code < 0 || a->code > 1)
        return mp_diag_set(d, "<action>", 0, 0, "no bonus decision pending");
    mp_mod_award(cx, 1u << p, a->code + 1, s->category, -1, "bonus");
    if (a->code == 1) mp_mod_queue_turn(cx, p, -1);
    return 0;
}

static void bonus_end_turn(mp_module_ctx *cx) {
    bonus_state *s = cx->state;
    const bonus_config *c = cx->view.config;
    if (++s->asked % c->every == 0) mp_mod_request(cx, (mp_mod_player(&cx->view) + 1) % mp_mod_players(&cx->view));
}

static const mp_module test_bonus = {
    .name = "test-bonus",
    .summary = "asks the next player to take 1 or 2 bonus points (tests only)",
    .state_size = sizeof(bonus_state),
    .configure = bonus_configure,
    .setup = bonus_setup,
    .legal = bonus_legal,
    .apply = bonus_apply,
    .end_turn = bonus_end_turn,
};

/* The kernel's list of modules, with this one found by name too (core/modules.c). */
#define MP_MODULES_FOR_TESTS &test_bonus
#include "modules.c"

static mp_ruleset *test_ruleset(const char *file) {
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(file, NULL, &d);
    cr_assert(rs, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    return rs;
}

Test(modules, hook_asks_for_a_decision_and_the_turn_goes_on) {
    mp_ruleset *rs = test_ruleset(TEST_SRCDIR "/tests/rulesets/test-bonus.yaml");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0);
    t_pass(g);
    /* End of seat 0's turn: seat 1 must answer the module first. */
    cr_assert_eq(mp_game_phase(g), MP_PHASE_MODULE);
    cr_assert_eq(mp_game_current_player(g), 1);
    mp_action v[8];
    cr_assert_eq(mp_game_legal(g, v, 8), 2, "only the module's two actions");
    mp_diag d = { 0 };
    mp_action pass = { .kind = MP_ACT_PASS };
    cr_assert_neq(mp_game_apply(g, &pass, &d), 0, "a kernel action is refused during the decision");
    cr_assert_eq(mp_game_apply(g, &v[0], &d), 0, "%s", d.message);
    cr_assert_eq(t_points(g, 1, "bonus"), 1);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE, "the turn went on to the next draw");
    cr_assert_eq(mp_game_current_player(g), 1);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

Test(modules, queued_turn_comes_before_the_next_player) {
    mp_ruleset *rs = test_ruleset(TEST_SRCDIR "/tests/rulesets/test-bonus.yaml");
    mp_game *g = t_game(rs, 3);
    t_place(g, 0, "U", 1, 0, 0);
    t_pass(g);
    mp_action v[8];
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_current_player(g), 1);
    cr_assert_eq(mp_game_legal(g, v, 8), 2);
    cr_assert_eq(mp_game_apply(g, &v[1], &d), 0, "%s", d.message);   /* 2 points and an extra turn */
    cr_assert_eq(t_points(g, 1, "bonus"), 2);
    cr_assert_eq(mp_game_current_player(g), 1, "seat 1's extra turn");
    mp_game *c = mp_game_clone(g);   /* the module's state is copied with the game */
    cr_assert_eq(t_points(c, 1, "bonus"), 2);
    mp_game_free(c);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

Test(modules, unknown_option_is_a_diagnostic) {
    const char *e = t_ruleset_error(TEST_SRCDIR "/tests/bad/variant-option.yaml");
    cr_assert(strstr(e, "variant-option.yaml:6:15: unknown key 'evry'; expected 'every'"), "%s", e);
}

/* House rule (base digest): filling a hole, a cell with tiles on all four sides, gives another turn.
**        x=0      1      2
**  y=-2  B      B
**  y=-1  E(r2)  [hole]  B
**  y= 0  D      U       U
*/
Test(modules, hole_rule_gives_another_turn) {
    mp_ruleset *rs = test_ruleset(TEST_SRCDIR "/tests/rulesets/hole.yaml");
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0); t_pass(g);
    t_place(g, 1, "E", 0, -1, 2); t_pass(g);
    t_place(g, 0, "B", 0, -2, 0); t_pass(g);
    t_place(g, 1, "B", 1, -2, 0); t_pass(g);
    t_place(g, 0, "U", 2, 0, 0); t_pass(g);
    t_place(g, 1, "B", 2, -1, 0); t_pass(g);
    cr_assert_eq(mp_game_current_player(g), 0);
    t_place(g, 0, "B", 1, -1, 0); t_pass(g);
    cr_assert_eq(mp_game_current_player(g), 0, "seat 0 filled a hole and plays again");
    t_place(g, 0, "V", 3, 0, 0); t_pass(g);
    cr_assert_eq(mp_game_current_player(g), 1, "then the order goes on");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Every compiled-in module is used by a shipped ruleset (module.h's checklist, step 4). */
Test(modules, every_module_is_used) {
    static const char *const shipped[] = { "c3", "c3-nofarmers", "c3-river", "c1", "c1-2001", "c1-2000", "bcb",
                                           "bcb-rgg", "bcb-zmg", "castle", "castle-hig", "c3-ic", "c3-ic-ignore",
                                           "c3-tb", "c3-ic-tb", "bigbox", NULL };
    bool used[16] = { false };
    cr_assert_leq(mp_module_count(), 16);
    for (int i = 0; shipped[i]; i++) {
        mp_ruleset *rs = t_ruleset(shipped[i]);
        for (int v = 0; v < mp_ruleset_n_modules(rs); v++)
            for (int m = 0; m < mp_module_count(); m++)
                used[m] |= !strcmp(mp_module_at(m)->name, mp_ruleset_module_name(rs, v));
        mp_ruleset_free(rs);
    }
    for (int m = 0; m < mp_module_count(); m++) cr_assert(used[m], "module '%s' is used by no shipped ruleset", mp_module_at(m)->name);
}
