/* The RL encoding of module risk (docs/rl-risk.md): the shared checks over
 * random games (rl_common.h), the sizes of risk's action ranges, scenario
 * checks of risk's observation fields and action indices after public
 * actions (explicit chance, risk_scenario.h positions, RC-n), and no leak:
 * every risk field equals what the viewer's JSON view shows, and under fog
 * two games that differ only in face-down hexes give the same observation to
 * every seat and the spectator (RC-30..RC-32). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_common.h"
#include "../risk/risk_scenario.h"
#include "core/jsonr.h"

#define HEXES 19
#define SLOTS 6 /* count slots: 1, 2, 3, half, all but one, all */
#define ADJACENT_PAIRS 84 /* ordered pairs of adjacent land hexes of the base board */

/* ---- access by field and range name ---- */

typedef struct enc {
	rl_spaces s;
	float *obs;
	uint8_t *mask;
} enc;

static void enc_open(enc *e, const crisk_game *g)
{
	rl_spaces_read(&e->s, crisk_game_rules(g));
	e->obs = malloc(e->s.observation * sizeof *e->obs);
	e->mask = malloc(e->s.actions);
}

static void enc_close(enc *e)
{
	free(e->obs);
	free(e->mask);
	rl_spaces_free(&e->s);
}

static const float *observe(enc *e, const crisk_game *g, int viewer)
{
	ck_assert_msg(crisk_rl_observe(g, viewer, e->obs, e->s.observation) == CRISK_OK, "observe: %s",
		      crisk_error_last());
	return e->obs;
}

static const rl_field_desc *field(const enc *e, const char *name)
{
	const rl_field_desc *f = rl_spaces_field(&e->s, name);
	ck_assert_msg(f != NULL, "no observation field %s", name);
	return f;
}

/* Value k of field `name` in the last observation. */
static float fv(const enc *e, const char *name, size_t k)
{
	const rl_field_desc *f = field(e, name);
	ck_assert_msg(k < f->count, "%s[%zu] past its %zu values", name, k, f->count);
	return e->obs[f->first + k];
}

static const rl_field_desc *range(const enc *e, const char *name)
{
	for (size_t i = 0; i < e->s.n_ranges; i++)
		if (!strcmp(e->s.ranges[i].name, name))
			return &e->s.ranges[i];
	ck_abort_msg("no action range %s", name);
	return NULL;
}

static size_t mask_of(enc *e, const crisk_game *g)
{
	size_t legal = 0;
	ck_assert_int_eq(crisk_rl_legal_mask(g, e->mask, e->s.actions, &legal), CRISK_OK);
	return legal;
}

static size_t index_of(const crisk_game *g, crisk_action a)
{
	size_t i = 0;
	ck_assert_msg(crisk_rl_action_index(g, a, &i) == CRISK_OK, "action 0x%llx: %s", (unsigned long long)a,
		      crisk_error_last());
	crisk_action back = 0;
	ck_assert_int_eq(crisk_rl_index_action(g, i, &back), CRISK_OK);
	ck_assert_msg(back == a, "index %zu of 0x%llx maps back to 0x%llx", i, (unsigned long long)a,
		      (unsigned long long)back);
	return i;
}

/* Seat s counted from viewer v. */
static int rel(int s, int v, int seats)
{
	return (s - v + seats) % seats;
}

/* ---- the shared checks ---- */

START_TEST(test_random_games_two_seats)
{
	crisk_rules *r = rl_rules("risk", "players=2 seed=3 max_turns=60");
	ck_assert_uint_gt(rl_check_random_games(r, 3, 4000, 11), 500);
	crisk_rules_free(r);
}
END_TEST

START_TEST(test_random_games_three_seats_fog)
{
	crisk_rules *r = rl_rules("risk", "players=3 seed=5 fog=on max_turns=50");
	ck_assert_uint_gt(rl_check_random_games(r, 3, 4000, 12), 500);
	crisk_rules_free(r);
}
END_TEST

START_TEST(test_random_games_four_seats_explicit_fog)
{
	crisk_rules *r = rl_rules("risk", "players=4 seed=9 fog=on chance=explicit max_turns=40");
	ck_assert_uint_gt(rl_check_random_games(r, 2, 4000, 13), 300);
	crisk_rules_free(r);
}
END_TEST

/* ---- sizes ---- */

/* Risk's ranges follow the kernel's: 19 placements, 19 x 5 x 6 purchases,
 * 84 adjacent pairs x 6 moves, 19 x seats attacks of each kind, 19 x 18 x 6
 * redeploys; the observation grows by the per-owner fields with the seats. */
START_TEST(test_ranges_and_sizes)
{
	static const int seats_of[3] = {2, 3, 4};
	size_t obs[3];
	for (int i = 0; i < 3; i++) {
		char params[64];
		snprintf(params, sizeof params, "players=%d seed=1", seats_of[i]);
		crisk_game *g = sc_new_game("risk", params);
		enc e;
		enc_open(&e, g);
		int n = seats_of[i];
		ck_assert_uint_eq(range(&e, "place_army")->count, HEXES);
		ck_assert_uint_eq(range(&e, "buy_armies")->count, HEXES * 5 * SLOTS);
		ck_assert_uint_eq(range(&e, "move_armies")->count, ADJACENT_PAIRS * SLOTS);
		ck_assert_uint_eq(range(&e, "attack")->count, (size_t)(HEXES * n));
		ck_assert_uint_eq(range(&e, "attack_all")->count, (size_t)(HEXES * n));
		ck_assert_uint_eq(range(&e, "redeploy")->count, HEXES * (HEXES - 1) * SLOTS);
		ck_assert_uint_eq(range(&e, "redeploy")->first + range(&e, "redeploy")->count, e.s.actions);
		ck_assert_uint_eq(field(&e, "risk_armies")->count, (size_t)(HEXES * (n + 1)));
		ck_assert_uint_eq(field(&e, "risk_battle_defender")->count, (size_t)(n + 1));
		obs[i] = e.s.observation;
		enc_close(&e);
		crisk_game_free(g);
	}
	/* Per extra seat: 19 x 2 armies and controller values, out, resigned,
	 * 3 pieces over, attacker, defender, and the kernel's own. */
	ck_assert_uint_gt(obs[1], obs[0] + 19 * 2 + 7);
	ck_assert_uint_gt(obs[2], obs[1] + 19 * 2 + 7);
}
END_TEST

/* ---- scenario checks (two seats, risk_scenario.h) ---- */

/* After the set-up (RC-8, RC-10) seat 0 holds one army on each of hexes
 * 0 3 5 7 9 10 13 15 17, seat 1 on the others; a single army controls the
 * hexes of requirement 1: the desert 9 and the 2 and 12 (RC-2, RC-5).  Seat
 * 1 sees itself first. */
START_TEST(test_rc8_rc10_rc5_armies_and_control_after_setup)
{
	static const int zero[HEXES] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 0};
	crisk_game *g = rs_two(NULL);
	enc e;
	enc_open(&e, g);
	for (int v = 0; v < 2; v++) {
		observe(&e, g, v);
		for (int h = 0; h < HEXES; h++) {
			int owner = zero[h] ? 0 : 1;
			ck_assert_float_eq(fv(&e, "risk_armies", (size_t)(h * 3 + rel(owner, v, 2))), 1);
			ck_assert_float_eq(fv(&e, "risk_armies", (size_t)(h * 3 + rel(1 - owner, v, 2))), 0);
			ck_assert_float_eq(fv(&e, "risk_armies", (size_t)(h * 3 + 2)), 0);
			ck_assert_float_eq(fv(&e, "risk_contested", (size_t)h), 0);
			ck_assert_float_eq(fv(&e, "risk_revealed", (size_t)h), 1);
			ck_assert_float_eq(fv(&e, "risk_requirement", (size_t)h),
					   h == SC_DESERT ? 1 : 6 - abs(sc_beginner_token[h] - 7));
			float ctrl = 0;
			for (int o = 0; o < 3; o++)
				ctrl += fv(&e, "risk_controller", (size_t)(h * 3 + o));
			ck_assert_float_eq(ctrl, h == SC_DESERT || sc_beginner_token[h] == 2 || sc_beginner_token[h] == 12);
		}
		ck_assert_float_eq(fv(&e, "risk_controller", (size_t)(SC_DESERT * 3 + rel(0, v, 2))), 1);
	}
	enc_close(&e);
	crisk_game_free(g);
}
END_TEST

/* The module's decision points in the phase field: setup_army after a
 * set-up road (RC-8), army_loop after the last one (RC-10). */
START_TEST(test_rc8_rc10_phase_field)
{
	crisk_game *g = sc_new_game("risk", "players=2 seed=7 board=beginner chance=explicit");
	enc e;
	enc_open(&e, g);
	static const int nodes[4] = {12, 5, 43, 31}, paths[4] = {11, 8, 54, 47};
	char ph[32];
	for (int i = 0; i < 4; i++) {
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_SETTLEMENT, nodes[i]));
		observe(&e, g, 0);
		ck_assert_float_eq(fv(&e, "risk_phase", 0), 0);
		sc_apply(g, sc_act(CRISK_CATAN_PLACE_ROAD, paths[i]));
		observe(&e, g, 0);
		ck_assert_float_eq(fv(&e, "risk_phase", 0), 1);
		ck_assert_float_eq(fv(&e, "risk_phase", 1), 0);
		/* Only PLACE_ARMY indices are masked here. */
		size_t legal = mask_of(&e, g);
		const rl_field_desc *place = range(&e, "place_army");
		size_t in_range = 0;
		for (size_t k = 0; k < place->count; k++)
			in_range += e.mask[place->first + k];
		ck_assert_uint_eq(in_range, legal);
		ck_assert_uint_gt(legal, 0);
		crisk_action a[1];
		ck_assert_uint_gt(sc_legal_list(g, a, 1), 0);
		sc_apply(g, a[0]);
	}
	ck_assert_str_eq(rs_phase(g, ph), "army_loop");
	observe(&e, g, 1);
	ck_assert_float_eq(fv(&e, "risk_phase", 1), 1);
	enc_close(&e);
	crisk_game_free(g);
}
END_TEST

/* RC-17: buying wool declares it, counts the army; RC-19, RC-4: a move
 * counts as moved on the destination and contests it; the count slots of
 * the indices follow the largest count. */
START_TEST(test_rc17_rc19_buy_and_move_fields)
{
	crisk_game *g = rs_two(NULL);
	sc_roll(g, 2);
	enc e;
	enc_open(&e, g);
	/* Seat 0 holds one wool and 2 visible VP: only count 1 on hex 3 (RC-17). */
	const rl_field_desc *buy = range(&e, "buy_armies");
	size_t one = index_of(g, rs_act(CRISK_RISK_BUY_ARMIES, 3, CRISK_CATAN_WOOL, 1));
	ck_assert_uint_eq(one, buy->first + (size_t)((3 * 5 + CRISK_CATAN_WOOL) * SLOTS));
	mask_of(&e, g);
	ck_assert_int_eq(e.mask[one], 1);
	for (int s = 1; s < SLOTS; s++)
		ck_assert_int_eq(e.mask[one + (size_t)s], 0); /* the other slots name count 1 too, or more than 1 */
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 3, CRISK_CATAN_WOOL, 1));
	for (int v = 0; v < 2; v++) {
		observe(&e, g, v);
		ck_assert_float_eq(fv(&e, "risk_armies", (size_t)(3 * 3 + rel(0, v, 2))), 2);
		ck_assert_float_eq(fv(&e, "risk_buy_resource", CRISK_CATAN_WOOL), 1);
		ck_assert_float_eq(fv(&e, "risk_bought", 0), 1);
	}
	/* Move 1 of the 2 on hex 3 to seat 1's hex 4: slots 1 and all (2). */
	const rl_field_desc *move = range(&e, "move_armies");
	size_t m1 = index_of(g, rs_act(CRISK_RISK_MOVE_ARMIES, 3, 4, 1));
	size_t m2 = index_of(g, rs_act(CRISK_RISK_MOVE_ARMIES, 3, 4, 2));
	ck_assert_uint_ge(m1, move->first);
	ck_assert_uint_eq((m1 - move->first) % SLOTS, 0);
	ck_assert_uint_eq(m2, m1 + 1); /* slot two; all (2) is the same count and not masked */
	mask_of(&e, g);
	ck_assert_int_eq(e.mask[m1] + e.mask[m1 + 1] + e.mask[m1 + 2] + e.mask[m1 + 3] + e.mask[m1 + 4] + e.mask[m1 + 5],
			 2);
	crisk_action all = 0;
	ck_assert_int_eq(crisk_rl_index_action(g, m1 + 5, &all), CRISK_OK);
	ck_assert_uint_eq(all, rs_act(CRISK_RISK_MOVE_ARMIES, 3, 4, 2));
	sc_apply(g, rs_act(CRISK_RISK_MOVE_ARMIES, 3, 4, 1));
	observe(&e, g, 1);
	ck_assert_float_eq(fv(&e, "risk_moved", 4), 1);
	ck_assert_float_eq(fv(&e, "risk_contested", 4), 1);
	ck_assert_float_eq(fv(&e, "risk_armies", 4 * 3 + rel(0, 1, 2)), 1);
	ck_assert_float_eq(fv(&e, "risk_armies", 4 * 3 + rel(1, 1, 2)), 1);
	/* RC-21: the moved army may attack seat 1 (the next seat: slot 0). */
	const rl_field_desc *attack = range(&e, "attack");
	size_t at = index_of(g, rs_act(CRISK_RISK_ATTACK, 4, 1, 0));
	ck_assert_uint_eq(at, attack->first + 4 * 2 + 0);
	mask_of(&e, g);
	ck_assert_int_eq(e.mask[at], 1);
	ck_assert_int_eq(e.mask[at + 1], 0); /* no neutral defenders on hex 4 */
	/* RC-20: the pending battle roll in the fields, one roll. */
	sc_apply(g, rs_act(CRISK_RISK_ATTACK, 4, 1, 0));
	ck_assert_uint_eq(mask_of(&e, g), 0); /* a chance point */
	observe(&e, g, 1);
	ck_assert_float_eq(fv(&e, "risk_phase", 2), 1);
	ck_assert_float_eq(fv(&e, "risk_battle_hex", 4), 1);
	ck_assert_float_eq(fv(&e, "risk_battle_attacker", (size_t)rel(0, 1, 2)), 1);
	ck_assert_float_eq(fv(&e, "risk_battle_defender", (size_t)rel(1, 1, 2)), 1);
	ck_assert_float_eq(fv(&e, "risk_battle_until_done", 0), 0);
	sc_do(g, "battle_dice 6 1");
	observe(&e, g, 1);
	ck_assert_float_eq(fv(&e, "risk_phase", 2), 0);
	ck_assert_float_eq(fv(&e, "risk_battle_hex", 4), 0);
	ck_assert_float_eq(fv(&e, "risk_armies", 4 * 3 + rel(1, 1, 2)), 0);
	ck_assert_float_eq(fv(&e, "risk_contested", 4), 0);
	/* A new turn clears the turn's counters (RC-17, RC-19). */
	sc_end_turn(g);
	observe(&e, g, 0);
	ck_assert_float_eq(fv(&e, "risk_moved", 4), 0);
	ck_assert_float_eq(fv(&e, "risk_bought", 0), 0);
	ck_assert_float_eq(fv(&e, "risk_buy_resource", CRISK_CATAN_WOOL), 0);
	enc_close(&e);
	crisk_game_free(g);
}
END_TEST

/* RC-22: with 4 armies on hex 0 (test_risk_military's redeploy position)
 * the slots 1, 2, 3 and all are masked for 0 -> 3 (half and all but one
 * repeat 2 and 3); after the redeploy the flag is set and no military index
 * is masked. */
START_TEST(test_rc22_redeploy_slots_and_flag)
{
	crisk_game *g = rs_two(NULL);
	sc_gain(g, 0, CRISK_CATAN_ORE, 2);
	sc_to_main(g, 0);
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 11, CRISK_CATAN_ORE, 1));
	sc_do(g, "battle_dice 6 1");
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 0, CRISK_CATAN_ORE, 1));
	sc_end_turn(g);
	sc_gain(g, 0, CRISK_CATAN_ORE, 2);
	sc_to_main(g, 0);
	sc_apply(g, rs_act(CRISK_RISK_BUY_ARMIES, 0, CRISK_CATAN_ORE, 2));
	sc_end_turn(g);
	sc_gain(g, 0, CRISK_CATAN_WOOL, 1);
	sc_to_main(g, 0);
	ck_assert_int_eq(rs_armies(g, 0, 0), 4);
	enc e;
	enc_open(&e, g);
	const rl_field_desc *redeploy = range(&e, "redeploy");
	size_t first = redeploy->first + (size_t)((0 * 18 + 2) * SLOTS); /* to 3, counted without 0 */
	ck_assert_uint_eq(index_of(g, rs_act(CRISK_RISK_REDEPLOY, 0, 3, 1)), first);
	ck_assert_uint_eq(index_of(g, rs_act(CRISK_RISK_REDEPLOY, 0, 3, 4)), first + 5);
	mask_of(&e, g);
	static const uint8_t want[SLOTS] = {1, 1, 1, 0, 0, 1};
	for (int s = 0; s < SLOTS; s++)
		ck_assert_msg(e.mask[first + (size_t)s] == want[s], "slot %d", s);
	/* Hex 4 holds seat 1's army: no redeploy there (RC-22). */
	ck_assert_int_eq(e.mask[redeploy->first + (size_t)((0 * 18 + 3) * SLOTS)], 0);
	sc_apply(g, rs_act(CRISK_RISK_REDEPLOY, 0, 3, 4));
	observe(&e, g, 0);
	ck_assert_float_eq(fv(&e, "risk_redeployed", 0), 1);
	ck_assert_float_eq(fv(&e, "risk_armies", 3 * 3 + 0), 5);
	size_t legal = mask_of(&e, g);
	for (size_t i = range(&e, "place_army")->first; i < e.s.actions; i++)
		ck_assert_msg(!e.mask[i], "military index %zu masked after the redeploy", i);
	ck_assert_uint_gt(legal, 0); /* end_turn at least */
	enc_close(&e);
	crisk_game_free(g);
}
END_TEST

/* RC-27: a resigned seat is out and resigned, its armies neutral (the last
 * owner slot); seat arguments of ATTACK count from the actor, the neutral
 * defenders at the last slot. */
START_TEST(test_rc27_resign_neutral_and_relative_defenders)
{
	crisk_game *g = rs_three(NULL);
	enc e;
	enc_open(&e, g);
	rview before;
	rview_read(g, CRISK_VIEWER_OMNISCIENT, &before);
	sc_apply(g, rs_act(CRISK_RISK_RESIGN, 2, 0, 0));
	for (int v = 0; v < 3; v++) {
		observe(&e, g, v);
		ck_assert_float_eq(fv(&e, "risk_out", (size_t)rel(2, v, 3)), 1);
		ck_assert_float_eq(fv(&e, "risk_resigned", (size_t)rel(2, v, 3)), 1);
		ck_assert_float_eq(fv(&e, "risk_out", (size_t)rel(1, v, 3)), 0);
		for (int h = 0; h < HEXES; h++) {
			ck_assert_float_eq(fv(&e, "risk_armies", (size_t)(h * 4 + 3)), before.armies[h][2]);
			ck_assert_float_eq(fv(&e, "risk_armies", (size_t)(h * 4 + rel(2, v, 3))), 0);
		}
	}
	/* Seat 0 moves next to a neutral army and attacks it (RC-27: neutral
	 * defenders). */
	sc_roll(g, 2);
	int neutral_hex = -1, from = -1;
	for (int h = 0; h < HEXES && neutral_hex < 0; h++) {
		if (!before.armies[h][2])
			continue;
		for (int f = 0; f < HEXES; f++)
			if (sc_legal(g, rs_act(CRISK_RISK_MOVE_ARMIES, f, h, 1))) {
				neutral_hex = h;
				from = f;
				break;
			}
	}
	ck_assert_int_ge(neutral_hex, 0);
	sc_apply(g, rs_act(CRISK_RISK_MOVE_ARMIES, from, neutral_hex, 1));
	const rl_field_desc *attack = range(&e, "attack"), *attack_all = range(&e, "attack_all");
	size_t at = index_of(g, rs_act(CRISK_RISK_ATTACK_ALL, neutral_hex, CRISK_RISK_NEUTRAL, 0));
	ck_assert_uint_eq(at, attack_all->first + (size_t)(neutral_hex * 3 + 2));
	mask_of(&e, g);
	ck_assert_int_eq(e.mask[at], 1);
	ck_assert_int_eq(e.mask[attack->first + (size_t)(neutral_hex * 3 + 2)], 1);
	/* Slot 1 is seat 2 for seat 0: resigned, it has no armies, so not masked. */
	crisk_action code = 0;
	ck_assert_int_eq(crisk_rl_index_action(g, attack->first + (size_t)(neutral_hex * 3 + 1), &code), CRISK_OK);
	ck_assert_uint_eq(code, rs_act(CRISK_RISK_ATTACK, neutral_hex, 2, 0));
	ck_assert_int_eq(e.mask[attack->first + (size_t)(neutral_hex * 3 + 1)], 0);
	sc_apply(g, rs_act(CRISK_RISK_ATTACK_ALL, neutral_hex, CRISK_RISK_NEUTRAL, 0));
	observe(&e, g, 1);
	ck_assert_float_eq(fv(&e, "risk_battle_defender", 3), 1);
	ck_assert_float_eq(fv(&e, "risk_battle_attacker", (size_t)rel(0, 1, 3)), 1);
	ck_assert_float_eq(fv(&e, "risk_battle_until_done", 0), 1);
	/* RESIGN and the battle dice have no index. */
	size_t i = 0;
	ck_assert_int_eq(crisk_rl_action_index(g, rs_act(CRISK_RISK_BATTLE_DICE, 6, 1, 0), &i), CRISK_ESTATE);
	sc_do(g, "battle_dice 6 1");
	while (sc_seat(g) == CRISK_SEAT_CHANCE)
		sc_do(g, "battle_dice 6 1");
	ck_assert_int_eq(crisk_rl_action_index(g, rs_act(CRISK_RISK_RESIGN, 0, 0, 0), &i), CRISK_ENOTFOUND);
	enc_close(&e);
	crisk_game_free(g);
}
END_TEST

/* Codes that are not exactly an index's code have none. */
START_TEST(test_codes_without_index)
{
	crisk_game *g = rs_two(NULL);
	sc_roll(g, 2);
	size_t i = 0;
	static const crisk_action refused[] = {
		((crisk_action)CRISK_RISK_ATTACK << 56) | 4 | (UINT64_C(1) << 16) | (UINT64_C(1) << 32), /* arg[2] */
		((crisk_action)CRISK_RISK_MOVE_ARMIES << 56) | 0 | (UINT64_C(18) << 16) | (UINT64_C(1) << 32), /* not adjacent */
		((crisk_action)CRISK_RISK_REDEPLOY << 56) | 3 | (UINT64_C(3) << 16) | (UINT64_C(1) << 32),     /* to itself */
		((crisk_action)CRISK_RISK_ATTACK << 56) | 4,                                                    /* itself */
		((crisk_action)CRISK_RISK_BUY_ARMIES << 56) | 3 | (UINT64_C(2) << 16) | (UINT64_C(7) << 32),   /* count 7 of max 1 */
		((crisk_action)CRISK_RISK_PLACE_ARMY << 56) | 19,                                               /* a sea hex */
	};
	for (size_t k = 0; k < sizeof refused / sizeof refused[0]; k++)
		ck_assert_msg(crisk_rl_action_index(g, refused[k], &i) == CRISK_ENOTFOUND, "code %zu has index %zu", k, i);
	crisk_game_free(g);
}
END_TEST

/* The mask is exact: index i is masked iff its code at the state is legal
 * and maps back to i (so each legal code with an index is masked once),
 * checked over every index at decision points of random games with
 * battles, resignations (RC-27) and the set-up placements (RC-8..RC-10). */
static void mask_is_exact(const char *params, uint64_t seed, int steps, int every)
{
	crisk_game *g = sc_new_game("risk", params);
	enc e;
	enc_open(&e, g);
	uint64_t rng = seed;
	int checked = 0, military = 0;
	for (int step = 0; step < steps && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; step++) {
		if (crisk_game_current_seat(g) >= 0 && step % every == 0) {
			size_t legal = mask_of(&e, g), set = 0;
			for (size_t i = 0; i < e.s.actions; i++) {
				crisk_action a = 0;
				size_t back = 0;
				SC_CHECK(crisk_rl_index_action(g, i, &a) == CRISK_OK, "index %zu: %s", i, crisk_error_last());
				int ok = crisk_game_check(g, a) == CRISK_OK;
				int own = crisk_rl_action_index(g, a, &back) == CRISK_OK && back == i;
				SC_CHECK(e.mask[i] == (ok && own), "%s step %d: index %zu (0x%llx) masked %d, legal %d, maps back %d",
					      params, step, i, (unsigned long long)a, e.mask[i], ok, own);
				set += e.mask[i];
				military += e.mask[i] && i >= range(&e, "buy_armies")->first;
			}
			ck_assert_uint_eq(set, legal);
			checked++;
		}
		sc_apply(g, rs_pick(g, &rng, 200));
	}
	ck_assert_int_gt(checked, 20);
	ck_assert_int_gt(military, 20);
	enc_close(&e);
	crisk_game_free(g);
}

START_TEST(test_mask_is_exact_two_seats)
{
	mask_is_exact("players=2 seed=31 chance=explicit", 31, 1500, 7);
}
END_TEST

START_TEST(test_mask_is_exact_four_seats_fog)
{
	mask_is_exact("players=4 seed=32 fog=on chance=explicit", 32, 1500, 7);
}
END_TEST

/* ---- no leak ---- */

static int jint(const jnode *n)
{
	return n && n->type == JN_NUM ? (int)n->i : n && n->type == JN_TRUE ? 1 : 0;
}

static int terrain_index(const char *name)
{
	static const char *const names[6] = {"hills", "forest", "pasture", "fields", "mountains", "desert"};
	for (int t = 0; t < 6; t++)
		if (!strcmp(name, names[t]))
			return t;
	ck_abort_msg("terrain %s", name);
	return -1;
}

/* The fields check_against_view compares, looked up once per game. */
enum {
	V_ARMIES, V_CONTROLLER, V_CONTESTED, V_REVEALED, V_REQUIREMENT, V_MOVED, V_TERRAIN, V_TOKEN, V_OUT, V_RESIGNED,
	V_OVER, V_BUY_RESOURCE, V_BOUGHT, V_REDEPLOYED, V_PHASE, V_BATTLE_HEX, V_ATTACKER, V_DEFENDER, V_UNTIL, V_COUNT
};
static const char *const view_fields[V_COUNT] = {
	"risk_armies", "risk_controller", "risk_contested", "risk_revealed", "risk_requirement", "risk_moved",
	"hex_terrain", "hex_token", "risk_out", "risk_resigned", "risk_pieces_over", "risk_buy_resource", "risk_bought",
	"risk_redeployed", "risk_phase", "risk_battle_hex", "risk_battle_attacker", "risk_battle_defender",
	"risk_battle_until_done",
};

#define SAME(f, k, value, where)                                                                                 \
	do {                                                                                                     \
		size_t k_ = (size_t)(k);                                                                         \
		ck_assert_msg(k_ < fd[f]->count, "%s: %s[%zu] past the field", where, view_fields[f], k_);       \
		float got_ = e->obs[fd[f]->first + k_];                                                          \
		if (got_ != (float)(value))                                                                      \
			ck_abort_msg("%s: %s[%zu] = %g, the view shows %d", where, view_fields[f], k_, (double)got_, \
				     (int)(value));                                                              \
	} while (0)

/* Every risk field of viewer v's observation against crisk_game_to_json(v),
 * and with fog the kernel's terrain and token of each land hex against the
 * view's (RC-32). */
static void check_against_view(enc *e, const crisk_game *g, int v, int fog, const char *where)
{
	int seats = crisk_rules_num_seats(crisk_game_rules(g)), base = v >= 0 ? v : 0, w = seats + 1;
	const rl_field_desc *fd[V_COUNT];
	for (int f = 0; f < V_COUNT; f++)
		fd[f] = field(e, view_fields[f]);
	observe(e, g, v);
	char *text = sc_json(g, v);
	jnode *root = NULL;
	ck_assert_int_eq(jr_parse(&root, text, strlen(text)), CRISK_OK);
	const jnode *risk = jr_member(root, "risk");
	const jnode *hexes = jr_member(risk, "hexes");
	ck_assert_uint_eq(hexes->count, HEXES);
	for (int h = 0; h < HEXES; h++) {
		const jnode *x = jr_index(hexes, (size_t)h);
		const jnode *armies = jr_member(x, "armies");
		for (int s = 0; s < seats; s++)
			SAME(V_ARMIES, h * w + rel(s, base, seats), jint(jr_index(armies, (size_t)s)), where);
		SAME(V_ARMIES, h * w + seats, jint(jr_member(x, "neutral")), where);
		const jnode *c = jr_member(x, "controller");
		int ctrl = c->type == JN_STR ? seats : c->type == JN_NUM ? rel((int)c->i, base, seats) : -1;
		for (int o = 0; o < w; o++)
			SAME(V_CONTROLLER, h * w + o, o == ctrl, where);
		SAME(V_CONTESTED, h, jint(jr_member(x, "contested")), where);
		int revealed = jint(jr_member(x, "revealed"));
		SAME(V_REVEALED, h, revealed, where);
		SAME(V_REQUIREMENT, h, jint(jr_member(x, "requirement")), where); /* null: 0 */
		SAME(V_MOVED, h, jint(jr_member(x, "moved")), where);
		if (!revealed) /* RC-31: nothing stands on a face-down hex */
			for (int o = 0; o < w; o++)
				SAME(V_ARMIES, h * w + o, 0, where);
		if (fog) {
			const jnode *t = jr_member(x, "terrain");
			int terrain = t->type == JN_STR ? terrain_index(t->str) : -1;
			for (int k = 0; k < 6; k++)
				SAME(V_TERRAIN, h * 6 + k, k == terrain, where);
			SAME(V_TOKEN, h, jint(jr_member(x, "token")), where);
		}
	}
	int out[4] = {0}, resigned[4] = {0};
	const jnode *o = jr_member(risk, "out"), *r = jr_member(risk, "resigned");
	for (size_t i = 0; i < o->count; i++)
		out[jint(jr_index(o, i))] = 1;
	for (size_t i = 0; i < r->count; i++)
		resigned[jint(jr_index(r, i))] = 1;
	const jnode *over = jr_member(risk, "pieces_over");
	for (int s = 0; s < seats; s++) {
		SAME(V_OUT, rel(s, base, seats), out[s], where);
		SAME(V_RESIGNED, rel(s, base, seats), resigned[s], where);
		for (int p = 0; p < 3; p++)
			SAME(V_OVER, rel(s, base, seats) * 3 + p, jint(jr_index(jr_index(over, (size_t)s), (size_t)p)),
			     where);
	}
	static const char *const res[5] = {"brick", "lumber", "wool", "grain", "ore"};
	const jnode *br = jr_member(risk, "buy_resource");
	for (int k = 0; k < 5; k++)
		SAME(V_BUY_RESOURCE, k, br->type == JN_STR && !strcmp(br->str, res[k]), where);
	SAME(V_BOUGHT, 0, jint(jr_member(risk, "bought")), where);
	SAME(V_REDEPLOYED, 0, jint(jr_member(risk, "redeployed")), where);
	const char *phase = jr_member(root, "phase")->str;
	SAME(V_PHASE, 0, !strcmp(phase, "setup_army"), where);
	SAME(V_PHASE, 1, !strcmp(phase, "army_loop"), where);
	SAME(V_PHASE, 2, !strcmp(phase, "battle"), where);
	const jnode *b = jr_member(risk, "battle");
	int bhex = -1, att = -1, def = -1, until = 0;
	if (b->type == JN_OBJ) {
		bhex = jint(jr_member(b, "hex"));
		att = rel(jint(jr_member(b, "attacker")), base, seats);
		const jnode *d = jr_member(b, "defender");
		def = d->type == JN_STR ? seats : rel((int)d->i, base, seats);
		until = jint(jr_member(b, "until_done"));
	}
	for (int h = 0; h < HEXES; h++)
		SAME(V_BATTLE_HEX, h, h == bhex, where);
	for (int s = 0; s < seats; s++)
		SAME(V_ATTACKER, s, s == att, where);
	for (int k = 0; k < w; k++)
		SAME(V_DEFENDER, k, k == def, where);
	SAME(V_UNTIL, 0, until, where);
	jr_free(root);
	free(text);
}

/* Random games (explicit chance, so battles stay pending; fog; resignations)
 * with every viewer's risk fields checked against its view at every step. */
static void fields_match_views(int seats, const char *params, uint64_t seed, int max_steps)
{
	char full[256];
	snprintf(full, sizeof full, "players=%d seed=%llu chance=explicit %s", seats, (unsigned long long)seed, params);
	crisk_game *g = sc_new_game("risk", full);
	int fog = strstr(params, "fog=on") != NULL;
	enc e;
	enc_open(&e, g);
	uint64_t rng = seed;
	char where[320];
	int battles = 0, hidden_steps = 0;
	for (int step = 0; step < max_steps && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; step++) {
		snprintf(where, sizeof where, "%s step %d", full, step);
		for (int v = -4; v < seats; v++)
			if (v >= 0 || v == CRISK_VIEWER_SPECTATOR || v == CRISK_VIEWER_OMNISCIENT)
				check_against_view(&e, g, v, fog, where);
		observe(&e, g, 0);
		battles += fv(&e, "risk_phase", 2) == 1;
		for (int h = 0; h < HEXES; h++)
			hidden_steps += fv(&e, "risk_revealed", (size_t)h) == 0;
		sc_apply(g, rs_pick(g, &rng, 300));
	}
	ck_assert_int_gt(battles, 0);
	if (fog)
		ck_assert_int_gt(hidden_steps, 0);
	enc_close(&e);
	crisk_game_free(g);
}

START_TEST(test_rc32_fields_match_views_fog_three_seats)
{
	fields_match_views(3, "fog=on", 21, 1500);
}
END_TEST

START_TEST(test_fields_match_views_four_seats)
{
	fields_match_views(4, "", 22, 2500);
}
END_TEST

/* RC-30..RC-32: two games on boards that differ only in two land hexes
 * (terrain and token swapped) that stay face down give every seat and the
 * spectator the same observation while they are face down; the omniscient
 * viewer sees the difference. */
START_TEST(test_rc32_face_down_hexes_do_not_leak)
{
	static const char terrain[] = "mpfghphgfdfmfmgphgp";
	static const int token[HEXES] = {10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11};
#define FACE_DOWN_PARAMS "players=3 seed=4 fog=on chance=explicit board=custom terrain=%s tokens=%s harbors=3go3w33bl"
	/* Game a plays the first settlement, road and army; then picks two
	 * face-down hexes (not the desert, whose robber the view shows) with
	 * different terrain and token. */
	char params[512], tokens[128];
	int pos = 0;
	for (int h = 0; h < HEXES; h++)
		pos += snprintf(tokens + pos, sizeof tokens - (size_t)pos, "%s%d", h ? "," : "", token[h]);
	snprintf(params, sizeof params, FACE_DOWN_PARAMS, terrain, tokens);
	crisk_game *a = sc_new_game("risk", params);
	crisk_action played[64];
	int n_played = 0;
	for (int i = 0; i < 3; i++) {
		crisk_action buf[1];
		ck_assert_uint_gt(sc_legal_list(a, buf, 1), 0);
		played[n_played++] = buf[0];
		sc_apply(a, buf[0]);
	}
	rview v;
	rview_read(a, CRISK_VIEWER_SPECTATOR, &v);
	int x = -1, y = -1;
	for (int h = 0; h < HEXES && y < 0; h++) {
		if (v.revealed[h] || h == SC_DESERT)
			continue;
		if (x < 0)
			x = h;
		else if (terrain[h] != terrain[x] && token[h] != token[x])
			y = h;
	}
	ck_assert_int_ge(y, 0);
	char swapped[HEXES + 1];
	int token_b[HEXES];
	memcpy(swapped, terrain, sizeof swapped);
	memcpy(token_b, token, sizeof token_b);
	swapped[x] = terrain[y];
	swapped[y] = terrain[x];
	token_b[x] = token[y];
	token_b[y] = token[x];
	pos = 0;
	for (int h = 0; h < HEXES; h++)
		pos += snprintf(tokens + pos, sizeof tokens - (size_t)pos, "%s%d", h ? "," : "", token_b[h]);
	snprintf(params, sizeof params, FACE_DOWN_PARAMS, swapped, tokens);
	crisk_game *b = sc_new_game("risk", params);
	for (int i = 0; i < n_played; i++)
		sc_apply(b, played[i]);
	enc e, f;
	enc_open(&e, a);
	enc_open(&f, b);
	int compared = 0;
	/* Both play the same set-up actions while x and y stay face down. */
	for (int step = 0; step < 40; step++) {
		rview_read(a, CRISK_VIEWER_SPECTATOR, &v);
		if (v.revealed[x] || v.revealed[y])
			break;
		for (int viewer = -4; viewer < 3; viewer++) {
			if (viewer < 0 && viewer != CRISK_VIEWER_SPECTATOR && viewer != CRISK_VIEWER_OMNISCIENT)
				continue;
			observe(&e, a, viewer);
			observe(&f, b, viewer);
			int same = !memcmp(e.obs, f.obs, e.s.observation * sizeof *e.obs);
			if (viewer == CRISK_VIEWER_OMNISCIENT) {
				ck_assert_msg(!same, "step %d: the omniscient viewer does not see hexes %d and %d differ", step, x,
					      y);
				continue;
			}
			for (size_t k = 0; !same && k < e.s.observation; k++)
				ck_assert_msg(e.obs[k] == f.obs[k], "step %d viewer %d: float %zu differs (%g, %g): a face-down hex leaks",
					      step, viewer, k, (double)e.obs[k], (double)f.obs[k]);
			compared++;
		}
		/* The next action: the first legal one that keeps x and y face down
		 * in both games, and legal in both. */
		size_t n = sc_legal_list(a, NULL, 0);
		crisk_action *acts = malloc(n * sizeof *acts);
		sc_legal_list(a, acts, n);
		int done = 0;
		for (size_t k = 0; k < n && !done; k++) {
			crisk_game *ta = NULL;
			ck_assert_int_eq(crisk_game_clone(&ta, a), CRISK_OK);
			if (crisk_game_apply(ta, acts[k]) == CRISK_OK) {
				rview_read(ta, CRISK_VIEWER_SPECTATOR, &v);
				if (!v.revealed[x] && !v.revealed[y] && sc_legal(b, acts[k])) {
					sc_apply(a, acts[k]);
					sc_apply(b, acts[k]);
					done = 1;
				}
			}
			crisk_game_free(ta);
		}
		free(acts);
		if (!done)
			break;
	}
	ck_assert_int_ge(compared, 4 * 6);
	enc_close(&e);
	enc_close(&f);
	crisk_game_free(a);
	crisk_game_free(b);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("rl_risk");
	TCase *tc = tcase_create("risk");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_random_games_two_seats);
	tcase_add_test(tc, test_random_games_three_seats_fog);
	tcase_add_test(tc, test_random_games_four_seats_explicit_fog);
	tcase_add_test(tc, test_ranges_and_sizes);
	tcase_add_test(tc, test_rc8_rc10_rc5_armies_and_control_after_setup);
	tcase_add_test(tc, test_rc8_rc10_phase_field);
	tcase_add_test(tc, test_rc17_rc19_buy_and_move_fields);
	tcase_add_test(tc, test_rc22_redeploy_slots_and_flag);
	tcase_add_test(tc, test_rc27_resign_neutral_and_relative_defenders);
	tcase_add_test(tc, test_codes_without_index);
	tcase_add_test(tc, test_mask_is_exact_two_seats);
	tcase_add_test(tc, test_mask_is_exact_four_seats_fog);
	tcase_add_test(tc, test_rc32_fields_match_views_fog_three_seats);
	tcase_add_test(tc, test_fields_match_views_four_seats);
	tcase_add_test(tc, test_rc32_face_down_hexes_do_not_leak);
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
