/* The soak's module-specific invariants (two_player, risk), read from the
 * omniscient JSON view: the typed queries of catan.h do not show trade
 * tokens or armies. */
#ifndef CRISK_TESTS_MODULE_CHECKS_H
#define CRISK_TESTS_MODULE_CHECKS_H

#include <stddef.h>
#include <stdint.h>
#include "catanrisk.h"

enum { MC_BASE, MC_TWO_PLAYER, MC_RISK };

#define MC_SEATS 6

/* What the event log says so far, kept by the soak (events are read once). */
typedef struct mc_tally {
	int knights_played[MC_SEATS];    /* PLAY_DEV of a knight */
	int knights_discarded[MC_SEATS]; /* two_player KNIGHT_TOKENS (T-19) */
	int64_t armies;                  /* risk: placed - battle losses - removed at elimination */
} mc_tally;

/* Module kind of a module name (MC_BASE for anything else). */
int mc_kind(const char *module);

/* Adds one event (read as the omniscient viewer) to the tally. */
void mc_count_event(mc_tally *t, const crisk_event *e);

/* Whether `owner` may own a building or road of a game of this kind. */
int mc_valid_owner(int kind, int seats, int owner);

/* What the view says beyond the typed queries (risk; zero elsewhere). */
typedef struct mc_info {
	int out[MC_SEATS];     /* eliminated or resigned (RC-25..RC-27) */
	int over[MC_SEATS][3]; /* pieces held over the supply (RC-12): settlements, cities, roads */
} mc_info;

/* Module invariants of the current position, filling *info; 0, or 1 with
 * msg filled. */
int mc_check(int kind, const crisk_game *g, const mc_tally *t, mc_info *info, char *msg, size_t cap);

/* Whether two games have the same omniscient JSON view (module state the
 * digest does not see: tokens, armies, fog). */
int mc_same_view(const crisk_game *a, const crisk_game *b);

#endif
