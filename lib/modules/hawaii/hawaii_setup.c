/* Set-up on the Hawai'i map (rules/hawaii.md H-35..H-40): the island rule
 * for set-up settlements, and the set-up piece that may be a ship.  The
 * kernel runs the three rounds (kern_config.setup_rounds), the distance
 * rule over spaces, the third settlement's resources (H-39 is the
 * kernel's last-round yield) and the skips of H-37 and H-38
 * (kern_hooks.setup_skips), asking here where a set-up ship may go. */
#include <assert.h>

#include "../../core/error.h"
#include "hawaii.h"

/* H-37 (3-4 seats): a new island each time.  H-88 (5-6 seats): the third
 * not on the island of the first two when those share one.  The points of
 * the islands `seat` may not take a settlement on now, as a point bitset. */
static void islands_closed(const kern *k, const void *st, int seat, uint64_t *closed)
{
	const hw_rules *r = hwr(k);
	const uint8_t *nodes = knodes(k, st);
	const uint64_t *occupied = koccupied(k, st);
	const int nw = k->nw;
	int total = 0, first = BOARD_NO8, same = 1;
	for (int w = 0; w < nw; w++)
		closed[w] = 0;
	for (int w = 0; w < nw; w++) {
		for (uint64_t m = occupied[w]; m; m &= m - 1) {
			int n = w * 64 + bit_low(m), island = k->b.node_island[n];
			if ((nodes[n] & NODE_OWNER_MASK) != (unsigned)seat + 1)
				continue;
			same &= !total || island == first;
			if (!total++)
				first = island;
			if (k->seats <= 4 && island != BOARD_NO8) {
				const uint64_t *at = r->island_at + (size_t)island * (size_t)nw;
				for (int i = 0; i < nw; i++)
					closed[i] |= at[i];
			}
		}
	}
	if (k->seats > 4 && total == 2 && same && first != BOARD_NO8) {
		const uint64_t *at = r->island_at + (size_t)first * (size_t)nw;
		for (int i = 0; i < nw; i++)
			closed[i] = at[i];
	}
}

/* Whether `seat` has a building on island i (its points, occupied). */
static int builds_on_island(const kern *k, const void *st, int seat, int i)
{
	const uint64_t *at = hwr(k)->island_at + (size_t)i * (size_t)k->nw, *occupied = koccupied(k, st);
	const uint8_t *nodes = knodes(k, st);
	for (int w = 0; w < k->nw; w++) {
		for (uint64_t m = at[w] & occupied[w]; m; m &= m - 1) {
			if ((nodes[w * 64 + bit_low(m)] & NODE_OWNER_MASK) == (unsigned)seat + 1)
				return 1;
		}
	}
	return 0;
}

int hw_setup_site_ok(const kern *k, const void *st, int seat, int node)
{
	/* A point of an island without the seat's buildings is open (H-37,
	 * H-88: the closed islands hold some of them), the test below without
	 * the whole closed set. */
	int island = k->b.node_island[node];
	if (island != BOARD_NO8 && !builds_on_island(k, st, seat, island))
		return 1;
	const uint64_t *on_island = hwr(k)->island_at + (size_t)k->b.n_island * (size_t)k->nw;
	uint64_t closed[HW_MAX_NW];
	islands_closed(k, st, seat, closed);
	if (bit_get(on_island, node) && !bit_get(closed, node))
		return 1;
	/* H-37 fallback: the island rule is waived for a step where no empty
	 * named location satisfies both it and the distance rule. */
	const uint64_t *blocked = kblocked(k, st);
	for (int w = 0; w < k->nw; w++) {
		if (~blocked[w] & on_island[w] & ~closed[w])
			return 0;
	}
	return 1;
}

/* H-38: an empty ship-type space at the settlement just placed, not touching
 * the pirate's hex (H-46), with a ship in supply. */
int hw_check_setup_ship(const kern *k, const void *st, int p)
{
	const kstate *h = ks(st);
	if (h->dp != DP_SETUP_ROAD)
		return err_set(CRISK_EILLEGAL, "a ship is placed this way only as a set-up piece (H-38)");
	if (p >= k->b.n_path)
		return err_set(CRISK_EILLEGAL, "there is no space %d (the map has %d)", p, k->b.n_path);
	if (kern_road_path(k, p))
		return err_set(CRISK_EILLEGAL, "space %d is a road space: no ship goes there (H-3 b)", p);
	if (kpaths(k, st)[p])
		return err_set(CRISK_EILLEGAL, "space %d already holds a piece", p);
	if (k->b.path[p].node[0] != h->setup_node && k->b.path[p].node[1] != h->setup_node)
		return err_set(CRISK_EILLEGAL, "a set-up ship must touch the settlement just placed on point %d (H-38)",
			       h->setup_node);
	if (hw_pirate_blocks(k, st, p))
		return err_set(CRISK_EILLEGAL, "the pirate blocks space %d: no ship may be placed there (H-46)", p);
	if (!hwx(k, st)->ships[h->active])
		return err_set(CRISK_EILLEGAL, "you have no ship left (H-43)");
	return CRISK_OK;
}

/* hw_check_setup_ship's answer for a path p at the settlement just placed,
 * without its message (err_set's formatting was most of a list's cost). */
static int setup_ship_ok(const kern *k, const void *st, int p)
{
	return !kern_road_path(k, p) && !kpaths(k, st)[p] && !hw_pirate_blocks(k, st, p);
}

int hw_setup_ship_spot(const kern *k, const void *st, int seat, int node)
{
	if (!hwx(k, st)->ships[seat]) /* H-43 */
		return 0;
	const bnode *bn = &k->b.node[node];
	for (int i = 0; i < bn->deg; i++) {
		if (setup_ship_ok(k, st, bn->path[i]))
			return 1;
	}
	return 0;
}

void hw_list_setup_ships(const kern *k, const void *st, action_out *o)
{
	const kstate *h = ks(st);
	/* Paths ascending: a node has at most BOARD_MAX_DEG of them. */
	const bnode *bn = &k->b.node[h->setup_node];
	int ids[BOARD_MAX_DEG], n = 0;
	const int any = h->dp == DP_SETUP_ROAD && hwx(k, st)->ships[h->active] != 0; /* H-38, H-43 */
	for (int i = 0; i < bn->deg; i++) {
		int p = bn->path[i], j = n;
		assert((any && setup_ship_ok(k, st, p)) == (hw_check_setup_ship(k, st, p) == CRISK_OK));
		if (!any || !setup_ship_ok(k, st, p))
			continue;
		for (n++; j > 0 && ids[j - 1] > p; j--)
			ids[j] = ids[j - 1];
		ids[j] = p;
	}
	for (int i = 0; i < n; i++)
		out_put(o, act_make(HW_PLACE_SHIP, (uint64_t)ids[i]));
}

void hw_place_setup_ship(const kern *k, void *st, int p, evlog *log)
{
	int s = ks(st)->active;
	hw_add_ship(k, st, s, p);
	ev *e = ev_push(log, HW_EV_SETUP_SHIP, s, -1);
	if (e)
		e->args[0] = p;
	hw_piece_placed(k, st, s, p, log); /* H-38, H-50 */
	flow_update_longest_road_at(k, st, s, p, log); /* roads and ships together (H-82) */
	flow_setup_next(k, st, log);
}

/* hw_setup_site_ok for every point at once (the kernel's setup_sites hook,
 * one call per set-up list): the points on an island not closed to the
 * seat (a point of an island without the seat's buildings is never in the
 * closed set: islands share no point), or every point when no unblocked
 * one is (H-37's fallback). */
void hw_setup_sites(const kern *k, const void *st, int seat, uint64_t *sites)
{
	const uint64_t *on_island = hwr(k)->island_at + (size_t)k->b.n_island * (size_t)k->nw;
	const uint64_t *blocked = kblocked(k, st);
	uint64_t closed[HW_MAX_NW], any = 0;
	islands_closed(k, st, seat, closed);
	for (int w = 0; w < k->nw; w++) {
		sites[w] = on_island[w] & ~closed[w];
		any |= sites[w] & ~blocked[w];
	}
	if (!any) {
		for (int w = 0; w < k->nw; w++)
			sites[w] = ~UINT64_C(0);
	}
}
