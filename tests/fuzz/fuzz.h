/* fuzz.h — the one entry point every harness defines: libFuzzer calls it, and so does replay.c. */
#ifndef RCUVIS_FUZZ_H
#define RCUVIS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* data as a NUL-terminated string (malloc'd; the caller frees). */
char *fuzz_text(const uint8_t *data, size_t size);
/* A private scratch directory, made once per process (/tmp/rcuvis-fuzz-PID). */
const char *fuzz_dir(void);

#endif
