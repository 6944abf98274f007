/* Moving ships (rules/hawaii.md section 15, H-78..H-81): once per own turn,
 * in the main phase, MOVE_SHIP(from, to) takes one of the seat's ships at an
 * open end, not placed this turn and not next to the pirate, to another
 * empty ship-type space the seat could build on with that ship already
 * gone.  The turn's placed and moved ships are a short list in hw_ext
 * (fresh), cleared at every turn start. */
#include <assert.h>
#include <string.h>

#include "../../core/error.h"
#include "hawaii.h"

void hw_moves_turn_start(const kern *k, void *st, evlog *log)
{
	(void)log;
	hw_ext *x = hwx(k, st);
	x->moved = 0;
	x->n_fresh = 0;
	memset(x->fresh, 0, sizeof x->fresh);
}

static int is_fresh(const hw_ext *x, int p)
{
	for (int i = 0; i < x->n_fresh; i++) {
		if (x->fresh[i] == p)
			return 1;
	}
	return 0;
}

/* H-79 at point n, one end of s's path p: no building of s there and no
 * other road or ship of s at n. */
static int open_at(const kern *k, const void *st, int s, int p, int n)
{
	const uint8_t *paths = kpaths(k, st);
	if ((knodes(k, st)[n] & NODE_OWNER_MASK) == (unsigned)s + 1)
		return 0;
	const bnode *bn = &k->b.node[n];
	for (int i = 0; i < bn->deg; i++) {
		if (bn->path[i] != p && paths[bn->path[i]] == s + 1)
			return 0;
	}
	return 1;
}

/* Whether q, a path of end_other, holds a road or ship of me (s + 1). */
static inline int mine_on(const uint8_t *paths, unsigned q, unsigned me)
{
	return q != HW_NO_PATH && paths[q] == me;
}

/* H-79 at each end of s's path p, as bit e for the open end node[e]: from
 * the table of the other paths at each end. */
static inline unsigned open_ends(const kern *k, const void *st, int s, int p)
{
	const hw_rules *r = hwr(k);
	if (!r->end_other_ok)
		return (unsigned)open_at(k, st, s, p, k->b.path[p].node[0]) |
		       (unsigned)open_at(k, st, s, p, k->b.path[p].node[1]) << 1;
	const uint8_t *paths = kpaths(k, st), *nodes = knodes(k, st);
	const uint16_t *q = r->end_other + 8 * (size_t)p;
	const unsigned me = (unsigned)s + 1;
	unsigned ends = 0;
	for (int e = 0; e < 2; e++, q += 4) {
		ends |= (unsigned)((nodes[k->b.path[p].node[e]] & NODE_OWNER_MASK) != me && !mine_on(paths, q[0], me) &&
				   !mine_on(paths, q[1], me) && !mine_on(paths, q[2], me))
			<< e;
	}
	return ends;
}

/* Bit e: a path at point node[e] of p other than p holds a piece of s
 * (H-79's other half; the end keeps its reach bit when p is taken off).
 * mine_at_end's test, stopping at the first piece: through mine_at_end's
 * count a ship move costs about 3 more instructions a step. */
static inline unsigned others_at_ends(const kern *k, const void *st, int s, int p)
{
	const hw_rules *r = hwr(k);
	const uint8_t *paths = kpaths(k, st);
	const unsigned me = (unsigned)s + 1;
	unsigned others = 0;
	if (!r->end_other_ok) {
		for (int e = 0; e < 2; e++) {
			const bnode *bn = &k->b.node[k->b.path[p].node[e]];
			for (int i = 0; i < bn->deg; i++)
				others |= (unsigned)(bn->path[i] != p && paths[bn->path[i]] == me) << e;
		}
		return others;
	}
	const uint16_t *q = r->end_other + 8 * (size_t)p;
	for (int e = 0; e < 2; e++, q += 4)
		others |= (unsigned)(mine_on(paths, q[0], me) || mine_on(paths, q[1], me) || mine_on(paths, q[2], me))
			  << e;
	return others;
}

/* open_at at either end. */
static inline int open_end(const kern *k, const void *st, int s, int p)
{
	return open_ends(k, st, s, p) != 0;
}

int hw_open_end(const kern *k, const void *st, int s, int p)
{
	return open_end(k, st, s, p);
}

/* H-79 at each end of s's path p from the bitset of s's pieces (mine,
 * pw words): no building of s there and none of the other paths there
 * (hw_rules.end_bits) in mine. */
static HW_ALWAYS_INLINE unsigned open_ends_bits(const kern *k, const void *st, unsigned me, const uint64_t *mine,
						 int p, const int pw)
{
	const uint8_t *nodes = knodes(k, st);
	const uint64_t *row = hwr(k)->end_bits + (size_t)(2 * p) * (size_t)pw;
	unsigned ends = 0;
	for (int e = 0; e < 2; e++, row += pw) {
		uint64_t other = 0;
		for (int i = 0; i < pw; i++)
			other |= mine[i] & row[i];
		ends |= (unsigned)(!other && (nodes[k->b.path[p].node[e]] & NODE_OWNER_MASK) != me) << e;
	}
	return ends;
}

#if defined(HW_AVX2)
/* open_ends_bits for the built-in map's 3 path words with AVX2: each end's
 * row and the seat's pieces in one vptest.  `mine` has a 0 word before
 * and after its 3 (main_ships_avx2), so that the 32 bytes of row 2p (and
 * one word of row 2p + 1) meet (mine[0..2], 0) and those from the last
 * word of row 2p meet (0, mine[0..2]): both loads within end_bits. */
static HW_TARGET_AVX2 inline unsigned
open_ends_avx2(const kern *k, const void *st, unsigned me, const uint64_t *mine, int p)
{
	const uint8_t *nodes = knodes(k, st);
	const uint64_t *row = hwr(k)->end_bits + (size_t)(2 * p) * 3;
	const __m256i m0 = _mm256_loadu_si256((const __m256i *)(const void *)mine),
		      m1 = _mm256_loadu_si256((const __m256i *)(const void *)(mine - 1));
	unsigned z0 = (unsigned)_mm256_testz_si256(_mm256_loadu_si256((const __m256i *)(const void *)row), m0);
	unsigned z1 = (unsigned)_mm256_testz_si256(_mm256_loadu_si256((const __m256i *)(const void *)(row + 2)), m1);
	return (unsigned)(z0 && (nodes[k->b.path[p].node[0]] & NODE_OWNER_MASK) != me) |
	       (unsigned)(z1 && (nodes[k->b.path[p].node[1]] & NODE_OWNER_MASK) != me) << 1;
}
#endif

unsigned hw_open_ends_bits(const kern *k, const void *st, int s, int p)
{
	uint64_t empty[HW_MAX_PW], mine[HW_MAX_PW];
	hw_path_bits_of(k, st, (unsigned)s + 1, empty, mine);
	return open_ends_bits(k, st, (unsigned)s + 1, mine, p, k->pw);
}

/* H-44 with path `gone` empty: point n is an anchor of s. */
static int anchor_without(const kern *k, const void *st, int s, int n, int gone)
{
	unsigned nb = knodes(k, st)[n];
	if ((nb & NODE_OWNER_MASK) == (unsigned)s + 1)
		return 1;
	if (nb || bit_get(k->stop, n))
		return 0;
	const uint8_t *paths = kpaths(k, st);
	const bnode *bn = &k->b.node[n];
	for (int i = 0; i < bn->deg; i++) {
		if (bn->path[i] != gone && paths[bn->path[i]] == s + 1)
			return 1;
	}
	return 0;
}

/* H-81 for a ship of s leaving `from`: `to` is another empty ship-type
 * space away from the pirate, connected without `from` (H-45). */
static int dest_ok(const kern *k, const void *st, int s, int from, int to)
{
	const bpath *bp = &k->b.path[to];
	return to != from && !kern_road_path(k, to) && !kpaths(k, st)[to] && !hw_pirate_blocks(k, st, to) &&
	       (anchor_without(k, st, s, bp->node[0], from) || anchor_without(k, st, s, bp->node[1], from));
}

/* hw_check_move_ship's refusals in their order, each with its message:
 * apart, for a move that move_ship_ok does not pass. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static int check_move_ship_refused(const kern *k, const void *st, int from, int to)
{
	const kstate *h = ks(st);
	int s = h->active;
	if (h->dp != DP_MAIN)
		return err_set(CRISK_EILLEGAL, "a ship is moved only in your main phase, after the roll (H-78)");
	if (hwx(k, st)->moved)
		return err_set(CRISK_EILLEGAL, "you have already moved a ship this turn (H-78)");
	if (from >= k->b.n_path || to >= k->b.n_path)
		return err_set(CRISK_EILLEGAL, "there is no space %d (the map has %d)", from > to ? from : to,
			       k->b.n_path);
	if (kpaths(k, st)[from] != s + 1 || kern_road_path(k, from))
		return err_set(CRISK_EILLEGAL, "space %d holds no ship of yours", from);
	if (is_fresh(hwx(k, st), from))
		return err_set(CRISK_EILLEGAL, "the ship on space %d was placed or moved this turn (H-80)", from);
	if (hw_pirate_blocks(k, st, from))
		return err_set(CRISK_EILLEGAL, "the pirate blocks space %d: no ship may leave it (H-59, H-80)", from);
	if (!hw_open_end(k, st, s, from))
		return err_set(CRISK_EILLEGAL,
			       "the ship on space %d is not at an open end: at both its points you have a building "
			       "or another road or ship (H-79)",
			       from);
	if (to == from)
		return err_set(CRISK_EILLEGAL, "the ship must move to a different space (H-81)");
	if (kern_road_path(k, to))
		return err_set(CRISK_EILLEGAL, "space %d is a road space: no ship goes there (H-3 b)", to);
	if (kpaths(k, st)[to])
		return err_set(CRISK_EILLEGAL, "space %d already holds a piece", to);
	if (hw_pirate_blocks(k, st, to))
		return err_set(CRISK_EILLEGAL, "the pirate blocks space %d: no ship may be moved onto it (H-59, H-81)",
			       to);
	if (!dest_ok(k, st, s, from, to))
		return err_set(CRISK_EILLEGAL,
			       "space %d is not connected to your roads, ships or buildings once the ship has left "
			       "space %d; an empty named location is no way through (H-45, H-81)",
			       to, from);
	return CRISK_OK;
}

/* All of check_move_ship_refused's tests passed at once (H-78..H-81), as
 * one conjunction: the pirate's paths read once, `to`'s tests not
 * repeated for dest_ok, and no message to build.  Any test that
 * fails sends the move to check_move_ship_refused, which names the first
 * one, so the codes and messages are the same.  No test of to == from:
 * paths[from] holds a piece (me), paths[to] none, so they differ.  from
 * and to are 16-bit fields (never negative): unsigned indexes.  0 when
 * refused, else 4 | others_at_ends(from), which the move uses again
 * (take_off_known).  open_end from those bits: end e is open when s has
 * no building there and others bit e is clear (open_ends' test). */
static inline unsigned move_ship_ok(const kern *k, const void *st, int from, int to)
{
	const kstate *h = ks(st);
	const hw_ext *x = hwx(k, st);
	const unsigned f = (unsigned)from, t = (unsigned)to, n_path = (unsigned)k->b.n_path;
	assert(from >= 0 && to >= 0);
	if (h->dp != DP_MAIN || x->moved || f >= n_path || t >= n_path)
		return 0;
	const uint8_t *paths = kpaths(k, st);
	const int s = h->active;
	const unsigned me = (unsigned)s + 1;
	if (paths[f] != me || paths[t] || kern_road_path(k, from) || kern_road_path(k, to))
		return 0;
	const uint64_t *pirate = hw_pirate_paths(k, st);
	if (pirate[f >> 6] >> (f & 63) & 1u)
		return 0;
	if (pirate[t >> 6] >> (t & 63) & 1u)
		return 0;
	if (is_fresh(x, from))
		return 0;
	const unsigned others = others_at_ends(k, st, s, from);
	const uint8_t *nodes = knodes(k, st);
	const unsigned f0 = k->b.path[f].node[0], f1 = k->b.path[f].node[1];
	if (!(((nodes[f0] & NODE_OWNER_MASK) != me && !(others & 1u)) ||
	      ((nodes[f1] & NODE_OWNER_MASK) != me && !(others & 2u))))
		return 0;
	const bpath *bp = &k->b.path[to];
	if (!anchor_without(k, st, s, bp->node[0], from) && !anchor_without(k, st, s, bp->node[1], from))
		return 0;
	return 4u | others;
}

int hw_check_move_ship(const kern *k, const void *st, int from, int to)
{
	if (move_ship_ok(k, st, from, to))
		return CRISK_OK;
	return check_move_ship_refused(k, st, from, to);
}

static void move_ship(const kern *k, void *st, int from, int to, unsigned others, evlog *log);

/* The public apply's MOVE_SHIP past the code's shape and the seat's turn
 * (hawaii_actions.c, move_ship_checked): hw_check_move_ship, then the move,
 * in one frame, with the check's others_at_ends. */
int hw_move_ship_checked(const kern *k, void *st, int from, int to, evlog *log)
{
	const unsigned ok = move_ship_ok(k, st, from, to);
	if (!ok)
		return check_move_ship_refused(k, st, from, to);
	move_ship(k, st, from, to, ok & 3u, log);
	return CRISK_OK;
}

/* dest_ok's `to` for the ship of s on `from`, from the empty ship-type
 * paths at s's anchors (spots): the ends the ship leaves bare (bits
 * `bare` of its ends: open, H-79, and anchors) stop being anchors, so a
 * path there stays only if its other end is still one.  That other end is
 * never an end of `from` (two points have one path between them, and
 * `from` itself is no spot: it holds the ship), so the anchors are read
 * as they are. */
static HW_ALWAYS_INLINE void leave_dests(const kern *k, int pw, int from, unsigned bare, const uint64_t *anchor,
					  const uint64_t *spots, uint64_t *d)
{
	for (int i = 0; i < pw; i++)
		d[i] = spots[i];
	if (!bare)
		return;
	for (int e = 0; e < 2; e++) {
		if (!(bare >> e & 1u))
			continue;
		const bnode *bn = &k->b.node[k->b.path[from].node[e]];
		for (int i = 0; i < bn->deg; i++) {
			int q = bn->path[i];
			if (!bit_get(anchor, bn->adj[i]))
				d[q >> 6] &= ~(UINT64_C(1) << (q & 63));
		}
	}
}

#if defined(HW_AVX2)
/* hw_anchors_own for the built-in map with AVX2 (the seat me - 1), from
 * hw_own_points_avx2_125, the anchors' two words as one value: no alias
 * tests for the compiler to add between the state's bitsets and them. */
static HW_TARGET_AVX2 inline __m128i anchors_avx2_125(const kern *k, const void *st, unsigned me)
{
	uint64_t o[2];
	hw_own_points_avx2_125(knodes(k, st), me, o);
	const __m128i own = _mm_loadu_si128((const __m128i *)(const void *)o),
		      reach = _mm_loadu_si128((const __m128i *)(const void *)kreach(k, st, (int)me - 1)),
		      occ = _mm_loadu_si128((const __m128i *)(const void *)koccupied(k, st)),
		      stop = _mm_loadu_si128((const __m128i *)(const void *)k->stop),
		      coast = _mm_loadu_si128((const __m128i *)(const void *)hwr(k)->coast);
	return _mm_and_si128(_mm_or_si128(_mm_andnot_si128(_mm_or_si128(occ, stop), reach), _mm_and_si128(own, occ)),
			     coast);
}

/* Bits 96..159 of a path bitset of 3 words as one word (its bytes 12..19:
 * x86-64 is little-endian).  The built-in map's ship-type paths, 113..159,
 * all lie there (avx2_map), so the AVX2 ship list's spots, ships and
 * destinations are one word each. */
static inline uint64_t win96(const uint64_t *set)
{
	uint64_t v;
	memcpy(&v, (const unsigned char *)(const void *)set + 12, sizeof v);
	return v;
}
#define HW_WIN 96

/* hw_spots_sized for the built-in map (3 path words, ship-type paths from
 * word 1, 2 point words) with AVX2, as win96 words: for each end e, the
 * window's paths whose node[e] is an anchor, the anchors' 16 bytes looked
 * up per path (end_byte, end_bit; a road-type path finds no bit).  This
 * is the OR of the anchors' ship_ends halves e: a path is in the half e
 * of point n's row exactly when it is of ship type and its node[e] is n.
 * The union of the ends is hw_or_rows' (ship_at's rows), their
 * intersection the paths with both ends at anchors (*both, for
 * ships_avx2's destinations).  Both hold ship-type paths only: the window
 * holds them whole (avx2_map). */
static HW_TARGET_AVX2 inline uint64_t spots_avx2_160(const kern *k, __m128i anchors, uint64_t empty, uint64_t blocked,
						     uint64_t *both)
{
	const hw_rules *r = hwr(k);
	const __m256i a = _mm256_broadcastsi128_si256(anchors);
	uint64_t end[2];
	for (int e = 0; e < 2; e++) {
		uint64_t half[2];
		for (int h = 0; h < 2; h++) {
			const __m256i at = _mm256_loadu_si256((const __m256i *)(const void *)(r->end_byte[e] + 32 * h)),
				      bit = _mm256_loadu_si256((const __m256i *)(const void *)(r->end_bit[e] + 32 * h));
			const __m256i got = _mm256_and_si256(_mm256_shuffle_epi8(a, at), bit);
			half[h] = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(got, bit));
		}
		end[e] = half[0] | half[1] << 32;
	}
	*both = end[0] & end[1];
	return (end[0] | end[1]) & empty & ~blocked;
}

#if !defined(NDEBUG)
/* spots_avx2_160's words the former way, for its assert: the anchors'
 * ship_ends rows ORed (halves e at bits 0..255 and 256..511 of acc). */
static HW_TARGET_AVX2 uint64_t spots_rows_160(const kern *k, const uint64_t *anchor, uint64_t *both)
{
	__m256i acc = _mm256_setzero_si256();
	for (int w = 0; w < 2; w++) {
		const uint64_t *rows = hwr(k)->ship_ends + (size_t)w * 64 * 4;
		for (uint64_t m = anchor[w]; m; m &= m - 1)
			acc = _mm256_or_si256(acc, _mm256_loadu_si256((const __m256i *)(const void *)(
							   rows + 4 * hw_tz(m))));
	}
	const __m128i e0 = _mm256_castsi256_si128(acc), e1 = _mm256_extracti128_si256(acc, 1);
	*both = (uint64_t)_mm_cvtsi128_si64(_mm_srli_si128(_mm_and_si128(e0, e1), 4));
	return (uint64_t)_mm_cvtsi128_si64(_mm_srli_si128(_mm_or_si128(e0, e1), 4));
}
#endif

/* For each set of lanes s of four 64-bit lanes, the 32-bit lanes that
 * pack them to the front in order (vpermd's indices; the rest 0). */
#define HW_P2(i) 2 * (i), 2 * (i) + 1
static const uint32_t hw_pack4[16][8] __attribute__((aligned(32))) = {
	{0},
	{HW_P2(0)},
	{HW_P2(1)},
	{HW_P2(0), HW_P2(1)},
	{HW_P2(2)},
	{HW_P2(0), HW_P2(2)},
	{HW_P2(1), HW_P2(2)},
	{HW_P2(0), HW_P2(1), HW_P2(2)},
	{HW_P2(3)},
	{HW_P2(0), HW_P2(3)},
	{HW_P2(1), HW_P2(3)},
	{HW_P2(0), HW_P2(1), HW_P2(3)},
	{HW_P2(2), HW_P2(3)},
	{HW_P2(0), HW_P2(2), HW_P2(3)},
	{HW_P2(1), HW_P2(2), HW_P2(3)},
	{HW_P2(0), HW_P2(1), HW_P2(2), HW_P2(3)},
};
#undef HW_P2

/* list_moves for the built-in map with AVX2, in win96 words (sp: the
 * spots, bo: their paths with both ends at anchors, pirate: the pirate's
 * paths): the ships at an open
 * end and their destinations in one loop, open_ends_avx2 with the seat's
 * pieces loaded once (most ships have another piece of the seat at both
 * ends: two tests, one branch; the points are read for the others only),
 * then leave_dests' destinations from the points just read. */
static HW_TARGET_AVX2 HW_ALWAYS_INLINE void moves_avx2(const kern *k, const void *st, const uint64_t *anchor,
							 uint64_t sp, uint64_t bo, const uint64_t *mine, uint64_t pirate,
							 action_out *o)
{
	const hw_rules *r = hwr(k);
	const hw_ext *x = hwx(k, st);
	const unsigned me = (unsigned)ks(st)->active + 1;
	/* Not next to the pirate (H-59, H-80), not placed or moved this turn
	 * (H-80; a space out of the window holds no ship to drop). */
	uint64_t ships = win96(mine) & win96(r->ship_mask) & ~pirate;
	for (int i = 0; i < x->n_fresh; i++) {
		const unsigned f = (unsigned)x->fresh[i] - HW_WIN;
		if (f < 64u)
			ships &= ~(UINT64_C(1) << f);
	}
	const __m256i m0 = _mm256_loadu_si256((const __m256i *)(const void *)mine),
		      m1 = _mm256_loadu_si256((const __m256i *)(const void *)(mine - 1));
	const uint64_t *rows = r->end_bits + (size_t)HW_WIN * 6, *at = r->ship_at;
	const uint8_t *nodes = knodes(k, st), *stop = r->end_stop + HW_WIN;
	const bpath *path = k->b.path + HW_WIN;
	crisk_action from[HW_SHIPS]; /* MOVE_SHIP(f, 0) of each ship f that may move */
	uint64_t dest[HW_SHIPS], any = 0;
	int n_from = 0;
	(void)anchor;
	for (uint64_t m = ships; m; m &= m - 1) {
		const unsigned b = (unsigned)hw_tz(m);
		const uint64_t *row = rows + 6 * (size_t)b;
		/* Most ships have another piece of the seat at both ends: a
		 * branch per test, no flags turned into values on that way. */
		unsigned z0 = 1, z1 = 1;
		if (!_mm256_testz_si256(m0, _mm256_loadu_si256((const __m256i *)(const void *)row))) {
			if (!_mm256_testz_si256(m1, _mm256_loadu_si256((const __m256i *)(const void *)(row + 2))))
				continue; /* another piece of the seat at both ends */
			z0 = 0;
		} else {
			z1 = (unsigned)_mm256_testz_si256(m1, _mm256_loadu_si256((const __m256i *)(const void *)(row + 2)));
		}
		const unsigned n0 = path[b].node[0], n1 = path[b].node[1], b0 = nodes[n0], b1 = nodes[n1];
		const unsigned ends = (unsigned)(z0 && (b0 & NODE_OWNER_MASK) != me) |
				      (unsigned)(z1 && (b1 & NODE_OWNER_MASK) != me) << 1;
		assert(ends == open_ends_avx2(k, st, me, mine, HW_WIN + (int)b));
		if (!ends)
			continue;
		if (n_from == HW_SHIPS) /* never with a valid state: at most HW_SHIPS ships */
			break;
		/* The open ends that were anchors, left bare: an end of the seat's
		 * ship is on the coast and in its reach (the state check's reach
		 * rule), and an open one holds no building of the seat, so it is
		 * an anchor (hw_anchors_own) exactly when it is empty (byte 0) and
		 * no stop (end_stop). */
		const unsigned bare = ends & ((unsigned)(b0 == 0) | (unsigned)(b1 == 0) << 1) & ~(unsigned)stop[b];
		assert(bare == (ends & ((unsigned)bit_get(anchor, (int)n0) | (unsigned)bit_get(anchor, (int)n1) << 1)));
		/* leave_dests: a spot at a bare end stays if its other end is an
		 * anchor too, i.e. if it is in `bo` (a path at a bare end n whose
		 * ends are both anchors has its other end, not n, an anchor; the
		 * ship's path is no spot).  Only ship-type paths are spots, so the
		 * ship_at rows of the bare ends (in the window) cover its paths. */
		uint64_t d = sp;
		if (bare) {
			uint64_t rm = 0;
			if (bare & 1u)
				rm = win96(at + 3 * (size_t)n0);
			if (bare & 2u)
				rm |= win96(at + 3 * (size_t)n1);
			d = sp & ~(rm & ~bo);
		}
		dest[n_from] = d;
		any |= d;
		from[n_from++] = act_make(HW_MOVE_SHIP, (uint64_t)(HW_WIN + b));
	}
	/* list_moves' writers: codes ascend with `to` (bits 16-31), then `from`. */
	if (n_from == 1) {
		if (o->n <= o->cap && o->cap - o->n >= 64) { /* room for any: no test per code */
			crisk_action *next = o->buf + o->n;
			for (uint64_t m = any; m; m &= m - 1)
				*next++ = from[0] | (HW_WIN + hw_tz(m)) << 16;
			o->n = (size_t)(next - o->buf);
			return;
		}
		for (uint64_t m = any; m; m &= m - 1)
			out_put(o, from[0] | (HW_WIN + hw_tz(m)) << 16);
		return;
	}
	if (n_from <= 4 && o->n <= o->cap && o->cap - o->n >= 4 * 64) {
		/* Up to four ships: per `to`, their four codes in a register, the
		 * ships that may go there (bit b of their dest) packed to the
		 * front in their order (vpermd by hw_pack4's row) and stored
		 * together, the count advanced by how many.  The same codes in
		 * the same order as the loop below; at most 64 stores of four
		 * codes, each at most n_from past the last, so 256 slots hold
		 * them (codes past the count are left, as below). */
		const __m256i lane = _mm256_set_epi64x(3, 2, 1, 0),
			      fv = _mm256_loadu_si256((const __m256i *)(const void *)from),
			      dv = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(const void *)dest),
						    _mm256_cmpgt_epi64(_mm256_set1_epi64x(n_from), lane));
		crisk_action *buf = o->buf;
		size_t n = o->n;
		for (uint64_t m = any; m; m &= m - 1) {
			const __m256i bv = _mm256_set1_epi64x((long long)hw_tz(m));
			const unsigned go = (unsigned)_mm256_movemask_pd(
				_mm256_castsi256_pd(_mm256_slli_epi64(_mm256_srlv_epi64(dv, bv), 63)));
			const __m256i to = _mm256_slli_epi64(_mm256_add_epi64(bv, _mm256_set1_epi64x(HW_WIN)), 16);
			_mm256_storeu_si256((__m256i *)(void *)(buf + n),
					    _mm256_permutevar8x32_epi32(_mm256_or_si256(fv, to),
									_mm256_loadu_si256((const __m256i *)(const void *)hw_pack4[go])));
			n += (size_t)__builtin_popcount(go);
		}
		o->n = n;
		return;
	}
	if (o->n <= o->cap && o->cap - o->n >= (size_t)n_from * 64) {
		crisk_action *buf = o->buf;
		size_t n = o->n;
		for (uint64_t m = any; m; m &= m - 1) {
			const uint64_t b = hw_tz(m), to = (HW_WIN + b) << 16;
#pragma GCC unroll 1
			for (int i = 0; i < n_from; i++) {
				buf[n] = from[i] | to;
				n += (size_t)(dest[i] >> b & 1u);
			}
		}
		o->n = n;
		return;
	}
	for (uint64_t m = any; m; m &= m - 1) {
		const uint64_t b = hw_tz(m), to = (HW_WIN + b) << 16;
		for (int i = 0; i < n_from; i++) {
			if (dest[i] >> b & 1u)
				out_put(o, from[i] | to);
		}
	}
}

/* main_ships_at for the built-in map with AVX2: `empty` the empty paths
 * as a win96 word, `mine` (if move) the seat's pieces with a 0 word each
 * side (open_ends_avx2), both from paths160_avx2. */
static HW_TARGET_AVX2 HW_ALWAYS_INLINE void ships_avx2(const kern *k, const void *st, int build, int move,
							 action_out *o, uint64_t empty, const uint64_t *mine)
{
	uint64_t anchor[2], bo;
	const __m128i anchors = anchors_avx2_125(k, st, (unsigned)ks(st)->active + 1);
	_mm_storeu_si128((__m128i *)(void *)anchor, anchors); /* for the asserts */
	/* the pirate's paths, for the spots and the ships */
	const uint64_t pirate = win96(hw_pirate_paths_pw(k, st, 3));
	const uint64_t sp = spots_avx2_160(k, anchors, empty, pirate, &bo);
#if !defined(NDEBUG)
	uint64_t bo_rows;
	assert(sp == (spots_rows_160(k, anchor, &bo_rows) & empty & ~pirate) && bo == bo_rows);
#endif
	if (!sp)
		return; /* no ship to build and no place to move one to */
	if (build) {
		/* hw_list_spots, with room for all of them unchecked */
		if (o->n <= o->cap && o->cap - o->n >= 64) {
			crisk_action *next = o->buf + o->n;
			for (uint64_t m = sp; m; m &= m - 1)
				*next++ = act_make(HW_BUILD_SHIP, HW_WIN + hw_tz(m));
			o->n = (size_t)(next - o->buf);
		} else {
			for (uint64_t m = sp; m; m &= m - 1)
				out_put(o, act_make(HW_BUILD_SHIP, HW_WIN + hw_tz(m)));
		}
	}
	if (move)
		moves_avx2(k, st, anchor, sp, bo, mine, pirate, o);
}
#endif

/* dest_ok for every `to` at once, as bitsets: the ship-type paths at the
 * seat's anchors, less the pirate's, less those whose only anchor was an
 * end of `from` that the ship leaves bare (H-44 without it, H-81).  The
 * seat's ships are its pieces (mine) on ship-type paths, ascending. */
static HW_ALWAYS_INLINE void list_moves(const kern *k, const void *st, const uint64_t *anchor, const uint64_t *spots,
					const uint64_t *mine, const uint64_t *pirate, action_out *o, const int pw,
					const int lo)
{
	const hw_rules *r = hwr(k);
	const unsigned me = (unsigned)ks(st)->active + 1;
	const hw_ext *x = hwx(k, st);
	crisk_action from[HW_SHIPS]; /* MOVE_SHIP(f, 0) of each ship f that may move */
	int n_from = 0;
	unsigned end_of[HW_SHIPS];
	uint64_t ships[HW_MAX_PW], dest[HW_SHIPS][HW_MAX_PW], any[HW_MAX_PW];
	/* Not next to the pirate (H-59, H-80), not placed or moved this turn (H-80). */
	for (int i = 0; i < pw; i++) /* words below lo: no ship-type path (hw_rules.ship_lo) */
		ships[i] = i < lo ? 0 : mine[i] & r->ship_mask[i] & ~pirate[i];
	for (int i = 0; i < x->n_fresh; i++) {
		unsigned f = x->fresh[i];
		if (f < 64u * (unsigned)pw)
			ships[f >> 6] &= ~(UINT64_C(1) << (f & 63));
	}
	/* First the ships at an open end (H-79), then their destinations: two
	 * short loops keep their values in registers. */
	for (int w = lo; w < pw; w++) {
		for (uint64_t m = ships[w]; m; m &= m - 1) {
			int f = w * 64 + bit_low(m);
			unsigned ends = open_ends_bits(k, st, me, mine, f, pw);
			if (ends) {
				if (n_from == HW_SHIPS) /* never with a valid state: at most HW_SHIPS ships */
					goto listed;
				/* the open ends that were anchors: left bare */
				const bpath *bp = &k->b.path[f];
				end_of[n_from] = ends & ((unsigned)bit_get(anchor, bp->node[0]) |
							 (unsigned)bit_get(anchor, bp->node[1]) << 1);
				from[n_from++] = act_make(HW_MOVE_SHIP, (uint64_t)f);
			}
		}
	}
listed:
	if (!n_from)
		return;
	for (int i = 0; i < pw; i++)
		any[i] = 0;
	for (int j = 0; j < n_from; j++) {
		leave_dests(k, pw, (int)(from[j] & 0xFFFFu), end_of[j], anchor, spots, dest[j]);
		for (int i = lo; i < pw; i++)
			any[i] |= dest[j][i];
	}
	/* Codes ascend with `to` (bits 16-31), then `from`; one ship: its
	 * destinations in order. */
	if (n_from == 1) {
		if (o->n <= o->cap && o->cap - o->n >= (size_t)(pw - lo) * 64) { /* room for any: no test per code */
			crisk_action *next = o->buf + o->n;
			for (int w = lo; w < pw; w++) {
				for (uint64_t m = any[w]; m; m &= m - 1)
					*next++ = from[0] | (uint64_t)(w * 64 + bit_low(m)) << 16;
			}
			o->n = (size_t)(next - o->buf);
			return;
		}
		for (int w = lo; w < pw; w++) {
			for (uint64_t m = any[w]; m; m &= m - 1)
				out_put(o, from[0] | (uint64_t)(w * 64 + bit_low(m)) << 16);
		}
		return;
	}
	/* Per `to`, every ship's code is written and the count advanced by
	 * whether the ship may go there: no branch per ship, where the room
	 * for a word's worth of them is left (else out_put's way). */
	for (int w = lo; w < pw; w++) {
		uint64_t m = any[w];
		if (o->n <= o->cap && o->cap - o->n >= (size_t)n_from * 64) {
			crisk_action *buf = o->buf;
			size_t n = o->n;
			for (; m; m &= m - 1) {
				const int b = bit_low(m);
				const uint64_t to = (uint64_t)(w * 64 + b) << 16;
#pragma GCC unroll 1
				for (int i = 0; i < n_from; i++) {
					buf[n] = from[i] | to;
					n += (size_t)(dest[i][w] >> b & 1u);
				}
			}
			o->n = n;
			continue;
		}
		for (; m; m &= m - 1) {
			const int b = bit_low(m);
			const uint64_t to = (uint64_t)(w * 64 + b) << 16;
			for (int i = 0; i < n_from; i++) {
				if ((dest[i][w] >> b) & 1)
					out_put(o, from[i] | to);
			}
		}
	}
}

/* The main phase's ship actions, BUILD_SHIP and MOVE_SHIP (build or move
 * listable): they share the seat's anchors and spots, from the seat's
 * points (own) and the path bytes read once as bitsets (empty, the
 * seat's: mine, only if move); the move list inline.  Sizes constant for
 * the built-in map (160 spaces, 125 points); apart from hw_list_own, whose
 * other decision points then skip this frame. */
static HW_ALWAYS_INLINE void main_ships_at(const kern *k, const void *st, int build, int move, action_out *o,
					   const uint64_t *own, const uint64_t *empty, const uint64_t *mine,
					   const int pw, const int nw, const int lo)
{
	uint64_t anchor[HW_MAX_NW], spots[HW_MAX_PW];
	const uint64_t *pirate = hw_pirate_paths_pw(k, st, pw); /* read once for the spots and the ships */
	hw_anchors_own(k, st, ks(st)->active, own, anchor, nw);
	if (!hw_spots_sized(k, st, anchor, empty, spots, pw, nw, lo))
		return; /* no ship to build and no place to move one to */
	if (build)
		hw_list_spots(k, spots, HW_BUILD_SHIP, o);
	if (move)
		list_moves(k, st, anchor, spots, mine, pirate, o, pw, lo);
}

static HW_ALWAYS_INLINE void main_ships(const kern *k, const void *st, int build, int move, action_out *o,
					const int n_path, const int pw, const int n_node, const int nw, const int lo)
{
	uint64_t own[HW_MAX_NW], empty[HW_MAX_PW], mine[HW_MAX_PW];
	const unsigned me = (unsigned)ks(st)->active + 1;
	hw_own_points(knodes(k, st), n_node, me, nw, own);
	if (move)
		hw_path_bits_from(kpaths(k, st), n_path, me, pw, lo, empty, mine);
	else
		hw_path_empty(kpaths(k, st), n_path, pw, lo, empty);
	main_ships_at(k, st, build, move, o, own, empty, mine, pw, nw, lo);
}

/* hw_list_main's body: the kernel's main list, the ships', the market's. */
static HW_ALWAYS_INLINE size_t main_list(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap,
					 int build, int move, const int n_path, const int pw, const int n_node,
					 const int nw, const int lo)
{
	action_out o = {buf, cap, kern_legal_main(k, st, offers, buf, cap)};
	main_ships(k, st, build, move, &o, n_path, pw, n_node, nw, lo);
	if (hwx(k, st)->fish[ks(st)->active] >= 2)
		hw_list_market(k, st, &o);
	return o.n;
}

#if defined(HW_AVX2)
/* hw_path_bits_avx2_160 for ships_avx2: the empty paths as a win96 word
 * (the window's 64 bytes), the seat's (me) in mine[0..2] only if `move`
 * (the window's loads shared). */
static HW_TARGET_AVX2 HW_ALWAYS_INLINE uint64_t paths160_avx2(const uint8_t *paths, unsigned me, uint64_t *mine,
							      int move)
{
	const __m256i zero = _mm256_setzero_si256(), mv = _mm256_set1_epi8((char)me);
	if (move) {
		mine[0] = hw_eq32(paths, mv) | hw_eq32(paths + 32, mv) << 32;
		mine[1] = hw_eq32(paths + 64, mv) | hw_eq32(paths + 96, mv) << 32;
		mine[2] = hw_eq32(paths + 128, mv);
	}
	return hw_eq32(paths + 96, zero) | hw_eq32(paths + 128, zero) << 32;
}

/* Whether the AVX2 ship list serves k: the processor has AVX2 (and BMI),
 * the map has the built-in map's sizes (160 spaces, 125 points, no
 * ship-type path in word 0) and every ship-type path lies in bits 96..159
 * (win96). */
static int avx2_map(const kern *k)
{
	return hw_has_avx2() && k->b.n_path == 160 && k->b.n_node == 125 && hwr(k)->ship_lo == 1 &&
	       !(uint32_t)hwr(k)->ship_mask[1];
}

/* main_ships for the built-in map with AVX2: the bytes thirty-two a step. */
static HW_TARGET_AVX2 __attribute__((noinline)) void main_ships_avx2(const kern *k, const void *st, int build, int move,
								      action_out *o)
{
	uint64_t mv[5] = {0, 0, 0, 0, 0}, *mine = mv + 1; /* a 0 word each side: open_ends_avx2 */
	const unsigned me = (unsigned)ks(st)->active + 1;
	ships_avx2(k, st, build, move, o, paths160_avx2(kpaths(k, st), me, mine, move), mine);
}
#endif

#if defined(HW_AVX2)
/* main_list for the built-in map with AVX2 (main_ships_avx2's body). */
static HW_TARGET_AVX2 __attribute__((noinline)) size_t main_list_avx2(const kern *k, const void *st, int offers,
								       crisk_action *buf, size_t cap, unsigned ways)
{
	const int build = (ways & HW_WAYS_BUILD) != 0, move = (int)(ways >> 24);
	action_out o = {buf, cap, kern_legal_main_fast(k, st, offers, buf, cap)}; /* in this frame */
	uint64_t mv[5] = {0, 0, 0, 0, 0}, *mine = mv + 1; /* a 0 word each side: open_ends_avx2 */
	const unsigned me = (unsigned)ks(st)->active + 1;
	ships_avx2(k, st, build, move, &o, paths160_avx2(kpaths(k, st), me, mine, move), mine);
	if (hwx(k, st)->fish[me - 1] >= 2) { /* through a copy: o's address is never taken */
		action_out c = o;
		hw_list_market(k, st, &c);
		return c.n;
	}
	return o.n;
}
#endif

#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t main_list_builtin(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap, unsigned ways)
{
	return main_list(k, st, offers, buf, cap, (ways & HW_WAYS_BUILD) != 0, (int)(ways >> 24), 160, 3, 125, 2, 1);
}
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t main_list_any(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap, unsigned ways)
{
	return main_list(k, st, offers, buf, cap, (ways & HW_WAYS_BUILD) != 0, (int)(ways >> 24), k->b.n_path, k->pw,
			 k->b.n_node, k->nw, hwr(k)->ship_lo);
}

size_t hw_list_main_way(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap, int build, int move,
			int way)
{
	const unsigned ways = (unsigned)(build != 0) | (move ? HW_WAYS_MOVE : 0u);
#if defined(HW_AVX2)
	if (way == 2 && avx2_map(k))
		return main_list_avx2(k, st, offers, buf, cap, ways);
#endif
	if (way == 0 && k->b.n_path == 160 && k->b.n_node == 125 && hwr(k)->ship_lo == 1)
		return main_list_builtin(k, st, offers, buf, cap, ways);
	return main_list_any(k, st, offers, buf, cap, ways);
}

/* hw_rules.list_main: the lister for this map and processor, chosen once. */
void hw_rules_list_table(hw_rules *r)
{
	const kern *k = &r->k;
	r->list_main = main_list_any;
	if (k->b.n_path == 160 && k->b.n_node == 125 && r->ship_lo == 1) {
		for (int p = 0; p < 160; p++)
			r->end_stop[p] = (uint8_t)(bit_get(k->stop, k->b.path[p].node[0]) |
						   bit_get(k->stop, k->b.path[p].node[1]) << 1);
		for (int i = 0; i < 64; i++) {
			const int p = 96 + i, ship = !kern_road_path(k, p);
			for (int e = 0; e < 2; e++) {
				const int n = k->b.path[p].node[e];
				r->end_byte[e][i] = (uint8_t)(ship ? n >> 3 : 0x80);
				r->end_bit[e][i] = (uint8_t)(ship ? 1u << (n & 7) : 1u);
			}
		}
		r->list_main = main_list_builtin;
#if defined(HW_AVX2)
		if (avx2_map(k))
			r->list_main = main_list_avx2;
#endif
	}
}

/* main_ships for the built-in map without AVX2, and for any other map. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void main_ships_builtin(const kern *k, const void *st, int build, int move, action_out *o)
{
	main_ships(k, st, build, move, o, 160, 3, 125, 2, 1);
}
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void main_ships_any(const kern *k, const void *st, int build, int move, action_out *o)
{
	main_ships(k, st, build, move, o, k->b.n_path, k->pw, k->b.n_node, k->nw, hwr(k)->ship_lo);
}

void hw_list_main_ships_way(const kern *k, const void *st, int build, int move, action_out *o, int way)
{
#if defined(HW_AVX2)
	if (way == 2 && avx2_map(k)) {
		main_ships_avx2(k, st, build, move, o);
		return;
	}
#endif
	if (way == 0 && k->b.n_path == 160 && k->b.n_node == 125 && hwr(k)->ship_lo == 1)
		main_ships_builtin(k, st, build, move, o);
	else
		main_ships_any(k, st, build, move, o);
}

/* A frameless choice of one of the above (tail calls). */
void hw_list_main_ships(const kern *k, const void *st, int build, int move, action_out *o)
{
	if (k->b.n_path == 160 && k->b.n_node == 125 && hwr(k)->ship_lo == 1) {
#if defined(HW_AVX2)
		if (avx2_map(k)) {
			main_ships_avx2(k, st, build, move, o);
			return;
		}
#endif
		main_ships_builtin(k, st, build, move, o);
	} else {
		main_ships_any(k, st, build, move, o);
	}
}

/* Seat s's piece leaves path p: the reach bits of its points follow.
 * others is others_at_ends(k, st, s, p): a point keeps its bit when
 * another path there holds a piece of s. */
static inline void take_off_known(const kern *k, void *st, int s, int p, unsigned others)
{
	uint64_t *reach = kreach(k, st, s);
	const int n0 = k->b.path[p].node[0], n1 = k->b.path[p].node[1];
	kpaths(k, st)[p] = 0;
	if (!(others & 1u))
		reach[n0 >> 6] &= ~(UINT64_C(1) << (n0 & 63));
	if (!(others & 2u))
		reach[n1 >> 6] &= ~(UINT64_C(1) << (n1 & 63));
}

/* Seat s's pieces at end e of path p, p itself not counted (for
 * route_after_move). */
static inline int mine_at_end(const kern *k, const uint8_t *paths, int s, int p, int e)
{
	const hw_rules *r = hwr(k);
	const unsigned me = (unsigned)s + 1;
	if (r->end_other_ok) {
		const uint16_t *q = r->end_other + 8 * (size_t)p + 4 * e;
		return mine_on(paths, q[0], me) + mine_on(paths, q[1], me) + mine_on(paths, q[2], me);
	}
	const bnode *bn = &k->b.node[k->b.path[p].node[e]];
	int n = 0;
	for (int q = 0; q < bn->deg; q++)
		n += bn->path[q] != p && paths[bn->path[q]] == me;
	return n;
}

/* For route_after_move, once a trail of old through `from` was found (the
 * pieces as before the move, less `to`): 1 if a trail of old without
 * `from` is sure to exist too.  `from` hangs at its open end, so a trail
 * through it is `from` and a trail T starting at from's inner point i.  If
 * i holds two or more other pieces of s and no other seat's building, take
 * one of them, b, off for a moment: a trail through `from` of old found
 * then has a T without b, and b followed by T is a trail of old without
 * `from` (a trail may pass i).  If that search went over to the whole
 * part or network, a trail of old it found without `from` is one too.
 * Only the first such b is tried (its walk often goes over to the
 * component's search; a second walk cost more than the searches it saved
 * at 3 seats); 0 (the whole network decides) when no trail of old
 * through `from` avoids that b. */
static int route_kept_at_inner(const kern *k, uint8_t *paths, const uint8_t *nodes, int s, int old, int from)
{
	for (int e = 0; e < 2; e++) {
		int i = k->b.path[from].node[e], who = nodes[i] & NODE_OWNER_MASK, mine = 0;
		const bnode *bn = &k->b.node[i];
		for (int q = 0; q < bn->deg; q++)
			mine += bn->path[q] != from && paths[bn->path[q]] == s + 1;
		if (mine < 2 || (who != 0 && who != s + 1))
			continue; /* i holds one piece besides `from`, or it is not i */
		for (int q = 0; q < bn->deg; q++) {
			int b = bn->path[q], len;
			if (b == from || paths[b] != s + 1)
				continue;
			paths[b] = 0;
			len = board_longest_road_through_inplace(&k->b, paths, nodes, s, from, old - 1, LR_THROUGH_BOUNDED);
			paths[b] = (uint8_t)(s + 1);
			return len >= old;
		}
	}
	return 0;
}

/* From point i, along seat s's pieces without choosing (the first piece on
 * at each point, never the one it came by): 0 when it reaches a point that
 * holds another seat's building or an odd number of s's pieces, 1 when it
 * comes back to i or looks at 32 points first (nothing found).  Each point
 * it reaches is reached from i over s's pieces through points it found
 * unblocked (for route_after_move). */
static int route_even_from(const kern *k, const uint8_t *paths, const uint8_t *nodes, int s, int i)
{
	const bnode *bn = &k->b.node[i];
	int came = -1, u = -1;
	for (int q = 0; q < bn->deg && came < 0; q++)
		if (paths[bn->path[q]] == s + 1) {
			came = bn->path[q];
			u = bn->adj[q];
		}
	for (int steps = 0; steps < 32 && u >= 0 && u != i; steps++) {
		int who = nodes[u] & NODE_OWNER_MASK, mine = 0, next = -1;
		if (who != 0 && who != s + 1)
			return 0;
		bn = &k->b.node[u];
		for (int q = 0; q < bn->deg; q++)
			if (paths[bn->path[q]] == s + 1) {
				mine++;
				if (next < 0 && bn->path[q] != came)
					next = q;
			}
		if (mine % 2 != 0)
			return 0;
		came = bn->path[next];
		u = bn->adj[next];
	}
	return 1;
}

/* For route_after_move, with `to`, `from` and c2..cm off: 1 when no part
 * of seat s's network (its pieces joined at any shared point, blocked or
 * not; the part of point j first, then the parts of the seat's reach bits)
 * can hold a trail of old, by the bound of parts_reach (longest_road.c): a
 * part of w pieces with d points odd and unblocked, plus one per piece at
 * a blocked point, holds no trail above w - (d - 2) / 2 (split each blocked
 * point into one end per piece: every odd point but a trail's two ends
 * keeps a piece off the trail, and a piece serves two at most).  `left`
 * is the count of the pieces on: once those not yet in a part are fewer
 * than old, no part left holds a trail of old.  0 when a part may (or the
 * board is too large for the marks).  Out of line: inlined, it costs
 * route_after_move's frame more than it saves. */
static __attribute__((noinline)) int route_parts_below(const kern *k, const uint8_t *paths, const uint8_t *nodes,
							const uint64_t *reach, int s, int old, int j, int left)
{
	enum { MAX_NODES = 256 };
	uint8_t seen[MAX_NODES] = {0};
	uint16_t stack[MAX_NODES]; /* each point once */
	const unsigned me = (unsigned)s + 1;
	const int nw = k->nw;
	if (k->b.n_node > MAX_NODES)
		return 0;
	while (left >= old) {
		int v = j, sp = 1, two_w = 0, d = 0;
		for (int x = 0; x < nw && v < 0; x++)
			for (uint64_t m = reach[x]; m && v < 0; m &= m - 1)
				if (!seen[64 * x + bit_low(m)])
					v = 64 * x + bit_low(m);
		if (v < 0)
			return 1; /* every part looked at */
		j = -1;
		seen[v] = 1;
		stack[0] = (uint16_t)v;
		while (sp > 0) {
			const bnode *bn = &k->b.node[v = stack[--sp]];
			unsigned who = nodes[v] & NODE_OWNER_MASK;
			int m = 0;
			for (int q = 0; q < bn->deg; q++) {
				int u = bn->adj[q];
				if (paths[bn->path[q]] != me)
					continue;
				m++;
				if (seen[u])
					continue;
				seen[u] = 1;
				stack[sp++] = (uint16_t)u;
			}
			two_w += m;
			d += who != 0 && who != me ? m : m & 1;
		}
		if (two_w / 2 - (d > 2 ? d - 2 : 0) / 2 >= old)
			return 0;
		left -= two_w / 2;
	}
	return 1;
}

/* Seat s's longest trail once its ship on `from` stands on `to` (H-81,
 * H-84), old before the move.  `from` was at an open end (H-79): a trail
 * uses it only as its last road, so the network without it keeps a trail
 * of old - 1 (the longest through it, less it) and none longer than old.
 * The answer is the longer of that network's longest trail (old - 1 or old)
 * and the longest through `to`:
 *  - board_longest_road_through_loose(to, old - 1), whose premise holds
 *    (the network without `to` and `from` has no trail above old), returns
 *    at least old only when trails of at least old run through `to` or in
 *    its component, and then exactly the longest of them (the longest
 *    through `to`, of its component or of the network), which is the
 *    answer since no trail elsewhere is above old;
 *  - below old, no trail through `to` reaches old: the answer is old if a
 *    trail of old avoided `from` before the move, which holds when from's
 *    inner point holds an even number of s's pieces and route_even_from
 *    finds a point blocked or odd from there (parity, no walk), when the
 *    longest trail through `from` (the pieces as before the move, put back
 *    for a moment; asked through the last piece of the run that `from`
 *    ends, so that the walk does not follow the run) stays below old, or
 *    when it reaches old without one of
 *    the other pieces at from's inner point (route_kept_at_inner), else
 *    only the whole network's search
 *    tells old from old - 1 (after route_parts_below, whose bound per part
 *    rules out a trail of old without `from`: old - 1 without a walk),
 *    by board_longest_road_at_least(old) on the
 *    network without `to` (no trail through it reaches old): a search
 *    that stops at the first trail of old (the common case, the length
 *    kept) and is exhaustive only when the length drops. */
static int route_after_move(const kern *k, void *st, int s, int old, int from, int to)
{
	uint8_t *paths = kpaths(k, st);
	const uint8_t *nodes = knodes(k, st);
	if (old <= 0)
		return board_longest_road(&k->b, paths, nodes, s);
	/* `to` sharing a point x with `from`, with none of s's pieces at its
	 * other end nor at from's other end: both hang at x (leaves of s's
	 * network at their far ends), so the trails with `to` are the trails
	 * with `from`, end for end (a trail only ends at a leaf, blocked or
	 * not): the route stays old. */
	{
		const bpath *pf = &k->b.path[from], *pt = &k->b.path[to];
		int e = pt->node[0] == pf->node[0] || pt->node[0] == pf->node[1]
				? 0
				: pt->node[1] == pf->node[0] || pt->node[1] == pf->node[1] ? 1 : -1;
		if (e >= 0 && !mine_at_end(k, paths, s, to, 1 - e) &&
		    !mine_at_end(k, paths, s, from, pf->node[0] == pt->node[e]))
			return old;
	}
	/* s's pieces on paths, `to` in and `from` out: its roads and ships
	 * off the supplies (hawaii has no extra pieces; the state check holds
	 * both supplies to the board).  With at most old of them, the network
	 * without `to` has no trail above old - 1: the premise of the plain
	 * board_longest_road_through(to, old - 1), whose walk stops at the
	 * first trail of old through `to`, the longest there can be. */
	int pieces = HW_SHIPS - hwx(k, st)->ships[s] + k->cfg.pieces[PIECE_ROAD] -
		     kseat_of(k, st, s)->supply[PIECE_ROAD];
	int at_to = board_longest_road_through_inplace(&k->b, paths, nodes, s, to, old - 1,
						       pieces > old ? LR_THROUGH_LOOSE : LR_THROUGH_PLAIN);
	if (at_to >= old)
		return at_to;
	paths[to] = 0;
	/* from's inner point i (-1 if `from` stood alone) and s's pieces there,
	 * without `from` and `to`. */
	int i = -1, at_i = 0;
	for (int e = 0; e < 2 && i < 0; e++) {
		at_i = mine_at_end(k, paths, s, from, e);
		if (at_i)
			i = k->b.path[from].node[e];
	}
	if (old >= 2 && at_i % 2 == 0 && at_i && !route_even_from(k, paths, nodes, s, i)) {
		/* Parity at an even inner point: a trail of old is left without
		 * `from`, with or without one through it.  If none of old runs
		 * through `from`, one avoids it (old is the route before the
		 * move, and `to` was not part of it).  Else such a trail is
		 * `from` and a trail T of old - 1 from i without `from` and `to`
		 * (so i is unblocked).  If T ends elsewhere it uses an odd number
		 * of i's pieces: a piece e at i is off T, and e followed by T is
		 * a trail of old (it passes i, which from + T passes too).  If T
		 * is closed at i and a point of T (all passed, so unblocked) has
		 * a piece r of s off T, T read from that point followed by r is a
		 * trail of old.  Else every piece at each point of T is on T: T
		 * is all that is reached from i over s's pieces through
		 * unblocked points, and each point reached is unblocked with an
		 * even number of s's pieces, which route_even_from finding a
		 * point blocked or odd rules out.  No walk through `from` is
		 * needed. */
		paths[to] = (uint8_t)(s + 1);
		return old;
	}
	/* `from` ends a run of pieces through points of two pieces of s each,
	 * open to s: c1 = from, c2, ..., cm up to a point J (a fork, a blocked
	 * point, or the run's other end); c2..cm are taken off here.  A trail
	 * through `from` is the whole run and a trail from J without it. */
	uint16_t run[32];
	int n_run = 0, x = i, via, fork = 1, below = 0;
	while (x >= 0 && n_run < 32) {
		const bnode *bn = &k->b.node[x];
		int who = nodes[x] & NODE_OWNER_MASK, next = -1, mine = 0;
		fork = 0;
		if (who != 0 && who != s + 1)
			break; /* a trail stops at x */
		for (int q = 0; q < bn->deg; q++)
			if (paths[bn->path[q]] == s + 1) {
				mine++;
				next = bn->path[q];
			}
		fork = mine > 1;
		if (mine != 1)
			break; /* x is J: a fork, or the run's other end */
		fork = 1; /* not looked at yet (past 32 pieces) */
		run[n_run++] = (uint16_t)next;
		paths[next] = 0;
		x = k->b.path[next].node[0] == x ? k->b.path[next].node[1] : k->b.path[next].node[0];
	}
	if (!fork) {
		via = n_run + 1; /* J (i when n_run is 0) blocked, or the run's other end: the run alone */
	} else if (pieces - 1 - n_run - old <= 8 + 3 * n_run &&
		   route_parts_below(k, paths, nodes, kreach(k, st, s), s, old, x, pieces - 1 - n_run)) {
		/* No trail of old without `from` (c2..cm: below), so the route's
		 * trail of old before the move used it: old - 1, without the walk
		 * and the whole network's search.  Asked only with few pieces
		 * beyond old for the run's length (where it mostly holds: a
		 * matter of cost, not of truth). */
		via = old;
		below = 1;
	} else if (n_run == 0) {
		paths[from] = (uint8_t)(s + 1);
		via = board_longest_road_through_inplace(&k->b, paths, nodes, s, from, old - 1, LR_THROUGH_BOUNDED);
		if (via >= old)
			via = route_kept_at_inner(k, paths, nodes, s, old, from) ? 0 : via;
		paths[from] = 0;
	} else {
		/* The walk through `from` without walking the run again: cm hangs
		 * at its end towards `from` (c1..cm-1 off), so the longest trail
		 * through it, asked up to old - n_run - 1 (cm and a trail from J
		 * of old - m; at least 0, since the run alone, m pieces, was a
		 * trail of at most old), plus the n_run pieces c1..cm-1 is the
		 * longest through `from` (or at least old), or more only when the
		 * search went over to cm's part or the network: below old, no
		 * trail of old runs through `from`. */
		int cm = run[n_run - 1], t;
		paths[cm] = (uint8_t)(s + 1);
		t = board_longest_road_through_inplace(&k->b, paths, nodes, s, cm, old - 1 - n_run, LR_THROUGH_BOUNDED);
		paths[cm] = 0;
		via = t < 0 ? t : t + n_run;
	}
	if (via >= 0 && via < old) {
		while (n_run > 0)
			paths[run[--n_run]] = (uint8_t)(s + 1);
		paths[to] = (uint8_t)(s + 1);
		return old;
	}
	/* The answer is old or old - 1 (above): only whether a trail of old
	 * is left matters, and that search stops at the first one found.
	 * Without `from`, a trail using some of c2..cm ends among them, so it
	 * is at most m - 1 of them and a trail from J without them, and before
	 * the move the whole run and that trail from J made a trail of at most
	 * old: such trails stay below old.  So the pieces c2..cm stay off for
	 * the search too (any first part of them would do); `to` too, since
	 * no trail through it reaches old (above). */
	/* Fewer than old pieces left (less `to` and the run): no trail of old. */
	int left = below || pieces - 1 - n_run < old ? 0 : board_longest_road_at_least(&k->b, paths, nodes, s, old);
	while (n_run > 0)
		paths[run[--n_run]] = (uint8_t)(s + 1);
	paths[to] = (uint8_t)(s + 1);
	return left < 0 ? left : old - 1 + left;
}

/* H-81; the victory check only when the move may raise the mover's VP
 * (hw_vp_may_rise).  others: others_at_ends(k, st, active, from). */
static void move_ship(const kern *k, void *st, int from, int to, unsigned others, evlog *log)
{
	int s = ks(st)->active, old = kseat_of(k, st, s)->road_len;
	hw_ext *x = hwx(k, st);
	const hw_vp_mark vp = hw_vp_before(k, st, s, to);
	take_off_known(k, st, s, from, others);
	hw_ship_removed(k, st, s, from, log); /* H-81: boat back, merchant rate lost */
	hw_set_ship(k, st, s, to); /* the ship itself moves: no supply change */
	/* H-50: chit, boat, merchant; no chit changed since vp (only the
	 * ship's paths, reach bits, boat and rates did): vp.chit is
	 * hw_chit_lies(to) still. */
	hw_piece_placed_as(k, st, s, to, vp.chit, log);
	x->moved = 1;
	ev *e = ev_push(log, HW_EV_MOVE_SHIP, s, -1);
	if (e) {
		e->args[0] = from;
		e->args[1] = to;
	}
	flow_set_road_len(k, st, s, route_after_move(k, st, s, old, from, to), log); /* H-81, H-84 */
	if (hw_vp_may_rise(k, st, s, vp))
		flow_check_victory(k, st, log);
}

void hw_move_ship(const kern *k, void *st, int from, int to, evlog *log)
{
	move_ship(k, st, from, to, others_at_ends(k, st, ks(st)->active, from), log);
}

/* H-78, H-80: thief, moved, and the fresh list of the turn's seat. */
int hw_moves_check(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	const hw_ext *x = hwx(k, st);
	if (x->thief > 1)
		return err_set(CRISK_EFORMAT, "ext.thief: %u is not 0 (robber) or 1 (pirate)", (unsigned)x->thief);
	if (x->thief && !k->b.n_sea)
		return err_set(CRISK_EFORMAT, "ext.thief: the pirate, on a map without one");
	if (x->moved > 1)
		return err_set(CRISK_EFORMAT, "ext.moved: %u is not 0 or 1", (unsigned)x->moved);
	if (x->n_fresh > HW_SHIPS)
		return err_set(CRISK_EFORMAT, "ext.n_fresh: %u is above %d", (unsigned)x->n_fresh, HW_SHIPS);
	if (h->turn == 0 && (x->moved || x->n_fresh))
		return err_set(CRISK_EFORMAT, "ext.moved, ext.n_fresh: ships moved or placed in a turn during set-up");
	if (x->moved && !x->n_fresh)
		return err_set(CRISK_EFORMAT, "ext.moved: 1, but no ship was placed or moved this turn");
	int owner = h->part_owner != NO_SEAT ? h->part_owner : h->active;
	const uint8_t *paths = kpaths(k, st);
	for (int i = 0; i < HW_SHIPS; i++) {
		int p = x->fresh[i];
		if (i >= x->n_fresh) {
			if (p)
				return err_set(CRISK_EFORMAT, "ext.fresh[%d]: %d past n_fresh %u (must be 0)", i, p,
					       (unsigned)x->n_fresh);
			continue;
		}
		if (p >= k->b.n_path || kern_road_path(k, p) || paths[p] != owner + 1)
			return err_set(CRISK_EFORMAT, "ext.fresh[%d]: space %d holds no ship of seat %d", i, p, owner);
		for (int j = 0; j < i; j++) {
			if (x->fresh[j] == p)
				return err_set(CRISK_EFORMAT, "ext.fresh[%d]: space %d twice", i, p);
		}
	}
	return CRISK_OK;
}
