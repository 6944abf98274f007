/* The kernel methods of the Catan-family modules (catan_module.h). */
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../catan/kernel.h"
#include "../catan/playout_loop.h"
#include "../catan/state_io.h"
#include "catan_module.h"

const char *const cm_board_choices[] = {"beginner", "random", "random_tokens", "custom", NULL};
const char *const cm_chance_choices[] = {"auto", "explicit", NULL};

int cm_make_board(kern *k, const param_set *p, int big)
{
	int rc = board_standard(&k->b, big);
	if (rc)
		return rc;
	rng_seed(&k->rng0, (uint64_t)p->num[P_SEED]);
	int kind = (int)p->num[P_BOARD], custom = kind == BOARD_CUSTOM;
	return board_generate(&k->b, kind, (int)p->num[P_NO_IDENTICAL], &k->rng0, custom ? p->str[P_TERRAIN] : NULL,
			      custom ? p->str[P_TOKENS] : NULL, custom ? p->str[P_HARBORS] : NULL);
}

kern_config cm_config(const param_set *p, const char *module_name)
{
	return (kern_config){
		.module_name = module_name,
		.seats = (int)p->num[P_PLAYERS],
		.vp_target = (int)p->num[P_VP_TARGET],
		.discard_limit = (int)p->num[P_DISCARD_LIMIT],
		.friendly_robber = (int)p->num[P_FRIENDLY_ROBBER],
		.max_offers = (int)p->num[P_MAX_OFFERS],
		.max_turns = p->num[P_MAX_TURNS],
		.explicit_chance = p->num[P_CHANCE] == 1,
		.n_goods = NUM_RES,
		.bank_per_type = 19,          /* B-6 */
		.deck = {14, 5, 2, 2, 2},     /* B-7 */
		.pieces = {5, 4, 15},         /* B-9 */
	};
}

int cm_given(const param_set *p, int i)
{
	return p->str[i] && strcmp(p->str[i], "-") != 0;
}

int cm_check_board_options(const param_set *p, const param_desc *params, int board_key, int terrain, int no_identical)
{
	int custom = p->num[board_key] == BOARD_CUSTOM;
	for (int i = terrain; i < terrain + 3; i++) {
		if (custom && !cm_given(p, i))
			return err_set(CRISK_EPARAM, "parameter '%s' is required with board=custom (B-38)", params[i].name);
		if (!custom && cm_given(p, i))
			return err_set(CRISK_EPARAM, "parameter '%s' applies only to board=custom (B-126)", params[i].name);
	}
	if (p->num[no_identical] && p->num[board_key] != BOARD_RANDOM_TOKENS)
		return err_set(CRISK_EPARAM, "parameter 'no_identical_adjacent' applies only to board=random_tokens (B-126)");
	return CRISK_OK;
}

void cm_rules_destroy(void *data)
{
	if (!data)
		return;
	kern_free(data);
	free(data);
}

int cm_num_seats(const void *data)
{
	return ((const kern *)data)->seats;
}

size_t cm_state_size(const void *data)
{
	return ((const kern *)data)->size;
}

void cm_state_init(const void *data, void *state, evlog *log)
{
	kern_state_init(data, state, log);
}

int cm_current_seat(const void *data, const void *state)
{
	return kern_current_seat(data, state);
}

int cm_status(const void *data, const void *state, int *winner)
{
	return kern_status(data, state, winner);
}

int64_t cm_turn(const void *data, const void *state)
{
	return kern_turn(data, state);
}

int cm_score(const void *data, const void *state, int seat, int viewer)
{
	return kern_score(data, state, seat, viewer);
}

size_t cm_legal(const void *data, const void *state, crisk_action *buf, size_t cap)
{
	return kern_legal(data, state, buf, cap);
}

size_t cm_legal_except(const void *data, const void *state, uint64_t skip_types, crisk_action *buf, size_t cap)
{
	return kern_legal_offers(data, state, kern_lists_offers(skip_types), buf, cap);
}

int cm_check(const void *data, const void *state, crisk_action a)
{
	return kern_check(data, state, a);
}

int cm_apply(const void *data, void *state, crisk_action a, evlog *log)
{
	return kern_apply_split(data, state, a, log);
}

int cm_chance(const void *data, const void *state, crisk_action *acts, double *probs, size_t cap,
		       size_t *count)
{
	return kern_chance(data, state, acts, probs, cap, count);
}

static int cm_apply_listed(const void *data, void *state, crisk_action a, evlog *log)
{
	return kern_apply_listed(data, state, a, log);
}

static size_t cm_list(const void *data, const void *state, int offers, crisk_action *buf, size_t cap)
{
	return kern_legal_offers(data, state, offers, buf, cap);
}

int cm_playout(const void *data, void *state, uint64_t skip_types, uint64_t max_steps, uint64_t *policy, evlog *log,
	       uint64_t *steps)
{
	const catan_playout_fns fns = {cm_current_seat, cm_list, cm_chance, cm_apply_listed};
	return catan_playout(fns, data, state, skip_types, max_steps, policy, log, steps);
}

int cm_action_to_string(const void *data, crisk_action a, textbuf *t)
{
	return kern_action_to_string(data, a, t);
}

int cm_action_from_string(const void *data, const char *text, crisk_action *out)
{
	return kern_action_from_string(data, text, out);
}

void cm_event_to_string(const void *data, const crisk_event *e, textbuf *t)
{
	kern_event_to_string(data, e, t);
}

void cm_event_json(const void *data, const crisk_event *e, jw *w)
{
	kern_event_json(data, e, w);
}

void cm_to_json(const void *data, const void *state, int viewer, jw *w)
{
	kern_to_json(data, state, viewer, w);
}

void cm_board_json(const void *data, jw *w)
{
	kern_board_json(data, w);
}

size_t cm_state_bytes(const void *data)
{
	return kern_state_bytes(data);
}

void cm_state_save(const void *data, const void *state, uint8_t *out)
{
	kern_state_save(data, state, out);
}

void cm_state_load(const void *data, const uint8_t *in, void *state)
{
	kern_state_load(data, in, state);
}

int cm_state_check(const void *data, const void *state)
{
	return kern_state_check(data, state);
}

void cm_state_to_json(const void *data, const void *state, jw *w)
{
	kern_state_to_json(data, state, w);
}

int cm_state_from_json(const void *data, const struct jnode *root, void *state)
{
	return kern_state_from_json(data, root, state);
}
