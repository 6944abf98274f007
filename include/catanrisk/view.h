/**
 * @file view.h
 * @brief Events (what happened) and views (what a seat may see), with hidden information redacted.
 */
#ifndef CATANRISK_VIEW_H
#define CATANRISK_VIEW_H

#include "common.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup view Events and views
 * @brief Everything the library shows a viewer passes through the viewer's visibility.
 *
 * A viewer is a seat, CRISK_VIEWER_SPECTATOR (public information only) or
 * CRISK_VIEWER_OMNISCIENT.  A seat's view never reveals other seats' cards,
 * development cards, hidden victory point cards or the deck order.
 * @{
 */

/** Version of ::crisk_event this header describes. */
#define CRISK_EVENT_VERSION 1
/** Static initializer for ::crisk_event. */
#define CRISK_EVENT_INIT { CRISK_EVENT_VERSION, 0, 0, -1, -1, { 0, 0, 0, 0, 0, 0 } }
/** Value of an event argument the viewer may not know. */
#define CRISK_HIDDEN (-1000)

/**
 * One event.  Every action produces events numbered by a sequence number that
 * starts at 1 and grows by one per event.  Numbers are reused only after
 * crisk_game_undo() takes events back (docs/undo.md).  The meaning of the type and
 * the arguments per module family is in catan.h and docs/events.md.
 */
typedef struct crisk_event {
	uint32_t version; /**< Set to CRISK_EVENT_VERSION by the caller. */
	uint32_t type;    /**< Event type, e.g. CRISK_CATAN_EV_DICE. */
	uint64_t seq;     /**< Sequence number. */
	int32_t seat;     /**< The seat the event is about, or -1. */
	int32_t target;   /**< A second seat involved (victim, trade partner), or -1. */
	int32_t args[6];  /**< Type-specific arguments; CRISK_HIDDEN where the viewer may not know them. */
} crisk_event;

/**
 * Initializes a ::crisk_event (for bindings that cannot expand macros).
 *
 * @param event   Struct to initialize.
 * @param version CRISK_EVENT_VERSION.
 * @return CRISK_OK, or CRISK_EINVAL for NULL or an unknown version.
 */
CRISK_API int crisk_event_init(crisk_event *event, uint32_t version);

/**
 * The range of sequence numbers the game's event log holds: @p first is the
 * oldest event still kept, @p next the number the next event will get.  The
 * log keeps the newest events up to its capacity.
 *
 * @param game       Game handle.
 * @param[out] first Receives the oldest kept sequence number; may be NULL.
 * @param[out] next  Receives the next sequence number; may be NULL.
 * @return CRISK_OK or CRISK_EINVAL.
 */
CRISK_API int crisk_game_event_range(const crisk_game *game, uint64_t *first, uint64_t *next);

/**
 * Reads one event as @p viewer may see it.
 *
 * @param[out] event Initialized ::crisk_event to fill.
 * @param game       Game handle.
 * @param seq        Sequence number in [first, next) of crisk_game_event_range().
 * @param viewer     A seat, CRISK_VIEWER_SPECTATOR or CRISK_VIEWER_OMNISCIENT.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_ENOTFOUND (not in the log).
 */
CRISK_API int crisk_game_event(crisk_event *event, const crisk_game *game, uint64_t seq, int viewer);

/**
 * Text of an event for a log, e.g. "seat 2 rolled 8 (3+5)".
 *
 * @param game    Game handle (gives the module and board).
 * @param event   Event as returned by crisk_game_event().
 * @param buf     Caller buffer; may be NULL when @p cap is 0.
 * @param cap     Capacity of @p buf.
 * @param[out] out_len Receives the length without the NUL; may be NULL.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EBUFSIZE.
 */
CRISK_API int crisk_event_to_string(const crisk_game *game, const crisk_event *event, char *buf, size_t cap,
				    size_t *out_len);

/**
 * The events with sequence numbers >= @p since as a JSON array, as @p viewer
 * may see them.
 *
 * @param game    Game handle.
 * @param since   First sequence number wanted (older ones that are no longer kept are skipped).
 * @param viewer  A seat, CRISK_VIEWER_SPECTATOR or CRISK_VIEWER_OMNISCIENT.
 * @param buf     Caller buffer; may be NULL when @p cap is 0.
 * @param cap     Capacity of @p buf.
 * @param[out] out_len Receives the length without the NUL; may be NULL.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EBUFSIZE.
 */
CRISK_API int crisk_game_events_json(const crisk_game *game, uint64_t since, int viewer, char *buf, size_t cap,
				     size_t *out_len);

/**
 * Sets how many events the game's log keeps (default 4096).  0 turns the log
 * off; sequence numbers still advance.  Shrinking drops the oldest events.
 *
 * @param game     Game handle.
 * @param capacity Events to keep, 0 .. 1048576.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_ENOMEM (the log is unchanged).
 */
CRISK_API int crisk_game_set_event_capacity(crisk_game *game, size_t capacity);

/**
 * The game state as @p viewer may see it, as JSON (schema per module in docs/).
 *
 * @param game    Game handle.
 * @param viewer  A seat, CRISK_VIEWER_SPECTATOR or CRISK_VIEWER_OMNISCIENT.
 * @param buf     Caller buffer; may be NULL when @p cap is 0.
 * @param cap     Capacity of @p buf.
 * @param[out] out_len Receives the length without the NUL; may be NULL.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EBUFSIZE.
 */
CRISK_API int crisk_game_to_json(const crisk_game *game, int viewer, char *buf, size_t cap, size_t *out_len);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
