/* muhq's square-grid geometry (rules/muhq.md §11, §12): the distance of M-57,
 * the terrain a permanent may stand on (M-52), and the reachable destinations
 * of a move or a street move (M-58 to M-61, boarding of M-67).  Pure
 * functions over caller-owned arrays: nothing is allocated, maps are at most
 * MQD_MAP_SIDE_MAX (64) tiles on a side. */
#ifndef CRISK_MUHQ_GEOM_H
#define CRISK_MUHQ_GEOM_H

#include <stdint.h>

/* A cost that mq_reach cannot report: the tile is not a destination. */
#define MQ_UNREACHED 255

/* Terrain classes of a permanent (M-52). */
enum { MQ_WALK, MQ_SWIM, MQ_AMPHI };

/* Distance of M-57 for an offset (signs ignored). */
int mq_dist(int dx, int dy);

/* Whether a permanent of class cls may stand on a tile of type t (M-52,
 * terrain only: not wall; MQ_SWIM needs MQD_TILE_DEEP; MQ_WALK anything but
 * DEEP and WALL; MQ_AMPHI anything but WALL).  Spawn, harbor, street, gate,
 * water, house, tower, farm, plain are land.  t may be a raw map byte: the
 * seat nibble is ignored.  An unknown type or class suits nothing. */
int mq_suits(int t, int cls);

typedef struct mq_reach_in {
	const uint8_t *type;  /* w*h tile types MQD_TILE_* (already effective: destroyed walls are PLAIN) */
	const uint8_t *block; /* w*h, nonzero: a permanent stands there; never entered */
	const uint8_t *board; /* w*h or NULL, nonzero: may be entered as the last step even though blocked and whatever its terrain (a friendly crewable unit with room, M-67) */
	int w, h;
	int start;            /* tile index y*w + x; the start tile's own type and block do not matter */
	int budget;           /* movement points, 0..255 (costs above 254 cannot be reported: see mq_reach) */
	int cls;              /* MQ_WALK, MQ_SWIM, MQ_AMPHI */
	int street;           /* 1: a street move (M-60): every entered tile must be a Street tile */
} mq_reach_in;

/* Fills cost[w*h]: the cheapest cost of a legal path ending a move on that
 * tile (M-58 path cost with diagonal parity counted over the whole path, M-59
 * rules: every entered tile suits cls and is not blocked except a board tile
 * as the last step; a MQ_WALK unit stops on the first Water tile it enters;
 * every unit stops on the first Gate tile it enters; a diagonal step is
 * forbidden when both orthogonal tiles it cuts past are walls), or
 * MQ_UNREACHED.  cost[start] is MQ_UNREACHED (a move has at least one step).
 * Returns the number of reachable tiles.
 *
 * Details: a board tile is a destination only (boarding ends the move); in a
 * street move it must be a Street tile too.  The path never comes back to the
 * start tile.  A budget above 254 counts as 254, since 255 is MQ_UNREACHED.
 * Invalid input (w or h outside 1..64, start off the map, a NULL array other
 * than board, budget < 0) reaches nothing: cost is filled when w and h are
 * valid, and 0 is returned. */
int mq_reach(const mq_reach_in *in, uint8_t *cost);

/* The same search over row masks (the engine's fast path, which mq_reach
 * runs on too): a window of w columns and h rows (1..64 each), bit x of row
 * y standing for tile (x, y).  pass: tiles a move may enter and go on from;
 * stop: tiles it may enter and must end on (Gate, Water for walkers, a
 * board tile); wall: the wall tiles whose pairs a diagonal may not cut
 * between.  The start tile (sx, sy) must be in neither pass nor stop; bits
 * at or above w must be clear. */
typedef struct mq_reach_rows {
	int w, h, sx, sy;
	int budget; /* 1..254 */
	uint64_t pass[64], stop[64], wall[64];
} mq_reach_rows;

/* Sets reach[y] (h rows) to the destinations; when cost is not NULL, also
 * writes each destination's cheapest cost to cost[y * w + x] (other entries
 * are left alone). */
void mq_reach_rows_run(const mq_reach_rows *in, uint64_t *reach, uint8_t *cost);

#endif
