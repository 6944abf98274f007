/* Unit tests of lib/core: errors, version, RNG (B-29), text/JSON writers,
 * parameter strings, event-log reading and redaction, the state copy. */
#include <check.h>
#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk/common.h"
#include "catanrisk/errors.h"
#include "core/error.h"
#include "core/evlog.h"
#include "core/jsonw.h"
#include "core/params.h"
#include "core/rng.h"
#include "core/state_copy.h"

/* ---- errors and version ---- */

static void *read_last_error(void *arg)
{
	*(const char **)arg = crisk_error_last();
	return NULL;
}

START_TEST(error_last_empty_in_fresh_thread)
{
	/* A thread that never failed sees "", even after another thread failed. */
	err_set(CRISK_EINVAL, "failure on the main thread");
	const char *seen = NULL;
	pthread_t th;
	ck_assert_int_eq(pthread_create(&th, NULL, read_last_error, &seen), 0);
	ck_assert_int_eq(pthread_join(th, NULL), 0);
	ck_assert_ptr_nonnull(seen);
	ck_assert_str_eq(seen, "");
	ck_assert_str_eq(crisk_error_last(), "failure on the main thread");
}
END_TEST

START_TEST(error_set_formats_and_returns_code)
{
	ck_assert_int_eq(err_set(CRISK_EPARAM, "seat %d out of range", 9), CRISK_EPARAM);
	ck_assert_str_eq(err_message(), "seat 9 out of range");
	ck_assert_str_eq(crisk_error_last(), "seat 9 out of range");
	ck_assert_ptr_eq(err_message(), crisk_error_last());
}
END_TEST

START_TEST(error_set_truncates_long_message)
{
	char big[ERR_MSG_MAX * 2];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	ck_assert_int_eq(err_set(CRISK_EFORMAT, "%s", big), CRISK_EFORMAT);
	ck_assert_uint_eq(strlen(err_message()), ERR_MSG_MAX - 1);
}
END_TEST

START_TEST(strerror_every_code)
{
	static const int codes[] = { CRISK_OK, CRISK_EINVAL, CRISK_ENOMEM, CRISK_EBUFSIZE,
				     CRISK_EILLEGAL, CRISK_ENOTFOUND, CRISK_EPARAM, CRISK_EFORMAT,
				     CRISK_ESTATE, CRISK_EUNSUPPORTED, CRISK_EHIDDEN };
	size_t n = sizeof codes / sizeof codes[0];
	for (size_t i = 0; i < n; i++) {
		const char *text = crisk_strerror(codes[i]);
		ck_assert_ptr_nonnull(text);
		ck_assert_str_ne(text, "unknown error");
		ck_assert_uint_gt(strlen(text), 0);
		for (size_t j = 0; j < i; j++)
			ck_assert_str_ne(text, crisk_strerror(codes[j]));
	}
	ck_assert_str_eq(crisk_strerror(1), "unknown error");
	ck_assert_str_eq(crisk_strerror(-11), "unknown error");
	ck_assert_str_eq(crisk_strerror(-1000000), "unknown error");
}
END_TEST

START_TEST(version_matches_macros)
{
	int major = -1, minor = -1, patch = -1;
	char expected[64];
	snprintf(expected, sizeof expected, "%d.%d.%d", CRISK_VERSION_MAJOR, CRISK_VERSION_MINOR,
		 CRISK_VERSION_PATCH);
	ck_assert_str_eq(crisk_version(&major, &minor, &patch), expected);
	ck_assert_int_eq(major, CRISK_VERSION_MAJOR);
	ck_assert_int_eq(minor, CRISK_VERSION_MINOR);
	ck_assert_int_eq(patch, CRISK_VERSION_PATCH);
	ck_assert_str_eq(crisk_version(NULL, NULL, NULL), expected);
	ck_assert_str_eq(crisk_version(NULL, &minor, NULL), expected);
}
END_TEST

/* ---- RNG (B-29, docs/rng.md) ---- */

START_TEST(rng_splitmix64_reference)
{
	rng r;
	rng_seed(&r, 0);
	ck_assert_uint_eq(r.s[0], UINT64_C(0xe220a8397b1dcdaf));
	ck_assert_uint_eq(r.s[1], UINT64_C(0x6e789e6aa1b965f4));
	ck_assert_uint_eq(r.s[2], UINT64_C(0x06c45d188009454f));
}
END_TEST

START_TEST(rng_xoshiro_reference)
{
	rng r = { { 1, 2, 3, 4 } };
	ck_assert_uint_eq(rng_next(&r), UINT64_C(11520));
	ck_assert_uint_eq(rng_next(&r), UINT64_C(0));
	ck_assert_uint_eq(rng_next(&r), UINT64_C(1509978240));
	ck_assert_uint_eq(rng_next(&r), UINT64_C(1215971899390074240));
}
END_TEST

/* Vectors from an independent implementation, also listed in docs/rng.md. */
START_TEST(rng_documented_vectors_b29)
{
	rng r;
	rng_seed(&r, 42);
	ck_assert_uint_eq(rng_next(&r), UINT64_C(0x15780b2e0c2ec716));
	ck_assert_uint_eq(rng_next(&r), UINT64_C(0x6104d9866d113a7e));
	ck_assert_uint_eq(rng_next(&r), UINT64_C(0xae17533239e499a1));

	static const uint32_t dice[10] = { 0, 2, 4, 5, 5, 4, 4, 5, 4, 3 };
	rng_seed(&r, 42);
	for (int i = 0; i < 10; i++)
		ck_assert_uint_eq(rng_uniform(&r, 6), dice[i]);

	/* B-29 shuffle: for i = len-1 down to 1, j = uniform(i+1), swap i and j. */
	static const int shuffled[10] = { 9, 1, 4, 2, 8, 7, 6, 5, 3, 0 };
	int list[10];
	for (int i = 0; i < 10; i++)
		list[i] = i;
	rng_seed(&r, 42);
	for (int i = 9; i >= 1; i--) {
		int j = (int)rng_uniform(&r, (uint32_t)i + 1);
		int tmp = list[i];
		list[i] = list[j];
		list[j] = tmp;
	}
	for (int i = 0; i < 10; i++)
		ck_assert_int_eq(list[i], shuffled[i]);

	/* k = 2^31 + 1 rejects about half the draws: 5 results use 13 draws. */
	static const uint32_t big[5] = { 2127856246u, 224274149u, 1162578065u, 1571653532u, 2016413269u };
	rng_seed(&r, 7);
	for (int i = 0; i < 5; i++)
		ck_assert_uint_eq(rng_uniform(&r, 0x80000001u), big[i]);
	rng counted;
	rng_seed(&counted, 7);
	for (int i = 0; i < 13; i++)
		rng_next(&counted);
	ck_assert_mem_eq(r.s, counted.s, sizeof r.s);
}
END_TEST

START_TEST(rng_uniform_k1_draws_nothing)
{
	rng r, before;
	rng_seed(&r, 99);
	before = r;
	ck_assert_uint_eq(rng_uniform(&r, 1), 0);
	ck_assert_mem_eq(r.s, before.s, sizeof r.s);
	/* k == 0 is a caller bug: 0 and still no draw. */
	ck_assert_uint_eq(rng_uniform(&r, 0), 0);
	ck_assert_mem_eq(r.s, before.s, sizeof r.s);
}
END_TEST

START_TEST(rng_uniform_power_of_two_uses_top_bits)
{
	rng a, b;
	rng_seed(&a, 12345);
	b = a;
	for (int i = 0; i < 1000; i++) {
		unsigned bits = 1 + (unsigned)i % 31;
		uint32_t k = UINT32_C(1) << bits;
		ck_assert_uint_eq(rng_uniform(&a, k), (uint32_t)(rng_next(&b) >> (64 - bits)));
	}
}
END_TEST

START_TEST(rng_uniform_in_range)
{
	static const uint32_t ks[] = { 2, 3, 6, 7, 11, 19, 25, 100, 1000, 65537, 0x7fffffffu, 0x80000001u,
				       0xfffffffeu, 0xffffffffu };
	rng r;
	rng_seed(&r, 2024);
	for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
		for (int j = 0; j < 5000; j++)
			ck_assert_uint_lt(rng_uniform(&r, ks[i]), ks[i]);
	}
}
END_TEST

/* Pearson chi-square of n draws of uniform(k) against the uniform law. */
static double chi_square(uint64_t seed, uint32_t k, int n)
{
	rng r;
	rng_seed(&r, seed);
	long counts[128] = { 0 };
	for (int i = 0; i < n; i++)
		counts[rng_uniform(&r, k)]++;
	double expected = (double)n / k, chi = 0;
	for (uint32_t v = 0; v < k; v++)
		chi += (counts[v] - expected) * (counts[v] - expected) / expected;
	return chi;
}

START_TEST(rng_uniform_chi_square)
{
	/* Bounds: chi-square quantiles at 1 - 1e-6 (df 5: 35.89, df 6: 38.26,
	 * df 99: 180.79), so a fair generator fails with probability < 1e-6. */
	ck_assert_double_lt(chi_square(1, 6, 600000), 35.89);
	ck_assert_double_lt(chi_square(2, 7, 700000), 38.26);
	ck_assert_double_lt(chi_square(3, 100, 1000000), 180.79);
}
END_TEST

START_TEST(rng_deterministic)
{
	rng a, b, c;
	rng_seed(&a, UINT64_MAX);
	rng_seed(&b, UINT64_MAX);
	rng_seed(&c, UINT64_MAX - 1);
	int differs = 0;
	for (int i = 0; i < 1000; i++) {
		uint64_t x = rng_next(&a);
		ck_assert_uint_eq(x, rng_next(&b));
		differs |= x != rng_next(&c);
	}
	ck_assert(differs);
}
END_TEST

/* ---- text buffer: caller buffer + required size ---- */

START_TEST(tb_exact_fit)
{
	char buf[4] = "zzz";
	textbuf t;
	size_t len = 0;
	tb_init(&t, buf, sizeof buf);
	tb_puts(&t, "ab");
	tb_putc(&t, 'c');
	ck_assert_int_eq(tb_finish(&t, &len), CRISK_OK);
	ck_assert_uint_eq(len, 3);
	ck_assert_str_eq(buf, "abc");
}
END_TEST

START_TEST(tb_one_short)
{
	char buf[3];
	textbuf t;
	size_t len = 0;
	tb_init(&t, buf, sizeof buf);
	tb_puts(&t, "abc");
	ck_assert_int_eq(tb_finish(&t, &len), CRISK_EBUFSIZE);
	ck_assert_uint_eq(len, 3);
	ck_assert_str_eq(buf, "ab");
	ck_assert_str_eq(err_message(), "buffer too small: need 4 bytes");
}
END_TEST

START_TEST(tb_cap0_null_buf)
{
	textbuf t;
	size_t len = 0;
	tb_init(&t, NULL, 0);
	tb_puts(&t, "hello");
	tb_printf(&t, " %d", 42);
	tb_putc(&t, '!');
	ck_assert_int_eq(tb_finish(&t, &len), CRISK_EBUFSIZE);
	ck_assert_uint_eq(len, 9);
	ck_assert_ptr_nonnull(strstr(err_message(), "need 10 bytes"));
	/* out_len may be NULL. */
	ck_assert_int_eq(tb_finish(&t, NULL), CRISK_EBUFSIZE);
}
END_TEST

START_TEST(tb_empty_output)
{
	char buf[1] = { 'x' };
	textbuf t;
	size_t len = 7;
	tb_init(&t, buf, sizeof buf);
	ck_assert_int_eq(tb_finish(&t, &len), CRISK_OK);
	ck_assert_uint_eq(len, 0);
	ck_assert_int_eq(buf[0], '\0');
}
END_TEST

START_TEST(tb_printf_long_output)
{
	char word[1001];
	memset(word, 'w', 1000);
	word[1000] = '\0';

	char small[16];
	textbuf t;
	size_t len;
	tb_init(&t, small, sizeof small);
	tb_puts(&t, "<");
	tb_printf(&t, "%s|%d", word, 7);
	tb_printf(&t, "%s", "tail");
	ck_assert_int_eq(tb_finish(&t, &len), CRISK_EBUFSIZE);
	ck_assert_uint_eq(len, 1 + 1000 + 2 + 4);
	ck_assert_str_eq(small, "<wwwwwwwwwwwwww");

	char *big = malloc(len + 1);
	ck_assert_ptr_nonnull(big);
	tb_init(&t, big, len + 1);
	tb_puts(&t, "<");
	tb_printf(&t, "%s|%d", word, 7);
	tb_printf(&t, "%s", "tail");
	ck_assert_int_eq(tb_finish(&t, &len), CRISK_OK);
	ck_assert_uint_eq(strlen(big), len);
	ck_assert_int_eq(memcmp(big + 1001, "|7tail", 7), 0);
	free(big);
}
END_TEST

/* ---- JSON writer ---- */

static const char *json_of(jw *w, char *buf, size_t cap)
{
	size_t len;
	ck_assert_int_eq(jw_finish(w, &len), CRISK_OK);
	ck_assert_uint_eq(strlen(buf), len);
	(void)cap;
	return buf;
}

START_TEST(jw_nesting_and_commas)
{
	char buf[256];
	jw w;
	jw_init(&w, buf, sizeof buf);
	jw_obj_begin(&w);
	jw_kint(&w, "a", 1);
	jw_key(&w, "list");
	jw_arr_begin(&w);
	jw_int(&w, INT64_MIN);
	jw_uint(&w, UINT64_MAX);
	jw_bool(&w, 1);
	jw_bool(&w, 0);
	jw_null(&w);
	jw_obj_begin(&w);
	jw_obj_end(&w);
	jw_arr_begin(&w);
	jw_arr_end(&w);
	jw_raw(&w, "{\"x\":[1]}");
	jw_str(&w, NULL);
	jw_arr_end(&w);
	jw_kstr(&w, "s", "t");
	jw_kbool(&w, "b", 5);
	jw_key(&w, "o");
	jw_obj_begin(&w);
	jw_kint(&w, "n", -3);
	jw_obj_end(&w);
	jw_obj_end(&w);
	ck_assert_str_eq(json_of(&w, buf, sizeof buf),
			 "{\"a\":1,\"list\":[-9223372036854775808,18446744073709551615,true,false,null,{},[],"
			 "{\"x\":[1]},null],\"s\":\"t\",\"b\":true,\"o\":{\"n\":-3}}");
}
END_TEST

START_TEST(jw_string_escapes)
{
	char buf[256];
	jw w;
	jw_init(&w, buf, sizeof buf);
	jw_arr_begin(&w);
	jw_str(&w, "q\"b\\n\nt\tr\rb\bf\f");
	jw_str(&w, "\x01\x1f\x7f");
	jw_str(&w, "caf\xc3\xa9 \xe2\x82\xac");
	jw_str(&w, "");
	jw_arr_end(&w);
	ck_assert_str_eq(json_of(&w, buf, sizeof buf),
			 "[\"q\\\"b\\\\n\\nt\\tr\\rb\\bf\\f\",\"\\u0001\\u001f\x7f\",\"caf\xc3\xa9 \xe2\x82\xac\",\"\"]");
	/* Keys are escaped too. */
	jw_init(&w, buf, sizeof buf);
	jw_obj_begin(&w);
	jw_kint(&w, "k\"\n", 1);
	jw_obj_end(&w);
	ck_assert_str_eq(json_of(&w, buf, sizeof buf), "{\"k\\\"\\n\":1}");
}
END_TEST

START_TEST(jw_doubles)
{
	char buf[256];
	jw w;
	jw_init(&w, buf, sizeof buf);
	jw_arr_begin(&w);
	jw_double(&w, 0.1);
	jw_double(&w, 1.0);
	jw_double(&w, -2.5);
	jw_double(&w, 1e300);
	jw_double(&w, NAN);
	jw_double(&w, INFINITY);
	jw_double(&w, -INFINITY);
	jw_arr_end(&w);
	ck_assert_str_eq(json_of(&w, buf, sizeof buf),
			 "[0.10000000000000001,1,-2.5,1.0000000000000001e+300,null,null,null]");
	/* The text reads back to the same double. */
	jw_init(&w, buf, sizeof buf);
	jw_double(&w, 1.0 / 3.0);
	ck_assert(strtod(json_of(&w, buf, sizeof buf), NULL) == 1.0 / 3.0);
}
END_TEST

START_TEST(jw_double_ignores_locale)
{
	/* A locale with a decimal comma must not leak into JSON.  Skipped
	 * silently where no such locale is installed. */
	static const char *const locales[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "de_DE", NULL };
	const char *set = NULL;
	for (int i = 0; locales[i] && !set; i++)
		set = setlocale(LC_NUMERIC, locales[i]);
	char buf[64];
	jw w;
	jw_init(&w, buf, sizeof buf);
	jw_double(&w, -2.5);
	setlocale(LC_NUMERIC, "C");
	ck_assert_str_eq(json_of(&w, buf, sizeof buf), "-2.5");
}
END_TEST

START_TEST(jw_deep_nesting_is_safe)
{
	/* Beyond JW_MAX_DEPTH the writer must stay in bounds (ASan checks) and
	 * get commas right again once back at a tracked level. */
	enum { DEEP = JW_MAX_DEPTH + 40 };
	char buf[4 * DEEP + 16];
	char expected[4 * DEEP + 16];
	jw w;
	jw_init(&w, buf, sizeof buf);
	jw_arr_begin(&w);
	for (int i = 0; i < DEEP; i++)
		jw_arr_begin(&w);
	for (int i = 0; i < DEEP; i++)
		jw_arr_end(&w);
	jw_int(&w, 1);
	jw_arr_end(&w);
	size_t n = 0;
	expected[n++] = '[';
	for (int i = 0; i < DEEP; i++)
		expected[n++] = '[';
	for (int i = 0; i < DEEP; i++)
		expected[n++] = ']';
	memcpy(expected + n, ",1]", 4);
	ck_assert_str_eq(json_of(&w, buf, sizeof buf), expected);
	/* Unbalanced closes do not underflow. */
	jw_init(&w, buf, sizeof buf);
	jw_arr_end(&w);
	jw_obj_end(&w);
	jw_int(&w, 2);
	ck_assert_str_eq(json_of(&w, buf, sizeof buf), "]}2");
}
END_TEST

START_TEST(jw_buffer_convention)
{
	char buf[8];
	jw w;
	size_t len;
	jw_init(&w, buf, sizeof buf);
	jw_arr_begin(&w);
	jw_int(&w, 12345);
	jw_int(&w, 6);
	jw_arr_end(&w);
	ck_assert_int_eq(jw_finish(&w, &len), CRISK_EBUFSIZE);
	ck_assert_uint_eq(len, strlen("[12345,6]"));
	ck_assert_str_eq(buf, "[12345,");

	jw_init(&w, NULL, 0);
	jw_kstr(&w, "k", "v");
	ck_assert_int_eq(jw_finish(&w, &len), CRISK_EBUFSIZE);
	ck_assert_uint_eq(len, strlen("\"k\":\"v\""));
}
END_TEST

/* ---- parameters ---- */

static const char *const board_choices[] = { "beginner", "random", "custom", NULL };

enum { P_PLAYERS, P_SEED, P_BOARD, P_ROBBER, P_NAME, P_COUNT };

static const param_desc descs[P_COUNT] = {
	{ "players", "p", PT_INT, "4", 2, 6, NULL, "2..6", "number of seats" },
	{ "seed", NULL, PT_UINT64, NULL, 0, 0, NULL, "0..18446744073709551615", "RNG seed" },
	{ "board", NULL, PT_ENUM, "random", 0, 0, board_choices, "beginner|random|custom", "layout" },
	{ "friendly_robber", NULL, PT_BOOL, "off", 0, 0, NULL, "off|on", "robber rule" },
	{ "name", NULL, PT_STRING, "anon", 0, 0, NULL, "a word", "label" },
};

static void assert_empty(const param_set *p)
{
	ck_assert_int_eq(p->n, 0);
	ck_assert_uint_eq(p->given, 0);
	for (int i = 0; i < PARAMS_MAX; i++)
		ck_assert_ptr_null(p->str[i]);
}

/* Parses text expecting CRISK_EPARAM whose message contains every given piece. */
static void expect_param_error(const char *text, const char *piece1, const char *piece2)
{
	param_set p;
	ck_assert_int_eq(params_parse(&p, descs, P_COUNT, text), CRISK_EPARAM);
	assert_empty(&p);
	const char *msg = crisk_error_last();
	if (!strstr(msg, piece1) || (piece2 && !strstr(msg, piece2)))
		ck_abort_msg("for \"%s\": message \"%s\" lacks \"%s\"/\"%s\"", text, msg, piece1,
			     piece2 ? piece2 : "");
}

START_TEST(params_defaults)
{
	param_set p;
	ck_assert_int_eq(params_parse(&p, descs, P_COUNT, "seed=7"), CRISK_OK);
	ck_assert_int_eq(p.n, P_COUNT);
	ck_assert_uint_eq(p.given, 1u << P_SEED);
	ck_assert_int_eq(p.num[P_PLAYERS], 4);
	ck_assert_int_eq(p.num[P_SEED], 7);
	ck_assert_int_eq(p.num[P_BOARD], 1);
	ck_assert_int_eq(p.num[P_ROBBER], 0);
	ck_assert_str_eq(p.str[P_NAME], "anon");
	ck_assert_ptr_null(p.str[P_PLAYERS]);
	params_free(&p);
	assert_empty(&p);
	params_free(NULL);
}
END_TEST

START_TEST(params_separators_and_alias)
{
	param_set p;
	ck_assert_int_eq(params_parse(&p, descs, P_COUNT,
				      " ;\tp=+3;;seed=0xDEADbeef\t board=custom ; friendly_robber=yes name=a=b; "),
			 CRISK_OK);
	ck_assert_int_eq(p.num[P_PLAYERS], 3);
	ck_assert_int_eq(p.num[P_SEED], 0xdeadbeef);
	ck_assert_int_eq(p.num[P_BOARD], 2);
	ck_assert_int_eq(p.num[P_ROBBER], 1);
	ck_assert_str_eq(p.str[P_NAME], "a=b");
	ck_assert_uint_eq(p.given, (1u << P_COUNT) - 1);
	params_free(&p);
}
END_TEST

START_TEST(params_bool_spellings)
{
	static const char *const spellings[] = { "0", "off", "false", "no", "1", "on", "true", "yes" };
	for (int i = 0; i < 8; i++) {
		char text[64];
		param_set p;
		snprintf(text, sizeof text, "seed=1 friendly_robber=%s", spellings[i]);
		ck_assert_int_eq(params_parse(&p, descs, P_COUNT, text), CRISK_OK);
		ck_assert_int_eq(p.num[P_ROBBER], i >= 4);
		params_free(&p);
	}
	expect_param_error("seed=1 friendly_robber=2", "friendly_robber", "off|on");
	expect_param_error("seed=1 friendly_robber=On", "friendly_robber", "off|on");
}
END_TEST

START_TEST(params_uint64_extremes)
{
	param_set p;
	ck_assert_int_eq(params_parse(&p, descs, P_COUNT, "seed=18446744073709551615"), CRISK_OK);
	ck_assert_uint_eq((uint64_t)p.num[P_SEED], UINT64_MAX);
	params_free(&p);
	ck_assert_int_eq(params_parse(&p, descs, P_COUNT, "seed=0xffffffffffffffff"), CRISK_OK);
	ck_assert_uint_eq((uint64_t)p.num[P_SEED], UINT64_MAX);
	params_free(&p);
	ck_assert_int_eq(params_parse(&p, descs, P_COUNT, "seed=9223372036854775808"), CRISK_OK);
	ck_assert_uint_eq((uint64_t)p.num[P_SEED], UINT64_C(9223372036854775808));
	params_free(&p);
	ck_assert_int_eq(params_parse(&p, descs, P_COUNT, "seed=0"), CRISK_OK);
	ck_assert_uint_eq((uint64_t)p.num[P_SEED], 0);
	params_free(&p);
	ck_assert_int_eq(params_parse(&p, descs, P_COUNT, "seed=0x0"), CRISK_OK);
	params_free(&p);

	expect_param_error("seed=18446744073709551616", "seed", "out of range");
	expect_param_error("seed=0x10000000000000000", "seed", "out of range");
	expect_param_error("seed=99999999999999999999999", "seed", "0..18446744073709551615");
	expect_param_error("seed=-1", "seed", "bad value");
	expect_param_error("seed=0x", "seed", "bad value");
	expect_param_error("seed=0xg", "seed", "bad value");
	expect_param_error("seed=12a", "seed", "bad value");
	expect_param_error("seed=+1", "seed", "bad value");
}
END_TEST

START_TEST(params_int_extremes)
{
	static const param_desc wide[1] = {
		{ "v", NULL, PT_INT, "0", INT64_MIN, INT64_MAX, NULL, "any int64", "" },
	};
	param_set p;
	ck_assert_int_eq(params_parse(&p, wide, 1, "v=9223372036854775807"), CRISK_OK);
	ck_assert_int_eq(p.num[0], INT64_MAX);
	ck_assert_int_eq(params_parse(&p, wide, 1, "v=-9223372036854775808"), CRISK_OK);
	ck_assert_int_eq(p.num[0], INT64_MIN);
	ck_assert_int_eq(params_parse(&p, wide, 1, "v=-0"), CRISK_OK);
	ck_assert_int_eq(p.num[0], 0);
	ck_assert_int_eq(params_parse(&p, wide, 1, "v=007"), CRISK_OK);
	ck_assert_int_eq(p.num[0], 7);
	static const char *const bad[] = { "v=9223372036854775808", "v=-9223372036854775809",
					   "v=100000000000000000000", "v=-", "v=+", "v=1a", "v=0x10", "v=1.5" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_int_eq(params_parse(&p, wide, 1, bad[i]), CRISK_EPARAM);
		ck_assert_ptr_nonnull(strstr(crisk_error_last(), "'v'"));
		ck_assert_ptr_nonnull(strstr(crisk_error_last(), "any int64"));
	}
}
END_TEST

START_TEST(params_error_messages)
{
	/* Unknown key: the message lists the module's keys. */
	expect_param_error("seed=1 colour=red", "colour", "players (or p), seed, board, friendly_robber, name");
	expect_param_error("seed=1 =5", "unknown parameter ''", "players");
	expect_param_error("seed=1 players", "players", "missing '='");
	expect_param_error("seed=1 players", "players", "2..6");
	expect_param_error("seed=1 bogus", "bogus", "seed");
	expect_param_error("seed=1 players=", "players", "empty value");
	expect_param_error("seed=1 players=", "players", "2..6");
	expect_param_error("seed=1 players=x", "players", "2..6");
	expect_param_error("seed=1 players=7", "players", "out of range");
	expect_param_error("seed=1 players=1", "players", "2..6");
	expect_param_error("seed=1 board=hexagon", "board", "beginner|random|custom");
	expect_param_error("seed=1 players=3 players=3", "players", "twice");
	expect_param_error("seed=1 players=3 p=4", "players", "2..6");
	expect_param_error("seed=1 seed=1", "seed", "twice");
	expect_param_error("players=3", "missing required parameter 'seed'", "0..18446744073709551615");
	expect_param_error("", "seed", "required");
	expect_param_error("seed=1 name=", "name", "a word");
	/* Failing after a string was stored frees it (ASan would report a leak). */
	expect_param_error("name=bob seed=1 oops=1", "oops", "name");
	expect_param_error("name=bob", "seed", "required");
}
END_TEST

START_TEST(params_table_errors)
{
	static const param_desc bad_default[1] = {
		{ "limit", NULL, PT_INT, "ten", 0, 95, NULL, "0..95", "" },
	};
	static const param_desc bad_choice_default[1] = {
		{ "mode", NULL, PT_ENUM, "fast", 0, 0, board_choices, "beginner|random|custom", "" },
	};
	static const param_desc no_accepted[1] = {
		{ "flag", NULL, PT_BOOL, "off", 0, 0, NULL, NULL, "" },
	};
	param_set p;
	ck_assert_int_eq(params_parse(&p, bad_default, 1, NULL), CRISK_EPARAM);
	assert_empty(&p);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "limit"));
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "default"));
	ck_assert_int_eq(params_parse(&p, bad_choice_default, 1, ""), CRISK_EPARAM);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "mode"));
	/* A given value does not need the bad default. */
	ck_assert_int_eq(params_parse(&p, bad_default, 1, "limit=5"), CRISK_OK);
	ck_assert_int_eq(p.num[0], 5);
	/* Without an accepted text the type's own description is shown. */
	ck_assert_int_eq(params_parse(&p, no_accepted, 1, "flag=maybe"), CRISK_EPARAM);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "on|off"));

	ck_assert_int_eq(params_parse(&p, descs, PARAMS_MAX + 1, ""), CRISK_EINVAL);
	assert_empty(&p);
	ck_assert_int_eq(params_parse(&p, descs, -1, ""), CRISK_EINVAL);
	ck_assert_int_eq(params_parse(NULL, descs, P_COUNT, "seed=1"), CRISK_EINVAL);
	ck_assert_int_eq(params_parse(&p, NULL, 3, ""), CRISK_EINVAL);
	/* No table and no text is fine; any key is then unknown. */
	ck_assert_int_eq(params_parse(&p, NULL, 0, NULL), CRISK_OK);
	ck_assert_int_eq(p.n, 0);
	ck_assert_int_eq(params_parse(&p, NULL, 0, "a=1"), CRISK_EPARAM);
	ck_assert_ptr_nonnull(strstr(crisk_error_last(), "'a'"));
}
END_TEST

START_TEST(params_canonical_round_trip)
{
	param_set a, b;
	ck_assert_int_eq(params_parse(&a, descs, P_COUNT,
				      "name=bob;board=custom seed=0xffffffffffffffff p=3 friendly_robber=on"),
			 CRISK_OK);
	char buf[256];
	textbuf t;
	size_t len;
	tb_init(&t, buf, sizeof buf);
	params_format(&a, descs, P_COUNT, &t);
	ck_assert_int_eq(tb_finish(&t, &len), CRISK_OK);
	ck_assert_str_eq(buf, "players=3 seed=18446744073709551615 board=custom friendly_robber=1 name=bob");

	ck_assert_int_eq(params_parse(&b, descs, P_COUNT, buf), CRISK_OK);
	for (int i = 0; i < P_COUNT; i++)
		ck_assert_int_eq(a.num[i], b.num[i]);
	ck_assert_str_eq(b.str[P_NAME], "bob");
	params_free(&a);
	params_free(&b);

	/* Defaults format too. */
	ck_assert_int_eq(params_parse(&a, descs, P_COUNT, "seed=5"), CRISK_OK);
	tb_init(&t, buf, sizeof buf);
	params_format(&a, descs, P_COUNT, &t);
	ck_assert_int_eq(tb_finish(&t, &len), CRISK_OK);
	ck_assert_str_eq(buf, "players=4 seed=5 board=random friendly_robber=0 name=anon");
	params_free(&a);
}
END_TEST

/* ---- event log ---- */

static void push_numbered(evlog *l, int type)
{
	ev *e = ev_push(l, (unsigned)type, type % 4, -1);
	if (e)
		for (int i = 0; i < 6; i++)
			e->args[i] = type * 10 + i;
}

START_TEST(evlog_read_range)
{
	ev ring[4];
	evlog l = { .ring = ring, .cap = 4, .next = 1 };
	crisk_event out = CRISK_EVENT_INIT;
	ck_assert_int_eq(ev_read(&l, 1, CRISK_VIEWER_OMNISCIENT, &out), -1);
	for (int t = 1; t <= 3; t++)
		push_numbered(&l, t);
	ck_assert_int_eq(ev_read(&l, 0, CRISK_VIEWER_OMNISCIENT, &out), -1);
	ck_assert_int_eq(ev_read(&l, 4, CRISK_VIEWER_OMNISCIENT, &out), -1);
	for (uint64_t s = 1; s <= 3; s++) {
		out.version = 77;
		ck_assert_int_eq(ev_read(&l, s, CRISK_VIEWER_SPECTATOR, &out), 0);
		ck_assert_uint_eq(out.version, 77);
		ck_assert_uint_eq(out.seq, s);
		ck_assert_uint_eq(out.type, s);
		ck_assert_int_eq(out.seat, (int)s % 4);
		ck_assert_int_eq(out.target, -1);
		for (int i = 0; i < 6; i++)
			ck_assert_int_eq(out.args[i], (int)s * 10 + i);
	}
}
END_TEST

START_TEST(evlog_ring_wraps)
{
	ev ring[4];
	evlog l = { .ring = ring, .cap = 4, .next = 1 };
	crisk_event out = CRISK_EVENT_INIT;
	for (int t = 1; t <= 10; t++)
		push_numbered(&l, t);
	ck_assert_uint_eq(l.next, 11);
	ck_assert_uint_eq(ev_first(&l), 7);
	ck_assert_int_eq(ev_read(&l, 6, CRISK_VIEWER_OMNISCIENT, &out), -1);
	ck_assert_int_eq(ev_read(&l, 1, CRISK_VIEWER_OMNISCIENT, &out), -1);
	ck_assert_int_eq(ev_read(&l, 11, CRISK_VIEWER_OMNISCIENT, &out), -1);
	for (uint64_t s = 7; s <= 10; s++) {
		ck_assert_int_eq(ev_read(&l, s, CRISK_VIEWER_OMNISCIENT, &out), 0);
		ck_assert_uint_eq(out.seq, s);
		ck_assert_uint_eq(out.type, s);
		ck_assert_int_eq(out.args[5], (int)s * 10 + 5);
	}
}
END_TEST

START_TEST(evlog_base_hides_older)
{
	/* An emptied log sets base: events older than it are no longer readable. */
	ev ring[8];
	evlog l = { .ring = ring, .cap = 8, .next = 1 };
	crisk_event out = CRISK_EVENT_INIT;
	for (int t = 1; t <= 5; t++)
		push_numbered(&l, t);
	l.base = 4;
	ck_assert_uint_eq(ev_first(&l), 4);
	ck_assert_int_eq(ev_read(&l, 3, CRISK_VIEWER_OMNISCIENT, &out), -1);
	ck_assert_int_eq(ev_read(&l, 4, CRISK_VIEWER_OMNISCIENT, &out), 0);
	ck_assert_uint_eq(out.seq, 4);
	ck_assert_int_eq(ev_read(&l, 5, CRISK_VIEWER_OMNISCIENT, &out), 0);
	ck_assert_int_eq(ev_read(&l, 6, CRISK_VIEWER_OMNISCIENT, &out), -1);
}
END_TEST

START_TEST(evlog_cap0)
{
	evlog l = { .ring = NULL, .cap = 0, .next = 1 };
	crisk_event out = CRISK_EVENT_INIT;
	ck_assert_ptr_null(ev_push(&l, 1, 0, -1));
	ck_assert_ptr_null(ev_push(&l, 2, 0, -1));
	ck_assert_uint_eq(l.next, 3);
	ck_assert_uint_eq(ev_first(&l), 3);
	for (uint64_t s = 0; s <= 3; s++)
		ck_assert_int_eq(ev_read(&l, s, CRISK_VIEWER_OMNISCIENT, &out), -1);
}
END_TEST

START_TEST(evlog_redaction)
{
	ev ring[2];
	evlog l = { .ring = ring, .cap = 2, .next = 1 };
	ev *e = ev_push(&l, 5, 2, 1);
	for (int i = 0; i < 6; i++)
		e->args[i] = 100 + i;
	e->hidden = (1u << 0) | (1u << 2); /* args 0 and 2 are private */
	e->see_mask = (1u << 2) | (1u << 1) | (1u << 7);

	static const struct {
		int viewer;
		int sees;
	} cases[] = {
		{ 2, 1 }, { 1, 1 }, { 7, 1 }, { 0, 0 }, { 3, 0 }, { 8, 0 }, { 100, 0 }, { -1, 0 },
		{ CRISK_VIEWER_SPECTATOR, 0 }, { CRISK_VIEWER_OMNISCIENT, 1 },
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		crisk_event out = CRISK_EVENT_INIT;
		ck_assert_int_eq(ev_read(&l, 1, cases[c].viewer, &out), 0);
		ck_assert_int_eq(out.seat, 2);
		ck_assert_int_eq(out.target, 1);
		for (int i = 0; i < 6; i++) {
			int hidden = (i == 0 || i == 2) && !cases[c].sees;
			ck_assert_msg(out.args[i] == (hidden ? CRISK_HIDDEN : 100 + i), "viewer %d arg %d: %d",
				      cases[c].viewer, i, out.args[i]);
		}
	}
	/* Spectators never see hidden arguments, whatever the mask says. */
	e->see_mask = 0xff;
	crisk_event out = CRISK_EVENT_INIT;
	ck_assert_int_eq(ev_read(&l, 1, CRISK_VIEWER_SPECTATOR, &out), 0);
	ck_assert_int_eq(out.args[0], CRISK_HIDDEN);
	ck_assert_int_eq(out.args[1], 101);
}
END_TEST

/* ---- the state copy of crisk_game_copy, once per vector width ---- */

typedef void (*copy_fn)(unsigned char *dst, const unsigned char *src, size_t n);

static void copy_plain(unsigned char *dst, const unsigned char *src, size_t n)
{
	copy_state(dst, src, n);
}

#if defined(CRISK_HAVE_TARGET_CLONES)
/* The same code as crisk_game_copy's clones for these widths, which the
 * resolver would not pick on a CPU with a wider one. */
__attribute__((target("avx2"))) static void copy_avx2(unsigned char *dst, const unsigned char *src, size_t n)
{
	copy_state(dst, src, n);
}

__attribute__((target("avx512f"))) static void copy_avx512(unsigned char *dst, const unsigned char *src, size_t n)
{
	copy_state(dst, src, n);
}
#endif

/* Every size up to 1100 bytes at several alignments: the bytes arrive and
 * nothing around the destination changes. */
static void check_copy(copy_fn copy)
{
	enum { MAX = 1100, GUARD = 80, UNTOUCHED = 0xEE };
	static unsigned char src[MAX + 2 * GUARD], dst[MAX + 2 * GUARD];
	static const size_t offsets[] = {0, 1, 8, 16, 40};
	for (size_t n = 0; n <= MAX; n++) {
		for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; o++) {
			for (size_t i = 0; i < sizeof src; i++)
				src[i] = (unsigned char)(i * 131u + n);
			memset(dst, UNTOUCHED, sizeof dst);
			copy(dst + GUARD + offsets[o], src + GUARD + offsets[o], n);
			ck_assert_msg(!memcmp(dst + GUARD + offsets[o], src + GUARD + offsets[o], n),
				      "copy of %zu bytes at offset %zu differs", n, offsets[o]);
			size_t stray = 0;
			for (size_t i = 0; i < sizeof dst; i++)
				stray += (i < GUARD + offsets[o] || i >= GUARD + offsets[o] + n) && dst[i] != UNTOUCHED;
			ck_assert_msg(!stray, "copy of %zu bytes at offset %zu wrote %zu bytes around it", n,
				      offsets[o], stray);
		}
	}
}

START_TEST(state_copy_plain)
{
	check_copy(copy_plain);
}
END_TEST

#if defined(CRISK_HAVE_TARGET_CLONES)
START_TEST(state_copy_vector_widths)
{
	if (__builtin_cpu_supports("avx2"))
		check_copy(copy_avx2);
	if (__builtin_cpu_supports("avx512f"))
		check_copy(copy_avx512);
}
END_TEST
#endif

static Suite *core_suite(void)
{
	Suite *s = suite_create("core");
	TCase *tc = tcase_create("errors");
	tcase_add_test(tc, error_last_empty_in_fresh_thread);
	tcase_add_test(tc, error_set_formats_and_returns_code);
	tcase_add_test(tc, error_set_truncates_long_message);
	tcase_add_test(tc, strerror_every_code);
	tcase_add_test(tc, version_matches_macros);
	suite_add_tcase(s, tc);

	tc = tcase_create("rng");
	tcase_add_test(tc, rng_splitmix64_reference);
	tcase_add_test(tc, rng_xoshiro_reference);
	tcase_add_test(tc, rng_documented_vectors_b29);
	tcase_add_test(tc, rng_uniform_k1_draws_nothing);
	tcase_add_test(tc, rng_uniform_power_of_two_uses_top_bits);
	tcase_add_test(tc, rng_uniform_in_range);
	tcase_add_test(tc, rng_uniform_chi_square);
	tcase_add_test(tc, rng_deterministic);
	suite_add_tcase(s, tc);

	tc = tcase_create("textbuf");
	tcase_add_test(tc, tb_exact_fit);
	tcase_add_test(tc, tb_one_short);
	tcase_add_test(tc, tb_cap0_null_buf);
	tcase_add_test(tc, tb_empty_output);
	tcase_add_test(tc, tb_printf_long_output);
	suite_add_tcase(s, tc);

	tc = tcase_create("json");
	tcase_add_test(tc, jw_nesting_and_commas);
	tcase_add_test(tc, jw_string_escapes);
	tcase_add_test(tc, jw_doubles);
	tcase_add_test(tc, jw_double_ignores_locale);
	tcase_add_test(tc, jw_deep_nesting_is_safe);
	tcase_add_test(tc, jw_buffer_convention);
	suite_add_tcase(s, tc);

	tc = tcase_create("params");
	tcase_add_test(tc, params_defaults);
	tcase_add_test(tc, params_separators_and_alias);
	tcase_add_test(tc, params_bool_spellings);
	tcase_add_test(tc, params_uint64_extremes);
	tcase_add_test(tc, params_int_extremes);
	tcase_add_test(tc, params_error_messages);
	tcase_add_test(tc, params_table_errors);
	tcase_add_test(tc, params_canonical_round_trip);
	suite_add_tcase(s, tc);

	tc = tcase_create("evlog");
	tcase_add_test(tc, evlog_read_range);
	tcase_add_test(tc, evlog_ring_wraps);
	tcase_add_test(tc, evlog_base_hides_older);
	tcase_add_test(tc, evlog_cap0);
	tcase_add_test(tc, evlog_redaction);
	suite_add_tcase(s, tc);

	tc = tcase_create("state_copy");
	tcase_add_test(tc, state_copy_plain);
#if defined(CRISK_HAVE_TARGET_CLONES)
	tcase_add_test(tc, state_copy_vector_widths);
#endif
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	Suite *s = core_suite();
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
