# lib.sh: what the command-line tests share (sourced): a scratch directory removed on exit, the
# counts, and the closing line automake and CI read ("N passed, N failed, N skipped").
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0 skipped=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# check 'SHELL TEST' 'what failed': counts the test.
check() { if eval "$1"; then ok; else bad "$2"; fi; }
# need TOOL PACKAGE: whether the tool the checks that follow use is there. If not, they are
# skipped and counted (the script ends as SKIP); under CI (CI=true), which installs every tool
# with the README's test command, a missing tool is a failure. Use: if need jq jq; then ...; fi
need() {
    command -v "$1" >/dev/null 2>&1 && return 0
    if [ "${CI:-false}" != false ]; then bad "$1 is not installed; expected it under CI (Debian package '$2')"
    else skipped=$((skipped + 1)); echo "SKIP: checks that need $1 (Debian package '$2', not installed)"; fi
    return 1
}
# finish NAME: the summary lines; exits 1 when anything failed, else 77 (SKIP) when something
# was skipped.
finish() {
    echo "$1: $pass passed, $fail failed, $skipped skipped"
    echo "$pass passed, $fail failed, $skipped skipped"
    [ "$fail" = 0 ] || exit 1
    [ "$skipped" = 0 ] || exit 77
}
# turns RECORD: the turns of a game record, one a line, as written.
turns() { sed -n 's/^ *- "\(.*\)"$/\1/p' "$1"; }
