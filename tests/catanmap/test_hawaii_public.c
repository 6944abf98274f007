/* Module hawaii through the public API (issue 15): created by name, the
 * text forms of its actions both ways (decisions.md, "Module hawaii", item
 * 28), and the board description of its map (item 29). */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk.h"

static crisk_game *new_game(const char *params)
{
	crisk_rules *r = NULL;
	crisk_game *g = NULL;
	ck_assert_msg(crisk_rules_new(&r, "hawaii", params) == CRISK_OK, "%s", crisk_error_last());
	ck_assert_msg(crisk_game_new(&g, r) == CRISK_OK, "%s", crisk_error_last());
	crisk_rules_free(r); /* the game keeps its rules */
	return g;
}

START_TEST(test_created_by_name)
{
	crisk_rules *r = NULL;
	ck_assert_msg(crisk_rules_new(&r, "hawaii", "players=4 seed=1") == CRISK_OK, "%s", crisk_error_last());
	crisk_rules_free(r);
	ck_assert_int_eq(crisk_rules_new(&r, "hawaii", "players=2 seed=1"), CRISK_EPARAM); /* H-1 */
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "players"));
}
END_TEST

/* Each text reads to a code that writes back as the same text. */
START_TEST(test_action_text_round_trip)
{
	static const char *const texts[] = {
		"place_ship 140", "build_ship 7", "place_free_ship 0", "move_pirate 40", "move_ship 131 119",
		"fish_move_robber 3", "fish_move_pirate 37", "fish_steal 2", "fish_take_merchant wool",
		"fish_take ore", "fish_build_road 12", "fish_build_ship 140", "fish_dev", "return_fish"};
	crisk_game *g = new_game("players=4 seed=1");
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		crisk_action a = 0;
		char buf[64];
		size_t len = 0;
		ck_assert_msg(crisk_game_action_from_string(&a, g, texts[i]) == CRISK_OK, "%s: %s", texts[i],
			      crisk_error_last());
		ck_assert_msg(crisk_game_action_to_string(g, a, buf, sizeof buf, &len) == CRISK_OK, "%s: %s", texts[i],
			      crisk_error_last());
		ck_assert_str_eq(buf, texts[i]);
	}
	crisk_game_free(g);
}
END_TEST

START_TEST(test_action_text_errors)
{
	static const char *const bad[] = {"move_ship 1", "fish_take 9x", "fish_dev x", "build_ship", "return_fish 1",
					  "fish_steal wool"};
	crisk_game *g = new_game("players=4 seed=1");
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		crisk_action a = 0;
		ck_assert_msg(crisk_game_action_from_string(&a, g, bad[i]) == CRISK_EFORMAT, "%s read", bad[i]);
	}
	crisk_game_free(g);
}
END_TEST

/* The map as a UI needs it: 71 hexes, 125 points, 160 spaces (H-17's counts). */
START_TEST(test_board_json)
{
	crisk_rules *r = NULL;
	ck_assert_msg(crisk_rules_new(&r, "hawaii", "players=3 seed=1") == CRISK_OK, "%s", crisk_error_last());
	size_t len = 0;
	ck_assert_int_eq(crisk_rules_board_json(r, NULL, 0, &len), CRISK_EBUFSIZE);
	char *js = malloc(len + 1);
	ck_assert_int_eq(crisk_rules_board_json(r, js, len + 1, &len), CRISK_OK);
	static const char *const want[] = {"\"board\":\"map\"", "\"map_id\":\"kalalau\"", "\"kind\":\"chit\"",
					   "\"kind\":\"merchant\"", "\"trade\":{\"resource\":\"any\",\"ratio\":3,\"bit\":0}",
					   "\"trade\":{\"resource\":\"ore\",\"ratio\":2,\"bit\":5}",
					   "\"kind\":\"fishing\"", "\"islands\":[", "\"discs\":[", "\"fishing_track\":[",
					   "\"chit_nodes\":[", "\"pirate_start\":"};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		ck_assert_msg(strstr(js, want[i]) != NULL, "no %s", want[i]);
	int nodes = 0, paths = 0;
	for (const char *p = js; (p = strstr(p, "\"neighbours\":")) != NULL; p++)
		nodes++;
	for (const char *p = js; (p = strstr(p, "\"sea\":[")) != NULL; p++)
		paths++;
	ck_assert_int_eq(nodes, 125);
	ck_assert_int_eq(paths, 160);
	free(js);
	crisk_rules_free(r);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("hawaii_public");
	TCase *tc = tcase_create("public");
	tcase_add_test(tc, test_created_by_name);
	tcase_add_test(tc, test_action_text_round_trip);
	tcase_add_test(tc, test_action_text_errors);
	tcase_add_test(tc, test_board_json);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
