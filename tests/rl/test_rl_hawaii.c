/* Module hawaii's RL encoding (hawaii_rl.c, docs/rl-hawaii.md): the shared
 * checks of rl_common.c on the built-in map with 3..6 seats and on the data
 * map three_isles.catanmap (its path is argv[1]); the sizes of hawaii's
 * ranges and fields; every legal action of hawaii's own types indexed
 * (MOVE_SHIP included); scenario checks of hawaii's fields after public
 * actions (H-n of rules/hawaii.md); and no leak: each hawaii field equals
 * the viewer's JSON view, and a seat's observation does not change with
 * another seat's hand or development cards. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan/kernel.h"
#include "core/jsonr.h"
#include "core/rules_impl.h"
#include "modules/hawaii/hawaii.h"
#include "rl_common.h"

static const char *isles_path; /* three_isles.catanmap, from argv[1] */

static crisk_rules *isles_rules(int players)
{
	char params[64];
	snprintf(params, sizeof params, "players=%d seed=5", players);
	crisk_rules *r = NULL;
	ck_assert_msg(isles_path, "the test needs the path of three_isles.catanmap as its argument");
	int rc = crisk_rules_new_with_data_file(&r, "hawaii", params, isles_path);
	ck_assert_msg(rc == CRISK_OK, "three_isles: %s", crisk_error_last());
	return r;
}

static uint64_t mix(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static const kern *kern_of(const crisk_game *g)
{
	return g->data;
}

/* ---- the shared checks ---- */

START_TEST(shared_checks_hawaii_map)
{
	int players = 3 + _i % 4;
	char params[64];
	snprintf(params, sizeof params, "players=%d seed=%d%s", players, 40 + _i,
		 _i == 4 ? " chance=explicit" : "");
	crisk_rules *r = rl_rules("hawaii", params);
	size_t decisions = rl_check_random_games(r, 2, 2500, 700 + (uint64_t)_i);
	ck_assert_msg(decisions > 1000, "%s: only %zu decisions", params, decisions);
	crisk_rules_free(r);
}
END_TEST

START_TEST(shared_checks_three_isles)
{
	crisk_rules *r = isles_rules(3 + _i);
	size_t decisions = rl_check_random_games(r, 3, 2500, 900 + (uint64_t)_i);
	ck_assert_msg(decisions > 1000, "three_isles %d seats: only %zu decisions", 3 + _i, decisions);
	crisk_rules_free(r);
}
END_TEST

/* ---- sizes ---- */

static void expect_range(const rl_spaces *s, const char *name, size_t count)
{
	for (size_t i = 0; i < s->n_ranges; i++) {
		if (!strcmp(s->ranges[i].name, name)) {
			ck_assert_msg(s->ranges[i].count == count, "%s: %zu indices, expected %zu", name,
				      s->ranges[i].count, count);
			return;
		}
	}
	ck_abort_msg("no range %s", name);
}

static void expect_field(const rl_spaces *s, const char *name, size_t count, double high)
{
	const rl_field_desc *f = rl_spaces_field(s, name);
	if (!count) {
		ck_assert_msg(!f, "%s: an empty field is left out", name);
		return;
	}
	ck_assert_msg(f, "no field %s", name);
	ck_assert_msg(f->count == count && f->high == high, "%s: %zu floats up to %g, expected %zu up to %g", name,
		      f->count, f->high, count, high);
}

/* H-94: 28 land + 43 sea hexes, 160 spaces of which 47 take ships; H-34:
 * 15 ships; H-19: the track 0..7 worth up to 5 VP; H-75, H-77: 8 chits
 * with 3-4 seats, none with 5-6. */
START_TEST(sizes_follow_the_map_H94_H34_H77)
{
	int seats = 3 + _i;
	char params[64];
	snprintf(params, sizeof params, "players=%d seed=1", seats);
	crisk_rules *r = rl_rules("hawaii", params);
	rl_spaces s;
	rl_spaces_read(&s, r);
	expect_range(&s, "place_ship", 47);
	expect_range(&s, "build_ship", 47);
	expect_range(&s, "place_free_ship", 47);
	expect_range(&s, "move_pirate", 43);
	expect_range(&s, "move_ship", 47 * 15);
	expect_range(&s, "fish_move_robber", 28);
	expect_range(&s, "fish_move_pirate", 43);
	expect_range(&s, "fish_steal", (size_t)seats - 1);
	expect_range(&s, "fish_take_merchant", 5);
	expect_range(&s, "fish_take", 5);
	expect_range(&s, "fish_build_road", 160);
	expect_range(&s, "fish_build_ship", 47);
	expect_range(&s, "fish_dev", 1);
	expect_range(&s, "return_fish", 1);
	ck_assert_str_eq(s.ranges[s.n_ranges - 1].name, "return_fish");
	expect_field(&s, "pirate", 43, 1);
	expect_field(&s, "ships_in_supply", (size_t)seats, 15);
	expect_field(&s, "fish", (size_t)seats, 255);
	expect_field(&s, "boat", (size_t)seats, 7);
	expect_field(&s, "fishing_vp", (size_t)seats, 5);
	expect_field(&s, "merchants", (size_t)seats * 6, 1);
	expect_field(&s, "chits", seats <= 4 ? 8 * (size_t)seats : 0, 1);
	ck_assert_uint_eq(s.fields[s.n_fields - 1].first + s.fields[s.n_fields - 1].count, s.observation);
	rl_spaces_free(&s);
	crisk_rules_free(r);
}
END_TEST

/* ---- every legal action of hawaii's types has an index ---- */

/* Random games over the masks; at every seat decision each listed action of
 * types 56..62 (ships, pirate, ship moves by (from, to), the fish market,
 * RETURN_FISH) has an index that maps back to it.  Returns how many
 * MOVE_SHIP actions were seen. */
static size_t every_module_action_indexed(const crisk_rules *r, uint64_t seed, int games)
{
	size_t A = 0, moves = 0;
	crisk_rl_action_count(r, &A);
	uint8_t *mask = malloc(A);
	crisk_action *list = malloc(8192 * sizeof *list);
	uint64_t seq = seed;
	for (int gi = 0; gi < games; gi++) {
		crisk_game *g = NULL;
		ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
		for (int step = 0; step < 4000 && crisk_game_current_seat(g) >= 0; step++) {
			size_t n = 0;
			ck_assert_int_eq(crisk_game_legal_actions(g, list, 8192, &n), CRISK_OK);
			for (size_t j = 0; j < n; j++) {
				if (CRISK_ACTION_TYPE(list[j]) < HW_PLACE_SHIP)
					continue;
				size_t i = 0;
				crisk_action back = 0;
				ck_assert_msg(crisk_rl_action_index(g, list[j], &i) == CRISK_OK,
					      "game %d step %d: 0x%016llx has no index: %s", gi, step,
					      (unsigned long long)list[j], crisk_error_last());
				ck_assert_int_eq(crisk_rl_index_action(g, i, &back), CRISK_OK);
				ck_assert_msg(back == list[j], "index %zu maps to 0x%016llx, not 0x%016llx", i,
					      (unsigned long long)back, (unsigned long long)list[j]);
				moves += CRISK_ACTION_TYPE(list[j]) == HW_MOVE_SHIP;
			}
			size_t legal = 0;
			crisk_rl_legal_mask(g, mask, A, &legal);
			ck_assert_uint_gt(legal, 0);
			size_t pick = (size_t)(mix(&seq) % legal), i = 0;
			for (;; i++)
				if (mask[i] && pick-- == 0)
					break;
			crisk_action a = 0;
			crisk_rl_index_action(g, i, &a);
			ck_assert_msg(crisk_game_apply(g, a) == CRISK_OK, "apply: %s", crisk_error_last());
		}
		crisk_game_free(g);
	}
	free(list);
	free(mask);
	return moves;
}

/* H-78..H-81: whatever ship a seat may move wherever, MOVE_SHIP has an index. */
START_TEST(every_hawaii_action_has_an_index_H78)
{
	crisk_rules *r = _i < 4 ? NULL : isles_rules(3);
	if (!r) {
		char params[64];
		snprintf(params, sizeof params, "players=%d seed=%d", 3 + _i, 60 + _i);
		r = rl_rules("hawaii", params);
	}
	size_t moves = every_module_action_indexed(r, 31 + (uint64_t)_i, 1);
	ck_assert_msg(moves > 0, "no MOVE_SHIP was legal in the games: the check saw none");
	crisk_rules_free(r);
}
END_TEST

/* ---- no leak: hawaii's fields against the JSON view ---- */

static int int_of(const jnode *n)
{
	ck_assert_msg(n && n->type == JN_NUM && n->is_int, "an integer expected");
	return (int)n->i;
}

static const jnode *array_of(const jnode *root, const char *key, size_t count)
{
	const jnode *a = jr_member(root, key);
	ck_assert_msg(a && a->type == JN_ARR && a->count == count, "view: %s is not an array of %zu", key, count);
	return a;
}

/* A test only on failure: a passing ck_assert writes a check mark to
 * check's pipe, too slow for every float of every view. */
#define EXPECT(cond, ...)                         \
	do {                                      \
		if (!(cond))                      \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

static float obs_at(const float *obs, const rl_field_desc *f, size_t k)
{
	EXPECT(k < f->count, "%s has no float %zu", f->name, k);
	return obs[f->first + k];
}

/* Each hawaii field of viewer's observation against its view (H-93). */
static void fields_match_view(const crisk_game *g, const rl_spaces *s, int viewer, const float *obs)
{
	const kern *k = kern_of(g);
	int seats = k->seats, first = viewer >= 0 ? viewer : 0;
	size_t len = 0;
	crisk_game_to_json(g, viewer, NULL, 0, &len);
	char *text = malloc(len + 1);
	ck_assert_int_eq(crisk_game_to_json(g, viewer, text, len + 1, NULL), CRISK_OK);
	jnode *root = NULL;
	ck_assert_int_eq(jr_parse(&root, text, len), CRISK_OK);
	const rl_field_desc *pirate = rl_spaces_field(s, "pirate");
	int hex = int_of(jr_member(root, "pirate"));
	for (size_t i = 0; i < pirate->count; i++)
		EXPECT(obs_at(obs, pirate, i) == (i + (size_t)k->b.n_land == (size_t)hex),
			      "viewer %d: pirate[%zu] disagrees with the view's hex %d", viewer, i, hex);
	static const char *const per_seat[][2] = {{"ships_in_supply", "ships_in_supply"}, {"fish", "fish"},
						   {"boat", "boat"}, {"fishing_vp", "fishing_vp"}};
	for (size_t f = 0; f < sizeof per_seat / sizeof per_seat[0]; f++) {
		const jnode *a = array_of(root, per_seat[f][1], (size_t)seats);
		const rl_field_desc *d = rl_spaces_field(s, per_seat[f][0]);
		int i = 0;
		for (const jnode *e = a->first; e; e = e->next, i++) {
			size_t rel = (size_t)((i - first + seats) % seats);
			EXPECT(obs_at(obs, d, rel) == (float)int_of(e), "viewer %d: %s of seat %d: %g, view %d",
				      viewer, per_seat[f][0], i, (double)obs_at(obs, d, rel), int_of(e));
		}
	}
	const jnode *merchants = array_of(root, "merchants", (size_t)seats);
	const rl_field_desc *md = rl_spaces_field(s, "merchants");
	int i = 0;
	for (const jnode *e = merchants->first; e; e = e->next, i++) {
		size_t rel = (size_t)((i - first + seats) % seats);
		for (int b = 0; b < 6; b++)
			EXPECT(obs_at(obs, md, rel * 6 + (size_t)b) == (float)((int_of(e) >> b) & 1),
				      "viewer %d: merchant bit %d of seat %d", viewer, b, i);
	}
	const rl_field_desc *cd = rl_spaces_field(s, "chits");
	const jnode *chits = jr_member(root, "chits");
	ck_assert_msg(chits && chits->type == JN_ARR, "view: no chits");
	ck_assert_uint_eq(chits->count * (size_t)seats, cd ? cd->count : 0);
	size_t c = 0;
	for (const jnode *e = chits->first; e; e = e->next, c++) {
		int holder = int_of(e->first->next);
		for (int r = 0; r < seats; r++)
			EXPECT(obs_at(obs, cd, c * (size_t)seats + (size_t)r) ==
					      (holder >= 0 && (holder - first + seats) % seats == r),
				      "viewer %d: chit %zu (holder %d), relative seat %d", viewer, c, holder, r);
	}
	/* Ships are the kernel's path owners (the roads of the view). */
	jr_free(root);
	free(text);
}

/* H-93: fish, boats, chits, merchants and the pirate are public; every
 * viewer's hawaii fields are what its view shows, counted from it. */
START_TEST(fields_agree_with_the_view_H93)
{
	crisk_rules *r = _i < 4 ? NULL : isles_rules(4);
	if (!r) {
		char params[64];
		snprintf(params, sizeof params, "players=%d seed=%d", 3 + _i, 80 + _i);
		r = rl_rules("hawaii", params);
	}
	rl_spaces s;
	rl_spaces_read(&s, r);
	uint8_t *mask = malloc(s.actions);
	float *obs = malloc(s.observation * sizeof *obs);
	int seats = crisk_rules_num_seats(r);
	uint64_t seq = 5 + (uint64_t)_i;
	size_t fished = 0, chits = 0;
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	for (int step = 0; step < 3000 && crisk_game_current_seat(g) >= 0; step++) {
		for (int v = -2; v < seats; v++) {
			int viewer = v == -2 ? CRISK_VIEWER_SPECTATOR : v == -1 ? CRISK_VIEWER_OMNISCIENT : v;
			ck_assert_int_eq(crisk_rl_observe(g, viewer, obs, s.observation), CRISK_OK);
			fields_match_view(g, &s, viewer, obs);
		}
		const hw_ext *x = hwx(kern_of(g), g->state);
		for (int q = 0; q < seats; q++)
			fished += x->fish[q] > 0;
		for (int c = 0; c < hwr(kern_of(g))->n_chit; c++)
			chits += x->chit[c] != 0;
		size_t legal = 0;
		crisk_rl_legal_mask(g, mask, s.actions, &legal);
		size_t pick = (size_t)(mix(&seq) % legal), i = 0;
		for (;; i++)
			if (mask[i] && pick-- == 0)
				break;
		crisk_action a = 0;
		crisk_rl_index_action(g, i, &a);
		ck_assert_msg(crisk_game_apply(g, a) == CRISK_OK, "apply: %s", crisk_error_last());
	}
	ck_assert_msg(fished > 0, "no seat ever held fish: the fish field was not tested");
	if (seats <= 4)
		ck_assert_msg(chits > 0, "no chit was ever taken: the chit field was not tested");
	crisk_game_free(g);
	free(obs);
	free(mask);
	rl_spaces_free(&s);
	crisk_rules_free(r);
}
END_TEST

/* B-134, H-93: another seat's hand and development cards are hidden.  Two
 * games that differ only in seat 2's hand (same count) and its unplayed
 * cards (same count) give seats 0, 1 and the spectator the same
 * observation; seat 2 and the omniscient viewer see the difference. */
START_TEST(hidden_cards_do_not_leak_B134)
{
	crisk_rules *r = rl_rules("hawaii", "players=4 seed=3");
	size_t O = 0, A = 0;
	crisk_rl_observation_size(r, &O);
	crisk_rl_action_count(r, &A);
	uint8_t *mask = malloc(A);
	float *a_obs = malloc(O * sizeof *a_obs), *b_obs = malloc(O * sizeof *b_obs);
	crisk_game *g = NULL, *h = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	uint64_t seq = 77;
	size_t tested = 0;
	for (int step = 0; step < 800 && crisk_game_current_seat(g) >= 0; step++) {
		const kern *k = kern_of(g);
		const kseat *p = kseat_of(k, g->state, 2);
		int from = -1, to = -1;
		for (int res = 0; res < NUM_RES; res++) {
			if (p->hand[res] && from < 0)
				from = res;
			else if (to < 0)
				to = res;
		}
		if (from >= 0 && to >= 0 && to != from) {
			ck_assert_int_eq(crisk_game_clone(&h, g), CRISK_OK);
			kseat *q = kseat_of(k, h->state, 2);
			q->hand[from]--; /* the same count, another card */
			q->hand[to]++;
			for (int c = 0; c + 1 < NUM_DEV; c++) {
				if (q->dev[c]) { /* an unplayed card of another kind */
					q->dev[c]--;
					q->dev[c + 1]++;
					break;
				}
			}
			for (int v = -2; v < 4; v++) {
				int viewer = v == -2 ? CRISK_VIEWER_SPECTATOR : v == -1 ? CRISK_VIEWER_OMNISCIENT : v;
				crisk_rl_observe(g, viewer, a_obs, O);
				crisk_rl_observe(h, viewer, b_obs, O);
				int same = memcmp(a_obs, b_obs, O * sizeof *a_obs) == 0;
				int sees = viewer == 2 || viewer == CRISK_VIEWER_OMNISCIENT;
				ck_assert_msg(same != sees, "step %d viewer %d: the observations %s", step, viewer,
					      same ? "agree although the viewer sees the hand" : "differ: seat 2's hand leaks");
			}
			crisk_game_free(h);
			h = NULL;
			tested++;
		}
		size_t legal = 0;
		crisk_rl_legal_mask(g, mask, A, &legal);
		if (!legal) {
			ck_assert_int_eq(crisk_game_playout(g, 0, 1, &seq, NULL), CRISK_OK);
			continue;
		}
		size_t pick = (size_t)(mix(&seq) % legal), i = 0;
		for (;; i++)
			if (mask[i] && pick-- == 0)
				break;
		crisk_action a = 0;
		crisk_rl_index_action(g, i, &a);
		ck_assert_int_eq(crisk_game_apply(g, a), CRISK_OK);
	}
	ck_assert_msg(tested > 50, "only %zu states with a hand to vary", tested);
	crisk_game_free(g);
	free(a_obs);
	free(b_obs);
	free(mask);
	crisk_rules_free(r);
}
END_TEST

/* ---- scenarios ---- */

/* Applies the first masked index in range `name` (with an index >= min_arg
 * into it); returns the index's offset in the range. */
static size_t play_first_of(crisk_game *g, const rl_spaces *s, uint8_t *mask, const char *name)
{
	size_t legal = 0;
	ck_assert_int_eq(crisk_rl_legal_mask(g, mask, s->actions, &legal), CRISK_OK);
	for (size_t r = 0; r < s->n_ranges; r++) {
		if (strcmp(s->ranges[r].name, name))
			continue;
		for (size_t k = 0; k < s->ranges[r].count; k++) {
			size_t i = s->ranges[r].first + k;
			if (!mask[i])
				continue;
			crisk_action a = 0;
			ck_assert_int_eq(crisk_rl_index_action(g, i, &a), CRISK_OK);
			ck_assert_msg(crisk_game_apply(g, a) == CRISK_OK, "%s: %s", name, crisk_error_last());
			return k;
		}
	}
	ck_abort_msg("no legal index in %s", name);
	return 0;
}

static int has_legal_in(crisk_game *g, const rl_spaces *s, uint8_t *mask, const char *name)
{
	size_t legal = 0;
	crisk_rl_legal_mask(g, mask, s->actions, &legal);
	for (size_t r = 0; r < s->n_ranges; r++) {
		if (strcmp(s->ranges[r].name, name))
			continue;
		for (size_t k = 0; k < s->ranges[r].count; k++)
			if (mask[s->ranges[r].first + k])
				return 1;
	}
	return 0;
}

static float field(const crisk_game *g, const rl_spaces *s, int viewer, const char *name, size_t k)
{
	float *obs = malloc(s->observation * sizeof *obs);
	ck_assert_int_eq(crisk_rl_observe(g, viewer, obs, s->observation), CRISK_OK);
	const rl_field_desc *f = rl_spaces_field(s, name);
	ck_assert_msg(f, "no field %s", name);
	float v = obs_at(obs, f, k);
	free(obs);
	return v;
}

/* H-18, H-34, H-40, H-75: at the start the pirate lies on sea41 (hex 68,
 * sea slot 40), every seat has 15 ships in supply, no fish, boats at 0
 * and the 8 chits on the board.  H-38: set-up pieces as ships (PLACE_SHIP
 * by its index) take ships from the placing seat's supply, which every
 * viewer sees at its seat counted from itself; the ship is the kernel's
 * path owner of its space.  H-54: after a 7 the mover may move the pirate
 * instead of the robber (MOVE_PIRATE by its index); the pirate field
 * follows. */
START_TEST(scenario_setup_ships_and_pirate_H18_H34_H38_H54)
{
	crisk_rules *r = rl_rules("hawaii", "players=4 seed=9 chance=explicit");
	rl_spaces s;
	rl_spaces_read(&s, r);
	uint8_t *mask = malloc(s.actions);
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	for (int v = 0; v < 4; v++) {
		ck_assert(field(g, &s, v, "pirate", 40) == 1.0f); /* H-18 */
		for (size_t q = 0; q < 4; q++) {
			ck_assert(field(g, &s, v, "ships_in_supply", q) == 15.0f); /* H-34 */
			ck_assert(field(g, &s, v, "fish", q) == 0.0f);             /* H-40 */
			ck_assert(field(g, &s, v, "boat", q) == 0.0f);
		}
		for (size_t c = 0; c < 8 * 4; c++)
			ck_assert(field(g, &s, v, "chits", c) == 0.0f); /* H-75 */
	}
	/* Set-up (H-35): a ship whenever one may go down, else a road. */
	int ships[4] = {0};
	while (crisk_game_turn(g) == 0) {
		int seat = crisk_game_current_seat(g);
		play_first_of(g, &s, mask, "place_settlement");
		if (has_legal_in(g, &s, mask, "place_ship")) {
			play_first_of(g, &s, mask, "place_ship");
			ships[seat]++;
		} else {
			play_first_of(g, &s, mask, "place_road");
		}
		for (int v = 0; v < 4; v++) /* seat `seat` at (seat - v) mod 4 from viewer v */
			ck_assert(field(g, &s, v, "ships_in_supply", (size_t)((seat - v + 4) % 4)) ==
				  (float)(15 - ships[seat]));
	}
	ck_assert_msg(ships[0] + ships[1] + ships[2] + ships[3] > 0, "no set-up ship: the scenario tested nothing");
	/* A 7 (explicit dice), then the pirate (H-54). */
	rl_apply_text(g, "roll");
	rl_apply_text(g, "dice 7");
	while (crisk_game_current_seat(g) >= 0 && !has_legal_in(g, &s, mask, "move_pirate"))
		play_first_of(g, &s, mask, "discard"); /* none expected after set-up, but a discard is legal */
	int mover = crisk_game_current_seat(g);
	size_t k = play_first_of(g, &s, mask, "move_pirate");
	ck_assert_uint_ne(k, 40); /* H-57: it must move */
	for (int v = 0; v < 4; v++)
		for (size_t i = 0; i < 43; i++)
			ck_assert(field(g, &s, v, "pirate", i) == (i == k ? 1.0f : 0.0f));
	(void)mover;
	free(mask);
	crisk_game_free(g);
	rl_spaces_free(&s);
	crisk_rules_free(r);
}
END_TEST

int main(int argc, char **argv)
{
	isles_path = argc > 1 ? argv[1] : NULL;
	Suite *s = suite_create("rl_hawaii");
	/* One case per kind of check, so that CK_RUN_CASE can pick one. */
	static const char *const names[] = {"shared", "sizes", "indexed", "view", "hidden", "scenario"};
	TCase *tc[6];
	for (int i = 0; i < 6; i++) {
		tc[i] = tcase_create(names[i]);
		tcase_set_timeout(tc[i], 600);
		suite_add_tcase(s, tc[i]);
	}
	tcase_add_loop_test(tc[0], shared_checks_hawaii_map, 0, 5);
	tcase_add_loop_test(tc[0], shared_checks_three_isles, 0, 2);
	tcase_add_loop_test(tc[1], sizes_follow_the_map_H94_H34_H77, 0, 4);
	tcase_add_loop_test(tc[2], every_hawaii_action_has_an_index_H78, 0, 5);
	tcase_add_loop_test(tc[3], fields_agree_with_the_view_H93, 0, 5);
	tcase_add_test(tc[4], hidden_cards_do_not_leak_B134);
	tcase_add_test(tc[5], scenario_setup_ships_and_pirate_H18_H34_H38_H54);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
