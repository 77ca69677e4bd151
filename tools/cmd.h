/*
** cmd.h: what the subcommands of `meeple` share.
**
** Adding a subcommand (the checklist):
**   1. tools/cmd-<name>.c with `int cmd_<name>(int argc, char **argv)`, a usage string and a
**      getopt_long option table; --help prints usage to stdout and exits 0, misuse prints one
**      error line and the usage to stderr and exits 2;
**   2. its line in the commands[] table of tools/meeple.c (sorted by name) and its flags;
**   3. the file in Makefile.am (meeple_SOURCES);
**   4. man/meeple-<name>.1, listed in dist_man_MANS, its SYNOPSIS the same as the usage;
**   5. tests/cli/run.sh walks every command: --help, a bad option, the man page.
** Exit codes: 0 success, 1 bad input or a rule violation (diagnostic printed), 2 usage error.
*/
#ifndef MP_TOOLS_CMD_H
#define MP_TOOLS_CMD_H

#include <stdbool.h>
#include <stdio.h>
#include "meeple.h"

enum { EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

typedef int mp_cmd_fn(int argc, char **argv);

int cmd_play(int argc, char **argv);
int cmd_rulesets(int argc, char **argv);

/* common.c */
/* The directories searched for rulesets by name: $MEEPLE_RULESETS (colon-separated), the
** installed data directory, the source tree. NULL-terminated. */
const char *const *ruleset_dirs(void);
/* Loads a ruleset, printing the diagnostic to stderr on failure. */
mp_ruleset *load_ruleset(const char *name);
void print_diag(const mp_diag *d);
/* Prints "meeple <cmd>: message" and the usage to stderr; returns EXIT_USAGE. */
int usage_error(const char *usage, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Parses a whole decimal number; false when s is not one. */
bool parse_u64(const char *s, uint64_t *out);
bool parse_int(const char *s, int lo, int hi, int *out);

#endif
