#!/bin/sh
# messages.sh: what messages say and how: input they quote is escaped and cut (control bytes,
# bytes that are not UTF-8, a huge word), counts agree with their nouns, an error caused by the
# command line blames the option.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
# raw FILE: whether FILE holds a control byte other than a line end (what escaping keeps out).
raw() { LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$1"; }
# at_prompt INPUT: a game with a human seat fed INPUT; its standard output in $T/out.
at_prompt() { printf "$1" | "$M" play --players human:ann,random --seed 1 >"$T/out" 2>"$T/err"; }

# ---------------------------------------------------------------- quoted input, escaped and cut
at_prompt 'E@0,\001\n'
check 'grep -qF "does not fit here" "$T/out" && grep -qF "'"'"'\\x01'"'"' does not fit here" "$T/out" && ! raw "$T/out"' \
    "a control byte in an action is shown escaped: $(grep 'fit here' "$T/out" | cat -v)"
at_prompt 'E@0,0r\377\n'
check 'grep -qF "'"'"'\\xff'"'"' does not fit here" "$T/out"' "a byte that is not UTF-8 is shown escaped: $(grep 'fit here' "$T/out" | cat -v)"
at_prompt 'fo\033[2Jo\n'
check 'grep -qF "unknown command '"'"'fo\\x1b[2Jo'"'"'" "$T/out" && ! raw "$T/out"' "an unknown command is shown escaped: $(grep 'unknown command' "$T/out" | cat -v)"
# A 200 KB word: its message quotes 60 characters and "...".
awk 'BEGIN { s = "E@"; for (i = 0; i < 200000; i++) s = s "x"; print s }' >"$T/big"
"$M" play --players human:ann,random --seed 1 <"$T/big" >"$T/out" 2>&1
check 'grep -q "^ann> <stdin>:1:3: '"'"'x\{60\}\.\.\.'"'"' does not fit here" "$T/out" && [ "$(wc -c <"$T/out")" -lt 20000 ]' \
    "a huge word is cut: $(grep 'fit here' "$T/out" | cut -c1-200)"
awk 'BEGIN { s = ""; for (i = 0; i < 200000; i++) s = s "y"; print s }' >"$T/big"
"$M" play --players human:ann,random --seed 1 <"$T/big" >"$T/out" 2>&1
check 'grep -q "unknown command '"'"'y\{60\}\.\.\.'"'"'" "$T/out" && [ "$(wc -c <"$T/out")" -lt 20000 ]' "a huge unknown command is cut"

# On the command line: an option, a command, a seat kind, a bot, a ruleset name.
"$M" play "$(printf -- '--x\033y')" 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qF "unknown option '"'"'--x\\x1by'"'"'" && ! raw "$T/err"' "an unknown option is escaped: $(head -1 "$T/err" | cat -v)"
"$M" "$(printf 'fr\001')" 2>"$T/err"
check '[ $? = 2 ] && grep -qF "unknown command '"'"'fr\\x01'"'"'" "$T/err" && ! raw "$T/err"' "an unknown command is escaped: $(cat -v "$T/err")"
"$M" play --players "$(printf 'random,cl\001ever')" 2>"$T/err"
check '[ $? = 2 ] && grep -qF "bad seat '"'"'cl\\x01ever'"'"'" "$T/err" && ! raw "$T/err"' "an unknown seat kind is escaped: $(head -1 "$T/err" | cat -v)"
"$M" arena --players "$(printf 'random,cl\001ever')" 2>"$T/err"
check '[ $? = 2 ] && grep -qF "bad seat '"'"'cl\\x01ever'"'"'" "$T/err" && ! raw "$T/err"' "arena: an unknown bot is escaped: $(head -1 "$T/err" | cat -v)"
"$M" tilestats --players "$(printf 'random,cl\001ever')" 2>"$T/err"
check '[ $? = 2 ] && grep -qF "bad seat '"'"'cl\\x01ever'"'"'" "$T/err" && ! raw "$T/err"' "an unknown bot is escaped: $(head -1 "$T/err" | cat -v)"
"$M" balance --players "$(printf 'random,cl\001ever')" 2>"$T/err"
check '[ $? = 2 ] && grep -qF "bad seat '"'"'cl\\x01ever'"'"'" "$T/err" && ! raw "$T/err"' "balance: an unknown bot is escaped: $(head -1 "$T/err" | cat -v)"
"$M" play --ruleset "$(printf 'c\0013')" 2>"$T/err"
check '[ $? = 1 ] && grep -qF "no ruleset '"'"'c\\x013'"'"' found" "$T/err" && ! raw "$T/err"' "an unknown ruleset is escaped: $(cat -v "$T/err")"
"$M" play --seed "$(printf '1\0012')" 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qF "'"'"'1\\x012'"'"' is not a whole number" && ! raw "$T/err"' "a bad seed is escaped: $(head -1 "$T/err" | cat -v)"
"$M" render "$(printf 'pic\001')" -o "$T/x.svg" 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qF "unknown drawing '"'"'pic\\x01'"'"'" && ! raw "$T/err"' "an unknown drawing is escaped: $(head -1 "$T/err" | cat -v)"
"$M" lint "$SRC/tests/bad/rules-key-control-bytes.yaml" >"$T/out"
check '! raw "$T/out" && grep -qF "'"'"'far\\x1bms\\x01'"'"'" "$T/out"' "a YAML key is escaped: $(cat -v "$T/out")"

# ---------------------------------------------------------------- after the prompt
# quit: what follows (the JSON, where the game was saved) starts on a line of its own, not on the
# prompt's line (standard input is a script here: no terminal echoes the answer's line end).
printf 'quit\n' | "$M" play --players human:ann,random --json >"$T/out" 2>"$T/err"
check '[ $? = 0 ] && tail -1 "$T/out" | grep -q "^{\"ruleset\":\"c3\",.*\"over\":false" && ! grep -q "> {" "$T/out"' "quit --json: the JSON on the prompt's line: $(tail -c 200 "$T/out")"
printf 'quit\n' | "$M" play --players human:ann,random --record "$T/q.yaml" >"$T/out" 2>"$T/err"
check 'grep -q "^game saved in $T/q.yaml; continue with: meeple play --resume $T/q.yaml$" "$T/out"' "quit with a record: $(tail -1 "$T/out")"
printf 'E@0,1r0\nquit\n' | "$M" play --players human:ann,random --json >"$T/out" 2>"$T/err"
check 'tail -1 "$T/out" | grep -q "^{\"ruleset\""' "quit after a mistake, --json: $(tail -c 200 "$T/out")"
# save at the prompt: its error goes where everything at the prompt goes, standard output (as
# meeple-play(1) says), and the game goes on.
printf 'save %s\nquit\n' "$T/no/such/dir/x.yaml" | "$M" play --players human:ann,random >"$T/out" 2>"$T/err"
check '[ $? = 0 ] && grep -q "$T/no/such/dir/x.yaml: cannot .*No such file or directory" "$T/out" && [ ! -s "$T/err" ]' \
    "save into a missing directory: stdout: $(grep -c 'no/such' "$T/out") line(s), stderr: $(cat "$T/err")"
check '[ "$(grep -c "^ann> " "$T/out")" = 2 ]' "save's error: the prompt does not come back"

# ---------------------------------------------------------------- counts and who is to blame
# A number of players the ruleset does not allow comes from the command line: the option is
# blamed, not the ruleset file, and the count agrees with its noun.
expect_err() { # code description expected-first-line command...
    want_code=$1 what=$2 want=$3; shift 3
    "$@" >"$T/out" 2>"$T/err"
    code=$?
    [ "$code" = "$want_code" ] && [ "$(head -1 "$T/err")" = "$want" ] && ok || bad "$what: exit $code, '$(head -1 "$T/err")', expected '$want'"
}
expect_err 1 "play, one seat" "<options>: --players: 1 player; ruleset 'c3' expects 2 to 5" "$M" play --players random
expect_err 1 "play, six seats" "<options>: --players: 6 players; ruleset 'c3' expects 2 to 5" "$M" play --players random,random,random,random,random,random
expect_err 1 "play castle, three seats" "<options>: --players: 3 players; ruleset 'castle' is for exactly 2" "$M" play --ruleset castle --players random,random,random
expect_err 1 "play --games, one seat" "<options>: --players: 1 player; ruleset 'c3' expects 2 to 5" "$M" play --games 3 --players random
expect_err 1 "compare --games, one seat" "<options>: --players: 1 player; ruleset 'c1' expects 2 to 5" "$M" compare --games 3 --rulesets c1,c3 --players greedy
expect_err 1 "compare --games, three seats under castle" "<options>: --players: 3 players; ruleset 'castle' is for exactly 2" "$M" compare --games 3 --rulesets c3,castle --players random,random,random
expect_err 1 "tilestats, one seat" "<options>: --players: 1 player; ruleset 'c3' expects 2 to 5" "$M" tilestats --games 3 --players random
expect_err 1 "balance, one seat" "<options>: --players: 1 player; ruleset 'c3' expects 2 to 5" "$M" balance --games 3 --players random
"$M" play --seed 3 --players random,random --record "$T/two.yaml" >/dev/null
expect_err 2 "resume with one seat" "meeple play: --players names 1 seat, but the record has 2 players" "$M" play --resume "$T/two.yaml" --players random
# Counts in results: one game, one turn.
"$M" compare --games 1 --rulesets c3,c1 >"$T/out"
check 'head -1 "$T/out" | grep -q "^1 game, seeds 1\.\.1, "' "compare --games 1: $(head -1 "$T/out")"
sed '/^turns:/,$d' "$T/two.yaml" >"$T/one.yaml"
sed -n '/^turns:/,/^ *- /p' "$T/two.yaml" >>"$T/one.yaml"
sed -i 's/^n_turns: .*/n_turns: 1/; s/^status: .*/status: playing/' "$T/one.yaml"
"$M" score --ruleset c1 "$T/one.yaml" >"$T/out" 2>"$T/err"
check 'head -1 "$T/out" | grep -q ": 1 turn scored under c1 "' "score of one turn: $(head -1 "$T/out") $(cat "$T/err")"
# No count in any message of the command line is followed by a plural noun when it is 1.
for f in "$T"/out "$T"/err; do
    check '! grep -qE "(^|[^0-9.])1 (players|turns|tiles|games|seats|followers|points|messages|draws)\b" "$f"' "a plural after 1: $(grep -E "(^|[^0-9.])1 [a-z]+s\b" "$f")"
done

finish messages
