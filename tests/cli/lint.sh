#!/bin/sh
# lint.sh: `meeple lint` on the corpus of broken files in tests/bad (meeple-lint(1)).
# A tiles-*.yaml or rules-*.yaml file names its one loader diagnostic on line 1
# ("# expect: LINE:COLUMN: message", or "# expect: FILE:LINE:COLUMN: message" when the problem is
# in another file); lint must report it as an error. A lint-*.yaml file lists every diagnostic
# lint must report ("# lint: [FILE:]LINE:COLUMN: error|warning: message"), and nothing else.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
B=$SRC/tests/bad
files=0
# Prefixes a diagnostic with its file: the named one, or the file it was read from.
located() { case "$2" in *.yaml:*) echo "$B/$2" ;; *) echo "$1:$2" ;; esac; }

for f in "$B"/tiles-*.yaml "$B"/rules-*.yaml; do
    files=$((files + 1))
    want=$(sed -n '1s/^# expect: //p' "$f" | sed "s|TESTDIR|$B|g")
    want=$(located "$f" "$want" | sed 's/^\([^:]*:[0-9]*:[0-9]*\): /\1: error: /')
    "$M" lint "$f" >"$T/out" 2>&1
    code=$?
    [ "$code" = 1 ] && ok || bad "$(basename "$f"): exit $code, expected 1"
    grep -qxF "$want" "$T/out" && ok || bad "$(basename "$f"): expected '$want', got: $(cat "$T/out")"
done

for f in "$B"/lint-*.yaml; do
    files=$((files + 1))
    sed -n 's/^# lint: //p' "$f" | while IFS= read -r line; do located "$f" "$line"; done | sed "s|^$B/$B|$B|" >"$T/want"
    "$M" lint "$f" >"$T/out" 2>&1
    code=$?
    grep -v ' in [0-9]* files*$' "$T/out" >"$T/got"
    if cmp -s "$T/want" "$T/got"; then ok; else bad "$(basename "$f"): expected:"; diff "$T/want" "$T/got"; fi
    if grep -q ': error: ' "$T/want"; then [ "$code" = 1 ] && ok || bad "$(basename "$f"): exit $code, expected 1"
    else [ "$code" = 0 ] && ok || bad "$(basename "$f"): exit $code, expected 0 (warnings only)"; fi
done
[ "$files" -ge 30 ] && ok || bad "only $files broken files; expected at least 30"

# Every problem of a file, then the summary; the shipped data lints clean.
"$M" lint "$B/lint-many.yaml" >"$T/out"
[ "$(grep -c ': error: ' "$T/out")" = 4 ] && tail -1 "$T/out" | grep -q '^4 errors, 0 warnings in 1 file$' && ok || bad "summary: $(cat "$T/out")"
"$M" lint "$SRC"/rulesets/*.yaml "$SRC"/rulesets/tiles/*.yaml >"$T/out"
[ $? = 0 ] && grep -q '^no problems in [0-9]* files$' "$T/out" && ok || bad "shipped rulesets lint clean: $(cat "$T/out")"
"$M" lint "$SRC"/rulesets/examples/*.yaml >"$T/out"
[ $? = 0 ] && grep -q '^no problems in 4 files$' "$T/out" && ok || bad "the example fan sets lint clean: $(cat "$T/out")"
"$M" play --ruleset "$SRC/rulesets/examples/market-town-rules.yaml" --seed 2 >"$T/out"
[ $? = 0 ] && grep -q '^84 tiles placed$' "$T/out" && ok || bad "the example fan set plays: $(tail -5 "$T/out")"
"$M" play --ruleset "$SRC/tests/rulesets/c3-bcb-tiles.yaml" --seed 3 >"$T/out"
[ $? = 0 ] && grep -q '^8[0-3] tiles placed$' "$T/out" && ok || bad "the BCB tiles play in the base game: $(tail -5 "$T/out")"
"$M" lint --json "$B/lint-many.yaml" "$B/lint-no-start.yaml" >"$T/json"
grep -q '"errors":4,"warnings":1,"diagnostics":\[{"file":' "$T/json" && grep -q '"severity":"warning"' "$T/json" && ok || bad "--json: $(cat "$T/json")"
"$M" lint >/dev/null 2>&1; [ $? = 2 ] && ok || bad "no file: usage error"
"$M" lint "$T/nothing.yaml" >"$T/out"; [ $? = 1 ] && grep -q 'nothing.yaml: error: cannot open' "$T/out" && ok || bad "missing file: $(cat "$T/out")"

finish lint
