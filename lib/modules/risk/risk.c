/* Module `risk`: Risk of Catan (rules/risk_of_catan.md, RC-1..RC-32) for 2-4
 * players on the base board: the base parameters plus `fog`, the Catan
 * kernel with the risk hooks, and the module's own actions and decision
 * points (risk_*.c). */
#include <stdlib.h>
#include <string.h>

#include "../../core/error.h"
#include "../../catan/kernel.h"
#include "../../catan/playout_loop.h"
#include "../../catan/state_io.h"
#include "../catan_module.h"
#include "../modules.h"
#include "risk_impl.h"

enum { P_FOG = P_COMMON, P_COUNT };

/* The shared entries are in catan_module.h. */
static const param_desc risk_params[P_COUNT] = {
	[P_PLAYERS] = {"players", NULL, PT_INT, NULL, 2, 4, NULL, "2..4", "number of seats (B-39)"},
	CM_SHARED_PARAMS("board layout (B-28)", "winning total (B-104)",
			 "dice, draws, steals and battle dice from the RNG or from the host (B-132, RC-24)"),
	[P_FOG] = {"fog", NULL, PT_BOOL, "off", 0, 1, NULL, "off|on", "fog of war: land hexes start face down (RC-30..RC-32)"},
};

/* B-126: options that do not apply to the chosen setting are errors. */
static int check_combination(const param_set *p)
{
	_Static_assert(P_HARBORS == P_TERRAIN + 2 && P_TOKENS == P_TERRAIN + 1, "layout parameters in a row");
	return cm_check_board_options(p, risk_params, P_BOARD, P_TERRAIN, P_NO_IDENTICAL);
}

/* Tables of the board that the rules use (RC-2, RC-19), its bit sets and the
 * hex pairs of the RL action index. */
static int build_tables(risk_rules *rr)
{
	const board *b = &rr->k.b;
	for (int h = 0; h < b->n_land; h++)
		rr->req[h] = (uint8_t)risk_requirement(&rr->k, h);
	for (int p = 0; p < b->n_path; p++) {
		const bpath *bp = &b->path[p];
		if (bp->n_hex == 2) {
			rr->adj[bp->hex[0]] |= 1u << bp->hex[1];
			rr->adj[bp->hex[1]] |= 1u << bp->hex[0];
		}
	}
	int rc = risk_build_sets(rr);
	if (!rc)
		risk_rl_init(rr);
	return rc;
}

static int mod_rules_create(void **data, const param_set *p)
{
	int rc = check_combination(p);
	if (rc)
		return rc;
	risk_rules *rr = calloc(1, sizeof *rr);
	if (!rr)
		return err_set(CRISK_ENOMEM, "out of memory for the rules");
	kern *k = &rr->k;
	rc = cm_make_board(k, p, 0);
	kern_config cfg = cm_config(p, "risk");
	cfg.hooks = &risk_kern_hooks;
	cfg.ext_size = sizeof(risk_ext);
	cfg.pieces_change_hands = 1;
	cfg.other_wins = 1;
	rr->fog = (int)p->num[P_FOG];
	if (!rc && k->b.n_land != RISK_HEXES)
		rc = err_set(CRISK_EPARAM, "module risk plays on the base board of %d land hexes", RISK_HEXES);
	if (!rc)
		rc = kern_init(k, &cfg);
	if (!rc)
		rc = build_tables(rr);
	if (rc) {
		kern_free(k);
		free(rr);
		return rc;
	}
	*data = rr;
	return CRISK_OK;
}

/* The kernel's seat, or the overlay's actor (risk_view_point). */
static int mod_current_seat(const void *data, const void *state)
{
	const risk_ext *x = rx(data, state);
	if (x->phase == RP_NONE)
		return kern_current_seat(data, state);
	return risk_overlay_seat(x);
}

/* The playout loop of playout_loop.h (the same choices: policy.h), except
 * that at a main decision point with the military list the list is not
 * written: the kernel's part is, the module's part is counted
 * (risk_military_count), and a code drawn from it is made alone
 * (risk_military_at).  The length, the draw and the code are those of
 * risk_list's list. */
static int mod_playout(const void *data, void *st, uint64_t skip_types, uint64_t max_steps, uint64_t *policy,
		       evlog *log, uint64_t *steps)
{
	const kern *k = data;
	crisk_action acts[CATAN_PLAYOUT_ACTIONS];
	const int offers = kern_lists_offers(skip_types);
	const risk_ext *x = rx(k, st);
	const kstate *h = ks(st);
	uint64_t draws = *policy, done = *steps;
	int seat, rc = CRISK_OK;
	while (done < max_steps && (seat = mod_current_seat(data, st)) != CRISK_SEAT_NONE) {
		crisk_action a;
		if (seat == CRISK_SEAT_CHANCE) {
			double probs[CATAN_PLAYOUT_OUTCOMES];
			size_t n = 0;
			if ((rc = risk_chance(data, st, acts, probs, CATAN_PLAYOUT_OUTCOMES, &n)))
				break;
			if (n == 0) {
				rc = err_set(CRISK_ESTATE, "crisk_game_playout: a chance point without outcomes");
				break;
			}
			a = acts[policy_weighted(&draws, probs, n)];
		} else {
			const int military = x->phase == RP_NONE && h->status == CRISK_STATUS_RUNNING && h->dp == DP_MAIN &&
					     !x->redeployed;
			size_t nk, n;
			mil_parts mp;
			if (military) {
				nk = kern_legal_offers(k, st, offers, acts, CATAN_PLAYOUT_ACTIONS);
				n = nk + risk_military_count(k, st, &mp);
			} else {
				n = nk = risk_list(data, st, offers, acts, CATAN_PLAYOUT_ACTIONS);
			}
			if (n > CATAN_PLAYOUT_ACTIONS) {
				rc = CRISK_EBUFSIZE;
				break;
			}
			if (n == 0) {
				rc = err_set(CRISK_ESTATE, "crisk_game_playout: seat %d has no action left after skipping types",
					     seat);
				break;
			}
			const size_t i = policy_pick(&draws, n);
			a = i < nk ? acts[i] : risk_military_at(k, st, &mp, i - nk);
		}
		if ((rc = risk_apply_listed(data, st, a, log)))
			break;
		done++;
	}
	*policy = draws;
	*steps = done;
	return rc;
}

/* Saves of library versions that reset the per-turn counters lazily hold
 * counters of an earlier turn (military_turn below the turn), which meant
 * "nothing this turn": they load as the reset counters they stood for, so
 * those saves keep loading and play on as before. */
static void counters_of_this_turn(const kern *k, void *st)
{
	const risk_ext *x = rx(k, st);
	if (x->mil_turn >= 0 && x->mil_turn < ks(st)->turn)
		risk_turn_start(k, st, NULL);
}

/* What a load derives besides the kernel's bit sets (risk_ext.settled, .sets). */
static void derive(const kern *k, void *st)
{
	counters_of_this_turn(k, st);
	risk_derive_armies(rx(k, st));
	rx(k, st)->settled = (uint8_t)risk_settled_now(k, st);
	risk_derive_sets(k, st);
}

static void risk_state_load(const void *data, const uint8_t *in, void *state)
{
	cm_state_load(data, in, state);
	derive(data, state);
}

static int risk_state_from_json(const void *data, const struct jnode *root, void *state)
{
	int rc = cm_state_from_json(data, root, state);
	if (!rc)
		derive(data, state);
	return rc;
}

const module module_risk = {
	.name = "risk",
	.version = 1,
	.family = FAMILY_CATAN,
	.params = risk_params,
	.n_params = P_COUNT,
	.rules_create = mod_rules_create,
	.rules_destroy = cm_rules_destroy,
	.num_seats = cm_num_seats,
	.state_size = cm_state_size,
	.state_init = cm_state_init,
	.current_seat = mod_current_seat,
	.status = cm_status,
	.turn = cm_turn,
	.score = cm_score,
	.legal = risk_legal,
	.legal_except = risk_legal_except,
	.skip_natively = KERN_SKIP_NATIVELY,
	.playout = mod_playout,
	.check = risk_check,
	.apply = risk_apply,
	.chance = risk_chance,
	.action_to_string = risk_action_to_string,
	.action_from_string = risk_action_from_string,
	.event_to_string = risk_event_to_string,
	.event_json = risk_event_json,
	.to_json = cm_to_json,
	.board_json = risk_board_json,
	.state_bytes = cm_state_bytes,
	.state_save = cm_state_save,
	.state_load = risk_state_load,
	.state_check = cm_state_check,
	.state_to_json = cm_state_to_json,
	.state_from_json = risk_state_from_json,
	.rl_actions = risk_rl_actions,
	.rl_index = risk_rl_index,
	.rl_action = risk_rl_action,
	/* The kernel's, and RESIGN: never in the legal list (rules-risk.md). */
	.rl_skip = CM_RL_SKIP | CRISK_ACTION_TYPE_BIT(CRISK_RISK_RESIGN),
	.rl_obs_size = risk_rl_obs_size,
	.rl_observe = risk_rl_observe,
	.rl_describe_actions = risk_rl_describe_actions,
	.rl_describe_obs = risk_rl_describe_obs,
	.rl_mask = risk_rl_mask,
};
