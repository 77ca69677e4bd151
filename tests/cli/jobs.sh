#!/bin/sh
# jobs.sh: runs of many seeded games split over threads (--jobs) and shards (--shard K/N, merged
# with `meeple merge`): the output is the same bytes for any split (tools/sim/sim.h, meeple(1) "MANY
# CORES, SHARDS AND CLUSTERS", meeple-merge(1)); merge's errors; a run resumed; a failing game.
# A command that plays its games with tools/sim/sim.c adds its own lines to the first part below.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
# The same program built with tests/fault-env.c (tools/sim/fault.h): it fails the game
# MEEPLE_FAIL_GAME names, for the checks of a failing run. The shipped one fails none.
F=${MEEPLE_FAULTY:?set MEEPLE_FAULTY to tests/meeple-faulty of the build}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
unset MEEPLE_FAIL_GAME

# same_any_split NAME FORMAT COMMAND...: COMMAND FORMAT prints the same bytes with --jobs 1, 2 and 7,
# and as 3 shards (COMMAND FORMAT --shard K/3 --output FILE, each on 2 threads) merged by
# `meeple merge FORMAT`, the parts given in any order. FORMAT is one word: "", --json or --csv.
same_any_split() {
    name=$1 fmt=$2
    shift 2
    "$M" "$@" $fmt --jobs 1 >"$T/one" 2>"$T/err"
    check '[ $? = 0 ] && [ -s "$T/one" ]' "$name: one thread: $(head -3 "$T/err")"
    for j in 2 7; do
        "$M" "$@" $fmt --jobs $j >"$T/jobs$j" 2>"$T/err"
        check 'cmp -s "$T/one" "$T/jobs$j"' "$name: --jobs $j differs from --jobs 1: $(head -3 "$T/err"; diff "$T/one" "$T/jobs$j" | head -5)"
    done
    rm -f "$T"/part-*.json
    for k in 1 2 3; do "$M" "$@" $fmt --jobs 2 --shard $k/3 --output "$T/part-$k.json"; done
    "$M" merge $fmt "$T/part-1.json" "$T/part-2.json" "$T/part-3.json" >"$T/merged" 2>"$T/err"
    check '[ $? = 0 ] && cmp -s "$T/one" "$T/merged"' "$name: 3 shards merged differ from one run: $(head -3 "$T/err"; diff "$T/one" "$T/merged" | head -5)"
    "$M" merge $fmt "$T/part-3.json" "$T/part-1.json" "$T/part-2.json" >"$T/merged"
    check 'cmp -s "$T/one" "$T/merged"' "$name: the parts merged in another order differ"
}

# ---------------------------------------------------------------- the same bytes for any split
# 2000 games under two rulesets: shards of 667, 667 and 666 games.
GAMES="--games 2000 --rulesets c1-2000,c3"
same_any_split "compare --json" --json compare $GAMES
same_any_split "compare" "" compare $GAMES
same_any_split "compare --csv" --csv compare $GAMES
check '[ "$(wc -l <"$T/one")" = 4001 ]' "compare --csv: a header and a row per game and ruleset: $(wc -l <"$T/one")"
# Parts written for --csv keep a row per game; they still merge to the JSON of the run.
"$M" compare $GAMES --json >"$T/run.json"
"$M" merge --json "$T"/part-*.json >"$T/merged.json"
check 'cmp -s "$T/run.json" "$T/merged.json"' "the --csv parts merged with --json differ from the run's --json"
# The chart: one run's SVG and the one merge writes from the parts are the same bytes.
"$M" compare $GAMES --jobs 2 --svg "$T/run.svg" >/dev/null
"$M" merge --svg "$T/merged.svg" "$T"/part-*.json >/dev/null
check '[ -s "$T/run.svg" ] && cmp -s "$T/run.svg" "$T/merged.svg"' "merge --svg differs from the run's --svg"
# More shards than games: the empty shards write parts that merge.
for k in 1 2 3 4 5 6 7; do "$M" compare --games 5 --rulesets c3 --shard $k/7 --output "$T/small-$k.json"; done
"$M" compare --games 5 --rulesets c3 --json >"$T/small.json"
"$M" merge --json "$T"/small-*.json >"$T/merged-small.json" 2>"$T/err"
check '[ $? = 0 ] && cmp -s "$T/small.json" "$T/merged-small.json"' "5 games in 7 shards: $(cat "$T/err")"
check 'grep -q "\"played\":0," "$T/small-7.json"' "shard 7/7 of 5 games plays none: $(head -c 200 "$T/small-7.json")"
# A part goes to standard output without --output.
"$M" compare --games 5 --rulesets c3 --shard 2/7 >"$T/stdout.json"
check 'cmp -s "$T/stdout.json" "$T/small-2.json"' "--shard without --output: the part on standard output"
if need jq jq; then
    check 'jq -e ".meeple_part == 1 and .command == \"compare\" and .games == 2000 and .shard == [1, 3] and .played == 667 and .params.seed == 1" "$T/part-1.json" >/dev/null' \
        "a part's envelope: $(head -c 300 "$T/part-1.json")"
fi

# ---------------------------------------------------------------- merge's errors
# Parts of one run of 300 games, and parts of other runs.
RUN="--games 300 --rulesets c1-2000,c3"
for k in 1 2 3; do "$M" compare $RUN --shard $k/3 --output "$T/p$k.json"; done
"$M" compare $RUN --seed 2 --shard 2/3 --output "$T/seed2.json"
"$M" compare --games 301 --rulesets c1-2000,c3 --shard 2/3 --output "$T/games301.json"
"$M" compare $RUN --shard 2/4 --output "$T/of4.json"
# merge_fails WHAT 'MESSAGE' PART...: merge exits 1 with MESSAGE, the whole of its standard error,
# and prints nothing.
merge_fails() {
    what=$1 msg=$2
    shift 2
    "$M" merge "$@" >"$T/out" 2>"$T/err"
    check '[ $? = 1 ] && [ ! -s "$T/out" ] && [ "$(cat "$T/err")" = "$msg" ]' "merge: $what: $(cat "$T/err")"
}
"$M" merge "$T/p1.json" "$T/p2.json" "$T/p3.json" >/dev/null
check '[ $? = 0 ]' "merge of the three parts"
merge_fails "a shard missing" \
    "meeple merge: 1 of 3 shards missing: 2/3; run it with --shard K/N as the others were, then merge every part" \
    "$T/p1.json" "$T/p3.json"
merge_fails "two shards missing" \
    "meeple merge: 2 of 3 shards missing: 1/3, 3/3; run them with --shard K/N as the others were, then merge every part" \
    "$T/p2.json"
cp "$T/p1.json" "$T/p1-again.json"
merge_fails "a shard twice" \
    "$T/p1-again.json: shard 1/3 again (it is $T/p1.json too); expected each shard once" \
    "$T/p1.json" "$T/p2.json" "$T/p1-again.json" "$T/p3.json"
merge_fails "another seed" \
    "$T/seed2.json: not of the run of $T/p1.json: other parameters (rulesets, seats, seed or options); expected the parts of one run" \
    "$T/p1.json" "$T/seed2.json" "$T/p3.json"
merge_fails "another number of games" \
    "$T/games301.json: not of the run of $T/p1.json: another number of games; expected the parts of one run" \
    "$T/p1.json" "$T/games301.json" "$T/p3.json"
merge_fails "another number of shards" \
    "$T/of4.json: not of the run of $T/p1.json: another number of shards; expected the parts of one run" \
    "$T/p1.json" "$T/of4.json" "$T/p3.json"
"$M" merge "$T/p1.json" "$T/nosuch.json" >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && [ ! -s "$T/out" ] && grep -q "^$T/nosuch.json: cannot read: .*No such file or directory$" "$T/err"' "merge: a part that is not there: $(cat "$T/err")"
printf '{"meeple_part": 1,\n  "games": x}\n' >"$T/broken.json"
merge_fails "not JSON" \
    "$T/broken.json:2:12: invalid token near 'x'; expected a part written by a run with --shard K/N (a whole JSON object)" \
    "$T/p1.json" "$T/broken.json"
head -c 500 "$T/p2.json" >"$T/cut.json"
merge_fails "a part cut short" \
    "$T/cut.json:1:500: unexpected token near end of file; expected a part written by a run with --shard K/N (a whole JSON object)" \
    "$T/cut.json"
echo '{"games": 300}' >"$T/other.json"
merge_fails "JSON that is not a part" \
    "$T/other.json: not a part of a sharded run (no \"meeple_part\": 1); expected the JSON a run with --shard K/N writes" \
    "$T/p1.json" "$T/other.json"
echo '{"meeple_part": 1, "command": "compare", "games": 300, "shard": [1, 1], "played": 300, "params": {}}' >"$T/nototals.json"
merge_fails "a part without totals" \
    "$T/nototals.json: a part without its command, parameters, shard K/N, games or totals; expected the JSON a run with --shard K/N writes" \
    "$T/nototals.json"
sed 's/"played":100,/"played":99,/' "$T/p2.json" >"$T/short.json"
merge_fails "a part that played fewer games than its shard holds" \
    "$T/short.json: shard 2/3 of 300 games played 99; expected 100" \
    "$T/p1.json" "$T/short.json" "$T/p3.json"
sed 's/"margin":{"lo":0,"counts":\[[0-9]*,/"margin":{"lo":0,"counts":[-1,/' "$T/p3.json" >"$T/negative.json"
merge_fails "a negative count" \
    "$T/negative.json: totals: margin: a count that is not a whole number from 0; expected counts of values" \
    "$T/p1.json" "$T/p2.json" "$T/negative.json"
echo '{"meeple_part": 1, "command": "nosuch", "games": 10, "shard": [1, 1], "played": 10, "params": {}, "totals": {}}' >"$T/nosuch.json"
merge_fails "a command that does not merge" \
    "$T/nosuch.json: a part of 'nosuch', which no command merges; expected arena, balance, compare, play, tilestats or train" \
    "$T/nosuch.json"
merge_fails "--csv on parts written without --csv" \
    "meeple merge: --csv needs a row per game; expected parts written with --csv (compare --games N --shard K/N --csv)" \
    --csv "$T/p1.json" "$T/p2.json" "$T/p3.json"
# A ruleset file changed since the parts were played: its content hash is not the parts' one.
mkdir "$T/rules"
cp -r "$SRC/rulesets/tiles" "$SRC/rulesets/c3.yaml" "$T/rules/"
for k in 1 2; do "$M" compare --games 100 --rulesets c1-2000,"$T/rules/c3.yaml" --shard $k/2 --output "$T/h$k.json"; done
"$M" merge "$T/h1.json" "$T/h2.json" >/dev/null
check '[ $? = 0 ]' "merge of parts played with a ruleset file"
sed -i 's/^followers: 7$/followers: 6/' "$T/rules/c3.yaml"
merge_fails "a ruleset that changed" \
    "meeple merge: ruleset 'c3' is not the one the parts were played with (its content hash differs); expected the same ruleset file" \
    "$T/h1.json" "$T/h2.json"
# Usage errors: status 2, the message first, then the usage.
"$M" merge >/dev/null 2>"$T/err"
check '[ $? = 2 ] && [ "$(head -1 "$T/err")" = "meeple merge: expected the parts, PART..., written by runs with --shard K/N" ]' "merge without parts: $(head -1 "$T/err")"
"$M" merge --json --csv "$T/p1.json" >/dev/null 2>"$T/err"
check '[ $? = 2 ] && [ "$(head -1 "$T/err")" = "meeple merge: --json and --csv exclude each other" ]' "merge --json --csv: $(head -1 "$T/err")"

# ---------------------------------------------------------------- resuming a run
# Shards 1 and 3 done, 2 not (an interrupted run): merge names 2/3. Run every shard again: 1 and 3
# are kept as they are and not played (MEEPLE_FAIL_GAME=1 would fail shard 1 if it played: game
# 1 is its), 2 is played, and the merge is one run's bytes.
R="--games 600 --rulesets c1-2000,c3 --json"
"$M" compare $R --jobs 2 >"$T/one-r.json"
for k in 1 3; do "$M" compare $R --shard $k/3 --output "$T/r-$k.json"; done
merge_fails "a shard of an interrupted run missing" \
    "meeple merge: 1 of 3 shards missing: 2/3; run it with --shard K/N as the others were, then merge every part" \
    "$T/r-1.json" "$T/r-3.json"
stamp1=$(stat -c '%i %y' "$T/r-1.json") stamp3=$(stat -c '%i %y' "$T/r-3.json")
for k in 1 2 3; do
    MEEPLE_FAIL_GAME=$((k == 1)) "$M" compare $R --shard $k/3 --output "$T/r-$k.json" >"$T/r-out-$k" 2>"$T/r-err-$k"
    echo $? >"$T/r-rc-$k"
done
for k in 1 3; do
    check '[ "$(cat "$T/r-rc-$k")" = 0 ] && [ ! -s "$T/r-out-$k" ] && [ "$(cat "$T/r-err-$k")" = "meeple compare: $T/r-$k.json holds shard $k/3 of this run already; not played again" ]' \
        "resumed: shard $k/3 done already: $(cat "$T/r-rc-$k" "$T/r-err-$k")"
done
check '[ "$stamp1 $stamp3" = "$(stat -c "%i %y" "$T/r-1.json") $(stat -c "%i %y" "$T/r-3.json")" ]' "resumed: the parts done are not written again"
check '[ "$(cat "$T/r-rc-2")" = 0 ] && [ ! -s "$T/r-err-2" ] && grep -q "\"shard\":\[2,3\]" "$T/r-2.json"' "resumed: shard 2/3 played: $(cat "$T/r-err-2")"
"$M" merge --json "$T/r-1.json" "$T/r-2.json" "$T/r-3.json" >"$T/merged-r.json"
check 'cmp -s "$T/one-r.json" "$T/merged-r.json"' "resumed: the merge differs from one run"
# A file at --output that holds a part of another run (another seed) is played over.
"$M" compare $R --seed 9 --shard 1/3 --output "$T/r-1.json" 2>"$T/err"
check '[ $? = 0 ] && [ ! -s "$T/err" ] && grep -q "\"seed\":9" "$T/r-1.json"' "a part of another run is not taken for this one's: $(cat "$T/err")"
# An interrupted shard leaves no part: the failing shard exits 1 and --output is not there (game 5
# is shard 2's: 4 mod 3 = 1).
MEEPLE_FAIL_GAME=5 "$F" compare $R --shard 2/3 --output "$T/failed.json" >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && [ ! -e "$T/failed.json" ] && [ ! -s "$T/out" ] && [ "$(cat "$T/err")" = "meeple compare: game 5 failed as MEEPLE_FAIL_GAME asked (a test of a failing run)" ]' \
    "a failing shard: $(cat "$T/err"; ls "$T"/failed* 2>/dev/null)"
check '[ -z "$(find "$T" -maxdepth 1 -name "*failed*")" ]' "a failing shard leaves no temporary file: $(ls -a "$T")"
# A game that is not the shard's does not fail it.
MEEPLE_FAIL_GAME=5 "$F" compare $R --shard 1/3 --output "$T/ok.json" 2>"$T/err"
check '[ $? = 0 ] && [ -s "$T/ok.json" ]' "MEEPLE_FAIL_GAME=5 in shard 1/3, which does not hold game 5: $(cat "$T/err")"

# The shipped program has no such test code: MEEPLE_FAIL_GAME means nothing to it.
MEEPLE_FAIL_GAME=5 "$M" compare --games 10 --rulesets c3 --jobs 1 >"$T/out" 2>"$T/err"
check '[ $? = 0 ] && [ -s "$T/out" ] && [ ! -s "$T/err" ]' "meeple itself fails a game MEEPLE_FAIL_GAME names: $(cat "$T/err")"

# ---------------------------------------------------------------- a failing game
# Any game failing fails the run: exit 1, the game's message, nothing on standard output.
for j in 1 3; do
    MEEPLE_FAIL_GAME=5 "$F" compare --games 50 --rulesets c3 --jobs $j >"$T/out" 2>"$T/err"
    check '[ $? = 1 ] && [ ! -s "$T/out" ] && [ "$(cat "$T/err")" = "meeple compare: game 5 failed as MEEPLE_FAIL_GAME asked (a test of a failing run)" ]' \
        "MEEPLE_FAIL_GAME=5 --jobs $j: $(cat "$T/out" "$T/err" | head -3)"
done
MEEPLE_FAIL_GAME=50 "$F" compare --games 50 --rulesets c3 --jobs 3 --json >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && [ ! -s "$T/out" ] && grep -q "game 50 failed" "$T/err"' "the last game failing: $(cat "$T/err")"
MEEPLE_FAIL_GAME=51 "$F" compare --games 50 --rulesets c3 --jobs 3 --json >"$T/out" 2>"$T/err"
check '[ $? = 0 ] && [ -s "$T/out" ] && [ ! -s "$T/err" ]' "MEEPLE_FAIL_GAME past the last game fails none: $(cat "$T/err")"

# ---------------------------------------------------------------- usage errors
# usage_fails 'MESSAGE' ARGS...: meeple ARGS exits 2 with MESSAGE as the first line of its standard
# error, the usage after it, and prints nothing.
usage_fails() {
    msg=$1
    shift
    "$M" "$@" >"$T/out" 2>"$T/err"
    check '[ $? = 2 ] && [ ! -s "$T/out" ] && [ "$(head -1 "$T/err")" = "$msg" ] && sed -n 2p "$T/err" | grep -q "^usage: "' "$*: $(head -2 "$T/err")"
}
C="compare --games 10 --rulesets c3"
usage_fails "meeple compare: --shard: '0/3' is not a shard; expected K/N, the K-th of N parts (1 <= K <= N <= 1000000), as 2/8" $C --shard 0/3
usage_fails "meeple compare: --shard: '4/3' names part 4 of 3; expected K from 1 to 3" $C --shard 4/3
usage_fails "meeple compare: --shard: '1/0' is not a shard; expected K/N, the K-th of N parts (1 <= K <= N <= 1000000), as 2/8" $C --shard 1/0
usage_fails "meeple compare: --shard: 'x' is not a shard; expected K/N, the K-th of N parts (1 <= K <= N <= 1000000), as 2/8" $C --shard x
usage_fails "meeple compare: --shard: '1/' is not a shard; expected K/N, the K-th of N parts (1 <= K <= N <= 1000000), as 2/8" $C --shard 1/
usage_fails "meeple compare: --jobs: '0' is out of range; expected 1 to 1024" $C --jobs 0
usage_fails "meeple compare: --output writes a shard's part; expected --shard K/N with it" $C --output "$T/o.json"
check '[ ! -e "$T/o.json" ]' "--output without --shard writes nothing"
usage_fails "meeple compare: --svg is made by 'meeple merge' from the parts; a shard writes its part (JSON)" $C --shard 1/3 --svg "$T/s.svg"
check '[ ! -e "$T/s.svg" ]' "--shard with --svg writes no chart"

finish jobs
