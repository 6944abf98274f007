/* Module `two_player`: the official 2-player variant (rules/two_player.md,
 * T-n) on the Catan kernel.  This file: parameters, the rules object with the
 * neutral start sites (T-5), the kernel hooks, and the module state's fields
 * and checks.  The module's actions live in two_player_rules.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/error.h"
#include "../../catan/state_io.h"
#include "../catan_module.h"
#include "../modules.h"
#include "two_player.h"

enum { P_NEUTRAL_SITES = P_COMMON, P_COUNT };

/* As module base, plus neutral_sites; players accepts only 2 (T-1). */
static const param_desc tp_params[P_COUNT] = {
	[P_PLAYERS] = {"players", NULL, PT_INT, "2", 2, 2, NULL, "2 (for 3-6 players use module base)",
		       "number of seats: exactly two (T-1)"},
	CM_SHARED_PARAMS("board layout (B-28, T-3)", "winning total (B-104, T-4)",
			 "dice, draws and steals from the RNG or from the host (B-132)"),
	[P_NEUTRAL_SITES] = {"neutral_sites", NULL, PT_STRING, "-", 0, 0, NULL,
			     "two intersection ids a,b obeying the distance rule (default: chosen from the board)",
			     "start settlements of the neutral players N0 and N1 (T-5)"},
};

/* B-126: options that do not apply to the chosen setting are errors. */
static int check_combination(const param_set *p)
{
	_Static_assert(P_HARBORS == P_TERRAIN + 2 && P_TOKENS == P_TERRAIN + 1, "layout parameters in a row");
	return cm_check_board_options(p, tp_params, P_BOARD, P_TERRAIN, P_NO_IDENTICAL);
}

static int touches_desert(const kern *k, int n)
{
	const bnode *bn = &k->b.node[n];
	for (int i = 0; i < bn->n_hex; i++) {
		if (k->hex_res[bn->hex[i]] == 0xFF)
			return 1;
	}
	return 0;
}

static int adjacent(const board *b, int x, int y)
{
	for (int i = 0; i < b->node[x].deg; i++) {
		if (b->node[x].adj[i] == y)
			return 1;
	}
	return 0;
}

/* T-5 [D]: among inland intersections (3 land hexes) not next to the desert,
 * the pair farthest apart in path steps, ties to the lowest ids. */
static int choose_sites(tp_rules *r)
{
	const kern *k = &r->k;
	const board *b = &k->b;
	int n = b->n_node;
	int *dist = malloc((size_t)n * sizeof *dist), *queue = malloc((size_t)n * sizeof *queue);
	if (!dist || !queue) {
		free(dist);
		free(queue);
		return err_set(CRISK_ENOMEM, "out of memory choosing the neutral sites");
	}
	int best = -1;
	for (int a = 0; a < n; a++) {
		if (b->node[a].n_hex != 3 || touches_desert(k, a))
			continue;
		for (int i = 0; i < n; i++)
			dist[i] = -1;
		int head = 0, tail = 0;
		dist[a] = 0;
		queue[tail++] = a;
		while (head < tail) {
			int x = queue[head++];
			for (int i = 0; i < b->node[x].deg; i++) {
				int y = b->node[x].adj[i];
				if (dist[y] < 0) {
					dist[y] = dist[x] + 1;
					queue[tail++] = y;
				}
			}
		}
		for (int c = a + 1; c < n; c++) {
			if (b->node[c].n_hex != 3 || touches_desert(k, c) || dist[c] <= best)
				continue;
			best = dist[c];
			r->site[0] = (uint16_t)a;
			r->site[1] = (uint16_t)c;
		}
	}
	free(dist);
	free(queue);
	if (best < 2)
		return err_set(CRISK_EPARAM, "the board has no two inland intersections for the neutral players (T-5)");
	return CRISK_OK;
}

/* neutral_sites=a,b (T-5): two distinct intersections obeying the distance rule. */
static int parse_sites(tp_rules *r, const char *text)
{
	int a = -1, b = -1, used = 0;
	if (sscanf(text, "%d,%d%n", &a, &b, &used) != 2 || text[used] != '\0')
		return err_set(CRISK_EPARAM, "parameter 'neutral_sites': '%s' is not two intersection ids a,b (T-5)", text);
	int n = r->k.b.n_node;
	if (a < 0 || a >= n || b < 0 || b >= n)
		return err_set(CRISK_EPARAM, "parameter 'neutral_sites': intersections are 0..%d, not %d,%d (T-5)", n - 1, a,
			       b);
	if (a == b)
		return err_set(CRISK_EPARAM, "parameter 'neutral_sites': the two neutral settlements need two distinct "
					     "intersections, not %d twice (T-5)",
			       a);
	if (adjacent(&r->k.b, a, b))
		return err_set(CRISK_EPARAM, "parameter 'neutral_sites': intersections %d and %d are neighbours "
					     "(distance rule, B-75, T-5)",
			       a, b);
	r->site[0] = (uint16_t)a;
	r->site[1] = (uint16_t)b;
	return CRISK_OK;
}

/* ---- kernel hooks ---- */

#define XF(name, kind, count, member) {name, kind, count, (uint16_t)offsetof(tp_ext, member)}
static const sfield tp_ext_fields[] = {
	XF("tokens", SF_U8, 2, tokens),
	XF("token_supply", SF_U8, 1, supply),
	XF("rolls", SF_U8, 1, rolls),
	XF("first_sum", SF_U8, 1, first_sum),
	XF("token_used", SF_U8, 1, token_used),
	XF("knight_swapped", SF_U8, 1, knight_swapped),
	XF("neutral_return", SF_PHASE, 1, neutral_ret),
	XF("drawn", SF_U8, NUM_RES, drawn),
	XF("knights_out", SF_U8, 2, knights_out),
};

/* T-5, T-16: the neutral settlements stand before anyone places; 5 tokens each. */
static void tp_ext_init(const kern *k, void *st, evlog *log)
{
	(void)log;
	tp_ext *x = tpx(k, st);
	for (int j = 0; j < TP_NEUTRALS; j++)
		flow_place_building(k, st, k->seats + j, tpr(k)->site[j]);
	x->tokens[0] = x->tokens[1] = TP_TOKENS_EACH;
	x->supply = CRISK_TP_TOKENS_TOTAL - 2 * TP_TOKENS_EACH;
	tp_derive_roads(k, st);
}

/* T-8..T-10, the second roll (a sum other than the first's, then the main
 * phase; the pre-roll again after the first) is the kernel's
 * (kern_config.two_rolls), on tp_ext.rolls and first_sum. */

int tp_module_phase(int dp)
{
	return tp_own_phase(dp);
}

static int tp_dev_removed(const kern *k, const void *st, int c)
{
	const tp_ext *x = tpx(k, st);
	return c == CRISK_CATAN_KNIGHT ? x->knights_out[0] + x->knights_out[1] : 0;
}

#define BAD(...) err_set(CRISK_EFORMAT, __VA_ARGS__)

static int check_forced(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	const tp_ext *x = tpx(k, st);
	int drawn = 0;
	for (int r = 0; r < NUM_RES; r++) {
		drawn += x->drawn[r];
		if (x->drawn[r] > kseat_of(k, st, h->active)->hand[r])
			return BAD("ext.drawn[%d]: %d drawn, but seat %d holds %d", r, x->drawn[r], h->active,
				   kseat_of(k, st, h->active)->hand[r]);
	}
	int opp = 1 - h->active;
	/* A forced trade starts from the main phase and returns there, so no
	 * road building is pending (the kernel leaves module phases to us). */
	if ((h->dp == DP_TP_DRAW || h->dp == DP_TP_GIVE) && h->free_roads)
		return BAD("free_roads: %d in phase %s (a forced trade starts and ends in main, T-17)", h->free_roads,
			   kern_dp_name(h->dp));
	switch (h->dp) {
	case DP_TP_DRAW:
		if (h->cur != CRISK_SEAT_CHANCE || !k->cfg.explicit_chance)
			return BAD("current_seat: %d in phase forced_draw (chance, explicit mode only)", h->cur);
		if (drawn || !x->token_used || kseat_of(k, st, opp)->cards < 1 || kseat_of(k, st, h->active)->cards < 2)
			return BAD("ext.drawn: a forced draw needs a paid token action, 1+ opponent cards and 2+ own cards (T-17)");
		return CRISK_OK;
	case DP_TP_GIVE:
		if (h->cur != h->active)
			return BAD("current_seat: %d, but seat %d gives the cards (T-17)", h->cur, h->active);
		if (drawn < 1 || drawn > 2 || kseat_of(k, st, h->active)->cards - drawn < 2 || !x->token_used)
			return BAD("ext.drawn: %d cards drawn; the give needs 1..2 drawn and 2 cards held before (T-17)", drawn);
		return CRISK_OK;
	default:
		if (drawn)
			return BAD("ext.drawn: %d cards outside a forced trade", drawn);
		return CRISK_OK;
	}
}

static int check_neutral_point(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	const tp_ext *x = tpx(k, st);
	if (h->dp != DP_TP_NEUTRAL) {
		if (x->neutral_ret)
			return BAD("ext.neutral_return: %s outside phase neutral_build", kern_dp_name(x->neutral_ret));
		return CRISK_OK;
	}
	if (h->cur != h->active)
		return BAD("current_seat: %d, but seat %d builds for a neutral (T-11)", h->cur, h->active);
	/* main after a paid build; free_road or, after the last free road, the
	 * phase the card was played in */
	if (x->neutral_ret != DP_MAIN && x->neutral_ret != DP_FREE_ROAD && x->neutral_ret != DP_PRE_ROLL)
		return BAD("ext.neutral_return: %s (main, free_road or pre_roll)", kern_dp_name(x->neutral_ret));
	if (x->neutral_ret == DP_PRE_ROLL && !h->card_played)
		return BAD("ext.neutral_return: pre_roll, but no road building card was played");
	if (x->neutral_ret == DP_FREE_ROAD) {
		if (!h->card_played || h->free_roads < 1 || h->free_roads > 2 ||
		    h->free_roads > kseat_of(k, st, h->active)->supply[PIECE_ROAD])
			return BAD("free_roads: %d while the neutral build returns to free_road", h->free_roads);
		if (h->ret != DP_PRE_ROLL && h->ret != DP_MAIN)
			return BAD("return_phase: %s after road building", kern_dp_name(h->ret));
	} else if (h->free_roads) {
		return BAD("free_roads: %d while the neutral build returns to main", h->free_roads);
	}
	if (!tp_any_neutral_build(k, st))
		return BAD("phase: neutral_build, but no neutral build is legal (T-13)");
	return CRISK_OK;
}

static int tp_ext_check(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	const tp_ext *x = tpx(k, st);
	int rc;
	if (x->tokens[0] + x->tokens[1] + x->supply != CRISK_TP_TOKENS_TOTAL)
		return BAD("ext.tokens: %d + %d held and %d in the supply is not %d (T-16)", x->tokens[0], x->tokens[1],
			   x->supply, CRISK_TP_TOKENS_TOTAL);
	if (x->rolls > 2 || (x->rolls == 0) != (x->first_sum == 0) || (x->first_sum && (x->first_sum < 2 || x->first_sum > 12)))
		return BAD("ext.rolls: %d rolls with first sum %d (0..2 rolls; a sum 2..12 once rolled)", x->rolls,
			   x->first_sum);
	if (x->token_used > 1 || x->knight_swapped > 1)
		return BAD("ext.token_used: %d, knight_swapped: %d (0 or 1 each)", x->token_used, x->knight_swapped);
	if (h->turn == 0 && (x->rolls || x->token_used || x->knight_swapped))
		return BAD("ext.rolls: %d during set-up", x->rolls);
	/* A card, a robber move or a neutral build after road building returns
	 * to main only after both rolls, and to pre_roll only before the second. */
	int returns = h->dp == DP_MOVE_ROBBER || h->dp == DP_CHOOSE_VICTIM || h->dp == DP_STEAL ||
		      h->dp == DP_FREE_ROAD || h->dp == DP_YOP_PICK || h->dp == DP_MONOPOLY_PICK ||
		      (h->dp == DP_TP_NEUTRAL && x->neutral_ret == DP_FREE_ROAD);
	if (returns && (h->ret == DP_MAIN ? x->rolls != 2 : x->rolls > 1))
		return BAD("ext.rolls: %d in phase %s, which returns to %s (T-9, T-10)", x->rolls, kern_dp_name(h->dp),
			   kern_dp_name(h->ret));
	if (h->dp == DP_TP_NEUTRAL && x->neutral_ret == DP_PRE_ROLL && x->rolls > 1)
		return BAD("ext.rolls: %d in phase neutral_build, which returns to pre_roll (T-9)", x->rolls);
	if (x->token_used && x->rolls != 2)
		return BAD("ext.token_used: 1 before both rolls (T-17)");
	int main_like = h->dp == DP_MAIN || h->dp == DP_DEV_DRAW || h->dp == DP_TRADE_RESPONSE ||
			h->dp == DP_TRADE_CONFIRM || h->dp == DP_TP_DRAW || h->dp == DP_TP_GIVE;
	if (main_like && x->rolls != 2)
		return BAD("ext.rolls: %d in phase %s, which comes after both rolls (T-10)", x->rolls, kern_dp_name(h->dp));
	if ((h->dp == DP_PRE_ROLL || h->dp == DP_DICE) && x->rolls > 1)
		return BAD("ext.rolls: %d in phase %s (at most one roll before it)", x->rolls, kern_dp_name(h->dp));
	int robber = h->dp == DP_MOVE_ROBBER || h->dp == DP_CHOOSE_VICTIM || h->dp == DP_STEAL || h->dp == DP_DISCARD;
	if (robber && !h->knight && x->rolls == 0)
		return BAD("ext.rolls: 0 in phase %s, which follows a rolled 7", kern_dp_name(h->dp));
	if (h->dp == DP_TP_NEUTRAL && x->rolls != 2 && x->neutral_ret == DP_MAIN)
		return BAD("ext.rolls: %d in phase neutral_build after a paid build", x->rolls);
	for (int s = 0; s < 2; s++) {
		if (x->knights_out[s] + kseat_of(k, st, s)->knights > k->cfg.deck[CRISK_CATAN_KNIGHT])
			return BAD("ext.knights_out[%d]: %d discarded and %d played are above the knight cards", s,
				   x->knights_out[s], kseat_of(k, st, s)->knights);
	}
	if (x->knight_swapped && x->knights_out[h->active] == 0)
		return BAD("ext.knight_swapped: 1, but seat %d never discarded a knight (T-19)", h->active);
	for (int j = 0; j < TP_NEUTRALS; j++) {
		if ((knodes(k, st)[tpr(k)->site[j]] & NODE_OWNER_MASK) != (unsigned)(k->seats + j + 1))
			return BAD("nodes[%d]: the start settlement of neutral N%d is missing (T-5)", tpr(k)->site[j], j);
		if (kseat_of(k, st, k->seats + j)->supply[PIECE_CITY] != k->cfg.pieces[PIECE_CITY])
			return BAD("neutrals[%d].supply[1]: neutrals never build cities (T-2)", j);
		/* T-12: a neutral settlement stands at the end of one of its
		 * roads; only the start settlement may stand alone (the road
		 * lister, neutral_road_set, relies on it). */
		const uint64_t *reach = kreach(k, st, k->seats + j);
		for (int n = 0; n < k->b.n_node; n++) {
			if ((knodes(k, st)[n] & NODE_OWNER_MASK) == (unsigned)(k->seats + j + 1) && n != tpr(k)->site[j] &&
			    !bit_get(reach, n))
				return BAD("nodes[%d]: a settlement of neutral N%d away from its roads (T-12)", n, j);
		}
	}
	/* The derived road sets, after the T-12 test above that they rely on. */
	if (!tp_roads_match(k, st))
		return BAD("ext.roads: the neutrals' road spots differ from the board (derived data)");
	if ((rc = check_forced(k, st)) || (rc = check_neutral_point(k, st)))
		return rc;
	return CRISK_OK;
}

static const kern_hooks tp_hooks = {
	.ext_init = tp_ext_init,
	.ext_fields = tp_ext_fields,
	.n_ext_fields = (int)(sizeof tp_ext_fields / sizeof tp_ext_fields[0]),
	.ext_check = tp_ext_check,
	.after_build = tp_after_build,
	.main_more = tp_main_more,
	.module_phase = tp_module_phase,
	.dev_removed = tp_dev_removed,
	.view_json = tp_view_json,
	/* T-4: victory as in base; no hook touches VP, and tp_apply checks
	 * after the module's own actions. */
	.victory_as_base = 1,
};

/* A load derives the neutrals' road sets (tp_ext.roads, not saved); the
 * state check follows and compares them with the board. */
static void tp_state_load(const void *data, const uint8_t *in, void *state)
{
	cm_state_load(data, in, state);
	tp_derive_roads(data, state);
}

static int tp_state_from_json(const void *data, const struct jnode *root, void *state)
{
	int rc = cm_state_from_json(data, root, state);
	if (!rc)
		tp_derive_roads(data, state);
	return rc;
}

/* ---- the rules object ---- */

static int tp_rules_create(void **data, const param_set *p)
{
	int rc = check_combination(p);
	if (rc)
		return rc;
	tp_rules *r = calloc(1, sizeof *r);
	if (!r)
		return err_set(CRISK_ENOMEM, "out of memory for the rules");
	kern *k = &r->k;
	rc = cm_make_board(k, p, 0); /* T-3 */
	kern_config cfg = cm_config(p, "two_player");
	cfg.seats = 2;                 /* T-1 */
	cfg.neutrals = TP_NEUTRALS;    /* T-1, T-2; they never use their cities */
	cfg.hooks = &tp_hooks;
	cfg.ext_size = sizeof(tp_ext);
	cfg.two_rolls = 1; /* T-8..T-10 */
	cfg.rolls_at = (uint16_t)offsetof(tp_ext, rolls);
	_Static_assert(offsetof(tp_ext, first_sum) == offsetof(tp_ext, rolls) + 1, "kern_config.two_rolls");
	/* Each turn starts with no roll, no token action and no knight
	 * discarded (T-8, T-17, T-19): the kernel zeroes the four bytes
	 * (docs/decisions.md, module two_player 16). */
	cfg.turn_zero_at = (uint16_t)offsetof(tp_ext, rolls);
	cfg.turn_zero_len = 4;
	_Static_assert(offsetof(tp_ext, token_used) == offsetof(tp_ext, rolls) + 2 &&
			       offsetof(tp_ext, knight_swapped) == offsetof(tp_ext, rolls) + 3 &&
			       offsetof(tp_ext, rolls) + 8 <= sizeof(tp_ext),
		       "kern_config.turn_zero_len");
	if (!rc)
		rc = kern_init(k, &cfg);
	if (!rc)
		rc = cm_given(p, P_NEUTRAL_SITES) ? parse_sites(r, p->str[P_NEUTRAL_SITES]) : choose_sites(r);
	if (!rc) {
		r->derived = k->pw <= TP_ROAD_WORDS;
		r->desert = BOARD_NONE;
		for (int x = 0; x < k->b.n_land && r->desert == BOARD_NONE; x++) {
			if (k->hex_res[x] == 0xFF)
				r->desert = (uint16_t)x;
		}
	}
	if (rc) {
		kern_free(k);
		free(r);
		return rc;
	}
	*data = r;
	return CRISK_OK;
}

const module module_two_player = {
	.name = "two_player",
	.version = 1,
	.family = FAMILY_CATAN,
	.params = tp_params,
	.n_params = P_COUNT,
	.rules_create = tp_rules_create,
	.rules_destroy = cm_rules_destroy,
	.num_seats = cm_num_seats,
	.state_size = cm_state_size,
	.state_init = cm_state_init,
	.current_seat = cm_current_seat,
	.status = cm_status,
	.turn = cm_turn,
	.score = cm_score,
	.legal = tp_legal,
	.legal_except = tp_legal_except,
	.skip_natively = KERN_SKIP_NATIVELY,
	.seat_at = 1 + offsetof(kstate, cur), /* cm_current_seat's answer (kern_current_seat) */
	.playout = tp_playout,
	.check = tp_check,
	.apply = tp_apply,
	.chance = tp_chance,
	.action_to_string = tp_action_to_string,
	.action_from_string = tp_action_from_string,
	.event_to_string = tp_event_to_string,
	.event_json = tp_event_json,
	.to_json = cm_to_json,
	.board_json = tp_board_json,
	.state_bytes = cm_state_bytes,
	.state_save = cm_state_save,
	.state_load = tp_state_load,
	.state_check = cm_state_check,
	.state_to_json = cm_state_to_json,
	.state_from_json = tp_state_from_json,
	.rl_actions = tp_rl_actions,
	.rl_index = tp_rl_index,
	.rl_action = tp_rl_action,
	.rl_skip = CM_RL_SKIP,
	.rl_obs_size = tp_rl_obs_size,
	.rl_observe = tp_rl_observe,
	.rl_describe_actions = tp_rl_describe_actions,
	.rl_describe_obs = tp_rl_describe_obs,
	.rl_mask = tp_rl_mask,
};
