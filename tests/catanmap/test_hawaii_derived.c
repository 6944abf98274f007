/* Module hawaii's shortcuts against a recomputation from scratch, at every
 * step of random games of 3 to 6 seats (docs/performance.md, "Module
 * hawaii"): the ship-move list (H-78..H-81) against check over
 * every pair of spaces (hawaii_check), every seat's Longest Trade Route (H-82..H-84, the
 * route update after a ship move) against board_longest_road, the
 * tables of the rules object and the listers' bitsets (compare_tables:
 * the path and point bytes as bitsets, the ship spots and BUILD_SHIP) against the
 * rules' words.  The games
 * prefer ship moves, so that the route update after a move runs often. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "catan/kernel.h"
#include "core/error.h"
#include "modules/hawaii/hawaii.h"
#include "hawaii_sea.h"

static crisk_action buf[PLAY_CAP];

/* MOVE_SHIP codes by check over every space of the active seat's ships and
 * every space, ascending as the list is (to, then from). */
static size_t brute_moves(const fixture *f, crisk_action *out, size_t cap)
{
	const kern *k = f->k;
	const uint8_t *paths = kpaths(k, f->st);
	int s = ks(f->st)->active;
	size_t n = 0;
	if (ks(f->st)->cur != ks(f->st)->active || ks(f->st)->status != CRISK_STATUS_RUNNING)
		return 0;
	for (int to = 0; to < k->b.n_path; to++) {
		for (int from = 0; from < k->b.n_path; from++) {
			if (paths[from] != s + 1 || kern_road_path(k, from))
				continue;
			crisk_action a = code(HW_MOVE_SHIP, (uint64_t)from | (uint64_t)to << 16);
			if (hawaii_check(k, f->st, a) == CRISK_OK) {
				ck_assert_uint_lt(n, cap);
				out[n++] = a;
			}
		}
	}
	return n;
}

/* H-79 from its words: at one of its points seat s has no building and no
 * other road or ship (the point's paths walked one by one). */
static unsigned naive_open_ends(const kern *k, const void *st, int s, int p)
{
	const uint8_t *paths = kpaths(k, st), *nodes = knodes(k, st);
	unsigned ends = 0;
	for (int e = 0; e < 2; e++) {
		const bnode *bn = &k->b.node[k->b.path[p].node[e]];
		int other = 0;
		for (int i = 0; i < bn->deg; i++)
			other |= bn->path[i] != p && paths[bn->path[i]] == s + 1;
		if ((nodes[k->b.path[p].node[e]] & NODE_OWNER_MASK) != (unsigned)s + 1 && !other)
			ends |= 1u << e;
	}
	return ends;
}

static int naive_open_end(const kern *k, const void *st, int s, int p)
{
	return naive_open_ends(k, st, s, p) != 0;
}

/* hw_open_end at the points of 4 paths, where the table holds 3 others:
 * every set of seat 0's pieces on the paths there, in a copy of st. */
static void open_end_at_big_points(const kern *k, const void *st)
{
	static unsigned char copy[4096];
	ck_assert_uint_le(k->size, sizeof copy);
	int tried = 0;
	for (int v = 0; v < k->b.n_node; v++) {
		const bnode *bn = &k->b.node[v];
		if (bn->deg < 4)
			continue;
		for (unsigned mask = 0; mask < 1u << bn->deg; mask++) {
			memcpy(copy, st, k->size);
			uint8_t *paths = kpaths(k, copy);
			for (int i = 0; i < bn->deg; i++)
				paths[bn->path[i]] = (mask >> i) & 1 ? 1 : 0;
			for (int i = 0; i < bn->deg; i++) {
				int p = bn->path[i];
				if (paths[p] == 1 && !kern_road_path(k, p)) {
					/* with and without a building of seat 0 at its other end */
					uint8_t *far = &knodes(k, copy)[bn->adj[i]], was = *far;
					for (int b = 0; b < 2; b++) {
						*far = b ? 1 : was;
						ck_assert_int_eq(hw_open_end(k, copy, 0, p), naive_open_end(k, copy, 0, p));
						ck_assert_uint_eq(hw_open_ends_bits(k, copy, 0, p), naive_open_ends(k, copy, 0, p));
						tried++;
					}
					*far = was;
				}
			}
		}
	}
	ck_assert_int_gt(tried, 0);
}

/* H-37 (3-4 seats) from its words: a point on an island where `seat` has
 * no building yet, or any point when no empty point off the distance rule
 * (kblocked) is on such an island (the fallback, also for H-88). */
static int seat_on_island(const kern *k, const void *st, int seat, int island)
{
	for (int n = 0; n < k->b.n_node; n++) {
		if (k->b.node_island[n] == island && (knodes(k, st)[n] & NODE_OWNER_MASK) == (unsigned)seat + 1)
			return 1;
	}
	return 0;
}

/* H-88 (5-6 seats) from its words: with two buildings on one island the
 * seat's third is not on that island; otherwise any island point. */
static int closed_56(const kern *k, const void *st, int seat, int island)
{
	int total = 0, first = -1, same = 1;
	for (int n = 0; n < k->b.n_node; n++) {
		if ((knodes(k, st)[n] & NODE_OWNER_MASK) != (unsigned)seat + 1)
			continue;
		same &= !total || k->b.node_island[n] == first;
		if (!total++)
			first = k->b.node_island[n];
	}
	return total == 2 && same && first != BOARD_NO8 && island == first;
}

static int naive_closed(const kern *k, const void *st, int seat, int island)
{
	return k->seats <= 4 ? seat_on_island(k, st, seat, island) : closed_56(k, st, seat, island);
}

static int naive_site_ok(const kern *k, const void *st, int seat, int node)
{
	int island = k->b.node_island[node];
	if (island != BOARD_NO8 && !naive_closed(k, st, seat, island))
		return 1;
	for (int n = 0; n < k->b.n_node; n++) {
		if (k->b.node_island[n] != BOARD_NO8 && !bit_get(kblocked(k, st), n) &&
		    !naive_closed(k, st, seat, k->b.node_island[n]))
			return 0;
	}
	return 1;
}

/* The listed codes base | x (x a hex, in the low 16 bits), made from
 * tables of the rules (hw_put_codes), against check over every hex: the
 * same codes in the same order (H-57, H-73). */
static void compare_hex_codes(const fixture *f, const crisk_action *list, size_t n, crisk_action base)
{
	const kern *k = f->k;
	size_t got = 0, want = 0, i = 0;
	for (size_t j = 0; j < n; j++)
		got += (list[j] & ~(crisk_action)0xFFFF) == base;
	for (int x = 0; x < k->b.n_land + k->b.n_sea + 2; x++) {
		crisk_action a = base | (uint64_t)x;
		if (hawaii_check(k, f->st, a) == CRISK_OK) {
			while (i < n && (list[i] & ~(crisk_action)0xFFFF) != base)
				i++;
			ck_assert_uint_lt(i, n);
			ck_assert_uint_eq(list[i], a);
			i++;
			want++;
		}
	}
	ck_assert_uint_eq(got, want);
}

/* hawaii_list into a buffer of exactly the list's length and of n_land +
 * n_sea + 5 codes, and its count into none: the same count and codes as
 * with room to spare.  With less room the AVX2 runs of the hex codes
 * (hw_run_avx2, which store up to 3 codes past their end:
 * list_thieves_avx2, hw_put_codes) give way to list_rest and the table
 * copies (H-57, H-72, B-62). */
static void compare_small_caps(const kern *k, const void *st, const crisk_action *list, size_t n)
{
	static crisk_action small[PLAY_CAP + 8];
	const int offers = 0; /* as random_game's list: no domestic offers */
	size_t caps[2] = {n, (size_t)k->b.n_land + (size_t)k->b.n_sea + 5};
	for (int c = 0; c < 2; c++) {
		size_t cap = caps[c] < PLAY_CAP ? caps[c] : PLAY_CAP;
		for (size_t i = 0; i < PLAY_CAP + 8; i++)
			small[i] = ~(crisk_action)0;
		size_t m = hawaii_list(k, st, offers, small, cap);
		ck_assert_uint_eq(m, n);
		ck_assert_msg(memcmp(small, list, (n < cap ? n : cap) * sizeof *list) == 0,
			      "hawaii_list with room for %zu codes differs", cap);
		for (size_t i = cap; i < PLAY_CAP + 8; i++)
			ck_assert_msg(small[i] == ~(crisk_action)0, "hawaii_list wrote past its room (%zu) at %zu", cap, i);
	}
	ck_assert_uint_eq(hawaii_list(k, st, offers, NULL, 0), n);
}

/* hw_path_bits (SSE2 where the build has it, with the built-in map's
 * constant sizes and without) and its portable form hw_path_bits_swar
 * against the path bytes one by one: the empty paths and those of byte
 * `me`, for every seat's byte; with `cut` also cut to shorter lengths (the
 * bytes past a length that is no multiple of 16 or 8 one by one). */
static void compare_path_bits(const kern *k, const void *st, int cut)
{
	const uint8_t *paths = kpaths(k, st);
	for (unsigned me = 0; me <= (unsigned)k->seats; me++) {
		for (int len = k->b.n_path; len > 0; len = !cut ? 0 : len > k->b.n_path - 40 ? len - 1 : len / 2) {
			uint64_t e[3][HW_MAX_PW], m[3][HW_MAX_PW];
			int pw = (len + 63) / 64, ways = 2;
			hw_path_bits(paths, len, me, pw, e[0], m[0]);
			hw_path_bits_swar(paths, len, me, pw, e[1], m[1]);
			if (len == k->b.n_path) {
				hw_path_bits_of(k, st, me, e[2], m[2]);
				ways = 3;
			}
			for (int v = 0; v < ways; v++) {
				/* one check call per bitset: each ck_assert marks a point */
				int bad = -1;
				for (int p = 0; p < 64 * pw && bad < 0; p++) {
					if (bit_get(e[v], p) != (p < len && paths[p] == 0) ||
					    bit_get(m[v], p) != (p < len && paths[p] == me))
						bad = p;
				}
				ck_assert_msg(bad < 0, "path bits (way %d, byte %u, length %d) wrong at path %d", v, me, len, bad);
			}
			/* hw_path_bits_from and hw_path_empty: `empty` 0 in the words
			 * below lo (the ship listers' hw_rules.ship_lo), the rest as above */
			for (int lo = 0; lo <= pw; lo++) {
				uint64_t el[HW_MAX_PW], ml[HW_MAX_PW], ee[HW_MAX_PW];
				hw_path_bits_from(paths, len, me, pw, lo, el, ml);
				hw_path_empty(paths, len, pw, lo, ee);
				int bad = -1;
				for (int p = 0; p < 64 * pw && bad < 0; p++) {
					int want_e = p >= 64 * lo && p < len && paths[p] == 0;
					if (bit_get(el, p) != want_e || bit_get(ee, p) != want_e ||
					    bit_get(ml, p) != (p < len && paths[p] == me))
						bad = p;
				}
				ck_assert_msg(bad < 0, "path bits from word %d (byte %u, length %d) wrong at path %d", lo, me,
					      len, bad);
			}
		}
	}
}

#if defined(HW_AVX2)
/* The AVX2 forms for the built-in map's sizes against the bytes one by one
 * (hw_path_bits_avx2_160 with and without `mine`, hw_own_points_avx2_125),
 * for every seat's byte, where the processor has AVX2. */
static HW_TARGET_AVX2 void avx2_bits(const uint8_t *paths, const uint8_t *nodes, unsigned me, uint64_t *e, uint64_t *m,
				     uint64_t *e2, uint64_t *own)
{
	hw_path_bits_avx2_160(paths, me, e, m, 1);
	hw_path_bits_avx2_160(paths, me, e2, NULL, 0);
	hw_own_points_avx2_125(nodes, me, own);
}
#endif
static void compare_avx2_bits(const kern *k, const void *st)
{
#if defined(HW_AVX2)
	if (!hw_has_avx2() || k->b.n_path != 160 || k->b.n_node != 125)
		return;
	const uint8_t *paths = kpaths(k, st), *nodes = knodes(k, st);
	for (unsigned me = 0; me <= (unsigned)k->seats; me++) {
		uint64_t e[3], m[3], e2[3], own[2];
		avx2_bits(paths, nodes, me, e, m, e2, own);
		int bad = -1;
		for (int p = 0; p < 192 && bad < 0; p++) {
			int want_e = p >= 64 && p < 160 && paths[p] == 0;
			if (bit_get(e, p) != want_e || bit_get(e2, p) != want_e || bit_get(m, p) != (p < 160 && paths[p] == me))
				bad = p;
		}
		ck_assert_msg(bad < 0, "AVX2 path bits (byte %u) wrong at path %d", me, bad);
		for (int v = 0; v < 128 && bad < 0; v++) {
			if (bit_get(own, v) != (v < 125 && (nodes[v] & NODE_OWNER_MASK) == me))
				bad = v;
		}
		ck_assert_msg(bad < 0, "AVX2 own points (byte %u) wrong at point %d", me, bad);
	}
#else
	(void)k;
	(void)st;
#endif
}

/* The main phase's ship list (BUILD_SHIP, MOVE_SHIP) by each of its ways
 * (the built-in map's sizes, the sizes at run time, AVX2 where the
 * processor has it): the same codes in the same order, for every
 * combination of build and move that the phase allows (H-41, H-78). */
static void compare_main_ways(const kern *k, const void *st)
{
	if (ks(st)->dp != DP_MAIN || ks(st)->cur != ks(st)->active)
		return;
	int build = hw_build_listable(k, st), move = hw_move_listable(k, st);
	for (int b = 0; b <= build; b++) {
		for (int mv = 0; mv <= move; mv++) {
			static crisk_action got[3][PLAY_CAP];
			size_t n[3];
			for (int way = 0; way < 3; way++) {
				action_out o = {got[way], PLAY_CAP, 0};
				hw_list_main_ships_way(k, st, b, mv, &o, way);
				n[way] = o.n;
			}
			for (int way = 1; way < 3; way++) {
				ck_assert_uint_eq(n[way], n[0]);
				ck_assert_msg(memcmp(got[way], got[0], n[0] * sizeof got[0][0]) == 0,
					      "main-phase ship list: way %d differs (build %d, move %d)", way, b, mv);
			}
			/* hw_list_main (hawaii_list's main phase within the fish
			 * limit, with ship actions) by each way: the kernel's main
			 * list, then the ships', then the market's (H-72..H-74). */
			if (!(b | mv) || hwx(k, st)->fish[ks(st)->active] > HW_FISH_LIMIT)
				continue;
			static crisk_action want[PLAY_CAP], whole[3][PLAY_CAP];
			for (int offers = 0; offers <= 1; offers++) {
				action_out o = {want, PLAY_CAP, kern_legal_main(k, st, offers, want, PLAY_CAP)};
				hw_list_main_ships_way(k, st, b, mv, &o, 1);
				if (hwx(k, st)->fish[ks(st)->active] >= 2)
					hw_list_market(k, st, &o);
				for (int way = 0; way < 3; way++) {
					size_t nw = hw_list_main_way(k, st, offers, whole[way], PLAY_CAP, b, mv, way);
					ck_assert_uint_eq(nw, o.n);
					ck_assert_msg(memcmp(whole[way], want, o.n * sizeof want[0]) == 0,
						      "hw_list_main: way %d differs (build %d, move %d, offers %d)", way, b, mv,
						      offers);
				}
				if (b == build && mv == move) { /* hawaii_list's own list */
					size_t nl = hawaii_list(k, st, offers, whole[0], PLAY_CAP);
					ck_assert_uint_eq(nl, o.n);
					ck_assert_msg(memcmp(whole[0], want, o.n * sizeof want[0]) == 0,
						      "hawaii_list differs from the main list's parts (offers %d)", offers);
				}
			}
		}
	}
}

/* hw_rules.ship_lo: no ship-type path below its word (ship_mask and every
 * point's ship_at row 0 there), and its word has one unless it is the last
 * word (H-3 b: the ship listers skip the words below it). */
static void check_ship_lo(const kern *k)
{
	const hw_rules *r = hwr(k);
	int first = -1;
	for (int p = k->b.n_path - 1; p >= 0; p--) {
		if (!kern_road_path(k, p))
			first = p;
	}
	ck_assert_int_eq(r->ship_lo, (first < 0 ? k->pw - 1 : first / 64));
	for (int w = 0; w < r->ship_lo; w++) {
		ck_assert_uint_eq(r->ship_mask[w], 0);
		for (int v = 0; v < k->b.n_node; v++)
			ck_assert_uint_eq(r->ship_at[(size_t)v * (size_t)k->pw + (size_t)w], 0);
	}
}

/* hw_rules.ship_ends (H-3 b, H-44, H-81: the AVX2 ship list's rows): on a
 * map of 3 path words with ship-type paths from word 1, per point v and
 * end e, exactly the ship-type paths p whose node[e] is v, at bit p - 64
 * of words 4v + 2e and 4v + 2e + 1 (so both halves together are ship_at's
 * row); all 0 on any other map. */
static void check_ship_ends(const kern *k)
{
	const hw_rules *r = hwr(k);
	const int on = k->pw == 3 && r->ship_lo == 1;
	for (int v = 0; v < k->b.n_node; v++) {
		for (int e = 0; e < 2; e++) {
			for (int p = 64; p < 192; p++) {
				int want = on && p < k->b.n_path && !kern_road_path(k, p) && k->b.path[p].node[e] == v;
				ck_assert_int_eq(bit_get(r->ship_ends + 4 * (size_t)v + 2 * (size_t)e, p - 64), want);
			}
		}
		for (int i = 0; on && i < 2; i++)
			ck_assert_uint_eq(r->ship_ends[4 * v + i] | r->ship_ends[4 * v + 2 + i], r->ship_at[3 * v + 1 + i]);
	}
}

/* H-3 (a), H-45, H-46 from their words: path p is a ship-type path, empty,
 * connected to seat s (kern_path_ok) and away from the pirate. */
static int naive_spot(const kern *k, const void *st, int s, int p)
{
	return !kern_road_path(k, p) && !kpaths(k, st)[p] && kern_path_ok(k, st, s, p) &&
	       !bit_get(hw_pirate_paths(k, st), p);
}

/* hw_own_points against the point bytes one by one, for every seat's byte,
 * with `cut` also at shorter lengths (below 16 one by one, else the last
 * sixteen bytes loaded again). */
static void compare_own_points(const kern *k, const void *st, int cut)
{
	const uint8_t *nodes = knodes(k, st);
	for (unsigned me = 1; me <= (unsigned)k->seats; me++) {
		for (int len = k->b.n_node; len > 0; len = !cut ? 0 : len > k->b.n_node - 40 ? len - 1 : len / 2) {
			uint64_t own[HW_MAX_NW];
			int nw = (len + 63) / 64, bad = -1;
			hw_own_points(nodes, len, me, nw, own);
			for (int v = 0; v < 64 * nw && bad < 0; v++) {
				if (bit_get(own, v) != (v < len && (nodes[v] & NODE_OWNER_MASK) == me))
					bad = v;
			}
			ck_assert_msg(bad < 0, "own points (byte %u, length %d) wrong at point %d", me, len, bad);
		}
	}
}

/* The ship spots of every seat (hw_ship_spots: its anchors, the empty
 * paths as bitsets) against naive_spot path by path, and the listed
 * BUILD_SHIP codes: the active seat's spots ascending when check takes a
 * ship on the first of them (phase, supply and cost, H-41, H-43), else
 * none. */
static void compare_spots(const fixture *f, const crisk_action *list, size_t n)
{
	const kern *k = f->k;
	int first = -1;
	for (int s = 0; s < k->seats; s++) {
		uint64_t spots[HW_MAX_PW];
		int any = hw_ship_spots(k, f->st, s, spots), want_any = 0, bad = -1;
		for (int p = 0; p < 64 * k->pw; p++) {
			int want = p < k->b.n_path && naive_spot(k, f->st, s, p);
			if (bit_get(spots, p) != want && bad < 0)
				bad = p;
			want_any |= want;
			if (want && first < 0 && s == ks(f->st)->active)
				first = p;
		}
		ck_assert_msg(bad < 0, "seat %d: ship spot %d differs from H-3, H-45, H-46", s, bad);
		ck_assert_int_eq(any, want_any);
	}
	size_t i = 0;
	int build = first >= 0 && hawaii_check(k, f->st, code(HW_BUILD_SHIP, (uint64_t)first)) == CRISK_OK;
	for (int p = 0; build && p < k->b.n_path; p++) {
		if (!naive_spot(k, f->st, ks(f->st)->active, p))
			continue;
		while (i < n && ACT_TYPE(list[i]) != HW_BUILD_SHIP)
			i++;
		ck_assert_uint_lt(i, n);
		ck_assert_uint_eq(list[i], code(HW_BUILD_SHIP, (uint64_t)p));
		i++;
	}
	for (; i < n; i++)
		ck_assert_uint_ne(ACT_TYPE(list[i]), HW_BUILD_SHIP);
}

/* The module's other shortcuts: the open-end table (H-79), the VP hook by
 * chit count (H-85: chits held plus fishing VP), the island rule's test of
 * the point's island first (H-37, H-88), and MOVE_PIRATE and the fish
 * market's robber and pirate moves listed from code tables without a test
 * per hex (H-57, H-73: against check over every hex). */
static void compare_tables(const fixture *f, const crisk_action *list, size_t n)
{
	const kern *k = f->k;
	const uint8_t *paths = kpaths(k, f->st);
	for (int p = 0; p < k->b.n_path; p++) {
		if (paths[p] && !kern_road_path(k, p)) {
			ck_assert_int_eq(hw_open_end(k, f->st, paths[p] - 1, p), naive_open_end(k, f->st, paths[p] - 1, p));
			/* the listers' form, from the bitset of the seat's pieces */
			ck_assert_uint_eq(hw_open_ends_bits(k, f->st, paths[p] - 1, p),
					  naive_open_ends(k, f->st, paths[p] - 1, p));
		}
	}
	for (int s = 0; s < k->seats; s++) {
		int chits = 0;
		for (int c = 0; c < HW_MAX_CHITS; c++)
			chits += hwx(k, f->st)->chit[c] == s + 1;
		ck_assert_int_eq(k->hk.extra_vp(k, f->st, s), chits + hw_fishing_vp(k, f->st, s));
		ck_assert_int_eq(hw_chits_of(k, f->st, s), chits);
		if (ks(f->st)->turn == 0) {
			for (int v = 0; v < k->b.n_node; v++)
				ck_assert_int_eq(hw_setup_site_ok(k, f->st, s, v), naive_site_ok(k, f->st, s, v));
		}
	}
	static unsigned steps;
	if (steps % 256 == 0) {
		check_ship_lo(k);
		check_ship_ends(k);
	}
	compare_path_bits(k, f->st, steps % 256 == 0);
	compare_own_points(k, f->st, steps++ % 256 == 0);
	compare_avx2_bits(k, f->st);
	compare_main_ways(k, f->st);
	compare_spots(f, list, n);
	const kstate *h = ks(f->st);
	if (h->dp == DP_MOVE_ROBBER && h->cur == h->active) {
		compare_hex_codes(f, list, n, code(HW_MOVE_PIRATE, 0));
		compare_hex_codes(f, list, n, code(CRISK_CATAN_MOVE_ROBBER, 0)); /* B-62 (list_thieves_avx2) */
	}
	compare_small_caps(k, f->st, list, n);
	if (h->cur == h->active && hwx(k, f->st)->fish[h->active] >= 2) {
		compare_hex_codes(f, list, n, code(HW_FISH, (uint64_t)HW_FISH_MOVE_ROBBER << 16));
		compare_hex_codes(f, list, n, code(HW_FISH, (uint64_t)HW_FISH_MOVE_PIRATE << 16));
	}
}

static void compare_step(const fixture *f, const crisk_action *list, size_t n)
{
	compare_tables(f, list, n);
	static crisk_action want[PLAY_CAP], got[PLAY_CAP];
	size_t n_got = 0;
	for (size_t i = 0; i < n; i++) {
		if (ACT_TYPE(list[i]) == HW_MOVE_SHIP)
			got[n_got++] = list[i];
	}
	size_t n_want = brute_moves(f, want, PLAY_CAP);
	ck_assert_uint_eq(n_got, n_want);
	ck_assert(memcmp(got, want, n_got * sizeof got[0]) == 0);
	for (int s = 0; s < f->k->seats; s++)
		ck_assert_int_eq(kseat_of(f->k, f->st, s)->road_len,
				 board_longest_road(&f->k->b, kpaths(f->k, f->st), knodes(f->k, f->st), s));
}

static void random_game(const char *params, uint64_t x, int steps, int *moves)
{
	fixture f;
	open_game(&f, params);
	open_end_at_big_points(f.k, f.st);
	for (int i = 0; i < steps && ks(f.st)->status == CRISK_STATUS_RUNNING; i++) {
		/* No domestic offers, as crisk-bench --no-offers: whole games. */
		size_t n = hawaii_legal_except(f.k, f.st, UINT64_C(1) << CRISK_CATAN_OFFER_TRADE, buf, PLAY_CAP);
		ck_assert_uint_gt(n, 0);
		ck_assert_uint_le(n, PLAY_CAP);
		compare_step(&f, buf, n);
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		crisk_action a = buf[x % n];
		/* Three times in four a listed ship move, when there is one. */
		if ((x >> 40) % 4) {
			size_t m = 0;
			for (size_t j = 0; j < n; j++)
				m += ACT_TYPE(buf[j]) == HW_MOVE_SHIP;
			if (m) {
				size_t pick = (x >> 20) % m;
				for (size_t j = 0; j < n; j++) {
					if (ACT_TYPE(buf[j]) == HW_MOVE_SHIP && pick-- == 0) {
						a = buf[j];
						break;
					}
				}
			}
		}
		*moves += ACT_TYPE(a) == HW_MOVE_SHIP;
		ck_assert_int_eq(hawaii_apply(f.k, f.st, a, &f.log), CRISK_OK);
		ck_assert_msg(hawaii_state_check(f.k, f.st) == CRISK_OK, "state check: %s", crisk_error_last());
	}
	close_game(&f);
}

/* H-78..H-84 at every step of 3 to 6 seats, both chance modes. */
START_TEST(derived_match_recomputation_H81_H84)
{
	static const char *const more[] = {"", " chance=explicit", " friendly_robber=1", ""};
	uint64_t x = 0x9E3779B97F4A7C15u;
	for (int g = 0; g < 12; g++) {
		int moves = 0;
		char p[96];
		snprintf(p, sizeof p, "players=%d seed=%d%s", 3 + g % 4, 10 + g, more[g / 4]);
		random_game(p, x + (uint64_t)g * 0x2545F4914F6CDD1Du, 20000, &moves);
		ck_assert_msg(moves > 10, "%s: %d ship moves", p, moves);
	}
}
END_TEST

static Suite *hawaii_derived_suite(void)
{
	Suite *s = suite_create("hawaii_derived");
	TCase *tc = tcase_create("derived");
	tcase_set_timeout(tc, 0);
	tcase_add_test(tc, derived_match_recomputation_H81_H84);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(hawaii_derived_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
