/* Turn structure (B-46..B-52) and decision points (B-128..B-131). */
#include <stdlib.h>
#include <string.h>
#include "scenario.h"

/* B-46, B-47: before the roll only ROLL (or a card) is allowed. */
START_TEST(test_b46_b47_preroll_only_roll)
{
	crisk_game *g = sc_standard(NULL);
	/* Give seat 0 a road's and a dev card's worth, then come back to its pre-roll. */
	sc_gain(g, 0, CRISK_CATAN_BRICK, 1);
	sc_gain(g, 0, CRISK_CATAN_LUMBER, 1);
	sc_gain(g, 0, CRISK_CATAN_GRAIN, 1);
	sc_gain(g, 0, CRISK_CATAN_WOOL, 4);
	sc_to_preroll(g, 0);
	crisk_action buf[4];
	size_t n = sc_legal_list(g, buf, 4);
	ck_assert_uint_eq(n, 1);
	ck_assert(buf[0] == sc_act(CRISK_CATAN_ROLL, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 12));
	sc_refuse(g, sc_act(CRISK_CATAN_BUY_DEV, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	sc_refuse(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_WOOL, CRISK_CATAN_ORE));
	const int give[5] = {0, 0, 1, 0, 0}, want[5] = {0, 0, 0, 0, 1};
	sc_refuse(g, sc_offer(give, want, CRISK_CATAN_TO_ALL));
	sc_refuse(g, sc_act(CRISK_CATAN_DICE, 8));
	/* After the roll the same actions become legal (B-49). */
	sc_roll(g, 9);
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_BUILD_ROAD, 12)));
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_BUY_DEV, 0)));
	ck_assert(sc_legal(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_WOOL, CRISK_CATAN_ORE)));
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_END_TURN, 0)));
	crisk_game_free(g);
}
END_TEST

/* B-48, B-129: one roll per turn; the dice are a chance point listing 2..12. */
START_TEST(test_b48_b129_roll_once_dice_chance_point)
{
	crisk_game *g = sc_standard(NULL);
	sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
	crisk_action buf[16];
	size_t n = sc_legal_list(g, buf, 16);
	ck_assert_uint_eq(n, 11);
	for (int s = 2; s <= 12; s++)
		ck_assert(buf[s - 2] == sc_act(CRISK_CATAN_DICE, s));
	sc_refuse(g, sc_act(CRISK_CATAN_DICE, 1));
	sc_refuse(g, sc_act(CRISK_CATAN_DICE, 13));
	sc_refuse(g, sc_act(CRISK_CATAN_ROLL, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	sc_apply(g, sc_act(CRISK_CATAN_DICE, 9));
	ck_assert_int_eq(sc_seat(g), 0);
	sc_refuse(g, sc_act(CRISK_CATAN_ROLL, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_DICE, 9));
	crisk_game_free(g);
}
END_TEST

/* B-49: in the main phase the active player may build several times, then end. */
START_TEST(test_b49_main_phase_any_order)
{
	crisk_game *g = sc_standard(NULL);
	sc_gain(g, 0, CRISK_CATAN_BRICK, 2);
	sc_gain(g, 0, CRISK_CATAN_LUMBER, 2);
	sc_to_main(g, 0);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 12));
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 19));
	int32_t owner = -1;
	ck_assert_int_eq(crisk_catan_road(g, 19, &owner), CRISK_OK);
	ck_assert_int_eq(owner, 0);
	ck_assert_int_eq(sc_seat(g), 0);
	sc_end_turn(g);
	ck_assert_int_eq(sc_seat(g), 1);
	ck_assert(sc_at_preroll(g));
	crisk_game_free(g);
}
END_TEST

/* B-50, B-52: turns go clockwise and are counted from 1. */
START_TEST(test_b50_next_seat_and_turn_count)
{
	crisk_game *g = sc_standard(NULL);
	uint64_t since = sc_next_seq(g);
	for (int t = 1; t <= 9; t++) {
		ck_assert_int_eq(crisk_game_turn(g), t);
		ck_assert_int_eq(sc_seat(g), (t - 1) % 4);
		sc_roll(g, t % 2 ? 9 : 11);
		sc_end_turn(g);
	}
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_END_TURN, CRISK_VIEWER_SPECTATOR, &e), 9);
	ck_assert_int_eq(e.seat, 0);
	ck_assert_int_ge(sc_count_events(g, since, CRISK_CATAN_EV_TURN_START, CRISK_VIEWER_SPECTATOR, &e), 9);
	ck_assert_int_eq(e.seat, 1);
	crisk_game_free(g);
}
END_TEST

/* B-52, B-108: with max_turns=2 the game ends without a winner when turn 2
 * ends; then nobody acts and every action is refused. */
START_TEST(test_b52_b108_max_turns)
{
	crisk_game *g = sc_standard("max_turns=2");
	sc_roll(g, 9);
	sc_end_turn(g);
	ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
	ck_assert_int_eq(crisk_game_turn(g), 2);
	sc_roll(g, 11);
	uint64_t since = sc_next_seq(g);
	sc_end_turn(g);
	int winner = 7;
	ck_assert_int_eq(crisk_game_status(g, &winner), CRISK_STATUS_ENDED);
	ck_assert_int_eq(winner, -1);
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_NONE);
	ck_assert_uint_eq(sc_legal_list(g, NULL, 0), 0);
	sc_refuse(g, sc_act(CRISK_CATAN_ROLL, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_GAME_OVER, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.seat, -1);
	crisk_game_free(g);

	/* max_turns=0: no limit. */
	g = sc_standard("max_turns=0");
	for (int t = 0; t < 12; t++) {
		sc_roll(g, 9);
		sc_end_turn(g);
	}
	ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
	crisk_game_free(g);
}
END_TEST

/* B-128: legal actions are ascending, each passes check; unknown codes are refused. */
START_TEST(test_b128_listing_and_garbage)
{
	crisk_game *g = sc_standard(NULL);
	sc_gain(g, 0, CRISK_CATAN_BRICK, 1);
	sc_gain(g, 0, CRISK_CATAN_LUMBER, 2);
	sc_to_main(g, 0);
	crisk_action buf[512];
	size_t n = sc_legal_list(g, buf, 512);
	ck_assert_uint_gt(n, 1);
	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(crisk_game_check(g, buf[i]), CRISK_OK);
		if (i)
			ck_assert(buf[i - 1] < buf[i]);
	}
	/* The required-size convention. */
	size_t count = 0;
	ck_assert_int_eq(crisk_game_legal_actions(g, buf, 1, &count), CRISK_EBUFSIZE);
	ck_assert_uint_eq(count, n);
	sc_refuse(g, 0);
	sc_refuse(g, UINT64_MAX);
	sc_refuse(g, (crisk_action)200 << 56);
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 12) | ((crisk_action)1 << 40));
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 5000));
	ck_assert_int_eq(crisk_game_check(NULL, buf[0]), CRISK_EINVAL);
	crisk_game_free(g);
}
END_TEST

/* B-129: set-up and main decision points name the acting seat; the chance
 * point names CRISK_SEAT_CHANCE; probabilities are refused elsewhere. */
START_TEST(test_b129_chance_probabilities_only_at_chance)
{
	crisk_game *g = sc_standard(NULL);
	size_t count = 0;
	ck_assert_int_eq(crisk_game_chance_probabilities(g, NULL, NULL, 0, &count), CRISK_ESTATE);
	sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
	crisk_action acts[16];
	double probs[16];
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 16, &count), CRISK_OK);
	ck_assert_uint_eq(count, 11);
	crisk_game_free(g);
}
END_TEST

/* ---- B-128: the list against a code-by-code enumeration ---- */

#define LT_CANARY UINT64_C(0xA5A5A5A5A5A5A5A5) /* type 0xA5: no action */
#define LT_MAX_ID 256                          /* above any node, path or hex id of the boards used */
#define LT_CAP 1024

static uint64_t lt_next(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* Types listed as bounded subsets (B-100 offers, multi-card discards): left
 * out of the exact comparison. */
static int lt_bounded(crisk_action a)
{
	uint32_t t = (uint32_t)(a >> 56);
	return t == CRISK_CATAN_OFFER_TRADE || t == CRISK_CATAN_DISCARD_CARDS;
}

/* Every legal code of the base action types apart from the bounded ones,
 * ascending: types that name an intersection, path or hex with ids
 * 0 .. LT_MAX_ID - 1, those that name a sum, resource, card or seat with
 * ids 0 .. 15, maritime trades with both resources, the rest with none. */
static size_t lt_enumerate(const crisk_game *g, crisk_action *out, size_t cap)
{
	static const uint32_t board_ids[] = {CRISK_CATAN_PLACE_SETTLEMENT, CRISK_CATAN_PLACE_ROAD,
					     CRISK_CATAN_MOVE_ROBBER,      CRISK_CATAN_BUILD_ROAD,
					     CRISK_CATAN_BUILD_SETTLEMENT, CRISK_CATAN_BUILD_CITY,
					     CRISK_CATAN_PLACE_FREE_ROAD};
	static const uint32_t small_ids[] = {CRISK_CATAN_DICE,        CRISK_CATAN_DISCARD,    CRISK_CATAN_STEAL_FROM,
					     CRISK_CATAN_STEAL_RESULT, CRISK_CATAN_DEV_RESULT, CRISK_CATAN_PICK,
					     CRISK_CATAN_NAME,         CRISK_CATAN_CONFIRM};
	size_t n = 0;
	for (uint32_t t = 1; t <= CRISK_CATAN_END_PART; t++) {
		crisk_action base = (crisk_action)t << 56;
		if (lt_bounded(base))
			continue;
		int limit = 1;
		for (size_t i = 0; i < sizeof board_ids / sizeof board_ids[0]; i++)
			limit = board_ids[i] == t ? LT_MAX_ID : limit;
		for (size_t i = 0; i < sizeof small_ids / sizeof small_ids[0]; i++)
			limit = small_ids[i] == t ? 16 : limit;
		if (t == CRISK_CATAN_MARITIME_TRADE) {
			for (int take = 0; take < 5; take++) {
				for (int give = 0; give < 5; give++) {
					crisk_action a = base | (crisk_action)(give | take << 8);
					if (crisk_game_check(g, a) == CRISK_OK && n < cap)
						out[n++] = a;
				}
			}
			continue;
		}
		for (int id = 0; id < limit; id++) {
			if (crisk_game_check(g, base | (crisk_action)id) == CRISK_OK && n < cap)
				out[n++] = base | (crisk_action)id;
		}
	}
	return n;
}

/* The listed action at index i modulo the count. */
static crisk_action lt_pick(const crisk_game *g, uint64_t i)
{
	static crisk_action buf[LT_CAP];
	size_t n = sc_legal_list(g, buf, LT_CAP);
	return buf[i % n];
}

/* One state: exact contents, strictly ascending, nothing written past the
 * count, and the prefix with the full count for smaller buffers. */
static void lt_check_state(const crisk_game *g, crisk_action *full, size_t *n_full)
{
	static crisk_action buf[LT_CAP + 1], want[LT_CAP], got[LT_CAP];
	for (size_t i = 0; i < LT_CAP; i++)
		full[i] = LT_CANARY;
	size_t n = 0;
	ck_assert_int_eq(crisk_game_legal_actions(g, full, LT_CAP, &n), CRISK_OK);
	ck_assert_uint_gt(n, 0);
	/* Element loops test with `if` and abort: a passing ck_assert costs a
	 * message to Check's parent process. */
	for (size_t i = n; i < LT_CAP; i++) {
		if (full[i] != LT_CANARY)
			ck_abort_msg("slot %zu past the count %zu written", i, n);
	}
	size_t n_got = 0;
	for (size_t i = 0; i < n; i++) {
		if (i && full[i - 1] >= full[i])
			ck_abort_msg("not strictly ascending at %zu", i);
		if (lt_bounded(full[i]) && crisk_game_check(g, full[i]) != CRISK_OK)
			ck_abort_msg("listed 0x%016llx is refused", (unsigned long long)full[i]);
		if (!lt_bounded(full[i]))
			got[n_got++] = full[i];
	}
	size_t n_want = lt_enumerate(g, want, LT_CAP);
	ck_assert_uint_eq(n_got, n_want);
	for (size_t i = 0; i < n_got; i++) {
		if (got[i] != want[i])
			ck_abort_msg("listed 0x%016llx where 0x%016llx is legal", (unsigned long long)got[i],
				     (unsigned long long)want[i]);
	}
	/* Too small a buffer: the first cap codes, the full count, nothing past cap. */
	const size_t caps[5] = {0, 1, n / 2, n - 1, n > 20 ? n - 20 : 2};
	for (int c = 0; c < 5; c++) {
		size_t cap = caps[c] < n ? caps[c] : n - 1, count = 0;
		for (size_t i = 0; i <= cap; i++)
			buf[i] = LT_CANARY;
		ck_assert_int_eq(crisk_game_legal_actions(g, buf, cap, &count), cap < n ? CRISK_EBUFSIZE : CRISK_OK);
		ck_assert_uint_eq(count, n);
		for (size_t i = 0; i < cap; i++) {
			if (buf[i] != full[i])
				ck_abort_msg("capacity %zu: slot %zu differs from the full list", cap, i);
		}
		ck_assert_msg(buf[cap] == LT_CANARY, "capacity %zu exceeded", cap);
	}
	*n_full = n;
}

/* B-128 with B-62, B-69, B-70, B-75, B-100, B-101, B-118, B-122: random
 * playouts (explicit chance, so the outcome lists are covered too) of several
 * rule sets; at every decision point the list is checked by lt_check_state.
 * Offers are picked rarely, so the games move on to cities and cards. */
START_TEST(test_b128_list_equals_enumeration)
{
	static const char *const rule_sets[] = {
		"players=4 seed=11 chance=explicit",
		"players=3 seed=12 chance=explicit friendly_robber=on max_trade_offers_per_turn=1",
		"players=6 seed=13 chance=explicit",
		"players=5 seed=14 chance=explicit paired_players=on",
	};
	static crisk_action full[LT_CAP];
	uint64_t rng = 5;
	for (size_t r = 0; r < sizeof rule_sets / sizeof rule_sets[0]; r++) {
		crisk_game *g = sc_new_game("base", rule_sets[r]);
		for (int step = 0; step < 1200 && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; step++) {
			size_t n = 0;
			lt_check_state(g, full, &n);
			/* Offers make up most lists: one step in twenty may pick one. */
			size_t n_other = 0;
			for (size_t i = 0; i < n; i++) {
				if ((uint32_t)(full[i] >> 56) != CRISK_CATAN_OFFER_TRADE)
					full[n_other++] = full[i];
			}
			uint64_t u = lt_next(&rng);
			if (n_other == 0 || u % 20 == 0)
				sc_apply(g, lt_pick(g, u / 20));
			else
				sc_apply(g, full[(u / 20) % n_other]);
		}
		crisk_game_free(g);
	}
}
END_TEST

static Suite *turn_suite(void)
{
	Suite *s = suite_create("rules_turn");
	TCase *tc = tcase_create("turn");
	tcase_add_test(tc, test_b46_b47_preroll_only_roll);
	tcase_add_test(tc, test_b48_b129_roll_once_dice_chance_point);
	tcase_add_test(tc, test_b49_main_phase_any_order);
	tcase_add_test(tc, test_b50_next_seat_and_turn_count);
	tcase_add_test(tc, test_b52_b108_max_turns);
	tcase_add_test(tc, test_b128_listing_and_garbage);
	tcase_add_test(tc, test_b129_chance_probabilities_only_at_chance);
	tcase_add_test(tc, test_b128_list_equals_enumeration);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(turn_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
