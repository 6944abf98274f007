/* The unit AI (rules/muhq.md §21, M-92..M-97) and AI-played seats (M-98).
 *
 * An AI seat never gets a decision point: whenever a job would wait for it,
 * mq_advance asks mq_ai_decide for the action and carries it out, so every
 * step the AI takes is a normal declaration that the other seats may answer
 * (M-33..M-41).  The AI is a function of the state: run again on the same
 * state it decides the same.  Its progress is kept in the action phase's
 * priority job (b = the activated permanent + 1, with CARDS_STEP once it
 * plays cards; c = the tag's step and mode; d = the outcome of the
 * decision's first pick + 1),
 * and every pick is a uniform(k) of M-4, so in explicit chance mode a pick
 * is a chance point and the decision is taken again, from the same state,
 * once the outcome is in. */
#include <string.h>

#include "catanrisk/game.h"
#include "geom.h"
#include "mq.h"
#include "mq_engine.h"

/* Room for the actions of one type the AI looks at: more than the tiles of
 * any built-in map (a longer list is cut here, docs/decisions.md). */
#define ACTS_MAX 1024
#define STATE_MAX MQ_STATE_MAX

/* Steps of the tags, as the spec numbers them; the mode replaces the tag
 * when a tag hands over to another (wandering X to aggressive, M-95;
 * target-oriented to wandering 2, M-96). */
enum { MODE_TAG, MODE_AGGRESSIVE, MODE_WANDER2 };
#define CARDS_STEP 0x8000u /* M-98 action phase step 2: no more activations */
#define K_CARDS_DONE 0x4000u /* M-100 step 6 is over for this turn */

typedef struct ai {
	const mq_rules *R;
	mq_state *S;
	mq_job *job;   /* the action phase's priority job, or NULL */
	int npick;     /* picks made in this decision */
	int wait;      /* a pick waits for its chance outcome */
	evlog *log;
} ai;

/* A pick (M-4): 0..k-1, or -1 when it waits at a chance point.  The first
 * pick of a decision is kept in the job, so that the decision's second pick
 * can wait without losing it. */
static int pick(ai *A, uint32_t k)
{
	uint32_t v = 0;
	if (A->job && A->npick == 0 && A->job->d) {
		A->npick++;
		return (uint32_t)(A->job->d - 1) < k ? (int)(A->job->d - 1) : 0;
	}
	if (mq_uniform(A->R, A->S, k, &v)) {
		A->wait = 1;
		return -1;
	}
	if (A->job && A->npick == 0)
		A->job->d = (uint16_t)(v + 1);
	A->npick++;
	return (int)v;
}

/* ---- canonical order (M-5) ---- */

/* Permanents: by the tile of their pile's base, the base before its
 * members, members in joining order.  Other operands: tiles in reading
 * order, then players; cards off the map by id. */
static uint64_t operand_key(const ai *A, unsigned t)
{
	const mq_card *cs = mq_ccards(A->R, A->S);
	if (t == MQ_T_NONE)
		return 0;
	if (MQ_T_IS_TILE(t))
		return UINT64_C(1) << 62 | MQ_T_VAL(t);
	if (MQ_T_IS_PLAYER(t))
		return UINT64_C(2) << 62 | MQ_T_VAL(t);
	if (t >= A->R->ncard || cs[t].zone != MQ_Z_MAP)
		return UINT64_C(3) << 62 | t;
	unsigned root = mq_root(cs, t);
	return (uint64_t)cs[root].pos << 40 | (uint64_t)(t != root) << 39 | (t != root ? cs[t].joined : 0);
}

/* The canonical key of a declaration: its card when the card is the
 * choice (a release), else its operands a, b, c in turn. */
static int decl_cmp(const ai *A, crisk_action x, crisk_action y)
{
	if (MQ_CODE_TYPE(x) == MQ_A_RELEASE) {
		uint64_t kx = operand_key(A, MQ_CODE_CARD(x)), ky = operand_key(A, MQ_CODE_CARD(y));
		return kx < ky ? -1 : kx > ky;
	}
	unsigned ox[3] = {MQ_CODE_A(x), MQ_CODE_B(x), MQ_CODE_C(x)}, oy[3] = {MQ_CODE_A(y), MQ_CODE_B(y), MQ_CODE_C(y)};
	for (int i = 0; i < 3; i++) {
		uint64_t kx = operand_key(A, ox[i]), ky = operand_key(A, oy[i]);
		if (kx != ky)
			return kx < ky ? -1 : 1;
	}
	return x < y ? -1 : x > y;
}

/* Puts n declarations in canonical order (the lists are short). */
static void canonical(const ai *A, crisk_action *acts, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		crisk_action a = acts[i];
		size_t j = i;
		for (; j > 0 && decl_cmp(A, acts[j - 1], a) > 0; j--)
			acts[j] = acts[j - 1];
		acts[j] = a;
	}
}

/* ---- the helpers of M-92 ---- */

static int enemy_target(const ai *A, unsigned c, int seat)
{
	const mq_card *x = &mq_ccards(A->R, A->S)[c];
	return mq_on_map(x) && x->up == MQ_NONE && mq_is_unitlike(A->R, c) && !mq_allied(A->R, x->ctrl, seat);
}

static int dist(const ai *A, int a, int b)
{
	return mq_dist_tiles(A->R, a, b);
}

/* Whether a permanent standing on `from` with range `range` could attack the
 * thing on tile `at` (M-62: range, and only from next to a House). */
static int hits_from(const ai *A, int from, int at, int range)
{
	int d = dist(A, from, at);
	return d >= 1 && d <= range && (mq_tile_type(A->R, A->S, at) != MQD_TILE_HOUSE || d == 1);
}

/* M-92 threatened: an enemy unit or boss could attack u where it stands
 * (its maximum range and the House rule; allowances ignored). */
static int threatened(const ai *A, unsigned u)
{
	const mq_card *cs = mq_ccards(A->R, A->S);
	int at = mq_tile_of(A->R, A->S, u);
	MQ_FOR_MAP(A->R, A->S, e)
		if (enemy_target(A, e, cs[u].ctrl) && mq_has_attack(A->R, e) &&
		    hits_from(A, cs[e].pos, at, mq_pile_range(A->R, A->S, e)))
			return 1;
	return 0;
}

/* The attacks of u on enemy targets (M-92 "can attack"), into acts. */
static size_t enemy_attacks(const ai *A, unsigned u, crisk_action *acts)
{
	const mq_card *cs = mq_ccards(A->R, A->S);
	size_t n = mq_list_of(A->R, A->S, MQ_A_ATTACK, u, acts, ACTS_MAX), k = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned t = MQ_CODE_A(acts[i]);
		if (MQ_T_IS_CARD(t) && enemy_target(A, t, cs[u].ctrl))
			acts[k++] = acts[i];
	}
	return k;
}

/* Picks one of n actions, listed in canonical order; 0 when it waits. */
static crisk_action pick_of(ai *A, const crisk_action *acts, size_t n)
{
	int i = pick(A, (uint32_t)n);
	return i < 0 ? 0 : acts[i];
}

/* Puts n declarations in canonical order, then picks one. */
static crisk_action pick_canonical(ai *A, crisk_action *acts, size_t n)
{
	canonical(A, acts, n);
	return pick_of(A, acts, n);
}

/* The normal move's destinations (MOVE aux 0) and their path costs. */
typedef struct dests {
	crisk_action act[ACTS_MAX];
	size_t n;
	uint8_t cost[MQD_MAP_SIDE_MAX * MQD_MAP_SIDE_MAX];
} dests;

static void normal_moves(const ai *A, unsigned u, dests *D)
{
	size_t n = mq_list_of(A->R, A->S, MQ_A_MOVE, u, D->act, ACTS_MAX), k = 0;
	for (size_t i = 0; i < n; i++)
		if (MQ_CODE_AUX(D->act[i]) == 0) /* never a street move (M-92) */
			D->act[k++] = D->act[i];
	D->n = k;
	if (k)
		mq_move_reach(A->R, A->S, u, mq_stat(A->R, A->S, u, MQD_STAT_MOVE), 0, -1, 1, D->cost);
}

static int dest_of(crisk_action a)
{
	return (int)MQ_T_VAL(MQ_CODE_A(a));
}

/* Keeps the destinations with the lowest path cost, then picks one. */
static crisk_action cheapest(ai *A, dests *D, crisk_action *keep, size_t n)
{
	size_t k = 0;
	int best = 256;
	for (size_t i = 0; i < n; i++)
		if (D->cost[dest_of(keep[i])] < best)
			best = D->cost[dest_of(keep[i])];
	for (size_t i = 0; i < n; i++)
		if (D->cost[dest_of(keep[i])] == best)
			keep[k++] = keep[i];
	return pick_of(A, keep, k);
}

/* M-92 move toward the tile `at`: 0 when it does not move (or waits). */
static crisk_action move_toward(ai *A, unsigned u, dests *D, int at)
{
	int now = dist(A, mq_tile_of(A->R, A->S, u), at), best = now;
	for (size_t i = 0; i < D->n; i++)
		if (dist(A, dest_of(D->act[i]), at) < best)
			best = dist(A, dest_of(D->act[i]), at);
	if (best >= now)
		return 0;
	crisk_action keep[ACTS_MAX];
	size_t k = 0;
	for (size_t i = 0; i < D->n; i++)
		if (dist(A, dest_of(D->act[i]), at) == best)
			keep[k++] = D->act[i];
	return cheapest(A, D, keep, k);
}

/* M-92 move into range of the permanent x: a destination from which u (with
 * its pile; a crew member alone, as it leaves its pile, M-48) reaches x. */
static crisk_action move_into_range(ai *A, unsigned u, dests *D, unsigned x)
{
	const mq_card *cs = mq_ccards(A->R, A->S);
	crisk_action keep[ACTS_MAX];
	size_t k = 0;
	for (size_t i = 0; i < D->n && mq_has_attack(A->R, u); i++) {
		int dest = dest_of(D->act[i]);
		if (hits_from(A, dest, cs[x].pos, mq_pile_range_at(A->R, A->S, u, dest)))
			keep[k++] = D->act[i];
	}
	if (k)
		return cheapest(A, D, keep, k);
	return move_toward(A, u, D, cs[x].pos);
}

/* M-92 wander: 0 when there is nowhere to go. */
static crisk_action wander(ai *A, dests *D)
{
	return D->n ? pick_of(A, D->act, D->n) : 0;
}

/* The nearest of the permanents that `want` accepts (ties picked), MQ_NONE
 * when there is none or the pick waits. */
static unsigned nearest(ai *A, unsigned u, int (*want)(const ai *, unsigned c, unsigned u))
{
	int from = mq_tile_of(A->R, A->S, u), best = 1 << 30;
	uint16_t keep[MQ_CARDS_MAX];
	size_t k = 0;
	const mq_card *cs = mq_ccards(A->R, A->S);
	MQ_FOR_MAP(A->R, A->S, c)
		if (want(A, c, u) && dist(A, from, cs[c].pos) < best)
			best = dist(A, from, cs[c].pos);
	MQ_FOR_MAP(A->R, A->S, c)
		if (want(A, c, u) && dist(A, from, cs[c].pos) == best)
			keep[k++] = (uint16_t)c;
	if (!k)
		return MQ_NONE;
	for (size_t i = 1; i < k; i++) { /* canonical order (M-5) */
		uint16_t c = keep[i];
		size_t j = i;
		for (; j > 0 && operand_key(A, keep[j - 1]) > operand_key(A, c); j--)
			keep[j] = keep[j - 1];
		keep[j] = c;
	}
	int i = pick(A, (uint32_t)k);
	return i < 0 ? MQ_NONE : keep[i];
}

static int is_enemy_of(const ai *A, unsigned c, unsigned u)
{
	return enemy_target(A, c, mq_ccards(A->R, A->S)[u].ctrl);
}

static int is_ally_of(const ai *A, unsigned c, unsigned u)
{
	const mq_card *x = &mq_ccards(A->R, A->S)[c];
	return c != u && mq_on_map(x) && x->up == MQ_NONE && mq_is_unitlike(A->R, c) &&
	       mq_allied(A->R, x->ctrl, mq_ccards(A->R, A->S)[u].ctrl);
}

static int any_enemy(const ai *A, unsigned u)
{
	MQ_FOR_MAP(A->R, A->S, c)
		if (is_enemy_of(A, c, u))
			return 1;
	return 0;
}

/* ---- usefulness by simulation (M-92 "full action possible", M-101) ---- */

/* A hash of n bytes, eight at a time (the tail byte-wise). */
static uint64_t mix(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, b + i, 8);
		h = (h ^ w) * UINT64_C(0x9E3779B97F4A7C15);
		h ^= h >> 29;
	}
	for (; i < n; i++)
		h = (h ^ b[i]) * UINT64_C(0x100000001B3);
	return h;
}

/* What the game is, besides the course of play: seats, cards, walls. */
static uint64_t game_hash(const mq_rules *R, const mq_state *S)
{
	uint64_t h = mix(UINT64_C(0xCBF29CE484222325), S->seat, sizeof S->seat);
	h = mix(h, mq_ccards(R, S), sizeof(mq_card) * R->ncard);
	return mix(h, mq_cwalls(R, S), (size_t)R->nwall);
}

/* Whether executing declaration a would change the game besides paying its
 * costs and spending allowances: it is declared and executed on a copy,
 * with chance drawn from the copy (the real game is untouched). */
static int useful(const ai *A, crisk_action a)
{
	uint64_t scratch[STATE_MAX / 8];
	mq_rules sim = *A->R;
	sim.explicit_chance = 0;
	mq_state *C = (mq_state *)(void *)scratch;
	memcpy(C, A->S, A->R->size);
	C->chance_given = 0;
	mq_do_apply(&sim, C, a, NULL);
	if (!C->nstack)
		return 0;
	uint64_t before = game_hash(&sim, C);
	int floor = C->njob;
	C->exec = C->stack[--C->nstack];
	mq_push(C, MQ_J_EXEC, 0, 0, 0, 0);
	mq_run_jobs(&sim, C, floor, NULL);
	return game_hash(&sim, C) != before;
}

/* Keeps the useful ones of n declarations. */
static size_t keep_useful(const ai *A, crisk_action *acts, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (useful(A, acts[i]))
			acts[k++] = acts[i];
	return k;
}

/* M-92 full action possible: its useful declarations into acts. */
static size_t full_actions(const ai *A, unsigned u, crisk_action *acts)
{
	return keep_useful(A, acts, mq_list_of(A->R, A->S, MQ_A_FULL, u, acts, ACTS_MAX));
}

/* ---- the tags ---- */

/* An action of the tag, or 0 for "finish"; sets *step to the tag's step
 * the next decision starts from. */
typedef struct run {
	unsigned u;
	int step, mode;
	int took_step; /* the spec's step the action belongs to, for the event */
} run;

/* A tag's step that uses a full action when one is possible (M-92): its
 * useful declarations, picked; 0 when there is none. */
static int full_step(ai *A, run *r, int step, crisk_action *out)
{
	crisk_action acts[ACTS_MAX];
	size_t n = full_actions(A, r->u, acts);
	if (!n)
		return 0;
	r->took_step = step;
	*out = pick_canonical(A, acts, n);
	return 1;
}

/* A tag's step that attacks an enemy target when it can, picked. */
static int attack_step(ai *A, run *r, int step, crisk_action *out)
{
	crisk_action acts[ACTS_MAX];
	size_t n = enemy_attacks(A, r->u, acts);
	if (!n)
		return 0;
	r->took_step = step;
	*out = pick_canonical(A, acts, n);
	return 1;
}

static crisk_action aggressive(ai *A, run *r)
{
	crisk_action a;
	if (attack_step(A, r, 1, &a)) /* 1 */
		return a;
	dests D;
	normal_moves(A, r->u, &D); /* 2 */
	if (!D.n)
		return 0;
	r->took_step = 2;
	if (!any_enemy(A, r->u))
		return wander(A, &D);
	unsigned x = nearest(A, r->u, is_enemy_of);
	return x == MQ_NONE ? 0 : move_into_range(A, r->u, &D, x);
}

/* The smallest distance from tile t to an enemy target of u. */
static int min_enemy_dist(const ai *A, unsigned u, int t)
{
	const mq_card *cs = mq_ccards(A->R, A->S);
	int best = 1 << 30;
	MQ_FOR_MAP(A->R, A->S, c)
		if (is_enemy_of(A, c, u) && dist(A, t, cs[c].pos) < best)
			best = dist(A, t, cs[c].pos);
	return best;
}

static crisk_action shy(ai *A, run *r)
{
	crisk_action acts[ACTS_MAX];
	size_t n;
	dests D;
	crisk_action a;
	if (r->step <= 1) { /* 1 */
		r->step = 2;
		if (!threatened(A, r->u) && full_step(A, r, 1, &a))
			return a;
	}
	if (r->step <= 2) { /* 2 */
		r->step = 3;
		normal_moves(A, r->u, &D);
		if (D.n && !any_enemy(A, r->u)) {
			r->took_step = 2;
			return wander(A, &D);
		}
		if (D.n) {
			int now = min_enemy_dist(A, r->u, mq_tile_of(A->R, A->S, r->u)), best = now;
			for (size_t i = 0; i < D.n; i++)
				if (min_enemy_dist(A, r->u, dest_of(D.act[i])) > best)
					best = min_enemy_dist(A, r->u, dest_of(D.act[i]));
			n = 0;
			for (size_t i = 0; i < D.n && best > now; i++)
				if (min_enemy_dist(A, r->u, dest_of(D.act[i])) == best)
					acts[n++] = D.act[i];
			if (n) {
				r->took_step = 2;
				return pick_of(A, acts, n);
			}
		}
	}
	if (r->step <= 3) { /* 3 */
		r->step = 4;
		if (attack_step(A, r, 3, &a))
			return a;
	}
	return 0; /* 4 */
}

static crisk_action wandering(ai *A, run *r, int x)
{
	const mq_card *cs = mq_ccards(A->R, A->S);
	int at = mq_tile_of(A->R, A->S, r->u);
	MQ_FOR_MAP(A->R, A->S, c) /* 1 */
		if (is_enemy_of(A, c, r->u) && dist(A, at, cs[c].pos) <= x) {
			r->mode = MODE_AGGRESSIVE;
			return aggressive(A, r);
		}
	dests D;
	normal_moves(A, r->u, &D); /* 2, then 1 again (the move is spent then) */
	r->took_step = 2;
	return wander(A, &D);
}

/* Whether the tile is a target tile of target-oriented `type` for u (M-96). */
static int target_tile(const ai *A, unsigned u, int type, int t)
{
	const mq_card *cs = mq_ccards(A->R, A->S);
	if (mq_tile_type(A->R, A->S, t) != type)
		return 0;
	if ((type == MQD_TILE_SPAWN || type == MQD_TILE_HARBOR) && mq_allied(A->R, mq_tile_owner(A->R, A->S, t), cs[u].ctrl))
		return 0;
	uint16_t o = mq_cocc(A->R, A->S)[t];
	return o == MQ_NONE || o == mq_root(cs, u);
}

static crisk_action target_oriented(ai *A, run *r, int type)
{
	dests D;
	crisk_action a;
	if (r->mode == MODE_WANDER2)
		return wandering(A, r, 2);
	if (r->step <= 1) { /* 1 */
		r->step = 2;
		if (full_step(A, r, 1, &a))
			return a;
	}
	int at = mq_tile_of(A->R, A->S, r->u);
	if (r->step <= 3 && !target_tile(A, r->u, type, at)) { /* 2, 3 */
		r->step = 4;
		normal_moves(A, r->u, &D);
		if (D.n) {
			/* Reachable by a path of any length on the board as it is. */
			uint8_t far[MQD_MAP_SIDE_MAX * MQD_MAP_SIDE_MAX];
			mq_move_reach(A->R, A->S, r->u, MQ_UNREACHED - 1, 0, -1, 0, far);
			int best = 1 << 30;
			for (int t = 0; t < A->R->ntile; t++)
				if (far[t] != MQ_UNREACHED && target_tile(A, r->u, type, t) && dist(A, at, t) < best)
					best = dist(A, at, t);
			uint16_t keep[MQD_MAP_SIDE_MAX * MQD_MAP_SIDE_MAX];
			uint32_t k = 0;
			for (int t = 0; t < A->R->ntile; t++)
				if (far[t] != MQ_UNREACHED && target_tile(A, r->u, type, t) && dist(A, at, t) == best)
					keep[k++] = (uint16_t)t;
			if (!k) {
				r->mode = MODE_WANDER2;
				return wandering(A, r, 2);
			}
			int i = pick(A, k);
			if (i < 0)
				return 0;
			r->took_step = 3;
			for (size_t j = 0; j < D.n; j++)
				if (dest_of(D.act[j]) == keep[i])
					return D.act[j];
			a = move_toward(A, r->u, &D, keep[i]);
			if (a || A->wait)
				return a;
		}
	}
	r->step = 5;
	if (attack_step(A, r, 4, &a)) /* 4 */
		return a;
	return 0; /* 5 */
}

static crisk_action supportive(ai *A, run *r)
{
	crisk_action a;
	dests D;
	if (r->step <= 1) { /* 1 */
		r->step = 2;
		if (full_step(A, r, 1, &a))
			return a;
	}
	if (r->step <= 2) { /* 2 */
		r->step = 3;
		normal_moves(A, r->u, &D);
		if (D.n) {
			unsigned x = nearest(A, r->u, is_ally_of);
			if (x != MQ_NONE) {
				a = move_toward(A, r->u, &D, mq_ccards(A->R, A->S)[x].pos);
				if (a || A->wait) {
					r->took_step = 2;
					return a;
				}
			}
		}
	}
	r->step = 4;
	if (attack_step(A, r, 3, &a)) /* 3 */
		return a;
	return 0; /* 4 */
}

/* M-92 paralysed: shake off with the move, the attack, then the full action. */
static crisk_action shake(const ai *A, unsigned u)
{
	const mq_card *x = &mq_ccards(A->R, A->S)[u];
	static const uint8_t bit[3] = {MQ_F_MOVE, MQ_F_ATTACK, MQ_F_FULL};
	static const uint8_t aux[3] = {0, 1, 3};
	if (!mq_paralysed(x))
		return 0;
	for (int i = 0; i < 3; i++)
		if (!(x->flags & bit[i]))
			return mq_code(MQ_A_SHAKE, u, aux[i], MQ_T_NONE, MQ_T_NONE, MQ_T_NONE);
	return 0;
}

/* The activated permanent's next step (M-92..M-97), or FINISH. */
static crisk_action unit_step(ai *A)
{
	mq_state *S = A->S;
	unsigned u = S->activated;
	mq_job *j = A->job;
	if ((j->b & 0x3FFFu) != u + 1) { /* a new activation: its tag starts */
		j->b = (uint16_t)((j->b & (CARDS_STEP | K_CARDS_DONE)) | (u + 1));
		j->c = 0;
		j->d = 0;
	}
	crisk_action a = shake(A, u);
	const mqd_card *d = mq_def(A->R, u);
	run r = {u, j->c & 0xFF, j->c >> 8, 0};
	int tag = d->ai == MQD_AI_NONE ? MQD_AI_AGGRESSIVE : d->ai; /* M-92: '-' runs aggressive */
	if (!a && !mq_paralysed(&mq_ccards(A->R, S)[u])) {
		switch (r.mode == MODE_AGGRESSIVE ? MQD_AI_AGGRESSIVE : tag) {
		case MQD_AI_SHY: a = shy(A, &r); break;
		case MQD_AI_WANDERING: a = wandering(A, &r, d->ai_arg); break;
		case MQD_AI_TARGET: a = target_oriented(A, &r, d->ai_arg); break;
		case MQD_AI_SUPPORTIVE: a = supportive(A, &r); break;
		default: a = aggressive(A, &r); break;
		}
	}
	if (A->wait)
		return 0;
	j->c = (uint16_t)(r.step | r.mode << 8);
	j->d = 0;
	if (!a)
		return mq_code(MQ_A_FINISH, u, 0, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE);
	ev *e = A->log ? ev_push(A->log, MQ_EV_AI, mq_ccards(A->R, S)[u].ctrl, -1) : NULL;
	if (e) {
		e->args[0] = (int32_t)u;
		e->args[1] = tag; /* the card's tag (a shake off is step 0) */
		e->args[2] = r.took_step;
	}
	return a;
}

/* ---- AI-played seats (M-98) ---- */

/* Oldest first: the lowest entering stamp (M-98), ties by card id; seat K
 * activates The Kraken before the others (M-100 step 5). */
static crisk_action activation(const ai *A, int seat)
{
	const mq_card *cs = mq_ccards(A->R, A->S);
	unsigned best = MQ_NONE;
	crisk_action acts[ACTS_MAX];
	size_t n = mq_list_of(A->R, A->S, MQ_A_ACTIVATE, MQ_NOCARD, acts, ACTS_MAX);
	for (size_t i = 0; i < n; i++) {
		unsigned c = MQ_CODE_CARD(acts[i]);
		if (c == A->R->kraken && seat == A->R->kseat) {
			best = c;
			break;
		}
		if (cs[c].ctrl == seat && (best == MQ_NONE || cs[c].entered < cs[best].entered))
			best = c;
	}
	return best == MQ_NONE ? 0 : mq_code(MQ_A_ACTIVATE, best, 0, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE);
}

/* The smallest distance from tile t to an enemy target of seat; 0 when
 * there is none (then every tile ties, M-101). */
static int enemy_dist(const ai *A, int seat, int t)
{
	const mq_card *cs = mq_ccards(A->R, A->S);
	int best = -1;
	MQ_FOR_MAP(A->R, A->S, e)
		if (enemy_target(A, e, seat) && (best < 0 || dist(A, t, cs[e].pos) < best))
			best = dist(A, t, cs[e].pos);
	return best < 0 ? 0 : best;
}

/* M-101: the play of hand card c, a useful declaration: a permanent's
 * placement tile first (those nearest an enemy target, picked), then the
 * targets there (picked); 0 when it has none (or waits).  A card's codes
 * list its tiles in reading order, each tile's codes together. */
static crisk_action play_card(ai *A, unsigned c, int seat)
{
	crisk_action acts[ACTS_MAX];
	size_t n = keep_useful(A, acts, mq_list_of(A->R, A->S, MQ_A_PLAY, c, acts, ACTS_MAX));
	uint16_t tiles[MQD_MAP_SIDE_MAX * MQD_MAP_SIDE_MAX];
	uint32_t nt = 0;
	int best = 1 << 30;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n; i++) {
			unsigned t = MQ_CODE_A(acts[i]);
			if (!MQ_T_IS_TILE(t) || (i && MQ_CODE_A(acts[i - 1]) == t))
				continue;
			int d = enemy_dist(A, seat, (int)MQ_T_VAL(t));
			if (!pass && d < best)
				best = d;
			if (pass && d == best)
				tiles[nt++] = (uint16_t)MQ_T_VAL(t);
		}
	if (nt) {
		int i = pick(A, nt);
		if (i < 0)
			return 0;
		size_t k = 0;
		for (size_t j = 0; j < n; j++)
			if (MQ_CODE_A(acts[j]) == (MQ_T_TILE | tiles[i]))
				acts[k++] = acts[j];
		n = k;
	}
	return n ? pick_canonical(A, acts, n) : 0;
}

/* M-98 action phase, step 2: the first playable card in hand order. */
static crisk_action play_from_hand(ai *A, int seat)
{
	const mq_card *cs = mq_ccards(A->R, A->S);
	uint16_t hand[MQ_CARDS_MAX];
	int n = 0;
	MQ_FOR_HAND(A->R, A->S, c)
		if (cs[c].ctrl == seat) {
			int i = n++;
			for (; i > 0 && cs[hand[i - 1]].pos > cs[c].pos; i--)
				hand[i] = hand[i - 1];
			hand[i] = (uint16_t)c;
		}
	for (int i = 0; i < n; i++) {
		crisk_action a = play_card(A, hand[i], seat);
		if (a || A->wait)
			return a;
	}
	return 0;
}

/* M-100 step 6: seat K draws its top card and plays it while it can; the
 * first card it cannot play usefully is discarded and ends the step. */
static crisk_action kraken_cards(ai *A, int seat)
{
	mq_state *S = A->S;
	if (A->job->b & K_CARDS_DONE)
		return 0;
	unsigned c = mq_zone_first(A->R, S, MQ_Z_HAND, seat);
	if (c == MQ_NONE) {
		c = mq_zone_first(A->R, S, MQ_Z_DECK, seat);
		if (c == MQ_NONE) { /* an empty deck ends the step: no reshuffle here */
			A->job->b |= K_CARDS_DONE;
			return 0;
		}
		mq_to_zone(A->R, S, c, MQ_Z_HAND, seat);
		ev *e = A->log ? ev_push(A->log, MQ_EV_DRAW, seat, -1) : NULL;
		if (e) { /* K's hand is revealed as it plays (public) */
			e->args[0] = (int32_t)c;
			e->args[1] = (int32_t)A->R->card[c].def;
		}
	}
	crisk_action a = play_card(A, c, seat);
	if (a || A->wait)
		return a;
	mq_to_zone(A->R, S, c, MQ_Z_DISCARD, mq_ccards(A->R, S)[c].owner);
	ev *e = A->log ? ev_push(A->log, MQ_EV_DISCARD, seat, -1) : NULL;
	if (e) {
		e->args[0] = (int32_t)c;
		e->args[1] = (int32_t)A->R->card[c].def;
	}
	A->job->b |= K_CARDS_DONE;
	return 0;
}

static crisk_action first(const ai *A, unsigned type)
{
	crisk_action a[1];
	return mq_list_of(A->R, A->S, type, MQ_NOCARD, a, 1) ? a[0] : 0;
}

static crisk_action all_of_type_picked(ai *A, unsigned type)
{
	crisk_action acts[ACTS_MAX];
	size_t n = mq_list_of(A->R, A->S, type, MQ_NOCARD, acts, ACTS_MAX);
	return n ? pick_canonical(A, acts, n) : 0;
}

static crisk_action simple(unsigned type)
{
	return mq_code(type, MQ_NOCARD, 0, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE);
}

/* The action phase's priority job, where the AI keeps its progress. */
static mq_job *phase_job(mq_state *S)
{
	mq_job *j = &S->job[S->njob - 1];
	return j->kind == MQ_J_PRIORITY && j->a == 1 ? j : NULL;
}

int mq_ai_decide(const mq_rules *R, void *st, crisk_action *out, evlog *log)
{
	mq_state *S = st;
	ai A = {R, S, NULL, 0, 0, log};
	int seat = S->cur;
	crisk_action a = 0;
	switch (S->dp) {
	case MQ_DP_PICK: /* M-98: the first card in canonical order */
		a = first(&A, MQ_A_PICK);
		break;
	case MQ_DP_TRIGGER: { /* the first trigger in canonical order, its targets picked */
		crisk_action acts[ACTS_MAX];
		size_t n = mq_list_of(R, S, MQ_A_TRIGGER, MQ_NOCARD, acts, ACTS_MAX), k = 0;
		size_t first_i = 0;
		for (size_t i = 1; i < n; i++) {
			uint64_t ki = operand_key(&A, MQ_CODE_CARD(acts[i])), kf = operand_key(&A, MQ_CODE_CARD(acts[first_i]));
			if (ki < kf || (ki == kf && MQ_CODE_AUX(acts[i]) < MQ_CODE_AUX(acts[first_i])))
				first_i = i;
		}
		crisk_action f0 = n ? acts[first_i] : 0;
		for (size_t i = 0; i < n; i++)
			if (MQ_CODE_CARD(acts[i]) == MQ_CODE_CARD(f0) && MQ_CODE_AUX(acts[i]) == MQ_CODE_AUX(f0))
				acts[k++] = acts[i];
		a = k ? pick_canonical(&A, acts, k) : 0;
		break;
	}
	case MQ_DP_UPKEEP: /* M-98, M-100 step 4: release picked units until it can pay */
		a = first(&A, MQ_A_PAY);
		if (!a)
			a = all_of_type_picked(&A, MQ_A_RELEASE);
		break;
	case MQ_DP_DROP:
		a = all_of_type_picked(&A, MQ_A_DROP);
		break;
	case MQ_DP_BUY: { /* M-98: the most expensive card it can afford, ties picked */
		crisk_action acts[ACTS_MAX];
		size_t n = mq_list_of(R, S, MQ_A_BUY, MQ_NOCARD, acts, ACTS_MAX), k = 0;
		int best = -1;
		for (size_t i = 0; i < n; i++)
			if (mq_def(R, MQ_CODE_CARD(acts[i]))->buy > best)
				best = mq_def(R, MQ_CODE_CARD(acts[i]))->buy;
		for (size_t i = 0; i < n; i++)
			if (mq_def(R, MQ_CODE_CARD(acts[i]))->buy == best)
				acts[k++] = acts[i];
		a = k ? pick_of(&A, acts, k) : simple(MQ_A_DONE);
		break;
	}
	case MQ_DP_CLEANUP: /* M-98: discards nothing */
		a = simple(MQ_A_DONE);
		break;
	case MQ_DP_PRIORITY:
		A.job = phase_job(S);
		if (!A.job || S->nstack || seat != S->active) {
			a = simple(MQ_A_PASS); /* M-98: it always passes */
			break;
		}
		if (S->activated != MQ_NONE)
			a = unit_step(&A);
		else if ((A.job->b & CARDS_STEP) || !(a = activation(&A, seat))) {
			/* Step 2: cards, and the permanents they bring wait for the next turn. */
			a = seat == R->kseat ? kraken_cards(&A, seat) : play_from_hand(&A, seat);
			if (!a && !A.wait)
				a = simple(MQ_A_PASS);
			if (!A.wait)
				A.job->b |= CARDS_STEP;
		}
		if (!A.wait)
			A.job->d = 0; /* the decision is taken: its picks are spent */
		break;
	default:
		break;
	}
	if (A.wait)
		return 1;
	*out = a;
	return 0;
}

int mq_ai_seat(const mq_rules *R, int seat)
{
	return seat >= 0 && seat < MQ_SEATS_MAX && (R->ai_mask >> seat) & 1u;
}
