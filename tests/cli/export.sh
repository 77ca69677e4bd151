#!/bin/sh
# export.sh: `meeple export` (meeple-export(1)) from the command line: the JCloisterZone games of
# tests/jcz imported and written back (the same turns, the file's fields), a bot game's file in
# detail, --json, the same file twice, and refusals by name: rulesets JCloisterZone cannot play, a
# truncated record, a file that is no record, an output that cannot be written. The round trip of
# thousands of bot games is tests/test_export.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
J=$SRC/tests/jcz
# The value of a top-level or nested key in the exported JSON, read back with python-free tools:
# the file is written with one key a line.
has() { grep -q -- "$2" "$1"; }

# Imported games, exported, imported again: the same turns and scores.
for g in farm cloister small-city nofarmers bridge bridge-implied castle bazaar solo castle-base bridge-base castle-two-towns big-follower; do
    "$M" import "$J/$g.jcz" -o "$T/$g.yaml" >/dev/null 2>&1
    "$M" export "$T/$g.yaml" -o "$T/$g.jcz" >"$T/$g.out" 2>&1
    check '[ $? = 0 ] && grep -q "imported back: the same record$" "$T/$g.out"' "$g: export: $(cat "$T/$g.out")"
    "$M" import "$T/$g.jcz" -o "$T/$g.again.yaml" >/dev/null 2>&1
    check '[ $? = 0 ] && [ "$(turns "$T/$g.yaml")" = "$(turns "$T/$g.again.yaml")" ]' "$g: the same turns after import"
    check '[ "$(grep "^  scores:" "$T/$g.yaml")" = "$(grep "^  scores:" "$T/$g.again.yaml")" ]' "$g: the same scores"
    check '[ "$(grep "^ruleset_hash:" "$T/$g.yaml")" = "$(grep "^ruleset_hash:" "$T/$g.again.yaml")" ]' "$g: the same ruleset"
    "$M" replay --check-assertions "$T/$g.jcz" >/dev/null 2>&1 || true
done

# The file: every field of JCloisterZone's format.
F=$T/farm.jcz
for key in '"appVersion": "5.10.0"' '"gameId": "meeple-' '"initialRandom": ' '"clock": \[' '"setup": {' '"basic:1": 1' \
    '"small-follower": 7' '"farmers": true' '"start": \[' '"tile": "BA/RCr"' '"players": \[' '"name": "Alice"' '"slot": 0' \
    '"replay": \[' '"type": "PLACE_TILE"' '"tileId": "BA/C"' '"rotation": "R180"' '"type": "DEPLOY_MEEPLE"' \
    '"meepleId": "0.small.1"' '"feature": "Road"' '"type": "COMMIT"' '"random": ' '"gameAnnotations": {' \
    '"drawOrder": \[' '"endTurn": 3'; do
    check 'has "$F" "$key"' "farm.jcz lacks $key"
done
check '! has "$F" "bridges-castles-and-bazaars"' "farm.jcz: no BCB set"
# Castle tokens with the base tiles: the element without the set; the castle as a token.
check 'has "$T/castle-base.jcz" "\"castle\": 1" && ! has "$T/castle-base.jcz" "bridges-castles-and-bazaars" && has "$T/castle-base.jcz" "\"token\": \"CASTLE\""' "castle-base.jcz: $(head -c 600 "$T/castle-base.jcz")"
# A bazaar: the bid, the pass, the commit before the auction; no auction: its rule.
check 'has "$T/bazaar.jcz" "\"supplyIndex\": 1" && has "$T/bazaar.jcz" "\"type\": \"BAZAAR_BID\"" && has "$T/bazaar.jcz" "\"bridges-castles-and-bazaars:1\": 1"' "bazaar.jcz"
check 'has "$T/small-city.jcz" "\"tiny-city-scoring\": \"2\""' "small-city.jcz: the rule"
check 'has "$T/nofarmers.jcz" "\"farmers\": false"' "nofarmers.jcz: no farmers"
check 'has "$T/bridge.jcz" "\"token\": \"BRIDGE\"" && has "$T/bridge.jcz" "\"location\": \"NS\""' "bridge.jcz: the bridge token"
check '[ "$(grep -c "\"name\":" "$T/solo.jcz")" = 1 ]' "solo.jcz: one player"
# Big followers: the setup's element, and each deployment's meeple type, numbered per seat and type
# (Alice's big follower, home after its city, is 0.big.1 again).
check 'has "$T/big-follower.jcz" "\"big-follower\": 1" && [ "$(grep -c "\"meepleId\": \"0.big.1\"" "$T/big-follower.jcz")" = 2 ] && has "$T/big-follower.jcz" "\"meepleId\": \"1.small.1\""' "big-follower.jcz: $(grep "big\|meepleId" "$T/big-follower.jcz")"
check '! has "$F" "big-follower"' "farm.jcz: no big followers"
# The start tile's town's cap and a field's half-sides, as JCloisterZone names them.
check 'has "$T/castle-base.jcz" "\"location\": \"NL.NR.EL.WR\""' "castle-base.jcz: the farmer's field"

# A bot game: exported, and its --json; the players listed from the first to move.
"$M" play --players random,greedy,random --seed 11 --record "$T/bot.yaml" >/dev/null 2>&1
first=$(sed -n 's/^first_player: //p' "$T/bot.yaml")
"$M" export --json "$T/bot.yaml" -o "$T/bot.jcz" >"$T/bot.json" 2>&1
check '[ $? = 0 ]' "bot game export: $(cat "$T/bot.json")"
for key in '"record":"' '"jcz":"' '"ruleset":"c3"' '"setup":"c3"' '"players":\[{"name":"' "\"seat\":$first,\"jcz_seat\":0," \
    '"messages":' '"turns":' '"tiles_drawn":71' '"over":true' '"checked":true'; do
    check 'grep -q "$key" "$T/bot.json"' "export --json lacks $key: $(cat "$T/bot.json")"
done
check '! grep -q "end_turn" "$T/bot.json"' "no end_turn for a game played out"
check '[ "$(grep -c "\"type\": \"PLACE_TILE\"" "$T/bot.jcz")" = "$(turns "$T/bot.yaml" | wc -l)" ]' "one PLACE_TILE a turn"
"$M" import "$T/bot.jcz" -o "$T/bot.again.yaml" >/dev/null 2>&1
check '[ "$(turns "$T/bot.yaml")" = "$(turns "$T/bot.again.yaml")" ] && grep -q "^first_player: 0$" "$T/bot.again.yaml"' "bot game: the same turns, first player 0"
# The same record, the same file.
"$M" export "$T/bot.yaml" -o "$T/bot2.jcz" >/dev/null 2>&1
check 'cmp -s "$T/bot.jcz" "$T/bot2.jcz"' "two exports of one record differ"
# A .jcz file is taken where a record is.
"$M" export "$J/castle.jcz" -o "$T/direct.jcz" >/dev/null 2>&1
check '[ $? = 0 ] && has "$T/direct.jcz" "\"token\": \"CASTLE\""' "export of a .jcz file"

# Rulesets JCloisterZone cannot play: refused by name at the record's ruleset line, nothing written.
refused() { # RULESET DIAGNOSTIC (after "RECORD:")
    rs=$1 want="$T/r-$1.yaml:$2"   # (check evaluates its test in its own arguments: no $1 there)
    "$M" play --ruleset "$rs" --players random,random --seed 3 --record "$T/r-$rs.yaml" >/dev/null 2>&1
    "$M" export "$T/r-$rs.yaml" -o "$T/r-$rs.jcz" >/dev/null 2>"$T/r.err"
    code=$?
    check '[ "$code" = 1 ] && [ ! -e "$T/r-$rs.jcz" ]' "$rs: export exit $code"
    check '[ "$(cat "$T/r.err")" = "$want" ]' "$rs: got '$(cat "$T/r.err")', expected '$want'"
}
refused c1-2000 "3:10: ruleset 'c1-2000' cannot be written for JCloisterZone: farm method: city-4 (JCloisterZone: farm-3), farm points per completed city: 4 (JCloisterZone: 3); expected the rules of a JCloisterZone setup (nearest: jcz-c3-small-city)"
refused c1-2001 "3:10: ruleset 'c1-2001' cannot be written for JCloisterZone: farm method: farm-3-once (JCloisterZone: farm-3); expected the rules of a JCloisterZone setup (nearest: jcz-c3-small-city)"
refused bcb "3:10: ruleset 'bcb' cannot be written for JCloisterZone: castles option shapes: cap (JCloisterZone: cap, triangle), bazaars option need_tiles: false (JCloisterZone: true); expected the rules of a JCloisterZone setup (nearest: jcz-bcb)"
refused bcb-zmg "3:10: ruleset 'bcb-zmg' cannot be written for JCloisterZone: bazaars option negative_scores: false (JCloisterZone: true), bazaars option need_tiles: false (JCloisterZone: true); expected the rules of a JCloisterZone setup (nearest: jcz-bcb)"
# Traders & Builders as printed: the second tile optional; JCloisterZone's is always played.
refused c3-tb "3:10: ruleset 'c3-tb' cannot be written for JCloisterZone: builder option double_turn: optional (JCloisterZone: mandatory); expected the rules of a JCloisterZone setup (nearest: jcz-c3-tb)"
refused castle "3:10: ruleset 'castle' cannot be written for JCloisterZone: tile sets: 60 tiles in 67 kinds (JCloisterZone: 72 tiles in 24 kinds), players: 2 to 2 (JCloisterZone: 2 to 5), tied majorities: nobody scores (JCloisterZone: every tied player scores), feature kind: path (JCloisterZone: absent) and 10 more; expected the rules of a JCloisterZone setup (nearest: c3-nofarmers)"
# A kind of piece JCloisterZone has no meeple type for (tests/rulesets/pieces.yaml's helper: no
# jcz alias): refused by name.
"$M" play --ruleset "$SRC/tests/rulesets/pieces.yaml" --players random,random --seed 3 --record "$T/pieces.yaml" >/dev/null 2>&1
"$M" export "$T/pieces.yaml" -o "$T/pieces.jcz" >/dev/null 2>"$T/pieces.err"
check '[ $? = 1 ] && [ ! -e "$T/pieces.jcz" ] && [ "$(cat "$T/pieces.err")" = "$T/pieces.yaml:3:10: ruleset '"'pieces'"' cannot be written for JCloisterZone: piece '"'helper'"' has no JCloisterZone meeple type; expected every kind of piece with one (aliases: {jcz: TYPE}, as big for a large follower)" ]' "pieces: $(cat "$T/pieces.err")"
# House rules on top of c3.
printf 'name: c3-hand\nextends: c3\nhand: 3\n' >"$T/c3-hand.yaml"
"$M" play --ruleset "$T/c3-hand.yaml" --players random,random --seed 3 --record "$T/hand.yaml" >/dev/null 2>&1
"$M" export "$T/hand.yaml" -o "$T/hand.jcz" 2>"$T/hand.err" >/dev/null
check '[ $? = 1 ] && grep -q ":3:10: ruleset .c3-hand. cannot be written for JCloisterZone: hand: 3 tiles (JCloisterZone: 1 tile\?).*(nearest: c3)$" "$T/hand.err"' "hand: 3: $(cat "$T/hand.err")"
printf 'name: c3-no-incomplete\nextends: c3\nscore_incomplete: false\n' >"$T/c3-ni.yaml"
"$M" play --ruleset "$T/c3-ni.yaml" --players random,random --seed 3 --record "$T/ni.yaml" >/dev/null 2>&1
"$M" export "$T/ni.yaml" -o "$T/ni.jcz" 2>"$T/ni.err" >/dev/null
check '[ $? = 1 ] && grep -q "cannot be written for JCloisterZone: .*(nearest: c3)$" "$T/ni.err"' "score_incomplete: $(cat "$T/ni.err")"
# The same rules as c3 under another name: the hash names the ruleset too.
printf 'name: c3-copy\nextends: c3\n' >"$T/c3-copy.yaml"
"$M" play --ruleset "$T/c3-copy.yaml" --players random,random --seed 3 --record "$T/copy.yaml" >/dev/null 2>&1
"$M" export "$T/copy.yaml" -o "$T/copy.jcz" 2>"$T/copy.err" >/dev/null
check '[ $? = 1 ] && grep -q "it has the rules of .c3. under another name or description; expected .c3. itself" "$T/copy.err"' "a copy of c3: $(cat "$T/copy.err")"

# Malformed input: a truncated record, a file that is no record, one that does not exist.
head -c 700 "$T/bot.yaml" >"$T/cut.yaml"
"$M" export "$T/cut.yaml" -o "$T/cut.jcz" >/dev/null 2>"$T/cut.err"
check '[ $? = 1 ] && grep -q "^$T/cut.yaml:[0-9]*:[0-9]*: " "$T/cut.err" && [ ! -e "$T/cut.jcz" ]' "truncated record: $(cat "$T/cut.err")"
sed '/^n_turns:/,$d' "$T/bot.yaml" >"$T/noturns.yaml"
"$M" export "$T/noturns.yaml" -o "$T/nt.jcz" >/dev/null 2>"$T/nt.err"
check '[ $? = 1 ] && grep -q "^$T/noturns.yaml:[0-9]*:[0-9]*: " "$T/nt.err"' "record without turns: $(cat "$T/nt.err")"
"$M" export "$SRC/rulesets/c3.yaml" -o "$T/x.jcz" >/dev/null 2>"$T/nr.err"
check '[ $? = 1 ] && grep -q "^$SRC/rulesets/c3.yaml:[0-9]*:[0-9]*: " "$T/nr.err" && [ ! -e "$T/x.jcz" ]' "not a record: $(cat "$T/nr.err")"
"$M" export "$T/nothing.yaml" -o "$T/x.jcz" >/dev/null 2>"$T/no.err"
check '[ $? = 1 ] && grep -q "nothing.yaml.*No such file or directory" "$T/no.err"' "no record: $(cat "$T/no.err")"
# An output that cannot be written: said first, with the system's reason, before the record is read.
"$M" export "$T/nothing.yaml" -o "$T/no/dir/x.jcz" >/dev/null 2>"$T/w.err"
check '[ $? = 1 ] && [ "$(cat "$T/w.err")" = "$T/no/dir/x.jcz: cannot write: No such file or directory" ]' "unwritable output: $(cat "$T/w.err")"
check '[ -z "$(ls "$T" | grep "\.tmp\.")" ]' "no temporary file left: $(ls "$T" | grep tmp)"

# An existing --output is refused before the work, byte for byte intact, unless --force (as play --record).
printf 'mine\n' >"$T/taken.jcz"
cp "$T/taken.jcz" "$T/taken.orig"
"$M" export "$T/bot.yaml" -o "$T/taken.jcz" >/dev/null 2>"$T/err"
check '[ $? = 1 ] && [ "$(cat "$T/err")" = "$T/taken.jcz: file exists; expected a new file for --output (--force replaces it)" ]' \
    "export over an existing file: $(cat "$T/err")"
check 'cmp -s "$T/taken.jcz" "$T/taken.orig"' "the existing file is left as it was"
"$M" export --force "$T/bot.yaml" -o "$T/taken.jcz" >"$T/out" 2>&1
check '[ $? = 0 ] && cmp -s "$T/taken.jcz" "$T/bot.jcz"' "export --force replaces it: $(cat "$T/out")"
check '[ -z "$(ls "$T" | grep "\.tmp\.")" ]' "no temporary file left: $(ls "$T" | grep tmp)"

# Usage errors: exit 2.
"$M" export "$T/bot.yaml" >/dev/null 2>&1
check '[ $? = 2 ]' "export without --output"
"$M" export -o "$T/y.jcz" "$T/bot.yaml" "$T/bot.yaml" >/dev/null 2>&1
check '[ $? = 2 ]' "export of two records"

finish export
