/* Invariant soak: plays random games of configurations of the built-in
 * modules (base, two_player, risk) and checks, after every action, through
 * the public API only:
 * - every listed legal action passes crisk_game_check; at chance points the
 *   outcomes pass check and their probabilities sum to 1;
 * - resource conservation: bank + hands = 19 of each resource (B-6; 24 with
 *   5-6 seats, B-113), and the public hand and development card counts match
 *   the hands;
 * - development cards: deck + unplayed + played = 25 (B-7; 34 with 5-6
 *   seats, B-113), played counted from the PLAY_DEV events;
 * - pieces: at most 5 settlements, 4 cities, 15 roads per seat (B-9; risk:
 *   plus the pieces annexed over the supply, RC-12), owners are seats or the
 *   module's neutrals (T-1, RC-27);
 * and, in two_player and risk every MODULE_EVERY actions and at the end:
 * - played knights face up = knights played - knights discarded (B-92, T-19);
 * - two_player: trade tokens held + supply = 20 (T-16), neutrals within their
 *   supply and without cities (T-2);
 * - risk: control and contest recomputed from the armies (RC-3..RC-5), no
 *   armies of seats that are out (RC-26) or on face-down hexes (RC-31),
 *   armies on the board = placed - battle losses - removed (RC-18, RC-20,
 *   RC-26);
 * - scores: the omniscient score is at least settlements + 2 cities + victory
 *   point cards and at most 4 more (Longest Road, Largest Army); others never
 *   see more than the omniscient score;
 * - the game ends (vp_target=12 can leave every seat stuck below the target
 *   on a crowded board, so that configuration has a turn limit), and a
 *   winner has at least the target (risk: or is the last seat in, RC-29);
 * and every SPOT_EVERY actions that a clone has the same digest and
 * omniscient view and the same future under the same choices; every
 * SAVE_EVERY actions and at the end of every game that the binary and the
 * JSON save load back, re-save to the same bytes and give the same digest
 * and omniscient view (every reached state saves and loads, issue 14).
 * A failure names the module and parameters of its configuration.
 *
 *   soak GAMES_PER_CONFIG [SEED]     TAP output, one subtest per configuration
 *
 * Configurations with a cost above 1 play GAMES_PER_CONFIG / cost games.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "catanrisk.h"
#include "digest.h"
#include "module_checks.h"
#include "playout.h"

#define MAX_STEPS 400000
#define SPOT_EVERY 97
#define SPOT_AHEAD 8
#define SAVE_EVERY 25
/* The module checks of two_player and risk read the JSON view, which costs
 * several times a step (far more under the sanitizers), so they run every
 * MODULE_EVERY actions and on the final position.  What they compare against is tallied from every
 * event, so a broken conservation is still caught at the next check. */
#define MODULE_EVERY 4

typedef struct config {
	const char *module;
	const char *params;
	int vp_target;
	/* The module checks read the JSON view after every action, which makes
	 * a step several times dearer: these configurations play GAMES/cost. */
	int cost;
} config;

static const config configs[] = {
	{"base", "players=2 board=random", 10, 1},
	{"base", "players=3 board=random", 10, 1},
	{"base", "players=4 board=random", 10, 1},
	{"base", "players=2 board=beginner chance=explicit", 10, 1},
	{"base", "players=3 board=random_tokens chance=explicit discard_limit=9", 10, 1},
	{"base", "players=4 board=beginner chance=explicit friendly_robber=1 vp_target=12 max_turns=2000", 12, 1},
	/* 5-6 seats (B-111..B-124): special build phase, paired turns. */
	{"base", "players=5 board=random max_turns=250", 10, 1},
	{"base", "players=6 board=random_tokens chance=explicit", 10, 1},
	{"base", "players=6 board=random paired_players=on", 10, 1},
	/* two_player (T-1..T-20): neutral builds, two rolls, trade tokens. */
	{"two_player", "board=random", 10, 4},
	{"two_player", "board=beginner chance=explicit", 10, 4},
	{"two_player", "board=random_tokens chance=explicit friendly_robber=1", 10, 4},
	{"two_player", "board=random max_trade_offers_per_turn=2 discard_limit=9", 10, 4},
	/* risk (RC-1..RC-32): armies, battles, annexation, fog.  Random play
	 * often stalls (contested hexes produce nothing, RC-4): with 300 turns
	 * nearly every game stops at the limit, with 1000 most are won (RC-28,
	 * RC-29) but cost about four times as much. */
	{"risk", "players=2 board=random max_turns=300", 10, 4},
	{"risk", "players=3 board=beginner chance=explicit max_turns=1000", 10, 8},
	{"risk", "players=4 board=random max_turns=1000", 10, 8},
	{"risk", "players=3 board=random fog=on max_turns=1000", 10, 8},
	{"risk", "players=4 board=random_tokens chance=explicit fog=on vp_target=8 max_turns=1000", 8, 8},
};

typedef struct soak {
	crisk_game *g;
	int kind; /* MC_BASE, MC_TWO_PLAYER, MC_RISK */
	int seats;
	int played_dev; /* development cards played so far (all types) */
	uint64_t ev_seen;
	mc_tally tally;
	mc_info info;
	int64_t info_step; /* the step at which info was read */
	const char *where;
	long game;
	int64_t step;
	long violations;
	long won; /* games of the configuration that ended with a winner */
	long saves; /* states saved and loaded back */
	crisk_action buf[PL_MAX_ACTIONS];
	crisk_action spare[PL_MAX_ACTIONS];
} soak;

static int violation(soak *s, const char *fmt, ...)
{
	if (s->violations++ < 10) {
		va_list ap;
		va_start(ap, fmt);
		printf("# VIOLATION [%s] game %ld step %" PRId64 ": ", s->where, s->game, s->step);
		vprintf(fmt, ap);
		printf(" (last error: %s)\n", crisk_error_last());
		va_end(ap);
	}
	return 1;
}

static int check_legal(soak *s)
{
	const crisk_game *g = s->g;
	size_t n = 0;
	if (crisk_game_current_seat(g) == CRISK_SEAT_CHANCE) {
		double probs[PL_MAX_ACTIONS], sum = 0; /* risk: 1176 battle dice outcomes */
		if (crisk_game_chance_probabilities(g, s->spare, probs, PL_MAX_ACTIONS, &n) != CRISK_OK || !n)
			return violation(s, "chance point without outcomes");
		for (size_t i = 0; i < n; i++) {
			sum += probs[i];
			if (probs[i] <= 0 || crisk_game_check(g, s->spare[i]) != CRISK_OK)
				return violation(s, "chance outcome %zu (0x%" PRIx64 ") refused or p=%g", i, s->spare[i],
						 probs[i]);
		}
		if (sum < 1 - 1e-9 || sum > 1 + 1e-9)
			return violation(s, "chance probabilities sum to %.12f", sum);
		return 0;
	}
	if (crisk_game_legal_actions(g, s->spare, PL_MAX_ACTIONS, &n) != CRISK_OK || !n)
		return violation(s, "running game without legal actions");
	for (size_t i = 1; i < n; i++)
		if (s->spare[i] <= s->spare[i - 1])
			return violation(s, "legal actions not ascending at %zu", i);
	for (size_t i = 0; i < n; i++)
		if (crisk_game_check(g, s->spare[i]) != CRISK_OK)
			return violation(s, "listed action 0x%" PRIx64 " fails check", s->spare[i]);
	return 0;
}

/* Counts development cards played since the last call (PLAY_DEV events)
 * and tallies the module's events. */
static int count_played(soak *s)
{
	uint64_t first, next;
	crisk_game_event_range(s->g, &first, &next);
	if (first > s->ev_seen)
		return violation(s, "events %" PRIu64 "..%" PRIu64 " fell out of the log", s->ev_seen, first - 1);
	for (uint64_t seq = s->ev_seen; seq < next; seq++) {
		crisk_event e = CRISK_EVENT_INIT;
		if (crisk_game_event(&e, s->g, seq, CRISK_VIEWER_OMNISCIENT) != CRISK_OK)
			return violation(s, "event %" PRIu64 " unreadable", seq);
		if (e.type == CRISK_CATAN_EV_PLAY_DEV)
			s->played_dev++;
		mc_count_event(&s->tally, &e);
	}
	s->ev_seen = next;
	return 0;
}

static int check_conservation(soak *s)
{
	const crisk_game *g = s->g;
	int32_t bank[5], deck, res[5] = {0};
	int devs = 0;
	int cards_per_type = s->seats >= 5 ? 24 : 19, dev_cards = s->seats >= 5 ? 34 : 25; /* B-6, B-7, B-113 */
	if (crisk_catan_bank(g, bank, &deck) != CRISK_OK)
		return violation(s, "bank query failed");
	for (int p = 0; p < s->seats; p++) {
		int32_t hand[5], dev[5], cards, devn, knights;
		if (crisk_catan_hand(g, p, CRISK_VIEWER_OMNISCIENT, hand) || crisk_catan_dev_cards(g, p, CRISK_VIEWER_OMNISCIENT, dev) ||
		    crisk_catan_seat_counts(g, p, &cards, &devn, &knights))
			return violation(s, "seat %d queries failed", p);
		int sum = 0, dsum = 0;
		for (int r = 0; r < 5; r++) {
			if (hand[r] < 0 || dev[r] < 0)
				return violation(s, "seat %d negative count", p);
			sum += hand[r];
			dsum += dev[r];
			res[r] += hand[r];
		}
		if (sum != cards || dsum != devn)
			return violation(s, "seat %d public counts %d/%d but holds %d/%d", p, cards, devn, sum, dsum);
		devs += dsum;
	}
	for (int r = 0; r < 5; r++)
		if (bank[r] < 0 || bank[r] + res[r] != cards_per_type)
			return violation(s, "resource %d: bank %d + hands %d != %d", r, bank[r], res[r], cards_per_type);
	if (deck < 0 || deck + devs + s->played_dev != dev_cards)
		return violation(s, "development cards: deck %d + unplayed %d + played %d != %d", deck, devs,
				 s->played_dev, dev_cards);
	return 0;
}

static int check_module(soak *s);

static int check_pieces_scores(soak *s)
{
	const crisk_game *g = s->g;
	int settle[CRISK_MAX_SEATS] = {0}, city[CRISK_MAX_SEATS] = {0}, road[CRISK_MAX_SEATS] = {0};
	int32_t owner, kind;
	for (int node = 0; crisk_catan_building(g, node, &owner, &kind) == CRISK_OK; node++) {
		if (kind && !mc_valid_owner(s->kind, s->seats, owner))
			return violation(s, "building on %d has owner %d", node, owner);
		if (kind && owner >= s->seats) /* a neutral's (T-1, RC-27) */
			continue;
		if (kind == 1)
			settle[owner]++;
		else if (kind == 2)
			city[owner]++;
	}
	for (int path = 0; crisk_catan_road(g, path, &owner) == CRISK_OK; path++) {
		if (owner >= 0 && !mc_valid_owner(s->kind, s->seats, owner))
			return violation(s, "road on %d has owner %d", path, owner);
		if (owner >= 0 && owner < s->seats)
			road[owner]++;
	}
	for (int p = 0; p < s->seats; p++) {
		const int *over = s->info.over[p]; /* RC-12: annexed over the supply */
		int beyond = settle[p] > 5 + over[0] || city[p] > 4 + over[1] || road[p] > 15 + over[2];
		if (beyond && s->kind == MC_RISK && s->info_step != s->step) { /* read the view now */
			if (check_module(s))
				return 1;
			beyond = settle[p] > 5 + over[0] || city[p] > 4 + over[1] || road[p] > 15 + over[2];
		}
		if (beyond)
			return violation(s, "seat %d has %d settlements, %d cities, %d roads", p, settle[p], city[p],
					 road[p]);
		int32_t dev[5];
		int vp, seen;
		crisk_catan_dev_cards(g, p, CRISK_VIEWER_OMNISCIENT, dev);
		crisk_game_score(g, p, CRISK_VIEWER_OMNISCIENT, &vp);
		int base = settle[p] + 2 * city[p] + dev[CRISK_CATAN_VICTORY_POINT];
		if (vp < base || vp > base + 4)
			return violation(s, "seat %d scores %d with %d from pieces and cards", p, vp, base);
		for (int v = -1; v < s->seats; v++) {
			crisk_game_score(g, p, v < 0 ? CRISK_VIEWER_SPECTATOR : v, &seen);
			if (seen > vp)
				return violation(s, "viewer %d sees %d VP for seat %d, more than %d", v, seen, p, vp);
		}
	}
	int32_t hex;
	if (crisk_catan_robber(g, &hex) || hex < 0)
		return violation(s, "robber query failed or hex %d", hex);
	return 0;
}

static int check_module(soak *s)
{
	char msg[256];
	s->info_step = s->step;
	if (mc_check(s->kind, s->g, &s->tally, &s->info, msg, sizeof msg))
		return violation(s, "%s", msg);
	return 0;
}

/* RC-29: in risk a seat also wins when every other seat is out. */
static int last_seat_in(const soak *s, int winner)
{
	if (s->kind != MC_RISK)
		return 0;
	for (int p = 0; p < s->seats; p++)
		if (p != winner && !s->info.out[p])
			return 0;
	return 1;
}

/* A clone has the same view and, under the same choices, the same future. */
static int check_clone(soak *s, const pl_rng *r)
{
	crisk_game *c = NULL;
	if (crisk_game_clone(&c, s->g) != CRISK_OK)
		return violation(s, "clone failed");
	uint64_t digest = dg_state(s->g);
	if (!digest) { /* a typed query failed: equal digests would prove nothing */
		crisk_game_free(c);
		return violation(s, "digest queries failed");
	}
	int bad = dg_state(c) != digest || !mc_same_view(c, s->g);
	crisk_game *d = NULL;
	if (!bad && crisk_game_clone(&d, s->g) == CRISK_OK) {
		pl_rng r1 = *r, r2 = *r;
		for (int i = 0; i < SPOT_AHEAD && crisk_game_status(c, NULL) == CRISK_STATUS_RUNNING; i++) {
			if (pl_step(c, &r1, s->spare) != CRISK_OK || pl_step(d, &r2, s->spare) != CRISK_OK) {
				bad = 1;
				break;
			}
		}
		bad |= dg_state(c) != dg_state(d) || !mc_same_view(c, d);
	}
	crisk_game_free(c);
	crisk_game_free(d);
	return bad ? violation(s, "clone differs from its original") : 0;
}

/* A save of g in either form, malloc'ed; NULL on failure. */
static char *save_of(const crisk_game *g, int json, size_t *len)
{
	int rc = json ? crisk_game_save_json(g, NULL, 0, len) : crisk_game_save(g, NULL, 0, len);
	char *buf = rc == CRISK_EBUFSIZE ? malloc(*len + 1) : NULL;
	if (buf && (json ? crisk_game_save_json(g, buf, *len + 1, len) : crisk_game_save(g, buf, *len, len))) {
		free(buf);
		buf = NULL;
	}
	return buf;
}

static int check_saves(soak *s)
{
	s->saves++;
	for (int json = 0; json < 2; json++) {
		size_t len, len2;
		char *a = save_of(s->g, json, &len);
		if (!a)
			return violation(s, "%s save failed", json ? "JSON" : "binary");
		crisk_game *l = NULL;
		int rc = json ? crisk_game_load_json(&l, a, len) : crisk_game_load(&l, a, len);
		char *b = rc ? NULL : save_of(l, json, &len2);
		int bad = rc || !b || len2 != len || memcmp(a, b, len) != 0 || dg_state(l) != dg_state(s->g) ||
			  !mc_same_view(l, s->g);
		free(a);
		free(b);
		crisk_game_free(l);
		if (bad)
			return violation(s, "the %s save does not load back to the same game", json ? "JSON" : "binary");
	}
	return 0;
}

static void play_one(soak *s, const config *cf, uint64_t seed)
{
	char params[256];
	snprintf(params, sizeof params, "%s seed=%" PRIu64, cf->params, seed);
	crisk_rules *rules = NULL;
	s->step = 0;
	if (crisk_rules_new(&rules, cf->module, params) != CRISK_OK || crisk_game_new(&s->g, rules) != CRISK_OK) {
		crisk_rules_free(rules);
		violation(s, "cannot create %s", params);
		return;
	}
	crisk_rules_free(rules);
	s->seats = crisk_rules_num_seats(crisk_game_rules(s->g));
	s->played_dev = 0;
	memset(&s->tally, 0, sizeof s->tally);
	memset(&s->info, 0, sizeof s->info);
	s->info_step = -1;
	crisk_game_event_range(s->g, &s->ev_seen, NULL);
	pl_rng r = {seed * 0x9e3779b97f4a7c15u + 1};
	while (crisk_game_status(s->g, NULL) == CRISK_STATUS_RUNNING) {
		if (s->step >= MAX_STEPS) {
			violation(s, "game did not end in %d actions", MAX_STEPS);
			break;
		}
		if (check_legal(s))
			break;
		if (s->step % SPOT_EVERY == 0 && check_clone(s, &r))
			break;
		if (s->step % SAVE_EVERY == 0 && check_saves(s))
			break;
		int rc = pl_step(s->g, &r, s->buf);
		if (rc != CRISK_OK) {
			violation(s, "apply of a chosen legal action failed: %s", crisk_strerror(rc));
			break;
		}
		s->step++;
		int module_now = s->kind == MC_BASE || s->step % MODULE_EVERY == 0; /* base reads no view */
		if (count_played(s) || check_conservation(s) || (module_now && check_module(s)) || check_pieces_scores(s))
			break;
	}
	if (crisk_game_status(s->g, NULL) != CRISK_STATUS_RUNNING && s->info_step != s->step)
		check_module(s); /* the final position, and fresh info for RC-29 below */
	if (crisk_game_status(s->g, NULL) != CRISK_STATUS_RUNNING)
		check_saves(s); /* a finished game must reload: it is what a server keeps */
	int winner = -1, vp = 0;
	if (crisk_game_status(s->g, &winner) == CRISK_STATUS_WON) {
		s->won++;
		crisk_game_score(s->g, winner, CRISK_VIEWER_OMNISCIENT, &vp);
		if (vp < cf->vp_target && !last_seat_in(s, winner))
			violation(s, "winner %d has %d VP, target %d", winner, vp, cf->vp_target);
	}
	crisk_game_free(s->g);
	s->g = NULL;
}

int main(int argc, char **argv)
{
	long games = argc > 1 ? strtol(argv[1], NULL, 10) : 10;
	uint64_t seed0 = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
	size_t nconf = sizeof configs / sizeof configs[0];
	static soak s;
	long failed = 0, total_games = 0;
	int64_t total_steps = 0;
	printf("1..%zu\n", nconf);
	for (size_t c = 0; c < nconf; c++) {
		char where[300];
		snprintf(where, sizeof where, "%s %s", configs[c].module, configs[c].params);
		s.where = where;
		s.kind = mc_kind(configs[c].module);
		s.violations = 0;
		s.won = 0;
		s.saves = 0;
		int64_t steps = 0;
		clock_t start = clock();
		long n = games / configs[c].cost > 0 ? games / configs[c].cost : 1;
		for (s.game = 0; s.game < n; s.game++) {
			play_one(&s, &configs[c], seed0 + (uint64_t)s.game * 7919u + c);
			steps += s.step;
		}
		total_games += n;
		total_steps += steps;
		failed += s.violations != 0;
		printf("%s %zu - %s: %ld games (%ld won), %" PRId64 " actions, %ld states saved and loaded, "
		       "%ld violations, %.1f s\n",
		       s.violations ? "not ok" : "ok", c + 1, where, n, s.won, steps, s.saves, s.violations,
		       (double)(clock() - start) / CLOCKS_PER_SEC);
		fflush(stdout);
	}
	printf("# total: %ld games, %" PRId64 " actions\n", total_games, total_steps);
	return failed ? 1 : 0;
}
