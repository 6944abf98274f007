/* Module two_player: its actions and decision points on top of the kernel's
 * (T-11..T-19): the neutral build obligation, trade tokens (forced trade,
 * robber to the desert, earning on settlements, knights for tokens).
 * Everything else goes to the kernel unchanged. */

#include "../../core/error.h"
#include "../catan_module.h"
#include "two_player.h"
#include "../../catan/playout_loop.h"
#include "../../catan/validate.h"

#define ARG0(a) ((int)((a) & 0xFFFFu))
#define ARG1(a) ((int)(((a) >> 16) & 0xFFu))

static crisk_action make2(unsigned type, int a0, int a1)
{
	return act_make(type, (uint64_t)a0 | (uint64_t)a1 << 16);
}

/* T-17: 1 token when your visible VP (B-107) is at most the opponent's, else 2. */
/* The module counts no VP of its own (no VP hooks: k->more_vp is 0), so
 * visible VP are the kernel's plain count (kvisible_vp_plain), which makes
 * no call.  Both seats have the same pieces (cfg.pieces), so the difference
 * of the two counts is that of the supplies left and of the two cards:
 * vp(s) - vp(o) = (supply_o - supply_s) of settlements + 2 x that of cities
 * + 2 x ((lr == s) - (lr == o)) + 2 x ((la == s) - (la == o)). */
static inline int token_cost(const kern *k, const void *st, int s)
{
	const kstate *h = ks(st);
	const int o = 1 - s;
	const kseat *me = kseat_of(k, st, s), *opp = kseat_of(k, st, o);
	int d = (opp->supply[PIECE_SETTLEMENT] - me->supply[PIECE_SETTLEMENT]) +
		2 * (opp->supply[PIECE_CITY] - me->supply[PIECE_CITY]) + 2 * ((h->lr == s) - (h->lr == o)) +
		2 * ((h->la == s) - (h->la == o));
	return d <= 0 ? 1 : 2;
}
int tp_token_cost(const kern *k, const void *st, int s)
{
	return token_cost(k, st, s);
}

/* ---- neutral builds (T-11..T-13) ---- */

int tp_neutral_road_ok(const kern *k, const void *st, int j, int path)
{
	return kseat_of(k, st, k->seats + j)->supply[PIECE_ROAD] && kern_road_ok(k, st, k->seats + j, path);
}

int tp_neutral_site_ok(const kern *k, const void *st, int j, int node)
{
	int o = k->seats + j;
	return kseat_of(k, st, o)->supply[PIECE_SETTLEMENT] && !knodes(k, st)[node] &&
	       !bit_get(kblocked(k, st), node) && bit_get(kreach(k, st, o), node);
}

#define NEUTRAL_PATH_WORDS 4

#if defined(__GNUC__)
#define TP_ALWAYS_INLINE inline __attribute__((always_inline))
#define TP_NOINLINE __attribute__((noinline))
#else
#define TP_ALWAYS_INLINE inline
#define TP_NOINLINE
#endif

/* neutral_road_set for pw path words and nw node words: constants on the
 * standard board (2 and 1), so that the loops unroll into registers. */
static TP_ALWAYS_INLINE int neutral_road_set_n(const kern *k, const void *st, int j, uint64_t *spots, const int pw,
					       const int nw)
{
	const int o = k->seats + j;
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	const uint64_t *reach = kreach(k, st, o);
	const int site = tpr(k)->site[j];
	uint64_t set[NEUTRAL_PATH_WORDS] = {0};
	for (int w = 0; w < nw; w++) {
		uint64_t m = reach[w];
		if (site >> 6 == w)
			m |= UINT64_C(1) << (site & 63);
		for (; m; m &= m - 1) {
			int n = w * 64 + bit_low(m);
			unsigned nb = nodes[n];
			if (nb ? (nb & NODE_OWNER_MASK) != (unsigned)o + 1 : bit_get(k->stop, n))
				continue;
			const uint64_t *at = k->node_paths + (size_t)n * (size_t)pw;
			for (int i = 0; i < pw; i++)
				set[i] |= at[i];
		}
	}
	uint64_t any = 0;
	for (int w = 0; w < pw; w++) {
		uint64_t keep = 0;
		for (uint64_t m = set[w]; m; m &= m - 1) {
			int b = bit_low(m);
			keep |= (uint64_t)(paths[w * 64 + b] == 0) << b;
		}
		spots[w] = keep;
		any |= keep;
	}
	return any != 0;
}

/* The legal roads of neutral j (T-12; B-69, B-70 as kern_road_ok) as a
 * bitset of k->pw words: the empty paths that take a road at an anchor of
 * j, i.e. an intersection holding its building, or empty, at the end of one
 * of its roads and not a named location (H-45).  Its buildings are its start
 * settlement (T-5) and settlements at its road ends (T-12; tp_ext_check
 * refuses others), so the anchors are found among its reach and its start
 * intersection, from a few bitset words rather than by testing all paths:
 * the neutrals' builds are listed after almost every road and settlement of
 * a seat (T-11).  Returns whether the set is not empty.  The derivation of
 * tp_ext.roads and its check; on boards above 128 paths, the lister. */
static int neutral_road_set(const kern *k, const void *st, int j, uint64_t *spots)
{
	if (k->pw == 2 && k->nw == 1)
		return neutral_road_set_n(k, st, j, spots, 2, 1);
	return neutral_road_set_n(k, st, j, spots, k->pw, k->nw);
}

/* ---- the derived road sets (tp_ext.roads) ---- */

void tp_derive_roads(const kern *k, void *st)
{
	tp_ext *x = tpx(k, st);
	for (int j = 0; j < TP_NEUTRALS; j++) {
		uint64_t spots[NEUTRAL_PATH_WORDS] = {0};
		if (tpr(k)->derived)
			neutral_road_set(k, st, j, spots);
		for (int w = 0; w < TP_ROAD_WORDS; w++)
			x->roads[j][w] = spots[w];
	}
}

int tp_roads_match(const kern *k, const void *st)
{
	const tp_ext *x = tpx(k, st);
	for (int j = 0; j < TP_NEUTRALS; j++) {
		uint64_t spots[NEUTRAL_PATH_WORDS] = {0};
		if (tpr(k)->derived)
			neutral_road_set(k, st, j, spots);
		for (int w = 0; w < TP_ROAD_WORDS; w++) {
			if (x->roads[j][w] != spots[w])
				return 0;
		}
	}
	return 1;
}

/* A road now stands on path p: no neutral may build there. */
static void roads_taken(const kern *k, void *st, int p)
{
	tp_ext *x = tpx(k, st);
	for (int j = 0; j < TP_NEUTRALS; j++)
		x->roads[j][p >> 6] &= ~(UINT64_C(1) << (p & 63));
}

/* Intersection n has just become an anchor of neutral j (the end of its
 * new road, or its new settlement), or already was one: its empty road
 * paths join j's set. */
static void roads_anchor(const kern *k, void *st, int j, int n)
{
	const int o = k->seats + j;
	unsigned nb = knodes(k, st)[n];
	if (nb ? (nb & NODE_OWNER_MASK) != (unsigned)o + 1 : bit_get(k->stop, n))
		return;
	const uint8_t *paths = kpaths(k, st);
	const bnode *bn = &k->b.node[n];
	tp_ext *x = tpx(k, st);
	for (int i = 0; i < bn->deg; i++) {
		int p = bn->path[i];
		if (!paths[p] && kern_road_path(k, p))
			x->roads[j][p >> 6] |= UINT64_C(1) << (p & 63);
	}
}

/* A building of another owner than neutral j now stands on n: if n was an
 * end of j's roads it is no anchor of j any more, and a path there may
 * still be reached from its other end, so j's set is made again. */
static void roads_blocked(const kern *k, void *st, int n, int except)
{
	tp_ext *x = tpx(k, st);
	for (int j = 0; j < TP_NEUTRALS; j++) {
		if (j == except || !bit_get(kreach(k, st, k->seats + j), n))
			continue;
		uint64_t spots[NEUTRAL_PATH_WORDS];
		neutral_road_set(k, st, j, spots);
		for (int w = 0; w < TP_ROAD_WORDS; w++)
			x->roads[j][w] = spots[w];
	}
}

/* Lists (or, with o NULL, finds) the legal neutral builds in code order:
 * the roads of N0, of N1, then the settlements of N0, of N1. */
static int neutral_builds(const kern *k, const void *st, action_out *o)
{
	const int few_paths = k->pw <= NEUTRAL_PATH_WORDS;
	for (int j = 0; j < TP_NEUTRALS; j++) {
		uint64_t spots[NEUTRAL_PATH_WORDS];
		if (!kseat_of(k, st, k->seats + j)->supply[PIECE_ROAD])
			continue;
		if (tpr(k)->derived) {
			_Static_assert(TP_ROAD_WORDS == 2, "two words tested at once");
			const uint64_t *roads = tpx(k, st)->roads[j];
			if (!(roads[0] | roads[1]))
				continue;
			if (!o)
				return 1;
			for (int w = 0; w < TP_ROAD_WORDS; w++) {
				for (uint64_t m = roads[w]; m; m &= m - 1)
					out_put(o, make2(CRISK_TP_NEUTRAL_ROAD, w * 64 + bit_low(m), j));
			}
			continue;
		}
		if (few_paths) {
			if (!neutral_road_set(k, st, j, spots))
				continue;
			if (!o)
				return 1;
			for (int w = 0; w < k->pw; w++) {
				for (uint64_t m = spots[w]; m; m &= m - 1)
					out_put(o, make2(CRISK_TP_NEUTRAL_ROAD, w * 64 + bit_low(m), j));
			}
			continue;
		}
		for (int p = 0; p < k->b.n_path; p++) { /* large boards: every path */
			if (!tp_neutral_road_ok(k, st, j, p))
				continue;
			if (!o)
				return 1;
			out_put(o, make2(CRISK_TP_NEUTRAL_ROAD, p, j));
		}
	}
	/* Sites: empty, not blocked and at the end of one of the neutral's roads. */
	const uint64_t *blocked = kblocked(k, st);
	for (int j = 0; j < TP_NEUTRALS; j++) {
		if (!kseat_of(k, st, k->seats + j)->supply[PIECE_SETTLEMENT])
			continue;
		const uint64_t *reach = kreach(k, st, k->seats + j);
		for (int w = 0; w < k->nw; w++) {
			for (uint64_t m = reach[w] & ~blocked[w]; m; m &= m - 1) {
				int n = w * 64 + bit_low(m);
				if (n >= k->b.n_node)
					break;
				if (!tp_neutral_site_ok(k, st, j, n))
					continue;
				if (!o)
					return 1;
				out_put(o, make2(CRISK_TP_NEUTRAL_SETTLEMENT, n, j));
			}
		}
	}
	return 0;
}

/* The intersections of word w where neutral j may settle (T-12): at the end
 * of one of its roads, empty and not blocked (B-75). */
static inline uint64_t neutral_sites_word(const kern *k, const void *st, int j, int w)
{
	uint64_t m = kreach(k, st, k->seats + j)[w] & ~kblocked(k, st)[w] & ~koccupied(k, st)[w];
	if (w == k->nw - 1 && (k->b.n_node & 63))
		m &= (UINT64_C(1) << (k->b.n_node & 63)) - 1;
	return m;
}

/* neutral_builds on the derived road sets (tp_rules.derived): the codes
 * written straight into buf, in the same order. */
static size_t list_neutral_derived(const kern *k, const void *st, crisk_action *buf, size_t cap)
{
	const tp_ext *x = tpx(k, st);
	size_t n = 0;
	for (int j = 0; j < TP_NEUTRALS; j++) {
		if (!kseat_of(k, st, k->seats + j)->supply[PIECE_ROAD])
			continue;
		const crisk_action code = make2(CRISK_TP_NEUTRAL_ROAD, 0, j);
		for (int w = 0; w < TP_ROAD_WORDS; w++) {
			for (uint64_t m = x->roads[j][w]; m; m &= m - 1) {
				if (n < cap)
					buf[n] = code | (crisk_action)(w * 64 + bit_low(m));
				n++;
			}
		}
	}
	for (int j = 0; j < TP_NEUTRALS; j++) {
		if (!kseat_of(k, st, k->seats + j)->supply[PIECE_SETTLEMENT])
			continue;
		const crisk_action code = make2(CRISK_TP_NEUTRAL_SETTLEMENT, 0, j);
		for (int w = 0; w < k->nw; w++) {
			for (uint64_t m = neutral_sites_word(k, st, j, w); m; m &= m - 1) {
				if (n < cap)
					buf[n] = code | (crisk_action)(w * 64 + bit_low(m));
				n++;
			}
		}
	}
	return n;
}

int tp_any_neutral_build(const kern *k, const void *st)
{
	if (!tpr(k)->derived)
		return neutral_builds(k, st, NULL);
	const tp_ext *x = tpx(k, st);
	for (int j = 0; j < TP_NEUTRALS; j++) {
		if (kseat_of(k, st, k->seats + j)->supply[PIECE_ROAD] && (x->roads[j][0] | x->roads[j][1]))
			return 1;
	}
	for (int j = 0; j < TP_NEUTRALS; j++) {
		if (!kseat_of(k, st, k->seats + j)->supply[PIECE_SETTLEMENT])
			continue;
		for (int w = 0; w < k->nw; w++) {
			if (neutral_sites_word(k, st, j, w))
				return 1;
		}
	}
	return 0;
}

static void gain_tokens(const kern *k, void *st, int s, int n, int why, evlog *log)
{
	tp_ext *x = tpx(k, st);
	if (n > x->supply) /* T-16: the supply is a hard limit */
		n = x->supply;
	if (n <= 0)
		return;
	x->supply = (uint8_t)(x->supply - n);
	x->tokens[s] = (uint8_t)(x->tokens[s] + n);
	ev *e = ev_push(log, CRISK_TP_EV_TOKENS, s, -1);
	if (e) {
		e->args[0] = n;
		e->args[1] = why;
		e->args[2] = x->tokens[s];
	}
}

/* Kernel hook after the active seat placed a road or settlement. */
void tp_after_build(const kern *k, void *st, int piece, int id, int how, evlog *log)
{
	kstate *h = ks(st);
	if (tpr(k)->derived) {
		if (piece == PIECE_ROAD)
			roads_taken(k, st, id);
		else
			roads_blocked(k, st, id, -1);
	}
	if (piece == PIECE_SETTLEMENT) { /* T-18, T-7: desert 2, coast 1 */
		const bnode *bn = &k->b.node[id];
		int desert = 0;
		for (int i = 0; i < bn->n_hex; i++)
			desert |= k->hex_res[bn->hex[i]] == 0xFF;
		gain_tokens(k, st, h->active, 2 * desert + (bn->coastal ? 1 : 0), 0, log);
	}
	if (how == 2) /* set-up placements build nothing for the neutrals */
		return;
	if (ktotal_vp(k, st, h->active) >= k->cfg.vp_target)
		return; /* the build wins at once (B-105): no neutral build follows */
	if (!tp_any_neutral_build(k, st)) { /* T-13 [D]: the obligation lapses */
		ev_push(log, CRISK_TP_EV_NEUTRAL_LAPSE, h->active, -1);
		return;
	}
	tpx(k, st)->neutral_ret = h->dp;
	h->dp = DP_TP_NEUTRAL;
	h->cur = (int8_t)h->active;
}

/* After the neutral build: back where the seat's own build left off; a
 * pending free road is dropped when the neutral took its last path (B-81). */
static void neutral_done(const kern *k, void *st)
{
	kstate *h = ks(st);
	tp_ext *x = tpx(k, st);
	h->dp = x->neutral_ret;
	x->neutral_ret = 0;
	h->cur = (int8_t)h->active;
	if (h->dp == DP_FREE_ROAD && !(kseat_of(k, st, h->active)->supply[PIECE_ROAD] && kern_any_road(k, st, h->active))) {
		h->free_roads = 0;
		h->dp = h->ret;
	}
}

static void neutral_build(const kern *k, void *st, unsigned type, int id, int j, evlog *log)
{
	kstate *h = ks(st);
	int o = k->seats + j;
	ev *e;
	if (type == CRISK_TP_NEUTRAL_ROAD) {
		flow_add_road(k, st, o, id);
		if (tpr(k)->derived) {
			roads_taken(k, st, id);
			roads_anchor(k, st, j, k->b.path[id].node[0]);
			roads_anchor(k, st, j, k->b.path[id].node[1]);
		}
		e = ev_push(log, CRISK_TP_EV_NEUTRAL_ROAD, h->active, -1);
		if (e) {
			e->args[0] = j;
			e->args[1] = id;
		}
		/* T-15: a neutral's Longest Road as a seat's (B-88: only trails
		 * through the new road can be longer). */
		flow_update_longest_road_at(k, st, o, id, log);
	} else {
		flow_place_building(k, st, o, id);
		if (tpr(k)->derived) {
			roads_anchor(k, st, j, id);
			roads_blocked(k, st, id, j);
		}
		e = ev_push(log, CRISK_TP_EV_NEUTRAL_SETTLEMENT, h->active, -1);
		if (e) {
			e->args[0] = j;
			e->args[1] = id;
		}
		flow_update_longest_road(k, st, o, id, log);
	}
	neutral_done(k, st);
}

/* ---- tokens (T-17, T-19) ---- */

static int can_pay_token(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	const tp_ext *x = tpx(k, st);
	if (x->token_used || x->tokens[h->active] < 1)
		return 0;
	/* The cost is 1 or 2 (T-17): only a seat with a single token needs the
	 * visible VP of both seats, which the main phase's listing asks for at
	 * every step. */
	return x->tokens[h->active] >= 2 || tp_token_cost(k, st, h->active) <= 1;
}

static inline int knight_swap_ok(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	const tp_ext *x = tpx(k, st);
	return !x->knight_swapped && kseat_of(k, st, h->active)->knights >= 1 && x->supply >= 2;
}

static void pay_tokens(const kern *k, void *st, int n)
{
	tp_ext *x = tpx(k, st);
	int s = ks(st)->active;
	x->tokens[s] = (uint8_t)(x->tokens[s] - n);
	x->supply = (uint8_t)(x->supply + n);
	x->token_used = 1;
}

/* T-19 [D]: Largest Army after a knight left play, like Longest Road after a break. */
static void largest_army_again(const kern *k, void *st, evlog *log)
{
	kstate *h = ks(st);
	int best = 0, n_best = 0, top = NO_SEAT;
	for (int s = 0; s < k->seats; s++) {
		int n = kseat_of(k, st, s)->knights;
		if (n > best) {
			best = n;
			n_best = 1;
			top = s;
		} else if (n == best) {
			n_best++;
		}
	}
	int holder = h->la;
	if (best < 3)
		holder = NO_SEAT;
	else if (holder >= 0 && kseat_of(k, st, holder)->knights == best)
		;
	else if (n_best == 1)
		holder = top;
	else
		holder = NO_SEAT;
	if (holder != h->la) {
		h->la = (int8_t)holder;
		ev *e = ev_push(log, CRISK_CATAN_EV_LARGEST_ARMY, holder, -1);
		if (e)
			e->args[0] = best;
	}
}

static void move_cards(kseat *from, kseat *to, int r, int n)
{
	from->hand[r] = (uint8_t)(from->hand[r] - n);
	from->cards = (uint8_t)(from->cards - n);
	to->hand[r] = (uint8_t)(to->hand[r] + n);
	to->cards = (uint8_t)(to->cards + n);
}

static void resolve_draw(const kern *k, void *st, int r1, int r2, evlog *log)
{
	kstate *h = ks(st);
	tp_ext *x = tpx(k, st);
	kseat *me = kseat_of(k, st, h->active), *opp = kseat_of(k, st, 1 - h->active);
	move_cards(opp, me, r1, 1);
	x->drawn[r1]++;
	if (r2 != CRISK_TP_NO_CARD) {
		move_cards(opp, me, r2, 1);
		x->drawn[r2]++;
	}
	ev *e = ev_push(log, CRISK_TP_EV_DRAW, h->active, 1 - h->active);
	if (e) {
		e->args[0] = r1;
		e->args[1] = r2;
		e->hidden = 3;
		e->see_mask = 3;
	}
	h->dp = DP_TP_GIVE;
	h->cur = (int8_t)h->active;
}

/* Walks counts to the k-th card. */
static int pick_card(const uint8_t *counts, uint32_t k)
{
	for (int r = 0; r < NUM_RES; r++) {
		if (k < counts[r])
			return r;
		k -= counts[r];
	}
	return NUM_RES - 1;
}

/* Auto chance: two cards drawn one after the other from the opponent's hand. */
static void sample_draw(const kern *k, void *st, evlog *log)
{
	kstate *h = ks(st);
	const kseat *opp = kseat_of(k, st, 1 - h->active);
	uint8_t left[NUM_RES];
	for (int r = 0; r < NUM_RES; r++)
		left[r] = opp->hand[r];
	int n = opp->cards;
	int r1 = pick_card(left, rng_uniform(&h->rng, (uint32_t)n)), r2 = CRISK_TP_NO_CARD;
	if (n >= 2) {
		left[r1]--;
		r2 = pick_card(left, rng_uniform(&h->rng, (uint32_t)(n - 1)));
		if (r2 < r1) {
			int t = r1;
			r1 = r2;
			r2 = t;
		}
	}
	resolve_draw(k, st, r1, r2, log);
}

static void execute(const kern *k, void *st, crisk_action a, evlog *log)
{
	kstate *h = ks(st);
	tp_ext *x = tpx(k, st);
	unsigned type = ACT_TYPE(a);
	int s = h->active;
	ev *e;
	switch (type) {
	case CRISK_TP_NEUTRAL_ROAD:
	case CRISK_TP_NEUTRAL_SETTLEMENT:
		neutral_build(k, st, type, ARG0(a), ARG1(a), log);
		break;
	case CRISK_TP_FORCED_TRADE: {
		int cost = tp_token_cost(k, st, s);
		pay_tokens(k, st, cost);
		e = ev_push(log, CRISK_TP_EV_FORCED_TRADE, s, 1 - s);
		if (e)
			e->args[0] = cost;
		h->dp = DP_TP_DRAW;
		h->cur = CRISK_SEAT_CHANCE;
		break;
	}
	case CRISK_TP_DRAW_RESULT:
		resolve_draw(k, st, ARG0(a), ARG1(a), log);
		break;
	case CRISK_TP_GIVE: {
		kseat *me = kseat_of(k, st, s), *opp = kseat_of(k, st, 1 - s);
		move_cards(me, opp, ARG0(a), 1);
		move_cards(me, opp, ARG1(a), 1);
		for (int r = 0; r < NUM_RES; r++)
			x->drawn[r] = 0;
		e = ev_push(log, CRISK_TP_EV_GIVE, s, 1 - s);
		if (e) {
			e->args[0] = ARG0(a) < ARG1(a) ? ARG0(a) : ARG1(a);
			e->args[1] = ARG0(a) < ARG1(a) ? ARG1(a) : ARG0(a);
			e->hidden = 3;
			e->see_mask = 3;
		}
		h->dp = DP_MAIN;
		break;
	}
	case CRISK_TP_ROBBER_DESERT: {
		int cost = tp_token_cost(k, st, s);
		pay_tokens(k, st, cost);
		h->robber = tpr(k)->desert;
		e = ev_push(log, CRISK_TP_EV_ROBBER_DESERT, s, -1);
		if (e) {
			e->args[0] = cost;
			e->args[1] = h->robber;
		}
		break;
	}
	default: { /* KNIGHT_TOKENS */
		kseat *p = kseat_of(k, st, s);
		p->knights--;
		x->knights_out[s]++;
		x->knight_swapped = 1;
		e = ev_push(log, CRISK_TP_EV_KNIGHT_TOKENS, s, -1);
		if (e) {
			e->args[0] = 2;
			e->args[1] = p->knights;
		}
		gain_tokens(k, st, s, 2, 1, log);
		largest_army_again(k, st, log);
		break;
	}
	}
}

/* ---- validation ---- */

static int check_res(int r)
{
	if (r >= NUM_RES)
		return err_set(CRISK_EILLEGAL, "%d is not a resource type (0..4)", r);
	return CRISK_OK;
}

static int check_neutral(const kern *k, const void *st, unsigned type, int id, int j)
{
	if (j >= TP_NEUTRALS)
		return err_set(CRISK_EILLEGAL, "neutral %d does not exist (0 = N0, 1 = N1)", j);
	if (type == CRISK_TP_NEUTRAL_ROAD) {
		if (id >= k->b.n_path)
			return err_set(CRISK_EILLEGAL, "there is no path %d (the board has %d)", id, k->b.n_path);
		if (!kseat_of(k, st, k->seats + j)->supply[PIECE_ROAD])
			return err_set(CRISK_EILLEGAL, "neutral N%d has no road left (T-2)", j);
		if (!kern_road_ok(k, st, k->seats + j, id))
			return err_set(CRISK_EILLEGAL, "path %d is %s for neutral N%d (T-12)", id,
				       kpaths(k, st)[id] ? "taken" : "not connected to its network", j);
		return CRISK_OK;
	}
	if (id >= k->b.n_node)
		return err_set(CRISK_EILLEGAL, "there is no intersection %d (the board has %d)", id, k->b.n_node);
	if (!kseat_of(k, st, k->seats + j)->supply[PIECE_SETTLEMENT])
		return err_set(CRISK_EILLEGAL, "neutral N%d has no settlement left (T-2)", j);
	if (knodes(k, st)[id] || bit_get(kblocked(k, st), id))
		return err_set(CRISK_EILLEGAL, "intersection %d is taken or too close to a building (distance rule, B-75, T-12)",
			       id);
	if (!bit_get(kreach(k, st, k->seats + j), id))
		return err_set(CRISK_EILLEGAL, "intersection %d touches no road of neutral N%d (T-12)", id, j);
	return CRISK_OK;
}

static int check_draw(const kern *k, const void *st, int r1, int r2)
{
	const kseat *opp = kseat_of(k, st, 1 - ks(st)->active);
	int rc = check_res(r1);
	if (rc)
		return rc;
	if (opp->cards == 1) {
		if (r2 != CRISK_TP_NO_CARD)
			return err_set(CRISK_EILLEGAL, "the opponent holds 1 card: the draw is that card alone (T-17)");
		if (!opp->hand[r1])
			return err_set(CRISK_EILLEGAL, "impossible outcome: the opponent has no %s (probability 0)",
				       kern_res_names[r1]);
		return CRISK_OK;
	}
	if ((rc = check_res(r2)))
		return rc;
	if (r1 > r2)
		return err_set(CRISK_EILLEGAL, "list the drawn cards in resource order (%s before %s)", kern_res_names[r2],
			       kern_res_names[r1]);
	if (opp->hand[r1] < 1 + (r1 == r2) || opp->hand[r2] < 1)
		return err_set(CRISK_EILLEGAL, "impossible outcome: the opponent does not hold %s and %s (probability 0)",
			       kern_res_names[r1], kern_res_names[r2]);
	return CRISK_OK;
}

/* T-17 [D]: the 2 given cards come from the hand held before the draw. */
static int check_give(const kern *k, const void *st, int r1, int r2)
{
	const kseat *me = kseat_of(k, st, ks(st)->active);
	const tp_ext *x = tpx(k, st);
	if (r1 >= NUM_RES || r2 >= NUM_RES)
		return check_res(r1 >= NUM_RES ? r1 : r2);
	if (me->hand[r1] - x->drawn[r1] < 1 + (r1 == r2) || me->hand[r2] - x->drawn[r2] < 1)
		return err_set(CRISK_EILLEGAL, "you held no %s%s%s before the draw; give 2 cards from that hand (T-17)",
			       r1 == r2 ? "2 " : "", kern_res_names[r1], r1 == r2 ? "" : " and one of the other");
	return CRISK_OK;
}

static int token_refusal(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	const tp_ext *x = tpx(k, st);
	if (x->token_used)
		return err_set(CRISK_EILLEGAL, "you already used a token action this turn (T-17)");
	int cost = tp_token_cost(k, st, h->active);
	return err_set(CRISK_EILLEGAL, "this token action costs %d token%s and you hold %d (T-17)", cost,
		       cost == 1 ? "" : "s", x->tokens[h->active]);
}

static int wrong_point(const kern *k, const void *st)
{
	(void)k;
	const kstate *h = ks(st);
	static const char *const what[3] = {"build a road or settlement for a neutral player (T-11)",
					    "draw the forced trade's cards", "give 2 cards for the forced trade (T-17)"};
	int i = h->dp - DP_TP_NEUTRAL;
	if (h->cur == CRISK_SEAT_CHANCE)
		return err_set(CRISK_EILLEGAL, "that action belongs to another decision point (now: chance must %s)", what[i]);
	return err_set(CRISK_EILLEGAL, "that action belongs to another decision point (now: seat %d must %s)", h->cur,
		       what[i]);
}

int tp_check(const void *data, const void *st, crisk_action a)
{
	const kern *k = data;
	const kstate *h = ks(st);
	unsigned type = ACT_TYPE(a);
	int phase = tp_own_phase(h->dp); /* tp_module_phase, inline */
	if (!phase && !tp_is_module_type(type))
		return kern_check(k, st, a);
	int rc = kern_check_fields(a, CRISK_EILLEGAL);
	if (rc)
		return rc;
	if (h->dp == DP_GAME_OVER)
		return err_set(CRISK_EILLEGAL, "the game is over");
	int fits;
	switch (type) {
	case CRISK_TP_NEUTRAL_ROAD:
	case CRISK_TP_NEUTRAL_SETTLEMENT:
		fits = h->dp == DP_TP_NEUTRAL;
		break;
	case CRISK_TP_DRAW_RESULT:
		fits = h->dp == DP_TP_DRAW;
		break;
	case CRISK_TP_GIVE:
		fits = h->dp == DP_TP_GIVE;
		break;
	case CRISK_TP_FORCED_TRADE:
	case CRISK_TP_ROBBER_DESERT:
		fits = h->dp == DP_MAIN;
		break;
	case CRISK_TP_KNIGHT_TOKENS:
		fits = h->dp == DP_MAIN || h->dp == DP_PRE_ROLL;
		break;
	default:
		fits = 0;
		break;
	}
	if (!fits) {
		if (phase)
			return wrong_point(k, st);
		if (type == CRISK_TP_FORCED_TRADE || type == CRISK_TP_ROBBER_DESERT)
			return err_set(CRISK_EILLEGAL, "token actions come after both rolls, in your main phase (T-17)");
		return kern_check(k, st, a); /* explains the current decision point */
	}
	switch (type) {
	case CRISK_TP_NEUTRAL_ROAD:
	case CRISK_TP_NEUTRAL_SETTLEMENT:
		return check_neutral(k, st, type, ARG0(a), ARG1(a));
	case CRISK_TP_DRAW_RESULT:
		return check_draw(k, st, ARG0(a), ARG1(a));
	case CRISK_TP_GIVE:
		return check_give(k, st, ARG0(a), ARG1(a));
	case CRISK_TP_FORCED_TRADE:
		if (!can_pay_token(k, st))
			return token_refusal(k, st);
		if (kseat_of(k, st, 1 - h->active)->cards < 1)
			return err_set(CRISK_EILLEGAL, "a forced trade needs the opponent to hold a card (T-17)");
		if (kseat_of(k, st, h->active)->cards < 2)
			return err_set(CRISK_EILLEGAL, "a forced trade needs 2 cards in your hand to give (T-17)");
		return CRISK_OK;
	case CRISK_TP_ROBBER_DESERT:
		if (tpr(k)->desert == BOARD_NONE)
			return err_set(CRISK_EILLEGAL, "this board has no desert (T-17)");
		if (h->robber == tpr(k)->desert)
			return err_set(CRISK_EILLEGAL, "the robber is already in the desert (T-17)");
		if (!can_pay_token(k, st))
			return token_refusal(k, st);
		return CRISK_OK;
	default: /* KNIGHT_TOKENS */
		if (tpx(k, st)->knight_swapped)
			return err_set(CRISK_EILLEGAL, "you already discarded a knight for tokens this turn (T-19)");
		if (!kseat_of(k, st, h->active)->knights)
			return err_set(CRISK_EILLEGAL, "you have no played knight to discard (T-19)");
		if (tpx(k, st)->supply < 2)
			return err_set(CRISK_EILLEGAL, "the token supply holds %d, fewer than 2 (T-19)", tpx(k, st)->supply);
		return CRISK_OK;
	}
}

/* ---- legal actions and chance ---- */

/* The module's own decision points (T-11, T-17): out of the hot path. */
static TP_NOINLINE size_t tp_list_own(const kern *k, const void *st, crisk_action *buf, size_t cap)
{
	const kstate *h = ks(st);
	action_out o = {buf, cap, 0};
	switch (h->dp) {
	case DP_TP_NEUTRAL:
		if (tpr(k)->derived)
			return list_neutral_derived(k, st, buf, cap);
		neutral_builds(k, st, &o);
		return o.n;
	case DP_TP_DRAW: {
		const kseat *opp = kseat_of(k, st, 1 - h->active);
		if (opp->cards == 1) {
			for (int r = 0; r < NUM_RES; r++) {
				if (opp->hand[r])
					out_put(&o, make2(CRISK_TP_DRAW_RESULT, r, CRISK_TP_NO_CARD));
			}
			return o.n;
		}
		for (int r2 = 0; r2 < NUM_RES; r2++) {
			for (int r1 = 0; r1 <= r2; r1++) {
				if (opp->hand[r2] && opp->hand[r1] >= 1 + (r1 == r2))
					out_put(&o, make2(CRISK_TP_DRAW_RESULT, r1, r2));
			}
		}
		return o.n;
	}
	default: { /* DP_TP_GIVE */
		const kseat *me = kseat_of(k, st, h->active);
		const tp_ext *x = tpx(k, st);
		for (int r2 = 0; r2 < NUM_RES; r2++) {
			for (int r1 = 0; r1 <= r2; r1++) {
				if (me->hand[r2] - x->drawn[r2] >= 1 && me->hand[r1] - x->drawn[r1] >= 1 + (r1 == r2))
					out_put(&o, make2(CRISK_TP_GIVE, r1, r2));
			}
		}
		return o.n;
	}
	}
}

/* The knight for tokens (T-19) after n codes. */
static TP_ALWAYS_INLINE size_t put_knight_swap(const kern *k, const void *st, crisk_action *buf, size_t cap, size_t n)
{
	if (knight_swap_ok(k, st)) {
		if (n < cap)
			buf[n] = act_make(CRISK_TP_KNIGHT_TOKENS, 0);
		n++;
	}
	return n;
}

/* The token actions (T-17), if the seat can pay a token for one. */
static TP_ALWAYS_INLINE size_t put_token_actions(const kern *k, const void *st, crisk_action *buf, size_t cap, size_t n)
{
	const kstate *h = ks(st);
	const tp_ext *x = tpx(k, st);
	const int s = h->active;
	action_out o = {buf, cap, n};
	int trade = kseat_of(k, st, 1 - s)->cards >= 1 && kseat_of(k, st, s)->cards >= 2;
	int desert = tpr(k)->desert != BOARD_NONE && h->robber != tpr(k)->desert;
	if ((trade | desert) && (x->tokens[s] >= 2 || token_cost(k, st, s) <= 1)) {
		if (trade)
			out_put(&o, act_make(CRISK_TP_FORCED_TRADE, 0));
		if (desert)
			out_put(&o, act_make(CRISK_TP_ROBBER_DESERT, 0));
	}
	return o.n;
}
/* The token actions (T-17) then the knight for tokens, for a seat that
 * holds a token and has not used one this turn: apart, so that the usual
 * list (no token to pay) needs no frame. */
static TP_NOINLINE size_t main_more_tokens(const kern *k, const void *st, crisk_action *buf, size_t cap, size_t n)
{
	return put_knight_swap(k, st, buf, cap, put_token_actions(k, st, buf, cap, n));
}

/* The module's codes of the main phase (T-17, T-19) after the kernel's n,
 * in code order: forced trade, robber to the desert, knight for tokens.
 * The token test (can_pay_token) is made once for both token actions.
 * `split`: the token actions apart (main_more_tokens), so that the usual
 * list, with no token to pay, needs no frame: the kernel lists the main
 * phase and calls tp_main_more as its tail call (kern_legal_main_more,
 * hooks.h main_more); the playout loop inlines it whole in its own frame. */
static TP_ALWAYS_INLINE size_t main_more(const kern *k, const void *st, crisk_action *buf, size_t cap, size_t n,
					 const int split)
{
	const kstate *h = ks(st);
	const tp_ext *x = tpx(k, st);
	const int s = h->active;
	if (!x->token_used && x->tokens[s]) {
		if (split)
			return main_more_tokens(k, st, buf, cap, n);
		n = put_token_actions(k, st, buf, cap, n);
	}
	return put_knight_swap(k, st, buf, cap, n);
}
size_t tp_main_more(const kern *k, const void *st, crisk_action *buf, size_t cap, size_t n)
{
	return main_more(k, st, buf, cap, n, 1);
}

/* The pre-roll with a card to play or a knight to discard (T-10, T-19). */
static TP_NOINLINE size_t tp_list_pre_roll(const kern *k, const void *st, crisk_action *buf, size_t cap)
{
	size_t n;
	if (!kern_holds_action_card(k, st)) {
		if (cap)
			buf[0] = act_make(CRISK_CATAN_ROLL, 0);
		n = 1;
	} else {
		n = kern_legal_other(k, st, buf, cap);
	}
	if (knight_swap_ok(k, st)) {
		if (n < cap)
			buf[n] = act_make(CRISK_TP_KNIGHT_TOKENS, 0);
		n++;
	}
	return n;
}

/* The list, with domestic offers only when `offers` is set.  The main
 * phase and the rolls first, as kern_legal_offers takes them; the other
 * kernel points go straight to kern_legal_other (kern_legal_offers' own
 * choice for them).  Each branch ends in a jump: no frame here; the main
 * phase is the kernel's lister with the module's codes as its tail call,
 * except in the playout loop (`inline_main`), which keeps the list in its
 * own frame. */
static TP_ALWAYS_INLINE size_t tp_list_at(const void *data, const void *st, int offers, crisk_action *buf, size_t cap,
					  const int inline_main)
{
	const kern *k = data;
	const kstate *h = ks(st);
	if (h->dp == DP_MAIN) {
		if (inline_main)
			return main_more(k, st, buf, cap, kern_legal_main(k, st, offers, buf, cap), 0);
		return kern_legal_main_more(k, st, offers, buf, cap);
	}
	if (h->dp == DP_PRE_ROLL) {
		/* Mostly a roll alone: no card to play, no knight to discard. */
		if (!kern_holds_action_card(k, st) && !knight_swap_ok(k, st)) {
			if (cap)
				buf[0] = act_make(CRISK_CATAN_ROLL, 0);
			return 1;
		}
		return tp_list_pre_roll(k, st, buf, cap);
	}
	if (!tp_own_phase(h->dp))
		return kern_legal_other(k, st, buf, cap);
	return tp_list_own(k, st, buf, cap);
}

static size_t tp_list(const void *data, const void *st, int offers, crisk_action *buf, size_t cap)
{
	return tp_list_at(data, st, offers, buf, cap, 0);
}

/* The playout loop keeps the main phase's list in its own frame: the
 * kernel's lister, then the module's codes inline. */
static TP_ALWAYS_INLINE size_t tp_list_playout(const void *data, const void *st, int offers, crisk_action *buf,
					       size_t cap)
{
	return tp_list_at(data, st, offers, buf, cap, 1);
}

size_t tp_legal(const void *data, const void *st, crisk_action *buf, size_t cap)
{
	return tp_list(data, st, 1, buf, cap);
}

size_t tp_legal_except(const void *data, const void *st, uint64_t skip_types, crisk_action *buf, size_t cap)
{
	return tp_list(data, st, kern_lists_offers(skip_types), buf, cap);
}

int tp_chance(const void *data, const void *st, crisk_action *acts, double *probs, size_t cap, size_t *count)
{
	const kern *k = data;
	const kstate *h = ks(st);
	if (h->dp != DP_TP_DRAW)
		return kern_chance(k, st, acts, probs, cap, count);
	crisk_action tmp[16];
	size_t n = tp_legal(k, st, tmp, 16);
	*count = n;
	if (cap < n)
		return err_set(CRISK_EBUFSIZE, "%zu chance outcomes do not fit a buffer of %zu", n, cap);
	const kseat *opp = kseat_of(k, st, 1 - h->active);
	double pairs = (double)opp->cards * (opp->cards - 1);
	for (size_t i = 0; i < n; i++) {
		int r1 = ARG0(tmp[i]), r2 = ARG1(tmp[i]);
		acts[i] = tmp[i];
		if (r2 == CRISK_TP_NO_CARD)
			probs[i] = 1.0;
		else if (r1 == r2) /* both draws of that type, in order */
			probs[i] = opp->hand[r1] * (opp->hand[r1] - 1) / pairs;
		else /* either order */
			probs[i] = 2.0 * opp->hand[r1] * opp->hand[r2] / pairs;
	}
	return CRISK_OK;
}

/* The module's actions: checked, applied, then victory (T-4) and the
 * forced trade's draw in automatic chance.  Not inlined: tp_apply and
 * tp_apply_listed stay a test and a jump, with no frame for the kernel's
 * actions. */
static TP_NOINLINE int apply_module(const kern *k, void *st, crisk_action a, evlog *log)
{
	kstate *h = ks(st);
	int rc = tp_check(k, st, a);
	if (rc)
		return rc;
	execute(k, st, a, log);
	flow_check_victory(k, st, log);
	while (!k->cfg.explicit_chance && h->dp == DP_TP_DRAW) {
		sample_draw(k, st, log);
		flow_check_victory(k, st, log);
	}
	return CRISK_OK;
}

/* The rolls (two a turn, T-8) and turn ends are three steps in five: a roll
 * at the pre-roll and a turn end in the main phase are what kern_apply makes
 * of them for this module (kern.plain_turns: no victory hook, automatic
 * chance), without its dispatch.  Their codes have no field (kfield_mask
 * KF_NONE), so a's equality with the code is kern_code_fits' test, and
 * neither has a rule of its own to check.  The roll: DP_DICE, then the
 * kernel's throw of the second roll's rules (kern_throw_two), which ends at
 * a decision point (the pre-roll, main, a discard or the robber), so no
 * chance event is left for kern_apply's loop; a roll changes no VP, so no
 * victory check follows (as kern_apply's).  The turn end: flow_end_turn,
 * which ends at the next pre-roll or the end of the game.  (docs/decisions.md,
 * module two_player 17; rules_two_player_derived compares with kern_apply.) */
static TP_ALWAYS_INLINE int plain_turn_step(const kern *k, void *st, crisk_action a, evlog *log)
{
	kstate *h = ks(st);
	if (a == act_make(CRISK_CATAN_ROLL, 0) && h->dp == DP_PRE_ROLL) {
		h->dp = DP_DICE;
		h->cur = CRISK_SEAT_CHANCE;
		kern_throw_two(k, st, log);
		return 1;
	}
	if (a == act_make(CRISK_CATAN_END_TURN, 0) && h->dp == DP_MAIN) {
		flow_end_turn(k, st, log);
		return 1;
	}
	return 0;
}

/* The roll and the turn end first: their codes and points are kernel ones
 * (no module phase, no module type), so three steps in five skip the
 * module's two range tests. */
int tp_apply(const void *data, void *st, crisk_action a, evlog *log)
{
	const kern *k = data;
	if (k->plain_turns && plain_turn_step(k, st, a, log))
		return CRISK_OK;
	if (!tp_own_phase(ks(st)->dp) && !tp_is_module_type(ACT_TYPE(a)))
		return kern_apply(k, st, a, log);
	return apply_module(k, st, a, log);
}

/* The playout's apply of an action it has just listed: a kernel action
 * skips the code-shape test, as in base's playout (kern_apply_listed). */
static int tp_apply_listed(const void *data, void *st, crisk_action a, evlog *log)
{
	const kern *k = data;
	if (k->plain_turns && plain_turn_step(k, st, a, log))
		return CRISK_OK;
	if (!tp_own_phase(ks(st)->dp) && !tp_is_module_type(ACT_TYPE(a)))
		return kern_apply_listed(k, st, a, log);
	return apply_module(k, st, a, log);
}

int tp_playout(const void *data, void *st, uint64_t skip_types, uint64_t max_steps, uint64_t *policy, evlog *log,
	       uint64_t *steps)
{
	const catan_playout_fns fns = {cm_current_seat, tp_list_playout, tp_chance, tp_apply_listed};
	return catan_playout(fns, data, st, skip_types, max_steps, policy, log, steps);
}
