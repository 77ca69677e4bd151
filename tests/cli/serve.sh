#!/bin/sh
# serve.sh: meeple serve's JSON API over HTTP (meeple-serve(1)): the rulesets, a whole game of a
# human seat against a bot played by its first legal action each time, its record replayed by
# meeple replay to the same scores, and each bad request with its status and message.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}

need curl curl || finish serve

"$M" serve --port 0 >"$T/out" 2>"$T/err" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$T"' EXIT
# The URL, once the server listens (it prints it then); a server that never says it fails.
i=0
while ! grep -q '^meeple serve: http://127\.0\.0\.1:[0-9]*/$' "$T/out" && [ $i -lt 600 ] && kill -0 $pid 2>/dev/null; do
    sleep 0.1; i=$((i + 1))
done
U=$(sed -n 's|^meeple serve: \(http://.*/\)$|\1|p' "$T/out")
if [ -z "$U" ]; then bad "meeple serve --port 0 printed no URL: $(cat "$T/out" "$T/err")"; finish serve; fi

# req METHOD PATH [BODY-FILE]: the status in $T/status, the body in $T/body.
req() {
    if [ $# -gt 2 ]; then
        curl -s --path-as-is -X "$1" -o "$T/body" -w '%{http_code}' -H 'Content-Type: application/json' --data-binary @"$3" "$U${2#/}" >"$T/status"
    else
        curl -s --path-as-is -X "$1" -o "$T/body" -w '%{http_code}' "$U${2#/}" >"$T/status"
    fi
}
post() { printf '%s' "$2" >"$T/req"; req POST "$1" "$T/req"; }
status_is() { [ "$(cat "$T/status")" = "$1" ]; }
body_has() { grep -qF -- "$1" "$T/body"; }
# expect STATUS MESSAGE WHAT: the last reply had that status and {"error": "...MESSAGE..."}.
expect() {
    status_is "$1" && body_has '{"error":"' && body_has "$2" && ok || bad "$3: status $(cat "$T/status"), $(cat "$T/body"); expected $1 with '$2'"
}

req GET /api/rulesets
check 'status_is 200 && body_has "{\"name\":\"c3\",\"description\":\""' "GET /api/rulesets lacks c3: $(cat "$T/body")"

post /api/games '{"ruleset": "c3", "seats": ["human", "random"], "seed": 7}'
check 'status_is 201 && body_has "{\"game\":1,\"seats\":[{\"seat\":0,\"token\":\""' "POST /api/games: $(cat "$T/status") $(cat "$T/body")"
token=$(sed -n 's/.*"token":"\([0-9a-f]*\)".*/\1/p' "$T/body")
check '[ ${#token} = 32 ]' "the human seat's token is '$token', expected 32 hex digits"

# The whole game: the human always takes the first legal action of the state.
req GET /api/games/1
check 'status_is 200 && body_has "\"phase\":\"place\"" && body_has "\"over\":false"' "GET /api/games/1: $(cat "$T/body")"
moves=0
while ! body_has '"over":true' && [ $moves -lt 500 ]; do
    action=$(sed -n 's/.*"legal":\["\([^"]*\)".*/\1/p' "$T/body")
    [ -n "$action" ] || { bad "no legal action in $(cat "$T/body")"; break; }
    post /api/games/1/actions "{\"token\": \"$token\", \"action\": \"$action\"}"
    status_is 200 || { bad "action $action: $(cat "$T/status") $(cat "$T/body")"; break; }
    moves=$((moves + 1))
done
check 'body_has "\"over\":true" && body_has "\"phase\":\"over\"" && body_has "\"tiles_left\":0" && body_has "\"legal\":[]"' \
    "the game did not end after $moves actions: $(cat "$T/body")"
check '[ $moves -gt 30 ]' "the human played $moves actions, expected a whole game's (more than 30)"
scores=$(grep -o '"score":-*[0-9]*' "$T/body" | tr '\n' ' ')
post /api/games/1/actions "{\"token\": \"$token\", \"action\": \"-\"}"
expect 409 "game 1 is over" "an action after the end"

req GET /api/games/1/record
cp "$T/body" "$T/game.yaml"
check 'status_is 200 && grep -q "^status: over" "$T/game.yaml"' "GET /api/games/1/record: $(head -c 300 "$T/game.yaml")"
check '"$M" replay --json "$T/game.yaml" >"$T/replay.json" 2>"$T/replay.err"' "meeple replay refuses the record"
[ -s "$T/replay.err" ] && cat "$T/replay.err"
check '[ "$(grep -o "\"score\":-*[0-9]*" "$T/replay.json" | tr "\n" " ")" = "$scores" ]' \
    "the replayed scores are not the server's ($scores): $(cat "$T/replay.json")"

# Bad requests, each with its status and message.
post /api/games '{"ruleset": "c3", "seats": ["human",'
expect 400 "malformed JSON: " "malformed JSON"
post /api/games '["c3"]'
expect 400 "the body is not a JSON object" "a body that is no object"
post /api/games '{"ruleset": "../rulesets/c3", "seats": ["human", "random"]}'
expect 400 '\"ruleset\" is not a ruleset' "a ruleset given as a path"
post /api/games '{"ruleset": "c3", "seats": ["human", "nobot"]}'
expect 400 '\"seats\"[1]: ' "a seat that is no bot"
post /api/games '{"ruleset": "c3", "seats": ["human"]}'
expect 400 "1 seat; ruleset 'c3' expects 2 to 5" "too few seats"
# Two humans: each seat's token acts for that seat only.
post /api/games '{"ruleset": "c3", "seats": ["human", "human"], "seed": 3}'
check 'status_is 201 && body_has "{\"game\":2,"' "a game of two humans: $(cat "$T/body")"
t0=$(sed -n 's/.*"seat":0,"token":"\([0-9a-f]*\)".*/\1/p' "$T/body")
t1=$(sed -n 's/.*"seat":1,"token":"\([0-9a-f]*\)".*/\1/p' "$T/body")
req GET /api/games/2
first=$(sed -n 's/.*"player":\([0-9]\).*/\1/p' "$T/body")
if [ "$first" = 0 ]; then mine=$t0 theirs=$t1; else mine=$t1 theirs=$t0; fi
drawn=$(sed -n 's/.*"drawn":"\([^"]*\)".*/\1/p' "$T/body")
post /api/games/2/actions "{\"token\": \"$theirs\", \"action\": \"$drawn@1,0r0\"}"
expect 403 "a seat's link cannot act for another" "the other seat's token"
post /api/games/2/actions "{\"token\": \"$token\", \"action\": \"-\"}"
expect 403 "the token is no seat's of game 2" "game 1's token in game 2"
post /api/games/2/actions "{\"token\": \"$mine\", \"action\": \"$drawn@50,50r0\"}"
expect 422 "" "an illegal placement"
post /api/games/2/actions "{\"token\": \"$mine\", \"action\": \"@@@\"}"
expect 400 "column 1: " "an action that does not read"
post /api/games/2/actions "{\"token\": \"$mine\"}"
expect 400 'no \"action\"' "no action"
req GET /api/games/2
check 'body_has "\"turn\":0" && body_has "\"player\":$first"' "refused actions changed game 2: $(cat "$T/body")"
# An action's body over 64 KiB is refused whole; one just under it is read (and found no object).
head -c 70000 /dev/zero | tr '\0' ' ' >"$T/big"
req POST /api/games/2/actions "$T/big"
expect 413 "larger than 65536 bytes" "an action over 64 KiB"
head -c 65000 /dev/zero | tr '\0' ' ' >"$T/big"
printf '[]' >>"$T/big"
req POST /api/games/2/actions "$T/big"
expect 400 "the body is not a JSON object" "an action under 64 KiB"
# A new game's body (it may carry a record) is refused over 4 MiB.
head -c 4200000 /dev/zero | tr '\0' ' ' >"$T/big"
req POST /api/games "$T/big"
expect 413 "larger than 4194304 bytes" "a new game over 4 MiB"
req GET /api/../../../../etc/passwd
expect 404 "no such path" "a path with .."
check '! body_has "root:"' "a path with .. read a file"
req GET /api/games/99
expect 404 "no game '99'" "an unknown game"
req GET /api/games/99/record
expect 404 "no game '99'" "the record of an unknown game"
req GET /index.html
expect 404 "no such path '/index.html'" "an unknown path"
req DELETE /api/games/1
expect 405 "expected GET" "a known path with the wrong method"

# SIGTERM stops it cleanly (under the sanitizers, with no leak).
kill -TERM $pid
wait $pid
rc=$?
check '[ $rc = 0 ] && grep -q "^meeple serve: stopped by SIGTERM$" "$T/err"' "meeple serve after SIGTERM: exit $rc, $(cat "$T/err")"
finish serve
