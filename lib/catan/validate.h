/* Validation split by stage, so that apply runs each check once: the tests
 * every action code passes (kern_check_code, with kern_code_fits as its
 * inline fast form), then the rules of the action's type (kern_check_*).
 * kern_check (kernel.h) runs both.  Each refusal sets a message. */
#ifndef CRISK_CATAN_VALIDATE_H
#define CRISK_CATAN_VALIDATE_H

#include "kernel.h"

#define KT1(t) (UINT64_C(1) << (t))
#define KTRANGE(a, b) ((UINT64_C(2) << (b)) - (UINT64_C(1) << (a))) /* types a..b */

/* Which decision point an action type belongs to (B-129): one bit per type,
 * so the check is a load and a shift instead of an indirect jump. */
static inline int kern_type_fits(int dp, unsigned type)
{
	static const uint64_t fits[DP_COUNT] = {
		[DP_SETUP_SETTLEMENT] = KT1(CRISK_CATAN_PLACE_SETTLEMENT),
		[DP_SETUP_ROAD] = KT1(CRISK_CATAN_PLACE_ROAD),
		[DP_PRE_ROLL] = KT1(CRISK_CATAN_ROLL) | KTRANGE(CRISK_CATAN_PLAY_KNIGHT, CRISK_CATAN_PLAY_MONOPOLY),
		[DP_DICE] = KT1(CRISK_CATAN_DICE),
		[DP_DISCARD] = KT1(CRISK_CATAN_DISCARD) | KT1(CRISK_CATAN_DISCARD_CARDS),
		[DP_MOVE_ROBBER] = KT1(CRISK_CATAN_MOVE_ROBBER),
		[DP_CHOOSE_VICTIM] = KT1(CRISK_CATAN_STEAL_FROM),
		[DP_STEAL] = KT1(CRISK_CATAN_STEAL_RESULT),
		[DP_MAIN] = KTRANGE(CRISK_CATAN_BUILD_ROAD, CRISK_CATAN_BUY_DEV) |
			    KTRANGE(CRISK_CATAN_PLAY_KNIGHT, CRISK_CATAN_PLAY_MONOPOLY) | KT1(CRISK_CATAN_MARITIME_TRADE) |
			    KT1(CRISK_CATAN_OFFER_TRADE) | KT1(CRISK_CATAN_END_TURN),
		[DP_DEV_DRAW] = KT1(CRISK_CATAN_DEV_RESULT),
		[DP_TRADE_RESPONSE] = KT1(CRISK_CATAN_ACCEPT) | KT1(CRISK_CATAN_DECLINE),
		[DP_TRADE_CONFIRM] = KT1(CRISK_CATAN_CONFIRM) | KT1(CRISK_CATAN_CANCEL),
		[DP_FREE_ROAD] = KT1(CRISK_CATAN_PLACE_FREE_ROAD),
		[DP_YOP_PICK] = KT1(CRISK_CATAN_PICK),
		[DP_MONOPOLY_PICK] = KT1(CRISK_CATAN_NAME),
		/* B-118 */
		[DP_SPECIAL_BUILD] = KTRANGE(CRISK_CATAN_BUILD_ROAD, CRISK_CATAN_BUY_DEV) | KT1(CRISK_CATAN_PASS),
		/* B-122 */
		[DP_PAIRED_PART] = KTRANGE(CRISK_CATAN_BUILD_ROAD, CRISK_CATAN_BUY_DEV) |
				   KT1(CRISK_CATAN_MARITIME_TRADE) | KT1(CRISK_CATAN_END_PART),
	};
	if (dp < 0 || dp >= DP_COUNT || type >= 64)
		return 0;
	return (int)((fits[dp] >> type) & 1u);
}

#undef KT1
#undef KTRANGE

/* Whether kern_check_code would accept a: a known type, no bits outside its
 * fields, a game not over, the type of the current decision point. */
static inline int kern_code_fits(const void *st, crisk_action a)
{
	unsigned type = ACT_TYPE(a);
	int known;
	uint64_t fields = kfield_mask(type, &known);
	int dp = ks(st)->dp;
	return known && !(a & ~(fields | (UINT64_C(0xFF) << 56))) && dp != DP_GAME_OVER && kern_type_fits(dp, type);
}

/* Whether a's type is known and a sets no bit outside that type's fields;
 * a refusal gets `code` (CRISK_EILLEGAL from check and apply, CRISK_EINVAL
 * from the text form). */
int kern_check_fields(crisk_action a, int code);
int kern_check_code(const kern *k, const void *st, crisk_action a);
/* The rules of a's type, once kern_check_code held. */
int kern_check_rules(const kern *k, const void *st, crisk_action a);

/* The rules of one type each (what kern_check_rules runs for it). */
int kern_check_site(const kern *k, const void *st, int n);
int kern_check_setup_site(const kern *k, const void *st, int n);
int kern_check_setup_road(const kern *k, const void *st, int id);
int kern_check_dice(const kern *k, const void *st, crisk_action a);
int kern_check_discard_one(const kern *k, const void *st, int id);
int kern_check_discard(const kern *k, const void *st, crisk_action a);
int kern_check_victim(const kern *k, const void *st, int v);
int kern_check_steal_result(const kern *k, const void *st, int id);
int kern_check_build(const kern *k, const void *st, unsigned type, int id);
int kern_check_buy_dev(const kern *k, const void *st);
int kern_check_dev_result(const void *st, int id);
int kern_check_play(const kern *k, const void *st, int card);
int kern_check_free_road(const kern *k, const void *st, int id);
int kern_check_pick(const void *st, int id);
int kern_check_res(int r);
int kern_check_maritime(const kern *k, const void *st, int give, int take);
int kern_check_offer(const kern *k, const void *st, crisk_action a);
int kern_check_accept(const kern *k, const void *st);
int kern_check_confirm(const kern *k, const void *st, int id);

#endif
