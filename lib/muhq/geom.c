/* muhq's geometry (rules/muhq.md §11-§12): distance, terrain suitability and
 * the reachable destinations of a move.  The search runs over states
 * (tile, diagonals so far mod 2) as M-58 asks, with a bucket queue: steps
 * cost 1 or 2, so three buckets (cost c, c+1, c+2) in a ring suffice. */
#include "muhq/geom.h"

#include <stdlib.h>
#include <string.h>

#include "muhq/mqd.h"

#define SIDE_MAX MQD_MAP_SIDE_MAX
/* 255 is MQ_UNREACHED, so a cost must stay below it. */
#define COST_MAX (MQ_UNREACHED - 1)

int mq_dist(int dx, int dy)
{
	int a = abs(dx), b = abs(dy);
	int lo = a < b ? a : b, hi = a < b ? b : a;
	return hi + lo / 2;
}

int mq_suits(int t, int cls)
{
	t = MQD_TILE_TYPE(t);
	if (t >= MQD_TILE_COUNT || t == MQD_TILE_WALL)
		return 0;
	switch (cls) {
	case MQ_WALK:
		return t != MQD_TILE_DEEP;
	case MQ_SWIM:
		return t == MQD_TILE_DEEP;
	case MQ_AMPHI:
		return 1;
	default:
		return 0;
	}
}

/* The search runs level by level over row masks: F[n][p] holds the states
 * (tile, diagonals so far mod 2 = p) whose cheapest cost is n.  A level's
 * states come from level n-1 (orthogonal steps, and diagonals at even
 * parity) and from level n-2 (diagonals at odd parity, which cost 2), both
 * final by then, so a state enters exactly at its cheapest cost, as the
 * bucket queue of M-58 would find it. */
#define ROWS (SIDE_MAX + 2)

/* Adds the steps out of rows src (expandable states, padded rows 1..h) to
 * the level rows dst_orth (orthogonal, same parity) and dst_diag
 * (diagonal); either may be NULL. */
static void spread(const uint64_t *src, const uint64_t *wall, int lo, int hi, uint64_t *dst_orth, uint64_t *dst_diag)
{
	for (int r = lo; r <= hi; r++) {
		uint64_t s = src[r];
		if (!s)
			continue;
		if (dst_orth) {
			dst_orth[r] |= s << 1 | s >> 1;
			dst_orth[r - 1] |= s;
			dst_orth[r + 1] |= s;
		}
		if (dst_diag) {
			uint64_t right = wall[r] >> 1, left = wall[r] << 1; /* bit x: the wall at x+1, x-1 */
			dst_diag[r - 1] |= (s & ~(right & wall[r - 1])) << 1 | (s & ~(left & wall[r - 1])) >> 1;
			dst_diag[r + 1] |= (s & ~(right & wall[r + 1])) << 1 | (s & ~(left & wall[r + 1])) >> 1;
		}
	}
}

void mq_reach_rows_run(const mq_reach_rows *in, uint64_t *reach, uint8_t *cost)
{
	int h = in->h, budget = in->budget > COST_MAX ? COST_MAX : in->budget;
	/* Padded rows: row 0 and h + 1 are outside and never entered. */
	uint64_t enter[ROWS], noexp[ROWS], wall[ROWS], seen[2][ROWS], lvl[3][2][ROWS];
	enter[0] = enter[h + 1] = wall[0] = wall[h + 1] = noexp[0] = noexp[h + 1] = 0;
	for (int r = 1; r <= h; r++) {
		enter[r] = in->pass[r - 1] | in->stop[r - 1];
		noexp[r] = in->stop[r - 1];
		wall[r] = in->wall[r - 1];
		seen[0][r] = seen[1][r] = 0;
		reach[r - 1] = 0;
	}
	/* Per level slot: the rows that may hold its states (empty: lo > hi);
	 * only those rows of a slot are ever read. */
	int rlo[3] = {in->sy + 1, 1, 1}, rhi[3] = {in->sy + 1, 0, 0};
	lvl[0][0][in->sy + 1] = UINT64_C(1) << in->sx;
	lvl[0][1][in->sy + 1] = 0;
	seen[0][in->sy + 1] = UINT64_C(1) << in->sx;
	/* Slots of levels n - 1, n - 2 and n (which held n - 3). */
	int p = 0, q = 2, c = 1;
	for (int n = 1; n <= budget; n++, q = p, p = c, c = 3 - p - q) {
		int pe = rlo[p] > rhi[p], qe = rlo[q] > rhi[q];
		if (pe && qe)
			break; /* nothing left to step from */
		int slo = pe ? rlo[q] : qe ? rlo[p] : rlo[p] < rlo[q] ? rlo[p] : rlo[q];
		int shi = pe ? rhi[q] : qe ? rhi[p] : rhi[p] > rhi[q] ? rhi[p] : rhi[q];
		uint64_t(*cur)[ROWS] = lvl[c];
		uint64_t e0[ROWS], e1[ROWS], e2[ROWS];
		for (int r = slo - 1; r <= shi + 1; r++) {
			cur[0][r] = cur[1][r] = 0;
			if (r >= rlo[p] && r <= rhi[p]) {
				e0[r] = lvl[p][0][r] & ~noexp[r];
				e1[r] = lvl[p][1][r] & ~noexp[r];
			}
		}
		for (int r = rlo[q]; r <= rhi[q]; r++)
			e2[r] = lvl[q][1][r] & ~noexp[r];
		spread(e0, wall, rlo[p], rhi[p], cur[0], cur[1]); /* even parity: a diagonal costs 1 */
		spread(e1, wall, rlo[p], rhi[p], cur[1], NULL);
		spread(e2, wall, rlo[q], rhi[q], NULL, cur[0]); /* odd parity: a diagonal costs 2 */
		int nlo = 1, nhi = 0;
		int from = slo - 1 < 1 ? 1 : slo - 1, to = shi + 1 > h ? h : shi + 1;
		for (int r = from; r <= to; r++) {
			uint64_t a = cur[0][r] & enter[r] & ~seen[0][r], b = cur[1][r] & enter[r] & ~seen[1][r];
			cur[0][r] = a;
			cur[1][r] = b;
			if (!(a | b))
				continue;
			seen[0][r] |= a;
			seen[1][r] |= b;
			if (nlo > nhi)
				nlo = r;
			nhi = r;
			uint64_t fresh = (a | b) & ~reach[r - 1];
			if (!fresh)
				continue;
			reach[r - 1] |= fresh;
			if (cost)
				for (uint64_t m = fresh; m; m &= m - 1)
					cost[(r - 1) * in->w + __builtin_ctzll(m)] = (uint8_t)n;
		}
		/* Rows of level n outside nlo..nhi are zero but may be read no more. */
		rlo[c] = nlo;
		rhi[c] = nhi;
	}
}

/* How a move may enter a tile. */
enum { ENTER_NO, ENTER_PASS, ENTER_STOP };

static uint8_t entry_kind(const mq_reach_in *in, int i)
{
	int t = MQD_TILE_TYPE(in->type[i]);
	/* M-60: a street move stays on streets, boarding included. */
	if (in->street && t != MQD_TILE_STREET)
		return ENTER_NO;
	/* M-67: boarding ignores the ship's terrain and ends the move. */
	if (in->board && in->board[i])
		return ENTER_STOP;
	if (in->block[i] || !mq_suits(t, in->cls))
		return ENTER_NO;
	/* M-59: the Gate stops everyone, Water every walker (M-108: not Amphibious). */
	if (t == MQD_TILE_GATE || (t == MQD_TILE_WATER && in->cls == MQ_WALK))
		return ENTER_STOP;
	return ENTER_PASS;
}

int mq_reach(const mq_reach_in *in, uint8_t *cost)
{
	if (!in || !cost || in->w < 1 || in->h < 1 || in->w > SIDE_MAX || in->h > SIDE_MAX)
		return 0;
	int n = in->w * in->h;
	memset(cost, MQ_UNREACHED, (size_t)n);
	if (!in->type || !in->block || in->start < 0 || in->start >= n || in->budget < 1)
		return 0;
	mq_reach_rows rr;
	rr.w = in->w;
	rr.h = in->h;
	rr.sx = in->start % in->w;
	rr.sy = in->start / in->w;
	rr.budget = in->budget;
	for (int y = 0; y < in->h; y++) {
		uint64_t pass = 0, stop = 0, wall = 0;
		for (int x = 0; x < in->w; x++) {
			int i = y * in->w + x;
			uint64_t bit = UINT64_C(1) << x;
			int k = i == in->start ? ENTER_NO : entry_kind(in, i);
			pass |= k == ENTER_PASS ? bit : 0;
			stop |= k == ENTER_STOP ? bit : 0;
			wall |= MQD_TILE_TYPE(in->type[i]) == MQD_TILE_WALL ? bit : 0;
		}
		rr.pass[y] = pass;
		rr.stop[y] = stop;
		rr.wall[y] = wall;
	}
	uint64_t reach[SIDE_MAX];
	mq_reach_rows_run(&rr, reach, cost);
	int reached = 0;
	for (int y = 0; y < in->h; y++)
		for (uint64_t m = reach[y]; m; m &= m - 1)
			reached++;
	return reached;
}
