#!/bin/sh
# serve-balance.sh: meeple serve's balance jobs (meeple-serve(1), section API, POST
# /api/design/ID/balance): a fan tile set mixed into c3 by --tiles (the same result as meeple
# balance, with its chart), a ruleset design, a tile set with a start tile played alone, the
# bad requests, the child's command line with the defaults, the progress with the time left, and
# a job killed when the server stops leaving nothing in $TMPDIR.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
S=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}

need curl curl || finish serve-balance
need jq jq || finish serve-balance

mkdir "$T/tmp"
. "$(dirname "$0")/serve-lib.sh"
SERVE_TMPDIR="$T/tmp" serve_start "$S/rulesets/examples/market-town-rules.yaml"
[ -n "$U" ] || finish serve-balance
upload() { jq -Rs --arg n "${3:-$(basename "$2")}" '{name: $n, text: .}' "$2" >"$T/req"; req POST "$1" "$T/req"; }
# run_job BODY-OF-POST DESIGN: a balance job of the design to its end (at most a minute), its last
# GET /api/jobs/JID in $T/body.
run_job() {
    post "/api/design/$2/balance" "$1"
    check 'status_is 202' "POST /api/design/$2/balance $1: $(cat "$T/status") $(cat "$T/body")"
    job=$(q .job)
    i=0
    while req GET "/api/jobs/$job" && [ "$(q .state)" = '"running"' ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
}
# the_result: the job's result without what names the job's directory and the chart, to compare
# with the command's output.
the_result() { jq -c '.result | del(.tiles_file, .svg)' "$T/body"; }

# ---------------------------------------------------------------- a fan tile set, mixed in
upload /api/design "$S/rulesets/examples/market-town.yaml"
mt=$(q .design)
post "/api/design/$mt/balance" '{"games": 4, "players": "greedy,greedy"}'
check 'status_is 202 && q .ruleset_text | grep -qF -- "--tiles market-town.yaml"' "a tile set mixed in by --tiles: $(cat "$T/body")"
job=$(q .job)
i=0
while req GET "/api/jobs/$job" && [ "$(q .state)" = '"running"' ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
same "the job's end" "$(q '[.command, .state, .done, .total, .left]')" '["balance","done",4,4,null]'
# The design is written under its own name, market-town.yaml: its tiles' set is "market-town"
# (meeple-balance(1): a set is labelled by its file's name).
same "the tiles of the result" "$(q '[(.result.tiles | length), ([.result.tiles[] | select(.set == "base")] | length),
    ([.result.tiles[] | select(.set == "market-town")] | length), .result.flagged]')" '[32,24,8,["MT-gate"]]'
check 'q .result.tiles_file | grep -q "/market-town.yaml\"$"' "the job played no market-town.yaml: $(q .result.tiles_file)"
jq -j .result.svg "$T/body" >"$T/chart.svg"
check 'head -n 2 "$T/chart.svg" | grep -q "^<svg xmlns=\"http://www.w3.org/2000/svg\"" && tail -n 1 "$T/chart.svg" | grep -q "</svg>"' \
    "the result's svg is no SVG image: $(head -c 200 "$T/chart.svg")"
check 'grep -q "MT-gate" "$T/chart.svg"' "the chart does not name market-town's tiles"
the_result >"$T/job.json"
mkdir "$T/mine"
cp "$S/rulesets/examples/market-town.yaml" "$T/mine/market-town.yaml"
"$M" balance --ruleset c3 --tiles "$T/mine/market-town.yaml" --games 4 --seed 1 --players greedy,greedy --json \
    --svg "$T/command.svg" | jq -c 'del(.tiles_file)' >"$T/command.json"
same "the job's result" "$(cat "$T/job.json")" "$(cat "$T/command.json")"
check 'cmp -s "$T/chart.svg" "$T/command.svg"' "the job's chart is not meeple balance --svg's"
check '[ -z "$(ls -A "$T/tmp")" ]' "a job's end left $(ls "$T/tmp") in \$TMPDIR"

# ---------------------------------------------------------------- a ruleset; a tile set with a start tile
post /api/design "{\"file\": \"$S/rulesets/examples/market-town-rules.yaml\"}"
rules=$(q .design)
run_job '{"games": 3, "seed": 5, "players": "greedy,random"}' "$rules"
same "a ruleset design's job" "$(q '[.state, .done, .result.tiles_file, (.result.tiles | length)]')" '["done",3,null,32]'
same "a ruleset design's result" "$(the_result)" \
    "$("$M" balance --ruleset "$S/rulesets/examples/market-town-rules.yaml" --games 3 --seed 5 --players greedy,random --json | jq -c 'del(.tiles_file)')"
upload /api/design "$S/rulesets/tiles/base.yaml"
base=$(q .design)
run_job '{"games": 2, "players": "greedy,greedy"}' "$base"
same "a tile set with a start tile, played alone" "$(q '[.state, ([.result.tiles[].set] | unique), .result.flagged]')" '["done",["base"],[]]'

# ---------------------------------------------------------------- bad requests
post "/api/design/$mt/balance" '{"players": "greedy,nobot"}'
expect 400 "\\\"players\\\": bad seat 'nobot': no bot of that name; expected random, greedy, mcts" "a balance job with no bot"
post "/api/design/$mt/balance" '{"players": 3}'
expect 400 '\"players\" is not a string' "a balance job whose players are a number"
post "/api/design/$mt/balance" '{"games": 0}'
expect 400 '\"games\" is not a whole number from 1 to 5000' "a balance job of 0 games"
post "/api/design/$mt/balance" '{"games": 5001}'
expect 400 '\"games\"' "a balance job of too many games"
post "/api/design/$mt/balance" '{"games": '
expect 400 'malformed JSON' "a balance job's malformed JSON"
post /api/design/999/balance '{}'
expect 404 "no design 999" "a balance job of an unknown design"
upload /api/design "$S/tests/bad/lint-many.yaml"
post "/api/design/$(q .design)/balance" '{}'
expect 409 "does not load" "a balance job of a design that does not load"
req GET "/api/design/$mt/balance"
expect 405 "expected POST" "GET of a design's balance"

# ---------------------------------------------------------------- long jobs, and the server's stop
# The progress lines give the time left; the defaults are the command's; a job still running
# when the server stops is killed, and its directory (with the chart's temporary file) removed.
post "/api/design/$mt/balance" '{"games": 5000, "players": "greedy,greedy"}'
check 'status_is 202' "a long job: $(cat "$T/status") $(cat "$T/body")"
long=$(q .job)
i=0
while req GET "/api/jobs/$long" && [ "$(q .left)" = null ] && [ "$(q .state)" = '"running"' ] && [ $i -lt 1200 ]; do sleep 0.1; i=$((i + 1)); done
check '[ "$(q "[.state, .total, (.done > 0)]")" = "[\"running\",5000,true]" ] && q .left | grep -Eq "^\"(about .* s|less than 0.1 s)\"$"' \
    "the long job's progress: $(cat "$T/body")"
post "/api/design/$mt/balance" '{}'
check 'status_is 202' "a job of the defaults: $(cat "$T/status") $(cat "$T/body")"
req GET "/api/jobs/$(q .job)"
same "a job of the defaults" "$(q '[.state, .total]')" '["running",200]'
# The children's command lines (NUL-separated in /proc), the defaults' the last one.
lines=
i=0
while [ "$(printf '%s' "$lines" | grep -c '^meeple balance ')" -lt 2 ] && [ $i -lt 100 ]; do
    lines=$(for c in $(awk -v p=$pid '$4 == p { print $1 }' /proc/[0-9]*/stat 2>/dev/null); do tr '\0' ' ' <"/proc/$c/cmdline"; echo; done)
    sleep 0.1
    i=$((i + 1))
done
dir="$T/tmp/meeple-job\.[^/]*"
defaults="^meeple balance --ruleset c3 --tiles $dir/market-town\.yaml --games 200 --seed 1 --players mcts:1000,mcts:1000 --json --progress"
check 'printf "%s" "$lines" | grep -q "$defaults --svg $dir/chart\.svg $"' "the child of the defaults: $lines"
children=$(awk -v p=$pid '$4 == p { print $1 }' /proc/[0-9]*/stat 2>/dev/null)
i=0
while ! ls "$T"/tmp/*/chart.svg.tmp.* >/dev/null 2>&1 && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
check 'ls "$T"/tmp/*/chart.svg.tmp.* >/dev/null 2>&1' "a running job has no chart being written in \$TMPDIR: $(ls -R "$T/tmp")"
kill -TERM $pid
i=0
while kill -0 $pid 2>/dev/null && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
kill -0 $pid 2>/dev/null && { bad "meeple serve still runs a minute after SIGTERM"; kill -KILL $pid; }
wait $pid
rc=$?
check '[ $rc = 0 ] && grep -q "^meeple serve: stopped by SIGTERM$" "$T/err"' "meeple serve after SIGTERM: exit $rc, $(cat "$T/err")"
for c in $children; do check '! kill -0 "$c" 2>/dev/null' "the job's process $c outlived the server"; done
check '[ -z "$(ls -A "$T/tmp")" ]' "the server left $(ls -R "$T/tmp") in \$TMPDIR"
finish serve-balance
