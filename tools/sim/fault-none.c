/* fault-none.c: the shipped program fails no game on purpose (fault.h). */
#include "fault.h"

int sim_fault(long game, const char *command, mp_diag *d) {
    (void)game, (void)command, (void)d;
    return 0;
}
