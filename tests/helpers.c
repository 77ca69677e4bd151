/*
** helpers.c: see helpers.h.
*/
#include <stdio.h>
#include <string.h>

#include "helpers.h"

mp_ruleset *t_ruleset(const char *name) {
    static const char *const dirs[] = { TEST_SRCDIR "/rulesets", NULL };
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(name, dirs, &d);
    char buf[1024];
    mp_diag_format(&d, buf, sizeof buf);
    cr_assert(rs != NULL, "ruleset %s: %s", name, buf);
    return rs;
}

mp_game *t_game(const mp_ruleset *rs, int n_players) {
    mp_diag d = { 0 };
    mp_game_options o = { .n_players = n_players, .seed = 1, .first_player = 0, .log_events = 1 };
    mp_game *g = mp_game_new(rs, &o, &d);
    cr_assert(g != NULL, "new game: %s", d.message);
    mp_game_start(g, &d);
    return g;
}

static void check(const mp_game *g) {
    mp_diag d = { 0 };
    cr_assert(mp_game_check(g, &d) == 0, "kernel state inconsistent: %s", d.message);
}

void t_place(mp_game *g, int player, const char *id, int x, int y, int rot) {
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE, "placing %s at %d,%d: not in the place phase", id, x, y);
    cr_assert(mp_game_set_player(g, player, &d) == 0, "set player: %s", d.message);
    const char *ids[1] = { id };
    cr_assert(mp_game_set_draws(g, ids, 1, &d) == 0, "draw %s: %s", id, d.message);
    mp_action a = { .kind = MP_ACT_PLACE, .tile = (int16_t)mp_game_drawn_tile(g), .x = (int16_t)x,
                    .y = (int16_t)y, .rot = (uint8_t)rot };
    cr_assert(mp_game_apply(g, &a, &d) == 0, "place %s at %d,%d rot %d: %s", id, x, y, rot, d.message);
    check(g);
}

static int last_x, last_y;

void t_deploy(mp_game *g, const char *where) {
    mp_diag d = { 0 };
    cr_assert_eq(mp_game_phase(g), MP_PHASE_DEPLOY, "deploy at %s: not in the deploy phase", where);
    cr_assert(mp_game_last_placed(g, &last_x, &last_y) == 0, "deploy at %s: no tile placed", where);
    int f = mp_game_feature_at(g, last_x, last_y, where);
    cr_assert(f >= 0, "no feature at '%s' on the tile at %d,%d", where, last_x, last_y);
    mp_action a = { .kind = MP_ACT_DEPLOY, .feature = (uint8_t)f, .x = (int16_t)last_x, .y = (int16_t)last_y };
    cr_assert(mp_game_apply(g, &a, &d) == 0, "deploy at %s: %s", where, d.message);
    check(g);
}

void t_pass(mp_game *g) {
    if (mp_game_phase(g) != MP_PHASE_DEPLOY) return;   /* nothing to decide: the kernel moved on */
    mp_diag d = { 0 };
    mp_action a = { .kind = MP_ACT_PASS };
    cr_assert(mp_game_apply(g, &a, &d) == 0, "pass: %s", d.message);
    check(g);
}

void t_end(mp_game *g) {
    mp_diag d = { 0 };
    cr_assert(mp_game_end_now(g, &d) == 0, "end: %s", d.message);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_OVER);
    check(g);
}

int t_points(const mp_game *g, int player, const char *category) {
    for (int c = 0; c < mp_game_n_categories(g); c++)
        if (strcmp(mp_game_category_name(g, c), category) == 0) return mp_game_points(g, player, c);
    cr_assert_fail("no score category '%s'", category);
    return 0;
}

static char err[1024];

const char *t_ruleset_error(const char *path) {
    static const char *const dirs[] = { TEST_SRCDIR "/rulesets", NULL };
    mp_diag d = { 0 };
    err[0] = 0;
    mp_ruleset *rs = mp_ruleset_load(path, dirs, &d);
    if (rs) { mp_ruleset_free(rs); return err; }
    mp_diag_format(&d, err, sizeof err);
    return err;
}

const char *t_tileset_error(const char *path) {
    mp_diag d = { 0 };
    err[0] = 0;
    mp_tileset *ts = mp_tileset_load(path, &d);
    if (ts) { mp_tileset_free(ts); return err; }
    mp_diag_format(&d, err, sizeof err);
    return err;
}

/* Parses one action in the game as it stands and applies it; the kernel state must stay consistent
** and the action must read back as written. */
void t_act(mp_game *g, const char *text) {
    mp_diag d = { 0 };
    mp_action a;
    cr_assert_eq(mp_notation_parse(g, text, &a, NULL, &d), 0, "parse '%s': %s", text, d.message);
    char back[64];
    mp_notation_format(g, &a, back, sizeof back);
    cr_assert_str_eq(back, text);
    cr_assert_eq(mp_game_apply(g, &a, &d), 0, "apply '%s': %s", text, d.message);
    cr_assert_eq(mp_game_check(g, &d), 0, "after '%s': %s", text, d.message);
}

int t_try(mp_game *g, int player, const char *text, mp_diag *d) {
    cr_assert_eq(mp_game_current_player(g), player, "'%s': seat %d decides, not %d", text,
                 mp_game_current_player(g), player);
    mp_action a;
    cr_assert_eq(mp_notation_parse(g, text, &a, NULL, d), 0, "'%s': %s", text, d->message);
    int rc = mp_game_apply(g, &a, d);
    if (!rc) cr_assert_eq(mp_game_check(g, d), 0, "%s", d->message);
    return rc;
}

void t_ok(mp_game *g, int player, const char *text) {
    mp_diag d = { 0 };
    cr_assert_eq(t_try(g, player, text, &d), 0, "'%s': %s", text, d.message);
}

/* Whether the action is among the legal ones, by its notation. */
bool t_offered(const mp_game *g, const char *text) {
    mp_action v[2048];
    int n = mp_game_legal(g, v, 2048);
    cr_assert(n <= 2048);
    for (int i = 0; i < n; i++) {
        char s[64];
        mp_notation_format(g, &v[i], s, sizeof s);
        if (!strcmp(s, text)) return true;
    }
    return false;
}

/* The action parses but the game refuses it, saying why (the message contains `why`); the game is
** unchanged. */
void t_refused(mp_game *g, const char *text, const char *why) {
    mp_diag d = { 0 };
    mp_action a;
    cr_assert(!t_offered(g, text), "'%s' is offered", text);
    cr_assert_eq(mp_notation_parse(g, text, &a, NULL, &d), 0, "parse '%s': %s", text, d.message);
    int turn = mp_game_turn(g);
    cr_assert_neq(mp_game_apply(g, &a, &d), 0, "'%s' was accepted", text);
    cr_assert(strstr(d.message, why), "'%s' refused with '%s'; expected a reason with '%s'", text, d.message, why);
    cr_assert_eq(mp_game_turn(g), turn);
    cr_assert_eq(mp_game_check(g, &d), 0, "%s", d.message);
}

/* Makes `player` draw tile `id` next (the position builder's draw). */
void t_draw(mp_game *g, int player, const char *id) {
    mp_diag d = { 0 };
    const char *ids[1] = { id };
    cr_assert_eq(mp_game_set_player(g, player, &d), 0, "%s", d.message);
    cr_assert_eq(mp_game_set_draws(g, ids, 1, &d), 0, "%s", d.message);
}


/* One event as the tests write it: "0,1:+10 city completed 3" (seats paid, points each, what, why,
** tiles). */
static void event_text(const mp_game *g, const mp_score_event *e, char *buf, size_t size) {
    size_t n = 0;
    for (int p = 0; p < mp_game_n_players(g); p++)
        if (e->players & (1u << p)) n += (size_t)snprintf(buf + n, size - n, "%s%d", n ? "," : "", p);
    const mp_tileset *ts = mp_ruleset_tiles(mp_game_ruleset(g));
    const char *what = (e->why == MP_WHY_MODULE || e->why == MP_WHY_FARM) && e->label[0] ? e->label
                     : e->why == MP_WHY_FARM || e->kind < 0 ? mp_game_category_name(g, e->category)
                     : mp_tileset_kind_name(ts, e->kind);
    snprintf(buf + n, size - n, ":%+d %s %s %d", e->points, what, mp_event_why_name(e->why), e->n_tiles);
}

void t_events_from(const mp_game *g, int first, const char *want) {
    char got[4096] = "";
    size_t n = 0;
    for (int i = first; i < mp_game_n_events(g) && n < sizeof got; i++) {
        mp_score_event e;
        char one[256];
        cr_assert_eq(mp_game_event(g, i, &e), 0);
        event_text(g, &e, one, sizeof one);
        n += (size_t)snprintf(got + n, sizeof got - n, "%s%s", n ? "; " : "", one);
    }
    cr_assert_str_eq(got, want, "scoring events:\n  got  %s\n  want %s", got, want);
}

void t_events(const mp_game *g, const char *want) { t_events_from(g, 0, want); }

void t_apply_recorded(mp_game *g, mp_record *r, const mp_action *a, char *turn, size_t size) {
    char text[128];
    mp_diag d = { 0 };
    mp_notation_format(g, a, text, sizeof text);
    cr_assert_eq(mp_game_apply(g, a, &d), 0, "'%s': %s", text, d.message);
    size_t used = strlen(turn);
    snprintf(turn + used, size - used, "%s%s", used ? " " : "", text);
    if (mp_game_phase(g) == MP_PHASE_PLACE || mp_game_phase(g) == MP_PHASE_OVER) {
        mp_record_add_turn(r, turn);
        turn[0] = 0;
    }
}
