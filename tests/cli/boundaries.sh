#!/bin/sh
# boundaries.sh: the walls between the kernel, the modules and the tools (meeple-modules(7),
# ARCHITECTURE.md "The module API"), checked on the source tree with grep:
#   - no file in core/ includes anything under variants/;
#   - a module includes only module.h, its own headers and the C library, and names no kernel
#     structure (without internal.h they are opaque; this keeps anyone from adding the include);
#   - no tool, and no bot, learns a fact from a module's words or notation: the typed channel
#     (mp_game_facts, mp_game_decision) is the only way in.
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
# (Writing notation is spelling an action, which is what notation is for: the importer and the help
# of the terminal prompt do; comparing or scanning it to learn what an action is is not.)
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

# Comments and docs cite what the repository holds, never the team's shared notes.
check 'none "\.\./shared/" $core_files $module_files $tool_files tests/*.c tests/cli/*.sh man/* README.md ARCHITECTURE.md' \
    "a file cites the team's shared notes, which a reader of the project does not have; expected a man page or ARCHITECTURE.md"

finish boundaries
