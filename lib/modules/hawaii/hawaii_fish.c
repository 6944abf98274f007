/* Fishing and fish (rules/hawaii.md sections 11-13, 17): the fishing boat
 * and fishing VP (H-65, H-66), fish from the blue discs on a roll (H-68),
 * fish tokens outside the hand (H-69, H-70: the kernel never sees them, so
 * discards, steals, Monopoly and Year of Plenty leave them alone), the limit
 * of 7 at END_TURN with its RETURN_FISH fallback (H-71), the fish market
 * (H-72..H-74) and the VP of chits and fishing (H-85).
 *
 * The market's steal and draw are the kernel's chance points DP_STEAL and
 * DP_DEV_DRAW (B-65, B-74, H-92): hw_ext.market says which one is the
 * market's, so that the state check (hooks.h module_steal) accepts a victim
 * anywhere and play returns to pre-roll or main (hw_market_done). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/error.h"
#include "hawaii.h"

static const uint8_t ability_cost[HW_N_ABILITIES] = {2, 2, 3, 3, 4, 5, 5, 7}; /* H-73 */
static const char *const ability_names[HW_N_ABILITIES] = {
	"fish_move_robber", "fish_move_pirate", "fish_steal", "fish_take_merchant",
	"fish_take",        "fish_build_road",  "fish_build_ship", "fish_dev"};

/* Per dice sum the fishing paths next to a disc with that number, each once
 * however many of its discs show it (H-68: 1 fish per ship and roll). */
int hw_rules_fishing(hw_rules *r)
{
	static const uint8_t no_track[1] = {0};
	r->track_vp = r->map->n_track ? r->map->track : no_track;
	const board *b = &r->k.b;
	size_t n = 0;
	for (int d = 0; d < b->n_disc; d++)
		n += b->disc[d].n;
	r->fish_path = malloc((n + 1) * sizeof *r->fish_path);
	if (!r->fish_path)
		return err_set(CRISK_ENOMEM, "out of memory for the rules");
	size_t at = 0;
	for (int t = 0; t < 13; t++) {
		r->fish_first[t] = (uint16_t)at;
		size_t first = at;
		for (int d = 0; d < b->n_disc; d++) {
			if (b->disc[d].number != t)
				continue;
			for (int i = 0; i < b->disc[d].n; i++) {
				uint16_t p = b->disc_path[b->disc[d].first + i];
				size_t j = first;
				while (j < at && r->fish_path[j] != p)
					j++;
				if (j == at)
					r->fish_path[at++] = p;
			}
		}
	}
	r->fish_first[13] = (uint16_t)at;
	return CRISK_OK;
}

/* ---- the fishing track (H-65, H-66) ---- */

int hw_boat_count(const kern *k, const void *st, int s)
{
	const uint8_t *paths = kpaths(k, st);
	const uint64_t *fishing = hwr(k)->fishing_paths;
	int n = 0;
	for (int w = 0; w < k->pw; w++) {
		for (uint64_t m = fishing[w]; m; m &= m - 1)
			n += paths[w * 64 + bit_low(m)] == s + 1;
	}
	return n;
}

static int boat_position(const kern *k, int ships)
{
	int last = hwr(k)->map->n_track - 1;
	return last <= 0 ? 0 : ships < last ? ships : last;
}

void hw_boat_update(const kern *k, void *st, int s, evlog *log)
{
	hw_ext *x = hwx(k, st);
	int pos = boat_position(k, hw_boat_count(k, st, s));
	if (pos == x->boat[s])
		return;
	x->boat[s] = (uint8_t)pos;
	ev *e = ev_push(log, HW_EV_EFFECT, s, -1);
	if (e) {
		e->args[0] = HW_FX_BOAT;
		e->args[1] = pos;
		e->args[2] = hw_fishing_vp(k, st, s);
	}
}

static inline int fishing_vp(const kern *k, const void *st, int s)
{
	return hwr(k)->track_vp[hwx(k, st)->boat[s]]; /* boat 0 without a track (the state check) */
}

int hw_fishing_vp(const kern *k, const void *st, int s)
{
	return fishing_vp(k, st, s);
}

/* H-85: chits and fishing VP, visible. */
int hw_extra_vp(const kern *k, const void *st, int s)
{
	return hw_chits_of(k, st, s) + hw_fishing_vp(k, st, s);
}

/* The same on a map of at most 8 chits (hw_rules_create picks the hook:
 * this, hw_extra_vp, or hw_fishing_vp alone without chits). */
int hw_extra_vp8(const kern *k, const void *st, int s)
{
	return hw_chits_in8(k, st, s) + fishing_vp(k, st, s); /* no call: a VP count asks it at every turn start */
}

/* kern.turn_more with hw_extra_vp8 (hawaii.c picks it; 3-4 seats on the
 * built-in map): the turn start's hook hw_moves_turn_start (hawaii_moves.c:
 * the moved flag and the fresh ships of H-78, H-80, cleared) and then the
 * kernel's victory check (flow.c check_victory, B-105, B-106) with the VP
 * hook's count inline: one call, with no frame, instead of the kernel's
 * turn_start_hooked calling the hook and the VP hook. */
void hw_turn_start_vp8(const kern *k, void *st, evlog *log)
{
	hw_ext *x = hwx(k, st);
	x->moved = 0;
	x->n_fresh = 0;
	memset(x->fresh, 0, sizeof x->fresh);
	const kstate *h = ks(st);
	/* flow_victory_possible(h) without two of its tests, true at every
	 * turn start: start_turn_in has just counted the turn (so it is not
	 * 0), and part_owner is NO_SEAT there (an END_TURN leaves the main
	 * phase, where the state check allows no part_owner; flow_end_part
	 * clears it first; the set-up has none). */
	assert(h->turn != 0 && h->part_owner == NO_SEAT);
	if (h->status != CRISK_STATUS_RUNNING || h->knight)
		return;
	int s = h->active;
	int vp = kvisible_vp_plain(k, st, s) + kseat_of(k, st, s)->dev[CRISK_CATAN_VICTORY_POINT] +
		 fishing_vp(k, st, s);
	vp += hw_chits_in8(k, st, s);
	if (vp >= k->cfg.vp_target)
		flow_win(k, st, s, log);
}

/* ---- fishing (H-68, H-53) ---- */

void hw_fish_produced(const kern *k, void *st, int sum, evlog *log)
{
	const hw_rules *r = hwr(k);
	const uint8_t *paths = kpaths(k, st);
	/* Byte o of got: the fish of owner o (seat o - 1; byte 0 the empty
	 * paths), at most one per fishing path.  hawaii has no non-seat
	 * owners, so o <= seats <= 6 and a count stays below 256. */
	static const uint64_t unit[8] = {0, 1, UINT64_C(1) << 8, UINT64_C(1) << 16, UINT64_C(1) << 24, UINT64_C(1) << 32,
					 UINT64_C(1) << 40, UINT64_C(1) << 48}; /* byte o - 1: the empty paths add nothing */
	uint64_t got = 0;
	for (const uint16_t *f = r->fish_path + r->fish_first[sum], *end = r->fish_path + r->fish_first[sum + 1]; f < end;
	     f++) {
		assert(paths[*f] <= k->seats && k->seats < 8);
		got += unit[paths[*f]];
	}
	/* byte s: seat s */
	if (!got)  /* most rolls: no ship at a fishing path of this number */
		return;
	hw_ext *x = hwx(k, st);
	do { /* seats in order (events as before) */
		unsigned sh = (unsigned)bit_low(got) & ~7u;
		int s = (int)(sh / 8);
		int n = (int)(got >> sh & 0xFFu), room = HW_FISH_MAX - x->fish[s]; /* hw_trade_fish_ok */
		got -= (uint64_t)n << sh; /* byte s cleared */
		n = n < room ? n : room;
		if (!n)
			continue;
		x->fish[s] = (uint8_t)(x->fish[s] + n);
		ev *e = ev_push(log, HW_EV_FISH, s, -1);
		if (e) {
			e->args[0] = n;
			e->args[1] = x->fish[s];
		}
	} while (got);
}

/* ---- the fish market (H-72..H-74) and the limit (H-71) ---- */

static int market_phase(const kstate *h)
{
	return h->status == CRISK_STATUS_RUNNING && (h->dp == DP_PRE_ROLL || h->dp == DP_MAIN) &&
	       h->cur == (int8_t)h->active && h->part_owner == NO_SEAT;
}

static crisk_action market_code(int ability, int arg)
{
	return act_make(HW_FISH, (uint64_t)ability << 16 | (uint64_t)arg);
}

/* codes[0 .. n) but codes[skip], in order: copied in one or two blocks
 * when the buffer holds them all (the codes are made once, with the rules). */
#if defined(HW_AVX2)
/* hw_put_codes' codes (codes[i] == codes[0] + i) with hw_run_avx2, where o
 * has room for n + 3. */
static HW_TARGET_AVX2 __attribute__((noinline)) void put_codes_avx2(action_out *o, crisk_action base, int n, int skip)
{
	crisk_action *w = o->buf + o->n;
	if (n == 43)
		o->n += hw_run_avx2_n(w, base, 43, skip);
	else if (n == 28)
		o->n += hw_run_avx2_n(w, base, 28, skip);
	else
		o->n += hw_run_avx2(w, base, n, skip);
}
#endif

/* hw_put_codes by two copies of the table (any processor). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void put_codes_copy(action_out *o, const crisk_action *codes, int n, int skip)
{
	size_t at = o->n;
	if (o->buf && n > 0 && at + (size_t)n <= o->cap) {
		if ((unsigned)skip < (unsigned)n) {
			memcpy(o->buf + at, codes, (size_t)skip * sizeof *codes);
			memcpy(o->buf + at + skip, codes + skip + 1, (size_t)(n - skip - 1) * sizeof *codes);
			o->n = at + (size_t)n - 1;
		} else {
			memcpy(o->buf + at, codes, (size_t)n * sizeof *codes);
			o->n = at + (size_t)n;
		}
		return;
	}
	for (int i = 0; i < n; i++) {
		if (i != skip)
			out_put(o, codes[i]);
	}
}

/* A choice without a frame (tail calls): AVX2 where the processor has it
 * and o has the room hw_run_avx2 needs (the codes ascend by one: the
 * rules object's tables). */
void hw_put_codes(action_out *o, const crisk_action *codes, int n, int skip)
{
#if defined(HW_AVX2)
	if (o->buf && n > 0 && o->n + (size_t)n + 3 <= o->cap && hw_has_avx2()) {
		put_codes_avx2(o, codes[0], n, skip);
		return;
	}
#endif
	put_codes_copy(o, codes, n, skip);
}

#if defined(HW_AVX2)
/* hw_list_market's first codes without friendly_robber, with hw_run_avx2:
 * FISH(move robber) to every land hex but the robber's, FISH(move pirate)
 * to every sea hex but the pirate's (B-62, H-57, H-73); o has room for
 * n_land + n_sea + 6. */
static HW_TARGET_AVX2 __attribute__((noinline)) void market_hexes_avx2(const kern *k, const void *st, action_out *o)
{
	const int n_land = k->b.n_land, n_sea = k->b.n_sea, robber = ks(st)->robber,
		  pirate = (int)hwx(k, st)->pirate - n_land;
	const crisk_action rob = market_code(HW_FISH_MOVE_ROBBER, 0), pir = market_code(HW_FISH_MOVE_PIRATE, n_land);
	crisk_action *w = o->buf + o->n;
	size_t n;
	if (n_land == 28 && n_sea == 43) { /* the built-in map */
		n = hw_run_avx2_n(w, rob, 28, robber);
		n += hw_run_avx2_n(w + n, pir, 43, pirate);
	} else {
		n = hw_run_avx2(w, rob, n_land, robber);
		n += hw_run_avx2(w + n, pir, n_sea, pirate);
	}
	o->n += n;
}
#endif

/* FISH(build road) on every path where kern_road_ok lets s build a road,
 * ascending: the road-type paths (kern.node_paths) at the points where
 * kern_path_ok takes an end (a building of s; an empty point s reaches
 * that is no named location), as bitsets, then the empty ones. */
static void market_roads(const kern *k, const void *st, int s, action_out *o)
{
	const uint64_t *reach = kreach(k, st, s), *occupied = koccupied(k, st);
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	const int nw = k->nw, pw = k->pw;
	uint64_t spots[HW_MAX_PW] = {0};
	for (int w = 0; w < nw; w++) {
		uint64_t from = reach[w] & ~occupied[w] & ~k->stop[w];
		for (uint64_t m = occupied[w]; m; m &= m - 1) { /* the buildings of s */
			const int n = w * 64 + bit_low(m);
			from |= (uint64_t)((nodes[n] & NODE_OWNER_MASK) == (unsigned)s + 1) << (n & 63);
		}
		for (; from; from &= from - 1) {
			const uint64_t *at = k->node_paths + (size_t)(w * 64 + bit_low(from)) * (size_t)pw;
			for (int i = 0; i < pw; i++)
				spots[i] |= at[i];
		}
	}
	for (int w = 0; w < pw; w++) {
		for (uint64_t m = spots[w]; m; m &= m - 1) {
			const int p = w * 64 + bit_low(m);
			assert((paths[p] == 0) == (kern_road_ok(k, st, s, p) != 0));
			if (!paths[p])
				out_put(o, market_code(HW_FISH_BUILD_ROAD, p));
		}
	}
#if !defined(NDEBUG)
	int n_ok = 0, n_spots = 0; /* every path kern_road_ok takes is in spots */
	for (int p = 0; p < k->b.n_path; p++)
		n_ok += kern_road_ok(k, st, s, p);
	for (int w = 0; w < pw; w++) {
		for (uint64_t m = spots[w]; m; m &= m - 1)
			n_spots += !paths[w * 64 + bit_low(m)];
	}
	assert(n_ok == n_spots);
#endif
}

/* Every legal use, ascending (ability, then argument). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void list_market(const kern *k, const void *st, action_out *o)
{
	const kstate *h = ks(st);
	const hw_ext *x = hwx(k, st);
	if (!market_phase(h))
		return;
	int s = h->active, fish = x->fish[s];
	if (fish >= 2) {
		/* Without friendly_robber every land hex but the robber's is
		 * legal (kern_robber_ok, B-62). */
		if (!k->cfg.friendly_robber) {
#if defined(HW_AVX2)
			/* Both runs in one call, where o has room. */
			if (o->buf && o->n <= o->cap && o->cap - o->n >= (size_t)k->b.n_land + (size_t)k->b.n_sea + 6 &&
			    hw_has_avx2()) {
				market_hexes_avx2(k, st, o);
				goto hexes_listed;
			}
#endif
			hw_put_codes(o, hwr(k)->robber_codes, k->b.n_land, h->robber);
			hw_put_codes(o, hwr(k)->fish_pirate_codes, k->b.n_sea, x->pirate - k->b.n_land);
		} else { /* H-91 for both moves */
			for (int hex = 0; hex < k->b.n_land; hex++) {
				if (hex != h->robber && kern_robber_ok(k, st, hex) == CRISK_OK)
					out_put(o, market_code(HW_FISH_MOVE_ROBBER, hex));
			}
			for (int hex = k->b.n_land; hex < k->b.n_land + k->b.n_sea; hex++) {
				if (hex != x->pirate && hw_pirate_friendly_ok(k, st, hex))
					out_put(o, market_code(HW_FISH_MOVE_PIRATE, hex));
			}
		}
	}
#if defined(HW_AVX2)
hexes_listed:
#endif
	if (fish >= 3) {
		for (int v = 0; v < k->seats; v++) {
			if (v != s && kseat_of(k, st, v)->cards)
				out_put(o, market_code(HW_FISH_STEAL, v));
		}
		/* The seat holds a scroll (H-74): on a map without buildings'
		 * harbors its harbor bits are the scrolls' (the state check
		 * refuses others), no scan of the merchant spaces. */
		assert(hwr(k)->node_harbors || (kseat_of(k, st, s)->harbors != 0) == (hw_merchant_bits(k, st, s) != 0));
		if (hwr(k)->node_harbors ? hw_merchant_bits(k, st, s) != 0 : kseat_of(k, st, s)->harbors != 0) {
			for (int r = 0; r < NUM_RES; r++) {
				if (h->bank[r])
					out_put(o, market_code(HW_FISH_TAKE_MERCHANT, r));
			}
		}
	}
	if (fish >= 4) {
		for (int r = 0; r < NUM_RES; r++) {
			if (h->bank[r])
				out_put(o, market_code(HW_FISH_TAKE, r));
		}
	}
	if (fish >= 5) {
		if (kseat_of(k, st, s)->supply[PIECE_ROAD])
			market_roads(k, st, s, o);
		uint64_t spots[HW_MAX_PW];
		if (x->ships[s] && hw_ship_spots(k, st, s, spots)) {
			for (int w = 0; w < k->pw; w++) {
				for (uint64_t m = spots[w]; m; m &= m - 1)
					out_put(o, market_code(HW_FISH_BUILD_SHIP, w * 64 + bit_low(m)));
			}
		}
	}
	if (fish >= 7 && kern_deck_holds(h))
		out_put(o, market_code(HW_FISH_DEV, 0));
}

/* list_market, but with 2 fish (the most frequent market list: the robber's
 * and the pirate's moves alone) and AVX2 where o has room: both runs as a
 * tail call, without list_market's frame. */
void hw_list_market(const kern *k, const void *st, action_out *o)
{
#if defined(HW_AVX2)
	const kstate *h = ks(st);
	if (hwx(k, st)->fish[h->active] == 2 && market_phase(h) && !k->cfg.friendly_robber && o->buf &&
	    o->n <= o->cap && o->cap - o->n >= (size_t)k->b.n_land + (size_t)k->b.n_sea + 6 && hw_has_avx2()) {
		market_hexes_avx2(k, st, o);
		return;
	}
#endif
	list_market(k, st, o);
}

static int market_usable(const kern *k, const void *st)
{
	action_out o = {NULL, 0, 0};
	hw_list_market(k, st, &o);
	return o.n != 0;
}

/* H-71: END_TURN needs at most 7 fish. */
int hw_end_turn_ok(const kern *k, const void *st)
{
	int fish = hwx(k, st)->fish[ks(st)->active];
	if (fish <= HW_FISH_LIMIT)
		return CRISK_OK;
	return err_set(CRISK_EILLEGAL, "you hold %d fish: at most %d at the end of your turn; use the fish market first (H-71)",
		       fish, HW_FISH_LIMIT);
}

/* H-71's fallback: in the main phase with more than 7 fish and no usable
 * ability, RETURN_FISH is the only legal action. */
int hw_must_return(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	return h->dp == DP_MAIN && hwx(k, st)->fish[h->active] > HW_FISH_LIMIT && market_phase(h) &&
	       !market_usable(k, st);
}

static int check_return(const kern *k, const void *st, crisk_action a)
{
	if (a != act_make(HW_RETURN_FISH, 0))
		return err_set(CRISK_EILLEGAL, "malformed action code: bits set outside its fields");
	if (!hw_must_return(k, st))
		return err_set(CRISK_EILLEGAL, "fish go back to the supply only in your main phase with more than %d fish "
					       "and no usable fish-market ability (H-71)",
			       HW_FISH_LIMIT);
	return CRISK_OK;
}

int hw_check_market(const kern *k, const void *st, crisk_action a)
{
	if (ACT_TYPE(a) == HW_RETURN_FISH)
		return check_return(k, st, a);
	const kstate *h = ks(st);
	const hw_ext *x = hwx(k, st);
	if (a & ~((UINT64_C(0xFF) << 56) | UINT64_C(0xFFFFFF)))
		return err_set(CRISK_EILLEGAL, "malformed action code: bits set outside its fields");
	int ability = (int)((a >> 16) & 0xFF), arg = ACT_ID(a), s = h->active;
	if (ability >= HW_N_ABILITIES)
		return err_set(CRISK_EILLEGAL, "the fish market has no ability %d (0..%d, H-73)", ability,
			       HW_N_ABILITIES - 1);
	if (!market_phase(h))
		return err_set(CRISK_EILLEGAL, "the fish market is used only in your own turn, before or after the roll (H-42)");
	if (x->fish[s] < ability_cost[ability])
		return err_set(CRISK_EILLEGAL, "not enough fish for %s: need %d, have %d (H-73)", ability_names[ability],
			       ability_cost[ability], x->fish[s]);
	switch (ability) {
	case HW_FISH_MOVE_ROBBER:
		return kern_robber_ok(k, st, arg);
	case HW_FISH_MOVE_PIRATE:
		if (arg < k->b.n_land || arg >= k->b.n_land + k->b.n_sea)
			return err_set(CRISK_EILLEGAL, "hex %d is not a sea hex (sea hexes are %d..%d)", arg, k->b.n_land,
				       k->b.n_land + k->b.n_sea - 1);
		if (arg == x->pirate)
			return err_set(CRISK_EILLEGAL, "the pirate is already on hex %d and must move (H-57)", arg);
		return hw_check_pirate_friendly(k, st, arg); /* H-91 */
	case HW_FISH_STEAL:
		if (arg >= k->seats || arg == s)
			return err_set(CRISK_EILLEGAL, "seat %d is not an opponent", arg);
		if (!kseat_of(k, st, arg)->cards)
			return err_set(CRISK_EILLEGAL, "seat %d has no resource cards to steal (H-74)", arg);
		return CRISK_OK;
	case HW_FISH_TAKE_MERCHANT:
	case HW_FISH_TAKE:
		if (arg >= NUM_RES)
			return err_set(CRISK_EILLEGAL, "resource %d is not a resource (0..4)", arg);
		if (ability == HW_FISH_TAKE_MERCHANT && !hw_merchant_bits(k, st, s))
			return err_set(CRISK_EILLEGAL, "fish_take_merchant needs a ship on a merchant space (H-73, H-102)");
		if (!h->bank[arg])
			return err_set(CRISK_EILLEGAL, "the bank has no %s left", kern_res_names[arg]);
		return CRISK_OK;
	case HW_FISH_BUILD_ROAD:
		if (!kseat_of(k, st, s)->supply[PIECE_ROAD])
			return err_set(CRISK_EILLEGAL, "you have no road left in your supply (H-43)");
		if (arg >= k->b.n_path)
			return err_set(CRISK_EILLEGAL, "there is no space %d (the map has %d)", arg, k->b.n_path);
		if (!kern_road_path(k, arg))
			return err_set(CRISK_EILLEGAL, "space %d is not a road space: no road goes there (H-3 b)", arg);
		if (kpaths(k, st)[arg])
			return err_set(CRISK_EILLEGAL, "space %d already holds a piece", arg);
		if (!kern_road_ok(k, st, s, arg))
			return err_set(CRISK_EILLEGAL,
				       "space %d is not connected to your roads, ships or buildings; an empty named "
				       "location is no way through (H-45)",
				       arg);
		return CRISK_OK;
	case HW_FISH_BUILD_SHIP:
		if (!x->ships[s])
			return err_set(CRISK_EILLEGAL, "you have no ship left in your supply (H-43)");
		return hw_check_ship_spot(k, st, s, arg);
	default: /* HW_FISH_DEV */
		if (arg)
			return err_set(CRISK_EILLEGAL, "malformed action code: fish_dev takes no argument");
		if (!kern_deck_holds(h))
			return err_set(CRISK_EILLEGAL, "the development deck is empty (H-74)");
		return CRISK_OK;
	}
}

/* hw_check_market's tests of the two moves, the most frequent uses (H-73),
 * as one conjunction without messages, without friendly_robber (H-91): the
 * robber's (kern_robber_ok: a land hex but the robber's, B-62) and the
 * pirate's (a sea hex but the pirate's, H-57), each at 2 fish in the
 * market's phase (H-42).  False for any other code. */
static inline int market_move_ok(const kern *k, const void *st, crisk_action a)
{
	_Static_assert(HW_FISH_MOVE_ROBBER == 0 && HW_FISH_MOVE_PIRATE == 1, "the moves are abilities 0 and 1");
	const kstate *h = ks(st);
	const hw_ext *x = hwx(k, st);
	const unsigned arg = (unsigned)ACT_ID(a);
	if (!market_phase(h) || x->fish[h->active] < 2) /* ability_cost of both */
		return 0;
	if ((a & ~UINT64_C(0xFFFF)) == market_code(HW_FISH_MOVE_ROBBER, 0))
		return kern_robber_plain_ok(k, st, arg);
	return (a & ~UINT64_C(0xFFFF)) == market_code(HW_FISH_MOVE_PIRATE, 0) && !k->cfg.friendly_robber &&
	       arg - (unsigned)k->b.n_land < (unsigned)k->b.n_sea && arg != x->pirate;
}

/* hw_market_checked past the two moves: the rule function, then the apply. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int market_checked_rest(const kern *k, void *st, crisk_action a, evlog *log)
{
	const int rc = hw_check_market(k, st, a);
	if (rc)
		return rc;
	/* market_move_ok is exact for the moves it takes */
	assert(ACT_TYPE(a) != HW_FISH || ((a >> 16) & 0xFF) > HW_FISH_MOVE_PIRATE || k->cfg.friendly_robber);
	hw_apply_market(k, st, a, log);
	return CRISK_OK;
}

int hw_market_checked(const kern *k, void *st, crisk_action a, evlog *log)
{
	if (!market_move_ok(k, st, a))
		return market_checked_rest(k, st, a, log);
	assert(hw_check_market(k, st, a) == CRISK_OK);
	hw_apply_market(k, st, a, log);
	return CRISK_OK;
}

static void take_card(const kern *k, void *st, int s, int r)
{
	kstate *h = ks(st);
	kseat *p = kseat_of(k, st, s);
	h->bank[r]--;
	p->hand[r]++;
	p->cards++;
}

void hw_apply_market(const kern *k, void *st, crisk_action a, evlog *log)
{
	kstate *h = ks(st);
	hw_ext *x = hwx(k, st);
	int s = h->active;
	ev *e;
	if (ACT_TYPE(a) == HW_RETURN_FISH) { /* H-71 fallback */
		x->fish[s]--;
		e = ev_push(log, HW_EV_FISH, s, -1);
		if (e) {
			e->args[0] = -1;
			e->args[1] = x->fish[s];
		}
		return;
	}
	int ability = (int)((a >> 16) & 0xFF), arg = ACT_ID(a);
	x->fish[s] = (uint8_t)(x->fish[s] - ability_cost[ability]);
	e = ev_push(log, HW_EV_MARKET, s, ability == HW_FISH_STEAL ? arg : -1);
	if (e) {
		e->args[0] = ability;
		e->args[1] = arg;
		e->args[2] = ability_cost[ability];
		e->args[3] = x->fish[s];
	}
	switch (ability) {
	case HW_FISH_MOVE_ROBBER: /* no steal, not a knight */
		h->robber = (uint16_t)arg;
		e = ev_push(log, CRISK_CATAN_EV_ROBBER, s, -1);
		if (e)
			e->args[0] = arg;
		break;
	case HW_FISH_MOVE_PIRATE:
		x->pirate = (uint16_t)arg;
		break;
	case HW_FISH_STEAL: /* the chance event STEAL (B-65, H-92) */
		x->market = HW_MK_STEAL;
		h->victim = (int8_t)arg;
		h->ret = h->dp;
		h->dp = DP_STEAL;
		h->cur = CRISK_SEAT_CHANCE;
		kern_auto_chance(k, st, log);
		hw_market_done(k, st);
		break;
	case HW_FISH_TAKE_MERCHANT:
	case HW_FISH_TAKE:
		take_card(k, st, s, arg);
		break;
	case HW_FISH_BUILD_ROAD:
		flow_add_road(k, st, s, arg);
		e = ev_push(log, CRISK_CATAN_EV_BUILD_ROAD, s, -1);
		if (e) {
			e->args[0] = arg;
			e->args[1] = 1; /* free */
		}
		hw_piece_placed(k, st, s, arg, log);
		flow_update_longest_road_at(k, st, s, arg, log);
		break;
	case HW_FISH_BUILD_SHIP:
		hw_put_free_ship(k, st, s, arg, log);
		break;
	default: /* HW_FISH_DEV: the chance event DEV_DRAW (B-74, H-92) */
		/* The kernel's draw returns to main and marks the card bought
		 * this turn (B-79); from pre-roll hw_market_done returns there. */
		x->market = h->dp == DP_PRE_ROLL ? HW_MK_DEV_PREROLL : HW_MK_NONE;
		h->dp = DP_DEV_DRAW;
		h->cur = CRISK_SEAT_CHANCE;
		kern_auto_chance(k, st, log);
		hw_market_done(k, st);
		break;
	}
	/* H-50, B-84: only a road or ship changes VP here (Longest Trade Route,
	 * chits, the fishing boat); a drawn card or a steal is checked by
	 * kern_auto_chance or by its result's apply, and the other abilities
	 * change no VP, so the check would repeat the last one's answer
	 * (docs/decisions.md hawaii 48). */
	if (ability == HW_FISH_BUILD_ROAD || ability == HW_FISH_BUILD_SHIP)
		flow_check_victory(k, st, log);
}

void hw_market_done(const kern *k, void *st)
{
	kstate *h = ks(st);
	hw_ext *x = hwx(k, st);
	if (!x->market || h->dp == DP_STEAL || h->dp == DP_DEV_DRAW)
		return;
	if (x->market == HW_MK_DEV_PREROLL && h->dp == DP_MAIN)
		h->dp = DP_PRE_ROLL;
	x->market = HW_MK_NONE;
}

int hw_module_steal(const kern *k, const void *st)
{
	return hwx(k, st)->market == HW_MK_STEAL;
}

/* ---- the state check of this slice's fields (H-112) ---- */

#define BAD(...) err_set(CRISK_EFORMAT, __VA_ARGS__)

int hw_fish_check(const kern *k, const void *st)
{
	const kstate *h = ks(st);
	const hw_ext *x = hwx(k, st);
	/* Any count up to HW_FISH_MAX (a uint8) can be reached once fish are
	 * traded (H-61); none in set-up (H-40). */
	for (int s = 0; s < CRISK_MAX_SEATS; s++) {
		int used = s < k->seats;
		if (!used && (x->fish[s] || x->boat[s]))
			return BAD("ext.fish[%d], ext.boat[%d]: %d and %d for a seat this game does not have", s, s, x->fish[s],
				   x->boat[s]);
		if (h->turn == 0 && x->fish[s])
			return BAD("ext.fish[%d]: %d fish in set-up (H-40)", s, x->fish[s]);
		if (used && x->boat[s] != boat_position(k, hw_boat_count(k, st, s)))
			return BAD("ext.boat[%d]: %d, but %d ships on fishing spaces put the boat on %d (H-65)", s, x->boat[s],
				   hw_boat_count(k, st, s), boat_position(k, hw_boat_count(k, st, s)));
	}
	switch (x->market) {
	case HW_MK_NONE:
		break;
	case HW_MK_STEAL:
		if (h->dp != DP_STEAL || (h->ret != DP_PRE_ROLL && h->ret != DP_MAIN) || h->knight)
			return BAD("ext.market: a fish-market steal, but the phase is %s returning to %s", kern_dp_name(h->dp),
				   kern_dp_name(h->ret));
		if (h->victim < 0 || h->victim >= k->seats || h->victim == h->active || !kseat_of(k, st, h->victim)->cards)
			return BAD("victim: %d is not an opponent with cards (fish-market steal, H-73)", h->victim);
		break;
	case HW_MK_DEV_PREROLL:
		if (h->dp != DP_DEV_DRAW || h->part_owner != NO_SEAT)
			return BAD("ext.market: a fish-market draw before the roll, but the phase is %s", kern_dp_name(h->dp));
		break;
	default:
		return BAD("ext.market: %d is not 0, 1 or 2", x->market);
	}
	return hw_chits_check(k, st);
}

/* ---- views (H-93: fish, boats, chits and merchants are public) ---- */

void hw_fish_view_json(const kern *k, const void *st, int viewer, jw *w)
{
	(void)viewer;
	const hw_ext *x = hwx(k, st);
	const hw_rules *r = hwr(k);
	jw_key(w, "fish");
	jw_arr_begin(w);
	for (int s = 0; s < k->seats; s++)
		jw_int(w, x->fish[s]);
	jw_arr_end(w);
	jw_key(w, "boat");
	jw_arr_begin(w);
	for (int s = 0; s < k->seats; s++)
		jw_int(w, x->boat[s]);
	jw_arr_end(w);
	jw_key(w, "fishing_vp");
	jw_arr_begin(w);
	for (int s = 0; s < k->seats; s++)
		jw_int(w, hw_fishing_vp(k, st, s));
	jw_arr_end(w);
	jw_key(w, "merchants"); /* per seat: the harbor bits its merchant ships give (H-63) */
	jw_arr_begin(w);
	for (int s = 0; s < k->seats; s++)
		jw_int(w, hw_merchant_bits(k, st, s));
	jw_arr_end(w);
	jw_key(w, "chits"); /* per chit point: [point, holder or -1] */
	jw_arr_begin(w);
	for (int n = 0; n < k->b.n_node; n++) {
		if (r->chit_of[n] < 0)
			continue;
		jw_arr_begin(w);
		jw_int(w, n);
		jw_int(w, x->chit[r->chit_of[n]] - 1);
		jw_arr_end(w);
	}
	jw_arr_end(w);
}
