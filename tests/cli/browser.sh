#!/bin/sh
# browser.sh: the page of meeple serve in headless Chromium (tests/browser/test_*.py, Selenium):
# games played by clicking (c3, BCB, The Castle), a replay stepped to its end, the Design page.
# Needs chromium, chromium-driver and python3-selenium (Debian), run with /usr/bin/python3 (the
# system's, which has selenium). Screenshots of each page go to tests/browser/screenshots/ in the
# build directory.
. "${MEEPLE_SRCDIR:?}/tests/cli/lib.sh"

PY=/usr/bin/python3
have=true
need chromium chromium || have=false
need chromedriver chromium-driver || have=false
if ! { [ -x "$PY" ] && "$PY" -c 'import selenium' 2>/dev/null; }; then
    if [ "${CI:-false}" != false ]; then bad "selenium is not installed for $PY; expected it under CI (Debian package 'python3-selenium')"
    else skipped=$((skipped + 1)); echo "SKIP: the browser tests need selenium for $PY (Debian package 'python3-selenium', not installed)"; fi
    have=false
fi
$have || finish browser

shots="${MEEPLE_BUILDDIR:-.}/tests/browser/screenshots"
mkdir -p "$shots"
"$MEEPLE" serve --port 0 "$MEEPLE_SRCDIR/rulesets/tiles/base.yaml" >"$T/serve.out" 2>"$T/serve.err" &
server=$!
port=
for _ in $(seq 100); do
    port=$(sed -n 's|^meeple serve: http://127\.0\.0\.1:\([0-9]*\)/$|\1|p' "$T/serve.out")
    [ -n "$port" ] && break
    sleep 0.1
done
if [ -z "$port" ]; then
    bad "meeple serve did not say its port: $(cat "$T/serve.out" "$T/serve.err")"
    kill "$server" 2>/dev/null
    finish browser
fi

for t in "$MEEPLE_SRCDIR"/tests/browser/test_*.py; do
    name=$(basename "$t" .py)
    if MEEPLE_URL="http://127.0.0.1:$port/" MEEPLE_SHOTS="$shots" PYTHONDONTWRITEBYTECODE=1 \
        timeout 300 "$PY" "$t" >"$T/$name.log" 2>&1; then
        ok
    else
        bad "$name: $(grep -v "^#[0-9]" "$T/$name.log" | tail -n 8)"
    fi
done

kill -TERM "$server"
wait "$server" || bad "meeple serve did not stop cleanly on SIGTERM: $(tail -n 3 "$T/serve.err")"
finish browser
