/* Reading the risk part of a game's JSON view in tests (public API only, plus
 * the library's JSON reader). */
#ifndef CRISK_TESTS_RISK_VIEW_H
#define CRISK_TESTS_RISK_VIEW_H

#include <stddef.h>
#include "catanrisk.h"

#define RV_HEXES 19
#define RV_OWNERS 5 /* seats 0..3, then the neutral defenders */

typedef struct rview {
	int seats;
	int armies[RV_HEXES][RV_OWNERS];
	int revealed[RV_HEXES];
	int has_terrain[RV_HEXES];  /* the view names the hex's terrain */
	int has_requirement[RV_HEXES];
	int requirement[RV_HEXES];
	int controller[RV_HEXES];   /* seat, 4 neutral, -1 nobody */
	int contested[RV_HEXES];
	int out[4], resigned[4];
	int over[4][3];
	int bought, redeployed;
	char phase[32];
	int current_seat;
} rview;

/* Fills *v from crisk_game_to_json(g, viewer); 0 on success. */
int rview_read(const crisk_game *g, int viewer, rview *v);
/* Sum of every army on the board (neutral included). */
int rview_total(const rview *v);
/* Hex h against RC-3..RC-5 (control and contest recomputed from the armies),
 * RC-26 (no armies of a seat with out[seat] set) and RC-31 (no army on a
 * face-down hex): 0, or 1 with the violation in msg. */
int rview_check_hex(const rview *v, int h, const int *out, char *msg, size_t cap);

#endif
