/* Module `base`: base Catan for 2-6 players (rules/base.md), a thin layer of
 * parameters over the Catan kernel: 2-4 seats play the base board, 5-6 seats
 * the 5-6 board with the extension's components and the special build phase
 * or paired turns (B-111..B-126). */
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../catan/kernel.h"
#include "../catan/state_io.h"
#include "catan_module.h"
#include "modules.h"

enum { P_PAIRED = P_COMMON, P_COUNT };

/* The shared entries are in catan_module.h. */
static const param_desc base_params[P_COUNT] = {
	[P_PLAYERS] = {"players", NULL, PT_INT, NULL, 2, 6, NULL, "2..6",
		       "number of seats; 5-6 play the 5-6 board (B-39, B-111)"},
	CM_SHARED_PARAMS("board layout (B-28)", "winning total (B-104)",
			 "dice, draws and steals from the RNG or from the host (B-132)"),
	[P_PAIRED] = {"paired_players", NULL, PT_BOOL, "off", 0, 1, NULL, "off|on (5-6 players only)",
		      "paired turns instead of the special build phase (B-122)"},
};

/* B-126: options that do not apply to the chosen setting are errors. */
static int check_combination(const param_set *p)
{
	_Static_assert(P_HARBORS == P_TERRAIN + 2 && P_TOKENS == P_TERRAIN + 1, "layout parameters in a row");
	int rc = cm_check_board_options(p, base_params, P_BOARD, P_TERRAIN, P_NO_IDENTICAL);
	if (rc)
		return rc;
	if (p->num[P_PAIRED] && p->num[P_PLAYERS] < 5)
		return err_set(CRISK_EPARAM, "parameter 'paired_players' applies only to 5-6 players, not %d (B-122, B-126)",
			       (int)p->num[P_PLAYERS]);
	if (p->num[P_BOARD] == BOARD_BEGINNER && p->num[P_PLAYERS] >= 5)
		return err_set(CRISK_EPARAM, "board=beginner is the base-board layout and needs 2..4 players, not %d (B-28, B-126)",
			       (int)p->num[P_PLAYERS]);
	return CRISK_OK;
}

static int base_rules_create(void **data, const param_set *p)
{
	int rc = check_combination(p);
	if (rc)
		return rc;
	kern *k = calloc(1, sizeof *k);
	if (!k)
		return err_set(CRISK_ENOMEM, "out of memory for the rules");
	int big = p->num[P_PLAYERS] >= 5; /* B-111 */
	rc = cm_make_board(k, p, big);
	kern_config cfg = cm_config(p, "base");
	cfg.special_build = big && !p->num[P_PAIRED]; /* B-117 */
	cfg.paired_players = (int)p->num[P_PAIRED];   /* B-122 */
	if (big) { /* B-113: 24 of each resource; 20 knights, 5 VP, 3 of each progress card */
		cfg.bank_per_type = 24;
		memcpy(cfg.deck, (const uint8_t[NUM_DEV]){20, 5, 3, 3, 3}, NUM_DEV);
	}
	if (!rc)
		rc = kern_init(k, &cfg);
	if (rc) {
		kern_free(k); /* safe on a partly built kern */
		free(k);
		return rc;
	}
	*data = k;
	return CRISK_OK;
}

const module module_base = {
	.name = "base",
	.version = 2, /* 2: the state gained part_owner (5-6 players) */
	.family = FAMILY_CATAN,
	.params = base_params,
	.n_params = P_COUNT,
	.rules_create = base_rules_create,
	.rules_destroy = cm_rules_destroy,
	.num_seats = cm_num_seats,
	.state_size = cm_state_size,
	.state_init = cm_state_init,
	.current_seat = cm_current_seat,
	.status = cm_status,
	.turn = cm_turn,
	.score = cm_score,
	.legal = cm_legal,
	.legal_except = cm_legal_except,
	.skip_natively = KERN_SKIP_NATIVELY,
	.seat_at = 1 + offsetof(kstate, cur), /* cm_current_seat's answer (kern_current_seat) */
	.playout = cm_playout,
	.check = cm_check,
	.apply = cm_apply,
	.chance = cm_chance,
	.action_to_string = cm_action_to_string,
	.action_from_string = cm_action_from_string,
	.event_to_string = cm_event_to_string,
	.event_json = cm_event_json,
	.to_json = cm_to_json,
	.board_json = cm_board_json,
	.state_bytes = cm_state_bytes,
	.state_save = cm_state_save,
	.state_load = cm_state_load,
	.state_check = cm_state_check,
	.state_to_json = cm_state_to_json,
	.state_from_json = cm_state_from_json,
	.rl_actions = cm_rl_actions,
	.rl_index = cm_rl_index,
	.rl_action = cm_rl_action,
	.rl_skip = CM_RL_SKIP,
	.rl_obs_size = cm_rl_obs_size,
	.rl_observe = cm_rl_observe,
	.rl_describe_actions = cm_rl_describe_actions,
	.rl_describe_obs = cm_rl_describe_obs,
	.rl_mask = cm_rl_mask,
};
