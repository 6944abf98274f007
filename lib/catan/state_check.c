/* Validation of a whole kernel state, as loaded from a save: every id, seat
 * and enum in range, component conservation, the board bytes against the
 * pieces in supply, the derived bitsets and Longest Road lengths, the holders,
 * and the fields of the pending decision point.  A state that passes is one
 * the kernel could have reached, as far as the other kernel code relies on:
 * legal, check, apply, views and queries never index out of range on it.
 * Messages start with the field name used in the JSON form. */
#include <string.h>

#include "catanrisk/game.h"
#include "../core/error.h"
#include "state_io.h"

#define BAD(...) err_set(CRISK_EFORMAT, __VA_ARGS__)

static int is_seat(const kern *k, int v)
{
	return v >= 0 && v < k->seats;
}

static int seat_or_none(const kern *k, int v)
{
	return v == NO_SEAT || is_seat(k, v);
}

/* Seats and non-seat piece owners (T-1). */
static int is_owner(const kern *k, int v)
{
	return v >= 0 && v < k->owners;
}


static int in_setup(int dp)
{
	return dp == DP_SETUP_SETTLEMENT || dp == DP_SETUP_ROAD;
}

/* B-117, B-122: the special build phase or paired part and who builds in it. */
static int check_part(const kern *k, const kstate *h)
{
	int dp = h->dp, in_part = dp == DP_SPECIAL_BUILD || dp == DP_PAIRED_PART;
	if (h->part_owner == NO_SEAT) {
		if (in_part)
			return BAD("part_owner: -1 in phase %s", kern_dp_name(dp));
		return CRISK_OK;
	}
	if (!is_seat(k, h->part_owner))
		return BAD("part_owner: %d is neither a seat (0..%d) nor -1", h->part_owner, k->seats - 1);
	if (!in_part && dp != DP_DEV_DRAW)
		return BAD("part_owner: %d in phase %s (only in special_build, paired_part or a draw bought there)",
			   h->part_owner, kern_dp_name(dp));
	if (!k->cfg.special_build && !k->cfg.paired_players)
		return BAD("part_owner: %d, but these rules have no special build phase or paired part", h->part_owner);
	if (k->cfg.paired_players && h->active != (h->part_owner + 3) % k->seats)
		return BAD("active_seat: %d, but player 2 of seat %d's turn is seat %d (B-122)", h->active, h->part_owner,
			   (h->part_owner + 3) % k->seats);
	if (h->active == h->part_owner)
		return BAD("active_seat: %d builds in the special build phase of its own turn (B-117)", h->active);
	return CRISK_OK;
}

static int check_header(const kern *k, const kstate *h)
{
	int n = k->seats, rc;
	if (!(h->rng.s[0] | h->rng.s[1] | h->rng.s[2] | h->rng.s[3]))
		return BAD("rng: all four words are zero (xoshiro256** would return only zeros)");
	if (h->dp > DP_GAME_OVER && !(h->dp < DP_COUNT && k->hk.module_phase && k->hk.module_phase(h->dp)))
		return BAD("phase: %d is not a phase of module %s (0..%d)", h->dp, k->cfg.module_name, DP_GAME_OVER);
	if ((h->dp == DP_SPECIAL_BUILD && (!k->cfg.special_build || k->cfg.paired_players)) ||
	    (h->dp == DP_PAIRED_PART && !k->cfg.paired_players))
		return BAD("phase: %s is not used by module %s with these options (B-117, B-122)", kern_dp_name(h->dp),
			   k->cfg.module_name);
	if (h->ret != DP_SETUP_SETTLEMENT && h->ret != DP_PRE_ROLL && h->ret != DP_MAIN)
		return BAD("return_phase: %s (%d) is never returned to (setup_settlement, pre_roll or main)",
			   kern_dp_name(h->ret), h->ret);
	if (!is_seat(k, h->active))
		return BAD("active_seat: %d is not a seat (0..%d)", h->active, n - 1);
	if (!is_seat(k, h->cur) && h->cur != CRISK_SEAT_CHANCE && h->cur != CRISK_SEAT_NONE)
		return BAD("current_seat: %d is neither a seat (0..%d) nor chance (%d) nor none (%d)", h->cur, n - 1,
			   CRISK_SEAT_CHANCE, CRISK_SEAT_NONE);
	if (h->status > CRISK_STATUS_ENDED)
		return BAD("status: %d is not a status (0 running, 1 won, 2 ended)", h->status);
	if (!seat_or_none(k, h->winner))
		return BAD("winner: %d is neither a seat (0..%d) nor -1", h->winner, n - 1);
	for (int i = 0; i < 2; i++) {
		int other = h->dice[1 - i];
		if (h->dice[i] > 6 || (h->dice[i] == 0) != (other == 0))
			return BAD("dice[%d]: %d (dice are 1..6 each, or both 0)", i, h->dice[i]);
	}
	if (h->card_played > 1)
		return BAD("card_played: %d is not 0 or 1", h->card_played);
	if (h->knight > 1)
		return BAD("knight: %d is not 0 or 1", h->knight);
	if (!seat_or_none(k, h->victim))
		return BAD("victim: %d is neither a seat (0..%d) nor -1", h->victim, n - 1);
	if (h->lr != NO_SEAT && !is_owner(k, h->lr))
		return BAD("longest_road: %d is neither a seat%s (0..%d) nor -1", h->lr,
			   k->owners > k->seats ? " nor a neutral" : "", k->owners - 1);
	if (!seat_or_none(k, h->la))
		return BAD("largest_army: %d is neither a seat (0..%d) nor -1", h->la, n - 1);
	if (h->answered >> n)
		return BAD("answered: 0x%x has bits of seats beyond %d", h->answered, n - 1);
	if (h->accepted & ~h->answered)
		return BAD("accepted: 0x%x has seats that did not answer (answered 0x%x)", h->accepted, h->answered);
	if (h->turn < 0)
		return BAD("turn: %d is negative", (int)h->turn);
	if (h->turn == INT32_MAX) /* the next turn would overflow */
		return BAD("turn: %d is the last representable turn", (int)h->turn);
	if (k->cfg.max_turns > 0 && h->turn > k->cfg.max_turns)
		return BAD("turn: %d is beyond max_turns %lld", (int)h->turn, (long long)k->cfg.max_turns);
	if (h->robber >= k->b.n_land)
		return BAD("robber: %d is not a land hex (0..%d)", h->robber, k->b.n_land - 1);
	if (h->setup_node >= k->b.n_node)
		return BAD("setup_node: %d is not an intersection (0..%d)", h->setup_node, k->b.n_node - 1);
	if (k->cfg.max_offers > 0 && h->offers_made > k->cfg.max_offers)
		return BAD("offers_made: %d is above max_trade_offers_per_turn %d", h->offers_made, k->cfg.max_offers);
	if ((h->turn == 0) != in_setup(h->dp))
		return BAD("phase: %s in turn %d (set-up is turn 0, and only set-up)", kern_dp_name(h->dp), (int)h->turn);
	if (h->turn == 0) {
		if (h->step >= kern_setup_steps(k))
			return BAD("setup_step: %d is beyond the last step %d of set-up", h->step, kern_setup_steps(k) - 1);
		if (h->active != kern_setup_seat(k, h->step))
			return BAD("active_seat: %d, but set-up step %d belongs to seat %d (B-41)", h->active, h->step,
				   kern_setup_seat(k, h->step));
		if (h->card_played)
			return BAD("card_played: 1 during set-up");
	} else {
		if (h->step != kern_setup_steps(k))
			return BAD("setup_step: %d after set-up (must be %d)", h->step, kern_setup_steps(k));
		int owner = h->part_owner == NO_SEAT ? h->active : h->part_owner;
		if (owner != (h->turn - 1) % n)
			return BAD("%s: %d, but turn %d belongs to seat %d",
				   h->part_owner == NO_SEAT ? "active_seat" : "part_owner", owner, (int)h->turn,
				   (int)((h->turn - 1) % n));
	}
	if ((rc = check_part(k, h)))
		return rc;
	for (int g = k->cfg.n_goods; g < MAX_GOODS; g++) {
		if (h->bank[g])
			return BAD("bank[%d]: %d cards of a good this game does not use", g, h->bank[g]);
	}
	return CRISK_OK;
}

/* Node and path bytes, the distance rule, and pieces per seat on the board. */
/* placed[o]: settlements, cities, roads, and pieces on paths that take no
 * road (a module's ships; their supply is the module's to check). */
static int check_board(const kern *k, const void *st, int placed[][4])
{
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	for (int n = 0; n < k->b.n_node; n++) {
		int v = nodes[n];
		if (!v)
			continue;
		int o = (v & NODE_OWNER_MASK) - 1;
		int neutral = k->cfg.pieces_change_hands && (v & NODE_OWNER_MASK) == NODE_NEUTRAL;
		if ((v & ~(NODE_OWNER_MASK | NODE_CITY)) || (!is_owner(k, o) && !neutral))
			return BAD("nodes[%d]: %d is not a building (0, or seat + 1, plus %u for a city)", n, v, NODE_CITY);
		for (int i = 0; i < k->b.node[n].deg; i++) {
			if (nodes[k->b.node[n].adj[i]])
				return BAD("nodes[%d]: a building next to the building on intersection %d (distance rule, B-75)",
					   n, k->b.node[n].adj[i]);
		}
		if (!neutral)
			placed[o][(v & NODE_CITY) ? PIECE_CITY : PIECE_SETTLEMENT]++;
	}
	for (int p = 0; p < k->b.n_path; p++) {
		int neutral = k->cfg.pieces_change_hands && paths[p] == NODE_NEUTRAL;
		if (paths[p] > k->owners && !neutral)
			return BAD("paths[%d]: %d is not a road (0, or owner + 1 with owners 0..%d)", p, paths[p], k->owners - 1);
		if (paths[p] && !neutral)
			placed[paths[p] - 1][kern_road_path(k, p) ? PIECE_ROAD : 3]++;
	}
	return CRISK_OK;
}

/* A non-seat owner's record: no cards or knights, supply and road length. */
static int check_neutral(const kern *k, const void *st, int s, const int placed[4])
{
	const kseat *p = kseat_of(k, st, s);
	const uint8_t *nodes = knodes(k, st);
	unsigned harbors = 0;
	for (int n = 0; n < k->b.n_node; n++) {
		if (nodes[n] && (nodes[n] & NODE_OWNER_MASK) == (unsigned)s + 1)
			harbors |= k->node_harbor[n];
	}
	if (p->cards || p->owe || p->knights || p->harbors != harbors)
		return BAD("neutrals[%d]: a neutral holds no cards, owes nothing, has no knights and harbors 0x%x", s - k->seats,
			   harbors);
	for (int g = 0; g < MAX_GOODS; g++) {
		if (p->hand[g])
			return BAD("neutrals[%d].hand[%d]: %d, but a neutral holds no cards", s - k->seats, g, p->hand[g]);
	}
	for (int c = 0; c < NUM_DEV; c++) {
		if (p->dev[c] || p->dev_new[c])
			return BAD("neutrals[%d].dev[%d]: a neutral holds no development cards", s - k->seats, c);
	}
	for (int i = 0; i < 3; i++) {
		if (p->supply[i] + placed[i] != k->cfg.pieces[i])
			return BAD("neutrals[%d].supply[%d]: %d in supply and %d on the board is not %d", s - k->seats, i,
				   p->supply[i], placed[i], k->cfg.pieces[i]);
	}
	if (p->road_len != board_longest_road(&k->b, kpaths(k, st), nodes, s))
		return BAD("neutrals[%d].road_length: %d does not match the roads", s - k->seats, p->road_len);
	return CRISK_OK;
}

static int check_seat(const kern *k, const void *st, int s, const int placed[4])
{
	static const char *const piece_names[3] = {"settlements", "cities", "roads"};
	const kstate *h = ks(st);
	const kseat *p = kseat_of(k, st, s);
	int sum = 0;
	for (int g = 0; g < MAX_GOODS; g++) {
		if (g >= k->cfg.n_goods && p->hand[g])
			return BAD("seats[%d].hand[%d]: %d cards of a good this game does not use", s, g, p->hand[g]);
		if (p->hand[g] > k->cfg.bank_per_type)
			return BAD("seats[%d].hand[%d]: %d is above the bank total %d", s, g, p->hand[g], k->cfg.bank_per_type);
		sum += p->hand[g];
	}
	if (p->cards != sum)
		return BAD("seats[%d].cards: %d, but the hand holds %d", s, p->cards, sum);
	if (p->owe > p->cards)
		return BAD("seats[%d].owe: %d is above the %d cards in hand", s, p->owe, p->cards);
	if (p->owe && h->dp != DP_DISCARD)
		return BAD("seats[%d].owe: %d discards owed outside the discard phase", s, p->owe);
	for (int c = 0; c < NUM_DEV; c++) {
		if (p->dev[c] > k->cfg.deck[c])
			return BAD("seats[%d].dev[%d]: %d is above the %d cards of the type", s, c, p->dev[c], k->cfg.deck[c]);
		if (p->dev_new[c] > p->dev[c])
			return BAD("seats[%d].dev_new[%d]: %d bought this turn, but the seat holds %d", s, c, p->dev_new[c],
				   p->dev[c]);
		if (p->dev_new[c] && (s != h->active || h->part_owner != NO_SEAT))
			return BAD("seats[%d].dev_new[%d]: %d bought this turn, but seat %d is not in its own turn", s, c,
				   p->dev_new[c], s);
	}
	if (p->knights > k->cfg.deck[CRISK_CATAN_KNIGHT])
		return BAD("seats[%d].knights: %d is above the %d knight cards", s, p->knights, k->cfg.deck[CRISK_CATAN_KNIGHT]);
	for (int i = 0; i < 3; i++) {
		int extra = k->hk.extra_pieces ? k->hk.extra_pieces(k, st, s, i) : 0;
		if (p->supply[i] > k->cfg.pieces[i])
			return BAD("seats[%d].supply[%d]: %d is above the %d %s of a seat", s, i, p->supply[i],
				   k->cfg.pieces[i], piece_names[i]);
		if (p->supply[i] + placed[i] != k->cfg.pieces[i] + extra || (extra && p->supply[i]))
			return BAD("seats[%d].supply[%d]: %d %s in supply and %d on the board is not the %d of a seat (+%d over)",
				   s, i, p->supply[i], piece_names[i], placed[i], k->cfg.pieces[i], extra);
	}
	int buildings = placed[PIECE_SETTLEMENT] + placed[PIECE_CITY];
	int pieces = placed[PIECE_ROAD] + placed[3], rounds = kern_setup_steps(k) / k->seats;
	/* With skips (hooks.h setup_skips) check_skips judges fewer. */
	if (h->turn > 0 && !k->cfg.pieces_change_hands && !k->hk.setup_skips && (buildings < rounds || pieces < rounds))
		return BAD("seats[%d].supply: %d buildings and %d roads on the board after set-up (at least %d each)", s,
			   buildings, pieces, rounds);
	if (h->turn == 0) {
		/* B-41..B-43: one settlement and one road per set-up step so far
		 * (a skipped step ends set-up; a skipped piece: check_skips). */
		int steps = 0;
		for (int i = 0; i < h->step; i++)
			steps += kern_setup_seat(k, i) == s;
		int extra = h->dp == DP_SETUP_ROAD && s == h->active;
		if (placed[PIECE_CITY] || placed[PIECE_SETTLEMENT] != steps + extra ||
		    (k->hk.setup_skips ? pieces > steps : pieces != steps))
			return BAD("seats[%d].supply: %d settlements, %d cities and %d roads on the board at set-up step %d "
				   "(expected %d, 0 and %d%s)",
				   s, placed[PIECE_SETTLEMENT], placed[PIECE_CITY], pieces, h->step, steps + extra, steps,
				   k->hk.setup_skips ? " or fewer" : "");
	}
	const uint8_t *nodes = knodes(k, st);
	unsigned harbors = 0;
	for (int n = 0; n < k->b.n_node; n++) {
		if (nodes[n] && (nodes[n] & NODE_OWNER_MASK) == (unsigned)s + 1)
			harbors |= k->node_harbor[n];
	}
	if (k->hk.harbors_more)
		harbors |= k->hk.harbors_more(k, st, s);
	if (p->harbors != harbors)
		return BAD("seats[%d].harbors: 0x%x, but the seat's buildings%s give 0x%x", s, p->harbors,
			   k->hk.harbors_more ? " and pieces" : "", harbors);
	int len = board_longest_road(&k->b, kpaths(k, st), nodes, s);
	if (p->road_len != len)
		return BAD("seats[%d].road_length: %d, but the seat's longest road is %d", s, p->road_len, len);
	return CRISK_OK;
}

/* Conservation: bank + hands = cards per type; deck + hands (+ played knights) = deck totals. */
static int check_totals(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	for (int g = 0; g < k->cfg.n_goods; g++) {
		int hands = 0; /* non-seat owners hold no cards (check_neutral) */
		for (int s = 0; s < k->seats; s++)
			hands += kseat_of(k, st, s)->hand[g];
		if (h->bank[g] + hands != k->cfg.bank_per_type)
			return BAD("bank[%d]: %d in the bank and %d in hands is not the %d cards of the type", g, h->bank[g],
				   hands, k->cfg.bank_per_type);
	}
	for (int c = 0; c < NUM_DEV; c++) {
		int held = 0, played = 0;
		for (int s = 0; s < k->seats; s++) {
			held += kseat_of(k, st, s)->dev[c];
			if (c == CRISK_CATAN_KNIGHT)
				played += kseat_of(k, st, s)->knights;
		}
		int total = h->deck[c] + held + played + (k->hk.dev_removed ? k->hk.dev_removed(k, st, c) : 0);
		/* Played progress cards are not counted anywhere, so only the knights
		 * and the never-played victory point cards add up exactly. */
		int exact = c == CRISK_CATAN_KNIGHT || c == CRISK_CATAN_VICTORY_POINT;
		if (exact ? total != k->cfg.deck[c] : total > k->cfg.deck[c])
			return BAD("deck[%d]: %d in the deck, %d in hands and %d played is %s the %d %s cards", c, h->deck[c],
				   held, played, exact ? "not" : "above", k->cfg.deck[c], kern_dev_names[c]);
	}
	return CRISK_OK;
}

/* The bitsets must be exactly what the node and path bytes imply. */
static int check_derived(const kern *k, const void *st)
{
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	const uint64_t *blocked = kblocked(k, st);
	for (int n = 0; n < k->nw * 64; n++) {
		int want = 0;
		if (n < k->b.n_node) {
			if (nodes[n] && bit_get(k->no_site, n))
				return BAD("nodes[%d]: a building on a point that is not a named location (H-7)", n);
			want = nodes[n] != 0 || bit_get(k->no_site, n);
			for (int i = 0; i < k->b.node[n].deg && !want; i++)
				want = nodes[k->b.node[n].adj[i]] != 0;
		}
		if (bit_get(blocked, n) != want)
			return BAD("blocked: bit %d does not match the buildings", n);
		if (bit_get(koccupied(k, st), n) != (n < k->b.n_node && nodes[n] != 0))
			return BAD("occupied: bit %d does not match the buildings", n);
		for (int s = 0; s < k->owners; s++) {
			int touch = 0;
			for (int i = 0; n < k->b.n_node && i < k->b.node[n].deg && !touch; i++)
				touch = paths[k->b.node[n].path[i]] == s + 1;
			if (bit_get(kreach(k, st, s), n) != touch)
				return BAD("reach[%d]: bit %d does not match the roads", s, n);
		}
	}
	return CRISK_OK;
}

/* B-88..B-93: Longest Road and Largest Army holders. */
static int check_holders(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	int best = 0, n_best = 0, top = NO_SEAT, army = 0, n_army = 0;
	for (int s = 0; s < k->owners; s++) {
		const kseat *p = kseat_of(k, st, s);
		if (s >= k->seats) { /* non-seat owners: roads only (T-15) */
			if (p->road_len > best) {
				best = p->road_len;
				n_best = 1;
				top = s;
			} else if (p->road_len == best) {
				n_best++;
			}
			continue;
		}
		if (p->road_len > best) {
			best = p->road_len;
			n_best = 1;
			top = s;
		} else if (p->road_len == best) {
			n_best++;
		}
		if (p->knights > army) {
			army = p->knights;
			n_army = 1;
		} else if (p->knights == army) {
			n_army++;
		}
	}
	if (h->lr >= 0 && (best < 5 || kseat_of(k, st, h->lr)->road_len != best))
		return BAD("longest_road: seat %d holds it with a road of %d, but the longest is %d (and at least 5 is needed)",
			   h->lr, kseat_of(k, st, h->lr)->road_len, best);
	if (h->lr < 0 && best >= 5 && n_best == 1)
		return BAD("longest_road: nobody holds it, but seat %d alone has the longest road (%d)", top, best);
	if (h->la >= 0 && (army < 3 || kseat_of(k, st, h->la)->knights != army))
		return BAD("largest_army: seat %d holds it with %d knights, but the most is %d (and at least 3 is needed)",
			   h->la, kseat_of(k, st, h->la)->knights, army);
	if (h->la < 0 && army >= 3)
		return BAD("largest_army: nobody holds it, but %d seat(s) played %d knights", n_army, army);
	return CRISK_OK;
}

static int addressed(const kern *k, const kstate *h, int s)
{
	int to = (int)((h->offer >> 48) & 0xFu);
	return is_seat(k, s) && s != h->active && (to == CRISK_CATAN_TO_ALL || to == s);
}

/* B-96, B-97: the open offer as check_offer accepted it, and its answers. */
static int check_trade(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	int known;
	uint64_t mask = act_field_mask(CRISK_CATAN_OFFER_TRADE, &known);
	if (ACT_TYPE(h->offer) != CRISK_CATAN_OFFER_TRADE || (h->offer & ~(mask | (UINT64_C(0xFF) << 56))))
		return BAD("offer: %016llx is not an offer code", (unsigned long long)h->offer);
	int to = (int)((h->offer >> 48) & 0xF);
	if (to != CRISK_CATAN_TO_ALL && (!is_seat(k, to) || to == h->active))
		return BAD("offer: addressed to %d, neither an opponent of seat %d nor all (%d)", to, h->active,
			   CRISK_CATAN_TO_ALL);
	int gives = 0, wants = 0;
	for (int g = 0; g < MAX_GOODS; g++) {
		int give = offer_count(h->offer, g, 0), want = offer_count(h->offer, g, 1);
		if ((give || want) && g >= k->cfg.n_goods && !k->hk.good_held)
			return BAD("offer: trades good %d, which this game does not use", g);
		if (give && want)
			return BAD("offer: good %d on both sides", g);
		if (give > kern_good_held(k, st, h->active, g))
			return BAD("offer: gives %d of good %d, but seat %d holds %d", give, g, h->active,
				   kern_good_held(k, st, h->active, g));
		gives += give;
		wants += want;
		for (int s = 0; s < k->seats; s++) {
			if (((h->accepted >> s) & 1u) && want > kern_good_held(k, st, s, g))
				return BAD("accepted: seat %d accepted, but holds %d of good %d and the offer wants %d", s,
					   kern_good_held(k, st, s, g), g, want);
		}
	}
	if (!gives || !wants)
		return BAD("offer: must give and want at least one card each");
	/* Unlimited offers may wrap the 16-bit count; a limited one cannot. */
	if (k->cfg.max_offers > 0 && h->offers_made == 0)
		return BAD("offers_made: 0 while an offer is open");
	int next = NO_SEAT;
	for (int i = 1; i < k->seats; i++) {
		int s = (h->active + i) % k->seats;
		if (((h->answered >> s) & 1u) && !addressed(k, h, s))
			return BAD("answered: seat %d answered an offer not addressed to it", s);
		if (next < 0 && addressed(k, h, s) && !((h->answered >> s) & 1u))
			next = s;
	}
	if ((h->answered >> h->active) & 1u)
		return BAD("answered: seat %d answered its own offer", h->active);
	if (h->dp == DP_TRADE_RESPONSE) {
		if (next < 0)
			return BAD("answered: every addressed seat answered, but the phase is still trade_response");
		if (h->cur != next)
			return BAD("current_seat: %d, but seat %d answers next (B-97)", h->cur, next);
		return CRISK_OK;
	}
	if (next >= 0)
		return BAD("answered: seat %d has not answered, but the phase is trade_confirm", next);
	if (!h->accepted)
		return BAD("accepted: nobody accepted, but the phase is trade_confirm");
	return CRISK_OK;
}

static int check_discards(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	if (!is_seat(k, h->cur) || !kseat_of(k, st, h->cur)->owe)
		return BAD("current_seat: %d owes no discards in the discard phase", h->cur);
	for (int i = 0; i < k->seats; i++) {
		int s = (h->active + i) % k->seats;
		if (s == h->cur)
			break;
		if (kseat_of(k, st, s)->owe)
			return BAD("current_seat: %d discards before seat %d, who also owes (B-59)", h->cur, s);
	}
	return CRISK_OK;
}

static int need_cur(const kstate *h, int want)
{
	if (h->cur != want)
		return BAD("current_seat: %d, but in phase %s it must be %d", h->cur, kern_dp_name(h->dp), want);
	return CRISK_OK;
}

/* The pending decision point and the fields that belong to it only. */
static int check_point(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	int dp = h->dp;
	if ((h->status == CRISK_STATUS_RUNNING) != (dp != DP_GAME_OVER))
		return BAD("status: %s in phase %s", sf_status_name(h->status), kern_dp_name(dp));
	if (h->status == CRISK_STATUS_WON) {
		if (h->winner != h->active)
			return BAD("winner: %d, but only the active seat %d can win (B-105)", h->winner, h->active);
		if (kern_total_vp(k, st, h->winner) < k->cfg.vp_target && !k->cfg.other_wins)
			return BAD("winner: seat %d has %d VP, below vp_target %d", h->winner, kern_total_vp(k, st, h->winner),
				   k->cfg.vp_target);
	} else if (h->winner != NO_SEAT) {
		return BAD("winner: %d, but the game is %s", h->winner, sf_status_name(h->status));
	}
	if (h->status == CRISK_STATUS_ENDED && (k->cfg.max_turns == 0 || h->turn != k->cfg.max_turns))
		return BAD("status: ended without winner at turn %d, but max_turns is %lld (B-52)", (int)h->turn,
			   (long long)k->cfg.max_turns);
	/* A knight's win waits until its robber move is over (B-80, B-105). */
	if (h->status == CRISK_STATUS_RUNNING && h->turn > 0 && !h->knight && h->part_owner == NO_SEAT &&
	    kern_total_vp(k, st, h->active) >= k->cfg.vp_target)
		return BAD("status: running, but the active seat %d has %d VP of vp_target %d (B-105)", h->active,
			   kern_total_vp(k, st, h->active), k->cfg.vp_target);
	int module_phase = k->hk.module_phase && k->hk.module_phase(dp);
	if (dp != DP_FREE_ROAD && h->free_roads && !module_phase)
		return BAD("free_roads: %d outside phase free_road", h->free_roads);
	if (dp != DP_YOP_PICK && h->picks)
		return BAD("picks: %d outside phase yop_pick", h->picks);
	if (h->knight && dp != DP_MOVE_ROBBER && dp != DP_CHOOSE_VICTIM && dp != DP_STEAL)
		return BAD("knight: 1 outside a knight's robber move (phase %s)", kern_dp_name(dp));
	if (dp != DP_STEAL && h->victim != NO_SEAT)
		return BAD("victim: %d outside phase steal", h->victim);
	if (dp != DP_TRADE_RESPONSE && dp != DP_TRADE_CONFIRM && h->offer)
		return BAD("offer: %016llx while no offer is open", (unsigned long long)h->offer);
	/* A module's own steal (hooks.h module_steal) follows no card or robber. */
	int own_steal = dp == DP_STEAL && k->hk.module_steal && k->hk.module_steal(k, st);
	int after_card = dp == DP_MOVE_ROBBER || dp == DP_CHOOSE_VICTIM || (dp == DP_STEAL && !own_steal) ||
			 dp == DP_FREE_ROAD || dp == DP_YOP_PICK || dp == DP_MONOPOLY_PICK;
	if (after_card && h->ret != DP_PRE_ROLL && h->ret != DP_MAIN)
		return BAD("return_phase: %s, but phase %s returns to pre_roll or main", kern_dp_name(h->ret),
			   kern_dp_name(dp));
	/* With a module's second roll, a 7's robber move may return to pre_roll. */
	int roll_to_preroll = (k->cfg.two_rolls || k->hk.after_roll_dp) && kern_after_roll_dp(k, st) == DP_PRE_ROLL &&
			      !h->knight &&
			      (dp == DP_MOVE_ROBBER || dp == DP_CHOOSE_VICTIM || dp == DP_STEAL);
	if (after_card && h->ret == DP_PRE_ROLL && !h->card_played && !roll_to_preroll)
		return BAD("card_played: 0, but phase %s before the roll follows a card", kern_dp_name(dp));
	if ((dp == DP_DICE || dp == DP_STEAL || dp == DP_DEV_DRAW) && !k->cfg.explicit_chance)
		return BAD("phase: %s is a chance point, but with chance=auto it never waits", kern_dp_name(dp));
	int rc;
	if (module_phase)
		return CRISK_OK; /* the module's ext_check judges its own phases */
	switch (dp) {
	case DP_SETUP_ROAD:
		if (knodes(k, st)[h->setup_node] != h->active + 1)
			return BAD("setup_node: intersection %d has no settlement of seat %d", h->setup_node, h->active);
		return need_cur(h, h->active);
	case DP_DICE:
	case DP_DEV_DRAW:
		if ((rc = need_cur(h, CRISK_SEAT_CHANCE)))
			return rc;
		if (dp == DP_DEV_DRAW && !kern_deck_holds(h))
			return BAD("deck: empty, but a card is being drawn");
		return CRISK_OK;
	case DP_STEAL:
		if ((rc = need_cur(h, CRISK_SEAT_CHANCE)))
			return rc;
		if (own_steal)
			return CRISK_OK; /* the module's ext_check judges victim and return point */
		if (h->victim < 0 || !((kern_victims(k, st) >> h->victim) & 1u)) {
			if (k->hk.thief_victims)
				return BAD("victim: %d is not a seat with cards next to the thief that moved last (B-64)",
					   h->victim);
			return BAD("victim: %d is not a seat with cards and a building at the robber's hex %d (B-64)",
				   h->victim, h->robber);
		}
		return CRISK_OK;
	case DP_DISCARD:
		return check_discards(k, st);
	case DP_CHOOSE_VICTIM: {
		unsigned v = kern_victims(k, st);
		if ((!v || !(v & (v - 1))) && k->hk.thief_victims)
			return BAD("phase: choose_victim, but %s seat can be robbed by the thief that moved last",
				   v ? "only one" : "no");
		if (!v || !(v & (v - 1)))
			return BAD("phase: choose_victim, but %s seat can be robbed at hex %d", v ? "only one" : "no",
				   h->robber);
		return need_cur(h, h->active);
	}
	case DP_FREE_ROAD: {
		if (!h->card_played)
			return BAD("card_played: 0 in phase free_road");
		int spot, pieces = kern_free_pieces(k, st, h->active, &spot);
		if (h->free_roads < 1 || h->free_roads > 2 || h->free_roads > pieces)
			return BAD("free_roads: %d (1..2, and no more than the roads in supply)", h->free_roads);
		if (!spot)
			return BAD("free_roads: %d left, but seat %d has no path to build on", h->free_roads, h->active);
		return need_cur(h, h->active);
	}
	case DP_YOP_PICK: {
		int bank = 0;
		for (int r = 0; r < NUM_RES; r++)
			bank += h->bank[r];
		if (!h->card_played)
			return BAD("card_played: 0 in phase yop_pick");
		if (h->picks < 1 || h->picks > 2 || h->picks > bank)
			return BAD("picks: %d (1..2, and no more than the %d cards in the bank)", h->picks, bank);
		return need_cur(h, h->active);
	}
	case DP_MONOPOLY_PICK:
		if (!h->card_played)
			return BAD("card_played: 0 in phase monopoly_pick");
		return need_cur(h, h->active);
	case DP_TRADE_RESPONSE:
		return check_trade(k, st);
	case DP_TRADE_CONFIRM:
		if ((rc = check_trade(k, st)))
			return rc;
		return need_cur(h, h->active);
	case DP_GAME_OVER:
		return need_cur(h, CRISK_SEAT_NONE);
	default: /* set-up settlement, pre-roll, robber move, main */
		return need_cur(h, h->active);
	}
}

/* Seat s's set-up pieces with skips, in set-up: each touches one of its
 * settlements, one per settlement, but at the settlement just placed,
 * whose piece comes next and has a place.  A settlement without one had
 * its piece skipped for want of a place, and has none now either: places
 * only fill up in set-up (hooks.h setup_piece_more). */
static int check_setup_pieces(const kern *k, const void *st, int s)
{
	const kstate *h = ks(st);
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	int pieces = 0, touching = 0;
	for (int p = 0; p < k->b.n_path; p++)
		pieces += paths[p] == s + 1;
	for (int n = 0; n < k->b.n_node; n++) {
		if (nodes[n] != s + 1)
			continue;
		const bnode *bn = &k->b.node[n];
		int own = 0;
		for (int i = 0; i < bn->deg; i++)
			own += paths[bn->path[i]] == s + 1;
		touching += own;
		int fresh = h->dp == DP_SETUP_ROAD && s == h->active && n == h->setup_node;
		if (own > 1 || (fresh && own))
			return BAD("seats[%d]: %d pieces at its set-up settlement on intersection %d (%d expected)", s, own, n,
				   !fresh);
		if (own)
			continue;
		int spot = kern_setup_piece_spot(k, st, s, n);
		if (fresh && !spot)
			return BAD("setup_node: seat %d has no place for the set-up piece at intersection %d, so the "
				   "piece is skipped, not awaited",
				   s, n);
		if (!fresh && spot)
			return BAD("seats[%d]: its set-up settlement on intersection %d has no piece, but a place for one "
				   "(a piece is skipped only without a place)",
				   s, n);
	}
	if (touching != pieces)
		return BAD("seats[%d]: %d of its %d set-up pieces touch none of its settlements (B-43)", s,
			   pieces - touching, pieces);
	return CRISK_OK;
}

/* hooks.h setup_skips: the states skips reach, and no other.  A skipped
 * step leaves no intersection open, for good, and ends set-up: so a
 * settlement step waits only with one open, and a seat with fewer
 * buildings than set-up rounds after set-up means none is open. */
static int check_skips(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	const int open = kern_site_open(k, st), rounds = kern_setup_steps(k) / k->seats;
	if (h->dp == DP_SETUP_SETTLEMENT && !open)
		return BAD("phase: setup_settlement, but no intersection is open, so the step is skipped, not awaited");
	for (int s = 0; s < k->seats; s++) {
		int rc = 0;
		if (h->turn == 0)
			rc = check_setup_pieces(k, st, s);
		if (rc)
			return rc;
		if (h->turn == 0 || !open)
			continue;
		int buildings = 0;
		for (int n = 0; n < k->b.n_node; n++)
			buildings += knodes(k, st)[n] && (knodes(k, st)[n] & NODE_OWNER_MASK) == (unsigned)s + 1;
		if (buildings < rounds)
			return BAD("seats[%d]: fewer buildings (%d) than set-up's %d rounds, but an intersection is open, "
				   "so no step was skipped",
				   s, buildings, rounds);
	}
	return CRISK_OK;
}

int kern_state_check(const kern *k, const void *st)
{
	int placed[MAX_OWNERS][4];
	memset(placed, 0, sizeof placed);
	int rc = check_header(k, ks(st));
	if (!rc)
		rc = check_board(k, st, placed);
	for (int s = 0; s < k->seats && !rc; s++)
		rc = check_seat(k, st, s, placed[s]);
	for (int s = k->seats; s < k->owners && !rc; s++)
		rc = check_neutral(k, st, s, placed[s]);
	if (!rc)
		rc = check_totals(k, st);
	if (!rc)
		rc = check_derived(k, st);
	if (!rc)
		rc = check_holders(k, st);
	if (!rc)
		rc = check_point(k, st);
	if (!rc && k->hk.ext_check)
		rc = k->hk.ext_check(k, st);
	/* last: the module's piece hook reads its state, checked now */
	if (!rc && k->hk.setup_skips)
		rc = check_skips(k, st);
	return rc;
}
