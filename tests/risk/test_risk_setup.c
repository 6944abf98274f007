/* Set-up of module risk: the requirement table (RC-2), starting armies after
 * each set-up settlement (RC-8) with the RC-9 battle, and the RC-10 loop. */
#include <check.h>
#include <string.h>
#include "risk_scenario.h"

/* RC-2: pips per token, 1 for the desert; 58 over the 18 numbered hexes. */
START_TEST(test_rc2_requirement_table)
{
	crisk_game *g = sc_new_game("risk", "players=2 seed=7 board=beginner chance=explicit");
	rview v;
	ck_assert_int_eq(rview_read(g, CRISK_VIEWER_OMNISCIENT, &v), 0);
	static const int pips[13] = {0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1};
	int sum = 0;
	for (int h = 0; h < SC_LAND; h++) {
		int t = sc_beginner_token[h];
		ck_assert_int_eq(v.requirement[h], t ? pips[t] : 1);
		if (t)
			sum += v.requirement[h];
	}
	ck_assert_int_eq(sum, 58);
	ck_assert_int_eq(v.requirement[SC_DESERT], 1);
	crisk_game_free(g);
}
END_TEST

/* RC-8: right after the settlement and its road, one army on an empty land
 * hex next to the settlement; nothing else is legal. */
START_TEST(test_rc8_setup_army_next_to_settlement)
{
	crisk_game *g = sc_new_game("risk", "players=2 seed=7 board=beginner chance=explicit");
	char ph[32];
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 12));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, 11));
	ck_assert_str_eq(rs_phase(g, ph), "setup_army");
	ck_assert_int_eq(sc_seat(g), 0);
	crisk_action buf[8];
	size_t n = sc_legal_list(g, buf, 8);
	ck_assert_uint_eq(n, 3); /* hexes 0, 3, 4 touch intersection 12 */
	ck_assert(buf[0] == rs_act(CRISK_RISK_PLACE_ARMY, 0, 0, 0));
	ck_assert(buf[1] == rs_act(CRISK_RISK_PLACE_ARMY, 3, 0, 0));
	ck_assert(buf[2] == rs_act(CRISK_RISK_PLACE_ARMY, 4, 0, 0));
	rs_refuse_rule(g, rs_act(CRISK_RISK_PLACE_ARMY, 9, 0, 0), "RC-8");
	rs_refuse_rule(g, rs_act(CRISK_RISK_PLACE_ARMY, 20, 0, 0), "RC-1");
	rs_refuse_rule(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 5), "RC-8");
	uint64_t since = sc_next_seq(g);
	sc_apply(g, rs_act(CRISK_RISK_PLACE_ARMY, 4, 0, 0));
	ck_assert_int_eq(sc_count_events(g, since, CRISK_RISK_EV_ARMIES_PLACED, CRISK_VIEWER_SPECTATOR, NULL), 1);
	ck_assert_int_eq(rs_armies(g, 4, 0), 1);
	ck_assert_int_eq(sc_seat(g), 1); /* seat 1 places its first settlement */
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 5)));
	crisk_game_free(g);
}
END_TEST

/* RC-9: every land hex next to the settlement is occupied, so the army
 * battles for one of them until one side has none there. */
static crisk_game *rc9_position(void)
{
	crisk_game *g = sc_new_game("risk", "players=2 seed=7 board=beginner chance=explicit");
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 12));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, 11));
	sc_apply(g, rs_act(CRISK_RISK_PLACE_ARMY, 0, 0, 0));
	/* Intersection 0 touches land hex 0 only. */
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 0));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, rs_path_at(g, 0)));
	crisk_action buf[4];
	ck_assert_uint_eq(sc_legal_list(g, buf, 4), 1);
	ck_assert(buf[0] == rs_act(CRISK_RISK_PLACE_ARMY, 0, 0, 0));
	sc_apply(g, buf[0]);
	char ph[32];
	ck_assert_str_eq(rs_phase(g, ph), "battle");
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
	return g;
}

START_TEST(test_rc9_setup_battle_attacker_wins)
{
	crisk_game *g = rc9_position();
	/* One die each: 36 outcomes of 1/36 (RC-24). */
	crisk_action acts[64];
	double probs[64];
	size_t count = 0;
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 64, &count), CRISK_OK);
	ck_assert_uint_eq(count, 36);
	for (size_t i = 0; i < count; i++)
		ck_assert_double_eq_tol(probs[i], 1.0 / 36, 1e-12);
	uint64_t since = sc_next_seq(g);
	sc_do(g, "battle_dice 6 5");
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_RISK_EV_BATTLE_ROLL, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.seat, 1);
	ck_assert_int_eq(e.target, 0);
	ck_assert_int_eq(e.args[1], 6);
	ck_assert_int_eq(e.args[2], 5);
	ck_assert_int_eq(e.args[3], 0);
	ck_assert_int_eq(e.args[4], 1);
	ck_assert_int_eq(rs_armies(g, 0, 1), 1);
	ck_assert_int_eq(rs_armies(g, 0, 0), 0);
	ck_assert_int_eq(sc_seat(g), 1); /* seat 1's second settlement follows */
	crisk_game_free(g);
}
END_TEST

START_TEST(test_rc9_setup_battle_tie_to_defender)
{
	crisk_game *g = rc9_position();
	sc_do(g, "battle_dice 3 3");
	ck_assert_int_eq(rs_armies(g, 0, 1), 0);
	ck_assert_int_eq(rs_armies(g, 0, 0), 1);
	crisk_game_free(g);
}
END_TEST

/* RC-10: after the last set-up settlement, armies one at a time on empty
 * land hexes, seats 1, 0, 1, ... until every land hex holds one. */
START_TEST(test_rc10_placement_loop)
{
	crisk_game *g = sc_new_game("risk", "players=2 seed=7 board=beginner chance=explicit");
	static const int nodes[4] = {12, 5, 43, 31}, paths[4] = {11, 8, 54, 47};
	char ph[32];
	for (int i = 0; i < 4; i++) {
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, nodes[i]));
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, paths[i]));
		crisk_action a[1];
		sc_legal_list(g, a, 1);
		sc_apply(g, a[0]);
	}
	ck_assert_str_eq(rs_phase(g, ph), "army_loop");
	int expect = 1, placed = 0;
	while (!strcmp(rs_phase(g, ph), "army_loop")) {
		ck_assert_int_eq(sc_seat(g), expect);
		rview v;
		rview_read(g, CRISK_VIEWER_OMNISCIENT, &v);
		int empty = 0, first = -1;
		for (int h = 0; h < SC_LAND; h++) {
			int occupied = 0;
			for (int o = 0; o < RV_OWNERS; o++)
				occupied |= v.armies[h][o] > 0;
			if (!occupied && first < 0)
				first = h;
			empty += !occupied;
		}
		ck_assert_uint_eq(sc_legal_list(g, NULL, 0), (size_t)empty);
		rs_refuse_rule(g, rs_act(CRISK_RISK_PLACE_ARMY, 0, 0, 0), "RC-10"); /* hex 0 holds a set-up army */
		sc_apply(g, rs_act(CRISK_RISK_PLACE_ARMY, first, 0, 0));
		placed++;
		expect = 1 - expect;
	}
	ck_assert_int_eq(placed, SC_LAND - 4);
	ck_assert_int_eq(rs_total_armies(g), SC_LAND);
	ck_assert(sc_at_preroll(g));
	ck_assert_int_eq(sc_seat(g), 0);
	crisk_game_free(g);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("risk_setup");
	TCase *tc = tcase_create("setup");
	tcase_add_test(tc, test_rc2_requirement_table);
	tcase_add_test(tc, test_rc8_setup_army_next_to_settlement);
	tcase_add_test(tc, test_rc9_setup_battle_attacker_wins);
	tcase_add_test(tc, test_rc9_setup_battle_tie_to_defender);
	tcase_add_test(tc, test_rc10_placement_loop);
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
