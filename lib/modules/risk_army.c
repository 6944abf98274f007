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

/* RC-22, RC-23: both hexes touch one connected network of the seat's roads,
 * settlements and cities.  Elements: nodes, then roads; a road joins its ends
 * unless another owner's building stands there (as for Longest Road). */
/* Pairwise form for the rare seat with more than 64 networks. */
static int risk_connected_slow(const kern *k, const void *st, int seat, int from, int to)
{
	const int nn = k->b.n_node, np = k->b.n_path;
	if (nn + np > NET_MAX)
		return 0;
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	uint8_t uf[NET_MAX];
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
	/* Components touching `from`: the seat's buildings and roads on its border. */
	uint8_t hit[NET_MAX];
	memset(hit, 0, sizeof hit);
	for (int pass = 0; pass < 2; pass++) {
		const bhex *h = &k->b.hex[pass ? to : from];
		for (int i = 0; i < 6; i++) {
			int n = h->node[i], p = h->path[i];
			int comps[2] = {-1, -1};
			if (n != BOARD_NONE && nodes[n] && (int)(nodes[n] & NODE_OWNER_MASK) == seat + 1)
				comps[0] = uf_find(uf, n);
			if (p != BOARD_NONE && paths[p] == seat + 1)
				comps[1] = uf_find(uf, nn + p);
			for (int c = 0; c < 2; c++) {
				if (comps[c] < 0)
					continue;
				if (pass && hit[comps[c]])
					return 1;
				if (!pass)
					hit[comps[c]] = 1;
			}
		}
	}
	return 0;
}

/* RC-22, RC-23: the networks of the seat's roads, settlements and cities
 * each hex touches, as bit masks of network labels (0 when the seat has more
 * than 64 networks: then risk_connected compares pairs).  Elements: nodes,
 * then roads; a road joins its ends unless another owner's building stands
 * there (as for Longest Road).  Returns 0 when the masks are usable. */
int risk_hex_networks(const kern *k, const void *st, int seat, uint64_t mask[RISK_HEXES])
{
	const int nn = k->b.n_node, np = k->b.n_path;
	if (nn + np > NET_MAX)
		return -1;
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	uint8_t uf[NET_MAX], label[NET_MAX];
	for (int i = 0; i < nn + np; i++) {
		uf[i] = (uint8_t)i;
		label[i] = 0xFF;
	}
	for (int p = 0; p < np; p++) {
		if (paths[p] != seat + 1)
			continue;
		for (int e = 0; e < 2; e++) {
			int n = k->b.path[p].node[e];
			if (passable(nodes, seat, n))
				uf[uf_find(uf, nn + p)] = (uint8_t)uf_find(uf, n);
		}
	}
	int labels = 0;
	for (int hex = 0; hex < k->b.n_land; hex++) {
		const bhex *h = &k->b.hex[hex];
		mask[hex] = 0;
		for (int i = 0; i < 6; i++) {
			int n = h->node[i], p = h->path[i];
			int comps[2] = {-1, -1};
			if (n != BOARD_NONE && nodes[n] && (int)(nodes[n] & NODE_OWNER_MASK) == seat + 1)
				comps[0] = uf_find(uf, n);
			if (p != BOARD_NONE && paths[p] == seat + 1)
				comps[1] = uf_find(uf, nn + p);
			for (int c = 0; c < 2; c++) {
				if (comps[c] < 0)
					continue;
				if (label[comps[c]] == 0xFF) {
					if (labels == 64)
						return -1;
					label[comps[c]] = (uint8_t)labels++;
				}
				mask[hex] |= UINT64_C(1) << label[comps[c]];
			}
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

/* Per-turn counters: valid only for the turn they were written in. */
static int fresh(const kern *k, const void *st)
{
	return rx(k, st)->mil_turn == ks(st)->turn;
}

int risk_moved(const kern *k, const void *st, int hex)
{
	return fresh(k, st) ? rx(k, st)->moved[hex] : 0;
}

int risk_bought(const kern *k, const void *st)
{
	return fresh(k, st) ? rx(k, st)->bought : 0;
}

int risk_buy_res(const kern *k, const void *st)
{
	return fresh(k, st) ? rx(k, st)->buy_res : (int)RISK_NONE;
}

int risk_redeployed(const kern *k, const void *st)
{
	return fresh(k, st) ? rx(k, st)->redeployed : 0;
}

void risk_fresh_turn(const kern *k, void *st)
{
	risk_ext *x = rx(k, st);
	if (fresh(k, st))
		return;
	memset(x->moved, 0, sizeof x->moved);
	x->bought = 0;
	x->buy_res = RISK_NONE;
	x->redeployed = 0;
	x->mil_turn = ks(st)->turn;
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
