/**
 * @file game.h
 * @brief Games: create, copy, query, list legal actions, check and apply them.
 */
#ifndef CATANRISK_GAME_H
#define CATANRISK_GAME_H

#include "common.h"
#include "rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup game Games
 * @brief One match of a set of rules.
 *
 * A game is mutable and must be used by one thread at a time; distinct games
 * may be used from distinct threads at once.  A game keeps its rules alive.
 * The game's state is one flat block, so crisk_game_copy() is a plain byte copy.
 * @{
 */

/** Opaque game handle. */
typedef struct crisk_game crisk_game;

/** crisk_game_status(): the game goes on. */
#define CRISK_STATUS_RUNNING 0
/** crisk_game_status(): a seat has won. */
#define CRISK_STATUS_WON 1
/** crisk_game_status(): the game ended without a winner (turn limit). */
#define CRISK_STATUS_ENDED 2

/**
 * Creates a game at its first decision point.
 *
 * @param[out] out Receives the game; NULL on failure.
 * @param rules    Rules to play; the game takes its own reference.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_ENOMEM.
 */
CRISK_API int crisk_game_new(crisk_game **out, const crisk_rules *rules);

/**
 * Creates an independent copy of a game (state, RNG, event log, undo history
 * and game record).
 *
 * @param[out] out Receives the copy; NULL on failure.
 * @param game     Game to copy.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_ENOMEM.
 */
CRISK_API int crisk_game_clone(crisk_game **out, const crisk_game *game);

/**
 * Copies the state of @p src into an existing game @p dst of the same rules
 * object, without allocating: the state block, the RNG and the event sequence
 * number.  The event log and the undo history of @p dst are emptied (their
 * capacities are kept).  If @p dst is recording (record.h), it takes over
 * @p src's record when that fits in @p dst's record capacity; otherwise no
 * record can be written for @p dst afterwards.  This is the fast path for
 * search and playouts.
 *
 * @param dst Destination game.
 * @param src Source game.
 * @return CRISK_OK, CRISK_EINVAL (NULL, or games of different rules objects).
 */
CRISK_API int crisk_game_copy(crisk_game *dst, const crisk_game *src);

/**
 * Size in bytes of the game's mutable state block: what crisk_game_copy()
 * copies (the event log is not part of it).  For benchmarks and memory planning.
 *
 * @param game Game handle.
 * @return The size, or 0 if @p game is NULL.
 */
CRISK_API size_t crisk_game_state_size(const crisk_game *game);

/**
 * Frees a game.
 *
 * @param game Game handle; NULL is a no-op.
 */
CRISK_API void crisk_game_free(crisk_game *game);

/**
 * The rules the game plays.
 *
 * @param game Game handle.
 * @return The rules (owned by the game), or NULL if @p game is NULL.
 */
CRISK_API const crisk_rules *crisk_game_rules(const crisk_game *game);

/**
 * Who must act now.
 *
 * @param game Game handle.
 * @return A seat 0..n-1, CRISK_SEAT_CHANCE, CRISK_SEAT_NONE (game over), or
 *         CRISK_EINVAL if @p game is NULL; CRISK_ESTATE when a host module
 *         answers outside its contract (docs/modules.md).
 */
CRISK_API int crisk_game_current_seat(const crisk_game *game);

/**
 * Whether the game goes on, was won, or ended without winner.
 *
 * @param game        Game handle.
 * @param[out] winner Receives the winning seat, or -1; may be NULL.
 * @return CRISK_STATUS_RUNNING, CRISK_STATUS_WON, CRISK_STATUS_ENDED, or CRISK_EINVAL;
 *         CRISK_ESTATE (winner -1) when a host module answers outside its contract.
 */
CRISK_API int crisk_game_status(const crisk_game *game, int *winner);

/**
 * The turn number: 0 during set-up, then 1, 2, ... (each own turn counts one).
 *
 * @param game Game handle.
 * @return The turn number (>= 0) or CRISK_EINVAL; CRISK_ESTATE when a host
 *         module answers outside its contract.
 */
CRISK_API int64_t crisk_game_turn(const crisk_game *game);

/**
 * Victory points of @p seat as @p viewer may know them: a seat's own view and
 * the omniscient view include hidden victory point cards; others see visible
 * VP only.
 *
 * @param game    Game handle.
 * @param seat    Seat 0..n-1.
 * @param viewer  A seat, CRISK_VIEWER_SPECTATOR or CRISK_VIEWER_OMNISCIENT.
 * @param[out] vp Receives the points.
 * @return CRISK_OK, CRISK_EINVAL, or CRISK_ESTATE (points 0) when a host
 *         module's score is out of its range (docs/modules.md).
 */
CRISK_API int crisk_game_score(const crisk_game *game, int seat, int viewer, int *vp);

/**
 * Fills the legal actions of the current decision point in ascending order.
 *
 * Where the true set is combinatorial (domestic trade offers, multi-card
 * discards) a documented bounded subset is listed; crisk_game_check() and
 * crisk_game_apply() accept every legal action, listed or not.  No allocation.
 *
 * @param game       Game handle.
 * @param buf        Caller buffer; may be NULL when @p cap is 0.
 * @param cap        Capacity of @p buf in actions.
 * @param[out] count Receives the number of legal actions (even when the buffer is too small).
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EBUFSIZE if @p cap < *count, or
 *         CRISK_ESTATE (count 0) when the game takes no more actions (see
 *         crisk_game_apply()) or a host module's list breaks its contract.
 */
CRISK_API int crisk_game_legal_actions(const crisk_game *game, crisk_action *buf, size_t cap, size_t *count);

/**
 * Fills the legal actions of the current decision point that are not of the
 * skipped types, in ascending order: crisk_game_legal_actions() without the
 * codes whose type bit is in @p skip_types.  A bot that never makes domestic
 * trade offers, for instance, passes
 * `CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE)` and gets neither the offers
 * nor the cost of listing them.  Skipping types changes only the list, never
 * what crisk_game_check() and crisk_game_apply() accept.
 *
 * The built-in Catan modules skip offers without listing them.  Any other
 * set of types is filtered from the full list; that needs no allocation
 * unless the full list holds more than 512 actions.  Nothing at or past
 * min(*count, @p cap) in @p buf is written.
 *
 * @param game       Game handle.
 * @param skip_types Bit t (CRISK_ACTION_TYPE_BIT(t)) set leaves out the
 *                   actions of type t, for t in 0..63; 0 skips nothing.
 *                   Types 64..255 cannot be skipped.
 * @param buf        Caller buffer; may be NULL when @p cap is 0.
 * @param cap        Capacity of @p buf in actions.
 * @param[out] count Receives the number of listed actions (even when the buffer is too small).
 * @return CRISK_OK, CRISK_EINVAL, CRISK_ENOMEM, or CRISK_EBUFSIZE if @p cap < *count.
 */
CRISK_API int crisk_game_legal_actions_except(const crisk_game *game, uint64_t skip_types, crisk_action *buf,
					      size_t cap, size_t *count);

/**
 * Plays random actions until the game is over: a random playout (rollout),
 * as Monte Carlo tree search and training loops run them by the million.
 *
 * Each step is what a host would do with crisk_game_legal_actions_except(),
 * a uniform draw and crisk_game_apply(): the legal actions except the skipped
 * types are listed, one is drawn uniformly (a lone action without a draw)
 * and applied.  At a chance point (explicit chance mode) an outcome is drawn
 * by its probability.  The draws come from the generator state
 * @p rng_state (splitmix64, documented in docs/api.md), which the call
 * advances, so the same game and state give the same playout.  Undo
 * snapshots, the record and the event log are kept as by crisk_game_apply().
 *
 * No allocation, unless a listed set is longer than 512 actions or a chance
 * point has more than 64 outcomes (a Risk battle roll can).
 *
 * @param game       Game handle.
 * @param skip_types Action types never drawn, as for crisk_game_legal_actions_except().
 * @param max_steps  Stop after this many actions; 0 = until the game is over.
 * @param rng_state  In/out: the policy generator's state; any value is a seed.
 * @param[out] steps Receives the number of actions applied; may be NULL.
 * @return CRISK_OK once the game is over or @p max_steps actions were applied;
 *         CRISK_EINVAL (NULL @p game or @p rng_state); CRISK_ESTATE when a
 *         seat to act has no action left after skipping; CRISK_ENOMEM; or
 *         the error of a failing step, with the actions before it applied.
 */
CRISK_API int crisk_game_playout(crisk_game *game, uint64_t skip_types, uint64_t max_steps, uint64_t *rng_state,
				 uint64_t *steps);

/**
 * Plays @p n random playouts from the position of @p game on up to
 * @p threads threads and counts how they end: the batch a search bot runs
 * at a leaf.  @p game is not changed.
 *
 * Playout i is crisk_game_playout() with @p skip_types and @p max_steps on
 * a copy of @p game (event log, undo and recording off), with the generator
 * state r_i = the first splitmix64 output of the state seed + i (docs/api.md).
 * The counts therefore depend on @p seed but not on @p threads.  The calling
 * thread plays too, and threads - 1 more are started for the call; where
 * threads cannot be started (a WebAssembly build) the others share the work.
 * In automatic chance mode every copy starts from the game's own generator,
 * so the chance events of playouts that take the same actions repeat; with
 * chance=explicit each playout draws them from its own stream.
 *
 * @param game       The position (read by every thread of the call, not
 *                   changed; no other thread may change it meanwhile).
 * @param n          Playouts to play; 0 plays none.
 * @param threads    Threads to play on, 1..256 (more than @p n are not started).
 * @param skip_types Action types never drawn, as for crisk_game_playout().
 * @param max_steps  Stop each playout after this many actions; 0 = no limit.
 * @param seed       Seed of the playouts' streams (any value).
 * @param[out] wins  Receives, per seat, the playouts that seat won; all of
 *                   its @p n_wins entries are written.
 * @param n_wins     Entries of @p wins, at least crisk_rules_num_seats().
 * @param[out] unfinished Receives the playouts that ended without a winner
 *                   or stopped at @p max_steps; may be NULL.
 * @param[out] steps Receives the actions applied in all playouts; may be NULL.
 * @return CRISK_OK; CRISK_EINVAL (NULL @p game or @p wins, @p threads out of
 *         range); CRISK_EBUFSIZE (@p n_wins below the seats); CRISK_ENOMEM;
 *         or the error of the failing playout with the lowest index, whose
 *         message names it (the counts then hold the other playouts).
 */
CRISK_API int crisk_game_playouts(const crisk_game *game, size_t n, unsigned threads, uint64_t skip_types,
				  uint64_t max_steps, uint64_t seed, uint64_t *wins, size_t n_wins, uint64_t *unfinished,
				  uint64_t *steps);

/**
 * Checks whether an action is legal now.  When it is not, crisk_error_last()
 * says why in player terms ("not enough brick: need 1, have 0").
 *
 * @param game   Game handle.
 * @param action Action code.
 * @return CRISK_OK if legal, CRISK_EILLEGAL if not, CRISK_EINVAL for a NULL game,
 *         CRISK_ESTATE once the game has numbered 2^62 events (see crisk_game_apply()).
 */
CRISK_API int crisk_game_check(const crisk_game *game, crisk_action action);

/**
 * Applies an action.  Validates exactly like crisk_game_check(); when it
 * refuses, the game is unchanged.  In automatic chance mode the chance events
 * the action causes (dice, draws, steals) are sampled from the game's RNG.
 *
 * Apply does not allocate, except when recording is on
 * (crisk_game_set_recording()): then it may grow the game's action list, and
 * if that fails it returns CRISK_ENOMEM without applying the action.  With an
 * undo depth set (crisk_game_set_undo_depth()) a successful apply stores a
 * snapshot in the preallocated undo ring.
 *
 * @param game   Game handle.
 * @param action Action code.
 * A save holds event sequence numbers up to 2^63-1, so that every game can
 * be saved, a game whose next sequence number is above 2^62 (only a game
 * loaded from such a save can get there) takes no more actions: apply,
 * check, the legal-action lists and crisk_game_playout() refuse with
 * CRISK_ESTATE.
 *
 * @return CRISK_OK, CRISK_EILLEGAL, CRISK_EINVAL, CRISK_ENOMEM (recording only),
 *         CRISK_ESTATE (event sequence numbers used up, above).
 */
CRISK_API int crisk_game_apply(crisk_game *game, crisk_action action);

/**
 * At a chance decision point (explicit chance mode), the possible outcomes and
 * their exact probabilities, in the order of crisk_game_legal_actions().
 *
 * @param game       Game handle.
 * @param actions    Caller buffer for the outcomes; may be NULL when @p cap is 0.
 * @param probs      Caller buffer for the probabilities; may be NULL when @p cap is 0.
 * @param cap        Capacity of both buffers.
 * @param[out] count Receives the number of outcomes.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EBUFSIZE, or CRISK_ESTATE when the
 *         current decision point is not a chance point.
 */
CRISK_API int crisk_game_chance_probabilities(const crisk_game *game, crisk_action *actions, double *probs,
					      size_t cap, size_t *count);

/**
 * Writes the text form of an action, e.g. "build_road 12" or
 * "offer give=2wool want=1ore to=*".  The form is documented in docs/actions.md.
 *
 * @param game    Game handle (gives the module and board).
 * @param action  Action code (need not be legal now, but must be well-formed).
 * @param buf     Caller buffer; may be NULL when @p cap is 0.
 * @param cap     Capacity of @p buf.
 * @param[out] out_len Receives the length without the NUL; may be NULL.
 * @return CRISK_OK, CRISK_EINVAL (NULL game or unknown action type), CRISK_EBUFSIZE.
 */
CRISK_API int crisk_game_action_to_string(const crisk_game *game, crisk_action action, char *buf, size_t cap,
					  size_t *out_len);

/**
 * Parses the text form of an action.
 *
 * @param[out] out Receives the action code.
 * @param game     Game handle.
 * @param text     Text form, NUL-terminated.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EFORMAT (message says what is wrong).
 */
CRISK_API int crisk_game_action_from_string(crisk_action *out, const crisk_game *game, const char *text);

/** The largest undo depth crisk_game_set_undo_depth() accepts. */
#define CRISK_MAX_UNDO_DEPTH 4096

/**
 * Sets how many actions can be undone, preallocating that many snapshots of
 * the state block so that crisk_game_apply() never allocates for undo.  The
 * default is 0 (undo off).  Any undo history the game had is discarded.
 * Hosts that let people take moves back must restrict undo around hidden
 * randomness: see @ref undo.
 *
 * @param game  Game handle.
 * @param depth 0 .. CRISK_MAX_UNDO_DEPTH snapshots; 0 frees them.
 * @return CRISK_OK, CRISK_EINVAL (NULL game, depth too large), CRISK_ENOMEM
 *         (the previous depth and history are then kept).
 */
CRISK_API int crisk_game_set_undo_depth(crisk_game *game, size_t depth);

/**
 * Restores the game exactly as it was @p steps successful applies ago: the
 * state block including the RNG, and the event log, from which the events
 * newer than the restored point are dropped (their sequence numbers are given
 * again to the events that follow).  Recorded actions (record.h) newer than
 * the restored point are removed.  No allocation.
 *
 * @param game  Game handle.
 * @param steps Number of actions to take back; 0 does nothing.
 * @return CRISK_OK, CRISK_EINVAL, or CRISK_ESTATE (with a message) when fewer
 *         than @p steps snapshots are available; the game is then unchanged.
 */
CRISK_API int crisk_game_undo(crisk_game *game, size_t steps);

/**
 * How many actions crisk_game_undo() can take back now: the number of
 * successful applies since the undo depth was set, since the last
 * crisk_game_copy() into this game, or since creation, minus the ones undone,
 * at most the undo depth.
 *
 * @param game       Game handle.
 * @param[out] steps Receives the count.
 * @return CRISK_OK or CRISK_EINVAL.
 */
CRISK_API int crisk_game_undo_available(const crisk_game *game, size_t *steps);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
