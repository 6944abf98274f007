/* Text and JSON writers with the caller-buffer + required-size convention:
 * bytes past the capacity are counted, never stored. */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "jsonw.h"

void tb_init(textbuf *t, char *buf, size_t cap)
{
	t->buf = buf;
	t->cap = buf ? cap : 0;
	t->len = 0;
}

static void tb_write(textbuf *t, const char *s, size_t n)
{
	if (t->len < t->cap) {
		size_t room = t->cap - t->len;
		memcpy(t->buf + t->len, s, n < room ? n : room);
	}
	t->len += n;
}

void tb_puts(textbuf *t, const char *s)
{
	tb_write(t, s, strlen(s));
}

void tb_putc(textbuf *t, char c)
{
	tb_write(t, &c, 1);
}

void tb_printf(textbuf *t, const char *fmt, ...)
{
	va_list ap;
	int n;
	va_start(ap, fmt);
	if (t->len < t->cap)
		/* Stores what fits (its last stored byte becomes a NUL, which
		 * tb_finish overwrites consistently) and reports the full length. */
		n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
	else
		n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->len += (size_t)n;
}

int tb_finish(textbuf *t, size_t *out_len)
{
	if (out_len)
		*out_len = t->len;
	if (t->cap > 0)
		t->buf[t->len < t->cap ? t->len : t->cap - 1] = '\0';
	if (t->len >= t->cap)
		return err_set(CRISK_EBUFSIZE, "buffer too small: need %zu bytes", t->len + 1);
	return CRISK_OK;
}

void jw_init(jw *w, char *buf, size_t cap)
{
	tb_init(&w->t, buf, cap);
	w->depth = 0;
	w->first[0] = 1;
	w->after_key = 0;
	w->nomem = 0;
}

/* Before any value or key: a comma unless it is the first item of its level
 * or the value of a key.  Levels deeper than JW_MAX_DEPTH are not tracked
 * (their commas are written as if every item came first); memory stays safe. */
static void separate(jw *w)
{
	if (w->after_key) {
		w->after_key = 0;
		return;
	}
	if (w->depth < 0 || w->depth >= JW_MAX_DEPTH)
		return;
	if (!w->first[w->depth])
		tb_putc(&w->t, ',');
	w->first[w->depth] = 0;
}

static void open_level(jw *w, char c)
{
	separate(w);
	tb_putc(&w->t, c);
	w->depth++;
	if (w->depth >= 0 && w->depth < JW_MAX_DEPTH)
		w->first[w->depth] = 1;
}

static void close_level(jw *w, char c)
{
	w->after_key = 0;
	if (w->depth > 0)
		w->depth--;
	tb_putc(&w->t, c);
}

void jw_obj_begin(jw *w)
{
	open_level(w, '{');
}

void jw_obj_end(jw *w)
{
	close_level(w, '}');
}

void jw_arr_begin(jw *w)
{
	open_level(w, '[');
}

void jw_arr_end(jw *w)
{
	close_level(w, ']');
}

static void put_string(textbuf *t, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	tb_putc(t, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		unsigned char c = *p;
		switch (c) {
		case '"':
			tb_puts(t, "\\\"");
			break;
		case '\\':
			tb_puts(t, "\\\\");
			break;
		case '\n':
			tb_puts(t, "\\n");
			break;
		case '\t':
			tb_puts(t, "\\t");
			break;
		case '\r':
			tb_puts(t, "\\r");
			break;
		case '\b':
			tb_puts(t, "\\b");
			break;
		case '\f':
			tb_puts(t, "\\f");
			break;
		default:
			if (c < 0x20) {
				char esc[7] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15], '\0' };
				tb_puts(t, esc);
			} else {
				tb_putc(t, (char)c);
			}
		}
	}
	tb_putc(t, '"');
}

void jw_key(jw *w, const char *key)
{
	separate(w);
	put_string(&w->t, key);
	tb_putc(&w->t, ':');
	w->after_key = 1;
}

void jw_int(jw *w, int64_t v)
{
	separate(w);
	tb_printf(&w->t, "%" PRId64, v);
}

void jw_uint(jw *w, uint64_t v)
{
	separate(w);
	tb_printf(&w->t, "%" PRIu64, v);
}

void jw_double(jw *w, double v)
{
	separate(w);
	if (!isfinite(v)) {
		tb_puts(&w->t, "null");
		return;
	}
	char raw[64], out[64];
	snprintf(raw, sizeof raw, "%.17g", v);
	/* %g honours the locale's decimal point, which may be ',' or several
	 * bytes: any run of bytes that is not part of a number becomes '.'. */
	size_t o = 0;
	for (size_t i = 0; raw[i] && o + 1 < sizeof out; i++) {
		char c = raw[i];
		if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == 'e' || c == 'E')
			out[o++] = c;
		else if (o == 0 || out[o - 1] != '.')
			out[o++] = '.';
	}
	out[o] = '\0';
	tb_puts(&w->t, out);
}

void jw_bool(jw *w, int v)
{
	separate(w);
	tb_puts(&w->t, v ? "true" : "false");
}

void jw_null(jw *w)
{
	separate(w);
	tb_puts(&w->t, "null");
}

void jw_str(jw *w, const char *s)
{
	separate(w);
	if (!s)
		tb_puts(&w->t, "null");
	else
		put_string(&w->t, s);
}

void jw_raw(jw *w, const char *json)
{
	separate(w);
	tb_puts(&w->t, json);
}

void jw_kint(jw *w, const char *key, int64_t v)
{
	jw_key(w, key);
	jw_int(w, v);
}

void jw_kstr(jw *w, const char *key, const char *s)
{
	jw_key(w, key);
	jw_str(w, s);
}

void jw_kbool(jw *w, const char *key, int v)
{
	jw_key(w, key);
	jw_bool(w, v);
}

void jw_nomem(jw *w)
{
	w->nomem = 1;
}

int jw_finish(jw *w, size_t *out_len)
{
	int rc = tb_finish(&w->t, out_len);
	if (w->nomem)
		return err_set(CRISK_ENOMEM, "out of memory writing JSON");
	return rc;
}
