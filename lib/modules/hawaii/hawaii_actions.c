/* The module's legal lists, checks and moves: the kernel's, plus the ship
 * actions of set-up (hawaii_setup.c) and of the building phases
 * (hawaii_ships.c), the pirate (hawaii_pirate.c) and ship moves
 * (hawaii_moves.c).  Module codes have types above every kernel type, so
 * they follow the kernel's list and keep it ascending. */
#include "../../core/error.h"
#include "hawaii.h"

/* The main phase's ship actions, BUILD_SHIP and MOVE_SHIP (build or move
 * listable): they share the seat's anchors and spots, and the path bytes
 * read once as bitsets (empty, the seat's).  Sizes constant for the
 * built-in map (160 spaces, 125 points); apart from hw_list_own, whose
 * other decision points then skip this frame. */
static HW_ALWAYS_INLINE void main_ships(const kern *k, const void *st, int build, int move, action_out *o,
					const int n_path, const int pw, const int n_node, const int nw)
{
	uint64_t anchor[HW_MAX_NW], spots[HW_MAX_PW], empty[HW_MAX_PW], mine[HW_MAX_PW];
	const unsigned me = (unsigned)ks(st)->active + 1;
	hw_anchors_sized(k, st, ks(st)->active, anchor, n_node, nw);
	hw_path_bits(kpaths(k, st), n_path, me, pw, empty, mine);
	if (!hw_spots_sized(k, st, anchor, empty, spots, pw, nw))
		return; /* no ship to build and no place to move one to */
	if (build)
		hw_list_spots(k, spots, HW_BUILD_SHIP, o);
	if (move)
		hw_list_moves_at(k, st, anchor, spots, mine, o);
}

#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void list_main_ships(const kern *k, const void *st, int build, int move, action_out *o)
{
	if (k->b.n_path == 160 && k->b.n_node == 125)
		main_ships(k, st, build, move, o, 160, 3, 125, 2);
	else
		main_ships(k, st, build, move, o, k->b.n_path, k->pw, k->b.n_node, k->nw);
}

void hw_list_own(const kern *k, const void *st, action_out *o)
{
	switch (ks(st)->dp) {
	case DP_SETUP_ROAD:
		hw_list_setup_ships(k, st, o);
		break;
	case DP_MAIN: {
		int build = hw_build_listable(k, st), move = hw_move_listable(k, st);
		if (build || move)
			list_main_ships(k, st, build, move, o);
		break;
	}
	case DP_SPECIAL_BUILD:
		hw_list_build_ships(k, st, o);
		break;
	case DP_FREE_ROAD:
		hw_list_free_ships(k, st, o);
		break;
	case DP_MOVE_ROBBER:
		hw_list_move_pirate(k, st, o);
		break;
	default:
		break;
	}
	/* slice fish: H-72..H-74, types above the ships'; every use costs 2 or
	 * more fish, so with fewer the market lists nothing. */
	if (hwx(k, st)->fish[ks(st)->active] >= 2)
		hw_list_market(k, st, o);
}

size_t hawaii_list(const void *data, const void *st, int offers, crisk_action *buf, size_t cap)
{
	const kern *k = data;
	/* H-71 (END_TURN, and its fallback) matters only above 7 fish. */
	const int over = hwx(k, st)->fish[ks(st)->active] > HW_FISH_LIMIT;
	if (over && hw_must_return(k, st)) { /* slice fish: H-71's fallback, the only action */
		action_out r = {buf, cap, 0};
		out_put(&r, act_make(HW_RETURN_FISH, 0));
		return r.n;
	}
	action_out o = {buf, cap, kern_legal_offers(k, st, offers, buf, cap)};
	/* slice fish: END_TURN, the main list's last code, needs at most 7 fish (H-71). */
	if (over && ks(st)->dp == DP_MAIN && hw_end_turn_ok(k, st) != CRISK_OK)
		o.n--;
	/* A response is ACCEPT (if the responder can) and DECLINE: ACCEPT only
	 * within the most fish a seat holds (H-61). */
	if (ks(st)->dp == DP_TRADE_RESPONSE && kern_can_accept(k, st) &&
	    hw_trade_fish_ok(k, st, act_make(CRISK_CATAN_ACCEPT, 0)) != CRISK_OK) {
		o.n = 0;
		out_put(&o, act_make(CRISK_CATAN_DECLINE, 0));
	}
	hw_list_own(k, st, &o);
	return o.n;
}

size_t hawaii_legal(const void *data, const void *st, crisk_action *buf, size_t cap)
{
	return hawaii_list(data, st, 1, buf, cap);
}

size_t hawaii_legal_except(const void *data, const void *st, uint64_t skip_types, crisk_action *buf, size_t cap)
{
	return hawaii_list(data, st, kern_lists_offers(skip_types), buf, cap);
}

static int check_module_code(const kern *k, const void *st, crisk_action a)
{
	uint64_t fields = ACT_TYPE(a) == HW_MOVE_SHIP ? KF_ARG2 : KF_ID;
	if (a & ~((UINT64_C(0xFF) << 56) | fields))
		return err_set(CRISK_EILLEGAL, "malformed action code: bits set outside its fields");
	if (ks(st)->cur != ks(st)->active || ks(st)->status != CRISK_STATUS_RUNNING)
		return err_set(CRISK_EILLEGAL, "it is not the active seat's decision");
	switch (ACT_TYPE(a)) {
	case HW_PLACE_SHIP:
		return hw_check_setup_ship(k, st, ACT_ID(a));
	case HW_BUILD_SHIP:
		return hw_check_build_ship(k, st, ACT_ID(a));
	case HW_MOVE_PIRATE:
		return hw_check_move_pirate(k, st, ACT_ID(a));
	case HW_MOVE_SHIP:
		return hw_check_move_ship(k, st, ACT_ID(a), (int)(a >> 16 & 0xFFFFu));
	default:
		return hw_check_free_ship(k, st, ACT_ID(a));
	}
}

static int is_module_type(unsigned type)
{
	return type >= HW_PLACE_SHIP && type <= HW_MOVE_SHIP;
}

/* slice fish: the fish market and RETURN_FISH; with more than 7 fish no
 * END_TURN, and in H-71's fallback nothing but RETURN_FISH. */
static int is_fish_type(unsigned type)
{
	return type == HW_FISH || type == HW_RETURN_FISH;
}

static int check_fish_limit(const kern *k, const void *st, crisk_action a)
{
	if (ks(st)->dp != DP_MAIN || ks(st)->cur != (int8_t)ks(st)->active)
		return CRISK_OK;
	if (ACT_TYPE(a) != HW_RETURN_FISH && hw_must_return(k, st))
		return err_set(CRISK_EILLEGAL, "you hold more than %d fish and no fish-market ability is usable: return "
					       "fish to the supply first (H-71)",
			       HW_FISH_LIMIT);
	if (ACT_TYPE(a) == CRISK_CATAN_END_TURN)
		return hw_end_turn_ok(k, st);
	return CRISK_OK;
}

/* The limits of this slice on kernel actions: fish at END_TURN (H-71) and
 * the engine's most fish per seat in offers (H-61). */
static int check_fish_rules(const kern *k, const void *st, crisk_action a)
{
	int rc = check_fish_limit(k, st, a);
	return rc ? rc : hw_trade_fish_ok(k, st, a);
}

int hawaii_check(const void *data, const void *st, crisk_action a)
{
	int rc = check_fish_rules(data, st, a);
	if (rc)
		return rc;
	if (is_fish_type(ACT_TYPE(a)))
		return hw_check_market(data, st, a);
	if (is_module_type(ACT_TYPE(a)))
		return check_module_code(data, st, a);
	return kern_check(data, st, a);
}

int hawaii_apply(const void *data, void *st, crisk_action a, evlog *log)
{
	const kern *k = data;
	int rc = check_fish_rules(k, st, a);
	if (rc)
		return rc;
	if (is_fish_type(ACT_TYPE(a))) {
		if ((rc = hw_check_market(k, st, a)))
			return rc;
		hw_apply_market(k, st, a, log);
		return CRISK_OK;
	}
	if (!is_module_type(ACT_TYPE(a))) {
		int setup_road = ACT_TYPE(a) == CRISK_CATAN_PLACE_ROAD, s = ks(st)->active;
		/* H-54: after MOVE_ROBBER the robber is the thief that moved last;
		 * a refused move leaves the game unchanged.  (So every apply of
		 * this module, playouts included, comes through here.) */
		hw_ext *x = hwx(k, st);
		uint8_t thief = x->thief;
		if (ACT_TYPE(a) == CRISK_CATAN_MOVE_ROBBER)
			x->thief = 0;
		if ((rc = kern_apply(k, st, a, log))) {
			x->thief = thief;
			return rc;
		}
		if (setup_road) /* H-75: a set-up road takes a chit too (the kernel calls no after_build) */
			hw_chit_claim(k, st, s, ACT_ID(a), log);
		hw_market_done(k, st); /* a market steal's or draw's chance event resolved */
		return CRISK_OK;
	}
	rc = check_module_code(k, st, a);
	if (rc)
		return rc;
	switch (ACT_TYPE(a)) {
	case HW_PLACE_SHIP:
		hw_place_setup_ship(k, st, ACT_ID(a), log);
		break;
	case HW_BUILD_SHIP:
		hw_build_ship(k, st, ACT_ID(a), log);
		break;
	case HW_MOVE_PIRATE:
		hw_move_pirate(k, st, ACT_ID(a), log);
		break;
	case HW_MOVE_SHIP:
		hw_move_ship(k, st, ACT_ID(a), (int)(a >> 16 & 0xFFFFu), log);
		break;
	default:
		hw_place_free_ship(k, st, ACT_ID(a), log);
		break;
	}
	return CRISK_OK;
}
