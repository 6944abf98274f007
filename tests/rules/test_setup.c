/* Set-up (B-39..B-45, B-109), robber start (B-37), options (B-28, B-38,
 * B-125, B-126) through the public API. */
#include <stdlib.h>
#include <string.h>
#include "scenario.h"

static uint32_t type_of(crisk_action a)
{
	crisk_catan_action d;
	ck_assert_int_eq(crisk_catan_action_init(&d, CRISK_CATAN_ACTION_VERSION), CRISK_OK);
	ck_assert_int_eq(crisk_catan_action_decode(&d, a), CRISK_OK);
	return d.type;
}

/* Only actions of `type` are listed now. */
static void only_type_listed(const crisk_game *g, uint32_t type)
{
	crisk_action buf[128];
	size_t n = sc_legal_list(g, buf, 128);
	ck_assert_uint_gt(n, 0);
	for (size_t i = 0; i < n; i++)
		ck_assert_uint_eq(type_of(buf[i]), type);
}

/* B-39, B-41, B-45: seat 0 starts, snake order 0 1 2 3 3 2 1 0, settlement
 * then road; seat 0 then starts turn 1. */
START_TEST(test_b39_b41_snake_order_four)
{
	crisk_game *g = sc_new_game("base", "players=4 seed=7 board=beginner chance=explicit");
	const int order[8] = {0, 1, 2, 3, 3, 2, 1, 0};
	ck_assert_int_eq(crisk_game_turn(g), 0);
	for (int step = 0; step < 8; step++) {
		ck_assert_int_eq(sc_seat(g), order[step]);
		only_type_listed(g, CRISK_CATAN_PLACE_SETTLEMENT);
		sc_refuse(g, sc_act(CRISK_CATAN_PLACE_ROAD, sc_std_paths[step]));
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, sc_std_nodes[step]));
		ck_assert_int_eq(sc_seat(g), order[step]);
		only_type_listed(g, CRISK_CATAN_PLACE_ROAD);
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, sc_std_paths[step]));
		if (step < 7)
			ck_assert_int_eq(crisk_game_turn(g), 0);
	}
	ck_assert_int_eq(sc_seat(g), 0);
	ck_assert(sc_at_preroll(g));
	ck_assert_int_eq(crisk_game_turn(g), 1);
	crisk_game_free(g);
}
END_TEST

/* B-41 with 3 and 2 seats. */
START_TEST(test_b41_snake_order_three_and_two)
{
	const int nodes3[6] = {12, 19, 39, 49, 40, 31};
	const int paths3[6] = {11, 29, 50, 64, 51, 47};
	crisk_game *g = sc_new_game("base", "players=3 seed=7 board=beginner chance=explicit");
	const int order3[6] = {0, 1, 2, 2, 1, 0};
	for (int step = 0; step < 6; step++) {
		ck_assert_int_eq(sc_seat(g), order3[step]);
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, nodes3[step]));
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, paths3[step]));
	}
	ck_assert_int_eq(sc_seat(g), 0);
	ck_assert(sc_at_preroll(g));
	crisk_game_free(g);

	g = sc_new_game("base", "players=2 seed=7 board=beginner chance=explicit");
	const int nodes2[4] = {12, 19, 40, 31};
	const int paths2[4] = {11, 29, 51, 47};
	const int order2[4] = {0, 1, 1, 0};
	for (int step = 0; step < 4; step++) {
		ck_assert_int_eq(sc_seat(g), order2[step]);
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, nodes2[step]));
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, paths2[step]));
	}
	ck_assert_int_eq(sc_seat(g), 0);
	ck_assert(sc_at_preroll(g));
	crisk_game_free(g);
}
END_TEST

/* B-40: full supply, no cards, full deck and bank at the start. */
START_TEST(test_b40_initial_state)
{
	crisk_game *g = sc_new_game("base", "players=4 seed=7 board=beginner chance=explicit");
	int32_t bank[5], deck = 0;
	ck_assert_int_eq(crisk_catan_bank(g, bank, &deck), CRISK_OK);
	for (int r = 0; r < 5; r++)
		ck_assert_int_eq(bank[r], 19);
	ck_assert_int_eq(deck, 25);
	for (int s = 0; s < 4; s++) {
		int32_t cards = -1, dev = -1, knights = -1, devs[5];
		ck_assert_int_eq(crisk_catan_seat_counts(g, s, &cards, &dev, &knights), CRISK_OK);
		ck_assert_int_eq(cards, 0);
		ck_assert_int_eq(dev, 0);
		ck_assert_int_eq(knights, 0);
		ck_assert_int_eq(crisk_catan_dev_cards(g, s, CRISK_VIEWER_OMNISCIENT, devs), CRISK_OK);
		for (int c = 0; c < 5; c++)
			ck_assert_int_eq(devs[c], 0);
		ck_assert_int_eq(sc_score(g, s, CRISK_VIEWER_OMNISCIENT), 0);
	}
	for (int n = 0; n < SC_NODES; n++) {
		int32_t owner = 0, kind = -1;
		ck_assert_int_eq(crisk_catan_building(g, n, &owner, &kind), CRISK_OK);
		ck_assert_int_eq(kind, 0);
	}
	crisk_game_free(g);
}
END_TEST

/* B-42, B-75: a set-up settlement needs an empty intersection whose
 * neighbours are empty; harbor intersections are allowed. */
START_TEST(test_b42_b75_setup_settlement_distance)
{
	crisk_game *g = sc_new_game("base", "players=4 seed=7 board=beginner chance=explicit");
	ck_assert_uint_eq(sc_legal_list(g, NULL, 0), 54);
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 12));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, 11));
	/* Seat 1: 12 is taken, its neighbours 7, 8, 17 are too close. */
	sc_refuse(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 12));
	sc_refuse(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 7));
	sc_refuse(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 8));
	sc_refuse(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 17));
	/* A road end of seat 0 (node 7) is too close, but node 3 next to it is not. */
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 3)));
	ck_assert_uint_eq(sc_legal_list(g, NULL, 0), 54 - 4);
	sc_refuse(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 54));
	/* Harbor intersection 0 (slot 0) is allowed. */
	ck_assert(sc_listed(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 0)));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 0));
	int32_t owner = -1, kind = 0;
	ck_assert_int_eq(crisk_catan_building(g, 0, &owner, &kind), CRISK_OK);
	ck_assert_int_eq(owner, 1);
	ck_assert_int_eq(kind, 1);
	crisk_game_free(g);
}
END_TEST

/* B-43: the set-up road touches the settlement of the same step. */
START_TEST(test_b43_setup_road_touches_new_settlement)
{
	crisk_game *g = sc_new_game("base", "players=2 seed=7 board=beginner chance=explicit");
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 12));
	crisk_action buf[8];
	size_t n = sc_legal_list(g, buf, 8);
	ck_assert_uint_eq(n, 3); /* paths 11, 12, 19 touch node 12 */
	ck_assert(buf[0] == sc_act(CRISK_CATAN_PLACE_ROAD, 11));
	ck_assert(buf[1] == sc_act(CRISK_CATAN_PLACE_ROAD, 12));
	ck_assert(buf[2] == sc_act(CRISK_CATAN_PLACE_ROAD, 19));
	sc_refuse(g, sc_act(CRISK_CATAN_PLACE_ROAD, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_PLACE_ROAD, 72));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, 11));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 19));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, 29));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 40));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, 51));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 31));
	/* Second step of seat 0: a road at the first settlement is refused. */
	sc_refuse(g, sc_act(CRISK_CATAN_PLACE_ROAD, 12));
	sc_refuse(g, sc_act(CRISK_CATAN_PLACE_ROAD, 10));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, 47));
	crisk_game_free(g);
}
END_TEST

/* B-44: resources for the second settlement only, one per touching land hex,
 * none for the desert. */
START_TEST(test_b44_starting_resources)
{
	crisk_game *g = sc_new_game("base", "players=4 seed=7 board=beginner chance=explicit");
	uint64_t since = sc_next_seq(g);
	for (int step = 0; step < 4; step++) {
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, sc_std_nodes[step]));
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, sc_std_paths[step]));
		ck_assert_int_eq(sc_hand_total(g, step), 0);
	}
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_STARTING_RESOURCES, CRISK_VIEWER_OMNISCIENT, NULL),
			 0);
	for (int step = 4; step < 8; step++) {
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, sc_std_nodes[step]));
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, sc_std_paths[step]));
	}
	/* Node 31: lumber (hex 10), ore (11), wool (15); node 19: first, none. */
	const int32_t expect[4][5] = {
		{0, 1, 1, 0, 1}, /* seat 0 at 31 */
		{0, 0, 0, 2, 1}, /* seat 1 at 40: ore 13, grain 14 and 17 */
		{0, 0, 1, 1, 0}, /* seat 2 at 49: grain 17, wool 18 */
		{1, 0, 0, 0, 1}, /* seat 3 at 20: brick 6, ore 11 */
	};
	int32_t bank[5];
	ck_assert_int_eq(crisk_catan_bank(g, bank, NULL), CRISK_OK);
	int32_t sum[5] = {0};
	for (int s = 0; s < 4; s++) {
		int32_t h[5];
		sc_hand(g, s, h);
		for (int r = 0; r < 5; r++) {
			ck_assert_int_eq(h[r], expect[s][r]);
			sum[r] += h[r];
		}
	}
	for (int r = 0; r < 5; r++)
		ck_assert_int_eq(bank[r] + sum[r], 19);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_STARTING_RESOURCES, CRISK_VIEWER_OMNISCIENT, NULL),
			 4);
	crisk_game_free(g);

	/* Node 18 touches hills (4), pasture (5) and the desert (9). */
	g = sc_new_game("base", "players=2 seed=7 board=beginner chance=explicit");
	const int nodes[4] = {12, 40, 31, 18};
	const int paths[4] = {11, 51, 47, 28};
	sc_setup(g, nodes, paths);
	int32_t h[5];
	sc_hand(g, 0, h);
	ck_assert_int_eq(h[CRISK_CATAN_BRICK], 1);
	ck_assert_int_eq(h[CRISK_CATAN_WOOL], 1);
	ck_assert_int_eq(sc_hand_total(g, 0), 2);
	crisk_game_free(g);
}
END_TEST

/* B-45, B-109: no roll, build, trade, card or victory during set-up. */
START_TEST(test_b45_b109_nothing_else_in_setup)
{
	crisk_game *g = sc_new_game("base", "players=2 seed=7 board=beginner chance=explicit vp_target=3");
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 12));
	sc_refuse(g, sc_act(CRISK_CATAN_ROLL, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_BUY_DEV, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 11));
	sc_refuse(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, 0, 1));
	sc_refuse(g, sc_act(CRISK_CATAN_DICE, 6));
	sc_refuse(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, 11));
	const int rest_nodes[3] = {19, 40, 31};
	const int rest_paths[3] = {29, 51, 47};
	for (int i = 0; i < 3; i++) {
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, rest_nodes[i]));
		ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, rest_paths[i]));
	}
	/* 2 VP each after set-up (B-103); nobody won, even with vp_target=3. */
	int winner = 5;
	ck_assert_int_eq(crisk_game_status(g, &winner), CRISK_STATUS_RUNNING);
	ck_assert_int_eq(winner, -1);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_OMNISCIENT), 2);
	ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_OMNISCIENT), 2);
	crisk_game_free(g);
}
END_TEST

/* B-37: the robber starts on the desert (hex 9 on the beginner map; hex 0 on a
 * custom map with the desert moved there, B-38). */
START_TEST(test_b37_robber_starts_on_desert)
{
	crisk_game *g = sc_new_game("base", "players=4 seed=7 board=beginner");
	int32_t hex = -1;
	ck_assert_int_eq(crisk_catan_robber(g, &hex), CRISK_OK);
	ck_assert_int_eq(hex, SC_DESERT);
	crisk_game_free(g);

	g = sc_new_game("base", "players=3 seed=7 board=custom terrain=dpfghphgfmfmfmgphgp "
				"tokens=0,2,9,12,6,4,10,9,11,10,3,8,8,3,4,5,5,6,11 harbors=3go3w33bl");
	ck_assert_int_eq(crisk_catan_robber(g, &hex), CRISK_OK);
	ck_assert_int_eq(hex, 0);
	crisk_game_free(g);
}
END_TEST

static void expect_param_error(const char *params, const char *key)
{
	crisk_rules *r = (crisk_rules *)1;
	int rc = crisk_rules_new(&r, "base", params);
	ck_assert_msg(rc == CRISK_EPARAM, "\"%s\" gave %d, expected CRISK_EPARAM", params, rc);
	ck_assert_ptr_null(r);
	const char *msg = crisk_error_last();
	ck_assert_msg(msg[0] != '\0', "\"%s\": no message", params);
	ck_assert_msg(strstr(msg, key) != NULL, "\"%s\": message \"%s\" does not name %s", params, msg, key);
}

/* B-125: invalid values and unknown keys are rejected with a message naming the key. */
START_TEST(test_b125_bad_parameters)
{
	expect_param_error("players=1 seed=1", "players");
	expect_param_error("players=7 seed=1", "players");
	expect_param_error("players=four seed=1", "players");
	expect_param_error("seed=1", "players");
	expect_param_error("players=4", "seed");
	expect_param_error("players=4 seed=-3", "seed");
	expect_param_error("players=4 seed=1 board=hexagon", "board");
	expect_param_error("players=4 seed=1 vp_target=2", "vp_target");
	expect_param_error("players=4 seed=1 vp_target=31", "vp_target");
	expect_param_error("players=4 seed=1 discard_limit=96", "discard_limit");
	expect_param_error("players=4 seed=1 discard_limit=-1", "discard_limit");
	expect_param_error("players=4 seed=1 friendly_robber=maybe", "friendly_robber");
	expect_param_error("players=4 seed=1 max_trade_offers_per_turn=1001", "max_trade_offers_per_turn");
	expect_param_error("players=4 seed=1 max_turns=1000001", "max_turns");
	expect_param_error("players=4 seed=1 chance=sometimes", "chance");
	expect_param_error("players=4 seed=1 colour=blue", "colour");
	expect_param_error("players=4 seed=1 players=3", "players");
	crisk_rules *r = NULL;
	ck_assert_int_eq(crisk_rules_new(&r, "no_such_module", "players=4 seed=1"), CRISK_ENOTFOUND);
	ck_assert_ptr_null(r);
}
END_TEST

/* B-125 defaults and bounds that are accepted. */
START_TEST(test_b125_defaults_and_bounds)
{
	crisk_rules *r = NULL;
	ck_assert_int_eq(crisk_rules_new(&r, "base", "players=4 seed=1"), CRISK_OK);
	char buf[1024];
	ck_assert_int_eq(crisk_rules_params(r, buf, sizeof buf, NULL), CRISK_OK);
	const char *want[] = {"players=4", "board=random", "vp_target=10", "discard_limit=7", "friendly_robber=0",
			      "max_trade_offers_per_turn=0", "max_turns=0", "no_identical_adjacent=0"};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		ck_assert_msg(strstr(buf, want[i]) != NULL, "canonical \"%s\" lacks %s", buf, want[i]);
	ck_assert_int_eq(crisk_rules_num_seats(r), 4);
	crisk_rules_free(r);
	const char *ok[] = {"players=2 seed=1 vp_target=3 discard_limit=0", "players=3 seed=18446744073709551615",
			    "players=4;seed=1;vp_target=30;discard_limit=95;max_turns=1000000",
			    "players=4 seed=1 max_trade_offers_per_turn=1000 friendly_robber=on chance=auto",
			    "players=4 seed=1 board=random_tokens no_identical_adjacent=on"};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		r = NULL;
		int rc = crisk_rules_new(&r, "base", ok[i]);
		ck_assert_msg(rc == CRISK_OK, "\"%s\" refused: %s", ok[i], crisk_error_last());
		crisk_rules_free(r);
	}
}
END_TEST

/* B-28, B-126, B-127: options that do not apply to the chosen setting are errors. */
START_TEST(test_b28_b126_option_combinations)
{
	expect_param_error("players=4 seed=1 board=beginner no_identical_adjacent=on", "no_identical_adjacent");
	expect_param_error("players=4 seed=1 board=random no_identical_adjacent=1", "no_identical_adjacent");
	expect_param_error("players=5 seed=1 board=beginner", "players");
	expect_param_error("players=4 seed=1 paired_players=on", "paired_players");
	/* B-127: the 2-player variant is a module, not an option of base. */
	expect_param_error("players=2 seed=1 two_player=on", "two_player");
}
END_TEST

/* B-38: a custom layout must use exactly the standard components. */
START_TEST(test_b38_custom_layout_validation)
{
	/* Two deserts, one mountains short. */
	expect_param_error("players=4 seed=1 board=custom terrain=ddfghphgfmfmfmgphgp "
			   "tokens=0,0,9,12,6,4,10,9,11,10,3,8,8,3,4,5,5,6,11 harbors=3go3w33bl",
			   "terrain");
	/* A token on the desert. */
	expect_param_error("players=4 seed=1 board=custom terrain=dpfghphgfmfmfmgphgp "
			   "tokens=10,2,9,12,6,4,10,9,11,0,3,8,8,3,4,5,5,6,11 harbors=3go3w33bl",
			   "tokens");
	/* Two ore harbors, no grain harbor. */
	expect_param_error("players=4 seed=1 board=custom terrain=dpfghphgfmfmfmgphgp "
			   "tokens=0,2,9,12,6,4,10,9,11,10,3,8,8,3,4,5,5,6,11 harbors=3oo3w33bl",
			   "harbors");
}
END_TEST

static Suite *setup_suite(void)
{
	Suite *s = suite_create("rules_setup");
	TCase *tc = tcase_create("setup");
	tcase_add_test(tc, test_b39_b41_snake_order_four);
	tcase_add_test(tc, test_b41_snake_order_three_and_two);
	tcase_add_test(tc, test_b40_initial_state);
	tcase_add_test(tc, test_b42_b75_setup_settlement_distance);
	tcase_add_test(tc, test_b43_setup_road_touches_new_settlement);
	tcase_add_test(tc, test_b44_starting_resources);
	tcase_add_test(tc, test_b45_b109_nothing_else_in_setup);
	tcase_add_test(tc, test_b37_robber_starts_on_desert);
	tcase_add_test(tc, test_b125_bad_parameters);
	tcase_add_test(tc, test_b125_defaults_and_bounds);
	tcase_add_test(tc, test_b28_b126_option_combinations);
	tcase_add_test(tc, test_b38_custom_layout_validation);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(setup_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
