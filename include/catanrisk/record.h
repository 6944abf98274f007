/**
 * @file record.h
 * @brief Game records: the rules plus the list of actions, as replayable text.
 */
#ifndef CATANRISK_RECORD_H
#define CATANRISK_RECORD_H

#include "common.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup record Game records
 * @brief Writing and replaying the text record of a game (format: @ref records).
 *
 * A record is the module name, the canonical parameter string and every
 * action applied since crisk_game_new(), one per line in its text form.
 * Replaying it with any later version of the library gives the same game.
 * @{
 */

/**
 * Turns recording of applied actions on or off.  Recording is off by default,
 * so crisk_game_apply() never allocates in playouts; while it is on, every
 * successful apply appends its action to a list that grows as needed (the one
 * place apply may allocate; on allocation failure apply returns CRISK_ENOMEM
 * and does not apply the action).  crisk_game_undo() removes undone actions
 * from the list.
 *
 * Recording must start at creation: turning it on after an action was
 * applied (or on a game whose state was loaded or copied in) fails, since the
 * record could not be complete.  Turning it off frees the list.
 *
 * @param game Game handle.
 * @param on   Non-zero to record, 0 to stop and discard the list.
 * @return CRISK_OK, CRISK_EINVAL, or CRISK_ESTATE (turning on after the start).
 */
CRISK_API int crisk_game_set_recording(crisk_game *game, int on);

/**
 * Writes the game record as text (UTF-8, LF line ends; format: @ref records).
 *
 * @param game    A game recording since its creation.
 * @param buf     Caller buffer; may be NULL when @p cap is 0.
 * @param cap     Capacity of @p buf in bytes.
 * @param[out] out_len Receives the length without the terminating NUL; may be NULL.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EBUFSIZE (the needed length was written
 *         to @p out_len), or CRISK_ESTATE when recording is off or did not
 *         start at creation (also after crisk_game_copy() into a recording
 *         game whose record could not be taken over).
 */
CRISK_API int crisk_game_record(const crisk_game *game, char *buf, size_t cap, size_t *out_len);

/**
 * Replays a game record: creates the rules it names and applies its actions
 * in order.  The returned game is recording, so its record can be written
 * again.
 *
 * @param[out] out Receives the game at the end of the record; NULL on failure.
 * @param text     Record text; need not be NUL-terminated.
 * @param len      Length of @p text in bytes.
 * @return CRISK_OK, CRISK_EINVAL (NULL arguments), CRISK_ENOMEM, or
 *         CRISK_EFORMAT with a message naming the line and the reason, e.g.
 *         "line 17: illegal action 'build_road 3': ...".
 */
CRISK_API int crisk_record_replay(crisk_game **out, const char *text, size_t len);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
