/* Production (B-53..B-56). Standard set-up: seat 0 at 12 and 31, seat 1 at 19
 * and 40, seat 2 at 39 and 49, seat 3 at 5 and 20 (scenario.h). */
#include <stdlib.h>
#include <string.h>
#include "scenario.h"

static void hands(const crisk_game *g, int32_t out[4][5])
{
	for (int s = 0; s < 4; s++)
		sc_hand(g, s, out[s]);
}

static void expect_delta(int32_t before[4][5], const crisk_game *g, const int32_t delta[4][5])
{
	int32_t after[4][5];
	hands(g, after);
	for (int s = 0; s < 4; s++)
		for (int r = 0; r < 5; r++)
			ck_assert_msg(after[s][r] - before[s][r] == delta[s][r], "seat %d resource %d: got %+d, want %+d", s,
				      r, after[s][r] - before[s][r], delta[s][r]);
}

/* B-53: a 6 pays hills 4 (seat 0 at 12) and fields 17 (seats 1 and 2); a 3
 * pays forest 10 and mountains 13, which add up for seat 1. */
START_TEST(test_b53_production_settlements)
{
	crisk_game *g = sc_standard(NULL);
	int32_t before[4][5];
	hands(g, before);
	uint64_t since = sc_next_seq(g);
	sc_roll(g, 6);
	const int32_t d6[4][5] = {{1, 0, 0, 0, 0}, {0, 0, 0, 1, 0}, {0, 0, 0, 1, 0}, {0}};
	expect_delta(before, g, d6);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_PRODUCTION, CRISK_VIEWER_SPECTATOR, NULL), 3);
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_DICE, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.args[0], 6);
	ck_assert_int_eq(e.seat, 0);
	sc_end_turn(g);

	hands(g, before);
	sc_roll(g, 3);
	const int32_t d3[4][5] = {{0, 1, 0, 0, 0}, {0, 1, 0, 0, 1}, {0, 0, 0, 0, 1}, {0}};
	expect_delta(before, g, d3);
	crisk_game_free(g);
}
END_TEST

/* B-53: a city earns 2; the bank pays what hands gain. */
START_TEST(test_b53_city_earns_two)
{
	crisk_game *g = sc_standard(NULL);
	sc_gain(g, 0, CRISK_CATAN_GRAIN, 2);
	sc_gain(g, 0, CRISK_CATAN_ORE, 3);
	sc_to_main(g, 0);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_CITY, 12));
	sc_end_turn(g);
	int32_t before[4][5], bank0[5], bank1[5];
	hands(g, before);
	ck_assert_int_eq(crisk_catan_bank(g, bank0, NULL), CRISK_OK);
	sc_roll(g, 10); /* mountains 0 (city 12 of seat 0), hills 6 (seats 1 and 3) */
	const int32_t d10[4][5] = {{0, 0, 0, 0, 2}, {1, 0, 0, 0, 0}, {0}, {1, 0, 0, 0, 0}};
	expect_delta(before, g, d10);
	ck_assert_int_eq(crisk_catan_bank(g, bank1, NULL), CRISK_OK);
	ck_assert_int_eq(bank0[CRISK_CATAN_ORE] - bank1[CRISK_CATAN_ORE], 2);
	ck_assert_int_eq(bank0[CRISK_CATAN_BRICK] - bank1[CRISK_CATAN_BRICK], 2);
	crisk_game_free(g);
}
END_TEST

/* B-54, B-66: the robber's hex produces for nobody, the mover included, and
 * stays blocked on later rolls. */
START_TEST(test_b54_b66_robber_blocks_production)
{
	crisk_game *g = sc_standard(NULL);
	sc_roll(g, 7);
	/* Hills 4 touches only seat 0's own settlement 12: no victim. */
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 4));
	ck_assert(sc_at_main(g));
	sc_end_turn(g);
	for (int t = 0; t < 4; t++) {
		int32_t before[4][5];
		hands(g, before);
		sc_roll(g, 6);
		const int32_t d6[4][5] = {{0}, {0, 0, 0, 1, 0}, {0, 0, 0, 1, 0}, {0}};
		expect_delta(before, g, d6);
		int32_t hex = -1;
		ck_assert_int_eq(crisk_catan_robber(g, &hex), CRISK_OK);
		ck_assert_int_eq(hex, 4);
		sc_end_turn(g);
	}
	crisk_game_free(g);
}
END_TEST

/* Rolls 12 (seat 0's city on fields 3 is the only taker) or 4 (seat 1 takes
 * one grain from fields 14) until the bank has exactly one grain. */
static void drain_grain_to_one(crisk_game *g)
{
	for (int guard = 0; guard < 64; guard++) {
		int32_t bank[5];
		ck_assert_int_eq(crisk_catan_bank(g, bank, NULL), CRISK_OK);
		if (bank[CRISK_CATAN_GRAIN] == 1)
			return;
		if (sc_at_main(g))
			sc_end_turn(g);
		sc_roll(g, bank[CRISK_CATAN_GRAIN] >= 3 ? 12 : 4);
	}
	ck_abort_msg("could not drain the grain");
}

/* B-55: bank shortage.  Several seats owed grain and too little in the bank:
 * nobody gets grain, other types are paid.  One seat owed more than the bank
 * has: it takes the rest. */
START_TEST(test_b55_bank_shortage)
{
	crisk_game *g = sc_standard("discard_limit=95");
	sc_gain(g, 0, CRISK_CATAN_GRAIN, 2);
	sc_gain(g, 0, CRISK_CATAN_ORE, 3);
	sc_to_main(g, 0);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_CITY, 12));
	sc_end_turn(g);
	drain_grain_to_one(g);
	if (sc_at_main(g))
		sc_end_turn(g);

	/* A 6: seats 1 and 2 are owed one grain each (fields 17), the bank has 1. */
	int32_t before[4][5], bank[5];
	hands(g, before);
	uint64_t since = sc_next_seq(g);
	sc_roll(g, 6);
	const int32_t d6[4][5] = {{2, 0, 0, 0, 0}, {0}, {0}, {0}};
	expect_delta(before, g, d6);
	ck_assert_int_eq(crisk_catan_bank(g, bank, NULL), CRISK_OK);
	ck_assert_int_eq(bank[CRISK_CATAN_GRAIN], 1);
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_SHORTAGE, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.args[0], CRISK_CATAN_GRAIN);
	sc_end_turn(g);

	/* A 12: only seat 0 is owed grain (2, by its city); it takes the 1 left. */
	hands(g, before);
	sc_roll(g, 12);
	const int32_t d12[4][5] = {{0, 0, 0, 1, 0}, {0}, {0}, {0}};
	expect_delta(before, g, d12);
	ck_assert_int_eq(crisk_catan_bank(g, bank, NULL), CRISK_OK);
	ck_assert_int_eq(bank[CRISK_CATAN_GRAIN], 0);
	crisk_game_free(g);
}
END_TEST

/* B-56: production never triggers discards, however big the hands get. */
START_TEST(test_b56_no_discard_from_production)
{
	crisk_game *g = sc_standard(NULL);
	sc_gain(g, 0, CRISK_CATAN_GRAIN, 9);
	ck_assert_int_gt(sc_hand_total(g, 0), 7);
	sc_to_preroll(g, 0);
	sc_roll(g, 12);
	ck_assert_int_eq(sc_seat(g), 0);
	ck_assert(sc_at_main(g));
	crisk_game_free(g);
}
END_TEST

static Suite *production_suite(void)
{
	Suite *s = suite_create("rules_production");
	TCase *tc = tcase_create("production");
	tcase_add_test(tc, test_b53_production_settlements);
	tcase_add_test(tc, test_b53_city_earns_two);
	tcase_add_test(tc, test_b54_b66_robber_blocks_production);
	tcase_add_test(tc, test_b55_bank_shortage);
	tcase_add_test(tc, test_b56_no_discard_from_production);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(production_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
