#!/bin/sh
# browser.sh: the page of meeple serve. First its files as served (curl): each file of
# tools/serve/page/ byte for byte at /NAME with its type, / the same as /index.html, other paths
# 404. Then the page in headless Chromium (tests/browser/test_*.py, Selenium): games played by
# clicking (c3, BCB, The Castle, two humans, kinds of piece, a whole c3-ic-tb game), a replay
# stepped to its end, the Design page with a tilestats run and a balance run, its tile editor and
# its designs directory (--designs). The browser tests need chromium, chromium-driver and
# python3-selenium (Debian), run with /usr/bin/python3 (the system's, which has selenium);
# screenshots of each page go to tests/browser/screenshots/ in the build directory.
. "${MEEPLE_SRCDIR:?}/tests/cli/lib.sh"

# Beside the shipped rulesets, one with kinds of piece and seat colours of its own for
# test_pieces.py: tests/rulesets/pieces.yaml (a large follower, a helper) in green, pink, ...
mkdir -p "$T/rulesets"
printf 'name: pieces-colours\ndescription: a large follower and a helper, the seats green and pink\nextends: %s\ncolours: [green, pink, grey, black, white]\n' \
    "$MEEPLE_SRCDIR/tests/rulesets/pieces.yaml" >"$T/rulesets/pieces-colours.yaml"
MEEPLE_RULESETS="${MEEPLE_RULESETS:-}:$T/rulesets"
export MEEPLE_RULESETS

# The designs directory the page saves into (test_design_save.py); the design files base.yaml
# (test_design.py) and market-town.yaml (test_balance.py).
mkdir -p "$T/designs"
"$MEEPLE" serve --port 0 --designs "$T/designs" "$MEEPLE_SRCDIR/rulesets/tiles/base.yaml" \
    "$MEEPLE_SRCDIR/rulesets/examples/market-town.yaml" >"$T/serve.out" 2>"$T/serve.err" &
server=$!
port=
for _ in $(seq 300); do
    port=$(sed -n 's|^meeple serve: http://127\.0\.0\.1:\([0-9]*\)/$|\1|p' "$T/serve.out")
    [ -n "$port" ] && break
    sleep 0.1
done
if [ -z "$port" ]; then
    bad "meeple serve did not say its port: $(cat "$T/serve.out" "$T/serve.err")"
    kill "$server" 2>/dev/null
    finish browser
fi
url="http://127.0.0.1:$port"

# get PATH: the body of GET PATH in $T/body, its status in $T/status, its content type in $T/type.
get() {
    curl -s -g --path-as-is -o "$T/body" -w '%{http_code} %{content_type}' "$url$1" >"$T/reply"
    cut -d' ' -f1 "$T/reply" >"$T/status"
    cut -d' ' -f2- "$T/reply" >"$T/type"
}
type_of() {
    case $1 in
    *.html) echo "text/html; charset=utf-8" ;; *.js) echo "text/javascript; charset=utf-8" ;;
    *.css) echo "text/css; charset=utf-8" ;; *.svg) echo "image/svg+xml" ;;
    esac
}
if need curl curl; then
    for f in "$MEEPLE_SRCDIR"/tools/serve/page/*; do
        name=$(basename "$f")
        get "/$name"
        check '[ "$(cat "$T/status")" = 200 ] && cmp -s "$f" "$T/body" && [ "$(cat "$T/type")" = "$(type_of "$name")" ]' \
            "GET /$name: $(cat "$T/status") $(cat "$T/type"); expected 200 $(type_of "$name") and the bytes of tools/serve/page/$name"
    done
    get /
    check '[ "$(cat "$T/status")" = 200 ] && cmp -s "$MEEPLE_SRCDIR/tools/serve/page/index.html" "$T/body"' \
        "GET /: $(cat "$T/status"); expected index.html"
    for path in /nothing.js /page/index.html /index.html/ "/../tools/serve/page/index.html" /%2e%2e/index.html; do
        get "$path"
        check '[ "$(cat "$T/status")" = 404 ] && grep -q "^{\"error\":\"no such path" "$T/body"' \
            "GET $path: $(cat "$T/status") $(head -c 200 "$T/body"); expected 404 with a JSON error"
    done
fi

PY=/usr/bin/python3
have=true
need chromium chromium || have=false
need chromedriver chromium-driver || have=false
if ! { [ -x "$PY" ] && "$PY" -c 'import selenium' 2>/dev/null; }; then
    if [ "${CI:-false}" != false ]; then bad "selenium is not installed for $PY; expected it under CI (Debian package 'python3-selenium')"
    else skipped=$((skipped + 1)); echo "SKIP: the browser tests need selenium for $PY (Debian package 'python3-selenium', not installed)"; fi
    have=false
fi

if $have; then
    shots="${MEEPLE_BUILDDIR:-.}/tests/browser/screenshots"
    mkdir -p "$shots"
    for t in "$MEEPLE_SRCDIR"/tests/browser/test_*.py; do
        name=$(basename "$t" .py)
        if MEEPLE_URL="$url/" MEEPLE_DESIGNS="$T/designs" MEEPLE_SHOTS="$shots" PYTHONDONTWRITEBYTECODE=1 timeout 300 "$PY" "$t" >"$T/$name.log" 2>&1; then
            ok
        else
            bad "$name: $(grep -v "^#[0-9]" "$T/$name.log" | tail -n 8)"
        fi
    done
fi

kill -TERM "$server"
wait "$server" || bad "meeple serve did not stop cleanly on SIGTERM: $(tail -n 3 "$T/serve.err")"
finish browser
