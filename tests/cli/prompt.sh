#!/bin/sh
# prompt.sh: what a human sees at the prompt of `meeple play` and on the text board
# (meeple-play(1)): the board again before the follower choice, each choice in words, the board,
# tiles and help commands, the board's marks and legend, a module's choices of a number in one
# line.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
# play SEED INPUT [ARGS...]: a human (a) against greedy, the input typed; output in $T/out.
play() {
    seed=$1 input=$2
    shift 2
    printf "$input" | "$M" play --players human:a,greedy --seed "$seed" "$@" >"$T/out" 2>&1
}
# legend FILE: the text board's legend, its lines joined with single spaces.
legend() { sed -n '/^legend: /,/^$/p' "$1" | tr -s ' \n' '  ' | sed 's/ $//'; }

# ---- After a placement: the board with the new tile, and each choice in words.
# Seed 6: a moves first, with E; under the start tile's city it completes a city of 2 tiles.
play 6 'E@0,-1r2\nquit\n'
sed -n '/^a> /,$p' "$T/out" >"$T/after"
check 'grep -q "^  -1 " "$T/after"' "the board is shown again after the placement, with the new tile's row -1"
check 'grep -q "^a may deploy a follower on E at 0,-1 (7 in supply):$" "$T/after"' "the deployment is offered: $(grep "may deploy" "$T/after")"
check 'grep -q "^  +S  *city, 2 tiles, complete: 4 points$" "$T/after"' "the city choice says complete and its points: $(grep "^  +" "$T/after" | tr "\n" "|")"
check 'grep -q "^  +[A-Za-z]*  *field, 1 tile, a farm worth 3 points now$" "$T/after"' "the field choice says what the farm is worth: $(grep "^  +" "$T/after" | tr "\n" "|")"
check 'grep -q "^  -  *pass: no follower$" "$T/after"' "pass is a choice in words"
# Seed 3: greedy first; a's M (a city with a pennant) joins the start tile's city: 2 tiles, 1 pennant.
play 3 'M@0,-1r2\nquit\n'
check 'grep -q "^  +E  *city, 2 tiles, 3 points so far$" "$T/out"' "an incomplete city: its points so far: $(grep "^  +" "$T/out" | tr "\n" "|")"

# ---- Commands: board, tiles, help.
play 6 'board\ntiles\nhelp\nquit\n'
check '! grep -q "unknown command" "$T/out"' "board, tiles and help are commands: $(grep "unknown command" "$T/out")"
check '[ "$(grep -c "^   0 " "$T/out")" = 2 ]' "board shows the board again: $(grep -c "^   0 " "$T/out") boards"
check 'grep -q "^a> 70 tiles in the bag:$" "$T/out"' "tiles: how many are in the bag"
check 'grep -q " E x4 " "$T/out" && grep -q " D x3 " "$T/out" && grep -q " V x9 " "$T/out"' "tiles: E 4 (one drawn), D 3 (one the start), V 9"
n=$(grep -o " [A-Z] x[0-9]* " "$T/out" | awk -F x '{ s += $2 } END { print s + 0 }')
check '[ "$n" = 70 ]' "tiles: the counts add up to the tiles in the bag: $n"
check 'grep -q "^  board  " "$T/out" && grep -q "^  tiles  " "$T/out"' "help names board and tiles"
check '! grep -q "^  !" "$T/out"' "help lists no module actions under c3, which has none"
play 1 'help\nquit\n' --ruleset bcb
check 'grep -q "^  !bridges:ns@X,Y  " "$T/out" && grep -q "^  !bridges:TILE@X,YrR/AXIS@BX,BY  " "$T/out"' "help under bcb: the bridges' actions: $(grep "^  !" "$T/out" | tr "\n" "|")"
check 'grep -q "^  !castles:convert  " "$T/out" && grep -q "^  !castles:decline  " "$T/out"' "help under bcb: the castles' actions"
check 'grep -q "^  !bazaars:select-N-for-BID  " "$T/out" && grep -q "^  !bazaars:bid-BID  " "$T/out" && grep -q "^  !bazaars:buy  " "$T/out"' "help under bcb: the bazaars' actions"
play 2 'help\nquit\n' --ruleset castle
check 'grep -q "^  !castle:first@X,Y,WHERE  " "$T/out" && grep -q "^  !castle:hold-K  " "$T/out"' "help under castle: The Castle's actions"

# ---- A module's choices of a number: one line for the whole range (a bazaar's bids).
# bcb, seed 1: at turn 17 a bazaar (BB-9) turns up BB-8 and L; a selects, b bids.
"$M" play --ruleset bcb --seed 1 --players greedy,greedy --record "$T/b1.yaml" >/dev/null
turns "$T/b1.yaml" >"$T/b1"
k=$(grep -n '^BB-9@2,1r1 - !bazaars:select-2-for-0 !bazaars:bid-4 ' "$T/b1" | cut -d: -f1)
check '[ "$k" = 17 ]' "bcb seed 1: the bazaar of turn 17 is gone (pick another seed): $(grep -n select "$T/b1" | head -n 1)"
{ head -n 16 "$T/b1"; echo "BB-9@2,1r1 -"; echo "!bazaars:select-2-for-0"; echo quit; } |
    "$M" play --ruleset bcb --seed 1 --players human:a,human:b >"$T/out"
check '[ "$(grep -c "^  !bazaars:select-" "$T/out")" = 2 ]' "a selection: one line for each open tile, not $(grep -c "^  !bazaars:select-" "$T/out")"
check 'grep -q "^  !bazaars:select-1-for-N  *select open tile 1 (BB-8) and open the bidding at N; N from 0 up$" "$T/out" && grep -q "^  !bazaars:select-2-for-N  *select open tile 2 (L) and open the bidding at N; N from 0 up$" "$T/out"' "a selection: the range of bids in words: $(grep "^  !bazaars:select" "$T/out" | tr "\n" "|")"
check 'grep -q "^  !bazaars:pass  *pass: no bid for tile L$" "$T/out" && grep -q "^  !bazaars:bid-N  *bid N for tile L (highest bid 0); N from 1 up$" "$T/out"' "a bid: pass, or the range in one line: $(grep "^  !bazaars:" "$T/out" | tail -n 3 | tr "\n" "|")"
check '[ "$(grep -c "^  !bazaars:bid-" "$T/out")" = 1 ] && ! grep -q "choices in all" "$T/out"' "a bid: no amount on a line of its own"
# Under ZMG rules a bid is at most the bidder's score: the range ends there, past the listed amounts.
"$M" play --ruleset bcb-zmg --seed 3 --players greedy,greedy --record "$T/z3.yaml" >/dev/null
turns "$T/z3.yaml" >"$T/z3"
k=$(grep -n '!bazaars:select-[0-9]*-for-[0-9]* !bazaars:bid-' "$T/z3" | tail -n 1 | cut -d: -f1)
line=$(sed -n "${k}p" "$T/z3")
before=${line%% !bazaars:bid-*}
{ head -n $((k - 1)) "$T/z3"; echo "$before"; echo quit; } | "$M" play --ruleset bcb-zmg --seed 3 --players human:a,human:b >"$T/out"
hi=$(sed -n 's/^  !bazaars:bid-N  .*; N from [0-9]* to \([0-9]*\)$/\1/p' "$T/out")
lo=$(sed -n 's/^  !bazaars:bid-N  .*; N from \([0-9]*\) to [0-9]*$/\1/p' "$T/out")
check '[ -n "$hi" ] && [ "$hi" -gt $((lo + 11)) ]' "bcb-zmg seed 3, turn $k: a bid range past the 12 amounts listed, to the score: from '$lo' to '$hi'"
{ head -n $((k - 1)) "$T/z3"; echo "$before"; echo "!bazaars:bid-$((hi + 1))"; echo "!bazaars:bid-$hi"; echo quit; } |
    "$M" play --ruleset bcb-zmg --seed 3 --players human:a,human:b >"$T/out"
check '[ "$(grep -c "is not legal" "$T/out")" = 1 ] && grep -q "bid-$((hi + 1)). is not legal: a bid above one.s score" "$T/out"' "bcb-zmg: $((hi + 1)) is refused, $hi is not: $(grep "is not legal" "$T/out")"

# ---- The board's legend: only what appears. The first board of seed 6 is the start tile alone.
play 6 'quit\n'
check '[ "$(legend "$T/out")" = "legend: # city - road . field" ]' "the start tile's legend: '$(legend "$T/out")'"
# Seed 3: a draws M, whose city has a pennant: marked in the rotations, and said under them.
play 3 'quit\n'
check 'grep -q "^#\*\.\.\.  " "$T/out" && grep -q "^  \* pennant$" "$T/out"' "the drawn tile's pennant is marked: $(sed -n '/draws tile M/,/^a>/p' "$T/out" | tr "\n" "|")"

# ---- Final boards: pennants, knights and farmers (distinct), bazaars, The Castle's letters.
"$M" play --seed 1 --players greedy,random >"$T/final"
sed -n '3,/^$/p' "$T/final" >"$T/board"
check 'grep -q "\*" "$T/board" && legend "$T/final" | grep -q " \* pennant"' "c3: pennants on the board and in the legend: $(legend "$T/final")"
check 'grep -q "[12]k" "$T/board" && grep -q "[12]f" "$T/board"' "c3: a knight and a farmer look different"
check 'legend "$T/final" | grep -q " k knight" && legend "$T/final" | grep -q " f farmer" && legend "$T/final" | grep -q " 1 greedy-1 "' "c3: the legend names the roles and the seats: $(legend "$T/final")"
check '! legend "$T/final" | grep -q "bazaar\|bridge\|wall"' "c3: nothing in the legend that is not on the board"
"$M" play --ruleset bcb --seed 1 --players greedy,greedy >"$T/final"
sed -n '3,/^$/p' "$T/final" >"$T/board"
check 'grep -q "\\$" "$T/board" && legend "$T/final" | grep -q " \\$ bazaar"' "bcb: bazaars marked: $(legend "$T/final")"
"$M" play --ruleset castle --seed 2 --players greedy,greedy >"$T/final"
for entry in "p path" "h house" "t tower" "# wall"; do
    check 'legend "$T/final" | grep -q " $entry"' "castle: the legend explains $entry: $(legend "$T/final")"
done

# ---- Traders & Builders: the goods of each player, the builder's double turn (its module's fact
# "double-turn"), the pieces by name. c3-ic-tb, seed 11, random bots: at turn 34 b's IC-1 extends
# his builder's city and earns a second tile, which he takes.
"$M" play --ruleset c3-ic-tb --seed 11 --players random,random --record "$T/tb11.yaml" >/dev/null
turns "$T/tb11.yaml" >"$T/tb11"
check '[ "$(sed -n 34p "$T/tb11")" = "IC-1@4,2r0 !builder:take" ]' "c3-ic-tb seed 11: turn 34 is no longer the builder's double turn (pick another seed): $(grep -n builder: "$T/tb11" | head -n 1)"
{ head -n 33 "$T/tb11"; echo "IC-1@4,2r0"; echo quit; } | "$M" play --ruleset c3-ic-tb --seed 11 --players human:a,human:b >"$T/out" 2>&1
check 'grep -q "(builder: this tile has earned a second tile)$" "$T/out" && grep -q "^  !builder:take  *take the builder.s second tile$" "$T/out"' "the double turn earned, the builder's decision: $(tail -n 4 "$T/out" | tr "\n" "|")"
check 'grep -q "^\* b: [0-9]* points, [0-9]* followers, [0-9]* builder, [0-9]* pig, [0-9]* large in supply; wine [0-9]*, grain [0-9]*, cloth [0-9]*" "$T/out"' "the players' line: the pieces by name, the goods: $(grep "^\* b:" "$T/out" | tail -n 1)"
{ head -n 34 "$T/tb11"; echo quit; } | "$M" play --ruleset c3-ic-tb --seed 11 --players human:a,human:b >"$T/out" 2>&1
check 'grep -q "^[0-9]* tiles left; b draws tile [A-Z0-9-]*, the second tile (builder) ([0-9]* legal placements" "$T/out"' "the second tile of the double turn: $(grep "tiles left" "$T/out" | tail -n 1)"
# --json of play and replay: the modules' facts, the goods per player among them.
"$M" play --ruleset c3-ic-tb --seed 11 --players random,random --json >"$T/tb11.json"
"$M" replay --json "$T/tb11.yaml" >"$T/tb11r.json"
for f in tb11.json tb11r.json; do
    for good in wine grain cloth; do
        check 'grep -q "{\"module\":\"goods\",\"kind\":\"count\",\"what\":\"$good\",\"player\":\"random-1\",\"value\":[0-9]*" "$T/$f"' "$f: the $good of random-1 among the facts"
    done
done

# ---- save FILE replaces no file by surprise (as --record): an existing FILE is refused, left byte
# for byte as it was, and the game goes on; save --force FILE replaces it; the --record file is the
# game's own (save without FILE, or naming it).
printf 'mine\n' >"$T/taken.yaml"
cp "$T/taken.yaml" "$T/taken.orig"
play 6 "save $T/taken.yaml\nlegal\nquit\n"
check 'grep -qxF "a> $T/taken.yaml: file exists; expected a new file for save (save --force FILE replaces it)" "$T/out"' \
    "save over an existing file is refused: $(grep -F "$T/taken" "$T/out")"
check 'cmp -s "$T/taken.yaml" "$T/taken.orig"' "the existing file is left as it was"
check 'grep -q "E@0,-1r2 " "$T/out"' "the game goes on after the refusal (legal answers)"
play 6 "save --force $T/taken.yaml\nquit\n"
check 'grep -qxF "a> saved in $T/taken.yaml (finished turns only)" "$T/out" && grep -q "^# meeple game record" "$T/taken.yaml"' \
    "save --force replaces it: $(grep -F "$T/taken" "$T/out")"
rm -f "$T/own.yaml"
play 6 "E@0,-1r2 -\nsave\nsave $T/own.yaml\nquit\n" --record "$T/own.yaml"
check '[ "$(grep -c "saved in $T/own.yaml (finished turns only)$" "$T/out")" = 2 ]' "save to the --record file itself: $(grep -F "own.yaml" "$T/out")"
check '[ -z "$(ls "$T" | grep "\.tmp\.")" ]' "no temporary file left: $(ls "$T" | grep tmp)"

finish prompt.sh
