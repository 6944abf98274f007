/* Module hawaii on a host's map (option `map`, rules/hawaii.md H-91): the
 * catanmap text of crisk_rules_new_with_data(_file) instead of the built-in
 * Appendix A map; games on it play to a winner, and saves and records carry
 * the text so they load and replay without the file; every combination of
 * `map` and host text that does not fit, and every map the engine cannot
 * play, is refused with no rules at all (decisions.md, "Module hawaii").
 * The argument is tests/catanmap/three_isles.catanmap. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk.h"
#include "map_text.h"

static const char *map_path;
static char *map_text;
static size_t map_len;

#define SKIP_OFFERS CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE)

static char *edited(const char *from, const char *to)
{
	return edited_text(map_text, from, to);
}

static crisk_rules *host_rules(const char *params)
{
	crisk_rules *r = NULL;
	ck_assert_msg(crisk_rules_new_with_data(&r, "hawaii", params, map_text, map_len) == CRISK_OK, "%s: %s", params,
		      crisk_error_last());
	return r;
}

static char *params_of(const crisk_rules *r)
{
	static char buf[1024];
	ck_assert_int_eq(crisk_rules_params(r, buf, sizeof buf, NULL), CRISK_OK);
	return buf;
}

static char *board_of(const crisk_rules *r)
{
	size_t len = 0;
	ck_assert_int_eq(crisk_rules_board_json(r, NULL, 0, &len), CRISK_EBUFSIZE);
	char *js = malloc(len + 1);
	ck_assert_int_eq(crisk_rules_board_json(r, js, len + 1, &len), CRISK_OK);
	return js;
}

static char *state_of(const crisk_game *g)
{
	size_t len = 0;
	ck_assert_int_eq(crisk_game_to_json(g, CRISK_VIEWER_OMNISCIENT, NULL, 0, &len), CRISK_EBUFSIZE);
	char *js = malloc(len + 1);
	ck_assert_int_eq(crisk_game_to_json(g, CRISK_VIEWER_OMNISCIENT, js, len + 1, &len), CRISK_OK);
	return js;
}

/* H-91: with a host text and no `map`, the host's map is in force, and the
 * canonical parameters say so (map=data). */
START_TEST(test_host_map_from_string)
{
	crisk_rules *r = host_rules("players=3 seed=1");
	ck_assert_int_eq(crisk_rules_num_seats(r), 3);
	ck_assert_ptr_nonnull(strstr(params_of(r), "map=data"));
	char *js = board_of(r);
	ck_assert_ptr_nonnull(strstr(js, "\"map_id\":\"cove\""));
	ck_assert_ptr_null(strstr(js, "\"map_id\":\"kalalau\""));
	free(js);
	const char *data = NULL;
	size_t len = 0;
	ck_assert_int_eq(crisk_rules_data(r, &data, &len), CRISK_OK);
	ck_assert_uint_eq(len, map_len);
	ck_assert_int_eq(memcmp(data, map_text, len), 0);
	crisk_rules_free(r);
	r = host_rules("map=data players=4 seed=9");
	ck_assert_int_eq(crisk_rules_num_seats(r), 4);
	crisk_rules_free(r);
}
END_TEST

START_TEST(test_host_map_from_file)
{
	crisk_rules *r = NULL, *again = NULL;
	ck_assert_msg(crisk_rules_new_with_data_file(&r, "hawaii", "players=4 seed=1", map_path) == CRISK_OK, "%s",
		      crisk_error_last());
	const char *data = NULL;
	size_t len = 0;
	ck_assert_int_eq(crisk_rules_data(r, &data, &len), CRISK_OK);
	ck_assert_uint_eq(len, map_len);
	/* The canonical form and the text make the same rules (rules.h). */
	char canon[1024];
	strcpy(canon, params_of(r));
	ck_assert_int_eq(crisk_rules_new_with_data(&again, "hawaii", canon, data, len), CRISK_OK);
	ck_assert_str_eq(params_of(again), canon);
	char *a = board_of(r), *b = board_of(again);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	crisk_rules_free(again);
	crisk_rules_free(r);
}
END_TEST

/* Without a host text the built-in map, named hawaii in the canonical form. */
START_TEST(test_builtin_map_by_default)
{
	crisk_rules *r = NULL;
	ck_assert_int_eq(crisk_rules_new(&r, "hawaii", "players=3 seed=1"), CRISK_OK);
	ck_assert_ptr_nonnull(strstr(params_of(r), "map=hawaii"));
	crisk_rules_free(r);
	ck_assert_int_eq(crisk_rules_new(&r, "hawaii", "map=hawaii players=6 seed=1"), CRISK_OK);
	char *js = board_of(r);
	ck_assert_ptr_nonnull(strstr(js, "\"map_id\":\"kalalau\""));
	free(js);
	crisk_rules_free(r);
	/* An empty text is no text (crisk_rules_new_with_data). */
	ck_assert_int_eq(crisk_rules_new_with_data(&r, "hawaii", "players=4 seed=1", "", 0), CRISK_OK);
	ck_assert_ptr_nonnull(strstr(params_of(r), "map=hawaii"));
	crisk_rules_free(r);
}
END_TEST

/* Refused with `code`, a message holding `want`, and no rules. */
static void refused(int code, const char *params, const char *text, const char *want)
{
	crisk_rules *r = (crisk_rules *)&r;
	int rc = text ? crisk_rules_new_with_data(&r, "hawaii", params, text, strlen(text))
		      : crisk_rules_new(&r, "hawaii", params);
	ck_assert_msg(rc == code, "%s: %d, not %d (%s)", params, rc, code, crisk_error_last());
	ck_assert_ptr_null(r);
	ck_assert_msg(strstr(crisk_error_last(), want) != NULL, "'%s' lacks '%s'", crisk_error_last(), want);
}

/* H-91: the combinations of `map` and a host text that do not fit. */
START_TEST(test_map_option_errors)
{
	refused(CRISK_EPARAM, "map=hawaii players=3 seed=1", map_text, "'hawaii' is the built-in map, but the host gave");
	refused(CRISK_EPARAM, "map=data players=3 seed=1", NULL, "'data' reads the host's catanmap text, but none was given");
	refused(CRISK_EPARAM, "map=data players=3 seed=1", "", "but none was given");
	refused(CRISK_EPARAM, "map=kauai players=3 seed=1", NULL, "unknown map 'kauai' (accepted: hawaii|data");
	refused(CRISK_EPARAM, "map=kauai players=3 seed=1", map_text, "unknown map 'kauai' (accepted: hawaii|data");
	refused(CRISK_EPARAM, "players=3 seed=1 map=", map_text, "empty value");
	/* H-91: `players` needs the map's target line; this map has 3 and 4. */
	refused(CRISK_EPARAM, "players=5 seed=1", map_text, "the map has no target for 5 seats");
	refused(CRISK_EPARAM, "players=6 seed=1 map=data", map_text, "the map has no target for 6 seats");
}
END_TEST

/* H-31: a malformed host map is CRISK_EFORMAT with the parser's line. */
START_TEST(test_malformed_host_map)
{
	char *t = edited("catanmap 1", "catanmap 2");
	refused(CRISK_EFORMAT, "players=3 seed=1", t, "line 4: unsupported version '2'");
	free(t);
	t = edited("point wj1 junction", "point w2 junction");
	refused(CRISK_EFORMAT, "players=3 seed=1", t, "duplicate id 'w2'");
	free(t);
	t = edited("robber wc", "robber sd");
	refused(CRISK_EFORMAT, "players=3 seed=1", t, "not a land hex 'sd'");
	free(t);
	t = edited("robber wc\n", "");
	refused(CRISK_EFORMAT, "players=3 seed=1", t, "line 0: missing statement 'robber'");
	free(t);
	t = edited("target 3 8\ntarget 4 7\n", "");
	refused(CRISK_EFORMAT, "players=3 seed=1", t, "line 0: missing statement 'target'");
	free(t);
	/* The engine's limits (board_map.c), line 0 as well. */
	t = edited("space rw1 road w1 wj1\n", "space rw1 road w1 wj1\nspace x1 road wj1 m1\nspace x2 road wj1 m2\n"
						"space x3 road wj1 m3\nspace x4 road wj1 m4\nspace x5 road wj1 m5\n"
						"space x6 road wj1 e1\nspace x7 road wj1 e2\n");
	refused(CRISK_EFORMAT, "players=3 seed=1", t, "line 0: point 'wj1' joins 9 spaces, the engine holds at most 8");
	free(t);
}
END_TEST

/* A random game on map text t to its end (max_turns in params). */
static void played_out(const char *params, const char *t)
{
	crisk_rules *r = NULL;
	ck_assert_msg(crisk_rules_new_with_data(&r, "hawaii", params, t, strlen(t)) == CRISK_OK, "%s: %s", params,
		      crisk_error_last());
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	uint64_t policy = 11;
	ck_assert_msg(crisk_game_playout(g, SKIP_OFFERS, 2000000, &policy, NULL) == CRISK_OK, "%s: %s", params,
		      crisk_error_last());
	ck_assert_int_ne(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);
	crisk_game_free(g);
}

/* H-37, H-38: maps on which a set-up step can find no place make rules
 * like any other (set-up skips the step or the piece; hawaii_setup tests
 * the skips), and games on them play to the end. */
START_TEST(test_maps_with_setup_skips_H37_H38)
{
	/* 15 sites, each closing only itself (junctions between them).  Roads
	 * w1-w2, w3-w4 and m1-m2 make six sites close 2: the 11 settlements
	 * of 4 seats before the last step may close up to 17, so a step may
	 * find no place. */
	char *t = edited("space rw1 road w1 wj1\n",
			 "space rw1 road w1 wj1\nspace xa road w1 w2\nspace xb road w3 w4\nspace xc road m1 m2\n");
	for (int seed = 1; seed <= 3; seed++) {
		char params[64];
		snprintf(params, sizeof params, "players=4 seed=%d max_turns=40", seed);
		played_out(params, t);
	}
	free(t);
	/* H-38: a site whose only space is a ship space under the pirate's start. */
	char *u = edited("point xf junction - 34 4\n", "point xf junction - 34 4\npoint lone site east 50 0 Lone Rock\n");
	t = edited_text(u, "space fe fishing", "space sl ship xf lone sea=sd\nspace fe fishing");
	free(u);
	u = edited_text(t, "produces e5 ed ec\n", "produces e5 ed ec\nproduces lone ed\n");
	free(t);
	played_out("players=3 seed=2 max_turns=40", u);
	free(u);
}
END_TEST

/* A land-only map written here: one island, `sites` sites in a chain with a
 * junction between each two, and `chits` chit points, each on a road off a
 * junction; no sea, so no pirate, ships, merchants or fishing (free() it). */
static char *land_map(int sites, int chits)
{
	size_t cap = 4096 + 256 * (size_t)(sites + chits);
	char *t = malloc(cap);
	int n = snprintf(t, cap, "catanmap 1\nisland i Isle\nhex h1 i forest 6 0 0\nhex h2 i hills 8 1 0\n"
				 "hex h3 i pasture 5 2 0\nhex h4 i fields 9 3 0\nhex h5 i mountains 4 4 0\n"
				 "hex h6 i desert - 5 0\n");
	for (int i = 0; i < sites; i++)
		n += snprintf(t + n, cap - (size_t)n, "point s%d site i %d 0 S%d\npoint j%d junction i %d 0\n", i, 2 * i, i,
			      i, 2 * i + 1);
	for (int c = 0; c < chits; c++)
		n += snprintf(t + n, cap - (size_t)n, "point c%d chit i %d 5 C%d\nspace rc%d road j%d c%d\n", c, 2 * c + 1,
			      c, c, c % sites, c);
	for (int i = 0; i < sites; i++) {
		n += snprintf(t + n, cap - (size_t)n, "space ra%d road s%d j%d\n", i, i, i);
		if (i + 1 < sites)
			n += snprintf(t + n, cap - (size_t)n, "space rb%d road j%d s%d\n", i, i, i + 1);
		n += snprintf(t + n, cap - (size_t)n, "produces s%d h%d h%d\n", i, 1 + i % 5, 1 + (i + 1) % 5);
	}
	for (int c = 0; c < chits; c++)
		n += snprintf(t + n, cap - (size_t)n, "produces c%d h%d\n", c, 1 + c % 5);
	snprintf(t + n, cap - (size_t)n, "robber h6\ntarget 3 6\ntarget 4 6\ntarget 5 5\n");
	return t;
}

/* Rules creation on maps without sea, ships or fishing (no pirate, no
 * track, H-28), and the engine's limit of 16 chits with 3-4 seats. */
START_TEST(test_land_only_maps)
{
	char *t = land_map(12, 2);
	crisk_rules *r = NULL;
	ck_assert_msg(crisk_rules_new_with_data(&r, "hawaii", "players=3 seed=3", t, strlen(t)) == CRISK_OK, "%s",
		      crisk_error_last());
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	uint64_t policy = 12;
	ck_assert_msg(crisk_game_playout(g, SKIP_OFFERS, 2000000, &policy, NULL) == CRISK_OK, "%s", crisk_error_last());
	ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_WON);
	crisk_game_free(g);
	/* 5 seats: the 2 chit points are named locations (H-77), 14 in all
	 * for 15 set-up steps: the last is skipped (H-37). */
	played_out("players=5 seed=3 max_turns=40", t);
	free(t);
	t = land_map(12, 17);
	refused(CRISK_EPARAM, "players=3 seed=1", t, "the map has 17 chit points; with 3-4 seats the engine holds at most 16");
	free(t);
}
END_TEST

/* The built-in map makes rules for every seat count (3.11). */
START_TEST(test_builtin_setup_check)
{
	for (int seats = 3; seats <= 6; seats++) {
		char params[32];
		snprintf(params, sizeof params, "players=%d seed=1", seats);
		crisk_rules *r = NULL;
		ck_assert_msg(crisk_rules_new(&r, "hawaii", params) == CRISK_OK, "%s", crisk_error_last());
		crisk_rules_free(r);
	}
}
END_TEST

/* Random games on the host map end with a winner, in both chance modes. */
static void play_to_winner(const char *params, uint64_t policy)
{
	crisk_rules *r = host_rules(params);
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	uint64_t steps = 0;
	ck_assert_msg(crisk_game_playout(g, SKIP_OFFERS, 2000000, &policy, &steps) == CRISK_OK, "%s: %s", params,
		      crisk_error_last());
	int winner = -1;
	ck_assert_msg(crisk_game_status(g, &winner) == CRISK_STATUS_WON, "%s: not over after %llu steps", params,
		      (unsigned long long)steps);
	ck_assert_msg(winner >= 0 && winner < crisk_rules_num_seats(crisk_game_rules(g)), "%s: winner %d", params,
		      winner);
	crisk_game_free(g);
}

START_TEST(test_games_reach_a_winner)
{
	for (uint64_t seed = 1; seed <= 4; seed++) {
		char params[96];
		snprintf(params, sizeof params, "players=%d seed=%llu chance=%s", 3 + (int)(seed & 1),
			 (unsigned long long)seed, seed <= 2 ? "auto" : "explicit");
		play_to_winner(params, seed * 7919);
	}
}
END_TEST

/* A recorded game on the host map, stopped part-way. */
static crisk_game *played(const char *params, uint64_t max_steps)
{
	crisk_rules *r = host_rules(params);
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	ck_assert_int_eq(crisk_game_set_recording(g, 1), CRISK_OK);
	uint64_t policy = 77;
	ck_assert_msg(crisk_game_playout(g, SKIP_OFFERS, max_steps, &policy, NULL) == CRISK_OK, "%s",
		      crisk_error_last());
	return g;
}

/* The loaded game continues like the original. */
static void same_future(crisk_game *a, crisk_game *b)
{
	char *sa = state_of(a), *sb = state_of(b);
	ck_assert_str_eq(sa, sb);
	free(sa);
	free(sb);
	uint64_t pa = 5, pb = 5;
	ck_assert_int_eq(crisk_game_playout(a, SKIP_OFFERS, 300, &pa, NULL), CRISK_OK);
	ck_assert_int_eq(crisk_game_playout(b, SKIP_OFFERS, 300, &pb, NULL), CRISK_OK);
	sa = state_of(a);
	sb = state_of(b);
	ck_assert_str_eq(sa, sb);
	free(sa);
	free(sb);
}

/* Saves (binary, JSON) and records carry the map text: they load and
 * replay with no file and no text from the host. */
START_TEST(test_save_and_record_without_the_file)
{
	for (int explicit_chance = 0; explicit_chance <= 1; explicit_chance++) {
		crisk_game *g = played(explicit_chance ? "players=4 seed=3 chance=explicit" : "players=3 seed=2", 600);
		size_t n = 0;
		ck_assert_int_eq(crisk_game_save(g, NULL, 0, &n), CRISK_EBUFSIZE);
		uint8_t *bin = malloc(n);
		ck_assert_int_eq(crisk_game_save(g, bin, n, &n), CRISK_OK);
		crisk_game *loaded = NULL;
		ck_assert_msg(crisk_game_load(&loaded, bin, n) == CRISK_OK, "%s", crisk_error_last());
		ck_assert_ptr_nonnull(strstr(params_of(crisk_game_rules(loaded)), "map=data"));
		same_future(g, loaded);
		crisk_game_free(loaded);
		free(bin);

		ck_assert_int_eq(crisk_game_save_json(g, NULL, 0, &n), CRISK_EBUFSIZE);
		char *js = malloc(n + 1);
		ck_assert_int_eq(crisk_game_save_json(g, js, n + 1, &n), CRISK_OK);
		ck_assert_msg(crisk_game_load_json(&loaded, js, n) == CRISK_OK, "%s", crisk_error_last());
		same_future(g, loaded);
		crisk_game_free(loaded);
		free(js);

		ck_assert_int_eq(crisk_game_record(g, NULL, 0, &n), CRISK_EBUFSIZE);
		char *rec = malloc(n + 1);
		ck_assert_int_eq(crisk_game_record(g, rec, n + 1, &n), CRISK_OK);
		ck_assert_msg(crisk_record_replay(&loaded, rec, n) == CRISK_OK, "%s", crisk_error_last());
		const char *data = NULL;
		size_t len = 0;
		ck_assert_int_eq(crisk_rules_data(crisk_game_rules(loaded), &data, &len), CRISK_OK);
		ck_assert_uint_eq(len, map_len);
		same_future(g, loaded);
		crisk_game_free(loaded);
		free(rec);
		crisk_game_free(g);
	}
}
END_TEST

/* A save of a game on the built-in map still loads (map=hawaii, no text). */
START_TEST(test_builtin_save_round_trip)
{
	crisk_rules *r = NULL;
	crisk_game *g = NULL, *loaded = NULL;
	ck_assert_int_eq(crisk_rules_new(&r, "hawaii", "players=3 seed=4"), CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	uint64_t policy = 3;
	ck_assert_int_eq(crisk_game_playout(g, SKIP_OFFERS, 400, &policy, NULL), CRISK_OK);
	size_t n = 0;
	ck_assert_int_eq(crisk_game_save(g, NULL, 0, &n), CRISK_EBUFSIZE);
	uint8_t *bin = malloc(n);
	ck_assert_int_eq(crisk_game_save(g, bin, n, &n), CRISK_OK);
	ck_assert_msg(crisk_game_load(&loaded, bin, n) == CRISK_OK, "%s", crisk_error_last());
	same_future(g, loaded);
	crisk_game_free(loaded);
	crisk_game_free(g);
	free(bin);
}
END_TEST

static Suite *map_suite(void)
{
	Suite *s = suite_create("hawaii_map");
	TCase *tc = tcase_create("map");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_host_map_from_string);
	tcase_add_test(tc, test_host_map_from_file);
	tcase_add_test(tc, test_builtin_map_by_default);
	tcase_add_test(tc, test_map_option_errors);
	tcase_add_test(tc, test_malformed_host_map);
	tcase_add_test(tc, test_maps_with_setup_skips_H37_H38);
	tcase_add_test(tc, test_land_only_maps);
	tcase_add_test(tc, test_builtin_setup_check);
	tcase_add_test(tc, test_games_reach_a_winner);
	tcase_add_test(tc, test_save_and_record_without_the_file);
	tcase_add_test(tc, test_builtin_save_round_trip);
	suite_add_tcase(s, tc);
	return s;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s three_isles.catanmap\n", argv[0]);
		return 2;
	}
	map_path = argv[1];
	map_text = read_all(map_path, &map_len);
	if (!map_text) {
		fprintf(stderr, "cannot read %s\n", map_path);
		return 2;
	}
	SRunner *sr = srunner_create(map_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	free(map_text);
	return nf ? 1 : 0;
}
