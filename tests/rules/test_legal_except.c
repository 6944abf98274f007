/* crisk_game_legal_actions_except (B-128 lists, B-96/B-100 offers): at every
 * step of random playouts of base (4 and 5-6 seats), two_player and risk,
 * the list without the skipped types is the full list with those types
 * removed, in the same order, under the buffer convention, for the native
 * offer skip of the built-in modules and for the core's generic filter.
 * Public API only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scenario.h"
#include "catanrisk/risk.h"
#include "catanrisk/two_player.h"

#define BIT(t) CRISK_ACTION_TYPE_BIT(t)
#define OFFER_BIT BIT(CRISK_CATAN_OFFER_TRADE)
/* Never written by the library: marks the buffer slots it must leave alone. */
#define SENTINEL UINT64_C(0xA5A5A5A5A5A5A5A5)
#define MAX_STEPS 2500

/* The masks checked at every step: the native offer skip first, then the
 * generic filter (alone, together with offers, nothing listed at all). */
static const uint64_t masks[] = {
	OFFER_BIT,
	BIT(CRISK_CATAN_MARITIME_TRADE) | BIT(CRISK_CATAN_END_TURN),
	BIT(CRISK_CATAN_BUILD_ROAD),
	BIT(CRISK_CATAN_BUILD_ROAD) | OFFER_BIT,
	BIT(CRISK_CATAN_ROLL) | BIT(CRISK_CATAN_DICE) | BIT(CRISK_CATAN_ACCEPT) | BIT(CRISK_CATAN_DECLINE),
	BIT(CRISK_RISK_PLACE_ARMY) | BIT(CRISK_RISK_BUY_ARMIES) | BIT(CRISK_RISK_MOVE_ARMIES) |
		BIT(CRISK_RISK_ATTACK) | BIT(CRISK_RISK_ATTACK_ALL) | BIT(CRISK_RISK_REDEPLOY) |
		BIT(CRISK_RISK_RESIGN) | BIT(CRISK_RISK_BATTLE_DICE),
	BIT(CRISK_TP_NEUTRAL_ROAD) | BIT(CRISK_TP_FORCED_TRADE) | BIT(CRISK_TP_DRAW_RESULT) | BIT(CRISK_TP_GIVE) |
		BIT(CRISK_TP_ROBBER_DESERT) | BIT(CRISK_TP_KNIGHT_TOKENS),
	BIT(63),
	UINT64_MAX,
};
#define N_MASKS (sizeof masks / sizeof masks[0])

typedef struct lists {
	crisk_action *full, *want, *got;
	size_t cap, span; /* span: the slots a call may see, the full count and a margin */
} lists;

/* What the playouts saw, so a test can insist the interesting points occurred. */
typedef struct seen {
	long steps, offers_skipped, trade_points, long_lists, military_skipped;
} seen;

static uint64_t rng_next(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static void grow(lists *L, size_t n)
{
	L->span = n + 8;
	if (L->span <= L->cap)
		return;
	L->cap = 2 * L->span;
	L->full = realloc(L->full, L->cap * sizeof *L->full);
	L->want = realloc(L->want, L->cap * sizeof *L->want);
	L->got = realloc(L->got, L->cap * sizeof *L->got);
	SC_CHECK(L->full && L->want && L->got, "out of memory");
}

static size_t full_list(const crisk_game *g, lists *L)
{
	size_t n = 0;
	int rc = crisk_game_legal_actions(g, NULL, 0, &n);
	SC_CHECK(rc == CRISK_OK || rc == CRISK_EBUFSIZE, "legal_actions: %s", crisk_error_last());
	grow(L, n);
	size_t again = 0;
	SC_EQ(crisk_game_legal_actions(g, L->full, L->cap, &again), CRISK_OK);
	SC_EQ(again, n);
	return n;
}

/* One call with capacity cap into a sentinel-filled buffer: the first
 * min(m, cap) actions are the expected ones, the rest is untouched. */
static void check_call(const crisk_game *g, uint64_t skip, const lists *L, size_t m, size_t cap, const char *where)
{
	for (size_t i = 0; i < L->span; i++)
		L->got[i] = SENTINEL;
	size_t count = SIZE_MAX;
	unsigned long long mask = skip;
	int rc = crisk_game_legal_actions_except(g, skip, cap ? L->got : NULL, cap, &count);
	SC_CHECK(rc == (cap < m ? CRISK_EBUFSIZE : CRISK_OK), "%s, skip 0x%016llx, cap %zu of %zu: rc %d (%s)", where,
		 mask, cap, m, rc, crisk_error_last());
	SC_CHECK(count == m, "%s, skip 0x%016llx, cap %zu: count %zu, want %zu", where, mask, cap, count, m);
	size_t shown = m < cap ? m : cap;
	for (size_t i = 0; i < shown; i++)
		SC_CHECK(L->got[i] == L->want[i], "%s, skip 0x%016llx, cap %zu: action %zu is 0x%016llx, want 0x%016llx",
			 where, mask, cap, i, (unsigned long long)L->got[i], (unsigned long long)L->want[i]);
	for (size_t i = shown; i < L->span; i++)
		SC_CHECK(L->got[i] == SENTINEL, "%s, skip 0x%016llx, cap %zu: slot %zu of %zu written", where, mask, cap, i,
			 m);
}

/* Every mask at the current point, with room to spare, an exact fit and too
 * small buffers (0, 1, m-1, and one between the kept and the full count). */
static void check_point(const crisk_game *g, lists *L, seen *sn, const char *where)
{
	size_t n = full_list(g, L);
	const lists all = {L->full, L->full, L->got, L->cap, L->span};
	check_call(g, 0, &all, n, L->span, where);
	check_call(g, 0, &all, n, n ? n - 1 : 0, where);
	for (size_t k = 0; k < N_MASKS; k++) {
		uint64_t skip = masks[k];
		size_t m = 0;
		for (size_t i = 0; i < n; i++) {
			unsigned t = CRISK_ACTION_TYPE(L->full[i]);
			if (!(t < 64 && (skip & BIT(t))))
				L->want[m++] = L->full[i];
		}
		if (k == 0 && m < n)
			sn->offers_skipped++;
		if (k == 5 && m < n) /* masks[5]: the risk types */
			sn->military_skipped++;
		const size_t caps[] = {L->span, m, 0, 1, m ? m - 1 : 0, (m + n) / 2};
		for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++)
			check_call(g, skip, L, m, caps[c], where);
	}
	if (n > 100)
		sn->long_lists++;
}

/* A uniformly random action type, then a random action of that type: the
 * offers come up often enough to reach the answer and confirmation points. */
static crisk_action pick(const lists *L, size_t n, uint64_t *rng)
{
	unsigned types[256];
	size_t n_types = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned t = CRISK_ACTION_TYPE(L->full[i]);
		if (!n_types || types[n_types - 1] != t)
			types[n_types++] = t;
	}
	unsigned t = types[rng_next(rng) % n_types];
	size_t first = 0, count = 0;
	for (size_t i = 0; i < n; i++)
		if (CRISK_ACTION_TYPE(L->full[i]) == t) {
			if (!count)
				first = i;
			count++;
		}
	return L->full[first + rng_next(rng) % count];
}

static void playouts(const char *module, const char *params, uint64_t first_seed, int games, seen *sn)
{
	lists L = {0};
	for (int i = 0; i < games; i++) {
		uint64_t seed = first_seed + (uint64_t)i, rng = seed;
		char text[256];
		snprintf(text, sizeof text, "%s seed=%llu", params, (unsigned long long)seed);
		crisk_game *g = sc_new_game(module, text);
		for (int step = 0; step < MAX_STEPS; step++) {
			char where[320];
			snprintf(where, sizeof where, "%s %s, step %d", module, text, step);
			check_point(g, &L, sn, where);
			size_t n = full_list(g, &L);
			if (!n)
				break;
			/* An answer to an offer or its confirmation (DP_TRADE_*) is listed last. */
			unsigned last = CRISK_ACTION_TYPE(L.full[n - 1]);
			if (last == CRISK_CATAN_DECLINE || last == CRISK_CATAN_CANCEL)
				sn->trade_points++;
			sc_apply(g, pick(&L, n, &rng));
			sn->steps++;
		}
		crisk_game_free(g);
	}
	free(L.full);
	free(L.want);
	free(L.got);
}

/* B-128, B-96, B-100: four seats, both chance modes. */
START_TEST(test_b128_except_base_four)
{
	seen sn = {0};
	playouts("base", "players=4 board=random chance=explicit max_turns=120", 100, 3, &sn);
	playouts("base", "players=3 board=beginner chance=auto max_turns=120", 200, 1, &sn);
	ck_assert_int_gt(sn.offers_skipped, 20);
	ck_assert_int_gt(sn.trade_points, 5);
	ck_assert_int_gt(sn.long_lists, 20);
}
END_TEST

/* B-128, B-113..B-122: five and six seats, the special build phase and paired turns. */
START_TEST(test_b128_except_base_five_six)
{
	seen sn = {0};
	playouts("base", "players=5 board=random chance=explicit max_turns=100", 300, 2, &sn);
	playouts("base", "players=6 board=random chance=auto max_turns=100 paired_players=on", 400, 1, &sn);
	ck_assert_int_gt(sn.offers_skipped, 20);
	ck_assert_int_gt(sn.trade_points, 5);
}
END_TEST

/* B-128 with T-n decision points (neutral builds, forced trades, draws). */
START_TEST(test_b128_except_two_player)
{
	seen sn = {0};
	playouts("two_player", "board=random chance=explicit max_turns=150", 500, 2, &sn);
	ck_assert_int_gt(sn.offers_skipped, 20);
	ck_assert_int_gt(sn.trade_points, 5);
}
END_TEST

/* B-128 with the risk overlay (RC-8..RC-23): placement, battles, military lists. */
START_TEST(test_b128_except_risk)
{
	seen sn = {0};
	playouts("risk", "players=3 board=random chance=explicit max_turns=120", 600, 2, &sn);
	playouts("risk", "players=4 board=random chance=auto max_turns=120", 700, 1, &sn);
	ck_assert_int_gt(sn.offers_skipped, 20);
	ck_assert_int_gt(sn.trade_points, 5);
	ck_assert_int_gt(sn.military_skipped, 20);
}
END_TEST

/* Skipping nothing is crisk_game_legal_actions; the type macros read the code's top byte. */
START_TEST(test_b128_except_nothing_and_type_macros)
{
	crisk_game *g = sc_standard(NULL);
	sc_gain(g, 0, CRISK_CATAN_BRICK, 2);
	sc_gain(g, 0, CRISK_CATAN_LUMBER, 2);
	sc_gain(g, 0, CRISK_CATAN_WOOL, 4);
	sc_to_main(g, 0);
	crisk_action full[512], got[512];
	size_t n = sc_legal_list(g, full, 512), count = 0;
	ck_assert_int_eq(crisk_game_legal_actions_except(g, 0, got, 512, &count), CRISK_OK);
	ck_assert_uint_eq(count, n);
	ck_assert(!memcmp(full, got, n * sizeof *full));
	/* Offers, roads and trades are all in this list, so each skip removes some. */
	for (int t = 0; t < 3; t++) {
		const unsigned type[3] = {CRISK_CATAN_OFFER_TRADE, CRISK_CATAN_BUILD_ROAD, CRISK_CATAN_MARITIME_TRADE};
		ck_assert_int_eq(crisk_game_legal_actions_except(g, BIT(type[t]), got, 512, &count), CRISK_OK);
		ck_assert_uint_lt(count, n);
		for (size_t i = 0; i < count; i++)
			ck_assert_uint_ne(CRISK_ACTION_TYPE(got[i]), type[t]);
	}
	ck_assert_uint_eq(CRISK_ACTION_TYPE(sc_act(CRISK_CATAN_BUILD_ROAD, 12)), CRISK_CATAN_BUILD_ROAD);
	ck_assert_uint_eq(CRISK_ACTION_TYPE(UINT64_MAX), 255);
	ck_assert(CRISK_ACTION_TYPE_BIT(0) == 1);
	ck_assert(CRISK_ACTION_TYPE_BIT(63) == UINT64_C(0x8000000000000000));
	crisk_game_free(g);
}
END_TEST

/* Argument refusals name the function and leave count 0. */
START_TEST(test_except_argument_errors)
{
	crisk_game *g = sc_standard(NULL);
	crisk_action buf[4];
	size_t count = 77;
	ck_assert_int_eq(crisk_game_legal_actions_except(NULL, OFFER_BIT, buf, 4, &count), CRISK_EINVAL);
	ck_assert_uint_eq(count, 0);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "crisk_game_legal_actions_except"));
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "game"));
	ck_assert_int_eq(crisk_game_legal_actions_except(g, OFFER_BIT, buf, 4, NULL), CRISK_EINVAL);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "crisk_game_legal_actions_except"));
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "count"));
	count = 77;
	ck_assert_int_eq(crisk_game_legal_actions_except(g, 0, NULL, 4, &count), CRISK_EINVAL);
	ck_assert_uint_eq(count, 0);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "crisk_game_legal_actions_except"));
	count = 77;
	ck_assert_int_eq(crisk_game_legal_actions_except(g, BIT(CRISK_CATAN_BUILD_ROAD), NULL, 1, &count),
			 CRISK_EINVAL);
	ck_assert_uint_eq(count, 0);
	/* NULL with capacity 0 is the size query. */
	ck_assert_int_eq(crisk_game_legal_actions_except(g, OFFER_BIT, NULL, 0, &count), CRISK_EBUFSIZE);
	ck_assert_uint_gt(count, 0);
	crisk_game_free(g);
}
END_TEST

/* A finished game lists nothing, whatever is skipped (B-108). */
START_TEST(test_except_game_over_lists_nothing)
{
	crisk_game *g = sc_new_game("base", "players=2 board=beginner chance=auto max_turns=2 seed=5");
	lists L = {0};
	uint64_t rng = 5;
	for (int step = 0; step < 10000; step++) {
		size_t n = full_list(g, &L);
		if (!n)
			break;
		sc_apply(g, pick(&L, n, &rng));
	}
	ck_assert_int_ne(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
	for (size_t k = 0; k < N_MASKS; k++) {
		size_t count = 9;
		ck_assert_int_eq(crisk_game_legal_actions_except(g, masks[k], NULL, 0, &count), CRISK_OK);
		ck_assert_uint_eq(count, 0);
	}
	free(L.full);
	free(L.want);
	free(L.got);
	crisk_game_free(g);
}
END_TEST

static Suite *except_suite(void)
{
	Suite *s = suite_create("rules_legal_except");
	TCase *tc = tcase_create("except");
	tcase_add_test(tc, test_b128_except_base_four);
	tcase_add_test(tc, test_b128_except_base_five_six);
	tcase_add_test(tc, test_b128_except_two_player);
	tcase_add_test(tc, test_b128_except_risk);
	tcase_add_test(tc, test_b128_except_nothing_and_type_macros);
	tcase_add_test(tc, test_except_argument_errors);
	tcase_add_test(tc, test_except_game_over_lists_nothing);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(except_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
