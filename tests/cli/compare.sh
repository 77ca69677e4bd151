#!/bin/sh
# compare.sh: one game and many games under several rulesets (meeple-compare(1)), and
# `meeple rulesets --diff`.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
# The value in the row "NAME CATEGORY" (or "NAME total") of the text table, for column N.
cell() { awk -v who="$1" -v what="$2" -v col="$3" '
    $1 == who { name = who; if ($2 == what) { v = $(2 + col); gsub(/\*/, "", v); print v; exit } next }
    NF && $1 == what && name == who { v = $(1 + col); gsub(/\*/, "", v); print v; exit }
    /^[A-Za-z]/ && $1 != who { name = "" }' "$4"; }

# The farm example of the rules digest under the three farm methods (digest: "Farm scoring
# methods"): city-4 BLUE 4 YELLOW 0; farm-3-once 3 and 3; farm-3 BLUE 6 YELLOW 3.
"$M" compare --rulesets c1-2000,c1-2001,c3 "$SRC/tests/records/farm-example.yaml" >"$T/farm"
check '[ $? = 0 ]' "compare the farm example"
check '[ "$(cell BLUE total 1 "$T/farm") $(cell BLUE total 2 "$T/farm") $(cell BLUE total 3 "$T/farm")" = "4 3 6" ]' "BLUE totals: $(cat "$T/farm")"
check '[ "$(cell YELLOW total 1 "$T/farm") $(cell YELLOW total 2 "$T/farm") $(cell YELLOW total 3 "$T/farm")" = "0 3 3" ]' "YELLOW totals"
check 'grep -q "farm method: city-4 (c1-2000) vs farm-3 (c3)" "$T/farm"' "farm method named as the reason"
check 'grep -q "farm method: city-4 (c1-2000) vs farm-3-once (c1-2001)" "$T/farm"' "farm-3-once named too"
check 'grep -q "^winners *BLUE *BLUE,YELLOW *BLUE" "$T/farm"' "winners per ruleset"
"$M" compare --rulesets c1-2000,c1-2001,c3 --json "$SRC/tests/records/farm-example.yaml" >"$T/farm.json"
check 'grep -q "\"category\":\"farm\",\"values\":{\"c1-2000\":4,\"c1-2001\":3,\"c3\":6}" "$T/farm.json"' "JSON values: $(cat "$T/farm.json")"
check 'grep -q "\"reasons\":\[\"farm method: city-4 (c1-2000) vs farm-3-once (c1-2001)\"" "$T/farm.json"' "JSON reasons"

# The scoring events that differ, from the same example: city-4 pays BLUE 4 for the city (its
# tiles, D and E); farm-3-once and farm-3 pay BLUE and YELLOW 3 each for the tied farm (E, U, A);
# farm-3 alone pays BLUE 3 more for the farm north of D (D, U).
check 'grep -q "^scoring events that differ (c1-2000 is the reference):" "$T/farm"' "events that differ: $(cat "$T/farm")"
check 'grep -A3 "final, farm (farm)  2 tiles: 0,0 0,-1$" "$T/farm" | tr -s " " | tr "\n" "|" | grep -q "c1-2000 BLUE +4| c1-2001 -| c3 -|"' "the city-4 event"
check 'grep -A3 "final, farm (farm)  3 tiles: 0,-1 0,-2 1,-2$" "$T/farm" | tr -s " " | tr "\n" "|" | grep -q "c1-2000 -| c1-2001 BLUE +3, YELLOW +3| c3 BLUE +3, YELLOW +3|"' "the tied farm's event"
check 'grep -A3 "final, farm (farm)  2 tiles: 0,0 1,0$" "$T/farm" | tr -s " " | tr "\n" "|" | grep -q "c1-2000 -| c1-2001 -| c3 BLUE +3|"' "farm-3's own event"
check 'grep -q "\"event_differences\":\[{\"turn\":4,\"final\":true,\"what\":\"farm\",\"why\":\"farm\",\"tiles\":\[\[0,0\],\[0,-1\]\],\"points\":{\"c1-2000\":{\"BLUE\":4},\"c1-2001\":{},\"c3\":{}}}" "$T/farm.json"' "JSON event differences: $(cat "$T/farm.json")"

# With MEEPLE_RULESETS set, every ruleset of --rulesets is still loaded (the search path and the
# list were split by one tokenizer, which lost the list after its first name).
MEEPLE_RULESETS="$T:$SRC/rulesets" "$M" compare --rulesets c1-2000,c1-2001,c3 "$SRC/tests/records/farm-example.yaml" >"$T/farm-env"
check '[ $? = 0 ] && cmp -s "$T/farm" "$T/farm-env"' "MEEPLE_RULESETS set: $(head -3 "$T/farm-env")"

# The small-city rule: a completed two-tile city scores 2 under c1-2000, 4 under c3.
"$M" compare --rulesets c1-2000,c3 "$SRC/tests/records/small-city.yaml" >"$T/small"
check '[ "$(cell BLUE city 1 "$T/small") $(cell BLUE city 2 "$T/small")" = "2 4" ]' "small city: $(cat "$T/small")"
check 'grep -q "small-city rule: a completed 2-tile city scores 1 per tile + 1 per pennant (c1-2000) vs off (c3)" "$T/small"' "small-city rule named"
check 'grep -A2 "^  turn [0-9]*, city (completed)  2 tiles:" "$T/small" | tr -s " " | tr "\n" "|" | grep -q "c1-2000 BLUE +2| c3 BLUE +4|"' "the small city's event differs: $(cat "$T/small")"


# A ruleset under which an action is illegal is not comparable from that turn; the others compare.
"$M" compare --rulesets c3,"$SRC/tests/rulesets/table.yaml" "$SRC/tests/records/farm-example.yaml" >"$T/table"
check '[ $? = 0 ] && grep -q "^table: not comparable from turn 1: .*turn 1: .E@0,-1r2.: tile .E. fits nowhere under ruleset .table." "$T/table"' "not comparable: $(tail -2 "$T/table")"
check '[ "$(cell BLUE total 1 "$T/table")" = 6 ]' "the reference still compares"

# Rules that offer other decisions: a game without farmers compares under c3 (the deployments c3
# offers and the record did not make are passed); a game with farmers is not comparable under
# c3-nofarmers from its first farmer on.
"$M" play --seed 7 --ruleset c3-nofarmers --players greedy,random,random --record "$T/nofarm.yaml" >/dev/null
"$M" compare --rulesets c3-nofarmers,c3 "$T/nofarm.yaml" >"$T/nf"
check '[ $? = 0 ] && ! grep -q "not comparable" "$T/nf"' "a game without farmers compares under c3: $(tail -3 "$T/nf")"
"$M" play --seed 7 --players greedy,random,random --record "$T/farm7.yaml" >/dev/null
"$M" compare --rulesets c3,c3-nofarmers "$T/farm7.yaml" >"$T/f7"
check 'grep -q "^c3-nofarmers: not comparable from turn [0-9]*: .*no follower can be deployed now.*+[NESW]" "$T/f7"' "farmers: not comparable: $(tail -1 "$T/f7")"

# Many games: same seeds under each ruleset; table, JSON, CSV, SVG.
"$M" compare --games 40 --seed 3 --rulesets c1-2000,c3 --players random,greedy >"$T/many"
check '[ $? = 0 ] && grep -q "^c3: farm share [0-9.]*%, winner differs from c1-2000 in [0-9.]*% of games" "$T/many"' "many games table: $(head -5 "$T/many")"
check 'grep -q "95% interval" "$T/many"' "confidence intervals"
"$M" compare --games 40 --seed 3 --rulesets c1-2000,c3 --players random,greedy --json >"$T/many.json"
check 'grep -q "\"farm_share\":" "$T/many.json" && grep -q "\"winner_differs\":" "$T/many.json" && grep -q "\"ci95\":\[" "$T/many.json"' "many games JSON"
"$M" compare --games 40 --seed 3 --rulesets c1-2000,c3 --players random,greedy --csv >"$T/many.csv"
check '[ "$(wc -l <"$T/many.csv")" = 81 ] && head -1 "$T/many.csv" | grep -q "^game,seed,ruleset,random-1,greedy-2,"' "CSV: a header and one row per game and ruleset"
# The race: the first player's wins and the winning margin, as the CSV's rows (two players) give them.
race=$(awk -F, -v r=c3 'NR > 1 && $3 == r { n++; d = $4 - $5; m += d < 0 ? -d : d; if (index(";" $(NF-1) ";", ";" $NF ";")) w++ }
    END { printf "first player won %.1f%% of games (a shared win counts); winning margin %.2f", 100 * w / n, m / n }' "$T/many.csv")
check 'grep -A1 "^c3: farm share" "$T/many" | grep -qF "  $race (sd "' "c3's race from the CSV: $race; the table: $(grep -A1 '^c3: farm share' "$T/many" | tail -1)"
check 'head -1 "$T/many.csv" | grep -q ",winners,first$" && grep -q "\"first_player_win_rate\":" "$T/many.json" && grep -q "\"winning_margin\":{\"mean\":" "$T/many.json"' "the race in CSV and JSON"
check '[ "$(sed -n 2p "$T/many.csv" | cut -d, -f1-3)" = "1,3,c1-2000" ] && [ "$(sed -n 3p "$T/many.csv" | cut -d, -f1-3)" = "1,3,c3" ]' "CSV rows"
"$M" compare --games 40 --seed 3 --rulesets c1-2000,c3 --players random,greedy --svg "$T/chart.svg" >/dev/null
if need xmllint libxml2-utils; then check 'xmllint --noout "$T/chart.svg"' "the SVG is well-formed XML"; fi
if need rsvg-convert librsvg2-bin; then
    check 'rsvg-convert "$T/chart.svg" -o "$T/chart.png" && [ -s "$T/chart.png" ]' "the SVG converts to PNG"
fi
check '[ "$(grep -c "<rect x=.*fill-opacity=.0.35" "$T/chart.svg")" = 4 ]' "one box per ruleset and player"
# Same seeds, same result.
"$M" compare --games 40 --seed 3 --rulesets c1-2000,c3 --players random,greedy --csv >"$T/again.csv"
check 'cmp -s "$T/many.csv" "$T/again.csv"' "deterministic"
"$M" compare --games 5 --rulesets c3 --csv --json >/dev/null 2>&1
check '[ $? = 2 ]' "--csv with --json is a usage error"
"$M" compare --rulesets c3 >/dev/null 2>&1
check '[ $? = 2 ]' "no record and no --games is a usage error"

# Rules that differ, in words.
"$M" rulesets --diff c1-2000 c3 >"$T/diff"
check 'grep -q "farm method: city-4 (c1-2000) vs farm-3 (c3)" "$T/diff" && grep -q "small-city rule" "$T/diff"' "rulesets --diff: $(cat "$T/diff")"
"$M" rulesets --diff c3 c3-tb >"$T/diff-tb"
check 'grep -q "farm points for a majority holder with his piece in the farm: none (c3) vs pig: 4 per city (c3-tb)" "$T/diff-tb"' \
    "rulesets --diff c3 c3-tb names the pig's farm rate: $(cat "$T/diff-tb")"
"$M" rulesets --diff c3-ic c3-ic-ignore >"$T/diff-ic"
check 'grep -q "incomplete road with an inn at the end: 0 (c3-ic) vs 1 per tile (c3-ic-ignore)" "$T/diff-ic"' \
    "rulesets --diff c3-ic c3-ic-ignore: $(cat "$T/diff-ic")"
"$M" rulesets --diff c3 c3 >"$T/same"
check 'grep -q "have the same rules" "$T/same"' "no differences"
"$M" rulesets --diff c3 c3-nofarmers --json >"$T/diff.json"
check 'grep -q "\"rule\":\"farms\"" "$T/diff.json"' "rulesets --diff --json"

# Bridges, Castles and Bazaars: a bcb game (seed 3: bridges, castles, bazaars) under its own rules,
# the RGG and ZMG editions, and c3. The editions' options change only what is legal: under RGG the
# record stays legal and scores the same; under ZMG a bid above the bidder's score is refused; c3
# knows neither the modules nor the tiles.
"$M" play --ruleset bcb --seed 3 --players greedy,random,greedy --record "$T/bcb.yaml" >/dev/null
check 'grep -q "!bridges:" "$T/bcb.yaml" && grep -q "!castles:convert" "$T/bcb.yaml" && grep -q "!bazaars:" "$T/bcb.yaml"' "bcb seed 3 builds bridges and castles and holds bazaars (pick another seed)"
"$M" compare --rulesets bcb,bcb-rgg,bcb-zmg,c3 "$T/bcb.yaml" >"$T/bcb"
check '[ $? = 0 ]' "compare a bcb game: $(cat "$T/bcb")"
check '[ "$(cell greedy-1 total 1 "$T/bcb")" = "$(cell greedy-1 total 2 "$T/bcb")" ] && [ -n "$(cell greedy-1 castle 1 "$T/bcb")" ] && [ -n "$(cell random-2 bazaar 2 "$T/bcb")" ]' "bcb-rgg scores the game as bcb, castle and bazaar rows"
check '! grep -q "^bcb-rgg: not comparable" "$T/bcb" && ! grep -q "why the marked scores differ" "$T/bcb"' "no score differs, so no reason is given"
check 'grep -q "^bcb-zmg: not comparable from turn [0-9]*: .*bcb.yaml:[0-9]*:[0-9]*: turn [0-9]*: .!bazaars:[a-z0-9-]*. is illegal: a bid above one.s score; expected at most one.s score (ZMG rules)$" "$T/bcb"' "bcb-zmg: not comparable at a bid: $(grep "^bcb-zmg" "$T/bcb")"
check 'grep -q "^c3: not comparable from turn [0-9]*: .*: unknown \(module .\(bridges\|castles\).;\|tile .BB-\)" "$T/bcb"' "c3: not comparable at the first BCB action or tile: $(grep "^c3" "$T/bcb")"
"$M" compare --rulesets bcb,bcb-rgg,bcb-zmg,c3 --json "$T/bcb.yaml" >"$T/bcb.json"
check 'grep -q "{\"name\":\"bcb-rgg\",\"comparable\":true," "$T/bcb.json" && grep -q "{\"name\":\"bcb-zmg\",\"comparable\":false,\"from_turn\":[0-9]*,\"reason\":" "$T/bcb.json" && grep -q "\"differences\":\[\]" "$T/bcb.json"' "compare --json of a bcb game: $(cat "$T/bcb.json")"

# Many seeded games under HiG and ZMG rulings: HiG lets bids take a score below 0, ZMG never does.
"$M" compare --games 50 --seed 1 --rulesets bcb,bcb-zmg --players random,greedy >"$T/bcbmany"
check '[ $? = 0 ] && grep -q "^bcb-zmg: farm share [0-9.]*%, winner differs from bcb in [0-9.]*% of games" "$T/bcbmany"' "bcb vs bcb-zmg, 50 games: $(head -3 "$T/bcbmany")"
check 'grep -q "^  *castle  " "$T/bcbmany" && grep -q "^  *bazaar  " "$T/bcbmany"' "castle and bazaar categories"
"$M" compare --games 50 --seed 1 --rulesets bcb,bcb-zmg --players random,greedy --csv >"$T/bcbmany.csv"
check '[ "$(wc -l <"$T/bcbmany.csv")" = 101 ] && head -1 "$T/bcbmany.csv" | grep -q ",random-1_castle,random-1_farm,random-1_bazaar,"' "CSV of 50 games with castle and bazaar columns"
check '[ "$(awk -F, "\$3 == \"bcb\" && (\$4 < 0 || \$5 < 0)" "$T/bcbmany.csv" | wc -l)" -gt 0 ]' "some HiG game ends below 0"
check '[ "$(awk -F, "\$3 == \"bcb-zmg\" && (\$4 < 0 || \$5 < 0)" "$T/bcbmany.csv" | wc -l)" = 0 ]' "no ZMG game ends below 0"
"$M" compare --games 10 --seed 1 --rulesets bcb,bcb-zmg --players random,greedy --json >"$T/bcbmany.json"
check 'grep -q "\"name\":\"bcb-zmg\",\"farm_share\":" "$T/bcbmany.json" && grep -q "\"castle\":{\"mean\":" "$T/bcbmany.json"' "many BCB games as JSON"
if need jq jq; then
    check 'jq -e ".rulesets | length == 4" "$T/bcb.json" >/dev/null && jq -e ".games == 10 and (.rulesets | length == 2)" "$T/bcbmany.json" >/dev/null' "the JSON of compare parses"
fi
# compare --games gives no reasons; the rules it would name are the modules' options.
"$M" rulesets --diff bcb bcb-zmg >"$T/bcbdiff"
check 'grep -q "^bcb vs bcb-zmg: 2 rules differ$" "$T/bcbdiff" && grep -q "^  castles option shapes: cap (bcb) vs cap, triangle (bcb-zmg)$" "$T/bcbdiff" && grep -q "^  bazaars option negative_scores: true (bcb) vs false (bcb-zmg)$" "$T/bcbdiff"' "module options as rules that differ: $(cat "$T/bcbdiff")"
"$M" rulesets --diff bcb bcb-rgg --json >"$T/bcbdiff.json"
check 'grep -q "{\"rule\":\"bazaars option need_tiles\",\"category\":\"\",\"a\":\"false\",\"b\":\"true\"}" "$T/bcbdiff.json"' "rulesets --diff --json: $(cat "$T/bcbdiff.json")"

finish compare
