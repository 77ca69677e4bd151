#!/bin/sh
# serve-designs.sh: the designs directory of meeple serve (--designs DIR, meeple-serve(1), section
# API, Designs directory): the directory checked at the start; its files listed with their hashes
# and opened as designs; a design saved there (exactly its text, which meeple lint passes), never
# over a file without "replace", its old text kept as NAME.bak, never over a file changed on disk
# since it was opened ("expect"); names that are no plain name refused with nothing written
# anywhere; a symbolic link neither followed nor replaced; a write that fails (a file size limit,
# the directory removed) leaving the old file whole and no temporary file; bodies too large; a
# design with errors; a server without --designs that writes nothing.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
S=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}

need curl curl || finish serve-designs
need jq jq || finish serve-designs

. "$(dirname "$0")/serve-lib.sh"
# upload FILE [NAME]: POST /api/design {name, text} with the file's text.
upload() { jq -Rs --arg n "${2:-$(basename "$1")}" '{name: $n, text: .}' "$1" >"$T/req"; req POST /api/design "$T/req"; }
# save ID BODY: POST /api/design/ID/save.
save() { post "/api/design/$1/save" "$2"; }
# conflict_is FLAG MESSAGE WHAT: a 409 with its message and "FLAG": true.
conflict_is() {
    status_is 409 && [ "$(q ".$1")" = true ] && body_has "$2" && ok || bad "$3: status $(cat "$T/status"), $(cat "$T/body"); expected 409 with '$2'"
}
# listing DIR: every name in it, hidden ones too, with what each is (ls -lA's type and size).
listing() { ls -lA "$1" | awk 'NR > 1 { print $1, $5, $NF }'; }
# stop: SIGTERM; the server stops cleanly (exit 0, said on stderr), under the sanitizers with no leak.
stop() {
    kill -TERM $pid
    wait $pid
    rc=$?
    check '[ $rc = 0 ] && grep -q "^meeple serve: stopped by SIGTERM$" "$T/err"' "meeple serve after SIGTERM: exit $rc, $(cat "$T/err")"
    pid=
}

# ---------------------------------------------------------------- the directory at the start
"$M" serve --port 0 --designs "$T/none" >"$T/uout" 2>"$T/uerr"
rc=$?
check '[ $rc = 1 ] && [ ! -s "$T/uout" ] && grep -qxF "meeple serve: --designs: '"'$T/none'"': cannot open: No such file or directory; expected a directory to save designs in" "$T/uerr"' \
    "--designs of no directory: exit $rc, $(cat "$T/uerr"); expected 1 and what is wrong"
: >"$T/plain.yaml"
"$M" serve --port 0 --designs "$T/plain.yaml" >"$T/uout" 2>"$T/uerr"
rc=$?
check '[ $rc = 1 ] && grep -qF "'"'$T/plain.yaml'"': cannot open: Not a directory; expected a directory" "$T/uerr"' \
    "--designs of a file: exit $rc, $(cat "$T/uerr"); expected 1 and 'Not a directory'"
"$M" serve --port 0 --designs >"$T/uout" 2>"$T/uerr"
rc=$?
check '[ $rc = 2 ] && grep -qF "needs a value" "$T/uerr"' "--designs without a value: exit $rc, $(cat "$T/uerr")"

# The server runs in a directory of its own (its working directory, where nothing may be written),
# its designs in $T/top/designs: $T/top holds nothing else, so that a file written beside the
# designs directory shows.
mkdir "$T/tmp" "$T/cwd" "$T/top" "$T/top/designs"
D="$T/top/designs"
cd "$T/cwd" || exit 1
SERVE_TMPDIR="$T/tmp" serve_start --designs "$D"
[ -n "$U" ] || finish serve-designs

req GET /api/design/files
check 'status_is 200 && [ "$(q .)" = "$(jq -nc --arg d "$D" "{dir: \$d, files: []}")" ]' "the empty directory: $(cat "$T/status") $(cat "$T/body")"

# ---------------------------------------------------------------- a save, then another
upload "$S/rulesets/tiles/base.yaml"
check 'status_is 201 && [ "$(q .errors)" = 0 ]' "base.yaml's design: $(cat "$T/status") $(head -c 300 "$T/body")"
base=$(q .design) base_hash=$(q .hash)
check 'printf "%s" "$base_hash" | grep -qx "\"[0-9a-f]\{16\}\""' "a design's hash is not 16 hex digits: $base_hash"
# The hash is FNV-1a (64 bits) of the text: its published value for "a".
post /api/design '{"name": "a.yaml", "text": "a"}'
same "the hash of \"a\"" "$(q .hash)" '"af63dc4c8601ec8c"'

save "$base" '{"name": "a.yaml"}'
check 'status_is 201' "saving base.yaml as a.yaml: $(cat "$T/status") $(cat "$T/body")"
same "the save's reply" "$(q .)" "{\"name\":\"a.yaml\",\"hash\":$base_hash,\"bytes\":$(wc -c <"$S/rulesets/tiles/base.yaml"),\"backup\":null}"
check 'cmp -s "$S/rulesets/tiles/base.yaml" "$D/a.yaml"' "a.yaml does not hold exactly the design's text"
"$M" lint "$D/a.yaml" >"$T/lint.out" 2>&1
lint_rc=$?
check '[ $lint_rc = 0 ]' "meeple lint fails the saved a.yaml: $(cat "$T/lint.out")"
same "the directory after a save" "$(ls -A "$D")" "a.yaml"

save "$base" '{"name": "a.yaml"}'
conflict_is exists "'a.yaml' exists in the designs directory; expected \\\"replace\\\": true to replace it (the old one is kept as a.yaml.bak)" \
    "a.yaml saved again without replace"
save "$base" '{"name": "a.yaml", "replace": false}'
check 'status_is 409 && [ "$(q .exists)" = true ]' "a.yaml saved again with replace false: $(cat "$T/status") $(cat "$T/body")"

upload "$S/rulesets/examples/market-town.yaml"
mt=$(q .design) mt_hash=$(q .hash)
save "$mt" '{"name": "a.yaml", "replace": true}'
check 'status_is 201 && [ "$(q "[.backup, .hash]")" = "[\"a.yaml.bak\",$mt_hash]" ]' "a.yaml replaced: $(cat "$T/status") $(cat "$T/body")"
check 'cmp -s "$S/rulesets/examples/market-town.yaml" "$D/a.yaml" && cmp -s "$S/rulesets/tiles/base.yaml" "$D/a.yaml.bak"' \
    "a.yaml replaced: it is not market-town.yaml, or a.yaml.bak is not the old base.yaml"
# A ruleset is saved as a tile set is.
upload "$S/rulesets/bcb.yaml"
save "$(q .design)" '{"name": "B-rules_1+x.yml"}'
check 'status_is 201 && cmp -s "$S/rulesets/bcb.yaml" "$D/B-rules_1+x.yml"' "a ruleset saved: $(cat "$T/status") $(cat "$T/body")"

# ---------------------------------------------------------------- the list, and a file opened
# Only regular *.yaml and *.yml files of plain names: no backup, no hidden file, no directory, no
# link, no other file.
mkdir "$D/sub.yaml"
: >"$D/.hidden.yaml"
: >"$D/notes.txt"
: >"$D/with space.yaml"
ln -s /etc/passwd "$D/link.yaml"
req GET /api/design/files
same "the files listed" "$(q '[.files[] | [.name, .bytes]]')" \
    "[[\"B-rules_1+x.yml\",$(wc -c <"$S/rulesets/bcb.yaml")],[\"a.yaml\",$(wc -c <"$S/rulesets/examples/market-town.yaml")]]"
same "a.yaml's hash in the list" "$(q '.files[] | select(.name == "a.yaml") | .hash')" "$mt_hash"
post /api/design '{"saved": "a.yaml"}'
check 'status_is 201 && [ "$(q "[.name, .hash, .kind, .errors]")" = "[\"a.yaml\",$mt_hash,\"tiles\",0]" ]' \
    "a.yaml opened: $(cat "$T/status") $(head -c 300 "$T/body")"
opened=$(q .design)
same "a.yaml opened draws as its upload" "$(q '[.tiles[].id] | join(" ")')" "$(upload "$S/rulesets/examples/market-town.yaml"; q '[.tiles[].id] | join(" ")')"
post /api/design '{"saved": "none.yaml"}'
expect 404 "no 'none.yaml' in the designs directory; expected one of GET /api/design/files" "a file not there opened"
post /api/design '{"saved": "../designs/a.yaml"}'
expect 400 "is not a file name of the designs directory; expected a plain file name" "a path opened"
post /api/design '{"saved": 3}'
expect 400 '\"saved\" is not a string' "a saved name that is no string"
post /api/design '{"saved": "sub.yaml"}'
expect 403 "'sub.yaml' is not a regular file in the designs directory" "a directory opened"

# A design's text as a download of its name.
req GET "/api/design/$opened/text"
check 'status_is 200 && cmp -s "$T/body" "$D/a.yaml"' "GET /api/design/$opened/text is not a.yaml's text: $(cat "$T/status") $(head -c 200 "$T/body")"
curl -s -D "$T/head" -o /dev/null "${U}api/design/$opened/text"
check 'grep -qi "^Content-Disposition: attachment; filename=\"a.yaml\"" "$T/head" && grep -qi "^Content-Type: application/yaml" "$T/head"' \
    "GET /api/design/$opened/text's headers: $(cat "$T/head")"
curl -s -D "$T/head" -o /dev/null "${U}api/design/$base/text"
check 'grep -qi "^Content-Disposition: attachment; filename=\"base.yaml\"" "$T/head"' "the download name of base.yaml: $(cat "$T/head")"
req GET /api/design/999/text
expect 404 "no design 999" "the text of an unknown design"
post "/api/design/$opened/text" '{}'
expect 405 "expected GET" "POST to a design's text"

# ---------------------------------------------------------------- changed on disk since opened
cp "$D/a.yaml" "$T/a-before.yaml"
echo "# changed by hand" >>"$D/a.yaml"
cp "$D/a.yaml" "$T/a-changed.yaml"
req GET /api/design/files
changed_hash=$(q '.files[] | select(.name == "a.yaml") | .hash')
check '[ "$changed_hash" != "$mt_hash" ]' "a.yaml changed on disk has the same hash in the list"
save "$opened" "{\"name\": \"a.yaml\", \"replace\": true, \"expect\": $mt_hash}"
conflict_is changed "'a.yaml' changed on disk since it was opened (hash $(echo $changed_hash | tr -d '"'), expected $(echo $mt_hash | tr -d '"')); expected it reopened, or \\\"expect\\\": null to overwrite" \
    "a save over a file changed on disk"
check 'cmp -s "$D/a.yaml" "$T/a-changed.yaml" && cmp -s "$D/a.yaml.bak" "$S/rulesets/tiles/base.yaml"' "a refused save touched a.yaml or a.yaml.bak"
# Its current hash, or null, writes.
save "$opened" "{\"name\": \"a.yaml\", \"replace\": true, \"expect\": $changed_hash}"
check 'status_is 201 && cmp -s "$D/a.yaml" "$T/a-before.yaml" && cmp -s "$D/a.yaml.bak" "$T/a-changed.yaml"' \
    "a save expecting the hash on disk: $(cat "$T/status") $(cat "$T/body")"
echo "# again" >>"$D/a.yaml"
save "$opened" '{"name": "a.yaml", "replace": true, "expect": null}'
check 'status_is 201 && cmp -s "$D/a.yaml" "$T/a-before.yaml"' "a save with expect null: $(cat "$T/status") $(cat "$T/body")"
# A file gone since it was opened is a change too.
save "$base" '{"name": "gone.yaml"}'
rm "$D/gone.yaml"
save "$base" "{\"name\": \"gone.yaml\", \"replace\": true, \"expect\": $base_hash}"
check 'status_is 409 && [ "$(q .changed)" = true ] && body_has "it is gone" && [ ! -e "$D/gone.yaml" ]' "a save over a file gone: $(cat "$T/status") $(cat "$T/body")"
save "$base" '{"name": "a.yaml", "replace": true, "expect": "xyz"}'
expect 400 '\"expect\" is not a hash' "an expect that is no hash"
save "$base" '{"name": "a.yaml", "replace": "yes"}'
expect 400 '\"replace\" is not true or false' "a replace that is no boolean"

# ---------------------------------------------------------------- names that are none
listing "$T/top" >"$T/top-before"
listing "$D" >"$T/designs-before"
long=$(printf 'a%.0s' $(seq 96)).yaml   # 101 characters
for n in ../x.yaml /etc/x.yaml .x.yaml a/b.yaml x.txt "" a..yaml -x.yaml x.yaml/ 'x y.yaml' .yaml "$long" x.YAML; do
    save "$base" "{\"name\": \"$n\", \"replace\": true}"
    expect 400 "is not a file name of the designs directory; expected a plain file name like mine.yaml" "the name '$n'"
done
save "$base" '{"replace": true}'
expect 400 '\"name\" is not a string' "a save without a name"
save "$base" '{"name": 7}'
expect 400 '\"name\" is not a string' "a name that is no string"
save "$base" '{"name": '
expect 400 "malformed JSON" "a save's malformed JSON"
check '[ "$(listing "$T/top")" = "$(cat "$T/top-before")" ] && [ "$(listing "$D")" = "$(cat "$T/designs-before")" ] && [ -z "$(ls -A "$T/cwd")" ] && [ ! -e /etc/x.yaml ]' \
    "a name refused wrote something: $(listing "$T/top"; listing "$D"; ls -A "$T/cwd")"
# The longest name is 100 characters.
save "$base" "{\"name\": \"$(printf 'b%.0s' $(seq 95)).yaml\"}"
check 'status_is 201' "a name of 100 characters: $(cat "$T/status") $(cat "$T/body")"

# ---------------------------------------------------------------- a symbolic link
sum=$(cksum </etc/passwd)
post /api/design '{"saved": "link.yaml"}'
expect 403 "'link.yaml' is a symbolic link in the designs directory; expected a regular file (a link is never followed)" "a link opened"
check '! body_has "root:"' "a link opened shows its target"
save "$base" '{"name": "link.yaml", "replace": true}'
expect 403 "'link.yaml' is a symbolic link in the designs directory; expected a regular file (a link is never followed nor replaced)" "a save over a link"
check '[ "$(readlink "$D/link.yaml")" = /etc/passwd ] && [ "$(cksum </etc/passwd)" = "$sum" ]' "a save over a link changed the link or its target"
# A link as the backup's name is replaced, not followed (rename never follows).
ln -s /etc/passwd "$D/c.yaml.bak"
save "$base" '{"name": "c.yaml"}'
save "$mt" '{"name": "c.yaml", "replace": true}'
check 'status_is 201 && [ ! -L "$D/c.yaml.bak" ] && cmp -s "$D/c.yaml.bak" "$S/rulesets/tiles/base.yaml" && [ "$(cksum </etc/passwd)" = "$sum" ]' \
    "a backup over a link: $(cat "$T/status") $(cat "$T/body")"

# ---------------------------------------------------------------- refused designs and bodies
upload "$S/tests/bad/lint-many.yaml"
many=$(q .design)
save "$many" '{"name": "many.yaml"}'
expect 409 "design $many has 4 errors; expected a design that lints clean (download it to keep it as it is)" "a design with errors saved"
check '[ ! -e "$D/many.yaml" ]' "a design with errors was written"
save 999 '{"name": "x.yaml"}'
expect 404 "no design 999; expected the id POST /api/design gave" "an unknown design saved"
req GET "/api/design/$base/save"
expect 405 "expected POST" "GET of a save"
post /api/design/files '{}'
expect 405 "expected GET" "POST to the files"
# A body larger than the API takes (4 MiB for POST /api/design, 64 KiB for a save): 413.
head -c 4200000 /dev/zero | tr '\0' a | jq -Rs '{name: "huge.yaml", text: .}' >"$T/huge"
req POST /api/design "$T/huge"
expect 413 "the request body is larger than" "a design of more than 4 MiB"
head -c 70000 /dev/zero | tr '\0' a | jq -Rs '{name: "x.yaml", replace: true, expect: null, pad: .}' >"$T/big"
req POST "/api/design/$base/save" "$T/big"
expect 413 "expected at most 64 KiB" "a save's body of more than 64 KiB"

# Saves of the same name at once: one after the other, each whole, no temporary file left.
for k in 1 2 3 4; do
    printf '{"name": "same.yaml", "replace": true}' | curl -s -H 'Content-Type: application/json' -o /dev/null -w '%{http_code}\n' --data-binary @- "${U}api/design/$( [ $k -le 2 ] && echo $base || echo $mt )/save" >"$T/same-$k" &
done
i=0
while [ "$(cat "$T"/same-? 2>/dev/null | wc -l)" -lt 4 ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
same "saves at once" "$(cat "$T"/same-? | sort | uniq -c | awk '{ print $1 "x" $2 }')" "4x201"
check 'cmp -s "$D/same.yaml" "$S/rulesets/tiles/base.yaml" || cmp -s "$D/same.yaml" "$S/rulesets/examples/market-town.yaml"' "same.yaml after saves at once is neither text"
same "hidden files left" "$(ls -A "$D" | grep '^\.' | paste -sd ' ')" ".hidden.yaml"

# ---------------------------------------------------------------- the directory moved, then removed
mv "$D" "$T/top/moved"
save "$base" '{"name": "after-move.yaml"}'
check 'status_is 201 && cmp -s "$T/top/moved/after-move.yaml" "$S/rulesets/tiles/base.yaml" && [ ! -e "$D" ]' \
    "a save after the directory moved: $(cat "$T/status") $(cat "$T/body")"
req GET /api/design/files
same "the list after the directory moved" "$(q '[.dir, (.files | map(.name) | index("after-move.yaml") > 0)]')" "[\"$D\",true]"
rm -rf "$T/top/moved"
save "$base" '{"name": "a.yaml"}'
expect 500 "cannot save 'a.yaml': the designs directory '$D' was removed while the server runs; expected it there (nothing was written)" "a save into a removed directory"
req GET /api/design/files
expect 500 "the designs directory '$D' was removed while the server runs; expected it there" "the list of a removed directory"
req GET /api/rulesets
check 'status_is 200' "the server after its directory was removed: $(cat "$T/status")"
same "what the server wrote beside" "$(ls -A "$T/top") $(ls -A "$T/cwd")" " "
stop

# ---------------------------------------------------------------- a write that fails
# A file size limit (ulimit -f, its signal ignored: write fails with EFBIG) stands for a full disk:
# the backup of a small file is written, the new large text is not. The old file is whole, and no
# temporary file is left.
mkdir "$D"
cp "$S/rulesets/tiles/base.yaml" "$D/a.yaml"
{ cat "$S/rulesets/examples/market-town.yaml"; head -c 200000 /dev/zero | tr '\0' x | fold -w 70 | sed 's/^/# /'; } >"$T/large.yaml"
printf '#!/bin/sh\nulimit -f 60\ntrap "" XFSZ\nexec "%s" "$@"\n' "$M" >"$T/meeple-limited"
chmod +x "$T/meeple-limited"
M_real=$M
M=$T/meeple-limited SERVE_TMPDIR="$T/tmp" serve_start --designs "$D"
M=$M_real
upload "$T/large.yaml"
check 'status_is 201 && [ "$(q .errors)" = 0 ]' "the large design: $(cat "$T/status") $(head -c 300 "$T/body")"
save "$(q .design)" '{"name": "a.yaml", "replace": true}'
expect 500 "cannot save 'a.yaml' in the designs directory '$D': cannot write the new 'a.yaml': File too large; expected a directory it can be written in (the old file is as it was)" \
    "a save that cannot be written"
check 'cmp -s "$D/a.yaml" "$S/rulesets/tiles/base.yaml"' "a save that failed damaged a.yaml"
same "the directory after a failed save" "$(ls -A "$D" | paste -sd ' ')" "a.yaml a.yaml.bak"
stop

# ---------------------------------------------------------------- without --designs
SERVE_TMPDIR="$T/tmp" serve_start
req GET /api/design/files
expect 404 "no designs directory; expected meeple serve --designs DIR" "the files without --designs"
upload "$S/rulesets/tiles/base.yaml"
b=$(q .design)
check 'status_is 201 && [ "$(q .hash)" = "$base_hash" ]' "a design's hash without --designs: $(cat "$T/status") $(q .hash)"
save "$b" '{"name": "a.yaml"}'
expect 403 "nothing is written: meeple serve was started without --designs DIR" "a save without --designs"
save 999 '{"name": "../a.yaml"}'
expect 403 "nothing is written" "a save of no design without --designs"
post /api/design '{"saved": "a.yaml"}'
expect 404 "no designs directory; expected meeple serve --designs DIR" "a file opened without --designs"
req GET "/api/design/$b/text"
check 'status_is 200 && cmp -s "$T/body" "$S/rulesets/tiles/base.yaml"' "a design's text without --designs: $(cat "$T/status")"
stop
same "what a server without --designs wrote" "$(ls -A "$T/cwd" "$T/tmp" | tr -d '\n')" "$T/cwd:$T/tmp:"
finish serve-designs
