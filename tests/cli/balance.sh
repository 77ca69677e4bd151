#!/bin/sh
# balance.sh: what a copy of each tile is worth over seeded bot games, against the base set, and
# the tiles mixed in with --tiles that are worth more than any base tile (meeple-balance(1)).
# Greedy bots and few games: each run takes well under a second.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
GAMES=10
IDS="A B C D E F G H I J K L M N O P Q R S T U V W X"

# ---------------------------------------------------------------- c3 alone: the base set
"$M" balance --games $GAMES --seed 3 --players greedy,greedy >"$T/text" 2>"$T/err"
check '[ $? = 0 ] && [ ! -s "$T/err" ]' "balance on c3 exits 0, nothing on stderr: $(cat "$T/err")"
check 'head -1 "$T/text" | grep -qx "ruleset c3, $GAMES games, seeds 3\.\.12, players greedy-1, greedy-2"' "header: $(head -1 "$T/text")"
check 'grep -q "^tile  *set  *count  *drawn  *placed  *discarded  *value  *95% interval  *against base  *flag$" "$T/text"' "table header: $(sed -n 3p "$T/text")"
missing=""
for id in $IDS; do
    grep -Eq "^$id +base +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+\.[0-9][0-9] +-?[0-9.]+\.\.[0-9.]+ +-$" "$T/text" || missing="$missing $id"
done
check '[ -z "$missing" ]' "base tiles without a value, an interval or with a comparison:$missing: $(cat "$T/text")"
check '[ "$(tail -1 "$T/text")" = "flagged: none" ]' "the base set alone flags nothing: $(tail -1 "$T/text")"
# Every tile but the start copy is drawn; every copy is placed or discarded (the start copy placed).
check '[ "$(awk "\$2 == \"base\" { s += \$4 } END { print s }" "$T/text")" = $((71 * GAMES)) ]' "drawn adds up to $((71 * GAMES))"
check '[ "$(awk "\$2 == \"base\" { s += \$5 + \$6 } END { print s }" "$T/text")" = $((72 * GAMES)) ]' "placed and discarded add up to $((72 * GAMES))"

"$M" balance --games $GAMES --seed 3 --players greedy,greedy --csv >"$T/csv"
check '[ $? = 0 ] && [ "$(head -1 "$T/csv")" = "id,set,count,drawn,placed,discarded,value,low,high,against,ratio,flag" ]' "CSV header: $(head -1 "$T/csv")"
check '[ "$(wc -l <"$T/csv")" = 25 ] && [ "$(grep -c ",base," "$T/csv")" = 24 ]' "CSV: a header and 24 rows: $(wc -l <"$T/csv")"
check '[ "$(awk -F, "NF != 12" "$T/csv" | wc -l)" = 0 ]' "every CSV row has 12 fields"
check 'awk -F, "NR > 1 && (\$7 == \"\" || \$8 == \"\" || \$10 != \"\" || \$12 != \"\") { exit 1 }" "$T/csv"' "CSV: a base row without its value or with a comparison: $(head -3 "$T/csv")"

"$M" balance --games $GAMES --seed 3 --players greedy,greedy --json >"$T/json"
check '[ $? = 0 ] && grep -q "^{\"ruleset\":\"c3\",\"tiles_file\":null,\"games\":$GAMES,\"seed\":3,\"players\":\[\"greedy-1\",\"greedy-2\"\]," "$T/json"' "JSON start: $(head -c 200 "$T/json")"
if need jq jq; then
    check 'jq -e "(.tiles | length) == 24 and all(.tiles[]; .set == \"base\" and .value != null and (.interval | length) == 2 and .against == null and .flag == null) and .flagged == [] and (.base_range | length) == 2" "$T/json" >/dev/null' \
        "JSON: 24 base tiles with values, nothing flagged: $(head -c 300 "$T/json")"
    check 'jq -e "[.tiles[].drawn] | add == $((71 * GAMES))" "$T/json" >/dev/null' "JSON drawn adds up"
fi

# ---------------------------------------------------------------- a tile mixed in
# A city on all four sides, three copies, with 4 pennants (C4) and with 16 (C16). A city's points
# go to its tiles by what each adds under the city's formula (a tile and its pennants), so C4's
# four pennants are its own: worth more than any base tile, as C16 is (meeple-balance(1),
# HOW A COPY IS VALUED, EXAMPLES).
cat >"$T/strong.yaml" <<'EOF'
# Four-sided cities with many pennants: tiles too strong, for balance.sh.
tileset: strong
addon: true
kinds:
  city:     {letter: C, covers: [side],   completes: closed,     follower: knight, carries: [pennant]}
  road:     {letter: R, covers: [middle], completes: closed,     follower: thief,  carries: [inn]}
  field:    {letter: F, covers: [halves], completes: never,      follower: farmer}
  cloister: {letter: L, covers: [none],   completes: surrounded, follower: monk}
icons: [pennant]
markers: [junction, inn, bazaar]
tiles:
  - id: C4
    count: 3
    edges: CCCC
    features:
      - {kind: city, sides: [N, E, S, W], icons: {pennant: 4}}
  - id: C16
    count: 3
    edges: CCCC
    features:
      - {kind: city, sides: [N, E, S, W], icons: {pennant: 16}}
EOF
RUN="balance --games 60 --players greedy,greedy --tiles $T/strong.yaml"
# shellcheck disable=SC2086
"$M" $RUN --jobs 1 >"$T/mix.txt" 2>"$T/err"
check '[ $? = 0 ] && [ ! -s "$T/err" ]' "balance --tiles: exit status or stderr: $(cat "$T/err")"
check 'head -1 "$T/mix.txt" | grep -qx "ruleset c3 with strong.yaml, 60 games, seeds 1\.\.60, players greedy-1, greedy-2"' "header with --tiles: $(head -1 "$T/mix.txt")"
check 'grep -Eq "^C16 +strong +3 +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+ +[0-9.]+\.\.[0-9.]+ +[0-9.]+x base C +above the base range$" "$T/mix.txt"' "C16 is not flagged above the base range: $(grep "^C" "$T/mix.txt")"
check 'grep -Eq "^C4 +strong +3 +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+ +[0-9.]+\.\.[0-9.]+ +[0-9.]+x base C +above the base range$" "$T/mix.txt"' "C4 is not flagged above the base range: $(grep "^C4" "$T/mix.txt")"
check '[ "$(tail -1 "$T/mix.txt")" = "flagged: C4 (above the base range), C16 (above the base range)" ]' "the flagged line: $(tail -1 "$T/mix.txt")"
check '! grep -E "^[A-X] +base .*range" "$T/mix.txt"' "a base tile flagged"
# shellcheck disable=SC2086
"$M" $RUN --jobs 1 --json >"$T/mix.json"
if need jq jq; then
    check 'jq -e ".tiles_file | endswith(\"/strong.yaml\") and startswith(\"/\")" "$T/mix.json" >/dev/null' "JSON tiles_file: $(jq -c .tiles_file "$T/mix.json")"
    check 'jq -e ".flagged == [\"C4\", \"C16\"] and all(.tiles[] | select(.id == \"C4\" or .id == \"C16\"); .set == \"strong\" and .flag == \"above the base range\" and .against.base == \"C\" and .against.ratio > 1 and .interval[0] > \$top)" --argjson top "$(jq ".base_range[1]" "$T/mix.json")" "$T/mix.json" >/dev/null' \
        "JSON: C4 and C16 flagged above the base range: $(jq -c '.flagged, .base_range, (.tiles[] | select(.set != "base"))' "$T/mix.json")"
    check 'jq -e "all(.tiles[] | select(.set == \"base\"); .flag == null)" "$T/mix.json" >/dev/null' "JSON: a base tile flagged"
fi
# --svg: a bar per tile, its interval, the base range as a band; the flagged ones marked. The
# table on stdout is the same.
# shellcheck disable=SC2086
"$M" $RUN --jobs 1 --svg "$T/mix.svg" >"$T/svg.txt" 2>"$T/err"
check '[ $? = 0 ] && [ ! -s "$T/err" ] && cmp -s "$T/mix.txt" "$T/svg.txt"' "--svg changes the table or says something: $(cat "$T/err")"
check '[ "$(grep -c "^<g class=\"bar" "$T/mix.svg")" = 26 ] && [ "$(grep -c "^<g class=\"bar marked\"" "$T/mix.svg")" = 2 ]' \
    "the chart has not 26 bars of which 2 marked: $(grep -c "<g class" "$T/mix.svg")"
check '[ "$(grep -c "<rect class=\"band\"" "$T/mix.svg")" = 1 ] && grep -q "<title>C4: [0-9.]* (95%: [0-9.]*\.\.[0-9.]*); set strong, [0-9]* placed, [0-9.]*x base C; .* above the base range</title>" "$T/mix.svg"' \
    "the chart's band or C4's bar: $(grep "C4" "$T/mix.svg" | head -3)"
check 'grep -q ">Points per placed copy: ruleset c3 with strong.yaml</text>" "$T/mix.svg" && grep -q ">60 games, seeds 1\.\.60, players greedy-1, greedy-2</text>" "$T/mix.svg"' "the chart's title: $(grep -m2 "<text x=\"20\"" "$T/mix.svg")"
if need xmllint xmllint; then
    check 'xmllint --noout "$T/mix.svg" 2>"$T/err"' "the chart is not well-formed XML: $(head -3 "$T/err")"
fi
# shellcheck disable=SC2086
"$M" $RUN --jobs 2 --json --svg "$T/j2.svg" >"$T/j2svg.json"
check 'cmp -s "$T/mix.svg" "$T/j2.svg" && cmp -s "$T/mix.json" "$T/j2svg.json"' "--jobs 2 draws another chart"
# A chart that cannot be written is refused before any game.
"$M" balance --games 1000000 --players greedy,greedy --svg "$T/nodir/x.svg" >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && [ ! -s "$T/out" ] && [ "$(cat "$T/err")" = "$T/nodir/x.svg: cannot write: No such file or directory" ]' "an unwritable --svg: $(cat "$T/err")"
# shellcheck disable=SC2086
"$M" $RUN --jobs 1 --csv >"$T/mix.csv"
check 'grep -q "^C4,strong,3,.*,C,[0-9.]*,above the base range$" "$T/mix.csv" && grep -q "^C16,strong,3,.*,C,[0-9.]*,above the base range$" "$T/mix.csv" && [ "$(wc -l <"$T/mix.csv")" = 27 ]' "CSV with --tiles: $(tail -2 "$T/mix.csv")"
# A fan set of the examples, as a ruleset lists it: its file's name labels its tiles.
"$M" balance --games 2 --players greedy,greedy --ruleset "$SRC/rulesets/examples/market-town-rules.yaml" --csv >"$T/mt.csv" 2>"$T/err"
check '[ $? = 0 ] && [ "$(grep -c ",market-town," "$T/mt.csv")" = 8 ] && grep -q "^MT-abbey,market-town,2,.*,V," "$T/mt.csv"' "market-town rules: $(cat "$T/err") $(grep MT- "$T/mt.csv")"

# ---------------------------------------------------------------- the same bytes, however split
for f in txt json csv; do
    case $f in txt) o= ;; *) o=--$f ;; esac
    # shellcheck disable=SC2086
    "$M" $RUN --jobs 2 $o >"$T/j2.$f"
    check 'cmp -s "$T/mix.$f" "$T/j2.$f"' "--jobs 2 ($f) differs from --jobs 1: $(diff "$T/mix.$f" "$T/j2.$f" | head -5)"
done
for k in 1 2; do
    # shellcheck disable=SC2086
    "$M" $RUN --shard $k/2 --output "$T/part-$k.json" >"$T/out" 2>"$T/err"
    check '[ $? = 0 ] && [ ! -s "$T/out" ] && grep -q "^{\"meeple_part\":1,\"command\":\"balance\",\"games\":60,\"shard\":\[$k,2\],\"played\":30," "$T/part-$k.json"' "shard $k/2: $(cat "$T/err") $(head -c 200 "$T/part-$k.json")"
done
check 'grep -q "\"tiles\":\"/[^\"]*/strong.yaml\"" "$T/part-1.json"' "a part without its tile set: $(head -c 300 "$T/part-1.json")"
"$M" merge "$T/part-1.json" "$T/part-2.json" >"$T/merged.txt" 2>"$T/err"
check '[ $? = 0 ] && cmp -s "$T/mix.txt" "$T/merged.txt"' "2 shards merged differ from one run: $(cat "$T/err") $(diff "$T/mix.txt" "$T/merged.txt" | head -5)"
"$M" merge --json "$T/part-2.json" "$T/part-1.json" >"$T/merged.json"
check 'cmp -s "$T/mix.json" "$T/merged.json"' "2 shards merged as JSON differ from one run"
"$M" merge --csv "$T/part-1.json" "$T/part-2.json" >"$T/merged.csv"
check 'cmp -s "$T/mix.csv" "$T/merged.csv"' "2 shards merged as CSV differ from one run"
"$M" merge --svg "$T/merged.svg" "$T/part-1.json" "$T/part-2.json" >"$T/merged-svg.txt" 2>"$T/err"
check '[ $? = 0 ] && [ ! -s "$T/err" ] && cmp -s "$T/mix.svg" "$T/merged.svg" && cmp -s "$T/mix.txt" "$T/merged-svg.txt"' \
    "merge --svg of balance parts draws another chart: $(cat "$T/err") $(diff "$T/mix.svg" "$T/merged.svg" | head -5)"
# The tile set changed since: the parts are not of this ruleset.
sed -i 's/pennant: 16/pennant: 15/' "$T/strong.yaml"
"$M" merge "$T/part-1.json" "$T/part-2.json" >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && [ ! -s "$T/out" ] && grep -q "^meeple merge: ruleset .c3. with $T/strong.yaml is not the one the parts were played with" "$T/err"' "merge after the tile set changed: $(cat "$T/err")"

# ---------------------------------------------------------------- side by side: --against
# The same seeds under a second ruleset, measured whole. c3 against itself plays the same games
# twice: every tile is worth the same under both, a ratio of 1.00.
"$M" balance --games $GAMES --seed 3 --players greedy,greedy --against c3 >"$T/self.txt" 2>"$T/err"
check '[ $? = 0 ] && [ ! -s "$T/err" ] && [ "$(head -n 29 "$T/self.txt")" = "$(cat "$T/text")" ]' "--against changes the first table: $(cat "$T/err") $(diff "$T/text" "$T/self.txt" | head -5)"
check 'sed -n 30,32p "$T/self.txt" | tr "\n" "|" | grep -qx "|side by side against ruleset c3, the same seeds and players||"' "the side-by-side heading: $(sed -n 30,32p "$T/self.txt")"
check 'grep -q "^tile  *value  *95% interval  *against  *95% interval  *ratio$" "$T/self.txt"' "the side-by-side header: $(sed -n 33p "$T/self.txt")"
check '[ "$(sed -n "34,57p" "$T/self.txt" | awk "\$2 == \$4 && \$3 == \$5 && \$6 == \"1.00\"" | wc -l)" = 24 ]' "c3 against c3: not 24 rows of equal values and ratio 1.00: $(sed -n 34,40p "$T/self.txt")"
check '[ "$(tail -1 "$T/self.txt")" = "flagged under ruleset c3: none" ]' "the flagged line of --against: $(tail -1 "$T/self.txt")"
# The strong tiles against c3, which has none of them: their rows have no figures against.
RUNA="balance --games 20 --players greedy,greedy --tiles $T/strong.yaml --against c3-nofarmers"
# shellcheck disable=SC2086
"$M" $RUNA --jobs 1 >"$T/vs.txt" 2>"$T/err"
check '[ $? = 0 ] && [ ! -s "$T/err" ] && grep -q "^side by side against ruleset c3-nofarmers, the same seeds and players$" "$T/vs.txt"' "--against c3-nofarmers: $(cat "$T/err")"
check 'grep -Eq "^C4 +[0-9.]+ +[0-9.]+\.\.[0-9.]+ +- +- +-$" "$T/vs.txt" && grep -Eq "^D +[0-9.]+ +[0-9.]+\.\.[0-9.]+ +[0-9.]+ +[0-9.]+\.\.[0-9.]+ +[0-9.]+$" "$T/vs.txt"' "rows of --against: $(grep -E "^(C4|D) " "$T/vs.txt")"
# shellcheck disable=SC2086
"$M" $RUNA --jobs 2 --json --svg "$T/vs.svg" >"$T/vs.json"
if need jq jq; then
    check 'jq -e ".ruleset == \"c3\" and .against.ruleset == \"c3-nofarmers\" and .against.tiles_file == null and (.against.tiles | length) == 24 and (.pairs | length) == 26 and .flagged == [\"C4\", \"C16\"] and (.pairs[] | select(.id == \"C4\") | .value > 0 and .against_value == null and .ratio == null) and (.pairs[] | select(.id == \"D\") | (.ratio - .value / .against_value | fabs) < 0.001)" "$T/vs.json" >/dev/null' \
        "JSON of --against: $(head -c 400 "$T/vs.json")"
    check 'jq -e ".against == null and .pairs == null" "$T/json" >/dev/null' "JSON without --against: against and pairs not null"
fi
check '[ "$(grep -c "^<g class=\"bar" "$T/vs.svg")" = 26 ] && grep -q "<title>D: [0-9.]* (95%: [0-9.]*\.\.[0-9.]*); against [0-9.]* (95%" "$T/vs.svg" && grep -q ">against ruleset c3-nofarmers</text>" "$T/vs.svg"' "the chart of --against: $(grep -m1 "<title>D" "$T/vs.svg")"
if need xmllint xmllint; then
    check 'xmllint --noout "$T/vs.svg" 2>"$T/err"' "the chart of --against is not well-formed XML: $(head -3 "$T/err")"
fi
# shellcheck disable=SC2086
"$M" $RUNA --csv >"$T/vs.csv"
check '[ "$(head -1 "$T/vs.csv")" = "id,set,value,low,high,against_set,against_value,against_low,against_high,ratio" ] && [ "$(wc -l <"$T/vs.csv")" = 27 ] && grep -q "^C4,strong,[0-9.]*,[0-9.]*,[0-9.]*,,,,,$" "$T/vs.csv" && [ "$(awk -F, "NF != 10" "$T/vs.csv" | wc -l)" = 0 ]' \
    "CSV of --against: $(head -3 "$T/vs.csv") $(tail -1 "$T/vs.csv")"
# Shards of --against hold both runs' totals: merged, the same bytes.
for k in 1 2; do
    # shellcheck disable=SC2086
    "$M" $RUNA --shard $k/2 --output "$T/vs-$k.json" 2>"$T/err"
    check '[ $? = 0 ] && grep -q "\"against\":\"c3-nofarmers\",\"against_hash\":\"[0-9a-f]*\"" "$T/vs-$k.json"' "--against shard $k: $(cat "$T/err") $(head -c 300 "$T/vs-$k.json")"
done
"$M" merge "$T/vs-1.json" "$T/vs-2.json" >"$T/vsm.txt" 2>"$T/err"
check '[ $? = 0 ] && cmp -s "$T/vs.txt" "$T/vsm.txt"' "--against shards merged differ: $(cat "$T/err") $(diff "$T/vs.txt" "$T/vsm.txt" | head -5)"
"$M" merge --json --svg "$T/vsm.svg" "$T/vs-2.json" "$T/vs-1.json" >"$T/vsm.json"
check 'cmp -s "$T/vs.json" "$T/vsm.json" && cmp -s "$T/vs.svg" "$T/vsm.svg"' "--against shards merged as JSON or SVG differ"
"$M" merge --csv "$T/vs-1.json" "$T/vs-2.json" >"$T/vsm.csv"
check 'cmp -s "$T/vs.csv" "$T/vsm.csv"' "--against shards merged as CSV differ"
# ---------------------------------------------------------------- two sets side by side: --against-tiles
# The strong set against a weaker one (C4 at two copies, C16 gone) in the same ruleset and seeds.
sed -e '/^  - id: C16/,$d' -e 's/^    count: 3$/    count: 2/' "$T/strong.yaml" >"$T/weaker.yaml"
RUNT="balance --games 10 --players greedy,greedy --tiles $T/strong.yaml --against-tiles $T/weaker.yaml"
# shellcheck disable=SC2086
"$M" $RUNT >"$T/sets.txt" 2>"$T/err"
check '[ $? = 0 ] && [ ! -s "$T/err" ] && grep -q "^side by side against ruleset c3 with weaker.yaml, the same seeds and players$" "$T/sets.txt"' \
    "--against-tiles: $(cat "$T/err") $(grep "side by side" "$T/sets.txt")"
check 'grep -Eq "^C4 +[0-9.]+ +[0-9.]+\.\.[0-9.]+ +[0-9.]+ +[0-9.]+\.\.[0-9.]+ +[0-9.]+$" "$T/sets.txt" && grep -Eq "^C16 +[0-9.]+ +[0-9.]+\.\.[0-9.]+ +- +- +-$" "$T/sets.txt"' \
    "rows of --against-tiles: $(grep -E "^(C4|C16) " "$T/sets.txt")"
for k in 1 2; do
    # shellcheck disable=SC2086
    "$M" $RUNT --shard $k/2 --output "$T/sets-$k.json" 2>"$T/err"
    check '[ $? = 0 ] && grep -q "\"against\":\"c3\",\"against_hash\":\"[0-9a-f]*\",\"against_tiles\":\"$T/weaker.yaml\"" "$T/sets-$k.json"' "--against-tiles shard $k: $(cat "$T/err") $(head -c 300 "$T/sets-$k.json")"
done
"$M" merge "$T/sets-1.json" "$T/sets-2.json" >"$T/setsm.txt" 2>"$T/err"
check '[ $? = 0 ] && cmp -s "$T/sets.txt" "$T/setsm.txt"' "--against-tiles shards merged differ: $(cat "$T/err") $(diff "$T/sets.txt" "$T/setsm.txt" | head -5)"
"$M" balance --games 2 --players greedy,greedy --against-tiles "" >/dev/null 2>"$T/err"
check '[ $? = 2 ] && grep -q "against-tiles names no file" "$T/err"' "--against-tiles with no file: $(cat "$T/err")"
# The --against ruleset changed since the parts: refused.
printf 'name: mine\nextends: c3\n' >"$T/mine.yaml"
"$M" balance --games 4 --players greedy,greedy --against "$T/mine.yaml" --shard 1/1 --output "$T/mine-1.json" 2>"$T/err"
check '[ $? = 0 ]' "--against a ruleset file: $(cat "$T/err")"
printf 'name: mine\nextends: c3\nties: none\n' >"$T/mine.yaml"
"$M" merge "$T/mine-1.json" >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && [ ! -s "$T/out" ] && grep -q "^meeple merge: ruleset .mine. is not the one the parts were played with" "$T/err"' "merge after the --against ruleset changed: $(cat "$T/err")"
# An --against ruleset that is not there, or that does not take the seats: bad input.
"$M" balance --games 1 --players greedy,greedy --against nosuch >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && [ ! -s "$T/out" ] && grep -q "^nosuch: no ruleset .nosuch. found" "$T/err"' "--against nosuch: $(cat "$T/err")"
"$M" balance --games 1 --players greedy,greedy,greedy --against castle >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && [ ! -s "$T/out" ] && grep -q "^<options>: --players: 3 players; ruleset .castle. is for exactly 2$" "$T/err"' "--against castle with 3 seats: $(cat "$T/err")"

# ---------------------------------------------------------------- usage and bad input
"$M" balance --help >"$T/help" 2>"$T/err"
check '[ $? = 0 ] && [ ! -s "$T/err" ] && grep -q "(default mcts:1000,mcts:1000)" "$T/help" && grep -q "(default 200)" "$T/help"' "--help and its defaults: $(cat "$T/err")"
for opt in --ruleset --tiles --against --games --seed --players --jobs --shard --output --progress --json --csv --svg --help; do
    head -1 "$T/help" | grep -q -- "$opt" && ok || bad "the usage line lacks $opt"
done
for args in "--json --csv" "--frobnicate" "--tiles" "--tiles=" "--svg" "--svg=" "--shard 1/2 --svg $T/s.svg" "--against" "--against=" "--players random,clever" "extra" "--output $T/o.json"; do
    # shellcheck disable=SC2086
    "$M" balance $args >"$T/out" 2>"$T/err"
    code=$?
    [ "$code" = 2 ] && ok || bad "balance $args: exit $code, expected 2"
    grep -q "^meeple balance: " "$T/err" && grep -q "^usage: meeple balance" "$T/err" && ok || bad "balance $args: no message and usage on stderr: $(cat "$T/err")"
    [ ! -s "$T/out" ] && ok || bad "balance $args wrote to stdout"
done
"$M" balance --json --csv 2>"$T/err" >/dev/null
check 'head -1 "$T/err" | grep -qx "meeple balance: --json and --csv exclude each other"' "--json --csv: $(head -1 "$T/err")"
# A tile set that is not there, not a file, already the ruleset's, or broken: bad input, named.
"$M" balance --games 1 --players greedy,greedy --tiles "$T/nosuch.yaml" >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && [ ! -s "$T/out" ] && [ "$(cat "$T/err")" = "$T/nosuch.yaml: cannot read: No such file or directory; expected a tile-set file to mix in (--tiles)" ]' "a missing --tiles file: $(cat "$T/err")"
"$M" balance --games 1 --players greedy,greedy --tiles "$T" >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && [ "$(cat "$T/err")" = "$T: not a file; expected a tile-set file to mix in (--tiles)" ]' "a directory for --tiles: $(cat "$T/err")"
"$M" balance --games 1 --players greedy,greedy --tiles "$SRC/rulesets/tiles/base.yaml" >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && grep -q "base.yaml: a tile set of ruleset .c3. already; expected a tile set to mix into it (--tiles)$" "$T/err"' "the ruleset's own tile set: $(cat "$T/err")"
printf 'tileset: broken\naddon: true\ntiles: [\n' >"$T/broken.yaml"
"$M" balance --games 1 --players greedy,greedy --tiles "$T/broken.yaml" >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && [ ! -s "$T/out" ] && grep -Eq "^$T/broken.yaml:[0-9]+:[0-9]+: " "$T/err"' "a broken --tiles file: $(cat "$T/err")"
sed 's/^addon: true$//; s/id: C4/id: D/' "$T/strong.yaml" >"$T/again.yaml"
"$M" balance --games 1 --players greedy,greedy --tiles "$T/again.yaml" >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && grep -Eq "^$T/again.yaml:[0-9]+:[0-9]+: .*D" "$T/err"' "a tile id of the base set again: $(cat "$T/err")"
"$M" balance --games 1 --players greedy --tiles "$T/strong.yaml" >/dev/null 2>"$T/err"
check '[ $? = 1 ] && grep -q "^<options>: --players: 1 player; ruleset .c3. expects 2 to 5$" "$T/err"' "one seat: $(cat "$T/err")"

finish balance
