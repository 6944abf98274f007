/* Seeded random play over the public API (see playout.h). */
#include "playout.h"

/* An offer is kept only this rarely when other actions exist. */
#define OFFER_ODDS 64

uint64_t pl_next(pl_rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

size_t pl_below(pl_rng *r, size_t n)
{
	return (size_t)(pl_next(r) % n);
}

static int is_offer(crisk_action a)
{
	return (a >> 56) == CRISK_CATAN_OFFER_TRADE;
}

static int pick_chance(const crisk_game *g, pl_rng *r, crisk_action *buf, size_t *n, crisk_action *out)
{
	double probs[PL_MAX_ACTIONS]; /* risk: 1176 battle dice outcomes */
	size_t count = 0;
	int rc = crisk_game_chance_probabilities(g, buf, probs, PL_MAX_ACTIONS, &count);
	if (rc)
		return rc;
	*n = count;
	if (!count)
		return CRISK_ESTATE;
	double u = (double)(pl_next(r) >> 11) * 0x1p-53, acc = 0;
	for (size_t i = 0; i < count; i++) {
		acc += probs[i];
		if (u < acc) {
			*out = buf[i];
			return CRISK_OK;
		}
	}
	*out = buf[count - 1];
	return CRISK_OK;
}

int pl_pick(const crisk_game *g, pl_rng *r, crisk_action *buf, size_t *n, crisk_action *out)
{
	*n = 0;
	if (crisk_game_current_seat(g) == CRISK_SEAT_CHANCE)
		return pick_chance(g, r, buf, n, out);
	size_t count = 0;
	int rc = crisk_game_legal_actions(g, buf, PL_MAX_ACTIONS, &count);
	if (rc)
		return rc;
	*n = count;
	if (!count)
		return CRISK_ESTATE;
	size_t offers = 0;
	for (size_t i = 0; i < count; i++)
		offers += is_offer(buf[i]);
	if (offers && offers < count && pl_below(r, OFFER_ODDS)) {
		size_t k = pl_below(r, count - offers);
		for (size_t i = 0; i < count; i++)
			if (!is_offer(buf[i]) && k-- == 0) {
				*out = buf[i];
				return CRISK_OK;
			}
	}
	*out = buf[pl_below(r, count)];
	return CRISK_OK;
}

int pl_step(crisk_game *g, pl_rng *r, crisk_action *buf)
{
	size_t n;
	crisk_action a;
	int rc = pl_pick(g, r, buf, &n, &a);
	return rc ? rc : crisk_game_apply(g, a);
}

int64_t pl_play(crisk_game *g, pl_rng *r, crisk_action *buf, int64_t max_steps)
{
	int64_t steps = 0;
	while (steps < max_steps && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING) {
		int rc = pl_step(g, r, buf);
		if (rc)
			return rc;
		steps++;
	}
	return steps;
}
