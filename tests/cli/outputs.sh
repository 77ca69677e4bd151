#!/bin/sh
# outputs.sh: every command that writes a file checks where it writes before the work starts,
# and refuses an output it cannot write with the system's reason ("PATH: cannot write: No such
# file or directory", exit 1); what it writes goes to a temporary file beside the target, renamed
# when complete, so nothing is left behind.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
NO=$T/no/such/dir
# refused WHAT FILE: the command exited 1 at once with FILE's reason, and nothing else on stderr.
refused() {
    code=$?
    [ "$code" = 1 ] && [ "$(cat "$T/err")" = "$2: cannot write: No such file or directory" ] && ok ||
        bad "$1: exit $code: $(head -c 300 "$T/err")"
}

# compare: 100,000 games would take minutes; the chart's path is refused before the first.
timeout 20 "$M" compare --games 100000 --rulesets c3,c1 --svg "$NO/x.svg" >"$T/out" 2>"$T/err"
refused "compare --svg into a missing directory" "$NO/x.svg"
# render: before the record or the tile set is even read.
"$M" render tiles -o "$NO/x.svg" 2>"$T/err"
refused "render tiles -o" "$NO/x.svg"
"$M" render game "$T/no-such-record.yaml" -o "$NO/x.svg" 2>"$T/err"
refused "render game -o (the output before the record)" "$NO/x.svg"
# import: before the game is read.
"$M" import "$T/no-such-game.jcz" -o "$NO/x.yaml" 2>"$T/err"
refused "import -o (the output before the game)" "$NO/x.yaml"
# export already did so.
"$M" export "$T/no-such-record.yaml" -o "$NO/x.jcz" 2>"$T/err"
refused "export -o (the output before the record)" "$NO/x.jcz"
# play: --record, new game or resumed, before the first prompt.
printf 'quit\n' | "$M" play --players human:ann,random --record "$NO/x.yaml" >"$T/out" 2>"$T/err"
refused "play --record" "$NO/x.yaml"
check '! grep -q "ann>" "$T/out"' "play --record: a prompt before the refusal"
"$M" play --seed 3 --players random,random --record "$T/game.yaml" >/dev/null
printf 'quit\n' | "$M" play --resume "$T/game.yaml" --players human:ann,random --record "$NO/x.yaml" >"$T/out" 2>"$T/err"
refused "play --resume --record" "$NO/x.yaml"
check '! grep -q "ann>" "$T/out"' "play --resume --record: a prompt before the refusal"

# What is written is complete, and nothing else is left beside it.
mkdir "$T/w"
"$M" render tiles -o "$T/w/tiles.svg" &&
"$M" compare --games 3 --rulesets c3,c1 --svg "$T/w/chart.svg" >/dev/null &&
"$M" import "$SRC/tests/jcz/farm.jcz" -o "$T/w/farm.yaml" >/dev/null &&
"$M" export "$T/w/farm.yaml" -o "$T/w/farm.jcz" >/dev/null
check '[ $? = 0 ] && [ "$(ls "$T/w" | sort | tr "\n" " ")" = "chart.svg farm.jcz farm.yaml tiles.svg " ]' "written files: $(ls "$T/w" | tr '\n' ' ')"
check 'tail -1 "$T/w/tiles.svg" | grep -q "</svg>" && tail -1 "$T/w/chart.svg" | grep -q "</svg>"' "an SVG written whole"
# An output over an old file: refused (the old file as it was) unless --force, which replaces it.
echo old >"$T/w/old.svg"
"$M" render tiles -o "$T/w/old.svg" 2>"$T/err"
check '[ $? = 1 ] && [ "$(cat "$T/err")" = "$T/w/old.svg: file exists; expected a new file for -o (--force replaces it)" ] && [ "$(cat "$T/w/old.svg")" = old ]' \
    "render -o over an old file is refused: $(cat "$T/err")"
"$M" render tiles -o "$T/w/old.svg" --force
check 'grep -q "</svg>" "$T/w/old.svg" && ! grep -q "^old$" "$T/w/old.svg"' "render -o --force over an old file"

finish outputs
