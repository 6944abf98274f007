/* A host module for the playout tests (test_playout.c) whose lists are
 * longer than any Catan one: each move picks one of `width` actions (types 1
 * and 2 alternate, so a skip mask can take half of them away), and every
 * `chance_every` moves a chance point draws one of `outcomes` outcomes with
 * probabilities 1..outcomes (normalized).  The game ends after `moves`
 * moves.  A running hash of every choice makes two games that chose
 * differently look different in the view. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk.h"
#include "wide_module.h"

enum { P_WIDTH, P_OUTCOMES, P_CHANCE_EVERY, P_MOVES, P_COUNT };

static const crisk_param_desc wide_params[P_COUNT] = {
	[P_WIDTH] = {.name = "width", .kind = CRISK_PARAM_INT, .default_value = "600", .min = 1, .max = 5000},
	[P_OUTCOMES] = {.name = "outcomes", .kind = CRISK_PARAM_INT, .default_value = "100", .min = 1, .max = 1000},
	[P_CHANCE_EVERY] = {.name = "chance_every", .kind = CRISK_PARAM_INT, .default_value = "3", .min = 0,
			    .max = 100},
	[P_MOVES] = {.name = "moves", .kind = CRISK_PARAM_INT, .default_value = "40", .min = 1, .max = 100000},
};

typedef struct wide {
	int width, outcomes, chance_every, moves;
} wide;

typedef struct wstate {
	int32_t moves, seat, at_chance, pad;
	uint64_t hash;
} wstate;

static crisk_action seat_action(int i)
{
	return ((crisk_action)(WIDE_TYPE_EVEN + (i & 1)) << 56) | (crisk_action)i;
}

static int w_create(void **data, const crisk_params *p)
{
	wide *w = malloc(sizeof *w);
	if (!w)
		return crisk_error_set(CRISK_ENOMEM, "wide: out of memory");
	w->width = (int)crisk_params_int(p, P_WIDTH);
	w->outcomes = (int)crisk_params_int(p, P_OUTCOMES);
	w->chance_every = (int)crisk_params_int(p, P_CHANCE_EVERY);
	w->moves = (int)crisk_params_int(p, P_MOVES);
	*data = w;
	return CRISK_OK;
}

static void w_destroy(void *data)
{
	free(data);
}

static int w_num_seats(const void *d)
{
	(void)d;
	return 2;
}

static size_t w_state_size(const void *d)
{
	(void)d;
	return sizeof(wstate);
}

static void w_state_init(const void *d, void *state, crisk_event_sink *events)
{
	(void)d;
	(void)events;
	((wstate *)state)->hash = 1469598103934665603u;
}

static int w_current_seat(const void *d, const void *state)
{
	const wide *w = d;
	const wstate *s = state;
	if (s->moves >= w->moves)
		return CRISK_SEAT_NONE;
	return s->at_chance ? CRISK_SEAT_CHANCE : s->seat;
}

static int w_status(const void *d, const void *state, int *winner)
{
	*winner = -1;
	return ((const wstate *)state)->moves >= ((const wide *)d)->moves ? CRISK_STATUS_ENDED : CRISK_STATUS_RUNNING;
}

static int64_t w_turn(const void *d, const void *state)
{
	(void)d;
	return ((const wstate *)state)->moves;
}

static int w_score(const void *d, const void *state, int seat, int viewer)
{
	(void)d;
	(void)state;
	(void)seat;
	(void)viewer;
	return 0;
}

static size_t w_legal(const void *d, const void *state, crisk_action *buf, size_t cap)
{
	const wide *w = d;
	const wstate *s = state;
	int seat = w_current_seat(d, state);
	if (seat == CRISK_SEAT_NONE)
		return 0;
	size_t n = seat == CRISK_SEAT_CHANCE ? (size_t)w->outcomes : (size_t)w->width;
	/* Strictly ascending, as the contract says: the even moves (type 1),
	 * then the odd ones (type 2). */
	size_t evens = (n + 1) / 2;
	for (size_t i = 0; i < n && i < cap; i++)
		buf[i] = s->at_chance ? ((crisk_action)WIDE_TYPE_OUTCOME << 56) | i
			 : seat_action((int)(i < evens ? 2 * i : 2 * (i - evens) + 1));
	return n;
}

static int w_check(const void *d, const void *state, crisk_action a)
{
	const wide *w = d;
	const wstate *s = state;
	int seat = w_current_seat(d, state);
	uint64_t i = a & 0xFFFFFFu;
	if (seat == CRISK_SEAT_NONE)
		return crisk_error_set(CRISK_EILLEGAL, "wide: the game is over");
	if (seat == CRISK_SEAT_CHANCE) {
		if (CRISK_ACTION_TYPE(a) != WIDE_TYPE_OUTCOME || a >> 24 != (crisk_action)WIDE_TYPE_OUTCOME << 32 ||
		    i >= (uint64_t)w->outcomes)
			return crisk_error_set(CRISK_EILLEGAL, "wide: not an outcome");
		return CRISK_OK;
	}
	if (i >= (uint64_t)w->width || a != seat_action((int)i))
		return crisk_error_set(CRISK_EILLEGAL, "wide: not one of the %d moves", w->width);
	(void)s;
	return CRISK_OK;
}

static int w_apply(const void *d, void *state, crisk_action a, crisk_event_sink *events)
{
	const wide *w = d;
	int rc = w_check(d, state, a);
	if (rc)
		return rc;
	wstate *s = state;
	s->hash = (s->hash ^ a) * 1099511628211u;
	crisk_event e = CRISK_EVENT_INIT;
	e.type = s->at_chance ? 2 : 1;
	e.seat = s->at_chance ? -1 : s->seat;
	e.args[0] = (int32_t)(a & 0xFFFFFFu);
	e.args[1] = s->moves;
	crisk_event_emit(events, &e, 0, 0);
	if (s->at_chance) {
		s->at_chance = 0;
		return CRISK_OK;
	}
	s->moves++;
	s->seat ^= 1;
	s->at_chance = w->chance_every && s->moves % w->chance_every == 0 && s->moves < w->moves;
	return CRISK_OK;
}

static int w_chance(const void *d, const void *state, crisk_action *acts, double *probs, size_t cap, size_t *count)
{
	const wide *w = d;
	const wstate *s = state;
	*count = 0;
	if (w_current_seat(d, state) != CRISK_SEAT_CHANCE)
		return crisk_error_set(CRISK_ESTATE, "wide: not a chance point");
	size_t n = (size_t)w->outcomes;
	*count = n;
	if (n > cap)
		return crisk_error_set(CRISK_EBUFSIZE, "wide: %zu outcomes, room for %zu", n, cap);
	double total = (double)n * (double)(n + 1) / 2;
	for (size_t i = 0; i < n; i++) {
		acts[i] = ((crisk_action)WIDE_TYPE_OUTCOME << 56) | i;
		probs[i] = (double)(i + 1) / total;
	}
	(void)s;
	return CRISK_OK;
}

static int w_action_to_string(const void *d, crisk_action a, crisk_sink *out)
{
	(void)d;
	crisk_sink_printf(out, "w%u.%u", CRISK_ACTION_TYPE(a), (unsigned)(a & 0xFFFFFFu));
	return CRISK_OK;
}

static int w_action_from_string(const void *d, const char *text, crisk_action *out)
{
	(void)d;
	unsigned type = 0, i = 0;
	char tail;
	if (sscanf(text, "w%u.%u%c", &type, &i, &tail) != 2 || type > 255 || i > 0xFFFFFFu)
		return crisk_error_set(CRISK_EFORMAT, "wide: '%s' is not w<type>.<index>", text);
	*out = ((crisk_action)type << 56) | i;
	return CRISK_OK;
}

static void w_event_to_string(const void *d, const crisk_event *e, crisk_sink *out)
{
	(void)d;
	crisk_sink_printf(out, "%s %d at move %d", e->type == 1 ? "move" : "outcome", (int)e->args[0], (int)e->args[1]);
}

static void w_view_json(const void *d, const void *state, int viewer, crisk_sink *out)
{
	(void)d;
	(void)viewer;
	const wstate *s = state;
	crisk_sink_begin_object(out);
	crisk_sink_key(out, "moves");
	crisk_sink_int(out, s->moves);
	crisk_sink_key(out, "seat");
	crisk_sink_int(out, s->seat);
	crisk_sink_key(out, "at_chance");
	crisk_sink_bool(out, s->at_chance);
	crisk_sink_key(out, "hash");
	crisk_sink_uint(out, s->hash);
	crisk_sink_end_object(out);
}

const crisk_module wide_table = {
	.abi_version = CRISK_MODULE_ABI_VERSION,
	.struct_size = sizeof(crisk_module),
	.name = "wide",
	.version = 1,
	.n_params = P_COUNT,
	.params = wide_params,
	.create = w_create,
	.destroy = w_destroy,
	.num_seats = w_num_seats,
	.state_size = w_state_size,
	.state_init = w_state_init,
	.current_seat = w_current_seat,
	.status = w_status,
	.turn = w_turn,
	.score = w_score,
	.legal = w_legal,
	.check = w_check,
	.apply = w_apply,
	.chance = w_chance,
	.action_to_string = w_action_to_string,
	.action_from_string = w_action_from_string,
	.event_to_string = w_event_to_string,
	.view_json = w_view_json,
};
