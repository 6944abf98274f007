/* Annexation, elimination, leaving and victory of module risk (RC-12..RC-16,
 * RC-25..RC-29).  Two seats (risk_scenario.h): seat 0 at intersections 12
 * (hexes 0, 3, 4; requirements 3, 1, 5) and 31 (hexes 10, 11, 15), seat 1
 * at 5 (hexes 1, 2) and 43 (hexes 12, 16); with three seats seat 2 at 20 and 48. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "risk_scenario.h"

/* The hexes around intersection 12 and their requirements. */
static const int around_12[3] = {0, 3, 4}, need_12[3] = {3, 1, 5};

/* Seat `q` controls hex around_12[i] (others cleared there). */
static void take_hex_12(crisk_game **g, int i, int q)
{
	for (int o = 0; o < RV_OWNERS; o++)
		rs_set_armies(g, around_12[i], o, 0);
	rs_set_armies(g, around_12[i], q, need_12[i]);
}

/* Seat `q` controls hexes 0, 3 and 4 around intersection 12. */
static void surround_12(crisk_game **g, int q)
{
	for (int i = 0; i < 3; i++)
		take_hex_12(g, i, q);
}

static int supply(const crisk_game *g, int seat, const char *what)
{
	char *js = sc_json(g, CRISK_VIEWER_OMNISCIENT);
	/* "pieces":{"settlements":N,...} of the seat's object */
	const char *at = js;
	for (int s = 0; s <= seat; s++)
		at = strstr(at + 1, "\"pieces\":");
	char key[32];
	snprintf(key, sizeof key, "\"%s\":", what);
	int v = atoi(strstr(at, key) + strlen(key));
	free(js);
	return v;
}

/* RC-12, RC-14, RC-16: one seat controls every hex of a building and of a
 * road: both pass to it after the next action, roads first; VP and supply
 * follow the pieces. */
START_TEST(test_rc12_rc14_annex_building_and_road)
{
	crisk_game *g = rs_two(NULL);
	int ph[2];
	ck_assert_int_eq(rs_path_hexes(g, 11, ph), 2); /* road 11 borders two of 0, 3, 4 */
	surround_12(&g, 1);
	ck_assert_int_eq(rs_building_owner(g, 12), 0); /* nothing happens without an action (RC-16) */
	int vp0 = sc_score(g, 0, CRISK_VIEWER_SPECTATOR), vp1 = sc_score(g, 1, CRISK_VIEWER_SPECTATOR);
	int sup0 = supply(g, 0, "settlements"), sup1 = supply(g, 1, "settlements");
	uint64_t since = sc_next_seq(g);
	sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
	ck_assert_int_eq(rs_building_owner(g, 12), 1);
	ck_assert_int_eq(rs_road_owner(g, 11), 1);
	crisk_event road, building;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_RISK_EV_ANNEX_ROAD, CRISK_VIEWER_SPECTATOR, &road), 1);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_RISK_EV_ANNEX_BUILDING, CRISK_VIEWER_SPECTATOR, &building), 1);
	ck_assert(road.seq < building.seq); /* RC-16 order */
	ck_assert_int_eq(building.seat, 1);
	ck_assert_int_eq(building.target, 0);
	ck_assert_int_eq(building.args[0], 12);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), vp0 - 1);
	ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_SPECTATOR), vp1 + 1);
	ck_assert_int_eq(supply(g, 0, "settlements"), sup0 + 1);
	ck_assert_int_eq(supply(g, 1, "settlements"), sup1 - 1);
	crisk_game_free(g);
}
END_TEST

/* RC-12: the building passes again when another seat (its old owner here)
 * controls every hex around it. */
START_TEST(test_rc12_annexed_building_passes_back)
{
	crisk_game *g = rs_two(NULL);
	surround_12(&g, 1);
	sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
	sc_apply(g, sc_act(CRISK_CATAN_DICE, 2));
	ck_assert_int_eq(rs_building_owner(g, 12), 1);
	surround_12(&g, 0);
	sc_end_turn(g); /* any action re-evaluates */
	ck_assert_int_eq(rs_building_owner(g, 12), 0);
	ck_assert_int_eq(rs_road_owner(g, 11), 0);
	crisk_game_free(g);
}
END_TEST

/* RC-13: control split between two enemies keeps the owner; when one enemy
 * holds all three hexes the building passes. */
START_TEST(test_rc13_split_control_keeps_owner)
{
	crisk_game *g = rs_three(NULL);
	surround_12(&g, 1);
	rs_set_armies(&g, 4, 1, 0);
	rs_set_armies(&g, 4, 2, 5);
	sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
	ck_assert_int_eq(rs_building_owner(g, 12), 0);
	rview v;
	rview_read(g, 0, &v);
	ck_assert_int_eq(v.controller[0], 1);
	ck_assert_int_eq(v.controller[3], 1);
	ck_assert_int_eq(v.controller[4], 2);
	sc_apply(g, sc_act(CRISK_CATAN_DICE, 2));
	rs_set_armies(&g, 4, 2, 0);
	rs_set_armies(&g, 4, 1, 5);
	sc_apply(g, sc_act(CRISK_CATAN_END_TURN, 0));
	ck_assert_int_eq(rs_building_owner(g, 12), 1);
	crisk_game_free(g);
}
END_TEST

/* RC-15 (siege) is a name; RC-5: below the requirement nobody annexes. */
START_TEST(test_rc15_siege_without_control_keeps_owner)
{
	crisk_game *g = rs_two(NULL);
	surround_12(&g, 1);
	rs_set_armies(&g, 4, 1, 4); /* occupied by seat 1 but one short of 5 */
	sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
	ck_assert_int_eq(rs_building_owner(g, 12), 0);
	crisk_game_free(g);
}
END_TEST

/* Seat 0 controls every hex around seat 1's buildings (5: hexes 1, 2; 43:
 * hexes 12, 16). */
static void surround_seat1(crisk_game **g)
{
	static const int hexes[4] = {1, 2, 12, 16}, need[4] = {1, 4, 5, 4};
	for (int i = 0; i < 4; i++) {
		for (int o = 0; o < RV_OWNERS; o++)
			rs_set_armies(g, hexes[i], o, 0);
		rs_set_armies(g, hexes[i], 0, need[i]);
	}
}

/* RC-25, RC-26, RC-29: seat 1 loses its last building: its cards go back,
 * its armies leave, and seat 0, alone in the game, wins in its turn. */
START_TEST(test_rc25_rc29_elimination_wins)
{
	crisk_game *g = rs_two(NULL);
	sc_roll(g, 2);
	surround_seat1(&g);
	rs_set_armies(&g, 18, 1, 3);
	rview v;
	rview_read(g, CRISK_VIEWER_OMNISCIENT, &v);
	int armies1 = 0;
	for (int h = 0; h < SC_LAND; h++)
		armies1 += v.armies[h][1];
	int32_t bank_before[5], bank_after[5], hand1[5];
	crisk_catan_bank(g, bank_before, NULL);
	sc_hand(g, 1, hand1);
	uint64_t since = sc_next_seq(g);
	sc_apply(g, rs_act(CRISK_RISK_MOVE_ARMIES, 3, 4, 1));
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_RISK_EV_ELIMINATED, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.seat, 1);
	ck_assert_int_eq(e.target, 0);
	ck_assert_int_eq(e.args[0], armies1);
	ck_assert_int_eq(rs_armies(g, 18, 1), 0);
	crisk_catan_bank(g, bank_after, NULL);
	for (int r = 0; r < 5; r++)
		ck_assert_int_eq(bank_after[r], bank_before[r] + hand1[r]);
	int winner = -1;
	ck_assert_int_eq(crisk_game_status(g, &winner), CRISK_STATUS_WON);
	ck_assert_int_eq(winner, 0);
	crisk_game_free(g);
}
END_TEST

/* RC-26: the eliminator takes the remaining roads; eliminated seats are
 * skipped in turn order. */
START_TEST(test_rc26_eliminator_takes_roads_and_seat_is_skipped)
{
	crisk_game *g = rs_three(NULL);
	sc_roll(g, 2);
	surround_seat1(&g);
	/* A road of seat 1 away from its buildings' hexes stays until elimination. */
	int extra = -1;
	for (int p = 0; p < SC_PATHS && extra < 0; p++) {
		if (rs_road_owner(g, p) != 1)
			continue;
		int hx[2], n = rs_path_hexes(g, p, hx), inside = 1;
		for (int i = 0; i < n; i++)
			inside &= hx[i] == 1 || hx[i] == 2 || hx[i] == 12 || hx[i] == 16;
		if (!inside)
			extra = p;
	}
	rs_set_armies(&g, 3, 0, 2);
	sc_apply(g, rs_act(CRISK_RISK_MOVE_ARMIES, 3, 4, 1));
	rview v;
	rview_read(g, 0, &v);
	ck_assert_int_eq(v.out[1], 1);
	for (int p = 0; p < SC_PATHS; p++)
		ck_assert_int_ne(rs_road_owner(g, p), 1);
	if (extra >= 0)
		ck_assert_int_eq(rs_road_owner(g, extra), 0);
	ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
	sc_end_turn(g);
	ck_assert_int_eq(sc_seat(g), 2);
	ck_assert(sc_at_preroll(g));
	crisk_game_free(g);
}
END_TEST

/* RC-27: a resigned seat's armies stay as neutral defenders and its pieces
 * stand neutral; the host may resign any seat, and the last seat left wins
 * (RC-29). */
START_TEST(test_rc27_resign_leaves_neutral_defenders)
{
	crisk_game *g = rs_three(NULL);
	rview before;
	rview_read(g, CRISK_VIEWER_OMNISCIENT, &before);
	int32_t bank0[5], bank1[5], hand1[5];
	crisk_catan_bank(g, bank0, NULL);
	sc_hand(g, 1, hand1);
	sc_apply(g, rs_act(CRISK_RISK_RESIGN, 1, 0, 0));
	rview after;
	rview_read(g, CRISK_VIEWER_OMNISCIENT, &after);
	for (int h = 0; h < SC_LAND; h++) {
		ck_assert_int_eq(after.armies[h][1], 0);
		ck_assert_int_eq(after.armies[h][RS_NEUTRAL], before.armies[h][1]);
	}
	ck_assert_int_eq(rs_total_armies(g), rview_total(&before));
	ck_assert_int_eq(rs_building_owner(g, 5), -1);
	int32_t owner = 0, kind = 0;
	crisk_catan_building(g, 5, &owner, &kind);
	ck_assert_int_eq(kind, 1); /* still standing, owned by nobody */
	crisk_catan_bank(g, bank1, NULL);
	for (int r = 0; r < 5; r++)
		ck_assert_int_eq(bank1[r], bank0[r] + hand1[r]);
	rs_refuse_rule(g, rs_act(CRISK_RISK_RESIGN, 1, 0, 0), "RC-27");
	/* The active seat resigns: its turn ends, seat 2 is the last one left. */
	sc_apply(g, rs_act(CRISK_RISK_RESIGN, 0, 0, 0));
	int winner = -1;
	ck_assert_int_eq(crisk_game_status(g, &winner), CRISK_STATUS_WON);
	ck_assert_int_eq(winner, 2);
	crisk_game_free(g);
}
END_TEST

/* RC-27, RC-12: neutral pieces are annexed like any others. */
START_TEST(test_rc27_neutral_building_annexed)
{
	crisk_game *g = rs_three(NULL);
	sc_apply(g, rs_act(CRISK_RISK_RESIGN, 1, 0, 0));
	sc_roll(g, 2);
	rs_set_armies(&g, 1, RS_NEUTRAL, 0);
	rs_set_armies(&g, 2, RS_NEUTRAL, 0);
	rs_set_armies(&g, 1, 0, 1);
	rs_set_armies(&g, 2, 0, 4);
	rs_set_armies(&g, 3, 0, 2);
	uint64_t since = sc_next_seq(g);
	sc_apply(g, rs_act(CRISK_RISK_MOVE_ARMIES, 3, 4, 1));
	ck_assert_int_eq(rs_building_owner(g, 5), 0);
	crisk_event e;
	ck_assert_int_ge(sc_count_events(g, since, CRISK_RISK_EV_ANNEX_BUILDING, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.target, CRISK_RISK_NEUTRAL);
	crisk_game_free(g);
}
END_TEST

/* RC-14 with B-69: seat 1 takes seat 0's set-up road 11 (controlling its
 * two hexes) but not the settlement at 12 (the third hex stays out of its
 * control, RC-13).  The settlement keeps no road of seat 0, yet seat 0
 * builds roads from it, listed as checked. */
START_TEST(test_rc14_bare_settlement_still_anchors_roads)
{
	crisk_game *g = rs_three(NULL);
	int ph[2], taken = 0;
	ck_assert_int_eq(rs_path_hexes(g, 11, ph), 2);
	for (int i = 0; i < 3; i++) {
		if (around_12[i] == ph[0] || around_12[i] == ph[1]) {
			take_hex_12(&g, i, 1);
			taken++;
		}
	}
	ck_assert_int_eq(taken, 2); /* road 11 borders two of the three */
	sc_gain_all(g, 0, (const int[5]){1, 1, 0, 0, 0}); /* a road (B-69) */
	sc_to_main(g, 0);
	ck_assert_int_eq(rs_road_owner(g, 11), 1);
	ck_assert_int_eq(rs_building_owner(g, 12), 0);
	int at[3], n = rs_paths_at(g, 12, at), from_12 = 0;
	for (int i = 0; i < n; i++) {
		if (at[i] == 11)
			continue;
		crisk_action a = sc_act(CRISK_CATAN_BUILD_ROAD, at[i]);
		ck_assert_msg(sc_legal(g, a), "road %d at the settlement: %s", at[i], crisk_error_last());
		ck_assert_msg(sc_listed(g, a), "road %d at the settlement is legal but not listed", at[i]);
		from_12++;
	}
	ck_assert_int_ge(from_12, 1);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, at[at[0] == 11 ? 1 : 0]));
	crisk_game_free(g);
}
END_TEST

/* RC-28: the target counts annexed buildings, checked in the seat's turn. */
START_TEST(test_rc28_annexation_reaches_target)
{
	crisk_game *g = rs_two("vp_target=3");
	sc_roll(g, 2);
	surround_seat1(&g);
	rs_set_armies(&g, 2, 0, 0); /* only intersection 43 (hexes 12, 16) is taken */
	rs_set_armies(&g, 2, 1, 1);
	sc_apply(g, rs_act(CRISK_RISK_MOVE_ARMIES, 3, 4, 1));
	int winner = -1;
	ck_assert_int_eq(crisk_game_status(g, &winner), CRISK_STATUS_WON);
	ck_assert_int_eq(winner, 0);
	ck_assert_int_ge(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), 3);
	crisk_game_free(g);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("risk_annex");
	TCase *tc = tcase_create("annex");
	tcase_add_test(tc, test_rc12_rc14_annex_building_and_road);
	tcase_add_test(tc, test_rc12_annexed_building_passes_back);
	tcase_add_test(tc, test_rc13_split_control_keeps_owner);
	tcase_add_test(tc, test_rc15_siege_without_control_keeps_owner);
	tcase_add_test(tc, test_rc25_rc29_elimination_wins);
	tcase_add_test(tc, test_rc26_eliminator_takes_roads_and_seat_is_skipped);
	tcase_add_test(tc, test_rc27_resign_leaves_neutral_defenders);
	tcase_add_test(tc, test_rc27_neutral_building_annexed);
	tcase_add_test(tc, test_rc28_annexation_reaches_target);
	tcase_add_test(tc, test_rc14_bare_settlement_still_anchors_roads);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
