/* What the load targets do with a game that loaded: it must behave like any
 * game.  Views for every viewer render, recording is refused (the history is
 * unknown), every listed legal action passes check, and random play on from
 * here (seeded by the input) neither crashes nor gets stuck. */
#ifndef CRISK_FUZZ_PLAY_H
#define CRISK_FUZZ_PLAY_H

#include "catanrisk.h"
#include "fuzz.h"
#include "../soak/playout.h"

#define FUZZ_PLAY_STEPS 300

static inline void fuzz_play_loaded(crisk_game *g, const uint8_t *data, size_t size)
{
	static crisk_action buf[PL_MAX_ACTIONS];
	static char view[1 << 16];
	int seats = crisk_rules_num_seats(crisk_game_rules(g));
	for (int v = -2; v < seats; v++) {
		int viewer = v == -2 ? CRISK_VIEWER_OMNISCIENT : v == -1 ? CRISK_VIEWER_SPECTATOR : v;
		size_t len;
		FUZZ_ASSERT(crisk_game_to_json(g, viewer, view, sizeof view, &len) == CRISK_OK);
	}
	FUZZ_ASSERT(crisk_game_set_recording(g, 1) == CRISK_ESTATE);
	uint64_t seed = 0;
	for (size_t i = 0; i < size; i++)
		seed = seed * 131 + data[i];
	pl_rng r = {seed};
	for (int i = 0; i < FUZZ_PLAY_STEPS && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; i++) {
		size_t n = 0;
		crisk_action a;
		int rc = pl_pick(g, &r, buf, &n, &a);
		size_t listed;
		if (rc == CRISK_ESTATE && crisk_game_legal_actions(g, NULL, 0, &listed) == CRISK_ESTATE)
			break; /* past 2^62 events the game takes no more actions, and says so */
		FUZZ_ASSERT(rc == CRISK_OK);
		if (crisk_game_current_seat(g) != CRISK_SEAT_CHANCE)
			for (size_t k = 0; k < n; k++)
				FUZZ_ASSERT(crisk_game_check(g, buf[k]) == CRISK_OK);
		FUZZ_ASSERT(crisk_game_apply(g, a) == CRISK_OK);
	}
}

#endif
