/* The conformance suite on module risk (RC-1..RC-32), with and without fog,
 * 2 to 4 seats, automatic and explicit chance.  The base checks stay; the
 * options let roads float after annexation (RC-14), count pieces taken over
 * supply (RC-12), and add the module invariants below on every step.
 * CRISK_CONFORMANCE_GAMES (environment) sets the games per configuration. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "conformance.h"
#include "../risk/risk_view.h"

#define DEFAULT_GAMES 2

static int extra_pieces(const crisk_game *g, int seat, int piece)
{
	rview v;
	if (rview_read(g, CRISK_VIEWER_OMNISCIENT, &v))
		return -1000;
	return v.over[seat][piece];
}

/* RC-3..RC-5 recomputed from the armies; RC-26 (no armies of seats that are
 * out); RC-31 (no army on a face-down hex); RC-32 (players never see a
 * face-down hex's terrain or requirement). */
static int invariant(const crisk_game *g, char *msg, size_t cap)
{
	rview v, p;
	if (rview_read(g, CRISK_VIEWER_OMNISCIENT, &v) || rview_read(g, 0, &p)) {
		snprintf(msg, cap, "view unreadable");
		return 1;
	}
	for (int h = 0; h < RV_HEXES; h++) {
		if (rview_check_hex(&v, h, v.out, msg, cap))
			return 1;
		if (!p.revealed[h] && (p.has_terrain[h] || p.has_requirement[h])) {
			snprintf(msg, cap, "hex %d: a face-down hex shows its terrain or requirement to seat 0 (RC-32)", h);
			return 1;
		}
	}
	return 0;
}

/* BUY_ARMIES, MOVE_ARMIES and REDEPLOY are listed with count 1 and the
 * largest; a count between is legal and stands as count 1. */
static crisk_action listed_as(crisk_action a)
{
	unsigned t = CRISK_ACTION_TYPE(a);
	crisk_catan_action f;
	crisk_action one;
	if ((t != CRISK_RISK_BUY_ARMIES && t != CRISK_RISK_MOVE_ARMIES && t != CRISK_RISK_REDEPLOY) ||
	    crisk_catan_action_init(&f, CRISK_CATAN_ACTION_VERSION) || crisk_catan_action_decode(&f, a) ||
	    f.arg[2] <= 1)
		return a;
	f.arg[2] = 1;
	return crisk_catan_action_encode(&one, &f) ? a : one;
}

static const conformance_options risk_options = {
	.floating_roads = 1, .extra_pieces = extra_pieces, .invariant = invariant, .listed_as = listed_as};

static void run_config(const char *params, uint64_t first_seed)
{
	conformance_check("risk", params, DEFAULT_GAMES, first_seed, &risk_options);
}

START_TEST(test_risk_two_seats_auto)
{
	run_config("players=2 board=random chance=auto max_turns=150", 11000);
}
END_TEST

START_TEST(test_risk_three_seats_explicit)
{
	run_config("players=3 board=random chance=explicit max_turns=150", 12000);
}
END_TEST

START_TEST(test_risk_four_seats_auto)
{
	run_config("players=4 board=beginner chance=auto max_turns=150 vp_target=8", 13000);
}
END_TEST

START_TEST(test_risk_four_seats_explicit)
{
	run_config("players=4 board=random chance=explicit max_turns=150", 14000);
}
END_TEST

/* RC-30..RC-32 with the same generic checks. */
START_TEST(test_risk_fog_auto)
{
	run_config("players=3 board=random chance=auto max_turns=150 fog=on", 15000);
}
END_TEST

START_TEST(test_risk_fog_explicit)
{
	run_config("players=4 board=random chance=explicit max_turns=150 fog=on", 16000);
}
END_TEST

static Suite *conformance_suite(void)
{
	Suite *s = suite_create("conformance_risk");
	TCase *tc = tcase_create("risk");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_risk_two_seats_auto);
	tcase_add_test(tc, test_risk_three_seats_explicit);
	tcase_add_test(tc, test_risk_four_seats_auto);
	tcase_add_test(tc, test_risk_four_seats_explicit);
	tcase_add_test(tc, test_risk_fog_auto);
	tcase_add_test(tc, test_risk_fog_explicit);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(conformance_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
