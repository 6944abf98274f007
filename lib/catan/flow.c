/* Transitions between decision points shared by several actions: placing
 * pieces, set-up steps (and their skips, hooks.h setup_skips), Longest
 * Road, the robber's victims, trade answers, turn start and end, and
 * victory (B-41, B-45, B-46..B-52, B-64, B-86..B-91, B-97, B-103..B-110). */
#include <assert.h>

#include "catanrisk/game.h"
#include "../core/error.h"
#include "kernel.h"

/* The one way into DP_GAME_OVER.  The game may end in the middle of a
 * decision point (the first road of Road Building can win, B-81, B-105), so
 * every field that belongs to a pending decision point is cleared here: a
 * finished game holds no phase state, and its save passes the state check. */
static void game_over(kstate *h, int winner, evlog *log)
{
	h->free_roads = 0;
	h->picks = 0;
	h->knight = 0;
	h->victim = NO_SEAT;
	h->offer = 0;
	h->answered = 0;
	h->accepted = 0;
	h->status = winner >= 0 ? CRISK_STATUS_WON : CRISK_STATUS_ENDED;
	h->winner = (int8_t)winner;
	h->dp = DP_GAME_OVER;
	h->cur = CRISK_SEAT_NONE;
	ev_push(log, CRISK_CATAN_EV_GAME_OVER, winner, -1);
}

/* Seat s, the active one, has reached the target: it wins now, showing its
 * VP cards.  Apart, so that the usual check needs no frame (kernel.h: a
 * module's own turn start calls it too). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
void flow_win(const kern *k, void *st, int s, evlog *log)
{
	int vp_cards = kseat_of(k, st, s)->dev[CRISK_CATAN_VICTORY_POINT];
	if (vp_cards) {
		ev *e = ev_push(log, CRISK_CATAN_EV_REVEAL_VP, s, -1);
		if (e)
			e->args[0] = vp_cards;
	}
	game_over(ks(st), s, log);
}

/* B-105, B-106, B-110: only the active seat wins, at once, hidden VP included. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void check_victory(const kern *k, void *st, evlog *log)
{
	kstate *h = ks(st);
	if (!flow_victory_possible(h))
		return;
	int s = h->active;
	/* ktotal_vp, the module's VP asked first: none of the kernel's sum is
	 * kept across the hook's call (fewer registers to save). */
	int vp = k->more_vp ? k->vp_more(k, st, s) : 0;
	vp += kvisible_vp_plain(k, st, s) + kseat_of(k, st, s)->dev[CRISK_CATAN_VICTORY_POINT];
	if (vp >= k->cfg.vp_target)
		flow_win(k, st, s, log);
}

/* flow_check_victory for modules whose hooks count no VP (!k->more_vp):
 * the same test, and no call but the win, so a caller inlining it needs
 * no frame for it. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void check_victory_plain(const kern *k, void *st, evlog *log)
{
	kstate *h = ks(st);
	if (!flow_victory_possible(h))
		return;
	int s = h->active;
	const kseat *p = kseat_of(k, st, s);
	/* ktotal_vp without a module's VP (kern_extra_vp, which is 0 here). */
	int vp = (k->cfg.pieces[PIECE_SETTLEMENT] - p->supply[PIECE_SETTLEMENT]) +
		 2 * (k->cfg.pieces[PIECE_CITY] - p->supply[PIECE_CITY]) + 2 * (h->lr == s) + 2 * (h->la == s) +
		 p->dev[CRISK_CATAN_VICTORY_POINT];
	if (vp >= k->cfg.vp_target)
		flow_win(k, st, s, log);
}

/* One body, not split by the compiler into a head and a rest (its callers in
 * other files call it whole). */
#if defined(__GNUC__) && __GNUC__ >= 8 && !defined(__clang__)
__attribute__((noipa))
#endif
void flow_check_victory(const kern *k, void *st, evlog *log)
{
	check_victory(k, st, log);
}

void flow_check_victory_unhooked(const kern *k, void *st, evlog *log)
{
	if (k->more_vp) {
		flow_check_victory(k, st, log);
		return;
	}
	check_victory_plain(k, st, log);
}

/* The module's turn_start hook, then the victory check: apart, so that a
 * turn start without hooks needs no frame. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void turn_start_hooked(const kern *k, void *st, evlog *log)
{
	k->hk.turn_start(k, st, log);
	/* The hook leaves no chance point: kern_apply's turn end (apply.c,
	 * kern.plain_turns) resolves none after flow_end_turn. */
	assert(ks(st)->dp != DP_DICE && ks(st)->dp != DP_STEAL && ks(st)->dp != DP_DEV_DRAW);
	check_victory(k, st, log);
}

/* A turn start's per-turn bytes of the module (kern_config.turn_zero_len). */
static inline void turn_zero(const kern *k, void *st)
{
	uint8_t *z = (uint8_t *)st + k->off_turn_zero;
	store8(z, load8(z) & ~k->turn_zero);
}

/* kern.turn_more with per-turn bytes: zeroed, then the victory check as
 * base's (no hook), or the hook and the check. */
static void turn_start_zero(const kern *k, void *st, evlog *log)
{
	turn_zero(k, st);
	flow_check_victory_unhooked(k, st, log);
}
static void turn_start_zero_hooked(const kern *k, void *st, evlog *log)
{
	turn_zero(k, st);
	turn_start_hooked(k, st, log);
}

void (*flow_turn_start_more(const kern_config *cfg, const kern_hooks *hk))(const kern *k, void *st, evlog *log)
{
	if (cfg->turn_zero_len)
		return hk->turn_start ? turn_start_zero_hooked : turn_start_zero;
	return hk->turn_start ? turn_start_hooked : NULL;
}

#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void start_turn_in(const kern *k, void *st, evlog *log)
{
	kstate *h = ks(st);
	h->turn++;
	h->card_played = 0;
	h->offers_made = 0;
	h->dp = DP_PRE_ROLL;
	h->cur = (int8_t)h->active;
	ev *e = ev_push(log, CRISK_CATAN_EV_TURN_START, h->active, -1);
	if (e)
		e->args[0] = h->turn;
	if (k->turn_more) { /* a module's per-turn bytes, turn_start hook or both */
		k->turn_more(k, st, log);
		return;
	}
	flow_check_victory_unhooked(k, st, log);
}

void flow_start_turn(const kern *k, void *st, evlog *log)
{
	start_turn_in(k, st, log);
}

/* The turn of seat `owner` is over, with its special build phase or paired
 * part if any: the game ends by max_turns (B-52, B-121) or the next seat's
 * turn starts (B-50). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void next_turn_body(const kern *k, void *st, int owner, evlog *log, const int inline_start)
{
	kstate *h = ks(st);
	h->active = (uint8_t)owner;
	if (k->cfg.max_turns > 0 && h->turn >= k->cfg.max_turns) {
		game_over(h, -1, log); /* B-52 */
		return;
	}
	h->active = (uint8_t)(owner + 1 < k->seats ? owner + 1 : 0); /* no division per turn */
	if (inline_start)
		start_turn_in(k, st, log);
	else
		flow_start_turn(k, st, log);
}
static void next_turn(const kern *k, void *st, int owner, evlog *log)
{
	next_turn_body(k, st, owner, log, 0);
}
/* The same with the turn start inline (kern_end_turn_listed). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void next_turn_in(const kern *k, void *st, int owner, evlog *log)
{
	next_turn_body(k, st, owner, log, 1);
}

/* Seat s acts in the special build phase or paired part of the turn of
 * seat `owner`; it builds as the active seat (B-117, B-122). */
static void start_part(kstate *h, int owner, int s, int dp)
{
	h->part_owner = (int8_t)owner;
	h->active = (uint8_t)s;
	h->dp = (uint8_t)dp;
	h->cur = (int8_t)s;
}

#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void end_turn_in(const kern *k, void *st, evlog *log, const int inline_start)
{
	kstate *h = ks(st);
	kseat *p = kseat_of(k, st, h->active);
	int owner = h->active;
	for (int c = 0; c < NUM_DEV; c++)
		p->dev_new[c] = 0;
	ev_push(log, CRISK_CATAN_EV_END_TURN, owner, -1);
	if (k->cfg.paired_players) /* B-122: player 2 is seat t + 3 */
		start_part(h, owner, (owner + 3) % k->seats, DP_PAIRED_PART);
	else if (k->cfg.special_build) /* B-117: the other seats from the left */
		start_part(h, owner, owner + 1 < k->seats ? owner + 1 : 0, DP_SPECIAL_BUILD);
	else if (!inline_start)
		next_turn(k, st, owner, log);
	else
		next_turn_in(k, st, owner, log);
}

void flow_end_turn(const kern *k, void *st, evlog *log)
{
	end_turn_in(k, st, log, 0);
}

/* kern_apply_listed of a listed END_TURN with kern.plain_turns (kernel.h),
 * the turn end and the next turn's start (but the module's part,
 * kern.turn_more) in one frame. */
int kern_end_turn_listed(const kern *k, void *st, crisk_action a, evlog *log)
{
	(void)a;
	assert(k->plain_turns && ACT_TYPE(a) == CRISK_CATAN_END_TURN);
	end_turn_in(k, st, log, 1);
	return CRISK_OK;
}

/* PASS or END_PART: the next special build window, or the turn is over
 * (B-117, B-121, B-122). */
void flow_end_part(const kern *k, void *st, evlog *log)
{
	kstate *h = ks(st);
	int owner = h->part_owner, next = h->active + 1 < k->seats ? h->active + 1 : 0; /* no division per part */
	ev_push(log, CRISK_CATAN_EV_PASS, h->active, -1);
	if (h->dp == DP_SPECIAL_BUILD && next != owner) {
		start_part(h, owner, next, DP_SPECIAL_BUILD);
		return;
	}
	h->part_owner = NO_SEAT;
	next_turn(k, st, owner, log);
}

/* Where a development card bought by the active seat returns to, and whether
 * it counts as bought in the buyer's own turn (B-79, B-120, B-123). */
int flow_buy_return(const kern *k, const void *st)
{
	if (ks(st)->part_owner == NO_SEAT)
		return DP_MAIN;
	return k->cfg.paired_players ? DP_PAIRED_PART : DP_SPECIAL_BUILD;
}

/* B-64: eligible victims of the mover on the robber's new hex. */
void flow_after_robber(const kern *k, void *st, int hex, evlog *log)
{
	flow_after_thief(k, st, kern_hex_victims(k, st, hex), log);
}

void flow_after_thief(const kern *k, void *st, unsigned victims, evlog *log)
{
	kstate *h = ks(st);
	if (!victims) {
		flow_robber_done(k, st, log);
	} else if (!(victims & (victims - 1))) {
		int v = 0;
		while (!(victims & (1u << v)))
			v++;
		h->victim = (int8_t)v;
		h->dp = DP_STEAL;
		h->cur = CRISK_SEAT_CHANCE;
	} else {
		h->dp = DP_CHOOSE_VICTIM;
		h->cur = (int8_t)h->active;
	}
}

/* B-93: after each knight, Largest Army for strictly more than the holder. */
void flow_largest_army(const kern *k, void *st, evlog *log)
{
	kstate *h = ks(st);
	kseat *p = kseat_of(k, st, h->active);
	if (p->knights >= 3 && h->la != h->active &&
	    (h->la < 0 || p->knights > kseat_of(k, st, h->la)->knights)) {
		h->la = (int8_t)h->active;
		ev *e = ev_push(log, CRISK_CATAN_EV_LARGEST_ARMY, h->active, -1);
		if (e)
			e->args[0] = p->knights;
	}
}

/* The robber sequence is over: a knight's play is complete (B-80), and play
 * returns where it came from (B-130). */
void flow_robber_done(const kern *k, void *st, evlog *log)
{
	(void)k;
	(void)log;
	kstate *h = ks(st);
	h->dp = h->ret;
	h->cur = (int8_t)h->active;
	h->knight = 0;
}

void flow_place_building(const kern *k, void *st, int s, int node)
{
	uint8_t *nodes = knodes(k, st);
	uint64_t *blocked = kblocked(k, st);
	kseat *p = kseat_of(k, st, s);
	const bnode *bn = &k->b.node[node];
	nodes[node] = (uint8_t)(s + 1);
	p->supply[PIECE_SETTLEMENT]--;
	p->harbors |= k->node_harbor[node];
	bit_set(blocked, node);
	for (int i = 0; i < bn->deg; i++)
		bit_set(blocked, bn->adj[i]);
	bit_set(koccupied(k, st), node);
}

void flow_add_road(const kern *k, void *st, int s, int path)
{
	uint64_t *reach = kreach(k, st, s);
	kpaths(k, st)[path] = (uint8_t)(s + 1);
	kseat_of(k, st, s)->supply[PIECE_ROAD]--;
	bit_set(reach, k->b.path[path].node[0]);
	bit_set(reach, k->b.path[path].node[1]);
}

int kern_site_open(const kern *k, const void *st)
{
	const uint64_t *blocked = kblocked(k, st);
	for (int w = 0; w * 64 < k->b.n_node; w++) {
		int left = k->b.n_node - w * 64;
		uint64_t open = ~blocked[w];
		if (left < 64)
			open &= (UINT64_C(1) << left) - 1;
		if (open)
			return 1;
	}
	return 0;
}

int kern_setup_piece_spot(const kern *k, const void *st, int s, int node)
{
	const bnode *bn = &k->b.node[node];
	const uint8_t *paths = kpaths(k, st);
	for (int i = 0; i < bn->deg; i++) {
		if (kern_road_path(k, bn->path[i]) && !paths[bn->path[i]])
			return 1;
	}
	return k->hk.setup_piece_more && k->hk.setup_piece_more(k, st, s, node);
}

static void push_skip(evlog *log, int s, int piece, int step)
{
	ev *e = ev_push(log, CRISK_CATAN_EV_SETUP_SKIP, s, -1);
	if (e) {
		e->args[0] = piece;
		e->args[1] = step;
	}
}

void flow_setup_step(const kern *k, void *st, evlog *log)
{
	kstate *h = ks(st);
	const int steps = kern_setup_steps(k);
	/* hooks.h setup_skips: no intersection open now means none at any
	 * later step either, so every step left is skipped. */
	if (k->hk.setup_skips && h->step < steps && !kern_site_open(k, st)) {
		for (; h->step < steps; h->step++)
			push_skip(log, kern_setup_seat(k, h->step), 0, h->step);
	}
	if (h->step >= steps) { /* B-45: seat 0 starts turn 1 */
		h->active = 0;
		flow_start_turn(k, st, log);
		return;
	}
	h->active = (uint8_t)kern_setup_seat(k, h->step); /* B-41 */
	h->dp = DP_SETUP_SETTLEMENT;
	h->cur = (int8_t)h->active;
}

void flow_setup_next(const kern *k, void *st, evlog *log)
{
	ks(st)->step++;
	flow_setup_step(k, st, log);
}

void flow_setup_piece(const kern *k, void *st, evlog *log)
{
	kstate *h = ks(st);
	if (h->dp != DP_SETUP_ROAD || kern_setup_piece_spot(k, st, h->active, h->setup_node))
		return;
	push_skip(log, h->active, 1, h->step);
	flow_setup_next(k, st, log);
}

void flow_free_piece_done(const kern *k, void *st, evlog *log)
{
	(void)log;
	kstate *h = ks(st);
	int spot;
	h->free_roads--;
	/* B-81: the second piece is skipped when none is left or none has a place. */
	if (h->free_roads && kern_free_pieces(k, st, h->active, &spot) && spot)
		return;
	h->free_roads = 0;
	h->dp = h->ret;
	h->cur = (int8_t)h->active;
}

/* Roads of seat s at node n. */
static int roads_at(const kern *k, const uint8_t *paths, int s, int n)
{
	const bnode *bn = &k->b.node[n];
	int count = 0;
	for (int i = 0; i < bn->deg; i++)
		count += paths[bn->path[i]] == (uint8_t)(s + 1);
	return count;
}

static void award_longest_road(const kern *k, void *st, evlog *log);

/* B-88, B-89.  A road changes only its builder's length; a settlement only
 * the lengths of other seats with at least two roads at that intersection
 * (with one, no trail of theirs passes through it, so none is cut).
 * Non-seat owners (T-15) count like seats. */
void flow_update_longest_road(const kern *k, void *st, int builder, int node_built, evlog *log)
{
	const uint8_t *paths = kpaths(k, st);
	const uint8_t *nodes = knodes(k, st);
	int changed = 0;
	for (int s = 0; s < k->owners; s++) {
		int affected = node_built < 0 ? s == builder
					      : s != builder && bit_get(kreach(k, st, s), node_built) &&
							roads_at(k, paths, s, node_built) >= 2;
		if (affected) {
			kseat *p = kseat_of(k, st, s);
			int len = board_longest_road(&k->b, paths, nodes, s);
			changed |= len != p->road_len;
			p->road_len = (uint8_t)len;
		}
	}
	/* Callers without a node may have set lengths themselves. */
	if (changed || node_built < 0)
		award_longest_road(k, st, log);
}

/* B-88: seat s built a road on path; only trails through it can be longer.
 * The walk marks its trail in the state's path bytes and undoes every mark
 * (no copy of them; nothing else reads them meanwhile). */
void flow_update_longest_road_at(const kern *k, void *st, int s, int path, evlog *log)
{
	kseat *p = kseat_of(k, st, s);
	int len = board_longest_road_through_inplace(&k->b, kpaths(k, st), knodes(k, st), s, path, p->road_len,
						     LR_THROUGH_PLAIN);
	if (len == p->road_len)
		return; /* no length changed, so neither does the holder */
	p->road_len = (uint8_t)len;
	if (len < 5)
		return; /* too short to take Longest Road or to tie the length that holds it (B-89) */
	award_longest_road(k, st, log);
}

void flow_set_road_len(const kern *k, void *st, int s, int len, evlog *log)
{
	kseat *p = kseat_of(k, st, s);
	const int old = p->road_len;
	p->road_len = (uint8_t)len;
	/* As in flow_update_longest_road_at: no length changed, so neither
	 * does the holder; and a length below 5 before and after neither
	 * takes, ties nor held Longest Road (B-89). */
	if (len == old || (len < 5 && old < 5))
		return;
	award_longest_road(k, st, log);
}

/* B-89..B-91: who holds Longest Road, from the seats' lengths. */
static void award_longest_road(const kern *k, void *st, evlog *log)
{
	kstate *h = ks(st);
	int best = 0, n_best = 0, top = NO_SEAT;
	for (int s = 0; s < k->owners; s++) {
		int len = kseat_of(k, st, s)->road_len;
		if (len > best) {
			best = len;
			n_best = 1;
			top = s;
		} else if (len == best) {
			n_best++;
		}
	}
	int holder = h->lr;
	if (best < 5)
		holder = NO_SEAT;
	else if (holder >= 0 && kseat_of(k, st, holder)->road_len == best)
		;
	else if (n_best == 1)
		holder = top;
	else
		holder = NO_SEAT; /* set aside */
	if (holder != h->lr) {
		h->lr = (int8_t)holder;
		ev *e = ev_push(log, CRISK_CATAN_EV_LONGEST_ROAD, holder, -1);
		if (e)
			e->args[0] = best;
	}
}

static int addressed(const kstate *h, int s)
{
	int to = (int)((h->offer >> 48) & 0xFu);
	return s != h->active && (to == CRISK_CATAN_TO_ALL || to == s);
}

/* B-97: the next addressed seat, in seat order from the active seat's left;
 * when all answered, confirmation or the end of the offer. */
void flow_next_responder(const kern *k, void *st, evlog *log)
{
	kstate *h = ks(st);
	for (int i = 1; i < k->seats; i++) {
		int s = (h->active + i) % k->seats;
		if (addressed(h, s) && !(h->answered & (1u << s))) {
			h->cur = (int8_t)s;
			return;
		}
	}
	h->cur = (int8_t)h->active;
	if (h->accepted) {
		h->dp = DP_TRADE_CONFIRM;
		return;
	}
	ev_push(log, CRISK_CATAN_EV_TRADE_CANCEL, h->active, -1);
	h->offer = 0;
	h->dp = DP_MAIN;
}
