/* Catan chits (rules/hawaii.md section 14, H-75..H-77): with 3-4 seats each
 * chit point holds a chit until the first road or ship on a space touching
 * it takes it for good (1 VP).  With 5-6 seats chit points are named
 * locations and there are no chits.  hw_ext.chit holds, per chit point in
 * the map's order, 0 while the chit lies there and holder + 1 after. */
#include <stdlib.h>

#include "../../core/error.h"
#include "hawaii.h"

/* The chit index of every point (hw_rules.chit_of), for 3-4 seats. */
int hw_rules_chits(hw_rules *r)
{
	const kern *k = &r->k;
	r->chit_of = malloc(((size_t)k->b.n_node + 1) * sizeof *r->chit_of);
	if (!r->chit_of)
		return err_set(CRISK_ENOMEM, "out of memory for the rules");
	r->n_chit = 0;
	for (int n = 0; n < k->b.n_node; n++) {
		r->chit_of[n] = -1;
		if (k->seats <= 4 && k->b.node_kind[n] == BNODE_CHIT) /* H-77: none with 5-6 */
			r->chit_of[n] = (int16_t)r->n_chit++;
	}
	if (r->n_chit > HW_MAX_CHITS)
		return err_set(CRISK_EPARAM, "the map has %d chit points; with 3-4 seats the engine holds at most %d chits",
			       r->n_chit, HW_MAX_CHITS);
	return CRISK_OK;
}

/* H-75: a piece of seat s on path p takes the chits still lying at its ends. */
void hw_chit_claim(const kern *k, void *st, int s, int p, evlog *log)
{
	const hw_rules *r = hwr(k);
	hw_ext *x = hwx(k, st);
	for (int i = 0; i < 2; i++) {
		int n = k->b.path[p].node[i], c = r->chit_of[n];
		if (c < 0 || x->chit[c])
			continue;
		x->chit[c] = (uint8_t)(s + 1);
		ev *e = ev_push(log, HW_EV_EFFECT, s, -1);
		if (e) {
			e->args[0] = HW_FX_CHIT;
			e->args[1] = n;
			e->args[2] = hw_chits_of(k, st, s);
		}
	}
}

int hw_chits_of(const kern *k, const void *st, int s)
{
	/* The chits held by s + 1 (the rest are 0, hw_chits_check), eight at a
	 * time: bytes_equal marks the matching bytes, the multiply sums them. */
	const uint8_t *chit = hwx(k, st)->chit;
	int n = 0;
	for (int i = 0; i < HW_MAX_CHITS; i += 8) {
		uint64_t hit = bytes_equal(load8(chit + i), (uint8_t)(s + 1)) >> 7; /* 0 or 1 per byte */
		n += (int)((hit * UINT64_C(0x0101010101010101)) >> 56);
	}
	return n;
}

/* H-112: a chit has at most one holder, a seat; no chits beyond the map's
 * (none with 5-6 seats); a chit point with a piece next to it has lost its
 * chit (the first piece took it and chits never go back, H-75). */
int hw_chits_check(const kern *k, const void *st)
{
	const hw_rules *r = hwr(k);
	const hw_ext *x = hwx(k, st);
	const uint8_t *paths = kpaths(k, st);
	for (int c = 0; c < HW_MAX_CHITS; c++) {
		if (c >= r->n_chit && x->chit[c])
			return err_set(CRISK_EFORMAT, "ext.chit[%d]: %d, but the game has %d chits (H-75, H-77)", c, x->chit[c],
				       r->n_chit);
		if (x->chit[c] > k->seats)
			return err_set(CRISK_EFORMAT, "ext.chit[%d]: %d is neither 0 nor a seat + 1", c, x->chit[c]);
	}
	for (int n = 0; n < k->b.n_node; n++) {
		int c = r->chit_of[n];
		if (c < 0 || x->chit[c])
			continue;
		const bnode *bn = &k->b.node[n];
		for (int i = 0; i < bn->deg; i++) {
			if (paths[bn->path[i]])
				return err_set(CRISK_EFORMAT,
					       "ext.chit[%d]: still on its point, but a piece stands on a space touching it (H-75)",
					       c);
		}
	}
	return CRISK_OK;
}
