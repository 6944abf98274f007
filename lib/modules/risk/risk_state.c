/* The saved fields of the risk module state (docs/save-format.md, "ext") and
 * their validation after the kernel's own checks. */
#include <stddef.h>

#include "catanrisk/game.h"
#include "risk_impl.h"

#define F(name, kind, member, n) {name, kind, n, (uint16_t)offsetof(risk_ext, member)}

const sfield risk_ext_fields[] = {
	F("armies", SF_U16, armies, RISK_HEXES * RISK_OWNERS),
	F("moved", SF_U16, moved, RISK_HEXES),
	F("military_turn", SF_I32, mil_turn, 1),
	F("setup_node", SF_U16, setup_node, 1),
	F("risk_phase", SF_U8, phase, 1),
	F("phase_seat", SF_U8, pcur, 1),
	F("setup_last", SF_U8, setup_last, 1),
	F("buy_resource", SF_U8, buy_res, 1),
	F("bought", SF_U8, bought, 1),
	F("redeployed", SF_U8, redeployed, 1),
	F("battle_hex", SF_U8, b_hex, 1),
	F("battle_attacker", SF_U8, b_att, 1),
	F("battle_defender", SF_U8, b_def, 1),
	F("battle_until", SF_U8, b_until, 1),
	F("battle_chain", SF_U8, b_chain, 1),
	F("battle_after", SF_U8, b_after, 1),
	F("out", SF_U8, out, 1),
	F("resigned", SF_U8, resigned, 1),
	F("annexer", SF_U8, annexer, RISK_MAX_SEATS),
	F("pieces_over", SF_U8, over, RISK_MAX_SEATS * 3),
	F("revealed", SF_U8, revealed, RISK_HEXES),
	F("evaluated", SF_U8, evaluated, 1),
};

#define BAD(...) err_set(CRISK_EFORMAT, __VA_ARGS__)

static int flag(int v)
{
	return v == 0 || v == 1;
}

/* B-41: the seat placing at set-up step i. */
static int snake(const kern *k, int i)
{
	return i < k->seats ? i : 2 * k->seats - 1 - i;
}

static int node_owner(const kern *k, const void *st, int n)
{
	int v = knodes(k, st)[n];
	return v ? (int)(v & NODE_OWNER_MASK) - 1 : -1;
}

/* The set-up armies (RC-8..RC-10): from turn 0 into the first pre-roll. */
static int setup_overlay(const risk_ext *x)
{
	return x->phase == RP_SETUP_ARMY || x->phase == RP_ARMY_LOOP || (x->phase == RP_BATTLE && x->b_after == RA_SETUP);
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

/* Every field on its own: ids, seats, flags and counts in range. */
static int check_ranges(const kern *k, const void *st)
{
	const risk_ext *x = rx(k, st);
	const kstate *h = ks(st);
	unsigned seats = (1u << k->seats) - 1;
	if ((x->out & ~seats) || (x->resigned & ~x->out))
		return BAD("ext.out: 0x%x / resigned 0x%x", x->out, x->resigned);
	for (int hex = 0; hex < RISK_HEXES; hex++) {
		for (int o = 0; o < RISK_OWNERS; o++) {
			int v = ra(x, hex, o);
			if (v && (hex >= k->b.n_land || (o < RISK_NEUTRAL && (o >= k->seats || risk_is_out(x, o)))))
				return BAD("ext.armies[%d]: %d armies of owner %d on hex %d", hex * RISK_OWNERS + o, v, o, hex);
		}
		if (!flag(x->revealed[hex]) || (x->revealed[hex] && hex >= k->b.n_land))
			return BAD("ext.revealed[%d]: %d", hex, x->revealed[hex]);
	}
	if (risk_total_armies(x) > RISK_MAX_ARMIES)
		return BAD("ext.armies: %d armies on the board, at most %d", risk_total_armies(x), RISK_MAX_ARMIES);
	if (risk_owner_armies(x, RISK_NEUTRAL) && !x->resigned)
		return BAD("ext.armies: neutral defenders, but nobody resigned (RC-27)");
	if (x->mil_turn != h->turn)
		return BAD("ext.military_turn: %d, but the counters are reset every turn (turn %d)", (int)x->mil_turn,
			   (int)h->turn);
	if (x->buy_res != RISK_NONE && x->buy_res >= NUM_RES)
		return BAD("ext.buy_resource: %d", x->buy_res);
	if (x->bought > 250 || !flag(x->redeployed) || !flag(x->evaluated) || !flag(x->setup_last))
		return BAD("ext.bought: counters out of range");
	for (int s = 0; s < RISK_MAX_SEATS; s++) {
		if (x->annexer[s] != RISK_NONE && (s >= k->seats || x->annexer[s] >= k->seats || x->annexer[s] == s))
			return BAD("ext.annexer[%d]: %d", s, x->annexer[s]);
		for (int p = 0; p < 3; p++) {
			if (x->over[s * 3 + p] && (s >= k->seats || kseat_of(k, st, s)->supply[p]))
				return BAD("ext.pieces_over[%d]: pieces over supply while the supply is not empty", s * 3 + p);
		}
	}
	if (x->setup_node >= k->b.n_node)
		return BAD("ext.setup_node: %d", x->setup_node);
	if (x->phase >= RP_COUNT)
		return BAD("ext.risk_phase: %d", x->phase);
	if (!flag(x->b_until) || !flag(x->b_chain) || x->b_after > RA_SETUP)
		return BAD("ext.battle_until: flags out of range");
	return CRISK_OK;
}

/* The overlay phase against the kernel's decision point, and the fields
 * that belong to one phase only (RC-8..RC-10, RC-16). */
static int check_phase(const kern *k, const void *st)
{
	const risk_ext *x = rx(k, st);
	const kstate *h = ks(st);
	int setup = setup_overlay(x);
	if (x->phase != RP_NONE && h->status != CRISK_STATUS_RUNNING)
		return BAD("ext.risk_phase: %s after the game ended", risk_phase_name(x->phase));
	if ((x->phase == RP_SETUP_ARMY || x->phase == RP_ARMY_LOOP) != (x->pcur != RISK_NONE) ||
	    (x->pcur != RISK_NONE && x->pcur >= k->seats))
		return BAD("ext.phase_seat: %d in phase %s", x->pcur, risk_phase_name(x->phase));
	/* RC-16 evaluation starts when the last set-up army stands. */
	if (x->evaluated != (h->turn > 0 && !setup))
		return BAD("ext.evaluated: %d in turn %d, phase %s (1 exactly after the set-up armies)", x->evaluated,
			   (int)h->turn, risk_phase_name(x->phase));
	if (setup) {
		/* The kernel moved on after the road: the next set-up settlement, or
		 * the first pre-roll after the last one. */
		int want = h->turn == 0 ? DP_SETUP_SETTLEMENT : DP_PRE_ROLL;
		if (h->turn > 1 || h->dp != want || (h->turn == 1 && h->dice[0]) || h->step == 0)
			return BAD("ext.risk_phase: %s during phase %s of turn %d", risk_phase_name(x->phase),
				   kern_dp_name(h->dp), (int)h->turn);
	}
	int army = x->phase == RP_SETUP_ARMY || (x->phase == RP_BATTLE && x->b_after == RA_SETUP);
	if (army) {
		/* The army of the settlement just placed, by the seat that placed it. */
		int placer = snake(k, h->step - 1), who = x->phase == RP_BATTLE ? x->b_att : x->pcur;
		if (who != placer)
			return BAD("ext.phase_seat: seat %d places the set-up army of step %d, not seat %d", who, h->step - 1,
				   placer);
		if (x->setup_last != (h->turn == 1))
			return BAD("ext.setup_last: %d, but the army of step %d is %sthe last", x->setup_last, h->step - 1,
				   h->turn == 1 ? "" : "not ");
		if (x->setup_node != h->setup_node || node_owner(k, st, x->setup_node) != placer ||
		    (knodes(k, st)[x->setup_node] & NODE_CITY))
			return BAD("ext.setup_node: %d is not the settlement seat %d just placed (%d)", x->setup_node, placer,
				   h->setup_node);
		return CRISK_OK;
	}
	if (x->setup_last)
		return BAD("ext.setup_last: outside phase setup_army");
	if (x->phase == RP_ARMY_LOOP) {
		int empty = 0;
		if (h->turn != 1)
			return BAD("ext.risk_phase: army_loop in turn %d: it follows the last set-up settlement (RC-10)",
				   (int)h->turn);
		for (int hex = 0; hex < k->b.n_land; hex++)
			empty |= !risk_occupants(x, hex);
		if (!empty)
			return BAD("ext.risk_phase: army_loop, but every land hex holds an army (RC-10)");
	}
	/* Outside the phase the field keeps the last copy of the kernel's. */
	if (x->phase == RP_NONE && h->dp == DP_SETUP_ROAD) {
		int prev = h->step ? snake(k, h->step - 1) : -1;
		if (h->step ? x->setup_node == h->setup_node || node_owner(k, st, x->setup_node) != prev : x->setup_node != 0)
			return BAD("ext.setup_node: %d is not the settlement of the previous set-up step", x->setup_node);
	} else if (x->setup_node != h->setup_node) {
		return BAD("ext.setup_node: %d, but the last set-up settlement is %d", x->setup_node, h->setup_node);
	}
	return CRISK_OK;
}

/* Whether the current turn has not reached its main phase yet. */
static int before_roll(const kstate *h)
{
	switch (h->dp) {
	case DP_PRE_ROLL:
	case DP_DICE:
	case DP_DISCARD:
		return 1;
	case DP_MOVE_ROBBER:
	case DP_CHOOSE_VICTIM:
	case DP_STEAL: /* after a 7, or a knight played before the roll */
		return !h->knight || h->ret == DP_PRE_ROLL;
	case DP_FREE_ROAD:
	case DP_YOP_PICK:
	case DP_MONOPOLY_PICK:
		return h->ret == DP_PRE_ROLL;
	default:
		return 0;
	}
}

/* RC-17, RC-19, RC-22: counts of the active seat in its main phase. */
static int check_counters(const kern *k, const void *st)
{
	const risk_ext *x = rx(k, st);
	const kstate *h = ks(st);
	int idle = !x->evaluated || before_roll(h);
	if ((x->buy_res == RISK_NONE) != (x->bought == 0))
		return BAD("ext.bought: %d bought with resource %d declared", x->bought, x->buy_res);
	if (idle && (x->bought || x->redeployed))
		return BAD("ext.bought: armies bought or redeployed before the main phase");
	for (int hex = 0; hex < RISK_HEXES; hex++) {
		if (x->moved[hex] > (idle ? 0 : ra(x, hex, h->active)))
			return BAD("ext.moved[%d]: %d moved, but seat %d has %d armies there%s", hex, x->moved[hex], h->active,
				   ra(x, hex, h->active), idle ? " and its main phase has not begun" : "");
	}
	return CRISK_OK;
}

/* The set-up armies (RC-8..RC-10): nothing annexed yet, one seat per hex but
 * on the battle hex, and before the loop a seat's armies next to its own
 * settlements, no more of them than it placed. */
static int check_setup(const kern *k, const void *st)
{
	const risk_ext *x = rx(k, st);
	const uint8_t *paths = kpaths(k, st);
	if (x->evaluated)
		return CRISK_OK;
	if (x->out || x->resigned)
		return BAD("ext.out: 0x%x during set-up", x->out);
	for (int s = 0; s < RISK_MAX_SEATS; s++) {
		if (x->annexer[s] != RISK_NONE)
			return BAD("ext.annexer[%d]: %d during set-up (RC-16)", s, x->annexer[s]);
		for (int p = 0; p < 3; p++) {
			if (x->over[s * 3 + p])
				return BAD("ext.pieces_over[%d]: %d during set-up", s * 3 + p, x->over[s * 3 + p]);
		}
	}
	int battle = x->phase == RP_BATTLE;
	for (int hex = 0; hex < k->b.n_land; hex++) {
		unsigned occ = risk_occupants(x, hex);
		if (battle && hex == x->b_hex) {
			/* check_battle judges the seats in full; here they index bits and armies. */
			if (x->b_att >= k->seats || x->b_def >= RISK_OWNERS)
				return BAD("ext.battle_attacker: %d or battle_defender: %d is not an owner", x->b_att,
					   x->b_def);
			if (occ != ((1u << x->b_att) | (1u << x->b_def)) || ra(x, hex, x->b_att) != 1)
				return BAD("ext.armies: the set-up battle on hex %d is the one army placed against the armies there "
					   "(RC-9)",
					   hex);
		} else if (occ & (occ - 1)) {
			return BAD("ext.armies: hex %d holds armies of several seats during set-up (RC-8..RC-10)", hex);
		}
		if (x->phase == RP_ARMY_LOOP)
			continue;
		for (int s = 0; s < k->seats; s++) {
			if (ra(x, hex, s) && !risk_next_to_building(k, st, s, hex))
				return BAD("ext.armies: seat %d has armies on hex %d away from its settlements (RC-8)", s, hex);
		}
	}
	if (x->phase == RP_ARMY_LOOP) {
		/* Loop armies stand alone on a hex each; of the two set-up armies
		 * one at most shares a hex with another. */
		for (int s = 0; s < k->seats; s++) {
			int hexes = 0;
			for (int hex = 0; hex < k->b.n_land; hex++)
				hexes += ra(x, hex, s) > 0;
			if (risk_owner_armies(x, s) > hexes + 1)
				return BAD("ext.armies: seat %d has %d armies on %d hexes in the army loop (RC-10)", s,
					   risk_owner_armies(x, s), hexes);
		}
		return CRISK_OK;
	}
	for (int s = 0; s < k->seats; s++) {
		/* One army per road placed, but the one still to come. */
		int placed = x->phase == RP_SETUP_ARMY && x->pcur == s ? -1 : 0;
		for (int p = 0; p < k->b.n_path; p++)
			placed += paths[p] == s + 1;
		if (risk_owner_armies(x, s) > placed)
			return BAD("ext.armies: seat %d has %d armies, but placed %d in set-up (RC-8)", s,
				   risk_owner_armies(x, s), placed);
	}
	return CRISK_OK;
}

static int owns_piece(const kern *k, const void *st, int s, int roads)
{
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	for (int n = 0; n < k->b.n_node; n++) {
		if (nodes[n] && (int)(nodes[n] & NODE_OWNER_MASK) == s + 1)
			return 1;
	}
	for (int p = 0; roads && p < k->b.n_path; p++) {
		if (paths[p] == s + 1)
			return 1;
	}
	return 0;
}

/* RC-25..RC-29: who is out, what they keep, and that the turn order has
 * passed them (risk_settle has nothing left to do). */
static int check_out(const kern *k, const void *st)
{
	const risk_ext *x = rx(k, st);
	const kstate *h = ks(st);
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	int neutral_buildings = 0, neutral_roads = 0;
	for (int n = 0; n < k->b.n_node; n++)
		neutral_buildings |= nodes[n] && (nodes[n] & NODE_OWNER_MASK) == NODE_NEUTRAL;
	for (int p = 0; p < k->b.n_path; p++)
		neutral_roads |= paths[p] == NODE_NEUTRAL;
	if (neutral_buildings && !x->resigned)
		return BAD("nodes: neutral buildings, but nobody resigned (RC-27)");
	if (neutral_roads && !x->out)
		return BAD("paths: neutral roads, but nobody is out of the game (RC-26, RC-27)");
	if (!x->evaluated)
		return CRISK_OK;
	for (int s = 0; s < k->seats; s++) {
		int out = risk_is_out(x, s);
		if (out && owns_piece(k, st, s, 1))
			return BAD("ext.out: seat %d is out of the game but owns pieces (RC-26, RC-27)", s);
		if (!out && !owns_piece(k, st, s, 0))
			return BAD("ext.out: seat %d owns no settlement or city but is not out (RC-25)", s);
		if (out && !((x->resigned >> s) & 1u) && x->annexer[s] == RISK_NONE)
			return BAD("ext.annexer[%d]: seat %d was eliminated, but nobody annexed a building of it (RC-26)", s, s);
		if (out) {
			const kseat *p = kseat_of(k, st, s);
			if (p->cards || p->dev[0] + p->dev[1] + p->dev[2] + p->dev[3] + p->dev[4])
				return BAD("seats[%d]: a seat out of the game holds cards (RC-26)", s);
		}
	}
	if (h->status != CRISK_STATUS_RUNNING)
		return CRISK_OK;
	unsigned alive = ((1u << k->seats) - 1) & ~(unsigned)x->out;
	if (risk_is_out(x, h->active))
		return BAD("ext.out: seat %d is out of the game, but it is its turn (RC-26)", h->active);
	if (!(alive & (alive - 1)))
		return BAD("ext.out: 0x%x leaves one seat, which has won (RC-29)", x->out);
	if (h->dp == DP_TRADE_RESPONSE || h->dp == DP_TRADE_CONFIRM) {
		int to = (int)((h->offer >> 48) & 0xFu);
		if ((to != CRISK_CATAN_TO_ALL && to < k->seats && risk_is_out(x, to)) || (h->accepted & x->out) ||
		    (h->dp == DP_TRADE_RESPONSE && h->cur >= 0 && risk_is_out(x, h->cur)))
			return BAD("ext.out: a seat out of the game takes part in a trade (RC-26)");
	}
	return CRISK_OK;
}

/* RC-30, RC-31: face up without fog; with fog at least where a settlement,
 * an army or the robber stands. */
static int check_fog(const kern *k, const void *st)
{
	const risk_ext *x = rx(k, st);
	const kstate *h = ks(st);
	for (int hex = 0; hex < k->b.n_land; hex++) {
		if (x->revealed[hex])
			continue;
		if (!rr_of(k)->fog)
			return BAD("ext.revealed[%d]: 0 without fog of war", hex);
		if (risk_occupants(x, hex))
			return BAD("ext.revealed[%d]: armies stand on a face-down hex (RC-31)", hex);
		if (hex == h->robber)
			return BAD("ext.revealed[%d]: the robber stands on a face-down hex (RC-31)", hex);
		for (int i = 0; i < 6; i++) {
			int n = k->b.hex[hex].node[i];
			if (n != BOARD_NONE && knodes(k, st)[n])
				return BAD("ext.revealed[%d]: a building stands on a corner of a face-down hex (RC-31)", hex);
		}
	}
	return CRISK_OK;
}

static int check_battle(const kern *k, const void *st)
{
	const risk_ext *x = rx(k, st);
	const kstate *h = ks(st);
	if (x->phase != RP_BATTLE) {
		if (x->b_hex != RISK_NONE || x->b_att != RISK_NONE || x->b_def != RISK_NONE || x->b_until || x->b_chain ||
		    x->b_after)
			return BAD("ext.battle_hex: a battle is recorded outside phase battle");
		return CRISK_OK;
	}
	if (x->b_hex >= k->b.n_land)
		return BAD("ext.battle_hex: %d is not a land hex", x->b_hex);
	if (x->b_att >= k->seats || risk_is_out(x, x->b_att))
		return BAD("ext.battle_attacker: %d is not a seat in the game", x->b_att);
	if (x->b_def == x->b_att || x->b_def >= RISK_OWNERS || (x->b_def < RISK_NEUTRAL && x->b_def >= k->seats))
		return BAD("ext.battle_defender: %d is not another seat or the neutral defenders (%d)", x->b_def,
			   RISK_NEUTRAL);
	if (!ra(x, x->b_hex, x->b_att) || !ra(x, x->b_hex, x->b_def))
		return BAD("ext.armies: both sides of the battle on hex %d need armies there", x->b_hex);
	if (x->b_chain && !x->b_until)
		return BAD("ext.battle_chain: a chained battle is fought to the end (RC-18)");
	if (!k->cfg.explicit_chance)
		return BAD("ext.risk_phase: battle is a chance point, but with chance=auto it never waits");
	if (x->b_after == RA_SETUP) {
		/* RC-9: the set-up army fights to the end, next to its settlement. */
		if (!x->b_until || x->b_chain || !next_to_node(k, x->setup_node, x->b_hex))
			return BAD("ext.battle_hex: %d is no set-up battle next to intersection %d (RC-9)", x->b_hex,
				   x->setup_node);
		return CRISK_OK;
	}
	/* RC-18, RC-20: the active seat's attack or purchase in its main phase. */
	if (h->dp != DP_MAIN || x->b_att != h->active)
		return BAD("ext.battle_attacker: %d attacks in phase %s of seat %d's turn", x->b_att, kern_dp_name(h->dp),
			   h->active);
	if (x->redeployed)
		return BAD("ext.redeployed: a battle after the redeploy (RC-22)");
	if (x->b_chain && !x->bought)
		return BAD("ext.battle_chain: a purchase's battle, but nothing was bought this turn (RC-18)");
	return CRISK_OK;
}

static int x_settled(const kern *k, const void *st)
{
	return rx(k, st)->settled;
}

int risk_ext_check(const kern *k, const void *st)
{
	int rc = check_ranges(k, st);
	if (!rc)
		rc = check_phase(k, st);
	if (!rc)
		rc = check_counters(k, st);
	if (!rc)
		rc = check_setup(k, st);
	if (!rc)
		rc = check_out(k, st);
	if (!rc)
		rc = check_fog(k, st);
	if (!rc)
		rc = check_battle(k, st);
	if (!rc && x_settled(k, st) != risk_settled_now(k, st))
		rc = BAD("ext.settled (derived): %d, but %s (RC-12..RC-16)", x_settled(k, st),
			 x_settled(k, st) ? "a piece stands on hexes that one seat controls alone"
					  : "no piece would change hands now");
	if (!rc && !risk_sets_ok(k, st))
		rc = BAD("ext.sets (derived): the hexes a seat's pieces touch or connect differ from its pieces (RC-18, "
			 "RC-19, RC-22)");
	if (!rc && !risk_armies_ok(rx(k, st)))
		rc = BAD("ext.occupied (derived): the hexes with armies of an owner or the number of armies on the board "
			 "differ from the armies (RC-3)");
	return rc;
}

/* Nobody placed anything yet; with fog only the robber's desert is face up
 * (the robber shows where it stands, docs/decisions.md). */
static void risk_ext_init(const kern *k, void *st, evlog *log)
{
	(void)log;
	risk_ext *x = rx(k, st);
	x->buy_res = RISK_NONE;
	x->pcur = RISK_NONE;
	x->b_hex = x->b_att = x->b_def = RISK_NONE;
	for (int s = 0; s < RISK_MAX_SEATS; s++)
		x->annexer[s] = RISK_NONE;
	if (rr_of(k)->fog)
		x->revealed[ks(st)->robber] = 1;
	else
		for (int h = 0; h < k->b.n_land; h++)
			x->revealed[h] = 1;
}

const kern_hooks risk_kern_hooks = {
	.ext_init = risk_ext_init,
	.ext_fields = risk_ext_fields,
	.n_ext_fields = (int)(sizeof risk_ext_fields / sizeof risk_ext_fields[0]),
	.ext_check = risk_ext_check,
	.turn_start = risk_turn_start,
	.produce_ok = risk_produce_ok,
	.extra_pieces = risk_extra_pieces,
	.seat_vp = risk_seat_vp,
	.view_point = risk_view_point,
	.view_json = risk_view_json,
	/* RC-28: the hooks change no VP in a roll or the kernel's actions that
	 * change none in base (production, trades, cards); annexations and
	 * eliminations come after the kernel's apply, with their own check
	 * (risk_evaluate_after, risk_settle). */
	.victory_as_base = 1,
};

