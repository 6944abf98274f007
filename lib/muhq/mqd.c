/* The .mqd loader (rules/muhq.md §24): one pass over the lines with a line
 * counter, card rows and deck/store lines read here, map blocks handed to
 * mqd_map.c, abilities to effect.c; then the names the file used are
 * resolved in line order.  The first error stops everything and the builder
 * is thrown away, so a caller sees either a whole database or none. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "mqd_impl.h"

static const char *const class_names[] = {
	"?", "E_SYNTAX", "E_FIELDS", "E_TYPE", "E_KEYWORD", "E_PRIM", "E_DUP", "E_UNKNOWN",
	"E_MAPKEY", "E_GRID", "E_SEAT", "E_PLACE", "E_RANGE", "E_LIMIT",
};

const char *mqd_class_name(int cls)
{
	if (cls < MQD_E_SYNTAX || cls > MQD_E_LIMIT)
		return "?";
	return class_names[cls];
}

static int vfail(mqb *b, uint32_t line, int cls, const char *fmt, va_list ap)
{
	char msg[ERR_MSG_MAX];
	vsnprintf(msg, sizeof msg, fmt, ap);
	if (b->diag) {
		b->diag->line = line;
		b->diag->cls = cls;
	}
	if (b->file)
		return err_set(CRISK_EFORMAT, "%s:%u: %s: %s", b->file, (unsigned)line, mqd_class_name(cls), msg);
	return err_set(CRISK_EFORMAT, "line %u: %s: %s", (unsigned)line, mqd_class_name(cls), msg);
}

int mqb_fail(mqb *b, int cls, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = vfail(b, b->line, cls, fmt, ap);
	va_end(ap);
	return rc;
}

int mqb_fail_at(mqb *b, uint32_t line, int cls, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = vfail(b, line, cls, fmt, ap);
	va_end(ap);
	return rc;
}

int mqb_nomem(mqb *b)
{
	if (b->diag) {
		b->diag->line = 0;
		b->diag->cls = 0;
	}
	return err_set(CRISK_ENOMEM, "out of memory while loading muhq data");
}

int mqb_grow(mqb *b, void **arr, uint32_t *cap, uint32_t n, size_t elem)
{
	if (n < *cap)
		return CRISK_OK;
	uint32_t nc = *cap ? *cap : 16;
	while (nc <= n) {
		if (nc > UINT32_MAX / 2)
			return mqb_nomem(b);
		nc *= 2;
	}
	void *p = realloc(*arr, (size_t)nc * elem);
	if (!p)
		return mqb_nomem(b);
	*arr = p;
	*cap = nc;
	return CRISK_OK;
}

int mqb_str(mqb *b, const char *s, size_t len, uint32_t *off)
{
	mqd_db *d = &b->db;
	while ((size_t)d->nstr + len + 1 > b->cap_str) {
		uint32_t nc = b->cap_str ? b->cap_str * 2 : 1024;
		if (nc <= b->cap_str)
			return mqb_nomem(b);
		char *p = realloc(d->str, nc);
		if (!p)
			return mqb_nomem(b);
		d->str = p;
		b->cap_str = nc;
	}
	*off = d->nstr;
	memcpy(d->str + d->nstr, s, len);
	d->str[d->nstr + len] = '\0';
	d->nstr += (uint32_t)len + 1;
	return CRISK_OK;
}

const char *mqb_tok(char *buf, const char *s, size_t len)
{
	size_t o = 0;
	buf[o++] = '\'';
	for (size_t i = 0; i < len && o < TOKBUF - 8; i++) {
		unsigned char c = (unsigned char)s[i];
		if (i == 40) {
			memcpy(buf + o, "...", 3);
			o += 3;
			break;
		}
		if (c >= 32 && c < 127) {
			buf[o++] = (char)c;
		} else {
			/* Bytes a terminal or a log would mangle are shown as \xNN. */
			snprintf(buf + o, 5, "\\x%02x", c);
			o += 4;
		}
	}
	buf[o++] = '\'';
	buf[o] = '\0';
	return buf;
}

int mqb_uint(const char *s, size_t len, int max, int *v)
{
	if (len == 0)
		return MQD_E_SYNTAX;
	long x = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return MQD_E_SYNTAX;
		if (x <= 100000)
			x = x * 10 + (s[i] - '0');
	}
	if (x > max)
		return MQD_E_RANGE;
	*v = (int)x;
	return 0;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

void mqb_trim(const char **s, size_t *len)
{
	while (*len && is_blank(**s)) {
		(*s)++;
		(*len)--;
	}
	while (*len && is_blank((*s)[*len - 1]))
		(*len)--;
}

/* Name index. */

static uint32_t hash_of(int ns, const char *s, size_t len)
{
	uint32_t h = 2166136261u ^ (uint32_t)ns;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static uint32_t name_of(const mqd_db *db, int ns, uint32_t idx)
{
	if (ns == NS_CARD)
		return db->cards[idx].name;
	if (ns == NS_LIST)
		return db->lists[idx].id;
	return db->maps[idx].id;
}

uint32_t mqb_find(const mqd_db *db, int ns, const char *s, size_t len)
{
	if (!db || !db->hcap)
		return MQD_NOIDX;
	uint32_t mask = db->hcap - 1;
	for (uint32_t i = hash_of(ns, s, len) & mask;; i = (i + 1) & mask) {
		uint32_t v = db->hash[i];
		if (!v)
			return MQD_NOIDX;
		v--;
		if ((int)(v >> 28) != ns)
			continue;
		uint32_t idx = v & 0x0fffffff;
		const char *n = db->str + name_of(db, ns, idx);
		if (strlen(n) == len && memcmp(n, s, len) == 0)
			return idx;
	}
}

static void hash_put(mqd_db *db, int ns, uint32_t idx)
{
	const char *n = db->str + name_of(db, ns, idx);
	uint32_t mask = db->hcap - 1;
	uint32_t i = hash_of(ns, n, strlen(n)) & mask;
	while (db->hash[i])
		i = (i + 1) & mask;
	db->hash[i] = (((uint32_t)ns << 28) | idx) + 1;
	db->hused++;
}

int mqb_index(mqb *b, int ns, uint32_t idx)
{
	mqd_db *db = &b->db;
	if (idx > 0x0fffffff)
		return mqb_nomem(b);
	if ((db->hused + 1) * 2 > db->hcap) {
		uint32_t nc = db->hcap ? db->hcap * 2 : 256;
		uint32_t *h = calloc(nc, sizeof *h);
		if (!h)
			return mqb_nomem(b);
		uint32_t *old = db->hash, oc = db->hcap;
		db->hash = h;
		db->hcap = nc;
		db->hused = 0;
		for (uint32_t i = 0; i < oc; i++) {
			if (old[i]) {
				uint32_t v = old[i] - 1;
				hash_put(db, (int)(v >> 28), v & 0x0fffffff);
			}
		}
		free(old);
	}
	hash_put(db, ns, idx);
	return CRISK_OK;
}

/* Card rows (M-110, M-111). */

static const char *const type_names[] = {"unit", "spell", "artifact", "equipment", "boss"};

/* Keywords: whether each takes N, and the card types it suits.  Spells are
 * not permanents, so no keyword suits them; Solid and Durability follow
 * M-108; the rest act through a unit's movement, combat or upkeep. */
#define T_UNIT (1u << MQD_UNIT)
#define T_BOSS (1u << MQD_BOSS)
#define T_ART (1u << MQD_ARTIFACT)
#define T_EQ (1u << MQD_EQUIPMENT)
#define T_PERM (T_UNIT | T_BOSS | T_ART | T_EQ)
static const struct {
	const char *name;
	uint8_t has_n;
	uint8_t types;
	const char *suits;
} keywords[MQD_KW_COUNT] = {
	[MQD_KW_SWIMMING] = {"Swimming", 0, T_PERM, "permanents"},
	[MQD_KW_AMPHIBIOUS] = {"Amphibious", 0, T_PERM, "permanents"},
	[MQD_KW_CREW] = {"Crew", 1, T_UNIT | T_BOSS, "units and bosses"},
	[MQD_KW_SOLID] = {"Solid", 1, T_ART, "artifacts that are not equipment"},
	[MQD_KW_DURABILITY] = {"Durability", 1, T_EQ, "equipment"},
	[MQD_KW_FARMER] = {"Farmer", 0, T_UNIT, "units"},
	[MQD_KW_KING] = {"King", 0, T_UNIT, "units"},
	[MQD_KW_ARMOR] = {"Armor", 1, T_PERM, "permanents"},
	[MQD_KW_CHARGE] = {"Charge", 1, T_UNIT | T_BOSS, "units and bosses"},
	[MQD_KW_BRACE] = {"Brace", 1, T_UNIT | T_BOSS, "units and bosses"},
	[MQD_KW_VENOM] = {"Venom", 1, T_UNIT | T_BOSS, "units and bosses"},
	[MQD_KW_STUN] = {"Stun", 1, T_UNIT | T_BOSS, "units and bosses"},
	[MQD_KW_PLUNDER] = {"Plunder", 1, T_UNIT | T_BOSS, "units and bosses"},
	[MQD_KW_BROOD] = {"Brood", 1, T_PERM, "permanents"},
	[MQD_KW_REGENERATE] = {"Regenerate", 1, T_PERM, "permanents"},
};

static int word_eq(const char *s, size_t len, const char *w)
{
	return strlen(w) == len && memcmp(s, w, len) == 0;
}

/* `none` or 0-99 (buy, play). */
static int cost_field(mqb *b, const char *what, const char *s, size_t len, int8_t *out)
{
	char t[TOKBUF];
	if (word_eq(s, len, "none")) {
		*out = MQD_NONE;
		return CRISK_OK;
	}
	int v, e = mqb_uint(s, len, MQD_NUM_MAX, &v);
	if (e == MQD_E_RANGE)
		return mqb_fail(b, e, "%s %s is above %d", what, mqb_tok(t, s, len), MQD_NUM_MAX);
	if (e)
		return mqb_fail(b, e, "%s %s is not an integer 0-%d or 'none'", what, mqb_tok(t, s, len),
				MQD_NUM_MAX);
	*out = (int8_t)v;
	return CRISK_OK;
}

/* `-` or 0-99 (upkeep and the stats). */
static int stat_field(mqb *b, const char *what, const char *s, size_t len, int8_t *out)
{
	char t[TOKBUF];
	if (word_eq(s, len, "-")) {
		*out = MQD_NONE;
		return CRISK_OK;
	}
	int v, e = mqb_uint(s, len, MQD_NUM_MAX, &v);
	if (e == MQD_E_RANGE)
		return mqb_fail(b, e, "%s %s is above %d", what, mqb_tok(t, s, len), MQD_NUM_MAX);
	if (e)
		return mqb_fail(b, e, "%s %s is not an integer 0-%d or '-'", what, mqb_tok(t, s, len), MQD_NUM_MAX);
	*out = (int8_t)v;
	return CRISK_OK;
}

/* M-111, the numeric columns. */
static int check_type(mqb *b, const mqd_card *c)
{
	const char *tn = type_names[c->type];
	int has_attack = c->attack != MQD_NONE, has_range = c->range != MQD_NONE;
	switch (c->type) {
	case MQD_UNIT:
	case MQD_BOSS:
		if (c->type == MQD_BOSS) {
			if (c->buy != MQD_NONE || c->play != MQD_NONE)
				return mqb_fail(b, MQD_E_TYPE, "a boss needs buy and play 'none'");
			if (c->upkeep != MQD_NONE)
				return mqb_fail(b, MQD_E_TYPE, "a boss has no upkeep: write '-'");
		} else if (c->upkeep == MQD_NONE) {
			return mqb_fail(b, MQD_E_TYPE, "a unit needs an upkeep integer");
		}
		if (c->health == MQD_NONE || c->health < 1)
			return mqb_fail(b, MQD_E_TYPE, "a %s needs health 1 or more", tn);
		if (c->move == MQD_NONE)
			return mqb_fail(b, MQD_E_TYPE, "a %s needs a move integer", tn);
		if (has_attack && !has_range)
			return mqb_fail(b, MQD_E_TYPE, "attack without range: give both or write '-' for both");
		if (!has_attack && has_range)
			return mqb_fail(b, MQD_E_TYPE, "range without attack: give both or write '-' for both");
		if (has_range && c->range < 1)
			return mqb_fail(b, MQD_E_TYPE, "range 0: a range is 1 or more");
		return CRISK_OK;
	default:
		if (c->type == MQD_SPELL && c->play == MQD_NONE)
			return mqb_fail(b, MQD_E_TYPE, "a spell needs a play cost, not 'none'");
		if (c->upkeep != MQD_NONE || c->health != MQD_NONE || c->move != MQD_NONE || has_attack ||
		    has_range)
			return mqb_fail(b, MQD_E_TYPE, "a %s has no upkeep, health, move, attack or range: write '-'",
					tn);
		return CRISK_OK;
	}
}

static int keyword_field(mqb *b, mqd_card *c, const char *s, size_t len)
{
	char t[TOKBUF];
	if (word_eq(s, len, "-"))
		return CRISK_OK;
	const char *end = s + len;
	for (;;) {
		/* Items are separated by ", " exactly (M-110). */
		const char *comma = memchr(s, ',', (size_t)(end - s));
		const char *ie = comma ? comma : end;
		size_t il = (size_t)(ie - s);
		const char *sp = memchr(s, ' ', il);
		size_t nl = sp ? (size_t)(sp - s) : il;
		int k = 0;
		while (k < MQD_KW_COUNT && !word_eq(s, nl, keywords[k].name))
			k++;
		if (k == MQD_KW_COUNT)
			return mqb_fail(b, MQD_E_KEYWORD, "unknown keyword %s", mqb_tok(t, s, il));
		if (c->kw & (1u << k))
			return mqb_fail(b, MQD_E_KEYWORD, "keyword %s given twice", keywords[k].name);
		if (!keywords[k].has_n && sp)
			return mqb_fail(b, MQD_E_KEYWORD, "keyword %s takes no number: %s", keywords[k].name,
					mqb_tok(t, s, il));
		if (keywords[k].has_n) {
			if (!sp)
				return mqb_fail(b, MQD_E_KEYWORD, "keyword %s needs a number", keywords[k].name);
			int v, e = mqb_uint(sp + 1, (size_t)(ie - sp - 1), MQD_NUM_MAX, &v);
			if (e == MQD_E_RANGE)
				return mqb_fail(b, e, "keyword %s: number above %d", mqb_tok(t, s, il), MQD_NUM_MAX);
			if (e)
				return mqb_fail(b, MQD_E_KEYWORD, "keyword %s: bad number", mqb_tok(t, s, il));
			c->kw_n[k] = (uint8_t)v;
		}
		if (!(keywords[k].types & (1u << c->type)))
			return mqb_fail(b, MQD_E_TYPE, "keyword %s is for %s, not for a %s", keywords[k].name,
					keywords[k].suits, type_names[c->type]);
		c->kw |= (uint16_t)(1u << k);
		if (!comma)
			break;
		if (comma + 1 >= end || comma[1] != ' ' || comma + 2 >= end || is_blank(comma[2]))
			return mqb_fail(b, MQD_E_SYNTAX, "keywords are separated by ', ': %s",
					mqb_tok(t, s, (size_t)(end - s)));
		s = comma + 2;
	}
	return CRISK_OK;
}

static const char *const tile_words[] = {
	[MQD_TILE_FARM] = "farm", [MQD_TILE_SPAWN] = "spawn", [MQD_TILE_TOWER] = "tower",
	[MQD_TILE_HOUSE] = "house", [MQD_TILE_GATE] = "gate", [MQD_TILE_STREET] = "street",
	[MQD_TILE_HARBOR] = "harbor",
};

static int ai_field(mqb *b, mqd_card *c, const char *s, size_t len)
{
	char t[TOKBUF];
	static const char *const plain[] = {"-", "aggressive", "shy", "supportive"};
	static const uint8_t plain_ai[] = {MQD_AI_NONE, MQD_AI_AGGRESSIVE, MQD_AI_SHY, MQD_AI_SUPPORTIVE};
	for (size_t i = 0; i < 4; i++) {
		if (word_eq(s, len, plain[i])) {
			c->ai = plain_ai[i];
			return CRISK_OK;
		}
	}
	if (len > 10 && memcmp(s, "wandering ", 10) == 0) {
		int v, e = mqb_uint(s + 10, len - 10, MQD_NUM_MAX, &v);
		if (e)
			return mqb_fail(b, e, "AI tag %s: N is an integer 0-%d", mqb_tok(t, s, len), MQD_NUM_MAX);
		c->ai = MQD_AI_WANDERING;
		c->ai_arg = (uint8_t)v;
		return CRISK_OK;
	}
	if (len > 16 && memcmp(s, "target-oriented ", 16) == 0) {
		for (int k = 0; k < MQD_TILE_COUNT; k++) {
			if (tile_words[k] && word_eq(s + 16, len - 16, tile_words[k])) {
				c->ai = MQD_AI_TARGET;
				c->ai_arg = (uint8_t)k;
				return CRISK_OK;
			}
		}
		return mqb_fail(b, MQD_E_SYNTAX,
				"AI tag %s: the tile is farm, spawn, tower, house, gate, street or harbor",
				mqb_tok(t, s, len));
	}
	return mqb_fail(b, MQD_E_SYNTAX,
			"unknown AI tag %s (-, aggressive, shy, supportive, wandering N, target-oriented TILE)",
			mqb_tok(t, s, len));
}

/* Appends the abilities Brood and Regenerate stand for (M-108), so the rules
 * run every effect from the ability tables alone. */
static int expand_keywords(mqb *b, mqd_card *c)
{
	mqd_db *d = &b->db;
	for (int k = MQD_KW_BROOD; k <= MQD_KW_REGENERATE; k++) {
		if (!(c->kw & (1u << k)))
			continue;
		if (mqb_grow(b, (void **)&d->abilities, &b->cap_ability, d->nability, sizeof *d->abilities) ||
		    mqb_grow(b, (void **)&d->steps, &b->cap_step, d->nstep, sizeof *d->steps))
			return CRISK_ENOMEM;
		mqd_step *st = &d->steps[d->nstep];
		memset(st, 0, sizeof *st);
		st->n = (int8_t)c->kw_n[k];
		mqd_ability *a = &d->abilities[d->nability];
		memset(a, 0, sizeof *a);
		if (k == MQD_KW_BROOD) {
			st->op = MQD_OP_SPAWNS;
			a->kind = MQD_AB_STATIC;
		} else {
			st->op = MQD_OP_HEAL;
			st->ref.kind = MQD_REF_SELF;
			a->kind = MQD_AB_UPKEEP;
		}
		a->from_kw = 1;
		a->nstep = 1;
		a->step0 = d->nstep++;
		if (c->nab == 0)
			c->ab0 = d->nability;
		d->nability++;
		c->nab++;
	}
	return CRISK_OK;
}

static int is_separator(const char *s, size_t len)
{
	size_t i = 0;
	if (i < len && s[i] == ':')
		i++;
	size_t dash = i;
	while (i < len && s[i] == '-')
		i++;
	if (i == dash)
		return 0;
	if (i < len && s[i] == ':')
		i++;
	return i == len;
}

static int card_row(mqb *b, const char *s, size_t len)
{
	char t[TOKBUF];
	const char *f[13];
	size_t fl[13];
	if (s[len - 1] != '|' || len < 2)
		return mqb_fail(b, MQD_E_FIELDS, "a card row ends with '|'");
	int n = 0;
	const char *p = s + 1, *end = s + len - 1;
	for (;;) {
		const char *bar = memchr(p, '|', (size_t)(end - p));
		const char *fe = bar ? bar : end;
		if (n < 13) {
			f[n] = p;
			fl[n] = (size_t)(fe - p);
			mqb_trim(&f[n], &fl[n]);
		}
		n++;
		if (!bar)
			break;
		p = bar + 1;
	}
	if (n != 13)
		return mqb_fail(b, MQD_E_FIELDS, "a card row has 13 fields, this one has %d", n);
	if (word_eq(f[0], fl[0], "set"))
		return CRISK_OK;
	int sep = 1;
	for (int i = 0; i < 13; i++)
		sep &= is_separator(f[i], fl[i]);
	if (sep)
		return CRISK_OK;

	mqd_db *d = &b->db;
	if (mqb_grow(b, (void **)&d->cards, &b->cap_card, d->ncard, sizeof *d->cards))
		return CRISK_ENOMEM;
	mqd_card c;
	memset(&c, 0, sizeof c);
	c.line = b->line;
	if (!fl[0])
		return mqb_fail(b, MQD_E_SYNTAX, "empty set name");
	for (size_t i = 0; i < fl[0]; i++) {
		char ch = f[0][i];
		if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-'))
			return mqb_fail(b, MQD_E_SYNTAX, "set name %s: only a-z, 0-9, '_' and '-'",
					mqb_tok(t, f[0], fl[0]));
	}
	if (!fl[1])
		return mqb_fail(b, MQD_E_SYNTAX, "empty card name");
	/* Lists split on ',' and read a trailing " xN" as a count (M-113). */
	if (memchr(f[1], ',', fl[1]))
		return mqb_fail(b, MQD_E_SYNTAX, "card name %s: a name has no ',' (lists could not name it)",
				mqb_tok(t, f[1], fl[1]));
	{
		size_t i = fl[1];
		while (i > 0 && f[1][i - 1] >= '0' && f[1][i - 1] <= '9')
			i--;
		if (i < fl[1] && i >= 2 && f[1][i - 1] == 'x' && f[1][i - 2] == ' ')
			return mqb_fail(b, MQD_E_SYNTAX, "card name %s ends in ' x' and digits, which lists read as a count",
					mqb_tok(t, f[1], fl[1]));
	}
	if (mqb_find(d, NS_CARD, f[1], fl[1]) != MQD_NOIDX)
		return mqb_fail(b, MQD_E_DUP, "card %s is already defined", mqb_tok(t, f[1], fl[1]));
	int ty = 0;
	while (ty < 5 && !word_eq(f[2], fl[2], type_names[ty]))
		ty++;
	if (ty == 5)
		return mqb_fail(b, MQD_E_TYPE, "unknown card type %s (unit, spell, artifact, equipment, boss)",
				mqb_tok(t, f[2], fl[2]));
	c.type = (uint8_t)ty;
	if (cost_field(b, "buy", f[3], fl[3], &c.buy) || cost_field(b, "play", f[4], fl[4], &c.play) ||
	    stat_field(b, "upkeep", f[5], fl[5], &c.upkeep) || stat_field(b, "health", f[6], fl[6], &c.health) ||
	    stat_field(b, "move", f[7], fl[7], &c.move) || stat_field(b, "attack", f[8], fl[8], &c.attack) ||
	    stat_field(b, "range", f[9], fl[9], &c.range))
		return CRISK_EFORMAT;
	int rc = check_type(b, &c);
	if (!rc)
		rc = keyword_field(b, &c, f[10], fl[10]);
	if (!rc && c.type == MQD_EQUIPMENT && (!(c.kw & (1u << MQD_KW_DURABILITY)) || c.kw_n[MQD_KW_DURABILITY] < 1))
		rc = mqb_fail(b, MQD_E_TYPE, "equipment needs Durability N with N >= 1");
	if (!rc && !word_eq(f[11], fl[11], "-"))
		rc = fx_parse(b, &c, f[11], fl[11]);
	else if (!rc && c.type == MQD_SPELL)
		rc = mqb_fail(b, MQD_E_TYPE, "a spell needs exactly one play ability");
	if (!rc)
		rc = expand_keywords(b, &c);
	if (!rc)
		rc = ai_field(b, &c, f[12], fl[12]);
	if (!rc)
		rc = mqb_str(b, f[1], fl[1], &c.name);
	if (!rc)
		rc = mqb_str(b, f[0], fl[0], &c.set);
	if (rc)
		return rc;
	d->cards[d->ncard] = c;
	return mqb_index(b, NS_CARD, d->ncard++);
}

/* Deck and store lines (M-113). */

static int pend(mqb *b, int what, uint32_t line, const char *s, size_t len, uint32_t target)
{
	if (mqb_grow(b, (void **)&b->pend, &b->cap_pend, b->npend, sizeof *b->pend))
		return CRISK_ENOMEM;
	mqb_pend *p = &b->pend[b->npend];
	p->what = (uint8_t)what;
	p->line = line;
	p->target = target;
	if (mqb_str(b, s, len, &p->name))
		return CRISK_ENOMEM;
	b->npend++;
	return CRISK_OK;
}

int mqb_pend_add(mqb *b, int what, const char *s, size_t len, uint32_t target)
{
	return pend(b, what, b->line, s, len, target);
}

static int list_line(mqb *b, int store, const char *s, size_t len)
{
	char t[TOKBUF];
	const char *kw = store ? "store" : "deck";
	size_t i = 0;
	while (i < len && is_blank(s[i]))
		i++;
	size_t id0 = i;
	while (i < len && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
		i++;
	if (i == id0 || i >= len || s[i] != ':') {
		size_t e = i;
		while (e < len && !is_blank(s[e]) && s[e] != ':')
			e++;
		return mqb_fail(b, MQD_E_SYNTAX, "%s line: expected '%s ID: CARD, CARD xN, ...' with ID of a-z, 0-9, '-', got %s",
				kw, kw, mqb_tok(t, s + id0, e - id0));
	}
	mqd_db *d = &b->db;
	if (mqb_find(d, NS_LIST, s + id0, i - id0) != MQD_NOIDX)
		return mqb_fail(b, MQD_E_DUP, "deck or store %s is already defined", mqb_tok(t, s + id0, i - id0));
	if (mqb_grow(b, (void **)&d->lists, &b->cap_list, d->nlist, sizeof *d->lists))
		return CRISK_ENOMEM;
	mqd_list l = {0};
	l.store = (uint8_t)store;
	l.line = b->line;
	l.e0 = d->nentry;
	if (mqb_str(b, s + id0, i - id0, &l.id))
		return CRISK_ENOMEM;
	const char *p = s + i + 1, *end = s + len;
	if (p >= end || !is_blank(*p))
		return mqb_fail(b, MQD_E_SYNTAX, "%s %s: the card list follows ': '", kw, mqb_tok(t, s + id0, i - id0));
	for (;;) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *e = comma ? comma : end;
		const char *n = p;
		size_t nl = (size_t)(e - p);
		mqb_trim(&n, &nl);
		if (!nl)
			return mqb_fail(b, MQD_E_SYNTAX, "%s %s: empty entry", kw, mqb_tok(t, s + id0, i - id0));
		int count = 1;
		size_t k = nl;
		while (k > 0 && n[k - 1] >= '0' && n[k - 1] <= '9')
			k--;
		if (k < nl && k >= 2 && n[k - 1] == 'x' && n[k - 2] == ' ') {
			int er = mqb_uint(n + k, nl - k, MQD_NUM_MAX, &count);
			if (er || count < 1)
				return mqb_fail(b, MQD_E_RANGE, "entry %s: the count is 1-%d", mqb_tok(t, n, nl), MQD_NUM_MAX);
			nl = k - 2;
			while (nl && is_blank(n[nl - 1]))
				nl--;
			if (!nl)
				return mqb_fail(b, MQD_E_SYNTAX, "entry %s has no card name", mqb_tok(t, n, k));
		}
		if (mqb_grow(b, (void **)&d->entries, &b->cap_entry, d->nentry, sizeof *d->entries))
			return CRISK_ENOMEM;
		d->entries[d->nentry].card = MQD_NOIDX;
		d->entries[d->nentry].count = (uint32_t)count;
		if (pend(b, PEND_ENTRY, b->line, n, nl, d->nentry))
			return CRISK_ENOMEM;
		d->nentry++;
		l.ne++;
		l.total += (uint32_t)count;
		if (l.total > MQD_LIST_CARDS_MAX)
			return mqb_fail(b, MQD_E_RANGE, "%s %s holds more than %d cards", kw,
					mqb_tok(t, s + id0, i - id0), MQD_LIST_CARDS_MAX);
		if (!comma)
			break;
		p = comma + 1;
	}
	d->lists[d->nlist] = l;
	return mqb_index(b, NS_LIST, d->nlist++);
}

/* References, resolved in line order once the file is read (M-115). */
static int resolve(mqb *b)
{
	char t[TOKBUF];
	mqd_db *d = &b->db;
	for (uint32_t i = 0; i < b->npend; i++) {
		const mqb_pend *p = &b->pend[i];
		const char *name = d->str + p->name;
		size_t nl = strlen(name);
		if (p->what == PEND_ENTRY || p->what == PEND_PLACE) {
			uint32_t c = mqb_find(d, NS_CARD, name, nl);
			if (c == MQD_NOIDX)
				return mqb_fail_at(b, p->line, MQD_E_UNKNOWN, "unknown card %s", mqb_tok(t, name, nl));
			if (p->what == PEND_ENTRY) {
				d->entries[p->target].card = c;
			} else {
				d->places[p->target].card = c;
				if (mqm_place(b, p->target, p->line))
					return CRISK_EFORMAT;
			}
			continue;
		}
		int want_store = p->what == PEND_STORE;
		const char *kw = want_store ? "store" : "deck";
		uint32_t l = mqb_find(d, NS_LIST, name, nl);
		if (l == MQD_NOIDX || d->lists[l].store != want_store)
			return mqb_fail_at(b, p->line, MQD_E_UNKNOWN, "unknown %s %s%s", kw, mqb_tok(t, name, nl),
					   l == MQD_NOIDX ? "" : want_store ? " (it is a deck)" : " (it is a store)");
		mqd_map *m = &d->maps[p->target];
		if (p->what == PEND_DECK)
			m->deck = l;
		else if (p->what == PEND_STORE)
			m->store = l;
		else
			m->ai_deck = l;
	}
	for (uint32_t i = b->file_map0; i < d->nmap; i++) {
		if (mqm_finish(b, i))
			return CRISK_EFORMAT;
	}
	return CRISK_OK;
}

/* Line checks of M-109: UTF-8, no control bytes but tab. */
static int check_bytes(mqb *b, const unsigned char *s, size_t len)
{
	for (size_t i = 0; i < len;) {
		unsigned char c = s[i];
		if (c == 0)
			return mqb_fail(b, MQD_E_SYNTAX, "NUL byte at column %zu", i + 1);
		if (c < 0x80) {
			if (c < 32 && c != '\t')
				return mqb_fail(b, MQD_E_SYNTAX, "control byte \\x%02x at column %zu", c, i + 1);
			if (c == 127)
				return mqb_fail(b, MQD_E_SYNTAX, "control byte \\x7f at column %zu", i + 1);
			i++;
			continue;
		}
		size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
		if (n == 0 || c > 0xf4 || i + n > len)
			return mqb_fail(b, MQD_E_SYNTAX, "invalid UTF-8 at column %zu", i + 1);
		for (size_t k = 1; k < n; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return mqb_fail(b, MQD_E_SYNTAX, "invalid UTF-8 at column %zu", i + 1);
		}
		/* Overlong forms, surrogates and code points above U+10FFFF. */
		if ((c == 0xe0 && s[i + 1] < 0xa0) || (c == 0xed && s[i + 1] >= 0xa0) ||
		    (c == 0xf0 && s[i + 1] < 0x90) || (c == 0xf4 && s[i + 1] >= 0x90))
			return mqb_fail(b, MQD_E_SYNTAX, "invalid UTF-8 at column %zu", i + 1);
		i += n;
	}
	return CRISK_OK;
}

static int parse(mqb *b, const char *text, size_t len)
{
	char t[TOKBUF];
	mqm *map = NULL;
	int rc = CRISK_OK;
	size_t pos = 0;
	b->line = 0;
	while (pos < len && !rc) {
		const char *s = text + pos;
		const char *nl = memchr(s, '\n', len - pos);
		size_t ll = nl ? (size_t)(nl - s) : len - pos;
		pos += ll + (nl ? 1 : 0);
		b->line++;
		if (ll && s[ll - 1] == '\r')
			ll--;
		if (ll > MQD_LINE_MAX) {
			rc = mqb_fail(b, MQD_E_LIMIT, "line of %zu bytes, the limit is %d", ll, MQD_LINE_MAX);
			break;
		}
		if ((rc = check_bytes(b, (const unsigned char *)s, ll)))
			break;
		if (map) {
			int closed = 0;
			rc = mqm_line(b, map, s, ll, &closed);
			if (closed) {
				mqm_free(map);
				map = NULL;
			}
			continue;
		}
		const char *w = s;
		size_t wl = ll;
		mqb_trim(&w, &wl);
		if (!wl || w[0] == '#')
			continue;
		if (w[0] == '|') {
			rc = card_row(b, w, wl);
			continue;
		}
		size_t k = 0;
		while (k < wl && !is_blank(w[k]) && w[k] != ':')
			k++;
		if (word_eq(w, k, "deck") || word_eq(w, k, "store"))
			rc = list_line(b, w[0] == 's', w + k, wl - k);
		else if (word_eq(w, k, "map"))
			rc = mqm_begin(b, &map, w + k, wl - k);
		else
			rc = mqb_fail(b, MQD_E_SYNTAX, "unrecognised line starting %s (expected a card row, deck, store or map)",
				      mqb_tok(t, w, k ? k : 1));
	}
	if (!rc && map)
		rc = mqm_eof(b, map);
	mqm_free(map);
	if (!rc)
		rc = resolve(b);
	return rc;
}

static void db_release(mqd_db *d)
{
	free(d->cards);
	free(d->abilities);
	free(d->steps);
	free(d->lists);
	free(d->entries);
	free(d->maps);
	free(d->areas);
	free(d->places);
	free(d->tiles);
	free(d->str);
	free(d->hash);
}

/* Deep copy of one array: count n of elem bytes, capacity recorded. */
static int dup_array(void **dst, uint32_t *cap, const void *src, uint32_t n, size_t elem)
{
	*dst = NULL;
	*cap = 0;
	if (!n)
		return CRISK_OK;
	*dst = malloc((size_t)n * elem);
	if (!*dst)
		return CRISK_ENOMEM;
	memcpy(*dst, src, (size_t)n * elem);
	*cap = n;
	return CRISK_OK;
}

static int copy_prev(mqb *b, const mqd_db *p)
{
	mqd_db *d = &b->db;
	uint32_t hcap;
	d->ncard = p->ncard;
	d->nability = p->nability;
	d->nstep = p->nstep;
	d->nlist = p->nlist;
	d->nentry = p->nentry;
	d->nmap = p->nmap;
	d->narea = p->narea;
	d->nplace = p->nplace;
	d->ntile = p->ntile;
	d->nstr = p->nstr;
	d->hused = p->hused;
	d->hcap = p->hcap;
	if (dup_array((void **)&d->cards, &b->cap_card, p->cards, p->ncard, sizeof *p->cards) ||
	    dup_array((void **)&d->abilities, &b->cap_ability, p->abilities, p->nability, sizeof *p->abilities) ||
	    dup_array((void **)&d->steps, &b->cap_step, p->steps, p->nstep, sizeof *p->steps) ||
	    dup_array((void **)&d->lists, &b->cap_list, p->lists, p->nlist, sizeof *p->lists) ||
	    dup_array((void **)&d->entries, &b->cap_entry, p->entries, p->nentry, sizeof *p->entries) ||
	    dup_array((void **)&d->maps, &b->cap_map, p->maps, p->nmap, sizeof *p->maps) ||
	    dup_array((void **)&d->areas, &b->cap_area, p->areas, p->narea, sizeof *p->areas) ||
	    dup_array((void **)&d->places, &b->cap_place, p->places, p->nplace, sizeof *p->places) ||
	    dup_array((void **)&d->tiles, &b->cap_tile, p->tiles, p->ntile, 1) ||
	    dup_array((void **)&d->str, &b->cap_str, p->str, p->nstr, 1) ||
	    dup_array((void **)&d->hash, &hcap, p->hash, p->hcap, sizeof *p->hash))
		return mqb_nomem(b);
	return CRISK_OK;
}

int mqd_load(mqd_db **out, const mqd_db *prev, const char *file, const char *text, size_t len, mqd_diag *diag)
{
	if (diag) {
		diag->line = 0;
		diag->cls = 0;
	}
	if (!out)
		return err_set(CRISK_EINVAL, "mqd_load: out is NULL");
	*out = NULL;
	if (!text && len)
		return err_set(CRISK_EINVAL, "mqd_load: text is NULL");
	mqb b;
	memset(&b, 0, sizeof b);
	b.file = file;
	b.diag = diag;
	if (len > MQD_FILE_MAX) {
		b.line = 1;
		return mqb_fail(&b, MQD_E_LIMIT, "the file has %zu bytes, the limit is 1 MiB", len);
	}
	int rc = prev ? copy_prev(&b, prev) : CRISK_OK;
	b.file_map0 = b.db.nmap;
	if (!rc)
		rc = parse(&b, text ? text : "", len);
	free(b.pend);
	if (rc) {
		db_release(&b.db);
		return rc;
	}
	mqd_db *db = malloc(sizeof *db);
	if (!db) {
		db_release(&b.db);
		return mqb_nomem(&b);
	}
	*db = b.db;
	*out = db;
	return CRISK_OK;
}

extern const char crisk_data_muhq_builtin[];
extern const size_t crisk_data_muhq_builtin_len;

int mqd_load_builtin(mqd_db **out)
{
	return mqd_load(out, NULL, "muhq-builtin.mqd", crisk_data_muhq_builtin, crisk_data_muhq_builtin_len, NULL);
}

void mqd_free(mqd_db *db)
{
	if (!db)
		return;
	db_release(db);
	free(db);
}

const char *mqd_str(const mqd_db *db, uint32_t off)
{
	return off < db->nstr ? db->str + off : "";
}

uint32_t mqd_find_card(const mqd_db *db, const char *name)
{
	return name ? mqb_find(db, NS_CARD, name, strlen(name)) : MQD_NOIDX;
}

uint32_t mqd_find_list(const mqd_db *db, const char *id)
{
	return id ? mqb_find(db, NS_LIST, id, strlen(id)) : MQD_NOIDX;
}

uint32_t mqd_find_map(const mqd_db *db, const char *id)
{
	return id ? mqb_find(db, NS_MAP, id, strlen(id)) : MQD_NOIDX;
}
