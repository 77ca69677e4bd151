#!/bin/sh
# installed.sh: the library as a program outside the tree meets it. The build is installed into a
# scratch directory (make install DESTDIR=...); meeple(3)'s example, examples/play.c, is compiled
# with `pkg-config --cflags --libs meeple` against the installed header and library alone, run with
# the installed rulesets, and must play the game `meeple play` plays with the same seed. Also:
# the versions agree (meeple.h, mp_version, meeple.pc), the library exports exactly the MP_API
# functions of the installed headers, and the installed meeple(3) renders without warnings and
# shows the same example.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
B=${MEEPLE_BUILDDIR:?set MEEPLE_BUILDDIR to the build directory (Makefile.am: TESTS_ENVIRONMENT)}
CC=${MEEPLE_CC:-cc}
# A program linked with a library built under the sanitizers needs their runtime too.
XCFLAGS=${MEEPLE_CFLAGS:-}
XLDFLAGS=${MEEPLE_LDFLAGS:-}
D=$T/dest

# The make running the suite may hand its children a jobserver they cannot use: this make is a
# make of its own (it only copies files, under DESTDIR).
(unset MAKEFLAGS MFLAGS; ${MEEPLE_MAKE:-make} -C "$B" install DESTDIR="$D") >"$T/install.log" 2>&1
check '[ $? = 0 ]' "make install DESTDIR=$D failed: $(tail -n 20 "$T/install.log")"

pc=$(find "$D" -name meeple.pc | head -n 1)
check '[ -n "$pc" ]' "make install installed no meeple.pc"
[ -n "$pc" ] || finish installed.sh
pcdir=$(dirname "$pc")
if need pkg-config pkg-config; then
    # meeple.pc names the configured prefix; the files are under DESTDIR.
    prefix=$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=prefix meeple)
    pkgc() { PKG_CONFIG_PATH=$pcdir pkg-config --define-variable=prefix="$D$prefix" "$@" meeple; }
    flags=$(pkgc --cflags --libs)
    libdir=$(pkgc --variable=libdir)
    includedir=$(pkgc --variable=includedir)
    rulesets=$(pkgc --variable=rulesetsdir)
    version=$(pkgc --modversion)
    check '[ -f "$includedir/meeple.h" ] && [ -f "$includedir/meeple-yaml.h" ]' "the headers are not in $includedir"
    check '[ ! -e "$includedir/internal.h" ]' "internal.h was installed"
    check '[ -f "$rulesets/c3.yaml" ] && [ -f "$rulesets/tiles/base.yaml" ] && [ -f "$rulesets/c3.weights" ]' "the rulesets (and c3's weights) are not in $rulesets"
    check 'ls "$libdir"/libmeeple.so* >/dev/null 2>&1' "no libmeeple.so in $libdir"
    check 'PKG_CONFIG_PATH=$pcdir pkg-config --print-requires-private meeple | grep -q "^yaml-0.1" &&
        PKG_CONFIG_PATH=$pcdir pkg-config --print-requires-private meeple | grep -q "^libpcre2-8"' \
        "meeple.pc's Requires.private lacks yaml-0.1 or libpcre2-8"
    check 'PKG_CONFIG_PATH=$pcdir pkg-config --static --libs meeple | grep -q -- "-lm"' "meeple.pc: --static --libs lacks -lm"

    # The versions: meeple.h's macros, the library's mp_version and meeple.pc's all agree.
    cat >"$T/version.c" <<'EOF'
#include <stdio.h>
#include <meeple.h>
int main(void) {
    printf("%d.%d.%d %s %s\n", MP_VERSION_MAJOR, MP_VERSION_MINOR, MP_VERSION_PATCH, MP_VERSION_STRING, mp_version());
    return 0;
}
EOF
    # shellcheck disable=SC2086 # flags are words
    $CC $XCFLAGS -o "$T/version" "$T/version.c" $flags $XLDFLAGS 2>"$T/version.err"
    check '[ $? = 0 ]' "the version program does not build: $(cat "$T/version.err")"
    LD_LIBRARY_PATH=$libdir "$T/version" >"$T/version.out" 2>&1
    check '[ "$(cat "$T/version.out")" = "$version $version $version" ]' \
        "versions differ: meeple.h, meeple.h's string, mp_version: $(cat "$T/version.out"); meeple.pc: $version"

    # The example: built as its comment says, warning-free, against the installed files only.
    # shellcheck disable=SC2086
    $CC -std=c11 -Wall -Wextra -Wpedantic -Werror $XCFLAGS -o "$T/play" "$SRC/examples/play.c" $flags $XLDFLAGS \
        2>"$T/play.err"
    check '[ $? = 0 ]' "examples/play.c does not build against the installed library: $(cat "$T/play.err")"
    if need ldd libc-bin; then
        check 'LD_LIBRARY_PATH=$libdir ldd "$T/play" | grep -q "libmeeple.so.* => $libdir/"' \
            "the example does not run with the installed library: $(LD_LIBRARY_PATH=$libdir ldd "$T/play" | grep meeple)"
    fi
    LD_LIBRARY_PATH=$libdir MEEPLE_RULESETS=$rulesets "$T/play" 5 >"$T/play.out" 2>"$T/play.err2"
    check '[ $? = 0 ]' "the example failed: $(cat "$T/play.err2")"
    check 'head -n 1 "$T/play.out" | grep -q "^libmeeple $version, ruleset c3, seed 5: [0-9]* tiles placed$"' \
        "the example's first line: $(head -n 1 "$T/play.out")"
    check '[ "$(grep -c "^player [12]: [0-9]* points" "$T/play.out")" = 2 ] && grep -q "(wins)$" "$T/play.out"' \
        "the example prints no scores: $(cat "$T/play.out")"
    # The same game as meeple's: the same seed, two random bots.
    "$M" play --players random,random --seed 5 --json | grep -o '"score":[0-9-]*' | sed 's/"score"://' >"$T/want"
    sed -n 's/^player [12]: \([0-9-]*\) points.*/\1/p' "$T/play.out" >"$T/got"
    check 'cmp -s "$T/want" "$T/got" && [ -s "$T/got" ]' \
        "the example's scores $(tr '\n' ' ' <"$T/got")differ from meeple play's $(tr '\n' ' ' <"$T/want")"
    # The library's own search path, with nothing in MEEPLE_RULESETS: the installed rulesets, then
    # the source tree the library was built from (core/dirs.c) -- the example still plays c3.
    LD_LIBRARY_PATH=$libdir MEEPLE_RULESETS=$T/none "$T/play" 5 >"$T/none.out" 2>"$T/none.err"
    status=$?
    check '[ $status = 0 ] && cmp -s "$T/none.out" "$T/play.out"' \
        "the example with an empty MEEPLE_RULESETS: exit $status, $(cat "$T/none.err")"

    # The exported functions are exactly those the installed headers declare MP_API.
    if need nm binutils; then
        lib=$(ls "$libdir"/libmeeple.so.*.*.* | head -n 1)
        nm -D --defined-only "$lib" | awk '$2 == "T" { print $3 }' | sort >"$T/exported"
        cat "$includedir/meeple.h" "$includedir/meeple-yaml.h" | tr '\n' ' ' | sed 's/;/;\n/g' |
            sed -n 's/.*MP_API [^(]*[ *]\(mp_[a-z0-9_]*\)(.*/\1/p' | sort -u >"$T/declared"
        check '[ "$(wc -l <"$T/declared")" -gt 100 ] && cmp -s "$T/exported" "$T/declared"' \
            "exported and declared differ: $(diff "$T/declared" "$T/exported" | grep '^[<>]' | tr '\n' ' ')"
    fi
fi

# meeple(3) as installed: renders without a warning, and its example is examples/play.c.
page=$(find "$D" -name meeple.3 | head -n 1)
check '[ -n "$page" ]' "meeple(3) was not installed"
if [ -n "$page" ] && need man man-db; then
    MANWIDTH=80 man --warnings -l "$page" >"$T/page.txt" 2>"$T/page.err"
    check '[ $? = 0 ] && [ ! -s "$T/page.err" ]' "man -l meeple.3: $(head -n 5 "$T/page.err")"
    check 'grep -q "^EXAMPLE" "$T/page.txt" && grep -q "^OUT OF MEMORY" "$T/page.txt"' "meeple(3) lacks EXAMPLE or OUT OF MEMORY"
fi
if [ -n "$page" ]; then
    # The text between the first .EX and .EE of EXAMPLE, roff's escapes undone.
    awk '/^\.SH EXAMPLE/ { in_example = 1 } in_example && /^\.EE/ { exit } code { print }
        in_example && /^\.EX/ { code = 1 }' "$page" |
        sed -e 's/\\-/-/g' -e 's/\\(aq/'"'"'/g' -e 's/\\e/\\/g' -e 's/^\\&//' >"$T/page-example.c"
    check 'cmp -s "$T/page-example.c" "$SRC/examples/play.c"' \
        "meeple(3)'s example is not examples/play.c: $(diff "$T/page-example.c" "$SRC/examples/play.c" | head -n 6)"
fi
finish installed.sh
