#!/bin/sh
# bench-ranks.sh: how a run of games scales over MPI ranks and threads on this machine: the same
# seeded games played by one process on one thread, by one process on 2 threads (--jobs 2), and by
# 2 ranks of mpirun on one thread each; games/s by the wall clock of the whole command (MPI's
# start included) and the speed-ups over one thread. `make bench-ranks` (a build --with-mpi);
# meeple-bench(1). Each run also checks that the three outputs are the same bytes.
#
# usage: tools/sim/bench-ranks.sh [--json] [MEEPLE]     (MEEPLE: the binary, default ./meeple)
# The games of each player kind are chosen to last 20 to 40 s on one core (random: 300,000,
# greedy: 6,000, mcts:200: 60), against the 0.4 s mpirun takes to start; BENCH_SCALE=0.1 plays a
# tenth of them.
set -eu
json=no
[ "${1:-}" = --json ] && { json=yes; shift; }
M=${1:-./meeple}
scale=${BENCH_SCALE:-1}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_plm_rsh_agent=
command -v mpirun >/dev/null || { echo "bench-ranks: mpirun not found (Debian package 'openmpi-bin')" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
# seconds COMMAND...: runs it (stdout to $tmp/out), prints the wall-clock seconds it took.
seconds() {
    t0=$(now)
    "$@" >"$tmp/out"
    t1=$(now)
    echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }'
}

[ "$json" = yes ] && printf '{"machine_cores":%s,"runs":[' "$(nproc)"
first=yes
for spec in random:300000 greedy:6000 mcts:200:60; do
    bot=${spec%:*}
    games=$(echo "${spec##*:} $scale" | awk '{ g = int($1 * $2); print g < 2 ? 2 : g }')
    run="compare --games $games --rulesets c3 --players $bot,$bot"
    s1=$(seconds "$M" $run --jobs 1 --json); cp "$tmp/out" "$tmp/one"
    s2=$(seconds "$M" $run --jobs 2 --json); cp "$tmp/out" "$tmp/two"
    sm=$(seconds mpirun --oversubscribe -n 2 "$M" $run --jobs 1 --json); cp "$tmp/out" "$tmp/mpi"
    same=yes
    cmp -s "$tmp/one" "$tmp/two" && cmp -s "$tmp/one" "$tmp/mpi" || same=no
    line=$(echo "$games $s1 $s2 $sm" | awk '{ printf "%.1f %.1f %.1f %.2f %.2f", $1/$2, $1/$3, $1/$4, $2/$3, $2/$4 }')
    set -- $line
    if [ "$json" = yes ]; then
        [ "$first" = yes ] || printf ','
        printf '{"players":"%s,%s","games":%s,"seconds":{"jobs_1":%s,"jobs_2":%s,"mpirun_2":%s},' "$bot" "$bot" "$games" "$s1" "$s2" "$sm"
        printf '"games_per_second":{"jobs_1":%s,"jobs_2":%s,"mpirun_2":%s},"speedup":{"jobs_2":%s,"mpirun_2":%s},"same_output":%s}' \
            "$1" "$2" "$3" "$4" "$5" "$( [ $same = yes ] && echo true || echo false)"
    else
        printf '%-16s %6s games: %9s games/s on 1 thread, %9s with --jobs 2 (x%s), %9s with mpirun -n 2 (x%s)%s\n' \
            "$bot,$bot" "$games" "$1" "$2" "$4" "$3" "$5" "$( [ $same = yes ] && echo "" || echo "; OUTPUTS DIFFER")"
    fi
    first=no
    [ "$same" = yes ] || status=1
done
[ "$json" = yes ] && printf ']}\n'
exit "${status:-0}"
