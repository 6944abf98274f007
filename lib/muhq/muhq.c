/* Module muhq: the table of its methods over the muhq engine (mq_*.c). */
#include "../core/error.h"
#include "catanrisk/game.h"
#include "mq.h"
#include "mq_engine.h"
#include "mq_io.h"
#include "muhq.h"

static int num_seats(const void *data)
{
	return ((const mq_rules *)data)->seats;
}

static size_t state_size(const void *data)
{
	return ((const mq_rules *)data)->size;
}

static int current_seat(const void *data, const void *state)
{
	(void)data;
	return ((const mq_state *)state)->cur;
}

static int status(const void *data, const void *state, int *winner)
{
	(void)data;
	const mq_state *S = state;
	*winner = S->winner;
	return S->status;
}

static int64_t turn(const void *data, const void *state)
{
	(void)data;
	const mq_state *S = state;
	return S->phase == MQ_PH_DRAFT ? 0 : S->turn;
}

/* A seat's resource: public (M-6), and what resource maps are won by. */
static int score(const void *data, const void *state, int seat, int viewer)
{
	(void)data;
	(void)viewer;
	return ((const mq_state *)state)->seat[seat].res;
}

/* The data hook may settle parameters (module.h); muhq's `map` and `sets`
 * name what the text defines, so it settles none. */
static int muhq_rules_create_data(void **data, param_set *p, const char *text, size_t len)
{
	return mq_rules_create_with(data, p, text, len);
}

const module module_muhq = {
	.name = "muhq",
	.version = 1,
	.family = FAMILY_MUHQ,
	.params = mq_params,
	.n_params = MQ_P_COUNT,
	.rules_create = mq_rules_create,
	.rules_create_data = muhq_rules_create_data,
	.rules_destroy = mq_rules_destroy,
	.num_seats = num_seats,
	.state_size = state_size,
	.state_init = mq_state_init,
	.current_seat = current_seat,
	.status = status,
	.turn = turn,
	.score = score,
	.legal = mq_legal,
	.legal_except = mq_legal_except,
	.skip_natively = MQ_SKIP_NATIVELY,
	.playout = mq_playout,
	.check = mq_check,
	.apply = mq_apply,
	.chance = mq_chance,
	.action_to_string = mq_action_to_string,
	.action_from_string = mq_action_from_string,
	.event_to_string = mq_event_to_string,
	.event_json = mq_event_json,
	.to_json = mq_to_json,
	.board_json = mq_board_json,
	.state_bytes = mq_state_bytes,
	.state_save = mq_state_save,
	.state_load = mq_state_load,
	.state_check = mq_state_check,
	.state_to_json = mq_state_to_json,
	.state_from_json = mq_state_from_json,
	.rl_actions = mq_rl_actions,
	.rl_index = mq_rl_index,
	.rl_action = mq_rl_action,
	.rl_skip = MQ_RL_SKIP,
	.rl_obs_size = mq_rl_obs_size,
	.rl_observe = mq_rl_observe,
	.rl_describe_actions = mq_rl_describe_actions,
	.rl_describe_obs = mq_rl_describe_obs,
	.rl_mask = mq_rl_mask,
};
