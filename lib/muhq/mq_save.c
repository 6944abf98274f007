/* The muhq state in saves (docs/save-format.md, "Module muhq"): a portable
 * binary form (every field little-endian at its own width, in table order,
 * no padding), the same fields as exact JSON, and the validation that makes
 * a decoded state safe for every later call.
 *
 * Binary layout: the header fields, a record per seat of the rules, the
 * executing item, MQ_STACK_MAX stack items and MQ_JOBS_MAX jobs (slots past
 * nstack and njob are written as zeros and ignored on reading), a record per
 * card, and the damage of every wall.  The tile occupancy is derived from
 * the cards on loading, not saved.  JSON lists only the live stack items
 * and jobs, and leaves nstack and njob to the array lengths. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../core/error.h"
#include "../core/jsonr.h"
#include "catanrisk/game.h"
#include "mq.h"
#include "mq_engine.h"
#include "mq_io.h"

/* ---- field tables ---- */

enum { K_U8, K_I8, K_U16, K_U16N, K_I32, K_U32, K_U64, K_STATUS, K_DP, K_PHASE, K_ZONE, K_ITEM, K_JOB };

typedef struct field {
	const char *name;
	uint8_t kind, count, json; /* json 0: binary only (nstack, njob) */
	uint16_t off;
} field;

#define HF(n, k, c, m) {n, k, c, 1, (uint16_t)offsetof(mq_state, m)}
static const field head_fields[] = {
	HF("rng", K_U64, 4, rng.s),
	HF("round", K_I32, 1, round),
	HF("turn", K_I32, 1, turn),
	HF("stamp", K_U32, 1, stamp),
	HF("chance_k", K_U32, 1, chance_k),
	HF("chance_v", K_U32, 1, chance_v),
	HF("status", K_STATUS, 1, status),
	HF("winner", K_I8, 1, winner),
	HF("current_seat", K_I8, 1, cur),
	HF("decision", K_DP, 1, dp),
	HF("phase", K_PHASE, 1, phase),
	HF("active_seat", K_U8, 1, active),
	HF("priority_seat", K_U8, 1, prio),
	HF("passes", K_U8, 1, passes),
	{"nstack", K_U8, 1, 0, (uint16_t)offsetof(mq_state, nstack)},
	{"njob", K_U8, 1, 0, (uint16_t)offsetof(mq_state, njob)},
	HF("activated", K_U16N, 1, activated),
	HF("chance_given", K_U8, 1, chance_given),
};

#define SF(n, k, c, m) {n, k, c, 1, (uint16_t)offsetof(mq_seat, m)}
static const field seat_fields[] = {
	SF("resource", K_I32, 1, res),
	SF("out", K_U8, 1, out),
	SF("bought", K_U8, 1, bought),
};

#define IF(n, k, m) {n, k, 1, 1, (uint16_t)offsetof(mq_item, m)}
static const field item_fields[] = {
	IF("kind", K_ITEM, kind), IF("ctrl", K_U8, ctrl), IF("aux", K_U8, aux), IF("src", K_U16, src),
	IF("a", K_U16, a),        IF("b", K_U16, b),      IF("c", K_U16, c),
};

#define JF(n, k, m) {n, k, 1, 1, (uint16_t)offsetof(mq_job, m)}
static const field job_fields[] = {
	JF("kind", K_JOB, kind), JF("a", K_U8, a), JF("b", K_U16, b), JF("c", K_U16, c), JF("d", K_U16, d),
};

#define CF(n, k, c, m) {n, k, c, 1, (uint16_t)offsetof(mq_card, m)}
static const field card_fields[] = {
	CF("zone", K_ZONE, 1, zone),     CF("pos", K_U16N, 1, pos),     CF("up", K_U16N, 1, up),
	CF("owner", K_U8, 1, owner),     CF("ctrl", K_U8, 1, ctrl),     CF("flags", K_U8, 1, flags),
	CF("entered", K_U32, 1, entered), CF("joined", K_U32, 1, joined), CF("marks", K_U8, MQ_M_COUNT, mark),
	CF("durability", K_U8, 1, dur),  CF("buff", K_I8, 4, buff),     CF("trig", K_U8, 1, trig),
};

#define NF(t) ((int)(sizeof t / sizeof t[0]))

static int width(int kind)
{
	switch (kind) {
	case K_U16: case K_U16N: return 2;
	case K_I32: case K_U32: return 4;
	case K_U64: return 8;
	default: return 1;
	}
}

static size_t fields_bytes(const field *f, int n)
{
	size_t total = 0;
	for (int i = 0; i < n; i++)
		total += (size_t)width(f[i].kind) * f[i].count;
	return total;
}

size_t mq_state_bytes(const void *data)
{
	const mq_rules *R = data;
	return fields_bytes(head_fields, NF(head_fields)) + (size_t)R->seats * fields_bytes(seat_fields, NF(seat_fields)) +
	       (size_t)(1 + MQ_STACK_MAX) * fields_bytes(item_fields, NF(item_fields)) +
	       (size_t)MQ_JOBS_MAX * fields_bytes(job_fields, NF(job_fields)) +
	       (size_t)R->ncard * fields_bytes(card_fields, NF(card_fields)) + (size_t)R->nwall;
}

/* ---- binary ---- */

static uint64_t get_native(const unsigned char *p, int w)
{
	switch (w) {
	case 1: return *p;
	case 2: { uint16_t x; memcpy(&x, p, 2); return x; }
	case 4: { uint32_t x; memcpy(&x, p, 4); return x; }
	default: { uint64_t x; memcpy(&x, p, 8); return x; }
	}
}

static void set_native(unsigned char *p, int w, uint64_t v)
{
	switch (w) {
	case 1: *p = (unsigned char)v; break;
	case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
	case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
	default: memcpy(p, &v, 8); break;
	}
}

/* Writes the fields of base (NULL: zeros) at out; returns the bytes. */
static size_t save_fields(const field *f, int n, const void *base, uint8_t *out)
{
	size_t o = 0;
	for (int i = 0; i < n; i++) {
		int w = width(f[i].kind);
		for (int j = 0; j < f[i].count; j++, o += (size_t)w) {
			uint64_t v = base ? get_native((const unsigned char *)base + f[i].off + (size_t)j * (size_t)w, w) : 0;
			for (int b = 0; b < w; b++)
				out[o + (size_t)b] = (uint8_t)(v >> (8 * b));
		}
	}
	return o;
}

/* Reads the fields into base (NULL: skipped); returns the bytes. */
static size_t load_fields(const field *f, int n, void *base, const uint8_t *in)
{
	size_t o = 0;
	for (int i = 0; i < n; i++) {
		int w = width(f[i].kind);
		for (int j = 0; j < f[i].count; j++, o += (size_t)w) {
			uint64_t v = 0;
			for (int b = 0; b < w; b++)
				v |= (uint64_t)in[o + (size_t)b] << (8 * b);
			if (base)
				set_native((unsigned char *)base + f[i].off + (size_t)j * (size_t)w, w, v);
		}
	}
	return o;
}

void mq_state_save(const void *data, const void *state, uint8_t *out)
{
	const mq_rules *R = data;
	const mq_state *S = state;
	size_t o = save_fields(head_fields, NF(head_fields), S, out);
	for (int s = 0; s < R->seats; s++)
		o += save_fields(seat_fields, NF(seat_fields), &S->seat[s], out + o);
	o += save_fields(item_fields, NF(item_fields), &S->exec, out + o);
	for (int i = 0; i < MQ_STACK_MAX; i++)
		o += save_fields(item_fields, NF(item_fields), i < S->nstack ? &S->stack[i] : NULL, out + o);
	for (int i = 0; i < MQ_JOBS_MAX; i++)
		o += save_fields(job_fields, NF(job_fields), i < S->njob ? &S->job[i] : NULL, out + o);
	const mq_card *cs = mq_ccards(R, state);
	for (uint32_t c = 0; c < R->ncard; c++)
		o += save_fields(card_fields, NF(card_fields), &cs[c], out + o);
	memcpy(out + o, mq_cwalls(R, state), (size_t)R->nwall);
}

/* The occupancy from the cards: a base on the map holds its tile (the
 * first such card, when a broken state has two; mq_state_check refuses it);
 * and the bitmaps of the cards on the map and in hands. */
static void derive(const mq_rules *R, void *state)
{
	const mq_card *cs = mq_ccards(R, state);
	uint16_t *occ = mq_occ(R, state);
	for (int t = 0; t < R->ntile; t++)
		occ[t] = MQ_NONE;
	memset(mq_bits(R, state, 0), 0, MQ_Z_COUNT * sizeof(uint64_t) * (size_t)R->nbw);
	for (uint32_t c = 0; c < R->ncard; c++) {
		if (cs[c].zone == MQ_Z_MAP && cs[c].up == MQ_NONE && !(cs[c].flags & MQ_F_DROP) && cs[c].pos < R->ntile &&
		    occ[cs[c].pos] == MQ_NONE)
			occ[cs[c].pos] = (uint16_t)c;
		if (cs[c].zone < MQ_Z_COUNT) /* mq_state_check refuses other zones */
			mq_bits(R, state, cs[c].zone)[c >> 6] |= UINT64_C(1) << (c & 63);
	}
}

void mq_state_load(const void *data, const uint8_t *in, void *state)
{
	const mq_rules *R = data;
	mq_state *S = state;
	memset(state, 0, R->size);
	size_t o = load_fields(head_fields, NF(head_fields), S, in);
	for (int s = 0; s < R->seats; s++)
		o += load_fields(seat_fields, NF(seat_fields), &S->seat[s], in + o);
	o += load_fields(item_fields, NF(item_fields), &S->exec, in + o);
	for (int i = 0; i < MQ_STACK_MAX; i++)
		o += load_fields(item_fields, NF(item_fields), i < S->nstack ? &S->stack[i] : NULL, in + o);
	for (int i = 0; i < MQ_JOBS_MAX; i++)
		o += load_fields(job_fields, NF(job_fields), i < S->njob ? &S->job[i] : NULL, in + o);
	mq_card *cs = mq_cards(R, state);
	for (uint32_t c = 0; c < R->ncard; c++)
		o += load_fields(card_fields, NF(card_fields), &cs[c], in + o);
	memcpy(mq_walls(R, state), in + o, (size_t)R->nwall);
	derive(R, state);
}

/* ---- JSON: writing ---- */

static const char *status_name(int s)
{
	static const char *const names[] = {"running", "won", "ended"};
	return s >= 0 && s <= 2 ? names[s] : "unknown";
}

static const char *enum_name(int kind, int v)
{
	switch (kind) {
	case K_STATUS: return status_name(v);
	case K_DP: return mq_dp_name(v);
	case K_PHASE: return mq_phase_name(v);
	case K_ZONE: return mq_zone_name(v);
	case K_ITEM: return mq_item_name(v);
	default: return mq_job_name(v);
	}
}

static int enum_count(int kind)
{
	switch (kind) {
	case K_STATUS: return 3;
	case K_DP: return MQ_DP_CLEANUP + 1;
	case K_PHASE: return MQ_PH_OVER + 1;
	case K_ZONE: return MQ_Z_COUNT;
	case K_ITEM: return MQ_I_TRIGGER + 1;
	default: return MQ_J_CLEANUP + 1;
	}
}

static void put_value(jw *w, int kind, const unsigned char *p)
{
	uint64_t v = get_native(p, width(kind));
	char hex[24];
	switch (kind) {
	case K_I8: jw_int(w, (int8_t)v); break;
	case K_I32: jw_int(w, (int32_t)v); break;
	case K_U16N:
		if (v == MQ_NONE)
			jw_null(w);
		else
			jw_int(w, (int64_t)v);
		break;
	case K_U64:
		snprintf(hex, sizeof hex, "%016" PRIx64, v);
		jw_str(w, hex);
		break;
	case K_U8: case K_U16: case K_U32: jw_uint(w, v); break;
	default:
		if ((int)v < enum_count(kind))
			jw_str(w, enum_name(kind, (int)v));
		else
			jw_uint(w, v); /* no name: refused on reading */
		break;
	}
}

static void put_fields(jw *w, const field *f, int n, const void *base)
{
	jw_obj_begin(w);
	for (int i = 0; i < n; i++) {
		if (!f[i].json)
			continue;
		int wd = width(f[i].kind);
		jw_key(w, f[i].name);
		if (f[i].count > 1)
			jw_arr_begin(w);
		for (int j = 0; j < f[i].count; j++)
			put_value(w, f[i].kind, (const unsigned char *)base + f[i].off + (size_t)j * (size_t)wd);
		if (f[i].count > 1)
			jw_arr_end(w);
	}
	jw_obj_end(w);
}

void mq_state_to_json(const void *data, const void *state, jw *w)
{
	const mq_rules *R = data;
	const mq_state *S = state;
	/* The header's members, then the arrays, in one object. */
	jw_obj_begin(w);
	for (int i = 0; i < NF(head_fields); i++) {
		const field *f = &head_fields[i];
		if (!f->json)
			continue;
		jw_key(w, f->name);
		if (f->count > 1)
			jw_arr_begin(w);
		for (int j = 0; j < f->count; j++)
			put_value(w, f->kind, (const unsigned char *)S + f->off + (size_t)j * (size_t)width(f->kind));
		if (f->count > 1)
			jw_arr_end(w);
	}
	jw_key(w, "seats");
	jw_arr_begin(w);
	for (int s = 0; s < R->seats; s++)
		put_fields(w, seat_fields, NF(seat_fields), &S->seat[s]);
	jw_arr_end(w);
	jw_key(w, "exec");
	put_fields(w, item_fields, NF(item_fields), &S->exec);
	jw_key(w, "stack");
	jw_arr_begin(w);
	for (int i = 0; i < S->nstack && i < MQ_STACK_MAX; i++)
		put_fields(w, item_fields, NF(item_fields), &S->stack[i]);
	jw_arr_end(w);
	jw_key(w, "jobs");
	jw_arr_begin(w);
	for (int i = 0; i < S->njob && i < MQ_JOBS_MAX; i++)
		put_fields(w, job_fields, NF(job_fields), &S->job[i]);
	jw_arr_end(w);
	jw_key(w, "cards");
	jw_arr_begin(w);
	const mq_card *cs = mq_ccards(R, state);
	for (uint32_t c = 0; c < R->ncard; c++)
		put_fields(w, card_fields, NF(card_fields), &cs[c]);
	jw_arr_end(w);
	jw_key(w, "walls");
	jw_arr_begin(w);
	const uint8_t *wl = mq_cwalls(R, state);
	for (int i = 0; i < R->nwall; i++)
		jw_int(w, wl[i]);
	jw_arr_end(w);
	jw_obj_end(w);
}

/* ---- JSON: reading ---- */

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int jerr(const jnode *n, const char *fmt, ...)
{
	char path[JR_PATH_MAX], what[256];
	jr_path(n, path, sizeof path);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return err_set(CRISK_EFORMAT, "%s: %s", path, what);
}

static int get_int(const jnode *n, int64_t lo, int64_t hi, int64_t *out)
{
	if (n->type != JN_NUM || !n->is_int)
		return jerr(n, "expected an integer, found %s", jr_type_name(n));
	if (n->i < lo || n->i > hi)
		return jerr(n, "%" PRId64 " is not in %" PRId64 "..%" PRId64, n->i, lo, hi);
	*out = n->i;
	return CRISK_OK;
}

static int get_value(const jnode *n, int kind, unsigned char *p)
{
	int64_t v = 0;
	int rc = CRISK_OK;
	uint64_t u = 0;
	switch (kind) {
	case K_U8: rc = get_int(n, 0, 255, &v); u = (uint64_t)v; break;
	case K_I8: rc = get_int(n, -128, 127, &v); u = (uint64_t)(uint8_t)(int8_t)v; break;
	case K_U16: rc = get_int(n, 0, 65535, &v); u = (uint64_t)v; break;
	case K_U16N:
		if (n->type == JN_NULL)
			u = MQ_NONE;
		else if (!(rc = get_int(n, 0, 65534, &v)))
			u = (uint64_t)v;
		break;
	case K_I32: rc = get_int(n, INT32_MIN, INT32_MAX, &v); u = (uint64_t)(uint32_t)(int32_t)v; break;
	case K_U32: rc = get_int(n, 0, UINT32_MAX, &v); u = (uint64_t)v; break;
	case K_U64:
		if (n->type != JN_STR || n->len != 16)
			return jerr(n, "expected a string of 16 lowercase hex digits");
		for (int i = 0; i < 16; i++) {
			char c = n->str[i];
			unsigned d;
			if (c >= '0' && c <= '9')
				d = (unsigned)(c - '0');
			else if (c >= 'a' && c <= 'f')
				d = (unsigned)(c - 'a' + 10);
			else
				return jerr(n, "'%s' is not 16 lowercase hex digits", n->str);
			u = u << 4 | d;
		}
		break;
	default: {
		if (n->type != JN_STR)
			return jerr(n, "expected a name, found %s", jr_type_name(n));
		int found = -1;
		for (int i = 0; i < enum_count(kind) && found < 0; i++)
			if (strcmp(n->str, enum_name(kind, i)) == 0)
				found = i;
		if (found < 0)
			return jerr(n, "'%s' is not a known name here", n->str);
		u = (uint64_t)found;
		break;
	}
	}
	if (rc)
		return rc;
	set_native(p, width(kind), u);
	return CRISK_OK;
}

static int need_type(const jnode *n, int type, const char *what)
{
	if (n->type != type)
		return jerr(n, "expected %s, found %s", what, jr_type_name(n));
	return CRISK_OK;
}

/* The json fields of f from object n; the members named in extra (NULL or
 * NULL-terminated) are the caller's. */
static int get_fields(const jnode *n, const field *f, int nf, void *base, const char *const *extra)
{
	int rc = need_type(n, JN_OBJ, "an object");
	if (rc)
		return rc;
	size_t want = 0;
	for (int i = 0; extra && extra[i]; i++)
		want++;
	for (int i = 0; i < nf; i++) {
		if (!f[i].json)
			continue;
		want++;
		const jnode *m = jr_member(n, f[i].name);
		if (!m)
			return jerr(n, "member '%s' is missing", f[i].name);
		int wd = width(f[i].kind);
		if (f[i].count > 1) {
			if ((rc = need_type(m, JN_ARR, "an array")))
				return rc;
			if (m->count != f[i].count)
				return jerr(m, "expected %d values, found %zu", f[i].count, m->count);
		}
		const jnode *v = f[i].count > 1 ? m->first : m;
		for (int j = 0; j < f[i].count; j++, v = v->next)
			if ((rc = get_value(v, f[i].kind, (unsigned char *)base + f[i].off + (size_t)j * (size_t)wd)))
				return rc;
	}
	if (n->count != want)
		for (const jnode *m = n->first; m; m = m->next) {
			int known = 0;
			for (int i = 0; i < nf && !known; i++)
				known = f[i].json && strcmp(m->key, f[i].name) == 0;
			for (int i = 0; extra && extra[i] && !known; i++)
				known = strcmp(m->key, extra[i]) == 0;
			if (!known)
				return jerr(m, "unknown member '%s'", m->key);
		}
	return CRISK_OK;
}

static const jnode *get_array(const jnode *root, const char *key, size_t min, size_t max, int *rc)
{
	const jnode *a = jr_member(root, key);
	if (!a) {
		*rc = jerr(root, "member '%s' is missing", key);
		return NULL;
	}
	if ((*rc = need_type(a, JN_ARR, "an array")))
		return NULL;
	if (a->count < min || a->count > max) {
		*rc = min == max ? jerr(a, "expected %zu entries, found %zu", min, a->count)
				 : jerr(a, "expected %zu to %zu entries, found %zu", min, max, a->count);
		return NULL;
	}
	return a;
}

int mq_state_from_json(const void *data, const struct jnode *root, void *state)
{
	const mq_rules *R = data;
	mq_state *S = state;
	memset(state, 0, R->size);
	int rc;
	static const char *const arrays[] = {"seats", "exec", "stack", "jobs", "cards", "walls", NULL};
	if ((rc = get_fields(root, head_fields, NF(head_fields), S, arrays)))
		return rc;
	const jnode *a;
	if (!(a = get_array(root, "seats", (size_t)R->seats, (size_t)R->seats, &rc)))
		return rc;
	int i = 0;
	for (const jnode *n = a->first; n; n = n->next, i++)
		if ((rc = get_fields(n, seat_fields, NF(seat_fields), &S->seat[i], NULL)))
			return rc;
	const jnode *ex = jr_member(root, "exec");
	if (!ex)
		return jerr(root, "member 'exec' is missing");
	if ((rc = get_fields(ex, item_fields, NF(item_fields), &S->exec, NULL)))
		return rc;
	if (!(a = get_array(root, "stack", 0, MQ_STACK_MAX, &rc)))
		return rc;
	S->nstack = (uint8_t)a->count;
	i = 0;
	for (const jnode *n = a->first; n; n = n->next, i++)
		if ((rc = get_fields(n, item_fields, NF(item_fields), &S->stack[i], NULL)))
			return rc;
	if (!(a = get_array(root, "jobs", 0, MQ_JOBS_MAX, &rc)))
		return rc;
	S->njob = (uint8_t)a->count;
	i = 0;
	for (const jnode *n = a->first; n; n = n->next, i++)
		if ((rc = get_fields(n, job_fields, NF(job_fields), &S->job[i], NULL)))
			return rc;
	if (!(a = get_array(root, "cards", R->ncard, R->ncard, &rc)))
		return rc;
	mq_card *cs = mq_cards(R, state);
	i = 0;
	for (const jnode *n = a->first; n; n = n->next, i++)
		if ((rc = get_fields(n, card_fields, NF(card_fields), &cs[i], NULL)))
			return rc;
	if (!(a = get_array(root, "walls", (size_t)R->nwall, (size_t)R->nwall, &rc)))
		return rc;
	uint8_t *wl = mq_walls(R, state);
	i = 0;
	for (const jnode *n = a->first; n; n = n->next, i++) {
		int64_t v = 0;
		if ((rc = get_int(n, 0, 255, &v)))
			return rc;
		wl[i] = (uint8_t)v;
	}
	derive(R, state);
	return CRISK_OK;
}

/* ---- validation ---- */

#define BAD(...) err_set(CRISK_EFORMAT, __VA_ARGS__)

/* Operand v of an item: MQ_T_NONE or something of these rules. */
static int operand_ok(const mq_rules *R, unsigned v)
{
	if (v == MQ_T_NONE)
		return 1;
	if (v > MQ_T_NONE)
		return 0;
	if (MQ_T_IS_CARD(v))
		return v < R->ncard;
	if (MQ_T_IS_TILE(v))
		return (int)MQ_T_VAL(v) < R->ntile;
	return (int)MQ_T_VAL(v) < R->seats;
}

static int check_item(const mq_rules *R, const mq_item *it, const char *name, int i)
{
	char where[32];
	if (i >= 0)
		snprintf(where, sizeof where, "%s[%d]", name, i);
	else
		snprintf(where, sizeof where, "%s", name);
	if (it->kind > MQ_I_TRIGGER)
		return BAD("%s.kind: %u is not an item kind", where, it->kind);
	if (it->ctrl >= R->seats)
		return BAD("%s.ctrl: seat %u is not in the game", where, it->ctrl);
	if (it->src >= R->ncard)
		return BAD("%s.src: card %u is not in the game (%u cards)", where, it->src, (unsigned)R->ncard);
	if (it->aux > 15)
		return BAD("%s.aux: %u is above 15", where, it->aux);
	unsigned nab = mq_def(R, it->src)->nab;
	switch (it->kind) {
	case MQ_I_FULL:
		if (it->aux != MQ_AB_FARM && it->aux >= nab)
			return BAD("%s.aux: card %u has no ability %u", where, it->src, it->aux);
		break;
	case MQ_I_FREE: case MQ_I_TRIGGER:
		if (it->aux >= nab)
			return BAD("%s.aux: card %u has no ability %u", where, it->src, it->aux);
		break;
	case MQ_I_PLAY: case MQ_I_MOVE:
		if (it->aux > 1)
			return BAD("%s.aux: %u is not 0 or 1", where, it->aux);
		break;
	case MQ_I_SHAKE:
		if (it->aux > 3)
			return BAD("%s.aux: %u is not an allowance 0..3", where, it->aux);
		break;
	default:
		break;
	}
	const uint16_t ops[3] = {it->a, it->b, it->c};
	for (int k = 0; k < 3; k++)
		if (!operand_ok(R, ops[k]))
			return BAD("%s.%c: 0x%04x names no card, tile or seat of this game", where, 'a' + k, ops[k]);
	return CRISK_OK;
}

/* Positions of zone/seat are unique (bits: 65536 bits of scratch). */
static int unique_pos(const mq_rules *R, const mq_card *cs, int zone, int seat, uint8_t *bits)
{
	memset(bits, 0, 8192);
	for (uint32_t c = 0; c < R->ncard; c++) {
		if (cs[c].zone != zone || cs[c].ctrl != seat)
			continue;
		unsigned p = cs[c].pos;
		if (bits[p >> 3] & (1u << (p & 7)))
			return BAD("cards[%u].pos: position %u of the %s of seat %d is taken twice", (unsigned)c, p,
				   mq_zone_name(zone), seat);
		bits[p >> 3] |= (uint8_t)(1u << (p & 7));
	}
	return CRISK_OK;
}

static int check_cards(const mq_rules *R, const mq_state *S)
{
	const mq_card *cs = mq_ccards(R, S);
	const uint16_t *occ = mq_cocc(R, S);
	const uint8_t *wl = mq_cwalls(R, S);
	static _Thread_local uint8_t bits[8192];
	uint8_t ncrew[MQ_CARDS_MAX], nequip[MQ_CARDS_MAX], nplay[MQ_CARDS_MAX];
	memset(ncrew, 0, sizeof ncrew);
	memset(nequip, 0, sizeof nequip);
	memset(nplay, 0, sizeof nplay);
	for (uint32_t c = 0; c < R->ncard; c++) {
		const mq_card *x = &cs[c];
		const mqd_card *d = mq_def(R, c);
		if (x->zone >= MQ_Z_COUNT)
			return BAD("cards[%u].zone: %u is not a zone", (unsigned)c, x->zone);
		if (x->owner >= R->seats)
			return BAD("cards[%u].owner: seat %u is not in the game", (unsigned)c, x->owner);
		if (x->ctrl >= R->seats)
			return BAD("cards[%u].ctrl: seat %u is not in the game", (unsigned)c, x->ctrl);
		if (c >= R->npool && x->owner != R->card[c].owner)
			return BAD("cards[%u].owner: seat %u, but the card came from seat %u", (unsigned)c, x->owner,
				   R->card[c].owner);
		if ((x->zone == MQ_Z_EXILE || R->card[c].zone == MQ_Z_MAP) && R->card[c].zone != MQ_Z_MAP)
			return BAD("cards[%u].zone: only cards the map created go to exile", (unsigned)c);
		if (R->card[c].zone == MQ_Z_MAP && x->zone != MQ_Z_MAP && x->zone != MQ_Z_EXILE)
			return BAD("cards[%u].zone: a card the map created is on the map or in exile", (unsigned)c);
		for (unsigned a = 0; a < 8; a++)
			if ((x->trig & (1u << a)) &&
			    (a >= d->nab || R->db->abilities[d->ab0 + a].kind != MQD_AB_UPKEEP))
				return BAD("cards[%u].trig: ability %u is not an upkeep ability of %s", (unsigned)c, a,
					   mqd_str(R->db, d->name));
		if (x->zone != MQ_Z_MAP) {
			if (x->up != MQ_NONE)
				return BAD("cards[%u].up: only permanents on the map are in piles", (unsigned)c);
			if (x->flags)
				return BAD("cards[%u].flags: only permanents on the map have flags", (unsigned)c);
		}
		switch (x->zone) {
		case MQ_Z_POOL: case MQ_Z_DRAFT: case MQ_Z_PICKED:
			if (c >= R->npool)
				return BAD("cards[%u].zone: only the %u pool cards are drafted", (unsigned)c,
					   (unsigned)R->npool);
			if (x->zone == MQ_Z_POOL && (x->pos >= R->npool || x->ctrl != 0))
				return BAD("cards[%u].pos: pool position %u is not below %u", (unsigned)c, x->pos,
					   (unsigned)R->npool);
			if (x->zone == MQ_Z_DRAFT && x->pos >= R->npile)
				return BAD("cards[%u].pos: pile %u is not below %u", (unsigned)c, x->pos, (unsigned)R->npile);
			if (x->zone == MQ_Z_PICKED && x->owner != x->ctrl)
				return BAD("cards[%u].owner: a picked card belongs to the seat that picked it", (unsigned)c);
			break;
		case MQ_Z_OUT:
			break;
		case MQ_Z_STACK:
			if (d->type == MQD_BOSS)
				return BAD("cards[%u].zone: a boss is never played", (unsigned)c);
			/* fall through */
		case MQ_Z_STORE: case MQ_Z_DECK: case MQ_Z_HAND: case MQ_Z_DISCARD: case MQ_Z_PENDING: case MQ_Z_EXILE:
			if (x->pos >= 0xFF00u)
				return BAD("cards[%u].pos: %u is too large", (unsigned)c, x->pos);
			if (x->zone == MQ_Z_PENDING && d->type != MQD_EQUIPMENT)
				return BAD("cards[%u].zone: only equipment waits in the pending area", (unsigned)c);
			break;
		default: { /* MQ_Z_MAP */
			if (d->type == MQD_SPELL)
				return BAD("cards[%u].zone: a spell is never on the map", (unsigned)c);
			if (x->flags & 0x80)
				return BAD("cards[%u].flags: bit 0x80 is not a flag", (unsigned)c);
			if (x->up == MQ_NONE) {
				if (x->pos >= R->ntile)
					return BAD("cards[%u].pos: tile %u is not on the map (%d tiles)", (unsigned)c, x->pos,
						   R->ntile);
				if (!(x->flags & MQ_F_DROP) && occ[x->pos] != c)
					return BAD("cards[%u].pos: tile %u holds another permanent", (unsigned)c, x->pos);
				if (!(x->flags & MQ_F_DROP) && R->wall[x->pos] >= 0 && wl[R->wall[x->pos]] < 10)
					return BAD("cards[%u].pos: tile %u is a standing wall", (unsigned)c, x->pos);
				break;
			}
			unsigned u = x->up;
			if (u >= R->ncard || u == c)
				return BAD("cards[%u].up: %u is not another card of the game", (unsigned)c, u);
			if (cs[u].zone != MQ_Z_MAP)
				return BAD("cards[%u].up: card %u is not on the map", (unsigned)c, u);
			if (x->pos != MQ_NONE)
				return BAD("cards[%u].pos: a member of a pile holds no tile", (unsigned)c);
			if (x->flags & MQ_F_DROP)
				return BAD("cards[%u].flags: a member of a pile does not wait for a drop", (unsigned)c);
			unsigned v = cs[u].up;
			if (v != MQ_NONE && (v >= R->ncard || v == c || cs[v].zone != MQ_Z_MAP || cs[v].up != MQ_NONE))
				return BAD("cards[%u].up: piles are at most two levels deep", (unsigned)c);
			if (!mq_is_unitlike(R, u))
				return BAD("cards[%u].up: card %u is not a unit or boss", (unsigned)c, u);
			if (d->type == MQD_EQUIPMENT) {
				if (++nequip[u] > MQ_EQUIP_MAX)
					return BAD("cards[%u].up: card %u has more than %d pieces of equipment", (unsigned)c, u,
						   MQ_EQUIP_MAX);
			} else if (d->type == MQD_UNIT) {
				if (++ncrew[u] > mq_kw(R, u, MQD_KW_CREW) || !mq_kw(R, u, MQD_KW_CREW))
					return BAD("cards[%u].up: card %u has no room for crew (Crew %d)", (unsigned)c, u,
						   mq_kw(R, u, MQD_KW_CREW));
			} else
				return BAD("cards[%u].up: only units and equipment join piles", (unsigned)c);
			break;
		}
		}
	}
	for (uint32_t c = 0; c < R->ncard; c++)
		if (cs[c].zone == MQ_Z_MAP && cs[c].up != MQ_NONE && mq_def(R, c)->type == MQD_UNIT && ncrew[c])
			return BAD("cards[%u].up: a unit carrying crew cannot be crew", (unsigned)c);
	for (int t = 0; t < R->ntile; t++) {
		unsigned o = occ[t];
		if (o != MQ_NONE && (o >= R->ncard || cs[o].zone != MQ_Z_MAP || cs[o].up != MQ_NONE ||
				     (cs[o].flags & MQ_F_DROP) || cs[o].pos != t))
			return BAD("occupancy[%d]: card %u does not stand there", t, o);
	}
	for (int z = 0; z < MQ_Z_COUNT; z++)
		for (int w = 0; w < R->nbw; w++) {
			uint64_t want = 0;
			for (uint32_t c = (uint32_t)w * 64; c < R->ncard && c < (uint32_t)w * 64 + 64; c++)
				want |= (uint64_t)(cs[c].zone == z) << (c & 63);
			if (mq_cbits(R, S, z)[w] != want)
				return BAD("the bitmap of zone %s does not match the cards (word %d)", mq_zone_name(z), w);
		}
	static const int ordered[] = {MQ_Z_DECK, MQ_Z_HAND, MQ_Z_PENDING};
	for (int z = 0; z < 3; z++)
		for (int s = 0; s < R->seats; s++) {
			int rc = unique_pos(R, cs, ordered[z], s, bits);
			if (rc)
				return rc;
		}
	int rc = unique_pos(R, cs, MQ_Z_POOL, 0, bits);
	if (rc)
		return rc;
	/* Cards being played: one play item each. */
	for (int i = 0; i < S->nstack; i++) {
		const mq_item *it = &S->stack[i];
		if (it->kind != MQ_I_PLAY)
			continue;
		if (cs[it->src].zone != MQ_Z_STACK)
			return BAD("stack[%d].src: card %u is played but not on the stack", i, it->src);
		if (nplay[it->src]++)
			return BAD("stack[%d].src: card %u is played twice", i, it->src);
	}
	int executing = 0;
	for (int j = 0; j < S->njob; j++)
		executing |= S->job[j].kind == MQ_J_EXEC;
	if (executing && S->exec.kind == MQ_I_PLAY && cs[S->exec.src].zone == MQ_Z_STACK && nplay[S->exec.src]++)
		return BAD("exec.src: card %u is on the stack too", S->exec.src);
	for (uint32_t c = 0; c < R->ncard; c++)
		if (cs[c].zone == MQ_Z_STACK && !nplay[c])
			return BAD("cards[%u].zone: on the stack without a play item", (unsigned)c);
	if (S->activated != MQ_NONE) {
		unsigned a = S->activated;
		if (a >= R->ncard || !mq_on_map(&cs[a]) || (cs[a].flags & MQ_F_TAPPED))
			return BAD("activated: card %u is not an untapped permanent on the map", a);
	}
	return CRISK_OK;
}

/* Steps of the ability an item executes, -1 for none. */
static int exec_steps(const mq_rules *R, const mq_item *it)
{
	const mqd_ability *ab = mq_item_ability(R, it);
	return ab ? ab->nstep : -1;
}

static int check_jobs(const mq_rules *R, const mq_state *S)
{
	const mq_card *cs = mq_ccards(R, S);
	int P = R->players, ndraft = 0, nexec = 0;
	for (int i = 0; i < S->njob; i++) {
		const mq_job *j = &S->job[i];
		int zero_bcd = !j->b && !j->c && !j->d;
		switch (j->kind) {
		case MQ_J_TURN:
			if (i != 0)
				return BAD("jobs[%d].kind: the turn is the bottom job only", i);
			if (j->a > 9 || !zero_bcd)
				return BAD("jobs[%d]: turn step %u is not 0..9 (or stray arguments)", i, j->a);
			break;
		case MQ_J_DRAFT: {
			unsigned per = R->draft == MQ_DRAFT_PACK ? (unsigned)R->dt : 1u;
			if (R->draft == MQ_DRAFT_NONE || ndraft++)
				return BAD("jobs[%d].kind: no draft here", i);
			if (j->b == MQ_NONE) {
				if (j->a || j->c || j->d)
					return BAD("jobs[%d]: a draft not dealt yet has no arguments", i);
			} else if (j->b != MQ_NONE - 1) {
				if ((uint32_t)j->b * (uint32_t)P >= R->npile || (R->draft == MQ_DRAFT_PACK && j->c >= P) ||
				    j->d > P || j->a >= per)
					return BAD("jobs[%d]: draft round %u, wave %u, seat %u, pick %u out of range", i, j->b,
						   j->c, j->d, j->a);
			}
			break;
		}
		case MQ_J_PRIORITY:
			if (j->a > 1 || (j->a == 0 && !zero_bcd))
				return BAD("jobs[%d]: priority takes a = 0 or 1", i);
			/* The action phase keeps the AI's progress (mq_ai.c): b = the
			 * activated permanent + 1 (bit 15: the cards step, bit 14: seat
			 * K's cards step is over), c = step |
			 * mode << 8, d = a pick + 1. */
			if ((j->b & 0x3FFFu) > R->ncard || (j->c & 0xFF) > 5 || (j->c >> 8) > 2 || j->d > MQD_MAP_SIDE_MAX * MQD_MAP_SIDE_MAX)
				return BAD("jobs[%d]: the AI's progress b = %u, c = %u, d = %u is out of range", i, j->b, j->c,
					   j->d);
			break;
		case MQ_J_EXEC: {
			if (nexec++)
				return BAD("jobs[%d].kind: one item executes at a time", i);
			/* mq_exec.c: b = stage (0 start, 1 steps), a = the next step of the item's ability. */
			int nstep = exec_steps(R, &S->exec);
			if (j->b > 1 || j->c || j->d || (j->b == 0 && j->a) || (j->b == 1 && (nstep < 0 || j->a > nstep)))
				return BAD("jobs[%d]: execution stage %u, step %u out of range", i, j->b, j->a);
			break;
		}
		case MQ_J_DRAW: case MQ_J_DRAWTO:
			if (j->a >= R->seats || j->c || j->d)
				return BAD("jobs[%d].a: seat %u is not in the game", i, j->a);
			break;
		case MQ_J_SHUFFLE:
			if ((j->a != MQ_Z_DECK && j->a != MQ_Z_POOL) || j->b >= R->seats || j->d ||
			    (j->a == MQ_Z_POOL && j->b != 0))
				return BAD("jobs[%d]: a shuffle of zone %u of seat %u", i, j->a, j->b);
			if (j->c >= mq_zone_count(R, S, j->a, j->b))
				return BAD("jobs[%d].c: %u is not below the %u cards shuffled", i, j->c,
					   mq_zone_count(R, S, j->a, j->b));
			break;
		case MQ_J_TRIGGERS:
			if (j->a >= R->seats || j->b > 1 || j->c || j->d)
				return BAD("jobs[%d]: triggers of seat %u, b = %u", i, j->a, j->b);
			break;
		case MQ_J_DROPS:
			if (j->a >= R->seats || !zero_bcd)
				return BAD("jobs[%d]: stray arguments", i);
			break;
		case MQ_J_CHECKS: case MQ_J_UPKEEP: case MQ_J_BUY: case MQ_J_CLEANUP:
			if (j->a || !zero_bcd)
				return BAD("jobs[%d]: %s takes no arguments", i, mq_job_name(j->kind));
			break;
		default:
			return BAD("jobs[%d].kind: %u is not a job", i, j->kind);
		}
	}
	if (S->status != CRISK_STATUS_RUNNING) {
		if (S->njob || S->nstack || S->dp != MQ_DP_NONE || S->cur != CRISK_SEAT_NONE || S->phase != MQ_PH_OVER ||
		    S->chance_k)
			return BAD("status: an ended game has no jobs, stack, decision or chance");
		if (S->status == CRISK_STATUS_WON ? S->winner < 0 || S->winner >= R->seats : S->winner != -1)
			return BAD("winner: %d does not fit status %s", S->winner, status_name(S->status));
		return CRISK_OK;
	}
	if (S->winner != -1)
		return BAD("winner: a running game has none");
	if (!S->njob || S->job[0].kind != MQ_J_TURN)
		return BAD("jobs: a running game has the turn at the bottom");
	if (S->phase == MQ_PH_OVER)
		return BAD("phase: over in a running game");
	const mq_job *top = &S->job[S->njob - 1];
	if (S->dp == MQ_DP_CHANCE) {
		if (!R->explicit_chance || S->chance_k < 2 || S->cur != CRISK_SEAT_CHANCE)
			return BAD("decision: a chance point needs chance=explicit, chance_k >= 2 and the chance seat");
		if (top->kind == MQ_J_SHUFFLE && S->chance_k != (uint32_t)top->c + 1)
			return BAD("chance_k: %u does not fit the shuffle (%u)", (unsigned)S->chance_k, top->c + 1u);
		if (S->chance_k > MQ_CARDS_MAX)
			return BAD("chance_k: %u outcomes, at most %d", (unsigned)S->chance_k, MQ_CARDS_MAX);
		return CRISK_OK;
	}
	if (S->chance_k)
		return BAD("chance_k: %u without a chance point", (unsigned)S->chance_k);
	if (S->cur < 0 || S->cur >= P || S->seat[S->cur].out)
		return BAD("current_seat: %d cannot decide", S->cur);
	int want_kind = -1, want_seat = S->active;
	switch (S->dp) {
	case MQ_DP_PICK:
		want_kind = MQ_J_DRAFT;
		if (top->kind == MQ_J_DRAFT && (top->b >= MQ_NONE - 1 || top->d >= P))
			return BAD("decision: no pick is due in this draft");
		want_seat = top->kind == MQ_J_DRAFT ? top->d : -1;
		break;
	case MQ_DP_TRIGGER:
		want_kind = MQ_J_TRIGGERS;
		want_seat = top->a;
		break;
	case MQ_DP_UPKEEP: want_kind = MQ_J_UPKEEP; break;
	case MQ_DP_PRIORITY:
		want_kind = MQ_J_PRIORITY;
		want_seat = S->prio;
		break;
	case MQ_DP_DROP: {
		want_kind = MQ_J_DROPS;
		unsigned c = mq_next_drop(R, S);
		if (c == MQ_NONE)
			return BAD("decision: a drop without a permanent waiting for it");
		want_seat = cs[c].ctrl;
		break;
	}
	case MQ_DP_BUY: want_kind = MQ_J_BUY; break;
	case MQ_DP_CLEANUP: want_kind = MQ_J_CLEANUP; break;
	default:
		return BAD("decision: %s in a running game", mq_dp_name(S->dp));
	}
	if (top->kind != want_kind)
		return BAD("decision: %s does not fit the top job %s", mq_dp_name(S->dp), mq_job_name(top->kind));
	if (S->cur != want_seat)
		return BAD("current_seat: %d, but seat %d decides", S->cur, want_seat);
	return CRISK_OK;
}

int mq_state_check(const void *data, const void *state)
{
	const mq_rules *R = data;
	const mq_state *S = state;
	if (S->status > CRISK_STATUS_ENDED)
		return BAD("status: %u is not a status", S->status);
	if (S->dp > MQ_DP_CLEANUP)
		return BAD("decision: %u is not a decision point", S->dp);
	if (S->phase > MQ_PH_OVER)
		return BAD("phase: %u is not a phase", S->phase);
	if (S->cur != CRISK_SEAT_CHANCE && S->cur != CRISK_SEAT_NONE && (S->cur < 0 || S->cur >= R->seats))
		return BAD("current_seat: %d is not a seat", S->cur);
	if (S->active >= R->seats || S->prio >= R->seats)
		return BAD("active_seat, priority_seat: %u, %u are not both seats", S->active, S->prio);
	if (S->passes > R->seats)
		return BAD("passes: %u is above the %d seats", S->passes, R->seats);
	if (S->round < 0 || S->turn < (S->phase == MQ_PH_DRAFT ? 0 : 1))
		return BAD("round, turn: %d, %d are not a round >= 0 and a turn >= 1 (0 in the draft)", (int)S->round,
			   (int)S->turn);
	if (S->phase == MQ_PH_DRAFT && S->round != 0)
		return BAD("round: %d during the draft", (int)S->round);
	if (S->nstack > MQ_STACK_MAX)
		return BAD("stack: %u items, at most %d", S->nstack, MQ_STACK_MAX);
	if (S->njob > MQ_JOBS_MAX)
		return BAD("jobs: %u jobs, at most %d", S->njob, MQ_JOBS_MAX);
	if (S->chance_given)
		return BAD("chance_given: %u, but a given outcome is used at once", S->chance_given);
	for (int s = 0; s < R->seats; s++) {
		const mq_seat *p = &S->seat[s];
		if (p->res < 0 || p->res > MQ_RES_MAX)
			return BAD("seats[%d].resource: %d is not in 0..%d", s, (int)p->res, MQ_RES_MAX);
		if (p->out > 1 || p->bought > 1)
			return BAD("seats[%d]: out and bought are 0 or 1", s);
	}
	int rc = check_item(R, &S->exec, "exec", -1);
	for (int i = 0; !rc && i < S->nstack; i++)
		rc = check_item(R, &S->stack[i], "stack", i);
	if (!rc)
		rc = check_cards(R, S);
	if (!rc)
		rc = check_jobs(R, S);
	return rc;
}

/* A field added to these structs needs its place in the tables above (and
 * in docs/save-format.md, and a new module version). */
_Static_assert(sizeof(mq_card) == 28, "mq_card changed: update card_fields");
_Static_assert(sizeof(mq_item) == 12, "mq_item changed: update item_fields");
_Static_assert(sizeof(mq_job) == 8, "mq_job changed: update job_fields");
_Static_assert(sizeof(mq_seat) == 8, "mq_seat changed: update seat_fields");
_Static_assert(sizeof(mq_state) == 536, "mq_state changed: update head_fields");
