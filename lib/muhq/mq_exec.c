/* Executing the top of the stack (M-40): re-checking targets and fizzling,
 * then the item's effect: a card entering the map (M-53, M-78), a move
 * (M-59..M-61), an attack (M-62..M-64), carry, equip, switch, shake off
 * (M-74, M-75, M-79, M-50), and the steps of an ability in the effect
 * language (M-103..M-106).  A step that draws pushes a draw job and the
 * execution resumes after it (mq_exec returns EX_AGAIN). */
#include <string.h>

#include "geom.h"
#include "mq.h"
#include "mq_engine.h"

enum { EX_DONE, EX_WAIT, EX_AGAIN };
/* Job stages of an execution. */
enum { ST_START, ST_STEPS };

static ev *event(evlog *log, int type, int seat)
{
	return log ? ev_push(log, (unsigned)type, seat, -1) : NULL;
}

const mqd_ability *mq_ability(const mq_rules *R, unsigned card, unsigned ab)
{
	const mqd_card *d = mq_def(R, card);
	return ab < d->nab ? &R->db->abilities[d->ab0 + ab] : NULL;
}

/* The `play` ability of a card, or NULL. */
const mqd_ability *mq_play_ability(const mq_rules *R, unsigned card, unsigned *index)
{
	const mqd_card *d = mq_def(R, card);
	for (uint32_t a = 0; a < d->nab; a++)
		if (R->db->abilities[d->ab0 + a].kind == MQD_AB_PLAY) {
			if (index)
				*index = a;
			return &R->db->abilities[d->ab0 + a];
		}
	return NULL;
}

/* ---- targets ---- */

static int kind_fits(const mq_rules *R, uint8_t kinds, unsigned card)
{
	int type = mq_def(R, card)->type;
	if (kinds & MQD_K_PERMANENT)
		return 1;
	if ((kinds & MQD_K_UNIT) && type == MQD_UNIT)
		return 1;
	if ((kinds & MQD_K_BOSS) && type == MQD_BOSS)
		return 1;
	if ((kinds & MQD_K_ARTIFACT) && (type == MQD_ARTIFACT || type == MQD_EQUIPMENT))
		return 1;
	return (kinds & MQD_K_EQUIPMENT) && type == MQD_EQUIPMENT;
}

/* nearN: within N of a unit or boss seat controls (M-104). */
static int near_own(const mq_rules *R, const void *st, int seat, int tile, int n)
{
	const mq_card *cs = mq_ccards(R, st);
	MQ_FOR_MAP(R, st, c)
		if (mq_on_map(&cs[c]) && cs[c].ctrl == seat && mq_is_unitlike(R, c) &&
		    mq_dist_tiles(R, mq_tile_of(R, st, c), tile) <= n)
			return 1;
	return 0;
}

int mq_target_fits(const mq_rules *R, const void *st, const mqd_spec *sp, unsigned t, int ctrl, unsigned src,
		   int origin)
{
	const mq_state *S = st;
	const mq_card *cs = mq_ccards(R, st);
	int tile, owner;
	if (MQ_T_IS_CARD(t)) {
		if (t >= R->ncard || !mq_on_map(&cs[t]) || !kind_fits(R, sp->kinds, t))
			return 0;
		tile = mq_tile_of(R, st, t);
		owner = cs[t].ctrl;
		if ((sp->filters & MQD_F_DAMAGED) && !cs[t].mark[MQ_M_DAMAGE])
			return 0;
		if ((sp->filters & MQD_F_OTHER) && t == src)
			return 0;
		if (sp->filters & MQD_F_FREE)
			return 0;
	} else if (MQ_T_IS_TILE(t)) {
		tile = (int)MQ_T_VAL(t);
		if (!(sp->kinds & MQD_K_TILE) || tile >= R->ntile)
			return 0;
		if ((sp->filters & MQD_F_FREE) &&
		    (mq_cocc(R, st)[tile] != MQ_NONE || mq_tile_type(R, st, tile) == MQD_TILE_WALL))
			return 0;
		if (sp->filters & (MQD_F_OWN | MQD_F_ALLY | MQD_F_ENEMY | MQD_F_DAMAGED))
			return 0;
		owner = -1;
	} else if (MQ_T_IS_PLAYER(t)) {
		int seat = (int)MQ_T_VAL(t);
		if (!(sp->kinds & MQD_K_PLAYER) || seat >= R->seats || S->seat[seat].out)
			return 0;
		if (sp->filters & (MQD_F_DAMAGED | MQD_F_FREE) || sp->r != MQD_NONE || sp->near != MQD_NONE)
			return 0;
		if ((sp->filters & MQD_F_OWN) && seat != ctrl)
			return 0;
		if ((sp->filters & MQD_F_ALLY) && !mq_allied(R, seat, ctrl))
			return 0;
		return !((sp->filters & MQD_F_ENEMY) && mq_allied(R, seat, ctrl));
	} else {
		return 0;
	}
	if (owner >= 0) {
		if ((sp->filters & MQD_F_OWN) && owner != ctrl)
			return 0;
		if ((sp->filters & MQD_F_ALLY) && !mq_allied(R, owner, ctrl))
			return 0;
		if ((sp->filters & MQD_F_ENEMY) && mq_allied(R, owner, ctrl))
			return 0;
	}
	if (sp->r != MQD_NONE && (origin < 0 || mq_dist_tiles(R, origin, tile) > sp->r))
		return 0;
	return sp->near == MQD_NONE || near_own(R, st, ctrl, tile, sp->near);
}

/* The tile rN of an item's ability measures from: the source permanent's
 * tile, or the placement tile of a permanent being played; -1 for spells. */
static int origin_of(const mq_rules *R, const void *st, const mq_item *it)
{
	const mq_card *cs = mq_ccards(R, st);
	if (it->kind == MQ_I_PLAY)
		return mq_def(R, it->src)->type == MQD_SPELL ? -1 : (cs[it->src].zone == MQ_Z_MAP
									    ? mq_tile_of(R, st, it->src)
									    : (int)MQ_T_VAL(it->a));
	return cs[it->src].zone == MQ_Z_MAP ? mq_tile_of(R, st, it->src) : -1;
}

const mqd_ability *mq_item_ability(const mq_rules *R, const mq_item *it)
{
	switch (it->kind) {
	case MQ_I_PLAY: return mq_play_ability(R, it->src, NULL);
	case MQ_I_FULL: return it->aux == MQ_AB_FARM ? NULL : mq_ability(R, it->src, it->aux);
	case MQ_I_FREE:
	case MQ_I_TRIGGER: return mq_ability(R, it->src, it->aux);
	default: return NULL;
	}
}

/* Target k (0, 1) of the item is still legal (M-40 step 1). */
static int target_ok(const mq_rules *R, const void *st, const mq_item *it, const mqd_ability *ab, int k)
{
	unsigned t = k ? it->c : it->b;
	if (!ab || k >= ab->nspec || t == MQ_T_NONE)
		return 0;
	return mq_target_fits(R, st, &ab->spec[k], t, it->ctrl, it->src, origin_of(R, st, it));
}

/* ---- references and steps ---- */

typedef struct refset {
	uint16_t n;
	uint16_t card[MQ_CARDS_MAX];
} refset;

static int tile_of_target(const mq_rules *R, const void *st, unsigned t)
{
	if (MQ_T_IS_TILE(t))
		return (int)MQ_T_VAL(t);
	if (MQ_T_IS_CARD(t))
		return mq_tile_of(R, st, t);
	return -1;
}

/* The permanents a reference names (M-105); only legal targets count. */
static void resolve(const mq_rules *R, const void *st, const mq_item *it, const mqd_ability *ab, const mqd_ref *ref,
		    refset *out)
{
	const mq_card *cs = mq_ccards(R, st);
	out->n = 0;
	switch (ref->kind) {
	case MQD_REF_T1:
	case MQD_REF_T2: {
		int k = ref->kind == MQD_REF_T2;
		unsigned t = k ? it->c : it->b;
		if (target_ok(R, st, it, ab, k) && MQ_T_IS_CARD(t))
			out->card[out->n++] = (uint16_t)t;
		break;
	}
	case MQD_REF_SELF:
		if (mq_on_map(&cs[it->src]))
			out->card[out->n++] = it->src;
		break;
	case MQD_REF_EQUIPPED:
		if (mq_on_map(&cs[it->src]) && cs[it->src].up != MQ_NONE && mq_def(R, it->src)->type == MQD_EQUIPMENT)
			out->card[out->n++] = cs[it->src].up;
		break;
	case MQD_REF_ALL: {
		int origin = -1;
		if (ref->origin == MQD_REF_T1 || ref->origin == MQD_REF_T2) {
			int k = ref->origin == MQD_REF_T2;
			if (target_ok(R, st, it, ab, k))
				origin = tile_of_target(R, st, k ? it->c : it->b);
		} else if (mq_on_map(&cs[it->src])) {
			origin = mq_tile_of(R, st, it->src);
		}
		if (ref->all.r != MQD_NONE && origin < 0)
			break;
		for (uint32_t c = 0; c < R->ncard; c++)
			if (mq_target_fits(R, st, &ref->all, c, it->ctrl, it->src, origin))
				out->card[out->n++] = (uint16_t)c;
		break;
	}
	default:
		break;
	}
}

/* The player of a STEAL (M-106): @CTRL(ref) or a player target; -1 when none. */
static int resolve_player(const mq_rules *R, const void *st, const mq_item *it, const mqd_ability *ab,
			  const mqd_ref *ref)
{
	if (!ref->ctrl) {
		int k = ref->kind == MQD_REF_T2;
		unsigned t = k ? it->c : it->b;
		return target_ok(R, st, it, ab, k) && MQ_T_IS_PLAYER(t) ? (int)MQ_T_VAL(t) : -1;
	}
	refset *rs = &(refset){0};
	resolve(R, st, it, ab, ref, rs);
	return rs->n ? mq_ccards(R, st)[rs->card[0]].ctrl : -1;
}

static void steal(const mq_rules *R, mq_state *S, int from, int to, int n, evlog *log)
{
	if (from < 0 || from == to)
		return;
	int take = S->seat[from].res < n ? S->seat[from].res : n;
	if (take <= 0)
		return;
	S->seat[from].res -= take;
	mq_gain(R, S, to, take, log);
	ev *e = event(log, MQ_EV_STEAL, to);
	if (e) {
		e->args[0] = from;
		e->args[1] = take;
	}
}

/* M-72. */
static void convert(const mq_rules *R, mq_state *S, unsigned x, int seat, evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	const mqd_card *d = mq_def(R, x);
	if (d->type != MQD_UNIT || cs[x].up != MQ_NONE || mq_kw(R, x, MQD_KW_KING) || d->buy == MQD_NONE ||
	    cs[x].mark[MQ_M_FAITH] < d->buy || cs[x].ctrl == seat)
		return;
	int old = cs[x].ctrl;
	uint16_t mem[8];
	int n = mq_members(R, S, x, mem, 8);
	for (int i = n - 1; i >= 0; i--) {
		unsigned m = mem[i];
		if (mq_def(R, m)->type == MQD_UNIT) { /* crew drops, the old controller places it */
			cs[m].up = MQ_NONE;
			cs[m].pos = cs[x].pos;
			cs[m].flags |= MQ_F_DROP;
			cs[m].joined = S->stamp++;
		} else {
			cs[m].ctrl = (uint8_t)seat;
		}
	}
	cs[x].mark[MQ_M_FAITH] = 0;
	cs[x].ctrl = (uint8_t)seat;
	cs[x].flags |= MQ_F_TAPPED;
	if (S->activated == x)
		S->activated = MQ_NONE;
	ev *e = event(log, MQ_EV_CONVERT, seat);
	if (e) {
		e->args[0] = (int32_t)x;
		e->args[1] = old;
	}
}

/* Reach of a unit's move (M-59, M-67): the destinations as map rows into
 * set[h] (bit x of set[y]: tile (x, y)), and when cost is not NULL their
 * costs into cost[ntile] (MQ_UNREACHED elsewhere). */
static void move_search(const mq_rules *R, const void *st, unsigned unit, int budget, int street, int ignore_tile,
			int boarding, uint64_t *set, uint8_t *cost)
{
	const mq_card *cs = mq_ccards(R, st);
	const uint16_t *occ = mq_cocc(R, st);
	/* A path of cost c stays within Chebyshev distance c of its start, so
	 * the search runs on the window of the tiles the budget can reach. */
	int start = mq_tile_of(R, st, unit), sx = R->tx[start], sy = R->ty[start];
	int b = budget < 0 ? 0 : budget;
	int x0 = sx - b < 0 ? 0 : sx - b, y0 = sy - b < 0 ? 0 : sy - b;
	int x1 = sx + b >= R->w ? R->w - 1 : sx + b, y1 = sy + b >= R->h ? R->h - 1 : sy + b;
	int ww = x1 - x0 + 1, wh = y1 - y0 + 1;
	memset(set, 0, sizeof *set * (size_t)R->h);
	if (cost)
		memset(cost, MQ_UNREACHED, (size_t)R->ntile);
	if (budget < 1)
		return;
	uint64_t wmask = ww == 64 ? ~UINT64_C(0) : (UINT64_C(1) << ww) - 1;
	int cls = mq_class(R, unit);
	int carries = boarding && mq_crew_count(R, st, unit) > 0;
	int can_board = boarding && !carries && mq_def(R, unit)->type == MQD_UNIT;
	const uint64_t *rw = R->rows + MQ_ROW_WALL * R->h, *rd = R->rows + MQ_ROW_DEEP * R->h;
	const uint64_t *rwa = R->rows + MQ_ROW_WATER * R->h, *rg = R->rows + MQ_ROW_GATE * R->h;
	const uint64_t *rs = R->rows + MQ_ROW_STREET * R->h;
	mq_reach_rows in;
	in.w = ww;
	in.h = wh;
	in.sx = sx - x0;
	in.sy = sy - y0;
	in.budget = budget;
	for (int y = y0; y <= y1; y++) {
		int r = y - y0;
		uint64_t wall = rw[y] >> x0 & wmask, deep = rd[y] >> x0 & wmask;
		uint64_t suit = cls == MQ_SWIM ? deep : cls == MQ_AMPHI ? wmask & ~wall : wmask & ~wall & ~deep;
		uint64_t stopper = (rg[y] | (cls == MQ_WALK ? rwa[y] : 0)) >> x0 & wmask;
		uint64_t block = 0, board = 0;
		const uint16_t *o = occ + y * R->w + x0;
		for (int x = 0; x < ww; x++)
			if (o[x] != MQ_NONE)
				block |= UINT64_C(1) << x;
		if (ignore_tile >= 0 && R->ty[ignore_tile] == y && R->tx[ignore_tile] >= x0 && R->tx[ignore_tile] <= x1)
			block &= ~(UINT64_C(1) << (R->tx[ignore_tile] - x0));
		if (can_board)
			for (uint64_t m = block; m; m &= m - 1) {
				int x = __builtin_ctzll(m);
				unsigned oc = o[x];
				if (oc == MQ_NONE || oc == unit)
					continue;
				int crew = mq_kw(R, oc, MQD_KW_CREW);
				if (crew && cs[oc].ctrl == cs[unit].ctrl && mq_def(R, oc)->type == MQD_UNIT &&
				    mq_crew_count(R, st, oc) < crew)
					board |= UINT64_C(1) << x;
			}
		uint64_t enter = suit & ~block;
		uint64_t stop = (enter & stopper) | board, pass = enter & ~stopper & ~board;
		if (street) {
			uint64_t sm = rs[y] >> x0 & wmask;
			stop &= sm;
			pass &= sm;
		}
		in.wall[r] = wall;
		in.stop[r] = stop;
		in.pass[r] = pass;
	}
	/* Destroyed walls are plain (M-82): land, no wall. */
	for (int i = 0; i < R->nwall; i++) {
		int t = R->walltile[i], y = R->ty[t], x = R->tx[t];
		if (y > y1)
			break;
		if (y < y0 || x < x0 || x > x1 || mq_cwalls(R, st)[i] < 10)
			continue;
		uint64_t bit = UINT64_C(1) << (x - x0);
		int r = y - y0;
		in.wall[r] &= ~bit;
		if (cls != MQ_SWIM && !street && (occ[t] == MQ_NONE || t == ignore_tile))
			in.pass[r] |= bit;
	}
	uint64_t sbit = ~(UINT64_C(1) << in.sx);
	in.pass[in.sy] &= sbit;
	in.stop[in.sy] &= sbit;
	uint64_t win[MQD_MAP_SIDE_MAX];
	uint8_t wcost[MQD_MAP_SIDE_MAX * MQD_MAP_SIDE_MAX];
	mq_reach_rows_run(&in, win, cost ? wcost : NULL);
	for (int r = 0; r < wh; r++) {
		set[y0 + r] = win[r] << x0;
		if (cost)
			for (uint64_t m = win[r]; m; m &= m - 1) {
				int x = __builtin_ctzll(m);
				cost[(y0 + r) * R->w + x0 + x] = wcost[r * ww + x];
			}
	}
}

void mq_move_reach(const mq_rules *R, const void *st, unsigned unit, int budget, int street, int ignore_tile,
		   int boarding, uint8_t *cost)
{
	uint64_t set[MQD_MAP_SIDE_MAX];
	move_search(R, st, unit, budget, street, ignore_tile, boarding, set, cost);
}

void mq_move_set(const mq_rules *R, const void *st, unsigned unit, int budget, int street, int ignore_tile,
		 int boarding, uint64_t *set)
{
	move_search(R, st, unit, budget, street, ignore_tile, boarding, set, NULL);
}

/* Moves unit (with its pile) to tile: boarding a crewable friend there (M-67),
 * or standing there as a base; a member leaves its pile (M-48). */
static void move_to(const mq_rules *R, mq_state *S, unsigned unit, int tile, evlog *log)
{
	int from = mq_tile_of(R, S, unit);
	unsigned o = mq_occ(R, S)[tile];
	if (o != MQ_NONE && o != unit) {
		mq_join(R, S, unit, o);
	} else {
		mq_detach(R, S, unit);
		mq_place(R, S, unit, tile);
	}
	ev *e = event(log, MQ_EV_MOVE, mq_cards(R, S)[unit].ctrl);
	if (e) {
		e->args[0] = (int32_t)unit;
		e->args[1] = from;
		e->args[2] = tile;
	}
}

/* Runs step k of ability ab; returns EX_AGAIN when it pushed a job. */
static int run_step(const mq_rules *R, mq_state *S, const mq_item *it, const mqd_ability *ab, const mqd_step *sp,
		    evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	refset *rs = &(refset){0};
	int seat = it->ctrl;
	switch (sp->op) {
	case MQD_OP_GAIN:
		mq_gain(R, S, seat, sp->n, log);
		return EX_DONE;
	case MQD_OP_DRAW:
		if (sp->n > 0)
			mq_push(S, MQ_J_DRAW, seat, sp->n, 0, 0);
		return EX_AGAIN;
	case MQD_OP_STEAL:
		steal(R, S, resolve_player(R, S, it, ab, &sp->ref), seat, sp->n, log);
		return EX_DONE;
	default:
		break;
	}
	resolve(R, S, it, ab, &sp->ref, rs);
	if (sp->op == MQD_OP_DESTROY) {
		uint16_t gone[MQ_CARDS_MAX];
		int n = 0;
		for (int i = 0; i < rs->n; i++) /* M-80, M-85: bosses and Kings are unaffected */
			if (mq_def(R, rs->card[i])->type != MQD_BOSS && !mq_kw(R, rs->card[i], MQD_KW_KING))
				gone[n++] = rs->card[i];
		for (int k = 0; k < R->seats; k++)
			for (int i = 0; i < n; i++)
				if (cs[gone[i]].zone == MQ_Z_MAP && cs[gone[i]].ctrl == (S->active + k) % R->seats)
					mq_leave(R, S, gone[i], 1, log);
		return EX_DONE;
	}
	for (int i = 0; i < rs->n; i++) {
		unsigned x = rs->card[i];
		int unitlike = mq_is_unitlike(R, x);
		switch (sp->op) {
		case MQD_OP_DAMAGE:
			if (unitlike || mq_kw(R, x, MQD_KW_SOLID)) {
				int dealt = mq_damage(R, S, x, sp->n, log);
				ev *e = dealt ? event(log, MQ_EV_DAMAGE, cs[x].ctrl) : NULL;
				if (e) {
					e->args[0] = (int32_t)x;
					e->args[1] = dealt;
					e->args[2] = cs[x].mark[MQ_M_DAMAGE];
				}
			}
			break;
		case MQD_OP_HEAL:
			mq_mark(R, S, x, MQ_M_DAMAGE, sp->all ? -255 : -sp->n, log);
			break;
		case MQD_OP_ADD_MARK:
			if (unitlike) /* M-68 */
				mq_mark(R, S, x, MQ_M_POISON + sp->arg, sp->n, log);
			break;
		case MQD_OP_REMOVE_MARK:
			mq_mark(R, S, x, MQ_M_POISON + sp->arg, sp->all ? -255 : -sp->n, log);
			break;
		case MQD_OP_CONVERT:
			convert(R, S, x, seat, log);
			break;
		case MQD_OP_BUFF:
			if (unitlike) {
				int v = cs[x].buff[sp->arg] + sp->n;
				cs[x].buff[sp->arg] = (int8_t)(v > 127 ? 127 : v < -127 ? -127 : v);
				ev *e = event(log, MQ_EV_BUFF, cs[x].ctrl);
				if (e) {
					e->args[0] = (int32_t)x;
					e->args[1] = sp->arg;
					e->args[2] = sp->n;
				}
			}
			break;
		case MQD_OP_MOVE: {
			if (i > 0 || mq_def(R, x)->type != MQD_UNIT)
				break; /* a single unit */
			int k = sp->ref2.kind == MQD_REF_T2;
			unsigned t = k ? it->c : it->b;
			if (!target_ok(R, S, it, ab, k) || !MQ_T_IS_TILE(t))
				break;
			uint64_t set[MQD_MAP_SIDE_MAX];
			mq_move_set(R, S, x, sp->n, 0, -1, 0, set);
			if (mq_in_set(R, set, (int)MQ_T_VAL(t)))
				move_to(R, S, x, (int)MQ_T_VAL(t), log);
			break;
		}
		default:
			break;
		}
	}
	return EX_DONE;
}

/* ---- unit actions ---- */

/* M-62's target conditions, from the attacker's tile, for its pile's
 * maximum range (mq_pile_range). */
int mq_attack_target_ok(const mq_rules *R, const void *st, unsigned attacker, unsigned t, int range)
{
	const mq_card *cs = mq_ccards(R, st);
	int from = mq_tile_of(R, st, attacker), tile;
	if (MQ_T_IS_TILE(t)) {
		tile = (int)MQ_T_VAL(t);
		if (tile >= R->ntile || mq_tile_type(R, st, tile) != MQD_TILE_WALL)
			return 0;
	} else if (MQ_T_IS_CARD(t) && t < R->ncard) {
		if (!mq_on_map(&cs[t]) || cs[t].up != MQ_NONE || mq_allied(R, cs[t].ctrl, cs[attacker].ctrl))
			return 0;
		if (!mq_is_unitlike(R, t) && !(mq_def(R, t)->type == MQD_ARTIFACT && mq_kw(R, t, MQD_KW_SOLID)))
			return 0;
		tile = cs[t].pos;
	} else {
		return 0;
	}
	int d = mq_dist_tiles(R, from, tile);
	if (d < 1 || d > range)
		return 0;
	return mq_tile_type(R, st, tile) != MQD_TILE_HOUSE || d == 1;
}

/* Venom, Stun and Plunder of the base that dealt combat damage (M-64 step 5). */
static void after_hit(const mq_rules *R, mq_state *S, unsigned by, unsigned victim, evlog *log)
{
	if (!mq_is_unitlike(R, victim) || mq_cards(R, S)[victim].zone != MQ_Z_MAP)
		return;
	int n;
	if ((n = mq_kw(R, by, MQD_KW_VENOM)))
		mq_mark(R, S, victim, MQ_M_POISON, n, log);
	if ((n = mq_kw(R, by, MQD_KW_STUN)))
		mq_mark(R, S, victim, MQ_M_PARALYSIS, n, log);
	if ((n = mq_kw(R, by, MQD_KW_PLUNDER)))
		steal(R, S, mq_cards(R, S)[victim].ctrl, mq_cards(R, S)[by].ctrl, n, log);
}

static int attack(const mq_rules *R, mq_state *S, const mq_item *it, evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	unsigned u = it->src, t = it->a;
	if (!mq_on_map(&cs[u]) || cs[u].up != MQ_NONE || !mq_has_attack(R, u) ||
	    !mq_attack_target_ok(R, S, u, t, mq_pile_range(R, S, u)))
		return 0; /* fizzles */
	int target_tile = MQ_T_IS_TILE(t) ? (int)MQ_T_VAL(t) : cs[t].pos;
	int d = mq_dist_tiles(R, cs[u].pos, target_tile);
	int A = mq_pile_attack(R, S, u, d);
	if (cs[u].flags & MQ_F_MOVE)
		A += mq_kw(R, u, MQD_KW_CHARGE);
	int B = 0;
	if (MQ_T_IS_CARD(t) && mq_is_unitlike(R, t)) {
		B = mq_pile_attack(R, S, t, d);
		if (B > 0)
			B += mq_kw(R, t, MQD_KW_BRACE);
	}
	int dealtA = 0, dealtB;
	if (MQ_T_IS_TILE(t)) { /* M-82: walls keep a plain damage count */
		uint8_t *w = &mq_walls(R, S)[R->wall[target_tile]];
		int v = *w + A;
		*w = (uint8_t)(v > 10 ? 10 : v);
		dealtA = A;
		ev *e = event(log, MQ_EV_WALL, cs[u].ctrl);
		if (e) {
			e->args[0] = target_tile;
			e->args[1] = *w;
			e->args[2] = *w >= 10;
		}
	} else {
		dealtA = mq_damage(R, S, t, A, log);
	}
	dealtB = mq_damage(R, S, u, B, log);
	ev *e = event(log, MQ_EV_ATTACK, cs[u].ctrl);
	if (e) {
		e->args[0] = (int32_t)u;
		e->args[1] = (int32_t)t;
		e->args[2] = dealtA;
		e->args[3] = dealtB;
	}
	if (dealtA > 0 && MQ_T_IS_CARD(t))
		after_hit(R, S, u, t, log);
	if (dealtB > 0)
		after_hit(R, S, t, u, log);
	return 1;
}

static int move_action(const mq_rules *R, mq_state *S, const mq_item *it, evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	unsigned u = it->src;
	int dest = (int)MQ_T_VAL(it->a);
	if (!mq_on_map(&cs[u]) || dest >= R->ntile)
		return 0;
	if (it->aux && (cs[u].up != MQ_NONE || mq_tile_type(R, S, cs[u].pos) != MQD_TILE_STREET))
		return 0; /* a street move starts on a street (M-60) */
	uint64_t set[MQD_MAP_SIDE_MAX];
	mq_move_set(R, S, u, mq_stat(R, S, u, MQD_STAT_MOVE), it->aux, -1, 1, set);
	if (!mq_in_set(R, set, dest))
		return 0; /* M-40 step 4 */
	move_to(R, S, u, dest, log);
	return 1;
}

/* Whether the artifact may be set down on put after the unit moved from
 * its tile to dest (M-74 step 3): the unit's and the artifact's old tiles
 * are empty by then. */
int mq_carry_put_ok(const mq_rules *R, const void *st, unsigned unit, unsigned art, int dest, int put)
{
	const mq_card *cs = mq_ccards(R, st);
	if (put < 0 || put >= R->ntile || put == dest || mq_dist_tiles(R, dest, put) > 1)
		return 0;
	unsigned o = mq_cocc(R, st)[put];
	if (o != MQ_NONE && o != art && !(o == unit && cs[unit].up == MQ_NONE))
		return 0;
	return mq_suits(mq_tile_type(R, st, put), mq_class(R, art));
}

/* M-74: both parts or nothing. */
static int carry(const mq_rules *R, mq_state *S, const mq_item *it, evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	unsigned u = it->src, art = it->a;
	int dest = (int)MQ_T_VAL(it->b), put = (int)MQ_T_VAL(it->c);
	if (!mq_on_map(&cs[u]) || !mq_carry_ok(R, S, u, art) || dest >= R->ntile)
		return 0;
	int art_tile = cs[art].pos;
	uint64_t set[MQD_MAP_SIDE_MAX];
	mq_move_set(R, S, u, mq_stat(R, S, u, MQD_STAT_MOVE), 0, art_tile, 1, set);
	if (!mq_in_set(R, set, dest) || !mq_carry_put_ok(R, S, u, art, dest, put))
		return 0;
	mq_detach(R, S, art);
	move_to(R, S, u, dest, log);
	mq_place(R, S, art, put);
	ev *e = event(log, MQ_EV_MOVE, cs[art].ctrl);
	if (e) {
		e->args[0] = (int32_t)art;
		e->args[1] = art_tile;
		e->args[2] = put;
	}
	return 1;
}

static int equip(const mq_rules *R, mq_state *S, const mq_item *it, evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	unsigned u = it->src, q = it->a;
	if (!mq_on_map(&cs[u]) || !mq_equip_ok(R, S, u, q))
		return 0;
	mq_join(R, S, q, u);
	cs[q].ctrl = cs[u].ctrl; /* M-79 */
	ev *e = event(log, MQ_EV_EQUIP, cs[u].ctrl);
	if (e) {
		e->args[0] = (int32_t)u;
		e->args[1] = (int32_t)q;
	}
	return 1;
}

static int switch_places(const mq_rules *R, mq_state *S, const mq_item *it, evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	unsigned u = it->src, art = it->a;
	if (!mq_on_map(&cs[u]) || !mq_switch_ok(R, S, u, art))
		return 0;
	int tu = cs[u].pos, ta = cs[art].pos;
	mq_detach(R, S, u);
	mq_detach(R, S, art);
	mq_place(R, S, u, ta);
	mq_place(R, S, art, tu);
	ev *e = event(log, MQ_EV_SWITCH, cs[u].ctrl);
	if (e) {
		e->args[0] = (int32_t)u;
		e->args[1] = (int32_t)art;
	}
	return 1;
}

/* A permanent card enters on its tile; a unit takes the pending equipment (M-78). */
static int enter(const mq_rules *R, mq_state *S, const mq_item *it, evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	int tile = (int)MQ_T_VAL(it->a);
	if (tile >= R->ntile || !mq_available(R, S, tile, it->src))
		return 0;
	mq_enter(R, S, it->src, it->ctrl, tile, log);
	if (mq_def(R, it->src)->type != MQD_UNIT)
		return 1;
	for (int k = 0; k < MQ_EQUIP_MAX; k++) {
		unsigned q = mq_zone_first(R, S, MQ_Z_PENDING, it->ctrl);
		if (q == MQ_NONE)
			break;
		uint8_t owner = cs[q].owner;
		mq_enter(R, S, q, it->ctrl, tile, log);
		cs[q].owner = owner;
		mq_join(R, S, q, it->src);
		mq_place(R, S, it->src, tile);
		ev *e = event(log, MQ_EV_EQUIP, it->ctrl);
		if (e) {
			e->args[0] = it->src;
			e->args[1] = (int32_t)q;
		}
	}
	return 1;
}

/* The card of a played item goes where a resolved card goes (M-8, M-15). */
static void played_card_done(const mq_rules *R, mq_state *S, const mq_item *it)
{
	mq_card *cs = mq_cards(R, S);
	if (it->kind == MQ_I_PLAY && cs[it->src].zone == MQ_Z_STACK)
		mq_to_zone(R, S, it->src, MQ_Z_DISCARD, cs[it->src].owner);
}

int mq_exec(const mq_rules *R, void *st, mq_job *job, evlog *log)
{
	mq_state *S = st;
	const mq_item *it = &S->exec;
	const mqd_ability *ab = mq_item_ability(R, it);
	if (job->b == ST_START) {
		int ok = 1;
		if (ab && ab->nspec && it->b != MQ_T_NONE) { /* M-40 step 2 */
			ok = target_ok(R, S, it, ab, 0);
			if (ab->nspec > 1 && it->c != MQ_T_NONE)
				ok |= target_ok(R, S, it, ab, 1);
		}
		if (ok) {
			switch (it->kind) {
			case MQ_I_PLAY:
				if (mq_def(R, it->src)->type == MQD_SPELL)
					break;
				if (it->aux == 1) { /* M-78: attach next */
					mq_to_zone(R, S, it->src, MQ_Z_PENDING, it->ctrl);
					ab = NULL;
					break;
				}
				ok = enter(R, S, it, log);
				break;
			case MQ_I_MOVE: ok = move_action(R, S, it, log); break;
			case MQ_I_ATTACK: ok = attack(R, S, it, log); break;
			case MQ_I_CARRY: ok = carry(R, S, it, log); break;
			case MQ_I_EQUIP: ok = equip(R, S, it, log); break;
			case MQ_I_SWITCH: ok = switch_places(R, S, it, log); break;
			case MQ_I_SHAKE:
				ok = mq_on_map(&mq_cards(R, S)[it->src]);
				if (ok)
					mq_mark(R, S, it->src, MQ_M_PARALYSIS, -1, log);
				break;
			case MQ_I_FULL:
				if (it->aux == MQ_AB_FARM) {
					ok = mq_on_map(&mq_cards(R, S)[it->src]);
					if (ok)
						mq_gain(R, S, it->ctrl, 3, log);
				}
				break;
			default:
				break;
			}
		}
		ev *e = event(log, ok ? MQ_EV_RESOLVE : MQ_EV_FIZZLE, it->ctrl);
		if (e) {
			e->args[0] = it->kind;
			e->args[1] = it->src;
		}
		if (!ok || !ab) {
			played_card_done(R, S, it);
			return EX_DONE;
		}
		job->b = ST_STEPS;
		job->a = 0;
	}
	while (ab && job->a < ab->nstep) {
		const mqd_step *sp = &R->db->steps[ab->step0 + job->a];
		job->a++;
		if (run_step(R, S, it, ab, sp, log) == EX_AGAIN)
			return EX_AGAIN;
	}
	played_card_done(R, S, it);
	return EX_DONE;
}
