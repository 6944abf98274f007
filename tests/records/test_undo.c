/* Undo: exact restoration of state and event log, limits, interaction with
 * clone, copy, refused actions and a small event ring. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk.h"
#include "../rules/scenario.h"
#include "../soak/playout.h"

#define STEPS 60

static crisk_action buf[PL_MAX_ACTIONS];

static crisk_game *new_game(const char *params)
{
	crisk_rules *r = NULL;
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_rules_new(&r, "base", params), CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	return g;
}

static char *json(const crisk_game *g)
{
	return sc_json(g, CRISK_VIEWER_OMNISCIENT); /* the omniscient view, malloc'd */
}

static uint64_t ev_next(const crisk_game *g)
{
	uint64_t next = 0;
	ck_assert_int_eq(crisk_game_event_range(g, NULL, &next), CRISK_OK);
	return next;
}

static void step(crisk_game *g, pl_rng *r)
{
	ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
	int rc = pl_step(g, r, buf);
	ck_assert_msg(rc == CRISK_OK, "step: %s", crisk_error_last());
}

START_TEST(test_undo_off_by_default)
{
	crisk_game *g = new_game("players=3 seed=1");
	pl_rng r = {1};
	size_t n = 99;
	ck_assert_int_eq(crisk_game_undo_available(g, &n), CRISK_OK);
	ck_assert_uint_eq(n, 0);
	step(g, &r);
	ck_assert_int_eq(crisk_game_undo(g, 1), CRISK_ESTATE);
	ck_assert_str_ne(crisk_error_last(), "");
	ck_assert_int_eq(crisk_game_undo(g, 0), CRISK_OK);
	ck_assert_int_eq(crisk_game_set_undo_depth(g, CRISK_MAX_UNDO_DEPTH + 1), CRISK_EINVAL);
	ck_assert_int_eq(crisk_game_set_undo_depth(NULL, 4), CRISK_EINVAL);
	ck_assert_int_eq(crisk_game_undo(NULL, 1), CRISK_EINVAL);
	ck_assert_int_eq(crisk_game_undo_available(NULL, &n), CRISK_EINVAL);
	ck_assert_int_eq(crisk_game_undo_available(g, NULL), CRISK_EINVAL);
	crisk_game_free(g);
}
END_TEST

/* Every k-step undo gives back the exact view and event position. */
static void exact_restore(const char *params, uint64_t seed)
{
	crisk_game *g = new_game(params);
	ck_assert_int_eq(crisk_game_set_undo_depth(g, STEPS), CRISK_OK);
	pl_rng r = {seed};
	char *view[STEPS + 1];
	uint64_t next[STEPS + 1];
	view[0] = json(g);
	next[0] = ev_next(g);
	for (int i = 1; i <= STEPS; i++) {
		step(g, &r);
		view[i] = json(g);
		next[i] = ev_next(g);
	}
	size_t avail = 0;
	ck_assert_int_eq(crisk_game_undo_available(g, &avail), CRISK_OK);
	ck_assert_uint_eq(avail, STEPS);
	ck_assert_int_eq(crisk_game_undo(g, STEPS + 1), CRISK_ESTATE);
	char *same = json(g);
	ck_assert_str_eq(same, view[STEPS]);
	free(same);
	int at = STEPS;
	for (int k = 1; at - k >= 0; k++) {
		ck_assert_int_eq(crisk_game_undo(g, (size_t)k), CRISK_OK);
		at -= k;
		char *now = json(g);
		ck_assert_msg(strcmp(now, view[at]) == 0, "state after undo to step %d differs", at);
		free(now);
		ck_assert_uint_eq(ev_next(g), next[at]);
		ck_assert_int_eq(crisk_game_undo_available(g, &avail), CRISK_OK);
		ck_assert_uint_eq(avail, (size_t)at);
	}
	for (int i = 0; i <= STEPS; i++)
		free(view[i]);
	crisk_game_free(g);
}

START_TEST(test_undo_exact_auto)
{
	exact_restore("players=4 seed=5", 9);
}
END_TEST

START_TEST(test_undo_exact_explicit)
{
	exact_restore("players=2 seed=6 board=beginner chance=explicit", 10);
}
END_TEST

/* The RNG is part of the state: replaying after undo repeats auto chance. */
START_TEST(test_undo_then_same_actions_same_result)
{
	crisk_game *g = new_game("players=3 seed=8");
	crisk_game *h = NULL;
	pl_rng r = {3};
	for (int i = 0; i < 40; i++)
		step(g, &r);
	ck_assert_int_eq(crisk_game_set_undo_depth(g, 100), CRISK_OK);
	ck_assert_int_eq(crisk_game_clone(&h, g), CRISK_OK);
	pl_rng r1 = r, r2 = r;
	crisk_action acts[100];
	for (int i = 0; i < 100 && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; i++) {
		size_t n;
		ck_assert_int_eq(pl_pick(g, &r1, buf, &n, &acts[i]), CRISK_OK);
		ck_assert_int_eq(crisk_game_apply(g, acts[i]), CRISK_OK);
		ck_assert_int_eq(pl_step(h, &r2, buf), CRISK_OK);
	}
	char *a = json(g);
	size_t avail;
	crisk_game_undo_available(g, &avail);
	ck_assert_int_eq(crisk_game_undo(g, avail), CRISK_OK);
	for (size_t i = 0; i < avail; i++)
		ck_assert_int_eq(crisk_game_apply(g, acts[i]), CRISK_OK);
	char *b = json(g), *c = json(h);
	ck_assert_str_eq(a, b);
	ck_assert_str_eq(b, c);
	free(a);
	free(b);
	free(c);
	crisk_game_free(g);
	crisk_game_free(h);
}
END_TEST

START_TEST(test_undo_ring_keeps_newest)
{
	crisk_game *g = new_game("players=4 seed=12");
	ck_assert_int_eq(crisk_game_set_undo_depth(g, 5), CRISK_OK);
	pl_rng r = {4};
	char *view[12];
	view[0] = json(g);
	for (int i = 1; i < 12; i++) {
		step(g, &r);
		view[i] = json(g);
	}
	size_t avail;
	crisk_game_undo_available(g, &avail);
	ck_assert_uint_eq(avail, 5);
	ck_assert_int_eq(crisk_game_undo(g, 6), CRISK_ESTATE);
	ck_assert_int_eq(crisk_game_undo(g, 5), CRISK_OK);
	char *now = json(g);
	ck_assert_str_eq(now, view[6]);
	free(now);
	ck_assert_int_eq(crisk_game_undo(g, 1), CRISK_ESTATE);
	/* New applies after an undo refill the ring. */
	step(g, &r);
	crisk_game_undo_available(g, &avail);
	ck_assert_uint_eq(avail, 1);
	ck_assert_int_eq(crisk_game_undo(g, 1), CRISK_OK);
	now = json(g);
	ck_assert_str_eq(now, view[6]);
	free(now);
	for (int i = 0; i < 12; i++)
		free(view[i]);
	crisk_game_free(g);
}
END_TEST

START_TEST(test_refused_apply_pushes_nothing)
{
	crisk_game *g = new_game("players=2 seed=3");
	ck_assert_int_eq(crisk_game_set_undo_depth(g, 8), CRISK_OK);
	ck_assert_int_eq(crisk_game_apply(g, ((crisk_action)CRISK_CATAN_BUILD_CITY << 56) | 3), CRISK_EILLEGAL);
	ck_assert_int_eq(crisk_game_apply(g, ~(crisk_action)0), CRISK_EILLEGAL);
	size_t avail = 9;
	crisk_game_undo_available(g, &avail);
	ck_assert_uint_eq(avail, 0);
	crisk_game_free(g);
}
END_TEST

START_TEST(test_clone_copies_history_copy_empties)
{
	crisk_game *g = new_game("players=3 seed=14");
	crisk_game *c = NULL, *d = NULL;
	ck_assert_int_eq(crisk_game_set_undo_depth(g, 16), CRISK_OK);
	pl_rng r = {6};
	char *start = json(g);
	for (int i = 0; i < 10; i++)
		step(g, &r);
	ck_assert_int_eq(crisk_game_clone(&c, g), CRISK_OK);
	size_t avail;
	crisk_game_undo_available(c, &avail);
	ck_assert_uint_eq(avail, 10);
	ck_assert_int_eq(crisk_game_undo(c, 10), CRISK_OK);
	char *back = json(c);
	ck_assert_str_eq(back, start);
	/* The original keeps its own history. */
	crisk_game_undo_available(g, &avail);
	ck_assert_uint_eq(avail, 10);

	ck_assert_int_eq(crisk_game_clone(&d, c), CRISK_OK);
	ck_assert_int_eq(crisk_game_copy(d, g), CRISK_OK);
	crisk_game_undo_available(d, &avail);
	ck_assert_uint_eq(avail, 0);
	ck_assert_int_eq(crisk_game_undo(d, 1), CRISK_ESTATE);
	/* d still has its depth: new applies are undoable. */
	char *before = json(d);
	step(d, &r);
	ck_assert_int_eq(crisk_game_undo(d, 1), CRISK_OK);
	char *after = json(d);
	ck_assert_str_eq(before, after);
	free(start);
	free(back);
	free(before);
	free(after);
	crisk_game_free(g);
	crisk_game_free(c);
	crisk_game_free(d);
}
END_TEST

static int read_event(const crisk_game *g, uint64_t seq, crisk_event *e)
{
	crisk_event_init(e, CRISK_EVENT_VERSION);
	return crisk_game_event(e, g, seq, CRISK_VIEWER_OMNISCIENT);
}

/* With a small ring the slots of dropped events get reused; no stale event
 * may ever be returned, and the ones still stored stay exact. */
START_TEST(test_undo_event_ring_never_stale)
{
	crisk_game *g = new_game("players=4 seed=21");
	ck_assert_int_eq(crisk_game_set_event_capacity(g, 8), CRISK_OK);
	ck_assert_int_eq(crisk_game_set_undo_depth(g, 64), CRISK_OK);
	pl_rng r = {8};
	enum { MAXEV = 4096 };
	static crisk_event truth[MAXEV];
	static int known[MAXEV];
	memset(known, 0, sizeof known);
	for (int round = 0; round < 30; round++) {
		int n = 1 + (int)pl_below(&r, 12);
		for (int i = 0; i < n && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; i++) {
			uint64_t before = ev_next(g);
			step(g, &r);
			for (uint64_t s = before; s < ev_next(g) && s < MAXEV; s++) {
				if (read_event(g, s, &truth[s]) == CRISK_OK)
					known[s] = 1;
			}
		}
		size_t avail;
		crisk_game_undo_available(g, &avail);
		size_t k = avail ? pl_below(&r, avail + 1) : 0;
		ck_assert_int_eq(crisk_game_undo(g, k), CRISK_OK);
		uint64_t first, next;
		crisk_game_event_range(g, &first, &next);
		ck_assert_uint_le(first, next);
		crisk_event e;
		for (uint64_t s = next; s < next + 20; s++)
			ck_assert_int_eq(read_event(g, s, &e), CRISK_ENOTFOUND);
		for (uint64_t s = first; s < next && s < MAXEV; s++) {
			ck_assert_int_eq(read_event(g, s, &e), CRISK_OK);
			ck_assert(known[s]);
			ck_assert_uint_eq(e.seq, s);
			ck_assert_uint_eq(e.type, truth[s].type);
			ck_assert_int_eq(e.seat, truth[s].seat);
			ck_assert_mem_eq(e.args, truth[s].args, sizeof e.args);
		}
		/* Forget what was dropped: those numbers are reused. */
		for (uint64_t s = next; s < MAXEV; s++)
			known[s] = 0;
	}
	crisk_game_free(g);
}
END_TEST

START_TEST(test_set_depth_discards_history)
{
	crisk_game *g = new_game("players=2 seed=2");
	pl_rng r = {2};
	ck_assert_int_eq(crisk_game_set_undo_depth(g, 4), CRISK_OK);
	step(g, &r);
	step(g, &r);
	ck_assert_int_eq(crisk_game_set_undo_depth(g, 8), CRISK_OK);
	size_t avail = 9;
	crisk_game_undo_available(g, &avail);
	ck_assert_uint_eq(avail, 0);
	ck_assert_int_eq(crisk_game_set_undo_depth(g, 0), CRISK_OK);
	step(g, &r);
	ck_assert_int_eq(crisk_game_undo(g, 1), CRISK_ESTATE);
	crisk_game_free(g);
}
END_TEST

static Suite *undo_suite(void)
{
	Suite *s = suite_create("undo");
	TCase *tc = tcase_create("undo");
	tcase_add_test(tc, test_undo_off_by_default);
	tcase_add_test(tc, test_undo_exact_auto);
	tcase_add_test(tc, test_undo_exact_explicit);
	tcase_add_test(tc, test_undo_then_same_actions_same_result);
	tcase_add_test(tc, test_undo_ring_keeps_newest);
	tcase_add_test(tc, test_refused_apply_pushes_nothing);
	tcase_add_test(tc, test_clone_copies_history_copy_empties);
	tcase_add_test(tc, test_undo_event_ring_never_stale);
	tcase_add_test(tc, test_set_depth_discards_history);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(undo_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
