/* Building (B-10, B-67..B-76). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "scenario.h"

static void bank_and_hand(const crisk_game *g, int seat, int32_t bank[5], int32_t hand[5])
{
	ck_assert_int_eq(crisk_catan_bank(g, bank, NULL), CRISK_OK);
	sc_hand(g, seat, hand);
}

/* B-10, B-67: costs are paid to the bank; short hands are refused. */
START_TEST(test_b10_b67_costs)
{
	crisk_game *g = sc_two_seat("vp_target=30");
	sc_to_main(g, 0);
	int32_t h[5];
	sc_hand(g, 0, h);
	ck_assert_int_eq(h[CRISK_CATAN_BRICK], 0);
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 12));
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_CITY, 12));
	const int need[5] = {2, 2, 2, 4, 4};
	sc_gain_all(g, 0, need);
	sc_to_main(g, 0);
	int32_t b0[5], h0[5], b1[5], h1[5];
	bank_and_hand(g, 0, b0, h0);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 6)); /* 3-7 */
	bank_and_hand(g, 0, b1, h1);
	const int road[5] = {1, 1, 0, 0, 0};
	for (int r = 0; r < 5; r++) {
		ck_assert_int_eq(h0[r] - h1[r], road[r]);
		ck_assert_int_eq(b1[r] - b0[r], road[r]);
	}
	bank_and_hand(g, 0, b0, h0);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 3));
	bank_and_hand(g, 0, b1, h1);
	const int settlement[5] = {1, 1, 1, 1, 0};
	for (int r = 0; r < 5; r++) {
		ck_assert_int_eq(h0[r] - h1[r], settlement[r]);
		ck_assert_int_eq(b1[r] - b0[r], settlement[r]);
	}
	bank_and_hand(g, 0, b0, h0);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_CITY, 12));
	bank_and_hand(g, 0, b1, h1);
	const int city[5] = {0, 0, 0, 2, 3};
	for (int r = 0; r < 5; r++) {
		ck_assert_int_eq(h0[r] - h1[r], city[r]);
		ck_assert_int_eq(b1[r] - b0[r], city[r]);
	}
	int32_t deck0 = 0, deck1 = 0;
	ck_assert_int_eq(crisk_catan_bank(g, b0, &deck0), CRISK_OK);
	sc_hand(g, 0, h0);
	sc_buy_dev(g, CRISK_CATAN_KNIGHT);
	ck_assert_int_eq(crisk_catan_bank(g, b1, &deck1), CRISK_OK);
	sc_hand(g, 0, h1);
	const int dev[5] = {0, 0, 1, 1, 1};
	for (int r = 0; r < 5; r++) {
		ck_assert_int_eq(h0[r] - h1[r], dev[r]);
		ck_assert_int_eq(b1[r] - b0[r], dev[r]);
	}
	ck_assert_int_eq(deck0 - deck1, 1);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), 4); /* 12 city, 31 and 3 settlements */
	crisk_game_free(g);
}
END_TEST

/* B-69, B-70, B-91: a road needs an own building or an own road at a free end;
 * an opponent's building stops extension through its intersection. */
START_TEST(test_b69_b70_road_connectivity)
{
	crisk_game *g = sc_standard("vp_target=30");
	const int need[5] = {4, 4, 0, 0, 0};
	sc_gain_all(g, 0, need);
	sc_to_main(g, 0);
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 0));  /* 0-3: nothing of seat 0 */
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 11)); /* occupied by seat 0 */
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 29)); /* occupied by seat 1 */
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 72));
	ck_assert(sc_listed(g, sc_act(CRISK_CATAN_BUILD_ROAD, 6)));  /* extends road 11 at 7 */
	ck_assert(sc_listed(g, sc_act(CRISK_CATAN_BUILD_ROAD, 19))); /* at settlement 12 */
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 37));  /* 31-25 */
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 30));  /* 25-19: ends at seat 1's settlement */
	/* 19-14 would continue through seat 1's settlement on 19. */
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 21));
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 29));
	/* Seat 0's own settlement on 31 does not block: 36-31 joins 31. */
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_BUILD_ROAD, 46)));
	int32_t owner = -1;
	ck_assert_int_eq(crisk_catan_road(g, 30, &owner), CRISK_OK);
	ck_assert_int_eq(owner, 0);
	crisk_game_free(g);
}
END_TEST

/* B-71, B-75: a settlement needs an own road and the distance rule. */
START_TEST(test_b71_b75_settlement_placement)
{
	crisk_game *g = sc_two_seat("vp_target=30");
	const int need[5] = {5, 5, 2, 2, 0};
	sc_gain_all(g, 0, need);
	sc_to_main(g, 0);
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 3));  /* no road there yet */
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 7));  /* road 11, but next to 12 */
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 37)); /* road 47, but next to 31 */
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 12)); /* occupied */
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 54));
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 6));
	ck_assert(sc_listed(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 3)));
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 3));
	int32_t owner = -1, kind = 0;
	ck_assert_int_eq(crisk_catan_building(g, 3, &owner, &kind), CRISK_OK);
	ck_assert_int_eq(owner, 0);
	ck_assert_int_eq(kind, 1);
	/* Road 0 (3-0) then 0 is next to 3: refused; road 1 (0-4) reaches 4: fine. */
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 0));
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 1));
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 4)));
	crisk_game_free(g);
}
END_TEST

/* B-72, B-75: a city replaces an own settlement only. */
START_TEST(test_b72_city)
{
	crisk_game *g = sc_two_seat("vp_target=30");
	const int need[5] = {0, 0, 0, 4, 6};
	sc_gain_all(g, 0, need);
	sc_to_main(g, 0);
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_CITY, 5));  /* seat 1's */
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_CITY, 7));  /* empty */
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_CITY, 99));
	int before = sc_score(g, 0, CRISK_VIEWER_SPECTATOR);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_CITY, 12));
	int32_t owner = -1, kind = 0;
	ck_assert_int_eq(crisk_catan_building(g, 12, &owner, &kind), CRISK_OK);
	ck_assert_int_eq(owner, 0);
	ck_assert_int_eq(kind, 2);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), before + 1);
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_CITY, 12)); /* already a city */
	crisk_game_free(g);
}
END_TEST

static void build_paid(crisk_game *g, uint32_t type, int id, const int cost[5])
{
	sc_gain_all(g, 0, cost);
	sc_to_main(g, 0);
	sc_apply(g, sc_act(type, id));
}

/* B-68, B-73: 15 roads and 5 settlements at most; a city gives a settlement
 * back to the supply. */
START_TEST(test_b68_b73_piece_limits)
{
	crisk_game *g = sc_two_seat("vp_target=30 discard_limit=95");
	const int road_cost[5] = {1, 1, 0, 0, 0};
	const int settlement_cost[5] = {1, 1, 1, 1, 0};
	const int city_cost[5] = {0, 0, 0, 2, 3};
	const int roads[13] = {6, 10, 0, 1, 2, 7, 12, 19, 18, 48, 53, 46, 45};
	for (int i = 0; i < 13; i++)
		build_paid(g, CRISK_CATAN_BUILD_ROAD, roads[i], road_cost);
	int owned = 0;
	for (int p = 0; p < SC_PATHS; p++) {
		int32_t owner = -1;
		ck_assert_int_eq(crisk_catan_road(g, p, &owner), CRISK_OK);
		owned += owner == 0;
	}
	ck_assert_int_eq(owned, 15);
	/* Resources and a free connected path (61: 42-46) but no road in supply. */
	sc_gain_all(g, 0, road_cost);
	sc_to_main(g, 0);
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 61));

	const int spots[3] = {3, 16, 32};
	for (int i = 0; i < 3; i++)
		build_paid(g, CRISK_CATAN_BUILD_SETTLEMENT, spots[i], settlement_cost);
	/* Five settlements on the board: 42 is otherwise fine but refused. */
	sc_gain_all(g, 0, settlement_cost);
	sc_to_main(g, 0);
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 42));
	build_paid(g, CRISK_CATAN_BUILD_CITY, 12, city_cost);
	sc_gain_all(g, 0, settlement_cost);
	sc_to_main(g, 0);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 42));
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR) >= 7, 1);
	crisk_game_free(g);
}
END_TEST

/* B-68: 4 cities at most. */
START_TEST(test_b68_city_limit)
{
	crisk_game *g = sc_two_seat("vp_target=30 discard_limit=95");
	const int road_cost[5] = {1, 1, 0, 0, 0};
	const int settlement_cost[5] = {1, 1, 1, 1, 0};
	const int city_cost[5] = {0, 0, 0, 2, 3};
	const int roads[3] = {6, 48, 10};
	for (int i = 0; i < 3; i++)
		build_paid(g, CRISK_CATAN_BUILD_ROAD, roads[i], road_cost);
	build_paid(g, CRISK_CATAN_BUILD_SETTLEMENT, 3, settlement_cost);
	build_paid(g, CRISK_CATAN_BUILD_SETTLEMENT, 32, settlement_cost);
	build_paid(g, CRISK_CATAN_BUILD_ROAD, 18, road_cost);
	build_paid(g, CRISK_CATAN_BUILD_SETTLEMENT, 16, settlement_cost);
	const int cities[4] = {12, 31, 3, 32};
	for (int i = 0; i < 4; i++)
		build_paid(g, CRISK_CATAN_BUILD_CITY, cities[i], city_cost);
	sc_gain_all(g, 0, city_cost);
	sc_to_main(g, 0);
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_CITY, 16));
	crisk_game_free(g);
}
END_TEST

/* B-74, B-133: a development card draw is a chance point with probabilities
 * (remaining count) / (deck size); an empty deck cannot be bought from. */
START_TEST(test_b74_buy_until_deck_empty)
{
	crisk_game *g = sc_two_seat("vp_target=30 discard_limit=95");
	int left[5] = {14, 5, 2, 2, 2};
	const int dev_cost[5] = {0, 0, 1, 1, 1};
	for (int bought = 0; bought < 25; bought++) {
		sc_gain_all(g, 0, dev_cost);
		sc_to_main(g, 0);
		sc_apply(g, sc_act(CRISK_CATAN_BUY_DEV, 0));
		ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
		crisk_action acts[8];
		double probs[8];
		size_t count = 0;
		ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 8, &count), CRISK_OK);
		size_t k = 0;
		for (int c = 0; c < 5; c++) {
			if (!left[c]) {
				sc_refuse(g, sc_act(CRISK_CATAN_DEV_RESULT, c));
				continue;
			}
			ck_assert_uint_lt(k, count);
			ck_assert(acts[k] == sc_act(CRISK_CATAN_DEV_RESULT, c));
			ck_assert(fabs(probs[k] - (double)left[c] / (25 - bought)) < 1e-12);
			k++;
		}
		ck_assert_uint_eq(k, count);
		/* Draw the types round-robin so every count changes. */
		int c = bought % 5;
		while (!left[c])
			c = (c + 1) % 5;
		sc_apply(g, sc_act(CRISK_CATAN_DEV_RESULT, c));
		left[c]--;
	}
	int32_t bank[5], deck = -1, devs[5];
	ck_assert_int_eq(crisk_catan_bank(g, bank, &deck), CRISK_OK);
	ck_assert_int_eq(deck, 0);
	ck_assert_int_eq(crisk_catan_dev_cards(g, 0, 0, devs), CRISK_OK);
	ck_assert_int_eq(devs[0] + devs[1] + devs[2] + devs[3] + devs[4], 25);
	sc_gain_all(g, 0, dev_cost);
	sc_to_main(g, 0);
	sc_refuse(g, sc_act(CRISK_CATAN_BUY_DEV, 0));
	crisk_game_free(g);
}
END_TEST

static Suite *building_suite(void)
{
	Suite *s = suite_create("rules_building");
	TCase *tc = tcase_create("building");
	tcase_add_test(tc, test_b10_b67_costs);
	tcase_add_test(tc, test_b69_b70_road_connectivity);
	tcase_add_test(tc, test_b71_b75_settlement_placement);
	tcase_add_test(tc, test_b72_city);
	tcase_add_test(tc, test_b68_b73_piece_limits);
	tcase_add_test(tc, test_b68_city_limit);
	tcase_add_test(tc, test_b74_buy_until_deck_empty);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(building_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
