/* The vector environment (rl.h crisk_vec_env_*): its outputs agree with the
 * one-game calls on each of its games, rewards and flags follow the games'
 * ends, illegal indices are refused before any game changes, the same seed
 * replays the same games, CRISK_VEC_NEW_SEED gives each game new rules, and
 * bad arguments are refused with messages. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rl_common.h"

typedef struct outs {
	size_t n, a, o, s;
	float *obs, *rewards;
	uint8_t *masks, *term, *trunc;
	int32_t *seats, *actions;
} outs;

static void outs_alloc(outs *x, const crisk_vec_env *e)
{
	ck_assert_int_eq(crisk_vec_env_sizes(e, &x->n, &x->a, &x->o, &x->s), CRISK_OK);
	x->obs = calloc(x->n * x->o, sizeof *x->obs);
	x->rewards = calloc(x->n * x->s, sizeof *x->rewards);
	x->masks = calloc(x->n, x->a);
	x->term = calloc(x->n, 1);
	x->trunc = calloc(x->n, 1);
	x->seats = calloc(x->n, sizeof *x->seats);
	x->actions = calloc(x->n, sizeof *x->actions);
}

static void outs_free(outs *x)
{
	free(x->obs);
	free(x->rewards);
	free(x->masks);
	free(x->term);
	free(x->trunc);
	free(x->seats);
	free(x->actions);
}

/* Each game's outputs are what the one-game calls say about it. */
static void check_outputs(const crisk_vec_env *e, const outs *x, uint32_t agents)
{
	float *obs = malloc(x->o * sizeof *obs);
	uint8_t *mask = malloc(x->a);
	for (size_t i = 0; i < x->n; i++) {
		const crisk_game *g = NULL;
		ck_assert_int_eq(crisk_vec_env_game(e, i, &g), CRISK_OK);
		int seat = crisk_game_current_seat(g);
		ck_assert_int_eq(x->seats[i], seat);
		ck_assert_msg(seat >= 0 && (agents >> seat & 1), "game %zu: seat %d is not an agent seat", i, seat);
		ck_assert_int_eq(crisk_rl_observe(g, seat, obs, x->o), CRISK_OK);
		ck_assert_msg(!memcmp(obs, x->obs + i * x->o, x->o * sizeof *obs), "game %zu: observation differs", i);
		size_t legal = 0;
		ck_assert_int_eq(crisk_rl_legal_mask(g, mask, x->a, &legal), CRISK_OK);
		ck_assert_msg(!memcmp(mask, x->masks + i * x->a, x->a), "game %zu: mask differs", i);
		ck_assert_uint_gt(legal, 0);
	}
	free(obs);
	free(mask);
}

static crisk_vec_env *make(const char *module, const char *params, size_t n, uint32_t agents, uint64_t seed,
			   uint32_t flags)
{
	crisk_rules *r = rl_rules(module, params);
	crisk_vec_env *e = NULL;
	ck_assert_msg(crisk_vec_env_new(&e, r, n, agents, seed, flags) == CRISK_OK, "%s", crisk_error_last());
	crisk_rules_free(r); /* the environment keeps its own reference */
	return e;
}

/* Steps with sampled actions; returns the number of ended games. */
static size_t run(crisk_vec_env *e, outs *x, uint32_t agents, size_t steps, int check_each)
{
	size_t ended = 0;
	for (size_t t = 0; t < steps; t++) {
		ck_assert_int_eq(crisk_vec_env_sample(e, x->actions), CRISK_OK);
		int rc = crisk_vec_env_step(e, x->actions, x->obs, x->masks, x->rewards, x->term, x->trunc, x->seats);
		ck_assert_msg(rc == CRISK_OK, "step %zu: %s", t, crisk_error_last());
		for (size_t i = 0; i < x->n; i++) {
			float sum = 0;
			int plus = 0;
			for (size_t s = 0; s < x->s; s++) {
				float v = x->rewards[i * x->s + s];
				sum += v;
				plus += v == 1.0f;
			}
			ck_assert_msg(!(x->term[i] && x->trunc[i]), "game %zu both terminated and truncated", i);
			if (x->term[i]) {
				ck_assert_int_eq(plus, 1);
				ck_assert_msg(sum == 1.0f - (float)(x->s - 1), "game %zu: rewards sum %g", i, (double)sum);
				ended++;
			} else {
				ck_assert_msg(sum == 0 && plus == 0, "game %zu: rewards without an end", i);
				ended += x->trunc[i];
			}
		}
		if (check_each)
			check_outputs(e, x, agents);
	}
	return ended;
}

START_TEST(outputs_agree_with_the_games)
{
	crisk_vec_env *e = make("base", "players=3 seed=4 max_turns=40", 6, 7, 123, 0);
	outs x;
	outs_alloc(&x, e);
	ck_assert_uint_eq(x.n, 6);
	ck_assert_uint_eq(x.s, 3);
	ck_assert_int_eq(crisk_vec_env_reset(e, x.obs, x.masks, x.seats), CRISK_OK);
	check_outputs(e, &x, 7);
	size_t ended = run(e, &x, 7, 1500, 1);
	ck_assert_msg(ended > 0, "no game ended in 1500 steps of 6 games with max_turns=40");
	outs_free(&x);
	crisk_vec_env_free(e);
}
END_TEST

START_TEST(games_are_won_and_restarted)
{
	crisk_vec_env *e = make("base", "players=2 seed=8", 16, 3, 5, 0);
	outs x;
	outs_alloc(&x, e);
	ck_assert_int_eq(crisk_vec_env_reset(e, NULL, NULL, NULL), CRISK_OK);
	size_t ended = run(e, &x, 3, 4000, 0);
	ck_assert_msg(ended >= 16, "only %zu games ended", ended);
	check_outputs(e, &x, 3);
	outs_free(&x);
	crisk_vec_env_free(e);
}
END_TEST

START_TEST(other_seats_play_randomly)
{
	/* Seat 1 alone is the agent: every decision handed out is seat 1's. */
	crisk_vec_env *e = make("base", "players=4 seed=9 max_turns=30", 4, 2, 77, 0);
	outs x;
	outs_alloc(&x, e);
	ck_assert_int_eq(crisk_vec_env_reset(e, x.obs, x.masks, x.seats), CRISK_OK);
	run(e, &x, 2, 600, 1);
	outs_free(&x);
	crisk_vec_env_free(e);
}
END_TEST

START_TEST(chance_points_are_drawn_inside)
{
	/* Explicit chance (B-132): the caller still sees only seats' decisions. */
	crisk_vec_env *e = make("base", "players=3 seed=6 chance=explicit max_turns=40", 4, 7, 3, 0);
	outs x;
	outs_alloc(&x, e);
	ck_assert_int_eq(crisk_vec_env_reset(e, x.obs, x.masks, x.seats), CRISK_OK);
	size_t ended = run(e, &x, 7, 1500, 1);
	ck_assert_msg(ended > 0, "no game ended");
	outs_free(&x);
	crisk_vec_env_free(e);
}
END_TEST

START_TEST(illegal_indices_change_nothing)
{
	crisk_vec_env *e = make("base", "players=3 seed=4", 3, 7, 1, 0);
	outs x;
	outs_alloc(&x, e);
	ck_assert_int_eq(crisk_vec_env_reset(e, x.obs, x.masks, x.seats), CRISK_OK);
	ck_assert_int_eq(crisk_vec_env_sample(e, x.actions), CRISK_OK);
	static char before[3][1 << 16], after[1 << 16];
	for (size_t i = 0; i < 3; i++) {
		const crisk_game *g;
		crisk_vec_env_game(e, i, &g);
		ck_assert_int_eq(crisk_game_to_json(g, CRISK_VIEWER_OMNISCIENT, before[i], sizeof before[i], NULL), CRISK_OK);
	}
	int32_t bad = -1;
	for (size_t k = 0; k < x.a; k++)
		if (!x.masks[2 * x.a + k]) {
			bad = (int32_t)k;
			break;
		}
	ck_assert_int_ge(bad, 0);
	x.actions[2] = bad;
	ck_assert_int_eq(crisk_vec_env_step(e, x.actions, x.obs, x.masks, x.rewards, x.term, x.trunc, x.seats),
			 CRISK_EILLEGAL);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "game 2"));
	x.actions[2] = (int32_t)x.a;
	ck_assert_int_eq(crisk_vec_env_step(e, x.actions, NULL, NULL, NULL, NULL, NULL, NULL), CRISK_EILLEGAL);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "out of the action index"));
	for (size_t i = 0; i < 3; i++) {
		const crisk_game *g;
		crisk_vec_env_game(e, i, &g);
		ck_assert_int_eq(crisk_game_to_json(g, CRISK_VIEWER_OMNISCIENT, after, sizeof after, NULL), CRISK_OK);
		ck_assert_str_eq(before[i], after);
	}
	outs_free(&x);
	crisk_vec_env_free(e);
}
END_TEST

START_TEST(the_same_seed_replays_the_same_games)
{
	for (uint32_t flags = 0; flags <= CRISK_VEC_NEW_SEED; flags++) {
		crisk_vec_env *e1 = make("base", "players=3 seed=4", 4, 7, 42, flags);
		crisk_vec_env *e2 = make("base", "players=3 seed=4", 4, 7, 42, flags);
		outs x, y;
		outs_alloc(&x, e1);
		outs_alloc(&y, e2);
		ck_assert_int_eq(crisk_vec_env_reset(e1, x.obs, x.masks, x.seats), CRISK_OK);
		ck_assert_int_eq(crisk_vec_env_reset(e2, y.obs, y.masks, y.seats), CRISK_OK);
		for (int t = 0; t < 300; t++) {
			ck_assert(!memcmp(x.obs, y.obs, x.n * x.o * sizeof *x.obs));
			ck_assert(!memcmp(x.masks, y.masks, x.n * x.a));
			crisk_vec_env_sample(e1, x.actions);
			crisk_vec_env_sample(e2, y.actions);
			ck_assert(!memcmp(x.actions, y.actions, x.n * sizeof *x.actions));
			ck_assert_int_eq(crisk_vec_env_step(e1, x.actions, x.obs, x.masks, x.rewards, x.term, x.trunc, x.seats),
					 CRISK_OK);
			ck_assert_int_eq(crisk_vec_env_step(e2, y.actions, y.obs, y.masks, y.rewards, y.term, y.trunc, y.seats),
					 CRISK_OK);
		}
		outs_free(&x);
		outs_free(&y);
		crisk_vec_env_free(e1);
		crisk_vec_env_free(e2);
	}
}
END_TEST

START_TEST(new_seed_gives_each_game_new_rules)
{
	crisk_vec_env *e = make("base", "players=3 seed=4", 3, 7, 42, CRISK_VEC_NEW_SEED);
	ck_assert_int_eq(crisk_vec_env_reset(e, NULL, NULL, NULL), CRISK_OK);
	static char boards[3][1 << 16];
	for (size_t i = 0; i < 3; i++) {
		const crisk_game *g;
		crisk_vec_env_game(e, i, &g);
		ck_assert_int_eq(crisk_rules_board_json(crisk_game_rules(g), boards[i], sizeof boards[i], NULL), CRISK_OK);
	}
	ck_assert_str_ne(boards[0], boards[1]);
	ck_assert_str_ne(boards[1], boards[2]);
	crisk_vec_env_free(e);
}
END_TEST

START_TEST(bad_arguments_are_refused)
{
	crisk_rules *r = rl_rules("base", "players=3 seed=4");
	crisk_vec_env *e = NULL;
	ck_assert_int_eq(crisk_vec_env_new(NULL, r, 1, 1, 0, 0), CRISK_EINVAL);
	ck_assert_int_eq(crisk_vec_env_new(&e, NULL, 1, 1, 0, 0), CRISK_EINVAL);
	ck_assert_int_eq(crisk_vec_env_new(&e, r, 0, 1, 0, 0), CRISK_EINVAL);
	ck_assert_int_eq(crisk_vec_env_new(&e, r, 2, 0, 0, 0), CRISK_EINVAL);
	ck_assert_int_eq(crisk_vec_env_new(&e, r, 2, 8, 0, 0), CRISK_EINVAL);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "subset"));
	ck_assert_int_eq(crisk_vec_env_new(&e, r, 2, 1, 0, 2), CRISK_EINVAL);
	ck_assert_ptr_null(e);
	ck_assert_int_eq(crisk_vec_env_new(&e, r, 2, 1, 0, 0), CRISK_OK);
	int32_t acts[2] = {0, 0};
	ck_assert_int_eq(crisk_vec_env_step(e, acts, NULL, NULL, NULL, NULL, NULL, NULL), CRISK_ESTATE);
	ck_assert_int_eq(crisk_vec_env_sample(e, acts), CRISK_ESTATE);
	ck_assert_int_eq(crisk_vec_env_step(e, NULL, NULL, NULL, NULL, NULL, NULL, NULL), CRISK_EINVAL);
	const crisk_game *g = NULL;
	ck_assert_int_eq(crisk_vec_env_game(e, 2, &g), CRISK_EINVAL);
	ck_assert_int_eq(crisk_vec_env_sizes(NULL, NULL, NULL, NULL, NULL), CRISK_EINVAL);
	crisk_vec_env_free(e);
	crisk_vec_env_free(NULL);
	crisk_rules_free(r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("rl_vec_env");
	TCase *tc = tcase_create("vec_env");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, outputs_agree_with_the_games);
	tcase_add_test(tc, games_are_won_and_restarted);
	tcase_add_test(tc, other_seats_play_randomly);
	tcase_add_test(tc, chance_points_are_drawn_inside);
	tcase_add_test(tc, illegal_indices_change_nothing);
	tcase_add_test(tc, the_same_seed_replays_the_same_games);
	tcase_add_test(tc, new_seed_gives_each_game_new_rules);
	tcase_add_test(tc, bad_arguments_are_refused);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
