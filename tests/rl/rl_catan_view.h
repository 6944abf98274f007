/* For the Catan-family RL tests (test_rl_catan.c, test_rl_two_player.c):
 * the kernel's part of an observation rebuilt from the viewer's JSON view
 * and the board JSON alone, so that an observation equal to it holds
 * nothing the view does not show (docs/rl-catan.md), and the explicit-chance
 * random play both tests use to reach hidden outcomes.  Static functions:
 * each test program includes this once. */
#ifndef CRISK_TESTS_RL_CATAN_VIEW_H
#define CRISK_TESTS_RL_CATAN_VIEW_H

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rl_common.h"
#include "core/jsonr.h"

static jnode *parse_json_text(char *text, size_t len)
{
	jnode *root = NULL;
	ck_assert_msg(jr_parse(&root, text, len) == CRISK_OK, "JSON does not parse: %s", crisk_error_last());
	free(text);
	return root;
}

static jnode *view_json(const crisk_game *g, int viewer)
{
	size_t len = 0;
	crisk_game_to_json(g, viewer, NULL, 0, &len);
	char *text = malloc(len + 1);
	ck_assert_int_eq(crisk_game_to_json(g, viewer, text, len + 1, NULL), CRISK_OK);
	return parse_json_text(text, len);
}

static jnode *board_json(const crisk_rules *r)
{
	size_t len = 0;
	crisk_rules_board_json(r, NULL, 0, &len);
	char *text = malloc(len + 1);
	ck_assert_int_eq(crisk_rules_board_json(r, text, len + 1, NULL), CRISK_OK);
	return parse_json_text(text, len);
}

static int64_t jint(const jnode *n, const char *key)
{
	const jnode *m = key ? jr_member(n, key) : n;
	ck_assert_msg(m && (m->type == JN_NUM || m->type == JN_TRUE || m->type == JN_FALSE), "view: '%s' missing",
		      key ? key : "?");
	return m->type == JN_NUM ? m->i : m->type == JN_TRUE;
}

static size_t off_of(const rl_spaces *sp, const char *name)
{
	const rl_field_desc *d = rl_spaces_field(sp, name);
	ck_assert_msg(d != NULL, "no observation field '%s'", name);
	return d->first;
}

static size_t count_of(const rl_spaces *sp, const char *name)
{
	const rl_field_desc *d = rl_spaces_field(sp, name);
	ck_assert_msg(d != NULL, "no observation field '%s'", name);
	return d->count;
}

static int index_of(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(names[i], s))
			return i;
	return -1;
}

/* The kernel fields of viewer's observation from the view alone; exp holds
 * sp->observation floats and is zeroed first (a variant fills its own). */
static void expect_from_view(const crisk_game *g, const jnode *view, const jnode *boardj, int viewer,
			     const rl_spaces *sp, float *exp)
{
	static const char *const phases[] = {"setup_settlement", "setup_road", "pre_roll", "dice", "discard",
					     "move_robber", "choose_victim", "steal", "main", "dev_draw",
					     "trade_response", "trade_confirm", "free_road", "yop_pick",
					     "monopoly_pick", "special_build", "paired_part", "game_over"};
	static const char *const terrains[] = {"hills", "forest", "pasture", "fields", "mountains", "desert"};
	static const char *const harbors[] = {"generic", "brick", "lumber", "wool", "grain", "ore"};
	int S = crisk_rules_num_seats(crisk_game_rules(g));
	int base = viewer >= 0 ? viewer : 0;
#define RELS(s) ((size_t)(((s) - base + S) % S))
	memset(exp, 0, sp->observation * sizeof *exp);
	int ph = index_of(phases, 18, jr_member(view, "phase")->str);
	if (ph >= 0)
		exp[off_of(sp, "phase") + (size_t)ph] = 1;
	int64_t cur = jint(view, "current_seat");
	if (cur >= 0)
		exp[off_of(sp, "current_seat") + RELS(cur)] = 1;
	exp[off_of(sp, "active_seat") + RELS(jint(view, "active_seat"))] = 1;
	int64_t winner = jint(view, "winner");
	if (winner >= 0)
		exp[off_of(sp, "winner") + RELS(winner)] = 1;
	exp[off_of(sp, "turn")] = (float)jint(view, "turn");
	for (size_t i = 0; i < 2; i++)
		exp[off_of(sp, "dice") + i] = (float)jint(jr_index(jr_member(view, "dice"), i), NULL);
	for (size_t r = 0; r < 5; r++)
		exp[off_of(sp, "bank") + r] = (float)jint(jr_index(jr_member(view, "bank"), r), NULL);
	exp[off_of(sp, "deck_size")] = (float)jint(view, "deck_size");

	const jnode *pending = jr_member(view, "pending");
	for (const jnode *p = jr_member(view, "seats")->first; p; p = p->next) {
		int64_t s = jint(p, "seat");
		size_t i = RELS(s);
		const jnode *pieces = jr_member(p, "pieces");
		exp[off_of(sp, "vp") + i] = (float)jint(p, "vp");
		exp[off_of(sp, "visible_vp") + i] = (float)jint(p, "visible_vp");
		exp[off_of(sp, "hand_size") + i] = (float)jint(p, "hand_size");
		exp[off_of(sp, "dev_count") + i] = (float)jint(p, "dev_count");
		exp[off_of(sp, "knights") + i] = (float)jint(p, "knights");
		exp[off_of(sp, "road_length") + i] = (float)jint(p, "road_length");
		exp[off_of(sp, "longest_road") + i] = (float)jint(p, "longest_road");
		exp[off_of(sp, "largest_army") + i] = (float)jint(p, "largest_army");
		exp[off_of(sp, "settlements_left") + i] = (float)jint(pieces, "settlements");
		exp[off_of(sp, "cities_left") + i] = (float)jint(pieces, "cities");
		exp[off_of(sp, "roads_left") + i] = (float)jint(pieces, "roads");
		exp[off_of(sp, "discards_owed") + i] =
			(float)jint(jr_index(jr_member(pending, "discards"), (size_t)s), NULL);
		const jnode *hand = jr_member(p, "hand"), *dev = jr_member(p, "dev"), *dev_new = jr_member(p, "dev_new");
		ck_assert_msg(!hand == !dev && !dev == !dev_new, "view: hand and cards shown together");
		if (!hand)
			continue;
		exp[off_of(sp, "hand_shown") + i] = 1;
		for (size_t r = 0; r < 5; r++) {
			exp[off_of(sp, "hand") + i * 5 + r] = (float)jint(jr_index(hand, r), NULL);
			exp[off_of(sp, "dev") + i * 5 + r] = (float)jint(jr_index(dev, r), NULL);
			exp[off_of(sp, "dev_playable") + i * 5 + r] =
				(float)(jint(jr_index(dev, r), NULL) - jint(jr_index(dev_new, r), NULL));
		}
	}
	exp[off_of(sp, "free_roads")] = (float)jint(pending, "free_roads");
	exp[off_of(sp, "picks")] = (float)jint(pending, "picks");
	int64_t victim = jint(pending, "victim");
	if (victim >= 0)
		exp[off_of(sp, "steal_victim") + RELS(victim)] = 1;
	const jnode *trade = jr_member(view, "trade");
	if (trade && trade->type == JN_OBJ) {
		exp[off_of(sp, "trade_open")] = 1;
		for (size_t gd = 0; gd < 6; gd++) {
			exp[off_of(sp, "trade_give") + gd] = (float)jint(jr_index(jr_member(trade, "give"), gd), NULL);
			exp[off_of(sp, "trade_want") + gd] = (float)jint(jr_index(jr_member(trade, "want"), gd), NULL);
		}
		const jnode *to = jr_member(trade, "to");
		if (to->type == JN_STR)
			exp[off_of(sp, "trade_to_all")] = 1;
		else
			exp[off_of(sp, "trade_to") + RELS(to->i)] = 1;
		for (const jnode *a = jr_member(trade, "answers")->first; a; a = a->next) {
			exp[off_of(sp, "trade_answered") + RELS(jint(a, "seat"))] = 1;
			exp[off_of(sp, "trade_accepted") + RELS(jint(a, "seat"))] = (float)jint(a, "accept");
		}
	}

	/* The board: layout from the board JSON, robber and pieces from the view. */
	size_t n_land = 0;
	for (const jnode *h = jr_member(boardj, "hexes")->first; h; h = h->next) {
		if (jr_member(h, "land")->type != JN_TRUE)
			continue;
		size_t x = (size_t)jint(h, "id");
		int t = index_of(terrains, 6, jr_member(h, "terrain")->str);
		if (t >= 0)
			exp[off_of(sp, "hex_terrain") + x * 6 + (size_t)t] = 1;
		const jnode *tok = jr_member(h, "token");
		exp[off_of(sp, "hex_token") + x] = tok->type == JN_NUM ? (float)tok->i : 0.0f;
		n_land++;
	}
	ck_assert_uint_eq(n_land, count_of(sp, "hex_token"));
	exp[off_of(sp, "robber") + (size_t)jint(view, "robber")] = 1;
	for (const jnode *hb = jr_member(boardj, "harbors")->first; hb; hb = hb->next) {
		int t = index_of(harbors, 6, jr_member(hb, "type")->str);
		for (const jnode *n = jr_member(hb, "nodes")->first; n; n = n->next)
			exp[off_of(sp, "node_harbor") + (size_t)n->i * 6 + (size_t)t] = 1;
	}
	size_t n_node = count_of(sp, "node_harbor") / 6, slots = count_of(sp, "node_building") / n_node;
	for (const jnode *b = jr_member(view, "buildings")->first; b; b = b->next) {
		int64_t s = jint(b, "seat");
		size_t slot = s < S ? RELS(s) : (size_t)s < slots ? (size_t)s : slots - 1;
		exp[off_of(sp, "node_building") + (size_t)jint(b, "node") * slots + slot] =
			strcmp(jr_member(b, "kind")->str, "city") ? 1.0f : 2.0f;
	}
	for (const jnode *rd = jr_member(view, "roads")->first; rd; rd = rd->next) {
		int64_t s = jint(rd, "seat");
		size_t slot = s < S ? RELS(s) : (size_t)s < slots ? (size_t)s : slots - 1;
		exp[off_of(sp, "path_road") + (size_t)jint(rd, "path") * slots + slot] = 1;
	}
#undef RELS
}

/* The first field of the observation that differs from exp, or NULL. */
static const char *first_difference(const rl_spaces *sp, const float *obs, const float *exp, size_t *at)
{
	for (size_t f = 0; f < sp->n_fields; f++) {
		const rl_field_desc *d = &sp->fields[f];
		for (size_t i = 0; i < d->count; i++) {
			if (obs[d->first + i] != exp[d->first + i]) {
				*at = i;
				return d->name;
			}
		}
	}
	return NULL;
}

static uint64_t view_mix(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* One step of explicit-chance random play: a uniform masked index for a
 * seat, a uniform listed outcome at a chance point. */
static void random_step(crisk_game *g, const rl_spaces *sp, uint8_t *mask, uint64_t *rng)
{
	crisk_action a = 0;
	if (crisk_game_current_seat(g) == CRISK_SEAT_CHANCE) {
		crisk_action outs[64];
		size_t n = 0;
		ck_assert_int_eq(crisk_game_legal_actions(g, outs, 64, &n), CRISK_OK);
		a = outs[view_mix(rng) % n];
	} else {
		size_t legal = 0;
		ck_assert_int_eq(crisk_rl_legal_mask(g, mask, sp->actions, &legal), CRISK_OK);
		size_t pick = (size_t)(view_mix(rng) % legal), i = 0;
		for (;; i++)
			if (mask[i] && pick-- == 0)
				break;
		ck_assert_int_eq(crisk_rl_index_action(g, i, &a), CRISK_OK);
	}
	ck_assert_msg(crisk_game_apply(g, a) == CRISK_OK, "apply: %s", crisk_error_last());
}

#endif
