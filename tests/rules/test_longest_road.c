/* Longest Road (B-86..B-91, B-145).  Three seats: seat 0 at 12 (road 11) and
 * 31 (road 47), seat 1 at 43 (road 54) and 49 (road 69), seat 2 at 5 (road 3)
 * and 20 (road 31).  Seat 0's trail grows 12-7-3-0-4-8, seat 1's
 * 43-38-33-28-22-16, seat 2's 4-1-5-9-14-10, and seat 2 splits seat 0's trail
 * with a settlement on 4. */
#include <stdlib.h>
#include <string.h>
#include "scenario.h"

static crisk_game *lr_game(void)
{
	crisk_game *g = sc_new_game("base", "players=3 seed=7 board=beginner chance=explicit vp_target=30 "
					    "discard_limit=95");
	const int nodes[6] = {12, 43, 5, 20, 49, 31};
	const int paths[6] = {11, 54, 3, 31, 69, 47};
	sc_setup(g, nodes, paths);
	return g;
}

static void road(crisk_game *g, int seat, int path)
{
	sc_gain(g, seat, CRISK_CATAN_BRICK, 1);
	sc_gain(g, seat, CRISK_CATAN_LUMBER, 1);
	sc_to_main(g, seat);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, path));
}

static long length(const crisk_game *g, int seat)
{
	return sc_seat_field(g, seat, "road_length");
}

static int holder(const crisk_game *g)
{
	int h = -1;
	for (int s = 0; s < crisk_rules_num_seats(crisk_game_rules(g)); s++)
		if (sc_seat_field(g, s, "longest_road")) {
			ck_assert_int_eq(h, -1);
			h = s;
		}
	return h;
}

/* Seat 2 puts a settlement on 4 (road 2 from 1; grain bought 4:1 for ore). */
static void seat2_settles_on_4(crisk_game *g)
{
	sc_gain(g, 2, CRISK_CATAN_ORE, 4);
	sc_gain(g, 2, CRISK_CATAN_WOOL, 1);
	sc_gain(g, 2, CRISK_CATAN_BRICK, 1);
	sc_gain(g, 2, CRISK_CATAN_LUMBER, 1);
	sc_to_main(g, 2);
	sc_apply(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_ORE, CRISK_CATAN_GRAIN));
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 4));
}

static void seat0_five(crisk_game *g)
{
	const int trail[4] = {6, 0, 1, 7};
	for (int i = 0; i < 4; i++) {
		uint64_t since = sc_next_seq(g);
		road(g, 0, trail[i]);
		ck_assert_int_eq(length(g, 0), 2 + i);
		crisk_event e;
		int n = sc_count_events(g, since, CRISK_CATAN_EV_LONGEST_ROAD, CRISK_VIEWER_SPECTATOR, &e);
		if (i < 3) {
			ck_assert_int_eq(holder(g), -1); /* B-89.1: below 5 nobody */
		} else {
			ck_assert_int_eq(n, 1);
			ck_assert_int_eq(e.seat, 0);
			ck_assert_int_eq(e.args[0], 5);
			ck_assert_int_eq(holder(g), 0); /* B-89.3, B-90: first to 5 */
			/* B-8: the card is worth 2 VP on top of the 2 settlements */
			ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), 4);
		}
	}
}

static void seat1_five(crisk_game *g)
{
	const int trail[4] = {49, 40, 34, 24};
	for (int i = 0; i < 4; i++)
		road(g, 1, trail[i]);
	ck_assert_int_eq(length(g, 1), 5);
}

/* B-88, B-89, B-90: the first seat to 5 takes it; a tie does not take it
 * away; strictly longer does; side branches add nothing (B-86). */
START_TEST(test_b89_b90_first_to_five_and_strictly_longer)
{
	crisk_game *g = lr_game();
	seat0_five(g);
	seat1_five(g);
	ck_assert_int_eq(holder(g), 0);
	/* A branch at 33 (road 39 to 27) adds nothing. */
	road(g, 1, 39);
	ck_assert_int_eq(length(g, 1), 5);
	ck_assert_int_eq(holder(g), 0);
	uint64_t since = sc_next_seq(g);
	road(g, 1, 18); /* 16-11: 6 */
	ck_assert_int_eq(length(g, 1), 6);
	ck_assert_int_eq(holder(g), 1);
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_LONGEST_ROAD, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.seat, 1);
	ck_assert_int_eq(e.args[0], 6);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), 2);
	ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_SPECTATOR), 4);
	crisk_game_free(g);
}
END_TEST

/* B-86, B-145: a ring of 6 roads around a hex counts 6; a tail off the ring
 * makes 7 (the trail may revisit an intersection). */
START_TEST(test_b86_ring)
{
	crisk_game *g = lr_game();
	seat0_five(g);
	road(g, 0, 12); /* 8-12 closes the ring around hex 0 */
	ck_assert_int_eq(length(g, 0), 6);
	road(g, 0, 19); /* 12-17 */
	ck_assert_int_eq(length(g, 0), 7);
	crisk_game_free(g);
}
END_TEST

/* B-87, B-90, B-91: an opponent settlement splits the holder's trail; the
 * holder keeps the card while still tied for longest with 5+; the split road
 * still connects for building. */
START_TEST(test_b87_b90_split_holder_keeps_tie)
{
	crisk_game *g = lr_game();
	seat0_five(g);
	road(g, 0, 13); /* 8-13 */
	road(g, 0, 19); /* 17-12: trail 17-12-7-3-0-4-8-13 = 7 */
	ck_assert_int_eq(length(g, 0), 7);
	seat1_five(g);
	road(g, 2, 2); /* 1-4 */
	seat2_settles_on_4(g);
	ck_assert_int_eq(length(g, 0), 5); /* 17-12-7-3-0-4 */
	ck_assert_int_eq(holder(g), 0);
	/* B-91: the part beyond 4 (4-8-13) still connects: path 14 (13-9). */
	sc_gain(g, 0, CRISK_CATAN_BRICK, 1);
	sc_gain(g, 0, CRISK_CATAN_LUMBER, 1);
	sc_to_main(g, 0);
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_BUILD_ROAD, 14)));
	crisk_game_free(g);
}
END_TEST

/* B-89.4, B-90: the holder drops below two tied seats: the card is set aside,
 * and returns when exactly one seat has the longest road. */
START_TEST(test_b89_set_aside_and_return)
{
	crisk_game *g = lr_game();
	seat0_five(g);
	seat1_five(g);
	const int trail2[4] = {2, 8, 15, 16}; /* 4-1-5-9-14-10 */
	for (int i = 0; i < 4; i++)
		road(g, 2, trail2[i]);
	ck_assert_int_eq(length(g, 2), 5);
	ck_assert_int_eq(holder(g), 0);
	uint64_t since = sc_next_seq(g);
	seat2_settles_on_4(g);
	ck_assert_int_eq(length(g, 0), 4);
	ck_assert_int_eq(holder(g), -1);
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_LONGEST_ROAD, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.seat, -1);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), 2);
	ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_SPECTATOR), 2);
	ck_assert_int_eq(sc_score(g, 2, CRISK_VIEWER_SPECTATOR), 3);
	road(g, 1, 18);
	ck_assert_int_eq(holder(g), 1);
	ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_SPECTATOR), 4);
	crisk_game_free(g);
}
END_TEST

/* B-90 [D]: a holder that drops below 5 loses the card even if still the
 * longest; B-87: the seat's own settlement on its trail changes nothing. */
START_TEST(test_b90_below_five_loses)
{
	crisk_game *g = lr_game();
	seat0_five(g);
	const int trail1[3] = {49, 40, 34};
	for (int i = 0; i < 3; i++)
		road(g, 1, trail1[i]);
	ck_assert_int_eq(length(g, 1), 4);
	/* Seat 1's own settlement on 33, in the middle of its trail. */
	sc_gain(g, 1, CRISK_CATAN_BRICK, 1);
	sc_gain(g, 1, CRISK_CATAN_LUMBER, 1);
	sc_gain(g, 1, CRISK_CATAN_WOOL, 1);
	sc_gain(g, 1, CRISK_CATAN_GRAIN, 1);
	sc_to_main(g, 1);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 33));
	ck_assert_int_eq(length(g, 1), 4);
	road(g, 2, 2);
	seat2_settles_on_4(g);
	ck_assert_int_eq(length(g, 0), 4);
	ck_assert_int_eq(holder(g), -1);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), 2);
	crisk_game_free(g);
}
END_TEST

static Suite *lr_suite(void)
{
	Suite *s = suite_create("rules_longest_road");
	TCase *tc = tcase_create("longest_road");
	tcase_add_test(tc, test_b89_b90_first_to_five_and_strictly_longer);
	tcase_add_test(tc, test_b86_ring);
	tcase_add_test(tc, test_b87_b90_split_holder_keeps_tie);
	tcase_add_test(tc, test_b89_set_aside_and_return);
	tcase_add_test(tc, test_b90_below_five_loses);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(lr_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
