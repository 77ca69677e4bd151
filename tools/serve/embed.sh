#!/bin/sh
# embed.sh DIR OUT NAME...: writes OUT, a C file holding the files DIR/NAME as byte arrays, each
# served by meeple serve at /NAME (tools/serve/assets.h: asset_find). The build runs it
# (Makefile.am) so that the page is compiled into the program: nothing is read from disk when
# the server runs. Plain sh, od and awk: no xxd.
set -eu
if [ $# -lt 3 ]; then
    echo "usage: embed.sh DIR OUT NAME..." >&2
    exit 2
fi
dir=$1 out=$2
shift 2
tmp="$out.tmp"
trap 'rm -f "$tmp"' EXIT

type_of() {
    case $1 in
    *.html) echo "text/html; charset=utf-8" ;;
    *.js) echo "text/javascript; charset=utf-8" ;;
    *.css) echo "text/css; charset=utf-8" ;;
    *.svg) echo "image/svg+xml" ;;
    *.png) echo "image/png" ;;
    *) echo "application/octet-stream" ;;
    esac
}

{
    echo "/* Written by tools/serve/embed.sh from tools/serve/page/: do not edit. */"
    echo "#include <string.h>"
    echo "#include \"assets.h\""
    i=0
    for name in "$@"; do
        case $name in
        *[!A-Za-z0-9._-]*) echo "embed.sh: '$name' is not a plain file name; expected letters, digits, '.', '_' or '-'" >&2; exit 1 ;;
        esac
        [ -f "$dir/$name" ] || { echo "embed.sh: no file '$dir/$name'" >&2; exit 1; }
        echo "static const unsigned char a$i[] = {"
        # One byte a number, 16 a line; a 0 after the last so that an empty file makes an array too.
        od -An -v -tu1 "$dir/$name" | awk '{ for (i = 1; i <= NF; i++) printf "%s,", $i; printf "\n" } END { print "0" }'
        echo "};"
        i=$((i + 1))
    done
    echo "static const asset assets[] = {"
    i=0
    for name in "$@"; do
        echo "    { \"/$name\", \"$(type_of "$name")\", a$i, sizeof a$i - 1 },"
        i=$((i + 1))
    done
    echo "};"
    cat <<'C'
const asset *asset_find(const char *path) {
    if (strcmp(path, "/") == 0) path = "/index.html";
    for (size_t i = 0; i < sizeof assets / sizeof assets[0]; i++)
        if (strcmp(path, assets[i].path) == 0) return &assets[i];
    return NULL;
}
C
} >"$tmp"
mv "$tmp" "$out"
trap - EXIT
