/* A growing text buffer for the SVG writer: printf-style appends, XML
 * escaping; an allocation failure is remembered and reported once at the end. */
#ifndef CRISK_EXAMPLES_SVG_BUF_H
#define CRISK_EXAMPLES_SVG_BUF_H

#include <stddef.h>

typedef struct {
	char *s;
	size_t len, cap;
	int failed;
} svg_buf;

void sb_printf(svg_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Text content or an attribute value, XML-escaped; control bytes are dropped. */
void sb_text(svg_buf *b, const char *text);
/* <text class=".." x y>escaped text</text> */
void sb_label(svg_buf *b, const char *cls, double x, double y, const char *extra, const char *text);

#endif
