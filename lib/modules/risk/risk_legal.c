/* Legal actions of module risk in ascending code order, and the chance
 * outcomes of battle rolls.  Counted actions (BUY_ARMIES, MOVE_ARMIES,
 * REDEPLOY) are listed with count 1 and with the largest count; every count
 * in between is legal too (as DISCARD_CARDS beside DISCARD in the kernel). */

#include "risk_impl.h"

static uint64_t fields3(int a0, int a1, int a2)
{
	return (uint64_t)a0 | (uint64_t)a1 << 16 | (uint64_t)a2 << 32;
}

#define MAX_MILITARY 1024 /* 19 * 18 * 2 redeploys and fewer of the rest */

/* Candidate codes of one type, then sorted into the list.  Counted codes
 * with a count above 1 sort after all those with count 1 (the count is the
 * top field), so they wait in a second array. */
typedef struct batch {
	crisk_action a[MAX_MILITARY], more[MAX_MILITARY];
	int n, n_more;
} batch;

static void add(batch *b, unsigned type, uint64_t f)
{
	if (b->n < MAX_MILITARY)
		b->a[b->n++] = act_make(type, f);
}

static void add_more(batch *b, unsigned type, uint64_t f)
{
	if (b->n_more < MAX_MILITARY)
		b->more[b->n_more++] = act_make(type, f);
}

/* Insertion sort: the batches come nearly in order. */
static void sort_codes(crisk_action *a, int n)
{
	for (int i = 1; i < n; i++) {
		crisk_action v = a[i];
		int j = i;
		for (; j > 0 && a[j - 1] > v; j--)
			a[j] = a[j - 1];
		a[j] = v;
	}
}

static void flush(batch *b, action_out *o)
{
	sort_codes(b->a, b->n);
	for (int i = 0; i < b->n; i++)
		out_put(o, b->a[i]);
	sort_codes(b->more, b->n_more);
	for (int i = 0; i < b->n_more; i++)
		out_put(o, b->more[i]);
	b->n = b->n_more = 0;
}

static void add_counted(batch *b, unsigned type, int a0, int a1, int max)
{
	if (max >= 1)
		add(b, type, fields3(a0, a1, 1));
	if (max > 1)
		add_more(b, type, fields3(a0, a1, max));
}

static void list_military(const kern *k, const void *st, action_out *o)
{
	const risk_ext *x = rx(k, st);
	int s = ks(st)->active, nl = k->b.n_land;
	const kseat *p = kseat_of(k, st, s);
	batch b;
	b.n = b.n_more = 0;
	/* BUY_ARMIES (RC-17, RC-18). */
	int room = kvisible_vp(k, st, s) - risk_bought(k, st), declared = risk_buy_res(k, st);
	int cap = RISK_MAX_ARMIES - risk_total_armies(x);
	if (room > cap)
		room = cap;
	for (int r = 0; r < NUM_RES && room > 0; r++) {
		if (declared != (int)RISK_NONE && declared != r)
			continue;
		int max = p->hand[r] < room ? p->hand[r] : room;
		for (int hex = 0; hex < nl && max > 0; hex++) {
			if (risk_next_to_building(k, st, s, hex))
				add_counted(&b, CRISK_RISK_BUY_ARMIES, hex, r, max);
		}
	}
	flush(&b, o);
	/* MOVE_ARMIES (RC-19): by destination, so that codes come nearly in order. */
	int movable[RISK_HEXES];
	for (int h = 0; h < nl; h++)
		movable[h] = ra(x, h, s) - risk_moved(k, st, h);
	for (int to = 0; to < nl; to++) {
		if (!risk_touches(k, st, s, to))
			continue;
		for (uint32_t m = rr_of(k)->adj[to]; m; m &= m - 1) {
			int from = bit_low(m);
			if (movable[from] > 0)
				add_counted(&b, CRISK_RISK_MOVE_ARMIES, from, to, movable[from]);
		}
	}
	flush(&b, o);
	/* ATTACK, ATTACK_ALL (RC-20). */
	for (int t = 0; t < 2; t++) {
		for (int hex = 0; hex < nl; hex++) {
			if (!ra(x, hex, s))
				continue;
			for (int d = 0; d < RISK_OWNERS; d++) {
				if (d != s && ra(x, hex, d))
					add(&b, t ? CRISK_RISK_ATTACK_ALL : CRISK_RISK_ATTACK, fields3(hex, risk_arg_of_owner(d), 0));
			}
		}
		flush(&b, o);
	}
	/* REDEPLOY (RC-22): the networks once, then pairs of hexes. */
	uint64_t nets[RISK_HEXES];
	int masks = risk_hex_networks(k, st, s, nets) == 0;
	for (int to = 0; to < nl; to++) {
		if ((risk_occupants(x, to) & ~(1u << s)) || (masks && !nets[to]))
			continue;
		for (int from = 0; from < nl; from++) {
			int n = ra(x, from, s);
			if (!n || to == from)
				continue;
			if (masks ? (nets[from] & nets[to]) != 0 : risk_connected(k, st, s, from, to))
				add_counted(&b, CRISK_RISK_REDEPLOY, from, to, n);
		}
	}
	flush(&b, o);
}

static void list_overlay(const kern *k, const void *st, action_out *o)
{
	const risk_ext *x = rx(k, st);
	if (x->phase == RP_BATTLE) {
		o->n = risk_list_battle(k, st, o->buf, o->cap, NULL);
		return;
	}
	for (int hex = 0; hex < k->b.n_land; hex++) {
		crisk_action a = act_make(CRISK_RISK_PLACE_ARMY, (uint64_t)hex);
		if (risk_check(k, st, a) == CRISK_OK)
			out_put(o, a);
	}
}

/* The list, with domestic offers only when `offers` is set. */
size_t risk_list(const void *data, const void *st, int offers, crisk_action *buf, size_t cap)
{
	const kern *k = data;
	const risk_ext *x = rx(k, st);
	const kstate *h = ks(st);
	action_out o = {buf, cap, 0};
	if (h->status != CRISK_STATUS_RUNNING)
		return 0;
	if (x->phase != RP_NONE) {
		list_overlay(k, st, &o);
		return o.n;
	}
	o.n = kern_legal_offers(k, st, offers, buf, cap);
	if (h->dp == DP_MAIN && !risk_redeployed(k, st))
		list_military(k, st, &o);
	return o.n;
}

size_t risk_legal(const void *data, const void *st, crisk_action *buf, size_t cap)
{
	return risk_list(data, st, 1, buf, cap);
}

size_t risk_legal_except(const void *data, const void *st, uint64_t skip_types, crisk_action *buf, size_t cap)
{
	return risk_list(data, st, kern_lists_offers(skip_types), buf, cap);
}

int risk_chance(const void *data, const void *st, crisk_action *acts, double *probs, size_t cap, size_t *count)
{
	const kern *k = data;
	const risk_ext *x = rx(k, st);
	if (x->phase != RP_BATTLE) {
		if (x->phase != RP_NONE)
			return err_set(CRISK_ESTATE, "the current decision point (%s) is not a chance point",
				       risk_phase_name(x->phase));
		return kern_chance(k, st, acts, probs, cap, count);
	}
	size_t n = risk_list_battle(k, st, acts, 0, NULL);
	*count = n;
	if (cap < n)
		return err_set(CRISK_EBUFSIZE, "%zu chance outcomes do not fit a buffer of %zu", n, cap);
	risk_list_battle(k, st, acts, cap, probs);
	return CRISK_OK;
}
