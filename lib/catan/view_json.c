/* The game as one viewer may see it (B-134): hands and development cards only
 * for their owner or the omniscient viewer; never the deck order (the deck is
 * a multiset anyway) or the RNG state. */
#include "catanrisk/game.h"
#include "kernel.h"

static void counts_array(jw *w, const char *key, const uint8_t *v, int n)
{
	jw_key(w, key);
	jw_arr_begin(w);
	for (int i = 0; i < n; i++)
		jw_int(w, v[i]);
	jw_arr_end(w);
}

static void seat_json(const kern *k, const void *st, int s, int viewer, jw *w)
{
	const kstate *h = ks(st);
	const kseat *p = kseat_of(k, st, s);
	int see = kern_may_see(k, st, s, viewer);
	int dev_count = 0;
	for (int c = 0; c < NUM_DEV; c++)
		dev_count += p->dev[c];
	jw_obj_begin(w);
	jw_kint(w, "seat", s);
	jw_kint(w, "vp", kern_score(k, st, s, viewer));
	jw_kint(w, "visible_vp", kern_visible_vp(k, st, s));
	jw_kint(w, "hand_size", p->cards);
	if (see)
		counts_array(w, "hand", p->hand, NUM_RES);
	jw_kint(w, "dev_count", dev_count);
	if (see) {
		counts_array(w, "dev", p->dev, NUM_DEV);
		counts_array(w, "dev_new", p->dev_new, NUM_DEV);
	}
	jw_kint(w, "knights", p->knights);
	jw_kint(w, "road_length", p->road_len);
	jw_kbool(w, "longest_road", h->lr == s);
	jw_kbool(w, "largest_army", h->la == s);
	jw_key(w, "pieces");
	jw_obj_begin(w);
	jw_kint(w, "settlements", p->supply[PIECE_SETTLEMENT]);
	jw_kint(w, "cities", p->supply[PIECE_CITY]);
	jw_kint(w, "roads", p->supply[PIECE_ROAD]);
	jw_obj_end(w);
	jw_obj_end(w);
}

static void offer_side(jw *w, const char *key, uint64_t offer, int want)
{
	jw_key(w, key);
	jw_arr_begin(w);
	for (int g = 0; g < MAX_GOODS; g++)
		jw_int(w, offer_count(offer, g, want));
	jw_arr_end(w);
}

static void trade_json(const kern *k, const kstate *h, jw *w)
{
	jw_key(w, "trade");
	if (h->dp != DP_TRADE_RESPONSE && h->dp != DP_TRADE_CONFIRM) {
		jw_null(w);
		return;
	}
	int to = (int)((h->offer >> 48) & 0xF);
	jw_obj_begin(w);
	jw_kint(w, "from", h->active);
	offer_side(w, "give", h->offer, 0);
	offer_side(w, "want", h->offer, 1);
	if (to == CRISK_CATAN_TO_ALL)
		jw_kstr(w, "to", "*");
	else
		jw_kint(w, "to", to);
	jw_key(w, "answers");
	jw_arr_begin(w);
	for (int i = 1; i < k->seats; i++) {
		int s = (h->active + i) % k->seats;
		if (!(h->answered & (1u << s)))
			continue;
		jw_obj_begin(w);
		jw_kint(w, "seat", s);
		jw_kbool(w, "accept", (h->accepted >> s) & 1u);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_obj_end(w);
}

void kern_to_json(const kern *k, const void *st, int viewer, jw *w)
{
	const kstate *h = ks(st);
	static const char *const status[] = {"running", "won", "ended"};
	jw_obj_begin(w);
	jw_kstr(w, "module", k->cfg.module_name);
	jw_kint(w, "turn", h->turn);
	const char *phase = kern_dp_name(h->dp);
	int cur = h->cur;
	if (k->hk.view_point)
		k->hk.view_point(k, st, &phase, &cur);
	jw_kstr(w, "phase", phase);
	jw_kint(w, "current_seat", cur);
	jw_kint(w, "active_seat", h->active);
	jw_kstr(w, "status", h->status <= 2 ? status[h->status] : "unknown");
	jw_kint(w, "winner", h->winner);
	jw_key(w, "dice");
	jw_arr_begin(w);
	jw_int(w, h->dice[0]);
	jw_int(w, h->dice[1]);
	jw_arr_end(w);
	jw_kint(w, "robber", h->robber);
	counts_array(w, "bank", h->bank, NUM_RES);
	jw_kint(w, "deck_size", h->deck[0] + h->deck[1] + h->deck[2] + h->deck[3] + h->deck[4]);
	jw_key(w, "seats");
	jw_arr_begin(w);
	for (int s = 0; s < k->seats; s++)
		seat_json(k, st, s, viewer, w);
	jw_arr_end(w);
	if (k->owners > k->seats) { /* non-seat owners (T-1): public pieces only */
		jw_key(w, "neutrals");
		jw_arr_begin(w);
		for (int s = k->seats; s < k->owners; s++) {
			const kseat *p = kseat_of(k, st, s);
			jw_obj_begin(w);
			jw_kint(w, "owner", s);
			jw_kint(w, "road_length", p->road_len);
			jw_kbool(w, "longest_road", h->lr == s);
			jw_key(w, "pieces");
			jw_obj_begin(w);
			jw_kint(w, "settlements", p->supply[PIECE_SETTLEMENT]);
			jw_kint(w, "roads", p->supply[PIECE_ROAD]);
			jw_obj_end(w);
			jw_obj_end(w);
		}
		jw_arr_end(w);
	}

	const uint8_t *nodes = knodes(k, st);
	jw_key(w, "buildings");
	jw_arr_begin(w);
	for (int n = 0; n < k->b.n_node; n++) {
		if (!nodes[n])
			continue;
		jw_obj_begin(w);
		jw_kint(w, "node", n);
		jw_kint(w, "seat", (int)(nodes[n] & NODE_OWNER_MASK) - 1);
		jw_kstr(w, "kind", (nodes[n] & NODE_CITY) ? "city" : "settlement");
		jw_obj_end(w);
	}
	jw_arr_end(w);
	const uint8_t *paths = kpaths(k, st);
	jw_key(w, "roads");
	jw_arr_begin(w);
	for (int p = 0; p < k->b.n_path; p++) {
		if (!paths[p])
			continue;
		jw_obj_begin(w);
		jw_kint(w, "path", p);
		jw_kint(w, "seat", paths[p] - 1);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	trade_json(k, h, w);

	jw_key(w, "pending");
	jw_obj_begin(w);
	jw_key(w, "discards");
	jw_arr_begin(w);
	for (int s = 0; s < k->seats; s++)
		jw_int(w, h->dp == DP_DISCARD ? kseat_of(k, st, s)->owe : 0);
	jw_arr_end(w);
	jw_kint(w, "free_roads", h->dp == DP_FREE_ROAD ? h->free_roads : 0);
	jw_kint(w, "picks", h->dp == DP_YOP_PICK ? h->picks : 0);
	jw_kint(w, "victim", h->dp == DP_STEAL ? h->victim : -1);
	jw_obj_end(w);
	if (k->hk.view_json)
		k->hk.view_json(k, st, viewer, w);
	jw_obj_end(w);
}

void kern_board_json(const kern *k, jw *w)
{
	board_json(&k->b, w);
}
