/* Set-up of module hawaii (rules/hawaii.md H-34..H-40, H-88, H-99), through
 * the module's internal entry points (the module is not public yet): three
 * rounds in the order of H-35, the island rule and its 5-6 seat form, the
 * set-up piece as a road or a ship, the pirate's block, the third
 * settlement's resources and the 3 VP every seat starts turn 1 with. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan/kernel.h"
#include "catan/state_io.h"
#include "core/error.h"
#include "core/params.h"
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
