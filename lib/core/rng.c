/* xoshiro256** (Blackman & Vigna, 2018) seeded with splitmix64; see docs/rng.md.
 * Pure uint64 arithmetic, so every platform produces the same sequence. */
#include "rng.h"
#include "rng_inline.h"
#include "splitmix.h"

void rng_seed(rng *r, uint64_t seed)
{
	uint64_t sm = seed;
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64_next(&sm);
}

uint64_t rng_next(rng *r)
{
	return rng_next_inline(r);
}

uint32_t rng_uniform(rng *r, uint32_t k)
{
	return rng_uniform_inline(r, k);
}
