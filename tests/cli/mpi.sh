#!/bin/sh
# mpi.sh: meeple under mpirun (./configure --with-mpi; meeple(1), MPI). Skipped in a build without
# MPI. The checks of runs of games split across ranks are with the commands that play them.
set -u
. "$(dirname "$0")/lib.sh"
skip_without_mpi mpi
M=${MEEPLE:?set MEEPLE to the meeple binary}

# rank_pid RANK: the pid of that rank of the run started with MEEPLE_KILL_TEST=$$, once it runs
# (up to 20 s; empty if it never shows): read from each meeple process's environment.
rank_pid() {
    tries=0
    while [ $tries -lt 200 ]; do
        for p in $(pgrep -x meeple) $(pgrep -x lt-meeple); do
            env=$({ tr '\0' '\n' <"/proc/$p/environ"; } 2>/dev/null) || continue   # gone meanwhile
            if echo "$env" | grep -qx "MEEPLE_KILL_TEST=$$" && echo "$env" | grep -qx "OMPI_COMM_WORLD_RANK=$1"; then
                echo "$p"
                return
            fi
        done
        sleep 0.1
        tries=$((tries + 1))
    done
}

if need mpirun openmpi-bin; then
    # Each rank starts MPI (mpirun's variables are set) and finalizes it: a rank that left without
    # MPI_Finalize would make mpirun fail the run.
    mpirun_meeple 2 --version >"$T/out" 2>"$T/err"
    status=$?
    check '[ "$status" = 0 ]' "mpirun -n 2 meeple --version: exit $status; expected 0: $(cat "$T/err")"
    # Only rank 0 prints (tools/sim/ranks.c): one version line, not one a rank.
    check '[ "$(grep -cx "meeple [0-9][0-9.]*" "$T/out")" = 1 ]' \
        "mpirun -n 2 meeple --version: expected one version line (rank 0's), got: $(cat "$T/out")"

    # The issue's run: compare --games 2000 over 2 ranks prints the very bytes of one process, in
    # JSON, text and CSV (each rank's part gathered on rank 0; tools/sim/sim.c).
    run="compare --games 2000 --rulesets c1-2000,c3"
    "$M" $run --json --jobs 1 >"$T/one.json"
    mpirun_meeple 2 $run --json >"$T/mpi.json" 2>"$T/err"
    status=$?
    check '[ "$status" = 0 ] && [ -s "$T/one.json" ] && cmp -s "$T/one.json" "$T/mpi.json"' \
        "mpirun -n 2 $run --json: exit $status, not the bytes of one process: $(head -c 300 "$T/err")"
    "$M" $run --jobs 1 >"$T/one.txt"
    mpirun_meeple 3 $run --jobs 1 >"$T/mpi.txt" 2>"$T/err"
    check 'cmp -s "$T/one.txt" "$T/mpi.txt"' "mpirun -n 3 $run (text): not the bytes of one process: $(head -c 300 "$T/err")"
    "$M" compare --games 40 --rulesets c3,c1 --csv >"$T/one.csv"
    mpirun_meeple 2 compare --games 40 --rulesets c3,c1 --csv >"$T/mpi.csv" 2>"$T/err"
    check 'cmp -s "$T/one.csv" "$T/mpi.csv"' "mpirun -n 2 compare --csv: not the rows of one process"
    # Other commands that play many games: the same.
    "$M" tilestats --games 30 --players greedy,random --json >"$T/one.ts"
    mpirun_meeple 2 tilestats --games 30 --players greedy,random --json >"$T/mpi.ts" 2>"$T/err"
    check 'cmp -s "$T/one.ts" "$T/mpi.ts"' "mpirun -n 2 tilestats --json: not the bytes of one process"
    "$M" balance --games 20 --players greedy,greedy --json >"$T/one.bal"
    mpirun_meeple 2 balance --games 20 --players greedy,greedy --json >"$T/mpi.bal" 2>"$T/err"
    check 'cmp -s "$T/one.bal" "$T/mpi.bal"' "mpirun -n 2 balance --json: not the bytes of one process: $(head -c 300 "$T/err")"
    "$M" play --games 30 --players random,greedy --json >"$T/one.pl"
    mpirun_meeple 2 play --games 30 --players random,greedy --json >"$T/mpi.pl" 2>"$T/err"
    check 'cmp -s "$T/one.pl" "$T/mpi.pl"' "mpirun -n 2 play --games --json: not the bytes of one process"
    # A shard run over ranks writes the shard's part; the parts merge to one run.
    for k in 1 2; do mpirun_meeple 2 $run --shard $k/2 --output "$T/part$k.json" 2>"$T/err"; done
    "$M" merge --json "$T/part1.json" "$T/part2.json" >"$T/merged.json" 2>"$T/err"
    check 'cmp -s "$T/one.json" "$T/merged.json"' "shards run under mpirun, merged: not the bytes of one process: $(cat "$T/err")"
    # Only rank 0 prints: one result, however many ranks.
    check '[ "$(grep -c "" "$T/mpi.json")" = 1 ]' "mpirun -n 2 --json: $(grep -c "" "$T/mpi.json") lines; expected one"

    # A rank that fails ends the run, with its rank and error, and none is left waiting (the
    # timeout of mpirun_meeple would make the status 124). Game 8 of 20 is rank 1's (8-1 mod 2 = 1).
    shipped=$MEEPLE MEEPLE=${MEEPLE_FAULTY:?set MEEPLE_FAULTY to tests/meeple-faulty of the build}   # tools/sim/fault.h
    MEEPLE_FAIL_GAME=8 mpirun_meeple 2 compare --games 20 --rulesets c3 >"$T/out" 2>"$T/err"
    status=$?
    check '[ "$status" != 0 ] && [ "$status" != 124 ]' "a failing rank: exit $status; expected a failure, not a hang"
    check 'grep -q "^meeple: rank 1 of 2: meeple compare: game 8 failed as MEEPLE_FAIL_GAME asked" "$T/err"' \
        "a failing rank: its rank and error not on stderr: $(head -5 "$T/err")"
    check '[ ! -s "$T/out" ]' "a failing rank: results printed all the same: $(head -3 "$T/out")"
    MEEPLE_FAIL_GAME=7 mpirun_meeple 2 compare --games 20 --rulesets c3 >"$T/out" 2>"$T/err"
    status=$?
    check '[ "$status" != 0 ] && [ "$status" != 124 ] && grep -q "^meeple: rank 0 of 2: meeple compare: game 7 failed" "$T/err"' \
        "a failing rank 0: exit $status: $(head -3 "$T/err")"
    MEEPLE=$shipped

    # A rank killed (SIGKILL, no chance to say anything) in the middle of a run: the run ends, no
    # rank is left waiting for it, the killed rank is named, and no result and no part is written.
    for victim in 1 0; do
        rm -f "$T/killed.json"
        MEEPLE_KILL_TEST=$$ mpirun_meeple 3 compare --games 100000 --rulesets c3 --players greedy,greedy \
            --shard 1/1 --output "$T/killed.json" >"$T/out" 2>"$T/err" &
        run_pid=$!
        pid=$(rank_pid "$victim")
        [ -n "$pid" ] && sleep 1 && kill -KILL "$pid"
        wait $run_pid
        status=$?
        check '[ -n "$pid" ]' "rank $victim of a run under mpirun never showed in /proc"
        check '[ "$status" != 0 ] && [ "$status" != 124 ]' "rank $victim killed: exit $status; expected a failure, not a hang"
        check 'grep -q "rank $victim .*signal 9" "$T/err"' "rank $victim killed: not named on stderr: $(cat "$T/err")"
        check '[ ! -s "$T/out" ] && [ ! -e "$T/killed.json" ]' "rank $victim killed: a result or a part written all the same"
        check '[ -z "$(ls "$T" | grep "killed.json.tmp")" ]' "rank $victim killed: a temporary file left: $(ls "$T")"
    done
    # An error every rank meets alike (a bad option) is printed once, by rank 0.
    mpirun_meeple 2 compare --games 20 --rulesets c3 --jobs 0 >"$T/out" 2>"$T/err"
    status=$?
    check '[ "$status" = 2 ] && [ "$(grep -c "^meeple compare: --jobs" "$T/err")" = 1 ]' \
        "a usage error under mpirun: exit $status, $(grep -c "^meeple compare: --jobs" "$T/err") messages; expected 2 and one"
fi

finish mpi
