/* Module `hawaii` (rules/hawaii.md): parameters, the rules object built from
 * the built-in catanmap or the host's (option `map`, H-91), the kernel hooks
 * and the module state (hawaii.h). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../../catan/board_map.h"
#include "../../catan/state_io.h"
#include "../../core/error.h"
#include "hawaii.h"

extern const char crisk_data_hawaii_catanmap[];
extern const size_t crisk_data_hawaii_catanmap_len;

enum { HP_PLAYERS, HP_SEED, HP_MAP, HP_VP_TARGET, HP_DISCARD_LIMIT, HP_FRIENDLY_ROBBER, HP_MAX_OFFERS, HP_MAX_TURNS,
       HP_CHANCE, HP_COUNT };

static const char *const chance_choices[] = {"auto", "explicit", NULL};

/* H-91.  `map` is checked by choose_map: a string, since its default depends
 * on whether the host gave a map text. */
const param_desc hawaii_params[HP_COUNT] = {
	[HP_PLAYERS] = {"players", NULL, PT_INT, NULL, 3, 6, NULL, "3..6", "number of seats (H-1)"},
	[HP_SEED] = {"seed", NULL, PT_UINT64, NULL, 0, 0, NULL, "0..18446744073709551615", "seed of the game's RNG (B-29)"},
	[HP_MAP] = {"map", NULL, PT_STRING, "hawaii", 0, 0, NULL, "hawaii|data",
		    "hawaii = the built-in Hawai'i map, data = the catanmap text the host gave with "
		    "crisk_rules_new_with_data(_file); default: data when the host gave one, else hawaii (H-91)"},
	[HP_VP_TARGET] = {"vp_target", NULL, PT_INT, "0", 0, 30, NULL, "3..30, 0 = the map's target for the seat count",
			  "winning total (H-86)"},
	[HP_DISCARD_LIMIT] = {"discard_limit", NULL, PT_INT, "7", 0, 95, NULL, "0..95",
			      "a 7 makes seats with more cards discard half (B-58)"},
	[HP_FRIENDLY_ROBBER] = {"friendly_robber", NULL, PT_BOOL, "off", 0, 1, NULL, "off|on", "friendly robber (H-91)"},
	[HP_MAX_OFFERS] = {"max_trade_offers_per_turn", NULL, PT_INT, "0", 0, 1000, NULL, "0..1000 (0 = unlimited)",
			   "domestic offers per turn (B-99)"},
	[HP_MAX_TURNS] = {"max_turns", NULL, PT_INT, "0", 0, 1000000, NULL, "0..1000000 (0 = unlimited)",
			  "the game ends without winner after this turn (B-52)"},
	[HP_CHANCE] = {"chance", "chance_mode", PT_ENUM, "auto", 0, 0, chance_choices, "auto|explicit",
		       "dice, draws and steals from the RNG or from the host (B-132)"},
};
const int hawaii_n_params = HP_COUNT;
_Static_assert(HP_COUNT == HW_N_PARAMS, "HW_N_PARAMS counts hawaii_params");

/* ---- kernel hooks ---- */

#define XF(name, kind, count, member) {name, kind, count, (uint16_t)offsetof(hw_ext, member)}
static const sfield hw_ext_fields[] = {
	XF("pirate", SF_U16, 1, pirate),
	XF("ships", SF_U8, CRISK_MAX_SEATS, ships),
	/* slice fish */
	XF("fish", SF_U8, CRISK_MAX_SEATS, fish),
	XF("boat", SF_U8, CRISK_MAX_SEATS, boat),
	XF("chit", SF_U8, HW_MAX_CHITS, chit),
	XF("market", SF_U8, 1, market),
	XF("thief", SF_U8, 1, thief),
	XF("moved", SF_U8, 1, moved),
	XF("n_fresh", SF_U8, 1, n_fresh),
	XF("fresh", SF_U16, HW_SHIPS, fresh),
};

/* H-34: the pirate on the map's pirate hex, 15 ships per seat. */
static void hw_ext_init(const kern *k, void *st, evlog *log)
{
	(void)log;
	hw_ext *x = hwx(k, st);
	x->pirate = k->b.pirate_start;
	memset(x->ships, HW_SHIPS, (size_t)k->seats); /* seats <= CRISK_MAX_SEATS (H-1) */
}

/* H-112: the pirate on a sea hex; ships on the board plus supply = 15. */
static int hw_ext_check(const kern *k, const void *st)
{
	const hw_ext *x = hwx(k, st);
	if (k->b.n_sea ? x->pirate < k->b.n_land || x->pirate >= k->b.n_land + k->b.n_sea : x->pirate != BOARD_NONE)
		return err_set(CRISK_EFORMAT, "ext.pirate: %u is not a sea hex", (unsigned)x->pirate);
	const uint8_t *paths = kpaths(k, st);
	for (int s = 0; s < CRISK_MAX_SEATS; s++) {
		int on_board = 0;
		for (int p = 0; p < k->b.n_path; p++)
			on_board += paths[p] == s + 1 && !kern_road_path(k, p);
		int want = s < k->seats ? HW_SHIPS : 0;
		if (x->ships[s] + on_board != want)
			return err_set(CRISK_EFORMAT, "ext.ships[%d]: %d in supply and %d on the board is not %d", s,
				       x->ships[s], on_board, want);
	}
	int rc = hw_fish_check(k, st); /* slice fish */
	return rc ? rc : hw_moves_check(k, st);
}

/* A road's placement effects (H-50: the chit, H-75) before its route
 * update, for built, free and set-up roads; ships and the market's roads
 * call hw_piece_placed themselves. */
static void hw_road_placed(const kern *k, void *st, int s, int path, evlog *log)
{
	hw_piece_placed(k, st, s, path, log);
}

static void hw_view_json(const kern *k, const void *st, int viewer, jw *w)
{
	const hw_ext *x = hwx(k, st);
	jw_kint(w, "pirate", x->pirate); /* section 9 */
	jw_key(w, "ships_in_supply");    /* H-34 */
	jw_arr_begin(w);
	for (int s = 0; s < k->seats; s++)
		jw_int(w, x->ships[s]);
	jw_arr_end(w);
	hw_fish_view_json(k, st, viewer, w);
}

static const kern_hooks hw_hooks = {
	.ext_init = hw_ext_init,
	.ext_fields = hw_ext_fields,
	.n_ext_fields = (int)(sizeof hw_ext_fields / sizeof hw_ext_fields[0]),
	.ext_check = hw_ext_check,
	.setup_site_ok = hw_setup_site_ok,
	.setup_sites = hw_setup_sites,
	.setup_skips = 1, /* H-37, H-38 (hw_setup_site_ok waives the island rule first) */
	.setup_piece_more = hw_setup_ship_spot,
	.free_pieces = hw_free_ships,
	/* slice fish */
	.road_placed = hw_road_placed,
	.view_json = hw_view_json,
	.extra_vp = hw_extra_vp,
	.produced = hw_fish_produced,
	.harbors_more = hw_merchant_bits,
	.module_steal = hw_module_steal,
	.good_held = hw_fish_held,
	.good_move = hw_fish_move,
	.turn_start = hw_moves_turn_start,
	.thief_victims = hw_thief_victims,
	/* H-85, H-110: VP change only when a path piece is placed, moved or
	 * removed (chits H-75, the boat H-65/H-104), Largest Army and Longest
	 * Trade Route; fishing on a roll pays fish, not VP (H-53, H-68).  The
	 * kernel actions that do that are checked as in base (BUILD_ROAD,
	 * PLACE_FREE_ROAD, PLAY_KNIGHT, MOVE_ROBBER...), and every module action
	 * that does checks itself (ships, moves, pirate, fish market). */
	.victory_as_base = 1,
};

/* ---- the rules object ---- */

void hawaii_rules_destroy(void *data)
{
	hw_rules *r = data;
	if (!r)
		return;
	kern_free(&r->k);
	catanmap_free(r->map);
	free(r->chit_of);
	free(r->fish_path);
	free(r->merchant_path);
	free(r->tables);
	free(r);
}

/* H-91 `map`: the catanmap text to read, the built-in one or the host's
 * (text NULL when the host gave none). */
static int choose_map(const param_set *p, const char *text, size_t len, const char **map, size_t *map_len)
{
	const char *v = p->str[HP_MAP];
	int given = (p->given >> HP_MAP) & 1u;
	if (strcmp(v, "data") != 0 && strcmp(v, "hawaii") != 0)
		return err_set(CRISK_EPARAM, "parameter 'map': unknown map '%s' (accepted: %s; H-91)", v,
			       hawaii_params[HP_MAP].accepted);
	if (text && given && strcmp(v, "hawaii") == 0)
		return err_set(CRISK_EPARAM, "parameter 'map': 'hawaii' is the built-in map, but the host gave a map text "
					     "(leave 'map' out or write map=data; H-91)");
	if (!text && strcmp(v, "data") == 0)
		return err_set(CRISK_EPARAM, "parameter 'map': 'data' reads the host's catanmap text, but none was given "
					     "(pass one with crisk_rules_new_with_data or crisk_rules_new_with_data_file; H-91)");
	*map = text ? text : crisk_data_hawaii_catanmap;
	*map_len = text ? len : crisk_data_hawaii_catanmap_len;
	return CRISK_OK;
}

/* The rules from the map text of choose_map. */
static int build_rules(hw_rules *r, const param_set *p, const char *map, size_t map_len)
{
	int seats = (int)p->num[HP_PLAYERS], target = (int)p->num[HP_VP_TARGET];
	int rc = catanmap_parse(&r->map, map, map_len);
	if (!rc && !r->map->target[seats])
		rc = err_set(CRISK_EPARAM, "parameter 'players': the map has no target for %d seats (H-91)", seats);
	if (!rc)
		rc = board_from_map(&r->k.b, r->map);
	if (rc)
		return rc;
	int big = seats >= 5; /* H-87 */
	rng_seed(&r->k.rng0, (uint64_t)p->num[HP_SEED]);
	kern_config cfg = {
		.module_name = "hawaii",
		.seats = seats,
		.vp_target = target ? target : r->map->target[seats], /* H-86 */
		.discard_limit = (int)p->num[HP_DISCARD_LIMIT],
		.friendly_robber = (int)p->num[HP_FRIENDLY_ROBBER],
		.friendly_vp = 3, /* H-91: every seat starts with 3 VP */
		.max_offers = (int)p->num[HP_MAX_OFFERS],
		.max_turns = p->num[HP_MAX_TURNS],
		.explicit_chance = p->num[HP_CHANCE] == 1,
		.n_goods = NUM_RES,
		.bank_per_type = big ? 24 : 19, /* H-34 */
		.pieces = {5, 4, 15},           /* H-43 */
		.named_kinds = (uint8_t)((1u << BNODE_SITE) | (big ? 1u << BNODE_CHIT : 0u)), /* H-7, H-77 */
		.setup_rounds = 3,              /* H-35 */
		.special_build = big,           /* H-89 */
		.bare_buildings = 1,            /* a moved ship may leave a building bare (H-81) */
		.hooks = &hw_hooks,
		.ext_size = sizeof(hw_ext),
	};
	memcpy(cfg.deck, big ? (const uint8_t[NUM_DEV]){20, 5, 3, 3, 3} : (const uint8_t[NUM_DEV]){14, 5, 2, 2, 2},
	       NUM_DEV);
	rc = kern_init(&r->k, &cfg);
	if (!rc)
		rc = hw_rules_chits(r);
	/* H-85's VP hook for the chits there are: none with 5-6 seats (H-77),
	 * then fishing VP only; at most 8 (the built-in map) in one word. */
	if (!rc && !r->n_chit)
		r->k.hk.extra_vp = hw_fishing_vp;
	else if (!rc && r->n_chit <= 8)
		r->k.hk.extra_vp = hw_extra_vp8;
	/* The same count as the kernel's one VP call (no extra_pieces here). */
	if (!rc)
		kern_set_seat_vp(&r->k, r->k.hk.extra_vp);
	/* With hw_extra_vp8, the turn start's hook and victory check in one
	 * call (hw_turn_start_vp8): kern_init made kern.turn_more the kernel's
	 * turn_start_hooked (no per-turn bytes: cfg.turn_zero_len 0). */
	if (!rc && r->k.hk.extra_vp == hw_extra_vp8 && r->k.vp_more == hw_extra_vp8 &&
	    r->k.hk.turn_start == hw_moves_turn_start && !r->k.cfg.turn_zero_len)
		r->k.turn_more = hw_turn_start_vp8;
	if (!rc)
		hw_rules_apply_table(r);
	if (!rc)
		rc = hw_rules_fishing(r);
	if (!rc)
		rc = hw_rules_merchants(r);
	if (!rc)
		rc = hw_rules_tables(r);
	if (!rc)
		hw_rules_list_table(r);
	if (!rc)
		hw_rules_rl(r);
	return rc;
}

/* The rules from p and the host's text (NULL: none). */
static int create(void **data, const param_set *p, const char *text, size_t len)
{
	int target = (int)p->num[HP_VP_TARGET];
	if (target == 1 || target == 2)
		return err_set(CRISK_EPARAM, "parameter 'vp_target': %d is not 0 or 3..30", target);
	const char *map = NULL;
	size_t map_len = 0;
	int rc = choose_map(p, text, len, &map, &map_len);
	if (rc)
		return rc;
	hw_rules *r = calloc(1, sizeof *r);
	if (!r)
		return err_set(CRISK_ENOMEM, "out of memory for the rules");
	rc = build_rules(r, p, map, map_len);
	if (rc) {
		hawaii_rules_destroy(r); /* never a partial rules object (H-31) */
		return rc;
	}
	*data = r;
	return CRISK_OK;
}

int hawaii_rules_create(void **data, const param_set *p)
{
	return create(data, p, NULL, 0);
}

int hawaii_rules_create_data(void **data, param_set *p, const char *text, size_t len)
{
	int rc = create(data, p, text, len);
	/* The canonical form names the map in force (map=data), so that the
	 * parameters and the text (saves, records) make the same rules again.
	 * The value there is "hawaii" (the default) or "data": its bytes hold
	 * "data", so nothing is allocated here. */
	_Static_assert(sizeof "data" <= sizeof "hawaii", "map=data fits the default's bytes");
	if (!rc)
		memcpy(p->str[HP_MAP], "data", sizeof "data");
	return rc;
}

void hawaii_state_init(const void *data, void *st, evlog *log)
{
	kern_state_init(data, st, log);
}

int hawaii_state_check(const void *data, const void *st)
{
	return kern_state_check(data, st);
}
