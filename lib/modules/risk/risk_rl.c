/* The reinforcement-learning encoding of module risk (docs/rl-risk.md): the
 * kernel's action index and observation (cm_rl_*, catan_rl.c) first, then
 * risk's own actions 40..45 and the armies, control, fog and battle fields.
 *
 * Counted actions (BUY_ARMIES, MOVE_ARMIES, REDEPLOY) index six count
 * slots: 1, 2, 3, half, all but one and all of the largest count the state
 * allows for that code (the `max` below).  A slot counts only when its count
 * lies in 1..max and no earlier slot has the same count, so each legal code
 * has exactly one index.  RESIGN is never in the legal list (rules-risk.md)
 * and has no index; battle dice are chance. */
#include <string.h>

#include "../../core/rl_describe.h"
#include "../catan_module.h"
#include "risk_impl.h"

enum { SLOT_ONE, SLOT_TWO, SLOT_THREE, SLOT_HALF, SLOT_ALL_BUT_ONE, SLOT_ALL, SLOTS };
#define REDEPLOY_PAIRS (RISK_HEXES * (RISK_HEXES - 1))

/* The first index of each of risk's ranges, after the kernel's. */
typedef struct layout {
	size_t place, buy, move, attack, attack_all, redeploy, end;
} layout;

static layout layout_of(const risk_rules *rr)
{
	layout l;
	size_t seats = (size_t)rr->k.seats;
	l.place = rr->rl_kernel_actions;
	l.buy = l.place + RISK_HEXES;
	l.move = l.buy + (size_t)RISK_HEXES * NUM_RES * SLOTS;
	l.attack = l.move + (size_t)rr->rl_pairs * SLOTS;
	l.attack_all = l.attack + (size_t)RISK_HEXES * seats;
	l.redeploy = l.attack_all + (size_t)RISK_HEXES * seats;
	l.end = l.redeploy + (size_t)REDEPLOY_PAIRS * SLOTS;
	return l;
}

void risk_rl_init(risk_rules *rr)
{
	memset(rr->rl_pair_of, RISK_NONE, sizeof rr->rl_pair_of);
	int n = 0;
	for (int from = 0; from < RISK_HEXES; from++) {
		for (uint32_t t = rr->adj[from]; t; t &= t - 1) {
			int to = bit_low(t);
			rr->rl_pair_from[n] = (uint8_t)from;
			rr->rl_pair_to[n] = (uint8_t)to;
			rr->rl_pair_of[from][to] = (uint8_t)n++;
		}
	}
	rr->rl_pairs = n;
	rr->rl_kernel_actions = cm_rl_actions(rr);
	rr->rl_kernel_obs = cm_rl_obs_size(rr);
	cm_rl_hex_fields(rr, &rr->rl_terrain_at, &rr->rl_token_at);
}

/* ---- count slots ---- */

static int slot_raw(int slot, int max)
{
	static const int fixed[3] = {1, 2, 3};
	if (slot < SLOT_HALF)
		return fixed[slot];
	return slot == SLOT_HALF ? max / 2 : slot == SLOT_ALL_BUT_ONE ? max - 1 : max;
}

/* The count a slot's code names: its raw count, at least 1 (a slot out of
 * 1..max still names a code; it is never legal). */
static int slot_count(int slot, int max)
{
	int n = slot_raw(slot, max);
	return n < 1 ? 1 : n;
}

/* The slot of count n, or -1 when no slot names it at this max. */
static int slot_of(int n, int max)
{
	for (int s = 0; s < SLOTS; s++) {
		if (slot_count(s, max) == n)
			return s;
	}
	return -1;
}

/* Marks the slots legal at max (1..max, no earlier slot with that count) in
 * mask[0 .. SLOTS-1]; returns how many. */
static size_t mark_slots(uint8_t *mask, int max)
{
	if (max < 1)
		return 0;
	size_t n = 0;
	int prev[SLOTS];
	for (int s = 0; s < SLOTS; s++) {
		int c = slot_raw(s, max);
		prev[s] = c;
		if (c < 1 || c > max)
			continue;
		int seen = 0;
		for (int e = 0; e < s; e++)
			seen |= prev[e] == c;
		if (!seen) {
			mask[s] = 1;
			n++;
		}
	}
	return n;
}

/* ---- the largest counts a code may name ---- */

static int actor_of(const kern *k, const void *st)
{
	const risk_ext *x = rx(k, st);
	return x->phase != RP_NONE ? x->pcur : kern_current_seat(k, st);
}

/* RC-17: the cards of r in hand, the visible VP not yet bought this turn
 * and the engine's army limit. */
static int buy_max(const kern *k, const void *st, int s, int r)
{
	const risk_ext *x = rx(k, st);
	int max = kseat_of(k, st, s)->hand[r];
	int room = kvisible_vp(k, st, s) - x->bought, cap = RISK_MAX_ARMIES - (int)x->total;
	if (room < max)
		max = room;
	return cap < max ? cap : max;
}

/* RC-19: armies of s on the hex that have not moved this turn. */
static int move_max(const risk_ext *x, int s, int hex)
{
	return ra(x, hex, s) - x->moved[hex];
}

/* ---- the action index ---- */

size_t risk_rl_actions(const void *data)
{
	return layout_of(data).end;
}

/* The defender slot of ATTACK: seats counted from the actor (1 at slot 0),
 * the neutral defenders last. */
static int defender_slot(int seats, int actor, int d)
{
	if (d == CRISK_RISK_NEUTRAL)
		return seats - 1;
	if (d >= seats || d == actor)
		return -1;
	return (d - actor + seats) % seats - 1;
}

/* The redeploy pair (from, to), to != from, numbered from * 18 + (to
 * without from). */
static int redeploy_pair(int from, int to)
{
	if (from >= RISK_HEXES || to >= RISK_HEXES || from == to)
		return -1;
	return from * (RISK_HEXES - 1) + (to < from ? to : to - 1);
}

/* risk.h: arg[0] in bits 0-15, arg[1] in 16-31, arg[2] in 32-47. */
static crisk_action code(unsigned type, int a0, int a1, int a2)
{
	return act_make(type, (uint64_t)a0 | (uint64_t)a1 << 16 | (uint64_t)a2 << 32);
}

crisk_action risk_rl_action(const void *data, const void *st, size_t i)
{
	const risk_rules *rr = data;
	const kern *k = data;
	layout l = layout_of(rr);
	if (i < l.place)
		return cm_rl_action(data, st, i);
	int s = actor_of(k, st), seats = k->seats;
	const risk_ext *x = rx(k, st);
	if (i < l.buy)
		return code(CRISK_RISK_PLACE_ARMY, (int)(i - l.place), 0, 0);
	if (i < l.move) {
		size_t j = i - l.buy;
		int slot = (int)(j % SLOTS), r = (int)(j / SLOTS % NUM_RES), hex = (int)(j / SLOTS / NUM_RES);
		return code(CRISK_RISK_BUY_ARMIES, hex, r, slot_count(slot, buy_max(k, st, s, r)));
	}
	if (i < l.attack) {
		size_t j = i - l.move;
		int slot = (int)(j % SLOTS), p = (int)(j / SLOTS);
		int from = rr->rl_pair_from[p], to = rr->rl_pair_to[p];
		return code(CRISK_RISK_MOVE_ARMIES, from, to, slot_count(slot, move_max(x, s, from)));
	}
	if (i < l.redeploy) {
		int all = i >= l.attack_all;
		size_t j = i - (all ? l.attack_all : l.attack);
		int hex = (int)(j / (size_t)seats), slot = (int)(j % (size_t)seats);
		int d = slot == seats - 1 ? CRISK_RISK_NEUTRAL : (s + slot + 1) % seats;
		return code(all ? CRISK_RISK_ATTACK_ALL : CRISK_RISK_ATTACK, hex, d, 0);
	}
	size_t j = i - l.redeploy;
	int slot = (int)(j % SLOTS), p = (int)(j / SLOTS);
	int from = p / (RISK_HEXES - 1), to = p % (RISK_HEXES - 1);
	if (to >= from)
		to++;
	return code(CRISK_RISK_REDEPLOY, from, to, slot_count(slot, ra(x, from, s)));
}

/* The index of a code before checking that it names that code exactly. */
static int64_t index_of(const risk_rules *rr, const void *st, const layout *l, crisk_action a)
{
	const kern *k = &rr->k;
	const risk_ext *x = rx(k, st);
	int s = actor_of(k, st), a0 = ARG0(a), a1 = ARG1(a), a2 = ARG2(a);
	switch (ACT_TYPE(a)) {
	case CRISK_RISK_PLACE_ARMY:
		return a0 < RISK_HEXES ? (int64_t)(l->place + (size_t)a0) : -1;
	case CRISK_RISK_BUY_ARMIES: {
		if (a0 >= RISK_HEXES || a1 >= NUM_RES)
			return -1;
		int slot = slot_of(a2, buy_max(k, st, s, a1));
		return slot < 0 ? -1 : (int64_t)(l->buy + (size_t)((a0 * NUM_RES + a1) * SLOTS + slot));
	}
	case CRISK_RISK_MOVE_ARMIES: {
		if (a0 >= RISK_HEXES || a1 >= RISK_HEXES || rr->rl_pair_of[a0][a1] == RISK_NONE)
			return -1;
		int slot = slot_of(a2, move_max(x, s, a0));
		return slot < 0 ? -1 : (int64_t)(l->move + (size_t)(rr->rl_pair_of[a0][a1] * SLOTS + slot));
	}
	case CRISK_RISK_ATTACK:
	case CRISK_RISK_ATTACK_ALL: {
		int d = defender_slot(k->seats, s, a1);
		if (a0 >= RISK_HEXES || d < 0)
			return -1;
		size_t first = ACT_TYPE(a) == CRISK_RISK_ATTACK ? l->attack : l->attack_all;
		return (int64_t)(first + (size_t)(a0 * k->seats + d));
	}
	case CRISK_RISK_REDEPLOY: {
		int p = redeploy_pair(a0, a1);
		if (p < 0)
			return -1;
		int slot = slot_of(a2, ra(x, a0, s));
		return slot < 0 ? -1 : (int64_t)(l->redeploy + (size_t)(p * SLOTS + slot));
	}
	default: /* RESIGN (never listed), BATTLE_DICE (chance), other modules' types */
		return -1;
	}
}

int64_t risk_rl_index(const void *data, const void *st, crisk_action a)
{
	if (ACT_TYPE(a) < 32)
		return cm_rl_index(data, st, a);
	layout l = layout_of(data);
	int64_t i = index_of(data, st, &l, a);
	/* Only the exact code of the index has it: no stray bits or fields. */
	if (i >= 0 && risk_rl_action(data, st, (size_t)i) != a)
		return -1;
	return i;
}

/* ---- the mask ---- */

/* RC-8, RC-9 (an empty hex next to the settlement, any of them when none is
 * empty) and RC-10 (every empty land hex). */
static size_t mask_placement(const kern *k, const void *st, const layout *l, uint8_t *mask)
{
	const risk_ext *x = rx(k, st);
	uint32_t hexes = 0, empty = 0;
	for (int h = 0; h < RISK_HEXES; h++)
		empty |= (uint32_t)(risk_occupants(x, h) == 0) << h;
	if (x->phase == RP_SETUP_ARMY) {
		const bnode *bn = &k->b.node[x->setup_node];
		for (int i = 0; i < bn->n_hex; i++)
			hexes |= 1u << bn->hex[i];
		if (hexes & empty)
			hexes &= empty;
	} else {
		hexes = empty;
	}
	size_t n = 0;
	for (; hexes; hexes &= hexes - 1, n++)
		mask[l->place + (size_t)bit_low(hexes)] = 1;
	return n;
}

/* RC-17..RC-22 in the active seat's main phase before a redeploy: the same
 * conditions as risk_check, from the seat's sets (risk_ext.sets). */
static size_t mask_military(const risk_rules *rr, const void *st, const layout *l, uint8_t *mask)
{
	const kern *k = &rr->k;
	const risk_ext *x = rx(k, st);
	const struct risk_seat_sets *reach;
	int s = ks(st)->active, seats = k->seats;
	size_t n = 0;
	reach = &x->sets[s];
	/* BUY_ARMIES: the declared resource only, on hexes next to a building. */
	for (int r = 0; r < NUM_RES; r++) {
		if (x->buy_res != RISK_NONE && x->buy_res != r)
			continue;
		int max = buy_max(k, st, s, r);
		for (uint32_t h = max > 0 ? reach->next_to_building : 0; h; h &= h - 1)
			n += mark_slots(mask + l->buy + (size_t)((bit_low(h) * NUM_RES + r) * SLOTS), max);
	}
	uint32_t own = 0, enemies = 0;
	for (int h = 0; h < RISK_HEXES; h++) {
		unsigned occ = risk_occupants(x, h);
		own |= (uint32_t)((occ >> s) & 1u) << h;
		enemies |= (uint32_t)((occ & ~(1u << s)) != 0) << h;
	}
	/* MOVE_ARMIES: one step to an adjacent hex the seat's pieces touch. */
	for (int p = 0; p < rr->rl_pairs; p++) {
		int from = rr->rl_pair_from[p], to = rr->rl_pair_to[p];
		if ((reach->touched >> to) & 1u)
			n += mark_slots(mask + l->move + (size_t)(p * SLOTS), move_max(x, s, from));
	}
	/* ATTACK, ATTACK_ALL: any other owner with armies on a hex of the seat
	 * (seats that are out have none, RC-26). */
	for (uint32_t h = own & enemies; h; h &= h - 1) {
		int hex = bit_low(h);
		for (int o = 0; o < RISK_OWNERS; o++) {
			if (o == s || !ra(x, hex, o))
				continue;
			size_t d = (size_t)defender_slot(seats, s, risk_arg_of_owner(o));
			mask[l->attack + (size_t)(hex * seats) + d] = 1;
			mask[l->attack_all + (size_t)(hex * seats) + d] = 1;
			n += 2;
		}
	}
	/* REDEPLOY: between two hexes one network links, to one without enemies. */
	for (uint32_t f = own; f; f &= f - 1) {
		int from = bit_low(f);
		for (uint32_t t = reach->linked[from] & ~enemies & ~(1u << from); t; t &= t - 1)
			n += mark_slots(mask + l->redeploy + (size_t)(redeploy_pair(from, bit_low(t)) * SLOTS),
					ra(x, from, s));
	}
	return n;
}

size_t risk_rl_mask(const void *data, const void *st, uint8_t *mask)
{
	const risk_rules *rr = data;
	const kern *k = data;
	const risk_ext *x = rx(k, st);
	const kstate *h = ks(st);
	if (h->status != CRISK_STATUS_RUNNING)
		return 0;
	layout l = layout_of(rr);
	if (x->phase == RP_SETUP_ARMY || x->phase == RP_ARMY_LOOP)
		return mask_placement(k, st, &l, mask);
	if (x->phase != RP_NONE)
		return 0; /* a battle roll: chance */
	size_t n = cm_rl_mask(data, st, mask);
	if (h->dp == DP_MAIN && !x->redeployed)
		n += mask_military(rr, st, &l, mask);
	return n;
}

/* ---- the observation ---- */

#define OWNERS_OF(seats) ((size_t)(seats) + 1)

/* Floats of risk's part for n seats. */
static size_t own_obs_size(size_t n)
{
	size_t w = OWNERS_OF(n);
	size_t hexes = RISK_HEXES * (2 * w + 4); /* armies, controller; contested, revealed, requirement, moved */
	size_t seats = n * (2 + 3);              /* out, resigned, pieces over */
	size_t turn = NUM_RES + 2 + 3;           /* buy resource, bought, redeployed, phase */
	size_t battle = RISK_HEXES + n + w + 1;  /* hex, attacker, defender, until done */
	return hexes + seats + turn + battle;
}

size_t risk_rl_obs_size(const void *data)
{
	const risk_rules *rr = data;
	return rr->rl_kernel_obs + own_obs_size((size_t)rr->k.seats);
}

void risk_rl_describe_obs(const void *data, jw *w)
{
	const risk_rules *rr = data;
	size_t n = (size_t)rr->k.seats, o = OWNERS_OF(n), at = rr->rl_kernel_obs, c;
	cm_rl_describe_obs(data, w);
#define FIELD(name, count, low, high, about)                  \
	do {                                                  \
		c = (count);                                  \
		rl_field(w, name, at, c, low, high, about);  \
		at += c;                                      \
	} while (0)
	FIELD("risk_armies", RISK_HEXES * o, 0, RISK_MAX_ARMIES,
	      "armies on land hex h of owner j at h*(seats+1)+j: seats from the viewer, then the neutral defenders (RC-1, RC-27)");
	FIELD("risk_controller", RISK_HEXES * o, 0, 1,
	      "1 at h*(seats+1)+j when owner j (as risk_armies) controls land hex h (RC-5)");
	FIELD("risk_contested", RISK_HEXES, 0, 1, "1 when two or more owners occupy the land hex (RC-4)");
	FIELD("risk_revealed", RISK_HEXES, 0, 1, "1 when the land hex is face up (always without fog, RC-30, RC-31)");
	FIELD("risk_requirement", RISK_HEXES, 0, 5,
	      "armies control needs on the land hex (RC-2); 0 while face down, except for the omniscient viewer (RC-32)");
	FIELD("risk_moved", RISK_HEXES, 0, RISK_MAX_ARMIES,
	      "armies of the active seat that moved onto the land hex this turn (RC-19)");
	FIELD("risk_out", n, 0, 1, "1 when the seat (from the viewer) is out of the game (RC-25..RC-27)");
	FIELD("risk_resigned", n, 0, 1, "1 when the seat (from the viewer) resigned (RC-27)");
	FIELD("risk_pieces_over", n * 3, 0, 255,
	      "settlements, cities, roads of the seat (from the viewer, 3 per seat) beyond its supply (RC-12)");
	FIELD("risk_buy_resource", NUM_RES, 0, 1,
	      "one-hot: the resource declared for armies this turn (brick, lumber, wool, grain, ore), none yet: 0 (RC-17)");
	FIELD("risk_bought", 1, 0, 255, "armies bought this turn (RC-17)");
	FIELD("risk_redeployed", 1, 0, 1, "1 after this turn's redeploy (RC-22)");
	FIELD("risk_phase", 3, 0, 1, "one-hot: the module's decision point setup_army, army_loop, battle; 0 otherwise");
	FIELD("risk_battle_hex", RISK_HEXES, 0, 1, "one-hot: land hex of the pending battle roll (RC-20)");
	FIELD("risk_battle_attacker", n, 0, 1, "one-hot: attacking seat of the pending battle, from the viewer");
	FIELD("risk_battle_defender", o, 0, 1,
	      "one-hot: defending owner of the pending battle, seats from the viewer, then the neutral defenders");
	FIELD("risk_battle_until_done", 1, 0, 1, "1 when the pending battle rolls until one side has no armies there");
#undef FIELD
}

void risk_rl_observe(const void *data, const void *st, int viewer, float *out)
{
	const risk_rules *rr = data;
	const kern *k = data;
	const risk_ext *x = rx(k, st);
	int n = k->seats, w = n + 1, base = viewer >= 0 ? viewer : 0;
	int omniscient = viewer == CRISK_VIEWER_OMNISCIENT;
	cm_rl_observe(data, st, viewer, out);
	float *o = out + rr->rl_kernel_obs;
	memset(o, 0, own_obs_size((size_t)n) * sizeof *o);
	int slot[RISK_OWNERS];
	for (int s = 0; s < RISK_MAX_SEATS; s++)
		slot[s] = (s - base + n) % n; /* seats past n hold nothing (state check) */
	slot[RISK_NEUTRAL] = n;

	float *armies = o, *ctrl = armies + RISK_HEXES * w, *contested = ctrl + RISK_HEXES * w;
	float *revealed = contested + RISK_HEXES, *req = revealed + RISK_HEXES, *moved = req + RISK_HEXES;
	for (int h = 0; h < RISK_HEXES; h++) {
		unsigned occ = 0;
		for (int j = 0; j < RISK_OWNERS; j++) {
			int v = ra(x, h, j);
			if (!v)
				continue;
			armies[h * w + slot[j]] = (float)v;
			occ |= 1u << j;
		}
		contested[h] = (float)((occ & (occ - 1)) != 0);
		if (occ && !(occ & (occ - 1))) {
			int j = bit_low(occ);
			if (ra(x, h, j) >= rr->req[h])
				ctrl[h * w + slot[j]] = 1;
		}
		int hidden = risk_hidden(k, st, h), shown = !hidden || omniscient;
		revealed[h] = (float)!hidden;
		req[h] = shown ? (float)rr->req[h] : 0;
		if (!shown) { /* RC-32: the kernel's part shows the board as it is */
			memset(out + rr->rl_terrain_at + (size_t)h * TERR_SEA, 0, TERR_SEA * sizeof *out);
			out[rr->rl_token_at + (size_t)h] = 0;
		}
		moved[h] = (float)x->moved[h];
	}
	float *out_seats = moved + RISK_HEXES, *resigned = out_seats + n, *over = resigned + n;
	for (int s = 0; s < n; s++) {
		out_seats[slot[s]] = (float)((x->out >> s) & 1u);
		resigned[slot[s]] = (float)((x->resigned >> s) & 1u);
		for (int p = 0; p < 3; p++)
			over[slot[s] * 3 + p] = (float)x->over[s * 3 + p];
	}
	float *buy_res = over + 3 * n, *bought = buy_res + NUM_RES, *redeployed = bought + 1, *phase = redeployed + 1;
	if (x->buy_res < NUM_RES)
		buy_res[x->buy_res] = 1;
	*bought = (float)x->bought;
	*redeployed = (float)x->redeployed;
	if (x->phase != RP_NONE && x->phase < RP_COUNT)
		phase[x->phase - RP_SETUP_ARMY] = 1;
	float *b_hex = phase + 3, *b_att = b_hex + RISK_HEXES, *b_def = b_att + n, *b_until = b_def + w;
	if (x->phase == RP_BATTLE) {
		b_hex[x->b_hex] = 1;
		b_att[slot[x->b_att]] = 1;
		b_def[slot[x->b_def]] = 1;
		*b_until = (float)x->b_until;
	}
}

/* ---- the action ranges ---- */

void risk_rl_describe_actions(const void *data, jw *w)
{
	const risk_rules *rr = data;
	layout l = layout_of(rr);
	cm_rl_describe_actions(data, w);
	rl_range(w, "place_army", l.place, l.buy - l.place, "land hex (RC-8..RC-10)");
	rl_range(w, "buy_armies", l.buy, l.move - l.buy,
		 "(hex*5 + resource)*6 + count slot: 1, 2, 3, half, all but one, all of the most the seat may buy "
		 "with that resource (RC-17, RC-18)");
	rl_range(w, "move_armies", l.move, l.attack - l.move,
		 "pair*6 + count slot (1, 2, 3, half, all but one, all of the armies on `from` that have not moved); "
		 "pairs: adjacent land hexes (from, to), from then to ascending (RC-19)");
	rl_range(w, "attack", l.attack, l.attack_all - l.attack,
		 "hex*seats + defender: seat k from the actor at k-1, the neutral defenders at seats-1 (RC-20)");
	rl_range(w, "attack_all", l.attack_all, l.redeploy - l.attack_all, "as attack (RC-20)");
	rl_range(w, "redeploy", l.redeploy, l.end - l.redeploy,
		 "(from*18 + to, counted without from)*6 + count slot (1, 2, 3, half, all but one, all of the "
		 "actor's armies on from) (RC-22)");
}
