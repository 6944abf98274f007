/* A tiny host module for the tests of the public module interface: seats
 * take turns adding 1 or 2 to a running total; whoever reaches `target`
 * wins.  It has binary save hooks but no JSON ones (JSON saves carry its
 * binary form as hex), no chance points and no board.  Each move emits a
 * public event and a private one (argument 0 hidden from every other seat).
 *
 * Built three ways (tests/modules/meson.build): as a module shared object;
 * with -DTINY_NULL_ENTRY, whose entry returns NULL; with -DTINY_NO_ENTRY,
 * without an entry symbol (also compiled into test_modules, which takes
 * tiny_table directly). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk.h"
#include "tiny_module.h"

enum { P_TARGET, P_SEATS, P_FAIL_CREATE, P_COUNT };

static const crisk_param_desc tiny_params[P_COUNT] = {
	[P_TARGET] = {.name = "target", .kind = CRISK_PARAM_INT, .default_value = "10", .min = 3, .max = 100,
		      .accepted = "3..100", .help = "the total that wins"},
	[P_SEATS] = {.name = "seats", .kind = CRISK_PARAM_INT, .default_value = "2", .min = 2, .max = 4,
		     .accepted = "2..4", .help = "number of seats"},
	[P_FAIL_CREATE] = {.name = "fail_create", .kind = CRISK_PARAM_BOOL, .default_value = "off",
			   .accepted = "off|on", .help = "create refuses (for tests)"},
};

typedef struct tiny {
	int target, seats;
} tiny;

typedef struct tstate {
	int32_t total, seat, turn, winner;
} tstate;

static int t_create(void **data, const crisk_params *p)
{
	if (crisk_params_int(p, P_FAIL_CREATE))
		return crisk_error_set(CRISK_EPARAM, "tiny: fail_create=on, so no rules (target %d)",
				       (int)crisk_params_int(p, P_TARGET));
	tiny *t = malloc(sizeof *t);
	if (!t)
		return crisk_error_set(CRISK_ENOMEM, "tiny: out of memory");
	t->target = (int)crisk_params_int(p, P_TARGET);
	t->seats = (int)crisk_params_int(p, P_SEATS);
	*data = t;
	return CRISK_OK;
}

static void t_destroy(void *data)
{
	free(data);
}

static int t_num_seats(const void *d)
{
	return ((const tiny *)d)->seats;
}

static size_t t_state_size(const void *d)
{
	(void)d;
	return sizeof(tstate);
}

static void t_state_init(const void *d, void *state, crisk_event_sink *events)
{
	(void)d;
	(void)events;
	tstate *s = state;
	s->winner = -1;
}

static int t_current_seat(const void *d, const void *state)
{
	(void)d;
	const tstate *s = state;
	return s->winner >= 0 ? CRISK_SEAT_NONE : s->seat;
}

static int t_status(const void *d, const void *state, int *winner)
{
	(void)d;
	const tstate *s = state;
	*winner = s->winner;
	return s->winner >= 0 ? CRISK_STATUS_WON : CRISK_STATUS_RUNNING;
}

static int64_t t_turn(const void *d, const void *state)
{
	(void)d;
	return ((const tstate *)state)->turn;
}

static int t_score(const void *d, const void *state, int seat, int viewer)
{
	(void)d;
	(void)viewer;
	return ((const tstate *)state)->winner == seat;
}

static size_t t_legal(const void *d, const void *state, crisk_action *buf, size_t cap)
{
	(void)d;
	if (((const tstate *)state)->winner >= 0)
		return 0;
	for (size_t i = 0; i < 2 && i < cap; i++)
		buf[i] = i + 1;
	return 2;
}

static int t_check(const void *d, const void *state, crisk_action a)
{
	(void)d;
	if (((const tstate *)state)->winner >= 0)
		return crisk_error_set(CRISK_EILLEGAL, "tiny: the game is over");
	if (a != 1 && a != 2)
		return crisk_error_set(CRISK_EILLEGAL, "tiny: add 1 or 2, not %llu", (unsigned long long)a);
	return CRISK_OK;
}

static int t_apply(const void *d, void *state, crisk_action a, crisk_event_sink *events)
{
	const tiny *t = d;
	int rc = t_check(d, state, a);
	if (rc)
		return rc;
	tstate *s = state;
	s->total += (int32_t)a;
	crisk_event e = CRISK_EVENT_INIT;
	e.type = TINY_EV_ADD;
	e.seat = s->seat;
	e.args[0] = (int32_t)a;
	e.args[1] = s->total;
	crisk_event_emit(events, &e, 0, 0);
	e.type = TINY_EV_SECRET;
	e.args[0] = s->turn * 7 + 3; /* only the mover sees it */
	crisk_event_emit(events, &e, 1u, 1u << s->seat);
	if (s->total >= t->target) {
		s->winner = s->seat;
	} else {
		s->seat = (s->seat + 1) % t->seats;
		s->turn++;
	}
	return CRISK_OK;
}

static int t_action_to_string(const void *d, crisk_action a, crisk_sink *out)
{
	(void)d;
	if (a != 1 && a != 2)
		return crisk_error_set(CRISK_EINVAL, "tiny: 0x%llx is no action", (unsigned long long)a);
	crisk_sink_printf(out, "add %d", (int)a);
	return CRISK_OK;
}

static int t_action_from_string(const void *d, const char *text, crisk_action *out)
{
	(void)d;
	if (!strcmp(text, "add 1") || !strcmp(text, "add 2")) {
		*out = (crisk_action)(text[4] - '0');
		return CRISK_OK;
	}
	return crisk_error_set(CRISK_EFORMAT, "tiny: '%s' is not 'add 1' or 'add 2'", text);
}

static void t_event_to_string(const void *d, const crisk_event *e, crisk_sink *out)
{
	(void)d;
	if (e->type == TINY_EV_ADD)
		crisk_sink_printf(out, "seat %d added %d (total %d)", (int)e->seat, (int)e->args[0], (int)e->args[1]);
	else if (e->args[0] == CRISK_HIDDEN)
		crisk_sink_printf(out, "seat %d has a secret", (int)e->seat);
	else
		crisk_sink_printf(out, "seat %d's secret is %d", (int)e->seat, (int)e->args[0]);
}

static void t_view_json(const void *d, const void *state, int viewer, crisk_sink *out)
{
	(void)d;
	const tstate *s = state;
	crisk_sink_begin_object(out);
	crisk_sink_key(out, "total");
	crisk_sink_int(out, s->total);
	crisk_sink_key(out, "seat");
	crisk_sink_int(out, s->seat);
	crisk_sink_key(out, "viewer");
	crisk_sink_int(out, viewer);
	crisk_sink_key(out, "winner");
	if (s->winner >= 0)
		crisk_sink_int(out, s->winner);
	else
		crisk_sink_null(out);
	crisk_sink_end_object(out);
}

static size_t t_state_bytes(const void *d)
{
	(void)d;
	return 16;
}

static void t_state_save(const void *d, const void *state, uint8_t *out)
{
	(void)d;
	const tstate *s = state;
	const int32_t v[4] = {s->total, s->seat, s->turn, s->winner};
	for (int i = 0; i < 4; i++)
		for (int b = 0; b < 4; b++)
			out[4 * i + b] = (uint8_t)((uint32_t)v[i] >> (8 * b));
}

static void t_state_load(const void *d, const uint8_t *in, void *state)
{
	(void)d;
	int32_t v[4];
	for (int i = 0; i < 4; i++) {
		uint32_t u = 0;
		for (int b = 0; b < 4; b++)
			u |= (uint32_t)in[4 * i + b] << (8 * b);
		v[i] = u <= INT32_MAX ? (int32_t)u : -(int32_t)(UINT32_MAX - u) - 1;
	}
	tstate *s = state;
	s->total = v[0];
	s->seat = v[1];
	s->turn = v[2];
	s->winner = v[3];
}

static int t_state_check(const void *d, const void *state)
{
	const tiny *t = d;
	const tstate *s = state;
	if (s->total < 0 || s->total > t->target + 1)
		return crisk_error_set(CRISK_EFORMAT, "total: %d is outside 0..%d", (int)s->total, t->target + 1);
	if (s->seat < 0 || s->seat >= t->seats)
		return crisk_error_set(CRISK_EFORMAT, "seat: %d is not a seat", (int)s->seat);
	if (s->winner < -1 || s->winner >= t->seats || (s->winner >= 0) != (s->total >= t->target))
		return crisk_error_set(CRISK_EFORMAT, "winner: %d does not fit total %d", (int)s->winner, (int)s->total);
	if (s->turn < 0)
		return crisk_error_set(CRISK_EFORMAT, "turn: %d is negative", (int)s->turn);
	return CRISK_OK;
}

const crisk_module tiny_table = {
	.abi_version = CRISK_MODULE_ABI_VERSION,
	.struct_size = sizeof(crisk_module),
	.name = "tiny",
	.version = 3,
	.n_params = P_COUNT,
	.params = tiny_params,
	.create = t_create,
	.destroy = t_destroy,
	.num_seats = t_num_seats,
	.state_size = t_state_size,
	.state_init = t_state_init,
	.current_seat = t_current_seat,
	.status = t_status,
	.turn = t_turn,
	.score = t_score,
	.legal = t_legal,
	.check = t_check,
	.apply = t_apply,
	.action_to_string = t_action_to_string,
	.action_from_string = t_action_from_string,
	.event_to_string = t_event_to_string,
	.view_json = t_view_json,
	.state_bytes = t_state_bytes,
	.state_save = t_state_save,
	.state_load = t_state_load,
	.state_check = t_state_check,
};

#ifndef TINY_NO_ENTRY
CRISK_MODULE_EXPORT const crisk_module *crisk_module_entry(uint32_t host_abi_version);

const crisk_module *crisk_module_entry(uint32_t host_abi_version)
{
#ifdef TINY_NULL_ENTRY
	(void)host_abi_version;
	return NULL;
#else
	return host_abi_version == CRISK_MODULE_ABI_VERSION ? &tiny_table : NULL;
#endif
}
#endif
