/* Validation of any action code against the current decision point: the one
 * path shared by check and apply.  Refusals explain themselves in player
 * terms through err_set(CRISK_EILLEGAL, ...). */
#include <assert.h>
#include <inttypes.h>

#include "../core/error.h"
#include "kernel.h"
#include "validate.h"

const uint8_t *const kern_costs[4] = {kern_cost_tab[COST_ROAD], kern_cost_tab[COST_SETTLEMENT],
				      kern_cost_tab[COST_CITY], kern_cost_tab[COST_DEV]};

static int afford(const kseat *p, const uint8_t *cost)
{
	for (int r = 0; r < NUM_RES; r++) {
		if (p->hand[r] < cost[r])
			return err_set(CRISK_EILLEGAL, "not enough %s: need %d, have %d", kern_res_names[r], cost[r],
				       p->hand[r]);
	}
	return CRISK_OK;
}


static int wrong_point(const kstate *h)
{
	static const char *const what[DP_COUNT] = {
		"place a set-up settlement", "place a set-up road", "roll or play a development card",
		"roll the dice", "discard", "move the robber", "choose whom to rob", "pick the stolen card",
		"build, buy, trade, play a card or end the turn", "draw a development card",
		"answer the trade offer", "confirm or cancel the trade", "place a free road",
		"pick a resource (year of plenty)", "name a resource (monopoly)", "build or pass",
		"build, trade or end the part", "nothing"};
	const char *now = what[h->dp] ? what[h->dp] : "act";
	if (h->cur == CRISK_SEAT_CHANCE)
		return err_set(CRISK_EILLEGAL, "that action belongs to another decision point (now: chance must %s)",
			       now);
	return err_set(CRISK_EILLEGAL, "that action belongs to another decision point (now: seat %d must %s)", h->cur,
		       now);
}

/* What a special build window (B-118) or player 2's part of a paired turn
 * (B-122, B-123) does not allow, named by rule. */
static int part_refusal(const kstate *h, unsigned type)
{
	int sbp = h->dp == DP_SPECIAL_BUILD;
	const char *where = sbp ? "in the special build phase" : "in player 2's part of a paired turn";
	const char *rule = sbp ? "B-118" : "B-123";
	if (type >= CRISK_CATAN_PLAY_KNIGHT && type <= CRISK_CATAN_PLAY_MONOPOLY)
		return err_set(CRISK_EILLEGAL, "no development card can be played %s (B-78, %s)", where, rule);
	if (type == CRISK_CATAN_MOVE_ROBBER || type == CRISK_CATAN_STEAL_FROM)
		return err_set(CRISK_EILLEGAL, "the robber does not move %s (%s)", where, rule);
	if (type == CRISK_CATAN_MARITIME_TRADE || (type >= CRISK_CATAN_OFFER_TRADE && type <= CRISK_CATAN_CANCEL))
		return err_set(CRISK_EILLEGAL, sbp ? "no trading of any kind in the special build phase (B-102, B-118)"
						   : "no domestic trade in player 2's part of a paired turn, only maritime trade (B-122)");
	if (type == CRISK_CATAN_ROLL || type == CRISK_CATAN_END_TURN || type == CRISK_CATAN_PASS ||
	    type == CRISK_CATAN_END_PART)
		return err_set(CRISK_EILLEGAL, sbp ? "a special build window ends with PASS (B-118)"
						   : "player 2's part of a paired turn ends with END_PART (B-122)");
	return wrong_point(h);
}

static int check_node(const kern *k, int n)
{
	if (n >= k->b.n_node)
		return err_set(CRISK_EILLEGAL, "there is no intersection %d (the board has %d)", n, k->b.n_node);
	return CRISK_OK;
}

static int check_path(const kern *k, int p)
{
	if (p >= k->b.n_path)
		return err_set(CRISK_EILLEGAL, "there is no path %d (the board has %d)", p, k->b.n_path);
	return CRISK_OK;
}

int kern_check_res(int r)
{
	if (r >= NUM_RES)
		return err_set(CRISK_EILLEGAL, "%d is not a resource type (0..4)", r);
	return CRISK_OK;
}

/* B-42, B-71, B-75: an empty intersection away from every building. */
int kern_check_site(const kern *k, const void *st, int n)
{
	int rc = check_node(k, n);
	if (rc)
		return rc;
	if (knodes(k, st)[n])
		return err_set(CRISK_EILLEGAL, "intersection %d already has a building", n);
	if (bit_get(k->no_site, n))
		return err_set(CRISK_EILLEGAL, "point %d is not a named location: no building stands there (H-7)", n);
	if (bit_get(kblocked(k, st), n))
		return err_set(CRISK_EILLEGAL, "intersection %d is too close to a building (distance rule, B-75)", n);
	return CRISK_OK;
}

/* B-42 and a module's set-up rule (hooks.h setup_site_ok). */
int kern_check_setup_site(const kern *k, const void *st, int n)
{
	int rc = kern_check_site(k, st, n);
	if (rc || !k->hk.setup_site_ok || k->hk.setup_site_ok(k, st, ks(st)->active, n))
		return rc;
	return err_set(CRISK_EILLEGAL, "intersection %d is not open to seat %d's set-up settlement (%s set-up rule)", n,
		       ks(st)->active, k->cfg.module_name);
}

static int check_road(const kern *k, const void *st, int s, int p)
{
	int rc = check_path(k, p);
	if (rc)
		return rc;
	if (kpaths(k, st)[p])
		return err_set(CRISK_EILLEGAL, "path %d already has a road", p);
	if (!kern_road_path(k, p))
		return err_set(CRISK_EILLEGAL, "path %d takes no road (H-8)", p);
	if (!kern_road_ok(k, st, s, p))
		return err_set(CRISK_EILLEGAL, "path %d is not connected to your roads or buildings (B-69, B-70%s)", p,
			       k->b.node_kind ? ", H-45" : "");
	return CRISK_OK;
}

/* B-63: an opponent with at most 2 visible VP (kern_config.friendly_vp)
 * has a building on the hex; *who is the lowest such seat. */
static int friendly_blocked(const kern *k, const void *st, int mover, int hex, int *who)
{
	unsigned owners = kern_hex_owners(k, st, hex);
	int limit = k->cfg.friendly_vp ? k->cfg.friendly_vp : 2;
	for (int o = 0; o < k->seats; o++) {
		if ((owners & (1u << o)) && o != mover && kvisible_vp(k, st, o) <= limit) {
			*who = o;
			return 1;
		}
	}
	return 0;
}

/* B-62, B-63: where the mover may put the robber. */
int kern_robber_ok(const kern *k, const void *st, int hex)
{
	const kstate *h = ks(st);
	if (hex >= k->b.n_land)
		return err_set(CRISK_EILLEGAL, "hex %d is not a land hex (land hexes are 0..%d)", hex, k->b.n_land - 1);
	if (hex == h->robber)
		return err_set(CRISK_EILLEGAL, "the robber is already on hex %d and must move (B-62)", hex);
	int who;
	if (!k->cfg.friendly_robber || !friendly_blocked(k, st, h->active, hex, &who))
		return CRISK_OK;
	for (int x = 0; x < k->b.n_land; x++) {
		int other;
		if (x != h->robber && !friendly_blocked(k, st, h->active, x, &other))
			return err_set(CRISK_EILLEGAL,
				       "hex %d touches a building of seat %d, who has only %d visible VP (friendly robber, B-63)",
				       hex, who, kern_visible_vp(k, st, who));
	}
	return CRISK_OK; /* the restriction lapses when no hex is left */
}

int kern_check_play(const kern *k, const void *st, int c)
{
	const kstate *h = ks(st);
	const kseat *p = kseat_of(k, st, h->active);
	if (h->card_played)
		return err_set(CRISK_EILLEGAL, "you already played a development card this turn (B-78)");
	if (p->dev[c] == 0)
		return err_set(CRISK_EILLEGAL, "you have no %s card", kern_dev_names[c]);
	if (p->dev[c] <= p->dev_new[c])
		return err_set(CRISK_EILLEGAL, "a %s card bought this turn cannot be played until your next turn (B-79)",
			       kern_dev_names[c]);
	int spot;
	if (c == CRISK_CATAN_ROAD_BUILDING && (!kern_free_pieces(k, st, h->active, &spot) || !spot))
		return err_set(CRISK_EILLEGAL, "road building needs a road in supply and a path to build on (B-81%s)",
			       k->hk.free_pieces ? ", or a free piece of the module's" : "");
	return CRISK_OK;
}

static int check_dice(crisk_action a)
{
	int sum = (int)(a & 0xFF), d1 = (int)((a >> 8) & 0xF), d2 = (int)((a >> 12) & 0xF);
	if (sum < 2 || sum > 12)
		return err_set(CRISK_EILLEGAL, "a dice sum is 2..12, not %d", sum);
	if (d1 == 0 && d2 == 0)
		return CRISK_OK;
	if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
		return err_set(CRISK_EILLEGAL, "dice are 1..6 each (or both 0 when not given), not %d and %d", d1, d2);
	if (d1 + d2 != sum)
		return err_set(CRISK_EILLEGAL, "dice %d+%d do not add up to %d", d1, d2, sum);
	return CRISK_OK;
}

int kern_check_discard(const kern *k, const void *st, crisk_action a)
{
	const kseat *p = kseat_of(k, st, ks(st)->cur);
	int total = 0;
	for (int r = 0; r < NUM_RES; r++) {
		int n = (int)((a >> (8 * r)) & 0xFF);
		if (n > p->hand[r])
			return err_set(CRISK_EILLEGAL, "not enough %s: discard %d, have %d", kern_res_names[r], n,
				       p->hand[r]);
		total += n;
	}
	if (total != p->owe)
		return err_set(CRISK_EILLEGAL, "you must discard exactly %d cards, not %d (B-58)", p->owe, total);
	return CRISK_OK;
}

int kern_check_offer(const kern *k, const void *st, crisk_action a)
{
	const kstate *h = ks(st);
	int to = (int)((a >> 48) & 0xF);
	if (to != CRISK_CATAN_TO_ALL && (to >= k->seats || to == h->active))
		return err_set(CRISK_EILLEGAL, "an offer goes to one opponent (0..%d, not yourself) or to all (%d), not %d",
			       k->seats - 1, CRISK_CATAN_TO_ALL, to);
	if (k->cfg.max_offers > 0 && h->offers_made >= k->cfg.max_offers)
		return err_set(CRISK_EILLEGAL, "you already made %d offers this turn (max_trade_offers_per_turn, B-99)",
			       h->offers_made);
	int gives = 0, wants = 0;
	for (int g = 0; g < MAX_GOODS; g++) {
		int give = offer_count(a, g, 0), want = offer_count(a, g, 1);
		if ((give || want) && g >= k->cfg.n_goods && !k->hk.good_held)
			return err_set(CRISK_EILLEGAL, "%s is not traded in this game", kern_res_names[g]);
		if (give && want)
			return err_set(CRISK_EILLEGAL, "%s is on both sides of the offer (B-96)", kern_res_names[g]);
		if (give > kern_good_held(k, st, h->active, g))
			return err_set(CRISK_EILLEGAL, "not enough %s: offer %d, have %d", kern_res_names[g], give,
				       kern_good_held(k, st, h->active, g));
		gives += give;
		wants += want;
	}
	if (!gives || !wants)
		return err_set(CRISK_EILLEGAL, "an offer must give and want at least one card each (B-96)");
	return CRISK_OK;
}

/* B-97: the answering seat holds the wanted cards. */
int kern_can_accept(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	const kseat *p = kseat_of(k, st, h->cur);
	for (int g = 0; g < NUM_RES; g++) {
		if (offer_count(h->offer, g, 1) > p->hand[g])
			return 0;
	}
	/* Goods beyond the hand's resources: none in an offer without a module's (hooks.h good_held). */
	for (int g = NUM_RES; g < MAX_GOODS; g++) {
		if (offer_count(h->offer, g, 1) > kern_good_held(k, st, h->cur, g))
			return 0;
	}
	return 1;
}

int kern_check_accept(const kern *k, const void *st)
{
	if (kern_can_accept(k, st))
		return CRISK_OK;
	const kstate *h = ks(st);
	for (int g = 0; g < MAX_GOODS; g++) {
		int want = offer_count(h->offer, g, 1), held = kern_good_held(k, st, h->cur, g);
		if (want > held)
			return err_set(CRISK_EILLEGAL, "you cannot accept: not enough %s: need %d, have %d",
				       kern_res_names[g], want, held);
	}
	return CRISK_OK;
}

int kern_check_maritime(const kern *k, const void *st, int give, int take)
{
	const kstate *h = ks(st);
	const kseat *p = kseat_of(k, st, h->active);
	if (give >= NUM_RES || take >= NUM_RES)
		return err_set(CRISK_EILLEGAL, "maritime trade takes two resource types (0..4)");
	if (give == take)
		return err_set(CRISK_EILLEGAL, "maritime trade needs two different resources (B-101)");
	int rate = krate(k, p, give);
	if (p->hand[give] < rate)
		return err_set(CRISK_EILLEGAL, "not enough %s: need %d, have %d", kern_res_names[give], rate,
			       p->hand[give]);
	if (h->bank[take] == 0)
		return err_set(CRISK_EILLEGAL, "the bank has no %s left", kern_res_names[take]);
	assert(give >= 0 && take >= 0 && kern_maritime_ok(k, st, (unsigned)(give | take << 8)));
	return CRISK_OK;
}

int kern_check_victim(const kern *k, const void *st, int v)
{
	const kstate *h = ks(st);
	if (v >= k->seats || v == h->active)
		return err_set(CRISK_EILLEGAL, "seat %d is not an opponent", v);
	if (kseat_of(k, st, v)->cards == 0)
		return err_set(CRISK_EILLEGAL, "seat %d has no resource cards to steal (B-64)", v);
	if (k->hk.thief_victims) {
		if (k->hk.thief_victims(k, st) & (1u << v))
			return CRISK_OK;
		return err_set(CRISK_EILLEGAL, "seat %d has no piece next to the thief that moved last (B-64)", v);
	}
	if (kern_hex_owners(k, st, h->robber) & (1u << v))
		return CRISK_OK;
	return err_set(CRISK_EILLEGAL, "seat %d has no building at the robber's hex %d (B-64)", v, h->robber);
}

int kern_check_fields(crisk_action a, int code)
{
	unsigned type = ACT_TYPE(a);
	int known;
	uint64_t fields = kfield_mask(type, &known);
	if (!known)
		return err_set(code, "unknown action type %u", type);
	if (a & ~(fields | (UINT64_C(0xFF) << 56)))
		return err_set(code, "malformed action code 0x%016" PRIx64 ": bits set outside its fields", a);
	return CRISK_OK;
}

int kern_check_code(const kern *k, const void *st, crisk_action a)
{
	(void)k;
	const kstate *h = ks(st);
	unsigned type = ACT_TYPE(a);
	int rc = kern_check_fields(a, CRISK_EILLEGAL);
	if (rc)
		return rc;
	if (h->dp == DP_GAME_OVER)
		return err_set(CRISK_EILLEGAL, "the game is over");
	if (!kern_type_fits(h->dp, type))
		return h->dp == DP_SPECIAL_BUILD || h->dp == DP_PAIRED_PART ? part_refusal(h, type) : wrong_point(h);
	return CRISK_OK;
}

int kern_check(const kern *k, const void *st, crisk_action a)
{
	int rc = kern_check_code(k, st, a);
	return rc ? rc : kern_check_rules(k, st, a);
}

/* The rules of each action type once kern_check_code held (B-129), one
 * function per type so that apply can run the one it needs directly. */
int kern_check_setup_road(const kern *k, const void *st, int id)
{
	int rc = check_path(k, id);
	if (rc)
		return rc;
	if (kpaths(k, st)[id])
		return err_set(CRISK_EILLEGAL, "path %d already has a road", id);
	int at = ks(st)->setup_node;
	if (k->b.path[id].node[0] != at && k->b.path[id].node[1] != at)
		return err_set(CRISK_EILLEGAL, "a set-up road must touch the settlement just placed on intersection %d (B-43)",
			       at);
	if (!kern_road_path(k, id))
		return err_set(CRISK_EILLEGAL, "path %d takes no road (H-8)", id);
	return CRISK_OK;
}

int kern_check_dice(const kern *k, const void *st, crisk_action a)
{
	int ex = kern_excluded_sum(k, st);
	if (ex && (int)(a & 0xFF) == ex)
		return err_set(CRISK_EILLEGAL, "the second roll must differ from the first (%d); it is rolled again (T-8)",
			       (int)(a & 0xFF));
	return check_dice(a);
}

int kern_check_discard_one(const kern *k, const void *st, int id)
{
	int rc = kern_check_res(id);
	if (rc)
		return rc;
	if (kseat_of(k, st, ks(st)->cur)->hand[id] == 0)
		return err_set(CRISK_EILLEGAL, "you have no %s to discard", kern_res_names[id]);
	assert(id >= 0 && kern_discard_one_ok(k, st, (unsigned)id));
	return CRISK_OK;
}

int kern_check_steal_result(const kern *k, const void *st, int id)
{
	int rc = kern_check_res(id);
	if (rc)
		return rc;
	int v = ks(st)->victim;
	if (kseat_of(k, st, v)->hand[id] == 0)
		return err_set(CRISK_EILLEGAL, "impossible outcome: seat %d has no %s (probability 0)", v, kern_res_names[id]);
	return CRISK_OK;
}

int kern_check_build(const kern *k, const void *st, unsigned type, int id)
{
	int s = ks(st)->active;
	const kseat *p = kseat_of(k, st, s);
	int rc;
	switch (type) {
	case CRISK_CATAN_BUILD_ROAD:
		if (p->supply[PIECE_ROAD] == 0)
			return err_set(CRISK_EILLEGAL, "you have no road left in your supply (B-68)");
		if ((rc = afford(p, kern_cost_tab[COST_ROAD])))
			return rc;
		return check_road(k, st, s, id);
	case CRISK_CATAN_BUILD_SETTLEMENT:
		if (p->supply[PIECE_SETTLEMENT] == 0)
			return err_set(CRISK_EILLEGAL, "you have no settlement left in your supply (B-68, B-73)");
		if ((rc = afford(p, kern_cost_tab[COST_SETTLEMENT])) || (rc = kern_check_site(k, st, id)))
			return rc;
		if (!bit_get(kreach(k, st, s), id))
			return err_set(CRISK_EILLEGAL, "intersection %d touches none of your roads (B-71)", id);
		return CRISK_OK;
	default: /* BUILD_CITY */
		if ((rc = check_node(k, id)))
			return rc;
		if (knodes(k, st)[id] != (uint8_t)(s + 1))
			return err_set(CRISK_EILLEGAL, "there is no settlement of yours on intersection %d (B-72)", id);
		if (p->supply[PIECE_CITY] == 0)
			return err_set(CRISK_EILLEGAL, "you have no city left in your supply (B-68)");
		return afford(p, kern_cost_tab[COST_CITY]);
	}
}

int kern_check_buy_dev(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	if (!kern_deck_holds(h))
		return err_set(CRISK_EILLEGAL, "the development deck is empty (B-74)");
	return afford(kseat_of(k, st, h->active), kern_cost_tab[COST_DEV]);
}

int kern_check_dev_result(const void *st, int id)
{
	if (id >= NUM_DEV)
		return err_set(CRISK_EILLEGAL, "%d is not a development card type (0..4)", id);
	if (ks(st)->deck[id] == 0)
		return err_set(CRISK_EILLEGAL, "impossible outcome: no %s card is left in the deck (probability 0)",
			       kern_dev_names[id]);
	return CRISK_OK;
}

int kern_check_free_road(const kern *k, const void *st, int id)
{
	/* Only with a module's free pieces can the roads run out first (H-51). */
	if (kseat_of(k, st, ks(st)->active)->supply[PIECE_ROAD] == 0)
		return err_set(CRISK_EILLEGAL, "you have no road left in your supply (B-68)");
	return check_road(k, st, ks(st)->active, id);
}

int kern_check_pick(const void *st, int id)
{
	int rc = kern_check_res(id);
	if (rc)
		return rc;
	if (ks(st)->bank[id] == 0)
		return err_set(CRISK_EILLEGAL, "the bank has no %s left (B-82)", kern_res_names[id]);
	return CRISK_OK;
}

int kern_check_confirm(const kern *k, const void *st, int id)
{
	if (id >= k->seats || !(ks(st)->accepted & (1u << id)))
		return err_set(CRISK_EILLEGAL, "seat %d did not accept the offer", id);
	return CRISK_OK;
}

int kern_check_rules(const kern *k, const void *st, crisk_action a)
{
	unsigned type = ACT_TYPE(a);
	int id = ACT_ID(a);
	switch (type) {
	case CRISK_CATAN_PLACE_SETTLEMENT:
		return kern_check_setup_site(k, st, id);
	case CRISK_CATAN_PLACE_ROAD:
		return kern_check_setup_road(k, st, id);
	case CRISK_CATAN_DICE:
		return kern_check_dice(k, st, a);
	case CRISK_CATAN_DISCARD:
		return kern_check_discard_one(k, st, id);
	case CRISK_CATAN_DISCARD_CARDS:
		return kern_check_discard(k, st, a);
	case CRISK_CATAN_MOVE_ROBBER:
		return kern_robber_ok(k, st, id);
	case CRISK_CATAN_STEAL_FROM:
		return kern_check_victim(k, st, id);
	case CRISK_CATAN_STEAL_RESULT:
		return kern_check_steal_result(k, st, id);
	case CRISK_CATAN_BUILD_ROAD:
	case CRISK_CATAN_BUILD_SETTLEMENT:
	case CRISK_CATAN_BUILD_CITY:
		return kern_check_build(k, st, type, id);
	case CRISK_CATAN_BUY_DEV:
		return kern_check_buy_dev(k, st);
	case CRISK_CATAN_DEV_RESULT:
		return kern_check_dev_result(st, id);
	case CRISK_CATAN_PLAY_KNIGHT:
		return kern_check_play(k, st, CRISK_CATAN_KNIGHT);
	case CRISK_CATAN_PLAY_ROAD_BUILDING:
		return kern_check_play(k, st, CRISK_CATAN_ROAD_BUILDING);
	case CRISK_CATAN_PLAY_YEAR_OF_PLENTY:
		return kern_check_play(k, st, CRISK_CATAN_YEAR_OF_PLENTY);
	case CRISK_CATAN_PLAY_MONOPOLY:
		return kern_check_play(k, st, CRISK_CATAN_MONOPOLY);
	case CRISK_CATAN_PLACE_FREE_ROAD:
		return kern_check_free_road(k, st, id);
	case CRISK_CATAN_PICK:
		return kern_check_pick(st, id);
	case CRISK_CATAN_NAME:
		return kern_check_res(id);
	case CRISK_CATAN_MARITIME_TRADE:
		return kern_check_maritime(k, st, id & 0xFF, id >> 8);
	case CRISK_CATAN_OFFER_TRADE:
		return kern_check_offer(k, st, a);
	case CRISK_CATAN_ACCEPT:
		return kern_check_accept(k, st);
	case CRISK_CATAN_CONFIRM:
		return kern_check_confirm(k, st, id);
	case CRISK_CATAN_ROLL:
	case CRISK_CATAN_DECLINE:
	case CRISK_CATAN_CANCEL:
	case CRISK_CATAN_END_TURN:
	case CRISK_CATAN_PASS:
	case CRISK_CATAN_END_PART:
		return CRISK_OK;
	default:
		return wrong_point(ks(st));
	}
}
