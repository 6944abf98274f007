/* The pirate (rules/hawaii.md section 9, H-54..H-60).  On a 7 or a knight
 * the mover moves the robber (the kernel's MOVE_ROBBER) or the pirate
 * (MOVE_PIRATE, listed beside it at DP_MOVE_ROBBER).  The pirate's victims
 * are the owners of ships on the spaces whose sea list holds its hex; the
 * choice of victim and the steal are the kernel's (CHOOSE_VICTIM, STEAL),
 * which ask hw_thief_victims whom the thief that moved last may rob.  What
 * the pirate blocks is hw_pirate_blocks (hawaii_ships.c). */
#include "../../core/error.h"
#include "hawaii.h"

static int is_sea(const kern *k, int x)
{
	return x >= k->b.n_land && x < k->b.n_land + k->b.n_sea;
}

unsigned hw_pirate_victims(const kern *k, const void *st)
{
	const uint8_t *paths = kpaths(k, st);
	unsigned owners = 0;
	for (int p = 0; p < k->b.n_path; p++) {
		if (paths[p] && !kern_road_path(k, p) && hw_pirate_blocks(k, st, p))
			owners |= 1u << ((paths[p] & NODE_OWNER_MASK) - 1);
	}
	/* H-58: opponents of the mover with at least one resource card. */
	owners &= ((1u << k->seats) - 1) & ~(1u << ks(st)->active);
	for (unsigned m = owners; m; m &= m - 1) {
		int o = bit_low(m);
		if (!kseat_of(k, st, o)->cards)
			owners &= ~(1u << o);
	}
	return owners;
}

unsigned hw_thief_victims(const kern *k, const void *st)
{
	if (hwx(k, st)->thief)
		return hw_pirate_victims(k, st);
	return kern_hex_victims(k, st, ks(st)->robber);
}

int hw_check_move_pirate(const kern *k, const void *st, int x)
{
	const kstate *h = ks(st);
	if (h->dp != DP_MOVE_ROBBER)
		return err_set(CRISK_EILLEGAL, "the pirate moves only instead of the robber, after a 7 or a knight (H-54)");
	if (!is_sea(k, x)) {
		if (!k->b.n_sea)
			return err_set(CRISK_EILLEGAL, "this map has no sea hex: there is no pirate (H-28)");
		return err_set(CRISK_EILLEGAL, "hex %d is not a sea hex (sea hexes are %d..%d) (H-57)", x, k->b.n_land,
			       k->b.n_land + k->b.n_sea - 1);
	}
	if (x == hwx(k, st)->pirate)
		return err_set(CRISK_EILLEGAL, "the pirate is already on hex %d and must move (H-57)", x);
	return CRISK_OK;
}

void hw_list_move_pirate(const kern *k, const void *st, action_out *o)
{
	int pirate = hwx(k, st)->pirate;
	for (int x = k->b.n_land; x < k->b.n_land + k->b.n_sea; x++) {
		if (x != pirate)
			out_put(o, act_make(HW_MOVE_PIRATE, (uint64_t)x));
	}
}

/* H-54, H-58: the pirate moves, then its victim is chosen and robbed as the
 * robber's is (B-64, B-65); a knight's move ends there (B-80). */
void hw_move_pirate(const kern *k, void *st, int x, evlog *log)
{
	hw_ext *e = hwx(k, st);
	e->pirate = (uint16_t)x;
	e->thief = 1;
	ev *v = ev_push(log, HW_EV_PIRATE, ks(st)->active, -1);
	if (v)
		v->args[0] = x;
	flow_after_thief(k, st, hw_pirate_victims(k, st), log);
	flow_check_victory(k, st, log);
	kern_settle_chance(k, st, log);
}
