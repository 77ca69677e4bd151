/*
** fault.h: a game a test makes fail, to check how a run of many games fails (tools/sim/sim.c).
**
** The shipped program has none (fault-none.c). The test suite builds tests/meeple-faulty, the same
** program with tests/fault-env.c in its place, which fails the game MEEPLE_FAIL_GAME names
** (tests/cli/jobs.sh, mpi.sh): test-only code stays out of the program users run.
*/
#ifndef MP_TOOLS_FAULT_H
#define MP_TOOLS_FAULT_H

#include "meeple.h"

/* Whether game `game` (0-based) of command `command` is to fail instead of being played: 0 no;
** otherwise 1, with d's message saying so. */
int sim_fault(long game, const char *command, mp_diag *d);

#endif
