/* Armies on the board (RC-1..RC-6): requirement, occupation, control, the
 * supply rule of movement, redeploy networks, per-turn counters and the fog
 * reveal (RC-30, RC-31). */
#include <string.h>

#include "risk_impl.h"

/* RC-2: the pips of the token; the desert (no token) needs 1. */
int risk_requirement(const kern *k, int hex)
{
	int t = k->b.token[hex];
	if (t < 2 || t > 12 || t == 7)
		return 1;
	return 6 - (t > 7 ? t - 7 : 7 - t);
}

/* RC-3: bit o for every owner (seats, neutral) with an army on the hex. */
unsigned risk_occupants(const risk_ext *x, int hex)
{
	unsigned m = 0;
	for (int o = 0; o < RISK_OWNERS; o++)
		m |= (unsigned)(ra(x, hex, o) > 0) << o;
	return m;
}

/* RC-4, RC-5: the only occupant with at least the requirement, else -1. */
int risk_controller(const kern *k, const risk_ext *x, int hex)
{
	unsigned m = risk_occupants(x, hex);
	if (!m || (m & (m - 1)))
		return -1;
	int o = bit_low(m);
	return ra(x, hex, o) >= rr_of(k)->req[hex] ? o : -1;
}

/* RC-6 (and RC-30: a face-down hex produces nothing). */
int risk_produce_ok(const kern *k, const void *st, int hex, int seat)
{
	const risk_ext *x = rx(k, st);
	if (risk_hidden(k, st, hex))
		return 0;
	unsigned m = risk_occupants(x, hex);
	if (m & (m - 1))
		return 0; /* contested */
	int c = risk_controller(k, x, hex);
	return c < 0 || c == seat;
}

/* RC-19 supply rule: the hex has a road or building of the seat on its border. */
int risk_touches(const kern *k, const void *st, int seat, int hex)
{
	const bhex *h = &k->b.hex[hex];
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	for (int i = 0; i < 6; i++) {
		if (h->node[i] != BOARD_NONE && nodes[h->node[i]] && (int)(nodes[h->node[i]] & NODE_OWNER_MASK) == seat + 1)
			return 1;
		if (h->path[i] != BOARD_NONE && paths[h->path[i]] == seat + 1)
			return 1;
	}
	return 0;
}

/* RC-18: a corner of the hex holds a settlement or city of the seat. */
int risk_next_to_building(const kern *k, const void *st, int seat, int hex)
{
	const bhex *h = &k->b.hex[hex];
	const uint8_t *nodes = knodes(k, st);
	for (int i = 0; i < 6; i++) {
		if (h->node[i] != BOARD_NONE && nodes[h->node[i]] && (int)(nodes[h->node[i]] & NODE_OWNER_MASK) == seat + 1)
			return 1;
	}
	return 0;
}

#define NET_MAX 256 /* nodes + paths of the base board: 54 + 72 */

static int uf_find(uint8_t *uf, int v)
{
	while (uf[v] != v) {
		uf[v] = uf[uf[v]];
		v = uf[v];
	}
	return v;
}

/* Whether node n lets the seat's network pass: no building of another owner. */
static int passable(const uint8_t *nodes, int seat, int n)
{
	return !nodes[n] || (int)(nodes[n] & NODE_OWNER_MASK) == seat + 1;
}

/* The seat's networks as a union-find over elements nodes 0..nn-1, then
 * roads nn..nn+np-1: a road joins its ends unless another owner's building
 * stands there (as for Longest Road).  The caller checks nn + np <= NET_MAX. */
static void join_networks(const kern *k, const void *st, int seat, uint8_t *uf)
{
	const int nn = k->b.n_node, np = k->b.n_path;
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	for (int i = 0; i < nn + np; i++)
		uf[i] = (uint8_t)i;
	for (int p = 0; p < np; p++) {
		if (paths[p] != seat + 1)
			continue;
		for (int e = 0; e < 2; e++) {
			int n = k->b.path[p].node[e];
			if (passable(nodes, seat, n))
				uf[uf_find(uf, nn + p)] = (uint8_t)uf_find(uf, n);
		}
	}
}

/* The networks of the seat's buildings on hex's corners and roads on its
 * edges (at most 12, repeats included) into comps; their count. */
static int hex_networks(const kern *k, const void *st, int seat, uint8_t *uf, int hex, int comps[12])
{
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	const bhex *h = &k->b.hex[hex];
	int count = 0;
	for (int i = 0; i < 6; i++) {
		int n = h->node[i], p = h->path[i];
		if (n != BOARD_NONE && nodes[n] && (int)(nodes[n] & NODE_OWNER_MASK) == seat + 1)
			comps[count++] = uf_find(uf, n);
		if (p != BOARD_NONE && paths[p] == seat + 1)
			comps[count++] = uf_find(uf, k->b.n_node + p);
	}
	return count;
}

/* RC-22, RC-23: both hexes touch one connected network of the seat's roads,
 * settlements and cities.  Pairwise form for the rare seat with more than 64
 * networks. */
static int risk_connected_slow(const kern *k, const void *st, int seat, int from, int to)
{
	if (k->b.n_node + k->b.n_path > NET_MAX)
		return 0;
	uint8_t uf[NET_MAX], hit[NET_MAX];
	join_networks(k, st, seat, uf);
	memset(hit, 0, sizeof hit);
	int comps[12];
	for (int i = 0, n = hex_networks(k, st, seat, uf, from, comps); i < n; i++)
		hit[comps[i]] = 1;
	for (int i = 0, n = hex_networks(k, st, seat, uf, to, comps); i < n; i++) {
		if (hit[comps[i]])
			return 1;
	}
	return 0;
}

/* RC-22, RC-23: the networks of the seat's roads, settlements and cities
 * each hex touches, as bit masks of network labels (0 when the seat has more
 * than 64 networks: then risk_connected compares pairs).  Returns 0 when the
 * masks are usable. */
int risk_hex_networks(const kern *k, const void *st, int seat, uint64_t mask[RISK_HEXES])
{
	if (k->b.n_node + k->b.n_path > NET_MAX)
		return -1;
	uint8_t uf[NET_MAX], label[NET_MAX];
	join_networks(k, st, seat, uf);
	memset(label, 0xFF, sizeof label);
	int labels = 0;
	for (int hex = 0; hex < k->b.n_land; hex++) {
		int comps[12], n = hex_networks(k, st, seat, uf, hex, comps);
		mask[hex] = 0;
		for (int i = 0; i < n; i++) {
			if (label[comps[i]] == 0xFF) {
				if (labels == 64)
					return -1;
				label[comps[i]] = (uint8_t)labels++;
			}
			mask[hex] |= UINT64_C(1) << label[comps[i]];
		}
	}
	return 0;
}

int risk_connected(const kern *k, const void *st, int seat, int from, int to)
{
	uint64_t mask[RISK_HEXES];
	if (risk_hex_networks(k, st, seat, mask) == 0)
		return (mask[from] & mask[to]) != 0;
	return risk_connected_slow(k, st, seat, from, to);
}

/* Per-turn counters (RC-17, RC-19, RC-22): reset when each turn starts
 * (hook turn_start), so a state holds no counts of an earlier turn. */
int risk_moved(const kern *k, const void *st, int hex)
{
	return rx(k, st)->moved[hex];
}

int risk_bought(const kern *k, const void *st)
{
	return rx(k, st)->bought;
}

int risk_buy_res(const kern *k, const void *st)
{
	return rx(k, st)->buy_res;
}

int risk_redeployed(const kern *k, const void *st)
{
	return rx(k, st)->redeployed;
}

void risk_turn_start(const kern *k, void *st, evlog *log)
{
	(void)log;
	risk_ext *x = rx(k, st);
	memset(x->moved, 0, sizeof x->moved);
	x->bought = 0;
	x->buy_res = RISK_NONE;
	x->redeployed = 0;
	x->mil_turn = ks(st)->turn;
}

int risk_owner_armies(const risk_ext *x, int owner)
{
	int n = 0;
	for (int h = 0; h < RISK_HEXES; h++)
		n += ra(x, h, owner);
	return n;
}

int risk_total_armies(const risk_ext *x)
{
	int n = 0;
	for (int i = 0; i < RISK_HEXES * RISK_OWNERS; i++)
		n += x->armies[i];
	return n;
}

int risk_hidden(const kern *k, const void *st, int hex)
{
	return rr_of(k)->fog && hex < k->b.n_land && !rx(k, st)->revealed[hex];
}

/* RC-31: face up for everybody, with an event naming what was under it. */
void risk_reveal(const kern *k, void *st, int hex, evlog *log)
{
	if (!risk_hidden(k, st, hex))
		return;
	rx(k, st)->revealed[hex] = 1;
	ev *e = ev_push(log, CRISK_RISK_EV_REVEAL, -1, -1);
	if (e) {
		e->args[0] = hex;
		e->args[1] = k->b.terrain[hex];
		e->args[2] = k->b.token[hex];
	}
}

void risk_reveal_node(const kern *k, void *st, int node, evlog *log)
{
	const bnode *n = &k->b.node[node];
	for (int i = 0; i < n->n_hex; i++)
		risk_reveal(k, st, n->hex[i], log);
}
