/* The Catan rules kernel: immutable tables built from the board and the
 * options (struct kern), the flat mutable state block, and the functions the
 * Catan-family modules put into their vtables.
 *
 * A module's rules data must start with a struct kern, so the kernel can be
 * handed the module's data pointer directly. */
#ifndef CRISK_CATAN_KERNEL_H
#define CRISK_CATAN_KERNEL_H

#include <stddef.h>
#include <stdint.h>
#include "catanrisk/catan.h"
#include "../core/evlog.h"
#include "../core/jsonw.h"
#include "../core/rng.h"
#include "board.h"
#include "hooks.h"

#define NUM_RES CRISK_CATAN_NUM_RESOURCES
#define NUM_DEV CRISK_CATAN_NUM_DEV_TYPES
#define MAX_GOODS 6          /* five resources, then fish (hawaii) */
#define MAX_OFFERS_LISTED 120 /* canonical offer family (B-100) */
#define NO_SEAT (-1)
#define MAX_OWNERS 8         /* piece owners: seats, then non-seat owners */

/* Decision points (B-129). */
enum dp {
	DP_SETUP_SETTLEMENT,
	DP_SETUP_ROAD,
	DP_PRE_ROLL,
	DP_DICE,
	DP_DISCARD,
	DP_MOVE_ROBBER,
	DP_CHOOSE_VICTIM,
	DP_STEAL,
	DP_MAIN,
	DP_DEV_DRAW,
	DP_TRADE_RESPONSE,
	DP_TRADE_CONFIRM,
	DP_FREE_ROAD,
	DP_YOP_PICK,
	DP_MONOPOLY_PICK,
	DP_SPECIAL_BUILD,
	DP_PAIRED_PART,
	DP_GAME_OVER,
	/* two_player (two_player.md): the neutral build obligation (T-11), the
	 * random draw and the give of a forced trade (T-17). */
	DP_TP_NEUTRAL = 24,
	DP_TP_DRAW,
	DP_TP_GIVE,
	/* Values are saved: module decision points take reserved ranges,
	 * 18..23 kernel, 24..31 two_player, 32..47 risk. */
	DP_COUNT = 48
};

/* Node byte: 0 empty, else owner + 1 in the low 4 bits, NODE_CITY for a city. */
#define NODE_OWNER_MASK 0x0Fu
#define NODE_CITY 0x10u
/* Owner bits of a neutral piece (pieces_change_hands): owner index 14. */
#define NODE_NEUTRAL NODE_OWNER_MASK

/* Options and component counts a module hands to kern_init. */
typedef struct kern_config {
	const char *module_name; /* static text, shown in views */
	int seats;
	/* Non-seat piece owners (two_player's neutrals, T-1): owner ids
	 * seats .. seats + neutrals - 1 own pieces and have a seat record for
	 * their supply and road length, but never act, hold cards or win. */
	int neutrals;
	int vp_target;
	int discard_limit;
	int friendly_robber;
	int friendly_vp;     /* B-63's limit of visible VP (hawaii 3, H-91); 0 means 2 */
	int max_offers;      /* per turn, 0 = unlimited (B-99) */
	int64_t max_turns;   /* 0 = unlimited (B-52) */
	int explicit_chance; /* B-132 */
	int n_goods;         /* tradeable goods: 5 in base */
	uint8_t bank_per_type;
	uint8_t deck[NUM_DEV];
	uint8_t pieces[3];   /* settlements, cities, roads per seat */
	/* Boards with point kinds (board.node_kind): the kinds that are named
	 * locations, bit (1 << enum bnode_kind); 0 means sites only.  Only
	 * named locations take buildings, and an empty one stops every
	 * network (the connection rule of point-to-point maps, hawaii.md H-45). */
	uint8_t named_kinds;
	/* Set-up rounds of one settlement and one piece per seat, forward in
	 * even rounds and backward in odd ones (B-41); the last round's
	 * settlement yields (B-44).  0 means 2. */
	int setup_rounds;
	int special_build;   /* B-117: a special build phase follows every turn (5-6 seats) */
	int paired_players;  /* B-122: a paired part follows every turn instead */
	const kern_hooks *hooks; /* NULL: no hooks (base behaviour) */
	size_t ext_size;     /* bytes of module state (hooks.h) */
	/* Pieces may change owners or stand neutral (owner NODE_OWNER_MASK - 1)
	 * and a seat may keep fewer than two buildings after set-up (RC-12..RC-27). */
	int pieces_change_hands;
	/* A module rule may declare the active seat winner below vp_target (RC-29). */
	int other_wins;
	/* After set-up a seat's building may stand with none of its roads at
	 * it (hawaii's ships move away, H-81): the road listers take the
	 * seat's buildings as road ends besides its reach bits.  kern_init
	 * sets it for pieces_change_hands too (an annexed road, RC-14). */
	int bare_buildings;
	/* Two rolls a turn, the second's sum differing from the first
	 * (two_player T-8..T-10), kept by the kernel instead of roll hooks: the
	 * module's state holds at byte rolls_at of its region the rolls
	 * resolved this turn (0..2) and at rolls_at + 1 the first one's sum.
	 * The kernel counts them, throws the second roll again on the first's
	 * sum, lists the other sums with explicit chance, and returns to the
	 * pre-roll after the first roll.  Not with the roll hooks of hooks.h
	 * (excluded_sum, dice_rolled, after_roll_dp, produce_ok, produced) or
	 * pieces_change_hands: kern_init refuses the mix. */
	int two_rolls;
	uint16_t rolls_at;
	/* Per-turn bytes of the module's state (counters and flags of the
	 * turn) that each turn start zeroes, before hk.turn_start: bytes
	 * turn_zero_at .. turn_zero_at + turn_zero_len - 1 of its region, at
	 * most 8, and the 8 bytes from turn_zero_at lie inside it.  Data
	 * instead of a turn_start hook.  turn_zero_len 0: none. */
	uint16_t turn_zero_at;
	uint8_t turn_zero_len;
} kern_config;

/* The immutable kernel part of a Catan-family rules object. */
typedef struct kern {
	board b;
	rng rng0;            /* RNG state after board generation; seeds each game */
	kern_config cfg;
	kern_hooks hk;       /* cfg.hooks, or all NULL */
	int seats;
	int owners;          /* seats + cfg.neutrals: records and reach bitsets */
	int more_vp;         /* hk.extra_pieces or hk.extra_vp: kern_extra_vp adds VP */
	int victory_hooks;   /* hooks that may decide victory on more than base (not hk.victory_as_base) */
	int dice_hooks;      /* hooks a roll calls (excluded_sum and those of its resolution), or pieces that change hands (apply.c) */
	int plain_turns;     /* turn ends and rolls need neither victory hooks nor explicit chance (apply.c) */
	/* A turn start's part after base's (flow.c): the per-turn bytes
	 * (cfg.turn_zero_len), the hk.turn_start hook and the victory check;
	 * NULL for base's turn start.  Set by kern_init (flow_turn_start_more). */
	void (*turn_more)(const struct kern *k, void *st, evlog *log);
	uint64_t turn_zero;  /* cfg.turn_zero_len: the bytes to zero in the word at off_turn_zero */
	/* VP a module's hooks add to a seat's visible VP (kvisible_vp, when
	 * more_vp): hk.seat_vp if set, else kern_extra_vp (extra_vp and
	 * extra_pieces).  Set by kern_init, or kern_set_seat_vp. */
	int (*vp_more)(const struct kern *k, const void *st, int s);
	/* A roll's throw when dice_hooks (apply.c): kern_throw_hooked,
	 * kern_throw_produced when hk.produced is the only roll hook, or
	 * kern_throw_two for cfg.two_rolls. */
	void (*throw_hooked)(const struct kern *k, void *st, evlog *log);
	/* A turn's roll with kern.plain_turns, after DP_DICE is set (apply.c
	 * apply_turn_or_roll): the throw for dice_hooks and throw_hooked, picked
	 * once by kern_init (kern_roll_fn), so a roll asks neither. */
	int (*roll)(const struct kern *k, void *st, evlog *log);
	/* Tables. */
	uint8_t *hex_res;    /* per land hex: resource, or 0xFF for none */
	uint16_t tok_first[14]; /* hexes with token t: tok_hex[tok_first[t] .. tok_first[t + 1]) */
	uint16_t *tok_hex;
	/* Corners of those hexes, flat for production: tok_corner[tok_cfirst[t] ..
	 * tok_cfirst[t + 1]), hex by hex in tok_hex order, corners in order. */
	uint16_t tok_cfirst[14];
	struct kcorner {
		uint16_t hex, node;
	} *tok_corner;
	/* The same for production by bitsets (produce): tok_nodes[t * nw ..]: the
	 * intersections at a hex with token t; tok_yield[t * n_node + n]: what a
	 * settlement on n collects when t is rolled, one byte per resource;
	 * hex_nodes[x * nw ..]: the corners of land hex x. */
	uint64_t *tok_nodes, *tok_yield, *hex_nodes;
	uint8_t *node_harbor; /* per node: 0, or bit 0 generic / bit 1 + r special */
	/* Per value of a seat's harbor bits: its trade rate of each resource,
	 * byte r (krate).  kern_rate_bytes, or a map's own table when its
	 * scrolls include any:2 or r:3 (board.h bit_scroll). */
	const uint64_t *rate_bytes;
	int pw;              /* 64-bit words per path bitset */
	/* The words of a path bitset up to its last road-type path (pw on the
	 * standard boards; 2 on hawaii's built-in map, roads 0..112): the
	 * words of node_paths' rows past these are 0 (list_roads). */
	int rpw;
	/* Per node: the paths at it that take a road (all of them on the
	 * standard boards), as a path bitset of pw words. */
	uint64_t *node_paths;
	/* Node bitsets of nw words, all zero on boards without point kinds:
	 * nodes that take no building, and the named locations, which stop a
	 * network while empty (kern_config.named_kinds). */
	uint64_t *no_site, *stop;
	/* Node bitset of nw words: the nodes with a path that takes a road
	 * (every node on the standard boards; list_roads skips the others on
	 * maps). */
	uint64_t *road_nodes;
	void *tables;        /* the one allocation that holds the tables above */
	/* State layout. */
	int nw;              /* 64-bit words per node bitset */
	size_t off_seat, off_node, off_path, off_blocked, off_occupied, off_reach, off_ext, size;
	size_t off_rolls;    /* cfg.two_rolls: off_ext + cfg.rolls_at */
	size_t off_turn_zero; /* cfg.turn_zero_len: off_ext + cfg.turn_zero_at */
} kern;

/* The domestic offers of B-100, which depend on no board, seed or option:
 * constant tables generated at build time (gen_offers.py), shared by every
 * rules object.  kern_offer_code: the canonical offers, ascending.  Listed
 * offers per hand shape, key = (types held >= 1) | (types held >= 2) << 5:
 * the canonical offers whose give side such a hand covers, ascending, are
 * kern_offer_list[kern_offer_first[key] .. kern_offer_first[key + 1]), so
 * listing them is one copy. */
#define KERN_OFFER_KEYS (1 << (2 * NUM_RES))
extern const uint64_t kern_offer_code[MAX_OFFERS_LISTED];
extern const uint16_t kern_offer_first[KERN_OFFER_KEYS + 1];
extern const uint64_t kern_offer_list[];

/* Fixed header of the state block. */
typedef struct kstate {
	rng rng;
	uint64_t offer;       /* the open domestic offer (its action code) */
	int32_t turn;         /* 0 in set-up, then 1, 2, ... (B-52) */
	uint16_t robber;
	uint16_t setup_node;  /* set-up: the settlement just placed */
	uint16_t offers_made; /* this turn (B-99) */
	uint8_t dp;           /* enum dp */
	uint8_t ret;          /* decision point to return to after a robber move or card */
	int8_t cur;           /* seat to act, CRISK_SEAT_CHANCE or CRISK_SEAT_NONE */
	uint8_t active;       /* whose turn it is (set-up: the placing seat) */
	uint8_t status;       /* CRISK_STATUS_* */
	int8_t winner;
	uint8_t dice[2];
	uint8_t step;         /* set-up step 0 .. 2n-1 */
	uint8_t card_played;  /* a development card was played this turn (B-78) */
	uint8_t free_roads;   /* road building roads left (B-81) */
	uint8_t picks;        /* year of plenty picks left (B-82) */
	int8_t victim;        /* fixed steal victim, or -1 */
	int8_t lr, la;        /* Longest Road / Largest Army holders, or -1 */
	uint8_t knight;       /* a knight's robber move is under way (B-80) */
	uint8_t answered;     /* trade: seats that answered (bit s) */
	uint8_t accepted;     /* trade: seats that accepted */
	uint8_t bank[MAX_GOODS];
	uint8_t deck[NUM_DEV];
	/* While a special build phase or paired part runs: the seat whose turn
	 * ended (B-117, B-122), and `active` is the seat building; else -1. */
	int8_t part_owner;
} kstate;

/* Per-seat record. */
typedef struct kseat {
	uint8_t hand[MAX_GOODS];
	uint8_t cards;        /* hand total */
	uint8_t owe;          /* discards still owed (B-58) */
	uint8_t dev[NUM_DEV]; /* unplayed development cards, VP cards included */
	uint8_t dev_new[NUM_DEV]; /* of those, bought this turn (B-79) */
	uint8_t knights;      /* played knights */
	uint8_t supply[3];    /* settlements, cities, roads not on the board */
	uint8_t road_len;
	uint8_t harbors;      /* bit 0 generic, bit 1 + r special harbor of r */
} kseat;

enum { PIECE_SETTLEMENT, PIECE_CITY, PIECE_ROAD };

/* State accessors (the block is plain bytes at offsets fixed by kern_init). */
static inline kstate *ks(const void *st)
{
	return (kstate *)(uintptr_t)st;
}
static inline kseat *kseat_of(const kern *k, const void *st, int s)
{
	return (kseat *)((uintptr_t)st + k->off_seat) + s;
}
static inline uint8_t *knodes(const kern *k, const void *st)
{
	return (uint8_t *)((uintptr_t)st + k->off_node);
}
static inline uint8_t *kpaths(const kern *k, const void *st)
{
	return (uint8_t *)((uintptr_t)st + k->off_path);
}
/* Nodes where no settlement may go: occupied or next to a building (B-75). */
static inline uint64_t *kblocked(const kern *k, const void *st)
{
	return (uint64_t *)((uintptr_t)st + k->off_blocked);
}
/* Nodes with a building (of anyone, neutral included). */
static inline uint64_t *koccupied(const kern *k, const void *st)
{
	return (uint64_t *)((uintptr_t)st + k->off_occupied);
}
/* Nodes touched by a road of seat s. */
static inline uint64_t *kreach(const kern *k, const void *st, int s)
{
	return (uint64_t *)((uintptr_t)st + k->off_reach) + (size_t)s * (size_t)k->nw;
}
/* The module's state region (hooks.h). */
static inline void *kext(const kern *k, const void *st)
{
	return (void *)((uintptr_t)st + k->off_ext);
}
static inline int bit_get(const uint64_t *set, int i)
{
	return (int)((set[i >> 6] >> (i & 63)) & 1u);
}
static inline void bit_set(uint64_t *set, int i)
{
	set[i >> 6] |= UINT64_C(1) << (i & 63);
}
/* Index of the lowest set bit of a nonzero word. */
static inline int bit_low(uint64_t m)
{
#if defined(__GNUC__) || defined(__clang__)
	return __builtin_ctzll(m);
#else
	int n = 0;
	for (; !(m & 1u); m >>= 1)
		n++;
	return n;
#endif
}

/* Word w of the points holding a building of seat s that no road of s
 * touches (kern_config.bare_buildings): the buildings off s's reach bits,
 * mostly other seats', looked at one by one. */
static inline uint64_t kern_bare_buildings(const kern *k, const void *st, int s, int w)
{
	const uint8_t *nodes = knodes(k, st);
	uint64_t bare = 0;
	for (uint64_t m = koccupied(k, st)[w] & ~kreach(k, st, s)[w]; m; m &= m - 1)
		bare |= (uint64_t)((nodes[w * 64 + bit_low(m)] & NODE_OWNER_MASK) == (unsigned)s + 1) << bit_low(m);
	return bare;
}

/* Action codes written into a caller's buffer: every code is counted, those
 * past cap are not stored (the required-size convention of legal actions). */
typedef struct action_out {
	crisk_action *buf;
	size_t cap, n;
} action_out;

static inline void out_put(action_out *o, crisk_action a)
{
	if (o->n < o->cap)
		o->buf[o->n] = a;
	o->n++;
}

/* Action code fields. */
#define ACT_TYPE(a) ((unsigned)((a) >> 56))
#define ACT_ID(a) ((int)((a) & 0xFFFFu))
static inline crisk_action act_make(unsigned type, uint64_t fields)
{
	return ((crisk_action)type << 56) | fields;
}
static inline int offer_count(uint64_t a, int good, int want)
{
	return (int)((a >> ((want ? 24 : 0) + 4 * good)) & 0xFu);
}
/* Bits an action type may use below the type byte; 0 for an unknown type. */
uint64_t act_field_mask(unsigned type, int *known);
#define KF_ID UINT64_C(0xFFFF)
#define KF_ID2 UINT64_C(0xFFFFFF) /* arg[0] in bits 0-15, arg[1] in bits 16-23 */
#define KF_DISCARD ((UINT64_C(1) << (8 * NUM_RES)) - 1)
#define KF_OFFER ((UINT64_C(1) << 52) - 1)
#define KF_NONE UINT64_C(0)
#define KF_ARG2 UINT64_C(0xFFFFFFFF)     /* two 16-bit arguments */
#define KF_ARG3 UINT64_C(0xFFFFFFFFFFFF) /* three 16-bit arguments */
#define KF_UNKNOWN UINT64_MAX
static inline uint64_t kfield_mask(unsigned type, int *known)
{
	/* Types 31..63 are module actions: 32..39 two_player, 40..55 risk,
	 * 56..63 hawaii (checked by the module while it is internal). */
	static const uint64_t masks[64] = {
		KF_UNKNOWN, /* 0 */
		KF_ID,      /* PLACE_SETTLEMENT */
		KF_ID,      /* PLACE_ROAD */
		KF_NONE,    /* ROLL */
		KF_ID,      /* DICE */
		KF_ID,      /* DISCARD */
		KF_DISCARD, /* DISCARD_CARDS */
		KF_ID,      /* MOVE_ROBBER */
		KF_ID,      /* STEAL_FROM */
		KF_ID,      /* STEAL_RESULT */
		KF_ID,      /* BUILD_ROAD */
		KF_ID,      /* BUILD_SETTLEMENT */
		KF_ID,      /* BUILD_CITY */
		KF_NONE,    /* BUY_DEV */
		KF_ID,      /* DEV_RESULT */
		KF_NONE,    /* PLAY_KNIGHT */
		KF_NONE,    /* PLAY_ROAD_BUILDING */
		KF_NONE,    /* PLAY_YEAR_OF_PLENTY */
		KF_NONE,    /* PLAY_MONOPOLY */
		KF_ID,      /* PLACE_FREE_ROAD */
		KF_ID,      /* PICK */
		KF_ID,      /* NAME */
		KF_ID,      /* MARITIME_TRADE */
		KF_OFFER,   /* OFFER_TRADE */
		KF_NONE,    /* ACCEPT */
		KF_NONE,    /* DECLINE */
		KF_ID,      /* CONFIRM */
		KF_NONE,    /* CANCEL */
		KF_NONE,    /* END_TURN */
		KF_NONE,    /* PASS */
		KF_NONE,    /* END_PART */
		KF_UNKNOWN, /* 31 */
		KF_ID2,     /* TP_NEUTRAL_ROAD */
		KF_ID2,     /* TP_NEUTRAL_SETTLEMENT */
		KF_NONE,    /* TP_FORCED_TRADE */
		KF_ID2,     /* TP_DRAW_RESULT */
		KF_ID2,     /* TP_GIVE */
		KF_NONE,    /* TP_ROBBER_DESERT */
		KF_NONE,    /* TP_KNIGHT_TOKENS */
		KF_UNKNOWN, /* 39 */
		KF_ID,      /* 40 risk PLACE_ARMY */
		KF_ARG3,    /* 41 risk BUY_ARMIES */
		KF_ARG3,    /* 42 risk MOVE_ARMIES */
		KF_ARG2,    /* 43 risk ATTACK */
		KF_ARG2,    /* 44 risk ATTACK_ALL */
		KF_ARG3,    /* 45 risk REDEPLOY */
		KF_ID,      /* 46 risk RESIGN */
		KF_ARG2,    /* 47 risk BATTLE_DICE */
		KF_UNKNOWN, /* 48 */
		KF_UNKNOWN, /* 49 */
		KF_UNKNOWN, /* 50 */
		KF_UNKNOWN, /* 51 */
		KF_UNKNOWN, /* 52 */
		KF_UNKNOWN, /* 53 */
		KF_UNKNOWN, /* 54 */
		KF_UNKNOWN, /* 55 */
		KF_UNKNOWN, /* 56 */
		KF_UNKNOWN, /* 57 */
		KF_UNKNOWN, /* 58 */
		KF_UNKNOWN, /* 59 */
		KF_UNKNOWN, /* 60 */
		KF_UNKNOWN, /* 61 */
		KF_UNKNOWN, /* 62 */
		KF_UNKNOWN, /* 63 */
	};
	uint64_t m = type < 64 ? masks[type] : KF_UNKNOWN;
	*known = m != KF_UNKNOWN;
	return *known ? m : 0;
}

/* Costs (B-10) indexed by enum cost: a table here so the hot path can
 * unroll its checks; kern_costs points into it. */
enum cost { COST_ROAD, COST_SETTLEMENT, COST_CITY, COST_DEV };
static const uint8_t kern_cost_tab[4][NUM_RES] = {
	{1, 1, 0, 0, 0}, {1, 1, 1, 1, 0}, {0, 0, 0, 2, 3}, {0, 0, 1, 1, 1}};
extern const uint8_t *const kern_costs[4];
/* A cost as packed bytes, resource r in bits 8r..8r+7 (the lister's and
 * apply's word arithmetic on hands); a constant once inlined. */
static inline uint64_t kern_cost_bytes(int cost)
{
	uint64_t v = 0;
	for (int r = 0; r < NUM_RES; r++)
		v |= (uint64_t)kern_cost_tab[cost][r] << (8 * r);
	return v;
}

/* Inline forms of the small queries the hot path asks many times per step;
 * the kern_* functions below are the same. */
static inline int kcan_pay(const kseat *p, int cost)
{
	const uint8_t *c = kern_cost_tab[cost];
	int ok = 1;
	for (int r = 0; r < NUM_RES; r++)
		ok &= p->hand[r] >= c[r];
	return ok;
}
/* B-101: 2 at the resource's special harbor, else 3 at a generic one, else
 * 4 (a map's scrolls: H-62), from the rules' table (kern.rate_bytes). */
static inline int krate(const kern *k, const kseat *p, int r)
{
	return (int)(k->rate_bytes[p->harbors] >> (8 * r) & 0xFFu);
}
/* Whether kern_check_discard_one(k, st, id) passes (B-58), as above. */
static inline int kern_discard_one_ok(const kern *k, const void *st, unsigned id)
{
	return id < NUM_RES && kseat_of(k, st, ks(st)->cur)->hand[id] != 0;
}
static inline int khand_key(const kseat *p)
{
	int key = 0;
	for (int r = 0; r < NUM_RES; r++)
		key |= (p->hand[r] >= 1) << r | (p->hand[r] >= 2) << (NUM_RES + r);
	return key;
}
/* VP a module's hooks count (hooks.h extra_pieces, extra_vp): apart, so
 * that the usual inlined count needs no frame for the calls.  kern.vp_more
 * points here unless the module has hooks.h seat_vp. */
int kern_extra_vp(const kern *k, const void *st, int s);
/* Sets hk.seat_vp after kern_init (a module that picks its VP hook from
 * the board, as hawaii does with extra_vp): kern.vp_more and kern.more_vp
 * follow.  NULL goes back to extra_vp / extra_pieces. */
void kern_set_seat_vp(kern *k, int (*seat_vp)(const struct kern *k, const void *st, int s));
/* Visible VP without a module's (B-107): kvisible_vp of a module with no
 * VP hooks (!k->more_vp), with no call in its code. */
static inline int kvisible_vp_plain(const kern *k, const void *st, int s)
{
	const kseat *p = kseat_of(k, st, s);
	const kstate *h = ks(st);
	return (k->cfg.pieces[PIECE_SETTLEMENT] - p->supply[PIECE_SETTLEMENT]) +
	       2 * (k->cfg.pieces[PIECE_CITY] - p->supply[PIECE_CITY]) + 2 * (h->lr == s) + 2 * (h->la == s);
}
static inline int kvisible_vp(const kern *k, const void *st, int s)
{
	int vp = kvisible_vp_plain(k, st, s);
	if (k->more_vp)
		vp += k->vp_more(k, st, s);
	return vp;
}
static inline int ktotal_vp(const kern *k, const void *st, int s)
{
	return kvisible_vp(k, st, s) + kseat_of(k, st, s)->dev[CRISK_CATAN_VICTORY_POINT];
}

/* cfg.two_rolls: the rolls resolved this turn and the first one's sum. */
static inline uint8_t *krolls(const kern *k, const void *st)
{
	return (uint8_t *)((uintptr_t)st + k->off_rolls);
}
/* The sum the current roll may not show (T-8), or 0. */
static inline int kern_excluded_sum(const kern *k, const void *st)
{
	if (k->cfg.two_rolls) {
		const uint8_t *r = krolls(k, st);
		return r[0] == 1 ? r[1] : 0;
	}
	return k->hk.excluded_sum ? k->hk.excluded_sum(k, st) : 0;
}
/* The decision point after a resolved roll (base: the main phase). */
static inline int kern_after_roll_dp(const kern *k, const void *st)
{
	if (k->cfg.two_rolls)
		return krolls(k, st)[0] < 2 ? DP_PRE_ROLL : DP_MAIN;
	return k->hk.after_roll_dp ? k->hk.after_roll_dp(k, st) : DP_MAIN;
}

/* kernel.c: tables and state layout. */
int kern_init(kern *k, const kern_config *cfg);
void kern_free(kern *k);
void kern_state_init(const kern *k, void *st, evlog *log);
int kern_visible_vp(const kern *k, const void *st, int s);
int kern_total_vp(const kern *k, const void *st, int s);
int kern_may_see(const kern *k, const void *st, int seat, int viewer);
/* Whether seat s may extend its network onto `path`: the path is empty and
 * one end is an anchor of s, judged before placing (B-69, B-70; on boards
 * with point kinds an empty named location is no anchor, H-44, H-45).  Any
 * path kind: a module's pieces other than roads use it with their own kind
 * test.  kern_road_ok adds that the path takes a road. */
int kern_path_ok(const kern *k, const void *st, int s, int path);
int kern_road_ok(const kern *k, const void *st, int s, int path);
/* Whether a road may stand on path p (every path on the standard boards). */
static inline int kern_road_path(const kern *k, int p)
{
	return !k->b.path_kind || k->b.path_kind[p] == BPATH_ROAD;
}
/* Owners (bit o) of the buildings touching land hex x: at its corners, or on
 * a map at the points whose production list holds x (H-10).  Only the
 * occupied ones are visited: most corners are empty. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline unsigned kern_hex_owners_words(const kern *k, const void *st, int x, const int nw)
{
	const uint8_t *nodes = knodes(k, st);
	const uint64_t *occupied = koccupied(k, st);
	const uint64_t *at = k->hex_nodes + (size_t)x * (size_t)nw;
	unsigned owners = 0;
	for (int w = 0; w < nw; w++) {
		for (uint64_t m = at[w] & occupied[w]; m; m &= m - 1) {
			unsigned nb = nodes[w * 64 + bit_low(m)] & NODE_OWNER_MASK;
			owners |= nb ? 1u << (nb - 1) : 0u; /* 0 only if the bitset were stale */
		}
	}
	return owners;
}
static inline unsigned kern_hex_owners(const kern *k, const void *st, int x)
{
	if (k->nw == 1) /* the base board: a constant width */
		return kern_hex_owners_words(k, st, x, 1);
	return kern_hex_owners_words(k, st, x, k->nw);
}
/* Of those, the opponents of the active seat who hold cards (B-64). */
static inline unsigned kern_hex_victims(const kern *k, const void *st, int x)
{
	unsigned owners = kern_hex_owners(k, st, x) & ((1u << k->seats) - 1) & ~(1u << ks(st)->active), victims = owners;
	for (; owners; owners &= owners - 1) {
		int o = bit_low(owners);
		if (!kseat_of(k, st, o)->cards)
			victims &= ~(1u << o);
	}
	return victims;
}
/* The victims of the thief that moved last (hooks.h thief_victims). */
static inline unsigned kern_victims(const kern *k, const void *st)
{
	if (k->hk.thief_victims)
		return k->hk.thief_victims(k, st);
	return kern_hex_victims(k, st, ks(st)->robber);
}
int kern_any_road(const kern *k, const void *st, int s);
/* Road Building (B-81, H-51): the pieces seat s has for free placements
 * (roads, plus a module's through hooks.h free_pieces), and in *spot
 * whether one of them has a legal place. */
static inline int kern_free_pieces(const kern *k, const void *st, int s, int *spot)
{
	int n = kseat_of(k, st, s)->supply[PIECE_ROAD];
	*spot = n && kern_any_road(k, st, s);
	if (k->hk.free_pieces) {
		int more = 0;
		n += k->hk.free_pieces(k, st, s, &more);
		*spot |= more;
	}
	return n;
}
int kern_trade_rate(const kern *k, const kseat *p, int r);
/* Good g held by seat s for domestic trade: the hand's, or beyond
 * cfg.n_goods the module's (hooks.h good_held), else 0. */
static inline int kern_good_held(const kern *k, const void *st, int s, int g)
{
	if (g < k->cfg.n_goods)
		return kseat_of(k, st, s)->hand[g];
	return k->hk.good_held ? k->hk.good_held(k, st, s, g) : 0;
}
int kern_can_accept(const kern *k, const void *st);
int kern_hand_key(const kseat *p);
int kern_robber_ok(const kern *k, const void *st, int hex);
/* Whether kern_robber_ok(k, st, hex) passes without friendly_robber (a
 * land hex but the robber's, B-62), as one conjunction: false with
 * friendly_robber, where kern_robber_ok decides. */
static inline int kern_robber_plain_ok(const kern *k, const void *st, unsigned hex)
{
	return !k->cfg.friendly_robber && hex < (unsigned)k->b.n_land && hex != ks(st)->robber;
}
/* Name of a decision point, "unknown" for an unused value. */
const char *kern_dp_name(int dp);

/* The seat placing at set-up step i (B-41, kern_config.setup_rounds). */
static inline int kern_setup_seat(const kern *k, int i)
{
	int n = k->seats, round = i / n, at = i % n;
	return round % 2 ? n - 1 - at : at;
}
/* Set-up steps in all. */
static inline int kern_setup_steps(const kern *k)
{
	return (k->cfg.setup_rounds ? k->cfg.setup_rounds : 2) * k->seats;
}

/* flow.c: transitions shared by the actions. */
/* Whether the active seat may win now: a knight counts once its robber move
 * is done (B-80), so a win by Largest Army comes after that move; nobody
 * wins in a special build phase or paired part (B-119, B-123). */
static inline int flow_victory_possible(const kstate *h)
{
	return h->status == CRISK_STATUS_RUNNING && h->turn != 0 && !h->knight && h->part_owner == NO_SEAT;
}
/* The active seat s has reached the target: it wins now (B-105, B-106).
 * For a module's own turn start (kern.turn_more), which makes the victory
 * check of flow_check_victory itself. */
void flow_win(const kern *k, void *st, int s, evlog *log);
void flow_check_victory(const kern *k, void *st, evlog *log);
/* The same for a module without k->victory_hooks: without a frame unless
 * the module counts VP of its own (k->more_vp). */
void flow_check_victory_unhooked(const kern *k, void *st, evlog *log);
void flow_start_turn(const kern *k, void *st, evlog *log);
/* kern.turn_more for a rules object of cfg and hooks hk (kern_init). */
void (*flow_turn_start_more(const kern_config *cfg, const kern_hooks *hk))(const kern *k, void *st, evlog *log);
void flow_end_turn(const kern *k, void *st, evlog *log);
void flow_end_part(const kern *k, void *st, evlog *log);
int flow_buy_return(const kern *k, const void *st);
void flow_after_robber(const kern *k, void *st, int hex, evlog *log);
/* The thief has moved and `victims` (bit s) may be robbed: none ends the
 * move, one is robbed at once, more are chosen from (B-64). */
void flow_after_thief(const kern *k, void *st, unsigned victims, evlog *log);
void flow_robber_done(const kern *k, void *st, evlog *log);
void flow_largest_army(const kern *k, void *st, evlog *log);
void flow_update_longest_road(const kern *k, void *st, int builder, int node_built, evlog *log);
/* The same after seat s built a road on path, searching only that road's network. */
void flow_update_longest_road_at(const kern *k, void *st, int s, int path, evlog *log);
/* Seat s's longest trail is len, which the caller found: it is stored and
 * Longest Road follows (B-89..B-91), as after flow_update_longest_road. */
void flow_set_road_len(const kern *k, void *st, int s, int len, evlog *log);
void flow_next_responder(const kern *k, void *st, evlog *log);
void flow_place_building(const kern *k, void *st, int s, int node);
void flow_add_road(const kern *k, void *st, int s, int path);
/* The active seat's set-up piece is down: the next step, or turn 1 (B-45). */
void flow_setup_next(const kern *k, void *st, evlog *log);
/* Set-up step h.step begins: its seat places (B-41), or with
 * hooks.setup_skips and no intersection open every step left is skipped;
 * after the last step seat 0 starts turn 1 (B-45). */
void flow_setup_step(const kern *k, void *st, evlog *log);
/* hooks.setup_skips: after the set-up settlement, the piece is skipped
 * (and the next step begins) when the seat has no place for it. */
void flow_setup_piece(const kern *k, void *st, evlog *log);
/* Whether an intersection is open by the distance rule (B-42, B-75). */
int kern_site_open(const kern *k, const void *st);
/* Whether seat s may place a set-up piece at `node`: an empty road path
 * there, or the module's piece (hooks.setup_piece_more). */
int kern_setup_piece_spot(const kern *k, const void *st, int s, int node);
/* A free piece of Road Building is down: the second one, or back (B-81). */
void flow_free_piece_done(const kern *k, void *st, evlog *log);

/* validate.c / apply.c / legal.c: the vtable hot path. */
int kern_check(const kern *k, const void *st, crisk_action a);
int kern_apply(const kern *k, void *st, crisk_action a, evlog *log);
/* The throws of kern.throw_hooked (apply.c). */
void kern_throw_hooked(const kern *k, void *st, evlog *log);
void kern_throw_produced(const kern *k, void *st, evlog *log);
void kern_throw_two(const kern *k, void *st, evlog *log);
/* kern.roll for a rules object whose dice_hooks and throw_hooked are set. */
int (*kern_roll_fn(const kern *k))(const kern *k, void *st, evlog *log);
/* kern_config.two_rolls: the decision point after a roll (kern_init puts it in hk.after_roll_dp). */
int kern_two_rolls_dp(const kern *k, const void *st);
/* kern_apply for a code kern_legal listed just now (a playout): the code
 * fits the decision point and passes the rules of its type by
 * construction, so the shape test and the rule functions are left out
 * (builds with assertions still ask the rule functions and assert). */
int kern_apply_listed(const kern *k, void *st, crisk_action a, evlog *log);
/* kern_apply_listed of a listed END_TURN and ROLL with kern.plain_turns
 * (automatic chance, no victory hooks), without its type tests: for a
 * module that picks the function by the code's type itself (hawaii). */
int kern_end_turn_listed(const kern *k, void *st, crisk_action a, evlog *log);
int kern_roll_listed(const kern *k, void *st, crisk_action a, evlog *log);
/* kern_apply_listed of any other listed code with kern.plain_turns: its
 * dispatch at once (apply.c's apply_fitting for listed codes). */
int kern_apply_other_listed(const kern *k, void *st, crisk_action a, evlog *log);
/* The same for a listed MARITIME_TRADE and DISCARD, without the dispatch. */
int kern_maritime_listed(const kern *k, void *st, crisk_action a, evlog *log);
int kern_discard_listed(const kern *k, void *st, crisk_action a, evlog *log);
/* kern_apply, with turn ends and rolls of modules with kern.plain_turns
 * taken apart from the other actions' dispatch (as kern_apply_listed does):
 * fewer instructions for them, one test more for the others.  base's apply;
 * modules whose actions are mostly others keep kern_apply. */
int kern_apply_split(const kern *k, void *st, crisk_action a, evlog *log);
size_t kern_legal(const kern *k, const void *st, crisk_action *buf, size_t cap);
/* The listers of the main phase and of the other decision points (legal.c). */
size_t kern_legal_main(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap);
size_t kern_legal_other(const kern *k, const void *st, crisk_action *buf, size_t cap);
/* kern_legal_main, then the module's main-phase codes (hooks.h main_more,
 * which must be set). */
size_t kern_legal_main_more(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap);
/* Whether the active seat may have a card to play: none played this turn
 * and one held.  Most of the time it has none: one test instead of four. */
static inline int kern_holds_action_card(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	const kseat *p = kseat_of(k, st, h->active);
	/* Bitwise, not &&: one branch for the caller to take, not two.  The
	 * four playable types' bytes in one load: dev[] and the dev_new[]
	 * after it lie within the seat's record (load8 of bytes 0..7). */
	const uint64_t playable = UINT64_C(0xFF) << (8 * CRISK_CATAN_KNIGHT) |
				  UINT64_C(0xFF) << (8 * CRISK_CATAN_ROAD_BUILDING) |
				  UINT64_C(0xFF) << (8 * CRISK_CATAN_YEAR_OF_PLENTY) |
				  UINT64_C(0xFF) << (8 * CRISK_CATAN_MONOPOLY);
	_Static_assert(offsetof(kseat, dev) + 8 <= sizeof(kseat), "dev bytes");
	return (h->card_played == 0) & ((load8(p->dev) & playable) != 0);
}
/* Whether the deck holds a card: deck[] is the header's last bytes
 * but part_owner, so the 8 bytes ending at deck[NUM_DEV - 1] are read (the
 * bank's last ones below) and the deck's NUM_DEV bytes kept. */
static inline int kern_deck_holds(const kstate *h)
{
	_Static_assert(NUM_DEV <= 8 && offsetof(kstate, deck) + NUM_DEV >= 8, "deck bytes");
	return (load8((const uint8_t *)h + offsetof(kstate, deck) + NUM_DEV - 8) >> (8 * (8 - NUM_DEV))) != 0;
}
/* The hand arithmetic of the main-phase lister (legal.c), here for
 * kern_legal_main_fast.  Bytes of the five resource counts, resource r in
 * bits 8r..8r+7. */
static inline uint64_t kern_hand_bytes(const kseat *p)
{
	return load8(p->hand) & UINT64_C(0xFFFFFFFFFF);
}
/* Bit r set where byte r of w has its top bit set (r = 0..4): the five
 * flags land on distinct bits of the product, without carries. */
static inline unsigned kern_gather5(uint64_t w)
{
	const uint64_t spread = (UINT64_C(1) << 32) | (UINT64_C(1) << 25) | (UINT64_C(1) << 18) |
				(UINT64_C(1) << 11) | (UINT64_C(1) << 4);
	return (unsigned)((((w >> 7) & UINT64_C(0x0101010101)) * spread) >> 32) & 0x1Fu;
}
#define KERN_RES_TOP UINT64_C(0x8080808080) /* top bit of each resource byte */
#define KERN_RES_ONE UINT64_C(0x0101010101)
/* kcan_pay on the hand's bytes: byte r of (count | 0x80) - cost keeps its top
 * bit exactly when count >= cost (counts are below 128).  One test for the
 * five resources, so one branch for the caller. */
static inline int kern_pays(uint64_t hand, int cost)
{
	return (((hand | KERN_RES_TOP) - kern_cost_bytes(cost)) & KERN_RES_TOP) == KERN_RES_TOP;
}
/* The trade rates of krate (B-101) as bytes, resource r in byte r, for each
 * value of a seat's harbor bits (bit 0 generic, bit 1 + r special; bits 6
 * and 7 none), the kern.rate_bytes of every board but a map's with scrolls
 * no harbor has (kern_init), and
 * the MARITIME_TRADE code of each bit of kern_maritime_pairs_of (legal.c). */
extern const uint64_t kern_rate_bytes[256];
extern const crisk_action kern_maritime_code[40];
/* Whether kern_check_maritime(k, st, id & 0xFF, id >> 8) passes for a
 * 16-bit ID: its tests (B-100, B-101) without the messages, inlined where
 * the check runs only for a refusal.  give and take below 8 (no bit in
 * 0xF8F8), bit 8 take + give of the pairs of two different resources
 * (byte y: bits 0..4 but y), then the rate (krate) and the bank's card. */
static inline int kern_maritime_ok(const kern *k, const void *st, unsigned id)
{
	/* with no bit in 0xF8F8, bits 0..5 of (id >> 5) | id are give | take << 3 */
	if ((id & 0xF8F8u) || !(UINT64_C(0x0F171B1D1E) >> (((id >> 5) | id) & 63u) & 1u))
		return 0;
	const kstate *h = ks(st);
	const kseat *p = kseat_of(k, st, h->active);
	const unsigned give = id & 7u;
	return p->hand[give] >= krate(k, p, (int)give) && h->bank[id >> 8] != 0;
}
/* Resource types the seat holds at least its trade rate of (krate, B-101). */
static inline unsigned kern_bank_gives(const kern *k, const kseat *p, uint64_t hand)
{
	return kern_gather5(((hand | KERN_RES_TOP) - k->rate_bytes[p->harbors]) & KERN_RES_TOP);
}
/* B-101: every give/take pair at the active seat's rate that it and the
 * bank can pay, `gives` the types it can give (kern_bank_gives).  Byte y (a take type the bank holds) has bit x set for
 * each give type x != y: bit 8y + x, so ascending bits are ascending codes
 * (MARITIME_TRADE: code = give | take << 8, kern_maritime_code[bit]); one
 * loop over the pairs instead of nested ones whose every exit is a
 * data-dependent branch. */
static inline uint64_t kern_maritime_pairs_of(const void *st, uint64_t gives)
{
	const uint64_t bank = load8(ks(st)->bank) & UINT64_C(0xFFFFFFFFFF);
	const uint64_t takes = ((((bank | KERN_RES_TOP) - KERN_RES_ONE) & KERN_RES_TOP) >> 7) * 0xFFu;
	const uint64_t same = UINT64_C(0x1008040201); /* bit y of byte y */
	return gives * KERN_RES_ONE & takes & ~same;
}
/* The most codes kern_legal_main_fast lists itself: BUY_DEV, a
 * MARITIME_TRADE per pair of two different resources (5 * 4) and END_TURN. */
#define KERN_FEW_MAX (1 + NUM_RES * (NUM_RES - 1) + 1)
/* Any main-phase list (legal.c). */
size_t kern_legal_main_all(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap);
/* kern_legal_main's body, inline for a module's main-phase lister (hawaii's
 * ship list calls it within its frame).  Most main-phase lists in playouts
 * have no piece to build, no card to play and no offer: BUY_DEV maybe,
 * maritime trades and END_TURN.  Those are listed here; any other list
 * goes to kern_legal_main_all (the same codes in the same order). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline size_t kern_legal_main_fast(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap)
{
	const kstate *h = ks(st);
	const kseat *p = kseat_of(k, st, h->active);
	const uint64_t hand = kern_hand_bytes(p);
	/* list_builds' tests of the three pieces, list_cards' and list_main's.
	 * A settlement costs a road's resources and more (kern_cost_tab), so
	 * a hand that pays no road pays no settlement: one test for both. */
	if ((kern_pays(hand, COST_ROAD) &&
	     (p->supply[PIECE_ROAD] || (p->supply[PIECE_SETTLEMENT] && kern_pays(hand, COST_SETTLEMENT)))) ||
	    (p->supply[PIECE_CITY] && kern_pays(hand, COST_CITY)) || offers || kern_holds_action_card(k, st))
		return kern_legal_main_all(k, st, offers, buf, cap);
	action_out o = {buf, cap, 0};
	/* list_builds' BUY_DEV, written in any case and counted if legal; the
	 * trades read before it is written (buf might alias the state). */
	int buy = kern_pays(hand, COST_DEV) & kern_deck_holds(h);
	/* Most hands hold no type at its trade rate: no pair, no bank read
	 * (kern_maritime_pairs_of is 0 when no type can be given). */
	const uint64_t gives = kern_bank_gives(k, p, hand);
	uint64_t pairs = 0;
	if (gives)
		pairs = kern_maritime_pairs_of(st, gives);
	if (cap >= KERN_FEW_MAX) { /* room for all: no test per code */
		buf[0] = act_make(CRISK_CATAN_BUY_DEV, 0);
		size_t n = (size_t)buy;
		for (; pairs; pairs &= pairs - 1)
			buf[n++] = kern_maritime_code[bit_low(pairs)];
		buf[n] = act_make(CRISK_CATAN_END_TURN, 0);
		return n + 1;
	}
	if (o.n < o.cap)
		o.buf[o.n] = act_make(CRISK_CATAN_BUY_DEV, 0);
	o.n += (size_t)buy;
	for (; pairs; pairs &= pairs - 1)
		out_put(&o, kern_maritime_code[bit_low(pairs)]);
	out_put(&o, act_make(CRISK_CATAN_END_TURN, 0));
	return o.n;
}
/* kern_legal, with domestic offers listed only when `offers` is set.  Inline,
 * so that a playout loop reaches the listers without a call of its own. */
static inline size_t kern_legal_offers(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap)
{
	const kstate *h = ks(st);
	/* In playouts about half the steps are main-phase steps and a third
	 * are rolls with no card to play, the two mostly alternating.  Two
	 * tests mispredict less than a switch's indirect jump, whose target
	 * changes with nearly every step; the roll is answered without a
	 * frame, the main phase goes straight to its lister. */
	if (h->dp == DP_PRE_ROLL && !kern_holds_action_card(k, st)) {
		if (cap)
			buf[0] = act_make(CRISK_CATAN_ROLL, 0);
		return 1;
	}
	if (h->dp == DP_MAIN)
		return kern_legal_main(k, st, offers, buf, cap);
	return kern_legal_other(k, st, buf, cap);
}
/* The types a Catan module's legal_except (lib/core/module.h) skips itself:
 * the listers leave out domestic offers (kern_legal_offers); the core filters
 * other types. */
#define KERN_SKIP_NATIVELY CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE)
static inline int kern_lists_offers(uint64_t skip_types)
{
	return !(skip_types & CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE));
}
int kern_chance(const kern *k, const void *st, crisk_action *acts, double *probs, size_t cap, size_t *count);
/* With chance=auto: resolves the chance points the state waits at (a
 * module's action that leads to one, e.g. hawaii's fish market), checking
 * victory after each as kern_apply does.  Nothing with chance=explicit. */
void kern_auto_chance(const kern *k, void *st, evlog *log);

/* Queries. */
static inline int kern_current_seat(const kern *k, const void *st)
{
	(void)k;
	return ks(st)->cur;
}
int kern_status(const kern *k, const void *st, int *winner);
int64_t kern_turn(const kern *k, const void *st);
int kern_score(const kern *k, const void *st, int seat, int viewer);

/* action_text.c, event_text.c, view_json.c. */
extern const char *const kern_res_names[MAX_GOODS];
extern const char *const kern_dev_names[NUM_DEV];
int kern_action_to_string(const kern *k, crisk_action a, textbuf *t);
int kern_action_from_string(const kern *k, const char *text, crisk_action *out);
void kern_event_to_string(const kern *k, const crisk_event *e, textbuf *t);
void kern_event_json(const kern *k, const crisk_event *e, jw *w);
void kern_to_json(const kern *k, const void *st, int viewer, jw *w);
void kern_board_json(const kern *k, jw *w);

#endif
