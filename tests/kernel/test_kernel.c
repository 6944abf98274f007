/* Kernel tests through the module vtable of `base`: random playouts with the
 * invariants of B-141 at every decision point, refused actions leaving the
 * state byte-identical, legal lists ascending and passing check, text round
 * trips, clone determinism, and targeted rules (B-44, B-55, B-58/B-144, B-63,
 * B-89, B-93, B-105, B-106, B-110, B-52, B-97, B-100, B-133). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk/game.h"
#include "core/error.h"
#include "core/params.h"
#include "core/rng.h"
#include "catan/kernel.h"
#include "catan/state_io.h"
#include "modules/modules.h"

#define LEGAL_CAP 512

/* Passing ck_assert calls record a mark point through Check's pipe; the
 * playouts check millions of conditions, so they only report failures. */
#define EXPECT(cond, ...) \
	do { \
		if (!(cond)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)
#define EXPECT_EQ(a, b) EXPECT((a) == (b), "%s == %s failed: %lld vs %lld", #a, #b, (long long)(a), (long long)(b))

typedef struct fixture {
	kern *k;
	void *st;
	evlog log;
	param_set ps;
} fixture;

static void open_game(fixture *f, const char *params, uint32_t ev_cap)
{
	memset(f, 0, sizeof *f);
	int rc = params_parse(&f->ps, module_base.params, module_base.n_params, params);
	ck_assert_msg(rc == CRISK_OK, "params '%s': %s", params, err_message());
	void *data = NULL;
	rc = module_base.rules_create(&data, &f->ps);
	ck_assert_msg(rc == CRISK_OK, "rules '%s': %s", params, err_message());
	f->k = data;
	f->st = aligned_alloc(16, f->k->size);
	ck_assert_ptr_nonnull(f->st);
	f->log.next = 1;
	f->log.cap = ev_cap;
	f->log.ring = ev_cap ? calloc(ev_cap, sizeof(ev)) : NULL;
	module_base.state_init(f->k, f->st, &f->log);
}

static void close_game(fixture *f)
{
	free(f->st);
	free(f->log.ring);
	module_base.rules_destroy(f->k);
	params_free(&f->ps);
}

static size_t legal(const fixture *f, crisk_action *buf)
{
	size_t n = module_base.legal(f->k, f->st, buf, LEGAL_CAP);
	EXPECT((n) <= (LEGAL_CAP), "%s <= %s", "n", "LEGAL_CAP");
	return n;
}

static void apply_ok(fixture *f, crisk_action a)
{
	int rc = module_base.apply(f->k, f->st, a, &f->log);
	EXPECT(rc == CRISK_OK, "apply 0x%016llx: %s", (unsigned long long)a, err_message());
}

/* B-141: every invariant, recomputed from scratch. */
static void check_invariants(const fixture *f, int played_progress)
{
	const kern *k = f->k;
	const kstate *h = ks(f->st);
	const uint8_t *nodes = knodes(k, f->st), *paths = kpaths(k, f->st);
	int n = k->seats;
	for (int r = 0; r < NUM_RES; r++) {
		int total = h->bank[r];
		for (int s = 0; s < n; s++)
			total += kseat_of(k, f->st, s)->hand[r];
		EXPECT_EQ(total, 19);
	}
	int dev_total = h->deck[0] + h->deck[1] + h->deck[2] + h->deck[3] + h->deck[4] + played_progress;
	for (int s = 0; s < n; s++) {
		const kseat *p = kseat_of(k, f->st, s);
		int cards = 0;
		for (int r = 0; r < MAX_GOODS; r++)
			cards += p->hand[r];
		EXPECT_EQ(cards, p->cards);
		dev_total += p->knights;
		for (int c = 0; c < NUM_DEV; c++) {
			dev_total += p->dev[c];
			EXPECT(p->dev_new[c] <= p->dev[c], "dev_new above dev");
		}
		int settlements = 0, cities = 0, roads = 0;
		for (int i = 0; i < k->b.n_node; i++) {
			if ((int)(nodes[i] & NODE_OWNER_MASK) == s + 1) {
				if (nodes[i] & NODE_CITY)
					cities++;
				else
					settlements++;
			}
		}
		for (int i = 0; i < k->b.n_path; i++)
			roads += paths[i] == s + 1;
		EXPECT_EQ(settlements + p->supply[PIECE_SETTLEMENT], 5);
		EXPECT_EQ(cities + p->supply[PIECE_CITY], 4);
		EXPECT_EQ(roads + p->supply[PIECE_ROAD], 15);
		int vis = settlements + 2 * cities + 2 * (h->lr == s) + 2 * (h->la == s);
		EXPECT_EQ(vis, kern_visible_vp(k, f->st, s));
		EXPECT_EQ(board_longest_road(&k->b, paths, nodes, s), p->road_len); /* B-88 */
	}
	EXPECT_EQ(dev_total, 25);
	EXPECT((h->robber) < (k->b.n_land), "%s < %s", "h->robber", "k->b.n_land");
	for (int i = 0; i < k->b.n_node; i++) {
		if (!nodes[i])
			continue;
		const bnode *bn = &k->b.node[i];
		for (int j = 0; j < bn->deg; j++)
			EXPECT(!nodes[bn->adj[j]], "buildings on neighbours %d and %d (B-75)", i, bn->adj[j]);
	}
	/* Each connected group of a seat's roads touches one of its buildings. */
	for (int s = 0; s < n; s++) {
		uint8_t seen[1024] = {0};
		for (int p0 = 0; p0 < k->b.n_path; p0++) {
			if (paths[p0] != s + 1 || seen[p0])
				continue;
			int stack[1024], top = 0, touches = 0;
			stack[top++] = p0;
			seen[p0] = 1;
			while (top) {
				int p = stack[--top];
				for (int e = 0; e < 2; e++) {
					int nd = k->b.path[p].node[e];
					if ((int)(nodes[nd] & NODE_OWNER_MASK) == s + 1)
						touches = 1;
					const bnode *bn = &k->b.node[nd];
					for (int j = 0; j < bn->deg; j++) {
						int q = bn->path[j];
						if (paths[q] == s + 1 && !seen[q]) {
							seen[q] = 1;
							stack[top++] = q;
						}
					}
				}
			}
			EXPECT(touches, "seat %d has a road group without a building", s);
		}
	}
	int best = 0;
	for (int s = 0; s < n; s++)
		best = kseat_of(k, f->st, s)->road_len > best ? kseat_of(k, f->st, s)->road_len : best;
	if (h->lr >= 0) {
		EXPECT(kseat_of(k, f->st, h->lr)->road_len >= 5, "Longest Road holder below 5");
		EXPECT_EQ(kseat_of(k, f->st, h->lr)->road_len, best);
	}
	if (h->la >= 0) {
		int kn = kseat_of(k, f->st, h->la)->knights;
		EXPECT((kn) >= (3), "%s >= %s", "kn", "3");
		for (int s = 0; s < n; s++)
			EXPECT(kseat_of(k, f->st, s)->knights <= kn, "a seat has more knights than the Largest Army holder");
	}
	if (h->status == CRISK_STATUS_RUNNING)
		EXPECT((h->cur) != (CRISK_SEAT_NONE), "%s != %s", "h->cur", "CRISK_SEAT_NONE");
}

/* A random code near the legal ones: any type, small fields. */
static crisk_action random_code(rng *r)
{
	unsigned type = 1 + rng_uniform(r, 31);
	uint64_t f;
	switch (rng_uniform(r, 4)) {
	case 0:
		f = rng_uniform(r, 80);
		break;
	case 1:
		f = rng_next(r) & 0x000F0F0F0F0F0F0Full;
		break;
	case 2:
		f = rng_next(r) & 0x00FFFFFFFFFFFFFFull;
		break;
	default:
		f = (uint64_t)rng_uniform(r, 16) << (8 * rng_uniform(r, 7));
		break;
	}
	return act_make(type, f);
}

static void check_text_round_trip(const fixture *f, crisk_action a)
{
	char buf[160];
	textbuf t;
	tb_init(&t, buf, sizeof buf);
	EXPECT_EQ(module_base.action_to_string(f->k, a, &t), CRISK_OK);
	EXPECT_EQ(tb_finish(&t, NULL), CRISK_OK);
	crisk_action back = 0;
	int rc = module_base.action_from_string(f->k, buf, &back);
	EXPECT(rc == CRISK_OK && back == a, "'%s' parses to 0x%llx, not 0x%llx (%s)", buf,
		      (unsigned long long)back, (unsigned long long)a, err_message());
}

/* Events appended since `from`: hidden information is marked (B-134). */
static void check_new_events(const fixture *f, uint64_t from)
{
	for (uint64_t seq = from; seq < f->log.next; seq++) {
		if (seq < ev_first(&f->log))
			continue;
		const ev *e = &f->log.ring[seq % f->log.cap];
		if (e->type == CRISK_CATAN_EV_STEAL) {
			EXPECT_EQ(e->hidden, 1);
			EXPECT_EQ(e->see_mask, (1u << e->seat) | (1u << e->target));
		} else if (e->type == CRISK_CATAN_EV_BUY_DEV) {
			EXPECT_EQ(e->hidden, 1);
			EXPECT_EQ(e->see_mask, 1u << e->seat);
		} else {
			EXPECT_EQ(e->hidden, 0);
		}
	}
}

static int played_progress_of(crisk_action a)
{
	unsigned t = ACT_TYPE(a);
	return t == CRISK_CATAN_PLAY_ROAD_BUILDING || t == CRISK_CATAN_PLAY_YEAR_OF_PLENTY ||
	       t == CRISK_CATAN_PLAY_MONOPOLY;
}

/* A random legal action; offers (up to 120 of a list) only one time in ten,
 * so games do not drown in offers and declines. */
static crisk_action pick_action(const crisk_action *acts, size_t n, rng *pick)
{
	size_t others = 0;
	for (size_t i = 0; i < n; i++)
		others += ACT_TYPE(acts[i]) != CRISK_CATAN_OFFER_TRADE;
	if (others == n || others == 0 || rng_uniform(pick, 10) == 0)
		return acts[rng_uniform(pick, (uint32_t)n)];
	uint32_t k = rng_uniform(pick, (uint32_t)others);
	for (size_t i = 0;; i++) {
		if (ACT_TYPE(acts[i]) != CRISK_CATAN_OFFER_TRADE && k-- == 0)
			return acts[i];
	}
}

/* One random game; returns its status. */
static int playout(const char *params, uint64_t pick_seed, int max_steps)
{
	fixture f;
	open_game(&f, params, 64);
	rng pick;
	rng_seed(&pick, pick_seed);
	crisk_action acts[LEGAL_CAP];
	unsigned char *before = malloc(f.k->size);
	int progress = 0, steps = 0;
	while (ks(f.st)->status == CRISK_STATUS_RUNNING && steps++ < max_steps) {
		check_invariants(&f, progress);
		size_t n = legal(&f, acts);
		EXPECT((n) > (0), "%s > %s", "n", "0"); /* B-128 */
		for (size_t i = 0; i < n; i++) {
			if (i)
				EXPECT(acts[i - 1] < acts[i], "legal list not strictly ascending");
			int rc = module_base.check(f.k, f.st, acts[i]);
			EXPECT(rc == CRISK_OK, "listed 0x%016llx refused: %s", (unsigned long long)acts[i],
				      err_message());
		}
		if (ks(f.st)->dp == DP_MAIN || ks(f.st)->dp == DP_FREE_ROAD) {
			/* B-69: every legal road spot is listed (when the road is affordable). */
			const kseat *p = kseat_of(f.k, f.st, ks(f.st)->active);
			int afford = ks(f.st)->dp == DP_FREE_ROAD ||
				     (p->hand[0] && p->hand[1] && p->supply[PIECE_ROAD]);
			size_t listed = 0, expected = 0;
			for (size_t i = 0; i < n; i++)
				listed += ACT_TYPE(acts[i]) == CRISK_CATAN_BUILD_ROAD ||
					  ACT_TYPE(acts[i]) == CRISK_CATAN_PLACE_FREE_ROAD;
			for (int q = 0; q < f.k->b.n_path && afford; q++)
				expected += kern_road_ok(f.k, f.st, ks(f.st)->active, q);
			EXPECT_EQ(listed, expected);
		}
		if (ks(f.st)->dp == DP_MAIN) {
			/* B-100: every canonical offer whose give side is held, and only those. */
			const kseat *p = kseat_of(f.k, f.st, ks(f.st)->active);
			size_t listed = 0, expected = 0;
			for (size_t i = 0; i < n; i++)
				listed += ACT_TYPE(acts[i]) == CRISK_CATAN_OFFER_TRADE;
			for (int i = 0; i < MAX_OFFERS_LISTED; i++) {
				int held = 1;
				for (int r = 0; r < NUM_RES; r++)
					held &= offer_count(kern_offer_code[i], r, 0) <= p->hand[r];
				expected += held;
			}
			if (f.k->cfg.max_offers == 0 || ks(f.st)->offers_made < f.k->cfg.max_offers)
				EXPECT_EQ(listed, expected);
			else
				EXPECT_EQ(listed, 0);
		}
		if (ks(f.st)->cur == CRISK_SEAT_CHANCE) {
			crisk_action outs[16];
			double probs[16], sum = 0;
			size_t cnt;
			EXPECT_EQ(module_base.chance(f.k, f.st, outs, probs, 16, &cnt), CRISK_OK);
			EXPECT_EQ(cnt, n);
			for (size_t i = 0; i < cnt; i++) {
				EXPECT(outs[i] == acts[i] && probs[i] > 0, "%s", "outs[i] == acts[i] && probs[i] > 0");
				sum += probs[i];
			}
			ck_assert_double_eq_tol(sum, 1.0, 1e-12);
		} else {
			size_t cnt;
			EXPECT_EQ(module_base.chance(f.k, f.st, NULL, NULL, 0, &cnt), CRISK_ESTATE);
		}
		/* Refused actions leave the state byte-identical; check agrees with apply. */
		for (int i = 0; i < 4; i++) {
			crisk_action bad = random_code(&pick);
			int verdict = module_base.check(f.k, f.st, bad);
			if (verdict == CRISK_OK)
				continue;
			EXPECT_EQ(verdict, CRISK_EILLEGAL);
			memcpy(before, f.st, f.k->size);
			EXPECT_EQ(module_base.apply(f.k, f.st, bad, &f.log), CRISK_EILLEGAL);
			EXPECT(memcmp(before, f.st, f.k->size) == 0, "refused 0x%llx changed the state",
				      (unsigned long long)bad);
		}
		crisk_action a = pick_action(acts, n, &pick);
		check_text_round_trip(&f, a);
		uint64_t from = f.log.next;
		apply_ok(&f, a);
		check_new_events(&f, from);
		progress += played_progress_of(a);
	}
	check_invariants(&f, progress);
	int status = ks(f.st)->status;
	if (status != CRISK_STATUS_RUNNING) {
		EXPECT_EQ(module_base.current_seat(f.k, f.st), CRISK_SEAT_NONE);
		EXPECT_EQ(legal(&f, acts), 0);
		if (status == CRISK_STATUS_WON)
			EXPECT(kern_total_vp(f.k, f.st, ks(f.st)->winner) >= f.k->cfg.vp_target, "winner below the target");
	}
	free(before);
	close_game(&f);
	return status;
}

/* B-141, B-128: 300 random 4-player games (plus 2 and 3 players) in auto chance mode. */
START_TEST(test_random_playouts_b141)
{
	char params[160];
	int finished = 0, won = 0;
	for (int g = 0; g < 300; g++) {
		int players = g % 10 == 0 ? 2 : g % 10 == 1 ? 3 : 4;
		snprintf(params, sizeof params, "players=%d seed=%d board=%s max_turns=300%s", players, 1000 + g,
			 g % 3 == 0 ? "beginner" : g % 3 == 1 ? "random" : "random_tokens",
			 g % 4 == 0 ? " friendly_robber=on max_trade_offers_per_turn=2" : "");
		int status = playout(params, (uint64_t)g * 7919u + 1, 100000);
		finished += status != CRISK_STATUS_RUNNING;
		won += status == CRISK_STATUS_WON;
	}
	ck_assert_int_eq(finished, 300);
	ck_assert_msg(won >= 100, "only %d of 300 random games were won", won);
}
END_TEST

/* B-132, B-133: explicit chance mode, outcomes and probabilities at every chance point. */
START_TEST(test_explicit_chance_playouts_b133)
{
	char params[160];
	for (int g = 0; g < 60; g++) {
		snprintf(params, sizeof params, "players=%d seed=%d chance=explicit max_turns=200 vp_target=%d",
			 2 + g % 3, 77 + g, 5 + g % 6);
		ck_assert_int_ne(playout(params, (uint64_t)g + 99, 100000), CRISK_STATUS_RUNNING);
	}
}
END_TEST

/* Clone = memcpy: a copy fed the same actions ends byte-identical (RNG included). */
START_TEST(test_clone_determinism)
{
	fixture f;
	open_game(&f, "players=4 seed=5", 0);
	rng pick;
	rng_seed(&pick, 42);
	crisk_action acts[LEGAL_CAP];
	static crisk_action played[4000];
	int n_played = 0;
	void *copy = aligned_alloc(16, f.k->size);
	for (int step = 0; step < 4000 && ks(f.st)->status == CRISK_STATUS_RUNNING; step++) {
		if (step == 200)
			memcpy(copy, f.st, f.k->size);
		size_t n = legal(&f, acts);
		crisk_action a = pick_action(acts, n, &pick);
		apply_ok(&f, a);
		if (step >= 200)
			played[n_played++] = a;
	}
	ck_assert_int_gt(n_played, 0);
	fixture g = f;
	g.st = copy;
	for (int i = 0; i < n_played; i++)
		apply_ok(&g, played[i]);
	ck_assert(memcmp(g.st, f.st, f.k->size) == 0);
	free(copy);
	close_game(&f);
}
END_TEST

/* Plays the set-up with the first legal action at every step. */
static void play_setup(fixture *f)
{
	crisk_action acts[LEGAL_CAP];
	while (ks(f->st)->dp == DP_SETUP_SETTLEMENT || ks(f->st)->dp == DP_SETUP_ROAD) {
		ck_assert_uint_gt(legal(f, acts), 0);
		apply_ok(f, acts[0]);
	}
}

static void give(fixture *f, int s, int r, int n)
{
	kseat *p = kseat_of(f->k, f->st, s);
	ks(f->st)->bank[r] = (uint8_t)(ks(f->st)->bank[r] - n);
	p->hand[r] = (uint8_t)(p->hand[r] + n);
	p->cards = (uint8_t)(p->cards + n);
}

static void clear_hands(fixture *f)
{
	for (int s = 0; s < f->k->seats; s++)
		for (int r = 0; r < NUM_RES; r++)
			give(f, s, r, -kseat_of(f->k, f->st, s)->hand[r]);
}

/* B-44, B-41, B-45: snake order, starting resources of the second settlement only. */
START_TEST(test_setup_snake_b41_b44)
{
	fixture f;
	open_game(&f, "players=3 seed=9 board=beginner", 0);
	static const int order[6] = {0, 1, 2, 2, 1, 0};
	crisk_action acts[LEGAL_CAP];
	for (int step = 0; step < 6; step++) {
		ck_assert_int_eq(module_base.current_seat(f.k, f.st), order[step]);
		ck_assert_uint_eq(legal(&f, acts), step == 0 ? 54 : legal(&f, acts));
		int cards_before = kseat_of(f.k, f.st, order[step])->cards;
		apply_ok(&f, acts[legal(&f, acts) - 1]);
		int node = ks(f.st)->setup_node;
		int expect = 0;
		for (int i = 0; step >= 3 && i < f.k->b.node[node].n_hex; i++)
			expect += f.k->hex_res[f.k->b.node[node].hex[i]] != 0xFF;
		ck_assert_int_eq(kseat_of(f.k, f.st, order[step])->cards - cards_before, expect);
		/* B-43: the set-up road must touch that settlement. */
		ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_PLACE_ROAD, 0)) == CRISK_OK,
				 f.k->b.path[0].node[0] == node || f.k->b.path[0].node[1] == node);
		size_t n = legal(&f, acts);
		ck_assert_uint_eq(n, f.k->b.node[node].deg);
		apply_ok(&f, acts[0]);
	}
	ck_assert_int_eq(ks(f.st)->dp, DP_PRE_ROLL);
	ck_assert_int_eq(module_base.turn(f.k, f.st), 1);
	ck_assert_int_eq(module_base.current_seat(f.k, f.st), 0);
	close_game(&f);
}
END_TEST

/* Puts a lone settlement (or city) of seat s on node n, bypassing the rules
 * (the bitsets derived from the buildings follow). */
static void put_building(fixture *f, int s, int n, int city)
{
	knodes(f->k, f->st)[n] = (uint8_t)((s + 1) | (city ? NODE_CITY : 0));
	kern_state_derive(f->k, f->st);
}

static void clear_buildings(fixture *f)
{
	memset(knodes(f->k, f->st), 0, (size_t)f->k->b.n_node);
	kern_state_derive(f->k, f->st);
}

/* Explicit chance game after set-up, at the DICE chance point of turn 1. */
static void at_dice(fixture *f, const char *params)
{
	open_game(f, params, 64);
	play_setup(f);
	apply_ok(f, act_make(CRISK_CATAN_ROLL, 0));
	ck_assert_int_eq(module_base.current_seat(f->k, f->st), CRISK_SEAT_CHANCE);
}

/* A producing hex with a non-robber token, and its resource. */
static int producing_hex(const fixture *f, int *token)
{
	for (int h = 0; h < f->k->b.n_land; h++) {
		if (f->k->hex_res[h] != 0xFF && h != ks(f->st)->robber) {
			*token = f->k->b.token[h];
			return h;
		}
	}
	return -1;
}

/* B-55: a short bank pays nobody when two seats are owed, all it has to a lone seat. */
START_TEST(test_bank_shortage_b55)
{
	for (int lone = 0; lone < 2; lone++) {
		fixture f;
		at_dice(&f, "players=3 seed=11 chance=explicit");
		clear_hands(&f);
		clear_buildings(&f);
		int token = 0, hex = producing_hex(&f, &token);
		int r = f.k->hex_res[hex];
		const bhex *bh = &f.k->b.hex[hex];
		put_building(&f, 0, bh->node[0], 1); /* city: owed 2 */
		if (!lone)
			put_building(&f, 1, bh->node[3], 0);
		/* Leave one card of r in the bank (the rest to seat 2's hand). */
		give(&f, 2, r, ks(f.st)->bank[r] - 1);
		apply_ok(&f, act_make(CRISK_CATAN_DICE, (uint64_t)token));
		if (lone) {
			ck_assert_int_eq(kseat_of(f.k, f.st, 0)->hand[r], 1);
			ck_assert_int_eq(ks(f.st)->bank[r], 0);
		} else {
			ck_assert_int_eq(kseat_of(f.k, f.st, 0)->hand[r], 0);
			ck_assert_int_eq(kseat_of(f.k, f.st, 1)->hand[r], 0);
			ck_assert_int_eq(ks(f.st)->bank[r], 1);
			/* The last event is the SHORTAGE of r. */
			const ev *e = &f.log.ring[(f.log.next - 1) % f.log.cap];
			ck_assert_uint_eq(e->type, CRISK_CATAN_EV_SHORTAGE);
			ck_assert_int_eq(e->args[0], r);
		}
		ck_assert_int_eq(ks(f.st)->dp, DP_MAIN);
		close_game(&f);
	}
}
END_TEST

/* B-53, B-54: settlements earn 1, cities 2, the robber's hex nothing. */
START_TEST(test_production_b53_b54)
{
	fixture f;
	at_dice(&f, "players=2 seed=3 chance=explicit");
	clear_hands(&f);
	clear_buildings(&f);
	int token = 0, hex = producing_hex(&f, &token);
	int r = f.k->hex_res[hex];
	const bhex *bh = &f.k->b.hex[hex];
	put_building(&f, 0, bh->node[0], 0);
	put_building(&f, 1, bh->node[3], 1);
	fixture copy = f;
	void *saved = aligned_alloc(16, f.k->size);
	memcpy(saved, f.st, f.k->size);
	apply_ok(&f, act_make(CRISK_CATAN_DICE, (uint64_t)token));
	ck_assert_int_ge(kseat_of(f.k, f.st, 0)->hand[r], 1);
	ck_assert_int_ge(kseat_of(f.k, f.st, 1)->hand[r], 2);
	/* Same roll with the robber on the hex. */
	copy.st = saved;
	ks(copy.st)->robber = (uint16_t)hex;
	apply_ok(&copy, act_make(CRISK_CATAN_DICE, (uint64_t)token));
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->hand[r] - kseat_of(f.k, copy.st, 0)->hand[r], 1);
	ck_assert_int_eq(kseat_of(f.k, f.st, 1)->hand[r] - kseat_of(f.k, copy.st, 1)->hand[r], 2);
	free(saved);
	close_game(&f);
}
END_TEST

START_TEST(test_dice_codes_b133)
{
	fixture f;
	at_dice(&f, "players=2 seed=3 chance=explicit");
	ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_DICE, 8 | 3u << 8 | 4u << 12)),
			 CRISK_EILLEGAL);
	ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_DICE, 8 | 3u << 8)), CRISK_EILLEGAL);
	ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_DICE, 1)), CRISK_EILLEGAL);
	ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_DICE, 13)), CRISK_EILLEGAL);
	ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_DICE, 8 | 3u << 8 | 5u << 12)), CRISK_OK);
	ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_DICE, 8 | 1u << 16)), CRISK_EILLEGAL);
	crisk_action outs[16];
	double probs[16];
	size_t n;
	ck_assert_int_eq(module_base.chance(f.k, f.st, outs, probs, 16, &n), CRISK_OK);
	ck_assert_uint_eq(n, 11);
	ck_assert_double_eq_tol(probs[5], 6.0 / 36, 1e-15); /* sum 7 */
	ck_assert_double_eq_tol(probs[0], 1.0 / 36, 1e-15); /* sum 2 */
	close_game(&f);
}
END_TEST

/* B-58, B-59, B-144: floor(h/2) above the limit, roller first, exact totals. */
START_TEST(test_discard_amounts_b144)
{
	static const int hands[2][4] = {{7, 8, 9, 10}, {11, 20, 0, 3}};
	static const int owed[2][4] = {{0, 4, 4, 5}, {5, 10, 0, 0}};
	for (int c = 0; c < 2; c++) {
		fixture f;
		at_dice(&f, "players=4 seed=21 chance=explicit");
		clear_hands(&f);
		for (int s = 0; s < 4; s++)
			for (int i = 0; i < hands[c][s]; i++)
				give(&f, s, i % NUM_RES, 1);
		apply_ok(&f, act_make(CRISK_CATAN_DICE, 7));
		for (int s = 0; s < 4; s++)
			ck_assert_int_eq(kseat_of(f.k, f.st, s)->owe, owed[c][s]);
		int first = owed[c][0] ? 0 : 1;
		ck_assert_int_eq(module_base.current_seat(f.k, f.st), first);
		crisk_action acts[LEGAL_CAP];
		size_t n = legal(&f, acts);
		for (size_t i = 0; i < n; i++)
			ck_assert_uint_eq(ACT_TYPE(acts[i]), CRISK_CATAN_DISCARD); /* B-60 */
		/* A wrong total is refused; one single card, then the exact rest as a multiset (B-60). */
		ck_assert_int_eq(module_base.apply(f.k, f.st, act_make(CRISK_CATAN_DISCARD_CARDS, 1), &f.log),
				 CRISK_EILLEGAL);
		apply_ok(&f, acts[0]);
		const kseat *p = kseat_of(f.k, f.st, first);
		uint64_t v = 0;
		int left = p->owe;
		for (int r = 0; r < NUM_RES && left; r++) {
			int take = p->hand[r] < left ? p->hand[r] : left;
			v |= (uint64_t)take << (8 * r);
			left -= take;
		}
		ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_DISCARD_CARDS, v + 1)), CRISK_EILLEGAL);
		apply_ok(&f, act_make(CRISK_CATAN_DISCARD_CARDS, v));
		ck_assert_int_eq(p->owe, 0);
		/* Finish with single cards, then every owing seat in order. */
		while (ks(f.st)->dp == DP_DISCARD) {
			n = legal(&f, acts);
			apply_ok(&f, acts[0]);
		}
		ck_assert_int_eq(ks(f.st)->dp, DP_MOVE_ROBBER);
		for (int s = 0; s < 4; s++)
			ck_assert_int_eq(kseat_of(f.k, f.st, s)->cards, hands[c][s] - owed[c][s]);
		close_game(&f);
	}
}
END_TEST

/* Draws a simple trail of `len` paths through unused nodes, starting near `start`. */
static int trail(const fixture *f, int start, int len, uint8_t *used, int *path_out, int *node_out)
{
	for (int s0 = start; s0 < f->k->b.n_node; s0++) {
		if (used[s0])
			continue;
		int nodes[32], paths[32], depth = 0;
		nodes[0] = s0;
		uint8_t mark[256] = {0};
		mark[s0] = 1;
		while (depth < len) {
			const bnode *bn = &f->k->b.node[nodes[depth]];
			int next = -1;
			for (int j = 0; j < bn->deg && next < 0; j++) {
				int m = bn->adj[j], ok = !used[m] && !mark[m];
				const bnode *bm = &f->k->b.node[m];
				for (int q = 0; q < bm->deg && ok; q++)
					ok = !used[bm->adj[q]] || bm->adj[q] == nodes[depth];
				if (ok)
					next = j;
			}
			if (next < 0)
				break;
			paths[depth] = bn->path[next];
			nodes[++depth] = bn->adj[next];
			mark[nodes[depth]] = 1;
		}
		if (depth < len)
			continue;
		for (int i = 0; i <= len; i++) {
			used[nodes[i]] = 1;
			node_out[i] = nodes[i];
			const bnode *bn = &f->k->b.node[nodes[i]];
			for (int j = 0; j < bn->deg; j++)
				used[bn->adj[j]] = 1;
		}
		for (int i = 0; i < len; i++)
			path_out[i] = paths[i];
		return 1;
	}
	return 0;
}

/* B-89, B-90: first to 5 takes; ties keep; a split leaves a tie -> set aside; strictly longer takes. */
START_TEST(test_longest_road_set_aside_b89)
{
	fixture f;
	open_game(&f, "players=4 seed=2", 64);
	uint8_t used[256] = {0};
	int p0[6], n0[7], p1[6], n1[7], p2[5], n2[6];
	ck_assert(trail(&f, 0, 6, used, p0, n0));
	ck_assert(trail(&f, 0, 6, used, p1, n1));
	ck_assert(trail(&f, 0, 5, used, p2, n2));
	for (int i = 0; i < 6; i++) {
		flow_add_road(f.k, f.st, 0, p0[i]);
		flow_update_longest_road(f.k, f.st, 0, -1, &f.log);
		ck_assert_int_eq(ks(f.st)->lr, i >= 4 ? 0 : -1); /* first to 5 */
	}
	for (int i = 0; i < 5; i++) {
		flow_add_road(f.k, f.st, 1, p1[i]);
		flow_update_longest_road(f.k, f.st, 1, -1, &f.log);
		flow_add_road(f.k, f.st, 2, p2[i]);
		flow_update_longest_road(f.k, f.st, 2, -1, &f.log);
	}
	ck_assert_int_eq(ks(f.st)->lr, 0);
	/* Seat 3 splits seat 0's 6-road trail in the middle: 3 + 3; seats 1 and 2 tie at 5. */
	flow_place_building(f.k, f.st, 3, n0[3]);
	flow_update_longest_road(f.k, f.st, 3, n0[3], &f.log);
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->road_len, 3);
	ck_assert_int_eq(ks(f.st)->lr, -1); /* set aside (B-89 step 4) */
	/* Seat 1 reaches 6: strictly longest, takes it. */
	flow_add_road(f.k, f.st, 1, p1[5]);
	flow_update_longest_road(f.k, f.st, 1, -1, &f.log);
	ck_assert_int_eq(ks(f.st)->lr, 1);
	close_game(&f);
}
END_TEST

/* Advances a running game with random legal non-trade actions until `dp` is reached. */
static int reach_main(fixture *f, rng *pick)
{
	crisk_action acts[LEGAL_CAP];
	for (int i = 0; i < 20000 && ks(f->st)->status == CRISK_STATUS_RUNNING; i++) {
		if (ks(f->st)->dp == DP_MAIN)
			return 1;
		size_t n = legal(f, acts);
		apply_ok(f, pick_action(acts, n, pick));
	}
	return 0;
}

/* B-105: buying the VP card that reaches the target wins at once. */
START_TEST(test_victory_on_vp_card_b105)
{
	fixture f;
	open_game(&f, "players=3 seed=4 chance=explicit vp_target=5", 64);
	rng pick;
	rng_seed(&pick, 1);
	play_setup(&f);
	ck_assert(reach_main(&f, &pick));
	int s = ks(f.st)->active;
	kseat *p = kseat_of(f.k, f.st, s);
	/* Hidden VP cards up to target - 1 (taken from the deck). */
	int need = 4 - kern_total_vp(f.k, f.st, s);
	ck_assert_int_ge(need, 0);
	ck_assert_int_le(need, 5);
	ks(f.st)->deck[CRISK_CATAN_VICTORY_POINT] = (uint8_t)(5 - need);
	p->dev[CRISK_CATAN_VICTORY_POINT] = (uint8_t)need;
	clear_hands(&f);
	give(&f, s, CRISK_CATAN_WOOL, 1);
	give(&f, s, CRISK_CATAN_GRAIN, 1);
	give(&f, s, CRISK_CATAN_ORE, 1);
	apply_ok(&f, act_make(CRISK_CATAN_BUY_DEV, 0));
	ck_assert_int_eq(ks(f.st)->status, CRISK_STATUS_RUNNING);
	apply_ok(&f, act_make(CRISK_CATAN_DEV_RESULT, CRISK_CATAN_VICTORY_POINT));
	int winner;
	ck_assert_int_eq(module_base.status(f.k, f.st, &winner), CRISK_STATUS_WON);
	ck_assert_int_eq(winner, s);
	ck_assert_int_eq(module_base.current_seat(f.k, f.st), CRISK_SEAT_NONE);
	/* The other seats see the revealed total (B-84). */
	ck_assert_int_eq(module_base.score(f.k, f.st, s, (s + 1) % 3), 5);
	ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_END_TURN, 0)), CRISK_EILLEGAL);
	close_game(&f);
}
END_TEST

/* B-106, B-110: a seat reaching the target on another's turn wins at its own turn start. */
START_TEST(test_victory_timing_b106_b110)
{
	fixture f;
	open_game(&f, "players=3 seed=6", 64);
	rng pick;
	rng_seed(&pick, 3);
	play_setup(&f);
	ck_assert(reach_main(&f, &pick));
	int s = ks(f.st)->active, next = (s + 1) % 3;
	kseat *p = kseat_of(f.k, f.st, next);
	/* Hidden VP cards up to the target (the deck is not checked here). */
	p->dev[CRISK_CATAN_VICTORY_POINT] = (uint8_t)(10 - kern_visible_vp(f.k, f.st, next));
	ck_assert_int_eq(kern_total_vp(f.k, f.st, next), 10);
	/* Still seat s's turn: nobody wins yet (B-106). */
	ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_END_TURN, 0)), CRISK_OK);
	ck_assert_int_eq(ks(f.st)->status, CRISK_STATUS_RUNNING);
	int turn = ks(f.st)->turn;
	apply_ok(&f, act_make(CRISK_CATAN_END_TURN, 0));
	int winner;
	ck_assert_int_eq(module_base.status(f.k, f.st, &winner), CRISK_STATUS_WON);
	ck_assert_int_eq(winner, next);
	ck_assert_int_eq(ks(f.st)->turn, turn + 1);
	ck_assert_int_eq(module_base.current_seat(f.k, f.st), CRISK_SEAT_NONE);
	close_game(&f);
}
END_TEST

/* B-52: max_turns ends the game without a winner after that turn. */
START_TEST(test_max_turns_b52)
{
	fixture f;
	open_game(&f, "players=2 seed=8 max_turns=3", 0);
	rng pick;
	rng_seed(&pick, 5);
	play_setup(&f);
	for (int t = 1; t <= 3; t++) {
		ck_assert(reach_main(&f, &pick));
		ck_assert_int_eq(ks(f.st)->turn, t);
		apply_ok(&f, act_make(CRISK_CATAN_END_TURN, 0));
	}
	int winner;
	ck_assert_int_eq(module_base.status(f.k, f.st, &winner), CRISK_STATUS_ENDED);
	ck_assert_int_eq(winner, -1);
	close_game(&f);
}
END_TEST

/* B-80, B-93, B-105, B-130: the third knight takes Largest Army when played;
 * the win it brings comes once its robber move is done; then the game is over,
 * otherwise play returns to pre-roll. */
START_TEST(test_knight_largest_army_b93)
{
	fixture f;
	open_game(&f, "players=2 seed=12", 0);
	play_setup(&f);
	int s = ks(f.st)->active;
	kseat *p = kseat_of(f.k, f.st, s);
	ks(f.st)->deck[CRISK_CATAN_KNIGHT] = (uint8_t)(ks(f.st)->deck[CRISK_CATAN_KNIGHT] - 3);
	p->dev[CRISK_CATAN_KNIGHT] = 1;
	p->knights = 2;
	crisk_action acts[LEGAL_CAP];
	size_t n = legal(&f, acts);
	ck_assert_uint_eq(n, 2);
	ck_assert(acts[1] == act_make(CRISK_CATAN_PLAY_KNIGHT, 0));
	void *saved = aligned_alloc(16, f.k->size);
	memcpy(saved, f.st, f.k->size);
	apply_ok(&f, acts[1]);
	ck_assert_int_eq(ks(f.st)->dp, DP_MOVE_ROBBER);
	ck_assert_int_eq(ks(f.st)->la, s);
	ck_assert_int_eq(p->knights, 3);
	ck_assert_int_eq(p->dev[CRISK_CATAN_KNIGHT], 0);
	while (ks(f.st)->dp != DP_PRE_ROLL) {
		n = legal(&f, acts);
		apply_ok(&f, acts[0]);
	}
	/* B-78: no second card this turn. */
	p->dev[CRISK_CATAN_MONOPOLY] = 1;
	ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_PLAY_MONOPOLY, 0)), CRISK_EILLEGAL);
	/* Again with 5 hidden VP cards: 2 + 5 + 2 = 9 of 9 wins after the robber move. */
	fixture g = f;
	g.st = saved;
	g.k->cfg.vp_target = 9;
	kseat_of(g.k, g.st, s)->dev[CRISK_CATAN_VICTORY_POINT] = 5;
	apply_ok(&g, act_make(CRISK_CATAN_PLAY_KNIGHT, 0));
	ck_assert_int_eq(ks(g.st)->status, CRISK_STATUS_RUNNING);
	n = legal(&g, acts);
	apply_ok(&g, acts[0]);
	while (ks(g.st)->status == CRISK_STATUS_RUNNING) {
		ck_assert_int_ne(ks(g.st)->dp, DP_PRE_ROLL);
		n = legal(&g, acts);
		apply_ok(&g, acts[0]);
	}
	ck_assert_int_eq(ks(g.st)->winner, s);
	free(saved);
	close_game(&f);
}
END_TEST

/* B-100: the constant offer tables (gen_offers.py) hold the canonical family
 * (one or two cards for one or two others, not two for two, no type on both
 * sides, to all), ascending, and for every hand shape exactly the offers whose
 * give side it covers, in the same order. */
START_TEST(test_offer_tables_b100)
{
	uint64_t family[MAX_OFFERS_LISTED];
	int n = 0;
	/* Every give and want vector of 0..2 per type, read as base-3 digits. */
	for (int g = 1; g < 243; g++) {
		for (int w = 1; w < 243; w++) {
			int give[NUM_RES], want[NUM_RES], gs = 0, ws = 0, both = 0;
			for (int r = 0, gd = g, wd = w; r < NUM_RES; r++, gd /= 3, wd /= 3) {
				give[r] = gd % 3;
				want[r] = wd % 3;
				gs += give[r];
				ws += want[r];
				both |= give[r] && want[r];
			}
			if (gs > 2 || ws > 2 || gs + ws > 3 || both)
				continue;
			uint64_t f = (uint64_t)CRISK_CATAN_TO_ALL << 48;
			for (int r = 0; r < NUM_RES; r++)
				f |= (uint64_t)give[r] << (4 * r) | (uint64_t)want[r] << (24 + 4 * r);
			ck_assert_int_lt(n, MAX_OFFERS_LISTED);
			family[n++] = act_make(CRISK_CATAN_OFFER_TRADE, f);
		}
	}
	ck_assert_int_eq(n, MAX_OFFERS_LISTED);
	for (int i = 0; i < n; i++) {
		int found = 0;
		for (int j = 0; j < n; j++)
			found += kern_offer_code[j] == family[i];
		ck_assert_int_eq(found, 1);
		if (i)
			ck_assert(kern_offer_code[i - 1] < kern_offer_code[i]);
	}
	ck_assert_uint_eq(kern_offer_first[0], 0);
	for (int key = 0; key < KERN_OFFER_KEYS; key++) {
		int once = key & 31, twice = key >> NUM_RES;
		size_t at = kern_offer_first[key], end = kern_offer_first[key + 1];
		ck_assert_uint_le(at, end);
		for (int i = 0; i < n && !(twice & ~once); i++) {
			int held = 1;
			for (int r = 0; r < NUM_RES; r++)
				held &= offer_count(kern_offer_code[i], r, 0) <= ((twice >> r & 1) ? 2 : (once >> r & 1));
			if (held) {
				ck_assert_uint_lt(at, end);
				ck_assert_uint_eq(kern_offer_list[at++], kern_offer_code[i]);
			}
		}
		ck_assert_uint_eq(at, end);
	}
}
END_TEST

/* B-97, B-98, B-100: canonical offers, answers in seat order, confirm moves cards. */
START_TEST(test_domestic_trade_b97)
{
	fixture f;
	open_game(&f, "players=4 seed=13", 64);
	rng pick;
	rng_seed(&pick, 8);
	play_setup(&f);
	ck_assert(reach_main(&f, &pick));
	clear_hands(&f);
	int s = ks(f.st)->active;
	give(&f, s, CRISK_CATAN_BRICK, 1);
	crisk_action acts[LEGAL_CAP];
	size_t n = legal(&f, acts), offers = 0;
	for (size_t i = 0; i < n; i++)
		offers += ACT_TYPE(acts[i]) == CRISK_CATAN_OFFER_TRADE;
	ck_assert_uint_eq(offers, 4 + 10); /* 1-for-1 and 1-for-2 giving one brick */
	int a1 = (s + 1) % 4, a2 = (s + 2) % 4, a3 = (s + 3) % 4;
	give(&f, a2, CRISK_CATAN_ORE, 1);
	give(&f, a3, CRISK_CATAN_ORE, 1);
	crisk_action off = 0;
	ck_assert_int_eq(module_base.action_from_string(f.k, " offer  give=1brick want=1ore to=* ", &off), CRISK_OK);
	/* Malformed variants: fish, both sides, nothing wanted, to self. */
	ck_assert_int_eq(module_base.check(f.k, f.st, off | (1ull << 44)), CRISK_EILLEGAL);
	ck_assert_int_eq(module_base.check(f.k, f.st, off | (1ull << 24)), CRISK_EILLEGAL);
	ck_assert_int_eq(module_base.check(f.k, f.st, off & ~(0xFull << 40)), CRISK_EILLEGAL);
	ck_assert_int_eq(module_base.check(f.k, f.st, (off & ~(0xFull << 48)) | ((uint64_t)s << 48)),
			 CRISK_EILLEGAL);
	apply_ok(&f, off);
	ck_assert_int_eq(module_base.current_seat(f.k, f.st), a1);
	n = legal(&f, acts);
	ck_assert_uint_eq(n, 1); /* B-98: only DECLINE, still a decision point */
	ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_ACCEPT, 0)), CRISK_EILLEGAL);
	apply_ok(&f, act_make(CRISK_CATAN_DECLINE, 0));
	ck_assert_int_eq(module_base.current_seat(f.k, f.st), a2);
	apply_ok(&f, act_make(CRISK_CATAN_ACCEPT, 0));
	ck_assert_int_eq(module_base.current_seat(f.k, f.st), a3);
	apply_ok(&f, act_make(CRISK_CATAN_ACCEPT, 0));
	ck_assert_int_eq(ks(f.st)->dp, DP_TRADE_CONFIRM);
	ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_CONFIRM, (uint64_t)a1)), CRISK_EILLEGAL);
	apply_ok(&f, act_make(CRISK_CATAN_CONFIRM, (uint64_t)a3));
	ck_assert_int_eq(kseat_of(f.k, f.st, s)->hand[CRISK_CATAN_ORE], 1);
	ck_assert_int_eq(kseat_of(f.k, f.st, a3)->hand[CRISK_CATAN_BRICK], 1);
	ck_assert_int_eq(kseat_of(f.k, f.st, a2)->hand[CRISK_CATAN_ORE], 1);
	ck_assert_int_eq(ks(f.st)->dp, DP_MAIN);
	/* Nobody accepting ends the offer without a decision (B-97 step 3). */
	off = act_make(CRISK_CATAN_OFFER_TRADE, 1ull << 16 | 1ull << 24 | (uint64_t)a1 << 48);
	apply_ok(&f, off);
	apply_ok(&f, act_make(CRISK_CATAN_DECLINE, 0));
	ck_assert_int_eq(ks(f.st)->dp, DP_MAIN);
	close_game(&f);
}
END_TEST

/* B-63: the friendly robber avoids weak opponents unless no hex is left. */
START_TEST(test_friendly_robber_b63)
{
	fixture f;
	open_game(&f, "players=2 seed=14 friendly_robber=on chance=explicit", 0);
	play_setup(&f);
	apply_ok(&f, act_make(CRISK_CATAN_ROLL, 0));
	clear_hands(&f);
	apply_ok(&f, act_make(CRISK_CATAN_DICE, 7));
	ck_assert_int_eq(ks(f.st)->dp, DP_MOVE_ROBBER);
	int s = ks(f.st)->active, opp = 1 - s;
	crisk_action acts[LEGAL_CAP];
	size_t n = legal(&f, acts);
	for (size_t i = 0; i < n; i++) {
		const bhex *bh = &f.k->b.hex[ACT_ID(acts[i])];
		for (int c = 0; c < 6; c++)
			ck_assert_int_ne(knodes(f.k, f.st)[bh->node[c]] & NODE_OWNER_MASK, opp + 1);
	}
	ck_assert_uint_gt(n, 0);
	ck_assert_uint_lt(n, (size_t)f.k->b.n_land - 1);
	close_game(&f);
}
END_TEST

/* B-101: 4:1, 3:1 at a generic harbor, 2:1 at the special one; never like-for-like
 * and never for a type the bank lacks. */
START_TEST(test_maritime_rates_b101)
{
	fixture f;
	open_game(&f, "players=3 seed=15", 0);
	rng pick;
	rng_seed(&pick, 2);
	play_setup(&f);
	ck_assert(reach_main(&f, &pick));
	int s = ks(f.st)->active;
	kseat *p = kseat_of(f.k, f.st, s);
	clear_hands(&f);
	crisk_action brick_for_ore = act_make(CRISK_CATAN_MARITIME_TRADE, CRISK_CATAN_BRICK | CRISK_CATAN_ORE << 8);
	static const struct {
		uint8_t harbors;
		int rate;
	} cases[] = {{0, 4}, {1, 3}, {1u << (1 + CRISK_CATAN_BRICK), 2}, {1u << (1 + CRISK_CATAN_WOOL), 4}};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		p->harbors = cases[c].harbors;
		give(&f, s, CRISK_CATAN_BRICK, cases[c].rate - 1);
		ck_assert_int_eq(module_base.check(f.k, f.st, brick_for_ore), CRISK_EILLEGAL);
		give(&f, s, CRISK_CATAN_BRICK, 1);
		ck_assert_int_eq(module_base.check(f.k, f.st, brick_for_ore), CRISK_OK);
		clear_hands(&f);
	}
	give(&f, s, CRISK_CATAN_BRICK, 4);
	p->harbors = 0;
	ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_MARITIME_TRADE, 0)), CRISK_EILLEGAL);
	int bank_ore = ks(f.st)->bank[CRISK_CATAN_ORE];
	give(&f, (s + 1) % 3, CRISK_CATAN_ORE, bank_ore);
	ck_assert_int_eq(module_base.check(f.k, f.st, brick_for_ore), CRISK_EILLEGAL);
	give(&f, (s + 1) % 3, CRISK_CATAN_ORE, -1);
	apply_ok(&f, brick_for_ore);
	ck_assert_int_eq(p->hand[CRISK_CATAN_BRICK], 0);
	ck_assert_int_eq(p->hand[CRISK_CATAN_ORE], 1);
	close_game(&f);
}
END_TEST

/* B-101: the main-phase list holds exactly the maritime trades that check
 * accepts, for every set of harbor bits (the lister reads its rates from a
 * table by harbor bits, check computes them: kern_trade_rate) and hands of 0..5
 * of each type, the bank short of some types now and then. */
START_TEST(test_maritime_listed_every_harbor_set_b101)
{
	fixture f;
	open_game(&f, "players=3 seed=15", 0);
	rng pick;
	rng_seed(&pick, 3);
	play_setup(&f);
	ck_assert(reach_main(&f, &pick));
	int s = ks(f.st)->active, other = (s + 1) % 3;
	kseat *p = kseat_of(f.k, f.st, s);
	crisk_action acts[LEGAL_CAP];
	for (unsigned hb = 0; hb < 64; hb++) {
		for (int round = 0; round < 8; round++) {
			clear_hands(&f);
			p->harbors = (uint8_t)hb;
			for (int r = 0; r < NUM_RES; r++)
				give(&f, s, r, (int)rng_uniform(&pick, 6));
			if (round % 4 == 3) { /* the other seat holds a type's whole bank */
				int r = (int)rng_uniform(&pick, NUM_RES);
				give(&f, other, r, ks(f.st)->bank[r]);
			}
			size_t n = legal(&f, acts), listed = 0;
			for (size_t i = 0; i < n; i++)
				listed += ACT_TYPE(acts[i]) == CRISK_CATAN_MARITIME_TRADE;
			size_t accepted = 0;
			for (int g = 0; g < NUM_RES; g++) {
				for (int t = 0; t < NUM_RES; t++) {
					crisk_action a = act_make(CRISK_CATAN_MARITIME_TRADE, (uint64_t)(g | t << 8));
					int ok = module_base.check(f.k, f.st, a) == CRISK_OK, in_list = 0;
					for (size_t i = 0; i < n; i++)
						in_list |= acts[i] == a;
					ck_assert_msg(ok == in_list, "harbors 0x%x, give %d take %d: check %d, listed %d", hb, g,
						      t, ok, in_list);
					if (ok)
						ck_assert_int_ge(p->hand[g], kern_trade_rate(f.k, p, g));
					accepted += (size_t)ok;
				}
			}
			ck_assert_uint_eq(listed, accepted);
		}
	}
	close_game(&f);
}
END_TEST

/* B-82: with one card left in the bank, year of plenty gives one pick of that type. */
START_TEST(test_year_of_plenty_short_bank_b82)
{
	fixture f;
	open_game(&f, "players=2 seed=16", 0);
	rng pick;
	rng_seed(&pick, 4);
	play_setup(&f);
	ck_assert(reach_main(&f, &pick));
	int s = ks(f.st)->active, o = 1 - s;
	kseat *p = kseat_of(f.k, f.st, s);
	ks(f.st)->deck[CRISK_CATAN_YEAR_OF_PLENTY]--;
	p->dev[CRISK_CATAN_YEAR_OF_PLENTY] = 1;
	for (int r = 0; r < NUM_RES; r++)
		give(&f, o, r, ks(f.st)->bank[r] - (r == CRISK_CATAN_GRAIN));
	apply_ok(&f, act_make(CRISK_CATAN_PLAY_YEAR_OF_PLENTY, 0));
	ck_assert_int_eq(ks(f.st)->dp, DP_YOP_PICK);
	crisk_action acts[LEGAL_CAP];
	ck_assert_uint_eq(legal(&f, acts), 1);
	ck_assert(acts[0] == act_make(CRISK_CATAN_PICK, CRISK_CATAN_GRAIN));
	ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_PICK, CRISK_CATAN_ORE)), CRISK_EILLEGAL);
	int before = p->hand[CRISK_CATAN_GRAIN];
	apply_ok(&f, acts[0]);
	ck_assert_int_eq(p->hand[CRISK_CATAN_GRAIN], before + 1);
	ck_assert_int_eq(ks(f.st)->dp, DP_MAIN); /* B-130 */
	close_game(&f);
}
END_TEST

/* B-81: with a single road in supply, road building places one free road and returns. */
START_TEST(test_road_building_one_road_b81)
{
	fixture f;
	open_game(&f, "players=2 seed=17", 0);
	rng pick;
	rng_seed(&pick, 6);
	play_setup(&f);
	ck_assert(reach_main(&f, &pick));
	int s = ks(f.st)->active;
	kseat *p = kseat_of(f.k, f.st, s);
	ks(f.st)->deck[CRISK_CATAN_ROAD_BUILDING]--;
	p->dev[CRISK_CATAN_ROAD_BUILDING] = 1;
	p->supply[PIECE_ROAD] = 0;
	ck_assert_int_eq(module_base.check(f.k, f.st, act_make(CRISK_CATAN_PLAY_ROAD_BUILDING, 0)), CRISK_EILLEGAL);
	p->supply[PIECE_ROAD] = 1;
	apply_ok(&f, act_make(CRISK_CATAN_PLAY_ROAD_BUILDING, 0));
	ck_assert_int_eq(ks(f.st)->dp, DP_FREE_ROAD);
	crisk_action acts[LEGAL_CAP];
	ck_assert_uint_gt(legal(&f, acts), 0);
	int cards = p->cards;
	apply_ok(&f, acts[0]);
	ck_assert_int_eq(p->supply[PIECE_ROAD], 0);
	ck_assert_int_eq(p->cards, cards); /* free */
	ck_assert_int_eq(ks(f.st)->dp, DP_MAIN);
	close_game(&f);
}
END_TEST

/* Text forms of the brief, both ways. */
START_TEST(test_action_text)
{
	fixture f;
	open_game(&f, "players=4 seed=1", 0);
	static const char *const forms[] = {
		"build_road 12", "place_settlement 20", "roll", "dice 8", "dice 3+5", "discard wool",
		"discard_cards 2wool,1ore", "move_robber 9", "steal_from 2", "steal_result ore",
		"maritime_trade brick grain", "offer give=2wool,1ore want=1brick to=*", "offer give=1fish want=2ore to=3",
		"accept", "confirm 2", "end_turn", "dev_result victory_point", "pick grain", "name lumber"};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		crisk_action a;
		ck_assert_msg(module_base.action_from_string(f.k, forms[i], &a) == CRISK_OK, "%s: %s", forms[i],
			      err_message());
		char buf[128];
		textbuf t;
		tb_init(&t, buf, sizeof buf);
		ck_assert_int_eq(module_base.action_to_string(f.k, a, &t), CRISK_OK);
		tb_finish(&t, NULL);
		ck_assert_str_eq(buf, forms[i]);
	}
	crisk_action a;
	ck_assert_int_eq(module_base.action_from_string(f.k, "dice 3+5", &a), CRISK_OK);
	ck_assert(a == act_make(CRISK_CATAN_DICE, 8 | 3u << 8 | 5u << 12));
	ck_assert_int_eq(module_base.action_from_string(f.k, "build_road", &a), CRISK_EFORMAT);
	ck_assert_int_eq(module_base.action_from_string(f.k, "build_road 12 x", &a), CRISK_EFORMAT);
	ck_assert_int_eq(module_base.action_from_string(f.k, "fly 3", &a), CRISK_EFORMAT);
	ck_assert_int_eq(module_base.action_from_string(f.k, "discard gold", &a), CRISK_EFORMAT);
	close_game(&f);
}
END_TEST

/* B-126: options that do not apply are refused, naming the option. */
START_TEST(test_params_b126)
{
	static const char *const bad[] = {"players=4 seed=1 no_identical_adjacent=on",
					  "players=4 seed=1 terrain=hhh", "players=4 seed=1 board=custom",
					  "players=5 seed=1 board=beginner", "players=6 seed=1 board=beginner",
					  "players=4 seed=1 paired_players=on", "players=2 seed=1 paired_players=on",
					  "players=7 seed=1", "players=4 seed=1 vp_target=2"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		param_set ps;
		void *data = NULL;
		int rc = params_parse(&ps, module_base.params, module_base.n_params, bad[i]);
		if (rc == CRISK_OK) {
			rc = module_base.rules_create(&data, &ps);
			params_free(&ps);
		}
		ck_assert_msg(rc == CRISK_EPARAM, "'%s' accepted", bad[i]);
	}
	fixture f;
	open_game(&f, "players=4 seed=1 board=random_tokens no_identical_adjacent=on chance_mode=explicit", 0);
	ck_assert(f.k->cfg.explicit_chance);
	ck_assert_uint_le(f.k->size, 512); /* state budget for 4-player base */
	close_game(&f);
}
END_TEST


/* hooks.h seat_vp (one call for all of a seat's module VP) against the old
 * pair extra_vp + extra_pieces (settlements 1, cities 2, B-107): the same
 * visible and total VP for every seat at every step of a random game, with
 * test hooks that vary with the state.  And kern_config.two_rolls refuses
 * the roll hooks it replaces. */
static int fake_extra_vp(const kern *k, const void *st, int s)
{
	return (ks(st)->turn + s) % 3 + kseat_of(k, st, s)->knights;
}
static int fake_extra_pieces(const kern *k, const void *st, int s, int piece)
{
	const kseat *p = kseat_of(k, st, s);
	return piece == PIECE_SETTLEMENT ? (p->cards + s) % 2 : p->hand[CRISK_CATAN_ORE] % 3;
}
static int fake_seat_vp(const kern *k, const void *st, int s)
{
	return fake_extra_vp(k, st, s) + fake_extra_pieces(k, st, s, PIECE_SETTLEMENT) +
	       2 * fake_extra_pieces(k, st, s, PIECE_CITY);
}
static int fake_excluded(const kern *k, const void *st)
{
	(void)k;
	(void)st;
	return 0;
}

START_TEST(test_seat_vp_hook_b107)
{
	fixture f;
	open_game(&f, "players=4 seed=8", 0);
	kern old = *f.k, one = *f.k, plain = *f.k;
	old.hk.extra_vp = fake_extra_vp;
	old.hk.extra_pieces = fake_extra_pieces;
	kern_set_seat_vp(&old, NULL);
	ck_assert(old.more_vp && old.vp_more == kern_extra_vp);
	kern_set_seat_vp(&one, fake_seat_vp);
	ck_assert(one.more_vp && one.vp_more == fake_seat_vp);
	ck_assert(!plain.more_vp);
	rng pick;
	rng_seed(&pick, 3);
	crisk_action buf[LEGAL_CAP];
	int compared = 0;
	for (int step = 0; step < 3000 && ks(f.st)->status == CRISK_STATUS_RUNNING; step++) {
		for (int s = 0; s < 4; s++) {
			int base = kvisible_vp_plain(&plain, f.st, s);
			EXPECT_EQ(kern_visible_vp(&plain, f.st, s), base);
			EXPECT_EQ(kern_visible_vp(&old, f.st, s), base + fake_seat_vp(&old, f.st, s));
			EXPECT_EQ(kern_visible_vp(&one, f.st, s), kern_visible_vp(&old, f.st, s));
			EXPECT_EQ(kern_total_vp(&one, f.st, s), kern_total_vp(&old, f.st, s));
			compared++;
		}
		size_t n = legal(&f, buf);
		apply_ok(&f, buf[rng_uniform(&pick, (uint32_t)n)]);
	}
	ck_assert_int_gt(compared, 1000);
	/* kern_config.two_rolls replaces the roll hooks: the mix is refused,
	 * before any table is made. */
	kern_hooks hk = {0};
	hk.excluded_sum = fake_excluded;
	kern_config cfg = f.k->cfg;
	cfg.hooks = &hk;
	cfg.ext_size = 8;
	cfg.two_rolls = 1;
	kern tmp = *f.k;
	memset(&tmp.hk, 0, sizeof tmp.hk);
	ck_assert_int_eq(kern_init(&tmp, &cfg), CRISK_EINVAL);
	cfg.hooks = NULL;
	cfg.rolls_at = 7; /* the sum would lie past the module's 8 bytes */
	tmp = *f.k;
	memset(&tmp.hk, 0, sizeof tmp.hk);
	ck_assert_int_eq(kern_init(&tmp, &cfg), CRISK_EINVAL);
	close_game(&f);
}
END_TEST

static Suite *kernel_suite(void)
{
	Suite *s = suite_create("kernel");
	TCase *tc = tcase_create("rules");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_random_playouts_b141);
	tcase_add_test(tc, test_explicit_chance_playouts_b133);
	tcase_add_test(tc, test_clone_determinism);
	tcase_add_test(tc, test_setup_snake_b41_b44);
	tcase_add_test(tc, test_bank_shortage_b55);
	tcase_add_test(tc, test_production_b53_b54);
	tcase_add_test(tc, test_dice_codes_b133);
	tcase_add_test(tc, test_discard_amounts_b144);
	tcase_add_test(tc, test_longest_road_set_aside_b89);
	tcase_add_test(tc, test_victory_on_vp_card_b105);
	tcase_add_test(tc, test_victory_timing_b106_b110);
	tcase_add_test(tc, test_max_turns_b52);
	tcase_add_test(tc, test_knight_largest_army_b93);
	tcase_add_test(tc, test_offer_tables_b100);
	tcase_add_test(tc, test_domestic_trade_b97);
	tcase_add_test(tc, test_friendly_robber_b63);
	tcase_add_test(tc, test_maritime_rates_b101);
	tcase_add_test(tc, test_maritime_listed_every_harbor_set_b101);
	tcase_add_test(tc, test_year_of_plenty_short_bank_b82);
	tcase_add_test(tc, test_road_building_one_road_b81);
	tcase_add_test(tc, test_action_text);
	tcase_add_test(tc, test_params_b126);
	tcase_add_test(tc, test_seat_vp_hook_b107);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(kernel_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
