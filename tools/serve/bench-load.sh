#!/bin/sh
# bench-load.sh MEEPLE BENCH-LOAD [ARGS...]: `make bench-serve` (meeple-serve(1), section LOAD
# BENCHMARK): starts `MEEPLE serve --port 0`, reads its URL from its first line, runs BENCH-LOAD
# ARGS... against it, stops it. The exit status is the benchmark's.
set -u
meeple=$1 bench=$2
shift 2
out=$(mktemp) err=$(mktemp)
"$meeple" serve --port 0 >"$out" 2>"$err" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -f "$out" "$err"' EXIT
i=0
while ! grep -q '^meeple serve: http://' "$out" && [ $i -lt 300 ] && kill -0 $pid 2>/dev/null; do
    sleep 0.1; i=$((i + 1))
done
url=$(sed -n '1s/^meeple serve: \(http:.*\)$/\1/p' "$out")
if [ -z "$url" ]; then
    echo "bench-load.sh: meeple serve --port 0 printed no URL: $(cat "$out" "$err")" >&2
    exit 1
fi
echo "bench-load.sh: meeple serve at $url" >&2
"$bench" "$@" "$url"
rc=$?
kill -TERM $pid
wait $pid
cat "$err" >&2
exit $rc
