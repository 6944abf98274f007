/* Reinforcement learning for module hawaii (docs/rl-hawaii.md): the module.h
 * rl_* hooks over the kernel's (catan_rl.c).  The kernel's indices come
 * first, then hawaii's types 56..62 in ascending type order; the kernel's
 * observation first, then hawaii's public fields (H-93: the pirate, ships in
 * supply, fish, boats, fishing VP, merchants, chits), exactly what
 * hw_view_json shows.
 *
 * Ship actions name a ship-type space by its slot in hw_rules.ship_list
 * (the ship-type spaces ascending), since no ship goes on a road space.
 * MOVE_SHIP(from, to) is indexed as slot(to) * HW_SHIPS + rank(from), where
 * rank(from) counts the actor's ships on lower slots: a seat never has more
 * than HW_SHIPS ships, so every legal move has an index, in S * 15 indices
 * instead of S * S (H-78..H-81). */
#include <stdlib.h>

#include "../../core/error.h"
#include "../../core/rl_describe.h"
#include "../catan_module.h"
#include "hawaii.h"

/* FISH's abilities (H-73) each get a range; arguments by ability. */
enum { RL_MOVE_ROBBER, RL_MOVE_PIRATE, RL_STEAL, RL_TAKE_MERCHANT, RL_TAKE, RL_BUILD_ROAD, RL_BUILD_SHIP, RL_DEV };

/* First index and count of every range, from the map's sizes. */
typedef struct rl_layout {
	size_t place_ship, build_ship, free_ship, move_pirate, move_ship, fish[HW_N_ABILITIES], return_fish, end;
	size_t fish_count[HW_N_ABILITIES];
} rl_layout;

static void layout(const kern *k, rl_layout *L)
{
	const size_t ships = (size_t)hwr(k)->n_ship_list;
	L->place_ship = hwr(k)->rl_kern_actions;
	L->build_ship = L->place_ship + ships;
	L->free_ship = L->build_ship + ships;
	L->move_pirate = L->free_ship + ships;
	L->move_ship = L->move_pirate + (size_t)k->b.n_sea;
	L->fish_count[RL_MOVE_ROBBER] = (size_t)k->b.n_land;
	L->fish_count[RL_MOVE_PIRATE] = (size_t)k->b.n_sea;
	L->fish_count[RL_STEAL] = (size_t)k->seats - 1; /* seats 1 .. seats-1 from the actor */
	L->fish_count[RL_TAKE_MERCHANT] = NUM_RES;
	L->fish_count[RL_TAKE] = NUM_RES;
	L->fish_count[RL_BUILD_ROAD] = (size_t)k->b.n_path;
	L->fish_count[RL_BUILD_SHIP] = ships;
	L->fish_count[RL_DEV] = 1;
	size_t at = L->move_ship + ships * HW_SHIPS;
	for (int a = 0; a < HW_N_ABILITIES; a++) {
		L->fish[a] = at;
		at += L->fish_count[a];
	}
	L->return_fish = at;
	L->end = at + 1;
}

/* The slot of path p in ship_list, or -1 for a road space or no space. */
static int ship_slot(const hw_rules *r, int p)
{
	int lo = 0, hi = r->n_ship_list;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (r->ship_list[mid] < p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < r->n_ship_list && r->ship_list[lo] == p ? lo : -1;
}

/* The seat whose view seat arguments are counted from: the seat to act. */
static int actor(const void *st)
{
	return ks(st)->cur;
}

/* rank(from) of MOVE_SHIP: the actor's ships on slots below from's. */
static int ship_rank(const kern *k, const void *st, int s, int slot)
{
	const hw_rules *r = hwr(k);
	const uint8_t *paths = kpaths(k, st);
	int rank = 0;
	for (int j = 0; j < slot; j++)
		rank += paths[r->ship_list[j]] == s + 1;
	return rank;
}

/* The path of the actor's ship of that rank, or -1 when it has fewer. */
static int ship_of_rank(const kern *k, const void *st, int s, int rank)
{
	const hw_rules *r = hwr(k);
	const uint8_t *paths = kpaths(k, st);
	for (int j = 0; j < r->n_ship_list; j++) {
		if (paths[r->ship_list[j]] == s + 1 && rank-- == 0)
			return r->ship_list[j];
	}
	return -1;
}

void hw_rules_rl(hw_rules *r)
{
	r->rl_kern_actions = cm_rl_actions(&r->k);
	r->rl_kern_obs = cm_rl_obs_size(&r->k);
}

size_t hw_rl_actions(const void *data)
{
	rl_layout L;
	layout(data, &L);
	return L.end;
}

static int64_t at(size_t first, int k)
{
	return (int64_t)first + k;
}

static int64_t fish_index(const kern *k, const void *st, const rl_layout *L, crisk_action a)
{
	if (a & ~((UINT64_C(0xFF) << 56) | UINT64_C(0xFFFFFF)))
		return -1;
	int ability = (int)((a >> 16) & 0xFF), arg = ACT_ID(a), n_land = k->b.n_land;
	if (ability >= HW_N_ABILITIES)
		return -1;
	int k_arg;
	switch (ability) {
	case HW_FISH_MOVE_PIRATE:
		k_arg = arg - n_land;
		break;
	case HW_FISH_STEAL: /* a seat counted from the actor, 1 .. seats-1 */
		k_arg = arg < k->seats ? (arg - actor(st) + k->seats) % k->seats - 1 : -1;
		break;
	case HW_FISH_BUILD_SHIP:
		k_arg = ship_slot(hwr(k), arg);
		break;
	default:
		k_arg = arg;
		break;
	}
	if (k_arg < 0 || (size_t)k_arg >= L->fish_count[ability])
		return -1;
	return at(L->fish[ability], k_arg);
}

/* The index of a code of hawaii's types (56 and up) with the layout L. */
static int64_t module_index(const kern *k, const void *st, const rl_layout *L, crisk_action a)
{
	unsigned type = ACT_TYPE(a);
	const hw_rules *r = hwr(k);
	if (type == HW_FISH)
		return fish_index(k, st, L, a);
	if (type == HW_RETURN_FISH)
		return a == act_make(HW_RETURN_FISH, 0) ? (int64_t)L->return_fish : -1;
	if (type > HW_RETURN_FISH)
		return -1;
	uint64_t fields = type == HW_MOVE_SHIP ? UINT64_C(0xFFFFFFFF) : UINT64_C(0xFFFF);
	if (a & ~((UINT64_C(0xFF) << 56) | fields))
		return -1;
	int id = ACT_ID(a), slot = type == HW_MOVE_PIRATE ? -1 : ship_slot(r, id);
	switch (type) {
	case HW_PLACE_SHIP:
		return slot < 0 ? -1 : at(L->place_ship, slot);
	case HW_BUILD_SHIP:
		return slot < 0 ? -1 : at(L->build_ship, slot);
	case HW_PLACE_FREE_SHIP:
		return slot < 0 ? -1 : at(L->free_ship, slot);
	case HW_MOVE_PIRATE:
		return id >= k->b.n_land && id < k->b.n_land + k->b.n_sea ? at(L->move_pirate, id - k->b.n_land) : -1;
	default: { /* HW_MOVE_SHIP */
		int to = ship_slot(r, (int)(a >> 16 & 0xFFFFu)), s = actor(st);
		if (slot < 0 || to < 0 || s < 0 || kpaths(k, st)[id] != s + 1)
			return -1;
		return at(L->move_ship, to * HW_SHIPS + ship_rank(k, st, s, slot));
	}
	}
}

int64_t hw_rl_index(const void *data, const void *st, crisk_action a)
{
	if (ACT_TYPE(a) < HW_PLACE_SHIP)
		return cm_rl_index(data, st, a);
	rl_layout L;
	layout(data, &L);
	return module_index(data, st, &L, a);
}

/* ---- the mask ---- */

/* Lists up to this length stay on the stack; a bigger map's bound (ship
 * moves, ships and the fish market at once) lists into the heap. */
#define RL_STACK_LIST 2048

/* The kernel's mask (cm_rl_mask) with hawaii's limits on kernel actions
 * (hawaii_list), then hawaii's own types from their listers: the same
 * result as listing and indexing, with one layout per call. */
size_t hw_rl_mask(const void *data, const void *st, uint8_t *mask)
{
	const kern *k = data;
	const kstate *h = ks(st);
	rl_layout L;
	layout(k, &L);
	if (hw_must_return(k, st)) { /* H-71's fallback: the only action */
		mask[L.return_fish] = 1;
		return 1;
	}
	size_t count = cm_rl_mask(data, st, mask);
	crisk_action limited = 0; /* END_TURN above 7 fish (H-71); ACCEPT past the fish limit (H-61) */
	if (h->dp == DP_MAIN && hw_end_turn_ok(k, st) != CRISK_OK)
		limited = act_make(CRISK_CATAN_END_TURN, 0);
	else if (h->dp == DP_TRADE_RESPONSE && kern_can_accept(k, st) &&
		 hw_trade_fish_ok(k, st, act_make(CRISK_CATAN_ACCEPT, 0)) != CRISK_OK)
		limited = act_make(CRISK_CATAN_ACCEPT, 0);
	if (limited) {
		int64_t i = cm_rl_index(data, st, limited);
		if (i >= 0 && mask[i]) {
			mask[i] = 0;
			count--;
		}
	}
	const hw_rules *r = hwr(k);
	size_t bound = (size_t)r->n_ship_list * (HW_SHIPS + 2) + (size_t)(k->b.n_land + k->b.n_sea) +
		       (size_t)k->b.n_path + (size_t)k->seats + 2 * NUM_RES + 1;
	crisk_action on_stack[RL_STACK_LIST], *buf = on_stack;
	if (bound > RL_STACK_LIST && !(buf = malloc(bound * sizeof *buf)))
		return count;
	action_out o = {buf, bound, 0};
	hw_list_own(k, st, &o);
	for (size_t j = 0; j < o.n && j < bound; j++) {
		int64_t i = module_index(k, st, &L, buf[j]);
		if (i >= 0 && !mask[i]) {
			mask[i] = 1;
			count++;
		}
	}
	if (buf != on_stack)
		free(buf);
	return count;
}

static crisk_action fish_action(const kern *k, const void *st, const rl_layout *L, size_t i)
{
	int ability = HW_N_ABILITIES - 1;
	while (i < L->fish[ability])
		ability--;
	int arg = (int)(i - L->fish[ability]);
	switch (ability) {
	case HW_FISH_MOVE_PIRATE:
		arg += k->b.n_land;
		break;
	case HW_FISH_STEAL:
		arg = (actor(st) + arg + 1) % k->seats;
		break;
	case HW_FISH_BUILD_SHIP:
		arg = hwr(k)->ship_list[arg];
		break;
	default:
		break;
	}
	return act_make(HW_FISH, (uint64_t)ability << 16 | (uint64_t)arg);
}

crisk_action hw_rl_action(const void *data, const void *st, size_t i)
{
	const kern *k = data;
	rl_layout L;
	layout(k, &L);
	if (i < L.place_ship)
		return cm_rl_action(data, st, i);
	const uint16_t *ship = hwr(k)->ship_list;
	if (i < L.build_ship)
		return act_make(HW_PLACE_SHIP, ship[i - L.place_ship]);
	if (i < L.free_ship)
		return act_make(HW_BUILD_SHIP, ship[i - L.build_ship]);
	if (i < L.move_pirate)
		return act_make(HW_PLACE_FREE_SHIP, ship[i - L.free_ship]);
	if (i < L.move_ship)
		return act_make(HW_MOVE_PIRATE, (uint64_t)(k->b.n_land + (int)(i - L.move_pirate)));
	if (i < L.fish[0]) {
		size_t j = i - L.move_ship;
		int to = ship[j / HW_SHIPS], from = ship_of_rank(k, st, actor(st), (int)(j % HW_SHIPS));
		/* No ship of that rank: the code with from = to, which no rule allows (H-81). */
		if (from < 0)
			from = to;
		return act_make(HW_MOVE_SHIP, (uint64_t)from | (uint64_t)to << 16);
	}
	if (i < L.return_fish)
		return fish_action(k, st, &L, i);
	return act_make(HW_RETURN_FISH, 0);
}

/* ---- observation ---- */

/* The hawaii part's offsets after the kernel's. */
typedef struct obs_layout {
	size_t pirate, ships, fish, boat, fishing_vp, merchants, chits, end;
} obs_layout;

#define RL_MERCHANT_BITS (1 + NUM_RES) /* harbor bits: 0 any 3:1, 1 + r 2:1 of resource r (H-62) */

static void obs_layout_of(const kern *k, obs_layout *O)
{
	const size_t seats = (size_t)k->seats;
	O->pirate = hwr(k)->rl_kern_obs;
	O->ships = O->pirate + (size_t)k->b.n_sea;
	O->fish = O->ships + seats;
	O->boat = O->fish + seats;
	O->fishing_vp = O->boat + seats;
	O->merchants = O->fishing_vp + seats;
	O->chits = O->merchants + seats * RL_MERCHANT_BITS;
	O->end = O->chits + (size_t)hwr(k)->n_chit * seats;
}

size_t hw_rl_obs_size(const void *data)
{
	obs_layout O;
	obs_layout_of(data, &O);
	return O.end;
}

void hw_rl_observe(const void *data, const void *st, int viewer, float *out)
{
	const kern *k = data;
	const hw_rules *r = hwr(k);
	const hw_ext *x = hwx(k, st);
	const int seats = k->seats, first = viewer >= 0 ? viewer : 0;
	obs_layout O;
	obs_layout_of(k, &O);
	cm_rl_observe(data, st, viewer, out);
	for (size_t i = O.pirate; i < O.end; i++)
		out[i] = 0.0f;
	unsigned pirate = (unsigned)x->pirate - (unsigned)k->b.n_land;
	if (pirate < (unsigned)k->b.n_sea)
		out[O.pirate + pirate] = 1.0f;
	for (int i = 0; i < seats; i++) {
		int s = (first + i) % seats;
		out[O.ships + i] = (float)x->ships[s];
		out[O.fish + i] = (float)x->fish[s]; /* public (H-93) */
		out[O.boat + i] = (float)x->boat[s];
		out[O.fishing_vp + i] = (float)hw_fishing_vp(k, st, s);
		unsigned bits = hw_merchant_bits(k, st, s);
		for (int b = 0; b < RL_MERCHANT_BITS; b++)
			out[O.merchants + (size_t)i * RL_MERCHANT_BITS + (size_t)b] = (float)((bits >> b) & 1u);
	}
	for (int c = 0; c < r->n_chit; c++) {
		if (x->chit[c]) /* holder + 1, counted from the first seat */
			out[O.chits + (size_t)c * (size_t)seats + (size_t)((x->chit[c] - 1 - first + seats) % seats)] = 1.0f;
	}
}

/* ---- descriptions ---- */

/* An empty range or field is left out of the description (a map without
 * sea has no pirate; 5-6 seats have no chits, H-77): every entry counts. */
static void range_of(jw *w, const char *name, size_t first, size_t count, const char *arg)
{
	if (count)
		rl_range(w, name, first, count, arg);
}

static void field_of(jw *w, const char *name, size_t offset, size_t count, double low, double high, const char *about)
{
	if (count)
		rl_field(w, name, offset, count, low, high, about);
}

void hw_rl_describe_actions(const void *data, jw *w)
{
	const kern *k = data;
	rl_layout L;
	layout(k, &L);
	const size_t ships = (size_t)hwr(k)->n_ship_list;
	static const char *const fish_names[HW_N_ABILITIES] = {
		"fish_move_robber", "fish_move_pirate", "fish_steal", "fish_take_merchant",
		"fish_take",        "fish_build_road",  "fish_build_ship", "fish_dev"};
	static const char *const fish_args[HW_N_ABILITIES] = {
		"land hex", "sea hex - land hexes", "seat from the actor - 1", "resource", "resource", "path",
		"ship-type space slot (ship-type paths ascending)", "-"};
	cm_rl_describe_actions(data, w);
	range_of(w, "place_ship", L.place_ship, ships, "ship-type space slot (ship-type paths ascending)");
	range_of(w, "build_ship", L.build_ship, ships, "ship-type space slot (ship-type paths ascending)");
	range_of(w, "place_free_ship", L.free_ship, ships, "ship-type space slot (ship-type paths ascending)");
	range_of(w, "move_pirate", L.move_pirate, (size_t)k->b.n_sea, "sea hex - land hexes");
	range_of(w, "move_ship", L.move_ship, ships * HW_SHIPS,
		 "slot of to * 15 + rank of from among the actor's ships in slot order");
	for (int a = 0; a < HW_N_ABILITIES; a++)
		range_of(w, fish_names[a], L.fish[a], L.fish_count[a], fish_args[a]);
	range_of(w, "return_fish", L.return_fish, 1, "-");
}

void hw_rl_describe_obs(const void *data, jw *w)
{
	const kern *k = data;
	const catanmap *m = hwr(k)->map;
	obs_layout O;
	obs_layout_of(k, &O);
	const size_t seats = (size_t)k->seats;
	int track_vp = 0;
	for (int i = 0; i < m->n_track; i++)
		track_vp = m->track[i] > track_vp ? m->track[i] : track_vp;
	cm_rl_describe_obs(data, w);
	field_of(w, "pirate", O.pirate, (size_t)k->b.n_sea, 0, 1, "1 on the pirate's sea hex (per sea hex, H-54)");
	field_of(w, "ships_in_supply", O.ships, seats, 0, HW_SHIPS, "ships in supply per seat from the viewer (H-34)");
	field_of(w, "fish", O.fish, seats, 0, HW_FISH_MAX, "fish tokens per seat from the viewer (H-69, H-93)");
	field_of(w, "boat", O.boat, seats, 0, m->n_track > 1 ? m->n_track - 1 : 0,
		 "fishing-boat position per seat from the viewer (H-65)");
	field_of(w, "fishing_vp", O.fishing_vp, seats, 0, track_vp, "fishing VP per seat from the viewer (H-66)");
	field_of(w, "merchants", O.merchants, seats * RL_MERCHANT_BITS, 0, 1,
		 "per seat from the viewer, 6 flags: any 3:1, then 2:1 brick, lumber, wool, grain, ore from its "
		 "merchant spaces (H-62, H-63)");
	field_of(w, "chits", O.chits, (size_t)hwr(k)->n_chit * seats, 0, 1,
		 "per chit point (map order), one-hot holder from the viewer; all 0 while on the board (H-75)");
}
