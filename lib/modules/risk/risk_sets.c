/* The board as bit sets, for the questions every step asks (RC-4, RC-12,
 * RC-14, RC-18, RC-19, RC-22, RC-23): which hexes a seat's pieces touch, its
 * networks, the controllers of the hexes and the pieces an annexation takes:
 * a few dozen word operations instead of walking every corner, side and
 * path. Each seat's reach and networks are also kept in the state
 * (risk_ext.sets), derived again after every action that moves a piece and
 * on load, never saved, and compared with a recomputation by the state
 * check, so a load trusts nothing it did not derive. */
#include <string.h>

#include "risk_impl.h"

static int add_error(const char *what, int a, int b)
{
	return err_set(CRISK_EPARAM, "module risk needs a board whose hex and piece lists agree: %s (%d, %d)", what, a, b);
}

/* The tables of risk_rules from the board; the per-hex lists (bhex) and the
 * per-piece lists (bnode, bpath) must say the same, which the sets rely on
 * when they answer one question with the other's table. */
int risk_build_sets(risk_rules *rr)
{
	const board *b = &rr->k.b;
	if (b->n_node > RISK_MAX_NODES || b->n_path > RISK_MAX_PATHS || b->n_land > RISK_HEXES)
		return err_set(CRISK_EPARAM, "module risk needs at most %d intersections and %d paths (the board has %d, %d)",
			       RISK_MAX_NODES, RISK_MAX_PATHS, b->n_node, b->n_path);
	for (int n = 0; n < b->n_node; n++) {
		for (int i = 0; i < b->node[n].n_hex; i++)
			rr->node_hexes[n] |= 1u << b->node[n].hex[i];
	}
	for (int p = 0; p < b->n_path; p++) {
		const bpath *bp = &b->path[p];
		for (int i = 0; i < bp->n_hex; i++)
			rr->path_hexes[p] |= 1u << bp->hex[i];
		for (int e = 0; e < 2; e++) {
			rr->path_ends[p][e] = (uint8_t)bp->node[e];
			rr->node_paths[bp->node[e]][p >> 6] |= UINT64_C(1) << (p & 63);
		}
	}
	for (int h = 0; h < b->n_land; h++) {
		for (int i = 0; i < 6; i++) {
			int n = b->hex[h].node[i], p = b->hex[h].path[i];
			if (n != BOARD_NONE)
				rr->hex_nodes[h] |= UINT64_C(1) << n;
			if (p != BOARD_NONE)
				rr->hex_paths[h][p >> 6] |= UINT64_C(1) << (p & 63);
		}
	}
	for (int h = 0; h < b->n_land; h++) {
		for (int n = 0; n < b->n_node; n++) {
			if ((int)((rr->hex_nodes[h] >> n) & 1u) != (int)((rr->node_hexes[n] >> h) & 1u))
				return add_error("corner lists disagree at hex, node", h, n);
		}
		for (int p = 0; p < b->n_path; p++) {
			if ((int)((rr->hex_paths[h][p >> 6] >> (p & 63)) & 1u) != (int)((rr->path_hexes[p] >> h) & 1u))
				return add_error("side lists disagree at hex, path", h, p);
		}
	}
	return CRISK_OK;
}

/* Eight bytes, the first one lowest. */
static uint64_t load_le64(const uint8_t *v)
{
	uint64_t w = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(&w, v, sizeof w);
#else
	for (int j = 0; j < 8; j++)
		w |= (uint64_t)v[j] << (8 * j);
#endif
	return w;
}

/* Sets bit i of out where (v[i] & and) == want; eight bytes a word (the
 * byte-wise compare finds zero bytes without carries between them). */
static void bytes_where(const uint8_t *v, int n, uint8_t and, uint8_t want, uint64_t *out)
{
	const uint64_t ones = UINT64_C(0x0101010101010101), low7 = ones * 0x7F;
	const uint64_t mask = ones * and, rep = ones * want;
	int i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w = load_le64(v + i);
		w = (w & mask) ^ rep;
		uint64_t zero = ~(((w & low7) + low7) | w | low7); /* 0x80 in each byte that was equal */
		uint64_t bits = ((zero >> 7) * UINT64_C(0x0102040810204080)) >> 56;
		out[i >> 6] |= bits << (i & 63);
	}
	for (; i < n; i++)
		out[i >> 6] |= (uint64_t)((v[i] & and) == want) << (i & 63);
}

void risk_reach_of(const kern *k, const void *st, int seat, risk_reach *r)
{
	const risk_rules *rr = rr_of(k);
	uint64_t nodes[RISK_MAX_NODES / 64] = {0};
	r->roads[0] = r->roads[1] = 0;
	bytes_where(knodes(k, st), k->b.n_node, NODE_OWNER_MASK, (uint8_t)(seat + 1), nodes);
	bytes_where(kpaths(k, st), k->b.n_path, 0xFF, (uint8_t)(seat + 1), r->roads);
	r->buildings = nodes[0];
	uint32_t next = 0, touched = 0;
	for (uint64_t m = r->buildings; m; m &= m - 1)
		next |= rr->node_hexes[bit_low(m)];
	for (int w = 0; w < 2; w++) {
		for (uint64_t m = r->roads[w]; m; m &= m - 1)
			touched |= rr->path_hexes[w * 64 + bit_low(m)];
	}
	r->next_to_building = next;
	r->touched = touched | next;
}

/* The seat's networks (RC-22, RC-23) by flooding its roads: a road passes
 * on through an end without another owner's building (as for Longest Road),
 * and takes the seat's buildings at its ends; a building without a road of
 * the seat is a network of its own. */
void risk_networks(const kern *k, const void *st, const risk_reach *r, risk_nets *nets)
{
	const risk_rules *rr = rr_of(k);
	const uint64_t pass = ~(koccupied(k, st)[0] & ~r->buildings);
	uint64_t left[2] = {r->roads[0], r->roads[1]}, alone = r->buildings;
	nets->n = 0;
	while (left[0] | left[1]) {
		int w = left[0] ? 0 : 1;
		uint64_t front[2] = {0, 0}, reached = 0;
		front[w] = left[w] & (~left[w] + 1);
		left[w] &= ~front[w];
		uint32_t hexes = 0;
		while (front[0] | front[1]) {
			int fw = front[0] ? 0 : 1, p = fw * 64 + bit_low(front[fw]);
			front[fw] &= front[fw] - 1;
			hexes |= rr->path_hexes[p];
			for (int e = 0; e < 2; e++) {
				uint64_t nb = UINT64_C(1) << rr->path_ends[p][e];
				if (!(pass & nb) || (reached & nb))
					continue;
				reached |= nb;
				const uint64_t *at = rr->node_paths[rr->path_ends[p][e]];
				for (int i = 0; i < 2; i++) {
					front[i] |= at[i] & left[i];
					left[i] &= ~at[i];
				}
			}
		}
		for (uint64_t m = reached & r->buildings; m; m &= m - 1)
			hexes |= rr->node_hexes[bit_low(m)];
		alone &= ~reached;
		nets->hexes[nets->n++] = hexes;
	}
	for (; alone; alone &= alone - 1)
		nets->hexes[nets->n++] = rr->node_hexes[bit_low(alone)];
}

/* What risk_ext.sets holds for the seat, from its pieces. */
void risk_seat_sets_of(const kern *k, const void *st, int seat, struct risk_seat_sets *out)
{
	risk_reach r;
	risk_nets nets;
	memset(out, 0, sizeof *out);
	risk_reach_of(k, st, seat, &r);
	out->next_to_building = r.next_to_building;
	out->touched = r.touched;
	risk_networks(k, st, &r, &nets);
	for (int i = 0; i < nets.n; i++) {
		for (uint32_t m = nets.hexes[i]; m; m &= m - 1)
			out->linked[bit_low(m)] |= nets.hexes[i];
	}
}

/* risk_seat_sets_of after the seat's new road on path p, from its sets
 * before: the road joins the networks at its ends that no other owner's
 * building cuts (RC-22, RC-23) into one, N, and touches its own hexes.  The
 * other networks stay, so linked[h] gains N for the hexes h of N only (the
 * networks it joined are parts of N) and nothing elsewhere. */
void risk_sets_add_road(const kern *k, const void *st, int seat, int p, struct risk_seat_sets *sets)
{
	const risk_rules *rr = rr_of(k);
	const uint8_t *owner = knodes(k, st), *road = kpaths(k, st);
	const uint8_t mine = (uint8_t)(seat + 1);
	uint64_t seen_paths[2] = {0, 0}, seen_nodes = 0;
	int stack[RISK_MAX_NODES], top = 0;
	uint32_t net = rr->path_hexes[p];
	seen_paths[p >> 6] |= UINT64_C(1) << (p & 63);
	for (int e = 0; e < 2; e++) {
		const int n = rr->path_ends[p][e];
		if (!((seen_nodes >> n) & 1u)) {
			seen_nodes |= UINT64_C(1) << n;
			stack[top++] = n;
		}
	}
	while (top) {
		const int n = stack[--top];
		if (owner[n] && (owner[n] & NODE_OWNER_MASK) != mine)
			continue; /* another owner's building: the network stops here */
		if (owner[n])
			net |= rr->node_hexes[n];
		for (int w = 0; w < 2; w++) {
			for (uint64_t m = rr->node_paths[n][w] & ~seen_paths[w]; m; m &= m - 1) {
				const int q = w * 64 + bit_low(m);
				if (road[q] != mine)
					continue;
				seen_paths[w] |= UINT64_C(1) << (q & 63);
				net |= rr->path_hexes[q];
				const int o = rr->path_ends[q][rr->path_ends[q][0] == n];
				if (!((seen_nodes >> o) & 1u)) {
					seen_nodes |= UINT64_C(1) << o;
					stack[top++] = o;
				}
			}
		}
	}
	sets->touched |= rr->path_hexes[p];
	for (uint32_t m = net; m; m &= m - 1)
		sets->linked[bit_low(m)] |= net;
}

void risk_derive_sets(const kern *k, void *st)
{
	risk_ext *x = rx(k, st);
	memset(x->sets, 0, sizeof x->sets);
	for (int s = 0; s < k->seats; s++)
		risk_seat_sets_of(k, st, s, &x->sets[s]);
}

/* Whether risk_ext.sets says what the pieces say (the state check). */
int risk_sets_ok(const kern *k, const void *st)
{
	const risk_ext *x = rx(k, st);
	for (int s = 0; s < RISK_MAX_SEATS; s++) {
		struct risk_seat_sets want;
		if (s < k->seats)
			risk_seat_sets_of(k, st, s, &want);
		else
			memset(&want, 0, sizeof want);
		if (memcmp(&want, &x->sets[s], sizeof want))
			return 0;
	}
	return 1;
}

/* RC-4, RC-5 for every land hex: the only occupant with at least the
 * requirement, else -1. */
static int controller(const risk_rules *rr, const risk_ext *x, int h)
{
	const uint16_t *row = &x->armies[h * RISK_OWNERS];
	int c = -1, n = 0;
	for (int o = 0; o < RISK_OWNERS; o++) {
		if (row[o]) {
			n++;
			c = o;
		}
	}
	return n == 1 && row[c] >= rr->req[h] ? c : -1;
}

void risk_controllers(const kern *k, const risk_ext *x, int8_t ctrl[RISK_HEXES])
{
	for (int h = 0; h < k->b.n_land; h++)
		ctrl[h] = (int8_t)controller(rr_of(k), x, h);
}

static int ctrl_at(const kern *k, const risk_ext *x, int8_t *ctrl, int h)
{
	if (ctrl[h] == RISK_CTRL_UNKNOWN)
		ctrl[h] = (int8_t)risk_controller_occ(k, x, h);
	return ctrl[h];
}

/* The seat controlling every hex of `hexes` alone, or -1; ctrl caches the
 * controllers asked so far (RISK_CTRL_UNKNOWN where not yet). */
static int sole_seat(const kern *k, const risk_ext *x, int8_t *ctrl, uint32_t hexes)
{
	int q = -1;
	for (; hexes; hexes &= hexes - 1) {
		int h = bit_low(hexes);
		ctrl_at(k, x, ctrl, h);
		if (ctrl[h] < 0 || ctrl[h] >= k->seats || (q >= 0 && ctrl[h] != q))
			return -1;
		q = ctrl[h];
	}
	return q;
}

/* risk_annexable for the pieces around `hexes` and those of `nodes` and
 * `paths` only: the others are known not to change hands (risk_ext.settled).
 * A piece around a hex changes hands only to the seat controlling that hex,
 * so the other hexes of the pieces that seat does not own are asked next.
 * Controllers are asked lazily and cached in ctrl. */
void risk_annexable_near(const kern *k, const void *st, uint32_t hexes, uint64_t nodes, const uint64_t paths[2],
			 int8_t *ctrl, uint64_t *take_nodes, uint64_t take_paths[2])
{
	const risk_rules *rr = rr_of(k);
	const risk_ext *x = rx(k, st);
	const uint8_t *owner = knodes(k, st), *road = kpaths(k, st);
	const uint64_t occupied = koccupied(k, st)[0];
	uint64_t tn = 0, tp[2] = {0, 0};
	for (; hexes; hexes &= hexes - 1) {
		int h = bit_low(hexes), q = ctrl_at(k, x, ctrl, h);
		if (q < 0 || q >= k->seats)
			continue;
		/* The corners and sides of h have their land hexes among h and
		 * its neighbours: those q controls (alone, with its requirement,
		 * RC-4, RC-5) are `mine`, h among them.  A piece goes to q when
		 * all its land hexes are q's (sole_seat == q). */
		uint32_t others = 0;
		for (int o = 0; o < RISK_OWNERS; o++)
			others |= o == q ? 0u : x->occ[o];
		uint32_t mine = 0;
		for (uint32_t m = (rr->adj[h] | 1u << h) & x->occ[q] & ~others; m; m &= m - 1) {
			const int g = bit_low(m);
			if (ra(x, g, q) >= rr->req[g]) {
				mine |= 1u << g;
				ctrl[g] = (int8_t)q; /* annex_pass reads the controllers of what it takes */
			}
		}
		for (uint64_t m = rr->hex_nodes[h] & occupied; m; m &= m - 1) {
			int n = bit_low(m);
			if ((int)(owner[n] & NODE_OWNER_MASK) != q + 1 && !(rr->node_hexes[n] & ~mine))
				tn |= UINT64_C(1) << n;
		}
		for (int w = 0; w < 2; w++) {
			for (uint64_t m = rr->hex_paths[h][w]; m; m &= m - 1) {
				int p = w * 64 + bit_low(m);
				if (road[p] && road[p] != q + 1 && !(rr->path_hexes[p] & ~mine))
					tp[w] |= UINT64_C(1) << (p & 63);
			}
		}
	}
	for (uint64_t m = nodes & occupied; m; m &= m - 1) {
		int n = bit_low(m), q = sole_seat(k, x, ctrl, rr->node_hexes[n]);
		if (q >= 0 && (int)(owner[n] & NODE_OWNER_MASK) != q + 1)
			tn |= UINT64_C(1) << n;
	}
	for (int w = 0; w < 2 && (paths[0] | paths[1]); w++) {
		for (uint64_t m = paths[w]; m; m &= m - 1) {
			int p = w * 64 + bit_low(m), q = road[p] ? sole_seat(k, x, ctrl, rr->path_hexes[p]) : -1;
			if (q >= 0 && road[p] != q + 1)
				tp[w] |= UINT64_C(1) << (p & 63);
		}
	}
	*take_nodes = tn;
	take_paths[0] = tp[0];
	take_paths[1] = tp[1];
}

/* RC-12..RC-14: the buildings and roads whose land hexes a single seat
 * controls, all of them, and which that seat does not own yet (neutral
 * defenders block but never annex). */
void risk_annexable(const kern *k, const void *st, const int8_t *ctrl, uint64_t *nodes_out, uint64_t paths_out[2])
{
	const risk_rules *rr = rr_of(k);
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	/* Corners and sides by controlling seat; bucket `seats` gathers the
	 * hexes no seat controls. */
	uint64_t at_n[RISK_MAX_SEATS + 1] = {0}, at_p[RISK_MAX_SEATS + 1][2] = {{0}};
	unsigned seats_ctrl = 0;
	for (int h = 0; h < k->b.n_land; h++) {
		int b = ctrl[h] >= 0 && ctrl[h] < k->seats ? ctrl[h] : k->seats;
		seats_ctrl |= 1u << b;
		at_n[b] |= rr->hex_nodes[h];
		at_p[b][0] |= rr->hex_paths[h][0];
		at_p[b][1] |= rr->hex_paths[h][1];
	}
	uint64_t inside_n = 0, inside_p[2] = {0, 0};
	for (unsigned m = seats_ctrl & ((1u << k->seats) - 1); m; m &= m - 1) {
		int q = bit_low(m);
		uint64_t other_n = 0, other_p[2] = {0, 0};
		for (int b = 0; b <= k->seats; b++) {
			if (b == q)
				continue;
			other_n |= at_n[b];
			other_p[0] |= at_p[b][0];
			other_p[1] |= at_p[b][1];
		}
		inside_n |= at_n[q] & ~other_n;
		inside_p[0] |= at_p[q][0] & ~other_p[0];
		inside_p[1] |= at_p[q][1] & ~other_p[1];
	}
	uint64_t take_n = 0;
	for (uint64_t m = inside_n & koccupied(k, st)[0]; m; m &= m - 1) {
		int n = bit_low(m);
		int q = ctrl[bit_low(rr->node_hexes[n])];
		if ((int)(nodes[n] & NODE_OWNER_MASK) != q + 1)
			take_n |= UINT64_C(1) << n;
	}
	*nodes_out = take_n;
	for (int w = 0; w < 2; w++) {
		paths_out[w] = 0;
		for (uint64_t m = inside_p[w]; m; m &= m - 1) {
			int p = w * 64 + bit_low(m);
			int q = ctrl[bit_low(rr->path_hexes[p])];
			if (paths[p] && paths[p] != q + 1)
				paths_out[w] |= UINT64_C(1) << (p & 63);
		}
	}
}

/* Bit o for every seat owning a settlement or city. */
unsigned risk_building_owners(const kern *k, const void *st)
{
	const uint8_t *nodes = knodes(k, st);
	unsigned owners = 0;
	for (uint64_t m = koccupied(k, st)[0]; m; m &= m - 1)
		owners |= 1u << ((nodes[bit_low(m)] & NODE_OWNER_MASK) - 1);
	return owners;
}
