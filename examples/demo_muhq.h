/* crisk-demo's printing and bots for the rule module muhq (demo_muhq.c). */
#ifndef CRISK_DEMO_MUHQ_H
#define CRISK_DEMO_MUHQ_H

#include <catanrisk.h>

#include "svg_game.h"

/* Plays `game` to its end between random bots (seeded from `seed`) that never
 * concede or release a unit while they have anything else to do, and prints
 * per turn the map with the permanents (from crisk_rules_board_json() and
 * crisk_game_to_json() only), the seats, the hand `viewer` may see and the
 * events as `viewer` sees them; then the result and the scores.  *steps
 * receives the number of actions applied.  Returns CRISK_OK or the
 * library's error.  With pictures->dir set, one SVG picture per turn too. */
int muhq_demo(crisk_game *game, const crisk_rules *rules, int viewer, uint64_t seed, uint64_t *steps,
	      svg_turns *pictures);

#endif
