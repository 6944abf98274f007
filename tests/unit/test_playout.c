/* crisk_game_playout through the public API: every playout must equal the
 * loop a host writes with the step functions (current seat, chance
 * probabilities or the list except the skipped types, a draw from the
 * documented splitmix64 policy, apply), whether the module's own loop or
 * the core's loop runs it; undo, records and the event log see every
 * action; max_steps, game over and argument errors.  The policy below is
 * written from docs/api.md, not from the library's header. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk.h"
#include "../rules/scenario.h"
#include "../modules/tiny_module.h"
#include "wide_module.h"

#define OFFER CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE)
/* Not skipped natively by any module: forces the core's loop. */
#define MARITIME CRISK_ACTION_TYPE_BIT(CRISK_CATAN_MARITIME_TRADE)

/* ---- The documented policy, as a host reproduces it. ---- */

static uint64_t ref_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

/* Lemire: the high 32 bits times n; reject while the low half is below 2^32 mod n. */
static size_t ref_pick(uint64_t *s, size_t n)
{
	if (n == 1)
		return 0;
	uint32_t bound = (uint32_t)n, threshold = (uint32_t)(0x100000000u % bound);
	uint64_t m;
	do
		m = (ref_next(s) >> 32) * bound;
	while ((uint32_t)m < threshold);
	return (size_t)(m >> 32);
}

static size_t ref_weighted(uint64_t *s, const double *probs, size_t n)
{
	double u = (double)(ref_next(s) >> 11) / 9007199254740992.0, acc = 0;
	for (size_t i = 0; i + 1 < n; i++) {
		acc += probs[i];
		if (u < acc)
			return i;
	}
	return n - 1;
}

/* The host's step loop: what crisk_game_playout promises to equal. */
static int ref_playout(crisk_game *g, uint64_t skip, uint64_t max_steps, uint64_t *rng, uint64_t *steps)
{
	size_t cap = 256;
	crisk_action *acts = malloc(cap * sizeof *acts);
	double *probs = malloc(cap * sizeof *probs);
	int rc = CRISK_OK, seat;
	ck_assert(acts && probs);
	*steps = 0;
	while ((!max_steps || *steps < max_steps) && (seat = crisk_game_current_seat(g)) != CRISK_SEAT_NONE) {
		size_t n = 0, i;
		if (seat == CRISK_SEAT_CHANCE)
			rc = crisk_game_chance_probabilities(g, acts, probs, cap, &n);
		else
			rc = crisk_game_legal_actions_except(g, skip, acts, cap, &n);
		if (rc == CRISK_EBUFSIZE) {
			cap = n;
			acts = realloc(acts, cap * sizeof *acts);
			probs = realloc(probs, cap * sizeof *probs);
			ck_assert(acts && probs);
			continue;
		}
		if (rc)
			break;
		if (seat == CRISK_SEAT_CHANCE) {
			i = ref_weighted(rng, probs, n);
		} else {
			if (n == 0) {
				rc = CRISK_ESTATE;
				break;
			}
			i = ref_pick(rng, n);
		}
		if ((rc = crisk_game_apply(g, acts[i])))
			break;
		++*steps;
	}
	free(acts);
	free(probs);
	return rc;
}

/* ---- Games and their comparison. ---- */

static crisk_game *new_game(const char *module, const char *params)
{
	crisk_rules *r = NULL;
	crisk_game *g = NULL;
	ck_assert_msg(crisk_rules_new(&r, module, params) == CRISK_OK, "%s %s: %s", module, params, crisk_error_last());
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	return g;
}

static crisk_game *new_host_game(const crisk_module *m, const char *params)
{
	crisk_rules *r = NULL;
	crisk_game *g = NULL;
	ck_assert_msg(crisk_rules_new_with_module(&r, m, params) == CRISK_OK, "%s", crisk_error_last());
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	return g;
}

static crisk_game *clone_of(const crisk_game *g)
{
	crisk_game *c = NULL;
	ck_assert_int_eq(crisk_game_clone(&c, g), CRISK_OK);
	return c;
}

static char *view(const crisk_game *g)
{
	return sc_json(g, CRISK_VIEWER_OMNISCIENT); /* the omniscient view, malloc'd */
}

static char *events(const crisk_game *g)
{
	size_t len = 0;
	crisk_game_events_json(g, 0, CRISK_VIEWER_OMNISCIENT, NULL, 0, &len);
	char *s = malloc(len + 1);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(crisk_game_events_json(g, 0, CRISK_VIEWER_OMNISCIENT, s, len + 1, &len), CRISK_OK);
	return s;
}

/* The binary save (state, generator, event sequence number), or NULL for a
 * module without save hooks. */
static unsigned char *save(const crisk_game *g, size_t *len)
{
	*len = 0;
	int rc = crisk_game_save(g, NULL, 0, len);
	if (rc == CRISK_EUNSUPPORTED)
		return NULL;
	ck_assert_int_eq(rc, CRISK_EBUFSIZE);
	unsigned char *b = malloc(*len);
	ck_assert_ptr_nonnull(b);
	ck_assert_int_eq(crisk_game_save(g, b, *len, len), CRISK_OK);
	return b;
}

/* Same state, same event range and the same events kept. */
static void assert_same_game(const crisk_game *a, const crisk_game *b, const char *what)
{
	size_t la, lb;
	unsigned char *sa = save(a, &la), *sb = save(b, &lb);
	ck_assert_msg(la == lb && (!la || !memcmp(sa, sb, la)), "%s: the saves differ", what);
	free(sa);
	free(sb);
	char *va = view(a), *vb = view(b);
	ck_assert_msg(!strcmp(va, vb), "%s: the views differ", what);
	free(va);
	free(vb);
	uint64_t fa, na, fb, nb;
	ck_assert_int_eq(crisk_game_event_range(a, &fa, &na), CRISK_OK);
	ck_assert_int_eq(crisk_game_event_range(b, &fb, &nb), CRISK_OK);
	ck_assert_msg(fa == fb && na == nb, "%s: event ranges %llu..%llu and %llu..%llu", what, (unsigned long long)fa,
		      (unsigned long long)na, (unsigned long long)fb, (unsigned long long)nb);
	char *ea = events(a), *eb = events(b);
	ck_assert_msg(!strcmp(ea, eb), "%s: the events differ", what);
	free(ea);
	free(eb);
}

/* A playout of `g` against the reference loop on a clone: the same result
 * code, steps, generator state, game and events.  Returns the steps. */
static uint64_t playout_equals_ref(crisk_game *g, uint64_t skip, uint64_t max_steps, uint64_t seed, const char *what)
{
	crisk_game *ref = clone_of(g);
	uint64_t rng = seed, ref_rng = seed, steps = 99, ref_steps = 0;
	int rc = crisk_game_playout(g, skip, max_steps, &rng, &steps);
	int ref_rc = ref_playout(ref, skip, max_steps, &ref_rng, &ref_steps);
	ck_assert_msg(rc == ref_rc, "%s: playout gave %d (%s), the step loop %d", what, rc, crisk_error_last(), ref_rc);
	ck_assert_msg(steps == ref_steps, "%s: %llu steps, the step loop %llu", what, (unsigned long long)steps,
		      (unsigned long long)ref_steps);
	ck_assert_msg(rng == ref_rng, "%s: the generator states differ", what);
	assert_same_game(g, ref, what);
	crisk_game_free(ref);
	return steps;
}

/* ---- Equivalence with the step loop, per module and skip mask. ---- */

/* max_turns bounds the games: without maritime trade a random game can go
 * on for hundreds of thousands of turns. */
/* a, b: the two types the skip masks are made of (for Catan, domestic
 * offers, which base's loop skips natively, and maritime trade, which none
 * does); skip: types every playout of the config leaves out (muhq's concede,
 * which a random policy would take within a few steps). */
#define CONCEDE CRISK_ACTION_TYPE_BIT(23)
#define MQ_FULL CRISK_ACTION_TYPE_BIT(10)
#define MQ_SCRAP CRISK_ACTION_TYPE_BIT(17)
static const struct config {
	const char *module, *params;
	uint64_t a, b, skip;
} configs[] = {
	{"base", "players=4 seed=11 max_turns=250", OFFER, MARITIME, 0},
	{"base", "players=3 seed=12 board=random max_turns=250", OFFER, MARITIME, 0},
	{"base", "players=5 seed=13 max_turns=250", OFFER, MARITIME, 0},
	{"base", "players=6 seed=14 board=random_tokens max_turns=250", OFFER, MARITIME, 0},
	{"base", "players=4 seed=15 chance=explicit max_turns=250", OFFER, MARITIME, 0},
	{"base", "players=6 seed=16 chance=explicit paired_players=on max_turns=250", OFFER, MARITIME, 0},
	{"two_player", "seed=17 max_turns=250", OFFER, MARITIME, 0},
	{"two_player", "seed=18 chance=explicit max_turns=250", OFFER, MARITIME, 0},
	{"risk", "players=3 seed=19 max_turns=250", OFFER, MARITIME, 0},
	{"risk", "players=4 seed=20 chance=explicit fog=on max_turns=250", OFFER, MARITIME, 0},
	{"hawaii", "players=4 seed=23 max_turns=250", OFFER, MARITIME, 0},
	{"hawaii", "players=5 seed=24 chance=explicit max_turns=250", OFFER, MARITIME, 0},
	{"muhq", "map=2P-ring-street players=2 draft=none seed=21 limit=20", MQ_SCRAP, MQ_FULL, CONCEDE},
	{"muhq", "map=4P-islands players=3 seed=22 chance=explicit limit=10", MQ_SCRAP, MQ_FULL, CONCEDE},
};
#define N_CONFIGS (int)(sizeof configs / sizeof configs[0])

#define N_MASKS 4
/* Mask m of config c: none, a, b, both; with c's own skip. */
static uint64_t mask(const struct config *c, int m)
{
	return (m & 1 ? c->a : 0) | (m & 2 ? c->b : 0) | c->skip;
}

/* B-132/B-133 chance outcomes drawn by probability; the whole game, with
 * the event log on (large enough to keep every event). */
START_TEST(test_playout_equals_step_loop)
{
	const struct config *c = &configs[_i / N_MASKS];
	uint64_t skip = mask(c, _i % N_MASKS);
	char what[160];
	snprintf(what, sizeof what, "%s %s skip=%#llx", c->module, c->params, (unsigned long long)skip);
	crisk_game *g = new_game(c->module, c->params);
	ck_assert_int_eq(crisk_game_set_event_capacity(g, 1u << 16), CRISK_OK);
	uint64_t steps = playout_equals_ref(g, skip, 0, 1000 + (uint64_t)_i, what);
	ck_assert_uint_gt(steps, 0);
	ck_assert_int_eq(crisk_game_current_seat(g), CRISK_SEAT_NONE);
	ck_assert_int_ne(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
	crisk_game_free(g);
}
END_TEST

/* From the middle of a game too, with the log at its default size. */
START_TEST(test_playout_from_mid_game)
{
	const struct config *c = &configs[_i];
	crisk_game *g = new_game(c->module, c->params);
	uint64_t rng = 77;
	ck_assert_int_eq(crisk_game_playout(g, mask(c, 1), 150, &rng, NULL), CRISK_OK);
	for (int m = 0; m < N_MASKS; m++) {
		crisk_game *h = clone_of(g);
		char what[160];
		snprintf(what, sizeof what, "%s %s mid-game skip=%#llx", c->module, c->params,
			 (unsigned long long)mask(c, m));
		playout_equals_ref(h, mask(c, m), 0, 5 + (uint64_t)m, what);
		crisk_game_free(h);
	}
	crisk_game_free(g);
}
END_TEST

/* ---- The module's loop and the core's loop make the same choices. ---- */

START_TEST(test_module_loop_equals_core_loop)
{
	const struct config *c = &configs[_i];
	for (int m = 0; m < 2; m++) {
		crisk_game *fast = new_game(c->module, c->params);
		crisk_game *undo = new_game(c->module, c->params);
		crisk_game *rec = new_game(c->module, c->params);
		ck_assert_int_eq(crisk_game_set_undo_depth(undo, 4), CRISK_OK);
		ck_assert_int_eq(crisk_game_set_recording(rec, 1), CRISK_OK);
		uint64_t r1 = 42 + (uint64_t)m, r2 = r1, r3 = r1, s1 = 0, s2 = 0, s3 = 0;
		ck_assert_int_eq(crisk_game_playout(fast, mask(c, m), 0, &r1, &s1), CRISK_OK);
		ck_assert_int_eq(crisk_game_playout(undo, mask(c, m), 0, &r2, &s2), CRISK_OK);
		ck_assert_int_eq(crisk_game_playout(rec, mask(c, m), 0, &r3, &s3), CRISK_OK);
		ck_assert_uint_eq(s1, s2);
		ck_assert_uint_eq(s1, s3);
		ck_assert_uint_eq(r1, r2);
		ck_assert_uint_eq(r1, r3);
		assert_same_game(fast, undo, "module loop vs core loop with undo");
		assert_same_game(fast, rec, "module loop vs core loop with recording");
		crisk_game_free(fast);
		crisk_game_free(undo);
		crisk_game_free(rec);
	}
}
END_TEST

/* Undo takes back the playout's actions one by one (docs/undo.md). */
START_TEST(test_undo_through_playout)
{
	enum { DEPTH = 40 };
	const struct config *c = &configs[_i];
	crisk_game *g = new_game(c->module, c->params);
	uint64_t rng = 9;
	ck_assert_int_eq(crisk_game_playout(g, mask(c, 1), 60, &rng, NULL), CRISK_OK);
	ck_assert_int_eq(crisk_game_set_undo_depth(g, DEPTH), CRISK_OK);
	/* The positions the step loop passes through with the same draws. */
	crisk_game *ref = clone_of(g), *seen[DEPTH + 1];
	uint64_t ref_rng = rng, n;
	seen[0] = clone_of(ref);
	for (int i = 1; i <= DEPTH; i++) {
		ck_assert_int_eq(ref_playout(ref, mask(c, 1), 1, &ref_rng, &n), CRISK_OK);
		ck_assert_uint_eq(n, 1);
		seen[i] = clone_of(ref);
	}
	uint64_t steps = 0;
	ck_assert_int_eq(crisk_game_playout(g, mask(c, 1), DEPTH, &rng, &steps), CRISK_OK);
	ck_assert_uint_eq(steps, DEPTH);
	ck_assert_uint_eq(rng, ref_rng);
	size_t avail = 0;
	ck_assert_int_eq(crisk_game_undo_available(g, &avail), CRISK_OK);
	ck_assert_uint_eq(avail, DEPTH);
	assert_same_game(g, seen[DEPTH], "after the playout");
	for (int i = DEPTH - 1; i >= 0; i--) {
		ck_assert_int_eq(crisk_game_undo(g, 1), CRISK_OK);
		char what[64];
		snprintf(what, sizeof what, "undone to step %d", i);
		assert_same_game(g, seen[i], what);
	}
	for (int i = 0; i <= DEPTH; i++)
		crisk_game_free(seen[i]);
	crisk_game_free(ref);
	crisk_game_free(g);
}
END_TEST

/* The record holds every action of the playout and replays to the same game. */
START_TEST(test_record_of_playout)
{
	const struct config *c = &configs[_i];
	crisk_game *g = new_game(c->module, c->params);
	ck_assert_int_eq(crisk_game_set_recording(g, 1), CRISK_OK);
	uint64_t rng = 123, steps = 0, more = 0;
	ck_assert_int_eq(crisk_game_playout(g, mask(c, 1), 100, &rng, &steps), CRISK_OK);
	ck_assert_int_eq(crisk_game_playout(g, mask(c, 0), 0, &rng, &more), CRISK_OK);
	size_t len = 0;
	ck_assert_int_eq(crisk_game_record(g, NULL, 0, &len), CRISK_EBUFSIZE);
	char *text = malloc(len + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(crisk_game_record(g, text, len + 1, &len), CRISK_OK);
	/* One line per action after the header lines. */
	size_t lines = 0;
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	crisk_game *back = NULL;
	ck_assert_msg(crisk_record_replay(&back, text, len) == CRISK_OK, "%s", crisk_error_last());
	ck_assert_uint_ge(lines, steps + more);
	ck_assert_uint_le(lines, steps + more + 8);
	size_t la, lb;
	unsigned char *sa = save(g, &la), *sb = save(back, &lb);
	ck_assert(la == lb && !memcmp(sa, sb, la));
	free(sa);
	free(sb);
	free(text);
	crisk_game_free(back);
	crisk_game_free(g);
}
END_TEST

/* A playout without undo or record still counts its actions: recording can
 * no longer start, as after crisk_game_apply. */
START_TEST(test_module_loop_counts_moves)
{
	crisk_game *g = new_game("base", "players=4 seed=3");
	uint64_t rng = 1, steps = 0;
	ck_assert_int_eq(crisk_game_playout(g, OFFER, 5, &rng, &steps), CRISK_OK);
	ck_assert_uint_eq(steps, 5);
	ck_assert_int_eq(crisk_game_set_recording(g, 1), CRISK_ESTATE);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "5 actions"));
	crisk_game_free(g);
}
END_TEST

/* ---- max_steps, game over, errors. ---- */

START_TEST(test_max_steps)
{
	const struct config *c = &configs[_i / 2];
	uint64_t skip = mask(c, _i % 2 ? 2 : 1); /* for Catan, the module's loop, then the core's */
	crisk_game *split = new_game(c->module, c->params);
	crisk_game *whole = clone_of(split);
	uint64_t r1 = 5, r2 = 5, s = 0, rest = 0, all = 0;
	ck_assert_int_eq(crisk_game_playout(split, skip, 137, &r1, &s), CRISK_OK);
	ck_assert_uint_eq(s, 137);
	ck_assert_int_eq(crisk_game_status(split, NULL), CRISK_STATUS_RUNNING);
	ck_assert_int_ne(crisk_game_current_seat(split), CRISK_SEAT_NONE);
	ck_assert_int_eq(crisk_game_playout(split, skip, 0, &r1, &rest), CRISK_OK);
	ck_assert_int_eq(crisk_game_playout(whole, skip, 0, &r2, &all), CRISK_OK);
	ck_assert_uint_eq(s + rest, all);
	ck_assert_uint_eq(r1, r2);
	assert_same_game(split, whole, "137 steps, then the rest");
	crisk_game_free(split);
	crisk_game_free(whole);
}
END_TEST

START_TEST(test_game_over_already)
{
	crisk_game *g = new_game("base", "players=3 seed=4");
	uint64_t rng = 8, steps = 0;
	ck_assert_int_eq(crisk_game_playout(g, OFFER, 0, &rng, &steps), CRISK_OK);
	ck_assert_int_eq(crisk_game_current_seat(g), CRISK_SEAT_NONE);
	crisk_game *before = clone_of(g);
	uint64_t kept = rng;
	for (int m = 0; m < N_MASKS; m++) {
		steps = 99;
		ck_assert_int_eq(crisk_game_playout(g, mask(&configs[0], m), 0, &rng, &steps), CRISK_OK);
		ck_assert_uint_eq(steps, 0);
		ck_assert_uint_eq(rng, kept);
		ck_assert_int_eq(crisk_game_playout(g, mask(&configs[0], m), 3, &rng, NULL), CRISK_OK);
	}
	assert_same_game(g, before, "game over");
	crisk_game_free(before);
	crisk_game_free(g);
}
END_TEST

START_TEST(test_argument_errors)
{
	crisk_game *g = new_game("base", "players=4 seed=5");
	crisk_game *before = clone_of(g);
	uint64_t rng = 1, steps = 99;
	ck_assert_int_eq(crisk_game_playout(NULL, 0, 0, &rng, &steps), CRISK_EINVAL);
	ck_assert_uint_eq(steps, 0);
	ck_assert_uint_eq(rng, 1);
	ck_assert_str_ne(crisk_error_last(), "");
	steps = 99;
	ck_assert_int_eq(crisk_game_playout(g, 0, 0, NULL, &steps), CRISK_EINVAL);
	ck_assert_uint_eq(steps, 0);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "rng_state"));
	ck_assert_int_eq(crisk_game_playout(NULL, 0, 0, NULL, NULL), CRISK_EINVAL);
	assert_same_game(g, before, "refused playout");
	crisk_game_free(before);
	crisk_game_free(g);
}
END_TEST

/* Skipping every type leaves the first seat nothing: no action is applied. */
START_TEST(test_skip_everything)
{
	crisk_game *g = new_game("base", "players=4 seed=6");
	crisk_game *before = clone_of(g);
	uint64_t rng = 3, steps = 99;
	ck_assert_int_eq(crisk_game_playout(g, ~(uint64_t)0, 0, &rng, &steps), CRISK_ESTATE);
	ck_assert_uint_eq(steps, 0);
	ck_assert_uint_eq(rng, 3);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "seat 0"));
	assert_same_game(g, before, "nothing left to play");
	crisk_game_free(before);
	crisk_game_free(g);
}
END_TEST

/* B-42/B-43 set-up only: the set-up actions stay applied when the first
 * roll (B-47) finds nothing left. */
START_TEST(test_skip_all_but_setup)
{
	uint64_t skip = ~(CRISK_ACTION_TYPE_BIT(CRISK_CATAN_PLACE_SETTLEMENT) |
			  CRISK_ACTION_TYPE_BIT(CRISK_CATAN_PLACE_ROAD));
	crisk_game *g = new_game("base", "players=4 seed=7");
	uint64_t steps = playout_equals_ref(g, skip, 0, 21, "set-up only");
	ck_assert_uint_eq(steps, 16);
	uint64_t rng = 4;
	ck_assert_int_eq(crisk_game_playout(g, skip, 0, &rng, &steps), CRISK_ESTATE);
	ck_assert_uint_eq(steps, 0);
	ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
	ck_assert_int_eq(crisk_game_turn(g), 1);
	crisk_game_free(g);
}
END_TEST

/* ---- Host modules: always the core's loop. ---- */

START_TEST(test_host_module_tiny)
{
	for (int seed = 0; seed < 8; seed++) {
		crisk_game *g = new_host_game(&tiny_table, "target=40 seats=3");
		uint64_t steps = playout_equals_ref(g, 0, 0, (uint64_t)seed, "tiny");
		ck_assert_uint_ge(steps, 20);
		ck_assert_uint_le(steps, 40);
		ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_WON);
		crisk_game_free(g);
	}
}
END_TEST

/* Lists of 600 actions (past the loop's 512 on the stack) and chance points
 * of 100 outcomes, with and without a filtered type. */
START_TEST(test_host_module_wide)
{
	static const char *params[] = {"", "width=513 outcomes=65", "width=3000 outcomes=1000 chance_every=1",
				       "width=1 outcomes=1 chance_every=2"};
	const uint64_t skips[] = {0, CRISK_ACTION_TYPE_BIT(WIDE_TYPE_ODD)};
	for (size_t p = 0; p < sizeof params / sizeof params[0]; p++) {
		for (int s = 0; s < 2; s++) {
			if (s && strstr(params[p], "width=1 "))
				continue; /* one even move: skipping odd ones changes nothing */
			char what[128];
			snprintf(what, sizeof what, "wide %s skip=%d", params[p], s);
			crisk_game *g = new_host_game(&wide_table, params[p]);
			uint64_t steps = playout_equals_ref(g, skips[s], 0, 31 + p, what);
			ck_assert_uint_ge(steps, 40);
			ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_ENDED);
			crisk_game_free(g);
		}
	}
	/* Only odd moves skipped: every chosen index is even. */
	crisk_game *g = new_host_game(&wide_table, "chance_every=0");
	ck_assert_int_eq(crisk_game_set_recording(g, 1), CRISK_OK);
	uint64_t rng = 1, steps = 0;
	ck_assert_int_eq(crisk_game_playout(g, CRISK_ACTION_TYPE_BIT(WIDE_TYPE_ODD), 0, &rng, &steps), CRISK_OK);
	ck_assert_uint_eq(steps, 40);
	size_t len = 0;
	ck_assert_int_eq(crisk_game_record(g, NULL, 0, &len), CRISK_EBUFSIZE);
	char *text = malloc(len + 1);
	ck_assert_int_eq(crisk_game_record(g, text, len + 1, &len), CRISK_OK);
	ck_assert_ptr_null(strstr(text, "w2."));
	ck_assert_ptr_nonnull(strstr(text, "w1."));
	crisk_game *back = NULL;
	ck_assert_msg(crisk_record_replay_as(&back, crisk_game_rules(g), text, len) == CRISK_OK, "%s",
		      crisk_error_last());
	assert_same_game(g, back, "wide record replayed");
	crisk_game_free(back);
	free(text);
	crisk_game_free(g);
}
END_TEST

/* A host module with undo on: the core's loop with snapshots, which undo
 * takes back to where the step loop stood 8 actions earlier. */
START_TEST(test_host_module_undo)
{
	crisk_game *g = new_host_game(&wide_table, "moves=30");
	ck_assert_int_eq(crisk_game_set_undo_depth(g, 8), CRISK_OK);
	crisk_game *ref = clone_of(g);
	uint64_t rng = 2, ref_rng = 2, steps = 0, ref_steps = 0;
	ck_assert_int_eq(crisk_game_playout(g, 0, 20, &rng, &steps), CRISK_OK);
	ck_assert_uint_eq(steps, 20);
	ck_assert_int_eq(ref_playout(ref, 0, 12, &ref_rng, &ref_steps), CRISK_OK);
	crisk_game *at12 = clone_of(ref);
	ck_assert_int_eq(ref_playout(ref, 0, 8, &ref_rng, &ref_steps), CRISK_OK);
	ck_assert_uint_eq(ref_rng, rng);
	assert_same_game(g, ref, "wide with undo");
	ck_assert_int_eq(crisk_game_undo(g, 8), CRISK_OK);
	assert_same_game(g, at12, "wide undone by 8");
	crisk_game_free(at12);
	crisk_game_free(ref);
	crisk_game_free(g);
}
END_TEST

static Suite *playout_suite(void)
{
	Suite *s = suite_create("playout");
	TCase *t = tcase_create("equivalence");
	tcase_set_timeout(t, 600);
	tcase_add_loop_test(t, test_playout_equals_step_loop, 0, N_CONFIGS * N_MASKS);
	tcase_add_loop_test(t, test_playout_from_mid_game, 0, N_CONFIGS);
	suite_add_tcase(s, t);
	t = tcase_create("loops");
	tcase_set_timeout(t, 600);
	tcase_add_loop_test(t, test_module_loop_equals_core_loop, 0, N_CONFIGS);
	tcase_add_loop_test(t, test_undo_through_playout, 0, N_CONFIGS);
	tcase_add_loop_test(t, test_record_of_playout, 0, N_CONFIGS);
	tcase_add_test(t, test_module_loop_counts_moves);
	suite_add_tcase(s, t);
	t = tcase_create("limits");
	tcase_set_timeout(t, 600);
	tcase_add_loop_test(t, test_max_steps, 0, N_CONFIGS * 2);
	tcase_add_test(t, test_game_over_already);
	tcase_add_test(t, test_argument_errors);
	tcase_add_test(t, test_skip_everything);
	tcase_add_test(t, test_skip_all_but_setup);
	suite_add_tcase(s, t);
	t = tcase_create("host_modules");
	tcase_set_timeout(t, 600);
	tcase_add_test(t, test_host_module_tiny);
	tcase_add_test(t, test_host_module_wide);
	tcase_add_test(t, test_host_module_undo);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	SRunner *r = srunner_create(playout_suite());
	srunner_run_all(r, CK_SILENT);
	int failed = srunner_ntests_failed(r);
	srunner_free(r);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
