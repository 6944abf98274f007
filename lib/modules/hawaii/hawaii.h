/* Module `hawaii` (rules/hawaii.md, H-n) on the Catan kernel: shared
 * declarations of its files.  hawaii.c holds the parameters, the rules
 * object built from a catanmap, the kernel hooks and the module state;
 * hawaii_setup.c the set-up rules (H-35..H-40); hawaii_ships.c building
 * ships; hawaii_pirate.c the pirate (section 9); hawaii_moves.c moving
 * ships (section 15); hawaii_actions.c the legal lists, checks and moves;
 * hawaii_effects.c the placement effects of H-50 (chit, boat, merchant);
 * hawaii_chits.c Catan chits; hawaii_trade.c merchant rates;
 * hawaii_fish.c fishing, fish tokens, the fish market and chit/fishing VP;
 * hawaii_tables.c the map's bitsets those listers test.
 *
 * hawaii_module.c holds the vtable (registered in lib/core/registry.c) and
 * the map's board description; hawaii_text.c the text forms of actions and
 * events.  Done so far: the board (board_map.c), set-up with three rounds, the island
 * rule and set-up ships, building ships, ships in Road Building, merchant
 * rates (H-62, H-63), the fishing track and fishing VP (H-65, H-66), fishing
 * on rolls (H-68), fish tokens outside the hand and the limit of 7 at
 * END_TURN with RETURN_FISH (H-69..H-71), the fish market (H-72..H-74),
 * Catan chits (H-75..H-77), victory with chit and fishing VP (H-85, H-86),
 * fish in domestic offers (H-61), the pirate's moves and steals,
 * friendly_robber for both thieves (H-91), moving ships with their
 * placement effects, Longest Trade Route over roads and ships, and the
 * option `map` (the host's catanmap, H-91). */
#ifndef CRISK_MODULES_HAWAII_H
#define CRISK_MODULES_HAWAII_H

#include <assert.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "../../catan/catanmap.h"
#include "../../catan/kernel.h"
#include "../../core/params.h"

#define HW_SHIPS 15 /* per seat (H-3 a, H-34) */
/* Module action types (kernel.h kfield_mask: 56..63 are hawaii's). */
enum { HW_PLACE_SHIP = 56, HW_BUILD_SHIP = 57, HW_PLACE_FREE_SHIP = 58 };
/* MOVE_PIRATE(hex) at DP_MOVE_ROBBER (H-54); MOVE_SHIP(from, to) in the
 * main phase (H-78), from in bits 0-15 and to in bits 16-31. */
enum { HW_MOVE_PIRATE = 59, HW_MOVE_SHIP = 60 };
/* Module event types, numbered like the actions. */
enum { HW_EV_SETUP_SHIP = 56, HW_EV_BUILD_SHIP = 57 };
/* The pirate moved (args[0] hex); a ship moved (args[0] from, args[1] to). */
enum { HW_EV_PIRATE = 59, HW_EV_MOVE_SHIP = 60 };

/* ---- slice fish: merchants, fishing, fish, the fish market, chits, VP ---- */
/* FISH(ability, arg): a fish-market use (H-73), the ability in bits 16-23,
 * its argument (hex, seat, resource or space) in bits 0-15, so codes ascend
 * in the order of the card.  RETURN_FISH: H-71's fallback. */
enum { HW_FISH = 61, HW_RETURN_FISH = 62 };
enum hw_ability {
	HW_FISH_MOVE_ROBBER, HW_FISH_MOVE_PIRATE, HW_FISH_STEAL, HW_FISH_TAKE_MERCHANT, HW_FISH_TAKE,
	HW_FISH_BUILD_ROAD, HW_FISH_BUILD_SHIP, HW_FISH_DEV, HW_N_ABILITIES
};
/* Events: fish from a roll or returned (args: +n or -1, fish after); a
 * market use (args: ability, argument, cost, fish after); a placement
 * effect (args: HW_FX_*, then its data, see hawaii_effects.c). */
enum { HW_EV_FISH = 61, HW_EV_MARKET = 62, HW_EV_EFFECT = 63 };
enum { HW_FX_CHIT, HW_FX_BOAT, HW_FX_MERCHANT };
#define HW_FISH_LIMIT 7  /* fish at the end of one's own turn (H-71) */
#define HW_FISH_MAX 255  /* fish a seat can hold in the engine (hw_trade_fish_ok) */
#define HW_MAX_CHITS 16  /* chit points a map may have with 3-4 seats (the engine's limit) */
/* hw_ext.market: the fish-market chance event under way, if any. */
enum { HW_MK_NONE, HW_MK_STEAL, HW_MK_DEV_PREROLL };

/* Rules object: the kernel first (the kernel functions take it directly). */
typedef struct hw_rules {
	kern k;
	catanmap *map;    /* ids, names, fishing track and targets */
	/* slice fish: per point its chit index or -1 (3-4 seats, H-75); per
	 * dice sum t the fishing paths next to a disc showing t, once each
	 * (H-68): fish_path[fish_first[t] .. fish_first[t + 1]). */
	int16_t *chit_of;
	int n_chit;
	uint16_t fish_first[14];
	uint16_t *fish_path;
	/* Per scroll type t (a harbor bit, H-63) its merchant spaces:
	 * merchant_path[merchant_first[t] .. merchant_first[t + 1])
	 * (hawaii_trade.c, for a ship leaving one). */
	uint16_t merchant_first[9];
	uint16_t *merchant_path;
	/* The fishing VP per boat position (H-66): map->track, or one 0 without
	 * a track (the boat then stays at 0): no test at the VP count. */
	const uint8_t *track_vp;
	/* hawaii_tables.c, in the one allocation `tables`: path bitsets of
	 * k.pw words per point (ship_at: its ship-type paths) and per sea hex
	 * from n_land (sea_paths: the paths whose sea list holds it; row n_sea
	 * is empty, for no pirate), of the merchant spaces (merchant_paths)
	 * and of the fishing spaces (fishing_paths); point bitsets of k.nw words per island
	 * (island_at; row n_island: the points on any island) and of the
	 * points with a ship-type path (coast); the ship-type paths as a path
	 * bitset (ship_mask) and ascending (ship_list[0 .. n_ship_list)). */
	uint64_t *tables;
	uint64_t *ship_at, *sea_paths, *merchant_paths, *fishing_paths, *ship_mask, *island_at, *coast;
	uint16_t *ship_list;
	int n_ship_list;
	/* The first word of ship_mask that is not 0 (0 if none): the words
	 * below hold no ship-type path, so the ship listers' spots, ships and
	 * destinations skip them (1 on the built-in map: spaces 113..159). */
	int ship_lo;
	/* Per path p, end_other[8p + 4e + i] (i < 3): the other paths at its
	 * point node[e] (HW_NO_PATH where fewer than three), for the open-end
	 * test of H-79; end_other_ok is 0 when a point has more than 4 paths
	 * (then the test walks the point's paths). */
	uint16_t *end_other;
	int end_other_ok;
	/* The same as path bitsets of pw words: end_bits[(2p + e) * pw ..],
	 * the other paths at node[e] of path p (every path there; for the
	 * listers' open-end test against the seat's pieces as a bitset). */
	uint64_t *end_bits;
	/* Per point n, 4 words from ship_ends[4n]: words 1 and 2 of the path
	 * bitset of the ship-type paths whose node[0] is n, then those of the
	 * ones whose node[1] is n (ship_at's row split by end), where pw is 3
	 * and ship_lo 1 (the built-in map; else all 0).  The AVX2 ship list ORs
	 * one 32-byte row per anchor: the union of both halves is the spots',
	 * their intersection the paths with both ends at anchors (leave_dests'
	 * test, docs/decisions.md hawaii 55). */
	uint64_t *ship_ends;
	/* Per path p of the built-in map (as ship_ends; else all 0): bit e set
	 * where node[e] is a stop (k.stop), for the AVX2 ship list's bare ends
	 * (moves_avx2).  Set by hw_rules_list_table. */
	uint8_t end_stop[160];
	/* Per path 96 + i of the built-in map (i < 64, the AVX2 ship list's
	 * window) and end e: end_byte[e][i] the byte of node[e] in a point
	 * bitset of 16 bytes, end_bit[e][i] its bit in that byte; for a
	 * road-type path 0x80 and 1 (a byte shuffle gives 0 there, no bit).
	 * The spots' lookup of the anchors (spots_avx2_160).  Set by
	 * hw_rules_list_table. */
	uint8_t end_byte[2][64], end_bit[2][64];
	/* The codes listed for every hex of a range but one (hw_put_codes), in
	 * the same allocation: FISH(move robber, hex) per land hex, FISH(move
	 * pirate, hex) and MOVE_PIRATE(hex) per sea hex from n_land. */
	crisk_action *robber_codes, *fish_pirate_codes, *pirate_codes;
	/* Whether any point has a harbor (k.node_harbor): none on a catanmap,
	 * so a merchant update need not visit the buildings. */
	int node_harbors;
	/* hawaii_rl.c: the kernel's action count and observation size, where
	 * hawaii's indices and floats start (hw_rules_rl). */
	size_t rl_kern_actions, rl_kern_obs;
	/* hawaii_actions.c: hawaii_apply_listed's function per action type
	 * (all below 64), set by hw_rules_apply_table: a listed code goes to
	 * its apply in one indirect jump (docs/decisions.md, hawaii 54). */
	int (*listed_apply[64])(const kern *k, void *st, crisk_action a, evlog *log);
	/* hawaii_apply's function per type byte (all 256: no bound test), set
	 * by hw_rules_apply_table: the usual types' checks and then their
	 * apply, the others (and any code the entry does not take) the full
	 * path (docs/decisions.md, hawaii 56). */
	int (*checked_apply[256])(const kern *k, void *st, crisk_action a, evlog *log);
	/* hawaii_moves.c: hawaii_list's main phase with ship actions (`ways`,
	 * not 0: build where a bit of HW_WAYS_BUILD is set, move where
	 * HW_WAYS_MOVE is) and at most HW_FISH_LIMIT fish:
	 * kern_legal_main's list, the ships', then the fish market's (2 fish
	 * or more) in one frame; the lister for this map and processor,
	 * chosen once (hw_rules_list_table). */
	size_t (*list_main)(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap, unsigned ways);
} hw_rules;
/* hw_rules.list_main's `ways`: bits 0..23 nonzero exactly when a ship can be
 * built (list_main's product of three bytes, below 2^24), bit 24 when one
 * can be moved. */
#define HW_WAYS_MOVE (1u << 24)
#define HW_WAYS_BUILD (HW_WAYS_MOVE - 1u)
/* Bitset words the tables and listers hold on the stack: maps of up to 512
 * spaces and 512 points. */
#define HW_MAX_PW 8
#define HW_NO_PATH 0xFFFFu
#define HW_MAX_NW 8

/* Module state (the kernel's ext region), saved field by field. */
typedef struct hw_ext {
	uint16_t pirate;                /* sea hex of the pirate (H-34) */
	uint8_t ships[CRISK_MAX_SEATS]; /* ships in supply per seat (H-34) */
	/* slice fish */
	uint8_t fish[CRISK_MAX_SEATS];  /* fish tokens per seat, outside the hand (H-69, H-70) */
	uint8_t boat[CRISK_MAX_SEATS];  /* fishing-boat position per seat (H-65) */
	uint8_t chit[HW_MAX_CHITS];     /* per chit point in map order: 0 on the board, else holder + 1 (H-75) */
	uint8_t market;                 /* HW_MK_*: a fish-market chance event under way */
	uint8_t thief;                  /* moved last: 0 the robber, 1 the pirate (H-54) */
	uint8_t moved;                  /* the turn's seat moved a ship this turn (H-78) */
	uint8_t n_fresh;                /* ships its seat placed or moved this turn (H-80) */
	uint16_t fresh[HW_SHIPS];       /* their spaces, in order; the rest 0 */
} hw_ext;

static inline hw_ext *hwx(const kern *k, const void *st)
{
	return (hw_ext *)kext(k, st);
}
static inline const hw_rules *hwr(const kern *k)
{
	return (const hw_rules *)(const void *)k;
}

/* hawaii_tables.c: hw_rules.tables, once the kernel is set up. */
int hw_rules_tables(hw_rules *r);

/* The paths the pirate blocks (H-46, H-59), as a path bitset. */
/* pw is k.pw, a constant where the caller has one. */
static inline const uint64_t *hw_pirate_paths_pw(const kern *k, const void *st, const int pw)
{
	unsigned i = (unsigned)hwx(k, st)->pirate - (unsigned)k->b.n_land;
	if (i > (unsigned)k->b.n_sea)
		i = (unsigned)k->b.n_sea;
	return hwr(k)->sea_paths + (size_t)i * (size_t)pw;
}
static inline const uint64_t *hw_pirate_paths(const kern *k, const void *st)
{
	return hw_pirate_paths_pw(k, st, k->pw);
}

/* hawaii.c: the rules object from a parameter string of hawaii_params. */
extern const param_desc hawaii_params[];
extern const int hawaii_n_params;
#define HW_N_PARAMS 9 /* entries of hawaii_params, for the vtable */
int hawaii_rules_create(void **data, const param_set *p);
/* With the host's catanmap text (crisk_rules_new_with_data); on success
 * p's `map` reads "data", the map in force (module.h). */
int hawaii_rules_create_data(void **data, param_set *p, const char *text, size_t len);
void hawaii_rules_destroy(void *data);
void hawaii_state_init(const void *data, void *st, evlog *log);
int hawaii_state_check(const void *data, const void *st);

/* hawaii_setup.c */
/* H-37, H-88: whether `seat` may take `node` as a set-up settlement by the
 * island rule, its fallback included (the kernel checks the distance rule). */
int hw_setup_site_ok(const kern *k, const void *st, int seat, int node);
/* The same for every point at once, as a point bitset (the kernel's setup_sites hook). */
void hw_setup_sites(const kern *k, const void *st, int seat, uint64_t *sites);
/* H-38: the set-up piece as a ship (PLACE_SHIP). */
int hw_check_setup_ship(const kern *k, const void *st, int p);
void hw_list_setup_ships(const kern *k, const void *st, action_out *o);
void hw_place_setup_ship(const kern *k, void *st, int p, evlog *log);
/* H-38: whether `seat` may place its set-up piece as a ship at `node`, its
 * settlement just placed (the kernel's setup_piece_more hook: with no
 * road and no ship place there, the piece is skipped). */
int hw_setup_ship_spot(const kern *k, const void *st, int seat, int node);

/* hawaii_ships.c */
/* H-46: whether the pirate blocks ships on path p. */
static inline int hw_pirate_blocks(const kern *k, const void *st, int p)
{
	return bit_get(hw_pirate_paths(k, st), p);
}
/* H-44, H-45: the points with a ship-type path where seat s's network may
 * grow (its buildings, and the empty points its roads or ships reach that
 * are no named location), as a point bitset of k.nw words. */
void hw_anchors(const kern *k, const void *st, int s, uint64_t *anchor);
/* H-3 (a), H-45, H-46: the empty ship-type paths seat s may take, as a
 * path bitset of k.pw words; returns whether there is any. */
int hw_ship_spots(const kern *k, const void *st, int s, uint64_t *spots);
/* spots = the union of the ship_at rows (pw words each) of the anchors;
 * inlined with a constant pw for the usual map sizes. */
#if defined(__GNUC__)
#define HW_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define HW_ALWAYS_INLINE inline
#endif
static HW_ALWAYS_INLINE void hw_or_rows(const uint64_t *ship_at, int nw, const uint64_t *anchor, int pw,
					 uint64_t *spots, const int lo)
{
	uint64_t acc[HW_MAX_PW]; /* local: the rows' loads need not wait for stores to spots */
	for (int i = 0; i < pw; i++)
		acc[i] = 0;
	for (int w = 0; w < nw; w++) {
		const uint64_t *rows = ship_at + (size_t)w * 64 * (size_t)pw + lo; /* the word's points' rows, from word lo */
		for (uint64_t m = anchor[w]; m; m &= m - 1) {
			const uint64_t *at = rows + (size_t)(unsigned)bit_low(m) * (size_t)pw;
			for (int i = lo; i < pw; i++) /* words below lo: 0 in every row */
				acc[i] |= at[i - lo];
		}
	}
	for (int i = 0; i < pw; i++)
		spots[i] = acc[i];
}

/* The path bytes as bitsets of pw words: the empty paths (byte 0) and
 * those of `me` (byte me = seat + 1, roads and ships); bits from n_path on
 * are 0.  Sixteen bytes a step with SSE2 (the x86-64 baseline), else eight
 * by the zero-byte test (hw_path_bits_swar, which the tests compare too). */
static inline uint64_t hw_zero_bytes8(uint64_t x) /* bit i: byte i of x is 0 */
{
	uint64_t hi = ~(((x & UINT64_C(0x7F7F7F7F7F7F7F7F)) + UINT64_C(0x7F7F7F7F7F7F7F7F)) | x) &
		      UINT64_C(0x8080808080808080);
	return (hi * UINT64_C(0x0002040810204081)) >> 56;
}
static HW_ALWAYS_INLINE void hw_path_bits_swar(const uint8_t *paths, int n_path, unsigned me, int pw, uint64_t *empty,
						uint64_t *mine)
{
	const uint64_t ones = UINT64_C(0x0101010101010101) * (uint8_t)me;
	int i = 0;
	for (int w = 0; w < pw; w++)
		empty[w] = mine[w] = 0;
	for (; i + 8 <= n_path; i += 8) {
		uint64_t x;
		memcpy(&x, paths + i, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		x = __builtin_bswap64(x);
#endif
		empty[i >> 6] |= hw_zero_bytes8(x) << (i & 63);
		mine[i >> 6] |= hw_zero_bytes8(x ^ ones) << (i & 63);
	}
	for (; i < n_path; i++) {
		empty[i >> 6] |= (uint64_t)(paths[i] == 0) << (i & 63);
		mine[i >> 6] |= (uint64_t)(paths[i] == me) << (i & 63);
	}
}
/* hw_path_bits_from: the same with the words of `empty` below lo left 0
 * (the ship listers' spots need none there, hw_rules.ship_lo). */
static HW_ALWAYS_INLINE void hw_path_bits_from(const uint8_t *paths, int n_path, unsigned me, int pw, const int lo,
						uint64_t *empty, uint64_t *mine)
{
#if defined(__SSE2__)
	const __m128i zero = _mm_setzero_si128(), mv = _mm_set1_epi8((char)me);
	for (int w = 0; w < pw; w++) {
		uint64_t e = 0, o = 0;
		int i = w * 64, c = 0;
		for (; c < 4 && i + 16 <= n_path; c++, i += 16) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(paths + i));
			if (w >= lo)
				e |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)) << (16 * c);
			o |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, mv)) << (16 * c);
		}
		for (; i < n_path && i < w * 64 + 64; i++) {
			if (w >= lo)
				e |= (uint64_t)(paths[i] == 0) << (i & 63);
			o |= (uint64_t)(paths[i] == me) << (i & 63);
		}
		empty[w] = e;
		mine[w] = o;
	}
#else
	hw_path_bits_swar(paths, n_path, me, pw, empty, mine);
	for (int w = 0; w < lo && w < pw; w++)
		empty[w] = 0;
#endif
}
static HW_ALWAYS_INLINE void hw_path_bits(const uint8_t *paths, int n_path, unsigned me, int pw, uint64_t *empty,
					   uint64_t *mine)
{
	hw_path_bits_from(paths, n_path, me, pw, 0, empty, mine);
}
/* hw_path_bits's `empty` alone (the build list without moves). */
static HW_ALWAYS_INLINE void hw_path_empty(const uint8_t *paths, int n_path, int pw, const int lo, uint64_t *empty)
{
#if defined(__SSE2__)
	const __m128i zero = _mm_setzero_si128();
	for (int w = 0; w < lo && w < pw; w++)
		empty[w] = 0;
	for (int w = lo; w < pw; w++) {
		uint64_t e = 0;
		int i = w * 64, c = 0;
		for (; c < 4 && i + 16 <= n_path; c++, i += 16) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(paths + i));
			e |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)) << (16 * c);
		}
		for (; i < n_path && i < w * 64 + 64; i++)
			e |= (uint64_t)(paths[i] == 0) << (i & 63);
		empty[w] = e;
	}
#else
	uint64_t mine[HW_MAX_PW];
	hw_path_bits_swar(paths, n_path, 0, pw, empty, mine);
	for (int w = 0; w < lo && w < pw; w++)
		empty[w] = 0;
#endif
}
/* The points of owner `me` (seat + 1: node byte & NODE_OWNER_MASK) as a
 * point bitset of nw words, bits from n_node on 0: SSE2 sixteen bytes a
 * step, the last step's bytes loaded from n_node - 16 (within the array);
 * else one by one. */
static HW_ALWAYS_INLINE void hw_own_points(const uint8_t *nodes, int n_node, unsigned me, int nw, uint64_t *own)
{
#if defined(__SSE2__)
	const __m128i low = _mm_set1_epi8((char)NODE_OWNER_MASK), mv = _mm_set1_epi8((char)me);
	for (int w = 0; w < nw; w++) {
		uint64_t o = 0;
		int i = w * 64, c = 0;
		for (; c < 4 && i + 16 <= n_node; c++, i += 16) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(nodes + i));
			o |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(v, low), mv)) << (16 * c);
		}
		if (c < 4 && i < n_node) { /* the last n_node - i < 16 bytes */
			if (n_node >= 16) {
				__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(nodes + n_node - 16));
				unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(v, low), mv));
				o |= (uint64_t)(m >> (i + 16 - n_node)) << (16 * c);
			} else {
				for (; i < n_node; i++)
					o |= (uint64_t)((nodes[i] & NODE_OWNER_MASK) == me) << (i & 63);
			}
		}
		own[w] = o;
	}
#else
	for (int w = 0; w < nw; w++)
		own[w] = 0;
	for (int i = 0; i < n_node; i++)
		own[i >> 6] |= (uint64_t)((nodes[i] & NODE_OWNER_MASK) == me) << (i & 63);
#endif
}

/* hw_anchors from the seat's points (hw_own_points), inline. */
static HW_ALWAYS_INLINE void hw_anchors_own(const kern *k, const void *st, int s, const uint64_t *own, uint64_t *anchor,
					     const int nw)
{
	const uint64_t *reach = kreach(k, st, s), *occupied = koccupied(k, st), *coast = hwr(k)->coast;
	/* kern_path_ok's test, word by word: an empty point the seat reaches
	 * that is no named location, or one of its buildings. */
	for (int w = 0; w < nw; w++)
		anchor[w] = ((reach[w] & ~occupied[w] & ~k->stop[w]) | (own[w] & occupied[w])) & coast[w];
}
/* hw_anchors, inline, with constant sizes for the built-in map. */
static HW_ALWAYS_INLINE void hw_anchors_sized(const kern *k, const void *st, int s, uint64_t *anchor, const int n_node,
					       const int nw)
{
	uint64_t own[HW_MAX_NW];
	hw_own_points(knodes(k, st), n_node, (unsigned)s + 1, nw, own);
	hw_anchors_own(k, st, s, own, anchor, nw);
}

/* AVX2 forms of hw_path_bits_from and hw_own_points for the built-in
 * map's sizes (160 paths, ship-type paths from word 1; 125 points),
 * thirty-two bytes a step, for the listers' AVX2 build
 * (hw_list_main_ships picks it when the processor has AVX2, as
 * crisk_game_copy picks its copy; tests/catanmap/test_hawaii_derived.c
 * compares them with the bytes).  GCC or Clang on x86-64 only. */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(HW_NO_AVX2) /* HW_NO_AVX2: the build without it, to measure */
#include <immintrin.h>
#define HW_AVX2 1
/* With BMI1 and BMI2, which every AVX2 processor has (Haswell, Excavator
 * and later): the bit loops' m &= m - 1 is one blsr, tzcnt's index needs
 * no sign extension, shifts take any register (shlx). */
#define HW_TARGET_AVX2 __attribute__((target("avx2,bmi,bmi2")))
static inline int hw_has_avx2(void)
{
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
}
/* bit_low for the AVX2 (and BMI) listers: tzcnt alone, without the
 * register clearing GCC puts before it (for processors where tzcnt waits
 * on its destination's old value; not the ones this way is measured on). */
static HW_TARGET_AVX2 inline __attribute__((always_inline)) uint64_t hw_tz(uint64_t m)
{
	uint64_t r;
	__asm__("tzcnt %1, %0" : "=r"(r) : "rm"(m) : "cc");
	return r;
}
/* The owner-`me` bits of the 32 bytes at b (bit i: byte i). */
static HW_TARGET_AVX2 inline __attribute__((always_inline)) uint64_t hw_eq32(const uint8_t *b, __m256i v)
{
	__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)b);
	return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, v));
}
/* hw_path_bits_from(paths, 160, me, 3, 1, empty, mine); `mine` only if
 * `with_mine` (else hw_path_empty's `empty` alone). */
static HW_TARGET_AVX2 inline __attribute__((always_inline)) void
hw_path_bits_avx2_160(const uint8_t *paths, unsigned me, uint64_t *empty, uint64_t *mine, const int with_mine)
{
	const __m256i zero = _mm256_setzero_si256(), mv = _mm256_set1_epi8((char)me);
	empty[0] = 0;
	empty[1] = hw_eq32(paths + 64, zero) | hw_eq32(paths + 96, zero) << 32;
	empty[2] = hw_eq32(paths + 128, zero);
	if (with_mine) {
		mine[0] = hw_eq32(paths, mv) | hw_eq32(paths + 32, mv) << 32;
		mine[1] = hw_eq32(paths + 64, mv) | hw_eq32(paths + 96, mv) << 32;
		mine[2] = hw_eq32(paths + 128, mv);
	}
}
/* hw_own_points(nodes, 125, me, 2, own): the last step's 32 bytes loaded
 * from point 93 (within the array), their first three bits dropped. */
static HW_TARGET_AVX2 inline __attribute__((always_inline)) void hw_own_points_avx2_125(const uint8_t *nodes,
											 unsigned me, uint64_t *own)
{
	const __m256i low = _mm256_set1_epi8((char)NODE_OWNER_MASK), mv = _mm256_set1_epi8((char)me);
	uint64_t m[4];
	static const int at[4] = {0, 32, 64, 93};
	for (int c = 0; c < 4; c++) {
		__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(nodes + at[c]));
		m[c] = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(x, low), mv));
	}
	own[0] = m[0] | m[1] << 32;
	own[1] = m[2] | (m[3] >> 3) << 32;
}
/* The codes base + i for i < n but `skip` (all n if skip is not below n),
 * ascending, into w: four a store, in two runs (below and from skip), each
 * up to 3 codes past its end, so w needs room for n + 3.  Returns the
 * count.  For the lists of every hex but the thief's (hw_put_codes, and
 * the robber's and pirate's moves). */
static HW_TARGET_AVX2 inline __attribute__((always_inline)) size_t hw_run_avx2(crisk_action *w, crisk_action base,
									     int n, int skip)
{
	const int c = (unsigned)skip < (unsigned)n ? n - 1 : n, cut = (unsigned)skip < (unsigned)n ? skip : n;
	const __m256i four = _mm256_set1_epi64x(4);
	__m256i v = _mm256_add_epi64(_mm256_set1_epi64x((long long)base), _mm256_set_epi64x(3, 2, 1, 0));
	for (int i = 0; i < cut; i += 4, v = _mm256_add_epi64(v, four))
		_mm256_storeu_si256((__m256i *)(void *)(w + i), v);
	v = _mm256_add_epi64(_mm256_set1_epi64x((long long)(base + (crisk_action)cut + 1)), _mm256_set_epi64x(3, 2, 1, 0));
	for (int i = cut; i < c; i += 4, v = _mm256_add_epi64(v, four))
		_mm256_storeu_si256((__m256i *)(void *)(w + i), v);
	return (size_t)c;
}
/* hw_run_avx2 for a constant n (the built-in map's 28 land and 43 sea
 * hexes): ceil(n / 4) stores, each of base + 1 + i less 1 below skip, no
 * loop and no branch; room for n + 3 as there. */
static HW_TARGET_AVX2 inline __attribute__((always_inline)) size_t hw_run_avx2_n(crisk_action *w, crisk_action base,
									       const int n, int skip)
{
	const int in = (unsigned)skip < (unsigned)n;
	const __m256i b1 = _mm256_set1_epi64x((long long)(base + 1)), sk = _mm256_set1_epi64x(in ? skip : n);
#pragma GCC unroll 16
	for (int j = 0; j < n; j += 4) {
		const __m256i idx = _mm256_set_epi64x(j + 3, j + 2, j + 1, j);
		_mm256_storeu_si256((__m256i *)(void *)(w + j),
				    _mm256_add_epi64(_mm256_add_epi64(b1, idx), _mm256_cmpgt_epi64(sk, idx)));
	}
	return (size_t)(n - in);
}
#endif
static HW_ALWAYS_INLINE void hw_anchors_of(const kern *k, const void *st, int s, uint64_t *anchor)
{
	if (k->b.n_node == 125) /* the built-in map: 2 words */
		hw_anchors_sized(k, st, s, anchor, 125, 2);
	else
		hw_anchors_sized(k, st, s, anchor, k->b.n_node, k->nw);
}

/* hw_path_bits of st's paths, with constant sizes for the built-in map. */
static HW_ALWAYS_INLINE void hw_path_bits_of(const kern *k, const void *st, unsigned me, uint64_t *empty, uint64_t *mine)
{
	if (k->b.n_path == 160) /* the built-in map: 3 words */
		hw_path_bits(kpaths(k, st), 160, me, 3, empty, mine);
	else
		hw_path_bits(kpaths(k, st), k->b.n_path, me, k->pw, empty, mine);
}

/* H-3 (a), H-45, H-46: the spots from the seat's anchors (hw_anchors) and
 * the empty paths (hw_path_bits): the ship-type paths at an anchor, empty
 * and away from the pirate; returns whether there is any.  Inline, for the
 * listers. */
static HW_ALWAYS_INLINE int hw_spots_sized(const kern *k, const void *st, const uint64_t *anchor,
					   const uint64_t *empty, uint64_t *spots, const int pw, const int nw,
					   const int lo)
{
	const uint64_t *blocked = hw_pirate_paths(k, st);
	uint64_t any = 0;
	hw_or_rows(hwr(k)->ship_at, nw, anchor, pw, spots, lo); /* words below lo: 0 */
	for (int i = lo; i < pw; i++) {
		spots[i] &= empty[i] & ~blocked[i];
		any |= spots[i];
	}
	return any != 0;
}
static HW_ALWAYS_INLINE int hw_spots_from(const kern *k, const void *st, const uint64_t *anchor, const uint64_t *empty,
					  uint64_t *spots)
{
	const int pw = k->pw;
	switch (pw) {
	case 2:
		return hw_spots_sized(k, st, anchor, empty, spots, 2, k->nw, 0);
	case 3:
		if (k->nw == 2) /* the built-in map: 160 spaces, 125 points */
			return hw_spots_sized(k, st, anchor, empty, spots, 3, 2, 0);
		return hw_spots_sized(k, st, anchor, empty, spots, 3, k->nw, 0);
	case 4:
		return hw_spots_sized(k, st, anchor, empty, spots, 4, k->nw, 0);
	default:
		return hw_spots_sized(k, st, anchor, empty, spots, pw, k->nw, 0);
	}
}

/* The same, the empty paths found here. */
static inline int hw_spots_at(const kern *k, const void *st, const uint64_t *anchor, uint64_t *spots)
{
	uint64_t empty[HW_MAX_PW], mine[HW_MAX_PW];
	hw_path_bits_of(k, st, 0, empty, mine);
	return hw_spots_from(k, st, anchor, empty, spots);
}

/* Notes a ship the turn's seat placed or moved onto path p this turn
 * (H-80): only the turn's own seat's ships matter; special build windows
 * and set-up come before that seat's next turn start. */
static inline void hw_note_fresh(const kern *k, void *st, int p)
{
	const kstate *h = ks(st);
	hw_ext *x = hwx(k, st);
	if (h->turn > 0 && h->part_owner == NO_SEAT && x->n_fresh < HW_SHIPS)
		x->fresh[x->n_fresh++] = (uint16_t)p;
}
/* Seat s's ship onto path p, from its supply. */
void hw_add_ship(const kern *k, void *st, int s, int p);
/* The same without the supply: a ship that moves (hw_move_ship).  Inline:
 * the path's points are read before the byte store (which may alias). */
static inline void hw_set_ship(const kern *k, void *st, int s, int p)
{
	uint64_t *reach = kreach(k, st, s);
	const int n0 = k->b.path[p].node[0], n1 = k->b.path[p].node[1];
	kpaths(k, st)[p] = (uint8_t)(s + 1);
	bit_set(reach, n0);
	bit_set(reach, n1);
	hw_note_fresh(k, st, p); /* H-80 */
}
/* BUILD_SHIP (H-3 a, H-43, H-45, H-46, H-89). */
int hw_check_build_ship(const kern *k, const void *st, int p);
void hw_list_build_ships(const kern *k, const void *st, action_out *o);
/* hw_list_build_ships in parts, for hw_list_own's main phase: whether the
 * active seat may build a ship (phase, supply, cost: H-41, H-43, H-89;
 * inline for hw_list_own), and the paths of spots ascending as actions of
 * `type`. */
static inline int hw_build_listable(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	const kseat *seat = kseat_of(k, st, h->active);
	/* hw_check_build_ship's words; a ship costs 1 lumber and 1 wool (B-1
	 * order: brick lumber wool grain ore; ship_cost in hawaii_ships.c). */
	return h->status == CRISK_STATUS_RUNNING && (h->dp == DP_MAIN || h->dp == DP_SPECIAL_BUILD) &&
	       h->cur == (int8_t)h->active && hwx(k, st)->ships[h->active] && seat->hand[1] && seat->hand[2];
}
void hw_list_spots(const kern *k, const uint64_t *spots, unsigned type, action_out *o);
void hw_build_ship(const kern *k, void *st, int p, evlog *log);
/* Road Building with ships (H-51): the kernel's free_pieces hook, and
 * PLACE_FREE_SHIP at DP_FREE_ROAD. */
int hw_free_ships(const kern *k, const void *st, int s, int *spot);
int hw_check_free_ship(const kern *k, const void *st, int p);
void hw_list_free_ships(const kern *k, const void *st, action_out *o);
void hw_place_free_ship(const kern *k, void *st, int p, evlog *log);
/* A free ship of seat s onto path p, with its event, placement effects and route. */
void hw_put_free_ship(const kern *k, void *st, int s, int p, evlog *log);

/* hawaii_ships.c, for the fish market's ship (H-73): H-3 (a), H-45, H-46
 * for seat s on path p, with the reason (hw_ship_spots lists them). */
int hw_check_ship_spot(const kern *k, const void *st, int s, int p);

/* ---- slice fish ---- */
/* hawaii_effects.c: H-50's placement effects (chit, boat, merchant) after
 * seat s put a road or ship on path p, and H-81's after a ship left p.
 * The out-of-line parts do them all; the inline ones below call them only
 * when an effect may happen (most pieces take no chit and stand on no
 * fishing or merchant space). */
void hw_piece_effects(const kern *k, void *st, int s, int p, evlog *log);
void hw_ship_left_effects(const kern *k, void *st, int s, int p, evlog *log);
/* Whether a chit still lies at an end of path p (H-75): what
 * hw_chit_claim takes. */
static inline int hw_chit_lies(const kern *k, const void *st, int p)
{
	const int16_t *chit_of = hwr(k)->chit_of;
	const hw_ext *x = hwx(k, st);
	int c0 = chit_of[k->b.path[p].node[0]], c1 = chit_of[k->b.path[p].node[1]];
	return (c0 >= 0 && !x->chit[c0]) | (c1 >= 0 && !x->chit[c1]);
}
/* Whether a ship on or off path p moves the boat or a merchant rate
 * (hw_piece_effects' and hw_ship_left_effects' tests). */
static inline int hw_ship_effects(const kern *k, int p)
{
	return k->b.path_kind[p] == BPATH_FISHING || k->b.path_trade[p] != BOARD_NO8;
}
/* hw_piece_placed with hw_chit_lies(k, st, p) known (`chit`). */
static inline void hw_piece_placed_as(const kern *k, void *st, int s, int p, int chit, evlog *log)
{
	if (chit || (!kern_road_path(k, p) && hw_ship_effects(k, p)))
		hw_piece_effects(k, st, s, p, log);
}
static inline void hw_piece_placed(const kern *k, void *st, int s, int p, evlog *log)
{
	hw_piece_placed_as(k, st, s, p, hw_chit_lies(k, st, p), log);
}
static inline void hw_ship_removed(const kern *k, void *st, int s, int p, evlog *log)
{
	if (hw_ship_effects(k, p))
		hw_ship_left_effects(k, st, s, p, log);
}
/* A ship built or moved (H-44, H-81) raises its seat's VP (H-85) only by
 * Longest Trade Route (the holder changed), a chit taken at the ship's
 * path or fishing VP gained (the boat on a track value above its old
 * one).  Else the victory check after it would repeat the last check's
 * answer, no win since the game runs (the turn start's check and one
 * after each VP gained since), and is left out (docs/decisions.md hawaii
 * 58).  hw_vp_before(k, st, s, p) before the ship arrives on p,
 * hw_vp_may_rise after it and its Longest Trade Route. */
typedef struct hw_vp_mark {
	int lr, boat, chit;
} hw_vp_mark;
static inline hw_vp_mark hw_vp_before(const kern *k, const void *st, int s, int p)
{
	hw_vp_mark m = {ks(st)->lr, hwx(k, st)->boat[s], hw_chit_lies(k, st, p)};
	return m;
}
static inline int hw_vp_may_rise(const kern *k, const void *st, int s, hw_vp_mark m)
{
	const int boat = hwx(k, st)->boat[s];
	const uint8_t *track = hwr(k)->track_vp;
	return ks(st)->lr != m.lr || m.chit || (boat != m.boat && track[boat] > track[m.boat]);
}
/* hawaii_chits.c (H-75, H-76) */
int hw_rules_chits(hw_rules *r);
void hw_chit_claim(const kern *k, void *st, int s, int p, evlog *log);
int hw_chits_of(const kern *k, const void *st, int s);
/* hw_chits_of for a map of at most 8 chits (the built-in map's 8), inline
 * for hw_extra_vp8: the chits held by s + 1, eight bytes at once (bytes_equal marks them, the multiply sums them). */
static inline int hw_chits_in8(const kern *k, const void *st, int s)
{
	uint64_t hit = bytes_equal(load8(hwx(k, st)->chit), (uint8_t)(s + 1)) >> 7;
	return (int)((hit * UINT64_C(0x0101010101010101)) >> 56);
}
int hw_chits_check(const kern *k, const void *st);
/* hawaii_trade.c (H-62, H-63) */
unsigned hw_merchant_bits(const kern *k, const void *st, int s);
void hw_merchant_update(const kern *k, void *st, int s, int p, evlog *log);
int hw_rules_merchants(hw_rules *r);
/* Fish in domestic offers (H-61): the kernel's good_held, good_move hooks,
 * and the engine's limit of HW_FISH_MAX per seat for OFFER_TRADE and ACCEPT. */
int hw_fish_held(const kern *k, const void *st, int s, int g);
void hw_fish_move(const kern *k, void *st, int from, int to, int g, int n);
int hw_trade_fish_ok(const kern *k, const void *st, crisk_action a);
/* hawaii_fish.c (H-65..H-74) */
int hw_rules_fishing(hw_rules *r);
int hw_boat_count(const kern *k, const void *st, int s);
void hw_boat_update(const kern *k, void *st, int s, evlog *log);
int hw_fishing_vp(const kern *k, const void *st, int s);
int hw_extra_vp(const kern *k, const void *st, int s);
int hw_extra_vp8(const kern *k, const void *st, int s); /* with at most 8 chits */
void hw_turn_start_vp8(const kern *k, void *st, evlog *log); /* kern.turn_more with hw_extra_vp8 */
void hw_fish_produced(const kern *k, void *st, int sum, evlog *log);
int hw_module_steal(const kern *k, const void *st);
int hw_fish_check(const kern *k, const void *st);
int hw_end_turn_ok(const kern *k, const void *st);
int hw_must_return(const kern *k, const void *st);
void hw_list_market(const kern *k, const void *st, action_out *o);
/* codes[0 .. n) but codes[skip] (none when skip is outside), in order, into o. */
void hw_put_codes(action_out *o, const crisk_action *codes, int n, int skip);
/* hawaii's own actions at st's decision point (ships, pirate, fish market),
 * in ascending order, after the kernel's (hawaii_actions.c). */
void hw_list_own(const kern *k, const void *st, action_out *o);
int hw_check_market(const kern *k, const void *st, crisk_action a);
/* hw_check_market, then hw_apply_market on success (hawaii_apply's market
 * entry): the two moves' tests inline, without a frame around a call. */
int hw_market_checked(const kern *k, void *st, crisk_action a, evlog *log);
void hw_apply_market(const kern *k, void *st, crisk_action a, evlog *log);
/* After any kernel action: a market steal or draw that is over returns. */
void hw_market_done(const kern *k, void *st);
void hw_fish_view_json(const kern *k, const void *st, int viewer, jw *w);
/* hawaii_pirate.c: the pirate's moves and steals (section 9). */
/* H-58: opponents of the active seat with cards and a ship next to the pirate. */
unsigned hw_pirate_victims(const kern *k, const void *st);
/* The kernel's thief_victims hook: the pirate's or the robber's. */
unsigned hw_thief_victims(const kern *k, const void *st);
int hw_check_move_pirate(const kern *k, const void *st, int hex);
/* H-91 for any pirate move (7, knight, fish market): with friendly_robber,
 * the pirate stays off the sea hexes of a ship of an opponent with at most
 * 3 visible VP, unless that leaves it no sea hex (B-63's fallback).  The
 * test, and the check with its message. */
int hw_pirate_friendly_ok(const kern *k, const void *st, int hex);
int hw_check_pirate_friendly(const kern *k, const void *st, int hex);
void hw_list_move_pirate(const kern *k, const void *st, action_out *o);
void hw_move_pirate(const kern *k, void *st, int hex, evlog *log);
/* hw_check_move_pirate, then hw_move_pirate on success (hawaii_apply's
 * MOVE_PIRATE entry): the usual case's tests inline, without a frame. */
int hw_move_pirate_checked(const kern *k, void *st, int hex, evlog *log);

/* hawaii_moves.c: moving ships (section 15). */
/* The kernel's turn_start hook: a new turn has no ship moved or placed yet. */
void hw_moves_turn_start(const kern *k, void *st, evlog *log);
/* H-79: whether seat s's ship on path p is at an open end. */
int hw_open_end(const kern *k, const void *st, int s, int p);
/* The same from hw_rules.end_bits and s's pieces as a path bitset (the
 * listers' form), as bit e for each open end node[e]. */
unsigned hw_open_ends_bits(const kern *k, const void *st, int s, int p);
int hw_check_move_ship(const kern *k, const void *st, int from, int to);
/* hw_check_move_ship, then hw_move_ship when it passes (the public apply). */
int hw_move_ship_checked(const kern *k, void *st, int from, int to, evlog *log);
/* Whether the active seat may move a ship now (H-78, and a ship not
 * fresh, H-80): hw_list_main_ships then lists its moves. */
static inline int hw_move_listable(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	const hw_ext *x = hwx(k, st);
	/* H-78: the active seat's main phase (never pre-roll or a special
	 * build window), no ship moved yet this turn; not when every ship of
	 * the seat's is fresh (H-80), or it has none. */
	return h->status == CRISK_STATUS_RUNNING && h->dp == DP_MAIN && h->cur == (int8_t)h->active && !x->moved &&
	       HW_SHIPS - x->ships[h->active] > x->n_fresh;
}
/* hw_list_own's main phase: BUILD_SHIP (if `build`, hw_build_listable)
 * and MOVE_SHIP (if `move`, hw_move_listable), sharing the anchors, path
 * bitsets and spots. */
void hw_list_main_ships(const kern *k, const void *st, int build, int move, action_out *o);
/* The same by one way, for the tests: 0 the built-in map's sizes without
 * AVX2 (where they fit), 1 the sizes read at run time, 2 the AVX2 build
 * (where the processor has AVX2 and the sizes fit); else way 1. */
void hw_list_main_ships_way(const kern *k, const void *st, int build, int move, action_out *o, int way);
/* hw_rules.list_main, once the tables are made (hw_rules_tables). */
void hw_rules_list_table(hw_rules *r);
/* The same by one way, for the tests (as hw_list_main_ships_way). */
size_t hw_list_main_way(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap, int build, int move,
			int way);
void hw_move_ship(const kern *k, void *st, int from, int to, evlog *log);
/* hw_ext_check's part for the fields of this slice. */
int hw_moves_check(const kern *k, const void *st);

/* hawaii_actions.c: the kernel's lists, checks and moves plus the module's
 * ship actions. */
size_t hawaii_legal(const void *data, const void *st, crisk_action *buf, size_t cap);
/* hawaii_legal, with domestic offers only when `offers` is set (the
 * kernel's kern_legal_offers), and as the vtable's legal_except. */
size_t hawaii_list(const void *data, const void *st, int offers, crisk_action *buf, size_t cap);
size_t hawaii_legal_except(const void *data, const void *st, uint64_t skip_types, crisk_action *buf, size_t cap);
int hawaii_check(const void *data, const void *st, crisk_action a);
int hawaii_apply(const void *data, void *st, crisk_action a, evlog *log);
/* hawaii_apply for a code hawaii_list gave for st just now (playouts). */
int hawaii_apply_listed(const void *data, void *st, crisk_action a, evlog *log);
void hw_rules_apply_table(hw_rules *r); /* listed_apply and checked_apply, after kern_init */
/* hawaii_apply_listed inline (hw_playout's loop): the type's function of
 * hw_rules.listed_apply, called at once. */
static inline int hw_apply_listed_inline(const void *data, void *st, crisk_action a, evlog *log)
{
	unsigned type = ACT_TYPE(a);
	assert(type < 64); /* every listed type: the kernel's and hawaii.h's */
	return ((const hw_rules *)data)->listed_apply[type](data, st, a, log);
}

/* hawaii_text.c: text forms of the module's actions and events. */
int hw_action_to_string(const void *data, crisk_action a, textbuf *t);
int hw_action_from_string(const void *data, const char *text, crisk_action *out);
void hw_event_to_string(const void *data, const crisk_event *e, textbuf *t);
void hw_event_json(const void *data, const crisk_event *e, jw *w);
/* hawaii_module.c: the board description of the map. */
void hw_board_json(const void *data, jw *w);

/* hawaii_rl.c: the rl_* hooks of module.h (docs/rl-hawaii.md), the kernel's
 * (catan_rl.c) followed by hawaii's types and fields. */
void hw_rules_rl(hw_rules *r);
size_t hw_rl_actions(const void *data);
int64_t hw_rl_index(const void *data, const void *st, crisk_action a);
crisk_action hw_rl_action(const void *data, const void *st, size_t i);
size_t hw_rl_obs_size(const void *data);
void hw_rl_observe(const void *data, const void *st, int viewer, float *out);
void hw_rl_describe_actions(const void *data, jw *w);
void hw_rl_describe_obs(const void *data, jw *w);
size_t hw_rl_mask(const void *data, const void *st, uint8_t *mask);

#endif
