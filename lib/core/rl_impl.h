/* What vec_env.c shares with rl.c. */
#ifndef CRISK_CORE_RL_IMPL_H
#define CRISK_CORE_RL_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include "catanrisk/game.h"

/* Zeroes n_actions bytes of mask and sets the legal indices of g's decision
 * point (none unless a seat is to act); *legal counts them. */
int rl_mask_game(const crisk_game *g, uint8_t *mask, size_t n_actions, size_t *legal);

#endif
