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
	unsigned m = risk_occupants_occ(x, hex);
	if (!m)
		return 1;
	if (m & (m - 1))
		return 0; /* contested */
	int o = bit_low(m); /* the only occupant: it controls with the requirement (RC-4, RC-5) */
	return o == seat || ra(x, hex, o) < rr_of(k)->req[hex];
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

/* RC-22, RC-23: both hexes touch one connected network of the seat's roads,
 * settlements and cities. */
int risk_connected(const kern *k, const void *st, int seat, int from, int to)
{
	return (int)((rx(k, st)->sets[seat].linked[from] >> to) & 1u);
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

void risk_derive_armies(risk_ext *x)
{
	x->total = 0;
	for (int o = 0; o < RISK_OWNERS; o++)
		x->occ[o] = 0;
	for (int h = 0; h < RISK_HEXES; h++) {
		for (int o = 0; o < RISK_OWNERS; o++) {
			x->total += ra(x, h, o);
			x->occ[o] |= (uint32_t)(ra(x, h, o) != 0) << h;
		}
	}
}

int risk_armies_ok(const risk_ext *x)
{
	risk_ext want;
	memcpy(want.armies, x->armies, sizeof want.armies);
	risk_derive_armies(&want);
	return want.total == x->total && !memcmp(want.occ, x->occ, sizeof want.occ);
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
