/*
** ranks.c: only rank 0 of an MPI run prints; the others keep their errors aside (ranks.h).
*/
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cmd.h"
#include "mpi-world.h"
#include "ranks.h"

static FILE *real_stderr;   /* the rank's standard error as it was (NULL: not redirected) */
static FILE *kept;          /* what it wrote to standard error since */

void ranks_quiet(void) {
    if (mpi_size() < 2 || mpi_rank() == 0) return;
    fflush(stdout);
    fflush(stderr);
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) { dup2(null, 1); close(null); }
    int saved = dup(2);
    kept = tmpfile();
    if (saved < 0 || !kept || !(real_stderr = fdopen(saved, "w"))) {   /* then errors stay where they were */
        if (kept) fclose(kept);
        if (saved >= 0 && !real_stderr) close(saved);
        kept = NULL;
        real_stderr = NULL;
        return;
    }
    dup2(fileno(kept), 2);
}

void ranks_failed(int status) {
    if (!real_stderr) return;
    fflush(stderr);
    if (status != EXIT_USAGE) {
        char line[2048];
        rewind(kept);
        while (fgets(line, sizeof line, kept))
            fprintf(real_stderr, "meeple: rank %d of %d: %s", mpi_rank(), mpi_size(), line);
        fflush(real_stderr);
    }
}

FILE *ranks_stderr(void) { return real_stderr ? real_stderr : stderr; }
