/* The conformance suite on module muhq: the three maps of this module with
 * 2 seats (and 3, 4 on 4P-islands), every draft form, automatic and
 * explicit chance.  The invariants below read the state block itself:
 * every card in exactly one valid zone, tiles and permanents agree both
 * ways, piles are well formed, resources never negative (M-28), the stack
 * empty outside priority phases (M-26), and views never name a card a
 * viewer may not know (M-6).  CRISK_CONFORMANCE_GAMES (environment) sets
 * the games per configuration. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "conformance.h"
#include "catanrisk.h"
#include "../../lib/core/rules_impl.h"
#include "../../lib/muhq/mq.h"
#include "../../lib/muhq/mq_engine.h"

#define DEFAULT_GAMES 3

static int board_invariant(const mq_rules *R, const mq_state *S, char *msg, size_t cap)
{
	const mq_card *cs = mq_ccards(R, S);
	const uint16_t *occ = mq_cocc(R, S);
	for (int s = 0; s < R->seats; s++)
		if (S->seat[s].res < 0) {
			snprintf(msg, cap, "seat %d has resource %d (M-28)", s, S->seat[s].res);
			return 1;
		}
	for (int t = 0; t < R->ntile; t++) {
		unsigned c = occ[t];
		if (c != MQ_NONE && (c >= R->ncard || !mq_on_map(&cs[c]) || cs[c].up != MQ_NONE || cs[c].pos != t)) {
			snprintf(msg, cap, "tile %d names card %u, which does not stand there", t, c);
			return 1;
		}
	}
	for (uint32_t c = 0; c < R->ncard; c++) {
		if (cs[c].zone >= MQ_Z_COUNT) {
			snprintf(msg, cap, "card %u in zone %d", c, cs[c].zone);
			return 1;
		}
		if (!mq_on_map(&cs[c]))
			continue;
		if (cs[c].up == MQ_NONE ? occ[cs[c].pos] != c : cs[mq_root(cs, c)].up != MQ_NONE) {
			snprintf(msg, cap, "permanent %u is not on its tile", c);
			return 1;
		}
		if (cs[c].up != MQ_NONE && (cs[cs[c].up].ctrl != cs[c].ctrl || !mq_on_map(&cs[cs[c].up]))) {
			snprintf(msg, cap, "pile member %u and its base %u differ in controller or place", c, cs[c].up);
			return 1;
		}
		if (mq_is_unitlike(R, c) && mq_equipment_count(R, S, c) > MQ_EQUIP_MAX) {
			snprintf(msg, cap, "unit %u carries more than two pieces of equipment (M-77)", c);
			return 1;
		}
	}
	if (S->nstack && (S->phase == MQ_PH_BUY || S->phase == MQ_PH_CLEANUP || S->phase == MQ_PH_DRAFT)) {
		snprintf(msg, cap, "%d items on the stack in phase %d (M-26)", S->nstack, S->phase);
		return 1;
	}
	return 0;
}

/* No card id a viewer may not know appears in its view (M-6, M-9). */
static int view_invariant(const crisk_game *g, const mq_rules *R, const mq_state *S, char *msg, size_t cap)
{
	const mq_card *cs = mq_ccards(R, S);
	for (int v = -1; v < R->seats; v++) {
		int viewer = v < 0 ? CRISK_VIEWER_SPECTATOR : v;
		size_t len = 0;
		crisk_game_to_json(g, viewer, NULL, 0, &len);
		char *js = malloc(len + 1);
		if (!js || crisk_game_to_json(g, viewer, js, len + 1, &len) != CRISK_OK) {
			free(js);
			snprintf(msg, cap, "view of %d failed", viewer);
			return 1;
		}
		int bad = -1;
		for (uint32_t c = 0; c < R->ncard && bad < 0; c++) {
			int hidden = cs[c].zone == MQ_Z_DECK || cs[c].zone == MQ_Z_POOL ||
				     ((cs[c].zone == MQ_Z_HAND || cs[c].zone == MQ_Z_PICKED) && cs[c].ctrl != v) ||
				     (cs[c].zone == MQ_Z_DRAFT && (int)cs[c].pos != (v < 0 ? -2 : mq_draft_pile(R, S, v)));
			if (!hidden)
				continue;
			char pat[4][32];
			snprintf(pat[0], sizeof pat[0], "\"id\":%u,", c);
			snprintf(pat[1], sizeof pat[1], "\"id\":%u}", c);
			snprintf(pat[2], sizeof pat[2], "\"id\": %u,", c);
			snprintf(pat[3], sizeof pat[3], "\"id\": %u}", c);
			for (int f = 0; f < 4; f++)
				if (strstr(js, pat[f]))
					bad = (int)c;
		}
		free(js);
		if (bad >= 0) {
			snprintf(msg, cap, "the view of %d names hidden card %d (zone %d)", viewer, bad, cs[bad].zone);
			return 1;
		}
	}
	return 0;
}

static int invariant(const crisk_game *g, char *msg, size_t cap)
{
	const mq_rules *R = g->data;
	const mq_state *S = (const mq_state *)g->state;
	return board_invariant(R, S, msg, cap) || view_invariant(g, R, S, msg, cap);
}

static const conformance_options muhq_options = {
	.invariant = invariant, .rare_types = UINT64_C(1) << MQ_A_CONCEDE};

static void run_config(const char *params, uint64_t first_seed)
{
	conformance_check("muhq", params, DEFAULT_GAMES, first_seed, &muhq_options);
}

START_TEST(test_ring_street_quick_start)
{
	run_config("map=2P-ring-street players=2 draft=none limit=12", 51000);
}
END_TEST

START_TEST(test_ring_street_piles_explicit)
{
	run_config("map=2P-ring-street players=2 draft=piles chance=explicit limit=8", 52000);
}
END_TEST

START_TEST(test_river_king_pack_draft)
{
	run_config("map=2P-river-king players=2 draft=3x2x8 limit=12", 53000);
}
END_TEST

START_TEST(test_river_king_explicit)
{
	run_config("map=2P-river-king players=2 draft=none chance=explicit limit=12", 54000);
}
END_TEST

START_TEST(test_islands_two_seats)
{
	run_config("map=4P-islands players=2 draft=none limit=10", 55000);
}
END_TEST

START_TEST(test_islands_three_seats_piles)
{
	run_config("map=4P-islands players=3 draft=piles limit=6", 56000);
}
END_TEST

START_TEST(test_islands_four_seats_explicit)
{
	run_config("map=4P-islands players=4 draft=none chance=explicit limit=8", 57000);
}
END_TEST

/* AI-played seats (M-98) beside random ones: the AI's picks are chance
 * points in explicit mode, and its progress is saved with the game. */
START_TEST(test_ai_seat_ring_street)
{
	run_config("map=2P-ring-street players=2 draft=none ai=1 limit=12", 58000);
}
END_TEST

START_TEST(test_ai_seat_river_king_piles_explicit)
{
	run_config("map=2P-river-king players=2 draft=piles chance=explicit ai=0 limit=10", 59000);
}
END_TEST

START_TEST(test_ai_seats_islands_pack_explicit)
{
	run_config("map=4P-islands players=4 draft=2x2x8 chance=explicit ai=1,3 limit=6", 60000);
}
END_TEST

/* Kraken mode (M-99..M-102): 1-4 human seats against seat K, random or
 * AI-played, both chance modes. */
START_TEST(test_kraken_one_seat)
{
	run_config("map=the-kraken players=1 draft=none limit=6", 61000);
}
END_TEST

START_TEST(test_kraken_two_seats_explicit)
{
	run_config("map=the-kraken players=2 chance=explicit limit=5", 62000);
}
END_TEST

START_TEST(test_kraken_three_seats_ai)
{
	run_config("map=the-kraken players=3 draft=none ai=0,2 limit=5", 63000);
}
END_TEST

START_TEST(test_kraken_four_ai_seats_explicit)
{
	run_config("map=the-kraken players=4 draft=none ai=0,1,2,3 chance=explicit limit=4", 64000);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("conformance_muhq");
	TCase *tc = tcase_create("muhq");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_ring_street_quick_start);
	tcase_add_test(tc, test_ring_street_piles_explicit);
	tcase_add_test(tc, test_river_king_pack_draft);
	tcase_add_test(tc, test_river_king_explicit);
	tcase_add_test(tc, test_islands_two_seats);
	tcase_add_test(tc, test_islands_three_seats_piles);
	tcase_add_test(tc, test_ai_seat_ring_street);
	tcase_add_test(tc, test_ai_seat_river_king_piles_explicit);
	tcase_add_test(tc, test_ai_seats_islands_pack_explicit);
	tcase_add_test(tc, test_kraken_one_seat);
	tcase_add_test(tc, test_kraken_two_seats_explicit);
	tcase_add_test(tc, test_kraken_three_seats_ai);
	tcase_add_test(tc, test_kraken_four_ai_seats_explicit);
	tcase_add_test(tc, test_islands_four_seats_explicit);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
