/*
** balance-print.h: the output of meeple balance (meeple-balance(1), OUTPUT): text, JSON or CSV,
** side by side with --against, and the --svg chart.
*/
#ifndef MP_TOOLS_BALANCE_PRINT_H
#define MP_TOOLS_BALANCE_PRINT_H

#include "balance.h"

/* The result of the run's totals s: its figures (tools/sim/balance-report.h) printed as r says
** (r->as_json, r->as_csv; with r->vs side by side), and with r->svg the chart written there and
** committed. 0, or the error printed and EXIT_BAD_INPUT. */
int balance_print(run *r, const totals *s);

#endif
