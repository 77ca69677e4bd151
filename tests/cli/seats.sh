#!/bin/sh
# seats.sh: the mcts bot in every command that plays bot seats (play --games, compare --games,
# tilestats, balance), its budgets in the seat (mcts:N), their progress, and what a bad seat is told:
# mp_bot_check's own message. Iteration budgets small enough to keep it well under a second.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}

# Each runs with an mcts seat, names it by its spec and seat, and shows its progress with --progress.
for run in "compare --games 2 --players mcts:20,random --rulesets c3,c1" "tilestats --games 2 --players mcts:20,greedy" \
           "balance --games 2 --players mcts:20,greedy" "play --games 2 --players mcts:20,greedy"; do
    cmd=${run%% *}
    "$M" $run --progress >"$T/out" 2>"$T/err"
    check '[ $? = 0 ]' "$cmd with an mcts seat: exit status: $(head -3 "$T/err")"
    check 'grep -q "mcts:20-1" "$T/out"' "$cmd: no seat mcts:20-1 in the output: $(head -3 "$T/out")"
    check 'grep -Eq "^$cmd: 1/2 games, [0-9.]+ (s|min)[^,]*, (about [0-9.]+ (s|min)[^,]*|less than 0\.1 s) left$" "$T/err"' "$cmd --progress: no line with an estimate: $(head -3 "$T/err")"
    check 'tail -1 "$T/err" | grep -Eq "^$cmd: 2/2 games in [0-9.]+ (s|min)"' "$cmd --progress: the last line: $(tail -1 "$T/err")"
    # The budget counts: another one plays other games (the same one, the same games).
    other=$(echo "$run" | sed 's/mcts:20/mcts:3/')
    "$M" $run >"$T/a"
    "$M" $run >"$T/b"
    "$M" $other >"$T/c"
    strip() { sed -E 's/mcts:[0-9]+/mcts/g' "$1"; }
    check '[ "$(strip "$T/a")" = "$(strip "$T/b")" ]' "$cmd with mcts:20, twice: other results: $(diff "$T/a" "$T/b" | head -5)"
    check '[ "$(strip "$T/a")" != "$(strip "$T/c")" ]' "$cmd: mcts:20 and mcts:3 played the same games"
done

# A bad seat is told why: the bot's own message, after the seat, quoted.
"$M" play --players random,mcts:x >/dev/null 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qxF "meeple play: --players: bad seat '"'"'mcts:x'"'"': a budget after '"'"'mcts:'"'"'; expected iterations (mcts:4000) or seconds (mcts:0.5s)"' "play mcts:x: $(head -1 "$T/err")"
"$M" play --players random,mcts:0s >/dev/null 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qF "meeple play: --players: bad seat '"'"'mcts:0s'"'"': a time a decision above 0"' "play mcts:0s: $(head -1 "$T/err")"
# A name that is no bot: the human seat is named among what was expected.
"$M" play --players random,clever >/dev/null 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qxF "meeple play: --players: bad seat '"'"'clever'"'"': no bot of that name; expected random, greedy, mcts, mcts:N (iterations a decision), mcts:Ts (seconds a decision) or mcts-rollout[:N|:Ts], or human:NAME"' "play clever: $(head -1 "$T/err")"
for cmd in "compare --games 1 --rulesets c3" "tilestats --games 1" "balance --games 1"; do
    "$M" $cmd --players random,mcts:5q >/dev/null 2>"$T/err"
    check '[ $? = 2 ] && head -1 "$T/err" | grep -qF "meeple ${cmd%% *}: --players: bad seat '"'"'mcts:5q'"'"': unexpected text after the budget"' "${cmd%% *} mcts:5q: $(head -1 "$T/err")"
done
# One reader of --players in every command (tools/common/seats.c): a list too long, no seat and
# too many seats are said alike.
long=$(printf 'random,%.0s' $(seq 150))random
for cmd in "play" "compare --games 1 --rulesets c3" "tilestats --games 1" "balance --games 1" "arena --games 1" "bench --games 1"; do
    name=${cmd%% *}
    "$M" $cmd --players "$long" >/dev/null 2>"$T/err"
    check '[ $? = 2 ] && head -1 "$T/err" | grep -qxF "meeple $name: --players: a list of 1056 characters; expected at most 1023"' "$name, a long list: $(head -1 "$T/err")"
    "$M" $cmd --players , >/dev/null 2>"$T/err"
    check '[ $? = 2 ] && head -1 "$T/err" | grep -qF "meeple $name: --players: no seats; expected seats separated by commas: random, greedy, mcts[:N|:Ts] or mcts-rollout[:N|:Ts]"' "$name, no seat: $(head -1 "$T/err")"
    "$M" $cmd --players random,random,random,random,random,random,random,random,random >/dev/null 2>"$T/err"
    check '[ $? = 2 ] && head -1 "$T/err" | grep -qxF "meeple $name: --players: more than 8 seats"' "$name, nine seats: $(head -1 "$T/err")"
done
# The usages name the mcts seats.
for cmd in play compare tilestats balance arena; do
    check '"$M" $cmd --help | grep -q "mcts"' "$cmd --help does not name the mcts bot"
done

# --bot-threads: a decision searched on two trees; the same seed gives the same game twice, and a
# game other than one thread's; a run of --games takes --jobs instead.
"$M" play --players mcts:200,greedy --seed 4 --bot-threads 2 --json >"$T/t2a" 2>"$T/err"
check '[ $? = 0 ]' "play --bot-threads 2: $(cat "$T/err")"
"$M" play --players mcts:200,greedy --seed 4 --bot-threads 2 --json >"$T/t2b"
check 'cmp -s "$T/t2a" "$T/t2b"' "two threads, the same seed: another game"
"$M" play --players mcts:200,greedy --seed 4 --bot-threads 1 --json >"$T/t1"
"$M" play --players mcts:200,greedy --seed 4 --json >"$T/t0"
check 'cmp -s "$T/t1" "$T/t0"' "one thread is the bot as it always played"
"$M" play --players mcts:200,greedy --games 2 --bot-threads 2 >/dev/null 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qF "meeple play: --bot-threads goes with one game"' "--bot-threads with --games: $(head -1 "$T/err")"
"$M" play --players mcts:200,greedy --bot-threads 0 >/dev/null 2>"$T/err"
check '[ $? = 2 ]' "--bot-threads 0 is a usage error: $(head -1 "$T/err")"

finish seats
