#!/bin/sh
# keep.sh: what a user could lose, or find silently changed, in game records (meeple-play(1),
# meeple-record(5), meeple-replay(1)): names that read back as typed.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}

# Players named with a line break, quotes, a backslash, control characters and non-ASCII text
# are written so that they read back as typed; replay --json shows them JSON-escaped.
nl='
'
name1="al${nl}ice \"q\" \\ $(printf '\001\033')é"
name2="b$(printf '\t')ob: - [x] #1"
printf 'quit\n' | "$M" play --players "human:$name1,human:$name2" --seed 2 --record "$T/names.yaml" >/dev/null 2>"$T/names.err"
check '[ $? = 0 ]' "a game of oddly named players starts and quits: $(cat "$T/names.err")"
"$M" replay --json "$T/names.yaml" >"$T/names.json" 2>&1
check '[ $? = 0 ]' "the record of oddly named players replays: $(cat "$T/names.json")"
check 'grep -qF -e "\"name\":\"al\\nice \\\"q\\\" \\\\ \\u0001\\u001Bé\"" "$T/names.json"' "a name with a line break, quotes and control characters reads back as typed: $(cat "$T/names.json")"
check 'grep -qF -e "\"name\":\"b\\tob: - [x] #1\"" "$T/names.json"' "a name with a tab and YAML's punctuation reads back as typed: $(cat "$T/names.json")"
# The same record under a file name that is not UTF-8: replay --json is still valid JSON in UTF-8
# (meeple(1), JSON AND SVG OUTPUT), the byte shown as U+FFFD, the names as typed.
latin1="$T/$(printf 'partie-\351t\351.yaml')"
cp "$T/names.yaml" "$latin1"
"$M" replay --json "$latin1" >"$T/latin1.json" 2>&1
check '[ $? = 0 ] && iconv -f UTF-8 -t UTF-8 "$T/latin1.json" >/dev/null 2>&1' "a file name not UTF-8: replay --json is UTF-8: $(cat "$T/latin1.json")"
check 'grep -qF "\"record\":\"$T/partie-$(printf "\357\277\275")t$(printf "\357\277\275").yaml\"" "$T/latin1.json"' "a file name not UTF-8: its bytes as U+FFFD: $(cat "$T/latin1.json")"
if need jq jq; then
    check '[ "$(jq -r ".players[0].name" "$T/latin1.json")" = "$name1" ]' "a file name not UTF-8: the JSON parses, the name as typed: $(cat "$T/latin1.json")"
fi
# A name longer than 63 bytes is cut between characters, never inside one: 100 two-byte
# characters keep 31.
long=$(printf 'é%.0s' $(seq 100))
printf 'quit\n' | "$M" play --players "human:$long,greedy" --record "$T/long.yaml" >/dev/null 2>"$T/long.err"
"$M" replay --json "$T/long.yaml" >"$T/long.json" 2>&1
check '[ $? = 0 ] && grep -qF -e "\"name\":\"$(printf 'é%.0s' $(seq 31))\"" "$T/long.json"' "a long name is cut between characters: $(cat "$T/long.err" "$T/long.json")"

# Temporary files a kill left beside a record (RECORD.tmp.XXXXXX) go when the game is resumed;
# files of other names stay.
"$M" play --seed 4 --players human:ann,greedy --record "$T/stale.yaml" </dev/null >/dev/null
for f in stale.yaml.tmp.AbC123 stale.yaml.tmp.x9Y8z7 stale.yaml.tmp.short stale.yaml.tmp.toolong1 notes.txt; do
    echo partial >"$T/$f"
done
printf 'quit\n' | "$M" play --resume "$T/stale.yaml" >/dev/null 2>"$T/stale.err"
check '[ $? = 0 ] && [ ! -e "$T/stale.yaml.tmp.AbC123" ] && [ ! -e "$T/stale.yaml.tmp.x9Y8z7" ]' "resuming removes stale temporary files: $(ls "$T" | grep stale.yaml.tmp) $(cat "$T/stale.err")"
check '[ -e "$T/stale.yaml.tmp.short" ] && [ -e "$T/stale.yaml.tmp.toolong1" ] && [ -e "$T/notes.txt" ]' "and only those: $(ls "$T")"

# --record never replaces a file unless --force is given: a finished game stays as it was, a game
# not over is one to resume, and any other file is left alone.
"$M" play --seed 6 --record "$T/done.yaml" >/dev/null
cp "$T/done.yaml" "$T/done.before"
n=$(turns "$T/done.yaml" | wc -l)
"$M" play --seed 7 --players greedy,greedy --record "$T/done.yaml" >/dev/null 2>"$T/done.err"
check '[ $? = 1 ] && cmp -s "$T/done.yaml" "$T/done.before"' "a finished record is not replaced: $(cat "$T/done.err")"
check '[ "$(cat "$T/done.err")" = "$T/done.yaml: file exists and holds a finished game of $n turns; expected a new file for --record (--force replaces it)" ]' "what --record says of a finished record: $(cat "$T/done.err")"
printf 'quit\n' | "$M" play --players human:ann,greedy --record "$T/open.yaml" >/dev/null
cp "$T/open.yaml" "$T/open.before"
n=$(turns "$T/open.yaml" | wc -l)
printf 'quit\n' | "$M" play --players human:ann,greedy --record "$T/open.yaml" >/dev/null 2>"$T/open.err"
check '[ $? = 1 ] && cmp -s "$T/open.yaml" "$T/open.before"' "a record of a game not over is not replaced: $(cat "$T/open.err")"
check '[ "$(cat "$T/open.err")" = "$T/open.yaml: file exists and holds a game not over ($n turn$([ "$n" = 1 ] || echo s)); expected a new file for --record, or '"'"'meeple play --resume $T/open.yaml'"'"' to go on with that game (--force replaces it)" ]' "--record points to --resume: $(cat "$T/open.err")"
echo "my notes" >"$T/notes.yaml"
"$M" play --record "$T/notes.yaml" >/dev/null 2>"$T/notes.err"
check '[ $? = 1 ] && [ "$(cat "$T/notes.yaml")" = "my notes" ] && [ "$(cat "$T/notes.err")" = "$T/notes.yaml: file exists; expected a new file for --record (--force replaces it)" ]' "any other file is left alone: $(cat "$T/notes.err")"
ln -s "$T/nowhere" "$T/link.yaml"
"$M" play --record "$T/link.yaml" >/dev/null 2>"$T/link.err"
check '[ $? = 1 ] && [ -L "$T/link.yaml" ] && [ ! -e "$T/nowhere" ]' "a symbolic link, even to nothing, counts as a file: $(cat "$T/link.err")"
"$M" play --resume "$T/open.yaml" --record "$T/done.yaml" --players greedy,greedy >/dev/null 2>"$T/other.err"
check '[ $? = 1 ] && cmp -s "$T/done.yaml" "$T/done.before" && grep -q "^$T/done.yaml: file exists and holds a finished game" "$T/other.err"' "--resume A --record B does not replace B: $(cat "$T/other.err")"
"$M" play --seed 7 --players greedy,greedy --record "$T/done.yaml" --force >/dev/null 2>"$T/force.err"
check '[ $? = 0 ] && grep -q "^seed: 7$" "$T/done.yaml"' "--force replaces the file: $(cat "$T/force.err")"
"$M" play --resume "$T/open.yaml" --record "$T/open.yaml" --players greedy,greedy >/dev/null 2>"$T/same.err"
check '[ $? = 0 ] && grep -q "^status: over$" "$T/open.yaml"' "--resume FILE --record FILE goes on in the same file: $(cat "$T/same.err")"

# Others take over seats on resume (--players): the recorded names stay, a line says who plays
# each seat that changes hands and from which turn, and the record's kinds say who plays the seats
# now, so that resuming again without --players goes on with them.
"$M" play --seed 8 --players random,random --record "$T/bots8.yaml" >/dev/null
{ turns "$T/bots8.yaml" | head -n 4; echo quit; } |
    "$M" play --seed 8 --players human:alice,human:bob --record "$T/seats.yaml" >/dev/null
"$M" play --resume "$T/seats.yaml" --players greedy,human:carol </dev/null >"$T/seats.out" 2>"$T/seats.err"
check '[ $? = 0 ] && grep -qx "seat 1 (alice): played by greedy from turn 5" "$T/seats.out" && grep -qx "seat 2 (bob): played by human carol from turn 5" "$T/seats.out"' "who takes over each seat is said: $(head -n 3 "$T/seats.out") $(cat "$T/seats.err")"
check 'grep -q "^ *- {name: \"alice\", kind: \"greedy\"}$" "$T/seats.yaml" && grep -q "^ *- {name: \"bob\", kind: \"human\"}$" "$T/seats.yaml"' "the record keeps the names, and says who plays the seats now: $(grep "name:" "$T/seats.yaml")"
check '! grep -q "carol" "$T/seats.yaml" && grep -q "^\* \{0,1\} *bob: " "$T/seats.out" && ! grep -q "^\* \{0,1\} *carol: " "$T/seats.out"' "the prompt and the scores go by the recorded names"
n=$(turns "$T/seats.yaml" | wc -l)
"$M" play --resume "$T/seats.yaml" --json </dev/null >"$T/seats2.out" 2>&1
check '[ $? = 0 ] && ! grep -q "^seat [0-9]" "$T/seats2.out" && grep -q "\"name\":\"alice\",\"kind\":\"greedy\"" "$T/seats2.out" && grep -q "\"name\":\"bob\",\"kind\":\"human\"" "$T/seats2.out"' "resumed again without --players: alice's seat goes on as greedy, bob's as a human: $(tail -n 1 "$T/seats2.out")"
"$M" play --resume "$T/seats.yaml" --players greedy,random --json >"$T/seats.json" 2>"$T/seats3.err"
check '[ $? = 0 ] && [ "$(head -c 1 "$T/seats.json")" = "{" ] && [ "$(wc -l <"$T/seats.json")" = 1 ] && grep -qx "seat 2 (bob): played by random from turn $((n + 1))" "$T/seats3.err" && ! grep -q "^seat 1" "$T/seats3.err"' "with --json the lines go to standard error, and a seat that does not change hands has none: $(cat "$T/seats3.err")"
check 'grep -q "\"name\":\"alice\",\"kind\":\"greedy\"" "$T/seats.json" && grep -q "\"name\":\"bob\",\"kind\":\"random\"" "$T/seats.json"' "the JSON names the recorded players, of the kinds that finished the game: $(cat "$T/seats.json")"

# replay checks all a record says of its game (meeple-record(5)): the winners, the tiles drawn and
# each seat's kind, each reported at the line and column of the edited value.
"$M" play --seed 5 --players random,greedy --record "$T/chk.yaml" >/dev/null
# at: the line and column where TEXT starts in FILE (its first line with it).
at() { awk -v t="$2" 'i = index($0, t) { print NR ":" i; exit }' "$1"; }
winner=$(sed -n 's/^  winners: \["\(.*\)"\]$/\1/p' "$T/chk.yaml")
loser=$([ "$winner" = random-1 ] && echo greedy-2 || echo random-1)
sed "s/^  winners: .*/  winners: [\"$loser\"]/" "$T/chk.yaml" >"$T/chk-w.yaml"
"$M" replay "$T/chk-w.yaml" >/dev/null 2>"$T/chk-w.err"
check '[ $? = 1 ] && grep -q "^$T/chk-w.yaml:$(at "$T/chk-w.yaml" "\"$loser\"]"): winner .$loser. did not win; expected the players with the highest total, [0-9]*: .$winner.$" "$T/chk-w.err"' "edited winners: $(cat "$T/chk-w.err")"
sed "s/^  winners: .*/  winners: []/" "$T/chk.yaml" >"$T/chk-w0.yaml"
"$M" replay "$T/chk-w0.yaml" >/dev/null 2>"$T/chk-w0.err"
check '[ $? = 1 ] && grep -q "^$T/chk-w0.yaml:$(at "$T/chk-w0.yaml" "[]"): winners lack .$winner.; expected the players with the highest total" "$T/chk-w0.err"' "winners left out: $(cat "$T/chk-w0.err")"
"$M" replay --json "$T/chk-w.yaml" >"$T/chk-w.json" 2>/dev/null
check '[ $? = 1 ] && grep -q "\"record_error\":{\"file\":\"$T/chk-w.yaml\",\"line\":[0-9]*,\"column\":[0-9]*,\"message\":\"winner .$loser. did not win" "$T/chk-w.json"' "replay --json names the edited value: $(cat "$T/chk-w.json")"
# The seventh tile drawn, edited into another: split at the quotes, it is field 14 of the line.
seventh=$(awk -F'"' '/^drawn:/ { print $14 }' "$T/chk.yaml")
other=$([ "$seventh" = Q ] && echo R || echo Q)
awk -F'"' -v OFS='"' -v t="$other" '/^drawn:/ { $14 = t } 1' "$T/chk.yaml" >"$T/chk-d.yaml"
line=$(grep -n '^drawn:' "$T/chk-d.yaml" | cut -d: -f1)
col=$(awk -F'"' '/^drawn:/ { n = 0; for (i = 1; i < 14; i++) n += length($i) + 1; print n }' "$T/chk-d.yaml")
"$M" replay "$T/chk-d.yaml" >/dev/null 2>"$T/chk-d.err"
check '[ $? = 1 ] && [ "$(cat "$T/chk-d.err")" = "$T/chk-d.yaml:$line:$col: drawn tile 7 .$other. is not the tile the game drew, .$seventh.; expected the tiles in the order the bag gave them" ] || grep -q "^$T/chk-d.yaml:$line:$col: drawn tile 7 .$other. is not the tile the game drew, .$seventh.; expected the tiles in the order the bag gave them$" "$T/chk-d.err"' "an edited tile of drawn: $(cat "$T/chk-d.err") (expected at $line:$col)"
sed 's/^drawn: \[\(.*\), "[^"]*"\]$/drawn: [\1]/' "$T/chk.yaml" >"$T/chk-d2.yaml"
"$M" replay "$T/chk-d2.yaml" >/dev/null 2>"$T/chk-d2.err"
check '[ $? = 1 ] && grep -q "^$T/chk-d2.yaml:$line:8: drawn lists [0-9]* tiles, but the game drew [0-9]*; expected all of them (the next is .[A-Z]*.)$" "$T/chk-d2.err"' "a tile cut from drawn: $(cat "$T/chk-d2.err")"
sed 's/^drawn: \[\(.*\)\]$/drawn: [\1, "A"]/' "$T/chk.yaml" >"$T/chk-d3.yaml"
"$M" replay "$T/chk-d3.yaml" >/dev/null 2>"$T/chk-d3.err"
check '[ $? = 1 ] && grep -q "^$T/chk-d3.yaml:$line:[0-9]*: drawn tile [0-9]* .A. was never drawn: the game drew [0-9]* tiles; expected no more$" "$T/chk-d3.err"' "a tile added to drawn: $(cat "$T/chk-d3.err")"
sed 's/kind: "greedy"/kind: "clever"/' "$T/chk.yaml" >"$T/chk-k.yaml"
"$M" replay "$T/chk-k.yaml" >/dev/null 2>"$T/chk-k.err"
check '[ $? = 1 ] && [ "$(cat "$T/chk-k.err")" = "$T/chk-k.yaml:$(at "$T/chk-k.yaml" "\"clever\""): kind .clever. is not a seat kind; expected human, random, greedy, mcts[:N|:Ts] or mcts-rollout[:N|:Ts]" ] || grep -q "^$T/chk-k.yaml:$(at "$T/chk-k.yaml" "\"clever\""): kind .clever. is not a seat kind; expected human, random, greedy, mcts\[:N|:Ts\] or mcts-rollout\[:N|:Ts\]$" "$T/chk-k.err"' "an edited kind: $(cat "$T/chk-k.err")"
"$M" replay "$T/chk.yaml" >/dev/null 2>"$T/chk.err"
check '[ $? = 0 ] && [ ! -s "$T/chk.err" ]' "the record as written passes every check: $(cat "$T/chk.err")"
# A game an mcts bot played reads back (its kind is its spec) and replays.
"$M" play --players mcts-rollout:8,greedy --seed 3 --record "$T/mcts.yaml" >/dev/null 2>"$T/mcts.err"
check '[ $? = 0 ] && grep -q "kind: \"mcts-rollout:8\"" "$T/mcts.yaml"' "a game of mcts-rollout:8 is recorded with its spec: $(cat "$T/mcts.err")"
"$M" replay "$T/mcts.yaml" >/dev/null 2>"$T/mcts.err"
check '[ $? = 0 ] && [ ! -s "$T/mcts.err" ]' "the record of an mcts game replays: $(cat "$T/mcts.err")"
# A game not over: drawn may go on with the tiles of a turn in progress, but must begin with the
# tiles the replay draws; resuming checks the same.
"$M" play --seed 5 --players random,random --record "$T/chk-r.yaml" >/dev/null
{ turns "$T/chk-r.yaml" | head -n 3; echo quit; } | "$M" play --seed 5 --players human:ann,human:bob --record "$T/chk-p.yaml" >/dev/null
first=$(awk -F'"' '/^drawn:/ { print $2 }' "$T/chk-p.yaml")
other=$([ "$first" = A ] && echo B || echo A)
awk -F'"' -v OFS='"' -v t="$other" '/^drawn:/ { $2 = t } 1' "$T/chk-p.yaml" >"$T/chk-p1.yaml"
cp "$T/chk-p1.yaml" "$T/chk-p1.before"
printf 'quit\n' | "$M" play --resume "$T/chk-p1.yaml" >/dev/null 2>"$T/chk-p1.err"
check '[ $? = 1 ] && grep -q "^$T/chk-p1.yaml:$line:9: drawn tile 1 .$other. is not the tile the game drew" "$T/chk-p1.err" && cmp -s "$T/chk-p1.yaml" "$T/chk-p1.before"' "resume refuses an edited drawn, and leaves the file: $(cat "$T/chk-p1.err")"
"$M" play --resume "$T/chk-p.yaml" --players greedy,greedy >/dev/null 2>"$T/chk-p.err"
check '[ $? = 0 ]' "a record not over, as written, resumes: $(cat "$T/chk-p.err")"

# A record naming a ruleset that is not there: the diagnostic stands at the record's value and
# says where the ruleset was looked for.
sed 's/^ruleset: "c3"$/ruleset: "c9"/' "$T/chk.yaml" >"$T/rs.yaml"
"$M" replay "$T/rs.yaml" >/dev/null 2>"$T/rs.err"
check '[ $? = 1 ] && grep -q "^$T/rs.yaml:3:10: no ruleset .c9. found (searched [^;]*/rulesets/c9.yaml); expected a ruleset of that name in one of those directories" "$T/rs.err"' "replay of a record naming no ruleset there is: $(cat "$T/rs.err")"
mkdir "$T/mine"
MEEPLE_RULESETS="$T/mine" "$M" replay "$T/rs.yaml" >/dev/null 2>"$T/rs2.err"
check '[ $? = 1 ] && grep -q "^$T/rs.yaml:3:10: no ruleset .c9. found (searched $T/mine/c9.yaml, " "$T/rs2.err"' "MEEPLE_RULESETS is searched, and said first: $(cat "$T/rs2.err")"
printf 'quit\n' | "$M" play --resume "$T/rs.yaml" >/dev/null 2>"$T/rs3.err"
check '[ $? = 1 ] && grep -q "^$T/rs.yaml:3:10: no ruleset .c9. found (searched " "$T/rs3.err"' "resume of a record naming no ruleset there is: $(cat "$T/rs3.err")"
"$M" render game "$T/rs.yaml" -o "$T/rs.svg" 2>"$T/rs4.err"
check '[ $? = 1 ] && grep -q "^$T/rs.yaml:3:10: no ruleset .c9. found (searched " "$T/rs4.err"' "render game of a record naming no ruleset there is: $(cat "$T/rs4.err")"
sed "s|^ruleset: \"c3\"\$|&\nruleset_file: \"$T/gone/house.yaml\"|" "$T/chk.yaml" >"$T/rf.yaml"
"$M" replay "$T/rf.yaml" >/dev/null 2>"$T/rf.err"
check '[ $? = 1 ] && [ "$(cat "$T/rf.err")" = "$T/rf.yaml:4:15: no ruleset file .$T/gone/house.yaml.; expected the file the game was played under (move it back, edit this path, or delete the line to look for ruleset .c3. by name)" ] || grep -q "^$T/rf.yaml:4:15: no ruleset file .$T/gone/house.yaml.; expected the file the game was played under (move it back, edit this path, or delete the line to look for ruleset .c3. by name)$" "$T/rf.err"' "a ruleset_file that is gone: $(cat "$T/rf.err")"

# A human quits when the record can no longer be written (its directory is gone): the reason is
# said and the exit status is 1, never "game saved".
mkdir "$T/vanished"
rm -f "$T/qin"
mkfifo "$T/qin"
"$M" play --players human:ann,greedy --seed 2 --record "$T/vanished/g.yaml" <"$T/qin" >"$T/gone.out" 2>"$T/gone.err" &
pid=$!
exec 4>"$T/qin"
i=0
while [ ! -f "$T/vanished/g.yaml" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
rm -rf "$T/vanished"
echo quit >&4
exec 4>&-
wait "$pid"
rc=$?
check '[ $rc = 1 ] && grep -q "cannot" "$T/gone.err" && ! grep -q "game saved" "$T/gone.out"' \
    "quit with a record that cannot be written: exit $rc: $(cat "$T/gone.err") $(tail -1 "$T/gone.out")"

# A record written before tile sets named other programs' ids as `aliases:` (bcb, with its
# ruleset_hash of then) replays under the shipped ruleset: the same rules hash the same
# (meeple-tileset(5), aliases), so a user's old records are not refused.
"$M" replay "$SRC/tests/records/before-aliases-bcb.yaml" >"$T/old.out" 2>"$T/old.err"
rc=$?
check '[ $rc = 0 ] && grep -q "final scores match the record" "$T/old.out"' \
    "a record made before aliases: exit $rc: $(cat "$T/old.err")"

finish keep
