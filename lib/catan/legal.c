/* Enumeration of the legal actions of the current decision point, strictly
 * ascending by code, and the outcomes of chance points with their exact
 * probabilities (B-128..B-133).  No allocation. */
#include <string.h>

#include "../core/error.h"
#include "kernel.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Appends a run of codes (as many as fit; the count grows by all of them). */
static void put_run(action_out *o, const crisk_action *src, size_t n)
{
	if (o->n < o->cap && n)
		memcpy(o->buf + o->n, src, (n < o->cap - o->n ? n : o->cap - o->n) * sizeof *src);
	o->n += n;
}

/* For the listers of the main phase, which kern_legal_main and
 * kern_legal_other both use: inlined into each, they keep the list in
 * registers, which a call of their own would not. */
#if defined(__GNUC__)
#define LEGAL_INLINE inline __attribute__((always_inline))
#else
#define LEGAL_INLINE inline
#endif

#define SPOT_WORDS 16 /* fast path for boards up to 1024 paths */

/* kern_bare_buildings for word w of a map whose state holds at least 64
 * bytes from node 64w on (list_roads' two-word maps: the paths follow the
 * points): the owner bits of those bytes compared sixteen at a time, then
 * the points past the last cleared, instead of one test per building. */
static inline uint64_t bare_buildings_64(const kern *k, const void *st, int s, int w)
{
#if defined(__SSE2__)
	const uint8_t *at = knodes(k, st) + 64 * w;
	const __m128i low = _mm_set1_epi8((char)NODE_OWNER_MASK), me = _mm_set1_epi8((char)(s + 1));
	uint64_t own = 0;
	for (int c = 0; c < 4; c++) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(at + 16 * c));
		own |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(v, low), me)) << (16 * c);
	}
	const int past = k->b.n_node - 64 * w; /* points in this word */
	if (past < 64)
		own &= (UINT64_C(1) << past) - 1;
	return own & ~kreach(k, st, s)[w];
#else
	return kern_bare_buildings(k, st, s, w);
#endif
}

/* bit_low(m) for m != 0 as a 64-bit value, for an index or a code: no
 * sign extension after the count (tzcnt, which a processor without BMI1
 * runs as bsf: the same for m != 0). */
static inline uint64_t bit_low64(uint64_t m)
{
#if defined(__GNUC__) && defined(__x86_64__)
	uint64_t r;
	__asm__("tzcnt %1, %0" : "=r"(r) : "rm"(m) : "cc");
	return r;
#else
	return (uint64_t)bit_low(m);
#endif
}

/* Paths where seat s may build a road (B-69, B-70; on maps road paths only
 * and H-45), in ascending order.  Only the ends of the seat's roads can
 * qualify, and its buildings: after set-up every building of a seat touches
 * one of its roads (B-43, B-71) unless kern_config.bare_buildings says
 * otherwise.  `followed`: the caller lists another code after these in any
 * case. */
/* The bitset walk of list_roads for nw node words and pw path words: the
 * standard base board (nw 1, pw 2) gets constant widths, so the loops over
 * words unroll and the candidates stay in registers.  Only the first rpw
 * words are read (kern.rpw or more: node_paths holds road-type paths
 * only, so the words past kern.rpw are 0 in every row, and so in spots). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void list_roads_words(const kern *k, const void *st, int s, unsigned type, int followed, action_out *o,
				    const int nw, const int pw, const int rpw, const int roads_only, const int n_path)
{
	/* Candidate paths: those at the seat's road ends not blocked by an
	 * opponent's building, as a path bitset; then keep the empty ones. */
	uint64_t spots[SPOT_WORDS];
	const uint64_t *reach = kreach(k, st, s);
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	for (int w = 0; w < rpw; w++)
		spots[w] = 0;
	const uint64_t *occupied = koccupied(k, st);
	for (int w = 0; w < nw; w++) {
		/* An empty named location is no anchor (H-45): those drop out
		 * here; on the built-in hawaii map (roads_only) the points
		 * without a road path too (the ends of ship networks at sea). */
		uint64_t from = reach[w] & ~(k->stop[w] & ~occupied[w]);
		if (k->cfg.bare_buildings)
			from |= roads_only && nw == 2 ? bare_buildings_64(k, st, s, w) : kern_bare_buildings(k, st, s, w);
		if (roads_only) {
			from &= k->road_nodes[w];
			/* An opponent's building blocks (B-70): tested at the
			 * occupied points only (the seat's buildings and a few
			 * others), fewer than the network's points. */
			for (uint64_t m = from & occupied[w]; m; m &= m - 1) {
				const uint64_t b = bit_low64(m); /* point w * 64 + b */
				from &= ~((uint64_t)((nodes[w * 64 + b] & NODE_OWNER_MASK) != (unsigned)s + 1) << b);
			}
			const uint64_t *rows = k->node_paths + (size_t)w * 64 * (size_t)pw; /* word w's points' */
			for (uint64_t m = from; m; m &= m - 1) {
				const uint64_t *at = rows + bit_low64(m) * (size_t)pw;
				for (int i = 0; i < rpw; i++)
					spots[i] |= at[i];
			}
			continue;
		}
		for (uint64_t m = from; m; m &= m - 1) {
			int n = w * 64 + bit_low(m);
			/* An opponent's building blocks (B-70).  Whether one stands
			 * there is anyone's guess: a mask, not a branch. */
			uint64_t open = 0 - (uint64_t)((nodes[n] == 0) | ((nodes[n] & NODE_OWNER_MASK) == (unsigned)s + 1));
			const uint64_t *at = k->node_paths + (size_t)n * (size_t)pw;
			for (int i = 0; i < rpw; i++)
				spots[i] |= at[i] & open;
		}
	}
#if defined(__SSE2__)
	if (roads_only && !(n_path & 15)) {
		/* The built-in hawaii map's widths (160 spaces): the empty paths
		 * as bits, sixteen bytes a step (none past the last path), so
		 * that the writers below see only the empty candidates, not the
		 * seat's own roads among them. */
		const __m128i zero = _mm_setzero_si128();
		for (int w = 0; w < rpw; w++) {
			uint64_t e = 0;
			for (int c = 0; c < 4 && w * 64 + c * 16 < n_path; c++) {
				__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(paths + w * 64 + c * 16));
				e |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)) << (16 * c);
			}
			spots[w] &= e;
		}
		if (o->n + (size_t)n_path <= o->cap) { /* room for every path: no test per code */
			crisk_action *next = o->buf + o->n;
			for (int w = 0; w < rpw; w++) {
				for (uint64_t m = spots[w]; m; m &= m - 1)
					*next++ = act_make(type, (uint64_t)w * 64 + bit_low64(m));
			}
			o->n = (size_t)(next - o->buf);
			return;
		}
	}
#endif
	if (followed && o->n + (size_t)k->b.n_path <= o->cap) {
		/* Room for every path: each candidate goes into the next slot,
		 * which moves on only if the path is empty.  The slot after the
		 * list may keep a taken path's code, until the caller's next
		 * code overwrites it. */
		crisk_action *next = o->buf + o->n;
		for (int w = 0; w < rpw; w++) {
			for (uint64_t m = spots[w]; m; m &= m - 1) {
				int p = w * 64 + bit_low(m);
				*next = act_make(type, (uint64_t)p);
				next += paths[p] == 0;
			}
		}
		o->n = (size_t)(next - o->buf);
		return;
	}
	for (int w = 0; w < rpw; w++) {
		for (uint64_t m = spots[w]; m; m &= m - 1) {
			int p = w * 64 + bit_low(m);
			if (!paths[p])
				out_put(o, act_make(type, (uint64_t)p));
		}
	}
}

/* The base board (54 intersections, 72 paths: one node word, two path
 * words) and hawaii's built-in map (125 points, 160 spaces: two and three)
 * each get a copy of their own with constant widths. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void list_roads_base(const kern *k, const void *st, int s, unsigned type, int followed, action_out *o)
{
	list_roads_words(k, st, s, type, followed, o, 1, 2, 2, 0, k->b.n_path);
}

#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void list_roads(const kern *k, const void *st, int s, unsigned type, int followed, action_out *o)
{
	if (k->b.n_path > 64 * SPOT_WORDS) {
		for (int p = 0; p < k->b.n_path; p++) {
			if (kern_road_ok(k, st, s, p))
				out_put(o, act_make(type, (uint64_t)p));
		}
		return;
	}
	/* hawaii's built-in map (160 spaces, road-type paths 0..112 in the
	 * first two words): the empty paths' bytes in eight unrolled steps. */
	if (k->nw == 2 && k->pw == 3 && k->rpw == 2 && k->b.n_path == 160)
		list_roads_words(k, st, s, type, followed, o, 2, 3, 2, 1, 160);
	else if (k->nw == 2 && k->pw == 3)
		list_roads_words(k, st, s, type, followed, o, 2, 3, 3, 1, k->b.n_path);
	else
		list_roads_words(k, st, s, type, followed, o, k->nw, k->pw, k->pw, 0, k->b.n_path);
}

/* The list grows through a copy, so the caller's out never has its address
 * taken and stays in registers through the inlined listers. */
static void list_roads_local(const kern *k, const void *st, int s, unsigned type, int followed, action_out *o)
{
	action_out copy = *o;
	if (k->nw == 1 && k->pw == 2)
		list_roads_base(k, st, s, type, followed, &copy);
	else
		list_roads(k, st, s, type, followed, &copy);
	o->n = copy.n;
}

/* Settlement sites: reachable (or anywhere in set-up) and not blocked. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void list_sites_words(const kern *k, const void *st, const uint64_t *reach, unsigned type, action_out *o,
				    const int nw)
{
	const uint64_t *blocked = kblocked(k, st);
	for (int w = 0; w < nw; w++) {
		uint64_t m = ~blocked[w] & (reach ? reach[w] : ~UINT64_C(0));
		while (m) {
			int n = w * 64 + bit_low(m);
			m &= m - 1;
			if (n >= k->b.n_node)
				return;
			out_put(o, act_make(type, (uint64_t)n));
		}
	}
}
static inline void list_sites(const kern *k, const void *st, const uint64_t *reach, unsigned type, action_out *o)
{
	if (k->nw == 1) /* the base board's 54 intersections */
		list_sites_words(k, st, reach, type, o, 1);
	else
		list_sites_words(k, st, reach, type, o, k->nw);
}

static inline int card_playable(const kern *k, const void *st, const kseat *p, int c)
{
	if (p->dev[c] <= p->dev_new[c])
		return 0;
	if (c == CRISK_CATAN_ROAD_BUILDING) {
		int spot;
		return kern_free_pieces(k, st, ks(st)->active, &spot) && spot;
	}
	return 1;
}

static inline void list_cards(const kern *k, const void *st, action_out *o)
{
	const kstate *h = ks(st);
	const kseat *p = kseat_of(k, st, h->active);
	static const struct {
		int card;
		unsigned type;
	} plays[] = {{CRISK_CATAN_KNIGHT, CRISK_CATAN_PLAY_KNIGHT},
		     {CRISK_CATAN_ROAD_BUILDING, CRISK_CATAN_PLAY_ROAD_BUILDING},
		     {CRISK_CATAN_YEAR_OF_PLENTY, CRISK_CATAN_PLAY_YEAR_OF_PLENTY},
		     {CRISK_CATAN_MONOPOLY, CRISK_CATAN_PLAY_MONOPOLY}};
	if (!kern_holds_action_card(k, st))
		return;
	for (size_t i = 0; i < sizeof plays / sizeof plays[0]; i++) {
		if (card_playable(k, st, p, plays[i].card))
			out_put(o, act_make(plays[i].type, 0));
	}
}

static inline uint64_t active_hand(const kern *k, const void *st)
{
	return kern_hand_bytes(kseat_of(k, st, ks(st)->active));
}

/* khand_key for all five resources at once: counts are below 128, so byte
 * r of (count | 0x80) - n keeps its top bit exactly when count >= n. */
static inline int hand_key_swar(uint64_t hand)
{
	uint64_t biased = hand | KERN_RES_TOP;
	return (int)(kern_gather5((biased - KERN_RES_ONE) & KERN_RES_TOP) |
		     kern_gather5((biased - 2 * KERN_RES_ONE) & KERN_RES_TOP) << NUM_RES);
}

/* The trade rates of krate (B-101) as bytes, resource r in byte r, for each
 * value of a seat's harbor bits (bit 0 generic, bit 1 + r special): 2 at the
 * resource's special harbor, else 3 with a generic one, else 4. */
#define RATE_BYTE(hb, r) \
	((uint64_t)((((hb) >> (1 + (r))) & 1) ? 2 : ((hb) & 1) ? 3 : 4) << (8 * (r)))
#define RATE_BYTES(hb) \
	(RATE_BYTE(hb, 0) | RATE_BYTE(hb, 1) | RATE_BYTE(hb, 2) | RATE_BYTE(hb, 3) | RATE_BYTE(hb, 4))
#define RATE_BYTES4(hb) RATE_BYTES(hb), RATE_BYTES((hb) + 1), RATE_BYTES((hb) + 2), RATE_BYTES((hb) + 3)
#define RATE_BYTES16(hb) RATE_BYTES4(hb), RATE_BYTES4((hb) + 4), RATE_BYTES4((hb) + 8), RATE_BYTES4((hb) + 12)
#define RATE_BYTES64(hb) RATE_BYTES16(hb), RATE_BYTES16((hb) + 16), RATE_BYTES16((hb) + 32), RATE_BYTES16((hb) + 48)
const uint64_t kern_rate_bytes[256] = {RATE_BYTES64(0), RATE_BYTES64(64), RATE_BYTES64(128), RATE_BYTES64(192)};

/* Roads, settlements, cities and a development card the active seat can
 * pay.  The callers always list a code after these (END_TURN, PASS or
 * END_PART), which lets BUY_DEV go without a branch (below). */
static LEGAL_INLINE void list_builds(const kern *k, const void *st, uint64_t hand, action_out *o)
{
	const kstate *h = ks(st);
	int s = h->active;
	const kseat *p = kseat_of(k, st, s);
	if (p->supply[PIECE_ROAD] && kern_pays(hand, COST_ROAD))
		list_roads_local(k, st, s, CRISK_CATAN_BUILD_ROAD, 1, o);
	if (p->supply[PIECE_SETTLEMENT] && kern_pays(hand, COST_SETTLEMENT))
		list_sites(k, st, kreach(k, st, s), CRISK_CATAN_BUILD_SETTLEMENT, o);
	if (p->supply[PIECE_CITY] && kern_pays(hand, COST_CITY)) {
		/* The seat's settlements among the occupied intersections (a
		 * few of them), in ascending order. */
		const uint8_t *nodes = knodes(k, st);
		const uint64_t *occupied = koccupied(k, st);
		for (int w = 0; w < k->nw; w++) {
			for (uint64_t m = occupied[w]; m; m &= m - 1) {
				int n = w * 64 + bit_low(m);
				if (nodes[n] == (uint8_t)(s + 1))
					out_put(o, act_make(CRISK_CATAN_BUILD_CITY, (uint64_t)n));
			}
		}
	}
	/* Whether the seat can buy a card is a coin toss in playouts: the code
	 * is written in any case and counted only when legal; when it is not,
	 * the code the caller lists next overwrites it. */
	/* Byte loads: the deck shares a word with the bank's last bytes, which
	 * apply writes as one word. */
	int buy = kern_pays(hand, COST_DEV) & kern_deck_holds(h);
	if (o->n < o->cap)
		o->buf[o->n] = act_make(CRISK_CATAN_BUY_DEV, 0);
	o->n += (size_t)buy;
}

/* The MARITIME_TRADE code of bit b = 8 * take + give of list_maritime's
 * pairs (code = give | take << 8), as a table: one load per listed trade. */
#define MT_CODE(b) (((crisk_action)CRISK_CATAN_MARITIME_TRADE << 56) | (crisk_action)(((b) & 7) | ((b) >> 3) << 8))
#define MT_CODE8(b) \
	MT_CODE(b), MT_CODE((b) + 1), MT_CODE((b) + 2), MT_CODE((b) + 3), MT_CODE((b) + 4), MT_CODE((b) + 5), \
		MT_CODE((b) + 6), MT_CODE((b) + 7)
const crisk_action kern_maritime_code[40] = {MT_CODE8(0), MT_CODE8(8), MT_CODE8(16), MT_CODE8(24), MT_CODE8(32)};

static LEGAL_INLINE void list_maritime(const kern *k, const void *st, uint64_t hand, action_out *o)
{
	/* Most hands hold no type at its trade rate: then no pair (no bank read). */
	const uint64_t gives = kern_bank_gives(k, kseat_of(k, st, ks(st)->active), hand);
	if (!gives)
		return;
	for (uint64_t pairs = kern_maritime_pairs_of(st, gives); pairs; pairs &= pairs - 1)
		out_put(o, kern_maritime_code[bit_low(pairs)]);
}

/* Inlined into kern_legal_main and kern_legal_main_more. */
static LEGAL_INLINE void list_main(const kern *k, const void *st, int offers, action_out *o)
{
	const kstate *h = ks(st);
	const kseat *p = kseat_of(k, st, h->active);
	/* The hand is read once: the compiler cannot tell that writing the
	 * list leaves the state alone. */
	const uint64_t hand = kern_hand_bytes(p);
	list_builds(k, st, hand, o);
	list_cards(k, st, o);
	list_maritime(k, st, hand, o);
	/* B-100: the canonical offers whose give side the proposer holds. */
	if (offers && p->cards && (k->cfg.max_offers == 0 || h->offers_made < k->cfg.max_offers)) {
		int key = hand_key_swar(hand);
		put_run(o, kern_offer_list + kern_offer_first[key],
			(size_t)(kern_offer_first[key + 1] - kern_offer_first[key]));
	}
	out_put(o, act_make(CRISK_CATAN_END_TURN, 0));
}

static LEGAL_INLINE void list_robber(const kern *k, const void *st, action_out *o)
{
	if (!k->cfg.friendly_robber) { /* B-62: any other land hex */
		int robber = ks(st)->robber, n_land = k->b.n_land;
		if (robber < n_land && o->n + (size_t)n_land <= o->cap) {
			/* Room for all, unchecked: slot i holds hex i below the
			 * robber's, hex i + 1 from there on.  One loop of a fixed
			 * length, so where the robber stands costs no branch. */
			crisk_action *w = o->buf + o->n;
			for (int i = 0; i < n_land - 1; i++)
				w[i] = act_make(CRISK_CATAN_MOVE_ROBBER, (uint64_t)(i + (i >= robber)));
			o->n += (size_t)n_land - 1;
			return;
		}
		for (int x = 0; x < k->b.n_land; x++) {
			if (x != ks(st)->robber)
				out_put(o, act_make(CRISK_CATAN_MOVE_ROBBER, (uint64_t)x));
		}
		return;
	}
	for (int x = 0; x < k->b.n_land; x++) {
		if (x != ks(st)->robber && kern_robber_ok(k, st, x) == CRISK_OK)
			out_put(o, act_make(CRISK_CATAN_MOVE_ROBBER, (uint64_t)x));
	}
}

/* One code per resource type the seat holds. */
static LEGAL_INLINE void list_held(const kseat *p, unsigned type, action_out *o)
{
	if (o->n + NUM_RES <= o->cap) {
		/* Room for all: one store per type held, the types as the bits
		 * of a mask (no test per resource). */
		crisk_action *next = o->buf + o->n;
		const crisk_action code = act_make(type, 0);
		/* Bit r set where the seat holds resource r (counts below 128). */
		for (unsigned m = kern_gather5(((kern_hand_bytes(p) | KERN_RES_TOP) - KERN_RES_ONE) & KERN_RES_TOP); m; m &= m - 1)
			*next++ = code | (crisk_action)bit_low(m);
		o->n = (size_t)(next - o->buf);
		return;
	}
	for (int r = 0; r < NUM_RES; r++) {
		if (p->hand[r])
			out_put(o, act_make(type, (uint64_t)r));
	}
}

/* Kept out of line, so that kern_legal_offers (kernel.h) needs no frame. */
#if defined(__GNUC__)
#define LEGAL_APART __attribute__((noinline))
#else
#define LEGAL_APART
#endif

/* kern_legal_main whole: any main-phase list. */
LEGAL_APART size_t kern_legal_main_all(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap)
{
	action_out o = {buf, cap, 0};
	list_main(k, st, offers, &o);
	return o.n;
}

/* kern_legal_main_fast (kernel.h) without a frame, the rest as a tail call. */
LEGAL_APART size_t kern_legal_main(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap)
{
	return kern_legal_main_fast(k, st, offers, buf, cap);
}

/* The same, then the module's codes (hooks.h main_more) as a tail call. */
LEGAL_APART size_t kern_legal_main_more(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap)
{
	action_out o = {buf, cap, 0};
	list_main(k, st, offers, &o);
	return k->hk.main_more(k, st, buf, cap, o.n);
}

/* The other decision points (DP_MAIN is kern_legal's), but a discard or a
 * robber move that kern_legal_other answers itself. */
LEGAL_APART static size_t legal_other_rest(const kern *k, const void *st, crisk_action *buf, size_t cap)
{
	const kstate *h = ks(st);
	action_out o = {buf, cap, 0};
	switch (h->dp) {
	case DP_SETUP_SETTLEMENT:
		if (!k->hk.setup_site_ok) {
			list_sites(k, st, NULL, CRISK_CATAN_PLACE_SETTLEMENT, &o);
			break;
		}
		if (k->hk.setup_sites) { /* the module's answers as a set */
			uint64_t sites[SPOT_WORDS];
			if (k->nw <= SPOT_WORDS) { /* less the blocked intersections */
				k->hk.setup_sites(k, st, h->active, sites);
				list_sites_words(k, st, sites, CRISK_CATAN_PLACE_SETTLEMENT, &o, k->nw);
				break;
			}
		}
		/* The module is asked about the unblocked intersections only. */
		for (int w = 0; w < k->nw; w++) {
			for (uint64_t m = ~kblocked(k, st)[w]; m; m &= m - 1) {
				int n = w * 64 + bit_low(m);
				if (n >= k->b.n_node)
					break;
				if (k->hk.setup_site_ok(k, st, h->active, n))
					out_put(&o, act_make(CRISK_CATAN_PLACE_SETTLEMENT, (uint64_t)n));
			}
		}
		break;
	case DP_SETUP_ROAD: {
		const bnode *bn = &k->b.node[h->setup_node];
		/* Paths in ascending order: a node has at most BOARD_MAX_DEG of them. */
		int ids[BOARD_MAX_DEG], n = 0;
		for (int i = 0; i < bn->deg; i++) {
			if (!kern_road_path(k, bn->path[i]))
				continue;
			int pid = bn->path[i], j = n++;
			for (; j > 0 && ids[j - 1] > pid; j--)
				ids[j] = ids[j - 1];
			ids[j] = pid;
		}
		for (int i = 0; i < n; i++) {
			if (!kpaths(k, st)[ids[i]])
				out_put(&o, act_make(CRISK_CATAN_PLACE_ROAD, (uint64_t)ids[i]));
		}
		break;
	}
	case DP_PRE_ROLL: /* with a card to play (kern_legal lists the others) */
		out_put(&o, act_make(CRISK_CATAN_ROLL, 0));
		list_cards(k, st, &o);
		break;
	case DP_DICE: {
		int ex = kern_excluded_sum(k, st);
		for (int s = 2; s <= 12; s++) {
			if (s != ex)
				out_put(&o, act_make(CRISK_CATAN_DICE, (uint64_t)s));
		}
		break;
	}
	case DP_DISCARD:
		list_held(kseat_of(k, st, h->cur), CRISK_CATAN_DISCARD, &o);
		break;
	case DP_MOVE_ROBBER:
		list_robber(k, st, &o);
		break;
	case DP_CHOOSE_VICTIM: {
		for (unsigned victims = kern_victims(k, st); victims; victims &= victims - 1)
			out_put(&o, act_make(CRISK_CATAN_STEAL_FROM, (uint64_t)bit_low(victims)));
		break;
	}
	case DP_STEAL:
		list_held(kseat_of(k, st, h->victim), CRISK_CATAN_STEAL_RESULT, &o);
		break;
	case DP_SPECIAL_BUILD: /* B-118 */
		list_builds(k, st, active_hand(k, st), &o);
		out_put(&o, act_make(CRISK_CATAN_PASS, 0));
		break;
	case DP_PAIRED_PART: /* B-122 */
		list_builds(k, st, active_hand(k, st), &o);
		list_maritime(k, st, active_hand(k, st), &o);
		out_put(&o, act_make(CRISK_CATAN_END_PART, 0));
		break;
	case DP_DEV_DRAW:
		for (int c = 0; c < NUM_DEV; c++) {
			if (h->deck[c])
				out_put(&o, act_make(CRISK_CATAN_DEV_RESULT, (uint64_t)c));
		}
		break;
	case DP_TRADE_RESPONSE:
		if (kern_can_accept(k, st))
			out_put(&o, act_make(CRISK_CATAN_ACCEPT, 0));
		out_put(&o, act_make(CRISK_CATAN_DECLINE, 0));
		break;
	case DP_TRADE_CONFIRM:
		for (int s = 0; s < k->seats; s++) {
			if (h->accepted & (1u << s))
				out_put(&o, act_make(CRISK_CATAN_CONFIRM, (uint64_t)s));
		}
		out_put(&o, act_make(CRISK_CATAN_CANCEL, 0));
		break;
	case DP_FREE_ROAD:
		if (kseat_of(k, st, h->active)->supply[PIECE_ROAD]) /* H-51: maybe only other pieces */
			list_roads_local(k, st, h->active, CRISK_CATAN_PLACE_FREE_ROAD, 0, &o);
		break;
	case DP_YOP_PICK:
	case DP_MONOPOLY_PICK:
		for (int r = 0; r < NUM_RES; r++) {
			if (h->dp == DP_MONOPOLY_PICK || h->bank[r])
				out_put(&o, act_make(h->dp == DP_YOP_PICK ? CRISK_CATAN_PICK : CRISK_CATAN_NAME, (uint64_t)r));
		}
		break;
	default:
		break;
	}
	return o.n;
}

/* The other decision points (DP_MAIN is kern_legal's).  A discard and a
 * robber move of the usual (unfriendly) robber, most of these lists in a
 * random game, are listed here without a frame: their listers call
 * nothing, while some of the other points' do. */
LEGAL_APART size_t kern_legal_other(const kern *k, const void *st, crisk_action *buf, size_t cap)
{
	const kstate *h = ks(st);
	action_out o = {buf, cap, 0};
	if (h->dp == DP_DISCARD) {
		list_held(kseat_of(k, st, h->cur), CRISK_CATAN_DISCARD, &o);
		return o.n;
	}
	if (h->dp == DP_MOVE_ROBBER && !k->cfg.friendly_robber) {
		list_robber(k, st, &o);
		return o.n;
	}
	if (h->dp == DP_SPECIAL_BUILD) { /* B-118, most of these lists with 5-6 seats */
		/* A hand that pays for no piece and no card: list_builds lists
		 * nothing (its BUY_DEV slot is PASS's), so PASS alone. */
		const uint64_t hand = active_hand(k, st);
		if (!(kern_pays(hand, COST_ROAD) | kern_pays(hand, COST_SETTLEMENT) | kern_pays(hand, COST_CITY) |
		      kern_pays(hand, COST_DEV))) {
			out_put(&o, act_make(CRISK_CATAN_PASS, 0));
			return o.n;
		}
	}
	return legal_other_rest(k, st, buf, cap);
}

size_t kern_legal(const kern *k, const void *st, crisk_action *buf, size_t cap)
{
	return kern_legal_offers(k, st, 1, buf, cap);
}

int kern_chance(const kern *k, const void *st, crisk_action *acts, double *probs, size_t cap, size_t *count)
{
	const kstate *h = ks(st);
	if (h->dp != DP_DICE && h->dp != DP_STEAL && h->dp != DP_DEV_DRAW)
		return err_set(CRISK_ESTATE, "the current decision point (%s) is not a chance point", kern_dp_name(h->dp));
	crisk_action tmp[16];
	size_t n = kern_legal(k, st, tmp, 16);
	*count = n;
	if (cap < n)
		return err_set(CRISK_EBUFSIZE, "%zu chance outcomes do not fit a buffer of %zu", n, cap);
	double total = 0;
	const uint8_t *counts = NULL;
	if (h->dp == DP_DICE) { /* ways out of 36, less an excluded sum's (T-8) */
		int ex = kern_excluded_sum(k, st);
		total = 36 - (ex ? 6 - (ex > 7 ? ex - 7 : 7 - ex) : 0);
	} else if (h->dp == DP_STEAL) {
		counts = kseat_of(k, st, h->victim)->hand;
		total = kseat_of(k, st, h->victim)->cards;
	} else if (h->dp == DP_DEV_DRAW) {
		counts = h->deck;
		for (int c = 0; c < NUM_DEV; c++)
			total += h->deck[c];
	}
	for (size_t i = 0; i < n; i++) {
		int id = ACT_ID(tmp[i]);
		acts[i] = tmp[i];
		if (h->dp == DP_DICE)
			probs[i] = (6 - (id > 7 ? id - 7 : 7 - id)) / total; /* B-133 */
		else
			probs[i] = counts[id] / total;
	}
	return CRISK_OK;
}
