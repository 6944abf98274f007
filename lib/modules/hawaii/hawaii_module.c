/* Module `hawaii`: its vtable over the kernel (the cm_* methods where the
 * kernel's serve as they are, hawaii_* for lists, checks and moves), its
 * playout loop, and the board description of the point-to-point map. */
#include "../../catan/playout_loop.h"
#include "../catan_module.h"
#include "../modules.h"
#include "hawaii.h"

/* cm_current_seat inline: the loop asks it at every step. */
static inline int hw_current_seat(const void *data, const void *st)
{
	return kern_current_seat(data, st);
}

static int hw_playout(const void *data, void *st, uint64_t skip_types, uint64_t max_steps, uint64_t *policy,
		      evlog *log, uint64_t *steps)
{
	/* The codes come from hawaii_list or cm_chance for the state just now:
	 * hawaii_apply_listed leaves out the checks the list made (H-54's thief
	 * and the module's effects of kernel actions still come through it). */
	const catan_playout_fns fns = {hw_current_seat, hawaii_list, cm_chance, hw_apply_listed_inline};
	return catan_playout(fns, data, st, skip_types, max_steps, policy, log, steps);
}

/* ---- board description (docs/board.md, point-to-point maps) ---- */

static const char *const terrain_names[7] = {"hills", "forest", "pasture", "fields", "mountains", "desert", "sea"};
static const char *const point_kinds[3] = {"site", "chit", "junction"};
static const char *const space_kinds[4] = {"road", "ship", "merchant", "fishing"};

static void id_array(jw *w, const char *key, const uint16_t *ids, int n)
{
	jw_key(w, key);
	jw_arr_begin(w);
	for (int i = 0; i < n; i++)
		jw_int(w, ids[i]);
	jw_arr_end(w);
}

static void island_or_null(jw *w, unsigned island)
{
	jw_key(w, "island");
	if (island == BOARD_NO8)
		jw_null(w);
	else
		jw_uint(w, island);
}

static void write_hexes(const kern *k, jw *w)
{
	const board *b = &k->b;
	const catanmap *m = hwr(k)->map;
	jw_key(w, "hexes");
	jw_arr_begin(w);
	for (int h = 0; h < b->n_land + b->n_sea; h++) {
		const cm_hex *mh = &m->hex[b->hex_src[h]];
		int land = h < b->n_land;
		jw_obj_begin(w);
		jw_kint(w, "id", h);
		jw_kstr(w, "map_id", cm_str(m, mh->id));
		jw_key(w, "name");
		jw_str(w, mh->name ? cm_str(m, mh->name) : NULL);
		jw_kint(w, "q", b->hex[h].q);
		jw_kint(w, "r", b->hex[h].r);
		jw_kbool(w, "land", land);
		jw_kstr(w, "terrain", terrain_names[land && b->terrain[h] < TERR_SEA ? b->terrain[h] : TERR_SEA]);
		jw_key(w, "token");
		if (land && b->token[h])
			jw_uint(w, b->token[h]);
		else
			jw_null(w);
		island_or_null(w, b->hex_island[h]);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static void write_points(const kern *k, jw *w)
{
	const board *b = &k->b;
	const catanmap *m = hwr(k)->map;
	jw_key(w, "nodes"); /* the map's points */
	jw_arr_begin(w);
	for (int n = 0; n < b->n_node; n++) {
		const bnode *v = &b->node[n];
		const cm_point *mp = &m->point[n]; /* points keep the file's order (board_map.h) */
		jw_obj_begin(w);
		jw_kint(w, "id", n);
		jw_kstr(w, "map_id", cm_str(m, mp->id));
		jw_key(w, "name");
		jw_str(w, mp->name ? cm_str(m, mp->name) : NULL);
		jw_kstr(w, "kind", point_kinds[b->node_kind[n] < 3 ? b->node_kind[n] : CM_JUNCTION]);
		jw_kint(w, "x", v->x);
		jw_kint(w, "y", v->y);
		island_or_null(w, b->node_island[n]);
		id_array(w, "neighbours", v->adj, v->deg);
		id_array(w, "paths", v->path, v->deg);
		id_array(w, "hexes", v->hex, v->n_hex); /* its production list (H-10) */
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static void write_spaces(const kern *k, jw *w)
{
	static const char *const res_names[NUM_RES] = {"brick", "lumber", "wool", "grain", "ore"};
	const board *b = &k->b;
	const catanmap *m = hwr(k)->map;
	jw_key(w, "paths"); /* the map's spaces */
	jw_arr_begin(w);
	for (int p = 0; p < b->n_path; p++) {
		const cm_space *ms = &m->space[p]; /* spaces keep the file's order */
		jw_obj_begin(w);
		jw_kint(w, "id", p);
		jw_kstr(w, "map_id", cm_str(m, ms->id));
		jw_kstr(w, "kind", space_kinds[b->path_kind[p] < 4 ? b->path_kind[p] : BPATH_ROAD]);
		id_array(w, "nodes", b->path[p].node, 2);
		id_array(w, "sea", b->path_sea + b->path_sea_first[p], b->path_sea_first[p + 1] - b->path_sea_first[p]);
		if (ms->kind == CM_MERCHANT) { /* the trade scroll (H-62) */
			jw_key(w, "trade");
			jw_obj_begin(w);
			jw_kstr(w, "resource", ms->trade >= 0 && ms->trade < NUM_RES ? res_names[ms->trade] : "any");
			jw_kint(w, "ratio", ms->rate);
			jw_kint(w, "bit", b->path_trade[p]); /* its bit in a seat's harbor bits */
			jw_obj_end(w);
		}
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static void write_rest(const kern *k, jw *w)
{
	const board *b = &k->b;
	const hw_rules *r = hwr(k);
	const catanmap *m = r->map;
	jw_key(w, "islands");
	jw_arr_begin(w);
	for (int i = 0; i < m->n_island; i++) {
		jw_obj_begin(w);
		jw_kint(w, "id", i);
		jw_kstr(w, "map_id", cm_str(m, m->island[i].id));
		jw_kstr(w, "name", cm_str(m, m->island[i].name));
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_key(w, "discs"); /* blue number discs and their fishing spaces (H-12) */
	jw_arr_begin(w);
	for (int d = 0; d < b->n_disc; d++) {
		const bdisc *bd = &b->disc[d];
		jw_obj_begin(w);
		jw_kint(w, "id", d);
		jw_kstr(w, "map_id", cm_str(m, m->disc[d].id)); /* H-6: every element has a stable text id */
		jw_kint(w, "number", bd->number);
		jw_kint(w, "x", bd->x);
		jw_kint(w, "y", bd->y);
		id_array(w, "paths", b->disc_path + bd->first, bd->n);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_key(w, "fishing_track"); /* VP per boat position (H-65) */
	jw_arr_begin(w);
	for (int i = 0; i < m->n_track; i++)
		jw_int(w, m->track[i]);
	jw_arr_end(w);
	jw_key(w, "chit_nodes"); /* H-75 (3-4 seats; 5-6 seats use none, H-77) */
	jw_arr_begin(w);
	for (int n = 0; n < b->n_node; n++) {
		if (r->chit_of[n] >= 0)
			jw_int(w, n);
	}
	jw_arr_end(w);
	jw_key(w, "targets"); /* the map's victory target per seat count (H-20, H-28) */
	jw_arr_begin(w);
	for (int s = 3; s <= 6; s++) {
		if (!m->target[s])
			continue;
		jw_obj_begin(w);
		jw_kint(w, "players", s);
		jw_kint(w, "vp", m->target[s]);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_kint(w, "vp_target", k->cfg.vp_target); /* this game's (H-86: option vp_target or the map's) */
	jw_kint(w, "robber_start", b->robber_start);
	jw_key(w, "pirate_start");
	if (b->pirate_start == BOARD_NONE)
		jw_null(w);
	else
		jw_uint(w, b->pirate_start);
}

void hw_board_json(const void *data, jw *w)
{
	const kern *k = data;
	const catanmap *m = hwr(k)->map;
	jw_obj_begin(w);
	jw_kstr(w, "board", "map");
	jw_key(w, "title");
	jw_str(w, m->title ? cm_str(m, m->title) : NULL);
	jw_kstr(w, "coordinates",
		"Point-to-point map (catanmap, rules/hawaii.md H-14): hexes at axial (q, r), pointy-top, q grows "
		"east, r grows south; points and discs at (x, y) on the corner lattice, where a hex centre is "
		"(2q + r, 3r), x in half hex widths, y in half side lengths, y grows south. Ids: hexes land "
		"first, then sea, each in file order; nodes (the map's points) and paths (its spaces) in file "
		"order; map_id is the id in the map file.");
	jw_kint(w, "land_hexes", k->b.n_land);
	jw_kint(w, "sea_hexes", k->b.n_sea);
	write_hexes(k, w);
	write_points(k, w);
	write_spaces(k, w);
	write_rest(k, w);
	jw_obj_end(w);
}

const module module_hawaii = {
	.name = "hawaii",
	.version = 1,
	.family = FAMILY_CATAN,
	.params = hawaii_params,
	.n_params = HW_N_PARAMS,
	.rules_create = hawaii_rules_create,
	.rules_create_data = hawaii_rules_create_data, /* option map=data (H-91) */
	.rules_destroy = hawaii_rules_destroy,
	.num_seats = cm_num_seats,
	.state_size = cm_state_size,
	.state_init = hawaii_state_init,
	.current_seat = cm_current_seat,
	.status = cm_status,
	.turn = cm_turn,
	.score = cm_score,
	.legal = hawaii_legal,
	.legal_except = hawaii_legal_except,
	.skip_natively = KERN_SKIP_NATIVELY,
	.seat_at = 1 + offsetof(kstate, cur), /* cm_current_seat's answer (kern_current_seat) */
	.playout = hw_playout,
	.check = hawaii_check,
	.apply = hawaii_apply,
	.chance = cm_chance,
	.action_to_string = hw_action_to_string,
	.action_from_string = hw_action_from_string,
	.event_to_string = hw_event_to_string,
	.event_json = hw_event_json,
	.to_json = cm_to_json,
	.board_json = hw_board_json,
	.state_bytes = cm_state_bytes,
	.state_save = cm_state_save,
	.state_load = cm_state_load,
	.state_check = hawaii_state_check,
	.state_to_json = cm_state_to_json,
	.state_from_json = cm_state_from_json,
	/* Reinforcement learning (hawaii_rl.c, docs/rl-hawaii.md). */
	.rl_actions = hw_rl_actions,
	.rl_index = hw_rl_index,
	.rl_action = hw_rl_action,
	.rl_skip = CM_RL_SKIP,
	.rl_obs_size = hw_rl_obs_size,
	.rl_observe = hw_rl_observe,
	.rl_describe_actions = hw_rl_describe_actions,
	.rl_describe_obs = hw_rl_describe_obs,
	.rl_mask = hw_rl_mask,
};
