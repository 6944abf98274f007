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

/* Counted codes with a count above 1 sort after all those with count 1 of
 * their type (the count is the top field): they wait here while the codes
 * with count 1 go out in ascending order, then follow sorted. */
typedef struct more {
	crisk_action a[MAX_MILITARY];
	int n;
} more;

/* Insertion sort: few codes, often nearly in order. */
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

static void flush(more *m, action_out *o)
{
	sort_codes(m->a, m->n);
	for (int i = 0; i < m->n; i++)
		out_put(o, m->a[i]);
	m->n = 0;
}

/* Codes of count 1 are put in ascending order by the callers. */
static void add_counted(action_out *o, more *m, unsigned type, int a0, int a1, int max)
{
	if (max >= 1)
		out_put(o, act_make(type, fields3(a0, a1, 1)));
	if (max > 1 && m->n < MAX_MILITARY)
		m->a[m->n++] = act_make(type, fields3(a0, a1, max));
}

static void list_military(const kern *k, const void *st, action_out *o)
{
	const risk_ext *x = rx(k, st);
	int s = ks(st)->active, nl = k->b.n_land;
	const kseat *p = kseat_of(k, st, s);
	const struct risk_seat_sets *reach = &x->sets[s];
	more m;
	m.n = 0;
	/* BUY_ARMIES (RC-17, RC-18), by resource, then hex. */
	int room = kvisible_vp(k, st, s) - risk_bought(k, st), declared = risk_buy_res(k, st);
	int cap = RISK_MAX_ARMIES - risk_total_armies(x);
	if (room > cap)
		room = cap;
	for (int r = 0; r < NUM_RES && room > 0; r++) {
		if (declared != (int)RISK_NONE && declared != r)
			continue;
		int max = p->hand[r] < room ? p->hand[r] : room;
		for (uint32_t h = max > 0 ? reach->next_to_building : 0; h; h &= h - 1)
			add_counted(o, &m, CRISK_RISK_BUY_ARMIES, bit_low(h), r, max);
	}
	flush(&m, o);
	/* MOVE_ARMIES (RC-19), by destination, then start. */
	int movable[RISK_HEXES];
	uint32_t armies = 0, enemies = 0, can_move = 0; /* hexes with armies of the seat, of anybody else */
	for (int h = 0; h < nl; h++) {
		const uint16_t *row = &x->armies[h * RISK_OWNERS];
		unsigned others = row[RISK_NEUTRAL];
		for (int d = 0; d < RISK_MAX_SEATS; d++)
			others |= row[d] & (d == s ? 0u : 0xFFFFu);
		movable[h] = row[s] - x->moved[h];
		armies |= (uint32_t)(row[s] > 0) << h;
		enemies |= (uint32_t)(others != 0) << h;
		can_move |= (uint32_t)(movable[h] > 0) << h;
	}
	for (uint32_t t = reach->touched; t; t &= t - 1) {
		int to = bit_low(t);
		for (uint32_t f = rr_of(k)->adj[to] & can_move; f; f &= f - 1) {
			int from = bit_low(f);
			add_counted(o, &m, CRISK_RISK_MOVE_ARMIES, from, to, movable[from]);
		}
	}
	flush(&m, o);
	/* ATTACK, ATTACK_ALL (RC-20), by defender, then hex. */
	for (int t = 0; t < 2; t++) {
		for (int d = 0; d < RISK_OWNERS; d++) {
			if (d == s)
				continue;
			for (uint32_t h = armies & enemies; h; h &= h - 1) {
				int hex = bit_low(h);
				if (ra(x, hex, d))
					out_put(o, act_make(t ? CRISK_RISK_ATTACK_ALL : CRISK_RISK_ATTACK,
							    fields3(hex, risk_arg_of_owner(d), 0)));
			}
		}
	}
	/* REDEPLOY (RC-22): for each destination without enemies, the hexes with
	 * armies that share a network with it. */
	if (!armies)
		return;
	for (uint32_t t = reach->touched & ~enemies; t; t &= t - 1) {
		int to = bit_low(t);
		for (uint32_t f = reach->linked[to] & armies & ~(1u << to); f; f &= f - 1) {
			int from = bit_low(f);
			add_counted(o, &m, CRISK_RISK_REDEPLOY, from, to, ra(x, from, s));
		}
	}
	flush(&m, o);
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
