/* The RL encoding of module two_player (docs/rl-catan.md): the shared checks
 * over random games, every index of the module's ranges, scenario checks of
 * the module's fields (T-5, T-8, T-16, T-17), observations rebuilt from the
 * JSON view, and hidden outcomes: the forced trade's draw is known to both
 * seats but not to the spectator, a development card only to its buyer. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_common.h"
#include "rl_catan_view.h"

START_TEST(random_games)
{
	crisk_rules *r = rl_rules("two_player", "seed=7");
	size_t n = rl_check_random_games(r, 2, 500, 0x7717u);
	ck_assert_msg(n > 200, "only %zu decisions checked", n);
	crisk_rules_free(r);
}
END_TEST

START_TEST(module_indices)
{
	crisk_rules *r = rl_rules("two_player", "seed=7");
	rl_spaces sp;
	rl_spaces_read(&sp, r);
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	static const char *const text_of[][2] = {{"neutral_road", "neutral_road "},
						 {"neutral_settlement", "neutral_settlement "},
						 {"forced_trade", "forced_trade"},
						 {"give", "give "},
						 {"robber_to_desert", "robber_to_desert"},
						 {"knight_for_tokens", "knight_for_tokens"}};
	size_t checked = 0;
	for (size_t k = 0; k < sp.n_ranges; k++) {
		const rl_field_desc *d = &sp.ranges[k];
		const char *prefix = d->name;
		for (size_t t = 0; t < sizeof text_of / sizeof text_of[0]; t++)
			if (!strcmp(d->name, text_of[t][0]))
				prefix = text_of[t][1];
		for (size_t i = d->first; i < d->first + d->count; i++) {
			crisk_action a = 0;
			size_t back = 0;
			char text[96];
			ck_assert_int_eq(crisk_rl_index_action(g, i, &a), CRISK_OK);
			ck_assert_int_eq(crisk_game_action_to_string(g, a, text, sizeof text, NULL), CRISK_OK);
			ck_assert_msg(!strncmp(text, prefix, strlen(prefix)), "index %zu of range %s is '%s'", i, d->name, text);
			ck_assert_msg(crisk_rl_action_index(g, a, &back) == CRISK_OK && back == i, "index %zu -> '%s' -> %zu", i,
				      text, back);
			checked++;
		}
	}
	ck_assert_uint_eq(checked, sp.actions);
	/* T-17: `give` takes either order; both have the pair's index.  The
	 * forced draw is chance: no index. */
	crisk_action a = 0, b = 0;
	size_t ia = 0, ib = 0;
	ck_assert_int_eq(crisk_game_action_from_string(&a, g, "give wool ore"), CRISK_OK);
	b = (a & ~(crisk_action)0xFFFFFFu) | (crisk_action)(CRISK_CATAN_ORE | CRISK_CATAN_WOOL << 16);
	ck_assert_int_eq(crisk_rl_action_index(g, a, &ia), CRISK_OK);
	ck_assert_int_eq(crisk_rl_action_index(g, b, &ib), CRISK_OK);
	ck_assert_uint_eq(ia, ib);
	ck_assert_int_eq(crisk_game_action_from_string(&a, g, "draw_result brick wool"), CRISK_OK);
	ck_assert_int_eq(crisk_rl_action_index(g, a, &ia), CRISK_ENOTFOUND);
	crisk_game_free(g);
	rl_spaces_free(&sp);
	crisk_rules_free(r);
}
END_TEST

static float field(const crisk_game *g, int viewer, const rl_spaces *sp, float *obs, const char *name, size_t i)
{
	ck_assert_int_eq(crisk_rl_observe(g, viewer, obs, sp->observation), CRISK_OK);
	return obs[off_of(sp, name) + i];
}

START_TEST(scenario_fields)
{
	crisk_rules *r = rl_rules("two_player", "seed=5 board=beginner chance=explicit neutral_sites=10,40");
	rl_spaces sp;
	rl_spaces_read(&sp, r);
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	float *obs = malloc(sp.observation * sizeof *obs);
	uint8_t *mask = malloc(sp.actions);
	size_t slots = count_of(&sp, "node_building") / (count_of(&sp, "node_harbor") / 6);
	ck_assert_uint_eq(slots, 4); /* two seats, then N0 and N1 (T-1) */
	/* T-5: the neutral settlements stand before the set-up, in the
	 * neutrals' absolute slots for either viewer. */
	for (int v = 0; v < 2; v++) {
		ck_assert_float_eq(field(g, v, &sp, obs, "node_building", 10 * slots + 2), 1);
		ck_assert_float_eq(field(g, v, &sp, obs, "node_building", 40 * slots + 3), 1);
		ck_assert_float_eq(field(g, v, &sp, obs, "tp_tokens", 0), 5); /* T-16 */
		ck_assert_float_eq(field(g, v, &sp, obs, "tp_tokens", 1), 5);
		ck_assert_float_eq(field(g, v, &sp, obs, "tp_token_supply", 0), 10);
		ck_assert_float_eq(field(g, v, &sp, obs, "neutral_settlements_left", 0), 4); /* T-2 */
	}
	while (crisk_game_turn(g) == 0) {
		size_t legal = 0, i = 0;
		ck_assert_int_eq(crisk_rl_legal_mask(g, mask, sp.actions, &legal), CRISK_OK);
		while (!mask[i])
			i++;
		crisk_action a = 0;
		crisk_rl_index_action(g, i, &a);
		ck_assert_int_eq(crisk_game_apply(g, a), CRISK_OK);
	}
	/* T-8: two rolls; the second may not repeat the first's sum. */
	rl_apply_text(g, "roll");
	rl_apply_text(g, "dice 3+5");
	ck_assert_float_eq(field(g, 1, &sp, obs, "tp_rolls", 0), 1);
	ck_assert_float_eq(field(g, 1, &sp, obs, "tp_first_sum", 0), 8);
	ck_assert_float_eq(field(g, 1, &sp, obs, "phase", 2), 1); /* pre_roll again (T-9) */
	rl_apply_text(g, "roll");
	crisk_action dup = 0;
	ck_assert_int_eq(crisk_game_action_from_string(&dup, g, "dice 4+4"), CRISK_OK);
	ck_assert_int_ne(crisk_game_apply(g, dup), CRISK_OK);
	rl_apply_text(g, "dice 2+4");
	ck_assert_float_eq(field(g, 0, &sp, obs, "tp_rolls", 0), 2);
	ck_assert_float_eq(field(g, 0, &sp, obs, "phase", 8), 1); /* main (T-10) */
	/* T-17: equal visible VP, a token action costs 1. */
	ck_assert_float_eq(field(g, 0, &sp, obs, "tp_token_cost", 0), 1);
	ck_assert_float_eq(field(g, 0, &sp, obs, "tp_token_action_used", 0), 0);
	free(obs);
	free(mask);
	crisk_game_free(g);
	rl_spaces_free(&sp);
	crisk_rules_free(r);
}
END_TEST

/* The module's fields from the "two_player" and "neutrals" members of the view. */
static void expect_module_fields(const jnode *view, int viewer, const rl_spaces *sp, float *exp)
{
	static const char *const phases[] = {"neutral_build", "forced_draw", "forced_give"};
	int base = viewer >= 0 ? viewer : 0;
	int ph = index_of(phases, 3, jr_member(view, "phase")->str);
	if (ph >= 0)
		exp[off_of(sp, "tp_phase") + (size_t)ph] = 1;
	const jnode *tp = jr_member(view, "two_player");
	ck_assert_ptr_nonnull(tp);
	for (size_t s = 0; s < 2; s++) {
		size_t rel = (s + 2 - (size_t)base) % 2;
		exp[off_of(sp, "tp_tokens") + rel] = (float)jint(jr_index(jr_member(tp, "tokens"), s), NULL);
		exp[off_of(sp, "tp_knights_discarded") + rel] =
			(float)jint(jr_index(jr_member(tp, "knights_discarded"), s), NULL);
	}
	exp[off_of(sp, "tp_token_supply")] = (float)jint(tp, "token_supply");
	exp[off_of(sp, "tp_rolls")] = (float)jint(tp, "rolls");
	exp[off_of(sp, "tp_first_sum")] = (float)jint(tp, "first_sum");
	exp[off_of(sp, "tp_token_action_used")] = (float)jint(tp, "token_action_used");
	exp[off_of(sp, "tp_knight_swapped")] = (float)jint(tp, "knight_swapped");
	exp[off_of(sp, "tp_token_cost")] = (float)jint(tp, "token_cost");
	const jnode *drawn = jr_member(tp, "drawn");
	for (size_t r = 0; drawn && r < 5; r++)
		exp[off_of(sp, "tp_drawn") + r] = (float)jint(jr_index(drawn, r), NULL);
	size_t j = 0;
	for (const jnode *n = jr_member(view, "neutrals")->first; n; n = n->next, j++) {
		exp[off_of(sp, "neutral_road_length") + j] = (float)jint(n, "road_length");
		exp[off_of(sp, "neutral_longest_road") + j] = (float)jint(n, "longest_road");
		exp[off_of(sp, "neutral_settlements_left") + j] = (float)jint(jr_member(n, "pieces"), "settlements");
		exp[off_of(sp, "neutral_roads_left") + j] = (float)jint(jr_member(n, "pieces"), "roads");
	}
	ck_assert_uint_eq(j, 2);
}

/* Every viewer's observation equals the one rebuilt from its JSON view;
 * at each hidden outcome (forced draw, development card, steal) two games
 * that differ only there look the same to the viewers who may not know it. */
START_TEST(view_agreement_and_hidden)
{
	crisk_rules *r = rl_rules("two_player", "seed=17 chance=explicit");
	rl_spaces sp;
	rl_spaces_read(&sp, r);
	float *obs = malloc(sp.observation * sizeof *obs), *exp = malloc(sp.observation * sizeof *exp),
	      *o2 = malloc(sp.observation * sizeof *o2);
	uint8_t *mask = malloc(sp.actions);
	jnode *boardj = board_json(r);
	uint64_t rng = 0xB0B;
	int found[3] = {0, 0, 0}; /* forced draw, dev card, steal */
	for (int gi = 0; gi < 12 && !(found[0] && found[1] && found[2]); gi++) {
		crisk_game *g = NULL;
		ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
		for (int step = 0; step < 1500 && crisk_game_current_seat(g) != CRISK_SEAT_NONE; step++) {
			for (int v = -4; v < 2 && gi < 2; v++) {
				if (v == -1 || v == -2)
					continue;
				jnode *view = view_json(g, v);
				expect_from_view(g, view, boardj, v, &sp, exp);
				expect_module_fields(view, v, &sp, exp);
				ck_assert_int_eq(crisk_rl_observe(g, v, obs, sp.observation), CRISK_OK);
				size_t at = 0;
				const char *f = first_difference(&sp, obs, exp, &at);
				ck_assert_msg(!f, "game %d step %d viewer %d: %s[%zu] = %g, the view shows %g", gi, step, v, f, at,
					      f ? (double)obs[off_of(&sp, f) + at] : 0.0, f ? (double)exp[off_of(&sp, f) + at] : 0.0);
				jr_free(view);
			}
			crisk_action outs[32];
			size_t n = 0;
			if (crisk_game_current_seat(g) == CRISK_SEAT_CHANCE &&
			    crisk_game_legal_actions(g, outs, 32, &n) == CRISK_OK && n >= 2) {
				unsigned type = (unsigned)(outs[0] >> 56);
				int kind = type == CRISK_TP_DRAW_RESULT ? 0 : type == 14 ? 1 : type == 9 ? 2 : -1;
				if (kind >= 0) {
					jnode *view = view_json(g, CRISK_VIEWER_OMNISCIENT);
					int active = (int)jint(view, "active_seat");
					jr_free(view);
					crisk_game *a = NULL, *b = NULL;
					ck_assert_int_eq(crisk_game_clone(&a, g), CRISK_OK);
					ck_assert_int_eq(crisk_game_clone(&b, g), CRISK_OK);
					ck_assert_int_eq(crisk_game_apply(a, outs[0]), CRISK_OK);
					ck_assert_int_eq(crisk_game_apply(b, outs[1]), CRISK_OK);
					for (int v = -4; v < 2; v++) {
						if (v == -1 || v == -2)
							continue;
						/* T-17: both seats see the drawn cards; a steal is
						 * known to thief and victim (the two seats); a card
						 * only to its buyer (B-134). */
						int knows = v == CRISK_VIEWER_OMNISCIENT || (kind == 1 ? v == active : v >= 0);
						crisk_rl_observe(a, v, obs, sp.observation);
						crisk_rl_observe(b, v, o2, sp.observation);
						int same = !memcmp(obs, o2, sp.observation * sizeof *obs);
						ck_assert_msg(same != knows, "outcome type %u, viewer %d, active %d: %s", type, v, active,
							      knows ? "cannot tell the outcomes apart" : "tells hidden outcomes apart");
					}
					crisk_game_free(a);
					crisk_game_free(b);
					found[kind] = 1;
				}
			}
			random_step(g, &sp, mask, &rng);
		}
		crisk_game_free(g);
	}
	ck_assert_msg(found[0] && found[1] && found[2], "hidden outcomes reached: draw %d, card %d, steal %d", found[0],
		      found[1], found[2]);
	jr_free(boardj);
	free(obs);
	free(o2);
	free(exp);
	free(mask);
	rl_spaces_free(&sp);
	crisk_rules_free(r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("rl_two_player");
	TCase *tc = tcase_create("rl_two_player");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, module_indices);
	tcase_add_test(tc, scenario_fields);
	tcase_add_test(tc, view_agreement_and_hidden);
	tcase_add_test(tc, random_games);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_set_tap(sr, "-");
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
