/* Board topology: from a set of land hexes to hexes, intersections, paths and
 * harbor slots with the canonical ids of base.md B-11..B-27.  Every id is
 * computed from the coordinates; nothing here is a hand-typed id table. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "board.h"
#include "../core/error.h"

/* B-12: neighbour offsets NE E SE SW W NW. */
static const int8_t dir_dq[6] = {1, 1, 0, -1, -1, 0};
static const int8_t dir_dr[6] = {-1, 0, 1, 1, 0, -1};
/* B-13: corner offsets N NE SE S SW NW from the hex centre on the lattice. */
static const int8_t corner_dx[6] = {0, 1, 1, 0, -1, -1};
static const int8_t corner_dy[6] = {-2, -1, 1, 2, 1, -1};

enum { SIDE_NE, SIDE_E, SIDE_SE, SIDE_SW, SIDE_W, SIDE_NW };

/* Harbor slots in clockwise order from a1 (B-23, B-27): rule data given as
 * hex label and side; the ids follow from the topology. */
typedef struct slot_pos {
	const char *label;
	uint8_t side;
} slot_pos;

static const slot_pos base_slots[] = {
	{"a1", SIDE_NW}, {"a2", SIDE_NE}, {"b4", SIDE_NE}, {"c5", SIDE_E}, {"d4", SIDE_SE},
	{"e2", SIDE_SE}, {"e1", SIDE_SW}, {"d1", SIDE_W}, {"b1", SIDE_W},
};
static const slot_pos big_slots[] = {
	{"a1", SIDE_NW}, {"a2", SIDE_NE}, {"b4", SIDE_NE}, {"c5", SIDE_E}, {"e5", SIDE_E},
	{"f4", SIDE_SE}, {"g2", SIDE_SE}, {"g1", SIDE_SW}, {"e1", SIDE_SW}, {"d1", SIDE_W},
	{"c1", SIDE_NW},
};

typedef struct hexc {
	int16_t q, r;
} hexc;

/* Canonical ids without sorting or searching.  Each kind of element (sea
 * hexes, corner points, sides) is marked in a grid with one bitmap row per
 * value of its sort key's major coordinate (r; y; the doubled midpoint's y)
 * and one bit per value of the minor one (q; x; the doubled midpoint's x).
 * Numbering the marked bits in row-major order gives the (major, minor)
 * order of B-16, B-21 and B-22; the ids are kept per cell for look-ups. */
#define GRID_ROWS 48
#define GRID_COLS 32

typedef struct grid {
	int y0, x0, rows, cols;
	uint32_t bits[GRID_ROWS];
	uint16_t id[GRID_ROWS][GRID_COLS]; /* valid where the bit is set */
} grid;

static int grid_init(grid *g, int y0, int y1, int x0, int x1)
{
	g->y0 = y0;
	g->x0 = x0;
	g->rows = y1 - y0 + 1;
	g->cols = x1 - x0 + 1;
	if (g->rows > GRID_ROWS || g->cols > GRID_COLS)
		return err_set(CRISK_EINVAL, "board: %d by %d grid exceeds %d by %d", g->rows, g->cols, GRID_ROWS,
			       GRID_COLS);
	memset(g->bits, 0, sizeof g->bits);
	return CRISK_OK;
}

static int grid_has(const grid *g, int y, int x)
{
	unsigned row = (unsigned)(y - g->y0), col = (unsigned)(x - g->x0);
	return row < (unsigned)g->rows && col < (unsigned)g->cols && (g->bits[row] >> col & 1u);
}

static void grid_mark(grid *g, int y, int x)
{
	g->bits[y - g->y0] |= UINT32_C(1) << (x - g->x0);
}

static int bit_low(uint32_t x)
{
#if defined(__GNUC__)
	return __builtin_ctz(x);
#else
	int n = 0;
	for (; !(x & 1u); x >>= 1)
		n++;
	return n;
#endif
}

/* Numbers the marked cells; returns their count. */
static int grid_number(grid *g)
{
	int n = 0;
	for (int i = 0; i < g->rows; i++) {
		for (uint32_t m = g->bits[i]; m; m &= m - 1)
			g->id[i][bit_low(m)] = (uint16_t)n++;
	}
	return n;
}

/* The id of the element at (y, x), or BOARD_NONE if there is none. */
static unsigned grid_id(const grid *g, int y, int x)
{
	return grid_has(g, y, x) ? g->id[y - g->y0][x - g->x0] : BOARD_NONE;
}

static int is_standard_land(int q, int r, int big)
{
	if (big)
		return r >= -3 && r <= 3 && q >= -3 && q <= 2 && q + r >= -3 && q + r <= 2;
	return abs(q) <= 2 && abs(r) <= 2 && abs(q + r) <= 2;
}

/* B-13: corner k of hex h on the lattice. */
static int corner_x(hexc h, int k)
{
	return 2 * h.q + h.r + corner_dx[k];
}

static int corner_y(hexc h, int k)
{
	return 3 * h.r + corner_dy[k];
}

void board_add_neighbour(bnode *n, uint16_t other, uint16_t p)
{
	int i = n->deg;
	while (i > 0 && n->adj[i - 1] > other) {
		n->adj[i] = n->adj[i - 1];
		n->path[i] = n->path[i - 1];
		i--;
	}
	n->adj[i] = other;
	n->path[i] = p;
	n->deg++;
}

static int alloc_arrays(board *b)
{
	size_t n_hex = (size_t)(b->n_land + b->n_sea);
	b->hex = calloc(n_hex, sizeof *b->hex);
	b->node = calloc((size_t)b->n_node, sizeof *b->node);
	b->path = calloc((size_t)b->n_path, sizeof *b->path);
	b->harbor = calloc((size_t)b->n_harbor + 1, sizeof *b->harbor);
	b->terrain = calloc((size_t)b->n_land, 1);
	b->token = calloc((size_t)b->n_land, 1);
	b->harbor_type = calloc((size_t)b->n_harbor + 1, 1);
	if (!b->hex || !b->node || !b->path || !b->harbor || !b->terrain || !b->token || !b->harbor_type)
		return CRISK_ENOMEM;
	return CRISK_OK;
}

/* The grids of a board: its sea frame, its corner points and its sides. */
typedef struct grids {
	grid sea, pt, side;
} grids;

/* Fills hexes, nodes and paths of b; hex[h].q and .r are set. */
static void fill_graph(board *b, const grids *g)
{
	int n_hex = b->n_land + b->n_sea;

	for (int n = 0; n < b->n_node; n++) {
		bnode *v = &b->node[n];
		v->harbor = BOARD_NO8;
		for (int k = 0; k < BOARD_MAX_DEG; k++)
			v->adj[k] = v->path[k] = BOARD_NONE;
		for (int k = 0; k < BOARD_MAX_NODE_HEXES; k++)
			v->hex[k] = BOARD_NONE;
	}
	for (int i = 0, n = 0; i < g->pt.rows; i++) {
		for (uint32_t m = g->pt.bits[i]; m; m &= m - 1, n++) {
			b->node[n].x = (int16_t)(g->pt.x0 + bit_low(m));
			b->node[n].y = (int16_t)(g->pt.y0 + i);
		}
	}
	for (int h = 0; h < n_hex; h++) {
		bhex *x = &b->hex[h];
		hexc c = {x->q, x->r};
		int cx[7], cy[7];
		x->land = h < b->n_land;
		for (int k = 0; k < 6; k++) {
			cx[k] = corner_x(c, k);
			cy[k] = corner_y(c, k);
			x->node[k] = (uint16_t)grid_id(&g->pt, cy[k], cx[k]);
		}
		cx[6] = cx[0];
		cy[6] = cy[0];
		for (int k = 0; k < 6; k++) {
			unsigned p = grid_id(&g->side, cy[k] + cy[k + 1], cx[k] + cx[k + 1]);
			x->path[k] = (uint16_t)p;
			if (p != BOARD_NONE) {
				unsigned na = x->node[k], nb = x->node[k == 5 ? 0 : k + 1];
				bpath *e = &b->path[p];
				e->node[0] = (uint16_t)(na < nb ? na : nb);
				e->node[1] = (uint16_t)(na < nb ? nb : na);
			}
		}
	}
	for (int p = 0; p < b->n_path; p++) {
		bpath *e = &b->path[p];
		e->harbor = BOARD_NO8;
		e->hex[0] = e->hex[1] = BOARD_NONE;
		board_add_neighbour(&b->node[e->node[0]], e->node[1], (uint16_t)p);
		board_add_neighbour(&b->node[e->node[1]], e->node[0], (uint16_t)p);
	}
	/* Land hexes in ascending id order keep the hex lists ascending. */
	for (int h = 0; h < b->n_land; h++) {
		for (int k = 0; k < 6; k++) {
			bnode *v = &b->node[b->hex[h].node[k]];
			bpath *e = &b->path[b->hex[h].path[k]];
			v->hex[v->n_hex++] = (uint16_t)h;
			e->hex[e->n_hex++] = (uint16_t)h;
		}
	}
	for (int n = 0; n < b->n_node; n++)
		b->node[n].coastal = b->node[n].n_hex < 3;
}

/* B-15: rows a, b, ... north to south, hexes numbered 1.. west to east. */
static void fill_labels(board *b)
{
	int row = -1, col = 0;
	for (int h = 0; h < b->n_land; h++) {
		if (h == 0 || b->hex[h].r != b->hex[h - 1].r) {
			row++;
			col = 0;
		}
		col++;
		memset(b->hex[h].label, 0, sizeof b->hex[h].label);
		b->hex[h].label[0] = (char)('a' + row);
		if (col < 10) {
			b->hex[h].label[1] = (char)('0' + col);
		} else {
			b->hex[h].label[1] = (char)('0' + col / 10 % 10);
			b->hex[h].label[2] = (char)('0' + col % 10);
		}
	}
}

static void fill_harbors(board *b, const slot_pos *slots, const grid *sea)
{
	for (int s = 0; s < b->n_harbor; s++) {
		bharbor *hb = &b->harbor[s];
		int h = 0;
		while (h < b->n_land && (b->hex[h].label[0] != slots[s].label[0] || strcmp(b->hex[h].label, slots[s].label)))
			h++;
		hb->hex = (uint16_t)h;
		hb->side = slots[s].side;
		hb->path = b->hex[h].path[hb->side];
		hb->node[0] = b->path[hb->path].node[0];
		hb->node[1] = b->path[hb->path].node[1];
		hb->sea = (uint16_t)(b->n_land + grid_id(sea, b->hex[h].r + dir_dr[hb->side],
							     b->hex[h].q + dir_dq[hb->side]));
		b->path[hb->path].harbor = (uint8_t)s;
		b->node[hb->node[0]].harbor = (uint8_t)s;
		b->node[hb->node[1]].harbor = (uint8_t)s;
	}
}

/* Builds the whole topology from the land hexes, sorted by (r, q) (B-20). */
static int build(board *b, const hexc *land, int n_land, const slot_pos *slots, int n_slots)
{
	grids g;
	int qmin = INT16_MAX, qmax = INT16_MIN, rmin = INT16_MAX, rmax = INT16_MIN, smin = INT16_MAX, smax = INT16_MIN;
	for (int h = 0; h < n_land; h++) {
		int q = land[h].q, r = land[h].r, s = 2 * q + r;
		qmin = q < qmin ? q : qmin;
		qmax = q > qmax ? q : qmax;
		rmin = r < rmin ? r : rmin;
		rmax = r > rmax ? r : rmax;
		smin = s < smin ? s : smin;
		smax = s > smax ? s : smax;
	}
	/* Corners lie within 2 rows and 1 column of their hex's centre (B-13). */
	int ylo = 3 * rmin - 2, yhi = 3 * rmax + 2, xlo = smin - 1, xhi = smax + 1;
	grid land_at;
	int rc = grid_init(&land_at, rmin, rmax, qmin, qmax);
	if (!rc)
		rc = grid_init(&g.sea, rmin - 1, rmax + 1, qmin - 1, qmax + 1);
	if (!rc)
		rc = grid_init(&g.pt, ylo, yhi, xlo, xhi);
	if (!rc)
		rc = grid_init(&g.side, 2 * ylo, 2 * yhi, 2 * xlo, 2 * xhi);
	if (rc)
		return rc;
	for (int h = 0; h < n_land; h++)
		grid_mark(&land_at, land[h].r, land[h].q);
	for (int h = 0; h < n_land; h++) {
		int cx[7], cy[7];
		for (int d = 0; d < 6; d++) {
			int q = land[h].q + dir_dq[d], r = land[h].r + dir_dr[d];
			if (!grid_has(&land_at, r, q))
				grid_mark(&g.sea, r, q);
			cx[d] = corner_x(land[h], d);
			cy[d] = corner_y(land[h], d);
			grid_mark(&g.pt, cy[d], cx[d]);
		}
		cx[6] = cx[0];
		cy[6] = cy[0];
		for (int d = 0; d < 6; d++)
			grid_mark(&g.side, cy[d] + cy[d + 1], cx[d] + cx[d + 1]);
	}
	/* B-16, B-20, B-21, B-22: unique elements in canonical order. */
	b->n_land = n_land;
	b->n_sea = grid_number(&g.sea);
	b->n_node = grid_number(&g.pt);
	b->n_path = grid_number(&g.side);
	b->n_harbor = n_slots;
	if (alloc_arrays(b) != CRISK_OK)
		return err_set(CRISK_ENOMEM, "out of memory building the board");
	for (int h = 0; h < n_land; h++) {
		b->hex[h].q = land[h].q;
		b->hex[h].r = land[h].r;
	}
	for (int i = 0, h = n_land; i < g.sea.rows; i++) {
		for (uint32_t m = g.sea.bits[i]; m; m &= m - 1, h++) {
			b->hex[h].q = (int16_t)(g.sea.x0 + bit_low(m));
			b->hex[h].r = (int16_t)(g.sea.y0 + i);
		}
	}
	fill_graph(b, &g);
	fill_labels(b);
	fill_harbors(b, slots, &g.sea);
	return CRISK_OK;
}

/* The topology of a standard board, built afresh. */
static int build_standard(board *b, int big)
{
	hexc land[49];
	int n_land = 0, rc;
	int lim = big ? 3 : 2;

	memset(b, 0, sizeof *b);
	/* Row-major loop (r outer, q inner) yields the (r, q) order of B-20. */
	for (int r = -lim; r <= lim; r++) {
		for (int q = -lim; q <= lim; q++) {
			if (is_standard_land(q, r, big)) {
				land[n_land].q = (int16_t)q;
				land[n_land].r = (int16_t)r;
				n_land++;
			}
		}
	}
	if (big)
		rc = build(b, land, n_land, big_slots, (int)(sizeof big_slots / sizeof big_slots[0]));
	else
		rc = build(b, land, n_land, base_slots, (int)(sizeof base_slots / sizeof base_slots[0]));
	if (rc != CRISK_OK) {
		board_free(b);
		return rc;
	}
	b->big = big ? 1 : 0;
	b->robber_start = BOARD_NONE;
	b->pirate_start = BOARD_NONE;
	return CRISK_OK;
}

/* The two standard topologies depend on nothing but the board's size: each
 * is built once per process, on first use, and shared read-only by every
 * rules object (it was the largest part of making rules for a new board). */
static board std_topology[2];
static int std_rc[2];
static pthread_once_t std_once[2] = {PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT};

/* The topology and its spirals (B-34), which every layout of random tokens walks. */
static int build_shared(board *t, int big)
{
	int rc = build_standard(t, big);
	if (rc)
		return rc;
	uint16_t *spiral = malloc((size_t)BOARD_SPIRALS * (size_t)t->n_land * sizeof *spiral);
	if (!spiral) {
		board_free(t);
		return CRISK_ENOMEM;
	}
	for (int v = 0; v < BOARD_SPIRALS && !rc; v++)
		rc = board_spiral(t, v, spiral + (size_t)v * (size_t)t->n_land);
	if (rc) {
		free(spiral);
		board_free(t);
		return rc;
	}
	t->spiral = spiral;
	return CRISK_OK;
}

static void build_std_base(void)
{
	std_rc[0] = build_shared(&std_topology[0], 0);
}

static void build_std_big(void)
{
	std_rc[1] = build_shared(&std_topology[1], 1);
}

int board_standard(board *b, int big)
{
	if (!b)
		return err_set(CRISK_EINVAL, "board_standard: board is NULL");
	big = big ? 1 : 0;
	pthread_once(&std_once[big], big ? build_std_big : build_std_base);
	if (std_rc[big] != CRISK_OK) /* out of memory then: a private copy, or its error */
		return build_standard(b, big);
	const board *t = &std_topology[big];
	memset(b, 0, sizeof *b);
	b->n_land = t->n_land;
	b->n_sea = t->n_sea;
	b->n_node = t->n_node;
	b->n_path = t->n_path;
	b->n_harbor = t->n_harbor;
	b->hex = t->hex;
	b->node = t->node;
	b->path = t->path;
	b->harbor = t->harbor;
	b->spiral = t->spiral;
	b->shared_topology = 1;
	b->big = big;
	b->robber_start = BOARD_NONE;
	b->pirate_start = BOARD_NONE;
	/* The layout in one block (terrain, tokens, harbor types): the few
	 * bytes a step reads of its board are then one or two cache lines. */
	uint8_t *layout = calloc(2 * (size_t)b->n_land + (size_t)b->n_harbor + 1, 1);
	if (!layout) {
		board_free(b);
		return err_set(CRISK_ENOMEM, "out of memory building the board");
	}
	b->terrain = layout;
	b->token = layout + b->n_land;
	b->harbor_type = layout + 2 * b->n_land;
	return CRISK_OK;
}

void board_free(board *b)
{
	if (!b)
		return;
	if (b->shared_topology) { /* the layout is one block at terrain */
		free(b->terrain);
	} else {
		free(b->hex);
		free(b->node);
		free(b->path);
		free(b->harbor);
		free(b->terrain);
		free(b->token);
		free(b->harbor_type);
	}
	free(b->node_kind);
	free(b->node_island);
	free(b->hex_island);
	free(b->path_kind);
	free(b->path_trade);
	free(b->path_sea_first);
	free(b->path_sea);
	free(b->hex_src);
	free(b->disc);
	free(b->disc_path);
	memset(b, 0, sizeof *b);
}
