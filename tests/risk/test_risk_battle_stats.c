/* Single-roll battle odds of RC-20 against probabilities.md section 2.
 *  - Exact: in explicit chance mode the listed dice sets and their
 *    probabilities, folded into (attacker loss, defender loss) by this
 *    test's own comparison, equal the enumerated fractions to 1e-12.
 *  - Statistical: in auto chance mode ATTACK rolls from the game's RNG
 *    (fixed seeds).  N rolls per matchup; each observed frequency must lie
 *    within 5 standard errors sqrt(p(1-p)/N) of the exact p, which fails
 *    less than once in a million runs per check (probabilities.md, "Statistical
 *    test guidance").  A side rolling its maximum dice (3 attacking, 2
 *    defending) gets 30000 armies (two such sides stay within the 65535 a
 *    board holds) and is reset when it drops below them; a side with exactly
 *    1 or 2 is reset through the JSON save after a roll that cost it armies,
 *    which keeps the RNG state, so rolls are independent draws.
 *    3v2 takes 50000 rolls (5 SE = 0.0108 on p = 0.3717), the others 8000
 *    (5 SE at most 0.0276), to keep the sanitizer run short. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "risk_scenario.h"

typedef struct matchup {
	int a, d;
	/* (attacker loss, defender loss) -> numerator over `total` */
	int n_outcomes;
	int att_loss[3], def_loss[3], num[3];
	int total;
} matchup;

static const matchup table[6] = {
	{3, 2, 3, {0, 1, 2}, {2, 1, 0}, {2890, 2611, 2275}, 7776},
	{2, 2, 3, {0, 1, 2}, {2, 1, 0}, {295, 420, 581}, 1296},
	{3, 1, 2, {0, 1}, {1, 0}, {855, 441}, 1296},
	{2, 1, 2, {0, 1}, {1, 0}, {125, 91}, 216},
	{1, 2, 2, {0, 1}, {1, 0}, {55, 161}, 216},
	{1, 1, 2, {0, 1}, {1, 0}, {15, 21}, 36},
};

static void unpack(int v, int *d, int *n)
{
	int tmp[4];
	*n = 0;
	for (; v; v >>= 4)
		tmp[(*n)++] = v & 0xF;
	for (int i = 0; i < *n; i++)
		d[i] = tmp[*n - 1 - i];
}

/* This test's own RC-20 comparison. */
static void losses(int att_packed, int def_packed, int *al, int *dl)
{
	int a[4], d[4], na, nd;
	unpack(att_packed, a, &na);
	unpack(def_packed, d, &nd);
	*al = *dl = 0;
	for (int i = 0; i < na && i < nd; i++) {
		if (a[i] > d[i])
			(*dl)++;
		else
			(*al)++;
	}
}

static crisk_game *position(const char *extra, int a, int d)
{
	crisk_game *g = rs_two(extra);
	if (extra && strstr(extra, "chance=auto")) {
		sc_apply(g, sc_act(CRISK_CATAN_ROLL, 0));
		while (!sc_at_main(g)) { /* a 7: discards and the robber, first legal choices */
			crisk_action first[1];
			sc_legal_list(g, first, 1);
			sc_apply(g, first[0]);
		}
	} else {
		sc_roll(g, 2);
	}
	rs_set_two(&g, 4, a, d);
	return g;
}

START_TEST(test_rc20_exact_single_roll_odds)
{
	const matchup *m = &table[_i];
	crisk_game *g = position(NULL, m->a, m->d);
	sc_apply(g, rs_act(CRISK_RISK_ATTACK, 4, 1, 0));
	size_t count = 0;
	crisk_game_chance_probabilities(g, NULL, NULL, 0, &count);
	crisk_action *acts = malloc(count * sizeof *acts);
	double *probs = malloc(count * sizeof *probs);
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, count, &count), CRISK_OK);
	double p[3] = {0, 0, 0}, total = 0;
	for (size_t i = 0; i < count; i++) {
		crisk_catan_action f;
		crisk_catan_action_init(&f, CRISK_CATAN_ACTION_VERSION);
		ck_assert_int_eq(crisk_catan_action_decode(&f, acts[i]), CRISK_OK);
		int al, dl;
		losses(f.arg[0], f.arg[1], &al, &dl);
		int k = -1;
		for (int j = 0; j < m->n_outcomes; j++)
			if (m->att_loss[j] == al && m->def_loss[j] == dl)
				k = j;
		ck_assert_int_ge(k, 0);
		p[k] += probs[i];
		total += probs[i];
	}
	ck_assert_double_eq_tol(total, 1.0, 1e-12);
	for (int j = 0; j < m->n_outcomes; j++)
		ck_assert_double_eq_tol(p[j], (double)m->num[j] / m->total, 1e-12);
	free(acts);
	free(probs);
	crisk_game_free(g);
}
END_TEST

#define BIG 30000

START_TEST(test_rc20_sampled_single_roll_odds)
{
	const matchup *m = &table[_i];
	char extra[64];
	snprintf(extra, sizeof extra, "chance=auto seed=%d", 101 + _i);
	int a = m->a == 3 ? BIG : m->a, d = m->d == 2 ? BIG : m->d;
	int rolls = m->a == 3 && m->d == 2 ? 50000 : 8000;
	crisk_game *g = position(extra, a, d);
	int seen[3] = {0, 0, 0}, cur_a = a, cur_d = d;
	for (int n = 0; n < rolls; n++) {
		uint64_t since = sc_next_seq(g);
		sc_apply(g, rs_act(CRISK_RISK_ATTACK, 4, 1, 0));
		crisk_event e;
		ck_assert_int_eq(sc_count_events(g, since, CRISK_RISK_EV_BATTLE_ROLL, CRISK_VIEWER_OMNISCIENT, &e), 1);
		int al, dl;
		losses((int)e.args[1], (int)e.args[2], &al, &dl);
		ck_assert_int_eq(al, e.args[3]);
		ck_assert_int_eq(dl, e.args[4]);
		for (int j = 0; j < m->n_outcomes; j++)
			seen[j] += m->att_loss[j] == al && m->def_loss[j] == dl;
		cur_a -= al;
		cur_d -= dl;
		if ((a == m->a && cur_a != a) || (d == m->d && cur_d != d) || (a == BIG && cur_a < 3) ||
		    (d == BIG && cur_d < 2)) {
			rs_set_two(&g, 4, a, d);
			cur_a = a;
			cur_d = d;
		}
	}
	for (int j = 0; j < m->n_outcomes; j++) {
		double p = (double)m->num[j] / m->total, se = sqrt(p * (1 - p) / rolls), f = (double)seen[j] / rolls;
		ck_assert_msg(fabs(f - p) <= 5 * se, "%dv%d outcome %d: observed %.5f, exact %.5f (5 SE = %.5f)", m->a,
			      m->d, j, f, p, 5 * se);
	}
	crisk_game_free(g);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("risk_battle_stats");
	TCase *tc = tcase_create("odds");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_rc20_exact_single_roll_odds, 0, 6);
	tcase_add_loop_test(tc, test_rc20_sampled_single_roll_odds, 0, 6);
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
