/* muhq's geometry (rules/muhq.md §11-§12): distance, terrain suitability and
 * the reachable destinations of a move.  The search runs over states
 * (tile, diagonals so far mod 2) as M-58 asks, with a bucket queue: steps
 * cost 1 or 2, so three buckets (cost c, c+1, c+2) in a ring suffice. */
#include "muhq/geom.h"

#include <stdlib.h>
#include <string.h>

#include "muhq/mqd.h"

#define SIDE_MAX MQD_MAP_SIDE_MAX
#define STATES_MAX (SIDE_MAX * SIDE_MAX * 2)
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

static int is_wall(const mq_reach_in *in, int x, int y)
{
	return MQD_TILE_TYPE(in->type[y * in->w + x]) == MQD_TILE_WALL;
}

int mq_reach(const mq_reach_in *in, uint8_t *cost)
{
	if (!in || !cost || in->w < 1 || in->h < 1 || in->w > SIDE_MAX || in->h > SIDE_MAX)
		return 0;
	int n = in->w * in->h;
	memset(cost, MQ_UNREACHED, (size_t)n);
	if (!in->type || !in->block || in->start < 0 || in->start >= n || in->budget < 1)
		return 0;
	int budget = in->budget > COST_MAX ? COST_MAX : in->budget;

	uint8_t kind[SIDE_MAX * SIDE_MAX];
	for (int i = 0; i < n; i++)
		kind[i] = entry_kind(in, i);
	/* Coming back to the start never helps: (start, even parity, cost 0)
	 * beats every other way to stand there. */
	kind[in->start] = ENTER_NO;

	/* State s = tile * 2 + parity; dist[s] is its best known cost. */
	uint8_t dist[STATES_MAX];
	memset(dist, MQ_UNREACHED, (size_t)n * 2);
	/* A state enters a bucket only when its cost strictly improves, so a
	 * bucket holds each state at most once. */
	uint16_t bucket[3][STATES_MAX];
	int fill[3] = { 0, 0, 0 };
	dist[in->start * 2] = 0;
	bucket[0][fill[0]++] = (uint16_t)(in->start * 2);

	static const int8_t step_x[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
	static const int8_t step_y[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };
	int reached = 0;
	for (int c = 0; c <= budget; c++) {
		uint16_t *cur = bucket[c % 3];
		int ncur = fill[c % 3];
		fill[c % 3] = 0;
		for (int k = 0; k < ncur; k++) {
			int s = cur[k];
			if (dist[s] != c)
				continue; /* superseded by a cheaper entry */
			int tile = s >> 1, parity = s & 1;
			if (tile != in->start) {
				if (cost[tile] == MQ_UNREACHED) {
					cost[tile] = (uint8_t)c; /* buckets pop in cost order */
					reached++;
				}
				if (kind[tile] == ENTER_STOP)
					continue;
			}
			int x = tile % in->w, y = tile / in->w;
			for (int d = 0; d < 8; d++) {
				int nx = x + step_x[d], ny = y + step_y[d];
				if (nx < 0 || ny < 0 || nx >= in->w || ny >= in->h)
					continue;
				int next = ny * in->w + nx;
				if (kind[next] == ENTER_NO)
					continue;
				int diagonal = d >= 4, step = 1, np = parity;
				if (diagonal) {
					/* M-58: no squeezing between two walls. */
					if (is_wall(in, nx, y) && is_wall(in, x, ny))
						continue;
					step = parity ? 2 : 1; /* every second diagonal costs double */
					np = !parity;
				}
				int nc = c + step, ns = next * 2 + np;
				if (nc > budget || nc >= dist[ns])
					continue;
				dist[ns] = (uint8_t)nc;
				bucket[nc % 3][fill[nc % 3]++] = (uint16_t)ns;
			}
		}
	}
	return reached;
}
