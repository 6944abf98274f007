/* Module `risk` (rules/risk_of_catan.md, RC-1..RC-32): shared declarations
 * of its files.  The rules data starts with the Catan kernel; the module
 * state lives in the kernel's ext region (struct risk_ext).
 *
 * The module runs its own decision points (set-up army, placement loop,
 * battle dice) as an overlay: while ext.phase is set, the kernel's decision
 * point stays where the kernel left it and the module answers legal, check,
 * apply, chance and current_seat; the views name the overlay (hooks
 * view_point). */
#ifndef CRISK_MODULES_RISK_IMPL_H
#define CRISK_MODULES_RISK_IMPL_H

#include <stdint.h>
#include <string.h>
#include "catanrisk/risk.h"
#include "../../catan/kernel.h"
#include "../../catan/state_io.h"
#include "../../core/error.h"

#define RISK_MAX_SEATS 4
#define RISK_HEXES 19                  /* land hexes of the base board */
#define RISK_NEUTRAL RISK_MAX_SEATS    /* owner index of the neutral defenders (RC-27) */
#define RISK_OWNERS (RISK_MAX_SEATS + 1)
#define RISK_NONE 0xFFu
/* Armies on the board at most, all owners together: an engine limit (not a
 * rule) that keeps every count through moves and resignations in uint16_t. */
#define RISK_MAX_ARMIES 65535
/* Intersections and paths of the base board fit these bit sets (risk_sets.c). */
#define RISK_MAX_NODES 64
#define RISK_MAX_PATHS 128

/* Overlay decision points (values saved; names in views). */
enum risk_phase {
	RP_NONE,
	RP_SETUP_ARMY, /* RC-8, RC-9: army next to the settlement just placed */
	RP_ARMY_LOOP,  /* RC-10 */
	RP_BATTLE,     /* chance: one battle roll (RC-20, RC-24) */
	RP_COUNT
};

/* Decision point numbers of the overlay phases (kernel.h reserves 32..47). */
#define RISK_DP_BASE 32

/* What a battle returns to when it ends. */
enum risk_after { RA_MAIN, RA_SETUP };

typedef struct risk_ext {
	uint16_t armies[RISK_HEXES * RISK_OWNERS]; /* [hex * RISK_OWNERS + owner] */
	uint16_t moved[RISK_HEXES];  /* armies of the active seat that moved this turn, per hex (RC-19) */
	int32_t mil_turn;            /* the turn moved/bought/buy_res/redeployed belong to: always the current one */
	uint16_t setup_node;         /* RP_SETUP_ARMY: the settlement just placed */
	uint8_t phase;               /* enum risk_phase */
	uint8_t pcur;                /* seat acting in RP_SETUP_ARMY / RP_ARMY_LOOP */
	uint8_t setup_last;          /* RP_SETUP_ARMY: the last set-up settlement (the loop follows) */
	uint8_t buy_res;             /* resource declared this turn, or RISK_NONE (RC-17) */
	uint8_t bought;              /* armies bought this turn (RC-17) */
	uint8_t redeployed;          /* RC-22 */
	uint8_t b_hex, b_att, b_def; /* battle: hex, attacking seat, defending owner */
	uint8_t b_until;             /* 1: roll until one side has no armies there */
	uint8_t b_chain;             /* 1: then fight the next enemy on the hex (RC-18) */
	uint8_t b_after;             /* enum risk_after */
	uint8_t out;                 /* bit s: seat s is out of the game (RC-25..RC-27) */
	uint8_t resigned;            /* bit s: seat s resigned (RC-27); a subset of out */
	uint8_t annexer[RISK_MAX_SEATS]; /* who last annexed a building of the seat, or RISK_NONE (RC-26) */
	uint8_t over[RISK_MAX_SEATS * 3]; /* pieces beyond the seat's components (RC-12) */
	uint8_t revealed[RISK_HEXES]; /* fog: 1 when the hex is face up (RC-30, RC-31) */
	uint8_t evaluated;           /* RC-16 evaluation runs (after set-up) */
	/* Not saved, derived on load (risk_settled_now): 1 while the game runs
	 * after set-up and no piece would change hands by control, so that the
	 * next evaluation needs to look only at what an action changed
	 * (risk_annex.c).  A battle keeps it: its hex is contested while it lasts. */
	uint8_t settled;
	/* Not saved, derived from the pieces after every action that moves one
	 * and on load (risk_derive_sets): per seat, the land hexes next to its
	 * buildings (RC-18) and touched by its pieces (RC-19), and per land hex
	 * the hexes one of its networks connects it to (RC-22, RC-23). */
	struct risk_seat_sets {
		uint32_t next_to_building, touched;
		uint32_t linked[RISK_HEXES];
	} sets[RISK_MAX_SEATS];
	/* Not saved, derived from armies on load (risk_derive_armies) and kept
	 * with every change (ra_set): bit h of occ[o] is set while owner o has
	 * armies on land hex h; total is the number of armies on the board. */
	uint32_t occ[RISK_OWNERS];
	uint32_t total;
} risk_ext;

typedef struct risk_rules {
	kern k;                      /* first: the kernel functions take the module data */
	int fog;                     /* RC-30..RC-32 */
	uint32_t adj[RISK_HEXES];    /* bit j: land hex j shares a side with land hex i */
	uint8_t req[RISK_HEXES];     /* RC-2 */
	/* risk_sets.c: corners and sides of each land hex, the land hexes of
	 * each intersection and path, the paths at each intersection, the ends
	 * of each path. */
	uint64_t hex_nodes[RISK_HEXES], hex_paths[RISK_HEXES][2];
	uint32_t node_hexes[RISK_MAX_NODES], path_hexes[RISK_MAX_PATHS];
	uint64_t node_paths[RISK_MAX_NODES][2];
	uint8_t path_ends[RISK_MAX_PATHS][2];
	/* risk_rl.c: the ordered pairs (from, to) of adjacent land hexes that
	 * number MOVE_ARMIES in the action index, from then to ascending, and
	 * the number of each pair (RISK_NONE for hexes that are not adjacent). */
	int rl_pairs;
	uint8_t rl_pair_from[RISK_HEXES * 6], rl_pair_to[RISK_HEXES * 6];
	uint8_t rl_pair_of[RISK_HEXES][RISK_HEXES];
	/* The kernel's action index and observation sizes (risk's follow
	 * them), and the offsets of its observation fields hex_terrain (6 per
	 * land hex) and hex_token (1 per land hex), which fog clears (RC-32). */
	size_t rl_kernel_actions, rl_kernel_obs, rl_terrain_at, rl_token_at;
} risk_rules;

static inline const risk_rules *rr_of(const kern *k)
{
	return (const risk_rules *)k;
}
static inline risk_ext *rx(const kern *k, const void *st)
{
	return (risk_ext *)kext(k, st);
}
static inline int ra(const risk_ext *x, int hex, int owner)
{
	return x->armies[hex * RISK_OWNERS + owner];
}
/* Every change of armies goes through here, which keeps occ and total. */
static inline void ra_set(risk_ext *x, int hex, int owner, int v)
{
	uint16_t *a = &x->armies[hex * RISK_OWNERS + owner];
	x->total = x->total + (uint32_t)v - *a;
	*a = (uint16_t)v;
	x->occ[owner] = (x->occ[owner] & ~(1u << hex)) | (uint32_t)(v != 0) << hex;
}
/* RC-3 as risk_occupants, from the derived occupied sets. */
static inline unsigned risk_occupants_occ(const risk_ext *x, int hex)
{
	unsigned m = 0;
	for (int o = 0; o < RISK_OWNERS; o++)
		m |= ((x->occ[o] >> hex) & 1u) << o;
	return m;
}
/* RC-4, RC-5 as risk_controller: the hex's sole owner with armies there, if
 * it has the hex's requirement.  Where the byte order allows, the armies of
 * seats 0..3 on the hex are read as one word of four 16-bit lanes (the
 * neutral defenders follow): a lane's top bit after adding 0x7FFF to its low
 * 15 bits, or'ed with the lane, is set exactly when the lane is not 0. */
static inline int risk_controller_occ(const kern *k, const risk_ext *x, int hex)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && RISK_MAX_SEATS == 4
	const uint16_t *row = &x->armies[hex * RISK_OWNERS];
	uint64_t w;
	memcpy(&w, row, sizeof w);
	const uint64_t low = UINT64_C(0x7FFF7FFF7FFF7FFF);
	const uint64_t lanes = (((w & low) + low) | w) & ~low; /* bit 16 o + 15: seat o has armies */
	const unsigned neutral = row[RISK_NEUTRAL];
	int o;
	unsigned v;
	if (lanes) {
		if ((lanes & (lanes - 1)) || neutral)
			return -1;
		o = bit_low(lanes) >> 4;
		v = row[o];
	} else {
		if (!neutral)
			return -1;
		o = RISK_NEUTRAL;
		v = neutral;
	}
	return v >= rr_of(k)->req[hex] ? o : -1;
#else
	unsigned m = 0;
	for (int o = 0; o < RISK_OWNERS; o++)
		m |= ((x->occ[o] >> hex) & 1u) << o;
	if (!m || (m & (m - 1)))
		return -1;
	const int o = bit_low(m);
	return ra(x, hex, o) >= rr_of(k)->req[hex] ? o : -1;
#endif
}
/* kvisible_vp without the calls of the kernel's hook (kern_extra_vp calls
 * risk_extra_pieces twice): the pieces counted over are risk_ext.over. */
static inline int risk_visible_vp(const kern *k, const void *st, int s)
{
	const kseat *p = kseat_of(k, st, s);
	const kstate *h = ks(st);
	const uint8_t *over = &rx(k, st)->over[s * 3];
	return (k->cfg.pieces[PIECE_SETTLEMENT] - p->supply[PIECE_SETTLEMENT] + over[PIECE_SETTLEMENT]) +
	       2 * (k->cfg.pieces[PIECE_CITY] - p->supply[PIECE_CITY] + over[PIECE_CITY]) + 2 * (h->lr == s) +
	       2 * (h->la == s);
}
static inline int risk_is_out(const risk_ext *x, int s)
{
	return (x->out >> s) & 1u;
}
/* The owner index of an action's defender argument (a seat or CRISK_RISK_NEUTRAL). */
static inline int risk_owner_of_arg(int v)
{
	return v == CRISK_RISK_NEUTRAL ? RISK_NEUTRAL : v;
}
static inline int risk_arg_of_owner(int o)
{
	return o == RISK_NEUTRAL ? CRISK_RISK_NEUTRAL : o;
}
#define ARG0(a) ((int)((a) & 0xFFFF))
#define ARG1(a) ((int)(((a) >> 16) & 0xFFFF))
#define ARG2(a) ((int)(((a) >> 32) & 0xFFFF))

/* risk_army.c: requirement, occupation, control, supply and networks. */
int risk_requirement(const kern *k, int hex);
unsigned risk_occupants(const risk_ext *x, int hex);
int risk_controller(const kern *k, const risk_ext *x, int hex); /* owner index or -1 */
int risk_produce_ok(const kern *k, const void *st, int hex, int seat);
int risk_touches(const kern *k, const void *st, int seat, int hex);
int risk_next_to_building(const kern *k, const void *st, int seat, int hex);
int risk_connected(const kern *k, const void *st, int seat, int from, int to);
int risk_moved(const kern *k, const void *st, int hex);
int risk_bought(const kern *k, const void *st);
int risk_buy_res(const kern *k, const void *st);
int risk_redeployed(const kern *k, const void *st);
void risk_turn_start(const kern *k, void *st, evlog *log);
int risk_owner_armies(const risk_ext *x, int owner);
int risk_total_armies(const risk_ext *x);
/* risk_ext.occ and .total from the armies (a load), and whether they match. */
void risk_derive_armies(risk_ext *x);
int risk_armies_ok(const risk_ext *x);
void risk_reveal(const kern *k, void *st, int hex, evlog *log);
void risk_reveal_node(const kern *k, void *st, int node, evlog *log);
int risk_hidden(const kern *k, const void *st, int hex);

/* risk_sets.c: the same questions as bit sets, asked every step. */
int risk_build_sets(risk_rules *rr);
/* Where a seat's pieces stand and which land hexes they touch. */
typedef struct risk_reach {
	uint64_t buildings;        /* intersections with a settlement or city of the seat */
	uint64_t roads[2];         /* paths with a road of the seat */
	uint32_t next_to_building; /* land hexes with a building of the seat on a corner (RC-18) */
	uint32_t touched;          /* land hexes with a building or road of the seat on the border (RC-19) */
} risk_reach;
void risk_reach_of(const kern *k, const void *st, int seat, risk_reach *r);
/* A seat's networks (RC-22, RC-23), each as the land hexes it touches; a
 * network holds one road or building at least, so they are at most as many
 * as the paths and intersections. */
#define RISK_MAX_NETS (RISK_MAX_NODES + RISK_MAX_PATHS)
typedef struct risk_nets {
	int n;
	uint32_t hexes[RISK_MAX_NETS];
} risk_nets;
void risk_networks(const kern *k, const void *st, const risk_reach *r, risk_nets *nets);
void risk_seat_sets_of(const kern *k, const void *st, int seat, struct risk_seat_sets *out);
void risk_sets_add_road(const kern *k, const void *st, int seat, int p, struct risk_seat_sets *sets);
void risk_derive_sets(const kern *k, void *st);
int risk_sets_ok(const kern *k, const void *st);
void risk_controllers(const kern *k, const risk_ext *x, int8_t ctrl[RISK_HEXES]);
void risk_annexable(const kern *k, const void *st, const int8_t *ctrl, uint64_t *nodes, uint64_t paths[2]);
#define RISK_CTRL_UNKNOWN (-2)
void risk_annexable_near(const kern *k, const void *st, uint32_t hexes, uint64_t nodes, const uint64_t paths[2],
			 int8_t *ctrl, uint64_t *take_nodes, uint64_t take_paths[2]);
unsigned risk_building_owners(const kern *k, const void *st);

/* risk_battle.c: battle rolls (RC-20, RC-24). */
void risk_start_battle(const kern *k, void *st, int hex, int att, int def, int until, int chain, int after,
		       evlog *log);
void risk_battle_roll(const kern *k, void *st, const int *att_dice, const int *def_dice, evlog *log);
void risk_sample_battle(const kern *k, void *st, evlog *log);
int risk_battle_dice(const risk_ext *x, int *na, int *nd);
size_t risk_list_battle(const kern *k, const void *st, crisk_action *buf, size_t cap, double *probs);
int risk_check_battle_dice(const kern *k, const void *st, crisk_action a);
void risk_battle_from_action(const kern *k, void *st, crisk_action a, evlog *log);
void risk_roll_outcome(const int *att, int na, const int *def, int nd, int *att_loss, int *def_loss);

/* risk_annex.c: RC-12..RC-16, RC-25..RC-29. */
void risk_evaluate(const kern *k, void *st, evlog *log);
/* risk_evaluate after an action that changed the armies on `hexes` and the
 * pieces on `nodes` and `paths` only; `vp_same`: the action changed nobody's
 * VP, nor the active seat.  Returns 0 when no piece changed hands, else bit
 * 31 and bit s for every seat s that lost or won a piece (the only seats
 * whose risk_ext.sets can change: another owner's building cuts a seat's
 * networks whichever owner it has, RC-23). */
unsigned risk_evaluate_after(const kern *k, void *st, uint32_t hexes, uint64_t nodes, const uint64_t paths[2],
			     int vp_same, evlog *log);
int risk_settled_now(const kern *k, const void *st);
void risk_unsettle_if_over(const kern *k, void *st);
void risk_resign(const kern *k, void *st, int seat, evlog *log);
void risk_settle(const kern *k, void *st, evlog *log);
int risk_extra_pieces(const kern *k, const void *st, int seat, int piece);
int risk_seat_vp(const kern *k, const void *st, int seat);
void risk_recount_roads(const kern *k, void *st, evlog *log);

/* risk_actions.c: check and apply of the module's actions and the overlay. */
int risk_check(const void *data, const void *st, crisk_action a);
int risk_apply(const void *data, void *st, crisk_action a, evlog *log);
int risk_apply_listed(const void *data, void *st, crisk_action a, evlog *log);
void risk_after_setup_road(const kern *k, void *st, int placer, int node, int last);
void risk_setup_continue(const kern *k, void *st, evlog *log);

/* risk_legal.c */
size_t risk_legal(const void *data, const void *st, crisk_action *buf, size_t cap);
/* risk_legal, with domestic offers listed only when `offers` is set. */
size_t risk_list(const void *data, const void *st, int offers, crisk_action *buf, size_t cap);
size_t risk_legal_except(const void *data, const void *st, uint64_t skip_types, crisk_action *buf, size_t cap);
/* The module's part of the list at a main decision point (DP_MAIN, no
 * overlay, not redeployed), which follows the kernel's: its length, and its
 * code at index i < that length, without writing the list (playouts). */
typedef struct mil_parts {
	int s;
	uint32_t where;             /* BUY_ARMIES: hexes next to a building */
	int buy_m[NUM_RES];         /* BUY_ARMIES: the largest count per resource, 0 if none */
	uint32_t armies, enemies;   /* hexes with armies of the seat, of anybody else */
	uint32_t can_move, move_more; /* MOVE_ARMIES: starts with a count of 1, above 1 */
	/* The lengths of the parts in list order (REDEPLOY's largest counts last). */
	size_t n_buy, n_move1, n_move2, n_attack, n_red1;
} mil_parts;
size_t risk_military_count(const kern *k, const void *st, mil_parts *mp);
crisk_action risk_military_at(const kern *k, const void *st, const mil_parts *mp, size_t i);
int risk_chance(const void *data, const void *st, crisk_action *acts, double *probs, size_t cap, size_t *count);

/* risk_text.c: action and event text, event JSON. */
int risk_action_to_string(const void *data, crisk_action a, textbuf *t);
int risk_action_from_string(const void *data, const char *text, crisk_action *out);
void risk_event_to_string(const void *data, const crisk_event *e, textbuf *t);
void risk_event_json(const void *data, const crisk_event *e, jw *w);
const char *risk_phase_name(int phase);

/* risk_rl.c: the reinforcement-learning encoding (docs/rl-risk.md), the
 * module.h rl_* hooks over the kernel's cm_rl_*.  risk_rl_init fills the
 * rules' tables of the index (pairs of hexes) and the kernel's offsets. */
void risk_rl_init(risk_rules *rr);
size_t risk_rl_actions(const void *data);
int64_t risk_rl_index(const void *data, const void *st, crisk_action a);
crisk_action risk_rl_action(const void *data, const void *st, size_t i);
size_t risk_rl_obs_size(const void *data);
void risk_rl_observe(const void *data, const void *st, int viewer, float *out);
void risk_rl_describe_actions(const void *data, jw *w);
void risk_rl_describe_obs(const void *data, jw *w);
size_t risk_rl_mask(const void *data, const void *st, uint8_t *mask);

/* risk_view.c: views, board JSON with fog (RC-32). */
/* The seat to act inside the overlay (x->phase not RP_NONE): chance in a
 * battle, else the overlay's actor. */
static inline int risk_overlay_seat(const risk_ext *x)
{
	return x->phase == RP_BATTLE ? CRISK_SEAT_CHANCE : x->pcur;
}
void risk_view_point(const kern *k, const void *st, const char **phase, int *cur);
void risk_view_json(const kern *k, const void *st, int viewer, jw *w);
void risk_board_json(const void *data, jw *w);

/* risk_state.c: the saved fields of risk_ext and their check. */
extern const sfield risk_ext_fields[];
extern const kern_hooks risk_kern_hooks;
int risk_ext_check(const kern *k, const void *st);

#endif
