/* The pirate (rules/hawaii.md section 9, H-54..H-60).  On a 7 or a knight
 * the mover moves the robber (the kernel's MOVE_ROBBER) or the pirate
 * (MOVE_PIRATE, listed beside it at DP_MOVE_ROBBER).  The pirate's victims
 * are the owners of ships on the spaces whose sea list holds its hex; the
 * choice of victim and the steal are the kernel's (CHOOSE_VICTIM, STEAL),
 * which ask hw_thief_victims whom the thief that moved last may rob.  What
 * the pirate blocks is hw_pirate_paths (hawaii.h, a set of hawaii_tables.c). */
#include <assert.h>

#include "../../core/error.h"
#include "hawaii.h"

static int is_sea(const kern *k, int x)
{
	return x >= k->b.n_land && x < k->b.n_land + k->b.n_sea;
}

unsigned hw_pirate_victims(const kern *k, const void *st)
{
	const uint8_t *paths = kpaths(k, st);
	const uint64_t *blocked = hw_pirate_paths(k, st);
	unsigned owners = 0;
	for (int w = 0; w < k->pw; w++) {
		for (uint64_t m = blocked[w]; m; m &= m - 1) {
			int p = w * 64 + bit_low(m);
			if (paths[p] && !kern_road_path(k, p))
				owners |= 1u << ((paths[p] & NODE_OWNER_MASK) - 1);
		}
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

/* H-91: friendly_robber keeps the pirate off every sea hex in the sea list
 * of a space holding a ship of an opponent with at most 3 visible VP;
 * *who is the lowest such seat. */
static int friendly_blocked(const kern *k, const void *st, int x, int *who)
{
	const uint8_t *paths = kpaths(k, st);
	int mover = ks(st)->active, best = -1;
	for (int p = 0; p < k->b.n_path; p++) {
		int o = (paths[p] & NODE_OWNER_MASK) - 1;
		if (o < 0 || o == mover || kern_road_path(k, p) || (best >= 0 && o >= best))
			continue;
		for (int i = k->b.path_sea_first[p]; i < k->b.path_sea_first[p + 1]; i++) {
			if (k->b.path_sea[i] == x && kern_visible_vp(k, st, o) <= k->cfg.friendly_vp)
				best = o;
		}
	}
	*who = best;
	return best >= 0;
}

/* H-91 with B-63's fallback, for the pirate on its own: the restriction
 * lapses when it leaves the pirate no sea hex. */
static int friendly_ok(const kern *k, const void *st, int x, int *who)
{
	if (!k->cfg.friendly_robber || !friendly_blocked(k, st, x, who))
		return 1;
	int pirate = hwx(k, st)->pirate, other;
	for (int y = k->b.n_land; y < k->b.n_land + k->b.n_sea; y++) {
		if (y != pirate && !friendly_blocked(k, st, y, &other))
			return 0;
	}
	return 1;
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
	return hw_check_pirate_friendly(k, st, x);
}

int hw_pirate_friendly_ok(const kern *k, const void *st, int x)
{
	int who;
	return friendly_ok(k, st, x, &who);
}

int hw_check_pirate_friendly(const kern *k, const void *st, int x)
{
	int who;
	if (!friendly_ok(k, st, x, &who))
		return err_set(CRISK_EILLEGAL,
			       "hex %d touches a ship of seat %d, who has only %d visible VP (friendly robber, H-91)", x,
			       who, kern_visible_vp(k, st, who));
	return CRISK_OK;
}

/* hw_check_move_pirate's tests without friendly_robber (the usual case),
 * as one conjunction: at DP_MOVE_ROBBER, a sea hex but the pirate's (H-54,
 * H-57).  False with friendly_robber, where the rule function decides. */
static inline int move_pirate_plain_ok(const kern *k, const void *st, int x)
{
	return ks(st)->dp == DP_MOVE_ROBBER && !k->cfg.friendly_robber &&
	       (unsigned)x - (unsigned)k->b.n_land < (unsigned)k->b.n_sea && x != hwx(k, st)->pirate;
}

/* hw_move_pirate_checked past the usual case: the rule function, then the move. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int move_pirate_checked_rest(const kern *k, void *st, int x, evlog *log)
{
	const int rc = hw_check_move_pirate(k, st, x);
	if (rc)
		return rc;
	assert(k->cfg.friendly_robber); /* move_pirate_plain_ok is exact without it */
	hw_move_pirate(k, st, x, log);
	return CRISK_OK;
}

int hw_move_pirate_checked(const kern *k, void *st, int x, evlog *log)
{
	if (!move_pirate_plain_ok(k, st, x))
		return move_pirate_checked_rest(k, st, x, log);
	assert(hw_check_move_pirate(k, st, x) == CRISK_OK);
	hw_move_pirate(k, st, x, log);
	return CRISK_OK;
}

void hw_list_move_pirate(const kern *k, const void *st, action_out *o)
{
	int pirate = hwx(k, st)->pirate, who;
	if (!k->cfg.friendly_robber) { /* every sea hex but the pirate's (H-57) */
		hw_put_codes(o, hwr(k)->pirate_codes, k->b.n_sea, pirate - k->b.n_land);
		return;
	}
	for (int x = k->b.n_land; x < k->b.n_land + k->b.n_sea; x++) {
		if (x != pirate && friendly_ok(k, st, x, &who))
			out_put(o, act_make(HW_MOVE_PIRATE, (uint64_t)x));
	}
}

/* H-54, H-58: the pirate moves, then its victim is chosen and robbed as the
 * robber's is (B-64, B-65); a knight's move ends there (B-80). */
void hw_move_pirate(const kern *k, void *st, int x, evlog *log)
{
	hw_ext *e = hwx(k, st);
	const int knight = ks(st)->knight;
	e->pirate = (uint16_t)x;
	e->thief = 1;
	ev *v = ev_push(log, HW_EV_PIRATE, ks(st)->active, -1);
	if (v)
		v->args[0] = x;
	flow_after_thief(k, st, hw_pirate_victims(k, st), log);
	/* B-80: a knight's Largest Army counts once its move is done.  After a
	 * seven the move changes no VP and no condition of the check, whose
	 * answer would be the last one's (docs/decisions.md hawaii 48). */
	if (knight)
		flow_check_victory(k, st, log);
	kern_auto_chance(k, st, log);
}
