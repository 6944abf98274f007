/* splitmix64 (Steele, Lea & Flood): seeds the game's generator (rng_seed)
 * and is the random policy of crisk_game_playout (policy.h), whose state the
 * caller keeps.  Pure uint64 arithmetic, the same on every platform. */
#ifndef CRISK_CORE_SPLITMIX_H
#define CRISK_CORE_SPLITMIX_H

#include <stdint.h>

static inline uint64_t splitmix64_next(uint64_t *state)
{
	uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

#endif
