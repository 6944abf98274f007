/* Development cards (B-77..B-85) and Largest Army (B-92..B-94). */
#include <stdlib.h>
#include <string.h>
#include "scenario.h"

static const int dev_cost[5] = {0, 0, 1, 1, 1};

static void devs(const crisk_game *g, int seat, int32_t out[5])
{
	ck_assert_int_eq(crisk_catan_dev_cards(g, seat, CRISK_VIEWER_OMNISCIENT, out), CRISK_OK);
}

static int knights(const crisk_game *g, int seat)
{
	int32_t k = -1;
	ck_assert_int_eq(crisk_catan_seat_counts(g, seat, NULL, NULL, &k), CRISK_OK);
	return k;
}

/* Buys `n` cards of one type for `seat` in one main phase and stays there. */
static void buy(crisk_game *g, int seat, int card, int n)
{
	const int need[5] = {0, 0, n, n, n};
	sc_gain_all(g, seat, need);
	sc_to_main(g, seat);
	for (int i = 0; i < n; i++)
		sc_buy_dev(g, card);
}

/* After PLAY_KNIGHT: move the robber to an empty hex (7 or the desert). */
static void knight_to_empty_hex(crisk_game *g)
{
	int32_t hex = -1;
	ck_assert_int_eq(crisk_catan_robber(g, &hex), CRISK_OK);
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, hex == 7 ? SC_DESERT : 7));
}

/* B-79, B-78, B-80, B-47, B-130, B-58: a knight bought this turn waits; one
 * card per turn; a pre-roll knight moves the robber without discards and play
 * returns to the pre-roll, which still must roll. */
START_TEST(test_b78_b80_knight_timing)
{
	crisk_game *g = sc_two_seat("vp_target=30");
	buy(g, 0, CRISK_CATAN_KNIGHT, 2);
	int32_t d[5];
	devs(g, 0, d);
	ck_assert_int_eq(d[CRISK_CATAN_KNIGHT], 2);
	sc_refuse(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0)); /* B-79 */
	/* More than 7 cards: a knight still causes no discard (B-58). */
	sc_gain(g, 0, CRISK_CATAN_GRAIN, 9);
	sc_to_preroll(g, 0);
	ck_assert_int_gt(sc_hand_total(g, 0), 7);
	ck_assert(sc_listed(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0)));
	uint64_t since = sc_next_seq(g);
	sc_apply(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
	ck_assert_int_eq(sc_seat(g), 0);
	sc_refuse(g, sc_act(CRISK_CATAN_DISCARD, CRISK_CATAN_GRAIN));
	sc_refuse(g, sc_act(CRISK_CATAN_ROLL, 0));
	/* Hex 16 touches only seat 1 (43): automatic victim, then the steal. */
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 16));
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
	sc_apply(g, sc_act(CRISK_CATAN_STEAL_RESULT, CRISK_CATAN_BRICK));
	ck_assert_int_eq(knights(g, 0), 1);
	devs(g, 0, d);
	ck_assert_int_eq(d[CRISK_CATAN_KNIGHT], 1);
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_PLAY_DEV, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.args[0], CRISK_CATAN_KNIGHT);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_DISCARD, CRISK_VIEWER_SPECTATOR, NULL), 0);
	/* Back at the pre-roll (B-130): must roll; no second card (B-78). */
	ck_assert_int_eq(sc_seat(g), 0);
	ck_assert(sc_at_preroll(g));
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
	sc_roll(g, 12);
	sc_refuse(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
	sc_end_turn(g);
	/* Main-phase play returns to the main phase (B-130). */
	sc_to_main(g, 0);
	sc_apply(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
	knight_to_empty_hex(g);
	ck_assert(sc_at_main(g));
	ck_assert_int_eq(sc_seat(g), 0);
	ck_assert_int_eq(knights(g, 0), 2);
	crisk_game_free(g);
}
END_TEST

/* B-77, B-134: development cards are hidden from the other seats. */
START_TEST(test_b77_cards_hidden)
{
	crisk_game *g = sc_two_seat("vp_target=30");
	buy(g, 0, CRISK_CATAN_MONOPOLY, 1);
	int32_t d[5];
	ck_assert_int_eq(crisk_catan_dev_cards(g, 0, 1, d), CRISK_EHIDDEN);
	ck_assert_int_eq(crisk_catan_dev_cards(g, 0, CRISK_VIEWER_SPECTATOR, d), CRISK_EHIDDEN);
	ck_assert_int_eq(crisk_catan_dev_cards(g, 0, 0, d), CRISK_OK);
	ck_assert_int_eq(d[CRISK_CATAN_MONOPOLY], 1);
	int32_t count = 0;
	ck_assert_int_eq(crisk_catan_seat_counts(g, 0, NULL, &count, NULL), CRISK_OK);
	ck_assert_int_eq(count, 1);
	/* Seat 1's view lists development cards once: its own. */
	char *view = sc_json(g, 1);
	int lists = 0;
	for (const char *p = view; (p = strstr(p, "\"dev\":")) != NULL; p++)
		lists++;
	ck_assert_int_eq(lists, 1);
	free(view);
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, 1, CRISK_CATAN_EV_BUY_DEV, 1, &e), 1);
	ck_assert_int_eq(e.args[0], CRISK_HIDDEN);
	ck_assert_int_eq(sc_count_events(g, 1, CRISK_CATAN_EV_BUY_DEV, 0, &e), 1);
	ck_assert_int_eq(e.args[0], CRISK_CATAN_MONOPOLY);
	crisk_game_free(g);
}
END_TEST

/* B-78: no card during another seat's decision (a discard). */
START_TEST(test_b78_no_card_while_discarding)
{
	crisk_game *g = sc_two_seat("vp_target=30");
	buy(g, 0, CRISK_CATAN_KNIGHT, 1);
	sc_gain(g, 0, CRISK_CATAN_GRAIN, 9);
	sc_to_preroll(g, 1);
	sc_roll(g, 7);
	ck_assert_int_eq(sc_seat(g), 0); /* seat 0 owes a discard in seat 1's turn */
	sc_refuse(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
	crisk_game_free(g);
}
END_TEST

static void play_road_building(crisk_game *g)
{
	sc_apply(g, sc_act(CRISK_CATAN_PLAY_ROAD_BUILDING, 0));
}

/* B-81: two free roads, the second may use the first; none is paid for. */
START_TEST(test_b81_road_building)
{
	crisk_game *g = sc_two_seat("vp_target=30");
	buy(g, 0, CRISK_CATAN_ROAD_BUILDING, 1);
	sc_end_turn(g);
	sc_to_main(g, 0);
	int32_t before[5];
	sc_hand(g, 0, before);
	play_road_building(g);
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_PLACE_FREE_ROAD, 0)); /* 0-3: not connected yet */
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 6));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_FREE_ROAD, 6)); /* 3-7 */
	ck_assert_int_eq(sc_seat(g), 0);
	sc_refuse(g, sc_act(CRISK_CATAN_PLACE_FREE_ROAD, 6));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_FREE_ROAD, 0)); /* 0-3: uses the first */
	ck_assert(sc_at_main(g));
	int32_t after[5];
	sc_hand(g, 0, after);
	ck_assert_int_eq(memcmp(before, after, sizeof before), 0);
	int32_t owner = -1;
	ck_assert_int_eq(crisk_catan_road(g, 0, &owner), CRISK_OK);
	ck_assert_int_eq(owner, 0);
	crisk_game_free(g);
}
END_TEST

/* B-81, B-68: with one road left the second free road is skipped; with none
 * the card cannot be played. */
START_TEST(test_b81_second_road_skipped)
{
	crisk_game *g = sc_two_seat("vp_target=30 discard_limit=95");
	buy(g, 0, CRISK_CATAN_ROAD_BUILDING, 2);
	const int road_cost[5] = {1, 1, 0, 0, 0};
	const int roads[12] = {10, 0, 1, 2, 7, 12, 19, 18, 48, 53, 46, 45};
	/* Road 10 (7-11) first needs 6 (3-7): build 6 with the first brick. */
	sc_gain_all(g, 0, road_cost);
	sc_to_main(g, 0);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 6));
	for (int i = 0; i < 11; i++) {
		sc_gain_all(g, 0, road_cost);
		sc_to_main(g, 0);
		sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, roads[i]));
	}
	/* 14 roads on the board, 1 in supply. */
	sc_end_turn(g);
	sc_to_main(g, 0);
	play_road_building(g);
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_FREE_ROAD, roads[11]));
	ck_assert(sc_at_main(g)); /* second road skipped */
	ck_assert_int_eq(sc_seat(g), 0);
	sc_end_turn(g);
	sc_to_main(g, 0);
	sc_refuse(g, sc_act(CRISK_CATAN_PLAY_ROAD_BUILDING, 0));
	crisk_game_free(g);
}
END_TEST

/* Rolls `sum` (paying seat 0 only, or seat 1 too on a 5) until the bank holds
 * `left` cards of r. */
static void drain(crisk_game *g, int r, int sum, int left)
{
	for (int guard = 0; guard < 100; guard++) {
		int32_t bank[5];
		ck_assert_int_eq(crisk_catan_bank(g, bank, NULL), CRISK_OK);
		if (bank[r] <= left) {
			ck_assert_int_eq(bank[r], left);
			return;
		}
		if (sc_at_main(g))
			sc_end_turn(g);
		sc_roll(g, sum);
	}
	ck_abort_msg("resource %d not drained", r);
}

/* B-82: two picks, the same type allowed, each from what the bank holds. */
START_TEST(test_b82_year_of_plenty)
{
	crisk_game *g = sc_two_seat("vp_target=30 discard_limit=95");
	buy(g, 0, CRISK_CATAN_YEAR_OF_PLENTY, 1);
	sc_end_turn(g);
	sc_to_main(g, 0);
	int32_t b0[5], b1[5], h0[5], h1[5];
	ck_assert_int_eq(crisk_catan_bank(g, b0, NULL), CRISK_OK);
	sc_hand(g, 0, h0);
	uint64_t since = sc_next_seq(g);
	sc_apply(g, sc_act(CRISK_CATAN_PLAY_YEAR_OF_PLENTY, 0));
	ck_assert_uint_eq(sc_legal_list(g, NULL, 0), 5);
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_PICK, 5));
	sc_apply(g, sc_act(CRISK_CATAN_PICK, CRISK_CATAN_ORE));
	sc_apply(g, sc_act(CRISK_CATAN_PICK, CRISK_CATAN_ORE));
	ck_assert(sc_at_main(g));
	ck_assert_int_eq(crisk_catan_bank(g, b1, NULL), CRISK_OK);
	sc_hand(g, 0, h1);
	ck_assert_int_eq(h1[CRISK_CATAN_ORE] - h0[CRISK_CATAN_ORE], 2);
	ck_assert_int_eq(b0[CRISK_CATAN_ORE] - b1[CRISK_CATAN_ORE], 2);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_PICK, CRISK_VIEWER_SPECTATOR, NULL), 2);
	crisk_game_free(g);
}
END_TEST

/* B-82: with one card left in the bank one pick; with none, no pick. */
START_TEST(test_b82_year_of_plenty_short_bank)
{
	crisk_game *g = sc_two_seat("vp_target=30 discard_limit=95");
	buy(g, 0, CRISK_CATAN_YEAR_OF_PLENTY, 2);
	int32_t b1[5];

	/* Empty the bank but one ore: 5 pays wool (seat 0) and brick (seat 1),
	 * 6 brick, 3 lumber, 12 grain, 10 ore (seat 0 only). */
	drain(g, CRISK_CATAN_WOOL, 5, 0);
	drain(g, CRISK_CATAN_BRICK, 6, 0);
	drain(g, CRISK_CATAN_LUMBER, 3, 0);
	drain(g, CRISK_CATAN_GRAIN, 12, 0);
	drain(g, CRISK_CATAN_ORE, 10, 1);
	sc_to_preroll(g, 0);
	sc_apply(g, sc_act(CRISK_CATAN_PLAY_YEAR_OF_PLENTY, 0));
	crisk_action buf[8];
	ck_assert_uint_eq(sc_legal_list(g, buf, 8), 1);
	ck_assert(buf[0] == sc_act(CRISK_CATAN_PICK, CRISK_CATAN_ORE));
	sc_refuse(g, sc_act(CRISK_CATAN_PICK, CRISK_CATAN_GRAIN));
	sc_apply(g, buf[0]);
	/* One pick only, then back to the pre-roll (B-130). */
	ck_assert(sc_at_preroll(g));
	ck_assert_int_eq(crisk_catan_bank(g, b1, NULL), CRISK_OK);
	for (int r = 0; r < 5; r++)
		ck_assert_int_eq(b1[r], 0);
	/* The bank is empty: the second card gives nothing (still playable). */
	sc_roll(g, 9);
	/* B-101: maritime trade needs the taken type in the bank. */
	sc_refuse(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_GRAIN, CRISK_CATAN_BRICK));
	sc_refuse(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_GRAIN, CRISK_CATAN_ORE));
	sc_end_turn(g);
	sc_to_preroll(g, 0);
	int32_t d0[5], d1[5];
	devs(g, 0, d0);
	sc_apply(g, sc_act(CRISK_CATAN_PLAY_YEAR_OF_PLENTY, 0));
	ck_assert(sc_at_preroll(g));
	devs(g, 0, d1);
	ck_assert_int_eq(d0[CRISK_CATAN_YEAR_OF_PLENTY] - d1[CRISK_CATAN_YEAR_OF_PLENTY], 1);
	crisk_game_free(g);
}
END_TEST

/* B-83, B-85: monopoly takes every card of the named type from the others;
 * any type may be named; played progress cards leave the game. */
START_TEST(test_b83_monopoly)
{
	crisk_game *g = sc_standard("vp_target=30");
	buy(g, 0, CRISK_CATAN_MONOPOLY, 1);
	sc_to_preroll(g, 0);
	int32_t ore[4];
	int32_t h[5];
	int others = 0;
	for (int s = 0; s < 4; s++) {
		sc_hand(g, s, h);
		ore[s] = h[CRISK_CATAN_ORE];
		if (s)
			others += ore[s];
	}
	ck_assert_int_gt(others, 0);
	int32_t deck0 = 0, deck1 = 0, bank[5];
	ck_assert_int_eq(crisk_catan_bank(g, bank, &deck0), CRISK_OK);
	uint64_t since = sc_next_seq(g);
	sc_apply(g, sc_act(CRISK_CATAN_PLAY_MONOPOLY, 0));
	crisk_action buf[8];
	ck_assert_uint_eq(sc_legal_list(g, buf, 8), 5);
	for (int r = 0; r < 5; r++)
		ck_assert(buf[r] == sc_act(CRISK_CATAN_NAME, r));
	sc_refuse(g, sc_act(CRISK_CATAN_ROLL, 0));
	sc_apply(g, sc_act(CRISK_CATAN_NAME, CRISK_CATAN_ORE));
	ck_assert(sc_at_preroll(g));
	sc_hand(g, 0, h);
	ck_assert_int_eq(h[CRISK_CATAN_ORE], ore[0] + others);
	for (int s = 1; s < 4; s++) {
		sc_hand(g, s, h);
		ck_assert_int_eq(h[CRISK_CATAN_ORE], 0);
	}
	crisk_event e;
	int n = sc_count_events(g, since, CRISK_CATAN_EV_MONOPOLY, CRISK_VIEWER_SPECTATOR, &e);
	ck_assert_int_ge(n, 1);
	ck_assert_int_eq(e.args[0], CRISK_CATAN_ORE);
	/* The card left the game: deck unchanged, seat holds no card. */
	ck_assert_int_eq(crisk_catan_bank(g, bank, &deck1), CRISK_OK);
	ck_assert_int_eq(deck1, deck0);
	int32_t count = -1;
	ck_assert_int_eq(crisk_catan_seat_counts(g, 0, NULL, &count, NULL), CRISK_OK);
	ck_assert_int_eq(count, 0);
	crisk_game_free(g);
}
END_TEST

/* B-84, B-103: a VP card counts at once for its owner, hidden from others. */
START_TEST(test_b84_vp_card_counts_at_once)
{
	crisk_game *g = sc_two_seat("vp_target=30");
	sc_gain_all(g, 0, dev_cost);
	sc_to_main(g, 0);
	ck_assert_int_eq(sc_score(g, 0, 0), 2);
	sc_buy_dev(g, CRISK_CATAN_VICTORY_POINT);
	ck_assert_int_eq(sc_score(g, 0, 0), 3);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_OMNISCIENT), 3);
	ck_assert_int_eq(sc_score(g, 0, 1), 2);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), 2);
	crisk_game_free(g);
}
END_TEST

/* B-8, B-92, B-93, B-94: Largest Army (worth 2 VP, one holder) at 3 played knights; a tie leaves it with
 * the holder; strictly more takes it; unplayed knights never count; played
 * knights stay with their owners. */
START_TEST(test_b92_b93_largest_army)
{
	crisk_game *g = sc_standard("vp_target=30 discard_limit=95");
	buy(g, 0, CRISK_CATAN_KNIGHT, 3);
	buy(g, 1, CRISK_CATAN_KNIGHT, 4);
	for (int i = 0; i < 3; i++) {
		sc_to_main(g, 0);
		uint64_t since = sc_next_seq(g);
		sc_apply(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
		knight_to_empty_hex(g);
		int la = sc_count_events(g, since, CRISK_CATAN_EV_LARGEST_ARMY, CRISK_VIEWER_SPECTATOR, NULL);
		ck_assert_int_eq(la, i == 2);
		ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), i == 2 ? 4 : 2);
		sc_end_turn(g);
	}
	/* Seat 1 holds 4 unplayed knights: no army. */
	ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_SPECTATOR), 2);
	for (int i = 0; i < 4; i++) {
		sc_to_main(g, 1);
		uint64_t since = sc_next_seq(g);
		sc_apply(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
		knight_to_empty_hex(g);
		crisk_event e;
		int la = sc_count_events(g, since, CRISK_CATAN_EV_LARGEST_ARMY, CRISK_VIEWER_SPECTATOR, &e);
		if (i < 3) {
			ck_assert_int_eq(la, 0); /* 3 against 3: the holder keeps it */
			ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), 4);
			ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_SPECTATOR), 2);
		} else {
			ck_assert_int_eq(la, 1);
			ck_assert_int_eq(e.seat, 1);
			ck_assert_int_eq(e.args[0], 4);
			ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), 2);
			ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_SPECTATOR), 4);
		}
		sc_end_turn(g);
	}
	ck_assert_int_eq(knights(g, 0), 3);
	ck_assert_int_eq(knights(g, 1), 4);
	crisk_game_free(g);
}
END_TEST

static Suite *dev_suite(void)
{
	Suite *s = suite_create("rules_devcards");
	TCase *tc = tcase_create("devcards");
	tcase_add_test(tc, test_b78_b80_knight_timing);
	tcase_add_test(tc, test_b77_cards_hidden);
	tcase_add_test(tc, test_b78_no_card_while_discarding);
	tcase_add_test(tc, test_b81_road_building);
	tcase_add_test(tc, test_b81_second_road_skipped);
	tcase_add_test(tc, test_b82_year_of_plenty);
	tcase_add_test(tc, test_b82_year_of_plenty_short_bank);
	tcase_add_test(tc, test_b83_monopoly);
	tcase_add_test(tc, test_b84_vp_card_counts_at_once);
	tcase_add_test(tc, test_b92_b93_largest_army);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(dev_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
