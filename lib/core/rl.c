/* The reinforcement-learning calls of rl.h that work on one game: argument
 * checks, then the module's rl_* hooks (module.h).  The vector environment
 * is in vec_env.c. */
#include <stdlib.h>
#include <string.h>
#include "catanrisk/rl.h"
#include "error.h"
#include "rl_describe.h"
#include "rl_impl.h"
#include "rules_impl.h"

/* Lists up to this length are indexed without allocation. */
#define RL_STACK_ACTIONS 512

void rl_range(jw *w, const char *name, size_t first, size_t count, const char *arg)
{
	jw_obj_begin(w);
	jw_kstr(w, "name", name);
	jw_kint(w, "first", (int64_t)first);
	jw_kint(w, "count", (int64_t)count);
	jw_kstr(w, "arg", arg);
	jw_obj_end(w);
}

void rl_field(jw *w, const char *name, size_t offset, size_t count, double low, double high, const char *about)
{
	jw_obj_begin(w);
	jw_kstr(w, "name", name);
	jw_kint(w, "offset", (int64_t)offset);
	jw_kint(w, "count", (int64_t)count);
	jw_key(w, "low");
	jw_double(w, low);
	jw_key(w, "high");
	jw_double(w, high);
	jw_kstr(w, "about", about);
	jw_obj_end(w);
}

static int unsupported(const char *fn, const crisk_rules *r)
{
	return err_set(CRISK_EUNSUPPORTED, "%s: module '%s' has no reinforcement-learning encoding", fn, r->mod->name);
}

#define NEED_RL_RULES(r, fn)                                                           \
	do {                                                                           \
		if (!(r))                                                              \
			return err_set(CRISK_EINVAL, fn ": rules is NULL");            \
		if (!(r)->mod->rl_actions)                                             \
			return unsupported(fn, (r));                                   \
	} while (0)

#define NEED_RL_GAME(g, fn)                                                            \
	do {                                                                           \
		if (!(g))                                                              \
			return err_set(CRISK_EINVAL, fn ": game is NULL");             \
		if (!(g)->mod->rl_actions)                                             \
			return unsupported(fn, (g)->rules);                            \
	} while (0)

CRISK_API int crisk_rl_action_count(const crisk_rules *r, size_t *count)
{
	NEED_RL_RULES(r, "crisk_rl_action_count");
	if (!count)
		return err_set(CRISK_EINVAL, "crisk_rl_action_count: count is NULL");
	*count = r->mod->rl_actions(r->data);
	return CRISK_OK;
}

CRISK_API int crisk_rl_observation_size(const crisk_rules *r, size_t *size)
{
	NEED_RL_RULES(r, "crisk_rl_observation_size");
	if (!size)
		return err_set(CRISK_EINVAL, "crisk_rl_observation_size: size is NULL");
	*size = r->mod->rl_obs_size(r->data);
	return CRISK_OK;
}

CRISK_API int crisk_rl_spaces_json(const crisk_rules *r, char *buf, size_t cap, size_t *out_len)
{
	NEED_RL_RULES(r, "crisk_rl_spaces_json");
	int rc = err_check_buffer("crisk_rl_spaces_json", buf, cap);
	if (rc)
		return rc;
	jw w;
	jw_init(&w, buf, cap);
	jw_obj_begin(&w);
	jw_kint(&w, "actions", (int64_t)r->mod->rl_actions(r->data));
	jw_kint(&w, "observation", (int64_t)r->mod->rl_obs_size(r->data));
	jw_key(&w, "action_ranges");
	jw_arr_begin(&w);
	r->mod->rl_describe_actions(r->data, &w);
	jw_arr_end(&w);
	jw_key(&w, "observation_fields");
	jw_arr_begin(&w);
	r->mod->rl_describe_obs(r->data, &w);
	jw_arr_end(&w);
	jw_obj_end(&w);
	return jw_finish(&w, out_len);
}

/* CRISK_OK when a seat is to act, else CRISK_ESTATE with a message. */
static int seat_to_act(const crisk_game *g, const char *fn)
{
	int seat = g->mod->current_seat(g->data, g->state);
	if (seat >= 0)
		return CRISK_OK;
	return err_set(CRISK_ESTATE, "%s: no seat is to act (%s)", fn,
		       seat == CRISK_SEAT_CHANCE ? "a chance point" : "the game is over");
}

CRISK_API int crisk_rl_action_index(const crisk_game *g, crisk_action a, size_t *index)
{
	NEED_RL_GAME(g, "crisk_rl_action_index");
	if (!index)
		return err_set(CRISK_EINVAL, "crisk_rl_action_index: index is NULL");
	int rc = seat_to_act(g, "crisk_rl_action_index");
	if (rc)
		return rc;
	int64_t i = g->mod->rl_index(g->data, g->state, a);
	if (i < 0)
		return err_set(CRISK_ENOTFOUND, "crisk_rl_action_index: action 0x%016llx (type %u) has no index in module '%s'",
			       (unsigned long long)a, CRISK_ACTION_TYPE(a), g->mod->name);
	*index = (size_t)i;
	return CRISK_OK;
}

CRISK_API int crisk_rl_index_action(const crisk_game *g, size_t index, crisk_action *action)
{
	NEED_RL_GAME(g, "crisk_rl_index_action");
	if (!action)
		return err_set(CRISK_EINVAL, "crisk_rl_index_action: action is NULL");
	size_t n = g->mod->rl_actions(g->data);
	if (index >= n)
		return err_set(CRISK_EINVAL, "crisk_rl_index_action: index %zu is out of the action index 0..%zu", index,
			       n - 1);
	int rc = seat_to_act(g, "crisk_rl_index_action");
	if (rc)
		return rc;
	*action = g->mod->rl_action(g->data, g->state, index);
	return CRISK_OK;
}

/* The mask by listing without rl_skip and indexing each action. */
static int mask_by_listing(const crisk_game *g, uint8_t *mask, size_t *legal)
{
	crisk_action on_stack[RL_STACK_ACTIONS], *acts = on_stack;
	size_t n = 0;
	int rc = game_legal_except(g, g->mod->rl_skip, acts, RL_STACK_ACTIONS, &n);
	if (rc == CRISK_EBUFSIZE) {
		acts = malloc(n * sizeof *acts);
		if (!acts)
			return err_set(CRISK_ENOMEM, "crisk_rl_legal_mask: out of memory for %zu actions", n);
		rc = game_legal_except(g, g->mod->rl_skip, acts, n, &n);
	}
	size_t count = 0;
	for (size_t k = 0; !rc && k < n; k++) {
		int64_t i = g->mod->rl_index(g->data, g->state, acts[k]);
		if (i >= 0 && !mask[i]) {
			mask[i] = 1;
			count++;
		}
	}
	if (acts != on_stack)
		free(acts);
	*legal = count;
	return rc;
}

int rl_mask_game(const crisk_game *g, uint8_t *mask, size_t n_actions, size_t *legal)
{
	memset(mask, 0, n_actions);
	*legal = 0;
	if (g->mod->current_seat(g->data, g->state) < 0)
		return CRISK_OK;
	if (g->mod->rl_mask) {
		*legal = g->mod->rl_mask(g->data, g->state, mask);
		return CRISK_OK;
	}
	return mask_by_listing(g, mask, legal);
}

CRISK_API int crisk_rl_legal_mask(const crisk_game *g, uint8_t *mask, size_t cap, size_t *legal)
{
	NEED_RL_GAME(g, "crisk_rl_legal_mask");
	if (!mask)
		return err_set(CRISK_EINVAL, "crisk_rl_legal_mask: mask is NULL");
	size_t n = g->mod->rl_actions(g->data);
	if (cap < n)
		return err_set(CRISK_EBUFSIZE, "crisk_rl_legal_mask: the mask holds %zu bytes, the action index needs %zu",
			       cap, n);
	size_t count;
	int rc = rl_mask_game(g, mask, n, &count);
	if (legal)
		*legal = rc ? 0 : count;
	return rc;
}

CRISK_API int crisk_rl_observe(const crisk_game *g, int viewer, float *obs, size_t cap)
{
	NEED_RL_GAME(g, "crisk_rl_observe");
	if (!obs)
		return err_set(CRISK_EINVAL, "crisk_rl_observe: obs is NULL");
	if (viewer != CRISK_VIEWER_SPECTATOR && viewer != CRISK_VIEWER_OMNISCIENT &&
	    (viewer < 0 || viewer >= g->rules->seats))
		return err_set(CRISK_EINVAL, "crisk_rl_observe: viewer %d is not a seat 0..%d, spectator or omniscient",
			       viewer, g->rules->seats - 1);
	size_t n = g->mod->rl_obs_size(g->data);
	if (cap < n)
		return err_set(CRISK_EBUFSIZE, "crisk_rl_observe: obs holds %zu floats, the observation needs %zu", cap,
			       n);
	g->mod->rl_observe(g->data, g->state, viewer, obs);
	return CRISK_OK;
}
