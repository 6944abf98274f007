/* Reinforcement learning over the Catan kernel (catan_module.h cm_rl_*,
 * docs/rl-catan.md): the action index of the kernel's action types, the
 * legal mask from the kernel's own lister, and the kernel's part of the
 * observation, which holds exactly what kern_to_json shows the viewer.
 * Both layouts are computed from the board and the options on each call
 * (a few dozen additions), so the rules object keeps no tables of its own. */
#include <stdlib.h>
#include <string.h>

#include "../core/rl_describe.h"
#include "catan_module.h"

/* ---- action index ---- */

/* What an indexed type's argument is, and so how many indices it takes. */
enum rl_arg { A_NONE, A_NODE, A_PATH, A_HEX, A_RES, A_SEAT, A_MARITIME };

/* The indexed kernel types in ascending order: ranges follow this order. */
static const struct rl_type {
	uint8_t type, arg;
	const char *name;
} rl_types[] = {
	{CRISK_CATAN_PLACE_SETTLEMENT, A_NODE, "place_settlement"},
	{CRISK_CATAN_PLACE_ROAD, A_PATH, "place_road"},
	{CRISK_CATAN_ROLL, A_NONE, "roll"},
	{CRISK_CATAN_DISCARD, A_RES, "discard"},
	{CRISK_CATAN_MOVE_ROBBER, A_HEX, "move_robber"},
	{CRISK_CATAN_STEAL_FROM, A_SEAT, "steal_from"},
	{CRISK_CATAN_BUILD_ROAD, A_PATH, "build_road"},
	{CRISK_CATAN_BUILD_SETTLEMENT, A_NODE, "build_settlement"},
	{CRISK_CATAN_BUILD_CITY, A_NODE, "build_city"},
	{CRISK_CATAN_BUY_DEV, A_NONE, "buy_dev"},
	{CRISK_CATAN_PLAY_KNIGHT, A_NONE, "play_knight"},
	{CRISK_CATAN_PLAY_ROAD_BUILDING, A_NONE, "play_road_building"},
	{CRISK_CATAN_PLAY_YEAR_OF_PLENTY, A_NONE, "play_year_of_plenty"},
	{CRISK_CATAN_PLAY_MONOPOLY, A_NONE, "play_monopoly"},
	{CRISK_CATAN_PLACE_FREE_ROAD, A_PATH, "place_free_road"},
	{CRISK_CATAN_PICK, A_RES, "pick"},
	{CRISK_CATAN_NAME, A_RES, "name"},
	{CRISK_CATAN_MARITIME_TRADE, A_MARITIME, "maritime_trade"},
	{CRISK_CATAN_ACCEPT, A_NONE, "accept"},
	{CRISK_CATAN_DECLINE, A_NONE, "decline"},
	{CRISK_CATAN_CONFIRM, A_SEAT, "confirm"},
	{CRISK_CATAN_CANCEL, A_NONE, "cancel"},
	{CRISK_CATAN_END_TURN, A_NONE, "end_turn"},
	{CRISK_CATAN_PASS, A_NONE, "pass"},
	{CRISK_CATAN_END_PART, A_NONE, "end_part"},
};
#define RL_N_TYPES (sizeof rl_types / sizeof rl_types[0])
#define RL_MAX_TYPE 31 /* kernel types are 1..30 */
#define RL_MARITIME_PAIRS (NUM_RES * (NUM_RES - 1))

/* The argument of each kernel type (A_NONE for those without index). */
static const uint8_t rl_arg_of[RL_MAX_TYPE] = {
	[CRISK_CATAN_PLACE_SETTLEMENT] = A_NODE, [CRISK_CATAN_PLACE_ROAD] = A_PATH, [CRISK_CATAN_DISCARD] = A_RES,
	[CRISK_CATAN_MOVE_ROBBER] = A_HEX, [CRISK_CATAN_STEAL_FROM] = A_SEAT, [CRISK_CATAN_BUILD_ROAD] = A_PATH,
	[CRISK_CATAN_BUILD_SETTLEMENT] = A_NODE, [CRISK_CATAN_BUILD_CITY] = A_NODE,
	[CRISK_CATAN_PLACE_FREE_ROAD] = A_PATH, [CRISK_CATAN_PICK] = A_RES, [CRISK_CATAN_NAME] = A_RES,
	[CRISK_CATAN_MARITIME_TRADE] = A_MARITIME, [CRISK_CATAN_CONFIRM] = A_SEAT,
};

static const char *const rl_arg_names[] = {
	[A_NONE] = "-",
	[A_NODE] = "intersection",
	[A_PATH] = "path",
	[A_HEX] = "land hex",
	[A_RES] = "resource",
	[A_SEAT] = "seat counted from the actor, 1 = next",
	[A_MARITIME] = "give * 4 + take (take counted without give)",
};

static size_t arg_count(const kern *k, int arg)
{
	switch (arg) {
	case A_NODE:
		return (size_t)k->b.n_node;
	case A_PATH:
		return (size_t)k->b.n_path;
	case A_HEX:
		return (size_t)k->b.n_land;
	case A_RES:
		return NUM_RES;
	case A_SEAT:
		return (size_t)(k->seats - 1);
	case A_MARITIME:
		return RL_MARITIME_PAIRS;
	default:
		return 1;
	}
}

/* The sizes the ranges are made of: the board's intersections, paths and
 * land hexes, and the other seats. */
typedef struct act_sizes {
	size_t n, p, h, s1; /* intersections, paths, land hexes, seats - 1 */
} act_sizes;

static inline act_sizes sizes_of(const kern *k)
{
	return (act_sizes){(size_t)k->b.n_node, (size_t)k->b.n_path, (size_t)k->b.n_land, (size_t)(k->seats - 1)};
}

/* First index of type t as multiples of the sizes: {n, p, h, s1, constant},
 * the running sum of the counts of rl_types before t, written out so that
 * the hot path finds a range in a few multiplications; all 0xFF for a type
 * without index.  cm_rl_describe_actions sums the counts afresh, and
 * tests/rl/test_rl_catan.c checks that every index of each described range
 * maps to an action of that range's type and back. */
static const uint8_t rl_before[RL_MAX_TYPE][5] = {
	[0] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
	[CRISK_CATAN_PLACE_SETTLEMENT] = {0, 0, 0, 0, 0},
	[CRISK_CATAN_PLACE_ROAD] = {1, 0, 0, 0, 0},
	[CRISK_CATAN_ROLL] = {1, 1, 0, 0, 0},
	[CRISK_CATAN_DICE] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
	[CRISK_CATAN_DISCARD] = {1, 1, 0, 0, 1},
	[CRISK_CATAN_DISCARD_CARDS] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
	[CRISK_CATAN_MOVE_ROBBER] = {1, 1, 0, 0, 6},
	[CRISK_CATAN_STEAL_FROM] = {1, 1, 1, 0, 6},
	[CRISK_CATAN_STEAL_RESULT] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
	[CRISK_CATAN_BUILD_ROAD] = {1, 1, 1, 1, 6},
	[CRISK_CATAN_BUILD_SETTLEMENT] = {1, 2, 1, 1, 6},
	[CRISK_CATAN_BUILD_CITY] = {2, 2, 1, 1, 6},
	[CRISK_CATAN_BUY_DEV] = {3, 2, 1, 1, 6},
	[CRISK_CATAN_DEV_RESULT] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
	[CRISK_CATAN_PLAY_KNIGHT] = {3, 2, 1, 1, 7},
	[CRISK_CATAN_PLAY_ROAD_BUILDING] = {3, 2, 1, 1, 8},
	[CRISK_CATAN_PLAY_YEAR_OF_PLENTY] = {3, 2, 1, 1, 9},
	[CRISK_CATAN_PLAY_MONOPOLY] = {3, 2, 1, 1, 10},
	[CRISK_CATAN_PLACE_FREE_ROAD] = {3, 2, 1, 1, 11},
	[CRISK_CATAN_PICK] = {3, 3, 1, 1, 11},
	[CRISK_CATAN_NAME] = {3, 3, 1, 1, 16},
	[CRISK_CATAN_MARITIME_TRADE] = {3, 3, 1, 1, 21},
	[CRISK_CATAN_OFFER_TRADE] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
	[CRISK_CATAN_ACCEPT] = {3, 3, 1, 1, 41},
	[CRISK_CATAN_DECLINE] = {3, 3, 1, 1, 42},
	[CRISK_CATAN_CONFIRM] = {3, 3, 1, 1, 43},
	[CRISK_CATAN_CANCEL] = {3, 3, 1, 2, 43},
	[CRISK_CATAN_END_TURN] = {3, 3, 1, 2, 44},
	[CRISK_CATAN_PASS] = {3, 3, 1, 2, 45},
	[CRISK_CATAN_END_PART] = {3, 3, 1, 2, 46},
};

static inline size_t first_of(act_sizes z, unsigned t)
{
	const uint8_t *c = rl_before[t];
	return c[0] * z.n + c[1] * z.p + c[2] * z.h + c[3] * z.s1 + c[4];
}

size_t cm_rl_actions(const void *data)
{
	return first_of(sizes_of(data), CRISK_CATAN_END_PART) + 1;
}

/* The offset of code a in its type's range, or -1; a listed code is well
 * formed, so the mask needs no more than this. */
static inline int64_t arg_offset(const kern *k, int arg, crisk_action a, int actor)
{
	int id = ACT_ID(a);
	switch (arg) {
	case A_SEAT: {
		int rel = id - actor;
		rel += rel < 0 ? k->seats : 0;
		return rel ? rel - 1 : -1;
	}
	case A_MARITIME: {
		int give = id & 0xFF, take = id >> 8;
		return give * (NUM_RES - 1) + take - (take > give);
	}
	default:
		return id;
	}
}

int64_t cm_rl_index(const void *data, const void *state, crisk_action a)
{
	const kern *k = data;
	unsigned type = ACT_TYPE(a);
	if (type >= RL_MAX_TYPE || rl_before[type][0] == 0xFF)
		return -1;
	int arg = rl_arg_of[type];
	int id = ACT_ID(a);
	/* Well formed for its index only: no bits beyond the argument's. */
	uint64_t fields = a & ~(UINT64_C(0xFF) << 56);
	if (arg == A_NONE ? fields != 0 : fields > 0xFFFFu)
		return -1;
	switch (arg) {
	case A_SEAT:
		if (id >= k->seats)
			return -1;
		break;
	case A_MARITIME:
		if ((id & 0xFF) >= NUM_RES || (id >> 8) >= NUM_RES || (id & 0xFF) == (id >> 8))
			return -1;
		break;
	default:
		if ((size_t)id >= arg_count(k, arg))
			return -1;
		break;
	}
	int64_t off = arg_offset(k, arg, a, ks(state)->cur);
	return off < 0 ? -1 : (int64_t)first_of(sizes_of(k), type) + off;
}

crisk_action cm_rl_action(const void *data, const void *state, size_t i)
{
	const kern *k = data;
	const act_sizes z = sizes_of(k);
	/* The last range starting at or before i (ranges ascend with rl_types). */
	size_t lo = 0, hi = RL_N_TYPES;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (first_of(z, rl_types[mid].type) <= i)
			lo = mid;
		else
			hi = mid;
	}
	unsigned type = rl_types[lo].type;
	size_t off = i - first_of(z, type);
	switch (rl_types[lo].arg) {
	case A_SEAT: {
		int seat = ks(state)->cur + (int)off + 1;
		return act_make(type, (uint64_t)(seat >= k->seats ? seat - k->seats : seat));
	}
	case A_MARITIME: {
		int give = (int)off / (NUM_RES - 1), take = (int)off % (NUM_RES - 1);
		take += take >= give;
		return act_make(type, (uint64_t)give | (uint64_t)take << 8);
	}
	case A_NONE:
		return act_make(type, 0);
	default:
		return act_make(type, (uint64_t)off);
	}
}

void cm_rl_describe_actions(const void *data, jw *w)
{
	const kern *k = data;
	size_t at = 0;
	for (size_t i = 0; i < RL_N_TYPES; i++) {
		size_t n = arg_count(k, rl_types[i].arg);
		rl_range(w, rl_types[i].name, at, n, rl_arg_names[rl_types[i].arg]);
		at += n;
	}
}

/* Longest kernel list without offers that fits on the stack; a board
 * bigger than that (a large map) lists into the heap. */
#define RL_STACK_LIST 1024

size_t cm_rl_mask(const void *data, const void *state, uint8_t *mask)
{
	const kern *k = data;
	const kstate *h = ks(state);
	if (h->cur < 0)
		return 0;
	const act_sizes z = sizes_of(k);
	/* A third of the steps of a game: a roll with no card to play. */
	if (h->dp == DP_PRE_ROLL && !kern_holds_action_card(k, state)) {
		mask[first_of(z, CRISK_CATAN_ROLL)] = 1;
		return 1;
	}
	/* Bound of a list without offers: the main phase's roads, sites,
	 * cities, cards, trades and end, or the robber's hexes. */
	size_t bound = (size_t)k->b.n_path + 2 * (size_t)k->b.n_node + (size_t)k->b.n_land + 64;
	crisk_action on_stack[RL_STACK_LIST], *buf = on_stack;
	if (bound > RL_STACK_LIST) {
		buf = malloc(bound * sizeof *buf);
		if (!buf)
			return 0;
	}
	size_t n = kern_legal_offers(k, state, 0, buf, bound), count = 0;
	for (size_t j = 0; j < n; j++) {
		unsigned type = ACT_TYPE(buf[j]);
		if (type >= RL_MAX_TYPE || rl_before[type][0] == 0xFF)
			continue;
		int64_t off = arg_offset(k, rl_arg_of[type], buf[j], h->cur);
		if (off < 0)
			continue;
		size_t i = first_of(z, type) + (size_t)off;
		count += !mask[i];
		mask[i] = 1;
	}
	if (buf != on_stack)
		free(buf);
	return count;
}

/* ---- observation ---- */

enum ofield {
	F_PHASE, F_CUR, F_ACTIVE, F_WINNER, F_TURN, F_DICE, F_BANK, F_DECK,
	F_VP, F_VISIBLE_VP, F_HAND_SIZE, F_DEV_COUNT, F_KNIGHTS, F_ROAD_LEN, F_LR, F_LA,
	F_SETTLEMENTS, F_CITIES, F_ROADS, F_OWE, F_ANSWERED, F_ACCEPTED,
	F_KNOWN, F_HAND, F_DEV, F_DEV_OLD,
	F_FREE_ROADS, F_PICKS, F_VICTIM,
	F_TRADE_OPEN, F_GIVE, F_WANT, F_TO, F_TO_ALL,
	F_TERRAIN, F_TOKEN, F_ROBBER, F_HARBOR, F_BUILDING, F_ROAD,
	F_COUNT
};
#define N_PHASES (DP_GAME_OVER + 1) /* the kernel's decision points */
#define N_TERRAINS 6               /* five producing terrains and the desert */
#define N_HARBORS (1 + NUM_RES)    /* generic, then 2:1 per resource */

static const char *const field_names[F_COUNT] = {
	"phase", "current_seat", "active_seat", "winner", "turn", "dice", "bank", "deck_size",
	"vp", "visible_vp", "hand_size", "dev_count", "knights", "road_length", "longest_road", "largest_army",
	"settlements_left", "cities_left", "roads_left", "discards_owed", "trade_answered", "trade_accepted",
	"hand_shown", "hand", "dev", "dev_playable",
	"free_roads", "picks", "steal_victim",
	"trade_open", "trade_give", "trade_want", "trade_to", "trade_to_all",
	"hex_terrain", "hex_token", "robber", "node_harbor", "node_building", "path_road",
};

static const char *const field_about[F_COUNT] = {
	"decision point one-hot in enum order: setup_settlement, setup_road, pre_roll, dice, discard, move_robber, "
	"choose_victim, steal, main, dev_draw, trade_response, trade_confirm, free_road, yop_pick, monopoly_pick, "
	"special_build, paired_part, game_over (a module's own points: all 0)",
	"seat to act, one-hot by seat from the viewer (none at a chance point or the end)",
	"seat whose turn it is (set-up: the placing seat; 5-6 players: the seat building), one-hot from the viewer",
	"winner, one-hot from the viewer (none while running or without winner)",
	"turn number (0 in set-up, B-52)",
	"the two dice of the last roll (0 before any)",
	"bank count per resource (B-6)",
	"development cards left in the deck",
	"victory points the viewer sees per seat from the viewer: with VP cards for itself and the winner",
	"visible victory points per seat from the viewer (B-107)",
	"resource cards held per seat",
	"development cards held per seat (unplayed, VP cards included)",
	"knights played per seat",
	"longest trail of roads per seat (B-86)",
	"1 for the seat holding Longest Road",
	"1 for the seat holding Largest Army",
	"settlements not on the board per seat",
	"cities not on the board per seat",
	"roads not on the board per seat",
	"cards still to discard per seat at a discard point (B-58)",
	"1 for each seat that answered the open offer",
	"1 for each seat that accepted the open offer",
	"1 for each seat whose hand and cards the viewer sees (itself; every seat for the omniscient viewer)",
	"resource counts per seat (seat-major, brick lumber wool grain ore), 0 where not shown",
	"development cards per seat by type (seat-major, knight victory_point road_building year_of_plenty "
	"monopoly), 0 where not shown",
	"of those, the cards held since before this turn (playable by B-79, one per turn by B-78)",
	"free roads left to place (road building, B-81)",
	"year of plenty picks left (B-82)",
	"seat robbed at a steal point, one-hot from the viewer",
	"1 while a domestic offer is open (trade_response, trade_confirm)",
	"open offer: count given per good (brick lumber wool grain ore fish)",
	"open offer: count wanted per good",
	"open offer addressed to one seat, one-hot from the viewer (the offerer is the active seat)",
	"1 when the open offer is addressed to all opponents",
	"terrain per land hex, one-hot (hills forest pasture fields mountains desert), hex-major",
	"number token per land hex (0 for none)",
	"1 at the robber's hex",
	"harbor per intersection, one-hot (generic 3:1, then 2:1 brick lumber wool grain ore), node-major",
	"building per intersection and owner (seats from the viewer, then non-seat owners): 1 settlement, 2 city",
	"road per path and owner (seats from the viewer, then non-seat owners): 1",
};

/* Owner slots of pieces: the seats counted from the viewer, the non-seat
 * owners (two_player's neutrals), and one for neutral pieces where pieces
 * change hands (owner NODE_NEUTRAL - 1). */
static int owner_slots(const kern *k)
{
	return k->owners + (k->cfg.pieces_change_hands ? 1 : 0);
}

static void field_counts(const kern *k, size_t c[F_COUNT])
{
	size_t S = (size_t)k->seats, O = (size_t)owner_slots(k), N = (size_t)k->b.n_node, P = (size_t)k->b.n_path,
	       H = (size_t)k->b.n_land;
	c[F_PHASE] = N_PHASES;
	c[F_CUR] = c[F_ACTIVE] = c[F_WINNER] = S;
	c[F_TURN] = 1;
	c[F_DICE] = 2;
	c[F_BANK] = NUM_RES;
	c[F_DECK] = 1;
	for (int f = F_VP; f <= F_KNOWN; f++)
		c[f] = S;
	c[F_HAND] = c[F_DEV] = c[F_DEV_OLD] = S * NUM_RES;
	c[F_FREE_ROADS] = c[F_PICKS] = 1;
	c[F_VICTIM] = S;
	c[F_TRADE_OPEN] = 1;
	c[F_GIVE] = c[F_WANT] = MAX_GOODS;
	c[F_TO] = S;
	c[F_TO_ALL] = 1;
	c[F_TERRAIN] = H * N_TERRAINS;
	c[F_TOKEN] = c[F_ROBBER] = H;
	c[F_HARBOR] = N * N_HARBORS;
	c[F_BUILDING] = N * O;
	c[F_ROAD] = P * O;
}

size_t cm_rl_obs_size(const void *data)
{
	size_t c[F_COUNT], n = 0;
	field_counts(data, c);
	for (int f = 0; f < F_COUNT; f++)
		n += c[f];
	return n;
}

void cm_rl_hex_fields(const void *data, size_t *terrain_at, size_t *token_at)
{
	size_t c[F_COUNT], at = 0;
	field_counts(data, c);
	for (int f = 0; f < F_COUNT; f++) {
		if (f == F_TERRAIN)
			*terrain_at = at;
		if (f == F_TOKEN)
			*token_at = at;
		at += c[f];
	}
}

static int deck_total(const kern *k)
{
	int n = 0;
	for (int c = 0; c < NUM_DEV; c++)
		n += k->cfg.deck[c];
	return n;
}

static int deck_most(const kern *k)
{
	int n = 0;
	for (int c = 0; c < NUM_DEV; c++)
		n = k->cfg.deck[c] > n ? k->cfg.deck[c] : n;
	return n;
}

/* Honest bounds of each field. */
static void field_bounds(const kern *k, int f, double *lo, double *hi)
{
	double cards = (double)k->cfg.bank_per_type * NUM_RES;
	/* VP: every piece, both specials and every VP card; a module that
	 * counts more (hooks) has no bound of ours. */
	double vp = k->more_vp ? 1000.0
			       : k->cfg.pieces[PIECE_SETTLEMENT] + 2.0 * k->cfg.pieces[PIECE_CITY] + 4.0 +
					 k->cfg.deck[CRISK_CATAN_VICTORY_POINT];
	*lo = 0;
	switch (f) {
	case F_TURN:
		*hi = k->cfg.max_turns ? (double)k->cfg.max_turns : 2147483647.0;
		break;
	case F_DICE:
		*hi = 6;
		break;
	case F_BANK:
		*hi = k->cfg.bank_per_type;
		break;
	case F_DECK:
	case F_DEV_COUNT:
		*hi = deck_total(k);
		break;
	case F_VP:
	case F_VISIBLE_VP:
		*hi = vp;
		break;
	case F_HAND_SIZE:
	case F_OWE:
		*hi = cards;
		break;
	case F_KNIGHTS:
		*hi = k->cfg.deck[CRISK_CATAN_KNIGHT];
		break;
	case F_ROAD_LEN:
		*hi = k->b.n_path;
		break;
	case F_SETTLEMENTS:
		*hi = k->cfg.pieces[PIECE_SETTLEMENT];
		break;
	case F_CITIES:
		*hi = k->cfg.pieces[PIECE_CITY];
		break;
	case F_ROADS:
		*hi = k->cfg.pieces[PIECE_ROAD];
		break;
	case F_HAND:
		*hi = k->cfg.bank_per_type;
		break;
	case F_DEV:
	case F_DEV_OLD:
		*hi = deck_most(k);
		break;
	case F_FREE_ROADS:
	case F_PICKS:
	case F_BUILDING:
		*hi = 2;
		break;
	case F_GIVE:
	case F_WANT:
		*hi = 15;
		break;
	case F_TOKEN:
		*hi = 12;
		break;
	default: /* one-hot parts and flags */
		*hi = 1;
		break;
	}
}

void cm_rl_describe_obs(const void *data, jw *w)
{
	const kern *k = data;
	size_t c[F_COUNT], at = 0;
	field_counts(k, c);
	for (int f = 0; f < F_COUNT; f++) {
		double lo, hi;
		field_bounds(k, f, &lo, &hi);
		rl_field(w, field_names[f], at, c[f], lo, hi, field_about[f]);
		at += c[f];
	}
}

void cm_rl_observe(const void *data, const void *state, int viewer, float *out)
{
	const kern *k = data;
	const kstate *h = ks(state);
	const int S = k->seats, O = owner_slots(k);
	size_t c[F_COUNT], off[F_COUNT], total = 0;
	field_counts(k, c);
	for (int f = 0; f < F_COUNT; f++) {
		off[f] = total;
		total += c[f];
	}
	memset(out, 0, total * sizeof *out);
	const int base = viewer >= 0 ? viewer : 0;
	/* Seat s counted from the viewer; no division, which would cost
	 * more than the rest of a seat's floats. */
#define REL(s) ((size_t)((s) - base + ((s) < base ? S : 0)))

	const char *phase = NULL;
	int cur = h->cur;
	if (k->hk.view_point)
		k->hk.view_point(k, state, &phase, &cur);
	if (h->dp < N_PHASES)
		out[off[F_PHASE] + h->dp] = 1;
	if (cur >= 0 && cur < S)
		out[off[F_CUR] + REL(cur)] = 1;
	if (h->active < S)
		out[off[F_ACTIVE] + REL(h->active)] = 1;
	if (h->winner >= 0 && h->winner < S)
		out[off[F_WINNER] + REL(h->winner)] = 1;
	out[off[F_TURN]] = (float)h->turn;
	out[off[F_DICE]] = h->dice[0];
	out[off[F_DICE] + 1] = h->dice[1];
	int deck = 0;
	for (int r = 0; r < NUM_RES; r++)
		out[off[F_BANK] + r] = h->bank[r];
	for (int d = 0; d < NUM_DEV; d++)
		deck += h->deck[d];
	out[off[F_DECK]] = (float)deck;

	int trade = h->dp == DP_TRADE_RESPONSE || h->dp == DP_TRADE_CONFIRM;
	for (int s = 0; s < S; s++) {
		const kseat *p = kseat_of(k, state, s);
		size_t i = REL(s);
		int see = kern_may_see(k, state, s, viewer);
		int vis = kvisible_vp(k, state, s);
		int devs = p->dev[0] + p->dev[1] + p->dev[2] + p->dev[3] + p->dev[4];
		int won = h->status == CRISK_STATUS_WON && h->winner == s;
		out[off[F_VP] + i] = (float)(see || won ? vis + p->dev[CRISK_CATAN_VICTORY_POINT] : vis);
		out[off[F_VISIBLE_VP] + i] = (float)vis;
		out[off[F_HAND_SIZE] + i] = p->cards;
		out[off[F_DEV_COUNT] + i] = (float)devs;
		out[off[F_KNIGHTS] + i] = p->knights;
		out[off[F_ROAD_LEN] + i] = p->road_len;
		out[off[F_LR] + i] = h->lr == s;
		out[off[F_LA] + i] = h->la == s;
		out[off[F_SETTLEMENTS] + i] = p->supply[PIECE_SETTLEMENT];
		out[off[F_CITIES] + i] = p->supply[PIECE_CITY];
		out[off[F_ROADS] + i] = p->supply[PIECE_ROAD];
		if (h->dp == DP_DISCARD)
			out[off[F_OWE] + i] = p->owe;
		if (trade) {
			out[off[F_ANSWERED] + i] = (h->answered >> s) & 1u;
			out[off[F_ACCEPTED] + i] = (h->accepted >> s) & 1u;
		}
		if (!see)
			continue;
		out[off[F_KNOWN] + i] = 1;
		for (int r = 0; r < NUM_RES; r++) {
			out[off[F_HAND] + i * NUM_RES + r] = p->hand[r];
			out[off[F_DEV] + i * NUM_RES + r] = p->dev[r];
			out[off[F_DEV_OLD] + i * NUM_RES + r] = (float)(p->dev[r] - p->dev_new[r]);
		}
	}

	if (h->dp == DP_FREE_ROAD)
		out[off[F_FREE_ROADS]] = h->free_roads;
	if (h->dp == DP_YOP_PICK)
		out[off[F_PICKS]] = h->picks;
	if (h->dp == DP_STEAL && h->victim >= 0 && h->victim < S)
		out[off[F_VICTIM] + REL(h->victim)] = 1;
	if (trade) {
		out[off[F_TRADE_OPEN]] = 1;
		for (int g = 0; g < MAX_GOODS; g++) {
			out[off[F_GIVE] + g] = (float)offer_count(h->offer, g, 0);
			out[off[F_WANT] + g] = (float)offer_count(h->offer, g, 1);
		}
		int to = (int)((h->offer >> 48) & 0xF);
		if (to == CRISK_CATAN_TO_ALL)
			out[off[F_TO_ALL]] = 1;
		else if (to < S)
			out[off[F_TO] + REL(to)] = 1;
	}

	/* The board: static layout, then the pieces where they stand. */
	const board *b = &k->b;
	for (int x = 0; x < b->n_land; x++) {
		if (b->terrain[x] < N_TERRAINS)
			out[off[F_TERRAIN] + (size_t)x * N_TERRAINS + b->terrain[x]] = 1;
		out[off[F_TOKEN] + (size_t)x] = b->token[x];
	}
	if (h->robber < b->n_land)
		out[off[F_ROBBER] + h->robber] = 1;
	for (int i = 0; i < b->n_harbor; i++) {
		int type = b->harbor_type[i];
		if (type >= N_HARBORS)
			continue;
		for (int e = 0; e < 2; e++) {
			if (b->harbor[i].node[e] < b->n_node)
				out[off[F_HARBOR] + (size_t)b->harbor[i].node[e] * N_HARBORS + (size_t)type] = 1;
		}
	}
	/* Owner slot per piece byte (owner + 1 in the low 4 bits): the seats
	 * from the viewer, the non-seat owners, then neutral pieces where
	 * pieces change hands; -1 for none. */
	int8_t slot_of[NODE_OWNER_MASK + 1];
	slot_of[0] = -1;
	for (int o = 0; o < (int)NODE_OWNER_MASK; o++) {
		int slot = o < S ? (int)REL(o) : o < k->owners ? o : k->cfg.pieces_change_hands ? k->owners : -1;
		slot_of[o + 1] = (int8_t)slot;
	}
	const uint8_t *nodes = knodes(k, state), *paths = kpaths(k, state);
	const uint64_t *occupied = koccupied(k, state);
	float *building = out + off[F_BUILDING];
	for (int w = 0; w < k->nw; w++) {
		for (uint64_t m = occupied[w]; m; m &= m - 1) {
			int n = w * 64 + bit_low(m);
			unsigned nb = nodes[n];
			int slot = slot_of[nb & NODE_OWNER_MASK];
			if (slot >= 0 && n < b->n_node)
				building[(size_t)n * (size_t)O + (size_t)slot] = (nb & NODE_CITY) ? 2.0f : 1.0f;
		}
	}
	float *road = out + off[F_ROAD];
	int p = 0;
	for (; p + 8 <= b->n_path; p += 8) {
		for (uint64_t m = load8(paths + p); m;) { /* most paths are empty */
			int bit = bit_low(m), j = p + bit / 8;
			int slot = slot_of[paths[j] & NODE_OWNER_MASK];
			m &= ~(UINT64_C(0xFF) << (bit & ~7)); /* on to the next byte */
			if (slot >= 0)
				road[(size_t)j * (size_t)O + (size_t)slot] = 1;
		}
	}
	for (; p < b->n_path; p++) {
		int slot = slot_of[paths[p] & NODE_OWNER_MASK];
		if (slot >= 0)
			road[(size_t)p * (size_t)O + (size_t)slot] = 1;
	}
#undef REL
}
