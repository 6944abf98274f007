/* The copy of a game's state block (crisk_game_copy): whole 64-byte blocks,
 * then the last 64 bytes again, overlapping.  Inlined into a caller built
 * for a vector width, each block is one AVX-512 move or two AVX2 moves, and
 * the copy needs no call: at a few hundred bytes, memcpy's own dispatch
 * costs about as much as the moves. */
#ifndef CRISK_CORE_STATE_COPY_H
#define CRISK_CORE_STATE_COPY_H

#include <stddef.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline void copy_state(unsigned char *dst, const unsigned char *src, size_t n)
{
	enum { BLOCK = 64 };
	if (n < BLOCK) {
		memcpy(dst, src, n);
		return;
	}
	for (size_t i = 0; i + BLOCK <= n; i += BLOCK)
		memcpy(dst + i, src + i, BLOCK);
	memcpy(dst + n - BLOCK, src + n - BLOCK, BLOCK);
}

#endif
