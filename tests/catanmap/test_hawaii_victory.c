/* Module hawaii's victory check where the kernel skips it (kern_hooks
 * .victory_as_base, docs/decisions.md "Performance, eighth round"): at every
 * step of random games of 3 to 6 seats, both chance modes, the full check
 * (B-105, B-106, B-110, H-86, H-110: the active seat, on its own turn, at
 * once, hidden VP included) run on the state after the action finds no win
 * that the action's own checks missed.  A win skipped after an action would
 * be pending there: the game running, a turn under way, no knight's robber
 * move open (B-80), no paired part (B-119), and the active seat at its
 * target. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan/kernel.h"
#include "core/error.h"
#include "modules/hawaii/hawaii.h"
#include "hawaii_sea.h"

static crisk_action buf[PLAY_CAP];

/* check_victory of lib/catan/flow.c, from the rules' words: would the full
 * check declare a win on this state? */
static int win_pending(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	if (h->status != CRISK_STATUS_RUNNING || h->turn == 0 || h->knight || h->part_owner != NO_SEAT)
		return 0;
	return ktotal_vp(k, st, h->active) >= k->cfg.vp_target;
}

static void random_game(const char *params, uint64_t x, int steps, int *wins, int *checks)
{
	fixture f;
	open_game(&f, params);
	ck_assert_msg(f.k->hk.victory_as_base, "hawaii declares victory as base");
	for (int i = 0; i < steps && ks(f.st)->status == CRISK_STATUS_RUNNING; i++) {
		size_t n = hawaii_legal_except(f.k, f.st, UINT64_C(1) << CRISK_CATAN_OFFER_TRADE, buf, PLAY_CAP);
		ck_assert_uint_gt(n, 0);
		ck_assert_uint_le(n, PLAY_CAP);
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		crisk_action a = buf[x % n];
		/* Half the time a ship move, a build or a fish action when there is
		 * one: the actions that change VP (H-85), so that wins come often
		 * through each. */
		if ((x >> 40) % 2) {
			size_t m = 0;
			for (size_t j = 0; j < n; j++)
				m += ACT_TYPE(buf[j]) >= CRISK_CATAN_BUILD_ROAD && ACT_TYPE(buf[j]) != CRISK_CATAN_END_TURN;
			if (m) {
				size_t pick = (x >> 20) % m;
				for (size_t j = 0; j < n; j++) {
					if (ACT_TYPE(buf[j]) >= CRISK_CATAN_BUILD_ROAD && ACT_TYPE(buf[j]) != CRISK_CATAN_END_TURN &&
					    pick-- == 0) {
						a = buf[j];
						break;
					}
				}
			}
		}
		ck_assert_int_eq(hawaii_apply(f.k, f.st, a, &f.log), CRISK_OK);
		(*checks)++;
		ck_assert_msg(!win_pending(f.k, f.st), "%s step %d: seat %d at %d of %d VP after action type %u, no win declared",
			      params, i, ks(f.st)->active, ktotal_vp(f.k, f.st, ks(f.st)->active), f.k->cfg.vp_target,
			      (unsigned)ACT_TYPE(a));
	}
	*wins += ks(f.st)->status == CRISK_STATUS_WON;
	close_game(&f);
}

/* H-110, B-105, B-106, B-110 at every step, 3 to 6 seats, both chance modes. */
START_TEST(victory_skip_misses_no_win_H110_B105_B106_B110)
{
	static const char *const more[] = {"", " chance=explicit", " friendly_robber=1", " chance=explicit"};
	uint64_t x = 0x9E3779B97F4A7C15u;
	int wins = 0, checks = 0;
	for (int g = 0; g < 32; g++) {
		char p[96];
		snprintf(p, sizeof p, "players=%d seed=%d%s", 3 + g % 4, 20 + g, more[(g / 4) % 4]);
		random_game(p, x + (uint64_t)g * 0x2545F4914F6CDD1Du, 30000, &wins, &checks);
	}
	ck_assert_msg(wins >= 24, "%d of 32 games won", wins);
	ck_assert_int_gt(checks, 10000);
}
END_TEST

/* The turn start of 3-4 seats (hw_turn_start_vp8: the moves' per-turn
 * fields and the victory check with the VP count inline, as kern.turn_more)
 * against the kernel's own (turn_start_hooked: hk.turn_start, then
 * flow.c's check asking kern.vp_more): every step of random games (turn
 * ends and the set-up's end start turns) gives the same state and events
 * both ways.  Targets from 3 up: with 3, seat 0 wins at turn 1's start
 * (three set-up settlements, B-106), the turn start's win. */
START_TEST(turn_start_vp8_as_kernel_B106_H85)
{
	static crisk_action acts[PLAY_CAP];
	int starts = 0, wins_at_start = 0;
	for (int g = 0; g < 24; g++) {
		char p[96];
		snprintf(p, sizeof p, "players=%d seed=%d vp_target=%d", 3 + g % 2, 40 + g, 3 + g % 8);
		fixture f;
		open_game(&f, p);
		ck_assert_msg(f.k->turn_more == hw_turn_start_vp8, "%s: hawaii's turn start", p);
		hw_rules other = *(const hw_rules *)(const void *)f.k; /* shares the tables */
		other.k.turn_more = flow_turn_start_more(&other.k.cfg, &other.k.hk);
		ck_assert_ptr_ne(other.k.turn_more, hw_turn_start_vp8);
		unsigned char *copy = malloc(f.k->size);
		ck_assert_ptr_nonnull(copy);
		uint64_t x = 0x2545F4914F6CDD1Du + (uint64_t)g;
		for (int i = 0; i < 20000 && ks(f.st)->status == CRISK_STATUS_RUNNING; i++) {
			size_t n = hawaii_legal_except(f.k, f.st, UINT64_C(1) << CRISK_CATAN_OFFER_TRADE, acts, PLAY_CAP);
			ck_assert_uint_gt(n, 0);
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			crisk_action a = acts[x % n];
			evlog l2 = f.log;
			memcpy(copy, f.st, f.k->size);
			int turn = ks(f.st)->turn;
			ck_assert_int_eq(hawaii_apply(&other.k, copy, a, &l2), CRISK_OK);
			ck_assert_int_eq(hawaii_apply(f.k, f.st, a, &f.log), CRISK_OK);
			ck_assert_msg(memcmp(copy, f.st, f.k->size) == 0, "%s step %d: the states differ", p, i);
			ck_assert_uint_eq(l2.next, f.log.next);
			if (ks(f.st)->turn != turn) {
				starts++;
				wins_at_start += ks(f.st)->status == CRISK_STATUS_WON;
			}
		}
		free(copy);
		close_game(&f);
	}
	ck_assert_int_gt(starts, 1500);
	ck_assert_msg(wins_at_start >= 2, "%d wins at a turn start", wins_at_start);
}
END_TEST

static Suite *hawaii_victory_suite(void)
{
	Suite *s = suite_create("hawaii_victory");
	TCase *tc = tcase_create("victory");
	tcase_set_timeout(tc, 0);
	tcase_add_test(tc, victory_skip_misses_no_win_H110_B105_B106_B110);
	tcase_add_test(tc, turn_start_vp8_as_kernel_B106_H85);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(hawaii_victory_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
