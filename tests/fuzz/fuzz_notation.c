/* fuzz_notation.c: libFuzzer entry point for the move notation parser (see targets.h). */
#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_notation(data, size); }
