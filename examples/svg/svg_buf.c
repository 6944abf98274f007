/* The SVG writer's text buffer (svg_buf.h). */
#include "svg_buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int reserve(svg_buf *b, size_t more)
{
	if (b->failed)
		return -1;
	if (b->len + more + 1 <= b->cap)
		return 0;
	size_t cap = b->cap ? b->cap : 4096;
	while (cap < b->len + more + 1)
		cap *= 2;
	char *s = realloc(b->s, cap);
	if (!s) {
		b->failed = 1;
		return -1;
	}
	b->s = s;
	b->cap = cap;
	return 0;
}

void sb_printf(svg_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || reserve(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void sb_text(svg_buf *b, const char *text)
{
	for (const unsigned char *p = (const unsigned char *)(text ? text : ""); *p; p++) {
		switch (*p) {
		case '<':
			sb_printf(b, "&lt;");
			break;
		case '>':
			sb_printf(b, "&gt;");
			break;
		case '&':
			sb_printf(b, "&amp;");
			break;
		case '"':
			sb_printf(b, "&quot;");
			break;
		case '\'':
			sb_printf(b, "&apos;");
			break;
		default:
			if (*p >= 0x20 && *p != 0x7F && !reserve(b, 1)) {
				b->s[b->len++] = (char)*p;
				b->s[b->len] = '\0';
			}
		}
	}
}

void sb_label(svg_buf *b, const char *cls, double x, double y, const char *extra, const char *text)
{
	sb_printf(b, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\"%s%s>", cls, x, y, extra ? " " : "", extra ? extra : "");
	sb_text(b, text);
	sb_printf(b, "</text>\n");
}
