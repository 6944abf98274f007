/* Text and JSON writers into a caller buffer.  Writing never fails: output past
 * the capacity is counted but not stored, so the needed size is always known
 * (the caller-buffer + required-size convention). */
#ifndef CRISK_CORE_JSONW_H
#define CRISK_CORE_JSONW_H

#include <stddef.h>
#include <stdint.h>

/* Plain text. */
typedef struct textbuf {
	char *buf;
	size_t cap;
	size_t len; /* bytes wanted so far, excluding the NUL */
} textbuf;

void tb_init(textbuf *t, char *buf, size_t cap);
void tb_puts(textbuf *t, const char *s);
void tb_putc(textbuf *t, char c);
void tb_printf(textbuf *t, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
/* NUL-terminates (truncating when needed), stores len in *out_len if non-NULL,
 * returns CRISK_OK or CRISK_EBUFSIZE (with an error message) when len >= cap. */
int tb_finish(textbuf *t, size_t *out_len);

/* JSON on top of a textbuf; commas and nesting handled by the writer. */
#define JW_MAX_DEPTH 32
typedef struct jw {
	textbuf t;
	int depth;
	uint8_t first[JW_MAX_DEPTH]; /* no element written yet at this level */
	uint8_t after_key;
	uint8_t nomem; /* a part was left out for lack of memory: jw_finish fails */
} jw;

void jw_init(jw *w, char *buf, size_t cap);
void jw_obj_begin(jw *w);
void jw_obj_end(jw *w);
void jw_arr_begin(jw *w);
void jw_arr_end(jw *w);
void jw_key(jw *w, const char *key);      /* inside an object, before a value */
void jw_int(jw *w, int64_t v);
void jw_uint(jw *w, uint64_t v);
void jw_double(jw *w, double v);          /* shortest round-trip form ("%.17g"), finite only */
void jw_bool(jw *w, int v);
void jw_null(jw *w);
void jw_str(jw *w, const char *s);        /* escapes per RFC 8259; NULL writes null */
void jw_raw(jw *w, const char *json);     /* an already-valid JSON value */
/* Convenience: key + value. */
void jw_kint(jw *w, const char *key, int64_t v);
void jw_kstr(jw *w, const char *key, const char *s);
void jw_kbool(jw *w, const char *key, int v);
int jw_finish(jw *w, size_t *out_len);    /* as tb_finish; CRISK_ENOMEM after jw_nomem */
/* A writer that cannot get memory for a part marks the output unusable. */
void jw_nomem(jw *w);

#endif
