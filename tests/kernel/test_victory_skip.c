/* The kernel's skipped victory checks (kern_hooks.victory_as_base;
 * docs/decisions.md "Performance, fifth round" 1 and "Performance, eighth
 * round"): at every step of random games of every Catan module, the full
 * check of B-105, B-106, B-110 (RC-28, H-86, H-110, T-4: the active seat,
 * on its own turn, at once, hidden VP included) run on the state after the
 * step finds no win left undeclared.  A win that a skipped check missed
 * would be pending there: the game running, a turn under way, no knight's
 * robber move open (B-80), no special build phase or paired part (B-119,
 * B-123), and the active seat at its target.  Games go one step at a time
 * through crisk_game_playout (the module's own apply and loop), both chance
 * modes. */
#include <check.h>
#include <stdio.h>

#include "catanrisk.h"
#include "catan/kernel.h"
#include "core/error.h"
#include "core/rules_impl.h"

/* check_victory of lib/catan/flow.c: would the full check declare a win? */
static int win_pending(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	if (h->status != CRISK_STATUS_RUNNING || h->turn == 0 || h->knight || h->part_owner != NO_SEAT)
		return 0;
	return ktotal_vp(k, st, h->active) >= k->cfg.vp_target;
}

static const struct {
	const char *module, *params;
	int games;
} cases[] = {
	{"base", "players=3", 12},
	{"base", "players=4 chance=explicit", 12},
	{"base", "players=6", 8},
	{"two_player", "", 16},
	{"two_player", "chance=explicit", 12},
	{"risk", "players=2 board=random", 6},
	{"risk", "players=3 board=random chance=explicit", 6},
	{"risk", "players=4 board=random fog=on", 6},
	{"hawaii", "players=3", 8},
	{"hawaii", "players=4 chance=explicit", 8},
	{"hawaii", "players=5 friendly_robber=1", 6},
	{"hawaii", "players=6", 6},
};

/* B-105, B-106, B-110 at every step of the games of cases[_i]. */
START_TEST(no_win_left_pending_B105_B106_B110)
{
	int wins = 0;
	long steps = 0;
	for (int game = 0; game < cases[_i].games; game++) {
		crisk_rules *r;
		crisk_game *g;
		char full[256];
		snprintf(full, sizeof full, "%s seed=%d", cases[_i].params, 500 + 17 * _i + game);
		ck_assert_msg(crisk_rules_new(&r, cases[_i].module, full) == CRISK_OK, "%s", crisk_error_last());
		ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
		const kern *k = g->data; /* every Catan module's rules begin with their kern */
		uint64_t draws = 9000 + (uint64_t)(100 * _i + game);
		for (int step = 0; crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING && step < 40000; step++) {
			uint64_t n = 0;
			ck_assert_msg(crisk_game_playout(g, 0, 1, &draws, &n) == CRISK_OK && n == 1, "%s %s step %d: %s",
				      cases[_i].module, full, step, crisk_error_last());
			steps++;
			ck_assert_msg(!win_pending(k, g->state),
				      "%s %s step %d: seat %d has %d of %d VP on its turn and no win was declared",
				      cases[_i].module, full, step, ks(g->state)->active,
				      ktotal_vp(k, g->state, ks(g->state)->active), k->cfg.vp_target);
		}
		wins += crisk_game_status(g, NULL) == CRISK_STATUS_WON;
		crisk_game_free(g);
		crisk_rules_free(r);
	}
	ck_assert_msg(wins > 0, "%s %s: no game won in %ld steps", cases[_i].module, cases[_i].params, steps);
}
END_TEST

static Suite *victory_skip_suite(void)
{
	Suite *s = suite_create("victory_skip");
	TCase *tc = tcase_create("victory");
	tcase_set_timeout(tc, 0);
	tcase_add_loop_test(tc, no_win_left_pending_B105_B106_B110, 0, (int)(sizeof cases / sizeof cases[0]));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(victory_skip_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
