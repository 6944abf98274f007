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

static int check_battle(const kern *k, const risk_ext *x)
{
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
	if (!flag(x->b_until) || !flag(x->b_chain) || x->b_after > RA_SETUP || (x->b_chain && !x->b_until))
		return BAD("ext.battle_until: flags out of range");
	if (!k->cfg.explicit_chance)
		return BAD("ext.risk_phase: battle is a chance point, but with chance=auto it never waits");
	return CRISK_OK;
}

int risk_ext_check(const kern *k, const void *st)
{
	const risk_ext *x = rx(k, st);
	const kstate *h = ks(st);
	unsigned seats = (1u << k->seats) - 1;
	for (int hex = 0; hex < RISK_HEXES; hex++) {
		for (int o = 0; o < RISK_OWNERS; o++) {
			int v = ra(x, hex, o);
			if (v && (hex >= k->b.n_land || (o < RISK_NEUTRAL && (o >= k->seats || risk_is_out(x, o)))))
				return BAD("ext.armies[%d]: %d armies of owner %d on hex %d", hex * RISK_OWNERS + o, v, o, hex);
		}
		if (x->mil_turn == h->turn && x->moved[hex] > ra(x, hex, h->active))
			return BAD("ext.moved[%d]: %d moved, but seat %d has %d armies there", hex, x->moved[hex], h->active,
				   ra(x, hex, h->active));
		if (!flag(x->revealed[hex]) || (x->revealed[hex] && hex >= k->b.n_land))
			return BAD("ext.revealed[%d]: %d", hex, x->revealed[hex]);
		if (rr_of(k)->fog && hex < k->b.n_land && risk_occupants(x, hex) && !x->revealed[hex])
			return BAD("ext.revealed[%d]: armies stand on a face-down hex (RC-31)", hex);
	}
	if (x->mil_turn < 0 || x->mil_turn > h->turn)
		return BAD("ext.military_turn: %d is not a turn so far", (int)x->mil_turn);
	if (x->buy_res != RISK_NONE && x->buy_res >= NUM_RES)
		return BAD("ext.buy_resource: %d", x->buy_res);
	if (x->bought > 250 || !flag(x->redeployed) || !flag(x->evaluated) || !flag(x->setup_last))
		return BAD("ext.bought: counters out of range");
	if ((x->out & ~seats) || (x->resigned & ~x->out))
		return BAD("ext.out: 0x%x / resigned 0x%x", x->out, x->resigned);
	for (int s = 0; s < RISK_MAX_SEATS; s++) {
		if (x->annexer[s] != RISK_NONE && (s >= k->seats || x->annexer[s] >= k->seats))
			return BAD("ext.annexer[%d]: %d", s, x->annexer[s]);
		for (int p = 0; p < 3; p++) {
			if (x->over[s * 3 + p] && (s >= k->seats || kseat_of(k, st, s)->supply[p]))
				return BAD("ext.pieces_over[%d]: pieces over supply while the supply is not empty", s * 3 + p);
		}
		if (s < k->seats && risk_is_out(x, s)) {
			const kseat *p = kseat_of(k, st, s);
			if (p->cards || p->dev[0] + p->dev[1] + p->dev[2] + p->dev[3] + p->dev[4])
				return BAD("seats[%d]: a seat out of the game holds cards (RC-26)", s);
		}
	}
	if (x->setup_node >= k->b.n_node)
		return BAD("ext.setup_node: %d", x->setup_node);
	if (x->phase >= RP_COUNT)
		return BAD("ext.risk_phase: %d", x->phase);
	if ((x->phase == RP_SETUP_ARMY || x->phase == RP_ARMY_LOOP) != (x->pcur != RISK_NONE) ||
	    (x->pcur != RISK_NONE && x->pcur >= k->seats))
		return BAD("ext.phase_seat: %d in phase %s", x->pcur, risk_phase_name(x->phase));
	if (x->phase == RP_SETUP_ARMY || x->phase == RP_ARMY_LOOP || (x->phase == RP_BATTLE && x->b_after == RA_SETUP)) {
		if (x->evaluated)
			return BAD("ext.evaluated: set during set-up");
	} else if (h->turn > 0 && !x->evaluated && x->phase == RP_NONE) {
		return BAD("ext.evaluated: 0 after set-up");
	}
	if (x->phase == RP_NONE && x->setup_last)
		return BAD("ext.setup_last: outside phase setup_army");
	if (x->phase != RP_NONE && h->status != CRISK_STATUS_RUNNING)
		return BAD("ext.risk_phase: %s after the game ended", risk_phase_name(x->phase));
	return check_battle(k, x);
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
	.produce_ok = risk_produce_ok,
	.extra_pieces = risk_extra_pieces,
	.view_point = risk_view_point,
	.view_json = risk_view_json,
};

