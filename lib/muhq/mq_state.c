/* Cards, zones, tiles and permanents of a muhq game: where a card is
 * (M-6..M-9), what a tile is now (M-81..M-83), piles (M-51, M-54, M-67),
 * effective stats (M-14, M-107), attack profiles (M-63) and the damage
 * pipeline (M-65).  Everything here reads or changes one state block and
 * allocates nothing. */
#include <string.h>

#include "geom.h"
#include "mq.h"
#include "mq_engine.h"

static ev *event(evlog *log, int type, int seat)
{
	return log ? ev_push(log, (unsigned)type, seat, -1) : NULL;
}

/* ---- zones ---- */

unsigned mq_zone_count(const mq_rules *R, const void *st, int zone, int seat)
{
	const mq_card *cs = mq_ccards(R, st);
	unsigned n = 0;
	MQ_FOR_ZONE(R, st, zone, c)
		n += cs[c].ctrl == seat;
	return n;
}

unsigned mq_zone_first(const mq_rules *R, const void *st, int zone, int seat)
{
	const mq_card *cs = mq_ccards(R, st);
	unsigned best = MQ_NONE;
	MQ_FOR_ZONE(R, st, zone, c)
		if (cs[c].ctrl == seat && (best == MQ_NONE || cs[c].pos < cs[best].pos))
			best = c;
	return best;
}

unsigned mq_zone_at(const mq_rules *R, const void *st, int zone, int seat, unsigned pos)
{
	const mq_card *cs = mq_ccards(R, st);
	MQ_FOR_ZONE(R, st, zone, c)
		if (cs[c].ctrl == seat && cs[c].pos == pos)
			return c;
	return MQ_NONE;
}

unsigned mq_zone_renumber(const mq_rules *R, void *st, int zone, int seat)
{
	mq_card *cs = mq_cards(R, st);
	unsigned n = 0;
	MQ_FOR_ZONE(R, st, zone, c)
		if (cs[c].ctrl == seat)
			cs[c].pos = (uint16_t)n++;
	return n;
}

/* Positions stay below 0xFF00: a zone that would pass it is renumbered
 * first, keeping its order. */
static void compact(const mq_rules *R, mq_card *cs, int zone, int seat)
{
	for (unsigned next = 0;; next++) {
		unsigned best = MQ_NONE;
		for (uint32_t c = 0; c < R->ncard; c++)
			if (cs[c].zone == zone && cs[c].ctrl == seat && cs[c].pos >= next &&
			    (best == MQ_NONE || cs[c].pos < cs[best].pos))
				best = c;
		if (best == MQ_NONE)
			return;
		cs[best].pos = (uint16_t)next;
	}
}

void mq_to_zone(const mq_rules *R, void *st, unsigned card, int zone, int seat)
{
	mq_card *cs = mq_cards(R, st);
	unsigned end = 0;
	MQ_FOR_ZONE(R, st, zone, c)
		if (c != card && cs[c].ctrl == seat && cs[c].pos + 1u > end)
			end = cs[c].pos + 1u;
	if (end >= 0xFF00u) {
		mq_set_zone(R, st, card, MQ_Z_OUT);
		compact(R, cs, zone, seat);
		end = mq_zone_count(R, st, zone, seat);
	}
	mq_card *x = &cs[card];
	mq_set_zone(R, st, card, zone);
	x->ctrl = (uint8_t)seat;
	x->pos = (uint16_t)end;
	x->up = MQ_NONE;
	x->flags = 0;
	x->trig = 0;
	memset(x->mark, 0, sizeof x->mark);
	memset(x->buff, 0, sizeof x->buff);
	x->dur = 0;
}

void mq_gain(const mq_rules *R, void *st, int seat, int n, evlog *log)
{
	(void)R;
	mq_state *S = st;
	int64_t v = (int64_t)S->seat[seat].res + n;
	if (v > MQ_RES_MAX)
		v = MQ_RES_MAX;
	if (v < 0)
		v = 0;
	S->seat[seat].res = (int32_t)v;
	ev *e = event(log, MQ_EV_GAIN, seat);
	if (e) {
		e->args[0] = n;
		e->args[1] = S->seat[seat].res;
	}
}

/* ---- tiles ---- */

int mq_tile_owner(const mq_rules *R, const void *st, int tile)
{
	int type = mq_tile_type(R, st, tile);
	if (type != MQD_TILE_SPAWN && type != MQD_TILE_HARBOR)
		return -1;
	return MQD_TILE_SEAT(R->tile[tile]) - 1;
}

/* ---- cards ---- */

int mq_class(const mq_rules *R, unsigned card)
{
	if (mq_kw(R, card, MQD_KW_SWIMMING))
		return MQ_SWIM;
	if (mq_kw(R, card, MQD_KW_AMPHIBIOUS))
		return MQ_AMPHI;
	return MQ_WALK;
}

int mq_allied(const mq_rules *R, int a, int b)
{
	/* Only Kraken mode has teammates (M-3): all human seats. */
	if (a == b)
		return 1;
	return R->map->win == MQD_WIN_KRAKEN && a < R->players && b < R->players;
}

int mq_available(const mq_rules *R, const void *st, int tile, unsigned card)
{
	if (mq_cocc(R, st)[tile] != MQ_NONE)
		return 0;
	return mq_suits(mq_tile_type(R, st, tile), mq_class(R, card));
}

/* SPAWNS n of a permanent controlled by seat covers tile (M-107). */
static int spawned_by_static(const mq_rules *R, const void *st, int seat, int tile)
{
	const mq_card *cs = mq_ccards(R, st);
	const mqd_db *db = R->db;
	for (int i = 0; i < R->nspawnsrc; i++) {
		unsigned src = R->spawnsrc[i];
		if (!mq_on_map(&cs[src]) || cs[src].ctrl != seat)
			continue;
		const mqd_card *d = mq_def(R, src);
		for (uint32_t a = 0; a < d->nab; a++) {
			const mqd_ability *ab = &db->abilities[d->ab0 + a];
			if (ab->kind != MQD_AB_STATIC)
				continue;
			for (uint32_t k = 0; k < ab->nstep; k++) {
				const mqd_step *sp = &db->steps[ab->step0 + k];
				if (sp->op == MQD_OP_SPAWNS && mq_dist_tiles(R, mq_tile_of(R, st, src), tile) <= sp->n)
					return 1;
			}
		}
	}
	return 0;
}

int mq_place_candidates(const mq_rules *R, const void *st, int seat, uint16_t *out)
{
	if (!R->nspawnsrc) {
		memcpy(out, R->place[seat], sizeof *out * (size_t)R->nplace[seat]);
		return R->nplace[seat];
	}
	uint64_t mark[MQD_MAP_SIDE_MAX * MQD_MAP_SIDE_MAX / 64] = {0};
	for (int i = 0; i < R->nplace[seat]; i++)
		mark[R->place[seat][i] >> 6] |= UINT64_C(1) << (R->place[seat][i] & 63);
	const mq_card *cs = mq_ccards(R, st);
	for (int i = 0; i < R->nspawnsrc; i++) {
		unsigned src = R->spawnsrc[i];
		if (!mq_on_map(&cs[src]) || cs[src].ctrl != seat)
			continue;
		const mqd_card *d = mq_def(R, src);
		int at = mq_tile_of(R, st, src);
		for (uint32_t a = 0; a < d->nab; a++) {
			const mqd_ability *ab = &R->db->abilities[d->ab0 + a];
			for (uint32_t k = 0; ab->kind == MQD_AB_STATIC && k < ab->nstep; k++) {
				const mqd_step *sp = &R->db->steps[ab->step0 + k];
				if (sp->op != MQD_OP_SPAWNS)
					continue;
				for (int y = R->ty[at] - sp->n; y <= R->ty[at] + sp->n; y++)
					for (int x = R->tx[at] - sp->n; x <= R->tx[at] + sp->n; x++) {
						int t = y * R->w + x;
						if (x >= 0 && y >= 0 && x < R->w && y < R->h && mq_dist_tiles(R, at, t) <= sp->n)
							mark[t >> 6] |= UINT64_C(1) << (t & 63);
					}
			}
		}
	}
	int n = 0;
	for (int t = 0; t < R->ntile; t++)
		if ((mark[t >> 6] >> (t & 63)) & 1)
			out[n++] = (uint16_t)t;
	return n;
}

int mq_can_place(const mq_rules *R, const void *st, int seat, unsigned card, int tile)
{
	if (!mq_available(R, st, tile, card))
		return 0;
	int type = mq_tile_type(R, st, tile);
	if (type == MQD_TILE_SPAWN && mq_tile_owner(R, st, tile) == seat)
		return 1;
	if (type == MQD_TILE_DEEP && mq_class(R, card) != MQ_WALK) {
		int x = tile % R->w, y = tile / R->w;
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++) {
				int nx = x + dx, ny = y + dy;
				if (nx < 0 || ny < 0 || nx >= R->w || ny >= R->h)
					continue;
				int n = ny * R->w + nx;
				if (mq_tile_type(R, st, n) == MQD_TILE_HARBOR && mq_tile_owner(R, st, n) == seat)
					return 1;
			}
	}
	return R->nspawnsrc && spawned_by_static(R, st, seat, tile);
}

/* ---- effective stats ---- */

static int printed(const mqd_card *d, int stat)
{
	int v;
	switch (stat) {
	case MQD_STAT_ATTACK: v = d->attack; break;
	case MQD_STAT_RANGE: v = d->range; break;
	case MQD_STAT_MOVE: v = d->move; break;
	default: v = d->health; break;
	}
	return v == MQD_NONE ? 0 : v;
}

/* Whether card lies in @ALL{spec} of an ability whose source is src (M-105). */
static int in_all(const mq_rules *R, const void *st, const mqd_spec *sp, unsigned src, unsigned card)
{
	const mq_card *cs = mq_ccards(R, st);
	return mq_target_fits(R, st, sp, card, cs[src].ctrl, src, mq_tile_of(R, st, src));
}

int mq_stat(const mq_rules *R, const void *st, unsigned card, int stat)
{
	const mq_card *cs = mq_ccards(R, st);
	const mqd_card *d = mq_def(R, card);
	if ((stat == MQD_STAT_ATTACK || stat == MQD_STAT_RANGE) && d->attack == MQD_NONE)
		return 0; /* M-14: no attack ignores modifiers */
	int v = printed(d, stat) + cs[card].buff[stat];
	if (card == R->kraken && stat == MQD_STAT_HEALTH)
		v += 10 * R->players; /* M-99 */
	int unitlike = -1; /* not asked yet */
	for (int i = R->statmod0[stat]; i < R->statmod0[stat + 1]; i++) {
		const mq_statmod *m = &R->statmod[i];
		unsigned src = m->src;
		int hit = 0;
		if (m->ref == MQD_REF_SELF)
			hit = src == card && cs[src].zone == MQ_Z_MAP; /* leaving its base, it still counts for itself */
		else if (m->ref == MQD_REF_EQUIPPED)
			hit = mq_on_map(&cs[src]) && cs[src].up == card && mq_def(R, src)->type == MQD_EQUIPMENT;
		else if (m->ref == MQD_REF_ALL)
			hit = mq_on_map(&cs[src]) && in_all(R, st, m->all, src, card);
		if (hit && unitlike < 0)
			unitlike = mq_is_unitlike(R, card);
		if (hit && unitlike)
			v += m->n;
	}
	if (stat == MQD_STAT_RANGE)
		return v < 1 ? 1 : v;
	return v < 0 ? 0 : v;
}

/* ---- piles ---- */

int mq_members(const mq_rules *R, const void *st, unsigned base, uint16_t *out, int cap)
{
	const mq_card *cs = mq_ccards(R, st);
	int n = 0;
	MQ_FOR_MAP(R, st, c) {
		if (cs[c].up != base)
			continue;
		/* Insert in joining order. */
		int i = n < cap ? n : cap;
		for (; i > 0 && cs[out[i - 1]].joined > cs[c].joined; i--)
			if (i < cap)
				out[i] = out[i - 1];
		if (i < cap)
			out[i] = (uint16_t)c;
		n++;
	}
	return n;
}

static int count_members(const mq_rules *R, const void *st, unsigned unit, int type)
{
	const mq_card *cs = mq_ccards(R, st);
	int n = 0;
	MQ_FOR_MAP(R, st, c)
		n += cs[c].up == unit && mq_def(R, c)->type == type;
	return n;
}

int mq_equipment_count(const mq_rules *R, const void *st, unsigned unit)
{
	return count_members(R, st, unit, MQD_EQUIPMENT);
}

int mq_crew_count(const mq_rules *R, const void *st, unsigned unit)
{
	return count_members(R, st, unit, MQD_UNIT);
}

/* The attack entries of a pile (M-63): the base, then its unit members. */
static int entries_at(const mq_rules *R, const void *st, unsigned base, int tile, int *v, int *r, int cap)
{
	const mq_card *cs = mq_ccards(R, st);
	int n = 0;
	int tower = mq_tile_type(R, st, tile) == MQD_TILE_TOWER;
	/* The base first, then its unit members (on the map); the callers sum
	 * and take maxima, so the order does not matter. */
	if (n < cap && mq_has_attack(R, base)) {
		v[n] = mq_stat(R, st, base, MQD_STAT_ATTACK);
		r[n] = mq_stat(R, st, base, MQD_STAT_RANGE);
		if (tower && r[n] > 1)
			r[n]++;
		n++;
	}
	MQ_FOR_MAP(R, st, c) {
		if (n >= cap)
			break;
		if (c == base || cs[c].up != base || mq_def(R, c)->type != MQD_UNIT || !mq_has_attack(R, c))
			continue;
		v[n] = mq_stat(R, st, c, MQD_STAT_ATTACK);
		r[n] = mq_stat(R, st, c, MQD_STAT_RANGE);
		if (tower && r[n] > 1)
			r[n]++;
		n++;
	}
	return n;
}

static int entries(const mq_rules *R, const void *st, unsigned base, int *v, int *r, int cap)
{
	return entries_at(R, st, base, mq_ccards(R, st)[base].pos, v, r, cap);
}

/* The base and at most Crew 99 members (M-110's number limit). */
#define MQ_ENTRIES_MAX 100

int mq_pile_attack(const mq_rules *R, const void *st, unsigned base, int d)
{
	int v[MQ_ENTRIES_MAX], r[MQ_ENTRIES_MAX];
	int n = entries(R, st, base, v, r, MQ_ENTRIES_MAX), sum = 0;
	for (int i = 0; i < n; i++)
		if (r[i] >= d)
			sum += v[i];
	return sum;
}

int mq_pile_range(const mq_rules *R, const void *st, unsigned base)
{
	return mq_pile_range_at(R, st, base, mq_ccards(R, st)[base].pos);
}

int mq_pile_range_at(const mq_rules *R, const void *st, unsigned base, int tile)
{
	int v[MQ_ENTRIES_MAX], r[MQ_ENTRIES_MAX];
	int n = entries_at(R, st, base, tile, v, r, MQ_ENTRIES_MAX), best = 0;
	for (int i = 0; i < n; i++)
		if (r[i] > best)
			best = r[i];
	return best;
}

/* ---- seats ---- */

int mq_seat_units(const mq_rules *R, const void *st, int seat)
{
	const mq_card *cs = mq_ccards(R, st);
	int n = 0;
	const uint64_t *onmap = mq_cbits(R, st, MQ_Z_MAP);
	for (int w = 0; w < R->nbw; w++)
		for (uint64_t m = onmap[w] & R->unitbits[w]; m; m &= m - 1) {
			unsigned c = (unsigned)w * 64 + (unsigned)__builtin_ctzll(m);
			n += mq_on_map(&cs[c]) && cs[c].ctrl == seat;
		}
	return n;
}

int mq_broken(const mq_rules *R, const void *st, int seat)
{
	if (mq_seat_units(R, st, seat))
		return 0;
	const uint16_t *occ = mq_cocc(R, st);
	const mq_state *S = st;
	/* The tiles mq_tile_owner gives the seat: its spawns and harbors, none
	 * once it is out (M-83). */
	if (S->seat[seat].out)
		return 1;
	for (int i = R->own0[seat]; i < R->own0[seat + 1]; i++) {
		int t = R->owntile[i];
		int type = mq_tile_type(R, st, t);
		if (type == MQD_TILE_SPAWN && occ[t] == MQ_NONE)
			return 0;
		if (type != MQD_TILE_HARBOR)
			continue;
		for (int y = R->ty[t] - 1; y <= R->ty[t] + 1; y++) /* range 1: the 3 x 3 around it */
			for (int x = R->tx[t] - 1; x <= R->tx[t] + 1; x++) {
				int n = y * R->w + x;
				if (x >= 0 && y >= 0 && x < R->w && y < R->h && occ[n] == MQ_NONE &&
				    mq_tile_type(R, st, n) == MQD_TILE_DEEP)
					return 0;
			}
	}
	return 1;
}

int mq_alive(const mq_rules *R, const void *st)
{
	const mq_state *S = st;
	int n = 0;
	for (int s = 0; s < R->seats; s++)
		n += !S->seat[s].out;
	return n;
}

int mq_next_seat(const mq_rules *R, const void *st, int seat)
{
	const mq_state *S = st;
	for (int i = 1; i <= R->seats; i++) {
		int s = (seat + i) % R->seats;
		if (!S->seat[s].out)
			return s;
	}
	return -1;
}

/* ---- changing permanents ---- */

void mq_enter(const mq_rules *R, void *st, unsigned card, int seat, int tile, evlog *log)
{
	mq_state *S = st;
	mq_card *x = &mq_cards(R, st)[card];
	uint8_t owner = x->owner;
	mq_set_zone(R, st, card, MQ_Z_OUT);
	memset(x, 0, sizeof *x);
	mq_set_zone(R, st, card, MQ_Z_MAP);
	x->owner = owner;
	x->ctrl = (uint8_t)seat;
	x->up = MQ_NONE;
	x->entered = S->stamp++;
	if (mq_def(R, card)->type == MQD_EQUIPMENT)
		x->dur = (uint8_t)mq_kw(R, card, MQD_KW_DURABILITY);
	mq_place(R, st, card, tile);
	ev *e = event(log, MQ_EV_ENTER, seat);
	if (e) {
		e->args[0] = (int32_t)card;
		e->args[1] = (int32_t)R->card[card].def;
		e->args[2] = tile;
	}
}

void mq_place(const mq_rules *R, void *st, unsigned card, int tile)
{
	mq_card *x = &mq_cards(R, st)[card];
	x->up = MQ_NONE;
	x->pos = (uint16_t)tile;
	x->flags &= (uint8_t)~MQ_F_DROP;
	mq_occ(R, st)[tile] = (uint16_t)card;
}

void mq_detach(const mq_rules *R, void *st, unsigned card)
{
	mq_card *cs = mq_cards(R, st);
	if (cs[card].up == MQ_NONE && cs[card].pos < R->ntile && mq_occ(R, st)[cs[card].pos] == card)
		mq_occ(R, st)[cs[card].pos] = MQ_NONE;
	cs[card].up = MQ_NONE;
	cs[card].pos = MQ_NONE;
}

void mq_join(const mq_rules *R, void *st, unsigned card, unsigned base)
{
	mq_state *S = st;
	mq_detach(R, st, card);
	mq_card *x = &mq_cards(R, st)[card];
	x->up = (uint16_t)base;
	x->joined = S->stamp++;
}

void mq_leave(const mq_rules *R, void *st, unsigned card, int drop, evlog *log)
{
	mq_state *S = st;
	mq_card *cs = mq_cards(R, st);
	int origin = mq_tile_of(R, st, card);
	uint16_t mem[MQ_CARDS_MAX];
	int n = mq_members(R, st, card, mem, MQ_CARDS_MAX);
	/* Top down: the latest joiner is dropped first (M-54). */
	for (int i = n - 1; i >= 0; i--) {
		if (drop) {
			cs[mem[i]].up = MQ_NONE;
			cs[mem[i]].pos = (uint16_t)origin;
			cs[mem[i]].flags |= MQ_F_DROP;
			cs[mem[i]].joined = S->stamp++;
			if (mq_def(R, mem[i])->type == MQD_EQUIPMENT && cs[mem[i]].dur) /* M-54: each drop costs 1 */
				cs[mem[i]].dur--;
		} else {
			mq_leave(R, st, mem[i], 0, log);
		}
	}
	if (cs[card].up == MQ_NONE && !(cs[card].flags & MQ_F_DROP) && mq_occ(R, st)[origin] == card)
		mq_occ(R, st)[origin] = MQ_NONE;
	if (S->activated == card)
		S->activated = MQ_NONE;
	int owner = cs[card].owner, ctrl = cs[card].ctrl;
	int zone = R->card[card].zone == MQ_Z_MAP ? MQ_Z_EXILE : MQ_Z_DISCARD;
	mq_to_zone(R, st, card, zone, owner);
	ev *e = event(log, MQ_EV_LEAVE, ctrl);
	if (e) {
		e->args[0] = (int32_t)card;
		e->args[1] = (int32_t)R->card[card].def;
		e->args[2] = zone;
	}
}

void mq_mark(const mq_rules *R, void *st, unsigned card, int mark, int delta, evlog *log)
{
	mq_card *x = &mq_cards(R, st)[card];
	int v = x->mark[mark] + delta;
	v = v < 0 ? 0 : v > 255 ? 255 : v;
	int change = v - x->mark[mark];
	if (!change)
		return;
	x->mark[mark] = (uint8_t)v;
	ev *e = event(log, MQ_EV_MARK, x->ctrl);
	if (e) {
		e->args[0] = (int32_t)card;
		e->args[1] = mark;
		e->args[2] = change;
		e->args[3] = v;
	}
}

int mq_damage(const mq_rules *R, void *st, unsigned card, int n, evlog *log)
{
	mq_card *x = &mq_cards(R, st)[card];
	if (n <= 0)
		return 0;
	n -= mq_kw(R, card, MQD_KW_ARMOR);
	if (n <= 0)
		return 0;
	if (x->mark[MQ_M_WARD]) {
		int used = x->mark[MQ_M_WARD] < n ? x->mark[MQ_M_WARD] : n;
		ev *e = event(log, MQ_EV_PREVENT, x->ctrl);
		if (e) {
			e->args[0] = (int32_t)card;
			e->args[1] = n;
			e->args[2] = used;
		}
		mq_mark(R, st, card, MQ_M_WARD, -used, log);
		return 0;
	}
	mq_mark(R, st, card, MQ_M_DAMAGE, n, log);
	return n;
}
