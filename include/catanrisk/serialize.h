/**
 * @file serialize.h
 * @brief Saving and loading whole games, as a binary blob or as JSON.
 */
#ifndef CATANRISK_SERIALIZE_H
#define CATANRISK_SERIALIZE_H

#include <stddef.h>
#include "common.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup serialize Saving and loading
 * @brief Complete game states in a portable binary form and in JSON.
 *
 * A save holds the module name and version, the canonical parameter string
 * (see crisk_rules_params()), the full mutable state including the RNG, and
 * the event sequence number; @ref save_format describes both forms byte by
 * byte.  Saves do not depend on the platform's byte order or the compiler's
 * struct layout.  A loaded game continues exactly like the saved one: same
 * legal actions, same events and sequence numbers, same random draws.  Its
 * event log starts empty (crisk_game_event_range() gives first == next).
 *
 * Loading validates everything before it accepts a save (framing, checksum,
 * module, parameters, every field of the state and how they fit together) and
 * refuses corrupt, truncated, foreign or newer data with #CRISK_EFORMAT and a
 * message that says what is wrong; it never crashes and never reads outside
 * the given bytes.
 *
 * Thread rules: saving reads the game (one thread at a time per game, as for
 * every game call); loading creates a new game and may run on any thread.
 * @{
 */

/**
 * Writes the binary save of a game.
 *
 * The blob is self-describing: magic "CRISKSAV", format version, module,
 * parameters, state, event sequence number and a CRC-32.  Saving the same
 * state twice gives identical bytes.
 *
 * @param game         Game to save.
 * @param buf          Caller buffer; may be NULL when @p cap is 0.
 * @param cap          Capacity of @p buf in bytes.
 * @param[out] out_len Receives the size of the save, also when the buffer
 *                     is too small (the size to allocate).
 * @return #CRISK_OK, #CRISK_EINVAL (NULL game or @p out_len, NULL @p buf with
 *         nonzero @p cap), #CRISK_EBUFSIZE (@p cap < *out_len; nothing
 *         useful was written), #CRISK_EUNSUPPORTED (the module cannot save),
 *         #CRISK_ENOMEM.
 */
CRISK_API int crisk_game_save(const crisk_game *game, void *buf, size_t cap, size_t *out_len);

/**
 * Creates a game from a binary save written by crisk_game_save().
 *
 * The message of a #CRISK_EFORMAT refusal names the problem: bad magic,
 * truncation (at which byte, in which part), checksum mismatch, a format
 * version newer than this library's, an unknown module, a module version
 * mismatch, a rejected parameter string (with the parser's message), a state
 * size mismatch, or an invalid state field (which field, which value).
 *
 * @param[out] out Receives the new game (free it with crisk_game_free());
 *                 NULL on failure.
 * @param data     The save; only @p len bytes are read.  May be NULL when
 *                 @p len is 0.
 * @param len      Size of the save in bytes; it must be exactly the save.
 * @return #CRISK_OK, #CRISK_EINVAL (NULL @p out, NULL @p data with nonzero
 *         @p len), #CRISK_EFORMAT, #CRISK_EUNSUPPORTED (the module cannot
 *         load), #CRISK_ENOMEM.
 */
CRISK_API int crisk_game_load(crisk_game **out, const void *data, size_t len);

/**
 * Writes a game as a JSON save: an object with the members "format"
 * ("crisk-save"), "version" (1), "module", "module_version", "params",
 * "event_seq" and "state" (the module's exact, omniscient state).  This is a
 * complete save, not a view: it shows every hidden card and the RNG state.
 *
 * @param game         Game to save.
 * @param buf          Caller buffer; may be NULL when @p cap is 0.
 * @param cap          Capacity of @p buf in bytes, including the NUL.
 * @param[out] out_len Receives the length of the JSON text without the NUL,
 *                     also when the buffer is too small; may be NULL.
 * @return #CRISK_OK, #CRISK_EINVAL, #CRISK_EBUFSIZE (@p cap <= *out_len),
 *         #CRISK_EUNSUPPORTED, #CRISK_ENOMEM.
 */
CRISK_API int crisk_game_save_json(const crisk_game *game, char *buf, size_t cap, size_t *out_len);

/**
 * Creates a game from a JSON save written by crisk_game_save_json().
 *
 * The parser is strict RFC 8259 (UTF-8, no comments, no trailing commas, no
 * duplicate member names) with limits on size (4 MiB), nesting (64) and
 * members per object (1024); syntax errors give the byte offset.  Every other
 * refusal starts with the JSON path of the offending value, for example
 * "$.state.seats[2].hand[1]: 40 is above the bank total 19".  Unknown or
 * missing members are errors.
 *
 * @param[out] out Receives the new game (free it with crisk_game_free());
 *                 NULL on failure.
 * @param json     The JSON text; only @p len bytes are read and it need not
 *                 be NUL-terminated.  May be NULL when @p len is 0.
 * @param len      Length of the text in bytes.
 * @return #CRISK_OK, #CRISK_EINVAL, #CRISK_EFORMAT, #CRISK_EUNSUPPORTED,
 *         #CRISK_ENOMEM.
 */
CRISK_API int crisk_game_load_json(crisk_game **out, const char *json, size_t len);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
