#!/bin/sh
# signature.sh: `meeple bench --signature` prints the number the suite keeps in
# tests/bench-signature. It folds every legal list and every score of a fixed set of seeded games
# (meeple-bench(1), SIGNATURE): a change meant to keep play the same leaves it alone; a change
# that alters play on purpose writes the new number into tests/bench-signature in the same commit,
# saying why. Every SIMD path gives it too.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
expected=$(sed -n 's/^\([0-9a-f]\{16\}\)$/\1/p' "${MEEPLE_SRCDIR:?}/tests/bench-signature")

"$M" bench --signature >"$T/sig.txt" 2>&1
got=$(sed -n 's/^signature \([0-9a-f]\{16\}\) .*/\1/p' "$T/sig.txt")
check '[ -n "$expected" ] && [ "$got" = "$expected" ]' \
    "bench --signature gives '$got', tests/bench-signature keeps '$expected': play changed ($(cat "$T/sig.txt"))"
"$M" bench --signature --json >"$T/sig.json" 2>&1
check 'grep -q "^{\"signature\":\"$expected\",\"rulesets\":[0-9]*,\"games\":[0-9]*,\"decisions\":[0-9]*,\"legal_actions\":[0-9]*}$" "$T/sig.json"' \
    "bench --signature --json: $(cat "$T/sig.json")"
MEEPLE_SIMD=scalar "$M" bench --signature >"$T/scalar.txt" 2>&1
check 'grep -q "^signature $expected " "$T/scalar.txt"' "the scalar list path gives another signature: $(cat "$T/scalar.txt")"
rc=0; "$M" bench --signature --games 5 >"$T/usage.txt" 2>&1 || rc=$?
check '[ "$rc" = 2 ] && grep -q "takes no other option" "$T/usage.txt"' "--signature with --games: exit $rc, $(cat "$T/usage.txt")"
finish signature
