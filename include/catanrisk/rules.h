/**
 * @file rules.h
 * @brief Rules: a rule module with validated parameters and its generated board.
 */
#ifndef CATANRISK_RULES_H
#define CATANRISK_RULES_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup rules Rules
 * @brief Immutable, shareable description of how a game is played.
 *
 * A crisk_rules object is one rule module plus its validated parameters and the
 * board generated from them.  It is immutable and internally reference-counted:
 * it may be shared by many games and used from many threads at once.
 * @{
 */

/** Opaque rules handle. */
typedef struct crisk_rules crisk_rules;

/**
 * Creates rules from a built-in module name and a parameter string.
 *
 * Parameters are `key=value` pairs separated by spaces or `;`, for example
 * `"players=4 seed=7 board=random"`.  Unknown keys and bad values are errors
 * whose message names the key and the accepted values.
 *
 * @param[out] out    Receives the new rules; set to NULL on failure.
 * @param module      Module name, e.g. "base".
 * @param params      Parameter string; NULL or "" means all defaults.
 * @return CRISK_OK, CRISK_EINVAL (NULL out or module), CRISK_ENOTFOUND (no such
 *         module), CRISK_EPARAM (bad parameters), CRISK_ENOMEM.
 *
 * Thread-safe.  Free with crisk_rules_free().  Cheap enough to make new rules
 * (a new seed, so a new random board) for every game: a few microseconds for
 * the Catan-family modules' standard boards.
 */
CRISK_API int crisk_rules_new(crisk_rules **out, const char *module, const char *params);

/**
 * Creates rules from a built-in module, a parameter string and a data text of
 * the host: muhq reads a `.mqd` file on top of its built-in data (docs/mqd.md)
 * so that `map=` and `sets=` may name what it defines; hawaii plays a catanmap
 * instead of its built-in map (option `map`, docs/catanmap.md).  The text becomes
 * part of the rules: crisk_rules_data() gives it back, and saves, JSON saves
 * and game records carry it, so they load and replay without the host's file.
 *
 * @param[out] out    Receives the new rules; set to NULL on failure.
 * @param module      Module name, e.g. "muhq".
 * @param params      Parameter string; NULL or "" means all defaults.
 * @param data        The text, @p len bytes, no NUL byte needed or allowed;
 *                    NULL or an empty text makes this crisk_rules_new().
 * @param len         Length of @p data, at most 32 MiB.
 * @return CRISK_OK, CRISK_EINVAL (NULL out or module, NULL data with a
 *         length), CRISK_ENOTFOUND (no such module), CRISK_EUNSUPPORTED (the
 *         module reads no data), CRISK_EFORMAT (the module refuses the text;
 *         the message names the line), CRISK_EPARAM (bad parameters),
 *         CRISK_ENOMEM.
 *
 * Thread-safe.  Free with crisk_rules_free().
 */
CRISK_API int crisk_rules_new_with_data(crisk_rules **out, const char *module, const char *params, const char *data,
					size_t len);

/**
 * crisk_rules_new_with_data() with the text of a file, read once here (the
 * library's only reading of a data file, on the host's request).
 *
 * @param[out] out    Receives the new rules; set to NULL on failure.
 * @param module      Module name, e.g. "muhq".
 * @param params      Parameter string; NULL or "" means all defaults.
 * @param path        Path of the file.
 * @return As crisk_rules_new_with_data(), and CRISK_ENOTFOUND when the file
 *         cannot be read, CRISK_EFORMAT when it is longer than 32 MiB.
 */
CRISK_API int crisk_rules_new_with_data_file(crisk_rules **out, const char *module, const char *params,
					     const char *path);

/**
 * The host data text of the rules (crisk_rules_new_with_data()).
 *
 * @param rules     Rules handle.
 * @param[out] data Receives the text, owned by the rules (not NUL-terminated
 *                  in general), or NULL when the rules have none.
 * @param[out] len  Receives its length, 0 when there is none.
 * @return CRISK_OK or CRISK_EINVAL (a NULL argument).
 */
CRISK_API int crisk_rules_data(const crisk_rules *rules, const char **data, size_t *len);

/**
 * Releases the caller's reference.  Games created from the rules keep their
 * own reference, so rules may be freed while games still use them.
 *
 * @param rules Rules handle; NULL is a no-op.
 */
CRISK_API void crisk_rules_free(crisk_rules *rules);

/**
 * The module name of the rules.
 *
 * @param rules Rules handle.
 * @return A string owned by the rules, or NULL if @p rules is NULL.
 */
CRISK_API const char *crisk_rules_module(const crisk_rules *rules);

/**
 * Number of seats (players who make decisions).
 *
 * @param rules Rules handle.
 * @return The seat count, or CRISK_EINVAL if @p rules is NULL.
 */
CRISK_API int crisk_rules_num_seats(const crisk_rules *rules);

/**
 * The canonical parameter string: every parameter of the module, in its
 * declared order, with the value in force.  crisk_rules_new() with the same
 * module and this string gives identical rules (for rules with a data text,
 * crisk_rules_new_with_data() with the same text too).
 *
 * @param rules   Rules handle.
 * @param buf     Caller buffer; may be NULL when @p cap is 0.
 * @param cap     Capacity of @p buf in bytes.
 * @param[out] out_len Receives the length without the terminating NUL; may be NULL.
 * @return CRISK_OK, CRISK_EINVAL, or CRISK_EBUFSIZE (the needed length was written
 *         to @p out_len; @p buf is left with a truncated NUL-terminated prefix if @p cap > 0).
 */
CRISK_API int crisk_rules_params(const crisk_rules *rules, char *buf, size_t cap, size_t *out_len);

/**
 * The static board description as JSON: hexes with coordinates, terrain and
 * tokens, intersections and paths with their stable ids, harbors.  A UI can
 * draw the board from it without knowing the rules.  The schema is in
 * docs/board.md.
 *
 * @param rules   Rules handle.
 * @param buf     Caller buffer; may be NULL when @p cap is 0.
 * @param cap     Capacity of @p buf in bytes.
 * @param[out] out_len Receives the JSON length without the NUL; may be NULL.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EBUFSIZE (see crisk_rules_params()).
 */
CRISK_API int crisk_rules_board_json(const crisk_rules *rules, char *buf, size_t cap, size_t *out_len);

/** Version of ::crisk_param_info this header describes. */
#define CRISK_PARAM_INFO_VERSION 1
/** Static initializer for ::crisk_param_info. */
#define CRISK_PARAM_INFO_INIT { CRISK_PARAM_INFO_VERSION, NULL, NULL, NULL, NULL, NULL }

/**
 * Description of one module parameter, for UIs and bindings that list them.
 * All strings are static and owned by the library.
 */
typedef struct crisk_param_info {
	uint32_t version;       /**< Set to CRISK_PARAM_INFO_VERSION by the caller. */
	const char *name;       /**< Key, e.g. "players". */
	const char *type;       /**< "int", "uint64", "bool" or "enum". */
	const char *default_value; /**< Default as text; "" when the parameter is required. */
	const char *accepted;   /**< Accepted values, e.g. "2..6" or "beginner|random". */
	const char *help;       /**< One sentence of help. */
} crisk_param_info;

/**
 * Initializes a ::crisk_param_info (for bindings that cannot expand macros).
 *
 * @param info    Struct to initialize.
 * @param version CRISK_PARAM_INFO_VERSION.
 * @return CRISK_OK, or CRISK_EINVAL for NULL or an unknown version.
 */
CRISK_API int crisk_param_info_init(crisk_param_info *info, uint32_t version);

/**
 * Number of parameters a built-in module accepts.
 *
 * @param module Module name.
 * @return The count (>= 0), CRISK_EINVAL or CRISK_ENOTFOUND.
 */
CRISK_API int crisk_module_param_count(const char *module);

/**
 * Describes parameter @p index of a built-in module.
 *
 * @param[out] info Initialized ::crisk_param_info to fill.
 * @param module    Module name.
 * @param index     0 .. crisk_module_param_count() - 1.
 * @return CRISK_OK, CRISK_EINVAL or CRISK_ENOTFOUND.
 */
CRISK_API int crisk_module_param_info(crisk_param_info *info, const char *module, int index);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
