/* The random policy of crisk_game_playout: draws from a splitmix64 state
 * the caller keeps (docs/api.md).  The core's playout loop and the modules'
 * own loops share it, so both make the same choices. */
#ifndef CRISK_CORE_POLICY_H
#define CRISK_CORE_POLICY_H

#include <stddef.h>
#include <stdint.h>
#include "splitmix.h"

/* Uniform in 0..n-1 for 1 <= n < 2^32 (Lemire's multiply-shift with
 * rejection: exact).  A lone choice draws nothing. */
static inline size_t policy_pick_many(uint64_t *s, size_t n);
static inline size_t policy_pick(uint64_t *s, size_t n)
{
	if (n == 1)
		return 0;
	return policy_pick_many(s, n);
}

/* policy_pick for 2 <= n < 2^32 (a caller that has tested n == 1 itself). */
static inline size_t policy_pick_many(uint64_t *s, size_t n)
{
	uint64_t m = (splitmix64_next(s) >> 32) * (uint64_t)n;
	if ((uint32_t)m < (uint32_t)n) {
		uint32_t threshold = (uint32_t)(-(uint32_t)n) % (uint32_t)n;
		while ((uint32_t)m < threshold)
			m = (splitmix64_next(s) >> 32) * (uint64_t)n;
	}
	return (size_t)(m >> 32);
}

/* An index drawn by the probabilities of n >= 1 outcomes (a chance point). */
static inline size_t policy_weighted(uint64_t *s, const double *probs, size_t n)
{
	double u = (double)(splitmix64_next(s) >> 11) * (1.0 / 9007199254740992.0), acc = 0;
	size_t i = 0;
	for (; i + 1 < n; i++) {
		acc += probs[i];
		if (u < acc)
			break;
	}
	return i;
}

#endif
