/* crisk_game_playout: random actions until the game is over.  A module with
 * its own loop (module.playout) runs it without the per-step bookkeeping of
 * undo and records; otherwise, or with those on, the core steps through the
 * module's methods.  Both make the same choices (policy.h). */
#include <stdlib.h>
#include "error.h"
#include "policy.h"
#include "rules_impl.h"

/* Lists up to this length need no allocation (a Catan list stays far below). */
#define PLAYOUT_STACK_ACTIONS 512
/* Chance points up to this many outcomes need no allocation (a Catan one
 * has at most 11, a Risk battle roll more). */
#define PLAYOUT_CHANCE_OUTCOMES 64

/* A chance point with more outcomes than chance_step has room for (a
 * host module's, or a Risk battle roll): the lists go on the heap. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int chance_step_large(crisk_game *g, uint64_t *rng, size_t n, crisk_action *out)
{
	/* n * sizeof must not wrap (a host module's count is bounded by its adapter). */
	int fits = n <= SIZE_MAX / sizeof(double) && n <= SIZE_MAX / sizeof(crisk_action);
	crisk_action *acts = fits ? malloc(n * sizeof *acts) : NULL;
	double *probs = fits ? malloc(n * sizeof *probs) : NULL;
	int rc = acts && probs ? g->mod->chance(g->data, g->state, acts, probs, n, &n)
			       : err_set(CRISK_ENOMEM, "crisk_game_playout: out of memory for %zu chance outcomes", n);
	if (rc == CRISK_EBUFSIZE) /* more than the count it just gave: only a host module can */
		rc = err_set(CRISK_ESTATE, "module '%s': chance gave more outcomes on a second call for the same state",
			     g->mod->name);
	if (!rc)
		*out = acts[policy_weighted(rng, probs, n)];
	free(acts);
	free(probs);
	return rc;
}

static int chance_step(crisk_game *g, uint64_t *rng, crisk_action *out)
{
	crisk_action acts[PLAYOUT_CHANCE_OUTCOMES];
	double probs[PLAYOUT_CHANCE_OUTCOMES];
	size_t n = 0;
	int rc = g->mod->chance(g->data, g->state, acts, probs, PLAYOUT_CHANCE_OUTCOMES, &n);
	if (rc == CRISK_EBUFSIZE && n > PLAYOUT_CHANCE_OUTCOMES)
		return chance_step_large(g, rng, n, out);
	if (rc)
		return rc;
	if (n == 0)
		return err_set(CRISK_ESTATE, "crisk_game_playout: a chance point without outcomes");
	*out = acts[policy_weighted(rng, probs, n)];
	return CRISK_OK;
}

/* The core's loop: one listing, draw and apply a step, each as the public
 * functions do them. */
static int playout_by_steps(crisk_game *g, uint64_t skip_types, uint64_t max_steps, uint64_t *rng, uint64_t *steps)
{
	const module *m = g->mod;
	crisk_action on_stack[PLAYOUT_STACK_ACTIONS], *acts = on_stack;
	size_t cap = PLAYOUT_STACK_ACTIONS;
	int rc = CRISK_OK, seat;
	while (*steps < max_steps && (seat = m->current_seat(g->data, g->state)) != CRISK_SEAT_NONE) {
		crisk_action a = 0;
		if (seat == CRISK_SEAT_CHANCE) {
			rc = chance_step(g, rng, &a);
		} else if (seat < CRISK_SEAT_NONE) {
			rc = seat; /* a failure (CRISK_ESTATE from a host module), never a seat */
		} else {
			size_t n = 0;
			rc = game_legal_except(g, skip_types, acts, cap, &n);
			if (rc == CRISK_EBUFSIZE) { /* longer than any Catan list: grow */
				/* n * sizeof must not wrap (a host module's count is bounded by its adapter). */
				crisk_action *more = n <= SIZE_MAX / sizeof *more ? malloc(n * sizeof *more) : NULL;
				if (!more) {
					rc = err_set(CRISK_ENOMEM, "crisk_game_playout: out of memory for %zu actions", n);
					break;
				}
				if (acts != on_stack)
					free(acts);
				acts = more;
				cap = n;
				rc = game_legal_except(g, skip_types, acts, cap, &n);
				if (rc == CRISK_EBUFSIZE) /* more than it just gave: only a host module can */
					rc = err_set(CRISK_ESTATE, "module '%s': legal gave more actions on a second call for "
								   "the same state",
						     m->name);
			}
			if (!rc && n == 0)
				rc = err_set(CRISK_ESTATE, "crisk_game_playout: seat %d has no action left after skipping types",
					     seat);
			if (!rc)
				a = acts[policy_pick(rng, n)];
		}
		if (!rc)
			rc = game_apply(g, a);
		if (rc)
			break;
		++*steps;
	}
	if (acts != on_stack)
		free(acts);
	return rc;
}

CRISK_API int crisk_game_playout(crisk_game *g, uint64_t skip_types, uint64_t max_steps, uint64_t *rng_state,
				 uint64_t *steps)
{
	uint64_t done = 0;
	if (steps)
		*steps = 0;
	if (!g)
		return err_set(CRISK_EINVAL, "crisk_game_playout: game is NULL");
	if (!rng_state)
		return err_set(CRISK_EINVAL, "crisk_game_playout: rng_state is NULL");
	if (max_steps == 0)
		max_steps = UINT64_MAX;
	if (g->log.next > EV_SEQ_PLAY_LIMIT)
		return game_seq_exhausted(g);
	const module *m = g->mod;
	int rc;
	if (m->playout && !g->undo.depth && !g->rec.on && !(skip_types & ~m->skip_natively)) {
		for (;;) {
			uint64_t before = done;
			rc = m->playout(g->data, g->state, skip_types, max_steps, rng_state, &g->log, &done);
			if (g->moves >= 0)
				g->moves += (int64_t)(done - before);
			if (rc != CRISK_EBUFSIZE || done >= max_steps)
				break;
			/* A list or chance point too long for the module's loop (a Risk
			 * battle roll in explicit chance mode): one step here, then on. */
			rc = playout_by_steps(g, skip_types, done + 1, rng_state, &done);
			if (rc)
				break;
		}
	} else {
		rc = playout_by_steps(g, skip_types, max_steps, rng_state, &done);
	}
	if (steps)
		*steps = done;
	return rc;
}
