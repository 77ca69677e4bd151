# serve-lib.sh: what the tests of meeple serve share, sourced after lib.sh: a server started on a
# free port, stopped at the end whatever happens, and requests to it with curl.
pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$T"' EXIT

# serve_start ARGS...: `meeple serve --port 0 ARGS...` in the background ($pid), with PATH
# $SERVE_PATH and TMPDIR $SERVE_TMPDIR when they are set; its output in $T/out and $T/err, and $U
# its URL once it listens (empty, and a failure, when it never says it).
serve_start() {
    # The last server's output goes first: the new one's shell may not have emptied it yet when
    # it is read below.
    rm -f "$T/out" "$T/err"
    PATH=${SERVE_PATH:-$PATH} TMPDIR=${SERVE_TMPDIR:-${TMPDIR:-/tmp}} "$M" serve --port 0 "$@" >"$T/out" 2>"$T/err" &
    pid=$!
    i=0
    while ! grep -q '^meeple serve: http://.*/$' "$T/out" && [ $i -lt 600 ] && kill -0 $pid 2>/dev/null; do
        sleep 0.1; i=$((i + 1))
    done
    U=$(sed -n '1s|^meeple serve: \(http://.*/\)$|\1|p' "$T/out")
    [ -n "$U" ] || bad "meeple serve --port 0 $* printed no URL: $(cat "$T/out" "$T/err")"
}

# req METHOD PATH [BODY-FILE]: the status in $T/status, the body in $T/body.
req() {
    if [ $# -gt 2 ]; then
        curl -s --path-as-is -X "$1" -o "$T/body" -w '%{http_code}' -H 'Content-Type: application/json' --data-binary @"$3" "$U${2#/}" >"$T/status"
    else
        curl -s --path-as-is -X "$1" -o "$T/body" -w '%{http_code}' "$U${2#/}" >"$T/status"
    fi
}
# post PATH BODY: req POST with the body given as text.
post() { printf '%s' "$2" >"$T/req"; req POST "$1" "$T/req"; }

# The last reply ($T/status, $T/body): its status is $1; its body holds the text $1; q FILTER: jq's
# compact output of it; expect STATUS TEXT WHAT: an API error of that status holding that text;
# same WHAT A B: two texts are the same.
status_is() { [ "$(cat "$T/status")" = "$1" ]; }
body_has() { grep -qF -- "$1" "$T/body"; }
q() { jq -c "$1" "$T/body"; }
expect() {
    status_is "$1" && body_has '{"error":"' && body_has "$2" && ok || bad "$3: status $(cat "$T/status"), $(cat "$T/body"); expected $1 with '$2'"
}
same() { if [ "$2" = "$3" ]; then ok; else bad "$1: '$2' is not '$3'"; fi; }
