#!/bin/sh
# events.sh: the scoring log on the command line: replay --events and score --events, in text and
# JSON (meeple-replay(1), section SCORING EVENTS; meeple-score(1)).
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}

# The farm example of the rules digest under farm-3: the tied farm (E, U, A) pays BLUE and YELLOW
# 3 each, the farm north of D (D, U) pays BLUE 3; nothing else scores.
"$M" score --ruleset c3 --events "$SRC/tests/records/farm-example.yaml" >"$T/farm"
check '[ $? = 0 ] && grep -q "^scoring events: 2$" "$T/farm"' "two events: $(cat "$T/farm")"
check 'grep -q "^  final     BLUE, YELLOW  *+3  farm       farm        3 tiles: 0,-1 0,-2 1,-2$" "$T/farm"' "the tied farm's event"
check 'grep -q "^  final     BLUE  *+3  farm       farm        2 tiles: 0,0 1,0$" "$T/farm"' "BLUE's own farm"
# Under city-4 the city pays: one event, BLUE 4, the city's tiles.
"$M" score --ruleset c1-2000 --events "$SRC/tests/records/farm-example.yaml" >"$T/farm4"
check 'grep -q "^scoring events: 1$" "$T/farm4" && grep -q "^  final     BLUE  *+4  farm       farm        2 tiles: 0,0 0,-1$" "$T/farm4"' "city-4: $(cat "$T/farm4")"
"$M" score --ruleset c3 --events --json "$SRC/tests/records/farm-example.yaml" >"$T/farm.json"
check 'grep -q "\"events\":\[{\"turn\":4,\"final\":true,\"players\":\[\"BLUE\",\"YELLOW\"\],\"points\":3,\"what\":\"farm\",\"why\":\"farm\",\"category\":\"farm\",\"kind\":\"field\",\"label\":\"\",\"tiles\":\[\[0,-1\],\[0,-2\],\[1,-2\]\],\"pieces\":\[{\"player\":\"BLUE\",\"piece\":\"follower\"},{\"player\":\"YELLOW\",\"piece\":\"follower\"}\]}," "$T/farm.json"' "JSON events: $(cat "$T/farm.json")"
"$M" score --ruleset c3 --json "$SRC/tests/records/farm-example.yaml" >"$T/plain.json"
check '! grep -q "\"events\"" "$T/plain.json"' "no events without --events"

# A whole game: the events of each player add up to the score table (players with one name each;
# a shared event counts for each of its players).
for rules in c3 c1-2000 bcb; do
    "$M" play --ruleset "$rules" --seed 11 --players greedy,random,greedy --record "$T/$rules.yaml" >/dev/null
    "$M" replay --events "$T/$rules.yaml" >"$T/$rules.out"
    check '[ $? = 0 ] && grep -q "^scoring events: [1-9][0-9]*$" "$T/$rules.out"' "$rules: replay --events: $(head -3 "$T/$rules.out")"
    sums=$(awk '
        /^player / { table = 1; next }
        table && /^scoring events/ { table = 0; events = 1; next }
        table && NF >= 2 && $2 ~ /^-?[0-9]+$/ { total[$1] = $2; next }
        events && ($1 == "turn" || $1 == "final") {
            line = $0; sub(/^  (turn [0-9]+|final) +/, "", line)
            match(line, / [+-][0-9]+  /); who = substr(line, 1, RSTART - 1); pts = substr(line, RSTART + 1, RLENGTH - 3) + 0
            n = split(who, names, ", "); for (i = 1; i <= n; i++) { gsub(/ /, "", names[i]); sum[names[i]] += pts }
        }
        END { for (p in total) printf "%s %s %d\n", p, total[p], sum[p] }' "$T/$rules.out" | sort)
    check '[ -n "$sums" ] && echo "$sums" | awk "\$2 != \$3 { exit 1 }"' "$rules: the events add up to the scores: $sums"
done
# BCB (seed 11 has bazaars and a castle): a price paid is a module's event of negative points, the
# price received one of positive points; a castle's fief pays its owner as a module's event.
check 'grep -q "^  turn [0-9]*  *[a-z0-9-]*  *-[1-9][0-9]*  bazaar     module$" "$T/bcb.out" && grep -q "^  turn [0-9]*  *[a-z0-9-]*  *+[1-9][0-9]*  bazaar     module$" "$T/bcb.out"' "bcb: bazaar events: $(grep bazaar "$T/bcb.out")"
check 'grep -q "^  turn [0-9]*  *[a-z0-9-]*  *+[1-9][0-9]*  castle     module      2 tiles: -\{0,1\}[0-9]*,-\{0,1\}[0-9]* -\{0,1\}[0-9]*,-\{0,1\}[0-9]*$" "$T/bcb.out"' "bcb: a castle's event names the castle's two tiles: $(grep castle "$T/bcb.out")"

# The Castle (seed 5): the keep and a wall tile held score as the module's events, in the final
# scoring, with their own words.
"$M" play --ruleset castle --seed 5 --players greedy,greedy --record "$T/castle.yaml" >/dev/null
"$M" replay --events "$T/castle.yaml" >"$T/castle.out"
check 'grep -q "^  final     greedy-[12]  *+[1-9][0-9]*  keep       module$" "$T/castle.out"' "castle: the keep's event: $(grep module "$T/castle.out")"
check 'grep -q "^  final     greedy-[12]  *+[1-9][0-9]*  wall tile [1-9] module" "$T/castle.out"' "castle: a wall tile's event"

finish events
