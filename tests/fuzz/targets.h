/*
** targets.h: what the fuzz targets run, shared by the libFuzzer entry points (tests/fuzz/fuzz_*.c)
** and by tests/test_fuzz_regress.c, which replays every input that ever crashed them.
*/
#ifndef MP_FUZZ_TARGETS_H
#define MP_FUZZ_TARGETS_H

#include <stddef.h>
#include <stdint.h>

/* Parses the input as notation in a game just after a placement (and at its start): whatever
** parses must print and parse back to the same action, and may then be applied. */
int fuzz_notation(const uint8_t *data, size_t size);
/* Loads the input as a game record and, if it loads, replays it under c3. */
int fuzz_record(const uint8_t *data, size_t size);
/* Lints the input as a file, read from memory: a tile set when it has `kinds:`, else a ruleset
** (which may extend the shipped rulesets and name their tile sets); then loads it as a ruleset
** (and plays a few turns if it loads) and as a tile set: every loader and lint check runs on it. */
int fuzz_loaders(const uint8_t *data, size_t size);

#endif
