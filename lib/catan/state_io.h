/* Saving and loading the Catan kernel's state (docs/save-format.md): the
 * field table shared by the binary and JSON forms, the two codecs, and the
 * validation every loaded state passes before a game accepts it. */
#ifndef CRISK_CATAN_STATE_IO_H
#define CRISK_CATAN_STATE_IO_H

#include <stddef.h>
#include <stdint.h>
#include "../core/jsonr.h"
#include "kernel.h"

/* How a field is stored: width in the binary form, shape in JSON. */
enum sf_kind {
	SF_U8,     /* JSON integer */
	SF_I8,
	SF_U16,
	SF_I32,
	SF_U64,    /* JSON string of 16 lowercase hex digits (exact beyond 2^53) */
	SF_PHASE,  /* uint8 enum dp; JSON phase name (kern_dp_name) */
	SF_STATUS, /* uint8 CRISK_STATUS_*; JSON "running", "won", "ended" */
};

typedef struct sfield {
	const char *name;  /* JSON member and the name in messages */
	uint8_t kind;      /* enum sf_kind */
	uint8_t count;     /* 1: a scalar; more: an array of that many */
	uint16_t off;      /* offset in kstate or kseat */
} sfield;

/* kstate fields in save order, then kseat fields (per seat, seat order);
 * then the node bytes ("nodes") and path bytes ("paths").  The bitsets
 * (blocked, reach) are derived and never saved. */
extern const sfield kern_head_fields[];
extern const int kern_n_head_fields;
extern const sfield kern_seat_fields[];
extern const int kern_n_seat_fields;

/* Width of one element of a kind in the binary form. */
int sf_width(int kind);
const char *sf_status_name(int status);

/* state_bin.c: the portable binary form, little-endian field by field. */
size_t kern_state_bytes(const kern *k);
void kern_state_save(const kern *k, const void *st, uint8_t *out);
void kern_state_load(const kern *k, const uint8_t *in, void *st);
/* Rebuilds the bitsets from the node and path bytes. */
void kern_state_derive(const kern *k, void *st);
/* Byte offset of element `index` of field `name` (of seat `seat` for seat
 * fields; "nodes" and "paths" index by id) in the binary form, or -1. */
long kern_state_offset(const kern *k, const char *name, int seat, int index);

/* state_check.c: every invariant the other kernel code relies on. */
int kern_state_check(const kern *k, const void *st);

/* state_json.c */
void kern_state_to_json(const kern *k, const void *st, jw *w);
int kern_state_from_json(const kern *k, const jnode *root, void *st);

#endif
