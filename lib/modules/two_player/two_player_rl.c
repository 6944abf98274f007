/* Module two_player: its reinforcement-learning encoding (docs/rl-catan.md),
 * the kernel's (catan_rl.c) with the module's action types after the
 * kernel's indices and the module's view (tp_view_json, the neutrals) after
 * the kernel's floats. */
#include <stdlib.h>
#include <string.h>

#include "../../core/rl_describe.h"
#include "../catan_module.h"
#include "two_player.h"

#define ARG0(a) ((int)((a) & 0xFFFFu))
#define ARG1(a) ((int)(((a) >> 16) & 0xFFu))
#define GIVE_PAIRS (NUM_RES * (NUM_RES + 1) / 2) /* unordered pairs r1 <= r2 (T-17) */

/* The module's ranges after the kernel's: neutral roads (N0's paths, then
 * N1's), neutral settlements likewise, forced trade, the give pairs, robber
 * to the desert, knight for tokens.  TP_DRAW_RESULT is chance. */
typedef struct tp_layout {
	size_t road, settlement, forced, give, desert, knight, total;
} tp_layout;

static void tp_layout_of(const kern *k, tp_layout *L)
{
	L->road = cm_rl_actions(k);
	L->settlement = L->road + TP_NEUTRALS * (size_t)k->b.n_path;
	L->forced = L->settlement + TP_NEUTRALS * (size_t)k->b.n_node;
	L->give = L->forced + 1;
	L->desert = L->give + GIVE_PAIRS;
	L->knight = L->desert + 1;
	L->total = L->knight + 1;
}

/* Index of the pair r1 <= r2 among the unordered pairs ordered by r2, then r1
 * (the order of the lists, T-17). */
static size_t pair_index(int r1, int r2)
{
	return (size_t)(r2 * (r2 + 1) / 2 + r1);
}

size_t tp_rl_actions(const void *data)
{
	tp_layout L;
	tp_layout_of(data, &L);
	return L.total;
}

int64_t tp_rl_index(const void *data, const void *state, crisk_action a)
{
	const kern *k = data;
	unsigned type = ACT_TYPE(a);
	if (!tp_is_module_type(type))
		return cm_rl_index(data, state, a);
	tp_layout L;
	tp_layout_of(k, &L);
	uint64_t fields = a & ~(UINT64_C(0xFF) << 56);
	int a0 = ARG0(a), a1 = ARG1(a);
	switch (type) {
	case CRISK_TP_NEUTRAL_ROAD:
	case CRISK_TP_NEUTRAL_SETTLEMENT: {
		int n = type == CRISK_TP_NEUTRAL_ROAD ? k->b.n_path : k->b.n_node;
		if (fields > 0xFFFFFFu || a0 >= n || a1 >= TP_NEUTRALS)
			return -1;
		size_t first = type == CRISK_TP_NEUTRAL_ROAD ? L.road : L.settlement;
		return (int64_t)(first + (size_t)a1 * (size_t)n + (size_t)a0);
	}
	case CRISK_TP_GIVE: /* either order of the two cards, as apply takes them */
		if (fields > 0xFFFFFFu || a0 >= NUM_RES || a1 >= NUM_RES)
			return -1;
		return (int64_t)(L.give + (a0 <= a1 ? pair_index(a0, a1) : pair_index(a1, a0)));
	case CRISK_TP_FORCED_TRADE:
		return fields ? -1 : (int64_t)L.forced;
	case CRISK_TP_ROBBER_DESERT:
		return fields ? -1 : (int64_t)L.desert;
	case CRISK_TP_KNIGHT_TOKENS:
		return fields ? -1 : (int64_t)L.knight;
	default: /* TP_DRAW_RESULT: chance */
		return -1;
	}
}

static crisk_action make2(unsigned type, int a0, int a1)
{
	return act_make(type, (uint64_t)a0 | (uint64_t)a1 << 16);
}

crisk_action tp_rl_action(const void *data, const void *state, size_t i)
{
	const kern *k = data;
	tp_layout L;
	tp_layout_of(k, &L);
	if (i < L.road)
		return cm_rl_action(data, state, i);
	if (i < L.settlement) {
		size_t off = i - L.road;
		return make2(CRISK_TP_NEUTRAL_ROAD, (int)(off % (size_t)k->b.n_path), (int)(off / (size_t)k->b.n_path));
	}
	if (i < L.forced) {
		size_t off = i - L.settlement;
		return make2(CRISK_TP_NEUTRAL_SETTLEMENT, (int)(off % (size_t)k->b.n_node),
			     (int)(off / (size_t)k->b.n_node));
	}
	if (i == L.forced)
		return act_make(CRISK_TP_FORCED_TRADE, 0);
	if (i < L.desert) {
		int off = (int)(i - L.give), r2 = 0;
		while ((r2 + 1) * (r2 + 2) / 2 <= off)
			r2++;
		return make2(CRISK_TP_GIVE, off - r2 * (r2 + 1) / 2, r2);
	}
	return act_make(i == L.desert ? CRISK_TP_ROBBER_DESERT : CRISK_TP_KNIGHT_TOKENS, 0);
}

void tp_rl_describe_actions(const void *data, jw *w)
{
	const kern *k = data;
	tp_layout L;
	tp_layout_of(k, &L);
	cm_rl_describe_actions(data, w);
	rl_range(w, "neutral_road", L.road, L.settlement - L.road, "neutral * paths + path (N0 first)");
	rl_range(w, "neutral_settlement", L.settlement, L.forced - L.settlement,
		 "neutral * intersections + intersection (N0 first)");
	rl_range(w, "forced_trade", L.forced, 1, "-");
	rl_range(w, "give", L.give, GIVE_PAIRS, "pair r1 <= r2 of resources: r2 * (r2 + 1) / 2 + r1");
	rl_range(w, "robber_to_desert", L.desert, 1, "-");
	rl_range(w, "knight_for_tokens", L.knight, 1, "-");
}

/* Longest list that fits on the stack; larger boards list into the heap. */
#define TP_STACK_LIST 1024

size_t tp_rl_mask(const void *data, const void *state, uint8_t *mask)
{
	const kern *k = data;
	if (ks(state)->cur < 0)
		return 0;
	size_t bound = 3 * (size_t)k->b.n_path + 4 * (size_t)k->b.n_node + (size_t)k->b.n_land + 64;
	crisk_action on_stack[TP_STACK_LIST], *buf = on_stack;
	if (bound > TP_STACK_LIST) {
		buf = malloc(bound * sizeof *buf);
		if (!buf)
			return 0;
	}
	size_t n = tp_legal_except(k, state, CM_RL_SKIP, buf, bound), count = 0;
	for (size_t j = 0; j < n && j < bound; j++) {
		int64_t i = tp_rl_index(k, state, buf[j]);
		if (i < 0)
			continue;
		count += !mask[i];
		mask[i] = 1;
	}
	if (buf != on_stack)
		free(buf);
	return count;
}

/* ---- observation: the module's floats after the kernel's ---- */

enum tfield {
	T_PHASE, T_TOKENS, T_SUPPLY, T_ROLLS, T_FIRST_SUM, T_TOKEN_USED, T_KNIGHT_SWAPPED, T_TOKEN_COST,
	T_KNIGHTS_OUT, T_DRAWN, T_N_ROAD_LEN, T_N_LR, T_N_SETTLEMENTS, T_N_ROADS, T_COUNT
};

static const struct {
	const char *name, *about;
	int count;
	double low, high; /* high < 0: a bound from the rules (below) */
} tp_fields[T_COUNT] = {
	{"tp_phase", "the module's decision points one-hot: neutral_build, forced_draw, forced_give", 3, 0, 1},
	{"tp_tokens", "trade tokens per seat from the viewer (T-16)", 2, 0, CRISK_TP_TOKENS_TOTAL},
	{"tp_token_supply", "trade tokens in the supply (T-16)", 1, 0, CRISK_TP_TOKENS_TOTAL},
	{"tp_rolls", "rolls resolved this turn (T-8)", 1, 0, 2},
	{"tp_first_sum", "the first roll's sum this turn, 0 before it (T-8)", 1, 0, 12},
	{"tp_token_action_used", "1 once a token action was taken this turn (T-17)", 1, 0, 1},
	{"tp_knight_swapped", "1 once a knight was discarded for tokens this turn (T-19)", 1, 0, 1},
	{"tp_token_cost", "tokens a token action costs the active seat now (T-17; 1 in set-up as the view shows)", 1, 1,
	 2},
	{"tp_knights_discarded", "knights discarded for tokens per seat from the viewer (T-19)", 2, 0, -1},
	{"tp_drawn", "cards drawn by the open forced trade per resource, shown to both seats (T-17), 0 for the spectator",
	 NUM_RES, 0, 2},
	{"neutral_road_length", "longest trail per neutral, N0 then N1 (T-15)", 2, 0, -1},
	{"neutral_longest_road", "1 for the neutral holding Longest Road (T-15)", 2, 0, 1},
	{"neutral_settlements_left", "settlements not on the board per neutral (T-2)", 2, 0, -1},
	{"neutral_roads_left", "roads not on the board per neutral (T-2)", 2, 0, -1},
};

size_t tp_rl_obs_size(const void *data)
{
	size_t n = cm_rl_obs_size(data);
	for (int f = 0; f < T_COUNT; f++)
		n += (size_t)tp_fields[f].count;
	return n;
}

void tp_rl_describe_obs(const void *data, jw *w)
{
	const kern *k = data;
	cm_rl_describe_obs(data, w);
	size_t at = cm_rl_obs_size(data);
	for (int f = 0; f < T_COUNT; f++) {
		double high = tp_fields[f].high;
		if (f == T_KNIGHTS_OUT)
			high = k->cfg.deck[CRISK_CATAN_KNIGHT];
		else if (f == T_N_ROAD_LEN)
			high = k->b.n_path;
		else if (f == T_N_SETTLEMENTS)
			high = k->cfg.pieces[PIECE_SETTLEMENT];
		else if (f == T_N_ROADS)
			high = k->cfg.pieces[PIECE_ROAD];
		rl_field(w, tp_fields[f].name, at, (size_t)tp_fields[f].count, tp_fields[f].low, high, tp_fields[f].about);
		at += (size_t)tp_fields[f].count;
	}
}

void tp_rl_observe(const void *data, const void *state, int viewer, float *out)
{
	const kern *k = data;
	const kstate *h = ks(state);
	const tp_ext *x = tpx(k, state);
	cm_rl_observe(data, state, viewer, out);
	float *o = out + cm_rl_obs_size(data);
	const int base = viewer >= 0 ? viewer : 0;
	memset(o, 0, (tp_rl_obs_size(data) - cm_rl_obs_size(data)) * sizeof *o);
	/* T_PHASE 0..2 */
	if (tp_module_phase(h->dp))
		o[h->dp - DP_TP_NEUTRAL] = 1;
	o += 3;
	for (int s = 0; s < 2; s++) {
		o[(s - base + 2) % 2] = x->tokens[s];
		o[8 + (s - base + 2) % 2] = x->knights_out[s];
	}
	o[2] = x->supply;
	o[3] = x->rolls;
	o[4] = x->first_sum;
	o[5] = x->token_used;
	o[6] = x->knight_swapped;
	o[7] = (float)(h->turn > 0 ? tp_token_cost(k, state, h->active) : 1);
	o += 10; /* tokens 2, supply, rolls, first sum, used, swapped, cost, knights out 2 */
	for (int r = 0; r < NUM_RES; r++)
		o[r] = viewer == CRISK_VIEWER_SPECTATOR ? 0.0f : x->drawn[r];
	o += NUM_RES;
	for (int j = 0; j < TP_NEUTRALS; j++) {
		const kseat *p = kseat_of(k, state, k->seats + j);
		o[j] = p->road_len;
		o[2 + j] = h->lr == k->seats + j;
		o[4 + j] = p->supply[PIECE_SETTLEMENT];
		o[6 + j] = p->supply[PIECE_ROAD];
	}
}
