#!/bin/sh
# interrupt.sh: a recorded game stopped by a signal (Ctrl-C at the terminal, a kill) keeps its
# finished turns and says how to go on (meeple-play(1)). The moves come through a fifo, so that the
# game is waiting at a prompt when the signal comes.
set -u
. "$(dirname "$0")/lib.sh"
M=${MEEPLE:?set MEEPLE to the meeple binary}

# A script's background job starts with SIGINT ignored (and meeple leaves an ignored signal
# ignored): it is given back its default to stand for a terminal's Ctrl-C.
# env --default-signal is coreutils 8.31 or later (Debian 11 on); without it the script is a SKIP,
# counted (a failure under CI, which has it).
if env --default-signal=INT true 2>/dev/null; then
    DEFAULT_INT="env --default-signal=INT"
elif [ "${CI:-false}" != false ]; then
    echo "FAIL: env --default-signal is missing; expected coreutils 8.31 or later under CI"
    exit 1
else
    echo "SKIP: env --default-signal (coreutils 8.31 or later) is needed to give SIGINT back to a background job"
    exit 77
fi

"$M" play --seed 5 --players random,random --record "$T/bots.yaml" >/dev/null
turns "$T/bots.yaml" | head -n 3 >"$T/moves"

# stop SIGNAL NAME: plays the three moves of $T/moves as two humans recording to $T/NAME.yaml, reading
# from a fifo that stays open, sends SIGNAL once the third turn is in the record, and waits (10 s at
# most) for meeple to end; sets rc to its exit status ("alive" when it did not end).
stop() {
    rm -f "$T/in"
    mkfifo "$T/in"
    $DEFAULT_INT "$M" play --seed 5 --players human:ann,human:bob --record "$T/$2.yaml" <"$T/in" >"$T/$2.out" 2>"$T/$2.err" &
    pid=$!
    exec 3>"$T/in"
    cat "$T/moves" >&3
    i=0
    while [ "$(turns "$T/$2.yaml" 2>/dev/null | wc -l)" != 3 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    sleep 0.2   # at the prompt of the fourth turn
    kill -"$1" "$pid"
    i=0
    while kill -0 "$pid" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    if kill -0 "$pid" 2>/dev/null; then
        exec 3>&-          # the end of input ends it now
        wait "$pid"
        rc=alive
    else
        wait "$pid"
        rc=$?
        exec 3>&-
    fi
}

for sig in INT TERM; do
    stop $sig "$sig"
    eval "rc_$sig=\$rc"
    check '[ "$rc" != alive ]' "SIG$sig: the game did not stop (it went on waiting for moves)"
    check '[ "$(turns "$T/$sig.yaml" | wc -l)" = 3 ] && grep -q "^status: playing$" "$T/$sig.yaml"' "SIG$sig: the three finished turns are in the record: $(turns "$T/$sig.yaml" | wc -l)"
    check '[ "$(cat "$T/$sig.err")" = "meeple: stopped by SIG$sig; 3 finished turns saved in $T/$sig.yaml; continue with: meeple play --resume $T/$sig.yaml" ]' "SIG$sig: how to go on is said: $(cat "$T/$sig.err")"
    check '! ls "$T"/$sig.yaml.tmp.* >/dev/null 2>&1' "SIG$sig: no temporary file left behind"
    "$M" replay "$T/$sig.yaml" >/dev/null 2>"$T/$sig.replay"
    check '[ $? = 0 ]' "SIG$sig: the record replays: $(cat "$T/$sig.replay")"
done
# The status is that of a death by the signal, as a shell reports it: 128 + its number.
check '[ "$rc_INT" = 130 ] && [ "$rc_TERM" = 143 ]' "exit status $rc_INT after SIGINT, $rc_TERM after SIGTERM; expected 130 and 143"

finish interrupt
