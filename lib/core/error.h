/* Internal error machinery: a thread-local message behind crisk_error_last(). */
#ifndef CRISK_CORE_ERROR_H
#define CRISK_CORE_ERROR_H

#include <stdarg.h>
#include <stddef.h>
#include "catanrisk/errors.h"

/* Formats the thread-local last-error message (printf-style, truncated to
 * ERR_MSG_MAX - 1 bytes) and returns code, so callers can write
 * `return err_set(CRISK_EINVAL, "seat %d out of range", s);`. */
#define ERR_MSG_MAX 512
int err_set(int code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* err_set with a va_list (for exported printf-style functions). */
int err_vset(int code, const char *fmt, va_list ap)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 0)))
#endif
	;

/* CRISK_EINVAL naming fn when a caller buffer is NULL but cap is not 0 (the
 * caller-buffer convention allows NULL only with cap 0); else CRISK_OK. */
int err_check_buffer(const char *fn, const void *buf, size_t cap);

/* The current message (never NULL). */
const char *err_message(void);

#endif
