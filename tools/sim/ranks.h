/*
** ranks.h: what the ranks of a run under mpirun print. Every rank runs the same command line, so
** only rank 0 prints results; the others' standard output goes nowhere, and their standard
** error is kept aside: shown (each line after "meeple: rank R of N: ") only when the rank fails
** with an error of its own (a file missing on its machine), not when it fails as rank 0 does
** (a usage error, printed once by rank 0).
*/
#ifndef MP_TOOLS_RANKS_H
#define MP_TOOLS_RANKS_H

#include <stdio.h>

/* On a rank other than 0 of several: standard output to /dev/null, standard error kept aside.
** Nothing otherwise. */
void ranks_quiet(void);
/* A rank failed with status: what it kept aside, shown with its rank (unless a usage error). */
void ranks_failed(int status);
/* The standard error of this rank as it was, for an error that names its rank (tools/sim/sim.c). */
FILE *ranks_stderr(void);

#endif
