/* The kernel's immutable tables, the state block layout and the small queries
 * every other kernel file shares. */
#include <stdlib.h>
#include <string.h>

#include "catanrisk/game.h"
#include "../core/error.h"
#include "kernel.h"

static size_t align_up(size_t v, size_t a)
{
	return (v + a - 1) / a * a;
}

/* Hand shape of the offer tables: which types are held at least once, twice. */
int kern_hand_key(const kseat *p)
{
	return khand_key(p);
}

/* Whether a map's scrolls include one no harbor has (any:2, r:3): then
 * the rules hold their own rate table (board.h bit_scroll). */
static int scrolls_beyond_harbors(const board *b)
{
	for (int i = 0; b->path_trade && i < 8; i++) {
		if (b->bit_scroll[i] != BOARD_NO8 && b->bit_scroll[i] != i)
			return 1;
	}
	return 0;
}

/* H-62: the rate of resource r under scroll c (board.h SCROLL_*). */
static int scroll_rate(int c, int r)
{
	if (c == HARBOR_GENERIC)
		return 3;
	if (c == SCROLL_ANY2)
		return 2;
	if (c >= SCROLL_RES3)
		return c - SCROLL_RES3 == r ? 3 : 4;
	return c - 1 == r ? 2 : 4;
}

/* kern.rate_bytes of a map: for each value of the harbor bits, the best
 * rate per resource over the scrolls of its bits (H-63), else 4. */
static void fill_scroll_rates(const board *b, uint64_t *rates)
{
	for (unsigned bits = 0; bits < 256; bits++) {
		uint64_t v = 0;
		for (int r = 0; r < NUM_RES; r++) {
			int best = 4;
			for (int i = 0; i < 8; i++) {
				if ((bits >> i & 1u) && b->bit_scroll[i] != BOARD_NO8 && scroll_rate(b->bit_scroll[i], r) < best)
					best = scroll_rate(b->bit_scroll[i], r);
			}
			v |= (uint64_t)best << (8 * r);
		}
		rates[bits] = v;
	}
}

int kern_init(kern *k, const kern_config *cfg)
{
	const board *b = &k->b;
	k->cfg = *cfg;
	if (cfg->hooks)
		k->hk = *cfg->hooks;
	k->seats = cfg->seats;
	k->owners = cfg->seats + cfg->neutrals;
	k->more_vp = k->hk.extra_pieces || k->hk.extra_vp || k->hk.seat_vp;
	k->vp_more = k->hk.seat_vp ? k->hk.seat_vp : kern_extra_vp;
	k->victory_hooks = k->cfg.hooks && !k->hk.victory_as_base;
	k->dice_hooks = k->hk.excluded_sum || k->hk.dice_rolled || k->hk.produced || k->hk.after_roll_dp ||
			k->hk.produce_ok || k->cfg.pieces_change_hands;
	k->plain_turns = !k->victory_hooks && !k->cfg.explicit_chance;
	k->cfg.bare_buildings |= k->cfg.pieces_change_hands;
	if (cfg->two_rolls) {
		/* The kernel's two rolls (kern_config.two_rolls) take the place of
		 * the roll hooks; apply.c's roll of dice_hooks 2 asks none. */
		if (k->dice_hooks)
			return err_set(CRISK_EINVAL, "two rolls a turn do not combine with roll hooks");
		if ((size_t)cfg->rolls_at + 2 > cfg->ext_size)
			return err_set(CRISK_EINVAL, "the roll counts lie outside the module's state");
		k->dice_hooks = 2;
		/* After a 7's discards, the return point is asked from the hook
		 * (apply.c next_discarder): one test for every module. */
		k->hk.after_roll_dp = kern_two_rolls_dp;
	}
	k->throw_hooked = k->dice_hooks == 2 ? kern_throw_two : kern_throw_hooked;
	if (k->dice_hooks == 1 && k->hk.produced && !k->hk.excluded_sum && !k->hk.dice_rolled && !k->hk.after_roll_dp &&
	    !k->hk.produce_ok && !k->cfg.pieces_change_hands)
		k->throw_hooked = kern_throw_produced; /* hawaii's fishing (H-53) */
	k->roll = kern_roll_fn(k);
	if (cfg->turn_zero_len > 8 || (cfg->turn_zero_len && (size_t)cfg->turn_zero_at + 8 > cfg->ext_size))
		return err_set(CRISK_EINVAL, "the per-turn bytes lie outside the module's state");
	k->turn_more = flow_turn_start_more(cfg, &k->hk);
	k->turn_zero = cfg->turn_zero_len >= 8 ? ~UINT64_C(0) : (UINT64_C(1) << (8 * cfg->turn_zero_len)) - 1;
	if (cfg->neutrals < 0 || k->owners > MAX_OWNERS)
		return err_set(CRISK_EINVAL, "%d seats and %d neutral owners exceed %d piece owners", cfg->seats,
			       cfg->neutrals, MAX_OWNERS);
	k->pw = (b->n_path + 63) / 64;
	k->nw = (b->n_node + 63) / 64;
	size_t links = 0;
	for (int n = 0; n < b->n_node; n++)
		links += b->node[n].n_hex;
	/* The tables share one zeroed block (k->tables): the 64-bit words
	 * first, then the corners, the hex ids and the bytes, so each array is
	 * aligned for its type.  One allocation instead of ten was a tenth of
	 * making a board's rules. */
	size_t n_paths = (size_t)b->n_node * (size_t)k->pw + 1, n_tok_nodes = 13 * (size_t)k->nw,
	       n_yield = 13 * (size_t)b->n_node + 1, n_hex_nodes = (size_t)b->n_land * (size_t)k->nw + 1,
	       n_set = (size_t)k->nw + 1, n_rates = scrolls_beyond_harbors(b) ? 256 : 0;
	size_t words = n_paths + n_tok_nodes + n_yield + n_hex_nodes + 3 * n_set + n_rates;
	size_t corners = links + 1, hexes = (size_t)b->n_land + 1, nodes = (size_t)b->n_node + 1;
	uint64_t *word = k->tables = calloc(words * sizeof *word + corners * sizeof *k->tok_corner +
						    hexes * sizeof *k->tok_hex + hexes + nodes, 1);
	if (!word)
		return err_set(CRISK_ENOMEM, "out of memory for the rules tables");
	k->node_paths = word;
	k->tok_nodes = word += n_paths;
	k->tok_yield = word += n_tok_nodes;
	k->hex_nodes = word += n_yield;
	k->no_site = word += n_hex_nodes;
	k->stop = word += n_set;
	k->road_nodes = word += n_set;
	word += n_set;
	k->rate_bytes = kern_rate_bytes;
	if (n_rates) {
		fill_scroll_rates(b, word);
		k->rate_bytes = word;
		word += n_rates;
	}
	k->tok_corner = (struct kcorner *)word;
	k->tok_hex = (uint16_t *)(k->tok_corner + corners);
	k->hex_res = (uint8_t *)(k->tok_hex + hexes);
	k->node_harbor = k->hex_res + hexes;
	for (int n = 0; n < b->n_node; n++) {
		for (int i = 0; i < b->node[n].deg; i++) {
			if (kern_road_path(k, b->node[n].path[i])) {
				bit_set(k->node_paths + (size_t)n * (size_t)k->pw, b->node[n].path[i]);
				bit_set(k->road_nodes, n);
			}
		}
	}
	k->rpw = 0;
	for (int p = 0; p < b->n_path; p++) {
		if (kern_road_path(k, p))
			k->rpw = p / 64 + 1;
	}

	for (int h = 0; h < b->n_land; h++) {
		int t = b->terrain[h];
		k->hex_res[h] = t <= TERR_MOUNTAINS ? (uint8_t)t : 0xFF;
	}
	/* Hexes per token value, by counting sort (ids ascending within a token). */
	int count[14] = {0};
	for (int h = 0; h < b->n_land; h++) {
		if (b->token[h] >= 2 && b->token[h] <= 12 && k->hex_res[h] != 0xFF)
			count[b->token[h]]++;
	}
	k->tok_first[0] = 0;
	for (int t = 0; t < 13; t++)
		k->tok_first[t + 1] = (uint16_t)(k->tok_first[t] + count[t]);
	int fill[14];
	for (int t = 0; t < 14; t++)
		fill[t] = k->tok_first[t];
	for (int h = 0; h < b->n_land; h++) {
		int t = b->token[h];
		if (t >= 2 && t <= 12 && k->hex_res[h] != 0xFF)
			k->tok_hex[fill[t]++] = (uint16_t)h;
	}
	/* What touches what comes from the nodes' hex lists: a hex's corners on
	 * the standard boards, a point's production list on a map (H-10). */
	for (int n = 0; n < b->n_node; n++) {
		for (int i = 0; i < b->node[n].n_hex; i++) {
			int h = b->node[n].hex[i], t = b->token[h];
			bit_set(k->hex_nodes + (size_t)h * (size_t)k->nw, n);
			if (t < 2 || t > 12 || k->hex_res[h] == 0xFF)
				continue;
			bit_set(k->tok_nodes + (size_t)t * (size_t)k->nw, n);
			k->tok_yield[(size_t)t * (size_t)b->n_node + (size_t)n] += UINT64_C(1) << (8 * k->hex_res[h]);
		}
	}
	int nc = 0;
	for (int t = 0; t < 13; t++) {
		k->tok_cfirst[t] = (uint16_t)nc;
		for (int i = k->tok_first[t]; i < k->tok_first[t + 1]; i++) {
			int h = k->tok_hex[i];
			const uint64_t *at = k->hex_nodes + (size_t)h * (size_t)k->nw;
			for (int w = 0; w < k->nw; w++) {
				for (uint64_t m = at[w]; m; m &= m - 1)
					k->tok_corner[nc++] = (struct kcorner){(uint16_t)h, (uint16_t)(w * 64 + bit_low(m))};
			}
		}
	}
	k->tok_cfirst[13] = (uint16_t)nc;
	if (b->node_kind) {
		unsigned named = cfg->named_kinds ? cfg->named_kinds : 1u << BNODE_SITE;
		for (int n = 0; n < b->n_node; n++)
			bit_set((named >> b->node_kind[n]) & 1u ? k->stop : k->no_site, n);
	}
	for (int s = 0; s < b->n_harbor; s++) {
		uint8_t bit = (uint8_t)(1u << b->harbor_type[s]);
		k->node_harbor[b->harbor[s].node[0]] |= bit;
		k->node_harbor[b->harbor[s].node[1]] |= bit;
	}
	k->off_seat = align_up(sizeof(kstate), 8);
	k->off_node = k->off_seat + (size_t)k->owners * sizeof(kseat);
	k->off_path = k->off_node + (size_t)b->n_node;
	k->off_blocked = align_up(k->off_path + (size_t)b->n_path, 8);
	k->off_occupied = k->off_blocked + (size_t)k->nw * 8;
	k->off_reach = k->off_occupied + (size_t)k->nw * 8;
	k->off_ext = align_up(k->off_reach + (size_t)k->owners * (size_t)k->nw * 8, 8);
	k->size = align_up(k->off_ext + cfg->ext_size, 16);
	k->off_rolls = k->off_ext + cfg->rolls_at;
	k->off_turn_zero = k->off_ext + cfg->turn_zero_at;
	return CRISK_OK;
}

void kern_free(kern *k)
{
	free(k->tables);
	board_free(&k->b);
}

void kern_state_init(const kern *k, void *st, evlog *log)
{
	memset(st, 0, k->size);
	kstate *h = ks(st);
	h->rng = k->rng0;
	h->robber = k->b.robber_start;
	h->dp = DP_SETUP_SETTLEMENT;
	h->cur = 0;
	h->active = 0;
	h->status = CRISK_STATUS_RUNNING;
	h->winner = NO_SEAT;
	h->victim = NO_SEAT;
	h->lr = NO_SEAT;
	h->la = NO_SEAT;
	h->part_owner = NO_SEAT;
	for (int r = 0; r < NUM_RES; r++)
		h->bank[r] = k->cfg.bank_per_type;
	memcpy(h->deck, k->cfg.deck, sizeof h->deck);
	for (int s = 0; s < k->owners; s++)
		memcpy(kseat_of(k, st, s)->supply, k->cfg.pieces, 3);
	memcpy(kblocked(k, st), k->no_site, (size_t)k->nw * 8);
	if (k->hk.ext_init)
		k->hk.ext_init(k, st, log);
	if (k->hk.setup_skips) /* a map may have no intersection open at all: every step is skipped */
		flow_setup_step(k, st, log);
}

int kern_extra_vp(const kern *k, const void *st, int s)
{
	int vp = k->hk.extra_vp ? k->hk.extra_vp(k, st, s) : 0;
	if (k->hk.extra_pieces)
		vp += k->hk.extra_pieces(k, st, s, PIECE_SETTLEMENT) + 2 * k->hk.extra_pieces(k, st, s, PIECE_CITY);
	return vp;
}

void kern_set_seat_vp(kern *k, int (*seat_vp)(const struct kern *k, const void *st, int s))
{
	k->hk.seat_vp = seat_vp;
	k->more_vp = k->hk.extra_pieces || k->hk.extra_vp || seat_vp;
	k->vp_more = seat_vp ? seat_vp : kern_extra_vp;
}

int kern_visible_vp(const kern *k, const void *st, int s)
{
	return kvisible_vp(k, st, s);
}

int kern_total_vp(const kern *k, const void *st, int s)
{
	return ktotal_vp(k, st, s);
}

int kern_may_see(const kern *k, const void *st, int seat, int viewer)
{
	(void)k;
	(void)st;
	return viewer == seat || viewer == CRISK_VIEWER_OMNISCIENT;
}

/* B-69, B-70: an empty path with, at one end, the seat's building, or no
 * building and another road of the seat; on maps not at an empty named
 * location (H-44, H-45). */
int kern_path_ok(const kern *k, const void *st, int s, int path)
{
	const uint8_t *paths = kpaths(k, st);
	if (paths[path])
		return 0;
	const uint8_t *nodes = knodes(k, st);
	const uint64_t *reach = kreach(k, st, s);
	for (int e = 0; e < 2; e++) {
		int n = k->b.path[path].node[e];
		unsigned nb = nodes[n];
		if ((nb & NODE_OWNER_MASK) == (unsigned)s + 1)
			return 1;
		if (!nb && bit_get(reach, n) && !bit_get(k->stop, n))
			return 1;
	}
	return 0;
}

int kern_road_ok(const kern *k, const void *st, int s, int path)
{
	return kern_road_path(k, path) && kern_path_ok(k, st, s, path);
}

/* Whether seat s has any legal road spot: at the ends of its roads, and at
 * its buildings where one may stand without its roads (bare_buildings). */
int kern_any_road(const kern *k, const void *st, int s)
{
	const uint64_t *reach = kreach(k, st, s);
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	for (int w = 0; w < k->nw; w++) {
		uint64_t ends = reach[w];
		if (k->cfg.bare_buildings)
			ends |= kern_bare_buildings(k, st, s, w);
		for (uint64_t m = ends; m; m &= m - 1) {
			int n = w * 64 + bit_low(m);
			if (nodes[n] ? (int)(nodes[n] & NODE_OWNER_MASK) != s + 1 : bit_get(k->stop, n))
				continue;
			const bnode *bn = &k->b.node[n];
			for (int i = 0; i < bn->deg; i++) {
				if (!paths[bn->path[i]] && kern_road_path(k, bn->path[i]))
					return 1;
			}
		}
	}
	return 0;
}

int kern_trade_rate(const kern *k, const kseat *p, int r)
{
	return krate(k, p, r);
}

const char *kern_dp_name(int dp)
{
	static const char *const names[DP_COUNT] = {
		"setup_settlement", "setup_road",   "pre_roll",      "dice",       "discard",
		"move_robber",      "choose_victim", "steal",        "main",       "dev_draw",
		"trade_response",   "trade_confirm", "free_road",    "yop_pick",   "monopoly_pick",
		"special_build",    "paired_part",   "game_over",
		[DP_TP_NEUTRAL] = "neutral_build", [DP_TP_DRAW] = "forced_draw", [DP_TP_GIVE] = "forced_give"};
	return dp >= 0 && dp < DP_COUNT && names[dp] ? names[dp] : "unknown";
}

int kern_status(const kern *k, const void *st, int *winner)
{
	(void)k;
	const kstate *h = ks(st);
	if (winner)
		*winner = h->winner;
	return h->status;
}

int64_t kern_turn(const kern *k, const void *st)
{
	(void)k;
	return ks(st)->turn;
}

int kern_score(const kern *k, const void *st, int seat, int viewer)
{
	const kstate *h = ks(st);
	if (kern_may_see(k, st, seat, viewer) || (h->status == CRISK_STATUS_WON && h->winner == seat))
		return kern_total_vp(k, st, seat);
	return kern_visible_vp(k, st, seat);
}

uint64_t act_field_mask(unsigned type, int *known)
{
	return kfield_mask(type, known);
}
