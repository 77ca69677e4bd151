#!/bin/sh
# train.sh: the learned evaluation's weights (meeple-train(1), meeple-weights(5)): a tiny training
# run gives the same weights twice, on one thread or two, whole or in shards merged; the file it
# writes reads back as the ruleset's weights; bad options are refused. Greedy games, about a second.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
RUN="--games 6 --players greedy,greedy --seed 7"

"$M" train $RUN --jobs 1 >"$T/one" 2>"$T/err"
check '[ $? = 0 ] && [ ! -s "$T/err" ]' "train exits 0, quiet: $(cat "$T/err")"
check 'grep -qx "ruleset: c3" "$T/one" && grep -Eq "^hash: \"[0-9a-f]{16}\"$" "$T/one"' "names the ruleset and its hash: $(head -5 "$T/one")"
check 'grep -Eq "^training: \{games: 6, seed: 7, players: \"greedy,greedy\", positions: [0-9]+, rms_error: [0-9.]+, rms_error_unweighed: [0-9.]+\}$" "$T/one"' "training line: $(grep '^training' "$T/one")"
check 'grep -Eq "^  open\.city: +\{start: -?[0-9.e+-]+, end: -?[0-9.e+-]+\}$" "$T/one" && grep -Eq "^  finish\.cloister\.7: " "$T/one"' "features: $(sed -n '/^features/,$p' "$T/one" | head -5)"
# Reproducible: the same seed gives the same weights, on any number of threads and split in shards.
"$M" train $RUN --jobs 2 >"$T/two"
check 'cmp -s "$T/one" "$T/two"' "two threads gave other weights: $(diff "$T/one" "$T/two")"
"$M" train $RUN --shard 1/2 --output "$T/p1" && "$M" train $RUN --shard 2/2 --output "$T/p2" && "$M" merge "$T/p2" "$T/p1" >"$T/merged"
check 'cmp -s "$T/one" "$T/merged"' "shards merged gave other weights: $(diff "$T/one" "$T/merged")"
"$M" train --games 6 --players greedy,greedy --seed 8 >"$T/other"
check '! cmp -s "$T/one" "$T/other"' "another seed gave the same weights"

# --weights FILE: the file written whole, a summary printed; the weights load as the ruleset's.
mkdir "$T/rs" && cp "$(dirname "$0")/../../rulesets/c3.yaml" "$T/rs/mine.yaml" && cp -r "$(dirname "$0")/../../rulesets/tiles" "$T/rs/"
sed -i 's/^name: c3$/name: mine/' "$T/rs/mine.yaml"
"$M" train $RUN --ruleset "$T/rs/mine.yaml" --weights "$T/rs/mine.weights" >"$T/summary" 2>"$T/err"
check '[ $? = 0 ] && grep -Eq "^.*/mine\.weights: weights for mine from 6 games, [0-9]+ positions; rms error [0-9.]+ points \([0-9.]+ with no weights\)$" "$T/summary"' "summary: $(cat "$T/summary" "$T/err")"
check 'grep -qx "ruleset: mine" "$T/rs/mine.weights" && ! ls "$T/rs" | grep -q "\.tmp"' "the file, and no temporary left: $(ls "$T/rs")"
"$M" arena --ruleset "$T/rs/mine.yaml" --players mcts:20,greedy --games 2 >"$T/arena" 2>"$T/err"
check '[ $? = 0 ]' "the mcts bot plays with the weights beside the ruleset: $(cat "$T/err")"
# A weights file that does not read stops the ruleset, with its line and column.
printf 'ruleset: mine\nhash: "0"\nfeatures: {tiles: {start: x, end: 0}}\n' >"$T/rs/mine.weights"
"$M" arena --ruleset "$T/rs/mine.yaml" --players mcts:20,greedy --games 1 >/dev/null 2>"$T/err"
check '[ $? = 1 ] && grep -q "mine\.weights:3:27: '"'"'x'"'"' is not a weight; expected a number" "$T/err"' "a bad weights file: $(cat "$T/err")"
# Weights trained for other rules are left aside, and lint says so.
printf 'ruleset: mine\nhash: "0000000000000000"\nfeatures: {tiles: {start: 1, end: 0}}\n' >"$T/rs/mine.weights"
"$M" arena --ruleset "$T/rs/mine.yaml" --players mcts:20,greedy --games 1 >/dev/null 2>"$T/err"
check '[ $? = 0 ]' "stale weights are left aside: $(cat "$T/err")"
"$M" lint "$T/rs/mine.yaml" >"$T/lint" 2>&1
check 'grep -q "mine\.weights: .*trained for ruleset mine with hash 0000000000000000" "$T/lint"' "lint names stale weights: $(cat "$T/lint")"

if need jq jq; then
    "$M" train $RUN --json >"$T/json"
    check 'jq -e "[.ruleset, .games, .seed, .players] == [\"c3\", 6, 7, \"greedy,greedy\"] and .positions > 0 and .rms_error < .rms_error_unweighed" "$T/json" >/dev/null' "--json: $(head -c 300 "$T/json")"
    check '[ "$(jq -r ".features[\"open.city\"].start" "$T/json")" = "$(sed -n "s/^  open\.city: *{start: \([^,]*\),.*/\1/p" "$T/one")" ]' "--json and the file give the same weights"
fi

# Usage errors.
"$M" train --games 0 >/dev/null 2>"$T/err"
check '[ $? = 2 ]' "--games 0 is a usage error"
"$M" train --players greedy,clever >/dev/null 2>"$T/err"
check '[ $? = 2 ] && grep -q "clever" "$T/err"' "a bad bot: $(cat "$T/err")"
"$M" train $RUN --shard 1/2 --weights "$T/w" >/dev/null 2>"$T/err"
check '[ $? = 2 ] && grep -q -- "--weights" "$T/err"' "--weights with --shard: $(cat "$T/err")"
"$M" train $RUN --weights /nonexistent/dir/w >/dev/null 2>"$T/err"
check '[ $? = 1 ] && grep -q "/nonexistent/dir/w" "$T/err"' "an unwritable --weights: $(cat "$T/err")"

finish train.sh
