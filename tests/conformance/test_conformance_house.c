/* The conformance suite on the house_rules example module (examples/house_rules):
 * loaded from its shared object (the path is in CRISK_HOUSE_RULES_SO), and
 * compiled into this program and passed as a vtable.  The module wraps base
 * through inner_state, so the whole suite applies, Catan invariants (B-141)
 * included: a run without them fails (conformance_require_catan). */
#include <check.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk.h"
#include "conformance.h"

#define DEFAULT_GAMES 3

const crisk_module *crisk_module_entry(uint32_t host_abi_version);

static void run_file(const char *params, uint64_t first_seed)
{
	const char *path = getenv("CRISK_HOUSE_RULES_SO");
	ck_assert_msg(path && strchr(path, '/'), "CRISK_HOUSE_RULES_SO must be the path of house_rules.so");
	size_t cap;
	char *report = conformance_report_buffer(&cap);
	conformance_require_catan(1);
	conformance_assert(conformance_run(path, params, conformance_games(DEFAULT_GAMES), first_seed, report, cap), report);
	free(report);
}

static void run_table(const char *params, uint64_t first_seed)
{
	size_t cap;
	char *report = conformance_report_buffer(&cap);
	const crisk_module *m = crisk_module_entry(CRISK_MODULE_ABI_VERSION);
	ck_assert_ptr_nonnull(m);
	conformance_require_catan(1);
	conformance_assert(conformance_run_module(m, params, conformance_games(DEFAULT_GAMES), first_seed, report, cap),
			   report);
	free(report);
}

START_TEST(test_house_file_auto)
{
	run_file("players=4 board=random chance=auto max_turns=200", 7000);
}
END_TEST

START_TEST(test_house_file_explicit)
{
	run_file("players=3 board=random_tokens chance=explicit max_turns=200 bank_trades_per_turn=2", 8000);
}
END_TEST

START_TEST(test_house_table_auto)
{
	run_table("players=2 board=beginner chance=auto max_turns=200 dev_from_round=1", 9000);
}
END_TEST

START_TEST(test_house_table_explicit)
{
	run_table("players=4 board=random chance=explicit max_turns=200 bank_trades_per_turn=0 vp_target=10", 10000);
}
END_TEST

/* The Catan invariants really run: the summary counts them.  And the
 * requirement can fail: house_rules as compiled before inner_state existed
 * (struct_size ending at state_from_json) is refused by the Catan queries. */
START_TEST(test_catan_invariants_required)
{
	size_t cap;
	char *report = conformance_report_buffer(&cap);
	const crisk_module *m = crisk_module_entry(CRISK_MODULE_ABI_VERSION);
	conformance_require_catan(1);
	ck_assert_int_eq(conformance_run_module(m, "players=3 chance=auto max_turns=30", 1, 42, report, cap), 0);
	const char *count = strstr(report, "differential chance tests, ");
	ck_assert_msg(count && atol(count + strlen("differential chance tests, ")) > 0, "%s", report);

	crisk_module old = *m;
	old.struct_size = (uint32_t)(offsetof(crisk_module, state_from_json) + sizeof old.state_from_json);
	ck_assert_int_gt(conformance_run_module(&old, "players=3 chance=auto max_turns=30", 1, 42, report, cap), 0);
	ck_assert_msg(strstr(report, "no inner_state method") != NULL, "%s", report);
	conformance_require_catan(0);
	ck_assert_int_eq(conformance_run_module(&old, "players=3 chance=auto max_turns=30", 1, 42, report, cap), 0);
	free(report);
}
END_TEST

/* The suite must notice a shared object it cannot load. */
START_TEST(test_missing_file_reported)
{
	char report[512];
	ck_assert_int_eq(conformance_run("./no/such/module.so", "players=4", 1, 1, report, sizeof report), -1);
	ck_assert_msg(strstr(report, "no/such/module.so") != NULL, "report does not name the file: %s", report);
}
END_TEST

static Suite *house_suite(void)
{
	Suite *s = suite_create("conformance_house_rules");
	TCase *tc = tcase_create("house_rules");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_house_file_auto);
	tcase_add_test(tc, test_house_file_explicit);
	tcase_add_test(tc, test_house_table_auto);
	tcase_add_test(tc, test_house_table_explicit);
	tcase_add_test(tc, test_catan_invariants_required);
	tcase_add_test(tc, test_missing_file_reported);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(house_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
