/* Host modules that break their contract (catanrisk/module.h, docs/modules.md,
 * "Refusals"; issue 14): bad tables, parameter tables whose canonical string
 * would not parse back, inner_state answers the core cannot trust, and
 * method results outside their range.  Each is refused with an error code
 * and a message that names the problem; none is read blindly (this program
 * runs under AddressSanitizer in CI).  Also: a save whose parameter string
 * is valid but not canonical loads with the canonical string, so it re-saves
 * to the bytes of a save of the canonical form (docs/save-format.md).
 * Public API only, like a host. */
#include <check.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk.h"
#include "shell_module.h"
#include "tiny_module.h"

#define MAX_LEGAL 4096

/* Expects `call` to give `code` and the last message to contain `part`. */
#define ASSERT_REFUSED(call, code, part)                                                                   \
	do {                                                                                               \
		int rc_ = (call);                                                                          \
		ck_assert_msg(rc_ == (code), "%s gave %d (%s), expected %d", #call, rc_, crisk_error_last(), \
			      (code));                                                                     \
		ck_assert_msg(strstr(crisk_error_last(), (part)) != NULL, "message \"%s\" lacks \"%s\"",     \
			      crisk_error_last(), (part));                                                 \
	} while (0)

static crisk_rules *rules_of(const crisk_module *m, const char *params)
{
	crisk_rules *r = NULL;
	ck_assert_msg(crisk_rules_new_with_module(&r, m, params) == CRISK_OK, "%s", crisk_error_last());
	return r;
}

static crisk_game *game_of(const crisk_module *m, const char *params)
{
	crisk_rules *r = rules_of(m, params);
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	return g;
}

/* ---- tables ---- */

/* Every required method, by the name the refusal gives. */
static const struct {
	const char *name;
	size_t offset;
} required[] = {
	{"num_seats", offsetof(crisk_module, num_seats)},
	{"state_size", offsetof(crisk_module, state_size)},
	{"state_init", offsetof(crisk_module, state_init)},
	{"current_seat", offsetof(crisk_module, current_seat)},
	{"status", offsetof(crisk_module, status)},
	{"turn", offsetof(crisk_module, turn)},
	{"score", offsetof(crisk_module, score)},
	{"legal", offsetof(crisk_module, legal)},
	{"check", offsetof(crisk_module, check)},
	{"apply", offsetof(crisk_module, apply)},
	{"action_to_string", offsetof(crisk_module, action_to_string)},
	{"action_from_string", offsetof(crisk_module, action_from_string)},
	{"event_to_string", offsetof(crisk_module, event_to_string)},
	{"view_json", offsetof(crisk_module, view_json)},
};

START_TEST(test_table_null_required_method_refused)
{
	for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
		crisk_module m = tiny_table;
		void (*none)(void) = NULL;
		memcpy((char *)&m + required[i].offset, &none, sizeof none);
		char want[96];
		snprintf(want, sizeof want, "module 'tiny' lacks required method: %s", required[i].name);
		crisk_rules *r = (crisk_rules *)1;
		ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, want);
		ck_assert_ptr_null(r);
	}
}
END_TEST

START_TEST(test_table_struct_size_and_version_refused)
{
	crisk_module m = tiny_table;
	crisk_rules *r = NULL;
	m.struct_size = 0;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "module struct_size 0 is too small");
	m.struct_size = (uint32_t)(offsetof(crisk_module, view_json) + sizeof m.view_json - 1);
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "is too small");
	m = tiny_table;
	m.abi_version = 0;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EUNSUPPORTED, "module ABI version 0");
	m.abi_version = UINT32_MAX;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EUNSUPPORTED, "module ABI version 4294967295");
	ck_assert_ptr_null(r);
}
END_TEST

/* A huge struct_size is a newer module: the core reads only the fields it
 * knows (the table here is no bigger than this library's). */
START_TEST(test_table_huge_struct_size_reads_known_fields_only)
{
	crisk_module m = tiny_table;
	m.struct_size = UINT32_MAX;
	crisk_game *g = game_of(&m, "target=5");
	ck_assert_int_eq(crisk_game_apply(g, 2), CRISK_OK);
	ck_assert_int_eq(crisk_game_current_seat(g), 1);
	crisk_game_free(g);
}
END_TEST

START_TEST(test_table_bad_name_refused)
{
	static const char long_name[] = "a23456789012345678901234567890123456789012345678901234567890123x5";
	const struct {
		const char *name, *why;
	} cases[] = {
		{NULL, "module has no name"},
		{"", "module name '' has 0 characters; 1..64 are allowed"},
		{long_name, "has 65 characters"},
		{"two words", "character 3 is not printable ASCII without spaces"},
		{"tab\there", "character 3 is not printable ASCII without spaces"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		crisk_module m = tiny_table;
		m.name = cases[i].name;
		crisk_rules *r = NULL;
		ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, cases[i].why);
	}
}
END_TEST

/* tiny's create reads its three parameters by index, so a test table keeps
 * them first and puts the entry under test after them. */
#define TINY_ENTRIES                                                                                              \
	{.name = "target", .kind = CRISK_PARAM_INT, .default_value = "10", .min = 3, .max = 100},                \
	{.name = "seats", .kind = CRISK_PARAM_INT, .default_value = "2", .min = 2, .max = 4},                     \
	{.name = "fail_create", .kind = CRISK_PARAM_BOOL, .default_value = "off"}

static const char *const colours[] = {"red", "green", NULL};

/* Rules of tiny with `extra` as its fourth parameter, and `params`. */
static int new_with_entry(crisk_rules **r, crisk_param_desc extra, const char *params)
{
	static crisk_param_desc table[4] = {TINY_ENTRIES};
	table[3] = extra;
	crisk_module m = tiny_table;
	m.params = table;
	m.n_params = 4;
	return crisk_rules_new_with_module(r, &m, params);
}

/* The entry is refused with CRISK_EINVAL, naming the module and `part`. */
static void assert_entry_refused(crisk_param_desc extra, const char *part)
{
	crisk_rules *r = (crisk_rules *)1;
	ASSERT_REFUSED(new_with_entry(&r, extra, NULL), CRISK_EINVAL, part);
	ck_assert_msg(strncmp(crisk_error_last(), "module 'tiny': ", 15) == 0, "%s", crisk_error_last());
	ck_assert_ptr_null(r);
}

/* Issue 14, defect 4: `le vel=1` would read back as key `le` and a stray word. */
START_TEST(test_param_table_name_with_space_refused)
{
	assert_entry_refused((crisk_param_desc){.name = "le vel", .kind = CRISK_PARAM_INT, .default_value = "1",
						.max = 5},
			     "parameter 3: name 'le vel' is not a key");
	assert_entry_refused((crisk_param_desc){.name = "tab\tbed", .kind = CRISK_PARAM_BOOL, .default_value = "0"},
			     "is not a key");
	assert_entry_refused((crisk_param_desc){.name = "semi;colon", .kind = CRISK_PARAM_BOOL, .default_value = "0"},
			     "is not a key");
}
END_TEST

/* `a=b=1` would read back as key `a` with value `b=1`. */
START_TEST(test_param_table_name_with_equals_refused)
{
	assert_entry_refused((crisk_param_desc){.name = "a=b", .kind = CRISK_PARAM_INT, .default_value = "1", .max = 5},
			     "parameter 3: name 'a=b' is not a key (1..64 letters, digits and '_'");
}
END_TEST

START_TEST(test_param_table_empty_or_odd_name_refused)
{
	assert_entry_refused((crisk_param_desc){.name = NULL, .kind = CRISK_PARAM_BOOL, .default_value = "0"},
			     "parameter 3 has no name");
	assert_entry_refused((crisk_param_desc){.name = "", .kind = CRISK_PARAM_BOOL, .default_value = "0"},
			     "name '' is not a key");
	assert_entry_refused((crisk_param_desc){.name = "9lives", .kind = CRISK_PARAM_BOOL, .default_value = "0"},
			     "name '9lives' is not a key");
	assert_entry_refused((crisk_param_desc){.name = "caf\xc3\xa9", .kind = CRISK_PARAM_BOOL, .default_value = "0"},
			     "is not a key");
	assert_entry_refused((crisk_param_desc){.name = "a2345678901234567890123456789012345678901234567890123456789012345",
						.kind = CRISK_PARAM_BOOL, .default_value = "0"},
			     "is not a key");
}
END_TEST

START_TEST(test_param_table_duplicate_name_refused)
{
	assert_entry_refused((crisk_param_desc){.name = "seats", .kind = CRISK_PARAM_INT, .default_value = "2", .max = 5},
			     "parameter 'seats' is declared twice");
}
END_TEST

START_TEST(test_param_table_count_refused)
{
	crisk_module m = tiny_table;
	crisk_rules *r = NULL;
	m.n_params = -1;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "declares -1 parameters (0..32)");
	m.n_params = 33;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "declares 33 parameters (0..32)");
	m.n_params = 2;
	m.params = NULL;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "declares 2 parameters but params is NULL");
}
END_TEST

/* A default is checked with the table, also when the host gives the key. */
START_TEST(test_param_table_default_out_of_range_refused)
{
	crisk_rules *r = NULL;
	ASSERT_REFUSED(new_with_entry(&r, (crisk_param_desc){.name = "level", .kind = CRISK_PARAM_INT,
							       .default_value = "200", .min = 0, .max = 100},
				      "level=3"),
		       CRISK_EINVAL, "parameter 'level': default '200' is not one of its own values (parameter 'level': "
				     "value '200' out of range");
	assert_entry_refused((crisk_param_desc){.name = "level", .kind = CRISK_PARAM_INT, .default_value = "-1",
						.min = 0, .max = 100},
			     "default '-1' is not one of its own values");
	assert_entry_refused((crisk_param_desc){.name = "level", .kind = CRISK_PARAM_INT, .default_value = "1",
						.min = 5, .max = 4},
			     "parameter 'level' has min 5 above max 4");
	assert_entry_refused((crisk_param_desc){.name = "colour", .kind = CRISK_PARAM_ENUM, .default_value = "blue",
						.choices = colours},
			     "default 'blue' is not one of its own values");
	assert_entry_refused((crisk_param_desc){.name = "loud", .kind = CRISK_PARAM_BOOL, .default_value = "maybe"},
			     "default 'maybe' is not one of its own values");
	assert_entry_refused((crisk_param_desc){.name = "seed", .kind = CRISK_PARAM_UINT64, .default_value = "-1"},
			     "default '-1' is not one of its own values");
	assert_entry_refused((crisk_param_desc){.name = "loud", .kind = CRISK_PARAM_BOOL, .default_value = ""},
			     "parameter 'loud': empty default");
	assert_entry_refused((crisk_param_desc){.name = "loud", .kind = 5, .default_value = "0"},
			     "parameter 'loud' has unknown kind 5");
}
END_TEST

/* Issue 14, defect 4: `label=a b` would read back as label=a and a stray word. */
START_TEST(test_param_table_string_default_with_space_refused)
{
	assert_entry_refused((crisk_param_desc){.name = "label", .kind = CRISK_PARAM_STRING, .default_value = "a b"},
			     "parameter 'label': default 'a b' is not one of its own values (parameter 'label': value 'a b' "
			     "has character 0x20 at 1");
	assert_entry_refused((crisk_param_desc){.name = "label", .kind = CRISK_PARAM_STRING, .default_value = "a;b"},
			     "has character 0x3b at 1");
	assert_entry_refused((crisk_param_desc){.name = "label", .kind = CRISK_PARAM_STRING, .default_value = "a#b"},
			     "has character 0x23 at 1");
	assert_entry_refused((crisk_param_desc){.name = "label", .kind = CRISK_PARAM_STRING, .default_value = "a\nb"},
			     "has character 0x0a at 1");
}
END_TEST

/* The canonical form names the choice, which must read back as the same one. */
START_TEST(test_param_table_bad_choices_refused)
{
	static const char *const spaced[] = {"one", "two words", NULL};
	static const char *const twice[] = {"one", "two", "one", NULL};
	static const char *const none[] = {NULL};
	assert_entry_refused((crisk_param_desc){.name = "pick", .kind = CRISK_PARAM_ENUM, .default_value = "one",
						.choices = spaced},
			     "enum parameter 'pick': choice 1 'two words' is not a word");
	assert_entry_refused((crisk_param_desc){.name = "pick", .kind = CRISK_PARAM_ENUM, .default_value = "one",
						.choices = twice},
			     "enum parameter 'pick': choice 'one' is listed twice");
	assert_entry_refused((crisk_param_desc){.name = "pick", .kind = CRISK_PARAM_ENUM, .default_value = "one",
						.choices = none},
			     "enum parameter 'pick' has no choices");
}
END_TEST

/* A host's string value must survive the canonical string, saves and
 * records; '=' inside a value does (a key ends at the first '='). */
START_TEST(test_param_string_value_that_cannot_round_trip_refused)
{
	const crisk_param_desc label = {.name = "label", .kind = CRISK_PARAM_STRING, .default_value = "anon"};
	crisk_rules *r = NULL;
	ASSERT_REFUSED(new_with_entry(&r, label, "label=a\x01z"), CRISK_EPARAM,
		       "parameter 'label': value 'a\x01z' has character 0x01 at 1");
	ASSERT_REFUSED(new_with_entry(&r, label, "label=a#z"), CRISK_EPARAM, "has character 0x23 at 1");
	ASSERT_REFUSED(new_with_entry(&r, label, "label=caf\xc3\xa9"), CRISK_EPARAM, "has character 0xc3 at 3");
	ASSERT_REFUSED(new_with_entry(&r, label, "label=a\x7f"), CRISK_EPARAM, "has character 0x7f at 1");

	ck_assert_msg(new_with_entry(&r, label, "label=a=b") == CRISK_OK, "%s", crisk_error_last());
	char text[256];
	ck_assert_int_eq(crisk_rules_params(r, text, sizeof text, NULL), CRISK_OK);
	ck_assert_str_eq(text, "target=10 seats=2 fail_create=0 label=a=b");
	crisk_rules *again = NULL;
	ck_assert_int_eq(new_with_entry(&again, label, text), CRISK_OK);
	char text2[256];
	ck_assert_int_eq(crisk_rules_params(again, text2, sizeof text2, NULL), CRISK_OK);
	ck_assert_str_eq(text2, text);
	crisk_rules_free(again);
	crisk_rules_free(r);
}
END_TEST

/* A record's params line and a save hold a bounded string. */
START_TEST(test_param_canonical_form_too_long_refused)
{
	const crisk_param_desc label = {.name = "label", .kind = CRISK_PARAM_STRING, .default_value = "anon"};
	static char params[4200];
	memcpy(params, "label=", 6);
	memset(params + 6, 'x', 4100);
	params[4106] = '\0';
	crisk_rules *r = NULL;
	ASSERT_REFUSED(new_with_entry(&r, label, params), CRISK_EPARAM,
		       "the parameters' canonical form has 4138 bytes; at most 4000 fit a save and a record");
	params[6 + 3900] = '\0';
	ck_assert_msg(new_with_entry(&r, label, params) == CRISK_OK, "%s", crisk_error_last());
	crisk_rules_free(r);
}
END_TEST

/* The built-in tables meet the rules host tables must meet. */
START_TEST(test_builtin_tables_pass_the_table_checks)
{
	static const char *const names[] = {"base", "two_player", "risk", "hawaii"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const crisk_module *m = crisk_module_builtin(names[i]);
		ck_assert_msg(m != NULL, "%s: %s", names[i], crisk_error_last());
		crisk_rules_free(rules_of(m, strcmp(names[i], "hawaii") ? "players=2 seed=1" : "players=3 seed=1")); /* H-1 */
	}
}
END_TEST

/* ---- inner_state ---- */

#define BASE_PARAMS "players=3 seed=21 board=random"

static void assert_inner_refused(const char *mode, const char *why)
{
	shell_inner_table = crisk_module_builtin("base");
	shell_inner_params = BASE_PARAMS;
	char params[64];
	snprintf(params, sizeof params, "depth=1 mode=%s", mode);
	crisk_game *g = game_of(&shell_table, params);
	int32_t hand[5] = {-7, -7, -7, -7, -7};
	ASSERT_REFUSED(crisk_catan_hand(g, 0, CRISK_VIEWER_OMNISCIENT, hand), CRISK_EUNSUPPORTED, why);
	ck_assert_msg(strncmp(crisk_error_last(), "crisk_catan_hand: module 'shell': ", 34) == 0 ||
			      strncmp(crisk_error_last(), "crisk_catan_hand: module 'shell' ", 33) == 0,
		      "%s", crisk_error_last());
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(hand[i], -7);
	int32_t robber = -7;
	ck_assert_int_eq(crisk_catan_robber(g, &robber), CRISK_EUNSUPPORTED);
	ck_assert_int_eq(robber, -7);
	crisk_game_free(g);
}

/* Issue 14, defect 3: base's table with a pointer to one byte as its data.
 * The core used to read it as base's data (a global-buffer-overflow). */
START_TEST(test_inner_state_foreign_data_refused)
{
	assert_inner_refused("foreign", "inner_state of 'shell' names built-in module 'base' with data its create did "
					"not make");
}
END_TEST

START_TEST(test_inner_state_null_data_refused)
{
	assert_inner_refused("null_data", "inner_state of 'shell' names built-in module 'base' with NULL data");
}
END_TEST

/* base's data is the library's own, but not two_player's. */
START_TEST(test_inner_state_other_builtin_table_refused)
{
	assert_inner_refused("other_table", "names built-in module 'two_player' with data its create did not make");
}
END_TEST

START_TEST(test_inner_state_null_table_refused)
{
	assert_inner_refused("no_module", "inner_state of 'shell' returned a state but no inner module");
}
END_TEST

/* The shell's own table with its own data: a cycle, found at once. */
START_TEST(test_inner_state_own_table_refused)
{
	assert_inner_refused("self", "inner_state of 'shell' names module 'shell' with the same data as a wrapper "
				     "around it (a cycle)");
}
END_TEST

/* The same table with other data is nesting, not a cycle. */
START_TEST(test_inner_state_own_table_other_data_resolves)
{
	shell_inner_table = crisk_module_builtin("base");
	shell_inner_params = BASE_PARAMS;
	crisk_game *g = game_of(&shell_table, "depth=3");
	int32_t hand[5];
	ck_assert_msg(crisk_catan_hand(g, 0, CRISK_VIEWER_OMNISCIENT, hand) == CRISK_OK, "%s", crisk_error_last());
	crisk_game_free(g);
}
END_TEST

/* The library's set of its own built-in data objects grows and shrinks
 * with rules made and freed in any order; every live one is still
 * recognized (base's table used directly resolves through the set). */
START_TEST(test_builtin_data_recognized_across_many_rules)
{
	enum { N = 70 };
	crisk_game *games[N];
	const crisk_module *base = crisk_module_builtin("base");
	for (int i = 0; i < N; i++)
		games[i] = game_of(base, "players=3 seed=1 board=beginner");
	int32_t hand[5];
	for (int round = 0; round < 3; round++) {
		/* Frees a scattered third of the live games, then asks all others. */
		for (int i = round; i < N; i += 3) {
			crisk_game_free(games[i]);
			games[i] = NULL;
		}
		for (int i = 0; i < N; i++)
			if (games[i])
				ck_assert_msg(crisk_catan_hand(games[i], 0, CRISK_VIEWER_OMNISCIENT, hand) == CRISK_OK,
					      "game %d after round %d: %s", i, round, crisk_error_last());
	}
	for (int i = 0; i < N; i++)
		ck_assert_ptr_null(games[i]);
}
END_TEST

/* ---- method results ---- */

/* tiny with methods that answer what the test sets. */
static int lie_seat, lie_status, lie_winner = -1, lie_rc;
static int64_t lie_turn;
static size_t lie_count;
static int lie_chance_rc;
static double lie_prob;

static int liar_current_seat(const void *d, const void *s)
{
	(void)d;
	(void)s;
	return lie_seat;
}

static int liar_status(const void *d, const void *s, int *winner)
{
	(void)d;
	(void)s;
	*winner = lie_winner;
	return lie_status;
}

static int64_t liar_turn(const void *d, const void *s)
{
	(void)d;
	(void)s;
	return lie_turn;
}

static int liar_check(const void *d, const void *s, crisk_action a)
{
	(void)d;
	(void)s;
	(void)a;
	return lie_rc;
}

static int liar_apply(const void *d, void *s, crisk_action a, crisk_event_sink *events)
{
	(void)d;
	(void)s;
	(void)a;
	(void)events;
	return lie_rc;
}

/* Writes min(lie_count, cap) outcomes of probability lie_prob, returns lie_chance_rc. */
static int liar_chance(const void *d, const void *s, crisk_action *acts, double *probs, size_t cap, size_t *count)
{
	(void)d;
	(void)s;
	for (size_t i = 0; i < lie_count && i < cap; i++) {
		acts[i] = i + 1;
		probs[i] = lie_prob;
	}
	*count = lie_count;
	return lie_chance_rc;
}

/* Writes lie_list (as much as fits), returns lie_legal_count: a count
 * need not be what was written, so a huge one writes little. */
static crisk_action lie_list[3];
static size_t lie_list_len, lie_legal_count;
static int lie_score;

static size_t liar_legal(const void *d, const void *s, crisk_action *buf, size_t cap)
{
	(void)d;
	(void)s;
	for (size_t i = 0; i < lie_list_len && i < cap; i++)
		buf[i] = lie_list[i];
	return lie_legal_count;
}

static void set_legal(size_t count, crisk_action a0, crisk_action a1, crisk_action a2)
{
	lie_list[0] = a0;
	lie_list[1] = a1;
	lie_list[2] = a2;
	lie_list_len = count < 3 ? count : 3;
	lie_legal_count = count;
}

static int liar_score(const void *d, const void *s, int seat, int viewer)
{
	(void)d;
	(void)s;
	(void)seat;
	(void)viewer;
	return lie_score;
}

static crisk_module liar_table(void)
{
	crisk_module m = tiny_table;
	m.name = "liar";
	m.current_seat = liar_current_seat;
	m.status = liar_status;
	m.turn = liar_turn;
	m.check = liar_check;
	m.apply = liar_apply;
	m.chance = liar_chance;
	return m;
}

START_TEST(test_current_seat_out_of_range_refused)
{
	crisk_module m = liar_table();
	crisk_game *g = game_of(&m, "seats=2");
	const int bad[] = {2, 7, -3, -5, INT_MIN, INT_MAX};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		lie_seat = bad[i];
		char want[64];
		snprintf(want, sizeof want, "module 'liar': current_seat returned %d; a seat 0..1", bad[i]);
		ASSERT_REFUSED(crisk_game_current_seat(g), CRISK_ESTATE, want);
	}
	const int good[] = {0, 1, CRISK_SEAT_NONE, CRISK_SEAT_CHANCE};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		lie_seat = good[i];
		ck_assert_int_eq(crisk_game_current_seat(g), good[i]);
	}
	crisk_game_free(g);

	/* A chance point needs a chance method. */
	m.chance = NULL;
	g = game_of(&m, "seats=2");
	lie_seat = CRISK_SEAT_CHANCE;
	ASSERT_REFUSED(crisk_game_current_seat(g), CRISK_ESTATE, "current_seat returned -1");
	crisk_game_free(g);
}
END_TEST

START_TEST(test_status_garbage_refused)
{
	crisk_module m = liar_table();
	crisk_game *g = game_of(&m, "seats=3");
	const struct {
		int status, winner;
		const char *why;
	} bad[] = {
		{3, -1, "status returned 3; CRISK_STATUS_RUNNING, _WON or _ENDED is expected"},
		{-1, -1, "status returned -1;"},
		{CRISK_STATUS_WON, 3, "status returned 1 with winner 3; a won game has a winner 0..2, others -1"},
		{CRISK_STATUS_WON, -1, "status returned 1 with winner -1"},
		{CRISK_STATUS_RUNNING, 0, "status returned 0 with winner 0"},
		{CRISK_STATUS_ENDED, 2, "status returned 2 with winner 2"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		lie_status = bad[i].status;
		lie_winner = bad[i].winner;
		int winner = 99;
		ASSERT_REFUSED(crisk_game_status(g, &winner), CRISK_ESTATE, bad[i].why);
		ck_assert_int_eq(winner, -1);
	}
	lie_status = CRISK_STATUS_WON;
	lie_winner = 2;
	int winner = 99;
	ck_assert_int_eq(crisk_game_status(g, &winner), CRISK_STATUS_WON);
	ck_assert_int_eq(winner, 2);
	crisk_game_free(g);
}
END_TEST

START_TEST(test_turn_negative_refused)
{
	crisk_module m = liar_table();
	crisk_game *g = game_of(&m, NULL);
	lie_turn = -3;
	ck_assert_int_eq(crisk_game_turn(g), CRISK_ESTATE);
	ck_assert_msg(strstr(crisk_error_last(), "module 'liar': turn returned -3; turns are 0 or more"), "%s",
		      crisk_error_last());
	lie_turn = INT64_MIN;
	ck_assert_int_eq(crisk_game_turn(g), CRISK_ESTATE);
	lie_turn = 12;
	ck_assert_int_eq(crisk_game_turn(g), 12);
	crisk_game_free(g);
}
END_TEST

START_TEST(test_positive_method_code_refused)
{
	crisk_module m = liar_table();
	crisk_game *g = game_of(&m, NULL);
	lie_rc = 5;
	ASSERT_REFUSED(crisk_game_check(g, 1), CRISK_ESTATE, "module 'liar': check returned 5, which is no CRISK_E* code");
	ASSERT_REFUSED(crisk_game_apply(g, 1), CRISK_ESTATE, "module 'liar': apply returned 5, which is no CRISK_E* code");
	lie_rc = CRISK_OK;
	ck_assert_int_eq(crisk_game_check(g, 1), CRISK_OK);
	crisk_game_free(g);
}
END_TEST

static void set_chance(int rc, size_t count, double prob)
{
	lie_seat = CRISK_SEAT_CHANCE;
	lie_chance_rc = rc;
	lie_count = count;
	lie_prob = prob;
}

/* A count past the caller's buffer with CRISK_OK would make the core (and
 * a playout) read outcomes nobody wrote. */
START_TEST(test_chance_count_past_buffer_refused)
{
	crisk_module m = liar_table();
	crisk_game *g = game_of(&m, NULL);
	crisk_action acts[4];
	double probs[4];
	size_t n = 99;
	set_chance(CRISK_OK, 10, 0.1);
	ASSERT_REFUSED(crisk_game_chance_probabilities(g, acts, probs, 4, &n), CRISK_ESTATE,
		       "module 'liar': chance returned CRISK_OK with 10 outcomes for a capacity of 4");
	ck_assert_uint_eq(n, 0);
	/* The playout's own buffer holds 64 outcomes. */
	set_chance(CRISK_OK, 1000, 0.001);
	uint64_t rng = 1, steps = 9;
	ASSERT_REFUSED(crisk_game_playout(g, 0, 5, &rng, &steps), CRISK_ESTATE, "with 1000 outcomes for a capacity of 64");
	ck_assert_uint_eq(steps, 0);

	set_chance(CRISK_EBUFSIZE, 3, 0.25);
	ASSERT_REFUSED(crisk_game_chance_probabilities(g, acts, probs, 4, &n), CRISK_ESTATE,
		       "chance returned CRISK_EBUFSIZE with 3 outcomes, which fit the capacity 4");
	set_chance(CRISK_EBUFSIZE, 5, 0.2);
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 4, &n), CRISK_EBUFSIZE);
	ck_assert_uint_eq(n, 5);
	set_chance(CRISK_OK, 0, 0);
	ASSERT_REFUSED(crisk_game_chance_probabilities(g, acts, probs, 4, &n), CRISK_ESTATE, "CRISK_OK with no outcomes");
	set_chance(7, 2, 0.5);
	ASSERT_REFUSED(crisk_game_chance_probabilities(g, acts, probs, 4, &n), CRISK_ESTATE,
		       "chance returned 7, which is no CRISK_E* code");
	set_chance(CRISK_OK, 4, 0.25);
	ck_assert_int_eq(crisk_game_chance_probabilities(g, acts, probs, 4, &n), CRISK_OK);
	ck_assert_uint_eq(n, 4);
	crisk_game_free(g);
}
END_TEST

START_TEST(test_chance_probabilities_not_a_distribution_refused)
{
	crisk_module m = liar_table();
	crisk_game *g = game_of(&m, NULL);
	crisk_action acts[4];
	double probs[4];
	size_t n = 0;
	set_chance(CRISK_OK, 4, NAN);
	ASSERT_REFUSED(crisk_game_chance_probabilities(g, acts, probs, 4, &n), CRISK_ESTATE,
		       "chance returned probability nan for outcome 0; each is in [0, 1]");
	set_chance(CRISK_OK, 2, -0.5);
	ASSERT_REFUSED(crisk_game_chance_probabilities(g, acts, probs, 4, &n), CRISK_ESTATE, "probability -0.5");
	set_chance(CRISK_OK, 4, 0.125);
	ASSERT_REFUSED(crisk_game_chance_probabilities(g, acts, probs, 4, &n), CRISK_ESTATE,
		       "probabilities summing to 0.5 over 4 outcomes");
	ck_assert_uint_eq(n, 0);
	crisk_game_free(g);
}
END_TEST

/* A playout allocates the outcomes an EBUFSIZE count asks for: 2^61 + 1
 * would wrap n * 8 to 8 bytes. */
START_TEST(test_chance_count_huge_refused)
{
	crisk_module m = liar_table();
	crisk_game *g = game_of(&m, NULL);
	crisk_action acts[4];
	double probs[4];
	size_t n = 99;
	set_chance(CRISK_EBUFSIZE, ((size_t)1 << 20) + 1, 0.5);
	ASSERT_REFUSED(crisk_game_chance_probabilities(g, acts, probs, 4, &n), CRISK_ESTATE,
		       "module 'liar': chance returned CRISK_EBUFSIZE with 1048577 outcomes; at most 1048576");
	ck_assert_uint_eq(n, 0);
	set_chance(CRISK_EBUFSIZE, (SIZE_MAX >> 3) + 2, 0.5);
	lie_rc = CRISK_OK;
	uint64_t rng = 1, steps = 9;
	ASSERT_REFUSED(crisk_game_playout(g, 0, 5, &rng, &steps), CRISK_ESTATE, "chance returned CRISK_EBUFSIZE with");
	ck_assert_uint_eq(steps, 0);
	crisk_game_free(g);
}
END_TEST

/* Lists of the liar's legal (tiny's seat, check and apply otherwise). */
static crisk_game *legal_liar(void)
{
	crisk_module m = liar_table();
	m.current_seat = tiny_table.current_seat;
	m.check = tiny_table.check;
	m.apply = tiny_table.apply;
	m.legal = liar_legal;
	return game_of(&m, NULL);
}

/* A type bit the host module cannot skip itself: the core's filter lists. */
#define FOREIGN_TYPE CRISK_ACTION_TYPE_BIT(5)

START_TEST(test_legal_not_ascending_refused)
{
	crisk_game *g = legal_liar();
	crisk_action acts[8];
	size_t n = 99;
	set_legal(3, 1, 2, 1);
	ASSERT_REFUSED(crisk_game_legal_actions(g, acts, 8, &n), CRISK_ESTATE,
		       "module 'liar': legal returned action 1 at index 2 after 2; actions are listed strictly ascending");
	ck_assert_uint_eq(n, 0);
	set_legal(2, 2, 2, 0);
	ASSERT_REFUSED(crisk_game_legal_actions(g, acts, 8, &n), CRISK_ESTATE, "action 2 at index 1 after 2");
	ASSERT_REFUSED(crisk_game_legal_actions_except(g, FOREIGN_TYPE, acts, 8, &n), CRISK_ESTATE,
		       "action 2 at index 1 after 2");
	ck_assert_uint_eq(n, 0);
	uint64_t rng = 1, steps = 9;
	ASSERT_REFUSED(crisk_game_playout(g, 0, 5, &rng, &steps), CRISK_ESTATE, "action 2 at index 1 after 2");
	ck_assert_uint_eq(steps, 0);
	ASSERT_REFUSED(crisk_game_playout(g, FOREIGN_TYPE, 5, &rng, &steps), CRISK_ESTATE, "action 2 at index 1");
	/* Only what was written is judged: with room for one, the count asks for more. */
	ck_assert_int_eq(crisk_game_legal_actions(g, acts, 1, &n), CRISK_EBUFSIZE);
	ck_assert_uint_eq(n, 2);
	set_legal(2, 1, 2, 0);
	ck_assert_int_eq(crisk_game_legal_actions(g, acts, 8, &n), CRISK_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(crisk_game_playout(g, 0, 3, &rng, &steps), CRISK_OK);
	ck_assert_uint_eq(steps, 3);
	crisk_game_free(g);
}
END_TEST

/* The core sizes its scratch lists by the count: 2^61 + 1 actions would
 * wrap n * 8 to 8 bytes in the filter and in a playout. */
START_TEST(test_legal_count_huge_refused)
{
	crisk_game *g = legal_liar();
	crisk_action acts[4];
	size_t n = 99;
	const size_t huge[] = {((size_t)1 << 20) + 1, (SIZE_MAX >> 3) + 2, SIZE_MAX / 2 + 1, SIZE_MAX};
	for (size_t i = 0; i < sizeof huge / sizeof huge[0]; i++) {
		set_legal(huge[i], 1, 2, 3);
		char want[128];
		snprintf(want, sizeof want, "module 'liar': legal returned a count of %zu; at most 1048576", huge[i]);
		n = 99;
		ASSERT_REFUSED(crisk_game_legal_actions(g, acts, 4, &n), CRISK_ESTATE, want);
		ck_assert_uint_eq(n, 0);
		ASSERT_REFUSED(crisk_game_legal_actions(g, NULL, 0, &n), CRISK_ESTATE, want);
		n = 99;
		ASSERT_REFUSED(crisk_game_legal_actions_except(g, FOREIGN_TYPE, acts, 4, &n), CRISK_ESTATE, want);
		ck_assert_uint_eq(n, 0);
		uint64_t rng = 1, steps = 9;
		ASSERT_REFUSED(crisk_game_playout(g, 0, 5, &rng, &steps), CRISK_ESTATE, want);
		ck_assert_uint_eq(steps, 0);
		ASSERT_REFUSED(crisk_game_playout(g, FOREIGN_TYPE, 5, &rng, &steps), CRISK_ESTATE, want);
	}
	/* The bound itself is a count like any other. */
	set_legal((size_t)1 << 20, 1, 2, 3);
	ck_assert_int_eq(crisk_game_legal_actions(g, acts, 3, &n), CRISK_EBUFSIZE); /* the liar writes 3 */
	ck_assert_uint_eq(n, (size_t)1 << 20);
	crisk_game_free(g);
}
END_TEST

START_TEST(test_score_out_of_range_refused)
{
	crisk_module m = liar_table();
	m.score = liar_score;
	crisk_game *g = game_of(&m, "seats=3");
	const int bad[] = {1000001, -1000001, INT_MAX, INT_MIN};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		lie_score = bad[i];
		char want[128];
		snprintf(want, sizeof want, "module 'liar': score returned %d for seat 2 (viewer -4); scores are "
			 "-1000000..1000000", bad[i]);
		int vp = 99;
		ASSERT_REFUSED(crisk_game_score(g, 2, CRISK_VIEWER_OMNISCIENT, &vp), CRISK_ESTATE, want);
		ck_assert_int_eq(vp, 0);
	}
	const int good[] = {0, -5, 1000000, -1000000};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		lie_score = good[i];
		int vp = 99;
		ck_assert_int_eq(crisk_game_score(g, 1, 0, &vp), CRISK_OK);
		ck_assert_int_eq(vp, good[i]);
	}
	crisk_game_free(g);
}
END_TEST

/* CRISK_ESTATE from current_seat (-8) is no seat: the core's loop stops on
 * it rather than list and apply actions for "seat -8". */
START_TEST(test_playout_stops_on_current_seat_error)
{
	crisk_module m = liar_table();
	m.apply = tiny_table.apply;
	m.check = tiny_table.check;
	crisk_game *g = game_of(&m, NULL);
	lie_seat = 7;
	uint64_t rng = 1, steps = 9;
	ASSERT_REFUSED(crisk_game_playout(g, 0, 5, &rng, &steps), CRISK_ESTATE, "module 'liar': current_seat returned 7");
	ck_assert_uint_eq(steps, 0);
	ASSERT_REFUSED(crisk_game_playout(g, FOREIGN_TYPE, 0, &rng, &steps), CRISK_ESTATE, "current_seat returned 7");
	ck_assert_uint_eq(steps, 0);
	/* With undo on, the same loop. */
	ck_assert_int_eq(crisk_game_set_undo_depth(g, 4), CRISK_OK);
	ASSERT_REFUSED(crisk_game_playout(g, 0, 5, &rng, &steps), CRISK_ESTATE, "current_seat returned 7");
	ck_assert_uint_eq(steps, 0);
	ck_assert_int_eq(crisk_game_turn(g), 0);
	lie_seat = 0;
	ck_assert_int_eq(crisk_game_playout(g, 0, 2, &rng, &steps), CRISK_OK);
	ck_assert_uint_eq(steps, 2);
	crisk_game_free(g);
}
END_TEST

static int calls;

/* The size of the first call, then one that would overflow allocations. */
static size_t shifty_size(const void *d)
{
	(void)d;
	return calls++ ? SIZE_MAX : 16;
}

static size_t huge_bytes(const void *d)
{
	(void)d;
	return (size_t)1 << 30;
}

static int seven_seats(const void *d)
{
	(void)d;
	return 7;
}

/* Sizes and seats are checked once and kept: a later answer cannot move them. */
START_TEST(test_state_sizes_checked_and_kept)
{
	crisk_module m = tiny_table;
	crisk_rules *r = NULL;
	m.state_bytes = huge_bytes;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL,
		       "module 'tiny' reports a binary state (state_bytes) of 1073741824 bytes; at most 16777216");
	m = tiny_table;
	m.num_seats = seven_seats;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "module 'tiny' reports 7 seats; 1..6");

	m = tiny_table;
	m.state_size = shifty_size;
	calls = 0;
	crisk_game *g = game_of(&m, NULL);
	ck_assert_int_ge(calls, 1);
	ck_assert_uint_eq(crisk_game_state_size(g), 16);
	crisk_game *copy = NULL;
	ck_assert_int_eq(crisk_game_clone(&copy, g), CRISK_OK);
	ck_assert_uint_eq(crisk_game_state_size(copy), 16);
	crisk_game_free(copy);
	crisk_game_free(g);
}
END_TEST

/* ---- parameter strings of saves ---- */

/* An independent CRC-32/ISO-HDLC, as docs/save-format.md specifies, to
 * forge a save with a correct checksum. */
static uint32_t crc32_of(const uint8_t *p, size_t n)
{
	uint32_t c = 0xFFFFFFFFu;
	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
	}
	return c ^ 0xFFFFFFFFu;
}

static uint32_t get_u32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* `save` with its parameter string (docs/save-format.md: at 22 + N after a
 * 4-byte length) replaced by `params` and the checksum made right again. */
static uint8_t *with_params(const uint8_t *save, size_t len, const char *params, size_t *out_len)
{
	size_t name_len = (size_t)save[12] | (size_t)save[13] << 8;
	size_t at = 22 + name_len, old = get_u32(save + at - 4), now = strlen(params);
	*out_len = len - old + now;
	uint8_t *b = malloc(*out_len);
	ck_assert_ptr_nonnull(b);
	memcpy(b, save, at);
	for (int i = 0; i < 4; i++)
		b[at - 4 + (size_t)i] = (uint8_t)(now >> (8 * i));
	memcpy(b + at, params, now);
	memcpy(b + at + now, save + at + old, len - at - old);
	uint32_t c = crc32_of(b, *out_len - 4);
	for (int i = 0; i < 4; i++)
		b[*out_len - 4 + (size_t)i] = (uint8_t)(c >> (8 * i));
	return b;
}

static uint8_t *save_of(const crisk_game *g, size_t *len)
{
	ck_assert_int_eq(crisk_game_save(g, NULL, 0, len), CRISK_EBUFSIZE);
	uint8_t *b = malloc(*len);
	ck_assert_ptr_nonnull(b);
	ck_assert_int_eq(crisk_game_save(g, b, *len, len), CRISK_OK);
	return b;
}

/* Loads the save with `noncanonical` as its parameter string and checks that
 * the game's rules have the canonical string and re-save to `save` itself. */
static void assert_loads_canonical(const crisk_rules *like, const uint8_t *save, size_t len, const char *canonical,
				   const char *noncanonical)
{
	size_t forged_len;
	uint8_t *forged = with_params(save, len, noncanonical, &forged_len);
	crisk_game *g = NULL;
	int rc = like ? crisk_game_load_as(&g, like, forged, forged_len) : crisk_game_load(&g, forged, forged_len);
	ck_assert_msg(rc == CRISK_OK, "%s: %s", noncanonical, crisk_error_last());
	char text[1024];
	ck_assert_int_eq(crisk_rules_params(crisk_game_rules(g), text, sizeof text, NULL), CRISK_OK);
	ck_assert_str_eq(text, canonical);
	size_t again_len;
	uint8_t *again = save_of(g, &again_len);
	ck_assert_uint_eq(again_len, len);
	ck_assert_int_eq(memcmp(again, save, len), 0);
	free(again);
	crisk_game_free(g);
	free(forged);
}

START_TEST(test_noncanonical_params_in_save_load_canonical)
{
	crisk_rules *r = NULL;
	ck_assert_int_eq(crisk_rules_new(&r, "base", "players=3 seed=7 board=random"), CRISK_OK);
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_action acts[MAX_LEGAL];
	for (int i = 0; i < 20; i++) {
		size_t n = 0;
		ck_assert_int_eq(crisk_game_legal_actions(g, acts, MAX_LEGAL, &n), CRISK_OK);
		ck_assert_int_eq(crisk_game_apply(g, acts[(7u * (unsigned)i) % n]), CRISK_OK);
	}
	size_t len;
	uint8_t *save = save_of(g, &len);
	char canonical[1024];
	ck_assert_int_eq(crisk_rules_params(r, canonical, sizeof canonical, NULL), CRISK_OK);
	ck_assert_msg(strncmp(canonical, "players=3 seed=7 board=random ", 30) == 0, "%s", canonical);

	/* A tab, a run of ';', a leading zero and the keys out of order. */
	char odd[1100];
	snprintf(odd, sizeof odd, "seed=007\tplayers=3;;%s", canonical + strlen("players=3 seed=7 "));
	assert_loads_canonical(NULL, save, len, canonical, odd);
	free(save);
	crisk_game_free(g);
	crisk_rules_free(r);

	/* A host module, loaded with crisk_game_load_as. */
	r = rules_of(&tiny_table, "target=12");
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	ck_assert_int_eq(crisk_game_apply(g, 2), CRISK_OK);
	save = save_of(g, &len);
	assert_loads_canonical(r, save, len, "target=12 seats=2 fail_create=0", " fail_create=off;target=+012\t");
	free(save);
	crisk_game_free(g);
	crisk_rules_free(r);
}
END_TEST

static Suite *misuse_suite(void)
{
	Suite *s = suite_create("misuse");
	TCase *tables = tcase_create("tables");
	tcase_add_test(tables, test_table_null_required_method_refused);
	tcase_add_test(tables, test_table_struct_size_and_version_refused);
	tcase_add_test(tables, test_table_huge_struct_size_reads_known_fields_only);
	tcase_add_test(tables, test_table_bad_name_refused);
	tcase_add_test(tables, test_param_table_name_with_space_refused);
	tcase_add_test(tables, test_param_table_name_with_equals_refused);
	tcase_add_test(tables, test_param_table_empty_or_odd_name_refused);
	tcase_add_test(tables, test_param_table_duplicate_name_refused);
	tcase_add_test(tables, test_param_table_count_refused);
	tcase_add_test(tables, test_param_table_default_out_of_range_refused);
	tcase_add_test(tables, test_param_table_string_default_with_space_refused);
	tcase_add_test(tables, test_param_table_bad_choices_refused);
	tcase_add_test(tables, test_param_string_value_that_cannot_round_trip_refused);
	tcase_add_test(tables, test_param_canonical_form_too_long_refused);
	tcase_add_test(tables, test_builtin_tables_pass_the_table_checks);
	suite_add_tcase(s, tables);
	TCase *inner = tcase_create("inner_state");
	tcase_add_test(inner, test_inner_state_foreign_data_refused);
	tcase_add_test(inner, test_inner_state_null_data_refused);
	tcase_add_test(inner, test_inner_state_other_builtin_table_refused);
	tcase_add_test(inner, test_inner_state_null_table_refused);
	tcase_add_test(inner, test_inner_state_own_table_refused);
	tcase_add_test(inner, test_inner_state_own_table_other_data_resolves);
	tcase_add_test(inner, test_builtin_data_recognized_across_many_rules);
	suite_add_tcase(s, inner);
	TCase *results = tcase_create("results");
	tcase_add_test(results, test_current_seat_out_of_range_refused);
	tcase_add_test(results, test_status_garbage_refused);
	tcase_add_test(results, test_turn_negative_refused);
	tcase_add_test(results, test_positive_method_code_refused);
	tcase_add_test(results, test_chance_count_past_buffer_refused);
	tcase_add_test(results, test_chance_probabilities_not_a_distribution_refused);
	tcase_add_test(results, test_chance_count_huge_refused);
	tcase_add_test(results, test_legal_not_ascending_refused);
	tcase_add_test(results, test_legal_count_huge_refused);
	tcase_add_test(results, test_score_out_of_range_refused);
	tcase_add_test(results, test_playout_stops_on_current_seat_error);
	tcase_add_test(results, test_state_sizes_checked_and_kept);
	suite_add_tcase(s, results);
	TCase *saves = tcase_create("saves");
	tcase_add_test(saves, test_noncanonical_params_in_save_load_canonical);
	suite_add_tcase(s, saves);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(misuse_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
