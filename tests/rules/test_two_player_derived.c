/* Issue 20 (two_player, session 12): the neutrals' road spots kept in the
 * state (tp_ext.roads, docs/decisions.md module two_player 13) are derived
 * data.  At every step of random games they must equal a recomputation from
 * scratch with the kernel's own rule test (kern_road_ok, T-12), the module's
 * state check must accept the live state, and a save loaded back must give
 * the same bytes.  The state check must refuse a state whose derived part is
 * wrong, and one with a neutral settlement away from its roads (T-12), which
 * the lister relies on.  White box: reads the state layout. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk.h"
#include "scenario.h"
#include "catan/kernel.h"
#include "catan/state_io.h"
#include "core/rules_impl.h"
#include "modules/two_player/two_player.h"

static const kern *kern_of(const crisk_game *g)
{
	return g->data;
}

/* T-12 from scratch: path p is in neutral j's set iff kern_road_ok says so. */
static void check_roads(const crisk_game *g, const char *where)
{
	const kern *k = kern_of(g);
	const tp_ext *x = tpx(k, g->state);
	ck_assert_int_le(k->pw, TP_ROAD_WORDS);
	for (int j = 0; j < TP_NEUTRALS; j++) {
		for (int p = 0; p < TP_ROAD_WORDS * 64; p++) {
			int want = p < k->b.n_path && kern_road_ok(k, g->state, k->seats + j, p);
			int have = (int)((x->roads[j][p >> 6] >> (p & 63)) & 1u);
			ck_assert_msg(have == want, "%s: neutral N%d, path %d: derived %d, from scratch %d", where, j, p,
				      have, want);
		}
	}
}

/* T-8, T-17, T-19: a new turn starts with no roll, no paid token action and
 * no knight discarded (the kernel zeroes the bytes, kern_config.turn_zero_len,
 * where the module's turn_start hook did). */
static void check_turn_start(const crisk_game *g, int32_t *turn, const char *where)
{
	const kern *k = kern_of(g);
	const kstate *h = ks(g->state);
	const tp_ext *x = tpx(k, g->state);
	if (h->turn == *turn)
		return;
	*turn = h->turn;
	ck_assert_msg(h->dp == DP_PRE_ROLL, "%s: turn %d starts at phase %s", where, (int)h->turn, kern_dp_name(h->dp));
	ck_assert_msg(!x->rolls && !x->first_sum && !x->token_used && !x->knight_swapped,
		      "%s: turn %d starts with rolls %d, first sum %d, token used %d, knight swapped %d", where,
		      (int)h->turn, x->rolls, x->first_sum, x->token_used, x->knight_swapped);
}

static void check_reload(const crisk_game *g, const char *where)
{
	size_t len = 0;
	crisk_game_save(g, NULL, 0, &len);
	void *buf = malloc(len);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(crisk_game_save(g, buf, len, &len), CRISK_OK);
	crisk_game *b = NULL;
	ck_assert_msg(crisk_game_load(&b, buf, len) == CRISK_OK, "%s: %s", where, crisk_error_last());
	ck_assert_msg(memcmp(g->state, b->state, g->state_size) == 0, "%s: the loaded state differs", where);
	crisk_game_free(b);
	free(buf);
}

#define GAMES 3

static void params_of(char *out, size_t cap, int i, int seed)
{
	static const char *const forms[GAMES][2] = {{"seed=", " max_turns=300"},
						     {"seed=", " max_turns=300 chance=explicit board=beginner"},
						     {"seed=", " max_turns=300 board=random_tokens vp_target=12"}};
	snprintf(out, cap, "%s%d%s", forms[i][0], seed, forms[i][1]);
}

START_TEST(derived_roads_every_step)
{
	crisk_action acts[512];
	uint64_t pick = 0x9E3779B97F4A7C15u + (uint64_t)_i;
	long steps = 0, neutral_roads = 0;
	for (int seed = 1; seed <= 6; seed++) {
		char params[128], where[192];
		params_of(params, sizeof params, _i, seed);
		crisk_game *g = sc_new_game("two_player", params);
		int32_t turn = 0;
		for (int step = 0; step < 6000 && crisk_game_current_seat(g) != CRISK_SEAT_NONE; step++) {
			snprintf(where, sizeof where, "%s, step %d", params, step);
			check_roads(g, where);
			check_turn_start(g, &turn, where);
			ck_assert_msg(g->mod->state_check(g->data, g->state) == CRISK_OK, "%s: %s", where,
				      crisk_error_last());
			if (step % 5 == 0)
				check_reload(g, where);
			size_t n;
			crisk_action a;
			if (crisk_game_current_seat(g) == CRISK_SEAT_CHANCE) {
				double probs[64];
				ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 64, &n), CRISK_OK);
			} else { /* without domestic offers, as the benchmark: more building */
				ck_assert_int_eq(crisk_game_legal_actions_except(g, CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE),
										 acts, 512, &n),
						 CRISK_OK);
			}
			ck_assert_uint_gt(n, 0);
			pick = pick * 6364136223846793005u + 1442695040888963407u;
			a = acts[(pick >> 33) % n];
			neutral_roads += (a >> 56) == CRISK_TP_NEUTRAL_ROAD;
			sc_apply(g, a);
			steps++;
		}
		check_roads(g, params);
		crisk_game_free(g);
	}
	ck_assert_int_gt(neutral_roads, 80); /* 15 roads per neutral (T-2) */
	ck_assert_int_gt(steps, 2000);
}
END_TEST

/* Plays a game a while, to a position with neutral roads. */
static crisk_game *midgame(void)
{
	crisk_action acts[512];
	uint64_t pick = 777;
	crisk_game *g = sc_new_game("two_player", "seed=3");
	for (int step = 0; step < 600 && crisk_game_current_seat(g) != CRISK_SEAT_NONE; step++) {
		size_t n = sc_legal_list(g, acts, 512);
		pick = pick * 6364136223846793005u + 1442695040888963407u;
		sc_apply(g, acts[(pick >> 33) % n]);
	}
	ck_assert_int_eq(g->mod->state_check(g->data, g->state), CRISK_OK);
	return g;
}

START_TEST(derived_roads_wrong_refused)
{
	crisk_game *g = midgame();
	const kern *k = kern_of(g);
	tp_ext *x = tpx(k, g->state);
	for (int j = 0; j < TP_NEUTRALS; j++) {
		for (int p = 0; p < k->b.n_path; p++) {
			uint64_t bit = UINT64_C(1) << (p & 63);
			x->roads[j][p >> 6] ^= bit;
			ck_assert_int_eq(g->mod->state_check(g->data, g->state), CRISK_EFORMAT);
			x->roads[j][p >> 6] ^= bit;
		}
	}
	ck_assert_int_eq(g->mod->state_check(g->data, g->state), CRISK_OK);
	crisk_game_free(g);
}
END_TEST

/* T-12: a neutral settlement stands at the end of one of its roads; the
 * state check refuses one elsewhere (besides the start settlement). */
START_TEST(neutral_settlement_away_from_roads_refused)
{
	crisk_game *g = midgame();
	const kern *k = kern_of(g);
	int o = k->seats; /* N0 */
	int node = -1;
	for (int n = 0; n < k->b.n_node && node < 0; n++) {
		if (!bit_get(kblocked(k, g->state), n) && !bit_get(kreach(k, g->state, o), n))
			node = n;
	}
	ck_assert_int_ge(node, 0);
	flow_place_building(k, g->state, o, node);
	kern_state_derive(k, g->state);
	tp_derive_roads(k, g->state);
	ck_assert_int_eq(g->mod->state_check(g->data, g->state), CRISK_EFORMAT);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "T-12"));
	crisk_game_free(g);
}
END_TEST

/* The module's apply takes the rolls at the pre-roll and the turn ends of
 * the main phase without kern_apply's dispatch (two_player_rules.c
 * plain_turn_step, T-8..T-10, B-50): at every step of random games in
 * automatic chance, the module's apply and kern_apply make the same state
 * (RNG included) and the same events from copies of it. */
START_TEST(plain_turn_steps_as_kern_apply)
{
	static const char *const forms[3] = {"", " board=beginner", " vp_target=13 discard_limit=9"};
	crisk_action acts[512];
	uint64_t pick = 12345;
	long rolls = 0, ends = 0;
	for (int i = 0; i < 6; i++) {
		char params[128];
		snprintf(params, sizeof params, "seed=%d max_turns=300%s", 20 + i, forms[i % 3]);
		crisk_game *g = sc_new_game("two_player", params);
		const kern *k = kern_of(g);
		ck_assert(k->plain_turns);
		void *mine = malloc(g->state_size), *theirs = malloc(g->state_size);
		ev ring_mine[64], ring_theirs[64];
		ck_assert_ptr_nonnull(mine);
		ck_assert_ptr_nonnull(theirs);
		for (int step = 0; step < 4000 && crisk_game_current_seat(g) != CRISK_SEAT_NONE; step++) {
			size_t n;
			ck_assert_int_eq(crisk_game_legal_actions_except(g, CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE), acts,
									 512, &n),
					 CRISK_OK);
			ck_assert_uint_gt(n, 0);
			pick = pick * 6364136223846793005u + 1442695040888963407u;
			crisk_action a = acts[(pick >> 33) % n];
			unsigned type = (unsigned)(a >> 56);
			if (type == CRISK_CATAN_ROLL || type == CRISK_CATAN_END_TURN) {
				evlog lm = {ring_mine, 64, 1, 0}, lt = {ring_theirs, 64, 1, 0};
				memset(ring_mine, 0, sizeof ring_mine);
				memset(ring_theirs, 0, sizeof ring_theirs);
				memcpy(mine, g->state, g->state_size);
				memcpy(theirs, g->state, g->state_size);
				ck_assert_int_eq(g->mod->apply(g->data, mine, a, &lm), CRISK_OK);
				ck_assert_int_eq(kern_apply(k, theirs, a, &lt), CRISK_OK);
				ck_assert_msg(memcmp(mine, theirs, g->state_size) == 0, "%s, step %d: %s: the states differ",
					      params, step, type == CRISK_CATAN_ROLL ? "roll" : "turn end");
				ck_assert_uint_eq(lm.next, lt.next);
				ck_assert(memcmp(ring_mine, ring_theirs, sizeof ring_mine) == 0);
				rolls += type == CRISK_CATAN_ROLL;
				ends += type == CRISK_CATAN_END_TURN;
			}
			sc_apply(g, a);
		}
		free(mine);
		free(theirs);
		crisk_game_free(g);
	}
	ck_assert_int_gt(rolls, 1000);
	ck_assert_int_gt(ends, 500);
}
END_TEST

/* kern_config.turn_zero_len: at most 8 bytes, and the 8 bytes from
 * turn_zero_at inside the module's state; two_player's four bytes are its
 * rolls, first sum, token action and knight swap of the turn. */
START_TEST(turn_zero_config_checked)
{
	crisk_game *g = sc_new_game("two_player", "seed=3");
	const kern *k = kern_of(g);
	ck_assert_int_eq(k->cfg.turn_zero_len, 4);
	ck_assert_uint_eq(k->cfg.turn_zero_at, offsetof(tp_ext, rolls));
	ck_assert(k->turn_more);
	kern_config cfg = k->cfg;
	cfg.two_rolls = 0;
	cfg.turn_zero_len = 9;
	kern tmp = *k;
	memset(&tmp.hk, 0, sizeof tmp.hk);
	ck_assert_int_eq(kern_init(&tmp, &cfg), CRISK_EINVAL);
	cfg.turn_zero_len = 1;
	cfg.turn_zero_at = (uint16_t)(sizeof(tp_ext) - 7);
	tmp = *k;
	memset(&tmp.hk, 0, sizeof tmp.hk);
	ck_assert_int_eq(kern_init(&tmp, &cfg), CRISK_EINVAL);
	crisk_game_free(g);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("two_player_derived");
	TCase *tc = tcase_create("derived");
	tcase_set_timeout(tc, 0);
	tcase_add_loop_test(tc, derived_roads_every_step, 0, GAMES);
	tcase_add_test(tc, derived_roads_wrong_refused);
	tcase_add_test(tc, neutral_settlement_away_from_roads_refused);
	tcase_add_test(tc, turn_zero_config_checked);
	tcase_add_test(tc, plain_turn_steps_as_kern_apply);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
