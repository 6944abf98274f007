/* A catanmap as the kernel's board graph (lib/catan/board_map.c): the
 * built-in Hawai'i map against the counts of hawaii.md 3.1 and the test
 * targets H-94, H-95, adjacency samples from sections 3.5-3.9, and small
 * hand-written maps for the hex permutation (H-15) and the maps the graph
 * cannot hold. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan/board_map.h"
#include "catan/catanmap.h"
#include "core/error.h"

extern const char crisk_data_hawaii_catanmap[];
extern const size_t crisk_data_hawaii_catanmap_len;

typedef struct fixture {
	catanmap *m;
	board b;
} fixture;

static void open_text(fixture *f, const char *text)
{
	int rc = catanmap_parse(&f->m, text, strlen(text));
	ck_assert_msg(rc == CRISK_OK, "parse: %s", crisk_error_last());
	rc = board_from_map(&f->b, f->m);
	ck_assert_msg(rc == CRISK_OK, "board_from_map: %s", crisk_error_last());
}

static void open_hawaii(fixture *f)
{
	int rc = catanmap_parse(&f->m, crisk_data_hawaii_catanmap, crisk_data_hawaii_catanmap_len);
	ck_assert_msg(rc == CRISK_OK, "parse: %s", crisk_error_last());
	rc = board_from_map(&f->b, f->m);
	ck_assert_msg(rc == CRISK_OK, "board_from_map: %s", crisk_error_last());
}

static void close_fixture(fixture *f)
{
	board_free(&f->b);
	catanmap_free(f->m);
}

static int idx(const fixture *f, int kind, const char *id)
{
	int i = catanmap_index(f->m, kind, id);
	ck_assert_msg(i >= 0, "no %s in the map", id);
	return i;
}

/* Board id of the hex with that text id. */
static int hex_id(const fixture *f, const char *id)
{
	int i = idx(f, CM_HEX, id);
	for (int h = 0; h < f->b.n_land + f->b.n_sea; h++) {
		if (f->b.hex_src[h] == i)
			return h;
	}
	ck_abort_msg("hex %s has no board id", id);
	return -1;
}

/* The path between two points, or -1. */
static int path_between(const board *b, int u, int v)
{
	for (int i = 0; i < b->node[u].deg; i++) {
		if (b->node[u].adj[i] == v)
			return b->node[u].path[i];
	}
	return -1;
}

/* The graph's own invariants (board.h), for any converted map. */
static void check_graph(const fixture *f)
{
	const board *b = &f->b;
	const catanmap *m = f->m;
	ck_assert_int_eq(b->n_land + b->n_sea, m->n_hex);
	ck_assert_int_eq(b->n_node, m->n_point);
	ck_assert_int_eq(b->n_path, m->n_space);
	ck_assert_int_eq(b->n_harbor, 0);
	ck_assert_int_eq(b->big, 0);
	for (int h = 0; h < b->n_land + b->n_sea; h++) {
		const cm_hex *x = &m->hex[b->hex_src[h]];
		ck_assert_int_eq(b->hex[h].land, h < b->n_land);
		ck_assert_int_eq(b->hex[h].land, x->terrain != TERR_SEA);
		ck_assert_int_eq(b->hex[h].q, x->q);
		ck_assert_int_eq(b->hex[h].r, x->r);
		for (int k = 0; k < 6; k++) {
			ck_assert_int_eq(b->hex[h].node[k], BOARD_NONE);
			ck_assert_int_eq(b->hex[h].path[k], BOARD_NONE);
		}
		if (h < b->n_land) {
			ck_assert_int_eq(b->terrain[h], x->terrain);
			ck_assert_int_eq(b->token[h], x->number);
		}
		ck_assert_int_eq(b->hex_island[h], x->island < 0 ? (int)BOARD_NO8 : (int)x->island);
	}
	for (int n = 0; n < b->n_node; n++) {
		const bnode *v = &b->node[n];
		ck_assert_int_eq(v->x, m->point[n].x);
		ck_assert_int_eq(v->y, m->point[n].y);
		ck_assert_int_eq(v->deg, (int)m->point[n].spaces.n);
		ck_assert_int_eq(b->node_kind[n], m->point[n].kind);
		for (int i = 0; i < v->deg; i++) {
			const bpath *e = &b->path[v->path[i]];
			ck_assert(i == 0 || v->adj[i - 1] < v->adj[i]);
			ck_assert((e->node[0] == n && e->node[1] == v->adj[i]) || (e->node[1] == n && e->node[0] == v->adj[i]));
		}
		/* H-10: the hex list is the production list, ascending, land only. */
		ck_assert_int_eq(v->n_hex, (int)m->point[n].produces.n);
		for (int i = 0; i < v->n_hex; i++) {
			ck_assert_int_lt(v->hex[i], b->n_land);
			ck_assert(i == 0 || v->hex[i - 1] < v->hex[i]);
		}
	}
	for (int p = 0; p < b->n_path; p++) {
		const bpath *e = &b->path[p];
		const cm_space *sp = &m->space[p];
		ck_assert_int_lt(e->node[0], e->node[1]);
		ck_assert((e->node[0] == sp->a && e->node[1] == sp->b) || (e->node[0] == sp->b && e->node[1] == sp->a));
		ck_assert_int_eq(b->path_kind[p], sp->kind);
		/* H-11: sea contacts only on ship-type spaces, sea hexes, ascending. */
		int first = b->path_sea_first[p], n = b->path_sea_first[p + 1] - first;
		ck_assert_int_eq(n, (int)sp->sea.n);
		for (int i = 0; i < n; i++) {
			ck_assert_int_ge(b->path_sea[first + i], b->n_land);
			ck_assert(i == 0 || b->path_sea[first + i - 1] < b->path_sea[first + i]);
		}
		ck_assert_int_eq(b->path_trade[p] != BOARD_NO8, sp->kind == CM_MERCHANT);
	}
	ck_assert_int_lt(b->robber_start, b->n_land);
	ck_assert_int_eq(b->hex_src[b->robber_start], m->robber);
	if (m->pirate < 0) {
		ck_assert_int_eq(b->pirate_start, BOARD_NONE);
	} else {
		ck_assert_int_ge(b->pirate_start, b->n_land);
		ck_assert_int_eq(b->hex_src[b->pirate_start], m->pirate);
	}
}

/* ---- the built-in map ---- */

START_TEST(hawaii_graph_invariants)
{
	fixture f;
	open_hawaii(&f);
	check_graph(&f);
	close_fixture(&f);
}
END_TEST

/* 3.1 and H-94: the counts, read off the board rather than the file. */
START_TEST(hawaii_counts_3_1_H94)
{
	fixture f;
	open_hawaii(&f);
	const board *b = &f.b;
	ck_assert_int_eq(b->n_island, 8);
	ck_assert_int_eq(b->n_land, 28);
	ck_assert_int_eq(b->n_sea, 43);
	ck_assert_int_eq(b->n_node, 125);
	ck_assert_int_eq(b->n_path, 160);
	ck_assert_int_eq(b->n_disc, 12);

	int terr[7] = {0}, tokens = 0, pips = 0;
	for (int h = 0; h < b->n_land; h++) {
		terr[b->terrain[h]]++;
		if (b->token[h]) {
			tokens++;
			pips += 6 - abs(7 - b->token[h]);
		}
	}
	ck_assert_int_eq(terr[TERR_FOREST], 6);
	ck_assert_int_eq(terr[TERR_PASTURE], 6);
	ck_assert_int_eq(terr[TERR_FIELDS], 6);
	ck_assert_int_eq(terr[TERR_HILLS], 4);
	ck_assert_int_eq(terr[TERR_MOUNTAINS], 4);
	ck_assert_int_eq(terr[TERR_DESERT], 2);
	ck_assert_int_eq(tokens, 26);
	ck_assert_int_eq(pips, 86);

	int kinds[3] = {0}, sea_junctions = 0, deg[BOARD_MAX_DEG + 1] = {0}, lists = 0, mixed = 0;
	int site_lists[4] = {0}; /* sites by production-list length, deserts counted (3.1) */
	for (int n = 0; n < b->n_node; n++) {
		kinds[b->node_kind[n]]++;
		sea_junctions += b->node_kind[n] == BNODE_JUNCTION && b->node_island[n] == BOARD_NO8;
		deg[b->node[n].deg]++;
		lists += b->node[n].n_hex > 0;
		if (b->node_kind[n] == BNODE_SITE)
			site_lists[b->node[n].n_hex]++;
		int road = 0, ship = 0;
		for (int i = 0; i < b->node[n].deg; i++) {
			road |= b->path_kind[b->node[n].path[i]] == BPATH_ROAD;
			ship |= b->path_kind[b->node[n].path[i]] != BPATH_ROAD;
		}
		mixed += road && ship;
	}
	ck_assert_int_eq(kinds[BNODE_SITE], 42);
	ck_assert_int_eq(kinds[BNODE_CHIT], 8);
	ck_assert_int_eq(kinds[BNODE_JUNCTION], 75);
	ck_assert_int_eq(sea_junctions, 27);
	ck_assert_int_eq(deg[1], 9); /* the dead ends of 3.1 */
	ck_assert_int_eq(deg[2], 44);
	ck_assert_int_eq(deg[3], 65);
	ck_assert_int_eq(deg[4], 7);
	ck_assert_int_eq(lists, 50);
	ck_assert_int_eq(site_lists[1], 21);
	ck_assert_int_eq(site_lists[2], 14);
	ck_assert_int_eq(site_lists[3], 7);
	ck_assert_int_eq(mixed, 38); /* points where roads meet ship-type spaces */

	int pk[4] = {0}, generic = 0, special[5] = {0};
	for (int p = 0; p < b->n_path; p++) {
		pk[b->path_kind[p]]++;
		if (b->path_trade[p] == HARBOR_GENERIC)
			generic++;
		else if (b->path_trade[p] != BOARD_NO8)
			special[b->path_trade[p] - 1]++;
	}
	ck_assert_int_eq(pk[BPATH_ROAD], 113);
	ck_assert_int_eq(pk[BPATH_SHIP], 26);
	ck_assert_int_eq(pk[BPATH_MERCHANT], 9);
	ck_assert_int_eq(pk[BPATH_FISHING], 12);
	ck_assert_int_eq(generic, 4);
	for (int r = 0; r < 5; r++)
		ck_assert_int_eq(special[r], 1);

	/* H-94: sea41 is the only sea hex touched by no space. */
	int untouched = 0;
	for (int h = b->n_land; h < b->n_land + b->n_sea; h++) {
		int touched = 0;
		for (int i = 0; i < b->path_sea_first[b->n_path]; i++)
			touched |= b->path_sea[i] == h;
		if (!touched) {
			untouched++;
			ck_assert_int_eq(h, hex_id(&f, "sea41"));
		}
	}
	ck_assert_int_eq(untouched, 1);
	close_fixture(&f);
}
END_TEST

/* H-15, H-95, H-18: the built-in map is written land first (H-30), so the
 * board's ids are the file's; the robber starts on hi7, the pirate on sea41. */
START_TEST(hawaii_ids_H15_H95_H18)
{
	fixture f;
	open_hawaii(&f);
	const board *b = &f.b;
	for (int h = 0; h < b->n_land + b->n_sea; h++)
		ck_assert_int_eq(b->hex_src[h], h);
	ck_assert_int_eq(hex_id(&f, "ka1"), 0);
	ck_assert_int_eq(hex_id(&f, "kh1"), 12);
	ck_assert_int_eq(hex_id(&f, "hi7"), 25);
	ck_assert_int_eq(hex_id(&f, "sea01"), 28);
	ck_assert_int_eq(hex_id(&f, "sea41"), 68);
	ck_assert_int_eq(b->robber_start, 25);
	ck_assert_int_eq(b->pirate_start, 68);
	ck_assert_int_eq(idx(&f, CM_POINT, "lopa"), 41);
	ck_assert_int_eq(idx(&f, CM_SPACE, "f12"), 159);
	close_fixture(&f);
}
END_TEST

/* Samples of sections 3.5, 3.7-3.9 on the board graph. */
START_TEST(hawaii_adjacency_samples_H8_H10_H11_H12)
{
	fixture f;
	open_hawaii(&f);
	const board *b = &f.b;
	/* H-10 (the seed example): kh1 is in the lists of lopa, wailea_makena, kanapou. */
	int kh1 = hex_id(&f, "kh1");
	const char *lists_kh1[] = {"lopa", "wailea_makena", "kanapou"};
	int listing = 0;
	for (int n = 0; n < b->n_node; n++) {
		for (int i = 0; i < b->node[n].n_hex; i++)
			listing += b->node[n].hex[i] == kh1;
	}
	ck_assert_int_eq(listing, 3);
	for (int i = 0; i < 3; i++) {
		const bnode *v = &b->node[idx(&f, CM_POINT, lists_kh1[i])];
		int has = 0;
		for (int k = 0; k < v->n_hex; k++)
			has |= v->hex[k] == kh1;
		ck_assert_msg(has, "%s lists kh1", lists_kh1[i]);
	}
	/* wailuku lists mu1 mu2 mu3 (H-97) and joins r049 r070 r072 r111. */
	const bnode *wailuku = &b->node[idx(&f, CM_POINT, "wailuku")];
	ck_assert_int_eq(wailuku->n_hex, 3);
	ck_assert_int_eq(wailuku->hex[0], hex_id(&f, "mu1"));
	ck_assert_int_eq(wailuku->hex[1], hex_id(&f, "mu2"));
	ck_assert_int_eq(wailuku->hex[2], hex_id(&f, "mu3"));
	ck_assert_int_eq(wailuku->deg, 4);
	ck_assert_int_eq(path_between(b, idx(&f, CM_POINT, "wailuku"), idx(&f, CM_POINT, "kahului")),
			 idx(&f, CM_SPACE, "r111"));
	/* H-98: the three twin towns are one path apart. */
	ck_assert_int_eq(path_between(b, idx(&f, CM_POINT, "honolulu"), idx(&f, CM_POINT, "pearlcity")),
			 idx(&f, CM_SPACE, "r112"));
	ck_assert_int_eq(path_between(b, idx(&f, CM_POINT, "kamuela"), idx(&f, CM_POINT, "hawi")),
			 idx(&f, CM_SPACE, "r113"));
	/* H-8: m5 lahaina-w19, a merchant with 2:1 ore (harbor type 1 + ore). */
	int m5 = idx(&f, CM_SPACE, "m5");
	ck_assert_int_eq(path_between(b, idx(&f, CM_POINT, "lahaina"), idx(&f, CM_POINT, "w19")), m5);
	ck_assert_int_eq(b->path_kind[m5], BPATH_MERCHANT);
	ck_assert_int_eq(b->path_trade[m5], 1 + 4);
	ck_assert_int_eq(b->path_trade[idx(&f, CM_SPACE, "m1")], HARBOR_GENERIC);
	ck_assert_int_eq(b->path_kind[idx(&f, CM_SPACE, "r001")], BPATH_ROAD);
	ck_assert_int_eq(b->path_kind[idx(&f, CM_SPACE, "s01")], BPATH_SHIP);
	/* H-11: f06 touches sea19 and sea26; road spaces touch none. */
	int f06 = idx(&f, CM_SPACE, "f06");
	ck_assert_int_eq(b->path_kind[f06], BPATH_FISHING);
	ck_assert_int_eq(b->path_sea_first[f06 + 1] - b->path_sea_first[f06], 2);
	ck_assert_int_eq(b->path_sea[b->path_sea_first[f06]], hex_id(&f, "sea19"));
	ck_assert_int_eq(b->path_sea[b->path_sea_first[f06] + 1], hex_id(&f, "sea26"));
	int r001 = idx(&f, CM_SPACE, "r001");
	ck_assert_int_eq(b->path_sea_first[r001 + 1], b->path_sea_first[r001]);
	/* H-12: d04 (6) lists f05 and f06; d12 (5) lists f12. */
	const bdisc *d04 = &b->disc[idx(&f, CM_DISC, "d04")];
	ck_assert_int_eq(d04->number, 6);
	ck_assert_int_eq(d04->n, 2);
	ck_assert_int_eq(b->disc_path[d04->first], idx(&f, CM_SPACE, "f05"));
	ck_assert_int_eq(b->disc_path[d04->first + 1], f06);
	const bdisc *d12 = &b->disc[idx(&f, CM_DISC, "d12")];
	ck_assert_int_eq(d12->number, 5);
	ck_assert_int_eq(d12->n, 1);
	ck_assert_int_eq(b->disc_path[d12->first], idx(&f, CM_SPACE, "f12"));
	/* H-13: islands of points; sea junctions have none. */
	ck_assert_int_eq(b->node_island[idx(&f, CM_POINT, "lopa")], idx(&f, CM_ISLAND, "lanai"));
	ck_assert_int_eq(b->node_island[idx(&f, CM_POINT, "w01")], BOARD_NO8);
	ck_assert_int_eq(b->hex_island[hex_id(&f, "sea01")], BOARD_NO8);
	ck_assert_int_eq(b->hex_island[kh1], idx(&f, CM_ISLAND, "kahoolawe"));
	/* A junction lists no hexes; sea ends make a point coastal. */
	ck_assert_int_eq(b->node[idx(&f, CM_POINT, "j_haena")].n_hex, 0);
	ck_assert_int_eq(b->node[idx(&f, CM_POINT, "j_haena")].coastal, 0);
	ck_assert_int_eq(b->node[idx(&f, CM_POINT, "lahaina")].coastal, 1);
	close_fixture(&f);
}
END_TEST

/* ---- small maps ---- */

/* Sea listed before land: board ids put land first, hex_src maps back (H-15). */
static const char sea_first[] =
	"catanmap 1\n"
	"island i Isle\n"
	"hex s1 - sea - 0 1\n"
	"hex h1 i forest 5 0 0\n"
	"hex s2 - sea - 1 1\n"
	"hex h2 i desert - 1 0\n"
	"point a site i 1 1 Alpha\n"
	"point b junction - 2 2\n"
	"point c chit i 3 1 Gamma\n"
	"space r1 road a b\n"
	"space f1 fishing c b sea=s2,s1\n"
	"produces a h2 h1\n"
	"produces c h2\n"
	"disc d1 4 2 4 f1\n"
	"robber h2\n"
	"pirate s2\n"
	"fishtrack 0 1\n"
	"target 3 10\n";

START_TEST(small_hex_permutation_H15)
{
	fixture f;
	open_text(&f, sea_first);
	check_graph(&f);
	const board *b = &f.b;
	ck_assert_int_eq(b->n_land, 2);
	ck_assert_int_eq(b->n_sea, 2);
	/* Land in file order, then sea in file order. */
	ck_assert_int_eq(b->hex_src[0], 1); /* h1 */
	ck_assert_int_eq(b->hex_src[1], 3); /* h2 */
	ck_assert_int_eq(b->hex_src[2], 0); /* s1 */
	ck_assert_int_eq(b->hex_src[3], 2); /* s2 */
	ck_assert_int_eq(b->robber_start, 1);
	ck_assert_int_eq(b->pirate_start, 3);
	ck_assert_int_eq(b->terrain[0], TERR_FOREST);
	ck_assert_int_eq(b->token[0], 5);
	ck_assert_int_eq(b->terrain[1], TERR_DESERT);
	ck_assert_int_eq(b->token[1], 0);
	/* a lists h2 h1 in the file: board ids 0, 1 ascending. */
	ck_assert_int_eq(b->node[0].n_hex, 2);
	ck_assert_int_eq(b->node[0].hex[0], 0);
	ck_assert_int_eq(b->node[0].hex[1], 1);
	/* f1 joins c (2) and b (1): node[] ascending; sea s2,s1 -> 2, 3. */
	ck_assert_int_eq(b->path[1].node[0], 1);
	ck_assert_int_eq(b->path[1].node[1], 2);
	ck_assert_int_eq(b->path_sea[b->path_sea_first[1]], 2);
	ck_assert_int_eq(b->path_sea[b->path_sea_first[1] + 1], 3);
	ck_assert_int_eq(b->node[1].deg, 2);
	ck_assert_int_eq(b->node[1].adj[0], 0);
	ck_assert_int_eq(b->node[1].adj[1], 2);
	close_fixture(&f);
}
END_TEST

/* A map without sea hexes has no pirate (H-28) and no sea contacts. */
START_TEST(small_no_sea_no_pirate_H28)
{
	fixture f;
	open_text(&f, "catanmap 1\nisland i I\nhex h i hills 6 0 0\npoint a site i 0 0 A\npoint b junction - 1 0\n"
		      "space r road a b\nproduces a h\nrobber h\ntarget 3 10\n");
	check_graph(&f);
	ck_assert_int_eq(f.b.n_sea, 0);
	ck_assert_int_eq(f.b.pirate_start, BOARD_NONE);
	ck_assert_int_eq(f.b.n_disc, 0);
	close_fixture(&f);
}
END_TEST

/* A star of n spaces at point c; c lists `hexes` of six land hexes. */
static char *star_map(int n, int hexes, const char *trade)
{
	size_t cap = 8192, len = 0;
	char *t = malloc(cap);
	ck_assert_ptr_nonnull(t);
	len += (size_t)snprintf(t + len, cap - len, "catanmap 1\nisland i I\n");
	for (int h = 0; h < 7; h++)
		len += (size_t)snprintf(t + len, cap - len, "hex h%d i hills 6 %d 0\n", h, h);
	len += (size_t)snprintf(t + len, cap - len, "hex s - sea - 0 5\npoint c site i 0 0 C\n");
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(t + len, cap - len, "point p%d junction - %d 1\nspace r%d road c p%d\n", i, i, i, i);
	if (trade)
		len += (size_t)snprintf(t + len, cap - len, "space m merchant p0 p1 sea=s trade=%s\n", trade);
	len += (size_t)snprintf(t + len, cap - len, "produces c");
	for (int h = 0; h < hexes; h++)
		len += (size_t)snprintf(t + len, cap - len, " h%d", h);
	snprintf(t + len, cap - len, "\nrobber h0\npirate s\ntarget 3 10\n");
	return t;
}

static void must_refuse(const char *text, const char *msg)
{
	catanmap *m = NULL;
	int rc = catanmap_parse(&m, text, strlen(text));
	ck_assert_msg(rc == CRISK_OK, "parse: %s", crisk_error_last());
	board b;
	memset(&b, 0xA5, sizeof b);
	rc = board_from_map(&b, m);
	ck_assert_int_eq(rc, CRISK_EFORMAT);
	ck_assert_msg(strcmp(crisk_error_last(), msg) == 0, "expected '%s', got '%s'", msg, crisk_error_last());
	ck_assert_ptr_null(b.node); /* nothing left to free */
	board_free(&b);
	catanmap_free(m);
}

/* The limits of the graph (board.h): at most BOARD_MAX_DEG spaces at a point
 * and BOARD_MAX_NODE_HEXES hexes in a production list; beyond them the map
 * is refused with a message naming the point, never cut. */
START_TEST(small_limits_refused)
{
	char *t = star_map(BOARD_MAX_DEG, BOARD_MAX_NODE_HEXES, NULL);
	fixture f;
	open_text(&f, t);
	check_graph(&f);
	ck_assert_int_eq(f.b.node[0].deg, BOARD_MAX_DEG);
	ck_assert_int_eq(f.b.node[0].n_hex, BOARD_MAX_NODE_HEXES);
	close_fixture(&f);
	free(t);
	t = star_map(BOARD_MAX_DEG + 1, 1, NULL);
	must_refuse(t, "line 0: point 'c' joins 9 spaces, the engine holds at most 8");
	free(t);
	t = star_map(2, BOARD_MAX_NODE_HEXES + 1, NULL);
	must_refuse(t, "line 0: point 'c' lists 7 hexes in its production list, the engine holds at most 6");
	free(t);
}
END_TEST

/* A star map with a chain of merchants from p0: m0 from p0 to q1, m1
 * from q1 to q2, ..., carrying the scrolls given. */
static char *scroll_map(const char *const *trade, int n)
{
	char *t = star_map(1, 1, NULL);
	size_t len = strlen(t), cap = len + 128 * (size_t)n + 1;
	t = realloc(t, cap);
	ck_assert_ptr_nonnull(t);
	for (int i = 0; i < n; i++) {
		len += (size_t)snprintf(t + len, cap - len, "point q%d junction - %d 2\n", i + 1, i + 1);
		if (i == 0)
			len += (size_t)snprintf(t + len, cap - len, "space m0 merchant p0 q1 sea=s trade=%s\n", trade[0]);
		else
			len += (size_t)snprintf(t + len, cap - len, "space m%d merchant q%d q%d sea=s trade=%s\n", i, i, i + 1,
						trade[i]);
	}
	return t;
}

/* H-28, H-62: every scroll of the format.  The harbors' (any:3, r:2) keep
 * their harbor type as their bit, so seats' bits mean what they mean on
 * the standard boards; any:2 and r:3 take bits 6 and 7, then those the
 * map's harbor types leave free (board.h bit_scroll).  A ninth kind of
 * scroll has no bit left and is refused, naming the count. */
START_TEST(small_scroll_bits_H28)
{
	static const struct {
		const char *trade;
		int bit;
	} one[] = {
		{"any:3", HARBOR_GENERIC}, {"brick:2", 1}, {"ore:2", 5}, {"any:2", 6}, {"wool:3", 6},
	};
	for (size_t i = 0; i < sizeof one / sizeof one[0]; i++) {
		char *t = star_map(2, 1, one[i].trade);
		fixture f;
		open_text(&f, t);
		check_graph(&f);
		ck_assert_int_eq(f.b.path_trade[f.b.n_path - 1], one[i].bit);
		for (int b = 0; b < 8; b++)
			ck_assert_int_eq(f.b.bit_scroll[b] != BOARD_NO8, b == one[i].bit);
		close_fixture(&f);
		free(t);
	}
	static const char *const eight[] = {"ore:3", "any:3", "ore:2", "any:2", "brick:3", "lumber:3", "wool:3",
					    "grain:3", "any:3", "ore:3"};
	static const int bit[] = {4, 0, 5, 6, 7, 1, 2, 3, 0, 4};
	static const int scroll[8] = {HARBOR_GENERIC, SCROLL_RES3 + 1, SCROLL_RES3 + 2, SCROLL_RES3 + 3,
				      SCROLL_RES3 + 4, 5, SCROLL_ANY2, SCROLL_RES3};
	char *t = scroll_map(eight, 10);
	fixture f;
	open_text(&f, t);
	check_graph(&f);
	int first = f.b.n_path - 10;
	for (int i = 0; i < 10; i++)
		ck_assert_int_eq(f.b.path_trade[first + i], bit[i]);
	for (int b = 0; b < 8; b++)
		ck_assert_int_eq(f.b.bit_scroll[b], scroll[b]);
	close_fixture(&f);
	free(t);
	static const char *const nine[] = {"any:3", "brick:2", "any:2", "brick:3", "lumber:3",
					   "wool:3", "grain:3", "ore:3", "ore:2"};
	t = scroll_map(nine, 9);
	must_refuse(t, "line 0: the map has 9 different merchant scrolls, the engine holds at most 8");
	free(t);
}
END_TEST

/* The standard boards have none of the point-to-point members. */
START_TEST(standard_boards_unchanged)
{
	for (int big = 0; big < 2; big++) {
		board b;
		ck_assert_int_eq(board_standard(&b, big), CRISK_OK);
		ck_assert_ptr_null(b.node_kind);
		ck_assert_ptr_null(b.path_kind);
		ck_assert_ptr_null(b.path_sea_first);
		ck_assert_ptr_null(b.hex_src);
		ck_assert_int_eq(b.n_disc, 0);
		ck_assert_int_eq(b.pirate_start, BOARD_NONE);
		board_free(&b);
	}
}
END_TEST

START_TEST(null_arguments)
{
	board b;
	ck_assert_int_eq(board_from_map(&b, NULL), CRISK_EINVAL);
	ck_assert_int_eq(board_from_map(NULL, NULL), CRISK_EINVAL);
}
END_TEST

static Suite *board_map_suite(void)
{
	Suite *s = suite_create("board_map");
	TCase *tc = tcase_create("hawaii");
	tcase_add_test(tc, hawaii_graph_invariants);
	tcase_add_test(tc, hawaii_counts_3_1_H94);
	tcase_add_test(tc, hawaii_ids_H15_H95_H18);
	tcase_add_test(tc, hawaii_adjacency_samples_H8_H10_H11_H12);
	suite_add_tcase(s, tc);
	tc = tcase_create("small");
	tcase_add_test(tc, small_hex_permutation_H15);
	tcase_add_test(tc, small_no_sea_no_pirate_H28);
	tcase_add_test(tc, small_limits_refused);
	tcase_add_test(tc, small_scroll_bits_H28);
	tcase_add_test(tc, standard_boards_unchanged);
	tcase_add_test(tc, null_arguments);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(board_map_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
