/* The conformance suite on module hawaii (rules/hawaii.md) with 3, 4, 5 and
 * 6 seats, automatic and explicit chance, games bounded by max_turns; and
 * on host maps (option map, H-91) with 3 and 4 seats, one of them with
 * set-up skips (H-37, H-38).
 * CRISK_CONFORMANCE_GAMES (environment) sets the games per configuration. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk.h"
#include "conformance.h"
#include "../catanmap/map_text.h"

#define DEFAULT_GAMES 2
#define SHIPS 15 /* per seat (H-3 a, H-34) */

/* The omniscient view as a string (free() it), or NULL. */
static char *view(const crisk_game *g)
{
	size_t len = 0;
	if (crisk_game_to_json(g, CRISK_VIEWER_OMNISCIENT, NULL, 0, &len) != CRISK_EBUFSIZE)
		return NULL;
	char *js = malloc(len + 1);
	if (js && crisk_game_to_json(g, CRISK_VIEWER_OMNISCIENT, js, len + 1, &len) != CRISK_OK) {
		free(js);
		return NULL;
	}
	return js;
}

/* Element i of the array of integers at "key":[ in js, or def. */
static int array_int(const char *js, const char *key, int i, int def)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\":[", key);
	const char *p = js ? strstr(js, pat) : NULL;
	if (!p)
		return def;
	p += strlen(pat);
	for (int j = 0; j < i && p; j++) {
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	return p ? atoi(p) : def;
}

/* The suite counts every owned path as a road (crisk_catan_road): a seat's
 * ships on the board come on top of its 15 roads.  They are 15 minus the
 * ships in supply of the omniscient view; the module's state check holds
 * ships on the board plus supply at 15 (H-112). */
static int extra_pieces(const crisk_game *g, int seat, int piece)
{
	if (piece != 2)
		return 0;
	char *js = view(g);
	int supply = array_int(js, "ships_in_supply", seat, 1000);
	free(js);
	return SHIPS - supply;
}

/* H-85, H-86: a Catan chit is 1 VP (recounted from the view's list of
 * [chit point, holder]), and the fishing track's VP as the view gives them. */
static int extra_vp(const crisk_game *g, int seat)
{
	char *js = view(g);
	int vp = array_int(js, "fishing_vp", seat, -1000);
	const char *p = js ? strstr(js, "\"chits\":[") : NULL;
	if (p) { /* "chits":[[point,holder],...] */
		char *end;
		p += strlen("\"chits\":[");
		while (*p == '[') {
			strtol(p + 1, &end, 10);
			if (*end != ',')
				break;
			vp += strtol(end + 1, &end, 10) == seat;
			if (*end != ']')
				break;
			p = end + 1 + (end[1] == ',');
		}
	}
	free(js);
	return vp;
}

static const conformance_options hawaii_options = {.extra_pieces = extra_pieces, .extra_vp = extra_vp};

static void run_config(const char *params, uint64_t first_seed)
{
	conformance_check("hawaii", params, DEFAULT_GAMES, first_seed, &hawaii_options);
}

/* The arguments: small host maps (tests/catanmap/three_isles.catanmap, and
 * skip_isles.catanmap, on which set-up skips steps and pieces). */
static const char *host_map_path, *skip_map_path;

/* On the host's map (option map, H-91): its saves carry the map. */
static void run_map(const char *path, const char *params, uint64_t first_seed)
{
	conformance_options options = hawaii_options;
	options.data_path = path;
	conformance_check("hawaii", params, DEFAULT_GAMES, first_seed, &options);
}

static void run_host_map(const char *params, uint64_t first_seed)
{
	run_map(host_map_path, params, first_seed);
}

/* The host map with the scrolls no harbor has (H-62): any:2 and ore:3
 * instead of its any:3 and ore:2, so the rules hold their own rate table. */
START_TEST(test_host_map_scrolls_three_seats_auto)
{
	size_t len;
	char *file = read_all(host_map_path, &len);
	ck_assert_ptr_nonnull(file);
	char *one = edited_text(file, "trade=any:3", "trade=any:2"), *text = edited_text(one, "trade=ore:2", "trade=ore:3");
	free(file);
	free(one);
	conformance_options options = hawaii_options;
	options.data_text = text;
	conformance_check("hawaii", "players=3 chance=auto max_turns=120", DEFAULT_GAMES, 39000, &options);
	free(text);
}
END_TEST

START_TEST(test_host_map_four_seats_explicit)
{
	run_host_map("map=data players=4 chance=explicit max_turns=120", 40000);
}
END_TEST

/* H-37, H-38: six named locations for 9 or 12 steps, and Rock's piece. */
START_TEST(test_skip_map_three_seats_explicit_H37_H38)
{
	run_map(skip_map_path, "players=3 chance=explicit max_turns=120", 41000);
}
END_TEST

START_TEST(test_skip_map_four_seats_auto_H37_H38)
{
	run_map(skip_map_path, "players=4 chance=auto max_turns=120", 42000);
}
END_TEST

START_TEST(test_hawaii_three_seats_auto)
{
	run_config("players=3 chance=auto max_turns=120", 31000);
}
END_TEST

START_TEST(test_hawaii_three_seats_explicit)
{
	run_config("players=3 chance=explicit max_turns=120", 32000);
}
END_TEST

START_TEST(test_hawaii_four_seats_auto)
{
	run_config("players=4 chance=auto max_turns=120", 33000);
}
END_TEST

START_TEST(test_hawaii_four_seats_explicit)
{
	run_config("players=4 chance=explicit max_turns=120", 34000);
}
END_TEST

START_TEST(test_hawaii_five_seats_auto)
{
	run_config("players=5 chance=auto max_turns=120", 35000);
}
END_TEST

START_TEST(test_hawaii_five_seats_explicit)
{
	run_config("players=5 chance=explicit max_turns=120", 36000);
}
END_TEST

START_TEST(test_hawaii_six_seats_auto)
{
	run_config("players=6 chance=auto max_turns=120", 37000);
}
END_TEST

START_TEST(test_hawaii_six_seats_explicit)
{
	run_config("players=6 chance=explicit max_turns=120", 38000);
}
END_TEST

static Suite *conformance_suite(void)
{
	Suite *s = suite_create("conformance_hawaii");
	TCase *tc = tcase_create("hawaii");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_hawaii_three_seats_auto);
	tcase_add_test(tc, test_hawaii_three_seats_explicit);
	tcase_add_test(tc, test_hawaii_four_seats_auto);
	tcase_add_test(tc, test_hawaii_four_seats_explicit);
	tcase_add_test(tc, test_hawaii_five_seats_auto);
	tcase_add_test(tc, test_hawaii_five_seats_explicit);
	tcase_add_test(tc, test_hawaii_six_seats_auto);
	tcase_add_test(tc, test_hawaii_six_seats_explicit);
	tcase_add_test(tc, test_host_map_scrolls_three_seats_auto);
	tcase_add_test(tc, test_host_map_four_seats_explicit);
	tcase_add_test(tc, test_skip_map_three_seats_explicit_H37_H38);
	tcase_add_test(tc, test_skip_map_four_seats_auto_H37_H38);
	suite_add_tcase(s, tc);
	return s;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s three_isles.catanmap skip_isles.catanmap\n", argv[0]);
		return 2;
	}
	host_map_path = argv[1];
	skip_map_path = argv[2];
	SRunner *sr = srunner_create(conformance_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
