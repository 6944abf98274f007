/* The bridge between the public module interface (catanrisk/module.h) and
 * the internal `module` vtable, both ways:
 *  - module_ext.c wraps a host's `crisk_module` in an internal `module`
 *    (an ext_module), so rules, games and saves work unchanged;
 *  - module_builtin.c presents each built-in module as a `crisk_module`;
 *  - module_sink.c implements the sinks, parameter getters and JSON reader
 *    that public module methods call. */
#ifndef CRISK_CORE_MODULE_EXT_H
#define CRISK_CORE_MODULE_EXT_H

#include <stdatomic.h>
#include "catanrisk/module.h"
#include "jsonr.h"
#include "module.h"

/* What a public method writes into: a JSON writer, whose textbuf also
 * serves text output.  Lives on the stack of the call that hands it out. */
struct crisk_sink {
	jw *w;
};

struct crisk_event_sink {
	evlog *log;
};

/* Parsed parameters; mod is the built-in module whose table parsed them
 * (what its public create needs), NULL for a host module's table. */
struct crisk_params {
	param_set set;
	const module *mod;
};

/* A host module wrapped for the core.  Shared (reference-counted) by every
 * rules object made from it, so a loaded shared object stays open until the
 * last rules and game are gone. */
typedef struct ext_module {
	module m;                  /* what crisk_rules::mod points at */
	crisk_module pub;          /* the host's table; fields past its struct_size are NULL */
	const crisk_module *table; /* the host's table itself, to recognize it in inner_state chains */
	const module *builtin;     /* the built-in module when the table is crisk_module_builtin's, else NULL */
	param_desc params[PARAMS_MAX];
	void *dl;                  /* dlopen handle, or NULL */
	atomic_int refs;
} ext_module;

void ext_retain(ext_module *x);
/* Drops one reference; the last one closes the shared object. */
void ext_release(ext_module *x);
/* Calls the module's create with the parsed parameters and stores the
 * adapter's data in *data; checks the seat count. */
int ext_rules_create(const ext_module *x, void **data, const param_set *p);

/* The public vtable of built-in module m (NULL if m is not built in), and
 * the internal module behind a public vtable of a built-in one (else NULL). */
const crisk_module *builtin_public(const module *m);
const module *builtin_internal(const crisk_module *pub);

/* The internal module and its data behind what a built-in table's create
 * made (pub_data); NULL when pub is no built-in table or pub_data is not
 * what its create made. */
const module *builtin_unwrap(const crisk_module *pub, const void *pub_data, const void **data);

/* The built-in game inside a game of host module rules r (r->ext is set),
 * found through crisk_module.inner_state (module.h): its module, data and
 * state block, checked to lie inside `state` (state_size bytes).  A table of
 * crisk_module_builtin used directly counts as its built-in module.
 * CRISK_EUNSUPPORTED with a message starting "fn: " when there is none;
 * `family` (e.g. "Catan-family") words the message.  No allocation. */
int ext_inner_builtin(const crisk_rules *r, const void *state, size_t state_size, const char *fn,
		      const char *family, const module **mod, const void **data, const void **inner_state);

/* Converts a public parameter table into the internal form; CRISK_EINVAL
 * naming the module and the entry when an entry is invalid. */
int ext_convert_params(param_desc *out, const crisk_module *pub);

#endif
