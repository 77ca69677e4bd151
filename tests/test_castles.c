/*
** test_castles.c: castle tokens (Bridges, Castles and Bazaars digest, "Castles"), on
** tests/rulesets/castles.yaml (c3, the BCB tiles, the castles module).
**
** The town used throughout: the start tile D's city cap (north) and E turned twice at 0,-1 (a cap
** facing south): two one-side caps, completed by E. Its fief is x -1..1, y -1..0.
**        x=-1   0     1
**  y=-1   .    E2     .
**  y= 0   .    D      .
*/
#include <string.h>

#include "helpers.h"
#include "../core/internal.h"
#include "../variants/castles/castles.h"

static mp_ruleset *castles(void) {
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(TEST_SRCDIR "/tests/rulesets/castles.yaml", NULL, &d);
    cr_assert(rs, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    return rs;
}

/* The occupier's decision on the town just completed: convert (1) or decline (0). */
static void decide(mp_game *g, int player, int convert) {
    cr_assert_eq(mp_game_phase(g), MP_PHASE_MODULE, "a castle decision is pending");
    cr_assert_eq(mp_game_current_player(g), player, "the occupier decides");
    mp_action v[4];
    cr_assert_eq(mp_game_legal(g, v, 4), 2);
    mp_diag d = { 0 };
    mp_action *a = v[0].code == convert ? &v[0] : &v[1];
    char text[64];
    mp_notation_format(g, a, text, sizeof text);
    cr_assert_str_eq(text, convert ? "!castles:convert" : "!castles:decline");
    mp_action back;
    cr_assert_eq(mp_notation_parse(g, text, &back, NULL, &d), 0, "%s", d.message);
    cr_assert_eq(back.code, a->code);
    cr_assert_eq(mp_game_apply(g, &back, &d), 0, "%s", d.message);
    cr_assert_eq(mp_game_check(g, &d), 0, "%s", d.message);
}

static mp_game *town_with_castle(const mp_ruleset *rs) {
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "E", 0, -1, 2);
    t_deploy(g, "S");                 /* a knight in the town it completes */
    decide(g, 0, 1);
    return g;
}

/* "the occupier may ... convert it into a castle ... A castle is not complete and scores nothing
** when built." */
Test(castles, convert_instead_of_scoring) {
    mp_ruleset *rs = castles();
    mp_game *g = town_with_castle(rs);
    cr_assert_eq(mp_game_score(g, 0), 0, "no city points");
    cr_assert_eq(mp_game_on_board(g, 0), 1, "the knight stays in the castle");
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE, "the turn went on");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Declining: the town scores as usual (4) and the knight comes home. */
Test(castles, decline_scores_the_town) {
    mp_ruleset *rs = castles();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "E", 0, -1, 2);
    t_deploy(g, "S");
    decide(g, 0, 0);
    cr_assert_eq(t_points(g, 0, "city"), 4);
    cr_assert_eq(mp_game_supply(g, 0), 7);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* An unoccupied completed road in the fief triggers the castle: "whether or not anyone occupied
** that feature". The road L-D-W (3 tiles) runs through D, in the fief. */
Test(castles, unoccupied_road_triggers_the_castle) {
    mp_ruleset *rs = castles();
    mp_game *g = town_with_castle(rs);
    t_place(g, 1, "W", 1, 0, 0);
    t_pass(g);
    t_place(g, 0, "L", -1, 0, 0);     /* completes the road, nobody on it */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "castle"), 3, "the road's full score");
    cr_assert_eq(t_points(g, 0, "road") + t_points(g, 1, "road"), 0, "the road itself scored for nobody");
    cr_assert_eq(mp_game_supply(g, 0), 7, "the castle's knight came home");
    /* A castle scores only once: another completion in the fief gives nothing more. */
    t_place(g, 1, "E", -1, -1, 2);    /* closes L's city cap: a completed city in the fief */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "castle"), 3);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* In the final farm scoring a castle bordering a farm scores 4 for that farm. U's north field
** joins D's field north of the road, which borders the castle. */
Test(castles, castle_scores_four_for_a_farm) {
    mp_ruleset *rs = castles();
    mp_game *g = town_with_castle(rs);
    t_place(g, 1, "U", 1, 0, 0);
    t_deploy(g, "Nw");                /* a farmer on the field along the castle */
    t_end(g);
    cr_assert_eq(t_points(g, 1, "farm"), 4);
    cr_assert_eq(t_points(g, 0, "castle"), 0, "an unfinished castle scores nothing");
    /* ... and says so: its owner's castle scored for 0 points, a module's event with its two tiles. */
    int n = mp_game_n_events(g);
    mp_score_event e;
    cr_assert(n >= 2 && mp_game_event(g, n - 2, &e) == 0);
    cr_assert(e.final && e.players == 1u && e.points == 0 && e.why == MP_WHY_MODULE && !strcmp(e.label, "castle") &&
              e.n_tiles == 2 && e.n_figures == 1 && e.figures[0].player == 0 && e.figures[0].piece == 0,
              "final %d players %#x points %d why %d label '%s' tiles %d figures %d", e.final, e.players, e.points, e.why,
              e.label, e.n_tiles, e.n_figures);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Where a castle is worth no farm points (tests/rulesets/castles-no-farm-points.yaml), a farm
** bordering only the castle scores nothing and the log has no farm event, only the castle's 0.
** Mutant farm-counts-pointless-features. */
Test(castles, a_castle_worth_no_farm_points) {
    mp_ruleset *rs = t_ruleset(TEST_SRCDIR "/tests/rulesets/castles-no-farm-points.yaml");
    mp_game *g = town_with_castle(rs);
    t_place(g, 1, "U", 1, 0, 0);
    t_deploy(g, "Nw");
    t_end(g);
    cr_assert_eq(t_points(g, 1, "farm"), 0);
    t_events(g, "0:+0 castle module 2");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "never in the scoring round that built it": the tile that completes the town also completes a
** cloister in the fief; the castle waits for a later completion.
**        x=0    1     2
**  y=-2   E     E     E          three caps facing north (fields to the south)
**  y=-1   E2*   B     B          E2*: the tile that closes the town and the cloister at 1,-1
**  y= 0   D     U     U     W     (then W at 3,0 and L at -1,0 close the road)
*/
Test(castles, not_in_the_round_that_built_it) {
    mp_ruleset *rs = castles();
    mp_game *g = t_game(rs, 2);
    t_place(g, 0, "U", 1, 0, 0); t_pass(g);
    t_place(g, 1, "U", 2, 0, 0); t_pass(g);
    t_place(g, 0, "B", 1, -1, 0); t_pass(g);
    t_place(g, 1, "B", 2, -1, 0); t_pass(g);
    t_place(g, 0, "E", 1, -2, 0); t_pass(g);
    t_place(g, 1, "E", 2, -2, 0); t_pass(g);
    t_place(g, 0, "E", 0, -2, 0); t_pass(g);
    t_place(g, 0, "E", 0, -1, 2);     /* closes the town and surrounds the cloister at 1,-1 */
    t_deploy(g, "S");
    decide(g, 0, 1);
    cr_assert_eq(t_points(g, 0, "castle"), 0, "the cloister completed in the round the castle was built");
    /* A later completion in the fief does count: the road L-D-U-U-W, 5 tiles, through D and 1,0. */
    t_place(g, 1, "W", 3, 0, 0);      /* a junction ends the road in the east */
    t_pass(g);
    t_place(g, 1, "L", -1, 0, 0);     /* and one in the west: the road is complete */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "castle"), 5, "the road's 5 points");
    cr_assert_eq(t_points(g, 0, "cloister") + t_points(g, 1, "cloister"), 0, "the cloister had no monk");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "If one placement completes several such features at once, the castle's owner chooses which one
** (in practice the highest)": L at -1,0 completes the road L-D-W (3) and the city of L and the
** cap above it (2 tiles: 4) at once, both in the fief.
**        x=-1   0     1
**  y=-1   E2   E2     .
**  y= 0   L*   D      W
*/
Test(castles, highest_of_two_completions) {
    mp_ruleset *rs = castles();
    mp_game *g = town_with_castle(rs);
    t_place(g, 1, "W", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "E", -1, -1, 2);
    t_pass(g);
    t_place(g, 1, "L", -1, 0, 0);
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "castle"), 4, "the city's 4, not the road's 3");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "Two occupied castles may be neighbours: when one scores, that counts as a completed feature
** for the other, which gets the same points." Castle B (1,-2 and 1,-1) has castle A's tile 0,-1
** in its fief; the road L-D-W scores castle A, and so castle B.
**        x=-1   0     1
**  y=-2   .    .     E2    B
**  y=-1   .    E2    E     B   (A: D and the E2 above it)
**  y= 0   L*   D     W
*/
Test(castles, neighbouring_castles_chain) {
    mp_ruleset *rs = castles();
    mp_game *g = town_with_castle(rs);
    t_place(g, 1, "W", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "E", 1, -1, 0);
    t_deploy(g, "N");                 /* seat 1's knight in the cap that castle B will be */
    t_place(g, 1, "E", 1, -2, 2);     /* completes town B */
    t_pass(g);
    decide(g, 1, 1);
    t_place(g, 0, "L", -1, 0, 0);     /* the road L-D-W: 3, in A's fief only */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "castle"), 3, "castle A: the road");
    cr_assert_eq(t_points(g, 1, "castle"), 3, "castle B: castle A scoring in its fief");
    cr_assert_eq(mp_game_supply(g, 0), 7);
    cr_assert_eq(mp_game_supply(g, 1), 7);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A castle paid passes its points to a neighbouring castle only when they are more than it has:
** J at 2,-1 completes the road W-V-J-A (4, reaching castle A's fief at W) and the city J-F-E (3
** tiles and a pennant: 8, in castle B's fief only). A is paid 4 first; B keeps its 8. Mutant
** castles-chain-lowers.
**        x=-1   0     1     2     3
**  y=-3   .    .     .     E2    .
**  y=-2   .    .     E2    F1    .     B: the caps at 1,-1 and 1,-2
**  y=-1   .    E2    E     J*    A1    A: D and the E2 above it
**  y= 0   .    D     W     V1    B
*/
Test(castles, a_neighbours_lower_points_do_not_replace_a_castles_own) {
    mp_ruleset *rs = castles();
    mp_game *g = town_with_castle(rs);
    t_place(g, 1, "W", 1, 0, 0);
    t_pass(g);
    t_place(g, 1, "E", 1, -1, 0);
    t_deploy(g, "N");
    t_place(g, 1, "E", 1, -2, 2);
    t_pass(g);
    decide(g, 1, 1);
    t_place(g, 1, "V", 2, 0, 1); t_pass(g);
    t_place(g, 1, "B", 3, 0, 0); t_pass(g);
    t_place(g, 1, "A", 3, -1, 1); t_pass(g);
    t_place(g, 1, "F", 2, -2, 1); t_pass(g);
    t_place(g, 1, "E", 2, -3, 2); t_pass(g);
    t_place(g, 0, "J", 2, -1, 0);     /* the road (4) and the city (8) at once */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "castle"), 4, "castle A: the road");
    cr_assert_eq(t_points(g, 1, "castle"), 8, "castle B: the city, not castle A's 4");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* "never in the scoring round that built it" holds for a neighbour's points too: J at 1,-1
** completes town B (seat 1 converts it) and the road X-J-A (3), which pays castle A; castle B,
** built by this tile, gets nothing from A and keeps its knight. Mutant castles-chain-same-turn.
**        x=0    1     2
**  y=-2   .    E2    B
**  y=-1   E2   J*    A1
**  y= 0   D    X     U
*/
Test(castles, a_castle_built_this_turn_takes_nothing_from_a_neighbour) {
    mp_ruleset *rs = castles();
    mp_game *g = town_with_castle(rs);
    t_place(g, 1, "X", 1, 0, 0); t_pass(g);
    t_place(g, 1, "U", 2, 0, 0); t_pass(g);
    t_place(g, 1, "A", 2, -1, 1); t_pass(g);
    t_place(g, 1, "B", 2, -2, 0); t_pass(g);
    t_place(g, 1, "E", 1, -2, 2);
    t_deploy(g, "S");
    t_place(g, 1, "J", 1, -1, 0);     /* town B and the road at once */
    t_pass(g);
    decide(g, 1, 1);
    cr_assert_eq(t_points(g, 0, "castle"), 3, "castle A: the road");
    cr_assert_eq(t_points(g, 1, "castle"), 0, "castle B was built this turn");
    cr_assert_eq(mp_game_on_board(g, 1), 1, "its knight stays");
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* ------------------------------------------------------------------ the last token */

static mp_ruleset *castles_one_token(void) {
    mp_diag d = { 0 };
    mp_ruleset *rs = mp_ruleset_load(TEST_SRCDIR "/tests/rulesets/castles-one.yaml", NULL, &d);
    cr_assert(rs, "%s:%d:%d: %s", d.file, d.line, d.column, d.message);
    return rs;
}

static int castle_tokens(const mp_game *g, int player) {
    for (int i = 0; i < mp_game_n_tokens(g); i++)
        if (!strcmp(mp_game_token_name(g, i), "castles")) return mp_game_token_supply(g, i, player);
    cr_assert_fail("no castle tokens");
    return 0;
}

/* Two towns of seat 0, each a cap waiting for its other half, with one tile that closes both:
** H turned once (caps east and west) at 1,1 between E turned once at 0,1 and E turned three
** times at 2,1, each E holding a knight of seat 0. Roads U keep the caps' fields apart from D's.
**        x=0    1     2
**  y=0    D     U     U
**  y=1    E1*  (H1)   E3*       *: seat 0's knight in the cap
** Seat 0 has one castle token (tests/rulesets/castles-one.yaml). Returns the game with H placed
** and deployment passed: the first town's decision pending. H's east cap is its first feature, so
** the east town (H and E at 2,1) is asked about first. */
static mp_game *two_towns_one_token(const mp_ruleset *rs) {
    mp_game *g = t_game(rs, 2);
    cr_assert_eq(castle_tokens(g, 0), 1);
    t_place(g, 0, "U", 1, 0, 0); t_pass(g);
    t_place(g, 1, "U", 2, 0, 0); t_pass(g);
    t_place(g, 0, "E", 0, 1, 1); t_deploy(g, "E");
    t_place(g, 0, "E", 2, 1, 3); t_deploy(g, "W");
    t_place(g, 0, "H", 1, 1, 1);      /* closes both towns */
    t_pass(g);
    return g;
}

/* "put one of his castle tokens on it": with one token left and two towns completed at once, only
** one becomes a castle. After the first is converted the second is not offered (its occupier has
** no token) and scores as a town: 2 tiles x 2 = 4 (c3), its knight home; the castle's knight
** stays. The supply is 0, never -1. */
Test(castles, last_token_converts_one_of_two_towns) {
    mp_ruleset *rs = castles_one_token();
    mp_game *g = two_towns_one_token(rs);
    decide(g, 0, 1);
    cr_assert_eq(castle_tokens(g, 0), 0, "the last token used");
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE, "no second castle decision: the turn is over");
    cr_assert_eq(t_points(g, 0, "city"), 4, "the second town scored as a town");
    cr_assert_eq(t_points(g, 0, "castle"), 0, "the castle scores nothing when built");
    cr_assert_eq(mp_game_score(g, 0), 4);
    cr_assert_eq(mp_game_score(g, 1), 0);
    cr_assert_eq(mp_game_on_board(g, 0), 1, "the castle's knight stays, the town's came home");
    cr_assert_eq(mp_game_supply(g, 0), 6);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* Declining the first town keeps the token: the second is offered and may take it. */
Test(castles, last_token_kept_for_the_second_town) {
    mp_ruleset *rs = castles_one_token();
    mp_game *g = two_towns_one_token(rs);
    decide(g, 0, 0);
    cr_assert_eq(castle_tokens(g, 0), 1);
    decide(g, 0, 1);
    cr_assert_eq(castle_tokens(g, 0), 0);
    cr_assert_eq(t_points(g, 0, "city"), 4, "the first town scored as a town");
    cr_assert_eq(mp_game_on_board(g, 0), 1);
    cr_assert_eq(mp_game_phase(g), MP_PHASE_PLACE);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* The state the last token used twice would leave: two castles of seat 0 and -1 tokens. Tokens
** left plus castles built still make the one token dealt, so only a check of the supply itself
** sees it. No action reaches this state now; the test sets it in the module's block. */
Test(castles, check_refuses_a_negative_supply) {
    mp_ruleset *rs = castles_one_token();
    mp_game *g = two_towns_one_token(rs);
    decide(g, 0, 1);
    int v = mp_game_module_index(g, &mp_module_castles);
    castles_state *s = g->mstate[v];
    cr_assert_eq(s->n, 1);
    cr_assert_eq(s->supply[0], 0);
    s->c[s->n++] = s->c[0];           /* a second castle of seat 0 ... */
    s->supply[0] = -1;                /* ... paid with a token he did not have */
    mp_diag d = { 0 };
    cr_assert_neq(mp_game_check(g, &d), 0, "a negative supply passes the check");
    cr_assert(strstr(d.message, "player 0: -1 castle tokens in the supply; expected 0 or more"), "%s", d.message);
    mp_game_free(g);
    mp_ruleset_free(rs);
}

/* A fact of the castles module about `player` (-1 the game's): its value, -1 when there is none. */
static int castles_fact(const mp_game *g, const char *what, int player) {
    mp_fact f[64];
    int n = mp_game_facts(g, f, 64);
    cr_assert_leq(n, 64);
    for (int i = 0; i < n; i++)
        if (!strcmp(f[i].module, "castles") && !strcmp(f[i].what, what) && f[i].player == player) {
            cr_assert_eq(f[i].kind, MP_FACT_COUNT, "'%s' is a count", what);
            return f[i].value;
        }
    return -1;
}

/* The module's state as facts (meeple-ruleset(5), castles): tokens left (as the supply says),
** castles built and waiting, towns to decide; and its decisions as data, the town in their
** arguments. */
Test(castles, facts_and_decisions) {
    mp_ruleset *rs = castles();
    mp_game *g = t_game(rs, 2);
    cr_assert_eq(castles_fact(g, "castles", 0), 3, "tokens dealt (tests/rulesets/castles.yaml)");
    cr_assert_eq(castles_fact(g, "towns-pending", -1), 0);
    t_place(g, 0, "E", 0, -1, 2);
    t_deploy(g, "S");
    cr_assert_eq(castles_fact(g, "towns-pending", -1), 1, "the town waits for its occupier");
    mp_action v[4];
    cr_assert_eq(mp_game_legal(g, v, 4), 2);
    for (int i = 0; i < 2; i++) {
        mp_decision dec;
        cr_assert_eq(mp_game_decision(g, &v[i], &dec), 0);
        cr_assert_str_eq(dec.module, "castles");
        cr_assert_str_eq(dec.name, v[i].code == CODE_CONVERT ? "convert" : "decline");
        cr_assert_eq(dec.n_args, 3);
        cr_assert_str_eq(dec.arg_names[1], "other-x");
        /* The town's two tiles: D at 0,0 and E at 0,-1, one at the action's cell, the other in args. */
        cr_assert_eq(v[i].x + dec.args[1], 0);
        cr_assert_eq(v[i].y + dec.args[2], -1);
        cr_assert_neq(v[i].y, dec.args[2]);
    }
    decide(g, 0, 1);
    cr_assert_eq(castles_fact(g, "castles", 0), 2, "a token spent");
    cr_assert_eq(castles_fact(g, "castles", 0), mp_game_token_supply(g, 0, 0));
    cr_assert_eq(castles_fact(g, "castles", 1), 3);
    cr_assert_eq(castles_fact(g, "castles-built", 0), 1);
    cr_assert_eq(castles_fact(g, "castles-waiting", 0), 1);
    cr_assert_eq(castles_fact(g, "castles-built", 1), 0);
    cr_assert_eq(castles_fact(g, "towns-pending", -1), 0);
    t_place(g, 1, "W", 1, 0, 0);
    t_pass(g);
    t_place(g, 0, "L", -1, 0, 0);     /* completes the road in the fief: the castle scores */
    t_pass(g);
    cr_assert_eq(t_points(g, 0, "castle"), 3);
    cr_assert_eq(castles_fact(g, "castles-built", 0), 1);
    cr_assert_eq(castles_fact(g, "castles-waiting", 0), 0, "scored: no longer waiting");
    mp_game_free(g);
    mp_ruleset_free(rs);
}
