#!/bin/sh
# run.sh: the command line as a user meets it: every subcommand has --help and a man page,
# misuse exits 2, bad input exits 1 with file:line:column, a game plays to the end.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
SRC=${MEEPLE_SRCDIR:?set MEEPLE_SRCDIR to the source tree}
expect_exit() { # expected-code description command...
    want=$1; what=$2; shift 2
    "$@" >/tmp/meeple-cli.$$.out 2>/tmp/meeple-cli.$$.err
    got=$?
    if [ "$got" = "$want" ]; then ok; else bad "$what: exit $got, expected $want"; cat /tmp/meeple-cli.$$.err; fi
}

for cmd in $("$M" help --list); do
    expect_exit 0 "$cmd --help" "$M" "$cmd" --help
    grep -q '^usage: meeple' /tmp/meeple-cli.$$.out && ok || bad "$cmd --help prints no usage"
    [ -s /tmp/meeple-cli.$$.err ] && bad "$cmd --help writes to stderr" || ok
    expect_exit 2 "$cmd with a bad option" "$M" "$cmd" --no-such-option
    # Every usage error names its command first; the option is quoted.
    head -1 /tmp/meeple-cli.$$.err | grep -q "^meeple $cmd: unknown option '--no-such-option'" && ok || bad "$cmd --no-such-option: $(head -1 /tmp/meeple-cli.$$.err)"
    # -h is --help; 'meeple help CMD' prints the command's usage.
    "$M" "$cmd" --help >/tmp/meeple-cli.$$.help
    expect_exit 0 "$cmd -h" "$M" "$cmd" -h
    cmp -s /tmp/meeple-cli.$$.out /tmp/meeple-cli.$$.help && ok || bad "$cmd -h prints other than --help"
    expect_exit 0 "help $cmd" "$M" help "$cmd"
    cmp -s /tmp/meeple-cli.$$.out /tmp/meeple-cli.$$.help && ok || bad "help $cmd prints other than $cmd --help"
    # meeple(1) describes every command, lists it under 'help --list' and refers to its page.
    grep -q "^\.B $cmd\$" "$SRC/man/meeple.1" && ok || bad "meeple(1) does not describe $cmd"
    sed -n '/^\.B help \\-\\-list/,/^\.SH/p' "$SRC/man/meeple.1" | sed 1d | grep -qw "$cmd" && ok || bad "meeple(1): help --list omits $cmd"
    sed -n '/^\.SH SEE ALSO/,$p' "$SRC/man/meeple.1" | grep -q "^\.BR meeple\\\\-$cmd (1)" && ok || bad "meeple(1): SEE ALSO omits meeple-$cmd(1)"
    [ -f "$SRC/man/meeple-$cmd.1" ] && ok || bad "no man page man/meeple-$cmd.1"
    # The man page's SYNOPSIS names the same options as the usage lines (the first, and those that
    # go on with it, indented, from '[').
    if [ -f "$SRC/man/meeple-$cmd.1" ]; then
        for opt in $("$M" "$cmd" --help | awk 'NR == 1 || (/^ +\[/ && last == NR - 1) { print; last = NR }' | grep -o -- '--[a-z-]*' | sort -u); do
            grep -q -- "$(printf '%s' "$opt" | sed 's/-/\\\\-/g')" "$SRC/man/meeple-$cmd.1" && ok || bad "man page of $cmd lacks $opt"
        done
    fi
done
expect_exit 2 "unknown command" "$M" frobnicate
expect_exit 0 "help" "$M" help
expect_exit 2 "help of an unknown command" "$M" help frobnicate
grep -q "^meeple: unknown command 'frobnicate'; expected one of" /tmp/meeple-cli.$$.err && ok || bad "help frobnicate: $(cat /tmp/meeple-cli.$$.err)"
expect_exit 0 "meeple -h" "$M" -h

# Options: a unique prefix is the option, an ambiguous one is named as such with its candidates,
# an option without its value or with one it does not take is said to be so (one helper for all).
expect_exit 0 "a unique prefix" "$M" play --se 7 --json
grep -q '"seed":7' /tmp/meeple-cli.$$.out && ok || bad "play --se 7 is not --seed 7"
first_error() { head -1 /tmp/meeple-cli.$$.err; }
expect_error() { # description expected-first-line-of-stderr
    [ "$(first_error)" = "$2" ] && ok || bad "$1: '$(first_error)', expected '$2'"
}
expect_exit 2 "an ambiguous prefix" "$M" play --re x.yaml
expect_error "play --re" "meeple play: ambiguous option '--re': --record, --resume?"
expect_exit 2 "an ambiguous prefix (compare)" "$M" compare --s 3 --rulesets c3
expect_error "compare --s" "meeple compare: ambiguous option '--s': --seed, --shard, --svg?"
expect_exit 2 "an option without its value" "$M" play --seed
expect_error "play --seed" "meeple play: option '--seed' needs a value"
expect_exit 2 "a short option without its value" "$M" export x.yaml -o
expect_error "export -o" "meeple export: option '-o' needs a value"
expect_exit 2 "a value an option does not take" "$M" lint --json=yes x.yaml
expect_error "lint --json=yes" "meeple lint: option '--json' takes no value"
expect_exit 2 "an unknown short option" "$M" replay -x x.yaml
first_error | grep -q "^meeple replay: unknown option '-x'; expected one of --json, " && ok || bad "replay -x: $(first_error)"

# The bench: it runs and reports every figure (speed itself is never asserted: no timed tests).
expect_exit 0 "bench --json" "$M" bench --games 20 --json
for key in '"ruleset":"c3"' '"games":20' '"games_per_second":' '"placements_per_second":' '"lists_per_second":' \
           '"placements_per_list":' '"copies_per_second":' '"reused_copies_per_second":' \
           '"determinizations_per_second":' '"mcts":"mcts:500"' '"mcts_positions":' '"mcts_iterations_per_second":' \
           '"bytes_per_state":'; do
    grep -q "$key" /tmp/meeple-cli.$$.out && ok || bad "bench --json lacks $key"
done
expect_exit 0 "bench castle" "$M" bench --ruleset castle --games 5
grep -q 'legal-placement lists/s' /tmp/meeple-cli.$$.out && ok || bad "bench prints no lists/s"
expect_exit 2 "bench --games 0" "$M" bench --games 0
grep -q "^meeple bench: --games: '0'" /tmp/meeple-cli.$$.err && ok || bad "bench --games 0 does not name the command: $(head -1 /tmp/meeple-cli.$$.err)"
expect_exit 1 "bench, unknown ruleset" "$M" bench --ruleset c9
# Its scaling: the same games on 1 thread and on --jobs, by default the bench's own, no more than --games.
expect_exit 0 "bench --jobs 2" "$M" bench --games 20 --jobs 2 --json
grep -Eq '"scaling":\{"driver":"bench","players":"random,random","jobs":2,"games":20,"seconds_1":[0-9.e-]+,"seconds_n":[0-9.e-]+,"games_per_second_1":[0-9.e+-]+,"games_per_second_n":[0-9.e+-]+,"speedup":[0-9.e+-]+,"busy":[0-9.e+-]+,"slowdown":[0-9.e+-]+,"cpu_slowdown":[0-9.e+-]+\}' /tmp/meeple-cli.$$.out && ok || bad "bench --json scaling: $(grep -o '"scaling":.*' /tmp/meeple-cli.$$.out)"
expect_exit 0 "bench --players" "$M" bench --games 20 --jobs 3 --players greedy,random,random --scaling-games 4
grep -q "^scaling: 4 games of greedy,random,random, seeds 1\.\.4$" /tmp/meeple-cli.$$.out && ok || bad "bench --players: $(grep -A3 '^scaling' /tmp/meeple-cli.$$.out)"
grep -Eq "^ +[0-9.]+ games/s on 3 threads \([0-9.]+ s\)$" /tmp/meeple-cli.$$.out && ok || bad "bench: no games/s on 3 threads: $(grep -A3 '^scaling' /tmp/meeple-cli.$$.out)"
grep -Eq "^ +[0-9.]+ speed-up \(ideal 3\)$" /tmp/meeple-cli.$$.out && ok || bad "bench: no speed-up: $(grep -A3 '^scaling' /tmp/meeple-cli.$$.out)"
grep -Eq "^ +[0-9.]+% of the run on 3 threads in games \(the rest: waiting for the last ones\)$" /tmp/meeple-cli.$$.out && ok || bad "bench: no share of the run in games: $(grep -A5 '^scaling' /tmp/meeple-cli.$$.out)"
grep -Eq "^ +[0-9.]+ times the wall clock a game took on 1 thread, [0-9.]+ times its CPU time$" /tmp/meeple-cli.$$.out && ok || bad "bench: no slowdown: $(grep -A5 '^scaling' /tmp/meeple-cli.$$.out)"
expect_exit 0 "bench --jobs 1" "$M" bench --games 20 --jobs 1
grep -Eq "^ +[0-9.]+ games/s on 1 thread \([0-9.]+ s\): the same run$" /tmp/meeple-cli.$$.out && ok || bad "bench --jobs 1: $(grep -A3 '^scaling' /tmp/meeple-cli.$$.out)"
expect_exit 2 "bench --jobs 0" "$M" bench --jobs 0
expect_error "bench --jobs 0" "meeple bench: --jobs: '0' is out of range; expected 1 to 1024"
expect_exit 2 "bench, a bad bot" "$M" bench --players random,clever
first_error | grep -q "^meeple bench: --players: bad seat 'clever': " && ok || bad "bench --players random,clever: $(first_error)"
expect_exit 2 "bench --scaling-games 0" "$M" bench --scaling-games 0
expect_exit 1 "bench, three bots at The Castle" "$M" bench --ruleset castle --players random,random,random

# A full game, text and JSON.
expect_exit 0 "play" "$M" play --seed 7
grep -q 'winner' /tmp/meeple-cli.$$.out && ok || bad "play prints no winner"
expect_exit 0 "play --json" "$M" play --seed 7 --players greedy,random,random --json
for key in '"ruleset":"c3"' '"seed":7' '"players":\[' '"winners":\[' '"points":{' '"road":' '"farm":'; do
    grep -q "$key" /tmp/meeple-cli.$$.out && ok || bad "play --json lacks $key"
done
# Same seed, same game.
"$M" play --seed 11 --json >/tmp/meeple-cli.$$.a
"$M" play --seed 11 --json >/tmp/meeple-cli.$$.b
cmp -s /tmp/meeple-cli.$$.a /tmp/meeple-cli.$$.b && ok || bad "same seed gave different games"
for rs in c1-2000 c1-2001 c1 c3 c3-nofarmers; do
    expect_exit 0 "play --ruleset $rs" "$M" play --ruleset "$rs" --seed 3 --players random,random,greedy
done
expect_exit 0 "play --games" "$M" play --games 20 --players random,greedy --json
for key in '"games":20' '"mean_score":' '"wins":' '"mean_points":{'; do
    grep -q "$key" /tmp/meeple-cli.$$.out && ok || bad "play --games --json lacks $key"
done
# The time taken is no result (it would differ from run to run): meeple bench measures speed.
grep -q 'seconds\|_per_second' /tmp/meeple-cli.$$.out && bad "play --games --json times the run: $(cat /tmp/meeple-cli.$$.out)" || ok
expect_exit 2 "play --games 0" "$M" play --games 0
expect_exit 0 "rulesets" "$M" rulesets
grep -q '^c1-2000 ' /tmp/meeple-cli.$$.out && ok || bad "rulesets does not list c1-2000"
expect_exit 0 "rulesets --json" "$M" rulesets --json
grep -q '"name":"c3"' /tmp/meeple-cli.$$.out && ok || bad "rulesets --json lacks c3"

# Bad input: one file:line:column diagnostic, exit 1.
expect_exit 1 "bad ruleset" "$M" play --ruleset "$SRC/tests/bad/rules-bad-method.yaml"
grep -q "rules-bad-method.yaml:5:11: 'farm-4' is not valid here" /tmp/meeple-cli.$$.err && ok || bad "bad ruleset diagnostic: $(cat /tmp/meeple-cli.$$.err)"
# Every malformed file of tests/bad: exit 1 and exactly the diagnostic its first line expects.
# A bad tile set is loaded through a ruleset that names it.
tmp=$(mktemp -d)
for f in "$SRC"/tests/bad/rules-*.yaml "$SRC"/tests/bad/tiles-*.yaml; do
    want=$(sed -n '1s/^# expect: //p' "$f" | sed "s|TESTDIR|$SRC/tests/bad|g")
    case "$want" in *.yaml:*) want="$SRC/tests/bad/$want" ;; *) want="$f:$want" ;; esac
    case "$f" in
    */tiles-*) printf 'name: t\nextends: %s/rulesets/c3.yaml\ntiles: [%s]\n' "$SRC" "$f" >"$tmp/r.yaml"; rs="$tmp/r.yaml" ;;
    *) rs=$f ;;
    esac
    MEEPLE_RULESETS="$SRC/rulesets" "$M" play --ruleset "$rs" >/dev/null 2>"$tmp/err"
    code=$?
    [ "$code" = 1 ] && ok || bad "$(basename "$f"): exit $code, expected 1"
    [ "$(cat "$tmp/err")" = "$want" ] && ok || bad "$(basename "$f"): got '$(cat "$tmp/err")', expected '$want'"
done
rm -rf "$tmp"
expect_exit 1 "unknown ruleset" "$M" play --ruleset c9
expect_exit 1 "too many players" "$M" play --players random,random,random,random,random,random
expect_exit 2 "bad seat kind" "$M" play --players random,clever
expect_exit 2 "bad seed" "$M" play --seed -4
expect_error "play --seed -4" "meeple play: --seed: '-4' is not a whole number; expected 0 to 18446744073709551615"
# A seed past 2^64-1 is too large (as a record's seed is), in every command that takes one.
for args in "play" "compare --games 1 --rulesets c3" "tilestats --games 1" "balance --games 1" "bench --games 1"; do
    cmd=${args%% *}
    expect_exit 2 "$cmd: seed too large" "$M" $args --seed 18446744073709551616
    expect_error "$cmd --seed 2^64" "meeple $cmd: --seed: '18446744073709551616' is too large; expected 0 to 18446744073709551615"
done
# One limit of --games in every command that plays many games (tools/sim/run-options.h): one
# message above it, and the same number in each usage and man page.
for args in "play" "compare --rulesets c3" "tilestats" "balance" "arena --players random,random" "bench"; do
    cmd=${args%% *}
    expect_exit 2 "$cmd: too many games" "$M" $args --games 10000001
    expect_error "$cmd --games 10000001" "meeple $cmd: --games: '10000001' is out of range; expected 1 to 10000000"
    "$M" "$cmd" --help | grep -q -- "--games N .*1 to 10000000[^0-9]" && ok || bad "$cmd --help does not give the limit of --games"
    sed -n '/^\.BI \\-\\-games " N"/,/^\.TP/p' "$SRC/man/meeple-$cmd.1" | tr '\n' ' ' | grep -q "1 to 10000000[^0-9]" && ok ||
        bad "meeple-$cmd(1) does not give the limit of --games"
done
# JSON's seed: a number up to 2^63-1, the largest jansson holds; above, the string of its digits
# (tools/common/json.h). Parts with such a seed read back: merged, the same bytes as the run in one.
expect_exit 0 "the largest seed" "$M" play --seed 18446744073709551615 --json
grep -q '"seed":"18446744073709551615"' /tmp/meeple-cli.$$.out && ok || bad "play --seed 18446744073709551615: $(cat /tmp/meeple-cli.$$.out)"
expect_exit 0 "the largest whole-number seed" "$M" play --seed 9223372036854775807 --json
grep -q '"seed":9223372036854775807,' /tmp/meeple-cli.$$.out && ok || bad "play --seed 9223372036854775807: $(cat /tmp/meeple-cli.$$.out)"
for k in 1 2; do "$M" play --games 4 --seed 18446744073709551615 --shard $k/2 --output "$T/big-$k.json" 2>/dev/null; done
"$M" merge --json "$T/big-1.json" "$T/big-2.json" >"$T/big-merged.json" 2>"$T/big.err"
"$M" play --games 4 --seed 18446744073709551615 --json >"$T/big-whole.json" 2>/dev/null
check '[ -s "$T/big-whole.json" ] && cmp -s "$T/big-merged.json" "$T/big-whole.json"' "parts with the largest seed merged: $(cat "$T/big.err" "$T/big-merged.json")"

# The modules' state as data in --json (meeple-modules(7), FACTS AND DECISIONS): The Castle's track,
# one position a player; BCB's bridges and castle tokens, a count a player, the same numbers as
# the token columns; none without a module.
if need jq jq; then
    "$M" play --ruleset castle --players random,random --seed 3 --json >"$T/facts-castle.json"
    check '[ "$(jq "[.facts[] | select(.module == \"castle\" and .what == \"track\" and .kind == \"position\") | .player] | sort | join(\",\")" "$T/facts-castle.json")" = "\"random-1,random-2\"" ]' \
        "castle: no track position per player in play --json: $(jq -c .facts "$T/facts-castle.json")"
    "$M" play --ruleset bcb --players random,random --seed 3 --json >"$T/facts-bcb.json"
    check '[ "$(jq "[.facts[] | select(.what == \"bridges\" or .what == \"castles\") | .value] | length" "$T/facts-bcb.json")" = 4 ]' \
        "bcb: no bridges and castles count per player in play --json: $(jq -c .facts "$T/facts-bcb.json")"
    "$M" play --players random,random --seed 3 --json >"$T/facts-c3.json"
    check '[ "$(jq -c .facts "$T/facts-c3.json")" = "[]" ]' "c3: facts without a module: $(jq -c .facts "$T/facts-c3.json")"
fi

# Every shipped ruleset and tile set is installed and distributed (Makefile.am names each one).
for f in "$SRC"/rulesets/*.yaml "$SRC"/rulesets/tiles/*.yaml "$SRC"/rulesets/examples/*.yaml; do
    rel=${f#"$SRC"/}
    check "grep -q '$rel' '$SRC/Makefile.am'" "$rel is not listed in Makefile.am (dist_*_DATA)"
done

rm -f /tmp/meeple-cli.$$.*
finish cli
