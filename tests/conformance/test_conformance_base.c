/* The conformance suite on module base: 2 to 6 seats (5-6 with the special
 * build phase or paired turns), automatic and explicit chance.  CRISK_CONFORMANCE_GAMES (environment) sets the games per
 * configuration; the default keeps the whole run short. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "conformance.h"

#define DEFAULT_GAMES 3

static void run_config(const char *params, uint64_t first_seed)
{
	conformance_check("base", params, DEFAULT_GAMES, first_seed, NULL);
}

START_TEST(test_base_two_seats_auto)
{
	run_config("players=2 board=random chance=auto max_turns=200", 1000);
}
END_TEST

START_TEST(test_base_three_seats_auto)
{
	run_config("players=3 board=random_tokens chance=auto max_turns=200", 2000);
}
END_TEST

START_TEST(test_base_four_seats_auto)
{
	run_config("players=4 board=random chance=auto max_turns=200 friendly_robber=on", 3000);
}
END_TEST

START_TEST(test_base_two_seats_explicit)
{
	run_config("players=2 board=beginner chance=explicit max_turns=200 discard_limit=5", 4000);
}
END_TEST

START_TEST(test_base_three_seats_explicit)
{
	run_config("players=3 board=random chance=explicit max_turns=200 max_trade_offers_per_turn=2", 5000);
}
END_TEST

START_TEST(test_base_four_seats_explicit)
{
	run_config("players=4 board=random chance=explicit max_turns=200 vp_target=8", 6000);
}
END_TEST

/* B-111..B-124: the 5-6 board, components and special build phase. */
START_TEST(test_base_five_seats_sbp)
{
	run_config("players=5 board=random chance=auto max_turns=200", 7000);
}
END_TEST

START_TEST(test_base_six_seats_sbp_explicit)
{
	run_config("players=6 board=random_tokens chance=explicit max_turns=200", 8000);
}
END_TEST

/* B-122, B-123: paired turns instead of the special build phase. */
START_TEST(test_base_six_seats_paired)
{
	run_config("players=6 board=random chance=auto max_turns=200 paired_players=on", 9000);
}
END_TEST

START_TEST(test_base_five_seats_paired_explicit)
{
	run_config("players=5 board=custom chance=explicit max_turns=200 paired_players=on "
		   "terrain=hhhhhffffffppppppggggggmmmmmdd "
		   "tokens=2,2,3,3,3,4,4,4,5,5,5,6,6,6,8,8,8,9,9,9,10,10,10,11,11,11,12,12,0,0 harbors=33333blwwgo",
		   10000);
}
END_TEST

/* The suite must notice a module it cannot create. */
START_TEST(test_unknown_module_reported)
{
	char report[256];
	ck_assert_int_eq(conformance_run("no_such_module", "players=4", 1, 1, report, sizeof report), -1);
	ck_assert_msg(report[0] != '\0', "no report for a failure");
}
END_TEST

static Suite *conformance_suite(void)
{
	Suite *s = suite_create("conformance_base");
	TCase *tc = tcase_create("base");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_base_two_seats_auto);
	tcase_add_test(tc, test_base_three_seats_auto);
	tcase_add_test(tc, test_base_four_seats_auto);
	tcase_add_test(tc, test_base_two_seats_explicit);
	tcase_add_test(tc, test_base_three_seats_explicit);
	tcase_add_test(tc, test_base_four_seats_explicit);
	tcase_add_test(tc, test_base_five_seats_sbp);
	tcase_add_test(tc, test_base_six_seats_sbp_explicit);
	tcase_add_test(tc, test_base_six_seats_paired);
	tcase_add_test(tc, test_base_five_seats_paired_explicit);
	tcase_add_test(tc, test_unknown_module_reported);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(conformance_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
