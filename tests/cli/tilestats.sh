#!/bin/sh
# tilestats.sh: per-tile and per-kind statistics of seeded bot games (meeple-tilestats(1)).
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
GAMES=30
IDS="A B C D E F G H I J K L M N O P Q R S T U V W X"

# Text: a header line, a row per tile, a row per kind.
"$M" tilestats --games $GAMES --seed 5 >"$T/text" 2>"$T/err"
check '[ $? = 0 ]' "tilestats exits 0: $(cat "$T/err")"
check '[ ! -s "$T/err" ]' "nothing on stderr when it is not a terminal: $(cat "$T/err")"
check 'head -1 "$T/text" | grep -q "^ruleset c3, $GAMES games, seeds 5\.\.34, players random-1, random-2$"' "header (no time taken: meeple bench measures speed): $(head -1 "$T/text")"
check 'grep -q "^tile  *count  *drawn  *unplaceable  *placements  *points$" "$T/text"' "tile table header"
check 'grep -q "^kind  *features/game  *completed  *mean tiles$" "$T/text"' "kind table header"
missing=""
for id in $IDS; do
    grep -q "^$id  *[0-9]" "$T/text" || missing="$missing $id"
done
check '[ -z "$missing" ]' "tiles missing from the table:$missing"
for k in city road field cloister; do
    check 'grep -q "^$k  *[0-9.]*  *[0-9.]*%  *[0-9.]*$" "$T/text"' "kind row $k"
done
# The drawn column adds up to the tiles that left the bag: 71 (72 less the start tile) per game.
check '[ "$(awk "\$1 ~ /^[A-X]\$/ && NF == 6 { s += \$3 } END { print s }" "$T/text")" = $((71 * GAMES)) ]' "drawn adds up to $((71 * GAMES)): $(cat "$T/text")"
check '[ "$(awk "\$1 == \"D\" { print \$2 }" "$T/text")" = 4 ] && [ "$(awk "\$1 == \"V\" { print \$2 }" "$T/text")" = 9 ]' "counts in the set (D 4, V 9)"

# CSV: one table, a row per tile then a row per kind.
"$M" tilestats --games $GAMES --seed 5 --csv >"$T/csv"
check '[ $? = 0 ]' "--csv exits 0"
check '[ "$(head -1 "$T/csv")" = "section,id,count,drawn,unplaceable,mean_placements,mean_points" ]' "CSV header: $(head -1 "$T/csv")"
check '[ "$(grep -c "^tile," "$T/csv")" = 24 ] && [ "$(grep -c "^kind," "$T/csv")" = 4 ] && [ "$(wc -l <"$T/csv")" = 29 ]' "CSV rows: 24 tiles, 4 kinds"
check '[ "$(awk -F, "NF != 7" "$T/csv" | wc -l)" = 0 ]' "every CSV row has 7 fields"
check '[ "$(awk -F, "\$1 == \"tile\" { s += \$4 } END { print s }" "$T/csv")" = $((71 * GAMES)) ]' "CSV drawn adds up"
check 'awk -F, "\$1 == \"tile\" && !(\$6 > 0) { exit 1 }" "$T/csv"' "mean placements positive for every tile: $(grep '^tile,' "$T/csv" | cut -d, -f2,6 | tr '\n' ' ')"
check 'awk -F, "\$1 == \"tile\" && !(\$5 >= 0 && \$5 <= \$4) { exit 1 }" "$T/csv"' "unplaceable between 0 and drawn"
check 'awk -F, "\$1 == \"kind\" && \$2 == \"cloister\" { found = 1; if (!(\$4 >= 0 && \$4 <= 1)) exit 1 } END { exit !found }" "$T/csv"' "cloister completion rate between 0 and 1: $(grep '^kind,cloister' "$T/csv")"
check 'awk -F, "\$1 == \"kind\" && \$2 == \"cloister\" { exit !(\$3 > 0 && \$3 <= 6 && \$5 >= 1 && \$5 <= 9) }" "$T/csv"' "cloisters: at most 6 a game, 1 to 9 tiles"
check 'awk -F, "\$1 == \"kind\" && \$2 == \"field\" { exit !(\$4 == 0) }" "$T/csv"' "fields never complete"

# JSON: the keys.
"$M" tilestats --games $GAMES --seed 5 --json >"$T/json"
check '[ $? = 0 ]' "--json exits 0"
for key in '^{"ruleset":"c3","games":30,"seed":5,"tiles":' '"tiles":\[{"id":"A","count":2,"drawn":' '"unplaceable":' \
    '"mean_placements":' '"mean_points":' '"kinds":\[{"kind":"city","features_per_game":' '"completion_rate":' '"mean_tiles":' '}\]}$'; do
    grep -q "$key" "$T/json" && ok || bad "JSON lacks $key: $(cat "$T/json")"
done
check '[ "$(grep -o "\"id\":" "$T/json" | wc -l)" = 24 ] && [ "$(grep -o "\"kind\":" "$T/json" | wc -l)" = 4 ]' "JSON: 24 tiles, 4 kinds"
if need jq jq; then
    check 'jq -e "[.tiles[].drawn] | add == $((71 * GAMES))" "$T/json" >/dev/null' "JSON parses and drawn adds up"
fi

# Same seeds, same bytes.
"$M" tilestats --games $GAMES --seed 5 >"$T/again"
check 'cmp -s "$T/text" "$T/again"' "deterministic text"
"$M" tilestats --games $GAMES --seed 5 --csv >"$T/again.csv"
check 'cmp -s "$T/csv" "$T/again.csv"' "deterministic CSV"
"$M" tilestats --games $GAMES --seed 6 --csv >"$T/other.csv"
check '! cmp -s "$T/csv" "$T/other.csv"' "another seed, other numbers"

# The same bytes whatever the threads, and from shards merged by meeple merge (meeple-merge(1)),
# in text, JSON and CSV; a greedy seat, 15 games: every thread of --jobs 5 and every shard of 3 has
# games of its own.
RUN="tilestats --games 15 --seed 2 --players greedy,random"
for j in 1 2 5; do
    # shellcheck disable=SC2086
    "$M" $RUN --jobs $j >"$T/j$j.txt" 2>"$T/err"
    check '[ $? = 0 ] && [ ! -s "$T/err" ]' "--jobs $j: exit status, or something on stderr: $(head -3 "$T/err")"
    # shellcheck disable=SC2086
    "$M" $RUN --jobs $j --json >"$T/j$j.json"
    # shellcheck disable=SC2086
    "$M" $RUN --jobs $j --csv >"$T/j$j.csv"
done
check 'head -1 "$T/j1.txt" | grep -qx "ruleset c3, 15 games, seeds 2\.\.16, players greedy-1, random-2" && [ "$(awk "\$1 ~ /^[A-X]\$/ && NF == 6 { s += \$3 } END { print s }" "$T/j1.txt")" = $((71 * 15)) ]' "greedy run: $(head -3 "$T/j1.txt")"
check '[ "$(grep -c "^tile," "$T/j1.csv")" = 24 ] && grep -q "^{\"ruleset\":\"c3\",\"games\":15,\"seed\":2,\"tiles\":" "$T/j1.json"' "greedy run, CSV and JSON: $(head -2 "$T/j1.csv") $(head -c 100 "$T/j1.json")"
for j in 2 5; do
    for f in txt json csv; do
        check 'cmp -s "$T/j1.$f" "$T/j$j.$f"' "$f with --jobs $j differs from --jobs 1: $(diff "$T/j1.$f" "$T/j$j.$f" | head -5)"
    done
done
for k in 1 2 3; do
    # shellcheck disable=SC2086
    "$M" $RUN --shard $k/3 --output "$T/part-$k.json" >"$T/out" 2>"$T/err"
    check '[ $? = 0 ] && [ ! -s "$T/out" ] && grep -q "^{\"meeple_part\":1,\"command\":\"tilestats\",\"games\":15,\"shard\":\[$k,3\],\"played\":5," "$T/part-$k.json"' "shard $k/3: $(cat "$T/err") $(head -c 200 "$T/part-$k.json")"
done
check '! cmp -s "$T/part-1.json" "$T/part-2.json" && ! cmp -s "$T/part-2.json" "$T/part-3.json"' "the shards hold the same games"
"$M" merge "$T/part-1.json" "$T/part-2.json" "$T/part-3.json" >"$T/merged.txt" 2>"$T/err"
check '[ $? = 0 ] && cmp -s "$T/j1.txt" "$T/merged.txt"' "3 shards merged differ from one run: $(cat "$T/err") $(diff "$T/j1.txt" "$T/merged.txt" | head -5)"
"$M" merge --json "$T/part-2.json" "$T/part-3.json" "$T/part-1.json" >"$T/merged.json"
check 'cmp -s "$T/j1.json" "$T/merged.json"' "3 shards merged as JSON differ from one run: $(diff "$T/j1.json" "$T/merged.json" | head -5)"
"$M" merge --csv "$T/part-3.json" "$T/part-1.json" "$T/part-2.json" >"$T/merged.csv"
check 'cmp -s "$T/j1.csv" "$T/merged.csv"' "3 shards merged as CSV differ from one run: $(diff "$T/j1.csv" "$T/merged.csv" | head -5)"
# A shard given --csv writes the same part (to stdout); a shard missing is named.
# shellcheck disable=SC2086
"$M" $RUN --shard 3/3 --csv --jobs 2 >"$T/part-3.out"
check 'cmp -s "$T/part-3.json" "$T/part-3.out"' "shard 3/3 with --csv to stdout: another part"
"$M" merge --csv "$T/part-1.json" "$T/part-3.json" >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && [ ! -s "$T/out" ] && grep -q "1 of 3 shards missing: 2/3" "$T/err"' "a shard missing: $(cat "$T/err")"
"$M" merge --svg "$T/x.svg" "$T/part-1.json" "$T/part-2.json" "$T/part-3.json" >/dev/null 2>"$T/err"
check '[ $? = 2 ] && [ ! -e "$T/x.svg" ] && grep -q "^meeple merge: --svg: tilestats draws no chart" "$T/err"' "merge --svg of tilestats parts: $(cat "$T/err")"

# A part damaged is named with its place (PART:LINE:COLUMN where the JSON breaks) or the field that
# is wrong, exit 1, nothing printed: cut in half, a byte flipped inside a number, a totals array of
# the wrong length, an empty file, a part of another command.
P=$T/part-1.json
n=$(wc -c <"$P")
head -c $((n / 2)) "$P" >"$T/bad-half.json"
sed 's/"played":5,/"played":5x,/' "$P" >"$T/bad-flip.json"
sed 's/"tiles":\[\[\([0-9]*\),\([0-9]*\),\([0-9]*\),\([0-9]*\),[0-9]*,[0-9]*\]/"tiles":[[\1,\2,\3,\4]/' "$P" >"$T/bad-length.json"
: >"$T/bad-empty.json"
"$M" compare --games 15 --rulesets c3,c1 --shard 2/3 --output "$T/bad-other.json" 2>/dev/null
bad_part() { # name expected-stderr (a grep -x pattern)
    want=$2
    "$M" merge "$T/part-3.json" "$T/bad-$1.json" "$T/part-2.json" >"$T/out" 2>"$T/err"
    check '[ $? = 1 ] && [ ! -s "$T/out" ] && grep -qx "$want" "$T/err"' "merge of a part $1: $(cat "$T/err")"
}
bad_part half "$T/bad-half.json:1:[0-9]*: .* expected near end of file; expected a part written by a run with --shard K/N (a whole JSON object)"
bad_part flip "$T/bad-flip.json:1:[0-9]*: .* expected near .x.; expected a part written by a run with --shard K/N (a whole JSON object)"
bad_part length "$T/bad-length.json: totals: a tile.s totals of another length; expected 6 whole numbers"
bad_part empty "$T/bad-empty.json:1:1: .* expected near end of file; expected a part written by a run with --shard K/N (a whole JSON object)"
bad_part other "$T/bad-other.json: not of the run of $T/part-3.json: another command; expected the parts of one run"

# Other seats and rulesets.
"$M" tilestats --games 3 --players greedy,random,random --ruleset c1-2000 >"$T/greedy"
check '[ $? = 0 ] && head -1 "$T/greedy" | grep -q "^ruleset c1-2000, 3 games, seeds 1\.\.3, players greedy-1, random-2, random-3$"' "greedy seats: $(head -1 "$T/greedy")"
"$M" tilestats --games 5 --ruleset "$SRC/tests/rulesets/hand3.yaml" --csv >"$T/hand"
check '[ $? = 0 ] && [ "$(awk -F, "\$1 == \"tile\" { s += \$4 } END { print s }" "$T/hand")" = $((71 * 5)) ]' "a hand of three: every tile drawn"

# Usage: --help, misuse exits 2 with a message and the usage on stderr.
"$M" tilestats --help >"$T/help" 2>"$T/err"
check '[ $? = 0 ] && [ ! -s "$T/err" ]' "--help exits 0, nothing on stderr"
for opt in --ruleset --games --seed --players --jobs --shard --output --json --csv --help; do
    head -1 "$T/help" | grep -q -- "$opt" && ok || bad "the usage line lacks $opt"
done
for args in "--games 0" "--games x" "--seed -1" "--players random,clever" "--players ," "--json --csv" "--frobnicate" "--games" "extra" \
            "--jobs 0" "--jobs 1025" "--shard 0/3" "--shard 4/3" "--shard 3" "--output $T/o.json"; do
    # shellcheck disable=SC2086
    "$M" tilestats $args >"$T/out" 2>"$T/err"
    code=$?
    [ "$code" = 2 ] && ok || bad "tilestats $args: exit $code, expected 2"
    grep -q "^meeple tilestats: " "$T/err" && grep -q "^usage: meeple tilestats" "$T/err" && ok || bad "tilestats $args: no message and usage on stderr: $(cat "$T/err")"
    [ ! -s "$T/out" ] && ok || bad "tilestats $args wrote to stdout"
done

# A bad ruleset: its diagnostic, exit 1.
"$M" tilestats --games 2 --ruleset "$SRC/tests/bad/rules-bad-method.yaml" >"$T/out" 2>"$T/err"
check '[ $? = 1 ]' "a bad ruleset exits 1"
check 'grep -q "rules-bad-method.yaml:5:11: .farm-4. is not valid here" "$T/err"' "bad ruleset diagnostic: $(cat "$T/err")"
"$M" tilestats --games 2 --ruleset no-such-ruleset >/dev/null 2>&1
check '[ $? = 1 ]' "an unknown ruleset exits 1"
"$M" tilestats --games 2 --players random,random,random,random,random,random >/dev/null 2>"$T/err"
check '[ $? = 1 ] && grep -q "6 players; ruleset .c3. expects 2 to 5" "$T/err"' "too many seats for the ruleset: $(cat "$T/err")"

finish tilestats
