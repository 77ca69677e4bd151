#!/bin/sh
# serve-server.sh: meeple serve's command line and thread model (meeple-serve(1), OPTIONS): --bind
# over IPv6 and refused addresses, --think, --max-games and the design FILEs, --open with a
# browser opener that works, fails or is missing, Cache-Control on the API's replies, and a slow
# request (an mcts seat thinking) that holds up no request of another game.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}

need curl curl || finish serve-server

. "$(dirname "$0")/serve-lib.sh"
# stop: SIGTERM; the server stops cleanly (exit 0, said on stderr).
stop() {
    kill -TERM $pid
    wait $pid
    rc=$?
    check '[ $rc = 0 ] && grep -q "^meeple serve: stopped by SIGTERM$" "$T/err"' "meeple serve after SIGTERM: exit $rc, $(cat "$T/err")"
    pid=
}
# get PATH: the status of GET $U/PATH in $T/status, its headers in $T/head, its body in $T/body.
get() { curl -s -g --path-as-is -D "$T/head" -o "$T/body" -w '%{http_code}' "$U${1#/}" >"$T/status"; }
# usage_exit CODE MESSAGE ARGS...: meeple serve ARGS... exits CODE at once with MESSAGE on stderr.
usage_exit() {
    code=$1 msg=$2
    shift 2
    "$M" serve "$@" >"$T/uout" 2>"$T/uerr"
    rc=$?
    check '[ $rc = $code ] && grep -qF -- "$msg" "$T/uerr" && [ ! -s "$T/uout" ]' \
        "meeple serve $*: exit $rc, $(cat "$T/uerr"); expected $code with '$msg'"
}

# --bind: IPv6, on this machine's loopback when it has one.
if [ -r /proc/net/if_inet6 ] && grep -q '^00000000000000000000000000000001 ' /proc/net/if_inet6; then
    serve_start --bind ::1
    check 'printf "%s" "$U" | grep -q "^http://\[::1\]:[1-9][0-9]*/$"' "--bind ::1: the URL is '$U', expected http://[::1]:PORT/"
    get /api/rulesets
    check '[ "$(cat "$T/status")" = 200 ] && grep -qF "{\"name\":\"c3\"" "$T/body"' "GET /api/rulesets over IPv6: $(cat "$T/status") $(cat "$T/body")"
    stop
    # Written out in full, the address is printed as the system writes it.
    serve_start --bind 0:0:0:0:0:0:0:1
    check 'printf "%s" "$U" | grep -q "^http://\[::1\]:[1-9][0-9]*/$"' "--bind 0:0:0:0:0:0:0:1: the URL is '$U', expected http://[::1]:PORT/"
    stop
else
    skipped=$((skipped + 1))
    echo "SKIP: --bind ::1 (this machine has no IPv6 loopback: /proc/net/if_inet6 lists no ::1)"
fi
for a in localhost 127.0.0.256 '[::1]' '::1::2' ''; do
    usage_exit 2 "--bind: '$a' is not an IPv4 or IPv6 address; expected one like 127.0.0.1 or ::1" --bind "$a"
done

# --think: seconds above 0, at most 60.
for t in 0 0.0 61 60.5; do
    usage_exit 2 "--think: '$t' is out of range; expected seconds above 0 and at most 60" --think "$t"
done
for t in abc -1 1e3 inf '' 2s 0x10 1.2.3; do
    usage_exit 2 "--think: '$t' is not a number; expected seconds above 0 and at most 60" --think "$t"
done
usage_exit 2 "option '--think' needs a value" --think

# The design FILEs: each readable at the start, or nothing is served.
usage_exit 1 "meeple serve: $T/none.yaml: cannot read: No such file or directory; expected a tile-set or ruleset file" \
    "$MEEPLE_SRCDIR/rulesets/tiles/base.yaml" "$T/none.yaml"
usage_exit 1 "meeple serve: $T: cannot read: Is a directory" "$T"
if [ "$(id -u)" != 0 ]; then   # root reads any file
    printf 'tiles: []\n' >"$T/secret.yaml"
    chmod 000 "$T/secret.yaml"
    usage_exit 1 "meeple serve: $T/secret.yaml: cannot read: Permission denied" "$T/secret.yaml"
fi

# A readable FILE and --think in range: served. Every API reply says Cache-Control: no-store, an
# error's too.
serve_start --think 0.5 "$MEEPLE_SRCDIR/rulesets/tiles/base.yaml" "$MEEPLE_SRCDIR/rulesets/c3.yaml"
for p in /api/rulesets /api/games/99 /api/nothing /nothing; do
    get $p
    check 'grep -qi "^Cache-Control: no-store" "$T/head"' "GET $p has no Cache-Control: no-store: $(cat "$T/head")"
done
curl -s -H 'Content-Type: application/json' -D "$T/head" -o "$T/body" -d '{"seats": ["human", "greedy"]}' "${U}api/games" >/dev/null
check 'grep -q "^HTTP/1.1 201" "$T/head" && grep -qi "^Cache-Control: no-store" "$T/head"' "POST /api/games: $(cat "$T/head")"
get /nothing/../api/rulesets
check '[ "$(cat "$T/status")" = 404 ]' "a path with .. outside /api/: $(cat "$T/status") $(cat "$T/body")"
stop

# --open: xdg-open URL once the server listens; its output goes to stderr (stdout is the URL alone).
mkdir "$T/bin" "$T/nobin"
printf '#!/bin/sh\necho opener output\nprintf "%%s\\n" "$*" >"%s/opened"\n' "$T" >"$T/bin/xdg-open"
chmod +x "$T/bin/xdg-open"
SERVE_PATH="$T/bin:$PATH" serve_start --open
i=0
while [ ! -s "$T/opened" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
check '[ -n "$U" ] && [ "$(cat "$T/opened" 2>/dev/null)" = "$U" ]' "--open ran xdg-open with '$(cat "$T/opened" 2>/dev/null)', expected '$U'"
check '[ "$(wc -l <"$T/out")" -eq 1 ] && grep -q "^opener output$" "$T/err" && ! grep -q "cannot open a browser" "$T/err"' \
    "--open: stdout $(cat "$T/out"), stderr $(cat "$T/err")"
stop
# An opener that fails: said, and the server goes on.
printf '#!/bin/sh\nexit 3\n' >"$T/bin/xdg-open"
SERVE_PATH="$T/bin:$PATH" serve_start --open
i=0
while ! grep -q "cannot open a browser" "$T/err" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
check 'grep -qxF "meeple serve: cannot open a browser (xdg-open: exit status 3); open $U yourself" "$T/err"' "--open, xdg-open failing: $(cat "$T/err")"
get /api/rulesets
check '[ "$(cat "$T/status")" = 200 ]' "no longer serving after xdg-open failed: $(cat "$T/status")"
stop
# No opener on PATH: said at once, and the server goes on.
SERVE_PATH="$T/nobin" serve_start --open
check 'grep -qxF "meeple serve: cannot open a browser (xdg-open: No such file or directory); open $U yourself" "$T/err"' \
    "--open without xdg-open: $(cat "$T/err")"
get /api/rulesets
check '[ "$(cat "$T/status")" = 200 ]' "no longer serving without xdg-open: $(cat "$T/status")"
stop

# A slow request holds up no other: a game whose first decision is an mcts seat's thinks on its
# creation (3 s, --think 3); GET /api/rulesets sent meanwhile is answered before it. The order of
# the replies is what is checked (each writes a file when it ends), never a time.
serve_start --think 3
seed=0 first=
while [ "$first" != 0 ] && [ $seed -lt 30 ]; do   # a seed whose first player is seat 0
    seed=$((seed + 1))
    curl -s -H 'Content-Type: application/json' -o "$T/body" -d "{\"seats\": [\"human\", \"human\"], \"seed\": $seed}" "${U}api/games"
    id=$(sed -n 's/^{"game":\([0-9]*\),.*/\1/p' "$T/body")
    get "/api/games/$id"
    first=$(sed -n 's/.*"player":\([0-9]*\),.*/\1/p' "$T/body")
done
check '[ "$first" = 0 ]' "no seed of 1 to 30 has seat 0 first: $(cat "$T/body")"
(curl -s -H 'Content-Type: application/json' -o "$T/slow.body" -d "{\"seats\": [\"mcts:3s\", \"human\"], \"seed\": $seed}" "${U}api/games"; touch "$T/slow.done") &
slow=$!
# Time for the slow request to reach the server (it then thinks for 3 s): a wait, not a measure.
sleep 1
get /api/rulesets
[ -e "$T/slow.done" ] && slow_first=yes || slow_first=no
check '[ "$(cat "$T/status")" = 200 ] && [ $slow_first = no ]' \
    "GET /api/rulesets (status $(cat "$T/status")) waited for the game whose mcts seat thinks (done first: $slow_first)"
wait $slow
check 'grep -q "^{\"game\":[0-9]*,\"seats\":\[{\"seat\":1," "$T/slow.body"' "the game with an mcts seat: $(cat "$T/slow.body")"
stop
# --max-games 2: two games in play fill the server (a third is refused); a game of bots alone is
# over at its creation and its place is taken by the next game, its id then unknown.
usage_exit 2 "--max-games: '0' is out of range; expected 1 to 100000" --max-games 0
serve_start --max-games 2
post_game() {   # BODY: POST /api/games, the status in $T/status, the body in $T/body
    curl -s -H 'Content-Type: application/json' -o "$T/body" -w '%{http_code}' -d "$1" "${U}api/games" >"$T/status"
}
post_game '{"seats": ["human", "greedy"], "seed": 1}'
g1=$(sed -n 's/^{"game":\([0-9]*\),.*/\1/p' "$T/body")
post_game '{"seats": ["greedy", "greedy"], "seed": 2}'
g2=$(sed -n 's/^{"game":\([0-9]*\),.*/\1/p' "$T/body")
check '[ "$(cat "$T/status")" = 201 ] && [ -n "$g1" ] && [ -n "$g2" ]' "two games: $(cat "$T/status") $(cat "$T/body")"
post_game '{"seats": ["human", "greedy"], "seed": 3}'
g3=$(sed -n 's/^{"game":\([0-9]*\),.*/\1/p' "$T/body")
check '[ "$(cat "$T/status")" = 201 ] && [ "$g3" = $((g2 + 1)) ]' "a third game in the place of one over: $(cat "$T/status") $(cat "$T/body")"
get "/api/games/$g2"
check '[ "$(cat "$T/status")" = 404 ]' "the game over, retired, is still there: $(cat "$T/status") $(cat "$T/body")"
get "/api/games/$g1"
check '[ "$(cat "$T/status")" = 200 ]' "the game in play was retired: $(cat "$T/status") $(cat "$T/body")"
post_game '{"seats": ["human", "greedy"], "seed": 4}'
check '[ "$(cat "$T/status")" = 503 ] && grep -qF "the server holds 2 games in play already; expected one of them over (--max-games)" "$T/body"' \
    "a game beyond --max-games with none over: $(cat "$T/status") $(cat "$T/body")"
stop
finish serve-server
