/* Catan chits in module hawaii (rules/hawaii.md section 14: H-75..H-77,
 * H-101), played through the module's actions in explicit chance mode.
 * Moving ships belongs to another slice: a ship leaving its space is its
 * removal followed by hw_ship_removed, the call a ship move makes. */
#include <check.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "catanrisk/errors.h"
#include "core/error.h"
#include "hawaii_play.h"
#include "modules/hawaii/hawaii.h"

/* 4 seats: seat 0 at waianae (r026 to j_makua), waimea (r011 to
 * j_polihale); seat 1 at haleiwa (r013 to j_waialua); seat 2's ship s23
 * from lopa to w21, one space from Kanapou. */
static const char *const setup_b[] = {
	"waianae", "r026",     "haleiwa", "r013",     "kaneohe", "r017",    "kamuela", "r104",
	"lihue",   "r007",     "milolii", "r095",     "kealakekua", "r097", "waimea",  "r011",
	"wailea_makena", "r067", "kaunakakai", "r037", "lopa",   "s23",     "kahului", "r050",
};

static int holder(const fixture *f, const char *point)
{
	int c = hwr(f->k)->chit_of[pt(f, point)];
	ck_assert_int_ge(c, 0);
	return hwx(f->k, f->st)->chit[c] - 1;
}

static void next_turn(fixture *f)
{
	end_turn(f);
	roll(f, 12);
}

/* H-101: 8 chit points with 3-4 seats, each at least 2 spaces from every
 * site, so none can be taken in set-up (H-75, H-76). */
START_TEST(chit_points_H101)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	const hw_rules *r = hwr(f.k);
	ck_assert_int_eq(r->n_chit, 8);
	int n = 0;
	for (int p = 0; p < f.k->b.n_node; p++) {
		if (f.k->b.node_kind[p] != BNODE_CHIT)
			continue;
		ck_assert_int_eq(r->chit_of[p], n++);
		const bnode *bn = &f.k->b.node[p];
		for (int i = 0; i < bn->deg; i++)
			ck_assert_int_ne(f.k->b.node_kind[bn->adj[i]], BNODE_SITE);
	}
	ck_assert_int_eq(n, 8);
	play_setup(&f, setup_b);
	for (int c = 0; c < HW_MAX_CHITS; c++)
		ck_assert_int_eq(hwx(f.k, f.st)->chit[c], 0);
	for (int s = 0; s < 4; s++)
		ck_assert_int_eq(visible(&f, s), 3);
	close_game(&f);
}
END_TEST

/* H-101, H-75: A's road r027 takes Ka'ena's chit (+1 VP); B's later r028
 * gives B nothing.  A ship on s02 takes Pu'uwai's chit and A keeps it after
 * the ship moves away.  A fish-market ship takes one too. */
START_TEST(first_piece_takes_chit_H101)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_b);
	roll(&f, 12);
	ck_assert_int_eq(holder(&f, "kaena"), -1);
	build_road(&f, "r027");
	ck_assert_int_eq(holder(&f, "kaena"), 0);
	ck_assert_int_eq(visible(&f, 0), 4);
	ck_assert_int_eq(hw_chits_of(f.k, f.st, 0), 1);
	roundtrip(&f);
	next_turn(&f);
	ck_assert_int_eq(ks(f.st)->active, 1);
	build_road(&f, "r028"); /* kaena - j_waialua, from haleiwa's r013 */
	ck_assert_int_eq(holder(&f, "kaena"), 0);
	ck_assert_int_eq(visible(&f, 1), 3);
	next_turn(&f);
	ck_assert_int_eq(ks(f.st)->active, 2);
	/* A fish-market ship on s24 (w21 - kanapou) takes Kanapou's chit. */
	hwx(f.k, f.st)->fish[2] = 5;
	play(&f, fish_code(HW_FISH_BUILD_SHIP, sp(&f, "s24")));
	ck_assert_int_eq(holder(&f, "kanapou"), 2);
	ck_assert_int_eq(visible(&f, 2), 4);
	next_turn(&f);
	next_turn(&f);
	ck_assert_int_eq(ks(f.st)->active, 0);
	build_ship(&f, "s02");
	ck_assert_int_eq(holder(&f, "puuwai"), 0);
	ck_assert_int_eq(visible(&f, 0), 5);
	/* The ship moves away (H-81): the chit stays with A. */
	ship_leaves(&f, 0, "s02");
	ck_assert_int_eq(holder(&f, "puuwai"), 0);
	ck_assert_int_eq(visible(&f, 0), 5);
	/* A chit point (3-4 seats) is no named location: a way through (H-76). */
	build_ship(&f, "s02");
	build_ship(&f, "f01");
	close_game(&f);
}
END_TEST

/* H-50: a road's effects come in the rule's order, the chit before the
 * Longest Trade Route.  A builds r025, r024's line to pearlcity, settles
 * it and goes on with r029 (4 pieces from j_makua); r027 then makes the
 * line 5 and reaches Ka'ena's chit: one road, both effects. */
START_TEST(road_chit_before_route_H50)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_b);
	roll(&f, 12);
	build_road(&f, "r024");
	build_road(&f, "r025");
	build_settlement(&f, "pearlcity");
	build_road(&f, "r029");
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->road_len, 4);
	ev ring[64];
	f.log.ring = ring;
	f.log.cap = 64;
	const uint64_t first = f.log.next;
	build_road(&f, "r027");
	ck_assert_int_eq(holder(&f, "kaena"), 0);
	ck_assert_int_eq(kseat_of(f.k, f.st, 0)->road_len, 5);
	int order[3] = {-1, -1, -1}, n = 0; /* 0 the road, 1 the chit, 2 the route */
	for (uint64_t q = first; q < f.log.next && n < 3; q++) {
		const ev *e = &ring[q % 64];
		if (e->type == CRISK_CATAN_EV_BUILD_ROAD)
			order[n++] = 0;
		else if (e->type == HW_EV_EFFECT && e->args[0] == HW_FX_CHIT)
			order[n++] = 1;
		else if (e->type == CRISK_CATAN_EV_LONGEST_ROAD)
			order[n++] = 2;
	}
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(order[0], 0);
	ck_assert_int_eq(order[1], 1);
	ck_assert_int_eq(order[2], 2);
	f.log.ring = NULL;
	f.log.cap = 0;
	close_game(&f);
}
END_TEST

/* H-75, H-112: the state check refuses a chit still on a point a piece
 * touches, a chit of a seat the game does not have, and chits beyond the map's. */
START_TEST(chit_state_check_H112)
{
	fixture f;
	open_game(&f, "players=4 seed=1 chance=explicit");
	play_setup(&f, setup_b);
	roll(&f, 12);
	build_road(&f, "r027");
	hw_ext *x = hwx(f.k, f.st);
	int c = hwr(f.k)->chit_of[pt(&f, "kaena")];
	x->chit[c] = 0;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_EFORMAT);
	x->chit[c] = 5;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_EFORMAT);
	x->chit[c] = 1;
	x->chit[8] = 1;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_EFORMAT);
	x->chit[8] = 0;
	ck_assert_int_eq(hawaii_state_check(f.k, f.st), CRISK_OK);
	close_game(&f);
}
END_TEST

/* H-101, H-77: 5-6 seats have no chits; puuwai and kanapou are the only
 * named locations of Ni'ihau and Kaho'olawe. */
START_TEST(no_chits_with_five_H101)
{
	for (int seats = 5; seats <= 6; seats++) {
		fixture f;
		char params[64];
		snprintf(params, sizeof params, "players=%d seed=1 chance=explicit", seats);
		open_game(&f, params);
		ck_assert_int_eq(hwr(f.k)->n_chit, 0);
		int niihau = catanmap_index(hwr(f.k)->map, CM_ISLAND, "niihau");
		int kahoolawe = catanmap_index(hwr(f.k)->map, CM_ISLAND, "kahoolawe");
		int named_n = 0, named_k = 0;
		for (int p = 0; p < f.k->b.n_node; p++) {
			int named = f.k->b.node_kind[p] != BNODE_JUNCTION;
			named_n += named && f.k->b.node_island[p] == niihau;
			named_k += named && f.k->b.node_island[p] == kahoolawe;
			ck_assert_int_eq(hwr(f.k)->chit_of[p], -1);
		}
		ck_assert_int_eq(named_n, 1);
		ck_assert_int_eq(named_k, 1);
		ck_assert(f.k->cfg.named_kinds & (1u << BNODE_CHIT));
		ck_assert_int_eq(f.k->b.node_kind[pt(&f, "puuwai")], BNODE_CHIT);
		ck_assert_int_eq(f.k->b.node_kind[pt(&f, "kanapou")], BNODE_CHIT);
		close_game(&f);
	}
}
END_TEST

static Suite *hawaii_chits_suite(void)
{
	Suite *s = suite_create("hawaii_chits");
	TCase *tc = tcase_create("chits");
	tcase_add_test(tc, chit_points_H101);
	tcase_add_test(tc, first_piece_takes_chit_H101);
	tcase_add_test(tc, road_chit_before_route_H50);
	tcase_add_test(tc, chit_state_check_H112);
	tcase_add_test(tc, no_chits_with_five_H101);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(hawaii_chits_suite());
	srunner_run_all(sr, CK_SILENT);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
