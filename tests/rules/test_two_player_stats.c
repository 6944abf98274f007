/* The test targets of two_player.md for the two rolls (T-8, T-9):
 *  - exact, from the engine's chance outcomes (explicit mode): the second
 *    roll's outcomes are P(s) / (1 - P(first)); the marginal distribution of
 *    the second roll (2/12 0.030573, 3/11 0.059465, 4/10 0.086523, 5/9
 *    0.111577, 6/8 0.134430, 7 0.154865), P(a 7 in a turn) = 0.321531 and the
 *    expected physical throws per turn 2.12919, each to the printed digits;
 *  - statistical, automatic chance with fixed seeds: over TURNS turns the
 *    second roll never equals the first, its sums fit the exact marginal
 *    (chi-square, 10 d.o.f., critical 35.56 at alpha 1e-4, probabilities.md
 *    section 4), and the share of turns with a 7 is within +-5 SE of
 *    0.321531 (SE = sqrt(p (1 - p) / TURNS); false failure below 1e-6). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scenario.h"

#define TURNS 120000
#define GAMES 4

static double p2d6(int s)
{
	return (6 - abs(7 - s)) / 36.0;
}

/* An explicit-chance game at the second roll's chance point after a first
 * roll of `first` (a 7: robber to the first listed hex, first steal). */
static crisk_game *at_second_roll(int first)
{
	crisk_game *g = sc_new_game("two_player", "seed=3 board=beginner chance=explicit");
	const int nodes[4] = {18, 0, 43, 31}, paths[4] = {20, 1, 54, 47};
	sc_setup(g, nodes, paths);
	sc_roll(g, first);
	for (int guard = 0; guard < 10 && !sc_at_preroll(g); guard++) {
		crisk_action a[64];
		SC_CHECK(sc_legal_list(g, a, 64) > 0, "no action after the first roll");
		sc_apply(g, a[0]);
	}
	ck_assert(sc_at_preroll(g));
	sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
	return g;
}

START_TEST(t8_exact_targets)
{
	double q[13][13] = {{0}}; /* q[f][s]: second roll s after first f, from the engine */
	for (int f = 2; f <= 12; f++) {
		crisk_game *g = at_second_roll(f);
		crisk_action acts[16];
		double probs[16];
		size_t n = 0;
		ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 16, &n), CRISK_OK);
		ck_assert_uint_eq(n, 10);
		for (size_t i = 0; i < n; i++) {
			int s = (int)(acts[i] & 0xFF);
			ck_assert_int_ne(s, f);
			ck_assert_double_eq_tol(probs[i], p2d6(s) / (1 - p2d6(f)), 1e-12); /* T-8 renormalised */
			q[f][s] = probs[i];
		}
		crisk_game_free(g);
	}
	static const double target[13] = {0, 0, 0.030573, 0.059465, 0.086523, 0.111577, 0.134430,
					  0.154865, 0.134430, 0.111577, 0.086523, 0.059465, 0.030573};
	double seven = p2d6(7), throws = 1;
	for (int s = 2; s <= 12; s++) {
		double m = 0;
		for (int f = 2; f <= 12; f++)
			m += p2d6(f) * q[f][s];
		ck_assert_double_eq_tol(m, target[s], 5e-7);
	}
	for (int f = 2; f <= 12; f++) {
		if (f != 7)
			seven += p2d6(f) * q[f][7];
		int other = f == 7 ? 6 : 7; /* 1 / (1 - P(f)) = q[f][s] / P(s), any s != f */
		throws += p2d6(f) * q[f][other] / p2d6(other);
	}
	ck_assert_double_eq_tol(seven, 521897.0 / 1623160.0, 1e-12);
	ck_assert_double_eq_tol(seven, 0.321531, 5e-7);
	ck_assert_double_eq_tol(throws, 2.12919, 5e-6);
}
END_TEST

/* Plays `turns` turns of automatic chance, nobody building: rolls, the 7
 * sequence by the first listed action, end of turn; tallies the rolls. */
static void play_turns(uint64_t seed, int turns, long second[13], long *with_seven, long *same)
{
	char params[128];
	snprintf(params, sizeof params, "seed=%llu board=random chance=auto", (unsigned long long)seed);
	crisk_game *g = sc_new_game("two_player", params);
	crisk_action a[512];
	while (crisk_game_turn(g) == 0) {
		SC_CHECK(sc_legal_list(g, a, 512) > 0, "no set-up action");
		sc_apply(g, a[0]);
	}
	for (int t = 0; t < turns; t++) {
		uint64_t since = sc_next_seq(g);
		for (int guard = 0;; guard++) {
			SC_CHECK(guard < 200, "turn %d does not end", t);
			if (sc_at_main(g)) {
				sc_end_turn(g);
				break;
			}
			SC_CHECK(sc_legal_list(g, a, 512) > 0, "no legal action");
			sc_apply(g, a[0]); /* ROLL is the lowest code at a pre-roll */
		}
		uint64_t first = 0, next = 0;
		crisk_game_event_range(g, &first, &next);
		int sums[2] = {0, 0}, n = 0;
		for (uint64_t q = since; q < next; q++) {
			crisk_event e;
			crisk_event_init(&e, CRISK_EVENT_VERSION);
			SC_EQ(crisk_game_event(&e, g, q, CRISK_VIEWER_OMNISCIENT), CRISK_OK);
			if (e.type == CRISK_CATAN_EV_DICE && n < 2)
				sums[n++] = e.args[0];
			else if (e.type == CRISK_CATAN_EV_DICE)
				n++;
		}
		SC_EQ(n, 2); /* T-8: exactly two rolls per turn */
		second[sums[1]]++;
		*with_seven += sums[0] == 7 || sums[1] == 7;
		*same += sums[0] == sums[1];
	}
	crisk_game_free(g);
}

START_TEST(t8_t9_statistics)
{
	long second[13] = {0}, with_seven = 0, same = 0;
	for (int i = 0; i < GAMES; i++)
		play_turns(9100 + (uint64_t)i, TURNS / GAMES, second, &with_seven, &same);
	ck_assert_int_eq(same, 0); /* T-8: never equal */
	double chi2 = 0;
	for (int s = 2; s <= 12; s++) {
		double m = 0;
		for (int f = 2; f <= 12; f++)
			if (f != s)
				m += p2d6(f) * p2d6(s) / (1 - p2d6(f));
		double expect = m * TURNS;
		chi2 += (second[s] - expect) * (second[s] - expect) / expect;
	}
	printf("# second roll chi2 = %.2f (10 d.o.f., critical 35.56)\n", chi2);
	ck_assert_msg(chi2 < 35.56, "second-roll chi-square %.2f >= 35.56", chi2);
	double p = 521897.0 / 1623160.0, se = sqrt(p * (1 - p) / TURNS);
	double seen = (double)with_seven / TURNS;
	printf("# P(7 in a turn) = %.6f (exact %.6f, +-5 SE = %.6f)\n", seen, p, 5 * se);
	ck_assert_msg(fabs(seen - p) <= 5 * se, "P(7 in a turn) %.6f, exact %.6f, 5 SE %.6f", seen, p, 5 * se);
}
END_TEST

static Suite *stats_suite(void)
{
	Suite *s = suite_create("rules_two_player_stats");
	TCase *tc = tcase_create("two_rolls");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, t8_exact_targets);
	tcase_add_test(tc, t8_t9_statistics);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(stats_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
