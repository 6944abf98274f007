/* Rules with a host data text (crisk_rules_new_with_data, M-16 for module
 * muhq): the text is part of the rules, so binary saves (format 2), JSON
 * saves and records (version 2) carry it and load or replay without it;
 * rules without a text keep writing format 1 and record version 1; bad
 * texts, modules that read none and forged saves are refused. */
#define _POSIX_C_SOURCE 200809L /* strdup, mkstemp */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catanrisk.h"
#include "save_bytes.h"

/* rules/muhq.md M-116, valid on top of the built-in data. */
static const char text[] =
	"# my-set.mqd\n"
	"| myset | Militia | unit | 2 | 1 | 0 | 3 | 2 | 1 | 1 | Brace 1 | - | aggressive |\n"
	"| myset | Smoke Bomb | spell | 3 | 1 | - | - | - | - | - | - | play {unit own}: ADD_MARK ward 1 @T; DRAW 1 | - |\n"
	"deck militia-start: Militia x3, Farmer x2\n"
	"map tiny-duel\nplayers 2\nsize 5 3\ngain 3\ndeck militia-start\nstore qs-duel\nwin capture 1\n"
	"area M 2 1 1 1\ngrid\n1...2\n1.F.2\n1...2\nend\n";

#define PARAMS "map=tiny-duel players=2 draft=piles sets=myset,base seed=3"

static crisk_action acts[20000];

static crisk_rules *data_rules(void)
{
	crisk_rules *r = NULL;
	ck_assert_msg(crisk_rules_new_with_data(&r, "muhq", PARAMS, text, strlen(text)) == CRISK_OK, "%s",
		      crisk_error_last());
	return r;
}

/* A recorded game played for `steps` random steps (concede left out). */
static crisk_game *played(crisk_rules *r, int steps)
{
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	ck_assert_int_eq(crisk_game_set_recording(g, 1), CRISK_OK);
	srand(5);
	int winner;
	for (int i = 0; i < steps && crisk_game_status(g, &winner) == CRISK_STATUS_RUNNING; i++) {
		size_t n = 0;
		ck_assert_int_eq(crisk_game_legal_actions(g, acts, 20000, &n), CRISK_OK);
		size_t m = n > 1 && acts[n - 1] >> 56 == 23 ? n - 1 : n;
		ck_assert_int_eq(crisk_game_apply(g, acts[(size_t)rand() % m]), CRISK_OK);
	}
	return g;
}

static uint8_t *save_of(const crisk_game *g, int json, size_t *len)
{
	size_t n = 0;
	int rc = json ? crisk_game_save_json(g, NULL, 0, &n) : crisk_game_save(g, NULL, 0, &n);
	ck_assert_int_eq(rc, CRISK_EBUFSIZE);
	uint8_t *buf = malloc(n + 1);
	rc = json ? crisk_game_save_json(g, (char *)buf, n + 1, &n) : crisk_game_save(g, buf, n, &n);
	ck_assert_int_eq(rc, CRISK_OK);
	*len = n;
	return buf;
}

/* The JSON save's format version (the writer may put a blank after the colon). */
static int has_version(const char *json, int v)
{
	char a[32], b[32];
	snprintf(a, sizeof a, "\"version\":%d,", v);
	snprintf(b, sizeof b, "\"version\": %d,", v);
	return strstr(json, a) || strstr(json, b);
}

START_TEST(test_data_is_part_of_the_rules)
{
	crisk_rules *r = data_rules();
	const char *back = NULL;
	size_t len = 0;
	ck_assert_int_eq(crisk_rules_data(r, &back, &len), CRISK_OK);
	ck_assert_uint_eq(len, strlen(text));
	ck_assert(memcmp(back, text, len) == 0);
	crisk_rules *plain = NULL;
	ck_assert_int_eq(crisk_rules_new(&plain, "muhq", "map=2P-ring-street players=2 seed=1"), CRISK_OK);
	ck_assert_int_eq(crisk_rules_data(plain, &back, &len), CRISK_OK);
	ck_assert_ptr_null(back);
	ck_assert_uint_eq(len, 0);
	ck_assert_int_eq(crisk_rules_data(NULL, &back, &len), CRISK_EINVAL);
	crisk_rules_free(plain);
	crisk_rules_free(r);
}
END_TEST

/* M-16: a host's map and set play a whole game. */
START_TEST(test_game_on_host_map_M16)
{
	crisk_rules *r = data_rules();
	crisk_game *g = played(r, 20000);
	int winner;
	ck_assert_int_ne(crisk_game_status(g, &winner), CRISK_STATUS_RUNNING);
	crisk_game_free(g);
	crisk_rules_free(r);
}
END_TEST

START_TEST(test_saves_carry_the_data)
{
	crisk_rules *r = data_rules();
	crisk_game *g = played(r, 150);
	crisk_rules_free(r);
	for (int json = 0; json < 2; json++) {
		size_t len, len2;
		uint8_t *s = save_of(g, json, &len);
		if (!json)
			ck_assert_uint_eq(get_u32(s + 8), 2); /* format 2: with the data text */
		else
			ck_assert(has_version((char *)s, 2));
		crisk_game *h = NULL;
		int rc = json ? crisk_game_load_json(&h, (char *)s, len) : crisk_game_load(&h, s, len);
		ck_assert_msg(rc == CRISK_OK, "%s", crisk_error_last());
		uint8_t *again = save_of(h, json, &len2);
		ck_assert_uint_eq(len, len2);
		ck_assert(memcmp(s, again, len) == 0);
		/* load_as with the game's own rules reuses them. */
		crisk_game *k = NULL;
		ck_assert_int_eq(json ? crisk_game_load_json_as(&k, crisk_game_rules(g), (char *)s, len)
				      : crisk_game_load_as(&k, crisk_game_rules(g), s, len),
				 CRISK_OK);
		ck_assert_ptr_eq(crisk_game_rules(k), crisk_game_rules(g));
		crisk_game_free(k);
		free(again);
		free(s);
		crisk_game_free(h);
	}
	crisk_game_free(g);
}
END_TEST

START_TEST(test_record_carries_the_data)
{
	crisk_rules *r = data_rules();
	crisk_game *g = played(r, 20000);
	size_t len = 0;
	ck_assert_int_eq(crisk_game_record(g, NULL, 0, &len), CRISK_EBUFSIZE);
	char *rec = malloc(len + 1);
	ck_assert_int_eq(crisk_game_record(g, rec, len + 1, &len), CRISK_OK);
	ck_assert(strncmp(rec, "crisk-record 2\nmodule muhq\ndata ", 32) == 0);
	crisk_game *h = NULL;
	ck_assert_msg(crisk_record_replay(&h, rec, len) == CRISK_OK, "%s", crisk_error_last());
	size_t a, b;
	uint8_t *sa = save_of(g, 0, &a), *sb = save_of(h, 0, &b);
	ck_assert_uint_eq(a, b);
	ck_assert(memcmp(sa, sb, a) == 0);
	/* A data line that is not hex, or odd, is refused with its line. */
	char *bad = strdup(rec);
	char *d = strstr(bad, "data ") + 5;
	d[0] = 'Z';
	crisk_game *none = NULL;
	ck_assert_int_eq(crisk_record_replay(&none, bad, len), CRISK_EFORMAT);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "line 3"));
	free(bad);
	free(sa);
	free(sb);
	free(rec);
	crisk_game_free(h);
	crisk_game_free(g);
	crisk_rules_free(r);
}
END_TEST

/* Rules without a text write the formats as before. */
START_TEST(test_plain_rules_keep_format_1)
{
	crisk_rules *r = NULL;
	ck_assert_int_eq(crisk_rules_new(&r, "muhq", "map=2P-ring-street players=2 draft=none seed=1"), CRISK_OK);
	crisk_game *g = played(r, 40);
	size_t len;
	uint8_t *s = save_of(g, 0, &len);
	ck_assert_uint_eq(get_u32(s + 8), 1);
	free(s);
	s = save_of(g, 1, &len);
	ck_assert(has_version((char *)s, 1));
	ck_assert_ptr_null(strstr((char *)s, "\"data\""));
	free(s);
	char rec[64];
	crisk_game_record(g, rec, sizeof rec, &len);
	ck_assert(strncmp(rec, "crisk-record 1\n", 15) == 0);
	crisk_game_free(g);
	crisk_rules_free(r);
}
END_TEST

START_TEST(test_bad_data_refused)
{
	crisk_rules *r = NULL;
	/* A card row with 5 fields: the loader's error names the line (M-115). */
	static const char broken[] = "# ok\n| a | b | c | d | e |\n";
	ck_assert_int_eq(crisk_rules_new_with_data(&r, "muhq", PARAMS, broken, strlen(broken)), CRISK_EFORMAT);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "data:2: E_FIELDS"));
	ck_assert_ptr_null(r);
	ck_assert_int_eq(crisk_rules_new_with_data(&r, "base", "players=2", "x", 1), CRISK_EUNSUPPORTED);
	ck_assert_int_eq(crisk_rules_new_with_data(&r, "muhq", PARAMS, NULL, 3), CRISK_EINVAL);
	ck_assert_int_eq(crisk_rules_new_with_data(&r, "muhq", PARAMS, "a\0b", 3), CRISK_EFORMAT);
	ck_assert_int_eq(crisk_rules_new_with_data(NULL, "muhq", PARAMS, text, 1), CRISK_EINVAL);
	/* The host's map is unknown without its text, and listed with it. */
	ck_assert_int_eq(crisk_rules_new(&r, "muhq", PARAMS), CRISK_EPARAM);
	ck_assert_int_eq(crisk_rules_new_with_data(&r, "muhq", "map=nowhere players=2 seed=1", text, strlen(text)),
			 CRISK_EPARAM);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "tiny-duel"));
}
END_TEST

START_TEST(test_data_file)
{
	char path[] = "/tmp/crisk-data-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq((int)write(fd, text, strlen(text)), (int)strlen(text));
	close(fd);
	crisk_rules *r = NULL;
	ck_assert_int_eq(crisk_rules_new_with_data_file(&r, "muhq", PARAMS, path), CRISK_OK);
	const char *back;
	size_t len;
	crisk_rules_data(r, &back, &len);
	ck_assert_uint_eq(len, strlen(text));
	crisk_rules_free(r);
	unlink(path);
	ck_assert_int_eq(crisk_rules_new_with_data_file(&r, "muhq", PARAMS, path), CRISK_ENOTFOUND);
	ck_assert_int_eq(crisk_rules_new_with_data_file(&r, "muhq", PARAMS, NULL), CRISK_EINVAL);
}
END_TEST

/* Forged saves: a changed text (checksum fixed) or an empty one is refused. */
START_TEST(test_forged_data_refused)
{
	crisk_rules *r = data_rules();
	crisk_game *g = played(r, 60);
	size_t len;
	uint8_t *s = save_of(g, 0, &len);
	uint8_t *hit = NULL;
	for (size_t i = 0; i + 18 <= len && !hit; i++)
		if (memcmp(s + i, "Militia | unit | 2", 18) == 0)
			hit = s + i;
	ck_assert_ptr_nonnull(hit);
	hit[16] = 'X'; /* the buy cost becomes "X" */
	fix_crc(s, len);
	crisk_game *h = NULL;
	ck_assert_int_eq(crisk_game_load(&h, s, len), CRISK_EFORMAT);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "data:2"));
	free(s);
	/* Format 2 with an empty text. */
	crisk_rules *plain = NULL;
	ck_assert_int_eq(crisk_rules_new(&plain, "muhq", "map=2P-ring-street players=2 draft=none seed=1"), CRISK_OK);
	crisk_game *p = played(plain, 10);
	s = save_of(p, 0, &len);
	size_t params_at = 8 + 4 + 2 + 4 + 4 + 4, params_len = get_u32(s + params_at - 4);
	uint8_t *forged = malloc(len + 4);
	memcpy(forged, s, params_at + params_len);
	memset(forged + params_at + params_len, 0, 4); /* data length 0 */
	memcpy(forged + params_at + params_len + 4, s + params_at + params_len, len - params_at - params_len);
	forged[8] = 2;
	fix_crc(forged, len + 4);
	ck_assert_int_eq(crisk_game_load(&h, forged, len + 4), CRISK_EFORMAT);
	free(forged);
	free(s);
	crisk_game_free(p);
	crisk_rules_free(plain);
	crisk_game_free(g);
	crisk_rules_free(r);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("rules_data");
	TCase *tc = tcase_create("data");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_data_is_part_of_the_rules);
	tcase_add_test(tc, test_game_on_host_map_M16);
	tcase_add_test(tc, test_saves_carry_the_data);
	tcase_add_test(tc, test_record_carries_the_data);
	tcase_add_test(tc, test_plain_rules_keep_format_1);
	tcase_add_test(tc, test_bad_data_refused);
	tcase_add_test(tc, test_data_file);
	tcase_add_test(tc, test_forged_data_refused);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
