/* Rolling a 7 and the robber (B-57..B-66, B-144). Standard set-up: seat 0 at
 * 12 and 31, seat 1 at 19 and 40, seat 2 at 39 and 49, seat 3 at 5 and 20. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "scenario.h"

static int total(const int32_t h[5])
{
	return h[0] + h[1] + h[2] + h[3] + h[4];
}

/* Sum of the cards `seat` discarded in DISCARD events since `since`. */
static int discarded_by(const crisk_game *g, uint64_t since, int seat)
{
	uint64_t first = 0, next = 0;
	ck_assert_int_eq(crisk_game_event_range(g, &first, &next), CRISK_OK);
	int n = 0;
	for (uint64_t s = since; s < next; s++) {
		crisk_event e;
		crisk_event_init(&e, CRISK_EVENT_VERSION);
		ck_assert_int_eq(crisk_game_event(&e, g, s, CRISK_VIEWER_SPECTATOR), CRISK_OK);
		if (e.type == CRISK_CATAN_EV_DISCARD && e.seat == seat)
			for (int r = 0; r < 5; r++)
				n += e.args[r];
	}
	return n;
}

/* The listed actions are exactly DISCARD(r) for every type the seat holds (B-60). */
static void expect_discard_list(const crisk_game *g, const int32_t h[5])
{
	crisk_action buf[16];
	size_t n = sc_legal_list(g, buf, 16);
	size_t k = 0;
	for (int r = 0; r < 5; r++) {
		if (!h[r])
			continue;
		ck_assert_uint_lt(k, n);
		ck_assert(buf[k] == sc_act(CRISK_CATAN_DISCARD, r));
		k++;
	}
	ck_assert_uint_eq(k, n);
}

/* B-57, B-58, B-59, B-60, B-61: after a 7 every seat above the limit discards
 * half, in seat order from the roller; seats owing nothing are skipped; then
 * the roller moves the robber. */
START_TEST(test_b57_b61_discard_order_and_amounts)
{
	crisk_game *g = sc_standard(NULL);
	sc_gain(g, 0, CRISK_CATAN_GRAIN, 9); /* 12s: only seat 0 */
	sc_gain(g, 3, CRISK_CATAN_WOOL, 7);  /* 2s: only seat 3 */
	sc_gain(g, 1, CRISK_CATAN_WOOL, 4);  /* 4s: only seat 1 */
	sc_to_preroll(g, 2);
	int32_t h[4][5];
	int owe[4];
	for (int s = 0; s < 4; s++) {
		sc_hand(g, s, h[s]);
		owe[s] = total(h[s]) > 7 ? total(h[s]) / 2 : 0;
	}
	ck_assert_int_eq(owe[2], 0);
	ck_assert(owe[0] && owe[1] && owe[3]);
	int32_t bank0[5];
	ck_assert_int_eq(crisk_catan_bank(g, bank0, NULL), CRISK_OK);
	uint64_t since = sc_next_seq(g);
	sc_roll(g, 7);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_PRODUCTION, CRISK_VIEWER_OMNISCIENT, NULL), 0);

	/* Seat 3 (after the roller 2, who owes nothing): one card at a time. */
	ck_assert_int_eq(sc_seat(g), 3);
	expect_discard_list(g, h[3]);
	sc_refuse(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 4));
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	for (int r = 0; r < 5; r++)
		if (!h[3][r])
			sc_refuse(g, sc_act(CRISK_CATAN_DISCARD, r));
	for (int i = 0; i < owe[3]; i++) {
		ck_assert_int_eq(sc_seat(g), 3);
		int r = CRISK_CATAN_WOOL;
		int32_t now[5];
		sc_hand(g, 3, now);
		while (!now[r])
			r = (r + 1) % 5;
		sc_apply(g, sc_act(CRISK_CATAN_DISCARD, r));
	}
	ck_assert_int_eq(sc_hand_total(g, 3), total(h[3]) - owe[3]);

	/* Seat 0: one multiset; too many or too few is refused. */
	ck_assert_int_eq(sc_seat(g), 0);
	expect_discard_list(g, h[0]);
	int v[5] = {0, 0, 0, owe[0] + 1, 0};
	sc_refuse(g, sc_discard_cards(v));
	v[CRISK_CATAN_GRAIN] = owe[0] - 1;
	sc_refuse(g, sc_discard_cards(v));
	v[CRISK_CATAN_GRAIN] = owe[0];
	sc_apply(g, sc_discard_cards(v));
	ck_assert_int_eq(sc_hand_total(g, 0), total(h[0]) - owe[0]);

	/* Seat 1: a single card, then the rest as a multiset (forms mixed). */
	ck_assert_int_eq(sc_seat(g), 1);
	sc_apply(g, sc_act(CRISK_CATAN_DISCARD, CRISK_CATAN_WOOL));
	int32_t now[5];
	sc_hand(g, 1, now);
	int left = owe[1] - 1, w[5] = {0};
	for (int r = 0; r < 5 && left; r++) {
		w[r] = now[r] < left ? now[r] : left;
		left -= w[r];
	}
	sc_apply(g, sc_discard_cards(w));
	ck_assert_int_eq(sc_hand_total(g, 1), total(h[1]) - owe[1]);

	/* Seat 2 owed nothing and gets no decision: the roller moves the robber. */
	ck_assert_int_eq(sc_seat(g), 2);
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 7)));
	ck_assert_int_eq(sc_hand_total(g, 2), total(h[2]));
	for (int s = 0; s < 4; s++)
		ck_assert_int_eq(discarded_by(g, since, s), owe[s]);
	int32_t bank1[5];
	ck_assert_int_eq(crisk_catan_bank(g, bank1, NULL), CRISK_OK);
	ck_assert_int_eq(total(bank1) - total(bank0), owe[0] + owe[1] + owe[3]);
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 7)); /* nobody on hex 7 */
	ck_assert(sc_at_main(g));
	ck_assert_int_eq(sc_seat(g), 2);
	crisk_game_free(g);
}
END_TEST

/* B-144, B-58: amounts 7 -> 0, 8 -> 4, 9 -> 4, 10 -> 5, 11 -> 5, 20 -> 10. */
START_TEST(test_b144_discard_amounts)
{
	crisk_game *g = sc_standard(NULL);
	const int sizes[6] = {7, 8, 9, 10, 11, 20};
	const int owed[6] = {0, 4, 4, 5, 5, 10};
	int robber_to = 7;
	for (int i = 0; i < 6; i++) {
		/* Only seat 0 earns on a 12 (fields 3); when the grain runs out, a 5
		 * pays it wool (pasture 15) and seat 2 one brick (hills 16). */
		while (sc_hand_total(g, 0) < sizes[i]) {
			if (sc_at_main(g))
				sc_end_turn(g);
			int32_t bank[5];
			ck_assert_int_eq(crisk_catan_bank(g, bank, NULL), CRISK_OK);
			sc_roll(g, bank[CRISK_CATAN_GRAIN] ? 12 : 5);
		}
		ck_assert_int_eq(sc_hand_total(g, 0), sizes[i]);
		if (sc_at_main(g))
			sc_end_turn(g);
		int roller = sc_seat(g);
		sc_roll(g, 7);
		if (owed[i]) {
			ck_assert_int_eq(sc_seat(g), 0);
			int v[5] = {0, 0, 0, owed[i] + 1, 0};
			sc_refuse(g, sc_discard_cards(v));
			v[CRISK_CATAN_GRAIN] = owed[i] - 1;
			sc_refuse(g, sc_discard_cards(v));
			v[CRISK_CATAN_GRAIN] = owed[i];
			sc_apply(g, sc_discard_cards(v));
		}
		ck_assert_int_eq(sc_hand_total(g, 0), sizes[i] - owed[i]);
		ck_assert_int_eq(sc_seat(g), roller);
		sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, robber_to)); /* hexes 7 and 9 are empty */
		robber_to = robber_to == 7 ? SC_DESERT : 7;
		ck_assert(sc_at_main(g));
	}
	crisk_game_free(g);
}
END_TEST

/* B-58: the limit is an option; development cards do not count. */
START_TEST(test_b58_discard_limit_option)
{
	crisk_game *g = sc_standard("discard_limit=3");
	/* Seat 1 holds 3 cards, seat 0 holds 3 (limit 3: nobody owes); seat 0 takes one more. */
	sc_roll(g, 12);
	ck_assert_int_eq(sc_hand_total(g, 0), 4);
	sc_end_turn(g);
	sc_roll(g, 7);
	ck_assert_int_eq(sc_seat(g), 0); /* seat 0 owes 2; seat 1 (roller, 3 cards) none */
	int v[5] = {0, 0, 0, 1, 1};
	sc_apply(g, sc_discard_cards(v));
	ck_assert_int_eq(sc_seat(g), 1);
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 7)));
	crisk_game_free(g);
}
END_TEST

/* B-62: the robber must move to another land hex, desert included. */
START_TEST(test_b62_robber_must_move)
{
	crisk_game *g = sc_standard(NULL);
	sc_roll(g, 7);
	crisk_action buf[32];
	size_t n = sc_legal_list(g, buf, 32);
	ck_assert_uint_eq(n, 18);
	size_t k = 0;
	for (int h = 0; h < SC_LAND; h++)
		if (h != SC_DESERT)
			ck_assert(buf[k++] == sc_act(CRISK_CATAN_MOVE_ROBBER, h));
	sc_refuse(g, sc_act(CRISK_CATAN_MOVE_ROBBER, SC_DESERT));
	sc_refuse(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 19)); /* sea */
	sc_refuse(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 36)); /* sea */
	sc_refuse(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 400));
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 7));
	uint64_t since = sc_next_seq(g);
	sc_end_turn(g);
	sc_roll(g, 7);
	sc_refuse(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 7));
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, SC_DESERT));
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_ROBBER, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.seat, 1);
	ck_assert_int_eq(e.args[0], SC_DESERT);
	crisk_game_free(g);
}
END_TEST

/* Settles the discards of a 7, each owing seat dropping its lowest types. */
static void discard_pending(crisk_game *g)
{
	for (int guard = 0; guard < 200; guard++) {
		int done = 1;
		for (int r = 0; r < 5 && done; r++)
			if (sc_legal(g, sc_act(CRISK_CATAN_DISCARD, r))) {
				sc_apply(g, sc_act(CRISK_CATAN_DISCARD, r));
				done = 0;
			}
		if (done)
			return;
	}
}

/* B-63: friendly robber: no hex touching an opponent with visible VP <= 2. */
START_TEST(test_b63_friendly_robber)
{
	crisk_game *g = sc_standard("friendly_robber=on");
	sc_roll(g, 7);
	/* All opponents have 2 VP: only hexes free of opponents' buildings. */
	crisk_action buf[32];
	size_t n = sc_legal_list(g, buf, 32);
	const int allowed[6] = {0, 3, 4, 7, 8, 15};
	ck_assert_uint_eq(n, 6);
	for (int i = 0; i < 6; i++)
		ck_assert(buf[i] == sc_act(CRISK_CATAN_MOVE_ROBBER, allowed[i]));
	sc_refuse(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 17));
	sc_refuse(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 5));
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 15));

	/* Seat 1 builds roads 58, 59 and a settlement on 41: 3 VP. */
	sc_gain(g, 1, CRISK_CATAN_BRICK, 3);
	sc_gain(g, 1, CRISK_CATAN_LUMBER, 3);
	sc_gain(g, 1, CRISK_CATAN_WOOL, 1);
	sc_gain(g, 1, CRISK_CATAN_GRAIN, 1);
	sc_to_main(g, 1);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 58));
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 59));
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 41));
	ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_SPECTATOR), 3);
	sc_to_preroll(g, 0);
	sc_roll(g, 7);
	discard_pending(g);
	ck_assert_int_eq(sc_seat(g), 0);
	/* Hex 5 touches only seat 1 (19), now at 3 VP: allowed. Hex 17 touches seat 2: not. */
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 5)));
	sc_refuse(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 17));
	sc_refuse(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 1)); /* seat 3 at 5 */
	crisk_game_free(g);
}
END_TEST

/* B-63, B-107: protection looks at visible VP only: a hidden VP card does
 * not lift it. */
START_TEST(test_b63_friendly_robber_visible_vp)
{
	crisk_game *g = sc_standard("friendly_robber=on");
	const int cost[5] = {0, 0, 1, 1, 1};
	sc_gain_all(g, 2, cost);
	sc_to_main(g, 2);
	sc_buy_dev(g, CRISK_CATAN_VICTORY_POINT);
	ck_assert_int_eq(sc_score(g, 2, CRISK_VIEWER_OMNISCIENT), 3);
	sc_to_preroll(g, 0);
	sc_roll(g, 7);
	discard_pending(g);
	ck_assert_int_eq(sc_seat(g), 0);
	sc_refuse(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 18)); /* only seat 2 (49) */
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 4)));
	crisk_game_free(g);
}
END_TEST

/* B-63: when every other hex touches a protected opponent, the restriction
 * lapses and every hex of B-62 is legal.  Opponents' settlements 8, 14, 22, 31,
 * 39, 45 touch all 18 land hexes besides the desert. */
START_TEST(test_b63_friendly_robber_lapses)
{
	crisk_game *g = sc_new_game("base", "players=4 seed=7 board=beginner chance=explicit friendly_robber=on");
	const int nodes[8] = {0, 8, 14, 22, 31, 39, 45, 53};
	const int paths[8] = {0, 7, 16, 24, 37, 50, 58, 71};
	sc_setup(g, nodes, paths);
	sc_roll(g, 7);
	ck_assert_int_eq(sc_seat(g), 0);
	ck_assert_uint_eq(sc_legal_list(g, NULL, 0), 18);
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 4)));
	sc_refuse(g, sc_act(CRISK_CATAN_MOVE_ROBBER, SC_DESERT));
	crisk_game_free(g);
}
END_TEST

/* B-64, B-65, B-134: two eligible victims -> the mover chooses; the steal is a
 * chance point with probabilities count/size; the stolen type is seen by thief
 * and victim only. */
START_TEST(test_b64_b65_choose_victim_and_steal)
{
	crisk_game *g = sc_standard(NULL);
	sc_roll(g, 7);
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 17)); /* seats 1 (40) and 2 (49) */
	ck_assert_int_eq(sc_seat(g), 0);
	crisk_action buf[8];
	size_t n = sc_legal_list(g, buf, 8);
	ck_assert_uint_eq(n, 2);
	ck_assert(buf[0] == sc_act(CRISK_CATAN_STEAL_FROM, 1));
	ck_assert(buf[1] == sc_act(CRISK_CATAN_STEAL_FROM, 2));
	sc_refuse(g, sc_act(CRISK_CATAN_STEAL_FROM, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_STEAL_FROM, 3));
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	sc_apply(g, sc_act(CRISK_CATAN_STEAL_FROM, 1));

	/* Seat 1 holds ore 1, grain 2. */
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
	crisk_action acts[8];
	double probs[8];
	size_t count = 0;
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 8, &count), CRISK_OK);
	ck_assert_uint_eq(count, 2);
	ck_assert(acts[0] == sc_act(CRISK_CATAN_STEAL_RESULT, CRISK_CATAN_GRAIN));
	ck_assert(acts[1] == sc_act(CRISK_CATAN_STEAL_RESULT, CRISK_CATAN_ORE));
	ck_assert(fabs(probs[0] - 2.0 / 3.0) < 1e-12);
	ck_assert(fabs(probs[1] - 1.0 / 3.0) < 1e-12);
	sc_refuse(g, sc_act(CRISK_CATAN_STEAL_RESULT, CRISK_CATAN_BRICK));
	sc_refuse(g, sc_act(CRISK_CATAN_STEAL_RESULT, CRISK_CATAN_WOOL));
	uint64_t since = sc_next_seq(g);
	int32_t thief0[5], victim0[5];
	sc_hand(g, 0, thief0);
	sc_hand(g, 1, victim0);
	sc_apply(g, sc_act(CRISK_CATAN_STEAL_RESULT, CRISK_CATAN_GRAIN));
	int32_t thief1[5], victim1[5];
	sc_hand(g, 0, thief1);
	sc_hand(g, 1, victim1);
	ck_assert_int_eq(thief1[CRISK_CATAN_GRAIN], thief0[CRISK_CATAN_GRAIN] + 1);
	ck_assert_int_eq(victim1[CRISK_CATAN_GRAIN], victim0[CRISK_CATAN_GRAIN] - 1);
	ck_assert(sc_at_main(g));

	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_STEAL, 0, &e), 1);
	ck_assert_int_eq(e.seat, 0);
	ck_assert_int_eq(e.target, 1);
	ck_assert_int_eq(e.args[0], CRISK_CATAN_GRAIN);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_STEAL, 1, &e), 1);
	ck_assert_int_eq(e.args[0], CRISK_CATAN_GRAIN);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_STEAL, 2, &e), 1);
	ck_assert_int_eq(e.args[0], CRISK_HIDDEN);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_STEAL, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.args[0], CRISK_HIDDEN);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_STEAL, CRISK_VIEWER_OMNISCIENT, &e), 1);
	ck_assert_int_eq(e.args[0], CRISK_CATAN_GRAIN);
	crisk_game_free(g);
}
END_TEST

/* Moves the robber after a 7 rolled by the current seat (no discards pending). */
static void seven_to(crisk_game *g, int hex)
{
	if (sc_at_main(g))
		sc_end_turn(g);
	sc_roll(g, 7);
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, hex));
}

/* B-64: one eligible victim is robbed without a decision; the mover's own
 * buildings and empty-handed opponents do not count; no victim, no steal. */
START_TEST(test_b64_automatic_victim_and_none)
{
	crisk_game *g = sc_standard(NULL);
	/* Seat 0: hex 11 touches seat 3 (20) and seat 0 itself (31). */
	seven_to(g, 11);
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
	crisk_action acts[8];
	double probs[8];
	size_t count = 0;
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 8, &count), CRISK_OK);
	ck_assert_uint_eq(count, 2); /* seat 3: brick 1, ore 1 */
	ck_assert(acts[0] == sc_act(CRISK_CATAN_STEAL_RESULT, CRISK_CATAN_BRICK));
	ck_assert(fabs(probs[0] - 0.5) < 1e-12 && fabs(probs[1] - 0.5) < 1e-12);
	sc_apply(g, acts[0]);
	ck_assert(sc_at_main(g));
	ck_assert_int_eq(sc_seat(g), 0);

	/* Seat 1 robs seat 2 (hex 18 touches only 49); seat 2 robs nobody on
	 * hex 12 (only its own 39); seat 3 takes seat 2's last card on hex 18. */
	seven_to(g, 18);
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
	sc_apply(g, sc_act(CRISK_CATAN_STEAL_RESULT, CRISK_CATAN_GRAIN));
	uint64_t since = sc_next_seq(g);
	seven_to(g, 12);
	ck_assert(sc_at_main(g));
	ck_assert_int_eq(sc_seat(g), 2);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_STEAL, CRISK_VIEWER_OMNISCIENT, NULL), 0);
	seven_to(g, 18);
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 8, &count), CRISK_OK);
	ck_assert_uint_eq(count, 1);
	ck_assert(acts[0] == sc_act(CRISK_CATAN_STEAL_RESULT, CRISK_CATAN_WOOL));
	ck_assert(fabs(probs[0] - 1.0) < 1e-12);
	sc_apply(g, acts[0]);
	ck_assert_int_eq(sc_hand_total(g, 2), 0);

	/* Seat 0: hex 13 touches seat 1 (40, has cards) and seat 2 (39, none):
	 * seat 1 is the only victim. */
	seven_to(g, 13);
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 8, &count), CRISK_OK);
	int32_t h1[5];
	sc_hand(g, 1, h1);
	for (size_t i = 0; i < count; i++) {
		crisk_catan_action d;
		crisk_catan_action_init(&d, CRISK_CATAN_ACTION_VERSION);
		ck_assert_int_eq(crisk_catan_action_decode(&d, acts[i]), CRISK_OK);
		ck_assert_uint_eq(d.type, CRISK_CATAN_STEAL_RESULT);
		ck_assert(fabs(probs[i] - (double)h1[d.arg[0]] / sc_hand_total(g, 1)) < 1e-12);
	}
	sc_apply(g, acts[0]);
	ck_assert(sc_at_main(g));
	crisk_game_free(g);
}
END_TEST

static Suite *robber_suite(void)
{
	Suite *s = suite_create("rules_robber");
	TCase *tc = tcase_create("robber");
	tcase_add_test(tc, test_b57_b61_discard_order_and_amounts);
	tcase_add_test(tc, test_b144_discard_amounts);
	tcase_add_test(tc, test_b58_discard_limit_option);
	tcase_add_test(tc, test_b62_robber_must_move);
	tcase_add_test(tc, test_b63_friendly_robber);
	tcase_add_test(tc, test_b63_friendly_robber_lapses);
	tcase_add_test(tc, test_b63_friendly_robber_visible_vp);
	tcase_add_test(tc, test_b64_b65_choose_victim_and_steal);
	tcase_add_test(tc, test_b64_automatic_victim_and_none);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(robber_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
