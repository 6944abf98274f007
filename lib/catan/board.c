/* Board topology: from a set of land hexes to hexes, intersections, paths and
 * harbor slots with the canonical ids of base.md B-11..B-27.  Every id is
 * computed from the coordinates; nothing here is a hand-typed id table. */
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

typedef struct point {
	int16_t x, y;
} point;

/* A side by its two corner points; key = doubled midpoint (B-22 sort key). */
typedef struct side {
	int16_t ky, kx;
	point a, b;
} side;

static int cmp_hexc(const void *pa, const void *pb)
{
	const hexc *a = pa, *b = pb;
	if (a->r != b->r)
		return a->r < b->r ? -1 : 1;
	if (a->q != b->q)
		return a->q < b->q ? -1 : 1;
	return 0;
}

static int cmp_point(const void *pa, const void *pb)
{
	const point *a = pa, *b = pb;
	if (a->y != b->y)
		return a->y < b->y ? -1 : 1;
	if (a->x != b->x)
		return a->x < b->x ? -1 : 1;
	return 0;
}

static int cmp_side(const void *pa, const void *pb)
{
	const side *a = pa, *b = pb;
	if (a->ky != b->ky)
		return a->ky < b->ky ? -1 : 1;
	if (a->kx != b->kx)
		return a->kx < b->kx ? -1 : 1;
	return 0;
}

/* Sorts and removes duplicates; returns the new count. */
static size_t sort_unique(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	char *items = base;
	size_t kept = 0;

	if (n == 0)
		return 0;
	qsort(items, n, size, cmp);
	for (size_t i = 1; i < n; i++) {
		if (cmp(items + kept * size, items + i * size) != 0) {
			kept++;
			if (kept != i)
				memcpy(items + kept * size, items + i * size, size);
		}
	}
	return kept + 1;
}

static int is_standard_land(int q, int r, int big)
{
	if (big)
		return r >= -3 && r <= 3 && q >= -3 && q <= 2 && q + r >= -3 && q + r <= 2;
	return abs(q) <= 2 && abs(r) <= 2 && abs(q + r) <= 2;
}

static point hex_corner(hexc h, int k)
{
	point p;
	p.x = (int16_t)(2 * h.q + h.r + corner_dx[k]);
	p.y = (int16_t)(3 * h.r + corner_dy[k]);
	return p;
}

static side hex_side(hexc h, int d)
{
	side s;
	s.a = hex_corner(h, d);
	s.b = hex_corner(h, (d + 1) % 6);
	s.ky = (int16_t)(s.a.y + s.b.y);
	s.kx = (int16_t)(s.a.x + s.b.x);
	return s;
}

static int find_hexc(const hexc *list, size_t n, int q, int r)
{
	hexc key = {(int16_t)q, (int16_t)r};
	const hexc *found = bsearch(&key, list, n, sizeof *list, cmp_hexc);
	return found ? (int)(found - list) : -1;
}

static unsigned find_point(const point *list, size_t n, point p)
{
	const point *found = bsearch(&p, list, n, sizeof *list, cmp_point);
	return found ? (unsigned)(found - list) : BOARD_NONE;
}

static unsigned find_side(const side *list, size_t n, side s)
{
	const side *found = bsearch(&s, list, n, sizeof *list, cmp_side);
	return found ? (unsigned)(found - list) : BOARD_NONE;
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

/* Fills hexes, nodes and paths of b from the sorted coordinate lists. */
static void fill_graph(board *b, const hexc *hexes, const point *pts, const side *sides)
{
	int n_hex = b->n_land + b->n_sea;

	for (int h = 0; h < n_hex; h++) {
		bhex *x = &b->hex[h];
		x->q = hexes[h].q;
		x->r = hexes[h].r;
		x->land = h < b->n_land;
		for (int k = 0; k < 6; k++) {
			x->node[k] = (uint16_t)find_point(pts, (size_t)b->n_node, hex_corner(hexes[h], k));
			x->path[k] = (uint16_t)find_side(sides, (size_t)b->n_path, hex_side(hexes[h], k));
		}
	}
	for (int n = 0; n < b->n_node; n++) {
		bnode *v = &b->node[n];
		v->x = pts[n].x;
		v->y = pts[n].y;
		v->harbor = BOARD_NO8;
		for (int k = 0; k < BOARD_MAX_DEG; k++)
			v->adj[k] = v->path[k] = BOARD_NONE;
		for (int k = 0; k < BOARD_MAX_NODE_HEXES; k++)
			v->hex[k] = BOARD_NONE;
	}
	for (int p = 0; p < b->n_path; p++) {
		bpath *e = &b->path[p];
		unsigned a = find_point(pts, (size_t)b->n_node, sides[p].a);
		unsigned c = find_point(pts, (size_t)b->n_node, sides[p].b);
		e->node[0] = (uint16_t)(a < c ? a : c);
		e->node[1] = (uint16_t)(a < c ? c : a);
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

static void fill_harbors(board *b, const slot_pos *slots, const hexc *hexes)
{
	for (int s = 0; s < b->n_harbor; s++) {
		bharbor *hb = &b->harbor[s];
		int h = 0;
		while (h < b->n_land && strcmp(b->hex[h].label, slots[s].label) != 0)
			h++;
		hb->hex = (uint16_t)h;
		hb->side = slots[s].side;
		hb->path = b->hex[h].path[hb->side];
		hb->node[0] = b->path[hb->path].node[0];
		hb->node[1] = b->path[hb->path].node[1];
		/* Land and sea are each sorted, so search the sea part. */
		hb->sea = (uint16_t)(b->n_land + find_hexc(hexes + b->n_land, (size_t)b->n_sea,
							   hexes[h].q + dir_dq[hb->side], hexes[h].r + dir_dr[hb->side]));
		b->path[hb->path].harbor = (uint8_t)s;
		b->node[hb->node[0]].harbor = (uint8_t)s;
		b->node[hb->node[1]].harbor = (uint8_t)s;
	}
}

/* Builds the whole topology from the land hexes (sorted by (r, q)).  The hex
 * list gets the sea frame appended, so it must hold 7 * n_land entries. */
static int build(board *b, hexc *hexes, int n_land, const slot_pos *slots, int n_slots)
{
	size_t six = (size_t)n_land * 6;
	hexc *sea = hexes + n_land;
	point *pts = malloc(six * sizeof *pts);
	side *sides = malloc(six * sizeof *sides);
	size_t n_sea = 0, n_pts = 0, n_sides = 0;
	int rc;

	if (!pts || !sides) {
		free(pts);
		free(sides);
		return err_set(CRISK_ENOMEM, "out of memory building the board");
	}
	for (int h = 0; h < n_land; h++) {
		for (int d = 0; d < 6; d++) {
			int q = hexes[h].q + dir_dq[d], r = hexes[h].r + dir_dr[d];
			if (find_hexc(hexes, (size_t)n_land, q, r) < 0) {
				sea[n_sea].q = (int16_t)q;
				sea[n_sea].r = (int16_t)r;
				n_sea++;
			}
			pts[n_pts++] = hex_corner(hexes[h], d);
			sides[n_sides++] = hex_side(hexes[h], d);
		}
	}
	/* B-16, B-20, B-21, B-22: unique elements in canonical order. */
	n_sea = sort_unique(sea, n_sea, sizeof *sea, cmp_hexc);
	n_pts = sort_unique(pts, n_pts, sizeof *pts, cmp_point);
	n_sides = sort_unique(sides, n_sides, sizeof *sides, cmp_side);

	b->n_land = n_land;
	b->n_sea = (int)n_sea;
	b->n_node = (int)n_pts;
	b->n_path = (int)n_sides;
	b->n_harbor = n_slots;
	rc = alloc_arrays(b);
	if (rc == CRISK_OK) {
		fill_graph(b, hexes, pts, sides);
		fill_labels(b);
		fill_harbors(b, slots, hexes);
	}
	free(pts);
	free(sides);
	if (rc != CRISK_OK)
		return err_set(rc, "out of memory building the board");
	return CRISK_OK;
}

int board_standard(board *b, int big)
{
	hexc *hexes;
	int n_land = 0, rc;
	int lim = big ? 3 : 2;

	if (!b)
		return err_set(CRISK_EINVAL, "board_standard: board is NULL");
	memset(b, 0, sizeof *b);
	/* Room for the land hexes plus at most six sea neighbours each. */
	hexes = malloc((size_t)(2 * lim + 1) * (size_t)(2 * lim + 1) * 7 * sizeof *hexes);
	if (!hexes)
		return err_set(CRISK_ENOMEM, "out of memory building the board");
	/* Row-major loop (r outer, q inner) yields the (r, q) order of B-20. */
	for (int r = -lim; r <= lim; r++) {
		for (int q = -lim; q <= lim; q++) {
			if (is_standard_land(q, r, big)) {
				hexes[n_land].q = (int16_t)q;
				hexes[n_land].r = (int16_t)r;
				n_land++;
			}
		}
	}
	if (big)
		rc = build(b, hexes, n_land, big_slots, (int)(sizeof big_slots / sizeof big_slots[0]));
	else
		rc = build(b, hexes, n_land, base_slots, (int)(sizeof base_slots / sizeof base_slots[0]));
	free(hexes);
	if (rc != CRISK_OK) {
		board_free(b);
		return rc;
	}
	b->big = big ? 1 : 0;
	b->robber_start = BOARD_NONE;
	b->pirate_start = BOARD_NONE;
	return CRISK_OK;
}

void board_free(board *b)
{
	if (!b)
		return;
	free(b->hex);
	free(b->node);
	free(b->path);
	free(b->harbor);
	free(b->terrain);
	free(b->token);
	free(b->harbor_type);
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
