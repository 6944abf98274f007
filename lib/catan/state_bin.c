/* The kernel state's field table and its portable binary form: every field
 * little-endian at its own width, in table order, without padding, so saves
 * do not depend on the compiler's struct layout or the platform's byte order. */
#include <string.h>

#include "state_io.h"

#define HF(name, kind, count, member) {name, kind, count, (uint16_t)offsetof(kstate, member)}
#define SF(name, kind, count, member) {name, kind, count, (uint16_t)offsetof(kseat, member)}

const sfield kern_head_fields[] = {
	HF("rng", SF_U64, 4, rng.s),
	HF("offer", SF_U64, 1, offer),
	HF("turn", SF_I32, 1, turn),
	HF("robber", SF_U16, 1, robber),
	HF("setup_node", SF_U16, 1, setup_node),
	HF("offers_made", SF_U16, 1, offers_made),
	HF("phase", SF_PHASE, 1, dp),
	HF("return_phase", SF_PHASE, 1, ret),
	HF("current_seat", SF_I8, 1, cur),
	HF("active_seat", SF_U8, 1, active),
	HF("status", SF_STATUS, 1, status),
	HF("winner", SF_I8, 1, winner),
	HF("dice", SF_U8, 2, dice),
	HF("setup_step", SF_U8, 1, step),
	HF("card_played", SF_U8, 1, card_played),
	HF("free_roads", SF_U8, 1, free_roads),
	HF("picks", SF_U8, 1, picks),
	HF("victim", SF_I8, 1, victim),
	HF("longest_road", SF_I8, 1, lr),
	HF("largest_army", SF_I8, 1, la),
	HF("answered", SF_U8, 1, answered),
	HF("accepted", SF_U8, 1, accepted),
	HF("bank", SF_U8, MAX_GOODS, bank),
	HF("deck", SF_U8, NUM_DEV, deck),
	HF("knight", SF_U8, 1, knight),
	HF("part_owner", SF_I8, 1, part_owner),
};
const int kern_n_head_fields = (int)(sizeof kern_head_fields / sizeof kern_head_fields[0]);

const sfield kern_seat_fields[] = {
	SF("hand", SF_U8, MAX_GOODS, hand),
	SF("cards", SF_U8, 1, cards),
	SF("owe", SF_U8, 1, owe),
	SF("dev", SF_U8, NUM_DEV, dev),
	SF("dev_new", SF_U8, NUM_DEV, dev_new),
	SF("knights", SF_U8, 1, knights),
	SF("supply", SF_U8, 3, supply),
	SF("road_length", SF_U8, 1, road_len),
	SF("harbors", SF_U8, 1, harbors),
};
const int kern_n_seat_fields = (int)(sizeof kern_seat_fields / sizeof kern_seat_fields[0]);

int sf_width(int kind)
{
	switch (kind) {
	case SF_U16:
		return 2;
	case SF_I32:
		return 4;
	case SF_U64:
		return 8;
	default:
		return 1;
	}
}

const char *sf_status_name(int status)
{
	static const char *const names[] = {"running", "won", "ended"};
	return status >= 0 && status <= 2 ? names[status] : "unknown";
}

static size_t fields_bytes(const sfield *f, int n)
{
	size_t total = 0;
	for (int i = 0; i < n; i++)
		total += (size_t)sf_width(f[i].kind) * f[i].count;
	return total;
}

size_t kern_state_bytes(const kern *k)
{
	return fields_bytes(kern_head_fields, kern_n_head_fields) +
	       (size_t)k->owners * fields_bytes(kern_seat_fields, kern_n_seat_fields) + (size_t)k->b.n_node +
	       (size_t)k->b.n_path + fields_bytes(k->hk.ext_fields, k->hk.n_ext_fields);
}

/* Native integer of width w at p <-> little-endian bytes. */
static void put_le(uint8_t *out, const unsigned char *p, int w)
{
	uint64_t v = 0;
	switch (w) {
	case 1: v = *p; break;
	case 2: { uint16_t x; memcpy(&x, p, 2); v = x; break; }
	case 4: { uint32_t x; memcpy(&x, p, 4); v = x; break; }
	default: memcpy(&v, p, 8); break;
	}
	for (int i = 0; i < w; i++)
		out[i] = (uint8_t)(v >> (8 * i));
}

static void get_le(unsigned char *p, const uint8_t *in, int w)
{
	uint64_t v = 0;
	for (int i = 0; i < w; i++)
		v |= (uint64_t)in[i] << (8 * i);
	switch (w) {
	case 1: *p = (unsigned char)v; break;
	case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
	case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
	default: memcpy(p, &v, 8); break;
	}
}

static size_t save_fields(const sfield *f, int n, const unsigned char *base, uint8_t *out)
{
	size_t o = 0;
	for (int i = 0; i < n; i++) {
		int w = sf_width(f[i].kind);
		for (int j = 0; j < f[i].count; j++, o += (size_t)w)
			put_le(out + o, base + f[i].off + (size_t)j * (size_t)w, w);
	}
	return o;
}

static size_t load_fields(const sfield *f, int n, unsigned char *base, const uint8_t *in)
{
	size_t o = 0;
	for (int i = 0; i < n; i++) {
		int w = sf_width(f[i].kind);
		for (int j = 0; j < f[i].count; j++, o += (size_t)w)
			get_le(base + f[i].off + (size_t)j * (size_t)w, in + o, w);
	}
	return o;
}

void kern_state_save(const kern *k, const void *st, uint8_t *out)
{
	size_t o = save_fields(kern_head_fields, kern_n_head_fields, st, out);
	for (int s = 0; s < k->owners; s++)
		o += save_fields(kern_seat_fields, kern_n_seat_fields, (const unsigned char *)kseat_of(k, st, s), out + o);
	memcpy(out + o, knodes(k, st), (size_t)k->b.n_node);
	o += (size_t)k->b.n_node;
	memcpy(out + o, kpaths(k, st), (size_t)k->b.n_path);
	o += (size_t)k->b.n_path;
	save_fields(k->hk.ext_fields, k->hk.n_ext_fields, kext(k, st), out + o);
}

void kern_state_load(const kern *k, const uint8_t *in, void *st)
{
	memset(st, 0, k->size);
	size_t o = load_fields(kern_head_fields, kern_n_head_fields, st, in);
	for (int s = 0; s < k->owners; s++)
		o += load_fields(kern_seat_fields, kern_n_seat_fields, (unsigned char *)kseat_of(k, st, s), in + o);
	memcpy(knodes(k, st), in + o, (size_t)k->b.n_node);
	o += (size_t)k->b.n_node;
	memcpy(kpaths(k, st), in + o, (size_t)k->b.n_path);
	o += (size_t)k->b.n_path;
	load_fields(k->hk.ext_fields, k->hk.n_ext_fields, kext(k, st), in + o);
	kern_state_derive(k, st);
}

/* As flow_place_building and flow_add_road build them; unknown owners
 * are skipped here and refused by kern_state_check. */
void kern_state_derive(const kern *k, void *st)
{
	uint64_t *blocked = kblocked(k, st);
	memcpy(blocked, k->no_site, (size_t)k->nw * 8); /* no building off the named locations */
	memset(koccupied(k, st), 0, (size_t)k->nw * 8);
	memset(kreach(k, st, 0), 0, (size_t)k->owners * (size_t)k->nw * 8);
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	for (int n = 0; n < k->b.n_node; n++) {
		if (!nodes[n])
			continue;
		bit_set(blocked, n);
		bit_set(koccupied(k, st), n);
		for (int i = 0; i < k->b.node[n].deg; i++)
			bit_set(blocked, k->b.node[n].adj[i]);
	}
	for (int p = 0; p < k->b.n_path; p++) {
		int o = paths[p] - 1;
		if (o < 0 || o >= k->owners)
			continue;
		bit_set(kreach(k, st, o), k->b.path[p].node[0]);
		bit_set(kreach(k, st, o), k->b.path[p].node[1]);
	}
}

static long find_in(const sfield *f, int n, const char *name, int index, long base)
{
	long o = base;
	for (int i = 0; i < n; i++) {
		int w = sf_width(f[i].kind);
		if (strcmp(f[i].name, name) == 0)
			return index >= 0 && index < f[i].count ? o + (long)index * w : -1;
		o += (long)w * f[i].count;
	}
	return -1;
}

long kern_state_offset(const kern *k, const char *name, int seat, int index)
{
	long head = (long)fields_bytes(kern_head_fields, kern_n_head_fields);
	long per_seat = (long)fields_bytes(kern_seat_fields, kern_n_seat_fields);
	long nodes = head + per_seat * k->owners;
	if (strcmp(name, "nodes") == 0)
		return index >= 0 && index < k->b.n_node ? nodes + index : -1;
	if (strcmp(name, "paths") == 0)
		return index >= 0 && index < k->b.n_path ? nodes + k->b.n_node + index : -1;
	long o = find_in(kern_head_fields, kern_n_head_fields, name, index, 0);
	if (o >= 0)
		return o;
	if (seat < 0 || seat >= k->owners)
		return -1;
	return find_in(kern_seat_fields, kern_n_seat_fields, name, index, head + per_seat * seat);
}
