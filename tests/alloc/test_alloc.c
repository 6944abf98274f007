/* Allocation failure (issue 14): one scenario per built-in module (by name
 * and as a host module from its public table) and one for the tiny host
 * module runs once to count its allocations (K), then K more times, failing
 * allocation N in run N.  The call that meets the failure must return
 * CRISK_ENOMEM with an "out of memory" message, leave its game exactly as it
 * was (binary save, omniscient view, event log, record, undo count) and give
 * no object; the same call again, with allocation working, must succeed, and
 * the whole run must end with the digest of the never-failed run and no
 * block left allocated (counted by alloc_fail.c; LeakSanitizer too in the
 * sanitizer build). */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "catanrisk.h"
#include "alloc_fail.h"
#include "../modules/tiny_module.h"

#define BIG (1u << 20)
#define MAX_LEGAL 1024
#define MAX_CALLS 4096
#define SKIP_OFFERS CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE)
/* A type the modules cannot skip themselves: the core filters the list. */
#define SKIP_FILTERED (SKIP_OFFERS | CRISK_ACTION_TYPE_BIT(CRISK_CATAN_BUY_DEV))

typedef struct run {
	int counting;     /* the first run: allocations are counted, none fails */
	long fail_at;     /* the allocation that fails in this run */
	size_t call;      /* library calls so far in this run */
	uint64_t digest;  /* of everything the calls gave back */
	uint64_t pick;    /* the test's own choice of actions */
} run;

/* Allocations seen at the end of each call of the counting run. */
static long plan[MAX_CALLS];

static char buf_a[BIG], buf_b[BIG];

static uint64_t next_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static void mix(run *r, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		r->digest = (r->digest ^ b[i]) * 0x100000001b3u;
}

static void mix_u64(run *r, uint64_t v)
{
	mix(r, &v, sizeof v);
}

/* ---- what a game looks like from outside, taken without counting ---- */

typedef struct snap {
	char *text;
	size_t len;
} snap;

static void put(snap *s, size_t cap, const void *p, size_t n)
{
	ck_assert_uint_le(s->len + n, cap);
	memcpy(s->text + s->len, p, n);
	s->len += n;
}

static void put_u64(snap *s, size_t cap, uint64_t v)
{
	put(s, cap, &v, sizeof v);
}

/* The binary save, the omniscient view, the event log, the record and the
 * undo count: everything a failed call must leave as it was. */
static void take_snap(snap *s, char *mem, const crisk_game *g)
{
	size_t cap = BIG / 2, n = 0, part = BIG / 8;
	s->text = mem;
	s->len = 0;
	ck_assert_int_eq(crisk_game_save(g, s->text + s->len, part, &n), CRISK_OK);
	s->len += n;
	ck_assert_int_eq(crisk_game_to_json(g, CRISK_VIEWER_OMNISCIENT, s->text + s->len, part, &n), CRISK_OK);
	s->len += n;
	ck_assert_int_eq(crisk_game_events_json(g, 0, CRISK_VIEWER_OMNISCIENT, s->text + s->len, part, &n), CRISK_OK);
	s->len += n;
	/* The record's return code, then the record when there is one. */
	size_t rc_at = s->len;
	put_u64(s, cap, 0);
	int rc = crisk_game_record(g, s->text + s->len, part, &n);
	uint64_t rc64 = (uint64_t)rc;
	memcpy(s->text + rc_at, &rc64, sizeof rc64);
	if (rc == CRISK_OK)
		s->len += n;
	uint64_t first = 0, next = 0;
	size_t undo = 0;
	ck_assert_int_eq(crisk_game_event_range(g, &first, &next), CRISK_OK);
	ck_assert_int_eq(crisk_game_undo_available(g, &undo), CRISK_OK);
	put_u64(s, cap, first);
	put_u64(s, cap, next);
	put_u64(s, cap, undo);
}

static void assert_same_snap(const snap *a, const snap *b, int line, const char *what)
{
	size_t at = 0;
	while (at < a->len && at < b->len && a->text[at] == b->text[at])
		at++;
	ck_assert_msg(a->len == b->len && at == a->len,
		      "line %d: %s changed its game although it failed (%zu then %zu bytes, from byte %zu: '%.60s' "
		      "became '%.60s')",
		      line, what, a->len, b->len, at, a->text + at, b->text + at);
}

/* ---- one library call, and its failure ---- */

/* Returns whether the armed allocation may fall in this call; takes the
 * game's snapshot before the call if so. */
static int call_begin(run *r, const crisk_game *g, snap *before, int line)
{
	r->call++;
	ck_assert_uint_lt(r->call, MAX_CALLS);
	if (r->counting || alloc_fired())
		return 0;
	/* Up to the failure every run makes the counting run's allocations. */
	ck_assert_msg(alloc_seen() == plan[r->call - 1], "line %d: %ld allocations before call %zu, the counting run had %ld",
		      line, alloc_seen(), r->call, plan[r->call - 1]);
	if (r->fail_at > plan[r->call])
		return 0;
	if (g)
		take_snap(before, buf_a, g);
	/* Cleared, so that the failure's own message is what is checked. */
	crisk_error_set(CRISK_OK, "%s", "");
	return 1;
}

/* Checks the call's result; returns 1 when it met the failure and must be
 * made again with allocation working. */
static int call_end(run *r, const crisk_game *g, const snap *before, int may_fail, int rc, int no_object,
		    const char *what, int line)
{
	if (r->counting) {
		plan[r->call] = alloc_seen();
		ck_assert_msg(rc == CRISK_OK, "line %d: %s: %d %s", line, what, rc, crisk_error_last());
		return 0;
	}
	if (!may_fail || !alloc_fired()) {
		ck_assert_msg(!may_fail, "line %d: %s did not make the allocation it made in the counting run", line, what);
		ck_assert_msg(rc == CRISK_OK, "line %d: %s: %d %s", line, what, rc, crisk_error_last());
		return 0;
	}
	ck_assert_msg(rc == CRISK_ENOMEM, "line %d: %s met a failed allocation and returned %d (%s), not CRISK_ENOMEM",
		      line, what, rc, rc ? crisk_error_last() : "success");
	ck_assert_msg(strstr(crisk_error_last(), "out of memory"), "line %d: %s failed with the message '%s'", line, what,
		      crisk_error_last());
	ck_assert_msg(no_object, "line %d: %s failed but gave an object", line, what);
	if (g) {
		snap after;
		take_snap(&after, buf_b, g);
		assert_same_snap(before, &after, line, what);
	}
	alloc_disarm();
	return 1;
}

/* G: the game the call may change (or NULL); NONE: what holds after a
 * refusal (the out-parameter is NULL), 1 when there is none. */
#define CALL_(R, G, NONE, EXPR)                                                                        \
	do {                                                                                           \
		snap before_;                                                                          \
		int may_ = call_begin((R), (G), &before_, __LINE__);                                   \
		alloc_enter();                                                                         \
		int rc_ = (EXPR);                                                                      \
		alloc_leave();                                                                         \
		if (call_end((R), (G), &before_, may_, rc_, (NONE), #EXPR, __LINE__)) {                \
			alloc_enter();                                                                 \
			rc_ = (EXPR);                                                                  \
			alloc_leave();                                                                 \
			ck_assert_msg(rc_ == CRISK_OK, "line %d: %s with allocation working again: %d %s", \
				      __LINE__, #EXPR, rc_, crisk_error_last());                      \
		}                                                                                      \
	} while (0)
#define CALL(R, G, EXPR) CALL_(R, G, 1, EXPR)
#define NEW(R, OUT, EXPR) CALL_(R, NULL, *(OUT) == NULL, EXPR)
/* Calls that cannot report a failure must not allocate at all. */
#define VOID_CALL(R, EXPR) CALL_(R, NULL, 0, ((EXPR), CRISK_OK))

/* A call that writes a text or blob: EXPR names buf, cap and out_len, which
 * point into buf_b; the output goes into the digest. */
#define OUTPUT(R, G, EXPR_WITH_BUF_LEN)                                                                \
	do {                                                                                           \
		size_t len_ = 0;                                                                       \
		char *buf = buf_b;                                                                     \
		size_t cap = BIG, *out_len = &len_;                                                    \
		CALL(R, G, EXPR_WITH_BUF_LEN);                                                         \
		mix((R), buf_b, len_);                                                                 \
	} while (0)

/* ---- pieces of the scenario ---- */

static crisk_action pick_action(run *r, crisk_game *g, uint64_t skip)
{
	static crisk_action acts[MAX_LEGAL];
	size_t n = 0;
	CALL(r, g, crisk_game_legal_actions_except(g, skip, acts, MAX_LEGAL, &n));
	ck_assert_uint_gt(n, 0);
	return acts[next_rand(&r->pick) % n];
}

static void apply_some(run *r, crisk_game *g, int count)
{
	for (int i = 0; i < count && crisk_game_current_seat(g) != CRISK_SEAT_NONE; i++) {
		crisk_action a = pick_action(r, g, SKIP_FILTERED);
		CALL(r, g, crisk_game_apply(g, a));
		mix_u64(r, a);
	}
}

static crisk_game *quiet_clone(const crisk_game *g)
{
	crisk_game *c = NULL;
	ck_assert_int_eq(crisk_game_clone(&c, g), CRISK_OK);
	return c;
}

/* A playout stops at a failed step with the steps before it applied: the
 * game must be the one a playout of just those steps gives.  The call is
 * then made again from the game as it was before. */
static void playout(run *r, crisk_game **g, uint64_t skip, uint64_t max_steps, uint64_t *rng)
{
	snap unused;
	int may = call_begin(r, NULL, &unused, __LINE__);
	crisk_game *orig = may ? quiet_clone(*g) : NULL;
	uint64_t rng0 = *rng, steps = 0;
	alloc_enter();
	int rc = crisk_game_playout(*g, skip, max_steps, rng, &steps);
	alloc_leave();
	if (call_end(r, NULL, &unused, may, rc, 1, "crisk_game_playout", __LINE__)) {
		crisk_game *ref = quiet_clone(orig);
		uint64_t rs = rng0, n = 0;
		if (steps)
			ck_assert_int_eq(crisk_game_playout(ref, skip, steps, &rs, &n), CRISK_OK);
		ck_assert_uint_eq(n, steps);
		snap a, b;
		take_snap(&a, buf_a, ref);
		take_snap(&b, buf_b, *g);
		assert_same_snap(&a, &b, __LINE__, "a failed playout (compared with one of its applied steps)");
		crisk_game_free(ref);
		/* No Check macro between enter and leave: Check allocates too. */
		alloc_enter();
		crisk_game_free(*g);
		*g = NULL;
		rc = crisk_game_clone(g, orig);
		*rng = rng0;
		if (!rc)
			rc = crisk_game_playout(*g, skip, max_steps, rng, &steps);
		alloc_leave();
		ck_assert_msg(rc == CRISK_OK, "crisk_game_playout with allocation working again: %s", crisk_error_last());
	}
	crisk_game_free(orig);
	mix_u64(r, steps);
	mix_u64(r, *rng);
}

/* Saves, views and events of g, each mixed into the digest. */
static void outputs(run *r, crisk_game *g, int seats)
{
	OUTPUT(r, g, crisk_game_save(g, buf, cap, out_len));
	OUTPUT(r, g, crisk_game_save_json(g, buf, cap, out_len));
	for (int v = -2; v < seats; v++) {
		int viewer = v == -2 ? CRISK_VIEWER_OMNISCIENT : v == -1 ? CRISK_VIEWER_SPECTATOR : v;
		OUTPUT(r, g, crisk_game_to_json(g, viewer, buf, cap, out_len));
		OUTPUT(r, g, crisk_game_events_json(g, 0, viewer, buf, cap, out_len));
	}
	uint64_t first = 0, next = 0;
	CALL(r, g, crisk_game_event_range(g, &first, &next));
	for (uint64_t seq = first; seq < next && seq < first + 8; seq++) {
		crisk_event e;
		crisk_event_init(&e, CRISK_EVENT_VERSION);
		CALL(r, g, crisk_game_event(&e, g, seq, 0));
		OUTPUT(r, g, crisk_event_to_string(g, &e, buf, cap, out_len));
	}
}

/* g's binary save, JSON save and record loaded back: each must be g again. */
static void round_trips(run *r, crisk_game *g, const crisk_rules *like)
{
	crisk_game *l = NULL;
	size_t len = 0;
	static char blob[BIG / 4], text[BIG / 4];
	CALL(r, g, crisk_game_save(g, blob, sizeof blob, &len));
	if (like)
		NEW(r, &l, crisk_game_load_as(&l, like, blob, len));
	else
		NEW(r, &l, crisk_game_load(&l, blob, len));
	outputs(r, l, crisk_rules_num_seats(crisk_game_rules(l)));
	VOID_CALL(r, crisk_game_free(l));
	CALL(r, g, crisk_game_save_json(g, text, sizeof text, &len));
	l = NULL;
	if (like)
		NEW(r, &l, crisk_game_load_json_as(&l, like, text, len));
	else
		NEW(r, &l, crisk_game_load_json(&l, text, len));
	OUTPUT(r, l, crisk_game_save(l, buf, cap, out_len));
	VOID_CALL(r, crisk_game_free(l));
	CALL(r, g, crisk_game_record(g, text, sizeof text, &len));
	l = NULL;
	if (like)
		NEW(r, &l, crisk_record_replay_as(&l, like, text, len));
	else
		NEW(r, &l, crisk_record_replay(&l, text, len));
	OUTPUT(r, l, crisk_game_save(l, buf, cap, out_len));
	VOID_CALL(r, crisk_game_free(l));
}

typedef struct scenario {
	const char *module;
	const char *params;
	const crisk_module *table; /* a host module, played only as one */
} scenario;

static void play(run *r, const scenario *s)
{
	crisk_rules *rules = NULL;
	crisk_game *g = NULL, *c = NULL;
	uint64_t rng = 7;
	NEW(r, &rules, crisk_rules_new(&rules, s->module, s->params));
	int seats = crisk_rules_num_seats(rules);
	OUTPUT(r, NULL, crisk_rules_params(rules, buf, cap, out_len));
	OUTPUT(r, NULL, crisk_rules_board_json(rules, buf, cap, out_len));
	NEW(r, &g, crisk_game_new(&g, rules));
	/* The games keep the rules alive. */
	VOID_CALL(r, crisk_rules_free(rules));
	CALL(r, g, crisk_game_set_recording(g, 1));
	CALL(r, g, crisk_game_set_undo_depth(g, 16));
	CALL(r, g, crisk_game_set_event_capacity(g, 256));
	/* Recording on: the core's loop, and the record grows past its first capacity. */
	playout(r, &g, SKIP_OFFERS, 300, &rng);
	apply_some(r, g, 12);
	CALL(r, g, crisk_game_undo(g, 3));
	apply_some(r, g, 4);
	NEW(r, &c, crisk_game_clone(&c, g));
	outputs(r, g, seats);
	round_trips(r, g, NULL);
	CALL(r, c, crisk_game_set_undo_depth(c, 4));
	CALL(r, c, crisk_game_set_recording(c, 0));
	CALL(r, c, crisk_game_set_undo_depth(c, 0));
	/* No history: the module's own loop, to the end of the game. */
	playout(r, &c, SKIP_OFFERS, 0, &rng);
	outputs(r, c, seats);
	CALL(r, c, crisk_game_set_event_capacity(c, 0));
	CALL(r, c, crisk_game_copy(c, g));
	playout(r, &c, SKIP_FILTERED, 200, &rng);
	OUTPUT(r, c, crisk_game_save(c, buf, cap, out_len));
	VOID_CALL(r, crisk_game_free(c));
	VOID_CALL(r, crisk_game_free(g));
}

/* A host module: the built-in module's public table, or the host's own. */
static void play_hosted(run *r, const scenario *s)
{
	const crisk_module *table = s->table ? s->table : crisk_module_builtin(s->module);
	ck_assert_ptr_nonnull(table);
	crisk_params *p = NULL;
	NEW(r, &p, crisk_params_parse(&p, table, s->params));
	VOID_CALL(r, crisk_params_free(p));
	crisk_rules *rules = NULL;
	crisk_game *g = NULL;
	uint64_t rng = 11;
	NEW(r, &rules, crisk_rules_new_with_module(&rules, table, s->params));
	NEW(r, &g, crisk_game_new(&g, rules));
	CALL(r, g, crisk_game_set_recording(g, 1));
	playout(r, &g, SKIP_OFFERS, 60, &rng);
	apply_some(r, g, 4);
	outputs(r, g, crisk_rules_num_seats(rules));
	round_trips(r, g, rules);
	VOID_CALL(r, crisk_game_free(g));
	VOID_CALL(r, crisk_rules_free(rules));
}

static const scenario scenarios[] = {
	{"base", "players=4 seed=11 board=random max_turns=60", NULL},
	{"two_player", "seed=3 board=random chance=explicit max_turns=60", NULL},
	{"risk", "players=3 seed=5 board=random chance=explicit fog=on max_turns=60", NULL},
	/* No JSON state hooks: the core writes and reads the binary state as hex. */
	{"tiny", "target=40 seats=3", &tiny_table},
};

static uint64_t run_scenario(int i, long fail_at, long *allocs)
{
	run r = {.counting = !fail_at, .fail_at = fail_at, .digest = 0xcbf29ce484222325u, .pick = 99};
	if (!scenarios[i].table)
		play(&r, &scenarios[i]);
	play_hosted(&r, &scenarios[i]);
	ck_assert_msg(alloc_live() == 0, "%ld blocks are still allocated at the end of the run failing allocation %ld",
		      alloc_live(), fail_at);
	if (allocs)
		*allocs = alloc_seen();
	return r.digest;
}

/* What the library builds once per process, on first use, and keeps (the
 * topologies of both standard board sizes, docs/api.md "Threads"): built
 * before counting, so that every run makes the same allocations.  Each test
 * runs in a process of its own (Check forks). */
static void build_process_tables(void)
{
	static const char *const params[] = {"players=4 seed=1", "players=6 seed=1"};
	for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
		crisk_rules *r = NULL;
		ck_assert_int_eq(crisk_rules_new(&r, "base", params[i]), CRISK_OK);
		crisk_rules_free(r);
	}
}

START_TEST(every_allocation_fails_once)
{
	long k = 0;
	build_process_tables();
	alloc_reset();
	uint64_t want = run_scenario(_i, 0, &k);
	ck_assert_int_gt(k, 0);
	for (long n = 1; n <= k; n++) {
		alloc_reset();
		alloc_arm(n);
		uint64_t got = run_scenario(_i, n, NULL);
		ck_assert_msg(alloc_fired(), "allocation %ld of %ld was not made", n, k);
		ck_assert_msg(got == want, "failing allocation %ld of %ld changed the result", n, k);
	}
	alloc_reset();
	fprintf(stderr, "%s: %ld allocations, each failed once\n", scenarios[_i].module, k);
}
END_TEST

/* One case per scenario, named after its module; argv[1] runs only that one
 * (meson runs them as separate tests, in parallel). */
int main(int argc, char **argv)
{
	Suite *s = suite_create("alloc");
	for (int i = 0; i < (int)(sizeof scenarios / sizeof scenarios[0]); i++) {
		TCase *tc = tcase_create(scenarios[i].module);
		/* K runs of a scenario: longer than Check's default 4 s. */
		tcase_set_timeout(tc, 900);
		tcase_add_loop_test(tc, every_allocation_fails_once, i, i + 1);
		suite_add_tcase(s, tc);
	}
	SRunner *sr = srunner_create(s);
	srunner_run(sr, NULL, argc > 1 ? argv[1] : NULL, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
