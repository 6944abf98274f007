/**
 * @file module.h
 * @brief The public rule-module interface: a versioned vtable for third-party
 *        modules, the sinks and helpers a module calls, and loading modules
 *        from a pointer or a shared object.
 */
#ifndef CATANRISK_MODULE_H
#define CATANRISK_MODULE_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"
#include "rules.h"
#include "game.h"
#include "view.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup module Rule modules
 * @brief Writing a rule module outside the library and plugging it in.
 *
 * A rule module is a ::crisk_module: a table of functions the core calls.  A
 * host passes one to crisk_rules_new_with_module(), or the core loads one from
 * a shared object with crisk_rules_new_from_file().  From then on the module
 * is used exactly like a built-in one: games, clones, undo, records, views,
 * events and saves all work through the ordinary API.  docs/modules.md is the
 * guide; this header is the reference.
 *
 * The module owns two things:
 * - its immutable part ("data"), made by `create` from the
 *   parsed parameters and freed by `destroy`; the core never
 *   looks inside it and may call every method from many threads at once;
 * - the layout of the mutable state: one flat block of
 *   `state_size` bytes, zeroed by the core before
 *   `state_init`, copied byte for byte for clones, copies and
 *   undo.  The state must therefore hold no pointers (indices and offsets
 *   only) and be aligned for any type up to 16 bytes.
 *
 * Methods run without locks: a method may be called concurrently with any
 * other method on other states of the same data.  legal, check and apply
 * should not allocate.  A method that refuses something sets the message
 * with crisk_error_set() and returns its CRISK_E* code.
 * @{
 */

/** ABI version of ::crisk_module described by this header.  It changes only
 * when the meaning or layout of existing fields changes; appending methods
 * does not change it (see `struct_size`). */
#define CRISK_MODULE_ABI_VERSION 1

/** Name of the function a module shared object exports (::crisk_module_entry_fn). */
#define CRISK_MODULE_ENTRY_SYMBOL "crisk_module_entry"

/** Marks a module's entry function exported from its shared object. */
#if defined(__GNUC__)
#define CRISK_MODULE_EXPORT __attribute__((visibility("default")))
#else
#define CRISK_MODULE_EXPORT
#endif

/** @name Parameter kinds (crisk_param_desc.kind)
 * @{ */
#define CRISK_PARAM_INT 0    /**< Decimal integer in [min, max]. */
#define CRISK_PARAM_UINT64 1 /**< Unsigned 64-bit integer, decimal or 0x hex. */
#define CRISK_PARAM_BOOL 2   /**< 0/1, on/off, true/false, yes/no. */
#define CRISK_PARAM_ENUM 3   /**< One of `choices`; the value is its index. */
#define CRISK_PARAM_STRING 4 /**< A non-empty word of printable ASCII without spaces, ';' or '#'. */
/** @} */

/**
 * Description of one parameter a module accepts.  A module points
 * `params` at a static array of them; crisk_rules_param_info()
 * shows them to hosts.  The parser of crisk_rules_new() applies them, so a
 * module sees only values that fit.  The pointers come first and the 64-bit
 * integers last, so the layout is the same on every 32-bit ABI; use
 * designated initializers.
 */
typedef struct crisk_param_desc {
	const char *name;          /**< Key, e.g. "players"; letters, digits and '_'. */
	const char *default_value; /**< Default as text, parsed like user text; NULL when the parameter is required. */
	const char *const *choices; /**< CRISK_PARAM_ENUM: NULL-terminated list of names; NULL otherwise. */
	const char *accepted;      /**< Accepted values as users read them, e.g. "2..4" or "off|on"; may be NULL. */
	const char *help;          /**< One sentence of help; may be NULL. */
	int32_t kind;              /**< CRISK_PARAM_INT, _UINT64, _BOOL, _ENUM or _STRING. */
	int64_t min;               /**< CRISK_PARAM_INT: smallest accepted value. */
	int64_t max;               /**< CRISK_PARAM_INT: largest accepted value. */
} crisk_param_desc;

/** Opaque parsed parameters handed to `create`; read them with crisk_params_int() and friends. */
typedef struct crisk_params crisk_params;
/** Opaque text or JSON output of a module method; written with crisk_sink_puts() or crisk_sink_begin_object() and friends. */
typedef struct crisk_sink crisk_sink;
/** Opaque event log of the game being changed; events are added with crisk_event_emit(). */
typedef struct crisk_event_sink crisk_event_sink;
/** Opaque node of a parsed JSON document (a JSON save); read it with crisk_json_type() and friends. */
typedef struct crisk_json crisk_json;

/**
 * The rule-module vtable, ABI version 1.
 *
 * Fields are only ever appended.  `struct_size` tells the core how much of
 * the table the module was compiled with: the core reads only fields that lie
 * completely inside it and treats later ones as NULL.  It must at least reach
 * the end of `view_json`, the last required method.  Methods marked optional
 * may be NULL; every other method is required.
 *
 * In every method, @p data is what `create` stored and @p state a state block
 * of `state_size` bytes.  Seats are 0..num_seats-1; a viewer is a seat,
 * #CRISK_VIEWER_SPECTATOR or #CRISK_VIEWER_OMNISCIENT (the core has checked
 * seats and viewers before the call).
 */
typedef struct crisk_module {
	uint32_t abi_version; /**< CRISK_MODULE_ABI_VERSION as the module was compiled. */
	uint32_t struct_size; /**< sizeof(crisk_module) as the module was compiled. */
	const char *name;     /**< Module name, 1..64 characters without spaces; written into saves. */
	uint32_t version;     /**< Module version, written into saves; a save loads only into the same version. */
	int32_t n_params;     /**< Number of entries in `params`, 0..32. */
	const crisk_param_desc *params; /**< Parameter table; may be NULL when `n_params` is 0. */

	/** Optional.  Makes the immutable part from parsed parameters (read with
	 * crisk_params_int() etc. by index into `params`) and stores it in
	 * *data.  Returns CRISK_OK, or e.g. CRISK_EPARAM for a combination that
	 * does not fit, with a message set by crisk_error_set(); the message
	 * reaches the host unchanged.  NULL: data is NULL. */
	int (*create)(void **data, const crisk_params *params);
	/** Optional.  Frees what `create` made (called once, when the last rules and game reference is gone). */
	void (*destroy)(void *data);
	/** Number of seats, 1..CRISK_MAX_SEATS. */
	int (*num_seats)(const void *data);
	/** Size of the state block in bytes, at most 16 MiB (rules creation refuses more). */
	size_t (*state_size)(const void *data);
	/** Sets up the start of a game in a zeroed block; may emit events. */
	void (*state_init)(const void *data, void *state, crisk_event_sink *events);
	/** The seat to act, CRISK_SEAT_CHANCE or CRISK_SEAT_NONE. */
	int (*current_seat)(const void *data, const void *state);
	/** CRISK_STATUS_*; *winner receives the winning seat or -1. */
	int (*status)(const void *data, const void *state, int *winner);
	/** Turn number for hosts (module-defined, e.g. 0 in set-up, then 1, 2, ...). */
	int64_t (*turn)(const void *data, const void *state);
	/** Score of @p seat as @p viewer may know it. */
	int (*score)(const void *data, const void *state, int seat, int viewer);
	/** Writes min(count, cap) legal actions in strictly ascending order into
	 * @p buf (NULL when @p cap is 0) and returns count; 0 when the game is over. */
	size_t (*legal)(const void *data, const void *state, crisk_action *buf, size_t cap);
	/** CRISK_OK when @p action is legal now, else CRISK_EILLEGAL with a message in player terms. */
	int (*check)(const void *data, const void *state, crisk_action action);
	/** Validates like `check` and performs the action, emitting its events.
	 * On refusal the state must be unchanged and no event emitted. */
	int (*apply)(const void *data, void *state, crisk_action action, crisk_event_sink *events);
	/** Optional (needed when `current_seat` can return CRISK_SEAT_CHANCE).
	 * At a chance point: writes min(n, cap) outcomes and their probabilities
	 * (the outcomes in the order of `legal`), stores n in *count and returns
	 * CRISK_OK (CRISK_EBUFSIZE when n > cap).  Elsewhere CRISK_ESTATE. */
	int (*chance)(const void *data, const void *state, crisk_action *actions, double *probs, size_t cap,
		      size_t *count);
	/** Writes the text form of @p action with crisk_sink_puts()/crisk_sink_printf();
	 * CRISK_OK, or CRISK_EINVAL for a code that means nothing. */
	int (*action_to_string)(const void *data, crisk_action action, crisk_sink *out);
	/** Parses a text form written by `action_to_string`; CRISK_OK or CRISK_EFORMAT with a message. */
	int (*action_from_string)(const void *data, const char *text, crisk_action *out);
	/** Writes an event (hidden arguments are CRISK_HIDDEN) as one line of text. */
	void (*event_to_string)(const void *data, const crisk_event *event, crisk_sink *out);
	/** Writes the state as @p viewer may see it as one JSON value (crisk_sink_begin_object() etc.). */
	void (*view_json)(const void *data, const void *state, int viewer, crisk_sink *out);

	/** Optional.  Writes an event as one JSON value.  NULL: the core writes
	 * {"seq","type","seat","target","args","text"} with the text of `event_to_string`. */
	void (*event_json)(const void *data, const crisk_event *event, crisk_sink *out);
	/** Optional.  Writes the static board as one JSON value (crisk_rules_board_json()).
	 * NULL: crisk_rules_board_json() gives CRISK_EUNSUPPORTED. */
	void (*board_json)(const void *data, crisk_sink *out);

	/** Optional save hook, with `state_save`, `state_load` and `state_check`
	 * (all four or none; none: games of the module cannot be saved).  Size of
	 * the portable binary form of a state: the same for every state. */
	size_t (*state_bytes)(const void *data);
	/** Optional save hook.  Writes exactly state_bytes(data) bytes without
	 * native integers or padding (e.g. little-endian, field by field). */
	void (*state_save)(const void *data, const void *state, uint8_t *out);
	/** Optional save hook.  Decodes bytes written by `state_save` into a
	 * zeroed block without judging them (`state_check` follows). */
	void (*state_load)(const void *data, const uint8_t *in, void *state);
	/** Optional save hook.  Validates a decoded state completely, so that no
	 * later method can misbehave on it: CRISK_OK, or CRISK_EFORMAT with
	 * "field: what is wrong" (e.g. "seats[2].hand[1]: 40 is above 19"). */
	int (*state_check)(const void *data, const void *state);
	/** Optional, with `state_from_json` and the four binary hooks.  Writes the
	 * exact state as one JSON object for JSON saves.  NULL: JSON saves carry
	 * the binary form as {"hex": "<lowercase hex digits>"}. */
	void (*state_to_json)(const void *data, const void *state, crisk_sink *out);
	/** Optional.  Decodes what `state_to_json` wrote into a zeroed block;
	 * CRISK_EFORMAT naming the JSON path (crisk_json_error()).  The core runs
	 * `state_check` after it. */
	int (*state_from_json)(const void *data, const crisk_json *state_json, void *state);

	/** Optional, for a module that wraps another one (appended after the
	 * first release: the core reads it only when `struct_size` covers it).
	 * Says which module's game lives inside @p state, so that the typed
	 * queries of that module's family (catan.h: crisk_catan_hand() and the
	 * others) answer for the wrapper as they do for the inner game.  Returns
	 * the address of the inner state within @p state and stores the inner
	 * module's table in *inner and the data its `create` made in
	 * *inner_data; returns NULL (outputs unused) when the state holds no
	 * inner game.  No allocation, no side effects.
	 *
	 * The inner state must be the inner module's own state block for that
	 * data (`inner->state_size(inner_data)` bytes, 16-byte aligned, wholly
	 * inside @p state), kept by the wrapper exactly as the inner methods
	 * leave it.  *inner must be a table returned by crisk_module_builtin()
	 * (with data made by its `create`) or another host module, which the
	 * core resolves the same way, at most #CRISK_MODULE_MAX_NESTING levels
	 * deep.  The core checks all this and otherwise answers the query with
	 * CRISK_EUNSUPPORTED.  NULL: the module is not a wrapper for queries. */
	const void *(*inner_state)(const void *data, const void *state, const struct crisk_module **inner,
				   const void **inner_data);
} crisk_module;

/** Most wrappers crossed to reach a built-in game through `inner_state`
 * (a wrapper of a wrapper of base is 2). */
#define CRISK_MODULE_MAX_NESTING 8

/**
 * Type of the function a module shared object exports under the name
 * #CRISK_MODULE_ENTRY_SYMBOL.  It returns the module's vtable, which must
 * stay valid while the object is loaded, or NULL when it cannot serve a host
 * of ABI version @p host_abi_version.
 */
typedef const crisk_module *(*crisk_module_entry_fn)(uint32_t host_abi_version);

/**
 * Creates rules from a module supplied by the host.
 *
 * The core checks the table first: the ABI version, `struct_size`,
 * the name, every required method, the pairing of the save hooks and the
 * parameter table; then it parses @p params against the module's table and
 * calls `create`.  The table must stay valid and unchanged while
 * the rules or any game of them exist.
 *
 * @param[out] out Receives the new rules; NULL on failure.
 * @param module   The module's vtable.
 * @param params   Parameter string; NULL or "" means all defaults.
 * @return CRISK_OK; CRISK_EINVAL (NULL @p out or @p module, a struct_size below
 *         the required methods, a missing name or required method, an invalid
 *         parameter table, a bad seat count); CRISK_EUNSUPPORTED (another
 *         ABI version); CRISK_EPARAM (bad parameters); the code of a failing
 *         `create` with its message; CRISK_ENOMEM.
 *
 * Thread-safe.  Free with crisk_rules_free().
 */
CRISK_API int crisk_rules_new_with_module(crisk_rules **out, const crisk_module *module, const char *params);

/**
 * Loads a module from a shared object and creates rules from it.
 *
 * The object must export #CRISK_MODULE_ENTRY_SYMBOL (::crisk_module_entry_fn);
 * the core calls it with #CRISK_MODULE_ABI_VERSION and checks the table it
 * returns as crisk_rules_new_with_module() does.  The object stays loaded
 * until the last rules and game that use it are freed.  This is the only
 * call of the library that reads a file.
 *
 * @param[out] out Receives the new rules; NULL on failure.
 * @param path     Path of the shared object, as for dlopen().
 * @param params   Parameter string; NULL or "" means all defaults.
 * @return As crisk_rules_new_with_module(), plus CRISK_ENOTFOUND (the object
 *         cannot be loaded, with the loader's message, or lacks the entry
 *         symbol) and CRISK_EUNSUPPORTED (the entry returned NULL);
 *         CRISK_EUNSUPPORTED also on platforms without dynamic loading.
 *
 * Thread-safe.  Free with crisk_rules_free().
 */
CRISK_API int crisk_rules_new_from_file(crisk_rules **out, const char *path, const char *params);

/**
 * The vtable of a built-in module, for modules that wrap one: a wrapper
 * parses the inner module's parameters with crisk_params_parse(), calls its
 * methods with the inner data, and keeps the inner state at the start of its
 * own (inner state_size bytes, then its own fields; no pointers).
 *
 * @param name Module name, e.g. "base".
 * @return A static vtable valid while the library is loaded, or NULL (with
 *         CRISK_ENOTFOUND or CRISK_EINVAL as the last error) for unknown names.
 *
 * Thread-safe.
 */
CRISK_API const crisk_module *crisk_module_builtin(const char *name);

/**
 * Number of parameters the module of @p rules accepts (any module,
 * including host-supplied and loaded ones).
 *
 * @param rules Rules handle.
 * @return The count (>= 0) or CRISK_EINVAL.
 */
CRISK_API int crisk_rules_param_count(const crisk_rules *rules);

/**
 * Describes parameter @p index of the module of @p rules, like
 * crisk_module_param_info() does for built-in modules by name.  The strings
 * belong to the module and live as long as the rules.
 *
 * @param[out] info Initialized ::crisk_param_info to fill.
 * @param rules     Rules handle.
 * @param index     0 .. crisk_rules_param_count() - 1.
 * @return CRISK_OK, CRISK_EINVAL or CRISK_ENOTFOUND (index out of range).
 */
CRISK_API int crisk_rules_param_info(crisk_param_info *info, const crisk_rules *rules, int index);

/**
 * Loads a binary save (crisk_game_save()) of a game whose module is the
 * module of @p like: use it for host-supplied and loaded modules, which
 * crisk_game_load() cannot find by name.  The save's module name and version
 * must match; its own parameters are used (the rules of @p like are reused
 * when they are the same).
 *
 * @param[out] out Receives the new game; NULL on failure.
 * @param like     Rules of the module the save belongs to.
 * @param data     The save; may be NULL when @p len is 0.
 * @param len      Size of the save in bytes.
 * @return As crisk_game_load(); CRISK_EINVAL for a NULL @p like.
 */
CRISK_API int crisk_game_load_as(crisk_game **out, const crisk_rules *like, const void *data, size_t len);

/**
 * Loads a JSON save (crisk_game_save_json()) of a game whose module is the
 * module of @p like, as crisk_game_load_as() does for binary saves.
 *
 * @param[out] out Receives the new game; NULL on failure.
 * @param like     Rules of the module the save belongs to.
 * @param json     The JSON text; may be NULL when @p len is 0.
 * @param len      Length of the text in bytes.
 * @return As crisk_game_load_json(); CRISK_EINVAL for a NULL @p like.
 */
CRISK_API int crisk_game_load_json_as(crisk_game **out, const crisk_rules *like, const char *json, size_t len);

/**
 * Replays a game record (crisk_record_replay()) of a game whose module is the
 * module of @p like, as crisk_game_load_as() does for saves.  The record's
 * module name must be that module's; its own parameters are used.
 *
 * @param[out] out Receives the game at the end of the record; NULL on failure.
 * @param like     Rules of the module the record belongs to.
 * @param text     Record text; need not be NUL-terminated.
 * @param len      Length of @p text in bytes.
 * @return As crisk_record_replay(); CRISK_EINVAL for a NULL @p like.
 */
CRISK_API int crisk_record_replay_as(crisk_game **out, const crisk_rules *like, const char *text, size_t len);

/**
 * Sets the calling thread's last-error message (crisk_error_last()), for
 * modules that refuse something.  printf-style; the message is cut at 511
 * bytes.
 *
 * @param code The CRISK_E* code to return.
 * @param fmt  printf format.
 * @return @p code, so a module can write `return crisk_error_set(CRISK_EILLEGAL, "...");`.
 */
CRISK_API int crisk_error_set(int code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/**
 * Parses a parameter string against a module's table, e.g. for a wrapper
 * that creates its inner built-in module.  The rules of crisk_rules_new()
 * apply (unknown keys, bad values, missing required parameters).
 *
 * @param[out] out Receives the parsed parameters; NULL on failure.
 * @param module   The module whose `params` apply.
 * @param text     Parameter string; NULL or "" means all defaults.
 * @return CRISK_OK, CRISK_EINVAL, CRISK_EPARAM or CRISK_ENOMEM.  Free with crisk_params_free().
 */
CRISK_API int crisk_params_parse(crisk_params **out, const crisk_module *module, const char *text);

/**
 * Frees parameters from crisk_params_parse().
 *
 * @param params Parameters; NULL is a no-op.  Never pass the parameters the core hands to `create`.
 */
CRISK_API void crisk_params_free(crisk_params *params);

/**
 * Value of an int, bool (0/1) or enum (choice index) parameter.
 *
 * @param params Parsed parameters.
 * @param index  Index into the module's `params`.
 * @return The value; 0 for NULL @p params or an index out of range.
 */
CRISK_API int64_t crisk_params_int(const crisk_params *params, int index);

/**
 * Value of a uint64 parameter.
 *
 * @param params Parsed parameters.
 * @param index  Index into the module's `params`.
 * @return The value; 0 for NULL @p params or an index out of range.
 */
CRISK_API uint64_t crisk_params_uint64(const crisk_params *params, int index);

/**
 * Value of a string parameter.
 *
 * @param params Parsed parameters.
 * @param index  Index into the module's `params`.
 * @return The string, owned by @p params; NULL for other kinds, NULL
 *         @p params or an index out of range.
 */
CRISK_API const char *crisk_params_string(const crisk_params *params, int index);

/**
 * Whether the parameter string named the parameter (else its default applies).
 *
 * @param params Parsed parameters.
 * @param index  Index into the module's `params`.
 * @return 1 or 0.
 */
CRISK_API int crisk_params_given(const crisk_params *params, int index);

/**
 * Adds an event to the game's log (from `state_init` or
 * `apply`).  The sequence number is assigned by the log.
 *
 * @param events      The sink the method received.
 * @param event       Type (0..65535), seat and target (-1 or a seat) and args;
 *                    version and seq are ignored.
 * @param hidden_args Bit i set: args[i] is hidden from viewers outside @p seen_by
 *                    (crisk_game_event() shows them CRISK_HIDDEN).
 * @param seen_by     Bit s set: seat s sees the hidden arguments.
 * @return CRISK_OK, or CRISK_EINVAL (NULL argument, type, seat or target out
 *         of range; nothing is added).
 */
CRISK_API int crisk_event_emit(crisk_event_sink *events, const crisk_event *event, uint32_t hidden_args,
			       uint32_t seen_by);

/**
 * Appends text to a text sink (action and event text).
 *
 * @param out  The sink the method received.
 * @param text NUL-terminated text; NULL writes nothing.
 */
CRISK_API void crisk_sink_puts(crisk_sink *out, const char *text);

/**
 * Appends formatted text to a text sink.
 *
 * @param out The sink the method received.
 * @param fmt printf format.
 */
CRISK_API void crisk_sink_printf(crisk_sink *out, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/**
 * @name JSON output
 * A JSON sink writes one value; these functions put commas and nesting
 * right.  Inside an object, each value follows crisk_sink_key().  A wrapper
 * may hand the same sink to its inner module for one complete value.
 * @{
 */
/** Opens an object.  @param out The sink. */
CRISK_API void crisk_sink_begin_object(crisk_sink *out);
/** Closes the innermost object.  @param out The sink. */
CRISK_API void crisk_sink_end_object(crisk_sink *out);
/** Opens an array.  @param out The sink. */
CRISK_API void crisk_sink_begin_array(crisk_sink *out);
/** Closes the innermost array.  @param out The sink. */
CRISK_API void crisk_sink_end_array(crisk_sink *out);
/** Member name inside an object, before its value.  @param out The sink.  @param key The name (escaped as needed). */
CRISK_API void crisk_sink_key(crisk_sink *out, const char *key);
/** A signed integer value.  @param out The sink.  @param value The value. */
CRISK_API void crisk_sink_int(crisk_sink *out, int64_t value);
/** An unsigned integer value.  @param out The sink.  @param value The value. */
CRISK_API void crisk_sink_uint(crisk_sink *out, uint64_t value);
/** true or false.  @param out The sink.  @param value Nonzero for true. */
CRISK_API void crisk_sink_bool(crisk_sink *out, int value);
/** null.  @param out The sink. */
CRISK_API void crisk_sink_null(crisk_sink *out);
/** A string value, escaped per RFC 8259.  @param out The sink.  @param text UTF-8 text; NULL writes null. */
CRISK_API void crisk_sink_string(crisk_sink *out, const char *text);
/** One complete JSON value given as text, inserted unchanged.  @param out The sink.  @param json Valid JSON. */
CRISK_API void crisk_sink_raw(crisk_sink *out, const char *json);
/** @} */

/** @name JSON node types (crisk_json_type())
 * @{ */
#define CRISK_JSON_NONE 0   /**< No node (a missing member or item). */
#define CRISK_JSON_NULL 1   /**< null */
#define CRISK_JSON_FALSE 2  /**< false */
#define CRISK_JSON_TRUE 3   /**< true */
#define CRISK_JSON_NUMBER 4 /**< A number. */
#define CRISK_JSON_STRING 5 /**< A string. */
#define CRISK_JSON_ARRAY 6  /**< An array. */
#define CRISK_JSON_OBJECT 7 /**< An object. */
/** @} */

/**
 * Type of a JSON node.
 *
 * @param node A node, or NULL.
 * @return CRISK_JSON_*; CRISK_JSON_NONE for NULL.
 */
CRISK_API int crisk_json_type(const crisk_json *node);

/**
 * Number of items of an array or members of an object.
 *
 * @param node A node, or NULL.
 * @return The count; 0 for other types and NULL.
 */
CRISK_API size_t crisk_json_count(const crisk_json *node);

/**
 * Item @p index of an array, or member @p index of an object in document order.
 *
 * @param node  A node, or NULL.
 * @param index Position from 0.
 * @return The node, or NULL.
 */
CRISK_API const crisk_json *crisk_json_item(const crisk_json *node, size_t index);

/**
 * Member @p key of an object.
 *
 * @param node An object node, or NULL.
 * @param key  Member name.
 * @return The member's value, or NULL.
 */
CRISK_API const crisk_json *crisk_json_member(const crisk_json *node, const char *key);

/**
 * The member name of a node inside an object.
 *
 * @param node A node, or NULL.
 * @return The name, or NULL when the node is not an object member.
 */
CRISK_API const char *crisk_json_key(const crisk_json *node);

/**
 * Reads an integer in [@p min, @p max].
 *
 * @param node    A node, or NULL (a missing value).
 * @param min     Smallest accepted value.
 * @param max     Largest accepted value.
 * @param[out] out Receives the value.
 * @return CRISK_OK, or CRISK_EFORMAT with a message naming the node's JSON path.
 */
CRISK_API int crisk_json_int(const crisk_json *node, int64_t min, int64_t max, int64_t *out);

/**
 * The text of a string node.
 *
 * @param node A node, or NULL.
 * @return The NUL-terminated text owned by the document, or NULL for other
 *         types and for strings that contain "\u0000".
 */
CRISK_API const char *crisk_json_string(const crisk_json *node);

/**
 * Refuses a JSON value: sets the message "<JSON path of node>: <message>".
 *
 * @param node The offending node.
 * @param fmt  printf format of the message.
 * @return CRISK_EFORMAT.
 */
CRISK_API int crisk_json_error(const crisk_json *node, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/** @} */

#ifdef __cplusplus
}
#endif

#endif
