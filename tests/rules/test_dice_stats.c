/* Statistical tests of automatic chance (B-140, B-133, B-65, B-74; bounds
 * from rules/probabilities.md section 4): dice sums over >= 100,000 rolls by
 * chi-square (10 d.o.f., critical 35.56 at alpha 1e-4) and +-5 SE per sum;
 * each die +-5 SE per face; stolen card types and drawn development cards
 * against their per-event probabilities (sum of p, +-5 sqrt(sum p(1-p))).
 * Fixed seeds: the test is deterministic. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scenario.h"

#define GAMES 24
#define ROLLS_PER_GAME 4500

typedef struct tally {
	long sums[13];
	long faces[2][7];
	long rolls;
	double steal_expect[5], steal_var[5];
	long steal_seen[5], steals;
	double draw_expect[5], draw_var[5];
	long draw_seen[5], draws;
} tally;

static uint32_t type_of(crisk_action a)
{
	return (uint32_t)(a >> 56);
}

/* Deck counts by type: the full deck minus every seat's cards (nothing is
 * played in these games). */
static void deck_counts(const crisk_game *g, int seats, int deck[5])
{
	const int full[5] = {14, 5, 2, 2, 2};
	for (int c = 0; c < 5; c++)
		deck[c] = full[c];
	for (int s = 0; s < seats; s++) {
		int32_t d[5];
		SC_EQ(crisk_catan_dev_cards(g, s, CRISK_VIEWER_OMNISCIENT, d), CRISK_OK);
		for (int c = 0; c < 5; c++)
			deck[c] -= d[c];
	}
}

/* Applies `a`; when it may steal, records the victim's hand beforehand and
 * the STEAL event afterwards. */
static void apply_recording_steal(crisk_game *g, crisk_action a, int seats, tally *t)
{
	int32_t hands[CRISK_MAX_SEATS][5];
	for (int s = 0; s < seats; s++)
		sc_hand(g, s, hands[s]);
	uint64_t since = sc_next_seq(g);
	sc_apply(g, a);
	crisk_event e;
	if (sc_count_events(g, since, CRISK_CATAN_EV_STEAL, CRISK_VIEWER_OMNISCIENT, &e) != 1)
		return;
	SC_CHECK(e.target >= 0 && e.target < seats, "%s", "e.target >= 0 && e.target < seats");
	const int32_t *h = hands[e.target];
	double size = h[0] + h[1] + h[2] + h[3] + h[4];
	SC_CHECK(size > 0, "%s", "size > 0");
	for (int r = 0; r < 5; r++) {
		double p = h[r] / size;
		t->steal_expect[r] += p;
		t->steal_var[r] += p * (1 - p);
	}
	SC_CHECK(e.args[0] >= 0 && e.args[0] < 5, "%s", "e.args[0] >= 0 && e.args[0] < 5");
	t->steal_seen[e.args[0]]++;
	t->steals++;
}

static void play_game(uint64_t seed, tally *t)
{
	char params[128];
	snprintf(params, sizeof params, "players=4 seed=%llu board=random chance=auto vp_target=30",
		 (unsigned long long)seed);
	crisk_game *g = sc_new_game("base", params);
	crisk_game_set_event_capacity(g, 64);
	int seats = 4;
	crisk_action buf[512];
	uint64_t pick = seed;
	long rolls = 0;
	while (rolls < ROLLS_PER_GAME) {
		SC_EQ(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
		size_t n = sc_legal_list(g, buf, 512);
		SC_CHECK((n) > (0), "%s", "n > 0");
		SC_CHECK((n) <= (512), "%s", "n <= 512");
		pick = pick * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
		crisk_action a = buf[(pick >> 33) % n];
		if (sc_at_preroll(g)) {
			uint64_t since = sc_next_seq(g);
			sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
			crisk_event e;
			SC_EQ(sc_count_events(g, since, CRISK_CATAN_EV_DICE, CRISK_VIEWER_SPECTATOR, &e), 1);
			SC_CHECK(e.args[0] >= 2 && e.args[0] <= 12, "%s", "e.args[0] >= 2 && e.args[0] <= 12");
			SC_CHECK(e.args[1] >= 1 && e.args[1] <= 6 && e.args[2] >= 1 && e.args[2] <= 6, "%s", "e.args[1] >= 1 && e.args[1] <= 6 && e.args[2] >= 1 && e.args[2] <= 6");
			SC_EQ(e.args[0], e.args[1] + e.args[2]);
			t->sums[e.args[0]]++;
			t->faces[0][e.args[1]]++;
			t->faces[1][e.args[2]]++;
			rolls++;
			continue;
		}
		if (sc_at_main(g)) {
			/* Buy development cards when possible, else end the turn. */
			crisk_action buy = sc_act(CRISK_CATAN_BUY_DEV, 0);
			if (sc_legal(g, buy)) {
				int deck[5], size = 0;
				deck_counts(g, seats, deck);
				for (int c = 0; c < 5; c++)
					size += deck[c];
				int32_t before[5], after[5];
				int seat = sc_seat(g);
				SC_EQ(crisk_catan_dev_cards(g, seat, CRISK_VIEWER_OMNISCIENT, before), CRISK_OK);
				sc_apply(g, buy);
				SC_EQ(crisk_catan_dev_cards(g, seat, CRISK_VIEWER_OMNISCIENT, after), CRISK_OK);
				for (int c = 0; c < 5; c++) {
					double p = (double)deck[c] / size;
					t->draw_expect[c] += p;
					t->draw_var[c] += p * (1 - p);
					t->draw_seen[c] += after[c] - before[c];
				}
				t->draws++;
				continue;
			}
			sc_end_turn(g);
			continue;
		}
		/* Discards, robber and victim: random listed actions. */
		uint32_t type = type_of(a);
		if (type == CRISK_CATAN_MOVE_ROBBER || type == CRISK_CATAN_STEAL_FROM)
			apply_recording_steal(g, a, seats, t);
		else
			sc_apply(g, a);
	}
	t->rolls += rolls;
	crisk_game_free(g);
}

static void check_count(const char *what, long seen, double expect, double var)
{
	double se = sqrt(var);
	ck_assert_msg(fabs(seen - expect) <= 5 * se + 1e-9, "%s: %ld seen, %.1f expected (5 SE = %.1f)", what, seen,
		      expect, 5 * se);
}

/* B-140, B-133, B-65, B-74. */
START_TEST(test_b140_dice_steal_draw_frequencies)
{
	tally *t = calloc(1, sizeof *t);
	ck_assert_ptr_nonnull(t);
	for (int i = 0; i < GAMES; i++)
		play_game(UINT64_C(20260000) + (uint64_t)i, t);
	ck_assert_int_ge(t->rolls, 100000);
	double n = (double)t->rolls, chi2 = 0;
	for (int s = 2; s <= 12; s++) {
		double p = (6 - abs(7 - s)) / 36.0;
		char what[32];
		snprintf(what, sizeof what, "sum %d", s);
		check_count(what, t->sums[s], n * p, n * p * (1 - p));
		chi2 += (t->sums[s] - n * p) * (t->sums[s] - n * p) / (n * p);
	}
	ck_assert_msg(chi2 < 35.56, "chi-square %.2f >= 35.56 (10 d.o.f., alpha 1e-4)", chi2);
	for (int d = 0; d < 2; d++)
		for (int f = 1; f <= 6; f++) {
			char what[32];
			snprintf(what, sizeof what, "die %d face %d", d + 1, f);
			check_count(what, t->faces[d][f], n / 6, n * (1.0 / 6) * (5.0 / 6));
		}
	ck_assert_int_ge(t->steals, 200);
	for (int r = 0; r < 5; r++) {
		char what[32];
		snprintf(what, sizeof what, "stolen resource %d", r);
		check_count(what, t->steal_seen[r], t->steal_expect[r], t->steal_var[r]);
	}
	ck_assert_int_ge(t->draws, 200);
	for (int c = 0; c < 5; c++) {
		char what[32];
		snprintf(what, sizeof what, "drawn card %d", c);
		check_count(what, t->draw_seen[c], t->draw_expect[c], t->draw_var[c]);
	}
	free(t);
}
END_TEST

static Suite *stats_suite(void)
{
	Suite *s = suite_create("rules_dice_stats");
	TCase *tc = tcase_create("stats");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_b140_dice_steal_draw_frequencies);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(stats_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
