/* Legal actions of module risk in ascending code order, and the chance
 * outcomes of battle rolls.  Counted actions (BUY_ARMIES, MOVE_ARMIES,
 * REDEPLOY) are listed with count 1 and with the largest count; every count
 * in between is legal too (as DISCARD_CARDS beside DISCARD in the kernel). */

#include "risk_impl.h"

static uint64_t fields3(int a0, int a1, int a2)
{
	return (uint64_t)a0 | (uint64_t)a1 << 16 | (uint64_t)a2 << 32;
}

/* The lister writes through locals (buf, cap, n), which the compiler keeps
 * in registers: action_out's count, reached through a pointer, could alias
 * the codes written. */
#define PUT(code)                   \
	do {                        \
		if (n < cap)        \
			buf[n] = (code); \
		n++;                \
	} while (0)

/* Counted codes with a count above 1 sort after all those with count 1 of
 * their type (the count is the top field), by count, then destination,
 * then start.  For MOVE_ARMIES and REDEPLOY the largest count depends on
 * the start only: the starts (those with a count above 1 among `starts`)
 * are sorted by count, and each run of starts with equal counts goes out
 * over its destinations in ascending order, so that the codes go out in code
 * order without sorting them.  dest[f]: the destinations of start f;
 * from_at[t]: the starts of destination t; count[f]: the largest count from
 * start f. */
static size_t put_more(crisk_action *buf, size_t cap, size_t n, unsigned type, uint32_t starts,
		       const uint32_t *dest, const uint32_t *from_at, const int *count)
{
	int f_of[RISK_HEXES], c_of[RISK_HEXES], k = 0;
	for (; starts; starts &= starts - 1) {
		int f = bit_low(starts), c = count[f];
		if (c < 2 || !dest[f])
			continue;
		int j = k++; /* insertion by count; starts stay ascending within a count */
		for (; j > 0 && c_of[j - 1] > c; j--) {
			c_of[j] = c_of[j - 1];
			f_of[j] = f_of[j - 1];
		}
		c_of[j] = c;
		f_of[j] = f;
	}
	for (int i = 0; i < k;) {
		const int c = c_of[i];
		const crisk_action base = act_make(type, (uint64_t)c << 32);
		if (i + 1 == k || c_of[i + 1] != c) { /* one start with this count */
			const int f = f_of[i++];
			for (uint32_t t = dest[f]; t; t &= t - 1)
				PUT(base | fields3(f, bit_low(t), 0));
			continue;
		}
		uint32_t group = 0, to = 0;
		for (; i < k && c_of[i] == c; i++) {
			group |= 1u << f_of[i];
			to |= dest[f_of[i]];
		}
		for (; to; to &= to - 1) {
			const int t = bit_low(to);
			for (uint32_t f = from_at[t] & group; f; f &= f - 1)
				PUT(base | fields3(bit_low(f), t, 0));
		}
	}
	return n;
}

static size_t list_military(const kern *k, const void *st, crisk_action *buf, size_t cap, size_t n)
{
	const risk_ext *x = rx(k, st);
	int s = ks(st)->active;
	const kseat *p = kseat_of(k, st, s);
	const struct risk_seat_sets *reach = &x->sets[s];
	/* BUY_ARMIES (RC-17, RC-18), by resource, then hex; those with a count
	 * above 1 by count, resource and hex. */
	uint32_t where = reach->next_to_building;
	if (where) {
		int room = risk_visible_vp(k, st, s) - x->bought, declared = x->buy_res;
		int most = RISK_MAX_ARMIES - (int)x->total;
		if (room > most)
			room = most;
		int res[NUM_RES], max[NUM_RES], nr = 0;
		for (int r = 0; r < NUM_RES && room > 0; r++) {
			if (declared != (int)RISK_NONE && declared != r)
				continue;
			int m = p->hand[r] < room ? p->hand[r] : room;
			if (m < 1)
				continue;
			for (uint32_t h = where; h; h &= h - 1)
				PUT(act_make(CRISK_RISK_BUY_ARMIES, fields3(bit_low(h), r, 1)));
			if (m > 1) { /* sorted by count, stable: resources stay ascending */
				int j = nr++;
				for (; j > 0 && max[j - 1] > m; j--) {
					max[j] = max[j - 1];
					res[j] = res[j - 1];
				}
				max[j] = m;
				res[j] = r;
			}
		}
		for (int i = 0; i < nr; i++) {
			for (uint32_t h = where; h; h &= h - 1)
				PUT(act_make(CRISK_RISK_BUY_ARMIES, fields3(bit_low(h), res[i], max[i])));
		}
	}
	/* MOVE_ARMIES (RC-19), by destination, then start. */
	const uint32_t armies = x->occ[s]; /* hexes with armies of the seat */
	uint32_t enemies = 0;              /* of anybody else */
	for (int d = 0; d < RISK_OWNERS; d++)
		enemies |= d == s ? 0u : x->occ[d];
	int count[RISK_HEXES] = {0};
	uint32_t dest[RISK_HEXES] = {0}, from_at[RISK_HEXES] = {0};
	uint32_t can_move = 0;
	for (uint32_t m = armies; m; m &= m - 1) {
		int h = bit_low(m);
		count[h] = ra(x, h, s) - x->moved[h];
		can_move |= (uint32_t)(count[h] > 0) << h;
		dest[h] = 0;
	}
	for (uint32_t t = can_move ? reach->touched : 0; t; t &= t - 1) {
		int h = bit_low(t);
		uint32_t f = rr_of(k)->adj[h] & can_move;
		from_at[h] = f;
		const crisk_action base = act_make(CRISK_RISK_MOVE_ARMIES, fields3(0, h, 1));
		for (; f; f &= f - 1) {
			dest[bit_low(f)] |= 1u << h;
			PUT(base | (uint64_t)bit_low(f));
		}
	}
	n = put_more(buf, cap, n, CRISK_RISK_MOVE_ARMIES, can_move, dest, from_at, count);
	/* ATTACK, ATTACK_ALL (RC-20), by defender, then hex. */
	if (armies & enemies) {
		for (int t = 0; t < 2; t++) {
			for (int d = 0; d < RISK_OWNERS; d++) {
				if (d == s)
					continue;
				for (uint32_t h = armies & x->occ[d]; h; h &= h - 1)
					PUT(act_make(t ? CRISK_RISK_ATTACK_ALL : CRISK_RISK_ATTACK,
						     fields3(bit_low(h), risk_arg_of_owner(d), 0)));
			}
		}
	}
	/* REDEPLOY (RC-22): for each destination without enemies, the hexes with
	 * armies that share a network with it. */
	if (!armies)
		return n;
	for (uint32_t m = armies; m; m &= m - 1) {
		count[bit_low(m)] = ra(x, bit_low(m), s);
		dest[bit_low(m)] = 0;
	}
	for (uint32_t t = reach->touched & ~enemies; t; t &= t - 1) {
		int h = bit_low(t);
		uint32_t f = reach->linked[h] & armies & ~(1u << h);
		from_at[h] = f;
		const crisk_action base = act_make(CRISK_RISK_REDEPLOY, fields3(0, h, 1));
		for (; f; f &= f - 1) {
			dest[bit_low(f)] |= 1u << h;
			PUT(base | (uint64_t)bit_low(f));
		}
	}
	return put_more(buf, cap, n, CRISK_RISK_REDEPLOY, armies, dest, from_at, count);
}

/* The military list of list_military without writing it (the playout
 * loop, risk.c): its length, and its code at an index.  Both walk the list's
 * parts in list_military's order, each part a bit set whose codes go out in
 * bit order, so a part's length is a population count and a code inside a
 * part its n-th set bit; the parts with counts above 1 (put_more) are
 * written into a scratch buffer when the index falls in them.  The test
 * risk_sets compares both with list_military at every step of random games. */
/* Built for popcnt where the compiler can (CRISK_HAVE_TARGET_CLONES, meson.build). */
#if defined(CRISK_HAVE_TARGET_CLONES)
#define MIL_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define MIL_CLONES
#endif

static inline int pop32(uint32_t v)
{
#if defined(__GNUC__) || defined(__clang__)
	return __builtin_popcount(v);
#else
	v = v - ((v >> 1) & 0x55555555u);
	v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
	return (int)((((v + (v >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
#endif
}

static inline int bit_nth(uint32_t m, size_t i)
{
	for (; i; i--)
		m &= m - 1;
	return bit_low(m);
}

/* Counted by start: MOVE_ARMIES from f goes to the touched hexes next to
 * it (adj is symmetric), REDEPLOY from f to the hexes without enemies that
 * a network links with it (linked is symmetric: a network's hexes link each
 * other); a start with a count above 1 gives its codes again in the part
 * with the largest counts.  `mp` keeps the parts' lengths and what
 * risk_military_at needs. */
MIL_CLONES size_t risk_military_count(const kern *k, const void *st, mil_parts *mp)
{
	const risk_ext *x = rx(k, st);
	const int s = ks(st)->active;
	const struct risk_seat_sets *reach = &x->sets[s];
	mp->s = s;
	mp->where = reach->next_to_building;
	for (int r = 0; r < NUM_RES; r++)
		mp->buy_m[r] = 0;
	size_t n_buy = 0;
	if (mp->where) {
		const kseat *p = kseat_of(k, st, s);
		int room = risk_visible_vp(k, st, s) - x->bought, declared = x->buy_res;
		int most = RISK_MAX_ARMIES - (int)x->total;
		if (room > most)
			room = most;
		if (room > 0) {
			int kinds = 0;
			for (int r = 0; r < NUM_RES; r++) {
				if (declared != (int)RISK_NONE && declared != r)
					continue;
				int m = p->hand[r] < room ? p->hand[r] : room;
				m = m > 0 ? m : 0;
				mp->buy_m[r] = m;
				kinds += (m > 0) + (m > 1);
			}
			n_buy = (size_t)(kinds * pop32(mp->where));
		}
	}
	const uint32_t armies = x->occ[s];
	uint32_t enemies = 0;
	for (int d = 0; d < RISK_OWNERS; d++)
		enemies |= d == s ? 0u : x->occ[d];
	mp->armies = armies;
	mp->enemies = enemies;
	const uint32_t touched = reach->touched, calm = touched & ~enemies;
	const uint32_t *adj = rr_of(k)->adj;
	uint32_t can_move = 0, move_more = 0;
	int move1 = 0, move2 = 0, red1 = 0, red2 = 0;
	for (uint32_t m = armies; m; m &= m - 1) {
		const int f = bit_low(m), a = ra(x, f, s), c = a - x->moved[f];
		const int mv = c > 0 ? pop32(adj[f] & touched) : 0, rd = pop32(reach->linked[f] & calm & ~(1u << f));
		can_move |= (uint32_t)(c > 0) << f;
		move_more |= (uint32_t)(c > 1) << f;
		move1 += mv;
		move2 += c > 1 ? mv : 0;
		red1 += rd;
		red2 += a > 1 ? rd : 0;
	}
	mp->can_move = can_move;
	mp->move_more = move_more;
	int attack = 0;
	if (armies & enemies) {
		for (int d = 0; d < RISK_OWNERS; d++)
			attack += d == s ? 0 : 2 * pop32(armies & x->occ[d]);
	}
	mp->n_buy = n_buy;
	mp->n_move1 = (size_t)move1;
	mp->n_move2 = (size_t)move2;
	mp->n_attack = (size_t)attack;
	mp->n_red1 = (size_t)red1;
	return n_buy + (size_t)(move1 + move2 + attack + red1 + red2);
}

/* The code at `i` (below risk_military_count) of the military list: the
 * part is found by the lengths, the code inside it by walking it. */
MIL_CLONES crisk_action risk_military_at(const kern *k, const void *st, const mil_parts *mp, size_t i)
{
	const risk_ext *x = rx(k, st);
	const int s = mp->s;
	const struct risk_seat_sets *reach = &x->sets[s];
	crisk_action scratch[RISK_HEXES * RISK_HEXES];
	int count[RISK_HEXES];
	uint32_t dest[RISK_HEXES], from_at[RISK_HEXES];
	if (i < mp->n_buy) { /* BUY_ARMIES with count 1 by resource, then those above 1 by count */
		const size_t pw = (size_t)pop32(mp->where);
		int res[NUM_RES], max[NUM_RES], nr = 0;
		for (int r = 0; r < NUM_RES; r++) {
			const int m = mp->buy_m[r];
			if (m < 1)
				continue;
			if (i < pw)
				return act_make(CRISK_RISK_BUY_ARMIES, fields3(bit_nth(mp->where, i), r, 1));
			i -= pw;
			if (m > 1) {
				int j = nr++;
				for (; j > 0 && max[j - 1] > m; j--) {
					max[j] = max[j - 1];
					res[j] = res[j - 1];
				}
				max[j] = m;
				res[j] = r;
			}
		}
		for (int j = 0;; j++) {
			if (i < pw)
				return act_make(CRISK_RISK_BUY_ARMIES, fields3(bit_nth(mp->where, i), res[j], max[j]));
			i -= pw;
		}
	}
	i -= mp->n_buy;
	if (i < mp->n_move1) { /* MOVE_ARMIES with count 1, by destination */
		for (uint32_t t = reach->touched;; t &= t - 1) {
			const int h = bit_low(t);
			const uint32_t f = rr_of(k)->adj[h] & mp->can_move;
			const size_t c = (size_t)pop32(f);
			if (i < c)
				return act_make(CRISK_RISK_MOVE_ARMIES, fields3(bit_nth(f, i), h, 1));
			i -= c;
		}
	}
	i -= mp->n_move1;
	if (i < mp->n_move2) { /* MOVE_ARMIES with the largest counts */
		for (uint32_t m = mp->can_move; m; m &= m - 1) {
			const int h = bit_low(m);
			count[h] = ra(x, h, s) - x->moved[h];
			dest[h] = 0;
		}
		for (uint32_t t = reach->touched; t; t &= t - 1) {
			const int h = bit_low(t);
			const uint32_t f = rr_of(k)->adj[h] & mp->can_move;
			from_at[h] = f;
			for (uint32_t g = f; g; g &= g - 1)
				dest[bit_low(g)] |= 1u << h;
		}
		put_more(scratch, sizeof scratch / sizeof scratch[0], 0, CRISK_RISK_MOVE_ARMIES, mp->can_move, dest, from_at,
			 count);
		return scratch[i];
	}
	i -= mp->n_move2;
	if (i < mp->n_attack) { /* ATTACK, ATTACK_ALL */
		for (int t = 0; t < 2; t++) {
			for (int d = 0; d < RISK_OWNERS; d++) {
				if (d == s)
					continue;
				const uint32_t h = mp->armies & x->occ[d];
				const size_t c = (size_t)pop32(h);
				if (i < c)
					return act_make(t ? CRISK_RISK_ATTACK_ALL : CRISK_RISK_ATTACK,
							fields3(bit_nth(h, i), risk_arg_of_owner(d), 0));
				i -= c;
			}
		}
	}
	i -= mp->n_attack;
	const uint32_t calm = reach->touched & ~mp->enemies;
	if (i < mp->n_red1) { /* REDEPLOY with count 1, by destination */
		for (uint32_t t = calm;; t &= t - 1) {
			const int h = bit_low(t);
			const uint32_t f = reach->linked[h] & mp->armies & ~(1u << h);
			const size_t c = (size_t)pop32(f);
			if (i < c)
				return act_make(CRISK_RISK_REDEPLOY, fields3(bit_nth(f, i), h, 1));
			i -= c;
		}
	}
	i -= mp->n_red1; /* REDEPLOY with the largest counts */
	for (uint32_t m = mp->armies; m; m &= m - 1) {
		count[bit_low(m)] = ra(x, bit_low(m), s);
		dest[bit_low(m)] = 0;
	}
	for (uint32_t t = calm; t; t &= t - 1) {
		const int h = bit_low(t);
		const uint32_t f = reach->linked[h] & mp->armies & ~(1u << h);
		from_at[h] = f;
		for (uint32_t g = f; g; g &= g - 1)
			dest[bit_low(g)] |= 1u << h;
	}
	put_more(scratch, sizeof scratch / sizeof scratch[0], 0, CRISK_RISK_REDEPLOY, mp->armies, dest, from_at, count);
	return scratch[i];
}

/* The set-up army (RC-8, RC-9): the empty land hexes next to the
 * settlement, or all of them when none is empty; the RC-10 loop: the empty
 * land hexes.  In hex order, as risk_check accepts them. */
static size_t list_overlay(const kern *k, const void *st, crisk_action *buf, size_t cap)
{
	const risk_ext *x = rx(k, st);
	if (x->phase == RP_BATTLE)
		return risk_list_battle(k, st, buf, cap, NULL);
	uint32_t taken = 0, land = (uint32_t)((UINT64_C(1) << k->b.n_land) - 1), where;
	for (int o = 0; o < RISK_OWNERS; o++)
		taken |= x->occ[o];
	if (x->phase == RP_SETUP_ARMY) {
		const bnode *bn = &k->b.node[x->setup_node];
		uint32_t next = 0;
		for (int i = 0; i < bn->n_hex; i++) {
			if (bn->hex[i] < k->b.n_land)
				next |= 1u << bn->hex[i];
		}
		where = next & ~taken ? next & ~taken : next;
	} else {
		where = land & ~taken;
	}
	size_t n = 0;
	for (; where; where &= where - 1)
		PUT(act_make(CRISK_RISK_PLACE_ARMY, (uint64_t)bit_low(where)));
	return n;
}

/* The list, with domestic offers only when `offers` is set. */
size_t risk_list(const void *data, const void *st, int offers, crisk_action *buf, size_t cap)
{
	const kern *k = data;
	const risk_ext *x = rx(k, st);
	const kstate *h = ks(st);
	if (h->status != CRISK_STATUS_RUNNING)
		return 0;
	if (x->phase != RP_NONE)
		return list_overlay(k, st, buf, cap);
	size_t n = kern_legal_offers(k, st, offers, buf, cap);
	if (h->dp == DP_MAIN && !x->redeployed)
		n = list_military(k, st, buf, cap, n);
	return n;
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
