/* Game records: golden records replay to their pinned final line, records
 * round-trip, replay errors name the line, and recording is refused where the
 * record could not be complete. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk.h"
#include "../rules/scenario.h"
#include "../soak/digest.h"
#include "../soak/playout.h"

static crisk_action buf[PL_MAX_ACTIONS];

static crisk_game *new_game(const char *params)
{
	crisk_rules *r = NULL;
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_rules_new(&r, "base", params), CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	return g;
}

static char *record_of(const crisk_game *g)
{
	size_t len = 0;
	ck_assert_int_eq(crisk_game_record(g, NULL, 0, &len), CRISK_EBUFSIZE);
	char *s = malloc(len + 1);
	ck_assert_ptr_nonnull(s);
	size_t len2 = 0;
	ck_assert_int_eq(crisk_game_record(g, s, len + 1, &len2), CRISK_OK);
	ck_assert_uint_eq(len, len2);
	ck_assert_uint_eq(strlen(s), len);
	return s;
}

static char *json(const crisk_game *g)
{
	return sc_json(g, CRISK_VIEWER_OMNISCIENT); /* the omniscient view, malloc'd */
}

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *s = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(fread(s, 1, (size_t)n, f), (size_t)n);
	s[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return s;
}

/* The record text without comment lines, for comparing with a rewrite. */
static void strip_comments(char *s)
{
	char *w = s;
	for (char *p = s; *p;) {
		char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
		if (*p != '#') {
			memmove(w, p, n);
			w += n;
		}
		p += n;
	}
	*w = '\0';
}

static int replay_golden(const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	const char *final = strstr(text, "# final ");
	ck_assert_msg(final != NULL, "%s has no '# final' line", path);
	char want[256];
	size_t n = strcspn(final, "\n");
	ck_assert_uint_lt(n, sizeof want);
	memcpy(want, final, n);
	want[n] = '\0';

	crisk_game *g = NULL;
	int rc = crisk_record_replay(&g, text, len);
	ck_assert_msg(rc == CRISK_OK, "%s: %s", path, crisk_error_last());
	char got[256];
	dg_final_line(g, got, sizeof got);
	ck_assert_msg(strcmp(got, want) == 0, "%s: replay ends with\n  %s\nbut the record pins\n  %s", path, got, want);
	ck_assert_int_ne(crisk_game_status(g, NULL), CRISK_STATUS_RUNNING);

	/* Writing the replayed game's record gives the same text. */
	char *again = record_of(g);
	strip_comments(text);
	ck_assert_str_eq(again, text);
	free(again);
	free(text);
	crisk_game_free(g);
	return 1;
}

START_TEST(test_golden_records_replay)
{
	DIR *d = opendir(GOLDEN_DIR);
	ck_assert_msg(d != NULL, "cannot open %s", GOLDEN_DIR);
	int count = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n < 5 || strcmp(e->d_name + n - 4, ".rec") != 0)
			continue;
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", GOLDEN_DIR, e->d_name);
		count += replay_golden(path);
	}
	closedir(d);
	ck_assert_int_ge(count, 5);
}
END_TEST

static void round_trip(const char *params, uint64_t seed, int64_t steps)
{
	crisk_game *g = new_game(params);
	ck_assert_int_eq(crisk_game_set_recording(g, 1), CRISK_OK);
	pl_rng r = {seed};
	ck_assert_int_ge(pl_play(g, &r, buf, steps), 0);
	char *rec = record_of(g);
	crisk_game *h = NULL;
	int rc = crisk_record_replay(&h, rec, strlen(rec));
	ck_assert_msg(rc == CRISK_OK, "%s", crisk_error_last());
	char *a = json(g), *b = json(h);
	ck_assert_str_eq(a, b);
	ck_assert_uint_eq(dg_state(g), dg_state(h));
	char *rec2 = record_of(h);
	ck_assert_str_eq(rec, rec2);
	free(a);
	free(b);
	free(rec);
	free(rec2);
	crisk_game_free(g);
	crisk_game_free(h);
}

START_TEST(test_round_trip)
{
	round_trip("players=4 seed=1", 1, 1000000);
	round_trip("players=3 seed=2 board=beginner chance=explicit", 2, 1000000);
	round_trip("players=2 seed=3 board=random_tokens no_identical_adjacent=1", 3, 300);
	round_trip("players=4 seed=4", 4, 0);
}
END_TEST

START_TEST(test_record_format)
{
	crisk_game *g = new_game("players=2 seed=9 board=beginner");
	ck_assert_int_eq(crisk_game_set_recording(g, 1), CRISK_OK);
	pl_rng r = {5};
	ck_assert_int_eq(pl_play(g, &r, buf, 3), 3);
	char *rec = record_of(g);
	ck_assert_msg(strncmp(rec, "crisk-record 1\nmodule base\nparams players=2 seed=9 board=beginner", 63) == 0,
		      "%s", rec);
	int lines = 0;
	for (char *p = rec; *p; p++)
		lines += *p == '\n';
	ck_assert_int_eq(lines, 6);
	ck_assert_int_eq(rec[strlen(rec) - 1], '\n');
	/* EBUFSIZE writes the needed length and a truncated NUL-terminated prefix. */
	char small[10];
	size_t len = 0;
	ck_assert_int_eq(crisk_game_record(g, small, sizeof small, &len), CRISK_EBUFSIZE);
	ck_assert_uint_eq(len, strlen(rec));
	ck_assert_uint_eq(strlen(small), sizeof small - 1);
	ck_assert_int_eq(crisk_game_record(g, NULL, 5, &len), CRISK_EINVAL);
	ck_assert_int_eq(crisk_game_record(NULL, NULL, 0, &len), CRISK_EINVAL);
	free(rec);
	crisk_game_free(g);
}
END_TEST

START_TEST(test_recording_must_start_at_creation)
{
	crisk_game *g = new_game("players=3 seed=4");
	size_t len;
	ck_assert_int_eq(crisk_game_record(g, NULL, 0, &len), CRISK_ESTATE);
	ck_assert_str_ne(crisk_error_last(), "");
	pl_rng r = {1};
	ck_assert_int_eq(pl_step(g, &r, buf), CRISK_OK);
	ck_assert_int_eq(crisk_game_set_recording(g, 1), CRISK_ESTATE);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "1 actions"));
	ck_assert_int_eq(crisk_game_set_recording(NULL, 1), CRISK_EINVAL);

	/* Undo back to the start makes the history complete again. */
	crisk_game *h = new_game("players=3 seed=4");
	ck_assert_int_eq(crisk_game_set_undo_depth(h, 4), CRISK_OK);
	ck_assert_int_eq(pl_step(h, &r, buf), CRISK_OK);
	ck_assert_int_eq(crisk_game_undo(h, 1), CRISK_OK);
	ck_assert_int_eq(crisk_game_set_recording(h, 1), CRISK_OK);
	crisk_game_free(g);
	crisk_game_free(h);
}
END_TEST

/* The core counts applies from an unknown history (a loaded game) without
 * ever making it look complete, on the usual path and with undo snapshots;
 * switching undo and recording on and off keeps apply's usual-case test in
 * step (issue 20). */
START_TEST(test_loaded_history_stays_unknown)
{
	crisk_game *g = new_game("players=4 seed=9");
	pl_rng r = {9};
	ck_assert_int_eq(pl_play(g, &r, buf, 5), 5);
	size_t len = 0;
	ck_assert_int_eq(crisk_game_save(g, NULL, 0, &len), CRISK_EBUFSIZE);
	void *save = malloc(len);
	ck_assert_ptr_nonnull(save);
	ck_assert_int_eq(crisk_game_save(g, save, len, &len), CRISK_OK);
	crisk_game *l = NULL;
	ck_assert_int_eq(crisk_game_load(&l, save, len), CRISK_OK);
	free(save);
	/* Many applies on the usual path, then some with undo snapshots. */
	ck_assert_int_eq(pl_play(l, &r, buf, 200), 200);
	ck_assert_int_eq(crisk_game_set_recording(l, 1), CRISK_ESTATE);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "unknown"));
	ck_assert_int_eq(crisk_game_set_undo_depth(l, 3), CRISK_OK);
	ck_assert_int_eq(pl_play(l, &r, buf, 5), 5);
	ck_assert_int_eq(crisk_game_undo(l, 3), CRISK_OK);
	ck_assert_int_eq(crisk_game_set_recording(l, 1), CRISK_ESTATE);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "unknown"));
	ck_assert_int_eq(crisk_game_set_undo_depth(l, 0), CRISK_OK);
	ck_assert_int_eq(pl_play(l, &r, buf, 5), 5);
	ck_assert_int_eq(crisk_game_set_recording(l, 1), CRISK_ESTATE);

	/* A new game: undo on then off, then a recording still counts every
	 * apply (the record replays to the same state). */
	crisk_game *h = new_game("players=4 seed=9");
	ck_assert_int_eq(crisk_game_set_undo_depth(h, 2), CRISK_OK);
	ck_assert_int_eq(crisk_game_set_undo_depth(h, 0), CRISK_OK);
	ck_assert_int_eq(crisk_game_set_recording(h, 1), CRISK_OK);
	ck_assert_int_eq(pl_play(h, &r, buf, 30), 30);
	ck_assert_int_eq(crisk_game_set_recording(h, 0), CRISK_OK);
	ck_assert_int_eq(pl_play(h, &r, buf, 3), 3);
	ck_assert_int_eq(crisk_game_set_recording(h, 1), CRISK_ESTATE);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "33 actions"));
	crisk_game_free(h);
	crisk_game_free(l);
	crisk_game_free(g);
}
END_TEST

START_TEST(test_undo_removes_recorded_actions)
{
	crisk_game *g = new_game("players=4 seed=7 chance=explicit");
	ck_assert_int_eq(crisk_game_set_recording(g, 1), CRISK_OK);
	ck_assert_int_eq(crisk_game_set_undo_depth(g, 32), CRISK_OK);
	pl_rng r = {7};
	ck_assert_int_eq(pl_play(g, &r, buf, 20), 20);
	char *at20 = record_of(g);
	ck_assert_int_eq(pl_play(g, &r, buf, 10), 10);
	ck_assert_int_eq(crisk_game_undo(g, 10), CRISK_OK);
	char *back = record_of(g);
	ck_assert_str_eq(at20, back);
	/* A different continuation is recorded from there. */
	pl_rng other = {99};
	ck_assert_int_eq(pl_play(g, &other, buf, 5), 5);
	char *rec = record_of(g);
	crisk_game *h = NULL;
	ck_assert_int_eq(crisk_record_replay(&h, rec, strlen(rec)), CRISK_OK);
	ck_assert_uint_eq(dg_state(g), dg_state(h));
	free(at20);
	free(back);
	free(rec);
	crisk_game_free(g);
	crisk_game_free(h);
}
END_TEST

START_TEST(test_clone_and_copy_with_records)
{
	/* crisk_game_copy needs games of one rules object: clone a fresh one. */
	crisk_game *fresh = new_game("players=2 seed=8");
	crisk_game *g = NULL, *d = NULL;
	ck_assert_int_eq(crisk_game_clone(&g, fresh), CRISK_OK);
	ck_assert_int_eq(crisk_game_clone(&d, fresh), CRISK_OK);
	ck_assert_int_eq(crisk_game_set_recording(g, 1), CRISK_OK);
	pl_rng r = {8};
	ck_assert_int_eq(pl_play(g, &r, buf, 30), 30);
	crisk_game *c = NULL;
	ck_assert_int_eq(crisk_game_clone(&c, g), CRISK_OK);
	char *a = record_of(g), *b = record_of(c);
	ck_assert_str_eq(a, b);
	free(b);

	/* A recording game with room takes the record over in a copy ... */
	ck_assert_int_eq(crisk_game_set_recording(d, 1), CRISK_OK);
	ck_assert_int_eq(pl_play(d, &r, buf, 40), 40);
	ck_assert_int_eq(crisk_game_copy(d, g), CRISK_OK);
	b = record_of(d);
	ck_assert_str_eq(a, b);
	free(b);
	/* ... and loses it when src was not recording. */
	ck_assert_int_eq(crisk_game_copy(d, fresh), CRISK_OK);
	size_t len;
	ck_assert_int_eq(crisk_game_record(d, NULL, 0, &len), CRISK_ESTATE);
	/* Off and on again at the start restarts it. */
	ck_assert_int_eq(crisk_game_set_recording(d, 1), CRISK_OK);
	b = record_of(d);
	ck_assert_ptr_nonnull(strstr(b, "params "));
	ck_assert_int_eq(crisk_game_set_recording(d, 0), CRISK_OK);
	ck_assert_int_eq(crisk_game_record(d, NULL, 0, &len), CRISK_ESTATE);
	free(a);
	free(b);
	crisk_game_free(g);
	crisk_game_free(c);
	crisk_game_free(d);
	crisk_game_free(fresh);
}
END_TEST

static void expect_error(const char *text, const char *needle)
{
	crisk_game *g = (crisk_game *)1;
	int rc = crisk_record_replay(&g, text, strlen(text));
	ck_assert_msg(rc == CRISK_EFORMAT, "replay of <<%s>> gave %d, not CRISK_EFORMAT", text, rc);
	ck_assert_ptr_null(g);
	ck_assert_msg(strstr(crisk_error_last(), needle) != NULL, "message '%s' lacks '%s'", crisk_error_last(),
		      needle);
}

#define HEAD "crisk-record 1\nmodule base\nparams players=2 seed=1 board=beginner\n"

START_TEST(test_replay_errors)
{
	expect_error("", "ends before");
	expect_error("hello\n", "line 1: not a game record");
	expect_error("crisk-record 3\n", "line 1: unsupported record version");
	expect_error("crisk-record 2\nmodule base\nparams players=2 seed=1\n", "line 3: a version 2 record has 'data' lines");
	expect_error("crisk-record 2\nmodule base\ndata 41\nparams players=2 seed=1\n", "line 4: module 'base' reads no data");
	expect_error("crisk-record 2\nmodule muhq\ndata 4\n", "line 3: a 'data' line holds an even number");
	expect_error("crisk-record 1\nmodule muhq\ndata 41\n", "line 3: expected 'params");
	expect_error("crisk-record 1\nparams players=2\n", "line 2: expected 'module");
	expect_error("crisk-record 1\nmodule base\n", "ends before its 'params' line");
	expect_error("crisk-record 1\nmodule nosuch\nparams players=2 seed=1\n", "line 3:");
	expect_error("crisk-record 1\nmodule base\nparams players=9 seed=1\n", "line 3:");
	expect_error("crisk-record 1\nmodule base\nparams players=2 seed=1 bogus=1\n", "bogus");
	expect_error(HEAD "\n\nroll\n", "line 6: illegal action 'roll'");
	expect_error(HEAD "frobnicate 7\n", "line 4: cannot read action 'frobnicate 7'");
	char nul[] = HEAD "x\0y\n";
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_record_replay(&g, nul, sizeof nul - 1), CRISK_EFORMAT);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "line 4: NUL byte"));
	char *long_line = malloc(10000);
	ck_assert_ptr_nonnull(long_line);
	strcpy(long_line, HEAD);
	size_t at = strlen(long_line);
	memset(long_line + at, 'a', 9000);
	long_line[at + 9000] = '\0';
	expect_error(long_line, "line 4: line too long");
	free(long_line);
	ck_assert_int_eq(crisk_record_replay(NULL, HEAD, strlen(HEAD)), CRISK_EINVAL);
	ck_assert_int_eq(crisk_record_replay(&g, NULL, 3), CRISK_EINVAL);
}
END_TEST

START_TEST(test_replay_comments_blanks_crlf)
{
	/* Take two real set-up actions and dress them up. */
	crisk_game *g = new_game("players=2 seed=1 board=beginner");
	ck_assert_int_eq(crisk_game_set_recording(g, 1), CRISK_OK);
	pl_rng r = {2};
	ck_assert_int_eq(pl_play(g, &r, buf, 2), 2);
	char *rec = record_of(g);
	char a1[64], a2[64];
	ck_assert_int_eq(sscanf(strstr(rec, "\nparams") + 1, "%*[^\n]\n%63[^\n]\n%63[^\n]", a1, a2), 2);
	char text[1024];
	snprintf(text, sizeof text,
		 "# a comment first\n\n  crisk-record 1   # trailing\r\nmodule base\r\n"
		 "params players=2 seed=1 board=beginner # the rules\n\n   \t\n%s\n# between\n\t%s  # last\n", a1, a2);
	crisk_game *h = NULL;
	int rc = crisk_record_replay(&h, text, strlen(text));
	ck_assert_msg(rc == CRISK_OK, "%s", crisk_error_last());
	ck_assert_uint_eq(dg_state(g), dg_state(h));
	/* No final newline is fine too. */
	crisk_game_free(h);
	size_t n = strlen(rec);
	ck_assert_int_eq(crisk_record_replay(&h, rec, n - 1), CRISK_OK);
	ck_assert_uint_eq(dg_state(g), dg_state(h));
	free(rec);
	crisk_game_free(g);
	crisk_game_free(h);
}
END_TEST

static Suite *records_suite(void)
{
	Suite *s = suite_create("records");
	TCase *tc = tcase_create("records");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_golden_records_replay);
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_record_format);
	tcase_add_test(tc, test_recording_must_start_at_creation);
	tcase_add_test(tc, test_undo_removes_recorded_actions);
	tcase_add_test(tc, test_loaded_history_stays_unknown);
	tcase_add_test(tc, test_clone_and_copy_with_records);
	tcase_add_test(tc, test_replay_errors);
	tcase_add_test(tc, test_replay_comments_blanks_crlf);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(records_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
