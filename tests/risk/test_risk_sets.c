/* Issue 20: module risk answers its per-step questions with bit sets
 * (lib/modules/risk/risk_sets.c) and evaluates RC-16 only where an action
 * changed something (risk_evaluate_after, risk_ext.settled).  At every step
 * of random games (2-4 seats, fog on and off, automatic and explicit chance)
 * this test recomputes everything from scratch, corner by corner and path by
 * path as the rules say, and compares:
 * - the hexes next to a seat's buildings (RC-18) and touched by its pieces
 *   (RC-19), its buildings and roads;
 * - its networks: which pairs of hexes one network connects (RC-22, RC-23),
 *   by a union-find over intersections and roads;
 * - the controllers (RC-4, RC-5) and the pieces an annexation takes (RC-12,
 *   RC-14) for the state's control and for made-up control maps;
 * - the sets the state keeps (risk_ext.sets) against the same recomputation;
 * - the military list of the playout loop (counted, and each code made
 *   alone) against risk_list's;
 * - the incremental evaluation against the full one: each action is applied
 *   twice, once as the module does and once with the settled flag cleared
 *   (which forces the full evaluation), and the states and events must be
 *   the same; the flag must be what a from-scratch evaluation says. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk.h"
#include "risk_scenario.h"
#include "catan/kernel.h"
#include "catan/state_io.h"
#include "core/rules_impl.h"
#include "modules/risk/risk_impl.h"

#define STEPS 1200
#define EVENTS_CAP (1 << 16)

static const kern *kern_of(const crisk_game *g)
{
	return g->data;
}

/* ---- from scratch ---- */

static int owner_at(const kern *k, const void *st, int n)
{
	int v = knodes(k, st)[n];
	return v ? (int)(v & NODE_OWNER_MASK) - 1 : -1;
}

/* RC-18: a corner of the hex holds a building of the seat; RC-19 also a side
 * a road of the seat. */
static int ref_touches(const kern *k, const void *st, int seat, int hex, int roads)
{
	const bhex *h = &k->b.hex[hex];
	for (int i = 0; i < 6; i++) {
		if (h->node[i] != BOARD_NONE && owner_at(k, st, h->node[i]) == seat)
			return 1;
		if (roads && h->path[i] != BOARD_NONE && kpaths(k, st)[h->path[i]] == seat + 1)
			return 1;
	}
	return 0;
}

static int uf_find(int *uf, int v)
{
	while (uf[v] != v)
		v = uf[v] = uf[uf[v]];
	return v;
}

/* RC-22, RC-23: the seat's networks as a union-find over intersections, then
 * roads; a road joins an end without another owner's building.  conn[a][b]:
 * some network touches both hexes (a building on a corner, a road on a side). */
static void ref_connections(const kern *k, const void *st, int seat, int conn[RISK_HEXES][RISK_HEXES])
{
	const int nn = k->b.n_node, np = k->b.n_path;
	const uint8_t *paths = kpaths(k, st);
	int uf[RISK_MAX_NODES + RISK_MAX_PATHS];
	for (int i = 0; i < nn + np; i++)
		uf[i] = i;
	for (int p = 0; p < np; p++) {
		if (paths[p] != seat + 1)
			continue;
		for (int e = 0; e < 2; e++) {
			int n = k->b.path[p].node[e], o = owner_at(k, st, n);
			if (o < 0 || o == seat)
				uf[uf_find(uf, nn + p)] = uf_find(uf, n);
		}
	}
	static uint8_t has[RISK_HEXES][RISK_MAX_NODES + RISK_MAX_PATHS];
	memset(has, 0, sizeof has);
	for (int h = 0; h < k->b.n_land; h++) {
		for (int i = 0; i < 6; i++) {
			int n = k->b.hex[h].node[i], p = k->b.hex[h].path[i];
			if (n != BOARD_NONE && owner_at(k, st, n) == seat)
				has[h][uf_find(uf, n)] = 1;
			if (p != BOARD_NONE && paths[p] == seat + 1)
				has[h][uf_find(uf, nn + p)] = 1;
		}
	}
	for (int a = 0; a < k->b.n_land; a++) {
		for (int b = 0; b < k->b.n_land; b++) {
			conn[a][b] = 0;
			for (int c = 0; c < nn + np && !conn[a][b]; c++)
				conn[a][b] = has[a][c] && has[b][c];
		}
	}
}

/* RC-3..RC-5. */
static int ref_controller(const kern *k, const risk_ext *x, int hex)
{
	int occupant = -1, occupants = 0;
	for (int o = 0; o < RISK_OWNERS; o++) {
		if (ra(x, hex, o)) {
			occupant = o;
			occupants++;
		}
	}
	return occupants == 1 && ra(x, hex, occupant) >= risk_requirement(k, hex) ? occupant : -1;
}

/* The seat controlling every listed land hex, or -1 (neutral never annexes). */
static int ref_sole(const kern *k, const int8_t *ctrl, const uint16_t *hexes, int n)
{
	int q = -1;
	for (int i = 0; i < n; i++) {
		int c = ctrl[hexes[i]];
		if (c < 0 || c >= k->seats || (i && c != q))
			return -1;
		q = c;
	}
	return q;
}

/* RC-12, RC-14: the pieces that change hands under the control map. */
static void ref_annexable(const kern *k, const void *st, const int8_t *ctrl, uint64_t *nodes, uint64_t paths[2])
{
	const uint8_t *pv = kpaths(k, st);
	*nodes = paths[0] = paths[1] = 0;
	for (int n = 0; n < k->b.n_node; n++) {
		int q = ref_sole(k, ctrl, k->b.node[n].hex, k->b.node[n].n_hex), o = owner_at(k, st, n);
		if (knodes(k, st)[n] && q >= 0 && o != q)
			*nodes |= UINT64_C(1) << n;
	}
	for (int p = 0; p < k->b.n_path; p++) {
		int q = ref_sole(k, ctrl, k->b.path[p].hex, k->b.path[p].n_hex);
		if (pv[p] && q >= 0 && pv[p] != q + 1)
			paths[p >> 6] |= UINT64_C(1) << (p & 63);
	}
}

/* ---- comparisons ---- */

static void check_reach(const crisk_game *g, int seat, const char *where)
{
	const kern *k = kern_of(g);
	const void *st = g->state;
	risk_reach r;
	risk_reach_of(k, st, seat, &r);
	for (int n = 0; n < k->b.n_node; n++)
		ck_assert_msg((int)((r.buildings >> n) & 1u) == (owner_at(k, st, n) == seat),
			      "%s: seat %d, intersection %d: building set wrong", where, seat, n);
	for (int p = 0; p < k->b.n_path; p++)
		ck_assert_msg((int)((r.roads[p >> 6] >> (p & 63)) & 1u) == (kpaths(k, st)[p] == seat + 1),
			      "%s: seat %d, path %d: road set wrong", where, seat, p);
	for (int h = 0; h < k->b.n_land; h++) {
		ck_assert_msg((int)((r.next_to_building >> h) & 1u) == ref_touches(k, st, seat, h, 0),
			      "%s: seat %d, hex %d: next to a building differs (RC-18)", where, seat, h);
		ck_assert_msg((int)((r.touched >> h) & 1u) == ref_touches(k, st, seat, h, 1),
			      "%s: seat %d, hex %d: supply (touched) differs (RC-19)", where, seat, h);
		ck_assert_msg((int)((rx(k, st)->sets[seat].next_to_building >> h) & 1u) == ref_touches(k, st, seat, h, 0) &&
				      (int)((rx(k, st)->sets[seat].touched >> h) & 1u) == ref_touches(k, st, seat, h, 1),
			      "%s: seat %d, hex %d: the derived sets in the state differ from its pieces", where, seat, h);
		ck_assert_int_eq(risk_next_to_building(k, st, seat, h), ref_touches(k, st, seat, h, 0));
		ck_assert_int_eq(risk_touches(k, st, seat, h), ref_touches(k, st, seat, h, 1));
	}
}

static void check_networks(const crisk_game *g, int seat, uint64_t *rs, const char *where)
{
	const kern *k = kern_of(g);
	const void *st = g->state;
	static int conn[RISK_HEXES][RISK_HEXES];
	risk_reach r;
	risk_nets nets;
	ref_connections(k, st, seat, conn);
	risk_reach_of(k, st, seat, &r);
	risk_networks(k, st, &r, &nets);
	for (int a = 0; a < k->b.n_land; a++) {
		for (int b = 0; b < k->b.n_land; b++) {
			int fast = 0;
			for (int i = 0; i < nets.n; i++)
				fast |= ((nets.hexes[i] >> a) & 1u) && ((nets.hexes[i] >> b) & 1u);
			ck_assert_msg(fast == conn[a][b], "%s: seat %d, hexes %d and %d: networks say %d, from scratch %d (RC-22)",
				      where, seat, a, b, fast, conn[a][b]);
		}
	}
	for (int i = 0; i < 8; i++) {
		int a = (int)(rs_rand(rs) % (uint64_t)k->b.n_land), b = (int)(rs_rand(rs) % (uint64_t)k->b.n_land);
		ck_assert_int_eq(risk_connected(k, st, seat, a, b), conn[a][b]);
	}
	for (int a = 0; a < k->b.n_land; a++) {
		for (int b = 0; b < k->b.n_land; b++)
			ck_assert_msg((int)((rx(k, st)->sets[seat].linked[a] >> b) & 1u) == conn[a][b],
				      "%s: seat %d, hexes %d and %d: the derived networks in the state differ (RC-22)", where, seat,
				      a, b);
	}
}

static void compare_annexable(const kern *k, const void *st, const int8_t *ctrl, const char *where, const char *what)
{
	uint64_t fn, fp[2], rn, rp[2];
	risk_annexable(k, st, ctrl, &fn, fp);
	ref_annexable(k, st, ctrl, &rn, rp);
	ck_assert_msg(fn == rn && fp[0] == rp[0] && fp[1] == rp[1],
		      "%s: annexable pieces (%s) differ: buildings %016llx vs %016llx, roads %016llx%016llx vs %016llx%016llx",
		      where, what, (unsigned long long)fn, (unsigned long long)rn, (unsigned long long)fp[1],
		      (unsigned long long)fp[0], (unsigned long long)rp[1], (unsigned long long)rp[0]);
}

static void check_control(const crisk_game *g, uint64_t *rs, const char *where)
{
	const kern *k = kern_of(g);
	const void *st = g->state;
	const risk_ext *x = rx(k, st);
	int8_t ctrl[RISK_HEXES];
	risk_controllers(k, x, ctrl);
	for (int h = 0; h < k->b.n_land; h++) {
		ck_assert_msg(ctrl[h] == ref_controller(k, x, h), "%s: hex %d: controller %d, from scratch %d (RC-4)", where,
			      h, ctrl[h], ref_controller(k, x, h));
		ck_assert_int_eq(risk_controller(k, x, h), ctrl[h]);
	}
	compare_annexable(k, st, ctrl, where, "the state's control");
	/* Around some hexes and some more pieces, with the state's control
	 * asked lazily. */
	uint32_t some_h = (uint32_t)rs_rand(rs) & (uint32_t)rs_rand(rs) & ((1u << k->b.n_land) - 1);
	uint64_t some_n = rs_rand(rs) & rs_rand(rs), some_p[2] = {rs_rand(rs) & rs_rand(rs), rs_rand(rs)};
	uint64_t an, ap[2], rn, rp[2];
	int8_t lazy[RISK_HEXES];
	memset(lazy, RISK_CTRL_UNKNOWN, sizeof lazy);
	risk_annexable_near(k, st, some_h, some_n, some_p, lazy, &an, ap);
	ref_annexable(k, st, ctrl, &rn, rp);
	for (int h = 0; h < k->b.n_land; h++) {
		if (!((some_h >> h) & 1u))
			continue;
		for (int i = 0; i < 6; i++) {
			int n = k->b.hex[h].node[i], p = k->b.hex[h].path[i];
			if (n != BOARD_NONE)
				some_n |= UINT64_C(1) << n;
			if (p != BOARD_NONE)
				some_p[p >> 6] |= UINT64_C(1) << (p & 63);
		}
	}
	ck_assert_msg(an == (rn & some_n) && ap[0] == (rp[0] & some_p[0]) && ap[1] == (rp[1] & some_p[1]),
		      "%s: annexable pieces near some hexes differ", where);
	/* Made-up control maps: seats, the neutral defenders and nobody. */
	for (int t = 0; t < 3; t++) {
		int8_t made[RISK_HEXES];
		for (int h = 0; h < k->b.n_land; h++) {
			int v = (int)(rs_rand(rs) % (uint64_t)(k->seats + 2));
			made[h] = (int8_t)(v == k->seats ? RISK_NEUTRAL : v == k->seats + 1 ? -1 : v);
		}
		compare_annexable(k, st, made, where, "a made-up control map");
	}
}

/* The flag: set exactly when a from-scratch evaluation has nothing to do. */
/* Whole games by the module's playout loop, one step at a time, with the
 * state check after every step: it recomputes every seat's longest road
 * (B-88), which the module recounts after an annexation (RC-12, RC-14) or an
 * elimination (RC-25) for the seats that lost or won a piece only, and the
 * derived parts of the state.  Complete games reach the eliminations and the
 * late annexations that the short games above see rarely. */
START_TEST(test_whole_games_checked)
{
	static const char *const params[] = {"players=2", "players=3", "players=4", "players=4 fog=on"};
	int annexed = 0;
	for (int game = 0; game < 3; game++) {
		crisk_rules *r;
		crisk_game *g;
		char full[256];
		snprintf(full, sizeof full, "%s board=random chance=auto seed=%d", params[_i], 4000 + 10 * _i + game);
		ck_assert_msg(crisk_rules_new(&r, "risk", full) == CRISK_OK, "%s", crisk_error_last());
		ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
		uint64_t draws = 4000 + (uint64_t)(10 * _i + game), n = 0;
		for (int step = 0; crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; step++) {
			const risk_ext *x = rx(kern_of(g), g->state);
			uint8_t owners[RISK_MAX_NODES + RISK_MAX_PATHS];
			const int nn = kern_of(g)->b.n_node, np = kern_of(g)->b.n_path;
			memcpy(owners, knodes(kern_of(g), g->state), (size_t)nn);
			memcpy(owners + nn, kpaths(kern_of(g), g->state), (size_t)np);
			const int evaluated = x->evaluated;
			n = 0;
			ck_assert_msg(crisk_game_playout(g, 0, 1, &draws, &n) == CRISK_OK && n == 1, "%s, step %d: %s", full, step,
				      crisk_error_last());
			ck_assert_msg(g->mod->state_check(g->data, g->state) == CRISK_OK, "%s, step %d: %s", full, step,
				      crisk_error_last());
			annexed += evaluated && (memcmp(owners, knodes(kern_of(g), g->state), (size_t)nn) ||
						 memcmp(owners + nn, kpaths(kern_of(g), g->state), (size_t)np));
		}
		crisk_game_free(g);
		crisk_rules_free(r);
	}
	ck_assert_msg(annexed > 0, "%s: no piece changed owner", params[_i]);
}
END_TEST

/* RC-3: the derived hexes with armies of each owner and the number of
 * armies on the board (risk_ext.occ, .total) against the armies. */
static void check_armies(const crisk_game *g, const char *where)
{
	const risk_ext *x = rx(kern_of(g), g->state);
	unsigned total = 0;
	for (int o = 0; o < RISK_OWNERS; o++) {
		uint32_t occ = 0;
		for (int h = 0; h < RISK_HEXES; h++) {
			total += x->armies[h * RISK_OWNERS + o];
			if (x->armies[h * RISK_OWNERS + o] > 0)
				occ |= 1u << h;
		}
		ck_assert_msg(x->occ[o] == occ, "%s: owner %d: derived hexes with armies 0x%x, armies on 0x%x (RC-3)", where,
			      o, (unsigned)x->occ[o], (unsigned)occ);
	}
	ck_assert_msg(x->total == total, "%s: derived %u armies on the board, counted %u", where, (unsigned)x->total,
		      total);
}

static void check_settled(const crisk_game *g, const char *where)
{
	const kern *k = kern_of(g);
	const void *st = g->state;
	const risk_ext *x = rx(k, st);
	int8_t ctrl[RISK_HEXES];
	uint64_t n, p[2];
	for (int h = 0; h < k->b.n_land; h++)
		ctrl[h] = (int8_t)ref_controller(k, x, h);
	ref_annexable(k, st, ctrl, &n, p);
	int settled = x->evaluated && ks(st)->status == CRISK_STATUS_RUNNING && !(n | p[0] | p[1]);
	ck_assert_msg(x->settled == settled, "%s: settled flag %d, from scratch %d", where, x->settled, settled);
}

/* The playout loop's military list without writing it (risk.c): at a main
 * decision point, risk_military_count must be the length of the module's
 * part of risk_list's list and risk_military_at(i) its i-th code, for every
 * i (RC-17..RC-22: the same actions in the same order). */
static void check_military_pick(const crisk_game *g, const char *where)
{
	const kern *k = kern_of(g);
	const void *st = g->state;
	const risk_ext *x = rx(k, st);
	const kstate *h = ks(st);
	for (int s = 0; s < k->seats; s++)
		ck_assert_msg(risk_visible_vp(k, st, s) == kvisible_vp(k, st, s), "%s: seat %d: visible VP %d, the kernel's %d",
			      where, s, risk_visible_vp(k, st, s), kvisible_vp(k, st, s));
	if (x->phase != RP_NONE || h->status != CRISK_STATUS_RUNNING || h->dp != DP_MAIN || x->redeployed)
		return;
	static crisk_action all[4096], kernel[4096];
	for (int offers = 0; offers < 2; offers++) {
		size_t n = risk_list(k, st, offers, all, 4096), nk = kern_legal_offers(k, st, offers, kernel, 4096);
		ck_assert_msg(n <= 4096 && nk <= n, "%s: %zu codes, %zu of the kernel", where, n, nk);
		ck_assert_msg(memcmp(all, kernel, nk * sizeof *all) == 0, "%s: the kernel's part differs", where);
		mil_parts mp;
		size_t nm = risk_military_count(k, st, &mp);
		ck_assert_msg(nk + nm == n, "%s: %zu military codes counted, %zu listed", where, nm, n - nk);
		for (size_t i = 0; i < nm; i++) {
			crisk_action a = risk_military_at(k, st, &mp, i);
			ck_assert_msg(a == all[nk + i], "%s: military code %zu is %016llx, listed %016llx", where, i,
				      (unsigned long long)a, (unsigned long long)all[nk + i]);
		}
	}
}

static char *events_since(const crisk_game *g, uint64_t since)
{
	static char buf[2][EVENTS_CAP];
	static int which;
	char *b = buf[which ^= 1];
	size_t len;
	ck_assert_msg(crisk_game_events_json(g, since, CRISK_VIEWER_OMNISCIENT, b, EVENTS_CAP, &len) == CRISK_OK, "%s",
		      crisk_error_last());
	return b;
}

/* The action applied as the module does and with a full evaluation forced. */
static void apply_both(crisk_game *g, crisk_action act, const char *where)
{
	crisk_game *full;
	uint64_t since;
	ck_assert_int_eq(crisk_game_clone(&full, g), CRISK_OK);
	rx(kern_of(full), full->state)->settled = 0;
	ck_assert_int_eq(crisk_game_event_range(g, NULL, &since), CRISK_OK);
	int rc = crisk_game_apply(g, act), rc_full = crisk_game_apply(full, act);
	ck_assert_msg(rc == CRISK_OK && rc_full == CRISK_OK, "%s: legal %016llx refused: %s", where,
		      (unsigned long long)act, crisk_error_last());
	/* The flag itself only says which evaluation runs (an action that
	 * evaluates nothing leaves the cleared one); check_control compares g's
	 * with a from-scratch evaluation. */
	rx(kern_of(full), full->state)->settled = rx(kern_of(g), g->state)->settled;
	ck_assert_msg(memcmp(g->state, full->state, g->state_size) == 0,
		      "%s: the incremental evaluation left another state than the full one", where);
	ck_assert_msg(strcmp(events_since(g, since), events_since(full, since)) == 0,
		      "%s: the incremental evaluation gave other events than the full one", where);
	crisk_game_free(full);
}

static void play(const char *params, uint64_t seed, int *annexed)
{
	crisk_rules *r;
	crisk_game *g;
	char full[256];
	snprintf(full, sizeof full, "%s seed=%llu", params, (unsigned long long)seed);
	ck_assert_msg(crisk_rules_new(&r, "risk", full) == CRISK_OK, "%s", crisk_error_last());
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	ck_assert_int_eq(crisk_game_set_event_capacity(g, 1 << 14), CRISK_OK);
	uint64_t rs = seed;
	for (int step = 0; step < STEPS && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; step++) {
		char where[320];
		snprintf(where, sizeof where, "%s, step %d", full, step);
		for (int s = 0; s < kern_of(g)->seats; s++) {
			check_reach(g, s, where);
			check_networks(g, s, &rs, where);
		}
		check_control(g, &rs, where);
		check_settled(g, where);
		check_armies(g, where);
		check_military_pick(g, where);
		uint64_t before, after;
		crisk_game_event_range(g, NULL, &before);
		apply_both(g, rs_pick(g, &rs, 400), where);
		crisk_game_event_range(g, NULL, &after);
		*annexed += strstr(events_since(g, before), "annex") != NULL;
		ck_assert_msg(g->mod->state_check(g->data, g->state) == CRISK_OK, "%s: %s", where, crisk_error_last());
	}
	check_control(g, &rs, full);
	check_settled(g, full);
	check_armies(g, full);
	crisk_game_free(g);
	crisk_rules_free(r);
}

static const char *const configs[] = {
	"players=2 board=random chance=auto vp_target=8 max_turns=120",
	"players=3 board=random chance=explicit max_turns=120",
	"players=4 board=beginner chance=auto fog=on max_turns=120",
	"players=4 board=random chance=explicit fog=on max_turns=120",
};

START_TEST(test_sets_match_scratch)
{
	int annexed = 0;
	for (int game = 0; game < 3; game++)
		play(configs[_i], 2000 + (uint64_t)(_i * 10 + game), &annexed);
	/* The comparison covers annexations, not only quiet positions. */
	ck_assert_msg(annexed > 0, "%s: no annexation in the games", configs[_i]);
}
END_TEST

/* Made-up positions, which random games seldom reach: pieces of every owner
 * anywhere (a road network cut by another owner's building, RC-22; neutral
 * pieces, RC-27) and armies anywhere. */
START_TEST(test_sets_on_made_up_positions)
{
	crisk_rules *r;
	crisk_game *g;
	ck_assert_int_eq(crisk_rules_new(&r, "risk", "players=4 board=random chance=auto seed=91"), CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	const kern *k = kern_of(g);
	uint64_t rs = 91;
	for (int round = 0; round < 400; round++) {
		char where[64];
		snprintf(where, sizeof where, "made-up position %d", round);
		uint8_t *nodes = knodes(k, g->state), *paths = kpaths(k, g->state);
		risk_ext *x = rx(k, g->state);
		int fill = 1 + (int)(rs_rand(&rs) % 4); /* from sparse to crowded */
		for (int n = 0; n < k->b.n_node; n++) {
			int o = (int)(rs_rand(&rs) % 10);
			nodes[n] = o >= fill ? 0 : (uint8_t)((o == 0 ? NODE_NEUTRAL : 1 + rs_rand(&rs) % 4) |
							     (rs_rand(&rs) % 2 ? NODE_CITY : 0));
		}
		for (int p = 0; p < k->b.n_path; p++) {
			int o = (int)(rs_rand(&rs) % 6);
			paths[p] = o >= fill + 1 ? 0 : (uint8_t)(o == 0 ? NODE_NEUTRAL : 1 + rs_rand(&rs) % 4);
		}
		for (int h = 0; h < RISK_HEXES; h++) {
			for (int o = 0; o < RISK_OWNERS; o++)
				ra_set(x, h, o, (int)(rs_rand(&rs) % 3 ? 0 : rs_rand(&rs) % 7));
		}
		kern_state_derive(k, g->state);
		risk_derive_sets(k, g->state);
		for (int s = 0; s < k->seats; s++) {
			check_reach(g, s, where);
			check_networks(g, s, &rs, where);
		}
		check_control(g, &rs, where);
	}
	crisk_game_free(g);
	crisk_rules_free(r);
}
END_TEST

/* A flag set in a state that needs an annexation is refused by the state
 * check, and a load derives it. */
START_TEST(test_settled_flag_checked)
{
	crisk_rules *r;
	crisk_game *g;
	ck_assert_int_eq(crisk_rules_new(&r, "risk", "players=3 board=random chance=auto seed=77"), CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	uint64_t rs = 77;
	while (crisk_game_turn(g) < 3)
		ck_assert_int_eq(crisk_game_apply(g, rs_pick(g, &rs, 400)), CRISK_OK);
	risk_ext *x = rx(kern_of(g), g->state);
	ck_assert_int_eq(x->settled, 1);
	ck_assert_int_eq(g->mod->state_check(g->data, g->state), CRISK_OK);
	x->settled = 0;
	ck_assert_int_eq(g->mod->state_check(g->data, g->state), CRISK_EFORMAT);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "settled"));
	x->settled = 1;
	/* Seat 0's armies take a hex next to a building of seat 1 with every
	 * other hex of it: the flag is wrong now. */
	const kern *k = kern_of(g);
	int node = -1;
	for (int n = 0; n < k->b.n_node && node < 0; n++)
		node = owner_at(k, g->state, n) == 1 ? n : -1;
	ck_assert_int_ge(node, 0);
	for (int i = 0; i < k->b.node[node].n_hex; i++) {
		int h = k->b.node[node].hex[i];
		for (int o = 0; o < RISK_OWNERS; o++)
			ra_set(x, h, o, 0);
		ra_set(x, h, 0, risk_requirement(k, h));
	}
	memset(x->moved, 0, sizeof x->moved);
	ck_assert_int_eq(risk_settled_now(k, g->state), 0);
	ck_assert_int_eq(g->mod->state_check(g->data, g->state), CRISK_EFORMAT);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "settled"));
	crisk_game_free(g);
	crisk_rules_free(r);
}
END_TEST

/* The library's own playout loop (which applies listed codes without a
 * second check) keeps the derived parts as the step-by-step apply does:
 * one playout step at a time, everything compared with a recomputation. */
START_TEST(test_sets_match_scratch_in_playouts)
{
	crisk_rules *r;
	crisk_game *g;
	char full[256];
	snprintf(full, sizeof full, "%s seed=%d", configs[_i], 3000 + _i);
	ck_assert_msg(crisk_rules_new(&r, "risk", full) == CRISK_OK, "%s", crisk_error_last());
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	uint64_t draws = 3000 + (uint64_t)_i, rs = draws, n = 0;
	for (int step = 0; step < STEPS && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; step++) {
		char where[320];
		snprintf(where, sizeof where, "%s, playout step %d", full, step);
		ck_assert_msg(crisk_game_playout(g, 0, 1, &draws, &n) == CRISK_OK && n == 1, "%s: %s", where,
			      crisk_error_last());
		ck_assert_msg(g->mod->state_check(g->data, g->state) == CRISK_OK, "%s: %s", where, crisk_error_last());
		for (int s = 0; s < kern_of(g)->seats; s++) {
			check_reach(g, s, where);
			check_networks(g, s, &rs, where);
		}
		check_control(g, &rs, where);
		check_settled(g, where);
		check_armies(g, where);
		check_military_pick(g, where);
	}
	crisk_game_free(g);
	crisk_rules_free(r);
}
END_TEST

/* RC-3: the derived hexes with armies and the number of armies are refused
 * by the state check when they differ from the armies, and a load derives
 * them (they are not saved). */
START_TEST(test_armies_derived_checked)
{
	crisk_rules *r;
	crisk_game *g, *loaded;
	ck_assert_int_eq(crisk_rules_new(&r, "risk", "players=4 board=random chance=auto seed=78"), CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	uint64_t rs = 78;
	while (crisk_game_turn(g) < 3)
		ck_assert_int_eq(crisk_game_apply(g, rs_pick(g, &rs, 400)), CRISK_OK);
	risk_ext *x = rx(kern_of(g), g->state);
	ck_assert_uint_gt(x->total, 0);
	ck_assert_int_eq(g->mod->state_check(g->data, g->state), CRISK_OK);
	for (int o = 0; o < RISK_OWNERS; o++) {
		for (int h = 0; h < RISK_HEXES; h += 5) {
			x->occ[o] ^= 1u << h;
			ck_assert_int_eq(g->mod->state_check(g->data, g->state), CRISK_EFORMAT);
			ck_assert_ptr_nonnull(strstr(crisk_error_last(), "occupied"));
			x->occ[o] ^= 1u << h;
		}
	}
	x->total++;
	ck_assert_int_eq(g->mod->state_check(g->data, g->state), CRISK_EFORMAT);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "occupied"));
	x->total--;
	static uint8_t save[1 << 16];
	size_t len;
	ck_assert_int_eq(crisk_game_save(g, save, sizeof save, &len), CRISK_OK);
	ck_assert_int_eq(crisk_game_load(&loaded, save, len), CRISK_OK);
	const risk_ext *y = rx(kern_of(loaded), loaded->state);
	ck_assert_int_eq(memcmp(y->occ, x->occ, sizeof x->occ), 0);
	ck_assert_uint_eq(y->total, x->total);
	check_armies(loaded, "loaded");
	crisk_game_free(loaded);
	crisk_game_free(g);
	crisk_rules_free(r);
}
END_TEST

/* RC-16, RC-28 on the incremental evaluation: from a settled state
 * (nothing annexable), a battle that leaves seat 0 alone on hex 16 gives it
 * intersection 43 (hexes 12 and 16), which reaches vp_target: seat 0 wins
 * at once.  The victory test after the action must not be left out when a
 * piece changed hands. */
START_TEST(test_rc28_win_by_annexation_when_settled)
{
	crisk_game *g = rs_two("vp_target=3");
	sc_roll(g, 2);
	static const int hexes[4] = {1, 2, 12, 16}, need[4] = {1, 4, 5, 4};
	for (int i = 0; i < 4; i++) {
		for (int o = 0; o < RISK_OWNERS; o++)
			rs_set_armies(&g, hexes[i], o, 0);
		rs_set_armies(&g, hexes[i], 0, need[i]);
	}
	rs_set_armies(&g, 2, 0, 0); /* intersection 5 (hexes 1, 2) stays seat 1's */
	rs_set_armies(&g, 2, 1, 1);
	rs_set_armies(&g, 16, 1, 1); /* contested: 43 is not annexable yet */
	rs_set_armies(&g, 16, 0, 6);
	ck_assert_int_eq(rs_building_owner(g, 43), 1);
	/* Any roads that the load left annexable change hands at the next
	 * evaluation: a single roll elsewhere is not enough, so a move of one
	 * army within seat 0's own hexes evaluates (the legal list has one). */
	if (!rx(kern_of(g), g->state)->settled) {
		crisk_action acts[1024];
		size_t n = 0;
		ck_assert_int_eq(crisk_game_legal_actions(g, acts, 1024, &n), CRISK_OK);
		size_t i = 0;
		while (i < n && !(ACT_TYPE(acts[i]) == CRISK_RISK_MOVE_ARMIES && ARG0(acts[i]) != 16 && ARG1(acts[i]) != 16 &&
				  ARG1(acts[i]) != 2))
			i++;
		ck_assert_uint_lt(i, n);
		sc_apply(g, acts[i]);
	}
	ck_assert_int_eq(rx(kern_of(g), g->state)->settled, 1);
	ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
	ck_assert_int_eq(rs_building_owner(g, 43), 1);
	sc_apply(g, rs_act(CRISK_RISK_ATTACK_ALL, 16, 1, 0));
	static crisk_action acts[4096];
	static double probs[4096];
	size_t n = 0;
	int won = 0;
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 4096, &n), CRISK_OK);
	for (size_t i = 0; i < n; i++) {
		crisk_game *c;
		ck_assert_int_eq(crisk_game_clone(&c, g), CRISK_OK);
		ck_assert_int_eq(rx(kern_of(c), c->state)->settled, 1);
		sc_apply(c, acts[i]);
		if (rs_armies(c, 16, 1) == 0) {
			int winner = -1;
			ck_assert_int_eq(rs_building_owner(c, 43), 0);
			ck_assert_int_eq(crisk_game_status(c, &winner), CRISK_STATUS_WON);
			ck_assert_int_eq(winner, 0);
			won = 1;
		}
		crisk_game_free(c);
	}
	ck_assert_msg(won, "no roll removes seat 1's army");
	crisk_game_free(g);
}
END_TEST

/* The made-up positions of the two tests below: seat 0's set-up road at
 * intersection 12 goes back to its supply; seat 1 gets two roads at 12 from
 * its supply, none of which touches its other roads. */
static void seat1_roads_at_12(crisk_game *g)
{
	const kern *k = kern_of(g);
	void *st = g->state;
	uint8_t *paths = kpaths(k, st);
	const bnode *bn = &k->b.node[12];
	ck_assert_int_eq(rs_building_owner(g, 12), 0);
	ck_assert_int_ge(bn->deg, 2);
	for (int i = 0; i < bn->deg; i++) {
		const int p = bn->path[i];
		if (paths[p]) {
			kseat_of(k, st, paths[p] - 1)->supply[PIECE_ROAD]++;
			paths[p] = 0;
		}
	}
	for (int i = 0; i < 2; i++) {
		paths[bn->path[i]] = 2;
		kseat_of(k, st, 1)->supply[PIECE_ROAD]--;
	}
}

/* The derived parts again, then seat 1 alone on hexes 0, 3 and 4 with
 * their requirements (not settled yet: the next roll annexes). */
static void seat1_alone_on_hexes(crisk_game *g)
{
	const kern *k = kern_of(g);
	void *st = g->state;
	risk_ext *x = rx(k, st);
	risk_recount_roads(k, st, NULL);
	risk_derive_sets(k, st);
	static const int hexes[3] = {0, 3, 4};
	for (int i = 0; i < 3; i++) {
		for (int o = 0; o < RISK_OWNERS; o++)
			ra_set(x, hexes[i], o, 0);
		ra_set(x, hexes[i], 1, rr_of(k)->req[hexes[i]]);
	}
	x->settled = (uint8_t)risk_settled_now(k, st);
	ck_assert_int_eq(x->settled, 0);
	ck_assert_msg(g->mod->state_check(g->data, st) == CRISK_OK, "made-up position: %s", crisk_error_last());
}

/* B-86, B-88 after RC-12: seat 1 annexes seat 0's settlement on
 * intersection 12 where seat 1 has two roads and seat 0 none, so no road
 * changes hands; the settlement cut seat 1's two roads apart, its own
 * settlement joins them.  The module recounts seat 1's longest road for the
 * building alone (two roads at it); the state check after the action
 * recomputes every longest road and fails when that recount is left out. */
START_TEST(test_longest_road_through_annexed_building)
{
	crisk_game *g = rs_two(NULL);
	const kern *k = kern_of(g);
	void *st = g->state;
	uint8_t *paths = kpaths(k, st);
	seat1_roads_at_12(g);
	seat1_alone_on_hexes(g);
	/* The longest road of seat 1 with the settlement its own is longer:
	 * the annexation has something to recount. */
	uint8_t *nodes = knodes(k, st);
	const uint8_t was = nodes[12];
	const int before = board_longest_road(&k->b, paths, nodes, 1);
	nodes[12] = (uint8_t)((was & ~NODE_OWNER_MASK) | 2);
	const int after = board_longest_road(&k->b, paths, nodes, 1);
	nodes[12] = was;
	ck_assert_int_gt(after, before);
	ck_assert_int_eq(kseat_of(k, st, 1)->road_len, before);
	uint8_t roads[RISK_MAX_PATHS];
	memcpy(roads, paths, (size_t)k->b.n_path);
	sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
	st = g->state;
	ck_assert_int_eq(rs_building_owner(g, 12), 1);
	ck_assert_msg(!memcmp(roads, kpaths(k, st), (size_t)k->b.n_path), "a road changed hands");
	ck_assert_msg(g->mod->state_check(g->data, st) == CRISK_OK, "after the annexation: %s", crisk_error_last());
	ck_assert_int_eq(kseat_of(k, st, 1)->road_len, after);
	crisk_game_free(g);
}
END_TEST

/* The same annexation with a road of seat 0 elsewhere in seat 1's hexes,
 * not touching seat 1's roads: seat 1 wins the road and the settlement.
 * A seat that only won roads is recounted from its old length through the
 * roads won (board_longest_road_through); seat 1 also won a building, and
 * its new trail through the settlement uses no road won, so it needs the
 * full recount (RC-12, RC-14, B-86; the state check fails when seat 1 is
 * taken for a seat whose trails only grew through its roads). */
START_TEST(test_longest_road_after_road_and_building_annexed)
{
	crisk_game *g = rs_two(NULL);
	const kern *k = kern_of(g);
	void *st = g->state;
	uint8_t *paths = kpaths(k, st);
	seat1_roads_at_12(g);
	/* A free side between two of hexes 0, 3 and 4 whose ends touch no
	 * road of seat 1 and no building. */
	const uint32_t mine = 1u << 0 | 1u << 3 | 1u << 4;
	const uint8_t *nodes0 = knodes(k, st);
	int far = -1;
	for (int p = 0; p < k->b.n_path && far < 0; p++) {
		const bpath *bp = &k->b.path[p];
		if (paths[p] > 1 || !((mine >> bp->hex[0]) & 1u) || (bp->n_hex == 2 && !((mine >> bp->hex[1]) & 1u)))
			continue;
		int ok = 1;
		for (int e = 0; e < 2; e++) {
			const bnode *en = &k->b.node[bp->node[e]];
			ok &= (nodes0[bp->node[e]] & NODE_OWNER_MASK) != 2;
			for (int i = 0; i < en->deg; i++)
				ok &= paths[en->path[i]] != 2;
		}
		if (ok)
			far = p;
	}
	ck_assert_int_ge(far, 0);
	if (!paths[far]) {
		paths[far] = 1;
		kseat_of(k, st, 0)->supply[PIECE_ROAD]--;
	}
	seat1_alone_on_hexes(g);
	uint8_t *nodes = knodes(k, st);
	const uint8_t was = nodes[12];
	const int before = board_longest_road(&k->b, paths, nodes, 1);
	nodes[12] = (uint8_t)((was & ~NODE_OWNER_MASK) | 2);
	paths[far] = 2;
	const int after = board_longest_road(&k->b, paths, nodes, 1);
	paths[far] = 1;
	nodes[12] = was;
	ck_assert_int_gt(after, before);
	ck_assert_int_eq(kseat_of(k, st, 1)->road_len, before);
	sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
	st = g->state;
	ck_assert_int_eq(rs_building_owner(g, 12), 1);
	ck_assert_int_eq(kpaths(k, st)[far], 2);
	ck_assert_msg(g->mod->state_check(g->data, st) == CRISK_OK, "after the annexation: %s", crisk_error_last());
	ck_assert_int_eq(kseat_of(k, st, 1)->road_len, after);
	crisk_game_free(g);
}
END_TEST

static Suite *sets_suite(void)
{
	Suite *s = suite_create("risk_sets");
	TCase *tc = tcase_create("sets");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_sets_match_scratch, 0, (int)(sizeof configs / sizeof configs[0]));
	tcase_add_test(tc, test_settled_flag_checked);
	tcase_add_test(tc, test_armies_derived_checked);
	tcase_add_loop_test(tc, test_sets_match_scratch_in_playouts, 0, (int)(sizeof configs / sizeof configs[0]));
	tcase_add_loop_test(tc, test_whole_games_checked, 0, 4);
	suite_add_tcase(s, tc);
	tc = tcase_create("win");
	tcase_add_test(tc, test_rc28_win_by_annexation_when_settled);
	tcase_add_test(tc, test_longest_road_through_annexed_building);
	tcase_add_test(tc, test_longest_road_after_road_and_building_annexed);
	suite_add_tcase(s, tc);
	tc = tcase_create("made_up");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_sets_on_made_up_positions);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(sets_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
