/*
** meeple.c: the `meeple` command: global options, the subcommand table, dispatch.
*/
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "cmd.h"
#include "jcz.h"
#include "mpi-world.h"
#include "ranks.h"

enum { CMD_JSON = 1 };   /* the subcommand has --json */

struct mp_cmd {
    const char *name;
    mp_cmd_fn *run;
    const char *summary;
    unsigned flags;
};

static const struct mp_cmd commands[] = {   /* sorted by name */
    { "arena", cmd_arena, "play seeded games between bots, seats rotating, and report wins and costs", CMD_JSON },
    { "balance", cmd_balance, "play seeded games and report what each tile is worth, against the base set", CMD_JSON },
    { "bench", cmd_bench, "measure how fast the engine plays and lists legal placements", CMD_JSON },
    { "compare", cmd_compare, "compare a recorded game, or many seeded games, under several rulesets", CMD_JSON },
    { "export", cmd_export, "write a game record as a JCloisterZone saved game (.jcz)", CMD_JSON },
    { "import", cmd_import, "turn a JCloisterZone saved game (.jcz) into a game record", CMD_JSON },
    { "lint", cmd_lint, "check tile sets and rulesets and report every problem", CMD_JSON },
    { "merge", cmd_merge, "combine the parts of a run split with --shard K/N into its results", CMD_JSON },
    { "play", cmd_play, "play a game (humans and bots), record it, resume it", CMD_JSON },
    { "render", cmd_render, "draw a tile set or a recorded game as SVG", 0 },
    { "replay", cmd_replay, "replay a game record and check every action and the final scores", CMD_JSON },
    { "rulesets", cmd_rulesets, "list the shipped rulesets", CMD_JSON },
    { "score", cmd_score, "score the actions of a game record under another ruleset", CMD_JSON },
    { "serve", cmd_serve, "serve games to play in a browser: a local web server and its JSON API", 0 },
    { "tilestats", cmd_tilestats, "play seeded games and report how each tile plays", CMD_JSON },
    { "train", cmd_train, "fit the learned evaluation's weights to seeded self-play games", CMD_JSON },
};
enum { N_COMMANDS = sizeof commands / sizeof commands[0] };

static const char usage[] =
    "usage: meeple <command> [options]\n"
    "       meeple help [--list | COMMAND]\n"
    "       meeple --version\n"
    "Run 'meeple <command> --help' (or 'meeple help <command>') for a command's options.\n";

static const struct mp_cmd *find_command(const char *name) {
    for (int i = 0; i < N_COMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0) return &commands[i];
    return NULL;
}

static int unknown_command(const char *name) {
    fprintf(stderr, "meeple: unknown command '%s'; expected one of:", quoted(name));
    for (int i = 0; i < N_COMMANDS; i++) fprintf(stderr, " %s", commands[i].name);
    fprintf(stderr, "\n");
    return EXIT_USAGE;
}

/* meeple help: the commands; help --list: their names; help COMMAND: its usage (its --help). */
static int help(int argc, char **argv) {
    if (argc > 2) { fputs(usage, stderr); return EXIT_USAGE; }
    if (argc > 1 && strcmp(argv[1], "--list") == 0) {
        for (int i = 0; i < N_COMMANDS; i++) printf("%s\n", commands[i].name);
        return 0;
    }
    if (argc > 1) {
        const struct mp_cmd *c = find_command(argv[1]);
        if (!c) return unknown_command(argv[1]);
        static char help_option[] = "--help";
        char *args[] = { argv[1], help_option, NULL };
        return c->run(2, args);
    }
    fputs(usage, stdout);
    printf("\ncommands:\n");
    for (int i = 0; i < N_COMMANDS; i++) printf("  %-10s %s\n", commands[i].name, commands[i].summary);
    return 0;
}

/* The command line run: the exit status. */
static int run(int argc, char **argv) {
    if (argc < 2) { fputs(usage, stderr); return EXIT_USAGE; }
    const char *name = argv[1];
    if (!strcmp(name, "help") || !strcmp(name, "--help") || !strcmp(name, "-h")) return help(argc - 1, argv + 1);
    if (!strcmp(name, "--version")) { printf("meeple %s\n", PACKAGE_VERSION); return 0; }
    const struct mp_cmd *c = find_command(name);
    return c ? c->run(argc - 1, argv + 1) : unknown_command(name);
}

/* Under mpirun (tools/sim/mpi-world.h) a rank that failed ends the whole run with its status: were it to
** return through MPI_Finalize, which waits for every rank, while another waits for it in a
** collective, both would wait forever. */
int main(int argc, char **argv) {
    if (mpi_start(&argc, &argv) != 0) return EXIT_BAD_INPUT;
    ranks_quiet();   /* only rank 0 prints */
    int status = run(argc, argv);
    /* A usage error is every rank's alike, met before any collective: each ends as usual. */
    if (status != 0 && status != EXIT_USAGE && mpi_size() > 1) {
        ranks_failed(status);
        mpi_abort(status);
    }
    mpi_finish();
    return status;
}
