/*
** cmd.h: what the subcommands of `meeple` share.
**
** Adding a subcommand (the checklist):
**   1. tools/commands/cmd-<name>.c with `int cmd_<name>(int argc, char **argv)`, a usage string and a
**      getopt_long option table; -h and --help print usage to stdout and exit 0, misuse prints one
**      error line and the usage to stderr and exits 2 (usage_error; option_error for what
**      getopt_long refuses);
**   2. its line in the commands[] table of tools/commands/meeple.c (sorted by name) and its flags;
**   3. the file in Makefile.am (meeple_SOURCES);
**   4. man/meeple-<name>.1, listed in dist_man_MANS, its SYNOPSIS the same as the usage;
**   5. tests/cli/run.sh walks every command: --help, -h, 'meeple help CMD', a bad option, its man
**      page and its place in meeple(1).
** A command that writes a file opens it with out_open before the work; a command that plays many
** seeded games takes the options such runs share from one table (RUN_OPTIONS and run_option,
** tools/sim/run-options.h: --games, --seed, --players, --jobs, --progress, --shard, --output) and
** shows its progress with progress_start/update/end; input quoted in a message goes through
** quoted() (mp_quote).
** Exit codes: 0 success, 1 bad input or a rule violation (diagnostic printed), 2 usage error.
*/
#ifndef MP_TOOLS_CMD_H
#define MP_TOOLS_CMD_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include "meeple.h"

enum { EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

typedef int mp_cmd_fn(int argc, char **argv);

int cmd_arena(int argc, char **argv);
int cmd_balance(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_import(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_lint(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_rulesets(int argc, char **argv);
int cmd_score(int argc, char **argv);
int cmd_serve(int argc, char **argv);   /* tools/serve/server.c */
int cmd_train(int argc, char **argv);
int cmd_tilestats(int argc, char **argv);

/* common.c */
/* The plural ending of a noun after the count n: "1 player", "2 players", "-1 point". */
static inline const char *plural(long long n) { return n == 1 || n == -1 ? "" : "s"; }
/* The directories searched for rulesets by name: mp_ruleset_default_dirs ($MEEPLE_RULESETS,
** colon-separated, then the installed rulesets). NULL-terminated. */
const char *const *ruleset_dirs(void);
/* The names of the rulesets in those directories (every NAME.yaml, the first directory that has a
** name winning), sorted, at most cap of them, each strdup'ed for the caller to free. meeple
** rulesets and meeple serve's GET /api/rulesets list them. */
int ruleset_names(char **names, int cap);
/* A ruleset named, never a path: letters, digits, '-' and '_', at most 64 (what meeple serve takes
** from a request, and from an uploaded record). */
bool ruleset_name_ok(const char *s);
/* Loads a ruleset, printing the diagnostic to stderr on failure. */
mp_ruleset *load_ruleset(const char *name);
void print_diag(const mp_diag *d);
/* The same to f (the prompt prints its messages to standard output). */
void print_diag_to(FILE *f, const mp_diag *d);
/* Whether the ruleset allows the n seats of --players: 0, or the diagnostic printed, blaming the
** option ("<options>: --players: 1 player; ruleset 'c3' expects 2 to 5"), and EXIT_BAD_INPUT. */
int check_players(const mp_ruleset *rs, int n);
/* Prints "meeple CMD: message" and the usage to stderr; returns EXIT_USAGE. CMD is read from the
** usage ("usage: meeple CMD ..."): messages do not name it again. */
int usage_error(const char *usage, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The usage error of an option getopt_long refused (it returned '?'), for every command alike:
** an unknown option (with the known ones), an ambiguous prefix (with its candidates), an option
** without its value or with a value it does not take. shorts: getopt's short-option string. */
int option_error(const char *usage, const char *shorts, const struct option *opts, char **argv);
/* Parses a whole decimal number: NULL, or why s is not one ("is not a whole number", "is too
** large"), to follow the quoted value in a message. */
const char *parse_u64(const char *s, uint64_t *out);
/* --seed's value into *seed: 0, or the usage error printed and EXIT_USAGE. */
int seed_option(const char *usage, const char *arg, uint64_t *seed);
bool parse_int(const char *s, int lo, int hi, int *out);
/* The value of a whole-number option (--games N) into *out: 0, or the usage error printed
** ("--games: '0' is out of range; expected 1 to 10000000") and EXIT_USAGE. */
int int_option(const char *usage, const char *option, const char *arg, int lo, int hi, int *out);
/* A file written safely (every command that writes one): a temporary file beside the target is
** opened before the work starts, so that an output that cannot be written is refused at once
** with the system's reason ("PATH: cannot write: No such file or directory"); it is filled, then
** flushed, synced and renamed over the target by out_commit, or removed by out_discard. */
typedef struct out_file { char path[512]; char tmp[540]; FILE *f; } out_file;
int out_open(out_file *o, const char *path, mp_diag *d);
int out_commit(out_file *o, mp_diag *d);
void out_discard(out_file *o);
/* A file never replaced by surprise, as meeple-play(1)'s --record: with force false, an existing path (a
** symbolic link counts, even one to nothing) is refused: "PATH: file exists; expected a new file
** for OPTION (--force replaces it)" into d, and 1; else 0. OPTION names what asked for the file
** ("-o", "--svg"). */
int out_refuse_existing(const char *path, const char *option, bool force, mp_diag *d);
/* Whether path can be written, for an output written by a writer of its own (mp_record_save):
** 0, or the diagnostic printed and EXIT_BAD_INPUT. */
int out_check(const char *path);
/* The progress of a long run of games, on standard error: on a terminal by itself, redrawn in
** place; elsewhere (a log) only when forced (--progress), as a line at each tenth of the run (and
** at least one a minute) and one at the end. Each shows the games played, the time spent and an
** estimate of the time left: "compare: 1200/10000 games, 12 s, about 1 min 28 s left". */
typedef struct progress {
    const char *cmd;
    long total;
    bool on, terminal, shown;
    double t0, last;                  /* the start; the last time shown, from the start */
    long tenths;                      /* tenths of the run shown so far (a log) */
} progress;
void progress_start(progress *p, const char *cmd, long total, bool forced);
void progress_update(progress *p, long done);   /* after each game: done of total */
void progress_end(progress *p, long done);
/* s quoted for a message (mp_quote), in one of four buffers used in turn: for the arguments of
** one message. */
const char *quoted(const char *s);

#endif
