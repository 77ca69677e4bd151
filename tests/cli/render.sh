#!/bin/sh
# render.sh: tile sets and recorded games drawn as SVG (meeple-render(1)): well-formed XML that
# converts to PNG, the tile ids and counts, the followers and other kinds of piece, the seats in
# their ruleset's colours, and the errors.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
# An SVG that is well-formed XML and converts to a PNG that is not empty. Without xmllint or
# rsvg-convert that part is skipped, counted (the script ends as SKIP; a failure under CI), and a
# picture is only checked to open as an SVG document.
svg_tools=true
need xmllint libxml2-utils || svg_tools=false
need rsvg-convert librsvg2-bin || svg_tools=false
valid() {
    if $svg_tools; then xmllint --noout "$1" && rsvg-convert "$1" -o "$1.png" && [ -s "$1.png" ]
    else grep -q "<svg" "$1"; fi
}

# The base tiles: every id, and its count, under its tile.
"$M" render tiles "$SRC/rulesets/tiles/base.yaml" -o "$T/base.svg" 2>"$T/err"
check '[ $? = 0 ] && [ ! -s "$T/err" ]' "render tiles base.yaml: $(cat "$T/err")"
check 'valid "$T/base.svg"' "base tiles: valid SVG that converts to PNG"
for id in A B C D E F G H I J K L M N O P Q R S T U V W X; do
    check 'grep -q ">$id</text>" "$T/base.svg"' "base tiles: no tile id $id"
done
check '[ "$(grep -c "class=\"tile\"" "$T/base.svg")" = 24 ] && [ "$(grep -c "class=\"count\"" "$T/base.svg")" = 24 ]' "base tiles: 24 tiles with counts"
check 'grep -q ">x9</text>" "$T/base.svg" && grep -q ">start</text>" "$T/base.svg"' "base tiles: V x9, the start tile"
check '[ "$(grep -c "class=\"junction\"" "$T/base.svg")" = 3 ]' "base tiles: a junction mark on L, W and X"
check '[ "$(grep -c "<title>pennant</title>" "$T/base.svg")" = 7 ]' "base tiles: a pennant on C, F, M, O, Q and S, and in the legend"
for kind in city road field cloister; do
    check 'grep -q ">$kind (" "$T/base.svg"' "base tiles: the legend lacks $kind"
done
# Castle-like kinds, a fountain, a fixed start space.
"$M" render tiles "$SRC/tests/rulesets/tiles/mini-castle.yaml" -o "$T/castle.svg"
check '[ $? = 0 ] && valid "$T/castle.svg"' "render tiles mini-castle.yaml"
for id in S1 PHT PC HH TT; do
    check 'grep -q ">$id</text>" "$T/castle.svg"' "mini-castle: no tile id $id"
done
check 'grep -q "<title>fountain</title>" "$T/castle.svg" && grep -q ">fixed</text>" "$T/castle.svg"' "mini-castle: the fountain, the fixed start space"
check 'grep -q ">path (P)" "$T/castle.svg" && grep -q ">house (H)" "$T/castle.svg" && grep -q ">tower (T)" "$T/castle.svg"' "mini-castle: the legend"
# A ruleset's tiles; standard output.
"$M" render tiles --ruleset c3 -o "$T/c3.svg"
check '[ $? = 0 ] && valid "$T/c3.svg" && grep -q ">X</text>" "$T/c3.svg"' "render tiles --ruleset c3"
"$M" render tiles --ruleset c3 -o - >"$T/stdout.svg"
check 'cmp -s "$T/c3.svg" "$T/stdout.svg"' "-o - writes the same to standard output"

# Games: the farm example at its end (the followers as final scoring found them: BLUE on two
# fields, YELLOW on one), and after turn 2.
"$M" render game "$SRC/tests/records/farm-example.yaml" -o "$T/farm.svg"
check '[ $? = 0 ] && valid "$T/farm.svg"' "render game farm-example.yaml"
check '[ "$(grep -c "<circle class=\"follower\"" "$T/farm.svg")" = 3 ]' "farm example: 3 followers, got $(grep -c "<circle class=\"follower\"" "$T/farm.svg")"
check '[ "$(grep -c "<title>BLUE on the field</title>" "$T/farm.svg")" = 2 ] && [ "$(grep -c "<title>YELLOW on the field</title>" "$T/farm.svg")" = 1 ]' "farm example: BLUE twice, YELLOW once, on fields"
check 'grep -q "class=\"score\"[^>]*>6</text>" "$T/farm.svg" && grep -q ">BLUE</text>" "$T/farm.svg" && grep -q ">winner</text>" "$T/farm.svg"' "farm example: the scores"
check '[ "$(grep -c "class=\"tile\"" "$T/farm.svg")" = 5 ]' "farm example: 5 tiles"
# The supplies as they were when final scoring began, like the followers drawn: BLUE 7 - 2, YELLOW 7 - 1.
check '[ "$(grep -o "class=\"supply\"[^>]*>[0-9]*<" "$T/farm.svg" | sed "s/.*>\([0-9]*\)</\1/" | tr "\n" " ")" = "5 6 " ]' "farm example: the supplies when final scoring began, 5 and 6: $(grep -o "class=\"supply\"[^>]*>[0-9]*<" "$T/farm.svg" | sed "s/.*>//" | tr "\n" " ")"
check 'grep -q "followers and supplies as they stood when final scoring began" "$T/farm.svg"' "farm example: the line under the title says which moment the followers and supplies show"
"$M" render game "$SRC/tests/records/farm-example.yaml" --turn 2 -o "$T/farm2.svg"
check '[ $? = 0 ] && valid "$T/farm2.svg" && [ "$(grep -c "class=\"tile\"" "$T/farm2.svg")" = 3 ]' "farm example after turn 2: 3 tiles"
check '[ "$(grep -c "<circle class=\"follower\"" "$T/farm2.svg")" = 2 ]' "farm example after turn 2: 2 followers"
"$M" render game "$SRC/tests/records/farm-example.yaml" --turn 0 -o "$T/farm0.svg"
check '[ $? = 0 ] && [ "$(grep -c "class=\"tile\"" "$T/farm0.svg")" = 1 ]' "turn 0: the start tile alone"

# A bot game, at its end and after turn 10.
"$M" play --seed 3 --record "$T/r.yaml" >/dev/null
"$M" render game "$T/r.yaml" -o "$T/game.svg"
check '[ $? = 0 ] && valid "$T/game.svg"' "render game of a played record"
check '[ "$(grep -c "class=\"tile\"" "$T/game.svg")" = 72 ]' "the whole game: 72 tiles, got $(grep -c "class=\"tile\"" "$T/game.svg")"
check 'grep -q ">random-1</text>" "$T/game.svg" && grep -q ">greedy-2</text>" "$T/game.svg"' "the players' names"
"$M" render game "$T/r.yaml" --turn 10 -o "$T/game10.svg"
check '[ $? = 0 ] && valid "$T/game10.svg"' "render game --turn 10"
check '[ "$(grep -c "class=\"tile\"" "$T/game10.svg")" = 11 ]' "after turn 10: 11 tiles"
check 'grep -q "after turn 10 of" "$T/game10.svg"' "after turn 10: the title says so"
check 'grep -q "class=\"coord\"[^>]*>0</text>" "$T/game10.svg"' "coordinates along the edges"
# A bounded board of castle-like tiles.
MEEPLE_RULESETS="$SRC/tests/rulesets" "$M" play --ruleset "$SRC/tests/rulesets/mini-castle.yaml" --seed 2 --record "$T/castle.yaml" >/dev/null
MEEPLE_RULESETS="$SRC/tests/rulesets" "$M" render game "$T/castle.yaml" -o "$T/castle-game.svg"
check '[ $? = 0 ] && valid "$T/castle-game.svg"' "render game of a mini-castle record"
# Bridges, Castles and Bazaars: BLUE's knight turns the town of E and the start tile into a
# castle, RED builds a bridge over U and stands on it (tests/records/bcb-bridge-castle.yaml).
"$M" render game "$SRC/tests/records/bcb-bridge-castle.yaml" -o "$T/bcb.svg"
check '[ $? = 0 ] && valid "$T/bcb.svg"' "render game of a BCB record"
check '[ "$(grep -c "<g class=\"bridge\"" "$T/bcb.svg")" = 1 ]' "bcb: one bridge, got $(grep -c "<g class=\"bridge\"" "$T/bcb.svg")"
check 'grep -q "<title>U at 1,0 turned 0, with a bridge</title>" "$T/bcb.svg"' "bcb: the bridge's tile says so"
check '[ "$(grep -c "<path class=\"castle\"" "$T/bcb.svg")" = 2 ] && [ "$(grep -c "<g class=\"tower\"" "$T/bcb.svg")" = 2 ]' "bcb: the castle on its two tiles, a tower on each"
check 'grep -q "<title>RED on the bridge</title>" "$T/bcb.svg" && grep -q "<title>BLUE on the castle</title>" "$T/bcb.svg"' "bcb: RED on the bridge, BLUE on the castle"
check '[ "$(grep -c "class=\"tokens\"" "$T/bcb.svg")" = 2 ]' "bcb: tokens left, a line per player"
check 'grep -q "class=\"tokens\"[^>]*>bridges 3 .* castles 2</text>" "$T/bcb.svg" && grep -q "class=\"tokens\"[^>]*>bridges 2 .* castles 3</text>" "$T/bcb.svg"' "bcb: BLUE spent a castle, RED a bridge"
check 'grep -q ">tokens left</text>" "$T/bcb.svg" && ! grep -q "class=\"tokens\"" "$T/game.svg"' "tokens left: under BCB only"
"$M" render game "$SRC/tests/records/bcb-bridge-castle.yaml" --turn 1 -o "$T/bcb1.svg"
check '[ $? = 0 ] && valid "$T/bcb1.svg" && ! grep -q "class=\"bridge\"" "$T/bcb1.svg" && [ "$(grep -c "<path class=\"castle\"" "$T/bcb1.svg")" = 2 ]' "bcb after turn 1: the castle, no bridge yet"
"$M" render game "$SRC/tests/records/bcb-bridge-castle.yaml" --turn 0 -o "$T/bcb0.svg"
check '[ $? = 0 ] && ! grep -q "class=\"castle\"" "$T/bcb0.svg" && grep -q "class=\"tokens\"[^>]*>bridges 3 .* castles 3</text>" "$T/bcb0.svg"' "bcb turn 0: no castle, every token left"
# A played BCB game, drawn and printed: the first seed whose game turns a town into a castle
# (random bots build bridges in every game). On the text board a bridge is 'H' (north-south) or
# '=' (east-west), a castle 'K'; the score table ends with the tokens left.
bcb_seed=
for s in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40; do
    "$M" play --ruleset bcb --seed "$s" --players random,random --record "$T/bcb-play.yaml" --force >"$T/bcb-play.txt" 2>&1 || break
    if grep -q "!castles:convert" "$T/bcb-play.yaml" && grep -q "!bridges:" "$T/bcb-play.yaml"; then bcb_seed=$s; break; fi
done
check '[ -n "$bcb_seed" ]' "no bcb game with seeds 1-40 built a bridge and a castle: $(tail -3 "$T/bcb-play.txt")"
sed '/tiles placed$/,$d' "$T/bcb-play.txt" >"$T/bcb-board.txt"
check 'grep -q "H\|=" "$T/bcb-board.txt"' "bcb seed $bcb_seed: the printed board shows no bridge"
check 'grep -q "K" "$T/bcb-board.txt"' "bcb seed $bcb_seed: the printed board shows no castle"
check 'grep -q "^player .*|   bridges   castles$" "$T/bcb-play.txt"' "bcb seed $bcb_seed: the score table lacks the tokens"
"$M" render game "$T/bcb-play.yaml" -o "$T/bcb-play.svg"
check '[ $? = 0 ] && valid "$T/bcb-play.svg" && grep -q "<g class=\"bridge\"" "$T/bcb-play.svg" && grep -q "<path class=\"castle\"" "$T/bcb-play.svg"' "render game of a played bcb record: bridges and a castle"
"$M" play --seed 3 >"$T/c3-play.txt"
check '[ $? = 0 ] && ! sed "/tiles placed$/,\$d" "$T/c3-play.txt" | grep -q "[H=K]" && ! grep -q "bridges" "$T/c3-play.txt"' "c3: no bridge, castle or token marks"

# The Castle (seed 15: a wall tile is taken, and played at once): the board inside its wall with
# the 7 start spaces as alcoves in it, the score track around it (100 spaces, 14 corner towers, a
# face-down wall tile on each tower that still holds one, a marker per player), the modules'
# status words in the table; in text, the wall as '#' and the status words under the scores.
"$M" play --ruleset castle --players random,random --seed 15 --record "$T/castle-play.yaml" >"$T/castle-play.txt"
check '[ $? = 0 ] && grep -q "^random-1: *track [0-9]" "$T/castle-play.txt" && grep -q "^random-2: *track [0-9]" "$T/castle-play.txt"' "castle play: the players' status words: $(tail -4 "$T/castle-play.txt")"
check 'grep -q "^castle: *no wall tiles on the track ([0-9]* removed at the end of the game)$" "$T/castle-play.txt"' "castle play: the wall tiles left on the track were removed at the end: $(tail -1 "$T/castle-play.txt")"
check 'grep -q "^  -1 ##########" "$T/castle-play.txt" && grep -q "##p##" "$T/castle-play.txt"' "castle play: the text board in its wall, a start space's path"
"$M" score --ruleset castle "$T/castle-play.yaml" >"$T/castle-score.txt"
check '[ $? = 0 ] && grep -q "^random-1: *track [0-9]" "$T/castle-score.txt" && grep -q "^castle: *no wall tiles on the track (" "$T/castle-score.txt"' "castle score: the status words: $(tail -3 "$T/castle-score.txt")"
"$M" render game "$T/castle-play.yaml" -o "$T/castle-play.svg"
check '[ $? = 0 ] && valid "$T/castle-play.svg"' "render game of a castle record"
check '[ "$(grep -c "<g class=\"wall\"" "$T/castle-play.svg")" = 1 ] && [ "$(grep -c "<g class=\"start-space\"" "$T/castle-play.svg")" = 7 ]' "castle: the wall and its 7 start spaces"
check 'grep -q "<title>start space S2 at 6,-1 in the wall, against cell 6,0: court with 1 market</title>" "$T/castle-play.svg"' "castle: start space 2 says what it shows"
check '[ "$(grep -c "<g class=\"track\"" "$T/castle-play.svg")" = 1 ] && [ "$(grep -c "<rect class=\"space\"" "$T/castle-play.svg")" = 100 ] && [ "$(grep -c "<g class=\"corner-tower\"" "$T/castle-play.svg")" = 14 ]' "castle: the track's 100 spaces and 14 corner towers"
check '[ "$(grep -c "class=\"wall-tile\"" "$T/castle-play.svg")" = 0 ]' "castle, the game over: no wall tile on the track"
"$M" render game "$T/castle-play.yaml" --turn 30 -o "$T/castle30.svg"
towers=$(grep -o "class=\"game-status\"[^>]*>castle: wall tiles on the track at[ 0-9/]*" "$T/castle30.svg" | grep -o "[0-9]*/[0-9]*" | wc -l)
check '[ "$towers" -gt 0 ] && [ "$(grep -c "class=\"wall-tile\"" "$T/castle30.svg")" = "$towers" ]' "castle turn 30: a wall tile on each of the $towers towers the status words list, got $(grep -c "class=\"wall-tile\"" "$T/castle30.svg")"
for p in 1 2; do
    at=$(sed -n "s/^random-$p: *track \([0-9]*\).*/\1/p" "$T/castle-score.txt")
    check 'grep -q "<title>random-$p: marker on space $at</title>" "$T/castle-play.svg"' "castle: random-$p's marker on space $at"
done
check '[ "$(grep -c "class=\"status\"[^>]*>track [0-9]" "$T/castle-play.svg")" = 2 ] && grep -q "class=\"game-status\"[^>]*>castle: no wall tiles on the track (" "$T/castle-play.svg"' "castle: the status words in the table and under it"
"$M" render game "$T/castle-play.yaml" --turn 0 -o "$T/castle0.svg"
check '[ $? = 0 ] && valid "$T/castle0.svg" && [ "$(grep -c "class=\"wall-tile\"" "$T/castle0.svg")" = 13 ] && [ "$(grep -c "marker on space 0</title>" "$T/castle0.svg")" = 2 ]' "castle turn 0: 13 wall tiles on the track, both markers on 0"
check 'grep -q "<title>corner tower 0/1, at the corner 2,0 of the wall</title>" "$T/castle0.svg" && grep -q "<title>corner tower 12/13, at the corner 8,0 of the wall: a wall tile lies on it" "$T/castle0.svg"' "castle turn 0: no wall tile on 0/1, one on 12/13"
# The corner towers stand on the wall's corners, which follow from the board's map: each tower
# just outside its corner, on the track along the wall, its frame's centre in the cell off the
# board that touches the corner diagonally (for the north-west corner 2,0 of the shipped wall, cell
# 1,-1; for the inner corner 8,1 of its north-east notch, the notch's cell 8,0).
# tower_cells SVG: "A/B X,Y" for each corner tower, X,Y the cell holding its frame's centre;
# pixels from the coordinates written along the board's edges.
tower_cells() {
    awk '
    function attr(s, name) {
        if (!match(s, " " name "=\"[^\"]*\"")) return ""
        return substr(s, RSTART + length(name) + 3, RLENGTH - length(name) - 4)
    }
    function label(s) { match(s, />-?[0-9]+<\/text>/); return substr(s, RSTART + 1, RLENGTH - 8) + 0 }
    function cell(v) { return v < 0 && v != int(v) ? int(v) - 1 : int(v) }
    /class="coord"/ && /text-anchor="middle"/ { colx[label($0)] = attr($0, "x") }
    /class="coord"/ && /text-anchor="end"/ { rowy[label($0)] = attr($0, "y") }
    /class="corner-tower"/ {
        match($0, /corner tower [0-9]+\/[0-9]+/)
        name[++n] = substr($0, RSTART + 13, RLENGTH - 13)
        r = substr($0, index($0, "<rect"))
        cx[n] = attr(r, "x") + attr(r, "width") / 2
        cy[n] = attr(r, "y") + attr(r, "height") / 2
    }
    END {
        S = colx[1] - colx[0]; x0 = colx[0] - S / 2; y0 = rowy[0] - 4 - S / 2
        for (i = 1; i <= n; i++) printf "%s %d,%d\n", name[i], cell((cx[i] - x0) / S), cell((cy[i] - y0) / S)
    }' "$1"
}
# at_corners SVG "A/B X,Y|...": the towers, each in its cell, and no others.
at_corners() { [ "$(tower_cells "$1" | sort)" = "$(echo "$2" | tr '|' '\n' | sort)" ]; }
shipped="0/1 1,-1|12/13 8,-1|18/19 8,0|25/26 10,0|32/33 10,7|39/40 8,7|45/46 8,9|52/53 5,9|58/59 5,7|64/65 4,7|73/74 4,9|80/81 -1,9|86/87 -1,1|94/95 1,1"
check 'at_corners "$T/castle0.svg" "$shipped"' "castle: the 14 towers at the wall's 14 corners, clockwise from the north-west one: $(tower_cells "$T/castle0.svg" | tr '\n' ' ')"
# Another wall, another map: an L of 6 corners (tests/rulesets/mini-castle-track.yaml), its inner
# corner 2,1 the north-west corner of cell 2,1.
MEEPLE_RULESETS="$SRC/tests/rulesets" "$M" play --ruleset "$SRC/tests/rulesets/mini-castle-track.yaml" --seed 2 --record "$T/ell.yaml" >/dev/null
MEEPLE_RULESETS="$SRC/tests/rulesets" "$M" render game "$T/ell.yaml" -o "$T/ell.svg"
check '[ $? = 0 ] && valid "$T/ell.svg" && [ "$(grep -c "<rect class=\"space\"" "$T/ell.svg")" = 30 ]' "an L-shaped wall: its track of 30 spaces"
check 'at_corners "$T/ell.svg" "0/1 -1,-1|5/6 2,-1|9/10 2,0|14/15 4,0|19/20 4,3|25/26 -1,3"' "an L-shaped wall: the 6 towers at its 6 corners: $(tower_cells "$T/ell.svg" | tr '\n' ' ')"
# A bounded board with a start space but no module's track (mini-castle): the wall alone. Other
# games: no wall, track or status words.
check 'grep -q "<g class=\"wall\"" "$T/castle-game.svg" && [ "$(grep -c "<g class=\"start-space\"" "$T/castle-game.svg")" = 1 ] && ! grep -q "class=\"track\"" "$T/castle-game.svg"' "mini-castle: the wall, one start space, no track"
for svg in game bcb farm; do
    check '! grep -q "class=\"\(wall\|track\|start-space\|corner-tower\|status\|game-status\)\"" "$T/$svg.svg"' "$svg: no wall, track or status words"
done
# A human at the prompt sees each player's status words and the game's.
printf 'quit\n' | "$M" play --ruleset castle --players human:ann,random --seed 4 >"$T/castle-human.txt"
check 'grep -q "^. ann: [0-9]* points, [0-9]* followers in supply; track [0-9]*$" "$T/castle-human.txt" && grep -q "^  castle: wall tiles on the track at 12/13 " "$T/castle-human.txt"' "castle prompt: the status words: $(grep "in supply" "$T/castle-human.txt" | head -2)"

# Kinds of piece (tests/rulesets/pieces.yaml: a large follower, strength 2, and a helper that is no
# follower, letter H), seed 1 after turn 33, when both players' large followers and a helper stand:
# a large follower is a larger circle with its letter, the helper its letter on a diamond, each
# named in its tooltip; the table has a supply column for each kind, and a legend of the kinds;
# every piece is on the board or in the supply.
"$M" play --ruleset "$SRC/tests/rulesets/pieces.yaml" --players random,random --seed 1 --record "$T/pieces.yaml" >/dev/null
"$M" render game "$T/pieces.yaml" --turn 33 -o "$T/pieces.svg" 2>"$T/err"
check '[ $? = 0 ] && valid "$T/pieces.svg"' "render game of a pieces record: $(cat "$T/err")"
n_large=$(grep -c "<g class=\"piece piece-large\"><title>random-[12].s large on the [a-z]*</title><circle class=\"follower\"" "$T/pieces.svg")
n_helper=$(grep -c "<g class=\"piece piece-helper\"><title>random-[12].s helper on the \(road\|city\)</title><path class=\"no-follower\"" "$T/pieces.svg")
check '[ "$n_large" -ge 1 ] && [ "$n_helper" -ge 1 ]' "pieces: a large follower and a helper drawn, got $n_large and $n_helper"
check 'grep "<g class=\"piece piece-large\"" "$T/pieces.svg" | grep -q "font-weight=\"bold\"[^>]*>L</text>" && grep "<g class=\"piece piece-helper\"" "$T/pieces.svg" | grep -q ">H</text>"' "pieces: the large follower marked L, the helper H"
small_r=$(grep -o "<circle class=\"follower\" cx=\"[0-9.]*\" cy=\"[0-9.]*\" r=\"[0-9.]*\" fill=\"#[0-9a-f]*\" stroke=\"#111111\" stroke-width=\"[0-9.]*\"><title>" "$T/pieces.svg" | head -1 | sed 's/.* r="\([0-9.]*\)".*/\1/')
large_r=$(grep "<g class=\"piece piece-large\"" "$T/pieces.svg" | head -1 | sed 's/.*<circle class="follower" [^>]* r="\([0-9.]*\)".*/\1/')
check '[ -n "$small_r" ] && [ -n "$large_r" ] && awk "BEGIN { exit !($large_r > $small_r * 1.3) }"' "pieces: the large follower (r $large_r) larger than an ordinary one (r $small_r)"
check 'grep -q "fill=\"#555555\" text-anchor=\"end\">follower</text><text [^>]*>large</text><text [^>]*>helper</text>" "$T/pieces.svg" && ! grep -q ">supply</text>" "$T/pieces.svg"' "pieces: a supply column headed by each kind's name"
check 'grep -q "<g class=\"pieces-legend\">.*>large, counts 2</text>.*>helper, no follower</text>" "$T/pieces.svg"' "pieces: the legend of the kinds"
supply() { grep -o "class=\"supply piece-$2\"[^>]*>[0-9]*<" "$1" | sed 's/.*>\([0-9]*\)</\1/' | awk '{ s += $1 } END { print s + 0 }'; }
check '[ $(( $(supply "$T/pieces.svg" large) + n_large )) = 2 ] && [ $(( $(supply "$T/pieces.svg" helper) + n_helper )) = 2 ]' "pieces: each player's large follower and helper on the board or in the supply: large $(supply "$T/pieces.svg" large) + $n_large, helper $(supply "$T/pieces.svg" helper) + $n_helper"
check '[ "$(grep -c "class=\"supply piece-follower\"" "$T/pieces.svg")" = 2 ]' "pieces: a follower supply per player"
for svg in game farm bcb castle-play; do
    check '! grep -q "class=\"\(piece\|pieces-legend\|no-follower\)" "$T/$svg.svg"' "$svg: no kinds of piece"
done
# The seats in the ruleset's colours (tests/rulesets/colours.yaml: green, pink, grey, ...).
"$M" play --ruleset "$SRC/tests/rulesets/colours.yaml" --seed 2 --record "$T/colours.yaml" >/dev/null
"$M" render game "$T/colours.yaml" -o "$T/colours.svg"
check '[ "$(grep -o "r=\"7\" fill=\"#[0-9a-f]*\"" "$T/colours.svg" | tr "\n" " ")" = "r=\"7\" fill=\"#2ca02c\" r=\"7\" fill=\"#ec7fc0\" " ]' "colours: seats green and pink: $(grep -o "r=\"7\" fill=\"#[0-9a-f]*\"" "$T/colours.svg" | tr "\n" " ")"
check 'grep -q "<circle class=\"follower\" [^>]*fill=\"#ec7fc0\"" "$T/colours.svg" && ! grep -q "fill=\"#2b63c9\"" "$T/colours.svg"' "colours: the followers in them, none in the default blue"

# A JCloisterZone game (.jcz), imported on the fly as replay does: the same picture as its
# imported record's, at its end and after a turn; its errors at their place in the .jcz file.
for g in farm castle bridge; do
    "$M" import "$SRC/tests/jcz/$g.jcz" -o "$T/jcz-$g.yaml" >/dev/null
    "$M" render game "$T/jcz-$g.yaml" -o "$T/jcz-$g-record.svg"
    "$M" render game "$SRC/tests/jcz/$g.jcz" -o "$T/jcz-$g.svg" 2>"$T/err"
    check '[ $? = 0 ] && valid "$T/jcz-$g.svg"' "render game $g.jcz: $(cat "$T/err")"
    # The same picture but for the title, which names the file drawn (the width follows it).
    grep -v "after its last turn\|^<svg " "$T/jcz-$g-record.svg" >"$T/a"
    grep -v "after its last turn\|^<svg " "$T/jcz-$g.svg" >"$T/b"
    check '[ -s "$T/b" ] && cmp -s "$T/a" "$T/b"' "render game $g.jcz: another picture than its record's: $(diff "$T/a" "$T/b" | head -5)"
    check 'grep -q "$g.jcz: ruleset " "$T/jcz-$g.svg"' "render game $g.jcz: the title names the .jcz file"
done
"$M" render game "$T/jcz-farm.yaml" --turn 2 -o "$T/jcz-farm-2-record.svg"
"$M" render game "$SRC/tests/jcz/farm.jcz" --turn 2 -o "$T/jcz-farm-2.svg"
check '[ $? = 0 ] && [ "$(grep -c "class=\"tile\"" "$T/jcz-farm-2.svg")" = "$(grep -c "class=\"tile\"" "$T/jcz-farm-2-record.svg")" ] && ! cmp -s "$T/jcz-farm-2.svg" "$T/jcz-farm.svg"' "render game farm.jcz --turn 2"
"$M" render game "$SRC/tests/jcz/bad-illegal-move.jcz" -o "$T/bad-jcz.svg" 2>"$T/err"
check '[ $? = 1 ] && grep -q "^$SRC/tests/jcz/bad-illegal-move.jcz:[0-9]*:[0-9]*: " "$T/err" && [ ! -e "$T/bad-jcz.svg" ]' "render game of a bad .jcz: $(cat "$T/err")"

# Errors.
"$M" render tiles "$SRC/rulesets/tiles/base.yaml" >/dev/null 2>"$T/err"
check '[ $? = 2 ] && grep -q "^meeple render: " "$T/err" && grep -q "^usage: meeple render" "$T/err"' "missing -o: exit 2 and the usage"
"$M" render game "$SRC/tests/records/farm-example.yaml" >/dev/null 2>&1
check '[ $? = 2 ]' "game without -o: exit 2"
"$M" render tiles --frobnicate -o "$T/x.svg" >/dev/null 2>&1
check '[ $? = 2 ]' "unknown option: exit 2"
"$M" render pictures -o "$T/x.svg" >/dev/null 2>&1
check '[ $? = 2 ]' "neither tiles nor game: exit 2"
"$M" render tiles --turn 3 -o "$T/x.svg" >/dev/null 2>&1
check '[ $? = 2 ]' "--turn with tiles: exit 2"
"$M" render game "$SRC/tests/records/farm-example.yaml" --turn x -o "$T/x.svg" >/dev/null 2>&1
check '[ $? = 2 ]' "a turn that is not a number: exit 2"
"$M" render tiles "$SRC/tests/bad/tiles-port-twice.yaml" -o "$T/bad.svg" 2>"$T/err"
check '[ $? = 1 ]' "a bad tile set: exit 1"
check 'grep -q "tiles-port-twice.yaml:12:9: port .Wn. is covered twice" "$T/err"' "a bad tile set: its diagnostic: $(cat "$T/err")"
check '[ ! -e "$T/bad.svg" ]' "a bad tile set: nothing written"
"$M" render game "$SRC/tests/records/farm-example.yaml" --turn 9999 -o "$T/late.svg" 2>"$T/err"
check '[ $? = 1 ] && grep -q "farm-example.yaml: turn 9999 is past the end of the record, which has 4 turns" "$T/err"' "--turn 9999: exit 1: $(cat "$T/err")"
"$M" render game "$T/no-such-record.yaml" -o "$T/x.svg" 2>/dev/null
check '[ $? = 1 ]' "a missing record: exit 1"
"$M" render tiles --ruleset c9 -o "$T/x.svg" 2>/dev/null
check '[ $? = 1 ]' "an unknown ruleset: exit 1"
"$M" render tiles -o "$T/no/such/dir/x.svg" 2>"$T/err"
check '[ $? = 1 ] && grep -q "^$T/no/such/dir/x.svg: cannot write: No such file or directory$" "$T/err"' "an unwritable output: exit 1, the reason: $(cat "$T/err")"
# Names drawn as they are, and well-formed XML whatever they hold (tools/pictures/svg.h): markup escaped;
# a control character, and a byte of a file's name that is not UTF-8, drawn as U+FFFD.
odd="a&b <c> \"d\" $(printf 'x\001y')"
printf 'quit\n' | "$M" play --players "human:$odd,human:bob" --seed 2 --record "$T/odd.yaml" >/dev/null 2>&1
cp "$T/odd.yaml" "$T/$(printf 'odd\377.yaml')"
"$M" render game "$T/$(printf 'odd\377.yaml')" -o "$T/odd.svg" 2>"$T/err"
check '[ $? = 0 ] && valid "$T/odd.svg"' "odd names: well-formed SVG: $(cat "$T/err")"
check 'grep -q ">a&amp;b &lt;c&gt; &quot;d&quot; x$(printf "\357\277\275")y</text>" "$T/odd.svg"' "odd names: the player's name escaped"
check 'grep -q ">$T/odd$(printf "\357\277\275").yaml: " "$T/odd.svg"' "odd names: the file's name in the title"
# Inns & Cathedrals and Traders & Builders (rulesets/tiles/ic.yaml, tb.yaml): the enclosed fields
# (IC-3, TB-3, TB-4, TB-6, TB-14) drawn as patches inside the tile, inns and cathedrals as marks,
# the goods as symbols, each in the legend; a recorded game (seed 11: a follower on TB-6's
# enclosed field) with the marks' line under the table.
"$M" render tiles --ruleset c3-ic-tb -o "$T/ictb.svg" 2>"$T/err"
check '[ $? = 0 ] && valid "$T/ictb.svg"' "render tiles --ruleset c3-ic-tb: $(cat "$T/err")"
check '[ "$(grep -c "<ellipse class=\"inner\"" "$T/ictb.svg")" = 6 ] && grep -q ">field inside the tile (it meets no side)</text>" "$T/ictb.svg"' "c3-ic-tb tiles: 5 enclosed fields and the legend's, got $(grep -c "<ellipse class=\"inner\"" "$T/ictb.svg")"
check '[ "$(grep -c "<g class=\"mark-cathedral\">" "$T/ictb.svg")" = 2 ] && [ "$(grep -c "<g class=\"mark-inn\">" "$T/ictb.svg")" = 7 ]' "c3-ic-tb tiles: a cathedral on IC-1 and in the legend, inns on IC-11 .. IC-16 and in the legend"
check '! grep -q "class=\"marker\"[^>]*>inn" "$T/ictb.svg" && ! grep -q ">markers, labelled" "$T/ictb.svg"' "c3-ic-tb tiles: no label for an inn"
for good in wine:#7b2d8e grain:#f2c230 cloth:#2f6fd0; do
    check 'grep -q "class=\"${good%%:*}\"[^>]*fill=\"${good#*:}\"" "$T/ictb.svg" && grep -q ">${good%%:*}</text>" "$T/ictb.svg"' "c3-ic-tb tiles: the ${good%%:*} symbol in its colour and in the legend"
done
"$M" play --ruleset c3-ic-tb --players random,random --seed 11 --record "$T/ictb-game.yaml" >/dev/null
"$M" render game "$T/ictb-game.yaml" --turn 22 -o "$T/ictb-game.svg" 2>"$T/err"
check '[ $? = 0 ] && valid "$T/ictb-game.svg"' "render game of a c3-ic-tb record: $(cat "$T/err")"
sed -n '/<title>TB-6 at -2,-2 turned 1</,/class="tile"/p' "$T/ictb-game.svg" >"$T/tb6"
check 'grep -q "<ellipse class=\"inner\"" "$T/tb6" && grep -q "<title>random-[12] on the field</title>" "$T/tb6"' "c3-ic-tb game: TB-6's enclosed field with a follower on it"
check 'grep -q "<g class=\"marks-legend\">" "$T/ictb-game.svg" && grep -q ">field inside the tile</text>" "$T/ictb-game.svg"' "c3-ic-tb game: the marks' line"

# -o never replaces a file by surprise: refused byte for byte intact, replaced with --force; '-' is
# standard output, always.
cp "$T/c3.svg" "$T/kept.svg"
"$M" render game "$SRC/tests/records/farm-example.yaml" -o "$T/c3.svg" >/dev/null 2>"$T/err"
check '[ $? = 1 ] && grep -qxF "$T/c3.svg: file exists; expected a new file for -o (--force replaces it)" "$T/err" && cmp -s "$T/c3.svg" "$T/kept.svg"' \
    "render -o over an existing file: $(cat "$T/err")"
"$M" render game "$SRC/tests/records/farm-example.yaml" -o "$T/c3.svg" --force >/dev/null 2>"$T/err"
check '[ $? = 0 ] && ! cmp -s "$T/c3.svg" "$T/kept.svg" && tail -1 "$T/c3.svg" | grep -q "</svg>"' "render -o --force replaces it: $(cat "$T/err")"
"$M" render tiles --ruleset c3 -o - --force | cmp -s - "$T/kept.svg"
check '[ $? = 0 ]' "-o - with --force: standard output"

"$M" render --help >"$T/help"
check '[ $? = 0 ] && head -1 "$T/help" | grep -q -- "--ruleset" && head -1 "$T/help" | grep -q -- "--turn"' "--help"

finish render
