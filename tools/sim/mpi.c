/*
** mpi.c: tools/sim/mpi-world.h with Open MPI (./configure --with-mpi).
**
** MPI starts only under an MPI launcher (see is_launched): a plain run stays a world of one and
** never touches MPI, as a build without it (tools/sim/mpi-none.c).
**
** Failure never leaves a rank waiting: mpi_abort is MPI_Abort, which has mpirun kill every rank
** and exit with the code; a rank that exits without MPI_Finalize (a crash, exit() in the middle)
** makes mpirun end the whole job too. A rank must not return from main through MPI_Finalize
** while others wait for it in a collective: MPI_Finalize waits for every rank, so both sides
** would wait forever. tools/commands/meeple.c therefore ends a failed rank of a run of several with
** mpi_abort.
*/
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "mpi-world.h"

static bool running;         /* MPI_Init_thread done, MPI_Finalize not yet */
static int world_rank = 0, world_size = 1, local_size = 1;

/* Whether an MPI launcher started this process: Open MPI's mpirun (its own variable), or a PMIx
** or PMI launcher (srun, MPICH's hydra). */
static bool is_launched(void) {
    return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") || getenv("PMI_RANK");
}

/* OMPI_COMM_WORLD_LOCAL_SIZE as a number of ranks, or 0 when unset or not a positive number. */
static int local_size_from_env(void) {
    const char *s = getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
    if (!s || !*s) return 0;
    char *end;
    long v = strtol(s, &end, 10);
    return *end == '\0' && v > 0 && v <= INT_MAX ? (int)v : 0;
}

/* The ranks that share this machine's memory. A collective (MPI_Comm_split_type): mpi_start
** asks once, on every rank, so that mpi_local_size may be called by any rank alone. */
static int local_size_from_mpi(void) {
    MPI_Comm node;
    int n = 1;
    if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) != MPI_SUCCESS)
        return 1;
    MPI_Comm_size(node, &n);
    MPI_Comm_free(&node);
    return n > 0 ? n : 1;
}

int mpi_start(int *argc, char ***argv) {
    if (running || !is_launched()) return 0;
    int provided = MPI_THREAD_SINGLE;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "meeple: MPI_Init_thread failed; expected MPI to start under the launcher\n");
        return -1;
    }
    if (provided < MPI_THREAD_FUNNELED) {   /* the same answer on every rank: all finalize */
        fprintf(stderr, "meeple: this MPI library gives thread level %d; expected MPI_THREAD_FUNNELED (%d) or more\n",
                provided, MPI_THREAD_FUNNELED);
        MPI_Finalize();
        return -1;
    }
    running = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world_size);
    local_size = local_size_from_env();
    if (local_size == 0) local_size = local_size_from_mpi();
    return 0;
}

bool mpi_built(void) { return true; }
int mpi_rank(void) { return world_rank; }
int mpi_size(void) { return world_size; }
int mpi_local_size(void) { return local_size; }

/* Room for n parts and a NULL after them, zeroed: mpi_free_gathered frees up to the first NULL,
** so what was made before a failure, and needs no count (it may come after mpi_finish). */
static int gathered_alloc(int n, char ***all, size_t **lens) {
    *all = calloc((size_t)n + 1, sizeof **all);
    *lens = calloc((size_t)n, sizeof **lens);
    if (*all && *lens) return 0;
    free(*all), free(*lens);
    *all = NULL, *lens = NULL;
    fprintf(stderr, "meeple: out of memory gathering the ranks' results\n");
    return -1;
}

/* A copy of len bytes with a NUL after them, or NULL (message printed). */
static char *copy_part(const char *bytes, size_t len) {
    char *p = malloc(len + 1);
    if (!p) { fprintf(stderr, "meeple: out of memory gathering the ranks' results (%zu bytes)\n", len); return NULL; }
    if (len) memcpy(p, bytes, len);
    p[len] = '\0';
    return p;
}

/* Refuses parts MPI cannot count: MPI_Gatherv's counts and displacements are ints, so each part
** and their sum must be at most INT_MAX bytes (a part is the JSON totals of a share of the games:
** kilobytes). Every rank sees every length (MPI_Allgather) and so refuses with the others: none is
** left waiting in MPI_Gatherv. Each prints the message, as mpi_gather's failure promises. */
static bool parts_fit(const uint64_t *lens, int n) {
    uint64_t total = 0;
    for (int r = 0; r < n; r++) {
        if (lens[r] > INT_MAX) {
            fprintf(stderr, "meeple: rank %d: cannot gather the results: rank %d's is %llu bytes; expected at most %d"
                    " (MPI counts bytes with an int)\n", world_rank, r, (unsigned long long)lens[r], INT_MAX);
            return false;
        }
        total += lens[r];
    }
    if (total > INT_MAX) {
        fprintf(stderr, "meeple: rank %d: cannot gather the results: they are %llu bytes together; expected at most %d"
                " (MPI counts bytes with an int)\n", world_rank, (unsigned long long)total, INT_MAX);
        return false;
    }
    return true;
}

int mpi_gather(const char *mine, size_t len, char ***all, size_t **lens) {
    *all = NULL, *lens = NULL;
    if (!running || world_size == 1) {
        if (gathered_alloc(1, all, lens)) return -1;
        if (!((*all)[0] = copy_part(mine, len))) { mpi_free_gathered(*all, *lens); *all = NULL, *lens = NULL; return -1; }
        (*lens)[0] = len;
        return 0;
    }
    int n = world_size;
    uint64_t my_len = len, *part_lens = malloc((size_t)n * sizeof *part_lens);
    int *counts = world_rank == 0 ? malloc((size_t)n * sizeof *counts) : NULL;
    int *displs = world_rank == 0 ? malloc((size_t)n * sizeof *displs) : NULL;
    char *block = NULL;
    int rc = -1;
    /* Out of memory here is the one failure that differs between ranks: abort the run, since
    ** the others are about to wait in the collectives below. */
    if (!part_lens || (world_rank == 0 && (!counts || !displs))) {
        fprintf(stderr, "meeple: rank %d: out of memory gathering the ranks' results\n", world_rank);
        mpi_abort(1);
    }
    /* MPI's errors end the run (MPI_ERRORS_ARE_FATAL, the default): no status to look at. */
    MPI_Allgather(&my_len, 1, MPI_UINT64_T, part_lens, 1, MPI_UINT64_T, MPI_COMM_WORLD);
    if (!parts_fit(part_lens, n)) goto done;
    if (world_rank == 0) {
        size_t total = 0;
        for (int r = 0; r < n; r++) {
            counts[r] = (int)part_lens[r];
            displs[r] = (int)total;
            total += part_lens[r];
        }
        if (!(block = malloc(total ? total : 1))) {
            fprintf(stderr, "meeple: rank 0: out of memory gathering the ranks' results (%zu bytes)\n", total);
            mpi_abort(1);
        }
    }
    MPI_Gatherv(mine, (int)len, MPI_CHAR, block, counts, displs, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (world_rank != 0) { rc = 0; goto done; }
    if (gathered_alloc(n, all, lens)) goto done;
    for (int r = 0; r < n; r++) {
        if (!((*all)[r] = copy_part(block + displs[r], part_lens[r]))) {
            mpi_free_gathered(*all, *lens);
            *all = NULL, *lens = NULL;
            goto done;
        }
        (*lens)[r] = part_lens[r];
    }
    rc = 0;
done:
    free(block), free(displs), free(counts), free(part_lens);
    return rc;
}

void mpi_free_gathered(char **all, size_t *lens) {
    for (char **p = all; p && *p; p++) free(*p);
    free(all);
    free(lens);
}

void mpi_abort(int code) {
    fflush(stdout);
    fflush(stderr);
    if (running) MPI_Abort(MPI_COMM_WORLD, code);
    exit(code);   /* MPI_Abort does not return; this is for the compiler and a world of one */
}

void mpi_finish(void) {
    if (!running) return;
    running = false;
    MPI_Finalize();
}
