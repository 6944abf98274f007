/* Trading (B-95..B-102) and harbors applying at once (B-76).  Standard
 * set-up hands: seat 0 lumber, wool, ore; seat 1 ore, 2 grain; seat 2 grain,
 * wool; seat 3 brick, ore. */
#include <stdlib.h>
#include <string.h>
#include "scenario.h"

static const int give_wool[5] = {0, 0, 1, 0, 0};
static const int want_grain[5] = {0, 0, 0, 1, 0};

/* Seat 0 at its first main phase (a 9 pays only seat 3 a lumber). */
static crisk_game *trade_game(const char *extra)
{
	crisk_game *g = sc_standard(extra);
	sc_roll(g, 9);
	return g;
}

/* B-96: offers must be non-empty on both sides, disjoint, held, and
 * addressed to an opponent or all. */
START_TEST(test_b96_offer_validation)
{
	crisk_game *g = trade_game(NULL);
	const int none[5] = {0};
	const int brick[5] = {1, 0, 0, 0, 0};
	const int wool_grain[5] = {0, 0, 1, 1, 0};
	const int two_wool[5] = {0, 0, 2, 0, 0};
	sc_refuse(g, sc_offer(none, want_grain, CRISK_CATAN_TO_ALL));
	sc_refuse(g, sc_offer(give_wool, none, CRISK_CATAN_TO_ALL));
	sc_refuse(g, sc_offer(brick, want_grain, CRISK_CATAN_TO_ALL));   /* not held */
	sc_refuse(g, sc_offer(two_wool, want_grain, CRISK_CATAN_TO_ALL)); /* only one wool */
	sc_refuse(g, sc_offer(give_wool, wool_grain, CRISK_CATAN_TO_ALL)); /* wool on both sides */
	sc_refuse(g, sc_offer(give_wool, want_grain, 0));                 /* to itself */
	sc_refuse(g, sc_offer(give_wool, want_grain, 4));                 /* no seat 4 */
	ck_assert(sc_legal(g, sc_offer(give_wool, want_grain, CRISK_CATAN_TO_ALL)));
	ck_assert(sc_legal(g, sc_offer(give_wool, want_grain, 2)));
	/* Text form. */
	ck_assert(sc_parse(g, "offer give=1wool want=1grain to=*") == sc_offer(give_wool, want_grain, CRISK_CATAN_TO_ALL));
	crisk_game_free(g);
}
END_TEST

/* B-97, B-98, B-131, B-51: answers in seat order after the proposer; a seat that
 * lacks the wanted cards still decides (DECLINE only); the proposer confirms
 * one accepting seat and the cards change hands at once. */
START_TEST(test_b97_accept_and_confirm)
{
	crisk_game *g = trade_game(NULL);
	uint64_t since = sc_next_seq(g);
	sc_apply(g, sc_offer(give_wool, want_grain, CRISK_CATAN_TO_ALL));
	/* Seat 1 holds grain: accept or decline. */
	ck_assert_int_eq(sc_seat(g), 1);
	crisk_action buf[8];
	ck_assert_uint_eq(sc_legal_list(g, buf, 8), 2);
	ck_assert(buf[0] == sc_act(CRISK_CATAN_ACCEPT, 0));
	ck_assert(buf[1] == sc_act(CRISK_CATAN_DECLINE, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_PLAY_KNIGHT, 0));
	sc_refuse(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_GRAIN, CRISK_CATAN_ORE));
	sc_apply(g, sc_act(CRISK_CATAN_ACCEPT, 0));
	/* B-51: the answers belong to seat 0's own turn. */
	ck_assert_int_eq(crisk_game_turn(g), 1);
	char *view = sc_json(g, CRISK_VIEWER_SPECTATOR);
	ck_assert_ptr_nonnull(strstr(view, "\"active_seat\":0"));
	free(view);
	/* Seat 2 holds grain too; it declines. */
	ck_assert_int_eq(sc_seat(g), 2);
	sc_apply(g, sc_act(CRISK_CATAN_DECLINE, 0));
	/* Seat 3 has no grain: DECLINE is its only action, but it still decides. */
	ck_assert_int_eq(sc_seat(g), 3);
	ck_assert_uint_eq(sc_legal_list(g, buf, 8), 1);
	ck_assert(buf[0] == sc_act(CRISK_CATAN_DECLINE, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_ACCEPT, 0));
	sc_apply(g, sc_act(CRISK_CATAN_DECLINE, 0));
	/* The proposer: confirm with seat 1, or cancel. */
	ck_assert_int_eq(sc_seat(g), 0);
	ck_assert_uint_eq(sc_legal_list(g, buf, 8), 2);
	ck_assert(buf[0] == sc_act(CRISK_CATAN_CONFIRM, 1));
	ck_assert(buf[1] == sc_act(CRISK_CATAN_CANCEL, 0));
	sc_refuse(g, sc_act(CRISK_CATAN_CONFIRM, 2));
	sc_refuse(g, sc_act(CRISK_CATAN_CONFIRM, 3));
	sc_refuse(g, sc_act(CRISK_CATAN_END_TURN, 0));
	int32_t h0[5], h1[5], a0[5], a1[5];
	sc_hand(g, 0, h0);
	sc_hand(g, 1, h1);
	sc_apply(g, sc_act(CRISK_CATAN_CONFIRM, 1));
	sc_hand(g, 0, a0);
	sc_hand(g, 1, a1);
	ck_assert_int_eq(a0[CRISK_CATAN_WOOL], h0[CRISK_CATAN_WOOL] - 1);
	ck_assert_int_eq(a0[CRISK_CATAN_GRAIN], h0[CRISK_CATAN_GRAIN] + 1);
	ck_assert_int_eq(a1[CRISK_CATAN_WOOL], h1[CRISK_CATAN_WOOL] + 1);
	ck_assert_int_eq(a1[CRISK_CATAN_GRAIN], h1[CRISK_CATAN_GRAIN] - 1);
	ck_assert(sc_at_main(g));
	ck_assert_int_eq(sc_seat(g), 0);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_OFFER, CRISK_VIEWER_SPECTATOR, NULL), 1);
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_ANSWER, CRISK_VIEWER_SPECTATOR, NULL), 3);
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_TRADE, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.seat, 0);
	ck_assert_int_eq(e.target, 1);
	crisk_game_free(g);
}
END_TEST

/* B-97: cancel after an accept; nobody accepting ends the offer with no
 * further decision; an offer to one seat asks only that seat. */
START_TEST(test_b97_cancel_and_nobody_accepts)
{
	crisk_game *g = trade_game(NULL);
	char *before = sc_json(g, CRISK_VIEWER_OMNISCIENT);
	int32_t h[4][5];
	for (int s = 0; s < 4; s++)
		sc_hand(g, s, h[s]);
	sc_apply(g, sc_offer(give_wool, want_grain, CRISK_CATAN_TO_ALL));
	sc_apply(g, sc_act(CRISK_CATAN_ACCEPT, 0));
	sc_apply(g, sc_act(CRISK_CATAN_ACCEPT, 0));
	sc_apply(g, sc_act(CRISK_CATAN_DECLINE, 0));
	uint64_t since = sc_next_seq(g);
	sc_apply(g, sc_act(CRISK_CATAN_CANCEL, 0));
	ck_assert(sc_at_main(g));
	for (int s = 0; s < 4; s++) {
		int32_t now[5];
		sc_hand(g, s, now);
		ck_assert_int_eq(memcmp(now, h[s], sizeof now), 0);
	}
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_TRADE_CANCEL, CRISK_VIEWER_SPECTATOR, NULL), 1);
	free(before);

	/* Everybody declines: straight back to the main phase. */
	sc_apply(g, sc_offer(give_wool, want_grain, CRISK_CATAN_TO_ALL));
	for (int s = 1; s < 4; s++) {
		ck_assert_int_eq(sc_seat(g), s);
		sc_apply(g, sc_act(CRISK_CATAN_DECLINE, 0));
	}
	ck_assert_int_eq(sc_seat(g), 0);
	ck_assert(sc_at_main(g));

	/* To seat 2 only. */
	sc_apply(g, sc_offer(give_wool, want_grain, 2));
	ck_assert_int_eq(sc_seat(g), 2);
	sc_apply(g, sc_act(CRISK_CATAN_DECLINE, 0));
	ck_assert_int_eq(sc_seat(g), 0);
	ck_assert(sc_at_main(g));
	crisk_game_free(g);
}
END_TEST

/* B-99: at most max_trade_offers_per_turn offers per turn, whatever their outcome. */
START_TEST(test_b99_offer_limit)
{
	crisk_game *g = trade_game("max_trade_offers_per_turn=2");
	for (int i = 0; i < 2; i++) {
		sc_apply(g, sc_offer(give_wool, want_grain, 2));
		sc_apply(g, sc_act(CRISK_CATAN_DECLINE, 0));
	}
	sc_refuse(g, sc_offer(give_wool, want_grain, 2));
	crisk_action buf[256];
	size_t n = sc_legal_list(g, buf, 256);
	for (size_t i = 0; i < n; i++)
		ck_assert_uint_ne(buf[i] >> 56, CRISK_CATAN_OFFER_TRADE);
	/* Maritime trade is not an offer. */
	sc_end_turn(g);
	sc_to_main(g, 0);
	ck_assert(sc_legal(g, sc_offer(give_wool, want_grain, 2)));
	crisk_game_free(g);
}
END_TEST

/* Size of the canonical offer family (B-100) for a hand. */
static int family_size(const int32_t h[5])
{
	int n = 0;
	for (int x = 0; x < 5; x++) {
		if (!h[x])
			continue;
		n += 4;          /* 1 X for 1 Y */
		n += 4 + 6;      /* 1 X for ZZ or ZW, Z, W != X */
		if (h[x] >= 2)
			n += 4; /* XX for 1 Z */
		for (int y = x + 1; y < 5; y++)
			if (h[y])
				n += 3; /* XY for 1 Z */
	}
	return n;
}

/* B-100: the listed offers are the canonical family to ALL; apply accepts
 * well-formed offers outside it. */
START_TEST(test_b100_listed_offers)
{
	crisk_game *g = trade_game(NULL);
	int32_t h[5];
	sc_hand(g, 0, h);
	crisk_action buf[512];
	size_t n = sc_legal_list(g, buf, 512);
	int offers = 0;
	for (size_t i = 0; i < n; i++) {
		crisk_catan_action d;
		crisk_catan_action_init(&d, CRISK_CATAN_ACTION_VERSION);
		ck_assert_int_eq(crisk_catan_action_decode(&d, buf[i]), CRISK_OK);
		if (d.type != CRISK_CATAN_OFFER_TRADE)
			continue;
		offers++;
		ck_assert_int_eq(d.to, CRISK_CATAN_TO_ALL);
		int gives = 0, wants = 0;
		for (int r = 0; r < 5; r++) {
			ck_assert_int_le(d.give[r], h[r]);
			ck_assert(!(d.give[r] && d.want[r]));
			gives += d.give[r];
			wants += d.want[r];
		}
		ck_assert((gives == 1 && wants == 1) || (gives == 2 && wants == 1) || (gives == 1 && wants == 2));
	}
	ck_assert_int_eq(offers, family_size(h));
	ck_assert_int_le(offers, 120);
	/* 1 lumber + 1 ore for 3 brick to seat 3: not listed, still legal. */
	const int give[5] = {0, 1, 0, 0, 1}, want[5] = {3, 0, 0, 0, 0};
	crisk_action odd = sc_offer(give, want, 3);
	ck_assert(!sc_listed(g, odd));
	ck_assert(sc_legal(g, odd));
	sc_apply(g, odd);
	ck_assert_int_eq(sc_seat(g), 3);
	crisk_game_free(g);
}
END_TEST

static void maritime_given(const crisk_game *g, uint64_t since, int expect)
{
	crisk_event e;
	ck_assert_int_eq(sc_count_events(g, since, CRISK_CATAN_EV_MARITIME, CRISK_VIEWER_SPECTATOR, &e), 1);
	ck_assert_int_eq(e.args[1], expect);
}

/* B-101, B-76: 4:1 without a harbor, 3:1 with a generic harbor, 2:1 with the
 * matching special harbor, each usable in the turn it is built. */
START_TEST(test_b101_b76_maritime_rates)
{
	crisk_game *g = sc_standard("vp_target=30");
	sc_gain(g, 0, CRISK_CATAN_WOOL, 3);
	sc_to_main(g, 0);
	sc_refuse(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_WOOL, CRISK_CATAN_BRICK));
	sc_gain(g, 0, CRISK_CATAN_WOOL, 4);
	sc_to_main(g, 0);
	sc_refuse(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_WOOL, CRISK_CATAN_WOOL));
	int32_t b0[5], b1[5], h0[5], h1[5];
	ck_assert_int_eq(crisk_catan_bank(g, b0, NULL), CRISK_OK);
	sc_hand(g, 0, h0);
	uint64_t since = sc_next_seq(g);
	sc_apply(g, sc_parse(g, "maritime_trade wool brick"));
	maritime_given(g, since, 4);
	ck_assert_int_eq(crisk_catan_bank(g, b1, NULL), CRISK_OK);
	sc_hand(g, 0, h1);
	ck_assert_int_eq(h0[CRISK_CATAN_WOOL] - h1[CRISK_CATAN_WOOL], 4);
	ck_assert_int_eq(h1[CRISK_CATAN_BRICK] - h0[CRISK_CATAN_BRICK], 1);
	ck_assert_int_eq(b1[CRISK_CATAN_WOOL] - b0[CRISK_CATAN_WOOL], 4);
	ck_assert_int_eq(b0[CRISK_CATAN_BRICK] - b1[CRISK_CATAN_BRICK], 1);

	/* Generic harbor on 3 (slot 0): 3:1 in the same turn. */
	const int settle[5] = {2, 2, 4, 1, 0};
	sc_gain_all(g, 0, settle);
	sc_to_main(g, 0);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 6));
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 3));
	sc_hand(g, 0, h0);
	ck_assert_int_ge(h0[CRISK_CATAN_WOOL], 3);
	since = sc_next_seq(g);
	sc_apply(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_WOOL, CRISK_CATAN_ORE));
	maritime_given(g, since, 3);

	/* Wool harbor on 42 (slot 4): 2:1 for wool, still 3:1 for others. */
	const int settle2[5] = {2, 2, 3, 1, 0};
	sc_gain_all(g, 0, settle2);
	sc_to_main(g, 0);
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_ROAD, 53));
	sc_apply(g, sc_act(CRISK_CATAN_BUILD_SETTLEMENT, 42));
	since = sc_next_seq(g);
	sc_apply(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_WOOL, CRISK_CATAN_GRAIN));
	maritime_given(g, since, 2);
	sc_hand(g, 0, h0);
	if (h0[CRISK_CATAN_LUMBER] < 3)
		sc_refuse(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_LUMBER, CRISK_CATAN_GRAIN));
	crisk_game_free(g);
}
END_TEST

/* B-95, B-102: no trade before the roll, in the 7 sequence, or while a card
 * resolves. */
START_TEST(test_b95_b102_trade_only_in_main)
{
	crisk_game *g = sc_standard(NULL);
	sc_gain(g, 0, CRISK_CATAN_WOOL, 4);
	sc_to_preroll(g, 0);
	sc_refuse(g, sc_offer(give_wool, want_grain, CRISK_CATAN_TO_ALL));
	sc_refuse(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_WOOL, CRISK_CATAN_BRICK));
	sc_roll(g, 7);
	/* Robber pending (and discards, if any): no trade. */
	sc_refuse(g, sc_offer(give_wool, want_grain, CRISK_CATAN_TO_ALL));
	sc_refuse(g, sc_act2(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_WOOL, CRISK_CATAN_BRICK));
	crisk_game_free(g);
}
END_TEST

static Suite *trade_suite(void)
{
	Suite *s = suite_create("rules_trade");
	TCase *tc = tcase_create("trade");
	tcase_add_test(tc, test_b96_offer_validation);
	tcase_add_test(tc, test_b97_accept_and_confirm);
	tcase_add_test(tc, test_b97_cancel_and_nobody_accepts);
	tcase_add_test(tc, test_b99_offer_limit);
	tcase_add_test(tc, test_b100_listed_offers);
	tcase_add_test(tc, test_b101_b76_maritime_rates);
	tcase_add_test(tc, test_b95_b102_trade_only_in_main);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(trade_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
