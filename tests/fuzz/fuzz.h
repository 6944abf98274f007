/* Helpers shared by the libFuzzer targets. */
#ifndef CRISK_FUZZ_H
#define CRISK_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A broken invariant is a finding: report it and abort so libFuzzer keeps the input. */
#define FUZZ_ASSERT(cond)                                                                              \
	do {                                                                                           \
		if (!(cond)) {                                                                         \
			fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #cond); \
			abort();                                                                       \
		}                                                                                      \
	} while (0)

/* A NUL-terminated malloc'd copy of the input (the library takes C strings). */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		abort();
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

#endif
