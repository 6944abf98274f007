/* Victory (B-103..B-110). */
#include <stdlib.h>
#include <string.h>
#include "scenario.h"

static void expect_won(crisk_game *g, int seat, uint64_t since)
{
	int winner = -5;
	ck_assert_int_eq(crisk_game_status(g, &winner), CRISK_STATUS_WON);
	ck_assert_int_eq(winner, seat);
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_NONE);
	ck_assert_uint_eq(sc_legal_list(g, NULL, 0), 0);
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_ROLL, 0));
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_GAME_OVER, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.seat, seat);
}

/* B-103, B-104, B-105, B-108: 2 VP after set-up; building the settlement
 * that reaches vp_target wins at once. */
START_TEST(test_b105_win_by_building)
{
	crisk_game *g = sc_two_seat("vp_target=3");
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_OMNISCIENT), 2);
	ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_OMNISCIENT), 2);
	const int need[5] = {2, 2, 1, 1, 0};
	sc_gain_all(g, 0, need);
	sc_to_main(g, 0);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 6));
	ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
	uint64_t since = sc_next_seq(g);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 3));
	expect_won(g, 0, since);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), 3);
	crisk_game_free(g);
}
END_TEST

/* B-84, B-105, B-134: a bought VP card wins at once on its owner's turn and is
 * revealed. */
START_TEST(test_b105_win_by_vp_card)
{
	crisk_game *g = sc_two_seat("vp_target=3");
	const int need[5] = {0, 0, 1, 1, 1};
	sc_gain_all(g, 0, need);
	sc_to_main(g, 0);
	uint64_t since = sc_next_seq(g);
	sc_buy_dev(g, CRISK_CATAN_VICTORY_POINT);
	expect_won(g, 0, since);
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_REVEAL_VP, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.seat, 0);
	ck_assert_int_eq(e.args[0], 1);
	crisk_game_free(g);
}
END_TEST

/* B-105, B-81: taking Longest Road with the first free road wins at once; the
 * second free road never comes. */
START_TEST(test_b105_win_by_free_road)
{
	crisk_game *g = sc_two_seat("vp_target=4");
	const int need[5] = {3, 3, 1, 1, 1};
	sc_gain_all(g, 0, need);
	sc_to_main(g, 0);
	sc_buy_dev(g, CRISK_CATAN_ROAD_BUILDING);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 6));
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 0));
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 1)); /* 12-7-3-0-4: length 4 */
	ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
	sc_end_turn(g);
	sc_to_main(g, 0);
	uint64_t since = sc_next_seq(g);
	sc_apply(g, sc_act(CRISK_CATAN_PLAY_ROAD_BUILDING, 0));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_FREE_ROAD, 7)); /* 4-8: 5 */
	expect_won(g, 0, since);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), 4);
	crisk_game_free(g);
}
END_TEST

/* B-105, B-93, B-80, B-47: taking Largest Army with a knight before the roll
 * wins at once (once the knight's robber move is done), without rolling. */
START_TEST(test_b105_win_by_preroll_knight)
{
	crisk_game *g = sc_two_seat("vp_target=4");
	const int need[5] = {0, 0, 3, 3, 3};
	sc_gain_all(g, 0, need);
	sc_to_main(g, 0);
	for (int i = 0; i < 3; i++)
		sc_buy_dev(g, CRISK_CATAN_KNIGHT);
	for (int i = 0; i < 3; i++) {
		sc_to_preroll(g, 0);
		uint64_t since = sc_next_seq(g);
		sc_apply(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
		/* B-80: the robber moves first, then the card becomes a played knight. */
		ck_assert_msg(crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING && sc_seat(g) == 0,
			      "B-80: knight %d ended the game before its robber move", i + 1);
		int32_t hex = -1;
		ck_assert_int_eq(crisk_catan_robber(g, &hex), CRISK_OK);
		sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, hex == 7 ? SC_DESERT : 7)); /* nobody there */
		if (i < 2) {
			ck_assert(sc_at_preroll(g));
			sc_roll(g, 9);
		} else {
			expect_won(g, 0, since);
			ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_DICE, CRISK_VIEWER_SPECTATOR, NULL), 0);
		}
	}
	crisk_game_free(g);
}
END_TEST

/* B-106, B-110: a seat that reaches the target on another seat's turn (here
 * by taking Longest Road when seat 2 splits seat 0's road) does not win then,
 * but at the start of its own next turn, before any action.  Layout of
 * test_longest_road.c. */
START_TEST(test_b106_b110_win_at_own_turn_start)
{
	crisk_game *g = sc_new_game("base", "players=3 seed=7 board=beginner chance=explicit vp_target=5 "
					    "discard_limit=95");
	const int nodes[6] = {12, 43, 5, 20, 49, 31};
	const int paths[6] = {11, 54, 3, 31, 69, 47};
	sc_setup(g, nodes, paths);
	const int road_cost[5] = {1, 1, 0, 0, 0};
	const int trail0[4] = {6, 0, 1, 7};
	for (int i = 0; i < 4; i++) {
		sc_gain_all(g, 0, road_cost);
		sc_to_main(g, 0);
		sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, trail0[i]));
	}
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_OMNISCIENT), 4); /* Longest Road */
	const int trail1[4] = {49, 40, 34, 24};
	for (int i = 0; i < 4; i++) {
		sc_gain_all(g, 1, road_cost);
		sc_to_main(g, 1);
		sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, trail1[i]));
	}
	const int settle[5] = {1, 1, 1, 1, 0};
	sc_gain_all(g, 1, settle);
	sc_to_main(g, 1);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 33));
	ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_OMNISCIENT), 3);
	/* Seat 2: road 1-4, then a settlement on 4 (grain bought 4:1 for ore). */
	sc_gain_all(g, 2, road_cost);
	sc_to_main(g, 2);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 2));
	const int settle2[5] = {1, 1, 1, 0, 4};
	sc_gain_all(g, 2, settle2);
	sc_to_main(g, 2);
	sc_apply(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_ORE, CRISK_CATAN_GRAIN));
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 4));
	/* Seat 1 now holds Longest Road: 5 VP, but it is seat 2's turn. */
	ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_OMNISCIENT), 5);
	ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
	ck_assert_int_eq(sc_seat(g), 2);
	sc_end_turn(g);
	/* Seat 0's turn: still no winner. */
	ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
	ck_assert_int_eq(sc_seat(g), 0);
	sc_roll(g, 9);
	uint64_t since = sc_next_seq(g);
	sc_end_turn(g);
	/* Seat 1 wins at its turn start. */
	expect_won(g, 1, since);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_DICE, CRISK_VIEWER_SPECTATOR, NULL), 0);
	crisk_game_free(g);
}
END_TEST

static Suite *victory_suite(void)
{
	Suite *s = suite_create("rules_victory");
	TCase *tc = tcase_create("victory");
	tcase_add_test(tc, test_b105_win_by_building);
	tcase_add_test(tc, test_b105_win_by_vp_card);
	tcase_add_test(tc, test_b105_win_by_free_road);
	tcase_add_test(tc, test_b105_win_by_preroll_knight);
	tcase_add_test(tc, test_b106_b110_win_at_own_turn_start);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(victory_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
