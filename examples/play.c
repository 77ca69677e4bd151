/*
** play.c: a game of Carcassonne between two random bots, with libmeeple
** (meeple(3)). Build and run:
**
**   cc play.c $(pkg-config --cflags --libs meeple) -o play && ./play 5
*/
#include <stdio.h>
#include <stdlib.h>

#include <meeple.h>

static int fail(const char *what, const mp_diag *d) {
    char msg[1200];
    mp_diag_format(d, msg, sizeof msg);
    fprintf(stderr, "play: %s: %s\n", what, msg);
    return 1;
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    mp_diag d = { 0 };

    /* The default ruleset, c3: in $MEEPLE_RULESETS or installed. */
    const char *const *dirs = mp_ruleset_default_dirs();
    mp_ruleset *rs = mp_ruleset_load("c3", dirs, &d);
    if (!rs) return fail("loading the ruleset", &d);

    mp_game_options opt = { .n_players = 2, .seed = seed,
                            .first_player = -1 };
    mp_game *g = mp_game_new(rs, &opt, &d);
    if (!g) {
        mp_ruleset_free(rs);
        return fail("building the game", &d);
    }
    /* Building a game and playing its first turn are two steps: the
    ** first tile is drawn here. */
    if (mp_game_start(g, &d)) {
        mp_game_free(g);
        mp_ruleset_free(rs);
        return fail("starting the game", &d);
    }
    /* "random" always names a bot: mp_bot_new cannot fail here. */
    mp_bot *bots[2];
    for (int p = 0; p < 2; p++)
        bots[p] = mp_bot_new("random", seed, p, &d);

    /* Whoever is to decide chooses a legal action, until the game is
    ** over; drawing and scoring run inside mp_game_apply. */
    int rc = 0;
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        mp_action a;
        mp_bot *bot = bots[mp_game_current_player(g)];
        if (mp_bot_choose(bot, g, &a) || mp_game_apply(g, &a, &d)) {
            rc = fail("playing", &d);
            break;
        }
    }

    if (rc == 0) {
        printf("libmeeple %s, ruleset %s, seed %llu: %d tiles placed\n",
               mp_version(), mp_ruleset_name(rs),
               (unsigned long long)seed, mp_game_turn(g));
        unsigned winners = mp_game_winners(g);
        for (int p = 0; p < mp_game_n_players(g); p++) {
            const char *wins = winners >> p & 1 ? " (wins)" : "";
            printf("player %d: %d points%s\n", p + 1,
                   mp_game_score(g, p), wins);
        }
    }

    for (int p = 0; p < 2; p++) mp_bot_free(bots[p]);
    mp_game_free(g);
    mp_ruleset_free(rs);
    return rc;
}
