/* Who owns what after armies or buildings change (RC-16): annexing roads
 * (RC-14) and buildings (RC-12, RC-13), elimination (RC-25, RC-26), leaving
 * (RC-27) and victory (RC-28, RC-29); turns and answers of seats that are out
 * pass without a decision. */
#include <string.h>

#include "risk_impl.h"

int risk_extra_pieces(const kern *k, const void *st, int seat, int piece)
{
	if (seat < 0 || seat >= RISK_MAX_SEATS)
		return 0;
	return rx(k, st)->over[seat * 3 + piece];
}

/* hooks.h seat_vp: the VP of the pieces counted over (RC-12), one call per
 * VP count instead of two to risk_extra_pieces. */
int risk_seat_vp(const kern *k, const void *st, int seat)
{
	if (seat < 0 || seat >= RISK_MAX_SEATS)
		return 0;
	const uint8_t *over = rx(k, st)->over + seat * 3;
	return over[PIECE_SETTLEMENT] + 2 * over[PIECE_CITY];
}

/* RC-12 piece supply: the piece returns to the loser's supply and counts
 * against the winner's; beyond the winner's supply it is counted over. */
static void piece_leaves(const kern *k, void *st, int owner, int piece)
{
	if (owner < 0 || owner >= k->seats)
		return; /* neutral pieces belong to no supply */
	risk_ext *x = rx(k, st);
	if (x->over[owner * 3 + piece])
		x->over[owner * 3 + piece]--;
	else
		kseat_of(k, st, owner)->supply[piece]++;
}

static void piece_joins(const kern *k, void *st, int seat, int piece)
{
	kseat *p = kseat_of(k, st, seat);
	if (p->supply[piece])
		p->supply[piece]--;
	else
		rx(k, st)->over[seat * 3 + piece]++;
}

static void recount_harbors(const kern *k, void *st)
{
	const uint8_t *nodes = knodes(k, st);
	for (int s = 0; s < k->seats; s++)
		kseat_of(k, st, s)->harbors = 0;
	for (int n = 0; n < k->b.n_node; n++) {
		int o = (int)(nodes[n] & NODE_OWNER_MASK) - 1;
		if (nodes[n] && o < k->seats)
			kseat_of(k, st, o)->harbors |= k->node_harbor[n];
	}
}

/* After owners changed: bitsets, harbors, the road lengths of the seats of
 * `seats` (bit s) and the holder of Longest Road (B-88, B-89 on the new
 * owners).  A seat's longest road changes only when one of its roads changes
 * hands or a building on its way does: the seats that lose or win a piece. */
static void recount_roads_of(const kern *k, void *st, unsigned seats, evlog *log)
{
	kern_state_derive(k, st);
	recount_harbors(k, st);
	for (int s = 0; s < k->seats; s++) {
		if ((seats >> s) & 1u)
			kseat_of(k, st, s)->road_len = (uint8_t)board_longest_road(&k->b, kpaths(k, st), knodes(k, st), s);
	}
	flow_update_longest_road(k, st, -1, -1, log);
}

void risk_recount_roads(const kern *k, void *st, evlog *log)
{
	recount_roads_of(k, st, ~0u, log);
}

/* The kernel's reach bitsets (the ends of each owner's roads) of the seats
 * in `seats` from the roads: pieces that change hands leave every building
 * where it stands, so the kernel's other derived bitsets (blocked,
 * occupied; kern_state_derive) stay as they are. */
static void derive_reach_of(const kern *k, void *st, unsigned seats)
{
	const uint8_t *paths = kpaths(k, st);
	for (unsigned m = seats; m; m &= m - 1)
		memset(kreach(k, st, bit_low(m)), 0, (size_t)k->nw * 8);
	for (int p = 0; p < k->b.n_path; p++) {
		const unsigned o = (unsigned)paths[p] - 1u; /* no road: UINT_MAX */
		if (o < 32 && ((seats >> o) & 1u)) {
			uint64_t *reach = kreach(k, st, (int)o);
			bit_set(reach, k->b.path[p].node[0]);
			bit_set(reach, k->b.path[p].node[1]);
		}
	}
}

/* The reach bitsets of the seats of `seats` at the ends of the roads taken
 * (`taken`): only there can a seat's roads have come or gone. */
static void reach_at_taken(const kern *k, void *st, unsigned seats, const uint64_t taken[2])
{
	const uint8_t *paths = kpaths(k, st);
	for (int w = 0; w < 2; w++) {
		for (uint64_t t = taken[w]; t; t &= t - 1) {
			const bpath *bp = &k->b.path[w * 64 + bit_low(t)];
			for (int e = 0; e < 2; e++) {
				const int n = bp->node[e];
				const bnode *bn = &k->b.node[n];
				unsigned at = 0; /* bit s: a road of seat s at n */
				for (int i = 0; i < bn->deg; i++)
					at |= 1u << (paths[bn->path[i]] & 31);
				at >>= 1;
				const uint64_t bit = UINT64_C(1) << (n & 63);
				for (unsigned m = seats; m; m &= m - 1) {
					const int s = bit_low(m);
					uint64_t *reach = kreach(k, st, s) + (n >> 6);
					*reach = (at >> s) & 1u ? *reach | bit : *reach & ~bit;
				}
			}
		}
	}
}

/* The roads of seat s at intersection n. */
static int roads_at(const kern *k, const void *st, int n, int s)
{
	const uint8_t *paths = kpaths(k, st);
	const bnode *bn = &k->b.node[n];
	int c = 0;
	for (int i = 0; i < bn->deg; i++)
		c += paths[bn->path[i]] == s + 1;
	return c;
}

/* After an annexation pass: the reach of the seats that lost or won a road
 * (`roads`), the harbors when buildings changed hands, and the longest roads
 * of the seats whose trails can differ: those that lost or won a road, and
 * an old or new owner of an annexed building (`took`, its intersections)
 * with two roads or more at it, whose trails it cut or now lets through
 * (B-86; a seat's roads at an intersection reach it from at most one side
 * each, so with one road or none no trail passes it).  Other seats' trails
 * are cut by the same buildings before and after.
 *
 * A seat that only won roads (`won`, the paths taken, now its own; none in
 * `lost`) and is not such an owner of a building keeps every trail it had
 * with the same buildings in its way, and a new trail passes a road won:
 * its roads won are added one at a time to the network it had, each with
 * board_longest_road_through, whose premise then holds at every road (the
 * longest trail without the road is the length found so far).  The others
 * are recounted in full. */
static void recount_after_annex(const kern *k, void *st, unsigned roads, unsigned lost, const uint64_t *won,
				uint64_t took, const uint8_t *old_owner, evlog *log)
{
	unsigned seats = roads & ((1u << k->seats) - 1), full = 0;
	if (won)
		reach_at_taken(k, st, seats, won);
	else
		derive_reach_of(k, st, seats);
	if (took) {
		const uint8_t *nodes = knodes(k, st);
		recount_harbors(k, st);
		for (uint64_t m = took; m; m &= m - 1) {
			const int n = bit_low(m);
			const int now = (int)(nodes[n] & NODE_OWNER_MASK) - 1, was = old_owner[n];
			if (now < k->seats && !((full >> now) & 1u) && roads_at(k, st, n, now) >= 2)
				full |= 1u << now;
			if (was < k->seats && !((full >> was) & 1u) && roads_at(k, st, n, was) >= 2)
				full |= 1u << was;
		}
	}
	const unsigned grew = won ? seats & ~lost & ~full : 0;
	uint8_t *paths = kpaths(k, st);
	for (unsigned m = grew; m; m &= m - 1) {
		const int s = bit_low(m);
		uint64_t mine[2] = {0, 0};
		for (int w = 0; w < 2; w++) {
			for (uint64_t t = won[w]; t; t &= t - 1) {
				const int p = w * 64 + bit_low(t);
				if (paths[p] == s + 1) {
					mine[w] |= UINT64_C(1) << (p & 63);
					paths[p] = 0;
				}
			}
		}
		int len = kseat_of(k, st, s)->road_len;
		for (int w = 0; w < 2; w++) {
			for (uint64_t t = mine[w]; t; t &= t - 1) {
				const int p = w * 64 + bit_low(t);
				paths[p] = (uint8_t)(s + 1);
				len = board_longest_road_through(&k->b, paths, knodes(k, st), s, p, len);
			}
		}
		kseat_of(k, st, s)->road_len = (uint8_t)len;
	}
	for (unsigned m = (seats | full) & ~grew; m; m &= m - 1) {
		const int s = bit_low(m);
		kseat_of(k, st, s)->road_len = (uint8_t)board_longest_road(&k->b, paths, knodes(k, st), s);
	}
	flow_update_longest_road(k, st, -1, -1, log);
}

/* Bit o for an owner index that is a seat. */
static unsigned seat_bit(const kern *k, int o)
{
	return o >= 0 && o < k->seats ? 1u << o : 0u;
}

/* RC-14: the roads of `take` (risk_annexable) to the seat controlling their
 * hexes, in path order. */
static unsigned annex_roads(const kern *k, void *st, const int8_t *ctrl, const uint64_t take[2], unsigned *lost,
			    evlog *log)
{
	uint8_t *paths = kpaths(k, st);
	unsigned changed = 0; /* the seats that lost or won a road, and bit 31 */
	for (int w = 0; w < 2; w++) {
		for (uint64_t m = take[w]; m; m &= m - 1) {
			int p = w * 64 + bit_low(m);
			int q = ctrl[k->b.path[p].hex[0]], old = paths[p] - 1;
			piece_leaves(k, st, old, PIECE_ROAD);
			piece_joins(k, st, q, PIECE_ROAD);
			paths[p] = (uint8_t)(q + 1);
			ev *e = ev_push(log, CRISK_RISK_EV_ANNEX_ROAD, q, old < k->seats ? old : CRISK_RISK_NEUTRAL);
			if (e)
				e->args[0] = p;
			changed |= 1u << 31 | seat_bit(k, old) | seat_bit(k, q);
			*lost |= seat_bit(k, old);
		}
	}
	return changed;
}

/* RC-12, RC-13 (split control keeps the owner: no sole controller): the
 * buildings of `take`, in intersection order. */
static unsigned annex_buildings(const kern *k, void *st, const int8_t *ctrl, uint64_t take, uint8_t *old_owner,
				evlog *log)
{
	risk_ext *x = rx(k, st);
	uint8_t *nodes = knodes(k, st);
	unsigned changed = 0; /* the seats that lost or won a building, and bit 31 */
	for (; take; take &= take - 1) {
		int n = bit_low(take);
		int q = ctrl[k->b.node[n].hex[0]];
		int old = (int)(nodes[n] & NODE_OWNER_MASK) - 1;
		old_owner[n] = (uint8_t)old;
		int city = (nodes[n] & NODE_CITY) != 0;
		int piece = city ? PIECE_CITY : PIECE_SETTLEMENT;
		piece_leaves(k, st, old, piece);
		piece_joins(k, st, q, piece);
		nodes[n] = (uint8_t)((q + 1) | (city ? NODE_CITY : 0));
		if (old < k->seats)
			x->annexer[old] = (uint8_t)q;
		ev *e = ev_push(log, CRISK_RISK_EV_ANNEX_BUILDING, q, old < k->seats ? old : CRISK_RISK_NEUTRAL);
		if (e) {
			e->args[0] = n;
			e->args[1] = city ? 2 : 1;
		}
		changed |= 1u << 31 | seat_bit(k, old) | seat_bit(k, q);
	}
	return changed;
}

/* Cards back to the bank and the deck (RC-26; played knights stay counted
 * with the seat, out of the game). */
static void return_cards(const kern *k, void *st, int s)
{
	kstate *h = ks(st);
	kseat *p = kseat_of(k, st, s);
	for (int r = 0; r < NUM_RES; r++) {
		h->bank[r] = (uint8_t)(h->bank[r] + p->hand[r]);
		p->hand[r] = 0;
	}
	p->cards = 0;
	p->owe = 0;
	for (int c = 0; c < NUM_DEV; c++) {
		h->deck[c] = (uint8_t)(h->deck[c] + p->dev[c]);
		p->dev[c] = 0;
		p->dev_new[c] = 0;
	}
}

/* The active seat's moves count its armies, which are gone now. */
static void leave_turn(const kern *k, void *st, int s)
{
	risk_ext *x = rx(k, st);
	if (s == ks(st)->active)
		memset(x->moved, 0, sizeof x->moved);
}

/* RC-25, RC-26. */
static unsigned eliminate(const kern *k, void *st, int s, evlog *log)
{
	risk_ext *x = rx(k, st);
	uint8_t *paths = kpaths(k, st);
	int q = x->annexer[s] < k->seats && !risk_is_out(x, x->annexer[s]) ? x->annexer[s] : -1;
	int removed = 0;
	return_cards(k, st, s);
	for (int h = 0; h < RISK_HEXES; h++) {
		removed += ra(x, h, s);
		ra_set(x, h, s, 0);
	}
	for (int p = 0; p < k->b.n_path; p++) {
		if (paths[p] != s + 1)
			continue;
		piece_leaves(k, st, s, PIECE_ROAD);
		if (q >= 0) {
			piece_joins(k, st, q, PIECE_ROAD);
			paths[p] = (uint8_t)(q + 1);
		} else {
			paths[p] = NODE_NEUTRAL;
		}
	}
	leave_turn(k, st, s);
	x->out |= (uint8_t)(1u << s);
	ev *e = ev_push(log, CRISK_RISK_EV_ELIMINATED, s, q);
	if (e)
		e->args[0] = removed;
	return seat_bit(k, s) | seat_bit(k, q);
}

static unsigned eliminations(const kern *k, void *st, evlog *log)
{
	risk_ext *x = rx(k, st);
	/* Eliminations move roads only: the owners of buildings stay. */
	unsigned owners = risk_building_owners(k, st);
	unsigned changed = 0; /* the seats that lost or won a road, and bit 31 */
	for (int s = 0; s < k->seats; s++) {
		if (!risk_is_out(x, s) && !((owners >> s) & 1u))
			changed |= 1u << 31 | eliminate(k, st, s, log);
	}
	return changed;
}

/* One pass of RC-16 with the pieces found to change hands: roads, then
 * buildings, then elimination.  Returns whether a seat was eliminated (its
 * armies left, so control changes); adds to *moved the seats that lost or won
 * a piece, and bit 31, when a piece changed hands. */
static int annex_pass(const kern *k, void *st, const int8_t *ctrl, uint64_t take_nodes, const uint64_t take_paths[2],
		      unsigned *moved, evlog *log)
{
	uint8_t old_owner[RISK_MAX_NODES];
	unsigned lost = 0;
	unsigned roads = annex_roads(k, st, ctrl, take_paths, &lost, log);
	unsigned buildings = annex_buildings(k, st, ctrl, take_nodes, old_owner, log);
	if (roads || buildings)
		recount_after_annex(k, st, roads, lost, take_paths, take_nodes, old_owner, log);
	unsigned out = eliminations(k, st, log);
	if (out) /* roads only change hands */
		recount_after_annex(k, st, out, ~0u, NULL, 0, old_owner, log);
	*moved |= roads | buildings | out;
	return out != 0;
}

/* RC-16: passes while removed armies change control; then victory (RC-28;
 * RC-29 in risk_settle).  Adds to *moved as annex_pass. */
static void evaluate(const kern *k, void *st, unsigned *moved, evlog *log)
{
	risk_ext *x = rx(k, st);
	x->settled = 0;
	if (!x->evaluated || ks(st)->status != CRISK_STATUS_RUNNING)
		return;
	for (int round = 0; round < 2 * RISK_MAX_SEATS + 2; round++) {
		int8_t ctrl[RISK_HEXES]; /* armies change only by elimination */
		uint64_t take_nodes, take_paths[2];
		risk_controllers(k, x, ctrl);
		/* Both sets before the roads change hands: owners of buildings
		 * decide nothing about roads, nor roads about buildings. */
		risk_annexable(k, st, ctrl, &take_nodes, take_paths);
		if (!annex_pass(k, st, ctrl, take_nodes, take_paths, moved, log)) {
			x->settled = 1;
			break;
		}
	}
	flow_check_victory(k, st, log);
	risk_unsettle_if_over(k, st);
}

void risk_evaluate(const kern *k, void *st, evlog *log)
{
	unsigned moved = 0;
	evaluate(k, st, &moved, log);
}

/* From a settled state a piece changes hands only where the control of one
 * of its hexes changed, which needs armies there to change, or where the
 * piece itself is new: those are the only ones to look at.  Eliminations
 * follow building annexations only (every seat in the game owned one); after
 * one, control changes anywhere, so the passes go on in full. */
unsigned risk_evaluate_after(const kern *k, void *st, uint32_t hexes, uint64_t nodes, const uint64_t paths[2],
			     int vp_same, evlog *log)
{
	risk_ext *x = rx(k, st);
	unsigned moved = 0;
	if (!x->settled || !x->evaluated || ks(st)->status != CRISK_STATUS_RUNNING) {
		evaluate(k, st, &moved, log);
		return moved;
	}
	if (!(hexes | nodes | paths[0] | paths[1]) && vp_same) {
		risk_unsettle_if_over(k, st);
		return 0; /* nothing to take, no victory test (below) */
	}
	int8_t ctrl[RISK_HEXES];
	uint64_t take_nodes = 0, take_paths[2] = {0, 0};
	if (hexes | nodes | paths[0] | paths[1]) {
		memset(ctrl, RISK_CTRL_UNKNOWN, sizeof ctrl);
		risk_annexable_near(k, st, hexes, nodes, paths, ctrl, &take_nodes, take_paths);
	}
	const int take = (take_nodes | take_paths[0] | take_paths[1]) != 0;
	if (take && annex_pass(k, st, ctrl, take_nodes, take_paths, &moved, log)) {
		evaluate(k, st, &moved, log); /* the passes after an elimination, then victory */
		return moved;
	}
	/* B-105: the state check refuses a running state whose active seat has
	 * reached vp_target (outside a knight's robber move or a part), so when
	 * nothing changed hands after an action that changes nobody's VP, the
	 * test would find what it found after the previous action. */
	if (take || !vp_same)
		flow_check_victory(k, st, log);
	risk_unsettle_if_over(k, st);
	return moved;
}

/* What risk_ext.settled must be: 1 exactly while the game runs after the
 * set-up armies and no piece would change hands now (eliminations are
 * check_out's); what a load sets and the state check compares. */
int risk_settled_now(const kern *k, const void *st)
{
	const risk_ext *x = rx(k, st);
	if (!x->evaluated || ks(st)->status != CRISK_STATUS_RUNNING)
		return 0;
	int8_t ctrl[RISK_HEXES];
	uint64_t take_nodes, take_paths[2];
	risk_controllers(k, x, ctrl);
	risk_annexable(k, st, ctrl, &take_nodes, take_paths);
	return !(take_nodes | take_paths[0] | take_paths[1]);
}

/* A game that ended evaluates no more: the flag goes with it. */
void risk_unsettle_if_over(const kern *k, void *st)
{
	if (ks(st)->status != CRISK_STATUS_RUNNING)
		rx(k, st)->settled = 0;
}

/* RC-27: out of the game; armies stay as neutral defenders, pieces stand
 * neutral until annexed. */
void risk_resign(const kern *k, void *st, int s, evlog *log)
{
	risk_ext *x = rx(k, st);
	uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	return_cards(k, st, s);
	for (int h = 0; h < RISK_HEXES; h++) {
		ra_set(x, h, RISK_NEUTRAL, ra(x, h, RISK_NEUTRAL) + ra(x, h, s));
		ra_set(x, h, s, 0);
	}
	for (int n = 0; n < k->b.n_node; n++) {
		if (!nodes[n] || (int)(nodes[n] & NODE_OWNER_MASK) != s + 1)
			continue;
		piece_leaves(k, st, s, (nodes[n] & NODE_CITY) ? PIECE_CITY : PIECE_SETTLEMENT);
		nodes[n] = (uint8_t)(NODE_NEUTRAL | (nodes[n] & NODE_CITY));
	}
	for (int p = 0; p < k->b.n_path; p++) {
		if (paths[p] == s + 1) {
			piece_leaves(k, st, s, PIECE_ROAD);
			paths[p] = NODE_NEUTRAL;
		}
	}
	leave_turn(k, st, s);
	x->out |= (uint8_t)(1u << s);
	x->resigned |= (uint8_t)(1u << s);
	ev_push(log, CRISK_RISK_EV_RESIGNED, s, -1);
	risk_recount_roads(k, st, log);
	risk_evaluate(k, st, log);
}

static void win(kstate *h, int s, evlog *log)
{
	h->status = CRISK_STATUS_WON;
	h->winner = (int8_t)s;
	h->dp = DP_GAME_OVER;
	h->cur = CRISK_SEAT_NONE;
	ev_push(log, CRISK_CATAN_EV_GAME_OVER, s, -1);
}

/* Seats that are out never decide (RC-26): their turns end at once and they
 * decline offers.  RC-29: the last seat in the game wins in its turn. */
void risk_settle(const kern *k, void *st, evlog *log)
{
	kstate *h = ks(st);
	risk_ext *x = rx(k, st);
	for (int guard = 0; guard < 4 * RISK_MAX_SEATS; guard++) {
		if (h->status != CRISK_STATUS_RUNNING || x->phase != RP_NONE || !x->evaluated)
			return;
		unsigned alive = ((1u << k->seats) - 1) & ~(unsigned)x->out;
		int out_active = risk_is_out(x, h->active);
		if (alive && !(alive & (alive - 1)) && !out_active && (h->dp == DP_PRE_ROLL || h->dp == DP_MAIN)) {
			win(h, h->active, log);
			return;
		}
		if (out_active && (h->dp == DP_PRE_ROLL || h->dp == DP_MAIN)) {
			flow_end_turn(k, st, log);
			continue;
		}
		if (h->dp == DP_TRADE_RESPONSE && h->cur >= 0 && risk_is_out(x, h->cur)) {
			kern_apply(k, st, act_make(CRISK_CATAN_DECLINE, 0), log);
			continue;
		}
		return;
	}
}
