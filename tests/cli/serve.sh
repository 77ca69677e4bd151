#!/bin/sh
# serve.sh: meeple serve's JSON API over HTTP (meeple-serve(1)): the rulesets, a whole game of a
# human seat against a bot played by its first legal action each time, its record replayed by
# meeple replay to the same scores, and each bad request with its status and message.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}

need curl curl || finish serve

. "$(dirname "$0")/serve-lib.sh"
serve_start
[ -n "$U" ] || finish serve
status_is() { [ "$(cat "$T/status")" = "$1" ]; }
body_has() { grep -qF -- "$1" "$T/body"; }
# expect STATUS MESSAGE WHAT: the last reply had that status and {"error": "...MESSAGE..."}.
expect() {
    status_is "$1" && body_has '{"error":"' && body_has "$2" && ok || bad "$3: status $(cat "$T/status"), $(cat "$T/body"); expected $1 with '$2'"
}

req GET /api/rulesets
check 'status_is 200 && body_has "{\"name\":\"c3\",\"description\":\""' "GET /api/rulesets lacks c3: $(cat "$T/body")"

# board_fits STATE-FILE: the board of game $gid holds every cell a choice of the state names, in the
# picture (its width and height) as the geometry places them (needs jq).
board_fits() {
    req GET "/api/games/$gid/board"
    status_is 200 || return 1
    jq -r .svg "$T/body" >"$T/board.svg"
    w=$(sed -n 's/^<svg [^>]* width="\([0-9]*\)" height="\([0-9]*\)".*/\1/p' "$T/board.svg")
    h=$(sed -n 's/^<svg [^>]* width="\([0-9]*\)" height="\([0-9]*\)".*/\2/p' "$T/board.svg")
    [ -n "$w" ] && [ -n "$h" ] || return 1
    jq -e --slurpfile s "$1" --argjson w "$w" --argjson h "$h" '.geometry as $g | $g.size > 0 and
        ([$s[0].choices[] | select(.x != null) | $g.x0 + .x * $g.size >= 0 and $g.x0 + (.x + 1) * $g.size <= $w and
          $g.y0 + .y * $g.size >= 0 and $g.y0 + (.y + 1) * $g.size <= $h] | all)' "$T/body" >/dev/null
}

post /api/games '{"ruleset": "c3", "seats": ["human", "greedy"], "seed": 7}'
check 'status_is 201 && body_has "{\"game\":1,\"seats\":[{\"seat\":0,\"token\":\""' "POST /api/games: $(cat "$T/status") $(cat "$T/body")"
token=$(sed -n 's/.*"token":"\([0-9a-f]*\)".*/\1/p' "$T/body")
check '[ ${#token} = 32 ]' "the human seat's token is '$token', expected 32 hex digits"
gid=1

# The whole game: the human always takes the first choice of the state (choices[0], its action as
# the page posts it); once, in the middle, it undoes a placement and takes it again; the record is
# downloaded halfway, to be resumed below.
req GET "/api/games/1?token=$token"
check 'status_is 200 && body_has "\"phase\":\"place\"" && body_has "\"over\":false" && body_has "\"seat\":0" && body_has "\"can_undo\":false"' \
    "GET /api/games/1?token=: $(cat "$T/body")"
# Each player's colour by the ruleset, and as the board draws it; his pieces (c3: followers only).
check 'body_has "\"colour\":\"blue\",\"rgb\":\"#2b63c9\",\"pieces\":[{\"name\":\"follower\",\"left\":7}]" && body_has "\"colour\":\"red\",\"rgb\":\"#d62728\""' \
    "the players' colours and pieces: $(cat "$T/body")"
moves=0 undone=0 fits=0 fits_bad=0 have_jq=no
if need jq jq; then have_jq=yes; fi
while ! body_has '"over":true' && [ $moves -lt 500 ]; do
    cp "$T/body" "$T/state"
    action=$(sed -n 's/.*"choices":\[{"action":"\([^"]*\)".*/\1/p' "$T/state")
    [ -n "$action" ] || { bad "no choice in $(cat "$T/state")"; break; }
    if [ $((moves % 9)) = 0 ] && [ $have_jq = yes ]; then
        if board_fits "$T/state"; then fits=$((fits + 1)); else fits_bad=$((fits_bad + 1)); echo "board: $(head -c 300 "$T/body")"; fi
    fi
    [ $moves = 40 ] && req GET /api/games/1/record && cp "$T/body" "$T/mid.yaml"
    post /api/games/1/actions "{\"token\": \"$token\", \"action\": \"$action\"}"
    status_is 200 || { bad "action $action: $(cat "$T/status") $(cat "$T/body")"; break; }
    if [ $undone = 0 ] && body_has '"phase":"deploy"' && body_has '"can_undo":true'; then
        undone=1
        post /api/games/1/undo "{\"token\": \"$token\"}"
        check 'status_is 200 && [ "$(sed "s/\"can_undo\":[a-z]*//" "$T/body")" = "$(sed "s/\"can_undo\":[a-z]*//" "$T/state")" ]' \
            "the undo of $action did not give back the state before it: $(cat "$T/body"); expected $(cat "$T/state")"
        check 'body_has "\"can_undo\":false"' "can_undo after an undo: $(cat "$T/body")"
        post /api/games/1/undo "{\"token\": \"$token\"}"
        expect 409 "nothing to undo for seat 0" "a second undo"
        post /api/games/1/actions "{\"token\": \"$token\", \"action\": \"$action\"}"
        status_is 200 || { bad "action $action again: $(cat "$T/status") $(cat "$T/body")"; break; }
    fi
    moves=$((moves + 1))
done
check 'body_has "\"over\":true" && body_has "\"phase\":\"over\"" && body_has "\"tiles_left\":0" && body_has "\"legal\":[]" && body_has "\"choices\":[]"' \
    "the game did not end after $moves actions: $(cat "$T/body")"
check '[ $moves -gt 30 ] && [ $undone = 1 ]' "the human played $moves actions (undone: $undone), expected a whole game's (more than 30) with an undo"
if [ $have_jq = yes ]; then
    check '[ $fits -gt 3 ] && [ $fits_bad = 0 ]' "boards that hold every choice's cell: $fits, that do not: $fits_bad"
    check 'jq -e "(.turns | length) == .turn and (.players | length) == 2 and .players[0].supply >= 0 and .last == null and .bag == []" "$T/body" >/dev/null' \
        "the final state's turns, players, last and bag: $(cat "$T/body")"
fi
scores=$(grep -o '"score":-*[0-9]*' "$T/body" | tr '\n' ' ')
post /api/games/1/actions "{\"token\": \"$token\", \"action\": \"-\"}"
expect 409 "game 1 is over" "an action after the end"
post /api/games/1/undo "{\"token\": \"$token\"}"
expect 409 "nothing to undo for seat 0" "an undo after the end"

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
cp "$T/body" "$T/state0"
if [ "$first" = 0 ]; then mine=$t0 theirs=$t1; else mine=$t1 theirs=$t0; fi
drawn=$(sed -n 's/.*"drawn":"\([^"]*\)".*/\1/p' "$T/body")
post /api/games/2/actions "{\"token\": \"$theirs\", \"action\": \"$drawn@1,0r0\"}"
expect 403 "a seat's link cannot act for another" "the other seat's token"
post /api/games/2/actions "{\"token\": \"$token\", \"action\": \"-\"}"
expect 403 "the token is no seat's of game 2" "game 1's token in game 2"
post /api/games/2/actions "{\"token\": \"$mine\", \"action\": \"$drawn@50,50r0\"}"
expect 422 "does not fit at 50,50 rotation 0: cell 50,50 touches no tile along a side" "an illegal placement"
post /api/games/2/actions "{\"token\": \"$mine\", \"action\": \"$drawn@5"
expect 400 "malformed JSON: " "an action of malformed JSON"
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
req GET /no-such-page.html
expect 404 "no such path '/no-such-page.html'" "an unknown path"
req DELETE /api/games/1
expect 405 "expected GET" "a known path with the wrong method"

# A module's decisions among the choices (bcb, two humans, each taking a module's decision when
# offered): with their arguments by name, a bridge with the cell it is on, a bid with none.
if [ $have_jq = yes ]; then
    post /api/games '{"ruleset": "bcb", "seats": ["human", "human"], "seed": 3}'
    bid=$(sed -n 's/^{"game":\([0-9]*\),.*/\1/p' "$T/body")
    jq -r '.seats[].token' "$T/body" >"$T/tokens"
    req GET "/api/games/$bid"
    : >"$T/decisions"
    n=0
    while [ $n -lt 200 ] && body_has '"over":false'; do
        jq -r '.choices[] | select(.kind == "module") | "\(.decision.module) \(.decision.name) \(.x != null) \(.decision.args | keys | join(","))"' "$T/body" >>"$T/decisions"
        action=$(jq -r '(([.choices[] | select(.kind == "module")] + .choices)[0]).action' "$T/body")
        tok=$(sed -n "$(($(jq .player "$T/body") + 1))p" "$T/tokens")
        post "/api/games/$bid/actions" "{\"token\": \"$tok\", \"action\": \"$action\"}"
        status_is 200 || { bad "bcb: action $action: $(cat "$T/status") $(cat "$T/body")"; break; }
        n=$((n + 1))
    done
    check 'grep -Eq "^bridges (build true axis|place true axis,bridge-x,bridge-y)$" "$T/decisions" && grep -q "^bazaars select false bid,slot$" "$T/decisions" && grep -q "^bazaars bid false bid$" "$T/decisions"' \
        "the module decisions of a bcb game: $(sort -u "$T/decisions" | tr '\n' ';')"
fi

# A game's pictures: the board with its geometry, the drawn tile turned, any tile of its ruleset.
# ctype PATH: the Content-Type of a GET in $T/ctype (the body in $T/body, the status in $T/status).
ctype() { curl -s -o "$T/body" -w '%{http_code} %{content_type}' "$U${1#/}" >"$T/ctype"; cut -d' ' -f1 "$T/ctype" >"$T/status"; }
req GET /api/games/2/board
check 'status_is 200 && body_has "{\"svg\":\"<?xml version=" && body_has "\"geometry\":{\"size\":80.0,\"x0\":"' "GET /api/games/2/board: $(head -c 300 "$T/body")"
ctype "/api/games/2/drawn.svg?rot=1"
check 'status_is 200 && grep -q " image/svg+xml" "$T/ctype" && head -2 "$T/body" | grep -q "^<svg .*width=\"96\" height=\"96\""' \
    "GET /api/games/2/drawn.svg?rot=1: $(cat "$T/ctype") $(head -c 300 "$T/body")"
if need xmllint libxml2-utils; then check 'xmllint --noout "$T/body"' "drawn.svg is not well-formed XML"; fi
cp "$T/body" "$T/drawn1.svg"
ctype "/api/games/2/tiles/$drawn.svg?rot=1"
check 'status_is 200 && cmp -s "$T/body" "$T/drawn1.svg"' "tiles/$drawn.svg?rot=1 is not the drawn tile's picture: $(head -c 300 "$T/body")"
ctype "/api/games/2/tiles/$drawn.svg"
check 'status_is 200 && ! cmp -s "$T/body" "$T/drawn1.svg"' "tiles/$drawn.svg (rotation 0) is the same picture as rotation 1"
ctype "/api/games/2/tiles/%44.svg"
check 'status_is 200 && grep -q "<title>D</title>" "$T/body"' "tiles/%44.svg (D, its id escaped in the URL): $(cat "$T/ctype") $(head -c 300 "$T/body")"
req GET "/api/games/2/drawn.svg?rot=4"
expect 400 "rot '4' is not a rotation; expected 0, 1, 2 or 3" "drawn.svg?rot=4"
req GET "/api/games/2/tiles/D.svg?rot=x"
expect 400 "rot 'x' is not a rotation" "tiles/D.svg?rot=x"
req GET /api/games/2/tiles/unknown.svg
expect 404 "no tile 'unknown.svg' in ruleset 'c3'" "an unknown tile"
req GET /api/games/2/tiles/D.png
expect 404 "no tile 'D.png' in ruleset 'c3'" "a tile not asked for as .svg"
req GET /api/games/1/drawn.svg
expect 404 "game 1 has no tile drawn" "the drawn tile of a game over"
req POST /api/games/2/board
expect 405 "expected GET" "POST to the board"
req GET /api/games/2/nothing
expect 404 "no such path '/api/games/2/nothing'" "an unknown path of a game"

# The state as a seat sees it; undo within the seat's own turn only.
req GET "/api/games/2?token=$theirs"
check 'status_is 200 && body_has "\"seat\":$((1 - first)),\"can_undo\":false"' "the state for the other seat: $(cat "$T/body")"
req GET "/api/games/2?token=nobody"
expect 403 "the token is no seat's of game 2" "the state for a token of no seat"
if need jq jq; then
    check 'jq -e ".drawn_rotations == ([.choices[] | select(.kind == \"place\") | .rot] | unique)" "$T/state0" >/dev/null' \
        "drawn_rotations are not the rotations of the placements: $(cat "$T/state0")"
fi
place=$(sed -n 's/.*"choices":\[{"action":"\([^"]*\)".*/\1/p' "$T/state0")
post /api/games/2/undo "{\"token\": \"$mine\"}"
expect 409 "nothing to undo for seat $first" "an undo before any action"
post /api/games/2/actions "{\"token\": \"$mine\", \"action\": \"$place\"}"
check 'status_is 200 && body_has "\"phase\":\"deploy\"" && body_has "\"can_undo\":true" && body_has "\"kind\":\"deploy\"" && body_has "\"kind\":\"pass\",\"label\":\"pass\""' \
    "a placement by a human of game 2: $(cat "$T/body")"
if need jq jq; then
    check 'jq -e ".last as \$l | \$l != null and ([.choices[] | select(.kind == \"deploy\") | .x == \$l.x and .y == \$l.y and .role != \"\" and .feature_kind != \"\" and .spot.x >= 0 and .spot.x <= 1 and .spot.y >= 0 and .spot.y <= 1] | all)" "$T/body" >/dev/null' \
        "the deployments of the tile placed: $(cat "$T/body")"
fi
post /api/games/2/undo "{\"token\": \"$theirs\"}"
expect 409 "nothing to undo for seat $((1 - first))" "an undo by the seat whose turn it is not"
post /api/games/2/undo "{\"token\": \"$token\"}"
expect 403 "the token is no seat's of game 2" "an undo with another game's token"
post /api/games/2/undo '{"token": '
expect 400 "malformed JSON: " "an undo of malformed JSON"
post /api/games/2/undo '{}'
expect 400 'no \"token\"' "an undo without a token"
post /api/games/2/undo "{\"token\": \"$mine\"}"
check 'status_is 200 && body_has "\"phase\":\"place\",\"turn\":0," && body_has "\"drawn\":\"$drawn\"" && body_has "\"can_undo\":false"' \
    "the undo of game 2's placement: $(cat "$T/body")"
post /api/games/2/actions "{\"token\": \"$mine\", \"action\": \"$place\"}"
# A follower where a deployment's spot says: the board draws it there (in the tile's 80 units).
deploy=- spot=
if need jq jq; then
    deploy=$(jq -r '[.choices[] | select(.kind == "deploy")][0].action' "$T/body")
    spot=$(jq -r '[.choices[] | select(.kind == "deploy")][0].spot | "\(.x * 80) \(.y * 80)"' "$T/body")
fi
post /api/games/2/actions "{\"token\": \"$mine\", \"action\": \"$deploy\"}"
check 'status_is 200 && body_has "\"turns\":[\"$place $deploy\"]" && body_has "\"can_undo\":false"' "game 2 after a turn: $(cat "$T/body")"
if [ -n "$spot" ]; then
    req GET /api/games/2/board
    at=$(grep -o 'circle class=\\"follower\\" cx=\\"[0-9.]*\\" cy=\\"[0-9.]*' "$T/body" | tr -dc '0-9. \n' | sed 's/^ *//')
    check 'echo "$at $spot" | awk "{ exit !(NF == 4 && (\$1 - \$3) ^ 2 < 0.01 && (\$2 - \$4) ^ 2 < 0.01) }"' \
        "the follower of $deploy is drawn at '$at', its spot says '$spot'"
fi
post /api/games/2/undo "{\"token\": \"$mine\"}"
expect 409 "nothing to undo for seat $first" "an undo once the turn has passed"
req GET /api/games/2/record
check 'status_is 200 && [ "$(turns "$T/body")" = "$place $deploy" ]' "game 2's record after an undo and a turn: $(cat "$T/body")"

# Resumed games. record_body SEATS FILE [MORE]: a new game's body with the record of FILE.
record_body() { printf '{"seats": %s, "record": "%s"%s}' "$1" "$(sed 's/\\/\\\\/g; s/"/\\"/g' "$2" | awk '{printf "%s\\n", $0}')" "${3:-}" >"$T/req"; }
# Game 1's record halfway, resumed with bots only, ends as `meeple play --resume` ends it with the
# same bots: they decide from the seed and the point of the game, wherever they play.
check 'grep -q "^status: playing" "$T/mid.yaml"' "the record of game 1 halfway: $(head -c 300 "$T/mid.yaml")"
record_body '["greedy", "greedy"]' "$T/mid.yaml"
req POST /api/games "$T/req"
check 'status_is 201 && body_has "\"seats\":[]"' "a record resumed with two bots: $(cat "$T/status") $(cat "$T/body")"
rid=$(sed -n 's/^{"game":\([0-9]*\),.*/\1/p' "$T/body")
req GET "/api/games/$rid"
check 'body_has "\"over\":true" && body_has "\"kind\":\"greedy\""' "the resumed game with two bots did not end: $(cat "$T/body")"
api_scores=$(grep -o '"score":-*[0-9]*' "$T/body" | tr '\n' ' ')
req GET "/api/games/$rid/record"
cp "$T/body" "$T/resumed.yaml"
check '[ "$(turns "$T/mid.yaml")" = "$(turns "$T/resumed.yaml" | head -n "$(turns "$T/mid.yaml" | wc -l)")" ] && [ "$(turns "$T/resumed.yaml" | wc -l)" -gt "$(turns "$T/mid.yaml" | wc -l)" ]' \
    "the resumed game's record does not go on from the one resumed: $(cat "$T/resumed.yaml")"
check '"$M" replay --json "$T/resumed.yaml" >"$T/replay.json" 2>"$T/replay.err"' "meeple replay refuses the resumed record: $(cat "$T/replay.err")"
cp "$T/mid.yaml" "$T/mid-cli.yaml"
check '"$M" play --resume "$T/mid-cli.yaml" --players greedy,greedy --json >"$T/cli.json" 2>"$T/cli.err"' \
    "meeple play --resume refuses a record of the server"
check '[ "$(grep -o "\"score\":-*[0-9]*" "$T/cli.json" | tr "\n" " ")" = "$api_scores" ] && cmp -s "$T/mid-cli.yaml" "$T/resumed.yaml"' \
    "meeple play --resume ends game 1 otherwise than the server ($api_scores): $(cat "$T/cli.json")"
# A record of meeple play cut after 10 turns (meeple-record(5): finished turns, status playing) is
# resumed with a human seat, who goes on from there.
"$M" play --players greedy,greedy --seed 5 --record "$T/cli5.yaml" >/dev/null
awk 'BEGIN { t = 0 } /^status:/ { print "status: playing"; next } /^drawn:/ { next } /^n_turns:/ { print "n_turns: 10"; next }
     /^final:/ { exit } /^- "/ && inturns { if (t++ >= 10) next } /^turns:/ { inturns = 1 } { print }' "$T/cli5.yaml" >"$T/cut.yaml"
record_body '["human", "greedy"]' "$T/cut.yaml"
req POST /api/games "$T/req"
check 'status_is 201 && body_has "\"seats\":[{\"seat\":0,\"token\":\""' "a cut record of meeple play resumed: $(cat "$T/status") $(cat "$T/body")"
rid=$(sed -n 's/^{"game":\([0-9]*\),.*/\1/p' "$T/body")
req GET "/api/games/$rid"
check 'body_has "\"over\":false" && body_has "\"player\":0" && body_has "\"name\":\"greedy-1\",\"kind\":\"human\"" && [ "$(grep -o "\"turns\":\[[^]]*\]" "$T/body" | grep -o "\",\"" | wc -l)" -ge 9 ]' \
    "the cut record resumed: $(cat "$T/body")"
req GET "/api/games/$rid/record"
check 'status_is 200 && [ "$(turns "$T/cut.yaml")" = "$(turns "$T/body" | head -n 10)" ] && grep -q "kind: \"human\"" "$T/body"' \
    "the record of the cut record resumed: $(cat "$T/body")"
# Bad records, each with its status and message.
printf 'format: 1\nruleset: [\n' >"$T/bad.yaml"
record_body '["human", "greedy"]' "$T/bad.yaml"
req POST /api/games "$T/req"
expect 400 '\"record\" line 3 column 1: ' "a record that is no YAML"
post /api/games '{"seats": ["human", "greedy"], "record": 5}'
expect 400 '\"record\" is not a string' "a record that is no string"
record_body '["human", "greedy", "greedy"]' "$T/cut.yaml"
req POST /api/games "$T/req"
expect 400 '\"seats\": 3 seats; the record has 2 players' "seats that are not the record's players"
record_body '["human", "greedy"]' "$T/cut.yaml" ', "ruleset": "bcb"'
req POST /api/games "$T/req"
expect 400 "\\\"ruleset\\\" is not the record's ('c3')" "a ruleset that is not the record's"
record_body '["human", "greedy"]' "$T/cut.yaml" ', "seed": 6'
req POST /api/games "$T/req"
expect 400 "\\\"seed\\\" is not the record's (5)" "a seed that is not the record's"
sed 's/^ruleset: .*/ruleset: "..\/rulesets\/c3"/' "$T/cut.yaml" >"$T/bad.yaml"
record_body '["human", "greedy"]' "$T/bad.yaml"
req POST /api/games "$T/req"
expect 400 "is not a ruleset's name" "a record of a ruleset given as a path"
sed 's/^ruleset_hash: .*/ruleset_hash: "0123456789abcdef"/' "$T/cut.yaml" >"$T/bad.yaml"
record_body '["human", "greedy"]' "$T/bad.yaml"
req POST /api/games "$T/req"
expect 400 "with hash 0123456789abcdef, which hashes to" "a record of other rules"
awk '/^- "/ && !done { print "- \"D@50,50r0\""; done = 1; next } { print }' "$T/cut.yaml" >"$T/bad.yaml"
record_body '["human", "greedy"]' "$T/bad.yaml"
req POST /api/games "$T/req"
expect 400 '\"record\" line 13 column 4: turn 1: ' "a record with an illegal turn"

# mcts seats think at most --think (2 s by default) a decision; an iteration budget is kept.
post /api/games '{"ruleset": "c3", "seats": ["human", "mcts:99s", "mcts", "mcts:0.5s", "mcts:300"], "seed": 2}'
check 'status_is 201' "a game with mcts seats: $(cat "$T/status") $(cat "$T/body")"
mid=$(sed -n 's/^{"game":\([0-9]*\),.*/\1/p' "$T/body")
req GET "/api/games/$mid"
check 'body_has "\"kind\":\"mcts:2s\",\"score\"" && [ "$(grep -o "\"kind\":\"mcts:2s\"" "$T/body" | wc -l)" = 2 ] && body_has "\"kind\":\"mcts:0.5s\"" && body_has "\"kind\":\"mcts:300\""' \
    "the kinds of mcts seats capped at 2 s: $(cat "$T/body")"

# SIGTERM stops it cleanly (under the sanitizers, with no leak).
kill -TERM $pid
wait $pid
rc=$?
check '[ $rc = 0 ] && grep -q "^meeple serve: stopped by SIGTERM$" "$T/err"' "meeple serve after SIGTERM: exit $rc, $(cat "$T/err")"
finish serve
