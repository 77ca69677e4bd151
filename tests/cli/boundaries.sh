#!/bin/sh
# boundaries.sh: the walls between the kernel, the modules and the tools (meeple-modules(7),
# ARCHITECTURE.md "The module API"), checked on the source tree with grep:
#   - no file in core/ includes anything under variants/;
#   - a module includes only module.h, its own headers and the C library, and names no kernel
#     structure (without internal.h they are opaque; this keeps anyone from adding the include);
#   - no tool, and no bot, learns a fact from a module's words or notation: the typed channel
#     (mp_game_facts, mp_game_decision) is the only way in;
#   - no tool and no bot knows a module by name, spells its notation or reads its options: what a
#     module knows stays in the module, and everyone else asks it through data or a hook (its facts,
#     its decisions with their notation and aliases, choose_simple); only core/modules.c names them.
set -u
. "$(dirname "$0")/lib.sh"
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
cd "$SRC" || exit 1

# Prints the offending lines of FILES matching the extended regex PATTERN; true when there are none.
none() {
    pattern=$1; shift
    out=$(grep -nE "$pattern" "$@" 2>/dev/null)
    [ -z "$out" ] && return 0
    echo "$out"
    return 1
}

core_files=$(ls core/*.c core/*.h)
module_files=$(find variants -name '*.[ch]' | sort)
tool_files=$(find tools -name "*.[ch]" | sort)
bot_files="core/bots.c core/greedy.c core/mcts.c core/eval.c"

check '[ -n "$module_files" ]' "no module sources found under variants/"
check 'none "#include *\"[^\"]*variants/" $core_files' "a file in core/ includes something under variants/"

# A module's includes: <system headers>, "module.h", or a header of its own directory.
for f in $module_files; do
    dir=$(dirname "$f")
    bad_includes=$(sed -n 's/^ *# *include *"\([^"]*\)".*/\1/p' "$f" | while read -r inc; do
        [ "$inc" = module.h ] && continue
        case "$inc" in */*) echo "$inc"; continue ;; esac
        [ -f "$dir/$inc" ] || echo "$inc"
    done)
    check '[ -z "$bad_includes" ]' "$f includes $bad_includes; expected only module.h, its own headers and the C library"
done
check 'none "\<(mp_seg|mp_placed|mp_tile_feature|mp_kind_rules|mp_module_use|mp_open)\>|->(segs|placed|mstate|ts|rs)\>" $module_files' \
    "a module names a kernel structure or its fields; expected the mp_mod_* functions of module.h"

# Tools and bots: no notation prefix of a module ("!castle:use-") and no words of a module's status
# searched for; mp_game_module_status is for showing, never parsed.
# (Nor do they write it: see "Module knowledge stays in the modules" below.)
check 'none "(strn?cmp|sscanf|strstr|strchr)\([^;]*\"![a-z]+:" $tool_files $bot_files' \
    "a tool or a bot matches a module's notation; expected mp_game_decision"
check 'none "(strstr|sscanf|strncmp|strchr)\(.*mp_game_module_status|mp_game_module_status.*(strstr|sscanf|strncmp|strchr)\(" $tool_files $bot_files' \
    "a tool or a bot searches a module's status words; expected mp_game_facts"
check 'none "(strn?cmp|sscanf|strstr)\([^;]*\"(on the track at|wall tiles? |track |select-|bid-)" $tool_files $bot_files' \
    "a tool or a bot looks for a module's words; expected mp_game_facts or mp_game_decision"
for f in $tool_files $bot_files; do
    grep -q 'mp_game_module_status' "$f" || continue
    check '! grep -qE "\<sscanf\(" "$f"' "$f reads status words and calls sscanf; expected facts (mp_game_facts)"
done

# ---- Module knowledge stays in the modules (meeple-modules(7)).

# The code of a file without its comments (the lines of a block comment, starting /* ** or *,
# dropped; a comment at the end of a line cut), each line as grep -n prints it: FILE:LINE:TEXT.
code_of() {
    awk -v f="$1" '{ line = $0; sub(/\/\*.*\*\//, "", line)
        if (line !~ /^[ \t]*(\/\*|\*)/) print f ":" FNR ":" line }' "$1"
}

# The compiled-in modules' names, as their tables give them (.name on the line after the definition).
module_names=$(grep -h -A1 '^const mp_module mp_module_' $module_files | sed -n 's/^ *\.name = "\([^"]*\)".*/\1/p' | sort)
check '[ "$(echo $module_names | wc -w)" -ge 5 ]' "the modules' names not found in variants/ (got: $module_names)"

# Lines where a module's name is another thing's name: a kind of the tile sets (the castle of castle
# tokens, the river), a shipped ruleset, a word of JCloisterZone's (an element). Each is listed as
# FILE|TEXT it holds, so that no other use slips through.
same_word() {
    while IFS='|' read -r file text; do
        [ "$file" = "$1" ] || continue
        case "$2" in *"$text"*) return 0 ;; esac
    done <<'EOF'
tools/pictures/render.c|{ "castle",   {
tools/pictures/render.c|strcmp(name, "castle") == 0 ? "castle" : "changed-kind"
tools/jcz/jcz-view.c|{ "castle", "castle" }
tools/jcz/jcz-setup.c|{ "castle", JCZ_CASTLE, false, write_castles }
tools/jcz/jcz-setup.c|mp_yw_plain(w, "castle"); mp_yw_int(w, 4);
tools/jcz/jcz-setup.c|mp_yw_plain(w, "castle"); mp_yw_int(w, 5);
tools/jcz/jcz-setup.c|mp_yw_plain(w, "field"); mp_yw_plain(w, "river");
tools/jcz/jcz-impl.h|#define JCZ_RIVER_ELEMENT "river"
tools/jcz/jcz-impl.h|#define JCZ_BUILDER_ELEMENT "builder"
tools/sim/bench-signature.c|"bcb-zmg", "castle", "castle-hig"
EOF
    return 1
}

# No module's name as a string literal in core/ and tools/ outside core/modules.c (the modules and
# the tests may name them): a tool or a bot that needs something of a module asks the module.
named=$(for f in $core_files $tool_files; do
    [ "$f" = core/modules.c ] || code_of "$f"
done | while IFS= read -r hit; do
    for name in $module_names; do
        case "$hit" in *"\"$name\""*) same_word "${hit%%:*}" "$hit" || echo "$hit" ;; esac
    done
done | uniq)
check '[ -z "$named" ]' "a file outside variants/ names a module; expected what the module declares (facts, decisions and their aliases, choose_simple):
$named"

# No tool and no bot writes a module's notation ("!castles:convert"): an action is built from the
# decision it is (mp_game_decision, mp_ruleset_module_decision); its notation is the module's.
spelt=$(for f in $tool_files $bot_files; do code_of "$f"; done | grep -E '"![a-z][a-z-]*:')
check '[ -z "$spelt" ]' "a tool or a bot spells a module's notation; expected an action built from its decision:
$spelt"

# No tool and no bot reads a module's options: the library has no reader of them (the loader,
# core/ruleset.c, hands them to the module's configure hook; core/rulediff.c compares them without
# reading them), and in core/ only those two reach them; a tool sees the library through meeple.h.
check 'none "mp_ruleset_module_ints|MP_API[^;]*module_option" core/meeple.h $tool_files $bot_files' \
    "a reader of a module's options in the library's API, or a call of one; expected the module's facts"
options_readers=$(grep -lE "(->|\]\.)options\>" $core_files | grep -v -e '^core/ruleset.c$' -e '^core/rulediff.c$')
check '[ -z "$options_readers" ]' "a file of core/ reaches a module's options: $options_readers; expected only core/ruleset.c and core/rulediff.c"

# Comments and docs cite what the repository holds, never the team's shared notes.
check 'none "\.\./shared/" $core_files $module_files $tool_files tests/*.c tests/cli/*.sh man/* README.md ARCHITECTURE.md' \
    "a file cites the team's shared notes, which a reader of the project does not have; expected a man page or ARCHITECTURE.md"

finish boundaries
