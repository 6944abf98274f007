/* The terminal player's bots (play_bots.h).
 *
 * Greedy looks one action ahead: it applies each legal action to a copy and
 * keeps those that win at once, else those with the best own score minus
 * the best opponent score (crisk_game_score as the seat may know it), ties at
 * random. It is a yardstick, not a strong player: in Catan it builds whenever
 * building scores; muhq's stronger opponent is the library's own AI (option
 * `ai`, rules/muhq.md M-92). */
#include "play_bots.h"

#include <stdlib.h>
#include <string.h>

static uint64_t next(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

int bot_init(bot *b, bot_kind kind, uint64_t seed)
{
	*b = (bot){.kind = kind, .rng = seed};
	return CRISK_OK;
}

void bot_free(bot *b)
{
	crisk_game_free(b->scratch);
	free(b->legal);
	*b = (bot){0};
}

static int list(bot *b, const crisk_game *g, size_t *n)
{
	int rc = crisk_game_legal_actions(g, b->legal, b->cap, n);
	if (rc != CRISK_EBUFSIZE)
		return rc;
	crisk_action *more = realloc(b->legal, *n * sizeof *more);
	if (!more)
		return CRISK_ENOMEM;
	b->legal = more;
	b->cap = *n;
	return crisk_game_legal_actions(g, b->legal, b->cap, n);
}

/* Own score minus the best other seat's, as the seat may know them. */
static long value(const crisk_game *g, int seat)
{
	int winner = -1, seats = crisk_rules_num_seats(crisk_game_rules(g));
	if (crisk_game_status(g, &winner) == CRISK_STATUS_WON)
		return winner == seat ? 1000000 : -1000000;
	int own = 0, best = 0;
	crisk_game_score(g, seat, seat, &own);
	for (int s = 0; s < seats; s++) {
		int vp = 0;
		if (s != seat && !crisk_game_score(g, s, seat, &vp) && vp > best)
			best = vp;
	}
	return 1000L * own - best;
}

/* Bots play on: conceding, resigning and releasing units (muhq's king among
 * them) are left to people (kept if they are all there is). */
static size_t drop_giving_up(const crisk_game *g, crisk_action *acts, size_t n)
{
	size_t kept = 0;
	for (size_t i = 0; i < n; i++) {
		char text[64] = "";
		crisk_game_action_to_string(g, acts[i], text, sizeof text, NULL);
		if (strncmp(text, "concede", 7) && strncmp(text, "resign", 6) && strncmp(text, "release", 7))
			acts[kept++] = acts[i];
	}
	return kept ? kept : n;
}

static int chance_pick(bot *b, const crisk_game *g, crisk_action *out)
{
	enum { MAX = 4096 };
	static crisk_action acts[MAX]; /* the terminal player is single-threaded */
	static double probs[MAX];
	size_t n = 0;
	int rc = crisk_game_chance_probabilities(g, acts, probs, MAX, &n);
	if (rc)
		return rc;
	double u = (double)(next(&b->rng) >> 11) * (1.0 / 9007199254740992.0), sum = 0;
	for (size_t i = 0; i < n; i++) {
		sum += probs[i];
		if (u < sum || i + 1 == n) {
			*out = acts[i];
			return CRISK_OK;
		}
	}
	return CRISK_ESTATE;
}

int bot_choose(bot *b, const crisk_game *g, crisk_action *out)
{
	int seat = crisk_game_current_seat(g);
	if (seat == CRISK_SEAT_CHANCE)
		return chance_pick(b, g, out);
	size_t n = 0;
	int rc = list(b, g, &n);
	if (rc)
		return rc;
	if (!n)
		return CRISK_ESTATE;
	n = drop_giving_up(g, b->legal, n);
	if (b->kind == BOT_RANDOM || n == 1) {
		*out = b->legal[next(&b->rng) % n];
		return CRISK_OK;
	}
	if (!b->scratch && (rc = crisk_game_clone(&b->scratch, g)))
		return rc;
	long best = 0;
	size_t ties = 0;
	for (size_t i = 0; i < n; i++) {
		if ((rc = crisk_game_copy(b->scratch, g)) || (rc = crisk_game_apply(b->scratch, b->legal[i])))
			return rc;
		long v = value(b->scratch, seat);
		if (ties == 0 || v > best) {
			best = v;
			ties = 1;
			*out = b->legal[i];
		} else if (v == best && next(&b->rng) % ++ties == 0) {
			*out = b->legal[i]; /* reservoir choice among equals */
		}
	}
	return CRISK_OK;
}
