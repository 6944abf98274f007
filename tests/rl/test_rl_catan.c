/* The RL encoding of module base (docs/rl-catan.md): the shared checks over
 * random games for 2-6 seats, every index of every range, scenario checks of
 * fields after public actions (explicit chance), and the no-leak checks:
 * each observation equals the one rebuilt from the viewer's JSON view, and
 * hidden outcomes (a drawn development card, a stolen card) change only the
 * observations of the seats that may know them (B-134). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_common.h"
#include "rl_catan_view.h"

static void random_games(const char *params, int games)
{
	crisk_rules *r = rl_rules("base", params);
	size_t n = rl_check_random_games(r, games, 400, 0x5EEDu + (uint64_t)games);
	ck_assert_msg(n > 200, "%s: only %zu decisions checked", params, n);
	crisk_rules_free(r);
}

START_TEST(random_2) { random_games("players=2 seed=1", 2); }
END_TEST
START_TEST(random_3) { random_games("players=3 seed=2", 1); }
END_TEST
START_TEST(random_4) { random_games("players=4 seed=3 friendly_robber=on", 2); }
END_TEST
START_TEST(random_5) { random_games("players=5 seed=4", 1); }
END_TEST
START_TEST(random_5_paired) { random_games("players=5 seed=8 paired_players=on", 1); }
END_TEST
START_TEST(random_6) { random_games("players=6 seed=9", 1); }
END_TEST
START_TEST(random_6_paired) { random_games("players=6 seed=5 paired_players=on", 1); }
END_TEST

/* Every index of every described range means an action of that range's
 * type (its text starts with the range's name) and maps back to itself;
 * the skipped types have no index. */
static void check_all_indices(const char *params)
{
	crisk_rules *r = rl_rules("base", params);
	rl_spaces sp;
	rl_spaces_read(&sp, r);
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	for (size_t k = 0; k < sp.n_ranges; k++) {
		const rl_field_desc *d = &sp.ranges[k];
		for (size_t i = d->first; i < d->first + d->count; i++) {
			crisk_action a = 0;
			size_t back = 0;
			char text[96];
			ck_assert_int_eq(crisk_rl_index_action(g, i, &a), CRISK_OK);
			ck_assert_msg(crisk_game_action_to_string(g, a, text, sizeof text, NULL) == CRISK_OK, "%s: index %zu",
				      params, i);
			size_t len = strlen(d->name);
			ck_assert_msg(!strncmp(text, d->name, len) && (text[len] == ' ' || text[len] == '\0'),
				      "%s: index %zu of range %s is '%s'", params, i, d->name, text);
			ck_assert_msg(crisk_rl_action_index(g, a, &back) == CRISK_OK && back == i,
				      "%s: index %zu -> '%s' -> %zu", params, i, text, back);
		}
	}
	/* CM_RL_SKIP and chance types: no index. */
	static const char *const none[] = {"offer give=1wool want=1brick to=*", "discard_cards 1wool", "dice 8",
					   "steal_result ore", "dev_result knight"};
	for (size_t k = 0; k < sizeof none / sizeof none[0]; k++) {
		crisk_action a = 0;
		size_t i = 0;
		ck_assert_int_eq(crisk_game_action_from_string(&a, g, none[k]), CRISK_OK);
		ck_assert_msg(crisk_rl_action_index(g, a, &i) == CRISK_ENOTFOUND, "%s: '%s' has index %zu", params, none[k],
			      i);
	}
	crisk_game_free(g);
	rl_spaces_free(&sp);
	crisk_rules_free(r);
}

START_TEST(all_indices)
{
	check_all_indices("players=2 seed=1");
	check_all_indices("players=4 seed=1");
	check_all_indices("players=6 seed=1");
}
END_TEST

static void observe(const crisk_game *g, int viewer, const rl_spaces *sp, float *obs)
{
	ck_assert_msg(crisk_rl_observe(g, viewer, obs, sp->observation) == CRISK_OK, "observe: %s", crisk_error_last());
}

static size_t index_named(const crisk_game *g, const char *text)
{
	crisk_action a = 0;
	size_t i = 0;
	ck_assert_int_eq(crisk_game_action_from_string(&a, g, text), CRISK_OK);
	ck_assert_msg(crisk_rl_action_index(g, a, &i) == CRISK_OK, "'%s': %s", text, crisk_error_last());
	return i;
}

/* Fields after public actions, 4 seats, explicit chance (B-132). */
START_TEST(scenario_fields)
{
	crisk_rules *r = rl_rules("base", "players=4 seed=11 board=beginner chance=explicit");
	rl_spaces sp;
	rl_spaces_read(&sp, r);
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	float *obs = malloc(sp.observation * sizeof *obs);
	uint8_t *mask = malloc(sp.actions);
	size_t legal = 0;
	size_t slots = count_of(&sp, "node_building") / (count_of(&sp, "node_harbor") / 6);
	ck_assert_uint_eq(slots, 4);

	/* B-42: seat 0 places its first settlement on intersection 20. */
	rl_apply_text(g, "place_settlement 20");
	observe(g, 0, &sp, obs);
	ck_assert_float_eq(obs[off_of(&sp, "node_building") + 20 * slots + 0], 1);   /* own: slot 0 */
	ck_assert_float_eq(obs[off_of(&sp, "settlements_left") + 0], 4);            /* B-9: 5 less 1 */
	ck_assert_float_eq(obs[off_of(&sp, "phase") + 1], 1);                       /* setup_road */
	observe(g, 1, &sp, obs); /* seat 0 is three seats after seat 1 */
	ck_assert_float_eq(obs[off_of(&sp, "node_building") + 20 * slots + 3], 1);
	ck_assert_float_eq(obs[off_of(&sp, "node_building") + 20 * slots + 0], 0);
	ck_assert_float_eq(obs[off_of(&sp, "settlements_left") + 3], 4);
	ck_assert_float_eq(obs[off_of(&sp, "current_seat") + 3], 1);
	/* B-43: the set-up road touches that settlement: only such paths are masked. */
	ck_assert_int_eq(crisk_rl_legal_mask(g, mask, sp.actions, &legal), CRISK_OK);
	ck_assert_uint_ge(legal, 2);
	ck_assert_uint_le(legal, 3);
	for (size_t i = 0; i < sp.actions; i++) {
		if (!mask[i])
			continue;
		crisk_action a = 0;
		char text[64];
		crisk_rl_index_action(g, i, &a);
		crisk_game_action_to_string(g, a, text, sizeof text, NULL);
		ck_assert_msg(!strncmp(text, "place_road ", 11), "masked in setup_road: %s", text);
	}

	/* The rest of the set-up by the first masked index (B-41). */
	uint64_t rng = 3;
	(void)rng;
	while (crisk_game_turn(g) == 0) {
		ck_assert_int_eq(crisk_rl_legal_mask(g, mask, sp.actions, &legal), CRISK_OK);
		size_t i = 0;
		while (!mask[i])
			i++;
		crisk_action a = 0;
		crisk_rl_index_action(g, i, &a);
		ck_assert_int_eq(crisk_game_apply(g, a), CRISK_OK);
	}
	/* B-45, B-47: turn 1, seat 0 before its roll; with no card only `roll`. */
	observe(g, 0, &sp, obs);
	ck_assert_float_eq(obs[off_of(&sp, "turn")], 1);
	ck_assert_float_eq(obs[off_of(&sp, "phase") + 2], 1);
	for (int s = 0; s < 4; s++) {
		ck_assert_float_eq(obs[off_of(&sp, "settlements_left") + (size_t)s], 3); /* B-9, B-42 */
		ck_assert_float_eq(obs[off_of(&sp, "roads_left") + (size_t)s], 13);
		ck_assert_float_eq(obs[off_of(&sp, "visible_vp") + (size_t)s], 2);
	}
	ck_assert_int_eq(crisk_rl_legal_mask(g, mask, sp.actions, &legal), CRISK_OK);
	ck_assert_uint_eq(legal, 1);
	ck_assert(mask[index_named(g, "roll")]);
	rl_apply_text(g, "roll");
	/* B-132: a chance point has no mask; the dice come from the host. */
	ck_assert_int_eq(crisk_rl_legal_mask(g, mask, sp.actions, &legal), CRISK_OK);
	ck_assert_uint_eq(legal, 0);
	rl_apply_text(g, "dice 3+5");
	observe(g, 2, &sp, obs);
	ck_assert_float_eq(obs[off_of(&sp, "dice")], 3);
	ck_assert_float_eq(obs[off_of(&sp, "dice") + 1], 5);
	ck_assert_float_eq(obs[off_of(&sp, "phase") + 8], 1);        /* main (B-48) */
	ck_assert_float_eq(obs[off_of(&sp, "active_seat") + 2], 1);  /* seat 0 from seat 2 */
	ck_assert_float_eq(obs[off_of(&sp, "current_seat") + 2], 1);
	ck_assert(crisk_rl_legal_mask(g, mask, sp.actions, &legal) == CRISK_OK && mask[index_named(g, "end_turn")]);
	rl_apply_text(g, "end_turn"); /* B-49: seat 1's turn 2 */
	observe(g, 0, &sp, obs);
	ck_assert_float_eq(obs[off_of(&sp, "turn")], 2);
	ck_assert_float_eq(obs[off_of(&sp, "active_seat") + 1], 1);
	observe(g, 1, &sp, obs);
	ck_assert_float_eq(obs[off_of(&sp, "active_seat") + 0], 1);
	ck_assert_float_eq(obs[off_of(&sp, "hand_shown") + 0], 1);
	ck_assert_float_eq(obs[off_of(&sp, "hand_shown") + 1], 0); /* B-134: others' hands hidden */
	free(obs);
	free(mask);
	crisk_game_free(g);
	rl_spaces_free(&sp);
	crisk_rules_free(r);
}
END_TEST

/* Every field of every viewer's observation equals the one rebuilt from
 * that viewer's JSON view, over explicit-chance random games. */
static void view_agreement(const char *params, int games, int steps)
{
	crisk_rules *r = rl_rules("base", params);
	rl_spaces sp;
	rl_spaces_read(&sp, r);
	int S = crisk_rules_num_seats(r);
	float *obs = malloc(sp.observation * sizeof *obs), *exp = malloc(sp.observation * sizeof *exp);
	uint8_t *mask = malloc(sp.actions);
	jnode *boardj = board_json(r);
	uint64_t rng = 0xA11CEu;
	for (int gi = 0; gi < games; gi++) {
		crisk_game *g = NULL;
		ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
		for (int step = 0; step < steps && crisk_game_current_seat(g) != CRISK_SEAT_NONE; step++) {
			for (int v = -4; v < S; v++) {
				if (v == -1 || v == -2)
					continue;
				jnode *view = view_json(g, v);
				expect_from_view(g, view, boardj, v, &sp, exp);
				observe(g, v, &sp, obs);
				size_t at = 0;
				const char *field = first_difference(&sp, obs, exp, &at);
				ck_assert_msg(!field, "%s game %d step %d viewer %d: %s[%zu] = %g, the view shows %g", params, gi,
					      step, v, field, at, field ? (double)obs[off_of(&sp, field) + at] : 0.0,
					      field ? (double)exp[off_of(&sp, field) + at] : 0.0);
				jr_free(view);
			}
			random_step(g, &sp, mask, &rng);
		}
		crisk_game_free(g);
	}
	jr_free(boardj);
	free(obs);
	free(exp);
	free(mask);
	rl_spaces_free(&sp);
	crisk_rules_free(r);
}

START_TEST(view_agreement_4) { view_agreement("players=4 seed=21 chance=explicit", 2, 500); }
END_TEST
START_TEST(view_agreement_6) { view_agreement("players=6 seed=22 chance=explicit paired_players=on", 1, 500); }
END_TEST

/* Two games that differ only in a hidden outcome: the observation differs
 * for the seats that may know it (and the omniscient viewer) and is the
 * same for the others and the spectator (B-134).  Returns whether one
 * chance point of `type` was found and checked. */
static int hidden_outcomes(const char *params, unsigned type, uint64_t seed)
{
	crisk_rules *r = rl_rules("base", params);
	rl_spaces sp;
	rl_spaces_read(&sp, r);
	int S = crisk_rules_num_seats(r), found = 0;
	float *o1 = malloc(sp.observation * sizeof *o1), *o2 = malloc(sp.observation * sizeof *o2);
	uint8_t *mask = malloc(sp.actions);
	uint64_t rng = seed;
	for (int gi = 0; gi < 20 && !found; gi++) {
		crisk_game *g = NULL;
		ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
		for (int step = 0; step < 3000 && !found && crisk_game_current_seat(g) != CRISK_SEAT_NONE; step++) {
			crisk_action outs[16];
			size_t n = 0;
			if (crisk_game_current_seat(g) == CRISK_SEAT_CHANCE &&
			    crisk_game_legal_actions(g, outs, 16, &n) == CRISK_OK && n >= 2 && (outs[0] >> 56) == type) {
				jnode *view = view_json(g, CRISK_VIEWER_OMNISCIENT);
				int active = (int)jint(view, "active_seat");
				int victim = (int)jint(jr_member(view, "pending"), "victim");
				jr_free(view);
				crisk_game *a = NULL, *b = NULL;
				ck_assert_int_eq(crisk_game_clone(&a, g), CRISK_OK);
				ck_assert_int_eq(crisk_game_clone(&b, g), CRISK_OK);
				ck_assert_int_eq(crisk_game_apply(a, outs[0]), CRISK_OK);
				ck_assert_int_eq(crisk_game_apply(b, outs[1]), CRISK_OK);
				for (int v = -4; v < S; v++) {
					if (v == -1 || v == -2)
						continue;
					observe(a, v, &sp, o1);
					observe(b, v, &sp, o2);
					int knows = v == active || v == victim || v == CRISK_VIEWER_OMNISCIENT;
					int same = !memcmp(o1, o2, sp.observation * sizeof *o1);
					ck_assert_msg(same != knows, "%s: outcome type %u, viewer %d (active %d, victim %d): %s",
						      params, type, v, active, victim,
						      knows ? "cannot tell the outcomes apart" : "tells the hidden outcomes apart");
				}
				crisk_game_free(a);
				crisk_game_free(b);
				found = 1;
				break;
			}
			random_step(g, &sp, mask, &rng);
		}
		crisk_game_free(g);
	}
	free(o1);
	free(o2);
	free(mask);
	rl_spaces_free(&sp);
	crisk_rules_free(r);
	return found;
}

START_TEST(hidden_dev_card)
{
	ck_assert_msg(hidden_outcomes("players=4 seed=31 chance=explicit", 14 /* DEV_RESULT */, 1),
		      "no development card draw with two possible outcomes was reached");
	ck_assert(hidden_outcomes("players=3 seed=32 chance=explicit", 14, 2));
}
END_TEST

START_TEST(hidden_stolen_card)
{
	ck_assert_msg(hidden_outcomes("players=4 seed=33 chance=explicit", 9 /* STEAL_RESULT */, 3),
		      "no steal with two possible outcomes was reached");
	ck_assert(hidden_outcomes("players=5 seed=34 chance=explicit", 9, 4));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("rl_catan");
	TCase *tc = tcase_create("rl_catan");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, all_indices);
	tcase_add_test(tc, scenario_fields);
	tcase_add_test(tc, hidden_dev_card);
	tcase_add_test(tc, hidden_stolen_card);
	tcase_add_test(tc, view_agreement_4);
	tcase_add_test(tc, view_agreement_6);
	tcase_add_test(tc, random_2);
	tcase_add_test(tc, random_3);
	tcase_add_test(tc, random_4);
	tcase_add_test(tc, random_5);
	tcase_add_test(tc, random_5_paired);
	tcase_add_test(tc, random_6);
	tcase_add_test(tc, random_6_paired);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_set_tap(sr, "-");
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
