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
