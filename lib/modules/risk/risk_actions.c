/* Validation and application of actions in module risk: the module's own
 * actions (RC-8..RC-10, RC-17..RC-22, RC-27) and the overlay decision points,
 * with every kernel action passed through to the kernel and followed by the
 * reveals (RC-31) and the re-evaluation of RC-16. */

#include <string.h>

#include "risk_impl.h"
#include "../../catan/validate.h"

static int land_hex(const kern *k, int hex, const char *what)
{
	if (hex >= k->b.n_land + k->b.n_sea)
		return err_set(CRISK_EILLEGAL, "there is no hex %d (the board has %d)", hex, k->b.n_land + k->b.n_sea);
	if (hex >= k->b.n_land)
		return err_set(CRISK_EILLEGAL, "hex %d is a sea hex: %s only on land hexes 0..%d (RC-1)", hex, what,
			       k->b.n_land - 1);
	return CRISK_OK;
}

static int next_to_node(const kern *k, int node, int hex)
{
	const bnode *bn = &k->b.node[node];
	for (int i = 0; i < bn->n_hex; i++) {
		if (bn->hex[i] == hex)
			return 1;
	}
	return 0;
}

/* RC-8, RC-9: an empty land hex next to the settlement, or any of them when
 * none is empty. */
static int check_setup_army(const kern *k, const void *st, int hex)
{
	const risk_ext *x = rx(k, st);
	int rc = land_hex(k, hex, "armies stand");
	if (rc)
		return rc;
	if (!next_to_node(k, x->setup_node, hex))
		return err_set(CRISK_EILLEGAL, "hex %d is not next to your settlement on intersection %d (RC-8)", hex,
			       x->setup_node);
	if (!risk_occupants(x, hex))
		return CRISK_OK;
	const bnode *bn = &k->b.node[x->setup_node];
	for (int i = 0; i < bn->n_hex; i++) {
		if (!risk_occupants(x, bn->hex[i]))
			return err_set(CRISK_EILLEGAL,
				       "hex %d already holds an army while hex %d next to your settlement is empty (RC-8, RC-9)",
				       hex, bn->hex[i]);
	}
	return CRISK_OK;
}

static int check_overlay(const kern *k, const void *st, crisk_action a)
{
	const risk_ext *x = rx(k, st);
	unsigned type = ACT_TYPE(a);
	switch (x->phase) {
	case RP_SETUP_ARMY:
	case RP_ARMY_LOOP:
		if (type != CRISK_RISK_PLACE_ARMY)
			return err_set(CRISK_EILLEGAL, "seat %d must place an army first (%s)", x->pcur,
				       x->phase == RP_SETUP_ARMY ? "RC-8" : "RC-10");
		if (x->phase == RP_SETUP_ARMY)
			return check_setup_army(k, st, ARG0(a));
		{
			int rc = land_hex(k, ARG0(a), "armies stand");
			if (rc)
				return rc;
			if (risk_occupants(x, ARG0(a)))
				return err_set(CRISK_EILLEGAL, "hex %d already holds an army: the loop fills empty land hexes (RC-10)",
					       ARG0(a));
		}
		return CRISK_OK;
	default: /* RP_BATTLE */
		if (type != CRISK_RISK_BATTLE_DICE)
			return err_set(CRISK_EILLEGAL, "a battle roll on hex %d is pending: chance must give the dice (RC-20, RC-24)",
				       x->b_hex);
		return risk_check_battle_dice(k, st, a);
	}
}

static int seat_arg(const kern *k, const risk_ext *x, int v, const char *role)
{
	if (v == CRISK_RISK_NEUTRAL)
		return CRISK_OK;
	if (v >= k->seats)
		return err_set(CRISK_EILLEGAL, "%d is not a seat (0..%d) nor the neutral defenders (%d)", v, k->seats - 1,
			       CRISK_RISK_NEUTRAL);
	if (risk_is_out(x, v))
		return err_set(CRISK_EILLEGAL, "seat %d is out of the game and cannot be %s (RC-26)", v, role);
	return CRISK_OK;
}

static int check_military(const kern *k, const void *st, const char *what)
{
	const kstate *h = ks(st);
	if (h->dp != DP_MAIN)
		return err_set(CRISK_EILLEGAL, "%s only in your own turn after the roll (RC-17, RC-19, RC-20)", what);
	if (risk_redeployed(k, st))
		return err_set(CRISK_EILLEGAL, "you redeployed this turn: no more buying, moving or attacking (RC-22)");
	return CRISK_OK;
}

static int check_buy(const kern *k, const void *st, crisk_action a)
{
	const kstate *h = ks(st);
	int s = h->active, hex = ARG0(a), r = ARG1(a), n = ARG2(a);
	const kseat *p = kseat_of(k, st, s);
	int rc = check_military(k, st, "buying armies");
	if (rc || (rc = land_hex(k, hex, "armies are placed")))
		return rc;
	if (r >= NUM_RES)
		return err_set(CRISK_EILLEGAL, "%d is not a resource type (0..4)", r);
	int declared = risk_buy_res(k, st);
	if (declared != (int)RISK_NONE && declared != r)
		return err_set(CRISK_EILLEGAL, "you buy armies with %s this turn: only one resource type per turn (RC-17)",
			       kern_res_names[declared]);
	if (n < 1)
		return err_set(CRISK_EILLEGAL, "buy at least one army (RC-17)");
	int limit = risk_visible_vp(k, st, s), bought = risk_bought(k, st);
	if (bought + n > limit)
		return err_set(CRISK_EILLEGAL,
			       "at most %d armies per turn (your visible VP, RC-17): you bought %d and ask for %d more", limit,
			       bought, n);
	int have = (int)rx(k, st)->total;
	if (have + n > RISK_MAX_ARMIES)
		return err_set(CRISK_EILLEGAL, "at most %d armies on the board (an engine limit): there are %d",
			       RISK_MAX_ARMIES, have);
	if (p->hand[r] < n)
		return err_set(CRISK_EILLEGAL, "not enough %s: %d armies cost %d, you have %d (RC-17)", kern_res_names[r], n,
			       n, p->hand[r]);
	if (!((rx(k, st)->sets[s].next_to_building >> hex) & 1u)) /* risk_next_to_building, derived */
		return err_set(CRISK_EILLEGAL, "hex %d touches none of your settlements or cities (RC-18)", hex);
	return CRISK_OK;
}

static int check_move(const kern *k, const void *st, crisk_action a, int redeploy)
{
	const risk_ext *x = rx(k, st);
	int s = ks(st)->active, from = ARG0(a), to = ARG1(a), n = ARG2(a);
	int rc = check_military(k, st, redeploy ? "redeploying" : "moving armies");
	if (rc || (rc = land_hex(k, from, "armies move")) || (rc = land_hex(k, to, "armies move")))
		return rc;
	if (from == to)
		return err_set(CRISK_EILLEGAL, "hex %d is both the start and the destination", from);
	if (n < 1)
		return err_set(CRISK_EILLEGAL, "move at least one army");
	if (redeploy) {
		if (ra(x, from, s) < n)
			return err_set(CRISK_EILLEGAL, "you have %d armies on hex %d, not %d (RC-22)", ra(x, from, s), from, n);
		if (risk_occupants_occ(x, to) & ~(1u << s))
			return err_set(CRISK_EILLEGAL, "hex %d holds enemy armies: redeploy only to a hex without them (RC-22)",
				       to);
		if (!risk_connected(k, st, s, from, to))
			return err_set(CRISK_EILLEGAL,
				       "no chain of your roads, settlements and cities connects hex %d and hex %d (RC-22, RC-23)",
				       from, to);
		return CRISK_OK;
	}
	int movable = ra(x, from, s) - risk_moved(k, st, from);
	if (movable < n)
		return err_set(CRISK_EILLEGAL, "%d of your armies on hex %d may still move this turn, not %d (RC-19)", movable,
			       from, n);
	if (!((rr_of(k)->adj[from] >> to) & 1u))
		return err_set(CRISK_EILLEGAL, "hex %d is not next to hex %d: armies move one hex per turn (RC-19)", to, from);
	if (!((x->sets[s].touched >> to) & 1u)) /* risk_touches, derived */
		return err_set(CRISK_EILLEGAL, "hex %d touches none of your roads, settlements or cities (supply rule, RC-19)",
			       to);
	return CRISK_OK;
}

static int check_attack(const kern *k, const void *st, crisk_action a)
{
	const risk_ext *x = rx(k, st);
	int s = ks(st)->active, hex = ARG0(a), d = ARG1(a);
	int rc = check_military(k, st, "attacking");
	if (rc || (rc = land_hex(k, hex, "battles are fought")) || (rc = seat_arg(k, x, d, "attacked")))
		return rc;
	if (ARG2(a))
		return err_set(CRISK_EILLEGAL, "an attack names a hex and a defender only");
	if (d == s)
		return err_set(CRISK_EILLEGAL, "you cannot attack your own armies");
	if (!ra(x, hex, s))
		return err_set(CRISK_EILLEGAL, "you have no armies on hex %d: battles happen within one hex (RC-20)", hex);
	if (!ra(x, hex, risk_owner_of_arg(d)))
		return err_set(CRISK_EILLEGAL, "%s%d has no armies on hex %d to defend (RC-20)",
			       d == CRISK_RISK_NEUTRAL ? "neutral " : "seat ", d == CRISK_RISK_NEUTRAL ? 0 : d, hex);
	return CRISK_OK;
}

/* RC-27: a seat still in the game, at a pre-roll or main decision point. */
static int check_resign(const kern *k, const void *st, crisk_action a)
{
	const kstate *h = ks(st);
	const risk_ext *x = rx(k, st);
	int s = ARG0(a);
	if (s >= k->seats)
		return err_set(CRISK_EILLEGAL, "%d is not a seat (0..%d)", s, k->seats - 1);
	if (risk_is_out(x, s))
		return err_set(CRISK_EILLEGAL, "seat %d is already out of the game (RC-26, RC-27)", s);
	if (h->turn == 0 || (h->dp != DP_PRE_ROLL && h->dp != DP_MAIN))
		return err_set(CRISK_EILLEGAL,
			       "a seat may resign only before a roll or in a main phase after set-up, not now (RC-27)");
	return CRISK_OK;
}

/* Kernel actions that involve a seat that is out. */
static int check_kernel(const kern *k, const void *st, crisk_action a)
{
	int rc = kern_check(k, st, a);
	if (rc)
		return rc;
	if (ACT_TYPE(a) == CRISK_CATAN_OFFER_TRADE) {
		int to = (int)((a >> 48) & 0xF);
		if (to != CRISK_CATAN_TO_ALL && risk_is_out(rx(k, st), to))
			return err_set(CRISK_EILLEGAL, "seat %d is out of the game (RC-26)", to);
	}
	return CRISK_OK;
}

int risk_check(const void *data, const void *st, crisk_action a)
{
	const kern *k = data;
	const kstate *h = ks(st);
	const risk_ext *x = rx(k, st);
	unsigned type = ACT_TYPE(a);
	int rc = kern_check_fields(a, CRISK_EILLEGAL);
	if (rc)
		return rc;
	if (h->status != CRISK_STATUS_RUNNING)
		return err_set(CRISK_EILLEGAL, "the game is over");
	if (x->phase != RP_NONE)
		return check_overlay(k, st, a);
	switch (type) {
	case CRISK_RISK_PLACE_ARMY:
		return err_set(CRISK_EILLEGAL, "no army placement is pending (RC-8, RC-10)");
	case CRISK_RISK_BATTLE_DICE:
		return err_set(CRISK_EILLEGAL, "no battle roll is pending (RC-20)");
	case CRISK_RISK_BUY_ARMIES:
		return check_buy(k, st, a);
	case CRISK_RISK_MOVE_ARMIES:
		return check_move(k, st, a, 0);
	case CRISK_RISK_REDEPLOY:
		return check_move(k, st, a, 1);
	case CRISK_RISK_ATTACK:
	case CRISK_RISK_ATTACK_ALL:
		return check_attack(k, st, a);
	case CRISK_RISK_RESIGN:
		return check_resign(k, st, a);
	default:
		if (type >= 32)
			return err_set(CRISK_EILLEGAL, "action type %u does not belong to module risk", type);
		return check_kernel(k, st, a);
	}
}

/* RC-10 loop: the next seat in the game after `s`, seats 1, 2, .., 0, 1, .. */
static int any_empty(const kern *k, const risk_ext *x)
{
	for (int h = 0; h < k->b.n_land; h++) {
		if (!risk_occupants(x, h))
			return 1;
	}
	return 0;
}

static void end_setup(const kern *k, void *st, evlog *log)
{
	risk_ext *x = rx(k, st);
	x->phase = RP_NONE;
	x->pcur = RISK_NONE;
	x->evaluated = 1;
	risk_evaluate(k, st, log);
}

/* After the set-up army (and its RC-9 battle): the next set-up step, or the
 * RC-10 loop after the last settlement. */
void risk_setup_continue(const kern *k, void *st, evlog *log)
{
	risk_ext *x = rx(k, st);
	if (!x->setup_last) {
		x->phase = RP_NONE;
		x->pcur = RISK_NONE;
		return;
	}
	x->setup_last = 0;
	if (!any_empty(k, x)) {
		end_setup(k, st, log);
		return;
	}
	x->phase = RP_ARMY_LOOP;
	x->pcur = (uint8_t)(1 % k->seats);
}

void risk_after_setup_road(const kern *k, void *st, int placer, int node, int last)
{
	risk_ext *x = rx(k, st);
	x->phase = RP_SETUP_ARMY;
	x->pcur = (uint8_t)placer;
	x->setup_node = (uint16_t)node;
	x->setup_last = (uint8_t)last;
}

static void placed_event(evlog *log, int s, int hex, int n, int how)
{
	ev *e = ev_push(log, CRISK_RISK_EV_ARMIES_PLACED, s, -1);
	if (e) {
		e->args[0] = hex;
		e->args[1] = n;
		e->args[2] = how;
	}
}

static void place_army(const kern *k, void *st, int hex, evlog *log)
{
	risk_ext *x = rx(k, st);
	int s = x->pcur;
	unsigned enemies = risk_occupants_occ(x, hex) & ~(1u << s);
	ra_set(x, hex, s, ra(x, hex, s) + 1);
	placed_event(log, s, hex, 1, x->phase == RP_SETUP_ARMY ? 0 : 1);
	risk_reveal(k, st, hex, log);
	if (x->phase == RP_SETUP_ARMY) {
		if (enemies)
			risk_start_battle(k, st, hex, s, bit_low(enemies), 1, 0, RA_SETUP, log);
		else
			risk_setup_continue(k, st, log);
		return;
	}
	if (!any_empty(k, x)) {
		end_setup(k, st, log);
		return;
	}
	x->pcur = (uint8_t)((s + 1) % k->seats);
}

static inline __attribute__((always_inline)) void buy(const kern *k, void *st, crisk_action a, evlog *log)
{
	kstate *h = ks(st);
	risk_ext *x = rx(k, st);
	int s = h->active, hex = ARG0(a), r = ARG1(a), n = ARG2(a);
	kseat *p = kseat_of(k, st, s);
	p->hand[r] = (uint8_t)(p->hand[r] - n);
	p->cards = (uint8_t)(p->cards - n);
	h->bank[r] = (uint8_t)(h->bank[r] + n);
	x->buy_res = (uint8_t)r;
	x->bought = (uint8_t)(x->bought + n);
	unsigned enemies = risk_occupants_occ(x, hex) & ~(1u << s);
	ra_set(x, hex, s, ra(x, hex, s) + n);
	ev *e = ev_push(log, CRISK_RISK_EV_ARMIES_BOUGHT, s, -1);
	if (e) {
		e->args[0] = r;
		e->args[1] = n;
	}
	placed_event(log, s, hex, n, 2);
	if (rr_of(k)->fog)
		risk_reveal(k, st, hex, log);
	if (enemies) /* RC-18: the new armies attack at once */
		risk_start_battle(k, st, hex, s, bit_low(enemies), 1, 1, RA_MAIN, log);
}

static inline __attribute__((always_inline)) void move(const kern *k, void *st, crisk_action a, int redeploy,
							     evlog *log)
{
	risk_ext *x = rx(k, st);
	int s = ks(st)->active, from = ARG0(a), to = ARG1(a), n = ARG2(a);
	ra_set(x, from, s, ra(x, from, s) - n);
	ra_set(x, to, s, ra(x, to, s) + n);
	if (x->moved[from] > ra(x, from, s))
		x->moved[from] = (uint16_t)ra(x, from, s); /* redeploy may take moved armies */
	if (redeploy)
		x->redeployed = 1;
	else
		x->moved[to] = (uint16_t)(x->moved[to] + n);
	ev *e = ev_push(log, redeploy ? CRISK_RISK_EV_REDEPLOY : CRISK_RISK_EV_ARMIES_MOVED, s, -1);
	if (e) {
		e->args[0] = from;
		e->args[1] = to;
		e->args[2] = n;
	}
	if (rr_of(k)->fog)
		risk_reveal(k, st, to, log);
}

/* Kernel actions, then what the module adds to them.  `listed`: the code
 * comes from the module's own list just now (kern_apply_listed); otherwise
 * kern_apply validates it (the same tests and refusals as kern_check) and
 * a refusal returns before anything changed. */
static int apply_kernel(const kern *k, void *st, crisk_action a, int listed, evlog *log)
{
	kstate *h = ks(st);
	unsigned type = ACT_TYPE(a);
	int placer = h->active, setup = h->turn == 0;
	const int rc = listed ? kern_apply_listed(k, st, a, log) : kern_apply(k, st, a, log);
	if (rc)
		return rc;
	switch (type) {
	case CRISK_CATAN_PLACE_SETTLEMENT:
	case CRISK_CATAN_BUILD_SETTLEMENT:
		risk_reveal_node(k, st, ACT_ID(a), log);
		break;
	case CRISK_CATAN_PLACE_ROAD:
		if (setup)
			risk_after_setup_road(k, st, placer, h->setup_node, h->turn != 0);
		break;
	case CRISK_CATAN_MOVE_ROBBER:
		risk_reveal(k, st, ACT_ID(a), log);
		break;
	case CRISK_CATAN_BUILD_CITY: {
		/* A settlement back in supply pays off one counted over (RC-12). */
		risk_ext *x = rx(k, st);
		kseat *p = kseat_of(k, st, placer);
		if (x->over[placer * 3 + PIECE_SETTLEMENT] && p->supply[PIECE_SETTLEMENT]) {
			x->over[placer * 3 + PIECE_SETTLEMENT]--;
			p->supply[PIECE_SETTLEMENT]--;
		}
		break;
	}
	default:
		break;
	}
	return CRISK_OK;
}

/* The hexes whose armies a (valid) action may change, and the pieces it
 * may place, for risk_evaluate_after.  A battle changes only its own hex,
 * in the action that starts it or in the rolls.  Resignation and the end of
 * set-up evaluate in full on their own. */
static inline __attribute__((always_inline)) void changes(const kern *k, const void *st, crisk_action a,
							   uint32_t *hexes, uint64_t *nodes, uint64_t paths[2])
{
	switch (ACT_TYPE(a)) {
	case CRISK_RISK_PLACE_ARMY:
	case CRISK_RISK_BUY_ARMIES:
	case CRISK_RISK_ATTACK:
	case CRISK_RISK_ATTACK_ALL:
		*hexes = 1u << ARG0(a);
		break;
	case CRISK_RISK_MOVE_ARMIES:
	case CRISK_RISK_REDEPLOY:
		*hexes = 1u << ARG0(a) | 1u << ARG1(a);
		break;
	case CRISK_RISK_BATTLE_DICE:
		*hexes = 1u << rx(k, st)->b_hex;
		break;
	case CRISK_CATAN_PLACE_SETTLEMENT:
	case CRISK_CATAN_BUILD_SETTLEMENT:
	case CRISK_CATAN_BUILD_CITY:
		*nodes = UINT64_C(1) << ACT_ID(a);
		break;
	case CRISK_CATAN_PLACE_ROAD:
	case CRISK_CATAN_BUILD_ROAD:
	case CRISK_CATAN_PLACE_FREE_ROAD:
		paths[ACT_ID(a) >> 6] = UINT64_C(1) << (ACT_ID(a) & 63);
		break;
	default: /* the kernel's other actions move no armies and place no pieces */
		break;
	}
}

/* apply_valid of BUY_ARMIES, MOVE_ARMIES, REDEPLOY, ATTACK, ATTACK_ALL and
 * BATTLE_DICE once the set-up armies are down (evaluated): the same steps
 * for actions that change armies only (no piece placed, nothing to watch). */
static __attribute__((noinline)) int apply_military(const kern *k, void *st, crisk_action a, evlog *log)
{
	risk_ext *x = rx(k, st);
	const unsigned type = ACT_TYPE(a);
	uint32_t hexes; /* as changes(): a battle roll's arguments are dice, not hexes */
	if (type == CRISK_RISK_BATTLE_DICE) {
		hexes = 1u << x->b_hex;
	} else {
		hexes = 1u << ARG0(a);
		if (type == CRISK_RISK_MOVE_ARMIES || type == CRISK_RISK_REDEPLOY)
			hexes |= 1u << ARG1(a);
	}
	const int filter = x->settled;
	int ctrl_before[2] = {-1, -1};
	if (filter) {
		uint32_t m = hexes;
		for (int i = 0; m; m &= m - 1, i++)
			ctrl_before[i] = risk_controller_occ(k, x, bit_low(m));
	}
	switch (type) {
	case CRISK_RISK_BATTLE_DICE:
		risk_battle_from_action(k, st, a, log);
		break;
	case CRISK_RISK_BUY_ARMIES:
		buy(k, st, a, log);
		break;
	case CRISK_RISK_MOVE_ARMIES:
	case CRISK_RISK_REDEPLOY:
		move(k, st, a, type == CRISK_RISK_REDEPLOY, log);
		break;
	default: /* ATTACK, ATTACK_ALL */
		risk_start_battle(k, st, ARG0(a), ks(st)->active, risk_owner_of_arg(ARG1(a)),
				  type == CRISK_RISK_ATTACK_ALL, 0, RA_MAIN, log);
		break;
	}
	if (!k->cfg.explicit_chance) {
		while (x->phase == RP_BATTLE)
			risk_sample_battle(k, st, log);
	}
	unsigned annexed = 0;
	if (x->phase == RP_NONE) {
		if (filter) {
			uint32_t m = hexes, same = 0;
			for (int i = 0; m; m &= m - 1, i++) {
				const int hex = bit_low(m);
				same |= (uint32_t)(risk_controller_occ(k, x, hex) == ctrl_before[i]) << hex;
			}
			hexes &= ~same;
		}
		/* Nothing left to look at from a settled state: risk_evaluate_after
		 * would find nothing (risk_unsettle_if_over follows below). */
		if (hexes || !x->settled || ks(st)->status != CRISK_STATUS_RUNNING) {
			const uint64_t none[2] = {0, 0};
			annexed = risk_evaluate_after(k, st, hexes, 0, none, 1, log);
		}
	}
	if (x->out)
		risk_settle(k, st, log);
	if (ks(st)->status != CRISK_STATUS_RUNNING) /* risk_unsettle_if_over */
		x->settled = 0;
	for (unsigned seats = annexed & ((1u << k->seats) - 1); seats; seats &= seats - 1)
		risk_seat_sets_of(k, st, bit_low(seats), &x->sets[bit_low(seats)]);
	return CRISK_OK;
}

/* A checked action, or one listed just now by risk_list or risk_chance;
 * the module's military actions after set-up go to apply_military. */
static int apply_other(const kern *k, void *st, crisk_action a, int listed, evlog *log);
static inline int apply_valid(const kern *k, void *st, crisk_action a, int listed, evlog *log)
{
	const unsigned t = ACT_TYPE(a);
	if (t >= CRISK_RISK_BUY_ARMIES && t != CRISK_RISK_RESIGN && rx(k, st)->evaluated)
		return apply_military(k, st, a, log);
	return apply_other(k, st, a, listed, log);
}

static int apply_other(const kern *k, void *st, crisk_action a, int listed, evlog *log)
{
	risk_ext *x = rx(k, st);
	kstate *h = ks(st);
	int s = h->active;
	/* What the action may change: armies on these hexes, these pieces. */
	uint32_t hexes = 0;
	uint64_t nodes = 0, paths[2] = {0, 0};
	const unsigned type = ACT_TYPE(a);
	if (type >= 32) /* a kernel action may be checked by kern_apply yet: its changes follow it */
		changes(k, st, a, &hexes, &nodes, paths);
	/* risk_ext.sets follow the pieces: builds, annexations, eliminations and
	 * resignations move them.  Once the set-up armies are down (evaluated),
	 * outside a resignation, pieces move only by a build (`nodes`, `paths`)
	 * or in risk_evaluate_after, which says so; otherwise (the set-up, whose
	 * end evaluates in full, and resignations) the pieces before are
	 * compared with after, except after the set-up's own pieces, which are
	 * builds too (nothing is evaluated before the set-up armies are down). */
	const int watch = (!x->evaluated && type != CRISK_CATAN_PLACE_SETTLEMENT && type != CRISK_CATAN_PLACE_ROAD) ||
			  type == CRISK_RISK_RESIGN;
	uint8_t pieces[RISK_MAX_NODES + RISK_MAX_PATHS];
	if (watch) {
		memcpy(pieces, knodes(k, st), (size_t)k->b.n_node);
		memcpy(pieces + k->b.n_node, kpaths(k, st), (size_t)k->b.n_path);
	}
	/* From a settled state, the pieces around a hex whose controller the
	 * action leaves as it was would have changed hands before it already:
	 * those hexes are left out of the evaluation (the controllers before the
	 * module's military actions and battle rolls, which change armies only;
	 * the set-up's end and resignations evaluate in full).  The same filter
	 * as apply_military's, written out in both: shared inline helpers cost
	 * 5 to 8 instructions a step more (session 13). */
	const int military = type >= CRISK_RISK_BUY_ARMIES && type != CRISK_RISK_RESIGN && type != CRISK_RISK_PLACE_ARMY;
	const int filter = x->settled && military;
	int ctrl_before[2] = {-1, -1};
	if (filter) {
		uint32_t m = hexes;
		for (int i = 0; m; m &= m - 1, i++)
			ctrl_before[i] = risk_controller_occ(k, x, bit_low(m));
	}
	unsigned annexed = 0;
	switch (type) {
	case CRISK_RISK_PLACE_ARMY:
		place_army(k, st, ARG0(a), log);
		break;
	case CRISK_RISK_BATTLE_DICE:
		risk_battle_from_action(k, st, a, log);
		break;
	case CRISK_RISK_BUY_ARMIES:
		buy(k, st, a, log);
		break;
	case CRISK_RISK_MOVE_ARMIES:
		move(k, st, a, 0, log);
		break;
	case CRISK_RISK_REDEPLOY:
		move(k, st, a, 1, log);
		break;
	case CRISK_RISK_ATTACK:
	case CRISK_RISK_ATTACK_ALL:
		risk_start_battle(k, st, ARG0(a), s, risk_owner_of_arg(ARG1(a)), ACT_TYPE(a) == CRISK_RISK_ATTACK_ALL, 0,
				  RA_MAIN, log);
		break;
	case CRISK_RISK_RESIGN:
		risk_resign(k, st, ARG0(a), log);
		break;
	default: {
		const int rc = apply_kernel(k, st, a, listed, log);
		if (rc)
			return rc; /* refused by kern_apply: nothing changed */
		changes(k, st, a, &hexes, &nodes, paths); /* reads the code only */
		break;
	}
	}
	const int moved = (nodes | paths[0] | paths[1]) != 0;
	if (!k->cfg.explicit_chance) {
		while (x->phase == RP_BATTLE)
			risk_sample_battle(k, st, log);
	}
	if (x->phase == RP_NONE) {
		/* The module's military actions and battles change no VP; the
		 * kernel tests victory itself at the end of its actions (after
		 * each chance event too), and what apply_kernel adds changes no
		 * VP (a city's settlement paying off one counted over keeps the
		 * count).  The set-up armies' end and a resignation evaluate in
		 * full. */
		const int vp_same = type != CRISK_RISK_RESIGN && type != CRISK_RISK_PLACE_ARMY;
		if (filter) {
			uint32_t m = hexes, same = 0;
			for (int i = 0; m; m &= m - 1, i++) {
				const int hex = bit_low(m);
				same |= (uint32_t)(risk_controller_occ(k, x, hex) == ctrl_before[i]) << hex;
			}
			hexes &= ~same;
		}
		if ((hexes | nodes | paths[0] | paths[1]) || !vp_same || !x->settled || !x->evaluated ||
		    h->status != CRISK_STATUS_RUNNING)
			annexed = risk_evaluate_after(k, st, hexes, nodes, paths, vp_same, log);
	}
	/* risk_settle acts only when a seat is out (RC-26, RC-29). */
	if (x->out)
		risk_settle(k, st, log);
	if (ks(st)->status != CRISK_STATUS_RUNNING) /* risk_unsettle_if_over */
		x->settled = 0;
	if (watch) {
		const int nn = k->b.n_node;
		if (memcmp(pieces, knodes(k, st), (size_t)nn) || memcmp(pieces + nn, kpaths(k, st), (size_t)k->b.n_path))
			risk_derive_sets(k, st);
	} else {
		/* After an annexation or elimination, the seats that lost or won a
		 * piece: the others keep their pieces, and a building that changed
		 * hands between two other owners cuts their networks as before
		 * (RC-23). */
		unsigned seats = annexed & ((1u << k->seats) - 1);
		if (nodes && type != CRISK_CATAN_BUILD_CITY) {
			/* A new settlement changes its builder's sets, and cuts the
			 * networks of the seats with a road at its intersection only
			 * (RC-23): the others' sets stay. */
			const int n = bit_low(nodes);
			const uint8_t *road = kpaths(k, st);
			seats |= 1u << s;
			for (int w = 0; w < 2; w++) {
				for (uint64_t m = rr_of(k)->node_paths[n][w]; m; m &= m - 1) {
					const int o = road[w * 64 + bit_low(m)] - 1;
					seats |= o >= 0 && o < k->seats ? 1u << o : 0u;
				}
			}
		} else if (moved && !nodes) {
			/* A road changes the sets of its builder only: the others'
			 * networks are cut by buildings, not by roads (RC-23).  A city
			 * stands where its seat's settlement stood: the sets stay.
			 * Unless the road changed hands at once, the builder's sets
			 * take it in (risk_sets_add_road). */
			const int p = paths[0] ? bit_low(paths[0]) : 64 + bit_low(paths[1]);
			if (!((seats >> s) & 1u) && kpaths(k, st)[p] == s + 1)
				risk_sets_add_road(k, st, s, p, &x->sets[s]);
			else
				seats |= 1u << s;
		}
		for (; seats; seats &= seats - 1)
			risk_seat_sets_of(k, st, bit_low(seats), &x->sets[bit_low(seats)]);
	}
	return CRISK_OK;
}

/* Whether risk_check would accept BUY_ARMIES, MOVE_ARMIES or REDEPLOY at a
 * main decision point without an overlay (the caller knows the game runs):
 * the tests of check_buy and check_move as one expression, without the
 * refusals' messages.  Only a sufficient test: when it fails, risk_check
 * runs and gives the refusal (or accepts). */
static inline int military_ok(const kern *k, const void *st, crisk_action a)
{
	const kstate *h = ks(st);
	const risk_ext *x = rx(k, st);
	const unsigned type = ACT_TYPE(a);
	if (type != CRISK_RISK_BUY_ARMIES && type != CRISK_RISK_MOVE_ARMIES && type != CRISK_RISK_REDEPLOY)
		return 0;
	const int s = h->active, a0 = ARG0(a), a1 = ARG1(a), n = ARG2(a), land = k->b.n_land;
	if ((a & (UINT64_C(0xFF) << 48)) || h->dp != DP_MAIN || x->redeployed || n < 1 || a0 >= land)
		return 0; /* kern_check_fields: bits 48..55 are outside the three fields */
	switch (type) {
	case CRISK_RISK_BUY_ARMIES:
		return a1 < NUM_RES && (x->buy_res == RISK_NONE || x->buy_res == a1) &&
		       x->bought + n <= risk_visible_vp(k, st, s) && (int)x->total + n <= RISK_MAX_ARMIES &&
		       kseat_of(k, st, s)->hand[a1] >= n && ((x->sets[s].next_to_building >> a0) & 1u);
	case CRISK_RISK_MOVE_ARMIES:
		return a1 < land && a0 != a1 && ra(x, a0, s) - x->moved[a0] >= n && ((rr_of(k)->adj[a0] >> a1) & 1u) &&
		       ((x->sets[s].touched >> a1) & 1u);
	case CRISK_RISK_REDEPLOY:
		return a1 < land && a0 != a1 && ra(x, a0, s) >= n && !(risk_occupants_occ(x, a1) & ~(1u << s)) &&
		       ((x->sets[s].linked[a0] >> a1) & 1u);
	default:
		return 0;
	}
}

/* risk_apply of the codes the fast paths below leave: risk_check first. */
static __attribute__((noinline)) int apply_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	int rc = risk_check(k, st, a);
	if (rc)
		return rc;
	return apply_valid(k, st, a, 0, log);
}

int risk_apply(const void *data, void *st, crisk_action a, evlog *log)
{
	const kern *k = data;
	const risk_ext *x = rx(k, st);
	const unsigned type = ACT_TYPE(a);
	if (x->phase == RP_NONE && ks(st)->status == CRISK_STATUS_RUNNING) {
		/* A kernel action outside the overlay: risk_check would run
		 * kern_check (after kern_check_fields, which kern_check runs
		 * first too), and kern_apply runs the same tests with the same
		 * refusals before it changes anything, so the check is left to
		 * kern_apply.  Offers keep the module's own test (a seat that is
		 * out). */
		if (type < 32) {
			if (type != CRISK_CATAN_OFFER_TRADE)
				return apply_other(k, st, a, 0, log);
		} else if (x->evaluated && military_ok(k, st, a)) {
			/* The module's most frequent actions: accepted by
			 * military_ok, they skip risk_check (which would accept
			 * them too). */
			return apply_military(k, st, a, log);
		}
	}
	return apply_checked(k, st, a, log);
}

/* risk_apply for a code that risk_list or risk_chance gave for this state
 * just now (the playout loop): every listed code passes risk_check (the
 * tests check that at every step), so the check is not made again.  The
 * module's own check of offers (a seat that is out) still runs. */
int risk_apply_listed(const void *data, void *st, crisk_action a, evlog *log)
{
	const kern *k = data;
	if (ACT_TYPE(a) == CRISK_CATAN_OFFER_TRADE) {
		int rc = risk_check(k, st, a);
		if (rc)
			return rc;
	}
	return apply_valid(k, st, a, 1, log);
}
