/* crisk-bench: complete random games, timed, on one thread or several.  A
 * step is crisk_game_legal_actions + a uniform pick + crisk_game_apply.
 * Prints the figures of the performance budget in ARCHITECTURE.md beside the
 * exact rules string they were measured with.  Uses only the public API. */
/* clock_gettime, CLOCK_MONOTONIC, CLOCK_THREAD_CPUTIME_ID and pthreads are
 * POSIX, not C11. */
#define _POSIX_C_SOURCE 200809L

#include <catanrisk.h>

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Random play can reach a position from which nobody can win (all pieces
 * placed, the deck empty), and the rules then play on for ever (max_turns=0,
 * B-52).  Unless --rules sets max_turns, such games end at this turn. */
#define DEFAULT_MAX_TURNS 10000
/* A game that has not ended after this many steps means a rules bug. */
#define STEP_LIMIT 10000000u
/* Copies timed for the clone figure. */
#define CLONE_REPS 1000000u
/* Threads --threads may ask for. */
#define MAX_THREADS 256

/* How games are played: step by step through the public calls a host
 * makes, or a whole game with one crisk_game_playout call.  Both make the
 * same choices, so both play the same games. */
enum { LOOP_STEPS = 1, LOOP_PLAYOUT = 2 };

typedef struct options {
	uint64_t games;   /* 0 = no limit (then --seconds decides) */
	double seconds;   /* 0 = no limit */
	const char *module;
	int players;      /* 0 = not given */
	uint64_t seed;
	const char *rules;
	int events;
	unsigned loops;      /* LOOP_STEPS and/or LOOP_PLAYOUT */
	uint64_t skip_types; /* the action types the random policy never picks */
	int new_boards;      /* also play every game on new rules (a new seed) */
	int threads;         /* threads playing at once (default 1) */
} options;

/* The bots' generator (splitmix64), separate from the game's RNG. */
typedef struct bot_rng {
	uint64_t s;
} bot_rng;

static inline uint64_t bot_next(bot_rng *r)
{
	uint64_t z = (r->s += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

/* Uniform in 0..n-1 (Lemire's multiply-shift with rejection: exact, rarely divides). */
static inline size_t bot_uniform(bot_rng *r, size_t n)
{
	uint64_t x = bot_next(r) >> 32;
	uint64_t m = x * (uint64_t)n;
	uint32_t low = (uint32_t)m;
	if (low < (uint32_t)n) {
		uint32_t threshold = (uint32_t)(-(uint32_t)n) % (uint32_t)n;
		while (low < threshold) {
			x = bot_next(r) >> 32;
			m = x * (uint64_t)n;
			low = (uint32_t)m;
		}
	}
	return (size_t)(m >> 32);
}

static double bot_unit(bot_rng *r)
{
	return (double)(bot_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

static uint64_t clock_ns(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t now_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

static void usage(FILE *f)
{
	fprintf(f, "usage: crisk-bench [--module NAME] [--games N] [--seconds S] [--players N]\n"
		   "                   [--seed N] [--rules \"key=value ...\"] [--no-offers] [--skip-type T]\n"
		   "                   [--events] [--loop L] [--new-boards] [--threads N]\n"
		   "Plays complete random games of a module (default base) and prints games/s,\n"
		   "ns/step, steps/game, turns/game, CPU time per game, state bytes and clone ns.\n"
		   "  --module NAME built-in module to play (default base)\n"
		   "  --games N     games to play (default 1000; 0 = until --seconds)\n"
		   "  --seconds S   stop starting new games after S seconds (default: no limit)\n"
		   "  --players N   seats (default: the module's default; 4 where the module has\n"
		   "                none, as base and risk)\n"
		   "  --seed N      seed of the rules and the bots (default 1)\n"
		   "  --rules S     more parameters, e.g. \"max_turns=500\" (default max_turns=10000\n"
		   "                where the module has it: games nobody can win end there)\n"
		   "  --no-offers   the random policy never picks OFFER_TRADE\n"
		   "  --skip-type T the random policy never picks action type T (repeatable;\n"
		   "                e.g. 23, muhq's concede)\n"
		   "  --events      keep the event log on (off by default)\n"
		   "  --loop L      steps: current seat, legal actions, pick and apply by public\n"
		   "                calls each step; playout: one crisk_game_playout call a game;\n"
		   "                both (default): both, over the same games\n"
		   "  --new-boards  after the games on one board, play as many again, each on new\n"
		   "                rules (seed N, N+1, ...: a new board per game), with\n"
		   "                crisk_rules_new and crisk_game_new timed as part of each game,\n"
		   "                and print both figures and their ratio\n"
		   "  --threads N   play on N threads at once (default 1), each with its own games\n"
		   "                over the shared rules; the games are split between them and\n"
		   "                games/s is the total over the wall-clock time\n");
}

static int parse_u64(const char *text, uint64_t *out)
{
	char *end;
	errno = 0;
	if (!text || !*text || *text == '-')
		return -1;
	unsigned long long v = strtoull(text, &end, 0);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

static int takes_value(const char *option)
{
	static const char *const with_value[] = { "--module", "--games",     "--seconds", "--players", "--seed",
						  "--rules",  "--loop",      "--skip-type", "--threads" };
	for (size_t i = 0; i < sizeof with_value / sizeof with_value[0]; i++)
		if (!strcmp(option, with_value[i]))
			return 1;
	return 0;
}

/* Whether the parameter string already sets `key` (a key may appear once). */
static int has_key(const char *params, const char *key)
{
	size_t n = strlen(key);
	for (const char *p = params; p && *p; p++) {
		int at_start = p == params || p[-1] == ' ' || p[-1] == ';' || p[-1] == '\t';
		if (at_start && !strncmp(p, key, n) && p[n] == '=')
			return 1;
	}
	return 0;
}

static int parse_options(options *o, int argc, char **argv)
{
	*o = (options){ .module = "base", .games = 1000, .seed = 1, .loops = LOOP_STEPS | LOOP_PLAYOUT, .threads = 1 };
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		uint64_t n;
		char *end;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			exit(0);
		} else if (!strcmp(a, "--no-offers")) {
			o->skip_types = CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE);
		} else if (!strcmp(a, "--events")) {
			o->events = 1;
		} else if (!strcmp(a, "--new-boards")) {
			o->new_boards = 1;
		} else if (!takes_value(a)) {
			fprintf(stderr, "crisk-bench: unknown option '%s'\n", a);
			usage(stderr);
			return -1;
		} else if (!v) {
			fprintf(stderr, "crisk-bench: %s needs a value\n", a);
			return -1;
		} else if (!strcmp(a, "--games")) {
			if (parse_u64(v, &o->games)) {
				fprintf(stderr, "crisk-bench: --games wants a count, got '%s'\n", v);
				return -1;
			}
			i++;
		} else if (!strcmp(a, "--seconds")) {
			errno = 0;
			o->seconds = strtod(v, &end);
			if (errno || *end || !(o->seconds > 0)) {
				fprintf(stderr, "crisk-bench: --seconds wants a positive number, got '%s'\n", v);
				return -1;
			}
			i++;
		} else if (!strcmp(a, "--module")) {
			o->module = v;
			i++;
		} else if (!strcmp(a, "--skip-type")) {
			if (parse_u64(v, &n) || n < 1 || n > 63) {
				fprintf(stderr, "crisk-bench: --skip-type wants an action type 1..63, got '%s'\n", v);
				return -1;
			}
			o->skip_types |= CRISK_ACTION_TYPE_BIT(n);
			i++;
		} else if (!strcmp(a, "--players")) {
			if (parse_u64(v, &n) || n < 1 || n > CRISK_MAX_SEATS) {
				fprintf(stderr, "crisk-bench: --players wants 1..%d, got '%s'\n", CRISK_MAX_SEATS, v);
				return -1;
			}
			o->players = (int)n;
			i++;
		} else if (!strcmp(a, "--threads")) {
			if (parse_u64(v, &n) || n < 1 || n > MAX_THREADS) {
				fprintf(stderr, "crisk-bench: --threads wants 1..%d, got '%s'\n", MAX_THREADS, v);
				return -1;
			}
			o->threads = (int)n;
			i++;
		} else if (!strcmp(a, "--seed")) {
			if (parse_u64(v, &o->seed)) {
				fprintf(stderr, "crisk-bench: --seed wants an unsigned 64-bit number, got '%s'\n", v);
				return -1;
			}
			i++;
		} else if (!strcmp(a, "--rules")) {
			o->rules = v;
			i++;
		} else if (!strcmp(a, "--loop")) {
			if (!strcmp(v, "steps")) {
				o->loops = LOOP_STEPS;
			} else if (!strcmp(v, "playout")) {
				o->loops = LOOP_PLAYOUT;
			} else if (!strcmp(v, "both")) {
				o->loops = LOOP_STEPS | LOOP_PLAYOUT;
			} else {
				fprintf(stderr, "crisk-bench: --loop wants steps, playout or both, got '%s'\n", v);
				return -1;
			}
			i++;
		}
	}
	if (o->games == 0 && o->seconds == 0) {
		fprintf(stderr, "crisk-bench: --games 0 needs --seconds\n");
		return -1;
	}
	if (o->new_boards && has_key(o->rules, "seed")) {
		fprintf(stderr, "crisk-bench: --new-boards sets the seed of each game; leave seed out of --rules\n");
		return -1;
	}
	return 0;
}

/* Whether built-in module `module` takes parameter `key`; its description
 * goes to *info. */
static int module_param(const char *module, const char *key, crisk_param_info *info)
{
	int n = crisk_module_param_count(module);
	for (int i = 0; i < n; i++) {
		*info = (crisk_param_info)CRISK_PARAM_INFO_INIT;
		if (crisk_module_param_info(info, module, i) == CRISK_OK && !strcmp(info->name, key))
			return 1;
	}
	return 0;
}

/* --players, else 4 where the module's players parameter has no default
 * (base, risk), else nothing: the module's default. */
static int players_of(const options *o)
{
	crisk_param_info info;
	if (o->players)
		return o->players;
	return module_param(o->module, "players", &info) && !*info.default_value ? 4 : 0;
}

/* The parameters without the seed, which main and the new-board games add. */
static void build_params(char *buf, size_t cap, const options *o)
{
	crisk_param_info info;
	size_t len = 0;
	buf[0] = '\0';
	int players = players_of(o);
	if (players && !has_key(o->rules, "players"))
		len += (size_t)snprintf(buf + len, cap - len, "players=%d ", players);
	if (len < cap && !has_key(o->rules, "max_turns") && module_param(o->module, "max_turns", &info))
		len += (size_t)snprintf(buf + len, cap - len, "max_turns=%d ", DEFAULT_MAX_TURNS);
	if (len < cap && o->rules)
		snprintf(buf + len, cap - len, "%s ", o->rules);
}

/* Writes "seed=N" at `at` in decimal, NUL-terminated (at least 26 bytes of
 * room): no printf in the timed loop of new boards. */
static void put_seed(char *at, uint64_t seed)
{
	char digits[20];
	int n = 0;
	do {
		digits[n++] = (char)('0' + seed % 10);
		seed /= 10;
	} while (seed);
	memcpy(at, "seed=", 5);
	at += 5;
	while (n)
		*at++ = digits[--n];
	*at = '\0';
}

static int fail(const char *what, int code)
{
	fprintf(stderr, "crisk-bench: %s: %s (%s)\n", what, crisk_error_last(), crisk_strerror(code));
	return 1;
}

/* Buffers sized once up front, so the timed loop never allocates. */
typedef struct workspace {
	crisk_action *items;
	double *probs;
	size_t cap;
} workspace;

typedef struct totals {
	uint64_t games, steps, turns, won, ended;
	uint64_t ns;
	uint64_t setup_ns; /* new boards: making and freeing the rules and games */
} totals;

/* One step: legal actions (or chance outcomes), a pick, apply.  Inlined
 * into the game loop, so a step costs no call of its own. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline int step(crisk_game *g, int seat, workspace *w, const options *o, bot_rng *r)
{
	size_t count = 0;
	crisk_action a;
	if (seat == CRISK_SEAT_CHANCE) {
		int rc = crisk_game_chance_probabilities(g, w->items, w->probs, w->cap, &count);
		if (rc)
			return rc;
		double u = bot_unit(r), acc = 0;
		size_t i = 0;
		for (; i + 1 < count; i++) {
			acc += w->probs[i];
			if (u < acc)
				break;
		}
		a = w->items[i];
	} else {
		/* With --no-offers the library leaves the offers out of the list. */
		int rc = crisk_game_legal_actions_except(g, o->skip_types, w->items, w->cap, &count);
		if (rc)
			return rc;
		if (count == 0)
			return CRISK_ESTATE;
		/* A forced move (a roll, a lone END_TURN: half the steps) needs no draw. */
		a = w->items[count == 1 ? 0 : bot_uniform(r, count)];
	}
	return crisk_game_apply(g, a);
}

/* One thread's share of the games of one loop and board mode. */
typedef struct worker {
	const options *o;
	crisk_rules *rules;  /* shared by all threads: same-board games */
	const char *params;  /* without the seed: new-board games */
	int index, playout, new_boards;
	uint64_t games;      /* this worker's share, if o->games is set */
	uint64_t deadline;   /* CLOCK_MONOTONIC ns */
	totals t;
	uint64_t cpu_ns;     /* this thread's CPU time over its games */
	int rc;
} worker;

/* Plays one game to its end on g. */
static int play_one(crisk_game *g, workspace *w, const options *o, int playout, bot_rng *bots, totals *t)
{
	uint64_t steps = 0;
	int seat, rc;
	if (playout) {
		rc = crisk_game_playout(g, o->skip_types, STEP_LIMIT, &bots->s, &steps);
		if (rc)
			return rc;
	} else {
		/* Nobody acts once the game is over (CRISK_SEAT_NONE): the seat to
		 * act, needed for each step anyway, doubles as the end test. */
		while (steps < STEP_LIMIT && (seat = crisk_game_current_seat(g)) != CRISK_SEAT_NONE) {
			rc = step(g, seat, w, o, bots);
			if (rc)
				return rc;
			steps++;
		}
	}
	if (steps >= STEP_LIMIT) {
		fprintf(stderr, "crisk-bench: a game did not end within %u steps\n", STEP_LIMIT);
		return CRISK_ESTATE;
	}
	int status = crisk_game_status(g, NULL);
	if (status == CRISK_STATUS_RUNNING) {
		fprintf(stderr, "crisk-bench: a game runs with nobody to act\n");
		return CRISK_ESTATE;
	}
	t->games++;
	t->steps += steps;
	t->turns += (uint64_t)crisk_game_turn(g);
	t->won += status == CRISK_STATUS_WON;
	t->ended += status == CRISK_STATUS_ENDED;
	return CRISK_OK;
}

/* A new game whose event log is off unless --events. */
static int new_game(crisk_game **g, const crisk_rules *rules, const options *o)
{
	int rc = crisk_game_new(g, rules);
	if (!rc && !o->events)
		rc = crisk_game_set_event_capacity(*g, 0);
	return rc;
}

/* The games of one worker.  Same board: each game starts as a copy of one
 * new game of the shared rules.  New boards: each game makes its rules
 * (seed --seed + its number; game i of worker k of n is number k + i * n)
 * and a new game of them, and frees both at its end, all timed. */
static void *play_games(void *arg)
{
	worker *wk = arg;
	const options *o = wk->o;
	/* Thread 0 draws as a single-threaded run does. */
	bot_rng bots = { o->seed ^ 0xBB67AE8584CAA73Bu ^ (uint64_t)wk->index * 0x9E3779B97F4A7C15u };
	workspace w = { .cap = 4096 };
	crisk_game *fresh = NULL, *work = NULL;
	char params[1100];
	size_t at = strlen(wk->params);
	/* No Catan decision point lists more than a few hundred actions; a larger
	 * set fails with CRISK_EBUFSIZE rather than allocating in the timed loop. */
	w.items = malloc(w.cap * sizeof *w.items);
	w.probs = malloc(w.cap * sizeof *w.probs);
	int rc = w.items && w.probs ? CRISK_OK : CRISK_ENOMEM;
	if (!rc && !wk->new_boards) {
		rc = new_game(&fresh, wk->rules, o);
		if (!rc)
			rc = crisk_game_clone(&work, fresh);
	}
	if (at + 32 > sizeof params)
		rc = CRISK_EINVAL;
	else
		memcpy(params, wk->params, at);
	uint64_t cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID), start = now_ns();
	while (!rc && (!o->games || wk->t.games < wk->games) && now_ns() < wk->deadline) {
		if (wk->new_boards) {
			crisk_rules *rules = NULL;
			crisk_game *g = NULL;
			uint64_t t0 = now_ns();
			put_seed(params + at, o->seed + (uint64_t)wk->index + wk->t.games * (uint64_t)o->threads);
			rc = crisk_rules_new(&rules, o->module, params);
			if (!rc)
				rc = new_game(&g, rules, o);
			/* The game keeps its rules alive. */
			crisk_rules_free(rules);
			uint64_t t1 = now_ns();
			if (!rc)
				rc = play_one(g, &w, o, wk->playout, &bots, &wk->t);
			uint64_t t2 = now_ns();
			crisk_game_free(g);
			wk->t.setup_ns += t1 - t0 + now_ns() - t2;
		} else {
			rc = crisk_game_copy(work, fresh);
			if (!rc)
				rc = play_one(work, &w, o, wk->playout, &bots, &wk->t);
		}
	}
	wk->t.ns = now_ns() - start;
	wk->cpu_ns = clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu;
	wk->rc = rc;
	if (rc)
		fprintf(stderr, "crisk-bench: thread %d: %s (%s)\n", wk->index, crisk_error_last(), crisk_strerror(rc));
	crisk_game_free(work);
	crisk_game_free(fresh);
	free(w.items);
	free(w.probs);
	return NULL;
}

/* The figures of one loop and board mode over all threads. */
typedef struct result {
	totals t;       /* t.ns: wall clock from the threads' start to the last one's end */
	uint64_t thread_ns, cpu_ns; /* summed over the threads */
} result;

static int play_mode(const options *o, crisk_rules *rules, const char *params, int playout, int new_boards,
		     result *out)
{
	static worker workers[MAX_THREADS];
	static pthread_t ids[MAX_THREADS];
	int n = o->threads, started = 0, rc = CRISK_OK;
	uint64_t start = now_ns();
	uint64_t deadline = o->seconds > 0 ? start + (uint64_t)(o->seconds * 1e9) : UINT64_MAX;
	for (int i = 0; i < n; i++) {
		workers[i] = (worker){ .o = o, .rules = rules, .params = params, .index = i, .playout = playout,
				       .new_boards = new_boards, .deadline = deadline,
				       .games = o->games / (uint64_t)n + ((uint64_t)i < o->games % (uint64_t)n) };
	}
	if (n == 1) {
		play_games(&workers[0]);
	} else {
		for (; started < n; started++) {
			if (pthread_create(&ids[started], NULL, play_games, &workers[started])) {
				fprintf(stderr, "crisk-bench: cannot start thread %d\n", started);
				rc = CRISK_ENOMEM;
				break;
			}
		}
		for (int i = 0; i < started; i++)
			pthread_join(ids[i], NULL);
	}
	*out = (result){ .t.ns = now_ns() - start };
	for (int i = 0; i < started || (n == 1 && i < 1); i++) {
		const worker *wk = &workers[i];
		if (!rc)
			rc = wk->rc;
		out->t.games += wk->t.games;
		out->t.steps += wk->t.steps;
		out->t.turns += wk->t.turns;
		out->t.won += wk->t.won;
		out->t.ended += wk->t.ended;
		out->t.setup_ns += wk->t.setup_ns;
		out->thread_ns += wk->t.ns;
		out->cpu_ns += wk->cpu_ns;
	}
	return rc;
}

static void print_result(const result *r, int threads)
{
	const totals *t = &r->t;
	double secs = (double)t->ns / 1e9;
	if (t->games == 0) {
		printf("no game finished\n");
		return;
	}
	printf("games        %" PRIu64 " (%" PRIu64 " won, %" PRIu64 " ended by max_turns) in %.3f s on %d thread%s\n",
	       t->games, t->won, t->ended, secs, threads, threads == 1 ? "" : "s");
	printf("games/s      %.1f\n", (double)t->games / secs);
	printf("ns/step      %.1f%s\n", (double)r->thread_ns / (double)t->steps,
	       threads == 1 ? "" : " (per thread: the threads' time over the steps)");
	printf("steps/game   %.1f\n", (double)t->steps / (double)t->games);
	printf("turns/game   %.1f\n", (double)t->turns / (double)t->games);
	printf("cpu us/game  %.2f (thread CPU time)\n", (double)r->cpu_ns / 1e3 / (double)t->games);
	if (t->setup_ns)
		printf("setup us     %.2f per game (crisk_rules_new, crisk_game_new and their frees)\n",
		       (double)t->setup_ns / 1e3 / (double)t->games);
}

/* Average ns of crisk_game_copy into an existing game, from a mid-game state. */
static int time_clone(crisk_game *dst, const crisk_game *fresh, workspace *w, const options *o, double *ns)
{
	bot_rng bots = { o->seed };
	crisk_game *src = NULL;
	int rc = crisk_game_clone(&src, fresh);
	for (int i = 0, seat; !rc && i < 200 && (seat = crisk_game_current_seat(src)) != CRISK_SEAT_NONE; i++)
		rc = step(src, seat, w, o, &bots);
	if (!rc) {
		uint64_t start = now_ns();
		for (unsigned i = 0; !rc && i < CLONE_REPS; i++)
			rc = crisk_game_copy(dst, src);
		*ns = (double)(now_ns() - start) / CLONE_REPS;
	}
	crisk_game_free(src);
	return rc;
}

static int run(const options *o, crisk_rules *rules, const char *params)
{
	crisk_game *fresh = NULL, *work = NULL;
	workspace w = { .cap = 4096 };
	double clone_ns = 0;
	int rc = new_game(&fresh, rules, o);
	if (!rc)
		rc = crisk_game_clone(&work, fresh);
	w.items = malloc(w.cap * sizeof *w.items);
	w.probs = malloc(w.cap * sizeof *w.probs);
	if (!rc && (!w.items || !w.probs))
		rc = CRISK_ENOMEM;
	printf("policy       uniform over legal actions%s; event log %s\n", o->skip_types ? " except the skipped types" : "",
	       o->events ? "on" : "off");
	totals first[2] = { { 0 } };
	for (int playout = 0; !rc && playout < 2; playout++) {
		if (!(o->loops & (playout ? LOOP_PLAYOUT : LOOP_STEPS)))
			continue;
		double same_rate = 0, same_step = 0;
		for (int boards = 0; !rc && boards <= o->new_boards; boards++) {
			result r;
			rc = play_mode(o, rules, params, playout, boards, &r);
			if (rc)
				break;
			printf("loop         %s\n", playout ? "crisk_game_playout, one call a game"
							     : "steps: current seat, legal actions, pick, apply (public calls)");
			printf("board        %s\n", boards ? "new for every game: crisk_rules_new (seed +1 each game) and "
							    "crisk_game_new, timed with the game"
							  : "the same for every game: crisk_game_copy of a new game");
			print_result(&r, o->threads);
			double rate = r.t.games ? (double)r.t.games / ((double)r.t.ns / 1e9) : 0;
			double per_step = r.t.steps ? (double)r.thread_ns / (double)r.t.steps : 0;
			if (!boards) {
				same_rate = rate;
				same_step = per_step;
			} else if (same_rate > 0 && per_step > 0) {
				/* Games on other boards differ in length: the second
				 * ratio compares the time per step, setup included. */
				printf("new/same     %.3f games/s, %.3f steps/s (a new board each game over one board, "
				       "this run)\n",
				       rate / same_rate, same_step / per_step);
			}
			/* The same seeds and policy: the loops must have played the same games. */
			totals *f = &first[boards];
			if (f->games == r.t.games &&
			    (f->steps != r.t.steps || f->turns != r.t.turns || f->won != r.t.won)) {
				fprintf(stderr, "crisk-bench: the two loops played different games\n");
				rc = CRISK_ESTATE;
			}
			*f = r.t;
		}
	}
	if (!rc)
		rc = time_clone(work, fresh, &w, o, &clone_ns);
	if (rc) {
		fail("bench", rc);
	} else {
		printf("state bytes  %zu\n", crisk_game_state_size(work));
		printf("clone ns     %.1f (crisk_game_copy into an existing game, mean of %u)\n", clone_ns,
		       CLONE_REPS);
	}
	free(w.items);
	free(w.probs);
	crisk_game_free(work);
	crisk_game_free(fresh);
	return rc;
}

int main(int argc, char **argv)
{
	options o;
	char params[1024], with_seed[1100], canonical[1024];
	crisk_rules *rules = NULL;

	if (parse_options(&o, argc, argv))
		return 2;
	build_params(params, sizeof params, &o);
	snprintf(with_seed, sizeof with_seed, "%s", params);
	if (!has_key(o.rules, "seed"))
		put_seed(with_seed + strlen(with_seed), o.seed);
	int rc = crisk_rules_new(&rules, o.module, with_seed);
	if (rc)
		return fail("rules", rc);
	rc = crisk_rules_params(rules, canonical, sizeof canonical, NULL);
	printf("libcatanrisk %s, module %s\nrules        %s\n", crisk_version(NULL, NULL, NULL), o.module,
	       rc == CRISK_OK ? canonical : with_seed);
	rc = run(&o, rules, params);
	crisk_rules_free(rules);
	return rc ? 1 : 0;
}
