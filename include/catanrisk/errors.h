/**
 * @file errors.h
 * @brief Error codes, the thread-local last-error message and static error text.
 */
#ifndef CATANRISK_ERRORS_H
#define CATANRISK_ERRORS_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup errors Errors
 * @brief Every fallible call returns CRISK_OK or a negative CRISK_E* code.
 *
 * Values never change; new codes are appended.  After a failure,
 * crisk_error_last() gives a message that says what was wrong, in the terms of
 * the caller (a parameter name, a rule, a JSON path).
 * @{
 */

#define CRISK_OK 0            /**< Success. */
#define CRISK_EINVAL (-1)     /**< An argument is invalid (NULL handle, seat out of range, ...). */
#define CRISK_ENOMEM (-2)     /**< Memory could not be allocated. */
#define CRISK_EBUFSIZE (-3)   /**< The caller's buffer is too small; the needed size was written. */
#define CRISK_EILLEGAL (-4)   /**< The action is not legal now; the game is unchanged. */
#define CRISK_ENOTFOUND (-5)  /**< No such module, parameter, event or item. */
#define CRISK_EPARAM (-6)     /**< A parameter string has an unknown key or a bad value. */
#define CRISK_EFORMAT (-7)    /**< Data (a save, a record, a file, a text form) is malformed. */
#define CRISK_ESTATE (-8)     /**< The call does not fit the game's current state. */
#define CRISK_EUNSUPPORTED (-9) /**< The module does not provide this operation. */
#define CRISK_EHIDDEN (-10)   /**< The viewer may not know what was asked. */

/**
 * The message of the last failure on the calling thread.
 *
 * @return A NUL-terminated string owned by the library, valid until the next
 *         failing call on this thread; "" if no call has failed yet.
 */
CRISK_API const char *crisk_error_last(void);

/**
 * Static text for an error code.
 *
 * @param code A CRISK_* code.
 * @return A static NUL-terminated string ("unknown error" for unknown codes).
 */
CRISK_API const char *crisk_strerror(int code);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
