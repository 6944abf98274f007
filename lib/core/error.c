/* The thread-local last-error message and static text for error codes. */
#include <stdarg.h>
#include <stdio.h>

#include "error.h"

/* One buffer per thread: a failure on one thread never clobbers another's message. */
static _Thread_local char last_message[ERR_MSG_MAX];

int err_vset(int code, const char *fmt, va_list ap)
{
	vsnprintf(last_message, sizeof last_message, fmt, ap);
	return code;
}

int err_set(int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	err_vset(code, fmt, ap);
	va_end(ap);
	return code;
}

const char *err_message(void)
{
	return last_message;
}

CRISK_API const char *crisk_error_last(void)
{
	return last_message;
}

CRISK_API const char *crisk_strerror(int code)
{
	switch (code) {
	case CRISK_OK:
		return "success";
	case CRISK_EINVAL:
		return "invalid argument";
	case CRISK_ENOMEM:
		return "out of memory";
	case CRISK_EBUFSIZE:
		return "buffer too small";
	case CRISK_EILLEGAL:
		return "illegal action";
	case CRISK_ENOTFOUND:
		return "not found";
	case CRISK_EPARAM:
		return "bad parameter";
	case CRISK_EFORMAT:
		return "malformed data";
	case CRISK_ESTATE:
		return "wrong state for this call";
	case CRISK_EUNSUPPORTED:
		return "operation not supported by the module";
	case CRISK_EHIDDEN:
		return "information hidden from the viewer";
	default:
		return "unknown error";
	}
}

int err_check_buffer(const char *fn, const void *buf, size_t cap)
{
	if (!buf && cap)
		return err_set(CRISK_EINVAL, "%s: buffer is NULL but capacity is %zu", fn, cap);
	return CRISK_OK;
}
