/* A catanmap as the kernel's board graph (board_map.h). */
#include <stdlib.h>
#include <string.h>

#include "board_map.h"
#include "../core/error.h"

static const char *const res_name[5] = {"brick", "lumber", "wool", "grain", "ore"};

/* Limits of the graph itself, before anything is allocated. */
static int check_limits(const catanmap *m)
{
	for (int i = 0; i < m->n_point; i++) {
		const cm_point *pt = &m->point[i];
		if (pt->spaces.n > BOARD_MAX_DEG)
			return err_set(CRISK_EFORMAT, "line 0: point '%s' joins %u spaces, the engine holds at most %d",
				       cm_str(m, pt->id), (unsigned)pt->spaces.n, BOARD_MAX_DEG);
		if (pt->produces.n > BOARD_MAX_NODE_HEXES)
			return err_set(CRISK_EFORMAT,
				       "line 0: point '%s' lists %u hexes in its production list, the engine holds at most %d",
				       cm_str(m, pt->id), (unsigned)pt->produces.n, BOARD_MAX_NODE_HEXES);
	}
	for (int i = 0; i < m->n_space; i++) {
		const cm_space *sp = &m->space[i];
		if (sp->kind == CM_MERCHANT && !((sp->trade == CM_ANY && sp->rate == 3) || (sp->trade != CM_ANY && sp->rate == 2)))
			return err_set(CRISK_EFORMAT,
				       "line 0: merchant '%s' has the scroll %s:%d; the engine trades 3:1 any or 2:1 "
				       "one resource (B-101)",
				       cm_str(m, sp->id), sp->trade == CM_ANY ? "any" : res_name[sp->trade % 5], sp->rate);
	}
	return CRISK_OK;
}

static int alloc_all(board *b, const catanmap *m, size_t n_sea_links, size_t n_disc_links)
{
	size_t n_hex = (size_t)m->n_hex, n_node = (size_t)m->n_point, n_path = (size_t)m->n_space;
	/* +1 everywhere: calloc(0) may return NULL. */
	b->hex = calloc(n_hex + 1, sizeof *b->hex);
	b->node = calloc(n_node + 1, sizeof *b->node);
	b->path = calloc(n_path + 1, sizeof *b->path);
	b->harbor = calloc(1, sizeof *b->harbor);
	b->terrain = calloc((size_t)b->n_land + 1, 1);
	b->token = calloc((size_t)b->n_land + 1, 1);
	b->harbor_type = calloc(1, 1);
	b->node_kind = calloc(n_node + 1, 1);
	b->node_island = calloc(n_node + 1, 1);
	b->hex_island = calloc(n_hex + 1, 1);
	b->path_kind = calloc(n_path + 1, 1);
	b->path_trade = calloc(n_path + 1, 1);
	b->path_sea_first = calloc(n_path + 1, sizeof *b->path_sea_first);
	b->path_sea = calloc(n_sea_links + 1, sizeof *b->path_sea);
	b->hex_src = calloc(n_hex + 1, sizeof *b->hex_src);
	b->disc = calloc((size_t)m->n_disc + 1, sizeof *b->disc);
	b->disc_path = calloc(n_disc_links + 1, sizeof *b->disc_path);
	if (!b->hex || !b->node || !b->path || !b->harbor || !b->terrain || !b->token || !b->harbor_type ||
	    !b->node_kind || !b->node_island || !b->hex_island || !b->path_kind || !b->path_trade ||
	    !b->path_sea_first || !b->path_sea || !b->hex_src || !b->disc || !b->disc_path)
		return err_set(CRISK_ENOMEM, "out of memory building the board of the map");
	return CRISK_OK;
}

/* Sorts a short list of ids ascending (production lists, sea and disc lists). */
static void sort_ids(uint16_t *v, int n)
{
	for (int i = 1; i < n; i++) {
		uint16_t x = v[i];
		int j = i;
		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

static uint8_t island_byte(int island)
{
	return island < 0 ? BOARD_NO8 : (uint8_t)island;
}

/* Hexes land first, each group in file order (board_map.h). */
static void fill_hexes(board *b, const catanmap *m, uint16_t *id_of)
{
	int land = 0, sea = b->n_land;
	for (int i = 0; i < m->n_hex; i++) {
		const cm_hex *x = &m->hex[i];
		int id = x->terrain == TERR_SEA ? sea++ : land++;
		bhex *h = &b->hex[id];
		id_of[i] = (uint16_t)id;
		b->hex_src[id] = (uint16_t)i;
		h->q = x->q;
		h->r = x->r;
		h->land = x->terrain != TERR_SEA;
		/* Corner and side slots have no meaning without hex-edge geometry. */
		for (int k = 0; k < 6; k++)
			h->node[k] = h->path[k] = BOARD_NONE;
		b->hex_island[id] = island_byte(x->island);
		if (h->land) {
			b->terrain[id] = x->terrain;
			b->token[id] = x->number;
		}
	}
}

static void fill_nodes(board *b, const catanmap *m, const uint16_t *hex_id)
{
	for (int i = 0; i < m->n_point; i++) {
		const cm_point *pt = &m->point[i];
		bnode *v = &b->node[i];
		v->x = pt->x;
		v->y = pt->y;
		v->harbor = BOARD_NO8;
		for (int k = 0; k < BOARD_MAX_DEG; k++)
			v->adj[k] = v->path[k] = BOARD_NONE;
		for (int k = 0; k < BOARD_MAX_NODE_HEXES; k++)
			v->hex[k] = BOARD_NONE;
		/* H-10: the production list is what the point touches. */
		const uint16_t *list = cm_items(m, pt->produces);
		for (uint32_t k = 0; k < pt->produces.n; k++)
			v->hex[v->n_hex++] = hex_id[list[k]];
		sort_ids(v->hex, v->n_hex);
		b->node_kind[i] = pt->kind;
		b->node_island[i] = island_byte(pt->island);
	}
}

static void fill_paths(board *b, const catanmap *m, const uint16_t *hex_id)
{
	size_t sea = 0;
	for (int i = 0; i < m->n_space; i++) {
		const cm_space *sp = &m->space[i];
		bpath *e = &b->path[i];
		e->node[0] = sp->a < sp->b ? sp->a : sp->b;
		e->node[1] = sp->a < sp->b ? sp->b : sp->a;
		e->harbor = BOARD_NO8;
		e->hex[0] = e->hex[1] = BOARD_NONE;
		board_add_neighbour(&b->node[e->node[0]], e->node[1], (uint16_t)i);
		board_add_neighbour(&b->node[e->node[1]], e->node[0], (uint16_t)i);
		b->path_kind[i] = sp->kind;
		b->path_trade[i] = BOARD_NO8;
		if (sp->kind == CM_MERCHANT) /* check_limits let only these two through */
			b->path_trade[i] = sp->trade == CM_ANY ? HARBOR_GENERIC : (uint8_t)(1 + sp->trade);
		if (sp->kind != CM_ROAD) {
			b->node[e->node[0]].coastal = 1;
			b->node[e->node[1]].coastal = 1;
		}
		b->path_sea_first[i] = (uint16_t)sea;
		const uint16_t *list = cm_items(m, sp->sea);
		for (uint32_t k = 0; k < sp->sea.n; k++)
			b->path_sea[sea + k] = hex_id[list[k]];
		sort_ids(b->path_sea + sea, (int)sp->sea.n);
		sea += sp->sea.n;
	}
	b->path_sea_first[m->n_space] = (uint16_t)sea;
}

static void fill_discs(board *b, const catanmap *m)
{
	size_t at = 0;
	for (int i = 0; i < m->n_disc; i++) {
		const cm_disc *d = &m->disc[i];
		b->disc[i] = (bdisc){d->number, d->x, d->y, (uint16_t)at, (uint16_t)d->spaces.n};
		memcpy(b->disc_path + at, cm_items(m, d->spaces), d->spaces.n * sizeof *b->disc_path);
		sort_ids(b->disc_path + at, (int)d->spaces.n);
		at += d->spaces.n;
	}
}

int board_from_map(board *b, const catanmap *m)
{
	if (!b || !m)
		return err_set(CRISK_EINVAL, "board_from_map: NULL argument");
	memset(b, 0, sizeof *b);
	int rc = check_limits(m);
	if (rc)
		return rc;
	size_t sea_links = 0, disc_links = 0;
	for (int i = 0; i < m->n_space; i++)
		sea_links += m->space[i].sea.n;
	for (int i = 0; i < m->n_disc; i++)
		disc_links += m->disc[i].spaces.n;
	/* Offsets into path_sea are uint16: 8192 spaces could list more. */
	if (sea_links > 0xFFFFu || disc_links > 0xFFFFu)
		return err_set(CRISK_EFORMAT, "line 0: the map lists %zu sea contacts and %zu disc spaces, the engine holds "
					      "at most 65535 of each", sea_links, disc_links);
	for (int i = 0; i < m->n_hex; i++)
		b->n_land += m->hex[i].terrain != TERR_SEA;
	b->n_sea = m->n_hex - b->n_land;
	b->n_node = m->n_point;
	b->n_path = m->n_space;
	b->n_harbor = 0;
	b->n_island = m->n_island;
	b->n_disc = m->n_disc;
	uint16_t *hex_id = malloc(((size_t)m->n_hex + 1) * sizeof *hex_id);
	rc = hex_id ? alloc_all(b, m, sea_links, disc_links)
		    : err_set(CRISK_ENOMEM, "out of memory building the board of the map");
	if (rc) {
		free(hex_id);
		board_free(b);
		return rc;
	}
	fill_hexes(b, m, hex_id);
	fill_nodes(b, m, hex_id);
	fill_paths(b, m, hex_id);
	fill_discs(b, m);
	b->robber_start = hex_id[m->robber];
	b->pirate_start = m->pirate >= 0 ? hex_id[m->pirate] : BOARD_NONE;
	free(hex_id);
	return CRISK_OK;
}
