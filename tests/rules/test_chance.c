/* Chance (B-29, B-132..B-135): explicit outcomes and probabilities, automatic
 * sampling with the documented generator and draw order. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "scenario.h"

/* B-133: DICE outcomes 2..12 with probabilities (6 - |7 - s|) / 36; a host
 * may give the two dice; outcomes with probability 0 are refused (B-132). */
START_TEST(test_b133_dice_probabilities)
{
	crisk_game *g = sc_standard(NULL);
	sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
	crisk_action acts[16];
	double probs[16];
	size_t count = 0;
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 16, &count), CRISK_OK);
	ck_assert_uint_eq(count, 11);
	double total = 0;
	for (int s = 2; s <= 12; s++) {
		ck_assert(acts[s - 2] == sc_act(CRISK_CATAN_DICE, s));
		ck_assert(fabs(probs[s - 2] - (6 - abs(7 - s)) / 36.0) < 1e-12);
		total += probs[s - 2];
	}
	ck_assert(fabs(total - 1.0) < 1e-12);
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 3, &count), CRISK_EBUFSIZE);
	ck_assert_uint_eq(count, 11);
	sc_refuse(g, sc_act(CRISK_CATAN_DICE, 7) | ((crisk_action)1 << 8) | ((crisk_action)1 << 12)); /* 1+1 != 7 */
	sc_refuse(g, sc_act(CRISK_CATAN_DICE, 0));
	/* 3 + 5 = 8 given as dice. */
	crisk_catan_action d;
	crisk_catan_action_init(&d, CRISK_CATAN_ACTION_VERSION);
	d.type = CRISK_CATAN_DICE;
	d.arg[0] = 8;
	d.arg[1] = 3;
	d.arg[2] = 5;
	crisk_action dice = 0;
	ck_assert_int_eq(crisk_catan_action_encode(&dice, &d), CRISK_OK);
	uint64_t since = sc_next_seq(g);
	sc_apply(g, dice);
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_DICE, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.args[0], 8);
	ck_assert_int_eq(e.args[1], 3);
	ck_assert_int_eq(e.args[2], 5);
	crisk_game_free(g);
}
END_TEST

/* B-133, B-74: the first draw from a full deck: 14/25, 5/25, 2/25, 2/25, 2/25. */
START_TEST(test_b133_dev_draw_probabilities)
{
	crisk_game *g = sc_two_seat(NULL);
	const int cost[5] = {0, 0, 1, 1, 1};
	sc_gain_all(g, 0, cost);
	sc_to_main(g, 0);
	sc_apply(g, sc_act(CRISK_CATAN_BUY_DEV, 0));
	crisk_action acts[8];
	double probs[8];
	size_t count = 0;
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 8, &count), CRISK_OK);
	ck_assert_uint_eq(count, 5);
	const int deck[5] = {14, 5, 2, 2, 2};
	for (int c = 0; c < 5; c++) {
		ck_assert(acts[c] == sc_act(CRISK_CATAN_DEV_RESULT, c));
		ck_assert(fabs(probs[c] - deck[c] / 25.0) < 1e-12);
	}
	sc_refuse(g, sc_act(CRISK_CATAN_DEV_RESULT, 5));
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	crisk_game_free(g);
}
END_TEST

/* The documented generator (docs/rng.md): xoshiro256** seeded with four
 * splitmix64 outputs, uniform(k) by Lemire's method on the top 32 bits. */
typedef struct ref_rng {
	uint64_t s[4];
} ref_rng;

static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t ref_next(ref_rng *r)
{
	uint64_t *s = r->s;
	uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return out;
}

static uint32_t ref_uniform(ref_rng *r, uint32_t k)
{
	if (k <= 1)
		return 0;
	uint64_t m = (ref_next(r) >> 32) * (uint64_t)k;
	if ((uint32_t)m < k) {
		uint32_t t = (uint32_t)(-k) % k;
		while ((uint32_t)m < t)
			m = (ref_next(r) >> 32) * (uint64_t)k;
	}
	return (uint32_t)(m >> 32);
}

/* Index into a multiset: walk the types in canonical order (B-135). */
static int walk(const int32_t *counts, int n, uint32_t k)
{
	for (int t = 0; t < n; t++) {
		if (k < (uint32_t)counts[t])
			return t;
		k -= (uint32_t)counts[t];
	}
	ck_abort_msg("index past the multiset");
	return -1;
}

/* B-29, B-135: in auto mode with the beginner board (no generation draws)
 * the dice are die 1 = 1 + uniform(6), die 2 = 1 + uniform(6); a steal is
 * uniform(victim's hand size) walked over the resource types; a draw is
 * uniform(deck size) walked over the card types; never a chance decision. */
START_TEST(test_b135_auto_draw_order)
{
	const uint64_t seed = 12345;
	crisk_game *g = sc_new_game("base", "players=2 seed=12345 board=beginner chance=auto discard_limit=95 "
					    "vp_target=30");
	const int nodes[4] = {12, 5, 43, 31};
	const int paths[4] = {11, 8, 54, 47};
	sc_setup(g, nodes, paths);
	ref_rng r;
	uint64_t x = seed;
	for (int i = 0; i < 4; i++)
		r.s[i] = splitmix(&x);
	int32_t deck[5] = {14, 5, 2, 2, 2};
	int deck_size = 25, draws = 0, steals = 0;
	for (int roll = 0; roll < 120; roll++) {
		ck_assert(sc_at_preroll(g));
		int roller = sc_seat(g);
		int d1 = 1 + (int)ref_uniform(&r, 6), d2 = 1 + (int)ref_uniform(&r, 6);
		uint64_t since = sc_next_seq(g);
		sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
		ck_assert_int_ne(sc_seat(g), CRISK_SEAT_CHANCE);
		crisk_event e;
		ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_DICE, CRISK_VIEWER_SPECTATOR, &e), 1);
		ck_assert_msg(e.args[1] == d1 && e.args[2] == d2 && e.args[0] == d1 + d2,
			      "roll %d: engine %d+%d=%d, reference %d+%d", roll, e.args[1], e.args[2], e.args[0], d1,
			      d2);
		if (d1 + d2 == 7) {
			int32_t hex = -1, victim[5];
			ck_assert_int_eq(crisk_catan_robber(g, &hex), CRISK_OK);
			sc_hand(g, 1, victim);
			int size = victim[0] + victim[1] + victim[2] + victim[3] + victim[4];
			if (roller == 0 && hex != 16 && size > 0) {
				/* Hex 16 touches only seat 1 (43): one victim, one draw. */
				int expect = walk(victim, 5, ref_uniform(&r, (uint32_t)size));
				since = sc_next_seq(g);
				sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 16));
				ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_STEAL, CRISK_VIEWER_OMNISCIENT, &e),
						 1);
				ck_assert_int_eq(e.args[0], expect);
				steals++;
			} else {
				/* Hexes 7 and the desert touch nobody: no steal, no draw. */
				sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, hex == 7 ? SC_DESERT : 7));
			}
		}
		while (deck_size && sc_legal(g, sc_act(CRISK_CATAN_BUY_DEV, 0))) {
			int expect = walk(deck, 5, ref_uniform(&r, (uint32_t)deck_size));
			int32_t before[5], after[5];
			int buyer = sc_seat(g);
			ck_assert_int_eq(crisk_catan_dev_cards(g, buyer, CRISK_VIEWER_OMNISCIENT, before), CRISK_OK);
			sc_apply(g, sc_act(CRISK_CATAN_BUY_DEV, 0));
			ck_assert_int_eq(crisk_catan_dev_cards(g, buyer, CRISK_VIEWER_OMNISCIENT, after), CRISK_OK);
			ck_assert_int_eq(after[expect], before[expect] + 1);
			deck[expect]--;
			deck_size--;
			draws++;
		}
		sc_end_turn(g);
	}
	ck_assert_int_gt(draws, 0);
	ck_assert_int_gt(steals, 0);
	crisk_game_free(g);
}
END_TEST

/* B-29: same seed and actions give the same game; another seed other dice. */
START_TEST(test_b29_reproducible)
{
	char *views[3];
	const char *params[3] = {"players=3 seed=99 board=random chance=auto", "players=3 seed=99 board=random chance=auto",
				 "players=3 seed=100 board=random chance=auto"};
	for (int k = 0; k < 3; k++) {
		crisk_game *g = sc_new_game("base", params[k]);
		/* Set-up by the first listed placements, then 30 turns of rolls,
		 * settling 7s with the first listed actions. */
		for (int guard = 0; guard < 2000 && crisk_game_turn(g) < 30; guard++) {
			crisk_action buf[256];
			size_t n = sc_legal_list(g, buf, 256);
			ck_assert_uint_gt(n, 0);
			crisk_action a = buf[0];
			if (sc_at_main(g))
				a = sc_act(CRISK_CATAN_END_TURN, 0);
			sc_apply(g, a);
		}
		views[k] = sc_json(g, CRISK_VIEWER_OMNISCIENT);
		crisk_game_free(g);
	}
	ck_assert_str_eq(views[0], views[1]);
	ck_assert_str_ne(views[0], views[2]);
	for (int k = 0; k < 3; k++)
		free(views[k]);
}
END_TEST

static Suite *chance_suite(void)
{
	Suite *s = suite_create("rules_chance");
	TCase *tc = tcase_create("chance");
	tcase_add_test(tc, test_b133_dice_probabilities);
	tcase_add_test(tc, test_b133_dev_draw_probabilities);
	tcase_add_test(tc, test_b135_auto_draw_order);
	tcase_add_test(tc, test_b29_reproducible);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(chance_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
