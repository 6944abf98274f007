/* The reinforcement-learning encoding of muhq (rl.h, docs/rl-muhq.md): the
 * action index, the legal mask and the observation.
 *
 * Action index.  Every action (but CHANCE and CONCEDE, MQ_RL_SKIP) has a
 * key: its type's range plus a position computed from the code and the
 * state (a hand, store or pile slot, a tile, a direction, the slot of its
 * first target).  Several legal codes may share a key (a spell's second
 * target, the crew on one tile); the index then means the first of them in
 * list order, so index i at a state is the first legal code whose key is i
 * (mq_visit), and a code has an index only when it is that first one.  An
 * index without a legal code maps to a code built from the key alone.
 *
 * Observation.  Field after field (the layout is per rules object), each a
 * contiguous array; seats counted from the viewer; only what mq_to_json
 * shows the viewer (mq_view.c): other hands, decks and draft piles as
 * counts only. */
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../core/rl_describe.h"
#include "catanrisk/game.h"
#include "catanrisk/view.h"
#include "mq.h"
#include "mq_engine.h"

#define RL_HAND_SLOTS 12   /* hand cards indexed (play, discard, scrap) */
#define RL_STORE_SLOTS 48  /* store cards indexed (buy) */
#define RL_STACK_SHOWN 8   /* stack items shown, top first */
#define RL_BIG 1e9         /* high of unbounded counters (round, turn, resource) */

/* Action types in index order, with the size of their range. */
enum { R_PICK, R_TRIGGER, R_RELEASE, R_PAY, R_PLAY, R_ACTIVATE, R_MOVE, R_ATTACK, R_FULL, R_CARRY, R_EQUIP,
       R_SWITCH, R_SHAKE, R_FINISH, R_FREE, R_SCRAP, R_PASS, R_BUY, R_DISCARD, R_DONE, R_DROP, R_COUNT };
static const uint8_t range_type[R_COUNT] = {
	MQ_A_PICK,  MQ_A_TRIGGER, MQ_A_RELEASE, MQ_A_PAY,   MQ_A_PLAY,   MQ_A_ACTIVATE, MQ_A_MOVE,
	MQ_A_ATTACK, MQ_A_FULL,   MQ_A_CARRY,   MQ_A_EQUIP, MQ_A_SWITCH, MQ_A_SHAKE,    MQ_A_FINISH,
	MQ_A_FREE,  MQ_A_SCRAP,   MQ_A_PASS,    MQ_A_BUY,   MQ_A_DISCARD, MQ_A_DONE,    MQ_A_DROP};

/* Observation fields, in order. */
enum {
	F_ROUND, F_TURN, F_PHASE, F_DECISION, F_CHANCE, F_STATUS, F_ACTIVE, F_PRIORITY, F_CURRENT, F_WINNER,
	F_ACTIVATED, F_NSTACK, F_EXECUTING,
	F_RES, F_OUT, F_BOUGHT, F_HANDN, F_DECKN, F_DISCARDN, F_STOREN, F_PENDINGN,
	F_DISCARD_DEFS, F_STORE_DEFS, F_PENDING_DEFS,
	F_HAND, F_STORE, F_DRAFT, F_DRAFT_ROUND, F_DRAFT_WAVE, F_DRAFT_CARDS, F_PICKEDN, F_PILE, F_PICKED_DEFS,
	F_EXILE_DEFS,
	F_IT_PRESENT, F_IT_KIND, F_IT_CTRL, F_IT_SRC, F_IT_AUX, F_IT_OPKIND, F_IT_OPX, F_IT_OPY, F_IT_OPSEAT,
	F_IT_OPDEF,
	F_TERRAIN, F_HOME, F_WALL, F_P_PRESENT, F_P_CTRL, F_P_OWNER, F_P_DEF, F_P_TYPE, F_P_TAPPED,
	F_P_ACTIVATED, F_P_RELEASED, F_P_SPENT, F_P_MARKS, F_P_DUR, F_P_STATS, F_P_PILE, F_P_MEMBERS, F_P_WAITING,
	F_COUNT
};

typedef struct mq_rl {
	int T, S, NX, HS, SS, PS, NAB, ND, NIT;
	size_t first[R_COUNT + 1]; /* range starts; first[R_COUNT] = A */
	size_t off[F_COUNT + 1];   /* field offsets; off[F_COUNT] = O */
	uint16_t *def;             /* per card: its definition among the game's, 0-based */
	float *terrain;            /* the tile_terrain field as the game starts (T * 11) */
	uint16_t *home;            /* the spawn and harbor tiles, ascending */
	int nhome;
} mq_rl;

/* ---- layout ---- */

static size_t range_count(const mq_rl *L, int r)
{
	switch (r) {
	case R_PICK: return (size_t)L->PS;
	case R_TRIGGER: case R_FREE: return (size_t)L->NX;
	case R_RELEASE: case R_ACTIVATE: case R_MOVE: return 2 * (size_t)L->T;
	case R_PLAY: return (size_t)L->HS * (size_t)L->NX;
	case R_ATTACK: case R_CARRY: return (size_t)L->T;
	case R_FULL: return (size_t)L->NAB * (size_t)L->NX + 1;
	case R_EQUIP: case R_SWITCH: return 18;
	case R_SHAKE: return 4;
	case R_SCRAP: return (size_t)(L->HS * (L->HS - 1) / 2);
	case R_BUY: return (size_t)L->SS;
	case R_DISCARD: return (size_t)L->HS;
	case R_DROP: return 9;
	default: return 1;
	}
}

static const char *const range_names[R_COUNT] = {
	"pick", "trigger", "release", "pay", "play", "activate", "move", "attack", "full", "carry", "equip",
	"switch", "shake", "finish", "free", "scrap", "pass", "buy", "discard", "done", "drop"};
static const char *const range_args[R_COUNT] = {
	"slot of the held draft pile (cards by id)",
	"first-target slot (0 none, 1+tile, 1+T+seat from the actor)",
	"2*tile + (0 the pile's base, 1 a member)",
	"-",
	"hand slot * NX + (0 none or attach, 1+tile: placement or target, 1+T+seat from the actor)",
	"2*tile + (0 the pile's base, 1 a member)",
	"street * T + destination tile",
	"target tile (permanent or wall)",
	"ability * NX + first-target slot; the last index: the Farm field",
	"destination tile",
	"allowance * 9 + direction of the equipment ((dx+1)*3 + dy+1)",
	"allowance * 9 + direction of the artifact ((dx+1)*3 + dy+1)",
	"allowance (0 move, 1 attack, 2 street, 3 full)",
	"-",
	"first-target slot (0 none, 1+tile, 1+T+seat from the actor)",
	"pair of hand slots i < j, in row order",
	"-",
	"store slot",
	"hand slot",
	"-",
	"direction of the drop tile ((dx+1)*3 + dy+1)"};

/* Walks the fields in order: sets the offsets, and describes them when w. */
static void fields(mq_rl *L, const mq_rules *R, jw *w)
{
	size_t o = 0;
	size_t S = (size_t)L->S, T = (size_t)L->T, ND = (size_t)L->ND, K = (size_t)L->NIT;
	double nc = R->ncard;
#define FIELD(id, name, count, lo, hi, about)                                                                      \
	do {                                                                                                       \
		L->off[id] = o;                                                                                    \
		if (w)                                                                                             \
			rl_field(w, name, o, (count), lo, hi, about);                                              \
		o += (count);                                                                                      \
	} while (0)
	FIELD(F_ROUND, "round", 1, 0, RL_BIG, "round; 0 during the draft");
	FIELD(F_TURN, "turn", 1, 0, RL_BIG, "turns begun");
	FIELD(F_PHASE, "phase", 7, 0, 1, "one-hot: draft, start, upkeep, action, buy, cleanup, over");
	FIELD(F_DECISION, "decision", 9, 0, 1,
	      "one-hot: none, chance, pick, trigger, upkeep, priority, drop, buy, cleanup");
	FIELD(F_CHANCE, "chance_outcomes", 1, 0, RL_BIG, "outcomes of the pending chance point, else 0");
	FIELD(F_STATUS, "status", 3, 0, 1, "one-hot: running, won, ended");
	FIELD(F_ACTIVE, "active_seat", S, 0, 1, "one-hot, seats from the viewer");
	FIELD(F_PRIORITY, "priority_seat", S, 0, 1, "one-hot, seats from the viewer");
	FIELD(F_CURRENT, "current_seat", S, 0, 1, "one-hot, seats from the viewer; zeros at chance or over");
	FIELD(F_WINNER, "winner", S, 0, 1, "one-hot, seats from the viewer; zeros for none");
	FIELD(F_ACTIVATED, "activated", 1, 0, 1, "a permanent is activated (M-43)");
	FIELD(F_NSTACK, "stack_count", 1, 0, MQ_STACK_MAX, "items on the stack");
	FIELD(F_EXECUTING, "executing", 1, 0, 1, "an item is being executed");
	FIELD(F_RES, "seat_resource", S, 0, MQ_RES_MAX, "per seat from the viewer: resource");
	FIELD(F_OUT, "seat_out", S, 0, 1, "per seat: out of the game");
	FIELD(F_BOUGHT, "seat_bought", S, 0, 1, "per seat: bought this turn");
	FIELD(F_HANDN, "seat_hand_count", S, 0, nc, "per seat: cards in hand");
	FIELD(F_DECKN, "seat_deck_count", S, 0, nc, "per seat: cards in deck");
	FIELD(F_DISCARDN, "seat_discard_count", S, 0, nc, "per seat: cards in the discard pile");
	FIELD(F_STOREN, "seat_store_count", S, 0, nc, "per seat: cards in the store");
	FIELD(F_PENDINGN, "seat_pending_count", S, 0, nc, "per seat: equipment pending (M-78)");
	FIELD(F_DISCARD_DEFS, "seat_discard_defs", S * ND, 0, nc, "[seat][definition]: cards in the discard pile");
	FIELD(F_STORE_DEFS, "seat_store_defs", S * ND, 0, nc, "[seat][definition]: cards in the store");
	FIELD(F_PENDING_DEFS, "seat_pending_defs", S * ND, 0, nc, "[seat][definition]: pending equipment");
	FIELD(F_HAND, "hand", (size_t)L->HS, 0, ND,
	      "viewer's hand by slot (order of arrival): definition + 1, 0 empty (omniscient: seat 0's)");
	FIELD(F_STORE, "store", (size_t)L->SS, 0, ND, "viewer's store by slot (as the view lists it): definition + 1");
	FIELD(F_DRAFT, "draft", 1, 0, 1, "the draft is running");
	FIELD(F_DRAFT_ROUND, "draft_round", 1, -1, RL_BIG, "draft round (-1 between rounds), 0 outside");
	FIELD(F_DRAFT_WAVE, "draft_wave", 1, 0, RL_BIG, "draft wave, 0 outside");
	FIELD(F_DRAFT_CARDS, "draft_cards_in_piles", 1, 0, nc, "cards in all draft piles");
	FIELD(F_PICKEDN, "seat_picked_count", S, 0, nc, "per seat: cards picked in this wave");
	FIELD(F_PILE, "pile", (size_t)L->PS, 0, ND, "viewer's held draft pile by slot (card id order): definition + 1");
	FIELD(F_PICKED_DEFS, "picked_defs", ND, 0, nc, "[definition]: the viewer's picks of this wave");
	FIELD(F_EXILE_DEFS, "exile_defs", ND, 0, nc, "[definition]: cards in exile");
	FIELD(F_IT_PRESENT, "item_present", K, 0, 1,
	      "per item (the executing one, then the stack from the top): present");
	FIELD(F_IT_KIND, "item_kind", K * 10, 0, 1,
	      "[item] one-hot: play, move, attack, full, carry, equip, switch, shake, free, trigger");
	FIELD(F_IT_CTRL, "item_ctrl", K * S, 0, 1, "[item] one-hot declaring seat from the viewer");
	FIELD(F_IT_SRC, "item_src_def", K, 0, ND, "[item] source card's definition + 1");
	FIELD(F_IT_AUX, "item_aux", K, 0, 15, "[item] aux: ability index, mode or allowance");
	FIELD(F_IT_OPKIND, "item_operand_kind", K * 12, 0, 1,
	      "[item][operand a, b, c] one-hot: none, card, tile, seat");
	FIELD(F_IT_OPX, "item_operand_x", K * 3, -1, MQD_MAP_SIDE_MAX, "[item][operand] column of the tile or card, -1");
	FIELD(F_IT_OPY, "item_operand_y", K * 3, -1, MQD_MAP_SIDE_MAX, "[item][operand] row of the tile or card, -1");
	FIELD(F_IT_OPSEAT, "item_operand_seat", K * 3, -1, S, "[item][operand] seat from the viewer, -1");
	FIELD(F_IT_OPDEF, "item_operand_def", K * 3, 0, ND, "[item][operand] card's definition + 1, 0");
	FIELD(F_TERRAIN, "tile_terrain", T * MQD_TILE_COUNT, 0, 1,
	      "[tile][type] one-hot as it is now: plain, house, tower, farm, street, deep, water, wall, gate, spawn, "
	      "harbor");
	FIELD(F_HOME, "tile_home_seat", T * S, 0, 1, "[tile][seat from the viewer]: a live spawn or harbor of it");
	FIELD(F_WALL, "tile_wall_damage", T, 0, 255, "[tile] damage of its wall, 0");
	FIELD(F_P_PRESENT, "perm_present", T, 0, 1, "[tile] a pile's base stands on it");
	FIELD(F_P_CTRL, "perm_controller", T * S, 0, 1, "[tile][seat from the viewer] base's controller");
	FIELD(F_P_OWNER, "perm_owner", T * S, 0, 1, "[tile][seat from the viewer] base's owner");
	FIELD(F_P_DEF, "perm_def", T, 0, ND, "[tile] base's definition + 1");
	FIELD(F_P_TYPE, "perm_type", T * 5, 0, 1, "[tile] base's type one-hot: unit, spell, artifact, equipment, boss");
	FIELD(F_P_TAPPED, "perm_tapped", T, 0, 1, "[tile] base tapped");
	FIELD(F_P_ACTIVATED, "perm_activated", T, 0, 1, "[tile] base is the activated permanent");
	FIELD(F_P_RELEASED, "perm_released", T, 0, 1, "[tile] base released at upkeep");
	FIELD(F_P_SPENT, "perm_spent", T * 4, 0, 1, "[tile][move, attack, street, full] allowance spent");
	FIELD(F_P_MARKS, "perm_marks", T * MQ_M_COUNT, 0, 255, "[tile][damage, poison, paralysis, ward, faith]");
	FIELD(F_P_DUR, "perm_durability", T, 0, 255, "[tile] equipment's durability left, 0");
	FIELD(F_P_STATS, "perm_stats", T * 4, 0, 255,
	      "[tile][attack, range, move, health] effective stats of a unit or boss (saturating), 0");
	FIELD(F_P_PILE, "perm_pile", T * 2, 0, 1000, "[tile][attack at distance 1, range] of the pile, 0");
	FIELD(F_P_MEMBERS, "perm_members", T, 0, nc, "[tile] members of the pile (crew, equipment)");
	FIELD(F_P_WAITING, "tile_waiting_drop", T, 0, nc, "[tile] permanents that left a pile here, waiting for a drop");
	L->off[F_COUNT] = o;
#undef FIELD
}

int mq_rl_init(mq_rules *R)
{
	mq_rl *L = calloc(1, sizeof *L);
	if (L) {
		L->def = malloc(sizeof *L->def * (R->ncard ? R->ncard : 1));
		L->terrain = calloc((size_t)R->ntile * MQD_TILE_COUNT, sizeof *L->terrain);
		L->home = malloc(sizeof *L->home * (size_t)R->ntile);
	}
	if (!L || !L->def || !L->terrain || !L->home) {
		if (L) {
			free(L->def);
			free(L->terrain);
			free(L->home);
		}
		free(L);
		return err_set(CRISK_ENOMEM, "out of memory for the reinforcement-learning layout");
	}
	for (int t = 0; t < R->ntile; t++) {
		int type = MQD_TILE_TYPE(R->tile[t]);
		L->terrain[(size_t)t * MQD_TILE_COUNT + (size_t)type] = 1;
		if (type == MQD_TILE_SPAWN || type == MQD_TILE_HARBOR)
			L->home[L->nhome++] = (uint16_t)t;
	}
	L->T = R->ntile;
	L->S = R->seats;
	L->NX = 1 + L->T + L->S;
	L->HS = RL_HAND_SLOTS;
	L->NIT = RL_STACK_SHOWN + 1;
	/* Definitions in the order of their first card (as the board lists them). */
	int nab = 1, nd = 0;
	for (uint32_t c = 0; c < R->ncard; c++) {
		uint32_t k = 0;
		while (k < c && R->card[k].def != R->card[c].def)
			k++;
		L->def[c] = k < c ? L->def[k] : (uint16_t)nd++;
		if ((int)mq_def(R, c)->nab > nab)
			nab = (int)mq_def(R, c)->nab;
	}
	L->ND = nd ? nd : 1;
	L->NAB = nab < MQ_AB_FARM ? nab : MQ_AB_FARM;
	/* A store holds its list copy or the drafted cards. */
	int store = 1;
	for (int s = 0; s < R->seats; s++) {
		int n = (int)R->npool;
		for (uint32_t c = 0; c < R->ncard; c++)
			n += R->card[c].zone == MQ_Z_STORE && R->card[c].owner == s;
		store = n > store ? n : store;
	}
	L->SS = store < RL_STORE_SLOTS ? store : RL_STORE_SLOTS;
	L->PS = R->draft == MQ_DRAFT_PILES ? 10 : R->draft == MQ_DRAFT_PACK ? R->dp : 1;
	size_t o = 0;
	for (int r = 0; r < R_COUNT; r++) {
		L->first[r] = o;
		o += range_count(L, r);
	}
	L->first[R_COUNT] = o;
	fields(L, R, NULL);
	R->rl = L;
	return CRISK_OK;
}

void mq_rl_free(mq_rules *R)
{
	if (R->rl) {
		free(R->rl->def);
		free(R->rl->terrain);
		free(R->rl->home);
	}
	free(R->rl);
	R->rl = NULL;
}

size_t mq_rl_actions(const void *data)
{
	return ((const mq_rules *)data)->rl->first[R_COUNT];
}

size_t mq_rl_obs_size(const void *data)
{
	return ((const mq_rules *)data)->rl->off[F_COUNT];
}

void mq_rl_describe_actions(const void *data, jw *w)
{
	const mq_rl *L = ((const mq_rules *)data)->rl;
	for (int r = 0; r < R_COUNT; r++)
		rl_range(w, range_names[r], L->first[r], L->first[r + 1] - L->first[r], range_args[r]);
}

void mq_rl_describe_obs(const void *data, jw *w)
{
	const mq_rules *R = data;
	mq_rl L = *R->rl;
	fields(&L, R, w);
}

/* ---- keys ---- */

static int rel_seat(const mq_rules *R, int seat, int from)
{
	return ((seat - from) % R->seats + R->seats) % R->seats;
}

/* The rank of card c among the cards of zone/seat ordered by (pos, id), as the view lists them. */
static int zone_slot(const mq_rules *R, const void *st, unsigned c, int zone, int seat)
{
	const mq_card *cs = mq_ccards(R, st);
	int k = 0;
	MQ_FOR_ZONE(R, st, zone, x)
		if (cs[x].ctrl == seat && (cs[x].pos < cs[c].pos || (cs[x].pos == cs[c].pos && x < c)))
			k++;
	return k;
}

/* The first cap cards of zone/seat ordered by (pos, id) into out; returns how many. */
static int zone_sorted(const mq_rules *R, const void *st, int zone, int seat, uint16_t *out, int cap)
{
	const mq_card *cs = mq_ccards(R, st);
	int n = 0;
	MQ_FOR_ZONE(R, st, zone, x) { /* ascending ids: ties of pos keep id order */
		if (cs[x].ctrl != seat)
			continue;
		int i = n < cap ? n++ : cap;
		for (; i > 0 && cs[out[i - 1]].pos > cs[x].pos; i--)
			if (i < cap)
				out[i] = out[i - 1];
		if (i < cap)
			out[i] = (uint16_t)x;
	}
	return n;
}

/* The card at slot k of zone/seat, or MQ_NONE. */
static unsigned slot_card(const mq_rules *R, const void *st, int zone, int seat, int k)
{
	uint16_t cards[RL_STORE_SLOTS];
	if (k < 0 || k >= RL_STORE_SLOTS)
		return MQ_NONE;
	int n = zone_sorted(R, st, zone, seat, cards, k + 1);
	return k < n ? cards[k] : MQ_NONE;
}

static int in_zone(const mq_rules *R, const void *st, unsigned c, int zone, int seat)
{
	const mq_card *cs = mq_ccards(R, st);
	return c < R->ncard && cs[c].zone == zone && cs[c].ctrl == seat;
}

/* The slot of a target operand: 0 none, 1 + tile (a card on the map: its
 * pile's tile), 1 + T + seat from the actor; -1 for anything else. */
static int operand_slot(const mq_rules *R, const void *st, unsigned op, int actor)
{
	if (op == MQ_T_NONE)
		return 0;
	if (MQ_T_IS_CARD(op))
		return op < R->ncard && mq_ccards(R, st)[op].zone == MQ_Z_MAP ? 1 + mq_tile_of(R, st, op) : -1;
	if (MQ_T_IS_TILE(op))
		return (int)MQ_T_VAL(op) < R->ntile ? 1 + (int)MQ_T_VAL(op) : -1;
	if (MQ_T_IS_PLAYER(op))
		return (int)MQ_T_VAL(op) < R->seats ? 1 + R->ntile + rel_seat(R, (int)MQ_T_VAL(op), actor) : -1;
	return -1;
}

/* The direction (dx+1)*3 + dy+1 from tile `from` to tile `to`, -1 beyond one step. */
static int direction(const mq_rules *R, int from, int to)
{
	if (from < 0 || from >= R->ntile || to < 0 || to >= R->ntile)
		return -1;
	int dx = R->tx[to] - R->tx[from], dy = R->ty[to] - R->ty[from];
	if (dx < -1 || dx > 1 || dy < -1 || dy > 1)
		return -1;
	return (dx + 1) * 3 + dy + 1;
}

static int map_tile(const mq_rules *R, const void *st, unsigned c)
{
	return c < R->ncard && mq_ccards(R, st)[c].zone == MQ_Z_MAP ? mq_tile_of(R, st, c) : -1;
}

/* Position of a code within its type's range, or -1. */
static int64_t key_in_range(const mq_rules *R, const mq_state *S, uint64_t a, int r)
{
	const mq_rl *L = R->rl;
	const mq_card *cs = mq_ccards(R, S);
	unsigned c = MQ_CODE_CARD(a), aux = MQ_CODE_AUX(a), fa = MQ_CODE_A(a), fb = MQ_CODE_B(a);
	int actor = S->cur, t, x;
	switch (r) {
	case R_PICK: {
		int pile = mq_draft_pile(R, S, actor);
		if (c >= R->npool || pile < 0 || cs[c].zone != MQ_Z_DRAFT || cs[c].pos != pile)
			return -1;
		int k = 0;
		for (unsigned y = 0; y < c; y++)
			k += cs[y].zone == MQ_Z_DRAFT && cs[y].pos == pile;
		return k < L->PS ? k : -1;
	}
	case R_TRIGGER:
	case R_FREE:
		return operand_slot(R, S, fb, actor);
	case R_RELEASE:
	case R_ACTIVATE:
		t = map_tile(R, S, c);
		return t < 0 ? -1 : 2 * t + (cs[c].up != MQ_NONE);
	case R_PLAY: {
		if (!in_zone(R, S, c, MQ_Z_HAND, actor))
			return -1;
		int k = zone_slot(R, S, c, MQ_Z_HAND, actor);
		x = aux == 1 ? 0 : fa != MQ_T_NONE ? operand_slot(R, S, fa, actor) : operand_slot(R, S, fb, actor);
		return k < L->HS && x >= 0 ? (int64_t)k * L->NX + x : -1;
	}
	case R_MOVE:
		return aux < 2 && MQ_T_IS_TILE(fa) && (int)MQ_T_VAL(fa) < R->ntile ? (int64_t)aux * R->ntile + MQ_T_VAL(fa)
										   : -1;
	case R_ATTACK:
	case R_CARRY:
		x = operand_slot(R, S, r == R_ATTACK ? fa : fb, actor);
		return x >= 1 && x <= R->ntile ? x - 1 : -1;
	case R_FULL:
		if (aux == MQ_AB_FARM)
			return (int64_t)L->NAB * L->NX;
		x = operand_slot(R, S, fb, actor);
		return (int)aux < L->NAB && x >= 0 ? (int64_t)aux * L->NX + x : -1;
	case R_EQUIP:
	case R_SWITCH:
		x = direction(R, map_tile(R, S, c), map_tile(R, S, fa));
		return aux < 2 && x >= 0 ? (int64_t)aux * 9 + x : -1;
	case R_SHAKE:
		return aux < 4 ? (int64_t)aux : -1;
	case R_SCRAP: {
		if (!in_zone(R, S, fa, MQ_Z_HAND, actor) || !in_zone(R, S, fb, MQ_Z_HAND, actor) || fa == fb)
			return -1;
		int i = zone_slot(R, S, fa, MQ_Z_HAND, actor), j = zone_slot(R, S, fb, MQ_Z_HAND, actor);
		if (i > j) {
			int s = i;
			i = j;
			j = s;
		}
		return j < L->HS ? (int64_t)i * L->HS - i * (i + 1) / 2 + (j - i - 1) : -1;
	}
	case R_BUY:
		if (!in_zone(R, S, c, MQ_Z_STORE, actor))
			return -1;
		x = zone_slot(R, S, c, MQ_Z_STORE, actor);
		return x < L->SS ? x : -1;
	case R_DISCARD:
		if (!in_zone(R, S, c, MQ_Z_HAND, actor))
			return -1;
		x = zone_slot(R, S, c, MQ_Z_HAND, actor);
		return x < L->HS ? x : -1;
	case R_DROP: {
		unsigned d = mq_next_drop(R, S);
		if (d == MQ_NONE || !MQ_T_IS_TILE(fa))
			return -1;
		return direction(R, cs[d].pos, (int)MQ_T_VAL(fa));
	}
	default: /* pay, finish, pass, done */
		return 0;
	}
}

static int range_of_type(unsigned type)
{
	for (int r = 0; r < R_COUNT; r++)
		if (range_type[r] == type)
			return r;
	return -1;
}

/* The key of a code at the state, or -1. */
static int64_t key_of(const mq_rules *R, const mq_state *S, uint64_t a)
{
	int r = range_of_type(MQ_CODE_TYPE(a));
	if (r < 0)
		return -1;
	int64_t k = key_in_range(R, S, a, r);
	if (k < 0 || (size_t)k >= R->rl->first[r + 1] - R->rl->first[r])
		return -1;
	return (int64_t)R->rl->first[r] + k;
}

/* The range of index i. */
static int range_of_index(const mq_rl *L, size_t i)
{
	int r = 0;
	while (r + 1 < R_COUNT && L->first[r + 1] <= i)
		r++;
	return r;
}

/* A code for index i built from its key alone, for an index without a legal code. */
static uint64_t built(const mq_rules *R, const mq_state *S, int r, size_t k)
{
	const mq_rl *L = R->rl;
	unsigned type = range_type[r], none = MQ_T_NONE, act = S->activated & MQ_NOCARD;
	int actor = S->cur;
	switch (r) {
	case R_PLAY: {
		unsigned c = slot_card(R, S, MQ_Z_HAND, actor, (int)(k / (size_t)L->NX));
		size_t x = k % (size_t)L->NX;
		if (x == 0)
			return mq_code(type, c, 0, none, none, none);
		if (x <= (size_t)R->ntile)
			return mq_code(type, c, 0, MQ_T_TILE | (unsigned)(x - 1), none, none);
		return mq_code(type, c, 0, none, MQ_T_PLAYER | (unsigned)((actor + (int)(x - 1) - R->ntile) % R->seats),
			       none);
	}
	case R_MOVE:
		return mq_code(type, act, (unsigned)(k / (size_t)R->ntile), MQ_T_TILE | (unsigned)(k % (size_t)R->ntile),
			       none, none);
	case R_ATTACK:
		return mq_code(type, act, 0, MQ_T_TILE | (unsigned)k, none, none);
	case R_CARRY:
		return mq_code(type, act, 0, none, MQ_T_TILE | (unsigned)k, none);
	case R_SHAKE:
		return mq_code(type, act, (unsigned)k, none, none, none);
	case R_FINISH:
		return mq_code(type, act, 0, none, none, none);
	case R_FULL:
		return mq_code(type, act, k == (size_t)L->NAB * L->NX ? MQ_AB_FARM : (unsigned)(k / (size_t)L->NX), none,
			       none, none);
	case R_PICK:
	case R_BUY:
	case R_DISCARD: {
		unsigned c = MQ_NOCARD;
		if (r == R_BUY)
			c = slot_card(R, S, MQ_Z_STORE, actor, (int)k);
		else if (r == R_DISCARD)
			c = slot_card(R, S, MQ_Z_HAND, actor, (int)k);
		return mq_code(type, c, 0, none, none, none);
	}
	case R_PAY:
	case R_PASS:
	case R_DONE:
		return mq_code(type, MQ_NOCARD, 0, none, none, none);
	case R_SCRAP:
		return mq_code(type, MQ_NOCARD, 0, none, none, 0);
	default:
		return mq_code(type, MQ_NOCARD, 0, none, none, none);
	}
}

typedef struct seek {
	const mq_rules *R;
	const mq_state *S;
	int64_t key;
	uint64_t code;
	int found;
} seek;

static int seek_visit(void *ctx, uint64_t code)
{
	seek *s = ctx;
	if (key_of(s->R, s->S, code) != s->key)
		return 0;
	s->code = code;
	s->found = 1;
	return 1;
}

crisk_action mq_rl_action(const void *data, const void *state, size_t i)
{
	const mq_rules *R = data;
	const mq_state *S = state;
	const mq_rl *L = R->rl;
	int r = range_of_index(L, i);
	size_t k = i - L->first[r];
	unsigned card = MQ_NOCARD;
	if (r == R_PLAY)
		card = slot_card(R, S, MQ_Z_HAND, S->cur, (int)(k / (size_t)L->NX));
	else if (r == R_DISCARD)
		card = slot_card(R, S, MQ_Z_HAND, S->cur, (int)k);
	else if (r == R_BUY)
		card = slot_card(R, S, MQ_Z_STORE, S->cur, (int)k);
	if (card == MQ_NONE)
		card = MQ_NOCARD;
	seek s = {R, S, (int64_t)i, 0, 0};
	if (card != MQ_NOCARD || (r != R_PLAY && r != R_DISCARD && r != R_BUY))
		mq_visit(R, S, range_type[r], card, MQ_RL_SKIP, seek_visit, &s);
	return s.found ? s.code : built(R, S, r, k);
}

int64_t mq_rl_index(const void *data, const void *state, crisk_action a)
{
	const mq_rules *R = data;
	int64_t k = key_of(R, state, a);
	if (k < 0 || mq_rl_action(data, state, (size_t)k) != a)
		return -1;
	return k;
}

typedef struct marker {
	const mq_rules *R;
	const mq_state *S;
	uint8_t *mask;
	size_t n;
} marker;

static int mark_visit(void *ctx, uint64_t code)
{
	marker *m = ctx;
	int64_t k = key_of(m->R, m->S, code);
	if (k >= 0 && !m->mask[k]) {
		m->mask[k] = 1;
		m->n++;
	}
	return 0;
}

size_t mq_rl_mask(const void *data, const void *state, uint8_t *mask)
{
	marker m = {data, state, mask, 0};
	mq_visit(data, state, 0, MQ_NOCARD, MQ_RL_SKIP, mark_visit, &m);
	return m.n;
}

/* ---- observation ---- */

static void one_hot_seat(const mq_rules *R, float *f, int seat, int from)
{
	if (seat >= 0 && seat < R->seats)
		f[rel_seat(R, seat, from)] = 1;
}

static float sat(int v, int hi)
{
	return (float)(v < 0 ? 0 : v > hi ? hi : v);
}

static void operand_obs(const mq_rules *R, const mq_state *S, float *o, size_t it, int k, unsigned op, int from)
{
	const mq_rl *L = R->rl;
	size_t j = it * 3 + (size_t)k;
	int kind = 0, tile = -1;
	o[L->off[F_IT_OPSEAT] + j] = -1;
	if (MQ_T_IS_CARD(op) && op < R->ncard) {
		kind = 1;
		tile = map_tile(R, S, op);
		o[L->off[F_IT_OPDEF] + j] = (float)(L->def[op] + 1);
	} else if (MQ_T_IS_TILE(op) && (int)MQ_T_VAL(op) < R->ntile) {
		kind = 2;
		tile = (int)MQ_T_VAL(op);
	} else if (MQ_T_IS_PLAYER(op) && (int)MQ_T_VAL(op) < R->seats) {
		kind = 3;
		o[L->off[F_IT_OPSEAT] + j] = (float)rel_seat(R, (int)MQ_T_VAL(op), from);
	}
	o[L->off[F_IT_OPKIND] + j * 4 + (size_t)kind] = 1;
	o[L->off[F_IT_OPX] + j] = tile < 0 ? -1.0f : (float)R->tx[tile];
	o[L->off[F_IT_OPY] + j] = tile < 0 ? -1.0f : (float)R->ty[tile];
}

static void item_obs(const mq_rules *R, const mq_state *S, float *o, size_t it, const mq_item *x, int from)
{
	const mq_rl *L = R->rl;
	o[L->off[F_IT_PRESENT] + it] = 1;
	if (x->kind < 10)
		o[L->off[F_IT_KIND] + it * 10 + x->kind] = 1;
	if (x->ctrl < R->seats)
		o[L->off[F_IT_CTRL] + it * (size_t)L->S + (size_t)rel_seat(R, x->ctrl, from)] = 1;
	if (x->src < R->ncard)
		o[L->off[F_IT_SRC] + it] = (float)(L->def[x->src] + 1);
	o[L->off[F_IT_AUX] + it] = (float)(x->aux & 15);
	operand_obs(R, S, o, it, 0, x->a, from);
	operand_obs(R, S, o, it, 1, x->b, from);
	operand_obs(R, S, o, it, 2, x->c, from);
}

/* The fields of the base of a pile on tile t. */
static void base_obs(const mq_rules *R, const mq_state *S, float *o, unsigned c, int t, int from)
{
	const mq_rl *L = R->rl;
	const mq_card *x = &mq_ccards(R, S)[c];
	const mqd_card *d = mq_def(R, c);
	size_t T = (size_t)t, NS = (size_t)L->S;
	o[L->off[F_P_PRESENT] + T] = 1;
	o[L->off[F_P_CTRL] + T * NS + (size_t)rel_seat(R, x->ctrl, from)] = 1;
	o[L->off[F_P_OWNER] + T * NS + (size_t)rel_seat(R, x->owner, from)] = 1;
	o[L->off[F_P_DEF] + T] = (float)(L->def[c] + 1);
	if (d->type < 5)
		o[L->off[F_P_TYPE] + T * 5 + d->type] = 1;
	o[L->off[F_P_TAPPED] + T] = (x->flags & MQ_F_TAPPED) != 0;
	o[L->off[F_P_ACTIVATED] + T] = S->activated == c;
	o[L->off[F_P_RELEASED] + T] = (x->flags & MQ_F_RELEASE) != 0;
	static const uint8_t spent[4] = {MQ_F_MOVE, MQ_F_ATTACK, MQ_F_STREET, MQ_F_FULL};
	for (int k = 0; k < 4; k++)
		o[L->off[F_P_SPENT] + T * 4 + (size_t)k] = (x->flags & spent[k]) != 0;
	for (int m = 0; m < MQ_M_COUNT; m++)
		o[L->off[F_P_MARKS] + T * MQ_M_COUNT + (size_t)m] = x->mark[m];
	if (d->type == MQD_EQUIPMENT)
		o[L->off[F_P_DUR] + T] = x->dur;
	if (mq_is_unitlike(R, c)) {
		float *st = o + L->off[F_P_STATS] + T * 4;
		st[0] = sat(mq_stat(R, S, c, MQD_STAT_ATTACK), 255);
		st[1] = d->attack == MQD_NONE ? 0 : sat(mq_stat(R, S, c, MQD_STAT_RANGE), 255);
		st[2] = sat(mq_stat(R, S, c, MQD_STAT_MOVE), 255);
		st[3] = sat(mq_stat(R, S, c, MQD_STAT_HEALTH), 255);
		o[L->off[F_P_PILE] + T * 2] = sat(mq_pile_attack(R, S, c, 1), 1000);
		o[L->off[F_P_PILE] + T * 2 + 1] = sat(mq_pile_range(R, S, c), 1000);
	}
}

void mq_rl_observe(const void *data, const void *state, int viewer, float *o)
{
	const mq_rules *R = data;
	const mq_state *S = state;
	const mq_rl *L = R->rl;
	const mq_card *cs = mq_ccards(R, S);
	size_t NS = (size_t)L->S, ND = (size_t)L->ND;
	int from = viewer >= 0 && viewer < R->seats ? viewer : 0;
	int me = viewer == CRISK_VIEWER_SPECTATOR ? -1 : from; /* whose hand shows (omniscient: seat 0's) */
	memset(o, 0, sizeof *o * L->off[F_TERRAIN]);
	memset(o + L->off[F_HOME], 0, sizeof *o * (L->off[F_COUNT] - L->off[F_HOME]));

	o[L->off[F_ROUND]] = (float)S->round;
	o[L->off[F_TURN]] = (float)S->turn;
	if (S->phase < 7)
		o[L->off[F_PHASE] + S->phase] = 1;
	if (S->dp < 9)
		o[L->off[F_DECISION] + S->dp] = 1;
	if (S->dp == MQ_DP_CHANCE)
		o[L->off[F_CHANCE]] = (float)S->chance_k;
	if (S->status < 3)
		o[L->off[F_STATUS] + S->status] = 1;
	one_hot_seat(R, o + L->off[F_ACTIVE], S->active, from);
	one_hot_seat(R, o + L->off[F_PRIORITY], S->prio, from);
	one_hot_seat(R, o + L->off[F_CURRENT], S->cur, from);
	one_hot_seat(R, o + L->off[F_WINNER], S->winner, from);
	o[L->off[F_ACTIVATED]] = S->activated != MQ_NONE;
	o[L->off[F_NSTACK]] = (float)S->nstack;
	int executing = S->njob && S->job[S->njob - 1].kind == MQ_J_EXEC;
	o[L->off[F_EXECUTING]] = (float)executing;

	for (int s = 0; s < R->seats; s++) {
		size_t k = (size_t)rel_seat(R, s, from);
		o[L->off[F_RES] + k] = (float)S->seat[s].res;
		o[L->off[F_OUT] + k] = S->seat[s].out != 0;
		o[L->off[F_BOUGHT] + k] = S->seat[s].bought != 0;
	}
	/* One pass over the cards: zones by seat, and the viewer's own slots. */
	for (uint32_t c = 0; c < R->ncard; c++) {
		const mq_card *x = &cs[c];
		size_t k = x->ctrl < R->seats ? (size_t)rel_seat(R, x->ctrl, from) : 0, d = L->def[c];
		switch (x->zone) {
		case MQ_Z_HAND:
			o[L->off[F_HANDN] + k]++;
			break;
		case MQ_Z_DECK:
			o[L->off[F_DECKN] + k]++;
			break;
		case MQ_Z_DISCARD:
			o[L->off[F_DISCARDN] + k]++;
			o[L->off[F_DISCARD_DEFS] + k * ND + d]++;
			break;
		case MQ_Z_STORE:
			o[L->off[F_STOREN] + k]++;
			o[L->off[F_STORE_DEFS] + k * ND + d]++;
			break;
		case MQ_Z_PENDING:
			o[L->off[F_PENDINGN] + k]++;
			o[L->off[F_PENDING_DEFS] + k * ND + d]++;
			break;
		case MQ_Z_EXILE:
			o[L->off[F_EXILE_DEFS] + d]++;
			break;
		default:
			break;
		}
	}

	/* The viewer's hand and store by slot, in the view's order. */
	if (me >= 0) {
		uint16_t cards[RL_STORE_SLOTS];
		int n = zone_sorted(R, S, MQ_Z_HAND, me, cards, L->HS);
		for (int k = 0; k < n && k < L->HS; k++)
			o[L->off[F_HAND] + (size_t)k] = (float)(L->def[cards[k]] + 1);
		n = zone_sorted(R, S, MQ_Z_STORE, me, cards, L->SS);
		for (int k = 0; k < n && k < L->SS; k++)
			o[L->off[F_STORE] + (size_t)k] = (float)(L->def[cards[k]] + 1);
	}

	/* The draft, as mq_view.c's draft_json shows it. */
	if (S->njob && S->job[S->njob - 1].kind == MQ_J_DRAFT && R->draft != MQ_DRAFT_NONE) {
		const mq_job *j = &S->job[S->njob - 1];
		o[L->off[F_DRAFT]] = 1;
		o[L->off[F_DRAFT_ROUND]] = j->b >= MQ_NONE - 1 ? -1.0f : (float)j->b;
		o[L->off[F_DRAFT_WAVE]] = (float)j->c;
		int pile = viewer >= 0 && viewer < R->seats ? mq_draft_pile(R, S, viewer) : -1, slot = 0;
		for (uint32_t c = 0; c < R->npool; c++) {
			if (cs[c].zone == MQ_Z_DRAFT) {
				o[L->off[F_DRAFT_CARDS]]++;
				if (pile >= 0 && cs[c].pos == pile && slot < L->PS)
					o[L->off[F_PILE] + (size_t)slot++] = (float)(L->def[c] + 1);
			}
		}
		for (uint32_t c = 0; c < R->ncard; c++) {
			if (cs[c].zone != MQ_Z_PICKED || cs[c].ctrl >= R->seats)
				continue;
			o[L->off[F_PICKEDN] + (size_t)rel_seat(R, cs[c].ctrl, from)]++;
			if (viewer >= 0 && cs[c].ctrl == viewer)
				o[L->off[F_PICKED_DEFS] + L->def[c]]++;
		}
	}

	/* The executing item, then the stack from the top. */
	size_t it = 0;
	if (executing)
		item_obs(R, S, o, it, &S->exec, from);
	it = 1;
	for (int i = S->nstack - 1; i >= 0 && it < (size_t)L->NIT; i--, it++)
		item_obs(R, S, o, it, &S->stack[i], from);

	/* Tiles. */
	/* Tiles: the terrain as it starts, then what changed (M-82 walls, M-83 homes of seats out). */
	const uint8_t *walls = mq_cwalls(R, S);
	float *terrain = o + L->off[F_TERRAIN];
	memcpy(terrain, L->terrain, sizeof *terrain * (size_t)R->ntile * MQD_TILE_COUNT);
	for (int w = 0; w < R->nwall; w++) {
		size_t t = R->walltile[w];
		o[L->off[F_WALL] + t] = walls[w];
		if (mq_tile_type(R, S, (int)t) != MQD_TILE_WALL) {
			terrain[t * MQD_TILE_COUNT + MQD_TILE_WALL] = 0;
			terrain[t * MQD_TILE_COUNT + MQD_TILE_PLAIN] = 1;
		}
	}
	for (int h = 0; h < L->nhome; h++) {
		size_t t = L->home[h];
		int seat = MQD_TILE_SEAT(R->tile[t]) - 1;
		if (mq_tile_type(R, S, (int)t) == MQD_TILE_PLAIN) {
			terrain[t * MQD_TILE_COUNT + MQD_TILE_TYPE(R->tile[t])] = 0;
			terrain[t * MQD_TILE_COUNT + MQD_TILE_PLAIN] = 1;
		} else if (seat >= 0 && seat < R->seats) {
			o[L->off[F_HOME] + t * NS + (size_t)rel_seat(R, seat, from)] = 1;
		}
	}
	MQ_FOR_MAP(R, S, c) {
		const mq_card *x = &cs[c];
		if (x->flags & MQ_F_DROP) {
			if (x->pos < R->ntile)
				o[L->off[F_P_WAITING] + x->pos]++;
		} else if (x->up != MQ_NONE) {
			o[L->off[F_P_MEMBERS] + (size_t)mq_tile_of(R, S, c)]++;
		} else if (x->pos < R->ntile) {
			base_obs(R, S, o, c, x->pos, from);
		}
	}
}
