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
# skip_without_mpi NAME: ends script NAME as SKIP (exit 77) when meeple was built without MPI
# (configure's --with-mpi, passed on as MEEPLE_WITH_MPI by Makefile.am). Not a failure under CI:
# a build without MPI is a build as meant (CI's distcheck build is one).
skip_without_mpi() {
    [ "${MEEPLE_WITH_MPI:-no}" = yes ] && return 0
    skipped=$((skipped + 1))
    echo "SKIP: meeple was built without MPI (./configure --with-mpi; Debian packages 'libopenmpi-dev' and 'openmpi-bin')"
    finish "$1"
}
# mpirun_meeple RANKS ARGS...: meeple ARGS as RANKS ranks of mpirun on this machine, with what a
# container needs: mpirun as root, more ranks than cores (--oversubscribe), no ssh (every rank is
# local: plm_rsh_agent empty). Under --enable-sanitizers LeakSanitizer reports meeple's leaks, not
# Open MPI's own at MPI_Finalize: its components stay loaded so that their frames have names, and
# tests/cli/lsan-openmpi.supp names its libraries. timeout: a run that hangs fails (status 124)
# instead of stopping `make check`.
mpirun_meeple() {
    mpirun_ranks=$1
    shift
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_plm_rsh_agent= \
        OMPI_MCA_mca_base_component_disable_dlclose=1 PMIX_MCA_mca_base_component_disable_dlclose=1 \
        LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=${MEEPLE_SRCDIR:?}/tests/cli/lsan-openmpi.supp:print_suppressions=0:fast_unwind_on_malloc=0" \
        timeout 300 mpirun --oversubscribe -n "$mpirun_ranks" "${MEEPLE:?}" "$@"
}
