/* Strict RFC 8259 parser into a node tree.  Refuses everything the grammar
 * does not allow (trailing commas, leading zeros, bare control characters,
 * invalid UTF-8, unpaired surrogates, duplicate member names) and bounds the
 * work: input size, nesting depth (so recursion is bounded) and node count. */
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "jsonr.h"

typedef struct parser {
	const unsigned char *p;
	size_t len, pos;
	size_t nodes;
	int depth;
	int rc; /* first error */
} parser;

static int fail(parser *ps, size_t at, const char *what)
{
	if (!ps->rc)
		ps->rc = err_set(CRISK_EFORMAT, "JSON syntax error at byte %zu: %s", at, what);
	return ps->rc;
}

static int oom(parser *ps)
{
	if (!ps->rc)
		ps->rc = err_set(CRISK_ENOMEM, "out of memory reading JSON");
	return ps->rc;
}

static void skip_ws(parser *ps)
{
	while (ps->pos < ps->len) {
		unsigned char c = ps->p[ps->pos];
		if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
			return;
		ps->pos++;
	}
}

static jnode *new_node(parser *ps, jnode *parent, int type)
{
	if (ps->nodes >= JR_MAX_NODES) {
		fail(ps, ps->pos, "too many values (limit 1048576)");
		return NULL;
	}
	jnode *n = calloc(1, sizeof *n);
	if (!n) {
		oom(ps);
		return NULL;
	}
	ps->nodes++;
	n->type = type;
	n->offset = ps->pos;
	n->parent = parent;
	if (parent) {
		n->index = parent->count++;
		if (parent->last)
			parent->last->next = n;
		else
			parent->first = n;
		parent->last = n;
	}
	return n;
}

static int literal(parser *ps, const char *word)
{
	size_t n = strlen(word);
	if (ps->len - ps->pos < n || memcmp(ps->p + ps->pos, word, n) != 0)
		return fail(ps, ps->pos, "invalid literal");
	ps->pos += n;
	return 0;
}

static int is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* Integers without fraction or exponent are kept exactly when they fit int64. */
static int number(parser *ps, jnode *n)
{
	size_t start = ps->pos;
	int neg = 0;
	if (ps->pos < ps->len && ps->p[ps->pos] == '-') {
		neg = 1;
		ps->pos++;
	}
	if (ps->pos >= ps->len || !is_digit(ps->p[ps->pos]))
		return fail(ps, ps->pos, "a number needs a digit");
	uint64_t mag = 0;
	int overflow = 0;
	if (ps->p[ps->pos] == '0') {
		ps->pos++;
		if (ps->pos < ps->len && is_digit(ps->p[ps->pos]))
			return fail(ps, ps->pos, "leading zeros are not allowed");
	} else {
		while (ps->pos < ps->len && is_digit(ps->p[ps->pos])) {
			unsigned d = ps->p[ps->pos++] - '0';
			if (mag > (UINT64_MAX - d) / 10)
				overflow = 1;
			else
				mag = mag * 10 + d;
		}
	}
	int is_int = 1;
	if (ps->pos < ps->len && ps->p[ps->pos] == '.') {
		ps->pos++;
		if (ps->pos >= ps->len || !is_digit(ps->p[ps->pos]))
			return fail(ps, ps->pos, "a fraction needs a digit");
		while (ps->pos < ps->len && is_digit(ps->p[ps->pos]))
			ps->pos++;
		is_int = 0;
	}
	if (ps->pos < ps->len && (ps->p[ps->pos] == 'e' || ps->p[ps->pos] == 'E')) {
		ps->pos++;
		if (ps->pos < ps->len && (ps->p[ps->pos] == '+' || ps->p[ps->pos] == '-'))
			ps->pos++;
		if (ps->pos >= ps->len || !is_digit(ps->p[ps->pos]))
			return fail(ps, ps->pos, "an exponent needs a digit");
		while (ps->pos < ps->len && is_digit(ps->p[ps->pos]))
			ps->pos++;
		is_int = 0;
	}
	if (is_int) {
		uint64_t lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
		if (overflow || mag > lim)
			return fail(ps, start, "integer out of the 64-bit signed range");
		n->is_int = 1;
		n->i = neg ? (mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag) : (int64_t)mag;
	}
	return 0;
}

static int hex4(parser *ps, unsigned *out)
{
	if (ps->len - ps->pos < 4)
		return fail(ps, ps->pos, "\\u needs four hex digits");
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		unsigned char c = ps->p[ps->pos + (size_t)i];
		unsigned d;
		if (is_digit(c))
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10u;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10u;
		else
			return fail(ps, ps->pos + (size_t)i, "\\u needs four hex digits");
		v = v * 16 + d;
	}
	ps->pos += 4;
	*out = v;
	return 0;
}

static size_t put_utf8(unsigned char *o, unsigned cp)
{
	if (cp < 0x80) {
		o[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (unsigned char)(0xC0 | (cp >> 6));
		o[1] = (unsigned char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (unsigned char)(0xE0 | (cp >> 12));
		o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
		o[2] = (unsigned char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (unsigned char)(0xF0 | (cp >> 18));
	o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
	o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
	o[3] = (unsigned char)(0x80 | (cp & 0x3F));
	return 4;
}

/* Length of the well-formed UTF-8 sequence at s (RFC 3629), or 0. */
static size_t utf8_len(const unsigned char *s, size_t avail)
{
	unsigned char c = s[0];
	size_t n;
	unsigned cp;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF) {
		n = 2;
		cp = c & 0x1Fu;
	} else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		cp = c & 0x0Fu;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		cp = c & 0x07u;
	} else {
		return 0;
	}
	if (avail < n)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3Fu);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return n;
}

/* Decodes the string at pos (the opening quote) into a new buffer. */
static int string(parser *ps, char **out, size_t *out_len)
{
	size_t start = ++ps->pos;
	size_t end = start;
	/* The decoded text is never longer than the raw text. */
	while (end < ps->len && ps->p[end] != '"') {
		if (ps->p[end] == '\\')
			end++;
		end++;
	}
	if (end >= ps->len)
		return fail(ps, start - 1, "unterminated string");
	unsigned char *buf = malloc(end - start + 1);
	if (!buf)
		return oom(ps);
	size_t o = 0;
	while (ps->pos < end) {
		unsigned char c = ps->p[ps->pos];
		if (c < 0x20) {
			free(buf);
			return fail(ps, ps->pos, "control character in a string (escape it)");
		}
		if (c != '\\') {
			size_t n = utf8_len(ps->p + ps->pos, end - ps->pos);
			if (!n) {
				free(buf);
				return fail(ps, ps->pos, "invalid UTF-8");
			}
			memcpy(buf + o, ps->p + ps->pos, n);
			o += n;
			ps->pos += n;
			continue;
		}
		ps->pos++;
		c = ps->p[ps->pos++];
		const char *simple = strchr("\"\\/bfnrt", c);
		if (c && simple) {
			static const char map[] = "\"\\/\b\f\n\r\t";
			buf[o++] = (unsigned char)map[simple - "\"\\/bfnrt"];
			continue;
		}
		if (c != 'u') {
			free(buf);
			return fail(ps, ps->pos - 2, "invalid escape");
		}
		unsigned cp;
		if (hex4(ps, &cp)) {
			free(buf);
			return ps->rc;
		}
		if (cp >= 0xDC00 && cp <= 0xDFFF) {
			free(buf);
			return fail(ps, ps->pos - 6, "unpaired low surrogate");
		}
		if (cp >= 0xD800 && cp <= 0xDBFF) {
			unsigned lo;
			if (end - ps->pos < 6 || ps->p[ps->pos] != '\\' || ps->p[ps->pos + 1] != 'u') {
				free(buf);
				return fail(ps, ps->pos - 6, "unpaired high surrogate");
			}
			ps->pos += 2;
			if (hex4(ps, &lo)) {
				free(buf);
				return ps->rc;
			}
			if (lo < 0xDC00 || lo > 0xDFFF) {
				free(buf);
				return fail(ps, ps->pos - 6, "unpaired high surrogate");
			}
			cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
		}
		/* A \u escape of at least 6 raw bytes yields at most 4 decoded ones. */
		o += put_utf8(buf + o, cp);
	}
	ps->pos = end + 1;
	buf[o] = '\0';
	*out = (char *)buf;
	*out_len = o;
	return 0;
}

static int value(parser *ps, jnode *parent, jnode **made);

static int array(parser *ps, jnode *n)
{
	ps->pos++;
	skip_ws(ps);
	if (ps->pos < ps->len && ps->p[ps->pos] == ']') {
		ps->pos++;
		return 0;
	}
	for (;;) {
		if (value(ps, n, NULL))
			return ps->rc;
		skip_ws(ps);
		if (ps->pos >= ps->len)
			return fail(ps, ps->pos, "unterminated array");
		unsigned char c = ps->p[ps->pos++];
		if (c == ']')
			return 0;
		if (c != ',')
			return fail(ps, ps->pos - 1, "expected ',' or ']'");
		skip_ws(ps);
	}
}

static int object(parser *ps, jnode *n)
{
	ps->pos++;
	skip_ws(ps);
	if (ps->pos < ps->len && ps->p[ps->pos] == '}') {
		ps->pos++;
		return 0;
	}
	for (;;) {
		if (ps->pos >= ps->len || ps->p[ps->pos] != '"')
			return fail(ps, ps->pos, "expected a member name in quotes");
		size_t key_at = ps->pos;
		char *key;
		size_t key_len;
		if (string(ps, &key, &key_len))
			return ps->rc;
		if (strlen(key) != key_len) {
			free(key);
			return fail(ps, key_at, "member name contains \\u0000");
		}
		if (jr_member(n, key)) {
			free(key);
			return fail(ps, key_at, "duplicate member name");
		}
		if (n->count >= JR_MAX_MEMBERS) {
			free(key);
			return fail(ps, key_at, "more than 1024 members in one object");
		}
		skip_ws(ps);
		if (ps->pos >= ps->len || ps->p[ps->pos] != ':') {
			free(key);
			return fail(ps, ps->pos, "expected ':'");
		}
		ps->pos++;
		skip_ws(ps);
		jnode *child = NULL;
		value(ps, n, &child);
		if (child)
			child->key = key;
		else
			free(key);
		if (ps->rc)
			return ps->rc;
		skip_ws(ps);
		if (ps->pos >= ps->len)
			return fail(ps, ps->pos, "unterminated object");
		unsigned char c = ps->p[ps->pos++];
		if (c == '}')
			return 0;
		if (c != ',')
			return fail(ps, ps->pos - 1, "expected ',' or '}'");
		skip_ws(ps);
	}
}

/* Parses one value at pos into a new child of parent (or the root). */
static int value(parser *ps, jnode *parent, jnode **made)
{
	if (ps->pos >= ps->len)
		return fail(ps, ps->pos, "unexpected end of input");
	unsigned char c = ps->p[ps->pos];
	int type;
	switch (c) {
	case '{': type = JN_OBJ; break;
	case '[': type = JN_ARR; break;
	case '"': type = JN_STR; break;
	case 't': type = JN_TRUE; break;
	case 'f': type = JN_FALSE; break;
	case 'n': type = JN_NULL; break;
	default:
		if (c != '-' && !is_digit(c))
			return fail(ps, ps->pos, "unexpected character");
		type = JN_NUM;
		break;
	}
	jnode *n = new_node(ps, parent, type);
	if (!n)
		return ps->rc;
	if (made)
		*made = n;
	switch (type) {
	case JN_OBJ:
	case JN_ARR:
		if (++ps->depth > JR_MAX_DEPTH)
			return fail(ps, ps->pos, "nesting deeper than 64 levels");
		if (type == JN_OBJ ? object(ps, n) : array(ps, n))
			return ps->rc;
		ps->depth--;
		return 0;
	case JN_STR:
		return string(ps, &n->str, &n->len);
	case JN_TRUE:
		return literal(ps, "true");
	case JN_FALSE:
		return literal(ps, "false");
	case JN_NULL:
		return literal(ps, "null");
	default:
		return number(ps, n);
	}
}

int jr_parse(jnode **out, const char *text, size_t len)
{
	*out = NULL;
	if (len > JR_MAX_INPUT)
		return err_set(CRISK_EFORMAT, "JSON document of %zu bytes is above the limit of %u", len, JR_MAX_INPUT);
	parser ps = {(const unsigned char *)text, len, 0, 0, 0, 0};
	jnode *root = NULL;
	skip_ws(&ps);
	value(&ps, NULL, &root);
	if (!ps.rc) {
		skip_ws(&ps);
		if (ps.pos < ps.len)
			fail(&ps, ps.pos, "unexpected data after the JSON value");
	}
	if (ps.rc) {
		jr_free(root);
		return ps.rc;
	}
	*out = root;
	return CRISK_OK;
}

/* Iterative: frees children before parents without recursion. */
void jr_free(jnode *root)
{
	jnode *n = root;
	while (n) {
		if (n->first) {
			jnode *c = n->first;
			n->first = NULL;
			n = c;
			continue;
		}
		jnode *up = n->next ? n->next : n->parent;
		int last = n == root;
		free(n->str);
		free(n->key);
		free(n);
		if (last)
			break;
		n = up;
	}
}

const jnode *jr_member(const jnode *n, const char *key)
{
	if (!n || n->type != JN_OBJ)
		return NULL;
	for (const jnode *c = n->first; c; c = c->next) {
		if (c->key && strcmp(c->key, key) == 0)
			return c;
	}
	return NULL;
}

const jnode *jr_index(const jnode *n, size_t i)
{
	if (!n || (n->type != JN_ARR && n->type != JN_OBJ) || i >= n->count)
		return NULL;
	const jnode *c = n->first;
	while (i--)
		c = c->next;
	return c;
}

static int plain_key(const char *k)
{
	if (!*k)
		return 0;
	for (; *k; k++) {
		char c = *k;
		if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
			return 0;
	}
	return 1;
}

/* One step of the path: ".key", "[\"odd key\"]" or "[i]". */
static size_t step_text(const jnode *n, char *buf, size_t cap)
{
	size_t o = 0;
	char tmp[32];
	const char *parts[3] = {NULL, NULL, NULL};
	if (n->parent && n->parent->type == JN_OBJ && n->key) {
		if (plain_key(n->key)) {
			parts[0] = ".";
			parts[1] = n->key;
		} else {
			parts[0] = "[\"";
			parts[1] = n->key;
			parts[2] = "\"]";
		}
	} else {
		size_t v = n->index, k = sizeof tmp - 1;
		tmp[k] = '\0';
		tmp[--k] = ']';
		do {
			tmp[--k] = (char)('0' + v % 10);
			v /= 10;
		} while (v && k > 1);
		tmp[--k] = '[';
		parts[0] = tmp + k;
	}
	for (int i = 0; i < 3; i++) {
		for (const char *s = parts[i]; s && *s; s++) {
			if (o < cap)
				buf[o] = (unsigned char)*s < 0x20 ? '?' : *s;
			o++;
		}
	}
	return o;
}

void jr_path(const jnode *n, char *buf, size_t cap)
{
	if (!cap)
		return;
	/* Steps from the root down: collect them leaf-first, then write in reverse. */
	const jnode *chain[JR_MAX_DEPTH + 2];
	int depth = 0;
	for (const jnode *x = n; x && x->parent && depth < JR_MAX_DEPTH + 1; x = x->parent)
		chain[depth++] = x;
	size_t o = 0;
	buf[o++] = '$';
	for (int i = depth - 1; i >= 0 && o < cap; i--) {
		size_t room = cap - o;
		size_t want = step_text(chain[i], buf + o, room);
		o += want < room ? want : room;
	}
	if (o >= cap)
		o = cap - 1;
	buf[o] = '\0';
}

const char *jr_type_name(const jnode *n)
{
	if (!n)
		return "missing";
	switch (n->type) {
	case JN_NULL:
		return "null";
	case JN_FALSE:
	case JN_TRUE:
		return "a boolean";
	case JN_NUM:
		return n->is_int ? "an integer" : "a non-integer number";
	case JN_STR:
		return "a string";
	case JN_ARR:
		return "an array";
	default:
		return "an object";
	}
}
