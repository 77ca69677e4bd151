#!/bin/sh
# serve-editor.sh: the tile editor's endpoints of meeple serve (meeple-serve(1), section API):
# POST /api/design/ID/tile (a tile replaced, added, deleted: only its entry's lines rewritten, the
# rest of the file byte for byte; a flow `tiles: [...]` written anew) and POST /api/design
# {"blank": ...} (a new set of one blank tile), with their bad requests: tiles that are no tiles,
# indexes out of range, a ruleset, a design not there, a body too big.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
S=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}

need curl curl || finish serve-editor
need jq jq || finish serve-editor

mkdir "$T/tmp"
. "$(dirname "$0")/serve-lib.sh"
SERVE_TMPDIR="$T/tmp" serve_start "$S/rulesets/examples/market-town.yaml" "$S/rulesets/examples/market-town-rules.yaml"
[ -n "$U" ] || finish serve-editor
# edit ID JQ: POST /api/design/ID/tile with the body JQ makes of design ID's reply in $T/d-ID.json.
edit() { jq -c "$2" "$T/d-$1.json" >"$T/req"; req POST "/api/design/$1/tile" "$T/req"; cp "$T/body" "$T/d-$(q .design).json" 2>/dev/null; }

# ---------------------------------------------------------------- the model of a set
MT="$S/rulesets/examples/market-town.yaml"
post /api/design "{\"file\": \"$MT\"}"
check 'status_is 201' "open market-town.yaml: $(cat "$T/status") $(head -c 300 "$T/body")"
cp "$T/body" "$T/d-1.json"
same "the design's text" "$(q .text)" "$(jq -Rs . "$MT")"
same "the model's tiles" "$(q '[.model.tiles[].id]')" '["MT-gate","MT-twin","MT-abbey","MT-causeway","MT-lane","MT-corner-gate","MT-chapter","MT-market"]'
same "a feature of the model" "$(q '.model.tiles[0].features[0]')" '{"kind":"city","sides":["N"],"icons":{"pennant":1}}'
same "a kind of the model" "$(q '.model.kinds.road')" '{"letter":"R","covers":["middle"],"completes":"closed","follower":"thief","carries":["inn"]}'

# ---------------------------------------------------------------- a tile replaced
edit 1 '{index: 0, tile: (.model.tiles[0] | .count = 3)}'
check 'status_is 201' "MT-gate's count changed: $(cat "$T/status") $(head -c 300 "$T/body")"
same "the edit's layout" "$(q '[.layout, .edited, .errors, .warnings]')" '["kept",0,0,0]'
jq -j .text "$T/body" >"$T/mt-3.yaml"
diff "$MT" "$T/mt-3.yaml" >"$T/diff"
check '[ "$(grep -c "^[<>]" "$T/diff")" = 2 ] && grep -q "^<     count: 2$" "$T/diff" && grep -q "^>     count: 3$" "$T/diff"' \
    "only MT-gate's count line changes: $(cat "$T/diff")"
check '"$M" lint "$T/mt-3.yaml" >/dev/null 2>&1' "the edited set does not lint clean: $("$M" lint "$T/mt-3.yaml" 2>&1)"
e1=$(q .design)

# Its features rewritten: the same layout as the file's (each a line, two spaces further in).
edit "$e1" '{index: 1, tile: (.model.tiles[1] | .features |= reverse)}'
jq -j .text "$T/body" >"$T/mt-rev.yaml"
check 'grep -q "^      - {kind: field, halves: \[Es, Ws\], touches: \[S\]}$" "$T/mt-rev.yaml" && [ "$(wc -l <"$T/mt-rev.yaml")" = "$(wc -l <"$MT")" ]' \
    "MT-twin's features reversed, as the file writes them: $(sed -n '/MT-twin/,/MT-abbey/p' "$T/mt-rev.yaml")"

# A tile added at the end (index null), then deleted.
edit 1 '{index: null, tile: {id: "MT-new", count: 2, edges: "FFFF", features: [{kind: "field", halves: ["Nw","Ne","En","Es","Se","Sw","Ws","Wn"]}]}}'
check 'status_is 201 && [ "$(q "[.edited, .layout, .errors, (.tiles | length), .model.tiles[-1].id]")" = "[8,\"kept\",0,9,\"MT-new\"]" ]' \
    "a tile added: $(cat "$T/status") $(q '[.edited, .layout, .errors, (.tiles | length)]')"
jq -j .text "$T/body" >"$T/mt-new.yaml"
check '[ "$(head -c "$(wc -c <"$MT")" "$T/mt-new.yaml")" = "$(cat "$MT")" ] && tail -5 "$T/mt-new.yaml" | grep -q "^  - id: MT-new$"' \
    "the added tile is not after the file's own text: $(tail -8 "$T/mt-new.yaml")"
added=$(q .design)
edit "$added" '{index: 8, delete: true}'
check 'status_is 201' "the added tile deleted: $(cat "$T/status") $(head -c 300 "$T/body")"
check '[ "$(jq -j .text "$T/body")" = "$(cat "$MT")" ]' "deleting the added tile does not give the file back"

# Strings that plain YAML would read as something else are quoted, so they read back as strings.
edit 1 '{index: 0, tile: (.model.tiles[0] | .note = "true" | .id = "007")}'
check 'status_is 201 && [ "$(q ".model.tiles[0] | [.id, .note]")" = "[\"007\",\"true\"]" ]' \
    "quoted strings: $(q '.model.tiles[0] | [.id, .note]') $(jq -r .text "$T/body" | sed -n '/007/,+4p')"

# A tile that cannot be valid: the design still made, its diagnostics say why.
edit 1 '{index: 0, tile: (.model.tiles[0] | .features[1].sides = [])}'
check 'status_is 201 && [ "$(q ".errors")" -ge 1 ] && [ "$(q .loaded)" = false ] && body_has "a road must meet at least one side"' \
    "a road with no side: $(cat "$T/status") $(head -c 400 "$T/body")"
edit 1 '{index: 0, tile: (.model.tiles[0] | .edges = "CFFF")}'
check 'body_has "edge letter" && [ "$(q "[.diagnostics[].tile] | unique")" = "[\"MT-gate\"]" ]' "edges that disagree: $(q .diagnostics)"
edit 1 '{index: 0, tile: (.model.tiles[0] | .features[2].halves = ["En"])}'
check 'body_has "is not covered by any feature"' "a half-side in no field: $(q .diagnostics)"

# ---------------------------------------------------------------- bad requests
edit 1 '{index: 0, tile: "MT-gate"}'
expect 400 'expected either \"tile\"' "a tile that is a string"
edit 1 '{index: 0}'
expect 400 'expected either \"tile\"' "neither tile nor delete"
edit 1 '{index: 0, tile: .model.tiles[0], delete: true}'
expect 400 'expected either \"tile\"' "both tile and delete"
edit 1 '{index: 8, delete: true}'
expect 400 '\"index\": 8 is not a tile of the design; expected 0 to 7' "deleting past the end"
edit 1 '{index: 9, tile: .model.tiles[0]}'
expect 400 '\"index\": 9 is not a tile of the design' "an index past the end"
edit 1 '{index: -1, tile: .model.tiles[0]}'
expect 400 'is not a tile of the design' "a negative index"
edit 1 '{index: "0", tile: .model.tiles[0]}'
expect 400 '\"index\" is not a whole number' "an index that is a string"
post /api/design/1/tile 'not json'
check 'status_is 400' "a body that is no JSON: $(cat "$T/status") $(cat "$T/body")"
post /api/design/99999/tile '{"index": 0, "delete": true}'
expect 404 'no design 99999' "a design that is not there"
req GET /api/design/1/tile
check 'status_is 405' "GET of /tile: $(cat "$T/status")"
post /api/design "{\"file\": \"$S/rulesets/examples/market-town-rules.yaml\"}"
rs=$(q .design)
post "/api/design/$rs/tile" '{"index": 0, "delete": true}'
expect 409 "is a ruleset; expected a tile set" "editing a ruleset's tiles"
# A body past the limit is refused before it is read whole.
head -c 3000000 /dev/zero | tr '\0' 'x' | jq -Rc '{index: 0, tile: {id: "X", note: .}}' >"$T/huge"
req POST /api/design/1/tile "$T/huge"
check 'status_is 413' "a 3 MB body: $(cat "$T/status") $(head -c 200 "$T/body")"

# ---------------------------------------------------------------- a flow tiles: [...]
printf 'tileset: flow\naddon: true\nkinds:\n  field: {letter: F, covers: [halves], completes: never}\n# a comment\ntiles: [{id: A, count: 2, edges: FFFF, features: [{kind: field, halves: [Nw, Ne, En, Es, Se, Sw, Ws, Wn]}]}]\n' >"$T/flow.yaml"
jq -Rs '{name: "flow.yaml", text: .}' "$T/flow.yaml" >"$T/req"
req POST /api/design "$T/req"
fid=$(q .design)
cp "$T/body" "$T/d-$fid.json"
edit "$fid" '{index: 0, tile: (.model.tiles[0] | .count = 4)}'
check 'status_is 201 && [ "$(q "[.layout, .errors, .model.tiles[0].count]")" = "[\"rewritten\",0,4]" ] && ! jq -r .text "$T/body" | grep -q "# a comment"' \
    "a flow tiles: written anew: $(q '[.layout, .errors]') $(jq -r .text "$T/body")"

# ---------------------------------------------------------------- a blank set
post /api/design '{"blank": "mine.yaml", "ruleset": "c3-ic-tb"}'
check 'status_is 201 && [ "$(q "[.name, .kind, .errors, .warnings, .layout, (.tiles | length), .model.addon]")" = "[\"mine.yaml\",\"tiles\",0,0,\"new\",1,true]" ]' \
    "a blank set: $(cat "$T/status") $(head -c 400 "$T/body")"
same "the blank set's kinds: those of c3-ic-tb's tile sets" "$(q '.model.kinds | keys')" '["city","cloister","field","road"]'
check '[ "$(q ".model.kinds.city.carries | index(\"cathedral\") != null")" = true ] && [ "$(q ".model.icons | length")" -ge 2 ]' \
    "the blank set's city carries what Inns & Cathedrals adds: $(q '.model.kinds.city, .model.icons, .model.markers')"
jq -j .text "$T/body" >"$T/mine.yaml"
check '"$M" lint "$T/mine.yaml" >/dev/null 2>&1' "the blank set does not lint clean: $("$M" lint "$T/mine.yaml" 2>&1)"
post /api/design '{"blank": "../x.yaml"}'
expect 400 '\"blank\" is not a file' "a blank set named with a path"
post /api/design '{"blank": "x.yaml", "ruleset": "../../etc/passwd"}'
expect 400 '\"ruleset\" is not a ruleset' "a blank set of a ruleset path"
post /api/design '{"blank": "x.yaml", "ruleset": "no-such-ruleset"}'
check 'status_is 404' "a blank set of no ruleset: $(cat "$T/status") $(cat "$T/body")"

kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
pid=
check '[ -z "$(ls -A "$T/tmp")" ]' "the server left $(ls "$T/tmp") in \$TMPDIR"
finish serve-editor
