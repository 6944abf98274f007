/* The muhq game as a viewer may see it (M-6..M-9) and the static board.
 *
 * Public: resources, hand and deck sizes, discard piles, stores, pending
 * areas, the map, the stack, exile.  A seat sees its own hand and the draft
 * pile it holds with its own picks of the current wave; the omniscient
 * viewer also sees every hand, deck order, pile and pick.  Card ids of
 * cards the viewer may not see never appear (ids give away the card). */
#include <string.h>

#include "catanrisk/game.h"
#include "geom.h"
#include "mq.h"
#include "mq_engine.h"
#include "mq_io.h"

static const char *const kw_names[MQD_KW_COUNT] = {"swimming", "amphibious", "crew",   "solid",   "durability",
						   "farmer",   "king",       "armor",  "charge",  "brace",
						   "venom",    "stun",       "plunder", "brood",  "regenerate"};
static const char *const ai_names[] = {"none", "aggressive", "shy", "supportive", "wandering", "target"};
static const char *const win_names[] = {"king", "capture", "resource", "kraken"};
static const char *const status_names[] = {"running", "won", "ended"};

static const char *card_name(const mq_rules *R, unsigned c)
{
	return mqd_str(R->db, mq_def(R, c)->name);
}

static void card_ref(const mq_rules *R, jw *w, unsigned c)
{
	jw_obj_begin(w);
	jw_kint(w, "id", c);
	jw_kstr(w, "name", card_name(R, c));
	jw_obj_end(w);
}

/* The cards of zone/seat (seat < 0: any) in position order. */
static void zone_cards(const mq_rules *R, const void *st, jw *w, const char *key, int zone, int seat)
{
	const mq_card *cs = mq_ccards(R, st);
	uint16_t ids[MQ_CARDS_MAX];
	int n = 0;
	for (uint32_t c = 0; c < R->ncard; c++) {
		if (cs[c].zone != zone || (seat >= 0 && cs[c].ctrl != seat))
			continue;
		int i = n++;
		for (; i > 0 && cs[ids[i - 1]].pos > cs[c].pos; i--)
			ids[i] = ids[i - 1];
		ids[i] = (uint16_t)c;
	}
	jw_key(w, key);
	jw_arr_begin(w);
	for (int i = 0; i < n; i++)
		card_ref(R, w, ids[i]);
	jw_arr_end(w);
}

static void tile_xy(const mq_rules *R, jw *w, const char *key, int t)
{
	jw_key(w, key);
	if (t < 0 || t >= R->ntile) {
		jw_null(w);
		return;
	}
	jw_arr_begin(w);
	jw_int(w, t % R->w);
	jw_int(w, t / R->w);
	jw_arr_end(w);
}

/* An operand MQ_T_*: {"card":..} {"tile":[x,y]} {"seat":..} or null. */
static void operand(const mq_rules *R, jw *w, const char *key, unsigned v)
{
	jw_key(w, key);
	if (MQ_T_IS_CARD(v) && v < R->ncard) {
		jw_obj_begin(w);
		jw_kint(w, "card", v);
		jw_kstr(w, "name", card_name(R, v));
		jw_obj_end(w);
	} else if (MQ_T_IS_TILE(v) && (int)MQ_T_VAL(v) < R->ntile) {
		jw_obj_begin(w);
		tile_xy(R, w, "tile", (int)MQ_T_VAL(v));
		jw_obj_end(w);
	} else if (MQ_T_IS_PLAYER(v) && (int)MQ_T_VAL(v) < R->seats) {
		jw_obj_begin(w);
		jw_kint(w, "seat", MQ_T_VAL(v));
		jw_obj_end(w);
	} else {
		jw_null(w);
	}
}

static void item_json(const mq_rules *R, jw *w, const mq_item *it)
{
	jw_obj_begin(w);
	jw_kstr(w, "kind", mq_item_name(it->kind));
	jw_kint(w, "src", it->src);
	if (it->src < R->ncard)
		jw_kstr(w, "name", card_name(R, it->src));
	jw_kint(w, "ctrl", it->ctrl);
	jw_kint(w, "aux", it->aux);
	operand(R, w, "a", it->a);
	operand(R, w, "b", it->b);
	operand(R, w, "c", it->c);
	jw_obj_end(w);
}

static void permanent_json(const mq_rules *R, const void *st, jw *w, unsigned c)
{
	const mq_state *S = st;
	const mq_card *x = &mq_ccards(R, st)[c];
	const mqd_card *d = mq_def(R, c);
	jw_obj_begin(w);
	jw_kint(w, "id", c);
	jw_kstr(w, "name", card_name(R, c));
	jw_kstr(w, "type", mq_type_name(d->type));
	jw_kint(w, "owner", x->owner);
	jw_kint(w, "controller", x->ctrl);
	tile_xy(R, w, "tile", mq_tile_of(R, st, c));
	jw_key(w, "up");
	if (x->up == MQ_NONE)
		jw_null(w);
	else
		jw_int(w, x->up);
	jw_kbool(w, "waiting_drop", (x->flags & MQ_F_DROP) != 0);
	jw_kbool(w, "tapped", (x->flags & MQ_F_TAPPED) != 0);
	jw_kbool(w, "activated", S->activated == c);
	jw_kbool(w, "released", (x->flags & MQ_F_RELEASE) != 0);
	jw_key(w, "spent");
	jw_obj_begin(w);
	jw_kbool(w, "move", (x->flags & MQ_F_MOVE) != 0);
	jw_kbool(w, "attack", (x->flags & MQ_F_ATTACK) != 0);
	jw_kbool(w, "street", (x->flags & MQ_F_STREET) != 0);
	jw_kbool(w, "full", (x->flags & MQ_F_FULL) != 0);
	jw_obj_end(w);
	static const char *const marks[MQ_M_COUNT] = {"damage", "poison", "paralysis", "ward", "faith"};
	jw_key(w, "marks");
	jw_obj_begin(w);
	for (int m = 0; m < MQ_M_COUNT; m++)
		jw_kint(w, marks[m], x->mark[m]);
	jw_obj_end(w);
	if (d->type == MQD_EQUIPMENT)
		jw_kint(w, "durability", x->dur);
	if (mq_is_unitlike(R, c)) {
		jw_key(w, "stats");
		jw_obj_begin(w);
		jw_kint(w, "attack", mq_stat(R, st, c, MQD_STAT_ATTACK));
		jw_kint(w, "range", d->attack == MQD_NONE ? 0 : mq_stat(R, st, c, MQD_STAT_RANGE));
		jw_kint(w, "move", mq_stat(R, st, c, MQD_STAT_MOVE));
		jw_kint(w, "health", mq_stat(R, st, c, MQD_STAT_HEALTH));
		jw_obj_end(w);
		if (x->up == MQ_NONE) {
			jw_kint(w, "pile_attack", mq_pile_attack(R, st, c, 1));
			jw_kint(w, "pile_range", mq_pile_range(R, st, c));
		}
	}
	jw_obj_end(w);
}

static int may_see_hand(int viewer, int seat)
{
	return viewer == CRISK_VIEWER_OMNISCIENT || viewer == seat;
}

static void draft_json(const mq_rules *R, const void *st, int viewer, jw *w)
{
	const mq_state *S = st;
	const mq_card *cs = mq_ccards(R, st);
	if (!S->njob || S->job[S->njob - 1].kind != MQ_J_DRAFT || R->draft == MQ_DRAFT_NONE) {
		jw_key(w, "draft");
		jw_null(w);
		return;
	}
	const mq_job *j = &S->job[S->njob - 1];
	jw_key(w, "draft");
	jw_obj_begin(w);
	jw_kint(w, "round", j->b >= MQ_NONE - 1 ? -1 : j->b);
	jw_kint(w, "wave", j->c);
	int piles = 0;
	for (uint32_t c = 0; c < R->npool; c++)
		piles += cs[c].zone == MQ_Z_DRAFT;
	jw_kint(w, "cards_in_piles", piles);
	jw_key(w, "picked_count");
	jw_arr_begin(w);
	for (int s = 0; s < R->seats; s++)
		jw_int(w, mq_zone_count(R, st, MQ_Z_PICKED, s));
	jw_arr_end(w);
	if (viewer >= 0 && viewer < R->seats) {
		int pile = mq_draft_pile(R, st, viewer);
		jw_kint(w, "pile", pile);
		jw_key(w, "cards");
		jw_arr_begin(w);
		for (uint32_t c = 0; pile >= 0 && c < R->npool; c++)
			if (cs[c].zone == MQ_Z_DRAFT && cs[c].pos == pile)
				card_ref(R, w, c);
		jw_arr_end(w);
		zone_cards(R, st, w, "picked", MQ_Z_PICKED, viewer);
	} else if (viewer == CRISK_VIEWER_OMNISCIENT) {
		jw_key(w, "piles");
		jw_arr_begin(w);
		for (uint32_t p = 0; p < R->npile; p++) {
			jw_arr_begin(w);
			for (uint32_t c = 0; c < R->npool; c++)
				if (cs[c].zone == MQ_Z_DRAFT && cs[c].pos == p)
					card_ref(R, w, c);
			jw_arr_end(w);
		}
		jw_arr_end(w);
		jw_key(w, "held");
		jw_arr_begin(w);
		for (int s = 0; s < R->players; s++)
			jw_int(w, mq_draft_pile(R, st, s));
		jw_arr_end(w);
		jw_key(w, "picked");
		jw_arr_begin(w);
		for (int s = 0; s < R->seats; s++) {
			jw_obj_begin(w);
			zone_cards(R, st, w, "cards", MQ_Z_PICKED, s);
			jw_obj_end(w);
		}
		jw_arr_end(w);
	}
	jw_obj_end(w);
}

void mq_to_json(const void *data, const void *state, int viewer, jw *w)
{
	const mq_rules *R = data;
	const mq_state *S = state;
	const mq_card *cs = mq_ccards(R, state);
	jw_obj_begin(w);
	jw_kstr(w, "module", "muhq");
	jw_kstr(w, "map", mqd_str(R->db, R->map->id));
	jw_kint(w, "round", S->round);
	jw_kint(w, "turn", S->turn);
	jw_kstr(w, "phase", mq_phase_name(S->phase));
	jw_kint(w, "active_seat", S->active);
	jw_kint(w, "priority_seat", S->prio);
	jw_kstr(w, "decision", mq_dp_name(S->dp));
	jw_kint(w, "current_seat", S->cur);
	if (S->dp == MQ_DP_CHANCE)
		jw_kint(w, "chance_outcomes", S->chance_k);
	jw_kstr(w, "status", S->status <= 2 ? status_names[S->status] : "unknown");
	jw_kint(w, "winner", S->winner);
	jw_key(w, "activated");
	if (S->activated == MQ_NONE)
		jw_null(w);
	else
		jw_int(w, S->activated);
	jw_key(w, "seats");
	jw_arr_begin(w);
	for (int s = 0; s < R->seats; s++) {
		jw_obj_begin(w);
		jw_kint(w, "seat", s);
		jw_kint(w, "resource", S->seat[s].res);
		jw_kbool(w, "out", S->seat[s].out);
		jw_kbool(w, "bought", S->seat[s].bought);
		jw_kint(w, "hand_count", mq_zone_count(R, state, MQ_Z_HAND, s));
		if (may_see_hand(viewer, s))
			zone_cards(R, state, w, "hand", MQ_Z_HAND, s);
		jw_kint(w, "deck_count", mq_zone_count(R, state, MQ_Z_DECK, s));
		if (viewer == CRISK_VIEWER_OMNISCIENT)
			zone_cards(R, state, w, "deck", MQ_Z_DECK, s);
		zone_cards(R, state, w, "discard", MQ_Z_DISCARD, s);
		zone_cards(R, state, w, "store", MQ_Z_STORE, s);
		zone_cards(R, state, w, "pending", MQ_Z_PENDING, s);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	draft_json(R, state, viewer, w);
	jw_key(w, "permanents");
	jw_arr_begin(w);
	for (uint32_t c = 0; c < R->ncard; c++)
		if (cs[c].zone == MQ_Z_MAP)
			permanent_json(R, state, w, c);
	jw_arr_end(w);
	jw_key(w, "walls");
	jw_arr_begin(w);
	for (int t = 0; t < R->ntile; t++) {
		if (R->wall[t] < 0)
			continue;
		jw_obj_begin(w);
		tile_xy(R, w, "tile", t);
		jw_kint(w, "damage", mq_cwalls(R, state)[R->wall[t]]);
		jw_kbool(w, "standing", mq_tile_type(R, state, t) == MQD_TILE_WALL);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_key(w, "stack");
	jw_arr_begin(w);
	for (int i = 0; i < S->nstack && i < MQ_STACK_MAX; i++)
		item_json(R, w, &S->stack[i]);
	jw_arr_end(w);
	jw_key(w, "executing");
	if (S->njob && S->job[S->njob - 1].kind == MQ_J_EXEC)
		item_json(R, w, &S->exec);
	else
		jw_null(w);
	zone_cards(R, state, w, "exile", MQ_Z_EXILE, -1);
	jw_obj_end(w);
}

/* ---- the board ---- */

static void num_or_null(jw *w, const char *key, int v)
{
	jw_key(w, key);
	if (v == MQD_NONE)
		jw_null(w);
	else
		jw_int(w, v);
}

void mq_board_json(const void *data, jw *w)
{
	const mq_rules *R = data;
	const mqd_db *db = R->db;
	const mqd_map *m = R->map;
	jw_obj_begin(w);
	jw_kstr(w, "module", "muhq");
	jw_kstr(w, "map", mqd_str(db, m->id));
	jw_kstr(w, "title", mqd_str(db, m->title));
	jw_kint(w, "width", R->w);
	jw_kint(w, "height", R->h);
	jw_key(w, "players_range");
	jw_arr_begin(w);
	jw_int(w, m->pmin);
	jw_int(w, m->pmax);
	jw_arr_end(w);
	jw_kint(w, "players", R->players);
	jw_kint(w, "seats", R->seats);
	jw_key(w, "tiles");
	jw_arr_begin(w);
	for (int y = 0; y < R->h; y++) {
		jw_arr_begin(w);
		for (int x = 0; x < R->w; x++)
			jw_str(w, mq_tile_name(MQD_TILE_TYPE(R->tile[y * R->w + x])));
		jw_arr_end(w);
	}
	jw_arr_end(w);
	jw_key(w, "home_tiles");
	jw_arr_begin(w);
	for (int t = 0; t < R->ntile; t++) {
		int type = MQD_TILE_TYPE(R->tile[t]);
		if (type != MQD_TILE_SPAWN && type != MQD_TILE_HARBOR)
			continue;
		jw_obj_begin(w);
		tile_xy(R, w, "tile", t);
		jw_kstr(w, "type", mq_tile_name(type));
		jw_kint(w, "seat", MQD_TILE_SEAT(R->tile[t]) - 1);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_key(w, "areas");
	jw_arr_begin(w);
	for (uint32_t i = 0; i < m->narea; i++) {
		const mqd_area *a = &db->areas[m->area0 + i];
		jw_obj_begin(w);
		jw_kstr(w, "id", mqd_str(db, a->id));
		jw_kint(w, "x", a->x);
		jw_kint(w, "y", a->y);
		jw_kint(w, "w", a->w);
		jw_kint(w, "h", a->h);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_key(w, "win");
	jw_obj_begin(w);
	jw_kstr(w, "condition", m->win < 4 ? win_names[m->win] : "unknown");
	jw_kint(w, "n", m->win_n);
	jw_obj_end(w);
	jw_kint(w, "round_limit", R->limit);
	jw_kint(w, "gain", m->gain);
	jw_key(w, "start_resource");
	jw_arr_begin(w);
	for (int s = 0; s < R->players && s < MQD_SEATS_MAX; s++)
		jw_int(w, m->start[s]);
	jw_arr_end(w);
	/* Definitions used by the game, in the order of their first card. */
	static _Thread_local uint16_t first[MQ_CARDS_MAX];
	int ndef = 0;
	jw_key(w, "definitions");
	jw_arr_begin(w);
	for (uint32_t c = 0; c < R->ncard; c++) {
		int seen = 0;
		for (int i = 0; i < ndef && !seen; i++)
			seen = R->card[first[i]].def == R->card[c].def;
		if (seen)
			continue;
		first[ndef++] = (uint16_t)c;
		const mqd_card *d = mq_def(R, c);
		jw_obj_begin(w);
		jw_kstr(w, "name", mqd_str(db, d->name));
		jw_kstr(w, "set", mqd_str(db, d->set));
		jw_kstr(w, "type", mq_type_name(d->type));
		num_or_null(w, "buy", d->buy);
		num_or_null(w, "play", d->play);
		num_or_null(w, "upkeep", d->upkeep);
		num_or_null(w, "health", d->health);
		num_or_null(w, "move", d->move);
		num_or_null(w, "attack", d->attack);
		num_or_null(w, "range", d->range);
		jw_key(w, "keywords");
		jw_obj_begin(w);
		for (int k = 0; k < MQD_KW_COUNT; k++)
			if (d->kw & (1u << k))
				jw_kint(w, kw_names[k], d->kw_n[k]);
		jw_obj_end(w);
		jw_kstr(w, "ai", d->ai < 6 ? ai_names[d->ai] : "unknown");
		if (d->ai == MQD_AI_WANDERING)
			jw_kint(w, "ai_n", d->ai_arg);
		else if (d->ai == MQD_AI_TARGET)
			jw_kstr(w, "ai_tile", mq_tile_name(d->ai_arg));
		jw_key(w, "abilities");
		jw_arr_begin(w);
		static const char *const ab_kinds[] = {"play", "full", "free", "upkeep", "static"};
		for (uint32_t a = 0; a < d->nab; a++) {
			const mqd_ability *ab = &db->abilities[d->ab0 + a];
			jw_obj_begin(w);
			jw_kstr(w, "kind", ab->kind < 5 ? ab_kinds[ab->kind] : "unknown");
			jw_kint(w, "targets", ab->nspec);
			if (ab->kind == MQD_AB_FREE) {
				jw_kbool(w, "tap", (ab->costs & MQD_COST_TAP) != 0);
				jw_kbool(w, "sacrifice", (ab->costs & MQD_COST_SAC) != 0);
				jw_kint(w, "resource", ab->res);
			}
			jw_obj_end(w);
		}
		jw_arr_end(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_key(w, "cards");
	jw_arr_begin(w);
	for (uint32_t c = 0; c < R->ncard; c++) {
		jw_obj_begin(w);
		jw_kint(w, "id", c);
		jw_kstr(w, "definition", card_name(R, c));
		jw_kint(w, "owner", R->card[c].owner);
		jw_kstr(w, "zone", mq_zone_name(R->card[c].zone));
		if (R->card[c].zone == MQ_Z_MAP)
			tile_xy(R, w, "tile", R->card[c].pos);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_obj_end(w);
}
