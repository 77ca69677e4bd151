#!/bin/sh
# play-games.sh: many seeded bot games summarised (meeple play --games N; meeple-play(1), SUMMARY
# OF MANY GAMES): the means are those of the single games, and the output is the same bytes for
# any --jobs and for shards merged by meeple merge (meeple-merge(1)).
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}

# 24 games, so that every thread of --jobs 5 and every shard of 3 has games of its own; a greedy
# seat among random ones.
RUN="play --games 24 --seed 3 --players random,greedy,random"

# Text and JSON: the same bytes whatever the threads.
for j in 1 2 5; do
    # shellcheck disable=SC2086
    "$M" $RUN --jobs $j >"$T/text-$j" 2>"$T/err"
    check '[ $? = 0 ] && [ ! -s "$T/err" ]' "--jobs $j: exit status, or something on stderr: $(head -3 "$T/err")"
    # shellcheck disable=SC2086
    "$M" $RUN --jobs $j --json >"$T/json-$j"
done
check '[ "$(head -1 "$T/text-1")" = "ruleset c3, seeds 3..26, 24 games, 3 players" ]' "header: $(head -1 "$T/text-1")"
check '[ "$(sed -n 3p "$T/text-1" | tr -s " ")" = "player mean wins city road cloister farm" ] && [ "$(grep -c "^\(random\|greedy\)-[123] " "$T/text-1")" = 3 ]' "a row per seat under the ruleset's categories: $(cat "$T/text-1")"
check '[ "$(wc -l <"$T/text-1")" = 6 ] && ! grep -q "games/s" "$T/text-1"' "no time taken in the text (meeple bench measures speed): $(cat "$T/text-1")"
check 'grep -q "^{\"ruleset\":\"c3\",\"seed\":3,\"games\":24,\"players\":\[{\"name\":\"random-1\",\"kind\":\"random\",\"mean_score\":" "$T/json-1" && ! grep -q "second" "$T/json-1"' "JSON keys, no time taken: $(cat "$T/json-1")"
for j in 2 5; do
    check 'cmp -s "$T/text-1" "$T/text-$j"' "text with --jobs $j differs from --jobs 1: $(diff "$T/text-1" "$T/text-$j")"
    check 'cmp -s "$T/json-1" "$T/json-$j"' "JSON with --jobs $j differs from --jobs 1: $(diff "$T/json-1" "$T/json-$j")"
done
# shellcheck disable=SC2086
"$M" $RUN >"$T/text"
check 'cmp -s "$T/text-1" "$T/text"' "the default --jobs gives other bytes"

# Game i is the game of seed S+i, and a mean is the sum of the games' scores over their number.
if need jq jq; then
    sum=0
    for s in 3 4 5 6 7 8; do
        sum=$((sum + $("$M" play --seed $s --players random,greedy,random --json | jq '.players[1].score')))
    done
    "$M" play --games 6 --seed 3 --players random,greedy,random --jobs 2 --json >"$T/six"
    check '[ "$(jq ".players[1].mean_score * 6 | round" "$T/six")" = "$sum" ]' "greedy-2's mean over seeds 3..8: $(jq -c '.players[1]' "$T/six"), expected the sum $sum / 6"
fi

# Three shards, each a part, merged in any order: the bytes of one run, as text and as JSON.
for k in 1 2 3; do
    # shellcheck disable=SC2086
    "$M" $RUN --shard $k/3 --output "$T/part-$k.json" >"$T/out" 2>"$T/err"
    check '[ $? = 0 ] && [ ! -s "$T/out" ] && [ -s "$T/part-$k.json" ]' "shard $k/3 --output: $(cat "$T/err")"
    check 'grep -q "^{\"meeple_part\":1,\"command\":\"play\",\"games\":24,\"shard\":\[$k,3\],\"played\":8," "$T/part-$k.json"' "part $k: $(head -c 200 "$T/part-$k.json")"
done
check '! cmp -s "$T/part-1.json" "$T/part-2.json" && ! cmp -s "$T/part-2.json" "$T/part-3.json"' "the shards hold the same games"
"$M" merge "$T/part-1.json" "$T/part-2.json" "$T/part-3.json" >"$T/merged" 2>"$T/err"
check '[ $? = 0 ] && cmp -s "$T/text-1" "$T/merged"' "3 shards merged differ from one run: $(cat "$T/err") $(diff "$T/text-1" "$T/merged")"
"$M" merge --json "$T/part-3.json" "$T/part-1.json" "$T/part-2.json" >"$T/merged.json"
check 'cmp -s "$T/json-1" "$T/merged.json"' "3 shards merged (another order) as JSON differ from one run: $(diff "$T/json-1" "$T/merged.json")"
# A shard to stdout is the same part; --json changes nothing in it.
# shellcheck disable=SC2086
"$M" $RUN --shard 2/3 --json --jobs 3 >"$T/part-2.out"
check 'cmp -s "$T/part-2.json" "$T/part-2.out"' "shard 2/3 to stdout with --json and 3 threads: another part"
# Run again, a shard whose part is there is not played again.
# shellcheck disable=SC2086
"$M" $RUN --shard 1/3 --output "$T/part-1.json" >/dev/null 2>"$T/err"
check '[ $? = 0 ] && grep -qx "meeple play: .*part-1.json holds shard 1/3 of this run already; not played again" "$T/err"' "resumed shard: $(cat "$T/err")"

# A part missing, or of another run, is refused; play has no CSV.
"$M" merge "$T/part-1.json" "$T/part-3.json" >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && [ ! -s "$T/out" ] && grep -q "1 of 3 shards missing: 2/3" "$T/err"' "a shard missing: $(cat "$T/err")"
"$M" play --games 24 --seed 4 --players random,greedy,random --shard 2/3 >"$T/other.json"
"$M" merge "$T/part-1.json" "$T/other.json" "$T/part-3.json" >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && grep -q "other.json: not of the run of .*part-1.json: other parameters" "$T/err"' "a part of another seed: $(cat "$T/err")"
"$M" merge --csv "$T/part-1.json" "$T/part-2.json" "$T/part-3.json" >"$T/out" 2>"$T/err"
check '[ $? = 2 ] && grep -q "^meeple merge: --csv: play --games prints no CSV" "$T/err"' "merge --csv of play parts: $(cat "$T/err")"

# The categories are the ruleset's, in its order, whichever thread or shard plays which game:
# its kinds (bcb's castle among them), farm, then a module's (bazaar); none it never scores.
"$M" play --games 6 --ruleset bcb --players greedy,random --jobs 3 >"$T/bcb"
check '[ "$(sed -n 3p "$T/bcb" | tr -s " ")" = "player mean wins city road cloister castle farm bazaar" ]' "bcb categories: $(sed -n 3p "$T/bcb")"
"$M" play --games 4 --ruleset c3-nofarmers --jobs 2 >"$T/nofarm"
check '[ "$(sed -n 3p "$T/nofarm" | tr -s " ")" = "player mean wins city road cloister" ]' "no farm column without farms: $(sed -n 3p "$T/nofarm")"

# The options of a run go with --games N (N from 2: one game is shown whole).
for args in "--jobs 2" "--shard 1/2" "--games 1 --jobs 2" "--games 3 --output $T/x.json" "--games 3 --jobs 0" "--games 3 --shard 3/2" "--games 3 --shard x"; do
    # shellcheck disable=SC2086
    "$M" play $args >"$T/out" 2>"$T/err"
    check '[ $? = 2 ] && [ ! -s "$T/out" ] && grep -q "^meeple play: " "$T/err"' "play $args: a usage error: $(head -1 "$T/err")"
done
check '[ ! -e "$T/x.json" ]' "--output without --shard wrote a file"

finish play-games
