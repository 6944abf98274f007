/* The event log of a game: a ring of the newest events, each with the seats
 * allowed to see its hidden arguments. */
#ifndef CRISK_CORE_EVLOG_H
#define CRISK_CORE_EVLOG_H

#include <stdint.h>
#include "catanrisk/view.h"
#include "jsonw.h"

typedef struct ev {
	uint64_t seq;
	uint16_t type;
	int8_t seat, target;
	uint8_t see_mask; /* seats that see the hidden arguments (bit s = seat s) */
	uint8_t hidden;   /* bit i: args[i] is hidden from every other viewer */
	int32_t args[6];
} ev;

typedef struct evlog {
	ev *ring;      /* cap entries, or NULL when cap == 0 */
	uint32_t cap;
	uint64_t next; /* sequence number of the next event; starts at 1 */
	uint64_t base; /* no event older than this is stored (set when a log is emptied) */
} evlog;

/* Saves hold sequence numbers 1..2^63-1 (save.h).  A game stops acting once
 * its next number passes 2^62: one action numbers far fewer than 2^62
 * events, so no game can reach a number that its save could not hold.
 * From 1, at an event per nanosecond, 2^62 takes 146 years of play. */
#define EV_SEQ_PLAY_LIMIT (UINT64_C(1) << 62)

/* Records an event (always advances `next`; stores only when cap > 0).
 * No allocation. */
static inline ev *ev_push(evlog *l, unsigned type, int seat, int target)
{
	uint64_t seq = l->next++;
	if (!l->cap)
		return 0;
	ev *e = &l->ring[seq % l->cap];
	e->seq = seq;
	e->type = (uint16_t)type;
	e->seat = (int8_t)seat;
	e->target = (int8_t)target;
	e->see_mask = 0;
	e->hidden = 0;
	for (int i = 0; i < 6; i++)
		e->args[i] = 0;
	return e;
}

/* Oldest sequence number still stored. */
static inline uint64_t ev_first(const evlog *l)
{
	if (!l->cap)
		return l->next;
	uint64_t oldest = l->next > l->cap + 1 ? l->next - l->cap : 1;
	return oldest > l->base ? oldest : l->base;
}

/* Copies event `seq` into *out as `viewer` may see it; 0 on success, -1 if not stored. */
int ev_read(const evlog *l, uint64_t seq, int viewer, crisk_event *out);

/* The JSON object of one event (docs/events.md): seq, type (its name, or
 * its number when type_name is NULL), seat, target, args (hidden ones as
 * null) and text. */
void ev_write_json(jw *w, const crisk_event *e, const char *type_name, const char *text);

#endif
