/* Every built-in module's RL encoding (rl.h, docs/rl.md) against the shared
 * checks of rl_common.c, and the argument checks of the rl.h calls on one
 * game: NULLs, short buffers, indices out of range, viewers that are not
 * seats, chance points and finished games, and a host module (which has no
 * encoding: CRISK_EUNSUPPORTED). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rl_common.h"

static const struct {
	const char *module, *params;
} games[] = {
	{"base", "players=4 seed=11"},
	{"base", "players=6 seed=12"},
	{"two_player", "seed=13"},
	{"risk", "players=3 seed=14"},
	{"hawaii", "players=4 seed=15"},
	{"muhq", "map=2P-ring-street seed=16"},
};
#define N_GAMES (sizeof games / sizeof games[0])

START_TEST(every_module_passes_the_shared_checks)
{
	crisk_rules *r = rl_rules(games[_i].module, games[_i].params);
	size_t decisions = rl_check_random_games(r, 2, 3000, 99 + (uint64_t)_i);
	ck_assert_msg(decisions > 50, "%s: only %zu decisions", games[_i].module, decisions);
	crisk_rules_free(r);
}
END_TEST

START_TEST(arguments_are_checked)
{
	crisk_rules *r = rl_rules("base", "players=3 seed=5");
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	size_t a = 0, o = 0, i = 0, legal = 0;
	crisk_action act = 0;
	ck_assert_int_eq(crisk_rl_action_count(NULL, &a), CRISK_EINVAL);
	ck_assert_int_eq(crisk_rl_action_count(r, NULL), CRISK_EINVAL);
	ck_assert_int_eq(crisk_rl_action_count(r, &a), CRISK_OK);
	ck_assert_int_eq(crisk_rl_observation_size(r, &o), CRISK_OK);
	ck_assert_int_eq(crisk_rl_observation_size(NULL, &o), CRISK_EINVAL);
	ck_assert_int_eq(crisk_rl_spaces_json(NULL, NULL, 0, NULL), CRISK_EINVAL);
	char small[8];
	ck_assert_int_eq(crisk_rl_spaces_json(r, small, sizeof small, &i), CRISK_EBUFSIZE);
	ck_assert_uint_gt(i, sizeof small);

	uint8_t *mask = calloc(a, 1);
	float *obs = calloc(o, sizeof *obs);
	ck_assert_int_eq(crisk_rl_legal_mask(g, mask, a - 1, &legal), CRISK_EBUFSIZE);
	ck_assert_int_eq(crisk_rl_legal_mask(g, NULL, a, &legal), CRISK_EINVAL);
	ck_assert_int_eq(crisk_rl_legal_mask(NULL, mask, a, &legal), CRISK_EINVAL);
	ck_assert_int_eq(crisk_rl_legal_mask(g, mask, a, NULL), CRISK_OK);
	ck_assert_int_eq(crisk_rl_observe(g, 0, obs, o - 1), CRISK_EBUFSIZE);
	ck_assert_int_eq(crisk_rl_observe(g, 3, obs, o), CRISK_EINVAL);
	ck_assert_int_eq(crisk_rl_observe(g, -1, obs, o), CRISK_EINVAL);
	ck_assert_int_eq(crisk_rl_observe(g, 0, NULL, o), CRISK_EINVAL);
	ck_assert_int_eq(crisk_rl_observe(g, CRISK_VIEWER_SPECTATOR, obs, o), CRISK_OK);
	ck_assert_int_eq(crisk_rl_index_action(g, a, &act), CRISK_EINVAL);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "out of the action index"));
	ck_assert_int_eq(crisk_rl_index_action(g, 0, NULL), CRISK_EINVAL);
	ck_assert_int_eq(crisk_rl_action_index(g, act, NULL), CRISK_EINVAL);
	/* A domestic offer (B-96) has no index. */
	crisk_action offer = ((crisk_action)CRISK_CATAN_OFFER_TRADE << 56) | 1u | (1u << 28) | ((crisk_action)15 << 48);
	ck_assert_int_eq(crisk_rl_action_index(g, offer, &i), CRISK_ENOTFOUND);
	crisk_game_free(g);
	crisk_rules_free(r);

	/* Chance points (explicit chance) and finished games have no seat to act. */
	r = rl_rules("base", "players=3 seed=5 chance=explicit");
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	uint64_t rng = 1;
	while (crisk_game_current_seat(g) != CRISK_SEAT_CHANCE)
		ck_assert_int_eq(crisk_game_playout(g, 0, 1, &rng, NULL), CRISK_OK);
	ck_assert_int_eq(crisk_rl_index_action(g, 0, &act), CRISK_ESTATE);
	ck_assert_int_eq(crisk_rl_action_index(g, act, &i), CRISK_ESTATE);
	legal = 7;
	ck_assert_int_eq(crisk_rl_legal_mask(g, mask, a, &legal), CRISK_OK);
	ck_assert_uint_eq(legal, 0);
	ck_assert_int_eq(crisk_game_playout(g, 0, 0, &rng, NULL), CRISK_OK);
	ck_assert_int_eq(crisk_game_current_seat(g), CRISK_SEAT_NONE);
	ck_assert_int_eq(crisk_rl_index_action(g, 0, &act), CRISK_ESTATE);
	ck_assert_int_eq(crisk_rl_legal_mask(g, mask, a, &legal), CRISK_OK);
	ck_assert_uint_eq(legal, 0);
	ck_assert_int_eq(crisk_rl_observe(g, 1, obs, o), CRISK_OK);
	crisk_game_free(g);
	crisk_rules_free(r);
	free(mask);
	free(obs);
}
END_TEST

START_TEST(host_modules_have_no_encoding)
{
	crisk_rules *r = NULL;
	ck_assert_int_eq(crisk_rules_new_with_module(&r, crisk_module_builtin("base"), "players=3 seed=1"), CRISK_OK);
	size_t a = 0;
	ck_assert_int_eq(crisk_rl_action_count(r, &a), CRISK_EUNSUPPORTED);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "no reinforcement-learning encoding"));
	crisk_vec_env *e = (crisk_vec_env *)1;
	ck_assert_int_eq(crisk_vec_env_new(&e, r, 4, 1, 0, 0), CRISK_EUNSUPPORTED);
	ck_assert_ptr_null(e);
	crisk_rules_free(r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("rl_conformance");
	TCase *tc = tcase_create("rl");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, every_module_passes_the_shared_checks, 0, (int)N_GAMES);
	tcase_add_test(tc, arguments_are_checked);
	tcase_add_test(tc, host_modules_have_no_encoding);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
