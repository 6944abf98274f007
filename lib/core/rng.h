/* The game's random number generator: xoshiro256** seeded with splitmix64.
 * Identical on every platform; documented in docs/rng.md. */
#ifndef CRISK_CORE_RNG_H
#define CRISK_CORE_RNG_H

#include <stdint.h>

typedef struct rng {
	uint64_t s[4];
} rng;

/* s[i] = splitmix64 outputs 1..4 starting from state `seed`. */
void rng_seed(rng *r, uint64_t seed);
/* Next 64-bit output of xoshiro256**. */
uint64_t rng_next(rng *r);
/* Unbiased integer in 0..k-1 for 1 <= k <= 2^32-1 (Lemire's multiply-shift with
 * rejection on the top 32 bits of rng_next()).  k == 1 returns 0 and still draws
 * nothing. */
uint32_t rng_uniform(rng *r, uint32_t k);

#endif
