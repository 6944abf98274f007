/* Longest Road (base.md B-86, B-87): the longest trail over one owner's roads
 * that never passes through an intersection holding another owner's building.
 *
 * Where a longest trail can start: if its first intersection s is unblocked
 * and has an unused road of the owner, the trail could be extended, so every
 * road at s is used.  If s has an odd number of the owner's roads, or is
 * blocked, s is a start we try.  Otherwise the trail is closed; a longest
 * closed trail uses every road at each of its intersections (else rotate it to
 * that intersection and append the unused road), so it is an Euler circuit of
 * a whole component without odd or blocked intersections, and starting
 * anywhere in that component finds it.  So the search starts at odd or blocked
 * intersections first, then once in each component not reached yet.
 *
 * Up to 64 roads (every real game) the network is first contracted: runs of
 * roads without a choice become weighted chains between junctions.  A
 * component too small for the trail asked (or no longer than one found) is
 * passed over; one without cycles is then solved in one pass as a tree; one
 * with cycles, unless a bound on its trails (solve_local) rules it out, gets
 * the search above, where a chain into a dead end (a leaf or a blocked
 * junction) ends the trail, so only the longest such chain is worth trying,
 * and no trail starts at a dead end (one from there starts over the chain).
 * More than 64 roads fall back to the search on the board itself.
 *
 * After a new road (board_longest_road_through) only trails through it can
 * be longer.  A plain walk on the board from the new road answers most
 * cases (see there); a road on a cycle, or a walk past its budget, gets the
 * contracted search of the roads reachable from it.  Nothing is allocated. */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include "board.h"
#include "../core/error.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define LR_MAX_ELEMENTS 8192 /* paths and intersections covered by the bitsets */
#define LR_WORDS (LR_MAX_ELEMENTS / 64)
#define LR_LOCAL_MAX 64      /* roads in the contracted representation */
#define LR_LOCAL_MAX_NODES (2 * LR_LOCAL_MAX)

typedef struct lr_search {
	const board *b;
	const uint8_t *path_owner;
	const uint8_t *node_owner;
	uint8_t mine;               /* owner + 1 */
	int total;                  /* the owner's road count: no trail is longer */
	int words;                  /* bitset words in use */
	uint64_t used[LR_WORDS];    /* fallback: roads on the current trail */
	uint64_t reached[LR_WORDS]; /* fallback: intersections any search visited */
} lr_search;

/* The contracted network (up to LR_LOCAL_MAX roads).  A run of roads through
 * unblocked intersections with exactly two of the owner's roads offers no
 * choice, so it becomes one weighted "chain" between two "junctions" (every
 * other intersection touched by the owner's roads).  Intersections get local
 * ids 0..n_node-1; junction data is indexed by them too. */
typedef struct lr_local {
	int n_road, n_node, n_chain;
	int longest_cycle;                  /* components that are a bare cycle */
	uint8_t road_end[LR_LOCAL_MAX][2];  /* local intersection at each end */
	uint8_t chain_len[LR_LOCAL_MAX];
	uint8_t chain_at[LR_LOCAL_MAX];     /* a junction at one end of each chain */
	uint64_t roads_at[LR_LOCAL_MAX_NODES]; /* bit i: road i touches it */
	uint8_t blocked[LR_LOCAL_MAX_NODES];
	uint8_t junction[LR_LOCAL_MAX_NODES];
	/* Junction j: deg[j] chain ends; end a leads over chain[j][a] to far[j][a].
	 * A trail arriving at a leaf or blocked junction stops there. */
	uint8_t deg[LR_LOCAL_MAX_NODES], reached[LR_LOCAL_MAX_NODES];
	/* Union-find over junctions; cyclic[] is valid at the set roots until
	 * contract() copies it to every junction and parent[] to the root. */
	uint8_t parent[LR_LOCAL_MAX_NODES], cyclic[LR_LOCAL_MAX_NODES];
	uint8_t chain[LR_LOCAL_MAX_NODES][BOARD_MAX_DEG];
	uint8_t far[LR_LOCAL_MAX_NODES][BOARD_MAX_DEG];
	/* For the trail search, filled by solve_local: chain[j][a] | far[j][a]
	 * << 8 | its length << 16 | (1 << 24 if far[j][a] is terminal: a leaf
	 * or blocked). */
	uint32_t edge[LR_LOCAL_MAX_NODES][BOARD_MAX_DEG];
} lr_local;

#define LR_NONE 0xFFu

/* Whether exactly two bits are set. */
static int two_bits(uint64_t x)
{
	uint64_t rest = x & (x - 1);
	return rest != 0 && (rest & (rest - 1)) == 0;
}

static int bit_count(uint64_t x)
{
#if defined(__GNUC__)
	return __builtin_popcountll(x);
#else
	int n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
#endif
}

/* bit_count(x) & 1, inline (bit_count is a library call without -mpopcnt). */
static int bit_parity(uint64_t x)
{
#if defined(__GNUC__)
	return __builtin_parityll(x);
#else
	return bit_count(x) & 1;
#endif
}

static int lowest_bit(uint64_t x)
{
#if defined(__GNUC__)
	return __builtin_ctzll(x);
#else
	int n = 0;
	for (; !(x & 1u); x >>= 1)
		n++;
	return n;
#endif
}

static int bit_test(const uint64_t *set, unsigned i)
{
	return (int)((set[i >> 6] >> (i & 63)) & 1u);
}

static void bit_set(uint64_t *set, unsigned i)
{
	set[i >> 6] |= (uint64_t)1 << (i & 63);
}

static void bit_clear(uint64_t *set, unsigned i)
{
	set[i >> 6] &= ~((uint64_t)1 << (i & 63));
}

static int blocked(const lr_search *s, unsigned v)
{
	unsigned who = s->node_owner[v] & 15u;
	return who != 0 && who != s->mine;
}

/* ---- search on the contracted network ---- */

/* Scratch for giving intersections local ids: local_id[v] is LR_NONE until
 * v gets one (at most LR_LOCAL_MAX_NODES, all below LR_NONE), so only the
 * board's n_node bytes need clearing. */
typedef struct lr_ids {
	uint8_t local_id[LR_MAX_ELEMENTS];
} lr_ids;

/* A new local id for board intersection v, with nothing attached yet. */
static int new_local_node(const lr_search *s, lr_local *g, unsigned v)
{
	int u = g->n_node++;
	g->roads_at[u] = 0;
	g->blocked[u] = (uint8_t)blocked(s, v);
	g->deg[u] = 0;
	g->reached[u] = 0;
	g->parent[u] = (uint8_t)u;
	g->cyclic[u] = 0;
	return u;
}

/* The owner's road on path p as road g->n_road (room checked by the
 * caller): its ends get local ids, the ones not met before with roads_at[]
 * and blocked[] only (mark_junctions sets the rest, for the search). */
static inline void collect_road(const bpath *paths, const uint8_t *node_owner, unsigned mine, lr_local *g,
				lr_ids *ids, int *n_node, int p)
{
	const int i = g->n_road;
	for (int k = 0; k < 2; k++) {
		unsigned v = paths[p].node[k], u = ids->local_id[v];
		if (u == LR_NONE) {
			unsigned who = node_owner[v] & 15u;
			u = (unsigned)(*n_node)++;
			g->roads_at[u] = 0;
			g->blocked[u] = (uint8_t)((who != 0) & (who != mine));
			ids->local_id[v] = (uint8_t)u;
		}
		g->road_end[i][k] = (uint8_t)u;
		g->roads_at[u] |= (uint64_t)1 << i;
	}
	g->n_road = i + 1;
}

/* Collects the owner's roads and their intersections (junction[], deg[],
 * reached[], parent[] and cyclic[] are left to mark_junctions).  Returns 0
 * when the owner has more than LR_LOCAL_MAX roads. */
static int collect(const lr_search *s, lr_local *g, lr_ids *ids)
{
	/* Locals, not s->..., since the stores into g and ids may alias anything. */
	const bpath *paths = s->b->path;
	const uint8_t *path_owner = s->path_owner, *node_owner = s->node_owner;
	const unsigned mine = s->mine;
	const int n_path = s->b->n_path;
	int p = 0, n_node = 0;

	g->n_road = 0;
	memset(ids->local_id, LR_NONE, (size_t)s->b->n_node);
#if defined(__SSE2__)
	/* Sixteen paths at a time: most paths are not the owner's. */
	{
		const __m128i want = _mm_set1_epi8((char)mine);
		for (; p + 16 <= n_path; p += 16) {
			unsigned m = (unsigned)_mm_movemask_epi8(
				_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(path_owner + p)), want));
			for (; m; m &= m - 1) {
				if (g->n_road == LR_LOCAL_MAX)
					return 0;
				collect_road(paths, node_owner, mine, g, ids, &n_node, p + lowest_bit(m));
			}
		}
	}
#endif
	/* Eight paths at a time: most paths are not the owner's. */
	for (; p + 8 <= n_path; p += 8)
		for (uint64_t m = bytes_equal(load8(path_owner + p), (uint8_t)mine); m; m &= m - 1) {
			if (g->n_road == LR_LOCAL_MAX)
				return 0;
			collect_road(paths, node_owner, mine, g, ids, &n_node, p + lowest_bit(m) / 8);
		}
	for (; p < n_path; p++)
		if (path_owner[p] == mine) {
			if (g->n_road == LR_LOCAL_MAX)
				return 0;
			collect_road(paths, node_owner, mine, g, ids, &n_node, p);
		}
	g->n_node = n_node;
	return 1;
}

/* junction[] and the search's fields of a collected network (collect
 * leaves them to the caller). */
static void mark_junctions(lr_local *g)
{
	for (int u = 0; u < g->n_node; u++) {
		g->junction[u] = (uint8_t)(g->blocked[u] || !two_bits(g->roads_at[u]));
		g->deg[u] = 0;
		g->reached[u] = 0;
		g->parent[u] = (uint8_t)u;
		g->cyclic[u] = 0;
	}
}

static int is_junction(const lr_local *g, int u)
{
	return g->junction[u];
}

/* The road after road r at its end f (an intersection with two roads), and
 * the end of that road leading on. */
static int next_road(const lr_local *g, int r, unsigned *f)
{
	int u = g->road_end[r][*f];
	int next = lowest_bit(g->roads_at[u] & ~((uint64_t)1 << r));
	*f = g->road_end[next][0] == u ? 1u : 0u;
	return next;
}

static int set_root(lr_local *g, int j)
{
	while (g->parent[j] != j) {
		g->parent[j] = g->parent[g->parent[j]];
		j = g->parent[j];
	}
	return j;
}

/* Joins the components of a and b; a chain inside one component closes a cycle. */
static void join(lr_local *g, int a, int b)
{
	int ra = set_root(g, a), rb = set_root(g, b);
	if (ra == rb) {
		g->cyclic[ra] = 1;
		return;
	}
	g->parent[rb] = (uint8_t)ra;
	g->cyclic[ra] |= g->cyclic[rb];
}

static void add_chain_end(lr_local *g, int j, int c, int k)
{
	g->chain[j][g->deg[j]] = (uint8_t)c;
	g->far[j][g->deg[j]] = (uint8_t)k;
	g->deg[j]++;
}

static void contract(lr_local *g)
{
	uint64_t done = 0;

	g->n_chain = 0;
	g->longest_cycle = 0;
	for (int i = 0; i < g->n_road; i++) {
		for (int k = 0; k < 2; k++) {
			int r = i, len = 1, c, from = g->road_end[i][k];
			unsigned f = 1u - (unsigned)k;
			if (!is_junction(g, from) || (done >> i & 1u))
				continue;
			done |= (uint64_t)1 << i;
			while (!is_junction(g, g->road_end[r][f])) {
				r = next_road(g, r, &f);
				done |= (uint64_t)1 << r;
				len++;
			}
			c = g->n_chain++;
			g->chain_len[c] = (uint8_t)len;
			g->chain_at[c] = (uint8_t)from;
			add_chain_end(g, from, c, g->road_end[r][f]);
			add_chain_end(g, g->road_end[r][f], c, from);
			join(g, from, g->road_end[r][f]);
		}
	}
	for (int u = 0; u < g->n_node; u++)
		g->cyclic[u] = g->cyclic[g->parent[u] = (uint8_t)set_root(g, u)];
	/* Roads left over are bare cycles: a closed trail uses all of them. */
	for (int i = 0; i < g->n_road; i++) {
		int r = i, len = 0;
		unsigned f = 1;
		while (!(done >> r & 1u)) {
			done |= (uint64_t)1 << r;
			len++;
			r = next_road(g, r, &f);
		}
		if (len > g->longest_cycle)
			g->longest_cycle = len;
	}
}

/* Longest continuation from junction j over unused chains.  A terminal chain
 * ends the trail, so only the longest unused one is worth taking.  The
 * search stops once the trail from the start reaches `need` (depth + best >=
 * need): it returns at least need - depth exactly when such a trail exists,
 * and the exact longest continuation otherwise.  need = the network's road
 * count asks for the exact longest (no trail is longer). */
static int extend_chains(const lr_local *g, uint64_t used, int j, int depth, int need)
{
	const uint32_t *edge = g->edge[j];
	int best = 0, best_terminal = 0;

	for (int a = 0, deg = g->deg[j]; a < deg; a++) {
		uint32_t e = edge[a];
		int c = (int)(e & 0xFFu), len = (int)(e >> 16 & 0xFFu);
		if (used >> c & 1u)
			continue;
		if (e >> 24) {
			if (len > best_terminal)
				best_terminal = len;
			if (depth + best_terminal >= need)
				break;
			continue;
		}
		len += extend_chains(g, used | (uint64_t)1 << c, (int)(e >> 8 & 0xFFu), depth + len, need);
		if (len > best)
			best = len;
		if (depth + best >= need)
			break;
	}
	return best > best_terminal ? best : best_terminal;
}

/* A component without cycles: the longest trail is the longest path, found in
 * one pass (tree diameter).  Returns the longest trail from j down its
 * subtree that a trail from the parent may continue; a blocked j stops that
 * trail and can only be an end of trails in its subtree. */
static int tree_longest(lr_local *g, int j, int from_chain, int *best)
{
	int top1 = 0, top2 = 0, here;

	g->reached[j] = 1;
	for (int a = 0; a < g->deg[j]; a++) {
		int c = g->chain[j][a], down;
		if (c == from_chain)
			continue;
		down = g->chain_len[c] + tree_longest(g, g->far[j][a], c, best);
		if (down > top1) {
			top2 = top1;
			top1 = down;
		} else if (down > top2) {
			top2 = down;
		}
	}
	here = g->blocked[j] ? top1 : top1 + top2;
	if (here > *best)
		*best = here;
	return g->blocked[j] ? 0 : top1;
}

/* The ends of `part` (a connected part of the collected network) that a
 * trail over all of it would need: each unblocked intersection with an odd
 * number of the part's roads once, each blocked one once per road there.
 * A trail uses an even number of the roads at each unblocked intersection
 * it passes and at most one at a blocked one, each only as one of its two
 * ends; so at most two of these d counts are met by the trail's ends and
 * each other keeps a road at it off the trail, a road serving at most two:
 * the trail has at most w - (d - 2) / 2 of the part's w roads (d above 2).
 * (d is even: it counts the intersections of odd degree in the graph where
 * each blocked intersection is split into one end per road.) */
static int part_ends(const lr_local *g, uint64_t part)
{
	uint64_t seen[LR_LOCAL_MAX_NODES / 64] = {0};
	int d = 0;

	for (uint64_t m = part; m; m &= m - 1) {
		int r = lowest_bit(m);
		for (int k = 0; k < 2; k++) {
			unsigned u = g->road_end[r][k];
			if (bit_test(seen, u))
				continue;
			bit_set(seen, u);
			d += g->blocked[u] ? bit_count(g->roads_at[u]) : bit_parity(g->roads_at[u]);
		}
	}
	return d;
}

/* Whether a trail of need (at most the road count) exists, from the
 * connected parts of the collected network (roads joined at any shared
 * intersection, blocked ones too): 0 no, 1 yes, -1 not known (the search
 * tells).  The roads of a trail are joined one to the next at shared
 * intersections, so they all lie in one such part.  Each part is grown
 * from its lowest road over roads_at[] of the ends of the roads in it.
 *
 * A part of w roads holds no trail of need when w is below need or when
 * w - (d - 2) / 2 is (part_ends: d).  It holds a trail of all w roads
 * exactly when d is at most 2: split each blocked intersection into one
 * end per road; a trail of the board is a trail of that graph (it never
 * passes through a blocked intersection) and back, and d counts the
 * graph's intersections of odd degree.  That graph is connected when d is
 * at most 2: else each of its pieces meets another piece at a blocked
 * intersection (the part is connected), so holds an end of degree 1 there,
 * so two odd ones at least (their number is even), four in all.  A
 * connected graph with at most two odd intersections has an Euler trail.
 * So with w = need a part holds a trail of need only when d is at most 2.
 *
 * Stops at the first part that answers yes or leaves it open, or once the
 * roads not yet in a part are fewer than need. */
static int parts_reach(const lr_local *g, int need)
{
	uint64_t left = g->n_road == 64 ? ~(uint64_t)0 : ((uint64_t)1 << g->n_road) - 1;
	int n_left = g->n_road; /* bits of left */

	while (n_left >= need) {
		uint64_t part = left & (~left + 1), front = part;
		int w, d;
		while (front) {
			int r = lowest_bit(front);
			uint64_t add = (g->roads_at[g->road_end[r][0]] | g->roads_at[g->road_end[r][1]]) & ~part;
			front = (front & (front - 1)) | add;
			part |= add;
		}
		left &= ~part;
		w = bit_count(part);
		n_left -= w;
		if (w < need)
			continue;
		d = part_ends(g, part);
		if (w - (d > 2 ? d - 2 : 0) / 2 < need)
			continue;
		if (d <= 2)
			return 1;
		if (w > need)
			return -1;
		/* w = need: only a trail of all w roads would do. */
	}
	return 0;
}

/* The longest trail of a collected network, or, once a trail of `need`
 * roads is found, a length of at least need (need >= n_road: the exact
 * longest, since no trail is longer).  Below need the answer is a length
 * below need, not always the longest: a component whose bound says that
 * it cannot reach need is not searched.
 *
 * Bounds per component (after contract(): parent[] gives its root): its
 * roads w; with cycles also w less one road per two odd junctions but two
 * (a blocked junction counts once per chain end, each end there being a
 * trail's end of its own): a trail changes the parity of the unused roads
 * only at its two ends, so every other odd junction keeps an unused road,
 * and a road serves at most two; and w less the terminal chains (into a
 * leaf or a blocked junction) but the two longest: a trail uses a terminal
 * chain only as its first or last. */
static int solve_local(lr_local *g, int need)
{
	int best, most = 0, exact = need >= g->n_road, packed = 0;
	uint8_t w[LR_LOCAL_MAX_NODES], odd[LR_LOCAL_MAX_NODES], term[LR_LOCAL_MAX_NODES];
	uint8_t t1[LR_LOCAL_MAX_NODES], t2[LR_LOCAL_MAX_NODES];

	if (need > g->n_road)
		need = g->n_road;
	if (g->n_road <= 1)
		return g->n_road;
	contract(g);
	best = g->longest_cycle;
	for (int j = 0; j < g->n_node; j++)
		w[j] = odd[j] = term[j] = t1[j] = t2[j] = 0;
	for (int c = 0; c < g->n_chain; c++)
		w[g->parent[g->chain_at[c]]] += g->chain_len[c];
	for (int j = 0; j < g->n_node; j++)
		most = w[j] > most ? w[j] : most;
	/* Exact: only a trail above best counts; else only one of need. */
	if (best >= need || most <= best || (!exact && most < need))
		return best;
	for (int j = 0; j < g->n_node && best < need; j++) {
		int r = g->parent[j];
		if (!is_junction(g, j) || g->reached[j] || g->cyclic[j] || w[r] <= best || (!exact && w[r] < need))
			continue;
		tree_longest(g, j, -1, &best);
	}
	if (best >= need)
		return best;
	for (int j = 0; j < g->n_node; j++) {
		int r = g->parent[j];
		if (!is_junction(g, j) || !g->cyclic[j])
			continue;
		odd[r] = (uint8_t)(odd[r] + (g->blocked[j] ? g->deg[j] : g->deg[j] & 1));
		for (int a = 0; a < g->deg[j]; a++) {
			int k = g->far[j][a], len = g->chain_len[g->chain[j][a]];
			/* Counted from its other end; a chain between two terminal
			 * junctions (a trail alone) stays with the others. */
			if ((!g->blocked[k] && g->deg[k] != 1) || g->blocked[j] || g->deg[j] == 1)
				continue;
			term[r] = (uint8_t)(term[r] + len);
			if (len > t1[r]) {
				t2[r] = t1[r];
				t1[r] = (uint8_t)len;
			} else if (len > t2[r]) {
				t2[r] = (uint8_t)len;
			}
		}
	}
	/* Components with cycles: pass 0 starts at odd or blocked junctions;
	 * pass 1 once in each component without (only even, unblocked
	 * junctions; impossible on hex boards).  reached[] marks the
	 * components done, at their root.  A trail from a junction with one
	 * chain (a leaf, or blocked) goes on at the junction j at its other
	 * end (or ends there if j is blocked), and a trail from an unblocked
	 * j can only gain by starting over j's longest such chain (the others
	 * are terminal at j, and one used at the trail's end is its start
	 * when read backwards): so those junctions are never starts, and a
	 * trail from an unblocked junction next to one starts over it. */
	for (int pass = 0; pass < 2 && best < need; pass++) {
		for (int j = 0; j < g->n_node && best < need; j++) {
			int r = g->parent[j], ub, ub_term, len, lead = 0, c = 0;
			if (!is_junction(g, j) || !g->cyclic[j] || g->deg[j] == 1)
				continue;
			for (int a = 0; a < g->deg[j]; a++)
				if (g->deg[g->far[j][a]] == 1 && g->chain_len[g->chain[j][a]] > lead) {
					lead = g->chain_len[g->chain[j][a]];
					c = g->chain[j][a];
				}
			if (pass == 0 ? !(g->blocked[j] || g->deg[j] % 2 == 1 || lead) : g->reached[r])
				continue;
			g->reached[r] = 1;
			ub = w[r] - (odd[r] > 2 ? odd[r] - 2 : 0) / 2;
			ub_term = w[r] - term[r] + t1[r] + t2[r];
			if (ub_term < ub)
				ub = ub_term;
			if (exact ? ub <= best : ub < need)
				continue;
			if (!packed) {
				packed = 1;
				for (int u = 0; u < g->n_node; u++) {
					if (!is_junction(g, u) || !g->cyclic[u])
						continue;
					for (int a = 0; a < g->deg[u]; a++) {
						int k = g->far[u][a], cc = g->chain[u][a];
						g->edge[u][a] = (uint32_t)cc | (uint32_t)k << 8 | (uint32_t)g->chain_len[cc] << 16 |
								(uint32_t)(g->blocked[k] || g->deg[k] == 1) << 24;
					}
				}
			}
			if (g->blocked[j])
				lead = 0;
			len = lead + extend_chains(g, lead ? (uint64_t)1 << c : 0, j, lead, exact ? ub : need);
			if (len > best)
				best = len;
		}
	}
	return best;
}

/* ---- the roads a trail through one road can use ---- */

/* The owner's roads reached from one road without passing through a blocked
 * intersection, with local ids 0..n-1 in the order found (the start road is
 * 0).  A blocked end is kept apart: only a trail's first or last road touches
 * it, so each road's end there is an intersection of its own (a leaf). */
typedef struct lr_comp {
	int n;                              /* roads */
	uint64_t forks;                     /* nonzero when an intersection has 3+ roads */
	uint64_t done0;                     /* bit i: next[i][0] is known */
	uint64_t next[LR_LOCAL_MAX][2];     /* the other roads at end k of road i; none if blocked */
	uint16_t end_node[LR_LOCAL_MAX][2]; /* board intersection at end k of road i */
	uint16_t path[LR_LOCAL_MAX + BOARD_MAX_DEG]; /* board path of each road (room to overflow) */
} lr_comp;

/* Looks at intersection v, end k of road r: hands out ids to the owner's
 * roads there not met before and gives each road there the others as its
 * continuations at v (none when v is blocked).  The ids are handed out
 * without branching on what a path holds: those branches are unpredictable
 * in random play.  local_of[] maps board paths to ids, 0xFF for none yet. */
static inline void scan_end(const lr_search *s, lr_comp *c, uint8_t *local_of, int *n, int r, int k)
{
	/* Locals, not s->..., since stores into local_of[] may alias anything. */
	const bpath *paths = s->b->path;
	const uint8_t *path_owner = s->path_owner;
	const unsigned v = c->end_node[r][k], who = s->node_owner[v] & 15u, mine = s->mine;
	const bnode *bn = &s->b->node[v];
	const int deg = bn->deg;
	/* No path holds 0x100: at a blocked end no road matches. */
	const unsigned want = who == 0 || who == mine ? mine : 0x100u;
	uint16_t *found = c->path;
	uint64_t at = 0;
	int count = *n;

	for (int i = 0; i < deg; i++) {
		unsigned q = bn->path[i], own = path_owner[q] == want, id = local_of[q];
		unsigned fresh = own & (id == 0xFFu);
		id = fresh ? (unsigned)count : id;
		local_of[q] = (uint8_t)id;
		found[count] = (uint16_t)q;
		count += (int)fresh;
		at |= (uint64_t)own << (id & 63u);
	}
	*n = count;
	c->forks |= at & (at - 1);
	c->next[r][k] = 0; /* when blocked */
	for (uint64_t m = at; m; m &= m - 1) {
		int j = lowest_bit(m), e = paths[found[j]].node[0] != v;
		c->next[j][e] = at & ~((uint64_t)1 << j);
		c->done0 |= (uint64_t)(e == 0) << j;
	}
}

/* Finds the roads of lr_comp from road p, breadth first, looking at each
 * intersection once from the road that reaches it first.  Returns 0 when
 * there are more than LR_LOCAL_MAX roads. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int collect_component(const lr_search *s, lr_comp *c, uint8_t *local_of, int p)
{
	const bpath *paths = s->b->path;
	int n = 1;

	memset(local_of, 0xFF, (size_t)s->b->n_path);
	local_of[p] = 0;
	c->path[0] = (uint16_t)p;
	c->forks = 0;
	c->done0 = 0;
	c->end_node[0][0] = paths[p].node[0];
	c->end_node[0][1] = paths[p].node[1];
	scan_end(s, c, local_of, &n, 0, 0);
	scan_end(s, c, local_of, &n, 0, 1);
	for (int r = 1; r < n; r++) {
		const bpath *bp = &paths[c->path[r]];
		if (n > LR_LOCAL_MAX)
			return 0;
		c->end_node[r][0] = bp->node[0];
		c->end_node[r][1] = bp->node[1];
		/* r was found at one end; the other is new (or closes a cycle). */
		scan_end(s, c, local_of, &n, r, (int)(c->done0 >> r & 1u));
	}
	if (n > LR_LOCAL_MAX)
		return 0;
	c->n = n;
	return 1;
}

/* ---- a plain search from a new road ---- */

#define LR_WALK_BUDGET 1024 /* intersections a plain search may visit (and its deepest recursion) */
#define LR_RUN 8            /* roads of a run walk_on follows without a call */

/* Trails walked on the board itself, without collecting anything first:
 * cheapest when the search visits few roads, as from a new road at the end
 * of a network without cycles (each road once). */
typedef struct lr_walk {
	const bnode *node;
	const uint8_t *node_owner;
	uint8_t *free_road;      /* per path: owner + 1 for a road not on the trail */
	unsigned mine;
	/* Per node owner x (low 4 bits): the byte of a free road that goes on
	 * from there, mine; 0x100 (no byte) when x blocks the trail.  One load a
	 * visit instead of the blocking mask's shift, mask and or. */
	uint16_t want[16];
	int budget;              /* visits left; below 0 the search gave up */
	unsigned watch;          /* walk_watching: an intersection whose reaching is noted in seen */
	int seen;
} lr_walk;

#define LR_ON_TRAIL 0xFFu /* free_road[] of a road on the trail */

/* Where a trail arriving at v may go on: bit i for v's path i when it holds
 * a road of the owner not on the trail; none if v is blocked.  Branch-free:
 * which paths qualify is unpredictable in random play.  free_road is
 * w->free_road (walk_on passes its own copy: one load less a visit). */
static inline unsigned continuations_in(const lr_walk *w, const uint8_t *free_road, const bnode *bn, unsigned v)
{
	const unsigned who = w->node_owner[v] & 15u;
	/* No path holds 0x100: at a blocked intersection no road matches. */
	const unsigned want = w->want[who];
	const int deg = bn->deg;
	unsigned ways = 0;

	/* Three paths (most intersections of a hex board) without the loop's
	 * tests of deg. */
	if (deg == 3) {
		/* As sums (disjoint bits): GCC folds them into lea. */
		unsigned a0 = free_road[bn->path[0]] == want, a1 = free_road[bn->path[1]] == want;
		unsigned a2 = free_road[bn->path[2]] == want;
		return a0 + a1 * 2u + a2 * 4u;
	}
	/* deg <= BOARD_MAX_DEG (board.c); the bound in the test tells the compiler. */
	for (int i = 0; i < deg && i < BOARD_MAX_DEG; i++)
		ways |= (unsigned)(free_road[bn->path[i]] == want) << i;
	return ways;
}

static inline unsigned continuations(const lr_walk *w, const bnode *bn, unsigned v)
{
	return continuations_in(w, w->free_road, bn, v);
}

/* The longest trail on from intersection bn over its continuations `ways`,
 * stopping once it finds `enough` (which is what it returns then: the
 * caller needs nothing longer).  Each road taken costs one of w->budget
 * (the intersection it reaches is visited); past it the answer is 0 for
 * that road's far end, and the caller ignores the result.  A far end
 * without continuations (a dead end, or blocked) ends the trail there
 * without a call: the common case at the end of a walk; so does a road
 * that reaches `enough` (its far end's continuations are not needed).  A
 * run of far ends with one continuation each (a line of ships or roads) is
 * followed in a loop, a call only at its end. */
static inline int walk_on(lr_walk *w, const bnode *bn, unsigned ways, int enough)
{
	uint8_t *free_road = w->free_road;
	const uint8_t mine = (uint8_t)w->mine;
	int best = 0;

	for (; ways && best < enough; ways &= ways - 1) {
		int i = lowest_bit(ways), len = 1;
		unsigned q = bn->path[i], next = bn->adj[i];
		free_road[q] = LR_ON_TRAIL;
		if (--w->budget >= 0 && enough > 1) {
			const bnode *bv = &w->node[next];
			unsigned on = continuations_in(w, free_road, bv, next);
			uint16_t run[LR_RUN];
			int n = 0;
			/* One way on: walk_on(bv, on, enough - len) would take that
			 * road alone (its loop runs once, enough - len >= 1), spend
			 * one of the budget on it, and go on from its far end only
			 * while the budget lasts and len is below enough, as here:
			 * so a run of such roads is followed in this loop (the same
			 * roads in the same order, the same budget, the same len),
			 * and unmarked after it (nothing reads them between). */
			while (on && !(on & (on - 1)) && n < LR_RUN) {
				int j = lowest_bit(on);
				unsigned r = bv->path[j], far = bv->adj[j];
				free_road[r] = LR_ON_TRAIL;
				run[n++] = (uint16_t)r;
				len++;
				if (--w->budget < 0 || len >= enough) {
					on = 0;
					break;
				}
				bv = &w->node[far];
				on = continuations_in(w, free_road, bv, far);
			}
			if (on)
				len += walk_on(w, bv, on, enough - len);
			while (n > 0)
				free_road[run[--n]] = mine;
		}
		free_road[q] = mine;
		best = len > best ? len : best;
	}
	return best;
}

/* walk_on for a road with roads at both ends (rarer): also notes in w->seen
 * whether a trail comes to w->watch.  Kept apart so that the common walk
 * above has no such test. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int walk_on_watching(lr_walk *w, const bnode *bn, unsigned ways, int enough)
{
	uint8_t *free_road = w->free_road;
	const uint8_t mine = (uint8_t)w->mine;
	int best = 0;

	for (; ways && best < enough; ways &= ways - 1) {
		int i = lowest_bit(ways), len = 1;
		unsigned q = bn->path[i], next = bn->adj[i];
		free_road[q] = LR_ON_TRAIL;
		w->seen |= next == w->watch;
		if (--w->budget >= 0) {
			const bnode *bv = &w->node[next];
			unsigned on = continuations(w, bv, next);
			if (on)
				len = 1 + walk_on_watching(w, bv, on, enough - 1);
		}
		free_road[q] = mine;
		best = len > best ? len : best;
	}
	return best;
}

/* The contracted network of lr_comp, for solve_local.  Returns the number of
 * intersections with an odd number of roads (a blocked end counts alone). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int comp_to_local(const lr_search *s, const lr_comp *c, lr_local *g)
{
	int odd = 0;

	g->n_road = c->n;
	g->n_node = 0;
	for (int r = 0; r < c->n; r++) {
		for (int k = 0; k < 2; k++) {
			uint64_t lower = c->next[r][k] & (((uint64_t)1 << r) - 1);
			unsigned v = c->end_node[r][k];
			int u;
			if (lower) { /* met before, at a lower road */
				int j = lowest_bit(lower);
				u = g->road_end[j][c->end_node[j][0] == v ? 0 : 1];
			} else {
				u = new_local_node(s, g, v);
			}
			g->road_end[r][k] = (uint8_t)u;
			g->roads_at[u] |= (uint64_t)1 << r;
		}
	}
	for (int u = 0; u < g->n_node; u++) {
		g->junction[u] = (uint8_t)(g->blocked[u] || !two_bits(g->roads_at[u]));
		odd += bit_parity(g->roads_at[u]);
	}
	return odd;
}

/* ---- search on the board itself (more than LR_LOCAL_MAX roads) ---- */

static int own_degree(const lr_search *s, unsigned v)
{
	const bnode *n = &s->b->node[v];
	int deg = 0;
	for (int i = 0; i < n->deg; i++)
		deg += s->path_owner[n->path[i]] == s->mine;
	return deg;
}

/* Whether p is the lowest-id road of the owner at v (one search per start). */
static int lowest_own_path(const lr_search *s, unsigned v, unsigned p)
{
	const bnode *n = &s->b->node[v];
	for (int i = 0; i < n->deg; i++)
		if (s->path_owner[n->path[i]] == s->mine && n->path[i] < p)
			return 0;
	return 1;
}

/* Longest continuation from v over unused roads; v itself may be blocked only
 * as the trail's first intersection (the caller stops at blocked arrivals). */
static int extend_roads(lr_search *s, unsigned v, int depth)
{
	const bnode *n = &s->b->node[v];
	int best = 0;

	bit_set(s->reached, v);
	for (int i = 0; i < n->deg; i++) {
		unsigned p = n->path[i], u = n->adj[i];
		int len;
		if (s->path_owner[p] != s->mine || bit_test(s->used, p))
			continue;
		bit_set(s->used, p);
		if (blocked(s, u)) {
			bit_set(s->reached, u);
			len = 1;
		} else {
			len = 1 + extend_roads(s, u, depth + 1);
		}
		bit_clear(s->used, p);
		if (len > best)
			best = len;
		if (depth + best == s->total)
			break;
	}
	return best;
}

static int search_roads(lr_search *s)
{
	const board *b = s->b;
	int best = 0;

	memset(s->used, 0, (size_t)s->words * sizeof s->used[0]);
	memset(s->reached, 0, (size_t)s->words * sizeof s->reached[0]);
	for (int pass = 0; pass < 2 && best < s->total; pass++) {
		for (int p = 0; p < b->n_path && best < s->total; p++) {
			if (s->path_owner[p] != s->mine)
				continue;
			for (int k = 0; k < 2; k++) {
				unsigned v = b->path[p].node[k];
				int len;
				if (pass == 0 ? !(blocked(s, v) || own_degree(s, v) % 2 == 1) : bit_test(s->reached, v))
					continue;
				if (pass == 0 && !lowest_own_path(s, v, (unsigned)p))
					continue;
				len = extend_roads(s, v, 0);
				if (len > best)
					best = len;
			}
		}
	}
	return best;
}

/* The owner's longest trail, or at least `need` once a trail that long is
 * found (as solve_local); the board-wide search when the owner has more
 * roads than lr_local holds. */
static int search_longest(lr_search *s, int need)
{
	lr_local g;
	lr_ids ids;

	if (collect(s, &g, &ids)) {
		/* Asked whether a trail of need exists (need at most the road
		 * count; board_longest_road asks INT_MAX, the exact longest):
		 * the parts answer first (parts_reach; 0 is a length below need),
		 * then the search; junction[] only for the search. */
		if (need <= g.n_road) {
			int reach = parts_reach(&g, need);
			if (reach >= 0)
				return reach ? need : 0;
		}
		mark_junctions(&g);
		return solve_local(&g, need);
	}
	s->total = 0;
	for (int p = 0; p < s->b->n_path; p++)
		s->total += s->path_owner[p] == s->mine;
	return search_roads(s);
}

/* The arguments of the whole-network searches, checked, in *s. */
static int start_search(lr_search *s, const board *b, const uint8_t *path_owner, const uint8_t *node_owner, int o,
			const char *fn)
{
	if (!b || !path_owner || !node_owner)
		return err_set(CRISK_EINVAL, "%s: NULL argument", fn);
	if (o < 0 || o > 14)
		return err_set(CRISK_EINVAL, "%s: owner %d out of range 0..14", fn, o);
	if (b->n_path > LR_MAX_ELEMENTS || b->n_node > LR_MAX_ELEMENTS)
		return err_set(CRISK_EINVAL, "%s: board larger than %d paths or intersections", fn, LR_MAX_ELEMENTS);
	s->b = b;
	s->path_owner = path_owner;
	s->node_owner = node_owner;
	s->mine = (uint8_t)(o + 1);
	s->words = (b->n_node > b->n_path ? b->n_node : b->n_path) / 64 + 1;
	return CRISK_OK;
}

int board_longest_road(const board *b, const uint8_t *path_owner, const uint8_t *node_owner, int o)
{
	lr_search s;
	int rc = start_search(&s, b, path_owner, node_owner, o, "board_longest_road");
	return rc ? rc : search_longest(&s, INT_MAX);
}

int board_longest_road_at_least(const board *b, const uint8_t *path_owner, const uint8_t *node_owner, int o,
				int bound)
{
	lr_search s;
	int rc = start_search(&s, b, path_owner, node_owner, o, "board_longest_road_at_least");
	if (rc)
		return rc;
	return bound <= 0 || search_longest(&s, bound) >= bound;
}

#define LR_PROBE_STEPS 32 /* intersections lr_probe_even looks at */

/* From intersection v (unblocked, its continuations `ways`), along the
 * owner's roads without choosing (the lowest road on at each intersection,
 * never the one it came by): 0 when it reaches an intersection that is
 * blocked or holds an odd number of the owner's roads (roads on the trail,
 * p, not counted), 1 when it comes back to v or looks at LR_PROBE_STEPS
 * intersections first (nothing found).  Every intersection it reaches is
 * reached from v over the owner's roads through intersections it found
 * unblocked. */
static int lr_probe_even(const lr_walk *w, unsigned v, unsigned ways)
{
	const bnode *bn = &w->node[v];
	int i = lowest_bit(ways);
	unsigned came = bn->path[i], u = bn->adj[i];

	for (int steps = 0; steps < LR_PROBE_STEPS && u != v; steps++) {
		unsigned at;
		bn = &w->node[u];
		at = continuations(w, bn, u); /* none when blocked; else the road it came by, at least */
		if (bit_count(at) % 2 != 0 || !at)
			return 0;
		if (bn->path[lowest_bit(at)] == came)
			at &= at - 1; /* not back */
		i = lowest_bit(at);
		came = bn->path[i];
		u = bn->adj[i];
	}
	return 1;
}

/* The contracted search of the component of p (a road of s->mine) for
 * through_search, when the plain walk could not answer: p on a cycle, or
 * too many trails.  Kept out of line so that the walk's frame stays small. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int through_component(const lr_search *s, int p, int at_least)
{
	lr_comp c;
	uint8_t scratch[LR_MAX_ELEMENTS]; /* local_of for collect_component */
	int len;

	if (!collect_component(s, &c, scratch, p))
		return board_longest_road(s->b, s->path_owner, s->node_owner, s->mine - 1);
	if (c.n <= at_least)
		return at_least; /* no trail here is longer */
	if (!c.forks)
		return c.n; /* a bare path or cycle: one trail covers it */
	{
		lr_local g;
		int odd = comp_to_local(s, &c, &g);
		/* A trail uses an even number of roads at each intersection but its
		 * two ends, so every other odd one keeps a road off it, and a road
		 * serves at most two: that bounds the trail. */
		if (c.n - (odd - 1) / 2 <= at_least)
			return at_least;
		len = solve_local(&g, INT_MAX);
	}
	return len > at_least ? len : at_least;
}

/* board_longest_road_through_walking, whose callers know that the network
 * without p has no trail above at_least + slack (slack 0 or 1): a walk
 * from a hanging p then stops at a continuation of at_least + slack.
 * slack -1: no such premise (LR_THROUGH_BOUNDED of
 * board_longest_road_through_inplace): the walk from a hanging p stops at
 * a continuation of at_least, and nothing is concluded from the parity
 * below.  The walk marks the roads on its trail in `trail`, a copy of
 * path_owner, or path_owner itself (board_longest_road_through_inplace):
 * every mark is undone on the way back, p's too. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int through_search(const board *b, const uint8_t *path_owner, uint8_t *trail, const uint8_t *node_owner,
				 int o, int p, int at_least, int budget, int slack)
{
	lr_search s;
	lr_walk w;
	unsigned v0, v1, ways0, ways1;
	int len;

	if (!b || !path_owner || !node_owner)
		return err_set(CRISK_EINVAL, "board_longest_road_through: NULL argument");
	if ((unsigned)o > 14u || (unsigned)p >= (unsigned)b->n_path || path_owner[p] != o + 1)
		return err_set(CRISK_EINVAL, "board_longest_road_through: path %d holds no road of owner %d", p, o);
	if (b->n_path > LR_MAX_ELEMENTS || b->n_node > LR_MAX_ELEMENTS)
		return err_set(CRISK_EINVAL, "board_longest_road_through: board larger than %d paths or intersections",
			       LR_MAX_ELEMENTS);
	s.b = b;
	s.path_owner = path_owner;
	s.node_owner = node_owner;
	s.mine = (uint8_t)(o + 1);
	if (trail != path_owner)
		memcpy(trail, path_owner, (size_t)b->n_path);
	trail[p] = LR_ON_TRAIL;
	w.node = b->node;
	w.node_owner = node_owner;
	w.free_road = trail;
	w.mine = s.mine;
	/* Owners 1..15 but mine block (0: no building); GCC stores the table
	 * with two vector stores. */
	for (int x = 0; x < 16; x++)
		w.want[x] = 0x100u;
	w.want[0] = s.mine;
	w.want[s.mine] = s.mine;
	w.budget = budget;
	w.watch = BOARD_NONE;
	w.seen = 0;
	v0 = b->path[p].node[0];
	v1 = b->path[p].node[1];
	ways0 = continuations(&w, &b->node[v0], v0);
	ways1 = continuations(&w, &b->node[v1], v1);
	/* Only trails through p are new; trails elsewhere are at most at_least. */
	if (!ways0 || !ways1) {
		/* p hangs at one end (the usual new road): a trail through it ends
		 * there and the rest was a trail before, at most at_least long, so
		 * a continuation of at_least is the most there is to find.
		 *
		 * Parity (with the premise, slack 0 or 1; X = at_least + slack):
		 * let v, where p hangs (unblocked, since it has continuations),
		 * hold an even number of the owner's roads other than p, not none.
		 * A trail T of X roads from v without p is then closed at v: if it
		 * ended elsewhere it would use an odd number of v's roads (one to
		 * leave, two each time it passes v), and a road e at v off T
		 * followed by T would be a trail of X + 1 without p (it passes v,
		 * which is unblocked; e's far end may be blocked, a trail may end
		 * there), above the premise.  A closed trail of X, the longest
		 * there is, uses every road at each of its intersections (else,
		 * read from that intersection, it takes one more; all of them are
		 * unblocked, being passed or v), so it covers everything reached
		 * from v over the owner's roads through unblocked intersections,
		 * and each intersection reached is unblocked with an even number
		 * of the owner's roads.  lr_probe_even looks for one reached that
		 * is blocked or odd: found, no trail from v reaches X, so with
		 * slack 0 no trail through p is above at_least (the answer without
		 * a walk), and with slack 1 a walk that stops at a continuation of
		 * at_least has the longest (shorter ones are exact). */
		unsigned ways = ways0 ? ways0 : ways1, v = ways0 ? v0 : v1;
		int enough = slack < 0 ? at_least : at_least + slack, walked = 0;
		if (slack >= 0 && ways && bit_count(ways) % 2 == 0) {
			if (slack == 0 && !lr_probe_even(&w, v, ways)) {
				trail[p] = s.mine;
				return at_least;
			}
			if (slack == 1) {
				/* The walk first (it usually answers alone), then the
				 * probe when it found a continuation of at_least. */
				len = 1 + walk_on(&w, &b->node[v], ways, at_least);
				walked = len <= at_least || !lr_probe_even(&w, v, ways);
			}
		}
		if (!walked)
			len = 1 + walk_on(&w, &b->node[v], ways, enough);
	} else {
		/* If no trail from v0 reaches v1, p is on no cycle and the trails
		 * on either side share no road. */
		w.watch = v1;
		len = 1 + walk_on_watching(&w, &b->node[v0], ways0, b->n_path);
		len = w.seen ? -1 : len + walk_on(&w, &b->node[v1], ways1, b->n_path);
	}
	trail[p] = s.mine;
	if (w.budget >= 0 && len >= 0)
		return len > at_least ? len : at_least;
	/* p on a cycle, or too many trails for a plain search: the component's
	 * longest trail by the contracted search. */
	return through_component(&s, p, at_least);
}

int board_longest_road_through_walking(const board *b, const uint8_t *path_owner, const uint8_t *node_owner, int o,
				       int p, int at_least, int budget)
{
	uint8_t trail[LR_MAX_ELEMENTS];
	return through_search(b, path_owner, trail, node_owner, o, p, at_least, budget, 0);
}

int board_longest_road_through(const board *b, const uint8_t *path_owner, const uint8_t *node_owner, int o, int p,
			       int at_least)
{
	return board_longest_road_through_walking(b, path_owner, node_owner, o, p, at_least, LR_WALK_BUDGET);
}

int board_longest_road_through_loose(const board *b, const uint8_t *path_owner, const uint8_t *node_owner, int o,
				     int p, int at_least)
{
	uint8_t trail[LR_MAX_ELEMENTS];
	return through_search(b, path_owner, trail, node_owner, o, p, at_least, LR_WALK_BUDGET, 1);
}

int board_longest_road_through_inplace(const board *b, uint8_t *path_owner, const uint8_t *node_owner, int o, int p,
				       int at_least, int mode)
{
	if (mode == LR_THROUGH_BOUNDED)
		return through_search(b, path_owner, path_owner, node_owner, o, p, at_least, LR_WALK_BUDGET, -1);
	return through_search(b, path_owner, path_owner, node_owner, o, p, at_least, LR_WALK_BUDGET,
			      mode == LR_THROUGH_LOOSE);
}
