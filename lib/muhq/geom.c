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

/* The search runs on the grid with a border of one tile that nothing
 * enters, so neighbours need no bounds checks. */
#define PAD_SIDE (SIDE_MAX + 2)

int mq_reach(const mq_reach_in *in, uint8_t *cost)
{
	if (!in || !cost || in->w < 1 || in->h < 1 || in->w > SIDE_MAX || in->h > SIDE_MAX)
		return 0;
	int n = in->w * in->h;
	memset(cost, MQ_UNREACHED, (size_t)n);
	if (!in->type || !in->block || in->start < 0 || in->start >= n || in->budget < 1)
		return 0;
	int budget = in->budget > COST_MAX ? COST_MAX : in->budget;

	int pw = in->w + 2, pn = pw * (in->h + 2);
	uint8_t kind[PAD_SIDE * PAD_SIDE], wall[PAD_SIDE * PAD_SIDE];
	memset(kind, ENTER_NO, (size_t)pn);
	memset(wall, 0, (size_t)pn);
	for (int y = 0; y < in->h; y++)
		for (int x = 0; x < in->w; x++) {
			int i = y * in->w + x, p = (y + 1) * pw + x + 1;
			kind[p] = entry_kind(in, i);
			wall[p] = MQD_TILE_TYPE(in->type[i]) == MQD_TILE_WALL;
		}
	int start = (in->start / in->w + 1) * pw + in->start % in->w + 1;
	/* Coming back to the start never helps: (start, even parity, cost 0)
	 * beats every other way to stand there. */
	kind[start] = ENTER_NO;

	/* State s = padded tile * 2 + parity; dist[s] is its best known cost. */
	uint8_t dist[PAD_SIDE * PAD_SIDE * 2];
	memset(dist, MQ_UNREACHED, (size_t)pn * 2);
	/* A state enters a bucket only when its cost strictly improves, so a
	 * bucket holds each state at most once. */
	uint16_t bucket[3][PAD_SIDE * PAD_SIDE * 2];
	int fill[3] = {0, 0, 0};
	dist[start * 2] = 0;
	bucket[0][fill[0]++] = (uint16_t)(start * 2);

	/* Orthogonal steps first, then diagonals with their two cut corners. */
	const int step[8] = {-pw, 1, pw, -1, -pw + 1, pw + 1, pw - 1, -pw - 1};
	const int cut_x[4] = {1, 1, -1, -1}, cut_y[4] = {-pw, pw, pw, -pw};
	int reached = 0;
	for (int c = 0; c <= budget; c++) {
		uint16_t *cur = bucket[c % 3];
		int ncur = fill[c % 3];
		fill[c % 3] = 0;
		for (int k = 0; k < ncur; k++) {
			int st = cur[k];
			if (dist[st] != c)
				continue; /* superseded by a cheaper entry */
			int tile = st >> 1, parity = st & 1;
			if (tile != start) {
				int x = tile % pw - 1, y = tile / pw - 1, t = y * in->w + x;
				if (cost[t] == MQ_UNREACHED) {
					cost[t] = (uint8_t)c; /* buckets pop in cost order */
					reached++;
				}
				if (kind[tile] == ENTER_STOP)
					continue;
			}
			for (int d = 0; d < 8; d++) {
				int next = tile + step[d];
				if (kind[next] == ENTER_NO)
					continue;
				int nc = c + 1, np = parity;
				if (d >= 4) {
					/* M-58: no squeezing between two walls. */
					if (wall[tile + cut_x[d - 4]] && wall[tile + cut_y[d - 4]])
						continue;
					nc += parity; /* every second diagonal costs double */
					np = !parity;
				}
				int ns = next * 2 + np;
				if (nc > budget || nc >= dist[ns])
					continue;
				dist[ns] = (uint8_t)nc;
				bucket[nc % 3][fill[nc % 3]++] = (uint16_t)ns;
			}
		}
	}
	return reached;
}
