/**
 * @file rl.h
 * @brief Reinforcement learning: a fixed action index with legal-action
 *        masks, fixed-size observations from a seat's view, and a vector
 *        environment that steps many games in one call.
 */
#ifndef CATANRISK_RL_H
#define CATANRISK_RL_H

#include "common.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup rl Reinforcement learning
 * @brief Flat action indices, masks, observations and the vector environment.
 *
 * Every built-in module numbers the actions a seat can choose 0 .. A-1 (the
 * action index), A fixed by the rules.  The index is relative to the seat to
 * act: where an action names a seat, the index counts seats from the acting
 * one (1 = the next seat clockwise), so one policy can play every seat.  It
 * covers every action the legal lists hold except the types a module leaves
 * out (domestic trade offers, for one), and at every decision point of a
 * seat at least one legal action has an index, so a policy that only ever
 * picks masked indices can play every game to its end.
 *
 * An observation is a vector of O floats (O fixed by the rules) computed from
 * one viewer's view only: nothing a seat may not know goes into its
 * observation.  Seats in it are also counted from the viewer.  Both layouts
 * are documented field by field in docs/rl.md and described at run time by
 * crisk_rl_spaces_json().
 * @{
 */

/**
 * Size A of the rules' action index.
 *
 * @param rules      Rules handle.
 * @param[out] count Receives A.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EUNSUPPORTED (a module without an
 *         action index, e.g. a host module).
 */
CRISK_API int crisk_rl_action_count(const crisk_rules *rules, size_t *count);

/**
 * Size O of the rules' observation vector.
 *
 * @param rules     Rules handle.
 * @param[out] size Receives O.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EUNSUPPORTED.
 */
CRISK_API int crisk_rl_observation_size(const crisk_rules *rules, size_t *size);

/**
 * Describes the action index and the observation as JSON:
 * `{"actions": A, "observation": O, "action_ranges": [{"name", "first",
 * "count", "arg"}...], "observation_fields": [{"name", "offset", "count",
 * "low", "high", "about"}...]}`.  Ranges and fields cover 0..A-1 and 0..O-1
 * in order without gaps.
 *
 * @param rules        Rules handle.
 * @param buf          Caller buffer; may be NULL when @p cap is 0.
 * @param cap          Capacity of @p buf.
 * @param[out] out_len Receives the length without the NUL; may be NULL.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EBUFSIZE, CRISK_EUNSUPPORTED.
 */
CRISK_API int crisk_rl_spaces_json(const crisk_rules *rules, char *buf, size_t cap, size_t *out_len);

/**
 * The index of an action at the game's current decision point.
 *
 * @param game       Game handle; a seat must be to act.
 * @param action     Action code (need not be legal now).
 * @param[out] index Receives the index 0 .. A-1.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_ENOTFOUND (the action has no index,
 *         e.g. a trade offer), CRISK_ESTATE (no seat to act),
 *         CRISK_EUNSUPPORTED.
 */
CRISK_API int crisk_rl_action_index(const crisk_game *game, crisk_action action, size_t *index);

/**
 * The action an index means at the game's current decision point (the
 * inverse of crisk_rl_action_index()).  The action need not be legal: check
 * with the mask, crisk_game_check() or crisk_game_apply().
 *
 * @param game        Game handle; a seat must be to act.
 * @param index       Index 0 .. A-1.
 * @param[out] action Receives the action code.
 * @return CRISK_OK, CRISK_EINVAL (index out of range), CRISK_ESTATE (no seat
 *         to act), CRISK_EUNSUPPORTED.
 */
CRISK_API int crisk_rl_index_action(const crisk_game *game, size_t index, crisk_action *action);

/**
 * The legal-action mask of the current decision point: mask[i] = 1 when
 * index i is legal now, else 0.  No allocation.
 *
 * @param game       Game handle.
 * @param mask       Caller array of at least A bytes.
 * @param cap        Length of @p mask.
 * @param[out] legal Receives the number of legal indices (0 when no seat is
 *                   to act: game over or a chance point); may be NULL.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EBUFSIZE (@p cap < A),
 *         CRISK_EUNSUPPORTED.
 */
CRISK_API int crisk_rl_legal_mask(const crisk_game *game, uint8_t *mask, size_t cap, size_t *legal);

/**
 * Writes the observation of @p viewer: O floats from that viewer's view only.
 *
 * @param game   Game handle.
 * @param viewer A seat, CRISK_VIEWER_SPECTATOR or CRISK_VIEWER_OMNISCIENT
 *               (the latter two count seats from seat 0).
 * @param obs    Caller array of at least O floats.
 * @param cap    Length of @p obs in floats.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EBUFSIZE, CRISK_EUNSUPPORTED.
 */
CRISK_API int crisk_rl_observe(const crisk_game *game, int viewer, float *obs, size_t cap);

/** Opaque vector environment: N games stepped together. */
typedef struct crisk_vec_env crisk_vec_env;

/** crisk_vec_env_new() flag: each game gets its own rules, the given ones
 *  with another `seed` (a new board and new dice per game, where the module
 *  takes a seed); without it every game replays the same rules and seed, and
 *  games differ only by the actions taken. */
#define CRISK_VEC_NEW_SEED 1u

/**
 * Creates a vector environment of @p n games of @p rules.
 *
 * The seats in @p agent_seats (bit s = seat s) are played by the caller; the
 * others by a uniform random policy over the indexed legal actions, inside
 * the library.  Chance points (rules with explicit chance) are drawn by
 * their probabilities inside the library, as crisk_game_playout() draws
 * them, so the caller only ever sees seats' decisions.  A game that ends is started again at once (auto-reset): the
 * step that ended it reports its rewards and flags, and the observation and
 * mask it returns are those of the new game.
 *
 * @param[out] out    Receives the environment.
 * @param rules       Rules; the environment takes its own reference.
 * @param n           Number of games, 1 .. 1048576.
 * @param agent_seats Non-empty subset of the rules' seats.
 * @param seed        Seed of the random opponents (and of the per-game
 *                    seeds with CRISK_VEC_NEW_SEED).
 * @param flags       0 or CRISK_VEC_NEW_SEED.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_ENOMEM, CRISK_EUNSUPPORTED, or the
 *         error of creating a game.
 */
CRISK_API int crisk_vec_env_new(crisk_vec_env **out, const crisk_rules *rules, size_t n, uint32_t agent_seats,
				uint64_t seed, uint32_t flags);

/**
 * Frees a vector environment.
 *
 * @param env Environment; NULL is a no-op.
 */
CRISK_API void crisk_vec_env_free(crisk_vec_env *env);

/**
 * Starts all games again and writes, per game i, the acting agent seat
 * seats[i], its observation obs[i*O .. i*O+O-1] and mask masks[i*A .. ].
 * Any output may be NULL.
 *
 * @param env   Environment.
 * @param obs   N*O floats, or NULL.
 * @param masks N*A bytes, or NULL.
 * @param seats N seats, or NULL.
 * @return CRISK_OK, CRISK_EINVAL, or an error of the games (message set).
 */
CRISK_API int crisk_vec_env_reset(crisk_vec_env *env, float *obs, uint8_t *masks, int32_t *seats);

/**
 * Applies actions[i] (an action index) in game i for its acting agent seat,
 * lets the random seats play until an agent seat is to act again or the game
 * ends, and writes the outputs.  rewards[i*S + s] is +1 for the winning seat
 * and -1 for the other seats on the step a game is won, else 0 (S the
 * rules' seats).  terminated[i] = 1 when the game was won, truncated[i] = 1
 * when it ended without winner (turn limit).  Every output may be NULL.
 *
 * An index that is not legal in its game fails the whole call with
 * CRISK_EILLEGAL before any game changes (the message names the game and
 * the index).
 *
 * @param env        Environment (after a reset).
 * @param actions    N action indices, one per game.
 * @param obs        N*O floats, or NULL.
 * @param masks      N*A bytes, or NULL.
 * @param rewards    N*S floats, or NULL.
 * @param terminated N bytes, or NULL.
 * @param truncated  N bytes, or NULL.
 * @param seats      N seats, or NULL.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EILLEGAL, CRISK_ESTATE (no reset
 *         yet, or a game left by a failed step), or an error of the games.
 */
CRISK_API int crisk_vec_env_step(crisk_vec_env *env, const int32_t *actions, float *obs, uint8_t *masks,
				 float *rewards, uint8_t *terminated, uint8_t *truncated, int32_t *seats);

/**
 * Draws a uniform legal index per game from the environment's generator
 * (the built-in random policy), for baselines and benchmarks.
 *
 * @param env     Environment (after a reset).
 * @param actions N indices, written.
 * @return CRISK_OK, CRISK_EINVAL.
 */
CRISK_API int crisk_vec_env_sample(crisk_vec_env *env, int32_t *actions);

/**
 * Sizes of an environment: games N, action index A, observation O, seats S.
 *
 * @param env              Environment.
 * @param[out] n           Receives N; may be NULL.
 * @param[out] actions     Receives A; may be NULL.
 * @param[out] observation Receives O; may be NULL.
 * @param[out] seats       Receives S; may be NULL.
 * @return CRISK_OK, CRISK_EINVAL.
 */
CRISK_API int crisk_vec_env_sizes(const crisk_vec_env *env, size_t *n, size_t *actions, size_t *observation,
				  size_t *seats);

/**
 * Game i of the environment, for inspection (views, saving); it stays owned
 * by the environment and is valid until the next reset or step.
 *
 * @param env       Environment.
 * @param i         0 .. N-1.
 * @param[out] game Receives the game.
 * @return CRISK_OK, CRISK_EINVAL.
 */
CRISK_API int crisk_vec_env_game(const crisk_vec_env *env, size_t i, const crisk_game **game);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
