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

/* Codes go out through PUT_IF: `checked` is a constant in each inlined copy
 * of the lister, 0 when the caller's buffer has room for the longest
 * military list (MIL_MAX codes past n), so that copy writes without a test
 * per code. */
#define PUT_IF(code)                            \
	do {                                    \
		if (!checked || n < cap)        \
			buf[n] = (code);        \
		n++;                            \
	} while (0)
#define INLINE static inline __attribute__((always_inline))

/* bit_low of a nonzero m as a 64-bit field: the compilers extend the int of
 * __builtin_ctz with one more instruction per code written, which the
 * 64-bit tzcnt (rep bsf: bsf where there is no tzcnt, the same for m != 0)
 * does not need. */
INLINE uint64_t low_u(uint32_t m)
{
#if defined(__GNUC__) && defined(__x86_64__)
	uint64_t r;
	__asm__("rep bsfq %1, %0" : "=r"(r) : "r"((uint64_t)m) : "cc");
	return r;
#else
	return (uint64_t)bit_low(m);
#endif
}

/* The longest military list: BUY_ARMIES twice per resource and hex,
 * MOVE_ARMIES twice per pair of adjacent hexes, ATTACK and ATTACK_ALL per
 * hex and enemy, REDEPLOY twice per pair of hexes. */
#define MIL_MAX                                                                                   \
	((size_t)(2 * NUM_RES * RISK_HEXES + 2 * 6 * RISK_HEXES + 2 * RISK_MAX_SEATS * RISK_HEXES + \
		  2 * RISK_HEXES * (RISK_HEXES - 1)))

/* A start with a count above 1 as a sort key: count, then start. */
INLINE int key_insert(uint32_t *keys, int nk, uint32_t key)
{
	int j = nk;
	for (; j > 0 && keys[j - 1] > key; j--)
		keys[j] = keys[j - 1];
	keys[j] = key;
	return nk + 1;
}

/* Counted codes with a count above 1 sort after all those with count 1 of
 * their type (the count is the top field), by count, then destination,
 * then start.  For MOVE_ARMIES and REDEPLOY the largest count depends on
 * the start only: `keys` holds the starts with a count above 1 and a
 * destination, sorted by (count << 5 | start), and each run of starts with
 * equal counts goes out over its destinations in ascending order, so that
 * the codes go out in code order without sorting them.  The relation is
 * symmetric (adjacency, networks): the destinations of start f are
 * rel[f] & dmask without f, the starts of destination t among a run are
 * rel[t] & run without t. */
INLINE size_t put_more_as(crisk_action *buf, size_t cap, size_t n, const int checked, unsigned type,
			  const uint32_t *keys, int nk, const uint32_t *rel, uint32_t dmask)
{
	for (int i = 0; i < nk;) {
		const uint32_t c = keys[i] >> 5;
		const crisk_action base = act_make(type, (uint64_t)c << 32);
		if (i + 1 == nk || keys[i + 1] >> 5 != c) { /* one start with this count */
			const uint32_t f = keys[i++] & 31u;
			const crisk_action bf = base | f;
			for (uint32_t t = rel[f] & dmask & ~(1u << f); t; t &= t - 1)
				PUT_IF(bf | low_u(t) << 16);
			continue;
		}
		uint32_t group = 0, to = 0;
		for (; i < nk && keys[i] >> 5 == c; i++) {
			const uint32_t f = keys[i] & 31u;
			group |= 1u << f;
			to |= rel[f] & dmask & ~(1u << f);
		}
		for (; to; to &= to - 1) {
			const int t = bit_low(to);
			const crisk_action bt = base | (uint64_t)t << 16;
			for (uint32_t f = rel[t] & group & ~(1u << t); f; f &= f - 1)
				PUT_IF(bt | low_u(f));
		}
	}
	return n;
}

/* The sort keys of MOVE_ARMIES (counts: armies that may still move) and
 * REDEPLOY (counts: all armies) from the seat's hexes. */
INLINE int move_keys(const risk_ext *x, int s, uint32_t can_move, const uint32_t *adj, uint32_t touched,
		     uint32_t *keys)
{
	int nk = 0;
	for (uint32_t m = can_move; m; m &= m - 1) {
		const int f = bit_low(m), c = ra(x, f, s) - x->moved[f];
		if (c > 1 && (adj[f] & touched))
			nk = key_insert(keys, nk, (uint32_t)c << 5 | (uint32_t)f);
	}
	return nk;
}
INLINE int redeploy_keys(const risk_ext *x, int s, uint32_t armies, const uint32_t *linked, uint32_t calm,
			 uint32_t *keys)
{
	int nk = 0;
	for (uint32_t m = armies; m; m &= m - 1) {
		const int f = bit_low(m), c = ra(x, f, s);
		if (c > 1 && (linked[f] & calm & ~(1u << f)))
			nk = key_insert(keys, nk, (uint32_t)c << 5 | (uint32_t)f);
	}
	return nk;
}

/* The hexes with armies of anybody but seat s. */
INLINE uint32_t enemies_of(const risk_ext *x, int s)
{
	uint32_t e = 0;
	for (int d = 0; d < RISK_OWNERS; d++)
		e |= x->occ[d] & (d == s ? 0u : ~0u);
	return e;
}

INLINE size_t list_military_as(const kern *k, const void *st, crisk_action *buf, size_t cap, size_t n,
			       const int checked)
{
	const risk_ext *x = rx(k, st);
	const int s = ks(st)->active;
	const struct risk_seat_sets *reach = &x->sets[s];
	/* BUY_ARMIES (RC-17, RC-18), by resource, then hex; those with a count
	 * above 1 by count, resource and hex. */
	const uint32_t where = reach->next_to_building;
	if (where) {
		const kseat *p = kseat_of(k, st, s);
		int room = risk_visible_vp(k, st, s) - x->bought, declared = x->buy_res;
		int most = RISK_MAX_ARMIES - (int)x->total;
		if (room > most)
			room = most;
		uint32_t keys[NUM_RES];
		int nr = 0;
		/* Once declared, one resource only (RC-17). */
		const int r0 = declared == (int)RISK_NONE ? 0 : declared, r1 = declared == (int)RISK_NONE ? NUM_RES : declared + 1;
		for (int r = r0; r < r1 && room > 0; r++) {
			int m = p->hand[r] < room ? p->hand[r] : room;
			if (m < 1)
				continue;
			const crisk_action base = act_make(CRISK_RISK_BUY_ARMIES, (uint64_t)r << 16 | UINT64_C(1) << 32);
			for (uint32_t h = where; h; h &= h - 1)
				PUT_IF(base | low_u(h));
			if (m > 1) /* sorted by count, then resource */
				nr = key_insert(keys, nr, (uint32_t)m << 3 | (uint32_t)r);
		}
		for (int i = 0; i < nr; i++) {
			const crisk_action base =
				act_make(CRISK_RISK_BUY_ARMIES, (uint64_t)(keys[i] & 7u) << 16 | (uint64_t)(keys[i] >> 3) << 32);
			for (uint32_t h = where; h; h &= h - 1)
				PUT_IF(base | low_u(h));
		}
	}
	/* MOVE_ARMIES (RC-19), by destination, then start. */
	const uint32_t armies = x->occ[s]; /* hexes with armies of the seat */
	if (!armies)
		return n;
	const uint32_t enemies = enemies_of(x, s); /* of anybody else */
	const uint32_t *adj = rr_of(k)->adj, *linked = reach->linked;
	const uint32_t touched = reach->touched, calm = touched & ~enemies;
	/* One pass over the seat's hexes: the starts that may move, the hexes
	 * next to them and those their networks reach (so that the loops over
	 * destinations below skip hexes without a start), and the sort keys
	 * of the starts with a count above 1 (move_keys, redeploy_keys). */
	uint32_t can_move = 0, near = 0, linked_any = 0, mkeys[RISK_HEXES], rkeys[RISK_HEXES];
	int nm = 0, nr = 0;
	for (uint32_t m = armies; m; m &= m - 1) {
		const int f = bit_low(m), a = ra(x, f, s), c = a - x->moved[f];
		const uint32_t bit = 1u << f, to_red = linked[f] & calm & ~bit;
		if (c > 0) {
			can_move |= bit;
			near |= adj[f];
			if (c > 1 && (adj[f] & touched))
				nm = key_insert(mkeys, nm, (uint32_t)c << 5 | (uint32_t)f);
		}
		linked_any |= to_red;
		if (a > 1 && to_red)
			nr = key_insert(rkeys, nr, (uint32_t)a << 5 | (uint32_t)f);
	}
	/* MOVE_ARMIES (RC-19), by destination, then start. */
	for (uint32_t t = touched & near; t; t &= t - 1) {
		const int h = bit_low(t);
		const crisk_action base = act_make(CRISK_RISK_MOVE_ARMIES, fields3(0, h, 1));
		for (uint32_t f = adj[h] & can_move; f; f &= f - 1)
			PUT_IF(base | low_u(f));
	}
	n = put_more_as(buf, cap, n, checked, CRISK_RISK_MOVE_ARMIES, mkeys, nm, adj, touched);
	/* ATTACK, ATTACK_ALL (RC-20), by defender, then hex. */
	if (armies & enemies) {
		uint32_t at[RISK_OWNERS];
		for (int d = 0; d < RISK_OWNERS; d++)
			at[d] = d == s ? 0u : armies & x->occ[d];
		for (int t = 0; t < 2; t++) {
			for (int d = 0; d < RISK_OWNERS; d++) {
				const crisk_action base = act_make(t ? CRISK_RISK_ATTACK_ALL : CRISK_RISK_ATTACK,
								   fields3(0, risk_arg_of_owner(d), 0));
				for (uint32_t h = at[d]; h; h &= h - 1)
					PUT_IF(base | low_u(h));
			}
		}
	}
	/* REDEPLOY (RC-22): for each destination without enemies, the hexes with
	 * armies that share a network with it (linked is symmetric). */
	for (uint32_t t = linked_any; t; t &= t - 1) {
		const int h = bit_low(t);
		const crisk_action base = act_make(CRISK_RISK_REDEPLOY, fields3(0, h, 1));
		for (uint32_t f = linked[h] & armies & ~(1u << h); f; f &= f - 1)
			PUT_IF(base | low_u(f));
	}
	return put_more_as(buf, cap, n, checked, CRISK_RISK_REDEPLOY, rkeys, nr, linked, calm);
}

static size_t list_military(const kern *k, const void *st, crisk_action *buf, size_t cap, size_t n)
{
	if (n <= cap && cap - n >= MIL_MAX)
		return list_military_as(k, st, buf, cap, n, 0);
	return list_military_as(k, st, buf, cap, n, 1);
}

/* The military list of list_military without writing it (the playout
 * loop, risk.c): its length, and its code at an index.  Both walk the list's
 * parts in list_military's order, each part a bit set whose codes go out in
 * bit order, so a part's length is a population count and a code inside a
 * part its n-th set bit; the parts with counts above 1 (put_more_as) are
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
		uint32_t keys[RISK_HEXES];
		const int nk = move_keys(x, s, mp->can_move, rr_of(k)->adj, reach->touched, keys);
		put_more_as(scratch, sizeof scratch / sizeof scratch[0], 0, 1, CRISK_RISK_MOVE_ARMIES, keys, nk,
			    rr_of(k)->adj, reach->touched);
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
	uint32_t keys[RISK_HEXES];
	const int nk = redeploy_keys(x, s, mp->armies, reach->linked, calm, keys);
	put_more_as(scratch, sizeof scratch / sizeof scratch[0], 0, 1, CRISK_RISK_REDEPLOY, keys, nk, reach->linked, calm);
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
