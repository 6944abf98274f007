/* The internal rule-module vtable.  Every built-in module (lib/modules) fills
 * one; the core (lib/core/game.c, rules.c) dispatches through it and does the
 * argument checking that is the same for all modules. */
#ifndef CRISK_CORE_MODULE_H
#define CRISK_CORE_MODULE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include "catanrisk/common.h"
#include "catanrisk/view.h"
#include "evlog.h"
#include "jsonw.h"
#include "params.h"

struct jnode;

enum module_family { FAMILY_CATAN = 1, FAMILY_MUHQ = 2 };

typedef struct module {
	const char *name;
	uint32_t version;       /* module version, written into saves */
	uint32_t family;        /* enum module_family */
	const param_desc *params;
	int n_params;

	/* Immutable part (board, tables) from validated parameters; sets the
	 * error message and returns CRISK_EPARAM for combinations that do not fit. */
	int (*rules_create)(void **data, const param_set *p);
	/* Optional: rules_create with the host's data text (crisk_rules_new_with_data),
	 * which the module reads on top of, or instead of, its built-in data;
	 * CRISK_EFORMAT with the line for a text it refuses.  p is the rules'
	 * own set: on success the hook may put into a string parameter left at
	 * its default the value the text puts in force, so that the canonical
	 * form (saves, records) makes the same rules with the same text. */
	int (*rules_create_data)(void **data, param_set *p, const char *text, size_t len);
	void (*rules_destroy)(void *data);
	int (*num_seats)(const void *data);

	/* Mutable state: one flat block without pointers (copy = memcpy). */
	size_t (*state_size)(const void *data);
	void (*state_init)(const void *data, void *state, evlog *log);

	int (*current_seat)(const void *data, const void *state);
	int (*status)(const void *data, const void *state, int *winner);
	int64_t (*turn)(const void *data, const void *state);
	/* The host adapter alone may fail: MODULE_SCORE_FAILED, message set. */
	int (*score)(const void *data, const void *state, int seat, int viewer);

	/* Writes min(count, cap) actions in ascending order, returns count.
	 * No allocation.  The host adapter alone may fail: it returns
	 * module_legal_error(code), message set (see module_legal_failed). */
	size_t (*legal)(const void *data, const void *state, crisk_action *buf, size_t cap);
	/* Like legal, without the actions whose type bit is in skip_types, a
	 * subset of skip_natively; with skip_types 0 exactly legal's list (the
	 * core calls it for every list).  The core filters legal's list for
	 * any other set of types.  Fails like legal. */
	size_t (*legal_except)(const void *data, const void *state, uint64_t skip_types, crisk_action *buf,
			       size_t cap);
	uint64_t skip_natively; /* the type bits legal_except accepts */
	/* Optional: 1 + the offset in the state block of an int8_t that is
	 * current_seat's answer in every state (0: none); the public call
	 * then reads it without calling current_seat. */
	uint16_t seat_at;
	/* Optional.  crisk_game_playout's loop without undo or record: until
	 * the game is over or *steps reaches max_steps, the same choices as
	 * the core's loop (legal_except or legal, then policy_pick; chance,
	 * then policy_weighted) and apply.  skip_types is a subset of
	 * skip_natively; *steps counts the actions applied.  CRISK_EBUFSIZE:
	 * stopped before a list or chance point too long for it; the core
	 * takes that step and calls it again. */
	int (*playout)(const void *data, void *state, uint64_t skip_types, uint64_t max_steps, uint64_t *policy,
		       evlog *log, uint64_t *steps);
	/* CRISK_OK or CRISK_EILLEGAL with a message in player terms. */
	int (*check)(const void *data, const void *state, crisk_action a);
	/* Validates like check; on refusal the state is untouched. */
	int (*apply)(const void *data, void *state, crisk_action a, evlog *log);
	/* Outcomes and probabilities at a chance point; CRISK_ESTATE elsewhere. */
	int (*chance)(const void *data, const void *state, crisk_action *acts, double *probs, size_t cap,
		      size_t *count);

	int (*action_to_string)(const void *data, crisk_action a, textbuf *t);
	int (*action_from_string)(const void *data, const char *text, crisk_action *out);
	void (*event_to_string)(const void *data, const crisk_event *e, textbuf *t);
	void (*event_json)(const void *data, const crisk_event *e, jw *w);
	void (*to_json)(const void *data, const void *state, int viewer, jw *w);
	void (*board_json)(const void *data, jw *w);

	/* Saving (docs/save-format.md); all NULL when the module cannot be saved.
	 * The binary form of the state is module-defined and portable (no native
	 * integers or padding): state_save writes exactly state_bytes(data)
	 * bytes; state_load decodes them into a zeroed block and rebuilds derived
	 * data, without judging the values; state_check then validates the whole
	 * state, so that no later call can misbehave on it (CRISK_OK, or
	 * CRISK_EFORMAT with "field: what is wrong", e.g. "seats[2].hand[1]: ...").
	 * state_to_json writes the exact omniscient state; state_from_json decodes
	 * it into a zeroed block (CRISK_EFORMAT naming the JSON path), and the
	 * core runs state_check after it. */
	size_t (*state_bytes)(const void *data);
	void (*state_save)(const void *data, const void *state, uint8_t *out);
	void (*state_load)(const void *data, const uint8_t *in, void *state);
	int (*state_check)(const void *data, const void *state);
	void (*state_to_json)(const void *data, const void *state, jw *w);
	int (*state_from_json)(const void *data, const struct jnode *root, void *state);

	/* Reinforcement learning (include/catanrisk/rl.h, docs/rl.md); all NULL
	 * when the module has none.  The action index numbers A = rl_actions(data)
	 * actions from the acting seat's point of view (seat arguments counted
	 * from it).  rl_index: the index of a at state's decision point, or -1
	 * when a has none (a type in rl_skip, an argument out of the indexed
	 * range).  rl_action: the code of index i < A there (legal or not).
	 * Both are called only when a seat is to act.  The legal list without
	 * the types in rl_skip must hold at least one indexed action at every
	 * decision point of a seat.  rl_observe writes O = rl_obs_size(data)
	 * floats from viewer's view only (a seat, spectator or omniscient).
	 * rl_describe_actions / rl_describe_obs write the members of the
	 * arrays "action_ranges" / "observation_fields" (rl_describe.h), which
	 * cover 0..A-1 and 0..O-1 in order. */
	size_t (*rl_actions)(const void *data);
	int64_t (*rl_index)(const void *data, const void *state, crisk_action a);
	crisk_action (*rl_action)(const void *data, const void *state, size_t i);
	uint64_t rl_skip;
	size_t (*rl_obs_size)(const void *data);
	void (*rl_observe)(const void *data, const void *state, int viewer, float *out);
	void (*rl_describe_actions)(const void *data, jw *w);
	void (*rl_describe_obs)(const void *data, jw *w);
	/* Optional fast path of the mask: sets mask[i] = 1 for the legal
	 * indices (the caller zeroed A bytes) and returns their count; the
	 * same result as listing without rl_skip and indexing. */
	size_t (*rl_mask)(const void *data, const void *state, uint8_t *mask);
} module;

/* The error channel of legal and score, which have none in their types:
 * only the host adapter (module_ext.c) uses it, so built-in results never
 * need checking.  A failed legal returns a negative CRISK_E* code as a
 * count past SIZE_MAX / 2, which no list reaches and no buffer holds (the
 * listing's usual `n > cap` branch catches it); a failed score returns
 * MODULE_SCORE_FAILED, below every score a host module may give. */
#define MODULE_SCORE_FAILED INT_MIN

static inline size_t module_legal_error(int code)
{
	return (size_t)0 - (size_t)-code;
}

static inline int module_legal_failed(size_t n)
{
	return n > SIZE_MAX / 2;
}

/* The CRISK_E* code of a failed count. */
static inline int module_legal_code(size_t n)
{
	return -(int)(SIZE_MAX - n + 1);
}

/* Built-in modules by name; NULL if unknown. */
const module *module_find(const char *name);
/* Built-in module i (0, 1, ...) in registration order; NULL past the last. */
const module *module_at(size_t i);
/* Comma-separated names of the built-in modules into buf (cut to cap), for error messages. */
void module_names(char *buf, size_t cap);

#endif
