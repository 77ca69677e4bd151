/* fault-env.c: in tests/meeple-faulty only (tools/sim/fault.h), the game MEEPLE_FAIL_GAME names
** (counted from 1, as messages count games) fails as soon as it is taken. */
#include <stdio.h>
#include <stdlib.h>

#include "fault.h"

int sim_fault(long game, const char *command, mp_diag *d) {
    const char *fail = getenv("MEEPLE_FAIL_GAME");
    if (!fail || !*fail || atol(fail) - 1 != game) return 0;
    snprintf(d->message, sizeof d->message, "meeple %s: game %ld failed as MEEPLE_FAIL_GAME asked (a test of a failing run)",
             command, game + 1);
    return 1;
}
