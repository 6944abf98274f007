/* muhq's RL encoding (lib/muhq/mq_rl.c, docs/rl-muhq.md): the shared checks
 * of rl_common.c on every map and draft form; scenario checks of fields
 * after public actions (rule IDs of rules/muhq.md); every field against the
 * viewer's JSON view in random games (nothing the view does not show); and
 * games that differ only in hidden cards (another seat's hand and deck
 * order, M-6) giving the same observation to the seat that cannot see them. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/jsonr.h"
#include "core/rules_impl.h"
#include "muhq/mq.h"
#include "rl_common.h"

#define JBUF (1u << 22)
static char jbuf[JBUF];

static const char *const configs[] = {
	"map=2P-ring-street players=2 draft=none limit=12 seed=1",
	"map=2P-ring-street players=2 draft=piles limit=8 seed=2",
	"map=2P-river-king players=2 draft=3x2x8 limit=12 seed=3",
	"map=2P-river-king players=2 draft=none chance=explicit limit=12 seed=4",
	"map=4P-islands players=4 draft=none limit=8 seed=5",
	"map=4P-islands players=3 draft=piles limit=6 seed=6",
	"map=4P-islands players=2 draft=none ai=1 limit=10 seed=7",
	"map=the-kraken players=2 draft=none limit=10 seed=8",
};
#define N_CONFIGS (sizeof configs / sizeof configs[0])

static uint64_t rnd_state = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

/* ---- the shared checks ---- */

START_TEST(shared_checks_on_every_map)
{
	crisk_rules *r = rl_rules("muhq", configs[_i]);
	/* Ten games: on 2P-river-king a random seat soon releases its King (M-31, M-85). */
	size_t decisions = rl_check_random_games(r, 10, 1500, 700 + (uint64_t)_i);
	ck_assert_msg(decisions > 100, "%s: only %zu decisions", configs[_i], decisions);
	crisk_rules_free(r);
}
END_TEST

/* ---- helpers ---- */

typedef struct enc {
	crisk_rules *rules;
	rl_spaces sp;
	float *obs;
	uint8_t *mask;
	int seats;
	char defs[128][48]; /* definition names in the board's order */
	int ndef;
} enc;

static void enc_open(enc *e, const char *params)
{
	memset(e, 0, sizeof *e);
	e->rules = rl_rules("muhq", params);
	rl_spaces_read(&e->sp, e->rules);
	e->obs = calloc(e->sp.observation, sizeof *e->obs);
	e->mask = calloc(e->sp.actions, 1);
	e->seats = crisk_rules_num_seats(e->rules);
	size_t len = 0;
	ck_assert_int_eq(crisk_rules_board_json(e->rules, jbuf, JBUF, &len), CRISK_OK);
	jnode *root = NULL;
	ck_assert_int_eq(jr_parse(&root, jbuf, len), CRISK_OK);
	const jnode *defs = jr_member(root, "definitions");
	for (const jnode *d = defs->first; d && e->ndef < 128; d = d->next)
		snprintf(e->defs[e->ndef++], sizeof e->defs[0], "%s", jr_member(d, "name")->str);
	jr_free(root);
}

static void enc_close(enc *e)
{
	free(e->obs);
	free(e->mask);
	rl_spaces_free(&e->sp);
	crisk_rules_free(e->rules);
}

static const rl_field_desc *field(const enc *e, const char *name)
{
	const rl_field_desc *f = rl_spaces_field(&e->sp, name);
	ck_assert_msg(f != NULL, "no field %s", name);
	return f;
}

static float val(const enc *e, const char *name, size_t k)
{
	const rl_field_desc *f = rl_spaces_field(&e->sp, name);
	if (!f || k >= f->count)
		ck_abort_msg("%s[%zu] is not in the observation", name, k);
	return e->obs[f->first + k];
}

static void observe(enc *e, const crisk_game *g, int viewer)
{
	ck_assert_int_eq(crisk_rl_observe(g, viewer, e->obs, e->sp.observation), CRISK_OK);
}

/* Definition + 1 of a card named in a view, 0 for none. */
static int def_of(const enc *e, const jnode *card)
{
	const char *name = jr_member(card, "name")->str;
	for (int d = 0; d < e->ndef; d++)
		if (!strcmp(e->defs[d], name))
			return d + 1;
	ck_abort_msg("definition %s is not on the board", name);
	return 0;
}

static int range_first(const enc *e, const char *name)
{
	for (size_t i = 0; i < e->sp.n_ranges; i++)
		if (!strcmp(e->sp.ranges[i].name, name))
			return (int)e->sp.ranges[i].first;
	ck_abort_msg("no range %s", name);
	return -1;
}

/* Applies the action given as text. */
static void act(crisk_game *g, const char *text)
{
	crisk_action a = 0;
	ck_assert_msg(crisk_game_action_from_string(&a, g, text) == CRISK_OK, "%s: %s", text, crisk_error_last());
	ck_assert_msg(crisk_game_apply(g, a) == CRISK_OK, "%s: %s", text, crisk_error_last());
}

static int64_t jint(const jnode *n, const char *key)
{
	const jnode *m = jr_member(n, key);
	ck_assert_msg(m && m->type == JN_NUM, "view member %s is not a number", key);
	return m->i;
}

static int jbool(const jnode *n, const char *key)
{
	const jnode *m = jr_member(n, key);
	ck_assert_msg(m && (m->type == JN_TRUE || m->type == JN_FALSE), "view member %s is not a boolean", key);
	return m->type == JN_TRUE;
}

static int rel(const enc *e, int seat, int from)
{
	return ((seat - from) % e->seats + e->seats) % e->seats;
}

/* ck_abort only on failure (a passing ck_assert costs a write). */
#define EQ(e, name, k, want, what)                                                                                 \
	do {                                                                                                       \
		if (val(e, name, k) != (float)(want))                                                              \
			ck_abort_msg("%s: %s[%zu] = %g, the view says %g", what, name, (size_t)(k),                 \
				     (double)val(e, name, k), (double)(want));                                     \
	} while (0)

/* Every field that the view shows is compared with the view of viewer. */
static void agree_with_view(enc *e, const crisk_game *g, int viewer, const char *where)
{
	size_t len = 0;
	ck_assert_int_eq(crisk_game_to_json(g, viewer, jbuf, JBUF, &len), CRISK_OK);
	jnode *root = NULL;
	ck_assert_int_eq(jr_parse(&root, jbuf, len), CRISK_OK);
	observe(e, g, viewer);
	int from = viewer >= 0 ? viewer : 0, S = e->seats;
	EQ(e, "round", 0, jint(root, "round"), where);
	EQ(e, "turn", 0, jint(root, "turn"), where);
	static const char *const phases[] = {"draft", "start", "upkeep", "action", "buy", "cleanup", "over"};
	static const char *const dps[] = {"none", "chance", "pick", "trigger", "upkeep", "priority", "drop", "buy",
					  "cleanup"};
	for (int k = 0; k < 7; k++)
		EQ(e, "phase", k, !strcmp(jr_member(root, "phase")->str, phases[k]), where);
	for (int k = 0; k < 9; k++)
		EQ(e, "decision", k, !strcmp(jr_member(root, "decision")->str, dps[k]), where);
	const jnode *co = jr_member(root, "chance_outcomes");
	EQ(e, "chance_outcomes", 0, co ? co->i : 0, where);
	int active = (int)jint(root, "active_seat"), prio = (int)jint(root, "priority_seat");
	int cur = (int)jint(root, "current_seat"), winner = (int)jint(root, "winner");
	for (int k = 0; k < S; k++) {
		EQ(e, "active_seat", k, rel(e, active, from) == k, where);
		EQ(e, "priority_seat", k, rel(e, prio, from) == k, where);
		EQ(e, "current_seat", k, cur >= 0 && rel(e, cur, from) == k, where);
		EQ(e, "winner", k, winner >= 0 && rel(e, winner, from) == k, where);
	}
	EQ(e, "activated", 0, jr_member(root, "activated")->type != JN_NULL, where);
	EQ(e, "stack_count", 0, jr_member(root, "stack")->count, where);
	EQ(e, "executing", 0, jr_member(root, "executing")->type != JN_NULL, where);

	/* Seats. */
	const rl_field_desc *dd = field(e, "seat_discard_defs");
	size_t ND = dd->count / (size_t)S;
	int *cnt = calloc(ND * 3, sizeof *cnt);
	for (const jnode *s = jr_member(root, "seats")->first; s; s = s->next) {
		int k = rel(e, (int)jint(s, "seat"), from);
		EQ(e, "seat_resource", k, jint(s, "resource"), where);
		EQ(e, "seat_out", k, jbool(s, "out"), where);
		EQ(e, "seat_bought", k, jbool(s, "bought"), where);
		EQ(e, "seat_hand_count", k, jint(s, "hand_count"), where);
		EQ(e, "seat_deck_count", k, jint(s, "deck_count"), where);
		static const char *const zones[3] = {"discard", "store", "pending"};
		static const char *const counts[3] = {"seat_discard_count", "seat_store_count", "seat_pending_count"};
		static const char *const defs[3] = {"seat_discard_defs", "seat_store_defs", "seat_pending_defs"};
		for (int z = 0; z < 3; z++) {
			const jnode *arr = jr_member(s, zones[z]);
			EQ(e, counts[z], k, arr->count, where);
			memset(cnt, 0, ND * 3 * sizeof *cnt);
			for (const jnode *c = arr->first; c; c = c->next)
				cnt[def_of(e, c) - 1]++;
			for (size_t d = 0; d < ND; d++)
				EQ(e, defs[z], (size_t)k * ND + d, cnt[d], where);
		}
		const jnode *hand = jr_member(s, "hand");
		if (viewer != CRISK_VIEWER_SPECTATOR && k == 0) { /* the hand the observation shows */
			ck_assert_msg(hand != NULL, "%s: the view hides the viewer's hand", where);
			size_t slot = 0, HS = field(e, "hand")->count;
			for (const jnode *c = hand->first; c; c = c->next, slot++)
				if (slot < HS)
					EQ(e, "hand", slot, def_of(e, c), where);
			for (; slot < HS; slot++)
				EQ(e, "hand", slot, 0, where);
			size_t SS = field(e, "store")->count;
			slot = 0;
			for (const jnode *c = jr_member(s, "store")->first; c; c = c->next, slot++)
				if (slot < SS)
					EQ(e, "store", slot, def_of(e, c), where);
			for (; slot < SS; slot++)
				EQ(e, "store", slot, 0, where);
		}
	}
	if (viewer == CRISK_VIEWER_SPECTATOR)
		for (size_t slot = 0; slot < field(e, "hand")->count; slot++)
			EQ(e, "hand", slot, 0, where);

	/* The draft. */
	const jnode *draft = jr_member(root, "draft");
	EQ(e, "draft", 0, draft->type != JN_NULL, where);
	if (draft->type != JN_NULL) {
		EQ(e, "draft_round", 0, jint(draft, "round"), where);
		EQ(e, "draft_wave", 0, jint(draft, "wave"), where);
		EQ(e, "draft_cards_in_piles", 0, jint(draft, "cards_in_piles"), where);
		size_t s = 0;
		for (const jnode *p = jr_member(draft, "picked_count")->first; p; p = p->next, s++)
			EQ(e, "seat_picked_count", rel(e, (int)s, from), p->i, where);
		const jnode *cards = jr_member(draft, "cards");
		size_t slot = 0, PS = field(e, "pile")->count;
		for (const jnode *c = cards ? cards->first : NULL; c; c = c->next, slot++)
			if (slot < PS)
				EQ(e, "pile", slot, def_of(e, c), where);
		for (; slot < PS; slot++)
			EQ(e, "pile", slot, 0, where);
		memset(cnt, 0, ND * sizeof *cnt);
		const jnode *picked = jr_member(draft, "picked");
		if (viewer >= 0)
			for (const jnode *c = picked->first; c; c = c->next)
				cnt[def_of(e, c) - 1]++;
		for (size_t d = 0; d < ND; d++)
			EQ(e, "picked_defs", d, cnt[d], where);
	}
	memset(cnt, 0, ND * sizeof *cnt);
	for (const jnode *c = jr_member(root, "exile")->first; c; c = c->next)
		cnt[def_of(e, c) - 1]++;
	for (size_t d = 0; d < ND; d++)
		EQ(e, "exile_defs", d, cnt[d], where);
	free(cnt);

	/* Permanents: each base on its tile; members and waiting ones counted. */
	const rl_field_desc *present = field(e, "perm_present");
	size_t T = present->count;
	size_t blen = 0;
	static char bbuf[1u << 20];
	ck_assert_int_eq(crisk_rules_board_json(e->rules, bbuf, sizeof bbuf, &blen), CRISK_OK);
	jnode *broot = NULL;
	ck_assert_int_eq(jr_parse(&broot, bbuf, blen), CRISK_OK);
	int W = (int)jint(broot, "width");
	/* Spawns and harbors: plain once their seat is out (M-83), else their seat's. */
	for (const jnode *h = jr_member(broot, "home_tiles")->first; h; h = h->next) {
		const jnode *tile = jr_member(h, "tile");
		size_t t = (size_t)(jr_index(tile, 1)->i * W + jr_index(tile, 0)->i);
		int seat = (int)jint(h, "seat"), type = !strcmp(jr_member(h, "type")->str, "spawn") ? 9 : 10;
		int out = jbool(jr_index(jr_member(root, "seats"), (size_t)seat), "out");
		EQ(e, "tile_terrain", t * 11 + (size_t)type, !out, where);
		EQ(e, "tile_terrain", t * 11 + 0, out, where);
		for (int k = 0; k < S; k++)
			EQ(e, "tile_home_seat", t * (size_t)S + (size_t)k, !out && rel(e, seat, from) == k, where);
	}
	jr_free(broot);
	int *members = calloc(T * 3, sizeof *members), *waiting = members + T, *bases = members + 2 * T;
	for (const jnode *p = jr_member(root, "permanents")->first; p; p = p->next) {
		const jnode *tile = jr_member(p, "tile");
		size_t t = (size_t)(jr_index(tile, 1)->i * W + jr_index(tile, 0)->i);
		if (jbool(p, "waiting_drop")) {
			waiting[t]++;
			continue;
		}
		if (jr_member(p, "up")->type != JN_NULL) {
			members[t]++;
			continue;
		}
		bases[t] = 1;
		EQ(e, "perm_def", t, def_of(e, p), where);
		for (int k = 0; k < S; k++) {
			EQ(e, "perm_controller", t * (size_t)S + (size_t)k, rel(e, (int)jint(p, "controller"), from) == k,
			   where);
			EQ(e, "perm_owner", t * (size_t)S + (size_t)k, rel(e, (int)jint(p, "owner"), from) == k, where);
		}
		static const char *const types[] = {"unit", "spell", "artifact", "equipment", "boss"};
		for (int k = 0; k < 5; k++)
			EQ(e, "perm_type", t * 5 + (size_t)k, !strcmp(jr_member(p, "type")->str, types[k]), where);
		EQ(e, "perm_tapped", t, jbool(p, "tapped"), where);
		EQ(e, "perm_activated", t, jbool(p, "activated"), where);
		EQ(e, "perm_released", t, jbool(p, "released"), where);
		static const char *const spent[] = {"move", "attack", "street", "full"};
		for (int k = 0; k < 4; k++)
			EQ(e, "perm_spent", t * 4 + (size_t)k, jbool(jr_member(p, "spent"), spent[k]), where);
		static const char *const marks[] = {"damage", "poison", "paralysis", "ward", "faith"};
		for (int k = 0; k < 5; k++)
			EQ(e, "perm_marks", t * 5 + (size_t)k, jint(jr_member(p, "marks"), marks[k]), where);
		const jnode *dur = jr_member(p, "durability");
		EQ(e, "perm_durability", t, dur ? dur->i : 0, where);
		const jnode *stats = jr_member(p, "stats");
		static const char *const st[] = {"attack", "range", "move", "health"};
		for (int k = 0; k < 4; k++)
			EQ(e, "perm_stats", t * 4 + (size_t)k, stats ? jint(stats, st[k]) : 0, where);
		const jnode *pa = jr_member(p, "pile_attack"), *pr = jr_member(p, "pile_range");
		EQ(e, "perm_pile", t * 2, pa ? pa->i : 0, where);
		EQ(e, "perm_pile", t * 2 + 1, pr ? pr->i : 0, where);
	}
	/* Stack items: the executing one, then the stack from the top (M-33). */
	const jnode *stack = jr_member(root, "stack");
	size_t K = field(e, "item_present")->count;
	for (size_t it = 0; it < K; it++) {
		const jnode *x = it == 0 ? jr_member(root, "executing")
			       : stack->count >= it ? jr_index(stack, stack->count - it) : NULL;
		if (x && x->type == JN_NULL)
			x = NULL;
		EQ(e, "item_present", it, x != NULL, where);
		if (!x)
			continue;
		static const char *const kinds[] = {"play", "move", "attack", "full", "carry",
						    "equip", "switch", "shake", "free", "trigger"};
		for (int k = 0; k < 10; k++)
			EQ(e, "item_kind", it * 10 + (size_t)k, !strcmp(jr_member(x, "kind")->str, kinds[k]), where);
		for (int k = 0; k < S; k++)
			EQ(e, "item_ctrl", it * (size_t)S + (size_t)k, rel(e, (int)jint(x, "ctrl"), from) == k, where);
		EQ(e, "item_src_def", it, def_of(e, x), where);
		EQ(e, "item_aux", it, jint(x, "aux"), where);
		static const char *const ops[] = {"a", "b", "c"};
		for (size_t k = 0; k < 3; k++) {
			const jnode *op = jr_member(x, ops[k]), *m = NULL;
			size_t j = it * 3 + k;
			int kind = 0, tx = -1, ty = -1, seat = -1, def = 0;
			if (op->type != JN_NULL && (m = jr_member(op, "card"))) {
				kind = 1;
				def = def_of(e, op);
				for (const jnode *p = jr_member(root, "permanents")->first; p; p = p->next)
					if (jint(p, "id") == m->i) {
						tx = (int)jr_index(jr_member(p, "tile"), 0)->i;
						ty = (int)jr_index(jr_member(p, "tile"), 1)->i;
					}
			} else if (op->type != JN_NULL && (m = jr_member(op, "tile"))) {
				kind = 2;
				tx = (int)jr_index(m, 0)->i;
				ty = (int)jr_index(m, 1)->i;
			} else if (op->type != JN_NULL && (m = jr_member(op, "seat"))) {
				kind = 3;
				seat = rel(e, (int)m->i, from);
			}
			for (int q = 0; q < 4; q++)
				EQ(e, "item_operand_kind", j * 4 + (size_t)q, q == kind, where);
			EQ(e, "item_operand_x", j, tx, where);
			EQ(e, "item_operand_y", j, ty, where);
			EQ(e, "item_operand_seat", j, seat, where);
			EQ(e, "item_operand_def", j, def, where);
		}
	}
	for (size_t t = 0; t < T; t++) {
		EQ(e, "perm_present", t, bases[t], where);
		EQ(e, "perm_members", t, members[t], where);
		EQ(e, "tile_waiting_drop", t, waiting[t], where);
	}
	free(members);
	for (const jnode *w = jr_member(root, "walls")->first; w; w = w->next) {
		const jnode *tile = jr_member(w, "tile");
		size_t t = (size_t)(jr_index(tile, 1)->i * W + jr_index(tile, 0)->i);
		EQ(e, "tile_wall_damage", t, jint(w, "damage"), where);
		EQ(e, "tile_terrain", t * 11 + 7, jbool(w, "standing"), where); /* M-82 */
		EQ(e, "tile_terrain", t * 11 + 0, !jbool(w, "standing"), where);
	}
	jr_free(root);
}

/* A uniform random masked index of the current seat, applied. */
static void random_step(enc *e, crisk_game *g, uint64_t *prng)
{
	if (crisk_game_current_seat(g) == CRISK_SEAT_CHANCE) {
		ck_assert_int_eq(crisk_game_playout(g, 0, 1, prng, NULL), CRISK_OK);
		return;
	}
	size_t legal = 0;
	ck_assert_int_eq(crisk_rl_legal_mask(g, e->mask, e->sp.actions, &legal), CRISK_OK);
	ck_assert_uint_gt(legal, 0);
	size_t pick = (size_t)(rnd() % legal), i = 0;
	for (;; i++)
		if (e->mask[i] && pick-- == 0)
			break;
	crisk_action a = 0;
	ck_assert_int_eq(crisk_rl_index_action(g, i, &a), CRISK_OK);
	ck_assert_int_eq(crisk_game_apply(g, a), CRISK_OK);
}

/* M-6, M-9: every field the observation shows is in the viewer's view, for
 * every seat, the spectator and the omniscient viewer, along random games. */
START_TEST(observation_agrees_with_the_view_M6)
{
	enc e;
	enc_open(&e, configs[_i]);
	uint64_t prng = 31 + (uint64_t)_i;
	char where[160];
	for (int gi = 0; gi < 2; gi++) {
		crisk_game *g = NULL;
		ck_assert_int_eq(crisk_game_new(&g, e.rules), CRISK_OK);
		for (int step = 0; step < 600 && crisk_game_current_seat(g) != CRISK_SEAT_NONE; step++) {
			if (step % 7 == 0)
				for (int v = -4; v < e.seats; v++)
					if (v >= 0 || v == CRISK_VIEWER_SPECTATOR || v == CRISK_VIEWER_OMNISCIENT) {
						snprintf(where, sizeof where, "%s game %d step %d viewer %d", configs[_i], gi,
							 step, v);
						agree_with_view(&e, g, v, where);
					}
			random_step(&e, g, &prng);
		}
		crisk_game_free(g);
	}
	enc_close(&e);
}
END_TEST

/* ---- hidden information ---- */

/* Exchanges the zones and positions of two cards (no public count changes
 * when both are of the same seat's hand and deck, or both in its deck). */
static void exchange(crisk_game *g, unsigned a, unsigned b)
{
	const mq_rules *R = g->data;
	mq_card *cs = mq_cards(R, g->state);
	int za = cs[a].zone, zb = cs[b].zone;
	uint16_t pa = cs[a].pos, pb = cs[b].pos;
	mq_set_zone(R, g->state, a, zb);
	mq_set_zone(R, g->state, b, za);
	cs[a].pos = pb;
	cs[b].pos = pa;
}

/* M-6: another seat's hand and deck order are hidden: a game whose seat 1
 * holds other cards in hand and deck gives seat 0 the same observation (and
 * the same view), while seat 1's own observation changes. */
START_TEST(hidden_hand_and_deck_do_not_show_M6)
{
	enc e;
	enc_open(&e, configs[_i]);
	size_t O = e.sp.observation;
	float *other = malloc(O * sizeof *other);
	uint64_t prng = 77 + (uint64_t)_i;
	int checked = 0;
	for (int gi = 0; gi < 30 && checked < 40; gi++) {
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, e.rules), CRISK_OK);
	for (int step = 0; step < 400 && crisk_game_current_seat(g) != CRISK_SEAT_NONE; step++) {
		random_step(&e, g, &prng);
		const mq_rules *R = g->data;
		const mq_card *cs = mq_ccards(R, g->state);
		unsigned h = MQ_NONE, d1 = MQ_NONE, d2 = MQ_NONE;
		for (uint32_t c = 0; c < R->ncard; c++) {
			if (cs[c].ctrl != 1)
				continue;
			if (cs[c].zone == MQ_Z_HAND && h == MQ_NONE)
				h = c;
			if (cs[c].zone == MQ_Z_DECK && R->card[c].def != R->card[h == MQ_NONE ? c : h].def) {
				if (d1 == MQ_NONE)
					d1 = c;
				else if (d2 == MQ_NONE && R->card[c].def != R->card[d1].def)
					d2 = c;
			}
		}
		if (h == MQ_NONE || d1 == MQ_NONE)
			continue;
		crisk_game *g2 = NULL;
		ck_assert_int_eq(crisk_game_clone(&g2, g), CRISK_OK);
		exchange(g2, h, d1);
		if (d2 != MQ_NONE)
			exchange(g2, d1, d2); /* deck order too */
		size_t l1 = 0, l2 = 0;
		static char v2[1u << 21];
		ck_assert_int_eq(crisk_game_to_json(g, 0, jbuf, JBUF, &l1), CRISK_OK);
		ck_assert_int_eq(crisk_game_to_json(g2, 0, v2, sizeof v2, &l2), CRISK_OK);
		ck_assert_msg(l1 == l2 && !memcmp(jbuf, v2, l1), "the games differ in what seat 0 sees");
		observe(&e, g, 0);
		ck_assert_int_eq(crisk_rl_observe(g2, 0, other, O), CRISK_OK);
		for (size_t k = 0; k < O; k++)
			if (e.obs[k] != other[k])
				ck_abort_msg("step %d: float %zu differs with seat 1's hidden cards", step, k);
		ck_assert_int_eq(crisk_rl_observe(g2, CRISK_VIEWER_SPECTATOR, other, O), CRISK_OK);
		observe(&e, g, CRISK_VIEWER_SPECTATOR);
		ck_assert_int_eq(memcmp(e.obs, other, O * sizeof *other), 0);
		/* Seat 1 sees its own hand: its observation changes. */
		observe(&e, g, 1);
		ck_assert_int_eq(crisk_rl_observe(g2, 1, other, O), CRISK_OK);
		ck_assert_msg(memcmp(e.obs, other, O * sizeof *other) != 0, "seat 1 does not see its own hand");
		crisk_game_free(g2);
		checked++;
	}
	crisk_game_free(g);
	}
	ck_assert_int_ge(checked, 40);
	free(other);
	enc_close(&e);
}
END_TEST

/* ---- scenarios ---- */

/* The first decision of seat 0 in the quick start on 2P-river-king: the King
 * placed at 6,0 (M-18) is seat 0's base on its tile, the other King seat 1's;
 * resources and hands as set up (M-17, M-24, M-26). */
START_TEST(quick_start_fields_M17_M18)
{
	enc e;
	enc_open(&e, "map=2P-river-king players=2 draft=none seed=3");
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, e.rules), CRISK_OK);
	while (crisk_game_current_seat(g) == 0) { /* to the action phase of turn 1 */
		size_t len = 0;
		ck_assert_int_eq(crisk_game_to_json(g, 0, jbuf, JBUF, &len), CRISK_OK);
		if (strstr(jbuf, "\"decision\":\"priority\""))
			break;
		size_t legal = 0;
		crisk_rl_legal_mask(g, e.mask, e.sp.actions, &legal);
		int pay = range_first(&e, "pay");
		ck_assert_msg(e.mask[pay], "upkeep without pay");
		crisk_action a = 0;
		crisk_rl_index_action(g, (size_t)pay, &a);
		ck_assert_int_eq(crisk_game_apply(g, a), CRISK_OK);
	}
	observe(&e, g, 0);
	int W = 13, king0 = 0 * W + 6, king1 = 13 * W + 6;
	ck_assert_float_eq(val(&e, "perm_present", (size_t)king0), 1);
	ck_assert_float_eq(val(&e, "perm_present", (size_t)king1), 1);
	ck_assert_float_eq(val(&e, "perm_controller", (size_t)king0 * 2 + 0), 1); /* seat 0: viewer */
	ck_assert_float_eq(val(&e, "perm_controller", (size_t)king1 * 2 + 1), 1); /* seat 1: next seat */
	ck_assert_float_eq(val(&e, "perm_stats", (size_t)king0 * 4 + 3), 8);      /* King health 8 (M-14) */
	/* Seat 1's view: the same Kings, seats counted from seat 1. */
	observe(&e, g, 1);
	ck_assert_float_eq(val(&e, "perm_controller", (size_t)king0 * 2 + 1), 1);
	ck_assert_float_eq(val(&e, "perm_controller", (size_t)king1 * 2 + 0), 1);
	ck_assert_float_eq(val(&e, "hand", 0), 0); /* hand slots: its own hand, not seat 0's */
	observe(&e, g, 0);
	ck_assert_float_eq(val(&e, "decision", 5), 1);   /* priority */
	ck_assert_float_eq(val(&e, "phase", 3), 1);      /* action */
	ck_assert_float_eq(val(&e, "current_seat", 0), 1);
	ck_assert_float_gt(val(&e, "seat_hand_count", 0), 0);
	ck_assert_float_gt(val(&e, "hand", 0), 0);
	ck_assert_float_eq(val(&e, "hand", (size_t)val(&e, "seat_hand_count", 0)), 0);

	/* M-43: activating the King marks it activated; its moves are indexed by destination. */
	int activate = range_first(&e, "activate"), move = range_first(&e, "move");
	size_t legal = 0;
	crisk_rl_legal_mask(g, e.mask, e.sp.actions, &legal);
	ck_assert_msg(e.mask[activate + 2 * king0], "the King cannot be activated");
	crisk_action a = 0;
	ck_assert_int_eq(crisk_rl_index_action(g, (size_t)(activate + 2 * king0), &a), CRISK_OK);
	ck_assert_int_eq(crisk_game_apply(g, a), CRISK_OK);
	observe(&e, g, 0);
	ck_assert_float_eq(val(&e, "activated", 0), 1);
	ck_assert_float_eq(val(&e, "perm_activated", (size_t)king0), 1);
	/* M-47, M-37: a move one row down, both seats pass, the King stands there. */
	int dest = 1 * W + 6;
	crisk_rl_legal_mask(g, e.mask, e.sp.actions, &legal);
	ck_assert_msg(e.mask[move + dest], "the King cannot move to 6,1");
	ck_assert_int_eq(crisk_rl_index_action(g, (size_t)(move + dest), &a), CRISK_OK);
	ck_assert_int_eq(crisk_game_apply(g, a), CRISK_OK);
	observe(&e, g, 0);
	while (crisk_game_current_seat(g) >= 0 && val(&e, "perm_present", (size_t)dest) == 0) {
		act(g, "pass");
		observe(&e, g, 0);
	}
	ck_assert_float_eq(val(&e, "perm_present", (size_t)dest), 1);
	ck_assert_float_eq(val(&e, "perm_present", (size_t)king0), 0);
	ck_assert_float_eq(val(&e, "perm_spent", (size_t)dest * 4 + 0), 1); /* move spent (M-46) */
	ck_assert_float_eq(val(&e, "perm_spent", (size_t)dest * 4 + 3), 1); /* and the full action */
	crisk_game_free(g);
	enc_close(&e);
}
END_TEST

/* M-30: scrapping two hand cards gains 1 and puts both into the discard pile;
 * the scrap index of slots (0, 1) is that action. */
START_TEST(scrap_fields_M30)
{
	enc e;
	enc_open(&e, "map=2P-ring-street players=2 draft=none seed=9");
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, e.rules), CRISK_OK);
	int scrap = range_first(&e, "scrap");
	size_t legal = 0;
	for (int guard = 0; guard < 50; guard++) {
		crisk_rl_legal_mask(g, e.mask, e.sp.actions, &legal);
		if (e.mask[scrap])
			break;
		act(g, "pay");
	}
	ck_assert_msg(e.mask[scrap], "no scrap of hand slots 0 and 1");
	int seat = crisk_game_current_seat(g);
	observe(&e, g, seat);
	float res = val(&e, "seat_resource", 0), hand = val(&e, "seat_hand_count", 0);
	float disc = val(&e, "seat_discard_count", 0), slot2 = val(&e, "hand", 2);
	crisk_action a = 0;
	ck_assert_int_eq(crisk_rl_index_action(g, (size_t)scrap, &a), CRISK_OK);
	ck_assert_int_eq(crisk_game_apply(g, a), CRISK_OK);
	observe(&e, g, seat);
	ck_assert_float_eq(val(&e, "seat_resource", 0), res + 1);
	ck_assert_float_eq(val(&e, "seat_hand_count", 0), hand - 2);
	ck_assert_float_eq(val(&e, "seat_discard_count", 0), disc + 2);
	ck_assert_float_eq(val(&e, "hand", 0), slot2); /* the third card moved up to slot 0 */
	/* The other seat sees the resource and counts, seat counted as its next seat. */
	observe(&e, g, 1 - seat);
	ck_assert_float_eq(val(&e, "seat_resource", 1), res + 1);
	ck_assert_float_eq(val(&e, "seat_discard_count", 1), disc + 2);
	crisk_game_free(g);
	enc_close(&e);
}
END_TEST

/* M-21: in the pile draft the viewer sees the pile it holds by slot and its
 * picks; the pick index of slot k takes the k-th card of the pile. */
START_TEST(draft_pile_fields_M21)
{
	enc e;
	enc_open(&e, "map=2P-ring-street players=2 draft=piles seed=5");
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, e.rules), CRISK_OK);
	int seat = crisk_game_current_seat(g);
	ck_assert_int_ge(seat, 0);
	observe(&e, g, seat);
	ck_assert_float_eq(val(&e, "draft", 0), 1);
	ck_assert_float_eq(val(&e, "decision", 2), 1);
	float pile[10];
	int n = 0;
	for (int k = 0; k < 10; k++)
		n += (pile[k] = val(&e, "pile", (size_t)k)) > 0;
	ck_assert_int_eq(n, 10);
	/* Pick slot 3: the pile loses it, the picks gain its definition. */
	int pick = range_first(&e, "pick");
	crisk_action a = 0;
	ck_assert_int_eq(crisk_rl_index_action(g, (size_t)pick + 3, &a), CRISK_OK);
	ck_assert_int_eq(crisk_game_apply(g, a), CRISK_OK);
	observe(&e, g, seat);
	ck_assert_float_eq(val(&e, "picked_defs", (size_t)pile[3] - 1), 1);
	ck_assert_float_eq(val(&e, "seat_picked_count", 0), 1);
	/* The other seat counts the pick but not what it was. */
	observe(&e, g, 1 - seat);
	ck_assert_float_eq(val(&e, "seat_picked_count", 1), 1);
	float sum = 0;
	for (size_t d = 0; d < field(&e, "picked_defs")->count; d++)
		sum += val(&e, "picked_defs", d);
	ck_assert_float_eq(sum, 0);
	crisk_game_free(g);
	enc_close(&e);
}
END_TEST

/* The index is relative to the actor: a seat's observation puts itself
 * first, and the spaces describe the documented ranges in type order. */
START_TEST(spaces_describe_the_ranges)
{
	enc e;
	enc_open(&e, "map=4P-islands players=4 draft=none seed=2");
	static const char *const names[] = {"pick", "trigger", "release", "pay", "play", "activate", "move",
					    "attack", "full", "carry", "equip", "switch", "shake", "finish",
					    "free", "scrap", "pass", "buy", "discard", "done", "drop"};
	ck_assert_uint_eq(e.sp.n_ranges, sizeof names / sizeof names[0]);
	for (size_t i = 0; i < e.sp.n_ranges; i++)
		ck_assert_str_eq(e.sp.ranges[i].name, names[i]);
	size_t T = 19 * 19;
	ck_assert_uint_eq(field(&e, "perm_present")->count, T);
	ck_assert_uint_eq(e.sp.ranges[6].count, 2 * T); /* move: street * T + tile */
	ck_assert_uint_eq(e.sp.ranges[4].count, 12 * (1 + T + 4));
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, e.rules), CRISK_OK);
	/* Concede is outside the index (rl_skip). */
	crisk_action a = 0;
	size_t i = 0;
	ck_assert_int_eq(crisk_game_action_from_string(&a, g, "concede"), CRISK_OK);
	ck_assert_int_eq(crisk_rl_action_index(g, a, &i), CRISK_ENOTFOUND);
	for (int s = 0; s < 4; s++) {
		observe(&e, g, s);
		ck_assert_float_eq(val(&e, "active_seat", (size_t)((0 - s + 4) % 4)), 1);
	}
	crisk_game_free(g);
	enc_close(&e);
}
END_TEST

static Suite *rl_muhq_suite(void)
{
	Suite *s = suite_create("rl_muhq");
	TCase *tc = tcase_create("rl_muhq");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, shared_checks_on_every_map, 0, N_CONFIGS);
	tcase_add_loop_test(tc, observation_agrees_with_the_view_M6, 0, N_CONFIGS);
	tcase_add_loop_test(tc, hidden_hand_and_deck_do_not_show_M6, 0, N_CONFIGS);
	tcase_add_test(tc, quick_start_fields_M17_M18);
	tcase_add_test(tc, scrap_fields_M30);
	tcase_add_test(tc, draft_pile_fields_M21);
	tcase_add_test(tc, spaces_describe_the_ranges);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(rl_muhq_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
