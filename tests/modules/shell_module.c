/* The shell test module: `depth` nested shells around shell_inner_table,
 * each keeping its inner state at SHELL_OFFSET of its own block (after 16
 * bytes of its own, left zero) and passing every method through.  Only the
 * outermost shell's inner_state follows `mode`; inner shells are correct. */
#include <stdio.h>
#include <stdlib.h>
#include "shell_module.h"

const crisk_module *shell_inner_table;
const char *shell_inner_params = "";

static const char *const mode_choices[] = {"ok",       "null",    "no_module", "outside",     "misaligned",
					   "bad_data", "self",    "foreign",   "null_data",   "other_table",
					   NULL};

/* Data no module made, smaller than anything a module keeps: reading it as
 * a module's data overflows (AddressSanitizer sees the read). */
static const char foreign_byte = 'x';

enum { P_DEPTH, P_MODE, P_COUNT };

static const crisk_param_desc shell_params[P_COUNT] = {
	[P_DEPTH] = {.name = "depth", .kind = CRISK_PARAM_INT, .default_value = "1", .min = 1, .max = 20,
		     .accepted = "1..20", .help = "number of nested shells"},
	[P_MODE] = {.name = "mode", .kind = CRISK_PARAM_ENUM, .default_value = "ok", .choices = mode_choices,
		    .accepted = "ok|null|no_module|outside|misaligned|bad_data|self|foreign|null_data|other_table",
		    .help = "what inner_state of the outermost shell does"},
};

typedef struct shell {
	const crisk_module *inner;
	void *inner_data;
	size_t inner_size;
	int mode;
} shell;

#define IN(st) ((unsigned char *)(st) + SHELL_OFFSET)
#define CIN(st) ((const unsigned char *)(st) + SHELL_OFFSET)

static int s_create(void **data, const crisk_params *p)
{
	int depth = (int)crisk_params_int(p, P_DEPTH);
	shell *s = calloc(1, sizeof *s);
	if (!s)
		return crisk_error_set(CRISK_ENOMEM, "shell: out of memory");
	s->mode = (int)crisk_params_int(p, P_MODE);
	char text[32];
	snprintf(text, sizeof text, "depth=%d", depth - 1);
	s->inner = depth > 1 ? &shell_table : shell_inner_table;
	crisk_params *inner = NULL;
	int rc = crisk_params_parse(&inner, s->inner, depth > 1 ? text : shell_inner_params);
	if (!rc && s->inner->create)
		rc = s->inner->create(&s->inner_data, inner);
	crisk_params_free(inner);
	if (rc) {
		free(s);
		return rc;
	}
	s->inner_size = s->inner->state_size(s->inner_data);
	*data = s;
	return CRISK_OK;
}

static void s_destroy(void *data)
{
	shell *s = data;
	if (s->inner->destroy)
		s->inner->destroy(s->inner_data);
	free(s);
}

static int s_num_seats(const void *d)
{
	const shell *s = d;
	return s->inner->num_seats(s->inner_data);
}

static size_t s_state_size(const void *d)
{
	const shell *s = d;
	return SHELL_OFFSET + s->inner_size;
}

static void s_state_init(const void *d, void *state, crisk_event_sink *events)
{
	const shell *s = d;
	s->inner->state_init(s->inner_data, IN(state), events);
}

static int s_current_seat(const void *d, const void *state)
{
	const shell *s = d;
	return s->inner->current_seat(s->inner_data, CIN(state));
}

static int s_status(const void *d, const void *state, int *winner)
{
	const shell *s = d;
	return s->inner->status(s->inner_data, CIN(state), winner);
}

static int64_t s_turn(const void *d, const void *state)
{
	const shell *s = d;
	return s->inner->turn(s->inner_data, CIN(state));
}

static int s_score(const void *d, const void *state, int seat, int viewer)
{
	const shell *s = d;
	return s->inner->score(s->inner_data, CIN(state), seat, viewer);
}

static size_t s_legal(const void *d, const void *state, crisk_action *buf, size_t cap)
{
	const shell *s = d;
	return s->inner->legal(s->inner_data, CIN(state), buf, cap);
}

static int s_check(const void *d, const void *state, crisk_action a)
{
	const shell *s = d;
	return s->inner->check(s->inner_data, CIN(state), a);
}

static int s_apply(const void *d, void *state, crisk_action a, crisk_event_sink *events)
{
	const shell *s = d;
	return s->inner->apply(s->inner_data, IN(state), a, events);
}

static int s_chance(const void *d, const void *state, crisk_action *acts, double *probs, size_t cap, size_t *count)
{
	const shell *s = d;
	if (!s->inner->chance)
		return crisk_error_set(CRISK_ESTATE, "shell: the inner module has no chance points");
	return s->inner->chance(s->inner_data, CIN(state), acts, probs, cap, count);
}

static int s_action_to_string(const void *d, crisk_action a, crisk_sink *out)
{
	const shell *s = d;
	return s->inner->action_to_string(s->inner_data, a, out);
}

static int s_action_from_string(const void *d, const char *text, crisk_action *out)
{
	const shell *s = d;
	return s->inner->action_from_string(s->inner_data, text, out);
}

static void s_event_to_string(const void *d, const crisk_event *e, crisk_sink *out)
{
	const shell *s = d;
	s->inner->event_to_string(s->inner_data, e, out);
}

static void s_view_json(const void *d, const void *state, int viewer, crisk_sink *out)
{
	const shell *s = d;
	s->inner->view_json(s->inner_data, CIN(state), viewer, out);
}

static void s_board_json(const void *d, crisk_sink *out)
{
	const shell *s = d;
	if (s->inner->board_json)
		s->inner->board_json(s->inner_data, out);
	else
		crisk_sink_null(out);
}

static const void *s_inner_state(const void *d, const void *state, const crisk_module **inner,
				 const void **inner_data)
{
	const shell *s = d;
	*inner = s->inner;
	*inner_data = s->inner_data;
	switch (s->mode) {
	case SHELL_NULL:
		return NULL;
	case SHELL_NO_MODULE:
		*inner = NULL;
		return CIN(state);
	case SHELL_OUTSIDE:
		return CIN(state) + SHELL_OFFSET;
	case SHELL_MISALIGNED:
		return (const unsigned char *)state + 8;
	case SHELL_BAD_DATA:
		*inner_data = s;
		return CIN(state);
	case SHELL_SELF:
		*inner = &shell_table;
		*inner_data = s;
		return state;
	case SHELL_FOREIGN:
		*inner_data = &foreign_byte;
		return CIN(state);
	case SHELL_NULL_DATA:
		*inner_data = NULL;
		return CIN(state);
	case SHELL_OTHER_TABLE:
		*inner = crisk_module_builtin("two_player");
		return CIN(state);
	default:
		return CIN(state);
	}
}

const crisk_module shell_table = {
	.abi_version = CRISK_MODULE_ABI_VERSION,
	.struct_size = sizeof(crisk_module),
	.name = "shell",
	.version = 1,
	.n_params = P_COUNT,
	.params = shell_params,
	.create = s_create,
	.destroy = s_destroy,
	.num_seats = s_num_seats,
	.state_size = s_state_size,
	.state_init = s_state_init,
	.current_seat = s_current_seat,
	.status = s_status,
	.turn = s_turn,
	.score = s_score,
	.legal = s_legal,
	.check = s_check,
	.apply = s_apply,
	.chance = s_chance,
	.action_to_string = s_action_to_string,
	.action_from_string = s_action_from_string,
	.event_to_string = s_event_to_string,
	.view_json = s_view_json,
	.board_json = s_board_json,
	.inner_state = s_inner_state,
};
