/* crisk-demo's small JSON reader (demo_json.h): the whole document into a
 * tree, for the demos that read crisk_rules_board_json() and
 * crisk_game_to_json() (muhq, hawaii). */
#include "demo_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void jfree(jv *v)
{
	for (size_t i = 0; i < v->n; i++) {
		jfree(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->str);
}

static const char *jws(const char *p)
{
	while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
		p++;
	return p;
}

/* A string at p (after the quote); returns a malloc'd copy in UTF-8. */
static char *jstring(const char **pp)
{
	const char *p = *pp;
	size_t cap = 16, n = 0;
	char *s = malloc(cap);
	while (s && *p && *p != '"') {
		unsigned c = (unsigned char)*p++;
		if (c == '\\') {
			char e = *p ? *p++ : '\0';
			c = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b' : e == 'f' ? '\f' : (unsigned char)e;
			if (e == 'u') {
				char hex[5] = { 0 };
				for (int i = 0; i < 4 && *p; i++)
					hex[i] = *p++;
				c = (unsigned)strtoul(hex, NULL, 16);
			}
		}
		if (n + 4 >= cap) {
			char *t = realloc(s, cap *= 2);
			if (!t) {
				free(s);
				return NULL;
			}
			s = t;
		}
		if (c < 0x80) {
			s[n++] = (char)c;
		} else if (c < 0x800) {
			s[n++] = (char)(0xC0 | c >> 6);
			s[n++] = (char)(0x80 | (c & 0x3F));
		} else {
			s[n++] = (char)(0xE0 | c >> 12);
			s[n++] = (char)(0x80 | (c >> 6 & 0x3F));
			s[n++] = (char)(0x80 | (c & 0x3F));
		}
	}
	if (*p == '"')
		p++;
	*pp = p;
	if (s)
		s[n] = '\0';
	return s;
}

/* Parses one value at *pp into v; returns 0 or -1 (malformed or no memory). */
static int jparse(const char **pp, jv *v, int depth)
{
	const char *p = jws(*pp);
	*v = (jv){ .kind = J_NULL };
	if (depth > 64)
		return -1;
	if (*p == '{' || *p == '[') {
		int obj = *p == '{';
		char close = obj ? '}' : ']';
		size_t cap = 0;
		v->kind = obj ? J_OBJ : J_ARR;
		p = jws(p + 1);
		while (*p && *p != close) {
			if (v->n == cap) {
				cap = cap ? cap * 2 : 8;
				jv *items = realloc(v->items, cap * sizeof *items);
				char **keys = obj ? realloc(v->keys, cap * sizeof *keys) : NULL;
				if (items)
					v->items = items;
				if (keys)
					v->keys = keys;
				if (!items || (obj && !keys))
					return -1;
			}
			if (obj) {
				if (*p != '"')
					return -1;
				p++;
				v->keys[v->n] = jstring(&p);
				p = jws(p);
				if (!v->keys[v->n] || *p != ':') {
					free(v->keys[v->n]);
					return -1;
				}
				p++;
			}
			if (jparse(&p, &v->items[v->n], depth + 1)) {
				if (obj)
					free(v->keys[v->n]);
				return -1;
			}
			v->n++;
			p = jws(p);
			if (*p == ',')
				p = jws(p + 1);
		}
		if (*p != close)
			return -1;
		*pp = p + 1;
		return 0;
	}
	if (*p == '"') {
		p++;
		v->kind = J_STR;
		v->str = jstring(&p);
		*pp = p;
		return v->str ? 0 : -1;
	}
	if (!strncmp(p, "true", 4) || !strncmp(p, "false", 5)) {
		v->kind = J_BOOL;
		v->num = *p == 't';
		*pp = p + (*p == 't' ? 4 : 5);
		return 0;
	}
	if (!strncmp(p, "null", 4)) {
		*pp = p + 4;
		return 0;
	}
	char *end;
	v->kind = J_NUM;
	v->num = strtod(p, &end);
	*pp = end;
	return end == p ? -1 : 0;
}

const jv *jget(const jv *o, const char *key)
{
	if (o && o->kind == J_OBJ)
		for (size_t i = 0; i < o->n; i++)
			if (!strcmp(o->keys[i], key))
				return &o->items[i];
	return NULL;
}

const jv *jat(const jv *a, size_t i)
{
	return a && (a->kind == J_ARR || a->kind == J_OBJ) && i < a->n ? &a->items[i] : NULL;
}

size_t jlen(const jv *a)
{
	return a && (a->kind == J_ARR || a->kind == J_OBJ) ? a->n : 0;
}

int jint(const jv *v, int dflt)
{
	return v && (v->kind == J_NUM || v->kind == J_BOOL) ? (int)v->num : dflt;
}

const char *jstr(const jv *v, const char *dflt)
{
	return v && v->kind == J_STR ? v->str : dflt;
}

/* A tile [x, y]: returns 0 and fills x, y, or -1 (null). */
int jtile(const jv *t, int *x, int *y)
{
	if (jlen(t) != 2)
		return -1;
	*x = jint(jat(t, 0), -1);
	*y = jint(jat(t, 1), -1);
	return 0;
}

int jparse_text(const char *text, jv *out)
{
	const char *p = text;
	if (!text || jparse(&p, out, 0)) {
		jfree(out);
		*out = (jv){ .kind = J_NULL };
		return -1;
	}
	return 0;
}

/* The game as `viewer` sees it, parsed. */
int jfetch_view(const crisk_game *g, int viewer, jv *out)
{
	size_t len = 0;
	int rc = crisk_game_to_json(g, viewer, NULL, 0, &len);
	if (rc && rc != CRISK_EBUFSIZE)
		return rc;
	char *text = malloc(len + 1);
	if (!text)
		return CRISK_ENOMEM;
	rc = crisk_game_to_json(g, viewer, text, len + 1, NULL);
	if (!rc && jparse_text(text, out))
		rc = CRISK_EFORMAT;
	free(text);
	return rc;
}

int jfetch_board(const crisk_rules *rules, jv *out)
{
	size_t len = 0;
	int rc = crisk_rules_board_json(rules, NULL, 0, &len);
	if (rc && rc != CRISK_EBUFSIZE)
		return rc;
	char *text = malloc(len + 1);
	if (!text)
		return CRISK_ENOMEM;
	rc = crisk_rules_board_json(rules, text, len + 1, NULL);
	if (!rc && jparse_text(text, out))
		rc = CRISK_EFORMAT;
	free(text);
	return rc;
}
