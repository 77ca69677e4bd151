#!/bin/sh
# prereqs.sh: a check that needs a tool the machine lacks (jq, ...) never passes in silence. It is
# asked for with `need TOOL PACKAGE` (lib.sh): missing, the check is counted as skipped and the
# script ends as SKIP (exit 77, automake's), or, under CI (CI=true), as FAIL: CI installs every
# tool with the README's test command, so a skip there is an install step gone missing.
set -u
. "$(dirname "$0")/lib.sh"
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
LIB=$SRC/tests/cli/lib.sh

# No script tests for a tool itself and leaves its checks out when it is missing.
grep -n 'command  *-v' "$SRC"/tests/cli/*.sh | grep -v '^[^:]*/lib.sh:' >"$T/silent"
check '[ ! -s "$T/silent" ]' "checks left out in silence when a tool is missing (use need TOOL PACKAGE): $(cat "$T/silent")"

# A script with one check that needs a tool, as the machine has it or lacks it, in CI or not.
cat >"$T/one.sh" <<EOF
. "$LIB"
check 'true' 'a check that needs nothing'
if need "\$1" "\$1-package"; then check 'true' 'a check that needs the tool'; fi
finish one
EOF
CI= sh "$T/one.sh" meeple-no-such-tool >"$T/out" 2>&1
check '[ $? = 77 ]' "a missing tool: exit 77 (SKIP), got $?: $(cat "$T/out")"
check 'grep -q "^SKIP: .*meeple-no-such-tool.*meeple-no-such-tool-package" "$T/out"' "a missing tool: the skip names the tool and its package: $(cat "$T/out")"
check 'grep -qx "one: 1 passed, 0 failed, 1 skipped" "$T/out"' "a missing tool: the skip counted: $(cat "$T/out")"
CI=true sh "$T/one.sh" meeple-no-such-tool >"$T/out" 2>&1
check '[ $? = 1 ]' "a missing tool under CI: exit 1 (FAIL): $(cat "$T/out")"
check 'grep -qx "one: 1 passed, 1 failed, 0 skipped" "$T/out"' "a missing tool under CI: counted as failed: $(cat "$T/out")"
CI=true sh "$T/one.sh" sh >"$T/out" 2>&1
check '[ $? = 0 ] && grep -qx "one: 2 passed, 0 failed, 0 skipped" "$T/out"' "a tool there: the check runs: $(cat "$T/out")"

finish prereqs
