/* Random play for tests, fuzzers and the golden-record generator: a seeded
 * bot that picks chance outcomes by their exact probabilities and seat
 * actions uniformly, with domestic trade offers rare (uniform play would
 * spend almost every step on offers and answers). */
#ifndef CRISK_TESTS_PLAYOUT_H
#define CRISK_TESTS_PLAYOUT_H

#include <stddef.h>
#include <stdint.h>
#include "catanrisk.h"

#define PL_MAX_ACTIONS 4096

typedef struct pl_rng {
	uint64_t s;
} pl_rng;

/* splitmix64: small, seedable from any value, good enough for bots. */
uint64_t pl_next(pl_rng *r);
/* Uniform in 0..n-1 (n > 0). */
size_t pl_below(pl_rng *r, size_t n);

/* Chooses an action at the current decision point of a running game.
 * buf has PL_MAX_ACTIONS entries and receives the legal actions (*n of them).
 * Returns CRISK_OK or the library's error code. */
int pl_pick(const crisk_game *g, pl_rng *r, crisk_action *buf, size_t *n, crisk_action *out);

/* Picks and applies one action; CRISK_OK or the library's error code. */
int pl_step(crisk_game *g, pl_rng *r, crisk_action *buf);

/* Plays until the game is over or `max_steps` actions were applied.
 * Returns the number of steps, or a negative error code. */
int64_t pl_play(crisk_game *g, pl_rng *r, crisk_action *buf, int64_t max_steps);

#endif
