/* The random playout loop of a Catan-family module (module.playout), written
 * once for the module's own seat, list, chance and apply functions.  Inlined
 * where a module passes them, it calls them directly: no table, wrapper or
 * argument check a step.  It makes the choices of the core's loop (policy.h). */
#ifndef CRISK_CATAN_PLAYOUT_LOOP_H
#define CRISK_CATAN_PLAYOUT_LOOP_H

#include "../core/error.h"
#include "../core/policy.h"
#include "kernel.h"

/* A longer list or chance point stops the loop with CRISK_EBUFSIZE: the core
 * takes that one step and calls the loop again. */
#define CATAN_PLAYOUT_ACTIONS 512
#define CATAN_PLAYOUT_OUTCOMES 16 /* a Catan chance point has at most 11 */

typedef struct catan_playout_fns {
	int (*current_seat)(const void *data, const void *st);
	size_t (*list)(const void *data, const void *st, int offers, crisk_action *buf, size_t cap);
	int (*chance)(const void *data, const void *st, crisk_action *acts, double *probs, size_t cap, size_t *count);
	int (*apply)(const void *data, void *st, crisk_action a, evlog *log);
} catan_playout_fns;

#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int catan_playout(const catan_playout_fns fns, const void *data, void *st, uint64_t skip_types,
				uint64_t max_steps, uint64_t *policy, evlog *log, uint64_t *steps)
{
	crisk_action acts[CATAN_PLAYOUT_ACTIONS];
	const int offers = kern_lists_offers(skip_types);
	/* Kept in registers through the loop; stored back at the end.  The
	 * steps left count down (*steps = max_steps - left at the end): one
	 * test a step. */
	if (*steps >= max_steps)
		return CRISK_OK;
	uint64_t draws = *policy, left = max_steps - *steps;
	int rc = CRISK_OK;
	while (left) {
		const int seat = fns.current_seat(data, st);
		crisk_action a;
		if (seat < 0) { /* one sign test a step for a seat */
			if (seat == CRISK_SEAT_NONE)
				break;
			if (seat == CRISK_SEAT_CHANCE) {
				double probs[CATAN_PLAYOUT_OUTCOMES];
				size_t n = 0;
				if ((rc = fns.chance(data, st, acts, probs, CATAN_PLAYOUT_OUTCOMES, &n)))
					break;
				if (n == 0) {
					rc = err_set(CRISK_ESTATE, "crisk_game_playout: a chance point without outcomes");
					break;
				}
				a = acts[policy_weighted(&draws, probs, n)];
				goto chosen;
			}
			/* any other value (none is used) lists, as before */
		}
		{
			size_t n = fns.list(data, st, offers, acts, CATAN_PLAYOUT_ACTIONS);
			if (n == 1) /* a lone choice draws nothing (policy_pick) */
				a = acts[0];
			else if (n - 1 < CATAN_PLAYOUT_ACTIONS) /* 2..512 */
				a = acts[policy_pick_many(&draws, n)];
			else { /* none (n - 1 wraps) or too many */
				if (n)
					rc = CRISK_EBUFSIZE;
				else /* the seat again: not kept across the list's call */
					rc = err_set(CRISK_ESTATE,
						     "crisk_game_playout: seat %d has no action left after skipping types",
						     fns.current_seat(data, st));
				break;
			}
		}
	chosen:
		if ((rc = fns.apply(data, st, a, log)))
			break;
		left--;
	}
	*policy = draws;
	*steps = max_steps - left;
	return rc;
}

#endif
