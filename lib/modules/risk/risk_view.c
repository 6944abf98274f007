/* What module risk adds to the views: armies, control and the per-turn
 * counters per hex, seats out of the game, the pending battle; with fog
 * (RC-30..RC-32) face-down hexes show no terrain, number or requirement
 * except to the omniscient viewer, and the board JSON shows none at all. */
#include "catanrisk/game.h"
#include "risk_impl.h"

void risk_view_point(const kern *k, const void *st, const char **phase, int *cur)
{
	const risk_ext *x = rx(k, st);
	if (x->phase == RP_NONE)
		return;
	*phase = risk_phase_name(x->phase);
	*cur = risk_overlay_seat(x);
}

static void owner_value(jw *w, int o)
{
	if (o < 0)
		jw_null(w);
	else if (o == RISK_NEUTRAL)
		jw_str(w, "neutral");
	else
		jw_int(w, o);
}

static void hex_json(const kern *k, const void *st, int hex, int viewer, jw *w)
{
	static const char *const terrain[] = {"hills", "forest", "pasture", "fields", "mountains", "desert"};
	const risk_ext *x = rx(k, st);
	int shown = !risk_hidden(k, st, hex) || viewer == CRISK_VIEWER_OMNISCIENT;
	unsigned occ = risk_occupants(x, hex);
	jw_obj_begin(w);
	jw_kint(w, "hex", hex);
	jw_kbool(w, "revealed", !risk_hidden(k, st, hex));
	if (rr_of(k)->fog) {
		jw_key(w, "terrain");
		if (shown && k->b.terrain[hex] <= TERR_DESERT)
			jw_str(w, terrain[k->b.terrain[hex]]);
		else
			jw_null(w);
		jw_key(w, "token");
		if (shown && k->b.token[hex])
			jw_int(w, k->b.token[hex]);
		else
			jw_null(w);
	}
	jw_key(w, "requirement");
	if (shown)
		jw_int(w, rr_of(k)->req[hex]);
	else
		jw_null(w);
	jw_key(w, "armies");
	jw_arr_begin(w);
	for (int s = 0; s < k->seats; s++)
		jw_int(w, ra(x, hex, s));
	jw_arr_end(w);
	jw_kint(w, "neutral", ra(x, hex, RISK_NEUTRAL));
	jw_kbool(w, "contested", (occ & (occ - 1)) != 0);
	jw_key(w, "controller");
	owner_value(w, risk_controller(k, x, hex));
	jw_kint(w, "moved", risk_moved(k, st, hex));
	jw_obj_end(w);
}

static void seat_bits(jw *w, const char *key, unsigned bits, int seats)
{
	jw_key(w, key);
	jw_arr_begin(w);
	for (int s = 0; s < seats; s++) {
		if ((bits >> s) & 1u)
			jw_int(w, s);
	}
	jw_arr_end(w);
}

void risk_view_json(const kern *k, const void *st, int viewer, jw *w)
{
	const risk_ext *x = rx(k, st);
	jw_key(w, "risk");
	jw_obj_begin(w);
	jw_kbool(w, "fog", rr_of(k)->fog);
	jw_key(w, "hexes");
	jw_arr_begin(w);
	for (int h = 0; h < k->b.n_land; h++)
		hex_json(k, st, h, viewer, w);
	jw_arr_end(w);
	seat_bits(w, "out", x->out, k->seats);
	seat_bits(w, "resigned", x->resigned, k->seats);
	jw_key(w, "buy_resource");
	int r = risk_buy_res(k, st);
	if (r < NUM_RES)
		jw_str(w, kern_res_names[r]);
	else
		jw_null(w);
	jw_kint(w, "bought", risk_bought(k, st));
	jw_kbool(w, "redeployed", risk_redeployed(k, st));
	jw_key(w, "pieces_over");
	jw_arr_begin(w);
	for (int s = 0; s < k->seats; s++) {
		jw_arr_begin(w);
		for (int p = 0; p < 3; p++)
			jw_int(w, x->over[s * 3 + p]);
		jw_arr_end(w);
	}
	jw_arr_end(w);
	jw_key(w, "battle");
	if (x->phase == RP_BATTLE) {
		jw_obj_begin(w);
		jw_kint(w, "hex", x->b_hex);
		jw_kint(w, "attacker", x->b_att);
		jw_key(w, "defender");
		owner_value(w, x->b_def);
		jw_kbool(w, "until_done", x->b_until);
		jw_obj_end(w);
	} else {
		jw_null(w);
	}
	jw_obj_end(w);
}

/* RC-32: with fog every land hex is face down in the board JSON, which has
 * no viewer and no game; views reveal hexes as RC-31 turns them up. */
void risk_board_json(const void *data, jw *w)
{
	const kern *k = data;
	if (!rr_of(k)->fog) {
		board_json(&k->b, w);
		return;
	}
	uint8_t terrain[RISK_HEXES], token[RISK_HEXES];
	board b = k->b;
	for (int h = 0; h < b.n_land && h < RISK_HEXES; h++) {
		terrain[h] = BOARD_NO8;
		token[h] = 0;
	}
	b.terrain = terrain;
	b.token = token;
	board_json(&b, w);
}
