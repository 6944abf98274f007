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
#include "hawaii.h"

void hw_piece_placed(const kern *k, void *st, int s, int p, evlog *log)
{
	hw_chit_claim(k, st, s, p, log);
	if (kern_road_path(k, p))
		return;
	if (k->b.path_kind[p] == BPATH_FISHING)
		hw_boat_update(k, st, s, log);
	if (k->b.path_trade[p] != BOARD_NO8) /* most paths are no merchant space: no call */
		hw_merchant_update(k, st, s, p, log);
}

/* For moving ships (H-81): call after the ship left path p, before it
 * arrives (hw_piece_placed then). */
void hw_ship_removed(const kern *k, void *st, int s, int p, evlog *log)
{
	if (k->b.path_kind[p] == BPATH_FISHING)
		hw_boat_update(k, st, s, log);
	if (k->b.path_trade[p] != BOARD_NO8) /* most paths are no merchant space: no call */
		hw_merchant_update(k, st, s, p, log);
}
