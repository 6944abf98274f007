/* xoshiro256** (Blackman & Vigna, 2018) seeded with splitmix64; see docs/rng.md.
 * Pure uint64 arithmetic, so every platform produces the same sequence. */
#include "rng.h"

static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void rng_seed(rng *r, uint64_t seed)
{
	uint64_t sm = seed;
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&sm);
}

uint64_t rng_next(rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint32_t rng_uniform(rng *r, uint32_t k)
{
	/* k == 1 has one outcome: drawing nothing keeps rule-level sequences
	 * stable ("if |L| = 1 the pick consumes nothing").  k == 0 is a caller bug. */
	if (k <= 1)
		return 0;
	uint32_t x = (uint32_t)(rng_next(r) >> 32);
	uint64_t m = (uint64_t)x * k;
	uint32_t l = (uint32_t)m;
	if (l < k) {
		uint32_t t = (uint32_t)(-k) % k;
		while (l < t) {
			x = (uint32_t)(rng_next(r) >> 32);
			m = (uint64_t)x * k;
			l = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}
