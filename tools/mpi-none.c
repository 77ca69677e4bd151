/*
** mpi-none.c: tools/mpi.h without MPI (a build without --with-mpi): every process is rank 0 of 1.
*/
#include <stdlib.h>
#include <string.h>

#include "mpi.h"

int mpi_start(int *argc, char ***argv) { (void)argc; (void)argv; return 0; }
bool mpi_built(void) { return false; }
int mpi_rank(void) { return 0; }
int mpi_size(void) { return 1; }
int mpi_local_size(void) { return 1; }

int mpi_gather(const char *mine, size_t len, char ***all, size_t **lens) {
    *all = calloc(1, sizeof **all);
    *lens = calloc(1, sizeof **lens);
    if (!*all || !*lens || !((*all)[0] = malloc(len + 1))) { mpi_free_gathered(*all, *lens); *all = NULL; return -1; }
    memcpy((*all)[0], mine, len);
    (*all)[0][len] = 0;
    (*lens)[0] = len;
    return 0;
}

void mpi_free_gathered(char **all, size_t *lens) {
    if (all) free(all[0]);
    free(all);
    free(lens);
}

void mpi_abort(int code) { exit(code); }
void mpi_finish(void) {}
