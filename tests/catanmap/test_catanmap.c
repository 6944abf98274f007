/* The catanmap parser (rules/hawaii.md section 4, H-21..H-33) and the
 * built-in Hawai'i map (Appendix A, H-16), pinned against the counts of
 * section 3.1, the checks of 3.11 and the test targets H-94, H-95, H-111.
 * argv[1] is docs/catanmap.md, whose example map must parse. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan/catanmap.h"
#include "core/error.h"

extern const char crisk_data_hawaii_catanmap[];
extern const size_t crisk_data_hawaii_catanmap_len;

static const char *doc_path;

/* ---- helpers ---- */

static catanmap *must_parse(const char *text, size_t len)
{
	catanmap *m = NULL;
	int rc = catanmap_parse(&m, text, len);
	ck_assert_msg(rc == CRISK_OK, "parse failed: %s", crisk_error_last());
	ck_assert_ptr_nonnull(m);
	return m;
}

static catanmap *hawaii(void)
{
	return must_parse(crisk_data_hawaii_catanmap, crisk_data_hawaii_catanmap_len);
}

/* The text must be refused with exactly this message prefix, and no map. */
static void must_fail_len(const char *text, size_t len, const char *msg)
{
	catanmap *m = (catanmap *)&m; /* not NULL, so the test sees it cleared */
	int rc = catanmap_parse(&m, text, len);
	ck_assert_msg(rc == CRISK_EFORMAT, "expected '%s', got rc %d (%s)", msg, rc, crisk_error_last());
	ck_assert_ptr_null(m);
	ck_assert_msg(strncmp(crisk_error_last(), msg, strlen(msg)) == 0, "expected '%s', got '%s'", msg,
		      crisk_error_last());
}

static void must_fail(const char *text, const char *msg)
{
	must_fail_len(text, strlen(text), msg);
}

/* text with its line n (1-based) replaced by `with` (which may hold several
 * lines); n = number of lines + 1 appends.  with = NULL drops the line. */
static char *edit(const char *text, int n, const char *with)
{
	size_t len = strlen(text), wl = with ? strlen(with) : 0;
	char *out = malloc(len + wl + 2);
	ck_assert_ptr_nonnull(out);
	const char *s = text;
	for (int i = 1; i < n; i++) {
		const char *nl = strchr(s, '\n');
		ck_assert_msg(nl != NULL, "text has fewer than %d lines", n - 1);
		s = nl + 1;
	}
	const char *nl = strchr(s, '\n');
	const char *rest = nl ? nl + 1 : s + strlen(s);
	size_t head = (size_t)(s - text);
	memcpy(out, text, head);
	size_t o = head;
	if (with) {
		memcpy(out + o, with, wl);
		o += wl;
		out[o++] = '\n';
	}
	strcpy(out + o, rest);
	return out;
}

/* text without every line that starts with prefix. */
static char *drop(const char *text, const char *prefix)
{
	char *out = malloc(strlen(text) + 1);
	ck_assert_ptr_nonnull(out);
	size_t o = 0;
	for (const char *s = text; *s;) {
		const char *nl = strchr(s, '\n');
		size_t l = nl ? (size_t)(nl - s) + 1 : strlen(s);
		if (strncmp(s, prefix, strlen(prefix)) != 0) {
			memcpy(out + o, s, l);
			o += l;
		}
		s += l;
	}
	out[o] = '\0';
	return out;
}

static int idx_of(const catanmap *m, int kind, const char *id)
{
	int i = catanmap_index(m, kind, id);
	ck_assert_msg(i >= 0, "no %d '%s'", kind, id);
	return i;
}

static const char *id_of_point(const catanmap *m, int i)
{
	return cm_str(m, m->point[i].id);
}

static int other_end(const catanmap *m, int s, int p)
{
	return m->space[s].a == p ? m->space[s].b : m->space[s].a;
}

static int named(const catanmap *m, int p)
{
	return m->point[p].kind != CM_JUNCTION; /* with 5-6 seats (H-7) */
}

/* Breadth-first distances (in spaces) from src over points not blocked; -1 unreached. */
static void distances(const catanmap *m, int src, const char *blocked, int *dist)
{
	int *queue = malloc(sizeof(int) * (size_t)m->n_point);
	for (int i = 0; i < m->n_point; i++)
		dist[i] = -1;
	int h = 0, t = 0;
	dist[src] = 0;
	queue[t++] = src;
	while (h < t) {
		int p = queue[h++];
		const uint16_t *sp = cm_items(m, m->point[p].spaces);
		for (uint32_t j = 0; j < m->point[p].spaces.n; j++) {
			int o = other_end(m, sp[j], p);
			if (dist[o] < 0 && !(blocked && blocked[o])) {
				dist[o] = dist[p] + 1;
				queue[t++] = o;
			}
		}
	}
	free(queue);
}

static int pips(int n)
{
	return n ? 6 - abs(7 - n) : 0;
}

/* A hex's corners on the lattice (H-14): N NE SE S SW NW. */
static int is_corner(const cm_hex *h, int x, int y)
{
	static const int dx[6] = {0, 1, 1, 0, -1, -1}, dy[6] = {-2, -1, 1, 2, 1, -1};
	int cx = 2 * h->q + h->r, cy = 3 * h->r;
	for (int i = 0; i < 6; i++)
		if (cx + dx[i] == x && cy + dy[i] == y)
			return 1;
	return 0;
}

static int hexes_adjacent(const cm_hex *a, const cm_hex *b)
{
	int dq = a->q - b->q, dr = a->r - b->r, ds = -dq - dr;
	return abs(dq) <= 1 && abs(dr) <= 1 && abs(ds) <= 1 && (dq || dr);
}

/* ---- the built-in map: counts (3.1, H-94) and anchors (H-95) ---- */

START_TEST(builtin_is_appendix_a_H16)
{
	/* 449 lines, the H-111 anchors where Appendix A has them. */
	const char *t = crisk_data_hawaii_catanmap;
	int lines = 0;
	for (size_t i = 0; i < crisk_data_hawaii_catanmap_len; i++)
		lines += t[i] == '\n';
	ck_assert_int_eq(lines, 449);
	ck_assert_int_eq(t[crisk_data_hawaii_catanmap_len - 1], '\n');
	static const struct {
		int line;
		const char *start;
	} anchor[] = {{1, "# Catan: Hawai'i"}, {2, "catanmap 1"}, {16, "hex ka1 "}, {32, "hex mu4 "},
		      {44, "hex sea01 "}, {90, "point j_haena "}, {91, "point hanalei "}, {216, "space r001 "},
		      {334, "space m1 "}, {360, "space m5 "}, {430, "disc d01 "}, {443, "robber hi7"},
		      {444, "pirate sea41"}, {445, "fishtrack "}, {449, "target 6 10"}};
	for (size_t a = 0; a < sizeof anchor / sizeof anchor[0]; a++) {
		const char *s = t;
		for (int i = 1; i < anchor[a].line; i++)
			s = strchr(s, '\n') + 1;
		ck_assert_msg(strncmp(s, anchor[a].start, strlen(anchor[a].start)) == 0, "line %d", anchor[a].line);
	}
}
END_TEST

START_TEST(builtin_counts_3_1_H94)
{
	catanmap *m = hawaii();
	ck_assert_int_eq(m->n_island, 8);
	ck_assert_int_eq(m->n_hex, 71);
	ck_assert_int_eq(m->n_point, 125);
	ck_assert_int_eq(m->n_space, 160);
	ck_assert_int_eq(m->n_disc, 12);
	ck_assert_str_eq(cm_str(m, m->title), "Catan: Hawai'i (libcatanrisk project map)");

	int terr[7] = {0}, tokens[13] = {0}, pip_total = 0, res_pips[5] = {0};
	for (int i = 0; i < m->n_hex; i++) {
		terr[m->hex[i].terrain]++;
		tokens[m->hex[i].number]++;
		pip_total += pips(m->hex[i].number);
		if (m->hex[i].terrain < TERR_DESERT)
			res_pips[m->hex[i].terrain] += pips(m->hex[i].number);
	}
	ck_assert_int_eq(terr[TERR_SEA], 43);
	ck_assert_int_eq(terr[TERR_FOREST], 6);
	ck_assert_int_eq(terr[TERR_PASTURE], 6);
	ck_assert_int_eq(terr[TERR_FIELDS], 6);
	ck_assert_int_eq(terr[TERR_HILLS], 4);
	ck_assert_int_eq(terr[TERR_MOUNTAINS], 4);
	ck_assert_int_eq(terr[TERR_DESERT], 2);
	static const int want_tokens[13] = {[2] = 1, [3] = 3, [4] = 3, [5] = 3, [6] = 3, [8] = 3, [9] = 3, [10] = 3,
					    [11] = 3, [12] = 1};
	for (int n = 2; n <= 12; n++)
		ck_assert_int_eq(tokens[n], want_tokens[n]);
	ck_assert_int_eq(pip_total, 86);
	/* B-1 order: brick, lumber, wool, grain, ore. */
	ck_assert_int_eq(res_pips[0], 16);
	ck_assert_int_eq(res_pips[1], 17);
	ck_assert_int_eq(res_pips[2], 18);
	ck_assert_int_eq(res_pips[3], 18);
	ck_assert_int_eq(res_pips[4], 17);

	int pk[3] = {0}, land_junctions = 0;
	for (int i = 0; i < m->n_point; i++) {
		pk[m->point[i].kind]++;
		land_junctions += m->point[i].kind == CM_JUNCTION && m->point[i].island >= 0;
	}
	ck_assert_int_eq(pk[CM_SITE], 42);
	ck_assert_int_eq(pk[CM_CHIT], 8);
	ck_assert_int_eq(pk[CM_JUNCTION], 75);
	ck_assert_int_eq(land_junctions, 48);

	int sk[4] = {0};
	for (int i = 0; i < m->n_space; i++)
		sk[m->space[i].kind]++;
	ck_assert_int_eq(sk[CM_ROAD], 113);
	ck_assert_int_eq(sk[CM_SHIP], 26);
	ck_assert_int_eq(sk[CM_MERCHANT], 9);
	ck_assert_int_eq(sk[CM_FISHING], 12);

	/* Per island (3.2, H-94), in island order niihau..hawaii. */
	static const char *const isl[8] = {"niihau", "kauai", "oahu", "molokai", "lanai", "kahoolawe", "maui", "hawaii"};
	static const int land[8] = {1, 3, 5, 2, 1, 1, 6, 9}, sites34[8] = {0, 5, 7, 4, 3, 0, 10, 13},
			 sites56[8] = {1, 6, 8, 5, 3, 1, 11, 15}, roads[8] = {0, 11, 19, 10, 6, 0, 28, 39};
	for (int k = 0; k < 8; k++) {
		ck_assert_int_eq(idx_of(m, CM_ISLAND, isl[k]), k);
		int nl = 0, s34 = 0, s56 = 0, nr = 0;
		for (int i = 0; i < m->n_hex; i++)
			nl += m->hex[i].island == k;
		for (int i = 0; i < m->n_point; i++) {
			s34 += m->point[i].island == k && m->point[i].kind == CM_SITE;
			s56 += m->point[i].island == k && named(m, i);
		}
		for (int i = 0; i < m->n_space; i++)
			nr += m->space[i].kind == CM_ROAD && m->point[m->space[i].a].island == k;
		ck_assert_int_eq(nl, land[k]);
		ck_assert_int_eq(s34, sites34[k]);
		ck_assert_int_eq(s56, sites56[k]);
		ck_assert_int_eq(nr, roads[k]);
	}

	/* Merchant scrolls: 4 x 3:1 any, one 2:1 per resource. */
	int any3 = 0, two[5] = {0};
	for (int i = 0; i < m->n_space; i++) {
		const cm_space *s = &m->space[i];
		if (s->kind != CM_MERCHANT) {
			ck_assert_int_eq(s->rate, 0);
			continue;
		}
		if (s->trade == CM_ANY && s->rate == 3)
			any3++;
		else if (s->trade >= 0 && s->rate == 2)
			two[s->trade]++;
		else
			ck_abort_msg("unexpected scroll on %s", cm_str(m, s->id));
	}
	ck_assert_int_eq(any3, 4);
	for (int r = 0; r < 5; r++)
		ck_assert_int_eq(two[r], 1);
	ck_assert_int_eq(m->space[idx_of(m, CM_SPACE, "m3")].trade, 0);  /* brick */
	ck_assert_int_eq(m->space[idx_of(m, CM_SPACE, "m9")].trade, 1);  /* lumber */
	ck_assert_int_eq(m->space[idx_of(m, CM_SPACE, "m4")].trade, 2);  /* wool */
	ck_assert_int_eq(m->space[idx_of(m, CM_SPACE, "m7")].trade, 3);  /* grain */
	ck_assert_int_eq(m->space[idx_of(m, CM_SPACE, "m5")].trade, 4);  /* ore */

	/* Discs (3.9): numbers 3, 4, 4, 5, 5, 6, 8, 9, 9, 10, 10, 11. */
	int dn[13] = {0};
	for (int i = 0; i < m->n_disc; i++)
		dn[m->disc[i].number]++;
	static const int want_dn[13] = {[3] = 1, [4] = 2, [5] = 2, [6] = 1, [8] = 1, [9] = 2, [10] = 2, [11] = 1};
	for (int n = 0; n <= 12; n++)
		ck_assert_int_eq(dn[n], want_dn[n]);

	/* Production links: 50 lists; sites listing 1/2/3 numbered hexes 23/15/4,
	 * counting deserts 21/14/7; cross-sea links lopa and wailea_makena -> kh1. */
	int lists = 0, by_num[4] = {0}, by_all[4] = {0}, cross = 0;
	for (int i = 0; i < m->n_point; i++) {
		const cm_point *P = &m->point[i];
		if (!P->produces.n)
			continue;
		lists++;
		int numbered = 0;
		const uint16_t *h = cm_items(m, P->produces);
		for (uint32_t j = 0; j < P->produces.n; j++) {
			numbered += m->hex[h[j]].number != 0;
			if (m->hex[h[j]].island != P->island) {
				cross++;
				ck_assert_str_eq(cm_str(m, m->hex[h[j]].id), "kh1");
				ck_assert(strcmp(id_of_point(m, i), "lopa") == 0 ||
					  strcmp(id_of_point(m, i), "wailea_makena") == 0);
			}
		}
		if (P->kind == CM_SITE) {
			ck_assert_int_le(P->produces.n, 3);
			by_num[numbered]++;
			by_all[P->produces.n]++;
		}
	}
	ck_assert_int_eq(lists, 50);
	ck_assert_int_eq(by_num[1], 23);
	ck_assert_int_eq(by_num[2], 15);
	ck_assert_int_eq(by_num[3], 4);
	ck_assert_int_eq(by_all[1], 21);
	ck_assert_int_eq(by_all[2], 14);
	ck_assert_int_eq(by_all[3], 7);
	ck_assert_int_eq(cross, 2);

	/* Points by number of spaces 9/44/65/7; 38 points where roads meet
	 * ship-type spaces; the 9 dead ends are sea junctions at the end of a
	 * merchant or fishing spur. */
	int deg[5] = {0}, mixed = 0;
	for (int i = 0; i < m->n_point; i++) {
		const cm_point *P = &m->point[i];
		ck_assert_int_le(P->spaces.n, 4);
		deg[P->spaces.n]++;
		int road = 0, ship = 0;
		const uint16_t *s = cm_items(m, P->spaces);
		for (uint32_t j = 0; j < P->spaces.n; j++) {
			road |= m->space[s[j]].kind == CM_ROAD;
			ship |= m->space[s[j]].kind != CM_ROAD;
		}
		mixed += road && ship;
		if (P->spaces.n == 1) {
			ck_assert_int_eq(P->kind, CM_JUNCTION);
			ck_assert_int_eq(P->island, -1);
			int k = m->space[s[0]].kind;
			ck_assert(k == CM_MERCHANT || k == CM_FISHING);
		}
	}
	ck_assert_int_eq(deg[0], 0);
	ck_assert_int_eq(deg[1], 9);
	ck_assert_int_eq(deg[2], 44);
	ck_assert_int_eq(deg[3], 65);
	ck_assert_int_eq(deg[4], 7);
	ck_assert_int_eq(mixed, 38);

	/* 3.10: robber hi7, pirate sea41 (touching no space, the only such sea
	 * hex), fishing track 0 0 1 1 2 3 4 5, targets 15/13/11/10 (H-19, H-20). */
	ck_assert_int_eq(m->robber, idx_of(m, CM_HEX, "hi7"));
	ck_assert_int_eq(m->hex[m->robber].terrain, TERR_DESERT);
	ck_assert_int_eq(m->pirate, idx_of(m, CM_HEX, "sea41"));
	for (int i = 0; i < m->n_hex; i++)
		if (m->hex[i].terrain == TERR_SEA)
			ck_assert_int_eq(m->hex[i].spaces.n == 0, i == m->pirate);
	static const uint8_t track[8] = {0, 0, 1, 1, 2, 3, 4, 5};
	ck_assert_int_eq(m->n_track, 8);
	ck_assert_mem_eq(m->track, track, 8);
	ck_assert_int_eq(m->target[3], 15);
	ck_assert_int_eq(m->target[4], 13);
	ck_assert_int_eq(m->target[5], 11);
	ck_assert_int_eq(m->target[6], 10);
	ck_assert_int_eq(m->target[0] | m->target[1] | m->target[2], 0);
	catanmap_free(m);
}
END_TEST

START_TEST(builtin_index_anchors_H15_H95)
{
	catanmap *m = hawaii();
	static const struct {
		int kind, index;
		const char *id;
	} a[] = {{CM_HEX, 0, "ka1"},      {CM_HEX, 12, "kh1"},          {CM_HEX, 25, "hi7"},       {CM_HEX, 28, "sea01"},
		 {CM_HEX, 68, "sea41"},   {CM_POINT, 0, "kalalau"},     {CM_POINT, 41, "lopa"},    {CM_POINT, 62, "wailea_makena"},
		 {CM_POINT, 98, "w01"},   {CM_POINT, 124, "w27"},       {CM_SPACE, 0, "r001"},     {CM_SPACE, 112, "r113"},
		 {CM_SPACE, 113, "s01"},  {CM_SPACE, 115, "f01"},       {CM_SPACE, 118, "m1"},     {CM_SPACE, 159, "f12"},
		 {CM_ISLAND, 0, "niihau"}, {CM_ISLAND, 7, "hawaii"},    {CM_DISC, 0, "d01"},       {CM_DISC, 11, "d12"}};
	for (size_t i = 0; i < sizeof a / sizeof a[0]; i++) {
		int kind = -1;
		ck_assert_int_eq(catanmap_find(m, a[i].id, strlen(a[i].id), &kind), a[i].index);
		ck_assert_int_eq(kind, a[i].kind);
		ck_assert_int_eq(catanmap_index(m, a[i].kind, a[i].id), a[i].index);
	}
	/* Every element is found under its own id and kind. */
	for (int i = 0; i < m->n_hex; i++)
		ck_assert_int_eq(catanmap_index(m, CM_HEX, cm_str(m, m->hex[i].id)), i);
	for (int i = 0; i < m->n_point; i++)
		ck_assert_int_eq(catanmap_index(m, CM_POINT, id_of_point(m, i)), i);
	for (int i = 0; i < m->n_space; i++)
		ck_assert_int_eq(catanmap_index(m, CM_SPACE, cm_str(m, m->space[i].id)), i);
	ck_assert_int_eq(catanmap_index(m, CM_HEX, "lopa"), -1);
	ck_assert_int_eq(catanmap_index(m, CM_POINT, "nowhere"), -1);
	ck_assert_int_eq(catanmap_find(m, "Lopa", 4, NULL), -1);
	ck_assert_int_eq(catanmap_find(m, "lopa_", 4, NULL), 41); /* the length counts */
	ck_assert_int_eq(catanmap_find(m, "", 0, NULL), -1);
	ck_assert_int_eq(catanmap_index(m, CM_POINT, NULL), -1);
	/* Names, coordinates and fields as written. */
	const cm_point *lopa = &m->point[41];
	ck_assert_str_eq(cm_str(m, lopa->name), "Lopa");
	ck_assert_int_eq(lopa->x, 20);
	ck_assert_int_eq(lopa->y, 16);
	ck_assert_int_eq(lopa->island, idx_of(m, CM_ISLAND, "lanai"));
	ck_assert_str_eq(cm_str(m, m->point[idx_of(m, CM_POINT, "j_haena")].name), "");
	ck_assert_str_eq(cm_str(m, m->hex[0].name), "Koke'e / Na Pali");
	ck_assert_int_eq(m->hex[0].q, 2);
	ck_assert_int_eq(m->hex[0].r, 0);
	ck_assert_int_eq(m->hex[0].number, 4);
	ck_assert_int_eq(m->hex[0].terrain, TERR_FOREST);
	ck_assert_int_eq(m->hex[28].island, -1);
	ck_assert_str_eq(cm_str(m, m->island[0].name), "Ni'ihau");
	const cm_space *s02 = &m->space[idx_of(m, CM_SPACE, "s02")];
	ck_assert_str_eq(id_of_point(m, s02->a), "j_polihale");
	ck_assert_str_eq(id_of_point(m, s02->b), "puuwai");
	ck_assert_int_eq(s02->sea.n, 2);
	ck_assert_int_eq(cm_items(m, s02->sea)[0], idx_of(m, CM_HEX, "sea01"));
	ck_assert_int_eq(cm_items(m, s02->sea)[1], idx_of(m, CM_HEX, "sea03"));
	const cm_disc *d01 = &m->disc[0];
	ck_assert_int_eq(d01->number, 4);
	ck_assert_int_eq(d01->x, 3);
	ck_assert_int_eq(d01->y, 3);
	ck_assert_int_eq(d01->spaces.n, 2);
	ck_assert_int_eq(cm_items(m, d01->spaces)[1], idx_of(m, CM_SPACE, "f02"));
	catanmap_free(m);
}
END_TEST

START_TEST(builtin_derived_lists)
{
	catanmap *m = hawaii();
	/* kh1 is listed by lopa, kanapou and wailea_makena (H-10, H-96), ascending. */
	const cm_hex *kh1 = &m->hex[12];
	ck_assert_int_eq(kh1->points.n, 3);
	ck_assert_int_eq(cm_items(m, kh1->points)[0], 41);
	ck_assert_int_eq(cm_items(m, kh1->points)[1], idx_of(m, CM_POINT, "kanapou"));
	ck_assert_int_eq(cm_items(m, kh1->points)[2], 62);
	/* hi7 feeds pahoa, pahala, volcano (H-107). */
	const cm_hex *hi7 = &m->hex[25];
	ck_assert_int_eq(hi7->points.n, 3);
	ck_assert_str_eq(id_of_point(m, cm_items(m, hi7->points)[0]), "pahoa");
	ck_assert_str_eq(id_of_point(m, cm_items(m, hi7->points)[1]), "pahala");
	ck_assert_str_eq(id_of_point(m, cm_items(m, hi7->points)[2]), "volcano");
	/* sea19 (Penguin Bank) touches s12, f05, f06, s13, s14; sea22 m5, f07, f08 (H-106). */
	static const char *const penguin[] = {"s12", "f05", "f06", "s13", "s14"};
	const cm_hex *sea19 = &m->hex[idx_of(m, CM_HEX, "sea19")];
	ck_assert_int_eq(sea19->spaces.n, 5);
	for (int i = 0; i < 5; i++)
		ck_assert_str_eq(cm_str(m, m->space[cm_items(m, sea19->spaces)[i]].id), penguin[i]);
	static const char *const auau[] = {"m5", "f07", "f08"};
	const cm_hex *sea22 = &m->hex[idx_of(m, CM_HEX, "sea22")];
	ck_assert_int_eq(sea22->spaces.n, 3);
	for (int i = 0; i < 3; i++)
		ck_assert_str_eq(cm_str(m, m->space[cm_items(m, sea22->spaces)[i]].id), auau[i]);
	/* honolulu: r019, r021, r112, m2 (3.5). */
	static const char *const hon[] = {"r019", "r021", "r112", "m2"};
	const cm_point *h = &m->point[idx_of(m, CM_POINT, "honolulu")];
	ck_assert_int_eq(h->spaces.n, 4);
	for (int i = 0; i < 4; i++)
		ck_assert_str_eq(cm_str(m, m->space[cm_items(m, h->spaces)[i]].id), hon[i]);
	/* f06 touches d04 (6) and d05 (11) (H-103); s01 no disc. */
	const cm_space *f06 = &m->space[idx_of(m, CM_SPACE, "f06")];
	ck_assert_int_eq(f06->discs.n, 2);
	ck_assert_int_eq(m->disc[cm_items(m, f06->discs)[0]].number, 6);
	ck_assert_int_eq(m->disc[cm_items(m, f06->discs)[1]].number, 11);
	ck_assert_int_eq(m->space[113].discs.n, 0);
	/* Every list entry is in range and every forward list is mirrored. */
	for (int s = 0; s < m->n_space; s++) {
		int found_a = 0, found_b = 0;
		const cm_point *A = &m->point[m->space[s].a], *B = &m->point[m->space[s].b];
		for (uint32_t j = 0; j < A->spaces.n; j++)
			found_a += cm_items(m, A->spaces)[j] == s;
		for (uint32_t j = 0; j < B->spaces.n; j++)
			found_b += cm_items(m, B->spaces)[j] == s;
		ck_assert_int_eq(found_a, 1);
		ck_assert_int_eq(found_b, 1);
	}
	catanmap_free(m);
}
END_TEST

/* ---- section 3.11 checks that are facts about the map ---- */

START_TEST(builtin_connected_and_island_networks_3_11)
{
	catanmap *m = hawaii();
	int *dist = malloc(sizeof(int) * (size_t)m->n_point);
	distances(m, 0, NULL, dist);
	for (int i = 0; i < m->n_point; i++)
		ck_assert_msg(dist[i] >= 0, "%s not reached", id_of_point(m, i));
	/* Each island's road spaces form one network; roads never leave an
	 * island; Ni'ihau and Kaho'olawe have none. */
	for (int k = 0; k < m->n_island; k++) {
		char *on = calloc((size_t)m->n_point, 1);
		int first = -1, n_on = 0;
		for (int s = 0; s < m->n_space; s++) {
			const cm_space *S = &m->space[s];
			if (S->kind != CM_ROAD)
				continue;
			ck_assert_int_ge(m->point[S->a].island, 0);
			ck_assert_int_eq(m->point[S->a].island, m->point[S->b].island);
			if (m->point[S->a].island == k) {
				on[S->a] = on[S->b] = 1;
				first = S->a;
			}
		}
		for (int i = 0; i < m->n_point; i++)
			n_on += on[i];
		const char *isl = cm_str(m, m->island[k].id);
		if (!strcmp(isl, "niihau") || !strcmp(isl, "kahoolawe")) {
			ck_assert_int_eq(n_on, 0);
			free(on);
			continue;
		}
		ck_assert_int_gt(n_on, 0);
		/* Search over road spaces only. */
		int *queue = malloc(sizeof(int) * (size_t)m->n_point);
		char *seen = calloc((size_t)m->n_point, 1);
		int h = 0, t = 0, reached = 1;
		queue[t++] = first;
		seen[first] = 1;
		while (h < t) {
			int p = queue[h++];
			for (uint32_t j = 0; j < m->point[p].spaces.n; j++) {
				int s = cm_items(m, m->point[p].spaces)[j];
				int o = other_end(m, s, p);
				if (m->space[s].kind == CM_ROAD && !seen[o]) {
					seen[o] = 1;
					reached++;
					queue[t++] = o;
				}
			}
		}
		ck_assert_msg(reached == n_on, "island %s: %d of %d points", isl, reached, n_on);
		free(queue);
		free(seen);
		free(on);
	}
	free(dist);
	catanmap_free(m);
}
END_TEST

START_TEST(builtin_number_layout_3_11)
{
	/* No two adjacent hexes carry 6/8 or the same number (adjacency from
	 * axial coordinates, H-9, H-14). */
	catanmap *m = hawaii();
	int pairs = 0;
	for (int i = 0; i < m->n_hex; i++)
		for (int j = i + 1; j < m->n_hex; j++) {
			const cm_hex *a = &m->hex[i], *b = &m->hex[j];
			if (!a->number || !b->number || !hexes_adjacent(a, b))
				continue;
			pairs++;
			ck_assert_msg(a->number != b->number, "%s %s", cm_str(m, a->id), cm_str(m, b->id));
			ck_assert_msg(!((a->number == 6 || a->number == 8) && (b->number == 6 || b->number == 8)), "%s %s",
				      cm_str(m, a->id), cm_str(m, b->id));
		}
	ck_assert_int_gt(pairs, 20); /* the check saw the islands' inner borders */
	catanmap_free(m);
}
END_TEST

START_TEST(builtin_production_lists_3_11_H10_H17)
{
	catanmap *m = hawaii();
	int best = 0;
	for (int i = 0; i < m->n_point; i++) {
		const cm_point *P = &m->point[i];
		if (P->kind == CM_JUNCTION) {
			ck_assert_int_eq(P->produces.n, 0);
			continue;
		}
		/* At least one numbered hex; the list is exactly the land hexes at
		 * the point's corner (H-17). */
		int numbered = 0, sum = 0;
		const uint16_t *h = cm_items(m, P->produces);
		for (uint32_t j = 0; j < P->produces.n; j++) {
			numbered += m->hex[h[j]].number != 0;
			sum += pips(m->hex[h[j]].number);
			ck_assert_msg(is_corner(&m->hex[h[j]], P->x, P->y), "%s lists %s", id_of_point(m, i),
				      cm_str(m, m->hex[h[j]].id));
		}
		int at_corner = 0;
		for (int k = 0; k < m->n_hex; k++)
			at_corner += m->hex[k].terrain != TERR_SEA && is_corner(&m->hex[k], P->x, P->y);
		ck_assert_int_eq(at_corner, (int)P->produces.n);
		ck_assert_msg(numbered >= 1, "%s", id_of_point(m, i));
		if (P->kind == CM_SITE) {
			ck_assert_int_le(sum, 12);
			best = sum > best ? sum : best;
		}
	}
	ck_assert_int_eq(best, 12);
	/* H-97: wailuku and paauilo 12 pips, pearlcity 11, kamuela 10. */
	static const struct {
		const char *id;
		int pips;
	} top[] = {{"wailuku", 12}, {"paauilo", 12}, {"pearlcity", 11}, {"kamuela", 10}};
	for (int t = 0; t < 4; t++) {
		const cm_point *P = &m->point[idx_of(m, CM_POINT, top[t].id)];
		int sum = 0;
		for (uint32_t j = 0; j < P->produces.n; j++)
			sum += pips(m->hex[cm_items(m, P->produces)[j]].number);
		ck_assert_int_eq(sum, top[t].pips);
	}
	/* The seed example: kh1, hills 12, listed by lopa and wailea_makena. */
	const cm_hex *kh1 = &m->hex[idx_of(m, CM_HEX, "kh1")];
	ck_assert_int_eq(kh1->terrain, TERR_HILLS);
	ck_assert_int_eq(kh1->number, 12);
	for (int i = 0; i < m->n_hex; i++)
		if (i != 12)
			ck_assert_int_ne(m->hex[i].number, 12);
	catanmap_free(m);
}
END_TEST

START_TEST(builtin_chits_and_distance_3_11_H98_H101)
{
	catanmap *m = hawaii();
	/* No chit point next to a site or chit; exactly three pairs of named
	 * locations joined by one space, with 3-4 and with 5-6 seats. */
	int twins = 0;
	for (int s = 0; s < m->n_space; s++) {
		int a = m->space[s].a, b = m->space[s].b;
		if (named(m, a) && named(m, b)) {
			ck_assert_int_eq(m->point[a].kind, CM_SITE);
			ck_assert_int_eq(m->point[b].kind, CM_SITE);
			const char *id = cm_str(m, m->space[s].id);
			ck_assert_msg(!strcmp(id, "r111") || !strcmp(id, "r112") || !strcmp(id, "r113"), "%s", id);
			twins++;
		}
	}
	ck_assert_int_eq(twins, 3);
	for (int i = 0; i < m->n_point; i++)
		if (m->point[i].kind == CM_CHIT)
			ck_assert_int_ge(m->point[i].spaces.n, 1);
	/* Minimum spaces between the nearest named locations of two islands. */
	static const struct {
		const char *a, *b;
		int d;
	} near[] = {{"niihau", "kauai", 2},   {"kauai", "oahu", 5},      {"oahu", "molokai", 2},
		    {"molokai", "lanai", 2},  {"molokai", "maui", 2},    {"lanai", "maui", 2},
		    {"lanai", "kahoolawe", 2}, {"maui", "kahoolawe", 2}, {"maui", "hawaii", 3}};
	int *dist = malloc(sizeof(int) * (size_t)m->n_point);
	for (size_t k = 0; k < sizeof near / sizeof near[0]; k++) {
		int ia = idx_of(m, CM_ISLAND, near[k].a), ib = idx_of(m, CM_ISLAND, near[k].b), best = -1;
		for (int i = 0; i < m->n_point; i++) {
			if (!named(m, i) || m->point[i].island != ia)
				continue;
			distances(m, i, NULL, dist);
			for (int j = 0; j < m->n_point; j++)
				if (named(m, j) && m->point[j].island == ib && (best < 0 || dist[j] < best))
					best = dist[j];
		}
		ck_assert_msg(best == near[k].d, "%s-%s: %d", near[k].a, near[k].b, best);
	}
	free(dist);
	catanmap_free(m);
}
END_TEST

/* Points cut off with `blocked` removed must be dead ends behind a blocked point. */
static int cut_off_spurs(const catanmap *m, const char *blocked)
{
	int *dist = malloc(sizeof(int) * (size_t)m->n_point);
	int start = 0;
	while (blocked[start])
		start++;
	distances(m, start, blocked, dist);
	int spurs = 0;
	for (int i = 0; i < m->n_point; i++) {
		if (blocked[i] || dist[i] >= 0)
			continue;
		const cm_point *P = &m->point[i];
		ck_assert_msg(P->spaces.n == 1 && blocked[other_end(m, cm_items(m, P->spaces)[0], i)], "%s cut off",
			      id_of_point(m, i));
		spurs++;
	}
	free(dist);
	return spurs;
}

START_TEST(builtin_no_cut_points_3_11)
{
	/* No named location cuts anything off but one-space dead ends: the
	 * spurs m1, m4, m6, m7, m9 and f12. */
	catanmap *m = hawaii();
	char *blocked = calloc((size_t)m->n_point, 1);
	int spurs = 0;
	for (int i = 0; i < m->n_point; i++) {
		if (!named(m, i))
			continue;
		blocked[i] = 1;
		int n = cut_off_spurs(m, blocked);
		if (n) {
			const char *id = id_of_point(m, i);
			ck_assert_msg(!strcmp(id, "lihue") || !strcmp(id, "kaunakakai") || !strcmp(id, "kaumalapau") ||
					      !strcmp(id, "kahului") || !strcmp(id, "hilo") || !strcmp(id, "kalae"),
				      "%s", id);
		}
		spurs += n;
		blocked[i] = 0;
	}
	ck_assert_int_eq(spurs, 6);
	/* All three twin-town partners blocked at once, either partner of each. */
	static const char *const twin[3][2] = {{"honolulu", "pearlcity"}, {"kahului", "wailuku"}, {"hawi", "kamuela"}};
	for (int c = 0; c < 8; c++) {
		memset(blocked, 0, (size_t)m->n_point);
		for (int t = 0; t < 3; t++)
			blocked[idx_of(m, CM_POINT, twin[t][c >> t & 1])] = 1;
		cut_off_spurs(m, blocked);
	}
	free(blocked);
	catanmap_free(m);
}
END_TEST

START_TEST(builtin_merchants_fishing_sea_3_11_H103)
{
	catanmap *m = hawaii();
	/* Every ship-type space touches a sea hex, roads none (H-11). */
	for (int s = 0; s < m->n_space; s++) {
		const cm_space *S = &m->space[s];
		if (S->kind == CM_ROAD)
			ck_assert_int_eq(S->sea.n, 0);
		else
			ck_assert_msg(S->sea.n >= 1, "%s", cm_str(m, S->id));
		if (S->kind != CM_FISHING)
			ck_assert_int_eq(S->discs.n, 0);
	}
	/* Fishing spaces touch 1-2 discs with different numbers; fishing pips. */
	static const struct {
		const char *id;
		int pips;
	} fp[] = {{"f01", 3}, {"f02", 6}, {"f03", 4}, {"f04", 4}, {"f05", 5},  {"f06", 7},
		  {"f07", 5}, {"f08", 5}, {"f09", 4}, {"f10", 5}, {"f11", 7}, {"f12", 4}};
	for (int k = 0; k < 12; k++) {
		const cm_space *S = &m->space[idx_of(m, CM_SPACE, fp[k].id)];
		ck_assert_int_eq(S->kind, CM_FISHING);
		ck_assert(S->discs.n == 1 || S->discs.n == 2);
		const uint16_t *d = cm_items(m, S->discs);
		if (S->discs.n == 2)
			ck_assert_int_ne(m->disc[d[0]].number, m->disc[d[1]].number);
		int sum = 0;
		for (uint32_t j = 0; j < S->discs.n; j++)
			sum += pips(m->disc[d[j]].number);
		ck_assert_int_eq(sum, fp[k].pips);
	}
	catanmap_free(m);
}
END_TEST

/* ---- H-111: one-line edits of Appendix A ---- */

static const struct h111 {
	int line;          /* line replaced; 450 appends */
	const char *with;  /* NULL drops every line starting with drop */
	const char *drop;
	const char *msg;
} h111[] = {
	{2, "catanmap 2", NULL, "line 2: unsupported version '2'"},
	{16, "hex ka1 kauai forest 7 2 0 Koke'e / Na Pali", NULL, "line 16: bad number '7'"},
	{32, "hex mu4 maui desert 6 10 4 Haleakala Crater", NULL, "line 32: number on a desert hex 'mu4'"},
	{44, "hex sea01 kauai sea - 1 0 Na Pali Waters", NULL, "line 44: island on a sea hex 'sea01'"},
	{90, "point hanalei junction kauai 4 -2", NULL, "line 91: duplicate id 'hanalei'"},
	{216, "space r001 road kalalau j_haena sea=sea01", NULL, "line 216: sea= on a road space 'r001'"},
	{334, "space m1 merchant lihue w03 sea=sea04", NULL, "line 334: merchant space without trade= 'm1'"},
	{360, "space m5 merchant lahaina w19 trade=ore:1 sea=sea18,sea22", NULL, "line 360: bad attribute 'trade=ore:1'"},
	{430, "disc d01 4 3 3 f01 s01  # Kaulakahi", NULL, "line 430: not a fishing space 's01'"},
	{443, "robber sea41", NULL, "line 443: not a land hex 'sea41'"},
	{444, "pirate hi7", NULL, "line 444: not a sea hex 'hi7'"},
	{445, "fishtrack 0 2 1", NULL, "line 445: decreasing fishing track '1'"},
	{450, "produces j_haena ka1", NULL, "line 450: production list for a junction 'j_haena'"},
	{450, "produces lopa la1", NULL, "line 450: repeated produces line for 'lopa'"},
	{450, "harbor lopa 3", NULL, "line 450: unknown keyword 'harbor'"},
	{450, "space r114 road kalalau j_haena", NULL, "line 450: second space between the same points 'r114'"},
	{450, "space r114 road j_haena kalalau", NULL, "line 450: second space between the same points 'r114'"},
	/* Whole-file checks (H-29): line 0. */
	{0, NULL, "produces lopa ", "line 0: no produces line for 'lopa'"},
	{0, NULL, "target ", "line 0: missing statement 'target'"},
	{450, "point w99 junction - 40 40", NULL, "line 0: point not connected to the rest of the map 'w99'"},
	{0, NULL, "robber ", "line 0: missing statement 'robber'"},
	{0, NULL, "pirate ", "line 0: missing statement 'pirate'"},
	{0, NULL, "fishtrack ", "line 0: missing statement 'fishtrack'"},
	{0, NULL, "catanmap ", "line 2: expected the header 'catanmap 1' before 'title'"},
};

START_TEST(builtin_edits_H111)
{
	const struct h111 *e = &h111[_i];
	char *text = e->with ? edit(crisk_data_hawaii_catanmap, e->line, e->with) : drop(crisk_data_hawaii_catanmap, e->drop);
	must_fail(text, e->msg);
	free(text);
}
END_TEST

START_TEST(builtin_line_ends_H21)
{
	/* CRLF throughout, no final line end, and a truncated last line. */
	const char *t = crisk_data_hawaii_catanmap;
	size_t n = crisk_data_hawaii_catanmap_len;
	char *crlf = malloc(2 * n);
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		if (t[i] == '\n')
			crlf[o++] = '\r';
		crlf[o++] = t[i];
	}
	catanmap *a = hawaii(), *b = must_parse(crlf, o);
	ck_assert_int_eq(b->n_point, a->n_point);
	ck_assert_int_eq(b->n_space, a->n_space);
	ck_assert_str_eq(cm_str(b, b->hex[0].name), "Koke'e / Na Pali");
	ck_assert_str_eq(cm_str(b, b->title), cm_str(a, a->title));
	catanmap_free(b);
	b = must_parse(crlf, o - 2);
	ck_assert_int_eq(b->target[6], 10);
	catanmap_free(b);
	/* A CR without its LF is a control character. */
	must_fail_len(crlf, o - 1, "line 449: control character 0x0D at column 12");
	free(crlf);
	b = must_parse(t, n - 1);
	ck_assert_int_eq(b->target[6], 10);
	catanmap_free(b);
	/* Cut one byte earlier the last line reads "target 6 1". */
	must_fail_len(t, n - 2, "line 449: victory target out of range 3..30 '1'");
	catanmap_free(a);
}
END_TEST

START_TEST(builtin_every_prefix_H31)
{
	/* Truncation anywhere: a map or a message, never a partial map.  The
	 * prefixes that parse end after a complete target line. */
	const char *t = crisk_data_hawaii_catanmap;
	size_t n = crisk_data_hawaii_catanmap_len, ok = 0;
	for (size_t len = 0; len <= n; len++) {
		catanmap *m = NULL;
		int rc = catanmap_parse(&m, t, len);
		if (rc == CRISK_OK) {
			ck_assert_ptr_nonnull(m);
			ck_assert_int_eq(m->n_space, 160);
			ok++;
			catanmap_free(m);
		} else {
			ck_assert_int_eq(rc, CRISK_EFORMAT);
			ck_assert_ptr_null(m);
			ck_assert(strncmp(crisk_error_last(), "line ", 5) == 0);
		}
	}
	/* Each target line with and without its LF ("target 3 1" is out of range). */
	ck_assert_int_eq(ok, 8);
}
END_TEST

/* ---- every error class of H-31 on a small map ---- */

static const char mini[] =
	"catanmap 1\n"                     /* 1 */
	"island i Isle\n"                  /* 2 */
	"hex h1 i forest 5 0 0\n"          /* 3 */
	"hex h2 i desert - 1 0\n"          /* 4 */
	"hex s1 - sea - 0 1\n"             /* 5 */
	"point a site i 1 1 Alpha\n"       /* 6 */
	"point b junction - 2 2\n"         /* 7 */
	"point c chit i 3 1 Gamma\n"       /* 8 */
	"space r1 road a b\n"              /* 9 */
	"space f1 fishing b c sea=s1\n"    /* 10 */
	"produces a h1 h2\n"               /* 11 */
	"produces c h2\n"                  /* 12 */
	"disc d1 4 2 4 f1\n"               /* 13 */
	"robber h2\n"                      /* 14 */
	"pirate s1\n"                      /* 15 */
	"fishtrack 0 1\n"                  /* 16 */
	"target 3 10\n";                   /* 17 */

START_TEST(mini_parses)
{
	catanmap *m = must_parse(mini, strlen(mini));
	ck_assert_int_eq(m->n_island, 1);
	ck_assert_int_eq(m->n_hex, 3);
	ck_assert_int_eq(m->n_point, 3);
	ck_assert_int_eq(m->n_space, 2);
	ck_assert_int_eq(m->n_disc, 1);
	ck_assert_int_eq(m->robber, 1);
	ck_assert_int_eq(m->pirate, 2);
	ck_assert_int_eq(m->title, 0);
	ck_assert_str_eq(cm_str(m, m->title), "");
	ck_assert_int_eq(m->target[3], 10);
	ck_assert_int_eq(m->target[4], 0);
	ck_assert_int_eq(m->space[0].sea.n, 0);
	catanmap_free(m);
}
END_TEST

/* H-22, H-27: a comment takes any character but the line end, DEL too
 * (H-21 refuses only 0x00-0x1F but TAB anywhere), on a line of its own or
 * after a statement. */
START_TEST(comments_take_any_character_H22_H27)
{
	static const char more[] = "# DEL \x7f and \xc3\xa9 in a comment\n"
				   "target 4 11 # \x7f\x7f\n";
	char text[sizeof mini + sizeof more];
	snprintf(text, sizeof text, "%s%s", mini, more);
	catanmap *m = must_parse(text, strlen(text));
	ck_assert_int_eq(m->target[4], 11);
	catanmap_free(m);
}
END_TEST

static const struct bad {
	int line;
	const char *with;
	const char *msg;
} bad[] = {
	/* bad header or version */
	{1, "catanmap 2", "line 1: unsupported version '2'"},
	{1, "catanmap 01", "line 1: unsupported version '01'"},
	{1, "catanmap", "line 1: wrong number of fields for 'catanmap' (expected 2, got 1)"},
	{1, "catanmap 1 1", "line 1: wrong number of fields for 'catanmap' (expected 2, got 3)"},
	{1, "CATANMAP 1", "line 1: expected the header 'catanmap 1' before 'CATANMAP'"},
	{1, "# no header", "line 2: expected the header 'catanmap 1' before 'island'"},
	{2, "catanmap 1", "line 2: repeated statement 'catanmap'"},
	/* unknown keyword (case-sensitive, H-23) */
	{18, "road r2 a c", "line 18: unknown keyword 'road'"},
	{18, "Hex h9 i forest 5 5 5", "line 18: unknown keyword 'Hex'"},
	{18, "hex=h9", "line 18: unknown keyword 'hex=h9'"},
	/* wrong number of fields */
	{2, "island i", "line 2: wrong number of fields for 'island' (expected at least 3, got 2)"},
	{3, "hex h1 i forest 5 0", "line 3: wrong number of fields for 'hex' (expected at least 7, got 6)"},
	{6, "point a site i 1", "line 6: wrong number of fields for 'point' (expected at least 6, got 5)"},
	{9, "space r1 road a", "line 9: wrong number of fields for 'space' (expected at least 5, got 4)"},
	{11, "produces a", "line 11: wrong number of fields for 'produces' (expected at least 3, got 2)"},
	{13, "disc d1 4 2 4", "line 13: wrong number of fields for 'disc' (expected at least 6, got 5)"},
	{14, "robber", "line 14: wrong number of fields for 'robber' (expected 2, got 1)"},
	{15, "pirate s1 s1", "line 15: wrong number of fields for 'pirate' (expected 2, got 3)"},
	{16, "fishtrack 0", "line 16: wrong number of fields for 'fishtrack' (expected at least 3, got 2)"},
	{17, "target 3", "line 17: wrong number of fields for 'target' (expected 3, got 2)"},
	{17, "target 3 10 4", "line 17: wrong number of fields for 'target' (expected 3, got 4)"},
	{18, "title", "line 18: wrong number of fields for 'title' (expected at least 2, got 1)"},
	/* bad id (H-24) */
	{2, "island I Isle", "line 2: bad id 'I'"},
	{2, "island 9i Isle", "line 2: bad id '9i'"},
	{2, "island _i Isle", "line 2: bad id '_i'"},
	{2, "island is-le Isle", "line 2: bad id 'is-le'"},
	{2, "island caf\xc3\xa9 Isle", "line 2: bad id 'caf\xc3\xa9'"},
	{2, "island abcdefghijabcdefghijabcdefghijabc Isle", "line 2: bad id 'abcdefghijabcdefghijabcdefghijabc'"},
	{2, "island - Isle", "line 2: bad id '-'"},
	{9, "space r1 road a B", "line 9: bad id 'B'"},
	{3, "hex h1 I forest 5 0 0", "line 3: bad id 'I'"},
	/* bad integer (H-26) */
	{3, "hex h1 i forest 5 x 0", "line 3: bad integer 'x'"},
	{3, "hex h1 i forest 5 1.5 0", "line 3: bad integer '1.5'"},
	{3, "hex h1 i forest 5 - 0", "line 3: bad integer '-'"},
	{3, "hex h1 i forest 5 +1 0", "line 3: bad integer '+1'"},
	{3, "hex h1 i forest 5 0 --1", "line 3: bad integer '--1'"},
	{3, "hex h1 i forest 5 0 10000", "line 3: integer out of range -9999..9999 '10000'"},
	{6, "point a site i -10000 1 Alpha", "line 6: integer out of range -9999..9999 '-10000'"},
	{6, "point a site i 99999999999999999999999 1 Alpha", "line 6: integer out of range -9999..9999 '99999999999999999999999'"},
	{17, "target x 10", "line 17: bad integer 'x'"},
	/* bad number */
	{3, "hex h1 i forest 7 0 0", "line 3: bad number '7'"},
	{3, "hex h1 i forest 1 0 0", "line 3: bad number '1'"},
	{3, "hex h1 i forest 13 0 0", "line 3: bad number '13'"},
	{3, "hex h1 i forest 05 0 0", "line 3: bad number '05'"},
	{13, "disc d1 7 2 4 f1", "line 13: bad number '7'"},
	{13, "disc d1 - 2 4 f1", "line 13: bad number '-'"},
	/* bad terrain or kind */
	{3, "hex h1 i swamp 5 0 0", "line 3: bad terrain 'swamp'"},
	{3, "hex h1 i Forest 5 0 0", "line 3: bad terrain 'Forest'"},
	{3, "hex h1 i gold 5 0 0", "line 3: bad terrain 'gold'"},
	{6, "point a town i 1 1 Alpha", "line 6: bad point kind 'town'"},
	{9, "space r1 boat a b", "line 9: bad space kind 'boat'"},
	/* bad or repeated attribute */
	{10, "space f1 fishing b c sea=s1 x", "line 10: bad attribute 'x'"},
	{10, "space f1 fishing b c sea=", "line 10: bad attribute 'sea='"},
	{10, "space f1 fishing b c sea=s1,", "line 10: bad attribute 'sea=s1,'"},
	{10, "space f1 fishing b c sea=,s1", "line 10: bad attribute 'sea=,s1'"},
	{10, "space f1 fishing b c color=red", "line 10: unknown attribute 'color=red'"},
	{10, "space f1 fishing b c SEA=s1", "line 10: unknown attribute 'SEA=s1'"},
	{10, "space f1 fishing b c =s1", "line 10: unknown attribute '=s1'"},
	{10, "space f1 fishing b c sea=s1 sea=s1", "line 10: repeated attribute 'sea=s1'"},
	{18, "space m1 merchant a c trade=gold:2", "line 18: bad attribute 'trade=gold:2'"},
	{18, "space m1 merchant a c trade=ore", "line 18: bad attribute 'trade=ore'"},
	{18, "space m1 merchant a c trade=ore:4", "line 18: bad attribute 'trade=ore:4'"},
	{18, "space m1 merchant a c trade=ore:23", "line 18: bad attribute 'trade=ore:23'"},
	{18, "space m1 merchant a c trade=ore:2:3", "line 18: bad attribute 'trade=ore:2:3'"},
	{18, "space m1 merchant a c trade=", "line 18: bad attribute 'trade='"},
	{18, "space m1 merchant a c trade=any:3 trade=any:3", "line 18: repeated attribute 'trade=any:3'"},
	/* duplicate id: one namespace */
	{4, "hex h1 i desert - 1 0", "line 4: duplicate id 'h1'"},
	{7, "point h1 junction - 2 2", "line 7: duplicate id 'h1'"},
	{18, "island a Again", "line 18: duplicate id 'a'"},
	{18, "disc r1 4 0 0 f1", "line 18: duplicate id 'r1'"},
	/* reference to an id not defined earlier, or of the wrong kind */
	{9, "space r1 road a zz", "line 9: undefined id 'zz'"},
	{3, "hex h1 j forest 5 0 0", "line 3: undefined id 'j'"},
	{11, "produces a h1 h9", "line 11: undefined id 'h9'"},
	{6, "point a site i 1 1 Alpha\nspace r0 road a b", "line 7: undefined id 'b'"},
	{9, "space r1 road a h1", "line 9: not a point 'h1' (a hex)"},
	{3, "hex h1 a forest 5 0 0\npoint a site i 9 9 A", "line 3: undefined id 'a'"},
	{7, "point b junction h1 2 2", "line 7: not an island 'h1' (a hex)"},
	{11, "produces a a", "line 11: not a hex 'a' (a point)"},
	{13, "disc d1 4 2 4 a", "line 13: not a space 'a' (a point)"},
	{14, "robber r1", "line 14: not a hex 'r1' (a space)"},
	{14, "robber i", "line 14: not a hex 'i' (an island)"},
	{10, "space f1 fishing b c sea=i", "line 10: not a hex 'i' (an island)"},
	{9, "space r1 road r1 b", "line 9: undefined id 'r1'"},
	/* duplicate hex position, point position or point pair */
	{4, "hex h2 i desert - 0 0", "line 4: second hex at the same position 'h2'"},
	{7, "point b junction - 1 1", "line 7: second point at the same position 'b'"},
	{18, "space r2 road b a", "line 18: second space between the same points 'r2'"},
	{18, "space r2 ship a b sea=s1", "line 18: second space between the same points 'r2'"},
	{9, "space r1 road a a", "line 9: space joins a point to itself 'r1'"},
	/* constraint violations of H-28 */
	{5, "hex s1 i sea - 0 1", "line 5: island on a sea hex 's1'"},
	{5, "hex s1 - sea 5 0 1", "line 5: number on a sea hex 's1'"},
	{4, "hex h2 - desert - 1 0", "line 4: land hex without an island 'h2'"},
	{4, "hex h2 i desert 5 1 0", "line 4: number on a desert hex 'h2'"},
	{3, "hex h1 i forest - 0 0", "line 3: land hex without a number 'h1'"},
	{3, "hex h1 - forest 5 0 0", "line 3: land hex without an island 'h1'"},
	{6, "point a site - 1 1 Alpha", "line 6: site without an island 'a'"},
	{6, "point a site i 1 1", "line 6: site without a name 'a'"},
	{8, "point c chit - 3 1 Gamma", "line 8: chit point without an island 'c'"},
	{8, "point c chit i 3 1", "line 8: chit point without a name 'c'"},
	{9, "space r1 road a b sea=s1", "line 9: sea= on a road space 'r1'"},
	{10, "space f1 fishing b c sea=h1", "line 10: not a sea hex 'h1'"},
	{10, "space f1 fishing b c sea=s1,s1", "line 10: repeated sea hex 's1'"},
	{10, "space f1 fishing b c sea=s1 trade=any:3", "line 10: trade= on a space that is not a merchant 'f1'"},
	{18, "space m1 merchant a c sea=s1", "line 18: merchant space without trade= 'm1'"},
	{18, "produces b h1", "line 18: production list for a junction 'b'"},
	{18, "produces a h1", "line 18: repeated produces line for 'a'"},
	{11, "produces a s1", "line 11: sea hex in a production list 's1'"},
	{11, "produces a h1 h1", "line 11: repeated hex 'h1'"},
	{13, "disc d1 4 2 4 f1 f1", "line 13: repeated space 'f1'"},
	{13, "disc d1 4 2 4 r1", "line 13: not a fishing space 'r1'"},
	{14, "robber s1", "line 14: not a land hex 's1'"},
	{18, "robber h1", "line 18: repeated statement 'robber'"},
	{15, "pirate h1", "line 15: not a sea hex 'h1'"},
	{18, "pirate s1", "line 18: repeated statement 'pirate'"},
	{16, "fishtrack 1 1", "line 16: fishing track must start at 0, not '1'"},
	{16, "fishtrack 0 2 1", "line 16: decreasing fishing track '1'"},
	{16, "fishtrack 0 10", "line 16: bad fishing-track value '10'"},
	{16, "fishtrack 0 x", "line 16: bad fishing-track value 'x'"},
	{16, "fishtrack 0 -1", "line 16: bad fishing-track value '-1'"},
	{18, "fishtrack 0 1", "line 18: repeated statement 'fishtrack'"},
	{17, "target 2 10", "line 17: seat count out of range 3..6 '2'"},
	{17, "target 7 10", "line 17: seat count out of range 3..6 '7'"},
	{17, "target 3 2", "line 17: victory target out of range 3..30 '2'"},
	{17, "target 3 31", "line 17: victory target out of range 3..30 '31'"},
	{18, "target 3 12", "line 18: repeated target for seat count '3'"},
	{18, "title A\ntitle B", "line 19: repeated statement 'title'"},
	/* text fields (H-25) */
	{2, "island i 12345678901234567890123456789012345678901234567890123456789012345",
	 "line 2: text longer than 64 bytes '123456789012345678901234567890123456789012345678...'"},
	{2, "island i Is\tle", "line 2: tab inside a text field 'Is\tle'"},
	/* line checks (H-21) */
	{2, "island i Isle \x01", "line 2: control character 0x01 at column 15"},
	{2, "island i Isle # \x1f", "line 2: control character 0x1F at column 17"},
	{2, "island i Is\rle", "line 2: control character 0x0D at column 12"},
	{2, "island i Isle\x7f", "line 2: control character 0x7F at column 14"},
	{2, "island i Is\x7fle # a comment", "line 2: control character 0x7F at column 12"},
	{2, "island i Isle\xff", "line 2: invalid UTF-8 (byte 0xFF at column 14)"},
	{2, "island i Isle # \xc0\xaf", "line 2: invalid UTF-8 (byte 0xC0 at column 17)"},
	{2, "island i \xed\xa0\x80", "line 2: invalid UTF-8 (byte 0xED at column 10)"},
	{2, "island i \xf4\x90\x80\x80", "line 2: invalid UTF-8 (byte 0xF4 at column 10)"},
	{2, "island i Isle\xc3", "line 2: invalid UTF-8 (byte 0xC3 at column 14)"},
	{2, "island i \xe2\x82", "line 2: invalid UTF-8 (byte 0xE2 at column 10)"},
	/* whole-file checks (H-29) */
	{12, "", "line 0: no produces line for 'c'"},
	{14, "", "line 0: missing statement 'robber'"},
	{15, "", "line 0: missing statement 'pirate' (the map has sea hexes)"},
	{16, "", "line 0: missing statement 'fishtrack' (the map has fishing spaces)"},
	{17, "", "line 0: missing statement 'target'"},
	{18, "point z junction - 9 9", "line 0: point not connected to the rest of the map 'z'"},
	{18, "point y junction - 8 8\npoint z junction - 9 9\nspace r9 road y z",
	 "line 0: point not connected to the rest of the map 'y'"},
};

START_TEST(mini_errors_H31)
{
	const struct bad *e = &bad[_i];
	char *text = edit(mini, e->line, e->with);
	must_fail(text, e->msg);
	free(text);
}
END_TEST

/* Edits that stay valid: each must parse. */
static const struct good {
	int line;
	const char *with;
} good[] = {
	{18, "point abcdefghijabcdefghijabcdefghijab junction - 7 7\nspace r9 road a abcdefghijabcdefghijabcdefghijab"}, /* 32-byte id */
	{2, "island i 1234567890123456789012345678901234567890123456789012345678901234"}, /* 64-byte text */
	{2, "island i Kaua\xca\xbbi \xf0\x9f\x8c\xba"},                         /* UTF-8 in text */
	{2, "\t island\ti \t Isle \t # comment with # and \xc3\xa9"},          /* tabs between fields */
	{3, "hex h1 i forest 5 -9999 9999 Name With  Two  Spaces"},
	{3, "hex h1 i forest 5 -0 007"},
	{7, "point b junction i 2 2 Named Junction"},
	{10, "space f1 fishing b c"},                                           /* sea= is optional */
	{16, "fishtrack 0 0 9 9"},
	{18, "space m1 merchant a c trade=any:2 sea=s1"},
	{18, "space m1 merchant a c sea=s1 trade=ore:3"},
	{18, "space m1 merchant a c trade=brick:2"},
	{18, "title One\ntarget 6 30\ntarget 5 3"},
	{1, "# leading comment\n\n   \ncatanmap 1 # header"},
	{18, "point q junction - 1 2\nspace r9 road q a"},
};

START_TEST(mini_valid_edits)
{
	const struct good *g = &good[_i];
	char *text = edit(mini, g->line, g->with);
	catanmap *m = NULL;
	int rc = catanmap_parse(&m, text, strlen(text));
	ck_assert_msg(rc == CRISK_OK, "%s: %s", g->with, crisk_error_last());
	catanmap_free(m);
	free(text);
}
END_TEST

START_TEST(mini_fields_as_written)
{
	char *t = edit(mini, 2, "\t island\ti \t Kaua\xca\xbbi  Two \t # comment");
	char *u = edit(t, 3, "hex h1 i forest 5 -9999 9999 A  B");
	catanmap *m = must_parse(u, strlen(u));
	ck_assert_str_eq(cm_str(m, m->island[0].name), "Kaua\xca\xbbi  Two"); /* trimmed, inner spaces kept */
	ck_assert_str_eq(cm_str(m, m->hex[0].name), "A  B");
	ck_assert_int_eq(m->hex[0].q, -9999);
	ck_assert_int_eq(m->hex[0].r, 9999);
	catanmap_free(m);
	free(t);
	free(u);
	u = edit(mini, 18, "space m1 merchant a c sea=s1 trade=ore:3");
	m = must_parse(u, strlen(u));
	ck_assert_int_eq(m->space[2].trade, 4);
	ck_assert_int_eq(m->space[2].rate, 3);
	ck_assert_int_eq(m->space[2].sea.n, 1);
	catanmap_free(m);
	free(u);
	/* A hex and a point may share coordinates: different lattices. */
	u = edit(mini, 7, "point b junction - 0 0");
	m = must_parse(u, strlen(u));
	catanmap_free(m);
	free(u);
}
END_TEST

START_TEST(whole_file_line0_H29)
{
	must_fail("", "line 0: missing header 'catanmap 1'");
	must_fail("# only a comment\n\n", "line 0: missing header 'catanmap 1'");
	must_fail("catanmap 1\n", "line 0: missing statement 'robber'");
	must_fail("catanmap 1\nisland i I\nhex h i desert - 0 0\nrobber h\ntarget 3 5\n",
		  "line 0: missing statement 'point'");
	/* A map without sea needs no pirate; one without fishing spaces no fishtrack. */
	const char *dry = "catanmap 1\nisland i I\nhex h i forest 5 0 0\npoint p site i 0 -2 P\nproduces p h\n"
			  "robber h\ntarget 4 8\n";
	catanmap *m = must_parse(dry, strlen(dry));
	ck_assert_int_eq(m->pirate, -1);
	ck_assert_int_eq(m->n_track, 0);
	catanmap_free(m);
}
END_TEST

START_TEST(line_length_H21)
{
	char line[1100];
	/* A comment line of exactly 1024 bytes, with LF or CRLF: accepted. */
	memset(line, 'x', sizeof line);
	line[0] = '#';
	line[1024] = '\0';
	char *t = edit(mini, 18, line);
	catanmap *m = must_parse(t, strlen(t));
	catanmap_free(m);
	free(t);
	memcpy(line + 1024, "\r", 2);
	t = edit(mini, 18, line);
	m = must_parse(t, strlen(t));
	catanmap_free(m);
	free(t);
	/* 1025 bytes: refused, also as the last line without LF. */
	line[1024] = 'x';
	line[1025] = '\0';
	t = edit(mini, 2, line);
	must_fail(t, "line 2: line longer than 1024 bytes");
	free(t);
	t = edit(mini, 18, line);
	t[strlen(t) - 1] = '\0';
	must_fail(t, "line 18: line longer than 1024 bytes");
	free(t);
	/* A text field over a long line is still a text field: too long. */
	memset(line, 'y', 1000);
	memcpy(line, "title ", 6);
	line[1000] = '\0';
	t = edit(mini, 18, line);
	must_fail(t, "line 18: text longer than 64 bytes 'yyyy");
	free(t);
	/* 512 one-byte fields fill a line. */
	char track[1100] = "fishtrack";
	for (int i = 0; i < 507; i++)
		strcat(track, " 0");
	ck_assert_int_le(strlen(track), 1024);
	t = edit(mini, 16, track);
	m = must_parse(t, strlen(t));
	ck_assert_int_eq(m->n_track, 507);
	catanmap_free(m);
	free(t);
}
END_TEST

START_TEST(nul_and_binary_H21)
{
	/* A NUL byte anywhere is a control character; the length, not the NUL, ends the text. */
	char buf[sizeof mini];
	memcpy(buf, mini, sizeof mini);
	buf[11] = '\0'; /* the first byte of line 2 */
	must_fail_len(buf, sizeof mini - 1, "line 2: control character 0x00 at column 1");
	memcpy(buf, mini, sizeof mini);
	must_fail_len(buf, sizeof mini, "line 18: control character 0x00 at column 1");
	/* Binary garbage. */
	unsigned char junk[4096];
	uint32_t x = 12345;
	for (size_t i = 0; i < sizeof junk; i++) {
		x = x * 1103515245u + 12345u;
		junk[i] = (unsigned char)(x >> 16);
	}
	catanmap *m = (catanmap *)&m;
	ck_assert_int_eq(catanmap_parse(&m, (const char *)junk, sizeof junk), CRISK_EFORMAT);
	ck_assert_ptr_null(m);
	ck_assert(strncmp(crisk_error_last(), "line 1: ", 8) == 0);
	/* Arguments. */
	ck_assert_int_eq(catanmap_parse(NULL, mini, 3), CRISK_EINVAL);
	ck_assert_int_eq(catanmap_parse(&m, NULL, 3), CRISK_EINVAL);
	ck_assert_int_eq(catanmap_parse(&m, NULL, 0), CRISK_EFORMAT);
	ck_assert_str_eq(crisk_error_last(), "line 0: missing header 'catanmap 1'");
	catanmap_free(NULL);
}
END_TEST

START_TEST(large_files_H32)
{
	/* 10 MB: a valid map followed by comment lines parses, in one pass. */
	size_t big = 10u << 20, n = strlen(mini);
	char *t = malloc(big + 1);
	memcpy(t, mini, n);
	size_t i = n;
	for (; i + 100 <= big; i += 100) {
		memset(t + i, ' ', 100);
		t[i] = '#';
		t[i + 99] = '\n';
	}
	memset(t + i, '#', big - i); /* a last comment without LF */
	catanmap *m = must_parse(t, big);
	ck_assert_int_eq(m->n_point, 3);
	catanmap_free(m);
	/* One 10 MB line: refused at once. */
	memset(t + n, 'z', big - n);
	must_fail_len(t, big, "line 18: line longer than 1024 bytes");
	free(t);
	/* Over the file limit: refused before reading. */
	t = calloc(CM_MAX_BYTES + 1, 1);
	memcpy(t, mini, n);
	must_fail_len(t, CM_MAX_BYTES + 1, "line 0: file larger than 33554432 bytes");
	free(t);
}
END_TEST

/* A map at the H-32 limits (64 islands, 1024 hexes, 4096 points, 8192
 * spaces, 512 discs), plus `extra` appended lines. */
static char *limit_map(const char *extra)
{
	size_t cap = 1u << 20, o = 0;
	char *t = malloc(cap);
#define EMIT(...) (o += (size_t)snprintf(t + o, cap - o, __VA_ARGS__))
	EMIT("catanmap 1\n");
	for (int i = 0; i < CM_MAX_ISLANDS; i++)
		EMIT("island i%d Island %d\n", i, i);
	for (int i = 0; i < CM_MAX_HEXES - 1; i++)
		EMIT("hex h%d i%d forest 5 %d %d\n", i, i % CM_MAX_ISLANDS, i % 32, i / 32);
	EMIT("hex sea - sea - -1 -1\n");
	for (int i = 0; i < CM_MAX_POINTS; i++)
		EMIT("point p%d %s i0 %d %d%s\n", i, i ? "junction" : "site", i % 64, i / 64, i ? "" : " Start");
	/* The chain i-(i+1), the skips i-(i+2), and three more from p0. */
	int s = 0;
	for (int i = 0; i + 1 < CM_MAX_POINTS; i++, s++)
		EMIT("space s%d %s p%d p%d%s\n", s, s < CM_MAX_DISCS ? "fishing" : "road", i, i + 1,
		     s < CM_MAX_DISCS ? " sea=sea" : "");
	for (int i = 0; i + 2 < CM_MAX_POINTS; i++, s++)
		EMIT("space s%d road p%d p%d\n", s, i, i + 2);
	for (int k = 3; s < CM_MAX_SPACES; k++, s++)
		EMIT("space s%d road p0 p%d\n", s, k);
	EMIT("produces p0 h0\n");
	for (int i = 0; i < CM_MAX_DISCS; i++)
		EMIT("disc d%d 4 0 0 s%d\n", i, i);
	EMIT("robber h0\npirate sea\nfishtrack 0 1\ntarget 4 10\n%s", extra);
#undef EMIT
	ck_assert_uint_lt(o, cap - 1);
	return t;
}

START_TEST(limits_H32)
{
	char *t = limit_map("");
	catanmap *m = must_parse(t, strlen(t));
	ck_assert_int_eq(m->n_island, CM_MAX_ISLANDS);
	ck_assert_int_eq(m->n_hex, CM_MAX_HEXES);
	ck_assert_int_eq(m->n_point, CM_MAX_POINTS);
	ck_assert_int_eq(m->n_space, CM_MAX_SPACES);
	ck_assert_int_eq(m->n_disc, CM_MAX_DISCS);
	ck_assert_int_eq(catanmap_index(m, CM_SPACE, "s8191"), 8191);
	ck_assert_int_eq(catanmap_index(m, CM_POINT, "p4095"), 4095);
	ck_assert_int_eq(m->space[8191].b, 8191 - 8189 + 3);
	ck_assert_int_eq(m->point[0].spaces.n, 2 + 3);
	catanmap_free(m);
	free(t);
	static const struct {
		const char *extra, *msg;
	} over[] = {{"island x X\n", "more than 64 islands 'x'"},
		    {"hex x i0 forest 5 100 100\n", "more than 1024 hexes 'x'"},
		    {"point x junction - 100 100\n", "more than 4096 points 'x'"},
		    {"space x road p5 p100\n", "more than 8192 spaces 'x'"},
		    {"disc x 4 0 0 s0\n", "more than 512 discs 'x'"}};
	for (int k = 0; k < 5; k++) {
		t = limit_map(over[k].extra);
		m = (catanmap *)&m;
		ck_assert_int_eq(catanmap_parse(&m, t, strlen(t)), CRISK_EFORMAT);
		ck_assert_ptr_null(m);
		const char *e = crisk_error_last();
		ck_assert_msg(strstr(e, over[k].msg) != NULL, "%s", e);
		free(t);
	}
}
END_TEST

/* ---- docs/catanmap.md ---- */

START_TEST(docs_example_parses)
{
	/* The first fenced block holding "catanmap 1" is the guide's example. */
	ck_assert_ptr_nonnull(doc_path);
	FILE *f = fopen(doc_path, "rb");
	ck_assert_ptr_nonnull(f);
	static char doc[1 << 16];
	size_t n = fread(doc, 1, sizeof doc - 1, f);
	fclose(f);
	doc[n] = '\0';
	const char *s = doc, *block = NULL, *end = NULL;
	while ((s = strstr(s, "```\n")) != NULL) {
		const char *b = s + 4, *e = strstr(b, "```\n");
		ck_assert_ptr_nonnull(e);
		const char *hdr = strstr(b, "\ncatanmap 1\n");
		if (hdr && hdr < e) {
			block = b;
			end = e;
			break;
		}
		s = e + 4;
	}
	ck_assert_ptr_nonnull(block);
	catanmap *m = must_parse(block, (size_t)(end - block));
	ck_assert_int_eq(m->n_island, 1);
	ck_assert_int_eq(m->n_hex, 4);
	ck_assert_int_eq(m->n_point, 10);
	ck_assert_int_eq(m->n_space, 10);
	ck_assert_int_eq(m->n_disc, 1);
	ck_assert_str_eq(cm_str(m, m->title), "Three Hex Isle");
	ck_assert_int_eq(m->target[3], 10);
	ck_assert_int_eq(m->target[4], 10);
	/* Its number layout follows the same checks as the built-in map. */
	for (int i = 0; i < m->n_hex; i++)
		for (int j = i + 1; j < m->n_hex; j++)
			if (m->hex[i].number && hexes_adjacent(&m->hex[i], &m->hex[j]))
				ck_assert_int_ne(m->hex[i].number, m->hex[j].number);
	catanmap_free(m);
}
END_TEST

static Suite *catanmap_suite(void)
{
	Suite *s = suite_create("catanmap");
	TCase *tc = tcase_create("builtin");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, builtin_is_appendix_a_H16);
	tcase_add_test(tc, builtin_counts_3_1_H94);
	tcase_add_test(tc, builtin_index_anchors_H15_H95);
	tcase_add_test(tc, builtin_derived_lists);
	tcase_add_test(tc, builtin_connected_and_island_networks_3_11);
	tcase_add_test(tc, builtin_number_layout_3_11);
	tcase_add_test(tc, builtin_production_lists_3_11_H10_H17);
	tcase_add_test(tc, builtin_chits_and_distance_3_11_H98_H101);
	tcase_add_test(tc, builtin_no_cut_points_3_11);
	tcase_add_test(tc, builtin_merchants_fishing_sea_3_11_H103);
	tcase_add_loop_test(tc, builtin_edits_H111, 0, (int)(sizeof h111 / sizeof h111[0]));
	tcase_add_test(tc, builtin_line_ends_H21);
	tcase_add_test(tc, builtin_every_prefix_H31);
	suite_add_tcase(s, tc);
	tc = tcase_create("format");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, mini_parses);
	tcase_add_test(tc, comments_take_any_character_H22_H27);
	tcase_add_loop_test(tc, mini_errors_H31, 0, (int)(sizeof bad / sizeof bad[0]));
	tcase_add_loop_test(tc, mini_valid_edits, 0, (int)(sizeof good / sizeof good[0]));
	tcase_add_test(tc, mini_fields_as_written);
	tcase_add_test(tc, whole_file_line0_H29);
	tcase_add_test(tc, line_length_H21);
	tcase_add_test(tc, nul_and_binary_H21);
	tcase_add_test(tc, large_files_H32);
	tcase_add_test(tc, limits_H32);
	tcase_add_test(tc, docs_example_parses);
	suite_add_tcase(s, tc);
	return s;
}

int main(int argc, char **argv)
{
	doc_path = argc > 1 ? argv[1] : NULL;
	SRunner *sr = srunner_create(catanmap_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
