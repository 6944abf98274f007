/* Public game handles: argument checks that are the same for every module,
 * then dispatch to the module's vtable.  The event log lives here. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "error.h"
#include "catanrisk/record.h"
#include "rules_impl.h"
#include "state_copy.h"

#define DEFAULT_EVENT_CAPACITY 4096u
#define MAX_EVENT_CAPACITY 1048576u
#define MAX_UNDO_DEPTH 4096u
/* Snapshot header size, rounded so the state copy after it stays aligned. */
#define UNDO_HEAD_SIZE ((sizeof(undo_head) + 15u) & ~(size_t)15u)
#define REC_FIRST_CAPACITY 256u

#if defined(__GNUC__)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define UNLIKELY(x) (x)
#endif

#define NEED_GAME(g, fn)                                                       \
	do {                                                                   \
		if (!(g))                                                      \
			return err_set(CRISK_EINVAL, fn ": game is NULL");     \
	} while (0)

static const module *mod_of(const crisk_game *g)
{
	return g->mod;
}

static const void *data_of(const crisk_game *g)
{
	return g->data;
}

static int check_seat(const crisk_game *g, const char *fn, int seat)
{
	if (seat < 0 || seat >= g->rules->seats)
		return err_set(CRISK_EINVAL, "%s: seat %d out of range (0..%d)", fn, seat, g->rules->seats - 1);
	return CRISK_OK;
}

static int check_viewer(const crisk_game *g, const char *fn, int viewer)
{
	if (viewer == CRISK_VIEWER_SPECTATOR || viewer == CRISK_VIEWER_OMNISCIENT)
		return CRISK_OK;
	if (viewer < 0 || viewer >= g->rules->seats)
		return err_set(CRISK_EINVAL,
			       "%s: viewer %d is neither a seat (0..%d) nor CRISK_VIEWER_SPECTATOR (%d) nor "
			       "CRISK_VIEWER_OMNISCIENT (%d)",
			       fn, viewer, g->rules->seats - 1, CRISK_VIEWER_SPECTATOR, CRISK_VIEWER_OMNISCIENT);
	return CRISK_OK;
}

/* Call after changing undo.depth or rec.on: game_apply's usual case. */
static void game_history_changed(crisk_game *g)
{
	g->apply_limit = g->undo.depth || g->rec.on ? 0 : EV_SEQ_PLAY_LIMIT;
}

static crisk_game *alloc_game(crisk_rules *r, uint32_t event_cap)
{
	/* The state starts on a cache line, so crisk_game_copy's 64-byte
	 * stores never straddle two lines or two pages (a state across a page
	 * boundary made copies two to three times slower). */
	size_t bytes = (sizeof(crisk_game) + r->state_size + 63) & ~(size_t)63;
	crisk_game *g = aligned_alloc(64, bytes);
	if (!g)
		return NULL;
	memset(g, 0, bytes);
	if (event_cap) {
		g->log.ring = malloc(event_cap * sizeof *g->log.ring);
		if (!g->log.ring) {
			free(g);
			return NULL;
		}
	}
	g->log.cap = event_cap;
	g->log.next = 1;
	g->log.base = 1;
	g->apply_limit = EV_SEQ_PLAY_LIMIT;
	g->moves = MOVES_UNKNOWN;
	g->rules = r;
	g->mod = r->mod;
	g->data = r->data;
	g->current_seat = r->mod->current_seat;
	g->legal = r->mod->legal;
	g->legal_except = r->mod->legal_except;
	g->apply = r->mod->apply;
	g->skip_foreign = ~r->mod->skip_natively;
	g->seat_byte = r->mod->seat_at ? (const int8_t *)(const void *)(g->state + r->mod->seat_at - 1) : NULL;
	g->state_size = r->state_size;
	rules_retain(r);
	return g;
}

static void free_game(crisk_game *g)
{
	crisk_rules_free(g->rules);
	free(g->log.ring);
	free(g->undo.slots);
	free(g->rec.acts);
	free(g);
}

void game_state_replaced(crisk_game *g)
{
	g->moves = MOVES_UNKNOWN;
	g->undo.head = 0;
	g->undo.count = 0;
	g->rec.len = 0;
	g->rec.whole = 0;
}

/* Copies src's undo history and record into a fresh clone g. */
static int clone_history(crisk_game *g, const crisk_game *src)
{
	if (src->undo.depth) {
		size_t bytes = src->undo.depth * src->undo.slot_size;
		g->undo.slots = malloc(bytes);
		if (!g->undo.slots)
			return CRISK_ENOMEM;
		memcpy(g->undo.slots, src->undo.slots, bytes);
		g->undo.slot_size = src->undo.slot_size;
		g->undo.depth = src->undo.depth;
		g->undo.head = src->undo.head;
		g->undo.count = src->undo.count;
	}
	g->rec.on = src->rec.on;
	g->rec.whole = src->rec.whole;
	if (src->rec.cap) {
		g->rec.acts = malloc(src->rec.cap * sizeof *g->rec.acts);
		if (!g->rec.acts)
			return CRISK_ENOMEM;
		if (src->rec.len)
			memcpy(g->rec.acts, src->rec.acts, src->rec.len * sizeof *g->rec.acts);
		g->rec.cap = src->rec.cap;
		g->rec.len = src->rec.len;
	}
	game_history_changed(g);
	return CRISK_OK;
}

CRISK_API int crisk_game_new(crisk_game **out, const crisk_rules *rules)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_game_new: out is NULL");
	*out = NULL;
	if (!rules)
		return err_set(CRISK_EINVAL, "crisk_game_new: rules is NULL");
	crisk_game *g = alloc_game((crisk_rules *)rules, DEFAULT_EVENT_CAPACITY);
	if (!g)
		return err_set(CRISK_ENOMEM, "out of memory creating a game");
	rules->mod->state_init(rules->data, g->state, &g->log);
	g->moves = 0;
	*out = g;
	return CRISK_OK;
}

CRISK_API int crisk_game_clone(crisk_game **out, const crisk_game *src)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_game_clone: out is NULL");
	*out = NULL;
	NEED_GAME(src, "crisk_game_clone");
	crisk_game *g = alloc_game(src->rules, src->log.cap);
	if (!g)
		return err_set(CRISK_ENOMEM, "out of memory cloning a game");
	memcpy(g->state, src->state, src->state_size);
	if (src->log.cap)
		memcpy(g->log.ring, src->log.ring, src->log.cap * sizeof *g->log.ring);
	g->log.next = src->log.next;
	g->log.base = src->log.base;
	g->moves = src->moves;
	if (clone_history(g, src) != CRISK_OK) {
		free_game(g);
		return err_set(CRISK_ENOMEM, "out of memory cloning a game's undo history or record");
	}
	*out = g;
	return CRISK_OK;
}

/* Built for each vector width (CRISK_HAVE_TARGET_CLONES, meson.build), so
 * copy_state's 64-byte moves are single AVX-512 or paired AVX2 moves where
 * the CPU has them. */
#if defined(CRISK_HAVE_TARGET_CLONES)
__attribute__((target_clones("avx512f", "avx2", "default")))
#endif
CRISK_API int crisk_game_copy(crisk_game *dst, const crisk_game *src)
{
	if (!dst || !src)
		return err_set(CRISK_EINVAL, "crisk_game_copy: %s is NULL", dst ? "src" : "dst");
	if (dst->rules != src->rules)
		return err_set(CRISK_EINVAL, "crisk_game_copy: the games were created from different rules objects");
	copy_state(dst->state, src->state, src->state_size);
	dst->log.next = src->log.next;
	dst->log.base = src->log.next;
	dst->moves = src->moves;
	dst->undo.head = 0;
	dst->undo.count = 0;
	/* The record follows only when it fits without allocating. */
	dst->rec.len = 0;
	dst->rec.whole = dst->rec.on && src->rec.on && src->rec.whole && dst->rec.cap >= src->rec.len;
	if (dst->rec.whole && src->rec.len) {
		memcpy(dst->rec.acts, src->rec.acts, src->rec.len * sizeof *dst->rec.acts);
		dst->rec.len = src->rec.len;
	}
	return CRISK_OK;
}

CRISK_API size_t crisk_game_state_size(const crisk_game *g)
{
	if (!g) {
		err_set(CRISK_EINVAL, "crisk_game_state_size: game is NULL");
		return 0;
	}
	return g->state_size;
}

CRISK_API void crisk_game_free(crisk_game *g)
{
	if (!g)
		return;
	free_game(g);
}

CRISK_API const crisk_rules *crisk_game_rules(const crisk_game *g)
{
	if (!g) {
		err_set(CRISK_EINVAL, "crisk_game_rules: game is NULL");
		return NULL;
	}
	return g->rules;
}

CRISK_API int crisk_game_current_seat(const crisk_game *g)
{
	NEED_GAME(g, "crisk_game_current_seat");
	if (g->seat_byte) { /* the module's answer, stored (module.h, seat_at) */
		assert(*g->seat_byte == g->current_seat(data_of(g), g->state));
		return *g->seat_byte;
	}
	return g->current_seat(data_of(g), g->state);
}

CRISK_API int crisk_game_status(const crisk_game *g, int *winner)
{
	int w = -1;
	if (winner)
		*winner = -1;
	NEED_GAME(g, "crisk_game_status");
	int st = mod_of(g)->status(data_of(g), g->state, &w);
	if (winner)
		*winner = w;
	return st;
}

CRISK_API int64_t crisk_game_turn(const crisk_game *g)
{
	NEED_GAME(g, "crisk_game_turn");
	return mod_of(g)->turn(data_of(g), g->state);
}

CRISK_API int crisk_game_score(const crisk_game *g, int seat, int viewer, int *vp)
{
	NEED_GAME(g, "crisk_game_score");
	if (!vp)
		return err_set(CRISK_EINVAL, "crisk_game_score: vp is NULL");
	int rc = check_seat(g, "crisk_game_score", seat);
	if (!rc)
		rc = check_viewer(g, "crisk_game_score", viewer);
	if (rc)
		return rc;
	int v = mod_of(g)->score(data_of(g), g->state, seat, viewer);
	if (v == MODULE_SCORE_FAILED) { /* a host module's score outside its range; the message is set */
		*vp = 0;
		return CRISK_ESTATE;
	}
	*vp = v;
	return CRISK_OK;
}

/* The refusals of the listing functions' arguments, apart from the usual call. */
static int legal_actions_refused(const char *fn, const crisk_game *g, const crisk_action *buf, size_t cap,
				 size_t *count)
{
	if (count)
		*count = 0;
	if (!g)
		return err_set(CRISK_EINVAL, "%s: game is NULL", fn);
	if (!count)
		return err_set(CRISK_EINVAL, "%s: count is NULL", fn);
	return err_check_buffer(fn, buf, cap);
}

/* The end of every listing call: the count, and the refusal of a small buffer. */
static int listed(size_t n, size_t cap, size_t *count)
{
	*count = n;
	if (n > cap) { /* also every failed call: no buffer holds SIZE_MAX / 2 actions */
		if (module_legal_failed(n)) {
			*count = 0;
			return module_legal_code(n);
		}
		return err_set(CRISK_EBUFSIZE, "buffer too small: %zu legal actions, capacity %zu", n, cap);
	}
	return CRISK_OK;
}

/* The refusals of crisk_game_legal_actions (fn) and
 * crisk_game_legal_actions_except, out of the usual call's way: the
 * arguments, then the exhausted sequence numbers. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static int legal_call_refused(const char *fn, const crisk_game *g, const crisk_action *buf, size_t cap,
			      size_t *count)
{
	if (!g || !count || (!buf && cap))
		return legal_actions_refused(fn, g, buf, cap, count);
	*count = 0;
	return game_seq_exhausted(g);
}

CRISK_API int crisk_game_legal_actions(const crisk_game *g, crisk_action *buf, size_t cap, size_t *count)
{
	if (UNLIKELY(!g || !count || (!buf && cap) || g->log.next > EV_SEQ_PLAY_LIMIT))
		return legal_call_refused("crisk_game_legal_actions", g, buf, cap, count);
	return listed(g->legal(data_of(g), g->state, buf, cap), cap, count);
}

/* Full lists up to this length are filtered on the stack (a Catan list stays far below). */
#define FILTER_STACK_ACTIONS 512

static int type_skipped(crisk_action a, uint64_t skip_types)
{
	unsigned type = CRISK_ACTION_TYPE(a);
	return type < 64 && (skip_types >> type & 1u);
}

/* Copies the n actions of src that are not skipped to dst (as many as fit)
 * and returns how many there are. */
static size_t keep_unskipped(const crisk_action *src, size_t n, uint64_t skip_types, crisk_action *dst, size_t cap)
{
	size_t kept = 0;
	for (size_t i = 0; i < n; i++) {
		if (type_skipped(src[i], skip_types))
			continue;
		if (kept < cap)
			dst[kept] = src[i];
		kept++;
	}
	return kept;
}

/* The core's filter, for types a module cannot skip itself: the full list
 * goes into a scratch list, never into the caller's buffer, which receives
 * the kept actions only (nothing past them is written).  Apart, so that the
 * usual call does not set up the scratch's frame. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int legal_filtered(const crisk_game *g, uint64_t skip_types, crisk_action *buf, size_t cap, size_t *count)
{
	crisk_action on_stack[FILTER_STACK_ACTIONS], *all = on_stack;
	size_t n = mod_of(g)->legal(data_of(g), g->state, on_stack, FILTER_STACK_ACTIONS);
	if (n > FILTER_STACK_ACTIONS) {
		*count = 0;
		if (module_legal_failed(n))
			return module_legal_code(n);
		if (n > SIZE_MAX / sizeof *all || !(all = malloc(n * sizeof *all)))
			return err_set(CRISK_ENOMEM, "crisk_game_legal_actions_except: out of memory for %zu actions", n);
		size_t again = mod_of(g)->legal(data_of(g), g->state, all, n);
		if (again != n) { /* only a host module can answer otherwise for the same state */
			free(all);
			if (module_legal_failed(again))
				return module_legal_code(again);
			return err_set(CRISK_ESTATE, "module '%s': legal returned %zu actions, then %zu for the same state",
				       mod_of(g)->name, n, again);
		}
	}
	size_t kept = keep_unskipped(all, n, skip_types, buf, cap);
	if (all != on_stack)
		free(all);
	return listed(kept, cap, count);
}

/* The top byte of log.next: above 0x3F from 2^62 on, one byte compare
 * instead of a 64-bit constant's. */
_Static_assert(EV_SEQ_PLAY_LIMIT >= (UINT64_C(0x40) << 56) - 1, "log.next > EV_SEQ_PLAY_LIMIT: top byte above 0x3F");
static inline unsigned seq_top_byte(const crisk_game *g)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return ((const unsigned char *)&g->log.next)[sizeof g->log.next - 1];
#else
	return (unsigned)(g->log.next >> 56);
#endif
}

/* crisk_game_legal_actions_except past its usual call's one wide test:
 * the exact tests, then the list (buf NULL with cap 0, a sequence number
 * of exactly 2^62, or non-NULL pointers whose product wraps to 0). */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static int legal_except_unusual(const crisk_game *g, uint64_t skip_types, crisk_action *buf, size_t cap,
				size_t *count)
{
	if (!g || !count || (!buf && cap) || g->log.next > EV_SEQ_PLAY_LIMIT)
		return legal_call_refused("crisk_game_legal_actions_except", g, buf, cap, count);
	return game_legal_except(g, skip_types, buf, cap, count);
}

CRISK_API int crisk_game_legal_actions_except(const crisk_game *g, uint64_t skip_types, crisk_action *buf,
					      size_t cap, size_t *count)
{
	/* Wider than the refusals, never narrower (legal_except_unusual
	 * decides exactly): a product of the three pointers is 0 when one of
	 * them is NULL (NULL converts to 0), and log.next's top byte is above
	 * 0x3F whenever log.next > EV_SEQ_PLAY_LIMIT (2^62). */
	if (UNLIKELY((uintptr_t)g * (uintptr_t)buf * (uintptr_t)count == 0 || seq_top_byte(g) > 0x3Fu))
		return legal_except_unusual(g, skip_types, buf, cap, count);
	return game_legal_except(g, skip_types, buf, cap, count);
}

int game_legal_except(const crisk_game *g, uint64_t skip_types, crisk_action *buf, size_t cap, size_t *count)
{
	if (skip_types & g->skip_foreign)
		return legal_filtered(g, skip_types, buf, cap, count);
	/* any skip_types, 0 too (crisk_game::legal_except) */
	return listed(g->legal_except(data_of(g), g->state, skip_types, buf, cap), cap, count);
}

CRISK_API int crisk_game_check(const crisk_game *g, crisk_action a)
{
	NEED_GAME(g, "crisk_game_check");
	if (g->log.next > EV_SEQ_PLAY_LIMIT)
		return game_seq_exhausted(g);
	return mod_of(g)->check(data_of(g), g->state, a);
}

/* Makes room for one more recorded action: the only allocation apply may do. */
static int rec_reserve(action_rec *r)
{
	if (r->len < r->cap)
		return CRISK_OK;
	size_t cap = r->cap ? r->cap * 2 : REC_FIRST_CAPACITY;
	crisk_action *acts = realloc(r->acts, cap * sizeof *acts);
	if (!acts)
		return err_set(CRISK_ENOMEM, "out of memory growing the game record to %zu actions; the action was not applied",
			       cap);
	r->acts = acts;
	r->cap = cap;
	return CRISK_OK;
}

/* crisk_game_apply with an undo snapshot or a record to keep: apart, so
 * that the usual call keeps a small frame. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int apply_with_history(crisk_game *g, crisk_action a)
{
	int recording = g->rec.on && g->rec.whole;
	if (recording) {
		int rc = rec_reserve(&g->rec);
		if (rc)
			return rc;
	}
	/* Snapshot into the next ring slot first; it counts only on success. */
	unsigned char *slot = NULL;
	if (g->undo.depth) {
		slot = g->undo.slots + g->undo.head * g->undo.slot_size;
		undo_head h = {.ev_next = g->log.next, .moves = g->moves};
		memcpy(slot, &h, sizeof h);
		memcpy(slot + UNDO_HEAD_SIZE, g->state, g->state_size);
	}
	int rc = mod_of(g)->apply(data_of(g), g->state, a, &g->log);
	if (rc)
		return rc;
	if (slot) {
		g->undo.head = (g->undo.head + 1) % g->undo.depth;
		if (g->undo.count < g->undo.depth)
			g->undo.count++;
	}
	if (g->moves >= 0)
		g->moves++;
	if (recording)
		g->rec.acts[g->rec.len++] = a;
	return CRISK_OK;
}

CRISK_API int crisk_game_apply(crisk_game *g, crisk_action a)
{
	NEED_GAME(g, "crisk_game_apply");
	return game_apply(g, a);
}

int game_seq_exhausted(const crisk_game *g)
{
	return err_set(CRISK_ESTATE, "event sequence number %llu: the game has numbered more than 2^62 events and "
		       "takes no more actions (it can still be saved, loaded and viewed)",
		       (unsigned long long)g->log.next);
}

/* game_apply past its one test: the exhausted sequence numbers, or a game
 * with history to keep. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static int apply_unusual(crisk_game *g, crisk_action a)
{
	if (g->log.next > EV_SEQ_PLAY_LIMIT)
		return game_seq_exhausted(g);
	return apply_with_history(g, a);
}

int game_apply(crisk_game *g, crisk_action a)
{
	/* One test for both the exhausted sequence numbers and a game with
	 * undo snapshots or a record (apply_limit 0). */
	if (UNLIKELY(g->log.next > g->apply_limit))
		return apply_unusual(g, a);
	/* The common case (playouts, searches): no snapshot, no record.  An
	 * unknown history (MOVES_UNKNOWN) stays negative however far it counts. */
	int rc = g->apply(data_of(g), g->state, a, &g->log);
	/* one on success: rc is CRISK_OK (0) or a negative code, and only 0
	 * is below 1 as unsigned (a compare and an add with carry, no branch) */
	g->moves += (unsigned)rc < 1u;
	return rc;
}

CRISK_API int crisk_game_set_undo_depth(crisk_game *g, size_t depth)
{
	NEED_GAME(g, "crisk_game_set_undo_depth");
	if (depth > MAX_UNDO_DEPTH)
		return err_set(CRISK_EINVAL, "crisk_game_set_undo_depth: %zu is above the limit %u", depth,
			       MAX_UNDO_DEPTH);
	size_t slot_size = UNDO_HEAD_SIZE + ((g->state_size + 15u) & ~(size_t)15u);
	unsigned char *slots = NULL;
	if (depth) {
		slots = malloc(depth * slot_size);
		if (!slots)
			return err_set(CRISK_ENOMEM, "out of memory for %zu undo snapshots of %zu bytes", depth,
				       slot_size);
	}
	free(g->undo.slots);
	g->undo.slots = slots;
	g->undo.slot_size = slot_size;
	g->undo.depth = depth;
	g->undo.head = 0;
	g->undo.count = 0;
	game_history_changed(g);
	return CRISK_OK;
}

CRISK_API int crisk_game_undo_available(const crisk_game *g, size_t *steps)
{
	if (steps)
		*steps = 0;
	NEED_GAME(g, "crisk_game_undo_available");
	if (!steps)
		return err_set(CRISK_EINVAL, "crisk_game_undo_available: steps is NULL");
	*steps = g->undo.count;
	return CRISK_OK;
}

CRISK_API int crisk_game_undo(crisk_game *g, size_t steps)
{
	NEED_GAME(g, "crisk_game_undo");
	if (steps > g->undo.count)
		return err_set(CRISK_ESTATE, "cannot undo %zu actions: %zu available (undo depth %zu)", steps,
			       g->undo.count, g->undo.depth);
	if (!steps)
		return CRISK_OK;
	size_t idx = (g->undo.head + g->undo.depth - steps) % g->undo.depth;
	const unsigned char *slot = g->undo.slots + idx * g->undo.slot_size;
	undo_head h;
	memcpy(&h, slot, sizeof h);
	memcpy(g->state, slot + UNDO_HEAD_SIZE, g->state_size);
	/* Events newer than the restored point are dropped; the ones still
	 * stored that are older stay readable. */
	uint64_t first = ev_first(&g->log);
	g->log.base = first < h.ev_next ? first : h.ev_next;
	g->log.next = h.ev_next;
	g->undo.head = idx;
	g->undo.count -= steps;
	g->moves = h.moves;
	if (g->rec.whole)
		g->rec.len = h.moves >= 0 ? (size_t)h.moves : 0;
	return CRISK_OK;
}

CRISK_API int crisk_game_set_recording(crisk_game *g, int on)
{
	NEED_GAME(g, "crisk_game_set_recording");
	if (!on) {
		free(g->rec.acts);
		g->rec = (action_rec){0};
		game_history_changed(g);
		return CRISK_OK;
	}
	if (g->rec.on && g->rec.whole)
		return CRISK_OK;
	if (g->moves != 0) {
		if (g->moves < 0)
			return err_set(CRISK_ESTATE, "crisk_game_set_recording: the game's history is unknown (it was "
						     "loaded or copied in); recording must start at crisk_game_new");
		return err_set(CRISK_ESTATE, "crisk_game_set_recording: %lld actions were applied already; recording "
					     "must start at crisk_game_new",
			       (long long)g->moves);
	}
	g->rec.on = 1;
	g->rec.whole = 1;
	g->rec.len = 0;
	game_history_changed(g);
	return CRISK_OK;
}

CRISK_API int crisk_game_chance_probabilities(const crisk_game *g, crisk_action *actions, double *probs, size_t cap,
					      size_t *count)
{
	if (count)
		*count = 0;
	NEED_GAME(g, "crisk_game_chance_probabilities");
	if (!count)
		return err_set(CRISK_EINVAL, "crisk_game_chance_probabilities: count is NULL");
	if ((!actions || !probs) && cap)
		return err_set(CRISK_EINVAL, "crisk_game_chance_probabilities: a buffer is NULL but capacity is %zu",
			       cap);
	return mod_of(g)->chance(data_of(g), g->state, actions, probs, cap, count);
}

CRISK_API int crisk_game_action_to_string(const crisk_game *g, crisk_action a, char *buf, size_t cap,
					  size_t *out_len)
{
	NEED_GAME(g, "crisk_game_action_to_string");
	int rc = err_check_buffer("crisk_game_action_to_string", buf, cap);
	if (rc)
		return rc;
	textbuf t;
	tb_init(&t, buf, cap);
	rc = mod_of(g)->action_to_string(data_of(g), a, &t);
	if (rc) {
		if (buf && cap)
			buf[0] = '\0';
		return rc;
	}
	return tb_finish(&t, out_len);
}

CRISK_API int crisk_game_action_from_string(crisk_action *out, const crisk_game *g, const char *text)
{
	if (!out)
		return err_set(CRISK_EINVAL, "crisk_game_action_from_string: out is NULL");
	*out = 0;
	NEED_GAME(g, "crisk_game_action_from_string");
	if (!text)
		return err_set(CRISK_EINVAL, "crisk_game_action_from_string: text is NULL");
	return mod_of(g)->action_from_string(data_of(g), text, out);
}

CRISK_API int crisk_event_init(crisk_event *e, uint32_t version)
{
	if (!e)
		return err_set(CRISK_EINVAL, "crisk_event_init: event is NULL");
	if (version != CRISK_EVENT_VERSION)
		return err_set(CRISK_EINVAL, "crisk_event_init: unknown version %u (this library knows %d)", version,
			       CRISK_EVENT_VERSION);
	memset(e, 0, sizeof *e);
	e->version = version;
	e->seat = -1;
	e->target = -1;
	return CRISK_OK;
}

CRISK_API int crisk_game_event_range(const crisk_game *g, uint64_t *first, uint64_t *next)
{
	NEED_GAME(g, "crisk_game_event_range");
	if (first)
		*first = ev_first(&g->log);
	if (next)
		*next = g->log.next;
	return CRISK_OK;
}

CRISK_API int crisk_game_event(crisk_event *e, const crisk_game *g, uint64_t seq, int viewer)
{
	if (!e)
		return err_set(CRISK_EINVAL, "crisk_game_event: event is NULL");
	NEED_GAME(g, "crisk_game_event");
	if (e->version != CRISK_EVENT_VERSION)
		return err_set(CRISK_EINVAL, "crisk_game_event: event->version is %u; call crisk_event_init first",
			       e->version);
	int rc = check_viewer(g, "crisk_game_event", viewer);
	if (rc)
		return rc;
	if (ev_read(&g->log, seq, viewer, e) != 0)
		return err_set(CRISK_ENOTFOUND, "event %llu is not in the log (it holds %llu..%llu)",
			       (unsigned long long)seq, (unsigned long long)ev_first(&g->log),
			       (unsigned long long)g->log.next - 1);
	return CRISK_OK;
}

CRISK_API int crisk_event_to_string(const crisk_game *g, const crisk_event *e, char *buf, size_t cap,
				    size_t *out_len)
{
	NEED_GAME(g, "crisk_event_to_string");
	if (!e)
		return err_set(CRISK_EINVAL, "crisk_event_to_string: event is NULL");
	int rc = err_check_buffer("crisk_event_to_string", buf, cap);
	if (rc)
		return rc;
	textbuf t;
	tb_init(&t, buf, cap);
	mod_of(g)->event_to_string(data_of(g), e, &t);
	return tb_finish(&t, out_len);
}

CRISK_API int crisk_game_events_json(const crisk_game *g, uint64_t since, int viewer, char *buf, size_t cap,
				     size_t *out_len)
{
	NEED_GAME(g, "crisk_game_events_json");
	int rc = err_check_buffer("crisk_game_events_json", buf, cap);
	if (!rc)
		rc = check_viewer(g, "crisk_game_events_json", viewer);
	if (rc)
		return rc;
	jw w;
	jw_init(&w, buf, cap);
	jw_arr_begin(&w);
	uint64_t seq = ev_first(&g->log);
	if (since > seq)
		seq = since;
	for (; seq < g->log.next; seq++) {
		crisk_event e = {.version = CRISK_EVENT_VERSION};
		if (ev_read(&g->log, seq, viewer, &e) == 0)
			mod_of(g)->event_json(data_of(g), &e, &w);
	}
	jw_arr_end(&w);
	return jw_finish(&w, out_len);
}

CRISK_API int crisk_game_set_event_capacity(crisk_game *g, size_t capacity)
{
	NEED_GAME(g, "crisk_game_set_event_capacity");
	if (capacity > MAX_EVENT_CAPACITY)
		return err_set(CRISK_EINVAL, "crisk_game_set_event_capacity: %zu is above the limit %u", capacity,
			       MAX_EVENT_CAPACITY);
	ev *ring = NULL;
	if (capacity) {
		ring = malloc(capacity * sizeof *ring);
		if (!ring)
			return err_set(CRISK_ENOMEM, "out of memory for an event log of %zu events", capacity);
	}
	/* Keep the newest events that fit. */
	uint64_t first = ev_first(&g->log);
	if (g->log.next - first > capacity)
		first = g->log.next - capacity;
	for (uint64_t seq = first; seq < g->log.next; seq++)
		ring[seq % capacity] = g->log.ring[seq % g->log.cap];
	free(g->log.ring);
	g->log.ring = ring;
	g->log.cap = (uint32_t)capacity;
	g->log.base = first;
	return CRISK_OK;
}

CRISK_API int crisk_game_to_json(const crisk_game *g, int viewer, char *buf, size_t cap, size_t *out_len)
{
	NEED_GAME(g, "crisk_game_to_json");
	int rc = err_check_buffer("crisk_game_to_json", buf, cap);
	if (!rc)
		rc = check_viewer(g, "crisk_game_to_json", viewer);
	if (rc)
		return rc;
	jw w;
	jw_init(&w, buf, cap);
	mod_of(g)->to_json(data_of(g), g->state, viewer, &w);
	return jw_finish(&w, out_len);
}
