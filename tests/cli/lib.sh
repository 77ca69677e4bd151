# lib.sh: what the command-line tests share (sourced): a scratch directory removed on exit, the
# counts, and the closing line automake and CI read ("N passed, N failed").
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# check 'SHELL TEST' 'what failed': counts the test.
check() { if eval "$1"; then ok; else bad "$2"; fi; }
# finish NAME: the summary lines; exits non-zero when anything failed.
finish() {
    echo "$1: $pass passed, $fail failed"
    echo "$pass passed, $fail failed"
    [ "$fail" = 0 ]
}
# turns RECORD: the turns of a game record, one a line, as written.
turns() { sed -n 's/^ *- "\(.*\)"$/\1/p' "$1"; }
