#!/bin/sh
# import.sh: JCloisterZone saved games (meeple-import(1)): the hand-written games of tests/jcz
# imported, replayed and scored to exact points (their test.assertions and --json), a .jcz file
# taken by replay, score and compare directly, and malformed files refused at their place.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
J=$SRC/tests/jcz
# The JSON of `replay --json` holds "name":"NAME","score":N for each player.
score_is() { grep -q "\"name\":\"$2\",\"score\":$3," "$1"; }

# Every game: imported into a record that replays like any other, its assertions all true.
for g in city-road farm cloister small-city nofarmers bridge bridge-implied castle bazaar solo castle-base bridge-base castle-two-towns river big-follower \
         inns-cathedrals inns-final traders-builders bazaar-draw-order; do
    "$M" import "$J/$g.jcz" -o "$T/$g.yaml" >"$T/$g.out" 2>&1
    check '[ $? = 0 ]' "$g: import exit: $(cat "$T/$g.out")"
    check 'grep -q "^# meeple game record" "$T/$g.yaml" && grep -q "^tile_order: \[" "$T/$g.yaml"' "$g: a record with its tile order"
    "$M" replay "$T/$g.yaml" >"$T/$g.replay" 2>&1
    check '[ $? = 0 ] && grep -q "every action legal" "$T/$g.replay"' "$g: the record replays: $(cat "$T/$g.replay")"
    "$M" replay --check-assertions "$J/$g.jcz" >"$T/$g.check" 2>&1
    check '[ $? = 0 ]' "$g: replay --check-assertions exit: $(cat "$T/$g.check")"
    check 'grep -q ", 0 failed, 0 not understood; all hold$" "$T/$g.check"' "$g: every assertion passed: $(cat "$T/$g.check")"
    "$M" replay --json "$J/$g.jcz" >"$T/$g.json"
    check '[ $? = 0 ] && grep -q "\"legal\":true" "$T/$g.json" && grep -q "\"scores_match\":true" "$T/$g.json"' "$g: replay --json"
done

# Inns & Cathedrals with all three elements: c3-ic as shipped; the inn road of 4 tiles scores 8.
check 'grep -q "^ruleset: \"c3-ic\"$" "$T/inns-cathedrals.yaml" && [ ! -e "$T/inns-cathedrals.rules.yaml" ]' "inns-cathedrals: c3-ic"
check 'score_is "$T/inns-cathedrals.json" Alice 8' "inns-cathedrals scores: $(cat "$T/inns-cathedrals.json")"
# Elements switched off and FanCloisterZone's "ignore": a ruleset extending c3-ic-ignore with the
# inns taken back (the road scores 4) and two large followers.
sed 's/"inn": true, //; s/"zero"/"ignore"/; s/"big-follower": 1/"big-follower": 2/' "$J/inns-cathedrals.jcz" >"$T/noinn.jcz"
"$M" import "$T/noinn.jcz" -o "$T/noinn.yaml" >/dev/null 2>&1
check 'grep -q "^extends: c3-ic-ignore$" "$T/noinn.rules.yaml" && grep -q "^      inn: null$" "$T/noinn.rules.yaml" && grep -q "^  large: {count: 2}$" "$T/noinn.rules.yaml"' "noinn ruleset: $(cat "$T/noinn.rules.yaml")"
check '"$M" lint "$T/noinn.rules.yaml" >/dev/null' "the noinn ruleset lints clean"
"$M" replay --json "$T/noinn.jcz" >"$T/noinn.json" 2>&1
check 'score_is "$T/noinn.json" Alice 4' "noinn scores: $(cat "$T/noinn.json")"
# The end: an open inn road and an open cathedral city score 0 (zero, the printed rule; c3-ic),
# 2 each under FanCloisterZone's ignore (c3-ic-ignore itself).
check 'score_is "$T/inns-final.json" Alice 0 && score_is "$T/inns-final.json" Bob 0' "inns-final scores: $(cat "$T/inns-final.json")"
sed 's/"zero"/"ignore"/' "$J/inns-final.jcz" >"$T/ignore.jcz"
"$M" import "$T/ignore.jcz" -o "$T/ignore.yaml" >/dev/null 2>&1
"$M" replay --json "$T/ignore.jcz" >"$T/ignore.json" 2>&1
check 'grep -q "^ruleset: \"c3-ic-ignore\"$" "$T/ignore.yaml" && score_is "$T/ignore.json" Alice 2 && score_is "$T/ignore.json" Bob 2' "ignore: $(cat "$T/ignore.json")"
# Traders & Builders: JCloisterZone's builder (the second tile always, never onto a feature just
# completed); Alice's double turn is two turns of hers in a row, the second closing her road (5).
check 'grep -q "^extends: c3-tb$" "$T/traders-builders.rules.yaml" && grep -q "^  builder: {count: 1, joins_completed: false}$" "$T/traders-builders.rules.yaml" && grep -q "double_turn: mandatory" "$T/traders-builders.rules.yaml"' "traders-builders ruleset: $(cat "$T/traders-builders.rules.yaml")"
check '[ "$(turns "$T/traders-builders.yaml" | tr "\n" "|")" = "U@1,0r0 +E|TB-2@0,-1r2 -|U@2,0r0 +E:builder|E@1,-1r3 -|W@-1,0r0 -|W@3,0r0 -|" ]' "traders-builders turns: $(turns "$T/traders-builders.yaml")"
check 'score_is "$T/traders-builders.json" Alice 5 && score_is "$T/traders-builders.json" Bob 0' "traders-builders scores: $(cat "$T/traders-builders.json")"
check '"$M" lint "$T/traders-builders.rules.yaml" >/dev/null' "the traders-builders ruleset lints clean"
# No builder, no pig, no goods: all switched off in the generated ruleset.
sed 's/"builder": 1, "pig": 1, "traders": true, //; s/{ "type": "DEPLOY_MEEPLE", .*"0\.builder\.1" } },/{ "type": "PASS", "payload": {} },/' "$J/traders-builders.jcz" >"$T/tb-off.jcz"
"$M" import "$T/tb-off.jcz" -o "$T/tb-off.yaml" >"$T/tb-off.out" 2>&1
check 'grep -q "^  builder: {count: 0, joins_completed: false}$" "$T/tb-off.rules.yaml" && grep -q "^  pig: {count: 0}$" "$T/tb-off.rules.yaml" && grep -q "^variants: \[\]$" "$T/tb-off.rules.yaml"' "tb-off ruleset: $(cat "$T/tb-off.out" "$T/tb-off.rules.yaml")"

# Mid-game city and road scoring: Alice 4 (city), Bob 3 (road); the game goes on. (Every form of
# assertion, passing and failing, is tested by assertions.sh.)
check 'score_is "$T/city-road.json" Alice 4 && score_is "$T/city-road.json" Bob 3' "city-road scores: $(cat "$T/city-road.json")"
check 'grep -q "\"points\":{\"city\":4,\"road\":0,\"cloister\":0,\"farm\":0}" "$T/city-road.json"' "city-road: Alice's 4 are city points"
check 'grep -q "\"over\":false" "$T/city-road.json" && grep -q "^status: playing" "$T/city-road.yaml"' "city-road: not over"
check '[ "$(turns "$T/city-road.yaml" | tr "\n" "|")" = "E@0,-1r2 +S|W@1,0r0 +W|W@-1,0r0 -|" ]' "city-road turns: $(turns "$T/city-road.yaml")"
check 'grep -q "4 assertions: 4 passed, 0 failed, 0 not understood; all hold$" "$T/city-road.check"' "city-road tally"

# End-of-game farm scoring (endTurn 3 ends the game): Alice 3 farm + 3 road, Bob 3 farm.
check 'score_is "$T/farm.json" Alice 6 && score_is "$T/farm.json" Bob 3' "farm scores: $(cat "$T/farm.json")"
check 'grep -q "\"name\":\"Bob\",\"score\":3,\"recorded_score\":3,\"points\":{\"city\":0,\"road\":0,\"cloister\":0,\"farm\":3}" "$T/farm.json"' "farm: Bob's 3 are farm points"
check 'grep -q "^end_after: 3$" "$T/farm.yaml" && grep -q "^status: over$" "$T/farm.yaml" && grep -q "^  scores: \[6, 3\]$" "$T/farm.yaml"' "farm: the record ends after 3 draws, scored"
check 'grep -q "^ruleset: \"c3\"$" "$T/farm.yaml" && ! grep -q "^ruleset_file" "$T/farm.yaml"' "farm: shipped c3, no ruleset file"
check '[ ! -e "$T/farm.rules.yaml" ]' "farm: no ruleset written"

# An incomplete cloister at the end: 1 + 2 neighbours; Bob's road of 2.
check 'score_is "$T/cloister.json" Alice 3 && score_is "$T/cloister.json" Bob 2' "cloister scores: $(cat "$T/cloister.json")"
check 'grep -q "\"name\":\"Alice\",\"score\":3,\"recorded_score\":3,\"points\":{\"city\":0,\"road\":0,\"cloister\":3" "$T/cloister.json"' "cloister points"
check 'grep -q "+cloister" "$T/cloister.yaml"' "the monk as +cloister"
# gameAnnotations.drawOrder is the bag: all of it kept, also the tiles after the end.
check 'grep -q "^tile_order: \[\"B\", \"U\", \"L\", \"V\"\]$" "$T/cloister.yaml"' "drawOrder kept: $(grep tile_order "$T/cloister.yaml")"
# A bazaar whose tiles JCloisterZone drew after drawOrder ran out: read from the later placements,
# in the bazaar's order (U first, E second), whether drawOrder stops at the bazaar tile or inside
# its supply (then drawOrder's own tile stays).
check 'grep -q "^tile_order: \[\"BB-7\", \"U\", \"E\"\]$" "$T/bazaar-draw-order.yaml"' "bazaar-draw-order: $(grep tile_order "$T/bazaar-draw-order.yaml")"
sed 's/"drawOrder": \["BB\/F.b"\]/"drawOrder": ["BB\/F.b", "BA\/RFr"]/' "$J/bazaar-draw-order.jcz" >"$T/half.jcz"
"$M" import "$T/half.jcz" -o "$T/half.yaml" >"$T/half.out" 2>&1
check '[ $? = 0 ] && grep -q "^tile_order: \[\"BB-7\", \"U\", \"E\"\]$" "$T/half.yaml"' "half drawOrder: $(cat "$T/half.out"; grep tile_order "$T/half.yaml")"

# The small-city rule: a generated ruleset beside the record, extending c3; 2 points, not 4.
check 'score_is "$T/small-city.json" Alice 2 && grep -q "\"ruleset\":\"jcz-c3-small-city\"" "$T/small-city.json"' "small city: $(cat "$T/small-city.json")"
check '[ -f "$T/small-city.rules.yaml" ] && grep -q "^extends: c3$" "$T/small-city.rules.yaml" && grep -q "small: {tiles: 2" "$T/small-city.rules.yaml"' "small city ruleset: $(cat "$T/small-city.rules.yaml" 2>&1)"
check 'grep -q "^ruleset_file: \"/.*/small-city.rules.yaml\"$" "$T/small-city.yaml"' "the record names the ruleset file"
check '"$M" lint "$T/small-city.rules.yaml" >/dev/null' "the generated ruleset lints clean"
"$M" score --ruleset c3 --json "$J/small-city.jcz" >"$T/sc-c3.json"
check 'score_is "$T/sc-c3.json" Alice 4' "small city scored under c3: 4: $(cat "$T/sc-c3.json")"
# The record moves with its ruleset file named by absolute path; replayed from elsewhere too.
(cd / && "$M" replay "$T/small-city.yaml" >/dev/null)
check '[ $? = 0 ]' "the record replays from another directory"

# Farmers off: c3-nofarmers, no farm category.
check 'grep -q "\"ruleset\":\"c3-nofarmers\"" "$T/nofarmers.json" && ! grep -q "\"farm\"" "$T/nofarmers.json"' "nofarmers: $(cat "$T/nofarmers.json")"
check 'score_is "$T/nofarmers.json" Bob 4 && score_is "$T/nofarmers.json" Alice 3' "nofarmers scores"

# The River: the spring at the start, JCloisterZone's U-turn test, the base start tile kept (all 4
# D in the bag); the river tiles by their JCloisterZone ids; Bob's one-tile city scores 1 at the end.
check '[ "$(turns "$T/river.yaml" | tr "\n" "|")" = "RI-8@1,0r1 -|RI-2@1,-1r1 +E|RI-8@1,-2r3 -|" ]' "river turns: $(turns "$T/river.yaml")"
check 'grep -q "^ruleset: \"jcz-c3-river\"$" "$T/river.yaml" && grep -q "^start: {tile: spring, replaced: bag}$" "$T/river.rules.yaml" && grep -q "u_turn: jcz" "$T/river.rules.yaml"' "river ruleset: $(cat "$T/river.rules.yaml")"
check 'score_is "$T/river.json" Bob 1 && score_is "$T/river.json" Alice 0' "river scores: $(cat "$T/river.json")"

# A bridge with a follower on it; a bridge implied by a placement.
check '[ "$(turns "$T/bridge.yaml" | head -1)" = "U@1,0r0 !bridges:ns@1,0 +N" ]' "bridge turn: $(turns "$T/bridge.yaml" | head -1)"
check 'score_is "$T/bridge.json" Alice 4 && score_is "$T/bridge.json" Bob 3' "bridge scores: $(cat "$T/bridge.json")"
check 'grep -q "\"name\":\"Alice\",\"score\":4,\"recorded_score\":4,\"points\":{\"city\":0,\"road\":4," "$T/bridge.json"' "bridge: 3 for the road over the bridge, 1 at the end"
check 'grep -q "^ruleset: \"jcz-bcb\"$" "$T/bridge.yaml" && grep -q "shapes: \[cap, triangle\]" "$T/bridge.rules.yaml" && grep -q "negative_scores: true, need_tiles: true, auction: true" "$T/bridge.rules.yaml"' "JCloisterZone's BCB rulings: $(cat "$T/bridge.rules.yaml")"
check '[ "$(turns "$T/bridge-implied.yaml" | sed -n 2p)" = "!bridges:V@1,1r2/ns@1,0 +N" ]' "implied bridge: $(turns "$T/bridge-implied.yaml")"
check 'score_is "$T/bridge-implied.json" Bob 2' "implied bridge score"

# A castle that an unoccupied road completes: the road's 4 points go to the castle's owner.
check '[ "$(turns "$T/castle.yaml" | head -1)" = "E@0,-1r2 +S !castles:convert" ]' "castle turn: $(turns "$T/castle.yaml" | head -1)"
check 'grep -q "\"name\":\"Alice\",\"score\":4,\"points\":{\"city\":0,\"road\":0,\"cloister\":0,\"castle\":4," "$T/castle.json"' "castle: $(cat "$T/castle.json")"
check 'score_is "$T/castle.json" Bob 0' "castle: the road scores nobody else"

# A bazaar: the tiles put back in the order they were turned up; Bob pays 1.
check 'grep -q "^tile_order: \[\"BB-7\", \"U\", \"E\"\]$" "$T/bazaar.yaml"' "bazaar tile order: $(grep tile_order "$T/bazaar.yaml")"
check '[ "$(turns "$T/bazaar.yaml" | head -1)" = "BB-7@0,1r0 - !bazaars:select-2-for-1 !bazaars:pass" ]' "bazaar turn"
check 'score_is "$T/bazaar.json" Bob 3 && grep -q "\"bazaar\":-1" "$T/bazaar.json"' "bazaar scores: $(cat "$T/bazaar.json")"

# One player (JCloisterZone's solo play): a ruleset of its own that allows one, extending c3; the
# player moves every turn; bots play under it too; the shipped c3 still wants two.
check 'grep -q "^ruleset: \"jcz-c3-solo\"$" "$T/solo.yaml" && grep -q "^players: {min: 1}$" "$T/solo.rules.yaml" && grep -q "^extends: c3$" "$T/solo.rules.yaml"' "solo ruleset: $(cat "$T/solo.rules.yaml")"
check 'score_is "$T/solo.json" Alice 7 && grep -q "\"points\":{\"city\":4,\"road\":3," "$T/solo.json"' "solo scores: $(cat "$T/solo.json")"
check '[ "$(turns "$T/solo.yaml" | tr "\n" "|")" = "E@0,-1r2 +S|W@-1,0r0 +E|W@1,0r0 -|" ]' "solo turns: $(turns "$T/solo.yaml")"
"$M" score --ruleset "$T/solo.rules.yaml" --json "$T/solo.yaml" >"$T/solo-score.json" 2>&1
check '[ $? = 0 ] && score_is "$T/solo-score.json" Alice 7' "solo record rescored: $(cat "$T/solo-score.json")"
"$M" play --ruleset "$T/solo.rules.yaml" --players greedy --seed 5 --record "$T/solo-bot.yaml" >/dev/null 2>&1
check '[ $? = 0 ] && grep -q "^status: over$" "$T/solo-bot.yaml"' "a bot plays a whole solo game"
"$M" replay "$T/solo-bot.yaml" >/dev/null 2>&1
check '[ $? = 0 ]' "the solo bot game replays"
"$M" play --ruleset c3 --players greedy --seed 5 >/dev/null 2>&1
check '[ $? != 0 ]' "c3 itself still wants two players"

# Castle tokens with the base tiles only: c3, the castles module and the castle kind's tile set; a
# conversion, the castle's 4 for the road of its fief, and 4 for the farm that borders it.
check 'grep -q "^ruleset: \"jcz-c3-castles\"$" "$T/castle-base.yaml" && grep -q "^extends: c3$" "$T/castle-base.rules.yaml"' "castle-base ruleset"
check 'grep -q "^tiles: \[tiles/base.yaml, tiles/castle-kind.yaml\]$" "$T/castle-base.rules.yaml" && grep -q "points: {city: 3, castle: 4}" "$T/castle-base.rules.yaml" && grep -q "shapes: \[cap, triangle\]" "$T/castle-base.rules.yaml" && ! grep -q "bridges\|bazaars" "$T/castle-base.rules.yaml"' "castle-base rules: $(cat "$T/castle-base.rules.yaml")"
check '[ "$(turns "$T/castle-base.yaml" | head -2 | tr "\n" "|")" = "E@0,-1r2 +S !castles:convert|U@1,0r0 +Nw|" ]' "castle-base turns: $(turns "$T/castle-base.yaml")"
check 'grep -q "\"name\":\"Alice\",\"score\":4,\"recorded_score\":4,\"points\":{\"city\":0,\"road\":0,\"cloister\":0,\"castle\":4,\"farm\":0}" "$T/castle-base.json"' "castle-base: Alice's castle: $(cat "$T/castle-base.json")"
check 'grep -q "\"name\":\"Bob\",\"score\":4,\"recorded_score\":4,\"points\":{\"city\":0,\"road\":0,\"cloister\":0,\"castle\":0,\"farm\":4}" "$T/castle-base.json"' "castle-base: Bob's farm"
check '"$M" lint "$T/castle-base.rules.yaml" >/dev/null' "the castle-base ruleset lints clean"
(cd / && "$M" replay "$T/castle-base.yaml" >/dev/null)
check '[ $? = 0 ]' "castle-base: the record replays from another directory (the tile set found among the shipped ones)"

# Bridges with the base tiles only: c3 and the bridges module, no tile of the expansion.
check 'grep -q "^ruleset: \"jcz-c3-bridges\"$" "$T/bridge-base.yaml" && ! grep -q "^tiles:" "$T/bridge-base.rules.yaml" && grep -q "name: bridges" "$T/bridge-base.rules.yaml" && ! grep -q "castles\|bazaars" "$T/bridge-base.rules.yaml"' "bridge-base rules: $(cat "$T/bridge-base.rules.yaml")"
check '[ "$(turns "$T/bridge-base.yaml" | head -1)" = "U@1,0r0 !bridges:ns@1,0 +N" ]' "bridge-base turn: $(turns "$T/bridge-base.yaml" | head -1)"
check 'score_is "$T/bridge-base.json" Alice 4 && score_is "$T/bridge-base.json" Bob 3' "bridge-base scores: $(cat "$T/bridge-base.json")"

# One placement, two castle decisions: the pass right after a follower declines the first town
# (it is no pass for the follower), the token converts the second.
check '[ "$(turns "$T/castle-two-towns.yaml" | sed -n 3p)" = "I@0,-1r3 +S !castles:decline !castles:convert" ]' "two towns: $(turns "$T/castle-two-towns.yaml")"
check 'score_is "$T/castle-two-towns.json" Bob 4 && score_is "$T/castle-two-towns.json" Alice 0' "two towns scores: $(cat "$T/castle-two-towns.json")"

# Big followers (the setup's big-follower: 1): a ruleset extending c3 with a large follower of
# strength 2 that JCloisterZone calls big; each DEPLOY_MEEPLE's meeple type names the piece
# (0.big.1: +S:large, 1.small.1: the ordinary follower); the big follower home after its city,
# deployed again.
check 'grep -q "^ruleset: \"jcz-c3-big-followers-1\"$" "$T/big-follower.yaml" && grep -q "^extends: c3$" "$T/big-follower.rules.yaml"' "big-follower ruleset: $(cat "$T/big-follower.rules.yaml")"
check 'grep -q "^  large: {count: 1, strength: 2, aliases: {jcz: big}}$" "$T/big-follower.rules.yaml"' "big-follower: the large follower: $(cat "$T/big-follower.rules.yaml")"
check '[ "$(turns "$T/big-follower.yaml" | tr "\n" "|")" = "E@0,-1r2 +S:large|W@1,0r0 +W|W@-1,0r0 +W:large|" ]' "big-follower turns: $(turns "$T/big-follower.yaml")"
check 'score_is "$T/big-follower.json" Alice 4 && score_is "$T/big-follower.json" Bob 3' "big-follower scores: $(cat "$T/big-follower.json")"
check '"$M" lint "$T/big-follower.rules.yaml" >/dev/null' "the big-follower ruleset lints clean"

# import --json: what was imported.
"$M" import --json "$J/farm.jcz" -o "$T/f2.yaml" >"$T/imp.json"
check '[ $? = 0 ]' "import --json exit"
for key in '"jcz":"' '"record":"' '"ruleset":"c3"' '"players":\[{"name":"Alice","seat":0,"score":6},{"name":"Bob","seat":1,"score":3}\]' \
    '"messages":9' '"turns":3' '"end_turn":3' '"over":true' '"assertions":5'; do
    check 'grep -q "$key" "$T/imp.json"' "import --json lacks $key: $(cat "$T/imp.json")"
done
"$M" import "$J/farm.jcz" -o "$T/f3.yaml" >"$T/imp.txt"
check 'grep -q "^.*farm.jcz: 3 turns of Alice, Bob imported into .*f3.yaml under c3$" "$T/imp.txt"' "import text: $(cat "$T/imp.txt")"

# compare and score take a .jcz file; found by its content as well as by its name.
"$M" compare --rulesets c1-2000,c3 "$J/farm.jcz" >"$T/cmp" 2>&1
check '[ $? = 0 ] && grep -q "farm method: city-4 (c1-2000) vs farm-3 (c3)" "$T/cmp"' "compare a .jcz: $(cat "$T/cmp")"
"$M" compare --rulesets c1-2000,c3 --json "$J/farm.jcz" >"$T/cmp.json"
check 'grep -q "\"player\":\"Alice\",\"category\":\"farm\",\"values\":{\"c1-2000\":4,\"c3\":3}" "$T/cmp.json"' "compare --json: $(cat "$T/cmp.json")"
"$M" compare --rulesets c1-2000,c3 "$J/small-city.jcz" >"$T/cmp2"
check 'grep -q "small-city rule" "$T/cmp2"' "compare the small-city game"
"$M" score --ruleset c1-2000 "$J/city-road.jcz" >"$T/score" 2>&1
check '[ $? = 0 ] && grep -q "scored under c1-2000 (recorded under c3)" "$T/score"' "score a .jcz: $(cat "$T/score")"
cp "$J/city-road.jcz" "$T/game.json"
"$M" replay "$T/game.json" >"$T/sniff" 2>&1
check '[ $? = 0 ] && grep -q "3 turns replayed under c3" "$T/sniff"' "a .jcz found by its content: $(cat "$T/sniff")"
# Every command that takes a record reads a .jcz game as replay does (tools/common/game-file.c),
# by its content too; play --resume refuses one, which it could not write back.
for args in "score --ruleset c1" "compare --rulesets c3,c1" "render game -o $T/sniff.svg" "export -o $T/sniff.jcz"; do
    "$M" $args "$T/game.json" >"$T/sniff" 2>&1
    check '[ $? = 0 ]' "${args%% *}: a .jcz found by its content: $(cat "$T/sniff")"
done
"$M" play --resume "$J/farm.jcz" </dev/null >/dev/null 2>"$T/err"
check '[ $? = 1 ] && [ "$(cat "$T/err")" = "$J/farm.jcz: a JCloisterZone game; expected a meeple record (meeple import $J/farm.jcz -o RECORD.yaml makes one)" ]' \
    "play --resume of a .jcz: $(cat "$T/err")"
"$M" score --ruleset c1 "$J/bridge.jcz" >/dev/null 2>"$T/c1err"
check '[ $? = 1 ] && grep -q "bridge.jcz:26:5: replay\[0\] (turn 1): unknown module .bridges." "$T/c1err"' "an action illegal under other rules, at its message: $(cat "$T/c1err")"

# A failed assertion: reported, at its place in the file, and exit 1.
sed 's/"Alice has 4 points"/"Alice has 5 points"/' "$J/city-road.jcz" >"$T/wrong.jcz"
"$M" replay --check-assertions "$T/wrong.jcz" >"$T/wrong.out" 2>"$T/wrong.err"
check '[ $? = 1 ]' "a failed assertion exits 1"
check 'grep -qx "failed: Alice has 5 points (Alice has 4 points)" "$T/wrong.out"' "failed line: $(cat "$T/wrong.out")"
check 'grep -qx "$T/wrong.jcz:8:7: test.assertions\[0\]: .Alice has 5 points. failed: Alice has 4 points" "$T/wrong.err"' "failed diagnostic: $(cat "$T/wrong.err")"
"$M" replay --check-assertions --json "$T/wrong.jcz" >"$T/wrong.json" 2>/dev/null
check '[ $? = 1 ] && grep -q "\"assertions_hold\":false" "$T/wrong.json" && grep -q "{\"text\":\"Alice has 5 points\",\"result\":\"failed\"" "$T/wrong.json"' "failed in JSON: $(cat "$T/wrong.json")"
"$M" replay "$T/wrong.jcz" >/dev/null 2>&1
check '[ $? = 0 ]' "without --check-assertions the assertions are not checked"

# A file that ends inside a turn: the record keeps the finished turns.
sed -n '1,/"position": \[2, 0\]/p' "$J/castle.jcz" | sed '$s/},$/}/' >"$T/cut.jcz"
printf '  ]\n}\n' >>"$T/cut.jcz"
"$M" import "$T/cut.jcz" -o "$T/cut.yaml" >"$T/cut.out" 2>&1
check '[ $? = 0 ] && [ "$(turns "$T/cut.yaml" | wc -l)" = 3 ]' "unfinished turn left out: $(cat "$T/cut.out")"
check 'grep -q "the file ends inside a turn, which the record leaves out" "$T/cut.out"' "the unfinished turn is said"

# Malformed files: exit 1 and one diagnostic naming the place in the file.
expect() { # FILE DIAGNOSTIC (FILE relative to tests/jcz; the diagnostic after "FILE:")
    want="$J/$1:$2"   # (check evaluates its test in its own arguments: no $1 there)
    "$M" import "$J/$1" -o "$T/bad.yaml" >/dev/null 2>"$T/err"
    code=$?
    check '[ "$code" = 1 ]' "$1: import exit $code, expected 1"
    check '[ "$(cat "$T/err")" = "$want" ]' "$1: got '$(cat "$T/err")', expected '$want'"
    "$M" replay "$J/$1" >/dev/null 2>"$T/err2"
    code=$?
    check '[ "$code" = 1 ] && cmp -s "$T/err" "$T/err2"' "$1: replay exit $code, $(cat "$T/err2")"
    # the same diagnostic from every command that reads a game's file
    for args in "score --ruleset c3" "compare --rulesets c3" "render game -o $T/bad.svg" "export -o $T/bad-again.jcz"; do
        "$M" $args "$J/$1" >/dev/null 2>"$T/err3"
        code=$?
        check '[ "$code" = 1 ] && cmp -s "$T/err" "$T/err3"' "$1: ${args%% *} exit $code, $(cat "$T/err3")"
    done
    check '[ ! -e "$T/bad.yaml" ]' "$1: no record written"
}
expect bad-not-json.jcz "1:13: not JSON: '[' or '{' expected near 'JCloisterZone'; expected a JCloisterZone saved game (.jcz)"
expect bad-missing-field.jcz "14:40: replay[3].payload (PLACE_TILE): no 'position'; expected an array here"
expect bad-unknown-tile.jcz "14:52: replay[3].payload.tileId (PLACE_TILE): unknown tile id 'BA/XYZ'; expected one of ruleset 'c3': BA/LR BA/L BA/Cccc+ BA/RCr BA/C BA/CFc+ BA/CFc.1 BA/CFC.2 BA/CC.2 BA/CRr BA/RrC BA/CRRR BA/Cc+ BA/Cc.1 BA/CcRr+ BA/CcRr BA/Ccc+ BA/Ccc BA/CccR+ BA/CccR BA/RFr BA/Rr BA/RRR BA/RRRR"
expect bad-illegal-move.jcz "14:5: replay[3] (PLACE_TILE): tile 'BA/C' at [0, -1] R0 ('E@0,-1r0') is illegal: tile 'E' does not fit at 0,-1 rotation 0: side S at port Se: field meets city"
expect bad-farmer-off.jcz "12:5: replay[1] (DEPLOY_MEEPLE): a follower on the Field at NL.NR.EL.WR ('+Nw') is illegal: '+Nw' cannot take a follower (the feature is occupied, or no follower goes there); expected one of the legal deployments"
expect bad-unknown-type.jcz "12:15: replay[1].type: unknown message type 'PLACE_FERRY' (another expansion's?); expected PLACE_TILE, DEPLOY_MEEPLE, PASS, PLACE_TOKEN, BAZAAR_BID, BAZAAR_BUY_OR_SELL or COMMIT"
expect bad-unknown-set.jcz "4:50: setup.sets.abbey-and-mayor:1: set 'abbey-and-mayor:1' is not one meeple imports; expected basic:1, with or without bridges-castles-and-bazaars:1, inns-and-cathedrals:1, traders-and-builders:1 and river/1:1"
expect bad-unknown-element.jcz "5:66: setup.elements.abbot: element 'abbot' is not one meeple imports; expected small-follower, big-follower, farmers, river, bridge, castle, bazaar, inn, cathedral, traders, builder or pig"
expect bad-meeple-type.jcz "12:129: replay[1].payload.meepleId (DEPLOY_MEEPLE): a meeple of type 'big' is not one ruleset 'c3' has; expected small"
expect bad-unknown-rule.jcz "6:55: setup.rules.pig-herds: rule 'pig-herds' is not one meeple imports; expected tiny-city-scoring, inn-and-cathedral-final-scoring"
expect bad-garden-set.jcz "14:54: setup.sets.inns-and-cathedrals:2: set 'inns-and-cathedrals:2' (the edition with gardens, for the abbot) is not one meeple imports; expected inns-and-cathedrals:1"
expect bad-builder-no-set.jcz "15:17: setup.elements: element 'traders' without the set traders-and-builders:1; expected that set with it"
expect bad-final-scoring.jcz "16:51: setup.rules.inn-and-cathedral-final-scoring: inn-and-cathedral-final-scoring is not \"zero\" or \"ignore\"; expected \"zero\" (open inn roads and cathedral cities score nothing at the end) or \"ignore\" (they score as plain ones)"
expect bad-start.jcz "7:41: setup.start[0].x: start tile at 3,0; expected 0,0"
expect bad-draw-order.jcz "23:52: replay[3].payload.tileId (PLACE_TILE): tile 'BA/RFr' (meeple U) is placed, but the pack (gameAnnotations.drawOrder) gives 'BA/Rr' here; expected the drawn tile"
"$M" import "$T/nothing.jcz" -o "$T/bad.yaml" 2>"$T/err"
check '[ $? = 1 ] && [ "$(cat "$T/err")" = "$T/nothing.jcz: cannot open: No such file or directory" ]' "missing file: $(cat "$T/err")"

# An existing --output is refused, byte for byte intact, unless --force (as play --record).
printf 'mine\n' >"$T/taken.yaml"
cp "$T/taken.yaml" "$T/taken.orig"
"$M" import "$J/farm.jcz" -o "$T/taken.yaml" >/dev/null 2>"$T/err"
check '[ $? = 1 ] && [ "$(cat "$T/err")" = "$T/taken.yaml: file exists; expected a new file for --output (--force replaces it)" ]' \
    "import over an existing file: $(cat "$T/err")"
check 'cmp -s "$T/taken.yaml" "$T/taken.orig"' "the existing file is left as it was"
ln -s "$T/nowhere.yaml" "$T/dangling.yaml"
"$M" import "$J/farm.jcz" -o "$T/dangling.yaml" >/dev/null 2>"$T/err"
check '[ $? = 1 ] && grep -q "dangling.yaml: file exists" "$T/err" && [ ! -e "$T/nowhere.yaml" ]' "a symbolic link counts: $(cat "$T/err")"
"$M" import --force "$J/farm.jcz" -o "$T/taken.yaml" >"$T/out" 2>&1
check '[ $? = 0 ] && grep -q "^# meeple game record" "$T/taken.yaml"' "import --force replaces it: $(cat "$T/out")"
check '[ -z "$(ls "$T" | grep "\.tmp\.")" ]' "no temporary file left: $(ls "$T" | grep tmp)"

# Usage errors: exit 2.
"$M" import "$J/farm.jcz" >/dev/null 2>&1
check '[ $? = 2 ]' "import without --output"
"$M" import -o "$T/x.yaml" "$J/farm.jcz" "$J/cloister.jcz" >/dev/null 2>&1
check '[ $? = 2 ]' "import of two files"

finish import
