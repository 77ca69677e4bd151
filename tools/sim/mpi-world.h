/*
** mpi.h: the few MPI calls meeple makes, behind functions that do nothing without MPI.
**
** Built with ./configure --with-mpi, tools/sim/mpi.c implements them with Open MPI; otherwise
** tools/sim/mpi-none.c makes every process a world of one (rank 0 of 1) and needs nothing new.
** MPI is started only when the process was launched by an MPI launcher (mpirun sets
** OMPI_COMM_WORLD_SIZE, PMIX_RANK or PMI_RANK): a plain `meeple` run never initialises MPI, so it
** behaves exactly as a build without MPI. Only the main thread calls these (MPI_THREAD_FUNNELED).
**
** How a run of games uses them (tools/sim/sim.c): each rank plays its share of the seeds on its own
** threads, writes its totals as a part (the JSON that --shard writes, meeple-merge(1)), and
** mpi_gather brings every rank's part to rank 0, which merges them and prints. A rank that fails
** prints its error with its rank and calls mpi_abort: the whole run stops, none waits forever.
*/
#ifndef MP_TOOLS_MPI_H
#define MP_TOOLS_MPI_H

#include <stdbool.h>
#include <stddef.h>

/* Starts MPI when launched by mpirun (else nothing). 0, or -1 with a message printed. */
int mpi_start(int *argc, char ***argv);
/* Whether this build has MPI (./configure --with-mpi). */
bool mpi_built(void);
/* This process's rank and the number of ranks: 0 and 1 when MPI is not running. */
int mpi_rank(void);
int mpi_size(void);
/* The ranks on this machine (for the default --jobs: the cores are shared among them): 1 without MPI. */
int mpi_local_size(void);
/* Every rank's bytes, on rank 0: *all gets mpi_size() malloc'd buffers (each NUL-terminated,
** its length in (*lens)[r]), to free with mpi_free_gathered; other ranks get *all = NULL.
** A collective: every rank must call it. 0, or -1 with a message printed. */
int mpi_gather(const char *mine, size_t len, char ***all, size_t **lens);
void mpi_free_gathered(char **all, size_t *lens);
/* Ends the whole run at once with exit status code (after the error is printed). Without MPI: exit. */
void mpi_abort(int code) __attribute__((noreturn));
/* Ends MPI at the end of main (nothing when MPI is not running). */
void mpi_finish(void);

#endif
