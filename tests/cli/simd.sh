#!/bin/sh
# simd.sh: MEEPLE_SIMD chooses the placement list's SIMD path (meeple(1), ENVIRONMENT): every path
# this machine runs can be asked for, `meeple bench` says which one listed, and every path plays
# the same games. (tests/test_place compares each path's lists with the reference scan.)
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}

# The paths this machine runs, from its own account of itself (x86: the cpu flags).
runs() {
    [ "$1" = scalar ] && return 0
    grep -q "^flags.* $1\( \|$\)" /proc/cpuinfo 2>/dev/null
}
best=scalar
for p in sse2 avx2; do runs $p && best=$p; done

# bench_path [MEEPLE_SIMD]: the path bench reports, with the variable unset or set.
bench_path() {
    if [ $# = 0 ]; then (unset MEEPLE_SIMD; "$M" bench --games 2 --json); else MEEPLE_SIMD=$1 "$M" bench --games 2 --json; fi |
        sed -n 's/.*"simd":"\([a-z0-9]*\)".*/\1/p'
}
check '[ "$(bench_path)" = "$best" ]' "MEEPLE_SIMD unset: bench lists by $(bench_path), expected the best path this machine runs, $best"
check '[ "$(bench_path auto)" = "$best" ]' "MEEPLE_SIMD=auto: bench lists by $(bench_path auto), expected $best"
(unset MEEPLE_SIMD; "$M" bench --games 2 --json) >"$T/auto.json"
paths=scalar; for p in sse2 avx2; do runs $p && paths="$paths\",\"$p"; done
check 'grep -q "\"simd_paths\":\[\"$paths\"\]" "$T/auto.json"' "bench names the paths this machine runs (\"$paths\"): $(cat "$T/auto.json")"
(unset MEEPLE_SIMD; "$M" bench --games 2) >"$T/auto.txt"
check 'grep -q "^  placement lists by $best (MEEPLE_SIMD unset; this machine runs " "$T/auto.txt"' "bench's text names the path: $(cat "$T/auto.txt")"

(unset MEEPLE_SIMD; "$M" play --players random,greedy --seed 9) >"$T/game.auto"
for p in scalar sse2 avx2; do
    if runs $p; then
        check '[ "$(bench_path $p)" = "$p" ]' "MEEPLE_SIMD=$p: bench lists by $(bench_path $p)"
        MEEPLE_SIMD=$p "$M" play --players random,greedy --seed 9 >"$T/game.$p"
        check 'cmp -s "$T/game.auto" "$T/game.$p"' "MEEPLE_SIMD=$p plays another game than $best"
    else
        # A path this machine lacks is never run (it would stop at an illegal instruction).
        check '[ "$(bench_path $p)" = "$best" ]' "MEEPLE_SIMD=$p, which this machine lacks: bench lists by $(bench_path $p), expected $best"
        MEEPLE_SIMD=$p "$M" bench --games 2 >"$T/lacks.txt"
        check 'grep -q "^  placement lists by $best (MEEPLE_SIMD=$p is not a path this machine runs; " "$T/lacks.txt"' "bench says $p is not run here: $(cat "$T/lacks.txt")"
    fi
done
MEEPLE_SIMD=avx512 "$M" bench --games 2 >"$T/unknown.txt"
check 'grep -q "^  placement lists by $best (MEEPLE_SIMD=avx512 is not a path this machine runs; " "$T/unknown.txt"' "an unknown path: $(cat "$T/unknown.txt")"

finish simd
