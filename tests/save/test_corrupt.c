/* The corrupt-input campaign (issue 14): systematic mutations of binary
 * saves, JSON saves and game records of a set-up, a mid-game and a final
 * state of every built-in Catan-family module and seat count, and of a state
 * of every phase the test's games reach.  Every mutated input must be either
 * refused (CRISK_EFORMAT with a message) or accepted and fully consistent:
 * its re-saves load back and re-save to the same bytes, and random legal
 * play from it never reaches a state whose save is refused.  Outcomes are
 * counted per configuration and printed as TAP comments; any
 * accepted-inconsistent case fails the test with its details.
 *
 * Bounds (the plain build runs the file in about 80 s of CPU): the
 * mutations are exhaustive as listed in each campaign, except that the
 * record campaign of the long final records mutates only the header, every
 * REC_STRIDE-th line and the last REC_TAIL lines; the phase campaign edits
 * only the scalar fields; and the play-on check runs PLAY_STEPS steps from
 * every PLAY_EVERY-th accepted case, PLAY_SHORT steps from the others.
 * CRISK_CORRUPT_FULL=1 lifts all three; CRISK_CORRUPT_SEED=n takes the
 * states from other games. */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catanrisk.h"
#include "catan/kernel.h"
#include "catan/state_io.h"
#include "core/error.h"
#include "core/rules_impl.h"
#include "save_bytes.h"

#define MAX_LEGAL 4096
#define SHOW_MAX 6         /* inconsistent cases printed in full */
#define PLAY_STEPS 30      /* play-on steps of a sampled accepted case */
#define PLAY_SHORT 3       /* play-on steps of the others */
#define PLAY_EVERY 8       /* every n-th accepted case plays PLAY_STEPS */
#define REC_STRIDE 16      /* final records: every n-th line ... */
#define REC_TAIL 48        /* ... and the last lines */
#define MAX_STEPS 400000   /* random steps to a final state */
#define PHASE_GAMES 3      /* games searched for states of every phase ... */
#define PHASE_STATES 64    /* ... up to this many */
#define CROSS_EVERY 16     /* cases loaded with crisk_game_load*_as also loaded plainly */

/* ---- configurations ---- */

typedef struct config {
	const char *module;
	const char *params;
	int mid_turn;  /* the mid-game state: the first one of this turn ... */
	int mid_extra; /* ... plus this many random actions (any phase) */
} config;

/* Every module and seat count, both chance modes, the 5-6 options and fog. */
static const config configs[] = {
	{"base", "players=2 seed=1401 chance=auto", 12, 5},
	{"base", "players=3 seed=1402 chance=explicit", 14, 9},
	{"base", "players=4 seed=1403 board=random_tokens chance=auto", 16, 3},
	{"base", "players=5 seed=1404 chance=explicit", 18, 11},
	{"base", "players=6 seed=1405 paired_players=on chance=auto", 20, 7},
	{"two_player", "seed=1406 chance=explicit", 12, 6},
	{"risk", "players=2 seed=1407 chance=auto", 12, 4},
	{"risk", "players=3 seed=1408 chance=explicit fog=on", 14, 10},
	{"risk", "players=4 seed=1409 chance=auto", 16, 2},
};
#define N_CONFIGS ((int)(sizeof configs / sizeof configs[0]))

static int full_run(void)
{
	const char *e = getenv("CRISK_CORRUPT_FULL");
	return e && *e && strcmp(e, "0") != 0;
}

/* CRISK_CORRUPT_SEED=n plays other games to other states (exploration). */
static uint64_t seed_offset(void)
{
	const char *e = getenv("CRISK_CORRUPT_SEED");
	return e ? strtoull(e, NULL, 0) * 1000003u : 0;
}

static uint64_t next_rand(uint64_t *s)
{
	/* splitmix64: the test's own choices, independent of the library's RNG. */
	uint64_t z = (*s += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* ---- games ---- */

static int running(const crisk_game *g)
{
	return crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING;
}

static crisk_game *new_game(const config *c, int recording)
{
	crisk_rules *r;
	crisk_game *g;
	ck_assert_msg(crisk_rules_new(&r, c->module, c->params) == CRISK_OK, "%s", crisk_error_last());
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	if (recording)
		ck_assert_int_eq(crisk_game_set_recording(g, 1), CRISK_OK);
	return g;
}

/* A random legal action, offers rarely (they make games long); 0 when
 * there is none, -1 when the game takes no more actions (CRISK_ESTATE). */
static int pick(const crisk_game *g, uint64_t *rs, crisk_action *out)
{
	static crisk_action legal[MAX_LEGAL];
	size_t n = 0;
	uint64_t skip = next_rand(rs) % 16 ? CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE) : 0;
	int rc = crisk_game_legal_actions_except(g, skip, legal, MAX_LEGAL, &n);
	if (rc == CRISK_ESTATE && n == 0)
		return -1;
	ck_assert_int_eq(rc, CRISK_OK);
	if (!n && skip)
		ck_assert_int_eq(crisk_game_legal_actions(g, legal, MAX_LEGAL, &n), CRISK_OK);
	if (!n)
		return 0;
	*out = legal[next_rand(rs) % n];
	return 1;
}

/* A step of the fixture's own games, which must always work. */
static int random_step(crisk_game *g, uint64_t *rs)
{
	crisk_action a;
	if (pick(g, rs, &a) <= 0)
		return 0;
	int rc = crisk_game_apply(g, a);
	ck_assert_msg(rc == CRISK_OK, "legal action %016llx refused: %s", (unsigned long long)a, crisk_error_last());
	return 1;
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

static char *record_text(const crisk_game *g, size_t *len)
{
	size_t need;
	ck_assert_int_eq(crisk_game_record(g, NULL, 0, &need), CRISK_EBUFSIZE);
	char *buf = malloc(need + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_msg(crisk_game_record(g, buf, need + 1, len) == CRISK_OK, "%s", crisk_error_last());
	return buf;
}

/* The states of a configuration: one in set-up, one mid-game, the final one. */
enum stage { S_SETUP, S_MID, S_FINAL, N_STAGES, S_PHASES = N_STAGES };
static const char *const stage_names[] = {"setup", "mid", "final", "every phase"};

/* The inputs of one configuration: each state as binary save, JSON save and
 * record. */
typedef struct inputs {
	uint8_t *bin[N_STAGES];
	size_t bin_len[N_STAGES];
	char *json[N_STAGES];
	size_t json_len[N_STAGES];
	char *rec[N_STAGES];
	size_t rec_len[N_STAGES];
	int phase[N_STAGES], turn[N_STAGES];
} inputs;

static void keep(inputs *in, int i, const crisk_game *g)
{
	in->bin[i] = save_bin(g, &in->bin_len[i]);
	in->json[i] = save_text(g, &in->json_len[i]);
	in->rec[i] = record_text(g, &in->rec_len[i]);
	in->phase[i] = ks(g->state)->dp;
	in->turn[i] = (int)crisk_game_turn(g);
}

static void make_inputs(const config *c, uint64_t seed, inputs *in)
{
	crisk_game *g = new_game(c, 1);
	uint64_t rs = seed;
	/* Set-up: a settlement and its road per seat, and a few actions more
	 * (risk's armies), still in turn 0. */
	int seats = crisk_rules_num_seats(crisk_game_rules(g));
	for (int i = 0; i < 2 * seats + c->mid_extra % 3; i++)
		ck_assert_msg(random_step(g, &rs), "%s: stuck in set-up", c->params);
	ck_assert_msg(crisk_game_turn(g) == 0, "%s: set-up over after %d actions", c->params, 2 * seats + c->mid_extra % 3);
	keep(in, S_SETUP, g);
	for (int i = 0; crisk_game_turn(g) < c->mid_turn || i++ < c->mid_extra;)
		ck_assert_msg(running(g) && random_step(g, &rs), "%s: stuck or over before the mid-game state", c->params);
	ck_assert_msg(running(g), "%s: over before the mid-game state", c->params);
	keep(in, S_MID, g);
	long steps = 0;
	while (running(g) && steps++ < MAX_STEPS)
		ck_assert_msg(random_step(g, &rs), "%s: stuck while running", c->params);
	ck_assert_msg(!running(g), "%s: no game over in %d steps", c->params, MAX_STEPS);
	keep(in, S_FINAL, g);
	crisk_game_free(g);
}

static void free_inputs(inputs *in)
{
	for (int i = 0; i < N_STAGES; i++) {
		free(in->bin[i]);
		free(in->json[i]);
		free(in->rec[i]);
	}
}

/* ---- outcomes ---- */

enum form { F_BIN, F_JSON, F_REC };
static const char *const form_names[] = {"binary", "json", "record"};

typedef struct campaign {
	const config *cfg;
	int form, stage;
	long refused, consistent, inconsistent;
	long accepted; /* for the play-on sampling */
	uint64_t rs;   /* play-on choices */
	struct timespec start, cpu;
	char note[64]; /* what the summary line adds */
	char report[8192];
	size_t rlen;
} campaign;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void report(campaign *c, const char *fmt, ...)
{
	if (c->rlen >= sizeof c->report - 1)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(c->report + c->rlen, sizeof c->report - c->rlen, fmt, ap);
	va_end(ap);
	if (n > 0)
		c->rlen = c->rlen + (size_t)n < sizeof c->report ? c->rlen + (size_t)n : sizeof c->report - 1;
}

static void inconsistent(campaign *c, const char *what, const char *why)
{
	if (c->inconsistent++ < SHOW_MAX)
		report(c, "  INCONSISTENT %s %s [%s]: %s: %s\n", c->cfg->module, stage_names[c->stage], c->cfg->params,
		       what, why);
}

static int same_state(const crisk_game *a, const crisk_game *b)
{
	return a->state_size == b->state_size && memcmp(a->state, b->state, a->state_size) == 0;
}

/* Loads a binary save: with crisk_game_load, or with crisk_game_load_as
 * when `like` is given.  Only the rules differ: load_as reuses `like` when
 * the save's parameters are its own, where crisk_game_load builds the same
 * rules again (about a millisecond, which would dominate the campaign). */
static int load_bin(crisk_game **g, const uint8_t *data, size_t len, const crisk_rules *like)
{
	/* An exact-size copy, so ASan sees any read past the end. */
	uint8_t *copy = malloc(len ? len : 1);
	ck_assert_ptr_nonnull(copy);
	memcpy(copy, data, len);
	int rc = like ? crisk_game_load_as(g, like, copy, len) : crisk_game_load(g, copy, len);
	free(copy);
	return rc;
}

static int load_json(crisk_game **g, const char *data, size_t len, const crisk_rules *like)
{
	char *copy = malloc(len ? len : 1);
	ck_assert_ptr_nonnull(copy);
	memcpy(copy, data, len);
	int rc = like ? crisk_game_load_json_as(g, like, copy, len) : crisk_game_load_json(g, copy, len);
	free(copy);
	return rc;
}

/* Plays on from a copy of g: every state reached must save and load back.
 * Play may end where the library takes no more actions (CRISK_ESTATE from
 * check and apply alike, e.g. an exhausted event sequence), never by a
 * listed action being refused otherwise. */
static int plays_on(campaign *c, const crisk_game *g, int steps, char *why, size_t cap)
{
	crisk_game *p;
	ck_assert_int_eq(crisk_game_clone(&p, g), CRISK_OK);
	int ok = 1;
	for (int i = 0; i < steps && running(p) && ok; i++) {
		crisk_action a = 0;
		char text[96] = "?";
		int picked = pick(p, &c->rs, &a);
		if (picked < 0)
			break; /* the library takes no more actions, and says so */
		if (!picked) {
			snprintf(why, cap, "running, but no legal action after %d play-on steps", i);
			ok = 0;
			break;
		}
		crisk_game_action_to_string(p, a, text, sizeof text, NULL);
		int rc = crisk_game_apply(p, a);
		if (rc) {
			char msg[400];
			snprintf(msg, sizeof msg, "%s", crisk_error_last());
			if (rc == CRISK_ESTATE && crisk_game_check(p, a) == CRISK_ESTATE)
				break;
			snprintf(why, cap, "play-on step %d: the listed action '%s' is refused (%d): %s", i + 1, text, rc, msg);
			ok = 0;
			break;
		}
		size_t len;
		uint8_t *bin = save_bin(p, &len);
		crisk_game *l = NULL;
		if (load_bin(&l, bin, len, crisk_game_rules(p)) != CRISK_OK) {
			snprintf(why, cap, "play-on step %d ('%s') reached a state whose save is refused: %s", i + 1, text,
				 crisk_error_last());
			ok = 0;
		}
		crisk_game_free(l);
		free(bin);
	}
	crisk_game_free(p);
	return ok;
}

/* An accepted game is consistent when its binary and JSON re-saves load back
 * to the same state and re-save to the same bytes, and play goes on. */
static int consistent(campaign *c, const crisk_game *g, int loaded, char *why, size_t cap)
{
	size_t len, len2, jlen, jlen2, len3;
	int ok = 0;
	uint8_t *bin = save_bin(g, &len), *bin2 = NULL, *bin3 = NULL;
	char *js = NULL, *js2 = NULL;
	crisk_game *l = NULL, *lj = NULL;
	if (load_bin(&l, bin, len, crisk_game_rules(g)) != CRISK_OK) {
		snprintf(why, cap, "its binary re-save is refused: %s", crisk_error_last());
		goto done;
	}
	bin2 = save_bin(l, &len2);
	if (len2 != len || memcmp(bin, bin2, len) != 0 || (loaded && !same_state(g, l))) {
		snprintf(why, cap, "binary re-save -> load -> save differs");
		goto done;
	}
	js = save_text(g, &jlen);
	if (load_json(&lj, js, jlen, crisk_game_rules(g)) != CRISK_OK) {
		snprintf(why, cap, "its JSON re-save is refused: %s", crisk_error_last());
		goto done;
	}
	js2 = save_text(lj, &jlen2);
	bin3 = save_bin(lj, &len3);
	if (jlen2 != jlen || memcmp(js, js2, jlen) != 0 || len3 != len || memcmp(bin, bin3, len) != 0 ||
	    !same_state(l, lj)) {
		snprintf(why, cap, "JSON re-save -> load -> save differs");
		goto done;
	}
	int steps = full_run() || c->accepted % PLAY_EVERY == 0 ? PLAY_STEPS : PLAY_SHORT;
	c->accepted++;
	ok = plays_on(c, l, steps, why, cap);
done:
	free(bin);
	free(bin2);
	free(bin3);
	free(js);
	free(js2);
	crisk_game_free(l);
	crisk_game_free(lj);
	return ok;
}

static crisk_game unset_game; /* a sentinel: a refusing load must set *out to NULL */

/* Judges one mutated input by the outcome of its load. */
static void judge(campaign *c, int rc, crisk_game *g, const char *what)
{
	char why[600];
	if (rc != CRISK_OK) {
		const char *msg = crisk_error_last();
		if (rc == CRISK_EFORMAT && msg[0] && !g) {
			c->refused++;
			return;
		}
		snprintf(why, sizeof why, "refused with %d, out %s, message '%.400s'", rc, g ? "not NULL" : "NULL", msg);
		inconsistent(c, what, why);
		return;
	}
	if (consistent(c, g, c->form != F_REC, why, sizeof why))
		c->consistent++;
	else
		inconsistent(c, what, why);
	crisk_game_free(g);
}

static void finish(campaign *c)
{
	struct timespec end, cpu;
	clock_gettime(CLOCK_MONOTONIC, &end);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
	double secs = (double)(end.tv_sec - c->start.tv_sec) + 1e-9 * (double)(end.tv_nsec - c->start.tv_nsec);
	double cpu_secs = (double)(cpu.tv_sec - c->cpu.tv_sec) + 1e-9 * (double)(cpu.tv_nsec - c->cpu.tv_nsec);
	printf("# %s [%s] %s (%s) %s: refused=%ld accepted-consistent=%ld accepted-INCONSISTENT=%ld "
	       "(%.1f s, %.1f s CPU)\n",
	       c->cfg->module, c->cfg->params, stage_names[c->stage], c->note, form_names[c->form], c->refused, c->consistent, c->inconsistent, secs, cpu_secs);
	fflush(stdout);
	ck_assert_msg(c->inconsistent == 0, "%ld accepted-inconsistent cases, the first ones:\n%s", c->inconsistent,
		      c->report);
}

static void campaign_init(campaign *c, int i, int form, inputs *in)
{
	memset(c, 0, sizeof *c);
	clock_gettime(CLOCK_MONOTONIC, &c->start);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c->cpu);
	c->cfg = &configs[i / N_STAGES];
	c->stage = i % N_STAGES;
	c->form = form;
	c->rs = 0x1400 + (uint64_t)i * 31 + (uint64_t)form;
	make_inputs(c->cfg, 77 + (uint64_t)(i / N_STAGES) + seed_offset(), in);
	snprintf(c->note, sizeof c->note, "turn %d, %s", in->turn[c->stage], kern_dp_name(in->phase[c->stage]));
}

/* ---- binary saves ---- */

/* Where byte `at` of a binary save lies, by part and state field. */
static void describe_offset(const uint8_t *save, size_t len, size_t at, const kern *k, char *buf, size_t cap)
{
	size_t name_len = (size_t)save[12] | (size_t)save[13] << 8;
	size_t params_at = 14 + name_len + 8, params_len = get_u32(save + params_at - 4);
	size_t state_at = params_at + params_len + 4, state_len = get_u32(save + state_at - 4);
	if (at < 8) {
		snprintf(buf, cap, "byte %zu (magic)", at);
		return;
	}
	static const struct {
		size_t end;
		const char *name;
	} heads[] = {{12, "format version"}, {14, "module name length"}};
	for (size_t i = 0; i < 2; i++) {
		if (at < heads[i].end) {
			snprintf(buf, cap, "byte %zu (%s)", at, heads[i].name);
			return;
		}
	}
	const char *part = at < 14 + name_len     ? "module name"
			   : at < params_at - 4  ? "module version"
			   : at < params_at      ? "parameter string length"
			   : at < state_at - 4   ? "parameter string"
			   : at < state_at       ? "state size"
			   : at < state_at + state_len ? NULL
			   : at < len - 4        ? "event sequence number"
						 : "checksum";
	if (part) {
		snprintf(buf, cap, "byte %zu (%s)", at, part);
		return;
	}
	/* A state byte: walk the field tables in save order. */
	long o = (long)(at - state_at), base = 0;
	const sfield *tabs[3] = {kern_head_fields, kern_seat_fields, k->hk.ext_fields};
	int counts[3] = {kern_n_head_fields, kern_n_seat_fields, k->hk.n_ext_fields};
	int reps[3] = {1, k->owners, 1};
	for (int t = 0; t < 3; t++) {
		if (t == 2) {
			long nodes = k->b.n_node, paths = k->b.n_path;
			if (o < base + nodes) {
				snprintf(buf, cap, "byte %zu (state+%ld nodes[%ld])", at, o, o - base);
				return;
			}
			if (o < base + nodes + paths) {
				snprintf(buf, cap, "byte %zu (state+%ld paths[%ld])", at, o, o - base - nodes);
				return;
			}
			base += nodes + paths;
		}
		for (int r = 0; r < reps[t]; r++) {
			for (int f = 0; f < counts[t]; f++) {
				long w = sf_width(tabs[t][f].kind), size = w * tabs[t][f].count;
				if (o < base + size) {
					char who[32] = "";
					if (t == 1)
						snprintf(who, sizeof who, "%s[%d].", r < k->seats ? "seats" : "neutrals",
							 r < k->seats ? r : r - k->seats);
					snprintf(buf, cap, "byte %zu (state+%ld %s%s%s[%ld] byte %ld)", at, o, t == 2 ? "ext." : "",
						 who, tabs[t][f].name, (o - base) / w, (o - base) % w);
					return;
				}
				base += size;
			}
		}
	}
	snprintf(buf, cap, "byte %zu (state+%ld, past the fields)", at, o);
}

typedef struct bin_job {
	campaign *c;
	const uint8_t *save;
	size_t len, state_at;
	const kern *k;
	const crisk_rules *like; /* the rules of the unchanged save */
	long cross;              /* cases loaded with `like` so far */
} bin_job;

/* Where a case loaded with crisk_game_load_as, every CROSS_EVERY-th is also
 * loaded with crisk_game_load: both must give the same outcome. */
static void cross_check(campaign *c, int rc, const crisk_game *g, crisk_game *plain, int prc, const char *msg,
			const char *what)
{
	if (prc == rc && (rc ? strcmp(msg, crisk_error_last()) == 0 : same_state(g, plain)))
		return;
	char why[600];
	snprintf(why, sizeof why, "crisk_game_load*_as gave %d ('%.200s'), the plain load %d ('%.200s')", rc,
		 rc ? msg : "", prc, prc ? crisk_error_last() : "");
	inconsistent(c, what, why);
}

static void bin_case(bin_job *j, const uint8_t *data, size_t len, const char *kind, size_t at, int arg)
{
	/* Edits from the state size on cannot change the module or parameters. */
	const crisk_rules *like = at >= j->state_at && len == j->len ? j->like : NULL;
	crisk_game *g = &unset_game;
	int rc = load_bin(&g, data, len, like);
	if (g == &unset_game) {
		inconsistent(j->c, kind, "the load left *out unset");
		return;
	}
	long before = j->c->inconsistent;
	if (like && j->cross++ % CROSS_EVERY == 0) {
		char msg[ERR_MSG_MAX];
		snprintf(msg, sizeof msg, "%s", crisk_error_last());
		crisk_game *plain = NULL;
		int prc = load_bin(&plain, data, len, NULL);
		cross_check(j->c, rc, g, plain, prc, msg, kind);
		crisk_game_free(plain);
		crisk_error_set(rc, "%s", msg);
	}
	judge(j->c, rc, g, kind);
	if (j->c->inconsistent > before && j->c->inconsistent <= SHOW_MAX) {
		char where[160];
		describe_offset(j->save, j->len, at, j->k, where, sizeof where);
		report(j->c, "    at %s, argument %d (0x%02x -> 0x%02x), message of the load: '%s'\n", where, arg,
		       j->save[at < j->len ? at : 0], at < len ? data[at] : 0, rc ? crisk_error_last() : "(accepted)");
	}
}

/* Bytes [from, to) of the save set to 0, 0xFF, +1 and -1, checksum fixed. */
static void set_bytes(bin_job *j, uint8_t *bad, size_t from, size_t to)
{
	static const char *const names[4] = {"byte set to 0", "byte set to 0xFF", "byte +1", "byte -1"};
	for (size_t i = from; i < to; i++) {
		const uint8_t old = j->save[i], values[4] = {0, 0xFF, (uint8_t)(old + 1), (uint8_t)(old - 1)};
		for (int v = 0; v < 4; v++) {
			int seen = values[v] == old;
			for (int w = 0; w < v; w++)
				seen |= values[w] == values[v];
			if (seen)
				continue;
			memcpy(bad, j->save, j->len);
			bad[i] = values[v];
			fix_crc(bad, j->len);
			bin_case(j, bad, j->len, names[v], i, values[v]);
		}
	}
}

START_TEST(binary_campaign)
{
	campaign c;
	inputs in;
	campaign_init(&c, _i, F_BIN, &in);
	const uint8_t *save = in.bin[c.stage];
	size_t len = in.bin_len[c.stage];
	crisk_game *orig;
	ck_assert_msg(crisk_game_load(&orig, save, len) == CRISK_OK, "the unchanged save is refused: %s",
		      crisk_error_last());
	size_t name_len = (size_t)save[12] | (size_t)save[13] << 8;
	size_t params_at = 14 + name_len + 8, state_at = params_at + get_u32(save + params_at - 4) + 4;
	bin_job j = {&c, save, len, state_at - 4, crisk_game_rules(orig)->data, crisk_game_rules(orig), 0};
	uint8_t *bad = malloc(len + 1);
	ck_assert_ptr_nonnull(bad);

	/* Truncation at every length, and one trailing byte. */
	for (size_t n = 0; n < len; n++)
		bin_case(&j, save, n, "truncated", n, (int)n);
	memcpy(bad, save, len);
	bad[len] = 0;
	bin_case(&j, bad, len + 1, "one trailing byte", len - 1, 0);

	/* Every bit flipped: as is (the CRC catches it), and with the checksum
	 * fixed (the framing and validation must). */
	for (size_t i = 0; i < len; i++) {
		for (int b = 0; b < 8; b++) {
			memcpy(bad, save, len);
			bad[i] ^= (uint8_t)(1u << b);
			bin_case(&j, bad, len, "bit flipped", i, b);
			if (i < len - 4) {
				fix_crc(bad, len);
				bin_case(&j, bad, len, "bit flipped, checksum fixed", i, b);
			}
		}
	}

	/* Every byte of the state and the event sequence number. */
	set_bytes(&j, bad, state_at, len - 4);
	free(bad);
	crisk_game_free(orig);
	finish(&c);
	free_inputs(&in);
}
END_TEST

/* Decision point, return phase and module overlay (risk_phase) of a state:
 * which fields are meaningful depends on them. */
static int phase_key(const crisk_game *g)
{
	const kern *k = crisk_game_rules(g)->data;
	const kstate *h = ks(g->state);
	int overlay = 0;
	for (int i = 0; i < k->hk.n_ext_fields; i++) {
		if (strcmp(k->hk.ext_fields[i].name, "risk_phase") == 0)
			overlay = ((const uint8_t *)kext(k, g->state))[k->hk.ext_fields[i].off];
	}
	return (h->dp * 8 + overlay) * 16 + h->ret;
}

/* A state of every phase the test's games reach (the pending decision
 * point's fields mean something only there): the bytes of the scalar fields
 * of the head and of the module's state set as in binary_campaign (every
 * state byte with CRISK_CORRUPT_FULL=1). */
START_TEST(phase_campaign)
{
	campaign c;
	memset(&c, 0, sizeof c);
	clock_gettime(CLOCK_MONOTONIC, &c.start);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c.cpu);
	c.cfg = &configs[_i];
	c.stage = S_PHASES;
	c.form = F_BIN;
	c.rs = 0x9000 + (uint64_t)_i;
	int keys[PHASE_STATES], n = 0;
	uint8_t *saves[PHASE_STATES];
	size_t lens[PHASE_STATES];
	for (int game = 0; game < PHASE_GAMES; game++) {
		crisk_game *g = new_game(c.cfg, 0);
		uint64_t rs = 0x5000 + (uint64_t)(_i * PHASE_GAMES + game) + seed_offset();
		for (long steps = 0; running(g) && steps < MAX_STEPS && n < PHASE_STATES; steps++) {
			int key = phase_key(g), i = 0;
			while (i < n && keys[i] != key)
				i++;
			if (i == n) {
				keys[n] = key;
				saves[n] = save_bin(g, &lens[n]);
				n++;
			}
			ck_assert(random_step(g, &rs));
		}
		crisk_game_free(g);
	}
	for (int s = 0; s < n; s++) {
		crisk_game *orig;
		ck_assert_msg(crisk_game_load(&orig, saves[s], lens[s]) == CRISK_OK, "a reached state is refused: %s",
			      crisk_error_last());
		const kern *k = crisk_game_rules(orig)->data;
		const uint8_t *save = saves[s];
		size_t name_len = (size_t)save[12] | (size_t)save[13] << 8;
		size_t params_at = 14 + name_len + 8, state_at = params_at + get_u32(save + params_at - 4) + 4;
		size_t ext = (size_t)kern_state_offset(k, "paths", 0, k->b.n_path - 1) + 1;
		bin_job j = {&c, save, lens[s], state_at - 4, k, crisk_game_rules(orig), 0};
		uint8_t *bad = malloc(lens[s]);
		ck_assert_ptr_nonnull(bad);
		if (full_run()) {
			set_bytes(&j, bad, state_at, lens[s] - 4);
		} else {
			/* The scalar fields: arrays (RNG, bank, armies per hex, ...) are
			 * binary_campaign's. */
			size_t at = state_at;
			for (int f = 0; f < kern_n_head_fields; f++) {
				size_t size = (size_t)sf_width(kern_head_fields[f].kind) * kern_head_fields[f].count;
				if (kern_head_fields[f].count == 1)
					set_bytes(&j, bad, at, at + size);
				at += size;
			}
			at = state_at + ext;
			for (int f = 0; f < k->hk.n_ext_fields; f++) {
				size_t size = (size_t)sf_width(k->hk.ext_fields[f].kind) * k->hk.ext_fields[f].count;
				if (k->hk.ext_fields[f].count == 1)
					set_bytes(&j, bad, at, at + size);
				at += size;
			}
			ck_assert_uint_eq(at, lens[s] - 12);
			set_bytes(&j, bad, at, at + 8); /* the event sequence number */
		}
		free(bad);
		crisk_game_free(orig);
		free(saves[s]);
	}
	snprintf(c.note, sizeof c.note, "%d states", n);
	finish(&c);
}
END_TEST

/* ---- JSON saves ---- */

/* Spans of a JSON text written by the library: numbers, strings (their
 * opening quote), members (name to end of value) and objects (the '{'). */
typedef struct span {
	size_t at, end;
} span;

typedef struct spans {
	span *num, *str, *mem, *obj;
	size_t n_num, n_str, n_mem, n_obj;
} spans;

static void push(span **v, size_t *n, size_t at, size_t end)
{
	*v = realloc(*v, (*n + 1) * sizeof **v);
	ck_assert_ptr_nonnull(*v);
	(*v)[*n].at = at;
	(*v)[*n].end = end;
	(*n)++;
}

static size_t scan_value(spans *s, const char *t, size_t i);

static size_t scan_string(spans *s, const char *t, size_t i)
{
	size_t at = i++;
	while (t[i] != '"')
		i += t[i] == '\\' ? 2 : 1;
	push(&s->str, &s->n_str, at, i + 1);
	return i + 1;
}

static size_t scan_value(spans *s, const char *t, size_t i)
{
	if (t[i] == '"')
		return scan_string(s, t, i);
	if (t[i] == '{' || t[i] == '[') {
		char close = t[i] == '{' ? '}' : ']';
		if (t[i] == '{')
			push(&s->obj, &s->n_obj, i, i + 1);
		i++;
		while (t[i] != close) {
			if (close == '}') {
				size_t at = i;
				i = scan_string(s, t, i) + 1; /* the name and ':' */
				i = scan_value(s, t, i);
				push(&s->mem, &s->n_mem, at, i);
			} else {
				i = scan_value(s, t, i);
			}
			if (t[i] == ',')
				i++;
		}
		return i + 1;
	}
	size_t at = i;
	while (t[i] && strchr("-+0123456789.eE", t[i]))
		i++;
	if (i > at) {
		push(&s->num, &s->n_num, at, i);
		return i;
	}
	while (t[i] >= 'a' && t[i] <= 'z') /* true, false, null */
		i++;
	return i;
}

static void free_spans(spans *s)
{
	free(s->num);
	free(s->str);
	free(s->mem);
	free(s->obj);
}

typedef struct json_job {
	campaign *c;
	const char *js;
	size_t len;
	char *buf;
	size_t cap;
	size_t state_at;         /* the value of "state" */
	const crisk_rules *like; /* the rules of the unchanged save */
	long cross;
} json_job;

/* Loads js with [at, end) replaced by `ins` (n bytes). */
static void json_case(json_job *j, size_t at, size_t end, const char *ins, size_t n, const char *kind)
{
	size_t len = at + n + (j->len - end);
	if (len > j->cap) {
		j->buf = realloc(j->buf, len);
		ck_assert_ptr_nonnull(j->buf);
		j->cap = len;
	}
	memcpy(j->buf, j->js, at);
	memcpy(j->buf + at, ins, n);
	memcpy(j->buf + at + n, j->js + end, j->len - end);
	/* Edits inside the state cannot change the module or parameters. */
	const crisk_rules *like = at >= j->state_at && end < j->len ? j->like : NULL;
	crisk_game *g = &unset_game;
	int rc = load_json(&g, j->buf, len, like);
	if (g == &unset_game) {
		inconsistent(j->c, kind, "the load left *out unset");
		return;
	}
	long before = j->c->inconsistent;
	if (like && j->cross++ % CROSS_EVERY == 0) {
		char msg[ERR_MSG_MAX];
		snprintf(msg, sizeof msg, "%s", crisk_error_last());
		crisk_game *plain = NULL;
		int prc = load_json(&plain, j->buf, len, NULL);
		cross_check(j->c, rc, g, plain, prc, msg, kind);
		crisk_game_free(plain);
		crisk_error_set(rc, "%s", msg);
	}
	judge(j->c, rc, g, kind);
	if (j->c->inconsistent > before && j->c->inconsistent <= SHOW_MAX) {
		/* The context of the edit: its JSON neighbourhood. */
		size_t from = at > 40 ? at - 40 : 0;
		report(j->c, "    at byte %zu: '%.*s' -> '%.*s' in '...%.*s...', message of the load: '%s'\n", at,
		       (int)(end - at > 60 ? 60 : end - at), j->js + at, (int)(n > 60 ? 60 : n), ins,
		       (int)(at - from + 40 < len - from ? at - from + 40 : len - from), j->buf + from,
		       rc ? crisk_error_last() : "(accepted)");
	}
}

static void json_str_case(json_job *j, size_t at, size_t end, const char *ins, const char *kind)
{
	json_case(j, at, end, ins, strlen(ins), kind);
}

START_TEST(json_campaign)
{
	campaign c;
	inputs in;
	campaign_init(&c, _i, F_JSON, &in);
	json_job j = {&c, in.json[c.stage], in.json_len[c.stage], NULL, 0, 0, NULL, 0};
	const char *js = j.js;
	crisk_game *orig;
	ck_assert_msg(crisk_game_load_json(&orig, js, j.len) == CRISK_OK, "the unchanged save is refused: %s",
		      crisk_error_last());
	j.like = crisk_game_rules(orig);
	j.state_at = (size_t)(strstr(js, "\"state\":") - js) + 8;
	spans s = {0};
	ck_assert_uint_eq(scan_value(&s, js, 0), j.len);

	/* Every number replaced by edge values: 0, +-1, each width's maximum
	 * + 1 (i8, u8, u16, i32, u32), 2^53, the int64 edges and beyond, and
	 * non-integers. */
	static const char *const edges[] = {"0", "-1", "1", "128", "256", "65536", "2147483648", "4294967296",
					    "9007199254740992", "9223372036854775807", "9223372036854775808",
					    "-9223372036854775808", "-9223372036854775809", "1e308", "1.5"};
	for (size_t i = 0; i < s.n_num; i++) {
		for (size_t e = 0; e < sizeof edges / sizeof edges[0]; e++) {
			size_t n = strlen(edges[e]);
			if (n == s.num[i].end - s.num[i].at && memcmp(js + s.num[i].at, edges[e], n) == 0)
				continue;
			json_case(&j, s.num[i].at, s.num[i].end, edges[e], n, "number replaced");
		}
		/* The old value + 1: the next value out of a field's range. */
		char next[32];
		long long v = strtoll(js + s.num[i].at, NULL, 10);
		snprintf(next, sizeof next, "%lld", v + 1);
		json_str_case(&j, s.num[i].at, s.num[i].end, next, "number + 1");
	}

	/* Every phase and status name replaced by every other one, "unknown"
	 * (what kern_dp_name gives unnamed numbers) included. */
	for (size_t i = 0; i < s.n_str; i++) {
		size_t at = s.str[i].at, end = s.str[i].end;
		char name[32];
		if (end - at - 2 >= sizeof name || js[end] == ':')
			continue;
		snprintf(name, sizeof name, "%.*s", (int)(end - at - 2), js + at + 1);
		int is_phase = 0, is_status = 0;
		for (int d = 0; d < DP_COUNT; d++)
			is_phase |= strcmp(name, kern_dp_name(d)) == 0;
		for (int t = 0; t < 3; t++)
			is_status |= strcmp(name, sf_status_name(t)) == 0;
		for (int d = 0; is_phase && d < DP_COUNT; d++) {
			char q[40];
			snprintf(q, sizeof q, "\"%s\"", kern_dp_name(d));
			if (strcmp(name, kern_dp_name(d)) != 0 && (d == 0 || strcmp(kern_dp_name(d), kern_dp_name(d - 1))))
				json_str_case(&j, at, end, q, "phase name replaced");
		}
		for (int t = 0; is_status && t < 3; t++) {
			char q[40];
			snprintf(q, sizeof q, "\"%s\"", sf_status_name(t));
			if (strcmp(name, sf_status_name(t)) != 0)
				json_str_case(&j, at, end, q, "status name replaced");
		}
	}

	/* Members deleted (with a comma next to them), duplicated, and unknown
	 * members added: a new name, and a name used elsewhere. */
	for (size_t i = 0; i < s.n_mem; i++) {
		size_t at = s.mem[i].at, end = s.mem[i].end;
		if (js[end] == ',')
			end++;
		else if (js[at - 1] == ',')
			at--;
		json_str_case(&j, at, end, "", "member deleted");
		size_t n = s.mem[i].end - s.mem[i].at;
		char *dup = malloc(n + 2);
		ck_assert_ptr_nonnull(dup);
		dup[0] = ',';
		memcpy(dup + 1, js + s.mem[i].at, n);
		json_case(&j, s.mem[i].end, s.mem[i].end, dup, n + 1, "member duplicated");
		free(dup);
	}
	for (size_t i = 0; i < s.n_obj; i++) {
		size_t at = s.obj[i].end;
		json_str_case(&j, at, at, "\"zz_unknown\":0,", "unknown member added");
		json_str_case(&j, at, at, "\"turn\":0,", "member 'turn' added");
	}

	/* Invalid UTF-8 in every string (names and values): a stray
	 * continuation byte, 0xFF, an overlong '/', a cut sequence, a surrogate
	 * and a code point above U+10FFFF. */
	static const char *const bad_utf8[] = {"\x80", "\xff", "\xc0\xaf", "\xe2\x82", "\xed\xa0\x80",
					       "\xf4\x90\x80\x80", "\xe0\x80\x80"};
	for (size_t i = 0; i < s.n_str; i++) {
		for (size_t b = 0; b < sizeof bad_utf8 / sizeof bad_utf8[0]; b++) {
			size_t at = s.str[i].at + 1;
			json_str_case(&j, at, at, bad_utf8[b], "invalid UTF-8 inserted");
		}
	}

	/* Deep nesting: 10^5 '[' (and '{"a":') as the document, as the state
	 * and in place of a number; and just past the nesting limit. */
	size_t deep = 100000;
	char *brackets = malloc(5 * deep + 1);
	ck_assert_ptr_nonnull(brackets);
	memset(brackets, '[', deep);
	json_case(&j, 0, j.len, brackets, deep, "10^5 '[' as the document");
	json_case(&j, j.state_at, j.len - 1, brackets, deep, "10^5 '[' as the state");
	json_case(&j, s.num[0].at, s.num[0].end, brackets, deep, "10^5 '[' for a number");
	for (size_t i = 0; i < deep; i++)
		memcpy(brackets + 5 * i, "{\"a\":", 5);
	json_case(&j, 0, j.len, brackets, 5 * deep, "10^5 '{\"a\":' as the document");
	memset(brackets, '[', 65);
	memset(brackets + 65, ']', 65);
	json_case(&j, s.num[0].at, s.num[0].end, brackets, 130, "65 nested arrays for a number");
	free(brackets);

	free_spans(&s);
	free(j.buf);
	crisk_game_free(orig);
	finish(&c);
	free_inputs(&in);
}
END_TEST

/* ---- records ---- */

typedef struct rec_job {
	campaign *c;
	const char *text;
	size_t len;
	size_t *line_at; /* start of each line, plus the end */
	size_t n_lines;
} rec_job;

/* A replayed game is consistent when its record replays to the same record
 * and state, and its saves are consistent (consistent()). */
static void rec_judge(rec_job *j, const char *text, size_t len, const char *kind, size_t line)
{
	crisk_game *g = &unset_game;
	char *copy = malloc(len ? len : 1);
	ck_assert_ptr_nonnull(copy);
	memcpy(copy, text, len);
	int rc = crisk_record_replay(&g, copy, len);
	free(copy);
	char what[96];
	snprintf(what, sizeof what, "%s (line %zu of %zu)", kind, line + 1, j->n_lines);
	if (g == &unset_game) {
		inconsistent(j->c, what, "the replay left *out unset");
		return;
	}
	if (rc == CRISK_OK) {
		size_t r1, r2;
		char *again = record_text(g, &r1);
		crisk_game *g2 = NULL;
		if (crisk_record_replay(&g2, again, r1) != CRISK_OK) {
			char why[600];
			snprintf(why, sizeof why, "its record is refused: %s", crisk_error_last());
			inconsistent(j->c, what, why);
			free(again);
			crisk_game_free(g);
			return;
		}
		char *twice = record_text(g2, &r2);
		size_t b1, b2;
		uint8_t *s1 = save_bin(g, &b1), *s2 = save_bin(g2, &b2);
		int same = r1 == r2 && memcmp(again, twice, r1) == 0 && b1 == b2 && memcmp(s1, s2, b1) == 0;
		free(again);
		free(twice);
		free(s1);
		free(s2);
		crisk_game_free(g2);
		if (!same) {
			inconsistent(j->c, what, "record -> replay -> record differs");
			crisk_game_free(g);
			return;
		}
	}
	long before = j->c->inconsistent;
	judge(j->c, rc, g, what);
	if (j->c->inconsistent > before && j->c->inconsistent <= SHOW_MAX) {
		size_t a = j->line_at[line], e = j->line_at[line + 1];
		report(j->c, "    line '%.*s', message of the replay: '%s'\n", (int)(e - a > 80 ? 80 : e - a - 1),
		       j->text + a, rc ? crisk_error_last() : "(accepted)");
	}
}

START_TEST(record_campaign)
{
	campaign c;
	inputs in;
	campaign_init(&c, _i, F_REC, &in);
	rec_job j = {&c, in.rec[c.stage], in.rec_len[c.stage], NULL, 0};
	crisk_game *orig;
	ck_assert_msg(crisk_record_replay(&orig, j.text, j.len) == CRISK_OK, "the unchanged record is refused: %s",
		      crisk_error_last());
	crisk_game_free(orig);
	j.line_at = malloc((j.len + 2) * sizeof *j.line_at);
	ck_assert_ptr_nonnull(j.line_at);
	for (size_t i = 0; i < j.len; i++) {
		if (i == 0 || j.text[i - 1] == '\n')
			j.line_at[j.n_lines++] = i;
	}
	j.line_at[j.n_lines] = j.len;
	size_t used = strlen(c.note);
	snprintf(c.note + used, sizeof c.note - used, ", %zu lines", j.n_lines);
	char *buf = malloc(j.len + 4096);
	ck_assert_ptr_nonnull(buf);
	size_t n = j.n_lines;
	for (size_t i = 0; i < n; i++) {
		/* Final records are long (every replay is O(lines)): sampled. */
		if (c.stage == S_FINAL && !full_run() && i >= 3 && i % REC_STRIDE != 0 && i + REC_TAIL < n)
			continue;
		size_t a = j.line_at[i], e = j.line_at[i + 1], l = e - a;
		/* Deleted. */
		memcpy(buf, j.text, a);
		memcpy(buf + a, j.text + e, j.len - e);
		rec_judge(&j, buf, j.len - l, "line deleted", i);
		/* Duplicated. */
		memcpy(buf, j.text, e);
		memcpy(buf + e, j.text + a, l);
		memcpy(buf + e + l, j.text + e, j.len - e);
		rec_judge(&j, buf, j.len + l, "line duplicated", i);
		/* Swapped with the next line. */
		if (i + 1 < n) {
			size_t e2 = j.line_at[i + 2], l2 = e2 - e;
			memcpy(buf, j.text, a);
			memcpy(buf + a, j.text + e, l2);
			memcpy(buf + a + l2, j.text + a, l);
			memcpy(buf + a + l2 + l, j.text + e2, j.len - e2);
			rec_judge(&j, buf, j.len, "line swapped with the next", i);
		}
	}
	free(buf);
	free(j.line_at);
	finish(&c);
	free_inputs(&in);
}
END_TEST

/* The judge can fail: a state broken in memory (a card more in the bank) is
 * accepted-inconsistent, and refusals without CRISK_EFORMAT or without a
 * message are counted as inconsistent too. */
START_TEST(judge_detects_inconsistency)
{
	campaign c;
	inputs in;
	campaign_init(&c, S_MID, F_BIN, &in);
	crisk_game *g;
	ck_assert_int_eq(crisk_game_load(&g, in.bin[S_MID], in.bin_len[S_MID]), CRISK_OK);
	char why[600];
	ck_assert_msg(consistent(&c, g, 1, why, sizeof why), "%s", why);
	ks(g->state)->bank[0]++;
	ck_assert(!consistent(&c, g, 1, why, sizeof why));
	ck_assert_msg(strstr(why, "its binary re-save is refused: state field invalid: bank[0]"), "%s", why);
	judge(&c, CRISK_OK, g, "a broken state");
	ck_assert_int_eq(c.inconsistent, 1);
	judge(&c, crisk_error_set(CRISK_EINVAL, "not a format error"), NULL, "another code");
	judge(&c, crisk_error_set(CRISK_EFORMAT, "%s", ""), NULL, "no message");
	judge(&c, crisk_error_set(CRISK_EFORMAT, "refused"), NULL, "refused");
	ck_assert_int_eq(c.inconsistent, 3);
	ck_assert_int_eq(c.refused, 1);
	ck_assert_ptr_nonnull(strstr(c.report, "another code: refused with -1"));
	free_inputs(&in);
}
END_TEST

/* ---- regressions of defects the campaign found ---- */

/* A game of configuration c played by the test's policy up to the first
 * state in phase dp returning to ret after `rolls` rolls (two_player; -1:
 * any); NULL if none in 50 games. */
/* A one-byte field of the module's state (the ext region). */
static int ext_u8(const crisk_game *g, const char *name)
{
	const kern *k = crisk_game_rules(g)->data;
	for (int f = 0; f < k->hk.n_ext_fields; f++) {
		if (strcmp(k->hk.ext_fields[f].name, name) == 0)
			return ((const uint8_t *)kext(k, g->state))[k->hk.ext_fields[f].off];
	}
	ck_abort_msg("no field %s", name);
	return -1;
}

static int at_phase(const crisk_game *g, int dp, int ret, int rolls)
{
	return ks(g->state)->dp == dp && (ret < 0 || ks(g->state)->ret == ret) &&
	       (rolls < 0 || ext_u8(g, "rolls") == rolls);
}

static crisk_game *game_at_phase(const config *c, int dp, int ret, int rolls, uint64_t seed)
{
	for (int games = 0; games < 50; games++) {
		crisk_game *g = new_game(c, 0);
		uint64_t rs = seed + (uint64_t)games;
		while (running(g) && !at_phase(g, dp, ret, rolls))
			ck_assert(random_step(g, &rs));
		if (at_phase(g, dp, ret, rolls))
			return g;
		crisk_game_free(g);
	}
	return NULL;
}

/* Loads save with one state byte set, the checksum fixed. */
static int load_with_byte(const crisk_game *g, const char *field, int value)
{
	size_t len;
	uint8_t *save = save_bin(g, &len);
	size_t name_len = (size_t)save[12] | (size_t)save[13] << 8;
	size_t params_at = 14 + name_len + 8, state_at = params_at + get_u32(save + params_at - 4) + 4;
	const kern *k = crisk_game_rules(g)->data;
	long off = kern_state_offset(k, field, 0, 0);
	if (off < 0) { /* a field of the module's state, after the paths */
		off = kern_state_offset(k, "paths", 0, k->b.n_path - 1) + 1;
		int f = 0;
		for (; f < k->hk.n_ext_fields && strcmp(k->hk.ext_fields[f].name, field) != 0; f++)
			off += sf_width(k->hk.ext_fields[f].kind) * k->hk.ext_fields[f].count;
		ck_assert_msg(f < k->hk.n_ext_fields, "no field %s", field);
	}
	save[state_at + (size_t)off] = (uint8_t)value;
	fix_crc(save, len);
	crisk_game *l = &unset_game;
	int rc = crisk_game_load(&l, save, len);
	ck_assert_ptr_ne(l, &unset_game);
	crisk_game_free(l);
	free(save);
	return rc;
}

/* two_player: a forced trade (T-17) was accepted with free roads pending,
 * and the give that ends it returned to main with them, a state refused. */
START_TEST(two_player_forced_trade_with_free_roads)
{
	static const config tp = {"two_player", "seed=1406 chance=explicit", 0, 0};
	static const int phases[] = {DP_TP_DRAW, DP_TP_GIVE};
	for (int i = 0; i < 2; i++) {
		crisk_game *g = game_at_phase(&tp, phases[i], -1, -1, 1000);
		ck_assert_msg(g != NULL, "no forced trade in 50 games");
		ck_assert_int_eq(load_with_byte(g, "free_roads", 0), CRISK_OK);
		ck_assert_int_eq(load_with_byte(g, "free_roads", 1), CRISK_EFORMAT);
		char want[64];
		snprintf(want, sizeof want, "free_roads: 1 in phase %s", kern_dp_name(phases[i]));
		ck_assert_msg(strstr(crisk_error_last(), want), "'%s' lacks '%s'", crisk_error_last(), want);
		crisk_game_free(g);
	}
}
END_TEST

/* two_player: after a card or a robber move the phase returns to main only
 * after both rolls and to pre_roll only before the second (T-9, T-10); a
 * state with the other roll count was accepted, and the return refused. */
START_TEST(two_player_return_phase_and_rolls)
{
	static const config tp = {"two_player", "seed=1406 chance=explicit", 0, 0};
	static const struct {
		int dp, ret, rolls;
	} cases[] = {
		{DP_MOVE_ROBBER, DP_MAIN, 1}, {DP_FREE_ROAD, DP_MAIN, 1},         {DP_MONOPOLY_PICK, DP_MAIN, 1},
		{DP_YOP_PICK, DP_MAIN, 1},    {DP_MONOPOLY_PICK, DP_PRE_ROLL, 2},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		/* States with one roll before the second (a first sum set), so that
		 * only the count is wrong. */
		int before = cases[i].ret == DP_MAIN ? 2 : 1;
		crisk_game *g = game_at_phase(&tp, cases[i].dp, cases[i].ret, before, 2000);
		ck_assert_msg(g != NULL, "no %s returning to %s in 50 games", kern_dp_name(cases[i].dp),
			      kern_dp_name(cases[i].ret));
		ck_assert_int_eq(load_with_byte(g, "rolls", before), CRISK_OK);
		ck_assert_int_eq(load_with_byte(g, "rolls", cases[i].rolls), CRISK_EFORMAT);
		char want[96];
		snprintf(want, sizeof want, "ext.rolls: %d in phase %s, which returns to %s", cases[i].rolls,
			 kern_dp_name(cases[i].dp), kern_dp_name(cases[i].ret));
		ck_assert_msg(strstr(crisk_error_last(), want), "'%s' lacks '%s'", crisk_error_last(), want);
		crisk_game_free(g);
	}
}
END_TEST

/* The JSON reader took "unknown", the name kern_dp_name gives numbers
 * without a phase, as phase 18: refused later, but as "18 is not a phase". */
START_TEST(json_phase_named_unknown)
{
	crisk_game *g = new_game(&configs[0], 0);
	size_t len;
	char *js = save_text(g, &len);
	const char *keys[] = {"\"phase\":\"", "\"return_phase\":\""};
	for (int k = 0; k < 2; k++) {
		char *at = strstr(js, keys[k]) + strlen(keys[k]);
		char *end = strchr(at, '"');
		size_t n = strlen(js) + 16;
		char *bad = malloc(n);
		ck_assert_ptr_nonnull(bad);
		snprintf(bad, n, "%.*sunknown%s", (int)(at - js), js, end);
		crisk_game *l = &unset_game;
		ck_assert_int_eq(crisk_game_load_json(&l, bad, strlen(bad)), CRISK_EFORMAT);
		ck_assert_ptr_null(l);
		char want[64];
		snprintf(want, sizeof want, "$.state.%.*s: 'unknown' is not a phase", (int)strlen(keys[k]) - 4,
			 keys[k] + 1);
		ck_assert_msg(strstr(crisk_error_last(), want), "'%s' lacks '%s'", crisk_error_last(), want);
		free(bad);
	}
	free(js);
	crisk_game_free(g);
}
END_TEST

static Suite *corrupt_suite(void)
{
	Suite *s = suite_create("corrupt");
	TCase *tc = tcase_create("campaign");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, judge_detects_inconsistency);
	tcase_add_loop_test(tc, binary_campaign, 0, N_STAGES * N_CONFIGS);
	tcase_add_loop_test(tc, json_campaign, 0, N_STAGES * N_CONFIGS);
	tcase_add_loop_test(tc, record_campaign, 0, N_STAGES * N_CONFIGS);
	suite_add_tcase(s, tc);

	tc = tcase_create("phases");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, phase_campaign, 0, N_CONFIGS);
	suite_add_tcase(s, tc);

	tc = tcase_create("regressions");
	tcase_add_test(tc, json_phase_named_unknown);
	tcase_add_test(tc, two_player_forced_trade_with_free_roads);
	tcase_add_test(tc, two_player_return_phase_and_rolls);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(corrupt_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
