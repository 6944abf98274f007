/* The demo bots' own random generator (splitmix64), shared by crisk-demo.c
 * and demo_muhq.c.  Seeded from --seed so a run is reproducible, but separate
 * from the game's RNG so the bots never disturb it. */
#ifndef CRISK_DEMO_BOTS_H
#define CRISK_DEMO_BOTS_H

#include <stddef.h>
#include <stdint.h>

typedef struct bot_rng {
	uint64_t s;
} bot_rng;

static inline uint64_t bot_next(bot_rng *r)
{
	uint64_t z = (r->s += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

/* Uniform integer in 0..n-1 without modulo bias (rejection of the short tail). */
static inline size_t bot_uniform(bot_rng *r, size_t n)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % n;
	uint64_t x;
	do
		x = bot_next(r);
	while (x >= limit);
	return (size_t)(x % n);
}

static inline double bot_unit(bot_rng *r)
{
	return (double)(bot_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* The bots' seed for a game seed (the same in every module). */
#define BOT_SEED(seed) ((seed) ^ 0x6A09E667F3BCC908u)

#endif
