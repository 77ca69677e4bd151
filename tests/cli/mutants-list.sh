#!/bin/sh
# mutants-list.sh: the list of the mutation run (`make mutants`, tests/mutants/run.sh) still fits
# the rule code: every entry well formed, its original text found exactly once. A change of rule
# code that makes an entry stale fails here at once, so the list is mended (or the mutant dropped
# with a reason) in the same change; the run itself, which builds every mutant, is `make mutants`.
set -u
. "$(dirname "$0")/lib.sh"
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
out=$(cd "$SRC" && sh tests/mutants/run.sh --check 2>&1)
check '[ $? = 0 ]' "tests/mutants/list is stale: $out"
check 'echo "$out" | grep -q "^tests/mutants/list: [0-9]* mutants, every text found once$"' "run.sh --check: $out"
finish mutants-list
