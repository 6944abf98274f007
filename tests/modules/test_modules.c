/* The public rule-module interface (catanrisk/module.h, docs/modules.md):
 * host modules from a pointer and from a shared object, refusal of bad
 * modules with their messages, built-in modules as public tables, parameter
 * listing, saves of host modules (binary, JSON with module hooks, JSON with
 * the hex form), and the house rules HR-1..HR-4 of examples/house_rules.
 * Public API only: links the shared library, as a module does.
 *
 * The shared objects come from the environment (tests/modules/meson.build):
 * CRISK_TINY_SO, CRISK_TINY_NULL_SO, CRISK_TINY_NOENTRY_SO, CRISK_HOUSE_RULES_SO. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, strdup */
#include <check.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catanrisk.h"
#include "tiny_module.h"

#define BUF (1u << 17)
#define MAX_LEGAL 4096

static const char *so_path(const char *var)
{
	const char *p = getenv(var);
	ck_assert_msg(p && *p, "environment variable %s is not set", var);
	return p;
}

static uint64_t next_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static char *view(const crisk_game *g, int viewer)
{
	char *buf = malloc(BUF);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(crisk_game_to_json(g, viewer, buf, BUF, NULL), CRISK_OK);
	return buf;
}

static void assert_same_state(const crisk_game *a, const crisk_game *b)
{
	char *x = view(a, CRISK_VIEWER_OMNISCIENT), *y = view(b, CRISK_VIEWER_OMNISCIENT);
	ck_assert_str_eq(x, y);
	free(x);
	free(y);
}

/* Expects `rc` == code and the last message to contain `part`. */
#define ASSERT_REFUSED(call, code, part)                                                                   \
	do {                                                                                               \
		int rc_ = (call);                                                                          \
		ck_assert_msg(rc_ == (code), "%s gave %d (%s), expected %d", #call, rc_, crisk_error_last(), \
			      (code));                                                                     \
		ck_assert_msg(strstr(crisk_error_last(), (part)) != NULL, "message \"%s\" lacks \"%s\"",     \
			      crisk_error_last(), (part));                                                 \
	} while (0)

static size_t legal(const crisk_game *g, crisk_action *acts)
{
	size_t n = 0;
	ck_assert_int_eq(crisk_game_legal_actions(g, acts, MAX_LEGAL, &n), CRISK_OK);
	return n;
}

/* Applies a random legal action. */
static void random_step(crisk_game *g, uint64_t *rng)
{
	crisk_action acts[MAX_LEGAL];
	size_t n = legal(g, acts);
	ck_assert_uint_gt(n, 0);
	ck_assert_int_eq(crisk_game_apply(g, acts[next_rand(rng) % n]), CRISK_OK);
}

/* ---- a host module from a pointer and from a shared object ---- */

/* target=5: seat 0 adds 2, seat 1 adds 2, seat 0 adds 1 and wins. */
static void play_tiny(crisk_rules *rules)
{
	ck_assert_str_eq(crisk_rules_module(rules), "tiny");
	ck_assert_int_eq(crisk_rules_num_seats(rules), 2);
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, rules), CRISK_OK);
	crisk_action acts[4];
	size_t n = 0;
	ck_assert_int_eq(crisk_game_legal_actions(g, acts, 4, &n), CRISK_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(acts[0], 1);
	ck_assert_uint_eq(acts[1], 2);
	ASSERT_REFUSED(crisk_game_apply(g, 7), CRISK_EILLEGAL, "tiny: add 1 or 2, not 7");
	ck_assert_int_eq(crisk_game_turn(g), 0);
	char text[64];
	ck_assert_int_eq(crisk_game_action_to_string(g, 2, text, sizeof text, NULL), CRISK_OK);
	ck_assert_str_eq(text, "add 2");
	crisk_action back = 0;
	ck_assert_int_eq(crisk_game_action_from_string(&back, g, "add 1"), CRISK_OK);
	ck_assert_uint_eq(back, 1);
	ASSERT_REFUSED(crisk_game_action_from_string(&back, g, "add 3"), CRISK_EFORMAT, "not 'add 1'");
	ck_assert_int_eq(crisk_game_apply(g, 2), CRISK_OK);
	ck_assert_int_eq(crisk_game_current_seat(g), 1);
	ck_assert_int_eq(crisk_game_apply(g, 2), CRISK_OK);
	ck_assert_int_eq(crisk_game_apply(g, 1), CRISK_OK);
	int winner = -2, vp = -1;
	ck_assert_int_eq(crisk_game_status(g, &winner), CRISK_STATUS_WON);
	ck_assert_int_eq(winner, 0);
	ck_assert_int_eq(crisk_game_current_seat(g), CRISK_SEAT_NONE);
	ck_assert_int_eq(crisk_game_score(g, 0, CRISK_VIEWER_SPECTATOR, &vp), CRISK_OK);
	ck_assert_int_eq(vp, 1);
	char *js = view(g, 1);
	ck_assert_str_eq(js, "{\"total\":5,\"seat\":0,\"viewer\":1,\"winner\":0}");
	free(js);
	/* Events: two per move; the secret of a move is hidden from the other seat and spectators. */
	uint64_t first = 0, next = 0;
	ck_assert_int_eq(crisk_game_event_range(g, &first, &next), CRISK_OK);
	ck_assert_uint_eq(next - first, 6);
	crisk_event e = CRISK_EVENT_INIT;
	ck_assert_int_eq(crisk_game_event(&e, g, first + 1, 0), CRISK_OK);
	ck_assert_uint_eq(e.type, TINY_EV_SECRET);
	ck_assert_int_eq(e.args[0], 3);
	ck_assert_int_eq(crisk_game_event(&e, g, first + 1, 1), CRISK_OK);
	ck_assert_int_eq(e.args[0], CRISK_HIDDEN);
	ck_assert_int_eq(crisk_event_to_string(g, &e, text, sizeof text, NULL), CRISK_OK);
	ck_assert_str_eq(text, "seat 0 has a secret");
	ck_assert_int_eq(crisk_game_event(&e, g, first + 1, CRISK_VIEWER_SPECTATOR), CRISK_OK);
	ck_assert_int_eq(e.args[0], CRISK_HIDDEN);
	ck_assert_int_eq(crisk_game_event(&e, g, first + 4, CRISK_VIEWER_OMNISCIENT), CRISK_OK);
	ck_assert_int_eq(e.seat, 0);
	ck_assert_int_eq(e.args[1], 5);
	ck_assert_int_eq(crisk_event_to_string(g, &e, text, sizeof text, NULL), CRISK_OK);
	ck_assert_str_eq(text, "seat 0 added 1 (total 5)");
	/* Without an event_json method the core writes the generic form. */
	char *evs = malloc(BUF);
	ck_assert_int_eq(crisk_game_events_json(g, first + 1, 1, evs, BUF, NULL), CRISK_OK);
	ck_assert_msg(strstr(evs, "{\"seq\":2,\"type\":2,\"seat\":0,\"target\":-1,\"args\":[null,2,0,0,0,0],"
				  "\"text\":\"seat 0 has a secret\"}") != NULL,
		      "%s", evs);
	free(evs);
	/* No board and no chance points in this module. */
	ASSERT_REFUSED(crisk_rules_board_json(rules, NULL, 0, NULL), CRISK_EUNSUPPORTED, "no board");
	size_t count = 9;
	ASSERT_REFUSED(crisk_game_chance_probabilities(g, NULL, NULL, 0, &count), CRISK_ESTATE, "no chance points");
	crisk_game_free(g);
}

START_TEST(test_module_from_pointer)
{
	crisk_rules *rules = NULL;
	ck_assert_int_eq(crisk_rules_new_with_module(&rules, &tiny_table, "target=5"), CRISK_OK);
	play_tiny(rules);
	crisk_rules_free(rules);
}
END_TEST

START_TEST(test_module_from_file)
{
	crisk_rules *rules = NULL;
	ck_assert_int_eq(crisk_rules_new_from_file(&rules, so_path("CRISK_TINY_SO"), "target=5 seats=2"), CRISK_OK);
	play_tiny(rules);
	crisk_rules_free(rules);
}
END_TEST

/* A game keeps the shared object loaded after the host frees the rules. */
START_TEST(test_file_module_outlives_rules)
{
	crisk_rules *rules = NULL;
	crisk_game *g = NULL, *c = NULL;
	ck_assert_int_eq(crisk_rules_new_from_file(&rules, so_path("CRISK_TINY_SO"), "seats=3"), CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, rules), CRISK_OK);
	crisk_rules_free(rules);
	ck_assert_int_eq(crisk_game_apply(g, 1), CRISK_OK);
	ck_assert_int_eq(crisk_game_clone(&c, g), CRISK_OK);
	crisk_game_free(g);
	ck_assert_int_eq(crisk_game_apply(c, 2), CRISK_OK);
	ck_assert_int_eq(crisk_game_current_seat(c), 2);
	ck_assert_str_eq(crisk_rules_module(crisk_game_rules(c)), "tiny");
	crisk_game_free(c);
}
END_TEST

/* ---- bad modules ---- */

static crisk_module tiny_copy(void)
{
	crisk_module m = tiny_table;
	return m;
}

START_TEST(test_refuses_wrong_abi_version)
{
	crisk_module m = tiny_copy();
	m.abi_version = CRISK_MODULE_ABI_VERSION + 1;
	crisk_rules *r = (crisk_rules *)1;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EUNSUPPORTED, "module ABI version 2 is not supported");
	ck_assert_ptr_null(r);
}
END_TEST

START_TEST(test_refuses_small_struct_size)
{
	crisk_module m = tiny_copy();
	m.struct_size = (uint32_t)offsetof(crisk_module, view_json);
	crisk_rules *r = NULL;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "struct_size");
	ck_assert_ptr_null(r);
}
END_TEST

/* Fields past struct_size are not read: the save hooks are cut off here. */
START_TEST(test_struct_size_hides_later_fields)
{
	crisk_module m = tiny_copy();
	m.struct_size = (uint32_t)offsetof(crisk_module, event_json);
	crisk_rules *r = NULL;
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_rules_new_with_module(&r, &m, NULL), CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	size_t len = 0;
	ASSERT_REFUSED(crisk_game_save(g, NULL, 0, &len), CRISK_EUNSUPPORTED, "cannot save");
	ASSERT_REFUSED(crisk_game_save_json(g, NULL, 0, &len), CRISK_EUNSUPPORTED, "cannot save");
	crisk_game_free(g);
	crisk_rules_free(r);
}
END_TEST

START_TEST(test_refuses_null_name)
{
	crisk_module m = tiny_copy();
	m.name = NULL;
	crisk_rules *r = NULL;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "no name");
	m.name = "two words";
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "without spaces");
}
END_TEST

START_TEST(test_refuses_missing_methods)
{
	crisk_module m = tiny_copy();
	m.legal = NULL;
	m.view_json = NULL;
	crisk_rules *r = NULL;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL,
		       "module 'tiny' lacks required methods: legal, view_json");
	m = tiny_copy();
	m.apply = NULL;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "lacks required method: apply");
}
END_TEST

START_TEST(test_refuses_partial_save_hooks)
{
	crisk_module m = tiny_copy();
	m.state_load = NULL;
	crisk_rules *r = NULL;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "3 of the 4 binary save hooks");
	m = tiny_copy();
	m.state_from_json = tiny_table.state_from_json; /* still NULL */
	m.state_to_json = NULL;
	ck_assert_int_eq(crisk_rules_new_with_module(&r, &m, NULL), CRISK_OK);
	crisk_rules_free(r);
}
END_TEST

START_TEST(test_refuses_bad_param_table)
{
	static const char *const none[] = {NULL};
	crisk_param_desc bad[2] = {
		{.name = "mode", .kind = CRISK_PARAM_ENUM, .default_value = "a", .choices = none, .accepted = "a|b"},
		{.name = "mode", .kind = CRISK_PARAM_INT, .default_value = "1", .max = 5},
	};
	crisk_module m = tiny_copy();
	m.params = bad;
	m.n_params = 2;
	crisk_rules *r = NULL;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "enum parameter 'mode' has no choices");
	bad[0].kind = 9;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "unknown kind 9");
	bad[0].kind = CRISK_PARAM_BOOL;
	bad[0].default_value = "on";
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "'mode' is declared twice");
	m.n_params = 40;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "declares 40 parameters");
	/* A default that does not parse is caught with the table, given or not. */
	bad[0] = (crisk_param_desc){.name = "level", .kind = CRISK_PARAM_INT, .default_value = "9", .max = 5,
				    .accepted = "0..5"};
	m.n_params = 1;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, "level=2"), CRISK_EINVAL,
		       "module 'tiny': parameter 'level': default '9' is not one of its own values");
}
END_TEST

START_TEST(test_failing_create_keeps_its_message)
{
	crisk_rules *r = (crisk_rules *)1;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &tiny_table, "fail_create=on target=12"), CRISK_EPARAM,
		       "tiny: fail_create=on, so no rules (target 12)");
	ck_assert_ptr_null(r);
	ck_assert_str_eq(crisk_error_last(), "tiny: fail_create=on, so no rules (target 12)");
	ASSERT_REFUSED(crisk_rules_new_from_file(&r, so_path("CRISK_TINY_SO"), "fail_create=yes"), CRISK_EPARAM,
		       "tiny: fail_create=on, so no rules (target 10)");
}
END_TEST

static int positive_create(void **data, const crisk_params *p)
{
	(void)data;
	(void)p;
	return 3;
}

static int silent_create(void **data, const crisk_params *p)
{
	(void)data;
	(void)p;
	return CRISK_EPARAM;
}

static int no_seats(const void *data)
{
	(void)data;
	return 0;
}

static size_t huge_state(const void *data)
{
	(void)data;
	return SIZE_MAX - 8;
}

START_TEST(test_refuses_bad_create_result_and_seats)
{
	crisk_module m = tiny_copy();
	m.create = positive_create;
	m.destroy = NULL;
	crisk_rules *r = NULL;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "create returned 3");
	m.create = silent_create;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EPARAM,
		       "module 'tiny': create failed without a message");
	/* A create that succeeds leaves the thread's last message alone. */
	crisk_error_set(CRISK_EINVAL, "an earlier failure");
	ck_assert_int_eq(crisk_rules_new_with_module(&r, &tiny_table, NULL), CRISK_OK);
	ck_assert_str_eq(crisk_error_last(), "an earlier failure");
	crisk_rules_free(r);
	m = tiny_copy();
	m.num_seats = no_seats;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "reports 0 seats");
	/* A state size that would wrap around when the game is allocated. */
	m = tiny_copy();
	m.state_size = huge_state;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &m, NULL), CRISK_EINVAL, "at most 16777216 are supported");
}
END_TEST

START_TEST(test_refuses_bad_params_and_null)
{
	crisk_rules *r = NULL;
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &tiny_table, "target=1"), CRISK_EPARAM, "'target'");
	ck_assert_msg(strstr(crisk_error_last(), "3..100") != NULL, "%s", crisk_error_last());
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, &tiny_table, "colour=red"), CRISK_EPARAM,
		       "accepted keys: target, seats, fail_create");
	ASSERT_REFUSED(crisk_rules_new_with_module(NULL, &tiny_table, NULL), CRISK_EINVAL, "out is NULL");
	ASSERT_REFUSED(crisk_rules_new_with_module(&r, NULL, NULL), CRISK_EINVAL, "module is NULL");
	ASSERT_REFUSED(crisk_rules_new_from_file(&r, NULL, NULL), CRISK_EINVAL, "path is NULL");
}
END_TEST

START_TEST(test_refuses_missing_file)
{
	crisk_rules *r = (crisk_rules *)1;
	ASSERT_REFUSED(crisk_rules_new_from_file(&r, "./no/such/module.so", NULL), CRISK_ENOTFOUND,
		       "cannot load module './no/such/module.so'");
	ck_assert_msg(strstr(crisk_error_last(), "No such file") != NULL, "no loader message: %s", crisk_error_last());
	ck_assert_ptr_null(r);
}
END_TEST

START_TEST(test_refuses_not_a_shared_object)
{
	char path[] = "/tmp/crisk-not-a-module-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "not an ELF file\n", 16), 16);
	close(fd);
	crisk_rules *r = NULL;
	ASSERT_REFUSED(crisk_rules_new_from_file(&r, path, NULL), CRISK_ENOTFOUND, "cannot load module");
	unlink(path);
}
END_TEST

START_TEST(test_refuses_object_without_entry)
{
	crisk_rules *r = NULL;
	ASSERT_REFUSED(crisk_rules_new_from_file(&r, so_path("CRISK_TINY_NOENTRY_SO"), NULL), CRISK_ENOTFOUND,
		       "does not export the entry function 'crisk_module_entry'");
}
END_TEST

START_TEST(test_refuses_entry_returning_null)
{
	crisk_rules *r = NULL;
	ASSERT_REFUSED(crisk_rules_new_from_file(&r, so_path("CRISK_TINY_NULL_SO"), NULL), CRISK_EUNSUPPORTED,
		       "crisk_module_entry(1) returned NULL");
}
END_TEST

/* ---- parameters ---- */

START_TEST(test_param_listing_of_host_modules)
{
	crisk_rules *r = NULL;
	ck_assert_int_eq(crisk_rules_new_with_module(&r, &tiny_table, NULL), CRISK_OK);
	ck_assert_int_eq(crisk_rules_param_count(r), 3);
	crisk_param_info info = CRISK_PARAM_INFO_INIT;
	ck_assert_int_eq(crisk_rules_param_info(&info, r, 0), CRISK_OK);
	ck_assert_str_eq(info.name, "target");
	ck_assert_str_eq(info.type, "int");
	ck_assert_str_eq(info.default_value, "10");
	ck_assert_str_eq(info.accepted, "3..100");
	ck_assert_str_eq(info.help, "the total that wins");
	ck_assert_int_eq(crisk_rules_param_info(&info, r, 2), CRISK_OK);
	ck_assert_str_eq(info.type, "bool");
	ASSERT_REFUSED(crisk_rules_param_info(&info, r, 3), CRISK_ENOTFOUND, "index 3 is out of range");
	info.version = 0;
	ASSERT_REFUSED(crisk_rules_param_info(&info, r, 0), CRISK_EINVAL, "crisk_param_info_init");
	char params[256];
	ck_assert_int_eq(crisk_rules_params(r, params, sizeof params, NULL), CRISK_OK);
	ck_assert_str_eq(params, "target=10 seats=2 fail_create=0");
	crisk_rules_free(r);
	ASSERT_REFUSED(crisk_rules_param_count(NULL), CRISK_EINVAL, "rules is NULL");

	/* The house rules from their shared object: HR-4 sets vp_target's default to 8. */
	ck_assert_int_eq(crisk_rules_new_from_file(&r, so_path("CRISK_HOUSE_RULES_SO"), "seed=3"), CRISK_OK);
	ck_assert_int_eq(crisk_rules_param_count(r), 8);
	crisk_param_info_init(&info, CRISK_PARAM_INFO_VERSION);
	ck_assert_int_eq(crisk_rules_param_info(&info, r, 4), CRISK_OK);
	ck_assert_str_eq(info.name, "vp_target");
	ck_assert_str_eq(info.default_value, "8");
	ck_assert_int_eq(crisk_rules_param_info(&info, r, 1), CRISK_OK);
	ck_assert_str_eq(info.name, "seed");
	ck_assert_str_eq(info.default_value, "");
	crisk_rules_free(r);

	/* For built-in rules the listing equals the one by module name. */
	ck_assert_int_eq(crisk_rules_new(&r, "base", "players=3 seed=1"), CRISK_OK);
	ck_assert_int_eq(crisk_rules_param_count(r), crisk_module_param_count("base"));
	for (int i = 0; i < crisk_rules_param_count(r); i++) {
		crisk_param_info a = CRISK_PARAM_INFO_INIT, b = CRISK_PARAM_INFO_INIT;
		ck_assert_int_eq(crisk_rules_param_info(&a, r, i), CRISK_OK);
		ck_assert_int_eq(crisk_module_param_info(&b, "base", i), CRISK_OK);
		ck_assert_str_eq(a.name, b.name);
		ck_assert_str_eq(a.default_value, b.default_value);
	}
	crisk_rules_free(r);
}
END_TEST

START_TEST(test_params_parse_and_getters)
{
	crisk_params *p = NULL;
	ck_assert_int_eq(crisk_params_parse(&p, &tiny_table, "target=7"), CRISK_OK);
	ck_assert_int_eq(crisk_params_int(p, 0), 7);
	ck_assert_int_eq(crisk_params_int(p, 1), 2);
	ck_assert_int_eq(crisk_params_given(p, 0), 1);
	ck_assert_int_eq(crisk_params_given(p, 1), 0);
	ck_assert_int_eq(crisk_params_int(p, 99), 0);
	ck_assert_int_eq(crisk_params_int(p, -1), 0);
	ck_assert_ptr_null(crisk_params_string(p, 0));
	crisk_params_free(p);
	crisk_params_free(NULL);
	ASSERT_REFUSED(crisk_params_parse(&p, &tiny_table, "target=x"), CRISK_EPARAM, "'target'");
	ck_assert_ptr_null(p);
	ASSERT_REFUSED(crisk_params_parse(&p, NULL, ""), CRISK_EINVAL, "module is NULL");
	const crisk_module *base = crisk_module_builtin("base");
	ck_assert_int_eq(crisk_params_parse(&p, base, "players=3 seed=0x10 board=beginner"), CRISK_OK);
	ck_assert_uint_eq(crisk_params_uint64(p, 1), 16);
	/* string parameters of base keep their "-" (not given) */
	int terrain = -1;
	for (int i = 0; i < base->n_params; i++)
		if (!strcmp(base->params[i].name, "terrain"))
			terrain = i;
	ck_assert_int_ge(terrain, 0);
	ck_assert_str_eq(crisk_params_string(p, terrain), "-");
	crisk_params_free(p);
	/* A built-in create refuses parameters parsed for another module. */
	ck_assert_int_eq(crisk_params_parse(&p, &tiny_table, NULL), CRISK_OK);
	void *data = NULL;
	ASSERT_REFUSED(base->create(&data, p), CRISK_EINVAL, "crisk_params_parse");
	crisk_params_free(p);
}
END_TEST

/* ---- built-in modules as public tables ---- */

START_TEST(test_builtin_table)
{
	const crisk_module *base = crisk_module_builtin("base");
	ck_assert_ptr_nonnull(base);
	ck_assert_ptr_eq(base, crisk_module_builtin("base"));
	ck_assert_uint_eq(base->abi_version, CRISK_MODULE_ABI_VERSION);
	ck_assert_uint_eq(base->struct_size, sizeof(crisk_module));
	ck_assert_str_eq(base->name, "base");
	ck_assert_int_eq(base->n_params, crisk_module_param_count("base"));
	ck_assert_str_eq(base->params[0].name, "players");
	ck_assert_int_eq(base->params[0].kind, CRISK_PARAM_INT);
	ck_assert_ptr_nonnull(base->chance);
	ck_assert_ptr_nonnull(base->state_to_json);
	ck_assert_ptr_null(crisk_module_builtin("nope"));
	ck_assert_msg(strstr(crisk_error_last(), "unknown module 'nope'") != NULL, "%s", crisk_error_last());
	ck_assert_ptr_null(crisk_module_builtin(NULL));
}
END_TEST

/* base through its public table plays exactly like base by name. */
START_TEST(test_builtin_table_plays_like_builtin)
{
	const char *params = "players=3 seed=11 board=random chance=explicit max_turns=40";
	crisk_rules *ra = NULL, *rb = NULL;
	crisk_game *a = NULL, *b = NULL;
	ck_assert_int_eq(crisk_rules_new(&ra, "base", params), CRISK_OK);
	ck_assert_msg(crisk_rules_new_with_module(&rb, crisk_module_builtin("base"), params) == CRISK_OK, "%s",
		      crisk_error_last());
	ck_assert_int_eq(crisk_game_new(&a, ra), CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&b, rb), CRISK_OK);
	char *ja = malloc(BUF), *jb = malloc(BUF);
	ck_assert_int_eq(crisk_rules_board_json(ra, ja, BUF, NULL), CRISK_OK);
	ck_assert_int_eq(crisk_rules_board_json(rb, jb, BUF, NULL), CRISK_OK);
	ck_assert_str_eq(ja, jb);
	uint64_t rng = 5;
	for (int step = 0; step < 400 && crisk_game_status(a, NULL) == CRISK_STATUS_RUNNING; step++) {
		crisk_action la[MAX_LEGAL], lb[MAX_LEGAL];
		size_t na = legal(a, la), nb = legal(b, lb);
		ck_assert_uint_eq(na, nb);
		ck_assert_int_eq(memcmp(la, lb, na * sizeof la[0]), 0);
		if (crisk_game_current_seat(a) == CRISK_SEAT_CHANCE) {
			double pa[MAX_LEGAL], pb[MAX_LEGAL];
			size_t ca = 0, cb = 0;
			ck_assert_int_eq(crisk_game_chance_probabilities(a, la, pa, MAX_LEGAL, &ca), CRISK_OK);
			ck_assert_int_eq(crisk_game_chance_probabilities(b, lb, pb, MAX_LEGAL, &cb), CRISK_OK);
			ck_assert_uint_eq(ca, cb);
			ck_assert_int_eq(memcmp(pa, pb, ca * sizeof pa[0]), 0);
		}
		crisk_action pick = la[next_rand(&rng) % na];
		ck_assert_int_eq(crisk_game_apply(a, pick), CRISK_OK);
		ck_assert_int_eq(crisk_game_apply(b, pick), CRISK_OK);
		ck_assert_int_eq(crisk_game_check(b, ~(crisk_action)0), crisk_game_check(a, ~(crisk_action)0));
	}
	assert_same_state(a, b);
	ck_assert_int_eq(crisk_game_events_json(a, 1, 0, ja, BUF, NULL), CRISK_OK);
	ck_assert_int_eq(crisk_game_events_json(b, 1, 0, jb, BUF, NULL), CRISK_OK);
	ck_assert_str_eq(ja, jb);
	/* Saves of the wrapped table name module "base": crisk_game_load reads them as base. */
	size_t la = 0, lb = 0;
	ck_assert_int_eq(crisk_game_save(a, ja, BUF, &la), CRISK_OK);
	ck_assert_int_eq(crisk_game_save(b, jb, BUF, &lb), CRISK_OK);
	ck_assert_uint_eq(la, lb);
	ck_assert_int_eq(memcmp(ja, jb, la), 0);
	free(ja);
	free(jb);
	crisk_game_free(a);
	crisk_game_free(b);
	crisk_rules_free(ra);
	crisk_rules_free(rb);
}
END_TEST

START_TEST(test_event_emit_refuses_bad_input)
{
	crisk_event e = CRISK_EVENT_INIT;
	ASSERT_REFUSED(crisk_event_emit(NULL, &e, 0, 0), CRISK_EINVAL, "event sink is NULL");
	ck_assert_int_eq(crisk_error_set(CRISK_ESTATE, "custom %d", 5), CRISK_ESTATE);
	ck_assert_str_eq(crisk_error_last(), "custom 5");
}
END_TEST

/* ---- crisk_game_legal_actions_except on host modules: the core's filter ---- */

#define SENTINEL UINT64_C(0xA5A5A5A5A5A5A5A5)

/* One call with capacity cap into a sentinel-filled buffer of span slots:
 * count m, the first min(m, cap) actions are want[], the rest untouched. */
static void check_except_call(const crisk_game *g, uint64_t skip, const crisk_action *want, size_t m, size_t cap,
			      crisk_action *got, size_t span)
{
	for (size_t i = 0; i < span; i++)
		got[i] = SENTINEL;
	size_t count = SIZE_MAX;
	int rc = crisk_game_legal_actions_except(g, skip, cap ? got : NULL, cap, &count);
	if (rc != (cap < m ? CRISK_EBUFSIZE : CRISK_OK) || count != m)
		ck_abort_msg("skip 0x%016llx, cap %zu: rc %d, count %zu, want %zu (%s)", (unsigned long long)skip, cap, rc,
			     count, m, crisk_error_last());
	size_t shown = m < cap ? m : cap;
	for (size_t i = 0; i < span; i++)
		if (got[i] != (i < shown ? want[i] : SENTINEL))
			ck_abort_msg("skip 0x%016llx, cap %zu: slot %zu of %zu is 0x%016llx", (unsigned long long)skip, cap, i,
				     m, (unsigned long long)got[i]);
}

/* Every buffer size that matters for the current list: spare room, exact
 * fit, 0, 1, one short, and the full list's length. */
static void check_except(const crisk_game *g, uint64_t skip)
{
	static crisk_action full[MAX_LEGAL], want[MAX_LEGAL], got[MAX_LEGAL + 8];
	size_t n = legal(g, full), m = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned t = CRISK_ACTION_TYPE(full[i]);
		if (t >= 64 || !(skip & CRISK_ACTION_TYPE_BIT(t)))
			want[m++] = full[i];
	}
	const size_t caps[] = {n + 8, m, 0, 1, m ? m - 1 : 0, n};
	for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++)
		check_except_call(g, skip, want, m, caps[c], got, n + 8);
}

START_TEST(test_except_tiny)
{
	crisk_rules *rules = NULL;
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_rules_new_with_module(&rules, &tiny_table, NULL), CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, rules), CRISK_OK);
	crisk_action acts[4] = {0};
	size_t count = 0;
	/* Its codes 1 and 2 have type 0. */
	ck_assert_int_eq(crisk_game_legal_actions_except(g, CRISK_ACTION_TYPE_BIT(0), acts, 4, &count), CRISK_OK);
	ck_assert_uint_eq(count, 0);
	ck_assert_int_eq(crisk_game_legal_actions_except(g, ~CRISK_ACTION_TYPE_BIT(0), acts, 4, &count), CRISK_OK);
	ck_assert_uint_eq(count, 2);
	ck_assert_uint_eq(acts[0], 1);
	ck_assert_uint_eq(acts[1], 2);
	ck_assert_int_eq(crisk_game_legal_actions_except(g, CRISK_ACTION_TYPE_BIT(3), acts, 1, &count), CRISK_EBUFSIZE);
	ck_assert_uint_eq(count, 2);
	for (uint64_t skip = 0; skip < 4; skip++)
		check_except(g, skip);
	ASSERT_REFUSED(crisk_game_legal_actions_except(g, 1, NULL, 2, &count), CRISK_EINVAL,
		       "crisk_game_legal_actions_except");
	ck_assert_uint_eq(count, 0);
	crisk_game_free(g);
	crisk_rules_free(rules);
}
END_TEST

/* tiny with a long list: wide_count codes whose types run from 0 through 63
 * to 255 (types 64..255 cannot be skipped).  Only listed, never applied. */
static size_t wide_count;

static size_t wide_legal(const void *d, const void *state, crisk_action *buf, size_t cap)
{
	(void)d;
	(void)state;
	static const unsigned types[] = {0, 5, 23, 62, 63, 64, 200, 255};
	const size_t n_types = sizeof types / sizeof types[0];
	for (size_t i = 0; i < wide_count && i < cap; i++)
		buf[i] = (crisk_action)types[i * n_types / wide_count] << 56 | i;
	return wide_count;
}

/* The core's scratch list on the stack (up to 512) and on the heap (longer). */
START_TEST(test_except_long_lists_of_a_host_module)
{
	crisk_module m = tiny_copy();
	m.legal = wide_legal;
	crisk_rules *rules = NULL;
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_rules_new_with_module(&rules, &m, NULL), CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, rules), CRISK_OK);
	const size_t lengths[] = {8, 300, 511, 512, 513, 700, 3000};
	const uint64_t masks[] = {
		0,
		CRISK_ACTION_TYPE_BIT(0),
		CRISK_ACTION_TYPE_BIT(63),
		CRISK_ACTION_TYPE_BIT(5) | CRISK_ACTION_TYPE_BIT(62),
		CRISK_ACTION_TYPE_BIT(23),
		UINT64_MAX,
	};
	for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
		wide_count = lengths[l];
		for (size_t k = 0; k < sizeof masks / sizeof masks[0]; k++)
			check_except(g, masks[k]);
		/* Skipping every type leaves exactly those of types 64..255. */
		size_t count = 0;
		crisk_game_legal_actions_except(g, UINT64_MAX, NULL, 0, &count);
		size_t above = 0;
		for (size_t i = 0; i < wide_count; i++)
			above += i * 8 / wide_count >= 5;
		ck_assert_uint_eq(count, above);
	}
	crisk_game_free(g);
	crisk_rules_free(rules);
}
END_TEST

/* A built-in module wrapped as a host module has no native skip: offers go
 * through the core's filter too, at every step of a playout with trades. */
START_TEST(test_except_builtin_table_through_the_filter)
{
	crisk_rules *rules = NULL;
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_rules_new_with_module(&rules, crisk_module_builtin("base"),
						     "players=4 seed=21 board=random chance=explicit max_turns=60"),
			 CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, rules), CRISK_OK);
	uint64_t rng = 21;
	int offers = 0;
	for (int step = 0; step < 1500 && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; step++) {
		crisk_action acts[MAX_LEGAL];
		size_t n = legal(g, acts), before = 0;
		crisk_game_legal_actions_except(g, CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE), NULL, 0, &before);
		offers += before < n;
		check_except(g, CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE));
		check_except(g, CRISK_ACTION_TYPE_BIT(CRISK_CATAN_BUILD_ROAD) | CRISK_ACTION_TYPE_BIT(CRISK_CATAN_END_TURN));
		random_step(g, &rng);
	}
	ck_assert_int_gt(offers, 10);
	crisk_game_free(g);
	crisk_rules_free(rules);
}
END_TEST

/* ---- saves of host modules ---- */

/* Binary save -> load_as -> save gives the same bytes, and both games continue alike. */
static void binary_round_trip(crisk_game *g, const crisk_rules *like, uint64_t *rng, int steps)
{
	char *a = malloc(BUF), *b = malloc(BUF);
	size_t la = 0, lb = 0;
	ck_assert_int_eq(crisk_game_save(g, a, BUF, &la), CRISK_OK);
	crisk_game *h = NULL;
	ck_assert_int_eq(crisk_game_load_as(&h, like, a, la), CRISK_OK);
	ck_assert_int_eq(crisk_game_save(h, b, BUF, &lb), CRISK_OK);
	ck_assert_uint_eq(la, lb);
	ck_assert_int_eq(memcmp(a, b, la), 0);
	assert_same_state(g, h);
	for (int i = 0; i < steps && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; i++) {
		crisk_action acts[MAX_LEGAL], other[MAX_LEGAL];
		size_t n = legal(g, acts);
		ck_assert_uint_eq(legal(h, other), n);
		crisk_action pick = acts[next_rand(rng) % n];
		ck_assert_int_eq(crisk_game_apply(g, pick), CRISK_OK);
		ck_assert_int_eq(crisk_game_apply(h, pick), CRISK_OK);
	}
	assert_same_state(g, h);
	crisk_game_free(h);
	free(a);
	free(b);
}

/* JSON save -> load_json_as -> save gives the same text; returns the text. */
static char *json_round_trip(const crisk_game *g, const crisk_rules *like)
{
	char *a = malloc(BUF), *b = malloc(BUF);
	size_t la = 0, lb = 0;
	ck_assert_int_eq(crisk_game_save_json(g, a, BUF, &la), CRISK_OK);
	crisk_game *h = NULL;
	ck_assert_msg(crisk_game_load_json_as(&h, like, a, la) == CRISK_OK, "%s", crisk_error_last());
	ck_assert_int_eq(crisk_game_save_json(h, b, BUF, &lb), CRISK_OK);
	ck_assert_str_eq(a, b);
	assert_same_state(g, h);
	crisk_game_free(h);
	free(b);
	return a;
}

/* Replaces the first occurrence of `from` in text with `to` (same length). */
static void patch(char *text, const char *from, const char *to)
{
	char *at = strstr(text, from);
	ck_assert_msg(at != NULL, "'%s' not in %s", from, text);
	ck_assert_uint_eq(strlen(from), strlen(to));
	memcpy(at, to, strlen(to));
}

START_TEST(test_save_tiny_binary_and_hex_json)
{
	crisk_rules *r = NULL;
	crisk_game *g = NULL, *h = NULL;
	ck_assert_int_eq(crisk_rules_new_from_file(&r, so_path("CRISK_TINY_SO"), "target=20 seats=3"), CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	uint64_t rng = 9;
	for (int i = 0; i < 4; i++)
		random_step(g, &rng);
	binary_round_trip(g, r, &rng, 3);

	/* crisk_game_load does not know host modules by name, and says what to use. */
	char *buf = malloc(BUF);
	size_t len = 0;
	ck_assert_int_eq(crisk_game_save(g, buf, BUF, &len), CRISK_OK);
	ASSERT_REFUSED(crisk_game_load(&h, buf, len), CRISK_EFORMAT, "crisk_game_load_as");
	ASSERT_REFUSED(crisk_game_load_as(&h, NULL, buf, len), CRISK_EINVAL, "rules is NULL");
	/* Another module's rules do not take the save. */
	crisk_rules *base = NULL;
	ck_assert_int_eq(crisk_rules_new(&base, "base", "players=2 seed=1"), CRISK_OK);
	ASSERT_REFUSED(crisk_game_load_as(&h, base, buf, len), CRISK_EFORMAT,
		       "the save is a game of module 'tiny', not of 'base'");
	crisk_rules_free(base);
	/* Rules of the same module with other parameters: the save's parameters count. */
	crisk_rules *other = NULL;
	ck_assert_int_eq(crisk_rules_new_with_module(&other, &tiny_table, "target=50"), CRISK_OK);
	ck_assert_int_eq(crisk_game_load_as(&h, other, buf, len), CRISK_OK);
	char params[128];
	ck_assert_int_eq(crisk_rules_params(crisk_game_rules(h), params, sizeof params, NULL), CRISK_OK);
	ck_assert_str_eq(params, "target=20 seats=3 fail_create=0");
	ck_assert_int_eq(crisk_rules_num_seats(crisk_game_rules(h)), 3);
	crisk_game_free(h);
	h = NULL;
	crisk_rules_free(other);

	/* Without JSON hooks the JSON save carries the binary form as hex. */
	char *js = json_round_trip(g, r);
	ck_assert_msg(strstr(js, "\"module\":\"tiny\",\"module_version\":3") != NULL, "%s", js);
	char *hex = strstr(js, "\"state\":{\"hex\":\"");
	ck_assert_msg(hex != NULL, "%s", js);
	hex += strlen("\"state\":{\"hex\":\"");
	ck_assert_uint_eq(strcspn(hex, "\""), 32);
	char *bad = strdup(js);
	bad[hex - js] = 'z';
	ASSERT_REFUSED(crisk_game_load_json_as(&h, r, bad, strlen(bad)), CRISK_EFORMAT,
		       "$.state.hex: character 0 is not a lowercase hex digit");
	strcpy(bad, js);
	memmove(bad + (hex - js), bad + (hex - js) + 2, strlen(bad + (hex - js) + 2) + 1);
	ASSERT_REFUSED(crisk_game_load_json_as(&h, r, bad, strlen(bad)), CRISK_EFORMAT,
		       "$.state.hex: 30 hex digits; the state needs 32 (16 bytes)");
	/* total = 0x63 = 99 > target + 1: the module's state_check refuses it. */
	strcpy(bad, js);
	memcpy(bad + (hex - js), "63000000", 8);
	ASSERT_REFUSED(crisk_game_load_json_as(&h, r, bad, strlen(bad)), CRISK_EFORMAT,
		       "$.state.total: 99 is outside 0..21");
	strcpy(bad, js);
	patch(bad, "{\"hex\":", "{\"hez\":");
	ASSERT_REFUSED(crisk_game_load_json_as(&h, r, bad, strlen(bad)), CRISK_EFORMAT, "$.state: expected {\"hex\"");
	ck_assert_ptr_null(h);
	free(bad);
	free(js);
	free(buf);
	crisk_game_free(g);
	crisk_rules_free(r);
}
END_TEST

START_TEST(test_save_house_rules_mid_game)
{
	crisk_rules *r = NULL;
	crisk_game *g = NULL, *h = NULL;
	ck_assert_int_eq(crisk_rules_new_from_file(&r, so_path("CRISK_HOUSE_RULES_SO"),
						   "seed=21 players=3 chance=explicit bank_trades_per_turn=2"),
			 CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	uint64_t rng = 77;
	for (int round = 0; round < 6 && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; round++) {
		for (int i = 0; i < 60 && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; i++)
			random_step(g, &rng);
		binary_round_trip(g, r, &rng, 20);
		char *js = json_round_trip(g, r);
		ck_assert_msg(strstr(js, "\"state\":{\"base\":{") != NULL, "%s", js);
		ck_assert_msg(strstr(js, "\"house\":{\"bank_trades\":") != NULL, "%s", js);
		free(js);
	}
	/* Refusals name the field in the house part and in base's part. */
	char *js = malloc(BUF);
	size_t len = 0;
	ck_assert_int_eq(crisk_game_save_json(g, js, BUF, &len), CRISK_OK);
	char *at = strstr(js, "\"bank_trades\":");
	ck_assert_ptr_nonnull(at);
	at += strlen("\"bank_trades\":");
	*at = '9';
	ASSERT_REFUSED(crisk_game_load_json_as(&h, r, js, strlen(js)), CRISK_EFORMAT,
		       "$.state.house.bank_trades: 9 is outside 0..2 (HR-3)");
	ck_assert_int_eq(crisk_game_save_json(g, js, BUF, &len), CRISK_OK);
	patch(js, "\"turn\":", "\"tirn\":");
	ASSERT_REFUSED(crisk_game_load_json_as(&h, r, js, strlen(js)), CRISK_EFORMAT, "$.state.base");
	ck_assert_ptr_null(h);
	free(js);
	crisk_game_free(g);
	crisk_rules_free(r);
}
END_TEST

/* Records of host modules replay with crisk_record_replay_as. */
START_TEST(test_record_replay_of_host_module)
{
	crisk_rules *r = NULL;
	crisk_game *g = NULL, *h = NULL;
	ck_assert_int_eq(crisk_rules_new_from_file(&r, so_path("CRISK_HOUSE_RULES_SO"), "seed=31 players=3"), CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	ck_assert_int_eq(crisk_game_set_recording(g, 1), CRISK_OK);
	uint64_t rng = 31;
	for (int i = 0; i < 500 && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; i++)
		random_step(g, &rng);
	char *text = malloc(BUF);
	size_t len = 0;
	ck_assert_int_eq(crisk_game_record(g, text, BUF, &len), CRISK_OK);
	ck_assert_msg(strstr(text, "module house_rules\n") != NULL, "%s", text);
	ASSERT_REFUSED(crisk_record_replay(&h, text, len), CRISK_EFORMAT, "unknown module 'house_rules'");
	ck_assert_int_eq(crisk_record_replay_as(&h, r, text, len), CRISK_OK);
	assert_same_state(g, h);
	crisk_game_free(h);
	h = NULL;
	crisk_rules *tiny = NULL;
	ck_assert_int_eq(crisk_rules_new_with_module(&tiny, &tiny_table, NULL), CRISK_OK);
	ASSERT_REFUSED(crisk_record_replay_as(&h, tiny, text, len), CRISK_EFORMAT,
		       "line 2: the record is a game of module 'house_rules', not of 'tiny'");
	ASSERT_REFUSED(crisk_record_replay_as(&h, NULL, text, len), CRISK_EINVAL, "rules is NULL");
	ck_assert_ptr_null(h);
	crisk_rules_free(tiny);
	free(text);
	crisk_game_free(g);
	crisk_rules_free(r);
}
END_TEST

/* ---- the house rules (examples/house_rules) ---- */

static unsigned type_of(crisk_action a)
{
	return (unsigned)(a >> 56);
}

static int listed_type(const crisk_action *acts, size_t n, unsigned type)
{
	for (size_t i = 0; i < n; i++)
		if (type_of(acts[i]) == type)
			return 1;
	return 0;
}

static crisk_action code_of(unsigned type)
{
	crisk_catan_action a;
	crisk_catan_action_init(&a, CRISK_CATAN_ACTION_VERSION);
	a.type = type;
	if (type == CRISK_CATAN_OFFER_TRADE) {
		a.to = CRISK_CATAN_TO_ALL;
		a.give[CRISK_CATAN_BRICK] = 1;
		a.want[CRISK_CATAN_ORE] = 1;
	}
	crisk_action code = 0;
	ck_assert_int_eq(crisk_catan_action_encode(&code, &a), CRISK_OK);
	return code;
}

static crisk_game *house_game(const char *params)
{
	crisk_rules *r = NULL;
	crisk_game *g = NULL;
	ck_assert_msg(crisk_rules_new_from_file(&r, so_path("CRISK_HOUSE_RULES_SO"), params) == CRISK_OK, "%s",
		      crisk_error_last());
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	return g;
}

/* HR-4: vp_target defaults to 8, and a won game ends at 8 points. */
START_TEST(test_house_hr4_vp_target_8)
{
	crisk_game *g = house_game("seed=4 players=3");
	char params[256];
	ck_assert_int_eq(crisk_rules_params(crisk_game_rules(g), params, sizeof params, NULL), CRISK_OK);
	ck_assert_msg(strstr(params, "vp_target=8") != NULL, "%s", params);
	uint64_t rng = 4;
	for (int i = 0; i < 200000 && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; i++)
		random_step(g, &rng);
	int winner = -1, vp = 0;
	ck_assert_int_eq(crisk_game_status(g, &winner), CRISK_STATUS_WON);
	ck_assert_int_eq(crisk_game_score(g, winner, CRISK_VIEWER_OMNISCIENT, &vp), CRISK_OK);
	ck_assert_int_ge(vp, 8);
	ck_assert_int_le(vp, 9); /* the win is checked after every action that scores (at most +2 at once) */
	crisk_game_free(g);
}
END_TEST

/* HR-1 and HR-2 in round 1: no offers, no development cards, with messages. */
START_TEST(test_house_hr1_hr2_early_refusals)
{
	crisk_game *g = house_game("seed=8 players=4");
	uint64_t rng = 8;
	crisk_action acts[MAX_LEGAL];
	int main_points = 0;
	/* Round 1 and 2 are turns 1..8 with four seats. */
	while (crisk_game_turn(g) <= 8 && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING) {
		size_t n = legal(g, acts);
		ck_assert_msg(!listed_type(acts, n, CRISK_CATAN_OFFER_TRADE), "an offer is listed (HR-1)");
		ck_assert_msg(!listed_type(acts, n, CRISK_CATAN_BUY_DEV), "buying a card is listed in turn %lld (HR-2)",
			      (long long)crisk_game_turn(g));
		for (unsigned t = CRISK_CATAN_PLAY_KNIGHT; t <= CRISK_CATAN_PLAY_MONOPOLY; t++)
			ck_assert_msg(!listed_type(acts, n, t), "playing a card is listed (HR-2)");
		if (crisk_game_turn(g) >= 1 && listed_type(acts, n, CRISK_CATAN_END_TURN)) {
			main_points++;
			char *before = view(g, CRISK_VIEWER_OMNISCIENT);
			ASSERT_REFUSED(crisk_game_check(g, code_of(CRISK_CATAN_OFFER_TRADE)), CRISK_EILLEGAL,
				       "house rule HR-1: no trading between players");
			ASSERT_REFUSED(crisk_game_apply(g, code_of(CRISK_CATAN_OFFER_TRADE)), CRISK_EILLEGAL, "HR-1");
			ASSERT_REFUSED(crisk_game_check(g, code_of(CRISK_CATAN_BUY_DEV)), CRISK_EILLEGAL,
				       "house rule HR-2: development cards can be bought and played from round 3 on; "
				       "this is round");
			ASSERT_REFUSED(crisk_game_apply(g, code_of(CRISK_CATAN_PLAY_KNIGHT)), CRISK_EILLEGAL, "HR-2");
			char *after = view(g, CRISK_VIEWER_OMNISCIENT);
			ck_assert_str_eq(before, after); /* refusals leave the game unchanged */
			free(before);
			free(after);
		}
		random_step(g, &rng);
	}
	ck_assert_int_gt(main_points, 0);
	/* From round 3 on, buying becomes possible: a seat with the cards sees it listed. */
	int bought_listed = 0;
	for (int i = 0; i < 200000 && !bought_listed && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; i++) {
		size_t n = legal(g, acts);
		bought_listed = listed_type(acts, n, CRISK_CATAN_BUY_DEV);
		ck_assert_int_gt(crisk_game_turn(g), 8);
		if (!bought_listed)
			random_step(g, &rng);
	}
	ck_assert_msg(bought_listed, "buying a development card never became legal after round 2");
	crisk_game_free(g);
}
END_TEST

/* HR-3: after bank_trades_per_turn maritime trades no more are listed or accepted this turn. */
START_TEST(test_house_hr3_bank_trades_per_turn)
{
	crisk_game *g = house_game("seed=12 players=2 bank_trades_per_turn=1");
	uint64_t rng = 12;
	crisk_action acts[MAX_LEGAL];
	int tested = 0;
	for (int i = 0; i < 300000 && tested < 3 && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; i++) {
		size_t n = legal(g, acts);
		crisk_action trade = 0;
		for (size_t k = 0; k < n && !trade; k++)
			if (type_of(acts[k]) == CRISK_CATAN_MARITIME_TRADE)
				trade = acts[k];
		if (!trade) {
			random_step(g, &rng);
			continue;
		}
		int64_t turn = crisk_game_turn(g);
		ck_assert_int_eq(crisk_game_apply(g, trade), CRISK_OK);
		ck_assert_int_eq(crisk_game_turn(g), turn);
		n = legal(g, acts);
		ck_assert_msg(!listed_type(acts, n, CRISK_CATAN_MARITIME_TRADE), "a second bank trade is listed (HR-3)");
		ASSERT_REFUSED(crisk_game_check(g, trade), CRISK_EILLEGAL,
			       "house rule HR-3: at most 1 trade with the bank per turn; you made 1 this turn");
		tested++;
		/* Play on to the next turn. */
		while (crisk_game_turn(g) == turn && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING)
			random_step(g, &rng);
	}
	ck_assert_int_eq(tested, 3);
	crisk_game_free(g);
}
END_TEST

static Suite *modules_suite(void)
{
	Suite *s = suite_create("modules");
	TCase *tc = tcase_create("load");
	tcase_add_test(tc, test_module_from_pointer);
	tcase_add_test(tc, test_module_from_file);
	tcase_add_test(tc, test_file_module_outlives_rules);
	suite_add_tcase(s, tc);
	tc = tcase_create("bad_modules");
	tcase_add_test(tc, test_refuses_wrong_abi_version);
	tcase_add_test(tc, test_refuses_small_struct_size);
	tcase_add_test(tc, test_struct_size_hides_later_fields);
	tcase_add_test(tc, test_refuses_null_name);
	tcase_add_test(tc, test_refuses_missing_methods);
	tcase_add_test(tc, test_refuses_partial_save_hooks);
	tcase_add_test(tc, test_refuses_bad_param_table);
	tcase_add_test(tc, test_failing_create_keeps_its_message);
	tcase_add_test(tc, test_refuses_bad_create_result_and_seats);
	tcase_add_test(tc, test_refuses_bad_params_and_null);
	tcase_add_test(tc, test_refuses_missing_file);
	tcase_add_test(tc, test_refuses_not_a_shared_object);
	tcase_add_test(tc, test_refuses_object_without_entry);
	tcase_add_test(tc, test_refuses_entry_returning_null);
	suite_add_tcase(s, tc);
	tc = tcase_create("params_and_builtins");
	tcase_add_test(tc, test_param_listing_of_host_modules);
	tcase_add_test(tc, test_params_parse_and_getters);
	tcase_add_test(tc, test_builtin_table);
	tcase_add_test(tc, test_builtin_table_plays_like_builtin);
	tcase_add_test(tc, test_event_emit_refuses_bad_input);
	suite_add_tcase(s, tc);
	tc = tcase_create("legal_except");
	tcase_add_test(tc, test_except_tiny);
	tcase_add_test(tc, test_except_long_lists_of_a_host_module);
	tcase_add_test(tc, test_except_builtin_table_through_the_filter);
	suite_add_tcase(s, tc);
	tc = tcase_create("saves");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_save_tiny_binary_and_hex_json);
	tcase_add_test(tc, test_save_house_rules_mid_game);
	tcase_add_test(tc, test_record_replay_of_host_module);
	suite_add_tcase(s, tc);
	tc = tcase_create("house_rules");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_house_hr4_vp_target_8);
	tcase_add_test(tc, test_house_hr1_hr2_early_refusals);
	tcase_add_test(tc, test_house_hr3_bank_trades_per_turn);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(modules_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
