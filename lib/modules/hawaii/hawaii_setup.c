/* Set-up on the Hawai'i map (rules/hawaii.md H-35..H-40): the island rule
 * for set-up settlements, and the set-up piece that may be a ship.  The
 * kernel runs the three rounds (kern_config.setup_rounds), the distance
 * rule over spaces and the third settlement's resources (H-39 is the
 * kernel's last-round yield). */
#include "../../core/error.h"
#include "hawaii.h"

/* H-37 (3-4 seats): a new island each time.  H-88 (5-6 seats): the third
 * not on the island of the first two when those share one. */
static int island_open(const kern *k, const void *st, int seat, int node)
{
	const uint8_t *nodes = knodes(k, st);
	int island = k->b.node_island[node], same = 0, total = 0;
	if (island == BOARD_NO8)
		return 0;
	for (int n = 0; n < k->b.n_node; n++) {
		if ((nodes[n] & NODE_OWNER_MASK) != (unsigned)seat + 1)
			continue;
		total++;
		same += k->b.node_island[n] == island;
	}
	if (k->seats <= 4)
		return same == 0;
	return !(total == 2 && same == 2);
}

int hw_setup_site_ok(const kern *k, const void *st, int seat, int node)
{
	if (island_open(k, st, seat, node))
		return 1;
	/* H-37 fallback: the island rule is waived for a step where no empty
	 * named location satisfies both it and the distance rule. */
	const uint64_t *blocked = kblocked(k, st);
	for (int n = 0; n < k->b.n_node; n++) {
		if (!bit_get(blocked, n) && island_open(k, st, seat, n))
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

void hw_list_setup_ships(const kern *k, const void *st, action_out *o)
{
	/* Paths ascending: a node has at most BOARD_MAX_DEG of them. */
	const bnode *bn = &k->b.node[ks(st)->setup_node];
	int ids[BOARD_MAX_DEG], n = 0;
	for (int i = 0; i < bn->deg; i++) {
		int p = bn->path[i], j = n;
		if (hw_check_setup_ship(k, st, p) != CRISK_OK)
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
