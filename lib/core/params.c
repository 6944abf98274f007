/* Parameter strings: `key=value` pairs separated by runs of spaces, tabs or ';',
 * checked against a module's parameter table.  Defaults go through the same
 * value parser as user text, so a table cannot hold an unparsable default.
 * Everything accepted has a canonical form (params_format) that parses back
 * to the same values and fits a save and a record line. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "params.h"

/* A user value quoted in a message is cut here so the key and accepted
 * values still fit in the error buffer. */
#define QUOTE_MAX 64

static int is_separator(char c)
{
	return c == ' ' || c == '\t' || c == ';';
}

static const char *accepted_of(const param_desc *d)
{
	if (d->accepted)
		return d->accepted;
	switch (d->type) {
	case PT_INT:
		return "an integer";
	case PT_UINT64:
		return "an unsigned 64-bit integer (decimal or 0x hex)";
	case PT_BOOL:
		return "0|1|on|off|true|false|yes|no";
	case PT_ENUM:
		return "one of the module's choices";
	default:
		return "a non-empty word";
	}
}

/* Stores uint64 bits in the int64 slot without implementation-defined casts. */
static int64_t bits_of(uint64_t u)
{
	if (u <= (uint64_t)INT64_MAX)
		return (int64_t)u;
	return -(int64_t)(UINT64_MAX - u) - 1;
}

static int bad_value(const param_desc *d, const char *v, size_t len)
{
	return err_set(CRISK_EPARAM, "parameter '%s': bad value '%.*s' (accepted: %s)", d->name,
		       (int)(len < QUOTE_MAX ? len : QUOTE_MAX), v, accepted_of(d));
}

static int out_of_range(const param_desc *d, const char *v, size_t len)
{
	return err_set(CRISK_EPARAM, "parameter '%s': value '%.*s' out of range (accepted: %s)", d->name,
		       (int)(len < QUOTE_MAX ? len : QUOTE_MAX), v, accepted_of(d));
}

static int parse_int(const param_desc *d, const char *v, size_t len, int64_t *num)
{
	size_t i = 0;
	int negative = 0;
	if (i < len && (v[i] == '+' || v[i] == '-'))
		negative = v[i++] == '-';
	if (i == len)
		return bad_value(d, v, len);
	/* Accumulate the magnitude; anything past 2^63 is out of every int64 range. */
	uint64_t mag = 0;
	int overflow = 0;
	for (; i < len; i++) {
		if (v[i] < '0' || v[i] > '9')
			return bad_value(d, v, len);
		unsigned digit = (unsigned)(v[i] - '0');
		if (mag > ((uint64_t)INT64_MAX + 1 - digit) / 10)
			overflow = 1;
		else
			mag = mag * 10 + digit;
	}
	if (overflow || (!negative && mag > (uint64_t)INT64_MAX))
		return out_of_range(d, v, len);
	int64_t value;
	if (!negative)
		value = (int64_t)mag;
	else if (mag == 0)
		value = 0;
	else
		value = -(int64_t)(mag - 1) - 1; /* mag <= 2^63, so mag - 1 fits */
	if (value < d->min || value > d->max)
		return out_of_range(d, v, len);
	*num = value;
	return CRISK_OK;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int parse_uint64(const param_desc *d, const char *v, size_t len, int64_t *num)
{
	unsigned base = 10;
	size_t i = 0;
	if (len > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) {
		base = 16;
		i = 2;
	}
	uint64_t value = 0;
	int overflow = 0;
	for (; i < len; i++) {
		int digit = hex_digit(v[i]);
		if (digit < 0 || (unsigned)digit >= base)
			return bad_value(d, v, len);
		if (value > (UINT64_MAX - (unsigned)digit) / base)
			overflow = 1;
		else
			value = value * base + (unsigned)digit;
	}
	if (overflow)
		return out_of_range(d, v, len);
	*num = bits_of(value);
	return CRISK_OK;
}

static int word_is(const char *v, size_t len, const char *word)
{
	return strlen(word) == len && memcmp(v, word, len) == 0;
}

static int parse_bool(const param_desc *d, const char *v, size_t len, int64_t *num)
{
	static const char *const no[] = { "0", "off", "false", "no" };
	static const char *const yes[] = { "1", "on", "true", "yes" };
	for (int i = 0; i < 4; i++) {
		if (word_is(v, len, no[i])) {
			*num = 0;
			return CRISK_OK;
		}
		if (word_is(v, len, yes[i])) {
			*num = 1;
			return CRISK_OK;
		}
	}
	return bad_value(d, v, len);
}

static int parse_enum(const param_desc *d, const char *v, size_t len, int64_t *num)
{
	for (int i = 0; d->choices && d->choices[i]; i++) {
		if (word_is(v, len, d->choices[i])) {
			*num = i;
			return CRISK_OK;
		}
	}
	return bad_value(d, v, len);
}

/* A word that survives the canonical string, saves and records: printable
 * ASCII without separators and without '#', which starts a comment in a
 * record.  '=' may appear: a key ends at the first one. */
static int word_char(char c)
{
	return c > ' ' && c <= '~' && c != ';' && c != '#';
}

static int parse_string(const param_desc *d, const char *v, size_t len, char **str)
{
	for (size_t i = 0; i < len; i++)
		if (!word_char(v[i]))
			return err_set(CRISK_EPARAM, "parameter '%s': value '%.*s' has character 0x%02x at %zu; accepted: "
						     "printable ASCII without spaces, ';' or '#' (%s)",
				       d->name, (int)(len < QUOTE_MAX ? len : QUOTE_MAX), v, (unsigned char)v[i], i,
				       accepted_of(d));
	char *copy = malloc(len + 1);
	if (!copy)
		return err_set(CRISK_ENOMEM, "out of memory storing parameter '%s'", d->name);
	memcpy(copy, v, len);
	copy[len] = '\0';
	*str = copy;
	return CRISK_OK;
}

/* Parses one non-empty value into slot i of p. */
static int parse_value(param_set *p, int i, const param_desc *d, const char *v, size_t len)
{
	switch (d->type) {
	case PT_INT:
		return parse_int(d, v, len, &p->num[i]);
	case PT_UINT64:
		return parse_uint64(d, v, len, &p->num[i]);
	case PT_BOOL:
		return parse_bool(d, v, len, &p->num[i]);
	case PT_ENUM:
		return parse_enum(d, v, len, &p->num[i]);
	case PT_STRING:
		return parse_string(d, v, len, &p->str[i]);
	default:
		return err_set(CRISK_EPARAM, "parameter '%s' has unknown type %d", d->name, d->type);
	}
}

static int find_key(const param_desc *descs, int n, const char *key, size_t len)
{
	for (int i = 0; i < n; i++) {
		if (word_is(key, len, descs[i].name) || (descs[i].alias && word_is(key, len, descs[i].alias)))
			return i;
	}
	return -1;
}

static int unknown_key(const param_desc *descs, int n, const char *key, size_t len)
{
	char list[ERR_MSG_MAX];
	textbuf t;
	tb_init(&t, list, sizeof list);
	for (int i = 0; i < n; i++) {
		tb_puts(&t, i ? ", " : "");
		tb_puts(&t, descs[i].name);
		if (descs[i].alias)
			tb_printf(&t, " (or %s)", descs[i].alias);
	}
	if (n == 0)
		tb_puts(&t, "none");
	list[t.len < sizeof list ? t.len : sizeof list - 1] = '\0';
	return err_set(CRISK_EPARAM, "unknown parameter '%.*s' (accepted keys: %s)",
		       (int)(len < QUOTE_MAX ? len : QUOTE_MAX), key, list);
}

/* Parses one `key=value` token of length len. */
static int parse_pair(param_set *p, const param_desc *descs, int n, const char *tok, size_t len)
{
	const char *eq = memchr(tok, '=', len);
	if (!eq) {
		int i = find_key(descs, n, tok, len);
		if (i < 0)
			return unknown_key(descs, n, tok, len);
		return err_set(CRISK_EPARAM, "parameter '%s': missing '=' and value (accepted: %s)", descs[i].name,
			       accepted_of(&descs[i]));
	}
	size_t key_len = (size_t)(eq - tok);
	int i = find_key(descs, n, tok, key_len);
	if (i < 0)
		return unknown_key(descs, n, tok, key_len);
	const param_desc *d = &descs[i];
	if (p->given & (UINT32_C(1) << i))
		return err_set(CRISK_EPARAM, "parameter '%s' given twice (accepted: %s)", d->name, accepted_of(d));
	const char *value = eq + 1;
	size_t value_len = len - key_len - 1;
	if (value_len == 0)
		return err_set(CRISK_EPARAM, "parameter '%s': empty value (accepted: %s)", d->name, accepted_of(d));
	int rc = parse_value(p, i, d, value, value_len);
	if (rc == CRISK_OK)
		p->given |= UINT32_C(1) << i;
	return rc;
}

static int fill_defaults(param_set *p, const param_desc *descs, int n)
{
	for (int i = 0; i < n; i++) {
		if (p->given & (UINT32_C(1) << i))
			continue;
		const param_desc *d = &descs[i];
		if (!d->def)
			return err_set(CRISK_EPARAM, "missing required parameter '%s' (accepted: %s)", d->name,
				       accepted_of(d));
		size_t len = strlen(d->def);
		int rc = len ? parse_value(p, i, d, d->def, len)
			     : err_set(CRISK_EPARAM, "parameter '%s': empty default", d->name);
		if (rc != CRISK_OK) {
			if (rc == CRISK_EPARAM)
				err_set(CRISK_EPARAM, "parameter '%s': bad default '%s' in the module table (accepted: %s)",
					d->name, d->def, accepted_of(d));
			return rc;
		}
	}
	return CRISK_OK;
}

int params_parse(param_set *out, const param_desc *descs, int n, const char *text)
{
	if (!out)
		return err_set(CRISK_EINVAL, "params_parse: NULL output");
	memset(out, 0, sizeof *out);
	if (n < 0 || n > PARAMS_MAX || (n > 0 && !descs))
		return err_set(CRISK_EINVAL, "params_parse: %d parameter descriptions (at most %d)", n, PARAMS_MAX);

	param_set p;
	memset(&p, 0, sizeof p);
	p.n = n;
	int rc = CRISK_OK;
	const char *s = text ? text : "";
	while (rc == CRISK_OK) {
		while (is_separator(*s))
			s++;
		if (!*s)
			break;
		const char *tok = s;
		while (*s && !is_separator(*s))
			s++;
		rc = parse_pair(&p, descs, n, tok, (size_t)(s - tok));
	}
	if (rc == CRISK_OK)
		rc = fill_defaults(&p, descs, n);
	if (rc == CRISK_OK) {
		textbuf t;
		tb_init(&t, NULL, 0);
		params_format(&p, descs, n, &t);
		if (t.len > PARAMS_TEXT_MAX)
			rc = err_set(CRISK_EPARAM, "the parameters' canonical form has %zu bytes; at most %d fit a save "
						   "and a record",
				     t.len, PARAMS_TEXT_MAX);
	}
	if (rc != CRISK_OK) {
		params_free(&p);
		return rc;
	}
	*out = p;
	return CRISK_OK;
}

/* A key as the built-in tables spell them: a letter or '_', then letters,
 * digits and '_', so it never holds a separator or '='. */
static int is_identifier(const char *s)
{
	size_t len = strlen(s);
	if (len == 0 || len > PARAM_NAME_MAX)
		return 0;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		int letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
		if (!letter && (i == 0 || c < '0' || c > '9'))
			return 0;
	}
	return 1;
}

static int is_word(const char *s)
{
	size_t len = strlen(s);
	if (len == 0 || len > PARAM_NAME_MAX)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!word_char(s[i]))
			return 0;
	return 1;
}

static int same_key(const param_desc *a, const char *key)
{
	return strcmp(a->name, key) == 0 || (a->alias && strcmp(a->alias, key) == 0);
}

/* One entry, given the entries before it (already checked). */
static int check_entry(const param_desc *descs, int i)
{
	const param_desc *d = &descs[i];
	if (!d->name)
		return err_set(CRISK_EINVAL, "parameter %d has no name", i);
	if (!is_identifier(d->name))
		return err_set(CRISK_EINVAL, "parameter %d: name '%.*s' is not a key (1..%d letters, digits and '_', "
					     "not starting with a digit)",
			       i, QUOTE_MAX, d->name, PARAM_NAME_MAX);
	if (d->alias && !is_identifier(d->alias))
		return err_set(CRISK_EINVAL, "parameter '%s': alias '%.*s' is not a key", d->name, QUOTE_MAX, d->alias);
	for (int j = 0; j < i; j++)
		if (same_key(&descs[j], d->name) || (d->alias && same_key(&descs[j], d->alias)))
			return err_set(CRISK_EINVAL, "parameter '%s' is declared twice", d->name);
	if (d->type < PT_INT || d->type > PT_STRING)
		return err_set(CRISK_EINVAL, "parameter '%s' has unknown kind %d", d->name, d->type);
	if (d->type == PT_ENUM) {
		if (!d->choices || !d->choices[0])
			return err_set(CRISK_EINVAL, "enum parameter '%s' has no choices", d->name);
		for (int c = 0; d->choices[c]; c++) {
			/* The canonical form names the choice: it must read back as that one. */
			if (!is_word(d->choices[c]))
				return err_set(CRISK_EINVAL, "enum parameter '%s': choice %d '%.*s' is not a word (1..%d "
							     "printable ASCII characters without spaces, ';' or '#')",
					       d->name, c, QUOTE_MAX, d->choices[c], PARAM_NAME_MAX);
			for (int e = 0; e < c; e++)
				if (strcmp(d->choices[e], d->choices[c]) == 0)
					return err_set(CRISK_EINVAL, "enum parameter '%s': choice '%s' is listed twice",
						       d->name, d->choices[c]);
		}
	}
	if (d->type == PT_INT && d->min > d->max)
		return err_set(CRISK_EINVAL, "parameter '%s' has min %lld above max %lld", d->name, (long long)d->min,
			       (long long)d->max);
	if (!d->def)
		return CRISK_OK;
	/* The default is parsed like user text whenever the key is missing. */
	param_set scratch;
	memset(&scratch, 0, sizeof scratch);
	size_t len = strlen(d->def);
	if (len == 0)
		return err_set(CRISK_EINVAL, "parameter '%s': empty default (NULL makes it required)", d->name);
	int rc = parse_value(&scratch, i, d, d->def, len);
	params_free(&scratch);
	if (rc == CRISK_ENOMEM)
		return rc;
	if (rc) {
		char why[ERR_MSG_MAX];
		memcpy(why, err_message(), sizeof why);
		return err_set(CRISK_EINVAL, "parameter '%s': default '%.*s' is not one of its own values (%s)", d->name,
			       QUOTE_MAX, d->def, why);
	}
	return CRISK_OK;
}

int params_check_table(const param_desc *descs, int n)
{
	if (n < 0 || n > PARAMS_MAX || (n > 0 && !descs))
		return err_set(CRISK_EINVAL, "%d parameter descriptions (0..%d, and a table when there are any)", n,
			       PARAMS_MAX);
	for (int i = 0; i < n; i++) {
		int rc = check_entry(descs, i);
		if (rc)
			return rc;
	}
	return CRISK_OK;
}

void params_free(param_set *p)
{
	if (!p)
		return;
	for (int i = 0; i < PARAMS_MAX; i++)
		free(p->str[i]);
	memset(p, 0, sizeof *p);
}

/* Decimal digits of v.  Not printf: every rules object formats its
 * parameters once, and vsnprintf was a sixth of making a board's rules. */
static void put_decimal(textbuf *t, uint64_t v)
{
	char digits[20];
	int n = 0;
	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		tb_putc(t, digits[--n]);
}

void params_format(const param_set *p, const param_desc *descs, int n, textbuf *t)
{
	if (n > p->n)
		n = p->n;
	for (int i = 0; i < n; i++) {
		const param_desc *d = &descs[i];
		if (i)
			tb_putc(t, ' ');
		tb_puts(t, d->name);
		tb_putc(t, '=');
		switch (d->type) {
		case PT_INT:
			if (p->num[i] < 0)
				tb_putc(t, '-');
			put_decimal(t, p->num[i] < 0 ? 0 - (uint64_t)p->num[i] : (uint64_t)p->num[i]);
			break;
		case PT_UINT64:
			put_decimal(t, (uint64_t)p->num[i]);
			break;
		case PT_BOOL:
			tb_putc(t, p->num[i] ? '1' : '0');
			break;
		case PT_ENUM:
			tb_puts(t, d->choices[p->num[i]]);
			break;
		default:
			tb_puts(t, p->str[i] ? p->str[i] : "");
		}
	}
}
