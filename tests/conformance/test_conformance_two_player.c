/* The conformance suite on module two_player (two_player.md), automatic and
 * explicit chance, with the module's own invariants on every checked state:
 * token conservation (T-16: held + supply = 20), neutrals hold no cards and
 * keep their start settlements (T-1, T-5), and the development card total
 * counts knights discarded for tokens (T-19).  CRISK_CONFORMANCE_GAMES sets
 * the games per configuration. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk.h"
#include "conformance.h"

#define DEFAULT_GAMES 3

/* The omniscient view, malloc'd. */
static char *view(const crisk_game *g)
{
	size_t len = 0;
	crisk_game_to_json(g, CRISK_VIEWER_OMNISCIENT, NULL, 0, &len);
	char *js = malloc(len + 1);
	if (js && crisk_game_to_json(g, CRISK_VIEWER_OMNISCIENT, js, len + 1, &len) != CRISK_OK) {
		free(js);
		js = NULL;
	}
	return js;
}

/* Integer after "key": in the "two_player" member, or -1. */
static long member_int(const char *js, const char *key, int index)
{
	const char *tp = strstr(js, "\"two_player\":");
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\":", key);
	const char *p = tp ? strstr(tp, pat) : NULL;
	if (!p)
		return -1;
	p += strlen(pat);
	if (*p == '[') {
		p++;
		for (int i = 0; i < index; i++) {
			p = strchr(p, ',');
			if (!p)
				return -1;
			p++;
		}
	}
	return strtol(p, NULL, 10);
}

/* The state survives a binary save and load (the module's state check). */
static int reloads(const crisk_game *g, char *why, size_t cap)
{
	size_t len = 0;
	crisk_game_save(g, NULL, 0, &len);
	void *buf = malloc(len);
	crisk_game *back = NULL;
	int rc = buf ? crisk_game_save(g, buf, len, &len) : CRISK_ENOMEM;
	if (!rc)
		rc = crisk_game_load(&back, buf, len);
	if (rc)
		snprintf(why, cap, "save and load: %s", crisk_error_last());
	crisk_game_free(back);
	free(buf);
	return rc != CRISK_OK;
}

static int tp_check(const crisk_game *g, char *why, size_t cap)
{
	static unsigned calls;
	char *js = view(g);
	if (!js) {
		snprintf(why, cap, "view failed: %s", crisk_error_last());
		return 1;
	}
	/* Saving and loading runs the full state check: in every module phase,
	 * elsewhere on every 32nd state (it is the slow part). */
	int module_phase = strstr(js, "\"phase\":\"neutral_build\"") || strstr(js, "\"phase\":\"forced_");
	if ((module_phase || ++calls % 32 == 0) && reloads(g, why, cap)) {
		free(js);
		return 1;
	}
	free(js);
	js = view(g);
	if (!js) {
		snprintf(why, cap, "view failed: %s", crisk_error_last());
		return 1;
	}
	long t0 = member_int(js, "tokens", 0), t1 = member_int(js, "tokens", 1), sup = member_int(js, "token_supply", 0);
	long site0 = member_int(js, "neutral_sites", 0), site1 = member_int(js, "neutral_sites", 1);
	free(js);
	if (t0 < 0 || t1 < 0 || sup < 0 || t0 + t1 + sup != CRISK_TP_TOKENS_TOTAL) { /* T-16 */
		snprintf(why, cap, "tokens %ld + %ld + supply %ld != %d (T-16)", t0, t1, sup, CRISK_TP_TOKENS_TOTAL);
		return 1;
	}
	int32_t owner = -1, kind = 0;
	if (crisk_catan_building(g, (int)site0, &owner, &kind) != CRISK_OK || owner != CRISK_TP_NEUTRAL_0 || kind != 1 ||
	    crisk_catan_building(g, (int)site1, &owner, &kind) != CRISK_OK || owner != CRISK_TP_NEUTRAL_1 || kind != 1) {
		snprintf(why, cap, "neutral start settlements on %ld, %ld are missing (T-5)", site0, site1);
		return 1;
	}
	if (crisk_catan_hand(g, 2, CRISK_VIEWER_OMNISCIENT, (int32_t[5]){0}) != CRISK_EINVAL) { /* T-1 */
		snprintf(why, cap, "a neutral (owner 2) is queried like a seat (T-1)");
		return 1;
	}
	return 0;
}

static int tp_dev_removed(const crisk_game *g)
{
	char *js = view(g);
	if (!js)
		return 0;
	long n = member_int(js, "knights_discarded", 0) + member_int(js, "knights_discarded", 1);
	free(js);
	return (int)n;
}

static const conformance_options tp_options = {.dev_removed = tp_dev_removed, .invariant = tp_check};

static void run_config(const char *params, uint64_t first_seed)
{
	conformance_check("two_player", params, DEFAULT_GAMES, first_seed, &tp_options);
}

START_TEST(test_two_player_auto)
{
	run_config("board=random chance=auto max_turns=200", 11000);
}
END_TEST

START_TEST(test_two_player_explicit)
{
	run_config("board=beginner chance=explicit max_turns=200 discard_limit=5", 12000);
}
END_TEST

START_TEST(test_two_player_explicit_options)
{
	run_config("board=random_tokens chance=explicit max_turns=150 friendly_robber=on vp_target=8 "
		   "max_trade_offers_per_turn=2",
		   13000);
}
END_TEST

static Suite *conformance_suite(void)
{
	Suite *s = suite_create("conformance_two_player");
	TCase *tc = tcase_create("playouts");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_two_player_auto);
	tcase_add_test(tc, test_two_player_explicit);
	tcase_add_test(tc, test_two_player_explicit_options);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(conformance_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
