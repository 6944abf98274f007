/* Host modules (catanrisk/module.h) behind the internal module vtable: the
 * checks a table must pass, the adapter methods that call it, and loading a
 * module from a shared object. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#include <dlfcn.h>
#define HAVE_DLOPEN 1
#endif

#include "error.h"
#include "module_ext.h"
#include "rules_impl.h"

#define NAME_MAX_LEN 64 /* as in the save format */
#define MAX_HOST_STATE_BYTES (1u << 24) /* a host module's state block: 16 MiB */
#define HOST_LIST_MAX (1u << 20) /* legal actions and chance outcomes: 8 MiB of codes */

/* The adapter's data: the module's table, what its create made, and the
 * sizes the core checked once at creation (the core sizes allocations and
 * saves by them, so a module that later answers otherwise cannot move them). */
typedef struct ext_data {
	const crisk_module *pub;
	void *data;
	int seats;
	size_t state_size;
	size_t state_bytes; /* 0 without save hooks */
} ext_data;

#define PUB(d) (((const ext_data *)(d))->pub)
#define DATA(d) (((const ext_data *)(d))->data)

/* Text output of a public method into an internal textbuf: begin sets up a
 * writer that appends at t->len, end takes the new length back. */
static void sink_text_begin(jw *w, const textbuf *t)
{
	jw_init(w, t->buf, t->cap);
	w->t.len = t->len;
}

static void sink_text_end(const jw *w, textbuf *t)
{
	t->len = w->t.len;
}

/* ---- adapter methods: internal signature, public call ---- */

static void ad_rules_destroy(void *data)
{
	ext_data *x = data;
	if (x->pub->destroy)
		x->pub->destroy(x->data);
	free(x);
}

static int ad_num_seats(const void *d)
{
	return ((const ext_data *)d)->seats;
}

static size_t ad_state_size(const void *d)
{
	return ((const ext_data *)d)->state_size;
}

/* A method's result outside its contract: the call fails with CRISK_ESTATE
 * (the game's state is one the module cannot answer for), naming the method. */
#define BROKEN(d, method, fmt, ...)                                                                          \
	err_set(CRISK_ESTATE, "module '%s': " method " returned " fmt, PUB(d)->name, __VA_ARGS__)

/* Module codes are CRISK_OK or negative CRISK_E* codes; a positive one would
 * reach hosts as neither. */
static int module_code(const void *d, const char *method, int rc, int code)
{
	if (rc <= 0)
		return rc;
	return err_set(code, "module '%s': %s returned %d, which is no CRISK_E* code", PUB(d)->name, method, rc);
}

static void ad_state_init(const void *d, void *state, evlog *log)
{
	crisk_event_sink events = {log};
	PUB(d)->state_init(DATA(d), state, &events);
}

static int ad_current_seat(const void *d, const void *state)
{
	const ext_data *x = d;
	int seat = x->pub->current_seat(x->data, state);
	if ((seat >= 0 && seat < x->seats) || seat == CRISK_SEAT_NONE || (seat == CRISK_SEAT_CHANCE && x->pub->chance))
		return seat;
	return BROKEN(d, "current_seat", "%d; a seat 0..%d, CRISK_SEAT_NONE or (with a chance method) "
		      "CRISK_SEAT_CHANCE is expected", seat, x->seats - 1);
}

static int ad_status(const void *d, const void *state, int *winner)
{
	const ext_data *x = d;
	int w = -1;
	int st = x->pub->status(x->data, state, &w);
	*winner = -1;
	if (st != CRISK_STATUS_RUNNING && st != CRISK_STATUS_WON && st != CRISK_STATUS_ENDED)
		return BROKEN(d, "status", "%d; CRISK_STATUS_RUNNING, _WON or _ENDED is expected", st);
	if (st == CRISK_STATUS_WON ? w < 0 || w >= x->seats : w != -1)
		return BROKEN(d, "status", "%d with winner %d; a won game has a winner 0..%d, others -1", st, w,
			      x->seats - 1);
	*winner = w;
	return st;
}

static int64_t ad_turn(const void *d, const void *state)
{
	int64_t turn = PUB(d)->turn(DATA(d), state);
	if (turn < 0)
		return BROKEN(d, "turn", "%lld; turns are 0 or more", (long long)turn);
	return turn;
}

/* Points, not sums of money: wide enough for any game, narrow enough that
 * garbage (an uninitialized int, INT_MIN) is caught and sums over seats or
 * differences never overflow an int. */
#define HOST_SCORE_MAX 1000000

static int ad_score(const void *d, const void *state, int seat, int viewer)
{
	int v = PUB(d)->score(DATA(d), state, seat, viewer);
	if (v >= -HOST_SCORE_MAX && v <= HOST_SCORE_MAX)
		return v;
	BROKEN(d, "score", "%d for seat %d (viewer %d); scores are -%d..%d", v, seat, viewer, HOST_SCORE_MAX,
	       HOST_SCORE_MAX);
	return MODULE_SCORE_FAILED;
}

/* The core sizes scratch lists by a count (n * sizeof), and playouts pick
 * from the listed actions, so a count past this bound or a list out of
 * order (a sign of garbage) fails before anyone reads it. */
static size_t ad_legal(const void *d, const void *state, crisk_action *buf, size_t cap)
{
	size_t n = PUB(d)->legal(DATA(d), state, buf, cap);
	if (n > HOST_LIST_MAX) {
		BROKEN(d, "legal", "a count of %zu; at most %u actions are supported", n, HOST_LIST_MAX);
		return module_legal_error(CRISK_ESTATE);
	}
	size_t written = n < cap ? n : cap;
	for (size_t i = 1; i < written; i++)
		if (buf[i] <= buf[i - 1]) {
			BROKEN(d, "legal", "action %llu at index %zu after %llu; actions are listed strictly ascending",
			       (unsigned long long)buf[i], i, (unsigned long long)buf[i - 1]);
			return module_legal_error(CRISK_ESTATE);
		}
	return n;
}

/* module.legal_except: a host module skips nothing itself (skip_natively 0),
 * so the core passes skip_types 0 alone: legal's list. */
static size_t ad_legal_except(const void *d, const void *state, uint64_t skip_types, crisk_action *buf, size_t cap)
{
	assert(skip_types == 0);
	(void)skip_types;
	return ad_legal(d, state, buf, cap);
}

static int ad_check(const void *d, const void *state, crisk_action a)
{
	return module_code(d, "check", PUB(d)->check(DATA(d), state, a), CRISK_ESTATE);
}

static int ad_apply(const void *d, void *state, crisk_action a, evlog *log)
{
	crisk_event_sink events = {log};
	return module_code(d, "apply", PUB(d)->apply(DATA(d), state, a, &events), CRISK_ESTATE);
}

/* The core reads *count outcomes of a successful call (playouts pick one),
 * so a count past the buffer or probabilities that are no distribution are
 * refused before anyone reads them. */
static int ad_chance(const void *d, const void *state, crisk_action *acts, double *probs, size_t cap, size_t *count)
{
	const crisk_module *m = PUB(d);
	if (!m->chance)
		return err_set(CRISK_ESTATE, "module '%s' has no chance points (it draws its own random outcomes)", m->name);
	size_t n = 0;
	int rc = module_code(d, "chance", m->chance(DATA(d), state, acts, probs, cap, &n), CRISK_ESTATE);
	*count = 0;
	if (rc == CRISK_EBUFSIZE && n <= cap)
		return BROKEN(d, "chance", "CRISK_EBUFSIZE with %zu outcomes, which fit the capacity %zu", n, cap);
	/* Playouts allocate the outcomes a short buffer asks for. */
	if (rc == CRISK_EBUFSIZE && n > HOST_LIST_MAX)
		return BROKEN(d, "chance", "CRISK_EBUFSIZE with %zu outcomes; at most %u are supported", n, HOST_LIST_MAX);
	if (rc == CRISK_EBUFSIZE)
		*count = n;
	if (rc)
		return rc;
	if (n > cap)
		return BROKEN(d, "chance", "CRISK_OK with %zu outcomes for a capacity of %zu (CRISK_EBUFSIZE is expected)",
			      n, cap);
	if (n == 0)
		return BROKEN(d, "chance", "%s", "CRISK_OK with no outcomes (CRISK_ESTATE is expected away from a chance point)");
	double sum = 0;
	for (size_t i = 0; i < n; i++) {
		if (!(probs[i] >= 0 && probs[i] <= 1))
			return BROKEN(d, "chance", "probability %g for outcome %zu; each is in [0, 1]", probs[i], i);
		sum += probs[i];
	}
	if (sum < 1 - 1e-6 || sum > 1 + 1e-6)
		return BROKEN(d, "chance", "probabilities summing to %.9g over %zu outcomes; they sum to 1", sum, n);
	*count = n;
	return CRISK_OK;
}

static int ad_action_to_string(const void *d, crisk_action a, textbuf *t)
{
	jw w;
	sink_text_begin(&w, t);
	crisk_sink out = {&w};
	int rc = PUB(d)->action_to_string(DATA(d), a, &out);
	sink_text_end(&w, t);
	return module_code(d, "action_to_string", rc, CRISK_EINVAL);
}

static int ad_action_from_string(const void *d, const char *text, crisk_action *out)
{
	return module_code(d, "action_from_string", PUB(d)->action_from_string(DATA(d), text, out), CRISK_EFORMAT);
}

static void ad_event_to_string(const void *d, const crisk_event *e, textbuf *t)
{
	jw w;
	sink_text_begin(&w, t);
	crisk_sink out = {&w};
	PUB(d)->event_to_string(DATA(d), e, &out);
	sink_text_end(&w, t);
}

static void ad_event_json(const void *d, const crisk_event *e, jw *w)
{
	crisk_sink out = {w};
	if (PUB(d)->event_json) {
		PUB(d)->event_json(DATA(d), e, &out);
		return;
	}
	char text[256];
	textbuf t;
	tb_init(&t, text, sizeof text);
	ad_event_to_string(d, e, &t);
	tb_finish(&t, NULL);
	ev_write_json(w, e, NULL, text);
}

static void ad_to_json(const void *d, const void *state, int viewer, jw *w)
{
	crisk_sink out = {w};
	PUB(d)->view_json(DATA(d), state, viewer, &out);
}

static void ad_board_json(const void *d, jw *w)
{
	crisk_sink out = {w};
	PUB(d)->board_json(DATA(d), &out);
}

static size_t ad_state_bytes(const void *d)
{
	return ((const ext_data *)d)->state_bytes;
}

static void ad_state_save(const void *d, const void *state, uint8_t *out)
{
	PUB(d)->state_save(DATA(d), state, out);
}

static void ad_state_load(const void *d, const uint8_t *in, void *state)
{
	PUB(d)->state_load(DATA(d), in, state);
}

static int ad_state_check(const void *d, const void *state)
{
	return module_code(d, "state_check", PUB(d)->state_check(DATA(d), state), CRISK_EFORMAT);
}

/* JSON saves of modules without JSON hooks: {"hex": binary form}. */
static void ad_state_to_json(const void *d, const void *state, jw *w)
{
	const crisk_module *m = PUB(d);
	crisk_sink out = {w};
	if (m->state_to_json) {
		m->state_to_json(DATA(d), state, &out);
		return;
	}
	static const char digits[] = "0123456789abcdef";
	size_t n = ad_state_bytes(d);
	uint8_t *bytes = malloc(n ? n : 1);
	char *hex = malloc(2 * n + 1);
	if (!bytes || !hex) {
		/* The save fails with CRISK_ENOMEM rather than give one that cannot load. */
		jw_nomem(w);
		free(bytes);
		free(hex);
		return;
	}
	m->state_save(DATA(d), state, bytes);
	for (size_t i = 0; i < n; i++) {
		hex[2 * i] = digits[bytes[i] >> 4];
		hex[2 * i + 1] = digits[bytes[i] & 15];
	}
	hex[2 * n] = '\0';
	jw_obj_begin(w);
	jw_kstr(w, "hex", hex);
	jw_obj_end(w);
	free(bytes);
	free(hex);
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static int ad_state_from_json(const void *d, const jnode *root, void *state)
{
	const crisk_module *m = PUB(d);
	if (m->state_from_json)
		return module_code(d, "state_from_json", m->state_from_json(DATA(d), (const crisk_json *)root, state),
				   CRISK_EFORMAT);
	const crisk_json *node = (const crisk_json *)root;
	if (crisk_json_count(node) != 1 || !crisk_json_member(node, "hex"))
		return crisk_json_error(node, "expected {\"hex\": ...} with the binary state (module '%s' has no JSON state)",
					m->name);
	const crisk_json *hex_node = crisk_json_member(node, "hex");
	const char *hex = crisk_json_string(hex_node);
	if (!hex)
		return crisk_json_error(hex_node, "expected a string of hex digits");
	size_t n = ad_state_bytes(d);
	if (strlen(hex) != 2 * n)
		return crisk_json_error(hex_node, "%zu hex digits; the state needs %zu (%zu bytes)", strlen(hex), 2 * n, n);
	uint8_t *bytes = malloc(n ? n : 1);
	if (!bytes)
		return err_set(CRISK_ENOMEM, "out of memory loading a save");
	for (size_t i = 0; i < n; i++) {
		int hi = hex_value(hex[2 * i]), lo = hex_value(hex[2 * i + 1]);
		if (hi < 0 || lo < 0) {
			free(bytes);
			return crisk_json_error(hex_node, "character %zu is not a lowercase hex digit", hi < 0 ? 2 * i : 2 * i + 1);
		}
		bytes[i] = (uint8_t)(hi << 4 | lo);
	}
	m->state_load(DATA(d), bytes, state);
	free(bytes);
	return CRISK_OK;
}

/* ---- checking a host's table ---- */

/* Reads only what the module was compiled with: fields past struct_size stay NULL. */
static void copy_table(crisk_module *dst, const crisk_module *src)
{
	size_t n = src->struct_size < sizeof *dst ? src->struct_size : sizeof *dst;
	memset(dst, 0, sizeof *dst);
	memcpy(dst, src, n);
}

static int check_name(const crisk_module *m)
{
	if (!m->name)
		return err_set(CRISK_EINVAL, "module has no name (crisk_module.name is NULL)");
	size_t len = strlen(m->name);
	if (len == 0 || len > NAME_MAX_LEN)
		return err_set(CRISK_EINVAL, "module name '%s' has %zu characters; 1..%d are allowed", m->name, len,
			       NAME_MAX_LEN);
	for (size_t i = 0; i < len; i++)
		if (m->name[i] <= ' ' || m->name[i] > '~')
			return err_set(CRISK_EINVAL, "module name '%s': character %zu is not printable ASCII without spaces",
				       m->name, i);
	return CRISK_OK;
}

/* The required methods, by name, for the message that lists the missing ones. */
static int check_methods(const crisk_module *m)
{
	const struct {
		const char *name;
		int present;
	} req[] = {
		{"num_seats", !!m->num_seats},
		{"state_size", !!m->state_size},
		{"state_init", !!m->state_init},
		{"current_seat", !!m->current_seat},
		{"status", !!m->status},
		{"turn", !!m->turn},
		{"score", !!m->score},
		{"legal", !!m->legal},
		{"check", !!m->check},
		{"apply", !!m->apply},
		{"action_to_string", !!m->action_to_string},
		{"action_from_string", !!m->action_from_string},
		{"event_to_string", !!m->event_to_string},
		{"view_json", !!m->view_json},
	};
	char missing[256];
	textbuf t;
	tb_init(&t, missing, sizeof missing);
	int n = 0;
	for (size_t i = 0; i < sizeof req / sizeof req[0]; i++)
		if (!req[i].present) {
			tb_puts(&t, n++ ? ", " : "");
			tb_puts(&t, req[i].name);
		}
	tb_finish(&t, NULL);
	if (n)
		return err_set(CRISK_EINVAL, "module '%s' lacks required method%s: %s", m->name, n > 1 ? "s" : "", missing);
	int binary = !!m->state_bytes + !!m->state_save + !!m->state_load + !!m->state_check;
	if (binary != 0 && binary != 4)
		return err_set(CRISK_EINVAL, "module '%s' has %d of the 4 binary save hooks (state_bytes, state_save, "
					     "state_load, state_check): give all or none",
			       m->name, binary);
	int json = !!m->state_to_json + !!m->state_from_json;
	if (json == 1)
		return err_set(CRISK_EINVAL, "module '%s' has only one of state_to_json and state_from_json: give both or none",
			       m->name);
	if (json && !binary)
		return err_set(CRISK_EINVAL, "module '%s' has JSON save hooks but no binary ones; saving needs both forms",
			       m->name);
	return CRISK_OK;
}

int ext_convert_params(param_desc *out, const crisk_module *m)
{
	if (m->n_params < 0 || m->n_params > PARAMS_MAX)
		return err_set(CRISK_EINVAL, "module '%s' declares %d parameters (0..%d)", m->name, (int)m->n_params,
			       PARAMS_MAX);
	if (m->n_params && !m->params)
		return err_set(CRISK_EINVAL, "module '%s' declares %d parameters but params is NULL", m->name,
			       (int)m->n_params);
	for (int i = 0; i < m->n_params; i++) {
		const crisk_param_desc *d = &m->params[i];
		out[i] = (param_desc){
			.name = d->name,
			.type = (int)d->kind, /* CRISK_PARAM_* equal PT_* */
			.def = d->default_value,
			.min = d->min,
			.max = d->max,
			.choices = d->choices,
			.accepted = d->accepted,
			.help = d->help,
		};
	}
	/* The same rules as the built-in tables follow, so that the canonical
	 * string of every rules object parses back (saves and records). */
	int rc = params_check_table(out, m->n_params);
	if (rc) {
		char why[ERR_MSG_MAX];
		memcpy(why, err_message(), sizeof why);
		return err_set(rc, "module '%s': %s", m->name, why);
	}
	return CRISK_OK;
}

/* Checks a host's table and wraps it; the result holds one reference. */
static int ext_wrap(ext_module **out, const crisk_module *pub, void *dl)
{
	*out = NULL;
	if (pub->abi_version != CRISK_MODULE_ABI_VERSION)
		return err_set(CRISK_EUNSUPPORTED, "module ABI version %u is not supported: this library implements "
						   "version %d (crisk_module.abi_version)",
			       (unsigned)pub->abi_version, CRISK_MODULE_ABI_VERSION);
	size_t need = offsetof(crisk_module, view_json) + sizeof pub->view_json;
	if (pub->struct_size < need)
		return err_set(CRISK_EINVAL, "module struct_size %u is too small: ABI version %d needs at least %zu bytes "
					     "(through view_json)",
			       (unsigned)pub->struct_size, CRISK_MODULE_ABI_VERSION, need);
	ext_module *x = calloc(1, sizeof *x);
	if (!x)
		return err_set(CRISK_ENOMEM, "out of memory wrapping a module");
	copy_table(&x->pub, pub);
	int rc = check_name(&x->pub);
	if (!rc)
		rc = check_methods(&x->pub);
	if (!rc)
		rc = ext_convert_params(x->params, &x->pub);
	if (rc) {
		free(x);
		return rc;
	}
	const crisk_module *m = &x->pub;
	int saves = m->state_bytes != NULL;
	x->m = (module){
		.name = m->name,
		.version = m->version,
		.params = x->params,
		.n_params = m->n_params,
		.rules_destroy = ad_rules_destroy,
		.num_seats = ad_num_seats,
		.state_size = ad_state_size,
		.state_init = ad_state_init,
		.current_seat = ad_current_seat,
		.status = ad_status,
		.turn = ad_turn,
		.score = ad_score,
		.legal = ad_legal,
		.legal_except = ad_legal_except,
		.check = ad_check,
		.apply = ad_apply,
		.chance = ad_chance,
		.action_to_string = ad_action_to_string,
		.action_from_string = ad_action_from_string,
		.event_to_string = ad_event_to_string,
		.event_json = ad_event_json,
		.to_json = ad_to_json,
		.board_json = m->board_json ? ad_board_json : NULL,
		.state_bytes = saves ? ad_state_bytes : NULL,
		.state_save = saves ? ad_state_save : NULL,
		.state_load = saves ? ad_state_load : NULL,
		.state_check = saves ? ad_state_check : NULL,
		.state_to_json = saves ? ad_state_to_json : NULL,
		.state_from_json = saves ? ad_state_from_json : NULL,
	};
	x->builtin = builtin_internal(pub);
	x->table = pub;
	x->dl = dl;
	atomic_init(&x->refs, 1);
	*out = x;
	return CRISK_OK;
}

void ext_retain(ext_module *x)
{
	atomic_fetch_add_explicit(&x->refs, 1, memory_order_relaxed);
}

void ext_release(ext_module *x)
{
	if (!x || atomic_fetch_sub_explicit(&x->refs, 1, memory_order_acq_rel) != 1)
		return;
#ifdef HAVE_DLOPEN
	if (x->dl)
		dlclose(x->dl);
#endif
	free(x);
}

int ext_rules_create(const ext_module *x, void **data, const param_set *p)
{
	const crisk_module *m = &x->pub;
	ext_data *d = calloc(1, sizeof *d);
	if (!d)
		return err_set(CRISK_ENOMEM, "out of memory creating rules of module '%s'", m->name);
	d->pub = m;
	if (m->create) {
		/* Borrows the strings; a built-in table's create needs to know its module. */
		crisk_params params = {.set = *p, .mod = x->builtin};
		/* A create that fails without a message still gets one; a
		 * successful one leaves the previous message as it was. */
		char before[ERR_MSG_MAX];
		memcpy(before, err_message(), sizeof before);
		err_set(CRISK_OK, "%s", "");
		int rc = m->create(&d->data, &params);
		if (rc) {
			free(d);
			if (rc > 0)
				return err_set(CRISK_EINVAL, "module '%s': create returned %d, which is no CRISK_E* code", m->name,
					       rc);
			if (!err_message()[0])
				err_set(rc, "module '%s': create failed without a message", m->name);
			return rc;
		}
		err_set(CRISK_OK, "%s", before);
	}
	int seats = m->num_seats(d->data);
	if (seats < 1 || seats > CRISK_MAX_SEATS) {
		ad_rules_destroy(d);
		return err_set(CRISK_EINVAL, "module '%s' reports %d seats; 1..%d are supported", m->name, seats,
			       CRISK_MAX_SEATS);
	}
	/* The core allocates the state with its game (and its undo copies):
	 * a size near SIZE_MAX would wrap around there. */
	size_t bytes = m->state_size(d->data);
	if (bytes > MAX_HOST_STATE_BYTES) {
		ad_rules_destroy(d);
		return err_set(CRISK_EINVAL, "module '%s' reports a state of %zu bytes; at most %u are supported",
			       m->name, bytes, MAX_HOST_STATE_BYTES);
	}
	/* Saves hold the binary form behind a 4-byte length, and loading allocates it. */
	size_t saved = m->state_bytes ? m->state_bytes(d->data) : 0;
	if (saved > MAX_HOST_STATE_BYTES) {
		ad_rules_destroy(d);
		return err_set(CRISK_EINVAL, "module '%s' reports a binary state (state_bytes) of %zu bytes; at most %u "
					     "are supported",
			       m->name, saved, MAX_HOST_STATE_BYTES);
	}
	d->seats = seats;
	d->state_size = bytes;
	d->state_bytes = saved;
	*data = d;
	return CRISK_OK;
}

/* ---- the built-in game inside a wrapper (inner_state) ---- */

/* A host table read in place (an inner module the core never wrapped): its
 * inner_state only when the table is of this ABI version and covers it. */
static int inner_table_ok(const crisk_module *m)
{
	return m->abi_version == CRISK_MODULE_ABI_VERSION &&
	       m->struct_size >= offsetof(crisk_module, view_json) + sizeof m->view_json && m->state_size;
}

static int has_inner_state(const crisk_module *m)
{
	return m->struct_size >= offsetof(crisk_module, inner_state) + sizeof m->inner_state && m->inner_state;
}

int ext_inner_builtin(const crisk_rules *r, const void *state, size_t state_size, const char *fn,
		      const char *family, const module **mod, const void **data, const void **inner_state)
{
	const ext_module *x = r->ext;
	const char *outer = x->pub.name;
	if (x->builtin) { /* crisk_module_builtin's table handed to crisk_rules_new_with_module */
		*mod = builtin_unwrap(builtin_public(x->builtin), DATA(r->data), data);
		*inner_state = state;
		if (!*mod)
			return err_set(CRISK_EUNSUPPORTED, "%s: module '%s' has data its create did not make", fn, outer);
		return CRISK_OK;
	}
	const crisk_module *m = &x->pub; /* the checked copy: fields past struct_size are NULL */
	const void *d = DATA(r->data);
	const unsigned char *st = state;
	size_t size = state_size;
	/* The (table, data) pairs met so far: a module's state block has one
	 * size for one data, so meeting a pair again is a cycle, never nesting. */
	const crisk_module *seen_table[CRISK_MODULE_MAX_NESTING + 1];
	const void *seen_data[CRISK_MODULE_MAX_NESTING + 1];
	seen_table[0] = x->table;
	seen_data[0] = d;
	for (int level = 0;; level++) {
		const char *name = m->name ? m->name : "(no name)";
		if (!has_inner_state(m)) {
			if (level == 0)
				return err_set(CRISK_EUNSUPPORTED, "%s: module '%s' is not a %s module and wraps none (it has "
								   "no inner_state method)",
					       fn, outer, family);
			return err_set(CRISK_EUNSUPPORTED, "%s: module '%s' wraps module '%s', which is neither built in nor "
							   "a wrapper (no inner_state method), so it holds no %s game",
				       fn, outer, name, family);
		}
		if (level == CRISK_MODULE_MAX_NESTING)
			return err_set(CRISK_EUNSUPPORTED, "%s: module '%s' nests wrappers more than %d deep "
							   "(CRISK_MODULE_MAX_NESTING)",
				       fn, outer, CRISK_MODULE_MAX_NESTING);
		const crisk_module *in = NULL;
		const void *in_data = NULL;
		const unsigned char *in_st = m->inner_state(d, st, &in, &in_data);
		if (!in_st)
			return err_set(CRISK_EUNSUPPORTED, "%s: module '%s' holds no inner game (inner_state of '%s' "
							   "returned NULL), so it holds no %s game",
				       fn, outer, name, family);
		if (!in)
			return err_set(CRISK_EUNSUPPORTED, "%s: module '%s': inner_state of '%s' returned a state but no "
							   "inner module",
				       fn, outer, name);
		for (int k = 0; k <= level; k++)
			if (in == seen_table[k] && in_data == seen_data[k])
				return err_set(CRISK_EUNSUPPORTED, "%s: module '%s': inner_state of '%s' names module '%s' "
								   "with the same data as a wrapper around it (a cycle)",
					       fn, outer, name, k ? seen_table[k]->name : outer);
		/* Check the inner table and data before calling anything of them:
		 * a built-in table's data is recognized by address, never read first. */
		const module *b = NULL;
		const void *b_data = NULL;
		size_t in_size;
		if (in == x->table) {
			/* The host's own table again, with other data: its checked copy. */
			in = &x->pub;
			in_size = in->state_size(in_data);
		} else if (builtin_internal(in)) {
			if (!in_data)
				return err_set(CRISK_EUNSUPPORTED, "%s: module '%s': inner_state of '%s' names built-in "
								   "module '%s' with NULL data",
					       fn, outer, name, in->name);
			if (!(b = builtin_unwrap(in, in_data, &b_data)))
				return err_set(CRISK_EUNSUPPORTED, "%s: module '%s': inner_state of '%s' names built-in "
								   "module '%s' with data its create did not make",
					       fn, outer, name, in->name);
			in_size = b->state_size(b_data);
		} else if (inner_table_ok(in)) {
			in_size = in->state_size(in_data);
		} else {
			return err_set(CRISK_EUNSUPPORTED, "%s: module '%s': inner_state of '%s' names a table of another "
							   "module ABI version (%u) or too small a struct_size (%u)",
				       fn, outer, name, (unsigned)in->abi_version, (unsigned)in->struct_size);
		}
		uintptr_t off = (uintptr_t)in_st - (uintptr_t)st;
		if ((uintptr_t)in_st < (uintptr_t)st || in_size > size || off > size - in_size)
			return err_set(CRISK_EUNSUPPORTED, "%s: module '%s': inner_state of '%s' returned a block of %zu "
							   "bytes outside its own state block of %zu bytes",
				       fn, outer, name, in_size, size);
		if ((uintptr_t)in_st % 16)
			return err_set(CRISK_EUNSUPPORTED, "%s: module '%s': inner_state of '%s' returned a state at offset "
							   "%zu, which is not 16-byte aligned",
				       fn, outer, name, (size_t)off);
		if (b) {
			*mod = b;
			*data = b_data;
			*inner_state = in_st;
			return CRISK_OK;
		}
		seen_table[level + 1] = in == &x->pub ? x->table : in;
		seen_data[level + 1] = in_data;
		m = in;
		d = in_data;
		st = in_st;
		size = in_size;
	}
}

/* ---- entry points ---- */

static int new_with_table(crisk_rules **out, const crisk_module *pub, void *dl, const char *params)
{
	ext_module *x;
	int rc = ext_wrap(&x, pub, dl);
	if (rc)
		return rc;
	rc = rules_build(out, &x->m, x, params);
	ext_release(x); /* the rules hold their own reference */
	return rc;
}

CRISK_API int crisk_rules_new_with_module(crisk_rules **out, const crisk_module *pub, const char *params)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_rules_new_with_module: out is NULL");
	*out = NULL;
	if (!pub)
		return err_set(CRISK_EINVAL, "crisk_rules_new_with_module: module is NULL");
	return new_with_table(out, pub, NULL, params);
}

CRISK_API int crisk_rules_new_from_file(crisk_rules **out, const char *path, const char *params)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_rules_new_from_file: out is NULL");
	*out = NULL;
	if (!path)
		return err_set(CRISK_EINVAL, "crisk_rules_new_from_file: path is NULL");
#ifdef HAVE_DLOPEN
	dlerror(); /* clear a stale message */
	void *dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!dl) {
		const char *why = dlerror();
		return err_set(CRISK_ENOTFOUND, "cannot load module '%s': %s", path, why ? why : "unknown reason");
	}
	crisk_module_entry_fn entry;
	/* POSIX guarantees the object-to-function pointer conversion dlsym needs. */
	*(void **)&entry = dlsym(dl, CRISK_MODULE_ENTRY_SYMBOL);
	if (!entry) {
		dlclose(dl);
		return err_set(CRISK_ENOTFOUND, "module '%s' does not export the entry function '" CRISK_MODULE_ENTRY_SYMBOL
						"' (see catanrisk/module.h)",
			       path);
	}
	const crisk_module *pub = entry(CRISK_MODULE_ABI_VERSION);
	if (!pub) {
		dlclose(dl);
		return err_set(CRISK_EUNSUPPORTED, "module '%s': " CRISK_MODULE_ENTRY_SYMBOL "(%d) returned NULL (it does not "
						   "serve this library's module ABI version)",
			       path, CRISK_MODULE_ABI_VERSION);
	}
	ext_module *x;
	int rc = ext_wrap(&x, pub, dl);
	if (rc) {
		char why[ERR_MSG_MAX];
		memcpy(why, err_message(), sizeof why);
		dlclose(dl);
		return err_set(rc, "module '%s': %s", path, why);
	}
	/* From here the module owns dl.  Parameter and create errors keep their own message. */
	rc = rules_build(out, &x->m, x, params);
	ext_release(x);
	return rc;
#else
	(void)params;
	return err_set(CRISK_EUNSUPPORTED, "cannot load module '%s': this platform has no dynamic loading", path);
#endif
}
