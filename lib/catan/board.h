/* The board graph of the Catan kernel: hexes, intersections ("nodes"), paths
 * and harbor slots with the canonical ids of base.md B-11..B-27, plus the
 * layout (terrain, tokens, harbor types) generated per B-28..B-38.
 *
 * The graph is general: nothing here or in the rules code assumes 19 hexes.
 * The standard boards are built by board_standard(); point-to-point maps
 * (catanmap files) are converted into the same structures by board_from_map()
 * (board_map.h), which also fills the members for map kinds at the end of
 * struct board. */
#ifndef CRISK_CATAN_BOARD_H
#define CRISK_CATAN_BOARD_H

#include <stdint.h>
#include "../core/rng.h"
#include "../core/jsonw.h"

/* Bytes at..at+7, byte i in bits 8i..8i+7 on any platform.  Written out so
 * that compilers merge them into one load or store on little-endian machines. */
static inline uint64_t load8(const uint8_t *at)
{
	return (uint64_t)at[0] | (uint64_t)at[1] << 8 | (uint64_t)at[2] << 16 | (uint64_t)at[3] << 24 |
	       (uint64_t)at[4] << 32 | (uint64_t)at[5] << 40 | (uint64_t)at[6] << 48 | (uint64_t)at[7] << 56;
}
static inline void store8(uint8_t *at, uint64_t v)
{
	at[0] = (uint8_t)v;
	at[1] = (uint8_t)(v >> 8);
	at[2] = (uint8_t)(v >> 16);
	at[3] = (uint8_t)(v >> 24);
	at[4] = (uint8_t)(v >> 32);
	at[5] = (uint8_t)(v >> 40);
	at[6] = (uint8_t)(v >> 48);
	at[7] = (uint8_t)(v >> 56);
}

/* The top bit of each byte of w that equals v (exact, no carries between bytes). */
static inline uint64_t bytes_equal(uint64_t w, uint8_t v)
{
	const uint64_t low7 = UINT64_C(0x7F7F7F7F7F7F7F7F);
	uint64_t x = w ^ (UINT64_C(0x0101010101010101) * v);
	return ~(((x & low7) + low7) | x) & UINT64_C(0x8080808080808080);
}

#define BOARD_NONE 0xFFFFu   /* no element (uint16 ids) */
#define BOARD_NO8 0xFFu      /* no element (uint8 fields) */
#define BOARD_MAX_DEG 8      /* paths at one node */
#define BOARD_MAX_NODE_HEXES 6
#define BOARD_SPIRALS 12     /* spiral variants of B-34 */

enum terrain { TERR_HILLS, TERR_FOREST, TERR_PASTURE, TERR_FIELDS, TERR_MOUNTAINS, TERR_DESERT, TERR_SEA };
/* Harbor types: 0 generic 3:1, 1 + r = 2:1 for resource r (B-5). */
enum { HARBOR_GENERIC = 0 };
/* A merchant's trade scroll on a map (H-28, H-62): the harbor types, then
 * 6 any:2 and 7 + r r:3, which no harbor has. */
enum { SCROLL_ANY2 = 6, SCROLL_RES3 = 7, NUM_SCROLLS = 12 };
enum board_kind { BOARD_BEGINNER, BOARD_RANDOM, BOARD_RANDOM_TOKENS, BOARD_CUSTOM };
/* Point kinds and path kinds of point-to-point maps, in the order of the
 * catanmap grammar (hawaii.md H-7, H-8).  The standard boards have none:
 * every node is a building spot and every path takes a road. */
enum bnode_kind { BNODE_SITE, BNODE_CHIT, BNODE_JUNCTION };
enum bpath_kind { BPATH_ROAD, BPATH_SHIP, BPATH_MERCHANT, BPATH_FISHING };

typedef struct bhex {
	int16_t q, r;
	uint8_t land;
	char label[4];               /* "a1".."g3" for land hexes, "" for sea */
	uint16_t node[6];            /* corners N NE SE S SW NW (BOARD_NONE if not an intersection) */
	uint16_t path[6];            /* sides NE E SE SW W NW (BOARD_NONE if not a path) */
} bhex;

typedef struct bnode {
	int16_t x, y;                /* corner lattice point (B-13) */
	uint8_t deg;                 /* number of paths (= neighbours) */
	uint8_t n_hex;               /* land hexes touched */
	uint8_t harbor;              /* harbor slot, or BOARD_NO8 */
	uint8_t coastal;             /* touches a sea hex */
	uint16_t adj[BOARD_MAX_DEG];  /* neighbour nodes, ascending */
	uint16_t path[BOARD_MAX_DEG]; /* path to adj[i] */
	uint16_t hex[BOARD_MAX_NODE_HEXES]; /* land hexes touched, ascending */
} bnode;

typedef struct bpath {
	uint16_t node[2];            /* end points, node[0] < node[1] */
	uint8_t n_hex;               /* land hexes it borders: 1 (coastal) or 2 */
	uint8_t harbor;              /* harbor slot, or BOARD_NO8 */
	uint16_t hex[2];             /* land hexes, ascending; BOARD_NONE when n_hex == 1 */
} bpath;

typedef struct bharbor {
	uint16_t hex;                /* land hex of the slot */
	uint8_t side;                /* side of that hex, 0..5 = NE E SE SW W NW */
	uint16_t path;
	uint16_t node[2];            /* ascending */
	uint16_t sea;                /* frame sea hex across the side */
} bharbor;

/* A blue number disc of a point-to-point map (H-12): its fishing paths are
 * board.disc_path[first .. first + n). */
typedef struct bdisc {
	uint8_t number;              /* 2..12 without 7 */
	int16_t x, y;                /* corner lattice, for drawing */
	uint16_t first, n;
} bdisc;

typedef struct board {
	int n_land, n_sea, n_node, n_path, n_harbor;
	bhex *hex;        /* n_land + n_sea; land first (B-20) */
	bnode *node;      /* n_node (B-21) */
	bpath *path;      /* n_path (B-22) */
	bharbor *harbor;  /* n_harbor (B-23, B-27) */
	/* Layout. */
	uint8_t *terrain;      /* per land hex, enum terrain */
	uint8_t *token;        /* per land hex, 2..12, 0 for none */
	uint8_t *harbor_type;  /* per slot */
	uint16_t robber_start; /* B-37 */
	int big;               /* 1 for the 5-6 board */
	/* hex, node, path and harbor are the process-wide standard topology
	 * (board_standard): read-only, never freed with the board; terrain,
	 * token and harbor_type are then one allocation at terrain. */
	int shared_topology;
	/* With the shared topology: the BOARD_SPIRALS walking orders of B-34,
	 * n_land hex ids each (board_spiral, computed once); else NULL. */
	const uint16_t *spiral;
	/* Point-to-point maps (board_from_map); all NULL or 0 on the standard
	 * boards, which keep their behaviour.  A node's hex list is its
	 * production list (H-10): the kernel's "touches" for production, set-up
	 * resources and the robber's victims. */
	uint8_t *node_kind;       /* per node: enum bnode_kind */
	uint8_t *node_island;     /* per node: island index, BOARD_NO8 for none */
	uint8_t *hex_island;      /* per hex, land and sea: island index or BOARD_NO8 */
	uint8_t *path_kind;       /* per path: enum bpath_kind */
	uint8_t *path_trade;      /* per path: the harbor bit of a merchant's scroll, else BOARD_NO8 */
	/* Per harbor bit: the scroll it stands for, BOARD_NO8 if none.  Bit t
	 * is harbor type t for the scrolls harbors have (any:3, r:2), so kseat
	 * bits mean what they mean on the standard boards; any:2 and r:3 take
	 * the bits left (board_map.c), and kern.rate_bytes gives the rates. */
	uint8_t bit_scroll[8];
	uint16_t *path_sea_first; /* n_path + 1: path p touches sea hexes path_sea[first[p] .. first[p + 1]) */
	uint16_t *path_sea;       /* sea hex ids, ascending per path (H-11) */
	uint16_t *hex_src;        /* per hex: its index among the map's hex lines (H-15) */
	bdisc *disc;              /* n_disc (H-12) */
	uint16_t *disc_path;      /* fishing paths of the discs, ascending per disc */
	int n_island, n_disc;
	uint16_t pirate_start;    /* sea hex, or BOARD_NONE (a map without sea, or a standard board) */
} board;

/* Inserts neighbour `other` reached by path p into n's lists, which stay
 * sorted by neighbour id (B-21); the caller checks n->deg < BOARD_MAX_DEG. */
void board_add_neighbour(bnode *n, uint16_t other, uint16_t p);

/* The topology of the base board (big = 0) or the 5-6 board (big = 1) with
 * canonical ids, shared with every other board of that size (built once per
 * process; b->shared_topology); layout arrays are allocated and zeroed.
 * CRISK_OK or CRISK_ENOMEM. */
int board_standard(board *b, int big);
void board_free(board *b);

/* Generates the layout per B-28..B-38, drawing from r in the order of B-135.
 * For BOARD_CUSTOM the three strings give the layout (docs/board.md):
 * terrain letters h f p g m d per land hex, tokens as comma-separated numbers
 * (0 for a desert), harbor letters 3 b l w g o per slot.  Invalid input gives
 * CRISK_EPARAM with a message naming the parameter. */
int board_generate(board *b, int kind, int no_identical_adjacent, rng *r, const char *terrain,
		   const char *tokens, const char *harbors);

/* Hex ids of spiral variant v (0..11) in walking order (B-34); n_land entries.
 * CRISK_OK or CRISK_EINVAL. */
int board_spiral(const board *b, int v, uint16_t *order);

/* Static board description (docs/board.md). */
void board_json(const board *b, jw *w);
/* The same members without the enclosing object, for modules that add some. */
void board_json_members(const board *b, jw *w);

/* Longest trail of owner o's roads (B-86, B-87): path_owner[p] is 0 or
 * owner + 1; node_owner[n] is 0 or (owner + 1) in the low 4 bits (bit 4 = city).
 * A trail never passes through a node whose building belongs to another owner.
 * No allocation; at most 15 roads per owner in the base game, but any count works. */
int board_longest_road(const board *b, const uint8_t *path_owner, const uint8_t *node_owner, int o);

/* Whether owner o has a trail of at least `bound` roads (the trail rules of
 * board_longest_road: B-86, B-87): 1 if so, 0 if not.  The search stops at
 * the first such trail, so it is cheaper than board_longest_road when one
 * exists; a bound of 0 or less always holds.  Errors as board_longest_road. */
int board_longest_road_at_least(const board *b, const uint8_t *path_owner, const uint8_t *node_owner, int o,
				int bound);

/* After a road of owner o was added on path p to a network whose longest
 * trail was at_least: the new longest trail.  Only trails through p can be
 * longer, and they stay within the roads reached from p without passing
 * through another owner's building, so only those are searched.  Errors as
 * board_longest_road, and CRISK_EINVAL when p holds no road of o. */
int board_longest_road_through(const board *b, const uint8_t *path_owner, const uint8_t *node_owner, int o, int p,
			       int at_least);

/* The same, with the number of intersections the plain search from p may
 * visit before it hands over to the search of p's component (tests give
 * small budgets to reach that hand-over). */
int board_longest_road_through_walking(const board *b, const uint8_t *path_owner, const uint8_t *node_owner, int o,
				       int p, int at_least, int budget);

/* board_longest_road_through with a looser premise: the network without p
 * has no trail above at_least + 1 (instead of at_least).  An answer above
 * at_least is exact: the longest trail through p, or the longest trail of
 * p's component or of the whole network when the search goes over to
 * those (each holds every trail through p); an answer of at_least means no
 * trail through p is longer.  Errors as board_longest_road_through. */
int board_longest_road_through_loose(const board *b, const uint8_t *path_owner, const uint8_t *node_owner, int o,
				     int p, int at_least);

/* Modes of board_longest_road_through_inplace. */
enum {
	LR_THROUGH_PLAIN,   /* as board_longest_road_through (its premise) */
	LR_THROUGH_LOOSE,   /* as board_longest_road_through_loose (its premise) */
	/* No premise on the network without p: an answer above at_least is a
	 * trail through p, or the longest trail of p's component or of the
	 * whole network when the walk goes over to those; an answer of
	 * at_least means no trail through p is longer. */
	LR_THROUGH_BOUNDED
};

/* board_longest_road_through (LR_THROUGH_PLAIN), _loose (LR_THROUGH_LOOSE)
 * or the bounded question above, walking on path_owner itself instead of
 * a copy: the walk marks the roads of its trail there and undoes every
 * mark before it returns, so path_owner is unchanged afterwards (it must
 * not be read by anyone else meanwhile). */
int board_longest_road_through_inplace(const board *b, uint8_t *path_owner, const uint8_t *node_owner, int o, int p,
				       int at_least, int mode);

#endif
