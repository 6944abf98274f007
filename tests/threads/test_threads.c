/* Threads (docs/api.md, Threads): games of all three built-in modules on
 * many threads over shared rules objects, rules freed by their creator
 * while other threads' games still hold them, games cloned on one thread
 * and played on another, the once-built public module tables first reached
 * from many threads at once, and per-thread error messages.  Every thread's
 * result must equal the same work done on one thread.  Run under
 * ThreadSanitizer in CI (.ci/run), which also reports any data race. */
/* pthread_barrier_t is POSIX 2001, outside plain C11. */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk.h"

#define N_MODULES 3
#define THREADS_PER_MODULE 2
#define N_WORKERS (N_MODULES * THREADS_PER_MODULE)
#define BUF (1u << 18)
#define SKIP_OFFERS CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE)

static const char *const module_names[N_MODULES] = {"base", "two_player", "risk"};
static const char *const module_params[N_MODULES] = {
	"players=4 seed=21 board=random max_turns=200",
	"seed=22 board=random_tokens max_turns=200",
	"players=3 seed=23 board=random fog=on max_turns=200",
};

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3u;
	return h;
}

static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
	return fnv(h, &v, sizeof v);
}

#define FNV_START 0xcbf29ce484222325u

/* Check's assertions are not for threads other than the test's; workers
 * report the first failure here instead and the test asserts on it. */
typedef struct report {
	char why[256];
} report;

#define EXPECT(rep, cond, ...)                                                          \
	do {                                                                            \
		if (!(cond)) {                                                          \
			if (!(rep)->why[0])                                             \
				snprintf((rep)->why, sizeof (rep)->why, __VA_ARGS__);   \
			goto out;                                                       \
		}                                                                       \
	} while (0)
#define EXPECT_OK(rep, call)                                                                            \
	do {                                                                                            \
		int rc_ = (call);                                                                       \
		EXPECT(rep, rc_ == CRISK_OK, "line %d: %s: %d %s", __LINE__, #call, rc_, crisk_error_last()); \
	} while (0)

/* g's binary save into buf; returns its length, 0 on failure. */
static size_t save_of(const crisk_game *g, char *buf)
{
	size_t len = 0;
	return crisk_game_save(g, buf, BUF, &len) == CRISK_OK ? len : 0;
}

/* Binary, JSON and hosted round trips of g, each compared with g's save. */
static int round_trips(report *rep, const crisk_game *g, char *a, char *b)
{
	crisk_game *l = NULL;
	size_t len = save_of(g, a), n = 0;
	int ok = 0;
	EXPECT(rep, len > 0, "save: %s", crisk_error_last());
	EXPECT_OK(rep, crisk_game_load(&l, a, len));
	EXPECT(rep, save_of(l, b) == len && memcmp(a, b, len) == 0, "a loaded game differs from its save");
	crisk_game_free(l);
	l = NULL;
	EXPECT_OK(rep, crisk_game_load_as(&l, crisk_game_rules(g), a, len));
	EXPECT(rep, crisk_game_rules(l) == crisk_game_rules(g), "crisk_game_load_as made new rules for the same ones");
	EXPECT(rep, save_of(l, b) == len && memcmp(a, b, len) == 0, "a game loaded with load_as differs from its save");
	crisk_game_free(l);
	l = NULL;
	EXPECT_OK(rep, crisk_game_save_json(g, b, BUF, &n));
	EXPECT_OK(rep, crisk_game_load_json(&l, b, n));
	EXPECT(rep, save_of(l, b) == len && memcmp(a, b, len) == 0, "a game loaded from JSON differs from its save");
	ok = 1;
out:
	crisk_game_free(l);
	return ok;
}

/* What every viewer sees of g, and the events since the start. */
static uint64_t views(report *rep, const crisk_game *g, char *buf, uint64_t h)
{
	int seats = crisk_rules_num_seats(crisk_game_rules(g));
	for (int v = -2; v < seats; v++) {
		int viewer = v == -2 ? CRISK_VIEWER_OMNISCIENT : v == -1 ? CRISK_VIEWER_SPECTATOR : v;
		size_t n = 0;
		EXPECT_OK(rep, crisk_game_to_json(g, viewer, buf, BUF, &n));
		h = fnv(h, buf, n);
		EXPECT_OK(rep, crisk_game_events_json(g, 0, viewer, buf, BUF, &n));
		h = fnv(h, buf, n);
	}
out:
	return h;
}

/* One game's life on one thread: playouts in pieces, with saves, loads,
 * views and a clone played apart after each; then a recorded game and its
 * replay.  Returns a digest of everything it saw (0 after a failure). */
static uint64_t life(report *rep, const crisk_rules *rules, uint64_t seed)
{
	char *a = malloc(BUF), *b = malloc(BUF);
	crisk_game *g = NULL, *c = NULL;
	uint64_t h = FNV_START, rng = seed, steps = 0;
	size_t len = 0, n = 0;
	EXPECT(rep, a && b, "out of memory in the test");
	EXPECT_OK(rep, crisk_game_new(&g, rules));
	EXPECT_OK(rep, crisk_game_set_event_capacity(g, 128));
	for (int round = 0; round < 6 && crisk_game_current_seat(g) != CRISK_SEAT_NONE; round++) {
		EXPECT_OK(rep, crisk_game_playout(g, SKIP_OFFERS, 150, &rng, &steps));
		h = fnv_u64(h, steps);
		if (!round_trips(rep, g, a, b))
			goto out;
		h = views(rep, g, a, h);
		EXPECT_OK(rep, crisk_game_clone(&c, g));
		uint64_t crng = rng ^ 0x5555u;
		EXPECT_OK(rep, crisk_game_playout(c, 0, 100, &crng, &steps));
		len = save_of(c, a);
		EXPECT(rep, len > 0, "save of a clone: %s", crisk_error_last());
		h = fnv(h, a, len);
		crisk_game_free(c);
		c = NULL;
	}
	len = save_of(g, a);
	h = fnv(h, a, len);
	crisk_game_free(g);
	/* Recording on: the core's loop, and a replay of the record. */
	g = NULL;
	EXPECT_OK(rep, crisk_game_new(&g, rules));
	EXPECT_OK(rep, crisk_game_set_recording(g, 1));
	EXPECT_OK(rep, crisk_game_set_undo_depth(g, 8));
	EXPECT_OK(rep, crisk_game_playout(g, SKIP_OFFERS, 300, &rng, &steps));
	EXPECT_OK(rep, crisk_game_undo(g, 2));
	EXPECT_OK(rep, crisk_game_record(g, b, BUF, &n));
	EXPECT_OK(rep, crisk_record_replay(&c, b, n));
	len = save_of(g, a);
	EXPECT(rep, len > 0 && save_of(c, b) == len && memcmp(a, b, len) == 0, "a replayed record differs from its game");
	h = fnv(h, a, len);
	free(a);
	free(b);
	crisk_game_free(c);
	crisk_game_free(g);
	return h;
out:
	free(a);
	free(b);
	crisk_game_free(c);
	crisk_game_free(g);
	return 0;
}

static crisk_rules *new_rules(int m)
{
	crisk_rules *r = NULL;
	ck_assert_msg(crisk_rules_new(&r, module_names[m], module_params[m]) == CRISK_OK, "%s", crisk_error_last());
	return r;
}

/* ---- shared rules, freed by their creator while the games play on ---- */

typedef struct worker {
	pthread_t thread;
	crisk_rules *rules;      /* shared; the main thread frees it after the barrier */
	pthread_barrier_t *ready;
	uint64_t seed, got;
	report rep;
} worker;

static void *shared_rules_worker(void *arg)
{
	worker *w = arg;
	crisk_game *holder = NULL;
	int rc = crisk_game_new(&holder, w->rules);
	/* From here on the rules live only through the games. */
	pthread_barrier_wait(w->ready);
	if (rc != CRISK_OK) {
		snprintf(w->rep.why, sizeof w->rep.why, "crisk_game_new: %s", crisk_error_last());
		return NULL;
	}
	const crisk_rules *rules = crisk_game_rules(holder);
	size_t n = 0;
	char text[4096];
	if (crisk_rules_params(rules, text, sizeof text, &n) != CRISK_OK)
		snprintf(w->rep.why, sizeof w->rep.why, "crisk_rules_params: %s", crisk_error_last());
	w->got = life(&w->rep, rules, w->seed);
	/* The last of these frees may be the one that frees the rules. */
	crisk_game_free(holder);
	return NULL;
}

START_TEST(shared_rules_outlive_their_creator)
{
	crisk_rules *rules[N_MODULES];
	uint64_t want[N_WORKERS];
	worker w[N_WORKERS];
	pthread_barrier_t ready;
	for (int m = 0; m < N_MODULES; m++)
		rules[m] = new_rules(m);
	for (int i = 0; i < N_WORKERS; i++) {
		report rep = {{0}};
		want[i] = life(&rep, rules[i % N_MODULES], 1000 + (uint64_t)i);
		ck_assert_msg(!rep.why[0] && want[i], "one thread, %s: %s", module_names[i % N_MODULES], rep.why);
	}
	ck_assert_int_eq(pthread_barrier_init(&ready, NULL, N_WORKERS + 1), 0);
	for (int i = 0; i < N_WORKERS; i++) {
		w[i] = (worker){.rules = rules[i % N_MODULES], .ready = &ready, .seed = 1000 + (uint64_t)i};
		ck_assert_int_eq(pthread_create(&w[i].thread, NULL, shared_rules_worker, &w[i]), 0);
	}
	pthread_barrier_wait(&ready);
	for (int m = 0; m < N_MODULES; m++)
		crisk_rules_free(rules[m]);
	for (int i = 0; i < N_WORKERS; i++)
		ck_assert_int_eq(pthread_join(w[i].thread, NULL), 0);
	pthread_barrier_destroy(&ready);
	for (int i = 0; i < N_WORKERS; i++) {
		ck_assert_msg(!w[i].rep.why[0], "thread %d (%s): %s", i, module_names[i % N_MODULES], w[i].rep.why);
		ck_assert_msg(w[i].got == want[i], "thread %d (%s) played another game than one thread alone", i,
			      module_names[i % N_MODULES]);
	}
}
END_TEST

/* ---- a game cloned on one thread and played on another ---- */

typedef struct handoff {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	crisk_game *game; /* the clone in transit, NULL until it is handed over */
	int sent;
	crisk_rules *rules;
	uint64_t kept, taken; /* saves' digests at the end of each side's game */
	report rep_from, rep_to;
} handoff;

/* Plays g to the end from rng; returns the digest of its final save and views. */
static uint64_t play_out(report *rep, crisk_game *g, uint64_t rng)
{
	char *buf = malloc(BUF);
	uint64_t steps = 0, h = 0;
	EXPECT(rep, buf, "out of memory in the test");
	EXPECT_OK(rep, crisk_game_playout(g, SKIP_OFFERS, 0, &rng, &steps));
	size_t len = save_of(g, buf);
	EXPECT(rep, len > 0, "save: %s", crisk_error_last());
	h = views(rep, g, buf, fnv(fnv_u64(FNV_START, steps), buf, len));
out:
	free(buf);
	return h;
}

/* The first part of both sides' game: returns the game and its clone. */
static int split_game(report *rep, const crisk_rules *rules, crisk_game **g, crisk_game **c)
{
	uint64_t rng = 77, steps = 0;
	*g = *c = NULL;
	EXPECT_OK(rep, crisk_game_new(g, rules));
	EXPECT_OK(rep, crisk_game_set_undo_depth(*g, 4));
	EXPECT_OK(rep, crisk_game_playout(*g, SKIP_OFFERS, 120, &rng, &steps));
	EXPECT_OK(rep, crisk_game_clone(c, *g));
	return 1;
out:
	return 0;
}

static void *handoff_from(void *arg)
{
	handoff *h = arg;
	crisk_game *g = NULL, *c = NULL;
	int ok = split_game(&h->rep_from, h->rules, &g, &c);
	pthread_mutex_lock(&h->lock);
	h->game = c;
	h->sent = 1;
	pthread_cond_signal(&h->cond);
	pthread_mutex_unlock(&h->lock);
	/* This side goes on with the original while the other plays the clone. */
	if (ok)
		h->kept = play_out(&h->rep_from, g, 1);
	crisk_game_free(g);
	return NULL;
}

static void *handoff_to(void *arg)
{
	handoff *h = arg;
	pthread_mutex_lock(&h->lock);
	while (!h->sent)
		pthread_cond_wait(&h->cond, &h->lock);
	crisk_game *c = h->game;
	pthread_mutex_unlock(&h->lock);
	if (!c) {
		snprintf(h->rep_to.why, sizeof h->rep_to.why, "no game was handed over");
		return NULL;
	}
	h->taken = play_out(&h->rep_to, c, 2);
	crisk_game_free(c);
	return NULL;
}

START_TEST(clones_change_threads)
{
	handoff h[N_MODULES];
	pthread_t from[N_MODULES], to[N_MODULES];
	uint64_t want_kept[N_MODULES], want_taken[N_MODULES];
	for (int m = 0; m < N_MODULES; m++) {
		crisk_rules *rules = new_rules(m);
		crisk_game *g, *c;
		report rep = {{0}};
		ck_assert_msg(split_game(&rep, rules, &g, &c), "%s", rep.why);
		want_kept[m] = play_out(&rep, g, 1);
		want_taken[m] = play_out(&rep, c, 2);
		ck_assert_msg(!rep.why[0], "one thread, %s: %s", module_names[m], rep.why);
		crisk_game_free(g);
		crisk_game_free(c);
		h[m] = (handoff){.rules = rules};
		ck_assert_int_eq(pthread_mutex_init(&h[m].lock, NULL), 0);
		ck_assert_int_eq(pthread_cond_init(&h[m].cond, NULL), 0);
	}
	for (int m = 0; m < N_MODULES; m++) {
		ck_assert_int_eq(pthread_create(&to[m], NULL, handoff_to, &h[m]), 0);
		ck_assert_int_eq(pthread_create(&from[m], NULL, handoff_from, &h[m]), 0);
	}
	for (int m = 0; m < N_MODULES; m++) {
		ck_assert_int_eq(pthread_join(from[m], NULL), 0);
		ck_assert_int_eq(pthread_join(to[m], NULL), 0);
		ck_assert_msg(!h[m].rep_from.why[0], "%s, cloning side: %s", module_names[m], h[m].rep_from.why);
		ck_assert_msg(!h[m].rep_to.why[0], "%s, receiving side: %s", module_names[m], h[m].rep_to.why);
		ck_assert_msg(h[m].kept == want_kept[m], "%s: the original played on differently", module_names[m]);
		ck_assert_msg(h[m].taken == want_taken[m], "%s: the handed-over clone played differently", module_names[m]);
		crisk_rules_free(h[m].rules);
		pthread_mutex_destroy(&h[m].lock);
		pthread_cond_destroy(&h[m].cond);
	}
}
END_TEST

/* ---- the public module tables, first built while many threads ask ---- */

#define TABLE_THREADS 8

typedef struct table_worker {
	pthread_t thread;
	pthread_barrier_t *go;
	int index;
	const crisk_module *tables[N_MODULES];
	uint64_t got;
	report rep;
} table_worker;

static void *table_worker_run(void *arg)
{
	table_worker *t = arg;
	crisk_rules *rules = NULL;
	crisk_params *p = NULL;
	crisk_game *g = NULL;
	int m = t->index % N_MODULES;
	pthread_barrier_wait(t->go);
	/* Each thread starts with another module, so the first calls differ. */
	for (int k = 0; k < N_MODULES; k++) {
		int i = (m + k) % N_MODULES;
		t->tables[i] = crisk_module_builtin(module_names[i]);
		EXPECT(&t->rep, t->tables[i], "crisk_module_builtin(%s): %s", module_names[i], crisk_error_last());
	}
	EXPECT_OK(&t->rep, crisk_params_parse(&p, t->tables[m], module_params[m]));
	EXPECT_OK(&t->rep, crisk_rules_new_with_module(&rules, t->tables[m], module_params[m]));
	EXPECT_OK(&t->rep, crisk_game_new(&g, rules));
	uint64_t rng = 5, steps = 0;
	EXPECT_OK(&t->rep, crisk_game_playout(g, SKIP_OFFERS, 400, &rng, &steps));
	char *buf = malloc(BUF);
	size_t len = buf ? save_of(g, buf) : 0;
	EXPECT(&t->rep, len > 0, "save of a hosted game: %s", crisk_error_last());
	t->got = fnv(fnv_u64(FNV_START, steps), buf, len);
	free(buf);
out:
	crisk_game_free(g);
	crisk_rules_free(rules);
	crisk_params_free(p);
	return NULL;
}

START_TEST(module_tables_built_once_under_contention)
{
	/* Nothing before this point asks for a table: in Check's forked child
	 * the threads below are the first to. */
	table_worker t[TABLE_THREADS];
	pthread_barrier_t go;
	ck_assert_int_eq(pthread_barrier_init(&go, NULL, TABLE_THREADS), 0);
	for (int i = 0; i < TABLE_THREADS; i++) {
		t[i] = (table_worker){.go = &go, .index = i};
		ck_assert_int_eq(pthread_create(&t[i].thread, NULL, table_worker_run, &t[i]), 0);
	}
	for (int i = 0; i < TABLE_THREADS; i++)
		ck_assert_int_eq(pthread_join(t[i].thread, NULL), 0);
	pthread_barrier_destroy(&go);
	for (int i = 0; i < TABLE_THREADS; i++) {
		ck_assert_msg(!t[i].rep.why[0], "thread %d: %s", i, t[i].rep.why);
		for (int m = 0; m < N_MODULES; m++)
			ck_assert_ptr_eq(t[i].tables[m], crisk_module_builtin(module_names[m]));
		/* Threads with the same module played the same hosted game. */
		if (i >= N_MODULES)
			ck_assert_msg(t[i].got == t[i - N_MODULES].got, "thread %d played another game than thread %d", i,
				      i - N_MODULES);
	}
}
END_TEST

/* ---- error messages stay with their thread ---- */

typedef struct err_worker {
	pthread_t thread;
	pthread_barrier_t *between;
	int index;
	report rep;
} err_worker;

static void *err_worker_run(void *arg)
{
	err_worker *e = arg;
	char name[32], seen[512];
	crisk_rules *r = NULL;
	snprintf(name, sizeof name, "no_such_module_%d", e->index);
	int rc = crisk_rules_new(&r, name, NULL);
	/* Every thread has failed before any reads its message. */
	pthread_barrier_wait(e->between);
	snprintf(seen, sizeof seen, "%s", crisk_error_last());
	if (rc != CRISK_ENOTFOUND || !strstr(seen, name))
		snprintf(e->rep.why, sizeof e->rep.why, "rc %d, message '%.120s' does not name '%s'", rc, seen, name);
	return NULL;
}

START_TEST(error_messages_are_per_thread)
{
	err_worker e[TABLE_THREADS];
	pthread_barrier_t between;
	ck_assert_int_eq(pthread_barrier_init(&between, NULL, TABLE_THREADS), 0);
	for (int i = 0; i < TABLE_THREADS; i++) {
		e[i] = (err_worker){.between = &between, .index = i};
		ck_assert_int_eq(pthread_create(&e[i].thread, NULL, err_worker_run, &e[i]), 0);
	}
	for (int i = 0; i < TABLE_THREADS; i++)
		ck_assert_int_eq(pthread_join(e[i].thread, NULL), 0);
	pthread_barrier_destroy(&between);
	for (int i = 0; i < TABLE_THREADS; i++)
		ck_assert_msg(!e[i].rep.why[0], "thread %d: %s", i, e[i].rep.why);
}
END_TEST

/* ---- crisk_game_playouts: many playouts of one position on threads ---- */

/* splitmix64 as docs/api.md gives it. */
static uint64_t ref_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

#define BATCH 24
#define BATCH_SEED 0xC0FFEEu
#define MAX_SEATS 8

/* A position some way into a game, reached by a random playout. */
static crisk_game *position(crisk_rules **rules, const char *module, const char *params, uint64_t steps)
{
	ck_assert_int_eq(crisk_rules_new(rules, module, params), CRISK_OK);
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, *rules), CRISK_OK);
	uint64_t rng = 5;
	ck_assert_int_eq(crisk_game_playout(g, SKIP_OFFERS, steps, &rng, NULL), CRISK_OK);
	return g;
}

static char *state_json(const crisk_game *g)
{
	size_t len = 0;
	ck_assert_int_eq(crisk_game_to_json(g, CRISK_VIEWER_OMNISCIENT, NULL, 0, &len), CRISK_EBUFSIZE);
	char *buf = malloc(len + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(crisk_game_to_json(g, CRISK_VIEWER_OMNISCIENT, buf, len + 1, &len), CRISK_OK);
	return buf;
}

/* The batch equals BATCH single playouts, each on a clone with the stream
 * the header documents, whatever the number of threads; the position is
 * left as it was. */
static void check_batch(const char *module, const char *params, uint64_t into, uint64_t max_steps)
{
	crisk_rules *rules;
	crisk_game *g = position(&rules, module, params, into);
	ck_assert_int_eq(crisk_game_current_seat(g) != CRISK_SEAT_NONE, 1); /* still running */
	int seats = crisk_rules_num_seats(rules);
	ck_assert_int_le(seats, MAX_SEATS);
	uint64_t want[MAX_SEATS] = {0}, want_unfinished = 0, want_steps = 0;
	for (uint64_t i = 0; i < BATCH; i++) {
		crisk_game *c = NULL;
		ck_assert_int_eq(crisk_game_clone(&c, g), CRISK_OK);
		ck_assert_int_eq(crisk_game_set_event_capacity(c, 0), CRISK_OK);
		uint64_t mix = BATCH_SEED + i, rng = ref_next(&mix), steps = 0;
		ck_assert_int_eq(crisk_game_playout(c, SKIP_OFFERS, max_steps, &rng, &steps), CRISK_OK);
		int winner = -1;
		if (crisk_game_status(c, &winner) == CRISK_STATUS_WON && winner >= 0)
			want[winner]++;
		else
			want_unfinished++;
		want_steps += steps;
		crisk_game_free(c);
	}
	char *before = state_json(g);
	static const unsigned thread_counts[] = {1, 2, 5, BATCH + 3};
	for (size_t t = 0; t < sizeof thread_counts / sizeof thread_counts[0]; t++) {
		uint64_t wins[MAX_SEATS], unfinished = 99, steps = 99;
		int rc = crisk_game_playouts(g, BATCH, thread_counts[t], SKIP_OFFERS, max_steps, BATCH_SEED, wins,
					     MAX_SEATS, &unfinished, &steps);
		ck_assert_msg(rc == CRISK_OK, "%s, %u threads: %s", module, thread_counts[t], crisk_error_last());
		for (int s = 0; s < MAX_SEATS; s++)
			ck_assert_uint_eq(wins[s], s < seats ? want[s] : 0);
		ck_assert_uint_eq(unfinished, want_unfinished);
		ck_assert_uint_eq(steps, want_steps);
	}
	char *after = state_json(g);
	ck_assert_str_eq(before, after);
	free(before);
	free(after);
	crisk_game_free(g);
	crisk_rules_free(rules);
}

START_TEST(playouts_equal_single_playouts)
{
	check_batch("base", "players=4 seed=31 chance=explicit", 60, 0);
	check_batch("base", "players=3 seed=32", 60, 0);
	check_batch("risk", "players=3 seed=33 chance=explicit", 60, 0);
	check_batch("two_player", "seed=34", 60, 400); /* some stop at max_steps: unfinished */
	/* Type 23 is muhq's concede, which SKIP_OFFERS leaves out here too. */
	check_batch("muhq", "map=2P-river-king players=2 draft=none seed=36", 2, 0);
}
END_TEST

START_TEST(playouts_argument_errors)
{
	crisk_rules *rules;
	crisk_game *g = position(&rules, "base", "players=4 seed=35", 10);
	uint64_t wins[4] = {7, 7, 7, 7}, unfinished = 7, steps = 7;
	ck_assert_int_eq(crisk_game_playouts(NULL, 1, 1, 0, 0, 1, wins, 4, NULL, NULL), CRISK_EINVAL);
	ck_assert_int_eq(crisk_game_playouts(g, 1, 1, 0, 0, 1, NULL, 4, NULL, NULL), CRISK_EINVAL);
	ck_assert_int_eq(crisk_game_playouts(g, 1, 0, 0, 0, 1, wins, 4, NULL, NULL), CRISK_EINVAL);
	ck_assert_int_eq(crisk_game_playouts(g, 1, 257, 0, 0, 1, wins, 4, NULL, NULL), CRISK_EINVAL);
	ck_assert_int_eq(crisk_game_playouts(g, 1, 1, 0, 0, 1, wins, 3, NULL, NULL), CRISK_EBUFSIZE);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "4 seats"));
	ck_assert_int_eq(crisk_game_playouts(g, 0, 4, 0, 0, 1, wins, 4, &unfinished, &steps), CRISK_OK);
	ck_assert_uint_eq(wins[0] + wins[1] + wins[2] + wins[3] + unfinished + steps, 0);
	/* Every type skipped: each playout fails; the lowest index is named. */
	int rc = crisk_game_playouts(g, 6, 3, ~UINT64_C(0), 0, 1, wins, 4, &unfinished, &steps);
	ck_assert_int_eq(rc, CRISK_ESTATE);
	ck_assert_msg(strstr(crisk_error_last(), "playout 0:") != NULL, "%s", crisk_error_last());
	ck_assert_uint_eq(wins[0] + wins[1] + wins[2] + wins[3] + unfinished + steps, 0);
	crisk_game_free(g);
	crisk_rules_free(rules);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("threads");
	TCase *tc = tcase_create("threads");
	/* ThreadSanitizer makes these several times slower. */
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, module_tables_built_once_under_contention);
	tcase_add_test(tc, shared_rules_outlive_their_creator);
	tcase_add_test(tc, clones_change_threads);
	tcase_add_test(tc, error_messages_are_per_thread);
	tcase_add_test(tc, playouts_equal_single_playouts);
	tcase_add_test(tc, playouts_argument_errors);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
