/* Issue 14, defect 5: saves of module risk with one module-state value
 * changed must be refused, or load into a state from which legal play only
 * reaches states the module's own validation accepts.
 *
 * Real saves are taken at every kind of point of random risk games (set-up
 * steps, set-up armies and battles, the RC-10 loop, main phases with
 * military counts, battles, after a resignation, game over; 2-4 seats,
 * explicit and auto chance, fog on and off).  Binary: every byte of the
 * module's state region ("ext" after the paths, docs/save-format.md) set to
 * +1, -1, 0 and 0xFF with the checksum fixed.  JSON: every number of the
 * "ext" object +1, -1 and a few edge values.  A refusal must be
 * CRISK_EFORMAT with a message; an accepted variant must save and load back
 * exactly, and random legal play from it must pass the module's state check
 * after every step (with a save and load every few steps). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk.h"
#include "risk_scenario.h"
#include "catan/kernel.h"
#include "catan/state_io.h"
#include "core/rules_impl.h"
#include "modules/risk/risk_impl.h"
#include "../save/save_bytes.h"

#define PLAY_STEPS 200
#define RELOAD_EVERY 25

/* Offset of the state bytes in a binary save, and their size. */
static size_t state_offset(const uint8_t *save, size_t *size)
{
	size_t o = 12;
	size_t name_len = (size_t)save[o] | (size_t)save[o + 1] << 8;
	o += 2 + name_len + 4;
	o += 4 + get_u32(save + o);
	*size = get_u32(save + o);
	return o + 4;
}

static const kern *kern_of(const crisk_game *g)
{
	return g->data;
}

/* The module's own validation of the live state (what a load runs). */
static int validate(const crisk_game *g)
{
	return g->mod->state_check(g->data, g->state);
}

static const risk_ext *ext_of(const crisk_game *g)
{
	return rx(kern_of(g), g->state);
}

static uint8_t *save_bin(const crisk_game *g, size_t *len)
{
	size_t need;
	ck_assert_int_eq(crisk_game_save(g, NULL, 0, &need), CRISK_EBUFSIZE);
	uint8_t *buf = malloc(need);
	ck_assert_ptr_nonnull(buf);
	ck_assert_msg(crisk_game_save(g, buf, need, len) == CRISK_OK, "%s", crisk_error_last());
	return buf;
}

static char *save_text(const crisk_game *g, size_t *len)
{
	size_t need;
	ck_assert_int_eq(crisk_game_save_json(g, NULL, 0, &need), CRISK_EBUFSIZE);
	char *buf = malloc(need + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_msg(crisk_game_save_json(g, buf, need + 1, len) == CRISK_OK, "%s", crisk_error_last());
	return buf;
}

static int running(const crisk_game *g)
{
	return crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING;
}

/* Kinds of positions the saves are taken at. */
enum kind {
	K_SETUP,      /* set-up settlement or road */
	K_SETUP_ARMY, /* RC-8 */
	K_SETUP_BATTLE, /* RC-9 */
	K_LOOP,       /* RC-10 */
	K_PREROLL,
	K_MAIN_MILITARY, /* main phase with armies moved or bought */
	K_BATTLE,     /* RC-20 roll pending */
	K_OTHER,      /* robber, discard, trade, card phases */
	K_RESIGNED,   /* neutral defenders on the board (RC-27) */
	K_OVER,
	K_COUNT
};

static const char *const kind_names[K_COUNT] = {"setup",   "setup_army", "setup_battle", "army_loop", "pre_roll",
						"main_military", "battle", "other", "resigned", "game_over"};

static int kind_of(const crisk_game *g)
{
	const risk_ext *x = ext_of(g);
	const kstate *h = ks(g->state);
	if (!running(g))
		return K_OVER;
	if (x->phase == RP_SETUP_ARMY)
		return K_SETUP_ARMY;
	if (x->phase == RP_ARMY_LOOP)
		return K_LOOP;
	if (x->phase == RP_BATTLE)
		return x->b_after == RA_SETUP ? K_SETUP_BATTLE : K_BATTLE;
	if (h->turn == 0)
		return K_SETUP;
	if (x->resigned && h->dp == DP_MAIN)
		return K_RESIGNED;
	if (h->dp == DP_PRE_ROLL)
		return K_PREROLL;
	if (h->dp == DP_MAIN) {
		int moved = x->bought || x->redeployed;
		for (int i = 0; i < RISK_HEXES; i++)
			moved |= x->moved[i] != 0;
		return moved ? K_MAIN_MILITARY : -1;
	}
	return K_OTHER;
}

typedef struct position {
	char label[320];
	uint8_t *bin;
	size_t bin_len;
	char *json;
	size_t json_len;
} position;

typedef struct tally {
	long refused, consistent, unchanged;
} tally;

/* Plays random games of `params` (seeds from `seed`) and keeps one save per
 * kind of position, the first met after a random number of steps. */
static int collect(const char *params, uint64_t seed, position *out, int max_out)
{
	int have[K_COUNT] = {0}, n = 0;
	/* Set-up battles (RC-9) wait only with explicit chance and need a set-up
	 * settlement whose land hexes are all taken: more set-ups are played
	 * until one is met. */
	int explicit_chance = strstr(params, "chance=explicit") != NULL;
	for (int game = 0; game < 60 && n < max_out; game++) {
		int setup_only = game >= 4;
		if (setup_only && (have[K_SETUP_BATTLE] || !explicit_chance))
			break;
		char full[256];
		snprintf(full, sizeof full, "%s seed=%llu", params, (unsigned long long)(seed + (uint64_t)game));
		crisk_rules *r;
		crisk_game *g;
		ck_assert_msg(crisk_rules_new(&r, "risk", full) == CRISK_OK, "%s", crisk_error_last());
		ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
		crisk_rules_free(r);
		uint64_t rs = seed * 31 + (uint64_t)game;
		int wait[K_COUNT];
		for (int k = 0; k < K_COUNT; k++)
			wait[k] = (int)(rs_rand(&rs) % 6);
		for (int steps = 0; n < max_out && steps < 6000; steps++) {
			int k = kind_of(g);
			if (k >= 0 && !have[k] && wait[k]-- <= 0) {
				position *p = &out[n++];
				have[k] = 1;
				snprintf(p->label, sizeof p->label, "%.200s, %s at step %d (turn %lld)", full, kind_names[k], steps,
					 (long long)crisk_game_turn(g));
				p->bin = save_bin(g, &p->bin_len);
				p->json = save_text(g, &p->json_len);
			}
			if (!running(g) || (setup_only && ext_of(g)->evaluated))
				break;
			ck_assert_msg(crisk_game_apply(g, rs_pick(g, &rs, 300)) == CRISK_OK, "%s", crisk_error_last());
			ck_assert_msg(validate(g) == CRISK_OK, "%s: step %d of the unchanged game refused: %s", full, steps,
				      crisk_error_last());
		}
		crisk_game_free(g);
	}
	return n;
}

/* Loads through the rules of `like` (crisk_game_load_as: the same checks as
 * crisk_game_load without building the board again, which would cost most
 * of the run time); every 16th call also through crisk_game_load, which
 * must agree. */
static int load_bin(crisk_game **out, const crisk_rules *like, const uint8_t *save, size_t len, long n)
{
	int rc = crisk_game_load_as(out, like, save, len);
	if (n % 16 == 0) {
		crisk_game *g;
		char msg[512];
		snprintf(msg, sizeof msg, "%s", rc ? crisk_error_last() : "");
		int rc2 = crisk_game_load(&g, save, len);
		ck_assert_msg(rc2 == rc && (!rc || !strcmp(msg, crisk_error_last())), "crisk_game_load gives %d (%s), load_as %d (%s)",
			      rc2, rc2 ? crisk_error_last() : "", rc, msg);
		crisk_game_free(g);
		if (rc)
			crisk_game_load_as(&g, like, save, len); /* the message of the first load again */
	}
	return rc;
}

static int load_text(crisk_game **out, const crisk_rules *like, const char *json, size_t len, long n)
{
	int rc = crisk_game_load_json_as(out, like, json, len);
	if (n % 16 == 0) {
		crisk_game *g;
		char msg[512];
		snprintf(msg, sizeof msg, "%s", rc ? crisk_error_last() : "");
		int rc2 = crisk_game_load_json(&g, json, len);
		ck_assert_msg(rc2 == rc && (!rc || !strcmp(msg, crisk_error_last())),
			      "crisk_game_load_json gives %d (%s), load_json_as %d (%s)", rc2, rc2 ? crisk_error_last() : "", rc,
			      msg);
		crisk_game_free(g);
		if (rc)
			crisk_game_load_json_as(&g, like, json, len);
	}
	return rc;
}

/* The accepted game g (from `what`): exact round trips, then random legal
 * play that never leaves the validated states. */
static void play_consistent(crisk_game *g, const char *what, uint64_t seed)
{
	size_t len, len2;
	uint8_t *a = save_bin(g, &len);
	crisk_game *back;
	const crisk_rules *like = crisk_game_rules(g);
	ck_assert_msg(crisk_game_load_as(&back, like, a, len) == CRISK_OK, "%s: accepted state does not load back: %s", what,
		      crisk_error_last());
	uint8_t *b = save_bin(back, &len2);
	ck_assert_msg(len == len2 && memcmp(a, b, len) == 0, "%s: re-save differs", what);
	free(a);
	free(b);
	crisk_game_free(back);
	uint64_t rs = seed;
	for (int step = 0; step < PLAY_STEPS && running(g); step++) {
		crisk_action act = rs_pick(g, &rs, 300);
		if (crisk_game_apply(g, act) != CRISK_OK)
			ck_abort_msg("%s: step %d: legal %016llx refused: %s", what, step, (unsigned long long)act,
				     crisk_error_last());
		if (validate(g) != CRISK_OK) {
			char text[128] = "";
			size_t tl;
			crisk_game_action_to_string(g, act, text, sizeof text, &tl);
			ck_abort_msg("%s: step %d (%s) reached a refused state: %s", what, step, text, crisk_error_last());
		}
		if (step % RELOAD_EVERY == 0) {
			a = save_bin(g, &len);
			ck_assert_msg(crisk_game_load_as(&back, like, a, len) == CRISK_OK, "%s: step %d: save refused on load: %s", what,
				      step, crisk_error_last());
			crisk_game_free(back);
			free(a);
		}
	}
}

static void refused_with_message(int rc, const char *what)
{
	ck_assert_msg(rc == CRISK_EFORMAT, "%s: refused with %d (%s), not CRISK_EFORMAT", what, rc, crisk_error_last());
	ck_assert_msg(crisk_error_last() && crisk_error_last()[0], "%s: refused without a message", what);
}

/* Every byte of the ext region of one binary save, four ways. */
static void mutate_bin(const position *p, tally *t)
{
	crisk_game *g0;
	ck_assert_msg(crisk_game_load(&g0, p->bin, p->bin_len) == CRISK_OK, "%s", crisk_error_last());
	const kern *k = kern_of(g0);
	size_t size, st = state_offset(p->bin, &size);
	long ext = kern_state_offset(k, "paths", 0, k->b.n_path - 1) + 1;
	ck_assert_int_gt(ext, 0);
	ck_assert_uint_eq(size, kern_state_bytes(k));
	const crisk_rules *like = crisk_game_rules(g0);
	long count = 0;
	uint8_t *v = malloc(p->bin_len);
	for (size_t i = st + (size_t)ext; i < st + size; i++) {
		static const int ops[4] = {1, -1, 0, 0x1FF};
		for (int o = 0; o < 4; o++) {
			uint8_t old = p->bin[i];
			uint8_t nv = ops[o] == 0x1FF ? 0xFF : ops[o] == 0 ? 0 : (uint8_t)(old + ops[o]);
			if (nv == old) {
				t->unchanged++;
				continue;
			}
			memcpy(v, p->bin, p->bin_len);
			v[i] = nv;
			fix_crc(v, p->bin_len);
			char what[512];
			snprintf(what, sizeof what, "%.320s: ext byte %zu %02x -> %02x", p->label, i - st - (size_t)ext, old, nv);
			crisk_game *g;
			int rc = load_bin(&g, like, v, p->bin_len, count++);
			if (rc) {
				refused_with_message(rc, what);
				t->refused++;
				continue;
			}
			play_consistent(g, what, i * 4 + (size_t)o);
			crisk_game_free(g);
			t->consistent++;
		}
	}
	free(v);
	crisk_game_free(g0);
}

/* Every number of the JSON "ext" object, +1, -1 and edge values. */
static void mutate_json(const position *p, tally *t)
{
	const char *ext = strstr(p->json, "\"ext\":{");
	ck_assert_ptr_nonnull(ext);
	const char *end = strchr(ext, '}');
	ck_assert_ptr_nonnull(end);
	crisk_game *g0;
	ck_assert_msg(crisk_game_load_json(&g0, p->json, p->json_len) == CRISK_OK, "%s", crisk_error_last());
	const crisk_rules *like = crisk_game_rules(g0);
	long count = 0;
	char *v = malloc(p->json_len + 64);
	for (const char *at = ext + 7; at < end; at++) {
		int starts = (*at == '-' || (*at >= '0' && *at <= '9')) && (at[-1] == ':' || at[-1] == ',' || at[-1] == '[');
		if (!starts)
			continue;
		char *stop;
		long long old = strtoll(at, &stop, 10);
		long long vals[8] = {old + 1, old - 1, 0, 255, 256, 65535, 65536, -1};
		for (int o = 0; o < 8; o++) {
			int dup = vals[o] == old;
			for (int j = 0; j < o; j++)
				dup |= vals[j] == vals[o];
			if (dup) {
				t->unchanged++;
				continue;
			}
			size_t head = (size_t)(at - p->json);
			int w = snprintf(v, p->json_len + 64, "%.*s%lld%s", (int)head, p->json, vals[o], stop);
			char what[512];
			snprintf(what, sizeof what, "%.320s: JSON ext number at byte %zu %lld -> %lld", p->label, head, old, vals[o]);
			crisk_game *g;
			int rc = load_text(&g, like, v, (size_t)w, count++);
			if (rc) {
				refused_with_message(rc, what);
				t->refused++;
				continue;
			}
			size_t len;
			char *again = save_text(g, &len);
			/* Loading may canonicalize (per-turn counters of an earlier turn load
			 * reset), so the re-save need not be the edit, but it is a fixed point. */
			crisk_game *g2;
			ck_assert_msg(crisk_game_load_json_as(&g2, like, again, len) == CRISK_OK, "%s: JSON re-save refused: %s",
				      what, crisk_error_last());
			size_t len2;
			char *again2 = save_text(g2, &len2);
			ck_assert_msg(len2 == len && memcmp(again, again2, len) == 0, "%s: JSON re-save differs", what);
			free(again2);
			crisk_game_free(g2);
			free(again);
			play_consistent(g, what, head * 8 + (size_t)o);
			crisk_game_free(g);
			t->consistent++;
		}
		at = stop - 1;
	}
	free(v);
	crisk_game_free(g0);
}

typedef struct config {
	const char *params;
	uint64_t seed;
} config;

/* 2-4 seats, explicit and auto chance, fog on and off; short games so that
 * game over is among the positions. */
static const config configs[] = {
	{"players=2 board=random chance=explicit fog=off vp_target=6 max_turns=60", 500},
	{"players=3 board=random chance=auto fog=on max_turns=40", 600},
	{"players=4 board=beginner chance=explicit fog=on max_turns=40", 700},
	{"players=4 board=random chance=auto fog=off vp_target=7 max_turns=60", 800},
	{"players=3 board=random chance=explicit fog=off max_turns=40", 900},
};
#define N_CONFIGS (sizeof configs / sizeof configs[0])

static void run(int json, int stride)
{
	tally all = {0, 0, 0};
	int kinds[K_COUNT] = {0};
	for (size_t c = 0; c < N_CONFIGS; c++) {
		position pos[K_COUNT];
		int n = collect(configs[c].params, configs[c].seed, pos, K_COUNT);
		for (int i = 0; i < n; i++) {
			for (int k = 0; k < K_COUNT; k++)
				kinds[k] += strstr(pos[i].label, kind_names[k]) != NULL;
			if (i % stride == (int)c % stride) {
				tally t = {0, 0, 0};
				if (json)
					mutate_json(&pos[i], &t);
				else
					mutate_bin(&pos[i], &t);
				printf("# %s: refused %ld, accepted-consistent %ld, unchanged %ld\n", pos[i].label, t.refused,
				       t.consistent, t.unchanged);
				fflush(stdout);
				all.refused += t.refused;
				all.consistent += t.consistent;
				all.unchanged += t.unchanged;
			}
			free(pos[i].bin);
			free(pos[i].json);
		}
	}
	printf("# %s total: refused %ld, accepted-consistent %ld, unchanged %ld\n", json ? "JSON" : "binary", all.refused,
	       all.consistent, all.unchanged);
	fflush(stdout);
	/* The positions must cover set-up, its armies, the loop, main phases,
	 * battles and the end. */
	static const int needed[] = {K_SETUP, K_SETUP_ARMY, K_SETUP_BATTLE, K_LOOP, K_MAIN_MILITARY, K_BATTLE, K_OVER};
	for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++)
		ck_assert_msg(kinds[needed[i]] > 0, "no position of kind %s", kind_names[needed[i]]);
	ck_assert_int_gt(all.refused, 0);
	ck_assert_int_gt(all.consistent, 0);
}

START_TEST(test_risk_setup_save_byte_changed_refused_or_consistent)
{
	run(0, 1);
}
END_TEST

START_TEST(test_risk_json_ext_number_changed_refused_or_consistent)
{
	run(1, 2);
}
END_TEST

/* RC-27 with the turn limit: the active seat moves armies, then resigns in
 * the last turn, so the game ends in its turn; the end state (whose moves
 * counted armies that are gone) must still save and load. */
START_TEST(test_risk_resign_after_moving_in_last_turn_loads)
{
	int found = 0;
	for (uint64_t seed = 1; seed < 400 && !found; seed++) {
		char params[128];
		snprintf(params, sizeof params, "players=3 board=random chance=auto max_turns=6 seed=%llu",
			 (unsigned long long)seed);
		crisk_rules *r;
		crisk_game *g;
		ck_assert_int_eq(crisk_rules_new(&r, "risk", params), CRISK_OK);
		ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
		crisk_rules_free(r);
		uint64_t rs = seed;
		for (int steps = 0; running(g) && steps < 3000; steps++) {
			const risk_ext *x = ext_of(g);
			const kstate *h = ks(g->state);
			int moved = 0;
			for (int i = 0; i < RISK_HEXES; i++)
				moved |= x->moved[i] != 0;
			crisk_action resign = ((crisk_action)CRISK_RISK_RESIGN << 56) | h->active;
			if (h->turn == 6 && moved && crisk_game_check(g, resign) == CRISK_OK) {
				ck_assert_int_eq(crisk_game_apply(g, resign), CRISK_OK);
				ck_assert_int_eq(crisk_game_status(g, NULL), CRISK_STATUS_ENDED);
				size_t len;
				uint8_t *b = save_bin(g, &len);
				crisk_game *back;
				ck_assert_msg(crisk_game_load(&back, b, len) == CRISK_OK, "%s", crisk_error_last());
				crisk_game_free(back);
				free(b);
				found = 1;
				break;
			}
			crisk_action a = rs_pick(g, &rs, 300);
			if ((a >> 56) == CRISK_RISK_RESIGN)
				continue;
			ck_assert_int_eq(crisk_game_apply(g, a), CRISK_OK);
		}
		crisk_game_free(g);
	}
	ck_assert_msg(found, "no game moved armies in its last turn");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("risk_load_consistency");
	TCase *tc = tcase_create("issue14_defect5");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_risk_setup_save_byte_changed_refused_or_consistent);
	tcase_add_test(tc, test_risk_json_ext_number_changed_refused_or_consistent);
	tcase_add_test(tc, test_risk_resign_after_moving_in_last_turn_loads);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
