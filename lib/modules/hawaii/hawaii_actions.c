/* The module's legal lists, checks and moves: the kernel's, plus the ship
 * actions of set-up (hawaii_setup.c) and of the building phases
 * (hawaii_ships.c), the pirate (hawaii_pirate.c) and ship moves
 * (hawaii_moves.c).  Module codes have types above every kernel type, so
 * they follow the kernel's list and keep it ascending. */
#include <assert.h>
#include <limits.h>

#include "../../core/error.h"
#include "../../catan/validate.h"
#include "hawaii.h"

/* The main phase's tests of hw_build_listable and hw_move_listable (H-41,
 * H-43, H-78, H-80), dp known, without a branch per test: the && chains
 * mispredicted where the hands and supplies vary from step to step. */
static inline void main_listable(const kern *k, const void *st, int *build, int *move)
{
	const kstate *h = ks(st);
	const kseat *seat = kseat_of(k, st, h->active);
	const hw_ext *x = hwx(k, st);
	const unsigned ships = x->ships[h->active];
	const int turn = (h->status == CRISK_STATUS_RUNNING) & (h->cur == (int8_t)h->active);
	*build = turn & (ships != 0) & (seat->hand[1] != 0) & (seat->hand[2] != 0);
	*move = turn & (x->moved == 0) & (HW_SHIPS - (int)ships > (int)x->n_fresh);
}

void hw_list_own(const kern *k, const void *st, action_out *o)
{
	/* Tests, not a switch: its indirect jump's target changed with
	 * nearly every step (the main phase first, the most frequent). */
	const int dp = ks(st)->dp;
	if (dp == DP_MAIN) {
		int build, move;
		main_listable(k, st, &build, &move);
		assert(build == hw_build_listable(k, st) && move == hw_move_listable(k, st));
		if (build | move)
			hw_list_main_ships(k, st, build, move, o);
	} else if (dp == DP_MOVE_ROBBER) {
		hw_list_move_pirate(k, st, o);
	} else if (dp == DP_SETUP_ROAD) {
		hw_list_setup_ships(k, st, o);
	} else if (dp == DP_SPECIAL_BUILD) {
		hw_list_build_ships(k, st, o);
	} else if (dp == DP_FREE_ROAD) {
		hw_list_free_ships(k, st, o);
	}
	/* slice fish: H-72..H-74, types above the ships'; every use costs 2 or
	 * more fish, so with fewer the market lists nothing. */
	if (hwx(k, st)->fish[ks(st)->active] >= 2)
		hw_list_market(k, st, o);
}

/* hawaii_list but its first case, apart: that case needs no frame. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t list_rest(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap)
{
	/* A discard: the kernel's list alone (H-71's fallback and END_TURN's
	 * fish test are the main phase's; no response; no ship action at
	 * DP_DISCARD, nor a market use: market_phase). */
	if (ks(st)->dp == DP_DISCARD)
		return kern_legal_other(k, st, buf, cap);
	/* A roll with 2 or more fish or a card to play: the kernel's list
	 * and the market's (no fallback or fish test there: the main phase's;
	 * no response; no ship action at DP_PRE_ROLL: hw_list_own). */
	if (ks(st)->dp == DP_PRE_ROLL) {
		action_out r = {buf, cap, kern_legal_offers(k, st, offers, buf, cap)};
		if (hwx(k, st)->fish[ks(st)->active] >= 2)
			hw_list_market(k, st, &r);
		return r.n;
	}
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

/* The main phase within the fish limit (no H-71 fallback, END_TURN kept;
 * no response): list_rest's codes without its frame, the kernel's list
 * alone (no ship action, under 2 fish: no market) or with the ships' and
 * the market's in the ship list's frame (hw_rules.list_main).  Apart, as a tail
 * call, so that hawaii_list's roll needs no frame. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t list_main(const kern *k, const void *st, int offers, crisk_action *buf, size_t cap, unsigned fish)
{
	/* main_listable's tests as hw_rules.list_main's `ways`: the turn's
	 * test first (it passes in a running game: one branch), then the
	 * move's tests as values ORed together, zero when they pass (one
	 * branch each), hawaii_list's fish passed on.  The values are read
	 * where used, so that few are live at once. */
	const kstate *h = ks(st);
	const unsigned a = h->active;
	unsigned ways = 0;
	/* zero exactly on the turn's own seat in a running game */
	if (!((unsigned)(h->status ^ CRISK_STATUS_RUNNING) | (uint8_t)(h->cur ^ (int8_t)a))) {
		const hw_ext *x = hwx(k, st);
		const unsigned ships = x->ships[a];
		/* zero exactly when a move is listable: none moved, a ship on the
		 * board not placed or moved this turn (ships + n_fresh < HW_SHIPS;
		 * the sum is below 512, so s + 256 - HW_SHIPS >> 8 is 0 exactly
		 * when s < HW_SHIPS: no compare and set) */
		ways = (unsigned)((x->moved | ((ships + x->n_fresh + (256u - HW_SHIPS)) >> 8)) == 0) * HW_WAYS_MOVE;
		/* ships, hand[1] and hand[2] all nonzero: their product (below
		 * 2^24, three bytes: HW_WAYS_BUILD's bits) is 0 exactly when one
		 * of them is; passed as it is (no compare and set) */
		const kseat *p = kseat_of(k, st, (int)a);
		ways |= ships * p->hand[1] * p->hand[2];
	}
	assert((unsigned)((ways & HW_WAYS_BUILD) != 0) == (unsigned)hw_build_listable(k, st) &&
	       (ways >> 24) == (unsigned)hw_move_listable(k, st));
	if (ways)
		return hwr(k)->list_main(k, st, offers, buf, cap, ways); /* the map's and processor's lister */
	if (fish < 2) /* hawaii_list's load */
		return kern_legal_main(k, st, offers, buf, cap);
	return list_rest(k, st, offers, buf, cap);
}

#if defined(HW_AVX2)
/* list_rest's codes at DP_MOVE_ROBBER without friendly_robber (st's
 * decision point then), with hw_run_avx2: the kernel's MOVE_ROBBER for
 * every land hex but the robber's (kern_legal_other, B-62), then
 * MOVE_PIRATE for every sea hex but the pirate's (hw_list_move_pirate,
 * H-57); nothing else (no fish limit, response or market there).  buf has
 * room for n_land + n_sea + 6 codes. */
static HW_TARGET_AVX2 __attribute__((noinline)) size_t list_thieves_avx2(const kern *k, const void *st,
									  crisk_action *buf)
{
	const int n_land = k->b.n_land, n_sea = k->b.n_sea, robber = ks(st)->robber,
		  pirate = (int)hwx(k, st)->pirate - n_land;
	const crisk_action rob = act_make(CRISK_CATAN_MOVE_ROBBER, 0), pir = act_make(HW_MOVE_PIRATE, (uint64_t)n_land);
	size_t n;
	if (n_land == 28 && n_sea == 43) { /* the built-in map */
		n = hw_run_avx2_n(buf, rob, 28, robber);
		return n + hw_run_avx2_n(buf + n, pir, 43, pirate);
	}
	n = hw_run_avx2(buf, rob, n_land, robber);
	return n + hw_run_avx2(buf + n, pir, n_sea, pirate);
}
#endif

size_t hawaii_list(const void *data, const void *st, int offers, crisk_action *buf, size_t cap)
{
	const kern *k = data;
	const kstate *h = ks(st);
	const unsigned fish = hwx(k, st)->fish[h->active];
	/* The main phase first: more steps than the rolls (0.57 and 0.27 a
	 * playout step at 3 seats). */
	if (h->dp == DP_MAIN && fish <= HW_FISH_LIMIT)
		return list_main(k, st, offers, buf, cap, fish);
	/* A roll with no card to play and under 2 fish: the kernel's ROLL
	 * alone, as below (no fish limit, no response, no ship or market
	 * action). */
	if (h->dp == DP_PRE_ROLL && fish < 2 && !kern_holds_action_card(k, st)) {
		if (cap)
			buf[0] = act_make(CRISK_CATAN_ROLL, 0);
		return 1;
	}
#if defined(HW_AVX2)
	/* The robber's or the pirate's move after a seven or a knight (about
	 * one playout step in ten, some 70 codes). */
	if (h->dp == DP_MOVE_ROBBER && !k->cfg.friendly_robber && cap >= (size_t)k->b.n_land + (size_t)k->b.n_sea + 6 &&
	    hw_has_avx2())
		return list_thieves_avx2(k, st, buf);
#endif
	return list_rest(k, st, offers, buf, cap);
}

size_t hawaii_legal(const void *data, const void *st, crisk_action *buf, size_t cap)
{
	return hawaii_list(data, st, 1, buf, cap);
}

size_t hawaii_legal_except(const void *data, const void *st, uint64_t skip_types, crisk_action *buf, size_t cap)
{
	/* kern_lists_offers(skip_types) as the bit itself, nonzero exactly
	 * when that is 1 (a not and an and, no shift): the listers test
	 * `offers` only for zero. */
	const uint64_t bit = CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE);
	_Static_assert(CRISK_ACTION_TYPE_BIT(CRISK_CATAN_OFFER_TRADE) <= INT_MAX, "offers bit");
	const int offers = (int)(~skip_types & bit);
	assert(!offers == !kern_lists_offers(skip_types));
	return hawaii_list(data, st, offers, buf, cap);
}

/* The shape of a module code of type `type` (a's) and the seat whose
 * decision it is: check_module_type's first tests, inlined with the type
 * constant into checked_apply's entries (module_checked). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int module_code_fits(const void *st, crisk_action a, const unsigned type)
{
	uint64_t fields = type == HW_MOVE_SHIP ? KF_ARG2 : KF_ID;
	if (a & ~((UINT64_C(0xFF) << 56) | fields))
		return err_set(CRISK_EILLEGAL, "malformed action code: bits set outside its fields");
	if (ks(st)->cur != ks(st)->active || ks(st)->status != CRISK_STATUS_RUNNING)
		return err_set(CRISK_EILLEGAL, "it is not the active seat's decision");
	return CRISK_OK;
}

/* module_code_fits's tests as one conjunction, without the messages. */
static inline int module_code_ok(const void *st, crisk_action a, const unsigned type)
{
	uint64_t fields = type == HW_MOVE_SHIP ? KF_ARG2 : KF_ID;
	return !(a & ~((UINT64_C(0xFF) << 56) | fields)) && ks(st)->cur == ks(st)->active &&
	       ks(st)->status == CRISK_STATUS_RUNNING;
}

/* The checks of a module code of type `type` (a's): the shape and the
 * seat (module_code_fits), then the type's rule function. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int check_module_type(const kern *k, const void *st, crisk_action a, const unsigned type)
{
	const int rc = module_code_fits(st, a, type);
	if (rc)
		return rc;
	switch (type) {
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

static int check_module_code(const kern *k, const void *st, crisk_action a)
{
	return check_module_type(k, st, a, ACT_TYPE(a));
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
	const kstate *h = ks(st);
	if (h->dp != DP_MAIN || h->cur != (int8_t)h->active)
		return CRISK_OK;
	/* H-71 (RETURN_FISH's fallback, END_TURN's limit) matters only above 7
	 * fish: both functions below answer so at or under it. */
	if (hwx(k, st)->fish[h->active] <= HW_FISH_LIMIT)
		return CRISK_OK;
	if (ACT_TYPE(a) != HW_RETURN_FISH && hw_must_return(k, st))
		return err_set(CRISK_EILLEGAL, "you hold more than %d fish and no fish-market ability is usable: return "
					       "fish to the supply first (H-71)",
			       HW_FISH_LIMIT);
	if (ACT_TYPE(a) == CRISK_CATAN_END_TURN)
		return hw_end_turn_ok(k, st);
	return CRISK_OK;
}

/* hw_trade_fish_ok refuses only OFFER_TRADE and ACCEPT. */
static int is_trade_fish_type(unsigned type)
{
	return type == CRISK_CATAN_OFFER_TRADE || type == CRISK_CATAN_ACCEPT;
}

/* The limits of this slice on kernel actions: fish at END_TURN (H-71) and
 * the engine's most fish per seat in offers (H-61). */
static int check_fish_rules(const kern *k, const void *st, crisk_action a)
{
	int rc = check_fish_limit(k, st, a);
	if (rc || !is_trade_fish_type(ACT_TYPE(a)))
		return rc;
	return hw_trade_fish_ok(k, st, a);
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

/* A kernel action, then what the module adds to it.  `listed`: the code
 * comes from hawaii_list for this state just now (the playout loop), so
 * the kernel leaves out its shape test (kern_apply_listed); otherwise
 * kern_apply_split validates it, and a refusal leaves the game unchanged. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int apply_kernel(const kern *k, void *st, crisk_action a, evlog *log, const int listed)
{
	int rc;
	/* H-54: after MOVE_ROBBER the robber is the thief that moved last;
	 * a refused move leaves the game unchanged.  (So every apply of
	 * this module, playouts included, comes through here.) */
	hw_ext *x = hwx(k, st);
	uint8_t thief = x->thief;
	if (ACT_TYPE(a) == CRISK_CATAN_MOVE_ROBBER)
		x->thief = 0;
	if ((rc = listed ? kern_apply_listed(k, st, a, log) : kern_apply_split(k, st, a, log))) {
		x->thief = thief;
		return rc;
	}
	if (x->market) /* a market steal's or draw's chance event resolved (none under way: nothing to do) */
		hw_market_done(k, st);
	return CRISK_OK;
}

/* The module's own codes, checked (check_module_code) before; `type` is
 * a's (a constant where inlined). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void apply_module_type(const kern *k, void *st, crisk_action a, evlog *log, const unsigned type)
{
	switch (type) {
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
}
static void apply_module_code(const kern *k, void *st, crisk_action a, evlog *log)
{
	apply_module_type(k, st, a, log, ACT_TYPE(a));
}

/* The rest of hawaii_apply: the market, the module's codes and the kernel's
 * actions the module adds to; apart, so that the others need no frame. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int apply_checked_rest(const kern *k, void *st, crisk_action a, evlog *log)
{
	int rc;
	if (is_fish_type(ACT_TYPE(a))) {
		if ((rc = hw_check_market(k, st, a)))
			return rc;
		hw_apply_market(k, st, a, log);
		return CRISK_OK;
	}
	if (!is_module_type(ACT_TYPE(a)))
		return apply_kernel(k, st, a, log, 0);
	rc = check_module_code(k, st, a);
	if (rc)
		return rc;
	apply_module_code(k, st, a, log);
	return CRISK_OK;
}

/* The kernel's actions after which the module has nothing to do: all but
 * MOVE_ROBBER (H-54's thief), STEAL_RESULT and DEV_RESULT (a market
 * event's end: one is under way only at DP_STEAL and DP_DEV_DRAW,
 * hw_fish_check, where nothing else fits) and OFFER_TRADE (its fish, H-61,
 * hw_trade_fish_ok).  These go to the kernel at once (turn ends, rolls and
 * passes are most of a game's actions); one that does not fit is refused
 * by the kernel, the game unchanged. */
#define KT(t) (UINT64_C(1) << (t))
static const uint64_t kernel_alone =
	((KT(CRISK_CATAN_END_PART + 1) - 1) & ~KT(0)) &
	~(KT(CRISK_CATAN_MOVE_ROBBER) | KT(CRISK_CATAN_STEAL_RESULT) | KT(CRISK_CATAN_DEV_RESULT) |
	  KT(CRISK_CATAN_OFFER_TRADE));
_Static_assert(CRISK_CATAN_END_PART < HW_PLACE_SHIP && CRISK_CATAN_END_PART < 63,
	       "the kernel's types lie below the module's and fit a word");

static int is_kernel_alone(unsigned type)
{
	return type < 64 && (kernel_alone >> type & 1u);
}

/* Whether check_fish_rules can refuse a: only above 7 fish in the active
 * seat's main phase (H-71) or for an offer or acceptance (H-61). */
static int fish_rules_apply(const kern *k, const void *st, crisk_action a)
{
	const kstate *h = ks(st);
	return is_trade_fish_type(ACT_TYPE(a)) || (h->dp == DP_MAIN && h->cur == (int8_t)h->active &&
						   hwx(k, st)->fish[h->active] > HW_FISH_LIMIT);
}

/* hawaii_apply where check_fish_rules has something to check: apart, so
 * that the usual apply needs no frame. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int apply_fish_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	int rc = check_fish_rules(k, st, a);
	if (rc)
		return rc;
	if (is_kernel_alone(ACT_TYPE(a)))
		return kern_apply_split(k, st, a, log);
	return apply_checked_rest(k, st, a, log);
}

/* The full checked apply of any code: the fish rules where they can
 * refuse, then the kernel alone, or the market's, the module's and the
 * kernel's actions the module adds to.  The entries of checked_apply
 * below come here with every code they do not take themselves. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int apply_any(const kern *k, void *st, crisk_action a, evlog *log)
{
	if (fish_rules_apply(k, st, a))
		return apply_fish_checked(k, st, a, log);
	if (is_kernel_alone(ACT_TYPE(a)))
		return kern_apply_split(k, st, a, log);
	return apply_checked_rest(k, st, a, log);
}

/* hw_rules.checked_apply's entries for the usual types (kern.plain_turns:
 * automatic chance, no victory hooks).  Each takes a code only where
 * apply_any would pass it through every test before its type's rule
 * function: a code with no bit outside its type's fields, at a decision
 * point of that type (the game not over), at most 7 fish in the active
 * seat's hand (check_fish_rules then has nothing to refuse for a type
 * that is no offer or acceptance).  It then makes the rule function
 * apply_any would make (the same refusal and message, nothing changed)
 * and carries the action out as apply_any would, through the listed
 * function of hw_rules.listed_apply that does the same without the
 * tests.  Any other code goes to apply_any. */
static inline int fish_ok(const kern *k, const void *st)
{
	return hwx(k, st)->fish[ks(st)->active] <= HW_FISH_LIMIT;
}
/* a's type is `type` (its entry's), its fields within `fields`, and the decision point is dp. */
static inline int code_at(const void *st, crisk_action a, uint64_t fields, int dp)
{
	return !(a & ~((UINT64_C(0xFF) << 56) | fields)) && ks(st)->dp == dp;
}

static int end_turn_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	if (code_at(st, a, KF_NONE, DP_MAIN) && fish_ok(k, st))
		return kern_end_turn_listed(k, st, a, log);
	return apply_any(k, st, a, log);
}
static int roll_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	/* no fish rule outside the main phase */
	if (code_at(st, a, KF_NONE, DP_PRE_ROLL))
		return kern_roll_listed(k, st, a, log);
	return apply_any(k, st, a, log);
}
/* The maritime trade and the discard: the kernel's rule functions (B-100,
 * B-101; B-58), then the listed apply.  Their tests are inlined
 * (kern_maritime_ok, kern_discard_one_ok: no frame around a call); the
 * rule function runs only for a refusal, which it names. */
static int maritime_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	if (!code_at(st, a, KF_ID, DP_MAIN) || !fish_ok(k, st))
		return apply_any(k, st, a, log);
	const int id = ACT_ID(a);
	if (!kern_maritime_ok(k, st, (unsigned)id))
		return kern_check_maritime(k, st, id & 0xFF, id >> 8); /* its refusal */
	return kern_maritime_listed(k, st, a, log);
}
static int discard_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	if (!code_at(st, a, KF_ID, DP_DISCARD))
		return apply_any(k, st, a, log);
	if (!kern_discard_one_ok(k, st, (unsigned)ACT_ID(a)))
		return kern_check_discard_one(k, st, ACT_ID(a)); /* its refusal */
	return kern_discard_listed(k, st, a, log);
}
/* BUILD_ROAD, BUILD_SETTLEMENT and BUILD_CITY in the main phase. */
static int build_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	if (!code_at(st, a, KF_ID, DP_MAIN) || !fish_ok(k, st))
		return apply_any(k, st, a, log);
	const int rc = kern_check_build(k, st, ACT_TYPE(a), ACT_ID(a));
	if (rc)
		return rc;
	return kern_apply_other_listed(k, st, a, log);
}
/* BUY_DEV in the main phase (B-74, kern_check_buy_dev), PLAY_KNIGHT before
 * the roll or in the main phase (B-78, B-79, kern_check_play) and the
 * set-up's PLACE_SETTLEMENT (B-42 with H-37, kern_check_setup_site):
 * kernel_alone types, as build_checked. */
static int buy_dev_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	if (!code_at(st, a, KF_NONE, DP_MAIN) || !fish_ok(k, st))
		return apply_any(k, st, a, log);
	const int rc = kern_check_buy_dev(k, st);
	if (rc)
		return rc;
	return kern_apply_other_listed(k, st, a, log);
}
static int knight_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	/* no fish rule outside the main phase */
	if (!code_at(st, a, KF_NONE, DP_PRE_ROLL) && (!code_at(st, a, KF_NONE, DP_MAIN) || !fish_ok(k, st)))
		return apply_any(k, st, a, log);
	const int rc = kern_check_play(k, st, CRISK_CATAN_KNIGHT);
	if (rc)
		return rc;
	return kern_apply_other_listed(k, st, a, log);
}
static int setup_settlement_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	/* no fish rule outside the main phase */
	if (!code_at(st, a, KF_ID, DP_SETUP_SETTLEMENT))
		return apply_any(k, st, a, log);
	const int rc = kern_check_setup_site(k, st, ACT_ID(a));
	if (rc)
		return rc;
	return kern_apply_other_listed(k, st, a, log);
}
/* MOVE_ROBBER (not kernel_alone: H-54's thief, apply_kernel, through
 * its listed entry apply_listed_rest).  Without friendly_robber the rule
 * function's tests are inline (kern_robber_plain_ok); it runs otherwise. */
static int apply_listed_rest(const kern *k, void *st, crisk_action a, evlog *log);
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int move_robber_checked_rest(const kern *k, void *st, crisk_action a, evlog *log)
{
	const int rc = kern_robber_ok(k, st, ACT_ID(a));
	if (rc)
		return rc;
	assert(k->cfg.friendly_robber); /* kern_robber_plain_ok is exact without it */
	return apply_listed_rest(k, st, a, log);
}
static int move_robber_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	if (!code_at(st, a, KF_ID, DP_MOVE_ROBBER))
		return apply_any(k, st, a, log);
	if (!kern_robber_plain_ok(k, st, (unsigned)ACT_ID(a)))
		return move_robber_checked_rest(k, st, a, log);
	assert(kern_robber_ok(k, st, ACT_ID(a)) == CRISK_OK);
	return apply_listed_rest(k, st, a, log);
}
/* The set-up's PLACE_ROAD (kern_check_setup_road; kernel_alone: H-75's
 * chit comes from the road_placed hook). */
static int setup_road_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	/* no fish rule outside the main phase */
	if (!code_at(st, a, KF_ID, DP_SETUP_ROAD))
		return apply_any(k, st, a, log);
	const int rc = kern_check_setup_road(k, st, ACT_ID(a));
	if (rc)
		return rc;
	return kern_apply_other_listed(k, st, a, log);
}
/* The module's codes (check_module_code, by type: `type` constant) and
 * the market's (hw_check_market), which test their decision points
 * themselves. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int module_checked(const kern *k, void *st, crisk_action a, evlog *log, const unsigned type)
{
	if (!fish_ok(k, st))
		return apply_any(k, st, a, log);
	const int rc = check_module_type(k, st, a, type);
	if (rc)
		return rc;
	apply_module_type(k, st, a, log, type);
	return CRISK_OK;
}
static int place_ship_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	return module_checked(k, st, a, log, HW_PLACE_SHIP);
}
static int build_ship_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	return module_checked(k, st, a, log, HW_BUILD_SHIP);
}
static int free_ship_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	return module_checked(k, st, a, log, HW_PLACE_FREE_SHIP);
}
/* module_checked for MOVE_PIRATE, the rule function and the move in one
 * call (hw_move_pirate_checked: hw_check_move_pirate, then hw_move_pirate). */
static int move_pirate_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	if (!fish_ok(k, st))
		return apply_any(k, st, a, log);
	if (!module_code_ok(st, a, HW_MOVE_PIRATE))
		return module_code_fits(st, a, HW_MOVE_PIRATE); /* its refusal */
	return hw_move_pirate_checked(k, st, ACT_ID(a), log);
}
/* module_checked for MOVE_SHIP, the rule function and the move in one
 * call (hw_move_ship_checked: hw_check_move_ship, then hw_move_ship). */
static int move_ship_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	if (!fish_ok(k, st))
		return apply_any(k, st, a, log);
	if (!module_code_ok(st, a, HW_MOVE_SHIP))
		return module_code_fits(st, a, HW_MOVE_SHIP); /* its refusal */
	return hw_move_ship_checked(k, st, ACT_ID(a), (int)(a >> 16 & 0xFFFFu), log);
}
static int market_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	if (!fish_ok(k, st))
		return apply_any(k, st, a, log);
	return hw_market_checked(k, st, a, log); /* hw_check_market, then hw_apply_market */
}

/* The public apply: every code is checked (any 64 bits; a refusal leaves
 * the game unchanged), by its type byte's entry of hw_rules.checked_apply
 * (hw_rules_apply_table) in one jump. */
int hawaii_apply(const void *data, void *st, crisk_action a, evlog *log)
{
	return ((const hw_rules *)data)->checked_apply[ACT_TYPE(a)](data, st, a, log);
}

/* hawaii_apply_listed's kernel actions that the module adds to (those not
 * kernel_alone: MOVE_ROBBER, STEAL_RESULT, DEV_RESULT, OFFER_TRADE); the
 * module's and the market's types have entries of their own in
 * listed_apply. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int apply_listed_rest(const kern *k, void *st, crisk_action a, evlog *log)
{
	unsigned type = ACT_TYPE(a);
	assert(!is_fish_type(type) && !is_module_type(type));
	if (type == CRISK_CATAN_OFFER_TRADE) {
		int rc = hw_trade_fish_ok(k, st, a);
		if (rc)
			return rc;
	}
	return apply_kernel(k, st, a, log, 1);
}

/* A listed PASS (DP_SPECIAL_BUILD only): the kernel's PASS is this call alone. */
static int pass_listed(const kern *k, void *st, crisk_action a, evlog *log)
{
	(void)a;
	flow_end_part(k, st, log);
	return CRISK_OK;
}

/* The module's listed codes and the fish market's, each with an entry of
 * its own in listed_apply: apply_listed_rest's call for it without its
 * type tests and frame. */
static int place_ship_listed(const kern *k, void *st, crisk_action a, evlog *log)
{
	hw_place_setup_ship(k, st, ACT_ID(a), log);
	return CRISK_OK;
}
static int build_ship_listed(const kern *k, void *st, crisk_action a, evlog *log)
{
	hw_build_ship(k, st, ACT_ID(a), log);
	return CRISK_OK;
}
static int free_ship_listed(const kern *k, void *st, crisk_action a, evlog *log)
{
	hw_place_free_ship(k, st, ACT_ID(a), log);
	return CRISK_OK;
}
static int move_pirate_listed(const kern *k, void *st, crisk_action a, evlog *log)
{
	hw_move_pirate(k, st, ACT_ID(a), log);
	return CRISK_OK;
}
static int move_ship_listed(const kern *k, void *st, crisk_action a, evlog *log)
{
	hw_move_ship(k, st, ACT_ID(a), (int)(a >> 16 & 0xFFFFu), log);
	return CRISK_OK;
}
static int market_listed(const kern *k, void *st, crisk_action a, evlog *log)
{
	hw_apply_market(k, st, a, log);
	return CRISK_OK;
}

/* hawaii_apply for a code that hawaii_list or cm_chance gave for this state
 * just now (the playout loop): every listed code passes hawaii_check (the
 * conformance tests check that at every step), so the module's checks are
 * not made again and the kernel leaves out its shape test, as base's
 * playout does (docs/decisions.md).  The one check the list does not make
 * is kept: an offer's fish within HW_FISH_MAX (H-61; hawaii_list replaces
 * ACCEPT by DECLINE where it matters).  The code's type picks the function
 * from hw_rules.listed_apply (hw_rules_apply_table): turn ends and rolls
 * (half the steps) go to the kernel's own in one jump. */
int hawaii_apply_listed(const void *data, void *st, crisk_action a, evlog *log)
{
	return hw_apply_listed_inline(data, st, a, log);
}

/* hw_rules.listed_apply: PASS alone; the module's types and the fish
 * market's to their apply functions; the kernel actions after which the
 * module has nothing to do (kernel_alone) to kern_apply_listed, and with
 * kern.plain_turns (automatic chance) to what kern_apply_listed does with
 * them, without its tests: END_TURN to kern_end_turn_listed, ROLL to
 * kern_roll_listed, MARITIME_TRADE and DISCARD to kern_maritime_listed and
 * kern_discard_listed, the others to kern_apply_other_listed; the rest to
 * apply_listed_rest. */
_Static_assert(HW_RETURN_FISH < 64 && HW_FISH < 64 && HW_MOVE_SHIP < 64, "hawaii's action types lie below 64");
void hw_rules_apply_table(hw_rules *r)
{
	for (unsigned t = 0; t < 64; t++)
		r->listed_apply[t] = is_kernel_alone(t) ? kern_apply_listed : apply_listed_rest;
	r->listed_apply[CRISK_CATAN_PASS] = pass_listed;
	r->listed_apply[HW_PLACE_SHIP] = place_ship_listed;
	r->listed_apply[HW_BUILD_SHIP] = build_ship_listed;
	r->listed_apply[HW_PLACE_FREE_SHIP] = free_ship_listed;
	r->listed_apply[HW_MOVE_PIRATE] = move_pirate_listed;
	r->listed_apply[HW_MOVE_SHIP] = move_ship_listed;
	r->listed_apply[HW_FISH] = market_listed;
	r->listed_apply[HW_RETURN_FISH] = market_listed;
	for (unsigned t = 0; t < 256; t++)
		r->checked_apply[t] = apply_any;
	r->checked_apply[HW_PLACE_SHIP] = place_ship_checked;
	r->checked_apply[HW_BUILD_SHIP] = build_ship_checked;
	r->checked_apply[HW_PLACE_FREE_SHIP] = free_ship_checked;
	r->checked_apply[HW_MOVE_PIRATE] = move_pirate_checked;
	r->checked_apply[HW_MOVE_SHIP] = move_ship_checked;
	r->checked_apply[HW_FISH] = market_checked;
	r->checked_apply[HW_RETURN_FISH] = market_checked;
	if (!r->k.plain_turns)
		return;
	r->checked_apply[CRISK_CATAN_END_TURN] = end_turn_checked;
	r->checked_apply[CRISK_CATAN_ROLL] = roll_checked;
	r->checked_apply[CRISK_CATAN_MARITIME_TRADE] = maritime_checked;
	r->checked_apply[CRISK_CATAN_DISCARD] = discard_checked;
	r->checked_apply[CRISK_CATAN_BUILD_ROAD] = build_checked;
	r->checked_apply[CRISK_CATAN_BUILD_SETTLEMENT] = build_checked;
	r->checked_apply[CRISK_CATAN_BUILD_CITY] = build_checked;
	r->checked_apply[CRISK_CATAN_MOVE_ROBBER] = move_robber_checked;
	r->checked_apply[CRISK_CATAN_BUY_DEV] = buy_dev_checked;
	r->checked_apply[CRISK_CATAN_PLAY_KNIGHT] = knight_checked;
	r->checked_apply[CRISK_CATAN_PLACE_SETTLEMENT] = setup_settlement_checked;
	r->checked_apply[CRISK_CATAN_PLACE_ROAD] = setup_road_checked;
	for (unsigned t = 0; t < 64; t++) {
		if (r->listed_apply[t] == kern_apply_listed)
			r->listed_apply[t] = kern_apply_other_listed;
	}
	r->listed_apply[CRISK_CATAN_END_TURN] = kern_end_turn_listed;
	r->listed_apply[CRISK_CATAN_ROLL] = kern_roll_listed;
	r->listed_apply[CRISK_CATAN_MARITIME_TRADE] = kern_maritime_listed;
	r->listed_apply[CRISK_CATAN_DISCARD] = kern_discard_listed;
}
