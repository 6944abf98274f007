/* catanmap version 1 parser (rules/hawaii.md H-21..H-33).  One pass over the
 * lines with a line counter; the first error stops it with "line N: <problem>
 * '<token>'" and frees everything, so a caller never sees a partial map.  The
 * elements grow in work arrays; the finished map is packed into one block. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanmap.h"
#include "../core/error.h"

#define MAX_TOK (CM_MAX_LINE / 2 + 1) /* fields on a full line of one-byte fields */
#define QUOTE_MAX 48                  /* token bytes quoted in a message */

static const char *const kind_name[] = {"island", "hex", "point", "space", "disc"};
static const char *const terrain_name[] = {"hills", "forest", "pasture", "fields", "mountains", "desert", "sea"};
static const char *const point_kind_name[] = {"site", "chit", "junction"};
static const char *const space_kind_name[] = {"road", "ship", "merchant", "fishing"};
static const char *const resource_name[] = {"brick", "lumber", "wool", "grain", "ore"};

typedef struct parser {
	long line;
	/* Tokens of the current line; a text field runs from its first token to lend. */
	int ntok;
	const char *tok[MAX_TOK];
	size_t tlen[MAX_TOK];
	const char *lend;
	/* Elements so far. */
	cm_island *island;
	cm_hex *hex;
	cm_point *point;
	cm_space *space;
	cm_disc *disc;
	uint32_t n_island, n_hex, n_point, n_space, n_disc;
	uint32_t cap_island, cap_hex, cap_point, cap_space, cap_disc;
	uint16_t *idx;
	uint32_t n_idx, cap_idx;
	char *text;
	uint32_t n_text, cap_text;
	/* Ids (one namespace) and positions/pairs, open addressing, load <= 1/2. */
	uint32_t *ids;
	uint32_t n_ids, id_cap;
	uint64_t *keys;
	uint32_t n_keys, key_cap;
	/* Repeat checks in lists: mark[i] == stamp while list `stamp` holds i. */
	uint32_t *hex_mark, *space_mark;
	uint32_t stamp;
	/* Singletons and whole-file facts. */
	int header, title_seen, track_seen;
	uint32_t title;
	int robber, pirate;
	int n_sea, n_fishing, n_target;
	uint8_t target[7];
	int n_track;
	uint8_t track[MAX_TOK];
} parser;

/* ---- messages ---- */

/* "line N: <problem> '<token>'<suffix>" (H-31).  Lines are valid UTF-8 by the
 * time a token is quoted; a long token is cut on a character boundary. */
static int fail(const parser *p, const char *problem, const char *tok, size_t len, const char *suffix)
{
	size_t cut = len;
	if (cut > QUOTE_MAX) {
		cut = QUOTE_MAX;
		while (cut > 0 && ((unsigned char)tok[cut] & 0xC0) == 0x80)
			cut--;
	}
	return err_set(CRISK_EFORMAT, "line %ld: %s '%.*s%s'%s", p->line, problem, (int)cut, tok,
		       cut < len ? "..." : "", suffix);
}

static int fail_tok(const parser *p, const char *problem, int k)
{
	return fail(p, problem, p->tok[k], p->tlen[k], "");
}

/* The message names the element being defined: its id is field 1. */
static int fail_elem(const parser *p, const char *problem)
{
	return fail_tok(p, problem, 1);
}

static int fail_line(const parser *p, const char *problem)
{
	return err_set(CRISK_EFORMAT, "line %ld: %s", p->line, problem);
}

static int no_memory(const parser *p)
{
	return err_set(CRISK_ENOMEM, "line %ld: out of memory reading the map", p->line);
}

/* ---- growing arrays ---- */

static int grow(void **arr, uint32_t *cap, uint32_t need, size_t elem)
{
	if (need <= *cap)
		return 0;
	uint32_t c = *cap ? *cap : 16;
	while (c < need)
		c *= 2;
	void *q = realloc(*arr, (size_t)c * elem);
	if (!q)
		return -1;
	*arr = q;
	*cap = c;
	return 0;
}

#define GROW(p, arr, cap, need) grow((void **)&(p)->arr, &(p)->cap, (need), sizeof *(p)->arr)

/* Copies s[0..len) with a NUL into the text pool; its offset goes to *off. */
static int intern(parser *p, const char *s, size_t len, uint32_t *off)
{
	if (GROW(p, text, cap_text, p->n_text + (uint32_t)len + 1))
		return no_memory(p);
	memcpy(p->text + p->n_text, s, len);
	p->text[p->n_text + len] = '\0';
	*off = p->n_text;
	p->n_text += (uint32_t)len + 1;
	return 0;
}

static int push_idx(parser *p, uint32_t v)
{
	if (GROW(p, idx, cap_idx, p->n_idx + 1))
		return no_memory(p);
	p->idx[p->n_idx++] = (uint16_t)v;
	return 0;
}

/* ---- the id table ---- */

static uint32_t hash_id(const char *s, size_t len)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static uint32_t id_off(const cm_island *isl, const cm_hex *hex, const cm_point *pt, const cm_space *sp,
		       const cm_disc *dc, uint32_t slot)
{
	uint32_t i = (slot - 1) & 0xFFFF;
	switch ((slot - 1) >> 16) {
	case CM_ISLAND:
		return isl[i].id;
	case CM_HEX:
		return hex[i].id;
	case CM_POINT:
		return pt[i].id;
	case CM_SPACE:
		return sp[i].id;
	default:
		return dc[i].id;
	}
}

/* The slot holding id s[0..len), or the empty slot where it would go. */
static uint32_t id_probe(const uint32_t *slots, uint32_t cap, const char *text, const cm_island *isl,
			 const cm_hex *hex, const cm_point *pt, const cm_space *sp, const cm_disc *dc, const char *s,
			 size_t len)
{
	uint32_t i = hash_id(s, len) & (cap - 1);
	while (slots[i]) {
		const char *t = text + id_off(isl, hex, pt, sp, dc, slots[i]);
		if (strncmp(t, s, len) == 0 && t[len] == '\0')
			break;
		i = (i + 1) & (cap - 1);
	}
	return i;
}

static uint32_t parser_probe(const parser *p, const char *s, size_t len)
{
	return id_probe(p->ids, p->id_cap, p->text, p->island, p->hex, p->point, p->space, p->disc, s, len);
}

static int define(parser *p, int kind, uint32_t index)
{
	if (2 * (p->n_ids + 1) > p->id_cap) {
		uint32_t cap = p->id_cap ? 2 * p->id_cap : 256;
		uint32_t *slots = calloc(cap, sizeof *slots);
		if (!slots)
			return no_memory(p);
		for (uint32_t i = 0; i < p->id_cap; i++) {
			if (!p->ids[i])
				continue;
			const char *t = p->text + id_off(p->island, p->hex, p->point, p->space, p->disc, p->ids[i]);
			uint32_t j = hash_id(t, strlen(t)) & (cap - 1);
			while (slots[j])
				j = (j + 1) & (cap - 1);
			slots[j] = p->ids[i];
		}
		free(p->ids);
		p->ids = slots;
		p->id_cap = cap;
	}
	const char *t = p->text + id_off(p->island, p->hex, p->point, p->space, p->disc, ((uint32_t)kind << 16 | index) + 1);
	p->ids[parser_probe(p, t, strlen(t))] = ((uint32_t)kind << 16 | index) + 1;
	p->n_ids++;
	return 0;
}

/* ---- the position and pair set ---- */

enum { KEY_HEX_POS = 1, KEY_POINT_POS, KEY_PAIR };

static uint64_t make_key(int tag, int a, int b)
{
	/* Coordinates are -9999..9999 and indices < 8192: both fit 20 bits once shifted. */
	return (uint64_t)tag << 40 | (uint64_t)(a + 10000) << 20 | (uint64_t)(b + 10000);
}

static uint32_t key_slot(const uint64_t *keys, uint32_t cap, uint64_t k)
{
	uint32_t i = (uint32_t)((k * UINT64_C(0x9E3779B97F4A7C15)) >> 40) & (cap - 1);
	while (keys[i] && keys[i] != k)
		i = (i + 1) & (cap - 1);
	return i;
}

/* 1 if k was already in the set, 0 if added, negative on allocation failure. */
static int key_add(parser *p, uint64_t k)
{
	if (2 * (p->n_keys + 1) > p->key_cap) {
		uint32_t cap = p->key_cap ? 2 * p->key_cap : 256;
		uint64_t *keys = calloc(cap, sizeof *keys);
		if (!keys)
			return no_memory(p);
		for (uint32_t i = 0; i < p->key_cap; i++)
			if (p->keys[i])
				keys[key_slot(keys, cap, p->keys[i])] = p->keys[i];
		free(p->keys);
		p->keys = keys;
		p->key_cap = cap;
	}
	uint32_t i = key_slot(p->keys, p->key_cap, k);
	if (p->keys[i])
		return 1;
	p->keys[i] = k;
	p->n_keys++;
	return 0;
}

/* ---- fields ---- */

static int tok_is(const parser *p, int k, const char *s)
{
	return p->tlen[k] == strlen(s) && memcmp(p->tok[k], s, p->tlen[k]) == 0;
}

/* The index of field k in names[0..n), or -1. */
static int tok_choice(const parser *p, int k, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (tok_is(p, k, names[i]))
			return i;
	return -1;
}

static int id_syntax(const char *s, size_t len)
{
	if (len < 1 || len > CM_MAX_ID || s[0] < 'a' || s[0] > 'z')
		return 0;
	for (size_t i = 1; i < len; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
			return 0;
	return 1;
}

static int fields(const parser *p, int min, int max)
{
	if (p->ntok >= min && p->ntok <= max)
		return 0;
	char detail[64];
	if (min == max)
		snprintf(detail, sizeof detail, " (expected %d, got %d)", min, p->ntok);
	else
		snprintf(detail, sizeof detail, " (expected at least %d, got %d)", min, p->ntok);
	return fail(p, "wrong number of fields for", p->tok[0], p->tlen[0], detail);
}

/* Field 1 as the id of a new element of that kind; interned to *off.  The
 * id table gets it at the end of the line (define), since a line refers only
 * to earlier lines (H-24). */
static int new_id(parser *p, int kind, uint32_t count, uint32_t limit, uint32_t *off)
{
	if (!id_syntax(p->tok[1], p->tlen[1]))
		return fail_tok(p, "bad id", 1);
	if (p->id_cap && p->ids[parser_probe(p, p->tok[1], p->tlen[1])])
		return fail_tok(p, "duplicate id", 1);
	if (count >= limit) {
		char problem[64];
		snprintf(problem, sizeof problem, "more than %u %s%s", (unsigned)limit, kind_name[kind],
			 kind == CM_HEX ? "es" : "s");
		return fail_tok(p, problem, 1);
	}
	return intern(p, p->tok[1], p->tlen[1], off);
}

/* s[0..len) as a reference to an earlier element of that kind. */
static int ref_str(const parser *p, const char *s, size_t len, int kind, uint32_t *index)
{
	if (!id_syntax(s, len))
		return fail(p, "bad id", s, len, "");
	uint32_t slot = p->id_cap ? p->ids[parser_probe(p, s, len)] : 0;
	if (!slot)
		return fail(p, "undefined id", s, len, "");
	int got = (int)((slot - 1) >> 16);
	if (got != kind) {
		char problem[32], detail[32];
		snprintf(problem, sizeof problem, "not a%s %s", kind == CM_ISLAND ? "n" : "", kind_name[kind]);
		snprintf(detail, sizeof detail, " (a%s %s)", got == CM_ISLAND ? "n" : "", kind_name[got]);
		return fail(p, problem, s, len, detail);
	}
	*index = (slot - 1) & 0xFFFF;
	return 0;
}

static int ref(const parser *p, int k, int kind, uint32_t *index)
{
	return ref_str(p, p->tok[k], p->tlen[k], kind, index);
}

/* island-ref: an island or "-" (-1). */
static int island_ref(const parser *p, int k, int16_t *island)
{
	uint32_t i;
	if (tok_is(p, k, "-")) {
		*island = -1;
		return 0;
	}
	int rc = ref(p, k, CM_ISLAND, &i);
	*island = (int16_t)i;
	return rc;
}

/* int = -?[0-9]+ in -9999..9999 (H-26). */
static int int_field(const parser *p, int k, int *v)
{
	const char *s = p->tok[k];
	size_t len = p->tlen[k], i = s[0] == '-';
	if (i == len)
		return fail_tok(p, "bad integer", k);
	long x = 0;
	for (size_t j = i; j < len; j++) {
		if (s[j] < '0' || s[j] > '9')
			return fail_tok(p, "bad integer", k);
		if (x <= 9999)
			x = 10 * x + (s[j] - '0');
	}
	if (x > 9999)
		return fail_tok(p, "integer out of range -9999..9999", k);
	*v = i ? -(int)x : (int)x;
	return 0;
}

/* number = 2..6 | 8..12, written exactly so (H-26). */
static int number_field(const parser *p, int k, uint8_t *n)
{
	static const char *const numbers[] = {"2", "3", "4", "5", "6", "8", "9", "10", "11", "12"};
	static const uint8_t value[] = {2, 3, 4, 5, 6, 8, 9, 10, 11, 12};
	int i = tok_choice(p, k, numbers, 10);
	if (i < 0)
		return fail_tok(p, "bad number", k);
	*n = value[i];
	return 0;
}

/* The text field from field k to the end of the line (H-25). */
static int text_field(parser *p, int k, uint32_t *off)
{
	const char *s = p->tok[k];
	size_t len = (size_t)(p->lend - s);
	if (len > CM_MAX_TEXT)
		return fail(p, "text longer than 64 bytes", s, len, "");
	if (memchr(s, '\t', len))
		return fail(p, "tab inside a text field", s, len, "");
	return intern(p, s, len, off);
}

/* A fresh stamp for the repeat check of one list. */
static uint32_t new_list(parser *p)
{
	return ++p->stamp;
}

/* ---- statements (H-28) ---- */

static int st_header(parser *p)
{
	int rc;
	if (p->header)
		return fail_tok(p, "repeated statement", 0);
	if ((rc = fields(p, 2, 2)))
		return rc;
	if (!tok_is(p, 1, "1"))
		return fail_tok(p, "unsupported version", 1);
	p->header = 1;
	return 0;
}

static int st_title(parser *p)
{
	int rc;
	if (p->title_seen)
		return fail_tok(p, "repeated statement", 0);
	if ((rc = fields(p, 2, MAX_TOK)) || (rc = text_field(p, 1, &p->title)))
		return rc;
	p->title_seen = 1;
	return 0;
}

static int st_island(parser *p)
{
	int rc;
	cm_island isl;
	if ((rc = fields(p, 3, MAX_TOK)) || (rc = new_id(p, CM_ISLAND, p->n_island, CM_MAX_ISLANDS, &isl.id)) ||
	    (rc = text_field(p, 2, &isl.name)))
		return rc;
	if (GROW(p, island, cap_island, p->n_island + 1))
		return no_memory(p);
	p->island[p->n_island] = isl;
	return define(p, CM_ISLAND, p->n_island++);
}

static int st_hex(parser *p)
{
	int rc, q, r;
	cm_hex h;
	memset(&h, 0, sizeof h);
	if ((rc = fields(p, 7, MAX_TOK)) || (rc = new_id(p, CM_HEX, p->n_hex, CM_MAX_HEXES, &h.id)) ||
	    (rc = island_ref(p, 2, &h.island)))
		return rc;
	int t = tok_choice(p, 3, terrain_name, 7);
	if (t < 0)
		return fail_tok(p, "bad terrain", 3);
	h.terrain = (uint8_t)t;
	if (!tok_is(p, 4, "-") && (rc = number_field(p, 4, &h.number)))
		return rc;
	if ((rc = int_field(p, 5, &q)) || (rc = int_field(p, 6, &r)))
		return rc;
	if (p->ntok > 7 && (rc = text_field(p, 7, &h.name)))
		return rc;
	if (t == TERR_SEA) {
		if (h.island >= 0)
			return fail_elem(p, "island on a sea hex");
		if (h.number)
			return fail_elem(p, "number on a sea hex");
	} else {
		if (h.island < 0)
			return fail_elem(p, "land hex without an island");
		if (t == TERR_DESERT && h.number)
			return fail_elem(p, "number on a desert hex");
		if (t != TERR_DESERT && !h.number)
			return fail_elem(p, "land hex without a number");
	}
	if ((rc = key_add(p, make_key(KEY_HEX_POS, q, r))))
		return rc < 0 ? rc : fail_elem(p, "second hex at the same position");
	h.q = (int16_t)q;
	h.r = (int16_t)r;
	if (GROW(p, hex, cap_hex, p->n_hex + 1))
		return no_memory(p);
	p->hex[p->n_hex] = h;
	p->n_sea += t == TERR_SEA;
	return define(p, CM_HEX, p->n_hex++);
}

static int st_point(parser *p)
{
	int rc, x, y;
	cm_point pt;
	memset(&pt, 0, sizeof pt);
	if ((rc = fields(p, 6, MAX_TOK)) || (rc = new_id(p, CM_POINT, p->n_point, CM_MAX_POINTS, &pt.id)))
		return rc;
	int kind = tok_choice(p, 2, point_kind_name, 3);
	if (kind < 0)
		return fail_tok(p, "bad point kind", 2);
	pt.kind = (uint8_t)kind;
	if ((rc = island_ref(p, 3, &pt.island)) || (rc = int_field(p, 4, &x)) || (rc = int_field(p, 5, &y)))
		return rc;
	if (p->ntok > 6 && (rc = text_field(p, 6, &pt.name)))
		return rc;
	if (kind != CM_JUNCTION && pt.island < 0)
		return fail_elem(p, kind == CM_SITE ? "site without an island" : "chit point without an island");
	if (kind != CM_JUNCTION && !pt.name)
		return fail_elem(p, kind == CM_SITE ? "site without a name" : "chit point without a name");
	if ((rc = key_add(p, make_key(KEY_POINT_POS, x, y))))
		return rc < 0 ? rc : fail_elem(p, "second point at the same position");
	pt.x = (int16_t)x;
	pt.y = (int16_t)y;
	if (GROW(p, point, cap_point, p->n_point + 1))
		return no_memory(p);
	p->point[p->n_point] = pt;
	return define(p, CM_POINT, p->n_point++);
}

/* sea=<hex>,<hex>...: sea hexes, no repeats. */
static int sea_attr(parser *p, int k, cm_space *sp)
{
	const char *v = p->tok[k] + 4, *end = p->tok[k] + p->tlen[k];
	uint32_t stamp = new_list(p), h;
	sp->sea.off = p->n_idx;
	for (;;) {
		const char *c = memchr(v, ',', (size_t)(end - v));
		const char *e = c ? c : end;
		size_t len = (size_t)(e - v);
		int rc;
		if (!len)
			return fail_tok(p, "bad attribute", k);
		if ((rc = ref_str(p, v, len, CM_HEX, &h)))
			return rc;
		if (p->hex[h].terrain != TERR_SEA)
			return fail(p, "not a sea hex", v, len, "");
		if (p->hex_mark[h] == stamp)
			return fail(p, "repeated sea hex", v, len, "");
		p->hex_mark[h] = stamp;
		if ((rc = push_idx(p, h)))
			return rc;
		sp->sea.n++;
		if (!c)
			return 0;
		v = c + 1;
	}
}

/* trade=<what>:<rate>. */
static int trade_attr(const parser *p, int k, cm_space *sp)
{
	const char *v = p->tok[k] + 6;
	size_t len = p->tlen[k] - 6;
	const char *colon = memchr(v, ':', len);
	if (!colon || (size_t)(colon - v) + 2 != len || (colon[1] != '2' && colon[1] != '3'))
		return fail_tok(p, "bad attribute", k);
	size_t wlen = (size_t)(colon - v);
	sp->trade = -2;
	if (wlen == 3 && memcmp(v, "any", 3) == 0)
		sp->trade = CM_ANY;
	for (int r = 0; r < 5; r++)
		if (wlen == strlen(resource_name[r]) && memcmp(v, resource_name[r], wlen) == 0)
			sp->trade = (int8_t)r;
	if (sp->trade == -2)
		return fail_tok(p, "bad attribute", k);
	sp->rate = (uint8_t)(colon[1] - '0');
	return 0;
}

static int st_space(parser *p)
{
	int rc;
	uint32_t a, b;
	cm_space sp;
	memset(&sp, 0, sizeof sp);
	sp.trade = CM_ANY;
	if ((rc = fields(p, 5, MAX_TOK)) || (rc = new_id(p, CM_SPACE, p->n_space, CM_MAX_SPACES, &sp.id)))
		return rc;
	int kind = tok_choice(p, 2, space_kind_name, 4);
	if (kind < 0)
		return fail_tok(p, "bad space kind", 2);
	sp.kind = (uint8_t)kind;
	if ((rc = ref(p, 3, CM_POINT, &a)) || (rc = ref(p, 4, CM_POINT, &b)))
		return rc;
	if (a == b)
		return fail_elem(p, "space joins a point to itself");
	if ((rc = key_add(p, make_key(KEY_PAIR, (int)(a < b ? a : b), (int)(a < b ? b : a)))))
		return rc < 0 ? rc : fail_elem(p, "second space between the same points");
	sp.a = (uint16_t)a;
	sp.b = (uint16_t)b;
	int seen_sea = 0, seen_trade = 0;
	for (int k = 5; k < p->ntok; k++) {
		const char *eq = memchr(p->tok[k], '=', p->tlen[k]);
		size_t klen = eq ? (size_t)(eq - p->tok[k]) : 0;
		if (!eq) {
			return fail_tok(p, "bad attribute", k);
		} else if (klen == 3 && memcmp(p->tok[k], "sea", 3) == 0) {
			if (seen_sea++)
				return fail_tok(p, "repeated attribute", k);
			if (kind == CM_ROAD)
				return fail_elem(p, "sea= on a road space");
			if ((rc = sea_attr(p, k, &sp)))
				return rc;
		} else if (klen == 5 && memcmp(p->tok[k], "trade", 5) == 0) {
			if (seen_trade++)
				return fail_tok(p, "repeated attribute", k);
			if (kind != CM_MERCHANT)
				return fail_elem(p, "trade= on a space that is not a merchant");
			if ((rc = trade_attr(p, k, &sp)))
				return rc;
		} else {
			return fail_tok(p, "unknown attribute", k);
		}
	}
	if (kind == CM_MERCHANT && !seen_trade)
		return fail_elem(p, "merchant space without trade=");
	if (GROW(p, space, cap_space, p->n_space + 1))
		return no_memory(p);
	p->space[p->n_space] = sp;
	p->n_fishing += kind == CM_FISHING;
	return define(p, CM_SPACE, p->n_space++);
}

static int st_produces(parser *p)
{
	int rc;
	uint32_t pt, h;
	if ((rc = fields(p, 3, MAX_TOK)) || (rc = ref(p, 1, CM_POINT, &pt)))
		return rc;
	cm_point *P = &p->point[pt];
	if (P->kind == CM_JUNCTION)
		return fail_tok(p, "production list for a junction", 1);
	if (P->produces.n)
		return fail_tok(p, "repeated produces line for", 1);
	uint32_t stamp = new_list(p), off = p->n_idx;
	for (int k = 2; k < p->ntok; k++) {
		if ((rc = ref(p, k, CM_HEX, &h)))
			return rc;
		if (p->hex[h].terrain == TERR_SEA)
			return fail_tok(p, "sea hex in a production list", k);
		if (p->hex_mark[h] == stamp)
			return fail_tok(p, "repeated hex", k);
		p->hex_mark[h] = stamp;
		if ((rc = push_idx(p, h)))
			return rc;
	}
	P->produces.off = off;
	P->produces.n = p->n_idx - off;
	return 0;
}

static int st_disc(parser *p)
{
	int rc, x, y;
	uint32_t s;
	cm_disc d;
	memset(&d, 0, sizeof d);
	if ((rc = fields(p, 6, MAX_TOK)) || (rc = new_id(p, CM_DISC, p->n_disc, CM_MAX_DISCS, &d.id)) ||
	    (rc = number_field(p, 2, &d.number)) || (rc = int_field(p, 3, &x)) || (rc = int_field(p, 4, &y)))
		return rc;
	uint32_t stamp = new_list(p);
	d.spaces.off = p->n_idx;
	for (int k = 5; k < p->ntok; k++) {
		if ((rc = ref(p, k, CM_SPACE, &s)))
			return rc;
		if (p->space[s].kind != CM_FISHING)
			return fail_tok(p, "not a fishing space", k);
		if (p->space_mark[s] == stamp)
			return fail_tok(p, "repeated space", k);
		p->space_mark[s] = stamp;
		if ((rc = push_idx(p, s)))
			return rc;
	}
	d.spaces.n = p->n_idx - d.spaces.off;
	d.x = (int16_t)x;
	d.y = (int16_t)y;
	if (GROW(p, disc, cap_disc, p->n_disc + 1))
		return no_memory(p);
	p->disc[p->n_disc] = d;
	return define(p, CM_DISC, p->n_disc++);
}

/* robber (land) and pirate (sea): a start hex, once each. */
static int st_start(parser *p, int *at, int sea)
{
	int rc;
	uint32_t h;
	if (*at >= 0)
		return fail_tok(p, "repeated statement", 0);
	if ((rc = fields(p, 2, 2)) || (rc = ref(p, 1, CM_HEX, &h)))
		return rc;
	if ((p->hex[h].terrain == TERR_SEA) != sea)
		return fail_tok(p, sea ? "not a sea hex" : "not a land hex", 1);
	*at = (int)h;
	return 0;
}

static int st_fishtrack(parser *p)
{
	int rc;
	if (p->track_seen)
		return fail_tok(p, "repeated statement", 0);
	if ((rc = fields(p, 3, MAX_TOK)))
		return rc;
	for (int k = 1; k < p->ntok; k++) {
		if (p->tlen[k] != 1 || p->tok[k][0] < '0' || p->tok[k][0] > '9')
			return fail_tok(p, "bad fishing-track value", k);
		uint8_t v = (uint8_t)(p->tok[k][0] - '0');
		if (k == 1 && v != 0)
			return fail_tok(p, "fishing track must start at 0, not", k);
		if (k > 1 && v < p->track[k - 2])
			return fail_tok(p, "decreasing fishing track", k);
		p->track[k - 1] = v;
	}
	p->n_track = p->ntok - 1;
	p->track_seen = 1;
	return 0;
}

static int st_target(parser *p)
{
	int rc, seats, vp;
	if ((rc = fields(p, 3, 3)) || (rc = int_field(p, 1, &seats)) || (rc = int_field(p, 2, &vp)))
		return rc;
	if (seats < 3 || seats > 6)
		return fail_tok(p, "seat count out of range 3..6", 1);
	if (vp < 3 || vp > 30)
		return fail_tok(p, "victory target out of range 3..30", 2);
	if (p->target[seats])
		return fail_tok(p, "repeated target for seat count", 1);
	p->target[seats] = (uint8_t)vp;
	p->n_target++;
	return 0;
}

static int statement(parser *p)
{
	if (!p->header && !tok_is(p, 0, "catanmap"))
		return fail_tok(p, "expected the header 'catanmap 1' before", 0);
	static const char *const keyword[] = {"catanmap", "title", "island", "hex", "point", "space",
					      "produces", "disc", "robber", "pirate", "fishtrack", "target"};
	switch (tok_choice(p, 0, keyword, 12)) {
	case 0:
		return st_header(p);
	case 1:
		return st_title(p);
	case 2:
		return st_island(p);
	case 3:
		return st_hex(p);
	case 4:
		return st_point(p);
	case 5:
		return st_space(p);
	case 6:
		return st_produces(p);
	case 7:
		return st_disc(p);
	case 8:
		return st_start(p, &p->robber, 0);
	case 9:
		return st_start(p, &p->pirate, 1);
	case 10:
		return st_fishtrack(p);
	case 11:
		return st_target(p);
	default:
		return fail_tok(p, "unknown keyword", 0);
	}
}

/* ---- lines (H-21..H-23) ---- */

/* Length of the valid UTF-8 sequence at s (< end), 0 if invalid. */
static size_t utf8_len(const unsigned char *s, const unsigned char *end)
{
	unsigned c = s[0];
	size_t n;
	unsigned lo = 0x80, hi = 0xBF;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		n = 2;
	else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		if (c == 0xE0)
			lo = 0xA0;
		if (c == 0xED)
			hi = 0x9F; /* no surrogates */
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		if (c == 0xF0)
			lo = 0x90;
		if (c == 0xF4)
			hi = 0x8F; /* at most U+10FFFF */
	} else
		return 0;
	if ((size_t)(end - s) < n || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	return n;
}

/* One line b[0..n) without its line end. */
static int line(parser *p, const char *b, size_t n)
{
	const char *e = b + n;
	for (const unsigned char *u = (const unsigned char *)b; u < (const unsigned char *)e;) {
		size_t c = utf8_len(u, (const unsigned char *)e);
		if (!c) {
			char msg[64];
			snprintf(msg, sizeof msg, "invalid UTF-8 (byte 0x%02X at column %d)", *u,
				 (int)(u - (const unsigned char *)b) + 1);
			return fail_line(p, msg);
		}
		u += c;
	}
	const char *hash = memchr(b, '#', n);
	if (hash)
		e = hash;
	p->ntok = 0;
	for (const char *s = b; s < e;) {
		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		if (s == e)
			break;
		const char *t = s;
		while (s < e && *s != ' ' && *s != '\t')
			s++;
		p->tok[p->ntok] = t;
		p->tlen[p->ntok] = (size_t)(s - t);
		p->ntok++;
		p->lend = s;
	}
	return p->ntok ? statement(p) : 0;
}

/* ---- the finished map ---- */

/* A cm_list member of an array of elements: base, member offset, stride. */
typedef struct lists {
	char *base;
	size_t off, stride;
	uint32_t n;
} lists;

static cm_list *list_at(const lists *l, uint32_t i)
{
	return (cm_list *)(l->base + (size_t)i * l->stride + l->off);
}

/* Reverse lists: element i of `from` listing x puts i in x's list in `to`;
 * filled in ascending i, so every reverse list ends up ascending. */
static void reverse(const lists *to, const lists *from, uint16_t *idx, uint32_t *next)
{
	for (uint32_t i = 0; i < from->n; i++) {
		const cm_list *l = list_at(from, i);
		for (uint32_t j = 0; j < l->n; j++)
			list_at(to, idx[l->off + j])->n++;
	}
	for (uint32_t i = 0; i < to->n; i++) {
		list_at(to, i)->off = *next;
		*next += list_at(to, i)->n;
		list_at(to, i)->n = 0;
	}
	for (uint32_t i = 0; i < from->n; i++) {
		const cm_list *l = list_at(from, i);
		for (uint32_t j = 0; j < l->n; j++) {
			cm_list *t = list_at(to, idx[l->off + j]);
			idx[t->off + t->n++] = (uint16_t)i;
		}
	}
}

static size_t align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

/* Packs the work arrays into one block and adds the derived lists. */
static int pack(parser *p, catanmap **out)
{
	size_t n_idx = (size_t)p->n_idx * 2 + (size_t)p->n_space * 2;
	size_t sz[9] = {
		sizeof(catanmap), (size_t)p->n_island * sizeof(cm_island), (size_t)p->n_hex * sizeof(cm_hex),
		(size_t)p->n_point * sizeof(cm_point), (size_t)p->n_space * sizeof(cm_space),
		(size_t)p->n_disc * sizeof(cm_disc), (size_t)p->id_cap * sizeof(uint32_t), n_idx * sizeof(uint16_t),
		(size_t)p->n_text + (size_t)p->n_track};
	size_t total = 0, at[9];
	for (int i = 0; i < 9; i++) {
		at[i] = total;
		total += align8(sz[i]);
	}
	char *blk = malloc(total);
	if (!blk)
		return no_memory(p);
	catanmap *m = (catanmap *)blk;
	cm_island *isl = (cm_island *)(blk + at[1]);
	cm_hex *hex = (cm_hex *)(blk + at[2]);
	cm_point *pt = (cm_point *)(blk + at[3]);
	cm_space *sp = (cm_space *)(blk + at[4]);
	cm_disc *dc = (cm_disc *)(blk + at[5]);
	uint32_t *slots = (uint32_t *)(blk + at[6]);
	uint16_t *idx = (uint16_t *)(blk + at[7]);
	char *text = blk + at[8];
	if (p->n_island)
		memcpy(isl, p->island, sz[1]);
	if (p->n_hex)
		memcpy(hex, p->hex, sz[2]);
	if (p->n_point)
		memcpy(pt, p->point, sz[3]);
	if (p->n_space)
		memcpy(sp, p->space, sz[4]);
	if (p->n_disc)
		memcpy(dc, p->disc, sz[5]);
	if (p->id_cap)
		memcpy(slots, p->ids, sz[6]);
	if (p->n_idx)
		memcpy(idx, p->idx, (size_t)p->n_idx * sizeof(uint16_t));
	memcpy(text, p->text, p->n_text);
	memcpy(text + p->n_text, p->track, (size_t)p->n_track);

	/* Derived lists after the parsed ones; the work arrays start them at n = 0. */
	uint32_t next = p->n_idx;
	for (uint32_t s = 0; s < p->n_space; s++) {
		pt[sp[s].a].spaces.n++;
		pt[sp[s].b].spaces.n++;
	}
	for (uint32_t i = 0; i < p->n_point; i++) {
		pt[i].spaces.off = next;
		next += pt[i].spaces.n;
		pt[i].spaces.n = 0;
	}
	for (uint32_t s = 0; s < p->n_space; s++) {
		cm_list *la = &pt[sp[s].a].spaces, *lb = &pt[sp[s].b].spaces;
		idx[la->off + la->n++] = (uint16_t)s;
		idx[lb->off + lb->n++] = (uint16_t)s;
	}
	lists hex_points = {(char *)hex, offsetof(cm_hex, points), sizeof *hex, p->n_hex};
	lists hex_spaces = {(char *)hex, offsetof(cm_hex, spaces), sizeof *hex, p->n_hex};
	lists pt_produces = {(char *)pt, offsetof(cm_point, produces), sizeof *pt, p->n_point};
	lists sp_sea = {(char *)sp, offsetof(cm_space, sea), sizeof *sp, p->n_space};
	lists sp_discs = {(char *)sp, offsetof(cm_space, discs), sizeof *sp, p->n_space};
	lists dc_spaces = {(char *)dc, offsetof(cm_disc, spaces), sizeof *dc, p->n_disc};
	reverse(&hex_points, &pt_produces, idx, &next);
	reverse(&hex_spaces, &sp_sea, idx, &next);
	reverse(&sp_discs, &dc_spaces, idx, &next);

	m->n_island = (int)p->n_island;
	m->n_hex = (int)p->n_hex;
	m->n_point = (int)p->n_point;
	m->n_space = (int)p->n_space;
	m->n_disc = (int)p->n_disc;
	m->island = isl;
	m->hex = hex;
	m->point = pt;
	m->space = sp;
	m->disc = dc;
	m->idx = idx;
	m->text = text;
	m->title = p->title;
	m->robber = p->robber;
	m->pirate = p->pirate;
	m->n_track = p->n_track;
	m->track = (const uint8_t *)(text + p->n_text);
	memcpy(m->target, p->target, sizeof m->target);
	m->id_cap = p->id_cap;
	m->id_slot = slots;
	*out = m;
	return 0;
}

/* H-29, after the last line; failures report line 0. */
static int whole_file(parser *p, const catanmap *m)
{
	p->line = 0;
	if (!p->header)
		return err_set(CRISK_EFORMAT, "line 0: missing header 'catanmap 1'");
	for (int i = 0; i < m->n_point; i++)
		if (m->point[i].kind != CM_JUNCTION && !m->point[i].produces.n)
			return err_set(CRISK_EFORMAT, "line 0: no produces line for '%s'", cm_str(m, m->point[i].id));
	if (p->robber < 0)
		return err_set(CRISK_EFORMAT, "line 0: missing statement 'robber'");
	if (p->n_sea && p->pirate < 0)
		return err_set(CRISK_EFORMAT, "line 0: missing statement 'pirate' (the map has sea hexes)");
	if (p->n_fishing && !p->track_seen)
		return err_set(CRISK_EFORMAT, "line 0: missing statement 'fishtrack' (the map has fishing spaces)");
	if (!p->n_target)
		return err_set(CRISK_EFORMAT, "line 0: missing statement 'target'");
	if (!m->n_point)
		return err_set(CRISK_EFORMAT, "line 0: missing statement 'point'");
	/* One connected graph: a search from point 0 over the spaces. */
	uint16_t *queue = malloc((size_t)m->n_point * sizeof *queue);
	uint8_t *seen = calloc((size_t)m->n_point, 1);
	if (!queue || !seen) {
		free(queue);
		free(seen);
		return no_memory(p);
	}
	int head = 0, tail = 0;
	queue[tail++] = 0;
	seen[0] = 1;
	while (head < tail) {
		const cm_point *P = &m->point[queue[head++]];
		const uint16_t *s = cm_items(m, P->spaces);
		for (uint32_t j = 0; j < P->spaces.n; j++) {
			const cm_space *S = &m->space[s[j]];
			int o = &m->point[S->a] == P ? S->b : S->a;
			if (!seen[o]) {
				seen[o] = 1;
				queue[tail++] = (uint16_t)o;
			}
		}
	}
	int rc = 0;
	for (int i = 0; i < m->n_point && !rc; i++)
		if (!seen[i])
			rc = err_set(CRISK_EFORMAT, "line 0: point not connected to the rest of the map '%s'",
				     cm_str(m, m->point[i].id));
	free(queue);
	free(seen);
	return rc;
}

static void parser_free(parser *p)
{
	free(p->island);
	free(p->hex);
	free(p->point);
	free(p->space);
	free(p->disc);
	free(p->idx);
	free(p->text);
	free(p->ids);
	free(p->keys);
	free(p->hex_mark);
	free(p->space_mark);
	free(p);
}

static int parse(parser *p, const char *text, size_t len, catanmap **out)
{
	int rc;
	if (len > CM_MAX_BYTES)
		return err_set(CRISK_EFORMAT, "line 0: file larger than %zu bytes", CM_MAX_BYTES);
	p->hex_mark = calloc(CM_MAX_HEXES, sizeof *p->hex_mark);
	p->space_mark = calloc(CM_MAX_SPACES, sizeof *p->space_mark);
	p->robber = p->pirate = -1;
	if (!p->hex_mark || !p->space_mark || intern(p, "", 0, &p->title))
		return no_memory(p);
	const char *s = text, *end = text + len;
	while (s < end) {
		p->line++;
		const char *e = s;
		int comment = 0; /* past the line's first '#' (H-22), which no field holds */
		while (e < end && *e != '\n') {
			unsigned char c = (unsigned char)*e;
			comment |= c == '#';
			/* H-21: 0x00-0x1F but TAB anywhere; DEL, a control character
			 * too, only outside comments, which take any character (H-27). */
			if ((c < 0x20 && c != '\t') || (c == 0x7F && !comment)) {
				if (c == '\r' && e + 1 < end && e[1] == '\n')
					break;
				char msg[64];
				snprintf(msg, sizeof msg, "control character 0x%02X at column %d", c, (int)(e - s) + 1);
				return fail_line(p, msg);
			}
			if (e - s == CM_MAX_LINE)
				return fail_line(p, "line longer than 1024 bytes");
			e++;
		}
		if ((rc = line(p, s, (size_t)(e - s))))
			return rc;
		s = e == end ? end : e + (*e == '\r' ? 2 : 1);
	}
	if ((rc = pack(p, out)))
		return rc;
	if ((rc = whole_file(p, *out))) {
		free(*out);
		*out = NULL;
	}
	return rc;
}

int catanmap_parse(catanmap **out, const char *text, size_t len)
{
	if (!out)
		return err_set(CRISK_EINVAL, "catanmap_parse: out is NULL");
	*out = NULL;
	if (!text && len)
		return err_set(CRISK_EINVAL, "catanmap_parse: text is NULL");
	parser *p = calloc(1, sizeof *p);
	if (!p)
		return err_set(CRISK_ENOMEM, "line 0: out of memory reading the map");
	int rc = parse(p, text ? text : "", len, out);
	parser_free(p);
	return rc;
}

void catanmap_free(catanmap *m)
{
	free(m);
}

int catanmap_find(const catanmap *m, const char *id, size_t len, int *kind)
{
	if (!m || !id || !m->id_cap || !id_syntax(id, len))
		return -1;
	uint32_t slot = m->id_slot[id_probe(m->id_slot, m->id_cap, m->text, m->island, m->hex, m->point, m->space,
					     m->disc, id, len)];
	if (!slot)
		return -1;
	if (kind)
		*kind = (int)((slot - 1) >> 16);
	return (int)((slot - 1) & 0xFFFF);
}

int catanmap_index(const catanmap *m, int kind, const char *id)
{
	int k;
	int i = id ? catanmap_find(m, id, strlen(id), &k) : -1;
	return i >= 0 && k == kind ? i : -1;
}
