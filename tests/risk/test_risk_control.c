/* Occupation, contest, control and the production block of module risk
 * (RC-3..RC-6, RC-11).  Two seats on the beginner board (risk_scenario.h):
 * seat 0's settlement on intersection 12 touches hexes 0 (ore 10, needs 3),
 * 3 (grain 12, needs 1) and 4 (brick 6, needs 5); after the set-up seat 0
 * has one army on hexes 0 and 3, seat 1 one on hex 4.
 *
 * With three seats (rs_three) seat 2's settlement on intersection 20 and
 * seat 0's on 31 both touch hex 11 (ore 8, needs 5), where the set-up left
 * one army of seat 2.
 *
 * Every position is reached through public actions (rolls, buying, moving,
 * battle dice, resigning); none edits a save. */
#include <check.h>
#include "risk_scenario.h"

/* How many cards of resource r seat 0 gets from a roll of `sum`. */
static int gain_of_roll(crisk_game *g, int sum, int r)
{
	int32_t before[5], after[5];
	sc_hand(g, 0, before);
	sc_roll(g, sum);
	sc_hand(g, 0, after);
	return after[r] - before[r];
}

static int brick_after_six(crisk_game *g)
{
	return gain_of_roll(g, 6, CRISK_CATAN_BRICK);
}

/* Seat 0 gathers n grain (hex 3 pays it on a 12) and is at its main phase. */
static void seat0_main_with_grain(crisk_game *g, int n)
{
	sc_gain(g, 0, CRISK_CATAN_GRAIN, n);
	sc_to_main(g, 0);
}

/* Seat 0, at its main phase, ends its turn; seat 1 rolls and ends its turn. */
static void next_round(crisk_game *g)
{
	sc_end_turn(g);
	sc_to_preroll(g, 0);
	sc_to_main(g, 0);
}

/* Through public actions: seat 0 takes hex 4 with 5 armies (its
 * requirement) over two turns and ends at the pre-roll of its next turn. */
static void seat0_controls_hex4(crisk_game *g)
{
	seat0_main_with_grain(g, 3);
	/* RC-18: bought armies fight seat 1's army on hex 4 at once. */
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 4, CRISK_CATAN_GRAIN, 2));
	sc_do(g, "battle_dice 65 1");
	ck_assert_int_eq(rs_armies(g, 4, 1), 0);
	sc_apply(g, rs_act(CRISK_RISK_MOVE_ARMIES, 3, 4, 1));
	sc_apply(g, rs_act(CRISK_RISK_MOVE_ARMIES, 0, 4, 1));
	next_round(g);
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 4, CRISK_CATAN_GRAIN, 1));
	ck_assert_int_eq(rs_armies(g, 4, 0), 5);
	sc_end_turn(g);
	sc_to_preroll(g, 0);
}

static int ore_after_eight(crisk_game *g)
{
	return gain_of_roll(g, 8, CRISK_CATAN_ORE);
}

/* Three seats: seat 2 buys armies on hex 11 with brick (it is paid brick
 * on 5 and 10), at most 2 a turn (its visible VP, RC-17), until it has
 * `total` there; it stays at its main phase after the last purchase. */
static crisk_game *seat2_on_hex11(int total)
{
	crisk_game *g = rs_three(NULL);
	ck_assert_int_eq(rs_armies(g, 11, 2), 1);
	for (int guard = 0; guard < 8; guard++) {
		int need = total - rs_armies(g, 11, 2), n = need < 2 ? need : 2;
		if (n <= 0)
			return g;
		if (sc_at_main(g))
			sc_end_turn(g);
		sc_gain(g, 2, CRISK_CATAN_BRICK, n);
		sc_to_main(g, 2);
		sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 11, CRISK_CATAN_BRICK, n));
	}
	ck_abort_msg("seat 2 did not gather %d armies on hex 11", total);
	return g;
}

/* RC-5: one seat alone below the requirement controls nothing, so the
 * building produces (RC-6 blocks only contest or another's control). */
START_TEST(test_rc5_rc6_enemy_below_requirement_does_not_block)
{
	crisk_game *g = seat2_on_hex11(4);
	sc_to_preroll(g, 0);
	rview v;
	rview_read(g, 0, &v);
	ck_assert_int_eq(v.controller[11], -1);
	ck_assert_int_eq(v.contested[11], 0);
	ck_assert_int_eq(ore_after_eight(g), 1);
	crisk_game_free(g);
}
END_TEST

/* RC-5, RC-6: another seat controls the hex: no production for seat 0. */
START_TEST(test_rc6_enemy_control_blocks_production)
{
	crisk_game *g = seat2_on_hex11(5);
	sc_to_preroll(g, 0);
	rview v;
	rview_read(g, 0, &v);
	ck_assert_int_eq(v.controller[11], 2);
	ck_assert_int_eq(ore_after_eight(g), 0);
	crisk_game_free(g);
}
END_TEST

/* RC-4, RC-6: a contested hex produces for nobody, its controller-to-be
 * included.  Seat 0 moves 5 armies in beside seat 1's one over two turns. */
START_TEST(test_rc4_contested_hex_produces_nothing)
{
	crisk_game *g = rs_two(NULL);
	seat0_main_with_grain(g, 3);
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 3, CRISK_CATAN_GRAIN, 2));
	sc_apply(g, rs_act(CRISK_RISK_MOVE_ARMIES, 3, 4, 3));
	sc_apply(g, rs_act(CRISK_RISK_MOVE_ARMIES, 0, 4, 1));
	next_round(g);
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 3, CRISK_CATAN_GRAIN, 1));
	sc_apply(g, rs_act(CRISK_RISK_MOVE_ARMIES, 3, 4, 1));
	ck_assert_int_eq(rs_armies(g, 4, 0), 5);
	ck_assert_int_eq(rs_armies(g, 4, 1), 1);
	sc_end_turn(g);
	sc_to_preroll(g, 0);
	rview v;
	rview_read(g, 0, &v);
	ck_assert_int_eq(v.contested[4], 1);
	ck_assert_int_eq(v.controller[4], -1);
	ck_assert_int_eq(brick_after_six(g), 0);
	crisk_game_free(g);
}
END_TEST

/* RC-3, RC-5, RC-11: the seat's own control produces as in the base rules. */
START_TEST(test_rc5_own_control_produces)
{
	crisk_game *g = rs_two(NULL);
	seat0_controls_hex4(g);
	rview v;
	rview_read(g, 1, &v);
	ck_assert_int_eq(v.controller[4], 0);
	ck_assert_int_eq(brick_after_six(g), 1);
	crisk_game_free(g);
}
END_TEST

/* RC-27, RC-6: neutral defenders in control block production too.  Seat 2
 * resigns in its turn with 5 armies on hex 11. */
START_TEST(test_rc6_neutral_control_blocks)
{
	crisk_game *g = seat2_on_hex11(5);
	sc_apply(g, rs_act(CRISK_RISK_RESIGN, 2, 0, 0));
	sc_to_preroll(g, 0);
	rview v;
	rview_read(g, 0, &v);
	ck_assert_int_eq(v.armies[11][RS_NEUTRAL], 5);
	ck_assert_int_eq(v.controller[11], RS_NEUTRAL);
	ck_assert_int_eq(ore_after_eight(g), 0);
	crisk_game_free(g);
}
END_TEST

/* RC-11: the robber still blocks on top (B-61). */
START_TEST(test_rc11_robber_still_blocks)
{
	crisk_game *g = rs_two(NULL);
	seat0_controls_hex4(g);
	int32_t before[5], after[5];
	/* Move the robber with a 7 first: seat 0 rolls 7 and puts it on hex 4. */
	sc_roll(g, 7);
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 4));
	if (sc_seat(g) == CRISK_SEAT_CHANCE) {
		crisk_action a[1];
		sc_legal_list(g, a, 1);
		sc_apply(g, a[0]);
	}
	sc_end_turn(g);
	sc_roll(g, 2);
	sc_end_turn(g);
	sc_hand(g, 0, before);
	sc_roll(g, 6);
	sc_hand(g, 0, after);
	ck_assert_int_eq(after[CRISK_CATAN_BRICK], before[CRISK_CATAN_BRICK]);
	crisk_game_free(g);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("risk_control");
	TCase *tc = tcase_create("control");
	tcase_add_test(tc, test_rc5_rc6_enemy_below_requirement_does_not_block);
	tcase_add_test(tc, test_rc6_enemy_control_blocks_production);
	tcase_add_test(tc, test_rc4_contested_hex_produces_nothing);
	tcase_add_test(tc, test_rc5_own_control_produces);
	tcase_add_test(tc, test_rc6_neutral_control_blocks);
	tcase_add_test(tc, test_rc11_robber_still_blocks);
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
