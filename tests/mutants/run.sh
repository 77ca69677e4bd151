#!/bin/sh
# run.sh: the mutation run (`make mutants`, ARCHITECTURE.md "Tests"): do the rule tests catch a
# broken rule? Each entry of tests/mutants/list is a small change of the rule code (a mutant); for
# each, the rule tests are built and run with it, and it is killed (a test program failed: which)
# or survived (none did: a rule no test pins down). An entry marked equivalent says why it cannot
# change any behaviour; it is run too, and it must survive.
#
# The work is done in a copy of the source tree under the build directory (tests/mutants/work/tree,
# configured once, rebuilt incrementally): the working tree is never touched. Every mutant's text
# must be found exactly once in its file before anything is built: a stale entry is an error.
# Each test program has a time limit (a mutant that loops is killed by the timeout).
#
# usage: tests/mutants/run.sh [--only LABEL] [--tests PROGRAMS] [--check] [--list] [--timeout S]
#   --only LABEL      run that mutant alone (after the tests without mutant)
#   --tests PROGRAMS  run these rule tests only (names as in RULE_TESTS below, space-separated):
#                     quicker while a test for a survivor is being written
#   --check           check the list only: every entry well formed, its text found once; no build
#   --list            print the labels, one a line
#   --timeout S       seconds a test program may run (120)
# Run from the build directory (make mutants does); the source tree is where this script lives.
# The sources are listed by git (tracked files, and new ones git does not ignore).
# Output: one line a mutant on stdout ("killed LABEL by PROGRAM", "survived LABEL: ABOUT",
# "equivalent LABEL"), then "N of M killed, K equivalent"; progress on stderr when it is a
# terminal; each mutant's build and test output in tests/mutants/work/logs/LABEL.log.
# Exit status: 0 when every mutant is killed or equivalent, 1 when one survives (or an equivalent
# one is killed, or one does not build), 2 for a broken list or a failure of the run itself.
#
# Adding a mutant: see the top of tests/mutants/list.
set -u

# The rule tests: the criterion programs that build positions and assert their scores, quickest
# first (a mutant stops at the first program that fails).
RULE_TESTS="tests/test_kernel tests/test_examples_base tests/test_farms tests/test_pieces tests/test_house_rules
 tests/test_generality tests/test_variants tests/test_game tests/test_castles tests/test_bazaars tests/test_bridges
 tests/test_bcb tests/test_castle tests/test_river"

here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
list=$here/list
only=
mode=run
limit=120
while [ $# -gt 0 ]; do
    case $1 in
    --only) [ $# -ge 2 ] || { echo "run.sh: --only needs a label" >&2; exit 2; }; only=$2; shift ;;
    --tests) [ $# -ge 2 ] || { echo "run.sh: --tests needs test programs" >&2; exit 2; }; RULE_TESTS=$2; shift ;;
    --check) mode=check ;;
    --list) mode=list ;;
    --timeout)
        [ $# -ge 2 ] && [ "$2" -gt 0 ] 2>/dev/null || { echo "run.sh: --timeout needs a number of seconds" >&2; exit 2; }
        limit=$2; shift ;;
    -h|--help) sed -n '/^# usage:/,/^# *--timeout/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown argument '$1'; expected --only LABEL, --tests PROGRAMS, --check, --list or --timeout S" >&2
       exit 2 ;;
    esac
    shift
done

work=$PWD/tests/mutants/work
tree=$work/tree
logs=$work/logs
US=$(printf '\037')   # the fields of a parsed entry are separated by the unit separator

# ------------------------------------------------------------------ the list

# Parses the list into one line an entry: label, file, find, put, about, equivalent (US between
# them); a problem is printed as list:LINE: message and makes the status 2.
parse() {
    awk -v US="$US" -v LIST="tests/mutants/list" '
    function fail(msg) { printf "%s:%d: %s\n", LIST, NR, msg > "/dev/stderr"; bad = 1 }
    function flush() {
        if (label == "") return
        if (file == "") { printf "%s:%d: mutant %s has no file\n", LIST, start, label > "/dev/stderr"; bad = 1 }
        if (find == "") { printf "%s:%d: mutant %s has no find\n", LIST, start, label > "/dev/stderr"; bad = 1 }
        if (!has_put) { printf "%s:%d: mutant %s has no put\n", LIST, start, label > "/dev/stderr"; bad = 1 }
        if (about == "") { printf "%s:%d: mutant %s has no about\n", LIST, start, label > "/dev/stderr"; bad = 1 }
        if (has_put && find == put) { printf "%s:%d: mutant %s puts back what it finds\n", LIST, start, label > "/dev/stderr"; bad = 1 }
        print label US file US find US put US about US equiv
        label = file = find = put = about = equiv = ""; has_put = 0
    }
    /^[ \t]*#/ { next }
    /^[ \t]*$/ { flush(); next }
    {
        key = $1
        text = $0
        sub(/^[ \t]*[^ \t]+[ \t]*/, "", text)   # the rest of the line after the key
        sub(/[ \t]+$/, "", text)
        if (key == "mutant") {
            flush()
            if (text !~ /^[a-z0-9][a-z0-9-]*$/) fail("label '\''" text "'\''; expected lowercase letters, digits and '\''-'\''")
            if (text in seen) fail("mutant " text " is listed twice (first at line " seen[text] ")")
            seen[text] = NR; label = text; start = NR
        } else if (label == "") fail("'\''" key "'\'' before any mutant line; expected mutant LABEL first")
        else if (key == "file") file = text
        else if (key == "find") find = text
        else if (key == "put") { put = text; has_put = 1 }
        else if (key == "about") about = text
        else if (key == "equivalent") equiv = text == "" ? "(no reason given)" : text
        else fail("unknown key '\''" key "'\''; expected mutant, file, find, put, about or equivalent")
    }
    END { flush(); exit bad ? 2 : 0 }' "$list"
}

# count FILE: how often $FIND occurs in FILE (a fragment of one line).
count() {
    awk 'BEGIN { f = ENVIRON["FIND"] }
    { s = $0; while ((i = index(s, f)) > 0) { n++; s = substr(s, i + length(f)) } }
    END { print n + 0 }' "$1"
}

# mutate FROM TO: TO is FROM with its one $FIND replaced by $PUT.
mutate() {
    awk 'BEGIN { f = ENVIRON["FIND"]; p = ENVIRON["PUT"] }
    { i = index($0, f); if (i) $0 = substr($0, 1, i - 1) p substr($0, i + length(f)); print }' "$1" >"$2"
}

entries=$(parse) || exit 2
[ -n "$entries" ] || { echo "run.sh: tests/mutants/list has no mutant" >&2; exit 2; }

if [ "$mode" = list ]; then
    echo "$entries" | cut -d "$US" -f 1
    exit 0
fi

# Every text found exactly once (all problems said at once), the label asked for known.
stale=0
found_only=no
while IFS=$US read -r label file find put about equiv; do
    [ "$label" = "$only" ] && found_only=yes
    if [ ! -f "$src/$file" ]; then
        echo "tests/mutants/list: mutant $label: no file '$file' in the source tree" >&2
        stale=1
        continue
    fi
    n=$(FIND=$find count "$src/$file")
    if [ "$n" != 1 ]; then
        echo "tests/mutants/list: mutant $label: its text is found $n times in $file; expected once: $find" >&2
        stale=1
    fi
done <<EOF
$entries
EOF
[ $stale = 0 ] || { echo "run.sh: the list is stale: mend the entries above (tests/mutants/list)" >&2; exit 2; }
if [ -n "$only" ] && [ $found_only = no ]; then
    echo "run.sh: no mutant '$only' in tests/mutants/list; run.sh --list lists them" >&2
    exit 2
fi
if [ "$mode" = check ]; then
    echo "tests/mutants/list: $(echo "$entries" | wc -l | tr -d ' ') mutants, every text found once"
    exit 0
fi

# ------------------------------------------------------------------ the scratch tree

tty=no
[ -t 2 ] && tty=yes
progress() { [ $tty = yes ] && printf '\r\033[K%s' "$*" >&2; }
progress_end() { [ $tty = yes ] && printf '\r\033[K' >&2; }
t_start=$(date +%s)

command -v timeout >/dev/null || { echo "run.sh: no 'timeout' (Debian package coreutils)" >&2; exit 2; }
command -v git >/dev/null && git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1 || {
    echo "run.sh: the sources are listed by git; expected $src to be a git checkout" >&2
    exit 2
}
mkdir -p "$tree" "$logs" || exit 2
# One run at a time in a build directory: the scratch tree is shared.
if ! mkdir "$work/lock" 2>/dev/null; then
    echo "run.sh: another mutation run is under way in $work (else remove $work/lock)" >&2
    exit 2
fi
restore_file=
restore() { [ -n "$restore_file" ] && cp "$src/$restore_file" "$tree/$restore_file"; restore_file=; }
trap 'rmdir "$work/lock"' EXIT
trap 'restore; progress_end; exit 2' INT TERM HUP PIPE

# The sources (tracked, or new and not ignored) and what autoreconf made (git ignores it): the
# first time with their times (so that automake's files stay in step), then only a file that
# differs, as new (so that make rebuilds what depends on it, whenever it was changed).
progress "mutants: copying the sources to $tree"
(cd "$src" && { git ls-files -co --exclude-standard -z | tr '\0' '\n'
  for f in configure Makefile.in aclocal.m4 config.h.in; do [ -f "$f" ] && echo "$f"; done
  find build-aux m4 -type f 2>/dev/null; }) | while IFS= read -r f; do
    case $f in tests/mutants/work/*) continue ;; esac
    [ -f "$src/$f" ] || continue   # deleted, not yet committed
    if [ ! -f "$tree/$f" ]; then
        mkdir -p "$tree/$(dirname "$f")" && cp -p "$src/$f" "$tree/$f" || exit 2
    elif ! cmp -s "$src/$f" "$tree/$f"; then
        cp "$src/$f" "$tree/$f" || exit 2
    fi
done || exit 2

if [ ! -f "$tree/config.status" ]; then
    progress "mutants: configuring $tree (once)"
    (cd "$tree" && ./configure --disable-shared) >"$logs/configure.log" 2>&1 || {
        progress_end
        echo "run.sh: configuring the scratch tree failed; see $logs/configure.log" >&2
        exit 2
    }
fi

make=${MAKE:-make}
build() { (cd "$tree" && $make $RULE_TESTS) >>"$1" 2>&1; }

# run_tests LOG: runs the rule tests, each with the time limit; prints the first that fails
# (", timed out" when it ran out of time) and returns 1, or returns 0 when all pass.
run_tests() {
    for t in $RULE_TESTS; do
        echo "== $t" >>"$1"
        (cd "$tree" && timeout -k 10 "$limit" "./$t" --fail-fast) >>"$1" 2>&1
        rc=$?
        if [ $rc != 0 ]; then
            if [ $rc = 124 ]; then echo "$t, timed out"; else echo "$t"; fi
            return 1
        fi
    done
    return 0
}

# The tests as they are must pass, or no mutant's failure means anything.
progress "mutants: building and running the rule tests without mutant"
: >"$logs/none.log"
if ! build "$logs/none.log"; then
    progress_end
    echo "run.sh: the rule tests do not build in the scratch tree; see $logs/none.log" >&2
    exit 2
fi
if failed=$(run_tests "$logs/none.log"); [ -n "$failed" ]; then
    progress_end
    echo "run.sh: the rule tests fail without any mutant ($failed); see $logs/none.log" >&2
    exit 2
fi

# ------------------------------------------------------------------ the mutants

total=$(echo "$entries" | wc -l | tr -d ' ')
[ -n "$only" ] && total=1
i=0 killed=0 survived=0 equivalent=0 broken=0
while IFS=$US read -r label file find put about equiv; do
    [ -n "$only" ] && [ "$label" != "$only" ] && continue
    i=$((i + 1))
    progress "mutants: [$i/$total] $label"
    log=$logs/$label.log
    printf '%s: %s\n%s\n- %s\n+ %s\n' "$label" "$about" "$file" "$find" "$put" >"$log"
    restore_file=$file
    FIND=$find PUT=$put mutate "$src/$file" "$tree/$file"
    if ! build "$log"; then
        result="broken $label: it does not build (see $log)"
        broken=$((broken + 1))
    elif failed=$(run_tests "$log"); [ -n "$failed" ]; then
        if [ -n "$equiv" ]; then
            result="broken $label: marked equivalent, but killed by $failed"
            broken=$((broken + 1))
        else
            result="killed $label by $failed"
            killed=$((killed + 1))
        fi
    elif [ -n "$equiv" ]; then
        result="equivalent $label"
        equivalent=$((equivalent + 1))
    else
        result="survived $label: $about"
        survived=$((survived + 1))
    fi
    restore
    progress_end
    echo "$result"
    echo "== $result" >>"$log"
done <<EOF
$entries
EOF
# The scratch tree as the sources are, for the next run's incremental build.
build "$logs/none.log" || true

seconds=$(($(date +%s) - t_start))
echo "$killed of $((killed + survived)) killed, $equivalent equivalent ($((seconds / 60))m$((seconds % 60))s)"
[ $broken = 0 ] || echo "$broken broken (see above)"
[ $survived = 0 ] && [ $broken = 0 ]
