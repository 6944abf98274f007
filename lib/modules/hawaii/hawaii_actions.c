/* The module's legal lists, checks and moves: the kernel's, plus the ship
 * actions of set-up (hawaii_setup.c) and of the building phases
 * (hawaii_ships.c), the pirate (hawaii_pirate.c) and ship moves
 * (hawaii_moves.c).  Module codes have types above every kernel type, so
 * they follow the kernel's list and keep it ascending. */
#include "../../core/error.h"
#include "hawaii.h"

size_t hawaii_legal(const void *data, const void *st, crisk_action *buf, size_t cap)
{
	const kern *k = data;
	action_out o = {buf, cap, kern_legal(k, st, buf, cap)};
	switch (ks(st)->dp) {
	case DP_SETUP_ROAD:
		hw_list_setup_ships(k, st, &o);
		break;
	case DP_MAIN:
		hw_list_build_ships(k, st, &o);
		hw_list_move_ships(k, st, &o);
		break;
	case DP_SPECIAL_BUILD:
		hw_list_build_ships(k, st, &o);
		break;
	case DP_FREE_ROAD:
		hw_list_free_ships(k, st, &o);
		break;
	case DP_MOVE_ROBBER:
		hw_list_move_pirate(k, st, &o);
		break;
	default:
		break;
	}
	return o.n;
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

int hawaii_check(const void *data, const void *st, crisk_action a)
{
	if (is_module_type(ACT_TYPE(a)))
		return check_module_code(data, st, a);
	return kern_check(data, st, a);
}

int hawaii_apply(const void *data, void *st, crisk_action a, evlog *log)
{
	const kern *k = data;
	if (!is_module_type(ACT_TYPE(a))) {
		if (ACT_TYPE(a) != CRISK_CATAN_MOVE_ROBBER)
			return kern_apply(k, st, a, log);
		/* H-54: the robber is the thief that moved last; a refused move
		 * leaves the game unchanged.  (So every apply of this module,
		 * playouts included, comes through here.) */
		hw_ext *x = hwx(k, st);
		uint8_t thief = x->thief;
		x->thief = 0;
		int rc = kern_apply(k, st, a, log);
		if (rc)
			x->thief = thief;
		return rc;
	}
	int rc = check_module_code(k, st, a);
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
