/* The terminal player's bots, on the public API only: the uniform random
 * bot, and a greedy bot that looks one action ahead. */
#ifndef CRISK_PLAY_BOTS_H
#define CRISK_PLAY_BOTS_H

#include <stddef.h>
#include <stdint.h>

#include <catanrisk.h>

typedef enum { BOT_RANDOM, BOT_GREEDY } bot_kind;

typedef struct {
	bot_kind kind;
	uint64_t rng;         /* splitmix64 state */
	crisk_game *scratch;  /* the greedy bot's trial copy */
	crisk_action *legal;  /* legal actions of the decision */
	size_t cap;
} bot;

int bot_init(bot *b, bot_kind kind, uint64_t seed);
void bot_free(bot *b);
/* The bot's action for the seat to act (or a chance outcome at a chance
 * point in explicit mode, drawn by its probability). */
int bot_choose(bot *b, const crisk_game *g, crisk_action *out);

#endif
