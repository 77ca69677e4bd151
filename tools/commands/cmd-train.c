/*
** cmd-train.c: `meeple train` (meeple-train(1)): the learned evaluation's weights for a ruleset,
** fitted to seeded self-play games; the run itself is tools/sim/train-games.c.
*/
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "run-options.h"
#include "sim.h"

/* The bots that play the games by default: the mcts bot at a budget that plays well in a fraction
** of a second a game (meeple-train(1) gives the costs). */
#define DEFAULT_TRAINERS "mcts:500,mcts:500"

static const char usage[] =
    "usage: meeple train [--ruleset NAME] [--games N] [--seed S] [--players BOT,BOT[,...]] [--weights FILE] [--jobs N] [--shard K/N [--output FILE]] [--progress] [--json]\n"
    "Play N seeded games between bots and fit the weights of the learned evaluation to them: what\n"
    "each seat went on to score from every position, predicted from the position's features.\n"
    "  --ruleset NAME   the ruleset, a name or a path (default c3)\n"
    "  --games N        the number of games, 1 to " RUN_GAMES_TEXT " (default 1000); game i uses seed S+i\n"
    "  --seed S         seed of the first game (default 1)\n"
    "  --players LIST   the bots that play: random, greedy, mcts[:N|:Ts] or mcts-rollout[:N|:Ts],\n"
    "                   comma-separated (default " DEFAULT_TRAINERS ")\n"
    "  --weights FILE   write the weights file to FILE (replaced whole, or not at all) and print a\n"
    "                   summary; without it the weights file is printed\n"
    "  --jobs N         threads playing the games (default: the cores available)\n"
    "  --shard K/N      play only the K-th of N interleaved parts of the seeds and write them as a\n"
    "                   part for 'meeple merge' (JSON)\n"
    "  --output FILE    with --shard: write the part to FILE (a whole part, or none); an existing\n"
    "                   part of the same shard is kept and not played again\n"
    "  --progress       show the progress on standard error, also when it is no terminal\n"
    "  --json           print a summary and the weights as JSON\n"
    "  -h, --help       print this help\n";

int cmd_train(int argc, char **argv) {
    static const struct option opts[] = {
        RUN_OPTIONS,
        { "ruleset", required_argument, 0, 'r' }, { "weights", required_argument, 0, 'w' },
        { "json", no_argument, 0, 'j' },          { "help", no_argument, 0, 'h' },
        { 0, 0, 0, 0 }
    };
    const char *ruleset = "c3", *weights = NULL;
    bool as_json = false;
    run_options ro;
    run_options_init(&ro, 1000, DEFAULT_TRAINERS);
    int ch, rc;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (ch) {
        case 'r': ruleset = optarg; break;
        case 'w': weights = optarg; break;
        case 'j': as_json = true; break;
        case 'h': fputs(usage, stdout); return 0;
        default:
            if ((rc = run_option(usage, ch, optarg, &ro)) == RUN_NOT_SHARED) return option_error(usage, "h", opts, argv);
            if (rc) return rc;
        }
    }
    if (optind < argc) return usage_error(usage, "unexpected argument '%s'", quoted(argv[optind]));
    if (strlen(ruleset) >= SIM_RULESET_CHARS)
        return usage_error(usage, "--ruleset: a name of %zu characters; expected at most %d", strlen(ruleset), SIM_RULESET_CHARS - 1);
    if (run_check(usage, &ro, weights ? "--weights" : NULL)) return EXIT_USAGE;
    seat_list lineup;
    if (run_seats(usage, &ro, SEATS_BOTS, &lineup)) return EXIT_USAGE;
    return train_games(ruleset, ro.players, ro.games, ro.seed, weights, as_json, &ro.sim);
}
