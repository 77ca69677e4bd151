#!/bin/sh
# keep.sh: what a user could lose, or find silently changed, in game records (meeple-play(1),
# meeple-record(5), meeple-replay(1)): names that read back as typed.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}

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
check 'grep -qF -e "\"name\":\"al\\nice \\\"q\\\" \\\\ \\u0001\\u001bé\"" "$T/names.json"' "a name with a line break, quotes and control characters reads back as typed: $(cat "$T/names.json")"
check 'grep -qF -e "\"name\":\"b\\tob: - [x] #1\"" "$T/names.json"' "a name with a tab and YAML's punctuation reads back as typed: $(cat "$T/names.json")"
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

finish keep
