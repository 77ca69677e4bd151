/*
** cmd-play.c: `meeple play`, a full game between seats (bots for now), with the final board and
** the score breakdown per player and per feature kind, or the same as JSON.
*/
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ascii.h"
#include "bots.h"
#include "cmd.h"
#include "json.h"

static const char usage[] =
    "usage: meeple play [--ruleset NAME] [--players SEAT,SEAT[,...]] [--seed N] [--games N] [--json]\n"
    "Play one complete game and print the final board and the score breakdown.\n"
    "  --ruleset NAME   ruleset name or path (default c3; see 'meeple rulesets')\n"
    "  --players LIST   one seat kind per player, in seat order: random, greedy\n"
    "                   (default random,greedy)\n"
    "  --seed N         seed of the draw order, the first player and the bots (default 1)\n"
    "  --games N        play N games (seeds S, S+1, ... from --seed) and print per-seat means and wins\n"
    "  --json           print the result as JSON instead of text\n"
    "  --help           print this help\n";

enum { MAX_SEATS = MP_MAX_PLAYERS };

static void print_json(const mp_game *g, const char *ruleset, uint64_t seed, const char *const *names,
                       const bot *bots) {
    json j;
    json_init(&j, stdout);
    json_object(&j);
    json_key(&j, "ruleset"); json_string(&j, ruleset);
    json_key(&j, "seed"); json_uint(&j, (unsigned long long)seed);
    json_key(&j, "tiles_placed"); json_int(&j, mp_game_turn(g));
    json_key(&j, "players"); json_array(&j);
    for (int p = 0; p < mp_game_n_players(g); p++) {
        json_object(&j);
        json_key(&j, "name"); json_string(&j, names[p]);
        json_key(&j, "kind"); json_string(&j, bot_kind_name(bots[p].kind));
        json_key(&j, "score"); json_int(&j, mp_game_score(g, p));
        json_key(&j, "points"); json_object(&j);
        for (int c = 0; c < mp_game_n_categories(g); c++)
            if (mp_game_category_scored(g, c)) { json_key(&j, mp_game_category_name(g, c)); json_int(&j, mp_game_points(g, p, c)); }
        json_object_end(&j);
        json_object_end(&j);
    }
    json_array_end(&j);
    json_key(&j, "winners"); json_array(&j);
    for (int p = 0; p < mp_game_n_players(g); p++)
        if (mp_game_winners(g) & (1u << p)) json_string(&j, names[p]);
    json_array_end(&j);
    json_object_end(&j);
    json_done(&j);
}

/* Plays one game to the end with these seats; NULL with d filled when it cannot start. */
static mp_game *play_one(const mp_ruleset *rs, bot *seats, int n, uint64_t seed, mp_diag *d) {
    mp_game_options o = { .n_players = n, .seed = seed, .first_player = -1 };
    mp_game *g = mp_game_new(rs, &o, d);
    if (!g) return NULL;
    for (int p = 0; p < n; p++) bot_init(&seats[p], seats[p].kind, seed, p);
    while (mp_game_phase(g) != MP_PHASE_OVER) {
        mp_action a;
        int p = mp_game_current_player(g);
        if (bot_choose(&seats[p], g, &a) || mp_game_apply(g, &a, d)) {
            snprintf(d->message, sizeof d->message, "internal error: seat %d found no legal action", p + 1);
            mp_game_free(g);
            return NULL;
        }
    }
    return g;
}

/* Plays games with seeds seed .. seed+games-1; prints each seat's mean score and points per
** category, its wins (a shared win counts for every winner) and the speed. */
static int play_many(const mp_ruleset *rs, bot *seats, const char *const *names, int n, uint64_t seed,
                     long games, bool as_json) {
    double score[MAX_SEATS] = { 0 }, points[MAX_SEATS][64] = { { 0 } };
    long wins[MAX_SEATS] = { 0 };
    int nc = 0;
    char cats[64][40];
    bool tty = isatty(2);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; i < games; i++) {
        mp_diag d = { 0 };
        mp_game *g = play_one(rs, seats, n, seed + (uint64_t)i, &d);
        if (!g) { print_diag(&d); return EXIT_BAD_INPUT; }
        nc = 0;
        for (int c = 0; c < mp_game_n_categories(g) && nc < 64; c++)
            if (mp_game_category_scored(g, c)) {
                snprintf(cats[nc], sizeof cats[nc], "%s", mp_game_category_name(g, c));
                for (int p = 0; p < n; p++) points[p][nc] += mp_game_points(g, p, c);
                nc++;
            }
        for (int p = 0; p < n; p++) {
            score[p] += mp_game_score(g, p);
            wins[p] += (mp_game_winners(g) >> p) & 1;
        }
        mp_game_free(g);
        if (tty && (i + 1) % 100 == 0) fprintf(stderr, "\r%ld/%ld games", i + 1, games);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (tty) fputs("\r\033[K", stderr);
    if (as_json) {
        json j;
        json_init(&j, stdout);
        json_object(&j);
        json_key(&j, "ruleset"); json_string(&j, mp_ruleset_name(rs));
        json_key(&j, "seed"); json_uint(&j, (unsigned long long)seed);
        json_key(&j, "games"); json_int(&j, games);
        json_key(&j, "seconds"); json_double(&j, secs);
        json_key(&j, "games_per_second"); json_double(&j, (double)games / secs);
        json_key(&j, "players"); json_array(&j);
        for (int p = 0; p < n; p++) {
            json_object(&j);
            json_key(&j, "name"); json_string(&j, names[p]);
            json_key(&j, "kind"); json_string(&j, bot_kind_name(seats[p].kind));
            json_key(&j, "mean_score"); json_double(&j, score[p] / (double)games);
            json_key(&j, "wins"); json_int(&j, wins[p]);
            json_key(&j, "mean_points"); json_object(&j);
            for (int c = 0; c < nc; c++) { json_key(&j, cats[c]); json_double(&j, points[p][c] / (double)games); }
            json_object_end(&j);
            json_object_end(&j);
        }
        json_array_end(&j);
        json_object_end(&j);
        json_done(&j);
        return 0;
    }
    printf("ruleset %s, seeds %llu..%llu, %ld games, %d players\n\n", mp_ruleset_name(rs),
           (unsigned long long)seed, (unsigned long long)(seed + (uint64_t)games - 1), games, n);
    printf("%-16s %8s %6s", "player", "mean", "wins");
    for (int c = 0; c < nc; c++) printf(" %9s", cats[c]);
    putchar('\n');
    for (int p = 0; p < n; p++) {
        printf("%-16s %8.2f %6ld", names[p], score[p] / (double)games, wins[p]);
        for (int c = 0; c < nc; c++) printf(" %9.2f", points[p][c] / (double)games);
        putchar('\n');
    }
    printf("\n%.3f s, %.1f games/s\n", secs, (double)games / secs);
    return 0;
}

int cmd_play(int argc, char **argv) {
    static const struct option opts[] = {
        { "ruleset", required_argument, 0, 'r' }, { "players", required_argument, 0, 'p' },
        { "seed", required_argument, 0, 's' },    { "json", no_argument, 0, 'j' },
        { "games", required_argument, 0, 'g' },
        { "help", no_argument, 0, 'h' },          { 0, 0, 0, 0 }
    };
    const char *ruleset = "c3", *players = "random,greedy";
    uint64_t seed = 1;
    long games = 1;
    bool as_json = false;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case 'r': ruleset = optarg; break;
        case 'p': players = optarg; break;
        case 's':
            if (!parse_u64(optarg, &seed)) return usage_error(usage, "play: seed '%s' is not a whole number; expected 0 or more", optarg);
            break;
        case 'j': as_json = true; break;
        case 'g': {
            int v;
            if (!parse_int(optarg, 1, 100000000, &v)) return usage_error(usage, "play: games '%s'; expected a whole number from 1 to 100000000", optarg);
            games = v;
            break;
        }
        case 'h': fputs(usage, stdout); return 0;
        default:
            return usage_error(usage, "play: unknown option or missing value '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc) return usage_error(usage, "play: unexpected argument '%s'", argv[optind]);

    bot bots[MAX_SEATS];
    char names[MAX_SEATS][40];
    const char *name_ptrs[MAX_SEATS];
    int n = 0;
    char list[256];
    snprintf(list, sizeof list, "%s", players);
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        int k = bot_kind_from_name(tok);
        if (k < 0) return usage_error(usage, "play: unknown seat kind '%s'; expected random or greedy", tok);
        if (n == MAX_SEATS) return usage_error(usage, "play: more than %d seats", MAX_SEATS);
        bot_init(&bots[n], (bot_kind)k, seed, n);
        snprintf(names[n], sizeof names[n], "%s-%d", tok, n + 1);
        name_ptrs[n] = names[n];
        n++;
    }
    if (n == 0) return usage_error(usage, "play: no seats; expected --players random,greedy or similar");

    mp_ruleset *rs = load_ruleset(ruleset);
    if (!rs) return EXIT_BAD_INPUT;
    if (games > 1) {
        int rc = play_many(rs, bots, name_ptrs, n, seed, games, as_json);
        mp_ruleset_free(rs);
        return rc;
    }
    mp_diag d = { 0 };
    mp_game *g = play_one(rs, bots, n, seed, &d);
    if (!g) { print_diag(&d); mp_ruleset_free(rs); return EXIT_BAD_INPUT; }
    if (as_json) {
        print_json(g, mp_ruleset_name(rs), seed, name_ptrs, bots);
    } else {
        printf("ruleset %s, seed %llu, %d players\n\n", mp_ruleset_name(rs), (unsigned long long)seed, n);
        ascii_board(stdout, g);
        printf("\n%d tiles placed\n\n", mp_game_turn(g));
        ascii_scores(stdout, g, name_ptrs);
    }
    mp_game_free(g);
    mp_ruleset_free(rs);
    return 0;
}
