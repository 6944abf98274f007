/* The decisions of a muhq game (§30): listing the legal actions of the
 * current decision point in ascending code order, checking one action, and
 * applying it.  One enumerator serves all three: checking an action runs
 * the enumerator of its type (and card) and looks for the code, so the list
 * and the check can never disagree.  Declarations (M-33) pay their costs,
 * spend allowances (M-46) and go on the stack; special steps (activation,
 * scrap, upkeep payment, buying, drops) act at once (M-43, M-30, M-31,
 * M-32, M-54). */
#include <string.h>

#include "../core/error.h"
#include "catanrisk/game.h"
#include "geom.h"
#include "mq.h"
#include "mq_engine.h"

typedef struct lister {
	crisk_action *buf;
	size_t cap, n;
	uint64_t want;       /* checking: the code looked for (0: listing) */
	int narrow;          /* checking: skip what cannot yield want (n then counts less) */
	int found;
	unsigned only_type;  /* 0: every type */
	unsigned only_card;  /* MQ_NOCARD: every card */
	uint64_t skip;       /* listing: the type bits left out (legal_except) */
	int (*visit)(void *ctx, uint64_t code); /* visiting (mq_visit): called instead of storing */
	void *ctx;
} lister;

/* want == MQ_ANY: only whether some action exists (stops at the first). */
#define MQ_ANY (~UINT64_C(0))

#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void put(lister *l, uint64_t code)
{
	if ((l->skip >> MQ_CODE_TYPE(code)) & 1)
		return;
	if (l->visit) {
		l->n++;
		l->found = l->visit(l->ctx, code) != 0;
		return;
	}
	if (l->want == MQ_ANY) {
		l->found = 1;
		l->n++;
		return;
	}
	if (l->want) {
		l->found |= code == l->want;
		l->n++;
		return;
	}
	if (l->n < l->cap)
		l->buf[l->n] = code;
	l->n++;
}

static int wants(const lister *l, unsigned type)
{
	return (!l->only_type || l->only_type == type) && !l->found && !((l->skip >> type) & 1);
}

static int wants_card(const lister *l, unsigned card)
{
	return l->only_card == MQ_NOCARD || l->only_card == card;
}

static ev *event(evlog *log, int type, int seat)
{
	return log ? ev_push(log, (unsigned)type, seat, -1) : NULL;
}

/* ---- targets ---- */

#define CAND_MAX (MQ_CARDS_MAX + MQD_MAP_SIDE_MAX * MQD_MAP_SIDE_MAX + MQ_SEATS_MAX)

/* Every operand that fits spec, ascending. */
static int candidates(const mq_rules *R, const void *st, const mqd_spec *sp, int ctrl, unsigned src, int origin,
		      uint16_t *out)
{
	int n = 0;
	if (sp->kinds & (MQD_K_UNIT | MQD_K_BOSS | MQD_K_ARTIFACT | MQD_K_EQUIPMENT | MQD_K_PERMANENT))
		MQ_FOR_MAP(R, st, c)
			if (mq_target_fits(R, st, sp, c, ctrl, src, origin))
				out[n++] = (uint16_t)c;
	if (sp->kinds & MQD_K_TILE)
		for (int t = 0; t < R->ntile; t++)
			if (mq_target_fits(R, st, sp, MQ_T_TILE | (unsigned)t, ctrl, src, origin))
				out[n++] = (uint16_t)(MQ_T_TILE | (unsigned)t);
	if (sp->kinds & MQD_K_PLAYER)
		for (int s = 0; s < R->seats; s++)
			if (mq_target_fits(R, st, sp, MQ_T_PLAYER | (unsigned)s, ctrl, src, origin))
				out[n++] = (uint16_t)(MQ_T_PLAYER | (unsigned)s);
	return n;
}

/* Puts type/card/aux/a with every target choice of ability ab (NULL: none). */
static void put_targets(lister *l, const mq_rules *R, const void *st, const mqd_ability *ab, int ctrl, unsigned src,
			int origin, unsigned type, unsigned card, unsigned aux, unsigned a)
{
	if (!ab || ab->nspec == 0) {
		put(l, mq_code(type, card, aux, a, MQ_T_NONE, MQ_T_NONE));
		return;
	}
	uint16_t c1[CAND_MAX], c2[CAND_MAX];
	int n1 = candidates(R, st, &ab->spec[0], ctrl, src, origin, c1);
	if (ab->nspec == 1) {
		for (int i = 0; i < n1 && !l->found; i++)
			put(l, mq_code(type, card, aux, a, c1[i], MQ_T_NONE));
		return;
	}
	int n2 = candidates(R, st, &ab->spec[1], ctrl, src, origin, c2);
	for (int i = 0; i < n1 && !l->found; i++)
		for (int k = 0; k < n2; k++)
			if (c1[i] != c2[k])
				put(l, mq_code(type, card, aux, a, c1[i], c2[k]));
}

int mq_ability_has_targets(const mq_rules *R, const void *st, unsigned card, unsigned ab, int ctrl)
{
	lister l = {.only_card = MQ_NOCARD};
	const mq_card *cs = mq_ccards(R, st);
	put_targets(&l, R, st, mq_ability(R, card, ab), ctrl, card, mq_on_map(&cs[card]) ? mq_tile_of(R, st, card) : -1,
		    MQ_A_TRIGGER, card, ab, MQ_T_NONE);
	return l.n > 0;
}

/* ---- conditions shared with the execution ---- */

static int enemy_solid(const mq_rules *R, const mq_card *cs, unsigned unit, unsigned art)
{
	return mq_kw(R, art, MQD_KW_SOLID) && !mq_allied(R, cs[art].ctrl, cs[unit].ctrl);
}

static int stands_alone(const mq_rules *R, const void *st, unsigned card)
{
	const mq_card *cs = mq_ccards(R, st);
	if (!mq_on_map(&cs[card]) || cs[card].up != MQ_NONE)
		return 0;
	uint16_t m[1];
	return mq_members(R, st, card, m, 1) == 0;
}

int mq_carry_ok(const mq_rules *R, const void *st, unsigned unit, unsigned art)
{
	const mq_card *cs = mq_ccards(R, st);
	if (art >= R->ncard || art == unit)
		return 0;
	int type = mq_def(R, art)->type;
	if (type != MQD_ARTIFACT && type != MQD_EQUIPMENT)
		return 0;
	if (!stands_alone(R, st, art) || enemy_solid(R, cs, unit, art))
		return 0;
	return mq_dist_tiles(R, mq_tile_of(R, st, unit), cs[art].pos) <= 1;
}

int mq_equip_ok(const mq_rules *R, const void *st, unsigned unit, unsigned q)
{
	const mq_card *cs = mq_ccards(R, st);
	if (q >= R->ncard || mq_def(R, q)->type != MQD_EQUIPMENT || mq_def(R, unit)->type != MQD_UNIT)
		return 0;
	if (!stands_alone(R, st, q) || mq_equipment_count(R, st, unit) >= MQ_EQUIP_MAX)
		return 0;
	return mq_dist_tiles(R, mq_tile_of(R, st, unit), cs[q].pos) <= 1;
}

int mq_switch_ok(const mq_rules *R, const void *st, unsigned unit, unsigned art)
{
	const mq_card *cs = mq_ccards(R, st);
	if (art >= R->ncard || art == unit)
		return 0;
	int type = mq_def(R, art)->type;
	if (type != MQD_ARTIFACT && type != MQD_EQUIPMENT)
		return 0;
	if (!mq_on_map(&cs[art]) || cs[art].up != MQ_NONE || cs[unit].up != MQ_NONE || enemy_solid(R, cs, unit, art))
		return 0;
	int tu = cs[unit].pos, ta = cs[art].pos;
	if (mq_dist_tiles(R, tu, ta) != 1)
		return 0;
	return mq_suits(mq_tile_type(R, st, ta), mq_class(R, unit)) && mq_suits(mq_tile_type(R, st, tu), mq_class(R, art));
}

/* ---- what a seat may do ---- */

/* The active seat holds priority in its action phase with an empty stack (DP-4). */
static int slow_time(const mq_state *S)
{
	if (S->nstack || S->prio != S->active || S->seat[S->active].out)
		return 0;
	for (int i = S->njob - 1; i >= 0; i--)
		if (S->job[i].kind == MQ_J_PRIORITY)
			return S->job[i].a == 1;
	return 0;
}

static int stack_room(const mq_state *S)
{
	return S->nstack < MQ_STACK_MAX;
}

/* Plays of hand card c (M-44, M-53, M-78). */
static void list_plays_of(lister *l, const mq_rules *R, const mq_state *S, unsigned c, int seat, int slow)
{
	const mqd_card *d = mq_def(R, c);
	if (d->play == MQD_NONE || d->play > S->seat[seat].res)
		return;
	const mqd_ability *ab = mq_play_ability(R, c, NULL);
	if (d->type == MQD_SPELL) {
		put_targets(l, R, S, ab, seat, c, -1, MQ_A_PLAY, c, 0, MQ_T_NONE);
		return;
	}
	if (!slow)
		return;
	uint16_t tiles[MQD_MAP_SIDE_MAX * MQD_MAP_SIDE_MAX];
	int n = mq_place_candidates(R, S, seat, tiles);
	for (int i = 0; i < n && !l->found; i++) {
		int t = tiles[i];
		if (mq_can_place(R, S, seat, c, t))
			put_targets(l, R, S, ab, seat, c, t, MQ_A_PLAY, c, 0, MQ_T_TILE | (unsigned)t);
	}
	if (d->type == MQD_EQUIPMENT)
		put(l, mq_code(MQ_A_PLAY, c, 1, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE));
}

static void list_plays(lister *l, const mq_rules *R, const mq_state *S, int seat, int slow)
{
	const mq_card *cs = mq_ccards(R, S);
	if (!wants(l, MQ_A_PLAY) || !stack_room(S))
		return;
	slow = slow && S->activated == MQ_NONE; /* M-43 */
	MQ_FOR_HAND(R, S, c) {
		if (l->found)
			break;
		if (cs[c].ctrl == seat && wants_card(l, c))
			list_plays_of(l, R, S, c, seat, slow);
	}
}

static int can_activate(const mq_rules *R, const mq_state *S, unsigned c, int seat)
{
	const mq_card *x = &mq_ccards(R, S)[c];
	return mq_on_map(x) && x->ctrl == seat && mq_is_unitlike(R, c) && !(x->flags & MQ_F_TAPPED);
}

static void list_activate(lister *l, const mq_rules *R, const mq_state *S, int seat)
{
	if (!wants(l, MQ_A_ACTIVATE) || S->activated != MQ_NONE)
		return;
	MQ_FOR_MAP(R, S, c)
		if (wants_card(l, c) && can_activate(R, S, c, seat))
			put(l, mq_code(MQ_A_ACTIVATE, c, 0, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE));
}

/* An artifact or equipment standing alone on the map: what carry, equip
 * and switch may take. */
static int is_artifact(const mq_rules *R, const mq_card *cs, unsigned c)
{
	if (!mq_on_map(&cs[c]) || cs[c].up != MQ_NONE)
		return 0;
	int type = mq_def(R, c)->type;
	return type == MQD_ARTIFACT || type == MQD_EQUIPMENT;
}

/* mq_suits, inline for the carry listing. */
static inline int suits_now(int t, int cls)
{
	if (t >= MQD_TILE_COUNT || t == MQD_TILE_WALL)
		return 0;
	return cls == MQ_SWIM ? t == MQD_TILE_DEEP : cls == MQ_WALK ? t != MQD_TILE_DEEP : cls == MQ_AMPHI;
}

/* For carrying art (M-74): ok[y] gets the tiles next to a destination in
 * set where art may be set down (mq_carry_put_ok, but for put == dest,
 * which the caller leaves out), for the rows ylo..yhi of the destinations
 * and one either side; rows outside are not written. */
static void carry_puts(const mq_rules *R, const mq_state *S, unsigned u, unsigned art, int member,
		       const uint64_t *set, uint64_t *ok, int *ylo, int *yhi)
{
	const uint16_t *occ = mq_cocc(R, S);
	int art_cls = mq_class(R, art);
	uint64_t cols = R->w == 64 ? ~UINT64_C(0) : (UINT64_C(1) << R->w) - 1;
	int lo = R->h, hi = -1;
	for (int y = 0; y < R->h; y++)
		if (set[y]) {
			lo = y < lo ? y : lo;
			hi = y;
		}
	*ylo = lo;
	*yhi = hi;
	if (hi < 0)
		return;
	int rlo = lo > 0 ? lo - 1 : 0, rhi = hi + 1 < R->h ? hi + 1 : R->h - 1;
	for (int y = rlo; y <= rhi; y++)
		ok[y] = 0;
	for (int y = lo; y <= hi; y++) {
		uint64_t d = (set[y] | set[y] << 1 | set[y] >> 1) & cols;
		for (int py = y - 1; py <= y + 1; py++)
			if (py >= rlo && py <= rhi)
				ok[py] |= d;
	}
	for (int y = rlo; y <= rhi; y++) {
		uint64_t keep = 0;
		for (uint64_t m = ok[y]; m; m &= m - 1) {
			int x = __builtin_ctzll(m), t = y * R->w + x;
			unsigned o = occ[t];
			if (o != MQ_NONE && o != art && !(o == u && !member))
				continue;
			if (suits_now(mq_tile_type(R, S, t), art_cls))
				keep |= UINT64_C(1) << x;
		}
		ok[y] = keep;
	}
}

/* Unit actions of the activated permanent u (M-47, M-48, M-50). */
static void list_unit_actions(lister *l, const mq_rules *R, const mq_state *S, unsigned u)
{
	const mq_card *cs = mq_ccards(R, S);
	const mq_card *x = &cs[u];
	if (!wants_card(l, u) || !stack_room(S))
		return;
	int spent = x->flags, member = x->up != MQ_NONE, tile = mq_tile_of(R, S, u);
	int street_tile = mq_tile_type(R, S, tile) == MQD_TILE_STREET;
	uint64_t set[MQD_MAP_SIDE_MAX];
	/* Carry, equip and switch take artifacts standing alone within range 1, ascending. */
	uint16_t near[9];
	int nnear = 0;
	MQ_FOR_MAP(R, S, c) {
		if (nnear == 9)
			break;
		if (is_artifact(R, cs, c) && mq_dist_tiles(R, tile, cs[c].pos) <= 1)
			near[nnear++] = (uint16_t)c;
	}
	if (!mq_paralysed(x)) {
		if (wants(l, MQ_A_MOVE)) {
			int move = mq_stat(R, S, u, MQD_STAT_MOVE);
			for (unsigned aux = 0; aux < 2; aux++) {
				if (aux ? (spent & MQ_F_STREET) || !street_tile || member /* M-60 */ : (spent & MQ_F_MOVE))
					continue;
				mq_move_set(R, S, u, move, (int)aux, -1, 1, set);
				for (int y = 0; y < R->h; y++)
					for (uint64_t m = set[y]; m; m &= m - 1) {
						unsigned t = (unsigned)(y * R->w + __builtin_ctzll(m));
						put(l, mq_code(MQ_A_MOVE, u, aux, MQ_T_TILE | t, MQ_T_NONE, MQ_T_NONE));
					}
			}
		}
		if (wants(l, MQ_A_ATTACK) && !(spent & MQ_F_ATTACK) && !member && mq_has_attack(R, u)) {
			int range = mq_pile_range(R, S, u);
			MQ_FOR_MAP(R, S, c)
				if (cs[c].up == MQ_NONE && cs[c].ctrl != x->ctrl &&
				    mq_dist_tiles(R, tile, cs[c].pos) <= range && mq_attack_target_ok(R, S, u, c, range))
					put(l, mq_code(MQ_A_ATTACK, u, 0, c, MQ_T_NONE, MQ_T_NONE));
			for (int i = 0; i < R->nwall; i++) {
				unsigned t = R->walltile[i];
				if (mq_attack_target_ok(R, S, u, MQ_T_TILE | t, range))
					put(l, mq_code(MQ_A_ATTACK, u, 0, MQ_T_TILE | t, MQ_T_NONE, MQ_T_NONE));
			}
		}
		if (wants(l, MQ_A_FULL) && !(spent & MQ_F_FULL)) {
			const mqd_card *d = mq_def(R, u);
			for (uint32_t a = 0; a < d->nab && a < MQ_AB_FARM; a++)
				if (R->db->abilities[d->ab0 + a].kind == MQD_AB_FULL)
					put_targets(l, R, S, mq_ability(R, u, a), x->ctrl, u, tile, MQ_A_FULL, u, a, MQ_T_NONE);
			if (mq_kw(R, u, MQD_KW_FARMER) && mq_tile_type(R, S, tile) == MQD_TILE_FARM) /* M-81 */
				put(l, mq_code(MQ_A_FULL, u, MQ_AB_FARM, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE));
		}
		if (wants(l, MQ_A_CARRY) && !(spent & MQ_F_FULL) && mq_def(R, u)->type == MQD_UNIT) { /* crew too (M-48) */
			for (int k = 0; k < nnear && !l->found; k++) {
				unsigned art = near[k];
				if ((l->narrow && art != MQ_CODE_A(l->want)) || !mq_carry_ok(R, S, u, art))
					continue;
				mq_move_set(R, S, u, mq_stat(R, S, u, MQD_STAT_MOVE), 0, cs[art].pos, 1, set);
				uint64_t ok[MQD_MAP_SIDE_MAX];
				int ylo, yhi;
				carry_puts(R, S, u, art, member, set, ok, &ylo, &yhi);
				for (int y = ylo; y <= yhi; y++)
					for (uint64_t m = set[y]; m; m &= m - 1) {
						int cx = __builtin_ctzll(m), dest = y * R->w + cx;
						uint64_t near3 = cx ? UINT64_C(7) << (cx - 1) : 3;
						for (int py = y - 1; py <= y + 1; py++) { /* ascending tiles */
							if (py < 0 || py >= R->h)
								continue;
							uint64_t bits = ok[py] & near3 & (py == y ? ~(UINT64_C(1) << cx) : ~UINT64_C(0));
							for (; bits; bits &= bits - 1) {
								unsigned put_at = (unsigned)(py * R->w + __builtin_ctzll(bits));
								put(l, mq_code(MQ_A_CARRY, u, 0, art, MQ_T_TILE | (unsigned)dest,
									       MQ_T_TILE | put_at));
							}
						}
					}
			}
		}
		for (unsigned aux = 0; aux < 2; aux++) {
			if ((spent & (aux ? MQ_F_ATTACK : MQ_F_MOVE)) || member)
				continue;
			if (wants(l, MQ_A_EQUIP))
				for (int k = 0; k < nnear; k++)
					if (mq_equip_ok(R, S, u, near[k]))
						put(l, mq_code(MQ_A_EQUIP, u, aux, near[k], MQ_T_NONE, MQ_T_NONE));
		}
		for (unsigned aux = 0; aux < 2; aux++) {
			if ((spent & (aux ? MQ_F_ATTACK : MQ_F_MOVE)) || member || mq_def(R, u)->type != MQD_UNIT)
				continue;
			if (wants(l, MQ_A_SWITCH))
				for (int k = 0; k < nnear; k++)
					if (mq_switch_ok(R, S, u, near[k]))
						put(l, mq_code(MQ_A_SWITCH, u, aux, near[k], MQ_T_NONE, MQ_T_NONE));
		}
	} else if (wants(l, MQ_A_SHAKE)) { /* M-50 */
		static const uint8_t bit[4] = {MQ_F_MOVE, MQ_F_ATTACK, MQ_F_STREET, MQ_F_FULL};
		for (unsigned aux = 0; aux < 4; aux++)
			if (!(spent & bit[aux]) && (aux != 2 || street_tile))
				put(l, mq_code(MQ_A_SHAKE, u, aux, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE));
	}
}

int mq_has_unit_action(const mq_rules *R, const void *st, unsigned card)
{
	const mq_card *x = &mq_ccards(R, st)[card];
	if (!mq_paralysed(x) && !(x->flags & MQ_F_MOVE) && mq_stat(R, st, card, MQD_STAT_MOVE) >= 1) {
		/* A step onto a free orthogonal neighbour is always a legal move. */
		int t = mq_tile_of(R, st, card), x0 = R->tx[t], y0 = R->ty[t];
		static const int8_t dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
		for (int k = 0; k < 4; k++) {
			int nx = x0 + dx[k], ny = y0 + dy[k];
			if (nx >= 0 && ny >= 0 && nx < R->w && ny < R->h && mq_available(R, st, ny * R->w + nx, card))
				return 1;
		}
	}
	lister l = {.only_card = MQ_NOCARD, .want = MQ_ANY};
	list_unit_actions(&l, R, st, card);
	return l.n > 0;
}

/* Free actions whose costs the seat can pay (M-35). */
static int free_costs_ok(const mq_rules *R, const mq_state *S, unsigned c, const mqd_ability *ab)
{
	const mq_card *x = &mq_ccards(R, S)[c];
	if ((ab->costs & MQD_COST_TAP) && (x->flags & MQ_F_TAPPED))
		return 0;
	if (ab->res > S->seat[x->ctrl].res)
		return 0;
	if (ab->dur && x->dur < ab->dur)
		return 0;
	return !ab->discard || mq_zone_count(R, S, MQ_Z_HAND, x->ctrl) >= ab->discard;
}

static void list_free(lister *l, const mq_rules *R, const mq_state *S, int seat)
{
	const mq_card *cs = mq_ccards(R, S);
	if (!wants(l, MQ_A_FREE) || !stack_room(S))
		return;
	MQ_FOR_MAP(R, S, c) {
		if (l->found)
			break;
		if (!R->freeab[c] || !mq_on_map(&cs[c]) || cs[c].ctrl != seat || !wants_card(l, c) || mq_paralysed(&cs[c]))
			continue;
		const mqd_card *d = mq_def(R, c);
		for (uint32_t a = 0; a < d->nab && a < MQ_AB_FARM; a++) {
			const mqd_ability *ab = &R->db->abilities[d->ab0 + a];
			if (ab->kind == MQD_AB_FREE && free_costs_ok(R, S, c, ab))
				put_targets(l, R, S, ab, seat, c, mq_tile_of(R, S, c), MQ_A_FREE, c, a, MQ_T_NONE);
		}
	}
}

static void list_scrap(lister *l, const mq_rules *R, const mq_state *S, int seat)
{
	const mq_card *cs = mq_ccards(R, S);
	uint16_t hand[MQ_CARDS_MAX];
	int n = 0;
	if (!wants(l, MQ_A_SCRAP))
		return;
	MQ_FOR_HAND(R, S, c)
		if (cs[c].ctrl == seat)
			hand[n++] = (uint16_t)c;
	for (int a = 0; a < n && !l->found; a++)
		for (int b = a + 1; b < n; b++)
			put(l, mq_code(MQ_A_SCRAP, MQ_NOCARD, 0, hand[a], hand[b], 0));
}

static void list_simple(lister *l, unsigned type)
{
	if (wants(l, type))
		put(l, mq_code(type, MQ_NOCARD, 0, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE));
}

/* The cards of seat's hand, one action each. */
static void list_hand(lister *l, const mq_rules *R, const mq_state *S, unsigned type, int seat)
{
	const mq_card *cs = mq_ccards(R, S);
	if (!wants(l, type))
		return;
	MQ_FOR_HAND(R, S, c)
		if (cs[c].ctrl == seat && wants_card(l, c))
			put(l, mq_code(type, c, 0, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE));
}

static int kept_upkeep(const mq_rules *R, const mq_state *S, int seat)
{
	const mq_card *cs = mq_ccards(R, S);
	int total = 0;
	const uint64_t *onmap = mq_cbits(R, S, MQ_Z_MAP);
	for (int w = 0; w < R->nbw; w++)
		for (uint64_t m = onmap[w] & R->unitbits[w]; m; m &= m - 1) {
			unsigned c = (unsigned)w * 64 + (unsigned)__builtin_ctzll(m);
			if (mq_on_map(&cs[c]) && cs[c].ctrl == seat && !(cs[c].flags & MQ_F_RELEASE))
				total += mq_def(R, c)->upkeep;
		}
	return total;
}

/* Everything the current decision point offers (§30), in ascending order. */
static void enumerate(lister *l, const mq_rules *R, const mq_state *S)
{
	const mq_card *cs = mq_ccards(R, S);
	int seat = S->cur;
	if (S->status != CRISK_STATUS_RUNNING)
		return;
	switch (S->dp) {
	case MQ_DP_CHANCE:
		if (wants(l, MQ_A_CHANCE))
			for (uint32_t k = 0; k < S->chance_k; k++)
				put(l, (uint64_t)MQ_A_CHANCE << 56 | k);
		return;
	case MQ_DP_PICK: {
		int pile = mq_draft_pile(R, S, seat);
		if (wants(l, MQ_A_PICK))
			for (uint32_t c = 0; c < R->npool; c++)
				if (cs[c].zone == MQ_Z_DRAFT && cs[c].pos == pile && wants_card(l, c))
					put(l, mq_code(MQ_A_PICK, c, 0, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE));
		break;
	}
	case MQ_DP_TRIGGER:
		if (wants(l, MQ_A_TRIGGER) && stack_room(S))
			for (uint32_t c = 0; c < R->ncard; c++) {
				if (!cs[c].trig || !wants_card(l, c))
					continue;
				for (unsigned a = 0; a < 8; a++)
					if (cs[c].trig & (1u << a))
						put_targets(l, R, S, mq_ability(R, c, a), seat, c, mq_tile_of(R, S, c),
							    MQ_A_TRIGGER, c, a, MQ_T_NONE);
			}
		break;
	case MQ_DP_UPKEEP:
		if (wants(l, MQ_A_RELEASE))
			MQ_FOR_MAP(R, S, c)
				if (mq_on_map(&cs[c]) && cs[c].ctrl == seat && mq_def(R, c)->type == MQD_UNIT &&
				    !(cs[c].flags & MQ_F_RELEASE) && wants_card(l, c))
					put(l, mq_code(MQ_A_RELEASE, c, 0, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE));
		if (wants(l, MQ_A_PAY) && kept_upkeep(R, S, seat) <= S->seat[seat].res)
			list_simple(l, MQ_A_PAY);
		list_scrap(l, R, S, seat);
		break;
	case MQ_DP_PRIORITY: {
		int slow = slow_time(S);
		list_plays(l, R, S, seat, slow);
		if (slow) {
			list_activate(l, R, S, seat);
			if (S->activated != MQ_NONE) {
				list_unit_actions(l, R, S, S->activated);
				if (wants(l, MQ_A_FINISH) && wants_card(l, S->activated))
					put(l, mq_code(MQ_A_FINISH, S->activated, 0, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE));
			}
		}
		list_free(l, R, S, seat);
		list_scrap(l, R, S, seat);
		list_simple(l, MQ_A_PASS);
		break;
	}
	case MQ_DP_BUY:
		list_scrap(l, R, S, seat);
		if (wants(l, MQ_A_BUY)) {
			const uint64_t *store = mq_cbits(R, S, MQ_Z_STORE); /* ascending, those with a cost */
			for (int w = 0; w < R->nbw; w++)
				for (uint64_t m = store[w] & R->buybits[w]; m; m &= m - 1) {
					unsigned c = (unsigned)w * 64 + (unsigned)__builtin_ctzll(m);
					if (cs[c].ctrl == seat && mq_def(R, c)->buy <= S->seat[seat].res && wants_card(l, c))
						put(l, mq_code(MQ_A_BUY, c, 0, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE));
				}
		}
		list_simple(l, MQ_A_DONE);
		break;
	case MQ_DP_CLEANUP:
		list_hand(l, R, S, MQ_A_DISCARD, seat);
		list_simple(l, MQ_A_DONE);
		break;
	case MQ_DP_DROP: {
		unsigned c = mq_next_drop(R, S);
		if (c != MQ_NONE && wants(l, MQ_A_DROP)) {
			int ox = cs[c].pos % R->w, oy = cs[c].pos / R->w;
			for (int y = oy - 1; y <= oy + 1; y++)
				for (int x = ox - 1; x <= ox + 1; x++)
					if (x >= 0 && y >= 0 && x < R->w && y < R->h && mq_available(R, S, y * R->w + x, c))
						put(l, mq_code(MQ_A_DROP, MQ_NOCARD, 0, MQ_T_TILE | (unsigned)(y * R->w + x),
							       MQ_T_NONE, MQ_T_NONE));
		}
		break;
	}
	default:
		return;
	}
	list_simple(l, MQ_A_CONCEDE); /* DP-10 */
}

size_t mq_legal(const void *data, const void *state, crisk_action *buf, size_t cap)
{
	lister l = {.buf = buf, .cap = cap, .only_card = MQ_NOCARD};
	enumerate(&l, data, state);
	return l.n;
}

size_t mq_list_of(const mq_rules *R, const void *st, unsigned type, unsigned card, crisk_action *buf, size_t cap)
{
	lister l = {.buf = buf, .cap = cap, .only_type = type, .only_card = card};
	enumerate(&l, R, st);
	return l.n < cap ? l.n : cap;
}

size_t mq_visit(const mq_rules *R, const void *st, unsigned type, unsigned card, uint64_t skip_types,
		int (*visit)(void *ctx, uint64_t code), void *ctx)
{
	lister l = {.only_type = type, .only_card = card, .skip = skip_types, .visit = visit, .ctx = ctx};
	enumerate(&l, R, st);
	return l.n;
}

size_t mq_legal_except(const void *data, const void *state, uint64_t skip_types, crisk_action *buf, size_t cap)
{
	lister l = {.buf = buf, .cap = cap, .only_card = MQ_NOCARD, .skip = skip_types};
	enumerate(&l, data, state);
	return l.n;
}

/* M-38.1. */
int mq_auto_pass(const mq_rules *R, const void *st, int seat)
{
	const mq_state *S = st;
	const mq_card *cs = mq_ccards(R, st);
	int slow = seat == S->active && slow_time(S), hand = 0;
	/* In slow time an activated unit, or one that could be activated,
	 * keeps the seat whatever else it holds (the returns below are all 0
	 * then). */
	if (slow && S->activated != MQ_NONE)
		return 0;
	MQ_FOR_HAND(R, S, c) {
		if (cs[c].ctrl != seat)
			continue;
		if (mq_def(R, c)->type == MQD_SPELL)
			return 0;
		hand = 1;
	}
	/* Only the cards with a free ability, and in slow time the units and
	 * bosses, can keep the seat here (R->freebits, R->keepbits). */
	const uint64_t *onmap = mq_cbits(R, S, MQ_Z_MAP), *filt = slow ? R->keepbits : R->freebits;
	for (int w = 0; w < R->nbw; w++)
	for (uint64_t m = onmap[w] & filt[w]; m; m &= m - 1) {
		unsigned c = (unsigned)w * 64 + (unsigned)__builtin_ctzll(m);
		if (cs[c].ctrl != seat || !mq_on_map(&cs[c]))
			continue;
		if (slow && mq_is_unitlike(R, c) && !(cs[c].flags & MQ_F_TAPPED))
			return 0;
		if (mq_paralysed(&cs[c]))
			continue;
		/* A free action whose cost it could pay keeps it, targets or not (M-38.1 as written). */
		if (!R->freeab[c])
			continue;
		const mqd_card *d = mq_def(R, c);
		for (uint32_t a = 0; a < d->nab; a++) {
			const mqd_ability *ab = &R->db->abilities[d->ab0 + a];
			if (ab->kind == MQD_AB_FREE && free_costs_ok(R, S, c, ab))
				return 0;
		}
	}
	if (!slow)
		return 1;
	lister l = {.only_card = MQ_NOCARD, .want = MQ_ANY};
	if (hand)
		list_plays(&l, R, S, seat, 1);
	return l.n == 0;
}

/* ---- checking ---- */

static const char *const type_names[MQ_A_COUNT] = {
	"?", "chance", "pick", "trigger", "release", "pay", "play", "activate", "move", "attack", "full", "carry",
	"equip", "switch", "shake", "finish", "free", "scrap", "pass", "buy", "discard", "done", "drop", "concede",
};

static int has_card_field(unsigned type)
{
	switch (type) {
	case MQ_A_CHANCE:
	case MQ_A_PAY:
	case MQ_A_SCRAP:
	case MQ_A_PASS:
	case MQ_A_DONE:
	case MQ_A_DROP:
	case MQ_A_CONCEDE:
		return 0;
	default:
		return 1;
	}
}

static const char *const dp_names[] = {"none", "chance", "a draft pick", "the order of upkeep triggers",
				       "the upkeep payment", "priority", "a drop", "the buy step", "cleanup"};

/* The actions without fields, decided without listing (they are most of a
 * random game's steps): 1 legal, 0 not, -1 for the other types.  The same
 * conditions under which enumerate lists them. */
static int simple_legal(const mq_rules *R, const mq_state *S, unsigned type, crisk_action a)
{
	uint64_t plain = mq_code(type, MQ_NOCARD, 0, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE);
	switch (type) {
	case MQ_A_PASS:
		return S->dp == MQ_DP_PRIORITY && a == plain;
	case MQ_A_DONE:
		return (S->dp == MQ_DP_BUY || S->dp == MQ_DP_CLEANUP) && a == plain;
	case MQ_A_CONCEDE:
		return S->dp != MQ_DP_NONE && S->dp != MQ_DP_CHANCE && a == plain;
	case MQ_A_PAY:
		return S->dp == MQ_DP_UPKEEP && a == plain && kept_upkeep(R, S, S->cur) <= S->seat[S->cur].res;
	case MQ_A_CHANCE:
		return S->dp == MQ_DP_CHANCE && a >> 32 == (uint64_t)MQ_A_CHANCE << 24 && (uint32_t)a < S->chance_k;
	default:
		return -1;
	}
}

/* A move (the most common unit action) decided without listing: 1 when
 * enumerate would list a, else 0 (then mq_check lists, for its message).
 * The same conditions as the PRIORITY case of enumerate and
 * list_unit_actions, for the one search the code's aux asks for. */
static int move_legal(const mq_rules *R, const mq_state *S, crisk_action a)
{
	unsigned u = MQ_CODE_CARD(a), aux = MQ_CODE_AUX(a), fa = MQ_CODE_A(a);
	if (S->dp != MQ_DP_PRIORITY || S->activated != u || u >= R->ncard || aux > 1 || !MQ_T_IS_TILE(fa) ||
	    (int)MQ_T_VAL(fa) >= R->ntile || a != mq_code(MQ_A_MOVE, u, aux, fa, MQ_T_NONE, MQ_T_NONE))
		return 0;
	if (!slow_time(S) || !stack_room(S))
		return 0;
	const mq_card *x = &mq_ccards(R, S)[u];
	if (mq_paralysed(x))
		return 0;
	if (aux ? (x->flags & MQ_F_STREET) || x->up != MQ_NONE ||
			  mq_tile_type(R, S, mq_tile_of(R, S, u)) != MQD_TILE_STREET /* M-60 */
		: (x->flags & MQ_F_MOVE))
		return 0;
	uint64_t set[MQD_MAP_SIDE_MAX];
	mq_move_set(R, S, u, mq_stat(R, S, u, MQD_STAT_MOVE), (int)aux, -1, 1, set);
	return mq_in_set(R, set, (int)MQ_T_VAL(fa));
}

/* Release (M-31), activate and finish (M-43), scrap (M-30), buy (M-32) and
 * discard (cleanup), decided without listing: 1 when enumerate lists the code (the same conditions), else 0,
 * and the caller lists (for the refusal's message). */
static int card_legal(const mq_rules *R, const mq_state *S, unsigned type, crisk_action a)
{
	const mq_card *cs = mq_ccards(R, S);
	int seat = S->cur;
	if (type == MQ_A_SCRAP) { /* list_scrap: two hand cards of the seat, ascending */
		unsigned x = MQ_CODE_A(a), y = MQ_CODE_B(a);
		if (S->dp != MQ_DP_UPKEEP && S->dp != MQ_DP_PRIORITY && S->dp != MQ_DP_BUY)
			return 0;
		if (x >= y || y >= R->ncard || a != mq_code(MQ_A_SCRAP, MQ_NOCARD, 0, x, y, 0))
			return 0;
		return cs[x].zone == MQ_Z_HAND && cs[x].ctrl == seat && cs[y].zone == MQ_Z_HAND && cs[y].ctrl == seat;
	}
	unsigned c = MQ_CODE_CARD(a);
	if (c >= R->ncard || a != mq_code(type, c, 0, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE))
		return 0;
	const mq_card *x = &cs[c];
	switch (type) {
	case MQ_A_RELEASE: /* enumerate, MQ_DP_UPKEEP */
		return S->dp == MQ_DP_UPKEEP && mq_on_map(x) && x->ctrl == seat && mq_def(R, c)->type == MQD_UNIT &&
		       !(x->flags & MQ_F_RELEASE);
	case MQ_A_ACTIVATE: /* list_activate in slow time */
		return S->dp == MQ_DP_PRIORITY && slow_time(S) && S->activated == MQ_NONE && can_activate(R, S, c, seat);
	case MQ_A_FINISH: /* enumerate, MQ_DP_PRIORITY in slow time */
		return S->dp == MQ_DP_PRIORITY && S->activated != MQ_NONE && c == S->activated && slow_time(S);
	case MQ_A_BUY: /* enumerate, MQ_DP_BUY */
		return S->dp == MQ_DP_BUY && x->zone == MQ_Z_STORE && x->ctrl == seat && mq_def(R, c)->buy != MQD_NONE &&
		       mq_def(R, c)->buy <= S->seat[seat].res;
	case MQ_A_DISCARD: /* list_hand, MQ_DP_CLEANUP */
		return S->dp == MQ_DP_CLEANUP && x->zone == MQ_Z_HAND && x->ctrl == seat;
	default:
		return 0;
	}
}

int mq_check(const void *data, const void *state, crisk_action a)
{
	const mq_rules *R = data;
	const mq_state *S = state;
	unsigned type = MQ_CODE_TYPE(a);
	if (S->status != CRISK_STATUS_RUNNING)
		return err_set(CRISK_EILLEGAL, "the game is over");
	if (type == 0 || type >= MQ_A_COUNT)
		return err_set(CRISK_EILLEGAL, "action type %u is not a muhq action", type);
	int simple = simple_legal(R, S, type, a);
	if (simple > 0 || (type == MQ_A_MOVE && move_legal(R, S, a)) || card_legal(R, S, type, a))
		return CRISK_OK;
	lister l = {.want = simple < 0 ? a : 0, .only_type = type,
		    .only_card = has_card_field(type) ? MQ_CODE_CARD(a) : MQ_NOCARD};
	if (has_card_field(type) && MQ_CODE_CARD(a) >= R->ncard)
		return err_set(CRISK_EILLEGAL, "%s: there is no card #%u in this game", type_names[type], MQ_CODE_CARD(a));
	if (type == MQ_A_CARRY && simple < 0) {
		/* Only the code's artifact can yield it; a refusal lists in full
		 * below, for the message's count. */
		lister k = l;
		k.narrow = 1;
		enumerate(&k, R, S);
		if (k.found)
			return CRISK_OK;
	}
	enumerate(&l, R, S);
	if (l.found)
		return CRISK_OK;
	if (S->dp == MQ_DP_CHANCE)
		return err_set(CRISK_EILLEGAL, "%s: a chance outcome 0..%u is due now", type_names[type],
			       (unsigned)S->chance_k - 1);
	if (l.n == 0)
		return err_set(CRISK_EILLEGAL, "%s is not possible now: seat %d decides %s", type_names[type], S->cur,
			       dp_names[S->dp]);
	return err_set(CRISK_EILLEGAL, "%s: not with these choices now (card, tile, target or cost does not fit; %zu "
				       "%s actions are legal)", type_names[type], l.n, type_names[type]);
}

int mq_chance(const void *data, const void *state, crisk_action *acts, double *probs, size_t cap, size_t *count)
{
	(void)data;
	const mq_state *S = state;
	if (S->status != CRISK_STATUS_RUNNING || S->dp != MQ_DP_CHANCE)
		return err_set(CRISK_ESTATE, "not at a chance point");
	*count = S->chance_k;
	for (uint32_t k = 0; k < S->chance_k && k < cap; k++) {
		acts[k] = (uint64_t)MQ_A_CHANCE << 56 | k;
		probs[k] = 1.0 / S->chance_k;
	}
	return S->chance_k > cap ? err_set(CRISK_EBUFSIZE, "%u outcomes", (unsigned)S->chance_k) : CRISK_OK;
}

/* ---- applying ---- */

static void declare(const mq_rules *R, mq_state *S, int kind, unsigned src, unsigned aux, unsigned a, unsigned b,
		    unsigned c, evlog *log)
{
	(void)R;
	mq_item it = {(uint8_t)kind, (uint8_t)S->cur, (uint8_t)aux, 0, (uint16_t)src, (uint16_t)a, (uint16_t)b,
		      (uint16_t)c};
	if (kind == MQ_I_TRIGGER)
		it.ctrl = (uint8_t)mq_ccards(R, S)[src].ctrl;
	S->stack[S->nstack++] = it;
	S->prio = it.ctrl; /* M-37.3 */
	S->passes = 0;
	ev *e = event(log, MQ_EV_DECLARE, it.ctrl);
	if (e) {
		e->args[0] = kind;
		e->args[1] = (int32_t)src;
		e->args[2] = (int32_t)aux;
		e->args[3] = (int32_t)a;
		e->args[4] = (int32_t)b;
		e->args[5] = (int32_t)c;
	}
}

void mq_declare_trigger(const mq_rules *R, void *st, unsigned card, unsigned ab, unsigned b, unsigned c, evlog *log)
{
	mq_state *S = st;
	mq_cards(R, st)[card].trig &= (uint8_t)~(1u << ab);
	declare(R, S, MQ_I_TRIGGER, card, ab, MQ_T_NONE, b, c, log);
}

static void pay(const mq_rules *R, mq_state *S, int seat, int n, evlog *log)
{
	(void)R;
	S->seat[seat].res -= n;
	ev *e = event(log, MQ_EV_PAY, seat);
	if (e) {
		e->args[0] = n;
		e->args[1] = S->seat[seat].res;
	}
}

static void to_discard(const mq_rules *R, mq_state *S, unsigned c, int type, evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	int seat = cs[c].ctrl;
	mq_to_zone(R, S, c, MQ_Z_DISCARD, cs[c].owner);
	ev *e = event(log, type, seat);
	if (e) {
		e->args[0] = (int32_t)c;
		e->args[1] = (int32_t)R->card[c].def;
	}
}

/* Spends allowances (M-46): the move, attack or street move also spends the
 * full action; the full action spends everything. */
static void spend(mq_card *x, int bit)
{
	x->flags |= (uint8_t)(bit == MQ_F_FULL ? MQ_F_ALLOW : bit | MQ_F_FULL);
}

static void pay_free_costs(const mq_rules *R, mq_state *S, unsigned c, const mqd_ability *ab, evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	int seat = cs[c].ctrl;
	if (ab->costs & MQD_COST_TAP)
		cs[c].flags |= MQ_F_TAPPED;
	if (ab->res)
		pay(R, S, seat, ab->res, log);
	if (ab->dur)
		cs[c].dur = (uint8_t)(cs[c].dur - ab->dur);
	for (int k = 0; k < ab->discard; k++) { /* the oldest cards of the hand (docs/decisions.md) */
		unsigned h = mq_zone_first(R, S, MQ_Z_HAND, seat);
		if (h != MQ_NONE)
			to_discard(R, S, h, MQ_EV_DISCARD, log);
	}
	if (ab->costs & MQD_COST_SAC)
		mq_leave(R, S, c, 1, log);
}

static void upkeep_pay(const mq_rules *R, mq_state *S, int seat, evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	pay(R, S, seat, kept_upkeep(R, S, seat), log);
	uint16_t gone[MQ_CARDS_MAX];
	int n = 0;
	MQ_FOR_MAP(R, S, c)
		if (cs[c].flags & MQ_F_RELEASE) {
			cs[c].flags &= (uint8_t)~MQ_F_RELEASE;
			gone[n++] = (uint16_t)c;
		}
	for (int i = 0; i < n; i++) /* all at once: the members drop afterwards */
		if (cs[gone[i]].zone == MQ_Z_MAP)
			mq_leave(R, S, gone[i], 1, log);
	S->njob--; /* the upkeep job */
}

void mq_do_apply(const mq_rules *R, void *st, crisk_action a, evlog *log)
{
	mq_state *S = st;
	mq_card *cs = mq_cards(R, S);
	unsigned type = MQ_CODE_TYPE(a), c = MQ_CODE_CARD(a), aux = MQ_CODE_AUX(a);
	unsigned fa = MQ_CODE_A(a), fb = MQ_CODE_B(a), fc = MQ_CODE_C(a);
	int seat = S->cur, checks = 1;
	ev *e;
	switch (type) {
	case MQ_A_CHANCE:
		S->chance_v = (uint32_t)a;
		S->chance_given = 1;
		checks = 0;
		break;
	case MQ_A_PICK:
		mq_pick(R, S, seat, c, log);
		checks = 0;
		break;
	case MQ_A_TRIGGER:
		mq_declare_trigger(R, S, c, aux, fb, fc, log);
		break;
	case MQ_A_RELEASE: /* a mark for the payment: nothing the state checks look at changes */
		cs[c].flags |= MQ_F_RELEASE;
		e = event(log, MQ_EV_RELEASE, seat);
		if (e)
			e->args[0] = (int32_t)c;
		checks = 0;
		break;
	case MQ_A_PAY:
		upkeep_pay(R, S, seat, log);
		break;
	case MQ_A_PLAY:
		pay(R, S, seat, mq_def(R, c)->play, log);
		mq_set_zone(R, S, c, MQ_Z_STACK);
		declare(R, S, MQ_I_PLAY, c, aux, fa, fb, fc, log);
		break;
	case MQ_A_ACTIVATE:
		S->activated = (uint16_t)c;
		e = event(log, MQ_EV_ACTIVATE, seat);
		if (e)
			e->args[0] = (int32_t)c;
		if (cs[c].mark[MQ_M_POISON]) /* M-69 */
			mq_mark(R, S, c, MQ_M_POISON, 1, log);
		break;
	case MQ_A_MOVE:
		spend(&cs[c], aux ? MQ_F_STREET : MQ_F_MOVE);
		declare(R, S, MQ_I_MOVE, c, aux, fa, MQ_T_NONE, MQ_T_NONE, log);
		break;
	case MQ_A_ATTACK:
		spend(&cs[c], MQ_F_ATTACK);
		declare(R, S, MQ_I_ATTACK, c, 0, fa, MQ_T_NONE, MQ_T_NONE, log);
		break;
	case MQ_A_FULL:
		spend(&cs[c], MQ_F_FULL);
		declare(R, S, MQ_I_FULL, c, aux, MQ_T_NONE, fb, fc, log);
		break;
	case MQ_A_CARRY:
		spend(&cs[c], MQ_F_FULL);
		declare(R, S, MQ_I_CARRY, c, 0, fa, fb, fc, log);
		break;
	case MQ_A_EQUIP:
	case MQ_A_SWITCH:
		spend(&cs[c], aux ? MQ_F_ATTACK : MQ_F_MOVE);
		declare(R, S, type == MQ_A_EQUIP ? MQ_I_EQUIP : MQ_I_SWITCH, c, aux, fa, MQ_T_NONE, MQ_T_NONE, log);
		break;
	case MQ_A_SHAKE: {
		static const uint8_t bit[4] = {MQ_F_MOVE, MQ_F_ATTACK, MQ_F_STREET, MQ_F_FULL};
		spend(&cs[c], bit[aux]);
		declare(R, S, MQ_I_SHAKE, c, aux, MQ_T_NONE, MQ_T_NONE, MQ_T_NONE, log);
		break;
	}
	case MQ_A_FINISH:
		cs[c].flags |= MQ_F_TAPPED;
		S->activated = MQ_NONE;
		e = event(log, MQ_EV_TAP, seat);
		if (e)
			e->args[0] = (int32_t)c;
		break;
	case MQ_A_FREE: {
		const mqd_ability *ab = mq_ability(R, c, aux);
		pay_free_costs(R, S, c, ab, log);
		declare(R, S, MQ_I_FREE, c, aux, MQ_T_NONE, fb, fc, log);
		break;
	}
	case MQ_A_SCRAP:
		e = event(log, MQ_EV_SCRAP, seat);
		if (e) {
			e->args[0] = (int32_t)fa;
			e->args[1] = (int32_t)R->card[fa].def;
			e->args[2] = (int32_t)fb;
			e->args[3] = (int32_t)R->card[fb].def;
		}
		mq_to_zone(R, S, fa, MQ_Z_DISCARD, cs[fa].owner);
		mq_to_zone(R, S, fb, MQ_Z_DISCARD, cs[fb].owner);
		mq_gain(R, S, seat, 1, log);
		checks = 0; /* cards and resource only: the map is as the last checks left it */
		break;
	case MQ_A_PASS:
		mq_pass(R, S, log);
		checks = 0;
		break;
	case MQ_A_BUY:
		pay(R, S, seat, mq_def(R, c)->buy, log);
		e = event(log, MQ_EV_BUY, seat);
		if (e) {
			e->args[0] = (int32_t)c;
			e->args[1] = (int32_t)R->card[c].def;
			e->args[2] = mq_def(R, c)->buy;
		}
		mq_to_zone(R, S, c, MQ_Z_DISCARD, seat);
		S->seat[seat].bought = 1;
		S->njob--; /* the buy step ends */
		checks = 0; /* the map is as the last checks left it */
		break;
	case MQ_A_DISCARD:
		to_discard(R, S, c, MQ_EV_DISCARD, log);
		checks = 0;
		break;
	case MQ_A_DONE:
		S->njob--;
		checks = 0;
		break;
	case MQ_A_DROP:
		mq_drop_to(R, S, mq_next_drop(R, S), (int)MQ_T_VAL(fa), log);
		checks = 0;
		break;
	case MQ_A_CONCEDE:
		mq_eliminate(R, S, seat, 0, log);
		break;
	default:
		break;
	}
	if (checks)
		mq_push(S, MQ_J_CHECKS, 0, 0, 0, 0);
}

int mq_apply(const void *data, void *state, crisk_action a, evlog *log)
{
	const mq_rules *R = data;
	int rc = mq_check(data, state, a);
	if (rc)
		return rc;
	mq_apply_listed(R, state, a, log);
	return CRISK_OK;
}

void mq_apply_listed(const mq_rules *R, void *state, crisk_action a, evlog *log)
{
	mq_do_apply(R, state, a, log);
	mq_advance(R, state, log);
}
