#!/bin/sh
# arena.sh: bots against bots (meeple-arena(1)): the seats rotate and seat 1 moves first, wins come
# with their Wilson intervals, the same options give the same games, bad lineups are refused.
# Iteration budgets small enough to keep it to about a second.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}
LINEUP=mcts:30,random

# Text: the header, a row per entry, the first player's line, the time.
"$M" arena --players $LINEUP --games 4 >"$T/text" 2>"$T/err"
check '[ $? = 0 ]' "arena exits 0: $(cat "$T/err")"
check '[ ! -s "$T/err" ]' "nothing on stderr when it is not a terminal: $(cat "$T/err")"
check 'head -1 "$T/text" | grep -qx "ruleset c3, 4 games, seeds 1\.\.4, 2 seats rotating (seat 1 moves first)"' "header: $(head -1 "$T/text")"
check 'grep -Eq "^player +games +wins +shared +win rate +95% interval +score +margin +iter/choice +ms/choice +max ms$" "$T/text"' "table header: $(sed -n 3p "$T/text")"
# mcts:30 searches 30 iterations a choice; random does not search.
check 'grep -Eq "^mcts:30-1 +4 +[0-4] +[0-4] +[0-9.]+% +[0-9.]+%\.\.[0-9.]+% +[0-9.]+ +[-+][0-9.]+ +30\.0 +[0-9.]+ +[0-9.]+$" "$T/text"' "mcts row: $(grep '^mcts' "$T/text")"
check 'grep -Eq "^random-2 +4 +[0-4] +[0-4] +[0-9.]+% +[0-9.]+%\.\.[0-9.]+% +[0-9.]+ +[-+][0-9.]+ +- +[0-9.]+ +[0-9.]+$" "$T/text"' "random row: $(grep '^random' "$T/text")"
check 'grep -Eq "^first player \(seat 1\): won [0-4] of 4 games \([0-9.]+%, 95% interval [0-9.]+%\.\.[0-9.]+%\)$" "$T/text"' "first player line: $(grep '^first' "$T/text")"
check 'grep -Eq "^  mcts:30-1 moved first in 2 games, won [0-2]$" "$T/text" && grep -Eq "^  random-2  moved first in 2 games, won [0-2]$" "$T/text"' "each entry moves first in 2 of 4 games: $(grep 'moved first' "$T/text")"
check 'tail -1 "$T/text" | grep -Eq "^4 games in [0-9.]+ (s|min)"' "last line: $(tail -1 "$T/text")"

# Determinism: the same games and numbers again, but for the times.
untimed() { sed -E '/^[a-z]+(:[0-9.]+s?)?-[0-9]+ /s/ +[0-9.-]+ +[0-9.-]+$//; /^[0-9]+ games? (in|merged from parts;) /d' "$1"; }
"$M" arena --players $LINEUP --games 4 >"$T/again"
check '[ "$(untimed "$T/text")" = "$(untimed "$T/again")" ]' "the same options gave other numbers: $(diff "$T/text" "$T/again")"
"$M" arena --players $LINEUP --games 4 --seed 2 >"$T/other"
check '[ "$(untimed "$T/text")" != "$(untimed "$T/other")" ]' "another seed gave the same numbers"

if need jq jq; then
    "$M" arena --players $LINEUP --games 4 --json >"$T/json"
    check '[ $? = 0 ] && jq -e . "$T/json" >/dev/null' "--json: $(head -c 300 "$T/json")"
    check 'jq -e "[.ruleset, .games, .seed, .seats] == [\"c3\", 4, 1, 2] and (.seconds > 0)" "$T/json" >/dev/null' "--json header keys"
    check 'jq -e "[.players[].name] == [\"mcts:30-1\", \"random-2\"] and [.players[].spec] == [\"mcts:30\", \"random\"] and [.players[].kind] == [\"mcts\", \"random\"]" "$T/json" >/dev/null' "--json names, specs, kinds"
    # The text and the JSON tell the same games.
    check '[ "$(jq -r ".players[] | \"\(.name) \(.wins) \(.shared_wins)\"" "$T/json")" = "$(awk "/^(mcts|random)/ { print \$1, \$3, \$4 }" "$T/text")" ]' "JSON and text disagree on the wins"
    # Every game has a winner; two players' margins cancel; a shared win is a win.
    check 'jq -e "([.players[].wins] | add) >= .games and ([.players[].mean_margin] | add) == 0 and all(.players[]; .shared_wins <= .wins and .games == 4)" "$T/json" >/dev/null' "wins and margins do not add up: $(cat "$T/json")"
    # The rate and its 95% Wilson score interval, recomputed.
    wilson='def wilson(k; n): (k / n) as $p | 1.959964 as $z | ($z * $z) as $z2
            | (($p + $z2 / (2 * n)) / (1 + $z2 / n)) as $c
            | ($z * (($p * (1 - $p) / n + $z2 / (4 * n * n)) | sqrt) / (1 + $z2 / n)) as $h
            | [([$c - $h, 0] | max), ([$c + $h, 1] | min)];
            def near(a; b): ((a - b) | fabs) < 1e-5;'
    check 'jq -e "$wilson all(.players[]; near(.win_rate; .wins / .games) and (wilson(.wins; .games) as \$w | near(.win_rate_ci95[0]; \$w[0]) and near(.win_rate_ci95[1]; \$w[1])))" "$T/json" >/dev/null' "win_rate or its interval is not Wilson's: $(jq -c '.players[] | [.wins, .games, .win_rate, .win_rate_ci95]' "$T/json")"
    check 'jq -e "$wilson .first_player | near(.win_rate; .wins / .games) and (wilson(.wins; .games) as \$w | near(.win_rate_ci95[1]; \$w[1]))" "$T/json" >/dev/null' "first player's interval: $(jq -c .first_player "$T/json")"
    # A known value: 4 wins of 4 give 51.0%..100%.
    check '[ "$(jq -n "$wilson wilson(4; 4) | map(. * 1000 | round)" -c)" = "[510,1000]" ]' "Wilson's interval for 4 of 4"
    check 'jq -e "all(.players[]; .games_first == 2) and ([.players[].wins_first] | add) == .first_player.wins" "$T/json" >/dev/null' "first moves: $(jq -c '[.players[] | [.games_first, .wins_first]], .first_player' "$T/json")"
    check 'jq -e ".players[0] | .decisions > 0 and .choices > 0 and .choices <= .decisions and .iterations == 30 * .choices and .iterations_per_choice == 30 and .seconds_per_choice > 0 and .max_seconds >= .seconds_per_choice" "$T/json" >/dev/null' "mcts decisions and iterations: $(jq -c '.players[0]' "$T/json")"
    check 'jq -e ".players[1] | .decisions > 0 and .iterations == 0 and .iterations_per_choice == 0" "$T/json" >/dev/null' "random: no iterations"
    nt() { jq -c 'del(.seconds) | .players[] |= del(.seconds, .seconds_per_choice, .max_seconds)' "$1"; }
    "$M" arena --players $LINEUP --games 4 --json >"$T/json2"
    check '[ "$(nt "$T/json")" = "$(nt "$T/json2")" ]' "--json twice: other numbers"

    # Threads and shards (tools/sim/sim.h): the same totals for any --jobs and for shards merged, but
    # for the times. Three entries in seven games, so that no split shares the rotation out evenly.
    SPLIT="--players mcts:30,random,greedy --games 7 --seed 5"
    for j in 1 2 3; do "$M" arena $SPLIT --jobs $j --json >"$T/j$j" 2>"$T/err"; done
    check '[ -s "$T/j1" ] && [ "$(nt "$T/j1")" = "$(nt "$T/j2")" ] && [ "$(nt "$T/j1")" = "$(nt "$T/j3")" ]' "--jobs 1, 2, 3 differ: $(nt "$T/j1"; nt "$T/j2"; nt "$T/j3")"
    check 'jq -e "[.players[].games_first] == [3,2,2] and ([.players[].wins_first] | add) == .first_player.wins" "$T/j2" >/dev/null' "--jobs 2: the rotation: $(jq -c '[.players[].games_first]' "$T/j2")"
    for k in 1 2 3; do "$M" arena $SPLIT --jobs 2 --shard $k/3 --output "$T/part$k" 2>"$T/err"; done
    check '[ "$(jq -c "[.command, .shard, .played]" "$T/part2")" = "[\"arena\",[2,3],2]" ]' "a part's envelope: $(jq -c '[.command, .shard, .played]' "$T/part2")"
    check 'jq -e ".params | .ruleset == \"c3\" and .players == \"mcts:30,random,greedy\" and .games == 7 and .seed == 5 and (.hash | length) > 0" "$T/part1" >/dev/null' "a part's parameters: $(jq -c .params "$T/part1")"
    # Counts are whole numbers; the seconds keep every digit (%.17g), to be added exactly.
    check 'jq -e ".totals.players | all(.[]; (.wins, .shared, .first, .wins_first, .score, .margin, .decisions, .choices, .iterations) | . == floor)" "$T/part1" >/dev/null' "a part's counts: $(jq -c .totals "$T/part1")"
    check 'grep -Eq "\"seconds\":[0-9]\.[0-9]{12}" "$T/part1"' "a part's seconds with every digit: $(jq -c '.totals.players[0]' "$T/part1")"
    "$M" merge --json "$T/part3" "$T/part1" "$T/part2" >"$T/merged" 2>"$T/err"
    check '[ $? = 0 ] && [ "$(nt "$T/merged")" = "$(nt "$T/j1")" ]' "3 shards merged differ from one run: $(nt "$T/merged"; nt "$T/j1"; cat "$T/err")"
    check 'jq -e "has(\"seconds\") | not" "$T/merged" >/dev/null && jq -e "has(\"seconds\")" "$T/j1" >/dev/null' "a merge knows no wall clock: no top-level seconds"
    # The times of a merge: the parts' seconds summed, the longest choice the longest of all.
    # (the merge prints six significant digits: equal to within 1e-5 of the value)
    close() { jq -n -e --argjson a "$1" --argjson b "$2" '($a - $b) | fabs <= 1e-5 * ([$a, $b] | max)' >/dev/null; }
    check 'close "$(jq -s "[.[0:3][].totals.players[1].seconds] | add" "$T/part1" "$T/part2" "$T/part3")" "$(jq ".players[1].seconds" "$T/merged")"' "merged seconds are not the parts' sum"
    check 'close "$(jq -s "[.[0:3][].totals.players[0].max_seconds] | max" "$T/part1" "$T/part2" "$T/part3")" "$(jq ".players[0].max_seconds" "$T/merged")"' "merged max_seconds is not the parts' longest"
    # Text: the same lines but the times; a merge's last line says what it knows.
    "$M" arena $SPLIT --jobs 3 >"$T/t3"
    "$M" merge "$T/part1" "$T/part2" "$T/part3" >"$T/tm"
    check '[ "$(untimed "$T/t3")" = "$(untimed "$T/tm")" ] && grep -q "^mcts:30-1 " "$T/tm"' "merged text differs: $(diff "$T/t3" "$T/tm")"
    check 'tail -1 "$T/tm" | grep -Eq "^7 games merged from parts; the bots'"'"' choices took [0-9.]+ (s|min).* in all$"' "a merge's last line: $(tail -1 "$T/tm")"
    # Resumed: a shard whose part is there is not played again; a part of another run is refused.
    "$M" arena $SPLIT --shard 2/3 --output "$T/part2" 2>"$T/err"
    check '[ $? = 0 ] && grep -q "holds shard 2/3 of this run already" "$T/err"' "resume: $(cat "$T/err")"
    "$M" arena --players mcts:30,random,greedy --games 7 --seed 6 --shard 2/3 --output "$T/other" 2>/dev/null
    "$M" merge "$T/part1" "$T/other" "$T/part3" >/dev/null 2>"$T/err"
    check '[ $? = 1 ] && grep -q "other parameters" "$T/err"' "a part of another seed: $(cat "$T/err")"
    "$M" merge --csv "$T/part1" "$T/part2" "$T/part3" >/dev/null 2>"$T/err"
    check '[ $? = 2 ] && grep -qx "meeple merge: arena prints text or JSON; expected no --csv" "$T/err"' "merge --csv of arena: $(cat "$T/err")"
    jq -c '.totals.players[0].wins = -1' "$T/part1" >"$T/broken"
    "$M" merge "$T/broken" "$T/part2" "$T/part3" >/dev/null 2>"$T/err"
    check '[ $? = 1 ] && grep -q "\"wins\" is missing or not a whole number" "$T/err"' "a part with a negative count: $(cat "$T/err")"

    # Rotation: game 1 of a lineup X,Y is seed S+1 with Y in seat 1 and X in seat 2, the game a
    # lineup Y,X plays first with that seed; so two games of X,Y add up to one of X,Y and one of Y,X.
    one() { "$M" arena --players "$1" --games 1 --seed "$2" --json; }
    "$M" arena --players mcts:30,random --games 2 --seed 1 --json >"$T/two"
    one mcts:30,random 1 >"$T/a"
    one random,mcts:30 2 >"$T/b"
    sum=$(jq -s '[(.[0].players[0].mean_score + .[1].players[1].mean_score), (.[0].players[1].mean_score + .[1].players[0].mean_score)]' -c "$T/a" "$T/b")
    check '[ "$(jq -c "[.players[].mean_score * 2]" "$T/two")" = "$sum" ]' "seats do not rotate: $(jq -c '[.players[].mean_score * 2]' "$T/two"), expected $sum"
    # Seat 1 moves first, whoever the seed would have drawn: the game is play's when play drew
    # seat 1, another game when it drew seat 2 (a seed of each kind below).
    kinds=""
    for seed in 1 2 3; do
        "$M" play --players mcts:30,random --seed $seed --record "$T/r$seed.yaml" --json >"$T/p$seed"
        first=$(sed -n 's/^first_player: //p' "$T/r$seed.yaml")
        one mcts:30,random $seed >"$T/a$seed"
        same=$([ "$(jq -c '[.players[].score]' "$T/p$seed")" = "$(jq -c '[.players[].mean_score]' "$T/a$seed")" ] && echo y || echo n)
        kinds="$kinds $first"
        check '[ "$first:$same" = 0:y ] || [ "$first:$same" = 1:n ]' "seed $seed: play drew seat $((first + 1)) first, arena's game the same: $same"
    done
    check 'echo "$kinds" | grep -qw 0 && echo "$kinds" | grep -qw 1' "seeds 1..3 do not draw both seats first in play (drew:$kinds): pick others"
    # A shared win is a win for each tied leader, and counted apart too: seed 129 ends in a tie.
    "$M" arena --players greedy,greedy --games 2 --seed 128 --json >"$T/tie"
    check '[ "$(jq -c "[.players[] | [.wins, .shared_wins]]" "$T/tie")" = "[[2,1],[1,1]]" ] || [ "$(jq -c "[.players[] | [.wins, .shared_wins]]" "$T/tie")" = "[[1,1],[2,1]]" ]' "a tie at seed 129: $(jq -c '[.players[] | [.wins, .shared_wins, .mean_margin]]' "$T/tie")"
    check 'jq -e "[.players[].mean_margin] | add == 0" "$T/tie" >/dev/null' "a tie's margin is 0"
    # Three entries in four games: the first moves first twice, the others once.
    "$M" arena --players random,random,greedy --games 4 --json >"$T/three"
    check '[ "$(jq -c "[.players[].games_first]" "$T/three")" = "[2,1,1]" ]' "three entries, four games: $(jq -c '[.players[].games_first]' "$T/three")"
fi

# Progress, on standard error only.
"$M" arena --players random,random --games 20 --progress >"$T/out" 2>"$T/err"
check '[ $? = 0 ] && grep -Eq "^arena: [0-9]+/20 games, [0-9.]+ (s|min)[^,]*, (about [0-9.]+ (s|min)[^,]*|less than 0\.1 s) left$" "$T/err"' "--progress: $(head -3 "$T/err")"
check 'tail -1 "$T/err" | grep -Eq "^arena: 20/20 games in "' "--progress: the last line: $(tail -1 "$T/err")"
check '! grep -q "^arena:" "$T/out"' "progress on standard output"

# Bad lineups and counts.
"$M" arena --players random,random --output "$T/x" >/dev/null 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qxF "meeple arena: --output writes a shard'"'"'s part; expected --shard K/N with it"' "--output without --shard: $(head -1 "$T/err")"
"$M" arena --players random,random --jobs 0 >/dev/null 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qF "meeple arena: --jobs: '"'"'0'"'"' is out of range"' "--jobs 0: $(head -1 "$T/err")"
"$M" arena --players random,random --shard 4/3 >/dev/null 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qF "meeple arena: --shard: '"'"'4/3'"'"' names part 4 of 3"' "--shard 4/3: $(head -1 "$T/err")"
"$M" arena --players mcts:x,random >/dev/null 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qxF "meeple arena: --players: bad seat '"'"'mcts:x'"'"': a budget after '"'"'mcts:'"'"'; expected iterations (mcts:4000) or seconds (mcts:0.5s)"' "mcts:x: $(head -1 "$T/err")"
check 'grep -q "^usage: meeple arena" "$T/err"' "a usage error prints the usage"
"$M" arena --players random,clever >/dev/null 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qF "meeple arena: --players: bad seat '"'"'clever'"'"': no bot of that name; expected random, greedy, mcts"' "clever: $(head -1 "$T/err")"
"$M" arena --players random,random --games 0 >/dev/null 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qF "meeple arena: --games: '"'"'0'"'"' is out of range; expected 1 to"' "--games 0: $(head -1 "$T/err")"
"$M" arena --games 2 >/dev/null 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -q "^meeple arena: expected --players"' "no --players: $(head -1 "$T/err")"
"$M" arena --players , >/dev/null 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qxF "meeple arena: --players: no seats; expected seats separated by commas: random, greedy, mcts[:N|:Ts] or mcts-rollout[:N|:Ts]"' "--players with no bot: $(head -1 "$T/err")"
"$M" arena --players random,random,random,random,random,random,random,random,random >/dev/null 2>"$T/err"
check '[ $? = 2 ] && head -1 "$T/err" | grep -qxF "meeple arena: --players: more than 8 seats"' "nine bots: $(head -1 "$T/err")"
# A count the ruleset refuses is bad input, as in play, compare and tilestats.
"$M" arena --players random >/dev/null 2>"$T/err"
check '[ $? = 1 ] && grep -qxF "<options>: --players: 1 player; ruleset '"'"'c3'"'"' expects 2 to 5" "$T/err"' "one bot: $(cat "$T/err")"
"$M" arena --players random,random,random --ruleset castle >/dev/null 2>"$T/err"
check '[ $? = 1 ] && grep -q "ruleset '"'"'castle'"'"' is for exactly 2" "$T/err"' "three bots at The Castle: $(cat "$T/err")"
"$M" arena --players random,random --ruleset c9 >/dev/null 2>"$T/err"
check '[ $? = 1 ]' "an unknown ruleset"

finish arena
