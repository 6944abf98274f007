/* crisk_module.inner_state (docs/modules.md, "Wrapping a built-in module";
 * docs/decisions.md item 28): the Catan queries of catan.h answer for a
 * wrapper exactly as for the game inside it, and refuse with
 * CRISK_EUNSUPPORTED and a message when the wrapper holds no Catan-family
 * game or says something the core cannot check.  The visibility rules of the
 * queries are B-134's; the board, bank and pieces are those of B-141.
 * Public API only, like a host. */
#include <check.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk.h"
#include "shell_module.h"
#include "tiny_module.h"

#define MAX_LEGAL 4096

/* house_rules.c, compiled into this program. */
const crisk_module *crisk_module_entry(uint32_t host_abi_version);

static uint64_t next_rand(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static crisk_game *game_of(const crisk_module *table, const char *name, const char *params)
{
	crisk_rules *rules = NULL;
	int rc = table ? crisk_rules_new_with_module(&rules, table, params) : crisk_rules_new(&rules, name, params);
	ck_assert_msg(rc == CRISK_OK, "rules: %s", crisk_error_last());
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, rules), CRISK_OK);
	crisk_rules_free(rules);
	return g;
}

/* Every Catan query of w (the wrapper) equals the same query of b (the
 * inner game played alone): every seat and viewer, intersection and path. */
static void assert_same_queries(const crisk_game *w, const crisk_game *b)
{
	int seats = crisk_rules_num_seats(crisk_game_rules(b));
	ck_assert_int_eq(crisk_rules_num_seats(crisk_game_rules(w)), seats);
	for (int s = 0; s < seats; s++) {
		for (int v = -2; v < seats; v++) {
			int viewer = v == -2 ? CRISK_VIEWER_OMNISCIENT : v == -1 ? CRISK_VIEWER_SPECTATOR : v;
			int32_t hw[5] = {-1, -1, -1, -1, -1}, hb[5] = {-1, -1, -1, -1, -1};
			int rw = crisk_catan_hand(w, s, viewer, hw), rb = crisk_catan_hand(b, s, viewer, hb);
			ck_assert_int_eq(rw, rb);
			ck_assert_int_eq(memcmp(hw, hb, sizeof hw), 0);
			rw = crisk_catan_dev_cards(w, s, viewer, hw);
			rb = crisk_catan_dev_cards(b, s, viewer, hb);
			ck_assert_int_eq(rw, rb);
			ck_assert_int_eq(memcmp(hw, hb, sizeof hw), 0);
			/* Not vacuous: the omniscient viewer sees every hand (B-134). */
			if (viewer == CRISK_VIEWER_OMNISCIENT)
				ck_assert_msg(rw == CRISK_OK, "%s", crisk_error_last());
			if (viewer == CRISK_VIEWER_SPECTATOR)
				ck_assert_int_eq(rw, CRISK_EHIDDEN);
		}
		int32_t cw[3] = {-1, -1, -1}, cb[3] = {-1, -1, -1};
		ck_assert_int_eq(crisk_catan_seat_counts(w, s, &cw[0], &cw[1], &cw[2]), CRISK_OK);
		ck_assert_int_eq(crisk_catan_seat_counts(b, s, &cb[0], &cb[1], &cb[2]), CRISK_OK);
		ck_assert_int_eq(memcmp(cw, cb, sizeof cw), 0);
	}
	int nodes = 0;
	for (;; nodes++) {
		int32_t ow = -9, kw = -9, ob = -9, kb = -9;
		int rw = crisk_catan_building(w, nodes, &ow, &kw), rb = crisk_catan_building(b, nodes, &ob, &kb);
		ck_assert_int_eq(rw, rb);
		if (rb != CRISK_OK)
			break;
		ck_assert_int_eq(ow, ob);
		ck_assert_int_eq(kw, kb);
	}
	ck_assert_int_eq(nodes, 54); /* the standard board (B-1) */
	int paths = 0;
	for (;; paths++) {
		int32_t ow = -9, ob = -9;
		int rw = crisk_catan_road(w, paths, &ow), rb = crisk_catan_road(b, paths, &ob);
		ck_assert_int_eq(rw, rb);
		if (rb != CRISK_OK)
			break;
		ck_assert_int_eq(ow, ob);
	}
	ck_assert_int_eq(paths, 72);
	int32_t rw = -9, rb = -9;
	ck_assert_int_eq(crisk_catan_robber(w, &rw), CRISK_OK);
	ck_assert_int_eq(crisk_catan_robber(b, &rb), CRISK_OK);
	ck_assert_int_eq(rw, rb);
	int32_t bw[5], bb[5], dw = -1, db = -1;
	ck_assert_int_eq(crisk_catan_bank(w, bw, &dw), CRISK_OK);
	ck_assert_int_eq(crisk_catan_bank(b, bb, &db), CRISK_OK);
	ck_assert_int_eq(memcmp(bw, bb, sizeof bw), 0);
	ck_assert_int_eq(dw, db);
}

/* Plays random actions the wrapper lists on both games (a wrapper that only
 * filters lists a subset of the inner game's actions) and compares the
 * queries after every step; returns the steps played. */
static int play_both(crisk_game *w, crisk_game *b, uint64_t seed, int steps)
{
	crisk_action acts[MAX_LEGAL];
	int step = 0;
	assert_same_queries(w, b);
	for (; step < steps && crisk_game_status(w, NULL) == CRISK_STATUS_RUNNING; step++) {
		size_t n = 0;
		ck_assert_int_eq(crisk_game_legal_actions(w, acts, MAX_LEGAL, &n), CRISK_OK);
		ck_assert_uint_gt(n, 0);
		crisk_action a = acts[next_rand(&seed) % n];
		ck_assert_int_eq(crisk_game_apply(w, a), CRISK_OK);
		ck_assert_msg(crisk_game_apply(b, a) == CRISK_OK, "%s", crisk_error_last());
		assert_same_queries(w, b);
	}
	ck_assert_int_eq(crisk_game_status(w, NULL), crisk_game_status(b, NULL));
	return step;
}

#define HOUSE_PARAMS "players=3 seed=21 board=random chance=explicit vp_target=10 dev_from_round=1"
#define BASE_PARAMS "players=3 seed=21 board=random chance=explicit vp_target=10"

START_TEST(test_house_queries_equal_base)
{
	crisk_game *w = game_of(crisk_module_entry(CRISK_MODULE_ABI_VERSION), NULL, HOUSE_PARAMS);
	crisk_game *b = game_of(NULL, "base", BASE_PARAMS);
	ck_assert_int_gt(play_both(w, b, 3, 700), 300);
	crisk_game_free(w);
	crisk_game_free(b);
}
END_TEST

START_TEST(test_house_from_file_queries_equal_base)
{
	const char *path = getenv("CRISK_HOUSE_RULES_SO");
	ck_assert_msg(path != NULL, "CRISK_HOUSE_RULES_SO is not set");
	crisk_rules *rules = NULL;
	ck_assert_msg(crisk_rules_new_from_file(&rules, path, HOUSE_PARAMS) == CRISK_OK, "%s", crisk_error_last());
	crisk_game *w = NULL;
	ck_assert_int_eq(crisk_game_new(&w, rules), CRISK_OK);
	crisk_rules_free(rules);
	crisk_game *b = game_of(NULL, "base", BASE_PARAMS);
	ck_assert_int_gt(play_both(w, b, 4, 300), 100);
	crisk_game_free(w);
	crisk_game_free(b);
}
END_TEST

/* crisk_module_builtin's table handed over directly is base itself. */
START_TEST(test_builtin_table_queries_equal_base)
{
	crisk_game *w = game_of(crisk_module_builtin("base"), NULL, BASE_PARAMS);
	crisk_game *b = game_of(NULL, "base", BASE_PARAMS);
	ck_assert_int_gt(play_both(w, b, 5, 300), 100);
	crisk_game_free(w);
	crisk_game_free(b);
}
END_TEST

/* A shell keeps base's state at offset 16, not at the start. */
START_TEST(test_shell_around_base)
{
	shell_inner_table = crisk_module_builtin("base");
	shell_inner_params = BASE_PARAMS;
	crisk_game *w = game_of(&shell_table, NULL, "depth=1");
	crisk_game *b = game_of(NULL, "base", BASE_PARAMS);
	ck_assert_int_gt(play_both(w, b, 6, 300), 100);
	crisk_game_free(w);
	crisk_game_free(b);
}
END_TEST

/* Wrappers of wrappers: 3 shells around house_rules around base, and the
 * limit: 8 wrappers resolve (CRISK_MODULE_MAX_NESTING), 9 do not. */
START_TEST(test_nested_wrappers_and_limit)
{
	shell_inner_table = crisk_module_entry(CRISK_MODULE_ABI_VERSION);
	shell_inner_params = HOUSE_PARAMS;
	crisk_game *w = game_of(&shell_table, NULL, "depth=3");
	crisk_game *b = game_of(NULL, "base", BASE_PARAMS);
	ck_assert_int_gt(play_both(w, b, 7, 300), 100);
	crisk_game_free(w);
	crisk_game_free(b);

	int32_t counts[5];
	w = game_of(&shell_table, NULL, "depth=7"); /* 7 shells + house_rules = 8 */
	ck_assert_msg(crisk_catan_hand(w, 0, CRISK_VIEWER_OMNISCIENT, counts) == CRISK_OK, "%s", crisk_error_last());
	crisk_game_free(w);
	w = game_of(&shell_table, NULL, "depth=8");
	ck_assert_int_eq(crisk_catan_hand(w, 0, CRISK_VIEWER_OMNISCIENT, counts), CRISK_EUNSUPPORTED);
	ck_assert_msg(strstr(crisk_error_last(), "more than 8 deep") != NULL, "%s", crisk_error_last());
	crisk_game_free(w);
}
END_TEST

/* Every query refuses g with CRISK_EUNSUPPORTED, a message starting with
 * its name and containing `why`, and leaves the outputs alone. */
static void assert_all_refused(const crisk_game *g, const char *why)
{
	int32_t out[5] = {-7, -7, -7, -7, -7}, a = -7, b = -7, c = -7;
	struct {
		const char *fn;
		int rc;
	} calls[] = {
		{"crisk_catan_hand", crisk_catan_hand(g, 0, CRISK_VIEWER_OMNISCIENT, out)},
		{"crisk_catan_dev_cards", crisk_catan_dev_cards(g, 0, CRISK_VIEWER_OMNISCIENT, out)},
		{"crisk_catan_seat_counts", crisk_catan_seat_counts(g, 0, &a, &b, &c)},
		{"crisk_catan_building", crisk_catan_building(g, 0, &a, &b)},
		{"crisk_catan_road", crisk_catan_road(g, 0, &a)},
		{"crisk_catan_robber", crisk_catan_robber(g, &a)},
		{"crisk_catan_bank", crisk_catan_bank(g, out, &c)},
	};
	for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++)
		ck_assert_msg(calls[i].rc == CRISK_EUNSUPPORTED, "%s returned %d", calls[i].fn, calls[i].rc);
	/* The message of the last call. */
	const char *msg = crisk_error_last();
	ck_assert_msg(strncmp(msg, "crisk_catan_bank: ", 18) == 0 && strstr(msg, why), "message: %s", msg);
	for (int r = 0; r < 5; r++)
		ck_assert_int_eq(out[r], -7);
	ck_assert_int_eq(a, -7);
	ck_assert_int_eq(b, -7);
	ck_assert_int_eq(c, -7);
	/* The game itself still works: only the queries are refused. */
	size_t n = 0;
	ck_assert_int_eq(crisk_game_legal_actions(g, NULL, 0, &n), CRISK_EBUFSIZE);
	ck_assert_uint_gt(n, 0);
}

static void assert_shell_refused(const char *mode, const char *why)
{
	shell_inner_table = crisk_module_builtin("base");
	shell_inner_params = BASE_PARAMS;
	char params[64];
	snprintf(params, sizeof params, "depth=1 mode=%s", mode);
	crisk_game *g = game_of(&shell_table, NULL, params);
	assert_all_refused(g, why);
	crisk_game_free(g);
}

START_TEST(test_inner_state_null_refused)
{
	assert_shell_refused("null", "holds no inner game (inner_state of 'shell' returned NULL)");
}
END_TEST

START_TEST(test_inner_state_mistakes_refused)
{
	assert_shell_refused("no_module", "returned a state but no inner module");
	assert_shell_refused("outside", "outside its own state block");
	assert_shell_refused("misaligned", "at offset 8, which is not 16-byte aligned");
	assert_shell_refused("bad_data", "names built-in module 'base' with data its create did not make");
	assert_shell_refused("self", "inner_state of 'shell' names module 'shell' with the same data as a wrapper "
				     "around it (a cycle)");
}
END_TEST

/* Host modules that hold no Catan-family game: tiny itself, and a shell
 * around tiny (a host module without inner_state). */
START_TEST(test_non_catan_inner_refused)
{
	crisk_game *g = game_of(&tiny_table, NULL, "");
	int32_t counts[5];
	ck_assert_int_eq(crisk_catan_hand(g, 0, CRISK_VIEWER_OMNISCIENT, counts), CRISK_EUNSUPPORTED);
	ck_assert_msg(strstr(crisk_error_last(), "module 'tiny' is not a Catan-family module and wraps none"),
		      "%s", crisk_error_last());
	crisk_game_free(g);

	shell_inner_table = &tiny_table;
	shell_inner_params = "target=20";
	g = game_of(&shell_table, NULL, "depth=2");
	int32_t owner, kind;
	ck_assert_int_eq(crisk_catan_building(g, 0, &owner, &kind), CRISK_EUNSUPPORTED);
	ck_assert_msg(strstr(crisk_error_last(), "crisk_catan_building: module 'shell' wraps module 'tiny', which is "
						  "neither built in nor a wrapper"),
		      "%s", crisk_error_last());
	crisk_game_free(g);
}
END_TEST

static const void *never_called(const void *data, const void *state, const crisk_module **inner,
				const void **inner_data)
{
	(void)data;
	(void)state;
	(void)inner;
	(void)inner_data;
	abort();
}

/* The core reads inner_state only inside struct_size, of the outer table
 * and of every inner host table, and checks inner tables' ABI version. */
START_TEST(test_struct_size_and_abi_of_tables)
{
	crisk_module old = shell_table;
	old.struct_size = (uint32_t)(offsetof(crisk_module, state_from_json) + sizeof old.state_from_json);
	old.inner_state = never_called;
	shell_inner_table = crisk_module_builtin("base");
	shell_inner_params = BASE_PARAMS;
	crisk_game *g = game_of(&old, NULL, "depth=1");
	assert_all_refused(g, "module 'shell' is not a Catan-family module and wraps none (it has no inner_state method)");
	crisk_game_free(g);

	static crisk_module house; /* the inner table, changed after the rules are made */
	house = *crisk_module_entry(CRISK_MODULE_ABI_VERSION);
	shell_inner_table = &house;
	shell_inner_params = HOUSE_PARAMS;
	g = game_of(&shell_table, NULL, "depth=1");
	int32_t counts[5];
	ck_assert_int_eq(crisk_catan_hand(g, 0, CRISK_VIEWER_OMNISCIENT, counts), CRISK_OK);
	house.struct_size = old.struct_size;
	house.inner_state = never_called;
	assert_all_refused(g, "wraps module 'house_rules', which is neither built in nor a wrapper");
	house.struct_size = sizeof house;
	house.abi_version = CRISK_MODULE_ABI_VERSION + 1;
	assert_all_refused(g, "names a table of another module ABI version (2)");
	house.abi_version = CRISK_MODULE_ABI_VERSION;
	crisk_game_free(g);
}
END_TEST

static Suite *inner_suite(void)
{
	Suite *s = suite_create("inner_state");
	TCase *tc = tcase_create("inner_state");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_house_queries_equal_base);
	tcase_add_test(tc, test_house_from_file_queries_equal_base);
	tcase_add_test(tc, test_builtin_table_queries_equal_base);
	tcase_add_test(tc, test_shell_around_base);
	tcase_add_test(tc, test_nested_wrappers_and_limit);
	tcase_add_test(tc, test_inner_state_null_refused);
	tcase_add_test(tc, test_inner_state_mistakes_refused);
	tcase_add_test(tc, test_non_catan_inner_refused);
	tcase_add_test(tc, test_struct_size_and_abi_of_tables);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(inner_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
