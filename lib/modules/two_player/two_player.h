/* Module `two_player` (rules/two_player.md): shared declarations of its
 * files.  two_player.c holds the parameters, the rules object, the kernel
 * hooks and the module state checks; two_player_rules.c the module's actions
 * and decision points; two_player_text.c their text, events and views. */
#ifndef CRISK_MODULES_TWO_PLAYER_H
#define CRISK_MODULES_TWO_PLAYER_H

#include "catanrisk/two_player.h"
#include "../../catan/kernel.h"

#define TP_NEUTRALS 2
#define TP_TOKENS_EACH 5 /* T-16 */
#define TP_ROAD_WORDS 2   /* path words of the derived road sets: boards up to 128 paths */

/* Rules object: the kernel first (the kernel functions take it directly). */
typedef struct tp_rules {
	kern k;
	uint16_t site[TP_NEUTRALS]; /* T-5 start intersections of N0, N1 */
	uint16_t desert;            /* the desert hex (robber to desert, T-17) */
	uint8_t derived;            /* tp_ext.roads is kept: k.pw <= TP_ROAD_WORDS */
} tp_rules;

/* Module state (the kernel's ext region), saved field by field. */
typedef struct tp_ext {
	uint8_t tokens[2];        /* per seat (T-16) */
	uint8_t supply;           /* tokens in the supply */
	/* Kept by the kernel (kern_config.two_rolls, rolls_at): rolls then first_sum. */
	uint8_t rolls;            /* rolls resolved this turn, 0..2 (T-8) */
	uint8_t first_sum;        /* the first roll's sum this turn, 0 before it */
	uint8_t token_used;       /* a paid token action was taken this turn (T-17) */
	uint8_t knight_swapped;   /* a knight was discarded for tokens this turn (T-19) */
	uint8_t neutral_ret;      /* decision point after the neutral build (T-11) */
	uint8_t drawn[NUM_RES];   /* forced trade: cards drawn, until the give (T-17) */
	uint8_t knights_out[2];   /* knights discarded for tokens, per seat (T-19) */
	/* Derived, not saved (docs/decisions.md, module two_player 13): per
	 * neutral, the paths where it may build a road now (T-12, supply
	 * aside), as path bitsets; kept up to date by every build, derived
	 * again on load, compared with a recomputation by tp_ext_check.  All
	 * zero when the board has more paths (tp_rules.derived 0). */
	uint64_t roads[TP_NEUTRALS][TP_ROAD_WORDS];
} tp_ext;

static inline tp_ext *tpx(const kern *k, const void *st)
{
	return (tp_ext *)kext(k, st);
}
static inline const tp_rules *tpr(const kern *k)
{
	return (const tp_rules *)(const void *)k;
}

/* The module's own decision points and action types (inline: every apply
 * asks). */
static inline int tp_own_phase(int dp)
{
	return dp >= DP_TP_NEUTRAL && dp <= DP_TP_GIVE;
}
static inline int tp_is_module_type(unsigned type)
{
	return type >= CRISK_TP_NEUTRAL_ROAD && type <= CRISK_TP_KNIGHT_TOKENS;
}

/* two_player.c */
int tp_module_phase(int dp);

/* two_player_rules.c */
int tp_token_cost(const kern *k, const void *st, int s);
int tp_neutral_road_ok(const kern *k, const void *st, int j, int path);
int tp_neutral_site_ok(const kern *k, const void *st, int j, int node);
int tp_any_neutral_build(const kern *k, const void *st);
int tp_check(const void *data, const void *st, crisk_action a);
size_t tp_main_more(const kern *k, const void *st, crisk_action *buf, size_t cap, size_t n);
size_t tp_legal(const void *data, const void *st, crisk_action *buf, size_t cap);
size_t tp_legal_except(const void *data, const void *st, uint64_t skip_types, crisk_action *buf, size_t cap);
int tp_apply(const void *data, void *st, crisk_action a, evlog *log);
int tp_playout(const void *data, void *st, uint64_t skip_types, uint64_t max_steps, uint64_t *policy, evlog *log,
	       uint64_t *steps);
int tp_chance(const void *data, const void *st, crisk_action *acts, double *probs, size_t cap, size_t *count);
void tp_after_build(const kern *k, void *st, int piece, int id, int how, evlog *log);
/* tp_ext.roads from scratch (a new state, a load). */
void tp_derive_roads(const kern *k, void *st);
/* Whether tp_ext.roads is what tp_derive_roads would make (the state check). */
int tp_roads_match(const kern *k, const void *st);

/* two_player_text.c */
int tp_action_to_string(const void *data, crisk_action a, textbuf *t);
int tp_action_from_string(const void *data, const char *text, crisk_action *out);
void tp_event_to_string(const void *data, const crisk_event *e, textbuf *t);
void tp_event_json(const void *data, const crisk_event *e, jw *w);
void tp_view_json(const kern *k, const void *st, int viewer, jw *w);
void tp_board_json(const void *data, jw *w);

/* two_player_rl.c: the rl_* hooks (module.h), the kernel's with the module's after them */
size_t tp_rl_actions(const void *data);
int64_t tp_rl_index(const void *data, const void *state, crisk_action a);
crisk_action tp_rl_action(const void *data, const void *state, size_t i);
size_t tp_rl_mask(const void *data, const void *state, uint8_t *mask);
size_t tp_rl_obs_size(const void *data);
void tp_rl_observe(const void *data, const void *state, int viewer, float *out);
void tp_rl_describe_actions(const void *data, jw *w);
void tp_rl_describe_obs(const void *data, jw *w);

#endif
