/* The vector environment of rl.h: N games stepped by one call, the agent
 * seats by the caller's action indices, the other seats by a uniform random
 * policy over the legal indices, with auto-reset.  The masks of the last
 * call are kept to validate the next actions before any game changes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk/rl.h"
#include "catanrisk/rules.h"
#include "error.h"
#include "policy.h"
#include "rl_impl.h"
#include "rules_impl.h"
#include "splitmix.h"

#define VEC_MAX_GAMES ((size_t)1 << 20)

struct crisk_vec_env {
	crisk_rules *rules; /* the environment's reference */
	size_t n, n_actions, obs_size;
	int seats;
	uint32_t agents, flags;
	uint64_t rng;        /* random seats and crisk_vec_env_sample */
	uint64_t seed_rng;   /* per-game seeds with CRISK_VEC_NEW_SEED */
	char *params_head;   /* CRISK_VEC_NEW_SEED: the canonical parameters before "seed=" */
	char *params_tail;   /* ... and after its value */
	crisk_game *fresh;   /* without CRISK_VEC_NEW_SEED: the start every reset copies */
	crisk_game **games;
	crisk_rules **game_rules; /* CRISK_VEC_NEW_SEED: each game's own rules */
	uint8_t *masks;           /* n * n_actions: the masks the caller was given */
	size_t *legal;            /* legal indices per game */
};

static void free_games(crisk_vec_env *e)
{
	for (size_t i = 0; e->games && i < e->n; i++) {
		crisk_game_free(e->games[i]);
		e->games[i] = NULL;
		if (e->game_rules) {
			crisk_rules_free(e->game_rules[i]);
			e->game_rules[i] = NULL;
		}
	}
}

CRISK_API void crisk_vec_env_free(crisk_vec_env *e)
{
	if (!e)
		return;
	free_games(e);
	crisk_game_free(e->fresh);
	crisk_rules_free(e->rules);
	free(e->games);
	free(e->game_rules);
	free(e->masks);
	free(e->legal);
	free(e->params_head);
	free(e->params_tail);
	free(e);
}

/* Splits the canonical parameters around the seed's value, so that each
 * game's rules are the same text with another seed. */
static int split_params(crisk_vec_env *e)
{
	size_t len = 0;
	int rc = crisk_rules_params(e->rules, NULL, 0, &len);
	if (rc && rc != CRISK_EBUFSIZE)
		return rc;
	char *text = malloc(len + 1);
	if (!text)
		return err_set(CRISK_ENOMEM, "crisk_vec_env_new: out of memory");
	rc = crisk_rules_params(e->rules, text, len + 1, NULL);
	const char *seed = NULL;
	for (const char *p = text; !rc && p && *p; p = strchr(p, ' ') ? strchr(p, ' ') + 1 : NULL)
		if (!strncmp(p, "seed=", 5)) {
			seed = p;
			break;
		}
	if (!rc && !seed)
		rc = err_set(CRISK_EUNSUPPORTED, "crisk_vec_env_new: CRISK_VEC_NEW_SEED needs a module with a 'seed' "
						 "parameter; module '%s' has none",
			     e->rules->mod->name);
	if (!rc) {
		const char *end = strchr(seed, ' ');
		e->params_head = malloc((size_t)(seed - text) + 1);
		const char *tail = end ? end : "";
		e->params_tail = malloc(strlen(tail) + 1);
		if (e->params_tail)
			strcpy(e->params_tail, tail);
		if (!e->params_head || !e->params_tail)
			rc = err_set(CRISK_ENOMEM, "crisk_vec_env_new: out of memory");
		else
			memcpy(e->params_head, text, (size_t)(seed - text)), e->params_head[seed - text] = 0;
	}
	free(text);
	return rc;
}

/* Game i at its start: a copy of the fresh game, or a new game of new rules. */
static int start_game(crisk_vec_env *e, size_t i)
{
	if (!(e->flags & CRISK_VEC_NEW_SEED))
		return crisk_game_copy(e->games[i], e->fresh);
	crisk_game_free(e->games[i]);
	crisk_rules_free(e->game_rules[i]);
	e->games[i] = NULL;
	e->game_rules[i] = NULL;
	size_t len = strlen(e->params_head) + strlen(e->params_tail) + 32;
	char *params = malloc(len);
	if (!params)
		return err_set(CRISK_ENOMEM, "crisk_vec_env: out of memory");
	snprintf(params, len, "%sseed=%llu%s", e->params_head, (unsigned long long)splitmix64_next(&e->seed_rng),
		 e->params_tail);
	const char *data = NULL;
	size_t data_len = 0;
	crisk_rules_data(e->rules, &data, &data_len);
	int rc = data ? crisk_rules_new_with_data(&e->game_rules[i], e->rules->mod->name, params, data, data_len)
		      : crisk_rules_new(&e->game_rules[i], e->rules->mod->name, params);
	free(params);
	if (!rc)
		rc = crisk_game_new(&e->games[i], e->game_rules[i]);
	return rc;
}

/* Draws a uniform legal index of game i from its mask; masks are mostly
 * zero, so it skips them eight bytes at a time. */
static int32_t pick_index(crisk_vec_env *e, size_t i)
{
	const uint8_t *m = e->masks + i * e->n_actions;
	size_t k = policy_pick(&e->rng, e->legal[i]), a = 0;
	for (; a + 8 <= e->n_actions; a += 8) {
		uint64_t w;
		memcpy(&w, m + a, sizeof w);
		if (!w)
			continue;
		for (size_t j = a; j < a + 8; j++)
			if (m[j] && k-- == 0)
				return (int32_t)j;
	}
	for (;; a++)
		if (m[a] && k-- == 0)
			return (int32_t)a;
}

static int refresh_mask(crisk_vec_env *e, size_t i)
{
	return rl_mask_game(e->games[i], e->masks + i * e->n_actions, e->n_actions, &e->legal[i]);
}

/* Plays game i's random seats and chance points until an agent seat is to
 * act, restarting it when it ends; rewards and flags of the ends go to the
 * outputs.  The mask of the agent's decision is left in e->masks. */
static int advance(crisk_vec_env *e, size_t i, float *rewards, uint8_t *terminated, uint8_t *truncated)
{
	for (;;) {
		crisk_game *g = e->games[i];
		int seat = crisk_game_current_seat(g);
		if (seat == CRISK_SEAT_CHANCE) {
			int rc = crisk_game_playout(g, 0, 1, &e->rng, NULL);
			if (rc)
				return rc;
			continue;
		}
		if (seat < 0) {
			int winner = -1;
			int status = crisk_game_status(g, &winner);
			if (status < 0)
				return status;
			if (winner >= 0) {
				if (terminated)
					terminated[i] = 1;
				for (int s = 0; rewards && s < e->seats; s++)
					rewards[i * (size_t)e->seats + (size_t)s] = s == winner ? 1.0f : -1.0f;
			} else if (truncated) {
				truncated[i] = 1;
			}
			int rc = start_game(e, i);
			if (rc)
				return rc;
			continue;
		}
		int rc = refresh_mask(e, i);
		if (rc)
			return rc;
		if (e->legal[i] == 0)
			return err_set(CRISK_ESTATE, "crisk_vec_env: game %zu: seat %d has no indexed legal action", i, seat);
		if (e->agents & (1u << seat))
			return CRISK_OK;
		crisk_action a = g->mod->rl_action(g->data, g->state, (size_t)pick_index(e, i));
		rc = crisk_game_apply(g, a);
		if (rc)
			return rc;
	}
}

/* The outputs of game i that describe its agent decision. */
static void write_decision(crisk_vec_env *e, size_t i, float *obs, uint8_t *masks, int32_t *seats)
{
	const crisk_game *g = e->games[i];
	int seat = g->mod->current_seat(g->data, g->state);
	if (seats)
		seats[i] = seat;
	if (obs)
		g->mod->rl_observe(g->data, g->state, seat, obs + i * e->obs_size);
	if (masks)
		memcpy(masks + i * e->n_actions, e->masks + i * e->n_actions, e->n_actions);
}

CRISK_API int crisk_vec_env_new(crisk_vec_env **out, const crisk_rules *rules, size_t n, uint32_t agent_seats,
				uint64_t seed, uint32_t flags)
{
	if (out)
		*out = NULL;
	if (!out || !rules)
		return err_set(CRISK_EINVAL, "crisk_vec_env_new: %s is NULL", out ? "rules" : "out");
	if (!rules->mod->rl_actions)
		return err_set(CRISK_EUNSUPPORTED, "crisk_vec_env_new: module '%s' has no reinforcement-learning encoding",
			       rules->mod->name);
	if (n < 1 || n > VEC_MAX_GAMES)
		return err_set(CRISK_EINVAL, "crisk_vec_env_new: %zu games; 1..%zu are possible", n, VEC_MAX_GAMES);
	uint32_t all = rules->seats >= 32 ? UINT32_MAX : (1u << rules->seats) - 1;
	if (!agent_seats || (agent_seats & ~all))
		return err_set(CRISK_EINVAL, "crisk_vec_env_new: agent seats 0x%x must be a non-empty subset of 0x%x",
			       agent_seats, all);
	if (flags & ~CRISK_VEC_NEW_SEED)
		return err_set(CRISK_EINVAL, "crisk_vec_env_new: unknown flags 0x%x", flags & ~CRISK_VEC_NEW_SEED);
	crisk_vec_env *e = calloc(1, sizeof *e);
	if (!e)
		return err_set(CRISK_ENOMEM, "crisk_vec_env_new: out of memory");
	rules_retain((crisk_rules *)rules);
	e->rules = (crisk_rules *)rules;
	e->n = n;
	e->n_actions = rules->mod->rl_actions(rules->data);
	e->obs_size = rules->mod->rl_obs_size(rules->data);
	e->seats = rules->seats;
	e->agents = agent_seats;
	e->flags = flags;
	e->rng = seed;
	e->seed_rng = seed ^ UINT64_C(0x6a09e667f3bcc909);
	int rc = CRISK_OK;
	e->games = calloc(n, sizeof *e->games);
	e->masks = calloc(n, e->n_actions);
	e->legal = calloc(n, sizeof *e->legal);
	if (flags & CRISK_VEC_NEW_SEED)
		e->game_rules = calloc(n, sizeof *e->game_rules);
	if (!e->games || !e->masks || !e->legal || ((flags & CRISK_VEC_NEW_SEED) && !e->game_rules))
		rc = err_set(CRISK_ENOMEM, "crisk_vec_env_new: out of memory for %zu games", n);
	if (!rc && (flags & CRISK_VEC_NEW_SEED))
		rc = split_params(e);
	if (!rc && !(flags & CRISK_VEC_NEW_SEED)) {
		rc = crisk_game_new(&e->fresh, rules);
		for (size_t i = 0; !rc && i < n; i++)
			rc = crisk_game_new(&e->games[i], rules);
	}
	if (rc) {
		crisk_vec_env_free(e);
		return rc;
	}
	*out = e;
	return CRISK_OK;
}

CRISK_API int crisk_vec_env_reset(crisk_vec_env *e, float *obs, uint8_t *masks, int32_t *seats)
{
	if (!e)
		return err_set(CRISK_EINVAL, "crisk_vec_env_reset: env is NULL");
	for (size_t i = 0; i < e->n; i++) {
		int rc = start_game(e, i);
		if (!rc)
			rc = advance(e, i, NULL, NULL, NULL);
		if (rc)
			return rc;
		write_decision(e, i, obs, masks, seats);
	}
	return CRISK_OK;
}

CRISK_API int crisk_vec_env_step(crisk_vec_env *e, const int32_t *actions, float *obs, uint8_t *masks,
				 float *rewards, uint8_t *terminated, uint8_t *truncated, int32_t *seats)
{
	if (!e || !actions)
		return err_set(CRISK_EINVAL, "crisk_vec_env_step: %s is NULL", e ? "actions" : "env");
	for (size_t i = 0; i < e->n; i++) {
		if (!e->games[i] || e->legal[i] == 0)
			return err_set(CRISK_ESTATE, "crisk_vec_env_step: call crisk_vec_env_reset first");
		int32_t a = actions[i];
		if (a < 0 || (size_t)a >= e->n_actions || !e->masks[i * e->n_actions + (size_t)a])
			return err_set(CRISK_EILLEGAL, "crisk_vec_env_step: game %zu: action index %ld is not legal now%s", i,
				       (long)a, a < 0 || (size_t)a >= e->n_actions ? " (out of the action index)" : "");
	}
	if (rewards)
		memset(rewards, 0, e->n * (size_t)e->seats * sizeof *rewards);
	if (terminated)
		memset(terminated, 0, e->n);
	if (truncated)
		memset(truncated, 0, e->n);
	for (size_t i = 0; i < e->n; i++) {
		crisk_game *g = e->games[i];
		int rc = crisk_game_apply(g, g->mod->rl_action(g->data, g->state, (size_t)actions[i]));
		if (!rc)
			rc = advance(e, i, rewards, terminated, truncated);
		if (rc) {
			e->legal[i] = 0; /* the next step must not act on a game left mid-way */
			return rc;
		}
		write_decision(e, i, obs, masks, seats);
	}
	return CRISK_OK;
}

CRISK_API int crisk_vec_env_sample(crisk_vec_env *e, int32_t *actions)
{
	if (!e || !actions)
		return err_set(CRISK_EINVAL, "crisk_vec_env_sample: %s is NULL", e ? "actions" : "env");
	for (size_t i = 0; i < e->n; i++) {
		if (e->legal[i] == 0)
			return err_set(CRISK_ESTATE, "crisk_vec_env_sample: call crisk_vec_env_reset first");
		actions[i] = pick_index(e, i);
	}
	return CRISK_OK;
}

CRISK_API int crisk_vec_env_sizes(const crisk_vec_env *e, size_t *n, size_t *actions, size_t *observation,
				  size_t *seats)
{
	if (!e)
		return err_set(CRISK_EINVAL, "crisk_vec_env_sizes: env is NULL");
	if (n)
		*n = e->n;
	if (actions)
		*actions = e->n_actions;
	if (observation)
		*observation = e->obs_size;
	if (seats)
		*seats = (size_t)e->seats;
	return CRISK_OK;
}

CRISK_API int crisk_vec_env_game(const crisk_vec_env *e, size_t i, const crisk_game **game)
{
	if (!e || !game)
		return err_set(CRISK_EINVAL, "crisk_vec_env_game: %s is NULL", e ? "game" : "env");
	if (i >= e->n)
		return err_set(CRISK_EINVAL, "crisk_vec_env_game: game %zu of 0..%zu", i, e->n - 1);
	if (!e->games[i])
		return err_set(CRISK_ESTATE, "crisk_vec_env_game: call crisk_vec_env_reset first");
	*game = e->games[i];
	return CRISK_OK;
}
