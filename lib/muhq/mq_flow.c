/* The course of a muhq game as a stack of jobs (mq.h): set-up (M-17), the
 * draft (M-20..M-25), the turn (M-26), upkeep (M-31), priority (M-37,
 * M-38), state checks (M-41), drops (M-54), elimination and the game's end
 * (M-84..M-91), draws and shuffles (M-4, M-9).  mq_advance runs jobs until
 * one needs a decision; the decision's action (mq_legal.c) changes the
 * state and calls mq_advance again. */
#include <string.h>

#include "../core/error.h"
#include "catanrisk/game.h"
#include "mq.h"
#include "mq_engine.h"

enum { AGAIN, WAIT };

/* Steps of the turn job (M-26). */
enum { T_START, T_REFILL, T_DRAW, T_GAIN, T_TRIGGERS, T_PAY, T_ACTION, T_BUY, T_CLEANUP, T_CHECKS, T_NEXT };

static ev *event(evlog *log, int type, int seat)
{
	return log ? ev_push(log, (unsigned)type, seat, -1) : NULL;
}

void mq_push(void *st, int kind, int a, int b, int c, int d)
{
	mq_state *S = st;
	/* The jobs nest at most eight deep (turn, priority, execution, draw,
	 * shuffle, checks, drops; set-up: turn, five shuffles, draft, shuffle). */
	if (S->njob >= MQ_JOBS_MAX)
		return;
	S->job[S->njob++] = (mq_job){(uint8_t)kind, (uint8_t)a, (uint16_t)b, (uint16_t)c, (uint16_t)d};
}

static int pop(mq_state *S)
{
	S->njob--;
	return AGAIN;
}

static int wait_for(mq_state *S, int dp, int seat)
{
	S->dp = (uint8_t)dp;
	S->cur = (int8_t)seat;
	return WAIT;
}

int mq_uniform(const mq_rules *R, void *st, uint32_t k, uint32_t *out)
{
	mq_state *S = st;
	if (k <= 1) { /* M-4: a pick from one consumes nothing */
		*out = 0;
		return 0;
	}
	if (!R->explicit_chance) {
		*out = rng_uniform(&S->rng, k);
		return 0;
	}
	if (S->chance_given) {
		S->chance_given = 0;
		S->chance_k = 0;
		*out = S->chance_v;
		return 0;
	}
	S->chance_k = k;
	wait_for(S, MQ_DP_CHANCE, CRISK_SEAT_CHANCE);
	return 1;
}

/* ---- the game's end ---- */

static void win(mq_state *S, int seat, int reason, evlog *log)
{
	S->status = seat >= 0 ? CRISK_STATUS_WON : CRISK_STATUS_ENDED;
	S->winner = (int8_t)seat;
	S->phase = MQ_PH_OVER;
	S->njob = 0;
	S->nstack = 0;
	ev *e = event(log, MQ_EV_WIN, seat);
	if (e)
		e->args[0] = reason;
}

void mq_eliminate(const mq_rules *R, void *st, int seat, int reason, evlog *log)
{
	mq_state *S = st;
	mq_card *cs = mq_cards(R, st);
	if (S->seat[seat].out)
		return;
	S->seat[seat].out = 1;
	ev *e = event(log, MQ_EV_ELIMINATED, seat);
	if (e)
		e->args[0] = reason;
	/* M-89: its permanents leave with their piles, without drops. */
	MQ_FOR_MAP(R, st, c)
		if (cs[c].ctrl == seat && (cs[c].up == MQ_NONE || (cs[c].flags & MQ_F_DROP)))
			mq_leave(R, st, c, 0, log);
	/* Its actions leave the stack; cards being played go to their owners' discard piles. */
	int n = 0;
	for (int i = 0; i < S->nstack; i++) {
		mq_item it = S->stack[i];
		if (it.ctrl != seat) {
			S->stack[n++] = it;
			continue;
		}
		if (it.kind == MQ_I_PLAY && cs[it.src].zone == MQ_Z_STACK)
			mq_to_zone(R, st, it.src, MQ_Z_DISCARD, cs[it.src].owner);
	}
	S->nstack = (uint8_t)n;
}

/* M-90, after every state check; M-102: the players win at once when The
 * Kraken leaves the map (a win of the players names seat 0, docs/decisions.md). */
static void immediate_checks(const mq_rules *R, mq_state *S, evlog *log)
{
	const mq_card *cs = mq_ccards(R, S);
	if (R->kraken != MQ_NONE && cs[R->kraken].zone != MQ_Z_MAP) {
		win(S, 0, MQD_WIN_KRAKEN, log);
		return;
	}
	if (R->map->win == MQD_WIN_KING)
		for (uint32_t c = 0; c < R->ncard; c++)
			if (R->card[c].zone == MQ_Z_MAP && mq_kw(R, c, MQD_KW_KING) && cs[c].zone != MQ_Z_MAP)
				mq_eliminate(R, S, R->card[c].owner, 1, log);
	int alive = mq_alive(R, S);
	if (alive == 1)
		win(S, mq_next_seat(R, S, R->seats - 1), 4, log);
	else if (alive == 0)
		win(S, -1, 4, log);
}

/* held[s]: the areas seat s holds (M-86): strictly more of its units stand
 * in the area than any other seat's; units in piles count on their base's
 * tile, bosses and artifacts not at all. */
static void areas_held(const mq_rules *R, const mq_state *S, int *held)
{
	const mq_card *cs = mq_ccards(R, S);
	int units[MQD_AREAS_MAX][MQ_SEATS_MAX] = {{0}};
	int na = (int)R->map->narea;
	MQ_FOR_MAP(R, S, c) {
		if (!mq_on_map(&cs[c]) || mq_def(R, c)->type != MQD_UNIT)
			continue;
		int t = mq_tile_of(R, S, c), x = R->tx[t], y = R->ty[t];
		for (int i = 0; i < na; i++) {
			const mqd_area *a = &R->db->areas[R->map->area0 + i];
			units[i][cs[c].ctrl] += x >= a->x && x < a->x + a->w && y >= a->y && y < a->y + a->h;
		}
	}
	for (int s = 0; s < R->seats; s++) {
		held[s] = 0;
		for (int i = 0; i < na && !S->seat[s].out; i++) {
			int most = units[i][s] > 0;
			for (int o = 0; o < R->seats; o++)
				most &= o == s || units[i][o] < units[i][s];
			held[s] += most;
		}
	}
}

/* M-91; returns 1 when the game ended. */
/* units[s]: seat s's units on the map (mq_seat_units for every seat). */
static void count_units(const mq_rules *R, const mq_state *S, int *units)
{
	const mq_card *cs = mq_ccards(R, S);
	for (int s = 0; s < R->seats; s++)
		units[s] = 0;
	const uint64_t *onmap = mq_cbits(R, S, MQ_Z_MAP);
	for (int w = 0; w < R->nbw; w++)
		for (uint64_t m = onmap[w] & R->unitbits[w]; m; m &= m - 1) {
			unsigned c = (unsigned)w * 64 + (unsigned)__builtin_ctzll(m);
			if (mq_on_map(&cs[c]) && cs[c].ctrl < R->seats)
				units[cs[c].ctrl]++;
		}
}

static int end_of_turn_checks(const mq_rules *R, mq_state *S, evlog *log)
{
	int act = S->active;
	if (R->map->win == MQD_WIN_RESOURCE && !S->seat[act].out && S->seat[act].res >= R->map->win_n) {
		win(S, act, MQD_WIN_RESOURCE, log);
		return 1;
	}
	if (R->map->win == MQD_WIN_CAPTURE) {
		int held[MQ_SEATS_MAX];
		areas_held(R, S, held);
		for (int s = 0; s < R->seats; s++) {
			if (s == act || S->seat[s].out || held[s] < R->map->win_n)
				continue;
			int more = 1;
			for (int o = 0; o < R->seats; o++)
				if (o != s && held[o] >= held[s])
					more = 0;
			if (more) {
				win(S, s, MQD_WIN_CAPTURE, log);
				return 1;
			}
		}
	}
	if (R->kseat >= 0) {
		/* M-102: human seats are never eliminated one by one; the players
		 * lose when every human seat is broken (or out). */
		int broken = 1;
		for (int s = 0; s < R->players; s++)
			broken &= S->seat[s].out || mq_broken(R, S, s);
		if (broken) {
			win(S, R->kseat, 6, log);
			return 1;
		}
	} else {
		/* mq_broken, with the units of every seat counted in one pass
		 * (a seat with a unit is not broken); again after an elimination. */
		int units[MQ_SEATS_MAX];
		count_units(R, S, units);
		for (int s = 0; s < R->seats; s++)
			if (!S->seat[s].out && !units[s] && mq_broken(R, S, s)) {
				mq_eliminate(R, S, s, 2, log);
				count_units(R, S, units);
			}
	}
	immediate_checks(R, S, log);
	if (S->status != CRISK_STATUS_RUNNING)
		return 1;
	int next = mq_next_seat(R, S, act);
	if (next <= act && S->round >= R->limit) { /* the round's last turn; M-102: seat K's turn in round N */
		win(S, R->kseat >= 0 ? R->kseat : -1, 5, log);
		return 1;
	}
	return 0;
}

/* ---- state checks and drops ---- */

static int must_go(const mq_rules *R, const mq_state *S, unsigned c)
{
	const mq_card *x = &mq_ccards(R, S)[c];
	const mqd_card *d = mq_def(R, c);
	if (d->type == MQD_UNIT || d->type == MQD_BOSS) {
		/* Unmarked, it goes only at health 0: not while nothing lowers it below its printed value and buffs. */
		if (!x->mark[MQ_M_DAMAGE] && !x->mark[MQ_M_POISON] && !R->health_down &&
		    d->health != MQD_NONE && d->health + x->buff[MQD_STAT_HEALTH] >= 1)
			return 0;
		int health = mq_stat(R, S, c, MQD_STAT_HEALTH);
		if (x->mark[MQ_M_DAMAGE] >= health)
			return 1;
		return d->type == MQD_UNIT && x->mark[MQ_M_POISON] > health; /* M-69 */
	}
	if (d->type == MQD_EQUIPMENT)
		return x->dur < 1;
	int solid = mq_kw(R, c, MQD_KW_SOLID);
	return solid && x->mark[MQ_M_DAMAGE] >= solid;
}

/* Destroys cards[0..n) at once; the active seat's piles drop first (M-41). */
static void destroy_all(const mq_rules *R, mq_state *S, const uint16_t *cards, int n, evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	for (int k = 0; k < R->seats; k++) {
		int seat = (S->active + k) % R->seats;
		for (int i = 0; i < n; i++)
			if (cs[cards[i]].zone == MQ_Z_MAP && cs[cards[i]].ctrl == seat)
				mq_leave(R, S, cards[i], 1, log);
	}
}

unsigned mq_next_drop(const mq_rules *R, const void *st)
{
	const mq_state *S = st;
	const mq_card *cs = mq_ccards(R, S);
	unsigned best = MQ_NONE;
	MQ_FOR_MAP(R, S, c)
		if ((cs[c].flags & MQ_F_DROP) &&
		    (best == MQ_NONE || cs[c].joined < cs[best].joined))
			best = c;
	return best;
}

static int job_checks(const mq_rules *R, mq_state *S, evlog *log)
{
	const mq_card *cs = mq_ccards(R, S);
	uint16_t gone[MQ_CARDS_MAX];
	int n = 0;
	/* One pass over the map: a card waiting for a drop (mq_next_drop) sends
	 * to the drops first (piles of permanents an effect or a release
	 * removed); else the cards that must go, of those that can
	 * (R->mortalbits). */
	const uint64_t *onmap = mq_cbits(R, S, MQ_Z_MAP);
	for (int w = 0; w < R->nbw; w++)
		for (uint64_t m = onmap[w]; m; m &= m - 1) {
			unsigned c = (unsigned)w * 64 + (unsigned)__builtin_ctzll(m);
			if (cs[c].flags & MQ_F_DROP) {
				mq_push(S, MQ_J_DROPS, 0, 0, 0, 0);
				return AGAIN;
			}
			if ((R->mortalbits[w] >> (c & 63) & 1) && must_go(R, S, c))
				gone[n++] = (uint16_t)c;
		}
	if (!n) {
		pop(S);
		immediate_checks(R, S, log);
		return AGAIN;
	}
	destroy_all(R, S, gone, n, log);
	mq_push(S, MQ_J_DROPS, 0, 0, 0, 0);
	return AGAIN;
}


int mq_drop_tiles(const mq_rules *R, const void *st, unsigned card, int *only)
{
	const mq_card *cs = mq_ccards(R, st);
	int origin = cs[card].pos, n = 0;
	int ox = origin % R->w, oy = origin / R->w;
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++) {
			int x = ox + dx, y = oy + dy;
			if (x < 0 || y < 0 || x >= R->w || y >= R->h)
				continue;
			int t = y * R->w + x;
			if (mq_available(R, st, t, card)) {
				if (!n && only)
					*only = t;
				n++;
			}
		}
	return n;
}

void mq_drop_to(const mq_rules *R, void *st, unsigned card, int tile, evlog *log)
{
	mq_card *cs = mq_cards(R, st);
	ev *e = event(log, MQ_EV_DROP, cs[card].ctrl);
	if (e) {
		e->args[0] = (int32_t)card;
		e->args[1] = tile;
	}
	if (tile < 0)
		mq_leave(R, st, card, 1, log);
	else
		mq_place(R, st, card, tile);
}

static int job_drops(const mq_rules *R, mq_state *S, evlog *log)
{
	unsigned c = mq_next_drop(R, S);
	if (c == MQ_NONE)
		return pop(S);
	mq_card *x = &mq_cards(R, S)[c];
	if (mq_def(R, c)->type == MQD_EQUIPMENT && x->dur < 1) {
		mq_drop_to(R, S, c, -1, log); /* M-54: worn out, not placed */
		return AGAIN;
	}
	int only = -1, n = mq_drop_tiles(R, S, c, &only);
	if (n <= 1 || S->seat[x->ctrl].out) { /* M-38.3 */
		mq_drop_to(R, S, c, n ? only : -1, log);
		return AGAIN;
	}
	return wait_for(S, MQ_DP_DROP, x->ctrl);
}

/* ---- draws and shuffles ---- */

/* The discard pile becomes the deck in card-id order, to be shuffled (M-9). */
static void discard_to_deck(const mq_rules *R, mq_state *S, int seat)
{
	mq_card *cs = mq_cards(R, S);
	unsigned n = 0;
	MQ_FOR_ZONE(R, S, MQ_Z_DISCARD, c)
		if (cs[c].ctrl == seat) {
			mq_set_zone(R, S, c, MQ_Z_DECK);
			cs[c].pos = (uint16_t)n++;
		}
	if (n > 1)
		mq_push(S, MQ_J_SHUFFLE, MQ_Z_DECK, seat, (int)n - 1, 0);
}

static void draw_one(const mq_rules *R, mq_state *S, int seat, unsigned card, evlog *log)
{
	mq_to_zone(R, S, card, MQ_Z_HAND, seat);
	ev *e = event(log, MQ_EV_DRAW, seat);
	if (e) {
		e->args[0] = (int32_t)card;
		e->args[1] = (int32_t)R->card[card].def;
		e->see_mask = (uint8_t)(1u << seat);
		e->hidden = 0x3;
	}
}

/* MQ_J_DRAW (b more cards) and MQ_J_DRAWTO (until the hand holds b). */
static int job_draw(const mq_rules *R, mq_state *S, mq_job *j, evlog *log)
{
	int seat = j->a;
	unsigned need;
	if (j->kind == MQ_J_DRAW) {
		need = j->b;
	} else {
		unsigned hand = mq_zone_count(R, S, MQ_Z_HAND, seat);
		need = hand >= j->b ? 0 : j->b - hand;
	}
	if (!need)
		return pop(S);
	/* The top `need` cards of the deck (at most DRAW_MAX a call), top
	 * first: drawing them one by one takes them in this order, as nothing
	 * else touches the deck in between. */
	enum { DRAW_MAX = 16 };
	const mq_card *cs = mq_cards(R, S);
	unsigned k = need < DRAW_MAX ? need : DRAW_MAX, nt = 0;
	uint16_t top[DRAW_MAX];
	MQ_FOR_ZONE(R, S, MQ_Z_DECK, c) {
		if (cs[c].ctrl != seat || (nt == k && cs[c].pos >= cs[top[nt - 1]].pos))
			continue;
		unsigned i = nt < k ? nt++ : nt - 1;
		for (; i > 0 && cs[top[i - 1]].pos > cs[c].pos; i--)
			top[i] = top[i - 1];
		top[i] = (uint16_t)c;
	}
	if (!nt) {
		if (!mq_zone_count(R, S, MQ_Z_DISCARD, seat))
			return pop(S); /* M-9: nothing to draw */
		discard_to_deck(R, S, seat);
		return AGAIN;
	}
	for (unsigned i = 0; i < nt; i++) {
		if (j->kind == MQ_J_DRAW)
			j->b--;
		draw_one(R, S, seat, top[i], log);
	}
	return AGAIN;
}

static int job_shuffle(const mq_rules *R, mq_state *S, mq_job *j, evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	int zone = j->a, seat = j->b;
	unsigned n = (unsigned)j->c + 1;
	/* at[p]: the seat's card at position p of the zone (mq_zone_at), for
	 * the positions the swaps ask about; kept up to date by the swaps. */
	uint16_t at[MQ_CARDS_MAX];
	int indexed = j->c < MQ_CARDS_MAX;
	if (indexed) {
		for (unsigned p = 0; p <= j->c; p++)
			at[p] = MQ_NONE;
		MQ_FOR_ZONE(R, S, zone, c)
			if (cs[c].ctrl == seat && cs[c].pos <= j->c && at[cs[c].pos] == MQ_NONE)
				at[cs[c].pos] = (uint16_t)c;
	}
	while (j->c >= 1) {
		uint32_t k;
		if (mq_uniform(R, S, (uint32_t)j->c + 1, &k))
			return WAIT;
		unsigned a = indexed ? at[j->c] : mq_zone_at(R, S, zone, seat, j->c);
		unsigned b = indexed ? at[k] : mq_zone_at(R, S, zone, seat, k);
		if (a != MQ_NONE && b != MQ_NONE) {
			uint16_t t = cs[a].pos;
			cs[a].pos = cs[b].pos;
			cs[b].pos = t;
			if (indexed) {
				at[k] = (uint16_t)a;
				at[j->c] = (uint16_t)b;
			}
		}
		j->c--;
	}
	pop(S);
	ev *e = event(log, MQ_EV_SHUFFLE, zone == MQ_Z_POOL ? -1 : seat);
	if (e) {
		e->args[0] = zone;
		e->args[1] = (int32_t)n;
	}
	return AGAIN;
}

/* ---- the draft ---- */

int mq_draft_pile(const mq_rules *R, const void *st, int seat)
{
	const mq_state *S = st;
	if (!S->njob || S->job[S->njob - 1].kind != MQ_J_DRAFT)
		return -1;
	const mq_job *j = &S->job[S->njob - 1];
	if (j->b == MQ_NONE)
		return -1;
	int P = R->players;
	return j->b * P + ((seat - j->c) % P + P) % P;
}

static void deal(const mq_rules *R, mq_state *S)
{
	mq_card *cs = mq_cards(R, S);
	unsigned size = R->draft == MQ_DRAFT_PILES ? 10u : (unsigned)R->dp;
	for (uint32_t c = 0; c < R->npool; c++) {
		unsigned pile = cs[c].pos / size;
		mq_set_zone(R, S, c, pile < R->npile ? MQ_Z_DRAFT : MQ_Z_OUT);
		cs[c].pos = (uint16_t)pile;
	}
}

static unsigned pile_count(const mq_rules *R, const mq_state *S, unsigned pile)
{
	const mq_card *cs = mq_ccards(R, S);
	unsigned n = 0;
	for (uint32_t c = 0; c < R->npool; c++)
		n += cs[c].zone == MQ_Z_DRAFT && cs[c].pos == pile;
	return n;
}

static unsigned pile_first(const mq_rules *R, const mq_state *S, unsigned pile)
{
	const mq_card *cs = mq_ccards(R, S);
	for (uint32_t c = 0; c < R->npool; c++)
		if (cs[c].zone == MQ_Z_DRAFT && cs[c].pos == pile)
			return c;
	return MQ_NONE;
}

static int draft_round_runs(const mq_rules *R, unsigned round)
{
	if (R->draft == MQ_DRAFT_PACK)
		return round < (unsigned)R->dr;
	int P = R->players, need = P > 2 ? P : 2;
	return (int)R->npile - (int)round * P >= need && round * 10 < 25; /* M-21 step 2 */
}

void mq_pick(const mq_rules *R, void *st, int seat, unsigned card, evlog *log)
{
	mq_card *cs = mq_cards(R, st);
	mq_set_zone(R, st, card, MQ_Z_PICKED);
	cs[card].owner = (uint8_t)seat;
	cs[card].ctrl = (uint8_t)seat;
	ev *e = event(log, MQ_EV_PICK, seat);
	if (e) {
		e->args[0] = (int32_t)card;
		e->args[1] = (int32_t)R->card[card].def;
		e->see_mask = (uint8_t)(1u << seat);
		e->hidden = 0x3;
	}
	mq_state *S = st;
	mq_job *j = &S->job[S->njob - 1];
	unsigned per = R->draft == MQ_DRAFT_PACK ? (unsigned)R->dt : 1u;
	if (++j->a >= per) {
		j->a = 0;
		j->d++;
	}
}

/* The wave is over: picks become public in the stores (M-25). */
static void reveal(const mq_rules *R, mq_state *S, evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	for (uint32_t c = 0; c < R->npool; c++) {
		if (cs[c].zone != MQ_Z_PICKED)
			continue;
		mq_to_zone(R, S, c, MQ_Z_STORE, cs[c].ctrl);
		ev *e = event(log, MQ_EV_STORE, cs[c].ctrl);
		if (e) {
			e->args[0] = (int32_t)c;
			e->args[1] = (int32_t)R->card[c].def;
		}
	}
}

static int job_draft(const mq_rules *R, mq_state *S, mq_job *j, evlog *log)
{
	int P = R->players;
	if (j->b == MQ_NONE) {
		deal(R, S);
		j->b = 0;
		j->c = 0;
		j->d = 0;
		j->a = 0;
		if (!draft_round_runs(R, 0))
			j->b = MQ_NONE - 1;
	}
	while (j->b != MQ_NONE - 1) {
		if (j->d >= P) { /* every seat picked from the pile it holds */
			reveal(R, S, log);
			j->d = 0;
			j->c++;
			int over = R->draft == MQ_DRAFT_PACK ? j->c >= P : pile_count(R, S, (unsigned)j->b * P) == 0;
			if (over) {
				mq_card *cs = mq_cards(R, S);
				for (uint32_t c = 0; c < R->npool; c++) /* M-22 step 4 */
					if (cs[c].zone == MQ_Z_DRAFT && cs[c].pos / P == j->b)
						mq_set_zone(R, S, c, MQ_Z_OUT);
				j->b++;
				j->c = 0;
				if (!draft_round_runs(R, j->b))
					j->b = MQ_NONE - 1;
			}
			continue;
		}
		int seat = j->d;
		unsigned pile = (unsigned)mq_draft_pile(R, S, seat);
		if (!pile_count(R, S, pile)) {
			j->a = 0;
			j->d++;
			continue;
		}
		if (P == 1 && R->draft == MQ_DRAFT_PILES) { /* M-21: one seat takes the whole pile */
			while (pile_count(R, S, pile))
				mq_pick(R, S, seat, pile_first(R, S, pile), log);
			j->d = 0;
			reveal(R, S, log);
			j->b++;
			if (!draft_round_runs(R, j->b))
				j->b = MQ_NONE - 1;
			continue;
		}
		if (S->seat[seat].out) {
			mq_pick(R, S, seat, pile_first(R, S, pile), log); /* M-98's draft rule */
			continue;
		}
		return wait_for(S, MQ_DP_PICK, seat);
	}
	mq_card *cs = mq_cards(R, S);
	for (uint32_t c = 0; c < R->npool; c++) /* M-21 step 3 */
		if (cs[c].zone == MQ_Z_DRAFT || cs[c].zone == MQ_Z_POOL)
			mq_set_zone(R, S, c, MQ_Z_OUT);
	S->round = 1;
	S->turn = 1;
	S->phase = MQ_PH_START;
	return pop(S);
}

/* ---- priority, upkeep, buy, cleanup ---- */

static int job_priority(const mq_rules *R, mq_state *S, mq_job *j, evlog *log)
{
	int action_phase = j->a;
	if (!S->nstack && (!action_phase || S->seat[S->active].out))
		return pop(S); /* M-37.1: no priority */
	if (S->passes >= mq_alive(R, S)) {
		S->passes = 0;
		if (!S->nstack)
			return pop(S); /* M-37.5: the phase ends */
		S->exec = S->stack[--S->nstack];
		mq_push(S, MQ_J_EXEC, 0, 0, 0, 0);
		return AGAIN;
	}
	if (S->seat[S->prio].out) {
		S->prio = (uint8_t)mq_next_seat(R, S, S->prio);
		return AGAIN;
	}
	if (action_phase && !S->nstack && S->prio == S->active && S->activated != MQ_NONE &&
	    !mq_has_unit_action(R, S, S->activated)) { /* M-43: nothing it could still use */
		mq_card *x = &mq_cards(R, S)[S->activated];
		x->flags |= MQ_F_TAPPED;
		ev *e = event(log, MQ_EV_TAP, x->ctrl);
		if (e)
			e->args[0] = S->activated;
		S->activated = MQ_NONE;
	}
	/* M-38.1; an AI seat passes by its own decision (seat K still has its cards step to come). */
	if (!mq_ai_seat(R, S->prio) && mq_auto_pass(R, S, S->prio)) {
		mq_pass(R, S, log);
		return AGAIN;
	}
	return wait_for(S, MQ_DP_PRIORITY, S->prio);
}

void mq_pass(const mq_rules *R, void *st, evlog *log)
{
	mq_state *S = st;
	event(log, MQ_EV_PASS, S->prio);
	S->passes++;
	S->prio = (uint8_t)mq_next_seat(R, S, S->prio);
}

static int job_exec(const mq_rules *R, mq_state *S, mq_job *j, evlog *log)
{
	int r = mq_exec(R, S, j, log);
	if (r == 1)
		return WAIT;
	if (r == 2)
		return AGAIN; /* a draw runs first, then the execution goes on */
	pop(S);
	S->prio = S->active;
	S->passes = 0;
	mq_push(S, MQ_J_CHECKS, 0, 0, 0, 0);
	return AGAIN;
}

static int job_triggers(const mq_rules *R, mq_state *S, mq_job *j, evlog *log)
{
	(void)log;
	int seat = j->a;
	mq_card *cs = mq_cards(R, S);
	int first = !j->b;
	if (first) { /* M-39: every upkeep ability of the seat's permanents triggers */
		j->b = 1;
		for (uint32_t c = 0; c < R->ncard; c++)
			cs[c].trig = 0;
		MQ_FOR_MAP(R, S, c)
			if (mq_on_map(&cs[c]) && cs[c].ctrl == seat)
				cs[c].trig = R->upkeepab[c];
	}
	int pending = 0, targets = 0;
	unsigned only = MQ_NONE, only_ab = 0;
	/* Right after the marking only map cards hold marks; later (a declared
	 * trigger, a loaded state) any card may. */
	for (unsigned c = first ? mq_bit_next(mq_cbits(R, S, MQ_Z_MAP), R->nbw, 0) : 0;
	     first ? c != MQ_NONE : c < R->ncard;
	     c = first ? mq_bit_next(mq_cbits(R, S, MQ_Z_MAP), R->nbw, c + 1) : c + 1) {
		if (!cs[c].trig)
			continue;
		if (!mq_on_map(&cs[c]) || cs[c].ctrl != seat) {
			cs[c].trig = 0;
			continue;
		}
		for (unsigned a = 0; a < 8; a++) {
			if (!(cs[c].trig & (1u << a)))
				continue;
			const mqd_ability *ab = &R->db->abilities[mq_def(R, c)->ab0 + a];
			if (!mq_ability_has_targets(R, S, c, a, seat)) {
				cs[c].trig &= (uint8_t)~(1u << a); /* no legal target: removed */
				continue;
			}
			pending++;
			targets += ab->nspec > 0;
			only = c;
			only_ab = a;
		}
	}
	if (!pending) {
		pop(S);
		if (S->nstack) {
			S->prio = (uint8_t)seat;
			S->passes = 0;
			mq_push(S, MQ_J_PRIORITY, 0, 0, 0, 0);
		}
		return AGAIN;
	}
	if (pending == 1 && !targets && S->nstack < MQ_STACK_MAX) {
		mq_declare_trigger(R, S, only, only_ab, MQ_T_NONE, MQ_T_NONE, log);
		return AGAIN;
	}
	if (S->seat[seat].out || S->nstack >= MQ_STACK_MAX) { /* a full stack takes no more (docs/decisions.md) */
		for (uint32_t c = 0; c < R->ncard; c++)
			cs[c].trig = 0;
		return AGAIN;
	}
	return wait_for(S, MQ_DP_TRIGGER, seat);
}

static int job_upkeep(const mq_rules *R, mq_state *S)
{
	int seat = S->active;
	if (S->seat[seat].out || !mq_seat_units(R, S, seat))
		return pop(S); /* M-38.4 */
	return wait_for(S, MQ_DP_UPKEEP, seat);
}

int mq_can_afford_any(const mq_rules *R, const void *st, int seat)
{
	const mq_state *S = st;
	const mq_card *cs = mq_ccards(R, st);
	const uint64_t *store = mq_cbits(R, S, MQ_Z_STORE);
	for (int w = 0; w < R->nbw; w++)
		for (uint64_t m = store[w] & R->buybits[w]; m; m &= m - 1) {
			unsigned c = (unsigned)w * 64 + (unsigned)__builtin_ctzll(m);
			if (cs[c].ctrl == seat && mq_def(R, c)->buy <= S->seat[seat].res)
				return 1;
		}
	return 0;
}

static int job_buy(const mq_rules *R, mq_state *S)
{
	int seat = S->active;
	if (S->seat[seat].out || S->seat[seat].bought)
		return pop(S);
	if (!mq_can_afford_any(R, S, seat) && mq_zone_count(R, S, MQ_Z_HAND, seat) < 2)
		return pop(S); /* M-38.4 */
	return wait_for(S, MQ_DP_BUY, seat);
}

static int job_cleanup(const mq_rules *R, mq_state *S)
{
	int seat = S->active;
	if (S->seat[seat].out || !mq_zone_count(R, S, MQ_Z_HAND, seat))
		return pop(S); /* M-38.4 */
	return wait_for(S, MQ_DP_CLEANUP, seat);
}

/* ---- the turn ---- */

static void start_turn(const mq_rules *R, mq_state *S, evlog *log)
{
	int seat = S->active;
	mq_card *cs = mq_cards(R, S);
	S->phase = MQ_PH_START;
	S->seat[seat].bought = 0;
	ev *e = event(log, MQ_EV_TURN, seat);
	if (e) {
		e->args[0] = S->round;
		e->args[1] = S->turn;
	}
	MQ_FOR_MAP(R, S, c) /* M-26 step 1, M-46 */
		if (cs[c].ctrl == seat)
			cs[c].flags &= (uint8_t)~(MQ_F_TAPPED | MQ_F_ALLOW);
	event(log, MQ_EV_UNTAP, seat);
}

static void phase(mq_state *S, int ph, evlog *log)
{
	S->phase = (uint8_t)ph;
	ev *e = event(log, MQ_EV_PHASE, S->active);
	if (e)
		e->args[0] = ph;
}

static void end_turn(const mq_rules *R, mq_state *S, evlog *log)
{
	mq_card *cs = mq_cards(R, S);
	/* M-78: pending cards of the active seat go to the discard pile, in
	 * ascending order (a copy of the bitmap: mq_to_zone changes it). */
	uint64_t pending[(MQ_CARDS_MAX + 63) / 64];
	memcpy(pending, mq_cbits(R, S, MQ_Z_PENDING), sizeof *pending * (size_t)R->nbw);
	for (unsigned c = mq_bit_next(pending, R->nbw, 0); c != MQ_NONE; c = mq_bit_next(pending, R->nbw, c + 1))
		if (cs[c].ctrl == S->active)
			mq_to_zone(R, S, c, MQ_Z_DISCARD, cs[c].owner);
	for (uint32_t c = 0; c < R->ncard; c++)
		memset(cs[c].buff, 0, sizeof cs[c].buff); /* BUFF ends */
}

static int job_turn(const mq_rules *R, mq_state *S, mq_job *j, evlog *log)
{
	int seat = S->active;
	if (S->seat[seat].out && j->a < T_BUY)
		j->a = T_BUY; /* an eliminated seat's turn still ends with the end-of-turn checks (M-91) */
	switch (j->a) {
	case T_START:
		start_turn(R, S, log);
		j->a = T_REFILL;
		return AGAIN;
	case T_REFILL: /* M-26 step 2 */
		j->a = T_DRAW;
		if (mq_zone_first(R, S, MQ_Z_DECK, seat) == MQ_NONE)
			discard_to_deck(R, S, seat);
		return AGAIN;
	case T_DRAW:
		j->a = T_GAIN;
		if (seat != R->kseat) /* M-100: seat K draws in its cards step only */
			mq_push(S, MQ_J_DRAWTO, seat, 3, 0, 0);
		return AGAIN;
	case T_GAIN: /* M-31 step 1; M-100 step 3: seat K's income is 5 P */
		phase(S, MQ_PH_UPKEEP, log);
		mq_gain(R, S, seat, seat == R->kseat ? 5 * R->players : R->map->gain, log);
		j->a = T_TRIGGERS;
		mq_push(S, MQ_J_TRIGGERS, seat, 0, 0, 0);
		return AGAIN;
	case T_TRIGGERS:
		j->a = T_PAY;
		mq_push(S, MQ_J_UPKEEP, 0, 0, 0, 0);
		return AGAIN;
	case T_PAY:
		phase(S, MQ_PH_ACTION, log);
		j->a = T_ACTION;
		S->prio = (uint8_t)seat;
		S->passes = 0;
		mq_push(S, MQ_J_PRIORITY, 1, 0, 0, 0);
		return AGAIN;
	case T_ACTION:
		if (S->activated != MQ_NONE) { /* M-43: the action phase ends */
			mq_cards(R, S)[S->activated].flags |= MQ_F_TAPPED;
			S->activated = MQ_NONE;
		}
		if (seat == R->kseat) { /* M-100: no buy step, no cleanup choices */
			j->a = T_CLEANUP;
			return AGAIN;
		}
		phase(S, MQ_PH_BUY, log);
		j->a = T_BUY;
		mq_push(S, MQ_J_BUY, 0, 0, 0, 0);
		return AGAIN;
	case T_BUY:
		phase(S, MQ_PH_CLEANUP, log);
		j->a = T_CLEANUP;
		mq_push(S, MQ_J_CLEANUP, 0, 0, 0, 0);
		return AGAIN;
	case T_CLEANUP: /* the end of BUFFs may destroy: state checks first */
		end_turn(R, S, log);
		j->a = T_CHECKS;
		mq_push(S, MQ_J_CHECKS, 0, 0, 0, 0);
		return AGAIN;
	case T_CHECKS:
		j->a = T_NEXT;
		end_of_turn_checks(R, S, log);
		return AGAIN;
	default: { /* T_NEXT */
		int next = mq_next_seat(R, S, seat);
		if (next < 0) {
			win(S, -1, 4, log);
			return AGAIN;
		}
		if (next <= seat)
			S->round++;
		S->active = (uint8_t)next;
		S->turn++;
		j->a = T_START;
		return AGAIN;
	}
	}
}

/* One job step: AGAIN, or WAIT when the job waits for a decision. */
static int job_step(const mq_rules *R, mq_state *S, evlog *log)
{
	mq_job *j = &S->job[S->njob - 1];
	switch (j->kind) {
	case MQ_J_TURN: return job_turn(R, S, j, log);
	case MQ_J_DRAFT: return job_draft(R, S, j, log);
	case MQ_J_PRIORITY: return job_priority(R, S, j, log);
	case MQ_J_EXEC: return job_exec(R, S, j, log);
	case MQ_J_DRAW:
	case MQ_J_DRAWTO: return job_draw(R, S, j, log);
	case MQ_J_SHUFFLE: return job_shuffle(R, S, j, log);
	case MQ_J_CHECKS: return job_checks(R, S, log);
	case MQ_J_DROPS: return job_drops(R, S, log);
	case MQ_J_TRIGGERS: return job_triggers(R, S, j, log);
	case MQ_J_UPKEEP: return job_upkeep(R, S);
	case MQ_J_BUY: return job_buy(R, S);
	case MQ_J_CLEANUP: return job_cleanup(R, S);
	default: return pop(S);
	}
}

void mq_run_jobs(const mq_rules *R, void *st, int floor, evlog *log)
{
	mq_state *S = st;
	while (S->status == CRISK_STATUS_RUNNING && S->njob > floor && job_step(R, S, log) == AGAIN)
		;
}

/* An AI seat's decision (mq_ai.c), or 0 when a pick waits at a chance
 * point.  An action the rules refuse would be a fault of the AI: the first
 * legal action is taken instead, so the game goes on. */
static int ai_acts(const mq_rules *R, mq_state *S, evlog *log)
{
	crisk_action a = 0;
	if (mq_ai_decide(R, S, &a, log))
		return 0;
	if (!a || mq_check(R, S, a) != CRISK_OK) {
		crisk_action first[1];
		if (!mq_legal(R, S, first, 1))
			return 0;
		a = first[0];
	}
	mq_do_apply(R, S, a, log);
	return 1;
}

void mq_advance(const mq_rules *R, void *st, evlog *log)
{
	mq_state *S = st;
	for (;;) {
		if (S->status != CRISK_STATUS_RUNNING || !S->njob) {
			if (S->status == CRISK_STATUS_RUNNING)
				win(S, -1, 4, log);
			S->dp = MQ_DP_NONE;
			S->cur = CRISK_SEAT_NONE;
			return;
		}
		if (job_step(R, S, log) == WAIT &&
		    (S->dp == MQ_DP_CHANCE || !R->ai_mask || !mq_ai_seat(R, S->cur) || !ai_acts(R, S, log)))
			return;
	}
}

/* ---- set-up (M-17) ---- */

void mq_state_init(const void *data, void *state, evlog *log)
{
	const mq_rules *R = data;
	mq_state *S = state;
	mq_card *cs = mq_cards(R, state);
	memset(state, 0, R->size); /* every card out of the game, the bitmaps empty */
	rng_seed(&S->rng, R->seed);
	S->status = CRISK_STATUS_RUNNING;
	S->winner = -1;
	S->round = R->draft == MQ_DRAFT_NONE ? 1 : 0;
	S->turn = R->draft == MQ_DRAFT_NONE ? 1 : 0; /* the draft comes before turn 1 */
	S->activated = MQ_NONE;
	S->phase = R->draft == MQ_DRAFT_NONE ? MQ_PH_START : MQ_PH_DRAFT;
	uint16_t *occ = mq_occ(R, state);
	for (int t = 0; t < R->ntile; t++)
		occ[t] = MQ_NONE;
	for (int s = 0; s < R->players; s++)
		S->seat[s].res = R->map->start[s];
	for (uint32_t c = 0; c < R->ncard; c++) {
		const mq_cardinfo *ci = &R->card[c];
		cs[c].owner = ci->owner;
		cs[c].ctrl = ci->owner;
		cs[c].up = MQ_NONE;
		if (ci->zone == MQ_Z_MAP) {
			mq_enter(R, state, c, ci->owner, ci->pos, log);
		} else {
			mq_set_zone(R, state, c, ci->zone);
			cs[c].pos = ci->pos;
		}
	}
	mq_push(S, MQ_J_TURN, T_START, 0, 0, 0);
	for (int s = R->seats - 1; s >= 0; s--) { /* step 10: every deck, seat K's last */
		unsigned n = mq_zone_count(R, state, MQ_Z_DECK, s);
		if (n > 1)
			mq_push(S, MQ_J_SHUFFLE, MQ_Z_DECK, s, (int)n - 1, 0);
	}
	if (R->draft != MQ_DRAFT_NONE) {
		mq_push(S, MQ_J_DRAFT, 0, MQ_NONE, 0, 0);
		if (R->npool > 1)
			mq_push(S, MQ_J_SHUFFLE, MQ_Z_POOL, 0, (int)R->npool - 1, 0); /* M-20 step 3 */
	}
	mq_advance(R, state, log);
}
