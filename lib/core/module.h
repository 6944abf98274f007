/* The internal rule-module vtable.  Every built-in module (lib/modules) fills
 * one; the core (lib/core/game.c, rules.c) dispatches through it and does the
 * argument checking that is the same for all modules. */
#ifndef CRISK_CORE_MODULE_H
#define CRISK_CORE_MODULE_H

#include <stddef.h>
#include <stdint.h>
#include "catanrisk/common.h"
#include "catanrisk/view.h"
#include "evlog.h"
#include "jsonw.h"
#include "params.h"

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
	void (*rules_destroy)(void *data);
	int (*num_seats)(const void *data);

	/* Mutable state: one flat block without pointers (copy = memcpy). */
	size_t (*state_size)(const void *data);
	void (*state_init)(const void *data, void *state, evlog *log);

	int (*current_seat)(const void *data, const void *state);
	int (*status)(const void *data, const void *state, int *winner);
	int64_t (*turn)(const void *data, const void *state);
	int (*score)(const void *data, const void *state, int seat, int viewer);

	/* Writes min(count, cap) actions in ascending order, returns count.
	 * No allocation. */
	size_t (*legal)(const void *data, const void *state, crisk_action *buf, size_t cap);
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
} module;

/* Built-in modules by name; NULL if unknown. */
const module *module_find(const char *name);
/* Comma-separated names of the built-in modules, for error messages. */
void module_names(textbuf *t);

#endif
