/* The 5-6 player extension (B-111..B-126): board and components, the special
 * build phase and paired turns, the options that select them.
 *
 * Scenarios use a custom 5-6 layout (B-38) built so that a few rolls pay
 * known seats: a 9 pays seat 1 grain and ore, a 5 pays seat 3 three bricks.
 * Set-up (snake order, B-116), 6 seats:
 *   seat 0: 8 (hexes 0 1 4) and 22 (fields, forest, pasture: grain, lumber, wool)
 *   seat 1: 36 (fields 9, mountains 9, pasture 8) and 61 (hills, forest,
 *           pasture: brick, lumber, wool)
 *   seat 2: 14 and 34;  seat 4: 48 and 25;  seat 5: 65 and 77
 *   seat 3: 45 (three hills with token 5) and 72 (hills, pasture: brick,
 *           wool) on harbor slot 5, a 2:1 brick harbor
 * With 5 seats the same placements without seat 5. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scenario.h"
#include "catan/kernel.h"
#include "catan/state_io.h"
#include "core/rules_impl.h"

#define SX_LAYOUT                                                                                    \
	"board=custom terrain=dfpgfgmfpggfmgmphhmfhphgfphmdp "                                        \
	"tokens=0,2,2,3,3,3,4,4,4,9,6,6,6,8,9,8,5,5,8,10,10,9,5,10,11,11,11,12,0,12 harbors=33l3wbwg3o3"

static const int sx_nodes6[12] = {8, 36, 14, 45, 48, 65, 77, 25, 72, 34, 61, 22};
static const int sx_paths6[12] = {7, 44, 15, 56, 60, 87, 103, 30, 97, 40, 80, 24};
static const int sx_nodes5[10] = {8, 36, 14, 45, 48, 25, 72, 34, 61, 22};
static const int sx_paths5[10] = {7, 44, 15, 56, 60, 30, 97, 40, 80, 24};

/* `seats` (5 or 6) on the custom layout, explicit chance, set-up done. */
static crisk_game *sx_game(int seats, const char *extra)
{
	char params[512];
	snprintf(params, sizeof params, "players=%d seed=1 chance=explicit " SX_LAYOUT " %s", seats, extra ? extra : "");
	crisk_game *g = sc_new_game("base", params);
	sc_setup(g, seats == 6 ? sx_nodes6 : sx_nodes5, seats == 6 ? sx_paths6 : sx_paths5);
	return g;
}

/* The decision point's name from the omniscient view. */
static void sx_phase(const crisk_game *g, char *out, size_t cap)
{
	char *js = sc_json(g, CRISK_VIEWER_OMNISCIENT);
	const char *at = strstr(js, "\"phase\":\"");
	SC_CHECK(at != NULL, "no phase in the view");
	at += 9;
	size_t n = strcspn(at, "\"");
	SC_CHECK(n < cap, "phase name too long");
	memcpy(out, at, n);
	out[n] = '\0';
	free(js);
}

#define ck_phase(g, name)                                   \
	do {                                                \
		char ph_[32];                               \
		sx_phase(g, ph_, sizeof ph_);               \
		ck_assert_str_eq(ph_, name);                \
	} while (0)

/* Refused (sc_refuse) with a message that names `rule`. */
static void sx_refuse_naming(crisk_game *g, crisk_action a, const char *rule)
{
	ck_assert_int_eq(crisk_game_check(g, a), CRISK_EILLEGAL);
	ck_assert_msg(strstr(crisk_error_last(), rule) != NULL, "message \"%s\" does not name %s", crisk_error_last(),
		      rule);
	sc_refuse(g, a);
}

/* Every listed action has one of the `n` types. */
static void sx_listed_types(const crisk_game *g, const uint32_t *types, int n)
{
	crisk_action buf[512];
	size_t count = sc_legal_list(g, buf, 512);
	ck_assert_uint_gt(count, 0);
	for (size_t i = 0; i < count; i++) {
		uint32_t t = (uint32_t)(buf[i] >> 56);
		int ok = 0;
		for (int j = 0; j < n; j++)
			ok |= t == types[j];
		ck_assert_msg(ok, "action type %u listed", t);
	}
}

/* The first listed action of `type`. */
static crisk_action sx_first(const crisk_game *g, uint32_t type)
{
	crisk_action buf[512];
	size_t count = sc_legal_list(g, buf, 512);
	for (size_t i = 0; i < count; i++) {
		if ((uint32_t)(buf[i] >> 56) == type)
			return buf[i];
	}
	ck_abort_msg("no action of type %u listed", type);
	return 0;
}

static int sx_status(const crisk_game *g, int *winner)
{
	return crisk_game_status(g, winner);
}

/* PASS for every special build window left. */
static void sx_pass_windows(crisk_game *g)
{
	char ph[32];
	for (sx_phase(g, ph, sizeof ph); !strcmp(ph, "special_build"); sx_phase(g, ph, sizeof ph))
		sc_apply(g, sc_act(CRISK_CATAN_PASS, 0));
}

/* Seat 1 in its window after seat 0 rolled 9 (seat 1: brick, lumber, wool,
 * grain, ore). */
static crisk_game *sx_seat1_window(const char *extra)
{
	crisk_game *g = sx_game(6, extra);
	sc_roll(g, 9);
	int32_t hand[5];
	sc_hand(g, 1, hand);
	for (int r = 0; r < 5; r++)
		ck_assert_int_eq(hand[r], 1);
	sc_end_turn(g);
	ck_assert_int_eq(sc_seat(g), 1);
	ck_phase(g, "special_build");
	return g;
}

/* ---- B-111, B-113, B-116, B-139: board and components ---- */

START_TEST(test_b111_b113_b139_components)
{
	for (int seats = 5; seats <= 6; seats++) {
		char params[64];
		snprintf(params, sizeof params, "players=%d seed=%d", seats, seats);
		crisk_game *g = sc_new_game("base", params);
		int32_t bank[5], deck, owner, kind;
		ck_assert_int_eq(crisk_catan_bank(g, bank, &deck), CRISK_OK);
		for (int r = 0; r < 5; r++)
			ck_assert_int_eq(bank[r], 24); /* B-113: 24 per type */
		ck_assert_int_eq(deck, 34);
		int nodes = 0, paths = 0;
		while (crisk_catan_building(g, nodes, &owner, &kind) == CRISK_OK)
			nodes++;
		while (crisk_catan_road(g, paths, &owner) == CRISK_OK)
			paths++;
		ck_assert_int_eq(nodes, 80); /* B-26, B-111: the 5-6 board */
		ck_assert_int_eq(paths, 109);
		/* Per-seat pieces are unchanged (B-9, B-113). */
		char *js = sc_json(g, CRISK_VIEWER_OMNISCIENT);
		int full = 0;
		for (const char *at = js; (at = strstr(at, "\"pieces\":{\"settlements\":5,\"cities\":4,\"roads\":15}")); at++)
			full++;
		ck_assert_int_eq(full, seats);
		free(js);
		crisk_game_free(g);
	}
	/* 2..4 seats keep the base board and components (B-6, B-7, B-111). */
	crisk_game *g = sc_new_game("base", "players=4 seed=4");
	int32_t bank[5], deck, owner, kind;
	ck_assert_int_eq(crisk_catan_bank(g, bank, &deck), CRISK_OK);
	ck_assert_int_eq(bank[0], 19);
	ck_assert_int_eq(deck, 25);
	ck_assert_int_eq(crisk_catan_building(g, 53, &owner, &kind), CRISK_OK);
	ck_assert_int_ne(crisk_catan_building(g, 54, &owner, &kind), CRISK_OK);
	crisk_game_free(g);
}
END_TEST

/* B-113, B-133: the deck's composition, seen through the DEV_DRAW chance
 * probabilities: 20 knights, 5 victory points, 3 of each progress card. */
START_TEST(test_b113_deck_composition)
{
	crisk_game *g = sx_seat1_window(NULL);
	sc_apply(g, sc_act(CRISK_CATAN_BUY_DEV, 0));
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
	crisk_action acts[8];
	double probs[8];
	size_t n = 0;
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 8, &n), CRISK_OK);
	ck_assert_uint_eq(n, 5);
	static const int want[5] = {20, 5, 3, 3, 3};
	for (int c = 0; c < 5; c++) {
		ck_assert(acts[c] == sc_act(CRISK_CATAN_DEV_RESULT, c));
		ck_assert_double_eq_tol(probs[c], want[c] / 34.0, 1e-12);
	}
	crisk_game_free(g);
}
END_TEST

/* B-116, B-44: the snake covers all seats and every seat is paid for its
 * second settlement; the bank holds the rest of the 24 per type. */
START_TEST(test_b116_setup_snake_and_starting_resources)
{
	crisk_game *g = sx_game(6, NULL); /* sc_setup checks the snake order */
	static const int want[6][5] = {
		{0, 1, 1, 1, 0}, /* 22: fields, forest, pasture */
		{1, 1, 1, 0, 0}, /* 61: hills, forest, pasture */
		{0, 1, 0, 1, 1}, /* 34: forest, mountains, fields */
		{1, 0, 1, 0, 0}, /* 72: hills, pasture */
		{0, 1, 0, 1, 1}, /* 25: mountains, fields, forest */
		{0, 0, 0, 0, 1}, /* 77: mountains */
	};
	int32_t bank[5], deck;
	ck_assert_int_eq(crisk_catan_bank(g, bank, &deck), CRISK_OK);
	int given[5] = {0};
	for (int s = 0; s < 6; s++) {
		int32_t hand[5];
		sc_hand(g, s, hand);
		for (int r = 0; r < 5; r++) {
			ck_assert_int_eq(hand[r], want[s][r]);
			given[r] += hand[r];
		}
	}
	for (int r = 0; r < 5; r++)
		ck_assert_int_eq(bank[r] + given[r], 24);
	/* B-121: no special build phase after set-up; seat 0 starts turn 1. */
	ck_assert_int_eq(sc_seat(g), 0);
	ck_assert_int_eq(crisk_game_turn(g), 1);
	ck_phase(g, "pre_roll");
	crisk_game_free(g);
}
END_TEST

/* B-112, B-124: with 5-6 seats the robber and production work as in the
 * base game: a 7 moves the robber and steals, the robber's hex pays nobody. */
START_TEST(test_b112_b124_robber_and_production)
{
	crisk_game *g = sx_game(6, NULL);
	sc_roll(g, 7); /* nobody holds more than 7 cards: no discards */
	ck_assert_int_eq(sc_seat(g), 0);
	ck_phase(g, "move_robber");
	sc_apply(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 9)); /* c3: seat 1's fields */
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE); /* seat 1 is the only victim (B-64) */
	sc_apply(g, sc_act(CRISK_CATAN_STEAL_RESULT, CRISK_CATAN_BRICK));
	ck_phase(g, "main");
	int32_t hand[5];
	sc_hand(g, 0, hand);
	ck_assert_int_eq(hand[CRISK_CATAN_BRICK], 1);
	sc_end_turn(g);
	sx_pass_windows(g);
	ck_assert_int_eq(sc_seat(g), 1);
	sc_roll(g, 9); /* hex 9 holds the robber, hex 14 pays ore */
	sc_hand(g, 1, hand);
	static const int want[5] = {0, 1, 1, 0, 1};
	for (int r = 0; r < 5; r++)
		ck_assert_int_eq(hand[r], want[r]);
	crisk_game_free(g);
}
END_TEST

/* ---- B-117..B-121: the special build phase ---- */

/* B-117: after each turn every other seat gets one window, in seat order from
 * the left of the seat whose turn ended; then the next turn starts. */
START_TEST(test_b117_sbp_order)
{
	for (int seats = 5; seats <= 6; seats++) {
		crisk_game *g = sx_game(seats, NULL);
		for (int turn = 1; turn <= seats + 1; turn++) {
			int owner = (turn - 1) % seats;
			ck_assert_int_eq(sc_seat(g), owner);
			ck_assert_int_eq(crisk_game_turn(g), turn);
			sc_roll(g, 9);
			uint64_t since = sc_next_seq(g);
			sc_end_turn(g);
			for (int i = 1; i < seats; i++) {
				ck_assert_int_eq(sc_seat(g), (owner + i) % seats);
				ck_phase(g, "special_build");
				ck_assert_int_eq(crisk_game_turn(g), turn); /* B-52: part of the turn */
				ck_assert(sc_listed(g, sc_act(CRISK_CATAN_PASS, 0)));
				sc_apply(g, sc_act(CRISK_CATAN_PASS, 0));
			}
			ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_PASS, CRISK_VIEWER_OMNISCIENT, NULL),
					 seats - 1);
			ck_phase(g, "pre_roll");
		}
		crisk_game_free(g);
	}
}
END_TEST

/* B-118: in a window only builds, development card purchases and PASS; no
 * trade, card play or robber, with messages that name the rule. */
START_TEST(test_b118_sbp_allowed_and_refused)
{
	crisk_game *g = sx_seat1_window(NULL);
	static const uint32_t allowed[] = {CRISK_CATAN_BUILD_ROAD, CRISK_CATAN_BUILD_SETTLEMENT, CRISK_CATAN_BUILD_CITY,
					   CRISK_CATAN_BUY_DEV, CRISK_CATAN_PASS};
	sx_listed_types(g, allowed, 5);
	ck_assert(sc_listed(g, sc_act(CRISK_CATAN_BUY_DEV, 0)));
	const int give[5] = {1, 0, 0, 0, 0}, want[5] = {0, 0, 0, 0, 1};
	sx_refuse_naming(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_BRICK, CRISK_CATAN_ORE), "B-118");
	sx_refuse_naming(g, sc_offer(give, want, CRISK_CATAN_TO_ALL), "B-118");
	sx_refuse_naming(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0), "B-118");
	sx_refuse_naming(g, sc_act(CRISK_CATAN_PLAY_YEAR_OF_PLENTY, 0), "B-118");
	sx_refuse_naming(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 5), "B-118");
	sx_refuse_naming(g, sc_act(CRISK_CATAN_ROLL, 0), "B-118");
	sx_refuse_naming(g, sc_act(CRISK_CATAN_END_TURN, 0), "B-118");
	sx_refuse_naming(g, sc_act(CRISK_CATAN_END_PART, 0), "B-118");
	sx_refuse_naming(g, sc_act(CRISK_CATAN_ACCEPT, 0), "B-118");
	/* Build a road and buy a card, as many as the hand pays (B-118, B-67). */
	crisk_action road = sx_first(g, CRISK_CATAN_BUILD_ROAD);
	uint64_t since = sc_next_seq(g);
	sc_apply(g, road);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_BUILD_ROAD, CRISK_VIEWER_OMNISCIENT, NULL), 1);
	ck_assert_int_eq(sc_seat(g), 1);
	ck_phase(g, "special_build");
	sc_refuse(g, road);
	sc_apply(g, sc_act(CRISK_CATAN_BUY_DEV, 0));
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_CHANCE);
	sc_apply(g, sc_act(CRISK_CATAN_DEV_RESULT, CRISK_CATAN_MONOPOLY));
	ck_assert_int_eq(sc_seat(g), 1); /* back to the same window */
	ck_phase(g, "special_build");
	ck_assert_int_eq(sc_hand_total(g, 1), 0);
	crisk_action only[4];
	ck_assert_uint_eq(sc_legal_list(g, only, 4), 1);
	ck_assert(only[0] == sc_act(CRISK_CATAN_PASS, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_PLAY_MONOPOLY, 0));
	sc_apply(g, sc_act(CRISK_CATAN_PASS, 0));
	ck_assert_int_eq(sc_seat(g), 2);
	crisk_game_free(g);
}
END_TEST

/* B-102, B-118: a domestic offer of the turn leaves nothing open for the
 * windows: no trade in the view, no answers. */
START_TEST(test_b118_no_trade_leaks_into_sbp)
{
	crisk_game *g = sx_game(6, NULL);
	sc_roll(g, 9);
	const int give[5] = {0, 0, 0, 1, 0}, want[5] = {1, 0, 0, 0, 0};
	sc_apply(g, sc_offer(give, want, CRISK_CATAN_TO_ALL));
	/* Seat 1 holds a brick and accepts, the others decline; seat 0 cancels. */
	for (int s = 1; s < 6; s++) {
		ck_assert_int_eq(sc_seat(g), s);
		sc_apply(g, sc_act(s == 1 ? CRISK_CATAN_ACCEPT : CRISK_CATAN_DECLINE, 0));
	}
	sc_apply(g, sc_act(CRISK_CATAN_CANCEL, 0));
	sc_end_turn(g);
	ck_phase(g, "special_build");
	char *js = sc_json(g, CRISK_VIEWER_OMNISCIENT);
	ck_assert_ptr_nonnull(strstr(js, "\"trade\":null"));
	free(js);
	sx_refuse_naming(g, sc_act(CRISK_CATAN_ACCEPT, 0), "B-118");
	sx_refuse_naming(g, sc_act(CRISK_CATAN_CONFIRM, 1), "B-118");
	crisk_game_free(g);
}
END_TEST

/* B-119, B-106, B-110: reaching the target in a window does not win; the
 * seat wins at the start of its next own turn. */
START_TEST(test_b119_no_win_in_sbp)
{
	crisk_game *g = sx_seat1_window("vp_target=3");
	sc_apply(g, sc_act(CRISK_CATAN_BUY_DEV, 0));
	sc_apply(g, sc_act(CRISK_CATAN_DEV_RESULT, CRISK_CATAN_VICTORY_POINT));
	ck_assert_int_eq(sc_score(g, 1, CRISK_VIEWER_OMNISCIENT), 3);
	int winner = -2;
	ck_assert_int_eq(sx_status(g, &winner), CRISK_STATUS_RUNNING);
	ck_assert_int_eq(sc_seat(g), 1);
	sx_pass_windows(g);
	/* Seat 1's own turn starts: it wins before any action (B-110). */
	ck_assert_int_eq(sx_status(g, &winner), CRISK_STATUS_WON);
	ck_assert_int_eq(winner, 1);
	ck_assert_int_eq(crisk_game_turn(g), 2);
	crisk_game_free(g);
}
END_TEST

/* B-119, B-88: road lengths (and so Longest Road) update after a road built
 * in a window. */
START_TEST(test_b119_b88_sbp_road_counts)
{
	crisk_game *g = sx_seat1_window(NULL);
	sc_apply(g, sx_first(g, CRISK_CATAN_BUILD_ROAD));
	ck_assert_int_eq(sc_seat_field(g, 1, "road_length"), 2);
	ck_assert_int_eq(sc_hand_total(g, 1), 3);
	crisk_game_free(g);
}
END_TEST

/* B-120, B-79: a card bought in a window is playable from the buyer's next
 * own turn, not in the window. */
START_TEST(test_b120_sbp_card_next_turn)
{
	crisk_game *g = sx_seat1_window(NULL);
	sc_apply(g, sc_act(CRISK_CATAN_BUY_DEV, 0));
	sc_apply(g, sc_act(CRISK_CATAN_DEV_RESULT, CRISK_CATAN_KNIGHT));
	sx_refuse_naming(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0), "B-118");
	sx_pass_windows(g);
	ck_assert_int_eq(sc_seat(g), 1);
	ck_phase(g, "pre_roll");
	ck_assert(sc_listed(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0)));
	sc_apply(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
	ck_phase(g, "move_robber");
	crisk_game_free(g);
}
END_TEST

/* B-121, B-52: the special build phase follows the turn that reaches
 * max_turns; the game ends after its last window. */
START_TEST(test_b121_sbp_after_max_turns)
{
	crisk_game *g = sx_game(5, "max_turns=1");
	sc_roll(g, 9);
	sc_end_turn(g);
	int winner = -2;
	ck_assert_int_eq(sx_status(g, &winner), CRISK_STATUS_RUNNING);
	ck_assert_int_eq(sc_seat(g), 1);
	ck_phase(g, "special_build");
	sc_apply(g, sx_first(g, CRISK_CATAN_BUILD_ROAD)); /* the last windows still build */
	for (int s = 1; s <= 4; s++) {
		ck_assert_int_eq(sx_status(g, &winner), CRISK_STATUS_RUNNING);
		ck_assert_int_eq(sc_seat(g), s);
		sc_apply(g, sc_act(CRISK_CATAN_PASS, 0));
	}
	ck_assert_int_eq(sx_status(g, &winner), CRISK_STATUS_ENDED);
	ck_assert_int_eq(winner, -1);
	ck_assert_int_eq(crisk_game_turn(g), 1);
	ck_assert_int_eq(sc_seat(g), CRISK_SEAT_NONE);
	crisk_game_free(g);
}
END_TEST

/* ---- B-122, B-123: paired players ---- */

/* B-122: player 2 of turn t is seat (t + 3) mod n; the next turn's player 1
 * is the next seat. No special build phase. */
START_TEST(test_b122_paired_order)
{
	for (int seats = 5; seats <= 6; seats++) {
		crisk_game *g = sx_game(seats, "paired_players=on");
		for (int turn = 1; turn <= seats + 1; turn++) {
			int p1 = (turn - 1) % seats;
			ck_assert_int_eq(sc_seat(g), p1);
			ck_assert_int_eq(crisk_game_turn(g), turn);
			sc_roll(g, 9);
			sc_end_turn(g);
			ck_assert_int_eq(sc_seat(g), (p1 + 3) % seats);
			ck_phase(g, "paired_part");
			ck_assert_int_eq(crisk_game_turn(g), turn);
			sc_refuse(g, sc_act(CRISK_CATAN_PASS, 0));
			sc_apply(g, sc_act(CRISK_CATAN_END_PART, 0));
		}
		crisk_game_free(g);
	}
}
END_TEST

/* B-122, B-123: player 2 trades with the bank, builds and buys; no domestic
 * trade, no card play, no robber, no victory during its part. */
START_TEST(test_b122_b123_paired_part_actions)
{
	crisk_game *g = sx_game(6, "paired_players=on vp_target=3");
	sc_roll(g, 5); /* seat 3: three more bricks */
	sc_end_turn(g);
	ck_assert_int_eq(sc_seat(g), 3);
	ck_phase(g, "paired_part");
	int32_t hand[5];
	sc_hand(g, 3, hand);
	ck_assert_int_eq(hand[CRISK_CATAN_BRICK], 4);
	ck_assert_int_eq(hand[CRISK_CATAN_WOOL], 1);
	static const uint32_t allowed[] = {CRISK_CATAN_BUILD_ROAD, CRISK_CATAN_BUILD_SETTLEMENT, CRISK_CATAN_BUILD_CITY,
					   CRISK_CATAN_BUY_DEV, CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_END_PART};
	sx_listed_types(g, allowed, 6);
	ck_assert(sc_listed(g, sc_act(CRISK_CATAN_END_PART, 0)));
	const int give[5] = {1, 0, 0, 0, 0}, want[5] = {0, 0, 0, 1, 0};
	sx_refuse_naming(g, sc_offer(give, want, CRISK_CATAN_TO_ALL), "B-122");
	sx_refuse_naming(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0), "B-123");
	sx_refuse_naming(g, sc_act(CRISK_CATAN_PLAY_MONOPOLY, 0), "B-123");
	sx_refuse_naming(g, sc_act(CRISK_CATAN_MOVE_ROBBER, 5), "B-123");
	sx_refuse_naming(g, sc_act(CRISK_CATAN_PASS, 0), "B-122");
	sx_refuse_naming(g, sc_act(CRISK_CATAN_END_TURN, 0), "B-122");
	sx_refuse_naming(g, sc_act(CRISK_CATAN_ROLL, 0), "B-122");
	/* Maritime trade at the 2:1 brick harbor of slot 5 (B-101, B-122). */
	crisk_action to_grain = sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_BRICK, CRISK_CATAN_GRAIN);
	ck_assert(sc_listed(g, to_grain));
	uint64_t since = sc_next_seq(g);
	sc_apply(g, to_grain);
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_MARITIME, CRISK_VIEWER_OMNISCIENT, &e), 1);
	ck_assert_int_eq(e.seat, 3);
	ck_assert_int_eq(e.args[1], 2);
	sc_apply(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_BRICK, CRISK_CATAN_ORE));
	sc_apply(g, sc_act(CRISK_CATAN_BUY_DEV, 0));
	sc_apply(g, sc_act(CRISK_CATAN_DEV_RESULT, CRISK_CATAN_VICTORY_POINT));
	ck_assert_int_eq(sc_seat(g), 3);
	ck_phase(g, "paired_part");
	ck_assert_int_eq(sc_score(g, 3, CRISK_VIEWER_OMNISCIENT), 3);
	int winner = -2;
	ck_assert_int_eq(sx_status(g, &winner), CRISK_STATUS_RUNNING); /* B-123 */
	sc_apply(g, sc_act(CRISK_CATAN_END_PART, 0));
	ck_assert_int_eq(sx_status(g, &winner), CRISK_STATUS_RUNNING);
	ck_assert_int_eq(sc_seat(g), 1);
	/* Turns 2 and 3 pass; seat 3 wins when its own turn 4 starts (B-106). */
	for (int turn = 2; turn <= 3; turn++) {
		sc_roll(g, 9);
		sc_end_turn(g);
		sc_apply(g, sc_act(CRISK_CATAN_END_PART, 0));
	}
	ck_assert_int_eq(sx_status(g, &winner), CRISK_STATUS_WON);
	ck_assert_int_eq(winner, 3);
	ck_assert_int_eq(crisk_game_turn(g), 4);
	crisk_game_free(g);
}
END_TEST

/* B-123, B-79: a card bought in the part is playable in the buyer's next own
 * turn; B-121 applies to the paired part too. */
START_TEST(test_b123_paired_card_and_max_turns)
{
	crisk_game *g = sx_game(6, "paired_players=on max_turns=1");
	sc_roll(g, 5);
	sc_end_turn(g);
	sc_apply(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_BRICK, CRISK_CATAN_GRAIN));
	sc_apply(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_BRICK, CRISK_CATAN_ORE));
	sc_apply(g, sc_act(CRISK_CATAN_BUY_DEV, 0));
	sc_apply(g, sc_act(CRISK_CATAN_DEV_RESULT, CRISK_CATAN_KNIGHT));
	ck_assert_int_eq(sc_seat_field(g, 3, "dev_count"), 1);
	sx_refuse_naming(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0), "B-123");
	int winner = -2;
	ck_assert_int_eq(sx_status(g, &winner), CRISK_STATUS_RUNNING);
	sc_apply(g, sc_act(CRISK_CATAN_END_PART, 0));
	ck_assert_int_eq(sx_status(g, &winner), CRISK_STATUS_ENDED);
	ck_assert_int_eq(winner, -1);
	crisk_game_free(g);

	g = sx_game(6, "paired_players=on");
	sc_roll(g, 5);
	sc_end_turn(g);
	sc_apply(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_BRICK, CRISK_CATAN_GRAIN));
	sc_apply(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_BRICK, CRISK_CATAN_ORE));
	sc_apply(g, sc_act(CRISK_CATAN_BUY_DEV, 0));
	sc_apply(g, sc_act(CRISK_CATAN_DEV_RESULT, CRISK_CATAN_KNIGHT));
	sc_apply(g, sc_act(CRISK_CATAN_END_PART, 0));
	for (int turn = 2; turn <= 3; turn++) {
		sc_roll(g, 9);
		sc_end_turn(g);
		sc_apply(g, sc_act(CRISK_CATAN_END_PART, 0));
	}
	ck_assert_int_eq(sc_seat(g), 3);
	ck_phase(g, "pre_roll");
	ck_assert(sc_listed(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0)));
	crisk_game_free(g);
}
END_TEST

/* ---- B-125, B-126: options ---- */

static void expect_param_error(const char *params, const char *rule)
{
	crisk_rules *r = NULL;
	int rc = crisk_rules_new(&r, "base", params);
	ck_assert_msg(rc == CRISK_EPARAM, "'%s' gave %d", params, rc);
	ck_assert_msg(rule == NULL || strstr(crisk_error_last(), rule) != NULL, "'%s': message \"%s\" does not name %s",
		      params, crisk_error_last(), rule);
	ck_assert_ptr_null(r);
}

START_TEST(test_b125_b126_options)
{
	expect_param_error("players=5 seed=1 board=beginner", "B-126");
	expect_param_error("players=6 seed=1 board=beginner", "B-126");
	expect_param_error("players=4 seed=1 paired_players=on", "B-126");
	expect_param_error("players=2 seed=1 paired_players=on", "B-126");
	expect_param_error("players=7 seed=1", NULL);
	expect_param_error("players=1 seed=1", NULL);
	/* A base-board custom layout does not fit the 5-6 board (B-38). */
	expect_param_error("players=5 seed=1 board=custom terrain=mpfghphgfdfmfmgphgp "
			   "tokens=10,2,9,12,6,4,10,9,11,0,3,8,8,3,4,5,5,6,11 harbors=3go3w33bl",
			   "terrain");
	static const char *const good[] = {"players=5 seed=1", "players=6 seed=1 paired_players=on",
					   "players=5 seed=1 board=random_tokens no_identical_adjacent=on",
					   "players=6 seed=1 " SX_LAYOUT};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		crisk_rules *r = NULL;
		ck_assert_msg(crisk_rules_new(&r, "base", good[i]) == CRISK_OK, "'%s': %s", good[i], crisk_error_last());
		char canon[1024];
		ck_assert_int_eq(crisk_rules_params(r, canon, sizeof canon, NULL), CRISK_OK);
		ck_assert_ptr_nonnull(strstr(canon, "paired_players="));
		crisk_rules_free(r);
	}
}
END_TEST

/* ---- B-114, B-115: generated 5-6 layouts ---- */

START_TEST(test_b114_b115_generated_layouts)
{
	static const int letters[28] = {2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4,
					8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6};
	static const int terrain_count[6] = {5, 6, 6, 6, 5, 2}, harbor_count[6] = {5, 1, 1, 2, 1, 1};
	for (int seed = 1; seed <= 40; seed++) {
		char params[64];
		snprintf(params, sizeof params, "players=%d seed=%d", 5 + seed % 2, seed);
		crisk_rules *r = NULL;
		ck_assert_int_eq(crisk_rules_new(&r, "base", params), CRISK_OK);
		const kern *k = r->data;
		const board *b = &k->b;
		ck_assert_int_eq(b->n_land, 30);
		ck_assert_int_eq(b->n_harbor, 11);
		int terrain[6] = {0}, harbors[6] = {0};
		for (int h = 0; h < 30; h++)
			terrain[b->terrain[h]]++;
		for (int s = 0; s < 11; s++)
			harbors[b->harbor_type[s]]++;
		for (int t = 0; t < 6; t++) {
			ck_assert_int_eq(terrain[t], terrain_count[t]); /* B-113, B-115 */
			ck_assert_int_eq(harbors[t], harbor_count[t]);
		}
		/* B-34, B-114: the tokens are the letters along one spiral variant. */
		int matches = 0;
		for (int v = 0; v < 12; v++) {
			uint16_t order[30];
			ck_assert_int_eq(board_spiral(b, v, order), CRISK_OK);
			int letter = 0, same = 1;
			for (int i = 0; i < 30; i++) {
				int h = order[i];
				int want = b->terrain[h] == TERR_DESERT ? 0 : letters[letter++];
				same &= b->token[h] == want;
			}
			matches += same;
		}
		ck_assert_int_ge(matches, 1);
		/* B-37: the robber starts on the desert with the lower id. */
		int first_desert = -1;
		for (int h = 29; h >= 0; h--)
			if (b->terrain[h] == TERR_DESERT)
				first_desert = h;
		ck_assert_int_eq(b->robber_start, first_desert);
		crisk_rules_free(r);
	}
}
END_TEST

/* ---- B-129: the new decision points in saves ---- */

static crisk_game *json_round_trip(const crisk_game *g, char **text_out)
{
	size_t len = 0;
	crisk_game_save_json(g, NULL, 0, &len);
	char *text = malloc(len + 1);
	ck_assert_int_eq(crisk_game_save_json(g, text, len + 1, &len), CRISK_OK);
	crisk_game *h = NULL;
	ck_assert_msg(crisk_game_load_json(&h, text, len) == CRISK_OK, "%s", crisk_error_last());
	*text_out = text;
	return h;
}

static void expect_json_refused(const char *text, const char *from, const char *to, const char *why)
{
	char *bad = malloc(strlen(text) + 64);
	const char *at = strstr(text, from);
	ck_assert_msg(at != NULL, "'%s' not in the save", from);
	size_t pre = (size_t)(at - text);
	memcpy(bad, text, pre);
	strcpy(bad + pre, to);
	strcat(bad, at + strlen(from));
	crisk_game *h = NULL;
	ck_assert_int_eq(crisk_game_load_json(&h, bad, strlen(bad)), CRISK_EFORMAT);
	ck_assert_msg(strstr(crisk_error_last(), why) != NULL, "message \"%s\" lacks \"%s\"", crisk_error_last(), why);
	free(bad);
}

START_TEST(test_b129_saves_in_sbp_and_paired_part)
{
	crisk_game *g = sx_seat1_window(NULL);
	sc_apply(g, sc_act(CRISK_CATAN_BUY_DEV, 0)); /* a pending draw inside the window */
	for (int round = 0; round < 2; round++) {
		char *text = NULL;
		crisk_game *h = json_round_trip(g, &text);
		char *a = sc_json(g, CRISK_VIEWER_OMNISCIENT), *b = sc_json(h, CRISK_VIEWER_OMNISCIENT);
		ck_assert_str_eq(a, b);
		free(a);
		free(b);
		ck_assert_ptr_nonnull(strstr(text, "\"part_owner\":0"));
		expect_json_refused(text, "\"part_owner\":0", "\"part_owner\":-1", "turn 1 belongs to seat 0");
		expect_json_refused(text, "\"part_owner\":0", "\"part_owner\":1", "part_owner");
		crisk_game_free(h);
		free(text);
		if (!round)
			sc_apply(g, sc_act(CRISK_CATAN_DEV_RESULT, CRISK_CATAN_KNIGHT));
	}
	/* The binary form as well: load and play on identically. */
	size_t len = 0;
	crisk_game_save(g, NULL, 0, &len);
	void *bin = malloc(len);
	ck_assert_int_eq(crisk_game_save(g, bin, len, &len), CRISK_OK);
	crisk_game *h = NULL;
	ck_assert_int_eq(crisk_game_load(&h, bin, len), CRISK_OK);
	sc_apply(g, sc_act(CRISK_CATAN_PASS, 0));
	sc_apply(h, sc_act(CRISK_CATAN_PASS, 0));
	ck_assert_int_eq(sc_seat(h), 2);
	char *a = sc_json(g, CRISK_VIEWER_OMNISCIENT), *b = sc_json(h, CRISK_VIEWER_OMNISCIENT);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	free(bin);
	crisk_game_free(h);
	crisk_game_free(g);

	/* A paired part, and the phases these rules never use. */
	g = sx_game(6, "paired_players=on");
	sc_roll(g, 9);
	sc_end_turn(g);
	char *text = NULL;
	h = json_round_trip(g, &text);
	ck_assert_ptr_nonnull(strstr(text, "\"phase\":\"paired_part\""));
	expect_json_refused(text, "\"phase\":\"paired_part\"", "\"phase\":\"special_build\"", "special_build");
	expect_json_refused(text, "\"active_seat\":3", "\"active_seat\":4", "B-122");
	crisk_game_free(h);
	free(text);
	crisk_game_free(g);

	g = sc_standard(NULL); /* 4 seats: neither phase exists */
	h = json_round_trip(g, &text);
	expect_json_refused(text, "\"phase\":\"pre_roll\"", "\"phase\":\"special_build\"", "special_build");
	crisk_game_free(h);
	free(text);
	crisk_game_free(g);
}
END_TEST

static Suite *sixp_suite(void)
{
	Suite *s = suite_create("rules_sixp");
	TCase *tc = tcase_create("sixp");
	tcase_add_test(tc, test_b111_b113_b139_components);
	tcase_add_test(tc, test_b113_deck_composition);
	tcase_add_test(tc, test_b116_setup_snake_and_starting_resources);
	tcase_add_test(tc, test_b112_b124_robber_and_production);
	tcase_add_test(tc, test_b117_sbp_order);
	tcase_add_test(tc, test_b118_sbp_allowed_and_refused);
	tcase_add_test(tc, test_b118_no_trade_leaks_into_sbp);
	tcase_add_test(tc, test_b119_no_win_in_sbp);
	tcase_add_test(tc, test_b119_b88_sbp_road_counts);
	tcase_add_test(tc, test_b120_sbp_card_next_turn);
	tcase_add_test(tc, test_b121_sbp_after_max_turns);
	tcase_add_test(tc, test_b122_paired_order);
	tcase_add_test(tc, test_b122_b123_paired_part_actions);
	tcase_add_test(tc, test_b123_paired_card_and_max_turns);
	tcase_add_test(tc, test_b125_b126_options);
	tcase_add_test(tc, test_b114_b115_generated_layouts);
	tcase_add_test(tc, test_b129_saves_in_sbp_and_paired_part);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(sixp_suite());
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
