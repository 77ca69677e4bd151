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

finish prompt.sh
