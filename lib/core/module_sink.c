/* What public module methods call back into: the text and JSON sink, the
 * event sink, the error message, and reading a JSON save's state. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "module_ext.h"

CRISK_API int crisk_error_set(int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	err_vset(code, fmt ? fmt : "", ap);
	va_end(ap);
	return code;
}

CRISK_API int crisk_event_emit(crisk_event_sink *events, const crisk_event *e, uint32_t hidden_args, uint32_t seen_by)
{
	if (!events || !e)
		return err_set(CRISK_EINVAL, "crisk_event_emit: %s is NULL", events ? "event" : "event sink");
	if (e->type > 0xFFFFu)
		return err_set(CRISK_EINVAL, "crisk_event_emit: event type %u is above 65535", (unsigned)e->type);
	if (e->seat < -1 || e->seat >= CRISK_MAX_SEATS || e->target < -1 || e->target >= CRISK_MAX_SEATS)
		return err_set(CRISK_EINVAL, "crisk_event_emit: seat %d or target %d is neither -1 nor a seat (0..%d)",
			       (int)e->seat, (int)e->target, CRISK_MAX_SEATS - 1);
	if (hidden_args >> 6 || seen_by >> CRISK_MAX_SEATS)
		return err_set(CRISK_EINVAL, "crisk_event_emit: hidden_args 0x%x or seen_by 0x%x has bits beyond the 6 "
					     "arguments or %d seats",
			       (unsigned)hidden_args, (unsigned)seen_by, CRISK_MAX_SEATS);
	ev *x = ev_push(events->log, e->type, e->seat, e->target);
	if (x) {
		x->hidden = (uint8_t)hidden_args;
		x->see_mask = (uint8_t)seen_by;
		memcpy(x->args, e->args, sizeof x->args);
	}
	return CRISK_OK;
}

CRISK_API void crisk_sink_puts(crisk_sink *out, const char *text)
{
	if (out && text)
		tb_puts(&out->w->t, text);
}

CRISK_API void crisk_sink_printf(crisk_sink *out, const char *fmt, ...)
{
	if (!out || !fmt)
		return;
	textbuf *t = &out->w->t;
	va_list ap;
	va_start(ap, fmt);
	/* As tb_printf: store what fits, count everything. */
	int n = t->len < t->cap ? vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap) : vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->len += (size_t)n;
}

CRISK_API void crisk_sink_begin_object(crisk_sink *out)
{
	if (out)
		jw_obj_begin(out->w);
}

CRISK_API void crisk_sink_end_object(crisk_sink *out)
{
	if (out)
		jw_obj_end(out->w);
}

CRISK_API void crisk_sink_begin_array(crisk_sink *out)
{
	if (out)
		jw_arr_begin(out->w);
}

CRISK_API void crisk_sink_end_array(crisk_sink *out)
{
	if (out)
		jw_arr_end(out->w);
}

CRISK_API void crisk_sink_key(crisk_sink *out, const char *key)
{
	if (out && key)
		jw_key(out->w, key);
}

CRISK_API void crisk_sink_int(crisk_sink *out, int64_t value)
{
	if (out)
		jw_int(out->w, value);
}

CRISK_API void crisk_sink_uint(crisk_sink *out, uint64_t value)
{
	if (out)
		jw_uint(out->w, value);
}

CRISK_API void crisk_sink_bool(crisk_sink *out, int value)
{
	if (out)
		jw_bool(out->w, value);
}

CRISK_API void crisk_sink_null(crisk_sink *out)
{
	if (out)
		jw_null(out->w);
}

CRISK_API void crisk_sink_string(crisk_sink *out, const char *text)
{
	if (out)
		jw_str(out->w, text);
}

CRISK_API void crisk_sink_raw(crisk_sink *out, const char *json)
{
	if (out && json)
		jw_raw(out->w, json);
}

/* The public node type is the reader's node: only pointers cross. */
static const jnode *node_of(const crisk_json *n)
{
	return (const jnode *)n;
}

CRISK_API int crisk_json_type(const crisk_json *n)
{
	return n ? node_of(n)->type + 1 : CRISK_JSON_NONE; /* JN_* start at 0 with JN_NULL */
}

CRISK_API size_t crisk_json_count(const crisk_json *n)
{
	if (!n || (node_of(n)->type != JN_ARR && node_of(n)->type != JN_OBJ))
		return 0;
	return node_of(n)->count;
}

CRISK_API const crisk_json *crisk_json_item(const crisk_json *n, size_t index)
{
	return n ? (const crisk_json *)jr_index(node_of(n), index) : NULL;
}

CRISK_API const crisk_json *crisk_json_member(const crisk_json *n, const char *key)
{
	return n && key ? (const crisk_json *)jr_member(node_of(n), key) : NULL;
}

CRISK_API const char *crisk_json_key(const crisk_json *n)
{
	return n ? node_of(n)->key : NULL;
}

CRISK_API const char *crisk_json_string(const crisk_json *n)
{
	if (!n || node_of(n)->type != JN_STR || strlen(node_of(n)->str) != node_of(n)->len)
		return NULL;
	return node_of(n)->str;
}

CRISK_API int crisk_json_error(const crisk_json *n, const char *fmt, ...)
{
	char path[JR_PATH_MAX], what[ERR_MSG_MAX];
	if (n)
		jr_path(node_of(n), path, sizeof path);
	else
		snprintf(path, sizeof path, "(missing value)");
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt ? fmt : "", ap);
	va_end(ap);
	return err_set(CRISK_EFORMAT, "%s: %s", path, what);
}

CRISK_API int crisk_json_int(const crisk_json *n, int64_t min, int64_t max, int64_t *out)
{
	if (!n)
		return err_set(CRISK_EFORMAT, "missing value: expected an integer in %lld..%lld", (long long)min,
			       (long long)max);
	const jnode *j = node_of(n);
	if (j->type != JN_NUM || !j->is_int)
		return crisk_json_error(n, "expected an integer in %lld..%lld, found %s", (long long)min, (long long)max,
					jr_type_name(j));
	if (j->i < min || j->i > max)
		return crisk_json_error(n, "%lld is out of range (%lld..%lld)", (long long)j->i, (long long)min,
					(long long)max);
	if (out)
		*out = j->i;
	return CRISK_OK;
}
