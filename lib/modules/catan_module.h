/* The vtable methods every Catan-family module shares: each hands its rules
 * data (which starts with a struct kern) to the kernel.  A module's vtable
 * names these for the methods it does not change. */
#ifndef CRISK_MODULES_CATAN_MODULE_H
#define CRISK_MODULES_CATAN_MODULE_H

#include "../core/module.h"
#include "../catan/kernel.h"

/* Whether parameter i was given ("-" stands for "not given": the parser
 * refuses empty values and the canonical string names every key). */
int cm_given(const param_set *p, int i);
/* The board options every Catan-family module takes (B-38, B-126):
 * terrain, tokens and harbors (consecutive from `terrain`) are required with
 * board=custom and refused otherwise; no_identical_adjacent needs
 * board=random_tokens.  CRISK_OK, or CRISK_EPARAM with a message. */
int cm_check_board_options(const param_set *p, const param_desc *params, int board_key, int terrain, int no_identical);

/* The parameters every Catan-family module takes first, in this order; a
 * module's own follow from P_COMMON. */
enum cm_param {
	P_PLAYERS, P_SEED, P_BOARD, P_TERRAIN, P_TOKENS, P_HARBORS, P_NO_IDENTICAL, P_VP_TARGET, P_DISCARD_LIMIT,
	P_FRIENDLY_ROBBER, P_MAX_OFFERS, P_MAX_TURNS, P_CHANCE, P_COMMON
};

/* The board the shared parameters describe (seed, board, custom layout,
 * B-28..B-38) on the standard frame or, with big, the 5-6 player one
 * (B-111); k->rng0 is the RNG after generating it. */
int cm_make_board(kern *k, const param_set *p, int big);
/* A kern_config with the shared parameters and the components of base for
 * 3-4 players (B-6, B-7, B-9); the module adds or changes the rest. */
kern_config cm_config(const param_set *p, const char *module_name);

/* The parameters every Catan-family module takes, as param_desc
 * initialisers for its table (docs/parameters.md).  "-" stands for "not
 * given": the parser refuses empty values and the canonical string names
 * every key.  The three with a help argument name a module's own rules. */
extern const char *const cm_board_choices[];
extern const char *const cm_chance_choices[];
#define CM_PARAM_SEED                                                                                           \
	{"seed", NULL, PT_UINT64, NULL, 0, 0, NULL, "0..18446744073709551615", "seed of the game's RNG (B-29)"}
#define CM_PARAM_BOARD(help)                                                                                    \
	{"board", NULL, PT_ENUM, "random", 0, 0, cm_board_choices, "beginner|random|random_tokens|custom", help}
#define CM_PARAM_TERRAIN                                                                                        \
	{"terrain", NULL, PT_STRING, "-", 0, 0, NULL, "one letter per land hex (h f p g m d), board=custom only", \
	 "custom terrain (B-38)"}
#define CM_PARAM_TOKENS                                                                                         \
	{"tokens", NULL, PT_STRING, "-", 0, 0, NULL,                                                            \
	 "comma-separated tokens per land hex (0 for a desert), board=custom only", "custom tokens (B-38)"}
#define CM_PARAM_HARBORS                                                                                        \
	{"harbors", NULL, PT_STRING, "-", 0, 0, NULL, "one letter per harbor slot (3 b l w g o), board=custom only", \
	 "custom harbor types (B-38)"}
#define CM_PARAM_NO_IDENTICAL                                                                                   \
	{"no_identical_adjacent", NULL, PT_BOOL, "off", 0, 1, NULL, "off|on (board=random_tokens only)",        \
	 "no two adjacent hexes with equal numbers (B-36)"}
#define CM_PARAM_VP_TARGET(help) {"vp_target", NULL, PT_INT, "10", 3, 30, NULL, "3..30", help}
#define CM_PARAM_DISCARD_LIMIT                                                                                  \
	{"discard_limit", NULL, PT_INT, "7", 0, 95, NULL, "0..95", "a 7 makes seats with more cards discard half (B-58)"}
#define CM_PARAM_FRIENDLY_ROBBER                                                                                \
	{"friendly_robber", NULL, PT_BOOL, "off", 0, 1, NULL, "off|on",                                       \
	 "no robber next to seats with 2 visible VP or less (B-63)"}
#define CM_PARAM_MAX_OFFERS                                                                                     \
	{"max_trade_offers_per_turn", NULL, PT_INT, "0", 0, 1000, NULL, "0..1000 (0 = unlimited)",            \
	 "domestic offers per turn (B-99)"}
#define CM_PARAM_MAX_TURNS                                                                                      \
	{"max_turns", NULL, PT_INT, "0", 0, 1000000, NULL, "0..1000000 (0 = unlimited)",                      \
	 "the game ends without winner after this turn (B-52)"}
#define CM_PARAM_CHANCE(help) {"chance", "chance_mode", PT_ENUM, "auto", 0, 0, cm_chance_choices, "auto|explicit", help}
/* Entries P_SEED .. P_CHANCE of a module's table; the module writes P_PLAYERS. */
#define CM_SHARED_PARAMS(board_help, vp_target_help, chance_help)                                              \
	[P_SEED] = CM_PARAM_SEED, [P_BOARD] = CM_PARAM_BOARD(board_help), [P_TERRAIN] = CM_PARAM_TERRAIN,        \
	[P_TOKENS] = CM_PARAM_TOKENS, [P_HARBORS] = CM_PARAM_HARBORS, [P_NO_IDENTICAL] = CM_PARAM_NO_IDENTICAL,  \
	[P_VP_TARGET] = CM_PARAM_VP_TARGET(vp_target_help), [P_DISCARD_LIMIT] = CM_PARAM_DISCARD_LIMIT,          \
	[P_FRIENDLY_ROBBER] = CM_PARAM_FRIENDLY_ROBBER, [P_MAX_OFFERS] = CM_PARAM_MAX_OFFERS,                    \
	[P_MAX_TURNS] = CM_PARAM_MAX_TURNS, [P_CHANCE] = CM_PARAM_CHANCE(chance_help)

void cm_rules_destroy(void *data);
int cm_num_seats(const void *data);
size_t cm_state_size(const void *data);
void cm_state_init(const void *data, void *state, evlog *log);
int cm_current_seat(const void *data, const void *state);
int cm_status(const void *data, const void *state, int *winner);
int64_t cm_turn(const void *data, const void *state);
int cm_score(const void *data, const void *state, int seat, int viewer);
size_t cm_legal(const void *data, const void *state, crisk_action *buf, size_t cap);
int cm_playout(const void *data, void *state, uint64_t skip_types, uint64_t max_steps, uint64_t *policy, evlog *log,
	       uint64_t *steps);
size_t cm_legal_except(const void *data, const void *state, uint64_t skip_types, crisk_action *buf, size_t cap);
int cm_check(const void *data, const void *state, crisk_action a);
int cm_apply(const void *data, void *state, crisk_action a, evlog *log);
int cm_chance(const void *data, const void *state, crisk_action *acts, double *probs, size_t cap, size_t *count);
int cm_action_to_string(const void *data, crisk_action a, textbuf *t);
int cm_action_from_string(const void *data, const char *text, crisk_action *out);
void cm_event_to_string(const void *data, const crisk_event *e, textbuf *t);
void cm_event_json(const void *data, const crisk_event *e, jw *w);
void cm_to_json(const void *data, const void *state, int viewer, jw *w);
void cm_board_json(const void *data, jw *w);
size_t cm_state_bytes(const void *data);
void cm_state_save(const void *data, const void *state, uint8_t *out);
void cm_state_load(const void *data, const uint8_t *in, void *state);
int cm_state_check(const void *data, const void *state);
void cm_state_to_json(const void *data, const void *state, jw *w);
int cm_state_from_json(const void *data, const struct jnode *root, void *state);

/* Reinforcement learning over the kernel (catan_rl.c, docs/rl-catan.md): the
 * module.h rl_* hooks for the kernel's action types and the kernel's part of
 * the observation.  `base` names them as they are; a variant (two_player,
 * risk, hawaii) puts its own indices after cm_rl_actions(data), its own
 * floats after cm_rl_obs_size(data), and calls these for the rest.
 * cm_rl_index is -1 for the types the kernel does not index (all of 32 and
 * up, and those of CM_RL_SKIP); cm_rl_mask marks the kernel's types only. */
/* The kernel types without index: domestic offers and multi-card discards
 * (single-card DISCARD covers every discard). */
#define CM_RL_SKIP \
	(CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE) | CRISK_ACTION_TYPE_BIT(CRISK_CATAN_DISCARD_CARDS))
size_t cm_rl_actions(const void *data);
int64_t cm_rl_index(const void *data, const void *state, crisk_action a);
crisk_action cm_rl_action(const void *data, const void *state, size_t i);
size_t cm_rl_obs_size(const void *data);
void cm_rl_observe(const void *data, const void *state, int viewer, float *out);
void cm_rl_describe_actions(const void *data, jw *w);
void cm_rl_describe_obs(const void *data, jw *w);
size_t cm_rl_mask(const void *data, const void *state, uint8_t *mask);
/* Where the kernel's observation holds hex_terrain (one-hot per land hex)
 * and hex_token (one per land hex): a variant that hides hexes (risk's fog)
 * clears them there. */
void cm_rl_hex_fields(const void *data, size_t *terrain_at, size_t *token_at);

#endif
