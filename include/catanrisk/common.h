/**
 * @file common.h
 * @brief Basic types, export macro, version and seat constants shared by every area.
 */
#ifndef CATANRISK_COMMON_H
#define CATANRISK_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup common Common definitions
 * @brief Types and constants used by every part of the API.
 * @{
 */

/** Marks a function exported from the shared library. */
#if defined(CRISK_BUILDING_LIBRARY) && defined(__GNUC__)
#define CRISK_API __attribute__((visibility("default")))
#else
#define CRISK_API
#endif

/** Major version of the library headers. */
#define CRISK_VERSION_MAJOR 0
/** Minor version of the library headers. */
#define CRISK_VERSION_MINOR 1
/** Patch version of the library headers. */
#define CRISK_VERSION_PATCH 0

/**
 * An action: the action type in the top byte (bits 56-63), arguments in
 * module-family specific bit fields below it.  Codes are stable across library
 * versions.  The Catan family layout is in catan.h and docs/actions.md.
 */
typedef uint64_t crisk_action;

/** The type byte of an action code. */
#define CRISK_ACTION_TYPE(action) ((unsigned)((action) >> 56))

/** The bit of action type @p type (0..63) in the @p skip_types mask of
 * crisk_game_legal_actions_except(). */
#define CRISK_ACTION_TYPE_BIT(type) ((uint64_t)1 << (type))

/** crisk_game_current_seat(): a chance event must be supplied (explicit chance mode). */
#define CRISK_SEAT_CHANCE (-1)
/** crisk_game_current_seat(): the game is over, nobody acts. */
#define CRISK_SEAT_NONE (-2)

/** Viewer for views and events: a spectator who sees public information only. */
#define CRISK_VIEWER_SPECTATOR (-3)
/** Viewer for views and events: sees everything (referee, debugging, saving). */
#define CRISK_VIEWER_OMNISCIENT (-4)

/** The most seats any built-in module supports. */
#define CRISK_MAX_SEATS 6

/**
 * Runtime version of the library.
 *
 * @param[out] major Receives the major version; may be NULL.
 * @param[out] minor Receives the minor version; may be NULL.
 * @param[out] patch Receives the patch version; may be NULL.
 * @return The version as the static string "major.minor.patch".
 *
 * Thread-safe.
 */
CRISK_API const char *crisk_version(int *major, int *minor, int *patch);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
