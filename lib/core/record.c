/* Game records (docs/records.md): writing the recorded action list of a game
 * as text, and replaying such text into a new game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk/module.h"
#include "catanrisk/record.h"
#include "error.h"
#include "rules_impl.h"

#define RECORD_MAGIC "crisk-record"
#define RECORD_VERSION 2   /* the newest this library reads */
#define RECORD_DATA 2      /* the version with `data` lines; records without data stay version 1 */
#define DATA_PER_LINE 64   /* bytes of the data text per `data` line, as hex */
/* Longer lines cannot be actions or a module name; params get more room. */
#define MAX_LINE 4096

CRISK_API int crisk_game_record(const crisk_game *g, char *buf, size_t cap, size_t *out_len)
{
	if (!g)
		return err_set(CRISK_EINVAL, "crisk_game_record: game is NULL");
	if (!buf && cap)
		return err_set(CRISK_EINVAL, "crisk_game_record: buffer is NULL but capacity is %zu", cap);
	if (!g->rec.on)
		return err_set(CRISK_ESTATE, "crisk_game_record: recording is off; call crisk_game_set_recording(game, 1) "
					     "right after crisk_game_new");
	if (!g->rec.whole)
		return err_set(CRISK_ESTATE, "crisk_game_record: the record is incomplete (the game's state was loaded "
					     "or copied in after recording started)");
	const module *m = g->rules->mod;
	/* A '#' or line break in a value would not survive a replay. */
	for (int i = 0; i < m->n_params; i++)
		if (g->rules->params.str[i] && strpbrk(g->rules->params.str[i], "#\r\n"))
			return err_set(CRISK_ESTATE, "crisk_game_record: parameter '%s' contains '#' or a line break, "
						     "which a record cannot hold",
				       m->params[i].name);
	textbuf t;
	tb_init(&t, buf, cap);
	const crisk_rules *r = g->rules;
	tb_printf(&t, "%s %d\nmodule %s\n", RECORD_MAGIC, r->text_len ? RECORD_DATA : 1, m->name);
	/* The data text as hex, since it holds '#' and line breaks. */
	for (size_t at = 0; at < r->text_len; at += DATA_PER_LINE) {
		tb_puts(&t, "data ");
		for (size_t i = at; i < r->text_len && i < at + DATA_PER_LINE; i++)
			tb_printf(&t, "%02x", (unsigned char)r->text[i]);
		tb_putc(&t, '\n');
	}
	tb_puts(&t, "params ");
	params_format(&g->rules->params, m->params, m->n_params, &t);
	tb_putc(&t, '\n');
	for (size_t i = 0; i < g->rec.len; i++) {
		int rc = m->action_to_string(g->rules->data, g->rec.acts[i], &t);
		if (rc)
			return err_set(CRISK_ESTATE, "crisk_game_record: recorded action %zu (0x%016llx) has no text form",
				       i + 1, (unsigned long long)g->rec.acts[i]);
		tb_putc(&t, '\n');
	}
	return tb_finish(&t, out_len);
}

/* One line of the record without its comment and surrounding blanks. */
typedef struct line {
	const char *p;
	size_t n;
} line;

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static line clean(const char *p, size_t n)
{
	const char *hash = memchr(p, '#', n);
	if (hash)
		n = (size_t)(hash - p);
	while (n && is_blank(*p)) {
		p++;
		n--;
	}
	while (n && is_blank(p[n - 1]))
		n--;
	return (line){p, n};
}

/* Copies a line into a NUL-terminated buffer of MAX_LINE bytes. */
static int line_text(char *dst, line l, size_t lineno)
{
	if (l.n >= MAX_LINE)
		return err_set(CRISK_EFORMAT, "line %zu: line too long (%zu bytes, at most %d)", lineno, l.n,
			       MAX_LINE - 1);
	memcpy(dst, l.p, l.n);
	dst[l.n] = '\0';
	return CRISK_OK;
}

/* Matches "keyword" or "keyword <rest>" and points *rest at the rest. */
static int keyword(const char *text, const char *kw, const char **rest)
{
	size_t k = strlen(kw);
	if (strncmp(text, kw, k) != 0 || (text[k] != '\0' && !is_blank(text[k])))
		return 0;
	text += k;
	while (is_blank(*text))
		text++;
	*rest = text;
	return 1;
}

/* The replay state between lines. */
typedef struct replay {
	int stage; /* 0: expect magic, 1: module, 2: data lines (version 2) and params, 3: actions */
	int version;
	char module[64];
	char *data;  /* the data text read so far (malloc'd), or NULL */
	size_t data_len, data_cap;
	const crisk_rules *like; /* rules of the module a host module's record must name, or NULL */
	crisk_rules *rules;
	crisk_game *game;
} replay;

static int hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* One `data <hex>` line: lowercase hex pairs, appended to the data text. */
static int data_line(replay *r, const char *hex, size_t lineno)
{
	size_t n = strlen(hex);
	if (n == 0 || n % 2)
		return err_set(CRISK_EFORMAT, "line %zu: a 'data' line holds an even number of hex digits", lineno);
	if (r->data_len + n / 2 > RULES_DATA_MAX)
		return err_set(CRISK_EFORMAT, "line %zu: the data text passes %zu bytes", lineno, RULES_DATA_MAX);
	if (r->data_len + n / 2 > r->data_cap) {
		size_t cap = r->data_cap ? 2 * r->data_cap : 4096;
		while (cap < r->data_len + n / 2)
			cap *= 2;
		char *grown = realloc(r->data, cap);
		if (!grown)
			return err_set(CRISK_ENOMEM, "out of memory replaying a record");
		r->data = grown;
		r->data_cap = cap;
	}
	for (size_t i = 0; i < n; i += 2) {
		int hi = hex_digit(hex[i]), lo = hex_digit(hex[i + 1]);
		if (hi < 0 || lo < 0)
			return err_set(CRISK_EFORMAT, "line %zu: '%c%c' is not a lowercase hex byte", lineno, hex[i],
				       hex[i + 1]);
		r->data[r->data_len++] = (char)(hi << 4 | lo);
	}
	return CRISK_OK;
}

static int header_line(replay *r, const char *text, size_t lineno)
{
	const char *rest;
	if (r->stage == 0) {
		if (!keyword(text, RECORD_MAGIC, &rest))
			return err_set(CRISK_EFORMAT, "line %zu: not a game record (expected '%s %d')", lineno,
				       RECORD_MAGIC, RECORD_VERSION);
		if (strcmp(rest, "1") != 0 && strcmp(rest, "2") != 0)
			return err_set(CRISK_EFORMAT, "line %zu: unsupported record version '%.32s' (this library reads 1 and %d)",
				       lineno, rest, RECORD_VERSION);
		r->version = rest[0] - '0';
		r->stage = 1;
		return CRISK_OK;
	}
	if (r->stage == 1) {
		if (!keyword(text, "module", &rest) || !*rest)
			return err_set(CRISK_EFORMAT, "line %zu: expected 'module <name>'", lineno);
		if (strlen(rest) >= sizeof r->module)
			return err_set(CRISK_EFORMAT, "line %zu: module name too long", lineno);
		strcpy(r->module, rest);
		if (r->like && strcmp(rest, r->like->mod->name) != 0)
			return err_set(CRISK_EFORMAT, "line %zu: the record is a game of module '%s', not of '%s'", lineno,
				       rest, r->like->mod->name);
		r->stage = 2;
		return CRISK_OK;
	}
	if (r->version >= RECORD_DATA && keyword(text, "data", &rest))
		return data_line(r, rest, lineno);
	if (!keyword(text, "params", &rest))
		return err_set(CRISK_EFORMAT, "line %zu: expected 'params <parameter string>'%s", lineno,
			       r->version >= RECORD_DATA ? " or 'data <hex>'" : "");
	if (r->version >= RECORD_DATA && !r->data_len)
		return err_set(CRISK_EFORMAT, "line %zu: a version 2 record has 'data' lines before its params", lineno);
	const module *mod = r->like ? r->like->mod : NULL;
	int rc = mod ? CRISK_OK : rules_find_module(&mod, r->module);
	if (!rc)
		rc = rules_build_data(&r->rules, mod, r->like ? r->like->ext : NULL, rest, r->data, r->data_len);
	if (rc == CRISK_ENOMEM)
		return rc;
	if (rc) {
		char why[ERR_MSG_MAX];
		snprintf(why, sizeof why, "%s", err_message());
		return err_set(CRISK_EFORMAT, "line %zu: %s", lineno, why);
	}
	rc = crisk_game_new(&r->game, r->rules);
	if (!rc)
		rc = crisk_game_set_recording(r->game, 1);
	if (rc)
		return rc;
	r->stage = 3;
	return CRISK_OK;
}

static int action_line(replay *r, const char *text, size_t lineno)
{
	char why[ERR_MSG_MAX];
	crisk_action a;
	int rc = crisk_game_action_from_string(&a, r->game, text);
	if (rc) {
		snprintf(why, sizeof why, "%s", err_message());
		return err_set(CRISK_EFORMAT, "line %zu: cannot read action '%.80s': %s", lineno, text, why);
	}
	rc = crisk_game_apply(r->game, a);
	if (rc == CRISK_ENOMEM)
		return rc;
	if (rc) {
		snprintf(why, sizeof why, "%s", err_message());
		return err_set(CRISK_EFORMAT, "line %zu: illegal action '%.80s': %s", lineno, text, why);
	}
	return CRISK_OK;
}

static int replay_text(crisk_game **out, const crisk_rules *like, const char *text, size_t len)
{
	if (!text && len)
		return err_set(CRISK_EINVAL, "crisk_record_replay: text is NULL but length is %zu", len);
	char *buf = malloc(MAX_LINE);
	if (!buf)
		return err_set(CRISK_ENOMEM, "out of memory replaying a record");
	replay r = {.like = like};
	int rc = CRISK_OK;
	size_t lineno = 0;
	size_t pos = 0;
	while (pos < len && !rc) {
		const char *start = text + pos;
		const char *nl = memchr(start, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - start) : len - pos;
		pos += n + (nl ? 1 : 0);
		lineno++;
		if (memchr(start, '\0', n)) {
			rc = err_set(CRISK_EFORMAT, "line %zu: NUL byte in a record", lineno);
			break;
		}
		line l = clean(start, n);
		if (!l.n)
			continue;
		rc = line_text(buf, l, lineno);
		if (!rc)
			rc = r.stage < 3 ? header_line(&r, buf, lineno) : action_line(&r, buf, lineno);
	}
	if (!rc && r.stage < 3)
		rc = err_set(CRISK_EFORMAT, "line %zu: the record ends before its %s line", lineno,
			     r.stage == 0 ? "'crisk-record 1'" : r.stage == 1 ? "'module'" : "'params'");
	if (rc == CRISK_ENOMEM)
		err_set(rc, "out of memory replaying a record (line %zu)", lineno);
	free(buf);
	free(r.data);
	crisk_rules_free(r.rules);
	if (rc) {
		crisk_game_free(r.game);
		return rc;
	}
	*out = r.game;
	return CRISK_OK;
}

CRISK_API int crisk_record_replay(crisk_game **out, const char *text, size_t len)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_record_replay: out is NULL");
	*out = NULL;
	return replay_text(out, NULL, text, len);
}

CRISK_API int crisk_record_replay_as(crisk_game **out, const crisk_rules *like, const char *text, size_t len)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_record_replay_as: out is NULL");
	*out = NULL;
	if (!like)
		return err_set(CRISK_EINVAL, "crisk_record_replay_as: rules is NULL");
	return replay_text(out, like, text, len);
}
