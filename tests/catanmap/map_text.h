/* Catanmap texts for tests: a map file read whole, and edited copies. */
#ifndef CRISK_TESTS_MAP_TEXT_H
#define CRISK_TESTS_MAP_TEXT_H

#include <stddef.h>

/* The whole file (below 64 KiB), NUL-terminated, its length in *len; NULL
 * if it cannot be read whole.  free() it. */
char *read_all(const char *path, size_t *len);
/* text with the first occurrence of `from` replaced by `to`; fails the
 * test if `from` is missing.  free() it. */
char *edited_text(const char *text, const char *from, const char *to);

#endif
