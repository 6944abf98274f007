/* Inline forms of rng_next and rng_uniform for the hot path (dice, steals,
 * development card draws): the same arithmetic as rng.c, which is built from
 * these, so both always give the same sequence; inlining lets a constant k
 * (the six faces of a die) fold the rejection threshold. */
#ifndef CRISK_CORE_RNG_INLINE_H
#define CRISK_CORE_RNG_INLINE_H

#include "rng.h"

static inline uint64_t rng_rotl_inline(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next_inline(rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rng_rotl_inline(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rng_rotl_inline(s[3], 45);
	return result;
}

static inline uint32_t rng_uniform_inline(rng *r, uint32_t k)
{
	/* k == 1 has one outcome: drawing nothing keeps rule-level sequences
	 * stable ("if |L| = 1 the pick consumes nothing").  k == 0 is a caller bug. */
	if (k <= 1)
		return 0;
	uint32_t x = (uint32_t)(rng_next_inline(r) >> 32);
	uint64_t m = (uint64_t)x * k;
	uint32_t l = (uint32_t)m;
	if (l < k) {
		uint32_t t = (uint32_t)(-k) % k;
		while (l < t) {
			x = (uint32_t)(rng_next_inline(r) >> 32);
			m = (uint64_t)x * k;
			l = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

#endif
