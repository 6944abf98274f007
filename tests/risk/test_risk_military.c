/* Buying, moving, battle and redeploy in module risk (RC-17..RC-23), and
 * refusals that name the rule and leave the game unchanged.  Two seats
 * (risk_scenario.h); after the set-up seat 0 has one army on each of hexes
 * 0 3 5 7 9 10 13 15 17, seat 1 on 1 2 4 6 8 11 12 14 16 18; seat 0 holds
 * 1 lumber, 1 ore and 1 wool and 2 visible VP; its networks are intersection
 * 12 with road 11 and intersection 31 with road 47.  The battles on hex 1
 * and the redeploy position are reached through public actions; the
 * annexation position of RC-23 edits armies through the save form. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "risk_scenario.h"

static crisk_game *at_main(void)
{
	crisk_game *g = rs_two(NULL);
	sc_roll(g, 2);
	ck_assert(sc_at_main(g));
	return g;
}

/* RC-19: one step to an adjacent land hex that touches the seat's pieces;
 * moved armies stay put for the turn. */
START_TEST(test_rc19_move_rules)
{
	crisk_game *g = at_main();
	ck_assert(sc_listed(g, rs_act(CRISK_RISK_MOVE_ARMIES, 3, 4, 1)));
	rs_refuse_rule(g, rs_act(CRISK_RISK_MOVE_ARMIES, 0, 18, 1), "RC-19");     /* not adjacent */
	rs_refuse_rule(g, rs_act(CRISK_RISK_MOVE_ARMIES, 0, 19, 1), "RC-1");      /* a sea hex */
	rs_refuse_rule(g, rs_act(CRISK_RISK_MOVE_ARMIES, 17, 16, 1), "RC-19");    /* supply rule */
	rs_refuse_rule(g, rs_act(CRISK_RISK_MOVE_ARMIES, 5, 4, 2), "RC-19");      /* only 1 there */
	rs_refuse_rule(g, rs_act(CRISK_RISK_MOVE_ARMIES, 1, 0, 1), "RC-19");      /* not seat 0's */
	uint64_t since = sc_next_seq(g);
	sc_apply(g, rs_act(CRISK_RISK_MOVE_ARMIES, 3, 4, 1));
	ck_assert_int_eq(sc_count_events(g, since, CRISK_RISK_EV_ARMIES_MOVED, 1, NULL), 1);
	ck_assert_int_eq(rs_armies(g, 4, 0), 1);
	ck_assert_int_eq(rs_armies(g, 3, 0), 0);
	rs_refuse_rule(g, rs_act(CRISK_RISK_MOVE_ARMIES, 4, 3, 1), "RC-19"); /* moved this turn */
	/* RC-4: the moved army contests hex 4. */
	rview v;
	rview_read(g, 1, &v);
	ck_assert_int_eq(v.contested[4], 1);
	/* RC-21: it may still attack. */
	ck_assert(sc_legal(g, rs_act(CRISK_RISK_ATTACK, 4, 1, 0)));
	/* Not in the other seat's turn or before the roll. */
	sc_end_turn(g);
	rs_refuse_rule(g, rs_act(CRISK_RISK_MOVE_ARMIES, 2, 4, 1), "RC-19");
	crisk_game_free(g);
}
END_TEST

/* A legal road of the current seat on the border of `hex`, or -1. */
static int road_on_border(const crisk_game *g, int hex)
{
	for (int p = 0; p < SC_PATHS; p++) {
		int hexes[2], n = rs_path_hexes(g, p, hexes);
		for (int i = 0; i < n; i++)
			if (hexes[i] == hex && sc_legal(g, sc_act(CRISK_CATAN_BUILD_ROAD, p)))
				return p;
	}
	return -1;
}

/* Through public actions, seat 0 at its main phase with 3 armies on hex 1
 * (wool 2, next to seat 1's settlement 5) against seat 1's 2.  Seat 0 rolls
 * 6 (a brick from hex 4) and builds road 12 (intersection 12 to 8); seat 1
 * rolls 3 (a lumber for seat 0) and buys an army on hex 1 with its lumber
 * (RC-17, RC-18); seat 0 rolls 6 again, builds a road from 8 on hex 1's
 * border (RC-19 supply rule), buys an army on hex 0 with its ore and moves 2
 * from hex 0 and 1 from hex 5 into hex 1. */
static crisk_game *three_against_two(void)
{
	crisk_game *g = rs_two(NULL);
	sc_roll(g, 6);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 12));
	sc_end_turn(g);
	sc_roll(g, 3);
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 1, CRISK_CATAN_LUMBER, 1));
	sc_end_turn(g);
	sc_roll(g, 6);
	int road = road_on_border(g, 1);
	ck_assert_int_ge(road, 0);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, road));
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 0, CRISK_CATAN_ORE, 1));
	sc_apply(g, rs_act(CRISK_RISK_MOVE_ARMIES, 0, 1, 2));
	sc_apply(g, rs_act(CRISK_RISK_MOVE_ARMIES, 5, 1, 1));
	ck_assert_int_eq(rs_armies(g, 1, 0), 3);
	ck_assert_int_eq(rs_armies(g, 1, 1), 2);
	return g;
}

/* RC-20, RC-24: one attack is one roll, a chance point listing each sorted
 * dice set once; ties go to the defender. */
START_TEST(test_rc20_attack_three_against_two)
{
	crisk_game *g = three_against_two();
	rs_refuse_rule(g, rs_act(CRISK_RISK_ATTACK, 0, 1, 0), "RC-20"); /* seat 1 has no army on hex 0 */
	rs_refuse_rule(g, rs_act(CRISK_RISK_ATTACK, 2, 1, 0), "RC-20"); /* seat 0 has none on hex 2 */
	sc_refuse(g, rs_act(CRISK_RISK_ATTACK, 1, 0, 0));               /* itself */
	sc_apply(g, rs_act(CRISK_RISK_ATTACK, 1, 1, 0));
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
	size_t count = 0;
	crisk_game_chance_probabilities(g, NULL, NULL, 0, &count);
	ck_assert_uint_eq(count, 56 * 21);
	rs_refuse_rule(g, rs_act(CRISK_RISK_BATTLE_DICE, 0x65, 0x64, 0), "RC-20");  /* two dice, three due */
	rs_refuse_rule(g, rs_act(CRISK_RISK_BATTLE_DICE, 0x356, 0x64, 0), "RC-20"); /* not sorted */
	rs_refuse_rule(g, rs_act(CRISK_RISK_BATTLE_DICE, 0x753, 0x64, 0), "RC-20"); /* no 7 on a die */
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	uint64_t since = sc_next_seq(g);
	sc_do(g, "battle_dice 653 66");
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_RISK_EV_BATTLE_ROLL, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.args[1], 0x653);
	ck_assert_int_eq(e.args[2], 0x66);
	ck_assert_int_eq(e.args[3], 2); /* 6-6 and 5-6: both to the defender */
	ck_assert_int_eq(e.args[4], 0);
	ck_assert_int_eq(rs_armies(g, 1, 0), 1);
	ck_assert_int_eq(rs_armies(g, 1, 1), 2);
	ck_assert(sc_at_main(g)); /* one roll, then back to the main phase */
	sc_apply(g, rs_act(CRISK_RISK_ATTACK, 1, 1, 0));
	sc_do(g, "battle_dice 4 31"); /* 1 v 2: 4 beats 3 */
	ck_assert_int_eq(rs_armies(g, 1, 1), 1);
	ck_assert_int_eq(rs_armies(g, 1, 0), 1);
	crisk_game_free(g);
}
END_TEST

/* RC-20: ATTACK_ALL rolls until one side has no armies on the hex. */
START_TEST(test_rc20_attack_all_until_done)
{
	crisk_game *g = three_against_two();
	sc_apply(g, rs_act(CRISK_RISK_ATTACK_ALL, 1, 1, 0));
	sc_do(g, "battle_dice 111 22"); /* attacker loses 2: 1 v 2 left */
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
	sc_do(g, "battle_dice 6 11");   /* defender loses 1: 1 v 1 */
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
	uint64_t since = sc_next_seq(g);
	sc_do(g, "battle_dice 5 4");
	ck_assert_int_eq(rs_armies(g, 1, 1), 0);
	ck_assert_int_eq(rs_armies(g, 1, 0), 1);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_RISK_EV_BATTLE_END, CRISK_VIEWER_SPECTATOR, NULL), 1);
	ck_assert(sc_at_main(g));
	crisk_game_free(g);
}
END_TEST

/* RC-17, RC-18: one resource type per turn, at most the visible VP per turn,
 * next to the seat's building; enemies there fight the new armies at once. */
START_TEST(test_rc17_rc18_buying)
{
	crisk_game *g = at_main();
	rs_refuse_rule(g, rs_act(CRISK_RISK_BUY_ARMIES, 18, CRISK_CATAN_WOOL, 1), "RC-18");
	rs_refuse_rule(g, rs_act(CRISK_RISK_BUY_ARMIES, 3, CRISK_CATAN_WOOL, 3), "RC-17"); /* limit 2 */
	rs_refuse_rule(g, rs_act(CRISK_RISK_BUY_ARMIES, 3, CRISK_CATAN_GRAIN, 1), "RC-17"); /* no grain */
	rs_refuse_rule(g, rs_act(CRISK_RISK_BUY_ARMIES, 3, CRISK_CATAN_WOOL, 0), "RC-17");
	uint64_t since = sc_next_seq(g);
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 3, CRISK_CATAN_WOOL, 1));
	ck_assert_int_eq(sc_count_events(g, since, CRISK_RISK_EV_ARMIES_BOUGHT, 1, NULL), 1);
	ck_assert_int_eq(rs_armies(g, 3, 0), 2);
	int32_t hand[5];
	sc_hand(g, 0, hand);
	ck_assert_int_eq(hand[CRISK_CATAN_WOOL], 0);
	rs_refuse_rule(g, rs_act(CRISK_RISK_BUY_ARMIES, 4, CRISK_CATAN_LUMBER, 1), "RC-17"); /* second type */
	/* RC-18: lumber instead in a fresh game: hex 4 holds seat 1's army. */
	crisk_game_free(g);
	g = at_main();
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 4, CRISK_CATAN_LUMBER, 1));
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
	sc_do(g, "battle_dice 6 1");
	ck_assert_int_eq(rs_armies(g, 4, 1), 0);
	ck_assert_int_eq(rs_armies(g, 4, 0), 1);
	ck_assert(sc_at_main(g));
	crisk_game_free(g);
}
END_TEST

/* RC-22: once per turn, between hexes touching one network, to a hex
 * without enemies; then no more moving, attacking or buying. */
START_TEST(test_rc22_redeploy)
{
	/* Through public actions: seat 0 buys an army on hex 11, which beats
	 * seat 1's army there (RC-18), and three on hex 0 over two turns; at
	 * its third turn it holds 4 armies on hex 0 and a wool. */
	crisk_game *g = rs_two(NULL);
	sc_gain(g, 0, CRISK_CATAN_ORE, 2);
	sc_to_main(g, 0);
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 11, CRISK_CATAN_ORE, 1));
	sc_do(g, "battle_dice 6 1");
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 0, CRISK_CATAN_ORE, 1));
	sc_end_turn(g);
	sc_gain(g, 0, CRISK_CATAN_ORE, 2);
	sc_to_main(g, 0);
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 0, CRISK_CATAN_ORE, 2));
	sc_end_turn(g);
	sc_gain(g, 0, CRISK_CATAN_WOOL, 1);
	sc_to_main(g, 0);
	ck_assert_int_eq(rs_armies(g, 0, 0), 4);
	ck_assert_int_eq(rs_armies(g, 11, 1), 0);
	ck_assert_int_eq(rs_armies(g, 4, 1), 1);
	/* Two separate networks: hexes 10, 11 and 15 touch intersection 31 and road 47 only. */
	rs_refuse_rule(g, rs_act(CRISK_RISK_REDEPLOY, 0, 10, 1), "RC-22");
	rs_refuse_rule(g, rs_act(CRISK_RISK_REDEPLOY, 0, 11, 1), "RC-22");
	rs_refuse_rule(g, rs_act(CRISK_RISK_REDEPLOY, 0, 15, 1), "RC-22");
	rs_refuse_rule(g, rs_act(CRISK_RISK_REDEPLOY, 0, 4, 1), "RC-22");  /* enemy on hex 4 */
	rs_refuse_rule(g, rs_act(CRISK_RISK_REDEPLOY, 0, 3, 5), "RC-22");  /* only 4 there */
	ck_assert(sc_listed(g, rs_act(CRISK_RISK_REDEPLOY, 0, 3, 4)));
	sc_apply(g, rs_act(CRISK_RISK_REDEPLOY, 0, 3, 4));
	ck_assert_int_eq(rs_armies(g, 3, 0), 5);
	rs_refuse_rule(g, rs_act(CRISK_RISK_MOVE_ARMIES, 3, 4, 1), "RC-22");
	rs_refuse_rule(g, rs_act(CRISK_RISK_BUY_ARMIES, 3, CRISK_CATAN_WOOL, 1), "RC-22");
	rs_refuse_rule(g, rs_act(CRISK_RISK_REDEPLOY, 3, 0, 1), "RC-22");
	crisk_action buf[512];
	size_t n = sc_legal_list(g, buf, 512);
	for (size_t i = 0; i < n && i < 512; i++)
		ck_assert_uint_lt(buf[i] >> 56, CRISK_RISK_PLACE_ARMY);
	crisk_game_free(g);
}
END_TEST

/* RC-23: an annexed road and building no longer serve their former owner
 * for the supply rule or for redeploy. */
START_TEST(test_rc23_annexed_pieces_stop_serving)
{
	crisk_game *g = at_main();
	ck_assert(sc_legal(g, rs_act(CRISK_RISK_MOVE_ARMIES, 5, 4, 1)));
	static const int hexes[3] = {0, 3, 4}, need[3] = {3, 1, 5};
	for (int i = 0; i < 3; i++) {
		rs_set_armies(&g, hexes[i], 0, 0);
		rs_set_armies(&g, hexes[i], 1, need[i]);
	}
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 10, CRISK_CATAN_WOOL, 1)); /* any action: RC-16 */
	ck_assert_int_eq(rs_building_owner(g, 12), 1);
	ck_assert_int_eq(rs_road_owner(g, 11), 1);
	rs_refuse_rule(g, rs_act(CRISK_RISK_MOVE_ARMIES, 5, 4, 1), "RC-19");
	rs_refuse_rule(g, rs_act(CRISK_RISK_REDEPLOY, 10, 5, 1), "RC-23");
	ck_assert(sc_legal(g, rs_act(CRISK_RISK_REDEPLOY, 10, 15, 1)));
	crisk_game_free(g);
}
END_TEST

/* crisk_game_apply validates every action as crisk_game_check does and
 * leaves the game unchanged when it refuses (ARCHITECTURE.md, crisk_game_apply):
 * in module risk a kernel
 * action outside the module's decision points is validated by the kernel's
 * apply alone, a military action by the module's check.  At every step of
 * random games (2-4 seats, fog, explicit chance) listed codes and codes of
 * every type with random fields get the same answer and message from apply
 * as from crisk_game_check, and a refused apply leaves the game unchanged
 * (RC-17..RC-22 for the military types). */
static uint64_t mix64(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

START_TEST(test_rc17_rc22_apply_refuses_as_check)
{
	static const char *const params[] = {"players=2 seed=3", "players=3 seed=5 fog=on",
					     "players=4 seed=9 chance=explicit", "players=4 seed=11"};
	uint64_t rng = 77;
	crisk_action *buf = malloc(4096 * sizeof *buf);
	ck_assert_ptr_nonnull(buf);
	for (size_t p = 0; p < sizeof params / sizeof params[0]; p++) {
		crisk_game *g = sc_new_game("risk", params[p]), *c = NULL;
		ck_assert_int_eq(crisk_game_clone(&c, g), CRISK_OK);
		for (int step = 0; step < 1500 && crisk_game_current_seat(g) != CRISK_SEAT_NONE; step++) {
			size_t n = 0;
			if (crisk_game_current_seat(g) == CRISK_SEAT_CHANCE) {
				double *probs = malloc(4096 * sizeof *probs);
				ck_assert_int_eq(crisk_game_chance_probabilities(g, buf, probs, 4096, &n), CRISK_OK);
				free(probs);
			} else {
				ck_assert_int_eq(crisk_game_legal_actions(g, buf, 4096, &n), CRISK_OK);
			}
			ck_assert_uint_gt(n, 0);
			for (int t = 0; t < 8; t++) {
				const uint64_t r = mix64(&rng);
				crisk_action a = buf[r % n];
				if (t > 0) { /* a type of the kernel or the module, random fields */
					const unsigned type = (unsigned)(r >> 40) % 48;
					const uint64_t fields = t < 4 ? (r >> 8) & 0xFF : (t < 6 ? (r >> 8) & 0xFFFFFFFFFFFF : (a & 0xFFFFFFFFFFFFFF) ^ ((r >> 20) & 7));
					a = ((crisk_action)type << 56) | fields;
				}
				const int rc = crisk_game_check(g, a);
				char msg[512] = "";
				if (rc)
					snprintf(msg, sizeof msg, "%s", crisk_error_last());
				ck_assert_int_eq(crisk_game_copy(c, g), CRISK_OK);
				const int rc2 = crisk_game_apply(c, a);
				ck_assert_int_eq(rc2, rc);
				if (rc) {
					ck_assert_str_eq(crisk_error_last(), msg);
					char *j1 = sc_json(g, CRISK_VIEWER_OMNISCIENT), *j2 = sc_json(c, CRISK_VIEWER_OMNISCIENT);
					ck_assert_str_eq(j1, j2);
					free(j1);
					free(j2);
				}
			}
			ck_assert_int_eq(crisk_game_apply(g, buf[mix64(&rng) % n]), CRISK_OK);
		}
		crisk_game_free(c);
		crisk_game_free(g);
	}
	free(buf);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("risk_military");
	TCase *tc = tcase_create("military");
	tcase_add_test(tc, test_rc19_move_rules);
	tcase_add_test(tc, test_rc20_attack_three_against_two);
	tcase_add_test(tc, test_rc20_attack_all_until_done);
	tcase_add_test(tc, test_rc17_rc18_buying);
	tcase_add_test(tc, test_rc22_redeploy);
	tcase_add_test(tc, test_rc23_annexed_pieces_stop_serving);
	tcase_add_test(tc, test_rc17_rc22_apply_refuses_as_check);
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
