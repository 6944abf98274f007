/* muhq's text, views and saves (mq_text.c, mq_view.c, mq_save.c) through
 * the public API: random games where every reached state survives binary
 * and JSON save/load byte for byte, every legal action's text converts
 * back to its code, every event has a text for every viewer, a seat's view
 * never shows the ids of cards it may not see, and corrupted state bytes
 * are refused or load into a state that every call handles. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk.h"
#include "core/jsonr.h"

#define ACT_MAX 65536
#define BUF_MAX (1u << 22)

static uint64_t rnd_state = 88172645463325252ull;
static uint64_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

static crisk_action acts[ACT_MAX];
static char jbuf[BUF_MAX], jbuf2[BUF_MAX];
static uint8_t sbuf[BUF_MAX], sbuf2[BUF_MAX];

static crisk_game *new_game(const char *params)
{
	crisk_rules *r = NULL;
	int rc = crisk_rules_new(&r, "muhq", params);
	ck_assert_msg(rc == CRISK_OK, "rules '%s': %s", params, crisk_error_last());
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	return g;
}

static size_t save(const crisk_game *g, uint8_t *buf)
{
	size_t len = 0;
	int rc = crisk_game_save(g, buf, BUF_MAX, &len);
	ck_assert_msg(rc == CRISK_OK, "save: %s", crisk_error_last());
	return len;
}

static size_t save_json(const crisk_game *g, char *buf)
{
	size_t len = 0;
	int rc = crisk_game_save_json(g, buf, BUF_MAX, &len);
	ck_assert_msg(rc == CRISK_OK, "save_json: %s", crisk_error_last());
	return len;
}

/* save -> load -> save, binary and JSON, and across the two. */
static void check_round_trips(const crisk_game *g)
{
	size_t n = save(g, sbuf);
	crisk_game *h = NULL;
	int rc = crisk_game_load(&h, sbuf, n);
	ck_assert_msg(rc == CRISK_OK, "load: %s", crisk_error_last());
	ck_assert_uint_eq(save(h, sbuf2), n);
	ck_assert_int_eq(memcmp(sbuf, sbuf2, n), 0);
	size_t jn = save_json(g, jbuf);
	crisk_game *k = NULL;
	rc = crisk_game_load_json(&k, jbuf, jn);
	ck_assert_msg(rc == CRISK_OK, "load_json: %s", crisk_error_last());
	ck_assert_uint_eq(save_json(k, jbuf2), jn);
	ck_assert_int_eq(memcmp(jbuf, jbuf2, jn), 0);
	ck_assert_uint_eq(save(k, sbuf2), n);
	ck_assert_int_eq(memcmp(sbuf, sbuf2, n), 0);
	crisk_game_free(h);
	crisk_game_free(k);
}

static void check_texts(const crisk_game *g, const crisk_action *a, size_t n)
{
	char text[256];
	for (size_t i = 0; i < n; i++) {
		int rc = crisk_game_action_to_string(g, a[i], text, sizeof text, NULL);
		ck_assert_msg(rc == CRISK_OK, "to_string 0x%016llx: %s", (unsigned long long)a[i], crisk_error_last());
		crisk_action back = 0;
		rc = crisk_game_action_from_string(&back, g, text);
		ck_assert_msg(rc == CRISK_OK, "from_string '%s': %s", text, crisk_error_last());
		ck_assert_msg(back == a[i], "'%s': 0x%016llx came back as 0x%016llx", text, (unsigned long long)a[i],
			      (unsigned long long)back);
	}
}

/* Ids of cards in the JSON arrays seats[s].key (s = -1: every seat). */
static void collect_ids(const jnode *root, int seat, const char *key, uint8_t *set)
{
	const jnode *seats = jr_member(root, "seats");
	for (const jnode *s = seats ? seats->first : NULL; s; s = s->next) {
		if (seat >= 0 && (int)s->index != seat)
			continue;
		const jnode *arr = jr_member(s, key);
		for (const jnode *c = arr ? arr->first : NULL; c; c = c->next) {
			const jnode *id = jr_member(c, "id");
			if (id && id->type == JN_NUM && id->i >= 0 && id->i < 1024)
				set[id->i] = 1;
		}
	}
}

/* No number under "id", "card", "src" or "up" anywhere in n is in hidden. */
static void no_hidden(const jnode *n, const uint8_t *hidden, const char *who)
{
	for (const jnode *c = n->first; c; c = c->next) {
		if (c->type == JN_NUM && c->key &&
		    (!strcmp(c->key, "id") || !strcmp(c->key, "card") || !strcmp(c->key, "src") || !strcmp(c->key, "up")))
			ck_assert_msg(c->i < 0 || c->i >= 1024 || !hidden[c->i], "%s sees card #%lld", who, (long long)c->i);
		if (c->type == JN_ARR || c->type == JN_OBJ)
			no_hidden(c, hidden, who);
	}
}

static jnode *view(const crisk_game *g, int viewer)
{
	size_t len = 0;
	int rc = crisk_game_to_json(g, viewer, jbuf, BUF_MAX, &len);
	ck_assert_msg(rc == CRISK_OK, "to_json: %s", crisk_error_last());
	jnode *root = NULL;
	rc = jr_parse(&root, jbuf, len);
	ck_assert_msg(rc == CRISK_OK, "view of %d is not JSON", viewer);
	return root;
}

static void check_views(const crisk_game *g, int seats)
{
	jnode *omni = view(g, CRISK_VIEWER_OMNISCIENT);
	for (int v = -3; v < seats; v++) {
		if (v < 0 && v != CRISK_VIEWER_SPECTATOR)
			continue;
		uint8_t hidden[1024];
		memset(hidden, 0, sizeof hidden);
		for (int s = 0; s < seats; s++)
			if (s != v)
				collect_ids(omni, s, "hand", hidden);
		collect_ids(omni, -1, "deck", hidden);
		const jnode *draft = jr_member(omni, "draft");
		if (draft && draft->type == JN_OBJ) {
			const jnode *piles = jr_member(draft, "piles"), *held = jr_member(draft, "held");
			const jnode *picked = jr_member(draft, "picked");
			int mine = -1;
			for (const jnode *h = held ? held->first : NULL; h; h = h->next)
				if ((int)h->index == v)
					mine = (int)h->i;
			for (const jnode *p = piles ? piles->first : NULL; p; p = p->next)
				if ((int)p->index != mine)
					for (const jnode *c = p->first; c; c = c->next)
						hidden[jr_member(c, "id")->i] = 1;
			for (const jnode *p = picked ? picked->first : NULL; p; p = p->next)
				if ((int)p->index != v)
					for (const jnode *c = jr_member(p, "cards")->first; c; c = c->next)
						hidden[jr_member(c, "id")->i] = 1;
		}
		jnode *mine = view(g, v);
		char who[32];
		snprintf(who, sizeof who, "viewer %d", v);
		no_hidden(mine, hidden, who);
		jr_free(mine);
	}
	jr_free(omni);
}

static void check_events(const crisk_game *g, uint64_t since, int seats)
{
	uint64_t first = 0, next = 0;
	ck_assert_int_eq(crisk_game_event_range(g, &first, &next), CRISK_OK);
	if (since < first)
		since = first;
	char text[512];
	for (uint64_t q = since; q < next; q++)
		for (int v = -4; v < seats; v++) {
			if (v == -1 || v == -2)
				continue;
			crisk_event e = CRISK_EVENT_INIT;
			ck_assert_int_eq(crisk_game_event(&e, g, q, v), CRISK_OK);
			ck_assert_int_eq(crisk_event_to_string(g, &e, text, sizeof text, NULL), CRISK_OK);
			ck_assert(strlen(text) > 0);
		}
	size_t len = 0;
	ck_assert_int_eq(crisk_game_events_json(g, since, 0, jbuf, BUF_MAX, &len), CRISK_OK);
}

/* A random action, not a concession while there is anything else. */
static crisk_action pick(const crisk_action *a, size_t n)
{
	for (int tries = 0; tries < 16; tries++) {
		crisk_action x = a[rnd() % n];
		if (x >> 56 != 23) /* MQ_A_CONCEDE */
			return x;
	}
	return a[rnd() % n];
}

/* Plays a random game, checking every step; returns the steps taken. */
static int play(const char *params, int max_steps, int every)
{
	crisk_game *g = new_game(params);
	int seats = crisk_rules_num_seats(crisk_game_rules(g));
	uint64_t seen = 1;
	int step = 0;
	for (; step < max_steps; step++) {
		int winner;
		if (crisk_game_status(g, &winner) != CRISK_STATUS_RUNNING)
			break;
		size_t n = 0;
		int rc = crisk_game_legal_actions(g, acts, ACT_MAX, &n);
		ck_assert_msg(rc == CRISK_OK, "legal: %s", crisk_error_last());
		ck_assert_msg(n > 0, "no legal action at step %d", step);
		check_texts(g, acts, n);
		if (step % every == 0) {
			check_round_trips(g);
			check_views(g, seats);
		}
		crisk_action a = pick(acts, n);
		rc = crisk_game_apply(g, a);
		ck_assert_msg(rc == CRISK_OK, "apply: %s", crisk_error_last());
		uint64_t next = 0;
		crisk_game_event_range(g, NULL, &next);
		check_events(g, seen, seats);
		seen = next;
	}
	check_round_trips(g);
	check_views(g, seats);
	crisk_game_free(g);
	fprintf(stderr, "# %s: %d steps\n", params, step);
	return step;
}

START_TEST(test_random_games_quick_start)
{
	for (int seed = 1; seed <= 3; seed++) {
		char p[128];
		snprintf(p, sizeof p, "map=2P-ring-street players=2 draft=none seed=%d", seed);
		play(p, 1500, 1);
	}
}
END_TEST

START_TEST(test_random_games_draft)
{
	play("map=2P-ring-street players=2 seed=5", 800, 3);
	play("map=2P-river-king players=2 draft=2x2x6 seed=6", 800, 3);
}
END_TEST

START_TEST(test_random_games_more_maps)
{
	play("map=2P-river-king players=2 draft=none seed=8", 800, 2);
	play("map=4P-islands players=4 draft=none seed=9", 800, 3);
	play("map=4P-islands players=3 seed=10", 800, 3);
}
END_TEST

START_TEST(test_random_games_explicit_chance)
{
	play("map=2P-ring-street players=2 draft=none chance=explicit seed=7", 800, 2);
}
END_TEST

START_TEST(test_action_text)
{
	crisk_game *g = new_game("map=2P-ring-street players=2 draft=none seed=1");
	static const char *const good[] = {
		"pass", "pay", "done", "concede", "chance 4294967295", "pick c0", "release c1", "activate c2",
		"finish c3", "buy c4", "discard c5", "move c1 to 2,3", "street c1 to 0,0", "attack c1 c2",
		"attack c1 1,1", "shake c1 move", "shake c1 full", "equip c1 c2 attack", "switch c1 c2 move",
		"carry c1 c2 to 1,1 drop 2,2", "scrap c3 c5", "drop 1,2", "full c1 farm", "play c1", "play c1 attach",
		"play c1 at 1,1", "play c1 at 1,1 c2 seat1",
	};
	char text[256];
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		crisk_action a = 0;
		int rc = crisk_game_action_from_string(&a, g, good[i]);
		ck_assert_msg(rc == CRISK_OK, "'%s': %s", good[i], crisk_error_last());
		ck_assert_int_eq(crisk_game_action_to_string(g, a, text, sizeof text, NULL), CRISK_OK);
		ck_assert_str_eq(text, good[i]);
	}
	/* #N reads as cN too (the form people type; records keep cN, as '#' starts a comment there). */
	crisk_action hash = 0, plain = 0;
	ck_assert_int_eq(crisk_game_action_from_string(&hash, g, "move #1 to 2,3"), CRISK_OK);
	ck_assert_int_eq(crisk_game_action_from_string(&plain, g, "move c1 to 2,3"), CRISK_OK);
	ck_assert(hash == plain);
	static const char *const bad[] = {
		"", "fly #1", "pick c", "pick cx1", "move 1 to 2,3", "pick", "pick 1", "pick #", "pick #99999", "pick #1 #2", "move #1 2,3", "move #1 to 99,0",
		"attack #1", "scrap #5 #3", "scrap #3 #3", "shake #1 fly", "equip #1 #2", "chance -1", "chance 4294967296",
		"play #1 at", "trigger #1", "full #1 ab15", "attack #1 seat9", "pass now", "drop 1,2,3",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		crisk_action a = 0;
		ck_assert_msg(crisk_game_action_from_string(&a, g, bad[i]) == CRISK_EFORMAT, "'%s' accepted", bad[i]);
	}
	/* Codes without meaning have no text. */
	static const crisk_action nonsense[] = {
		0, (crisk_action)99 << 56, (crisk_action)2 << 56 | (crisk_action)0x3FE << 46,
		(crisk_action)18 << 56 | 0x123, /* pass with stray fields */
		(crisk_action)1 << 56 | (crisk_action)1 << 40, /* chance with high bits */
	};
	for (size_t i = 0; i < sizeof nonsense / sizeof nonsense[0]; i++)
		ck_assert_int_eq(crisk_game_action_to_string(g, nonsense[i], text, sizeof text, NULL), CRISK_EINVAL);
	crisk_game_free(g);
}
END_TEST

START_TEST(test_events_any_args)
{
	crisk_game *g = new_game("map=2P-ring-street players=2 draft=none seed=1");
	static const int32_t vals[] = {0, 1, -1, 65535, 1000, CRISK_HIDDEN, INT32_MIN, INT32_MAX, 0x1005, 0x2001, 0x3FFF};
	char text[512];
	for (uint32_t type = 0; type < 40; type++)
		for (size_t v = 0; v < sizeof vals / sizeof vals[0]; v++) {
			crisk_event e = CRISK_EVENT_INIT;
			e.type = type;
			e.seat = (int32_t)v - 3;
			for (int i = 0; i < 6; i++)
				e.args[i] = vals[(v + (size_t)i) % (sizeof vals / sizeof vals[0])];
			ck_assert_int_eq(crisk_event_to_string(g, &e, text, sizeof text, NULL), CRISK_OK);
		}
	crisk_game_free(g);
}
END_TEST


/* JSON saves with a broken state are refused with the JSON path. */
START_TEST(test_bad_json_states)
{
	crisk_game *g = new_game("map=2P-ring-street players=2 draft=none seed=2");
	size_t n = 0;
	for (int i = 0; i < 40; i++) {
		ck_assert_int_eq(crisk_game_legal_actions(g, acts, ACT_MAX, &n), CRISK_OK);
		crisk_game_apply(g, pick(acts, n));
	}
	size_t len = save_json(g, jbuf);
	static const char *const edits[][3] = {
		{"\"round\":", "\"rounds\":", "$.state"},
		{"\"status\":\"running\"", "\"status\":\"runnin\"", "$.state.status"},
		{"\"zone\":\"hand\"", "\"zone\":7", "$.state.cards["},
		{"\"owner\":0", "\"owner\":9", "$.state.cards["},
		{"\"up\":null", "\"up\":70000", "$.state.cards["},
		{"\"walls\":[", "\"walls\":[1,", "$.state.walls"},
		{"\"passes\":", "\"passes\":1.5,\"x\":", "$.state"},
	};
	for (size_t e = 0; e < sizeof edits / sizeof edits[0]; e++) {
		memcpy(jbuf2, jbuf, len + 1);
		char *at = strstr(jbuf2, edits[e][0]);
		ck_assert_msg(at != NULL, "no '%s' in the save", edits[e][0]);
		size_t a = strlen(edits[e][0]), b = strlen(edits[e][1]);
		memmove(at + b, at + a, strlen(at + a) + 1);
		memcpy(at, edits[e][1], b);
		crisk_game *h = NULL;
		int rc = crisk_game_load_json(&h, jbuf2, strlen(jbuf2));
		ck_assert_msg(rc == CRISK_EFORMAT, "edit %zu accepted", e);
		ck_assert_msg(strstr(crisk_error_last(), edits[e][2]) != NULL, "edit %zu: %s", e, crisk_error_last());
	}
	crisk_game_free(g);
}
END_TEST

static uint32_t crc32(const uint8_t *p, size_t n)
{
	uint32_t c = 0xFFFFFFFFu;
	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ 0xEDB88320u : c >> 1;
	}
	return ~c;
}

/* Corrupts state bytes (with a valid checksum); a load either fails with
 * CRISK_EFORMAT or gives a game every call handles. */
START_TEST(test_corrupt_states)
{
	crisk_game *g = new_game("map=2P-ring-street players=2 draft=none seed=3");
	int accepted = 0, refused = 0;
	for (int step = 0; step < 400; step++) {
		size_t n = 0;
		int winner;
		if (crisk_game_status(g, &winner) != CRISK_STATUS_RUNNING)
			break;
		ck_assert_int_eq(crisk_game_legal_actions(g, acts, ACT_MAX, &n), CRISK_OK);
		if (step % 10 == 0) {
			size_t len = save(g, sbuf);
			uint32_t plen = (uint32_t)sbuf[22] | (uint32_t)sbuf[23] << 8 | (uint32_t)sbuf[24] << 16 |
					(uint32_t)sbuf[25] << 24;
			size_t soff = 26 + 4 + plen + 4;
			size_t slen = len - soff - 12;
			for (int trial = 0; trial < 60; trial++) {
				memcpy(sbuf2, sbuf, len);
				int flips = 1 + (int)(rnd() % 3);
				for (int f = 0; f < flips; f++) {
					size_t at = soff + rnd() % slen;
					sbuf2[at] = (uint8_t)(rnd() % 4 == 0 ? 0xFF : rnd());
				}
				uint32_t c = crc32(sbuf2, len - 4);
				for (int b = 0; b < 4; b++)
					sbuf2[len - 4 + (size_t)b] = (uint8_t)(c >> (8 * b));
				crisk_game *h = NULL;
				int rc = crisk_game_load(&h, sbuf2, len);
				if (rc) {
					ck_assert_int_eq(rc, CRISK_EFORMAT);
					refused++;
					continue;
				}
				accepted++;
				size_t m = 0;
				crisk_game_legal_actions(h, acts, ACT_MAX, &m);
				crisk_game_to_json(h, 0, jbuf, BUF_MAX, NULL);
				crisk_game_to_json(h, CRISK_VIEWER_OMNISCIENT, jbuf, BUF_MAX, NULL);
				if (m > 0 && m <= ACT_MAX)
					crisk_game_apply(h, acts[rnd() % m]);
				crisk_game_free(h);
			}
		}
		crisk_game_apply(g, pick(acts, n));
	}
	ck_assert(refused > 0);
	(void)accepted;
	crisk_game_free(g);
}
END_TEST

static Suite *mq_io_suite(void)
{
	Suite *s = suite_create("mq_io");
	TCase *tc = tcase_create("io");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_action_text);
	tcase_add_test(tc, test_events_any_args);
	tcase_add_test(tc, test_random_games_quick_start);
	tcase_add_test(tc, test_random_games_draft);
	tcase_add_test(tc, test_random_games_explicit_chance);
	tcase_add_test(tc, test_random_games_more_maps);
	tcase_add_test(tc, test_corrupt_states);
	tcase_add_test(tc, test_bad_json_states);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(mq_io_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
