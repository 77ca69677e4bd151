#!/bin/sh
# progress.sh: long runs (play --games, compare --games, tilestats, balance, bench) show their progress on
# standard error with an estimate of the time left: on a terminal by themselves, in a log with
# --progress, as one line per step (no carriage returns); never on standard output.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}

# The results without the times (the bench's scaling is all times).
strip() { sed 's/"scaling":{[^}]*}//; s/"[a-z_]*seconds*":[0-9.e+-]*//g; s/"[a-z_]*_per_[a-z_]*":[0-9.e+-]*//g' "$1"; }
for run in "play --games 40 --players random,random" "compare --games 40 --rulesets c3,c1" \
           "tilestats --games 40" "balance --games 40 --players greedy,greedy"; do
    cmd=${run%% *}
    "$M" $run --json >"$T/plain" 2>"$T/plain.err"
    "$M" $run --json --progress >"$T/out" 2>"$T/err"
    check '[ $? = 0 ]' "$cmd --progress: exit status"
    check '[ ! -s "$T/plain.err" ]' "$cmd without --progress, not on a terminal: something on stderr: $(head -3 "$T/plain.err")"
    # The same results: the same bytes.
    check 'cmp -s "$T/plain" "$T/out"' "$cmd --progress: other results on stdout"
    check '! grep -q "$(printf "\r")" "$T/err"' "$cmd --progress into a file: carriage returns"
    check 'grep -Eq "^$cmd: [0-9]+/40 games, [0-9.]+ (s|min)[^,]*, (about [0-9.]+ (s|min)[^,]*|less than 0\.1 s) left$" "$T/err"' \
        "$cmd --progress: no line with an estimate: $(head -3 "$T/err")"
    check '[ "$(grep -c "" "$T/err")" -ge 5 ] && [ "$(grep -c "" "$T/err")" -le 12 ]' "$cmd --progress: $(grep -c "" "$T/err") lines, expected a line per tenth and one at the end"
    check 'tail -1 "$T/err" | grep -Eq "^$cmd: 40/40 games in [0-9.]+ (s|min)"' "$cmd --progress: the last line: $(tail -1 "$T/err")"
done
# The bench: its games, then the same games on one thread and on two (its scaling), each with a
# progress of its own.
"$M" bench --games 40 --jobs 2 --json >"$T/plain" 2>"$T/plain.err"
"$M" bench --games 40 --jobs 2 --json --progress >"$T/out" 2>"$T/err"
check '[ $? = 0 ]' "bench --progress: exit status"
check '[ ! -s "$T/plain.err" ]' "bench without --progress, not on a terminal: something on stderr: $(head -3 "$T/plain.err")"
check '[ "$(strip "$T/plain")" = "$(strip "$T/out")" ]' "bench --progress: other results on stdout"
check '! grep -q "$(printf "\r")" "$T/err"' "bench --progress into a file: carriage returns"
for label in "bench" "bench scaling (1 thread)" "bench scaling (2 threads)"; do
    grep -F "$label: " "$T/err" >"$T/lines"
    check 'grep -Eq "[0-9]+/40 games, [0-9.]+ (s|min)[^,]*, (about [0-9.]+ (s|min)[^,]*|less than 0\.1 s) left$" "$T/lines"' "$label --progress: no line with an estimate: $(head -3 "$T/err")"
    check '[ "$(grep -c "" "$T/lines")" -ge 5 ] && [ "$(grep -c "" "$T/lines")" -le 12 ]' "$label --progress: $(grep -c "" "$T/lines") lines, expected a line per tenth and one at the end"
    check 'tail -1 "$T/lines" | grep -Fq "$label: 40/40 games in "' "$label --progress: the last line: $(tail -1 "$T/lines")"
done
check 'tail -1 "$T/err" | grep -Fq "bench scaling (2 threads): 40/40 games in "' "bench --progress: the last line: $(tail -1 "$T/err")"

# --progress goes with the runs that have one.
"$M" play --progress --players random,random >/dev/null 2>"$T/err"
check '[ $? = 2 ] && grep -q "^meeple play: --progress goes with --games" "$T/err"' "play --progress without --games: $(head -1 "$T/err")"
"$M" compare --progress --rulesets c3,c1 "$T/x.yaml" >/dev/null 2>"$T/err"
check '[ $? = 2 ]' "compare --progress without --games"

finish progress
