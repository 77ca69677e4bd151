#!/bin/sh
# serve-rooms.sh: meeple serve's rooms besides games (meeple-serve(1), section API): the rulesets
# and their differences (the same text as meeple rulesets --diff), replays of a record and of a
# .jcz game (the same scores as meeple replay, rescored as meeple score), designs (linted as
# meeple lint, each diagnostic beside its tile) and a tilestats job (the same result as meeple
# tilestats), each with its bad requests.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
S=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}

need curl curl || finish serve-rooms
need jq jq || finish serve-rooms

# Two design files on the command line (meeple serve [FILE...]); the server makes its directories
# (a job's ruleset, an upload read) in $T/tmp.
mkdir "$T/tmp"
. "$(dirname "$0")/serve-lib.sh"
SERVE_TMPDIR="$T/tmp" serve_start "$S/rulesets/tiles/base.yaml" "$S/rulesets/examples/market-town-rules.yaml"
[ -n "$U" ] || finish serve-rooms
# upload PATH FILE [NAME]: POST {name, text} with the file's text.
upload() { jq -Rs --arg n "${3:-$(basename "$2")}" '{name: $n, text: .}' "$2" >"$T/req"; req POST "$1" "$T/req"; }

# ---------------------------------------------------------------- rulesets
req GET /api/rulesets
check 'status_is 200 && [ "$(q ".[] | select(.name == \"c3\") | [.min_players, .max_players, .modules]")" = "[2,5,[]]" ]' \
    "c3 in GET /api/rulesets: $(head -c 400 "$T/body")"
same "bcb's modules" "$(q '.[] | select(.name == "bcb") | .modules')" '["bridges","castles","bazaars"]'
same "the rulesets listed" "$(q '[.[].name] | sort | join(" ")')" "\"$("$M" rulesets --json | jq -r '[.[].name] | sort | join(" ")')\""

req GET '/api/rulesets/diff?a=c1-2000&b=bcb'
check 'status_is 200' "GET /api/rulesets/diff: $(cat "$T/status") $(cat "$T/body")"
"$M" rulesets --diff c1-2000 bcb >"$T/diff.txt"
jq -j .text "$T/body" >"$T/diff-api.txt"
check 'cmp -s "$T/diff.txt" "$T/diff-api.txt" && [ -s "$T/diff.txt" ]' "the diff's text is not meeple rulesets --diff's: $(cat "$T/diff-api.txt")"
same "the diff's differences" "$(q '[.a, .b, .differences]')" "$("$M" rulesets --diff c1-2000 bcb --json | jq -c '[.a, .b, .differences]')"
req GET '/api/rulesets/diff?a=c3&b=c3'
same "a ruleset against itself" "$(q '[.text, .differences]')" '["c3 and c3 have the same rules\n",[]]'
req GET '/api/rulesets/diff?a=c3'
expect 400 "no query argument 'b'" "a diff without b"
req GET '/api/rulesets/diff'
expect 400 "no query argument 'a'" "a diff without a or b"
req GET '/api/rulesets/diff?a=../rulesets/c3&b=c3'
expect 400 "is not a ruleset's name" "a ruleset given as a path"
req GET '/api/rulesets/diff?a=c3&b=nope'
expect 404 "no ruleset 'nope'" "an unknown ruleset"
post '/api/rulesets/diff?a=c3&b=c1' '{}'
expect 405 "expected GET" "POST to the diff"
req GET /api/rulesets/nope
expect 404 "no such path" "an unknown path under /api/rulesets"

# ---------------------------------------------------------------- replays
"$M" play --players greedy,greedy --seed 5 --record "$T/game.yaml" >/dev/null
"$M" replay --json "$T/game.yaml" >"$T/replay.json"
n=$(jq .turns "$T/replay.json")
upload /api/replays "$T/game.yaml"
check 'status_is 201' "POST /api/replays: $(cat "$T/status") $(head -c 400 "$T/body")"
rid=$(q .replay)
same "the replay's final scores" "$(q .final)" "$(jq -c '[.players[].score]' "$T/replay.json")"
same "the replay's players" "$(q .players)" "$(jq -c '[.players[].name]' "$T/replay.json")"
same "the replay's colours, as the board draws them" "$(q .colours)" '["#2b63c9","#d62728"]'
same "the replay's turns" "$(q '[.turns, (.scores | length), .over, .notes, .ruleset]')" "[$n,$((n + 1)),true,[],\"c3\"]"
same "the replay's turn texts" "$(q '.turn_texts[]' | tr -d '"')" "$(turns "$T/game.yaml")"
same "the scores before the first turn" "$(q '.scores[0]')" "[0,0]"
same "the scores after the last turn" "$(q '.scores[-1]')" "$(q .final)"
# The scores after turn 30: the record cut there, replayed by meeple replay.
awk '/^status:/ { print "status: playing"; next } /^drawn:/ { next } /^n_turns:/ { print "n_turns: 30"; next }
     /^final:/ { exit } /^- "/ { if (++k > 30) next } { print }' "$T/game.yaml" >"$T/game30.yaml"
same "the scores after turn 30" "$(q '.scores[30]')" "$("$M" replay --json "$T/game30.yaml" | jq -c '[.players[].score]')"

req GET "/api/replays/$rid?turn=30"
check 'status_is 200 && [ "$(q ".board.svg | startswith(\"<\")")" = true ]' "GET /api/replays/$rid?turn=30: $(head -c 300 "$T/body")"
same "turn 30's scores and text" "$(q '[.turn, .scores, .text]')" "[30,$("$M" replay --json "$T/game30.yaml" | jq -c '[.players[].score]'),\"$(turns "$T/game.yaml" | sed -n 30p)\"]"
jq -j .board.svg "$T/body" >"$T/board-api.svg"
(cd "$T" && "$M" render game game.yaml --turn 30 -o board.svg)
check 'cmp -s "$T/board.svg" "$T/board-api.svg"' "turn 30's board is not meeple render's: $(head -c 300 "$T/board-api.svg")"
req GET "/api/replays/$rid?turn=0"
same "turn 0" "$(q '[.turn, .scores, .text, .facts]')" "[0,[0,0],null,[]]"
req GET "/api/replays/$rid"
same "the last turn when none is asked for" "$(q '[.turn, .scores, .over]')" "[$n,$(jq -c '[.players[].score]' "$T/replay.json"),true]"
req GET "/api/replays/$rid?turn=$((n + 1))"
expect 400 "expected 0 to $n" "a turn after the last"
req GET "/api/replays/$rid?turn=-1"
expect 400 "expected 0 to $n" "a negative turn"
req GET "/api/replays/$rid?turn=x"
expect 400 "is not a turn" "a turn that is no number"
req GET /api/replays/999
expect 404 "no replay 999" "an unknown replay"
req GET /api/replays/x
expect 404 "no such path" "a replay that is no number"

# Rescored: the same final scores and adjustments as meeple score, the rules that differ.
post "/api/replays/$rid/rescore" '{"ruleset": "c1-2000"}'
check 'status_is 200' "rescore under c1-2000: $(cat "$T/status") $(head -c 300 "$T/body")"
"$M" score --ruleset c1-2000 --json "$T/game.yaml" >"$T/score.json"
same "the rescored final scores" "$(q .final)" "$(jq -c '[.players[].score]' "$T/score.json")"
check '[ "$(q .final)" != "$(jq -c "[.players[].score]" "$T/replay.json")" ]' "c1-2000 scored this game as c3 does: choose another seed"
same "the rescored turns" "$(q '[(.scores | length), .scores[0], .ruleset]')" "[$((n + 1)),[0,0],\"c1-2000\"]"
same "the rules that differ" "$(q .differences)" "$("$M" rulesets --diff c3 c1-2000 --json | jq -c .differences)"
post "/api/replays/$rid/rescore" '{"ruleset": "bcb"}'
"$M" score --ruleset bcb --json "$T/game.yaml" >"$T/score.json"
same "rescored under bcb" "$(q '[.final, .adjusted]')" "$(jq -c '[[.players[].score], .adjusted]' "$T/score.json")"
check '[ "$(q ".notes | length")" -gt 0 ]' "rescored under bcb with no notes, though meeple score adjusted: $(q .adjusted)"
post "/api/replays/$rid/rescore" '{"ruleset": "nope"}'
expect 404 "no ruleset 'nope'" "rescored under an unknown ruleset"
post "/api/replays/$rid/rescore" '{"ruleset": "/etc/passwd"}'
expect 400 "is not a ruleset's name" "rescored under a path"
post "/api/replays/$rid/rescore" '{}'
expect 400 'no \"ruleset\"' "rescored under no ruleset"
post "/api/replays/$rid/rescore" '{"ruleset": '
expect 400 "malformed JSON" "a rescore's malformed JSON"
req GET "/api/replays/$rid/rescore"
expect 405 "expected POST" "GET of a rescore"

# A .jcz game, replayed to its end: the scores of meeple replay.
upload /api/replays "$S/tests/jcz/castle-base.jcz"
check 'status_is 201' "POST /api/replays castle-base.jcz: $(cat "$T/status") $(head -c 300 "$T/body")"
jid=$(q .replay)
"$M" replay --json "$S/tests/jcz/castle-base.jcz" >"$T/jcz.json"
same "the .jcz replay" "$(q '[.final, .turns, .over, .ruleset]')" "$(jq -c '[[.players[].score], .turns, .over, .ruleset]' "$T/jcz.json")"
# Known by its content too, whatever its name.
upload /api/replays "$S/tests/jcz/farm.jcz" game.json
same "a .jcz named otherwise" "$(q '[.final, .over]')" "$("$M" replay --json "$S/tests/jcz/farm.jcz" | jq -c '[[.players[].score], .over]')"
post "/api/replays/$jid/rescore" '{"ruleset": "c3"}'
expect 422 "unknown module 'castles'" "a .jcz of castles rescored under c3"

post /api/replays '{"name": "game.yaml", "text": '
expect 400 "malformed JSON" "a replay's malformed JSON"
post /api/replays '{"name": "game.yaml"}'
expect 400 'no \"text\"' "a replay without text"
post /api/replays '{"name": "game.yaml", "text": "format: 1\n"}'
expect 400 "record has no 'ruleset'" "a record that is not whole"
sed 's/^ruleset: "c3"/ruleset: "nope"/' "$T/game.yaml" >"$T/nope.yaml"
upload /api/replays "$T/nope.yaml"
expect 400 "the record's ruleset 'nope' is not one the server has" "a record of an unknown ruleset"
sed 's/^ruleset: "c3"/ruleset: "..\/..\/etc\/c3"/' "$T/game.yaml" >"$T/path.yaml"
upload /api/replays "$T/path.yaml"
expect 400 "is not a ruleset's name" "a record whose ruleset is a path"
sed 's/^ruleset: "c3"/ruleset: "c1"/' "$T/game.yaml" >"$T/c1.yaml"
upload /api/replays "$T/c1.yaml"
expect 400 "rescore it under these" "a record of other rules than its ruleset's"
upload /api/replays "$S/tests/jcz/bad-illegal-move.jcz"
expect 400 "is illegal" "a .jcz with an illegal move"

# ---------------------------------------------------------------- design
req GET /api/design
same "the design files" "$(q .)" "[{\"file\":\"$S/rulesets/tiles/base.yaml\"},{\"file\":\"$S/rulesets/examples/market-town-rules.yaml\"}]"
post /api/design "{\"file\": \"$S/rulesets/tiles/base.yaml\"}"
same "a design file" "$(q '[.kind, (.tiles | length), ([.tiles[].count] | add), .errors]')" '["tiles",24,72,0]'
# A ruleset file finds what it names beside it (extends: ../c3.yaml), as meeple lint does.
post /api/design "{\"file\": \"$S/rulesets/examples/market-town-rules.yaml\"}"
same "a ruleset design file" "$(q '[.kind, (.tiles | length), ([.tiles[].count] | add), .errors, .name]')" \
    "[\"ruleset\",32,85,0,\"$S/rulesets/examples/market-town-rules.yaml\"]"
post "/api/design/$(q .design)/tilestats" '{"games": 3}'
same "a ruleset design file's job" "$(q .ruleset_text)" "$(jq -Rs . "$S/rulesets/examples/market-town-rules.yaml")"
post /api/design '{"file": "/etc/passwd"}'
expect 404 "no design file '/etc/passwd'" "a design file not on the command line"
check '! body_has "root:"' "a design file not on the command line was read"
post /api/design "{\"file\": \"$S/rulesets/c3.yaml\"}"
expect 404 "no design file" "a ruleset file not on the command line"

upload /api/design "$S/rulesets/tiles/base.yaml"
check 'status_is 201' "POST /api/design base.yaml: $(cat "$T/status") $(head -c 300 "$T/body")"
same "base.yaml's design" "$(q '[.kind, .name, (.tiles | length), ([.tiles[].count] | add), .errors, .warnings, .diagnostics, .start]')" \
    '["tiles","base.yaml",24,72,0,0,[],true]'
same "base.yaml's tile ids" "$(q '[.tiles[].id] | join(" ")' | tr -d '"')" "$(sed -n 's/^  - id: *\([^ ]*\).*/\1/p' "$S/rulesets/tiles/base.yaml" | tr '\n' ' ' | sed 's/ $//')"
check '[ "$(q "[.sheet, .tiles[0].svg] | map(startswith(\"<\")) | all")" = true ]' "base.yaml's pictures are not SVG: $(head -c 300 "$T/body")"
base=$(q .design)
jq -j .sheet "$T/body" >"$T/sheet-api.svg"
(cd "$S/rulesets/tiles" && "$M" render tiles base.yaml -o -) >"$T/sheet.svg"
check 'cmp -s "$T/sheet.svg" "$T/sheet-api.svg"' "base.yaml's sheet is not meeple render's: $(head -c 300 "$T/sheet-api.svg")"

# A tile set that loads with lint's error about one tile: beside that tile, as meeple lint says it.
upload /api/design "$S/tests/bad/lint-unplaceable.yaml"
lint=$("$M" lint "$S/tests/bad/lint-unplaceable.yaml" 2>&1 | sed -n 's/^[^ ]*lint-unplaceable.yaml:\([0-9]*\):\([0-9]*\): error: \(.*\)/\1 \2 \3/p')
same "lint-unplaceable.yaml's tile X" "$(q '.tiles[] | select(.id == "X") | .diagnostics[] | "\(.line) \(.column) \(.message)"' | tr -d '"')" "$lint"
same "lint-unplaceable.yaml's other diagnostics" "$(q '[.errors, .diagnostics, (.tiles[] | select(.id != "X") | .diagnostics)]')" '[1,[],[]]'
# One that does not load: no tiles, each diagnostic with the tile it is about.
upload /api/design "$S/tests/bad/lint-many.yaml"
same "lint-many.yaml's diagnostics" "$(q '[.tiles, .errors, ([.diagnostics[] | "\(.line):\(.column) \(.tile)"] | join(" "))]')" \
    '[[],4,"16:12 bad-edge 23:9 port-twice 25:5 unknown-key 35:30 bad-side"]'
same "lint-many.yaml's lines" "$(q '[.diagnostics[] | "\(.line):\(.column): error: \(.message)"] | join("|")' | tr -d '"')" \
    "$("$M" lint "$S/tests/bad/lint-many.yaml" 2>&1 | sed -n 's/^[^ ]*lint-many.yaml:\([0-9]*:[0-9]*: .*\)/\1/p' | paste -sd '|')"
bad_design=$(q .design)
upload /api/design "$S/tests/bad/tiles-yaml-syntax.yaml"
check 'status_is 201 && [ "$(q "[.errors, .tiles, (.diagnostics[0].line > 0)]")" = "[1,[],true]" ]' "a design that is no YAML: $(cat "$T/body")"
# A ruleset: its tiles, its tile sets found in the ruleset directories.
upload /api/design "$S/rulesets/bcb.yaml"
same "bcb.yaml's design" "$(q '[.kind, (.tiles | length), ([.tiles[].count] | add), .errors]')" '["ruleset",35,84,0]'
# An upload names no file of its own choosing.
printf 'name: mine\nextends: c3\ntiles: [/etc/passwd]\n' >"$T/mine.yaml"
upload /api/design "$T/mine.yaml"
check 'status_is 201 && [ "$(q "[.errors, .loaded, .diagnostics[0].line]")" = "[1,false,3]" ] && body_has "is not for an upload to name"' \
    "an upload naming /etc/passwd: $(cat "$T/body")"
printf 'name: mine\nextends: ../../../etc/c3.yaml\n' >"$T/mine.yaml"
upload /api/design "$T/mine.yaml"
check 'status_is 201 && body_has "extends '"'"'../../../etc/c3.yaml'"'"' is not for an upload to name"' "an upload extending a path: $(cat "$T/body")"
post /api/design '{"name": "x.yaml", "text": '
expect 400 "malformed JSON" "a design's malformed JSON"
post /api/design '{"name": "x.yaml"}'
expect 400 'no \"text\"' "a design without text"
req PUT /api/design
expect 405 "expected GET or POST" "PUT to /api/design"

# ---------------------------------------------------------------- jobs
upload /api/design "$S/rulesets/examples/market-town.yaml"
mt=$(q .design)
same "market-town.yaml has no start tile" "$(q '[.start, .errors]')" "[false,0]"
post "/api/design/$mt/tilestats" '{"games": 20, "seed": 3, "players": "greedy,random"}'
check 'status_is 202' "POST /api/design/$mt/tilestats: $(cat "$T/status") $(cat "$T/body")"
job=$(q .job)
mkdir "$T/job"
jq -j .ruleset_text "$T/body" >"$T/job/ruleset.yaml"
cp "$S/rulesets/examples/market-town.yaml" "$T/job/design.yaml"
check 'grep -q "^tiles: \[tiles/base.yaml, design.yaml\]$" "$T/job/ruleset.yaml"' "a tile set without a start tile is not mixed into the base tiles: $(cat "$T/job/ruleset.yaml")"
i=0
while req GET "/api/jobs/$job" && [ "$(q .state)" = '"running"' ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
same "the job's end" "$(q '[.state, .done, .total]')" '["done",20,20]'
"$M" tilestats --ruleset "$T/job/ruleset.yaml" --games 20 --seed 3 --players greedy,random --json >"$T/tilestats.json"
same "the job's result" "$(q .result)" "$(jq -c . "$T/tilestats.json")"
check 'grep -q "\"MT-gate\"" "$T/tilestats.json"' "the job's ruleset did not play market-town's tiles: $(head -c 300 "$T/tilestats.json")"
# A tile set with a start tile is played alone; a job that fails says why.
post "/api/design/$base/tilestats" '{"games": 5, "players": "greedy"}'
check 'status_is 202 && q .ruleset_text | grep -qF "tiles: [design.yaml]"' "a tile set with a start tile: $(cat "$T/body")"
job=$(q .job)
i=0
while req GET "/api/jobs/$job" && [ "$(q .state)" = '"running"' ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
check '[ "$(q .state)" = "\"failed\"" ] && body_has "1 player; ruleset"' "a job of one player: $(cat "$T/body")"
post "/api/design/$mt/tilestats" '{"games": 0}'
expect 400 '\"games\" is not a whole number from 1 to 5000' "a job of 0 games"
post "/api/design/$mt/tilestats" '{"games": 5001}'
expect 400 '\"games\"' "a job of too many games"
# The players as --players reads them (tools/common/seats.h), with its messages.
post "/api/design/$mt/tilestats" '{"players": "greedy,nobot"}'
expect 400 "\\\"players\\\": bad seat 'nobot': no bot of that name; expected random, greedy, mcts" "a job with no bot"
post "/api/design/$mt/tilestats" '{"players": ","}'
expect 400 '\"players\": no seats; expected seats separated by commas' "a job with no seat"
post "/api/design/$mt/tilestats" '{"seed": -1}'
expect 400 '\"seed\"' "a job with a negative seed"
post "/api/design/$mt/tilestats" '{"games": '
expect 400 "malformed JSON" "a job's malformed JSON"
post "/api/design/$bad_design/tilestats" '{}'
expect 409 "does not load" "a job of a design that does not load"
post /api/design/999/tilestats '{}'
expect 404 "no design 999" "a job of an unknown design"
req GET /api/jobs/999
expect 404 "no job 999" "an unknown job"
req GET /api/jobs
expect 404 "expected /api/jobs/ID" "no job id"

# Requests of every room at once (the server answers each on a thread of its own; under
# ThreadSanitizer, CI's .ci/run, a race is a report): each still gets its answer.
jq -Rs '{name: "game.yaml", text: .}' "$T/game.yaml" >"$T/replay-req"
jq -Rs '{name: "market-town.yaml", text: .}' "$S/rulesets/examples/market-town.yaml" >"$T/design-req"
for k in 1 2 3 4; do
    curl -s -o /dev/null -w '%{http_code}\n' "${U}api/replays/$rid?turn=$((k * 10))" >"$T/at-$k" &
    curl -s -H 'Content-Type: application/json' -o /dev/null -w '%{http_code}\n' -d '{"ruleset": "c1"}' "${U}api/replays/$rid/rescore" >"$T/rescore-$k" &
    curl -s -H 'Content-Type: application/json' -o /dev/null -w '%{http_code}\n' --data-binary @"$T/replay-req" "${U}api/replays" >"$T/upload-$k" &
    curl -s -H 'Content-Type: application/json' -o /dev/null -w '%{http_code}\n' --data-binary @"$T/design-req" "${U}api/design" >"$T/design-$k" &
    curl -s -o /dev/null -w '%{http_code}\n' "${U}api/rulesets/diff?a=c3&b=bcb" >"$T/diff-$k" &
done
wait_curls=0
while [ "$(cat "$T"/at-? "$T"/rescore-? "$T"/upload-? "$T"/design-? "$T"/diff-? 2>/dev/null | wc -l)" -lt 20 ] && [ $wait_curls -lt 600 ]; do
    sleep 0.1; wait_curls=$((wait_curls + 1))
done
same "requests at once" "$(cat "$T"/at-? "$T"/rescore-? "$T"/upload-? "$T"/design-? "$T"/diff-? | sort | uniq -c | awk '{ print $1 "x" $2 }' | paste -sd ' ')" "12x200 8x201"

# A job still running when the server stops: its process is killed, its directory removed.
post "/api/design/$mt/tilestats" '{"games": 5000, "players": "mcts:5000,mcts:5000"}'
check 'status_is 202' "a long job: $(cat "$T/status") $(cat "$T/body")"
job=$(q .job)
child= i=0
while [ -z "$child" ] && [ $i -lt 100 ]; do
    child=$(awk -v p=$pid '$4 == p { print $1 }' /proc/[0-9]*/stat 2>/dev/null | head -n 1)
    [ -n "$child" ] || sleep 0.1
    i=$((i + 1))
done
req GET "/api/jobs/$job"
check '[ -n "$child" ] && [ "$(q "[.state, .total]")" = "[\"running\",5000]" ]' "the long job (process '$child'): $(cat "$T/body")"
check '[ -n "$(ls -A "$T/tmp")" ]' "the long job has no directory in \$TMPDIR"

# SIGTERM stops it cleanly (under the sanitizers, with no leak), and soon: a server that waits
# for its job to end is killed after a minute (and fails).
kill -TERM $pid
i=0
while kill -0 $pid 2>/dev/null && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
kill -0 $pid 2>/dev/null && { bad "meeple serve still runs a minute after SIGTERM"; kill -KILL $pid; }
wait $pid
rc=$?
check '[ $rc = 0 ] && grep -q "^meeple serve: stopped by SIGTERM$" "$T/err"' "meeple serve after SIGTERM: exit $rc, $(cat "$T/err")"
check '[ -n "$child" ] && ! kill -0 "$child" 2>/dev/null' "the long job's process $child outlived the server"
check '[ -z "$(ls -A "$T/tmp")" ]' "the server left $(ls "$T/tmp") in \$TMPDIR"
finish serve-rooms
