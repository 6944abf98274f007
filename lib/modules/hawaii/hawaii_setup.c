/* Set-up on the Hawai'i map (rules/hawaii.md H-35..H-40): the island rule
 * for set-up settlements, and the set-up piece that may be a ship.  The
 * kernel runs the three rounds (kern_config.setup_rounds), the distance
 * rule over spaces and the third settlement's resources (H-39 is the
 * kernel's last-round yield). */
#include "../../core/error.h"
#include "../../catan/validate.h"
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

int hw_pirate_blocks(const kern *k, const void *st, int p)
{
	unsigned pirate = hwx(k, st)->pirate;
	for (int i = k->b.path_sea_first[p]; i < k->b.path_sea_first[p + 1]; i++) {
		if (k->b.path_sea[i] == pirate)
			return 1;
	}
	return 0;
}

/* H-38: an empty ship-type space at the settlement just placed, not touching
 * the pirate's hex (H-46), with a ship in supply. */
static int check_setup_ship(const kern *k, const void *st, int p)
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

size_t hawaii_legal(const void *data, const void *st, crisk_action *buf, size_t cap)
{
	const kern *k = data;
	const kstate *h = ks(st);
	action_out o = {buf, cap, kern_legal(k, st, buf, cap)};
	if (h->dp != DP_SETUP_ROAD)
		return o.n;
	/* PLACE_SHIP codes follow the kernel's (a higher type), paths ascending. */
	const bnode *bn = &k->b.node[h->setup_node];
	int ids[BOARD_MAX_DEG], n = 0;
	for (int i = 0; i < bn->deg; i++) {
		int p = bn->path[i], j = n;
		if (check_setup_ship(k, st, p) != CRISK_OK)
			continue;
		for (n++; j > 0 && ids[j - 1] > p; j--)
			ids[j] = ids[j - 1];
		ids[j] = p;
	}
	for (int i = 0; i < n; i++)
		out_put(&o, act_make(HW_PLACE_SHIP, (uint64_t)ids[i]));
	return o.n;
}

static int check_ship_code(const kern *k, const void *st, crisk_action a)
{
	if (a & ~((UINT64_C(0xFF) << 56) | KF_ID))
		return err_set(CRISK_EILLEGAL, "malformed action code: bits set outside its fields");
	if (ks(st)->cur != ks(st)->active || ks(st)->status != CRISK_STATUS_RUNNING)
		return err_set(CRISK_EILLEGAL, "it is not the placing seat's turn to act");
	return check_setup_ship(k, st, ACT_ID(a));
}

int hawaii_check(const void *data, const void *st, crisk_action a)
{
	if (ACT_TYPE(a) == HW_PLACE_SHIP)
		return check_ship_code(data, st, a);
	return kern_check(data, st, a);
}

int hawaii_apply(const void *data, void *st, crisk_action a, evlog *log)
{
	const kern *k = data;
	if (ACT_TYPE(a) != HW_PLACE_SHIP)
		return kern_apply(k, st, a, log);
	int rc = check_ship_code(k, st, a);
	if (rc)
		return rc;
	kstate *h = ks(st);
	int s = h->active, p = ACT_ID(a);
	kpaths(k, st)[p] = (uint8_t)(s + 1);
	bit_set(kreach(k, st, s), k->b.path[p].node[0]);
	bit_set(kreach(k, st, s), k->b.path[p].node[1]);
	hwx(k, st)->ships[s]--;
	ev *e = ev_push(log, HW_EV_SETUP_SHIP, s, -1);
	if (e)
		e->args[0] = p;
	flow_update_longest_road_at(k, st, s, p, log); /* roads and ships together (H-82) */
	flow_setup_next(k, st, log);
	return CRISK_OK;
}
