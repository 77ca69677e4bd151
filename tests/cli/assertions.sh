#!/bin/sh
# assertions.sh: JCloisterZone's test assertions, read as its test runner reads them
# (meeple-replay(1), --check-assertions). Each tests/jcz/assert-NAME.jcz holds assertions that pass
# and that fail, of every form; assert-NAME.expect gives the verdict each must get, in order
# ("passed: TEXT", "failed: TEXT", "not understood: TEXT"). The verdicts are compared exactly, as
# printed and in --json, with the counts, the exit status and a diagnostic for each that did not
# pass; and the comparison itself is shown to notice a wrong verdict.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
J=$SRC/tests/jcz

# verdicts OUT: the "VERDICT: TEXT" lines of a --check-assertions run, without their (detail).
verdicts() { grep -E '^(passed|failed|not understood): ' "$1" | sed 's/ (.*$//'; }
# same_verdicts EXPECT OUT: whether the run gave exactly the expected verdicts.
same_verdicts() { verdicts "$2" | cmp -s - "$1"; }

n_files=0
for jcz in "$J"/assert-*.jcz; do
    name=$(basename "$jcz" .jcz)
    expect=$J/$name.expect
    n_files=$((n_files + 1))
    check '[ -f "$expect" ]' "$name: no $name.expect"
    [ -f "$expect" ] || continue
    total=$(wc -l <"$expect")
    passed=$(grep -c '^passed: ' "$expect")
    failed=$(grep -c '^failed: ' "$expect")
    unknown=$(grep -c '^not understood: ' "$expect")
    want_rc=1
    [ "$passed" = "$total" ] && want_rc=0
    hold="not all hold"
    [ "$passed" = "$total" ] && hold="all hold"
    "$M" replay --check-assertions "$jcz" >"$T/out" 2>"$T/err"
    rc=$?
    check '[ "$rc" = "$want_rc" ]' "$name: exit $rc, expected $want_rc: $(cat "$T/err")"
    check 'same_verdicts "$expect" "$T/out"' "$name: verdicts differ (expected < > got):
$(verdicts "$T/out" | diff "$expect" - )"
    check 'grep -qx "$jcz: $total assertions: $passed passed, $failed failed, $unknown not understood; $hold" "$T/out"' \
        "$name: summary: $(tail -1 "$T/out")"
    # Every assertion that did not pass, also on standard error at its place in the file.
    n_diag=$(grep -c "^$jcz:[0-9]*:[0-9]*: test.assertions\[[0-9]*\]: .* \(failed\|not understood\): " "$T/err")
    check '[ "$n_diag" = $((failed + unknown)) ]' "$name: $n_diag diagnostics for $((failed + unknown)): $(cat "$T/err")"
    # The same verdicts, in order, and the counts in JSON.
    "$M" replay --check-assertions --json "$jcz" >"$T/json" 2>/dev/null
    rc=$?
    check '[ "$rc" = "$want_rc" ]' "$name: --json exit $rc, expected $want_rc"
    grep -o '"result":"[^"]*"' "$T/json" | sed 's/"result":"\(.*\)"/\1/' >"$T/got"
    sed 's/: .*//' "$expect" >"$T/want"
    check 'cmp -s "$T/want" "$T/got"' "$name: JSON verdicts: $(cat "$T/got" | tr '\n' ',')"
    check 'grep -q "\"assertions_passed\":$passed,\"assertions_failed\":$failed,\"assertions_not_understood\":$unknown," "$T/json"' \
        "$name: JSON counts: $(cat "$T/json")"
    held=false
    [ "$passed" = "$total" ] && held=true
    check 'grep -q "\"assertions_hold\":$held}" "$T/json"' "$name: assertions_hold: $(cat "$T/json")"
done
check '[ "$n_files" -ge 15 ]' "only $n_files assertion files"

# The comparison notices a wrong verdict: one verdict turned over no longer matches.
"$M" replay --check-assertions "$J/assert-scored.jcz" >"$T/out" 2>/dev/null
sed '1s/^passed:/failed:/' "$J/assert-scored.expect" >"$T/wrong.expect"
check '! same_verdicts "$T/wrong.expect" "$T/out"' "a verdict turned over goes unnoticed"
sed '$d' "$J/assert-scored.expect" >"$T/short.expect"
check '! same_verdicts "$T/short.expect" "$T/out"' "a verdict left out goes unnoticed"

# What the game shows, in the details.
out() { "$M" replay --check-assertions "$J/$1.jcz" 2>/dev/null; }
out assert-start >"$T/start"
check 'grep -qxF "failed: TilePlacement BA/RFr options: [1,0] - [0,180]; [0,1] - [0,180] (extra [-1,0] - [0,180])" "$T/start"' "extra cell: $(cat "$T/start")"
check 'grep -qxF "failed: TilePlacement BA/RFr options: [1,0] - [0,180]; [0,1] - [0,180]; [-1,0] - [0,180]; [0,-1] - [0] (missing [0,-1]: not offered)" "$T/start"' "missing cell"
check 'grep -qxF "failed: TilePlacement BA/RFr options: [1,0] - [0,180,180]; [0,1] - [0]; [-1,0] - [180,0] (at [1,0] offered [0,180], listed [0,180,180]; at [0,1] offered [0,180], listed [0])" "$T/start"' "rotations as a multiset"
check 'grep -q "^not understood: phase is DragonPhase (phase .DragonPhase. is not one meeple maps" "$T/start"' "unmapped phase named"
check 'grep -q "^not understood: Carol has 0 points (no player .Carol." "$T/start"' "unknown player named"
check 'grep -q "^not understood: Alice wins the game (unknown assertion" "$T/start"' "unknown assertion"
out assert-scored >"$T/scored"
check 'grep -qxF "failed: Alice scored road for 7 points (no single road event of 7 for Alice; the player'"'"'s events: road +3, road +4, city +8)" "$T/scored"' "events listed: $(cat "$T/scored")"
check 'grep -q "BA/CFc.1 is neither the tile to place (.*) nor left in the bag" "$T/scored"' "a tile no longer in the bag"
out assert-commit >"$T/commit"
check 'grep -qxF "failed: Alice has 7 points (Alice has 3 points)" "$T/commit"' "CommitActionPhase shows the points before the turn's scoring: $(cat "$T/commit")"
out assert-action >"$T/action"
check 'grep -qF "(missing (not offered) {Field,EL.NR.ER.SL,[1,0]}; extra (offered, not listed) {Field,NR.EL.ER.SL,[1,0]})" "$T/action"' "half-sides in JCloisterZone's order: $(cat "$T/action")"

# A file that tests nothing: no assertions to check is exit 1, said on standard error, and in JSON
# an empty list that does not hold. Without --check-assertions nothing is said.
sed '/"assertions": \[/,/^    \]$/c\    "assertions": []' "$J/assert-action.jcz" >"$T/none.jcz"
"$M" replay --check-assertions "$T/none.jcz" >"$T/out" 2>"$T/err"
check '[ $? = 1 ] && grep -qx "$T/none.jcz: no test assertions to check; expected test.assertions in a JCloisterZone game (a file without them tests nothing)" "$T/err"' \
    "no assertions: $(cat "$T/err")"
"$M" replay --check-assertions --json "$T/none.jcz" >"$T/json" 2>/dev/null
check '[ $? = 1 ] && grep -q "\"assertions\":\[\],\"assertions_passed\":0,\"assertions_failed\":0,\"assertions_not_understood\":0,\"assertions_hold\":false" "$T/json"' \
    "no assertions, JSON: $(cat "$T/json")"
"$M" replay "$T/none.jcz" >/dev/null 2>&1
check '[ $? = 0 ]' "without --check-assertions, no assertions is no error"
"$M" import "$J/assert-scored.jcz" -o "$T/scored.yaml" >/dev/null 2>&1
"$M" replay --check-assertions "$T/scored.yaml" >/dev/null 2>"$T/err"
check '[ $? = 1 ] && grep -q "no test assertions to check" "$T/err"' "a record has none: $(cat "$T/err")"

# A one-player game (JCloisterZone's solo play) imports under a ruleset of its own; the assertions
# of the lone player's turn hold as for any game.
sed 's/    { "name": "Bob", "slot": 1 }//; s/{ "name": "Alice", "slot": 0 },/{ "name": "Alice", "slot": 0 }/' "$J/assert-action.jcz" |
    sed '/"assertions": \[/,/^    \]$/c\    "assertions": ["phase is ActionPhase", "Player can pass", "Undo is allowed", "Alice has 0 points"]' >"$T/solo.jcz"
"$M" replay --check-assertions "$T/solo.jcz" >"$T/out" 2>"$T/err"
check '[ $? = 0 ] && grep -q ": 4 assertions: 4 passed, 0 failed, 0 not understood; all hold$" "$T/out"' \
    "one player: $(cat "$T/out" "$T/err")"

finish assertions
