/* Set-up of module hawaii (rules/hawaii.md H-34..H-40, H-88, H-99), through
 * the module's internal entry points: three rounds in the order of H-35,
 * the island rule and its 5-6 seat form, the set-up piece as a road or a
 * ship, the pirate's block, the third settlement's resources and the 3 VP
 * every seat starts turn 1 with.  Then the skips of H-37 and H-38 on host
 * maps, through the public API, with the state check after every step. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrisk.h"
#include "catan/kernel.h"
#include "catan/state_io.h"
#include "core/error.h"
#include "core/params.h"
#include "core/rules_impl.h"
#include "modules/hawaii/hawaii.h"
#include "hawaii_fixture.h"

#define CAP 1024

static const catanmap *map(const fixture *f)
{
	return hwr(f->k)->map;
}

static int pt(const fixture *f, const char *id)
{
	int i = catanmap_index(map(f), CM_POINT, id);
	ck_assert_msg(i >= 0, "no point %s", id);
	return i;
}

static int sp(const fixture *f, const char *id)
{
	int i = catanmap_index(map(f), CM_SPACE, id);
	ck_assert_msg(i >= 0, "no space %s", id);
	return i;
}

static size_t list(const fixture *f, crisk_action *buf)
{
	size_t n = hawaii_legal(f->k, f->st, buf, CAP);
	ck_assert_uint_le(n, CAP);
	for (size_t i = 1; i < n; i++)
		ck_assert(buf[i - 1] < buf[i]);
	/* Every listed code passes check. */
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(hawaii_check(f->k, f->st, buf[i]) == CRISK_OK, "listed 0x%llx: %s",
			      (unsigned long long)buf[i], crisk_error_last());
	return n;
}

static int listed(const crisk_action *a, size_t n, unsigned type, int id)
{
	for (size_t i = 0; i < n; i++) {
		if (a[i] == act_make(type, (uint64_t)id))
			return 1;
	}
	return 0;
}

static void apply_ok(fixture *f, unsigned type, int id)
{
	int rc = hawaii_apply(f->k, f->st, act_make(type, (uint64_t)id), &f->log);
	ck_assert_msg(rc == CRISK_OK, "apply %u %d: %s", type, id, crisk_error_last());
	ck_assert_msg(hawaii_state_check(f->k, f->st) == CRISK_OK, "state check: %s", crisk_error_last());
}

/* A settlement, then the lowest listed piece (road or ship). */
static void place(fixture *f, const char *point)
{
	apply_ok(f, CRISK_CATAN_PLACE_SETTLEMENT, pt(f, point));
	crisk_action buf[CAP];
	size_t n = list(f, buf);
	ck_assert_uint_gt(n, 0);
	ck_assert_int_eq(hawaii_apply(f->k, f->st, buf[0], &f->log), CRISK_OK);
	ck_assert_msg(hawaii_state_check(f->k, f->st) == CRISK_OK, "state check: %s", crisk_error_last());
}

static int is_on_island(const fixture *f, int node, const char *island)
{
	return f->k->b.node_island[node] == catanmap_index(map(f), CM_ISLAND, island);
}

/* H-34, H-18: the pirate on sea41, 15 ships each, the robber on hi7. */
START_TEST(components_H34)
{
	fixture f;
	open_game(&f, "players=4 seed=1");
	ck_assert_int_eq(hwx(f.k, f.st)->pirate, catanmap_index(map(&f), CM_HEX, "sea41"));
	ck_assert_int_eq(ks(f.st)->robber, catanmap_index(map(&f), CM_HEX, "hi7"));
	for (int s = 0; s < 4; s++)
		ck_assert_int_eq(hwx(f.k, f.st)->ships[s], 15);
	ck_assert_int_eq(ks(f.st)->bank[0], 19);
	ck_assert_int_eq(f.k->cfg.vp_target, 13); /* H-20, H-86 */
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_OK);
	close_game(&f);
	open_game(&f, "players=6 seed=1");
	ck_assert_int_eq(ks(f.st)->bank[0], 24);
	ck_assert_int_eq(f.k->cfg.vp_target, 10);
	int deck = 0;
	for (int c = 0; c < NUM_DEV; c++)
		deck += ks(f.st)->deck[c];
	ck_assert_int_eq(deck, 34);
	close_game(&f);
	open_game(&f, "players=3 seed=1 vp_target=8");
	ck_assert_int_eq(f.k->cfg.vp_target, 8);
	close_game(&f);
	/* H-1: two seats are not supported. */
	param_set ps;
	ck_assert_int_eq(params_parse(&ps, hawaii_params, hawaii_n_params, "players=2 seed=1"), CRISK_EPARAM);
}
END_TEST

/* H-35: rounds 0..n-1, n-1..0, 0..n-1. */
START_TEST(setup_order_H35)
{
	fixture f;
	open_game(&f, "players=4 seed=1");
	static const int order[12] = {0, 1, 2, 3, 3, 2, 1, 0, 0, 1, 2, 3};
	static const char *sites[12] = {"wailuku", "paauilo", "pearlcity", "kamuela", "waimea", "kealakekua",
					"lihue",   "milolii", "kaunakakai", "lopa",   "hanalei", "wailea_makena"};
	for (int i = 0; i < 12; i++) {
		ck_assert_int_eq(kern_setup_seat(f.k, i), order[i]);
		ck_assert_int_eq(ks(f.st)->cur, order[i]);
		ck_assert_int_eq(ks(f.st)->dp, DP_SETUP_SETTLEMENT);
		place(&f, sites[i]);
	}
	ck_assert_int_eq(ks(f.st)->turn, 1);
	ck_assert_int_eq(ks(f.st)->cur, 0);
	close_game(&f);
}
END_TEST

/* H-99 (d), H-39, H-40: the complete set-up of the spec; resources only for
 * the third settlement; 3 VP each. */
START_TEST(complete_setup_H99d_H39_H40)
{
	fixture f;
	open_game(&f, "players=4 seed=1");
	static const char *sites[12] = {"wailuku", "paauilo", "pearlcity", "kamuela", "waimea", "kealakekua",
					"lihue",   "milolii", "kaunakakai", "lopa",   "hanalei", "wailea_makena"};
	for (int i = 0; i < 12; i++) {
		if (i < 8) {
			for (int s = 0; s < 4; s++)
				ck_assert_int_eq(kseat_of(f.k, f.st, s)->cards, 0); /* first two give nothing */
		}
		place(&f, sites[i]);
	}
	enum { BRICK, LUMBER, WOOL, GRAIN, ORE };
	static const int want[4][5] = {
		{0, 1, 1, 0, 0}, /* kaunakakai: mo1 wool, mo2 lumber */
		{1, 0, 0, 1, 0}, /* lopa: la1 grain, kh1 brick */
		{0, 1, 0, 1, 0}, /* hanalei: ka1 lumber, ka2 grain */
		{1, 0, 1, 0, 0}, /* wailea_makena: mu3 wool, kh1 brick */
	};
	for (int s = 0; s < 4; s++) {
		for (int r = 0; r < NUM_RES; r++)
			ck_assert_msg(kseat_of(f.k, f.st, s)->hand[r] == want[s][r], "seat %d resource %d", s, r);
		ck_assert_int_eq(kern_visible_vp(f.k, f.st, s), 3);
	}
	ck_assert_int_eq(ks(f.st)->dp, DP_PRE_ROLL);
	close_game(&f);
}
END_TEST

/* H-37, H-99 (a): with 4 seats, a seat with settlements on Maui and Hawai'i
 * gets no third one there; lopa (Lanai) is open. */
START_TEST(island_rule_H37_H99a)
{
	fixture f;
	open_game(&f, "players=4 seed=1");
	static const char *sites[8] = {"wailuku", "kealakekua", "pearlcity", "kamuela",
				       "waimea",  "hanalei",    "lihue",     "paauilo"};
	for (int i = 0; i < 8; i++) {
		if (i == 7) { /* seat 0's second: not on Maui again */
			ck_assert_int_eq(hawaii_check(f.k, f.st, act_make(CRISK_CATAN_PLACE_SETTLEMENT, (uint64_t)pt(&f, "kula"))),
					 CRISK_EILLEGAL);
			ck_assert_msg(strstr(crisk_error_last(), "set-up rule") != NULL, "%s", crisk_error_last());
		}
		place(&f, sites[i]);
	}
	/* Seat 0's third (step 8). */
	ck_assert_int_eq(ks(f.st)->cur, 0);
	crisk_action buf[CAP];
	size_t n = list(&f, buf);
	ck_assert_uint_gt(n, 0);
	for (size_t i = 0; i < n; i++) {
		int p = ACT_ID(buf[i]);
		ck_assert_msg(!is_on_island(&f, p, "maui") && !is_on_island(&f, p, "hawaii"), "listed %d", p);
	}
	ck_assert(listed(buf, n, CRISK_CATAN_PLACE_SETTLEMENT, pt(&f, "lopa")));
	ck_assert(!listed(buf, n, CRISK_CATAN_PLACE_SETTLEMENT, pt(&f, "hana")));
	close_game(&f);
}
END_TEST

/* H-88, H-99 (b): with 5 seats the second may share the first's island,
 * then the third must leave it; puuwai (Ni'ihau, a chit point) is open. */
START_TEST(island_rule_five_seats_H88_H99b)
{
	fixture f;
	open_game(&f, "players=5 seed=1");
	static const char *sites[10] = {"paauilo", "wailuku", "pearlcity", "lihue",      "kaunakakai",
					"lopa",    "hanalei", "kalapana",  "kealakekua", "volcano"};
	for (int i = 0; i < 10; i++)
		place(&f, sites[i]);
	ck_assert_int_eq(ks(f.st)->cur, 0); /* seat 0's third: paauilo, volcano on Hawai'i */
	crisk_action buf[CAP];
	size_t n = list(&f, buf);
	for (size_t i = 0; i < n; i++)
		ck_assert(!is_on_island(&f, ACT_ID(buf[i]), "hawaii"));
	ck_assert(listed(buf, n, CRISK_CATAN_PLACE_SETTLEMENT, pt(&f, "puuwai")));
	ck_assert(listed(buf, n, CRISK_CATAN_PLACE_SETTLEMENT, pt(&f, "kaena"))); /* H-99 (c) */
	close_game(&f);
}
END_TEST

/* H-38, H-99 (f): the set-up piece may be a ship on a ship-type space at
 * the settlement: m5 from lahaina, f07 from lanaicity; never a road on one. */
START_TEST(setup_ship_H38_H99f)
{
	fixture f;
	open_game(&f, "players=3 seed=1");
	apply_ok(&f, CRISK_CATAN_PLACE_SETTLEMENT, pt(&f, "lahaina"));
	crisk_action buf[CAP];
	size_t n = list(&f, buf);
	ck_assert_uint_eq(n, 3); /* r069, r071 and the ship on m5 */
	ck_assert(listed(buf, n, CRISK_CATAN_PLACE_ROAD, sp(&f, "r069")));
	ck_assert(listed(buf, n, CRISK_CATAN_PLACE_ROAD, sp(&f, "r071")));
	ck_assert(listed(buf, n, HW_PLACE_SHIP, sp(&f, "m5")));
	ck_assert_int_eq(hawaii_check(f.k, f.st, act_make(HW_PLACE_SHIP, (uint64_t)sp(&f, "r069"))), CRISK_EILLEGAL);
	ck_assert_int_eq(hawaii_check(f.k, f.st, act_make(HW_PLACE_SHIP, (uint64_t)sp(&f, "f07"))), CRISK_EILLEGAL);
	apply_ok(&f, HW_PLACE_SHIP, sp(&f, "m5"));
	ck_assert_int_eq(kpaths(f.k, f.st)[sp(&f, "m5")], 1);
	ck_assert_int_eq(hwx(f.k, f.st)->ships[0], 14);
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->supply[PIECE_ROAD], 15);
	ck_assert_int_eq(ks(f.st)->cur, 1);
	apply_ok(&f, CRISK_CATAN_PLACE_SETTLEMENT, pt(&f, "lanaicity"));
	n = list(&f, buf);
	ck_assert(listed(buf, n, HW_PLACE_SHIP, sp(&f, "f07")));
	apply_ok(&f, HW_PLACE_SHIP, sp(&f, "f07"));
	/* A ship is no action outside the set-up piece. */
	ck_assert_int_eq(hawaii_check(f.k, f.st, act_make(HW_PLACE_SHIP, (uint64_t)sp(&f, "s22"))), CRISK_EILLEGAL);
	close_game(&f);
}
END_TEST

/* H-46, H-106: the pirate on sea22 blocks m5 (and f07, f08) for ships, even
 * in set-up; the roads stay. */
START_TEST(setup_ship_pirate_H46)
{
	fixture f;
	open_game(&f, "players=3 seed=1");
	hwx(f.k, f.st)->pirate = (uint16_t)catanmap_index(map(&f), CM_HEX, "sea22");
	ck_assert_int_eq(hw_pirate_blocks(f.k, f.st, sp(&f, "m5")), 1);
	ck_assert_int_eq(hw_pirate_blocks(f.k, f.st, sp(&f, "f07")), 1);
	ck_assert_int_eq(hw_pirate_blocks(f.k, f.st, sp(&f, "f08")), 1);
	ck_assert_int_eq(hw_pirate_blocks(f.k, f.st, sp(&f, "s22")), 0);
	apply_ok(&f, CRISK_CATAN_PLACE_SETTLEMENT, pt(&f, "lahaina"));
	crisk_action buf[CAP];
	size_t n = list(&f, buf);
	ck_assert_uint_eq(n, 2);
	ck_assert(!listed(buf, n, HW_PLACE_SHIP, sp(&f, "m5")));
	ck_assert_int_eq(hawaii_check(f.k, f.st, act_make(HW_PLACE_SHIP, (uint64_t)sp(&f, "m5"))), CRISK_EILLEGAL);
	char msg[96];
	snprintf(msg, sizeof msg, "the pirate blocks space %d: no ship may be placed there (H-46)", sp(&f, "m5"));
	ck_assert_str_eq(crisk_error_last(), msg);
	close_game(&f);
}
END_TEST

/* H-112: ships on the board plus supply are 15; a corrupt count is refused. */
START_TEST(ship_count_check_H112)
{
	fixture f;
	open_game(&f, "players=3 seed=1");
	apply_ok(&f, CRISK_CATAN_PLACE_SETTLEMENT, pt(&f, "lahaina"));
	apply_ok(&f, HW_PLACE_SHIP, sp(&f, "m5"));
	hwx(f.k, f.st)->ships[0] = 15;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_EFORMAT);
	ck_assert_str_eq(crisk_error_last(), "ext.ships[0]: 15 in supply and 1 on the board is not 15");
	close_game(&f);
}
END_TEST

/* H-37, H-88, H-99 (a, b): at every set-up settlement of random set-ups
 * (3 to 6 seats), the module's set of open points (hw_setup_sites, which
 * the kernel lists from) answers as hw_setup_site_ok does for every point,
 * and the list holds exactly the unlisted-or-not points that check accepts. */
START_TEST(setup_sites_as_set_H37_H88)
{
	static const char *const params[] = {"players=3 seed=1", "players=4 seed=2", "players=5 seed=3",
					     "players=6 seed=4", "players=3 seed=5", "players=5 seed=6"};
	uint64_t draw = 0x9E3779B97F4A7C15u;
	long compared = 0;
	for (size_t g = 0; g < sizeof params / sizeof params[0]; g++) {
		for (int round = 0; round < 8; round++) {
			fixture f;
			open_game(&f, params[g]);
			while (ks(f.st)->turn == 0) {
				crisk_action buf[CAP];
				size_t n = list(&f, buf);
				ck_assert_uint_gt(n, 0);
				if (ks(f.st)->dp == DP_SETUP_SETTLEMENT) {
					uint64_t sites[HW_MAX_NW];
					hw_setup_sites(f.k, f.st, ks(f.st)->active, sites);
					for (int node = 0; node < f.k->b.n_node; node++) {
						int ok = hw_setup_site_ok(f.k, f.st, ks(f.st)->active, node) != 0;
						ck_assert_int_eq((int)(sites[node / 64] >> (node % 64) & 1u), ok);
						crisk_action a = act_make(CRISK_CATAN_PLACE_SETTLEMENT, (uint64_t)node);
						ck_assert_int_eq(listed(buf, n, CRISK_CATAN_PLACE_SETTLEMENT, node),
								 hawaii_check(f.k, f.st, a) == CRISK_OK);
						compared++;
					}
					/* H-37's fallback: with every island point blocked, every
					 * point is open; both answer so (the blocked words are
					 * put back after). */
					uint64_t *blocked = kblocked(f.k, f.st), kept[HW_MAX_NW];
					for (int w = 0; w < f.k->nw; w++) {
						kept[w] = blocked[w];
						blocked[w] |= hwr(f.k)->island_at[(size_t)f.k->b.n_island * (size_t)f.k->nw + (size_t)w];
					}
					hw_setup_sites(f.k, f.st, ks(f.st)->active, sites);
					for (int node = 0; node < f.k->b.n_node; node++) {
						ck_assert(hw_setup_site_ok(f.k, f.st, ks(f.st)->active, node));
						ck_assert(sites[node / 64] >> (node % 64) & 1u);
					}
					for (int w = 0; w < f.k->nw; w++)
						blocked[w] = kept[w];
				}
				draw = draw * 6364136223846793005u + 1442695040888963407u;
				crisk_action a = buf[(draw >> 33) % n];
				ck_assert_int_eq(hawaii_apply(f.k, f.st, a, &f.log), CRISK_OK);
			}
			close_game(&f);
		}
	}
	ck_assert_int_gt(compared, 10000);
}
END_TEST

/* ---- the skips of H-37 and H-38 on host maps (public API) ---- */

/* A host map for the skips: island Isle with `sites` sites s0, s1, ... in a
 * chain, a junction between each two (a settlement closes only its own
 * site, H-48), and with `rock` the site Rock of Isle across the water,
 * whose only space `sr` is a ship space under the pirate's start sa: a
 * settlement there has no place for its piece (H-38, H-46).  One island,
 * so the island rule is always waived (H-37).  Targets for 3 to 6 seats
 * (free() it). */
static char *skip_map(int sites, int rock)
{
	size_t cap = 2048 + 192 * (size_t)sites;
	char *t = malloc(cap);
	int n = snprintf(t, cap,
			 "catanmap 1\ntitle Skip Isle\nisland i Isle\n"
			 "hex h1 i forest 6 0 0\nhex h2 i hills 8 1 0\nhex h3 i pasture 5 2 0\n"
			 "hex h4 i fields 9 3 0\nhex h5 i mountains 4 4 0\nhex h6 i desert - 5 0\n%s"
			 "hex sa - sea - 0 2\nhex sb - sea - 1 2\n",
			 rock ? "hex h7 i fields 10 6 0\n" : "");
	for (int i = 0; i < sites; i++) {
		n += snprintf(t + n, cap - (size_t)n, "point s%d site i %d 0 S%d\n", i, 2 * i, i);
		if (i + 1 < sites)
			n += snprintf(t + n, cap - (size_t)n, "point j%d junction i %d 0\n", i, 2 * i + 1);
	}
	if (rock)
		n += snprintf(t + n, cap - (size_t)n, "point x junction - %d 0\npoint rock site i %d 0 Rock\n", 2 * sites,
			      2 * sites + 1);
	for (int i = 0; i + 1 < sites; i++)
		n += snprintf(t + n, cap - (size_t)n, "space ra%d road s%d j%d\nspace rb%d road j%d s%d\n", i, i, i, i, i,
			      i + 1);
	if (rock)
		n += snprintf(t + n, cap - (size_t)n, "space sx ship s%d x sea=sb\nspace sr ship x rock sea=sa\n", sites - 1);
	for (int i = 0; i < sites; i++)
		n += snprintf(t + n, cap - (size_t)n, "produces s%d h%d h%d\n", i, 1 + i % 5, 1 + (i + 1) % 5);
	if (rock)
		n += snprintf(t + n, cap - (size_t)n, "produces rock h7\n");
	snprintf(t + n, cap - (size_t)n, "robber h6\npirate sa\ntarget 3 8\ntarget 4 8\ntarget 5 8\ntarget 6 8\n");
	return t;
}

static crisk_game *skip_game(const char *params, int sites, int rock)
{
	char *t = skip_map(sites, rock);
	crisk_rules *r = NULL;
	ck_assert_msg(crisk_rules_new_with_data(&r, "hawaii", params, t, strlen(t)) == CRISK_OK, "%s: %s", params,
		      crisk_error_last());
	free(t);
	crisk_game *g = NULL;
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	ck_assert_msg(hawaii_state_check(g->data, g->state) == CRISK_OK, "state check: %s", crisk_error_last());
	return g;
}

static const kern *game_kern(const crisk_game *g)
{
	return g->data;
}

static int game_pt(const crisk_game *g, const char *id)
{
	int i = catanmap_index(hwr(game_kern(g))->map, CM_POINT, id);
	ck_assert_msg(i >= 0, "no point %s", id);
	return i;
}

static int game_sp(const crisk_game *g, const char *id)
{
	int i = catanmap_index(hwr(game_kern(g))->map, CM_SPACE, id);
	ck_assert_msg(i >= 0, "no space %s", id);
	return i;
}

static size_t game_list(const crisk_game *g, crisk_action *buf)
{
	size_t n = 0;
	ck_assert_int_eq(crisk_game_legal_actions(g, buf, CAP, &n), CRISK_OK);
	ck_assert_uint_le(n, CAP);
	return n;
}

/* Type and id are listed and applied; the state check holds after. */
static void game_play(crisk_game *g, unsigned type, int id)
{
	crisk_action buf[CAP];
	size_t n = game_list(g, buf);
	ck_assert_msg(listed(buf, n, type, id), "%u %d not listed", type, id);
	ck_assert_msg(crisk_game_apply(g, act_make(type, (uint64_t)id)) == CRISK_OK, "%s", crisk_error_last());
	ck_assert_msg(hawaii_state_check(g->data, g->state) == CRISK_OK, "state check: %s", crisk_error_last());
}

/* A set-up settlement on site `id`, then (`piece`) the lowest listed piece. */
static void game_settle(crisk_game *g, const char *id, int piece)
{
	game_play(g, CRISK_CATAN_PLACE_SETTLEMENT, game_pt(g, id));
	if (!piece)
		return;
	crisk_action buf[CAP];
	ck_assert_uint_gt(game_list(g, buf), 0);
	game_play(g, (unsigned)ACT_TYPE(buf[0]), ACT_ID(buf[0]));
}

static uint64_t next_seq(const crisk_game *g)
{
	uint64_t next = 0;
	ck_assert_int_eq(crisk_game_event_range(g, NULL, &next), CRISK_OK);
	return next;
}

/* The events of set-up's flow from sequence number `from` on, as text:
 * "skip <seat> <0 step|1 piece> <step>", "turn <turn>", "res <seat>"
 * (starting resources), "settle <seat>" (free() it). */
static char *flow_since(const crisk_game *g, uint64_t from)
{
	size_t cap = 4096, len = 0;
	char *t = malloc(cap);
	t[0] = '\0';
	for (uint64_t q = from; q < next_seq(g); q++) {
		crisk_event e = CRISK_EVENT_INIT;
		ck_assert_int_eq(crisk_game_event(&e, g, q, CRISK_VIEWER_OMNISCIENT), CRISK_OK);
		if (e.type == CRISK_CATAN_EV_SETUP_SKIP)
			len += (size_t)snprintf(t + len, cap - len, "skip %d %d %d;", e.seat, e.args[0], e.args[1]);
		else if (e.type == CRISK_CATAN_EV_TURN_START)
			len += (size_t)snprintf(t + len, cap - len, "turn %d;", e.args[0]);
		else if (e.type == CRISK_CATAN_EV_STARTING_RESOURCES)
			len += (size_t)snprintf(t + len, cap - len, "res %d;", e.seat);
		else if (e.type == CRISK_CATAN_EV_SETUP_SETTLEMENT)
			len += (size_t)snprintf(t + len, cap - len, "settle %d;", e.seat);
		ck_assert_uint_lt(len, cap);
	}
	return t;
}

static void flow_is(const crisk_game *g, uint64_t from, const char *want)
{
	char *got = flow_since(g, from);
	ck_assert_str_eq(got, want);
	free(got);
}

/* Buildings of seat s (omniscient count of the board). */
static int buildings_of(const crisk_game *g, int s)
{
	int count = 0;
	for (int n = 0; n < game_kern(g)->b.n_node; n++) {
		int32_t owner = -1, kind = 0;
		ck_assert_int_eq(crisk_catan_building(g, n, &owner, &kind), CRISK_OK);
		count += owner == s;
	}
	return count;
}

/* H-37, B-45: five sites for the nine steps of 3 seats.  The first five
 * steps take them all (the island rule waived on the one island); at step
 * 5 no named location satisfies the distance rule, for seat 0 nor for any
 * seat after it (nothing opens one again), so steps 5 to 8 are skipped,
 * settlement and piece, and seat 0 starts turn 1 at once. */
START_TEST(setup_step_skipped_H37)
{
	crisk_game *g = skip_game("players=3 seed=1", 5, 0);
	static const int seat_of[5] = {0, 1, 2, 2, 1};
	for (int i = 0; i < 4; i++) {
		char id[8];
		snprintf(id, sizeof id, "s%d", i);
		ck_assert_int_eq(crisk_game_current_seat(g), seat_of[i]);
		game_settle(g, id, 1);
	}
	/* Step 4: seat 1's only place is s4 (the last open site). */
	crisk_action buf[CAP];
	size_t n = game_list(g, buf);
	ck_assert_uint_eq(n, 1);
	ck_assert(listed(buf, n, CRISK_CATAN_PLACE_SETTLEMENT, game_pt(g, "s4")));
	game_settle(g, "s4", 0);
	uint64_t from = next_seq(g);
	ck_assert_int_eq(ks(g->state)->dp, DP_SETUP_ROAD);
	n = game_list(g, buf);
	game_play(g, (unsigned)ACT_TYPE(buf[0]), ACT_ID(buf[0]));
	flow_is(g, from, "skip 0 0 5;skip 0 0 6;skip 1 0 7;skip 2 0 8;turn 1;");
	ck_assert_int_eq(ks(g->state)->dp, DP_PRE_ROLL);
	ck_assert_int_eq(crisk_game_current_seat(g), 0);
	static const int want[3] = {1, 2, 2};
	for (int s = 0; s < 3; s++) {
		int32_t cards = -1, dev = -1;
		ck_assert_int_eq(buildings_of(g, s), want[s]);
		ck_assert_int_eq(crisk_catan_seat_counts(g, s, &cards, &dev, NULL), CRISK_OK);
		ck_assert_int_eq(cards, 0); /* no third settlement, no starting resources (H-39) */
	}
	/* The skip's text (docs/events.md). */
	crisk_event e = CRISK_EVENT_INIT;
	ck_assert_int_eq(crisk_game_event(&e, g, from + 1, CRISK_VIEWER_SPECTATOR), CRISK_OK);
	char text[128];
	ck_assert_int_eq(crisk_event_to_string(g, &e, text, sizeof text, NULL), CRISK_OK);
	ck_assert_str_eq(text, "seat 0 skipped set-up step 5: no intersection is open");
	crisk_game_free(g);

	/* A map with no named location for 3-4 seats (its chit point is one
	 * with 5-6, H-77): every step is skipped when the game is made; with
	 * 5 seats seat 0 settles the chit point, and the rest is skipped. */
	static const char no_site[] = "catanmap 1\nisland i Isle\nhex h1 i forest 6 0 0\nhex h2 i desert - 1 0\n"
				      "point c chit i 0 0 Cove\npoint j junction i 1 0\nspace r road c j\n"
				      "produces c h1\nrobber h2\ntarget 3 8\ntarget 5 8\n";
	crisk_rules *r = NULL;
	ck_assert_msg(crisk_rules_new_with_data(&r, "hawaii", "players=3 seed=1", no_site, strlen(no_site)) == CRISK_OK,
		      "%s", crisk_error_last());
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	ck_assert_msg(hawaii_state_check(g->data, g->state) == CRISK_OK, "%s", crisk_error_last());
	flow_is(g, 1, "skip 0 0 0;skip 1 0 1;skip 2 0 2;skip 2 0 3;skip 1 0 4;skip 0 0 5;skip 0 0 6;skip 1 0 7;"
		      "skip 2 0 8;turn 1;");
	crisk_game_free(g);
	ck_assert_int_eq(crisk_rules_new_with_data(&r, "hawaii", "players=5 seed=1", no_site, strlen(no_site)), CRISK_OK);
	ck_assert_int_eq(crisk_game_new(&g, r), CRISK_OK);
	crisk_rules_free(r);
	game_settle(g, "c", 1);
	flow_is(g, 1, "settle 0;skip 1 0 1;skip 2 0 2;skip 3 0 3;skip 4 0 4;skip 4 0 5;skip 3 0 6;skip 2 0 7;"
		      "skip 1 0 8;skip 0 0 9;skip 0 0 10;skip 1 0 11;skip 2 0 12;skip 3 0 13;skip 4 0 14;turn 1;");
	crisk_game_free(g);
}
END_TEST

/* H-38, H-46: seat 0 settles Rock, whose only space lies under the pirate:
 * its piece is skipped, and seat 1 places next.  Then set-up ends by a
 * piece skip: seat 1's settlement on Rock at step 4 closes the last named
 * location, its piece is skipped, then steps 5 to 8 (H-37). */
START_TEST(setup_piece_skipped_H38)
{
	crisk_game *g = skip_game("players=3 seed=2", 4, 1);
	uint64_t from = next_seq(g);
	game_settle(g, "rock", 0);
	flow_is(g, from, "settle 0;skip 0 1 0;");
	ck_assert_int_eq(ks(g->state)->dp, DP_SETUP_SETTLEMENT);
	ck_assert_int_eq(crisk_game_current_seat(g), 1);
	ck_assert_int_eq(ks(g->state)->step, 1);
	ck_assert_int_eq(crisk_game_check(g, act_make(HW_PLACE_SHIP, (uint64_t)game_sp(g, "sr"))), CRISK_EILLEGAL);
	char text[128];
	crisk_event e = CRISK_EVENT_INIT;
	ck_assert_int_eq(crisk_game_event(&e, g, from + 1, 1), CRISK_OK);
	ck_assert_int_eq(crisk_event_to_string(g, &e, text, sizeof text, NULL), CRISK_OK);
	ck_assert_str_eq(text, "seat 0 skipped the piece of set-up step 0: no place at its settlement");
	/* Seat 1 at s3: its road and the ship on sx (not under the pirate). */
	game_play(g, CRISK_CATAN_PLACE_SETTLEMENT, game_pt(g, "s3"));
	crisk_action buf[CAP];
	size_t n = game_list(g, buf);
	ck_assert_uint_eq(n, 2);
	ck_assert(listed(buf, n, CRISK_CATAN_PLACE_ROAD, game_sp(g, "rb2")));
	game_play(g, HW_PLACE_SHIP, game_sp(g, "sx"));
	ck_assert_int_eq(crisk_game_current_seat(g), 2);
	game_settle(g, "s0", 1);
	game_settle(g, "s1", 1);
	from = next_seq(g);
	game_settle(g, "s2", 1); /* step 4, seat 1: every named location taken */
	flow_is(g, from, "settle 1;skip 0 0 5;skip 0 0 6;skip 1 0 7;skip 2 0 8;turn 1;");
	crisk_game_free(g);

	g = skip_game("players=3 seed=3", 4, 1);
	for (int i = 0; i < 4; i++) {
		char id[8];
		snprintf(id, sizeof id, "s%d", i);
		game_settle(g, id, 1);
	}
	from = next_seq(g);
	game_settle(g, "rock", 0);
	flow_is(g, from, "settle 1;skip 1 1 4;skip 0 0 5;skip 0 0 6;skip 1 0 7;skip 2 0 8;turn 1;");
	ck_assert_int_eq(ks(g->state)->dp, DP_PRE_ROLL);
	ck_assert_int_eq(ks(g->state)->turn, 1);
	int32_t owner = -1;
	ck_assert_int_eq(crisk_catan_road(g, game_sp(g, "sr"), &owner), CRISK_OK);
	ck_assert_int_eq(owner, -1);
	crisk_game_free(g);
}
END_TEST

/* H-39: a third settlement gives its starting resources even when its
 * piece is skipped, a skipped third step gives none.  Six sites and Rock
 * for 3 seats: steps 0-5 on the sites, seat 0's third (step 6) on Rock
 * takes the grain of h7 and skips its piece, steps 7 and 8 (seats 1 and
 * 2, their third) are skipped. */
START_TEST(skipped_third_step_no_resources_H39)
{
	crisk_game *g = skip_game("players=3 seed=4", 6, 1);
	for (int i = 0; i < 6; i++) {
		char id[8];
		snprintf(id, sizeof id, "s%d", i);
		game_settle(g, id, 1);
	}
	for (int s = 0; s < 3; s++) {
		int32_t cards = -1;
		ck_assert_int_eq(crisk_catan_seat_counts(g, s, &cards, NULL, NULL), CRISK_OK);
		ck_assert_int_eq(cards, 0); /* the first two give nothing */
	}
	uint64_t from = next_seq(g);
	ck_assert_int_eq(crisk_game_current_seat(g), 0);
	game_settle(g, "rock", 0);
	flow_is(g, from, "settle 0;res 0;skip 0 1 6;skip 1 0 7;skip 2 0 8;turn 1;");
	int32_t hand[5];
	ck_assert_int_eq(crisk_catan_hand(g, 0, CRISK_VIEWER_OMNISCIENT, hand), CRISK_OK);
	static const int32_t grain[5] = {0, 0, 0, 1, 0};
	ck_assert_mem_eq(hand, grain, sizeof grain);
	for (int s = 1; s < 3; s++) {
		int32_t cards = -1;
		ck_assert_int_eq(crisk_catan_seat_counts(g, s, &cards, NULL, NULL), CRISK_OK);
		ck_assert_int_eq(cards, 0);
		ck_assert_int_eq(buildings_of(g, s), 2);
	}
	int32_t bank[5], deck = 0;
	ck_assert_int_eq(crisk_catan_bank(g, bank, &deck), CRISK_OK);
	ck_assert_int_eq(bank[3], 18);
	crisk_game_free(g);
}
END_TEST

/* g's binary save, its size in *n (free() it). */
static uint8_t *saved(const crisk_game *g, size_t *n)
{
	ck_assert_int_eq(crisk_game_save(g, NULL, 0, n), CRISK_EBUFSIZE);
	uint8_t *blob = malloc(*n);
	ck_assert_ptr_nonnull(blob);
	ck_assert_int_eq(crisk_game_save(g, blob, *n, n), CRISK_OK);
	return blob;
}

/* Binary and JSON saves of g load (the load runs the state check) into
 * games that save the same again and list the same actions. */
static void same_after_load(const crisk_game *g)
{
	size_t n = 0, m = 0;
	uint8_t *a = saved(g, &n), *b = malloc(n);
	crisk_game *l = NULL;
	ck_assert_msg(crisk_game_load(&l, a, n) == CRISK_OK, "%s", crisk_error_last());
	ck_assert_int_eq(crisk_game_save(l, b, n, &m), CRISK_OK);
	ck_assert(m == n && memcmp(a, b, n) == 0);
	crisk_action la[CAP], lb[CAP];
	size_t na = game_list(g, la), nb = game_list(l, lb);
	ck_assert(na == nb && memcmp(la, lb, na * sizeof la[0]) == 0);
	crisk_game_free(l);
	free(a);
	free(b);
	ck_assert_int_eq(crisk_game_save_json(g, NULL, 0, &n), CRISK_EBUFSIZE);
	char *ja = malloc(n + 1), *jb = malloc(n + 1);
	ck_assert_int_eq(crisk_game_save_json(g, ja, n + 1, &n), CRISK_OK);
	ck_assert_msg(crisk_game_load_json(&l, ja, n) == CRISK_OK, "%s", crisk_error_last());
	ck_assert_int_eq(crisk_game_save_json(l, jb, n + 1, &m), CRISK_OK);
	ck_assert(m == n && memcmp(ja, jb, n) == 0);
	crisk_game_free(l);
	free(ja);
	free(jb);
}

/* A copy of g whose state `edit` changes: the state check refuses it, and
 * so does loading its save, with a message holding `want`. */
static void corrupt_refused(const crisk_game *g, void (*edit)(const crisk_game *c, void *st), const char *want)
{
	crisk_game *c = NULL;
	ck_assert_int_eq(crisk_game_clone(&c, g), CRISK_OK);
	edit(c, c->state);
	ck_assert_int_eq(hawaii_state_check(c->data, c->state), CRISK_EFORMAT);
	ck_assert_msg(strstr(crisk_error_last(), want) != NULL, "'%s' lacks '%s'", crisk_error_last(), want);
	size_t n = 0;
	uint8_t *blob = saved(c, &n);
	crisk_game *l = NULL;
	ck_assert_int_eq(crisk_game_load(&l, blob, n), CRISK_EFORMAT);
	ck_assert_msg(strstr(crisk_error_last(), want) != NULL, "'%s' lacks '%s'", crisk_error_last(), want);
	free(blob);
	crisk_game_free(c);
}

/* Edits for corrupt_refused. */
static void pirate_off_rock(const crisk_game *c, void *st)
{
	hwx(game_kern(c), st)->pirate = (uint16_t)catanmap_index(hwr(game_kern(c))->map, CM_HEX, "sb");
}
/* Seat 0 to act at set-up step `step` (or after set-up), decision point dp. */
static void seat0_at(kstate *h, int step, int dp)
{
	h->step = (uint8_t)step;
	h->active = 0;
	h->cur = 0;
	h->dp = (uint8_t)dp;
}
static void rock_piece_awaited(const crisk_game *c, void *st)
{
	seat0_at(ks(st), 0, DP_SETUP_ROAD);
	ks(st)->setup_node = (uint16_t)game_pt(c, "rock");
}
static void setup_over_early(const crisk_game *c, void *st)
{
	(void)c;
	seat0_at(ks(st), 9, DP_PRE_ROLL);
	ks(st)->turn = 1;
}
static void step_awaited_without_place(const crisk_game *c, void *st)
{
	(void)c;
	seat0_at(ks(st), 5, DP_SETUP_SETTLEMENT);
	ks(st)->turn = 0;
}

/* H-37, H-38: the states right after skips save and load exactly (binary
 * and JSON) and go on alike; states that skips cannot reach are refused:
 * a settlement without its piece while a place for it is open, a piece
 * awaited where it has no place, set-up over with fewer settlements while
 * a named location is open, a settlement awaited with none open. */
START_TEST(skips_save_load_H37_H38)
{
	crisk_game *g = skip_game("players=3 seed=5", 4, 1);
	game_settle(g, "rock", 0); /* the piece skipped, seat 1 to place */
	same_after_load(g);
	corrupt_refused(g, pirate_off_rock,
			"seats[0]: its set-up settlement on intersection 8 has no piece, but a place for one");
	corrupt_refused(g, rock_piece_awaited,
			"setup_node: seat 0 has no place for the set-up piece at intersection 8");
	game_settle(g, "s3", 1);
	game_settle(g, "s0", 1);
	same_after_load(g);
	game_settle(g, "s1", 1);
	/* Step 4, seat 1 with one settlement, s2 open: set-up cannot be over. */
	corrupt_refused(g, setup_over_early,
			"seats[0]: fewer buildings (1) than set-up's 3 rounds, but an intersection is open");
	game_settle(g, "s2", 1); /* the steps left are skipped */
	ck_assert_int_eq(ks(g->state)->turn, 1);
	same_after_load(g);
	corrupt_refused(g, step_awaited_without_place, "phase: setup_settlement, but no intersection is open");
	/* The loaded game goes on like the original. */
	size_t n = 0;
	uint8_t *blob = saved(g, &n);
	crisk_game *l = NULL;
	ck_assert_int_eq(crisk_game_load(&l, blob, n), CRISK_OK);
	free(blob);
	uint64_t pa = 9, pb = 9;
	ck_assert_int_eq(crisk_game_playout(g, 0, 200, &pa, NULL), CRISK_OK);
	ck_assert_int_eq(crisk_game_playout(l, 0, 200, &pb, NULL), CRISK_OK);
	same_after_load(g);
	size_t na = 0, nb = 0;
	ck_assert_int_eq(crisk_game_save_json(g, NULL, 0, &na), CRISK_EBUFSIZE);
	ck_assert_int_eq(crisk_game_save_json(l, NULL, 0, &nb), CRISK_EBUFSIZE);
	char *ja = malloc(na + 1), *jb = malloc(nb + 1);
	ck_assert_int_eq(crisk_game_save_json(g, ja, na + 1, &na), CRISK_OK);
	ck_assert_int_eq(crisk_game_save_json(l, jb, nb + 1, &nb), CRISK_OK);
	ck_assert_str_eq(ja, jb);
	free(ja);
	free(jb);
	crisk_game_free(l);
	crisk_game_free(g);
}
END_TEST

/* H-37, H-38, H-39, H-88: random set-ups on maps where steps and pieces
 * are skipped, 3 to 6 seats, played on into the main phase: the state
 * check and a save and load at every step, a legal action at every
 * set-up decision, every named location settled when the steps outnumber
 * them (nothing blocks a site but its own settlement here), each Rock
 * settlement without its piece, and skips of both kinds seen. */
START_TEST(random_setups_with_skips_H37_H38)
{
	static const struct {
		const char *params;
		int sites, rock;
	} cases[] = {
		{"players=3 seed=11", 4, 1},
		{"players=3 seed=12 chance=explicit", 7, 1},
		{"players=4 seed=13", 9, 1},
		{"players=4 seed=14", 3, 0},
		{"players=5 seed=15", 12, 1},
		{"players=5 seed=18 chance=explicit", 2, 1},
		{"players=6 seed=16", 10, 1},
		{"players=6 seed=17", 17, 1}, /* as many named locations as steps: no step skipped */
	};
	uint64_t draw = 0x2545F4914F6CDD1Du;
	int step_skips = 0, piece_skips = 0;
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		for (int round = 0; round < 6; round++) {
			crisk_game *g = skip_game(cases[c].params, cases[c].sites, cases[c].rock);
			const kern *k = game_kern(g);
			const int named = cases[c].sites + cases[c].rock, steps = kern_setup_steps(k);
			int setup_over = 0;
			for (int moves = 0; moves < 400 && crisk_game_status(g, NULL) == CRISK_STATUS_RUNNING; moves++) {
				const kstate *h = ks(g->state);
				if (h->turn > 3)
					break;
				crisk_action buf[CAP];
				size_t n = game_list(g, buf);
				ck_assert_uint_gt(n, 0);
				draw = draw * 6364136223846793005u + 1442695040888963407u;
				uint64_t from = next_seq(g);
				ck_assert_msg(crisk_game_apply(g, buf[(draw >> 33) % n]) == CRISK_OK, "%s", crisk_error_last());
				ck_assert_msg(hawaii_state_check(g->data, g->state) == CRISK_OK, "%s: %s", cases[c].params,
					      crisk_error_last());
				for (uint64_t q = from; q < next_seq(g); q++) {
					crisk_event e = CRISK_EVENT_INIT;
					ck_assert_int_eq(crisk_game_event(&e, g, q, CRISK_VIEWER_OMNISCIENT), CRISK_OK);
					if (e.type == CRISK_CATAN_EV_SETUP_SKIP) {
						step_skips += !e.args[0];
						piece_skips += e.args[0] == 1;
					}
				}
				if (ks(g->state)->turn == 0 || !setup_over)
					same_after_load(g);
				if (ks(g->state)->turn == 0 || setup_over)
					continue;
				/* Set-up is over: min(named, steps) settlements, a piece
				 * for each but Rock's, at most 3 a seat (H-35). */
				setup_over = 1;
				int settled = 0, pieces = 0;
				for (int s = 0; s < k->seats; s++) {
					int b = buildings_of(g, s);
					ck_assert_int_le(b, 3);
					settled += b;
				}
				for (int p = 0; p < k->b.n_path; p++)
					pieces += kpaths(k, g->state)[p] != 0;
				int rock_taken = cases[c].rock && knodes(k, g->state)[game_pt(g, "rock")];
				ck_assert_int_eq(settled, named < steps ? named : steps);
				ck_assert_int_eq(pieces, settled - rock_taken);
			}
			ck_assert(setup_over);
			crisk_game_free(g);
		}
	}
	ck_assert_int_gt(step_skips, 0);
	ck_assert_int_gt(piece_skips, 0);
}
END_TEST

static Suite *hawaii_setup_suite(void)
{
	Suite *s = suite_create("hawaii_setup");
	TCase *tc = tcase_create("setup");
	tcase_add_test(tc, components_H34);
	tcase_add_test(tc, setup_order_H35);
	tcase_add_test(tc, complete_setup_H99d_H39_H40);
	tcase_add_test(tc, island_rule_H37_H99a);
	tcase_add_test(tc, island_rule_five_seats_H88_H99b);
	tcase_add_test(tc, setup_ship_H38_H99f);
	tcase_add_test(tc, setup_ship_pirate_H46);
	tcase_add_test(tc, ship_count_check_H112);
	tcase_add_test(tc, setup_sites_as_set_H37_H88);
	suite_add_tcase(s, tc);
	tc = tcase_create("skips");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, setup_step_skipped_H37);
	tcase_add_test(tc, setup_piece_skipped_H38);
	tcase_add_test(tc, skipped_third_step_no_resources_H39);
	tcase_add_test(tc, skips_save_load_H37_H38);
	tcase_add_test(tc, random_setups_with_skips_H37_H38);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(hawaii_setup_suite());
	srunner_run_all(sr, CK_SILENT);
	int nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf ? 1 : 0;
}
