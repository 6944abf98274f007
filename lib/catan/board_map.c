/* A catanmap as the kernel's board graph (board_map.h). */
#include <stdlib.h>
#include <string.h>

#include "board_map.h"
#include "../core/error.h"

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
	return CRISK_OK;
}

/* H-28: a merchant's scroll as its code (board.h SCROLL_*). */
static int scroll_code(const cm_space *sp)
{
	if (sp->rate == 2)
		return sp->trade == CM_ANY ? SCROLL_ANY2 : 1 + sp->trade;
	return sp->trade == CM_ANY ? HARBOR_GENERIC : SCROLL_RES3 + sp->trade;
}

/* The harbor bit of each scroll the map has (board.h bit_scroll): a
 * harbor type keeps its own bit; any:2 and r:3 take bits 6 and 7, then
 * the bits of harbor types the map lacks.  kseat.harbors has 8 bits. */
static int assign_scroll_bits(board *b, const catanmap *m, uint8_t bit_of[NUM_SCROLLS])
{
	int used[NUM_SCROLLS] = {0}, distinct = 0;
	for (int i = 0; i < m->n_space; i++) {
		if (m->space[i].kind == CM_MERCHANT)
			used[scroll_code(&m->space[i])] = 1;
	}
	memset(b->bit_scroll, BOARD_NO8, sizeof b->bit_scroll);
	memset(bit_of, BOARD_NO8, NUM_SCROLLS);
	for (int c = 0; c < SCROLL_ANY2; c++) {
		if (used[c]) {
			bit_of[c] = (uint8_t)c;
			b->bit_scroll[c] = (uint8_t)c;
		}
	}
	static const uint8_t spare[8] = {6, 7, 0, 1, 2, 3, 4, 5};
	int next = 0;
	for (int c = 0; c < NUM_SCROLLS; c++) {
		distinct += used[c];
		if (!used[c] || c < SCROLL_ANY2)
			continue;
		while (next < 8 && b->bit_scroll[spare[next]] != BOARD_NO8)
			next++;
		if (next == 8)
			break;
		bit_of[c] = spare[next];
		b->bit_scroll[spare[next]] = (uint8_t)c;
	}
	if (distinct > 8)
		return err_set(CRISK_EFORMAT, "line 0: the map has %d different merchant scrolls, the engine holds at most 8",
			       distinct);
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

static void fill_paths(board *b, const catanmap *m, const uint16_t *hex_id, const uint8_t *scroll_bit)
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
		if (sp->kind == CM_MERCHANT)
			b->path_trade[i] = scroll_bit[scroll_code(sp)];
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
	uint8_t scroll_bit[NUM_SCROLLS];
	int rc = check_limits(m);
	if (!rc)
		rc = assign_scroll_bits(b, m, scroll_bit);
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
	fill_paths(b, m, hex_id, scroll_bit);
	fill_discs(b, m);
	b->robber_start = hex_id[m->robber];
	b->pirate_start = m->pirate >= 0 ? hex_id[m->pirate] : BOARD_NONE;
	free(hex_id);
	return CRISK_OK;
}
