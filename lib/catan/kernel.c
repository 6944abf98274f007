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

/* Packs an offer (to all) into its action code. */
static uint64_t offer_make(const int give[NUM_RES], const int want[NUM_RES])
{
	uint64_t f = (uint64_t)CRISK_CATAN_TO_ALL << 48;
	for (int r = 0; r < NUM_RES; r++)
		f |= ((uint64_t)give[r] << (4 * r)) | ((uint64_t)want[r] << (24 + 4 * r));
	return act_make(CRISK_CATAN_OFFER_TRADE, f);
}

static void offer_add(kern *k, int g1, int g2, int w1, int w2)
{
	int give[NUM_RES] = {0}, want[NUM_RES] = {0};
	give[g1]++;
	if (g2 >= 0)
		give[g2]++;
	want[w1]++;
	if (w2 >= 0)
		want[w2]++;
	k->offer_code[k->n_offers++] = offer_make(give, want);
}

/* The canonical offer family of B-100: 1-for-1, 2-for-1, 1-for-2, ascending. */
static void build_offers(kern *k)
{
	k->n_offers = 0;
	for (int x = 0; x < NUM_RES; x++) {
		for (int y = 0; y < NUM_RES; y++) {
			if (y == x)
				continue;
			offer_add(k, x, -1, y, -1); /* 1 for 1 */
		}
	}
	for (int x = 0; x < NUM_RES; x++) {
		for (int x2 = x; x2 < NUM_RES; x2++) {
			for (int z = 0; z < NUM_RES; z++) {
				if (z != x && z != x2)
					offer_add(k, x, x2, z, -1); /* 2 for 1 */
			}
		}
	}
	for (int x = 0; x < NUM_RES; x++) {
		for (int z = 0; z < NUM_RES; z++) {
			for (int w = z; w < NUM_RES; w++) {
				if (z != x && w != x)
					offer_add(k, x, -1, z, w); /* 1 for 2 */
			}
		}
	}
	/* Insertion sort: 120 codes, once per rules object. */
	for (int i = 1; i < k->n_offers; i++) {
		uint64_t v = k->offer_code[i];
		int j = i;
		for (; j > 0 && k->offer_code[j - 1] > v; j--)
			k->offer_code[j] = k->offer_code[j - 1];
		k->offer_code[j] = v;
	}
}

/* Hand shape of the offer table: which types are held at least once, twice. */
int kern_hand_key(const kseat *p)
{
	int key = 0;
	for (int r = 0; r < NUM_RES; r++) {
		if (p->hand[r] >= 1)
			key |= 1 << r;
		if (p->hand[r] >= 2)
			key |= 1 << (NUM_RES + r);
	}
	return key;
}

/* For every hand shape, the canonical offers whose give side it covers. */
static int build_offer_sets(kern *k)
{
	k->offer_sets = calloc((size_t)1 << (2 * NUM_RES), sizeof *k->offer_sets);
	if (!k->offer_sets)
		return err_set(CRISK_ENOMEM, "out of memory for the offer table");
	for (int key = 0; key < 1 << (2 * NUM_RES); key++) {
		kseat shape;
		memset(&shape, 0, sizeof shape);
		for (int r = 0; r < NUM_RES; r++)
			shape.hand[r] = (uint8_t)(((key >> (NUM_RES + r)) & 1) ? 2 : (key >> r) & 1);
		if (kern_hand_key(&shape) != key)
			continue; /* "twice" without "once" never occurs */
		for (int i = 0; i < k->n_offers; i++) {
			int held = 1;
			for (int r = 0; r < NUM_RES; r++)
				held &= offer_count(k->offer_code[i], r, 0) <= shape.hand[r];
			if (held)
				k->offer_sets[key][i >> 6] |= UINT64_C(1) << (i & 63);
		}
	}
	return CRISK_OK;
}

int kern_init(kern *k, const kern_config *cfg)
{
	const board *b = &k->b;
	k->cfg = *cfg;
	k->seats = cfg->seats;
	k->hex_res = calloc((size_t)b->n_land + 1, 1);
	k->tok_hex = calloc((size_t)b->n_land + 1, sizeof *k->tok_hex);
	k->node_harbor = calloc((size_t)b->n_node + 1, 1);
	if (!k->hex_res || !k->tok_hex || !k->node_harbor)
		return err_set(CRISK_ENOMEM, "out of memory for the rules tables");

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
	for (int s = 0; s < b->n_harbor; s++) {
		uint8_t bit = (uint8_t)(1u << b->harbor_type[s]);
		k->node_harbor[b->harbor[s].node[0]] |= bit;
		k->node_harbor[b->harbor[s].node[1]] |= bit;
	}
	build_offers(k);
	int rc = build_offer_sets(k);
	if (rc)
		return rc;

	k->nw = (b->n_node + 63) / 64;
	k->off_seat = align_up(sizeof(kstate), 8);
	k->off_node = k->off_seat + (size_t)k->seats * sizeof(kseat);
	k->off_path = k->off_node + (size_t)b->n_node;
	k->off_blocked = align_up(k->off_path + (size_t)b->n_path, 8);
	k->off_reach = k->off_blocked + (size_t)k->nw * 8;
	k->size = align_up(k->off_reach + (size_t)k->seats * (size_t)k->nw * 8, 16);
	return CRISK_OK;
}

void kern_free(kern *k)
{
	free(k->hex_res);
	free(k->tok_hex);
	free(k->node_harbor);
	free(k->offer_sets);
	board_free(&k->b);
}

void kern_state_init(const kern *k, void *st, evlog *log)
{
	(void)log;
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
	for (int r = 0; r < NUM_RES; r++)
		h->bank[r] = k->cfg.bank_per_type;
	memcpy(h->deck, k->cfg.deck, sizeof h->deck);
	for (int s = 0; s < k->seats; s++)
		memcpy(kseat_of(k, st, s)->supply, k->cfg.pieces, 3);
}

int kern_visible_vp(const kern *k, const void *st, int s)
{
	const kseat *p = kseat_of(k, st, s);
	const kstate *h = ks(st);
	int vp = (k->cfg.pieces[PIECE_SETTLEMENT] - p->supply[PIECE_SETTLEMENT]) +
		 2 * (k->cfg.pieces[PIECE_CITY] - p->supply[PIECE_CITY]);
	if (h->lr == s)
		vp += 2;
	if (h->la == s)
		vp += 2;
	return vp;
}

int kern_total_vp(const kern *k, const void *st, int s)
{
	return kern_visible_vp(k, st, s) + kseat_of(k, st, s)->dev[CRISK_CATAN_VICTORY_POINT];
}

int kern_may_see(const kern *k, const void *st, int seat, int viewer)
{
	(void)k;
	(void)st;
	return viewer == seat || viewer == CRISK_VIEWER_OMNISCIENT;
}

/* B-69, B-70: an empty path with, at one end, the seat's building, or no
 * building and another road of the seat. */
int kern_road_ok(const kern *k, const void *st, int s, int path)
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
		if (!nb && bit_get(reach, n))
			return 1;
	}
	return 0;
}

/* Whether seat s has any legal road spot.  Only the ends of its roads can
 * qualify: after set-up every building of a seat touches one of its roads. */
int kern_any_road(const kern *k, const void *st, int s)
{
	const uint64_t *reach = kreach(k, st, s);
	const uint8_t *nodes = knodes(k, st), *paths = kpaths(k, st);
	for (int w = 0; w < k->nw; w++) {
		for (uint64_t m = reach[w]; m; m &= m - 1) {
			int n = w * 64 + __builtin_ctzll(m);
			if (nodes[n] && (int)(nodes[n] & NODE_OWNER_MASK) != s + 1)
				continue;
			const bnode *bn = &k->b.node[n];
			for (int i = 0; i < bn->deg; i++) {
				if (!paths[bn->path[i]])
					return 1;
			}
		}
	}
	return 0;
}

/* B-101: 2 at the resource's special harbor, else 3 at a generic one, else 4. */
int kern_trade_rate(const kseat *p, int r)
{
	if (p->harbors & (1u << (1 + r)))
		return 2;
	return (p->harbors & 1u) ? 3 : 4;
}

const char *kern_dp_name(int dp)
{
	static const char *const names[DP_COUNT] = {
		"setup_settlement", "setup_road",   "pre_roll",      "dice",       "discard",
		"move_robber",      "choose_victim", "steal",        "main",       "dev_draw",
		"trade_response",   "trade_confirm", "free_road",    "yop_pick",   "monopoly_pick",
		"special_build",    "paired_part",   "game_over"};
	return dp >= 0 && dp < DP_COUNT ? names[dp] : "unknown";
}

int kern_current_seat(const kern *k, const void *st)
{
	(void)k;
	return ks(st)->cur;
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
	*known = 1;
	switch (type) {
	case CRISK_CATAN_PLACE_SETTLEMENT:
	case CRISK_CATAN_PLACE_ROAD:
	case CRISK_CATAN_DISCARD:
	case CRISK_CATAN_MOVE_ROBBER:
	case CRISK_CATAN_STEAL_FROM:
	case CRISK_CATAN_STEAL_RESULT:
	case CRISK_CATAN_BUILD_ROAD:
	case CRISK_CATAN_BUILD_SETTLEMENT:
	case CRISK_CATAN_BUILD_CITY:
	case CRISK_CATAN_DEV_RESULT:
	case CRISK_CATAN_PLACE_FREE_ROAD:
	case CRISK_CATAN_PICK:
	case CRISK_CATAN_NAME:
	case CRISK_CATAN_CONFIRM:
	case CRISK_CATAN_DICE:
	case CRISK_CATAN_MARITIME_TRADE:
		return 0xFFFFu;
	case CRISK_CATAN_DISCARD_CARDS:
		return (UINT64_C(1) << (8 * NUM_RES)) - 1;
	case CRISK_CATAN_OFFER_TRADE:
		return (UINT64_C(1) << 52) - 1;
	case CRISK_CATAN_ROLL:
	case CRISK_CATAN_BUY_DEV:
	case CRISK_CATAN_PLAY_KNIGHT:
	case CRISK_CATAN_PLAY_ROAD_BUILDING:
	case CRISK_CATAN_PLAY_YEAR_OF_PLENTY:
	case CRISK_CATAN_PLAY_MONOPOLY:
	case CRISK_CATAN_ACCEPT:
	case CRISK_CATAN_DECLINE:
	case CRISK_CATAN_CANCEL:
	case CRISK_CATAN_END_TURN:
	case CRISK_CATAN_PASS:
	case CRISK_CATAN_END_PART:
		return 0;
	default:
		*known = 0;
		return 0;
	}
}
