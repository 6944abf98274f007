/* Board graph, generation, JSON and Longest Road of the Catan kernel, pinned
 * against base.md sections 2-3, 10, 17 and Appendix A. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan/board.h"
#include "core/error.h"

/* ---- Appendix A, copied from base.md ---- */

static const char *const a1_base[] = {
	" 0 a1 ( 0,-2)   0  4  8 12  7  3 |   1   7  12  11   6   0",
	" 1 a2 ( 1,-2)   1  5  9 13  8  4 |   3   8  14  13   7   2",
	" 2 a3 ( 2,-2)   2  6 10 14  9  5 |   5   9  16  15   8   4",
	" 3 b1 (-1,-1)   7 12 17 22 16 11 |  11  19  25  24  18  10",
	" 4 b2 ( 0,-1)   8 13 18 23 17 12 |  13  20  27  26  19  12",
	" 5 b3 ( 1,-1)   9 14 19 24 18 13 |  15  21  29  28  20  14",
	" 6 b4 ( 2,-1)  10 15 20 25 19 14 |  17  22  31  30  21  16",
	" 7 c1 (-2, 0)  16 22 28 33 27 21 |  24  34  40  39  33  23",
	" 8 c2 (-1, 0)  17 23 29 34 28 22 |  26  35  42  41  34  25",
	" 9 c3 ( 0, 0)  18 24 30 35 29 23 |  28  36  44  43  35  27",
	"10 c4 ( 1, 0)  19 25 31 36 30 24 |  30  37  46  45  36  29",
	"11 c5 ( 2, 0)  20 26 32 37 31 25 |  32  38  48  47  37  31",
	"12 d1 (-2, 1)  28 34 39 43 38 33 |  41  50  55  54  49  40",
	"13 d2 (-1, 1)  29 35 40 44 39 34 |  43  51  57  56  50  42",
	"14 d3 ( 0, 1)  30 36 41 45 40 35 |  45  52  59  58  51  44",
	"15 d4 ( 1, 1)  31 37 42 46 41 36 |  47  53  61  60  52  46",
	"16 e1 (-2, 2)  39 44 48 51 47 43 |  56  63  67  66  62  55",
	"17 e2 (-1, 2)  40 45 49 52 48 44 |  58  64  69  68  63  57",
	"18 e3 ( 0, 2)  41 46 50 53 49 45 |  60  65  71  70  64  59",
};
static const char a1_base_sea[] =
	"19=(0,-3) 20=(1,-3) 21=(2,-3) 22=(3,-3) 23=(-1,-2) 24=(3,-2) 25=(-2,-1) 26=(3,-1) 27=(-3,0) "
	"28=(3,0) 29=(-3,1) 30=(2,1) 31=(-3,2) 32=(1,2) 33=(-3,3) 34=(-2,3) 35=(-1,3) 36=(0,3)";

static const char *const a1_big[] = {
	" 0 a1 ( 0,-3)   0  4  8 12  7  3 |   1   7  12  11   6   0",
	" 1 a2 ( 1,-3)   1  5  9 13  8  4 |   3   8  14  13   7   2",
	" 2 a3 ( 2,-3)   2  6 10 14  9  5 |   5   9  16  15   8   4",
	" 3 b1 (-1,-2)   7 12 17 22 16 11 |  11  19  25  24  18  10",
	" 4 b2 ( 0,-2)   8 13 18 23 17 12 |  13  20  27  26  19  12",
	" 5 b3 ( 1,-2)   9 14 19 24 18 13 |  15  21  29  28  20  14",
	" 6 b4 ( 2,-2)  10 15 20 25 19 14 |  17  22  31  30  21  16",
	" 7 c1 (-2,-1)  16 22 28 34 27 21 |  24  34  41  40  33  23",
	" 8 c2 (-1,-1)  17 23 29 35 28 22 |  26  35  43  42  34  25",
	" 9 c3 ( 0,-1)  18 24 30 36 29 23 |  28  36  45  44  35  27",
	"10 c4 ( 1,-1)  19 25 31 37 30 24 |  30  37  47  46  36  29",
	"11 c5 ( 2,-1)  20 26 32 38 31 25 |  32  38  49  48  37  31",
	"12 d1 (-3, 0)  27 34 41 47 40 33 |  40  52  59  58  51  39",
	"13 d2 (-2, 0)  28 35 42 48 41 34 |  42  53  61  60  52  41",
	"14 d3 (-1, 0)  29 36 43 49 42 35 |  44  54  63  62  53  43",
	"15 d4 ( 0, 0)  30 37 44 50 43 36 |  46  55  65  64  54  45",
	"16 d5 ( 1, 0)  31 38 45 51 44 37 |  48  56  67  66  55  47",
	"17 d6 ( 2, 0)  32 39 46 52 45 38 |  50  57  69  68  56  49",
	"18 e1 (-3, 1)  41 48 54 59 53 47 |  60  71  77  76  70  59",
	"19 e2 (-2, 1)  42 49 55 60 54 48 |  62  72  79  78  71  61",
	"20 e3 (-1, 1)  43 50 56 61 55 49 |  64  73  81  80  72  63",
	"21 e4 ( 0, 1)  44 51 57 62 56 50 |  66  74  83  82  73  65",
	"22 e5 ( 1, 1)  45 52 58 63 57 51 |  68  75  85  84  74  67",
	"23 f1 (-3, 2)  54 60 65 69 64 59 |  78  87  92  91  86  77",
	"24 f2 (-2, 2)  55 61 66 70 65 60 |  80  88  94  93  87  79",
	"25 f3 (-1, 2)  56 62 67 71 66 61 |  82  89  96  95  88  81",
	"26 f4 ( 0, 2)  57 63 68 72 67 62 |  84  90  98  97  89  83",
	"27 g1 (-3, 3)  65 70 74 77 73 69 |  93 100 104 103  99  92",
	"28 g2 (-2, 3)  66 71 75 78 74 70 |  95 101 106 105 100  94",
	"29 g3 (-1, 3)  67 72 76 79 75 71 |  97 102 108 107 101  96",
};
static const char a1_big_sea[] =
	"30=(0,-4) 31=(1,-4) 32=(2,-4) 33=(3,-4) 34=(-1,-3) 35=(3,-3) 36=(-2,-2) 37=(3,-2) "
	"38=(-3,-1) 39=(3,-1) 40=(-4,0) 41=(3,0) 42=(-4,1) 43=(2,1) 44=(-4,2) 45=(1,2) 46=(-4,3) "
	"47=(0,3) 48=(-4,4) 49=(-3,4) 50=(-2,4) 51=(-1,4)";

static const char *const a2_rows[] = {
	"base  0 a1-NW  0,3   path 0   sea 19 (generic)   | 5-6  0 a1-NW  0,3   path 0   sea 30",
	"base  1 a2-NE  1,5   path 3   sea 21 (grain)     | 5-6  1 a2-NE  1,5   path 3   sea 32",
	"base  2 b4-NE 10,15  path 17  sea 24 (ore)       | 5-6  2 b4-NE 10,15  path 17  sea 35",
	"base  3 c5-E  26,32  path 38  sea 28 (generic)   | 5-6  3 c5-E  26,32  path 38  sea 39",
	"base  4 d4-SE 42,46  path 61  sea 32 (wool)      | 5-6  4 e5-E  52,58  path 75  sea 43",
	"base  5 e2-SE 49,52  path 69  sea 35 (generic)   | 5-6  5 f4-SE 68,72  path 98  sea 47",
	"base  6 e1-SW 47,51  path 66  sea 33 (generic)   | 5-6  6 g2-SE 75,78  path 106 sea 50",
	"base  7 d1-W  33,38  path 49  sea 29 (brick)     | 5-6  7 g1-SW 73,77  path 103 sea 48",
	"base  8 b1-W  11,16  path 18  sea 25 (lumber)    | 5-6  8 e1-SW 53,59  path 76  sea 44",
	"                                                 | 5-6  9 d1-W  33,40  path 51  sea 40",
	"                                                 | 5-6 10 c1-NW 16,21  path 23  sea 36",
};

static const char *const a3_base[] = {
	"v 0: 0 3 7 12 16 17 18 15 11 6 2 1 4 8 13 14 10 5 9",
	"v 1: 0 1 2 6 11 15 18 17 16 12 7 3 4 5 10 14 13 8 9",
	"v 2: 2 1 0 3 7 12 16 17 18 15 11 6 5 4 8 13 14 10 9",
	"v 3: 2 6 11 15 18 17 16 12 7 3 0 1 5 10 14 13 8 4 9",
	"v 4: 11 6 2 1 0 3 7 12 16 17 18 15 10 5 4 8 13 14 9",
	"v 5: 11 15 18 17 16 12 7 3 0 1 2 6 10 14 13 8 4 5 9",
	"v 6: 18 15 11 6 2 1 0 3 7 12 16 17 14 10 5 4 8 13 9",
	"v 7: 18 17 16 12 7 3 0 1 2 6 11 15 14 13 8 4 5 10 9",
	"v 8: 16 17 18 15 11 6 2 1 0 3 7 12 13 14 10 5 4 8 9",
	"v 9: 16 12 7 3 0 1 2 6 11 15 18 17 13 8 4 5 10 14 9",
	"v10: 7 12 16 17 18 15 11 6 2 1 0 3 8 13 14 10 5 4 9",
	"v11: 7 3 0 1 2 6 11 15 18 17 16 12 8 4 5 10 14 13 9",
};
static const char *const a3_big[] = {
	"v 0: 0 3 7 12 18 23 27 28 29 26 22 17 11 6 2 1 4 8 13 19 24 25 21 16 10 5 9 14 20 15",
	"v 1: 0 1 2 6 11 17 22 26 29 28 27 23 18 12 7 3 4 5 10 16 21 25 24 19 13 8 9 15 20 14",
	"v 2: 2 1 0 3 7 12 18 23 27 28 29 26 22 17 11 6 5 4 8 13 19 24 25 21 16 10 9 14 20 15",
	"v 3: 2 6 11 17 22 26 29 28 27 23 18 12 7 3 0 1 5 10 16 21 25 24 19 13 8 4 9 15 20 14",
	"v 4: 17 11 6 2 1 0 3 7 12 18 23 27 28 29 26 22 16 10 5 4 8 13 19 24 25 21 15 9 14 20",
	"v 5: 17 22 26 29 28 27 23 18 12 7 3 0 1 2 6 11 16 21 25 24 19 13 8 4 5 10 15 20 14 9",
	"v 6: 29 26 22 17 11 6 2 1 0 3 7 12 18 23 27 28 25 21 16 10 5 4 8 13 19 24 20 15 9 14",
	"v 7: 29 28 27 23 18 12 7 3 0 1 2 6 11 17 22 26 25 24 19 13 8 4 5 10 16 21 20 14 9 15",
	"v 8: 27 28 29 26 22 17 11 6 2 1 0 3 7 12 18 23 24 25 21 16 10 5 4 8 13 19 20 15 9 14",
	"v 9: 27 23 18 12 7 3 0 1 2 6 11 17 22 26 29 28 24 19 13 8 4 5 10 16 21 25 20 14 9 15",
	"v10: 12 18 23 27 28 29 26 22 17 11 6 2 1 0 3 7 13 19 24 25 21 16 10 5 4 8 14 20 15 9",
	"v11: 12 7 3 0 1 2 6 11 17 22 26 29 28 27 23 18 13 8 4 5 10 16 21 25 24 19 14 9 15 20",
};

/* B-35, B-114 letter values; B-3, B-113 token lists. */
static const int base_letters[18] = {5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11};
static const int big_letters[28] = {2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4,
				    8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6};
static const int base_token_count[13] = {0, 0, 1, 2, 2, 2, 2, 0, 2, 2, 2, 2, 1};
static const int big_token_count[13] = {0, 0, 2, 3, 3, 3, 3, 0, 3, 3, 3, 3, 2};

static const char *const side_names[6] = {"NE", "E", "SE", "SW", "W", "NW"};

/* ---- helpers ---- */

static void load(board *b, int big)
{
	ck_assert_int_eq(board_standard(b, big), CRISK_OK);
}

static int pips(int token)
{
	return token ? 6 - abs(7 - token) : 0;
}

static int is_red(int token)
{
	return token == 6 || token == 8;
}

/* Counts adjacent land-hex pairs with both red / equal numbers. */
static void adjacent_clashes(const board *b, const int *token, int *reds, int *equal)
{
	*reds = *equal = 0;
	for (int p = 0; p < b->n_path; p++) {
		const bpath *e = &b->path[p];
		int ta, tb;
		if (e->n_hex != 2)
			continue;
		ta = token[e->hex[0]];
		tb = token[e->hex[1]];
		*reds += is_red(ta) && is_red(tb);
		*equal += ta != 0 && ta == tb;
	}
}

static void board_tokens(const board *b, int *token)
{
	for (int h = 0; h < b->n_land; h++)
		token[h] = b->token[h];
}

static void check_component_multisets(const board *b)
{
	static const int base_terrain[6] = {3, 4, 4, 4, 3, 1}, big_terrain[6] = {5, 6, 6, 6, 5, 2};
	static const int base_harbor[6] = {4, 1, 1, 1, 1, 1}, big_harbor[6] = {5, 1, 1, 2, 1, 1};
	int terrain[7] = {0}, tokens[13] = {0}, harbors[6] = {0}, pip_total = 0;

	for (int h = 0; h < b->n_land; h++) {
		ck_assert_int_lt(b->terrain[h], 6);
		ck_assert_int_le(b->token[h], 12);
		terrain[b->terrain[h]]++;
		tokens[b->token[h]]++;
		/* B-3: deserts carry no token, every other land hex one. */
		ck_assert_int_eq(b->terrain[h] == TERR_DESERT, b->token[h] == 0);
	}
	for (int s = 0; s < b->n_harbor; s++) {
		ck_assert_int_lt(b->harbor_type[s], 6);
		harbors[b->harbor_type[s]]++;
	}
	for (int t = 0; t < 6; t++) {
		ck_assert_int_eq(terrain[t], b->big ? big_terrain[t] : base_terrain[t]);
		ck_assert_int_eq(harbors[t], b->big ? big_harbor[t] : base_harbor[t]);
	}
	for (int v = 2; v <= 12; v++) {
		ck_assert_int_eq(tokens[v], b->big ? big_token_count[v] : base_token_count[v]);
		pip_total += tokens[v] * pips(v);
	}
	ck_assert_int_eq(pip_total, b->big ? 88 : 58);
	/* B-37: the robber starts on the lowest-id desert. */
	for (int h = 0; h < b->n_land; h++) {
		if (b->terrain[h] == TERR_DESERT) {
			ck_assert_int_eq(b->robber_start, h);
			break;
		}
	}
}

static int find_label(const board *b, const char *label)
{
	for (int h = 0; h < b->n_land; h++)
		if (strcmp(b->hex[h].label, label) == 0)
			return h;
	return -1;
}

/* ---- topology: Appendix A.1 ---- */

static void check_a1(const char *const *rows, int n_rows, const char *sea, int big)
{
	board b;
	const char *at = sea;
	int id, q, r, used, n_sea = 0;

	load(&b, big);
	ck_assert_int_eq(b.n_land, n_rows);
	for (int i = 0; i < n_rows; i++) {
		char label[8];
		int c[6], s[6];
		int got = sscanf(rows[i], "%d %7s ( %d , %d ) %d %d %d %d %d %d | %d %d %d %d %d %d", &id, label, &q, &r,
				 &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &s[0], &s[1], &s[2], &s[3], &s[4], &s[5]);
		ck_assert_int_eq(got, 16);
		ck_assert_int_eq(id, i);
		ck_assert_str_eq(b.hex[i].label, label);
		ck_assert_int_eq(b.hex[i].q, q);
		ck_assert_int_eq(b.hex[i].r, r);
		ck_assert(b.hex[i].land);
		for (int k = 0; k < 6; k++) {
			ck_assert_int_eq(b.hex[i].node[k], c[k]);
			ck_assert_int_eq(b.hex[i].path[k], s[k]);
		}
	}
	while (sscanf(at, " %d=( %d , %d )%n", &id, &q, &r, &used) == 3) {
		ck_assert_int_eq(id, b.n_land + n_sea);
		ck_assert_int_eq(b.hex[id].q, q);
		ck_assert_int_eq(b.hex[id].r, r);
		ck_assert(!b.hex[id].land);
		ck_assert_str_eq(b.hex[id].label, "");
		n_sea++;
		at += used;
	}
	ck_assert_int_eq(b.n_sea, n_sea);
	board_free(&b);
}

/* B-11..B-15, B-20..B-22 */
START_TEST(appendix_a1_base_B15_B20_B21_B22_B24)
{
	check_a1(a1_base, 19, a1_base_sea, 0);
}
END_TEST

/* B-25, B-20..B-22 */
START_TEST(appendix_a1_big_B25_B20_B21_B22)
{
	check_a1(a1_big, 30, a1_big_sea, 1);
}
END_TEST

/* B-13 corner offsets N NE SE S SW NW. */
static const int corner_dx[6] = {0, 1, 1, 0, -1, -1};
static const int corner_dy[6] = {-2, -1, 1, 2, 1, -1};

/* Sea hexes carry the ids of the corners and sides they share with land (B-16). */
START_TEST(sea_hex_corners_and_sides_B16)
{
	for (int big = 0; big <= 1; big++) {
		board b;
		load(&b, big);
		for (int h = b.n_land; h < b.n_land + b.n_sea; h++) {
			int shared = 0;
			for (int k = 0; k < 6; k++) {
				unsigned v = b.hex[h].node[k], p = b.hex[h].path[k];
				if (v != BOARD_NONE) {
					ck_assert_int_lt(v, b.n_node);
					ck_assert_int_eq(b.node[v].x, 2 * b.hex[h].q + b.hex[h].r + corner_dx[k]);
					ck_assert_int_eq(b.node[v].y, 3 * b.hex[h].r + corner_dy[k]);
				}
				if (p != BOARD_NONE) {
					/* A path side of a sea hex is coastal and its ends are the two corners. */
					ck_assert_int_eq(b.path[p].n_hex, 1);
					ck_assert_int_ne(v, BOARD_NONE);
					ck_assert_int_ne(b.hex[h].node[(k + 1) % 6], BOARD_NONE);
					shared++;
				}
			}
			ck_assert_int_ge(shared, 1); /* every frame hex touches land */
		}
		board_free(&b);
	}
}
END_TEST

/* ---- Appendix A.2 harbor slots (B-23, B-27) ---- */

static void check_slot(const board *b, const char *text)
{
	char where[16], *dash;
	int slot, n0, n1, path, sea, h, side = -1;

	ck_assert_int_eq(sscanf(text, "%d %15s %d , %d path %d sea %d", &slot, where, &n0, &n1, &path, &sea), 6);
	dash = strchr(where, '-');
	ck_assert_ptr_nonnull(dash);
	*dash = '\0';
	for (int d = 0; d < 6; d++)
		if (strcmp(dash + 1, side_names[d]) == 0)
			side = d;
	h = find_label(b, where);
	ck_assert_int_ge(h, 0);
	ck_assert_int_ge(side, 0);
	ck_assert_int_lt(slot, b->n_harbor);
	ck_assert_int_eq(b->harbor[slot].hex, h);
	ck_assert_int_eq(b->harbor[slot].side, side);
	ck_assert_int_eq(b->harbor[slot].node[0], n0);
	ck_assert_int_eq(b->harbor[slot].node[1], n1);
	ck_assert_int_eq(b->harbor[slot].path, path);
	ck_assert_int_eq(b->harbor[slot].sea, sea);
	ck_assert_int_eq(b->path[path].harbor, slot);
	ck_assert_int_eq(b->node[n0].harbor, slot);
	ck_assert_int_eq(b->node[n1].harbor, slot);
	ck_assert_int_eq(b->path[path].n_hex, 1);
	ck_assert(!b->hex[sea].land);
}

START_TEST(appendix_a2_harbor_slots_B23_B27)
{
	board base, big;
	int n_base = 0, n_big = 0;

	load(&base, 0);
	load(&big, 1);
	for (size_t i = 0; i < sizeof a2_rows / sizeof a2_rows[0]; i++) {
		const char *at = strstr(a2_rows[i], "base");
		if (at) {
			check_slot(&base, at + 4);
			n_base++;
		}
		at = strstr(a2_rows[i], "5-6");
		ck_assert_ptr_nonnull(at);
		check_slot(&big, at + 3);
		n_big++;
	}
	ck_assert_int_eq(base.n_harbor, n_base);
	ck_assert_int_eq(big.n_harbor, n_big);
	board_free(&base);
	board_free(&big);
}
END_TEST

/* ---- Appendix A.3 spirals (B-34) ---- */

static void check_spirals(const char *const *rows, int big)
{
	board b;
	uint16_t order[32];

	load(&b, big);
	for (int v = 0; v < 12; v++) {
		const char *at = strchr(rows[v], ':') + 1;
		int used, id, n = 0;
		ck_assert_int_eq(board_spiral(&b, v, order), CRISK_OK);
		while (sscanf(at, "%d%n", &id, &used) == 1) {
			ck_assert_msg(order[n] == id, "variant %d position %d: got %d, want %d", v, n, order[n], id);
			n++;
			at += used;
		}
		ck_assert_int_eq(n, b.n_land);
	}
	ck_assert_int_eq(board_spiral(&b, 12, order), CRISK_EINVAL);
	ck_assert_int_eq(board_spiral(&b, -1, order), CRISK_EINVAL);
	ck_assert_int_eq(board_spiral(&b, 0, NULL), CRISK_EINVAL);
	board_free(&b);
}

START_TEST(appendix_a3_spirals_B34)
{
	check_spirals(a3_base, 0);
	check_spirals(a3_big, 1);
}
END_TEST

/* ---- counts (B-136, B-137) ---- */

typedef struct expected_counts {
	int land, sea, nodes, paths, inland, coastal, slots, land_pairs;
	int touch[4]; /* intersections touching 1/2/3 land hexes at [1..3] */
	int deg2, deg3;
	int rows[16], n_rows;
} expected_counts;

static void check_counts(int big, const expected_counts *x)
{
	board b;
	int inland = 0, coastal = 0, touch[4] = {0}, deg[4] = {0}, n_rows = 0, harbor_nodes = 0;
	int rows[32] = {0};

	load(&b, big);
	ck_assert_int_eq(b.n_land, x->land);
	ck_assert_int_eq(b.n_sea, x->sea);
	ck_assert_int_eq(b.n_node, x->nodes);
	ck_assert_int_eq(b.n_path, x->paths);
	ck_assert_int_eq(b.n_harbor, x->slots);
	/* Euler: V - E + F = 2 with the land hexes and the outer face. */
	ck_assert_int_eq(b.n_node - b.n_path + b.n_land + 1, 2);
	for (int p = 0; p < b.n_path; p++) {
		const bpath *e = &b.path[p];
		ck_assert_int_lt(e->node[0], e->node[1]);
		if (e->n_hex == 2) {
			inland++;
			ck_assert_int_lt(e->hex[0], e->hex[1]);
		} else {
			ck_assert_int_eq(e->n_hex, 1);
			ck_assert_int_eq(e->hex[1], BOARD_NONE);
			coastal++;
		}
	}
	ck_assert_int_eq(inland, x->inland);
	ck_assert_int_eq(coastal, x->coastal);
	ck_assert_int_eq(inland, x->land_pairs); /* one shared side per adjacent land pair */
	for (int n = 0; n < b.n_node; n++) {
		const bnode *v = &b.node[n];
		ck_assert_int_ge(v->n_hex, 1);
		ck_assert_int_le(v->n_hex, 3);
		touch[v->n_hex]++;
		ck_assert_int_ge(v->deg, 2);
		ck_assert_int_le(v->deg, 3);
		deg[v->deg]++;
		ck_assert_int_eq(v->coastal, v->n_hex < 3);
		harbor_nodes += v->harbor != BOARD_NO8;
		for (int i = 0; i < v->deg; i++) {
			const bpath *e = &b.path[v->path[i]];
			if (i > 0)
				ck_assert_int_lt(v->adj[i - 1], v->adj[i]);
			/* The path joins this node and the neighbour. */
			ck_assert((e->node[0] == n && e->node[1] == v->adj[i]) || (e->node[1] == n && e->node[0] == v->adj[i]));
		}
		for (int i = 1; i < v->n_hex; i++)
			ck_assert_int_lt(v->hex[i - 1], v->hex[i]);
		if (n == 0 || b.node[n - 1].y != v->y)
			n_rows++;
		rows[n_rows - 1]++;
		if (n > 0)
			ck_assert(b.node[n - 1].y < v->y || (b.node[n - 1].y == v->y && b.node[n - 1].x < v->x));
	}
	for (int k = 1; k <= 3; k++)
		ck_assert_int_eq(touch[k], x->touch[k]);
	ck_assert_int_eq(deg[2], x->deg2);
	ck_assert_int_eq(deg[3], x->deg3);
	ck_assert_int_eq(harbor_nodes, 2 * x->slots); /* no intersection in two slots */
	ck_assert_int_eq(n_rows, x->n_rows);
	for (int i = 0; i < n_rows; i++)
		ck_assert_int_eq(rows[i], x->rows[i]);
	board_free(&b);
}

START_TEST(counts_base_B17_B18_B19_B136)
{
	static const expected_counts x = {19, 18, 54, 72, 42, 30, 9, 42, {0, 18, 12, 24}, 18, 36,
					  {3, 4, 4, 5, 5, 6, 6, 5, 5, 4, 4, 3}, 12};
	check_counts(0, &x);
}
END_TEST

START_TEST(counts_big_B26_B137)
{
	static const expected_counts x = {30, 22, 80, 109, 71, 38, 11, 71, {0, 22, 16, 42}, 22, 58,
					  {3, 4, 4, 5, 5, 6, 6, 7, 7, 6, 6, 5, 5, 4, 4, 3}, 16};
	check_counts(1, &x);
}
END_TEST

/* B-138 id anchors. */
START_TEST(id_anchors_B138)
{
	static const uint16_t c3_corners[6] = {18, 24, 30, 35, 29, 23};
	board b;

	load(&b, 0);
	ck_assert_int_eq(b.hex[0].node[0], 0);
	ck_assert_int_eq(b.hex[0].path[5], 0);
	ck_assert_int_eq(b.path[0].node[0], 0);
	ck_assert_int_eq(b.path[0].node[1], 3);
	ck_assert_str_eq(b.hex[9].label, "c3");
	ck_assert_int_eq(b.hex[9].q, 0);
	ck_assert_int_eq(b.hex[9].r, 0);
	for (int k = 0; k < 6; k++)
		ck_assert_int_eq(b.hex[9].node[k], c3_corners[k]);
	ck_assert_int_eq(b.hex[18].path[2], 71);
	ck_assert_int_eq(b.path[71].node[0], 50);
	ck_assert_int_eq(b.path[71].node[1], 53);
	board_free(&b);

	load(&b, 1);
	ck_assert_str_eq(b.hex[29].label, "g3");
	ck_assert_int_eq(b.hex[29].node[3], 79);
	ck_assert_int_eq(b.n_node, 80);
	ck_assert_int_eq(b.hex[29].path[2], 108);
	ck_assert_int_eq(b.n_path, 109);
	board_free(&b);
}
END_TEST

START_TEST(board_free_is_safe)
{
	board b;
	memset(&b, 0, sizeof b);
	board_free(&b); /* safe on a zeroed board */
	load(&b, 0);
	board_free(&b);
	ck_assert_ptr_null(b.hex);
	ck_assert_ptr_null(b.terrain);
	ck_assert_int_eq(b.n_node, 0);
	board_free(&b);
	board_free(NULL);
	ck_assert_int_eq(board_standard(NULL, 0), CRISK_EINVAL);
}
END_TEST

/* B-139, B-2, B-3, B-5, B-113: component lists (18 tokens with 58 pips, 28 with
 * 88; 9 harbors with 4 generic, 11 with 5 generic and 2 wool). */
START_TEST(components_B139)
{
	for (int big = 0; big <= 1; big++) {
		board b;
		rng r;
		int n_tokens = 0;
		load(&b, big);
		rng_seed(&r, 5);
		ck_assert_int_eq(board_generate(&b, BOARD_RANDOM, 0, &r, NULL, NULL, NULL), CRISK_OK);
		check_component_multisets(&b);
		for (int h = 0; h < b.n_land; h++)
			n_tokens += b.token[h] != 0;
		ck_assert_int_eq(n_tokens, big ? 28 : 18);
		ck_assert_int_eq(b.n_harbor, big ? 11 : 9);
		board_free(&b);
	}
}
END_TEST

/* ---- spiral property (B-142) ---- */

static void spiral_letters(const board *b, const uint16_t *order, const int *letters, const uint8_t *desert,
			   int *token)
{
	int k = 0;
	for (int i = 0; i < b->n_land; i++)
		token[order[i]] = desert[order[i]] ? 0 : letters[k++];
}

START_TEST(spiral_property_B142)
{
	board b;
	uint16_t order[32];
	int token[32], reds, equal, equal_boards = 0, boards = 0;
	uint8_t desert[32];

	load(&b, 0);
	for (int v = 0; v < 12; v++) {
		ck_assert_int_eq(board_spiral(&b, v, order), CRISK_OK);
		for (int d = 0; d < b.n_land; d++) {
			memset(desert, 0, sizeof desert);
			desert[d] = 1;
			spiral_letters(&b, order, base_letters, desert, token);
			adjacent_clashes(&b, token, &reds, &equal);
			ck_assert_msg(reds == 0 && equal == 0, "base variant %d desert %d", v, d);
			boards++;
		}
	}
	ck_assert_int_eq(boards, 228);
	board_free(&b);

	load(&b, 1);
	boards = 0;
	for (int v = 0; v < 12; v++) {
		ck_assert_int_eq(board_spiral(&b, v, order), CRISK_OK);
		for (int d1 = 0; d1 < b.n_land; d1++) {
			for (int d2 = d1 + 1; d2 < b.n_land; d2++) {
				memset(desert, 0, sizeof desert);
				desert[d1] = desert[d2] = 1;
				spiral_letters(&b, order, big_letters, desert, token);
				adjacent_clashes(&b, token, &reds, &equal);
				ck_assert_msg(reds == 0, "5-6 variant %d deserts %d %d", v, d1, d2);
				equal_boards += equal > 0;
				boards++;
			}
		}
	}
	ck_assert_int_eq(boards, 5220);
	ck_assert_int_gt(2 * equal_boards, boards); /* "equal numbers are adjacent on most" */
	board_free(&b);
}
END_TEST

/* ---- beginner (B-30, B-37, B-143) ---- */

START_TEST(beginner_layout_B1_B4_B30_B37_B143)
{
	static const uint8_t harbors[9] = {0, 4, 5, 0, 3, 0, 0, 1, 2};
	static const int want_pips[5] = {12, 13, 10, 13, 10};
	board b;
	int token[32], reds, equal, resource_pips[6] = {0}, best = 0, n_best = 0, best_ids[8];

	load(&b, 0);
	ck_assert_int_eq(board_generate(&b, BOARD_BEGINNER, 0, NULL, NULL, NULL, NULL), CRISK_OK);
	check_component_multisets(&b);
	ck_assert_int_eq(b.terrain[0], TERR_MOUNTAINS);
	ck_assert_int_eq(b.token[0], 10);
	ck_assert_int_eq(b.terrain[9], TERR_DESERT);
	ck_assert_int_eq(b.robber_start, 9);
	ck_assert_int_eq(b.terrain[18], TERR_PASTURE);
	ck_assert_int_eq(b.token[18], 11);
	for (int s = 0; s < 9; s++)
		ck_assert_int_eq(b.harbor_type[s], harbors[s]);
	board_tokens(&b, token);
	adjacent_clashes(&b, token, &reds, &equal);
	ck_assert_int_eq(reds, 0);
	ck_assert_int_eq(equal, 0);
	for (int h = 0; h < b.n_land; h++)
		resource_pips[b.terrain[h]] += pips(b.token[h]);
	for (int t = 0; t < 5; t++)
		ck_assert_int_eq(resource_pips[t], want_pips[t]);
	ck_assert_int_eq(resource_pips[TERR_DESERT], 0);
	for (int n = 0; n < b.n_node; n++) {
		int sum = 0;
		for (int i = 0; i < b.node[n].n_hex; i++)
			sum += pips(b.token[b.node[n].hex[i]]);
		if (sum > best) {
			best = sum;
			n_best = 0;
		}
		if (sum == best && n_best < 8)
			best_ids[n_best++] = n;
	}
	ck_assert_int_eq(best, 11);
	ck_assert_int_eq(n_best, 4);
	ck_assert_int_eq(best_ids[0], 28);
	ck_assert_int_eq(best_ids[1], 31);
	ck_assert_int_eq(best_ids[2], 39);
	ck_assert_int_eq(best_ids[3], 44);
	board_free(&b);

	/* B-28: no beginner map for 5-6 players. */
	load(&b, 1);
	ck_assert_int_eq(board_generate(&b, BOARD_BEGINNER, 0, NULL, NULL, NULL, NULL), CRISK_EPARAM);
	ck_assert_ptr_nonnull(strstr(err_message(), "beginner"));
	board_free(&b);
}
END_TEST

/* ---- random generation: determinism and draw order (B-29, B-32..B-36, B-135) ---- */

static void shuffle_ref(rng *r, uint8_t *items, int n)
{
	for (int i = n - 1; i >= 1; i--) {
		int j = (int)rng_uniform(r, (uint32_t)i + 1);
		uint8_t t = items[i];
		items[i] = items[j];
		items[j] = t;
	}
}

/* The layout a spec reading of B-32..B-36 and B-135 draws from seed. */
static void reference_layout(const board *b, int kind, int no_identical, uint64_t seed, uint8_t *terrain,
			     uint8_t *token, uint8_t *harbor, rng *r)
{
	static const uint8_t base_harbors[9] = {0, 0, 0, 0, 1, 2, 3, 4, 5};
	static const uint8_t big_harbors[11] = {0, 0, 0, 0, 0, 1, 2, 3, 3, 4, 5};
	const int *counts = b->big ? (const int[]){5, 6, 6, 6, 5, 2} : (const int[]){3, 4, 4, 4, 3, 1};
	int k = 0;

	rng_seed(r, seed);
	for (int t = 0; t < 6; t++)
		for (int i = 0; i < counts[t]; i++)
			terrain[k++] = (uint8_t)t;
	shuffle_ref(r, terrain, b->n_land);
	memcpy(harbor, b->big ? big_harbors : base_harbors, (size_t)b->n_harbor);
	shuffle_ref(r, harbor, b->n_harbor);
	if (kind == BOARD_RANDOM) {
		uint16_t order[32];
		int v = (int)rng_uniform(r, 12), letter = 0;
		ck_assert_int_eq(board_spiral(b, v, order), CRISK_OK);
		for (int i = 0; i < b->n_land; i++)
			token[order[i]] = terrain[order[i]] == TERR_DESERT ? 0
				: (uint8_t)(b->big ? big_letters : base_letters)[letter++];
		return;
	}
	for (;;) {
		uint8_t list[32];
		int tok[32], n = 0, reds, equal;
		const int *counts_tok = b->big ? big_token_count : base_token_count;
		for (int v = 2; v <= 12; v++)
			for (int i = 0; i < counts_tok[v]; i++)
				list[n++] = (uint8_t)v;
		shuffle_ref(r, list, n);
		n = 0;
		for (int h = 0; h < b->n_land; h++)
			tok[h] = token[h] = terrain[h] == TERR_DESERT ? 0 : list[n++];
		adjacent_clashes(b, tok, &reds, &equal);
		if (reds == 0 && (!no_identical || equal == 0))
			return;
	}
}

static void check_draw_order(int big, int kind, int no_identical, uint64_t seed)
{
	board b;
	rng r, ref;
	uint8_t terrain[32], token[32], harbor[16];

	load(&b, big);
	rng_seed(&r, seed);
	ck_assert_int_eq(board_generate(&b, kind, no_identical, &r, NULL, NULL, NULL), CRISK_OK);
	reference_layout(&b, kind, no_identical, seed, terrain, token, harbor, &ref);
	ck_assert_mem_eq(b.terrain, terrain, (size_t)b.n_land);
	ck_assert_mem_eq(b.token, token, (size_t)b.n_land);
	ck_assert_mem_eq(b.harbor_type, harbor, (size_t)b.n_harbor);
	/* Same number of draws: the generators are in the same state. */
	ck_assert_mem_eq(r.s, ref.s, sizeof r.s);
	check_component_multisets(&b);
	board_free(&b);
}

START_TEST(draw_order_B29_B32_B33_B34_B135)
{
	for (uint64_t seed = 1; seed <= 40; seed++) {
		check_draw_order(0, BOARD_RANDOM, 0, seed);
		check_draw_order(1, BOARD_RANDOM, 0, seed);
	}
}
END_TEST

START_TEST(draw_order_random_tokens_B36_B135)
{
	for (uint64_t seed = 1; seed <= 20; seed++) {
		check_draw_order(0, BOARD_RANDOM_TOKENS, 0, seed);
		check_draw_order(0, BOARD_RANDOM_TOKENS, 1, seed);
		check_draw_order(1, BOARD_RANDOM_TOKENS, 0, seed);
	}
	check_draw_order(1, BOARD_RANDOM_TOKENS, 1, 7);
}
END_TEST

START_TEST(same_seed_same_layout_B29)
{
	for (int big = 0; big <= 1; big++) {
		board a, b;
		rng ra, rb;
		int differs = 0;
		load(&a, big);
		load(&b, big);
		for (uint64_t seed = 100; seed < 110; seed++) {
			rng_seed(&ra, seed);
			rng_seed(&rb, seed);
			ck_assert_int_eq(board_generate(&a, BOARD_RANDOM, 0, &ra, NULL, NULL, NULL), CRISK_OK);
			ck_assert_int_eq(board_generate(&b, BOARD_RANDOM, 0, &rb, NULL, NULL, NULL), CRISK_OK);
			ck_assert_mem_eq(a.terrain, b.terrain, (size_t)a.n_land);
			ck_assert_mem_eq(a.token, b.token, (size_t)a.n_land);
			ck_assert_mem_eq(a.harbor_type, b.harbor_type, (size_t)a.n_harbor);
			ck_assert_int_eq(a.robber_start, b.robber_start);
			/* A different seed gives a different layout (on these seeds). */
			rng_seed(&rb, seed + 1000);
			ck_assert_int_eq(board_generate(&b, BOARD_RANDOM, 0, &rb, NULL, NULL, NULL), CRISK_OK);
			differs += memcmp(a.terrain, b.terrain, (size_t)a.n_land) != 0;
		}
		ck_assert_int_ge(differs, 9);
		board_free(&a);
		board_free(&b);
	}
}
END_TEST

/* B-34: the spiral keeps reds apart on every random board; B-36 for random_tokens. */
START_TEST(random_constraints_B34_B36)
{
	for (int big = 0; big <= 1; big++) {
		board b;
		rng r;
		int token[32], reds, equal;
		load(&b, big);
		for (uint64_t seed = 1; seed <= (big ? 60u : 200u); seed++) {
			rng_seed(&r, seed);
			ck_assert_int_eq(board_generate(&b, BOARD_RANDOM, 0, &r, NULL, NULL, NULL), CRISK_OK);
			check_component_multisets(&b);
			board_tokens(&b, token);
			adjacent_clashes(&b, token, &reds, &equal);
			ck_assert_int_eq(reds, 0);

			ck_assert_int_eq(board_generate(&b, BOARD_RANDOM_TOKENS, 0, &r, NULL, NULL, NULL), CRISK_OK);
			check_component_multisets(&b);
			board_tokens(&b, token);
			adjacent_clashes(&b, token, &reds, &equal);
			ck_assert_int_eq(reds, 0);

			if (big && seed > 10)
				continue; /* 0.1% acceptance on 5-6: a few boards suffice */
			ck_assert_int_eq(board_generate(&b, BOARD_RANDOM_TOKENS, 1, &r, NULL, NULL, NULL), CRISK_OK);
			check_component_multisets(&b);
			board_tokens(&b, token);
			adjacent_clashes(&b, token, &reds, &equal);
			ck_assert_int_eq(reds, 0);
			ck_assert_int_eq(equal, 0);
		}
		board_free(&b);
	}
}
END_TEST

/* B-126: no_identical_adjacent only with random_tokens. */
START_TEST(no_identical_adjacent_only_random_tokens_B126)
{
	board b;
	rng r;
	load(&b, 0);
	rng_seed(&r, 1);
	ck_assert_int_eq(board_generate(&b, BOARD_RANDOM, 1, &r, NULL, NULL, NULL), CRISK_EPARAM);
	ck_assert_ptr_nonnull(strstr(err_message(), "no_identical_adjacent"));
	ck_assert_int_eq(board_generate(&b, BOARD_BEGINNER, 1, NULL, NULL, NULL, NULL), CRISK_EPARAM);
	ck_assert_int_eq(board_generate(&b, 17, 0, &r, NULL, NULL, NULL), CRISK_EINVAL);
	ck_assert_int_eq(board_generate(&b, BOARD_RANDOM, 0, NULL, NULL, NULL, NULL), CRISK_EINVAL);
	ck_assert_int_eq(board_generate(NULL, BOARD_RANDOM, 0, &r, NULL, NULL, NULL), CRISK_EINVAL);
	board_free(&b);
}
END_TEST

/* ---- custom layouts (B-38) ---- */

static const char beginner_terrain[] = "mpfghphgfdfmfmgphgp";
static const char beginner_tokens[] = "10,2,9,12,6,4,10,9,11,0,3,8,8,3,4,5,5,6,11";
static const char beginner_harbors[] = "3go3w33bl";

START_TEST(custom_layout_B38)
{
	board b, ref;
	load(&b, 0);
	load(&ref, 0);
	ck_assert_int_eq(board_generate(&ref, BOARD_BEGINNER, 0, NULL, NULL, NULL, NULL), CRISK_OK);
	ck_assert_int_eq(board_generate(&b, BOARD_CUSTOM, 0, NULL, beginner_terrain, beginner_tokens, beginner_harbors),
			 CRISK_OK);
	ck_assert_mem_eq(b.terrain, ref.terrain, 19);
	ck_assert_mem_eq(b.token, ref.token, 19);
	ck_assert_mem_eq(b.harbor_type, ref.harbor_type, 9);
	ck_assert_int_eq(b.robber_start, 9);
	/* Spaces around numbers are accepted. */
	ck_assert_int_eq(board_generate(&b, BOARD_CUSTOM, 0, NULL, beginner_terrain,
					"10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11", beginner_harbors),
			 CRISK_OK);
	ck_assert_mem_eq(b.token, ref.token, 19);
	board_free(&b);
	board_free(&ref);
}
END_TEST

/* 5-6: a random layout written as custom strings comes back unchanged. */
START_TEST(custom_round_trip_big_B38)
{
	static const char tl[] = "hfpgmd", hl[] = "3blwgo";
	board b, c;
	rng r;
	char terrain[40], tokens[200], harbors[16];
	int len = 0;

	load(&b, 1);
	load(&c, 1);
	rng_seed(&r, 99);
	ck_assert_int_eq(board_generate(&b, BOARD_RANDOM, 0, &r, NULL, NULL, NULL), CRISK_OK);
	for (int h = 0; h < b.n_land; h++) {
		terrain[h] = tl[b.terrain[h]];
		len += snprintf(tokens + len, sizeof tokens - (size_t)len, "%s%d", h ? "," : "", b.token[h]);
	}
	terrain[b.n_land] = '\0';
	for (int s = 0; s < b.n_harbor; s++)
		harbors[s] = hl[b.harbor_type[s]];
	harbors[b.n_harbor] = '\0';
	ck_assert_int_eq(board_generate(&c, BOARD_CUSTOM, 0, NULL, terrain, tokens, harbors), CRISK_OK);
	ck_assert_mem_eq(b.terrain, c.terrain, 30);
	ck_assert_mem_eq(b.token, c.token, 30);
	ck_assert_mem_eq(b.harbor_type, c.harbor_type, 11);
	ck_assert_int_eq(b.robber_start, c.robber_start);
	/* The base strings do not fit the 5-6 board. */
	ck_assert_int_eq(board_generate(&c, BOARD_CUSTOM, 0, NULL, beginner_terrain, beginner_tokens, beginner_harbors),
			 CRISK_EPARAM);
	ck_assert_ptr_nonnull(strstr(err_message(), "terrain"));
	board_free(&b);
	board_free(&c);
}
END_TEST

typedef struct bad_custom {
	const char *terrain, *tokens, *harbors;
	const char *key;  /* parameter the message must name */
	const char *what; /* and a word of what is wrong */
} bad_custom;

START_TEST(custom_validation_B38)
{
	static const bad_custom cases[] = {
		{NULL, beginner_tokens, beginner_harbors, "terrain", "missing"},
		{"mpfghphgfdfmfmgphg", beginner_tokens, beginner_harbors, "terrain", "expected 19"},
		{"mpfghphgfdfmfmgphgpp", beginner_tokens, beginner_harbors, "terrain", "expected 19"},
		{"mpfghphgfdfmfmgphgx", beginner_tokens, beginner_harbors, "terrain", "unknown letter 'x'"},
		{"mpfghphgfhfmfmgphgp", beginner_tokens, beginner_harbors, "terrain", "hills"},
		{beginner_terrain, NULL, beginner_harbors, "tokens", "missing"},
		{beginner_terrain, "10,2,9,12,6,4,10,9,11,0,3,8,8,3,4,5,5,6", beginner_harbors, "tokens", "expected 19"},
		{beginner_terrain, "10,2,9,12,6,4,10,9,11,0,3,8,8,3,4,5,5,6,11,4", beginner_harbors, "tokens", "expected 19"},
		{beginner_terrain, "10,2,9,12,6,4,10,9,11,5,3,8,8,3,4,0,5,6,11", beginner_harbors, "tokens", "desert"},
		{beginner_terrain, "0,2,9,12,6,4,10,9,11,10,3,8,8,3,4,5,5,6,11", beginner_harbors, "tokens", "needs a token"},
		{beginner_terrain, "10,2,9,12,6,4,10,9,11,0,3,8,8,3,4,5,5,7,11", beginner_harbors, "tokens", "not a token"},
		{beginner_terrain, "10,12,9,12,6,4,10,9,11,0,3,8,8,3,4,5,5,6,11", beginner_harbors, "tokens", "of 2"},
		{beginner_terrain, "10,2,9,,6,4,10,9,11,0,3,8,8,3,4,5,5,6,11", beginner_harbors, "tokens", "not a number"},
		{beginner_terrain, "10,2,9,12,6,4,10,9,11,0,3,8,8,3,4,5,5,6,11,", beginner_harbors, "tokens", "not a number"},
		{beginner_terrain, "10;2", beginner_harbors, "tokens", "not a number"},
		{beginner_terrain, beginner_tokens, NULL, "harbors", "missing"},
		{beginner_terrain, beginner_tokens, "3go3w33b", "harbors", "expected 9"},
		{beginner_terrain, beginner_tokens, "3go3w33bx", "harbors", "unknown letter 'x'"},
		{beginner_terrain, beginner_tokens, "3go3w33bb", "harbors", "2 brick"},
		{beginner_terrain, beginner_tokens, "333333333", "harbors", "generic"},
	};
	board b, ref;

	load(&b, 0);
	load(&ref, 0);
	ck_assert_int_eq(board_generate(&ref, BOARD_BEGINNER, 0, NULL, NULL, NULL, NULL), CRISK_OK);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const bad_custom *c = &cases[i];
		ck_assert_int_eq(board_generate(&b, BOARD_BEGINNER, 0, NULL, NULL, NULL, NULL), CRISK_OK);
		ck_assert_msg(board_generate(&b, BOARD_CUSTOM, 0, NULL, c->terrain, c->tokens, c->harbors) == CRISK_EPARAM,
			      "case %zu accepted", i);
		ck_assert_msg(strncmp(err_message(), c->key, strlen(c->key)) == 0, "case %zu: message '%s'", i,
			      err_message());
		ck_assert_msg(strstr(err_message(), c->what) != NULL, "case %zu: message '%s'", i, err_message());
		/* A rejected layout leaves the board as it was. */
		ck_assert_mem_eq(b.terrain, ref.terrain, 19);
		ck_assert_mem_eq(b.token, ref.token, 19);
		ck_assert_mem_eq(b.harbor_type, ref.harbor_type, 9);
	}
	board_free(&b);
	board_free(&ref);
}
END_TEST

/* ---- Longest Road (B-86, B-87, B-145) ---- */

static unsigned path_between(const board *b, unsigned a, unsigned c)
{
	for (int i = 0; i < b->node[a].deg; i++)
		if (b->node[a].adj[i] == c)
			return b->node[a].path[i];
	ck_abort_msg("nodes %u and %u are not neighbours", a, c);
	return BOARD_NONE;
}

/* Gives owner o the roads along a walk of nodes. */
static void road_walk(const board *b, uint8_t *path_owner, int o, const int *walk, int n)
{
	for (int i = 1; i < n; i++)
		path_owner[path_between(b, (unsigned)walk[i - 1], (unsigned)walk[i])] = (uint8_t)(o + 1);
}

static int naive_from(const board *b, const uint8_t *po, const uint8_t *no, int mine, uint8_t *used, unsigned v)
{
	int best = 0;
	for (int i = 0; i < b->node[v].deg; i++) {
		unsigned p = b->node[v].path[i], u = b->node[v].adj[i];
		int len, who = no[u] & 15;
		if (po[p] != mine || used[p])
			continue;
		used[p] = 1;
		len = 1 + ((who && who != mine) ? 0 : naive_from(b, po, no, mine, used, u));
		used[p] = 0;
		if (len > best)
			best = len;
	}
	return best;
}

/* Exhaustive search from every intersection: the reference for B-86/B-87. */
static int naive_longest(const board *b, const uint8_t *po, const uint8_t *no, int o)
{
	uint8_t used[256] = {0};
	int best = 0;
	for (int v = 0; v < b->n_node; v++) {
		int len = naive_from(b, po, no, o + 1, used, (unsigned)v);
		if (len > best)
			best = len;
	}
	return best;
}

START_TEST(longest_road_shapes_B86_B87_B145)
{
	/* Walks on the base board (ids of Appendix A.1). */
	static const int ring_c3[] = {18, 24, 30, 35, 29, 23, 18};
	static const int arm3[] = {23, 17, 22, 16}, arm2a[] = {23, 18, 24}, arm2b[] = {23, 29, 35};
	static const int line7[] = {21, 16, 22, 17, 23, 18, 24, 19};
	static const int line15[] = {21, 16, 22, 17, 23, 18, 24, 19, 25, 20, 26, 32, 37, 31, 36, 30};
	static const int ring_c4[] = {19, 25, 31, 36, 30, 24, 19};
	board b;
	uint8_t po[128], no[64];

	load(&b, 0);

	/* B-145: a 6-road ring around one hex has length 6 (B-86: loops count). */
	memset(po, 0, sizeof po);
	memset(no, 0, sizeof no);
	road_walk(&b, po, 0, ring_c3, 7);
	ck_assert_int_eq(board_longest_road(&b, po, no, 0), 6);
	ck_assert_int_eq(board_longest_road(&b, po, no, 1), 0);
	/* Two rings sharing a side: 11 roads, an Euler trail between the odd ends. */
	road_walk(&b, po, 0, ring_c4, 7);
	ck_assert_int_eq(board_longest_road(&b, po, no, 0), 11);
	/* An opponent settlement on a corner of degree 2: the trail may start and
	 * end there, but using all 11 roads would need a closed trail. */
	no[18] = 2;
	ck_assert_int_eq(board_longest_road(&b, po, no, 0), 10);
	no[24] = 2 | 16; /* an opponent city on the shared corner splits both rings */
	ck_assert_int_eq(board_longest_road(&b, po, no, 0), naive_longest(&b, po, no, 0));

	/* B-87: an opponent settlement on the ring; the trail starts and ends
	 * there (6), longer than any trail from the 1-road tail (5). */
	memset(po, 0, sizeof po);
	memset(no, 0, sizeof no);
	road_walk(&b, po, 0, ring_c3, 7);
	po[path_between(&b, 30, 36)] = 1;
	no[18] = 2;
	ck_assert_int_eq(board_longest_road(&b, po, no, 0), 6);
	no[18] = 0;
	ck_assert_int_eq(board_longest_road(&b, po, no, 0), 7);

	/* B-145: a Y of arms 3, 2, 2 has length 5 (side branches add nothing). */
	memset(po, 0, sizeof po);
	memset(no, 0, sizeof no);
	road_walk(&b, po, 0, arm3, 4);
	road_walk(&b, po, 0, arm2a, 3);
	road_walk(&b, po, 0, arm2b, 3);
	ck_assert_int_eq(board_longest_road(&b, po, no, 0), 5);

	/* B-145, B-87: an opponent settlement in the middle of a 7-road line. */
	memset(po, 0, sizeof po);
	memset(no, 0, sizeof no);
	road_walk(&b, po, 2, line7, 8);
	ck_assert_int_eq(board_longest_road(&b, po, no, 2), 7);
	no[17] = 1; /* owner 0 splits it 3 + 4 */
	ck_assert_int_eq(board_longest_road(&b, po, no, 2), 4);
	no[17] = 0;
	no[22] = 2 | 16; /* owner 1's city splits it 2 + 5 */
	ck_assert_int_eq(board_longest_road(&b, po, no, 2), 5);
	/* The seat's own settlement or city changes nothing. */
	no[22] = 3;
	ck_assert_int_eq(board_longest_road(&b, po, no, 2), 7);
	no[17] = 3 | 16;
	ck_assert_int_eq(board_longest_road(&b, po, no, 2), 7);
	/* Opponent buildings at the line's ends: a trail may end there. */
	no[21] = 1;
	no[19] = 2;
	ck_assert_int_eq(board_longest_road(&b, po, no, 2), 7);

	/* B-145: the maximum, all 15 roads in one line. */
	memset(po, 0, sizeof po);
	memset(no, 0, sizeof no);
	road_walk(&b, po, 1, line15, 16);
	ck_assert_int_eq(board_longest_road(&b, po, no, 1), 15);
	/* Other owners' roads next to it are ignored. */
	po[path_between(&b, 16, 11)] = 1;
	po[path_between(&b, 36, 41)] = 3;
	ck_assert_int_eq(board_longest_road(&b, po, no, 1), 15);
	ck_assert_int_eq(board_longest_road(&b, po, no, 0), 1);

	ck_assert_int_eq(board_longest_road(&b, po, no, -1), CRISK_EINVAL);
	ck_assert_int_eq(board_longest_road(&b, NULL, no, 0), CRISK_EINVAL);
	board_free(&b);
}
END_TEST

/* Random road networks with random blockers against the exhaustive search. */
START_TEST(longest_road_matches_exhaustive_B86_B87)
{
	for (int big = 0; big <= 1; big++) {
		board b;
		rng r;
		uint8_t po[128], no[96];
		load(&b, big);
		rng_seed(&r, 2024 + (uint64_t)big);
		for (int trial = 0; trial < 3000; trial++) {
			int roads = 1 + (int)rng_uniform(&r, 22);
			int blockers = (int)rng_uniform(&r, 6);
			unsigned v = rng_uniform(&r, (uint32_t)b.n_node);
			memset(po, 0, sizeof po);
			memset(no, 0, sizeof no);
			/* Grow a network: from the last node, or jump to a node the owner touches. */
			for (int i = 0; i < roads; i++) {
				unsigned k = rng_uniform(&r, b.node[v].deg);
				po[b.node[v].path[k]] = 1;
				if (rng_uniform(&r, 8) == 0)
					v = rng_uniform(&r, (uint32_t)b.n_node); /* a separate piece */
				else
					v = b.node[v].adj[k];
			}
			for (int i = 0; i < 10; i++)
				po[rng_uniform(&r, (uint32_t)b.n_path)] = (uint8_t)(2 + rng_uniform(&r, 3));
			for (int i = 0; i < blockers; i++)
				no[rng_uniform(&r, (uint32_t)b.n_node)] = (uint8_t)(1 + rng_uniform(&r, 4) + 16 * rng_uniform(&r, 2));
			ck_assert_int_eq(board_longest_road(&b, po, no, 0), naive_longest(&b, po, no, 0));
			ck_assert_int_eq(board_longest_road(&b, po, no, 2), naive_longest(&b, po, no, 2));
		}
		board_free(&b);
	}
}
END_TEST

/* board_longest_road_through_loose (hawaii's route after a ship move, H-81,
 * H-84) after road p joined a network whose longest trail was `before`
 * (so the network without p has none above before, the premise for an
 * at_least of before - 1 and of before): an answer above at_least is the
 * new longest trail, an answer of at_least says the longest is unchanged. */
static void check_through_loose(const board *b, const uint8_t *po, const uint8_t *no, int p, int before, int now)
{
	for (int a = before - 1; a <= before; a++) {
		if (a < 0)
			continue;
		int r = board_longest_road_through_loose(b, po, no, 0, p, a);
		/* The in-place walk gives the same answers and leaves the owners
		 * as they were (hawaii's route after a ship move uses it). */
		uint8_t copy[256];
		memcpy(copy, po, (size_t)b->n_path);
		ck_assert_int_eq(board_longest_road_through_inplace(b, copy, no, 0, p, a, LR_THROUGH_LOOSE), r);
		ck_assert_int_eq(memcmp(copy, po, (size_t)b->n_path), 0);
		ck_assert_int_eq(board_longest_road_through_inplace(b, copy, no, 0, p, a, LR_THROUGH_PLAIN),
				 board_longest_road_through(b, po, no, 0, p, a));
		ck_assert_int_eq(memcmp(copy, po, (size_t)b->n_path), 0);
		ck_assert_msg(r >= a, "loose: %d below at_least %d", r, a);
		if (r > a)
			ck_assert_msg(r == now, "loose(p %d, at_least %d) = %d, longest %d (before %d)", p, a, r, now,
				      before);
		else
			ck_assert_msg(now <= (before > a ? before : a), "loose(p %d, at_least %d) = %d, longest %d (before %d)",
				      p, a, r, now, before);
	}
}

/* B-88: the incremental form.  Networks grown one road at a time (among
 * other owners' roads and buildings) keep the length that
 * board_longest_road_through reports equal to the exhaustive search after
 * every road, including roads that join two pieces or close a cycle. */
START_TEST(longest_road_through_incremental_B86_B88_H84)
{
	for (int big = 0; big <= 1; big++) {
		board b;
		rng r;
		uint8_t po[128], no[96];
		load(&b, big);
		rng_seed(&r, 4242 + (uint64_t)big);
		for (int trial = 0; trial < 600; trial++) {
			int roads = 1 + (int)rng_uniform(&r, 30), len = 0;
			unsigned v = rng_uniform(&r, (uint32_t)b.n_node);
			memset(po, 0, sizeof po);
			memset(no, 0, sizeof no);
			for (int i = 0; i < 8; i++)
				po[rng_uniform(&r, (uint32_t)b.n_path)] = (uint8_t)(2 + rng_uniform(&r, 3));
			for (int i = 0; i < (int)rng_uniform(&r, 8); i++)
				no[rng_uniform(&r, (uint32_t)b.n_node)] = (uint8_t)(2 + rng_uniform(&r, 3) + 16 * rng_uniform(&r, 2));
			for (int i = 0; i < roads; i++) {
				unsigned k = rng_uniform(&r, b.node[v].deg), p = b.node[v].path[k];
				if (po[p] == 0) {
					po[p] = 1;
					/* A plain search that gives up soon hands over to the
					 * component's search with the same result. */
					int budget = (int)rng_uniform(&r, 12);
					ck_assert_int_eq(board_longest_road_through_walking(&b, po, no, 0, (int)p, len, budget),
							 naive_longest(&b, po, no, 0));
					check_through_loose(&b, po, no, (int)p, len, naive_longest(&b, po, no, 0));
					len = board_longest_road_through(&b, po, no, 0, (int)p, len);
					ck_assert_int_eq(len, naive_longest(&b, po, no, 0));
				}
				if (rng_uniform(&r, 8) == 0)
					v = rng_uniform(&r, (uint32_t)b.n_node); /* a separate piece */
				else
					v = b.node[v].adj[k];
			}
		}
		ck_assert_int_eq(board_longest_road_through(&b, po, no, 14, 0, 0), CRISK_EINVAL); /* no road of owner 14 */
		board_free(&b);
	}
}
END_TEST

/* One new road q against the exhaustive search, as the newest road
 * (board_longest_road_through with the length before it; the loose and
 * in-place forms too). */
static void check_newest(const board *b, uint8_t *po, const uint8_t *no, int q)
{
	po[q] = 0;
	int before = naive_longest(b, po, no, 0);
	po[q] = 1;
	int now = naive_longest(b, po, no, 0);
	ck_assert_msg(board_longest_road_through(b, po, no, 0, q, before) == now, "through %d after %d: %d, want %d", q,
		      before, board_longest_road_through(b, po, no, 0, q, before), now);
	check_through_loose(b, po, no, q, before, now);
}

/* B-86, B-88: a new road hanging at an intersection with an even number of
 * the owner's roads can lengthen the longest trail only when the roads
 * reached from there are one closed trail of the length before (an Euler
 * circuit: every intersection unblocked and even), as on a ring of six
 * roads around a hex: the road out of a ring corner makes 7.  With another
 * owner's building on a corner, or one ring road missing (a path, odd at
 * its ends), a road out of a corner with two roads changes nothing; the
 * same with a second ring next to the first (corners with three roads).
 * Each against the exhaustive search. */
START_TEST(longest_road_through_even_end_B86_B88)
{
	for (int big = 0; big <= 1; big++) {
		board b;
		uint8_t po[128], no[96];
		load(&b, big);
		for (int h = 0; h < b.n_land; h++) {
			const bhex *hx = &b.hex[h];
			for (int variant = 0; variant < 4; variant++) {
				memset(po, 0, sizeof po);
				memset(no, 0, sizeof no);
				for (int e = 0; e < 6; e++)
					po[hx->path[e]] = 1;
				if (variant == 1)
					no[hx->node[h % 6]] = 2 + 16 * (h & 1); /* a settlement or city on a corner */
				if (variant == 2)
					po[hx->path[h % 6]] = 0; /* a path of five */
				if (variant == 3) { /* the ring of a neighbouring hex too */
					int other = -1;
					for (int g = 0; g < b.n_land && other < 0; g++)
						for (int e = 0; e < 6 && g != h; e++)
							for (int f = 0; f < 6; f++)
								if (b.hex[g].path[e] == hx->path[f])
									other = g;
					if (other < 0)
						continue;
					for (int e = 0; e < 6; e++)
						po[b.hex[other].path[e]] = 1;
				}
				for (int e = 0; e < 6; e++) {
					const bnode *bn = &b.node[hx->node[e]];
					for (int i = 0; i < bn->deg; i++) {
						int q = bn->path[i];
						if (po[q])
							continue;
						po[q] = 1;
						check_newest(&b, po, no, q);
						po[q] = 0;
					}
				}
				if (variant == 0) { /* the ring's seventh road */
					const bnode *bn = &b.node[hx->node[0]];
					for (int i = 0; i < bn->deg; i++)
						if (!po[bn->path[i]]) {
							po[bn->path[i]] = 1;
							ck_assert_int_eq(board_longest_road_through(&b, po, no, 0, bn->path[i], 6), 7);
							po[bn->path[i]] = 0;
						}
				}
			}
		}
		board_free(&b);
	}
}
END_TEST

/* B-88, the incremental form on dense networks: the paths around a centre of
 * the 5-6 board are built in random order among blockers and other owners'
 * roads, so new roads join pieces, close cycles, and hang off networks with
 * far more trails than the plain search from a new road may visit (it then
 * hands over to the contracted search of the road's component).  After every
 * road the length equals the one computed from scratch. */
START_TEST(longest_road_through_dense_B86_B88)
{
	board b;
	rng r;
	uint8_t po[128], no[96], dist[96];
	uint16_t order[128], queue[96];

	load(&b, 1);
	rng_seed(&r, 99);
	for (int trial = 0; trial < 200; trial++) {
		int radius = 4 + (int)rng_uniform(&r, 5), n = 0, head = 0, tail = 0, roads = 0, len = 0, scratch;
		unsigned centre = rng_uniform(&r, (uint32_t)b.n_node);
		memset(po, 0, sizeof po);
		memset(no, 0, sizeof no);
		memset(dist, 0xFF, sizeof dist);
		/* Intersections within `radius` steps of the centre, breadth first. */
		dist[centre] = 0;
		queue[tail++] = (uint16_t)centre;
		while (head < tail) {
			unsigned v = queue[head++];
			for (int i = 0; i < b.node[v].deg; i++) {
				unsigned u = b.node[v].adj[i];
				if (dist[u] == 0xFF && dist[v] < radius) {
					dist[u] = (uint8_t)(dist[v] + 1);
					queue[tail++] = (uint16_t)u;
				}
			}
		}
		for (int p = 0; p < b.n_path; p++)
			if (dist[b.path[p].node[0]] != 0xFF && dist[b.path[p].node[1]] != 0xFF)
				order[n++] = (uint16_t)p;
		for (int i = n - 1; i > 0; i--) { /* shuffle */
			int j = (int)rng_uniform(&r, (uint32_t)i + 1);
			uint16_t t = order[i];
			order[i] = order[j];
			order[j] = t;
		}
		for (int i = 0; i < (int)rng_uniform(&r, 5); i++)
			no[queue[rng_uniform(&r, (uint32_t)tail)]] = (uint8_t)(2 + rng_uniform(&r, 3) + 16 * rng_uniform(&r, 2));
		for (int i = 0; i < n && roads < 60; i++) {
			unsigned p = order[i];
			if (rng_uniform(&r, 8) == 0) {
				po[p] = (uint8_t)(2 + rng_uniform(&r, 3)); /* another owner's road */
				continue;
			}
			po[p] = 1;
			roads++;
			scratch = board_longest_road(&b, po, no, 0);
			check_through_loose(&b, po, no, (int)p, len, scratch);
			ck_assert_int_eq(board_longest_road_through_walking(&b, po, no, 0, (int)p, len, (int)rng_uniform(&r, 40)),
					 scratch);
			len = board_longest_road_through(&b, po, no, 0, (int)p, len);
			ck_assert_int_eq(len, scratch);
		}
	}
	board_free(&b);
}
END_TEST

/* B-88: the plain walk from a new road follows a run of roads without a
 * choice in a loop of its own, up to 8 roads at a time, then goes on by a
 * call.  Long runs (random walks of 10 to 30 roads on the 5-6 board that
 * never come back to an intersection), with spurs and closing roads at
 * points of the run and sometimes another owner's building on it: each road
 * as the newest against the exhaustive search, with the walk's budget
 * running out at every road of the run (the hand-over), and the in-place
 * forms (the bounded one too) leaving the owners as they were. */
START_TEST(longest_road_through_runs_B86_B88)
{
	board b;
	rng r;
	uint8_t po[128], no[96], on[96], copy[128];
	uint16_t walk[40];

	load(&b, 1);
	rng_seed(&r, 1818);
	for (int trial = 0; trial < 150; trial++) {
		int want = 10 + (int)rng_uniform(&r, 21), n = 1;
		memset(po, 0, sizeof po);
		memset(no, 0, sizeof no);
		memset(on, 0, sizeof on);
		walk[0] = (uint16_t)rng_uniform(&r, (uint32_t)b.n_node);
		on[walk[0]] = 1;
		while (n <= want) {
			const bnode *bn = &b.node[walk[n - 1]];
			int free = 0, k;
			for (int i = 0; i < bn->deg; i++)
				free += !on[bn->adj[i]];
			if (!free)
				break;
			k = (int)rng_uniform(&r, (uint32_t)free);
			for (int i = 0; i < bn->deg; i++)
				if (!on[bn->adj[i]] && k-- == 0) {
					po[bn->path[i]] = 1;
					walk[n++] = bn->adj[i];
					on[bn->adj[i]] = 1;
					break;
				}
		}
		for (int i = 0; i < (int)rng_uniform(&r, 4); i++) { /* a spur, or a road closing a cycle */
			const bnode *bn = &b.node[walk[rng_uniform(&r, (uint32_t)n)]];
			po[bn->path[rng_uniform(&r, bn->deg)]] = 1;
		}
		if (rng_uniform(&r, 3) == 0)
			no[walk[rng_uniform(&r, (uint32_t)n)]] = (uint8_t)(2 + 16 * rng_uniform(&r, 2));
		for (int q = 0; q < b.n_path; q++) {
			if (po[q] != 1)
				continue;
			po[q] = 0;
			int before = naive_longest(&b, po, no, 0);
			po[q] = 1;
			int now = naive_longest(&b, po, no, 0);
			for (int budget = 0; budget <= 34; budget++)
				ck_assert_msg(board_longest_road_through_walking(&b, po, no, 0, q, before, budget) == now,
					      "trial %d road %d budget %d: want %d", trial, q, budget, now);
			check_through_loose(&b, po, no, q, before, now);
			for (int a = 0; a <= now; a++) {
				memcpy(copy, po, (size_t)b.n_path);
				int got = board_longest_road_through_inplace(&b, copy, no, 0, q, a, LR_THROUGH_BOUNDED);
				ck_assert_int_eq(memcmp(copy, po, (size_t)b.n_path), 0);
				ck_assert_msg(got >= a && got <= (now > a ? now : a), "bounded(%d, %d) = %d, longest %d", q, a,
					      got, now);
			}
		}
	}
	board_free(&b);
}
END_TEST

/* board_longest_road_at_least (B-86, B-87; used for hawaii's Longest Trade
 * Route after a ship move, H-109): for every bound around the longest trail
 * it answers whether a trail of at least that many roads exists, the same as
 * board_longest_road.  Networks: random walks (sparse, few cycles), dense
 * regions with cycles and blockers (the stopped search over chains), and
 * most of the 5-6 board (more than 64 roads: the search on the board). */
START_TEST(longest_road_at_least_B86_B87_H109)
{
	for (int big = 0; big <= 1; big++) {
		board b;
		rng r;
		uint8_t po[128], no[96];
		int checked_many = 0, checked_cyclic = 0;
		load(&b, big);
		rng_seed(&r, 3131 + (uint64_t)big);
		for (int trial = 0; trial < 1500; trial++) {
			int kind = (int)rng_uniform(&r, 3), len;
			memset(po, 0, sizeof po);
			memset(no, 0, sizeof no);
			if (kind == 0) { /* a random walk, as longest_road_matches_exhaustive */
				int roads = 1 + (int)rng_uniform(&r, 30);
				unsigned v = rng_uniform(&r, (uint32_t)b.n_node);
				for (int i = 0; i < roads; i++) {
					unsigned k = rng_uniform(&r, b.node[v].deg);
					po[b.node[v].path[k]] = 1;
					v = rng_uniform(&r, 8) == 0 ? rng_uniform(&r, (uint32_t)b.n_node) : b.node[v].adj[k];
				}
			} else if (kind == 1) { /* each path the owner's with probability share/16, up to 40 */
				unsigned share = 6 + rng_uniform(&r, 6);
				int first = (int)rng_uniform(&r, (uint32_t)b.n_path), roads = 0;
				for (int i = 0; i < b.n_path; i++) {
					int p = (first + i) % b.n_path;
					if (roads < 40 && rng_uniform(&r, 16) < share) {
						po[p] = 1;
						roads++;
					} else if (rng_uniform(&r, 4) == 0) {
						po[p] = 2;
					}
				}
			} else { /* a random spanning tree and two more roads: more than 64 roads on the 5-6 board */
				uint8_t seen[96] = {0};
				uint16_t stack[96];
				int top = 0;
				stack[top++] = (uint16_t)rng_uniform(&r, (uint32_t)b.n_node);
				seen[stack[0]] = 1;
				while (top > 0) {
					unsigned v = stack[top - 1], k0 = rng_uniform(&r, b.node[v].deg);
					int pushed = 0;
					for (unsigned i = 0; i < b.node[v].deg && !pushed; i++) {
						unsigned k = (k0 + i) % b.node[v].deg, u = b.node[v].adj[k];
						if (!seen[u]) {
							seen[u] = 1;
							po[b.node[v].path[k]] = 1;
							stack[top++] = (uint16_t)u;
							pushed = 1;
						}
					}
					if (!pushed)
						top--;
				}
				for (int i = 0; i < 2; i++)
					po[rng_uniform(&r, (uint32_t)b.n_path)] = 1;
			}
			for (int i = 0; i < (int)rng_uniform(&r, 6); i++)
				no[rng_uniform(&r, (uint32_t)b.n_node)] = (uint8_t)(1 + rng_uniform(&r, 4) + 16 * rng_uniform(&r, 2));
			len = board_longest_road(&b, po, no, 0);
			if (trial % 50 == 0 && kind == 0)
				ck_assert_int_eq(len, naive_longest(&b, po, no, 0));
			for (int bound = -1; bound <= len + 2; bound++)
				ck_assert_msg(board_longest_road_at_least(&b, po, no, 0, bound) == (bound <= len),
					      "trial %d kind %d: bound %d, longest %d", trial, kind, bound, len);
			/* The other owner (roads of 2, buildings of 1 block it too). */
			int len2 = board_longest_road(&b, po, no, 1);
			ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 1, len2), 1);
			ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 1, len2 + 1), 0);
			int roads = 0;
			for (int p = 0; p < b.n_path; p++)
				roads += po[p] == 1;
			checked_many += roads > 64;
			checked_cyclic += kind == 1 && len >= 8;
		}
		ck_assert_int_gt(checked_many, 0 - !big);
		ck_assert_int_gt(checked_cyclic, 0);
		ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 15, 1), CRISK_EINVAL);
		ck_assert_int_eq(board_longest_road_at_least(&b, NULL, no, 0, 1), CRISK_EINVAL);
		board_free(&b);
	}
}
END_TEST

/* A path of n roads of owner 1 from a random intersection that touches no
 * intersection marked in used[] (nor one next to one), marking its own; 0
 * when the walk gets stuck. */
static int lay_path(const board *b, rng *r, uint8_t *po, uint8_t *used, int n)
{
	unsigned v = rng_uniform(r, (uint32_t)b->n_node);
	uint16_t laid[64];
	int k = 0;
	for (; k < n; k++) {
		int ok = -1;
		for (unsigned i = 0, i0 = rng_uniform(r, b->node[v].deg); i < b->node[v].deg && ok < 0; i++) {
			unsigned j = (i0 + i) % b->node[v].deg, u = b->node[v].adj[j];
			if (used[u])
				continue;
			ok = (int)j;
		}
		if (ok < 0)
			break;
		used[v] = 2; /* on this path */
		laid[k] = b->node[v].path[ok];
		v = b->node[v].adj[ok];
	}
	if (k < n || used[v]) {
		for (int i = 0; i < b->n_node; i++)
			used[i] = used[i] == 2 ? 0 : used[i];
		return 0;
	}
	used[v] = 2;
	for (int i = 0; i < k; i++)
		po[laid[i]] = 1;
	for (int i = 0; i < b->n_node; i++)
		if (used[i] == 2)
			for (unsigned j = 0; j < b->node[i].deg; j++)
				used[b->node[i].adj[j]] = used[b->node[i].adj[j]] ? used[b->node[i].adj[j]] : 1;
	for (int i = 0; i < b->n_node; i++)
		used[i] = used[i] ? 1 : 0;
	return 1;
}

/* board_longest_road_at_least over a network in parts (B-86, B-87; hawaii's
 * route after a ship move, H-81, H-84): the search first sizes the parts of
 * the network (roads joined at any shared intersection) and answers no when
 * each has fewer roads than the bound.  Parts of n and n - 1 roads apart
 * (the largest exactly the bound), and a path of 2n roads cut in two by
 * another owner's building (one part for the sizing, trails of n at most). */
START_TEST(longest_road_at_least_parts_B86_B87_H84)
{
	board b;
	rng r;
	uint8_t po[128], no[96], used[96];
	int tried = 0;
	load(&b, 0);
	rng_seed(&r, 8484);
	for (int trial = 0; trial < 400; trial++) {
		int n = 2 + (int)rng_uniform(&r, 6), parts = 2 + (int)rng_uniform(&r, 2), ok = 1, len;
		memset(po, 0, sizeof po);
		memset(no, 0, sizeof no);
		memset(used, 0, sizeof used);
		ok = lay_path(&b, &r, po, used, n);
		for (int i = 1; i < parts && ok; i++)
			ok = lay_path(&b, &r, po, used, n - 1);
		if (!ok)
			continue;
		tried++;
		len = board_longest_road(&b, po, no, 0);
		ck_assert_int_eq(len, n);
		ck_assert_int_eq(len, naive_longest(&b, po, no, 0));
		ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 0, n), 1);
		ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 0, n + 1), 0);
		ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 0, n - 1), 1);
	}
	ck_assert_int_gt(tried, 100);
	for (int trial = 0, cut = 0; trial < 400 && cut < 50; trial++) {
		int n = 2 + (int)rng_uniform(&r, 5);
		memset(po, 0, sizeof po);
		memset(no, 0, sizeof no);
		memset(used, 0, sizeof used);
		if (!lay_path(&b, &r, po, used, 2 * n))
			continue;
		ck_assert_int_eq(board_longest_road(&b, po, no, 0), 2 * n);
		/* Block one inner point at a time: a cut after k roads leaves max(k, 2n - k). */
		for (int v = 0; v < b.n_node; v++) {
			int mine = 0, len;
			for (unsigned j = 0; j < b.node[v].deg; j++)
				mine += po[b.node[v].path[j]] == 1;
			if (mine != 2)
				continue;
			no[v] = 2;
			len = naive_longest(&b, po, no, 0);
			ck_assert_int_lt(len, 2 * n);
			ck_assert_int_eq(board_longest_road(&b, po, no, 0), len);
			ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 0, len), 1);
			ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 0, len + 1), 0);
			no[v] = 0;
		}
		cut++;
	}
	board_free(&b);
}
END_TEST

/* An arm of 1 to max_len roads of owner 1, from a point of the network
 * (or anywhere, now and then), for the random networks below. */
static void grow_arm(const board *b, rng *r, uint8_t *po, uint32_t max_len)
{
	unsigned v = rng_uniform(r, (uint32_t)b->n_node);
	for (int tries = 0; tries < 40; tries++) {
		unsigned u = rng_uniform(r, (uint32_t)b->n_node);
		int mine = 0;
		for (int k = 0; k < b->node[u].deg; k++)
			mine |= po[b->node[u].path[k]] == 1;
		if (mine) {
			v = u;
			break;
		}
	}
	for (int n = 1 + (int)rng_uniform(r, max_len); n > 0; n--) {
		unsigned k = rng_uniform(r, b->node[v].deg);
		po[b->node[v].path[k]] = 1;
		v = b->node[v].adj[k];
	}
}

/* board_longest_road_at_least asked for every road of the network, or one
 * or two fewer (B-86, B-87; hawaii's route after a ship move, H-81, H-84):
 * the parts of the network answer without a search when a part's roads
 * make one trail (at most two ends: intersections of the owner with an odd
 * number of its roads, and each road at another owner's building) or when
 * a part of exactly the bound's size has more ends.  A ring around a hex
 * (no end: a closed trail), with an arm (two), with two arms (four: one
 * road short), cut at a corner by a building (two), and random rings with
 * arms and buildings against the exhaustive search. */
START_TEST(longest_road_at_least_all_roads_B86_B87_H84)
{
	board b;
	rng r;
	uint8_t po[128], no[96];
	int all = 0, short_of_all = 0;
	load(&b, 0);
	for (int h = 0; h < b.n_land; h++) {
		const bhex *x = &b.hex[h];
		int arms = 0;
		memset(po, 0, sizeof po);
		memset(no, 0, sizeof no);
		for (int k = 0; k < 6; k++)
			po[x->path[k]] = 1;
		ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 0, 6), 1);
		ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 0, 7), 0);
		/* Arms off the ring at corners 0 and 3 (when the board has them). */
		for (int c = 0; c < 6 && arms < 2; c += 3) {
			const bnode *n = &b.node[x->node[c]];
			for (int j = 0; j < n->deg; j++)
				if (!po[n->path[j]]) {
					po[n->path[j]] = 1;
					arms++;
					break;
				}
			if (arms == 1 && c == 0) {
				ck_assert_int_eq(naive_longest(&b, po, no, 0), 7);
				ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 0, 7), 1);
				ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 0, 8), 0);
			}
		}
		if (arms == 2) {
			ck_assert_int_eq(naive_longest(&b, po, no, 0), 7);
			ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 0, 8), 0);
			ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 0, 7), 1);
		}
		/* The ring alone, cut at corner 1 by another owner's building: a path of 6. */
		memset(po, 0, sizeof po);
		for (int k = 0; k < 6; k++)
			po[x->path[k]] = 1;
		no[x->node[1]] = 3;
		ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 0, 6), 1);
		ck_assert_int_eq(board_longest_road_at_least(&b, po, no, 0, 7), 0);
	}
	rng_seed(&r, 8686);
	for (int trial = 0; trial < 600; trial++) {
		int rings = 1 + (int)rng_uniform(&r, 2), arms = (int)rng_uniform(&r, 4), roads = 0, naive;
		memset(po, 0, sizeof po);
		memset(no, 0, sizeof no);
		for (int i = 0; i < rings; i++) {
			const bhex *h = &b.hex[rng_uniform(&r, (uint32_t)b.n_land)];
			for (int k = 0; k < 6; k++)
				if (rng_uniform(&r, 6) != 0)
					po[h->path[k]] = 1;
		}
		for (int i = 0; i < arms; i++)
			grow_arm(&b, &r, po, 3);
		for (int i = (int)rng_uniform(&r, 3); i > 0; i--)
			no[rng_uniform(&r, (uint32_t)b.n_node)] = (uint8_t)(2 + rng_uniform(&r, 3) + 16 * rng_uniform(&r, 2));
		for (int p = 0; p < b.n_path; p++)
			roads += po[p] == 1;
		naive = naive_longest(&b, po, no, 0);
		all += naive == roads;
		short_of_all += naive < roads;
		for (int bound = roads - 2; bound <= roads + 1; bound++)
			ck_assert_msg(board_longest_road_at_least(&b, po, no, 0, bound) == (bound <= naive),
				      "trial %d: at least %d of %d roads, exhaustive %d", trial, bound, roads, naive);
	}
	ck_assert_int_gt(all, 50);
	ck_assert_int_gt(short_of_all, 50);
	board_free(&b);
}
END_TEST

/* Networks of rings with arms (as hawaii's trade routes of roads and
 * ships grow): 1 to 3 rings around land hexes, arms of 1 to 4 roads from
 * random points, a few roads apart and other owners' buildings, some on
 * the network.  These reach the contracted search's cuts: components
 * passed over on their road count, the parity bound and the terminal-chain
 * bound; trails started over a junction's longest arm instead of at its
 * leaf.  board_longest_road, board_longest_road_at_least at bounds around
 * the length and board_longest_road_through from every road against the
 * exhaustive search (B-86, B-87, H-82, H-83). */
START_TEST(longest_road_rings_and_arms_B86_B87_H82_H83)
{
	for (int big = 0; big <= 1; big++) {
		board b;
		rng r;
		uint8_t po[128], no[96];
		int with_blocker = 0;
		load(&b, big);
		rng_seed(&r, 4242 + (uint64_t)big);
		for (int trial = 0; trial < 700; trial++) {
			int rings = 1 + (int)rng_uniform(&r, 3), arms = (int)rng_uniform(&r, 6), len, naive;
			memset(po, 0, sizeof po);
			memset(no, 0, sizeof no);
			for (int i = 0; i < rings; i++) {
				const bhex *h = &b.hex[rng_uniform(&r, (uint32_t)b.n_land)];
				for (int k = 0; k < 6; k++)
					if (h->path[k] != BOARD_NONE && rng_uniform(&r, 8) != 0)
						po[h->path[k]] = 1;
			}
			for (int i = 0; i < arms; i++)
				grow_arm(&b, &r, po, 4);
			for (int i = 0; i < 8; i++) {
				unsigned p = rng_uniform(&r, (uint32_t)b.n_path);
				if (!po[p])
					po[p] = (uint8_t)(2 + rng_uniform(&r, 2));
			}
			for (int i = (int)rng_uniform(&r, 4); i > 0; i--) {
				unsigned p = rng_uniform(&r, (uint32_t)b.n_path);
				unsigned v = po[p] == 1 && rng_uniform(&r, 2) ? b.path[p].node[rng_uniform(&r, 2)]
									 : rng_uniform(&r, (uint32_t)b.n_node);
				no[v] = (uint8_t)(2 + rng_uniform(&r, 3) + 16 * rng_uniform(&r, 2));
				with_blocker += po[p] == 1;
			}
			if (trial % 3 == 0) /* the owner's own building changes nothing */
				no[rng_uniform(&r, (uint32_t)b.n_node)] = 1;
			len = board_longest_road(&b, po, no, 0);
			naive = naive_longest(&b, po, no, 0);
			ck_assert_msg(len == naive, "trial %d: %d, exhaustive %d", trial, len, naive);
			for (int bound = naive - 2; bound <= naive + 1; bound++)
				ck_assert_msg(board_longest_road_at_least(&b, po, no, 0, bound) == (bound <= naive),
					      "trial %d: at least %d, exhaustive %d", trial, bound, naive);
			/* Every road as the newest: the network without it, then it. */
			for (int p = 0; p < b.n_path; p++) {
				int before;
				if (po[p] != 1)
					continue;
				po[p] = 0;
				before = naive_longest(&b, po, no, 0);
				po[p] = 1;
				ck_assert_msg(board_longest_road_through(&b, po, no, 0, p, before) == naive,
					      "trial %d: through %d after %d, exhaustive %d", trial, p, before, naive);
			}
		}
		ck_assert_int_gt(with_blocker, 100);
		board_free(&b);
	}
}
END_TEST

/* More than 64 roads (beyond the fast path): spanning trees of the 5-6 board
 * with a few extra roads and blockers, against the exhaustive search. */
START_TEST(longest_road_many_roads_B86_B87)
{
	board b;
	rng r;
	uint8_t po[128], no[96], seen[96];
	uint16_t stack[96];

	load(&b, 1);
	rng_seed(&r, 77);
	for (int trial = 0; trial < 40; trial++) {
		int top = 0, roads = 0;
		memset(po, 0, sizeof po);
		memset(no, 0, sizeof no);
		memset(seen, 0, sizeof seen);
		/* Randomised depth-first spanning tree. */
		stack[top++] = (uint16_t)rng_uniform(&r, (uint32_t)b.n_node);
		seen[stack[0]] = 1;
		while (top > 0) {
			unsigned v = stack[top - 1], options[BOARD_MAX_DEG], n = 0;
			for (int i = 0; i < b.node[v].deg; i++)
				if (!seen[b.node[v].adj[i]])
					options[n++] = (unsigned)i;
			if (n == 0) {
				top--;
				continue;
			}
			n = options[rng_uniform(&r, n)];
			po[b.node[v].path[n]] = 1;
			roads++;
			seen[b.node[v].adj[n]] = 1;
			stack[top++] = b.node[v].adj[n];
		}
		ck_assert_int_eq(roads, b.n_node - 1);
		/* Extra roads close cycles; blockers on them matter most (B-87). */
		for (int i = 0; i < 1 + trial % 4; i++) {
			unsigned p = rng_uniform(&r, (uint32_t)b.n_path);
			po[p] = 1;
			if (i < trial % 3)
				no[b.path[p].node[rng_uniform(&r, 2)]] = 2;
		}
		for (int i = 0; i < trial % 5; i++)
			no[rng_uniform(&r, (uint32_t)b.n_node)] = 2;
		ck_assert_int_eq(board_longest_road(&b, po, no, 0), naive_longest(&b, po, no, 0));
	}
	board_free(&b);
}
END_TEST

/* ---- JSON (docs/board.md) ---- */

/* A strict RFC 8259 syntax check: returns the end of one value, or NULL. */
static const char *json_value(const char *s, int depth);

static const char *json_ws(const char *s)
{
	while (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r')
		s++;
	return s;
}

static const char *json_string(const char *s)
{
	if (*s++ != '"')
		return NULL;
	while (*s && *s != '"') {
		if ((unsigned char)*s < 0x20)
			return NULL;
		if (*s == '\\') {
			s++;
			if (!*s || !strchr("\"\\/bfnrtu", *s))
				return NULL;
		}
		s++;
	}
	return *s == '"' ? s + 1 : NULL;
}

static const char *json_container(const char *s, int depth, char close, int keys)
{
	s = json_ws(s + 1);
	if (*s == close)
		return s + 1;
	for (;;) {
		if (keys) {
			s = json_string(json_ws(s));
			if (!s)
				return NULL;
			s = json_ws(s);
			if (*s++ != ':')
				return NULL;
		}
		s = json_value(s, depth + 1);
		if (!s)
			return NULL;
		s = json_ws(s);
		if (*s == close)
			return s + 1;
		if (*s++ != ',')
			return NULL;
	}
}

static const char *json_value(const char *s, int depth)
{
	s = json_ws(s);
	if (depth > 64)
		return NULL;
	if (*s == '{')
		return json_container(s, depth, '}', 1);
	if (*s == '[')
		return json_container(s, depth, ']', 0);
	if (*s == '"')
		return json_string(s);
	if (strncmp(s, "true", 4) == 0 || strncmp(s, "null", 4) == 0)
		return s + 4;
	if (strncmp(s, "false", 5) == 0)
		return s + 5;
	if (*s == '-' || (*s >= '0' && *s <= '9')) {
		char *end;
		strtod(s, &end);
		return end;
	}
	return NULL;
}

static char *board_json_text(const board *b)
{
	jw w;
	size_t need, len;
	char *buf;

	jw_init(&w, NULL, 0);
	board_json(b, &w);
	ck_assert_int_eq(jw_finish(&w, &need), CRISK_EBUFSIZE);
	buf = malloc(need + 1);
	ck_assert_ptr_nonnull(buf);
	jw_init(&w, buf, need + 1);
	board_json(b, &w);
	ck_assert_int_eq(jw_finish(&w, &len), CRISK_OK);
	ck_assert_uint_eq(len, need);
	ck_assert_uint_eq(strlen(buf), len);
	return buf;
}

START_TEST(board_json_well_formed)
{
	board b;
	char *text;
	const char *end;

	load(&b, 0);
	ck_assert_int_eq(board_generate(&b, BOARD_BEGINNER, 0, NULL, NULL, NULL, NULL), CRISK_OK);
	text = board_json_text(&b);
	end = json_value(text, 0);
	ck_assert_ptr_nonnull(end);
	ck_assert_str_eq(json_ws(end), "");
	/* Spot checks against Appendix A and B-30. */
	ck_assert_ptr_nonnull(strstr(text, "{\"id\":9,\"label\":\"c3\",\"q\":0,\"r\":0,\"x\":0,\"y\":0,\"land\":true,"
					   "\"terrain\":\"desert\",\"token\":null,\"nodes\":[18,24,30,35,29,23],"
					   "\"paths\":[28,36,44,43,35,27]}"));
	ck_assert_ptr_nonnull(strstr(text, "{\"id\":0,\"label\":\"a1\",\"q\":0,\"r\":-2,\"x\":-2,\"y\":-6,\"land\":true,"
					   "\"terrain\":\"mountains\",\"token\":10,"));
	ck_assert_ptr_nonnull(strstr(text, "{\"id\":19,\"label\":null,\"q\":0,\"r\":-3,\"x\":-3,\"y\":-9,\"land\":false,"
					   "\"terrain\":\"sea\",\"token\":null,\"nodes\":[null,null,0,3,null,null],"
					   "\"paths\":[null,null,0,null,null,null]}"));
	ck_assert_ptr_nonnull(strstr(text, "{\"id\":0,\"x\":-2,\"y\":-8,\"neighbours\":[3,4],\"paths\":[0,1],"
					   "\"hexes\":[0],\"harbor\":0,\"coastal\":true}"));
	ck_assert_ptr_nonnull(strstr(text, "{\"id\":71,\"nodes\":[50,53],\"hexes\":[18],\"harbor\":null}"));
	ck_assert_ptr_nonnull(strstr(text, "{\"slot\":1,\"type\":\"grain\",\"ratio\":2,\"hex\":1,\"side\":\"NE\","
					   "\"path\":3,\"nodes\":[1,5],\"sea\":21}"));
	ck_assert_ptr_nonnull(strstr(text, "\"robber_start\":9}"));
	ck_assert_ptr_nonnull(strstr(text, "\"coordinates\":\""));
	free(text);
	board_free(&b);

	load(&b, 1);
	text = board_json_text(&b);
	end = json_value(text, 0);
	ck_assert_ptr_nonnull(end);
	ck_assert_str_eq(json_ws(end), "");
	ck_assert_ptr_nonnull(strstr(text, "\"board\":\"5-6\""));
	ck_assert_ptr_nonnull(strstr(text, "\"robber_start\":null}"));
	free(text);
	board_free(&b);
}
END_TEST

static Suite *board_suite(void)
{
	Suite *s = suite_create("board");
	TCase *tc = tcase_create("board");
	tcase_add_test(tc, appendix_a1_base_B15_B20_B21_B22_B24);
	tcase_add_test(tc, appendix_a1_big_B25_B20_B21_B22);
	tcase_add_test(tc, sea_hex_corners_and_sides_B16);
	tcase_add_test(tc, appendix_a2_harbor_slots_B23_B27);
	tcase_add_test(tc, appendix_a3_spirals_B34);
	tcase_add_test(tc, counts_base_B17_B18_B19_B136);
	tcase_add_test(tc, counts_big_B26_B137);
	tcase_add_test(tc, id_anchors_B138);
	tcase_add_test(tc, board_free_is_safe);
	tcase_add_test(tc, components_B139);
	tcase_add_test(tc, spiral_property_B142);
	tcase_add_test(tc, beginner_layout_B1_B4_B30_B37_B143);
	tcase_add_test(tc, draw_order_B29_B32_B33_B34_B135);
	tcase_add_test(tc, draw_order_random_tokens_B36_B135);
	tcase_add_test(tc, same_seed_same_layout_B29);
	tcase_add_test(tc, random_constraints_B34_B36);
	tcase_add_test(tc, no_identical_adjacent_only_random_tokens_B126);
	tcase_add_test(tc, custom_layout_B38);
	tcase_add_test(tc, custom_round_trip_big_B38);
	tcase_add_test(tc, custom_validation_B38);
	tcase_add_test(tc, longest_road_shapes_B86_B87_B145);
	tcase_add_test(tc, longest_road_matches_exhaustive_B86_B87);
	tcase_add_test(tc, longest_road_many_roads_B86_B87);
	tcase_add_test(tc, longest_road_through_incremental_B86_B88_H84);
	tcase_add_test(tc, longest_road_through_dense_B86_B88);
	tcase_add_test(tc, longest_road_through_even_end_B86_B88);
	tcase_add_test(tc, longest_road_through_runs_B86_B88);
	tcase_add_test(tc, longest_road_at_least_B86_B87_H109);
	tcase_add_test(tc, longest_road_at_least_parts_B86_B87_H84);
	tcase_add_test(tc, longest_road_at_least_all_roads_B86_B87_H84);
	tcase_add_test(tc, longest_road_rings_and_arms_B86_B87_H82_H83);
	tcase_add_test(tc, board_json_well_formed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(board_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
