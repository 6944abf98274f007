/* Ships after set-up (rules/hawaii.md H-3, H-43..H-46): BUILD_SHIP in the
 * main phase and, with 5-6 seats, the special build phase (H-89), and
 * PLACE_FREE_SHIP in Road Building (H-51).  A ship
 * is the seat's byte on a ship-type path, like a road on a road path, so
 * the kernel's reach bitsets, connection test (kern_path_ok, H-45) and
 * Longest Road walk (roads and ships together, H-82) see it; the supply is
 * the module's (hw_ext.ships). */
#include "../../core/error.h"
#include "hawaii.h"

/* H-43: a ship costs 1 lumber and 1 wool (B-1 order: brick lumber wool grain ore). */
static const uint8_t ship_cost[NUM_RES] = {0, 1, 1, 0, 0};
static const char *const res_names[NUM_RES] = {"brick", "lumber", "wool", "grain", "ore"};

void hw_anchors(const kern *k, const void *st, int s, uint64_t *anchor)
{
	hw_anchors_of(k, st, s, anchor);
}

int hw_ship_spots(const kern *k, const void *st, int s, uint64_t *spots)
{
	uint64_t anchor[HW_MAX_NW];
	hw_anchors(k, st, s, anchor);
	return hw_spots_at(k, st, anchor, spots);
}

void hw_add_ship(const kern *k, void *st, int s, int p)
{
	hw_set_ship(k, st, s, p);
	hwx(k, st)->ships[s]--;
}

/* Where ships are built: the active seat's main phase, or its window of a
 * special build phase. */
static int ship_phase(const kstate *h)
{
	return h->status == CRISK_STATUS_RUNNING && (h->dp == DP_MAIN || h->dp == DP_SPECIAL_BUILD) &&
	       h->cur == (int8_t)h->active;
}

void hw_list_spots(const kern *k, const uint64_t *spots, unsigned type, action_out *o)
{
	for (int w = 0; w < k->pw; w++) {
		for (uint64_t m = spots[w]; m; m &= m - 1)
			out_put(o, act_make(type, (uint64_t)(w * 64 + bit_low(m))));
	}
}

/* hw_ship_spots's paths ascending, as actions of `type`. */
static void list_spots(const kern *k, const void *st, int s, unsigned type, action_out *o)
{
	uint64_t spots[HW_MAX_PW];
	hw_ship_spots(k, st, s, spots);
	hw_list_spots(k, spots, type, o);
}

/* The same with the reason, for check. */
static int check_spot(const kern *k, const void *st, int s, int p)
{
	if (p >= k->b.n_path)
		return err_set(CRISK_EILLEGAL, "there is no space %d (the map has %d)", p, k->b.n_path);
	if (kern_road_path(k, p))
		return err_set(CRISK_EILLEGAL, "space %d is a road space: no ship goes there (H-3 b)", p);
	if (kpaths(k, st)[p])
		return err_set(CRISK_EILLEGAL, "space %d already holds a piece", p);
	if (!kern_path_ok(k, st, s, p))
		return err_set(CRISK_EILLEGAL,
			       "space %d is not connected to your roads, ships or buildings; an empty named location "
			       "is no way through (H-45)",
			       p);
	if (hw_pirate_blocks(k, st, p))
		return err_set(CRISK_EILLEGAL, "the pirate blocks space %d: no ship may be placed there (H-46)", p);
	return CRISK_OK;
}

int hw_check_build_ship(const kern *k, const void *st, int p)
{
	const kstate *h = ks(st);
	if (!ship_phase(h))
		return err_set(CRISK_EILLEGAL, "ships are built in your main phase or special build window (H-41, H-89)");
	const kseat *seat = kseat_of(k, st, h->active);
	if (!hwx(k, st)->ships[h->active])
		return err_set(CRISK_EILLEGAL, "you have no ship left in your supply (H-43)");
	for (int r = 0; r < NUM_RES; r++) {
		if (seat->hand[r] < ship_cost[r])
			return err_set(CRISK_EILLEGAL, "not enough %s: need %d, have %d", res_names[r], ship_cost[r],
				       seat->hand[r]);
	}
	return check_spot(k, st, h->active, p);
}

void hw_list_build_ships(const kern *k, const void *st, action_out *o)
{
	if (hw_build_listable(k, st))
		list_spots(k, st, ks(st)->active, HW_BUILD_SHIP, o);
}

void hw_build_ship(const kern *k, void *st, int p, evlog *log)
{
	kstate *h = ks(st);
	int s = h->active;
	kseat *seat = kseat_of(k, st, s);
	const hw_vp_mark vp = hw_vp_before(k, st, s, p);
	for (int r = 0; r < NUM_RES; r++) {
		seat->hand[r] = (uint8_t)(seat->hand[r] - ship_cost[r]);
		seat->cards = (uint8_t)(seat->cards - ship_cost[r]);
		h->bank[r] = (uint8_t)(h->bank[r] + ship_cost[r]);
	}
	hw_add_ship(k, st, s, p);
	ev *e = ev_push(log, HW_EV_BUILD_SHIP, s, -1);
	if (e)
		e->args[0] = p;
	hw_piece_placed_as(k, st, s, p, vp.chit, log); /* H-50; no chit changed since vp */
	flow_update_longest_road_at(k, st, s, p, log); /* H-84 */
	if (hw_vp_may_rise(k, st, s, vp))
		flow_check_victory(k, st, log); /* H-50 */
}

/* ---- Road Building (H-51) ---- */

int hw_free_ships(const kern *k, const void *st, int s, int *spot)
{
	int n = hwx(k, st)->ships[s];
	uint64_t spots[HW_MAX_PW];
	*spot = n && hw_ship_spots(k, st, s, spots);
	return n;
}

int hw_check_free_ship(const kern *k, const void *st, int p)
{
	const kstate *h = ks(st);
	if (h->dp != DP_FREE_ROAD || h->cur != (int8_t)h->active || h->status != CRISK_STATUS_RUNNING)
		return err_set(CRISK_EILLEGAL, "a free ship is placed only during Road Building (H-51)");
	if (!hwx(k, st)->ships[h->active])
		return err_set(CRISK_EILLEGAL, "you have no ship left in your supply (H-43)");
	return check_spot(k, st, h->active, p);
}

void hw_list_free_ships(const kern *k, const void *st, action_out *o)
{
	const kstate *h = ks(st);
	if (!hwx(k, st)->ships[h->active])
		return;
	list_spots(k, st, h->active, HW_PLACE_FREE_SHIP, o);
}

void hw_put_free_ship(const kern *k, void *st, int s, int p, evlog *log)
{
	hw_add_ship(k, st, s, p);
	ev *e = ev_push(log, HW_EV_BUILD_SHIP, s, -1);
	if (e) {
		e->args[0] = p;
		e->args[1] = 1; /* free, as BUILD_ROAD's event says */
	}
	hw_piece_placed(k, st, s, p, log); /* H-50 */
	flow_update_longest_road_at(k, st, s, p, log);
}

void hw_place_free_ship(const kern *k, void *st, int p, evlog *log)
{
	hw_put_free_ship(k, st, ks(st)->active, p, log);
	flow_free_piece_done(k, st, log);
	flow_check_victory(k, st, log);
}

/* ---- for the fish market's ship (slice fish, H-73) ---- */

int hw_check_ship_spot(const kern *k, const void *st, int s, int p)
{
	return check_spot(k, st, s, p);
}
