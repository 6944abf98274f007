/* module.playout for muhq: the core's random loop (policy.h) run inside the
 * module, so a step is one listing, one draw and one application without
 * checking the drawn action again: it comes straight from the list of the
 * same state.  It makes the core loop's choices exactly. */
#include "../core/error.h"
#include "../core/policy.h"
#include "catanrisk/game.h"
#include "mq.h"
#include "mq_engine.h"

/* Longer lists and chance points stop the loop with CRISK_EBUFSIZE: the core
 * takes that one step and calls the loop again. */
#define MQ_PLAYOUT_ACTIONS 1024
#define MQ_PLAYOUT_OUTCOMES 1024

int mq_playout(const void *data, void *st, uint64_t skip_types, uint64_t max_steps, uint64_t *policy, evlog *log,
	       uint64_t *steps)
{
	const mq_rules *R = data;
	mq_state *S = st;
	crisk_action acts[MQ_PLAYOUT_ACTIONS];
	uint64_t draws = *policy, done = *steps;
	int rc = CRISK_OK;
	while (done < max_steps && S->cur != CRISK_SEAT_NONE) {
		crisk_action a;
		if (S->cur == CRISK_SEAT_CHANCE) {
			double probs[MQ_PLAYOUT_OUTCOMES];
			size_t n = 0;
			if ((rc = mq_chance(R, S, acts, probs, MQ_PLAYOUT_OUTCOMES, &n)))
				break;
			a = acts[policy_weighted(&draws, probs, n)]; /* n >= 1: mq_flow never opens k = 0 */
		} else {
			size_t n = mq_legal_except(R, S, skip_types, acts, MQ_PLAYOUT_ACTIONS);
			if (n > MQ_PLAYOUT_ACTIONS) {
				rc = CRISK_EBUFSIZE;
				break;
			}
			if (n == 0) {
				rc = err_set(CRISK_ESTATE, "crisk_game_playout: seat %d has no action left after skipping types",
					     S->cur);
				break;
			}
			a = acts[policy_pick(&draws, n)];
		}
		mq_apply_listed(R, S, a, log);
		done++;
	}
	*policy = draws;
	*steps = done;
	return rc;
}
