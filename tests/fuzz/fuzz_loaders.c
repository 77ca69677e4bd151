/* fuzz_loaders.c: libFuzzer entry point for the tile-set and ruleset loaders and lint (see targets.h). */
#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_loaders(data, size); }
