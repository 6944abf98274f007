/* Scenario tests of module two_player (rules/two_player.md, T-1..T-20),
 * public API only, explicit chance on the beginner board (B-30).
 *
 * The standard position (tp_game): neutrals N0 on 8 and N1 on 44 (the T-5
 * choice for this board); set-up seat 0 at 18 (road 20; next to the desert:
 * 2 tokens) and 31 (road 47), seat 1 at 0 (road 1; coast: 1 token) and 43
 * (road 54; coast: 1 token).  Seat 0 is paid on 6 (brick), 3 (lumber),
 * 4 and 5 (wool), 8 (ore); seat 1 on 10 (ore), 8 (lumber), 5 (brick). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scenario.h"

static const int tp_nodes[4] = {18, 0, 43, 31};
static const int tp_paths[4] = {20, 1, 54, 47};

static void round_trip(const crisk_game *g);

static crisk_game *tp_new(const char *extra)
{
	char params[512];
	snprintf(params, sizeof params, "seed=7 board=beginner chance=explicit %s", extra ? extra : "");
	return sc_new_game("two_player", params);
}

static crisk_game *tp_game(const char *extra)
{
	crisk_game *g = tp_new(extra);
	sc_setup(g, tp_nodes, tp_paths);
	return g;
}

/* Integer member `key` (element `index` of an array) of the view's
 * "two_player" object. */
static long tp_field(const crisk_game *g, const char *key, int index)
{
	char *js = sc_json(g, CRISK_VIEWER_OMNISCIENT);
	const char *tp = strstr(js, "\"two_player\":");
	SC_CHECK(tp, "no two_player member in the view");
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\":", key);
	const char *p = strstr(tp, pat);
	SC_CHECK(p, "no member %s", key);
	p += strlen(pat);
	if (*p == '[') {
		p++;
		for (int i = 0; i < index; i++)
			p = strchr(p, ',') + 1;
	}
	long v = *p == 't' ? 1 : *p == 'f' ? 0 : strtol(p, NULL, 10);
	free(js);
	return v;
}

static int tokens(const crisk_game *g, int seat)
{
	return (int)tp_field(g, "tokens", seat);
}

/* T-16 / test target: tokens held + supply = 20. */
static void assert_tokens_conserved(const crisk_game *g)
{
	SC_EQ(tokens(g, 0) + tokens(g, 1) + tp_field(g, "token_supply", 0), CRISK_TP_TOKENS_TOTAL);
}

static crisk_action tp_act2(uint32_t type, int a0, int a1)
{
	return sc_act2(type, a0, a1);
}

/* Both rolls of a turn (T-8). */
static void roll2(crisk_game *g, int first, int second)
{
	sc_roll(g, first);
	SC_CHECK(sc_at_preroll(g), "not back at the pre-roll after the first roll (T-9)");
	sc_roll(g, second);
}

static int owner_of_node(const crisk_game *g, int n)
{
	int32_t owner = -1, kind = 0;
	SC_EQ(crisk_catan_building(g, n, &owner, &kind), CRISK_OK);
	return kind ? owner : -1;
}

static int owner_of_path(const crisk_game *g, int p)
{
	int32_t owner = -1;
	SC_EQ(crisk_catan_road(g, p, &owner), CRISK_OK);
	return owner;
}

/* Seat 0's turn 1 with a brick and a lumber: rolls 6 then 3. */
static crisk_game *tp_turn1(void)
{
	crisk_game *g = tp_game(NULL);
	roll2(g, 6, 3);
	ck_assert(sc_at_main(g));
	return g;
}

/* Plays seat 0's turns (seat 1 rolls 9 and 11, which pay nobody, and ends)
 * until seat 0, at its main phase, holds need[] of brick, lumber, wool and
 * ore (grain has no hex of seat 0: need[GRAIN] must be 0). */
static void seat0_gain(crisk_game *g, const int need[5])
{
	static const int sum_of[5] = {6, 3, 4, 0, 8};
	for (int guard = 0; guard < 80; guard++) {
		if (sc_seat(g) == 1) {
			if (sc_at_preroll(g))
				roll2(g, 9, 11);
			sc_end_turn(g);
			continue;
		}
		if (sc_at_main(g)) {
			int32_t h[5];
			sc_hand(g, 0, h);
			int done = 1;
			for (int r = 0; r < 5; r++)
				done &= h[r] >= need[r];
			if (done)
				return;
			sc_end_turn(g);
			continue;
		}
		int32_t h[5];
		sc_hand(g, 0, h);
		int first = 0, second = 0;
		for (int r = 0; r < 5; r++) {
			if (!sum_of[r] || h[r] >= need[r])
				continue;
			if (!first)
				first = sum_of[r];
			else if (!second)
				second = sum_of[r];
		}
		if (!first)
			first = 9;
		if (!second)
			second = first == 5 ? 9 : 5; /* 5: wool again */
		roll2(g, first, second);
	}
	ck_abort_msg("seat 0 did not gather its resources");
}

/* Seat 0 turns 4 wool into 1 grain (B-101) at its main phase. */
static void seat0_grain(crisk_game *g)
{
	sc_apply(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_WOOL, CRISK_CATAN_GRAIN));
}

/* Seat 0 buys a card of type `card`; returns at seat 0's next pre-roll,
 * where the card is playable. */
static void seat0_card(crisk_game *g, int card)
{
	const int need[5] = {0, 0, 5, 0, 1};
	seat0_gain(g, need);
	seat0_grain(g);
	sc_buy_dev(g, card);
	sc_end_turn(g);
	roll2(g, 9, 11);
	sc_end_turn(g);
	SC_EQ(sc_seat(g), 0);
	ck_assert(sc_at_preroll(g));
}

/* ---- players, board, set-up ---- */

START_TEST(t1_players_only_two)
{
	/* T-1: exactly two seats; players=3 is refused naming the accepted values. */
	crisk_rules *r = NULL;
	ck_assert_int_eq(crisk_rules_new(&r, "two_player", "seed=1 players=3"), CRISK_EPARAM);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "players"));
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "accepted: 2"));
	ck_assert_int_eq(crisk_rules_new(&r, "two_player", "seed=1 players=2"), CRISK_OK);
	ck_assert_int_eq(crisk_rules_num_seats(r), 2);
	crisk_rules_free(r);
}
END_TEST

START_TEST(t1_neutrals_are_not_seats)
{
	/* T-1: neutrals never act and hold no cards: queries on them are refused
	 * as seats; their pieces have owner ids 2 and 3. */
	crisk_game *g = tp_game(NULL);
	int32_t hand[5];
	ck_assert_int_eq(crisk_catan_hand(g, CRISK_TP_NEUTRAL_0, CRISK_VIEWER_OMNISCIENT, hand), CRISK_EINVAL);
	ck_assert_int_eq(owner_of_node(g, 8), CRISK_TP_NEUTRAL_0);
	ck_assert_int_eq(owner_of_node(g, 44), CRISK_TP_NEUTRAL_1);
	for (int t = 0; t < 6; t++) { /* only seats 0 and 1 ever act */
		int s = sc_seat(g);
		ck_assert(s == 0 || s == 1);
		sc_roll(g, 9);
		sc_roll(g, 11);
		sc_end_turn(g);
	}
	crisk_game_free(g);
}
END_TEST

START_TEST(t5_neutral_sites_chosen_and_reported)
{
	/* T-5: before set-up each neutral has its settlement, no road; the sites
	 * (inland, away from the desert, farthest apart) are in the board JSON. */
	crisk_game *g = tp_new(NULL);
	ck_assert_int_eq(owner_of_node(g, 8), CRISK_TP_NEUTRAL_0);
	ck_assert_int_eq(owner_of_node(g, 44), CRISK_TP_NEUTRAL_1);
	for (int p = 0; p < SC_PATHS; p++)
		ck_assert_int_eq(owner_of_path(g, p), -1);
	size_t len = 0;
	crisk_rules_board_json(crisk_game_rules(g), NULL, 0, &len);
	char *js = malloc(len + 1);
	ck_assert_int_eq(crisk_rules_board_json(crisk_game_rules(g), js, len + 1, &len), CRISK_OK);
	ck_assert_ptr_nonnull(strstr(js, "\"neutral_sites\":[8,44]"));
	free(js);
	/* T-5, B-75: the neutral settlement blocks the distance rule in set-up. */
	sc_refuse(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 12));
	sc_refuse(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 8));
	crisk_game_free(g);
}
END_TEST

START_TEST(t5_neutral_sites_option)
{
	/* T-5: neutral_sites=a,b overrides, validated. */
	crisk_game *g = tp_new("neutral_sites=0,53");
	ck_assert_int_eq(owner_of_node(g, 0), CRISK_TP_NEUTRAL_0);
	ck_assert_int_eq(owner_of_node(g, 53), CRISK_TP_NEUTRAL_1);
	ck_assert_int_eq(owner_of_node(g, 8), -1);
	crisk_game_free(g);
	static const char *const bad[] = {"neutral_sites=8,12", "neutral_sites=5,5", "neutral_sites=99,1",
					  "neutral_sites=3", "neutral_sites=1,2,3"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		crisk_rules *r = NULL;
		char params[128];
		snprintf(params, sizeof params, "seed=1 %s", bad[i]);
		ck_assert_int_eq(crisk_rules_new(&r, "two_player", params), CRISK_EPARAM);
		ck_assert_ptr_nonnull(strstr(crisk_error_last(), "neutral_sites"));
	}
}
END_TEST

START_TEST(t6_t7_t18_setup_snake_and_tokens)
{
	/* T-6: snake 0, 1, 1, 0; T-7, T-18: set-up settlements earn tokens:
	 * 18 (desert) 2, 0 (coast) 1, 43 (coast) 1, 31 (inland) 0. */
	crisk_game *g = tp_new(NULL);
	const int order[4] = {0, 1, 1, 0};
	const int earned[4] = {2, 1, 1, 0};
	int held[2] = {5, 5};
	for (int i = 0; i < 4; i++) {
		SC_EQ(sc_seat(g), order[i]);
		uint64_t since = sc_next_seq(g);
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, tp_nodes[i]));
		held[order[i]] += earned[i];
		ck_assert_int_eq(tokens(g, order[i]), held[order[i]]);
		ck_assert_int_eq(sc_count_events(g, since, CRISK_TP_EV_TOKENS, CRISK_VIEWER_SPECTATOR, NULL),
				 earned[i] ? 1 : 0);
		assert_tokens_conserved(g);
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, tp_paths[i]));
	}
	ck_assert_int_eq(tokens(g, 0), 7);
	ck_assert_int_eq(tokens(g, 1), 7);
	ck_assert_int_eq(tp_field(g, "token_supply", 0), 6);
	ck_assert(sc_at_preroll(g));
	/* T-11: set-up placements build nothing for the neutrals. */
	ck_assert_int_eq(owner_of_path(g, 12), -1);
	crisk_game_free(g);
}
END_TEST

START_TEST(t18_coast_and_desert_three)
{
	/* T-18: an intersection both on the coast and next to the desert earns 3.
	 * Custom board: the beginner layout with a1 and c3 swapped, so the desert
	 * is a1 and intersection 0 touches it and the sea. */
	crisk_game *g = sc_new_game("two_player", "seed=7 chance=explicit board=custom terrain=dpfghphgfmfmfmgphgp "
						  "tokens=0,2,9,12,6,4,10,9,11,10,3,8,8,3,4,5,5,6,11 harbors=3go3w33bl "
						  "neutral_sites=24,44");
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 0));
	ck_assert_int_eq(tokens(g, 0), 8);
	assert_tokens_conserved(g);
	crisk_game_free(g);
}
END_TEST

START_TEST(t16_supply_is_a_hard_limit)
{
	/* T-16 [D]: a player gains only what the supply holds.  A saved game at
	 * the first set-up step, edited to tokens 5 and 14 with 1 in the supply:
	 * seat 0's desert settlement (worth 2, T-18) takes the last token. */
	crisk_game *g = tp_new(NULL);
	size_t len = 0;
	crisk_game_save_json(g, NULL, 0, &len);
	char *js = malloc(len + 1);
	ck_assert_int_eq(crisk_game_save_json(g, js, len + 1, &len), CRISK_OK);
	char *t = strstr(js, "\"tokens\":[5,5],\"token_supply\":10");
	ck_assert_ptr_nonnull(t);
	memcpy(t, "\"tokens\":[5,14],\"token_supply\":1", strlen("\"tokens\":[5,14],\"token_supply\":1"));
	memmove(t + strlen("\"tokens\":[5,14],\"token_supply\":1"), t + strlen("\"tokens\":[5,5],\"token_supply\":10"),
		strlen(t + strlen("\"tokens\":[5,5],\"token_supply\":10")) + 1);
	crisk_game *h = NULL;
	ck_assert_int_eq(crisk_game_load_json(&h, js, strlen(js)), CRISK_OK);
	sc_apply(h, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, 18));
	ck_assert_int_eq(tokens(h, 0), 6);
	ck_assert_int_eq(tp_field(h, "token_supply", 0), 0);
	assert_tokens_conserved(h);
	/* A state breaking token conservation is refused on load (T-16). */
	t = strstr(js, "\"token_supply\":1");
	t[strlen("\"token_supply\":")] = '2';
	crisk_game *bad = NULL;
	ck_assert_int_eq(crisk_game_load_json(&bad, js, strlen(js)), CRISK_EFORMAT);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "T-16"));
	free(js);
	crisk_game_free(h);
	crisk_game_free(g);
}
END_TEST

/* ---- two rolls ---- */

START_TEST(t8_second_roll_differs)
{
	/* T-8: after the first roll the seat rolls again; the same sum is refused
	 * and not listed; the outcomes are renormalised P(s) / (1 - P(first)). */
	crisk_game *g = tp_game(NULL);
	sc_roll(g, 6);
	ck_assert(sc_at_preroll(g));
	ck_assert(!sc_at_main(g));
	sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_DICE, 6));
	sc_refuse(g, sc_act2(CRISK_CATAN_DICE, 6, 0)); /* any dice showing 6 */
	crisk_action acts[16];
	double probs[16];
	size_t n = 0;
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 16, &n), CRISK_OK);
	ck_assert_uint_eq(n, 10);
	double total = 0;
	for (size_t i = 0; i < n; i++) {
		int s = (int)(acts[i] & 0xFF);
		ck_assert_int_ne(s, 6);
		double ways = 6 - abs(7 - s);
		ck_assert_double_eq_tol(probs[i], ways / 31.0, 1e-12);
		total += probs[i];
	}
	ck_assert_double_eq_tol(total, 1.0, 1e-12);
	sc_apply(g, sc_act(CRISK_CATAN_DICE, 8));
	ck_assert(sc_at_main(g));
	crisk_game_free(g);
}
END_TEST

START_TEST(t9_each_roll_resolved_at_once)
{
	/* T-9: production after each roll: 6 pays seat 0 a brick at once, before
	 * the second roll; then 3 pays a lumber. */
	crisk_game *g = tp_game(NULL);
	int32_t before[5], mid[5], after[5];
	sc_hand(g, 0, before);
	sc_roll(g, 6);
	sc_hand(g, 0, mid);
	ck_assert_int_eq(mid[CRISK_CATAN_BRICK], before[CRISK_CATAN_BRICK] + 1);
	sc_roll(g, 3);
	sc_hand(g, 0, after);
	ck_assert_int_eq(after[CRISK_CATAN_LUMBER], mid[CRISK_CATAN_LUMBER] + 1);
	/* Neutrals never receive resources (T-15): 2 touches only N0's a2 corner. */
	crisk_game_free(g);
}
END_TEST

START_TEST(t9_seven_on_first_roll)
{
	/* T-9: a first-roll 7 runs the robber sequence, then back to the second
	 * roll, which cannot be a 7 (at most one 7 per turn). */
	crisk_game *g = tp_game(NULL);
	sc_roll(g, 7);
	SC_EQ(sc_seat(g), 0);
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 4)));
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 0)); /* a1: seat 1 on 0 */
	SC_EQ(sc_seat(g), CRISK_SEAT_CHANCE);
	sc_apply(g, sc_act(CRISK_CATAN_STEAL_RESULT, CRISK_CATAN_LUMBER));
	ck_assert(sc_at_preroll(g));
	sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_DICE, 7));
	sc_apply(g, sc_act(CRISK_CATAN_DICE, 9));
	ck_assert(sc_at_main(g));
	crisk_game_free(g);
}
END_TEST

START_TEST(t9_seven_on_second_roll_discards)
{
	/* T-9, B-58: a second-roll 7 makes seats over the limit discard; then the
	 * robber; then the main phase. */
	crisk_game *g = tp_game("discard_limit=2");
	sc_roll(g, 9);
	sc_roll(g, 7);
	SC_EQ(sc_seat(g), 0); /* seat 0 holds 3 cards: owes 1 */
	sc_apply(g, sc_act(CRISK_CATAN_DISCARD, CRISK_CATAN_ORE));
	ck_assert(sc_legal(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 4)));
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 4));
	ck_assert(sc_at_main(g));
	crisk_game_free(g);
}
END_TEST

START_TEST(t10_cards_between_rolls_trade_after)
{
	/* T-10: a development card may be played between the two rolls; still at
	 * most one per turn (B-78). */
	crisk_game *g = tp_game(NULL);
	seat0_card(g, CRISK_CATAN_KNIGHT);
	sc_roll(g, 6);
	ck_assert(sc_at_preroll(g));
	sc_apply(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 4)); /* only seat 0 there: no steal */
	ck_assert(sc_at_preroll(g));                   /* back between the rolls */
	sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_DICE, 6));      /* still the second roll */
	sc_apply(g, sc_act(CRISK_CATAN_DICE, 3));
	ck_assert(sc_at_main(g));
	ck_assert_int_eq(sc_seat_field(g, 0, "knights"), 1);
	crisk_game_free(g);
}
END_TEST

START_TEST(t19_knight_for_tokens)
{
	/* T-19: once per turn a played knight is discarded for 2 tokens, also
	 * before rolling; the knight leaves play. */
	crisk_game *g = tp_game(NULL);
	seat0_card(g, CRISK_CATAN_KNIGHT);
	sc_refuse(g, sc_act(CRISK_TP_KNIGHT_TOKENS, 0)); /* no played knight yet */
	sc_apply(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 4));
	ck_assert(sc_listed(g, sc_act(CRISK_TP_KNIGHT_TOKENS, 0))); /* before the first roll */
	int before = tokens(g, 0);
	long supply = tp_field(g, "token_supply", 0);
	uint64_t since = sc_next_seq(g);
	sc_do(g, "knight_for_tokens");
	ck_assert_int_eq(tokens(g, 0), before + 2);
	ck_assert_int_eq(tp_field(g, "token_supply", 0), supply - 2);
	ck_assert_int_eq(sc_seat_field(g, 0, "knights"), 0);
	ck_assert_int_eq(tp_field(g, "knights_discarded", 0), 1);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_TP_EV_KNIGHT_TOKENS, CRISK_VIEWER_SPECTATOR, NULL), 1);
	assert_tokens_conserved(g);
	sc_refuse(g, sc_act(CRISK_TP_KNIGHT_TOKENS, 0));
	ck_assert(sc_at_preroll(g));
	crisk_game_free(g);
}
END_TEST

START_TEST(t8_t17_t19_each_turn_starts_afresh)
{
	/* T-8 (two rolls a turn), T-17 (one paid token action a turn), T-19
	 * (one knight for tokens a turn): the next turn starts with none of
	 * them used, and its own second roll may show the last turn's first sum. */
	crisk_game *g = tp_game(NULL);
	seat0_card(g, CRISK_CATAN_KNIGHT);
	sc_apply(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 4));
	sc_do(g, "knight_for_tokens");
	ck_assert_int_eq(tp_field(g, "knight_swapped", 0), 1);
	roll2(g, 9, 11);
	ck_assert_int_eq(tp_field(g, "rolls", 0), 2);
	ck_assert_int_eq(tp_field(g, "first_sum", 0), 9);
	sc_do(g, "robber_to_desert");
	ck_assert_int_eq(tp_field(g, "token_action_used", 0), 1);
	sc_refuse(g, sc_act(CRISK_TP_FORCED_TRADE, 0)); /* one a turn */
	sc_end_turn(g);
	SC_EQ(sc_seat(g), 1);
	ck_assert(sc_at_preroll(g));
	ck_assert_int_eq(tp_field(g, "rolls", 0), 0);
	ck_assert_int_eq(tp_field(g, "first_sum", 0), 0);
	ck_assert_int_eq(tp_field(g, "token_action_used", 0), 0);
	ck_assert_int_eq(tp_field(g, "knight_swapped", 0), 0);
	roll2(g, 11, 9);
	ck_assert(sc_at_main(g));
	ck_assert_int_eq(tp_field(g, "first_sum", 0), 11);
	crisk_game_free(g);
}
END_TEST

START_TEST(t10_no_build_between_rolls)
{
	crisk_game *g = tp_game(NULL);
	sc_roll(g, 6);
	sc_roll(g, 3);
	sc_apply(g, sc_act(CRISK_CATAN_END_TURN, 0));
	/* seat 1 at its first roll: nothing but roll (no card held) */
	sc_roll(g, 10);
	ck_assert(sc_at_preroll(g));
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 2));
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	sc_refuse(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, 4, 0));
	sc_refuse(g, sc_act(CRISK_TP_FORCED_TRADE, 0));
	crisk_game_free(g);
}
END_TEST

/* ---- neutral builds ---- */

START_TEST(t11_obligation_after_road)
{
	/* T-11 / test target: after building a road the next decision belongs to
	 * the same seat and offers only neutral builds. */
	crisk_game *g = tp_turn1();
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 28));
	SC_EQ(sc_seat(g), 0);
	crisk_action acts[64];
	size_t n = sc_legal_list(g, acts, 64);
	ck_assert_uint_eq(n, 6);
	const int expect[6][2] = {{7, 0}, {12, 0}, {13, 0}, {56, 1}, {57, 1}, {63, 1}};
	for (size_t i = 0; i < n; i++) {
		ck_assert_uint_eq(acts[i] >> 56, CRISK_TP_NEUTRAL_ROAD);
		ck_assert_uint_eq(acts[i], tp_act2(CRISK_TP_NEUTRAL_ROAD, expect[i][0], expect[i][1]));
	}
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_BUILD_ROAD, 27));
	/* T-12: a neutral road connects to that neutral's own network. */
	sc_refuse(g, tp_act2(CRISK_TP_NEUTRAL_ROAD, 0, 0));
	sc_refuse(g, tp_act2(CRISK_TP_NEUTRAL_ROAD, 12, 1));
	sc_refuse(g, tp_act2(CRISK_TP_NEUTRAL_ROAD, 12, 2));
	uint64_t since = sc_next_seq(g);
	sc_do(g, "neutral_road n0 12");
	ck_assert_int_eq(sc_count_events(g, since, CRISK_TP_EV_NEUTRAL_ROAD, CRISK_VIEWER_SPECTATOR, NULL), 1);
	ck_assert_int_eq(owner_of_path(g, 12), CRISK_TP_NEUTRAL_0);
	ck_assert(sc_at_main(g));
	crisk_game_free(g);
}
END_TEST

START_TEST(t12_neutral_settlement_rules)
{
	/* T-12: a neutral settlement needs that neutral's road and the distance
	 * rule.  Three seat-0 roads, each followed by an N0 road 8-12-7-...; then
	 * N0 may settle two steps from 8. */
	crisk_game *g = tp_game(NULL);
	const int seat_roads[2] = {28, 27};
	for (int i = 0; i < 2; i++) {
		roll2(g, 6, 3);
		sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, seat_roads[i]));
		crisk_action acts[64];
		size_t n = sc_legal_list(g, acts, 64);
		for (size_t j = 0; j < n; j++) /* no settlement yet: N0's roads reach only blocked spots */
			ck_assert_uint_eq(acts[j] >> 56, CRISK_TP_NEUTRAL_ROAD);
		sc_do(g, i == 0 ? "neutral_road n0 12" : "neutral_road n0 11");
		sc_end_turn(g);
		roll2(g, 9, 11);
		sc_end_turn(g);
	}
	/* N0 reaches 8, 12, 7: 7 is two steps from 8 and free. */
	roll2(g, 6, 3);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 29 - 1 + 0 == 28 ? 14 : 14));
	ck_assert(sc_listed(g, tp_act2(CRISK_TP_NEUTRAL_SETTLEMENT, 7, 0)));
	sc_refuse(g, tp_act2(CRISK_TP_NEUTRAL_SETTLEMENT, 12, 0)); /* next to 8 */
	sc_refuse(g, tp_act2(CRISK_TP_NEUTRAL_SETTLEMENT, 7, 1));  /* N1 has no road there */
	int32_t tok0 = tokens(g, 0);
	sc_do(g, "neutral_settlement n0 7");
	ck_assert_int_eq(owner_of_node(g, 7), CRISK_TP_NEUTRAL_0);
	ck_assert_int_eq(tokens(g, 0), tok0); /* T-18: neutral settlements earn nothing */
	ck_assert(sc_at_main(g));
	crisk_game_free(g);
}
END_TEST

START_TEST(t11_obligation_after_settlement_city_dev)
{
	/* T-11: a paid settlement triggers the obligation; T-14: a city and a
	 * development card do not. */
	crisk_game *g = tp_game(NULL);
	const int need[5] = {3, 3, 5, 0, 0};
	seat0_gain(g, need);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 28));
	sc_do(g, "neutral_road n1 57");
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 29));
	sc_do(g, "neutral_road n1 63");
	seat0_grain(g);
	uint64_t since = sc_next_seq(g);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 19));
	SC_EQ(sc_seat(g), 0);
	ck_assert(!sc_at_main(g));
	ck_assert(sc_listed(g, tp_act2(CRISK_TP_NEUTRAL_ROAD, 7, 0)));
	ck_assert_int_eq(sc_count_events(g, since, CRISK_TP_EV_TOKENS, CRISK_VIEWER_SPECTATOR, NULL), 0); /* inland */
	sc_do(g, "neutral_road n0 7");
	ck_assert(sc_at_main(g));
	/* T-14: a city does not oblige. */
	const int city[5] = {0, 0, 8, 0, 3};
	sc_end_turn(g);
	seat0_gain(g, city);
	seat0_grain(g);
	seat0_grain(g);
	since = sc_next_seq(g);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_CITY, 18));
	ck_assert(sc_at_main(g));
	ck_assert_int_eq(sc_count_events(g, since, CRISK_TP_EV_NEUTRAL_LAPSE, CRISK_VIEWER_SPECTATOR, NULL), 0);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_TP_EV_TOKENS, CRISK_VIEWER_SPECTATOR, NULL), 0); /* T-18 */
	crisk_game_free(g);
}
END_TEST

START_TEST(t11_free_roads_each_oblige)
{
	/* T-11: each free road of Road Building is followed by a neutral build. */
	crisk_game *g = tp_game(NULL);
	seat0_card(g, CRISK_CATAN_ROAD_BUILDING);
	sc_apply(g, sc_act(CRISK_CATAN_PLAY_ROAD_BUILDING, 0));
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_FREE_ROAD, 28));
	ck_assert(sc_listed(g, tp_act2(CRISK_TP_NEUTRAL_ROAD, 12, 0)));
	sc_refuse(g, sc_act(CRISK_CATAN_PLACE_FREE_ROAD, 27));
	sc_do(g, "neutral_road n0 12");
	round_trip(g);
	sc_apply(g, sc_act(CRISK_CATAN_PLACE_FREE_ROAD, 27));
	round_trip(g); /* the obligation after the last free road returns to the pre-roll */
	sc_do(g, "neutral_road n1 57");
	ck_assert(sc_at_preroll(g)); /* played before the first roll (B-80 style return) */
	ck_assert_int_eq(owner_of_path(g, 12), CRISK_TP_NEUTRAL_0);
	ck_assert_int_eq(owner_of_path(g, 57), CRISK_TP_NEUTRAL_1);
	crisk_game_free(g);
}
END_TEST


/* Sets path `id` to owner byte `v` (0..4, one digit) in a JSON save. */
static void set_path_byte(char *js, int id, char v)
{
	char *p = strstr(js, "\"paths\":[");
	SC_CHECK(p, "no paths in the save");
	p += strlen("\"paths\":[");
	for (int i = 0; i < id; i++)
		p = strchr(p, ',') + 1;
	SC_CHECK(*p >= '0' && *p <= '9' && (p[1] == ',' || p[1] == ']'), "path %d is not one digit", id);
	*p = v;
}

START_TEST(t13_obligation_lapses)
{
	/* T-13 [D]: with no legal neutral road or settlement the obligation
	 * lapses.  A saved game at seat 0's main phase (turn 1), edited so that
	 * seat 1's roads take every path at both neutral settlements (7, 12, 13 at
	 * 8; 56, 57, 63 at 44): seat 0's road is then followed by a lapse. */
	crisk_game *g = tp_turn1();
	size_t len = 0;
	crisk_game_save_json(g, NULL, 0, &len);
	char *js = malloc(len + 16);
	ck_assert_int_eq(crisk_game_save_json(g, js, len + 1, &len), CRISK_OK);
	static const int blocked[6] = {7, 12, 13, 56, 57, 63};
	for (int i = 0; i < 6; i++)
		set_path_byte(js, blocked[i], '2');
	/* seat 1: 6 roads fewer in supply; its longest trail is 0-4-8 (2) */
	const char *old = "\"supply\":[3,4,13],\"road_length\":1", *new = "\"supply\":[3,4,7],\"road_length\":2";
	char *seat0 = strstr(js, old);
	SC_CHECK(seat0, "seat objects not as expected");
	char *seat1 = strstr(seat0 + 1, old);
	SC_CHECK(seat1, "seat 1 object not as expected");
	memcpy(seat1, new, strlen(new));
	memmove(seat1 + strlen(new), seat1 + strlen(old), strlen(seat1 + strlen(old)) + 1);
	crisk_game *h = NULL;
	ck_assert_msg(crisk_game_load_json(&h, js, strlen(js)) == CRISK_OK, "edited save refused: %s", crisk_error_last());
	uint64_t since = sc_next_seq(h);
	sc_apply(h, sc_act(CRISK_CATAN_BUILD_ROAD, 28));
	ck_assert_int_eq(sc_count_events(h, since, CRISK_TP_EV_NEUTRAL_LAPSE, CRISK_VIEWER_SPECTATOR, NULL), 1);
	ck_assert(sc_at_main(h)); /* no neutral decision point */
	free(js);
	crisk_game_free(h);
	crisk_game_free(g);
}
END_TEST


START_TEST(t19_largest_army_reevaluated)
{
	/* T-19 [D]: after a knight is discarded, Largest Army is re-evaluated like
	 * Longest Road after a break: a holder dropping below 3 loses it. */
	crisk_game *g = tp_game(NULL);
	const int robber_to[3] = {4, SC_DESERT, 4};
	for (int i = 0; i < 3; i++) {
		seat0_card(g, CRISK_CATAN_KNIGHT);
		sc_apply(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
		sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, robber_to[i]));
	}
	ck_assert_int_eq(sc_seat_field(g, 0, "largest_army"), 1);
	int vp = sc_score(g, 0, CRISK_VIEWER_SPECTATOR);
	uint64_t since = sc_next_seq(g);
	sc_do(g, "knight_for_tokens");
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_LARGEST_ARMY, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.seat, -1);
	ck_assert_int_eq(sc_seat_field(g, 0, "largest_army"), 0);
	ck_assert_int_eq(sc_seat_field(g, 0, "knights"), 2);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), vp - 2);
	crisk_game_free(g);
}
END_TEST


/* Plays quiet turns (9 then 11, which pay nobody) until `seat` is at its
 * pre-roll. */
static void tp_to_preroll(crisk_game *g, int seat)
{
	for (int guard = 0; guard < 8; guard++) {
		if (sc_seat(g) == seat && sc_at_preroll(g))
			return;
		if (sc_at_preroll(g))
			roll2(g, 9, 11);
		sc_end_turn(g);
	}
	ck_abort_msg("seat %d never reached its pre-roll", seat);
}

/* Seat 1 buys a card of type `card` and returns at its next pre-roll, where
 * the card is playable.  Seat 1 rolls 10 (ore) and 8 (lumber) and turns
 * cards into the wool and grain it has no hex for (B-101); seat 0 rolls 9
 * and 11, which pay nobody. */
static void seat1_card(crisk_game *g, int card)
{
	static const int give_order[3] = {CRISK_CATAN_LUMBER, CRISK_CATAN_BRICK, CRISK_CATAN_ORE};
	for (int guard = 0; guard < 200; guard++) {
		if (sc_seat(g) == 0) {
			if (sc_at_preroll(g))
				roll2(g, 9, 11);
			sc_end_turn(g);
			continue;
		}
		if (sc_at_preroll(g)) {
			roll2(g, 10, 8);
			continue;
		}
		int32_t h[5];
		sc_hand(g, 1, h);
		for (int want = CRISK_CATAN_WOOL; want <= CRISK_CATAN_GRAIN; want++)
			for (int i = 0; i < 3 && !h[want]; i++) {
				int give = give_order[i];
				/* keep one ore for the card */
				if (give == CRISK_CATAN_ORE && h[give] < 5)
					continue;
				crisk_action a = sc_act2(CRISK_CATAN_MARITIME_TRADE, give, want);
				if (sc_legal(g, a)) {
					sc_apply(g, a);
					sc_hand(g, 1, h);
				}
			}
		if (h[CRISK_CATAN_ORE] && h[CRISK_CATAN_WOOL] && h[CRISK_CATAN_GRAIN]) {
			sc_buy_dev(g, card);
			sc_end_turn(g);
			tp_to_preroll(g, 1);
			return;
		}
		sc_end_turn(g);
	}
	ck_abort_msg("seat 1 did not gather a development card");
}

START_TEST(t19_largest_army_tied_holder_keeps)
{
	/* T-19 [D] with B-89/B-90's holder rules: after a discard the holder
	 * keeps Largest Army while still tied for most with at least 3 (no
	 * event); a later discard that leaves the other seat the sole leader
	 * with at least 3 passes the card to it. */
	crisk_game *g = tp_game(NULL);
	const int robber0[4] = {4, SC_DESERT, 4, SC_DESERT};
	for (int i = 0; i < 4; i++) {
		seat0_card(g, CRISK_CATAN_KNIGHT);
		sc_apply(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
		sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, robber0[i]));
	}
	const int robber1[3] = {2, 3, 2}; /* hexes without a seat's building: no steal */
	for (int i = 0; i < 3; i++) {
		seat1_card(g, CRISK_CATAN_KNIGHT);
		sc_apply(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
		sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, robber1[i]));
	}
	ck_assert_int_eq(sc_seat_field(g, 0, "knights"), 4);
	ck_assert_int_eq(sc_seat_field(g, 1, "knights"), 3);
	ck_assert_int_eq(sc_seat_field(g, 0, "largest_army"), 1);
	ck_assert_int_eq(sc_seat_field(g, 1, "largest_army"), 0);

	/* 4 v 3 -> 3 v 3: tied for most with 3, the holder keeps it. */
	tp_to_preroll(g, 0);
	int vp0 = sc_score(g, 0, CRISK_VIEWER_SPECTATOR), vp1 = sc_score(g, 1, CRISK_VIEWER_SPECTATOR);
	uint64_t since = sc_next_seq(g);
	sc_do(g, "knight_for_tokens");
	ck_assert_int_eq(sc_count_events(g, since, CRISK_TP_EV_KNIGHT_TOKENS, CRISK_VIEWER_SPECTATOR, NULL), 1);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_LARGEST_ARMY, CRISK_VIEWER_SPECTATOR, NULL), 0);
	ck_assert_int_eq(sc_seat_field(g, 0, "knights"), 3);
	ck_assert_int_eq(sc_seat_field(g, 0, "largest_army"), 1);
	ck_assert_int_eq(sc_seat_field(g, 1, "largest_army"), 0);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), vp0);
	ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_SPECTATOR), vp1);
	assert_tokens_conserved(g);
	round_trip(g);

	/* Next turn, 3 v 3 -> 2 v 3: seat 1 is the sole leader with 3. */
	roll2(g, 9, 11);
	sc_end_turn(g);
	tp_to_preroll(g, 0);
	since = sc_next_seq(g);
	sc_do(g, "knight_for_tokens");
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_LARGEST_ARMY, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.seat, 1);
	ck_assert_int_eq(e.args[0], 3);
	ck_assert_int_eq(sc_seat_field(g, 0, "largest_army"), 0);
	ck_assert_int_eq(sc_seat_field(g, 1, "largest_army"), 1);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_SPECTATOR), vp0 - 2);
	ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_SPECTATOR), vp1 + 2);
	assert_tokens_conserved(g);
	crisk_game_free(g);
}
END_TEST

START_TEST(text_forms_and_encoding)
{
	/* docs/actions.md: the module's text forms and two-argument codes. */
	crisk_game *g = tp_game(NULL);
	static const char *const forms[] = {"neutral_road n0 12", "neutral_settlement n1 7", "forced_trade",
					    "draw_result brick wool", "draw_result ore", "give wool ore",
					    "robber_to_desert", "knight_for_tokens"};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		crisk_action a = sc_parse(g, "%s", forms[i]);
		char buf[64];
		size_t len = 0;
		ck_assert_int_eq(crisk_game_action_to_string(g, a, buf, sizeof buf, &len), CRISK_OK);
		ck_assert_str_eq(buf, forms[i]);
	}
	crisk_catan_action d;
	crisk_catan_action_init(&d, CRISK_CATAN_ACTION_VERSION);
	ck_assert_int_eq(crisk_catan_action_decode(&d, sc_parse(g, "neutral_settlement n1 7")), CRISK_OK);
	ck_assert_int_eq(d.type, CRISK_TP_NEUTRAL_SETTLEMENT);
	ck_assert_int_eq(d.arg[0], 7);
	ck_assert_int_eq(d.arg[1], 1);
	ck_assert_uint_eq(sc_parse(g, "draw_result ore"),
			  tp_act2(CRISK_TP_DRAW_RESULT, CRISK_CATAN_ORE, CRISK_TP_NO_CARD));
	crisk_action a = 0;
	ck_assert_int_ne(crisk_game_action_from_string(&a, g, "neutral_road 12"), CRISK_OK);
	ck_assert_int_ne(crisk_game_action_from_string(&a, g, "give wool"), CRISK_OK);
	crisk_game_free(g);
}
END_TEST

/* ---- tokens ---- */

START_TEST(t17_forced_trade)
{
	/* T-17: pay 1 token (equal visible VP), draw 2 random cards from the
	 * opponent (chance, exact probabilities), give 2 from the pre-draw hand. */
	crisk_game *g = tp_turn1();
	/* seat 0: brick 1, lumber 2, wool 1, ore 1; seat 1: brick 1, lumber 1 */
	ck_assert(sc_listed(g, sc_act(CRISK_TP_FORCED_TRADE, 0)));
	uint64_t since = sc_next_seq(g);
	sc_do(g, "forced_trade");
	ck_assert_int_eq(tokens(g, 0), 6);
	assert_tokens_conserved(g);
	SC_EQ(sc_seat(g), CRISK_SEAT_CHANCE);
	crisk_action acts[16];
	double probs[16];
	size_t n = 0;
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 16, &n), CRISK_OK);
	ck_assert_uint_eq(n, 1); /* two cards, brick + lumber: one outcome */
	ck_assert_uint_eq(acts[0], tp_act2(CRISK_TP_DRAW_RESULT, CRISK_CATAN_BRICK, CRISK_CATAN_LUMBER));
	ck_assert_double_eq_tol(probs[0], 1.0, 1e-12);
	sc_refuse(g, tp_act2(CRISK_TP_DRAW_RESULT, CRISK_CATAN_BRICK, CRISK_CATAN_BRICK));
	sc_apply(g, acts[0]);
	ck_assert_int_eq(sc_hand_total(g, 1), 0);
	ck_assert_int_eq(sc_hand_total(g, 0), 7);
	/* The drawn cards are hidden from spectators. */
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_TP_EV_DRAW, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.args[0], CRISK_HIDDEN);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_TP_EV_DRAW, 1, &e), 1);
	ck_assert_int_eq(e.args[0], CRISK_CATAN_BRICK);
	/* The view: tokens public, the drawn cards only for the two seats. */
	char *spect = sc_json(g, CRISK_VIEWER_SPECTATOR), *own = sc_json(g, 1);
	ck_assert_ptr_null(strstr(spect, "\"drawn\""));
	ck_assert_ptr_nonnull(strstr(spect, "\"tokens\":[6,7]"));
	ck_assert_ptr_nonnull(strstr(own, "\"drawn\":[1,1,0,0,0]"));
	free(spect);
	free(own);
	/* Give 2 from the hand before the draw: brick 1 lumber 2 wool 1 ore 1. */
	SC_EQ(sc_seat(g), 0);
	sc_refuse(g, tp_act2(CRISK_TP_GIVE, CRISK_CATAN_BRICK, CRISK_CATAN_BRICK)); /* second brick was drawn */
	sc_refuse(g, tp_act2(CRISK_TP_GIVE, CRISK_CATAN_GRAIN, CRISK_CATAN_ORE));
	ck_assert(sc_listed(g, tp_act2(CRISK_TP_GIVE, CRISK_CATAN_LUMBER, CRISK_CATAN_LUMBER)));
	sc_do(g, "give wool ore");
	int32_t h1[5];
	sc_hand(g, 1, h1);
	ck_assert_int_eq(h1[CRISK_CATAN_WOOL], 1);
	ck_assert_int_eq(h1[CRISK_CATAN_ORE], 1);
	ck_assert_int_eq(sc_hand_total(g, 1), 2);
	ck_assert(sc_at_main(g));
	/* [D] one paid token action per turn. */
	sc_refuse(g, sc_act(CRISK_TP_FORCED_TRADE, 0));
	ck_assert(!sc_listed(g, sc_act(CRISK_TP_FORCED_TRADE, 0)));
	crisk_game_free(g);
}
END_TEST

START_TEST(t17_forced_trade_probabilities)
{
	/* T-17: the draw is 2 cards without replacement: P({a,b}) =
	 * 2 h_a h_b / (n (n - 1)), P({a,a}) = h_a (h_a - 1) / (n (n - 1)). */
	crisk_game *g = tp_game(NULL);
	roll2(g, 10, 8); /* seat 1: ore, lumber */
	sc_end_turn(g);
	roll2(g, 5, 10); /* seat 1: brick, ore; seat 0: wool */
	sc_end_turn(g);
	/* seat 1 holds brick 2, lumber 2, ore 2 */
	roll2(g, 4, 11);
	sc_do(g, "forced_trade");
	crisk_action acts[16];
	double probs[16];
	size_t n = 0;
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 16, &n), CRISK_OK);
	int32_t h[5];
	sc_hand(g, 1, h);
	int cards = h[0] + h[1] + h[2] + h[3] + h[4];
	double pairs = (double)cards * (cards - 1), total = 0;
	size_t expect = 0;
	for (int b = 0; b < 5; b++)
		for (int a = 0; a <= b; a++)
			expect += h[b] && h[a] >= 1 + (a == b);
	ck_assert_uint_eq(n, expect);
	for (size_t i = 0; i < n; i++) {
		int a = (int)(acts[i] & 0xFFFF), b = (int)((acts[i] >> 16) & 0xFF);
		double p = a == b ? h[a] * (h[a] - 1) / pairs : 2.0 * h[a] * h[b] / pairs;
		ck_assert_double_eq_tol(probs[i], p, 1e-12);
		total += probs[i];
	}
	ck_assert_double_eq_tol(total, 1.0, 1e-12);
	crisk_game_free(g);
}
END_TEST

START_TEST(t17_cost_by_visible_vp)
{
	/* T-17: 2 tokens when your visible VP exceed the opponent's.  Seat 0 with
	 * Longest Road... simpler: seat 1 takes the robber to the desert at cost 1
	 * after seat 0 moved it; equal VP.  Then a settlement for seat 0 raises
	 * its cost. */
	crisk_game *g = tp_game(NULL);
	sc_roll(g, 7);
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 4)); /* b2: seat 0's own; nobody to rob but seat 0 */
	sc_roll(g, 9);
	ck_assert(sc_at_main(g));
	ck_assert_int_eq(tp_field(g, "token_cost", 0), 1);
	/* T-17: robber to desert, no steal. */
	int32_t hex = -1;
	uint64_t since = sc_next_seq(g);
	sc_do(g, "robber_to_desert");
	ck_assert_int_eq(crisk_catan_robber(g, &hex), CRISK_OK);
	ck_assert_int_eq(hex, SC_DESERT);
	ck_assert_int_eq(tokens(g, 0), 6);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_STEAL, CRISK_VIEWER_OMNISCIENT, NULL), 0);
	assert_tokens_conserved(g);
	sc_end_turn(g);
	roll2(g, 10, 8);
	/* [D] illegal when the robber is already in the desert. */
	sc_refuse(g, sc_act(CRISK_TP_ROBBER_DESERT, 0));
	crisk_game_free(g);
}
END_TEST

START_TEST(t17_token_actions_only_after_rolls)
{
	crisk_game *g = tp_game(NULL);
	sc_refuse(g, sc_act(CRISK_TP_FORCED_TRADE, 0));
	sc_refuse(g, sc_act(CRISK_TP_ROBBER_DESERT, 0));
	sc_roll(g, 6);
	sc_refuse(g, sc_act(CRISK_TP_FORCED_TRADE, 0));
	crisk_game_free(g);
}
END_TEST


START_TEST(t15_neutrals_not_robbed_no_production)
{
	/* T-15: neutrals cannot be robbed and never receive resources.  a2 (hex 1,
	 * token 2) touches only N0's settlement on 8. */
	crisk_game *g = tp_game(NULL);
	sc_roll(g, 2); /* a2 produces for nobody */
	ck_assert_int_eq(sc_hand_total(g, 0), 3);
	sc_roll(g, 7);
	uint64_t since = sc_next_seq(g);
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 1));
	ck_assert(sc_at_main(g)); /* no victim, no steal decision */
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_STEAL, CRISK_VIEWER_OMNISCIENT, NULL), 0);
	crisk_game_free(g);
}
END_TEST

/* Road length of neutral j from the view's "neutrals" array. */
static long neutral_road_length(const crisk_game *g, int j)
{
	char *js = sc_json(g, CRISK_VIEWER_OMNISCIENT);
	const char *p = strstr(js, "\"neutrals\":");
	SC_CHECK(p, "no neutrals in the view");
	for (int i = 0; i <= j; i++)
		p = strstr(p + 1, "\"road_length\":");
	long v = strtol(p + strlen("\"road_length\":"), NULL, 10);
	free(js);
	return v;
}

/* The listed action of `type` that gives the largest (or smallest) value of
 * measure() after it, by trying each on a clone. */
static crisk_action best_by(crisk_game *g, uint32_t type, long (*measure)(const crisk_game *), int largest)
{
	crisk_action acts[256], best = 0;
	size_t n = sc_legal_list(g, acts, 256);
	long best_v = 0;
	for (size_t i = 0; i < n; i++) {
		if ((acts[i] >> 56) != type)
			continue;
		crisk_game *c = NULL;
		SC_EQ(crisk_game_clone(&c, g), CRISK_OK);
		sc_apply(c, acts[i]);
		long v = measure(c);
		if (!best || (largest ? v > best_v : v < best_v)) {
			best = acts[i];
			best_v = v;
		}
		crisk_game_free(c);
	}
	SC_CHECK(best, "no action of type %u listed", type);
	return best;
}

static long n0_length(const crisk_game *g)
{
	return neutral_road_length(g, 0);
}

static long seat0_length(const crisk_game *g)
{
	return sc_seat_field(g, 0, "road_length");
}

START_TEST(t15_neutral_longest_road)
{
	/* T-15: a neutral's roads count for Longest Road; it can hold the card. */
	crisk_game *g = tp_game(NULL);
	int held = 0;
	for (int i = 0; i < 6 && !held; i++) {
		const int need[5] = {1, 1, 0, 0, 0};
		seat0_gain(g, need);
		sc_apply(g, best_by(g, CRISK_CATAN_BUILD_ROAD, seat0_length, 0));
		uint64_t since = sc_next_seq(g);
		sc_apply(g, best_by(g, CRISK_TP_NEUTRAL_ROAD, n0_length, 1));
		crisk_event e;
		if (sc_count_events(g, since, CRISK_CATAN_EV_LONGEST_ROAD, CRISK_VIEWER_SPECTATOR, &e)) {
			ck_assert_int_eq(e.seat, CRISK_TP_NEUTRAL_0);
			ck_assert_int_eq(e.args[0], 5);
			held = 1;
		}
	}
	ck_assert_msg(held, "N0 never took Longest Road");
	ck_assert_int_eq(neutral_road_length(g, 0), 5);
	char *js = sc_json(g, CRISK_VIEWER_SPECTATOR);
	ck_assert_ptr_nonnull(strstr(js, "\"owner\":2,\"road_length\":5,\"longest_road\":true"));
	free(js);
	ck_assert_int_eq(sc_seat_field(g, 0, "longest_road"), 0);
	ck_assert_int_eq(sc_score(g, 0, CRISK_VIEWER_OMNISCIENT), 2);
	crisk_game_free(g);
}
END_TEST

START_TEST(t17_cost_two_when_ahead)
{
	/* T-17: visible VP above the opponent's: a token action costs 2. */
	crisk_game *g = tp_game(NULL);
	const int need[5] = {3, 3, 5, 0, 0};
	seat0_gain(g, need);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 28));
	sc_do(g, "neutral_road n1 57");
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 29));
	sc_do(g, "neutral_road n1 63");
	seat0_grain(g);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 19));
	sc_do(g, "neutral_road n0 7");
	ck_assert_int_eq(tp_field(g, "token_cost", 0), 2); /* 3 VP against 2 */
	int before = tokens(g, 0);
	sc_do(g, "forced_trade");
	SC_EQ(sc_seat(g), CRISK_SEAT_CHANCE);
	ck_assert_int_eq(tokens(g, 0), before - 2);
	assert_tokens_conserved(g);
	crisk_game_free(g);
}
END_TEST

START_TEST(t20_trade_between_the_two_only)
{
	/* T-20: domestic trade is between the two players; a neutral is never an
	 * addressee. */
	crisk_game *g = tp_turn1();
	const int give[5] = {1, 0, 0, 0, 0}, want[5] = {0, 0, 0, 0, 1};
	sc_refuse(g, sc_offer(give, want, 2));
	sc_refuse(g, sc_offer(give, want, 3));
	sc_apply(g, sc_offer(give, want, 1));
	SC_EQ(sc_seat(g), 1);
	crisk_game_free(g);
}
END_TEST

/* Binary and JSON saves reproduce the game exactly. */
/* T-11, T-12: at every neutral build point of random games (chance auto),
 * the listed builds are exactly the codes crisk_game_check accepts; the
 * lister searches only near the neutrals' pieces, the check tests one code. */
START_TEST(t11_neutral_builds_listed_exactly)
{
	crisk_action acts[512];
	uint64_t pick = 12345;
	long points = 0;
	for (int seed = 1; seed <= 8; seed++) {
		char params[64];
		snprintf(params, sizeof params, "seed=%d max_turns=400", seed);
		crisk_game *g = sc_new_game("two_player", params);
		for (int step = 0; step < 20000 && crisk_game_current_seat(g) != CRISK_SEAT_NONE; step++) {
			size_t n = sc_legal_list(g, acts, 512);
			ck_assert_uint_gt(n, 0);
			ck_assert_uint_le(n, 512);
			uint32_t type = (uint32_t)(acts[0] >> 56);
			if (type == CRISK_TP_NEUTRAL_ROAD || type == CRISK_TP_NEUTRAL_SETTLEMENT) {
				points++;
				for (int j = 0; j < 2; j++) {
					for (int id = 0; id < 72; id++) {
						for (uint32_t t = CRISK_TP_NEUTRAL_ROAD; t <= CRISK_TP_NEUTRAL_SETTLEMENT; t++) {
							if (t == CRISK_TP_NEUTRAL_SETTLEMENT && id >= 54)
								continue;
							crisk_action a = tp_act2(t, id, j);
							int listed = 0;
							for (size_t i = 0; i < n && !listed; i++)
								listed = acts[i] == a;
							ck_assert_msg(listed == (crisk_game_check(g, a) == CRISK_OK),
								      "seed %d step %d: %s %d of neutral %d listed %d", seed, step,
								      t == CRISK_TP_NEUTRAL_ROAD ? "road" : "settlement", id, j,
								      listed);
						}
					}
				}
			}
			pick = pick * 6364136223846793005u + 1442695040888963407u;
			sc_apply(g, acts[(pick >> 33) % n]);
		}
		crisk_game_free(g);
	}
	ck_assert_int_gt(points, 50);
}
END_TEST

static void round_trip(const crisk_game *g)
{
	size_t len = 0;
	crisk_game_save(g, NULL, 0, &len);
	void *buf = malloc(len);
	ck_assert_int_eq(crisk_game_save(g, buf, len, &len), CRISK_OK);
	crisk_game *b = NULL;
	ck_assert_int_eq(crisk_game_load(&b, buf, len), CRISK_OK);
	size_t jlen = 0;
	crisk_game_save_json(g, NULL, 0, &jlen);
	char *js = malloc(jlen + 1);
	ck_assert_int_eq(crisk_game_save_json(g, js, jlen + 1, &jlen), CRISK_OK);
	ck_assert_ptr_nonnull(strstr(js, "\"neutrals\""));
	ck_assert_ptr_nonnull(strstr(js, "\"token_supply\""));
	crisk_game *j = NULL;
	ck_assert_int_eq(crisk_game_load_json(&j, js, jlen), CRISK_OK);
	char *v0 = sc_json(g, CRISK_VIEWER_OMNISCIENT), *v1 = sc_json(b, CRISK_VIEWER_OMNISCIENT),
	     *v2 = sc_json(j, CRISK_VIEWER_OMNISCIENT);
	ck_assert_str_eq(v0, v1);
	ck_assert_str_eq(v0, v2);
	crisk_action a0[256], a1[256];
	size_t n0 = sc_legal_list(g, a0, 256), n1 = sc_legal_list(b, a1, 256);
	ck_assert_uint_eq(n0, n1);
	ck_assert(memcmp(a0, a1, n0 * sizeof a0[0]) == 0);
	free(v0);
	free(v1);
	free(v2);
	free(js);
	free(buf);
	crisk_game_free(b);
	crisk_game_free(j);
}

START_TEST(save_load_round_trip)
{
	/* Saves keep the module state: between the rolls (T-8), in the neutral
	 * obligation (T-11), in a forced trade's draw and give (T-17). */
	crisk_game *g = tp_game(NULL);
	round_trip(g);
	sc_roll(g, 6);
	round_trip(g);
	sc_roll(g, 3);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 28));
	round_trip(g);
	sc_do(g, "neutral_road n0 12");
	sc_do(g, "forced_trade");
	round_trip(g);
	sc_do(g, "draw_result brick lumber");
	round_trip(g);
	crisk_game_free(g);
}
END_TEST

static Suite *two_player_suite(void)
{
	Suite *s = suite_create("rules_two_player");
	TCase *tc = tcase_create("two_player");
	tcase_add_test(tc, t1_players_only_two);
	tcase_add_test(tc, t1_neutrals_are_not_seats);
	tcase_add_test(tc, t5_neutral_sites_chosen_and_reported);
	tcase_add_test(tc, t5_neutral_sites_option);
	tcase_add_test(tc, t6_t7_t18_setup_snake_and_tokens);
	tcase_add_test(tc, t18_coast_and_desert_three);
	tcase_add_test(tc, t16_supply_is_a_hard_limit);
	tcase_add_test(tc, t8_second_roll_differs);
	tcase_add_test(tc, t9_each_roll_resolved_at_once);
	tcase_add_test(tc, t9_seven_on_first_roll);
	tcase_add_test(tc, t9_seven_on_second_roll_discards);
	tcase_add_test(tc, t10_cards_between_rolls_trade_after);
	tcase_add_test(tc, t10_no_build_between_rolls);
	tcase_add_test(tc, t11_obligation_after_road);
	tcase_add_test(tc, t12_neutral_settlement_rules);
	tcase_add_test(tc, t11_obligation_after_settlement_city_dev);
	tcase_add_test(tc, t11_free_roads_each_oblige);
	tcase_add_test(tc, t13_obligation_lapses);
	tcase_add_test(tc, t11_neutral_builds_listed_exactly);
	tcase_add_test(tc, t19_knight_for_tokens);
	tcase_add_test(tc, t8_t17_t19_each_turn_starts_afresh);
	tcase_add_test(tc, t19_largest_army_reevaluated);
	tcase_add_test(tc, t19_largest_army_tied_holder_keeps);
	tcase_add_test(tc, t17_forced_trade);
	tcase_add_test(tc, t17_forced_trade_probabilities);
	tcase_add_test(tc, t17_cost_by_visible_vp);
	tcase_add_test(tc, t17_token_actions_only_after_rolls);
	tcase_add_test(tc, t15_neutrals_not_robbed_no_production);
	tcase_add_test(tc, t15_neutral_longest_road);
	tcase_add_test(tc, t17_cost_two_when_ahead);
	tcase_add_test(tc, t20_trade_between_the_two_only);
	tcase_add_test(tc, save_load_round_trip);
	tcase_add_test(tc, text_forms_and_encoding);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(two_player_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
