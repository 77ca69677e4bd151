/* fuzz_record.c: libFuzzer entry point for the game record loader and replay (see targets.h). */
#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_record(data, size); }
