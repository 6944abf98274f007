/* The kernel state as exact JSON (the "state" member of a JSON save): the
 * fields of state_io.h by name, "seats" as an array of seat objects, and the
 * node and path bytes as arrays.  Reading is strict: every member present,
 * none unknown, every value of its type and width; errors name the JSON path.
 * Whether the values make sense together is kern_state_check's job. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../core/error.h"
#include "state_io.h"

/* ---- writing ---- */

static void put_value(jw *w, int kind, const unsigned char *p)
{
	char hex[24];
	switch (kind) {
	case SF_U8:
		jw_int(w, *p);
		break;
	case SF_I8:
		jw_int(w, *(const int8_t *)p);
		break;
	case SF_U16: {
		uint16_t v;
		memcpy(&v, p, 2);
		jw_int(w, v);
		break;
	}
	case SF_I32: {
		int32_t v;
		memcpy(&v, p, 4);
		jw_int(w, v);
		break;
	}
	case SF_U64: {
		uint64_t v;
		memcpy(&v, p, 8);
		snprintf(hex, sizeof hex, "%016" PRIx64, v);
		jw_str(w, hex);
		break;
	}
	case SF_PHASE:
		jw_str(w, kern_dp_name(*p));
		break;
	default:
		jw_str(w, sf_status_name(*p));
		break;
	}
}

static void put_fields(jw *w, const sfield *f, int n, const unsigned char *base)
{
	for (int i = 0; i < n; i++) {
		int width = sf_width(f[i].kind);
		jw_key(w, f[i].name);
		if (f[i].count > 1)
			jw_arr_begin(w);
		for (int j = 0; j < f[i].count; j++)
			put_value(w, f[i].kind, base + f[i].off + (size_t)j * (size_t)width);
		if (f[i].count > 1)
			jw_arr_end(w);
	}
}

static void put_bytes(jw *w, const char *key, const uint8_t *v, int n)
{
	jw_key(w, key);
	jw_arr_begin(w);
	for (int i = 0; i < n; i++)
		jw_int(w, v[i]);
	jw_arr_end(w);
}

void kern_state_to_json(const kern *k, const void *st, jw *w)
{
	jw_obj_begin(w);
	put_fields(w, kern_head_fields, kern_n_head_fields, st);
	jw_key(w, "seats");
	jw_arr_begin(w);
	for (int s = 0; s < k->seats; s++) {
		jw_obj_begin(w);
		put_fields(w, kern_seat_fields, kern_n_seat_fields, (const unsigned char *)kseat_of(k, st, s));
		jw_obj_end(w);
	}
	jw_arr_end(w);
	if (k->owners > k->seats) { /* non-seat owners, same fields */
		jw_key(w, "neutrals");
		jw_arr_begin(w);
		for (int s = k->seats; s < k->owners; s++) {
			jw_obj_begin(w);
			put_fields(w, kern_seat_fields, kern_n_seat_fields, (const unsigned char *)kseat_of(k, st, s));
			jw_obj_end(w);
		}
		jw_arr_end(w);
	}
	put_bytes(w, "nodes", knodes(k, st), k->b.n_node);
	put_bytes(w, "paths", kpaths(k, st), k->b.n_path);
	if (k->hk.n_ext_fields) {
		jw_key(w, "ext");
		jw_obj_begin(w);
		put_fields(w, k->hk.ext_fields, k->hk.n_ext_fields, kext(k, st));
		jw_obj_end(w);
	}
	jw_obj_end(w);
}

/* ---- reading ---- */

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int jerr(const jnode *n, const char *member, const char *fmt, ...)
{
	char path[JR_PATH_MAX], what[256];
	jr_path(n, path, sizeof path);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (member)
		return err_set(CRISK_EFORMAT, "%s.%s: %s", path, member, what);
	return err_set(CRISK_EFORMAT, "%s: %s", path, what);
}

static int get_int(const jnode *n, int64_t lo, int64_t hi, int64_t *out)
{
	if (n->type != JN_NUM || !n->is_int)
		return jerr(n, NULL, "expected an integer, found %s", jr_type_name(n));
	if (n->i < lo || n->i > hi)
		return jerr(n, NULL, "%" PRId64 " is not in %" PRId64 "..%" PRId64, n->i, lo, hi);
	*out = n->i;
	return CRISK_OK;
}

static int get_hex64(const jnode *n, uint64_t *out)
{
	if (n->type != JN_STR || n->len != 16)
		return jerr(n, NULL, "expected a string of 16 hex digits");
	uint64_t v = 0;
	for (int i = 0; i < 16; i++) {
		char c = n->str[i];
		unsigned d;
		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else
			return jerr(n, NULL, "'%s' is not 16 lowercase hex digits", n->str);
		v = v << 4 | d;
	}
	*out = v;
	return CRISK_OK;
}

static int get_name(const jnode *n, const char *what, const char *(*name)(int), int count, int *out)
{
	if (n->type != JN_STR)
		return jerr(n, NULL, "expected a %s name, found %s", what, jr_type_name(n));
	for (int i = 0; i < count; i++) {
		if (name(i) && strcmp(n->str, name(i)) == 0) {
			*out = i;
			return CRISK_OK;
		}
	}
	return jerr(n, NULL, "'%s' is not a %s", n->str, what);
}

/* Numbers without a phase have no name: kern_dp_name's "unknown" is not one. */
static const char *dp_name(int i)
{
	const char *name = kern_dp_name(i);
	return strcmp(name, "unknown") != 0 ? name : NULL;
}

static const char *status_name(int i)
{
	return sf_status_name(i);
}

static int get_value(const jnode *n, int kind, unsigned char *p)
{
	int64_t v = 0;
	int e = 0, rc;
	switch (kind) {
	case SF_U8:
		if ((rc = get_int(n, 0, 255, &v)))
			return rc;
		*p = (unsigned char)v;
		return CRISK_OK;
	case SF_I8:
		if ((rc = get_int(n, -128, 127, &v)))
			return rc;
		*(int8_t *)p = (int8_t)v;
		return CRISK_OK;
	case SF_U16: {
		if ((rc = get_int(n, 0, 65535, &v)))
			return rc;
		uint16_t x = (uint16_t)v;
		memcpy(p, &x, 2);
		return CRISK_OK;
	}
	case SF_I32: {
		if ((rc = get_int(n, INT32_MIN, INT32_MAX, &v)))
			return rc;
		int32_t x = (int32_t)v;
		memcpy(p, &x, 4);
		return CRISK_OK;
	}
	case SF_U64: {
		uint64_t x = 0;
		if ((rc = get_hex64(n, &x)))
			return rc;
		memcpy(p, &x, 8);
		return CRISK_OK;
	}
	case SF_PHASE:
		if ((rc = get_name(n, "phase", dp_name, DP_COUNT, &e)))
			return rc;
		*p = (unsigned char)e;
		return CRISK_OK;
	default:
		if ((rc = get_name(n, "status (running, won, ended)", status_name, 3, &e)))
			return rc;
		*p = (unsigned char)e;
		return CRISK_OK;
	}
}

static int need_array(const jnode *n, size_t count)
{
	if (n->type != JN_ARR)
		return jerr(n, NULL, "expected an array of %zu, found %s", count, jr_type_name(n));
	if (n->count != count)
		return jerr(n, NULL, "expected %zu elements, found %zu", count, n->count);
	return CRISK_OK;
}

/* Members of obj other than the table's and the extra names are errors. */
static int no_unknown(const jnode *obj, const sfield *f, int n, const char *const *extra)
{
	for (const jnode *c = obj->first; c; c = c->next) {
		int found = 0;
		for (int i = 0; i < n && !found; i++)
			found = strcmp(c->key, f[i].name) == 0;
		for (int i = 0; extra && extra[i] && !found; i++)
			found = strcmp(c->key, extra[i]) == 0;
		if (!found)
			return jerr(c, NULL, "unknown member");
	}
	return CRISK_OK;
}

static const jnode *member(const jnode *obj, const char *name, int *rc)
{
	const jnode *m = jr_member(obj, name);
	if (!m)
		*rc = jerr(obj, name, "missing");
	return m;
}

static int get_fields(const jnode *obj, const sfield *f, int n, unsigned char *base)
{
	for (int i = 0; i < n; i++) {
		int rc = CRISK_OK, width = sf_width(f[i].kind);
		const jnode *m = member(obj, f[i].name, &rc);
		if (!m)
			return rc;
		if (f[i].count == 1) {
			rc = get_value(m, f[i].kind, base + f[i].off);
		} else {
			rc = need_array(m, f[i].count);
			size_t j = 0;
			for (const jnode *e = m->first; e && !rc; e = e->next, j++)
				rc = get_value(e, f[i].kind, base + f[i].off + j * (size_t)width);
		}
		if (rc)
			return rc;
	}
	return CRISK_OK;
}

static int get_bytes(const jnode *obj, const char *name, uint8_t *out, int count)
{
	int rc = CRISK_OK;
	const jnode *m = member(obj, name, &rc);
	if (!m)
		return rc;
	if ((rc = need_array(m, (size_t)count)))
		return rc;
	size_t j = 0;
	for (const jnode *e = m->first; e; e = e->next, j++) {
		int64_t v = 0;
		if ((rc = get_int(e, 0, 255, &v)))
			return rc;
		out[j] = (uint8_t)v;
	}
	return CRISK_OK;
}

int kern_state_from_json(const kern *k, const jnode *root, void *st)
{
	static const char *const extra_ext[] = {"seats", "nodes", "paths", "ext", NULL};
	static const char *const extra_plain[] = {"seats", "nodes", "paths", NULL};
	static const char *const extra_neutral[] = {"seats", "nodes", "paths", "ext", "neutrals", NULL};
	const char *const *extra = k->owners > k->seats ? extra_neutral : k->hk.n_ext_fields ? extra_ext : extra_plain;
	memset(st, 0, k->size);
	if (root->type != JN_OBJ)
		return jerr(root, NULL, "expected an object, found %s", jr_type_name(root));
	int rc = no_unknown(root, kern_head_fields, kern_n_head_fields, extra);
	if (!rc)
		rc = get_fields(root, kern_head_fields, kern_n_head_fields, st);
	if (rc)
		return rc;
	const jnode *seats = member(root, "seats", &rc);
	if (!seats)
		return rc;
	if ((rc = need_array(seats, (size_t)k->seats)))
		return rc;
	int s = 0;
	for (const jnode *o = seats->first; o; o = o->next, s++) {
		if (o->type != JN_OBJ)
			return jerr(o, NULL, "expected an object, found %s", jr_type_name(o));
		unsigned char *base = (unsigned char *)kseat_of(k, st, s);
		if ((rc = no_unknown(o, kern_seat_fields, kern_n_seat_fields, NULL)) ||
		    (rc = get_fields(o, kern_seat_fields, kern_n_seat_fields, base)))
			return rc;
	}
	if (k->owners > k->seats) {
		const jnode *neutrals = member(root, "neutrals", &rc);
		if (!neutrals)
			return rc;
		if ((rc = need_array(neutrals, (size_t)(k->owners - k->seats))))
			return rc;
		s = k->seats;
		for (const jnode *o = neutrals->first; o; o = o->next, s++) {
			if (o->type != JN_OBJ)
				return jerr(o, NULL, "expected an object, found %s", jr_type_name(o));
			unsigned char *base = (unsigned char *)kseat_of(k, st, s);
			if ((rc = no_unknown(o, kern_seat_fields, kern_n_seat_fields, NULL)) ||
			    (rc = get_fields(o, kern_seat_fields, kern_n_seat_fields, base)))
				return rc;
		}
	}
	if ((rc = get_bytes(root, "nodes", knodes(k, st), k->b.n_node)) ||
	    (rc = get_bytes(root, "paths", kpaths(k, st), k->b.n_path)))
		return rc;
	if (k->hk.n_ext_fields) {
		const jnode *ext = member(root, "ext", &rc);
		if (!ext)
			return rc;
		if (ext->type != JN_OBJ)
			return jerr(ext, NULL, "expected an object, found %s", jr_type_name(ext));
		if ((rc = no_unknown(ext, k->hk.ext_fields, k->hk.n_ext_fields, NULL)) ||
		    (rc = get_fields(ext, k->hk.ext_fields, k->hk.n_ext_fields, kext(k, st))))
			return rc;
	}
	kern_state_derive(k, st);
	return CRISK_OK;
}
