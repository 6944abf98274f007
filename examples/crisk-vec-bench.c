/* crisk-vec-bench: environment steps per second of the vector environment
 * (rl.h): N games, every step one crisk_vec_env_sample (the built-in random
 * policy picks an index per game) and one crisk_vec_env_step, which writes
 * N observations and masks.  An environment step is one decision of an
 * agent seat (with --agents all, every action of the game).  Reports the
 * median of several timed rounds per N, on one thread.  Public API only. */
#define _POSIX_C_SOURCE 200809L

#include <catanrisk.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROUNDS 5

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void usage(FILE *f)
{
	fprintf(f, "usage: crisk-vec-bench [--module M] [--rules PARAMS] [--envs N[,N...]] [--steps S]\n"
		   "                       [--agents all|SEAT] [--same-seed]\n"
		   "  --envs     games stepped together (default 1,64,1024)\n"
		   "  --steps    vector steps per timed round (default: 2,000,000 environment steps / N, at least 20)\n"
		   "  --agents   seats the caller plays (default all: self-play); others play randomly inside\n"
		   "  --same-seed  every game replays the rules' seed (no CRISK_VEC_NEW_SEED)\n");
}

static int bench(const crisk_rules *rules, size_t n, uint64_t steps, uint32_t agents, uint32_t flags)
{
	crisk_vec_env *env = NULL;
	if (crisk_vec_env_new(&env, rules, n, agents, 12345, flags)) {
		fprintf(stderr, "crisk-vec-bench: %s\n", crisk_error_last());
		return 1;
	}
	size_t a = 0, o = 0, s = 0;
	crisk_vec_env_sizes(env, NULL, &a, &o, &s);
	float *obs = malloc(n * o * sizeof *obs), *rewards = malloc(n * s * sizeof *rewards);
	uint8_t *masks = malloc(n * a), *term = malloc(n), *trunc = malloc(n);
	int32_t *seats = malloc(n * sizeof *seats), *actions = malloc(n * sizeof *actions);
	int rc = !obs || !rewards || !masks || !term || !trunc || !seats || !actions;
	if (!rc)
		rc = crisk_vec_env_reset(env, obs, masks, seats);
	double rate[ROUNDS];
	uint64_t ended = 0;
	for (int round = 0; !rc && round < ROUNDS; round++) {
		double t0 = now();
		for (uint64_t k = 0; !rc && k < steps; k++) {
			rc = crisk_vec_env_sample(env, actions);
			if (!rc)
				rc = crisk_vec_env_step(env, actions, obs, masks, rewards, term, trunc, seats);
			for (size_t i = 0; i < n; i++)
				ended += term[i] + trunc[i];
		}
		rate[round] = (double)steps * (double)n / (now() - t0);
	}
	if (rc) {
		fprintf(stderr, "crisk-vec-bench: %s\n", crisk_error_last());
	} else {
		qsort(rate, ROUNDS, sizeof rate[0], cmp_double);
		printf("N=%-6zu A=%-5zu O=%-5zu  %12.0f env steps/s (median of %d rounds of %" PRIu64
		       " steps; %.0f ns/step; %" PRIu64 " games ended)\n",
		       n, a, o, rate[ROUNDS / 2], ROUNDS, steps, 1e9 / rate[ROUNDS / 2], ended);
	}
	free(obs);
	free(rewards);
	free(masks);
	free(term);
	free(trunc);
	free(seats);
	free(actions);
	crisk_vec_env_free(env);
	return rc != 0;
}

int main(int argc, char **argv)
{
	const char *module = "base", *params = NULL, *envs = "1,64,1024", *agents_arg = "all";
	uint64_t steps = 0;
	uint32_t flags = CRISK_VEC_NEW_SEED;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int has_value = i + 1 < argc;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(a, "--same-seed")) {
			flags = 0;
		} else if (!strcmp(a, "--module") && has_value) {
			module = argv[++i];
		} else if (!strcmp(a, "--rules") && has_value) {
			params = argv[++i];
		} else if (!strcmp(a, "--envs") && has_value) {
			envs = argv[++i];
		} else if (!strcmp(a, "--agents") && has_value) {
			agents_arg = argv[++i];
		} else if (!strcmp(a, "--steps") && has_value) {
			char *end;
			steps = strtoull(argv[++i], &end, 10);
			if (*end || !steps) {
				fprintf(stderr, "crisk-vec-bench: --steps needs a positive number, not '%s'\n", argv[i]);
				return 2;
			}
		} else {
			fprintf(stderr, "crisk-vec-bench: unknown or incomplete option '%s'\n", a);
			usage(stderr);
			return 2;
		}
	}
	if (!params)
		params = !strcmp(module, "muhq") ? "map=2P-ring-street seed=1"
			 : !strcmp(module, "two_player") ? "seed=1"
			 : "players=4 seed=1";
	crisk_rules *rules = NULL;
	if (crisk_rules_new(&rules, module, params)) {
		fprintf(stderr, "crisk-vec-bench: %s\n", crisk_error_last());
		return 1;
	}
	int seats = crisk_rules_num_seats(rules);
	uint32_t agents = (1u << seats) - 1;
	if (strcmp(agents_arg, "all")) {
		char *end;
		long seat = strtol(agents_arg, &end, 10);
		if (*end || seat < 0 || seat >= seats) {
			fprintf(stderr, "crisk-vec-bench: --agents takes 'all' or a seat 0..%d, not '%s'\n", seats - 1,
				agents_arg);
			crisk_rules_free(rules);
			return 2;
		}
		agents = 1u << seat;
	}
	printf("module %s, rules \"%s\", agents %s, %s\n", module, params, agents_arg,
	       flags ? "a new seed per game" : "the same seed for every game");
	int rc = 0;
	for (const char *p = envs; !rc && *p;) {
		char *end;
		unsigned long long n = strtoull(p, &end, 10);
		if (end == p || n == 0 || (*end && *end != ',')) {
			fprintf(stderr, "crisk-vec-bench: --envs takes positive numbers separated by commas, not '%s'\n", envs);
			rc = 2;
			break;
		}
		uint64_t s = steps ? steps : 2000000 / n;
		rc = bench(rules, (size_t)n, s < 20 ? 20 : s, agents, flags);
		p = *end ? end + 1 : end;
	}
	crisk_rules_free(rules);
	return rc;
}
