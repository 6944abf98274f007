/* Placement effects (rules/hawaii.md H-50, H-81): whenever a road or ship
 * is placed (set-up, paid, Road Building, fish market) or a ship moved, in
 * this order: the Catan chit (H-75), the fishing boat (H-65), the merchant
 * rate (H-63).  Longest Trade Route and the victory check follow at the
 * caller, which knows the kind of placement.
 *
 * Effect events (HW_EV_EFFECT, seat = the piece's owner):
 *   HW_FX_CHIT      args[1] chit point, args[2] chits the seat holds now
 *   HW_FX_BOAT      args[1] boat position, args[2] fishing VP now
 *   HW_FX_MERCHANT  args[1] merchant space, args[2] 1 gained / 0 lost,
 *                   args[3] the seat's harbor bits now (kseat.harbors) */
#include <assert.h>

#include "hawaii.h"

/* The fishing boat (H-65) after seat s's piece arrived on (boat_placed) or
 * left (boat_left) a fishing space: the boat's position is the seat's ships
 * on fishing spaces up to the track's last position (boat_position in
 * hawaii_fish.c; the state check refuses a boat that differs), so below the
 * last position it was that count and moves by one, with the event of
 * hw_boat_update; a boat at the last position after a ship left may have
 * stood for more ships, and hw_boat_update counts them.  Builds with
 * assertions compare with the count every time. */
#ifndef NDEBUG
static int boat_counted(const kern *k, const void *st, int s)
{
	int last = hwr(k)->map->n_track - 1, n = hw_boat_count(k, st, s);
	return last <= 0 ? 0 : n < last ? n : last;
}
#endif

static void boat_moved(const kern *k, void *st, int s, int pos, evlog *log)
{
	hwx(k, st)->boat[s] = (uint8_t)pos;
	ev *e = ev_push(log, HW_EV_EFFECT, s, -1);
	if (e) {
		e->args[0] = HW_FX_BOAT;
		e->args[1] = pos;
		e->args[2] = hw_fishing_vp(k, st, s);
	}
}

static void boat_placed(const kern *k, void *st, int s, evlog *log)
{
	int pos = hwx(k, st)->boat[s];
	if (pos < hwr(k)->map->n_track - 1) /* else at the end already (or no track) */
		boat_moved(k, st, s, pos + 1, log);
	assert(hwx(k, st)->boat[s] == boat_counted(k, st, s));
}

static void boat_left(const kern *k, void *st, int s, evlog *log)
{
	int pos = hwx(k, st)->boat[s];
	if (pos < hwr(k)->map->n_track - 1)
		boat_moved(k, st, s, pos - 1, log); /* pos is the count, at least this ship */
	else
		hw_boat_update(k, st, s, log);
	assert(hwx(k, st)->boat[s] == boat_counted(k, st, s));
}

/* hw_piece_placed's effects (hawaii.h calls this only when one may happen). */
void hw_piece_effects(const kern *k, void *st, int s, int p, evlog *log)
{
	hw_chit_claim(k, st, s, p, log);
	if (kern_road_path(k, p))
		return;
	if (k->b.path_kind[p] == BPATH_FISHING)
		boat_placed(k, st, s, log);
	if (k->b.path_trade[p] != BOARD_NO8) /* most paths are no merchant space: no call */
		hw_merchant_update(k, st, s, p, log);
}

/* For moving ships (H-81): after the ship left path p, before it arrives
 * (hw_piece_placed then); hw_ship_removed calls this only when p is a
 * fishing or merchant space. */
void hw_ship_left_effects(const kern *k, void *st, int s, int p, evlog *log)
{
	if (k->b.path_kind[p] == BPATH_FISHING)
		boat_left(k, st, s, log);
	if (k->b.path_trade[p] != BOARD_NO8) /* most paths are no merchant space: no call */
		hw_merchant_update(k, st, s, p, log);
}
