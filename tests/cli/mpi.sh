#!/bin/sh
# mpi.sh: meeple under mpirun (./configure --with-mpi; meeple(1), MPI). Skipped in a build without
# MPI. The checks of runs of games split across ranks are with the commands that play them.
set -u
. "$(dirname "$0")/lib.sh"
skip_without_mpi mpi

if need mpirun openmpi-bin; then
    # Each rank starts MPI (mpirun's variables are set) and finalizes it: a rank that left without
    # MPI_Finalize would make mpirun fail the run.
    mpirun_meeple 2 --version >"$T/out" 2>"$T/err"
    status=$?
    check '[ "$status" = 0 ]' "mpirun -n 2 meeple --version: exit $status; expected 0: $(cat "$T/err")"
    check '[ "$(grep -cx "meeple [0-9][0-9.]*" "$T/out")" = 2 ]' \
        "mpirun -n 2 meeple --version: expected one version line from each of 2 ranks, got: $(cat "$T/out")"
fi

finish mpi
