/* muhq's check of moves and carries (mq_check's fast paths for M-59..M-61
 * and M-74) through the public API: at the steps of random games, every
 * move and carry code near the listed ones (other tiles, the other aux, an
 * invalid aux, other artifacts, destinations and put tiles) passes
 * crisk_game_check exactly when the legal list holds it.  The same for the
 * card actions mq_check decides without listing (release M-31, activate
 * and finish M-43, scrap M-30, buy M-32, discard at cleanup): codes of the
 * listed and other cards, every type at every decision point, with stray
 * fields. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk.h"

#define ACT_MAX 65536
enum { A_RELEASE = 4, A_ACTIVATE = 7, A_MOVE = 8, A_CARRY = 11, A_FINISH = 15, A_SCRAP = 17, A_BUY = 19,
       A_DISCARD = 20, A_CONCEDE = 23 };
#define T_TILE 0x1000u
#define T_NONE 0x3FFFu

static crisk_action acts[ACT_MAX], sorted[ACT_MAX];

static uint64_t rnd_state = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

static crisk_action code(unsigned type, unsigned card, unsigned aux, unsigned a, unsigned b, unsigned c)
{
	return (uint64_t)type << 56 | (uint64_t)(card & 0x3FF) << 46 | (uint64_t)(aux & 0xF) << 42 |
	       (uint64_t)(a & 0x3FFF) << 28 | (uint64_t)(b & 0x3FFF) << 14 | (uint64_t)(c & 0x3FFF);
}

static unsigned f_type(crisk_action x) { return (unsigned)(x >> 56); }
static unsigned f_card(crisk_action x) { return (unsigned)(x >> 46) & 0x3FF; }
static unsigned f_a(crisk_action x) { return (unsigned)(x >> 28) & 0x3FFF; }
static unsigned f_b(crisk_action x) { return (unsigned)(x >> 14) & 0x3FFF; }
static unsigned f_c(crisk_action x) { return (unsigned)x & 0x3FFF; }

static int cmp(const void *a, const void *b)
{
	crisk_action x = *(const crisk_action *)a, y = *(const crisk_action *)b;
	return x < y ? -1 : x > y;
}

static size_t nsorted;
static long agreed, carries, cardcodes;

static void agree(const crisk_game *g, crisk_action x)
{
	int listed = bsearch(&x, sorted, nsorted, sizeof x, cmp) != NULL;
	int ok = crisk_game_check(g, x) == CRISK_OK;
	ck_assert_msg(ok == listed, "code %016llx (type %u card %u a %u b %u c %u): check %s but %slisted",
		      (unsigned long long)x, f_type(x), f_card(x), f_a(x), f_b(x), f_c(x), ok ? "passes" : "refuses",
		      listed ? "" : "not ");
	agreed++;
}

/* The codes near the listed moves and carries. */
static void probe(const crisk_game *g, size_t n)
{
	memcpy(sorted, acts, n * sizeof *acts);
	qsort(sorted, n, sizeof *sorted, cmp);
	nsorted = n;
	unsigned unit = 0x3FF;
	int lo = 1 << 30, hi = -1;
	for (size_t i = 0; i < n; i++) {
		unsigned t = f_type(acts[i]);
		if (t == A_FINISH)
			unit = f_card(acts[i]);
		if (t == A_MOVE) {
			int tile = (int)(f_a(acts[i]) & 0xFFF);
			lo = tile < lo ? tile : lo;
			hi = tile > hi ? tile : hi;
		}
	}
	if (unit != 0x3FF) {
		if (hi < 0)
			lo = hi = 0;
		for (unsigned aux = 0; aux < 3; aux++)
			for (int t = lo - 70 < 0 ? 0 : lo - 70; t <= hi + 70; t++)
				agree(g, code(A_MOVE, unit, aux, T_TILE | (unsigned)t, T_NONE, T_NONE));
		agree(g, code(A_MOVE, unit, 0, T_TILE | 0xFFFu, T_NONE, T_NONE));
		agree(g, code(A_MOVE, unit ^ 1, 0, T_TILE | (unsigned)lo, T_NONE, T_NONE));
		agree(g, code(A_MOVE, unit, 0, T_TILE | (unsigned)lo, T_NONE, 0));
		agree(g, code(A_MOVE, unit, 0, (unsigned)lo, T_NONE, T_NONE));
	}
	/* The card actions: every such type with the cards of the listed
	 * actions (and neighbours), a random card, stray fields. */
	static const unsigned ctypes[] = {A_RELEASE, A_ACTIVATE, A_FINISH, A_BUY, A_DISCARD};
	/* Now and then the type of a listed action (or another) with every
	 * card, other seats' and other zones' too. */
	unsigned sweep = rnd() % 2 ? f_type(acts[rnd() % n]) : ctypes[rnd() % (sizeof ctypes / sizeof *ctypes)];
	for (size_t k = 0; k < sizeof ctypes / sizeof *ctypes; k++)
		if (sweep == ctypes[k] && rnd() % 3 == 0)
			for (unsigned c = 0; c < 400; c++)
				agree(g, code(sweep, c, 0, T_NONE, T_NONE, T_NONE));
	for (size_t k = 0; k < sizeof ctypes / sizeof *ctypes; k++) {
		unsigned t = ctypes[k], rc = (unsigned)(rnd() % 400);
		agree(g, code(t, rc, 0, T_NONE, T_NONE, T_NONE));
		agree(g, code(t, 0x3FF, 0, T_NONE, T_NONE, T_NONE));
		for (size_t i = 0; i < n; i += 1 + rnd() % 3) {
			unsigned c = f_card(acts[i]);
			if (c == 0x3FF)
				continue;
			for (unsigned d = 0; d < 3; d++)
				agree(g, code(t, c + d - 1, 0, T_NONE, T_NONE, T_NONE));
			agree(g, code(t, c, 1, T_NONE, T_NONE, T_NONE));
			agree(g, code(t, c, 0, 5, T_NONE, T_NONE));
			agree(g, code(t, c, 0, T_NONE, T_NONE, 0));
			cardcodes++;
		}
	}
	for (size_t i = 0; i < n; i++) {
		crisk_action x = acts[i];
		unsigned t = f_type(x);
		if (t == A_SCRAP && rnd() % 2 == 0) {
			unsigned a = f_a(x), b = f_b(x);
			agree(g, x);
			agree(g, code(A_SCRAP, 0x3FF, 0, b, a, 0));
			agree(g, code(A_SCRAP, 0x3FF, 0, a, a, 0));
			for (unsigned d = 0; d < 5; d++) {
				agree(g, code(A_SCRAP, 0x3FF, 0, a, b + d - 2, 0));
				agree(g, code(A_SCRAP, 0x3FF, 0, a + d - 2, b, 0));
			}
			agree(g, code(A_SCRAP, 0x3FF, 0, a, b, 1));
			agree(g, code(A_SCRAP, 0x3FF, 1, a, b, 0));
			agree(g, code(A_SCRAP, a, 0, a, b, 0));
			cardcodes++;
		}
		if (t != A_SCRAP && f_card(x) != 0x3FF && rnd() % 8 == 0)
			agree(g, code(A_SCRAP, 0x3FF, 0, f_card(x), f_card(x) + 1 + (unsigned)(rnd() % 20), 0));
	}
	for (size_t i = 0; i < n; i++) {
		crisk_action x = acts[i];
		if (f_type(x) != A_CARRY || rnd() % 4)
			continue;
		unsigned u = f_card(x), art = f_a(x), dest = f_b(x) & 0xFFF, put = f_c(x) & 0xFFF;
		carries++;
		for (int d = -70; d <= 70; d++) {
			if ((int)dest + d >= 0)
				agree(g, code(A_CARRY, u, 0, art, T_TILE | (dest + (unsigned)d), T_TILE | put));
			if ((int)put + d >= 0)
				agree(g, code(A_CARRY, u, 0, art, T_TILE | dest, T_TILE | (put + (unsigned)d)));
		}
		for (unsigned k = 0; k < 8; k++)
			agree(g, code(A_CARRY, u, 0, art + k - 4, T_TILE | dest, T_TILE | put));
		agree(g, code(A_CARRY, u, 1, art, T_TILE | dest, T_TILE | put));
		agree(g, code(A_CARRY, u, 0, art, dest, T_TILE | put));
	}
}

static void play(const char *params, int max_steps)
{
	crisk_rules *r = NULL;
	ck_assert_msg(crisk_rules_new(&r, "muhq", params) == CRISK_OK, "%s: %s", params, crisk_error_last());
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	int step = 0, winner;
	for (; step < max_steps && crisk_game_status(g, &winner) == CRISK_STATUS_RUNNING; step++) {
		size_t n = 0;
		ck_assert_msg(crisk_game_legal_actions(g, acts, ACT_MAX, &n) == CRISK_OK, "legal: %s", crisk_error_last());
		ck_assert(n > 0);
		probe(g, n);
		crisk_action a;
		do
			a = acts[rnd() % n];
		while (f_type(a) == A_CONCEDE && n > 1);
		ck_assert_msg(crisk_game_apply(g, a) == CRISK_OK, "apply: %s", crisk_error_last());
	}
	crisk_game_free(g);
	fprintf(stderr, "# %s: %d steps, %ld codes compared, %ld carries probed, %ld card actions probed\n", params,
		step, agreed, carries, cardcodes);
}

/* M-59, M-60, M-67, M-74 (and M-30, M-31, M-32, M-43 above): check agrees with the list. */
START_TEST(move_and_carry_check_agree_with_list_M59_M74)
{
	static const char *const maps[] = {
		"map=2P-ring-street players=2",
		"map=4P-islands players=4",
		"map=2P-river-king players=2",
		"map=the-kraken players=2",
	};
	for (int i = 0; i < 4; i++)
		for (int seed = 1; seed <= 2; seed++) {
			char p[128];
			snprintf(p, sizeof p, "%s draft=none seed=%d", maps[i], seed);
			play(p, 1500);
		}
	ck_assert_msg(carries > 0, "no carry was listed");
	ck_assert_msg(cardcodes > 0, "no card action was listed");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("mq check");
	TCase *tc = tcase_create("mq check");
	tcase_set_timeout(tc, 0);
	tcase_add_test(tc, move_and_carry_check_agree_with_list_M59_M74);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
