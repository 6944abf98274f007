/* house-host: loads a rule module from a shared object at run time (by
 * default the house_rules example), lists its parameters, plays one game
 * with random moves and prints the scores.  Public API only.
 *
 *   house-host [--seed N] [--params "k=v ..."] path/to/house_rules.so */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk.h"

static uint64_t next_random(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static int fail(const char *what, int rc)
{
	fprintf(stderr, "house-host: %s: %s (%s)\n", what, crisk_error_last(), crisk_strerror(rc));
	return 1;
}

static void list_params(const crisk_rules *rules)
{
	printf("module %s, parameters:\n", crisk_rules_module(rules));
	for (int i = 0; i < crisk_rules_param_count(rules); i++) {
		crisk_param_info info;
		crisk_param_info_init(&info, CRISK_PARAM_INFO_VERSION);
		if (crisk_rules_param_info(&info, rules, i) == CRISK_OK)
			printf("  %-22s %-6s default %-8s %s\n", info.name, info.type,
			       info.default_value[0] ? info.default_value : "(required)", info.help ? info.help : "");
	}
}

/* Plays random legal actions until the game ends; shows the first house-rule refusal. */
static int play(crisk_game *g, uint64_t seed)
{
	crisk_action acts[4096];
	int shown = 0;
	for (long step = 0; crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; step++) {
		size_t n = 0;
		int rc = crisk_game_legal_actions(g, acts, sizeof acts / sizeof acts[0], &n);
		if (rc)
			return fail("legal actions", rc);
		if (!shown && (acts[n - 1] >> 56) >= CRISK_CATAN_BUILD_ROAD) {
			/* A main-phase point: an offer to all is refused by house rule HR-1. */
			crisk_catan_action offer;
			crisk_catan_action_init(&offer, CRISK_CATAN_ACTION_VERSION);
			offer.type = CRISK_CATAN_OFFER_TRADE;
			offer.to = CRISK_CATAN_TO_ALL;
			offer.give[CRISK_CATAN_BRICK] = 1;
			offer.want[CRISK_CATAN_ORE] = 1;
			crisk_action code;
			if (crisk_catan_action_encode(&code, &offer) == CRISK_OK && crisk_game_check(g, code) != CRISK_OK) {
				printf("turn %" PRId64 ": offer refused: %s\n", crisk_game_turn(g), crisk_error_last());
				shown = 1;
			}
		}
		rc = crisk_game_apply(g, acts[next_random(&seed) % n]);
		if (rc)
			return fail("apply", rc);
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *path = NULL, *extra = "";
	uint64_t seed = 1;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--params") && i + 1 < argc)
			extra = argv[++i];
		else
			path = argv[i];
	}
	if (!path) {
		fprintf(stderr, "usage: house-host [--seed N] [--params \"k=v ...\"] path/to/module.so\n");
		return 2;
	}
	char params[512];
	snprintf(params, sizeof params, "seed=%" PRIu64 " %s", seed, extra);
	crisk_rules *rules = NULL;
	int rc = crisk_rules_new_from_file(&rules, path, params);
	if (rc)
		return fail("loading the module", rc);
	list_params(rules);
	crisk_game *g = NULL;
	rc = crisk_game_new(&g, rules);
	crisk_rules_free(rules); /* the game keeps the rules, and the module, loaded */
	if (rc)
		return fail("new game", rc);
	if (play(g, seed)) {
		crisk_game_free(g);
		return 1;
	}
	int winner = -1;
	int status = crisk_game_status(g, &winner);
	printf("after %" PRId64 " turns: %s", crisk_game_turn(g), status == CRISK_STATUS_WON ? "won by seat " : "ended");
	if (status == CRISK_STATUS_WON)
		printf("%d", winner);
	printf("\nscores:");
	for (int s = 0; s < crisk_rules_num_seats(crisk_game_rules(g)); s++) {
		int vp = 0;
		crisk_game_score(g, s, CRISK_VIEWER_OMNISCIENT, &vp);
		printf(" seat %d: %d", s, vp);
	}
	printf("\n");
	crisk_game_free(g);
	return 0;
}
