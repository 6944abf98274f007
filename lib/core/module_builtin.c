/* The built-in modules as public vtables (crisk_module_builtin), so that a
 * host module can wrap one, and the parsing of parameters for a public
 * table (crisk_params_parse).  The tables are built once, on first use:
 * their parameter descriptions are converted from the internal ones. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "module_ext.h"
#include "rules_impl.h"

#define MAX_BUILTIN 16

/* What a built-in module's public create makes: the module and its data. */
typedef struct builtin_data {
	const module *mod;
	void *data;
} builtin_data;

#define MOD(d) (((const builtin_data *)(d))->mod)
#define DATA(d) (((const builtin_data *)(d))->data)

/* Every builtin_data that bi_create made and bi_destroy has not freed yet.
 * A host's inner_state may name any pointer as a built-in table's data; the
 * set recognizes the library's own objects by address, without reading
 * what the pointer points at.  An open-addressing hash set (linear probing,
 * deletion by backward shift) under a lock: it is the library's only
 * mutable global, invisible to hosts, touched only by hosts that wrap a
 * built-in module. */
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static const void **live;  /* live_cap slots, NULL = empty; NULL when nothing is live */
static size_t live_cap;    /* a power of two */
static size_t live_count;

static size_t live_slot(const void *p, size_t cap)
{
	uint64_t h = (uint64_t)(uintptr_t)p * UINT64_C(0x9E3779B97F4A7C15);
	return (size_t)(h >> 32) & (cap - 1);
}

static void live_put(const void **slots, size_t cap, const void *p)
{
	size_t i = live_slot(p, cap);
	while (slots[i])
		i = (i + 1) & (cap - 1);
	slots[i] = p;
}

/* Kept at most half full, so probes stay short and an empty slot always exists. */
static int live_add(const void *p)
{
	int rc = CRISK_OK;
	pthread_mutex_lock(&live_lock);
	if (2 * (live_count + 1) > live_cap) {
		size_t cap = live_cap ? 2 * live_cap : 16;
		const void **slots = calloc(cap, sizeof *slots);
		if (!slots) {
			rc = err_set(CRISK_ENOMEM, "out of memory creating rules of a built-in module");
		} else {
			for (size_t i = 0; i < live_cap; i++)
				if (live[i])
					live_put(slots, cap, live[i]);
			free(live);
			live = slots;
			live_cap = cap;
		}
	}
	if (!rc) {
		live_put(live, live_cap, p);
		live_count++;
	}
	pthread_mutex_unlock(&live_lock);
	return rc;
}

static void live_remove(const void *p)
{
	pthread_mutex_lock(&live_lock);
	size_t i = live_cap ? live_slot(p, live_cap) : 0;
	while (live_cap && live[i] && live[i] != p)
		i = (i + 1) & (live_cap - 1);
	if (live_cap && live[i] == p) {
		live[i] = NULL;
		live_count--;
		/* Moves later members of the probe run back into the gap. */
		for (size_t j = (i + 1) & (live_cap - 1); live[j]; j = (j + 1) & (live_cap - 1)) {
			size_t home = live_slot(live[j], live_cap);
			if (((j - home) & (live_cap - 1)) >= ((j - i) & (live_cap - 1))) {
				live[i] = live[j];
				live[j] = NULL;
				i = j;
			}
		}
		if (live_count == 0) { /* nothing left to recognize: no memory held at exit */
			free(live);
			live = NULL;
			live_cap = 0;
		}
	}
	pthread_mutex_unlock(&live_lock);
}

static int live_has(const void *p)
{
	int found = 0;
	pthread_mutex_lock(&live_lock);
	if (live_cap) {
		for (size_t i = live_slot(p, live_cap); live[i] && !found; i = (i + 1) & (live_cap - 1))
			found = live[i] == p;
	}
	pthread_mutex_unlock(&live_lock);
	return found;
}

static int bi_create(void **data, const crisk_params *p)
{
	if (!p || !p->mod)
		return err_set(CRISK_EINVAL, "a built-in module's create needs parameters parsed for it: call "
					     "crisk_params_parse(&params, crisk_module_builtin(name), text)");
	builtin_data *b = calloc(1, sizeof *b);
	if (!b)
		return err_set(CRISK_ENOMEM, "out of memory creating rules of module '%s'", p->mod->name);
	b->mod = p->mod;
	int rc = p->mod->rules_create(&b->data, &p->set);
	if (rc) {
		free(b);
		return rc;
	}
	rc = live_add(b);
	if (rc) {
		b->mod->rules_destroy(b->data);
		free(b);
		return rc;
	}
	*data = b;
	return CRISK_OK;
}

static void bi_destroy(void *data)
{
	builtin_data *b = data;
	if (!b)
		return;
	live_remove(b);
	b->mod->rules_destroy(b->data);
	free(b);
}

static int bi_num_seats(const void *d)
{
	return MOD(d)->num_seats(DATA(d));
}

static size_t bi_state_size(const void *d)
{
	return MOD(d)->state_size(DATA(d));
}

static void bi_state_init(const void *d, void *state, crisk_event_sink *events)
{
	MOD(d)->state_init(DATA(d), state, events->log);
}

static int bi_current_seat(const void *d, const void *state)
{
	return MOD(d)->current_seat(DATA(d), state);
}

static int bi_status(const void *d, const void *state, int *winner)
{
	return MOD(d)->status(DATA(d), state, winner);
}

static int64_t bi_turn(const void *d, const void *state)
{
	return MOD(d)->turn(DATA(d), state);
}

static int bi_score(const void *d, const void *state, int seat, int viewer)
{
	return MOD(d)->score(DATA(d), state, seat, viewer);
}

static size_t bi_legal(const void *d, const void *state, crisk_action *buf, size_t cap)
{
	return MOD(d)->legal(DATA(d), state, buf, cap);
}

static int bi_check(const void *d, const void *state, crisk_action a)
{
	return MOD(d)->check(DATA(d), state, a);
}

static int bi_apply(const void *d, void *state, crisk_action a, crisk_event_sink *events)
{
	return MOD(d)->apply(DATA(d), state, a, events->log);
}

static int bi_chance(const void *d, const void *state, crisk_action *acts, double *probs, size_t cap, size_t *count)
{
	return MOD(d)->chance(DATA(d), state, acts, probs, cap, count);
}

static int bi_action_to_string(const void *d, crisk_action a, crisk_sink *out)
{
	return MOD(d)->action_to_string(DATA(d), a, &out->w->t);
}

static int bi_action_from_string(const void *d, const char *text, crisk_action *out)
{
	return MOD(d)->action_from_string(DATA(d), text, out);
}

static void bi_event_to_string(const void *d, const crisk_event *e, crisk_sink *out)
{
	MOD(d)->event_to_string(DATA(d), e, &out->w->t);
}

static void bi_view_json(const void *d, const void *state, int viewer, crisk_sink *out)
{
	MOD(d)->to_json(DATA(d), state, viewer, out->w);
}

static void bi_event_json(const void *d, const crisk_event *e, crisk_sink *out)
{
	MOD(d)->event_json(DATA(d), e, out->w);
}

static void bi_board_json(const void *d, crisk_sink *out)
{
	MOD(d)->board_json(DATA(d), out->w);
}

static size_t bi_state_bytes(const void *d)
{
	return MOD(d)->state_bytes(DATA(d));
}

static void bi_state_save(const void *d, const void *state, uint8_t *out)
{
	MOD(d)->state_save(DATA(d), state, out);
}

static void bi_state_load(const void *d, const uint8_t *in, void *state)
{
	MOD(d)->state_load(DATA(d), in, state);
}

static int bi_state_check(const void *d, const void *state)
{
	return MOD(d)->state_check(DATA(d), state);
}

static void bi_state_to_json(const void *d, const void *state, crisk_sink *out)
{
	MOD(d)->state_to_json(DATA(d), state, out->w);
}

static int bi_state_from_json(const void *d, const crisk_json *node, void *state)
{
	return MOD(d)->state_from_json(DATA(d), (const jnode *)node, state);
}

typedef struct builtin_pub {
	crisk_module pub;
	crisk_param_desc params[PARAMS_MAX];
	const module *mod;
} builtin_pub;

static builtin_pub tables[MAX_BUILTIN];
static size_t n_tables;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void build_table(builtin_pub *t, const module *m)
{
	int n = m->n_params < PARAMS_MAX ? m->n_params : PARAMS_MAX;
	for (int i = 0; i < n; i++) {
		const param_desc *d = &m->params[i];
		t->params[i] = (crisk_param_desc){
			.name = d->name,
			.kind = d->type, /* PT_* equal CRISK_PARAM_* */
			.default_value = d->def,
			.min = d->min,
			.max = d->max,
			.choices = d->choices,
			.accepted = d->accepted,
			.help = d->help,
		};
	}
	int saves = m->state_bytes != NULL;
	t->mod = m;
	t->pub = (crisk_module){
		.abi_version = CRISK_MODULE_ABI_VERSION,
		.struct_size = sizeof(crisk_module),
		.name = m->name,
		.version = m->version,
		.n_params = n,
		.params = t->params,
		.create = bi_create,
		.destroy = bi_destroy,
		.num_seats = bi_num_seats,
		.state_size = bi_state_size,
		.state_init = bi_state_init,
		.current_seat = bi_current_seat,
		.status = bi_status,
		.turn = bi_turn,
		.score = bi_score,
		.legal = bi_legal,
		.check = bi_check,
		.apply = bi_apply,
		.chance = m->chance ? bi_chance : NULL,
		.action_to_string = bi_action_to_string,
		.action_from_string = bi_action_from_string,
		.event_to_string = bi_event_to_string,
		.view_json = bi_view_json,
		.event_json = m->event_json ? bi_event_json : NULL,
		.board_json = m->board_json ? bi_board_json : NULL,
		.state_bytes = saves ? bi_state_bytes : NULL,
		.state_save = saves ? bi_state_save : NULL,
		.state_load = saves ? bi_state_load : NULL,
		.state_check = saves ? bi_state_check : NULL,
		.state_to_json = saves ? bi_state_to_json : NULL,
		.state_from_json = saves ? bi_state_from_json : NULL,
	};
}

static void build_tables(void)
{
	const module *m;
	for (size_t i = 0; i < MAX_BUILTIN && (m = module_at(i)); i++)
		build_table(&tables[n_tables++], m);
}

const crisk_module *builtin_public(const module *m)
{
	pthread_once(&tables_once, build_tables);
	for (size_t i = 0; i < n_tables; i++)
		if (tables[i].mod == m)
			return &tables[i].pub;
	return NULL;
}

const module *builtin_internal(const crisk_module *pub)
{
	pthread_once(&tables_once, build_tables);
	for (size_t i = 0; i < n_tables; i++)
		if (pub == &tables[i].pub)
			return tables[i].mod;
	return NULL;
}

const module *builtin_unwrap(const crisk_module *pub, const void *pub_data, const void **data)
{
	const module *m = builtin_internal(pub);
	/* Only an object of the live set may be read: pub_data comes from a host. */
	if (!m || !pub_data || !live_has(pub_data) || MOD(pub_data) != m)
		return NULL;
	*data = DATA(pub_data);
	return m;
}

CRISK_API const crisk_module *crisk_module_builtin(const char *name)
{
	if (!name) {
		err_set(CRISK_EINVAL, "crisk_module_builtin: name is NULL");
		return NULL;
	}
	const module *m;
	if (rules_find_module(&m, name) != CRISK_OK)
		return NULL;
	const crisk_module *pub = builtin_public(m);
	if (!pub)
		err_set(CRISK_ENOTFOUND, "crisk_module_builtin: module '%s' has no public table (more than %d built-in modules)",
			name, MAX_BUILTIN);
	return pub;
}

CRISK_API int crisk_params_parse(crisk_params **out, const crisk_module *m, const char *text)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_params_parse: out is NULL");
	*out = NULL;
	if (!m)
		return err_set(CRISK_EINVAL, "crisk_params_parse: module is NULL");
	crisk_params *p = calloc(1, sizeof *p);
	if (!p)
		return err_set(CRISK_ENOMEM, "out of memory parsing parameters");
	const module *mod = builtin_internal(m);
	int rc;
	if (mod) {
		p->mod = mod;
		rc = params_parse(&p->set, mod->params, mod->n_params, text);
	} else if (m->abi_version != CRISK_MODULE_ABI_VERSION || m->struct_size < offsetof(crisk_module, create) || !m->name) {
		rc = err_set(CRISK_EINVAL, "crisk_params_parse: the module table has another ABI version, a struct_size "
					   "below its parameter table, or no name");
	} else {
		param_desc descs[PARAMS_MAX];
		rc = ext_convert_params(descs, m);
		if (!rc)
			rc = params_parse(&p->set, descs, m->n_params, text);
	}
	if (rc) {
		free(p);
		return rc;
	}
	*out = p;
	return CRISK_OK;
}

CRISK_API void crisk_params_free(crisk_params *p)
{
	if (!p)
		return;
	params_free(&p->set);
	free(p);
}

static int in_range(const crisk_params *p, int i)
{
	return p && i >= 0 && i < p->set.n;
}

CRISK_API int64_t crisk_params_int(const crisk_params *p, int i)
{
	return in_range(p, i) ? p->set.num[i] : 0;
}

CRISK_API uint64_t crisk_params_uint64(const crisk_params *p, int i)
{
	return in_range(p, i) ? (uint64_t)p->set.num[i] : 0;
}

CRISK_API const char *crisk_params_string(const crisk_params *p, int i)
{
	return in_range(p, i) ? p->set.str[i] : NULL;
}

CRISK_API int crisk_params_given(const crisk_params *p, int i)
{
	return in_range(p, i) && ((p->set.given >> i) & 1u);
}
