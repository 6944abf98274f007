/* A small JSON reader (json.h). */
#include "json.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 64 };

typedef struct {
	const char *s;
	size_t at;
	char *err;
	size_t errlen;
	int failed;
} reader;

static int fail(reader *r, const char *what)
{
	if (!r->failed && r->err && r->errlen)
		snprintf(r->err, r->errlen, "JSON: %s at byte %zu", what, r->at);
	r->failed = 1;
	return -1;
}

static void skip_space(reader *r)
{
	while (r->s[r->at] == ' ' || r->s[r->at] == '\t' || r->s[r->at] == '\n' || r->s[r->at] == '\r')
		r->at++;
}

static int hex4(reader *r, unsigned *out)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		char c = r->s[r->at + (size_t)i];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return fail(r, "bad \\u escape");
	}
	r->at += 4;
	*out = v;
	return 0;
}

static size_t put_utf8(char *o, unsigned cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xC0 | (cp >> 6));
		o[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xE0 | (cp >> 12));
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		o[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (char)(0xF0 | (cp >> 18));
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	o[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* At the opening quote; an escaped string never grows, so the raw length bounds it. */
static char *read_string(reader *r)
{
	size_t start = ++r->at, end = start;
	while (r->s[end] && r->s[end] != '"')
		end += r->s[end] == '\\' && r->s[end + 1] ? 2 : 1;
	if (r->s[end] != '"') {
		fail(r, "unterminated string");
		return NULL;
	}
	char *o = malloc(end - start + 1);
	if (!o) {
		fail(r, "out of memory");
		return NULL;
	}
	size_t n = 0;
	while (r->at < end) {
		unsigned char c = (unsigned char)r->s[r->at];
		if (c < 0x20) {
			fail(r, "control character in a string");
			break;
		}
		if (c != '\\') {
			o[n++] = (char)c;
			r->at++;
			continue;
		}
		char e = r->s[++r->at];
		r->at++;
		const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
		const char *k = e ? strchr(from, e) : NULL;
		if (k) {
			o[n++] = to[k - from];
			continue;
		}
		unsigned cp;
		if (e != 'u' || hex4(r, &cp))
			break;
		if (cp >= 0xD800 && cp < 0xDC00 && r->s[r->at] == '\\' && r->s[r->at + 1] == 'u') {
			unsigned lo;
			r->at += 2;
			if (hex4(r, &lo))
				break;
			cp = lo >= 0xDC00 && lo < 0xE000 ? 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00) : 0xFFFD;
		} else if (cp >= 0xD800 && cp < 0xE000) {
			cp = 0xFFFD;
		}
		/* \u escapes are 6 raw bytes and give at most 4 (a pair: 12 give 4). */
		n += put_utf8(o + n, cp ? cp : 0xFFFD);
	}
	if (r->failed || r->at != end) {
		fail(r, "bad escape in a string");
		free(o);
		return NULL;
	}
	o[n] = '\0';
	r->at = end + 1;
	return o;
}

static int read_value(reader *r, json *v, int depth);

static int grow(reader *r, json *v, size_t *cap)
{
	if (v->count < *cap)
		return 0;
	size_t c = *cap ? 2 * *cap : 8;
	json *items = realloc(v->items, c * sizeof *items);
	if (!items)
		return fail(r, "out of memory");
	v->items = items;
	if (v->type == JSON_OBJECT) {
		char **keys = realloc(v->keys, c * sizeof *keys);
		if (!keys)
			return fail(r, "out of memory");
		v->keys = keys;
	}
	*cap = c;
	return 0;
}

static int read_container(reader *r, json *v, int depth)
{
	char close = r->s[r->at] == '[' ? ']' : '}';
	v->type = close == ']' ? JSON_ARRAY : JSON_OBJECT;
	r->at++;
	skip_space(r);
	if (r->s[r->at] == close) {
		r->at++;
		return 0;
	}
	size_t cap = 0;
	for (;;) {
		skip_space(r);
		if (grow(r, v, &cap))
			return -1;
		char *key = NULL;
		if (v->type == JSON_OBJECT) {
			if (r->s[r->at] != '"')
				return fail(r, "expected a member name");
			if (!(key = read_string(r)))
				return -1;
			skip_space(r);
			if (r->s[r->at] != ':') {
				free(key);
				return fail(r, "expected ':'");
			}
			r->at++;
			v->keys[v->count] = key;
		}
		memset(&v->items[v->count], 0, sizeof v->items[0]);
		v->count++; /* counted before reading, so json_free frees a half-read item */
		if (read_value(r, &v->items[v->count - 1], depth + 1))
			return -1;
		skip_space(r);
		if (r->s[r->at] == ',') {
			r->at++;
			continue;
		}
		if (r->s[r->at] == close) {
			r->at++;
			return 0;
		}
		return fail(r, close == ']' ? "expected ',' or ']'" : "expected ',' or '}'");
	}
}

static int read_number(reader *r, json *v)
{
	const char *p = r->s + r->at;
	size_t n = 0;
	if (p[n] == '-')
		n++;
	if (p[n] < '0' || p[n] > '9')
		return fail(r, "unexpected character");
	while (p[n] >= '0' && p[n] <= '9')
		n++;
	if (p[n] == '.') {
		n++;
		if (p[n] < '0' || p[n] > '9')
			return fail(r, "bad number");
		while (p[n] >= '0' && p[n] <= '9')
			n++;
	}
	if (p[n] == 'e' || p[n] == 'E') {
		n++;
		if (p[n] == '+' || p[n] == '-')
			n++;
		if (p[n] < '0' || p[n] > '9')
			return fail(r, "bad number");
		while (p[n] >= '0' && p[n] <= '9')
			n++;
	}
	v->type = JSON_NUMBER;
	v->number = strtod(p, NULL);
	r->at += n;
	return 0;
}

static int read_value(reader *r, json *v, int depth)
{
	if (depth > MAX_DEPTH)
		return fail(r, "nested too deeply");
	skip_space(r);
	const char *p = r->s + r->at;
	switch (*p) {
	case '{':
	case '[':
		return read_container(r, v, depth);
	case '"':
		v->type = JSON_STRING;
		return (v->string = read_string(r)) ? 0 : -1;
	case 't':
	case 'f':
	case 'n': {
		static const char *const words[] = {"true", "false", "null"};
		for (int i = 0; i < 3; i++) {
			size_t len = strlen(words[i]);
			if (!strncmp(p, words[i], len)) {
				v->type = i == 2 ? JSON_NULL : JSON_BOOL;
				v->number = i == 0;
				r->at += len;
				return 0;
			}
		}
		return fail(r, "unexpected word");
	}
	default:
		return read_number(r, v);
	}
}

static void free_inner(json *v)
{
	for (size_t i = 0; i < v->count; i++) {
		free_inner(&v->items[i]);
		if (v->type == JSON_OBJECT)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->string);
}

void json_clear(json *v)
{
	if (v)
		free_inner(v);
}

void json_free(json *v)
{
	if (!v)
		return;
	free_inner(v);
	free(v);
}

json *json_parse(const char *text, char *err, size_t errlen)
{
	reader r = {.s = text ? text : "", .err = err, .errlen = errlen};
	json *v = calloc(1, sizeof *v);
	if (!v) {
		fail(&r, "out of memory");
		return NULL;
	}
	if (!read_value(&r, v, 0)) {
		skip_space(&r);
		if (r.s[r.at])
			fail(&r, "text after the value");
	}
	if (r.failed) {
		json_free(v);
		return NULL;
	}
	return v;
}

const json *json_get(const json *obj, const char *key)
{
	if (!obj || obj->type != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < obj->count; i++)
		if (!strcmp(obj->keys[i], key))
			return &obj->items[i];
	return NULL;
}

const json *json_at(const json *arr, size_t i)
{
	return arr && arr->type == JSON_ARRAY && i < arr->count ? &arr->items[i] : NULL;
}

size_t json_len(const json *arr)
{
	return arr && arr->type == JSON_ARRAY ? arr->count : 0;
}

double json_num(const json *v, double dflt)
{
	return v && v->type == JSON_NUMBER ? v->number : dflt;
}

int json_int(const json *v, int dflt)
{
	double d = json_num(v, dflt);
	return d >= INT_MIN && d <= INT_MAX ? (int)d : dflt;
}

const char *json_str(const json *v, const char *dflt)
{
	return v && v->type == JSON_STRING ? v->string : dflt;
}

int json_true(const json *v)
{
	return v && v->type == JSON_BOOL && v->number != 0;
}
