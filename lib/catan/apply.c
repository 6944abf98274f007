/* Applying a validated action, and resolving chance events (B-132..B-135):
 * in auto mode they are sampled here from the state's RNG, in explicit mode
 * they arrive as DICE / STEAL_RESULT / DEV_RESULT actions. */
#include <assert.h>
#include "../core/error.h"
#include "../core/rng_inline.h"
#include "kernel.h"
#include "validate.h"

/* Hands and the bank change as whole words.  The hand bytes, the hand's
 * total and the discards owed are eight bytes in a row (struct kseat), and
 * the bank's bytes are read as one word too: the listers load them as words
 * right after, which a word store hands over at once and byte stores make
 * wait.  No byte carries or borrows: counts stay far below 128, and what is
 * taken has been checked to be there. */
_Static_assert(offsetof(kseat, cards) == offsetof(kseat, hand) + 6 && offsetof(kseat, owe) == offsetof(kseat, hand) + 7,
	       "a hand word is the hand, its total and the discards owed");
_Static_assert(offsetof(kstate, bank) + 8 <= sizeof(kstate), "the bank is read and written as a word");

#define HAND_TOTAL_SHIFT 48 /* the hand's total, in the hand word */
#define HAND_OWE_SHIFT 56   /* the discards owed, in the hand word */

static uint64_t hand_word(const kseat *p)
{
	return load8(p->hand);
}

static void set_hand_word(kseat *p, uint64_t w)
{
	store8(p->hand, w);
}

/* The sum of the five resource bytes of a packed count. */
static uint64_t packed_total(uint64_t packed)
{
	return (packed * UINT64_C(0x0101010101)) >> 32 & 0xFFu;
}

/* Adds `packed` (one byte per good, `total` in all) to a hand and its total. */
static void hand_add(kseat *p, uint64_t packed, uint64_t total)
{
	set_hand_word(p, hand_word(p) + packed + (total << HAND_TOTAL_SHIFT));
}

static void hand_sub(kseat *p, uint64_t packed, uint64_t total)
{
	set_hand_word(p, hand_word(p) - packed - (total << HAND_TOTAL_SHIFT));
}

static void bank_add(kstate *h, int64_t packed)
{
	store8(h->bank, load8(h->bank) + (uint64_t)packed);
}

/* n cards of good r, packed. */
static uint64_t goods(int r, int n)
{
	return (uint64_t)n << (8 * r);
}

/* Pays a packed cost (kern_cost_bytes) to the bank. */
static void pay(kstate *h, kseat *p, uint64_t packed)
{
	hand_sub(p, packed, packed_total(packed));
	bank_add(h, (int64_t)packed);
}

static void move_card(kseat *from, kseat *to, int r, int n)
{
	hand_sub(from, goods(r, n), (uint64_t)n);
	hand_add(to, goods(r, n), (uint64_t)n);
}

static void bank_to(kstate *h, kseat *p, int r, int n)
{
	bank_add(h, -(int64_t)goods(r, n));
	hand_add(p, goods(r, n), (uint64_t)n);
}

static void to_bank(kstate *h, kseat *p, int r, int n)
{
	hand_sub(p, goods(r, n), (uint64_t)n);
	bank_add(h, (int64_t)goods(r, n));
}

static void add_to_hand(kseat *p, uint64_t got)
{
	hand_add(p, got, packed_total(got));
}

static void back_to_active(kstate *h, int dp)
{
	h->dp = (uint8_t)dp;
	h->cur = (int8_t)h->active;
}

/* Byte r of a packed count (resource r in bits 8r..8r+7). */
static inline int res_byte(uint64_t packed, int r)
{
	return (int)((packed >> (8 * r)) & 0xFFu);
}

/* The same corner by corner, asking the module which claims count (risk's
 * production block); neutral pieces (owner NODE_NEUTRAL) never collect. */
static unsigned claim_hooked(const kern *k, const void *st, int sum, uint64_t *owed, uint64_t *total)
{
	const uint8_t *nodes = knodes(k, st);
	unsigned paid = 0;
	uint64_t sum_all = 0;
	const struct kcorner *c = k->tok_corner + k->tok_cfirst[sum], *end = k->tok_corner + k->tok_cfirst[sum + 1];
	for (; c < end; c++) {
		unsigned nb = nodes[c->node];
		if (!nb || c->hex == ks(st)->robber)
			continue;
		int o = (int)(nb & NODE_OWNER_MASK) - 1, r = k->hex_res[c->hex];
		if (o < k->seats && (!k->hk.produce_ok || k->hk.produce_ok(k, st, c->hex, o))) {
			uint64_t amount = (uint64_t)((nb & NODE_CITY) ? 2 : 1) << (8 * r);
			owed[o] += amount;
			sum_all += amount;
			paid |= 1u << o;
		}
	}
	*total = sum_all;
	return paid;
}

/* Claims of sum s by seat into owed[], returning the seats with one.  Only
 * the buildings at hexes with that token are visited (a bitset walk: which
 * corners hold one does not predict), each collecting its node's yield,
 * less the robber's hex, doubled for a city. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline unsigned claim_words(const kern *k, const void *st, int sum, uint64_t *owed, uint64_t *total,
				   const int nw)
{
	const kstate *h = ks(st);
	const uint8_t *nodes = knodes(k, st);
	const uint64_t *occupied = koccupied(k, st);
	const uint64_t *at_sum = k->tok_nodes + (size_t)sum * (size_t)nw;
	const uint64_t *yield = k->tok_yield + (size_t)sum * (size_t)k->b.n_node;
	const int robbed = k->b.token[h->robber] == sum && k->hex_res[h->robber] != 0xFF;
	const uint64_t *robber_nodes = k->hex_nodes + (size_t)h->robber * (size_t)nw;
	const uint64_t robber_unit = robbed ? UINT64_C(1) << (8 * k->hex_res[h->robber]) : 0;
	const unsigned seats = (unsigned)k->seats;
	unsigned paid = 0;
	uint64_t sum_all = 0;
	if (!robbed) { /* the usual roll: no corner loses the robber's hex */
		for (int w = 0; w < nw; w++) {
			for (uint64_t m = occupied[w] & at_sum[w]; m; m &= m - 1) {
				int n = w * 64 + bit_low(m);
				unsigned nb = nodes[n], o = (nb & NODE_OWNER_MASK) - 1u;
				/* Counts stay below 128 per byte, so doubling never carries;
				 * yield[n] is never 0 at a corner of at_sum. */
				uint64_t amount = yield[n] << (nb >> 4 & 1u);
				if (o < seats) { /* non-seat owners never collect */
					owed[o] += amount;
					sum_all += amount;
					paid |= 1u << o;
				}
			}
		}
		*total = sum_all;
		return paid;
	}
	for (int w = 0; w < nw; w++) {
		const uint64_t robber_mask = robber_nodes[w];
		for (uint64_t m = occupied[w] & at_sum[w]; m; m &= m - 1) {
			int i = bit_low(m), n = w * 64 + i;
			unsigned nb = nodes[n], o = (nb & NODE_OWNER_MASK) - 1u;
			/* Counts stay below 128 per byte, so doubling never carries. */
			uint64_t amount = (yield[n] - (robber_mask >> i & 1u) * robber_unit) << (nb >> 4 & 1u);
			if (o < seats && amount) { /* non-seat owners never collect */
				owed[o] += amount;
				sum_all += amount;
				paid |= 1u << o;
			}
		}
	}
	*total = sum_all;
	return paid;
}
/* One corner's claim for claim_two: node n, every owner a seat. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void claim_seat_node(const uint8_t *nodes, const uint64_t *yield, int n, uint64_t *owed,
				   uint64_t *sum_all, unsigned *paid)
{
	unsigned nb = nodes[n], o = (nb & NODE_OWNER_MASK) - 1u;
	uint64_t amount = yield[n] << (nb >> 4 & 1u); /* as claim_words */
	owed[o] += amount;
	*sum_all += amount;
	*paid |= 1u << o;
}
/* claim_words on two words without non-seat owners (roll_produced2, which
 * kern_roll_fn picks for k->owners == k->seats): the usual roll walks the
 * two words one after the other without the owner test; a roll at the
 * robber's token takes claim_words. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline unsigned claim_two(const kern *k, const void *st, int sum, uint64_t *owed, uint64_t *total)
{
	const kstate *h = ks(st);
	if (k->b.token[h->robber] == sum && k->hex_res[h->robber] != 0xFF)
		return claim_words(k, st, sum, owed, total, 2);
	const uint8_t *nodes = knodes(k, st);
	const uint64_t *occupied = koccupied(k, st);
	const uint64_t *at_sum = k->tok_nodes + (size_t)sum * 2;
	const uint64_t *yield = k->tok_yield + (size_t)sum * (size_t)k->b.n_node;
	unsigned paid = 0;
	uint64_t sum_all = 0;
	for (uint64_t m = occupied[0] & at_sum[0]; m; m &= m - 1)
		claim_seat_node(nodes, yield, bit_low(m), owed, &sum_all, &paid);
	for (uint64_t m = occupied[1] & at_sum[1]; m; m &= m - 1)
		claim_seat_node(nodes, yield, 64 + bit_low(m), owed, &sum_all, &paid);
	*total = sum_all;
	return paid;
}
/* The base board's 54 intersections are one word: a constant width.  `two`
 * 1 (kern_throw_produced's copy): two words too; 2 (roll_produced2): two
 * words alone and no non-seat owner, the caller has tested both. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline unsigned claim(const kern *k, const void *st, int sum, uint64_t *owed, uint64_t *total, const int two)
{
	if (two == 2)
		return claim_two(k, st, sum, owed, total);
	if (k->nw == 1)
		return claim_words(k, st, sum, owed, total, 1);
	if (two && k->nw == 2) /* hawaii's built-in map (125 points) */
		return claim_words(k, st, sum, owed, total, 2);
	return claim_words(k, st, sum, owed, total, k->nw);
}

/* B-53..B-56: production of sum s for everyone at once, with the shortage rule.
 * Counts per resource travel packed one byte each (below 128: at most two
 * per corner of a hex), so totals, the bank comparison (B-55) and the
 * payment take a few word operations instead of loops over the resources. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void produce(const kern *k, void *st, int sum, evlog *log, const int hooked, const int two)
{
	kstate *h = ks(st);
	uint64_t owed[CRISK_MAX_SEATS] = {0};
	uint64_t total = 0; /* all seats' claims */
	unsigned paid;      /* seats owed anything */
	if (!hooked || (!k->hk.produce_ok && !k->cfg.pieces_change_hands))
		paid = claim(k, st, sum, owed, &total, two);
	else
		paid = claim_hooked(k, st, sum, owed, &total);
	if (!paid)
		return;
	/* Top bit of byte r set where the bank holds at least the total claimed. */
	uint64_t bank = load8(h->bank) & UINT64_C(0xFFFFFFFFFF);
	const uint64_t top = UINT64_C(0x8080808080);
	uint64_t short_of = ~((bank | top) - total) & top;
	for (; short_of; short_of &= short_of - 1) { /* rare: B-55 */
		int r = bit_low(short_of) / 8;
		uint64_t lane = UINT64_C(0xFF) << (8 * r);
		unsigned owners = 0;
		for (int s = 0; s < k->seats; s++)
			owners |= (unsigned)((owed[s] & lane) != 0) << s;
		if (!(owners & (owners - 1))) {
			int s = bit_low(owners);
			owed[s] = (owed[s] & ~lane) | (uint64_t)h->bank[r] << (8 * r);
		} else {
			for (int s = 0; s < k->seats; s++)
				owed[s] &= ~lane;
			ev *e = ev_push(log, CRISK_CATAN_EV_SHORTAGE, -1, -1);
			if (e)
				e->args[0] = r;
		}
	}
	uint64_t paid_out = 0;
	for (; paid; paid &= paid - 1) {
		int s = bit_low(paid);
		uint64_t got = owed[s];
		if (!got)
			continue;
		paid_out += got;
		add_to_hand(kseat_of(k, st, s), got);
		ev *e = ev_push(log, CRISK_CATAN_EV_PRODUCTION, s, -1);
		if (e) {
			for (int r = 0; r < NUM_RES; r++)
				e->args[r] = res_byte(got, r);
		}
	}
	/* No byte borrows: the bank holds what it pays out (B-55 above). */
	bank_add(h, -(int64_t)paid_out);
}

/* The next seat owing discards, in seat order from the roller (B-59).
 * `hooked`: the module may have an after_roll_dp hook (kern.dice_hooks 1),
 * or the kernel counts two rolls a turn (2, kern_config.two_rolls). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void next_discarder_in(const kern *k, kstate *h, void *st, const int hooked)
{
	for (int i = 0, s = h->active; i < k->seats; i++, s = s + 1 < k->seats ? s + 1 : 0) {
		if (kseat_of(k, st, s)->owe) {
			h->dp = DP_DISCARD;
			h->cur = (int8_t)s;
			return;
		}
	}
	h->ret = (uint8_t)(hooked == 2	       ? (krolls(k, st)[0] < 2 ? DP_PRE_ROLL : DP_MAIN)
			   : hooked == 1 && k->hk.after_roll_dp ? k->hk.after_roll_dp(k, st)
								: DP_MAIN);
	back_to_active(h, DP_MOVE_ROBBER);
}
static void next_discarder(const kern *k, kstate *h, void *st)
{
	next_discarder_in(k, h, st, 1); /* two_rolls: hk.after_roll_dp is kern_two_rolls_dp */
}

/* A roll of `sum`: production, or the discards and the robber of a 7.
 * `hooked` 0 is for modules without kern.dice_hooks: no hook is asked, so
 * the usual roll makes no call and needs a smaller frame; 1 asks the
 * module's roll hooks; 2 counts two rolls a turn (kern_config.two_rolls)
 * and asks no hook; 3 calls hk.produced, the module's only roll hook
 * (kern_throw_produced), and 4 does the same on a board of two words. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void resolve_dice_in(const kern *k, void *st, int sum, int d1, int d2, evlog *log, const int hooked)
{
	kstate *h = ks(st);
	if (hooked == 2) { /* T-8: the count, and the first sum for the second roll */
		uint8_t *r = krolls(k, st);
		if (++r[0] == 1)
			r[1] = (uint8_t)sum;
	} else if (hooked == 1 && k->hk.dice_rolled) {
		k->hk.dice_rolled(k, st, sum, log);
	}
	h->dice[0] = (uint8_t)d1;
	h->dice[1] = (uint8_t)d2;
	ev *e = ev_push(log, CRISK_CATAN_EV_DICE, h->active, -1);
	if (e) {
		e->args[0] = sum;
		e->args[1] = d1;
		e->args[2] = d2;
	}
	if (sum != 7) {
		produce(k, st, sum, log, hooked == 1, hooked >= 3 ? hooked - 2 : 0);
		if (hooked == 2) { /* T-9, T-10: the pre-roll again after the first roll */
			back_to_active(h, krolls(k, st)[0] < 2 ? DP_PRE_ROLL : DP_MAIN);
			return;
		}
		if (hooked >= 3) { /* the hook last: a tail call (it reads no decision point) */
			back_to_active(h, DP_MAIN);
			k->hk.produced(k, st, sum, log);
			return;
		}
		if (hooked && k->hk.produced)
			k->hk.produced(k, st, sum, log);
		back_to_active(h, hooked && k->hk.after_roll_dp ? k->hk.after_roll_dp(k, st) : DP_MAIN);
		return;
	}
	for (int s = 0; s < k->seats; s++) {
		kseat *p = kseat_of(k, st, s);
		p->owe = (uint8_t)(p->cards > k->cfg.discard_limit ? p->cards / 2 : 0); /* B-58 */
	}
	next_discarder_in(k, h, st, hooked);
}
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void resolve_dice_hooked(const kern *k, void *st, int sum, int d1, int d2, evlog *log)
{
	resolve_dice_in(k, st, sum, d1, d2, log, 1);
}
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void resolve_dice_two(const kern *k, void *st, int sum, int d1, int d2, evlog *log)
{
	resolve_dice_in(k, st, sum, d1, d2, log, 2);
}
static void resolve_dice(const kern *k, void *st, int sum, int d1, int d2, evlog *log)
{
	if (k->dice_hooks) {
		if (k->dice_hooks == 2)
			resolve_dice_two(k, st, sum, d1, d2, log);
		else
			resolve_dice_hooked(k, st, sum, d1, d2, log);
		return;
	}
	resolve_dice_in(k, st, sum, d1, d2, log, 0);
}

static void resolve_steal(const kern *k, void *st, int r, evlog *log)
{
	kstate *h = ks(st);
	int v = h->victim;
	move_card(kseat_of(k, st, v), kseat_of(k, st, h->active), r, 1);
	ev *e = ev_push(log, CRISK_CATAN_EV_STEAL, h->active, v);
	if (e) {
		e->args[0] = r;
		e->hidden = 1;
		e->see_mask = (uint8_t)((1u << h->active) | (1u << v));
	}
	h->victim = NO_SEAT;
	flow_robber_done(k, st, log);
}

static void resolve_dev(const kern *k, void *st, int c, evlog *log)
{
	kstate *h = ks(st);
	kseat *p = kseat_of(k, st, h->active);
	int ret = flow_buy_return(k, st);
	h->deck[c]--;
	p->dev[c]++;
	/* A card bought outside the buyer's own turn is playable from its next
	 * own turn on, so it is never "new" (B-120, B-123). */
	if (ret == DP_MAIN)
		p->dev_new[c]++;
	ev *e = ev_push(log, CRISK_CATAN_EV_BUY_DEV, h->active, -1);
	if (e) {
		e->args[0] = c;
		e->hidden = 1;
		e->see_mask = (uint8_t)(1u << h->active);
	}
	back_to_active(h, ret);
}

/* Walks counts in canonical order to the k-th item (B-135). */
static int pick_by_count(const uint8_t *counts, int n, uint32_t k)
{
	for (int i = 0; i < n; i++) {
		if (k < counts[i])
			return i;
		k -= counts[i];
	}
	return n - 1;
}

/* Auto chance mode: the dice of DP_DICE from the game's generator (B-135). */
/* Both dice from the game's generator, thrown again while their sum is
 * `ex` (T-8; 0 excludes nothing), then resolved; `hooked` as for
 * resolve_dice_in. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void throw_dice_except(const kern *k, void *st, int ex, evlog *log, const int hooked)
{
	kstate *h = ks(st);
	int d1, d2;
	do { /* an excluded sum is thrown again (T-8) */
		d1 = 1 + (int)rng_uniform_inline(&h->rng, 6);
		d2 = 1 + (int)rng_uniform_inline(&h->rng, 6);
	} while (d1 + d2 == ex);
	resolve_dice_in(k, st, d1 + d2, d1, d2, log, hooked);
}
/* kern_config.two_rolls: the point after a roll (T-9, T-10), put by
 * kern_init in hk.after_roll_dp for the paths that ask the hook. */
int kern_two_rolls_dp(const kern *k, const void *st)
{
	return krolls(k, st)[0] < 2 ? DP_PRE_ROLL : DP_MAIN;
}

/* With the module's roll hooks (kern.dice_hooks 1): apart, so that the
 * usual throw makes no call and needs a small frame. */
void kern_throw_hooked(const kern *k, void *st, evlog *log)
{
	throw_dice_except(k, st, k->hk.excluded_sum ? k->hk.excluded_sum(k, st) : 0, log, 1);
}
/* The same for a module whose only roll hook is hk.produced (kern_init
 * picks it): the hooks it does not have are not asked at every roll.
 * roll_produced is kern.roll's form (a turn's roll, apply_turn_or_roll). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int roll_produced(const kern *k, void *st, evlog *log)
{
	throw_dice_except(k, st, 0, log, 3);
	return CRISK_OK;
}
/* The same on a board of two words (hawaii's built-in map, 125 points)
 * without non-seat owners: the claims of that width alone (claim_two), so
 * the roll tests no width. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int roll_produced2(const kern *k, void *st, evlog *log)
{
	throw_dice_except(k, st, 0, log, 4);
	return CRISK_OK;
}
void kern_throw_produced(const kern *k, void *st, evlog *log)
{
	roll_produced(k, st, log);
}
/* The kernel's two rolls a turn (kern.dice_hooks 2): no hook to ask. */
void kern_throw_two(const kern *k, void *st, evlog *log)
{
	const uint8_t *r = krolls(k, st);
	throw_dice_except(k, st, r[0] == 1 ? r[1] : 0, log, 2);
}
static void throw_dice(const kern *k, void *st, evlog *log)
{
	if (k->dice_hooks) { /* kern_throw_hooked or kern_throw_two */
		k->throw_hooked(k, st, log);
		return;
	}
	throw_dice_except(k, st, 0, log, 0);
}

/* Auto chance mode: samples the pending chance event with the draw order of B-135. */
static void sample_chance(const kern *k, void *st, evlog *log)
{
	kstate *h = ks(st);
	switch (h->dp) {
	case DP_DICE:
		throw_dice(k, st, log);
		break;
	case DP_STEAL: {
		const kseat *v = kseat_of(k, st, h->victim);
		int r = pick_by_count(v->hand, MAX_GOODS, rng_uniform(&h->rng, v->cards));
		resolve_steal(k, st, r, log);
		break;
	}
	default: { /* DP_DEV_DRAW */
		uint32_t size = 0;
		for (int c = 0; c < NUM_DEV; c++)
			size += h->deck[c];
		resolve_dev(k, st, pick_by_count(h->deck, NUM_DEV, rng_uniform(&h->rng, size)), log);
		break;
	}
	}
}

static void setup_settlement(const kern *k, void *st, int n, evlog *log)
{
	kstate *h = ks(st);
	int s = h->active;
	flow_place_building(k, st, s, n);
	h->setup_node = (uint16_t)n;
	ev *e = ev_push(log, CRISK_CATAN_EV_SETUP_SETTLEMENT, s, -1);
	if (e)
		e->args[0] = n;
	if (h->step >= kern_setup_steps(k) - k->seats) { /* B-44: the last round's settlement yields */
		kseat *p = kseat_of(k, st, s);
		int got[NUM_RES] = {0};
		const bnode *bn = &k->b.node[n];
		for (int i = 0; i < bn->n_hex; i++) {
			int r = k->hex_res[bn->hex[i]];
			if (r != 0xFF && h->bank[r] > 0) {
				bank_to(h, p, r, 1);
				got[r]++;
			}
		}
		e = ev_push(log, CRISK_CATAN_EV_STARTING_RESOURCES, s, -1);
		if (e) {
			for (int r = 0; r < NUM_RES; r++)
				e->args[r] = got[r];
		}
	}
	flow_update_longest_road(k, st, s, n, log);
	h->dp = DP_SETUP_ROAD;
	if (k->hk.after_build)
		k->hk.after_build(k, st, PIECE_SETTLEMENT, n, 2, log);
	if (k->hk.setup_skips)
		flow_setup_piece(k, st, log);
}

static void setup_road(const kern *k, void *st, int p, evlog *log)
{
	kstate *h = ks(st);
	flow_add_road(k, st, h->active, p);
	ev *e = ev_push(log, CRISK_CATAN_EV_SETUP_ROAD, h->active, -1);
	if (e)
		e->args[0] = p;
	if (k->hk.road_placed)
		k->hk.road_placed(k, st, h->active, p, log);
	flow_update_longest_road_at(k, st, h->active, p, log);
	flow_setup_next(k, st, log);
}

/* Discards a packed count (one byte per resource, as DISCARD_CARDS codes
 * it): hand, total and discards owed change as one word. */
static void discard(const kern *k, void *st, uint64_t counts, evlog *log)
{
	kstate *h = ks(st);
	kseat *p = kseat_of(k, st, h->cur);
	uint64_t total = packed_total(counts);
	set_hand_word(p, hand_word(p) - counts - (total << HAND_TOTAL_SHIFT) - (total << HAND_OWE_SHIFT));
	bank_add(h, (int64_t)counts);
	ev *e = ev_push(log, CRISK_CATAN_EV_DISCARD, h->cur, -1);
	if (e) {
		for (int r = 0; r < NUM_RES; r++)
			e->args[r] = res_byte(counts, r);
	}
	if (!p->owe)
		next_discarder(k, h, st);
}

static void play_card(const kern *k, void *st, int c, int next_dp, evlog *log)
{
	kstate *h = ks(st);
	kseat *p = kseat_of(k, st, h->active);
	p->dev[c]--;
	h->card_played = 1;
	h->ret = h->dp;
	ev *e = ev_push(log, CRISK_CATAN_EV_PLAY_DEV, h->active, -1);
	if (e)
		e->args[0] = c;
	h->dp = (uint8_t)next_dp;
}

static void free_road_place(const kern *k, void *st, int path, evlog *log)
{
	kstate *h = ks(st);
	int s = h->active;
	flow_add_road(k, st, s, path);
	ev *e = ev_push(log, CRISK_CATAN_EV_BUILD_ROAD, s, -1);
	if (e) {
		e->args[0] = path;
		e->args[1] = 1;
	}
	if (k->hk.road_placed)
		k->hk.road_placed(k, st, s, path, log);
	flow_update_longest_road_at(k, st, s, path, log);
	flow_free_piece_done(k, st, log);
}

static void free_road(const kern *k, void *st, int path, evlog *log)
{
	free_road_place(k, st, path, log);
	if (k->hk.after_build)
		k->hk.after_build(k, st, PIECE_ROAD, path, 1, log);
}

static void monopoly(const kern *k, void *st, int r, evlog *log)
{
	kstate *h = ks(st);
	kseat *me = kseat_of(k, st, h->active);
	for (int i = 1; i < k->seats; i++) {
		int s = (h->active + i) % k->seats;
		kseat *p = kseat_of(k, st, s);
		int n = p->hand[r];
		move_card(p, me, r, n);
		ev *e = ev_push(log, CRISK_CATAN_EV_MONOPOLY, h->active, s);
		if (e) {
			e->args[0] = r;
			e->args[1] = n;
		}
	}
	back_to_active(h, h->ret);
}

static void offer(const kern *k, void *st, crisk_action a, evlog *log)
{
	kstate *h = ks(st);
	h->offer = a;
	h->offers_made++;
	h->answered = 0;
	h->accepted = 0;
	ev *e = ev_push(log, CRISK_CATAN_EV_OFFER, h->active, -1);
	if (e) {
		e->args[0] = (int32_t)(a & 0xFFFFFF);
		e->args[1] = (int32_t)((a >> 24) & 0xFFFFFF);
		e->args[2] = (int32_t)((a >> 48) & 0xF);
	}
	h->dp = DP_TRADE_RESPONSE;
	flow_next_responder(k, st, log);
}

static void answer(const kern *k, void *st, int yes, evlog *log)
{
	kstate *h = ks(st);
	int s = h->cur;
	h->answered |= (uint8_t)(1u << s);
	if (yes)
		h->accepted |= (uint8_t)(1u << s);
	ev *e = ev_push(log, CRISK_CATAN_EV_ANSWER, s, h->active);
	if (e)
		e->args[0] = yes;
	flow_next_responder(k, st, log);
}

static void confirm(const kern *k, void *st, int partner, evlog *log)
{
	kstate *h = ks(st);
	kseat *me = kseat_of(k, st, h->active), *other = kseat_of(k, st, partner);
	for (int g = 0; g < MAX_GOODS; g++) {
		int give = offer_count(h->offer, g, 0), want = offer_count(h->offer, g, 1);
		if (g >= k->cfg.n_goods) { /* a module's good outside the hand (hooks.h good_move) */
			if (give | want) {
				k->hk.good_move(k, st, h->active, partner, g, give);
				k->hk.good_move(k, st, partner, h->active, g, want);
			}
			continue;
		}
		move_card(me, other, g, give);
		move_card(other, me, g, want);
	}
	ev *e = ev_push(log, CRISK_CATAN_EV_TRADE, h->active, partner);
	if (e) {
		e->args[0] = (int32_t)(h->offer & 0xFFFFFF);
		e->args[1] = (int32_t)((h->offer >> 24) & 0xFFFFFF);
	}
	h->offer = 0;
	back_to_active(h, DP_MAIN);
}

static void maritime(const kern *k, void *st, int give, int take, evlog *log)
{
	kstate *h = ks(st);
	kseat *p = kseat_of(k, st, h->active);
	int rate = krate(k, p, give);
	to_bank(h, p, give, rate);
	bank_to(h, p, take, 1);
	ev *e = ev_push(log, CRISK_CATAN_EV_MARITIME, h->active, -1);
	if (e) {
		e->args[0] = give;
		e->args[1] = rate;
		e->args[2] = take;
	}
}

static void build(const kern *k, void *st, unsigned type, int id, evlog *log)
{
	kstate *h = ks(st);
	int s = h->active;
	kseat *p = kseat_of(k, st, s);
	ev *e;
	/* Each event's field is set at once: the events pushed after it may
	 * take its slot of the ring. */
	switch (type) {
	case CRISK_CATAN_BUILD_ROAD:
		pay(h, p, kern_cost_bytes(COST_ROAD));
		flow_add_road(k, st, s, id);
		if ((e = ev_push(log, CRISK_CATAN_EV_BUILD_ROAD, s, -1)))
			e->args[0] = id;
		if (k->hk.road_placed)
			k->hk.road_placed(k, st, s, id, log);
		flow_update_longest_road_at(k, st, s, id, log);
		break;
	case CRISK_CATAN_BUILD_SETTLEMENT:
		pay(h, p, kern_cost_bytes(COST_SETTLEMENT));
		flow_place_building(k, st, s, id);
		if ((e = ev_push(log, CRISK_CATAN_EV_BUILD_SETTLEMENT, s, -1)))
			e->args[0] = id;
		flow_update_longest_road(k, st, s, id, log);
		break;
	default: /* BUILD_CITY, B-72 */
		pay(h, p, kern_cost_bytes(COST_CITY));
		knodes(k, st)[id] |= NODE_CITY;
		p->supply[PIECE_CITY]--;
		p->supply[PIECE_SETTLEMENT]++;
		if ((e = ev_push(log, CRISK_CATAN_EV_BUILD_CITY, s, -1)))
			e->args[0] = id;
		break;
	}
	if (k->hk.after_build && type != CRISK_CATAN_BUILD_CITY)
		k->hk.after_build(k, st, type == CRISK_CATAN_BUILD_ROAD ? PIECE_ROAD : PIECE_SETTLEMENT, id, 0, log);
}

/* Action types that change none of what victory depends on (the active
 * seat's VP, the turn, the status, a knight under way: B-105, B-80), so
 * the check after them would repeat the previous one's answer.  Not with
 * module hooks that might decide victory on more (k->victory_hooks). */
#define TYPE_BIT(t) (UINT64_C(1) << (t))
static const uint64_t victory_unchanged =
	TYPE_BIT(CRISK_CATAN_ROLL) | TYPE_BIT(CRISK_CATAN_DICE) | TYPE_BIT(CRISK_CATAN_DISCARD) |
	TYPE_BIT(CRISK_CATAN_DISCARD_CARDS) | TYPE_BIT(CRISK_CATAN_STEAL_FROM) | TYPE_BIT(CRISK_CATAN_BUY_DEV) |
	TYPE_BIT(CRISK_CATAN_PLAY_ROAD_BUILDING) | TYPE_BIT(CRISK_CATAN_PLAY_YEAR_OF_PLENTY) |
	TYPE_BIT(CRISK_CATAN_PLAY_MONOPOLY) | TYPE_BIT(CRISK_CATAN_PICK) | TYPE_BIT(CRISK_CATAN_NAME) |
	TYPE_BIT(CRISK_CATAN_MARITIME_TRADE) | TYPE_BIT(CRISK_CATAN_OFFER_TRADE) | TYPE_BIT(CRISK_CATAN_ACCEPT) |
	TYPE_BIT(CRISK_CATAN_DECLINE) | TYPE_BIT(CRISK_CATAN_CONFIRM) | TYPE_BIT(CRISK_CATAN_CANCEL);

/* A rule function's refusal (its code in rc).  `listed` (kern_apply_listed:
 * the code comes from the list of this very state) leaves the rule
 * functions out, since every listed action passes them; builds with
 * assertions still ask them and stop at a refusal, so the tests catch a
 * list that ever disagrees with the rules. */
#ifdef NDEBUG
#define RULES_REFUSE(check) (!listed && (rc = (check)))
#else
#define RULES_REFUSE(check) (listed ? (assert(!(check)), 0) : (rc = (check)) != 0)
#endif

/* Checks the rules of a's type (its code passed kern_check_code) and, if
 * they hold, carries it out: one dispatch on the type for both.  Inlined
 * into both applies, so that neither pays a call for it. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int execute(const kern *k, void *st, crisk_action a, evlog *log, const int plain, const int listed)
{
	kstate *h = ks(st);
	unsigned type = ACT_TYPE(a);
	int id = ACT_ID(a);
	int rc;
	/* Rolls and turn ends are most actions of a game: tested first, they
	 * skip the jump table, whose target random play does not predict.
	 * Neither has a rule function; a roll changes nothing victory reads.
	 * `plain`: the caller (apply_split with kern.plain_turns) has taken
	 * both apart already (apply_turn_or_roll). */
	if (!plain && type == CRISK_CATAN_END_TURN) {
		flow_end_turn(k, st, log);
		return CRISK_OK;
	}
	if (!plain && type == CRISK_CATAN_ROLL) {
		h->dp = DP_DICE;
		h->cur = CRISK_SEAT_CHANCE;
		if (k->victory_hooks)
			flow_check_victory(k, st, log);
		else if (!k->cfg.explicit_chance)
			throw_dice(k, st, log); /* kern_apply's chance loop then finds nothing to do */
		return CRISK_OK;
	}
	switch (type) {
	case CRISK_CATAN_PLACE_SETTLEMENT:
		if (RULES_REFUSE(kern_check_setup_site(k, st, id)))
			return rc;
		setup_settlement(k, st, id, log);
		break;
	case CRISK_CATAN_PLACE_ROAD:
		if (RULES_REFUSE(kern_check_setup_road(k, st, id)))
			return rc;
		setup_road(k, st, id, log);
		break;
	case CRISK_CATAN_DICE:
		if (RULES_REFUSE(kern_check_dice(k, st, a)))
			return rc;
		resolve_dice(k, st, id & 0xFF, (id >> 8) & 0xF, (id >> 12) & 0xF, log);
		break;
	case CRISK_CATAN_DISCARD:
		if (RULES_REFUSE(kern_check_discard_one(k, st, id)))
			return rc;
		discard(k, st, UINT64_C(1) << (8 * id), log);
		break;
	case CRISK_CATAN_DISCARD_CARDS:
		if (RULES_REFUSE(kern_check_discard(k, st, a)))
			return rc;
		discard(k, st, a & KF_DISCARD, log);
		break;
	case CRISK_CATAN_MOVE_ROBBER: {
		if (RULES_REFUSE(kern_robber_ok(k, st, id)))
			return rc;
		const int knight = h->knight;
		h->robber = (uint16_t)id;
		ev *e = ev_push(log, CRISK_CATAN_EV_ROBBER, h->active, -1);
		if (e)
			e->args[0] = id;
		flow_after_robber(k, st, id, log);
		/* B-80: a knight's Largest Army counts once this move is done.
		 * After a seven the move changes no VP and no condition of the
		 * check (as the types of victory_unchanged), so without victory
		 * hooks there is nothing to check (docs/decisions.md hawaii 48). */
		if (!knight && (plain || !k->victory_hooks))
			return CRISK_OK;
		break;
	}
	case CRISK_CATAN_STEAL_FROM:
		if (RULES_REFUSE(kern_check_victim(k, st, id)))
			return rc;
		h->victim = (int8_t)id;
		h->dp = DP_STEAL;
		h->cur = CRISK_SEAT_CHANCE;
		break;
	case CRISK_CATAN_STEAL_RESULT:
		if (RULES_REFUSE(kern_check_steal_result(k, st, id)))
			return rc;
		resolve_steal(k, st, id, log);
		break;
	case CRISK_CATAN_BUILD_ROAD:
	case CRISK_CATAN_BUILD_SETTLEMENT:
	case CRISK_CATAN_BUILD_CITY:
		if (RULES_REFUSE(kern_check_build(k, st, type, id)))
			return rc;
		build(k, st, type, id, log);
		break;
	case CRISK_CATAN_BUY_DEV:
		if (RULES_REFUSE(kern_check_buy_dev(k, st)))
			return rc;
		pay(h, kseat_of(k, st, h->active), kern_cost_bytes(COST_DEV));
		h->dp = DP_DEV_DRAW;
		h->cur = CRISK_SEAT_CHANCE;
		break;
	case CRISK_CATAN_DEV_RESULT:
		if (RULES_REFUSE(kern_check_dev_result(st, id)))
			return rc;
		resolve_dev(k, st, id, log);
		break;
	case CRISK_CATAN_PLAY_KNIGHT:
		if (RULES_REFUSE(kern_check_play(k, st, CRISK_CATAN_KNIGHT)))
			return rc;
		play_card(k, st, CRISK_CATAN_KNIGHT, DP_MOVE_ROBBER, log);
		kseat_of(k, st, h->active)->knights++;
		h->knight = 1;
		flow_largest_army(k, st, log);
		break;
	case CRISK_CATAN_PLAY_ROAD_BUILDING: {
		if (RULES_REFUSE(kern_check_play(k, st, CRISK_CATAN_ROAD_BUILDING)))
			return rc;
		int spot, left = kern_free_pieces(k, st, h->active, &spot);
		play_card(k, st, CRISK_CATAN_ROAD_BUILDING, DP_FREE_ROAD, log);
		h->free_roads = (uint8_t)(left < 2 ? left : 2);
		break;
	}
	case CRISK_CATAN_PLAY_YEAR_OF_PLENTY: {
		if (RULES_REFUSE(kern_check_play(k, st, CRISK_CATAN_YEAR_OF_PLENTY)))
			return rc;
		int total = 0;
		for (int r = 0; r < NUM_RES; r++)
			total += h->bank[r];
		play_card(k, st, CRISK_CATAN_YEAR_OF_PLENTY, DP_YOP_PICK, log);
		h->picks = (uint8_t)(total < 2 ? total : 2); /* B-82 */
		if (!h->picks)
			h->dp = h->ret;
		break;
	}
	case CRISK_CATAN_PLAY_MONOPOLY:
		if (RULES_REFUSE(kern_check_play(k, st, CRISK_CATAN_MONOPOLY)))
			return rc;
		play_card(k, st, CRISK_CATAN_MONOPOLY, DP_MONOPOLY_PICK, log);
		break;
	case CRISK_CATAN_PLACE_FREE_ROAD:
		if (RULES_REFUSE(kern_check_free_road(k, st, id)))
			return rc;
		free_road(k, st, id, log);
		break;
	case CRISK_CATAN_PICK: {
		if (RULES_REFUSE(kern_check_pick(st, id)))
			return rc;
		bank_to(h, kseat_of(k, st, h->active), id, 1);
		ev *e = ev_push(log, CRISK_CATAN_EV_PICK, h->active, -1);
		if (e)
			e->args[0] = id;
		if (!--h->picks)
			h->dp = h->ret;
		break;
	}
	case CRISK_CATAN_NAME:
		if (RULES_REFUSE(kern_check_res(id)))
			return rc;
		monopoly(k, st, id, log);
		break;
	case CRISK_CATAN_MARITIME_TRADE:
		if (RULES_REFUSE(kern_check_maritime(k, st, id & 0xFF, id >> 8)))
			return rc;
		maritime(k, st, id & 0xFF, id >> 8, log);
		break;
	case CRISK_CATAN_OFFER_TRADE:
		if (RULES_REFUSE(kern_check_offer(k, st, a)))
			return rc;
		offer(k, st, a, log);
		break;
	case CRISK_CATAN_ACCEPT:
		if (RULES_REFUSE(kern_check_accept(k, st)))
			return rc;
		answer(k, st, 1, log);
		break;
	case CRISK_CATAN_DECLINE:
		answer(k, st, 0, log);
		break;
	case CRISK_CATAN_CONFIRM:
		if (RULES_REFUSE(kern_check_confirm(k, st, id)))
			return rc;
		confirm(k, st, id, log);
		break;
	case CRISK_CATAN_CANCEL:
		ev_push(log, CRISK_CATAN_EV_TRADE_CANCEL, h->active, -1);
		h->offer = 0;
		back_to_active(h, DP_MAIN);
		break;
	case CRISK_CATAN_PASS:
	case CRISK_CATAN_END_PART:
		flow_end_part(k, st, log);
		return CRISK_OK;
	default: /* no other type fits a kernel decision point */
		return kern_check_rules(k, st, a);
	}
	if (!plain && k->victory_hooks) /* plain: kern.plain_turns has no victory hooks */
		flow_check_victory(k, st, log);
	else if (type >= 64 || !(victory_unchanged >> type & 1u))
		flow_check_victory_unhooked(k, st, log);
	return CRISK_OK;
}

static int is_chance(int dp)
{
	return dp == DP_DICE || dp == DP_STEAL || dp == DP_DEV_DRAW;
}

/* An action whose code fits the decision point, its rules checked and
 * applied, then the chance events it causes in automatic mode. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int apply_fitting_in(const kern *k, void *st, crisk_action a, evlog *log, const int plain,
				    const int listed)
{
	int rc = execute(k, st, a, log, plain, listed);
	if (rc)
		return rc;
	/* plain (kern.plain_turns): automatic chance and no victory hooks */
	if (plain || !k->cfg.explicit_chance) {
		while (is_chance(ks(st)->dp)) {
			int dice = ks(st)->dp == DP_DICE; /* production changes no VP */
			sample_chance(k, st, log);
			if (!dice || (!plain && k->victory_hooks))
				flow_check_victory(k, st, log);
		}
	}
	return CRISK_OK;
}

static inline int apply_fitting(const kern *k, void *st, crisk_action a, evlog *log)
{
	return apply_fitting_in(k, st, a, log, 0, 0);
}

void kern_auto_chance(const kern *k, void *st, evlog *log)
{
	if (k->cfg.explicit_chance)
		return;
	while (is_chance(ks(st)->dp)) {
		sample_chance(k, st, log);
		flow_check_victory(k, st, log);
	}
}

/* The chance events an action led to, in automatic mode: apply_fitting's
 * loop, apart for the calls below, which rarely need it. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void chance_after(const kern *k, void *st, evlog *log)
{
	while (is_chance(ks(st)->dp)) {
		int dice = ks(st)->dp == DP_DICE;
		sample_chance(k, st, log);
		if (!dice || k->victory_hooks)
			flow_check_victory(k, st, log);
	}
}

/* Every other action: apply_fitting with the frame its dispatch needs. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int apply_other(const kern *k, void *st, crisk_action a, evlog *log)
{
	return apply_fitting(k, st, a, log);
}
/* The same for kern.plain_turns, whose turn ends and rolls never come here. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int apply_other_plain(const kern *k, void *st, crisk_action a, evlog *log)
{
	return apply_fitting_in(k, st, a, log, 1, 0);
}
/* Both again for a listed code (kern_apply_listed): no rule function. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int apply_other_listed(const kern *k, void *st, crisk_action a, evlog *log)
{
	return apply_fitting_in(k, st, a, log, 0, 1);
}
#if defined(__GNUC__)
__attribute__((noinline))
#endif
int kern_apply_other_listed(const kern *k, void *st, crisk_action a, evlog *log)
{
	return apply_fitting_in(k, st, a, log, 1, 1);
}

/* A turn end, or a roll thrown at once (execute's first two cases), for
 * kern.plain_turns (automatic chance, no victory hooks), each in a small
 * function of its own that keeps nothing across its call.  No chance point
 * follows either, so apply_fitting's chance loop is left out: a turn end
 * leads to a special build phase, a paired part, the end of the game or the
 * next turn's pre-roll (a module's turn_start hook leaves no chance point:
 * asserted in flow.c), and the throws below end at the main phase, the
 * pre-roll of a second roll, a discard or the robber (back_to_active,
 * next_discarder_in; kern_throw_produced asks hk.produced, which
 * adds fish, after that).
 * Only kern_throw_hooked, whose hk.after_roll_dp may name any point, keeps
 * the loop (roll_hooked). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int end_turn(const kern *k, void *st, evlog *log)
{
	flow_end_turn(k, st, log);
	return CRISK_OK;
}
/* The roll without module hooks (base): the throw inline. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int roll_plain(const kern *k, void *st, evlog *log)
{
	throw_dice_except(k, st, 0, log, 0);
	return CRISK_OK;
}
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int roll_hooked(const kern *k, void *st, evlog *log)
{
	kern_throw_hooked(k, st, log);
	if (is_chance(ks(st)->dp))
		chance_after(k, st, log);
	return CRISK_OK;
}
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int roll_thrown(const kern *k, void *st, evlog *log)
{
	k->throw_hooked(k, st, log); /* kern_throw_produced or kern_throw_two */
	return CRISK_OK;
}
/* kern.roll (kern_init): the roll's function of the four above. */
int (*kern_roll_fn(const kern *k))(const kern *k, void *st, evlog *log)
{
	if (!k->dice_hooks)
		return roll_plain;
	if (k->throw_hooked == kern_throw_hooked)
		return roll_hooked;
	if (k->throw_hooked == kern_throw_produced) /* kern_throw_produced without a call between */
		return (k->b.n_node + 63) / 64 == 2 && k->owners == k->seats ? roll_produced2 /* k->nw, set after this */
										       : roll_produced;
	return roll_thrown;
}
/* The dispatch of both, inline in apply_split: tail calls only. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int apply_turn_or_roll(const kern *k, void *st, unsigned type, evlog *log, const int listed)
{
	if (type == CRISK_CATAN_END_TURN)
		return end_turn(k, st, log);
	kstate *h = ks(st);
	h->dp = DP_DICE;
	h->cur = CRISK_SEAT_CHANCE;
	if (listed)
		return k->roll(k, st, log);
	/* kern_apply_split: the same choice by tests (kern.roll's indirect call
	 * costs base's kern_apply_split two register moves on every path). */
	if (!k->dice_hooks)
		return roll_plain(k, st, log);
	if (k->throw_hooked == kern_throw_hooked)
		return roll_hooked(k, st, log);
	if (k->throw_hooked == kern_throw_produced)
		return roll_produced(k, st, log);
	return roll_thrown(k, st, log);
}

/* A roll of apply_split with kern.plain_turns, for kern_apply_split's
 * exact ROLL at DP_PRE_ROLL: as apply_turn_or_roll's listed form, through
 * kern.roll (the function its tests pick, kern_roll_fn). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int roll_split(const kern *k, void *st, evlog *log)
{
	return apply_turn_or_roll(k, st, CRISK_CATAN_ROLL, log, 1);
}

/* apply_fitting, with turn ends and the usual rolls (two steps in three of
 * a random game) taken apart from the frame of the other actions' dispatch.
 * Both calls are tail calls: no frame here. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int apply_split(const kern *k, void *st, crisk_action a, evlog *log, const int listed)
{
	unsigned type = ACT_TYPE(a);
	if (k->plain_turns) {
		if (type == CRISK_CATAN_END_TURN || type == CRISK_CATAN_ROLL)
			return apply_turn_or_roll(k, st, type, log, listed);
		return listed ? kern_apply_other_listed(k, st, a, log) : apply_other_plain(k, st, a, log);
	}
	return listed ? apply_other_listed(k, st, a, log) : apply_other(k, st, a, log);
}

int kern_apply(const kern *k, void *st, crisk_action a, evlog *log)
{
	/* The tests of the code inline; a refusal gets its message from the full check. */
	if (!kern_code_fits(st, a))
		return kern_check_code(k, st, a);
	return apply_fitting(k, st, a, log);
}

/* kern_apply_split's other codes: the code's tests, then apply_split.
 * Apart, so that the turn ends and rolls above need no frame. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int apply_split_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	if (!kern_code_fits(st, a))
		return kern_check_code(k, st, a);
	return apply_split(k, st, a, log, 0);
}

int kern_apply_split(const kern *k, void *st, crisk_action a, evlog *log)
{
	/* With kern.plain_turns, a turn end or a roll whose code is exact (no
	 * field bit) at its own decision point passes kern_code_fits and has
	 * no rule function: apply_split's tail calls at once, before the tests
	 * of the other codes. */
	const int dp = ks(st)->dp;
	if (((a == act_make(CRISK_CATAN_END_TURN, 0)) & (dp == DP_MAIN)) && k->plain_turns)
		return end_turn(k, st, log);
	if (((a == act_make(CRISK_CATAN_ROLL, 0)) & (dp == DP_PRE_ROLL)) && k->plain_turns)
		return roll_split(k, st, log);
	return apply_split_checked(k, st, a, log);
}

int kern_apply_listed(const kern *k, void *st, crisk_action a, evlog *log)
{
	return apply_split(k, st, a, log, 1);
}

/* Listed codes with kern.plain_turns, for a module that dispatches them by
 * type itself (hawaii's hw_rules.listed_apply): what kern_apply_listed
 * does with them, without its type tests (the turn end's,
 * kern_end_turn_listed, is in flow.c with the next turn's start inline).
 * A MARITIME_TRADE and a DISCARD as kern_apply_other_listed carries them
 * out: neither changes what victory reads (victory_unchanged), a maritime
 * trade stays in the main phase, and a discard ends at the next discard or
 * the robber (next_discarder_in; the loop over chance points is kept for a
 * module's after_roll_dp). */
int kern_maritime_listed(const kern *k, void *st, crisk_action a, evlog *log)
{
	int id = ACT_ID(a);
	assert(k->plain_turns && ACT_TYPE(a) == CRISK_CATAN_MARITIME_TRADE &&
	       kern_check_maritime(k, st, id & 0xFF, id >> 8) == CRISK_OK);
	maritime(k, st, id & 0xFF, id >> 8, log);
	return CRISK_OK;
}
int kern_discard_listed(const kern *k, void *st, crisk_action a, evlog *log)
{
	int id = ACT_ID(a);
	assert(k->plain_turns && ACT_TYPE(a) == CRISK_CATAN_DISCARD && kern_check_discard_one(k, st, id) == CRISK_OK);
	discard(k, st, UINT64_C(1) << (8 * id), log);
	if (is_chance(ks(st)->dp))
		chance_after(k, st, log);
	return CRISK_OK;
}
int kern_roll_listed(const kern *k, void *st, crisk_action a, evlog *log)
{
	(void)a;
	assert(k->plain_turns && ACT_TYPE(a) == CRISK_CATAN_ROLL);
	kstate *h = ks(st);
	h->dp = DP_DICE;
	h->cur = CRISK_SEAT_CHANCE;
	return k->roll(k, st, log);
}
