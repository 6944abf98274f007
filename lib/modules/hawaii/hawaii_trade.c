/* Merchant spaces (rules/hawaii.md section 10, H-62, H-63): a seat holds a
 * merchant space while one of its ships is on it, and gets the scroll's
 * rate at once.  A scroll is a bit of kseat.harbors (board.h path_trade:
 * any:3 and <resource>:2 the harbor types' bits, any:2 and <resource>:3
 * the bits left), and the kernel's maritime trade, its lister and its
 * rates (krate over kern.rate_bytes) work unchanged; the state check
 * learns the bits through the harbors_more hook.  Several held scrolls
 * combine (best rate per type, as harbors do). */
#include <assert.h>
#include <stdlib.h>

#include "../../core/error.h"
#include "hawaii.h"

/* The harbor bits of the merchant spaces seat s holds. */
unsigned hw_merchant_bits(const kern *k, const void *st, int s)
{
	const uint8_t *paths = kpaths(k, st);
	const uint64_t *merchant = hwr(k)->merchant_paths;
	unsigned bits = 0;
	for (int w = 0; w < k->pw; w++) {
		for (uint64_t m = merchant[w]; m; m &= m - 1) {
			int p = w * 64 + bit_low(m);
			if (paths[p] == s + 1)
				bits |= 1u << k->b.path_trade[p];
		}
	}
	return bits;
}

/* Seat s's harbor bits: its scrolls and its buildings' harbors. */
static unsigned merchant_count(const kern *k, const void *st, int s)
{
	const uint8_t *nodes = knodes(k, st);
	const uint64_t *occupied = koccupied(k, st);
	unsigned bits = hw_merchant_bits(k, st, s);
	for (int w = 0; w < k->nw && hwr(k)->node_harbors; w++) { /* buildings' harbors: none on a catanmap */
		for (uint64_t m = occupied[w]; m; m &= m - 1) {
			int n = w * 64 + bit_low(m);
			if ((nodes[n] & NODE_OWNER_MASK) == (unsigned)s + 1)
				bits |= k->node_harbor[n];
		}
	}
	return bits;
}

/* Per scroll type the merchant spaces (hw_rules.merchant_path), built
 * once with the rules.  A type is a harbor bit: below 8 (kseat.harbors). */
int hw_rules_merchants(hw_rules *r)
{
	const board *b = &r->k.b;
	size_t n = 0;
	for (int p = 0; p < b->n_path; p++) {
		if (b->path_trade[p] == BOARD_NO8)
			continue;
		if (b->path_trade[p] >= 8)
			return err_set(CRISK_EFORMAT, "line 0: space %d: scroll type %d is no harbor type", p, b->path_trade[p]);
		n++;
	}
	r->merchant_path = malloc((n + 1) * sizeof *r->merchant_path);
	if (!r->merchant_path)
		return err_set(CRISK_ENOMEM, "out of memory for the rules");
	size_t at = 0;
	for (int t = 0; t < 8; t++) {
		r->merchant_first[t] = (uint16_t)at;
		for (int p = 0; p < b->n_path; p++) {
			if (b->path_trade[p] == t)
				r->merchant_path[at++] = (uint16_t)p;
		}
	}
	r->merchant_first[8] = (uint16_t)at;
	return CRISK_OK;
}

/* H-63: a ship of seat s arrived on or left path p; if p is a merchant
 * space, the seat's rates follow at once. */
void hw_merchant_update(const kern *k, void *st, int s, int p, evlog *log)
{
	const unsigned t = k->b.path_trade[p];
	if (t == BOARD_NO8)
		return;
	kseat *seat = kseat_of(k, st, s);
	const uint8_t *paths = kpaths(k, st);
	const hw_rules *r = hwr(k);
	unsigned bits;
	if (r->node_harbors) {
		bits = merchant_count(k, st, s);
	} else if (paths[p] == s + 1) {
		/* A ship arrived, and the seat's harbor bits are its scrolls
		 * alone (no building's harbor on this map; the state check
		 * refuses bits that differ): one scroll more.  Builds with
		 * assertions count them all as below. */
		bits = seat->harbors | 1u << t;
		assert(bits == merchant_count(k, st, s));
	} else {
		/* A ship left p, the only space that changed: the bits of the
		 * other types stay, and type t's is whether another space of
		 * that type holds a ship of s. */
		unsigned held = 0;
		for (int i = r->merchant_first[t], end = r->merchant_first[t + 1]; i < end; i++)
			held |= paths[r->merchant_path[i]] == s + 1;
		bits = (seat->harbors & ~(1u << t)) | held << t;
		assert(bits == merchant_count(k, st, s));
	}
	seat->harbors = (uint8_t)bits;
	ev *e = ev_push(log, HW_EV_EFFECT, s, -1);
	if (e) {
		e->args[0] = HW_FX_MERCHANT;
		e->args[1] = p;
		e->args[2] = kpaths(k, st)[p] == s + 1; /* 1 gained, 0 lost */
		e->args[3] = (int32_t)bits;
	}
}

/* ---- fish in domestic offers (H-61) ---- */

/* hooks.h good_held: fish are good NUM_RES, a sixth good of offers. */
int hw_fish_held(const kern *k, const void *st, int s, int g)
{
	return g == NUM_RES ? hwx(k, st)->fish[s] : 0;
}

/* hooks.h good_move: fish change hands on CONFIRM like cards. */
void hw_fish_move(const kern *k, void *st, int from, int to, int g, int n)
{
	(void)g; /* the kernel asks only for goods hw_fish_held counts: fish */
	hw_ext *x = hwx(k, st);
	x->fish[from] = (uint8_t)(x->fish[from] - n);
	x->fish[to] = (uint8_t)(x->fish[to] + n);
}

/* The engine holds at most HW_FISH_MAX fish per seat (a decision: the
 * supply is unlimited, H-69, but only trades can gather that many in one
 * seat): an offer that would bring its proposer above it, or an acceptance
 * its responder, is refused; fishing stops there. */
int hw_trade_fish_ok(const kern *k, const void *st, crisk_action a)
{
	const kstate *h = ks(st);
	const hw_ext *x = hwx(k, st);
	if (ACT_TYPE(a) == CRISK_CATAN_OFFER_TRADE && h->dp == DP_MAIN) {
		int want = offer_count(a, NUM_RES, 1);
		if (x->fish[h->active] + want > HW_FISH_MAX)
			return err_set(CRISK_EILLEGAL, "you would hold %d fish; a seat holds at most %d",
				       x->fish[h->active] + want, HW_FISH_MAX);
	}
	if (ACT_TYPE(a) == CRISK_CATAN_ACCEPT && h->dp == DP_TRADE_RESPONSE && h->cur >= 0) {
		int give = offer_count(h->offer, NUM_RES, 0);
		if (x->fish[h->cur] + give > HW_FISH_MAX)
			return err_set(CRISK_EILLEGAL, "you would hold %d fish; a seat holds at most %d",
				       x->fish[h->cur] + give, HW_FISH_MAX);
	}
	return CRISK_OK;
}
