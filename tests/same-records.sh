#!/bin/sh
# same-records.sh OLD NEW: whether two builds of meeple play the same games. For every ruleset of
# the source tree's rulesets/ (each build with its own), seeds 1 to 20, three two-player lineups
# (random,greedy; greedy,mcts:50; mcts:50,random) and a three-player one where the ruleset allows
# it, each build records the game; the records must be byte-identical. A change meant to keep play
# the same (a refactoring, a speed-up) shows it here; `meeple bench --signature` is the quick check,
# this the long one (some minutes). OLD and NEW are the meeple programs of two build trees, e.g.
#   tests/same-records.sh /tmp/old/meeple ./meeple
# Exit status 0 when every record is the same, 1 otherwise (the differing ones listed).
set -u
[ $# = 2 ] || { echo "usage: tests/same-records.sh OLD-MEEPLE NEW-MEEPLE" >&2; exit 2; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
record_all() {   # MEEPLE DIR: the records of one build into DIR
    m=$1 out=$2 rulesets=$(dirname "$(readlink -f "$1")")/rulesets
    mkdir -p "$out"
    for r in "$rulesets"/*.yaml; do
        name=$(basename "$r" .yaml)
        for s in $(seq 1 20); do
            for lineup in random,greedy greedy,mcts:50 mcts:50,random random,greedy,mcts:50; do
                MEEPLE_RULESETS=$rulesets "$m" play --ruleset "$name" --players "$lineup" --seed "$s" \
                    --record "$out/$name-$s-$lineup.rec" --force >/dev/null 2>&1 || rm -f "$out/$name-$s-$lineup.rec"
            done
        done
    done
}
record_all "$1" "$T/old"
record_all "$2" "$T/new"
n=$(ls "$T/old" | wc -l)
if diff -r -q "$T/old" "$T/new"; then echo "same records: $n games alike"; exit 0; fi
echo "records differ (of $n games)"
exit 1
