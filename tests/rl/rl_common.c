/* The shared RL checks (rl_common.h). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_common.h"
#include "core/jsonr.h"

crisk_rules *rl_rules(const char *module, const char *params)
{
	crisk_rules *r = NULL;
	int rc = crisk_rules_new(&r, module, params);
	ck_assert_msg(rc == CRISK_OK, "%s %s: %s", module, params, crisk_error_last());
	return r;
}

void rl_apply_text(crisk_game *g, const char *text)
{
	crisk_action a = 0;
	ck_assert_msg(crisk_game_action_from_string(&a, g, text) == CRISK_OK, "'%s': %s", text, crisk_error_last());
	ck_assert_msg(crisk_game_apply(g, a) == CRISK_OK, "'%s': %s", text, crisk_error_last());
}

static double num_of(const jnode *n)
{
	ck_assert_msg(n && n->type == JN_NUM, "a number expected");
	return n->is_int ? (double)n->i : strtod(n->str ? n->str : "nan", NULL);
}

static void read_list(const jnode *arr, rl_field_desc **out, size_t *n, int fields, size_t total)
{
	ck_assert_msg(arr && arr->type == JN_ARR, "%s: an array expected", fields ? "observation_fields" : "action_ranges");
	*n = arr->count;
	*out = calloc(arr->count ? arr->count : 1, sizeof **out);
	size_t next = 0, i = 0;
	for (const jnode *e = arr->first; e; e = e->next, i++) {
		rl_field_desc *d = &(*out)[i];
		const jnode *name = jr_member(e, "name");
		ck_assert_msg(name && name->type == JN_STR && name->len > 0 && name->len < sizeof d->name,
			      "entry %zu has no name", i);
		memcpy(d->name, name->str, name->len + 1);
		d->first = (size_t)num_of(jr_member(e, fields ? "offset" : "first"));
		d->count = (size_t)num_of(jr_member(e, "count"));
		ck_assert_msg(d->first == next, "%s starts at %zu, expected %zu (no gaps, in order)", d->name, d->first,
			      next);
		ck_assert_msg(d->count > 0, "%s is empty", d->name);
		next += d->count;
		if (fields) {
			d->low = num_of(jr_member(e, "low"));
			d->high = num_of(jr_member(e, "high"));
			ck_assert_msg(d->low <= d->high, "%s: low %g > high %g", d->name, d->low, d->high);
			const jnode *about = jr_member(e, "about");
			ck_assert_msg(about && about->type == JN_STR && about->len > 0, "%s: no 'about'", d->name);
		} else {
			const jnode *arg = jr_member(e, "arg");
			ck_assert_msg(arg && arg->type == JN_STR && arg->len > 0, "%s: no 'arg'", d->name);
		}
	}
	ck_assert_msg(next == total, "%s cover %zu of %zu", fields ? "fields" : "ranges", next, total);
}

void rl_spaces_read(rl_spaces *s, const crisk_rules *rules)
{
	memset(s, 0, sizeof *s);
	size_t len = 0;
	int rc = crisk_rl_spaces_json(rules, NULL, 0, &len);
	ck_assert_msg(rc == CRISK_EBUFSIZE, "spaces json: %s", crisk_error_last());
	char *text = malloc(len + 1);
	ck_assert_int_eq(crisk_rl_spaces_json(rules, text, len + 1, NULL), CRISK_OK);
	jnode *root = NULL;
	ck_assert_msg(jr_parse(&root, text, len) == CRISK_OK, "spaces json does not parse: %s", crisk_error_last());
	size_t a = 0, o = 0;
	ck_assert_int_eq(crisk_rl_action_count(rules, &a), CRISK_OK);
	ck_assert_int_eq(crisk_rl_observation_size(rules, &o), CRISK_OK);
	s->actions = (size_t)num_of(jr_member(root, "actions"));
	s->observation = (size_t)num_of(jr_member(root, "observation"));
	ck_assert_uint_eq(s->actions, a);
	ck_assert_uint_eq(s->observation, o);
	read_list(jr_member(root, "action_ranges"), &s->ranges, &s->n_ranges, 0, a);
	read_list(jr_member(root, "observation_fields"), &s->fields, &s->n_fields, 1, o);
	jr_free(root);
	free(text);
}

void rl_spaces_free(rl_spaces *s)
{
	free(s->ranges);
	free(s->fields);
	memset(s, 0, sizeof *s);
}

const rl_field_desc *rl_spaces_field(const rl_spaces *s, const char *name)
{
	for (size_t i = 0; i < s->n_fields; i++)
		if (!strcmp(s->fields[i].name, name))
			return &s->fields[i];
	return NULL;
}

static uint64_t mix(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static void check_observation(const crisk_game *g, const rl_spaces *s, int viewer, float *obs, const char *where)
{
	ck_assert_msg(crisk_rl_observe(g, viewer, obs, s->observation) == CRISK_OK, "%s: observe %d: %s", where, viewer,
		      crisk_error_last());
	for (size_t f = 0; f < s->n_fields; f++) {
		const rl_field_desc *d = &s->fields[f];
		for (size_t k = 0; k < d->count; k++) {
			float v = obs[d->first + k];
			/* ck_abort only on failure: each ck_assert records its place through a
			 * write, which would cost more than the observation itself. */
			if (!(isfinite(v) && v >= d->low && v <= d->high))
				ck_abort_msg("%s: viewer %d: %s[%zu] = %g is outside %g..%g", where, viewer, d->name, k,
					     (double)v, d->low, d->high);
		}
	}
}

static void check_decision(const crisk_game *g, const rl_spaces *s, uint8_t *mask, uint64_t skip, const char *where)
{
	size_t legal = 0;
	ck_assert_msg(crisk_rl_legal_mask(g, mask, s->actions, &legal) == CRISK_OK, "%s: mask: %s", where,
		      crisk_error_last());
	size_t set = 0;
	for (size_t i = 0; i < s->actions; i++) {
		if (!mask[i])
			continue;
		set++;
		crisk_action a = 0;
		size_t back = 0;
		ck_assert_int_eq(crisk_rl_index_action(g, i, &a), CRISK_OK);
		ck_assert_msg(crisk_game_check(g, a) == CRISK_OK, "%s: masked index %zu (action 0x%llx) is refused: %s",
			      where, i, (unsigned long long)a, crisk_error_last());
		ck_assert_msg(crisk_rl_action_index(g, a, &back) == CRISK_OK && back == i,
			      "%s: index %zu -> action 0x%llx -> index %zu", where, i, (unsigned long long)a, back);
	}
	ck_assert_msg(set == legal, "%s: mask has %zu set, the call says %zu", where, set, legal);
	ck_assert_msg(legal > 0, "%s: seat %d has no indexed legal action", where, crisk_game_current_seat(g));
	/* Every listed action that has an index is masked (the others are of
	 * rl_skip's types or outside a bounded family: CRISK_ENOTFOUND). */
	size_t n = 0;
	crisk_game_legal_actions_except(g, skip, NULL, 0, &n);
	crisk_action *acts = malloc((n ? n : 1) * sizeof *acts);
	ck_assert_int_eq(crisk_game_legal_actions_except(g, skip, acts, n, &n), CRISK_OK);
	for (size_t k = 0; k < n; k++) {
		size_t i = 0;
		int rc = crisk_rl_action_index(g, acts[k], &i);
		ck_assert_msg(rc == CRISK_OK || rc == CRISK_ENOTFOUND, "%s: index of a legal action: %s", where,
			      crisk_error_last());
		if (rc == CRISK_OK)
			ck_assert_msg(mask[i], "%s: legal action 0x%llx has index %zu, which is not masked", where,
				      (unsigned long long)acts[k], i);
	}
	free(acts);
}

size_t rl_check_random_games(const crisk_rules *rules, int games, size_t max_steps, uint64_t seed)
{
	rl_spaces s;
	rl_spaces_read(&s, rules);
	uint8_t *mask = malloc(s.actions);
	float *obs = malloc(s.observation * sizeof *obs);
	int seats = crisk_rules_num_seats(rules);
	size_t decisions = 0;
	uint64_t rng = seed;
	char where[160];
	for (int gi = 0; gi < games; gi++) {
		crisk_game *g = NULL;
		ck_assert_int_eq(crisk_game_new(&g, rules), CRISK_OK);
		for (size_t step = 0; step < max_steps; step++) {
			snprintf(where, sizeof where, "%s game %d step %zu", crisk_rules_module(rules), gi, step);
			int seat = crisk_game_current_seat(g);
			if (seat == CRISK_SEAT_NONE)
				break;
			for (int v = -4; v < seats; v++)
				if (v >= 0 || v == CRISK_VIEWER_SPECTATOR || v == CRISK_VIEWER_OMNISCIENT)
					check_observation(g, &s, v, obs, where);
			if (seat == CRISK_SEAT_CHANCE) {
				size_t legal = 1;
				ck_assert_int_eq(crisk_rl_legal_mask(g, mask, s.actions, &legal), CRISK_OK);
				ck_assert_msg(legal == 0, "%s: a chance point has a mask", where);
				ck_assert_int_eq(crisk_game_playout(g, 0, 1, &rng, NULL), CRISK_OK);
				continue;
			}
			check_decision(g, &s, mask, 0, where);
			decisions++;
			size_t legal = 0;
			crisk_rl_legal_mask(g, mask, s.actions, &legal);
			size_t pick = (size_t)(mix(&rng) % legal), i = 0;
			for (;; i++)
				if (mask[i] && pick-- == 0)
					break;
			crisk_action a = 0;
			crisk_rl_index_action(g, i, &a);
			ck_assert_msg(crisk_game_apply(g, a) == CRISK_OK, "%s: apply: %s", where, crisk_error_last());
		}
		crisk_game_free(g);
	}
	free(mask);
	free(obs);
	rl_spaces_free(&s);
	return decisions;
}
