/*
** mpi-none.c: tools/sim/mpi-world.h without MPI (the default build): every process is a world of one,
** rank 0 of 1, and needs nothing beyond the C library. tools/sim/mpi.c is the Open MPI version.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi-world.h"

int mpi_start(int *argc, char ***argv) { (void)argc, (void)argv; return 0; }
bool mpi_built(void) { return false; }
int mpi_rank(void) { return 0; }
int mpi_size(void) { return 1; }
int mpi_local_size(void) { return 1; }

/* The one part, copied with a NUL after it, in an array ended by NULL (as tools/sim/mpi.c makes). */
int mpi_gather(const char *mine, size_t len, char ***all, size_t **lens) {
    *all = calloc(2, sizeof **all);
    *lens = calloc(1, sizeof **lens);
    char *copy = malloc(len + 1);
    if (!*all || !*lens || !copy) {
        fprintf(stderr, "meeple: out of memory gathering the results (%zu bytes)\n", len);
        free(*all), free(*lens), free(copy);
        *all = NULL, *lens = NULL;
        return -1;
    }
    if (len) memcpy(copy, mine, len);
    copy[len] = '\0';
    (*all)[0] = copy;
    (*lens)[0] = len;
    return 0;
}

void mpi_free_gathered(char **all, size_t *lens) {
    for (char **p = all; p && *p; p++) free(*p);
    free(all);
    free(lens);
}

void mpi_abort(int code) { exit(code); }

void mpi_finish(void) {}
